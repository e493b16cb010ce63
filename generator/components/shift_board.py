"""Shift board: a grid whose rows and columns slide with wrap-around, labelled on all four sides.

Columns are lettered A, B, ... and rows numbered 1, 2, ... in the frame on every side; beside each label a
double arrow shows the way that line shifts. Cells can be sized to the trim size of another component
(`cards:`), with `clearance` to spare (0.5 mm: a hand-cut card a little large still fits, and a row of them slides),
so that the board follows a card size changed with --set. Cells that a face's layout leaves empty (cells written
"empty") are tinted and marked.
"""

from ..spec import schema as s
from ..draw import svg, textfit
from ..located import spec_error
from ..check.textcheck import SAFE
from .kind import Kind
from .symbol_card import referenced

FIELDS = {
    "rows": s.integer(1, 26),
    "cols": s.integer(1, 26),
    "cards": s.text,
    "clearance": s.length(low=0, high=10, zero=True),
    "cell_width": s.length(low=s.MIN_CELL, high=200, zero=True),
    "cell_height": s.length(low=s.MIN_CELL, high=200, zero=True),
    "frame": s.length(low=6, high=50),
    "ground": s.colour,
    "cell_fill": s.colour,
    "empty_fill": s.colour,
    "ink": s.colour,
    "line": s.length(low=s.MIN_LINE, high=3, zero=True),
    "empty_label": s.text,
}
LAYOUT = s.list_of(s.list_of(s.text, 1, 26), 1, 26)  # rows of card names (or "empty"), lettered A to Z
FACE_FIELDS = {"layout": LAYOUT}
DEFAULTS = {"rows": 6, "cols": 6, "frame": 8.0, "ground": "white", "cell_fill": "white", "empty_fill": "white",
            "ink": "black", "line": 0.4, "empty_label": "empty", "clearance": 0.5}
ARROW = 5.0       # a shift arrow's length at most: shorter in a narrow frame, so that it keeps clear of the cut
EMPTY = "empty"
COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"   # string.ascii_uppercase, whose module compiles a pattern when imported


def cell_size(options):
    """The cell width and height in mm (zero until link has read them from the `cards` component)."""
    if "cards" in options and "cell_width" not in options:
        return 0.0, 0.0
    return options["cell_width"], options["cell_height"]


def required(options) -> tuple:
    """The cells' size, unless `cards` gives it."""
    return () if "cards" in options else ("cell_width", "cell_height")


def size(options):
    """Cells plus a frame on every side."""
    o = options
    cw, ch = cell_size(o)
    return o["cols"] * cw + 2 * o["frame"], o["rows"] * ch + 2 * o["frame"]


def link(spec, component):
    """Size the cells to the trim size of the component named by `cards`, if any, and its clearance."""
    options = dict(component.options)
    if "cards" not in options:
        return options
    if "cell_width" in options or "cell_height" in options:
        where = ("components", component.id, "cards")
        raise spec_error(spec, where, "give either cards or cell_width and cell_height, not both")
    cards = referenced(spec, component)
    options["cell_width"], options["cell_height"] = (side + options["clearance"] for side in cards.trim)
    return options


def double_arrow(dwg, cx, cy, length, vertical, ink):
    """A double-headed arrow centred on (cx, cy), along y when vertical, else along x."""
    half, head = length / 2, length * 0.32

    def at(along, across):
        return (svg.r(cx + across), svg.r(cy + along)) if vertical else (svg.r(cx + along), svg.r(cy + across))

    arrow = dwg.g()
    arrow.add(dwg.line(at(-half + head * 0.8, 0), at(half - head * 0.8, 0), stroke=ink, stroke_width=0.5))
    for sign in (-1, 1):
        tip = sign * half
        arrow.add(dwg.polygon([at(tip, 0), at(tip - sign * head, head * 0.6), at(tip - sign * head, -head * 0.6)], fill=ink))
    dwg.add(svg.part(arrow, "shift arrows"))


def render(spec, component, props):
    """Draw the frame with labels and arrows, the cells, and the layout's empty cells."""
    o = component.options
    width, height = size(o)
    cw, ch = cell_size(o)
    b, f, ink = component.bleed, o["frame"], spec.colour(o["ink"])
    dwg = svg.drawing(width, height, b, ident=f"{component.id}-board")
    svg.ground(dwg, spec.colour(o["ground"]))
    layout = props.get("layout") or []
    for j in range(o["rows"]):
        for i in range(o["cols"]):
            empty = j < len(layout) and i < len(layout[j]) and layout[j][i] == EMPTY
            x, y = f + i * cw, f + j * ch
            dwg.add(svg.part(dwg.rect((svg.r(x), svg.r(y)), (svg.r(cw), svg.r(ch)),
                                      fill=spec.colour(o["empty_fill" if empty else "cell_fill"]), stroke=ink,
                                      stroke_width=o["line"]), "cells"))
            if empty:
                inset = min(cw, ch) * 0.18
                dwg.add(svg.part(dwg.rect((svg.r(x + inset), svg.r(y + inset)), (svg.r(cw - 2 * inset), svg.r(ch - 2 * inset)),
                                          fill="none", stroke=ink, stroke_width=0.3, stroke_dasharray=(1.5, 1.5)), "empty cells"))
                room = (cw - 2 * inset) * 0.85
                font = min(min(cw, ch) * 0.11, room / max(textfit.width(o["empty_label"], 1), 0.1))
                dwg.add(svg.text(dwg, o["empty_label"], x + cw / 2, y + ch / 2 + font * 0.36, font, ink))
            label = f"{COLUMN_LETTERS[i]}{j + 1}"
            dwg.add(svg.text(dwg, label, x + 1.2, y + 3.2, 2.4, ink, anchor="start"))
    dwg.add(svg.part(dwg.rect((svg.r(f), svg.r(f)), (svg.r(o["cols"] * cw), svg.r(o["rows"] * ch)), fill="none", stroke=ink,
                              stroke_width=o["line"] * 2), "grid"))
    font, arrow = min(f * 0.55, 5.0), min(ARROW, f - 2 * SAFE - 0.4)
    for i in range(o["cols"]):
        cx = f + (i + 0.5) * cw
        for cy in (f / 2, height - f / 2):
            dwg.add(svg.text(dwg, COLUMN_LETTERS[i], cx, cy + font * 0.36, font, ink, bold=True))
            for side in (-1, 1):
                double_arrow(dwg, cx + side * min(cw * 0.25, 7), cy, arrow, True, ink)
    for j in range(o["rows"]):
        cy = f + (j + 0.5) * ch
        for cx in (f / 2, width - f / 2):
            dwg.add(svg.text(dwg, str(j + 1), cx, cy + font * 0.36, font, ink, bold=True))
            for side in (-1, 1):
                double_arrow(dwg, cx, cy + side * min(ch * 0.25, 7), arrow, False, ink)
    return dwg


KIND = Kind(render=render, size=size, fields=FIELDS, face_fields=FACE_FIELDS, panels=True, link=link, defaults=DEFAULTS,
            required=required, paints=())   # the colours it reads, as given
