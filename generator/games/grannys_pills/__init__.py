"""Granny's Pills (GAMES.md section 1): the prescription generator, the set checks and the scoring diagrams."""
from generator.games import Ruleset

from . import rules

RULESET = Ruleset(
    generators={"prescriptions": rules.prescriptions},
    required={"grid-board": "main board", "square-tile": "pill tiles", "player-board": "player boards",
              "pattern-tile": "prescription tiles", "reference-card": "reference card", "score-sheet": "score pad"},
    check=rules.check,
    check_colours=(),   # its check and generators read no colour
    diagrams={"take-forms": rules.take_forms, "form-row": rules.form_row, "scoring-example": rules.scoring_example},
    figures=rules.figures,
)
