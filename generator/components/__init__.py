"""Component kinds, looked up by a spec's `kind:`; a kind's module loads the first time it is looked up."""
import importlib
from collections.abc import Mapping

MODULES = {
    "square-tile": "tile",
    "grid-board": "board",
    "player-board": "player_board",
    "pattern-tile": "pattern_tile",
    "reference-card": "card",
    "score-sheet": "score_sheet",
    "lattice-board": "lattice_board",
    "token": "token",
    "symbol-card": "symbol_card",
    "shift-board": "shift_board",
    "layout-diagram": "layout_diagram",
    "standee": "standee",
    "inventory-sheet": "inventory_sheet",
    "hex-tile": "hextile",
    "line-legend": "legend",
    "hex-board": "hex_board",
    "word-card": "word_card",
    "layout": "layout",
}


class _Kinds(Mapping):
    """Kinds by name, imported on first use: a build loads only the renderers its spec needs."""

    def __init__(self):
        self._loaded = {}

    def __getitem__(self, name):
        if name not in self._loaded:
            self._loaded[name] = importlib.import_module(f"{__name__}.{MODULES[name]}").KIND
        return self._loaded[name]

    def __iter__(self):
        return iter(MODULES)

    def __len__(self):
        return len(MODULES)


KINDS = _Kinds()
