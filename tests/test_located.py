"""The one key-path -> line lookup: nearest parent line, values from --set, values from a theme."""
import ast
from pathlib import Path

from generator.spec import loader as specs
from generator.located import SET_LINE, located, nearest, spec_error
from generator.spec.theme import Origin

GENERATOR = Path(__file__).resolve().parent.parent / "generator"


def test_the_nearest_known_parent_gives_the_line():
    lines = {("components",): 3, ("components", "pill"): 4, ("components", "pill", "size"): 6}
    assert nearest(lines, ("components", "pill", "size")) == (("components", "pill", "size"), 6)
    assert nearest(lines, ("components", "pill", "faces", "copies")) == (("components", "pill"), 4)
    assert nearest(lines, ("palette", "red")) == ((), None)
    error = located("game.yaml", lines, ("components", "pill", "faces", "copies"), "expected a whole number")
    assert str(error) == "game.yaml:4: components.pill.faces.copies: expected a whole number"


def test_a_value_from_set_or_a_theme_is_located_there():
    lines = {("palette",): 2, ("palette", "red"): SET_LINE, ("lines",): Origin("bold.yaml", 9, ("games", "g", "lines"))}
    assert str(located("game.yaml", lines, ("palette", "red"), "bad")) == "game.yaml: --set palette.red: bad"
    below = located("game.yaml", lines, ("lines", "red", "style"), "unknown style")
    assert str(below) == "bold.yaml:9: games.g.lines.red.style: unknown style"


def test_a_loaded_spec_is_located_by_the_same_lookup():
    spec = specs.load("grannys-pills", ["components.pill.faces.copies=7"])
    assert spec.line(("components", "pill", "size", "deeper")) == spec.line(("components", "pill", "size")) > 0
    assert str(spec_error(spec, ("components", "pill", "faces", "copies"), "bad")).endswith(
        "grannys-pills.yaml: --set components.pill.faces.copies: bad")


def test_only_located_walks_a_line_table():
    walkers = []
    for path in GENERATOR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.While) and "lines" in ast.unparse(node.test):
                walkers.append(path.name)
    assert walkers == ["located.py"]
