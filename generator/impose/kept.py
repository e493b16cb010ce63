"""Sheet plans kept beside their file: a rebuild whose pieces and sizes are as they were, and whose shared grounds are
alike where they were (a colour changed that no ground shows, or one ground recoloured on its own), takes the last plan
and page count instead of imposing again, and the sheets' furniture and layouts worked out from it."""
import io
import json
from itertools import groupby
from operator import itemgetter

from .. import cache
from ..draw import content
from ..draw.render import draw_art
from ..facecache import written
from ..files import write_quietly
from .grounds import shared_ground
from .plan import Assembly, Placed, Plan, Rect, Sheet


def runs(pieces) -> tuple:
    """(component, front, back, count) of each run of pieces alike but for their number: all imposition reads of them
    (a deck of 10,000 tiles in 16 faces is 16 runs)."""
    return tuple((*alike, len(list(run))) for alike, run in groupby(pieces, _READ))


_READ = itemgetter(0, 2, 3)  # a Piece's component, front and back
_PLACE, _ART = itemgetter(1, 2, 3, 4, 5, 6, 7), itemgetter(0)  # a Slot's fields but its art; its art


def decode(fields) -> Plan:
    """A plan from its JSON form (entry_parts', as json read it back: each record and tuple a list)."""
    paper, width, height, sheets, covered, shapes = fields
    shapes = list(map(_shape, shapes))
    # each sheet's slots made when read from its arts and its shape's places (plan.Placed), no Slot held for each
    sheets = [shapes[number][0]._replace(slots=Placed(tuple(arts), shapes[number][1])) for number, arts in sheets]
    plan = Plan(paper, width, height, tuple(sheets[:len(sheets) - covered]))
    return plan._replace(cover=sheets[-1]) if covered else plan


def _shape(fields) -> tuple:
    """(a Sheet without slots, its slots' fields but the art, slot by slot) from the list of a shape's fields."""
    side, slots, marks, targets, components, note, folds, assembly, tabs, grounds = fields
    columns: list = list(zip(*slots)) or [()] * 7
    columns[6] = [Rect(*window) if window is not None else None for window in columns[6]]
    return (Sheet(side, (), tuple((tuple(a), tuple(b)) for a, b in marks), tuple(map(tuple, targets)), tuple(components),
                  note, tuple(folds), Assembly(*assembly) if assembly is not None else None, tuple(Rect(*r) for r in tabs),
                  tuple(Rect(*g) for g in grounds)), tuple(zip(*columns)))


def plan_inputs(spec):
    """What a plan's key hashes of a spec: all of it but its palette, line numbers and components' faces. Imposition
    reads each piece's component, size and count (the key names the pieces by their runs) and the grounds of its faces
    (checked on reuse), the furniture the spec's words; never what a face shows, so a card's text edited keeps the plan."""
    return spec.remembered("plan inputs", lambda: (sans := cache.sans_palette(spec))._replace(
        components=tuple(component._replace(faces=None) for component in sans.components)))


def alike_grounds(before: dict, now: dict) -> bool:
    """Whether two sets of shared grounds ({component: its ground or None}) give one plan: the same components have none,
    and two components' grounds are equal now exactly where they were (imposition reads a ground only to group the
    components that share one, never its colour)."""
    forward: dict = {}
    backward: dict = {}   # each ground before -> the one now, and back (as tuples: JSON gives lists)
    for component, was in before.items():
        was, found = _tuple(was), _tuple(now[component])
        if ((was is None) != (found is None) or forward.setdefault(was, found) != found
                or backward.setdefault(found, was) != was):
            return False
    return True


def _tuple(ground):
    """A ground as a tuple (JSON and imposition give a list or a tuple), or None."""
    return tuple(ground) if ground is not None else None


class KeptPlan:
    """The plan and pages saved of one output file, kept in .pnp-cache beside it by the inputs imposition reads: the
    spec without its palette, line numbers and faces (plan_inputs), the pieces (runs), the paper and backs, the code;
    and each component's shared ground (imposition gives pieces one ground under their block when they share it),
    checked again on reuse: alike where they were (alike_grounds), the grounds of now kept in their place."""

    def __init__(self, path, spec, pieces, paper, backs):
        self.path = path.parent / cache.RECORDS / f"{path.name}.plan.json"
        self.spec, self.pieces, self.paper, self.backs, self.grounds = spec, pieces, paper, backs, {}
        self.inputs, self.entry, self.changed = None, None, False
        self.regrounded = None   # the kept file's text before its grounds, while only those changed (save writes them)
        self.spill = None   # the JSON of the furniture written this build, each where its entry holds an int (in
                            # memory up to SPILL bytes, then a temporary file)

    def _read(self, face=draw_art) -> dict:
        """The kept entry when its inputs are as they are now and the shared grounds it read are alike where they were
        alike (alike_grounds: a ground recoloured on its own changes no plan); else an empty one. A face the checks did
        not draw is made by face(spec, art)."""
        self.inputs = cache.key(plan_inputs(self.spec), "plan", self.paper, self.backs, runs(self.pieces))
        try:
            text = self.path.read_text()
            entry = json.loads(text)
            if entry["inputs"] != self.inputs:
                return {}
            now = {component: self._ground(component, face) for component in entry["grounds"]}
            if not alike_grounds(entry["grounds"], now):
                return {}
            self.grounds, self.changed = now, now != entry["grounds"]   # the grounds of now kept with the plan
            tail = f',"grounds":{_encode(entry["grounds"])}}}'   # as save wrote it: the entry's last
            if self.changed and text.endswith(tail):
                self.regrounded = text[:-len(tail)]
            return entry
        except (OSError, ValueError, KeyError, TypeError):
            return {}

    def _ground(self, component, face):
        """A component's shared ground now, as JSON keeps it."""
        found = shared_ground(self.spec, [p for p in self.pieces if p.component == component], face)
        return list(found) if found is not None else None

    def get(self, name: str, make, face=draw_art):
        """The kept value called name ('plan', 'saved'), or make(grounds)'s, kept; grounds: a dict that imposition
        fills with each component's shared ground; face(spec, art): how a face the checks did not draw is made to read
        its ground (a FaceCache's face, when the PDF is being made and reads its faces anyway; else drawn)."""
        if self.entry is None:
            self.entry = self._read(face)
        if name not in self.entry:
            noted: dict = {}
            value = make(noted)
            self.grounds.update((component, list(g) if g is not None else None) for component, g in noted.items())
            self.entry[name], self.changed, self.regrounded = value, True, None   # written as JSON with the entry, by save
            return value
        found = self.entry[name]
        return decode(found) if isinstance(found, list) else found

    def furniture(self, name: str, make):
        """Sheet furniture called name (make() draws it) as written operators, kept with the plan: it shows only the plan
        and the spec's words, in fixed colours."""
        return self._kept("furniture", name, lambda: content.write(make()), written)

    def layout(self, name: str, make, decode):
        """What placing a sheet's pieces works out from the plan alone, called name (build._layout's shared-bleed clips,
        imposition.shares: make() works them out), kept with the plan as JSON (decode(fields) makes them from that)."""
        return self._kept("layouts", name, make, decode)

    def _kept(self, section: str, name: str, make, decode):
        """The value called name in a section of the entry, or make()'s, kept there as JSON (decode(fields) makes it
        from that)."""
        if self.entry is None:
            self.entry = self._read()
        kept = self.entry.setdefault(section, {})
        if name not in kept:
            made, self.changed, self.regrounded = make(), True, None
            if self.spill is None:
                self.spill = io.BytesIO()
            text = _encode(made).encode()   # its JSON set aside until save: one int a sheet, not its operators
            kept[name] = self.spill.tell() << 32 | len(text)
            self.spill.write(text)
            if isinstance(self.spill, io.BytesIO) and self.spill.tell() > SPILL:   # from here on, a temporary file
                import tempfile  # lazy: start-up (only a large plan's furniture leaves memory)
                spilled = tempfile.TemporaryFile()
                spilled.write(self.spill.getbuffer())
                self.spill = spilled
            return made
        found = kept[name]
        return decode(json.loads(self._spilled(found)) if type(found) is int else found)

    def _spilled(self, where: int) -> str:
        """The JSON of furniture or a layout kept this build, read back from the spill (where: its offset << 32 | its
        length)."""
        assert self.spill is not None
        self.spill.seek(where >> 32)
        text = self.spill.read(where & 0xFFFFFFFF).decode()
        self.spill.seek(0, 2)
        return text

    def save(self) -> None:
        """Write the entry if something was added; if only its grounds changed, the kept text with those alone written
        anew (a plan's many numbers are not encoded again)."""
        if self.regrounded is not None:
            write_quietly(self.path, f'{self.regrounded},"grounds":{_encode(self.grounds)}}}'.encode())
        elif self.changed:
            self.entry.update(inputs=self.inputs, grounds=self.grounds)
            write_quietly(self.path, entry_parts(self.entry, self._spilled))   # never the whole text at once


PART = 1 << 15   # characters of a kept entry's JSON put together before they are written
SPILL = 1 << 20  # bytes of furniture JSON held in memory before it moves to a temporary file
BATCH = 64       # entries of a mapping (the furniture) encoded at a time


def entry_parts(entry: dict, spilled=None):
    """A kept entry's JSON as bytes, in parts of about PART characters: the text json.dumps gives it but for a plan:
    [paper, width, height, its sheets (the cover last, if any) each as its shape's number and its slots' arts, whether
    it has a cover, each distinct shape (a sheet whose slots have no art) once]. A deck's full sheets share one shape.
    A plan is encoded sheet by sheet and a large mapping BATCH entries at a time, so that json's working copy is one
    sheet's, not the whole plan's (a 50,000-card deck's plan is megabytes), and the whole text is never held at once.
    spilled(n): the JSON of a piece of furniture held as an int n (KeptPlan.furniture's, on disk)."""
    parts, size, comma = [], 0, "{"
    for key, value in entry.items():
        parts.append(f"{comma}{_encode(key)}:")
        comma, read = ",", spilled if key in ("furniture", "layouts") else None
        if isinstance(value, Plan):
            shapes: dict = {}
            covered, last, number = value.cover is not None, None, 0
            parts.append(f"[{_encode(value[:3])[1:-1]},[")
            for i, sheet in enumerate(value.sheets + (value.cover,) * covered):
                slots = sheet.slots   # a grid sheet's are made when read (plan.Placed): its places and arts
                shape = (sheet[0], slots.places if isinstance(slots, Placed) else tuple(map(_PLACE, slots)), *sheet[2:])
                if shape != last:  # full sheets repeat the last one's shape: compared, not hashed again
                    last, number = shape, shapes.setdefault(shape, len(shapes))
                text = "," * bool(i) + _encode([number, list(slots.arts) if isinstance(slots, Placed) else list(map(_ART, slots))])
                parts.append(text)
                size += len(text)
                if size > PART:
                    yield "".join(parts).encode()
                    parts, size = [], 0
            parts.append(f"],{_encode(covered)},{_encode(list(shapes))}]")
        elif isinstance(value, dict) and len(value) > BATCH:
            items, between = list(value.items()), "{"
            for at in range(0, len(items), BATCH):
                parts.append(between + _mapping(items[at:at + BATCH], read)[1:-1])
                between = ","
                yield "".join(parts).encode()
                parts = []
            parts.append("}")
        elif isinstance(value, dict):
            parts.append(_mapping(list(value.items()), read))
        else:
            parts.append(_encode(value))
    parts.append("}" if entry else "{}")
    yield "".join(parts).encode()


_encode = json.JSONEncoder(separators=(",", ":")).encode  # one encoder: json.dumps makes one per call


def _mapping(items: list, spilled) -> str:
    """The JSON of a mapping's items, as _encode writes it, a value held as an int read by spilled (if given)."""
    if spilled is None or not any(type(value) is int for _, value in items):
        return _encode(dict(items))
    return "{" + ",".join(f"{_encode(name)}:{spilled(value) if type(value) is int else _encode(value)}"
                          for name, value in items) + "}"
