"""Ranges (omaha8.ranges): hand counts worked out by combinatorics here, membership against an
independent brute-force predicate on a sample of all four-card hands, weights, set operations,
the engine's count of a range without its list, the checks of a pattern against the hole size
with their carets, hands apart from known cards, percent bands, and the ``omaha8 range``
command. The notation's parser is test_rangestring's; equity against ranges is test_equity's."""

from __future__ import annotations

import itertools
import random
from math import comb

import pytest

import omaha8
from omaha8 import Range, RangeError, parse_cards
from omaha8.cli import main

C = comb
HANDS = 270_725


@pytest.mark.parametrize(
    "expression, count",
    [
        ("AA**", C(4, 2) * C(48, 2) + C(4, 3) * 48 + 1),  # at least two aces
        ("AA", C(4, 2) * C(48, 2) + C(4, 3) * 48 + 1),  # fewer specs: "at least these"
        ("AA!AAA", C(4, 2) * C(48, 2)),  # exactly two aces
        ("AK", HANDS - 2 * C(48, 4) + C(44, 4)),  # an ace and a king
        ("Ax:Kx", HANDS - 2 * C(48, 4) + C(44, 4)),  # variables are per pattern
        ("AsKs", C(50, 2)),
        ("AsAs", 0),  # a card cannot match twice
        ("AsAh2s3h", 1),
        ("****", HANDS),
        ("*", HANDS),
        ("random", HANDS),
        ("$ds", C(4, 2) * C(13, 2) ** 2),  # two suits, two cards each
        ("xxyy", C(4, 2) * C(13, 2) ** 2),
        ("$ss", 4 * C(13, 2) * C(3, 2) * 13 * 13),  # one suit twice, two others once
        ("$r", 13**4),  # four suits
        ("$np", C(13, 4) * 4**4),  # four ranks
        ("ss**", HANDS - C(39, 4) - 13 * C(39, 3)),  # at least two spades
        ("[2-5]***", HANDS - C(36, 4)),  # a deuce to five
        ("$L$L$L$L", C(32, 4)),  # four cards eight or lower
        ("$B$B$B$B", C(20, 4)),
        ("[A,2,3]", HANDS - C(40, 4)),
        ("AA**, KK**", 2 * 6961 - (C(4, 2) * C(4, 2))),  # union: both pairs counted once
        ("(AA**, KK**) : AK", 2 * C(4, 2) * 4 * 44 + 2 * C(4, 3) * 4 + C(4, 2) ** 2),
    ],
)
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
                if (
                    binding.get(suit, card_suit) != card_suit
                    or card_suit in named
                    or (suit not in binding and card_suit in binding.values())
                ):
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
    ("$L$Lx", [("A2345678", ""), ("A2345678", "x")]),  # a suit after $L is that card's
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
    assert found.weight("AsAhKc3d") == 100  # in both terms: the higher weight
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
    every = Range("*", hole_size=6)  # known without a list of 20 million
    assert len(every) == C(52, 6) and "AsAhKsKhQsQh" in every and "AsAh" not in every
    with pytest.raises(RangeError, match="too many to list"):
        every.combos
    with pytest.raises(RangeError, match="four-card hands"):
        Range("AA***$ds", hole_size=5)


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


@pytest.mark.slow
@pytest.mark.parametrize("expression, specs", BRUTE, ids=[b[0] for b in BRUTE])
def test_membership_against_a_brute_force_on_every_hand(expression, specs):
    found = Range(expression)
    matched = [hand for hand in itertools.combinations(range(52), 4) if _brute_force_match(specs, hand)]
    assert len(matched) == len(found)
    assert all(hand in found for hand in matched[::97])
    assert [tuple(row) for row in found.combos.tolist()] == matched


FIVE = [BRUTE[0], BRUTE[1], BRUTE[3], BRUTE[5]]  # those of fewer than a million five-card hands


@pytest.mark.parametrize("expression, specs", FIVE, ids=[b[0] for b in FIVE])
def test_membership_of_five_card_hands_on_a_sample(expression, specs):
    found = Range(expression, hole_size=5)
    rng = random.Random(expression + "5")
    for hand in (tuple(sorted(rng.sample(range(52), 5))) for _ in range(3000)):
        assert (hand in found) == _brute_force_match(specs, hand), (expression, hand)


# ---------------------------------------------------------------- hostile expressions (issue 16)


def _engine_count(expression: str, hole_size: int = 4) -> int:
    """The count the engine makes without a list, whatever the range's size."""
    from omaha8.ranges import _count_hands

    code, table = Range(expression, hole_size=hole_size).program()
    return _count_hands(code, table, hole_size)


@pytest.mark.parametrize(
    "expression, hole_size, count",
    [
        ("wxyz", 4, 13**4),  # one card of each suit
        ("wxyzw", 5, 4 * C(13, 2) * 13**3),  # two of one suit, one of each other
        ("wwwxxx", 6, C(4, 2) * C(13, 3) ** 2),  # three of each of two suits
        ("AA", 6, C(52, 6) - C(48, 6) - 4 * C(48, 5)),  # at least two aces in six cards
        ("A****", 5, C(52, 5) - C(48, 5)),
    ],
)
def test_patterns_that_repeat_suit_variables_count_at_once(live_core, expression, hole_size, count):
    import time

    start = time.perf_counter()
    assert len(Range(expression, hole_size=hole_size)) == count
    assert time.perf_counter() - start < 5  # no hang: "wwwxxx" once took 156 seconds


@pytest.mark.parametrize(
    "expression",
    [
        "AA**",
        "AxKx",
        "xxyy",
        "AsKx",
        "[2-5][2-5]",
        "Qh[9-J]",
        "$L$Lx",
        "A2**$ds",
        "KK**:$ss",
        "AA!AAA",
        "wxyz, AA",
        "**$np",
        "[T-K]w[T-K]w",
        "Aw[2-4]w[2-4]x",
        "QQ!QQQ, JJ",
        "Tx9x8y7y",
        "$B$B$B",
    ],
)
def test_the_engine_count_equals_the_listing(live_core, expression):
    listed = Range(expression)
    assert _engine_count(expression) == len(listed.combos)


@pytest.mark.parametrize("expression", ["AxKx", "Aw[2-4]w[2-4]x", "QxJx", "A*$np"])
def test_the_engine_count_of_five_card_hands_equals_the_listing(live_core, expression):
    assert _engine_count(expression, 5) == len(Range(expression, hole_size=5).combos)


@pytest.mark.slow
@pytest.mark.parametrize("expression, specs", BRUTE, ids=[b[0] for b in BRUTE])
def test_the_engine_count_equals_a_brute_force(live_core, expression, specs):
    matched = sum(1 for hand in itertools.combinations(range(52), 4) if _brute_force_match(specs, hand))
    assert _engine_count(expression) == matched


def test_len_of_every_range_without_listing_it(live_core):
    assert len(Range("AA", hole_size=6)) == 1_237_792
    assert len(Range("AA", hole_size=5)) == C(52, 5) - C(48, 5) - 4 * C(48, 4)
    assert len(Range("*", hole_size=6)) == C(52, 6)
    assert "AA" in repr(Range("AA", hole_size=6)) and "1,237,792 hands" in repr(Range("AA", hole_size=6))


@pytest.mark.parametrize(
    "expression, hole_size, message, column",
    [
        ("AA***", 4, "a pattern of 5 cards cannot match a hand of 4", 1),
        ("KK, AA***", 4, "a pattern of 5 cards cannot match a hand of 4", 5),
        ("AA**$ds", 5, "defined for four-card hands", 1),
        ("AA**, 10%", 5, "percent ranges rank four-card hands", 7),
    ],
)
def test_every_error_about_an_expression_has_its_caret(expression, hole_size, message, column):
    with pytest.raises(RangeError, match=message) as info:
        Range(expression, hole_size=hole_size)
    text = str(info.value)
    assert f"at column {column}" in text and text.splitlines()[-1] == "  " + " " * (column - 1) + "^"


def test_an_empty_range_has_combos_of_its_hole_size():
    for size in (4, 5, 6):
        empty = Range("AsAs", hole_size=size)
        assert len(empty) == 0 and empty.combos.shape == (0, size) and len(empty.weights) == 0


@pytest.mark.slow
def test_a_percent_band_has_no_program_and_samples_from_the_band(live_core):
    band = Range("random:(91%-93%)")
    with pytest.raises(RangeError, match="has no program"):
        band.program()
    exact = omaha8.equity(["AsAh2s3h", band], "2c7d9h", exact=True)
    sampled = omaha8.equity(["AsAh2s3h", band], "2c7d9h", samples=200_000, seed=16)
    everyone = omaha8.equity(["AsAh2s3h", "random"], "2c7d9h", exact=True)
    assert abs(sampled[0].equity - exact[0].equity) < 5 * sampled[0].std_error
    # Drawn from the band, not from every hand: the two answers are far apart.
    assert abs(sampled[0].equity - everyone[0].equity) > 5 * sampled[0].std_error


@pytest.mark.parametrize("hole_size", [4.0, True, "4", None, 7])
def test_hole_sizes_are_ints(hole_size):
    with pytest.raises(RangeError, match="hole_size must be 4, 5 or 6"):
        Range("AA", hole_size=hole_size)


@pytest.mark.parametrize(
    "expression, size", [("5%", 4), ("AA**@50,KK**", 4), ("****", 4), ("$ds", 4), ("AsKs*", 5), ("*", 5)]
)
def test_hands_apart_from_cards_are_exactly_those_missing_them(expression, size):
    # Against a filter written here: every listed hand (or every hand of the size) that holds
    # none of the cards, in the order the range lists them, with its weight.
    rng = random.Random(expression)
    found = Range(expression, hole_size=size)
    known = rng.sample(range(52), 5 if size == 4 else 9)
    rows, weights = found.apart_from(known)
    if found.listed and not found.every_hand:
        combos, all_weights = found.raw()
        expected = [(combos[i * size : (i + 1) * size], all_weights[i]) for i in range(len(all_weights))]
    elif size == 4:  # every hand: each of the same weight
        weight = found.weight([0, 1, 2, 3])
        expected = [(bytes(hand), weight) for hand in itertools.combinations(range(52), size)]
    else:  # every five-card hand: the count, the order, the cards
        assert len(weights) == comb(52 - len(known), size)
        assert all(rows[i * size : (i + 1) * size] < rows[(i + 1) * size : (i + 2) * size] for i in range(5000))
        assert not set(rows[: 5000 * size]) & set(known)
        return
    kept = [(row, weight) for row, weight in expected if weight and not set(row) & set(known)]
    assert [rows[i * size : (i + 1) * size] for i in range(len(weights))] == [row for row, _ in kept]
    assert list(weights) == [weight for _, weight in kept]


def test_hands_apart_from_read_cards_and_keep_their_limit():
    # Cards as indices, text or Cards alike; a card that is none is a CardError; a limit on the
    # hands to try holds for every range listed over the cards left, every hand included.
    board = ["Ks", omaha8.parse_cards("7d")[0], 2, "9c", 40]
    indices = [int(c) for c in omaha8.parse_cards("Ks7d")] + [2, int(omaha8.parse_cards("9c")[0]), 40]
    for expression in ("****", "5%"):
        assert Range(expression).apart_from(board) == Range(expression).apart_from(indices)
    for bad in (52, -1, "Xx", None, 2.5, True):
        with pytest.raises(omaha8.CardError):
            Range("****").apart_from([0, bad])
    with pytest.raises(RangeError, match="too many hands"):
        Range("****").apart_from(indices, most=1000)
    assert len(Range("****").apart_from(indices, most=C(47, 4))[1]) == C(47, 4)
