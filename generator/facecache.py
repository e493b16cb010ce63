"""Faces kept between builds, written as PDF operators: a face is drawn again only when something its kind declares it
reads (components.kind.inputs) changed."""
import functools
import io
import json
from collections import Counter
from array import array
from json.encoder import encode_basestring_ascii

from . import cache
from . import digests
from .digests import hexdigest
from .draw import content
from .draw.svgvalues import hex_of
from .files import write_quietly
from .draw.render import draw_art
from .components import KINDS
from .components.kind import inputs, paints as painted_by, size_words
from .spec.expand import Noted, expand


def declared(spec, art) -> dict:
    """{name: its value now} of what drawing an artwork reads beyond its key, as its kind declares it."""
    return {what: _now(spec, what) for what in inputs(spec, spec.component(art.component), art.side, art.props)}


def face_key(spec, art) -> str:
    """A digest of all that drawing an artwork reads, as the face cache reads it: its component's settings and the code
    (fonts included), its side and properties, and the values now of what its kind declares it reads."""
    settings = spec.remembered("settings", dict)   # each component's, worked out once (a deck's faces share it)
    if art.component not in settings:
        settings[art.component] = _settings(spec.component(art.component))
    used = sorted(declared(spec, art).items(), key=str)
    return hexdigest(f"{settings[art.component]}{art.side}{art.props.copy()!r}{used!r}".encode())


def _now(spec, dependency, known=None):
    """The current value of something a renderer reads, worked out once for each spec (a deck's faces read the same
    colours, templates and components: a component's digest is the repr of all its faces); known: the spec's values
    worked out so far (_known), when the caller has them."""
    if known is None:
        known = _known(spec)
    if dependency not in known:
        known[dependency] = _found(spec, dependency)
    return known[dependency]


def _known(spec) -> dict:
    """The values _now worked out for a spec so far, by what was read (taken once for all the reads of a face)."""
    return spec.remembered("now", dict)


def _found(spec, dependency):
    """_now's work."""
    kind, _, name = dependency.partition(":")
    if dependency == "spec":   # all of it but its memos and line numbers (a maker that declares nothing else)
        return _digest(spec._replace(lines=None, derived=None))
    if kind == "colour":
        return spec.colour(name)
    if kind == "spec":
        return _digest(getattr(spec, name))
    if kind == "palette":
        return spec.palette.get(name) if name else _digest(sorted(spec.palette))
    if kind == "components":
        return _digest(spec.components)
    if kind == "listed":
        return listed(spec)
    if kind == "template":
        return spec.templates.digest(name)
    if kind == "file":  # a designer's font, image or SVG art, by the digest its resource name carries
        try:
            return digests.sha256(open(name, "rb").read()).hexdigest()[:12]
        except OSError:
            return None
    found = next((c for c in spec.components if c.id == name), None)
    return _digest(found) if found is not None else None


def listed(spec) -> str:
    """What the rulebook of a spec that follows no game's rules reads of its components, in short: each one's id,
    title, size and piece count (its components table), and the figures its text may quote (figures.generic)."""
    from .spec.figures import generic  # lazy: start-up (only a rulebook reads figures)
    counts = Counter(piece.component for piece in expand(spec)[0])
    return _digest(([(comp.id, comp.title, size_words(comp), counts[comp.id]) for comp in spec.components],
                    sorted(generic(spec).items(), key=str)))


_written = functools.partial(tuple.__new__, content.Written)  # Written from a tuple, made without a Python call
_compact = json.JSONEncoder(separators=(",", ":")).encode  # one encoder for every entry
_quoted = encode_basestring_ascii  # a string as _compact writes it
_decode = json.JSONDecoder().raw_decode


def _with_text(text: str) -> dict:
    """{face: (entry, its JSON)} of a faces file as save writes it, '{"<face>":<entry>,...}'."""
    found, at = {}, 1
    while text.startswith('"', at):
        face, colon = _decode(text, at)   # a face's key is a JSON string (a colour's name may hold any character)
        entry, end = _decode(text, colon + 1)
        found[face] = (entry, text[colon + 1:end])
        at = end + 1
    return found


BLOCKS = "recoloured"   # the faces file's record of its recolour blocks (no face's key: a digest, or one and a colon)


class _Recoloured(dict):
    """The entry of a face a recolour block keeps, made when asked for; group, block, name and value: where it came from."""

    __slots__ = ("group", "block", "name", "value")


def _made(blocks, face):
    """The entry of a face kept in one of blocks ({group: block}, as save writes them), or None: its group's face in the
    sentinel colour, with the face's own colour read and set where the sentinel was."""
    group, _, name = face.partition(":")
    block = blocks.get(group)
    value = block["faces"].get(name) if block is not None else None
    if value is None:
        return None
    sentinel, (ops, *rest) = f"colour:{block['sentinel']}", block["written"]
    entry = _Recoloured(used={f"colour:{name}" if what == sentinel else what: value if what == sentinel else was
                              for what, was in block["used"].items()},
                        written=[f"\n{content.rgb(value)} ".join(ops.split(f"\n{content.rgb(block['sentinel'])} ")), *rest])
    entry.group, entry.block, entry.name, entry.value = group, block, name, value
    return entry


class _Kept(dict):
    """A faces file as read: {face: entry} of the faces kept one by one; a face of a recolour block made by get."""

    def __init__(self, found: dict):
        super().__init__(found)   # the blocks under BLOCKS too, which no face's key is: empty only when no face was kept
        self.blocks = found.get(BLOCKS, {})

    def get(self, face, default=None):
        """The entry of a face, kept by itself or in a block; else default."""
        found = dict.get(self, face)
        if found is None and self.blocks:
            found = _made(self.blocks, face)
        return default if found is None else found



def _digest(value):
    """A short stand-in for a large value read by a renderer (a component, all components, the palette)."""
    return hexdigest(repr(value).encode())


def written(fields) -> content.Written:
    """Written operators as JSON kept them (lists for tuples)."""
    ops, width, height, alphas, chars, sources, groups = fields
    return content.Written(ops, width, height, tuple(tuple(a) for a in alphas), tuple(tuple(c) for c in chars),
                           tuple(tuple(s) for s in sources), tuple(tuple(g) for g in groups))


def _stands(verdict) -> bool:
    """True for a verdict of the checks (None: none kept) that stands without its drawing: a measure that took a painter
    took it from the libraries that paint now (cairo's, which no key names: raster.painter). The designer's fonts and art
    its face read are among the face's reads, by their digests; its images placed below 300 dpi are in the verdict."""
    return verdict is not None and (not verdict["painted"] or verdict.get("painter") == painter())


@functools.cache
def painter() -> list:
    """raster.painter() as a verdict keeps it (JSON's lists): what a measure that took a painter read besides."""
    from .output import raster  # lazy: start-up (loaded only to judge or take a measure that painted)
    return json.loads(json.dumps(raster.painter()))


def _settings(comp) -> str:
    """The digest of a component's settings and the code drawing its faces: what all its faces' keys share."""
    return _digest((comp.id, comp.kind, comp.bleed, comp.back, dict(comp.options), cache.code()))


def _painted(spec, used) -> frozenset:
    """The rgb of every colour the templates a face read paint as their own (not currentColor, ink or mark); worked out
    once for each set of templates of a spec (a deck's faces read the same few)."""
    names = tuple(what[9:] for what in used if what.startswith("template:"))
    known = spec.remembered("painted", dict)
    if names not in known:
        each = spec.remembered("paints", dict)   # each template's _paints, looked up once (a set of them: 9 of 306)
        for name in names:
            if name not in each:
                each[name] = _paints(spec, name)
        known[names] = frozenset(rgb for name in names for rgb in each[name])
    return known[names]


PAINTS = cache.Memo("paints.json", [])   # _paints of each template by its digest and the code: a rebuild parses none


def _paints(spec, name: str) -> list:
    """The rgb of every colour one template paints as its own, kept between runs by its bytes' digest and the code (which
    parses it); worked out from its shapes when not kept."""
    key = f"{spec.templates.digest(name)} {cache.code()}"
    found = PAINTS.get(key)
    if found is None:
        colours: set = set()
        shapes = list(spec.templates.load(name).shapes)
        while shapes:
            _, attrs, children = shapes.pop()
            colours.update(content.rgb(attrs[key]) for key in ("fill", "stroke")
                           if key in attrs and attrs[key] not in ("currentColor", "ink", "mark"))
            shapes.extend(children)
        found = sorted(colours, key=str)   # None (no colour) sorts as its text
        PAINTS.put(key, found)
    return found


def keep_paints(spec) -> None:
    """Keep _paints of every template this run parsed (to draw), so that a rebuild swapping colours parses none."""
    for name, template in list(spec.templates.read.items()):
        if template.shapes is not None:
            _paints(spec, name)


class Index:
    """Where each kept face's entry is, by its key's hash (no hash() is -1): two arrays, by open addressing, 16 to 48 bytes
    a face where a dict of two ints held about 100."""

    __slots__ = ("hashes", "places", "count")

    def __init__(self, size: int = 8):
        self.hashes, self.places, self.count = array("q", [-1]) * size, array("q", [0]) * size, 0

    def _slot(self, key: int) -> int:
        """Where key is, or the free place it would go."""
        hashes, mask = self.hashes, len(self.hashes) - 1
        at = key & mask
        while hashes[at] != key and hashes[at] != -1:
            at = (at + 1) & mask
        return at

    def get(self, key: int, default=None):
        """The place of key, or default."""
        at = self._slot(key)
        return self.places[at] if self.hashes[at] == key else default

    def __contains__(self, key) -> bool:
        return self.hashes[self._slot(key)] == key

    def __getitem__(self, key: int) -> int:
        at = self._slot(key)
        if self.hashes[at] != key:
            raise KeyError(key)
        return self.places[at]

    def __setitem__(self, key: int, place: int) -> None:
        at = self._slot(key)
        if self.hashes[at] != key:
            if 3 * (self.count + 1) > 2 * len(self.hashes):   # two thirds full at most: twice as large
                hashes, places = self.hashes, self.places
                self.hashes, self.places, self.count = array("q", [-1]) * (2 * len(hashes)), array("q", [0]) * (2 * len(hashes)), 0
                for old, kept in zip(hashes, places):
                    if old != -1:
                        self[old] = kept
                at = self._slot(key)
            self.hashes[at] = key
            self.count += 1
        self.places[at] = place

    def __len__(self) -> int:
        return self.count

    def values(self) -> list:
        """The places."""
        return [place for key, place in zip(self.hashes, self.places) if key != -1]


class FaceCache:
    """Drawings of the faces of one output file, stored beside it as JSON and reused when still valid."""

    SPILL = 1 << 20   # bytes of kept faces held in memory before they move to a temporary file
    CHUNK = 1 << 18   # bytes the temporary file gathers before each write (not one write per 8 KiB)

    def __init__(self, path, shared=None):
        """shared: the face files other builds of the same spec saved this run (a list this one's is added to: its path,
        or, when the file was held in memory, its entries and their JSON handed over as they are, to be taken undecoded):
        a face drawn for another paper is taken from there."""
        self.path, self.shared, self.others = path.parent / cache.RECORDS / f"{path.name}.faces.json", shared, None
        self._entries = None  # the last build's, read on the first face asked for (an unchanged file needs none)
        self.drawn, self.components = Noted(), {}  # components: id -> (digest of what all its faces share, recolour field)
        self.recoloured = Noted()  # the faces written by putting their colours into kept operators or into those of a
                                   # face of their group drawn this build (Recolour), not drawn themselves
        self.recolours = {}  # group digest (faces differing only in colour) -> the Recolour they share, or None
        self.groups = {}  # group text -> digest
        self.kept = Index()  # hash(face) -> offset << 32 | length of its '"face":entry' in the file being written (16
                             # bytes a face in two arrays, not its key: that is read back with its entry and compared)
        self.clashes = {}  # face -> the same, for a face whose hash another face kept took
        self.alone = 0  # the faces that file holds by themselves (kept stays empty once the PDF has placed them)
        self.blocks = {}  # recolour group -> its block in the next file: its face in the sentinel colour and {name: value}
                          # of each face of the group kept (written once, at save: no entry of its own per face)
        self.held = {}  # face -> its entry, while that file is in memory (a face the checks kept, the PDF takes undecoded)
        self.out = None  # the next file, '{"face":entry,...' as entries come (in memory up to SPILL bytes, then a
                         # temporary file: nothing left on a crash)
        self.end = 0  # its length so far
        self.validated: KeptVerdicts | None = None   # pnp validate's verdicts, read when first needed
        self.taken: dict = {}   # face -> the verdict taken from them this build, for its entry

    @property
    def entries(self) -> dict:
        """The faces the last build kept, {face: entry} (get: a face of a recolour block too)."""
        if self._entries is None:
            try:
                found = json.loads(self.path.read_text())
            except (OSError, ValueError, RecursionError):
                found = None
            sound = isinstance(found, dict) and all(type(entry) is dict for entry in found.values()) and all(
                type(block) is dict for block in found.get(BLOCKS, {}).values())
            self._entries = _Kept(found if sound else {})   # a file damaged or of another shape: every face drawn again
        return self._entries

    def count(self) -> int:
        """How many faces this build kept (each by itself or in a recolour block)."""
        return self.alone + sum(len(block["faces"]) for block in self.blocks.values())

    def _key(self, spec, art):
        """(the key a face is kept under, its recolour group's digest or None), from its component, side and properties
        (worked out each time it is asked for: none held for each face of a deck)."""
        shared, field = self.components.get(art.component) or self._shared(spec, art.component)
        props = art.props.copy()   # a mappingproxy copies its dict in one call (dict() asks key by key)
        name = props.get(field) if art.side == "front" else None
        if isinstance(name, str):   # a group: all but the colour (one Recolour); the face: the group and its colour
            del props[field]
            text = f"{shared}{art.side}{props!r}{field}"   # the digest first: fixed length
            group = self.groups.get(text)
            if group is None:
                group = self.groups[text] = hexdigest(text.encode())
            return f"{group}:{name}", group   # a digest has no colon: no other key alike
        return hexdigest(f"{shared}{art.side}{props!r}".encode()), None

    def _shared(self, spec, component_id):
        """(digest of a component's settings and the code drawing its faces, its kind's recolour field)."""
        comp = spec.component(component_id)
        found = self.components[component_id] = (_settings(comp), KINDS[comp.kind].recolour)
        return found

    def _fresh(self, spec, face, judged=False):
        """The entry of a face kept this build, or kept by the last one with nothing it read changed; else None.

        judged: only an entry holding the checks' verdict on a drawing they may skip (_stands)."""
        entry = self.held.get(face) or self._written(face)
        if entry is not None:
            return entry if not judged or _stands(entry.get("verdict")) else None
        entry, text = self._other(face) if self.shared else (None, None)   # another paper's build kept it this run:
        if not self._current(spec, entry):                                     # its own file unread
            entry, text = self.entries.get(face), None
            if not self._current(spec, entry):
                return None
        if judged and not _stands(entry.get("verdict")):
            return None
        self._keep(face, entry, text)
        return entry

    def _written(self, face):
        """The entry of a face this build kept, read back from the file being written; None when it kept none."""
        for at in (self.kept.get(hash(face)), self.clashes.get(face)):
            if at is not None:
                self.out.seek(at >> 32)
                text = self.out.read(at & 0xFFFFFFFF).decode()
                self.out.seek(0, io.SEEK_END)
                named, colon = _decode(text)
                if named == face:
                    return _decode(text, colon + 1)[0]
        return None

    def _has(self, face) -> bool:
        """True when this build kept a face."""
        return face in self.held or self._written(face) is not None

    @staticmethod
    def _current(spec, entry) -> bool:
        """True for an entry whose face read nothing that has changed since."""
        known = _known(spec)
        return bool(entry) and all(_now(spec, what, known) == value for what, value in entry["used"].items())

    def _other(self, face):
        """(entry, its JSON) of a face that a build of the same spec kept this run, or (None, None) (read once, on the
        first face asked for; each entry let go once taken)."""
        if self.others is None:
            self.others, self.other_blocks = {}, {}
            for path in self.shared or ():
                if isinstance(path, tuple):   # handed over: {face: (entry or None, its JSON)}, {group: block}
                    self.others.update(path[0])
                    self.other_blocks.update(path[1])
                    continue
                try:
                    found = _with_text(path.read_text())
                    self.other_blocks.update(found.pop(BLOCKS, ({}, None))[0])
                    self.others.update(found)
                except (OSError, ValueError):
                    pass
        found = self.others.pop(face, None)
        if found is not None and found[0] is None:   # handed over as its JSON alone (a recoloured face's)
            found = json.loads(found[1]), found[1]
        return found or (_made(self.other_blocks, face) if self.other_blocks else None, None)

    def _keep(self, face, entry, text=None):
        """Write a face's entry (or its JSON; text: its JSON, given) to the next file, remembering where it is; a face
        taken from a recolour block goes into this file's block of its group."""
        if type(entry) is _Recoloured:
            block = self.blocks.get(entry.group)
            if block is None:
                block = self.blocks[entry.group] = {**entry.block, "faces": {}}
            block["faces"][entry.name] = entry.value
            return
        if self.taken and type(entry) is dict and "verdict" not in entry and face in self.taken:
            entry, text = {**entry, "verdict": self.taken.pop(face)}, None
        if self.out is None:
            self.out, self.end = io.BytesIO(), 0
        head = f'{"," if self.end else "{"}{_quoted(face)}:'   # every entry is ASCII JSON
        data = (head + (text or (entry if isinstance(entry, str) else _compact(entry)))).encode()
        at = self.end + 1
        self.end += len(data)
        if hash(face) in self.kept:   # another face's hash (a face is kept once)
            self.clashes[face] = at << 32 | self.end - at
        else:
            self.kept[hash(face)] = at << 32 | self.end - at
        self.alone += 1
        self.out.write(data)
        if self.end > self.SPILL and isinstance(self.out, io.BytesIO):   # from here on, a temporary file
            import tempfile  # lazy: start-up (the faces of a small build never leave memory)
            spilled = tempfile.TemporaryFile(buffering=self.CHUNK)
            spilled.write(self.out.getbuffer())
            self.out, self.held = spilled, {}
        elif isinstance(self.out, io.BytesIO) and not isinstance(entry, str):
            self.held[face] = entry

    def verdict(self, spec, art, judge):
        """What the checks (judge(art, drawing), a JSON value with 'designed') found on an artwork, kept with its face:
        drawn only when something it read changed and pnp validate kept no verdict on it as it reads now (a build that
        took the verdict kept on its whole spec judged no face), and then written and kept for the PDF as well."""
        face = self._key(spec, art)[0]
        entry = self._fresh(spec, face, judged=True) or self._swapped(spec, art, face, judged=True)
        if entry is not None:
            return entry["verdict"]
        validated = self._validated().get(spec, art)
        if validated is not None:
            self.taken[face] = validated   # kept with the face's entry when the PDF keeps it (_keep)
            return validated
        if self._has(face):
            return judge(art, draw_art(spec, art))
        return self._draw(spec, art, face, judge)[1]

    def _validated(self) -> "KeptVerdicts":
        """pnp validate's verdicts on faces (KeptVerdicts), read when a face's own entry holds none."""
        if self.validated is None:
            self.validated = KeptVerdicts()
        return self.validated

    def face(self, spec, art):
        """An artwork as Written operators: from the cache when nothing it read changed, else recoloured from a face of
        its kind that differs only in colour, else drawn."""
        face, group = self._key(spec, art)
        if hash(face) in self.kept or self.clashes or self.shared or self.entries:   # else nothing kept could hold it
            entry = self._fresh(spec, face) or self._swapped(spec, art, face)
            if entry is not None:
                return written(entry["written"])
        recoloured = self._recolour(spec, art, face, group) if group else None
        return recoloured or self._draw(spec, art, face)[0]

    def _draw(self, spec, art, face, judge=None):
        """(what the PDF places, the checks' verdict or None) of a face drawn afresh, and kept."""
        drawing = draw_art(spec, art)
        self.drawn.append(art.key)
        written = content.write(drawing)
        entry = {"used": declared(spec, art), "written": written}
        if judge is not None:
            entry["verdict"] = judge(art, drawing, self._recoloured(spec, face, written))
        self._keep(face, entry)
        return written, entry.get("verdict")

    def _recoloured(self, spec, face, written):
        """The last build's verdict on a face when all it read then is as it is now but colours, and its operators then
        were these with each changed colour's rgb set (by rg or RG) where the new one is; else None."""
        old = self.entries.get(face)
        if not old or "verdict" not in old:
            return None
        ops = old["written"][0]
        for what, value in old["used"].items():
            now = _now(spec, what)
            if now != value:
                if not what.startswith(("colour:", "palette:")) or not isinstance(value, str) or not isinstance(now, str):
                    return None
                before, after = content.rgb(value), content.rgb(now)
                if before is None or after is None:
                    return None
                ops = ops.replace(f"{before} rg", f"{after} rg").replace(f"{before} RG", f"{after} RG")
        same = ops == written.ops and _compact(old["written"][1:]) == _compact(written[1:])
        return old["verdict"] if same else None

    def _swapped(self, spec, art, face, judged=False):
        """The entry of a face whose kind paints colours as given (components.kind.paints, a front's or a back's) when all
        it read last build is as it is now but colours: its operators then with each changed colour's rgb set where the new one is, its verdict's
        grounds swapped too; kept, undrawn. None when a swap could differ from drawing it: an old colour set by something
        else too (another colour read, the kind's or a template's own), or set otherwise than by rg or RG; a new colour
        the face sets already (its see-through groups too: each starts from the colour set before it) or that another
        colour it reads has or had, set or not (a layout's text check compares the colours read: a text on a cover of
        its own colour; and each swap is made in the operators the last one left); black; a verdict that does not
        stand without its drawing (judged: _stands). An entry without a verdict
        (judged: one is wanted, and pnp validate kept none on the face as it read then) is taken only when no colour it
        sets changed (a colour its kind declares but it does not paint did)."""
        old = self.entries.get(face)
        if old is not None and self._has(face):
            old = None
        if judged and old is not None and "verdict" not in old:   # pnp validate's on the face as it read then
            validated = self._validated().get(spec, art, old["used"])
            old = {**old, "verdict": validated} if validated is not None else old
        paints = painted_by(spec, spec.component(art.component), art.side) if old else None
        verdict = old.get("verdict") if old else None
        if paints is None or (not _stands(verdict) if judged else verdict is not None and verdict["designed"]):
            return None
        ops, rest, used, swaps, known = old["written"][0], _compact(old["written"][1:]), {}, {}, _known(spec)
        hexes: dict = {}   # #rrggbb: #rrggbb of each colour swapped, as its texts' letters were read in it
        for what, value in old["used"].items():
            used[what] = now = _now(spec, what, known)
            if now != value and not (what.startswith(("colour:", "palette:")) and isinstance(value, str)
                                     and isinstance(now, str)):
                return None
        fixed = {content.rgb(value) for value in paints} | _painted(spec, used)
        fixed.update(content.rgb(value) for what, value in used.items()
                     if what.startswith(("colour:", "palette:")) and old["used"][what] == value and isinstance(value, str))
        read = [(content.rgb(value), content.rgb(used[what])) for what, value in old["used"].items()
                if what.startswith(("colour:", "palette:")) and isinstance(value, str) and isinstance(used[what], str)]
        for what, value in old["used"].items():
            now = used[what]
            if now == value:
                continue
            before, after = content.rgb(value), content.rgb(now)
            if before in swaps:   # the same colour read under another name: swapped already, to the same new one
                if swaps[before] != after:
                    return None
                swaps[value] = now
                continue
            if (before is None or after is None or "0 0 0" in (before, after) or before in fixed or before in rest
                    or after in ops or after in rest or ops.count(before) != ops.count(f"\n{before} rg\n")
                    + ops.count(f"\n{before} RG\n") or any(was != before and after in (was, now_) for was, now_ in read)):
                return None
            ops = ops.replace(f"\n{before} rg\n", f"\n{after} rg\n").replace(f"\n{before} RG\n", f"\n{after} RG\n")
            swaps[value], swaps[before] = now, after
            hexes[hex_of(value)] = hex_of(now)
        entry = {"used": used, "written": [ops, *old["written"][1:]]}
        if verdict is not None:
            near, fills = verdict["safe"]
            if any(fill not in swaps and content.rgb(fill) in swaps for fill in fills if isinstance(fill, str)):
                return None
            from .check.faint import recoloured  # lazy: start-up
            entry["verdict"] = {**verdict, "safe": [near, sorted({swaps.get(fill, fill) for fill in fills}, key=str)],
                                "ground": swaps.get(verdict["ground"], verdict["ground"]),
                                "legibility": recoloured(verdict["legibility"], hexes)}
        if ops != old["written"][0]:   # else no colour it sets changed, only one its kind declares (a marks option's)
            if verdict is None:
                return None
            self.recoloured.append(art.key)
        self._keep(face, entry)
        return entry

    def _recolour(self, spec, art, face, group):
        """A front whose kind declares a recolour field, written by putting its colour into the Recolour of its group,
        and kept; None when that Recolour cannot give the exact operators drawing it would (it is drawn then)."""
        field = self.components[art.component][1]
        recolour = self.recolours.get(group, False)
        made_here = recolour is False   # this face is the one its group's Recolour is drawn from: it counts as drawn
        if made_here:
            recolour = self.recolours[group] = Recolour.make(spec, art, field)
            if recolour is not None:   # its faces go into the group's block (one this build began already, or its own)
                recolour.faces = self.blocks.setdefault(group, recolour.block())["faces"]
        made = recolour and recolour.put(spec, art.props[field])
        if made is None:
            return None
        written, entry = made
        (self.drawn if made_here else self.recoloured).append(art.key)
        if entry is not None:
            self._keep(face, entry)
        return written

    def placed(self) -> None:
        """Let go of the index of this build's faces once the PDF has placed them all (a deck's keys, before the file is
        put together): save writes them as kept. A file held in memory keeps its index, for save to hand over."""
        if self.shared is None or not isinstance(self.out, io.BytesIO):
            self.kept, self.clashes, self.held = Index(), {}, {}

    def save(self):
        """Keep the faces of this build (and only those) for the next one."""
        blocks = {group: block for group, block in self.blocks.items() if block["faces"]}
        if blocks:   # after the faces kept by themselves, under a key no face has
            self.out = self.out or io.BytesIO()
            self.out.write(f'{"," if self.end else "{"}"{BLOCKS}":{_compact(blocks)}'.encode())
        handed = self.shared is not None and isinstance(self.out, io.BytesIO)
        if self.out is None:
            write_quietly(self.path, b"{}")
        else:
            self.out.write(b"}")
            self.out.seek(0)
            write_quietly(self.path, self.out)
            if handed:
                data, texts = self.out.getbuffer(), {}
                for at in (*self.kept.values(), *self.clashes.values()):   # each '"face":entry'
                    text = data[at >> 32:(at >> 32) + (at & 0xFFFFFFFF)].tobytes().decode()
                    face, colon = _decode(text)
                    texts[face] = (self.held.get(face), text[colon + 1:])
                del data
                self.shared.append((texts, blocks))
                self.kept, self.clashes, self.held = Index(), {}, {}
            self.out.close()
        if self.shared is not None and not handed:
            self.shared.append(self.path)


FACES = cache.Memo("face-verdicts.json", [])   # each face's verdict, by all its drawing depends on (KeptVerdicts)
SENTINELS = ("#0a0b0c", "#f4f3f2")  # two colours, dark and light, that a face is drawn in to be recoloured


class KeptVerdicts:
    """The checks' verdict on each face, kept between runs in a memo (FACES) by its component's
    settings and the code, its side and properties and what it read (declared), as a FaceCache keeps them beside a
    build's file: pnp validate neither draws nor measures a face none of whose reads changed (nor the painting libraries
    a measure took: _stands)."""

    def __init__(self):
        self.memo = FACES
        self.components: dict[str, str] = {}   # component id -> _settings

    def verdict(self, spec, art, judge):
        """What judge(art, drawing) found on an artwork: as kept, or found on its drawing (and kept)."""
        key = self._key(spec, art)
        found = self.memo.get(key)
        if not _stands(found):
            found = judge(art, draw_art(spec, art))
            self.memo.put(key, found)
        return found

    def get(self, spec, art, used=None):
        """The verdict kept on an artwork as it reads now (used: as it read then, a face entry's), or None (or one that
        does not stand: _stands)."""
        found = self.memo.get(self._key(spec, art, used))
        return found if _stands(found) else None

    def _key(self, spec, art, used=None) -> str:
        """The key of an artwork's verdict, by what it reads: used, else what it reads now."""
        shared = self.components.get(art.component)
        if shared is None:
            shared = self.components[art.component] = _settings(spec.component(art.component))
        used = declared(spec, art) if used is None else used
        return hexdigest(f"{shared}{art.side}{art.props.copy()!r}{used!r}".encode())


class Recolour:
    """A face drawn in a sentinel colour, its operators cut where that colour is set: the faces of its kind that differ
    only in the colour field are written by putting their own colour in the cuts (exactly what drawing them writes), and
    kept as their names and colours in the group's block (faces), beside that face."""

    def __init__(self, written, used, sentinel, rgb):
        self.parts, self.rest, self.used, self.sentinel = written.ops.split(f"\n{rgb} "), written[1:], used, sentinel
        self.text = "\0".join(self.parts)  # all it sets besides: a colour found here is one the face sets already
        self.written, self.faces = written, {}

    def block(self) -> dict:
        """The group's block as the faces file keeps it: the face in the sentinel colour, and the faces put (by name)."""
        return {"sentinel": self.used[self.sentinel], "used": self.used, "written": self.written, "faces": self.faces}

    @classmethod
    def make(cls, spec, art, field):
        """The Recolour of a face, or None unless the face drawn in each of two sentinel colours declares that colour
        among its inputs, sets it only as whole fill and stroke colour operators, and differs in nothing else."""
        drawn = []
        for sentinel in SENTINELS:
            painted = art._replace(props={**art.props, field: sentinel})
            drawn.append((content.write(draw_art(spec, painted)), declared(spec, painted), f"colour:{sentinel}",
                          content.rgb(sentinel)))
        (written, used, key, rgb), (other, used2, key2, rgb2) = drawn
        parts = written.ops.split(f"\n{rgb} ")
        rest = repr((written.alphas, written.chars, written.sources, written.groups))
        if (used.get(key) != SENTINELS[0] or len(parts) < 2 or rgb in rest or rgb in parts[0]
                or any(not part.startswith(("rg\n", "RG\n")) or rgb in part for part in parts[1:])
                or other.ops != written.ops.replace(rgb, rgb2) or other[1:] != written[1:]
                or {key2 if k == key else k: SENTINELS[1] if k == key else v for k, v in used.items()} != used2):
            return None
        return cls(written, used, key, rgb)

    def put(self, spec, name):
        """(Written, its kept entry as JSON, or None when the block keeps it: faces) of the face in colour name, or None
        when that colour is one the face already sets (or black, the colour before any is set: the writer would not set
        it again) or is no colour."""
        value = spec.colour(name)
        rgb = content.rgb(value)
        if rgb is None or rgb == "0 0 0" or rgb in self.text:
            return None
        written = _written((f"\n{rgb} ".join(self.parts), *self.rest))
        key = f"colour:{name}"
        if key in self.used:  # read besides, as another colour: its entry lists it once, where it was first read
            used = {key if k == self.sentinel else k: value if k == self.sentinel else v for k, v in self.used.items()}
            return written, _compact({"used": used, "written": written})
        self.faces[name] = value
        return written, None
