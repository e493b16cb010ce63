"""Lattice board: points of a triangular lattice given by row lengths, lines between neighbours, spots for tokens."""
from ..spec import schema as s
from ..draw import svg, trigrid
from ..errors import UserError
from .kind import Kind

ROW_LENGTH = s.integer(1, 40)


def rows_field(value):
    """Row lengths that centre on a triangular lattice (neighbouring rows differ by an odd number)."""
    rows = s.list_of(ROW_LENGTH, 1, 40)(value)
    try:
        trigrid.points(rows)
    except UserError as exc:
        raise s.Invalid(str(exc)) from None
    return rows


rows_field.item = ROW_LENGTH

FIELDS = {
    "rows": rows_field,
    "spacing": s.length(high=200),
    "spot": s.length(high=200),
    "margin": s.length(high=100, zero=True),
    "ground": s.colour,
    "field": s.colour,
    "spot_fill": s.colour,
    "ink": s.colour,
    "line": s.length(low=s.MIN_LINE, high=3, zero=True),
    "label": s.text,
    "label_size": s.length(low=s.MIN_TEXT, high=40, zero=True),
}
EDGE = 3.0  # room between the field's outline and the trim when the margin is left to its default
DEFAULTS = {"ground": "white", "field": "white", "spot_fill": "white", "ink": "black", "line": 0.6, "label": "",
            "label_size": 6.0,
            "spot": lambda o: o["spacing"] / 2,            # spots half a spacing wide
            "margin": lambda o: o["spacing"] / 2 + EDGE}   # the field half a spacing around the points, then EDGE


def size(options):
    """The points' extent plus the margin on every side."""
    o = options
    x0, y0, x1, y1 = trigrid.bounds(trigrid.points(o["rows"]), o["spacing"])
    return x1 - x0 + 2 * o["margin"], y1 - y0 + 2 * o["margin"]


def layout(options):
    """Each lattice point's centre in mm on the trim box, in reading order."""
    o = options
    board = trigrid.points(o["rows"])
    x0, y0, _, _ = trigrid.bounds(board, o["spacing"])
    return {p: (x - x0 + o["margin"], y - y0 + o["margin"]) for p in board
            for x, y in [trigrid.position(p, o["spacing"])]}


def hull(centres):
    """The convex hull of some points, in order round the outline (Andrew's monotone chain)."""
    pts = sorted(set(centres))

    def half(seq):
        chain = []
        for p in seq:
            while len(chain) >= 2 and _cross(chain[-2], chain[-1], p) <= 0:
                chain.pop()
            chain.append(p)
        return chain[:-1]

    return half(pts) + half(pts[::-1])


def _cross(o, a, b):
    """The z component of (a - o) x (b - o)."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def render(spec, component, props):
    """Draw the ground, the field around the points, the neighbour lines, the spots and the label."""
    o = component.options
    width, height = size(o)
    b = component.bleed
    ink, line = spec.colour(o["ink"]), o["line"]
    dwg = svg.drawing(width, height, b)
    svg.ground(dwg, spec.colour(o["ground"]))
    centres = layout(o)
    outline = [(svg.r(x), svg.r(y)) for x, y in hull(centres.values())]
    pad = o["spacing"] / 2
    for stroke, grow in ((ink, line), (spec.colour(o["field"]), 0.0)):
        dwg.add(svg.part(dwg.polygon(outline, fill=spec.colour(o["field"]), stroke=stroke, stroke_width=svg.r(2 * pad + grow),
                                     stroke_linejoin="round"), "field"))
    for a, c in trigrid.edges(centres):
        (x1, y1), (x2, y2) = centres[a], centres[c]
        dwg.add(svg.part(dwg.line((svg.r(x1), svg.r(y1)), (svg.r(x2), svg.r(y2)), stroke=ink, stroke_width=line,
                                  stroke_linecap="round"), "lines"))
    for x, y in centres.values():
        dwg.add(svg.part(dwg.circle((svg.r(x), svg.r(y)), svg.r(o["spot"] / 2), fill=spec.colour(o["spot_fill"]), stroke=ink,
                                    stroke_width=svg.r(line * 0.75)), "spots"))
    if o["label"]:
        dwg.add(svg.text(dwg, o["label"], EDGE + 2, EDGE + 2 + o["label_size"], o["label_size"], ink, anchor="start",
                         bold=True))
    return dwg


KIND = Kind(render=render, size=size, fields=FIELDS, default_bleed=3.0, panels=True, defaults=DEFAULTS, paints=(),
            required=("rows", "spacing"))
