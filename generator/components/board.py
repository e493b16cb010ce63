"""Grid board: rows x cols empty cells inside a frame that carries the title."""
from ..spec import schema as s
from ..draw import svg
from .kind import Kind

FIELDS = {
    "rows": s.integer(1, 60),
    "cols": s.integer(1, 60),
    "cell": s.length(low=s.MIN_CELL, high=200, zero=True),
    "frame": s.length(high=50, zero=True),
    "ground": s.colour,
    "cell_fill": s.colour,
    "ink": s.colour,
    "line": s.length(low=s.MIN_LINE, high=3, zero=True),
    "label": s.text,
}
DEFAULTS = {"frame": 8.0, "ground": "white", "cell_fill": "white", "ink": "black", "line": 0.5, "label": ""}


def size(options):
    """Grid plus a frame on every side."""
    o = options
    return o["cols"] * o["cell"] + 2 * o["frame"], o["rows"] * o["cell"] + 2 * o["frame"]


def render(spec, component, props):
    """Draw the frame, the cells and the label."""
    o = component.options
    width, height = size(o)
    dwg = svg.drawing(width, height, component.bleed)
    svg.ground(dwg, spec.colour(o["ground"]))
    draw_grid(dwg, spec, o["frame"], o["frame"], o["rows"], o["cols"], o["cell"], o)
    if label := props.get("label", o["label"]):   # a diagram's miniature of the board gives "" (diagram.MINIATURE)
        dwg.add(svg.text(dwg, label, width / 2, o["frame"] * 0.68, o["frame"] * 0.55, spec.colour(o["ink"]), bold=True))
    return dwg


def draw_grid(dwg, spec, x, y, rows, cols, cell, o):
    """Draw rows x cols cells with their top-left corner at (x, y)."""
    ink, line = spec.colour(o["ink"]), o["line"]
    dwg.add(svg.part(dwg.rect((svg.r(x), svg.r(y)), (svg.r(cols * cell), svg.r(rows * cell)), fill=spec.colour(o["cell_fill"]),
                              stroke=ink, stroke_width=line * 2), "grid"))
    for i in range(1, cols):
        dwg.add(svg.part(dwg.line((svg.r(x + i * cell), svg.r(y)), (svg.r(x + i * cell), svg.r(y + rows * cell)), stroke=ink,
                                  stroke_width=line), "grid lines"))
    for j in range(1, rows):
        dwg.add(svg.part(dwg.line((svg.r(x), svg.r(y + j * cell)), (svg.r(x + cols * cell), svg.r(y + j * cell)), stroke=ink,
                                  stroke_width=line), "grid lines"))


KIND = Kind(render=render, size=size, fields=FIELDS, panels=True, defaults=DEFAULTS, required=("rows", "cols", "cell"),
            paints=())   # the colours it reads, as given
