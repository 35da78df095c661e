"""The pure evaluator, twin of the evaluator part of ``core_c.pyx``: five-card values, the best
high and low of an Omaha hand, one hand and a batch.

It enumerates every choice of two hole cards and three board cards and classifies each
five-card hand directly (``values.classify``), so it shares no table with the compiled core
and the two can check each other.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Optional, cast

from ...cards import CardsLike, check_unique, read_counted, read_hand
from ...exceptions import HandValueError
from ...values import NO_LOW, WORST_HIGH, classify, low_bits, low_rank
from ..checks import check_batch, row_error

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

__all__ = [
    "evaluate",
    "evaluate_high",
    "evaluate_low",
    "evaluate_batch",
    "five_card_value",
    "all_five_card_values",
    "class_of_value",
    "best_high",
    "best_low",
]


def _strength_order() -> dict[tuple[int, tuple[int, ...]], int]:
    """Every distinct high hand, numbered 1 (royal flush) .. 7462 by sorting on strength."""
    classes = set()
    for ranks in combinations_with_repetition(13, 5):
        if len(set(ranks)) > 1:  # five of one rank does not exist
            classes.add(classify(ranks, False))
        if len(set(ranks)) == 5:
            classes.add(classify(ranks, True))
    # Stronger category first; within it the higher ranks, compared in order of significance.
    ordered = sorted(classes, key=lambda c: (c[0], [-r for r in c[1]]))
    return {cls: value for value, cls in enumerate(ordered, start=1)}


def combinations_with_repetition(n: int, k: int) -> Iterator[tuple[int, ...]]:
    """Non-increasing k-tuples of 0..n-1 (a multiset of ranks each)."""
    if k == 0:
        yield ()
        return
    for first in range(n):
        for rest in combinations_with_repetition(first + 1, k - 1):
            yield (first,) + rest


_VALUE_OF_CLASS: dict = {}
_CLASS_OF_VALUE: list = []
# A rank multiset's key: the product of one prime per rank, the same whatever the order.
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_PRIME_OF_CARD = tuple(_PRIMES[card >> 2] for card in range(52))
# Values by that key, filled once by classifying every rank multiset: five cards of mixed
# suits, and five cards of one suit.
_PLAIN_VALUE: dict = {}
_FLUSH_VALUE: dict = {}


def _numbering() -> dict:
    if not _VALUE_OF_CLASS:
        _VALUE_OF_CLASS.update(_strength_order())
        _CLASS_OF_VALUE[:] = [None] + sorted(_VALUE_OF_CLASS, key=_VALUE_OF_CLASS.__getitem__)
        for ranks in combinations_with_repetition(13, 5):
            key = 1
            for rank in ranks:
                key *= _PRIMES[rank]
            if len(set(ranks)) > 1:
                _PLAIN_VALUE[key] = _VALUE_OF_CLASS[classify(ranks, False)]
            if len(set(ranks)) == 5:
                _FLUSH_VALUE[key] = _VALUE_OF_CLASS[classify(ranks, True)]
    return _VALUE_OF_CLASS


def class_of_value(value: int) -> tuple[int, tuple[int, ...]]:
    """The (category, ranks in order of significance) that a high value 1..7462 stands for."""
    _numbering()
    if not 1 <= value < len(_CLASS_OF_VALUE):
        raise HandValueError(f"high value {value} is outside 1..7462")
    return _CLASS_OF_VALUE[value]


def five_card_value(cards: CardsLike) -> int:
    """The high value 1..7462 of exactly five distinct cards (checked)."""
    cards = read_counted(cards, "cards", (5,))
    check_unique(cards)
    return _five_card_value(cards)


def _five_card_value(cards: "list[int] | tuple[int, ...]") -> int:
    _numbering()
    key = 1
    for card in cards:
        key *= _PRIME_OF_CARD[card]
    flush = len({card & 3 for card in cards}) == 1
    return (_FLUSH_VALUE if flush else _PLAIN_VALUE)[key]


def best_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """The best of every two hole cards with every three board cards."""
    _numbering()
    primes = _PRIME_OF_CARD
    triples = []
    for x, y, z in combinations(board, 3):
        suit = x & 3 if x & 3 == y & 3 == z & 3 else -1
        triples.append((primes[x] * primes[y] * primes[z], suit))
    best = WORST_HIGH
    for a, b in combinations(hole, 2):
        pair_key = primes[a] * primes[b]
        pair_suit = a & 3 if a & 3 == b & 3 else -2
        for triple_key, suit in triples:
            value = (_FLUSH_VALUE if suit == pair_suit else _PLAIN_VALUE)[pair_key * triple_key]
            if value < best:
                best = value
    return best


def best_low(hole: Sequence[int], board: Sequence[int]) -> Optional[int]:
    """The best of every two hole cards with every three board cards that make a low: two
    different hole ranks and three different board ranks, none shared, all eight or lower
    (cards above eight are left out first, as no low can use them)."""
    pairs = [low_bits(pair) for pair in combinations(sorted({r for r in map(low_rank, hole) if r}), 2)]
    triples = [low_bits(triple) for triple in combinations(sorted({r for r in map(low_rank, board) if r}), 3)]
    best = None
    for pair in pairs:
        for triple in triples:
            if not pair & triple:
                mask = pair | triple
                if best is None or mask < best:
                    best = mask
    return best


def evaluate_high(hole: CardsLike, board: CardsLike) -> int:
    """Best high hand of exactly two hole cards and three board cards, 1 (best) .. 7462."""
    h, b = read_hand(hole, board)
    return best_high(h, b)


def evaluate_low(hole: CardsLike, board: CardsLike) -> Optional[int]:
    """Best eight-or-better low as a rank mask (smaller is better), or None."""
    h, b = read_hand(hole, board)
    return best_low(h, b)


def evaluate(hole: CardsLike, board: CardsLike) -> tuple[int, Optional[int]]:
    """``(evaluate_high(hole, board), evaluate_low(hole, board))`` in one call."""
    h, b = read_hand(hole, board)
    return best_high(h, b), best_low(h, b)


def evaluate_batch(
    holes: ReadableBuffer, boards: ReadableBuffer, out_high: object = None, out_low: object = None
) -> tuple[object, object]:
    """``high[i], low[i] = evaluate(holes[i], boards[i])`` for every row; see the compiled
    core's ``evaluate_batch`` for the buffers. Slow, but the same answers and the same errors."""
    batch = check_batch(holes, boards, out_high, out_low)
    # 2-D views: tolist() gives a list of rows (typeshed types it as a flat list of ints).
    hole_rows = cast("list[list[int]]", batch.holes.tolist())
    if batch.shared_board:
        board = batch.boards.tolist()
        if not _cards_valid([], board):
            raise row_error(-1, [], board)
        board_rows = [board] * batch.rows
    else:
        board_rows = cast("list[list[int]]", batch.boards.tolist())
    for row, (hole, board) in enumerate(zip(hole_rows, board_rows)):
        if not _cards_valid(hole, board):
            raise row_error(row, hole, board)
    highs = [best_high(hole, board) for hole, board in zip(hole_rows, board_rows)]
    lows = [best_low(hole, board) for hole, board in zip(hole_rows, board_rows)]
    # Through bytes, so that '<H' and other spellings of the native types can be written.
    high_view = memoryview(batch.out_high).cast("B").cast("H")
    low_view = memoryview(batch.out_low).cast("B")
    for row in range(batch.rows):
        high_view[row] = highs[row]
        low = lows[row]
        low_view[row] = NO_LOW if low is None else low
    return batch.out_high, batch.out_low


def _cards_valid(hole: list[int], board: list[int]) -> bool:
    cards = hole + board
    return all(c <= 51 for c in cards) and len(set(cards)) == len(cards)


def all_five_card_values() -> array:
    """The value of every five-card hand, in ``itertools.combinations(range(52), 5)`` order."""
    return array("H", (_five_card_value(cards) for cards in combinations(range(52), 5)))
