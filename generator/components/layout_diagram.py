"""Layout diagram: a setup sheet showing a grid layout with every card drawn small, plus notes beside it."""

from ..spec import schema as s
from ..draw import svg, textfit
from . import shift_board, symbol_card
from .shift_board import COLUMN_LETTERS, EMPTY
from .kind import Kind, faces_read, width_and_height

FIELDS = {
    "width": s.length(high=400),
    "height": s.length(high=400),
    "heading": s.text,
    "cards": s.text,
    "cell": s.length(low=5, high=60),
    "lines": s.list_of(s.text, 0, 30),
    "ink": s.colour,
}
FACE_FIELDS = {"layout": shift_board.LAYOUT, "caption": s.text}
DEFAULTS = {"cell": 15.0, "lines": [], "ink": "black"}
LABEL = 5.0
FONT = 3.2


size = width_and_height


def render(spec, component, props):
    """Draw the heading, the labelled grid of small cards (empty cells crossed) and the notes at right."""
    o = component.options
    w, h, b, ink, cell = o["width"], o["height"], component.bleed, spec.colour(o["ink"]), o["cell"]
    cards = spec.component(o["cards"])
    faces = symbol_card.faces_by_name(spec, cards)
    dwg = svg.drawing(w, h, b, ident=f"{component.id}-diagram")
    svg.ground(dwg, "#ffffff")
    dwg.add(svg.part(dwg.rect((0.2, 0.2), (w - 0.4, h - 0.4), fill="none", stroke=ink, stroke_width=0.4), "border on the cut",
                     svg.GUIDE))
    dwg.add(svg.text(dwg, o["heading"], 6, 10, 5.5, ink, anchor="start", bold=True))
    if props.get("caption"):
        dwg.add(svg.text(dwg, props["caption"], 6, 16, 3.2, ink, anchor="start"))
    layout = props.get("layout") or []
    x0, y0 = 6 + LABEL, 20 + LABEL
    for j, row in enumerate(layout):
        dwg.add(svg.text(dwg, str(j + 1), x0 - LABEL / 2, y0 + (j + 0.5) * cell + 1.2, 3.4, ink, bold=True))
        for i, name in enumerate(row):
            x, y = x0 + i * cell, y0 + j * cell
            if name in faces:
                symbol_card.draw_face(dwg, spec, cards.options, faces[name], x + 0.6, y + 0.6, cell - 1.2, cell - 1.2,
                                      into=svg.part(dwg.add(dwg.g()), "cards"))
            elif name == EMPTY:
                cross = svg.part(dwg.add(dwg.g(stroke=ink, stroke_width=0.3)), "empty cells")
                cross.add(dwg.line((svg.r(x + 2), svg.r(y + 2)), (svg.r(x + cell - 2), svg.r(y + cell - 2))))
                cross.add(dwg.line((svg.r(x + cell - 2), svg.r(y + 2)), (svg.r(x + 2), svg.r(y + cell - 2))))
            dwg.add(svg.part(dwg.rect((svg.r(x), svg.r(y)), (cell, cell), fill="none", stroke=ink, stroke_width=0.3), "grid"))
    for i in range(len(layout[0]) if layout else 0):
        dwg.add(svg.text(dwg, COLUMN_LETTERS[i], x0 + (i + 0.5) * cell, y0 - 1.5, 3.4, ink, bold=True))
    text_x = x0 + (len(layout[0]) if layout else 0) * cell + 8
    y = y0 + FONT
    for line in o["lines"]:
        wrapped = textfit.wrap(line, FONT, w - text_x - 5)
        for k, part in enumerate(wrapped):
            if k == 0:
                dwg.add(svg.part(dwg.circle((svg.r(text_x - 2.2), svg.r(y - FONT * 0.33)), 0.6, fill=ink), "bullets"))
            dwg.add(svg.text(dwg, part, text_x, y, FONT, ink, anchor="start"))
            y += FONT * 1.35
        y += FONT * 0.5
    return dwg


KIND = Kind(render=render, size=size, fields=FIELDS, link=symbol_card.link_cards, face_fields=FACE_FIELDS, defaults=DEFAULTS,
            required=("width", "height", "heading", "cards"),
            reads=lambda spec, component, props: faces_read(spec, component.options["cards"]))
