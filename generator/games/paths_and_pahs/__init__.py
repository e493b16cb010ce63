"""Paths and PAHs (GAMES.md section 5): the starting layout, the card and board checks, diagrams and the pahs command."""
from generator.games import Ruleset

from . import rules

RULESET = Ruleset(
    generators={"starting-layout": rules.starting_layout},
    required={"symbol-card": "PAH cards", "shift-board": "board", "standee": "player pawns",
              "inventory-sheet": "inventory sheets"},
    check=rules.check,
    check_colours=(),   # its check and generators read no colour
    diagrams={"pah-examples": rules.pah_examples, "row-shift": rules.row_shift},
    figures=rules.figures,
    commands="generator.games.paths_and_pahs.commands",
)
