"""showdown_values: every hand against a weighted range at once, checked against a brute force
that settles every pair (and every runout) with the pure evaluator, against omaha8.equity, by
invariants, and compiled against pure."""

from __future__ import annotations

import math
import random
import sys
from array import array
from itertools import combinations

import pytest

import omaha8
from omaha8 import BatchError, CardError, JobError, Range, RangeError, showdown_values
from omaha8._engine import core_py
from omaha8.cards import parse_cards


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def rows_buffer(hands: list[tuple[int, ...]], k: int) -> memoryview:
    return memoryview(bytes(c for hand in hands for c in hand)).cast("B", (len(hands), k))


def settle(a: tuple, b: tuple, board: list[int]) -> tuple[float, float]:
    """Hand a's high and low parts of the pot against hand b, by the pure evaluator."""
    a_high, a_low = core_py.evaluate(list(a), board)
    b_high, b_low = core_py.evaluate(list(b), board)
    high = 1.0 if a_high < b_high else 0.5 if a_high == b_high else 0.0
    if a_low is None and b_low is None:
        return high, 0.0
    if a_low is None:
        return high / 2, 0.0
    low = 1.0 if b_low is None or a_low < b_low else 0.5 if a_low == b_low else 0.0
    return high / 2, low / 2


def brute_force(board: list[int], hands, opponents, weights):
    """share, high, low, weight per hand: every opponent, every runout, one at a time."""
    out = []
    for hand in hands:
        high = low = weight = 0.0
        for opp, w in zip(opponents, weights):
            if set(hand) & set(opp):
                continue
            weight += w
            deck = [c for c in range(52) if c not in board and c not in hand and c not in opp]
            runouts = list(combinations(deck, 5 - len(board)))
            h = lo = 0.0
            for runout in runouts:
                part_high, part_low = settle(hand, opp, board + list(runout))
                h += part_high
                lo += part_low
            high += w * h / len(runouts)
            low += w * lo / len(runouts)
        out.append((high + low, high, low, weight))
    return out


def random_case(rng: random.Random, board_size: int, k: int, pool: int, n: int, m: int, board=None):
    deck = list(range(52))
    rng.shuffle(deck)
    board = list(board) if board is not None else deck[:board_size]
    rest = [c for c in deck if c not in board][:pool]  # few cards: many shared between hands
    hands = [tuple(rng.sample(rest, k)) for _ in range(n)]
    opponents = hands[: n // 2] + [tuple(rng.sample(rest, k)) for _ in range(m - n // 2)]
    weights = [rng.choice([0.0, 0.0, 1.0, 0.5, 2.25, 3.0, 1e-3, 7.0]) for _ in opponents]
    return board, hands, opponents, weights


def assert_matches(values, reference, tolerance=1e-9):
    for i, (share, high, low, weight) in enumerate(reference):
        assert values.share[i] == pytest.approx(share, abs=tolerance), i
        assert values.high[i] == pytest.approx(high, abs=tolerance), i
        assert values.low[i] == pytest.approx(low, abs=tolerance), i
        assert values.weight[i] == pytest.approx(weight, abs=tolerance), i
        assert values.high[i] + values.low[i] == pytest.approx(values.share[i], abs=1e-12)
        if weight > 0:
            assert values.equity[i] == pytest.approx(share / weight, abs=1e-9)


BOARDS = {
    "river, low possible": "Ks7d2h9c3s",
    "river, no low": "KsQdJh9c9s",
    "river, flush, paired": "AhKh7h7d2h",
    "river, wheel board": "Ac2d3h4s5c",
    "turn": "Ks7d2h9c",
    "turn, no low": "KsQd9h9c",
    "flop": "Ks7d2h",
    "flop, monotone": "Qs8s3s",
}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_brute_force_four_cards(live, name):
    rng = random.Random(name)
    board = cards(BOARDS[name])
    size = 12 if len(board) == 5 else 8 if len(board) == 4 else 4
    board, hands, opponents, weights = random_case(rng, len(board), 4, 13, size, size + 4, board)
    values = showdown_values(board, rows_buffer(hands, 4), rows_buffer(opponents, 4), weights, threads=2)
    assert_matches(values, brute_force(board, hands, opponents, weights))


@pytest.mark.parametrize("k", [5, 6])
def test_brute_force_bigger_hands(live, k):
    rng = random.Random(k)
    for board_size in (5, 4):
        board, hands, opponents, weights = random_case(rng, board_size, k, 15, 8, 10)
        values = showdown_values(board, rows_buffer(hands, k), rows_buffer(opponents, k), weights)
        assert_matches(values, brute_force(board, hands, opponents, weights))


def test_repeated_rows_and_zero_weights(live):
    # The same opponent twice, a hand listed twice, weights of zero on an identical opponent.
    board = cards("Ks7d2h9c3s")
    a, b, c = tuple(cards("AsAh4d5c")), tuple(cards("AdAc4s5h")), tuple(cards("QsQh8d8c"))
    hands = [a, a, b, c]
    opponents = [a, a, b, c, c]
    for weights in ([1.0, 2.0, 0.0, 0.5, 0.5], [0.0, 0.0, 1.0, 0.0, 0.0], [0.0] * 5):
        values = showdown_values(board, rows_buffer(hands, 4), rows_buffer(opponents, 4), weights)
        assert_matches(values, brute_force(board, hands, opponents, weights))


def test_nan_exactly_where_no_opponent_is_left(live):
    board = cards("Ks7d2h9c3s")
    opponents = [tuple(cards("AsAh4d5c")), tuple(cards("AsAd4h5h"))]
    hands = [tuple(cards("As6d6h8c")), tuple(cards("QcQd8d8h")), tuple(cards("AhAd6c6s"))]
    values = showdown_values(board, rows_buffer(hands, 4), rows_buffer(opponents, 4), [1.0, 0.0])
    # Hand 0 holds the ace both opponents hold; hand 2 blocks the only weighted one.
    assert math.isnan(values.equity[0]) and values.weight[0] == 0.0 and values.share[0] == 0.0
    assert not math.isnan(values.equity[1]) and values.weight[1] == 1.0
    assert math.isnan(values.equity[2]) and values.weight[2] == 0.0


@pytest.mark.parametrize("weights", [[1.0, 1.0, 1.0], [0.3, 2.0, 1e-14], [1e6, 1e-9, 1e-9], [5.0, 0.0, 0.0]])
def test_a_hand_that_meets_only_its_own_copies_has_no_opponent(live, weights):
    # Its identical opponent is not disjoint from it, nor is the one sharing a card: nothing is
    # left (the count of what is left passes through -1 on the way: a rounding must not make
    # it 0 + 1).
    board = cards("Ks7d2h9c3s")
    hand, blocker = tuple(cards("AsAh4d5c")), tuple(cards("AsQdQc8h"))
    other = tuple(cards("JdJc8h6h"))  # shares the 8h with the blocker
    values = showdown_values(board, rows_buffer([hand, other], 4), rows_buffer([hand, blocker, hand], 4), weights)
    assert values.weight[0] == values.share[0] == 0.0 and math.isnan(values.equity[0])
    assert values.weight[1] == pytest.approx(weights[0] + weights[2], rel=1e-12)
    assert values.equity[1] == 0.0


@pytest.mark.parametrize("scale", [1.0, 1e-12, 1e-300])
def test_tiny_weights_beside_large_ones_leave_no_dust(live, scale):
    # A river's weights come from its high sweep only when the least weight stands far above the
    # rounding of the sums; weights of 1e-12 (or 1e-300) beside ones of 1e6 do not, and take
    # the exact count. Either way a hand whose only disjoint opponents weigh nothing has weight
    # 0 and equity NaN; the others are right to the rounding of the sums, and none crashes.
    rng = random.Random(str(scale))
    board = cards("Ks7d2h9c3s")
    board, hands, opponents, _ = random_case(rng, 5, 4, 10, 60, 40, board)
    weights = [rng.choice([0.0, 0.0, 0.0, 1e6, 1.0, scale, scale]) for _ in opponents]
    values = showdown_values(board, rows_buffer(hands, 4), rows_buffer(opponents, 4), weights)
    reference = brute_force(board, hands, opponents, weights)
    total = sum(weights)
    dust = 0
    for i, (share, high, low, weight) in enumerate(reference):
        # Exact to the rounding of sums over every opponent: 1e-16 of the total per opponent.
        assert values.weight[i] == pytest.approx(weight, rel=1e-12, abs=1e-13 * total), i
        assert values.share[i] == pytest.approx(share, rel=1e-9, abs=1e-13 * total), i
        live = any(w > 0 and not set(h) & set(hands[i]) for h, w in zip(opponents, weights))
        if not live:
            assert math.isnan(values.equity[i]) and values.weight[i] == values.share[i] == 0.0, i
        elif weight > 1e-9 * total:
            assert values.equity[i] == pytest.approx(share / weight, abs=1e-9), i
        else:  # left with only the tiny ones: a number within 0..1, or NaN below the dust
            dust += 1
            assert math.isnan(values.equity[i]) or 0.0 <= values.equity[i] <= 1.0, i
    assert dust > 0 if scale < 1.0 else dust == 0


def test_against_equity_hand_by_hand(live_core):
    # omaha8.equity of one hand against a range, exact, is the hand's equity here (compiled: the
    # pure range walk takes minutes on a flop; test_compiled_and_pure_agree covers the pure sweep).
    for board_text, expression in (("Ks7d2h9c3s", "AA**"), ("Ks7d2h9c", "QQ**$ds"), ("Ks7d2h", "A2*$ds,AKK*")):
        board = cards(board_text)
        opponents = Range(expression)
        rng = random.Random(board_text)
        deck = [c for c in range(52) if c not in board]
        hands = [tuple(rng.sample(deck, 4)) for _ in range(3 if len(board) == 3 else 6)]
        values = showdown_values(board, rows_buffer(hands, 4), opponents)
        for i, hand in enumerate(hands):
            try:
                expected = omaha8.equity([list(hand), opponents], board=board, exact=True)[0]
            except RangeError:  # the hand blocks the whole range
                assert math.isnan(values.equity[i]) and values.weight[i] == 0.0
                continue
            assert values.equity[i] == pytest.approx(expected.equity, abs=1e-9)
            share = values.share[i] / values.weight[i]
            assert values.high[i] / values.weight[i] == pytest.approx(expected.high_equity, abs=1e-9)
            assert values.low[i] / values.weight[i] == pytest.approx(expected.low_equity, abs=1e-9)
            assert share == pytest.approx(expected.equity, abs=1e-9)


def test_the_pot_is_conserved(live):
    # What one side wins of the pairs the other loses: sum over both directions is the pairs' weight.
    rng = random.Random(5)
    for board_size in (5, 4, 3):
        board, a, b, b_weights = random_case(rng, board_size, 4, 16, 6 if board_size == 3 else 14, 16)
        a_weights = [rng.choice([0.0, 1.0, 2.5]) for _ in a]
        ab = showdown_values(board, rows_buffer(a, 4), rows_buffer(b, 4), b_weights)
        ba = showdown_values(board, rows_buffer(b, 4), rows_buffer(a, 4), a_weights)
        pairs = sum(wa * w for wa, w in zip(a_weights, ab.weight))
        assert sum(w * wb for w, wb in zip(ba.weight, b_weights)) == pytest.approx(pairs, rel=1e-12)
        won = sum(wa * s for wa, s in zip(a_weights, ab.share)) + sum(wb * s for wb, s in zip(b_weights, ba.share))
        assert won == pytest.approx(pairs, rel=1e-12)


def test_a_renaming_of_suits_changes_nothing(live_core):
    rng = random.Random(9)
    board, hands, opponents, weights = random_case(rng, 5, 4, 30, 300, 400)
    rename = [1, 3, 0, 2]  # clubs -> diamonds, diamonds -> spades, ...

    def renamed(cards_):
        return tuple(c - (c & 3) + rename[c & 3] for c in cards_)

    values = showdown_values(board, rows_buffer(hands, 4), rows_buffer(opponents, 4), weights)
    other = showdown_values(
        list(renamed(board)),
        rows_buffer([renamed(h) for h in hands], 4),
        rows_buffer([renamed(h) for h in opponents], 4),
        weights,
    )
    for name in ("share", "high", "low", "weight"):
        assert list(getattr(other, name)) == pytest.approx(list(getattr(values, name)), abs=1e-9)


def test_range_expression_and_buffer_agree(live):
    board = "Ks7d2h9c3s"
    expression = "AA**$ds,KQJT@40"
    ranged = Range(expression)
    from_range = showdown_values(board, ranged, ranged)
    from_text = showdown_values(board, expression, expression)
    combos = from_range.hands
    weights = from_range.opponent_weights
    from_buffer = showdown_values(board, combos, combos, weights)
    assert len(from_range) == len(from_text) == len(from_buffer) > 0
    assert all(not set(row) & set(cards(board)) for row in combos.tolist())
    # Weights as the Range gives them: 100 for AA**$ds, 40 for KQJT.
    assert set(weights) == {100.0, 40.0}
    for name in ("share", "high", "low", "weight", "equity"):
        assert list(getattr(from_range, name)) == list(getattr(from_text, name)) == list(getattr(from_buffer, name))


def test_compiled_and_pure_agree(core, fallback, monkeypatch):
    from conftest import make_live

    rng = random.Random(17)
    for board_size in (5, 4):
        board, hands, opponents, weights = random_case(rng, board_size, 4, 20, 60, 80)
        answers = []
        for module in (core, fallback):
            make_live(module, monkeypatch)
            answers.append(showdown_values(board, rows_buffer(hands, 4), rows_buffer(opponents, 4), weights))
        for name in ("share", "high", "low", "weight"):
            assert list(getattr(answers[0], name)) == pytest.approx(list(getattr(answers[1], name)), abs=1e-9)


def test_any_thread_count_gives_the_same_answer(live_core):
    rng = random.Random(3)
    for board_size in (5, 4, 3):
        board, hands, opponents, weights = random_case(rng, board_size, 4, 40, 200, 300)
        answers = [
            showdown_values(board, rows_buffer(hands, 4), rows_buffer(opponents, 4), weights, threads=t)
            for t in (1, 2, 3, 8)
        ]
        for other in answers[1:]:
            for name in ("share", "high", "low", "weight"):
                assert list(getattr(other, name)) == list(getattr(answers[0], name))


def test_kept_working_memory_changes_no_answer(live_core):
    # The big blocks of a call are kept for the next one, holding what that call left in them:
    # after calls of other sizes, boards and sides (and after the memory is given back), the
    # same question gives the same bits.
    rng = random.Random(12)
    questions = [random_case(rng, board_size, 4, 700, 9000, 10000) for board_size in (5, 4, 5)]
    first = [showdown_values(b, rows_buffer(h, 4), rows_buffer(o, 4), w, threads=1) for b, h, o, w in questions]
    showdown_values("Ks7d2h9c3s", "****", "****", threads=2)
    omaha8.equity(["AA**", "KK**"], board="Ks7d2h9c", exact=True)  # the tally sweeper's blocks
    for released in (False, True):
        if released:
            assert omaha8.release_showdown_memory() > 0
            assert omaha8.release_showdown_memory() == 0
        for (board, hands, opponents, weights), before in zip(reversed(questions), reversed(first)):
            again = showdown_values(board, rows_buffer(hands, 4), rows_buffer(opponents, 4), weights, threads=1)
            for name in ("share", "high", "low", "weight", "equity"):
                assert array("d", getattr(again, name)).tobytes() == array("d", getattr(before, name)).tobytes()


def test_full_range_on_a_river(live_core):
    # Every hand against every hand: by symmetry, the weighted mean equity is exactly one half.
    values = showdown_values("Ks7d2h9c3s", "****", "****")
    assert len(values) == math.comb(47, 4)
    assert sum(values.share) / sum(values.weight) == pytest.approx(0.5, abs=1e-12)
    assert all(w == 100 * math.comb(43, 4) for w in values.weight)  # weight 100 each


def test_numpy_views_without_a_copy(live):
    numpy = pytest.importorskip("numpy")
    values = showdown_values("Ks7d2h9c3s", "AA**", "KK**")
    share = numpy.asarray(values.share)
    assert share.dtype == numpy.float64 and numpy.shares_memory(share, numpy.frombuffer(values.share))
    hands = numpy.asarray(values.hands)
    assert hands.shape == (len(values), 4) and hands.dtype == numpy.uint8


def test_empty_sides(live):
    values = showdown_values("Ks7d2h9c3s", "AsAh3c4d", "KdKh**")  # one hand; every opponent holds a king
    assert len(values) == 1 and values.weight[0] == 100 * math.comb(41, 2)  # weight 100 each
    none_left = showdown_values("Ks7d2h9c3s", "Ks***", "AA**")  # every hand holds a board card
    assert len(none_left) == 0 and none_left.hands.shape == (0, 4)


def test_bad_input(live):
    good = rows_buffer([tuple(cards("AsAh4d5c"))], 4)
    with pytest.raises(CardError, match="board"):
        showdown_values("Ks7d", good, good)
    with pytest.raises(CardError):
        showdown_values("KsKs2h9c3s", good, good)
    touching = rows_buffer([tuple(cards("AsAh4d5c")), tuple(cards("Ks2c3c4c"))], 4)
    with pytest.raises(CardError, match="hands row 1"):
        showdown_values("Ks7d2h9c3s", touching, good)
    with pytest.raises(CardError, match="opponents row 1"):
        showdown_values("Ks7d2h9c3s", good, touching)
    repeated = rows_buffer([tuple(cards("AsAh4d5c")), (0, 0, 1, 2)], 4)
    with pytest.raises(CardError, match="hands row 1"):
        showdown_values("Ks7d2h9c3s", repeated, good)
    with pytest.raises(CardError, match="opponents row 0"):
        showdown_values("Ks7d2h9c3s", good, rows_buffer([(60, 1, 2, 3)], 4))
    five = rows_buffer([tuple(cards("AsAh4d5c6c"))], 5)
    with pytest.raises(CardError, match="same size"):
        showdown_values("Ks7d2h9c3s", good, five)
    for weights, message in (
        ([-1.0], "weights\\[0\\]"),
        ([math.nan], "weights\\[0\\]"),
        ([math.inf], "weights\\[0\\]"),
        ([1.0, 1.0], "entries"),
        (["1"], "not a number"),
        ([True], "not a number"),
        ("1", "numbers"),
    ):
        with pytest.raises(BatchError, match=message):
            showdown_values("Ks7d2h9c3s", good, good, weights)
    with pytest.raises(BatchError):
        showdown_values("Ks7d2h9c3s", array("H", [1, 2, 3, 4]), good)
    with pytest.raises(RangeError, match="opponents"):
        showdown_values("Ks7d2h9c3s", good, "AA**(")
    with pytest.raises(JobError, match="threads"):
        showdown_values("Ks7d2h9c3s", good, good, threads=0)
    with pytest.raises(JobError, match="threads"):
        showdown_values("Ks7d2h9c3s", good, good, threads=True)


def test_an_expression_beside_a_numpy_buffer(live):
    # An expression on one side and a buffer on the other compared the text with the array.
    np = pytest.importorskip("numpy")
    board = "Ks7d2h9c3s"
    rows = np.array([[0, 1, 4, 5], [16, 17, 24, 25]], np.uint8)
    both_ways = showdown_values(board, "AA**", rows), showdown_values(board, rows, "AA**")
    assert len(both_ways[0]) == len(Range("AA**").apart_from(cards(board))[1])
    assert len(both_ways[1]) == 2
    by_range = showdown_values(board, Range("AA**"), rows)
    assert list(by_range.share) == list(both_ways[0].share)


def test_weights_by_one_rule_whatever_they_come_in(live):
    np = pytest.importorskip("numpy")
    board = "Ks7d2h9c3s"
    three = rows_buffer([tuple(cards(h)) for h in ("AsAh4d5c", "QdQc8h6s", "JcTc6d4h")], 4)
    as_list = showdown_values(board, three, three, [1, 2.5, 3])
    for given in (
        np.array([1, 2.5, 3]),
        np.array([1, 2.5, 3], np.float32),
        (1, 2.5, 3),
        array("d", [1, 2.5, 3]),
        [np.int64(1), np.float64(2.5), 3],
    ):
        assert list(showdown_values(board, three, three, given).share) == list(as_list.share)
    # A mapping was read as its keys; text, sets and None are no weights either.
    for given in ({1: 1, 2: 2, 3: 3}, {1, 2, 3}, "123", b"123", None):
        if given is None:
            continue  # None is the default: the buffer's weights of 1.0
        with pytest.raises(BatchError, match="sequence of numbers"):
            showdown_values(board, three, three, given)
    # The same mistake in a list and in a numpy array is worded alike.
    messages = set()
    for given in ([1, -2.0, 3], np.array([1, -2.0, 3])):
        with pytest.raises(BatchError, match=r"weights\[1\] is -2.0: a weight is a finite number, 0 or more") as caught:
            showdown_values(board, three, three, given)
        messages.add(str(caught.value))
    assert len(messages) == 1
    # A Python int too large for a float was an OverflowError.
    with pytest.raises(BatchError, match="too large"):
        showdown_values(board, three, three, [10**400, 1, 1])
    with pytest.raises(BatchError, match="entries for 3 opponents"):
        showdown_values(board, three, three, np.ones(4))


@pytest.mark.parametrize("weights", [[1.5e308, 0, 0], [3e307] * 3, [1e301, 1, 1]])
def test_weights_whose_total_could_overflow_are_refused(live, weights):
    # They came back as inf shares and equity 1.0 (the truth: 0.5, 0.8333) or NaN weights.
    board = "Ks7d2h9c3s"
    three = rows_buffer([tuple(cards(h)) for h in ("AsAh4d5c", "QdQc8h6s", "JcTc6d4h")], 4)
    with pytest.raises(BatchError, match="scale them down"):
        showdown_values(board, three, three, weights)


def test_the_largest_weights_taken_give_finite_exact_answers(live):
    board = "Ks7d2h9c3s"
    three = rows_buffer([tuple(cards(h)) for h in ("AsAh4d5c", "QdQc8h6s", "JcTc6d4h")], 4)
    small = showdown_values(board, three, three, [1.0, 1.0, 1.0])
    large = showdown_values(board, three, three, [2.0**994] * 3)  # a power of two: exactly scaled
    assert [x * 2.0**994 for x in small.share] == list(large.share)
    assert list(small.equity) == list(large.equity)


# ---------------------------------------------------------------- the C entry point

EXTENSION = '''
# cython: language_level=3, boundscheck=False, wraparound=False
from libc.stdint cimport uint8_t
from omaha8._engine.core_c cimport showdown_values_c


def call(const uint8_t[::1] board, const uint8_t[::1] hands, Py_ssize_t n, const uint8_t[::1] opponents,
         Py_ssize_t m, int hole_size, weights, double[::1] share, double[::1] high, double[::1] low,
         double[::1] weight):
    """showdown_values_c without the GIL; weights None passes NULL."""
    cdef const double[::1] w
    cdef const double* w_pointer = NULL
    if weights is not None:
        w = weights
        w_pointer = &w[0]
    cdef int code
    with nogil:
        code = showdown_values_c(&board[0], <int>board.shape[0], &hands[0], n, &opponents[0], m, hole_size,
                                 w_pointer, &share[0], &high[0], &low[0], &weight[0])
    return code
'''

SETUP = """
from Cython.Build import cythonize
from setuptools import Extension, setup
setup(ext_modules=cythonize([Extension("sweep_client", ["sweep_client.pyx"])], include_path=[{include!r}]),
      script_args=["build_ext", "--inplace", "-q"])
"""


@pytest.fixture(scope="module")
def sweep_client(tmp_path_factory):
    """A small extension built here that cimports omaha8's showdown_values_c from its .pxd."""
    import importlib
    import subprocess
    import sys
    from pathlib import Path

    pytest.importorskip("Cython")
    try:
        from omaha8._engine import core_c
    except ImportError:
        pytest.skip("the compiled core is not built")
    package_parent = Path(omaha8.__file__).resolve().parent.parent
    assert (Path(core_c.__file__).parent / "core_c.pxd").is_file(), "core_c.pxd is not installed with the package"
    folder = tmp_path_factory.mktemp("sweep_client")
    (folder / "sweep_client.pyx").write_text(EXTENSION, encoding="utf-8")
    (folder / "setup.py").write_text(SETUP.format(include=str(package_parent)), encoding="utf-8")
    built = subprocess.run([sys.executable, "setup.py"], cwd=folder, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr[-3000:]
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module("sweep_client")
    finally:
        sys.path.remove(str(folder))


def _outputs(n: int) -> list[array]:
    return [array("d", [-7.0]) * max(n, 1) for _ in range(4)]


@pytest.mark.slow
def test_the_c_entry_point_from_another_extension(sweep_client, live_core):
    import threading

    rng = random.Random(11)
    cases = []
    for board_size in (5, 4, 5):
        board, hands, opponents, weights = random_case(rng, board_size, 4, 30, 150, 200)
        cases.append((board, hands, opponents, weights))
    answers: dict = {}
    barrier = threading.Barrier(len(cases))

    def work(index: int) -> None:
        board, hands, opponents, weights = cases[index]
        outputs = _outputs(len(hands))
        barrier.wait()  # the calls overlap: none holds the GIL
        code = sweep_client.call(
            bytes(board),
            bytes(c for h in hands for c in h),
            len(hands),
            bytes(c for h in opponents for c in h),
            len(opponents),
            4,
            array("d", weights),
            *outputs,
        )
        answers[index] = (code, outputs)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(cases))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for index, (board, hands, opponents, weights) in enumerate(cases):
        code, (share, high, low, weight) = answers[index]
        assert code == 0
        expected = showdown_values(board, rows_buffer(hands, 4), rows_buffer(opponents, 4), weights, threads=2)
        # The same tasks added in the same order: the same numbers to the last bit.
        assert list(share) == list(expected.share) and list(high) == list(expected.high)
        assert list(low) == list(expected.low) and list(weight) == list(expected.weight)
    # NULL weights are 1.0 each.
    board, hands, opponents, _ = cases[0]
    outputs = _outputs(len(hands))
    assert (
        sweep_client.call(
            bytes(board),
            bytes(c for h in hands for c in h),
            len(hands),
            bytes(c for h in opponents for c in h),
            len(opponents),
            4,
            None,
            *outputs,
        )
        == 0
    )
    expected = showdown_values(board, rows_buffer(hands, 4), rows_buffer(opponents, 4))
    assert list(outputs[0]) == list(expected.share)


@pytest.mark.slow  # builds a C extension (about 25 s)
def test_the_c_entry_point_refuses_bad_input_and_writes_nothing(sweep_client):
    board = bytes(cards("Ks7d2h9c3s"))
    hand = bytes(cards("AsAh4d5c"))
    touching = bytes(cards("Ks2c4c5c"))

    def code_of(board_=board, hands=hand, n=1, opponents=hand, m=1, k=4, weights=(1.0,)):
        outputs = _outputs(n)
        code = sweep_client.call(
            board_, hands, n, opponents, m, k, None if weights is None else array("d", weights), *outputs
        )
        if code:
            assert all(list(out) == [-7.0] * max(n, 1) for out in outputs)
        return code

    assert code_of() == 0
    assert code_of(board_=bytes([47, 47, 2, 28, 7])) == -1
    assert code_of(board_=bytes([60, 1, 2, 3, 4])) == -1
    assert code_of(board_=board[:2]) == -1
    assert code_of(k=3, hands=hand[:3], opponents=hand[:3]) == -2
    assert code_of(k=7, hands=hand + bytes(3), opponents=hand + bytes(3)) == -2
    assert code_of(hands=touching) == -3
    assert code_of(hands=bytes([0, 0, 1, 4])) == -3
    assert code_of(opponents=touching) == -4
    assert code_of(weights=(-1.0,)) == -5
    assert code_of(weights=(math.nan,)) == -5
    assert code_of(weights=(math.inf,)) == -5
    assert code_of(n=-1) == -7


# ---------------------------------------------------------------- equity through the sweep


@pytest.mark.parametrize(
    "question",
    [
        (["AA**", "KQ**,32**@50"], "Ks7d2h9c3s", ""),
        (["AsAh2s3h", "QQ**$ds,J9**@30"], "Ks7d2h9c", ""),
        (["AA2*", "KQ**$ds"], "Ks7d2h", "Ac"),
        (["T9**@20", "AsKd7c6h"], "Js8s2s9d", "3c"),
        (["AsAh2s3h", "KsKdQhQc,Jc9c8d7d"], "", ""),  # preflop: the walk (the sweep values boards)
    ],
)
@pytest.mark.slow
def test_equity_through_the_sweep_equals_the_walk(live_core, monkeypatch, question):
    equity_module = sys.modules["omaha8.equity"]
    holes, board, dead = question
    monkeypatch.setattr(equity_module, "SWEEP_COST", 0)  # the sweep, even for a known hand
    swept = equity_module.equity_tally(holes, board, dead, exact=True, threads=2)
    monkeypatch.setattr(equity_module, "SWEEP_HOLE_SIZES", ())  # the range walk
    walked = equity_module.equity_tally(holes, board, dead, exact=True, threads=2)
    assert swept.seats == walked.seats
    assert (swept.runouts, swept.low_possible, swept.pot_units) == (
        walked.runouts,
        walked.low_possible,
        walked.pot_units,
    )


@pytest.mark.parametrize(
    ("holes", "board", "swept"),
    [
        (["AsAh2s3h", "****"], "4d5c9hKs", False),  # one hand against a range: the walk is 5x faster
        (["AsAh2s3h", "KK**"], "4d5c9h", False),
        (["KK**", "AsAh2s3h,AsAh2s4h"], "4d5c9h", False),  # two hands: still the walk
        (["AA**", "KK**"], "Ks7d2h9c", True),  # ranges on both sides: the sweep
    ],
)
def test_equity_takes_the_faster_path(live_core, monkeypatch, holes, board, swept):
    # One known hand against a range went through the sweep, 3 to 5 times slower than the walk.
    made: list = []
    sweeper = live_core.TallySweeper

    def counted(*args):
        made.append(args)
        return sweeper(*args)

    monkeypatch.setattr(live_core, "TallySweeper", counted)
    omaha8.equity(holes, board=board, exact=True, threads=1)
    assert bool(made) == swept


def test_tally_sweeper_compiled_equals_pairwise(core, fallback):
    rng = random.Random(23)
    for board_size in (5, 4):
        board, hands, opponents, weights = random_case(rng, board_size, 4, 16, 10, 12)
        dead = [c for c in range(52) if c not in board][-1:]
        hand_weights = [rng.randrange(0, 4) for _ in hands]
        groups = [rng.randrange(3) for _ in hands]
        sums = []
        for module in (core, fallback):
            sweeper = module.TallySweeper(
                bytes(c for h in hands for c in h),
                bytes(c for h in opponents for c in h),
                4,
                array("q", hand_weights).tobytes(),
                array("d", [float(int(w)) for w in weights]).tobytes(),
                array("i", groups).tobytes(),
                3,
            )
            sweeper.add_runouts(bytes(board), bytes(dead), 0, 10**6)
            sweeper.add_board(bytes(board[:3] + dead[:1] + [c for c in range(52) if c not in board + dead][:1]), b"", 3)
            sums.append(sweeper.sums())
        assert sums[0] == sums[1]


@pytest.mark.parametrize("board_text", ["Ks7d2h9c3s", "Ks7d2h9c"])
def test_brute_force_one_set_against_itself(live, board_text):
    # Hands and opponents the very same rows: prepared and valued once. Sorted rows take the
    # fast way to identical opponents; a repeated row takes the table of masks.
    rng = random.Random(board_text)
    board = cards(board_text)
    _, hands, _, _ = random_case(rng, len(board), 4, 13, 14, 14, board)
    for rows in (sorted({tuple(sorted(h)) for h in hands}), hands + hands[:2]):
        weights = [rng.choice([0.0, 1.0, 2.5, 0.25]) for _ in rows]
        buffer = rows_buffer(rows, 4)
        values = showdown_values(board, buffer, buffer, weights, threads=1)
        assert_matches(values, brute_force(board, rows, rows, weights))
