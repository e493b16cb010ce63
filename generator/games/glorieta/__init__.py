"""Glorieta (GAMES.md section 6): the board's ring, the stones, the loop diagrams and the loop finder command."""
from generator.games import Ruleset

from . import rules

RULESET = Ruleset(
    required={"hex-board": "board", "token": "stones", "reference-card": "reference card"},
    check=rules.check,
    check_colours=rules.check_colours,
    diagrams={"loop-examples": rules.loop_examples, "more-examples": rules.more_examples,
              "solid-examples": rules.solid_examples, "smallest-loop": rules.smallest_loop,
              "card-loops": rules.card_loops},
    figures=rules.figures,
    beside=("positions",),
    commands="generator.games.glorieta.commands",
)
