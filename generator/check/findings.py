"""What the text and safe-area checks found on each face, told as failures: the checks measure (textcheck.py,
safearea.py); their verdicts, measured now or kept with the faces, are tallied here (a build whose verdicts are all kept
loads neither check)."""
import re

from ..records import NamedTuple
from ..draw import svg, svgvalues
from ..components.kind import BLEED, SAFE
from .wording import ranges
from ..spec.model import DATA, ROW
from ..units import whole

SLACK = 0.05   # mm of ink past an edge that coordinate rounding may put there
RUNS = re.compile(r"text '.*' runs (?P<mm>\d+\.\d) mm past the (?P<edge>.+) \((?P<name>text [^()]+)\)")   # a layout
# text's ink past an edge of its box or the safe area, as textcheck words it
PALE = 0.96    # a ground lighter than this in every channel counts as white paper
WORDED = re.compile(r"text (?P<words>'.*') \((?P<name>text [^()]+)\)(?P<rest> .+)")   # a layout text's problem,
# its words quoted: the faces of a deck whose every card sets its own words there are told in one line
SHOWN = 3      # the words quoted in such a line, the rest counted (all of them, when that is one more)


class Reach(NamedTuple):
    """How close one element of an artwork comes to its piece's cut line (negative: ink past the cut)."""

    component: str
    side: str           # "front" or "back"
    face: object        # the front's number among its component's faces, or "back"
    part: str
    distance: float
    text: bool          # a line of text (textcheck measures its glyphs)
    role: str           # svg.MARK or svg.FRAME


class Tally:
    """What a check found on each artwork, filed as it is noted, and each component's fronts counted: a message names a
    front by its number."""

    def __init__(self, spec):
        self.spec, self.found, self.faces = spec, {}, {comp.id: 0 for comp in spec.components}

    def face(self, art):
        """Count one artwork's face: its front's number, or 'back'."""
        if art.side != "front":
            return "back"
        self.faces[art.component] += 1
        return self.faces[art.component]


class Noted(Tally):
    """Messages filed by component and message, each with the faces (and data rows) it is on: a message that names its
    row ('(cards.csv row 4, text cost)') has the row taken out, so faces of rows alike share one line."""

    def note(self, art, messages) -> None:
        """Count one artwork's face and file its messages under it, with its data row."""
        face = self.face(art)
        data, row = art.props.get(DATA), art.props.get(ROW)
        marker = f"({data} row {row}, " if row is not None else None
        for message in messages:
            said = message.replace(marker, "(") if marker else message
            self.found.setdefault((art.component, data, said), []).append((face, row))


class Texts(Noted):
    """The text problems of each artwork (textcheck.Check.measure's), filed by component and message: the faces of
    data rows with one problem alike (a text every card sets) told in one line, the rows named there."""

    def failures(self) -> list:
        """(component, message) of every text problem found, each with the faces it is on (and their data rows); a layout
        text whose ink runs past an edge on several faces, each its own words and distance, or the copies of a repeated
        one, told in one line ('text rules runs up to 42.2 mm past the right edge of ...', 'text num 10-17 (8 copies)
        runs ...'), as a misplaced box on every card of a deck is."""
        merged: dict = {}
        for (component, data, message), found in _worded(self.found).items():
            past = RUNS.fullmatch(message)
            element, copy = _copy(past["name"]) if past else (None, None)
            key = (component, data, element, past["edge"]) if past else (component, data, message)
            merged.setdefault(key, []).append((float(past["mm"]) if past else 0.0, message, found, copy))
        out = []
        for key, told in merged.items():
            component, data = key[:2]
            found = sorted(dict.fromkeys(entry for _, _, entries, _ in told for entry in entries),
                           key=lambda entry: (entry[0] == "back", 0 if entry[0] == "back" else entry[0]))
            copies = sorted({copy for *_, copy in told if copy is not None})
            named = key[2]
            if copies:   # a repeated text's copies: 'text num 15-17 (3 copies)'
                named += f" {ranges(copies)} ({len(copies)} copies)" if len(copies) > 1 else f" {copies[0]}"
            message = told[0][1] if len(told) == 1 else \
                f"{named} runs up to {max(mm for mm, *_ in told):.1f} mm past the {key[3]}"
            rows = [row for _, row in found if row is not None]
            read = f" ({data} row{'s' * (len(rows) > 1)} {ranges(rows)})" if rows else ""
            out.append((component, f"{where([face for face, _ in found])}{read}: {message}"))
        return out


class Warnings(Noted):
    """Lines a designer should hear of each artwork (resolution.warnings' images placed below 300 dpi, legibility's text
    that reads poorly, textcheck.across's text across a board's join), each told once for all the faces alike."""

    def lines(self) -> list:
        """'<file>: <component>: <faces> (<data file> rows <n-m>): <line>' for each line, its faces and rows in ranges."""
        out = []
        for (component, data, line), found in _worded(self.found).items():
            rows = [row for _, row in found if row is not None]
            read = f" ({data} row{'s' * (len(rows) > 1)} {ranges(rows)})" if rows else ""
            out.append(f"{self.spec.path}: {component}: {where([face for face, _ in found])}{read}: {line}")
        return out


class Marks(Tally):
    """The marks too near the cut and the ground fills of each artwork (safearea.Check.measure's), filed by component."""

    def __init__(self, spec):
        super().__init__(spec)
        self.grounds: dict = {}
        self.rows: dict = {}   # (component, face) -> (data file, row) of a layout's face drawn from a data row

    def note(self, art, measured) -> None:
        """Count one artwork's face and file what measure found on it (with its data row)."""
        near, fills = measured
        face = self.face(art)
        if near:
            from ..components.layout import DATA, ROW  # lazy: start-up (only a face found too near its cut asks)
            if art.props.get(ROW) is not None:
                self.rows[(art.component, face)] = (art.props.get(DATA), art.props.get(ROW))
        for part, distance, role in near:
            self.found.setdefault((art.component, part, role), []).append(
                Reach(art.component, art.side, face, part, distance, False, role))
        self.grounds.setdefault(art.component, {}).setdefault(art.side, set()).update(fills)

    def failures(self) -> list:
        """(component, message) of every mark too near its cut, the copies of one repeated element on the same faces
        told in one line ('dots 0-449 (450 copies) are ...'), then every ground short of bleed."""
        copies: dict = {}
        for (component, part, kind), rs in self.found.items():
            element, number = _copy(part)
            copies.setdefault((component, element, kind, tuple(r.face for r in rs), number is None), []).append(
                (number, part, rs))
        out = []
        for (component, element, kind, faces, _), found in copies.items():
            worst = min(r.distance for _, _, rs in found for r in rs)
            rule = f"marks keep {SAFE:g} mm inside it" if kind == svg.MARK else "a frame stays inside it"
            read = [self.rows[(component, face)] for face in faces if (component, face) in self.rows]
            faced = where(faces) + (f" ({read[0][0]} row{'s' * (len(read) > 1)} {ranges([row for _, row in read])})"
                                    if read else "")
            if len(found) == 1:
                at = f"{worst:.1f} mm inside the cut" if worst >= 0 else f"{-worst:.1f} mm past the cut"
                out.append((component, f"{faced}: {found[0][1]} is {at} ({rule})"))
                continue
            at = f"as little as {worst:.1f} mm inside the cut" if worst >= 0 else f"up to {-worst:.1f} mm past the cut"
            numbers = [number for number, _, _ in found]
            out.append((component, f"{faced}: {element} {ranges(numbers)} ({len(numbers)} copies) are {at} ({rule})"))
        return out + bleed_failures(self.spec, self.grounds)


def _worded(found: dict) -> dict:
    """Filed messages ({(component, data, message): [(face, row)]}) with those that differ only in the words of one
    layout text told as one, on all their faces: "text title lies on band, of its own colour #2a6f97 ... ('Brig',
    'Sloop', 'Ferry' and 13 more)"."""
    grouped: dict = {}
    for (component, data, message), faces in found.items():
        worded = None if RUNS.fullmatch(message) else WORDED.fullmatch(message)
        key = (component, data, worded["name"], worded["rest"]) if worded else (component, data, message)
        grouped.setdefault(key, []).append((worded["words"] if worded else None, message, faces))
    out: dict = {}
    for key, told in grouped.items():
        if len(told) == 1:
            out[key[:2] + (told[0][1],)] = told[0][2]
            continue
        words = list(dict.fromkeys(words for words, _, _ in told))
        cut = len(words) > SHOWN + 1   # "and 1 more" would say less than the one text
        shown = ", ".join(words[:SHOWN] if cut else words) + (f" and {len(words) - SHOWN} more" if cut else "")
        faces = sorted((entry for *_, entries in told for entry in entries),
                       key=lambda entry: (entry[0] == "back", 0 if entry[0] == "back" else entry[0]))
        out[key[:2] + (f"{key[2]}{key[3]} ({shown})",)] = faces
    return out


def _copy(part: str) -> tuple:
    """(the element, the copy's number) of a repeated element's part ('dots 12'), else (the part, None)."""
    element, _, number = part.rpartition(" ")
    copy = whole(number, 1 << 31) if element else None   # an element named 'dot ²' or 'dot 1000...0' is no copy
    return (element, copy) if copy is not None else (part, None)


def where(faces) -> str:
    """Which faces a message is about: 'face 3', 'faces 1-20', 'faces 2, 5', 'back'."""
    numbers = [f for f in faces if f != "back"]
    parts = ranges(numbers) + (", back" if "back" in faces else "")
    return f"face{'s' if len(numbers) > 1 else ''} {parts}" if numbers else "back"


def tinted(fill) -> bool:
    """True when a fill is a colour other than (near) white paper."""
    rgb = svgvalues.colour(fill) if fill else None
    return rgb is not None and min(rgb) < PALE


def bleed_failures(spec, grounds) -> list:
    """(component, message) for each component with a back, or a ground not white, that bleeds less than BLEED mm."""
    out = []
    for comp in spec.components:
        if comp.bleed >= BLEED - SLACK:
            continue
        sides = grounds.get(comp.id, {})
        colours = sorted({f for fills in sides.values() for f in fills if tinted(f)})
        if "back" in sides:
            out.append((comp.id, f"a piece with a back needs bleed: {BLEED:g} mm or more, so that a duplex print a "
                                 f"little off shows no white edge (found {comp.bleed:g} mm)"))
        elif colours:
            out.append((comp.id, f"its ground ({', '.join(colours)}) reaches the cut: it needs bleed: {BLEED:g} mm or "
                                 f"more, so that a cut a little off shows no white sliver (found {comp.bleed:g} mm)"))
    return out
