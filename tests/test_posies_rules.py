"""Posies move rules and the rulebook diagrams that must only ever show legal moves."""
import pytest

from generator import spec as specs
from generator import trigrid
from generator.errors import UserError
from generator.games import posies


@pytest.fixture(scope="module")
def spec():
    return specs.load("posies")


def board(rows):
    """A fragment state from diagram notation, with its taken points."""
    state, taken, _ = posies.parse_example(rows)
    return state, taken


def test_neighbours_and_lines_of_one_colour_may_be_taken():
    state, taken = board(("1 1* 1*", ". . . .", ". . . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) == "neighbours"
    state, taken = board(("2* 3 1", "1 . . .", "2* . . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) == "line"  # along the other diagonal
    state, taken = board(("2* 3 1", "1 1 . .", ". 2* . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) is None  # not on one straight line
    state, taken = board(("2* . .", ". 3 . .", ". . 1 . .", ". . 2* .", ". . ."))
    assert posies.move_kind(state, *taken) == "line"  # along a diagonal
    state, taken = board(("2* 3 2*", ". . . .", ". . . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) == "line"


def test_a_gap_or_two_colours_spoil_the_move():
    state, taken = board(("2* . 2*", ". . . .", ". . . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) is None
    state, taken = board(("2* 3* .", ". . . .", ". . . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) is None
    with pytest.raises(UserError, match="rows hold"):
        posies.parse_example(("1* 2 3 1*", ". . .", ". . . . .", ". . . .", ". . ."))
    state, taken = board((". . .", "1* 2 3 1*", ". . . . .", ". . . .", ". . ."))
    assert posies.move_kind(state, *taken) == "line"


def test_split_hands_over_the_smallest_piece():
    state, taken, extra = posies.parse_example(posies.SPLIT)
    after = posies.split_after(state, *taken)
    assert len(after) == 2 and after[0] == extra and len(after[0]) < len(after[1])
    assert sum(map(len, after)) == len(state) - 2
    assert len(posies.groups(trigrid.points(posies.FRAGMENT))) == 1


def test_moves_diagram_shows_both_legal_moves(spec):
    kinds = [posies.checked_move(rows)[2] for rows in posies.MOVES.values()]
    assert kinds == ["neighbours", "line"]
    diagram = posies.removal_moves(spec)
    posy_parts = [p for p in diagram.parts if p[0].startswith("posy-")]
    assert len(posy_parts) == sum(len(posies.parse_example(r)[0]) for r in posies.MOVES.values())
    assert diagram.width <= 174  # the A4 text column


def test_moves_diagram_refuses_an_illegal_move(spec):
    gap = {"Two in a line": ("3 1 1", "1 2* 3 1", "2 1 3 2 3", "3 . . 2", "1 3 2*")}
    with pytest.raises(UserError, match="illegal move"):
        posies.removal_moves(spec, gap)
    colours = {"Two neighbours": ("2 1 3", "1 3* 2* 2", "3 2 1 . 1", "1 . 2 3", "2 3 1")}
    with pytest.raises(UserError, match="illegal move"):
        posies.removal_moves(spec, colours)
    unmarked_split = {"Two neighbours": tuple(row.replace("+", "") for row in posies.SPLIT)}
    with pytest.raises(UserError, match="split"):
        posies.removal_moves(spec, unmarked_split)


def test_split_diagram_refuses_a_wrong_group(spec):
    assert posies.split_example(spec).width <= 174
    larger = ("1+ . .", "2+ 3+ . .", "1+ 2+ 3* 3* 1", ". . . 2", ". . .")
    with pytest.raises(UserError, match="smallest group"):
        posies.split_example(spec, larger)
    no_split = ("1 . .", "2 3 . .", "1 2 3* 3* .", ". . . .", ". . 1+")
    with pytest.raises(UserError, match="smallest group"):
        posies.split_example(spec, no_split)


def test_the_rulebook_says_which_piece_of_the_board_its_diagrams_show(spec):
    import io

    import pypdf
    from generator.rulebook import rules_pdf
    data, _ = rules_pdf(spec, "a4")
    text = " ".join(" ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages).replace("\u00a0", " ").split())
    rows = list(posies.FRAGMENT)
    said = f"{len(trigrid.points(posies.FRAGMENT))} points in rows of {', '.join(map(str, rows[:-1]))} and {rows[-1]}"
    assert said in text and "name reads upright" in text
