"""Game modules: enumerations, generators and rule checks that YAML cannot express."""
import importlib

RULESETS = {
    "grannys-pills": "generator.games.grannys_pills",
    "posies": "generator.games.posies",
    "paths-and-pahs": "generator.games.paths_and_pahs_spec",
    "hexstatic": "generator.games.hexstatic",
    "glorieta": "generator.games.glorieta",
    "pixeliction": "generator.games.pixeliction",
}


def ruleset(spec):
    """The game module named by the spec's ruleset (default: its id), or None."""
    name = spec.game.ruleset or spec.game.id
    return importlib.import_module(RULESETS[name]) if name in RULESETS else None
