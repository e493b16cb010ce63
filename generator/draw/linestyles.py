"""Colour-blind line styles: each line colour also has a stroke style, so the lines stay apart in greyscale."""
from ..records import NamedTuple

from ..spec import schema as s
from . import svg
from ..components import KINDS
from ..located import spec_error


class Style(NamedTuple):   # not a frozen dataclass: cheaper to create at import (start-up)
    """A stroke style: width and dash pattern in mm at scale 1, a line cap, two parallel lines or one, its layer."""

    width: float
    dash: tuple = ()
    cap: str = "butt"
    double: bool = False
    layer: int = 0


# Where lines cross, higher layers bridge over lower ones: a gap reads best in a solid line, so solid lines go under.
STYLES = {
    "thick": Style(2.6, layer=0),
    "double": Style(2.6, double=True, layer=1),
    "solid": Style(1.4, layer=2),
    "thin": Style(0.7, layer=3),
    "dashed": Style(1.6, dash=(3.2, 1.8), layer=4),
    "dotted": Style(1.8, dash=(0.0, 2.9), cap="round", layer=5),
}
DEFAULT_LINES = {
    "red": {"colour": "#d62d20", "style": "dashed"},
    "green": {"colour": "#008744", "style": "thin"},
    "blue": {"colour": "#0057e7", "style": "thick"},
}
LINES = s.mapping({name: s.mapping({"colour": s.colour, "style": s.one_of(*STYLES)}) for name in DEFAULT_LINES})
REFERENCE_SIZE = 45.0  # the widths and dashes here are for a hex tile this size across the flats (scale 1)
GAP = 1.0         # paper left on each side of a bridge, in mm at scale 1
DOUBLE_GAP = 1.0  # the paper between the two lines of a double line, in mm at scale 1
FIT = 0.999       # dash patterns fit a hair inside a path, so rounding never drops its last dot
# Two styles read as different at print size when one is broken (dashed, dotted) and the other not, one is double
# and the other not, or their widths or dash marks differ by at least STEP mm and RATIO times.
STEP = 0.3
RATIO = 1.5


class Line(NamedTuple):   # not a frozen dataclass: cheaper to create at import (start-up)
    """One colour's resolved line: its name, #rrggbb colour, style name and the word a key prints for its colour."""

    name: str
    colour: str
    style: str
    word: str = ""

    @property
    def look(self):
        """The Style of this line."""
        return STYLES[self.style]


def resolve(spec, lines):
    """Each line colour's Line from a component's `lines` option (defaults key by key), its word from colour_names."""
    lines = lines or {}
    out = {}
    for name, default in DEFAULT_LINES.items():
        colour = lines.get(name, {}).get("colour", default["colour"])
        word = spec.colour_name(name if colour.startswith("#") else colour)
        out[name] = Line(name, spec.colour(colour), lines.get(name, {}).get("style", default["style"]), word)
    return out


def lines_of(spec, component, key="lines_from"):
    """The resolved lines of the component that another component (a legend) names by id."""
    wanted = component.options[key]
    source = next((c for c in spec.components if c.id == wanted), None)
    if source is None or _fields(source).get("lines") is not LINES:
        raise spec_error(spec, ("components", component.id, key), f"no component {wanted!r} with line styles")
    return resolve(spec, source.options.get("lines"))


def _fields(component):
    """The option names a component's kind accepts."""
    return KINDS[component.kind].fields


def measured(spec) -> list:
    """(print scale, {name: Line}) for every component that draws line styles: what the colour-vision check measures."""
    return [(c.options.get("size", REFERENCE_SIZE) / REFERENCE_SIZE, resolve(spec, c.options.get("lines")))
            for c in spec.components if _fields(c).get("lines") is LINES]


def mark(style: Style) -> float:
    """The printed length of one dash in mm at scale 1 (a round cap adds the width; a dot is all cap); 0 if unbroken."""
    if not style.dash:
        return 0.0
    return style.dash[0] + (style.width if style.cap == "round" else 0.0)


def _differ(x, y, scale):
    """Whether two lengths (mm at scale 1) differ by at least STEP mm at print size and RATIO times."""
    small, large = sorted((x, y))
    return (large - small) * scale >= STEP and large >= small * RATIO


def apart(a: Style, b: Style, scale: float = 1.0) -> bool:
    """Whether two styles can be told apart at print size, by pattern, double line, width or dash length."""
    return (bool(a.dash) != bool(b.dash) or a.double != b.double or _differ(a.width, b.width, scale)
            or (bool(a.dash) and _differ(mark(a), mark(b), scale)))


def looks_like(line: Line, scale: float = 1.0) -> str:
    """A line's style in words with its print sizes, e.g. 'dashed, 1.6 mm wide, 3.2 mm dashes'."""
    style = line.look
    text = f"{line.style}, {style.width * scale:.2g} mm wide"
    return text + (f", {mark(style) * scale:.2g} mm dashes" if style.dash else "")


def _too_near(what, x, y, scale):
    """Why two lengths (mm at scale 1) read as one: their print sizes and the rule they miss."""
    small, large = sorted((x * scale, y * scale))
    rule = f"{STEP:g} mm" if large - small < STEP else f"{RATIO:g} times"
    return f"{what} {large:.2g} and {small:.2g} mm differ by under {rule}"


def alike(a: Line, b: Line, scale: float = 1.0) -> str:
    """'' when two lines' styles can be told apart at print size; otherwise what is too alike."""
    if apart(a.look, b.look, scale):
        return ""
    if a.style == b.style:
        return f"both {looks_like(a, scale)}"
    near = [_too_near("widths", a.look.width, b.look.width, scale)]
    if a.look.dash:
        near.append(_too_near("dashes", mark(a.look), mark(b.look), scale))
    return f"{looks_like(a, scale)} against {looks_like(b, scale)}: {', '.join(near)}"


def fitted_dash(style, length, scale, hits=()):
    """The dash pattern and offset stretched so a path starts and ends halfway through a dash.

    Among a few repeat counts near the natural one, the count whose dashes fall closest to the
    points `hits` (distances along the path, e.g. where it bridges another line) wins.
    """
    if not style.dash:
        return None, 0.0
    dash, gap = (d * scale for d in style.dash)
    natural = max(1, round(length / (dash + gap)))

    def miss(repeats):
        period = length / repeats
        return max((abs(t / period - round(t / period)) for t in hits), default=0.0), abs(repeats - natural)

    repeats = min(range(max(1, natural - 2), natural + 3), key=miss)
    stretch = length * FIT / (repeats * (dash + gap))
    dash, gap = dash * stretch, gap * stretch
    return (svg.r(dash), svg.r(gap)), svg.r(dash / 2)


def strokes(dwg, d, length, line, ground, scale=1.0, bridge=False, hits=()):
    """A group drawing a path in a line's style; a bridge first lays a wider paper-coloured stroke to cut what it crosses."""
    look = line.look
    width = look.width * scale
    made = dwg.g()
    if bridge:
        made.add(dwg.path(d=d, fill="none", stroke=ground, stroke_width=svg.r(width + 2 * GAP * scale),
                          stroke_linecap="butt"))
    dash, offset = fitted_dash(look, length, scale, hits)
    extra = {"stroke_dasharray": dash, "stroke_dashoffset": offset} if dash else {}
    made.add(dwg.path(d=d, fill="none", stroke=line.colour, stroke_width=svg.r(width), stroke_linecap=look.cap, **extra))
    if look.double:
        made.add(dwg.path(d=d, fill="none", stroke=ground, stroke_width=svg.r(DOUBLE_GAP * scale), stroke_linecap="butt"))
    return made


def dot(dwg, x, y, line, scale=1.0):
    """The dot that finishes an end: a disc a little wider than the widest line."""
    return dwg.circle((svg.r(x), svg.r(y)), svg.r(2.1 * scale), fill=line.colour)
