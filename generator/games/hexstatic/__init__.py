"""HexStatic (GAMES.md section 2): the default 52-tile set, the set checks and the scoring diagrams."""
from generator.games import Ruleset

from . import rules

RULESET = Ruleset(
    generators={"default-set": rules.default_faces},
    required={rules.TILE_KIND: "hex tiles", "line-legend": "line key card"},
    check=rules.check,
    check_colours=(),   # its check and generators read no colour
    diagrams={
        "loop-example": rules.example_maker("loop"),
        "line-example": rules.example_maker("line"),
        "nexus-example": rules.example_maker("nexus"),
        "line-key": rules.legend_diagram,
    },
)
