"""Reference card: a heading and wrapped lines of text, shrunk to fit the safe area."""
from .. import schema as s
from .. import svg, textfit
from .kind import Kind, width_and_height

FIELDS = {
    "width": s.length(high=400),
    "height": s.length(high=400),
    "heading": s.text,
    "lines": s.list_of(s.text, 1, 60),
    "ground": s.colour,
    "ink": s.colour,
    "accent": s.colour,
    "font_size": s.length(low=s.MIN_TEXT, high=20, zero=True),
    "safe": s.length(high=30, zero=True),
}
DEFAULTS = {"ground": "white", "ink": "black", "accent": "black", "font_size": 3.6, "safe": 5.0}
LEADING = 1.3
DESCENT = 0.24  # how far below its baseline Vera's ink reaches, in font sizes


size = width_and_height


def layout(o):
    """Return (font size, [(baseline y, line, first line of its item)]): the text shrunk until it ends in the safe area."""
    inner_w, bottom = o["width"] - 2 * o["safe"], o["height"] - o["safe"]
    font = o["font_size"]
    while True:
        y, placed = o["safe"] + o["font_size"] * 2.3, []
        for line in o["lines"]:
            y += font * 0.4
            for i, part in enumerate(textfit.wrap(line, font, inner_w - font)):
                y += font * LEADING
                placed.append((y, part, i == 0))
        if y + font * DESCENT <= bottom or font < 1.6:
            return font, placed
        font *= 0.95


def render(spec, component, props):
    """Draw the heading and the bulleted lines."""
    o = {**DEFAULTS, **component.options}
    b, w, h = component.bleed, o["width"], o["height"]
    ink = spec.colour(o["ink"])
    dwg = svg.drawing(w, h, b)
    svg.ground(dwg, spec.colour(o["ground"]))
    dwg.add(dwg.rect((2, 2), (w - 4, h - 4), rx=2, fill="none", stroke=spec.colour(o["accent"]), stroke_width=0.6))
    area = textfit.Box(o["safe"], o["safe"], w - o["safe"], h - o["safe"], "safe area")
    dwg.add(svg.text(dwg, o["heading"], w / 2, o["safe"] + o["font_size"] * 1.1, o["font_size"] * 1.3, ink, bold=True,
                     box=area))
    font, placed = layout(o)
    for y, line, first in placed:
        if first:
            dwg.add(dwg.circle((svg.r(o["safe"] + font * 0.3), svg.r(y - font * 0.33)), svg.r(font * 0.18), fill=ink))
        dwg.add(svg.text(dwg, line, o["safe"] + font, y, font, ink, anchor="start", box=area))
    return dwg


KIND = Kind(render=render, size=size, fields=FIELDS, default_bleed=3.0)
