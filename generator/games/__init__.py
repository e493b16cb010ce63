"""Games as plugins: each package games/<id>/ declares a RULESET, what its rules add that YAML cannot express."""
import importlib
from collections.abc import Callable, Mapping
from types import MappingProxyType

from ..records import NamedTuple

EMPTY: Mapping = MappingProxyType({})


def no_check(spec, pieces, arts) -> list:
    """A game without checks of its own finds nothing wrong."""
    return []


def reads_components(*ids: str) -> Callable:
    """Declare of a face generator that it reads only these components of a spec: expand keeps its faces between runs by
    them and the code, and does not make them again while they are as they were (a palette edit)."""
    def declared(make: Callable) -> Callable:
        setattr(make, "components", ids)   # read by expand's _generated
        return make
    return declared


def no_figures(spec) -> dict:
    """A game without figures of its own adds none to the rules text."""
    return {}


class Ruleset(NamedTuple):
    """What a game declares; every field has a default, so a game names only what it has."""
    generators: Mapping[str, Callable] = EMPTY  # faces.generator name -> (spec, component) -> [face properties]
    required: Mapping[str, str] = EMPTY  # component kind the checks need -> what it is in the game, for the message
    check: Callable = no_check  # (spec, pieces, arts) -> [(component id, message)], run once every required kind is there
    check_colours: tuple | Callable | None = None  # the names of the colours check and generators read (spec.colour), or
    # spec -> them: check's failures are then kept while those and all of the spec but its palette are as they were
    # (check.validate.game_failures); None: checked again whenever the spec changes
    diagrams: Mapping[str, Callable] = EMPTY  # name a rulebook block or card's diagram uses -> spec -> diagram.Diagram
    figures: Callable = no_figures  # spec -> {name: figure} for the {name}s of the rules text
    beside: tuple = ()  # the folders beside the spec whose files its rulebook alone reads (Glorieta's positions): a
    # copy of the game (pnp new --from) takes them with it, and a components PDF's record leaves them out
    commands: str = ""  # the module whose COMMANDS (click commands) the CLI adds, each also named in COMMANDS, so that
    # start-up imports no game and a build (which imports the game) no click: imported only to run one (game_commands)


RULESETS = {  # game.ruleset -> the package declaring its RULESET
    "grannys-pills": "generator.games.grannys_pills",
    "posies": "generator.games.posies",
    "paths-and-pahs": "generator.games.paths_and_pahs",
    "hexstatic": "generator.games.hexstatic",
    "glorieta": "generator.games.glorieta",
    "pixeliction": "generator.games.pixeliction",
}
COMMANDS = {  # a game's command -> (its game, the first paragraph of its help, which `pnp --help` lists)
    "glorieta-loops": ("glorieta", "Find the loops in a Glorieta position file: each loop's player, cells and enclosed cells."),
    "pahs": ("paths-and-pahs", "List and count the PAHs (Paths and PAHs) among cards, or on a board."),
}
NO_RULES = Ruleset()


def named(name: str) -> Ruleset:
    """The ruleset of the game RULESETS names name (its package is imported on first use)."""
    return importlib.import_module(RULESETS[name]).RULESET


def game_commands(name: str) -> tuple:
    """The click commands the game named name declares (its commands module imported now)."""
    module = named(name).commands
    return importlib.import_module(module).COMMANDS if module else ()


def ruleset(spec) -> Ruleset:
    """The ruleset the spec's game.ruleset names; NO_RULES for a spec that follows no shipped game's rules."""
    return named(spec.game.ruleset) if spec.game.ruleset else NO_RULES
