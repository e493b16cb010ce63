"""Pixeliction (GAMES.md section 3): the word deal, the board and disc checks and the pictures diagram."""
from generator.components import word_card
from generator.games import Ruleset

from . import rules

RULESET = Ruleset(
    generators={"deal": word_card.deal},
    required={"grid-board": "pixel board", "token": "discs", "word-card": "word cards", "score-sheet": "score sheet",
              "reference-card": "reference card"},
    check=rules.check,
    check_colours=rules.check_colours,
    diagrams={"pictures": rules.pictures},
)
