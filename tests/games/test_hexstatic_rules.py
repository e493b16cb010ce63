"""HexStatic rulebook: the loop/line/fragment classifier, the checked examples and how the diagrams place tiles."""
import math

import pytest

from generator.spec import loader as specs
from generator.spec import yamlsource
from generator.errors import UserError
from generator.games.hexstatic import RULESET, rules as hs
from generator.draw.hexgrid import Hex
from generator.draw.render import art_size
from generator.output.rulebook import rules_path

O = Hex(0, 0, 0)


@pytest.fixture(scope="module")
def spec():
    return specs.load("hexstatic")


def structure(name, colour, start=None):
    example = hs.EXAMPLES[name]
    return hs.follow(example.placed, start or example.tiles[0][0], colour)


def test_shipped_examples_are_what_they_promise():
    for name, example in hs.EXAMPLES.items():
        assert hs.example_problems(example) == [], name
    loop, line = structure("loop", "R"), structure("line", "B")
    assert (loop.kind, len(loop.tiles), loop.points) == ("loop", 3, 12)  # GAMES.md: smallest loop 3 -> 12
    assert (line.kind, len(line.tiles), line.points) == ("line", 4, 8)
    nexus = {c: structure("nexus", c) for c in "RGB"}
    assert (nexus["B"].kind, nexus["B"].points) == ("line", 4)           # GAMES.md: smallest line 2 -> 4
    assert [(nexus[c].kind, len(nexus[c].tiles), nexus[c].points) for c in "GR"] == [("fragment", 2, 1)] * 2


def test_following_from_the_middle_finds_the_whole_line_in_order():
    example = hs.EXAMPLES["line"]
    middle = example.tiles[1][0]
    found = structure("line", "B", start=middle)
    assert found.kind == "line"
    assert set(found.tiles) == {h for h, _ in example.tiles}
    assert all(a.distance(b) == 1 for a, b in zip(found.tiles, found.tiles[1:]))


def test_broken_loop_is_an_open_path_and_the_example_check_says_so():
    tiles = hs.EXAMPLES["loop"].tiles[:2]
    broken = hs.Example(tiles, (("R", "loop"),))
    found = hs.follow(broken.placed, O, "R")
    assert (found.kind, len(found.tiles), found.points) == ("open", 2, 0)
    assert hs.example_problems(broken) == ["red structure (expected loop, found open of 2 tiles)"]


def test_line_missing_its_last_end_is_a_fragment():
    tiles = hs.EXAMPLES["line"].tiles[:3]
    found = hs.follow(dict(tiles), O, "B")
    assert (found.kind, len(found.tiles), found.points) == ("fragment", 3, 2)


def test_mismatched_sides_and_unknown_tiles_are_caught():
    (h0, s0), (h1, s1), rest = hs.EXAMPLES["loop"].tiles[0], hs.EXAMPLES["loop"].tiles[1], hs.EXAMPLES["loop"].tiles[2:]
    turned = hs.Example(((h0, s0), (h1, hs.rotations(s1)[1]), *rest), (("R", "loop"),))
    assert any("does not match" in p for p in hs.example_problems(turned))
    with pytest.raises(UserError, match="do not match"):
        hs.follow(turned.placed, O, "R")
    stranger = hs.Example(((O, "RRG-B-"),), (("R", "open"),))  # a 1-path, 2-end tile: not in the default set
    assert hs.example_problems(stranger) == [f"tile RRG-B- at {O} is not a rotation of a tile in the set"]


def test_a_wrong_example_stops_the_diagram(spec, monkeypatch):
    monkeypatch.setitem(hs.EXAMPLES, "loop", hs.Example(hs.EXAMPLES["loop"].tiles[:2], (("R", "loop"),)))
    with pytest.raises(UserError, match="example 'loop' is wrong"):
        RULESET.diagrams["loop-example"](spec)


def test_captions_name_the_kind_their_example_shows(spec):
    data, _ = yamlsource.load(rules_path(spec))
    captions = {b["diagram"]: b.get("caption", "") for s in data["sections"] for b in s["blocks"] if "diagram" in b}
    assert set(captions) == set(RULESET.diagrams)
    for name, example in hs.EXAMPLES.items():
        for colour, kind in example.shows:
            assert kind in captions[f"{name}-example"].lower(), (name, kind)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_diagram_tiles_meet_edge_to_edge_and_labels_carry_the_score(orientation):
    spec = specs.load("hexstatic", [f"components.tiles.orientation={orientation}"])
    for name, example in hs.EXAMPLES.items():
        diagram = RULESET.diagrams[f"{name}-example"](spec)
        tiles = diagram.parts[:-1]
        assert len(tiles) == len(example.tiles)
        centres = {}
        for (h, sides), (key, _, x, y, k) in zip(example.tiles, tiles):
            w, ht = art_size(spec, hs.Art(key, "tiles", "front", {"sides": sides}))
            centres[h] = (x + w * k / 2, y + ht * k / 2)
            cut = spec.component("tiles").bleed * k  # the hex itself, inside its transparent bleed, fits the diagram
            assert -1e-9 <= x + cut and x + w * k - cut <= diagram.width + 1e-9
            assert -1e-9 <= y + cut and y + ht * k - cut <= diagram.height + 1e-9
        for a in centres:
            for b in centres:
                if a.distance(b) == 1:
                    assert math.dist(centres[a], centres[b]) == pytest.approx(hs.DIAGRAM_TILE)
        labels = diagram.parts[-1][1].tostring()
        for colour, _ in example.shows:
            assert hs.label(structure(name, colour)) in labels
    assert "red loop: 3 tiles x 4 = 12 points" in RULESET.diagrams["loop-example"](spec).parts[-1][1].tostring()


def test_open_path_label_and_missing_legend(spec, tmp_path):
    found = hs.follow(dict(hs.EXAMPLES["loop"].tiles[:2]), O, "R")
    assert hs.label(found) == "red open: 2 tiles, no end = 0 points"
    text = specs.resolve("hexstatic").read_text()
    no_legend = tmp_path / "hexstatic.yaml"
    no_legend.write_text(text[:text.index("  legend:")] + text[text.index("  scoring:"):])
    with pytest.raises(UserError, match="line-legend component"):
        RULESET.diagrams["line-key"](specs.load(str(no_legend)))
