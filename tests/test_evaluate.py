"""The rules of RULES.md, each through the evaluators, and the worked examples of
rules_examples.json. Every test runs against the compiled core and the pure fallback."""

import itertools

import pytest

from omaha8 import CardError, parse_cards
from omaha8._engine.core_py import class_of_value
from omaha8.cards import RANK_CHARS
from omaha8.values import CATEGORIES, low_name


def describe_high(value: int) -> tuple[str, str]:
    """('two pair', 'AAKK9') for a high value, in the vectors' notation."""
    category, ranks = class_of_value(value)
    return CATEGORIES[category], "".join(RANK_CHARS[r] for r in ranks)


def test_rules_examples_hands(impl, rules_examples):
    assert len(rules_examples["hands"]) >= 19
    for example in rules_examples["hands"]:
        high, low = impl.evaluate(example["hole"], example["board"])
        expected = (example["high"]["category"], example["high"]["ranks"])
        assert describe_high(high) == expected, example["name"]
        assert impl.evaluate_high(example["hole"], example["board"]) == high
        assert (low_name(low) if low is not None else None) == example["low"], example["name"]
        assert impl.evaluate_low(example["hole"], example["board"]) == low


def test_rules_examples_bad_input(impl, rules_examples):
    for example in rules_examples["bad_input"]:
        for function in (impl.evaluate, impl.evaluate_high, impl.evaluate_low):
            with pytest.raises(CardError) as info:
                function(example["hole"], example["board"])
            # The vectors write the unknown card without the quotes our message puts around it.
            assert example["error"] in str(info.value).replace("'", ""), example["name"]


def test_rules_examples_low_order(impl, rules_examples):
    """Lows made on a board of high cards come out in the order the vectors give."""
    masks = []
    for name in rules_examples["lows_strongest_first"]:
        ranks = ["A" if r == "A" else r for r in name.split("-")]
        cards = [r + s for r, s in zip(ranks, "cdhsc")]
        hole = cards[:2] + ["Kd", "Kh"]
        board = cards[2:] + ["Qs", "Jd"]
        low = impl.evaluate_low(hole, board)
        assert low_name(low) == name
        masks.append(low)
    assert masks == sorted(masks) and len(set(masks)) == len(masks)


# Rules of RULES.md not spelled out by a vector. (hole, board, high category, high ranks, low)
RULE_CASES = [
    # A straight needs two hole cards: 9 with 5-6-7-8 on board is four board cards.
    ("9h2d3cJd", "5c6d7h8sKc", "high card", "KJ987", "7-6-5-3-2"),
    ("9hTd3cJd", "5c6d7h8sKc", "straight", "T9876", None),
    # Four to a flush in the hand and three on board: still two from the hand.
    ("AsKsQsJs", "2s3s9sTd4c", "flush", "AK932", None),
    # A wheel on the board: nobody can use five board cards, high or low.
    ("KcKdQcQd", "As2d3c4h5s", "one pair", "KKA54", None),
    # One low card in the hand is not enough for a low, nor for the wheel.
    ("AcKdQhJs", "2c3d4h5s9c", "high card", "AK954", None),
    # A pocket pair is one low rank.
    ("AcAdKhKs", "2c3d4hQsJc", "one pair", "AAQJ4", None),
    # Straights and flushes do not spoil a low: a suited wheel is still the best low.
    ("As2s9d9c", "3s4s5s", "straight flush", "5432A", "5-4-3-2-A"),
    # Quads use two hole cards: four aces with one on board and three in the hand are trips.
    ("AcAdAhKs", "AsQd7c2h3c", "three of a kind", "AAAQ7", None),
    # Four of a kind with two from the hand.
    ("AcAd9h9s", "AhAsKd", "four of a kind", "AAAAK", None),
    # Board of three, four and five cards.
    ("8c7dKhKs", "6h5s4c", "straight", "87654", "8-7-6-5-4"),
    ("8c7dKhKs", "6h5s4cKc", "straight", "87654", "8-7-6-5-4"),
    ("8c7dKhKs", "6h5s2cKc", "three of a kind", "KKK65", "8-7-6-5-2"),
]


@pytest.mark.parametrize("hole, board, category, ranks, low", RULE_CASES)
def test_rules(impl, hole, board, category, ranks, low):
    high_value, low_value = impl.evaluate(hole, board)
    assert describe_high(high_value) == (category, ranks)
    assert (None if low_value is None else low_name(low_value)) == low
    assert low_value == brute_force_low(hole, board)


def brute_force_low(hole, board):
    """The best low by the rule's own words, from ranks alone."""

    def rank_of(card):
        return 1 if card.rank == 12 else card.rank + 2

    best = None
    for two in itertools.combinations(parse_cards(hole), 2):
        for three in itertools.combinations(parse_cards(board), 3):
            ranks = sorted((rank_of(c) for c in two + three), reverse=True)
            if len(set(ranks)) == 5 and ranks[0] <= 8 and (best is None or ranks < best):
                best = ranks
    return None if best is None else sum(1 << (r - 1) for r in best)


def test_counterfeiting(impl):
    board = "2c5h7dJsKd"
    assert impl.evaluate_low("As2hKcQc", board) is None
    assert low_name(impl.evaluate_low("Ad4hKhQd", board)) == "7-5-4-2-A"
    assert low_name(impl.evaluate_low("Ac3sJhJc", board)) == "7-5-3-2-A"


def test_nut_low_beats_second_nut(impl):
    board = "3d6c8sJhKc"
    nut = impl.evaluate_low("Ah2cKsQs", board)
    second = impl.evaluate_low("Ad4cKdQh", board)
    assert (low_name(nut), low_name(second)) == ("8-6-3-2-A", "8-6-4-3-A")
    assert nut < second


def test_high_and_low_may_use_different_hole_cards(impl):
    # 9-7 make the straight, A-2 the low.
    high, low = impl.evaluate("Ah2d9c7s", "5c6d8hQsKc")
    assert describe_high(high) == ("straight", "98765")
    assert low_name(low) == "8-6-5-2-A"


@pytest.mark.parametrize("size", [4, 5, 6])
def test_every_hole_size(impl, size):
    hole = ["As", "Ks", "2d", "3c", "9h", "9d"][:size]
    high, low = impl.evaluate(hole, "Qs8s4s5dJd")
    assert describe_high(high) == ("flush", "AKQ84")
    assert low_name(low) == "8-5-4-2-A"
