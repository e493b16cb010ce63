"""Glorieta: the board and its ring, the board checks, the loop checker and position files."""
from collections import Counter
from pathlib import Path

import pytest

from generator.errors import SpecError, UserError
from generator.games.glorieta.rules import (
    CELLS, RING_SPACES, check_board, edge_loop_cells, explicit_ring, load_position, loops, parse_position,
    perimeter_neighbour_counts, ring_colours,
)
from generator.draw.hexgrid import DIRECTIONS, Hex, ring

H = Hex.axial


def rotate60(h):
    return Hex(-h.r, -h.s, -h.q)


def key(h):
    return f"{h.q},{h.r}"


def position(**stones):
    return parse_position({"stones": {side: [key(h) for h in cells] for side, cells in stones.items()}})


def around(centre):
    return centre.neighbours()


def test_board_has_127_cells_and_42_ring_spaces():
    assert len(CELLS) == len(set(CELLS)) == 127
    assert len(RING_SPACES) == len(set(RING_SPACES)) == 42
    assert not set(CELLS) & set(RING_SPACES)


def test_default_ring_is_21_black_21_yellow_and_a_turn_swaps_them():
    colours = ring_colours()
    assert Counter(colours.values()) == {"black": 21, "yellow": 21}
    assert all(colours[rotate60(h)] != c for h, c in colours.items())


def test_default_runs_are_a_side_and_its_next_corner():
    colours = ring_colours()
    spaces = ring(7)
    for side in range(6):
        run = spaces[7 * side + 1: 7 * side + 8] if side < 5 else spaces[36:] + spaces[:1]
        assert len({colours[h] for h in run}) == 1
        assert run[-1] == DIRECTIONS[(side + 1) % 6].scale(7)  # 6 edge spaces, then the next corner
        assert colours[run[0]] != colours[spaces[7 * side]]  # the corner before the run ends the previous run
    assert colours[spaces[1]] == "black"
    assert ring_colours(start="yellow") == {h: {"black": "yellow", "yellow": "black"}[c] for h, c in colours.items()}


def test_perimeter_has_6_cells_with_3_ring_neighbours_and_30_with_2():
    counts = perimeter_neighbour_counts()
    assert len(counts) == 36
    assert Counter(counts.values()) == {3: 6, 2: 30}
    assert {h for h, n in counts.items() if n == 3} == {d.scale(6) for d in H(0, 0).neighbours()}


def test_default_board_passes_check_board():
    assert check_board(CELLS, ring_colours()) == []


def test_check_board_reports_what_is_wrong():
    cells = [h for h in CELLS if h != H(0, 0)]
    assert check_board(cells, ring_colours()) == [
        "board cells (expected 127, found 126)",
        "perimeter cells (expected 36, found 42)",  # the hole's six neighbours are on an edge too
    ]
    assert check_board(CELLS, ring_colours(run=6)) == [
        "black ring spaces (expected 21, found 24)",
        "yellow ring spaces (expected 21, found 18)",
    ]
    short = {h: c for h, c in ring_colours().items() if h != H(7, 0)}
    assert check_board(CELLS, short) == [
        "ring spaces (expected 42, found 41)",
        "yellow ring spaces (expected 21, found 20)",
        "perimeter cells with 3 ring neighbours (expected 6, found 5)",
        "perimeter cells with 2 ring neighbours (expected 30, found 31)",
    ]


def test_six_around_one_is_a_loop():
    (loop,) = loops(position(black=around(H(0, 0))))
    assert loop.player == "black"
    assert loop.stones == frozenset(around(H(0, 0)))
    assert loop.ring == frozenset()
    assert loop.enclosed == {H(0, 0)}


def test_edge_loop_uses_two_ring_spaces():
    cell = H(5, 1)  # on the edge; its ring neighbours (6,1) and (5,2) are black by default
    ring_sides = [n for n in around(cell) if n in RING_SPACES]
    assert [ring_colours()[n] for n in ring_sides] == ["black", "black"]
    stones = [n for n in around(cell) if n in CELLS]
    (loop,) = loops(position(black=stones))
    assert loop.enclosed == {cell}
    assert loop.stones == frozenset(stones) and len(stones) == 4
    assert set(ring_sides) <= loop.ring
    assert loops(position(yellow=stones)) == []  # yellow cannot use black ring spaces


def test_loop_through_pink_stones():
    ring6 = around(H(2, -3))
    (loop,) = loops(position(black=ring6[:4], pink=ring6[4:]))
    assert loop.player == "black" and loop.enclosed == {H(2, -3)}
    assert loop.stones == frozenset(ring6)
    assert loops(position(yellow=ring6[:4], pink=ring6[4:]))[0].player == "yellow"


def test_a_chain_is_not_a_loop():
    ring6 = around(H(0, 0))
    assert loops(position(black=ring6[:5])) == []
    assert loops(position(black=ring6[:5], yellow=ring6[5:])) == []
    line = [H(q, 0) for q in range(-6, 7)]
    assert ring_colours()[H(6, 1)] == ring_colours()[H(-7, 0)] == "black"  # it joins two black runs,
    assert loops(position(black=line)) == []  # but each half still reaches a yellow ring space


def test_ring_colours_rejects_bad_parameters():
    with pytest.raises(UserError, match="unknown ring colour 'pink'"):
        ring_colours(start="pink")
    with pytest.raises(UserError, match="at least 1, got 0"):
        ring_colours(run=0)


def test_a_yellow_loop_is_not_blacks():
    ring6 = around(H(-3, 1))
    (loop,) = loops(position(yellow=ring6, black=[H(-3, 1), H(0, 0)]))
    assert loop.player == "yellow"
    assert loop.enclosed == {H(-3, 1)}  # whatever the cell holds, here a black stone


def test_the_same_stones_count_for_one_player_only():
    ring12 = ring(2)
    found = loops(position(black=ring12 + [H(0, 0)]))
    assert [lp.player for lp in found] == ["black"]
    assert found[0].stones == frozenset(ring12)  # the lone stone inside is surrounded, not a loop
    assert found[0].enclosed == frozenset([H(0, 0)] + around(H(0, 0)))


def test_a_pink_stone_serves_both_players():
    shared = H(1, 0)
    black = [h for h in around(H(0, 0)) if h != shared]
    yellow = [h for h in around(H(2, 0)) if h != shared]
    found = loops(position(black=black, yellow=yellow, pink=[shared]))
    assert [(lp.player, lp.enclosed) for lp in found] == [("black", {H(0, 0)}), ("yellow", {H(2, 0)})]
    assert all(shared in lp.stones for lp in found)


def test_ring_override_changes_loops():
    cell = H(5, 1)
    stones = [key(n) for n in around(cell) if n in CELLS]
    swapped = [ring_colours(start="yellow")[h] for h in RING_SPACES]
    (loop,) = loops(parse_position({"stones": {"yellow": stones}, "ring": swapped}))
    assert loop.player == "yellow" and loop.enclosed == {cell}


def test_a_one_colour_ring_surrounds_the_whole_board():
    (loop,) = loops(parse_position({"ring": ["yellow"] * 42}))
    assert loop.player == "yellow" and loop.stones == frozenset()
    assert loop.ring == frozenset(RING_SPACES) and loop.enclosed == frozenset(CELLS)


def write(tmp_path, text):
    path = tmp_path / "position.yaml"
    path.write_text(text)
    return path


def test_load_position_reads_yaml(tmp_path):
    path = write(tmp_path, 'stones:\n  black: ["1,0", "0,1", "-1,1", "-1,0", "0,-1", "1,-1"]\n  pink: ["3,3"]\n')
    pos = load_position(path)
    assert pos.stones[H(3, 3)] == "pink"
    assert [lp.enclosed for lp in loops(pos)] == [{H(0, 0)}]


@pytest.mark.parametrize("text, message", [
    ('stones:\n  black: ["0,0", "7,0"]\n',
     "2: stones.black[1]: cell '7,0' is off the board (7 steps from the centre, at most 6)"),
    ('stones:\n  red: ["0,0"]\n', "2: stones.red: unknown stone colour 'red' (use black, yellow or pink)"),
    ('stones:\n  black: [1,0]\n', "2: stones.black[0]: 1 is not a cell"),
    ('stones:\n  black: ["0,0"]\n  pink: ["0,0"]\n', "3: stones.pink[0]: cell '0,0' already holds a black stone"),
    ('stone:\n  black: ["0,0"]\n', "1: stone: unknown key (use stones, ring)"),
    ('ring: [black]\n', "1: ring: give a list of 42 colours"),
])
def test_bad_position_names_file_line_and_key(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(SpecError) as e:
        load_position(path)
    assert str(e.value).startswith(f"{path}:{message}")


def test_explicit_ring_rejects_unknown_colour():
    with pytest.raises(SpecError, match=r"ring\[3\]: unknown ring colour 'pink'"):
        explicit_ring(["black"] * 3 + ["pink"] + ["yellow"] * 38)


def test_missing_position_file_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="cannot read position"):
        load_position(tmp_path / "nope.yaml")


def test_a_position_that_is_a_pipe_is_refused_not_waited_on(tmp_path):
    """pnp glorieta-loops on a FIFO waited for a writer forever; specs, themes and data refuse one in a line."""
    import os
    import subprocess
    import sys
    os.mkfifo(tmp_path / "p.yaml")
    done = subprocess.run([sys.executable, "-m", "generator", "glorieta-loops", str(tmp_path / "p.yaml")],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (1, f"error: {tmp_path / 'p.yaml'}: position is not a regular file (a pipe, a "
                                                 "device or a folder): pnp reads files only\n")


POSITIONS = sorted((Path(__file__).resolve().parents[1] / "data" / "invalid" / "positions").glob("*.yaml"))


@pytest.mark.parametrize("path", POSITIONS, ids=[p.stem for p in POSITIONS])
def test_a_bad_position_file_is_one_line_naming_file_line_and_key(path):
    from click.testing import CliRunner
    from generator.cli import cli
    result = CliRunner().invoke(cli, ["glorieta-loops", str(path)])
    expected = path.read_text(encoding="utf-8", errors="replace").splitlines()[0].removeprefix("# error: ")
    assert (result.exit_code, type(result.exception)) == (1, SystemExit), result.output
    assert result.output == "error: " + expected.replace("{path}", str(path)) + "\n"


def test_the_rulebooks_diagrams_draw_the_board_once_for_all_their_examples_side_by_side(monkeypatch):
    """The three diagrams of two example positions each draw the board once between them (for a spec, or a fresh one
    for another spec) and show that one drawing under every example."""
    from generator.games.glorieta import rules
    from generator.spec import loader as specs
    drawn = []
    real = rules.draw_art
    monkeypatch.setattr(rules, "draw_art", lambda *args: drawn.append(args[1].key) or real(*args))
    for spec in (specs.load("glorieta"), specs.load("glorieta")):
        del drawn[:]
        shown = set()
        for make in (rules.loop_examples, rules.more_examples, rules.solid_examples):
            diagram = make(spec)
            boards = [part for part in diagram.parts if part[0] == drawn[0]]
            assert len(boards) == 2 and boards[0][1] is boards[1][1]
            assert boards[1][2] - boards[0][2] == rules.DIAGRAM_BOARD + 8  # side by side, 8 mm apart
            shown.add(id(boards[0][1]))
        assert len(drawn) == 1 and len(shown) == 1


def test_the_cells_a_loop_encloses_are_those_beyond_reach_from_outside_the_ring():
    """loops() against a plain flood over the hexes themselves, on a thousand random positions."""
    import random

    from generator.games.glorieta import rules
    pick, tables = random.Random(7), rules.world()
    world = sorted(tables.hexes)
    for _ in range(1000):
        group = set(pick.sample(world, pick.randrange(6, 60)))
        beyond, todo = set(), [h for h in tables.beyond if h not in group]
        beyond.update(todo)
        while todo:
            for n in tables.neighbours[todo.pop()]:
                if n not in group and n not in beyond:
                    beyond.add(n)
                    todo.append(n)
        expected = {h for h in CELLS if h not in beyond and not any(n in beyond for n in tables.neighbours[h])}
        assert rules._enclosed(group) == expected


def test_the_loop_tables_worked_out_on_pairs_are_the_hexes_own():
    """The world's neighbours and the numbers the flood runs on, made from (q, r) pairs, against Hex's own neighbours
    and order; worked out once, and not on import (a build whose checks and diagrams are kept reads none of them)."""
    import subprocess
    import sys
    from generator.draw.hexgrid import ring
    from generator.games.glorieta import rules
    tables = rules.world()
    assert len(tables.neighbours) == len(tables.hexes) == 217 and rules.world() is tables
    assert all(tables.neighbours[h] == tuple(n for n in h.neighbours() if n in tables.hexes) for h in tables.hexes)
    assert dict(tables.number) == {h: n for n, h in enumerate(sorted(tables.hexes))}
    assert tables.near == tuple(tuple(tables.number[n] for n in tables.neighbours[h]) for h in sorted(tables.hexes))
    assert tables.beyond == tuple(ring(rules.BOARD_RADIUS + 2))
    assert tables.cell_numbers == tuple((h, tables.number[h]) for h in CELLS)
    loaded = ("import generator.games.glorieta.rules as rules; "
              "print(rules.world.cache_info().currsize)")
    assert subprocess.run([sys.executable, "-c", loaded], capture_output=True, text=True, check=True).stdout.strip() == "0"


def test_the_board_check_reads_neighbours_from_the_worlds_table_and_makes_those_past_it(monkeypatch):
    """perimeter_neighbour_counts and edge_loop_cells read a cell's six neighbours from NEIGHBOURS (no Hex made for them
    on the game's board); a cell whose row of the table is short (on the world's edge, radius 8) has them made, and
    the counts are those of Hex's own neighbours."""
    from generator.draw.hexgrid import hexhex
    made, real = [], Hex.neighbours
    monkeypatch.setattr(Hex, "neighbours", lambda h: (made.append(h), real(h))[1])
    assert Counter(perimeter_neighbour_counts().values()) == {3: 6, 2: 30}
    assert [len(cells) for cells in edge_loop_cells(ring_colours()).values()] == [15, 15]
    assert made == []
    cells, around = hexhex(8), ring(9)
    expected = {h: sum(n in set(around) for n in real(h)) for h in cells if any(n not in set(cells) for n in real(h))}
    assert perimeter_neighbour_counts(cells, around) == expected and len(expected) == 48
    assert made
