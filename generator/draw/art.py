"""The designer's art: PNG and JPEG images and SVG drawings (as Inkscape saves them), read only from inside the spec's
folder, placed in a drawing as svg.Placed and embedded once per PDF file."""
import functools
import io
import os
import re
import warnings
import zlib
from pathlib import Path
from ..records import NamedTuple
from urllib.parse import unquote, urlparse

from .. import cache
from ..digests import hexdigest, sha256
from ..errors import UserError
from ..files import contained as inside
from .svg import Placed

MIN_DPI = 300  # below this an image prints visibly soft
MAX_PIXELS = 100_000_000  # the most pixels an image may have (Pillow's guard against decompression bombs is lower)
MAX_SIDE = 32_767   # the most pixels an image may have across or down: cairo's limit for a surface
MAX_SVG = 100_000   # points: the largest SVG art's size (35 m; past it cairo's coordinates lose the drawing)
MAX_NESTING = 100   # elements nested in one another in SVG art (cairosvg recursed past Python's limit at about 300)
MAX_DRAWN = 200_000   # elements SVG art draws once its <use>s, patterns, markers and linked SVGs are followed: cairosvg
#                       draws about 20,000 a second (a 6 MB drawing of 60,000 paths took 4 s), and 2 KB of nested <use>s
#                       expand to 100 million
MIN_SVG = 0.01   # points: an SVG smaller is stretched past what cairo can invert (1e-300 px wide: a traceback)
MAX_NUMBER = 1e9   # the largest number SVG art may hold (264 km in px): r="1e40" took cairo minutes to draw
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")   # a number in an attribute or style
_URL = r"url\(\s*['\"]?([^'\")]*)"   # compiled on first use by re's own cache: a build whose SVG art is kept reads none
_IMPORT = r"@import\s+(?:url\()?\s*['\"]?([^'\")\s;]+)"
XLINK = "{http://www.w3.org/1999/xlink}href"
LOOKS = {"G": "greyscale", "P": "protan", "D": "deutan", "T": "tritan"}  # a resource name's mark after /I or /G
TURNED = (5, 6, 7, 8)   # EXIF orientations a quarter turn from how the pixels are stored: width and height swap
SIDE = 17  # a colour-vision simulation of an image's pixels is a table of this many levels a side, interpolated
STEPS = 65535  # relative luminance is summed in this many steps from black to white before it is encoded again


class Source(NamedTuple):
    """One file of art as read: where it is, what it is (png, jpeg or svg), a digest of its bytes, its size (pixels for
    an image, points for SVG) and its bytes."""

    path: str
    kind: str
    digest: str
    size: tuple
    data: bytes
    folder: str  # the spec's folder: the only place an SVG may fetch from
    look: str = ""  # drawn as it is, or "greyscale" (each colour its grey, looks.grey), "protan", "deutan" or "tritan"
    linked: tuple = ()  # the files an SVG links to (its images), by path: what drawing it reads besides its own bytes

    @property
    def name(self) -> str:
        """The file's name, as SVG text and messages give it."""
        return Path(self.path).name

    @property
    def resource(self) -> str:
        """Its name in our PDFs' resources: /I for an image, /G for SVG art, its look's mark (LOOKS), then its digest."""
        return ("/G" if self.kind == "svg" else "/I") + self.look[:1].upper() + self.digest[:12]


def _shown(path, folder) -> str:
    """A file's path as messages give it: from the spec's folder when it lies inside it, as the spec names it."""
    found = Path(path)
    return found.relative_to(folder).as_posix() if found.is_relative_to(folder) else str(path)


def load(folder, name) -> Source:
    """A PNG, JPEG or SVG file inside the spec's folder, read and checked once per content."""
    path = inside(folder, name)
    try:
        data = cache.read(path, path.read_bytes())
    except OSError as exc:
        raise UserError(f"{_shown(path, Path(folder).resolve())}: cannot read: {exc.strerror}") from None
    return _source(str(path), data, str(Path(folder).resolve()))


def reload(path, folder) -> Source:
    """A file of art again, by the path and spec folder a Source had (for a face kept between builds)."""
    try:
        data = cache.read(path, Path(path).read_bytes())
    except OSError as exc:
        raise UserError(f"{_shown(path, folder)}: cannot read: {exc.strerror}") from None
    return _source(str(path), data, str(folder))


def xobject(file, name: str, path: str, folder: str) -> int:
    """Add the art a face names by its resource name (Source.resource) to a pdffile.File, in the look the name marks;
    return its object number."""
    source = reload(path, folder)
    if name[2:3] in LOOKS:
        source = source._replace(look=LOOKS[name[2]])
    return file.page_form(pdf(source)) if source.kind == "svg" else embed(file, source)


@functools.lru_cache(maxsize=256)
def _source(path, data, folder):
    """A Source from a file's bytes: its kind from its first bytes, then checked."""
    digest = sha256(data).hexdigest()
    if data.startswith(b"\x89PNG") or data.startswith(b"\xff\xd8"):
        shown = _shown(path, folder)
        image = _image(shown, data)
        _intact(shown, data, image)
        kind = "png" if data.startswith(b"\x89PNG") else "jpeg"
        size = image.size[::-1] if _orientation(image) in TURNED else image.size   # as the camera meant it seen
        return Source(path, kind, digest, size, data, folder)
    if b"<svg" in data[:4096]:
        size, linked = _kept_check(path, data, folder, digest)
        return Source(path, "svg", digest, size, data, folder, linked=linked)
    raise UserError(f"{_shown(path, folder)}: not a PNG, JPEG or SVG file")


def _orientation(image) -> int:
    """The EXIF orientation a camera saved with a photo, read without decoding it: 1 upright, 2-8 mirrored or turned
    (5-8 a quarter turn: TURNED), else 1."""
    try:
        found = int(image.getexif().get(0x0112, 1))
    except Exception:  # Pillow raises several kinds on a damaged EXIF block: the photo is taken as it is stored
        return 1
    return found if 1 <= found <= 8 else 1


def _image(shown, data):
    """The image Pillow reads from a PNG or JPEG's bytes (not yet decoded); shown: the file as messages name it."""
    try:
        image = _opened(data)
    except Exception as exc:  # Pillow raises several kinds on a damaged file
        raise UserError(f"{shown}: not a readable image ({_why(exc)})") from None
    if image.size[0] * image.size[1] > MAX_PIXELS:
        raise UserError(f"{shown}: {image.size[0]} x {image.size[1]} pixels is more than {MAX_PIXELS:,} pixels")
    if max(image.size) > MAX_SIDE:   # cairo, which paints the checks' and the PNGs' pixels, takes no wider picture
        raise UserError(f"{shown}: {image.size[0]} x {image.size[1]} pixels: at most {MAX_SIDE:,} pixels a side")
    return image


def _intact(shown, data, image) -> None:
    """Refuse an image cut short or damaged past its header when its file is read, where the spec or layout that names
    it is known: a PNG's chunks read and their CRCs checked, then its pixels decoded (a stream of garbage with right CRCs
    failed only as a face was drawn, naming no line), a JPEG read through at an eighth of its size (libjpeg's draft);
    a PNG that decoded is kept as intact by its bytes and Pillow's version (INTACT), so it is decoded once."""
    from PIL import Image  # lazy: start-up
    key = hexdigest(repr((sha256(data).hexdigest(), Image.__version__)).encode()) if image.format == "PNG" else None
    if key is not None and INTACT.get(key):
        return
    try:
        probe = _opened(data)
        if image.format == "PNG":
            probe.verify()
            _opened(data).load()
        elif image.format == "JPEG":
            probe.draft(probe.mode, (max(1, image.size[0] // 8), max(1, image.size[1] // 8)))
            probe.load()
    except Exception as exc:  # Pillow raises several kinds on a damaged file
        raise UserError(f"{shown}: not a readable image ({_why(exc)})") from None
    if key is not None:
        INTACT.put(key, True)


def _opened(data: bytes):
    """Pillow's image of a file's bytes, opened without its warning past 89 million pixels or its error past twice
    that (pnp's own bound, MAX_PIXELS, says it in one line, naming the size: Pillow's error had a 20,000 x 20,000 PNG
    an SVG links to taken for one cairosvg would say what is wrong with, and drawn)."""
    from PIL import Image  # lazy: start-up

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            return Image.open(io.BytesIO(data))
        except Image.DecompressionBombError:
            return _unchecked(data)


def _unchecked(data: bytes):
    """A picture Pillow refused as a decompression bomb, opened as Image.open opens it (the first format that takes its
    first bytes), without that check: only its header is read; Pillow's error again if its format checks as it opens."""
    import struct  # lazy: start-up
    from PIL import Image  # lazy: start-up

    Image.init()
    for name in Image.ID:
        factory, accept = Image.OPEN[name]
        taken = accept is None or accept(data[:16])
        if taken and not isinstance(taken, str):
            try:
                return factory(io.BytesIO(data), "")
            except (SyntaxError, IndexError, TypeError, struct.error):   # as Image.open: not this format, the next
                continue
    return Image.open(io.BytesIO(data))


def _why(exc: Exception) -> str:
    """Pillow's reason for refusing an image, without the in-memory file it names ('<_io.BytesIO object at 0x...>')."""
    return re.sub(r"\s*<_io\.BytesIO object at 0x[0-9a-f]+>", "", str(exc)) or type(exc).__name__


def place(source: Source, x: float, y: float, width: float, height: float):
    """An element drawing the art stretched into the box (mm): set width and height in its own proportions to keep them."""
    return Placed(source, x, y, width, height)


def dpi(source: Source, width: float, height: float) -> float:
    """The resolution (pixels per inch, the lower of the two directions) an image prints at in a box of width x height mm."""
    return min(source.size[0] / (width / 25.4), source.size[1] / (height / 25.4))


def _checked(path, data, folder) -> tuple[tuple, tuple]:
    """An SVG's size in points and the files it links to, after refusing what would reach outside the spec's folder:
    entities, and references to anything but its own #ids, data: URIs and files inside the folder."""
    from defusedxml import DefusedXmlException  # lazy: start-up
    from defusedxml.ElementTree import fromstring  # lazy: start-up

    try:
        root = fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise UserError(f"{_shown(path, folder)}: SVG declares entities, which could read other files: remove the DOCTYPE") from None
    except Exception as exc:  # ParseError and the like
        raise UserError(f"{_shown(path, folder)}: not well-formed SVG ({exc})") from None
    if (depth := _depth(root)) > MAX_NESTING:   # cairosvg draws each level a few calls deeper: past Python's limit
        raise UserError(f"{_shown(path, folder)}: elements nested {depth} deep, more than {MAX_NESTING}: flatten its "
                        "groups (e.g. Inkscape's Ungroup)")
    linked = _links(path, root, folder, {str(path)})
    if not str(root.tag).endswith("svg"):
        raise UserError(f"{_shown(path, folder)}: the root element is not <svg>")
    _numbers(root, _shown(path, folder))
    _Expansion(path, root, folder).count()   # before cairosvg draws it: 2 KB of nested <use>s drew for minutes
    try:
        surface = recorded(data, path, folder, "")   # (as surface() asks for it: one key in the cache)
    except UserError:
        raise
    except RecursionError:   # a <use> or pattern holding itself: cairosvg draws it again and again
        raise UserError(f"{_shown(path, folder)}: the SVG refers to itself (a <use>, pattern or image that holds itself, "
                        "directly or through another), so it would be drawn without end") from None
    except Exception as exc:  # cairosvg raises many kinds on SVG it cannot draw
        raise UserError(f"{_shown(path, folder)}: cairosvg cannot draw this SVG ({exc})") from None
    if not (MIN_SVG <= surface.width <= MAX_SVG and MIN_SVG <= surface.height <= MAX_SVG):   # nothing, or a sliver
        raise UserError(f"{_shown(path, folder)}: an SVG of {surface.width:g} x {surface.height:g} points: expected a "
                        f"width and height of {MIN_SVG:g} to {MAX_SVG:,} points (set its width, height or viewBox)")
    if not all(surface.cairo.ink_extents()[2:]):   # cairo recorded no mark: empty, or all in <defs> or hidden
        raise UserError(f"{_shown(path, folder)}: the SVG draws nothing (no shape, text or picture in it shows)")
    return (surface.width, surface.height), tuple(sorted(linked))


def _depth(root) -> int:
    """How deep an SVG's elements are nested (the root alone: 1)."""
    deepest, level = 0, [(root, 1)]
    while level:
        node, depth = level.pop()
        deepest = max(deepest, depth)
        level.extend((child, depth + 1) for child in node)
    return deepest


def _numbers(root, shown) -> None:
    """Refuse SVG art holding a number past MAX_NUMBER in an attribute or style (a circle of r="1e308" kept cairo busy
    for minutes, deaf to Ctrl-C), naming the element and attribute; links (an embedded picture), ids and an editor's
    own attributes are not read."""
    for element in root.iter():
        texts = [(key, value) for key, value in element.attrib.items()
                 if not key.startswith("{") and key not in ("id", "class")]   # no link, name or editor's note
        for key, value in texts + [("text", element.text or "")] * str(element.tag).endswith("style"):
            big = next((n for n in NUMBER.findall(value) if abs(float(n)) > MAX_NUMBER), None)
            if big is not None:
                tag = str(element.tag).rpartition("}")[2]
                raise UserError(f"{shown}: <{tag}> {key.rpartition('}')[2]}: the number {big[:40]} is past what cairo "
                                f"draws (at most {MAX_NUMBER:,.0f} a coordinate or size)")


_HIDDEN = {"defs", "symbol", "pattern", "mask", "clipPath", "marker", "linearGradient", "radialGradient", "filter",
           "style", "script", "metadata", "title", "desc"}   # read where they stand, drawn only where a reference draws them
_PAINTED = {"rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan", "textPath"}
_PAINTS = ("fill", "stroke")   # a pattern's content is drawn for each shape painted with it, as an inherited property
_MARKS = ("marker-start", "marker-mid", "marker-end")   # a marker's content at each vertex of a path, inherited too
_OWN = ("clip-path", "mask", "filter")   # drawn for the element that names it, not handed down
_PROPERTIES = _PAINTS + _MARKS + _OWN + ("marker",)   # "marker": the three _MARKS at once
_FRAGMENT = r"url\(\s*['\"]?#([^'\")\s]+)"
_SIMPLE = r"(\*|[A-Za-z][\w-]*)?((?:[.#][\w-]+)*)"   # a selector of a tag, classes and an id: .st0, rect.hull, #sea


def _loop(shown) -> UserError:
    """The refusal of SVG art that holds itself."""
    return UserError(f"{shown}: the SVG refers to itself (a <use>, pattern or image that holds itself, directly or "
                     "through another), so it would be drawn without end")


class _Document(NamedTuple):
    """An SVG document a count reads: its path (or the data: URI it came from), its root, its elements by id (the
    first of each, as cairosvg finds them) and the rules of its style sheets that name an #id (_rules)."""

    path: str
    root: object
    ids: dict
    rules: dict


def _rules(text: str) -> dict:
    """The rules of a style sheet that set a property of _PROPERTIES to a url(#id), by what a selector needs most (an
    id, a class, a tag: ("#", "sea"), (".", "st0"), ("", "rect"); ("*", ""): any element), each as (the tag, classes
    and id it needs, its properties), of the element a selector styles (rect.a of "g > rect.a:hover", whatever its
    ancestors, attributes or state); a selector read no further and a url(#id) in no rule read here are taken to match
    every element."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    rules: dict = {}
    placed: set = set()
    for selectors, body in re.findall(r"([^{}]*)\{([^{}]*)\}", text):
        found = {}
        for declaration in body.split(";"):
            name, _, value = declaration.partition(":")
            if name.strip().lower() in _PROPERTIES and re.search(_FRAGMENT, value):
                found[name.strip().lower()] = value
                placed.update(re.findall(_FRAGMENT, value))
        for selector in selectors.split(",") if found else ():
            subject = re.split(r"\s*[\s>+~]\s*", selector.strip())[-1]   # what it styles: "g > rect.a" styles rect.a
            subject = re.sub(r"\[[^\]]*\]|::?[\w-]+(?:\([^)]*\))?", "", subject)   # taken to hold any state, attribute
            simple = re.fullmatch(_SIMPLE, subject)
            if not simple or not subject:
                rules.setdefault(("*", ""), []).append((None, set(), None, found))
                continue
            tag = None if simple[1] in (None, "*") else simple[1]
            parts = re.findall(r"([.#])([\w-]+)", simple[2])
            classes, ids = {v for k, v in parts if k == "."}, [v for k, v in parts if k == "#"]
            need = (("#", ids[0]) if ids else (".", min(classes)) if classes else ("", tag) if tag else ("*", ""))
            rules.setdefault(need, []).append((tag, classes, ids[0] if ids else None, found))
    for left in set(re.findall(_FRAGMENT, text)) - placed:   # written past what is read here: counted everywhere
        rules.setdefault(("*", ""), []).append((None, set(), None, {key: f"url(#{left})" for key in _PAINTS}))
    return rules


class _Expansion:
    """What SVG art draws once cairosvg follows its references, counted and never drawn: a <use> draws what it names
    again, a shape filled or stroked with a pattern draws the pattern's content, a marker is drawn at each vertex of
    its path, a clip path or mask for each element naming it, a linked or data: SVG (an <image>) whole wherever it is
    placed. Refused past MAX_DRAWN elements or MAX_NESTING levels, or when a reference leads back into itself; the
    count stops there, so it takes at most a few hundred thousand steps. Where it cannot tell which of two things
    cairosvg draws (two style rules setting one fill) it counts both."""

    def __init__(self, path, root, folder):
        self.folder, self.shown, self.drawn = folder, _shown(path, folder), 0
        self.documents: dict = {str(path): self._document(str(path), root)}
        self.following: set = set()   # the elements being drawn through references, by document and element
        self.told: dict = {}   # each element's properties of _PROPERTIES: the #ids each may name

    def count(self) -> int:
        """The elements the art draws, references followed: refused past the bounds."""
        (document,) = self.documents.values()
        self.following.add((document.path, id(document.root)))
        self._walk(document, document.root, {}, 1, True)
        return self.drawn

    @staticmethod
    def _document(path, root) -> _Document:
        ids: dict = {}
        sheet = []
        for node in root.iter():
            if isinstance(found := node.get("id"), str):
                ids.setdefault(found, node)
            if str(node.tag).endswith("style") and node.text and "url(" in node.text:
                sheet.append(node.text)
        return _Document(path, root, ids, _rules("\n".join(sheet)))

    def _add(self, elements: int) -> None:
        self.drawn += elements
        if self.drawn > MAX_DRAWN:
            raise UserError(f"{self.shown}: draws more than {MAX_DRAWN:,} elements once its <use> clones, patterns, "
                            "markers and linked SVGs are followed (cairosvg would draw it for minutes): use fewer "
                            "clones of clones, or save it as a PNG")

    def _walk(self, document, node, inherited: dict, depth: int, target: bool = False) -> None:
        """Count node and what it draws (target: drawn because a reference names it, even in <defs>)."""
        self._add(1)
        if depth > MAX_NESTING:   # cairosvg draws each level a few calls deeper: past Python's limit
            raise UserError(f"{self.shown}: elements nested more than {MAX_NESTING} deep once its <use> clones, "
                            "patterns and linked SVGs are followed: use fewer clones of clones")
        tag = str(node.tag).rpartition("}")[2]
        if tag in _HIDDEN and not target:
            self._add(sum(1 for _ in node.iter()) - 1)   # read, not drawn
            return
        told = self._told(document, node, tag)
        handed = {**inherited, **{key: told[key] for key in _PAINTS + _MARKS if key in told}}
        for ref in (ref for key in _OWN for ref in told.get(key, ())):
            self._follow(document, ref, depth)
        if tag in _PAINTED:
            for ref in (ref for key in _PAINTS for ref in handed.get(key, ())):
                self._follow(document, ref, depth)
            if any(handed.get(key) for key in _MARKS):
                vertices = _vertices(node, tag)
                for key, times in zip(_MARKS, (1, max(0, vertices - 2), 1)):
                    for ref in handed.get(key, ()):
                        self._follow(document, ref, depth, times=times)
        if tag in ("use", "image", "pattern", "linearGradient", "radialGradient"):
            href = node.get("href") or node.get(XLINK)
            self._follow(document, href.strip() if isinstance(href, str) else None, depth, image=tag == "image",
                         inherited=handed if tag == "use" else {})
        for child in node:
            self._walk(document, child, handed, depth + 1)

    def _told(self, document, node, tag) -> dict:
        """node's properties of _PROPERTIES, each the #ids it may name (none: fill="red" hands down no pattern), as
        CSS ranks them: its style attribute, then its document's style rules (their #ids marked ?#: guessed, as a
        rule read no further is taken to match every element), then its attributes."""
        key = id(node)
        if key not in self.told:
            style = {}
            for declaration in str(node.get("style") or "").split(";"):
                name, _, value = declaration.partition(":")
                if name.strip().lower() in _PROPERTIES:
                    style[name.strip().lower()] = [value]
            classes = str(node.get("class") or "").split()
            sheet: dict = {}
            for need in {("*", ""), ("", tag), ("#", node.get("id")), *((".", name) for name in classes)}:
                for wanted, among, named, found in document.rules.get(need, ()):
                    if wanted in (None, tag) and among <= set(classes) and named in (None, node.get("id")):
                        for name, value in found.items():
                            sheet.setdefault(name, []).append(value)
            attributes = {name: [value] for name in _PROPERTIES if isinstance(value := node.get(name), str)}
            given: dict = {}
            for layer, mark in ((attributes, "#"), (sheet, "?#"), (style, "#")):
                if "marker" in layer:
                    layer = {**dict.fromkeys(_MARKS, layer["marker"]), **layer}
                given.update({name: (values, mark) for name, values in layer.items()})
            self.told[key] = {name: tuple(mark + ref for value in values for ref in re.findall(_FRAGMENT, str(value)))
                              for name, (values, mark) in given.items() if name != "marker"}
        return self.told[key]

    def _follow(self, document, ref, depth: int, image=False, times=1, inherited=None) -> None:
        """Count what a reference draws, times times (the content once, then its count again); a guessed one (?#id)
        that would lead back into itself draws nothing (cairosvg's recursion says so if it does)."""
        if not ref or not times:
            return
        guessed, ref = ref.startswith("?#"), ref.removeprefix("?")
        found = self._target(document, ref, image)
        if found is None:
            return
        named, element = found
        key = (named.path, id(element))
        if key in self.following:
            if guessed:
                return
            raise _loop(self.shown)
        self.following.add(key)
        before = self.drawn
        self._walk(named, element, inherited or {}, depth + 1, True)
        self._add((self.drawn - before) * (times - 1))
        self.following.discard(key)

    def _target(self, document, ref: str, image: bool):
        """The document and element a reference names: an #id of its own document, an element or the whole of a
        linked or data: SVG; None when it names none, or a picture."""
        if ref.startswith("data:"):
            named = self._loaded(ref, lambda: _unpacked(ref), "a data: SVG")
            return (named, named.root) if named is not None else None
        if ref.startswith("#"):
            element = None if image else document.ids.get(ref[1:])
            return (document, element) if element is not None else None
        linked = _allowed(document.path, ref, self.folder)   # refused outside the folder, as the art itself is
        if linked is None:
            return None
        named = self._loaded(str(linked), lambda: linked.read_bytes() if linked.is_file() else None, repr(ref))
        if named is None:
            return None
        fragment = urlparse(ref).fragment
        element = named.ids.get(fragment) if fragment else named.root
        return (named, element) if element is not None else None

    def _loaded(self, key, read, what):
        """An SVG document read once a count (None: a picture, or what cairosvg will refuse as it draws it)."""
        from defusedxml.ElementTree import fromstring  # lazy: start-up

        if key not in self.documents:
            self.documents[key] = None
            try:
                data = read()
            except OSError:
                return None
            if isinstance(data, bytes) and data.startswith(b"\x1f\x8b"):   # cairosvg unpacks it whole: a gzip bomb
                raise UserError(f"{self.shown}: {what} is compressed (gzip, .svgz): link it as plain SVG")
            if isinstance(data, bytes) and b"<svg" in data and not data.startswith((b"\x89PNG", b"\xff\xd8")):
                try:
                    self.documents[key] = self._document(key, fromstring(data, forbid_entities=True,
                                                                         forbid_external=True))
                except Exception:   # drawing it says what is wrong with it, as cairosvg reads it
                    pass
        return self.documents[key]


def _vertices(node, tag) -> int:
    """About how many vertices a shape has, where cairosvg draws markers (at least as many as it draws them at)."""
    if tag == "line":
        return 2
    text = node.get("d") if tag == "path" else node.get("points") if tag in ("polyline", "polygon") else None
    return len(NUMBER.findall(text)) // 2 + 1 if isinstance(text, str) else 0


def _unpacked(uri: str) -> bytes | None:
    """A data: URI's bytes (base64 or percent-encoded), or None when it holds none."""
    import base64  # lazy: start-up (data: SVG only)
    from urllib.parse import unquote_to_bytes  # lazy: start-up

    head, _, body = uri[5:].partition(",")
    try:
        return base64.b64decode(unquote(body)) if head.endswith(";base64") else unquote_to_bytes(body)
    except ValueError:
        return None


CHECKED = cache.Memo("svg-checks.json", [])   # each SVG that passed _checked: its size and linked files, by its key
INTACT = cache.Memo("png-intact.json", [])   # each PNG whose pixels decoded (_intact), by its bytes and Pillow's version


def _kept_check(path, data, folder, digest) -> tuple[tuple, tuple]:
    """_checked's size and links of an SVG, kept between runs by its bytes, its path and folder, pnp's code and
    cairosvg's file: a 4 MB SVG was drawn whole on every run to learn its size (3 s of a build that wrote nothing).
    What drawing it fetches is refused outside the folder again as it is read (_fetcher); a file it links to that
    has changed since (its size or time) has it checked again, so an SVG it places is counted again (_Expansion)."""
    from importlib.machinery import PathFinder  # lazy: start-up (only a spec with SVG art asks)
    found = PathFinder.find_spec("cairosvg")
    library = (found.origin, cache.stamp(found.origin)) if found and found.origin else None
    key = hexdigest(repr((digest, str(path), str(folder), cache.code(), library)).encode())
    kept = CHECKED.get(key)
    if kept is not None and len(kept) == 3 and kept[2] == [list(cache.stamp(file) or ()) for file in kept[1]]:
        return tuple(kept[0]), tuple(kept[1])
    size, linked = _checked(path, data, folder)
    CHECKED.put(key, [list(size), list(linked), [list(cache.stamp(file) or ()) for file in linked]])
    return size, linked


def _links(path, root, folder, seen: set) -> set:
    """The files an SVG's tree links to (each refused unless inside folder: _allowed), and those an SVG among them links
    to in turn (seen: the SVGs read so far)."""
    from defusedxml.ElementTree import fromstring  # lazy: start-up

    found: set[str] = set()
    for node in root.iter():
        refs = [node.get("href"), node.get(XLINK)] + [m for v in node.attrib.values() for m in re.findall(_URL, v)]
        if str(node.tag).endswith("style") and node.text:
            refs += re.findall(_URL, node.text) + re.findall(_IMPORT, node.text)
        found.update(str(target) for ref in filter(None, refs) if (target := _allowed(path, ref.strip(), folder)))
    for linked in sorted(found - seen):
        if linked.endswith(".svg") and os.path.isfile(linked):
            seen.add(linked)
            try:
                found |= _links(linked, fromstring(Path(linked).read_bytes(), forbid_entities=True,
                                                   forbid_external=True), folder, seen)
            except UserError:
                raise
            except Exception:   # drawing it says what is wrong with it, as cairosvg reads it
                continue
    return found


def _allowed(path, ref, folder) -> Path | None:
    """Refuse a reference an SVG makes unless it is an #id, a data: URI or a file inside the spec's folder; the file's
    path, if it is one."""
    if not ref or ref.startswith("#") or ref.startswith("data:"):
        return None
    parsed = urlparse(ref)
    if parsed.scheme not in ("", "file") or parsed.netloc:
        raise UserError(f"{_shown(path, folder)}: refers to {ref!r}: SVG art may use only its own #ids, data: URIs and files inside "
                        "the spec's folder")
    target = (Path(path).parent / unquote(parsed.path)).resolve()
    if not target.is_relative_to(Path(folder)):
        raise UserError(f"{_shown(path, folder)}: refers to {ref!r}, outside the spec's folder (SVG art may use only its own #ids, "
                        "data: URIs and files inside the spec's folder)")
    return target


def _fetcher(path, folder):
    """A url_fetcher for cairosvg that serves data: URIs and files inside the spec's folder, and refuses the rest; a
    picture among them is held to the pixels a picture named by a layout may have (cairosvg decodes it whole)."""
    def fetch(url, resource_type):
        if url.startswith("data:"):
            from cairosvg.url import fetch as read  # lazy: start-up
            return _bounded(path, folder, "a data: picture", read(url, resource_type), resource_type)
        _allowed(path, url, folder)
        target = Path(unquote(urlparse(url).path)).resolve()
        if target.exists() and not target.is_file():   # a pipe would never answer, a device never end
            raise UserError(f"{_shown(path, folder)}: {url!r} is not a regular file (a pipe, a device or a folder)")
        try:
            return _bounded(path, folder, repr(_shown(target, folder)), cache.read(target, target.read_bytes()),
                            resource_type)
        except OSError as exc:
            raise UserError(f"{_shown(path, folder)}: cannot read {url!r}: {exc.strerror}") from None
    return fetch


def _bounded(path, folder, what: str, data, resource_type=""):
    """data as fetched for an SVG, refused when it is a picture (a PNG or JPEG, or any other kind cairosvg has Pillow
    decode: GIF, WebP, BMP, TIFF...) of more pixels than MAX_PIXELS or MAX_SIDE allow (a 20,000 x 20,000 PNG of 389 KB
    took 1.65 GB to draw); its size read from its header, nothing decoded. SVG and style sheets pass as they are."""
    if not isinstance(data, bytes) or not (data.startswith((b"\x89PNG", b"\xff\xd8")) or (
            resource_type.startswith("image/") and b"<svg" not in data and not data.startswith((b"<?xml", b"<!DOC")))):
        return data
    from PIL import Image  # lazy: start-up

    try:
        w, h = _opened(data).size
    except Image.DecompressionBombError as exc:   # a format that checks as it opens (a GIF's frame): past 179 million
        raise UserError(f"{_shown(path, folder)}: {what} is more than {MAX_PIXELS:,} pixels ({_why(exc)})") from None
    except Exception:   # cairosvg says what is wrong with a picture it cannot read
        return data
    if w * h > MAX_PIXELS or max(w, h) > MAX_SIDE:
        raise UserError(f"{_shown(path, folder)}: {what} is {w} x {h} pixels: at most {MAX_PIXELS:,} pixels and "
                        f"{MAX_SIDE:,} a side")
    return data


@functools.lru_cache(maxsize=64)
def _decoded(source: Source):
    """An image's pixels: (Pillow image in RGB, L or CMYK, alpha channel or None), in its look (greys: L)."""
    shown = _shown(source.path, source.folder)
    image = _image(shown, source.data)
    try:
        image.load()
    except Exception as exc:  # a JPEG cut short, or damaged past its header
        raise UserError(f"{shown}: not a readable image ({_why(exc)})") from None
    if _orientation(image) != 1:   # a phone's photo stored on its side: turned as its EXIF says
        from PIL import ImageOps  # lazy: start-up
        image = ImageOps.exif_transpose(image)
    if image.mode == "P" or "transparency" in image.info:   # a palette, or one colour keyed transparent (tRNS)
        image = image.convert("RGBA" if "transparency" in image.info else "RGB")
    if image.mode in ("LA", "La", "RGBA", "RGBa", "PA"):
        image = image.convert("LA" if image.mode.startswith("L") else "RGBA")
        alpha = image.getchannel("A")
        image = image.convert("L" if image.mode == "LA" else "RGB")
        if alpha.getextrema() == (255, 255):
            alpha = None
    else:
        alpha = None
    if image.mode.startswith("I;16") or image.mode == "I":   # 16-bit greys (a PNG's): RGB would clip each to 255
        image = image.convert("I").point(lambda value: value / 257).convert("L")
    if image.mode not in ("RGB", "L", "CMYK"):
        image = image.convert("RGB")
    return (_seen(image, source.look) if source.look else image), alpha


def _seen(image, look):
    """An RGB, L or CMYK image in a look: in greys (L), or as a colour-vision simulation sees it (RGB)."""
    if look == "greyscale":
        return greyed(image)
    return image.convert("RGB").filter(_simulation(look))


@functools.cache
def _simulation(look):
    """A colour-vision simulation as a Pillow 3D table (SIDE levels a side) of the colours check.vision gives."""
    from PIL import ImageFilter  # lazy: start-up

    return ImageFilter.Color3DLUT.generate(SIDE, lambda r, g, b: _tone((r, g, b), look))


@functools.lru_cache(maxsize=4096)
def _tone(rgb, look):
    """An sRGB colour (channels 0 to 1) in a look, as drawn colours are turned: its grey (looks.grey), or as a
    colour-vision simulation sees it (check.vision.simulate's arithmetic, these colours not kept in its memo)."""
    colour = "#" + "".join(f"{round(c * 255):02x}" for c in rgb)
    if look == "greyscale":
        from .looks import grey  # lazy: start-up (the looks only)

        made = grey(colour)
    else:
        from ..check import vision  # lazy: start-up (the gallery's simulations only)

        made = vision.simulate.__wrapped__(colour, look)
    return tuple(int(made[i:i + 2], 16) / 255 for i in (1, 3, 5))


def greyed(image):
    """An RGB, L or CMYK Pillow image in greys (L): each pixel the level looks.grey gives its colour (its relative
    luminance in linear light, encoded as sRGB again); a CMYK image is read as Pillow converts it to RGB."""
    if image.mode == "L":
        return image  # a grey is its own grey
    from PIL import ImageMath  # lazy: start-up

    red, green, blue = (band.point(table, "F") for band, table in zip(image.convert("RGB").split(), _linear()))
    total = ImageMath.lambda_eval(lambda bands: bands["r"] + bands["g"] + bands["b"], r=red, g=green, b=blue)
    return total.convert("I").point(_encoded(), "L")


@functools.cache
def _linear():
    """For each channel, the share each of its 256 levels adds to a pixel's relative luminance, in STEPS (and half a
    step, so that the sum is rounded)."""
    from ..check.luminance import luminance  # lazy: start-up (the greys of the looks only)

    colours = ("#{:02x}0000", "#00{:02x}00", "#0000{:02x}")
    return tuple([luminance(colour.format(v)) * STEPS + 0.5 / 3 for v in range(256)] for colour in colours)


@functools.cache
def _encoded():
    """The sRGB level of each relative luminance in STEPS (looks.level, which rises with it: where each level starts
    is found by bisection)."""
    from bisect import bisect_left  # lazy: start-up
    from itertools import chain, repeat  # lazy: start-up
    from .looks import level  # lazy: start-up (the greys of the looks only)

    starts = [bisect_left(range(STEPS + 1), v, key=lambda y: level(y / STEPS)) for v in range(257)]
    return list(chain.from_iterable(repeat(v, starts[v + 1] - starts[v]) for v in range(256)))


def _maps(look: str) -> dict:
    """cairosvg's keyword arguments drawing SVG art in a look: each colour it paints (map_rgba) and each picture it
    holds (map_image, any mode Pillow reads) turned, alpha kept."""
    if not look:
        return {}

    def colour(rgba):
        return (*_tone(tuple(rgba[:3]), look), rgba[3])

    def picture(image):
        if image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in image.info:
            image = image.convert("RGBA")
            made = _seen(image.convert("RGB"), look)
            made.putalpha(image.getchannel("A"))
            return made
        return _seen(image if image.mode in ("RGB", "L", "CMYK") else image.convert("RGB"), look)
    return {"map_rgba": colour, "map_image": picture}


def embed(file, source: Source) -> int:
    """Add an image to a pdffile.File as an image XObject at its own resolution (a JPEG as it is; alpha as an SMask);
    return its object number."""
    w, h = source.size
    image = _image(_shown(source.path, source.folder), source.data) if source.kind == "jpeg" else None
    if image is not None and not source.look and _orientation(image) == 1:   # else its pixels, turned
        space = {"L": "/DeviceGray", "CMYK": "/DeviceCMYK"}.get(image.mode, "/DeviceRGB")
        decode = " /Decode [1 0 1 0 1 0 1 0]" if image.mode == "CMYK" and "adobe" in image.info else ""
        return file.add((f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace {space}"
                         f" /BitsPerComponent 8{decode} /Filter /DCTDecode /Length {len(source.data)} >>", source.data))
    image, alpha = _decoded(source)
    space = {"L": "/DeviceGray", "CMYK": "/DeviceCMYK"}.get(image.mode, "/DeviceRGB")
    mask = ""
    if alpha is not None:
        number = _pixels(file, alpha.tobytes(), f" /Type /XObject /Subtype /Image /Width {w} /Height {h}"
                                                " /ColorSpace /DeviceGray /BitsPerComponent 8")
        mask = f" /SMask {number} 0 R"
    return _pixels(file, image.tobytes(), f" /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace {space}"
                                          f" /BitsPerComponent 8{mask}")


def _pixels(file, data, extra):
    """A stream of raw pixels, compressed (never shared with another stream of equal bytes but another dictionary)."""
    packed = zlib.compress(data, 6)
    return file.add((f"<< /Length {len(packed)} /Filter /FlateDecode{extra} >>", packed))


@functools.lru_cache(maxsize=16)
def recorded(data: bytes, path: str, folder: str, look: str = ""):
    """SVG art drawn by cairosvg, once, into a cairo recording (its .cairo; its size in points .width and .height),
    safely (nothing fetched from outside the spec's folder): the check of the file, the faces painted from it and the
    PDF's copy all replay this one drawing (a 6 MB drawing was drawn three times, 4 s each)."""
    import cairocffi  # lazy: start-up
    from cairosvg.parser import Tree  # lazy: start-up
    from cairosvg.surface import PDFSurface  # lazy: start-up

    class Recording(PDFSurface):
        """cairosvg drawing into a recording surface, replayed wherever we paint it."""

        def _create_surface(self, width, height):
            made = cairocffi.RecordingSurface(cairocffi.CONTENT_COLOR_ALPHA, (0, 0, width, height))
            return made, width, height

    tree = Tree(bytestring=data, url=path, unsafe=False, url_fetcher=_fetcher(path, folder))
    return Recording(tree, None, 96, **_maps(look))


@functools.lru_cache(maxsize=64)
def pdf(source: Source) -> bytes:
    """SVG art as a one-page PDF of its size: its recording (recorded) replayed by cairo, vectors as drawn."""
    import cairocffi  # lazy: start-up

    drawn, out = recorded(source.data, source.path, source.folder, source.look), io.BytesIO()
    page = cairocffi.PDFSurface(out, drawn.width, drawn.height)
    context = cairocffi.Context(page)
    context.set_source_surface(drawn.cairo, 0, 0)
    context.paint()
    page.finish()
    return out.getvalue()


@functools.lru_cache(maxsize=64)
def surface(source: Source):
    """The art as a cairo surface to paint from: an image surface of its pixels, or the recording of the SVG drawn by
    cairosvg (recorded); its size in its own units is source.size."""
    import cairocffi  # lazy: start-up

    if source.kind == "svg":
        return recorded(source.data, source.path, source.folder, source.look).cairo
    image, alpha = _decoded(source)
    rgba = image.convert("RGB")
    rgba.putalpha(alpha if alpha is not None else 255)
    premultiplied = rgba.convert("RGBa")  # cairo wants alpha multiplied in, as B, G, R, A bytes on little-endian machines
    r, g, b, a = premultiplied.split()
    from PIL import Image  # lazy: start-up

    data = bytearray(Image.merge("RGBA", (b, g, r, a)).tobytes())
    w, h = source.size
    return cairocffi.ImageSurface.create_for_data(data, cairocffi.FORMAT_ARGB32, w, h, w * 4)
