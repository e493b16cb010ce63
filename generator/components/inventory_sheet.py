"""Inventory sheet: one player's record of the cards held (each drawn small and numbered, with a box for tally marks),
the PAHs made (their card numbers, by stage) and the scores."""
from ..spec import schema as s
from ..draw import svg, textfit
from ..spec.expand import face_props
from . import symbol_card
from .kind import Kind, faces_read, width_and_height

FIELDS = {
    "width": s.length(high=400),
    "height": s.length(high=400),
    "heading": s.text,
    "cards": s.text,
    "per_row": s.integer(1, 30),
    "icon": s.length(low=4, high=40),
    "lines": s.list_of(s.text, 0, 6),
    "scoring": s.list_of(s.mapping({"label": s.text, "points": s.integer(0, 1000)}, required=("label", "points")), 1, 12),
    "pahs": s.integer(0, 12),
    "moves": s.integer(0, 12),
    "rows": s.list_of(s.text, 1, 8),
    "ink": s.colour,
}
DEFAULTS = {"per_row": 9, "icon": 8.0, "lines": [], "pahs": 5, "moves": 0, "ink": "black"}
FONT = 3.0
TALLY = 5.0     # a box players write in (tally marks, a card number) is at least this wide and tall
NUMBER = 2.4    # the card numbers over the cards
UNUSED = "#e4e4e4"
MOVES = "Your move each round (arrow):"


size = width_and_height


def render(spec, component, props):
    """Draw the heading with name and pawn blanks, the notes (beside them a box per round for the move made), the
    numbered cards with tally boxes, the score table."""
    o = component.options
    w, h, b, ink = o["width"], o["height"], component.bleed, spec.colour(o["ink"])
    dwg = svg.drawing(w, h, b, ident=f"{component.id}-sheet")
    svg.ground(dwg, "#ffffff")
    dwg.add(svg.part(dwg.rect((0.2, 0.2), (w - 0.4, h - 0.4), fill="none", stroke=ink, stroke_width=0.4), "border on the cut",
                     svg.GUIDE))
    left = 5.0
    dwg.add(svg.text(dwg, o["heading"], left, 9, 5, ink, anchor="start", bold=True))
    blanks = "Name ______________________   Pawn ____"
    dwg.add(svg.text(dwg, blanks, w - left, 9, 3.4, ink, anchor="end"))
    y, room = 14.5, moves(dwg, o, ink, w - left, 14.5)
    for line in o["lines"]:
        for part in textfit.wrap(line, FONT, w - 2 * left - room):
            dwg.add(svg.text(dwg, part, left, y, FONT, ink, anchor="start"))
            y += FONT * 1.3
    if room:   # the card grid starts below the move boxes
        y = max(y, 14.5 + FONT * 2.6)
    y = card_grid(dwg, spec, o, ink, left, y - 1)
    score_table(dwg, o, ink, left, y + 2, w - 2 * left, h - y - 6)
    return dwg


def moves(dwg, o, ink, right, top) -> float:
    """Draw a box for each round's move (an arrow: a move may not go straight back), right-aligned at right under a
    label at top; return the width it takes with the space before it, 0 when there are no moves."""
    if not o["moves"]:
        return 0.0
    unit = TALLY + 6.0   # a round's number, then its box
    width = max(textfit.width(MOVES, 2.8), o["moves"] * unit)
    dwg.add(svg.text(dwg, MOVES, right, top, 2.8, ink, anchor="end"))
    for k in range(o["moves"]):
        x = right - (o["moves"] - k) * unit + 5.0
        dwg.add(svg.text(dwg, k + 1, x - 1.0, top + 5.6, 2.6, ink, anchor="end", bold=True))
        dwg.add(svg.part(dwg.rect((svg.r(x), svg.r(top + 1.6)), (TALLY + 1, TALLY + 1), fill="#ffffff", stroke=ink,
                                  stroke_width=0.3), "move boxes"))
    return width + 4.0


def card_grid(dwg, spec, o, ink, left, top):
    """Draw every face of the `cards` component small under its number, a tally box beside it; return the y below."""
    cards = spec.component(o["cards"])
    faces = face_props(spec, cards)
    pitch = (o["width"] - 2 * left) / o["per_row"]
    icon = min(o["icon"], pitch - TALLY - 3)
    row_h = NUMBER + 1 + icon + 2
    for n, props in enumerate(faces):
        col, row = n % o["per_row"], n // o["per_row"]
        x, y = left + col * pitch + 1, top + row * row_h
        dwg.add(svg.part(svg.text(dwg, n + 1, x, y + NUMBER, NUMBER + 0.4, ink, anchor="start", bold=True), "card numbers"))
        y += NUMBER + 1
        card = svg.part(dwg.add(dwg.g()), "cards")
        symbol_card.draw_face(dwg, spec, cards.options, props, x, y, icon, icon, into=card)
        card.add(dwg.rect((svg.r(x), svg.r(y)), (svg.r(icon), svg.r(icon)), fill="none", stroke=ink, stroke_width=0.25))
        box = pitch - icon - 3
        dwg.add(svg.part(dwg.rect((svg.r(x + icon + 1), svg.r(y)), (svg.r(box), svg.r(icon)), fill="#ffffff", stroke=ink,
                                  stroke_width=0.3), "tally boxes"))
    return top + -(-len(faces) // o["per_row"]) * row_h


def score_table(dwg, o, ink, x, y, width, height):
    """Draw the table: a column per scoring stage (its points each) and a total; first a row per PAH that may be made in
    a stage, its cell in three parts for the three card numbers (the total column shaded: not used), then a row per label."""
    stages = list(o["scoring"])
    head_h = 7.0
    labels = [f"PAH {n + 1}" for n in range(o["pahs"])] + list(o["rows"])
    label_w = max(textfit.width(label, 3.0) for label in labels) + 3.0
    col_w = (width - label_w) / (len(stages) + 1)
    row_h = min(9.0, (height - head_h) / len(labels))
    for k, stage in enumerate(stages + [{"label": "Total", "points": None}]):
        cx = x + label_w + (k + 0.5) * col_w
        column = textfit.Box(cx - col_w / 2, y, cx + col_w / 2, y + head_h, f"column {k + 1} of the score table")
        dwg.add(svg.text(dwg, stage["label"], cx, y + 3.3, 3.2, ink, bold=True, box=column))
        if stage["points"] is not None:
            dwg.add(svg.text(dwg, f"{stage['points']} points each", cx, y + 6.2, 2.6, ink, box=column))
    if o["pahs"]:
        total = x + label_w + len(stages) * col_w
        dwg.add(svg.part(dwg.rect((svg.r(total), svg.r(y + head_h)), (svg.r(col_w), svg.r(o["pahs"] * row_h)), fill=UNUSED),
                         "score table"))
    for j, label in enumerate(labels):
        dwg.add(svg.text(dwg, label, x + 1.5, y + head_h + (j + 0.65) * row_h, 3.0, ink, anchor="start"))
    bottom = y + head_h + len(labels) * row_h
    for j in range(len(labels) + 2):
        ly = svg.r(y if j == 0 else y + head_h + (j - 1) * row_h)
        thick = j in (0, len(labels) + 1) or (o["pahs"] and j == o["pahs"] + 1)
        dwg.add(svg.part(dwg.line((svg.r(x), ly), (svg.r(x + width), ly), stroke=ink, stroke_width=0.5 if thick else 0.3),
                         "score table"))
    for k in range(len(stages) + 3):
        lx = svg.r(x if k == 0 else x + label_w + (k - 1) * col_w)
        dwg.add(svg.part(dwg.line((lx, svg.r(y)), (lx, svg.r(bottom)), stroke=ink, stroke_width=0.3), "score table"))
    for k in range(len(stages)):   # each PAH cell in three, a card number to each part
        for third in (1, 2):
            lx = svg.r(x + label_w + (k + third / 3) * col_w)
            dwg.add(svg.part(dwg.line((lx, svg.r(y + head_h)), (lx, svg.r(y + head_h + o["pahs"] * row_h)), stroke=ink,
                                      stroke_width=0.15), "PAH boxes"))


KIND = Kind(render=render, size=size, fields=FIELDS, link=symbol_card.link_cards, print_once=True, defaults=DEFAULTS,
            required=("width", "height", "heading", "cards", "scoring", "rows"),
            reads=lambda spec, component, props: faces_read(spec, component.options["cards"]))
