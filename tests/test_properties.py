"""Properties that hold for every hand, searched with hypothesis."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


@st.composite
def hands(draw, board_sizes=(3, 4, 5)):
    hole_size = draw(st.sampled_from((4, 5, 6)))
    board_size = draw(st.sampled_from(board_sizes))
    cards = draw(st.permutations(range(52)))[: hole_size + board_size]
    return cards[:hole_size], cards[hole_size:]


SETTINGS = settings(max_examples=300, deadline=None)


@SETTINGS
@given(hand=hands(), data=st.data())
@pytest.mark.slow
def test_order_of_cards_does_not_matter(impl, hand, data):
    hole, board = hand
    shuffled_hole = data.draw(st.permutations(hole))
    shuffled_board = data.draw(st.permutations(board))
    assert impl.evaluate(shuffled_hole, shuffled_board) == impl.evaluate(hole, board)


@SETTINGS
@given(hand=hands(), suits=st.permutations(range(4)))
@pytest.mark.slow
def test_renaming_suits_does_not_matter(impl, hand, suits):
    hole, board = hand

    def rename(cards):
        return [c & ~3 | suits[c & 3] for c in cards]

    assert impl.evaluate(rename(hole), rename(board)) == impl.evaluate(hole, board)


@SETTINGS
@given(hand=hands(board_sizes=(4, 5)))
def test_more_board_never_hurts(impl, hand):
    """The river adds choices: the best hand on it is at least the best on the turn."""
    hole, board = hand
    high, low = impl.evaluate(hole, board)
    for drop in range(len(board)):
        smaller = board[:drop] + board[drop + 1 :]
        high_before, low_before = impl.evaluate(hole, smaller)
        assert high <= high_before
        if low_before is not None:
            assert low is not None and low <= low_before


@SETTINGS
@given(hand=hands())
def test_evaluate_is_high_and_low(impl, hand):
    hole, board = hand
    assert impl.evaluate(hole, board) == (impl.evaluate_high(hole, board), impl.evaluate_low(hole, board))


@SETTINGS
@given(hand=hands())
def test_values_are_in_range(impl, hand):
    high, low = impl.evaluate(*hand)
    assert 1 <= high <= 7462
    assert low is None or (0 < low < 256 and bin(low).count("1") == 5)


@SETTINGS
@given(hand=hands())
def test_low_needs_two_different_low_hole_ranks(impl, hand):
    hole, board = hand
    low_hole_ranks = {c >> 2 for c in hole if c >> 2 <= 6 or c >> 2 == 12}
    low_board_ranks = {c >> 2 for c in board if c >> 2 <= 6 or c >> 2 == 12}
    low = impl.evaluate_low(hole, board)
    if len(low_hole_ranks) < 2 or len(low_board_ranks) < 3:
        assert low is None


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_more_hole_cards_never_hurt(impl, hole_size):
    """Five-card Omaha adds choices to four-card Omaha, six to five."""
    import random

    rng = random.Random(hole_size)
    for _ in range(300):
        cards = rng.sample(range(52), hole_size + 1 + 5)
        hole, extra, board = cards[:hole_size], cards[hole_size], cards[hole_size + 1 :]
        if hole_size == 6:
            hole, extra = hole[:5], hole[5]
        high, low = impl.evaluate(hole, board)
        high_more, low_more = impl.evaluate(hole + [extra], board)
        assert high_more <= high
        assert low is None or low_more <= low
