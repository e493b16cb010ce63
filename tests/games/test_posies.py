"""Tests for the Posies tokens, board value and checks."""

import pytest

from generator.draw import trigrid
from generator.errors import UserError
from generator.games.posies.rules import POSIES, ROWS, PosyKind, board_value, check_set, per_colour


def test_shipped_board_and_posies_pass_every_check():
    assert check_set(trigrid.points(ROWS), POSIES) == []


def test_default_posies_are_18_each_of_pink_purple_green_worth_1_2_3():
    assert [(k.colour, k.value, k.count) for k in POSIES] == [("pink", 1, 18), ("purple", 2, 18), ("green", 3, 18)]


def test_full_board_is_17_of_each_colour_worth_102():
    assert per_colour(len(trigrid.points(ROWS))) == 17
    assert board_value(ROWS) == 102


def test_board_value_follows_the_token_values():
    assert board_value(ROWS, (PosyKind("pink", 1), PosyKind("purple", 1), PosyKind("green", 1))) == 51


def test_board_value_rejects_boards_that_do_not_split_evenly():
    with pytest.raises(UserError, match="52 vertices cannot be filled with equal numbers of 3 colours"):
        board_value((6, 7, 8, 9, 8, 7, 6, 1))


def test_board_value_rejects_too_few_tokens():
    with pytest.raises(UserError, match="not enough purple posies to fill the board: 17 of each"):
        board_value(ROWS, (PosyKind("pink", 1), PosyKind("purple", 2, 16), PosyKind("green", 3)))


def test_short_colour_fails_with_clear_messages():
    tokens = (PosyKind("pink", 1), PosyKind("purple", 2, 16), PosyKind("green", 3))
    assert check_set(trigrid.points(ROWS), tokens) == [
        "wrong number of posies (expected 54, found 52)",
        "wrong number of purple posies (expected 18, found 16)",
        "too few purple posies to fill the board (expected at least 17, found 16)",
    ]


def test_wrong_values_and_duplicate_colour_fail():
    tokens = (PosyKind("pink", 1), PosyKind("pink", 2), PosyKind("green", 4))
    assert check_set(trigrid.points(ROWS), tokens) == [
        "wrong number of posy colours (expected 3, found 2)",
        "wrong number of points on a full board (expected 102, found 119)",
    ]


def test_board_with_a_missing_corner_fails_every_geometry_check():
    # Removing corner (0, 0) drops its two edge neighbours to degree 3 and its interior neighbour to 5;
    # its row (6 points), q-line (7) and s-line (4) lose 4 + 5 + 2 non-adjacent pairs.
    board = trigrid.points(ROWS)[1:]
    assert check_set(board, POSIES) == [
        "wrong number of board vertices (expected 51, found 50)",
        "wrong number of adjacent pairs (expected 128, found 125)",
        "wrong number of points of degree 3 (expected 6, found 7)",
        "wrong number of points of degree 4 (expected 16, found 14)",
        "wrong number of points of degree 5 (expected 0, found 1)",
        "wrong number of points of degree 6 (expected 29, found 28)",
        "wrong number of non-adjacent collinear pairs (expected 286, found 275)",
        "board cannot be filled with equal numbers of each colour (expected a multiple of 3 vertices, found 50)",
    ]


def test_board_without_its_bottom_row_has_one_line_fewer():
    board = trigrid.points(ROWS[:-1])
    assert "wrong number of maximal straight lines (expected 25, found 24)" in check_set(board, POSIES)
