"""HexStatic: tile parsing, families, the default set, crossings, checks and scoring."""
from collections import Counter

import pytest

from generator.errors import UserError
from generator.games.hexstatic.rules import (
    FAMILIES, alternate_ends, blank_opposite_end, canonical, check_types, default_set,
    default_types, enumerate_family, family, feature_counts, features, parse, rotations, score,
)
from generator.components.sidestring import crossings

# GAMES.md section 2 is the spec these figures come from.
GAMES_MD_FAMILIES = {"3 paths": 16, "2 paths + end": 90, "1 path + 2 ends": 90, "nexus": 20}
GAMES_MD_FEATURES = {"sharp": 16, "gentle": 16, "straight": 12, "end": 8}


@pytest.mark.parametrize("name", FAMILIES)
def test_family_sizes_match_games_md(name):
    types = enumerate_family(name)
    assert len(types) == GAMES_MD_FAMILIES[name]
    assert all(canonical(t) == t and family(t) == name for t in types)


def test_families_total_216():
    assert sum(len(enumerate_family(name)) for name in FAMILIES) == 216


def test_the_families_are_every_tile_by_its_own_family_and_smallest_turn():
    """The one walk that tells tiles by their colour counts, against problem(), family() and canonical() on each string."""
    from itertools import product
    from generator.components.sidestring import problem
    tiles = [sides for sides in map("".join, product("RGB-", repeat=6)) if problem(sides) is None]
    assert {name: enumerate_family(name) for name in FAMILIES} == {
        name: sorted({canonical(t) for t in tiles if family(t) == name}) for name in FAMILIES}


def test_the_family_walk_makes_each_string_a_tile_may_have_once_and_no_other():
    """The walk places colours on blank sides: of the 1,290 strings problem() accepts it makes the 650 that start with
    a blank or blue side, once each, and no other (not the 4,096 strings of four letters), each with its count of ends;
    every type (each string's smallest turn) is among them."""
    from itertools import product
    from generator.components.sidestring import problem
    from generator.games.hexstatic.rules import _coloured
    made = _coloured()
    tiles = [sides for sides in map("".join, product("RGB-", repeat=6)) if problem(sides) is None]
    assert sorted(sides for sides, _ in made) == sorted(t for t in tiles if t[0] in "-B") and len(tiles) == 1290
    assert len(made) == 650 and {canonical(t) for t in tiles} <= {sides for sides, _ in made}
    assert all(ends == list(features(sides).values()).count("end") for sides, ends in made)


def test_canonical_is_the_smallest_rotation():
    assert canonical("GGRRBB") == "BBGGRR"
    assert canonical("RR-GBB") == "-GBBRR"
    assert rotations("ABCDEF")[1] == "FABCDE"
    assert {canonical(r) for r in rotations("B-G-R-")} == {"-B-G-R"}
    assert canonical("-B-G-R") != canonical("-B-R-G")  # mirror images are different types


@pytest.mark.parametrize("bad, words", [
    ("BBGGR", "6 sides"),
    ("BBGGRRR", "6 sides"),
    ("BBGGRY", "unknown side 'Y'"),
    ("bbggrr", "unknown side 'b'"),
    ("BBBGGR", "blue on 3 sides"),
    ("BB--RR", "no green"),
])
def test_parse_rejects_bad_tiles(bad, words):
    with pytest.raises(UserError, match=words):
        parse(bad)


def test_features_classify_paths_and_ends():
    assert features("BBGRGR") == {"B": "sharp", "G": "gentle", "R": "gentle"}
    assert features("BGRBGR") == {"B": "straight", "G": "straight", "R": "straight"}
    assert features("-BBGRR") == {"B": "sharp", "G": "end", "R": "sharp"}
    assert family("-B-G-R") == "nexus"
    assert family("--BGGR") == "1 path + 2 ends"


def test_default_set_has_52_tiles_as_described():
    types = default_types()
    tiles = default_set()
    assert len(tiles) == 52
    by_family = Counter(family(t) for t in tiles)
    assert by_family == {"3 paths": 32, "2 paths + end": 18, "nexus": 2}
    assert {t for t, q in types if q == 2} == set(enumerate_family("3 paths"))
    assert sorted(t for t in tiles if family(t) == "nexus") == ["-B-G-R", "-B-R-G"]
    assert all(blank_opposite_end(t) for t in tiles if family(t) == "2 paths + end")


def test_the_18_two_path_tiles_are_3_end_colours_by_3_pairings_by_2_colourings():
    two = [t for t in default_set() if family(t) == "2 paths + end"]
    assert len(two) == len(set(two)) == 18
    end_colour = Counter(next(c for c, f in features(t).items() if f == "end") for t in two)
    assert end_colour == {"R": 6, "G": 6, "B": 6}
    shapes = Counter(frozenset(f for f in features(t).values() if f != "end") for t in two)
    assert shapes == {frozenset({"sharp"}): 6, frozenset({"gentle"}): 6, frozenset({"straight"}): 6}


def test_y_nexus_tiles_are_exactly_the_alternating_ones():
    assert [t for t in enumerate_family("nexus") if alternate_ends(t)] == ["-B-G-R", "-B-R-G"]


def test_default_feature_counts_match_games_md():
    counts = feature_counts(default_set())
    assert counts == {colour: GAMES_MD_FEATURES for colour in "RGB"}


def test_default_set_passes_every_check():
    assert check_types(default_types()) == []


def test_rotational_duplicates_are_reported():
    types = default_types() + [("GGRRBB", 1)]
    assert check_types(types, expected_features=None) == [
        "tile type BBGGRR listed more than once as BBGGRR, GGRRBB (expected 1, found 2)",
    ]


def test_a_broken_set_fails_with_clear_messages():
    types = [(t, q) for t, q in default_types() if family(t) != "nexus"] + [("--BBGR", 1)]
    assert check_types(types) == [
        "red ends (expected 8, found 7)",
        "green ends (expected 8, found 7)",
        "blue sharp paths (expected 16, found 17)",
        "blue ends (expected 8, found 6)",
        "nexus tiles (expected at least 2, found 0)",
    ]


def test_a_type_listed_twice_is_reported():
    failures = check_types(default_types() + [("-BBGRR", 1)])
    assert failures[0] == "tile type -BBGRR listed more than once as -BBGRR, -BBGRR (expected 1, found 2)"


def test_custom_set_skips_default_figures_but_keeps_general_checks():
    failures = check_types([("BGRBGR", 3), ("-B-G-R", 2)], expected_features=None)
    assert failures == [
        f"{name} sharp paths (3-tile loops) (expected at least 1, found 0)" for name in ("red", "green", "blue")
    ]


def test_check_rejects_a_malformed_tile():
    with pytest.raises(UserError, match="no red"):
        check_types([("BBGG--", 1)])


@pytest.mark.parametrize("sides, expected", [
    ("BBGGRR", []),
    ("BBGRGR", [("G", "R")]),
    ("BGBRGR", [("B", "G"), ("G", "R")]),
    ("BGRBGR", [("B", "G"), ("B", "R"), ("G", "R")]),
    ("BGRRGB", []),  # nested: R inside G inside B
    ("-BGBGR", [("B", "G")]),
])
def test_crossings_are_interleaved_chords(sides, expected):
    assert crossings(sides) == expected


def test_crossings_ignore_ends_and_rotation():
    assert crossings("-BBGRR") == []
    assert crossings("-B-G-R") == []
    for r in rotations("BGBRGR"):
        assert crossings(r) == [("B", "G"), ("G", "R")]


@pytest.mark.parametrize("kind, tiles, points", [
    ("loop", 3, 12), ("loop", 5, 20), ("line", 2, 4), ("line", 7, 14), ("fragment", 4, 3),
])
def test_score(kind, tiles, points):
    assert score(kind, tiles) == points


def test_score_rejects_impossible_structures():
    with pytest.raises(UserError, match="at least 3 tiles"):
        score("loop", 2)
    with pytest.raises(UserError, match="unknown HexStatic structure 'ring'"):
        score("ring", 4)


def test_a_tiles_curve_works_out_the_hex_corners_once(monkeypatch):
    """A path's curve takes each side's midpoint from the hex's corners worked out once (six times before, once per
    edge_midpoint), and they are edge_midpoint's points."""
    from generator.components import hextile
    from generator.draw import hexgrid
    layout = hextile._layout({"size": 25.0, "orientation": "flat"})
    mids = [hexgrid.edge_midpoint(layout, hexgrid.ORIGIN, k) for k in range(6)]
    calls, real = [], hexgrid.polygon_corners
    for module in (hexgrid, hextile):
        monkeypatch.setattr(module, "polygon_corners", lambda *args: (calls.append(args), real(*args))[1])
    for i, j in ((0, 3), (0, 1), (0, 2), (4, 1)):
        found = hextile.curve(layout, (i, j))
        assert (found[1], found[2]) == (mids[i], mids[j])
    assert len(calls) == 4
