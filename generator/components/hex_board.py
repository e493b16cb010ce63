"""Hex board: a hexhex of cells (flat or pointy) with an optional ring of coloured spaces around it.

The ring is coloured in runs: `ring_colours` cycled, `ring_run` spaces each (default a side and its
next corner, radius + 1), starting with the space after the ring's corner in direction 0 (hexgrid.ring
order); or one colour per space, in that order, from `ring_list`.
"""
import math

from ..draw import hexgrid
from ..spec import schema as s
from ..draw import svg
from ..errors import UserError
from .kind import Kind

FIELDS = {
    "radius": s.integer(1, 20),
    "cell": s.length(low=s.MIN_CELL, high=100, zero=True),
    "orientation": s.one_of("flat", "pointy"),
    "margin": s.length(high=50, zero=True),
    "ground": s.colour,
    "cell_fill": s.colour,
    "ink": s.colour,
    "line": s.length(low=s.MIN_LINE, high=3, zero=True),
    "label": s.text,
    "label_size": s.length(low=s.MIN_TEXT, high=40, zero=True),
    "ring_colours": s.list_of(s.colour, 1, 6),
    "ring_run": s.integer(1, 200),
    "ring_list": s.list_of(s.colour, 1, 200),
}
DEFAULTS = {"cell": 22.0, "orientation": "flat", "margin": 6.0, "ground": "white", "cell_fill": "white", "ink": "black",
            "line": 0.5, "label": "", "label_size": 8.0}
ORIENTATIONS = {"flat": hexgrid.FLAT, "pointy": hexgrid.POINTY}


def has_ring(options):
    """True when the board has a ring of coloured spaces."""
    return "ring_colours" in options or "ring_list" in options


def cells(options):
    """The board's cells, sorted."""
    return hexgrid.hexhex(options["radius"])


def ring_spaces(options):
    """The ring's spaces in ring order (empty without a ring)."""
    return hexgrid.ring(options["radius"] + 1) if has_ring(options) else []


def ring_map(options):
    """Each ring space's colour name, in ring order; a ring_list of the wrong length is cut short or left short."""
    spaces = ring_spaces(options)
    if "ring_list" in options:
        return dict(zip(spaces, options["ring_list"]))
    colours = options.get("ring_colours", ())
    run = options.get("ring_run", options["radius"] + 1)
    return {h: colours[((i - 1) % len(spaces)) // run % len(colours)] for i, h in enumerate(spaces)}


def _extent(options):
    """The bounding box (x0, y0, x1, y1) of every drawn hexagon around a centre at (0, 0)."""
    o = options
    layout = hexgrid.Layout(ORIENTATIONS[o["orientation"]], o["cell"])
    outer = hexgrid.ring(o["radius"] + (1 if has_ring(o) else 0))
    corners = [c for h in outer for c in hexgrid.polygon_corners(layout, h)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return min(xs), min(ys), max(xs), max(ys)


def size(options):
    """The hexagons' extent plus the margin on every side."""
    o = options
    x0, y0, x1, y1 = _extent(o)
    return x1 - x0 + 2 * o["margin"], y1 - y0 + 2 * o["margin"]


def layout(options):
    """The hexgrid Layout placing cells on the trim box (the centre cell in the middle)."""
    o = options
    width, height = size(o)
    return hexgrid.Layout(ORIENTATIONS[o["orientation"]], o["cell"], (width / 2, height / 2))


def panel_overlap(options):
    """Panels overlap by a whole hexagon (corner to corner) and a bit, so every cell lies wholly on some panel."""
    o = options
    return float(math.ceil(2 * o["cell"] / math.sqrt(3) + 2))


def render(spec, component, props):
    """Draw the ground, every cell, the ring spaces in their colours and the label."""
    o = component.options
    width, height = size(o)
    b = component.bleed
    ink, line = spec.colour(o["ink"]), o["line"]
    dwg = svg.drawing(width, height, b)
    svg.ground(dwg, spec.colour(o["ground"]))
    where = layout(o)
    colours = ring_map(o)
    if "ring_list" in o and len(o["ring_list"]) != len(ring_spaces(o)):
        raise UserError(f"{spec.path}: components.{component.id}.ring_list: expected {len(ring_spaces(o))} colours, "
                        f"one per ring space, found {len(o['ring_list'])}")
    shapes = [(h, o["cell_fill"], "cells") for h in cells(o)] + [(h, fill, "ring spaces") for h, fill in colours.items()]
    for h, fill, what in shapes:
        corners = [(svg.r(x), svg.r(y)) for x, y in hexgrid.polygon_corners(where, h)]
        dwg.add(svg.part(dwg.polygon(corners, fill=spec.colour(fill), stroke=ink, stroke_width=line, stroke_linejoin="round"),
                         what))
    if label := props.get("label", o["label"]):   # a diagram's miniature of the board gives "" (diagram.MINIATURE)
        dwg.add(svg.text(dwg, label, o["margin"], o["margin"] + o["label_size"], o["label_size"], ink,
                         anchor="start", bold=True))
    return dwg


KIND = Kind(render=render, size=size, fields=FIELDS, panels=True, panel_overlap=panel_overlap, defaults=DEFAULTS,
            required=("radius",), paints=(), reads=lambda spec, component, props: [f"colour:{name}" for name in ring_map(component.options).values()])
