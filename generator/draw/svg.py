"""Drawings in millimetres as a small display list that serialises to SVG and paints straight onto cairo."""
import functools
from collections.abc import Iterator

from . import svgvalues
from .svgvalues import Path, Points, Transform, number_text, path_text, points_text, transform_text

FONT = "Bitstream Vera Sans"
# What an element is to the safe-area check: a mark play needs (kept 2 mm inside the cut), art that runs past the cut
# (grounds, lines that meet the next tile), a guide on the cut (a cutting ring, a fold line), a frame following the cut.
MARK, GROUND, GUIDE, FRAME = "mark", "ground", "guide", "frame"
CUT = "cut"   # the id of the clip path a hex piece's art is cut to (its cut line): the safe-area check looks past it


def r(value):
    """Round a coordinate to 1/1000 mm so output is stable and small (a value rounded before is looked up: a deck's
    faces place the same coordinates again and again, and round() to 3 places costs several lookups)."""
    found = _ROUNDED.get(value)
    if found is None:
        found = round(value, 3) + 0.0
        if len(_ROUNDED) >= ROUNDED:
            _ROUNDED.clear()
        _ROUNDED[value] = found
    return found


ROUNDED = 4096   # coordinates whose rounding is remembered
_ROUNDED: dict = {}


def _value(value):
    """An attribute value as SVG text."""
    if isinstance(value, Transform):
        return transform_text(value)
    if isinstance(value, Points):
        return points_text(value)
    if isinstance(value, Path):
        return path_text(value)
    if isinstance(value, (list, tuple)):
        return ",".join(_value(v) for v in value)
    if isinstance(value, float):
        return number_text(value)
    return str(value)


def escape(text, quote=True):
    """Text safe inside an XML element, or (quote) inside a double-quoted attribute."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;") if quote else text


_TYPED = frozenset(("transform", "points", "d"))   # the attributes an element holds as typed values, never as text


class Element:
    """One SVG element: tag, attributes (SVG names), children and text; part and role are for the safe-area check only."""

    __slots__ = ("tag", "attrs", "children", "content", "part", "role")

    def __init__(self, tag, attrs=None, content=None):
        self.tag, self.attrs, self.children, self.content = tag, attrs or {}, [], content
        self.part, self.role = None, MARK
        if not _TYPED.isdisjoint(self.attrs) and str in (type(self.attrs.get("transform")), type(self.attrs.get("points")),
                                                         type(self.attrs.get("d"))):
            raise TypeError(f"<{tag}> has a transform, points or path data as SVG text: give a svgvalues.Transform, Points "
                            "or Path")

    def add(self, child):
        """Append a child element and return it."""
        self.children.append(child)
        return child

    def __getitem__(self, name):
        return self.attrs[name]

    def tostring(self):
        """This element and its children as SVG text."""
        attrs = "".join(f' {k}="{escape(_value(v))}"' for k, v in self.attrs.items())
        inner = escape(self.content, quote=False) if self.content is not None else "".join(c.tostring() for c in self.children)
        return f"<{self.tag}{attrs}>{inner}</{self.tag}>" if inner else f"<{self.tag}{attrs}/>"


class Text(Element):
    """A line of text; box is the textfit.Box its layout gave it (None: the piece's safe area), never written to SVG."""

    __slots__ = ("box",)

    def __init__(self, attrs, content, box=None):
        super().__init__("text", attrs, content)
        self.box = box


class Run(Text):
    """A run of text in one typeface.Face (textbox sets them), x where its pen starts: it has no anchor; said: its text
    as messages quote it when that is more than its content (the inline icons beside it, as :name:), never drawn."""

    __slots__ = ("face", "said")

    def __init__(self, attrs, content, face, box=None):
        super().__init__(attrs, content, box)
        self.face, self.said = face, None


def said(node) -> str:
    """A text element's words as messages quote them: a run's with the inline icons beside it (said), else its own."""
    return getattr(node, "said", None) or node.content or ""


class Placed(Element):
    """The designer's image or SVG art (an art.Source) filling a box in mm; SVG text names only its file."""

    __slots__ = ("source",)

    def __init__(self, source, x, y, width, height):
        super().__init__("image", {"x": r(x), "y": r(y), "width": r(width), "height": r(height), "href": source.name})
        self.source = source


@functools.lru_cache(maxsize=None)
def _name(keyword):
    """The SVG attribute name of an svgwrite-style keyword (stroke_width -> stroke-width, class_ -> class)."""
    return keyword.rstrip("_").replace("_", "-")


def _attrs(extra):
    """svgwrite-style keyword attributes as SVG attributes, None values left out."""
    return {_name(k): v for k, v in extra.items() if v is not None}


def _points(pairs):
    """(x, y) pairs as a points attribute, each number rounded to 1/1000 mm as its SVG text writes it."""
    return Points(tuple((r(x), r(y)) for x, y in pairs))


class Drawing(Element):
    """A drawing: the svgwrite subset our renderers use, recorded as elements."""

    __slots__ = ("width", "height", "box", "defs", "ident")

    def __init__(self, width, height, box, ident):
        super().__init__("svg")
        self.width, self.height, self.box, self.ident = width, height, box, ident
        self.defs = self.add(Element("defs"))

    def viewbox(self, x, y, w, h):
        """Set the user-space box (mm) that fills the drawing."""
        self.box = (x, y, w, h)

    def tostring(self):
        """The drawing as an SVG document, its size in mm."""
        self.attrs = {"xmlns": "http://www.w3.org/2000/svg", "id": self.ident, "width": f"{_value(self.width)}mm",
                      "height": f"{_value(self.height)}mm", "viewBox": " ".join(_value(v) for v in self.box)}
        return super().tostring()

    def rect(self, insert=(0, 0), size=(1, 1), **extra):
        return Element("rect", {"x": insert[0], "y": insert[1], "width": size[0], "height": size[1], **_attrs(extra)})

    def circle(self, center=(0, 0), r=1, **extra):
        return Element("circle", {"cx": center[0], "cy": center[1], "r": r, **_attrs(extra)})

    def ellipse(self, center=(0, 0), r=(1, 1), **extra):
        return Element("ellipse", {"cx": center[0], "cy": center[1], "rx": r[0], "ry": r[1], **_attrs(extra)})

    def line(self, start=(0, 0), end=(0, 0), **extra):
        return Element("line", {"x1": start[0], "y1": start[1], "x2": end[0], "y2": end[1], **_attrs(extra)})

    def polygon(self, points=(), **extra):
        return Element("polygon", {"points": _points(points), **_attrs(extra)})

    def polyline(self, points=(), **extra):
        return Element("polyline", {"points": _points(points), **_attrs(extra)})

    def path(self, d: Path, **extra):
        return Element("path", {"d": d, **_attrs(extra)})

    def g(self, **extra):
        return Element("g", _attrs(extra))

    def clipPath(self, **extra):  # noqa: N802  (svgwrite's name)
        return Element("clipPath", _attrs(extra))

    def text(self, content, insert=(0, 0), box=None, **extra):
        return Text({"x": insert[0], "y": insert[1], **_attrs(extra)}, str(content), box)


TYPE_CHECKING = False  # typing itself is not imported (start-up)
if TYPE_CHECKING:
    from typing import TypeVar
    E = TypeVar("E", bound="Element")


def copied(node: "E") -> "E":
    """A copy of an element tree whose attributes and children can change without touching the original (text faces,
    art sources and layout boxes are shared)."""
    from copy import copy  # lazy: start-up (only the looks filters copy a drawing; copy imports weakref)
    return _copied(node, copy)


def _copied(node, copy):
    """copied's work, copy: copy.copy."""
    made = copy(node)
    made.attrs, made.children = dict(node.attrs), [_copied(child, copy) for child in node.children]
    if isinstance(node, Drawing) and isinstance(made, Drawing):
        made.defs = made.children[node.children.index(node.defs)]
    return made


def walk(node: "Element") -> Iterator["Element"]:
    """An element and every element under it, in paint order."""
    yield node
    for child in node.children:
        yield from walk(child)


def drawing(width, height, bleed=0.0, ident="face"):
    """Start a drawing whose user unit is 1 mm and whose trim box starts at (0, 0)."""
    w, h = width + 2 * bleed, height + 2 * bleed
    return Drawing(r(w), r(h), (r(-bleed), r(-bleed), r(w), r(h)), ident)


def part(element, name, role=MARK):
    """Name an element for the safe-area check and give its role (MARK, GROUND, GUIDE or FRAME)."""
    element.part, element.role = name, role
    return element


def ground(dwg, fill):
    """Fill the whole drawing, bleed included, with one colour."""
    x, y, w, h = dwg.box
    dwg.add(part(dwg.rect((x, y), (w, h), fill=fill), "ground", GROUND))


def text(dwg, content, x, y, size, fill="#000000", anchor="middle", bold=False, box=None, **extra):
    """Add a line of text with the bundled font; size in mm; box: the textfit.Box the layout gives it, if any."""
    return dwg.text(str(content), insert=(r(x), r(y)), box=box, font_family=FONT, font_size=r(size), fill=fill,
                    text_anchor=anchor, font_weight="bold" if bold else "normal", **extra)


def symbol(dwg, name, x, y, size, colour, ink="#000000", rotate=0, *, search, mark=""):
    """Place a template symbol centred on (x, y), size mm wide, recoloured: fill "currentColor" -> colour, "ink" -> ink;
    its circle filled "mark" takes the mark template (or is left out when there is none).

    search: the spec's templates (templates.Templates), which read each template once.
    """
    group = dwg.g(transform=_placed(r(x), r(y), rotate, r(size / 100)))
    group.children = _shapes(search, name, colour, ink, mark)
    return group


@functools.lru_cache(maxsize=4096)
def _placed(x, y, rotate, scale):
    """A symbol's transform: the move to (x, y), then _fitted's steps (remembered: a deck places its symbols at the same
    few spots face after face, and a transform is never changed, only replaced)."""
    return svgvalues.translate(x, y).then(_fitted(rotate, scale))


@functools.lru_cache(maxsize=256)
def _fitted(rotate, scale):
    """A symbol's transform after its move: its turn, its scale and the template's box centred (then() composes each step
    in turn, so the move then this is the same matrix, to the last bit, as the four steps one after another)."""
    return svgvalues.rotate(rotate).then(svgvalues.scale(scale)).then(svgvalues.translate(-50, -50))


RECOLOURED: dict = {}   # (template, colour, ink, mark) -> (the template, the mark's or None, its elements): see _shapes
KEPT = 4096


def _shapes(search, name, colour, ink, mark) -> tuple:
    """A template's elements recoloured, made once for each (template, colour, ink, mark) and shared by every symbol
    drawn from them: a tuple, which no one adds to (a filter changes a copy, svg.copied). Every template is loaded
    through search on every call, as building them would load them (a recording stand-in sees each read)."""
    template, key = search.load(name), (name, colour, ink, mark)
    found = RECOLOURED.get(key)
    if found is not None and found[0] is template and (found[1] is None or search.load(mark) is found[1]):
        return found[2]
    built = tuple(filter(None, (_build(item, colour, ink, mark, search) for item in template.shapes)))
    if len(RECOLOURED) >= KEPT:
        RECOLOURED.clear()
    RECOLOURED[key] = (template, search.load(mark) if mark and _marked(template.shapes) else None, built)
    return built


def _marked(items) -> bool:
    """True when a template's items hold a circle filled "mark" (which takes the mark template)."""
    return any(attrs.get("fill") == "mark" or _marked(children) for _, attrs, children in items)


def _build(item, colour, ink, mark="", search=()):
    """Instantiate one template element with colours filled in (a mark circle becomes the mark, or None)."""
    tag, attributes, children = item
    attrs = dict(attributes)
    if attrs.get("fill") == "mark":
        if not mark:
            return None
        spot = attrs.get("r", 0.0) * 2
        move = svgvalues.translate(attrs.get("cx", 0.0), attrs.get("cy", 0.0)).then(svgvalues.scale(r(spot / 100)))
        group = Element("g", {"transform": move.then(svgvalues.translate(-50, -50))})
        for child in search.load(mark).shapes:
            group.add(_build(child, colour, ink))
        return group
    for key in ("fill", "stroke"):
        if attrs.get(key) == "currentColor":
            attrs[key] = colour
        elif attrs.get(key) == "ink":
            attrs[key] = ink
    element = Element(tag, attrs)
    for child in children:
        built = _build(child, colour, ink, mark, search)
        if built is not None:
            element.add(built)
    return element
