"""Colour-blind line styles: each line colour also has a stroke style, so the lines stay apart in greyscale."""
from dataclasses import dataclass

from . import schema as s
from . import svg


@dataclass(frozen=True)
class Style:
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
GAP = 1.0         # paper left on each side of a bridge, in mm at scale 1
DOUBLE_GAP = 1.0  # the paper between the two lines of a double line, in mm at scale 1
FIT = 0.999       # dash patterns fit a hair inside a path, so rounding never drops its last dot


@dataclass(frozen=True)
class Line:
    """One colour's resolved line: its name, #rrggbb colour and style name."""

    name: str
    colour: str
    style: str

    @property
    def look(self):
        """The Style of this line."""
        return STYLES[self.style]


def resolve(spec, lines):
    """Each line colour's Line from a component's `lines` option, falling back to the defaults key by key."""
    lines = lines or {}
    return {name: Line(name, spec.colour(lines.get(name, {}).get("colour", default["colour"])),
                       lines.get(name, {}).get("style", default["style"]))
            for name, default in DEFAULT_LINES.items()}


def lines_of(spec, component, key="lines_from"):
    """The resolved lines of the component that another component (a legend) names by id."""
    wanted = component.options[key]
    source = next((c for c in spec.components if c.id == wanted), None)
    if source is None or _fields(source).get("lines") is not LINES:
        from .located import spec_error
        raise spec_error(spec, ("components", component.id, key), f"no component {wanted!r} with line styles")
    return resolve(spec, source.options.get("lines"))


def _fields(component):
    """The option names a component's kind accepts."""
    from .components import KINDS
    return KINDS[component.kind].fields


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
    return f"{svg.r(dash)} {svg.r(gap)}", svg.r(dash / 2)


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
