"""Paths and PAHs as a ruleset: reads cards, board, pawns and sheets from the spec; wraps paths_and_pahs.check.

The spec's components are found by id: `cards` (one face per PAH card, props background, shape, colour),
`board` (its face is the starting layout: listed as 6 rows of 6 card names or "empty", or made by the
`starting-layout` generator from the board's seed), `setup` (the same layout drawn as a diagram),
`pawns` and `inventory` (one sheet per player).
"""
from collections import Counter
from string import ascii_uppercase

from ..components import shift_board
from ..errors import UserError
from ..located import spec_error
from ..expand import face_props
from . import paths_and_pahs as pah

CARDS, BOARD, PAWNS, INVENTORY = "cards", "board", "pawns", "inventory"
MAX_PLAYERS = 9


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


def starting_layout(spec, comp):
    """Generator: the starting board as a face (layout and caption), for the board and the setup diagram."""
    board = starting_board(spec)
    source = "listed in the spec" if component(spec, BOARD).faces.items else f"shuffled from seed {component(spec, BOARD).faces.seed}"
    reach = len(pah.board_pahs(board))
    caption = f"Layout {source}. {reach} PAHs can be collected in a single move from it."
    return [{"layout": layout_names(board), "caption": caption}]


GENERATORS = {"starting-layout": starting_layout}
REQUIRED = {"symbol-card": "PAH cards", "shift-board": "board", "standee": "player pawns",
            "inventory-sheet": "inventory sheets"}


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
    options = {**shift_board.DEFAULTS, **component(spec, BOARD).options}
    _expect(fails, BOARD, "board rows and columns", (pah.SIZE, pah.SIZE), (options.get("rows"), options.get("cols")))
    card = component(spec, CARDS).options
    _expect(fails, BOARD, "board cell size in mm (must hold a card)", (card["width"], card["height"]),
            (options.get("cell_width"), options.get("cell_height")))
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
    where = {cell: f"{ascii_uppercase[c]}{r + 1}" for r, row in enumerate(board) for c, cell in enumerate(row) if cell}
    lines = [f"Board ({source}); cards as background-shape-colour initials, . for empty:",
             "     " + "   ".join(ascii_uppercase[:len(board[0])])]
    lines += [f"  {r + 1}  " + " ".join(code(cell) if cell else " . " for cell in row) for r, row in enumerate(board)]
    found = pah.board_pahs(board)
    lines += [" + ".join(f"{card.name} ({where[card]})" for card in triple) for triple in found]
    lines.append(f"{len(found)} PAHs can be collected in a single move: their 3 cards lie within "
                 f"{pah.MOVE_REACH + 1} cells of one row or column (no wrap-around). PAHs are made from "
                 f"inventories, not on the board; all {len(pah.count_pahs(pah.full_deck()))} can be made over a game.")
    return lines
