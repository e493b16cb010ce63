"""Where reusable artwork lives (the project's templates/ folder and one beside the spec), and what a template may hold."""
import os
import re
from pathlib import Path
from stat import S_ISREG
from ..records import NamedTuple

from ..errors import UserError
from ..files import LOOPING, loops, shown
from ..digests import hexdigest
from .svgvalues import NAMED, TRANSFORM, hex_of, path_of, points_of, style, transform

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
BOX = (0.0, 0.0, 100.0, 100.0)  # the symbol box every template is fitted into
SHAPES = ("circle", "ellipse", "g", "line", "path", "polygon", "polyline", "rect")
NO_ART = frozenset(("defs", "metadata", "title", "desc"))  # SVG elements that draw nothing; skipped with all they hold
GEOMETRY = frozenset(("cx", "cy", "r", "rx", "ry", "x", "y", "x1", "y1", "x2", "y2", "width", "height"))
NO_EFFECT = frozenset((  # attributes and style properties that change nothing on a plain shape (and are left out)
    "id", "class", "version", "baseProfile", "color", "clip-rule", "overflow", "enable-background", "solid-color",
    "solid-opacity", "color-interpolation", "color-interpolation-filters", "color-rendering", "shape-rendering",
    "image-rendering", "text-rendering", "font-family", "font-size", "font-weight", "font-style", "font-variant",
    "font-stretch", "font-variation-settings", "-inkscape-font-specification", "line-height", "letter-spacing",
    "word-spacing", "text-anchor", "text-align", "writing-mode", "direction", "dominant-baseline", "baseline-shift",
    "text-decoration", "stop-color", "stop-opacity", "flood-color", "flood-opacity", "lighting-color"))
AT_DEFAULT = {  # properties allowed only at a value that changes nothing
    "visibility": ("visible",), "mix-blend-mode": ("normal",), "isolation": ("auto",), "vector-effect": ("none",),
    "filter": ("none",), "mask": ("none",), "clip-path": ("none",), "marker": ("none",), "marker-start": ("none",),
    "marker-mid": ("none",), "marker-end": ("none",), "preserveAspectRatio": ("xMidYMid", "xMidYMid meet"),
    "paint-order": ("normal", "fill", "fill stroke", "fill stroke markers", "fill markers stroke", "markers fill stroke"),
    "display": ("inline", "block")}  # display:none on a shape or group: not drawn, as SVG says
_NUMBER = r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(?:px)?\s*"  # compiled on first use by re's own cache: a rebuild parses no template
_TRANSFORMS = rf"\s*(?:{TRANSFORM}\s*,?\s*)*"  # compiled on first use by re's own cache: start-up
LIMIT = 1_000_000  # the largest coordinate a template may use (in its own units): every number that reaches a PDF is finite
FLAT = 1e-3   # the smallest scale factor, and viewBox side, a template may give: below it a shape is flattened to nothing
MAX_DEPTH = 64     # elements nested in one another
MAX_BYTES = 1_000_000  # the largest template file read
ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
PLAIN = ALNUM | frozenset("_-")   # what a plain name (a template's, an inline picture's) is written with


def is_name(name: str) -> bool:
    """A template's name: a file stem in a templates/ folder, never a path ([A-Za-z0-9][A-Za-z0-9_-]*, no pattern
    compiled)."""
    return bool(name) and name[0] in ALNUM and PLAIN.issuperset(name)
ARITY = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,), "skewY": (1,)}


class Template(NamedTuple):
    """One template as read: a digest of its bytes and its plain shapes as (tag, attributes, children), None until a
    drawing first needs them (Templates.load: a rebuild that only compares digests parses none)."""

    digest: str
    shapes: tuple | None


class Templates(tuple):
    """The template folders of one spec in search order; each template is read and checked once, when first used."""

    def __new__(cls, folders):
        made = super().__new__(cls, folders)
        made.read = {}  # name -> Template
        made.held = {}  # name -> (path, bytes) of a template read whose shapes are not parsed yet
        return made

    def find(self, name: str) -> Path | None:
        """The file of the template called name: the first folder that has one, inside that folder after links."""
        if not is_name(name):
            raise UserError(f"template name {name!r} is not a plain name (letters, digits, '-' and '_': a file in templates/)")
        for folder in self:
            path = Path(folder) / f"{name}.svg"
            try:
                mode = os.stat(path).st_mode   # through a link
            except OSError:
                if loops(path):
                    raise UserError(f"{shown(path)}: {LOOPING}") from None
                continue   # none here (or a link to nothing)
            if not S_ISREG(mode):
                raise UserError(f"{shown(path)}: not a regular file (a template is an .svg file, not a device, pipe or folder)")
            # a plain name in the folder: only if it is a link can it lead outside
            if os.path.islink(path) and not path.resolve().is_relative_to(Path(folder).resolve()):
                raise UserError(f"{shown(path)}: the template links to a file outside its folder ({path.resolve()})")
            return path
        return None

    def load(self, name: str, path: Path | None = None) -> Template:
        """The template called name, read and checked on first use (path: its file, found already)."""
        found = self.read.get(name) or self._hashed(name, path)
        if found.shapes is None:   # parsed from the very bytes its digest was taken of (held till they parse)
            found = self.read[name] = found._replace(shapes=parse(*self.held[name]))
            del self.held[name]
        return found

    def digest(self, name: str) -> str | None:
        """The digest of the template called name as it is now, or None when no folder has one (its shapes are parsed
        when a drawing first needs them)."""
        found = self.read.get(name)
        if found is None:
            path = self.find(name)
            return None if path is None else self._hashed(name, path).digest
        return found.digest

    def _hashed(self, name: str, path: Path | None = None) -> Template:
        """The template called name read and hashed, its bytes held until its shapes are parsed (path: its file)."""
        path = path or self.find(name)
        if path is None:
            raise UserError(f"unknown template {name!r} (looked in {', '.join(self)})")
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except OSError as exc:
            raise UserError(f"{shown(path)}: cannot read template: {exc.strerror}") from None
        if len(data) > MAX_BYTES:
            raise UserError(f"{shown(path)}: template is larger than {MAX_BYTES // 1_000_000} MB (plain shapes take a few KB)")
        self.held[name] = (path, data)
        found = self.read[name] = Template(hexdigest(data)[:32], None)   # 128 bits: ample for a cache
        return found                                                                        # key, and kept by every face


def search_path(spec_path=None) -> Templates:
    """Template folders to search, the spec's own folder first; a templates folder there that links out of it is
    refused (its templates are checked against the folder they are in)."""
    local = Path(spec_path).resolve().parent / "templates" if spec_path else None
    if local is not None and loops(local):
        raise UserError(f"{shown(local)}: the templates folder is a link that loops (it leads back to itself)")
    if local is not None and local.is_dir() and not local.resolve().is_relative_to(local.parent):
        raise UserError(f"{shown(local)}: the templates folder links outside the spec's folder ({local.resolve()})")
    return Templates(str(p) for p in (local, TEMPLATES) if p and p.is_dir())


def names(search):
    """Names of the symbols available in the given folders (every name ending .svg; listed, no pattern compiled)."""
    return sorted({entry.name[:-4] for folder in search for entry in os.scandir(folder) if entry.name.endswith(".svg")})


def parse(path: Path, data: bytes) -> tuple:
    """A template's plain shapes fitted into the 100 x 100 symbol box; anything that would print wrong is refused."""
    root = _tree(path, data)
    name, attributes, children, line = root
    if name not in ("svg", f"{SVG} svg"):
        raise UserError(f"{shown(path)}:{line}: a template's root element must be <svg> in the SVG namespace, found "
                        f"<{name.rpartition(' ')[2]}>")
    where = f"{shown(path)}:{line}: <svg>"
    attrs = _checked(where, {k: v for k, v in _own(where, attributes).items()
                             if k not in ("viewBox", "width", "height", "x", "y")})
    shapes = tuple(filter(None, (_shape(path, child) for child in children)))
    if not _draws(shapes):   # an icon of it printed nothing, exit 0
        raise UserError(f"{where}: the template draws nothing (no shape outside <defs> that is shown)")
    fit = _fit(where, attributes)
    if fit:
        attrs["transform"] = transform(fit + (f" {attrs['transform'].source}" if "transform" in attrs else ""))
    return (("g", attrs, shapes),) if attrs else shapes


PAINT = {"fill": "#000000", "stroke": "none", "fill-opacity": 1, "stroke-opacity": 1, "stroke-width": 1}   # SVG's


def _draws(shapes, paint=PAINT) -> bool:
    """Whether parsed shapes hold one that draws: shown (no opacity 0), of some size, and filled or stroked with paint
    that shows (paint: what a shape inherits from its groups)."""
    for tag, attrs, children in shapes:
        own = {**paint, **{key: value for key, value in attrs.items() if key in PAINT}}
        if _amount(attrs.get("opacity", 1)) == 0:
            continue
        if tag == "g":
            if _draws(children, own):
                return True
            continue
        sizes = {"rect": ("width", "height"), "circle": ("r",), "ellipse": ("rx", "ry")}.get(tag, ())
        if any(_amount(attrs.get(key, 0)) <= 0 for key in sizes):
            continue
        filled = tag != "line" and own["fill"] != "none" and _amount(own["fill-opacity"]) != 0
        stroked = own["stroke"] != "none" and _amount(own["stroke-opacity"]) != 0 and _amount(own["stroke-width"]) != 0
        if filled or stroked:
            return True
    return False


def _amount(value) -> float:
    """A parsed attribute as a number where it is one (a length or an opacity), else 1 (it is not nothing)."""
    return float(value) if isinstance(value, (int, float)) else 1.0


def _tree(path, data):
    """The XML tree of a template as (name, attributes, children, line), names as 'namespace local'."""
    from xml.parsers import expat  # lazy: start-up (a rebuild whose faces are all kept parses no template)
    parser = expat.ParserCreate(namespace_separator=" ")
    top = ("", {}, [], 0)
    stack = [top]

    def start(name, attributes):
        if len(stack) > MAX_DEPTH:
            raise UserError(f"{shown(path)}:{parser.CurrentLineNumber}: elements nested more than {MAX_DEPTH} deep")
        node = (name, attributes, [], parser.CurrentLineNumber)
        stack[-1][2].append(node)
        stack.append(node)

    def doctype(*_):
        raise UserError(f"{shown(path)}:{parser.CurrentLineNumber}: templates may not declare a DOCTYPE or entities (only plain shapes)")

    parser.StartElementHandler, parser.EndElementHandler = start, lambda name: stack.pop()
    parser.StartDoctypeDeclHandler = doctype
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise UserError(f"{shown(path)}:{exc.lineno}: template is not well-formed SVG ({expat.ErrorString(exc.code)})") from None
    return top[2][0]


def _shape(path, node):
    """One element as (tag, attributes, children); None for what draws nothing (defs, metadata, other vocabularies, display:none)."""
    name, attributes, children, line = node
    space, _, tag = name.rpartition(" ")
    if space not in ("", SVG) or tag in NO_ART:  # Inkscape's namedview, RDF metadata and the like are not SVG art
        return None
    where = f"{shown(path)}:{line}: <{tag}" + (f' id="{attributes["id"]}">' if "id" in attributes else ">")
    if tag not in SHAPES:
        raise UserError(f"{where}: element not allowed in a template (plain shapes only: {', '.join(SHAPES)})")
    own = _own(where, attributes)
    if own.get("display", "").strip() == "none":
        return None
    return tag, _checked(where, own), tuple(filter(None, (_shape(path, child) for child in children)))


def _own(where, attributes):
    """An element's SVG attributes with its style declarations laid over them (style wins, as in CSS)."""
    own = {}
    for key, value in attributes.items():
        space, _, name = key.rpartition(" ")
        if space == XLINK or name == "href":
            raise UserError(f"{where}: links are not allowed in a template ({name}={value!r})")
        if name.startswith("on"):
            raise UserError(f"{where}: scripts are not allowed in a template ({name}={value!r})")
        if not space and name != "style":
            own[name] = value
    try:
        own.update(style(attributes.get("style", "")))
    except UserError as error:
        raise UserError(f"{where}: {error}") from None
    return own


def _checked(where, own):
    """Presentation attributes as the painters read them; a value they would misread is refused, naming it."""
    kept = {}
    for name, value in own.items():
        if name in NO_EFFECT:
            continue
        if name in AT_DEFAULT:
            if value.strip() not in AT_DEFAULT[name]:
                raise UserError(f"{where}: {name}={value!r} is not supported in a template "
                                f"(only {' or '.join(map(repr, AT_DEFAULT[name]))})")
            continue
        checker = _PROPERTIES.get(name) or (_number if name in GEOMETRY else None)
        if checker is None:
            raise UserError(f"{where}: {name}={value!r} is not supported in a template")
        found = checker(value)
        if found is None:
            raise UserError(f"{where}: {name}={value!r} {_EXPECTED.get(checker, _NOT_A_NUMBER)}"
                            + (GRADIENT if checker is _colour and "url(" in value else ""))
        kept[name] = found
    return kept


def _colour(value):
    """A paint as the painters read it: #rrggbb, none, currentColor (the face colour) or ink; None if it is none of these."""
    low = value.strip().lower()
    if low in ("none", "ink", "mark"):  # mark: a circle that holds the face's mark template (see README)
        return low
    if low == "currentcolor":
        return "currentColor"
    return hex_of(low)


def _number(value):
    """A number in the template's own units (px or none), within LIMIT, an int when written as one; None otherwise."""
    found = re.fullmatch(_NUMBER, value)
    if not found or not _sane(float(found.group(1))):
        return None
    text = found.group(1)
    return round(float(text)) if text.lstrip("+-").isdigit() else float(text)   # int() refuses 4,301 digits (0000...1)


def _sane(number):
    """True for a finite number within LIMIT (1e400 reads as infinity)."""
    return abs(number) <= LIMIT


def _dashes(value):
    """A dash array: none, or a tuple of numbers in the template's units."""
    if value.strip() == "none":
        return "none"
    parts = tuple(_number(part) for part in re.split(r"[\s,]+", value.strip()))
    return parts if parts and None not in parts and min(parts) >= 0 and sum(parts) > 0 else None


def _one_of(*allowed):
    """A checker for a keyword property."""
    return lambda value: value.strip() if value.strip() in allowed else None


def _path(value):
    """Path data the painters read, every number within LIMIT, read once."""
    try:
        found = path_of(value)
        return found if all(seg and all(_sane(n) for n in seg[1:]) for seg in found.segments) else None
    except UserError:
        return None


def _transform(value):
    """A transform list the painters read (matrix, translate, scale, rotate, skewX, skewY), each with its numbers, none flat."""
    if not re.fullmatch(_TRANSFORMS, value):
        return None
    for name, args in re.findall(TRANSFORM, value):
        numbers = [_number(n) for n in re.split(r"[\s,]+", args.strip())] if args.strip() else []
        if len(numbers) not in ARITY[name] or None in numbers:
            return None
        if (name == "scale" and min(map(abs, numbers)) < FLAT) or (name == "matrix" and abs(
                numbers[0] * numbers[3] - numbers[1] * numbers[2]) < FLAT * FLAT) or (
                name.startswith("skew") and abs((numbers[0] + 90) % 180 - 90) > 89):
            return None  # flattens the shape to nothing (a skew of 90 degrees too): a mistake nothing can invert
    return transform(value)


_LINEJOIN, _LINECAP, _FILLRULE = _one_of("miter", "round", "bevel"), _one_of("butt", "round", "square"), _one_of("nonzero", "evenodd")
_PROPERTIES = {"fill": _colour, "stroke": _colour, "stroke-width": _number, "stroke-dashoffset": _number,
               "stroke-miterlimit": _number, "opacity": _number, "fill-opacity": _number, "stroke-opacity": _number,
               "stroke-linejoin": _LINEJOIN, "stroke-linecap": _LINECAP, "fill-rule": _FILLRULE,
               "stroke-dasharray": _dashes, "transform": _transform,
               "d": _path, "points": points_of}
_NOT_A_NUMBER = f"is not a number in the template's own units (px or none) from -{LIMIT:,} to {LIMIT:,}"
GRADIENT = "; art with gradients goes on a layout piece as an image element (type: image, file: ...), not as an icon"
_EXPECTED = {_colour: f"is not a plain colour (expected #rrggbb, none, currentColor, ink or {', '.join(NAMED)})",
             _dashes: "is not a dash array (numbers of 0 or more, not all 0; or none)", _path: f"is not path data (commands, each with its numbers, from -{LIMIT:,} to {LIMIT:,})",
             _LINEJOIN: "is not miter, round or bevel", _LINECAP: "is not butt, round or square",
             _FILLRULE: "is not nonzero or evenodd",
             _transform: "is not a transform list (matrix of 6 numbers, translate or scale of 1-2, rotate of 1 or 3, "
                         f"skewX or skewY of 1; finite, no scale under {FLAT:g}, no skew of 90 degrees)"}


def _fit(where, attributes):
    """The transform that fits the root's viewBox (else width and height, else 0 0 100 100) into the symbol box, centred."""
    text = attributes.get("viewBox")
    if text is None and ("width" in attributes or "height" in attributes):
        size = [_number(attributes.get(key, "100")) for key in ("width", "height")]
        if None in size:
            raise UserError(f"{where}: width and height in real units need a viewBox (the drawing's own coordinates)")
        text = f"0 0 {size[0]!r} {size[1]!r}"
    box = tuple(_number(v) for v in re.split(r"[\s,]+", text.strip())) if text else BOX
    if len(box) != 4 or None in box or box[2] < FLAT or box[3] < FLAT:
        raise UserError(f"{where}: viewBox={text!r} is not four numbers with a width and height of {FLAT:g} at least")
    x, y, w, h = box
    if (x, y, w, h) == BOX:
        return ""
    scale = 100 / max(w, h)
    return f"translate({_n((100 - w * scale) / 2 - x * scale)},{_n((100 - h * scale) / 2 - y * scale)}) scale({_n(scale)})"


def _n(value):
    """A number for a transform: 6 decimals at most."""
    return f"{round(value, 6) + 0.0:.6f}".rstrip("0").rstrip(".")
