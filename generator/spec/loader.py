"""Load a spec: YAML with line numbers, --set overrides, schema checks, then immutable records."""
import math
import re
from pathlib import Path
from types import MappingProxyType


from . import schema as s
from . import figures, yamlsource
from ..draw import templates, typeface
from ..draw.svgvalues import hex_of
from ..components import KINDS
from ..components.kind import BLEED, panelled, sized
from ..games import RULESETS
from ..errors import SpecError, UserError
from ..files import SPECS, beside, contained, shown, shipped as shipped  # shipped: the games' list, as spec.shipped
from ..located import SET_LINE, located
from ..impose.area import fits_somewhere, needed, smallest_area
from ..units import HOME_PAPERS, PAPERS
from .model import Back, Component, Derived, Distinguish, FaceSource, Game, Spec

COLOUR_THRESHOLD = 20.0   # CIEDE2000: colours players must tell apart differ at least this much under every simulation
GREY_THRESHOLD = 25.0     # CIE L*: and at least this much in a greyscale print (or a measured cue tells them apart)
MAX_ID = 64  # characters in a component id: it names the pieces on every sheet

FACTS = ("players", "age", "time")


def _figure(low: int, high: int, what: str):
    """A fact's parser: text, or a whole number written bare (players: 2, age: 10) read as its text; each number in it
    from low to high (no game has 0 players or an age of -1)."""
    def parse(value):
        text = str(value) if isinstance(value, int) and not isinstance(value, bool) else s.text(value)
        numbers = [int(n) if len(n.lstrip("0")) <= 9 else math.inf   # a dash between two is a range, one before a minus; int()
                   for n in re.findall(r"[0-9]+", text)]       # refuses 4,301 digits (a traceback), and none is a fact
        if any(not low <= n <= high for n in numbers) or re.match(r"\s*-\s*[0-9]", text):
            raise s.Invalid(f"expected {what} from {low} to {high} (as 2, 2-4 or 10+), found {s.found(value)}")
        return text
    return parse


GAME = s.mapping({
    "title": s.title, "designer": s.title, "publisher": s.title, "players": _figure(1, 999, "players"),
    "age": _figure(0, 99, "an age"),
    "time": s.text, "notes": s.text, "ruleset": s.one_of(*RULESETS), "needs": s.list_of(s.text, 1, 12),
    "reconstructed": s.list_of(s.one_of(*FACTS), 1, len(FACTS), unique=True),
}, required=("title", "designer"))
BACK = s.mapping({"fill": s.colour, "ink": s.colour, "label": s.text, "symbol": s.text, "layout": s.any_value})
MAX_PIECES = 100_000  # pieces a component may make (faces x copies): more is a mistake, or a memory bomb
MAX_SPEC_PIECES = 200_000  # pieces all components of one spec may make together
COLUMNS = frozenset({"file_name"})   # a component's texts whose {names} are its data's columns, not figures
INLINE = {"file": "art", "icon": "template", "size": "em", "dy": "em"}   # what an inline entry takes
PROMO_FACES = 20  # faces one showcase or hand image may show
MIN_PIECE = 5.0  # mm: the smallest piece a player can cut out and pick up
COMMON = {"kind": s.text, "title": s.title, "expect": s.integer(0, MAX_PIECES), "bleed": s.length(high=10, zero=True),
          "faces": s.any_value, "back": BACK, "include": s.flag,
          "print": s.one_of("all", "once"), "share_bleed": s.flag}
TOP = s.mapping({"game": GAME, "palette": s.any_value, "components": s.any_value, "distinguish": s.any_value,
                 "colour_threshold": s.number(0, 100), "grey_threshold": s.number(0, 100), "colour_names": s.any_value,
                 "fonts": s.any_value, "inline": s.any_value, "promo": s.mapping({"faces": s.any_value, "background": s.text, "margin": s.length(
                     high=100, zero=True), "bleed": s.flag, "reflection": s.flag, "perspective": s.flag})},  # output/promo.py reads it
                required=("game", "components"))
DISTINGUISH = s.list_of(s.mapping({"name": s.text, "colours": s.list_of(s.colour, 2, 24, unique=True), "cues": s.list_of(s.text, 0, 12)},
                                  required=("colours",)), 1, 50)


LOWER = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
GAME_CHARS = templates.ALNUM | frozenset(" ._+-")


def is_component_id(name: str) -> bool:
    """Lower-case letters and digits in words joined by single hyphens ([a-z0-9]+(-[a-z0-9]+)*, no pattern compiled)."""
    return all(word and LOWER.issuperset(word) for word in name.split("-"))


def is_game_id(name: str) -> bool:
    """Safe as a folder and file name, never '..' or hidden: a letter or digit, then letters, digits, spaces, '.', '_',
    '+' and '-'."""
    return bool(name) and name[0] in templates.ALNUM and GAME_CHARS.issuperset(name)


def is_inline_name(name: str) -> bool:
    """A name as a text's :name: writes it: letters, digits, '_' and '-', not digits alone (that is a time)."""
    return bool(name) and templates.PLAIN.issuperset(name) and not name.isdigit()


def rules_path(spec):
    """The rules text of a game: rules/<id>.yaml beside the spec (never a link out of its folder), found once for each
    spec (a build asks five times; each time resolved both it and its folder, a stat for each part of each path)."""
    return spec.remembered("rules path", lambda: beside(spec.path, "rules", f"{spec.game.id}.yaml"))


def resolve(name):
    """Turn a game id or a spec path into a spec path."""
    path = yamlsource.find(name, SPECS, "game")
    return path if path == Path(name) else shown(path)  # a path the user gave stays as written


def load(name, overrides=(), theme=None):
    """Load, theme, override and check a spec by game id or path (precedence: spec < theme < --set)."""
    path = resolve(name)
    data, lines = yamlsource.load(path)
    theme_name, reached = "", True
    if theme is not None:
        from . import theme as themes  # lazy: start-up (only a themed build reads the themes and line styles)
        game = data.get("game") if isinstance(data, dict) else None
        rules = game.get("ruleset") if isinstance(game, dict) and isinstance(game.get("ruleset"), str) else ""
        laid = themes.load(theme) if isinstance(theme, (str, Path)) else theme
        reached = themes.apply(laid, tuple(dict.fromkeys(filter(None, (rules, Path(path).stem)))), data, lines)
        theme_name = _theme_name(Path(laid.path))
    for assignment in overrides:
        key_path, made = apply_override(path, data, assignment)
        for below in [known for known in lines if len(known) > len(key_path) and known[:len(key_path)] == key_path]:
            del lines[below]   # the file's lines of what the value replaced
            getattr(lines, "written", {}).pop(below, None)
        for depth in range(made + 1, len(key_path) + 1):   # each mapping the --set made, and the key it set
            lines[key_path[:depth]] = SET_LINE
        if hasattr(lines, "written"):   # its text, for a hint when YAML read it as no text (players=3)
            lines.written[key_path] = assignment.partition("=")[2].strip()
    spec = build(path, data, lines, theme_name)
    if not reached:   # its edition prints as the plain one: the build says so (batch.build's notes)
        spec.remembered(THEME_UNREAD, lambda: True)
    return spec


THEME_UNREAD = "theme changed nothing"   # remembered of a spec whose theme reached nothing of its game
LONGEST_THEME = 64   # characters of a theme's file name, which a themed build's folder and file names carry
LONGEST_ID = 100     # characters of a spec's file name (its game id): with a theme's, a paper's and a file's own words
                     # the longest file name a build writes stays within the 255 a system takes


def _theme_name(theme: Path) -> str:
    """A theme's name as the folder and files of a spec it is laid over carry it: its file's name (okabe-ito)."""
    if not is_game_id(theme.stem):
        raise UserError(f"{theme}: the theme's file name names the themed build's folder and files: {theme.stem!r} must "
                        "start with a letter or digit and hold only the letters a-z and A-Z, digits, spaces, '.', '_', "
                        "'+' and '-' (e.g. my-colours.yaml)")
    if len(theme.stem) > LONGEST_THEME:
        raise UserError(f"{shown(theme)}: the theme's file name names the themed build's folder and files, and its "
                        f"{len(theme.stem)} characters are more than they take ({LONGEST_THEME}): give it a shorter one")
    return theme.stem


def parse_override(path, assignment):
    """Split KEY=VALUE into a key path and a value read by the spec's own YAML reader ('#c0392b' stays text)."""
    if not yamlsource.is_text(assignment):
        raise UserError(f"--set {ascii(assignment)}: not text (it holds a lone surrogate, e.g. from a bad file name or encoding)")
    key, sep, raw = assignment.partition("=")
    if not sep or not key.strip():
        raise UserError(f"--set {assignment!r}: expected KEY=VALUE, e.g. palette.red=#c0392b")
    if control := yamlsource.control_character(key, ""):   # as the spec's own keys are (a palette name ESC ] 0 ; ...)
        raise UserError(f"--set {s.found(key.strip())}: the key holds the control character U+{ord(control):04X}, which "
                        "cannot be printed")
    parts = _key_parts(key)
    if any(p == "" for p in parts):
        raise UserError(f"--set {assignment!r}: empty part in key path")
    if long := next((p for p in parts if isinstance(p, str) and p.isascii() and p.isdigit()), None):
        raise UserError(f"--set {s.found(key.strip())}: an item number of {len(long):,} digits (no list holds so many "
                        "items)")
    value = raw
    if raw.lstrip().startswith("#") and (control := yamlsource.control_character(raw, "")):   # text as typed, not YAML's
        raise SpecError(path, f"{SET_LINE} {yamlsource.dotted(parts)}", f"{ascii(raw)[:60]} holds the control character "
                                                                       f"U+{ord(control):04X}, which cannot be printed")
    if raw.strip() and not raw.lstrip().startswith("#"):
        try:
            value = yamlsource.load(path, raw, noun="value")[0]
        except SpecError as exc:
            opened = raw.lstrip()[0] in "\"'[{"   # a quote or bracket asks for YAML: its error is no text to print
            if opened or not exc.message.startswith("YAML syntax error"):  # other words that are no YAML stay text
                raise SpecError(path, f"{SET_LINE} {yamlsource.dotted(parts)}", exc.message
                                + (f" (a value starting with {raw.lstrip()[0]} is read as YAML)" if opened
                                   else "")) from None
        if value is not raw and (dropped := _comment_dropped(path, raw, value)):
            raise SpecError(path, f"{SET_LINE} {yamlsource.dotted(parts)}",
                            f"{dropped!r} would be dropped as a YAML comment: leave it out, or write "
                            f"--set '{yamlsource.dotted(parts)}=\"{raw.strip()}\"' for the text as typed")
    return parts, raw if value is None and raw else value


def _comment_dropped(path, raw: str, value) -> str:
    """The YAML comment (` # ...`) that reading raw as value dropped; "" when it dropped none."""
    for comment in re.finditer(r"\s#", raw):
        try:
            if yamlsource.load(path, raw[:comment.start()], noun="value")[0] == value:
                return raw[comment.start():].strip()
        except SpecError:
            pass
    return ""


LONGEST_INDEX = 18   # digits of a --set key's item number: int() reads no more than 4,300; no list holds 10**18 items


def _key_parts(key: str) -> tuple:
    """A --set key's path: its dotted parts, a list's item by number in ASCII digits, written lines.0 or lines[0] (as
    messages name it); a part of other digits ('²', '٣', which int() refuses or reads as 3) is a mapping's key."""
    parts = []
    for part in key.strip().split("."):
        indexed = re.fullmatch(r"([^[]*)((?:\[[0-9]+\])+)", part)
        parts += [indexed[1], *re.findall(r"[0-9]+", indexed[2])] if indexed else [part]
    return tuple(int(p) if p.isascii() and p.isdigit() and len(p) <= LONGEST_INDEX else p for p in parts)


def apply_override(path, data, assignment) -> tuple[tuple, int]:
    """Set one value in the raw spec data by its dotted key path; return the key path and how many of its mappings the
    data already had (the --set made those below)."""
    parts, value = parse_override(path, assignment)
    node, had = data, len(parts) - 1
    key_path: tuple = ()
    for depth, part in enumerate(parts):
        if isinstance(node, dict):
            part = str(part)  # a mapping's keys are text, also when they look like numbers
        elif not (isinstance(node, list) and isinstance(part, int) and part < len(node)):
            where = f"{SET_LINE} {yamlsource.dotted(parts[: depth + 1])}"
            if isinstance(node, list):
                raise SpecError(path, where, f"expected an item number below {len(node)} (the list has {len(node)} items)")
            raise SpecError(path, where, f"cannot reach into {s.found(node)}")
        key_path += (part,)
        if depth == len(parts) - 1:
            node[part] = value
        else:
            if isinstance(node, dict) and part not in node:
                had = min(had, depth)
            node = node.setdefault(part, {}) if isinstance(node, dict) else node[part]
    return key_path, had


class Checker:
    """Check raw data against field types, raising SpecError with file, line and key path."""

    def __init__(self, path, lines, palette=()):
        self.path, self.lines, self.palette = path, lines, set(palette) | set(s.BASE_COLOURS)
        self.fonts = {}  # the spec's fonts: {name: typeface.Family}, read before its components
        self.inline = {}  # the spec's inline pictures: {name: textbox.Inline}, read before its components
        self.colours: dict = {}   # the spec's palette: {name: #rrggbb}, read before its components

    def fail(self, key_path, message):
        """Raise a SpecError located at the nearest known line of key_path."""
        raise located(self.path, self.lines, key_path, message)

    def as_written(self, parser, value, key_path):
        """A hint when YAML read a plain value as a number, yes/no or date that the field would take as text ("1:30")."""
        written = getattr(self.lines, "written", {}).get(tuple(key_path))
        line = self.lines.get(tuple(key_path))
        if yamlsource.mapped(value):   # {cells}, or a text holding ': ': YAML's mapping
            written, value = yamlsource.mapped(value), None
            try:
                parser(written)
            except s.Invalid:   # the field takes no text either: no hint
                return ""
        if not written or not (isinstance(line, int) or line == SET_LINE) or isinstance(value, (str, list, dict)):
            return ""
        try:
            parser(written)
        except s.Invalid:
            return f" (YAML reads {written} that way)" if written != str(value) else ""
        if line == SET_LINE:   # the shell takes one pair of quotes, YAML the other
            return f" (--set reads its value as YAML does: write --set '{yamlsource.dotted(key_path)}=\"{written}\"')"
        return f' (YAML reads {written} that way: write "{written}" in quotes)'

    def check(self, parser, value, key_path):
        """Parse value with parser, recursing into mappings and lists."""
        try:
            parsed = parser(value)
        except s.Invalid as exc:
            self.fail(key_path, str(exc) + self.as_written(parser, value, key_path))
        if parser is s.colour and not parsed.startswith("#") and parsed not in self.palette:
            nearest = s.meant(parsed, self.palette) or s.hashless(parsed, (6,))   # a spec's colour takes no #rgb
            self.fail(key_path, f"unknown colour {s.found(parsed)}{nearest} (palette has "
                                f"{', '.join(sorted(self.palette))})")
        if hasattr(parser, "fields"):
            return self.check_fields(parser.fields, parsed, key_path, parser.required, parser.empty)
        if hasattr(parser, "item"):
            return [self.check(parser.item, item, key_path + (i,)) for i, item in enumerate(parsed)]
        return parsed

    def check_fields(self, fields, value, key_path, required=(), empty="no keys are allowed here"):
        """Check a mapping's keys: unknown keys and missing required keys are errors; empty says why none are allowed."""
        if not isinstance(value, dict):
            self.fail(key_path, f"expected a mapping, found {s.found(value)}")
        for key in value:
            if key not in fields:
                choices = f"expected one of {', '.join(sorted(fields))}" if fields else empty
                if "." in key and key.split(".")[0] in fields:
                    choices += "; a dotted key is --set syntax: in the file, nest each part under the one before"
                self.fail(key_path + (key,), f"unknown key {s.found(key)}{s.meant(key, fields)} ({choices})")
        for key in required:
            if key not in value:
                self.fail(key_path, f"missing required key {key!r}")
        return {key: self.check(fields[key], item, key_path + (key,)) for key, item in value.items()}


def _unnameable(name: str, colour: str) -> str:
    """Why a layout could not name a palette colour called name (one that looks like a colour, or is read otherwise),
    else '': a layout's colour "#ffffff" drew a palette name '#ffffff' (#000000), its checks passing on the wrong ink."""
    if not isinstance(name, str):
        return ""
    if hex_of(name) and name.startswith("#"):
        return (f"{name!r} is a colour, not a name: a layout's colour \"{name}\" would draw this palette's {colour}, "
                "not the colour it writes: name it with a word")
    if name.startswith("#"):
        return f"a palette name may not start with '#' (a layout reads {name!r} as a colour, #rrggbb or #rgb): name it with a word"
    if name == "none":
        return "'none' may not be a palette name: a layout's none draws nothing (fill: none, stroke: none)"
    if "{" in name or "}" in name:
        return f"a palette name may not hold '{{' or '}}' (found {s.found(name)}): a layout reads {{column}} as a data cell"
    if not name.strip():
        return f"a palette name may not be empty (found {s.found(name)}): a layout could not name it"
    if name != name.strip():
        return (f"a palette name may not start or end with a space (found {s.found(name)}): a text's {{colour:...}} "
                "reads the name without its spaces")
    return ""


def build(path, data, lines, theme=""):
    """Check raw data and build the Spec (theme: the name of the theme laid over the data, if any)."""
    check = Checker(path, lines)
    if isinstance(data, dict) and "elements" in data and not {"game", "components"} & set(data):
        check.fail(("elements",), f"{Path(path).name} is a layout (elements: and no game: or components:), not a spec: "
                                  "give pnp the spec whose component names it as its layout:")
    top = check.check(TOP, data, ())
    if not isinstance(top.get("palette") or {}, dict):
        check.fail(("palette",), f"expected a mapping of colour names to #rrggbb, found {s.found(top['palette'])}")
    palette = check.check_fields({name: s.hex_colour for name in top.get("palette") or {}}, top.get("palette") or {}, ("palette",))
    for name in palette:
        if why := _unnameable(name, palette[name]):
            check.fail(("palette", name), why)
    for name, given in (top.get("palette") or {}).items():   # back: red, beside the palette's own red
        if given in palette and given != name:
            check.fail(("palette", name), f"{given!r} would be the named colour {palette[name]}, not this palette's "
                                          f"{given} ({palette[given]}): write the #rrggbb meant")
    check.palette |= set(palette)
    check.colours = palette
    names = top.get("colour_names") or {}
    if not isinstance(names, dict):
        check.fail(("colour_names",), f"expected a mapping of palette names to the words printed for them, found {s.found(names)}")
    for name in names:
        check.check(s.colour, name, ("colour_names", name))
    names = check.check_fields({name: s.title for name in names}, names, ("colour_names",))
    if not is_game_id(Path(path).stem):
        raise SpecError(path, "", f"the file name makes the game id, which names the output folder and files: "
                                  f"{Path(path).stem!r} must start with a letter or digit and hold only the letters a-z "
                                  "and A-Z, digits, spaces, '.', '_', '+' and '-' (e.g. my-game.yaml)")
    if len(Path(path).stem) > LONGEST_ID:   # checked before any file is written, as a theme's name is
        raise SpecError(path, "", f"the file name makes the game id, which names the output folder and files, and its "
                                  f"{len(Path(path).stem)} characters are more than they take ({LONGEST_ID}): give it a "
                                  "shorter one")
    game = Game(id=Path(path).stem, **{k: tuple(v) if isinstance(v, list) else v for k, v in top["game"].items()})
    for fact in game.reconstructed:
        if not getattr(game, fact):
            check.fail(("game", "reconstructed"), f"{fact} is marked reconstructed but game.{fact} is not given")
    check.fonts = fonts(check, top.get("fonts"))
    check.inline = inline(check, top.get("inline"))
    raw_components = top["components"]
    if not isinstance(raw_components, dict) or not raw_components:
        check.fail(("components",), "expected a mapping of components (each a name with its kind, e.g. cards: {kind: "
                                    "layout, ...}), found " + ("an empty one" if raw_components == {} else
                                                                s.found(raw_components)))
    misspelt(check, raw_components)
    built = [component(check, cid, raw) for cid, raw in raw_components.items()]
    total = sum(piece_count(c.faces) for c in built)
    if total > MAX_SPEC_PIECES:
        check.fail(("components",), f"the components make {total:,} pieces in all: at most {MAX_SPEC_PIECES:,} in one spec")
    left_out = tuple(c.id for c in built if raw_components[c.id].get("include") is False)
    components = tuple(c for c in built if c.id not in left_out)
    if not components:
        check.fail(("components",), "every component has include: false (expected at least one to print)")
    search = templates.search_path(path)
    groups = tuple(Distinguish(name=g.get("name", f"colours {i + 1}"), colours=tuple(g["colours"]), cues=tuple(g.get("cues", ())))
                   for i, g in enumerate(check.check(DISTINGUISH, top["distinguish"], ("distinguish",)))) if "distinguish" in top else ()
    spec = Spec(path=str(path), game=game, palette=MappingProxyType(palette), components=components,
                lines=MappingProxyType(lines), templates=search, distinguish=groups,
                colour_threshold=top.get("colour_threshold", COLOUR_THRESHOLD), left_out=left_out,
                grey_threshold=top.get("grey_threshold", GREY_THRESHOLD), colour_names=MappingProxyType(names),
                derived=Derived(), fonts=MappingProxyType(check.fonts), inline=MappingProxyType(check.inline), promo=MappingProxyType(top.get("promo", {})),
                theme=theme)
    check_symbols(check, spec)
    printable(check, top["game"], built)
    promo(check, top.get("promo", {}), components, left_out)
    return linked(filled(spec, check))


def printable(check, game: dict, components) -> None:
    """Fail a text the sheets and the rulebook print in the bundled Vera (the game's facts, a component's title) that
    holds a character Vera lacks: it printed as an empty box."""
    texts: list = [(("components", c.id, "title"), c.title) for c in components]
    for key, given in game.items():
        texts += [(("game", key, n), item) for n, item in enumerate(given)] if isinstance(given, list) else \
            [(("game", key), given)]
    for key_path, text in texts:
        if isinstance(text, str) and not text.isascii():
            from ..draw import textfit  # lazy: start-up (only a text past ASCII is looked up)
            if why := textfit.lacking(text):
                check.fail(key_path, why)


def promo(check, settings, components, left_out=()) -> None:
    """Check what pnp validate can of the promo: settings (output/promo.py reads them): the background is a colour of the
    palette, #rrggbb or transparent; faces names included components, each with 1 to PROMO_FACES face numbers or back.
    A number past a component's distinct fronts is found when its images are made."""
    if settings.get("background", "transparent") != "transparent":
        check.check(s.colour, settings["background"], ("promo", "background"))
    if "faces" not in settings:
        return
    chosen, ids = settings["faces"], [c.id for c in components]
    if not isinstance(chosen, dict) or not chosen:
        check.fail(("promo", "faces"), f"expected a mapping of component ids to lists of face numbers, e.g. "
                                       f"{{{ids[0]}: [1, 2, 3]}}, found {s.found(chosen) if chosen else 'none'}")
    backed = {c.id for c in components if c.back is not None}
    for cid, numbers in chosen.items():
        if cid in left_out:
            check.fail(("promo", "faces", cid), f"component {cid} is left out (include: false), so it has no faces to "
                                                "show: take it out of promo.faces, or include it")
        if cid not in ids:
            check.fail(("promo", "faces", cid), f"no component {cid!r} (components: {', '.join(ids)})")
        allowed = "face numbers (1 is its first front)" + (" or back" if cid in backed else "")
        if not isinstance(numbers, list) or not 1 <= len(numbers) <= PROMO_FACES:
            check.fail(("promo", "faces", cid), f"expected a list of 1 to {PROMO_FACES} {allowed}, found "
                                                + (f"{len(numbers)}" if isinstance(numbers, list) else s.found(numbers)))
        for i, number in enumerate(numbers):
            if number == "back" and cid not in backed:
                check.fail(("promo", "faces", cid, i), f"{cid} has no back to show (give it one with back:, or name "
                                                       "its fronts by number)")
            if not (number == "back" and cid in backed) and not (type(number) is int and number >= 1):
                check.fail(("promo", "faces", cid, i), f"expected one of the {allowed}, found {s.found(number)}")


def fonts(check, value):
    """The spec's fonts: {name: file or {regular, bold, italic, bold-italic: file}} (inside its folder) as Families."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        check.fail(("fonts",), f"expected a mapping of font names to files, found {s.found(value)}")
    found, folder = {}, Path(check.path).parent
    for name, files in value.items():
        for where, file in ([((name, style), file) for style, file in files.items()] if isinstance(files, dict)
                            else [((name,), files)]):   # each file named: an empty one fell back to Vera, silently
            if len(where) == 2 and where[1] not in typeface.STYLES:
                check.fail(("fonts", *where), f"unknown key {s.found(where[1])}{s.meant(where[1], typeface.STYLES)} "
                                              f"(expected one of {', '.join(typeface.STYLES)})")
            if not isinstance(file, str) or not file.strip():
                check.fail(("fonts", *where), f"expected a font file inside the spec's folder (.ttf or .otf, e.g. "
                                              f"fonts/MyFont.ttf), found {s.found(file) if file != '' else 'nothing'}")
            if len(where) == 2:   # a style's missing file named by its key
                try:
                    contained(folder, file)
                except UserError as exc:
                    check.fail(("fonts", *where), str(exc))
        try:
            found.update(typeface.families(folder, {name: files}))
        except UserError as exc:
            check.fail(("fonts", name), str(exc).removeprefix(f"fonts: {name}: "))
    return found


def inline(check, value) -> dict:
    """The spec's inline pictures, what a text's :name: draws: {name: art file, or {file: art or icon: template, size:
    em, dy: em}} as {name: textbox.Inline}; no file and no icon: the template of that name."""
    if value is None:
        return {}
    from ..draw import art  # lazy: start-up (a spec without inline pictures reads no art)
    from ..draw.textbox import Inline  # lazy: start-up
    if not isinstance(value, dict):
        check.fail(("inline",), f"expected a mapping of names to pictures (coin: art/coin.png, or coin: {{file: "
                                f"art/coin.png, size: 1.2 em}}), found {s.found(value)}")
    found, folder, search = {}, Path(check.path).parent, templates.search_path(check.path)
    for name, entry in value.items():
        at = ("inline", name)
        if not isinstance(name, str) or not is_inline_name(name):
            check.fail(at, "expected a name of letters, digits, '-' and '_', not digits alone (a text writes it :name:, "
                           f"and 3:30 is a time, not a picture), found {s.found(name)}")
        entry = {"file": entry} if isinstance(entry, str) else entry
        if not isinstance(entry, dict):
            check.fail(at, f"expected an art file or a mapping with file or icon, size and dy, found {s.found(entry)}")
        for key in entry:
            if key not in INLINE:
                check.fail(at + (key,), f"unknown key {s.found(key)}{s.meant(key, INLINE)} (expected one of "
                                        f"{', '.join(INLINE)}"
                           + ("; an inline picture keeps its proportions: give its height as size" if key in
                              ("width", "height") else "") + ")")
        if "file" in entry and "icon" in entry:
            check.fail(at, "give file (the designer's PNG, JPEG or SVG art) or icon (a template's name), not both")
        size = _em(check, entry.get("size", 1.0), at + ("size",), 0.2, 5.0)
        dy = _em(check, entry.get("dy", 0.0), at + ("dy",), -3.0, 3.0)
        if "file" in entry:
            if not isinstance(entry["file"], str) or not entry["file"].strip():
                check.fail(at + ("file",), f"expected a PNG, JPEG or SVG file inside the spec's folder, found "
                                           f"{s.found(entry['file'])}")
            try:
                source = art.load(folder, entry["file"])
            except UserError as exc:
                check.fail(at + ("file",), str(exc))
            found[name] = Inline(entry["file"], str(folder), size, source.size[0] / source.size[1], dy)
            continue
        icon = entry.get("icon", name)
        path = search.find(icon) if isinstance(icon, str) and templates.is_name(icon) else None
        if path is None:
            check.fail(at + (("icon",) if "icon" in entry else ()),
                       f"no template {s.found(icon)} (templates: {', '.join(templates.names(search))}); give file: for "
                       f"a PNG, JPEG or SVG picture")
        found[name] = Inline(str(path), "", size, 1.0, dy)
    return found


def _em(check, value, at, low, high) -> float:
    """A size or shift in em (the text's size): a number, or one followed by em; within [low, high]."""
    text = str(value).strip() if isinstance(value, (str, int, float)) and not isinstance(value, bool) else ""
    number = re.fullmatch(r"(-?\d+(?:\.\d+)?|-?\.\d+)\s*(?:em)?", text)
    found = float(number[1]) if number else math.nan
    if not low <= found <= high:
        check.fail(at, f"expected a number of em (the text's size: the picture grows and shrinks with it) from {low:g} "
                       f"to {high:g}, such as 1.2 em, found {s.found(value)}")
    return found


def filled(spec, check):
    """The spec with each {figure} in its notes, needs and component texts filled; one of a missing component prints ?."""
    table, ids, unfilled = figures.Figures(spec), {c.id for c in spec.components}, []

    def fail(key_path, name, message):
        if "." in name and name.split(".")[0] not in ids:  # validation names the missing component, then this
            unfilled.append((yamlsource.dotted(key_path), name))
            return "?"
        check.fail(key_path, message)
    game = spec.game._replace(notes=figures.fill_all(spec.game.notes, table, fail, ("game", "notes")),
                              needs=figures.fill_all(spec.game.needs, table, fail, ("game", "needs")))
    comps = tuple(c._replace(options=figures.fill_all(c.options, table, fail, ("components", c.id), COLUMNS))
                  for c in spec.components)
    return spec._replace(game=game, components=comps, unfilled=tuple(unfilled))


def linked(spec):
    """Let kinds with a link fill in options taken from other components."""
    comps = tuple(sized(c._replace(options=MappingProxyType(KINDS[c.kind].link(spec, c)))) if KINDS[c.kind].link else c
                  for c in spec.components)
    return spec._replace(components=comps)


def misspelt(check, raw_components) -> None:
    """Fail a component with no kind that a --set of a key inside it made (components.card.expect=31): a misspelt id."""
    for cid, raw in raw_components.items():
        made = ("components", cid)
        if isinstance(raw, dict) and "kind" not in raw and check.lines.get(made) == SET_LINE and any(
                len(key) > 2 and key[:2] == made and line == SET_LINE for key, line in check.lines.items()):
            ids = [other for other in raw_components if other != cid]
            check.fail(made, f"no component {cid!r}{s.meant(cid, ids)} (components: {', '.join(ids) or 'none'})")


def component(check, cid, raw):
    """Check one component: common fields, then the fields of its kind."""
    key_path = ("components", cid)
    if not is_component_id(cid) or len(cid) > MAX_ID:
        check.fail(key_path, f"component ids are lower-case words joined by hyphens, at most {MAX_ID} characters")
    if not isinstance(raw, dict):
        check.fail(key_path, f"expected a mapping, found {s.found(raw)}")
    kind_name = raw.get("kind")
    if not isinstance(kind_name, str) or kind_name not in KINDS:
        where = key_path + ("kind",) if "kind" in raw else key_path
        what = ("missing required key 'kind'" if "kind" not in raw else f"unknown kind {s.found(kind_name)}"
                if isinstance(kind_name, str) else f"expected a kind, found {s.found(kind_name)}")
        check.fail(where, f"{what} (kinds: {', '.join(sorted(KINDS))})")
    kind = KINDS[kind_name]
    fields = {**COMMON, **kind.fields}
    checked = check.check_fields(fields, raw, key_path, ("kind", "expect"))
    options = complete(check, key_path, kind, kind_name, {k: v for k, v in checked.items() if k in kind.fields})
    w, h = kind.size(options)
    if min(w, h) < MIN_PIECE:
        given = next((key for key in ("size", "width", "height", "cell", "spacing", "radius") if key in checked), None)
        check.fail(key_path + ((given,) if given else ()), f"expected a piece at least {MIN_PIECE:g} mm across (smaller cannot be cut out), found {w:g} x {h:g} mm")
    bleed = checked.get("bleed", max(kind.default_bleed, BLEED if "back" in checked else 0.0))
    if not (panelled(kind, options) and "back" not in checked) and not fits_somewhere((w, h), bleed):
        area = smallest_area()
        why = ("a piece with a back" if "back" in checked else f"a {kind_name} piece") + " prints whole on one sheet"
        room = needed((w, h), bleed)
        marked = " with room for its crop marks" if room[0] > w + 2 * bleed else ""
        check.fail(key_path, f"expected the piece to fit a sheet ({' and '.join(PAPERS[p].label for p in HOME_PAPERS)}: {area[0]:g} x {area[1]:g} mm usable), "
                             f"found {room[0]:g} x {room[1]:g} mm{marked}: {why}, and every spec prints at home on "
                             "either paper, whatever --paper a build is given")
    back = checked.get("back")
    if back and "layout" not in back and "fill" not in back:
        check.fail(key_path + ("back",), "missing required key 'fill'")
    if back and "layout" in back and not kind.load:
        check.fail(key_path + ("back", "layout"), f"kind {kind_name} draws its own back: give fill, ink, label and symbol")
    if back and "layout" in back:
        for key in (key for key in ("fill", "ink", "label", "symbol") if key in back):
            check.fail(key_path + ("back", key), f"a back drawn by its layout takes no {key} (it would be ignored): "
                                                 "give it in the layout")
    listed = raw.get("faces") if isinstance(raw.get("faces"), dict) else {}
    if kind.load and {"list", "product", "generator"} & set(listed):
        check.fail(key_path + ("faces",), f"a {kind_name}'s faces come from its data: (one face per row); faces: takes "
                                          "copies only")
    source = faces(check, key_path + ("faces",), raw.get("faces", {}), kind, kind_name)
    if kind.load:
        options, source = kind.load(check, key_path, checked, options, source)
    return sized(Component(
        id=cid, kind=kind_name, title=checked.get("title", cid.replace("-", " ").capitalize()),
        expect=checked["expect"], bleed=bleed,
        faces=source,
        back=Back(fill=back.get("fill", "white"), ink=back.get("ink") or _plain_ink(check, back.get("fill", "white")),
                  label=back.get("label", ""),
                  symbol=back.get("symbol", ""), layout=back.get("layout")) if back else None,
        options=MappingProxyType(options),
        printing=checked.get("print", "once" if kind.print_once else "all"),
        share_bleed=checked.get("share_bleed", True),
    ), (w, h))


def _plain_ink(check, fill: str) -> str:
    """A plain back's ink when the spec gives none: black, or white where it reads better on the fill."""
    from ..check.luminance import contrast  # lazy: start-up
    found = check.colours.get(fill) or s.BASE_COLOURS.get(fill) or hex_of(fill) or "#ffffff"
    return "white" if contrast("#ffffff", found) > contrast("#000000", found) else "black"


def complete(check, key_path, kind, kind_name, given):
    """A component's options with its kind's defaults filled in; a required key the spec leaves out is an error."""
    options = {**{k: v for k, v in kind.defaults.items() if not callable(v)}, **given}
    required = kind.required(options) if callable(kind.required) else kind.required
    for key in required:
        if key not in options:
            check.fail(key_path, f"missing required key {key!r} for kind {kind_name}")
    return options | {k: v(options) for k, v in kind.defaults.items() if callable(v) and k not in given}


FACES = {"list": s.any_value, "product": s.any_value, "generator": s.text, "seed": s.integer(0, 2**63),
         "count": s.integer(1, MAX_PIECES), "copies": s.integer(1, MAX_PIECES)}


def faces(check, key_path, raw, kind, kind_name):
    """Check a faces block: exactly one of list, product or generator (or none: one plain face); each listed face, and a
    product, gives every face property the kind requires."""
    block = check.check_fields(FACES, raw, key_path)
    face_fields = kind.face_fields
    none = f"kind {kind_name} takes no per-face fields: its faces are all alike, so set options on the component"
    sources = [k for k in ("list", "product", "generator") if k in block]
    if len(sources) > 1:
        check.fail(key_path, f"give only one of list, product or generator (found {', '.join(sources)})")
    items, product = (), ()
    if "list" in block:
        listed = check.check(s.list_of(s.mapping(face_fields, empty=none), 1, MAX_PIECES), block["list"], key_path + ("list",))
        items = tuple(MappingProxyType(dict(item)) for item in listed)
    if "product" in block:
        prod = check.check_fields({k: s.list_of(v, 1, MAX_PIECES) for k, v in face_fields.items()}, block["product"],
                                  key_path + ("product",), empty=none)
        if not prod:
            check.fail(key_path + ("product",), "a product needs at least one property")
        product = tuple((name, tuple(values)) for name, values in prod.items())
    if "generator" in block and "count" not in block:
        check.fail(key_path, "a generator needs a 'count'")
    given = [(("list", i), item) for i, item in enumerate(items)] or [(("product",) if product else (), dict(product))]
    for where, props in given if "generator" not in block else ():
        missing = next((key for key in kind.face_required if key not in props), None)
        if missing:
            check.fail(key_path + where, f"missing required key {missing!r} for kind {kind_name}'s faces"
                                         + ("" if where else " (give faces: list, product or generator)"))
    source = FaceSource(items=items, product=product, generator=block.get("generator", ""), seed=block.get("seed", 0),
                        count=block.get("count", 0), copies=block.get("copies", 1))
    if piece_count(source) > MAX_PIECES:
        check.fail(key_path, f"makes {piece_count(source):,} pieces: at most {MAX_PIECES:,}")
    return source


def piece_count(source):
    """How many pieces a faces block makes: its faces times its copies."""
    faces = math.prod(len(v) for _, v in source.product) if source.product else len(source.items) or source.count or 1
    return faces * source.copies


def check_symbols(check, spec):
    """Every symbol a face or back names must exist among the templates."""
    known = set(templates.names(spec.templates))
    for comp in spec.components:
        named = [(("faces", "product", "shape"), v) for k, vs in comp.faces.product if k == "shape" for v in vs]
        shapes, patterns, items = [], [], comp.faces.items
        if hasattr(items, "table") and not {"shape", "pattern"} & set(items.table.columns):
            items = ()   # a CSV deck's faces all hold its columns, and none names a symbol: its rows left unread
        for i, item in enumerate(items):   # one pass: a CSV deck's rows are read again for each
            if "shape" in item:
                shapes.append((("faces", "list", i, "shape"), item["shape"]))
            patterns += [(("faces", "list", i, "pattern", r, c), cell[1]) for r, row in enumerate(item.get("pattern", ()))
                         for c, cell in enumerate(row) if len(cell) > 1]
        named += shapes + patterns
        if comp.back and comp.back.symbol:
            named.append((("back", "symbol"), comp.back.symbol))
        named += [(("marks", colour), mark) for colour, mark in (comp.options.get("marks") or {}).items()]
        for where, name in named:
            if name not in known:
                check.fail(("components", comp.id) + where, f"unknown symbol {name!r} (templates: {', '.join(sorted(known))})")
