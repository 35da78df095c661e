"""The pure-Python evaluator: the same API as the compiled core, written the slow, plain way.

It enumerates every choice of two hole cards and three board cards and classifies each
five-card hand directly, so it shares no table with the compiled core and the two can check
each other. It serves where the extension did not build, and when OMAHA8_PURE_PYTHON=1.
"""

from __future__ import annotations

from array import array
from collections import Counter
from itertools import combinations
from typing import Optional

from .cards import CardsLike, read_hand

__all__ = [
    "evaluate",
    "evaluate_high",
    "evaluate_low",
    "classify",
    "class_of_value",
    "five_card_value",
]

STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, ONE_PAIR, HIGH_CARD = range(9)
ACE = 12
# Counts of each rank, largest group first, name the category of a hand without a flush
# or a straight.
_CATEGORY_OF_SHAPE = {
    (4, 1): QUADS,
    (3, 2): FULL_HOUSE,
    (3, 1, 1): TRIPS,
    (2, 2, 1): TWO_PAIR,
    (2, 1, 1, 1): ONE_PAIR,
    (1, 1, 1, 1, 1): HIGH_CARD,
}


def classify(ranks: "list[int] | tuple[int, ...]", flush: bool) -> tuple[int, tuple[int, ...]]:
    """Category (0 straight flush .. 8 high card) and the five ranks in order of significance.

    ``ranks`` are five ranks 0..12 (deuce..ace); ``flush`` says whether all five share a suit.
    Sevens full of threes gives (FULL_HOUSE, (5, 5, 5, 1, 1)); the wheel (STRAIGHT, (3, 2, 1, 0, 12)).
    """
    counts = Counter(ranks)
    # Bigger groups first, higher ranks first within a group size: 7-7-7-3-3, K-K-9-9-2.
    groups = sorted(counts.items(), key=lambda rank_count: (rank_count[1], rank_count[0]), reverse=True)
    ordered = tuple(rank for rank, count in groups for _ in range(count))
    shape = tuple(count for _, count in groups)
    if shape == (1, 1, 1, 1, 1):
        straight = None
        if ordered[0] - ordered[4] == 4:
            straight = ordered
        elif ordered == (ACE, 3, 2, 1, 0):
            straight = (3, 2, 1, 0, ACE)  # the wheel: the ace plays low
        if straight is not None:
            return (STRAIGHT_FLUSH if flush else STRAIGHT), straight
        if flush:
            return FLUSH, ordered
    return _CATEGORY_OF_SHAPE[shape], ordered


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


def combinations_with_repetition(n: int, k: int):
    """Non-increasing k-tuples of 0..n-1 (a multiset of ranks each)."""
    if k == 0:
        yield ()
        return
    for first in range(n):
        for rest in combinations_with_repetition(first + 1, k - 1):
            yield (first,) + rest


_VALUE_OF_CLASS: dict = {}
_CLASS_OF_VALUE: list = []
# Five-card values seen so far, by (ranks from high to low, flush): hands repeat a lot.
_VALUE_CACHE: dict = {}


def _numbering() -> dict:
    if not _VALUE_OF_CLASS:
        _VALUE_OF_CLASS.update(_strength_order())
        _CLASS_OF_VALUE[:] = [None] + sorted(_VALUE_OF_CLASS, key=_VALUE_OF_CLASS.__getitem__)
    return _VALUE_OF_CLASS


def class_of_value(value: int) -> tuple[int, tuple[int, ...]]:
    """The (category, ranks in order of significance) that a high value 1..7462 stands for."""
    _numbering()
    if not 1 <= value < len(_CLASS_OF_VALUE):
        raise ValueError(f"high value {value} is outside 1..7462")
    return _CLASS_OF_VALUE[value]


def five_card_value(cards: "list[int] | tuple[int, ...]") -> int:
    """The high value 1..7462 of exactly five card indices."""
    ranks = sorted([c >> 2 for c in cards], reverse=True)
    suit = cards[0] & 3
    flush = all(c & 3 == suit for c in cards)
    key = (tuple(ranks), flush)
    value = _VALUE_CACHE.get(key)
    if value is None:
        value = _VALUE_CACHE[key] = _numbering()[classify(ranks, flush)]
    return value


def _low_bit(card: int) -> int:
    """The card's bit in a low mask (ace bit 0 .. eight bit 7), 0 for nine and up."""
    rank = card >> 2
    if rank == ACE:
        return 1
    return 1 << (rank + 1) if rank <= 6 else 0


def _best_high(hole: list[int], board: list[int]) -> int:
    return min(
        five_card_value(pair + triple)
        for pair in combinations(hole, 2)
        for triple in combinations(board, 3)
    )


def _best_low(hole: list[int], board: list[int]) -> Optional[int]:
    best = None
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            bits = [_low_bit(c) for c in pair + triple]
            mask = 0
            for bit in bits:
                mask |= bit
            # Five different ranks, all eight or lower: no bit is zero and none repeats.
            if 0 not in bits and bin(mask).count("1") == 5 and (best is None or mask < best):
                best = mask
    return best


def evaluate_high(hole: CardsLike, board: CardsLike) -> int:
    """Best high hand of exactly two hole cards and three board cards, 1 (best) .. 7462."""
    h, b = read_hand(hole, board)
    return _best_high(h, b)


def evaluate_low(hole: CardsLike, board: CardsLike) -> Optional[int]:
    """Best eight-or-better low as a rank mask (smaller is better), or None."""
    h, b = read_hand(hole, board)
    return _best_low(h, b)


def evaluate(hole: CardsLike, board: CardsLike) -> tuple[int, Optional[int]]:
    """``(evaluate_high(hole, board), evaluate_low(hole, board))`` in one call."""
    h, b = read_hand(hole, board)
    return _best_high(h, b), _best_low(h, b)


def all_five_card_values() -> array:
    """The value of every five-card hand, in ``itertools.combinations(range(52), 5)`` order."""
    return array("H", (five_card_value(cards) for cards in combinations(range(52), 5)))
