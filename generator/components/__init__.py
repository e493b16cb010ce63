"""Component kinds, looked up by a spec's `kind:`."""
from . import board, card, pattern_tile, player_board, score_sheet, tile
from . import lattice_board, token
from . import inventory_sheet, layout_diagram, shift_board, standee, symbol_card
from . import hextile, legend
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
    "symbol-card": symbol_card.KIND,
    "shift-board": shift_board.KIND,
    "layout-diagram": layout_diagram.KIND,
    "standee": standee.KIND,
    "inventory-sheet": inventory_sheet.KIND,
    "hex-tile": hextile.KIND,
    "line-legend": legend.KIND,
    "hex-board": hex_board.KIND,
    "word-card": word_card.KIND,
}
