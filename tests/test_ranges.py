"""The range notation: hand counts worked out by combinatorics here, membership against an
independent brute-force predicate on a sample of all four-card hands, weights, set operations,
errors with their carets, and the ``omaha8 range`` command."""

from __future__ import annotations

import itertools
import random
from math import comb

import pytest

from omaha8 import Range, RangeError, parse_cards
from omaha8.cli import main

C = comb
HANDS = 270_725


@pytest.mark.parametrize("expression, count", [
    ("AA**", C(4, 2) * C(48, 2) + C(4, 3) * 48 + 1),          # at least two aces
    ("AA", C(4, 2) * C(48, 2) + C(4, 3) * 48 + 1),            # fewer specs: "at least these"
    ("AA!AAA", C(4, 2) * C(48, 2)),                            # exactly two aces
    ("AK", HANDS - 2 * C(48, 4) + C(44, 4)),                   # an ace and a king
    ("Ax:Kx", HANDS - 2 * C(48, 4) + C(44, 4)),                # variables are per pattern
    ("AsKs", C(50, 2)),
    ("AsAs", 0),                                               # a card cannot match twice
    ("AsAh2s3h", 1),
    ("****", HANDS), ("*", HANDS), ("random", HANDS),
    ("$ds", C(4, 2) * C(13, 2) ** 2),                          # two suits, two cards each
    ("xxyy", C(4, 2) * C(13, 2) ** 2),
    ("$ss", 4 * C(13, 2) * C(3, 2) * 13 * 13),                 # one suit twice, two others once
    ("$r", 13 ** 4),                                           # four suits
    ("$np", C(13, 4) * 4 ** 4),                                # four ranks
    ("ss**", HANDS - C(39, 4) - 13 * C(39, 3)),                # at least two spades
    ("[2-5]***", HANDS - C(36, 4)),                            # a deuce to five
    ("$L$L$L$L", C(32, 4)),                                    # four cards eight or lower
    ("$B$B$B$B", C(20, 4)),
    ("[A,2,3]", HANDS - C(40, 4)),
    ("AA**, KK**", 2 * 6961 - (C(4, 2) * C(4, 2))),            # union: both pairs counted once
    ("(AA**, KK**) : AK", 2 * C(4, 2) * 4 * 44 + 2 * C(4, 3) * 4 + C(4, 2) ** 2),
])
def test_hand_counts(expression, count):
    assert len(Range(expression)) == count


def _brute_force_match(expression_specs, hand):
    """An independent reading of a pattern: some ordering of distinct hand cards matches the
    specs one by one, with variables one suit each, different variables different suits, and
    no variable a suit the pattern names."""
    named = {suit for _, suit in expression_specs if suit in "cdhs" and suit}
    for cards in itertools.permutations(hand, len(expression_specs)):
        binding = {}
        for (ranks, suit), card in zip(expression_specs, cards):
            rank, card_suit = "23456789TJQKA"[card >> 2], "cdhs"[card & 3]
            if ranks and rank not in ranks:
                break
            if suit in "cdhs" and suit and card_suit != suit:
                break
            if suit in "wxyz" and suit:
                if binding.get(suit, card_suit) != card_suit or card_suit in named \
                        or (suit not in binding and card_suit in binding.values()):
                    break
                binding[suit] = card_suit
        else:
            return True
    return False


BRUTE = [
    ("AxKx", [("A", "x"), ("K", "x")]),
    ("AxAy", [("A", "x"), ("A", "y")]),
    ("xxyy", [("", "x"), ("", "x"), ("", "y"), ("", "y")]),
    ("AsKx", [("A", "s"), ("K", "x")]),
    ("[2-5][2-5]", [("2345", ""), ("2345", "")]),
    ("Qh[9-J]", [("Q", "h"), ("9TJ", "")]),
    ("$L$Lx", [("A2345678", ""), ("A2345678", "x")]),      # a suit after $L is that card's
]


@pytest.mark.parametrize("expression, specs", BRUTE, ids=[b[0] for b in BRUTE])
def test_membership_against_a_brute_force_on_sampled_hands(expression, specs):
    found = Range(expression)
    rng = random.Random(expression)
    for hand in (tuple(sorted(rng.sample(range(52), 4))) for _ in range(4000)):
        assert (hand in found) == _brute_force_match(specs, hand), (expression, hand)


def test_suit_macros_apply_to_the_whole_hand():
    found = Range("A2**$ds")
    assert "As2sKhQh" in found and "As2hKsQh" in found and "AsAh2s3h" in found
    assert "As2sKhQd" not in found and "KsKh2s3h" not in found
    assert len(found) == len(Range("A2**:$ds"))


def test_weights_and_their_combination():
    found = Range("AA**@50, AK**")
    assert found.weight("AsAh2c3d") == 50 and found.weight("AsKh2c3d") == 100
    assert found.weight("AsAhKc3d") == 100            # in both terms: the higher weight
    assert found.weight("QsQh2c3d") == 0
    assert set(found.weights) == {50, 100} and len(found.weights) == len(found)


def test_combos_are_sorted_rows_of_sorted_cards():
    found = Range("AsAh*", hole_size=4)
    rows = [tuple(row) for row in found.combos.tolist()]
    assert rows == sorted(rows) and all(list(r) == sorted(r) for r in rows)
    assert len(rows) == C(50, 2) and found.combos.shape == (C(50, 2), 4)
    assert str(found) == "AsAh*"


def test_five_card_patterns_and_limits():
    assert len(Range("AA***", hole_size=5)) == C(52, 5) - C(48, 5) - 4 * C(48, 4)
    with pytest.raises(RangeError, match="too large"):
        Range("*", hole_size=6)
    with pytest.raises(RangeError, match="four-card hands"):
        Range("AA***$ds", hole_size=5)


@pytest.mark.parametrize("expression, message, column", [
    ("AAX*", "unknown rank 'X'", 3),
    ("AA**@0", "weight 0 is outside 1..100", 6),
    ("(AA**", "a '(' is not closed", 6),
    ("[5-2]", "a span goes up", 4),
    ("$zz", "unknown macro '$zz'", 1),
    ("AA,,KK", "expected a hand pattern", 4),
    ("15%", "preflop table", 1),
    ("10%-20%", "preflop table", 1),
])
def test_errors_point_at_the_culprit(expression, message, column):
    with pytest.raises(RangeError) as info:
        Range(expression)
    text = str(info.value)
    assert message in text and f"at column {column}" in text
    first, shown, caret = text.split("\n")
    assert shown.strip() == expression and caret.index("^") - 2 == column - 1
    assert isinstance(info.value, ValueError)


def test_an_empty_range_is_built_without_complaint():
    assert len(Range("AsAs")) == 0 and "AsAh2c3d" not in Range("AsAs")


def test_range_command(capsys):
    assert main(["range", "AA**$ds", "--examples", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "range: AA**$ds"
    # Two aces of two suits and one more card of each: 6 * 12 * 12.
    assert out[1] == "hands: 864 of 270,725 (0.32%)" and len(out) == 5
    for line in out[2:]:
        hand = parse_cards(line.strip())
        assert sum(card.rank == 12 for card in hand) >= 2
    assert main(["range", "AAX*"]) == 2
    assert "unknown rank 'X' at column 3" in capsys.readouterr().err
