"""Paths and PAHs rulebook diagrams: the examples are checked by the PAH rule and the shift by shift_row."""
import pytest

from generator.spec import loader as specs
from generator.errors import UserError
from generator.games.paths_and_pahs import cards as pah
from generator.games.paths_and_pahs import rules as pahs


@pytest.fixture(scope="module")
def spec():
    return specs.load("paths-and-pahs")


def test_examples_are_labelled_by_the_pah_rule(spec):
    for _, names, claimed in pahs.EXAMPLES:
        assert pah.is_pah(*map(pah.parse_card, names)) == claimed
    assert {claimed for _, _, claimed in pahs.EXAMPLES} == {True, False}
    diagram = pahs.pah_examples(spec)
    cards = [p for p in diagram.parts if p[0].startswith("card-")]
    assert [p[0] for p in cards] == [f"card-{name}" for _, names, _ in pahs.EXAMPLES for name in names]
    assert diagram.width <= 174


def test_examples_refuse_a_wrong_label(spec):
    wrong = (("A PAH", ("gray-circle-red", "gray-triangle-blue", "white-square-red"), True),)
    with pytest.raises(UserError, match="but it is not one"):
        pahs.pah_examples(spec, wrong)
    wrong = (("Not a PAH", ("black-square-yellow", "black-triangle-yellow", "white-square-blue"), False),)
    with pytest.raises(UserError, match="but it is one"):
        pahs.pah_examples(spec, wrong)


def test_verdict_per_property():
    assert pahs.verdict(["black", "black", "white"]) == ("2 agree, 1 differs", True)
    assert pahs.verdict(["red", "red", "red"]) == ("all the same", False)
    assert pahs.verdict(["circle", "triangle", "square"]) == ("all different", False)


def test_row_shift_draws_the_shifted_row(spec):
    board = pahs.starting_board(spec)
    row = next(r for r, cells in enumerate(board) if cells[-1] is not None and None in cells)
    before, after = board[row], pah.shift_row(board, row + 1, 1)[row]
    keys = [p[0] for p in pahs.row_shift(spec).parts if p[0].startswith("card-")]
    assert keys == [f"card-{c.name}" for c in before if c] + [f"card-{c.name}" for c in after if c]
    assert keys[len(keys) // 2] == f"card-{before[-1].name}"  # the wrapped card leads the row after


def test_the_row_shift_s_pawn_stands_on_a_cell_round_one_may_start_it_on_clear_of_the_cell_s_word(spec):
    """Pawns start on empty cells, so the diagram's pawn stands on one (it stood on C1, a card); its head is below
    that cell's "empty", and the sentence under the rows names the cell and the card that slides in under it."""
    from generator.draw import svg
    board = pahs.starting_board(spec)
    row = next(r for r, cells in enumerate(board) if cells[-1] is not None and None in cells)
    before, after = board[row], pah.shift_row(board, row + 1, 1)[row]
    overlay = next(p[1] for p in pahs.row_shift(spec).parts if p[0] == "row-shift-labels")
    texts = [n for n in svg.walk(overlay) if n.tag == "text"]
    columns = {n.content: float(n.attrs["x"]) for n in texts if float(n.attrs["y"]) < 6}   # A-F above the rows
    head = min((n for n in svg.walk(overlay) if n.tag == "circle"), key=lambda n: float(n.attrs["cy"]))
    column = min(columns, key=lambda c: abs(columns[c] - float(head.attrs["cx"])))
    assert abs(columns[column] - float(head.attrs["cx"])) < 19 / 2   # inside that column's cell
    assert before[pahs.COLUMNS.index(column)] is None
    word = next(n for n in texts if n.content == "empty" and float(n.attrs["x"]) == columns[column])
    assert float(word.attrs["y"]) < float(head.attrs["cy"]) - float(head.attrs["r"])
    came = after[pahs.COLUMNS.index(column)]
    assert came is not None and came == before[pahs.COLUMNS.index(column) - 1]
    said = f"the pawn on {column}{row + 1} stays where it is: the card from {pahs.COLUMNS[pahs.COLUMNS.index(column) - 1]}"
    assert any(n.content.startswith(said) for n in texts)


def test_longer_colour_words_set_the_pah_examples_smaller_and_far_longer_ones_are_named():
    """colour_names {red: orange, blue: dark blue} stopped the rulebook with 'PAH example labels do not fit the diagram
    width' (validate passed): the lines are set smaller, each inside the diagram's width; words far too long for it
    are refused naming colour_names and the size they would print at."""
    from generator.draw import textfit
    themed = specs.load("paths-and-pahs", ["colour_names={red: orange, blue: dark blue}"])
    drawn = pahs.pah_examples(themed)
    overlay = drawn.parts[-1][1]
    lines = [t for t in overlay.children if getattr(t, "content", None) and t.attrs.get("text-anchor") == "start"]
    assert any("dark blue" in t.content for t in lines)
    for t in lines:
        right = float(t.attrs["x"]) + textfit.width(t.content, float(t.attrs["font-size"]), t.attrs.get("font-weight") == "bold")
        assert right <= pahs.WIDTH, (t.content, right)
    huge = specs.load("paths-and-pahs", ["colour_names={blue: the deep dark blue of the midnight sea far from any shore}"])
    with pytest.raises(UserError, match=r"colour_names: the colour words are too long for the rulebook's PAH examples "
                                        r"\(their lines would print at 1\.\d mm, at least 2 mm reads\)"):
        pahs.pah_examples(huge)
