"""Component kinds, looked up by a spec's `kind:`."""
from . import board, card, pattern_tile, player_board, score_sheet, tile
from . import hextile, legend

KINDS = {
    "square-tile": tile.KIND,
    "grid-board": board.KIND,
    "player-board": player_board.KIND,
    "pattern-tile": pattern_tile.KIND,
    "reference-card": card.KIND,
    "score-sheet": score_sheet.KIND,
    "hex-tile": hextile.KIND,
    "line-legend": legend.KIND,
}
