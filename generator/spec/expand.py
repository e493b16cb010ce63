"""Explode a spec into pieces (one per physical component) and the distinct artworks they use."""
import itertools
import json
from array import array
from collections.abc import Mapping, Sequence, ValuesView
from functools import partial
from types import MappingProxyType
from ..records import NamedTuple

from .. import cache, digests, games
from ..components import KINDS
from ..located import spec_error
from .model import ROW


class Art(NamedTuple):
    """One distinct drawing: a component's front with given properties, or its common back."""

    key: str
    component: str
    side: str
    props: MappingProxyType


class Piece(NamedTuple):
    """One physical component to cut out: which front art and which back art (or None)."""

    component: str
    index: int  # type: ignore[assignment]  # a field, not tuple.index
    front: str
    back: str | None = None


GENERATED = cache.Memo("generated.json", [])   # a declared generator's faces, by what it reads and the code
_art = partial(tuple.__new__, Art)  # an Art from a (key, component, side, props) tuple, made without a Python call
_piece = partial(tuple.__new__, Piece)


def face_props(spec, comp):
    """The properties of each distinct face of a component, before copies; a colour with a mark brings its mark."""
    faces, marks = _faces(spec, comp), comp.options.get("marks")
    return [marked(comp, props) for props in faces] if marks else faces


def marked(comp, props: Mapping) -> Mapping:
    """A face's properties with the `mark` its component's `marks` option gives its colour, if any."""
    mark = (comp.options.get("marks") or {}).get(props.get("colour"))
    return {**props, "mark": mark} if mark else props


def _faces(spec, comp):
    """The properties of each distinct face as the faces block gives them."""
    source = comp.faces
    if source.generator:
        generators = games.ruleset(spec).generators
        generator = generators.get(source.generator)
        if generator is None:
            known = ", ".join(sorted(generators)) or "none"
            why = (f"the {spec.game.ruleset} rules have: {known}" if spec.game.ruleset else
                   "generators come from a game's rules, and this spec names none in game.ruleset")
            raise spec_error(spec, ("components", comp.id, "faces", "generator"),
                             f"unknown generator {source.generator!r}: {why}")
        made = _generated(spec, source.generator, generator, comp)
        if len(made) != source.count:
            raise spec_error(spec, ("components", comp.id, "faces", "count"),
                             f"generator {source.generator!r} made {len(made)} faces, count asks for {source.count}")
        return [dict(p) for p in made]
    if source.product:
        names = [name for name, _ in source.product]
        return [dict(zip(names, combo)) for combo in itertools.product(*(values for _, values in source.product))]
    if source.items:
        return list(source.items)  # read-only already: each face's Art keeps its item, not a copy
    return [{}]


def _generated(spec, name: str, generator, comp) -> list:
    """A generator's faces: kept between runs by the components it declares it reads (games.reads_components), its
    name and the code, when they come back from JSON as they were made; else made each time. Not keyed as a game's
    check is (all of the spec but its palette): a rulebook's diagrams expand through a stand-in that records what is
    read (build.Reader), and that key would read the whole spec."""
    ids = getattr(generator, "components", None)
    if ids is None:
        return generator(spec, comp)
    key = digests.hexdigest(repr((spec.game.ruleset, name, comp.id, [spec.component(i) for i in ids], cache.code())).encode())
    made = GENERATED.get(key)
    if made is None:
        made = generator(spec, comp)
        if json.loads(json.dumps(made)) == made:   # lists, dicts, strings and numbers only: kept exactly
            GENERATED.put(key, made)
    return made


def expand(spec):
    """Return (pieces, arts): every piece in spec order and every distinct art by key (not to be changed).

    Worked out once per spec (checking a spec and then building it expand once) and kept with it.
    """
    return spec.remembered("expand", lambda: _expand(spec))


class Arts(Mapping):
    """The distinct artworks of a spec by key, in spec order: those made as it is expanded, and each data deck's fronts
    (_Deck) made when asked for, from their rows read again: no Art and no row held for each card of a deck."""

    def __init__(self):
        self.made, self.decks, self.order = {}, {}, []   # order: each run of made keys (a list) and each deck, in turn

    def add(self, art: Art) -> None:
        """Add an artwork made now."""
        if not self.order or type(self.order[-1]) is not list:
            self.order.append([])
        self.order[-1].append(art.key)
        self.made[art.key] = art

    def deck(self, deck: "_Deck") -> None:
        """Add a deck's fronts."""
        self.order.append(deck)
        self.decks[deck.component] = deck

    def __getitem__(self, key):
        found = self.made.get(key)
        if found is not None:
            return found
        deck, index = self._front(key)
        return deck.art(index)

    def __contains__(self, key) -> bool:
        try:
            return key in self.made or bool(self._front(key))
        except KeyError:
            return False

    def _front(self, key) -> tuple:
        """(the deck, the index) of a deck's front by its key (comp-n); a KeyError for any other key."""
        component, _, number = key.rpartition("-") if isinstance(key, str) else ("", "", "")
        deck = self.decks.get(component)   # n as str(n) writes it (no '01'): the key Keys makes
        index = int(number) - 1 if deck is not None and number.isascii() and number.isdigit() and number[0] != "0" else -1
        if not 0 <= index < len(deck.keys):
            raise KeyError(key)
        return deck, index

    def __iter__(self):
        for part in self.order:
            yield from part if type(part) is list else part.keys

    def values(self) -> ValuesView:
        """The artworks in order, a deck's fronts made from its rows one after another."""
        return _Values(self)

    def __len__(self) -> int:
        return len(self.made) + sum(len(deck.keys) for deck in self.decks.values())

    def component(self, key: str) -> str:
        """The component of an artwork (a deck's front's known from its key, its row unread)."""
        found = self.made.get(key)
        return found.component if found is not None else self._front(key)[0].component


class _Values(ValuesView):
    """The artworks of Arts in order, a deck's made one after another from its rows (no key looked up again)."""

    def __iter__(self):
        arts = self._mapping
        for part in arts.order:
            yield from map(arts.made.__getitem__, part) if type(part) is list else map(part.art, range(len(part.keys)))


class Grounds:
    """The ground of each artwork ('r g b' or None) by key, as the checks and the imposition note them: a front numbered
    in order (comp-n) as the number of its colour in an array of its component, any other key in a dict; each colour
    held once (a deck's 50,000 fronts: 4 bytes a card, not a dict entry and a string)."""

    def __init__(self):
        self.colours, self.numbers, self.runs, self.others = [], {}, {}, {}

    def __setitem__(self, key: str, value) -> None:
        number = self.numbers.get(value)
        if number is None:
            number = self.numbers[value] = len(self.colours)
            self.colours.append(value)
        component, index = _numbered(key)
        run = self.runs.setdefault(component, array("i")) if index >= 0 else None
        if run is not None and index < len(run):
            run[index] = number
        elif run is not None and index == len(run):
            run.append(number)
        else:   # not next in its component's order: kept by its key
            self.others[key] = value

    def __getitem__(self, key: str):
        component, index = _numbered(key)
        run = self.runs.get(component) if index >= 0 else None
        if run is not None and index < len(run):
            return self.colours[run[index]]
        return self.others[key]

    def __contains__(self, key) -> bool:
        try:
            self[key]
        except KeyError:
            return False
        return True


class Noted(Sequence):
    """Keys noted one after another (the faces a build drew), each front numbered in order (comp-n) held as one int (its
    component's place in names << 32 | n), any other key as its own name (0 for n): 8 bytes a card of a deck, no string.
    Read and compared as the list of them."""

    def __init__(self):
        self.names, self.named, self.codes = [], {}, array("q")   # named: each name's place in names

    def append(self, key: str) -> None:
        """Note a key after the others."""
        component, index = _numbered(key)
        name = component if index >= 0 else key
        place = self.named.get(name)
        if place is None:
            place = self.named[name] = len(self.names)
            self.names.append(name)
        self.codes.append(place << 32 | index + 1)

    def __len__(self) -> int:
        return len(self.codes)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        code = self.codes[index]
        name, number = self.names[code >> 32], code & 0xFFFFFFFF
        return f"{name}-{number}" if number else name

    def __eq__(self, other):
        return list(self) == list(other) if isinstance(other, (list, Noted)) else NotImplemented

    __hash__ = None   # type: ignore[assignment]  # as a list's

    def __repr__(self) -> str:
        return repr(list(self))


def _numbered(key: str) -> tuple:
    """(component, n - 1) of a key comp-n (n written as str(n) writes it), else (key, -1)."""
    component, _, number = key.rpartition("-")
    if component and number.isascii() and number.isdigit() and number[0] != "0":
        return component, int(number) - 1
    return key, -1


class _Run(Sequence):
    """Items start to stop of a sequence whose items are made when read (_at), none held: a slice of it is again such a
    run (_run)."""

    __slots__ = ()
    start: int
    stop: int

    def _at(self, index: int):
        raise NotImplementedError

    def _run(self, start: int, stop: int):
        raise NotImplementedError

    def __len__(self) -> int:
        return self.stop - self.start

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return [self[i] for i in range(start, stop, step)]
            return self._run(self.start + start, self.start + max(start, stop))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"{type(self).__name__} index out of range")
        return self._at(self.start + index)


class Keys(_Run):
    """The keys of a deck's fronts, comp-n for n from start + 1 to stop, each made when read: none held for each card
    (a slice of them is such a run)."""

    __slots__ = ("component", "start", "stop")

    def __init__(self, component: str, start: int, stop: int):
        self.component, self.start, self.stop = component, start, stop

    def _at(self, index: int) -> str:
        return f"{self.component}-{index + 1}"

    def _run(self, start: int, stop: int) -> "Keys":
        return Keys(self.component, start, stop)

    def __iter__(self):
        return map(f"{self.component}-{{}}".format, range(self.start + 1, self.stop + 1))

    def __repr__(self) -> str:
        return f"Keys({self.component!r}, {self.start}, {self.stop})"


class _Deck(NamedTuple):
    """A data deck's fronts: its component, each front's key (Keys, made when read), its faces (data.Faces) and the face
    each front shows (firsts: None when each face is a front of its own)."""

    component: str
    keys: Keys
    faces: Sequence
    firsts: array | None

    def art(self, index: int) -> Art:
        """The Art of the front keys[index], its row read now."""
        face = index if self.firsts is None else self.firsts[index]
        return _art((f"{self.component}-{index + 1}", self.component, "front", self.faces[face]))


class Pieces(Sequence):
    """Every piece of a spec in order, as runs of them: lists of pieces made, and data decks' (_DeckPieces), each piece
    made when read (no Piece held for each card). Read, compared and shown as the list of them."""

    def __init__(self, parts: list):
        self.parts, self.ends = parts, list(itertools.accumulate(map(len, parts)))

    def __len__(self) -> int:
        return self.ends[-1] if self.ends else 0

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("piece index out of range")
        from bisect import bisect_right  # lazy: start-up (pieces are read in order; a build reads none by index)
        part = bisect_right(self.ends, index)
        return self.parts[part][index - (self.ends[part - 1] if part else 0)]

    def __iter__(self):
        return itertools.chain.from_iterable(self.parts)

    def __eq__(self, other):
        return list(self) == list(other) if isinstance(other, (list, Pieces)) else NotImplemented

    __hash__ = None   # type: ignore[assignment]  # as a list's

    def __repr__(self) -> str:
        return repr(list(self))


class _DeckPieces(_Run):
    """The pieces of a data deck, or a run of them (start to stop), each made when read: a row's copies one after another,
    each piece's front the key of its row's face (keys[placed[n]]; placed None: the n-th key). A slice is such a run."""

    __slots__ = ("component", "keys", "placed", "back", "copies", "start", "stop")   # a sheet's block holds a run

    def __init__(self, component: str, keys: Keys, placed: array | None, back: str | None, copies: int,
                 start: int = 0, stop: int | None = None):
        self.component, self.keys, self.placed, self.back, self.copies = component, keys, placed, back, copies
        self.start = start
        self.stop = len(keys if placed is None else placed) * copies if stop is None else stop

    @property
    def distinct(self) -> bool:
        """True when each piece has a front of its own (no copies, no row a face of another's)."""
        return self.copies == 1 and self.placed is None

    def _at(self, index: int) -> Piece:
        face = index // self.copies
        return _piece((self.component, index, self.keys[face if self.placed is None else self.placed[face]], self.back))

    def _run(self, start: int, stop: int) -> "_DeckPieces":
        return _DeckPieces(self.component, self.keys, self.placed, self.back, self.copies, start, stop)

    def __iter__(self):
        if self.copies != 1:
            return map(self.__getitem__, range(len(self)))
        keys, start, stop = self.keys, self.start, self.stop   # in C passes
        fronts = keys[start:stop] if self.placed is None else map(keys.__getitem__, self.placed[start:stop])
        return map(_piece, zip(itertools.repeat(self.component), itertools.count(start), fronts, itertools.repeat(self.back)))


def run_keys(cells: tuple) -> Keys | None:
    """The fronts of a sheet's blocks of pieces (cells: each block's) as one run of Keys, when they are runs of a deck's
    distinct fronts one after another; else None."""
    first = cells[0]
    if not all(type(run) is _DeckPieces and run.distinct and run.keys is first.keys for run in cells):
        return None
    if any(before.stop != after.start for before, after in zip(cells, cells[1:])):
        return None
    return first.keys[first.start:cells[-1].stop]


def _expand(spec):
    """(pieces, arts) of a spec, worked out afresh: the pieces a list, or Pieces when a data deck's are among them."""
    pieces, arts, parts = [], Arts(), []
    for comp in spec.components:
        by_props = {}
        back = None
        if comp.back:
            back = f"{comp.id}-back"
            arts.add(Art(back, comp.id, "back", MappingProxyType({})))
        first, backs, back_of = len(pieces), {}, KINDS[comp.kind].back_face if comp.back else None
        if hasattr(comp.faces.items, "table") and not (back_of and any(back_of(comp.options, p) for p in comp.faces.items)):
            parts += [pieces, _deck(arts, comp, back)]   # a CSV's deck (data.Faces), each face with the common back
            pieces = []                                  # (or none)
            continue
        faces = face_props(spec, comp)
        if back_of is None and _distinct(comp.faces):   # no digest needed to tell the faces apart
            keys = [f"{comp.id}-{number}" for number in range(1, len(faces) + 1)]
            for art in map(_art, zip(keys, itertools.repeat(comp.id), itertools.repeat("front"), map(MappingProxyType, faces))):
                arts.add(art)
            copies = comp.faces.copies
            placed = keys if copies == 1 else [key for key in keys for _ in range(copies)]
            pieces += map(_piece, zip(itertools.repeat(comp.id), itertools.count(), placed, itertools.repeat(back)))
            continue
        row = ROW if "data" in comp.options else None   # a data row's number tells its face from every other row's
        for props in faces:
            # 1, 1.0 and True are different faces; the text's digest is kept, not the text (a deck has thousands)
            identity = props[row] if row else digests.keyed(repr(sorted(props.items())).encode()).digest()
            key = by_props.get(identity)
            if key is None:
                key = by_props[identity] = f"{comp.id}-{len(by_props) + 1}"
                arts.add(Art(key, comp.id, "front", props if type(props) is MappingProxyType else MappingProxyType(props)))
            own = back_of(comp.options, props) if back_of else None   # a back of its own (a data row's back column)
            behind = back
            if own is not None:
                behind = backs.get(repr(sorted(own.items())))
                if behind is None:
                    behind = backs[repr(sorted(own.items()))] = f"{comp.id}-back-{len(backs) + 1}"
                    arts.add(Art(behind, comp.id, "back", MappingProxyType(own)))
            for _ in range(comp.faces.copies):   # each piece made at once: no list of (front, back) for the deck
                pieces.append(_piece((comp.id, len(pieces) - first, key, behind)))
    return (Pieces([part for part in parts + [pieces] if part]) if parts else pieces), arts


def _deck(arts: Arts, comp, back) -> _DeckPieces:
    """The pieces of a data deck (data.Faces), its fronts added to arts as a _Deck: one for each row, in order (a row's
    copies follow one another), none of its rows read."""
    faces, copies = comp.faces.items, comp.faces.copies
    if faces.rows is None:
        keys, firsts, placed = Keys(comp.id, 0, len(faces)), None, None
    else:
        firsts, placed = array("l"), array("l")   # the face each front shows first; the front of each face
        for index, row in enumerate(faces.rows):
            if not firsts or faces.rows[firsts[-1]] != row:
                firsts.append(index)
            placed.append(len(firsts) - 1)
        keys = Keys(comp.id, 0, len(firsts))
    arts.deck(_Deck(comp.id, keys, faces, firsts))
    return _DeckPieces(comp.id, keys, placed, back, copies)


def _distinct(source) -> bool:
    """True when every face of a faces block differs from every other: a product whose lists each name a value once
    (1, 1.0 and True are three values, as repr tells them)."""
    return (not source.generator and bool(source.product)
            and all(len(set(map(repr, values))) == len(values) for _, values in source.product))
