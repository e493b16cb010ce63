"""Faces kept between builds, written as PDF operators: a face is drawn again only when something its renderer read changed."""
import hashlib
import io
import json
from collections.abc import Mapping

from . import cache
from .draw import content
from .files import write_quietly
from .draw.render import draw_art


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


class _Watched:
    """A spec stand-in for one renderer call: records the colours, components and templates it reads."""

    def __init__(self, spec, own):
        self._spec, self._own, self.used = spec, own, {}

    def __getattr__(self, name):
        return getattr(self._spec, name)

    @property
    def palette(self):
        return _Palette(self._spec.palette, self.used)

    @property
    def templates(self):
        return _Templates(self._spec.templates, self.used)

    @property
    def components(self):
        self.used["components"] = _digest(self._spec.components)
        return self._spec.components

    def colour(self, name):
        self.used[f"colour:{name}"] = self._spec.colour(name)
        return self.used[f"colour:{name}"]

    def component(self, component_id):
        found = self._spec.component(component_id)
        if component_id != self._own:  # the face's own component is part of its key already
            self.used[f"component:{component_id}"] = _digest(found)
        return found


def _now(spec, dependency):
    """The current value of something a renderer read."""
    kind, _, name = dependency.partition(":")
    if kind == "colour":
        return spec.colour(name)
    if kind == "palette":
        return spec.palette.get(name) if name else _digest(sorted(spec.palette))
    if kind == "components":
        return _digest(spec.components)
    if kind == "template":
        return spec.templates.digest(name)
    if kind == "file":  # a designer's font, image or SVG art, by the digest its resource name carries
        try:
            return hashlib.sha256(open(name, "rb").read()).hexdigest()[:12]
        except OSError:
            return None
    found = next((c for c in spec.components if c.id == name), None)
    return _digest(found) if found is not None else None


_compact = json.JSONEncoder(separators=(",", ":")).encode  # one encoder for every entry


def _digest(value):
    """A short stand-in for a large value read by a renderer (a component, all components, the palette)."""
    return hashlib.sha256(repr(value).encode()).hexdigest()


class FaceCache:
    """Drawings of the faces of one output file, stored beside it as JSON and reused when still valid."""

    SPILL = 1 << 20   # bytes of kept faces held in memory before they move to a temporary file

    def __init__(self, path):
        self.path = path.parent / cache.RECORDS / f"{path.name}.faces.json"
        try:
            self.entries = json.loads(self.path.read_text())
        except (OSError, ValueError):
            self.entries = {}
        self.drawn, self.components = [], {}  # components: id -> digest of what all its faces share
        self.kept = {}  # face -> (offset, length) of its entry in the file being written (no entry is held in memory)
        self.out = None  # the next file, '{"face":entry,...' as entries come (in memory up to SPILL bytes, then a
                         # temporary file: nothing left on a crash)
        self.end = 0  # its length so far

    def _key(self, spec, art):
        """The digest a face is kept under: its component's shared settings, its side and its properties."""
        if art.component not in self.components:
            comp = spec.component(art.component)
            self.components[art.component] = _digest((comp.id, comp.kind, comp.bleed, comp.back, dict(comp.options),
                                                      cache.code()))
        return _digest((self.components[art.component], art.side, sorted(art.props.items())))

    def _fresh(self, spec, face):
        """The entry of a face kept this build, or kept by the last one with nothing it read changed; else None."""
        if face in self.kept:
            at, size = self.kept[face]
            self.out.seek(at)
            entry = json.loads(self.out.read(size))
            self.out.seek(0, io.SEEK_END)
            return entry
        entry = self.entries.get(face)
        if not entry or any(_now(spec, dependency) != value for dependency, value in entry["used"].items()):
            return None
        self._keep(face, entry)
        return entry

    def _keep(self, face, entry):
        """Write a face's entry to the next file, remembering only where it is."""
        if self.out is None:
            self.out, self.end = io.BytesIO(), 0
        head, data = b"%s%s:" % (b"," if self.kept else b"{", json.dumps(face).encode()), _compact(entry).encode()
        self.kept[face] = self.end + len(head), len(data)
        self.out.write(head + data)
        self.end += len(head) + len(data)
        if self.end > self.SPILL and isinstance(self.out, io.BytesIO):   # from here on, a temporary file
            import tempfile  # lazy: start-up (the faces of a small build never leave memory)
            spilled = tempfile.TemporaryFile()
            spilled.write(self.out.getbuffer())
            self.out = spilled

    def drawing(self, spec, art):
        """An artwork's drawing, for the checks: a face not kept (or changed) is written and kept for the PDF as well, so
        that a build draws it once."""
        face = self._key(spec, art)
        if face in self.kept or self._fresh(spec, face) is not None:
            return draw_art(spec, art)
        return self._draw(spec, art, face)[1]

    def face(self, spec, art):
        """An artwork as Written operators: from the cache when nothing it read changed."""
        face = self._key(spec, art)
        entry = self._fresh(spec, face)
        if entry is None:
            return self._draw(spec, art, face)[0]
        ops, width, height, alphas, chars, sources, groups = entry["written"]
        return content.Written(ops, width, height, tuple(tuple(a) for a in alphas), tuple(tuple(c) for c in chars),
                               tuple(tuple(s) for s in sources), tuple(tuple(g) for g in groups))

    def _draw(self, spec, art, face):
        """(what the PDF places, the drawing) of a face drawn afresh, and kept."""
        watched = _Watched(spec, art.component)
        drawing = draw_art(watched, art)
        self.drawn.append(art.key)
        written = content.write(drawing)
        watched.used.update((f"file:{path}", name[2:]) for name, path, _ in written.sources)
        self._keep(face, {"used": watched.used, "written": written})
        return written, drawing

    def save(self):
        """Keep the faces of this build (and only those) for the next one."""
        if self.out is None:
            write_quietly(self.path, b"{}")
            return
        self.out.write(b"}")
        self.out.seek(0)
        write_quietly(self.path, self.out)
        self.out.close()
