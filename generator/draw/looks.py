"""Render-time looks: colour filters over a drawing (the svg module's model) for greyscale proofs and ink-saving prints."""
from collections.abc import Callable

from . import svg
from ..check.luminance import contrast, luminance
from .svgvalues import IDENTITY, NO_PATH, compose, ends, hex_colour, num
from .svgvalues import points as pairs

PAINTS = ("fill", "stroke", "stop-color")   # the attributes that carry a colour
LARGE = 0.3      # a fill covering at least this share of the artwork is a ground: ink-saver tints it
KEEP = 0.25      # a tinted ground keeps this much of its colour (the rest is paper white)
READABLE = 3.0   # WCAG contrast a neutral ink needs on its ground (large text, graphics)
NEUTRAL = 24     # an ink whose channels differ by less than this (of 255) is a grey: black, white, ink
SUFFIXES = {"ink-saver": "inksaver", "greyscale": "greyscale"}


def grey(colour):
    """The #rrggbb grey of a colour's relative luminance: what a black-and-white printer lays down."""
    return "#{0:02x}{0:02x}{0:02x}".format(level(luminance(colour)))


def level(y: float) -> int:
    """The sRGB level (0 to 255) of a relative luminance y (0 to 1): the grey that grey() gives."""
    encoded = 12.92 * y if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055
    return round(encoded * 255)


def recoloured(drawing: svg.Drawing, change: Callable[[str], str], look: str = "") -> svg.Drawing:
    """A copy of a drawing with each #rrggbb colour turned into change(colour); shapes and text kept, and the designer's
    image and SVG art drawn in the look that change is (art.Source.look: greyscale, protan, deutan, tritan), if any."""
    made = svg.copied(drawing)
    for node in svg.walk(made):
        for attr in PAINTS:
            if hex_colour(node.attrs.get(attr)):
                node.attrs[attr] = change(node.attrs[attr])
        if look and isinstance(node, svg.Placed):
            node.source = node.source._replace(look=look)
    return made


def greyscale(drawing: svg.Drawing) -> svg.Drawing:
    """A copy of a drawing with every colour turned to its grey, the designer's art too."""
    return recoloured(drawing, grey, "greyscale")


def tint(colour, keep=KEEP):
    """A light tint of a colour: keep part of it, the rest paper white."""
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - keep * (255 - c)):02x}" for c in channels)


def _wanted(ink: str, ground: str, tag: str) -> float:
    """The contrast a mark's ink must keep on its ground once tinted: a shape's 3:1 if it read so on the ground as it
    was, a text's what it had, to 3:1 (a text is never decoration); 0.0 for no colour."""
    if not hex_colour(ink):
        return 0.0
    had = contrast(ink, ground)
    return min(READABLE, had) if tag == "text" else READABLE if had >= READABLE else 0.0


def deepened(colour: str, ground: str, wanted: float) -> str:
    """A colour mixed with black, in steps of a tenth, until it reads against ground at the contrast wanted: a coloured
    mark on a tinted ground keeps its hue."""
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    for step in range(1, 11):
        made = "#" + "".join(f"{round(c * (1 - step / 10)):02x}" for c in channels)
        if contrast(made, ground) >= wanted:
            return made
    return "#000000"


def neutral(colour):
    """True for greys (black, white, dark inks): colours that carry no cue of their own."""
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return max(channels) - min(channels) < NEUTRAL


def ink_saver(drawing: svg.Drawing, kept: frozenset = frozenset()) -> svg.Drawing:
    """A copy of a drawing with large fills (grounds, backs) tinted and the neutral marks drawn on them re-inked so they
    stay readable; kept: the #rrggbb colours (lower case) never tinted, those players tell pieces apart by (a pill
    filling its tile is matched with the small ones on the prescriptions, a black disc with the board's black)."""
    made = svg.copied(drawing)
    x, y, w, h = made.box
    _Saver((x, y, x + w, y + h), kept).walk(made, IDENTITY)
    return made


def apply(looks: tuple, drawing: svg.Drawing, kept: frozenset = frozenset()) -> svg.Drawing:
    """A drawing in the given looks, applied in order ('ink-saver', keeping the colours kept, before 'greyscale')."""
    for look in looks:
        drawing = ink_saver(drawing, kept) if look == "ink-saver" else greyscale(drawing)
    return drawing


def suffix(looks):
    """The file-name suffix of a set of looks, e.g. '-inksaver-greyscale'."""
    return "".join(f"-{SUFFIXES[look]}" for look in looks)


class _Saver:
    """Walk a drawing in paint order, keeping the opaque fills painted so far with their (possibly tinted) colours."""

    def __init__(self, view, kept=frozenset()):
        self.view, self.kept, self.painted = view, kept, []

    def walk(self, node, matrix):
        for child in node.children:
            tag = child.tag
            here = compose(matrix, child.attrs["transform"].matrix if "transform" in child.attrs else IDENTITY)
            if tag == "g":
                self.walk(child, here)
            elif tag in ("rect", "circle", "ellipse", "polygon", "polyline", "line", "path", "text"):
                self.mark(child, tag, here)

    def mark(self, node, tag, matrix):
        """Tint a large fill, or re-ink a mark sitting on a tinted ground that reads worse on it than it did (_wanted): a
        neutral one in the ground's own colour (or black), a coloured text deepened."""
        box = _bbox(node, tag, matrix)
        if box is None:
            return
        attrs = node.attrs
        fill = str(attrs.get("fill", ""))
        opaque = num(attrs.get("fill-opacity", 1), 1.0) == 1 and num(attrs.get("opacity", 1), 1.0) == 1
        solid = fill.startswith("#") and opaque and tag not in ("text", "line", "polyline")
        if (solid and _area(box, self.view) >= LARGE * _area(self.view, self.view) and fill.lower() != "#ffffff"
                and fill.lower() not in self.kept):
            new = tint(fill)
            attrs["fill"] = new
            if attrs.get("stroke") == fill:
                attrs["stroke"] = new
            self.painted.append((box, fill, new))
            return
        ground = self._under(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
        if ground and ground[1] != ground[2]:
            _, was, now = ground
            for attr in ("fill", "stroke"):
                ink = str(attrs.get(attr, ""))
                wanted = _wanted(ink, was, tag)
                if not wanted or contrast(ink, now) >= wanted:
                    continue
                if neutral(ink):
                    attrs[attr] = was if contrast(was, now) >= wanted else "#000000"
                elif tag == "text":   # a coloured shape keeps its colour: a game may tell pieces by it
                    attrs[attr] = deepened(ink, now, wanted)
        if solid:   # what is drawn on it next reads against it as it is now, re-inked or not
            self.painted.append((box, fill, str(attrs["fill"])))

    def _under(self, point):
        """The topmost opaque fill painted so far under a point."""
        return next((p for p in reversed(self.painted) if p[0][0] <= point[0] <= p[0][2] and p[0][1] <= point[1] <= p[0][3]), None)


def _area(box, view):
    """Area of a box clipped to the view."""
    w = min(box[2], view[2]) - max(box[0], view[0])
    h = min(box[3], view[3]) - max(box[1], view[1])
    return max(w, 0) * max(h, 0)


def _bbox(node, tag, matrix):
    """The bounding box (x1, y1, x2, y2) of a shape on the artwork, or None when it has no points."""
    a = node.attrs
    n = lambda key: num(a.get(key, 0))  # noqa: E731
    if tag == "rect":
        points = [(n("x"), n("y")), (n("x") + n("width"), n("y") + n("height"))]
        points += [(points[0][0], points[1][1]), (points[1][0], points[0][1])]
    elif tag in ("circle", "ellipse"):
        rx, ry = (n("r"), n("r")) if tag == "circle" else (n("rx"), n("ry"))
        points = [(n("cx") + sx * rx, n("cy") + sy * ry) for sx in (-1, 1) for sy in (-1, 1)]
    elif tag in ("polygon", "polyline"):
        points = pairs(a.get("points", ""))
    elif tag == "line":
        points = [(n("x1"), n("y1")), (n("x2"), n("y2"))]
    elif tag == "text":
        size = num(a.get("font-size", 3))
        points = [(n("x"), n("y") - size * 0.35)]
    else:
        points = ends(a.get("d", NO_PATH))
    if not points:
        return None
    a, b, c, d, e, f = matrix
    placed = [(a * x + c * y + e, b * x + d * y + f) for x, y in points]
    xs, ys = [p[0] for p in placed], [p[1] for p in placed]
    return min(xs), min(ys), max(xs), max(ys)
