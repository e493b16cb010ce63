"""Line legend: a card showing each line colour in its style, named by its colour's word, how a crossing is drawn, and the nexus star."""

from ..draw import linestyles
from ..spec import schema as s
from ..draw import svg, svgvalues, textfit
from .hextile import line_reads, star
from .kind import Kind

FIELDS = {
    "width": s.length(low=40, high=300),
    "height": s.length(low=40, high=300),
    "heading": s.text,
    "lines_from": s.text,
    "nexus": s.text,
    "ground": s.colour,
    "ink": s.colour,
    "accent": s.colour,
    "font_size": s.length(low=s.MIN_TEXT, high=10, zero=True),
}
DEFAULTS = {"width": 88.0, "height": 63.0, "heading": "Line key", "lines_from": "tiles",
            "nexus": "nexus tile: three ends", "ground": "white", "ink": "black", "accent": "black", "font_size": 3.2}
SAMPLE = 16.0  # length of a sample line in mm
STUB = 6.0     # length of a sample end in mm
GAP = 3.0      # between a sample line and its sample end


def size(options):
    """The card's width and height."""
    o = options
    return o["width"], o["height"]


def _segment(x1, y1, x2, y2):
    """The path data of a straight segment, with its length."""
    d = svgvalues.path(("M", svg.r(x1), svg.r(y1)), ("L", svg.r(x2), svg.r(y2)))
    return d, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5


def _label(dwg, text, x, y, font, room, ink, pitch):
    """Add text wrapped to room mm, its lines centred on y in a row pitch mm tall."""
    lines = textfit.wrap(text, font, room)
    first = y + font * 0.35 - (len(lines) - 1) * font * 0.6
    row = textfit.Box(x, y - pitch / 2, x + room, y + pitch / 2, "its row of the key")
    for n, line in enumerate(lines):
        dwg.add(svg.text(dwg, line, x, first + n * font * 1.2, font, ink, anchor="start", box=row))


def render(spec, component, props):
    """Draw the heading over an accent rule, one row per line colour, a crossing row and a nexus row, spread over the card."""
    o = component.options
    b, w, h = component.bleed, o["width"], o["height"]
    ground, ink, font = spec.colour(o["ground"]), spec.colour(o["ink"]), o["font_size"]
    lines = linestyles.lines_of(spec, component)
    dwg = svg.drawing(w, h, b, ident="line-legend")
    svg.ground(dwg, ground)
    dwg.add(svg.text(dwg, o["heading"], w / 2, 5 + font * 1.3, font * 1.3, ink, bold=True))
    dwg.add(svg.part(dwg.line((5, svg.r(5 + font * 1.95)), (w - 5, svg.r(5 + font * 1.95)), stroke=spec.colour(o["accent"]),
                              stroke_width=0.5), "heading rule"))
    top = 5 + font * 2.6
    pitch = (h - top - 5) / (len(lines) + 2)
    x0, span = 6.0, SAMPLE + GAP + STUB
    text_x = x0 + span + 5.0
    room = w - 5.0 - text_x
    for n, line in enumerate(lines.values()):
        y = top + (n + 0.5) * pitch
        dwg.add(svg.part(linestyles.strokes(dwg, *_segment(x0, y, x0 + SAMPLE, y), line, ground), "line samples"))
        stub_x = x0 + SAMPLE + GAP
        dwg.add(svg.part(linestyles.strokes(dwg, *_segment(stub_x, y, stub_x + STUB, y), line, ground), "end samples"))
        dwg.add(svg.part(linestyles.dot(dwg, stub_x + STUB, y, line), "end samples"))
        _label(dwg, f"{line.word}: {line.style}", text_x, y, font, room, ink, pitch)
    layered = sorted(lines.values(), key=lambda line: (line.look.layer, line.name))
    lower, upper = layered[0], layered[-1]
    y = top + (len(lines) + 0.5) * pitch
    mid = x0 + span / 2
    dwg.add(svg.part(linestyles.strokes(dwg, *_segment(x0, y, x0 + span, y), lower, ground), "crossing sample"))
    dwg.add(svg.part(linestyles.strokes(dwg, *_segment(mid, y - pitch * 0.45, mid, y + pitch * 0.45), upper, ground,
                                        bridge=True), "crossing sample"))
    _label(dwg, f"a gap: {lower.word} passes under {upper.word}", text_x, y, font, room, ink, pitch)
    y = top + (len(lines) + 1.5) * pitch
    dwg.add(svg.part(dwg.polygon([(svg.r(px), svg.r(py)) for px, py in star(mid, y, pitch * 0.42)], fill=ink), "nexus star"))
    _label(dwg, o["nexus"], text_x, y, font, room, ink, pitch)
    return dwg


def link(spec, component):
    """Check at load time that `lines_from` names a component with line styles."""
    linestyles.lines_of(spec, component)
    return dict(component.options)


def reads(spec, component, props) -> list:
    """What render reads besides its colours (Kind.reads): the components (to find the one its lines come from) and
    those lines' colours and words."""
    return ["components"] + line_reads(spec.component(component.options["lines_from"]).options.get("lines"))


KIND = Kind(render=render, size=size, fields=FIELDS, default_bleed=3.0, link=link, defaults=DEFAULTS, paints=(), reads=reads)
