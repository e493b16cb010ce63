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
    """The game module named by the spec's game.ruleset, or None for a spec that follows no shipped game's rules."""
    name = spec.game.ruleset
    return importlib.import_module(RULESETS[name]) if name else None
