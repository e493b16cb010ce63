"""Glorieta loops whatever the surrounded cells hold, and the ring check that keeps edge loops possible.

Each position's answer comes from the designer's rule: a loop is a connected group of a player's stones,
pink stones and ring spaces of the player's colour that completely surrounds one or more spaces,
whatever is in them (own stones included).
"""
import random

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.games.glorieta.rules import (
    CELLS, PINK, PLAYERS, RING_SPACES, check_board, edge_loop_cells, loops, parse_position, ring_colours,
)
from generator.draw.hexgrid import Hex, hexhex, ring

H = Hex.axial
CENTRE = H(0, 0)
SIX = CENTRE.neighbours()


def key(h):
    return f"{h.q},{h.r}"


def position(**stones):
    return parse_position({"stones": {side: [key(h) for h in cells] for side, cells in stones.items()}})


def shifted(cells, by):
    return [h.add(by) for h in cells]


def around(*cells):
    """The cells touching a set of cells, the set left out."""
    return sorted({n for h in cells for n in h.neighbours()} - set(cells))


RHOMBUS = [H(q, r) for q in range(3) for r in range(3)]  # 3 x 3: the middle cell's six neighbours are all in it
BAND = [H(q, r) for q in range(-3, 4) for r in (0, 1)]  # two rows deep: every cell touches the outside
EDGE = H(5, 1)  # an edge cell whose two ring spaces are black on the shipped ring
YELLOW_EDGE = H(6, -1)  # an edge cell whose two ring spaces are yellow

POSITIONS = {
    "six black around a black stone": (dict(black=SIX + [CENTRE]), [("black", {CENTRE})]),
    "a solid 19-stone black blob": (dict(black=hexhex(2)), [("black", set(hexhex(1)))]),
    "eight black around two black stones": (
        dict(black=around(CENTRE, H(1, 0)) + [CENTRE, H(1, 0)]), [("black", {CENTRE, H(1, 0)})]),
    "a solid 3 x 3 black rhombus": (dict(black=shifted(RHOMBUS, H(-4, 1))), [("black", {H(-3, 2)})]),
    "six black around a pink stone": (dict(black=SIX, pink=[CENTRE]), [("black", {CENTRE})]),
    "seven pink stones": (dict(pink=SIX + [CENTRE]), [("black", {CENTRE}), ("yellow", {CENTRE})]),
    "six yellow around a black stone": (dict(yellow=SIX, black=[CENTRE]), [("yellow", {CENTRE})]),
    "an edge blob closed by black ring spaces": (
        dict(black=[EDGE] + [n for n in EDGE.neighbours() if n in CELLS]), [("black", {EDGE})]),
    "the same blob where the ring is yellow": (
        dict(black=[YELLOW_EDGE] + [n for n in YELLOW_EDGE.neighbours() if n in CELLS]), []),
    "a yellow blob there": (
        dict(yellow=[YELLOW_EDGE] + [n for n in YELLOW_EDGE.neighbours() if n in CELLS]), [("yellow", {YELLOW_EDGE})]),
    "near miss: a yellow stone in the fence": (dict(black=SIX[1:] + [CENTRE], yellow=SIX[:1]), []),
    "near miss: a gap in the fence": (dict(black=SIX[1:] + [CENTRE]), []),
    "near miss: a band two stones deep": (dict(black=BAND), []),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_loops_surround_cells_whatever_they_hold(name):
    stones, answer = POSITIONS[name]
    assert [(lp.player, set(lp.enclosed)) for lp in loops(position(**stones))] == answer


def test_a_solid_blob_is_one_loop_made_of_the_whole_group():
    (loop,) = loops(position(black=hexhex(2)))
    assert loop.stones == frozenset(hexhex(2)) and loop.ring == frozenset()
    assert len(loop.enclosed) == 7 and loop.enclosed < loop.stones


@pytest.mark.parametrize("name, lines", [
    ("own-stone-inside", ["    encloses 1 cell: 2,-3", "summary: 1 loop (black 1, yellow 0): black has a loop"]),
    ("solid-group", ["loop 1: yellow, 10 stones (0 pink), 0 ring spaces: -4,3 -4,4 -3,2 -3,3 -3,4 -2,2 -2,3 -2,4 -1,2 -1,3",
                     "    encloses 2 cells: -3,3 -2,3", "summary: 1 loop (black 0, yellow 1): yellow has a loop"]),
])
def test_loop_command_finds_loops_round_own_stones(name, lines):
    result = CliRunner().invoke(cli, ["glorieta-loops", f"specs/positions/{name}.yaml"])
    assert result.exit_code == 0
    assert set(lines) <= set(result.output.splitlines())


WORLD = set(hexhex(8))
NEXT = {h: [n for n in h.neighbours() if n in WORLD] for h in WORLD}
BEYOND = set(ring(8))


def surrounded_by_the_rest(player, pos):
    """The rule cell by cell: cells that cannot reach beyond the ring past the player's other pieces."""
    pieces = {h for h, side in pos.stones.items() if side in (player, PINK)}
    pieces |= {h for h, colour in pos.ring.items() if colour == player}
    found = set()
    for cell in CELLS:
        wall = pieces - {cell}
        todo, seen = [cell], {cell}
        while todo and not seen & BEYOND:
            for n in NEXT[todo.pop()]:
                if n not in wall and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if not seen & BEYOND:
            found.add(cell)
    return found


@pytest.mark.parametrize("seed", range(24))
def test_loops_agree_with_the_rule_tested_cell_by_cell(seed):
    rng = random.Random(seed)
    fill = rng.choice([0.5, 0.7, 0.9, 1.0])
    sides = [rng.choice(("black", "black", "yellow", "yellow", PINK)) for _ in CELLS]
    placed = [(h, side) for h, side in zip(CELLS, sides) if rng.random() < fill]
    pos = position(**{s: [h for h, side in placed if side == s] for s in ("black", "yellow", PINK)})
    found = loops(pos)
    for player in PLAYERS:
        assert set().union(*(lp.enclosed for lp in found if lp.player == player)) == surrounded_by_the_rest(player, pos)


@pytest.mark.parametrize("seed", range(24))
def test_a_group_without_a_cycle_surrounds_nothing(seed):
    """loops() floods only round a group holding a cycle: a tree of stones and ring spaces (each grown onto one hex of
    it, touching no other) surrounds no cell by the rule cell by cell, and loops() finds none; one hex more that closes
    a ring round a cell makes it a loop again."""
    rng = random.Random(seed)
    spaces = list(CELLS) + list(RING_SPACES)
    tree = {rng.choice(spaces)}
    for _ in range(rng.randint(8, 60)):
        grows = [h for h in spaces if h not in tree and sum(n in tree for n in h.neighbours()) == 1]
        tree.add(rng.choice(grows))
    stones, ring_spaces = [h for h in tree if h in CELLS], {h for h in tree if h in RING_SPACES}
    pos = parse_position({"stones": {"black": [key(h) for h in stones]},
                          "ring": ["black" if h in ring_spaces else "yellow" for h in RING_SPACES]})
    assert surrounded_by_the_rest("black", pos) == set()
    assert [lp for lp in loops(pos) if lp.player == "black"] == []
    assert [lp.player for lp in loops(position(black=SIX))] == ["black"]   # six round one: a cycle, a loop


def test_a_full_board_encloses_every_cell_not_touching_the_other_colour():
    (loop,) = loops(position(black=CELLS))
    yellow_ring = {h for h, colour in ring_colours().items() if colour == "yellow"}
    assert loop.enclosed == {h for h in CELLS if not yellow_ring & set(h.neighbours())}
    assert len(loop.enclosed) < len(CELLS)


# The ring check: a loop that needs ring spaces surrounds an edge cell, and every ring space beside that
# cell must then be in the wall, so each player needs an edge cell whose ring spaces are all theirs.

ALTERNATING = ["black", "yellow"] * 21


def swap(colours, i, j):
    colours = list(colours)
    colours[i], colours[j] = colours[j], colours[i]
    return colours


def test_shipped_ring_gives_each_player_edge_cells_to_fence_in():
    counts = edge_loop_cells(ring_colours())
    # a run of 7 holds one board side's 6 ring spaces: the 5 edge cells between that side's corners qualify,
    # the corner cells (three ring spaces, across two runs) never do
    assert {p: len(cells) for p, cells in counts.items()} == {"black": 15, "yellow": 15}
    assert not {h for cells in counts.values() for h in cells} & {h for h in CELLS if h.length() == 6 and 0 in (h.q, h.r, h.s)}
    for player, cells in counts.items():
        stones = position(**{player: [n for n in cells[0].neighbours() if n in CELLS]})
        assert [(lp.player, set(lp.enclosed)) for lp in loops(stones)] == [(player, {cells[0]})]


def test_an_alternating_ring_makes_edge_loops_impossible():
    colours = dict(zip(RING_SPACES, ALTERNATING))
    assert check_board(CELLS, colours) == [
        "black can never use the ring in a loop: no edge cell has only black ring spaces beside it "
        "(expected at least 1 such cell, found 0)",
        "yellow can never use the ring in a loop: no edge cell has only yellow ring spaces beside it "
        "(expected at least 1 such cell, found 0)",
    ]
    for h in CELLS:
        if any(n in colours for n in h.neighbours()):
            for player in PLAYERS:
                blob = [key(n) for n in [h] + h.neighbours() if n in CELLS]
                assert loops(parse_position({"stones": {player: blob}, "ring": ALTERNATING})) == []


def test_two_ring_spaces_round_a_corner_are_not_enough():
    # Ring order starts at a corner space (index 0), so 0 and 1 are a corner space and the side space after it:
    # they touch a common edge cell, the board's corner cell, but that cell also touches ring space 41 (yellow).
    colours = swap(ALTERNATING, 1, 2)  # black pair 0-1 round the corner; yellow pair 2-3 on a side
    assert colours[41] == "yellow" and colours[:4] == ["black", "black", "yellow", "yellow"]
    assert check_board(CELLS, dict(zip(RING_SPACES, colours))) == [
        "black can never use the ring in a loop: no edge cell has only black ring spaces beside it "
        "(expected at least 1 such cell, found 0)",
    ]


def test_validate_refuses_an_alternating_ring():
    result = CliRunner().invoke(cli, ["validate", "glorieta", "--set", "components.board.ring_run=1"])
    assert result.exit_code == 1
    assert ("generator/specs/glorieta.yaml: board: black can never use the ring in a loop: no edge cell has only black "
            "ring spaces beside it (expected at least 1 such cell, found 0)") in result.output.splitlines()
    shipped = CliRunner().invoke(cli, ["validate", "glorieta"])
    assert shipped.exit_code == 0 and "all checks pass" in shipped.output
