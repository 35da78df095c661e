"""Hand objects and the nut low, on each evaluator."""

import itertools
import random

import pytest

import omaha8
from omaha8 import Card, CardError, HighHand, LowHand, high_hand, low_hand, nut_low
from omaha8.cards import RANK_CHARS


def test_vectors_as_hand_objects(live, rules_examples):
    for example in rules_examples["hands"]:
        hole, board = omaha8.parse_cards(example["hole"]), omaha8.parse_cards(example["board"])
        high = high_hand(hole, board)
        assert high.value == live.evaluate_high(hole, board)
        assert high.category == example["high"]["category"], example["name"]
        assert "".join(RANK_CHARS[c.rank] for c in high.cards) == example["high"]["ranks"], example["name"]
        assert set(high.hole_cards) <= set(hole) and set(high.board_cards) <= set(board)
        assert set(high.cards) == set(high.hole_cards + high.board_cards)
        assert live.five_card_value(high.cards) == high.value
        low = low_hand(hole, board)
        if example["low"] is None:
            assert low is None
        else:
            assert str(low) == example["low"] + " low"
            assert low.value == live.evaluate_low(hole, board)
            assert set(low.hole_cards) <= set(hole) and set(low.board_cards) <= set(board)
            assert set(low.cards) == set(low.hole_cards + low.board_cards)
            assert [1 if c.rank == 12 else c.rank + 2 for c in low.cards] == list(low.ranks)


@pytest.mark.parametrize(
    "hole, board, words",
    [
        ("3h3dJc9s", "7c7d7h5sQd", "full house, sevens full of threes"),
        ("Ah2d9c7s", "5c6d8hQsKc", "straight, nine high"),
        ("AhQd4h3c", "Ac3h6hKhKs", "flush, ace high"),
        ("AhKd5c2s", "Ac3d7hKs9c", "two pair, aces and kings"),
        ("As2d3s4d", "Ac5d4hQc9s", "straight, five high"),
        ("AcAd9h9s", "AhAsKd", "four of a kind, aces"),
        ("As3sQhQd", "4h5c7hQsAd", "three of a kind, queens"),
        ("Ah2sKcKs", "4h5c7hQsAd", "one pair, aces"),
        ("9h2d3cJd", "5c6d7h8sKc", "high card, king"),
        ("KsQs2c2d", "JsTs9s", "straight flush, king high"),
        ("AsKs2c2d", "QsJsTs", "straight flush, ace high"),
        ("6c6d9h9s", "2c2h6h", "full house, sixes full of twos"),
    ],
)
def test_high_hand_in_words(live, hole, board, words):
    assert str(high_hand(hole, board)) == words


def test_significance_order(live):
    assert [str(c)[0] for c in high_hand("3h3dJc9s", "7c7d7h5sQd").cards] == list("77733")
    assert [str(c)[0] for c in high_hand("As2d3s4d", "Ac5d4hQc9s").cards] == list("5432A")
    assert [str(c)[0] for c in high_hand("KcKd2h3h", "9s9cKhQd4c").cards] == list("KKK99")
    assert [str(c)[0] for c in high_hand("AcKd2h3h", "9s9c8hQd4c").cards] == list("99AKQ")


def test_low_hand(live):
    low = low_hand("As2dKcKh", "3c5h8dKsQd")
    assert low.ranks == (8, 5, 3, 2, 1)
    assert str(low) == "8-5-3-2-A low"
    assert set(map(str, low.hole_cards)) == {"As", "2d"}
    assert set(map(str, low.board_cards)) == {"3c", "5h", "8d"}
    assert [str(c) for c in low.cards] == ["8d", "5h", "3c", "2d", "As"]
    assert low_hand("As2dKcKh", "4c6h9dKsQd") is None


def test_hands_compare_by_strength_whatever_the_suits(live):
    board = "4h5c7hQsAd"
    pair_of_aces = high_hand("Ah2sKcKs", board)
    queens = high_hand("As3sQhQd", board)
    assert queens > pair_of_aces and pair_of_aces < queens
    assert queens >= queens and pair_of_aces <= queens
    assert max([pair_of_aces, queens]) is queens
    same_in_other_suits = high_hand("Ac2cKdKh", "4d5d7dQhAh")
    assert same_in_other_suits == pair_of_aces
    assert hash(same_in_other_suits) == hash(pair_of_aces)
    assert len({pair_of_aces, same_in_other_suits, queens}) == 2
    seven_five_four_two = low_hand("Ah2sKcKs", board)
    seven_five_four_three = low_hand("As3sQhQd", board)
    assert seven_five_four_two > seven_five_four_three
    assert low_hand("Ac2cKdKh", "4d5d7dQhAh") == seven_five_four_two


def test_high_and_low_do_not_compare(live):
    high = high_hand("Ah2sKcKs", "4h5c7hQsAd")
    low = low_hand("Ah2sKcKs", "4h5c7hQsAd")
    for compare in (lambda: high < low, lambda: high > low, lambda: low <= high, lambda: low >= high):
        with pytest.raises(TypeError):
            compare()
    assert high != low
    assert len({high, low}) == 2


def test_hands_are_immutable(live):
    high = high_hand("Ah2sKcKs", "4h5c7hQsAd")
    low = low_hand("Ah2sKcKs", "4h5c7hQsAd")
    for hand in (high, low):
        with pytest.raises(AttributeError):
            hand.value = 1
        with pytest.raises(AttributeError):
            hand.extra = 1


def test_hand_objects_reject_bad_input(live):
    with pytest.raises(CardError, match="duplicate card Kh"):
        high_hand("AhKh2sKs", "Kh3d4d8s2d")
    with pytest.raises(CardError, match="wrong number of hole cards"):
        low_hand("Ah2s", "Kh3d4d8s2d")


def test_nut_low_example():
    nut = nut_low("3d6c8sJhKc")
    assert nut.ranks == (8, 6, 3, 2, 1)
    assert nut.hole_ranks == (2, 1)
    assert str(nut) == "8-6-3-2-A low with 2-A"
    assert nut_low("4c6h9dKsQd") is None
    assert nut_low("Ac2d3h4s5c").ranks == (5, 4, 3, 2, 1)
    assert len(nut_low("Ac2d3h4s5c").all_hole_ranks) == 10  # any two of A-2-3-4-5
    with pytest.raises(CardError):
        nut_low("3d6c")
    with pytest.raises(CardError, match="duplicate card 3d"):
        nut_low("3d6c3d")


def test_nut_low_is_the_best_any_hand_makes(live):
    rng = random.Random(5)
    filler = [Card(c) for c in ("Kc", "Kd", "Kh", "Ks", "Qc", "Qd", "Qh", "Qs")]
    for _ in range(40):
        board = rng.sample([c for c in range(52) if Card(c) not in filler], rng.choice((3, 4, 5)))
        best = None
        for pair in itertools.combinations([c for c in range(52) if c not in board and Card(c) not in filler], 2):
            low = live.evaluate_low(list(pair) + [int(filler[0]), int(filler[5])], board)
            if low is not None and (best is None or low < best):
                best = low
        nut = nut_low(board)
        assert (nut.value if nut else None) == best, board
        if nut:
            assert all(isinstance(r, int) for pair in nut.all_hole_ranks for r in pair)


def test_hand_object_types(live):
    high, low = omaha8.hands.best_hands("Ah2sKcKs", "4h5c7hQsAd")
    assert isinstance(high, HighHand) and isinstance(low, LowHand)
    assert high == high_hand("Ah2sKcKs", "4h5c7hQsAd") and low == low_hand("Ah2sKcKs", "4h5c7hQsAd")
