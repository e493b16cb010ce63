"""Tests for triangular-lattice geometry."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import UserError
from generator.draw.trigrid import Point, bounds, collinear_pairs, degree, degree_counts, edges, lines, neighbours, points, position

POSIES_ROWS = (6, 7, 8, 9, 8, 7, 6)

point_sets = st.sets(st.builds(Point, st.integers(-6, 6), st.integers(-6, 6)), max_size=60)


@st.composite
def centred_rows(draw):
    """Draw row lengths whose neighbours differ by an odd number, as centring requires."""
    rows = [draw(st.integers(1, 9))]
    for _ in range(draw(st.integers(0, 8))):
        length = rows[-1] + draw(st.sampled_from([-3, -1, 1, 3]))
        rows.append(length if length >= 1 else rows[-1] + 1)
    return rows


def test_posies_board_counts_match_games_md():
    board = points(POSIES_ROWS)
    assert len(board) == 51
    assert len(edges(board)) == 128
    assert degree_counts(board) == {3: 6, 4: 16, 6: 29}
    assert len(lines(board)) == 25
    assert len(collinear_pairs(board)) == 286


def test_posies_lines_are_7_rows_and_9_in_each_slanted_direction():
    by_length = sorted(len(line) for line in lines(points(POSIES_ROWS)))
    assert by_length == sorted([6, 7, 8, 9, 8, 7, 6] + 2 * [4, 5, 6, 7, 7, 7, 6, 5, 4])


def test_degree_3_points_are_the_six_corners():
    board = points(POSIES_ROWS)
    corners = {p for p, d in degree(board).items() if d == 3}
    assert corners == {Point(0, 0), Point(5, 0), Point(-3, 3), Point(5, 3), Point(-3, 6), Point(2, 6)}


def test_rows_are_centred_and_horizontal():
    board = points(POSIES_ROWS)
    for r, n in enumerate(POSIES_ROWS):
        row = [position(p, 10) for p in board if p.r == r]
        assert len(row) == n
        assert all(y == pytest.approx(r * 10 * math.sqrt(3) / 2) for _, y in row)
        assert (row[0][0] + row[-1][0]) / 2 == pytest.approx(25)


def test_bounds_of_posies_board():
    assert bounds(points(POSIES_ROWS), 10) == pytest.approx((-15, 0, 65, 30 * math.sqrt(3)))


def test_points_are_in_reading_order():
    board = points([2, 3, 2])
    assert board == (Point(0, 0), Point(1, 0), Point(-1, 1), Point(0, 1), Point(1, 1), Point(-1, 2), Point(0, 2))


@pytest.mark.parametrize("rows, words", [
    ([], "non-empty"),
    ([3, 0, 3], "positive whole numbers"),
    ([3, 5, 3], "rows 1 and 2 have 3 and 5 points"),
    ([4, 4], "differ by an odd number"),
])
def test_bad_rows_raise_user_error(rows, words):
    with pytest.raises(UserError, match=words):
        points(rows)


def test_lines_split_at_gaps():
    row_with_gap = [Point(0, 0), Point(1, 0), Point(3, 0), Point(4, 0), Point(5, 0)]
    assert lines(row_with_gap) == [(Point(0, 0), Point(1, 0)), (Point(3, 0), Point(4, 0), Point(5, 0))]
    assert collinear_pairs(row_with_gap) == [(Point(3, 0), Point(5, 0))]


@given(point_sets)
def test_neighbourhood_is_symmetric_and_at_most_six(board):
    near = neighbours(board)
    assert all(p in near[n] for p, ns in near.items() for n in ns)
    assert all(d <= 6 for d in degree(board).values())
    assert sum(degree(board).values()) == 2 * len(edges(board))


@given(point_sets, st.floats(1, 50))
def test_neighbours_are_exactly_spacing_apart(board, spacing):
    for a, b in edges(board):
        assert math.dist(position(a, spacing), position(b, spacing)) == pytest.approx(spacing)


@given(point_sets)
def test_non_neighbours_are_further_than_spacing(board):
    adjacent = set(edges(board))
    for a in board:
        for b in board:
            if a != b and (a, b) not in adjacent and (b, a) not in adjacent:
                assert math.dist(position(a, 1), position(b, 1)) > 1.5


@given(point_sets)
def test_lines_are_straight_runs_and_pairs_follow(board):
    adjacent = {frozenset(e) for e in edges(board)}
    for line in lines(board):
        assert all(frozenset(pair) in adjacent for pair in zip(line, line[1:]))
        directions = {(b.q - a.q, b.r - a.r) for a, b in zip(line, line[1:])}
        assert len(directions) == 1
    pairs = collinear_pairs(board)
    assert len(pairs) == sum((len(line) - 1) * (len(line) - 2) // 2 for line in lines(board))
    assert not adjacent & {frozenset(p) for p in pairs}


@given(point_sets)
def test_every_edge_lies_on_exactly_one_line(board):
    on_lines = [frozenset(pair) for line in lines(board) for pair in zip(line, line[1:])]
    assert sorted(map(sorted_pair, on_lines)) == sorted(map(sorted_pair, map(frozenset, edges(board))))


def sorted_pair(pair):
    """Return a pair as a sortable tuple."""
    return tuple(sorted((p.r, p.q) for p in pair))


@given(centred_rows())
def test_boards_from_rows_have_centred_rows_of_the_given_lengths(rows):
    board = points(rows)
    assert len(board) == sum(rows)
    centres = set()
    for r, n in enumerate(rows):
        xs = [position(p, 1)[0] for p in board if p.r == r]
        assert len(xs) == n and xs == sorted(xs)
        centres.add(round((xs[0] + xs[-1]) / 2, 9))
    assert len(centres) == 1
