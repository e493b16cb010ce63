"""The games registry: every game a package declaring a Ruleset, its commands added to the CLI without loading it first."""
import importlib
import inspect
import re
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner
from test_imports import graph, loaded_after

from generator import games
from generator.spec import loader as specs
from generator.cli import GameCommand, cli
from generator.components import KINDS
from generator.draw.diagram import Diagram
from generator.spec.expand import expand
from generator.games.glorieta import rules as glorieta
from generator.games.paths_and_pahs import cards

IDS = sorted(games.RULESETS)


def takes(function, count: int) -> bool:
    """True when the function can be called with count positional arguments."""
    try:
        inspect.signature(function).bind(*[None] * count)
    except TypeError:
        return False
    return True


def first_paragraph(text: str) -> str:
    """A help text's first paragraph on one line, as `pnp --help` shortens it."""
    return " ".join(inspect.cleandoc(text).split("\n\n")[0].split())


def shipped(game: str):
    """The shipped spec that follows a game's rules."""
    return next(spec for spec in map(specs.load, specs.shipped()) if spec.game.ruleset == game)


def test_the_registry_names_one_package_per_game_and_a_shipped_spec_for_each():
    assert games.RULESETS == {game: f"generator.games.{game.replace('-', '_')}" for game in IDS}
    assert sorted(spec.game.ruleset for spec in map(specs.load, specs.shipped())) == IDS
    assert games.ruleset(specs.load("examples/ember-deck/ember-deck.yaml")) is games.NO_RULES


@pytest.mark.parametrize("game", IDS)
def test_every_ruleset_declares_valid_fields(game):
    rules = games.named(game)
    assert isinstance(rules, games.Ruleset) and importlib.import_module(games.RULESETS[game]).RULESET is rules
    assert all(isinstance(name, str) and takes(make, 2) for name, make in rules.generators.items())
    assert rules.required and all(kind in KINDS and what for kind, what in rules.required.items())
    assert takes(rules.check, 3) and not takes(rules.check, 2) and rules.check is not games.no_check
    assert rules.diagrams and all(takes(make, 1) and not takes(make, 0) for make in rules.diagrams.values())
    assert takes(rules.figures, 1) and not takes(rules.figures, 0)
    assert all(isinstance(command, click.Command) and games.COMMANDS[command.name][0] == game
               for command in games.game_commands(game))


@pytest.mark.parametrize("game", IDS)
def test_a_ruleset_declares_what_its_shipped_spec_uses_and_nothing_else(game):
    spec, rules = shipped(game), games.named(game)
    assert {c.faces.generator for c in spec.components if c.faces.generator} == set(rules.generators)
    assert set(rules.required) <= {c.kind for c in spec.components}
    assert rules.check(spec, *expand(spec)) == []
    for name, make in rules.diagrams.items():
        drawn = make(spec)
        assert isinstance(drawn, Diagram) and drawn.width > 0 and drawn.height > 0 and drawn.parts, name
    assert all(isinstance(value, (int, float, str)) for value in rules.figures(spec).values())


@pytest.mark.parametrize("game", IDS)
def test_a_rulesets_check_reads_no_colour_but_those_it_declares(game):
    """What a game's check and its generators read of the palette (recorded by the rulebook's stand-in for the spec,
    build.Reader) is among the colours its ruleset declares (check_colours), never the palette as a whole: its kept
    failures (validate.game_failures) are keyed by those colours and the rest of the spec."""
    from generator.build import Reader
    spec, rules = shipped(game), games.named(game)
    reader = Reader(spec)
    rules.check(reader, *expand(reader))
    declared = rules.check_colours(spec) if callable(rules.check_colours) else rules.check_colours
    read = {what for what in reader.used if what.startswith(("colour:", "palette"))}
    assert declared is not None and read <= {f"colour:{name}" for name in declared} | {f"palette:{name}" for name in declared}


def test_a_games_check_is_kept_while_the_colours_it_reads_are_as_they_were(tmp_path, monkeypatch):
    """Glorieta's check reads the pink (a stone's back is pink): a rebuild after the yellow changed keeps its failures
    and does not run it, one after the pink changed runs it again (and finds every back still pink); a validation with
    the check's result kept equals one without."""
    from generator import cache
    validate = importlib.import_module("generator.check.validate")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for name in ("MEMO", "GAME_CHECKS"):
        monkeypatch.setattr(validate, name, cache.Memo(f"{name}.json", []))
    runs, check, rules = [], glorieta.check, games.named("glorieta")
    monkeypatch.setattr(games, "named", lambda name: rules._replace(check=lambda *args: runs.append(1) or check(*args)))

    def validated(*overrides):
        """The failures of Glorieta with overrides, and whether its own check ran."""
        runs.clear()
        found = validate.validate(specs.load("glorieta", list(overrides)))
        return found, bool(runs)
    assert validated() == ([], True)
    assert validated("palette.yellow=#f0d020") == ([], False), "the yellow is not read by the check"
    assert validated("palette.pink=#d84a92") == ([], True), "the pink is"
    sour = "components.black-stones.back.fill=yellow"   # the black stones' backs no longer pink: a failure, kept too
    assert validated(sour)[1] and validated(sour, "palette.accent=#a02860")[0] == validated(sour)[0] != []


def test_only_a_game_imports_a_game_and_the_registry_imports_none():
    edges = graph()
    inside = {name: name.split(".")[2] for name in edges if name.count(".") >= 2 and name.startswith("generator.games.")}
    assert set(inside.values()) == {package.rsplit(".", 1)[1] for package in games.RULESETS.values()}
    crossing = sorted((module, target) for module, targets in edges.items() for target in targets
                      if target in inside and inside.get(module) != inside[target])
    assert crossing == []  # a kind, the CLI or another game would reach a game only through games.RULESETS


def test_a_games_rules_import_no_click_and_its_commands_load_when_run():
    """A build imports every game it builds: none of them brings in click (a plain build runs without it), and a game's
    command loads its module only when it is run."""
    rulesets = "; ".join(f"games.named({game!r})" for game in IDS)
    assert "click" not in loaded_after(f"from generator import games; {rulesets}")
    assert {"click", "generator.games.glorieta.commands"} <= loaded_after(
        "from generator import games; games.game_commands('glorieta')")


def test_every_game_command_is_declared_by_its_game_and_listed_with_its_own_summary():
    declared = {command.name: (game, command) for game in IDS for command in games.game_commands(game)}
    assert set(declared) == set(games.COMMANDS) == {"glorieta-loops", "pahs"}
    for name, (game, summary) in games.COMMANDS.items():
        assert declared[name][0] == game
        assert summary == first_paragraph(declared[name][1].help)
        assert isinstance(cli.commands[name], GameCommand) and cli.commands[name].loaded() is declared[name][1]


def loaded_games(*args: str) -> tuple:
    """(output, the game modules loaded) of pnp run with args in a fresh interpreter."""
    code = ("import sys\nfrom generator.cli import cli\ntry:\n    cli(sys.argv[1:], prog_name='pnp')\nexcept SystemExit:\n"
            "    pass\nprint(*sorted(m for m in sys.modules if m.startswith('generator.games.')), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    return done.stdout, done.stderr.split()


def test_pnp_help_lists_the_game_commands_without_importing_a_game():
    output, loaded = loaded_games("--help")
    assert loaded == []
    listed = dict(re.findall(r"^  (\S+) +(.*)$", output.split("Commands:")[1], re.M))
    assert listed["glorieta-loops"] == "Find the loops in a Glorieta position file: each loop's..."
    assert listed["pahs"] == "List and count the PAHs (Paths and PAHs) among cards,..."


def test_a_game_commands_help_imports_its_own_game_only():
    output, loaded = loaded_games("glorieta-loops", "--help")
    assert output.startswith("Usage: pnp glorieta-loops [OPTIONS] POSITION\n")
    assert "Example: pnp glorieta-loops position.yaml" in output
    assert "generator.games.glorieta.commands" in loaded and not any("paths_and_pahs" in m for m in loaded)
    output, loaded = loaded_games("pahs", "--help")
    assert output.startswith("Usage: pnp pahs [OPTIONS] [CARD]... | [GAME_OR_SPEC]\n") and "--seed INTEGER" in output
    assert "generator.games.paths_and_pahs.commands" in loaded and not any("glorieta" in m for m in loaded)


def test_the_game_commands_run_through_the_cli():
    position = specs.SPECS / "positions" / "edge-loop.yaml"
    found = CliRunner().invoke(cli, ["glorieta-loops", str(position)])
    assert found.exit_code == 0 and found.output.splitlines() == glorieta.describe(glorieta.load_position(position))
    assert found.output.splitlines()[-1] == "summary: 1 loop (black 0, yellow 1): yellow has a loop"
    names = ["black-circle-red", "gray-circle-blue", "white-circle-yellow", "white-square-red"]
    counted = CliRunner().invoke(cli, ["pahs", *names])
    found_pahs = cards.count_pahs([cards.parse_card(name) for name in names])
    assert counted.exit_code == 0 and len(found_pahs) == 1
    assert counted.output.splitlines() == [" + ".join(card.name for card in found_pahs[0]), "1 PAH among 4 distinct cards"]
    missing = CliRunner().invoke(cli, ["glorieta-loops", "no-such-position.yaml"])
    assert (missing.exit_code, missing.output) == (1, "error: no-such-position.yaml: cannot read position: No such file or directory\n")
