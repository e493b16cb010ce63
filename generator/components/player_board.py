"""Player board: a schedule grid, a slot for a pattern tile with its marker, a big marker on the top edge."""
from ..spec import schema as s
from ..draw import svg
from .board import draw_grid
from ..check.textcheck import SAFE
from .kind import Kind

FIELDS = {
    "rows": s.integer(1, 12),
    "cols": s.integer(1, 12),
    "cell": s.length(low=s.MIN_CELL, high=100, zero=True),
    "slot": s.length(high=150),
    "frame": s.length(high=40, zero=True),
    "ground": s.colour,
    "cell_fill": s.colour,
    "ink": s.colour,
    "line": s.length(low=s.MIN_LINE, high=3, zero=True),
    "label": s.text,
    "slot_label": s.text,
}
DEFAULTS = {"frame": 8.0, "ground": "white", "cell_fill": "white", "ink": "black", "line": 0.5,
            "label": "", "slot_label": ""}
TOP_BAND = 14.0


def size(options):
    """Frame, grid, gap, slot and frame across; marker band, grid and frame down."""
    o = options
    grid_w, grid_h = o["cols"] * o["cell"], o["rows"] * o["cell"]
    return 3 * o["frame"] + grid_w + o["slot"] + 2, TOP_BAND + max(grid_h, o["slot"] + 12) + o["frame"]


SLOT_MARK = "#ffffff"   # the slot's small triangle: the one colour render paints that the spec does not give


def render(spec, component, props):
    """Draw the board: big black triangle on top, schedule grid at left, marked slot at right."""
    o = component.options
    width, height = size(o)
    b, ink = component.bleed, spec.colour(o["ink"])
    dwg = svg.drawing(width, height, b)
    svg.ground(dwg, spec.colour(o["ground"]))
    grid_x, grid_y = o["frame"], TOP_BAND
    grid_w = o["cols"] * o["cell"]
    draw_grid(dwg, spec, grid_x, grid_y, o["rows"], o["cols"], o["cell"], o)
    top = SAFE + 0.5   # the big triangle's flat edge, clear of the cut
    big = TOP_BAND - top - 1.5
    dwg.add(svg.part(svg.symbol(dwg, "marker-triangle", grid_x + grid_w / 2, top + big / 2, big, ink, ink, rotate=180,
                                search=spec.templates), "big triangle (faces the main board)"))
    slot_x, slot_y = 2 * o["frame"] + grid_w + 1, TOP_BAND + 10
    dwg.add(svg.part(dwg.rect((svg.r(slot_x), svg.r(slot_y)), (o["slot"], o["slot"]), fill="none", stroke=ink,
                              stroke_width=o["line"], stroke_dasharray=(2, 1.5)), "prescription slot"))
    small = 6.0
    dwg.add(svg.part(svg.symbol(dwg, "marker-triangle", slot_x + o["slot"] / 2, slot_y - small / 2 - 1, small, SLOT_MARK, ink,
                                search=spec.templates), "slot's small triangle"))
    if o["slot_label"]:
        dwg.add(svg.text(dwg, o["slot_label"], slot_x + o["slot"] / 2, slot_y + o["slot"] / 2 + 1.2, 3.4, ink))
    if o["label"]:
        dwg.add(svg.text(dwg, o["label"], grid_x + grid_w / 2, grid_y + o["rows"] * o["cell"] + 4.2, 3.6, ink, bold=True))
    return dwg


KIND = Kind(render=render, size=size, fields=FIELDS, defaults=DEFAULTS, required=("rows", "cols", "cell", "slot"),
            paints=(SLOT_MARK,), reads=lambda spec, component, props: ["template:marker-triangle"])
