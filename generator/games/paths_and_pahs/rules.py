"""Paths and PAHs as a ruleset: reads cards, board, pawns and sheets from the spec; wraps cards.check.

The spec's components are found by id: `cards` (one face per PAH card, props background, shape, colour),
`board` (its face is the starting layout: listed as 6 rows of 6 card names or "empty", or made by the
`starting-layout` generator from the board's seed), `setup` (the same layout drawn as a diagram),
`pawns` and `inventory` (one sheet per player).
"""
from collections import Counter

from ...draw import svg, textfit
from ...components import KINDS, standee, symbol_card
from ...components.shift_board import COLUMN_LETTERS
from ...draw.diagram import Diagram
from ...errors import UserError
from ...games import reads_components
from ...located import spec_error
from ...spec.expand import face_props
from ...spec.figures import pieces as figure_pieces
from ...check.luminance import ink_on
from ...check.wording import colour_words
from . import cards as pah
from .cards import COLUMNS

CARDS, BOARD, PAWNS, INVENTORY = "cards", "board", "pawns", "inventory"
MAX_PLAYERS = 9
SPARE = 3.0   # mm a board cell may exceed its card by: more and the cards wander as a row slides


def component(spec, cid):
    """The component with this id, or a UserError saying the spec lacks it."""
    found = next((c for c in spec.components if c.id == cid), None)
    if found is None:
        raise UserError(f"{spec.path}: no component {cid!r} (a Paths and PAHs spec needs {CARDS}, {BOARD}, "
                        f"{PAWNS} and {INVENTORY})")
    return found


def to_card(spec, props):
    """The PAH card of one face's props, or a SpecError when a property is missing."""
    if set(props) != set(pah.PROPERTIES):
        where = ("components", CARDS, "faces")
        raise spec_error(spec, where, f"every card needs {', '.join(pah.PROPERTIES)} "
                        f"(found {', '.join(props) or 'none'})")
    return pah.Card(**{prop: props[prop] for prop in pah.PROPERTIES})


def deck(spec):
    """The PAH cards made by the cards component, in spec order."""
    return [to_card(spec, props) for props in face_props(spec, component(spec, CARDS))]


def parse_layout(spec, rows, where):
    """The board written in the spec as rows of card names, located at key path where for errors."""
    if not isinstance(rows, list) or not all(isinstance(r, list) and all(isinstance(c, str) for c in r) for r in rows):
        raise spec_error(spec, where, "expected a list of rows, each a list of card names "
                        f"or {pah.EMPTY!r}")
    try:
        return pah.parse_board(rows)
    except UserError as exc:
        raise spec_error(spec, where, str(exc)) from None


def starting_board(spec):
    """The starting board: the layout listed on the board component, or shuffled from its seed."""
    board = component(spec, BOARD)
    if board.faces.items:
        return parse_layout(spec, board.faces.items[0].get("layout"), ("components", BOARD, "faces", "list", 0, "layout"))
    return pah.shuffled_board(board.faces.seed, deck(spec))


def layout_names(board):
    """Write a board as rows of card names, "empty" for an empty cell."""
    return [[cell.name if cell else pah.EMPTY for cell in row] for row in board]


@reads_components(BOARD, CARDS)   # the board's layout or seed, and the cards shuffled onto it
def starting_layout(spec, comp):
    """Generator: the starting board as a face (its layout), for the board and the setup diagram."""
    return [{"layout": layout_names(starting_board(spec))}]


def figures(spec):
    """Figures the Paths and PAHs texts quote: {empty-cells} at the start and {points.<stage>} for each scoring stage."""
    found = {"empty-cells": None}
    boards = [c for c in spec.components if c.kind == "shift-board"]
    if len(boards) == 1 and any(c.id == CARDS for c in spec.components):
        o = boards[0].options
        found["empty-cells"] = o["rows"] * o["cols"] - figure_pieces(component(spec, CARDS))
    for sheet in (c for c in spec.components if c.kind == "inventory-sheet"):
        for stage in sheet.options["scoring"]:
            found[f"points.{'-'.join(stage['label'].lower().split())}"] = stage["points"]
    return found


def _expect(fails, comp, what, expected, found):
    """Record a failure when found differs from expected."""
    if expected != found:
        fails.append((comp, f"{what} (expected {expected}, found {found})"))


def check(spec, pieces, arts):
    """Check the GAMES.md figures of Paths and PAHs on the spec's pieces: returns (component, message) failures."""
    fails = []
    props = [arts[p.front].props for p in pieces if p.component == CARDS]
    for prop, values in pah.PROPERTIES.items():
        seen = {face.get(prop) for face in props}
        used = [v for v in values if v in seen] + sorted(str(v) for v in seen if v not in values)
        _expect(fails, CARDS, f"{prop} values", ", ".join(values), ", ".join(used))
    if any(set(face) != set(pah.PROPERTIES) for face in props):
        return fails
    cards = [to_card(spec, face) for face in props]
    boards = [arts[p.front].props.get("layout") for p in pieces if p.component == BOARD]
    _expect(fails, BOARD, "boards", 1, len(boards))
    if len(boards) != 1:
        return fails
    board = parse_layout(spec, boards[0], ("components", BOARD, "faces"))
    fails += [(BOARD if "board" in message else CARDS, message) for message in pah.check(cards, board)]
    options = component(spec, BOARD).options
    _expect(fails, BOARD, "board rows and columns", (pah.SIZE, pah.SIZE), (options.get("rows"), options.get("cols")))
    card, cell = component(spec, CARDS).options, (options.get("cell_width"), options.get("cell_height"))
    if not all(side <= found <= side + SPARE for side, found in zip((card["width"], card["height"]), cell)):
        fails.append((BOARD, f"board cell size in mm (must hold a card, with at most {SPARE:g} mm to spare) (expected "
                             f"{card['width']:g} x {card['height']:g} to {card['width'] + SPARE:g} x "
                             f"{card['height'] + SPARE:g}, found {cell[0]:g} x {cell[1]:g})"))
    fails += _check_players(spec, pieces, arts)
    return fails


def _check_players(spec, pieces, arts):
    """Pawns: at most 9, distinct colours and letters; one inventory sheet per pawn."""
    fails = []
    pawns = [arts[p.front].props for p in pieces if p.component == PAWNS]
    if len(pawns) > MAX_PLAYERS:
        fails.append((PAWNS, f"too many pawns (expected at most {MAX_PLAYERS}, found {len(pawns)})"))
    for key in ("colour", "letter"):
        repeated = sorted(v for v, n in Counter(p.get(key) for p in pawns).items() if n > 1)
        _expect(fails, PAWNS, f"pawn {key}s used twice", "none", ", ".join(map(str, repeated)) or "none")
    sheets = sum(1 for p in pieces if p.component == INVENTORY)
    _expect(fails, INVENTORY, "inventory sheets (one per pawn)", len(pawns), sheets)
    return fails


def code(card):
    """A three-letter code of a card: the first letter of each value, e.g. "bcr" for black-circle-red."""
    return "".join(value[0] for value in (card.background, card.shape, card.colour))


def card_report(names):
    """Lines listing the PAHs among the named cards, then their count."""
    cards = [pah.parse_card(name) for name in names]
    found = pah.count_pahs(cards)
    lines = [" + ".join(card.name for card in triple) for triple in found]
    lines.append(f"{len(found)} PAH{'s' if len(found) != 1 else ''} among {len(dict.fromkeys(cards))} distinct cards")
    return lines


def board_report(board, source):
    """Lines drawing the board in card codes, then the PAHs one move can collect and what that count means."""
    where = {cell: f"{COLUMN_LETTERS[c]}{r + 1}" for r, row in enumerate(board) for c, cell in enumerate(row) if cell}
    lines = [f"Board ({source}); cards as background-shape-colour initials, . for empty:",
             "     " + "   ".join(COLUMN_LETTERS[:len(board[0])])]
    lines += [f"  {r + 1}  " + " ".join(code(cell) if cell else " . " for cell in row) for r, row in enumerate(board)]
    found = pah.board_pahs(board)
    lines += [" + ".join(f"{card.name} ({where[card]})" for card in triple) for triple in found]
    lines.append(f"{len(found)} PAHs can be collected in a single move: their 3 cards lie within "
                 f"{pah.MOVE_REACH + 1} cells of one row or column (no wrap-around). PAHs are made from "
                 f"inventories, not on the board; all {len(pah.count_pahs(pah.full_deck()))} can be made over a game.")
    return lines


TICK, CROSS = "#2e7d32", "#c62828"
LEAST_LABEL = 2.0   # mm: the smallest type the PAH examples' lines shrink to for long colour words
WIDTH = 170.0  # mm: diagrams are centred in this width, which fits the text column on A4 and Letter
EXAMPLES = (  # (label, cards, whether the label says it is a PAH)
    ("A PAH", ("black-square-yellow", "black-triangle-yellow", "white-square-blue"), True),
    ("Not a PAH", ("gray-circle-red", "gray-triangle-blue", "white-square-red"), False),
)


def card_part(spec, card, x, y, width):
    """A diagram part: the real card art for this card, without bleed, width mm wide at (x, y)."""
    comp = component(spec, CARDS)
    props = symbol_card.faces_by_name(spec, comp)[card.name]
    text = KINDS[comp.kind].render(spec, comp._replace(bleed=0.0), props)
    return f"card-{card.name}", text, x, y, width / comp.trim[0]


def mark(dwg, good, x, y, size):
    """A tick (good) or a cross, size mm across, centred on (x, y)."""
    h = size / 2
    if good:
        points = [(x - h, y), (x - h * 0.3, y + h * 0.7), (x + h, y - h * 0.8)]
        dwg.add(dwg.polyline([(svg.r(a), svg.r(b)) for a, b in points], fill="none", stroke=TICK,
                             stroke_width=svg.r(size * 0.2), stroke_linecap="round", stroke_linejoin="round"))
        return
    for sign in (-1, 1):
        dwg.add(dwg.line((svg.r(x - h * 0.8), svg.r(y - sign * h * 0.8)), (svg.r(x + h * 0.8), svg.r(y + sign * h * 0.8)),
                         stroke=CROSS, stroke_width=svg.r(size * 0.2), stroke_linecap="round"))


def verdict(values):
    """What one property of three cards looks like, and whether it fits a PAH (2 agree, 1 differs)."""
    counts = sorted(Counter(values).values())
    return {(1, 2): ("2 agree, 1 differs", True), (3,): ("all the same", False),
            (1, 1, 1): ("all different", False)}[tuple(counts)]


def pah_examples(spec, examples=EXAMPLES):
    """Three real cards per example, a tick or cross per property; refuses an example labelled wrongly."""
    cell, pitch, row_h, font = 19.0, 21.5, 31.0, 3.0
    rows = []
    for label, names, claimed in examples:
        cards = [pah.parse_card(name) for name in names]
        if pah.is_pah(*cards) != claimed:
            raise UserError(f"diagram labels {' + '.join(names)} {'a PAH' if claimed else 'not a PAH'}, but it is "
                            f"{'not ' if claimed else ''}one")
        lines = [(f"{prop}:", colour_words(spec, ", ".join(v)), *verdict(v)) for prop in pah.PROPERTIES
                 for v in [[getattr(card, prop) for card in cards]]]
        rows.append((label, cards, claimed, lines))
    widest = lambda column, bold: max(textfit.width(line[column], 1.0, bold) for *_, lines in rows for line in lines)
    mark_x = 3 * pitch + 5
    name_x = mark_x + 5
    font = min(font, (WIDTH - name_x - 6.5) / (widest(0, True) + widest(1, False) + widest(2, True)))   # longer colour
    if font < LEAST_LABEL:                                                                               # words: smaller
        raise UserError(f"{spec.path}: colour_names: the colour words are too long for the rulebook's PAH examples "
                        f"(their lines would print at {font:.1f} mm, at least {LEAST_LABEL:g} mm reads): use shorter ones")
    value_x = name_x + widest(0, True) * font + 2.5
    parts, overlay = [], svg.drawing(WIDTH, row_h * len(rows), ident="pah-examples-labels")
    for n, (label, cards, claimed, lines) in enumerate(rows):
        top = n * row_h
        mark(overlay, claimed, 3, top + 3, 5)
        overlay.add(svg.text(overlay, label, 8, top + 4.6, 4.2, anchor="start", bold=True))
        for k, card in enumerate(cards):
            x, y = k * pitch, top + 8
            parts.append(card_part(spec, card, x, y, cell))
            overlay.add(overlay.rect((x, y), (cell, cell), fill="none", stroke="#000000", stroke_width=0.3))
        for k, (name, values, words, good) in enumerate(lines):
            y = top + 12 + k * 6.8
            mark(overlay, good, mark_x, y - 1.2, 3.6)
            overlay.add(svg.text(overlay, name, name_x, y, font, anchor="start", bold=True))
            overlay.add(svg.text(overlay, values, value_x, y, font, anchor="start"))
            overlay.add(svg.text(overlay, words, WIDTH, y, font, anchor="end", bold=good))
    return Diagram(WIDTH, row_h * len(rows), tuple(parts) + (("pah-examples-labels", overlay, 0, 0, 1.0),))


def row_shift(spec):
    """A row of the starting board before and after shifting one cell right: the last card wraps to the front; a pawn
    on the row's first empty cell (where round 1 starts it) stays where it is."""
    board = starting_board(spec)
    row = next(r for r, cells in enumerate(board) if cells[-1] is not None and None in cells)
    stands = board[row].index(None)
    after = pah.shift_row(board, row + 1, 1)[row]
    if after[0] != board[row][-1] or after[1:] != board[row][:-1]:
        raise UserError("row shift diagram: the shifted row does not wrap its last card to the front")
    cell, gap, label_w = 19.0, 4.0, 24.0
    span = label_w + pah.SIZE * cell + 14
    left = (WIDTH - span) / 2
    x0, tops = left + label_w, (6.0, 6.0 + cell + 16)
    height = tops[1] + cell + 10
    overlay = svg.drawing(WIDTH, height, ident="row-shift-labels")
    options = component(spec, BOARD).options
    parts = []
    for top, cells, caption in zip(tops, (board[row], after), ("before", "after")):
        overlay.add(svg.text(overlay, f"row {row + 1}", left, top + cell / 2, 3.6, anchor="start", bold=True))
        overlay.add(svg.text(overlay, caption, left, top + cell / 2 + 4.5, 3.0, anchor="start"))
        for c, card in enumerate(cells):
            x = x0 + c * cell
            if card is None:
                overlay.add(overlay.rect((x, top), (cell, cell), fill=spec.colour(options["empty_fill"])))
                y = top + 4.5 if c == stands else top + cell / 2 + 1   # above the pawn standing there
                overlay.add(svg.text(overlay, "empty", x + cell / 2, y, 2.8))
            else:
                parts.append(card_part(spec, card, x, top, cell))
            overlay.add(overlay.rect((x, top), (cell, cell), fill="none", stroke="#000000", stroke_width=0.3))
        pawn = component(spec, PAWNS)
        props = face_props(spec, pawn)[0]
        colour = spec.colour(props["colour"])
        overlay.add(standee.figure(overlay, x0 + (stands + 1) * cell - 4.2, top + cell - 11, 7.5, 10.5, colour,
                                   ink_on(colour, "#000000", "#ffffff"), props["letter"], 0))
    for c in range(pah.SIZE):
        overlay.add(svg.text(overlay, COLUMNS[c], x0 + (c + 0.5) * cell, tops[0] - 1.5, 3.4, bold=True))
    wrap = [(x0 + pah.SIZE * cell, tops[0] + cell / 2), (x0 + pah.SIZE * cell + 8, tops[0] + cell / 2),
            (x0 + pah.SIZE * cell + 8, tops[1] - gap - 2), (x0 + cell / 2, tops[1] - gap - 2), (x0 + cell / 2, tops[1] - 2.5)]
    overlay.add(overlay.polyline([(svg.r(a), svg.r(b)) for a, b in wrap], fill="none", stroke="#000000", stroke_width=0.7,
                                 stroke_linejoin="round"))
    tip = (x0 + cell / 2, tops[1] - 0.3)
    overlay.add(overlay.polygon([tip, (tip[0] - 1.8, tip[1] - 3), (tip[0] + 1.8, tip[1] - 3)], fill="#000000"))
    overlay.add(svg.text(overlay, "the last card wraps round to column A; every other card moves one cell right",
                         x0 + pah.SIZE * cell / 2, tops[1] - gap - 3.5, 3.0))
    came = f"{COLUMNS[(stands - 1) % pah.SIZE]}{row + 1}"   # the cell whose card slides in under the pawn
    under = f": the card from {came} slides in under it" if after[stands] is not None else ""
    overlay.add(svg.text(overlay, f"the pawn on {COLUMNS[stands]}{row + 1} stays where it is{under}", x0 + pah.SIZE * cell / 2,
                         tops[1] + cell + 6, 3.0))
    return Diagram(WIDTH, height, tuple(parts) + (("row-shift-labels", overlay, 0, 0, 1.0),))
