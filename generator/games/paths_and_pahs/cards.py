"""Paths and PAHs (RedsToad, The Genius: PnP): PAH cards, the PAH rule, the shifting board and the checks.

A card is named by its three values joined with "-", e.g. "black-circle-red". Every value belongs to
exactly one property, so the words may come in any order ("red-circle-black" is the same card);
`Card.name` always writes them in property order.

The board is a tuple of 6 rows (row 1 first), each a tuple of 6 cells (column A first); a cell is a
`Card` or None when empty. Shifting a row right or a column down by 1 wraps the last cell to the front,
as the rules' example has it (column D down puts row 6's tile into row 1).

Readings of the seed text (reconstructions, not the designer's words):
- "Starting pairs" are the 2 cards dealt at the start, which "do not share a state": unordered pairs of
  distinct cards with no value in common, 27 * 8 / 2 = 108 of them.
- PAHs are made from a player's inventory, never on the board itself, and every board holds all 27 cards
  (so all 864 PAHs). `board_pahs` therefore counts what one move can collect: a move runs up to 3 cells
  in one direction and collects the start cell and every cell passed, so it counts the PAHs whose cards
  lie within 4 consecutive cells of a row or column (no wrap-around; `reach` covers bought extra cells).
"""

from collections import Counter
from itertools import combinations, product
from ...records import NamedTuple

from generator.errors import UserError

PROPERTIES = {
    "background": ("black", "gray", "white"),
    "shape": ("circle", "triangle", "square"),
    "colour": ("red", "blue", "yellow"),
}
SIZE = 6
COLUMNS = "ABCDEF"
EMPTY = "empty"
MOVE_REACH = 3
EXPECTED = {
    "cards": 27,
    "cells": 36,
    "empty cells": 9,
    "pahs": 864,
    "pahs per card": 96,
    "starting pairs": 108,
}


class Card(NamedTuple):
    """A PAH card: one value of each property, fields in the order of PROPERTIES."""

    background: str
    shape: str
    colour: str

    @property
    def values(self):
        """The card's property values, in the order of PROPERTIES (a plain tuple: astuple deep-copies, 10x slower)."""
        return (self.background, self.shape, self.colour)

    @property
    def name(self):
        """Return the card's name, its values joined with "-" in property order."""
        return "-".join(self.values)


def _allowed(properties):
    """Describe the allowed values of each property, for error messages."""
    return "; ".join(f"{prop}: {', '.join(values)}" for prop, values in properties.items())


def _owners(properties):
    """Map each value to its property, rejecting property sets a card name could not identify."""
    if list(properties) != list(Card._fields):
        expected = ", ".join(Card._fields)
        raise UserError(f"PAH card properties must be {expected}, got {', '.join(properties)}")
    owners = {}
    for prop, values in properties.items():
        for value in values:
            if value in owners:
                raise UserError(f"PAH card value {value!r} is listed under both {owners[value]} and {prop}")
            owners[value] = prop
    return owners


def parse_card(name, properties=PROPERTIES):
    """Return the card named by three values joined with "-", in any order, e.g. "black-circle-red"."""
    owners = _owners(properties)
    words = name.strip().lower().split("-")
    given = {}
    for word in words:
        if word not in owners:
            raise UserError(f"unknown word {word!r} in card {name!r}; allowed values are {_allowed(properties)}")
        prop = owners[word]
        if prop in given:
            raise UserError(f"card {name!r} gives two {prop} values ({given[prop]}, {word}); it needs one of each")
        given[prop] = word
    missing = [prop for prop in properties if prop not in given]
    if missing:
        raise UserError(f"card {name!r} has no {' or '.join(missing)}; allowed values are {_allowed(properties)}")
    return Card(**given)


def full_deck(properties=PROPERTIES):
    """Return every combination of property values once, in property order."""
    _owners(properties)
    return [Card(*values) for values in product(*properties.values())]


def is_pah(a, b, c):
    """Tell whether 3 distinct cards have, for every property, exactly 2 agreeing and 1 differing."""
    if len({a, b, c}) < 3:
        return False
    return all(len({x, y, z}) == 2 for x, y, z in zip(a.values, b.values, c.values))


def count_pahs(cards):
    """Return every PAH among the distinct cards, as triples in the order the cards are given.

    is_pah's test turned round: for each pair, the third card's value of a property is either of the pair's two when
    they differ, any other value the cards show when they agree; those few candidates are looked up (351 pairs of 27
    cards, not 2,925 triples tested)."""
    distinct = list(dict.fromkeys(cards))
    values = [card.values for card in distinct]
    at = {value: i for i, value in enumerate(values)}
    shown = [tuple(dict.fromkeys(column)) for column in zip(*values)]   # each property's values among the cards
    found = []
    for i, j in combinations(range(len(distinct)), 2):
        thirds = product(*((x, y) if x != y else [v for v in each if v != x] for x, y, each in zip(values[i], values[j], shown)))
        found += [(distinct[i], distinct[j], distinct[k]) for k in sorted(at[t] for t in thirds if t in at) if k > j]
    return found


def completions(a, b, cards=None):
    """Return the cards (from the full deck unless given) that make a PAH with a and b."""
    return [c for c in (full_deck() if cards is None else cards) if is_pah(a, b, c)]


def pahs_per_card(cards, pahs=None):
    """Return how many PAHs among the cards (count_pahs's, unless given) each card belongs to."""
    counts = Counter(card for triple in (count_pahs(cards) if pahs is None else pahs) for card in triple)
    return {card: counts[card] for card in dict.fromkeys(cards)}


def starting_pairs(cards=None):
    """Return the pairs of cards (full deck unless given) that share no value, as dealt at the start."""
    deck = dict.fromkeys(full_deck() if cards is None else cards)
    return [(a, b) for a, b in combinations(deck, 2) if not set(a.values) & set(b.values)]


def shuffled_board(seed, cards=None):
    """Return a board with the cards (full deck unless given) and empty cells shuffled by random.Random(seed)."""
    cells = list(full_deck() if cards is None else cards)
    if len(cells) > SIZE * SIZE:
        raise UserError(f"{len(cells)} cards do not fit on a {SIZE}x{SIZE} board")
    import random  # lazy: start-up (a rebuild that keeps its diagrams shuffles no board)

    cells += [None] * (SIZE * SIZE - len(cells))
    random.Random(seed).shuffle(cells)
    return tuple(tuple(cells[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE))


def parse_board(rows, properties=PROPERTIES):
    """Return the board written as 6 rows of 6 card names, "empty" for an empty cell."""
    if len(rows) != SIZE:
        raise UserError(f"the board needs {SIZE} rows, got {len(rows)}")
    for number, row in enumerate(rows, start=1):
        if len(row) != SIZE:
            raise UserError(
                f"board row {number} needs {SIZE} cells (columns {COLUMNS[0]}-{COLUMNS[-1]}), got {len(row)}"
            )
    return tuple(
        tuple(None if name.strip().lower() == EMPTY else parse_card(name, properties) for name in row) for row in rows
    )


def _row_index(row):
    """Return the index of row 1-6, rejecting other labels."""
    if not isinstance(row, int) or isinstance(row, bool) or not 1 <= row <= SIZE:
        raise UserError(f"row must be a number from 1 to {SIZE}, got {row!r}")
    return row - 1


def _column_index(column):
    """Return the index of column A-F (either case), rejecting other labels."""
    if not isinstance(column, str) or len(column) != 1 or column.upper() not in COLUMNS:
        raise UserError(f"column must be a letter from {COLUMNS[0]} to {COLUMNS[-1]}, got {column!r}")
    return COLUMNS.index(column.upper())


def _rotate(cells, by):
    """Move every cell `by` places towards the end, wrapping around."""
    by %= len(cells)
    return tuple(cells[-by:] + cells[:-by]) if by else tuple(cells)


def shift_row(board, row, by=1):
    """Return the board with row 1-6 shifted `by` cells to the right (negative: left), wrapping around."""
    index = _row_index(row)
    return tuple(_rotate(cells, by) if r == index else cells for r, cells in enumerate(board))


def shift_column(board, column, by=1):
    """Return the board with column A-F shifted `by` cells down (negative: up), wrapping around."""
    index = _column_index(column)
    moved = _rotate(tuple(cells[index] for cells in board), by)
    return tuple(cells[:index] + (moved[r],) + cells[index + 1:] for r, cells in enumerate(board))


def board_cards(board):
    """Return the cards on the board, row by row, skipping empty cells."""
    return [cell for cells in board for cell in cells if cell is not None]


def board_pahs(board, reach=MOVE_REACH):
    """Return the PAHs whose 3 cards lie within reach + 1 consecutive cells of one row or column."""
    lines = list(board) + [tuple(cells[c] for cells in board) for c in range(len(board[0]))]
    found = {}
    for line in lines:
        for start in range(max(1, len(line) - reach)):
            for triple in count_pahs(cell for cell in line[start:start + reach + 1] if cell is not None):
                found.setdefault(frozenset(triple), triple)
    return list(found.values())


def _mismatch(what, expected, found):
    """Return a failure message, or None when the two agree."""
    return None if expected == found else f"{what} (expected {expected}, found {found})"


def _names(cards):
    """List card names for a message, or "none"."""
    return ", ".join(card.name for card in cards) or "none"


def _card_failures(cards, expected):
    """Yield a message for every check the card set fails."""
    counts, pahs = Counter(cards), count_pahs(cards)   # the PAHs found once: the slowest walk of the check
    per_card = Counter(pahs_per_card(cards, pahs).values())
    yield _mismatch("wrong number of cards", expected["cards"], len(cards))
    yield _mismatch("cards listed more than once", "none", _names(c for c, n in counts.items() if n > 1))
    yield _mismatch("combinations missing from the cards", "none", _names(c for c in full_deck() if c not in counts))
    yield _mismatch("wrong number of PAHs in the card set", expected["pahs"], len(pahs))
    if set(per_card) != {expected["pahs per card"]}:
        found = ", ".join(f"{n} cards in {pahs}" for pahs, n in sorted(per_card.items())) or "no cards"
        yield _mismatch("cards in the wrong number of PAHs", f"every card in {expected['pahs per card']}", found)
    yield _mismatch("wrong number of starting pairs (no shared value)", expected["starting pairs"],
                    len(starting_pairs(cards)))


def _board_failures(board, cards, expected):
    """Yield a message for every check the board fails, given the card set."""
    lengths = [len(cells) for cells in board]
    on_board = Counter(board_cards(board))
    yield _mismatch("wrong number of board cells", expected["cells"], sum(lengths))
    if lengths != [SIZE] * SIZE:
        yield _mismatch("board is not square", f"{SIZE} rows of {SIZE}", ", ".join(map(str, lengths)))
    yield _mismatch("wrong number of empty board cells", expected["empty cells"],
                    sum(cell is None for cells in board for cell in cells))
    yield _mismatch("cards on the board more than once", "none", _names(c for c, n in on_board.items() if n > 1))
    missing = (c for c in dict.fromkeys(cards) if c not in on_board)
    yield _mismatch("cards missing from the board", "none", _names(missing))
    yield _mismatch("board cards not in the card set", "none", _names(c for c in on_board if c not in cards))


def check(cards, board, expected=EXPECTED):
    """Return a message for every GAMES.md check that the card set or the board fails."""
    failures = [*_card_failures(cards, expected), *_board_failures(board, cards, expected)]
    return [message for message in failures if message]
