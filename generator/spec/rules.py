"""A game's rules text (rules/<spec name>.yaml beside its spec): what it may hold, read and checked without laying it out."""
import re

from .. import cache, games
from ..check.wording import colour_words
from . import figures, rulesmarkup, yamlsource
from . import schema as s
from .loader import Checker, rules_path

COLUMNS = 14   # cells a table row may hold: a column at least 12 mm across the rulebook's widest text (180 mm)


def _cell(value):
    """A table cell: text, or "" (only spaces too) for a cell left empty."""
    return "" if isinstance(value, str) and not value.strip() else s.text(value)


def _cells(value):
    """A table row: a list of 1 to COLUMNS cells (40 columns left each a sliver, and the row 757,584,513 mm tall)."""
    if isinstance(value, list) and len(value) > COLUMNS:
        raise s.Invalid(f"expected at most {COLUMNS} cells in a table row (a column needs 12 mm of the rulebook's "
                        f"180 mm text width), found {len(value)}: split the table")
    return s.list_of(_cell, 1)(value)


_cells.item = _cell   # type: ignore[attr-defined]
BLOCK = s.mapping({"p": s.text, "bullets": s.list_of(s.text, 1), "steps": s.list_of(s.text, 1),
                   "table": s.list_of(_cells, 1), "diagram": s.text, "caption": s.text,
                   "when": s.text})  # when: a component id; the block prints only when that component does
RULES = s.mapping({
    "overview": s.text,
    "sections": s.list_of(s.mapping({"heading": s.text, "blocks": s.list_of(BLOCK)}, required=("heading",)), 1),
    "reference": s.mapping({"turn": s.list_of(s.text, 1), "turn_heading": s.text,
                            "scoring": s.list_of(_cells, 1), "notes": s.list_of(s.text)},
                           required=("turn",)),
    "credits": s.text,
}, required=("overview", "sections", "reference"))
CHECKED = cache.Memo("rules-checks.json", [])   # the keys of rules texts that passed check(), with their specs


def load_rules(spec):
    """Load and check a game's rules text: blocks whose `when` component is left out become empty, {figures} are filled,
    colours named in the theme's words and {colour:NAME} given as #rrggbb; a block's diagram is one the game's ruleset
    makes, and its markup is what the rulebook can set (rulesmarkup)."""
    return recoloured(spec, _checked(spec))


def _checked(spec) -> dict:
    """load_rules's text, its colours named as written."""
    path = rules_path(spec)
    data, lines = yamlsource.load(path, noun="rules file")
    checker = Checker(path, lines)
    rules = checker.check(RULES, data, ())
    printed, made = {c.id for c in spec.components}, games.ruleset(spec).diagrams
    for n, section in enumerate(rules["sections"]):
        section.setdefault("blocks", [])
        if not section["blocks"] and plain(section["heading"]) != "components":   # the table fills that one
            checker.fail(("sections", n) + (("blocks",) if "blocks" in data["sections"][n] else ()),
                         "expected blocks under the heading (a section of a heading alone is one headed Components, "
                         "which the components table fills)")
        for i, block in enumerate(section["blocks"]):
            when, at = block.get("when"), ("sections", n, "blocks", i)
            _one_list(block, at, checker)
            if "diagram" in block and block["diagram"] not in made:
                checker.fail(("sections", n, "blocks", i, "diagram"),
                             f"unknown diagram {block['diagram']!r} (this game has: {', '.join(sorted(made)) or 'none'})")
            if when in spec.left_out:
                section["blocks"][i] = {}
            elif when is not None and when not in printed:
                checker.fail(("sections", n, "blocks", i, "when"),
                             f"unknown component {when!r} (components: {', '.join(sorted(printed | set(spec.left_out)))})")
    _rows(rules["reference"].get("scoring", ()), ("reference", "scoring"), checker)
    filled = figures.fill_all(rules, figures.Figures(spec), lambda key_path, _, message: checker.fail(key_path, message))
    rulesmarkup.check(spec, filled, checker.fail)
    return filled


def plain(heading: str) -> str:
    """A heading's words alone, in lower case: '**Components**' is 'components'."""
    return " ".join(re.sub(r"[*_]", "", heading).split()).casefold()


def _one_list(block: dict, at: tuple, checker) -> None:
    """Fail a block the rulebook would print only part of: both bullets and steps (it printed the bullets), a caption
    with no diagram (printed nowhere), nothing to print, or a table whose rows are not as long as its first (its
    columns ran off the page)."""
    if "bullets" in block and "steps" in block:
        checker.fail(at + ("steps",), "a block holds one list, bullets or steps: give the steps a block of their own")
    if "caption" in block and "diagram" not in block:
        checker.fail(at + ("caption",), "a caption goes under a diagram, and this block has none: write it as p:")
    if not set(block) - {"when", "caption"}:
        checker.fail(at, "a block prints p, bullets, steps, table or diagram, and this one has none")
    _rows(block.get("table", ()), at + ("table",), checker)


def _rows(rows: list, at: tuple, checker) -> None:
    """Fail a table row (a section's table, the quick reference's scoring) not as long as the table's first: its
    columns ran off the page or the card."""
    for r, row in enumerate(rows[1:], start=1):
        if len(row) != len(rows[0]):
            checker.fail(at + (r,), f"expected {len(rows[0])} cells, as the table's first row has, found {len(row)} "
                                    "(an empty cell is written \"\")")


def read_rules(text):
    """load_rules(text), read once per spec for both papers: a stand-in that records what it reads (build.Reader) is
    given what the first reading recorded."""
    used = getattr(text, "used", None)
    if used is None:
        return load_rules(text)
    rules, read = text._spec.remembered("rules as read", lambda: (load_rules(text), dict(used)))
    used.update(read)
    return rules


def recoloured(spec, value, key=None):
    """Rules text with every colour named in the theme's words (colour_names); diagram and component names kept."""
    if isinstance(value, str):
        return value if key in ("diagram", "when") else colour_words(spec, rulesmarkup.painted(spec, value))
    if isinstance(value, list):
        return [recoloured(spec, v, key) for v in value]
    if isinstance(value, dict):
        return {k: recoloured(spec, v, k) for k, v in value.items()}
    return value


def check(spec) -> None:
    """Raise the SpecError of a spec's rules text, if it has one, as load_rules would. Kept between runs by the spec but
    its palette's colours (its names are read: {colour:NAME}) and the text: a rules text that passed is not read again
    while none of them changed."""
    path = rules_path(spec)
    if not path.is_file():
        return
    key = cache.key(cache.sans_palette(spec), "rules check", sorted(spec.palette), cache.read(path, path.read_bytes()))
    if not CHECKED.get(key):
        _checked(spec)
        CHECKED.put(key, True)
