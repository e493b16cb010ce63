"""The one orchestrator: spec -> pieces -> SVG -> sheet plans -> PDF files on disk."""
import gc
import json
from collections import Counter
from collections.abc import Mapping
from operator import attrgetter, itemgetter
from pathlib import Path

from . import cache, games, units
from .digests import keyed
from .output import document, pdffile
from .draw import content
from .files import game_folder, write_atomic, write_quietly
from .components.kind import size_words
from .errors import UserError
from .spec.expand import expand
from .facecache import FaceCache, _digest, _now, _painted, keep_paints, written as written_part
from .draw.render import draw_art
from .spec.loader import rules_path, shown
from .impose.grounds import ground
from .impose.plan import EPS, Plan, marks_key, placed_twice
from .impose.kept import KeptPlan
from .check.validate import LAID_ON, laid_out, validate
from .check.wording import counted, every_other, ranges


def papers(choice: str) -> tuple[str, ...]:
    """Paper names for a --paper choice: 'all' is the home sizes, else one name of PAPERS or a WIDTHxHEIGHT size."""
    return units.HOME_PAPERS if choice == "all" else (units.paper(choice).name,)


PAGES_WIDE = 18   # characters the manifest's sheets column holds before the next column: a longer page list names every
# other page in short (2, 4, …, 14), and one longer still is left off


def manifest_rows(spec, pieces, plan, backs="duplex"):
    """One manifest row per component: title, count, trim size, sheets of paper (a duplex pair is one) and the pages
    of their fronts (a player gathering the pieces finds them all), double-sided."""
    rows, counts = [], Counter(map(attrgetter("component"), pieces))
    numbered = [(1, plan.cover)] * bool(plan.cover) + list(enumerate(plan.sheets, start=2))
    for comp in spec.components:
        count = counts[comp.id]
        on = [n for n, s in numbered if comp.id in s.components and s.side != "back"]
        sheets_on = f"{len(on)}{' to copy' * (comp.printing == 'once')}"
        sheets_on += next((f" (p. {pages})" for pages in (ranges(on), every_other(on)) if on and
                           len(f"{sheets_on} (p. {pages})") <= PAGES_WIDE), "")
        folded = backs == "fold" and any(s.side == "fold" for _, s in numbered if comp.id in s.components)
        rows.append((comp.title, str(count), size_words(comp), sheets_on,   # in a fold-over file, a piece too large to
                     ("fold-over" if folded else "yes") if comp.back else "no"))   # fold prints on a double-sided pair
    return rows



def components_pdf(spec, paper, backs="duplex", looks=(), faces=None, kept=None, file=None, whole=True):
    """Build the components PDF of one spec on one paper, artworks drawn in the given looks; return (bytes, page count).

    faces: a FaceCache to take unchanged drawings from (and to give new ones to); kept: a KeptPlan to take the plan from;
    file: the pdffile.File to write (one holding the streams the last build compressed); whole false: a large file as the
    temporary file it was put together in, not its bytes (cached copies it out).
    """
    with FewCollections():
        pieces = expand(spec)[0]
        plan = (kept.get("plan", lambda grounds: _imposition().impose(spec, pieces, paper, backs, grounds=grounds),
                         faces.face if faces is not None else draw_art) if kept
                else _imposition().impose(spec, pieces, paper, backs))
        doc = document.Document(plan.width, plan.height, file)
        title = compose(doc, spec, plan, backs, looks, faces, kept)
        if faces is not None:
            faces.placed()
        return (doc.save(title, spec.game.designer, f"Print-and-play components of {spec.game.title}", whole),
                len(plan.sheets) + 1)


class FewCollections:
    """Run the cycle collector after this many allocations, not 700: a sheet file makes tens of thousands of small
    objects that live to its end (pieces, slots, placements), which the collector would otherwise scan again and again.
    A class, not contextlib's decorator: a rebuild loads no contextlib."""

    def __init__(self, allocations: int = 200000):
        self.allocations = allocations

    def __enter__(self) -> None:
        self.threshold = gc.get_threshold()   # as it is on entering
        gc.set_threshold(max(self.allocations, self.threshold[0]), *self.threshold[1:])

    def __exit__(self, *exc) -> None:
        gc.set_threshold(*self.threshold)


def compose(doc, spec, plan, backs="duplex", looks=(), faces=None, kept=None):
    """Lay the manifest and every sheet of a plan onto doc (a document.Document, or a writer with its methods); return the title.

    kept: the KeptPlan the plan came from, which keeps the list, the sheets' labels written and each sheet's layout as well."""
    furnish = kept.furniture if kept else (lambda name, make: make())
    laid = (lambda name: lambda make: kept.layout(name, make, _clips_of)) if kept else (lambda name: None)
    pieces, arts = expand(spec)
    total = len(plan.sheets) + 1
    rows = manifest_rows(spec, pieces, plan, backs)
    cover = (plan.cover,) if plan.cover else ()
    shared = placed_twice(cover + plan.sheets)   # not a count held for each face of the deck
    for key in shared:
        doc.share(key)
    sizes = BleedBoxes(spec, arts)
    pictures = Pictures(spec, arts, looks, faces, shared)
    grounds = pictures.grounds
    def marks(name, sheet):
        """The cutting furniture of a sheet, kept with the plan as name."""
        return lambda: furnish(name, lambda: _sheets().marks(plan, sheet))
    if cover:
        pieces_on(doc, plan, plan.cover, pictures, sizes, grounds, marks("marks 1", plan.cover), laid("layout 1"))
        pictures.release()
    doc.furniture(lambda: furnish("manifest", lambda: _sheets().manifest(plan, spec, rows, [sheet.side for sheet in plan.sheets])))
    doc.furniture(lambda: furnish("ruler", lambda: _sheets().ruler(plan)), "ruler")
    doc.next_page()  # the list is part of the page: trim and bleed boxes are the whole page
    for number, sheet in enumerate(plan.sheets, start=2):
        pieces_on(doc, plan, sheet, pictures, sizes, grounds, marks(f"marks {number}", sheet), laid(f"layout {number}"))
        pictures.release()
        doc.furniture(lambda: furnish("ruler", lambda: _sheets().ruler(plan)), "ruler")
        doc.furniture(lambda: furnish(f"labels {number}", lambda: _sheets().labels(plan, sheet, number, total, spec.edition_title,
                                                                                   _sheets().making(spec, sheet))))
        doc.next_page(sheet.slots)   # made again, let go with the page
    variant = ["fold-over"] * (backs == "fold") + list(looks)   # as the file's name says it: -fold, -inksaver, -greyscale
    return f"{spec.edition_title}: components ({', '.join([units.paper(plan.paper).label, *variant])})"


class BleedBoxes:
    """The size of each artwork's bleed box by its key, its component's, looked up when asked (none held per artwork)."""

    def __init__(self, spec, arts):
        self.arts, self.of = arts, {comp.id: comp.bleed_box for comp in spec.components}

    def __getitem__(self, key):
        return self.of[self.arts.component(key)]


class Pictures(dict):
    """The faces of a build by key, each drawn (or taken from the FaceCache) when a sheet first needs it; a face placed
    once is let go after its sheet (release), so that no sheet holds every face's operators. shared: the keys of the
    faces placed more than once."""

    def __init__(self, spec, arts, looks, faces, shared):
        super().__init__()
        self.spec, self.arts, self.shared = spec, arts, shared
        self.draw = faces.face if faces else draw_art
        if looks:
            from .draw.looks import apply  # lazy: start-up (a build without looks loads no colour filters)
            kept = frozenset(spec.colour(name).lower() for group in spec.distinguish for name in group.colours)
            self.draw = lambda spec, art: apply(looks, draw_art(spec, art), kept)
        self.grounds = _Grounds(self)

    def __missing__(self, key):
        picture = self[key] = self.draw(self.spec, self.arts[key])
        return picture

    def release(self) -> None:
        """Let go of the faces placed only once, and their grounds (their sheet is done)."""
        for key in [key for key in self if key not in self.shared]:
            del self[key]
            self.grounds.pop(key, None)


class _Grounds(dict):
    """The ground of each face ('r g b' or None), worked out from its picture the first time a sheet asks."""

    def __init__(self, pictures):
        super().__init__()
        self.pictures = pictures

    def __missing__(self, key):
        found = self[key] = ground(self.pictures[key])
        return found


def pieces_on(doc, plan, sheet, pictures, sizes, grounds, marks=None, kept=None):
    """Paint a sheet's pieces, the grounds under their blocks first, and its cutting furniture on top (made by marks(),
    else drawn); kept(make): the sheet's shared-bleed clips as make() gives them, kept with the plan (KeptPlan.layout)."""
    slots = tuple(sheet.slots)   # a sheet of a deck makes its slots when read (plan.Placed): read once
    runs, steps, heads, clips = _layout(sheet.grounds, tuple(map(PLACE, slots)), slots, kept)
    # the ground under each block of pieces that share cut lines: a run of one ground painted in one step
    for first, end, boxes, each in runs:
        colours = {grounds[art] for art in dict.fromkeys(map(ART, slots[first:end]))}
        if len(colours) == 1:
            if colour := colours.pop():
                doc.fill(boxes, colour)
            continue
        for slot, box in zip(slots[first:end], each):
            if colour := grounds[slot.art]:
                doc.fill(box, colour)
    arts = list(map(ART, slots))
    if not (steps and not any(clips) and (doc.run(pictures, arts, *steps) or doc.inline(pictures, arts, heads))):
        for slot, shared in zip(slots, clips):
            clip = tuple(slot.bleed_box) if slot.window is not None else shared
            doc.paint(pictures[slot.art], document.place_slot(slot, sizes[slot.art]), clip, slot.art)
    doc.furniture(marks or (lambda: _sheets().marks(plan, sheet)), marks_key(sheet))  # on top of the faces


SEAM = 0.3   # a piece's ground reaches this far under its neighbours: no paper shows along shared cut lines
PLACE, ART = itemgetter(1, 2, 3, 4, 5, 6, 7), itemgetter(0)  # a Slot's fields but its art; its art
_LAYOUTS: list = []  # (blocks, places, layout) of the last layouts: full sheets repeat theirs


def _layout(blocks, places, slots, kept=None) -> tuple:
    """(the ground runs of _runs(blocks, places), each with its boxes one by one too, the steps of document.run placing
    the slots upright or None, the heads of document.inline drawing them or None, the clips of imposition.shares(slots)),
    places the slots' fields but the art: all that placing a sheet's pieces reads of its plan. Worked out once for each
    layout of the last few (full sheets repeat theirs), found by comparing (a layout's numbers are not hashed: comparing
    its repeat is quicker); kept(make): the clips of one not among them taken from the kept plan, or worked out by
    make() and kept there (writing the runs out costs more than working them out)."""
    for known in _LAYOUTS:
        if known[0] == blocks and known[1] == places:
            return known[2]
    clips = kept(lambda: _imposition().shares(slots)) if kept else _imposition().shares(slots)
    upright = all(not turn and window is None for *_, turn, window in places)  # else each placed by itself
    corners = [(x - b, y - b) for x, y, _, _, b, *_ in places]
    layout = (tuple((first, end, boxes, tuple((box,) for box in boxes)) for first, end, boxes in _runs(blocks, places)),
              *((document.steps(corners), document.heads(corners)) if upright else (None, None)), clips)
    _LAYOUTS[:] = [(blocks, places, layout)] + _LAYOUTS[:7]
    return layout


def _clips_of(fields) -> tuple:
    """A sheet's shared-bleed clips (imposition.shares') from their JSON form, as json read it back: each a list."""
    return tuple(tuple(clip) if clip is not None else None for clip in fields)


def _runs(blocks, places) -> tuple:
    """Runs (first, end, boxes) of the slots first to end - 1 inside one of blocks (a sheet's grounds), places the slots'
    (x, y, w, h, bleed, ...): boxes their bleed boxes grown by SEAM and cut down to lie inside the block, (x, y, w, h). A
    block's slots come one after another, so the last block found is tried first."""
    runs: list = []
    last = None
    for i, (x, y, w, h, b, *_) in enumerate(places):
        x, y, w, h = x - b, y - b, w + 2 * b, h + 2 * b
        if last is None or not (last.x - EPS <= x and x + w <= last.x + last.w + EPS
                                and last.y - EPS <= y and y + h <= last.y + last.h + EPS):
            last = next((g for g in blocks if g.x - EPS <= x and x + w <= g.x + g.w + EPS
                         and g.y - EPS <= y and y + h <= g.y + g.h + EPS), None)
            if last is None:
                continue
            runs.append((i, []))
        elif runs[-1][0] + len(runs[-1][1]) != i:  # a slot outside every block came between: a run of its own
            runs.append((i, []))
        gx, gy, gw, gh = x - SEAM, y - SEAM, w + 2 * SEAM, h + 2 * SEAM
        left, top = max(gx, last.x), max(gy, last.y)
        runs[-1][1].append((left, top, min(gx + gw, last.x + last.w) - left, min(gy + gh, last.y + last.h) - top))
    return tuple((first, first + len(boxes), tuple(boxes)) for first, boxes in runs)


def _sheets():
    """The sheets' furniture (marks, list, ruler, labels), loaded when one is drawn (a rebuild keeps them with the plan)."""
    from .impose import sheets  # lazy: start-up
    return sheets


def _imposition():
    """The packing of pieces onto sheets, loaded when a plan is imposed or a sheet's layout worked out (a rebuild that
    keeps its plan and layouts loads none of it)."""
    from .impose import imposition  # lazy: start-up
    return imposition


def output_path(out_dir, spec, paper, backs="duplex", looks=()):
    """Where the components PDF of a game goes: <out>/<folder>/<edition>-components-<paper>[-fold][-inksaver][-greyscale].pdf
    (the folder <id>, or <id>/theme-<theme>; the edition <id>, or <id>-<theme>: Spec.folder, Spec.edition)."""
    suffix = "-fold" if backs == "fold" else ""
    if looks:
        from .draw.looks import suffix as named  # lazy: start-up (a build without looks loads no colour filters)
        suffix += named(looks)
    return game_folder(out_dir, spec.folder) / f"{spec.edition}-components-{paper}{suffix}.pdf"


def check(spec, faces=None):
    """Refuse to build a spec whose set fails validation (validated once per spec, the result kept with it), or, for a
    game that follows no shipped rules, whose rulebook cannot be laid out (checks.laid_out), before any file is written;
    faces: the build's FaceCache, which keeps each face the checks draw for the PDF."""
    failures = spec.remembered("failures", lambda: _validated(spec, faces))
    if failures:
        raise UserError("\n".join(map(str, failures)) + f"\n{spec.path}: {counted(len(failures), 'check')} failed, not "
                                                         "building (run 'pnp validate')")
    if not spec.game.ruleset:   # a designer's rulebook that cannot be laid out, before any file (a game's rules read
        spec.remembered("laid out", lambda: laid_out(spec))   # files of their own, which no components record may list)


def _validated(spec, faces) -> list:
    """validate's failures of a spec; what its checks warn of (images below 300 dpi, text that reads poorly) kept as
    the spec's warnings."""
    found: list = []
    failures = validate(spec, found, faces=faces)
    warned(spec)["lines"] = found
    return failures


def warned(spec) -> dict:
    """{"lines": what a spec's checks warn of}, once they ran, or once a file built from the spec was found unchanged
    (its record keeps them): the lines pnp build and pnp watch print after the files."""
    return spec.remembered("warnings", dict)


def build(spec, paper, out_dir, backs="duplex", faces=None):
    """Write the components PDF of one checked spec for one paper; return (path, pages, bytes[, notes]).

    faces: the FaceCache to draw with (pnp watch reads which faces it drew), else one made here."""
    path = output_path(out_dir, spec, paper, backs)
    if faces is None:
        faces = FaceCache(path, spec.remembered("face files", list))
    kept = KeptPlan(path, spec, expand(spec)[0], paper, backs)
    told: dict = {}

    def make():
        if paper not in LAID_ON and not spec.game.ruleset:   # a designer's rulebook on this paper too, before the file
            spec.remembered(f"laid out on {paper}", lambda: laid_out(spec, (paper,)))   # its rulebook would follow
        file = pdffile.File(pdffile.kept_streams(cache.record_of(path), after=1))
        made = components_pdf(spec, paper, backs, faces=faces, kept=kept, file=file, whole=False)
        faces.save()
        keep_paints(spec)
        told["saved"] = pages_saved(spec, paper, backs, kept)   # from the plan just used
        return made + (pdffile.keep_streams(file.packed),)
    made = cached(spec, path, cache.key(cache.printed(spec), "components", paper, backs), make, faces=faces, told=told,
                  apart=rulebook_folders(spec))
    saved = told["saved"]
    kept.save()
    return made + ((f"{saved} page{'s' * (saved != 1)} fewer than each component on pages of its own: "
                    "pieces of different components share sheets",) if saved > 0 else ())


def pages_saved(spec, paper, backs="duplex", kept=None, grounds=None, together=None) -> int:
    """How many pages of paper fewer the file takes than if the components were imposed one by one, each on pages of its
    own after the one list: of the components that alone put pieces below the list (each only when that saves a sheet),
    one may, and each other takes a sheet more; kept: a KeptPlan to take the count from, or the plan it imposed;
    grounds: as impose's; together: the plan of all the pieces, if imposed already (a drafted plan has as many
    sheets)."""
    if len(spec.components) < 2:  # nothing to share: a large one-component deck is not imposed twice more
        return 0
    if kept is not None:
        made = (kept.entry or {}).get("plan")  # the plan this build imposed (a kept one is JSON, not read again here)
        return kept.get("saved", lambda noted: pages_saved(spec, paper, backs, grounds=noted,
                                                           together=made if isinstance(made, Plan) else None))
    pieces, impose = expand(spec)[0], _imposition().impose
    alone = [impose(spec, [p for p in pieces if p.component == comp.id], paper, backs, drafted=True, grounds=grounds)
             for comp in spec.components]
    together = together or impose(spec, pieces, paper, backs, drafted=True, grounds=grounds)
    below_list = sum(bool(plan.cover) for plan in alone)
    return sum(len(plan.sheets) for plan in alone) + max(below_list - 1, 0) - len(together.sheets)


def spec_file(spec) -> str:
    """The spec's file, resolved: a record names it, so that a spec moved keeps none (the files it names by relative
    path, data, art and positions, are found beside it)."""
    return spec.remembered("spec file", lambda: str(Path(spec.path).resolve()))


def rules_file(spec) -> str:
    """The spec's rules file, resolved (found once for both papers): a record names it by path alone, its content
    being in a rulebook's key whole and read by nothing else (a components PDF built after a rulebook in one process
    would otherwise list it as read)."""
    return spec.remembered("rules file", lambda: str(rules_path(spec).resolve()))


def rulebook_folders(spec) -> tuple:
    """The folders beside the spec whose files only its rulebook reads (its ruleset's beside: Glorieta's positions),
    resolved: a components PDF's record leaves them out (a rulebook built first in the same process read them)."""
    folder = Path(spec_file(spec)).parent
    return tuple(str(folder / name) for name in games.ruleset(spec).beside)


UNCHANGED = "unchanged: inputs and file match the last build"   # the note of a file cached() did not write again


def cached(spec, path, inputs, make, used=None, faces=None, told=None, apart=()):
    """Check the spec and write make()'s (bytes, pages[, the streams it kept]) to path, unless the last build had these
    inputs and the file is intact; the streams are written with the file's record.

    inputs: a key of the loaded spec (cache.key), of all of it or of all but its palette and line numbers (the colours
    read then recorded in used), so the record names the spec file by its path alone, with no digest: an edit of the
    file that leaves inputs and used as they were keeps the output (a rulebook after a colour it does not show changed,
    or a comment added: its key leaves line numbers out). The rules file is named the same way (rules_file).
    used: {what: value} filled in by make() with what it read beyond inputs (as a FaceCache records a face's), also
    compared with what it is now. A record is only written after a build that passed the checks, so a match for the
    same whole spec needs no new check (checked, below). faces: the build's FaceCache, handed to the checks. told: {what: value} filled in by make() with what it
    worked out beside the file (the pages the shared sheets saved), kept in the record and filled in from it when the
    file is unchanged. apart: folders whose files the output does not read, or reads only as the loaded spec holds
    them, left out of its record (cache.remember). The record names the whole spec it was checked with (checked): a
    file kept for a spec that differs from it where its inputs do not look (a rulebook's palette, a designer's
    components) is only kept once the spec passes its checks (pnp rules builds no components PDF to check it).
    """
    covered = (spec_file(spec), rules_file(spec))
    record = cache.unchanged(path, inputs, spec.templates, lambda what: _now(spec, what), covered)
    if record:
        if record.get("checked") != (whole := cache.key(spec)):   # inputs leave part of the spec out (a rulebook's:
            check(spec, faces)                                     # its palette, a designer's components), which
            cache.rechecked(path, whole, warned(spec)["lines"])  # may fail its checks now
        warned(spec).setdefault("lines", record["warnings"])   # as the checks of this very spec found them
        if told is not None:
            told.update(record.get("told", ()))
        return path, record["pages"], path.stat().st_size, UNCHANGED
    check(spec, faces)
    data, pages, *streams = make()
    if isinstance(data, bytes):
        write_atomic(path, data)
    else:   # a large file put together on disk: copied out a part at a time, never held whole
        with data as file:
            data = Copied(file)
            write_atomic(path, data)
    cache.remember(path, inputs, data, pages, spec.templates, Path(spec.path).parent, used, *streams, told=told,
                   covered=covered, apart=apart, checked=cache.key(spec), warnings=warned(spec)["lines"])
    return path, pages, len(data)


class Copied:
    """A file read out by write_atomic: the digest and length of what was read (cache.remember's), not its bytes."""

    def __init__(self, file):
        self.file, self.sha, self.size = file, keyed(), 0

    def read(self, size: int) -> bytes:
        """The next size bytes of the file, hashed and counted."""
        chunk = self.file.read(size)
        self.sha.update(chunk)
        self.size += len(chunk)
        return chunk

    def __len__(self) -> int:
        return self.size

    def digest(self) -> str:
        """The SHA-256 of what was read, in hex."""
        return self.sha.hexdigest()


def build_look(spec, paper, out_dir, backs="duplex", looks=()):
    """Like build, in looks (ink-saver, greyscale); with ink-saver, also report the ink saved against the normal look."""
    check(spec)
    data, pages = components_pdf(spec, paper, backs, looks)
    path = output_path(out_dir, spec, paper, backs, looks)
    write_atomic(path, data)
    if "ink-saver" not in looks:
        return path, pages, len(data)
    from .check import coverage  # lazy: start-up (only an ink-saver build measures coverage)
    normal, _ = components_pdf(spec, paper, backs, tuple(look for look in looks if look != "ink-saver"))
    return path, pages, len(data), coverage.saved(coverage.coverage(normal), coverage.coverage(data))


def build_rules(spec, paper, out_dir):
    """Write the rulebook PDF of one spec for one paper; return (path, pages, bytes[, note]).

    Its key leaves the palette out: the colours the rulebook reads are recorded as it is written (a colour it does not
    show can change without a new rulebook); and the spec's line numbers, which only place error messages; and, for a
    spec that follows no game's rules, its components (cache.rulebook_spec).
    """
    path = game_folder(out_dir, spec.folder) / f"{spec.edition}-rules-{paper}.pdf"
    source = rules_path(spec)
    if not source.is_file():
        raise UserError(no_rules(spec))
    inputs = cache.key(cache.rulebook_spec(spec), "rules", paper, source.read_bytes())
    watched = Reader(spec)

    def make():
        diagrams, read = spec.remembered("diagrams", lambda: diagrams_of(spec, path.parent / cache.RECORDS /
                                                                       f"{spec.edition}-rules.diagrams.json"))
        watched.used.update(read)   # the same on every paper
        layouts, written = Layouts(path, inputs, spec, watched.used), spec.remembered("diagram parts", dict)
        from .output.overlay import extents, with_diagrams  # lazy: start-up
        kept = layouts.get(extents(diagrams))
        file = pdffile.File(pdffile.kept_streams(cache.record_of(path), after=1))
        if kept:  # the text as laid out last time: only the diagrams' parts are written again
            made = with_diagrams(kept, diagrams, spec.game._replace(title=spec.edition_title), paper, written, file)
        else:
            from .output.rulebook import rules_pdf  # lazy: start-up (reportlab loads only when the text is laid out)
            made = rules_pdf(watched, paper, layouts, diagrams, written, file)
        return made + (pdffile.keep_streams(file.packed),)
    return cached(spec, path, inputs, make, watched.used,
                  apart=() if spec.game.ruleset else (str(Path(spec_file(spec)).parent),))


def diagrams_of(spec, kept: Path) -> tuple:
    """(the rulebook's diagrams for a spec, {what: value} they read); each part written as operators into the spec's
    "diagram parts". Taken from the last build's, kept at path kept, when nothing they read changed; recoloured from
    them when only colours changed and every diagram maker declares what it paints (diagram.paints); else drawn."""
    written = spec.remembered("diagram parts", dict)
    found = _kept_diagrams(spec, kept, written)
    if found is not None:
        return found
    from .draw.diagram import drawn, part_type  # lazy: start-up
    reader = Reader(spec)
    files: dict[str, str] = {}   # the designer's files the makers read (Glorieta's example positions): path -> digest
    cache.NOTING.append(files)
    try:
        diagrams = drawn(reader)
    finally:
        cache.NOTING.remove(files)
    for diagram in diagrams.values():
        for key, drawing, *_ in diagram.parts:
            if key not in written:
                written[key] = content.write(drawing)
                reader.used.update((f"file:{path}", name[2:]) for name, path, _ in written[key].sources)
    places = {name: [d.width, d.height, [[key, dx, dy, k, part.width, part.height, part_type(part)]
                                         for key, part, dx, dy, k in d.parts]] for name, d in diagrams.items()}
    write_quietly(kept, json.dumps({"code": cache.code(), "spec": spec_file(spec), "used": reader.used, "files": files,
                                    "parts": written, "diagrams": places}).encode())
    keep_paints(spec)
    return diagrams, reader.used


class _Part:
    """A kept diagram part's size and its smallest text's (mm, or None): what placing it needs once its operators are
    written."""

    __slots__ = ("width", "height", "smallest")

    def __init__(self, width: float, height: float, smallest: float | None):
        self.width, self.height, self.smallest = width, height, smallest


def _kept_diagrams(spec, path: Path, written: dict) -> tuple | None:
    """diagrams_of's diagrams and reads from the record at path, their parts' operators put into written, when the code,
    the spec's file (spec_file) and the designer's files they read are as they were and all else they read is as it is
    now, or is but colours that every maker declares it paints as given and that swap unambiguously (as
    FaceCache._swapped swaps a face's); else None."""
    try:
        entry = json.loads(path.read_text())
        if entry["code"] != cache.code() or entry["spec"] != spec_file(spec) or not cache.current(entry["files"]):
            return None
        used, parts = entry["used"], entry["parts"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    cache.READ.update(entry["files"])   # read, as far as the rulebook's own record goes
    now = {what: _now(spec, what) for what in used}
    if now != used:
        from .draw.diagram import makers_paint  # lazy: start-up
        parts = _swapped_parts(spec, used, now, parts, makers_paint(spec))
        if parts is None:
            return None   # kept as it was: the next rebuild swaps from it again (its text is not written anew)
    from .draw.diagram import Diagram  # lazy: start-up
    written.update((key, written_part(fields)) for key, fields in parts.items())
    return ({name: Diagram(width, height, tuple((key, _Part(w, h, t), dx, dy, k) for key, dx, dy, k, w, h, t in placed))
             for name, (width, height, placed) in entry["diagrams"].items()}, now)


def _swapped_parts(spec, used: dict, now: dict, parts: dict, paints: tuple | None) -> dict | None:
    """The kept parts' operators with each changed colour's rgb set where the new one is, or None: a read changed that
    is no colour, a maker declares nothing, or a swap could differ from drawing them (an old colour set by something else
    too, or otherwise than by rg or RG; a new colour set already, or alike another colour read, declared or new: a maker
    may read which colours are alike, as Posies' does through the plan that turns its board; black)."""
    colours = {what for what, value in used.items() if what.startswith(("colour:", "palette:")) and isinstance(value, str)
               and isinstance(now[what], str)}
    if paints is None or any(now[what] != value and what not in colours for what, value in used.items()):
        return None
    rgb = content.rgb
    fixed = {rgb(value) for value in paints} | _painted(spec, now)
    fixed.update(rgb(used[what]) for what in colours if now[what] == used[what])
    swaps: dict = {}   # old rgb -> new rgb
    for what in colours:
        if now[what] != used[what]:
            before, after = rgb(used[what]), rgb(now[what])
            if (swaps.setdefault(before, after) != after or before is None or after is None or before in fixed
                    or after in fixed or "0 0 0" in (before, after)):
                return None
    if len(set(swaps.values())) != len(swaps):   # two colours that differed made alike
        return None
    swapped = {}
    for key, (ops, *rest) in parts.items():
        others = json.dumps(rest)
        for before, after in swaps.items():
            if before == after:
                continue
            if (before in others or after in ops
                    or ops.count(before) != ops.count(f"\n{before} rg\n") + ops.count(f"\n{before} RG\n")):
                return None
            ops = ops.replace(f"\n{before} rg\n", f"\n{after} rg\n").replace(f"\n{before} RG\n", f"\n{after} RG\n")
        swapped[key] = [ops, *rest]
    return swapped


class Layouts:
    """A rulebook's text as reportlab laid it out, its pages taken apart (overlay.taken_apart), kept beside its file:
    reused (only the diagrams' parts written again, no reportlab or pikepdf loaded) while the rulebook's inputs, the
    diagrams' sizes and parts' places (overlay.extents) and everything the text read are as they were."""

    def __init__(self, path, inputs, spec, used):
        self.path = path.parent / cache.RECORDS / f"{path.name}.layout.json"
        self.inputs, self.spec, self.used, self.text = inputs, spec, used, None

    def get(self, sizes):
        """The pages taken apart of the kept layout for diagrams of these sizes and places (overlay.extents), or None;
        when only colours its text read changed, the kept pages with those colours swapped (overlay.recoloured)."""
        try:
            entry = json.loads(self.path.read_text())
            if entry["inputs"] != self.inputs or entry["sizes"] != sizes:
                return None
            now = {what: _now(self.spec, what) for what in entry["used"]}
            changed = [(what, value) for what, value in entry["used"].items() if now[what] != value]
            if not all(what.startswith("palette:") and isinstance(value, str) and isinstance(now[what], str)
                       for what, value in changed):
                return None
            swaps = [(value, now[what]) for what, value in changed]
            book = entry["book"]
            if swaps:
                from .output.overlay import recoloured  # lazy: start-up
                book = recoloured(book, swaps, [value for what, value in entry["used"].items()
                                                if what.startswith("palette:") and isinstance(value, str)
                                                and now[what] == value])
                if book is None:
                    return None   # kept as it was: the next rebuild swaps from it again (its text is not written anew)
            self.used.update(now)   # the file's own record lists what its text read
            return book
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def reader(self):
        """The spec stand-in the text is laid out with (what it reads is recorded)."""
        self.text = Reader(self.spec)
        return self.text

    def put(self, sizes, book):
        """Keep a new layout with what its text read."""
        self.used.update(self.text.used)
        write_quietly(self.path, json.dumps({"inputs": self.inputs, "sizes": sizes, "used": self.text.used,
                                             "book": book}).encode())


class _Palette(Mapping):
    """The palette, recording each colour a renderer looks up."""

    def __init__(self, palette, used):
        self._palette, self._used = palette, used

    def __getitem__(self, name):
        self._used[f"palette:{name}"] = self._palette.get(name)
        return self._palette[name]

    def __iter__(self):
        self._used["palette"] = _digest(sorted(self._palette))  # the names only: a value read is recorded by its name
        return iter(self._palette)

    def __len__(self):
        self._used["palette"] = _digest(sorted(self._palette))
        return len(self._palette)


class _Templates:
    """The spec's templates, recording the digest of each one a renderer reads."""

    def __init__(self, templates, used):
        self._templates, self._used = templates, used

    def load(self, name):
        found = self._templates.load(name)
        self._used[f"template:{name}"] = found.digest
        return found


NOT_READS = frozenset({"derived", "lines", "line"})   # a spec's memos and line numbers


class Reader:
    """A spec stand-in for the rulebook (its diagrams and text): records the colours, components, templates and other
    fields they read, working everything out afresh (nothing remembered from the real spec escapes the record; what the
    stand-in works out is remembered by it, its reads recorded when first made)."""

    def __init__(self, spec, used=None):
        self._spec, self.used, self._remembered = spec, {} if used is None else used, {}

    def __getattr__(self, name):
        """Any other field read (the game, colour_names, fonts ...), recorded by its digest; a method of the spec
        (colour_name) reads through this stand-in. Line numbers (error messages only) are not reads."""
        value = getattr(self._spec, name)
        if name.startswith("_") or name in NOT_READS:
            return value
        if callable(value):
            return getattr(type(self._spec), name).__get__(self)
        self.used[f"spec:{name}"] = _now(self._spec, f"spec:{name}")
        return value

    @property
    def palette(self):
        return _Palette(self._spec.palette, self.used)

    @property
    def templates(self):
        return _Templates(self._spec.templates, self.used)

    @property
    def components(self):
        if self._spec.game.ruleset:
            self.used["components"] = _digest(self._spec.components)
        else:   # a designer's rulebook: what its text and table read of them (cache.rulebook_spec)
            self.used["listed"] = _now(self._spec, "listed")
        return self._spec.components

    def colour(self, name):
        self.used[f"colour:{name}"] = self._spec.colour(name)
        return self.used[f"colour:{name}"]

    def component(self, component_id):
        found = self._spec.component(component_id)
        self.used[f"component:{component_id}"] = _digest(found)
        return found

    def remembered(self, name, make):
        if name not in self._remembered:
            self._remembered[name] = make()
        return self._remembered[name]

    def _replace(self, **changes):
        return Reader(self._spec._replace(**changes), self.used)


def no_rules(spec, paper=None, out_dir=None):
    """Why a spec has no rulebook: where its rules file is looked for; given the build's paper and folder, the rulebooks
    an earlier build wrote there (their records say so) are removed, and named: no stale rulebook is left beside the
    components."""
    path = rules_path(spec)
    gone = [] if out_dir is None else _drop_rules(spec, papers(paper), out_dir)
    removed = f"; removed the old {', '.join(gone)}" if gone else ""
    if path.exists():   # a folder, a pipe or a device where the file goes
        what = "a folder" if path.is_dir() else "not a regular file (a pipe or a device)"
        return (f"{spec.path}: no rulebook: {shown(path)} is {what}, not a rules file (rules/<spec name>.yaml beside the "
                f"spec){removed}")
    return f"{spec.path}: no rulebook: its rules file would be {shown(path)} (rules/<spec name>.yaml beside the spec){removed}"


def _drop_rules(spec, chosen, out_dir) -> list:
    """Remove the rulebook PDFs of these papers that pnp wrote for the spec (each with its record); their names."""
    gone = []
    for paper in chosen:
        path = game_folder(out_dir, spec.folder) / f"{spec.edition}-rules-{paper}.pdf"
        record = cache.record_of(path)
        if path.is_file() and record.is_file():
            path.unlink()
            record.unlink()
            gone.append(path.name)
    return gone
