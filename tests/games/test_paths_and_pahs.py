"""Tests for the Paths and PAHs cards, PAH rule, board and checks."""

from itertools import combinations, permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import UserError
from generator.games.paths_and_pahs.cards import (
    COLUMNS, PROPERTIES, SIZE, Card, board_cards, board_pahs, check, completions, count_pahs, full_deck, is_pah,
    pahs_per_card, parse_board, parse_card, shift_column, shift_row, shuffled_board, starting_pairs,
)

DECK = full_deck()
ALL_PAHS = [frozenset(t) for t in count_pahs(DECK)]
cards = st.sampled_from(DECK)


def names(board):
    """Write a board as rows of card names, "." for empty."""
    return [[cell.name if cell else "." for cell in row] for row in board]


def test_card_fields_are_the_declared_properties():
    assert list(Card._fields) == list(PROPERTIES)


def test_rules_example_two_black_two_squares_two_yellows_is_a_pah():
    a = parse_card("black-square-yellow")
    b = parse_card("black-circle-yellow")
    c = parse_card("white-square-red")
    assert [a.background, b.background, c.background].count("black") == 2
    assert [a.shape, b.shape, c.shape].count("square") == 2
    assert [a.colour, b.colour, c.colour].count("yellow") == 2
    assert all(is_pah(*order) for order in permutations((a, b, c)))


@pytest.mark.parametrize("triple, why", [
    (("black-circle-red", "black-circle-blue", "black-square-yellow"), "all three backgrounds agree"),
    (("black-circle-red", "gray-triangle-red", "white-square-red"), "all three backgrounds differ"),
    (("black-circle-red", "black-circle-red", "gray-square-blue"), "two cards are the same card"),
])
def test_not_a_pah(triple, why):
    assert not is_pah(*map(parse_card, triple)), why


def test_full_deck_is_every_combination_once():
    assert len(DECK) == len(set(DECK)) == 27
    assert {(c.background, c.shape, c.colour) for c in DECK} == {
        (b, s, c) for b in PROPERTIES["background"] for s in PROPERTIES["shape"] for c in PROPERTIES["colour"]
    }


def test_full_set_counts_match_games_md():
    pahs = count_pahs(DECK)
    assert len(pahs) == 864
    assert set(pahs_per_card(DECK).values()) == {96}
    assert len(starting_pairs()) == 108


def test_pah_count_matches_brute_force_over_all_triples():
    def brute(a, b, c):
        props = [(a.background, b.background, c.background), (a.shape, b.shape, c.shape),
                 (a.colour, b.colour, c.colour)]
        return len({a, b, c}) == 3 and all(sorted(map(v.count, v)) == [1, 2, 2] for v in props)
    assert len(count_pahs(DECK)) == sum(brute(*t) for t in combinations(DECK, 3))


def test_count_pahs_ignores_repeated_cards_and_keeps_given_order():
    a, b, c = map(parse_card, ("black-square-yellow", "black-circle-yellow", "white-square-red"))
    assert count_pahs([c, a, c, b]) == [(c, a, b)]
    assert count_pahs(list(reversed(DECK)))[0] != count_pahs(DECK)[0]


def test_starting_pairs_share_no_value_and_each_card_has_eight_partners():
    pairs = starting_pairs()
    assert all(not set(a.name.split("-")) & set(b.name.split("-")) for a, b in pairs)
    partners = [card for pair in pairs for card in pair]
    assert {partners.count(card) for card in DECK} == {8}


@given(cards, cards)
def test_completions_follow_the_rule_property_by_property(a, b):
    def fits(c):
        return a != b and c not in (a, b) and all(
            (z not in (x, y)) if x == y else (z in (x, y))
            for x, y, z in zip(a.name.split("-"), b.name.split("-"), c.name.split("-"))
        )
    assert completions(a, b) == [c for c in DECK if fits(c)]
    assert all(is_pah(a, b, c) for c in completions(a, b))


@given(cards, cards)
def test_pairs_sharing_no_value_have_6_completions_others_8(a, b):
    expected = 0 if a == b else 6 if (a, b) in starting_pairs() or (b, a) in starting_pairs() else 8
    assert len(completions(a, b)) == expected


@pytest.mark.parametrize("name", ["red-circle-black", "Circle-Black-Red", " black-red-circle "])
def test_parse_card_accepts_any_order_and_case(name):
    assert parse_card(name) == Card("black", "circle", "red")
    assert parse_card(name).name == "black-circle-red"


@pytest.mark.parametrize("name, message", [
    ("black-circle-purple", "unknown word 'purple' in card 'black-circle-purple'; allowed values are background: "
                            "black, gray, white; shape: circle, triangle, square; colour: red, blue, yellow"),
    ("black-white-red", "card 'black-white-red' gives two background values (black, white); it needs one of each"),
    ("black-circle", "card 'black-circle' has no colour; allowed values are background: black"),
    ("blackcirclered", "unknown word 'blackcirclered'"),
])
def test_bad_card_names_raise_clear_user_errors(name, message):
    with pytest.raises(UserError) as error:
        parse_card(name)
    assert str(error.value).startswith(message)


def test_a_spec_can_declare_its_own_value_spellings():
    properties = dict(PROPERTIES, background=("black", "grey", "white"))
    assert parse_card("grey-square-blue", properties) == Card("grey", "square", "blue")
    assert len(full_deck(properties)) == 27


@pytest.mark.parametrize("properties, message", [
    ({"background": ("black",), "shape": ("circle",)}, "PAH card properties must be background, shape, colour"),
    (dict(PROPERTIES, colour=("red", "blue", "black")), "value 'black' is listed under both background and colour"),
])
def test_ambiguous_property_declarations_are_rejected(properties, message):
    with pytest.raises(UserError, match=message):
        full_deck(properties)


def test_shuffled_board_is_deterministic_per_seed_and_holds_27_cards_9_empty():
    board = shuffled_board(7)
    assert board == shuffled_board(7)
    assert board != shuffled_board(8)
    assert len(board) == SIZE and all(len(row) == SIZE for row in board)
    assert sorted(board_cards(board), key=DECK.index) == DECK
    assert sum(cell is None for row in board for cell in row) == 9


def test_shuffled_board_is_pinned_for_seed_1():
    assert names(shuffled_board(1))[0] == [".", "white-triangle-blue", "black-circle-yellow", ".",
                                           "white-circle-blue", "."]


def test_shift_row_moves_right_and_wraps():
    board = shuffled_board(3)
    shifted = shift_row(board, 2, 1)
    assert shifted[1] == (board[1][-1],) + board[1][:-1]
    assert shifted[:1] + shifted[2:] == board[:1] + board[2:]
    assert shift_row(board, 2, -1)[1] == board[1][1:] + (board[1][0],)


def test_shift_column_down_brings_row_6_into_row_1():
    board = shuffled_board(3)
    shifted = shift_column(board, "D", 1)
    assert shifted[0][3] == board[5][3]
    assert [row[3] for row in shifted[1:]] == [row[3] for row in board[:5]]
    assert [row[:3] + row[4:] for row in shifted] == [row[:3] + row[4:] for row in board]


@given(st.integers(0, 100), st.integers(1, SIZE), st.sampled_from(COLUMNS), st.integers(-20, 20), st.integers(-20, 20))
def test_shifts_add_up_cancel_and_wrap(seed, row, column, by, other):
    board = shuffled_board(seed)
    assert shift_row(shift_row(board, row, by), row, other) == shift_row(board, row, by + other)
    assert shift_column(shift_column(board, column, by), column, -by) == board
    assert shift_row(board, row, SIZE) == board
    assert shift_column(board, column.lower(), by + SIZE) == shift_column(board, column, by)


@pytest.mark.parametrize("call, message", [
    (lambda b: shift_row(b, 0, 1), "row must be a number from 1 to 6, got 0"),
    (lambda b: shift_row(b, "A", 1), "row must be a number from 1 to 6, got 'A'"),
    (lambda b: shift_column(b, "G", 1), "column must be a letter from A to F, got 'G'"),
    (lambda b: shift_column(b, 1, 1), "column must be a letter from A to F, got 1"),
])
def test_bad_shift_labels_raise_user_errors(call, message):
    with pytest.raises(UserError, match=message):
        call(shuffled_board(0))


def test_parse_board_reads_names_and_empty_cells():
    board = shuffled_board(5)
    written = [[cell.name if cell else "empty" for cell in row] for row in board]
    assert parse_board(written) == board


@pytest.mark.parametrize("rows, message", [
    ([["empty"] * 6] * 5, "the board needs 6 rows, got 5"),
    ([["empty"] * 6] * 5 + [["empty"] * 5], "board row 6 needs 6 cells \\(columns A-F\\), got 5"),
    ([["empty"] * 6] * 5 + [["empty"] * 5 + ["black-circle-pink"]], "unknown word 'pink'"),
])
def test_parse_board_rejects_bad_layouts(rows, message):
    with pytest.raises(UserError, match=message):
        parse_board(rows)


def test_board_pahs_are_pahs_within_one_move():
    a, b, c = map(parse_card, ("black-square-yellow", "black-circle-yellow", "white-square-red"))
    row = (a, None, b, None, c, None)
    board = (row,) + ((None,) * SIZE,) * (SIZE - 1)
    assert board_pahs(board) == []
    assert board_pahs(board, reach=4) == [(a, b, c)]
    assert board_pahs(shift_row(board, 1, 1)) == []
    closer = ((a, b, None, c, None, None),) + board[1:]
    assert board_pahs(closer) == [(a, b, c)]
    assert board_pahs(tuple(zip(*closer))) == [(a, b, c)]
    at_the_end = ((None, None, a, b, None, c),) + board[1:]
    assert board_pahs(at_the_end) == [(a, b, c)]


@given(st.integers(0, 1000))
def test_board_pahs_are_exactly_the_pahs_within_four_cells_of_one_line(seed):
    board = shuffled_board(seed)
    where = {cell: (r, c) for r, row in enumerate(board) for c, cell in enumerate(row) if cell}

    def one_move(triple):
        rows, cols = zip(*(where[card] for card in triple))
        in_row = len(set(rows)) == 1 and max(cols) - min(cols) <= 3
        in_column = len(set(cols)) == 1 and max(rows) - min(rows) <= 3
        return in_row or in_column

    found = board_pahs(board)
    assert len({frozenset(t) for t in found}) == len(found)
    assert {frozenset(t) for t in found} == {t for t in ALL_PAHS if one_move(t)}


def test_shipped_cards_and_shuffled_board_pass_every_check():
    assert check(DECK, shuffled_board(2026)) == []


def test_check_walks_each_triple_of_cards_once(monkeypatch):
    """The card set's PAHs are found once (count_pahs walks every triple once); the board's lines only look at their
    own few cards."""
    from generator.games.paths_and_pahs import cards as module
    calls, real = [], module.count_pahs
    monkeypatch.setattr(module, "count_pahs", lambda cards: calls.append(list(cards)) or real(calls[-1]))
    assert check(DECK, shuffled_board(2026)) == []
    assert [len(cards) for cards in calls if len(cards) > SIZE] == [len(DECK)]


def test_broken_card_set_fails_with_clear_messages():
    cards = DECK[:-1] + [DECK[0]]
    messages = check(cards, shuffled_board(1, cards[:26]))
    assert messages[:3] == [
        "cards listed more than once (expected none, found black-circle-red)",
        "combinations missing from the cards (expected none, found white-square-yellow)",
        "wrong number of PAHs in the card set (expected 864, found 768)",
    ]
    assert messages[3].startswith("cards in the wrong number of PAHs (expected every card in 96, found ")
    assert messages[4:] == [
        "wrong number of starting pairs (no shared value) (expected 108, found 100)",
        "wrong number of empty board cells (expected 9, found 10)",
    ]


def test_board_with_a_card_twice_fails_with_clear_messages():
    board = shuffled_board(1)
    first, second = board[0][1], board[1][0]
    doubled = (board[0],) + ((first,) + board[1][1:],) + board[2:]
    assert check(DECK, doubled) == [
        f"cards on the board more than once (expected none, found {first.name})",
        f"cards missing from the board (expected none, found {second.name})",
    ]


def test_board_missing_its_last_row_fails_with_clear_messages():
    # Seed 1 has 8 empty cells in rows 1-5; its row 6 holds these 5 cards, listed in deck order.
    board = shuffled_board(1)
    assert check(DECK, board[:5]) == [
        "wrong number of board cells (expected 36, found 30)",
        "board is not square (expected 6 rows of 6, found 6, 6, 6, 6, 6)",
        "wrong number of empty board cells (expected 9, found 8)",
        "cards missing from the board (expected none, found black-triangle-blue, black-square-blue, "
        "black-square-yellow, gray-square-blue, white-square-red)",
    ]


WIDE = st.builds(Card, *(st.sampled_from(values + ("fourth",)) for values in PROPERTIES.values()))


@given(st.lists(cards | WIDE, max_size=27))
def test_count_pahs_finds_what_is_pah_finds_over_every_triple_in_the_same_order(given_cards):
    """count_pahs looks up each pair's few possible third cards: the PAHs is_pah finds over every triple of the distinct
    cards, in the same order, also when a property shows a value outside the game's three."""
    distinct = list(dict.fromkeys(given_cards))
    assert count_pahs(given_cards) == [triple for triple in combinations(distinct, 3) if is_pah(*triple)]


def test_count_pahs_walks_the_pairs_of_the_deck_not_its_triples(monkeypatch):
    from generator.games.paths_and_pahs import cards as module
    walked, real = [], module.combinations
    monkeypatch.setattr(module, "combinations", lambda items, r: (walked.append(r), real(items, r))[1])
    assert len(count_pahs(DECK)) == 864
    assert walked == [2]   # 351 pairs of the 27 cards, each looked up; 2,925 triples were tested before
