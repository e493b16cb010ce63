"""Posies (GAMES.md section 4): the board's value, the posy checks and the move diagrams."""
from generator.games import Ruleset

from . import rules

RULESET = Ruleset(
    required={"lattice-board": "board", "token": "posies", "reference-card": "reference card"},
    check=rules.check,
    check_colours=(),   # its check and generators read no colour
    diagrams={"removal-moves": rules.removal_moves, "split": rules.split_example},
    figures=rules.figures,
)
