"""Check a spec's component set: generic counts and completeness, then the game's own rules."""
import functools
from collections import Counter
from pathlib import Path
from ..records import NamedTuple

from .. import cache, games
from ..located import SET_LINE
from ..digests import hexdigest
from ..components.kind import PUNCHES, round_cut
from ..spec.expand import Grounds, expand
from ..spec import rules
from ..spec.loader import rules_path
from ..files import SPECS
from ..draw.svgvalues import hex_of
from ..spec.schema import BASE_COLOURS
from ..impose.joins import seams
from ..units import PAPERS
from ..progress import Progress
from . import faint, findings


MEMO = cache.Memo("checks.json", [])   # the failures of sets checked before, by the spec, the code and the libraries
GAME_CHECKS = cache.Memo("game-checks.json", [])   # a game's own check's failures, by what it reads (game_failures)
LAID_OUT = cache.Memo("rulebooks-laid-out.json", [])   # the keys of designers' rulebooks laid out on LAID_ON's papers
LAID_ON = ("a4", "letter")   # the papers pnp build makes by default


class Failure(NamedTuple):
    """One failed check, printed as '<file>: <component>: <message>'."""

    path: str
    component: str
    message: str

    def __str__(self):
        return f"{self.path}: {self.component}: {self.message}"


def generic(spec, pieces, arts):
    """Counts against expect, complete products, backs present where promised."""
    fails = []
    counts = Counter(p.component for p in pieces)
    for comp in spec.components:
        if counts[comp.id] != comp.expect:
            fails.append((comp.id, f"component count (expected {comp.expect}, found {counts[comp.id]}){_counted(spec, comp)}"))
        if comp.faces.product:
            wanted = 1
            for _, values in comp.faces.product:
                wanted *= len(values)
                if len(set(values)) != len(values):
                    fails.append((comp.id, f"repeated value in product (expected {len(set(values))} distinct, found {len(values)})"))
            distinct = len({p.front for p in pieces if p.component == comp.id})
            if distinct != wanted:
                fails.append((comp.id, f"distinct faces in the product (expected {wanted}, found {distinct})"))
        if comp.back and any(p.back is None for p in pieces if p.component == comp.id):
            fails.append((comp.id, "every piece needs its back (expected a back, found none)"))
        circle = round_cut(comp)
        if circle and not circle.punch:
            sizes = ", ".join(f"{size:g} mm ({name})" for size, name in PUNCHES.items())
            fails.append((comp.id, f"a round piece is cut with a standard circle punch (expected a diameter of {sizes}, "
                                   f"found {2 * circle.r:g} mm{_where(spec, comp, 'size')}; or "
                                   f"{'shape: rectangle' if comp.kind == 'layout' else 'outline: square'})"))
    return fails


def _given(spec, comp, key: str) -> str:
    """Where a component's option was given: 'line 56', 'from --set', 'line 3 of themes/mine.yaml' (a theme's), or ''
    when no line is known."""
    line = spec.lines.get(("components", comp.id, key))
    if hasattr(line, "path"):   # a theme's Origin
        return f"line {line.line} of {line.path}"
    return "" if line is None else "from --set" if line == SET_LINE else f"line {line}"


def _where(spec, comp, key: str) -> str:
    """', size is line 56' (or 'from --set'), or '' when no line is known."""
    given = _given(spec, comp, key)
    return f", {key} is {given}" if given else ""


def _counted(spec, comp) -> str:
    """Where a component's count failure's two figures come from: the line of its expect, and its data file's name."""
    given = _given(spec, comp, "expect")
    said = f"expect: {comp.expect} is {given}" if given else ""
    data = comp.options.get("data")
    made = f"{data} makes {'them' if said else 'the pieces'}" if isinstance(data, str) else ""
    return f": {'; '.join(filter(None, (said, made)))}" if said or made else ""


def missing(spec, rules: games.Ruleset) -> list:
    """The component kinds a game's ruleset requires ({kind: what}) that the spec has none of."""
    kinds = {c.kind for c in spec.components}
    return [("components", f"{what} (expected a component of kind {kind}, found none)")
            for kind, what in rules.required.items() if kind not in kinds]


def _low_dpi(drawing, images=True) -> list:
    """The images of a drawing placed below art.MIN_DPI, one line each; images: False when the drawing holds none of the
    designer's art (ink.designed), so that none is looked for."""
    if not images:
        return []
    from . import resolution  # lazy: start-up (the image check loads only when a spec's checks run)
    return resolution.warnings(drawing)


def joins(comp) -> list:
    """[(axis, "x" or "y"; mm from the board's left or top edge; the papers, in words)] of each seam of a board's panels
    on LAID_ON's papers, one for the papers that share it (none for a piece that fits a sheet)."""
    found: dict = {}
    for paper in LAID_ON:
        xs, ys = seams(comp, paper)
        for axis, at in [("x", x) for x in xs] + [("y", y) for y in ys]:
            found.setdefault((axis, round(at, 1)), (at, []))[1].append(PAPERS[paper].label)
    return [(axis, at, " and ".join(papers)) for (axis, _), (at, papers) in found.items()]


def validate(spec, warnings=None, faces=None):
    """Run every check; return the failures (empty when the set is complete and consistent); warnings: a list to add
    what does not fail the set but a designer should hear (images below 300 dpi, text that reads poorly or crosses a
    board's join), kept with the failures; faces: a build's FaceCache, so that each face is drawn once for the checks
    and the PDF, and one that did not change is not drawn at all.

    Every distinct artwork is drawn once, so a template or a renderer refusing its input (a UserError, as the build
    would raise it) is found without building, and the text and safe-area checks read those drawings.
    The failures are kept between runs by the spec, the code and fonts, the templates read and the libraries that
    measured ink and colours (unless a drawing holds the designer's fonts or art, whose files the key does not see:
    then each face's verdict is kept instead, by the digests of the files it read, its warnings with it).
    """
    rules.check(spec)   # a rules text that could not be laid out fails validate, not the build halfway
    key, _ = _key(spec)
    kept = MEMO.get(key) if key else None
    if kept is not None and all(spec.templates.digest(name) == digest for name, digest in kept["templates"].items()):
        if warnings is not None:
            warnings.extend(kept["warnings"])
        return [Failure(*failure) for failure in kept["failures"]]
    told: list = []
    failures, designed = _checked(spec, told, faces)
    if warnings is not None:
        warnings.extend(told)
    key, _ = _key(spec)   # the libraries as the checks found them (a first run learns them only now)
    if key and not designed:
        MEMO.put(key, {"failures": failures, "warnings": told,
                       "templates": {name: found.digest for name, found in spec.templates.read.items()}})
    return failures


def laid_out(spec, papers: tuple = LAID_ON) -> None:
    """Lay out a designer's rulebook on papers (LAID_ON's, or a build's own), raising what its build would (a quick
    reference too long for its card, a table too wide), for pnp validate and before a build writes a file: kept by what
    the rulebook reads (as its build's key and record name it: a card's text edited lays nothing out) and by the text.
    Shipped rules are pnp's own, laid out on every paper by its tests: not here (reportlab's import alone is 2/3 of
    validate's time)."""
    path = rules_path(spec)
    if not path.is_file() or path.resolve().is_relative_to(SPECS):
        return
    from ..facecache import listed  # lazy: start-up
    read = () if spec.game.ruleset else listed(spec)   # a designer's rulebook: what it reads of the components
    key = cache.key(cache.rulebook_spec(spec), "rules laid out", papers, path.read_bytes(), read)
    if not LAID_OUT.get(key):
        from ..output.rulebook import lay_out  # lazy: start-up (reportlab loads only for a designer's rulebook)
        for paper in papers:
            lay_out(spec, paper)
        LAID_OUT.put(key, True)


def _key(spec):
    """(the key of a spec's kept checks, or None when the libraries that measure are unknown; those libraries)."""
    identity = (cache.INK.identity(),)   # the colour checks' arithmetic is our own code, which the key names already
    return (cache.key(spec, "checks", identity) if None not in identity else None), identity


def inputs(spec) -> tuple | None:
    """What the kept checks of a validated spec read: ({file: digest}, the template files that would hide the ones
    read, [(library, size, mtime)]); None when its checks were not kept (a designer's fonts or art, unknown libraries)."""
    from ..draw.templates import TEMPLATES  # lazy: start-up
    key, identity = _key(spec)
    if key is None or MEMO.get(key) is None:
        return None
    files, absent = dict(cache.READ), []   # every file this run read: a superset costs a check again, never a stale one
    folders = [str(Path(spec.path).resolve().parent / "templates"), str(TEMPLATES)]
    for name, template in spec.templates.read.items():
        path = spec.templates.find(name)
        if path is None:
            return None
        files[str(path.resolve())] = template.digest
        for folder in folders:   # a template of that name added to a folder searched before this one would hide it
            if Path(folder) == path.parent:
                break
            absent.append(str(Path(folder) / f"{name}.svg"))
    return files, absent, [tuple(library) for found in identity for library in found or ()]


def _checked(spec, warnings=None, faces=None):
    """validate's work: (failures, whether a drawing held the designer's fonts or art or took a painter); images below
    300 dpi, text that reads poorly and text across a board's join added to warnings (a list) if given. Each artwork is
    drawn, handed to every check and let go: no drawing is held for long; its ground is remembered with the spec
    (imposition shares a bleed by it). Each face's verdict is kept, and taken again undrawn while nothing the face read
    changed: faces, a build's FaceCache, keeps it with each face drawn for the PDF; else pnp's memo folder keeps it
    (facecache.KeptVerdicts)."""
    from ..impose.grounds import ground  # lazy: start-up

    pieces, arts = expand(spec)
    texts, safe, designed = findings.Texts(spec), findings.Marks(spec), False
    low, poor, split = findings.Warnings(spec), findings.Warnings(spec), findings.Warnings(spec)
    grounds = spec.remembered("grounds", Grounds)
    if faces is None:
        from ..facecache import KeptVerdicts  # lazy: start-up
        faces = KeptVerdicts()

    @functools.cache
    def checks():
        """The text, safe-area and contrast checks, made when a first drawing is judged (a build whose faces' verdicts
        are all kept loads none: it tallies them in findings)."""
        from . import legibility, safearea, textcheck  # lazy: start-up
        return textcheck.Check(spec), safearea.Check(spec), legibility.read, textcheck.across

    @functools.cache
    def joined(component: str) -> list:
        """The seams of a component's panels (joins), worked out once for all its faces."""
        return joins(spec.component(component))

    def judge(art, drawing, recoloured=None):
        """What the checks find on one artwork's drawing (a JSON value); recoloured: the verdict on a drawing whose PDF
        operators differed from this one's only in the colours set: unless its parts or roles differ or it held text or
        art, the reach of its marks stands (an opaque colour is the same ink as any), all else is found again."""
        from . import ink  # lazy: start-up (loaded with the checks)
        text_check, safe_check, read, across = checks()
        seamed = joined(art.component)
        held = ink.designed(drawing)   # text runs or the designer's art: only then may an image print below 300 dpi
        rasters = ink.RASTERS   # a measure that took a painter depends on cairo's libraries, which no key names
        shape = shape_of(drawing)
        near = (recoloured["safe"][0] if recoloured and recoloured.get("shape") == shape and not recoloured["designed"]
                else None)
        found = {"text": text_check.measure(art, drawing), "legibility": read(drawing),
                 "safe": safe_check.measure(art, drawing, near),
                 "ground": ground(drawing)}
        painted = ink.RASTERS > rasters
        if painted:
            from ..facecache import painter  # lazy: start-up
            found["painter"] = painter()
        return {**found, "designed": held or painted, "painted": painted, "shape": shape,
                "low dpi": _low_dpi(drawing, held),
                "seams": across(drawing, seamed) if seamed else []}
    named = [(hex_of(value), name) for name, value in {**BASE_COLOURS, **spec.palette}.items()]
    names = {colour: name for colour, name in named if [c for c, _ in named].count(colour) == 1}   # one name's only
    told = Progress(f"{spec.game.id}: checking faces", len(arts))
    try:
        for done, art in enumerate(arts.values(), start=1):
            verdict = faces.verdict(spec, art, judge)
            unreadable, weak = faint.told(verdict["legibility"], names)
            low.note(art, verdict["low dpi"])
            poor.note(art, weak)
            split.note(art, verdict["seams"])
            texts.note(art, verdict["text"] + unreadable)
            safe.note(art, verdict["safe"])
            designed = designed or verdict["designed"]
            grounds[art.key] = verdict["ground"]
            told.step(done)
    finally:
        told.end()
    if warnings is not None:
        warnings.extend(low.lines() + poor.lines() + split.lines())
    found = generic(spec, pieces, arts) + texts.failures() + safe.failures()
    rules = games.ruleset(spec)
    absent = missing(spec, rules)
    found += absent
    if not absent:
        found += game_failures(spec, rules, pieces, arts)
    ids = ", ".join(c.id for c in spec.components)
    found += [(where, f"figure {{{name}}} names a component the spec does not have (components: {ids})")
              for where, name in spec.unfilled]
    if _sees_colours(spec):
        from . import vision  # lazy: start-up
        found += vision.failures(spec) + vision.word_failures(spec)
    return [Failure(spec.path, component, message) for component, message in found], designed


def game_failures(spec, rules: games.Ruleset, pieces, arts) -> list:
    """The failures of a game's own check (rules.check), kept between runs when the ruleset declares the colours it reads
    (check_colours): found again only when all of the spec but its palette, or one of those colours, changed."""
    names = rules.check_colours(spec) if callable(rules.check_colours) else rules.check_colours
    if names is None:
        return rules.check(spec, pieces, arts)
    key = cache.key(cache.sans_palette(spec), "game check", [(name, spec.colour(name)) for name in names])
    kept = GAME_CHECKS.get(key)
    if kept is None:
        kept = [list(failure) for failure in rules.check(spec, pieces, arts)]
        GAME_CHECKS.put(key, kept)
    return [tuple(failure) for failure in kept]


def shape_of(drawing) -> str:
    """A digest of the parts and roles of a drawing's elements, in order: what a recoloured face must share with the one
    whose verdict it takes (a face cache reads it, and one may take pnp validate's verdict)."""
    return hexdigest(repr([(c.part, c.role) for c in drawing.children]).encode())


def _sees_colours(spec):
    """True when the colour-vision checks apply: colour groups to tell apart, or a line key."""
    return bool(spec.distinguish) or any(c.kind == "line-legend" for c in spec.components)
