"""Component kinds, looked up by a spec's `kind:`."""
from . import board, card, pattern_tile, player_board, score_sheet, tile
from . import lattice_board, token
from . import hex_board, word_card

KINDS = {
    "square-tile": tile.KIND,
    "grid-board": board.KIND,
    "player-board": player_board.KIND,
    "pattern-tile": pattern_tile.KIND,
    "reference-card": card.KIND,
    "score-sheet": score_sheet.KIND,
    "lattice-board": lattice_board.KIND,
    "token": token.KIND,
    "hex-board": hex_board.KIND,
    "word-card": word_card.KIND,
}
