"""Score sheet: a titled table of rows (rounds) by columns (players) with a total row."""
from ..spec import schema as s
from ..draw import svg, textfit
from .kind import Kind, width_and_height

FIELDS = {
    "width": s.length(high=400),
    "height": s.length(high=400),
    "heading": s.text,
    "rows": s.list_of(s.text, 1, 40),
    "columns": s.integer(1, 12),
    "column_label": s.text,
    "note": s.text,
    "ink": s.colour,
}
DEFAULTS = {"column_label": "Player", "note": "", "ink": "black"}


size = width_and_height


PAPER = "#ffffff"   # the sheet's ground, written on: the one colour render paints that the spec does not give


def render(spec, component, props):
    """Draw the heading, a name row, one row per label, and the note."""
    o = component.options
    w, h, b, ink = o["width"], o["height"], component.bleed, spec.colour(o["ink"])
    dwg = svg.drawing(w, h, b)
    svg.ground(dwg, PAPER)
    dwg.add(svg.text(dwg, o["heading"], w / 2, 9, 5, ink, bold=True))
    labels = ["Name"] + list(o["rows"])
    top, left, bottom = 14.0, 5.0, h - (10.0 if o["note"] else 5.0)
    label_w = 30.0
    col_w = (w - 2 * left - label_w) / o["columns"]
    row_h = (bottom - top) / (len(labels) + 1)
    for i in range(o["columns"]):
        x = left + label_w + (i + 0.5) * col_w
        column = textfit.Box(x - col_w / 2, top, x + col_w / 2, top + row_h, f"column {i + 1}")
        dwg.add(svg.text(dwg, f"{o['column_label']} {i + 1}", x, top + row_h * 0.65, min(3.5, row_h * 0.5), ink, bold=True,
                         box=column))
    for j, label in enumerate(labels, start=1):
        y = top + j * row_h
        dwg.add(svg.text(dwg, label, left + 2, y + row_h * 0.65, min(3.5, row_h * 0.5), ink, anchor="start",
                         bold=(j == len(labels) and label.lower().startswith("total")),
                         box=textfit.Box(left, y, left + label_w, y + row_h, "label column")))
    for j in range(len(labels) + 2):
        y = svg.r(top + j * row_h)
        dwg.add(svg.part(dwg.line((left, y), (svg.r(w - left), y), stroke=ink, stroke_width=0.6 if j in (0, len(labels) + 1) else 0.3),
                         "table"))
    for i in range(o["columns"] + 2):
        x = svg.r(left if i == 0 else left + label_w + (i - 1) * col_w)
        dwg.add(svg.part(dwg.line((x, svg.r(top)), (x, svg.r(top + (len(labels) + 1) * row_h)), stroke=ink, stroke_width=0.3),
                         "table"))
    if o["note"]:
        dwg.add(svg.text(dwg, o["note"], w / 2, h - 4, 3, ink))
    return dwg


KIND = Kind(render=render, size=size, fields=FIELDS, print_once=True, defaults=DEFAULTS,
            required=("width", "height", "heading", "rows", "columns"), paints=(PAPER,))
