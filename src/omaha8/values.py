"""What the integers mean: high values 1..7462 and eight-or-better low masks.

High values follow Cactus Kev's numbering (phevaluator, treys): 1 is a royal flush, 7462 is
7-5-4-3-2 of mixed suits, lower is stronger, and each category is one contiguous block.
A low is an 8-bit mask of the five ranks it uses, bit 0 the ace up to bit 7 the eight;
with exactly five bits set, a numerically smaller mask is the stronger low.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from typing import Iterable, Optional

from .cards import whole_number
from .exceptions import HandValueError

__all__ = [
    "CATEGORIES",
    "CATEGORY_LAST_VALUE",
    "WORST_HIGH",
    "NO_LOW",
    "category_of",
    "classify",
    "low_rank",
    "low_mask",
    "low_bits",
    "low_rank_name",
    "low_ranks",
    "low_name",
]

CATEGORIES = (
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "one pair",
    "high card",
)
# The weakest value in each category: 10 straight flushes, 156 quads, 156 full houses,
# 1277 flushes, 10 straights, 858 trips, 858 two pairs, 2860 one pairs, 1277 high cards.
CATEGORY_LAST_VALUE = (10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462)
WORST_HIGH = 7462
# The "no low" marker of the batch API: eight bits set is never a five-card low.
NO_LOW = 255


def category_of(value: int) -> str:
    """The category name of a high value 1..7462."""
    value = whole_number(value, "a high value", 1, WORST_HIGH, HandValueError)
    return CATEGORIES[bisect_left(CATEGORY_LAST_VALUE, value)]


def low_rank(card: int) -> int:
    """A card's rank in a low, ace as 1: 1..8, or 0 for a nine and up, which never plays."""
    rank = card >> 2
    if rank == 12:
        return 1
    return rank + 2 if rank <= 6 else 0


def low_bits(ranks: Iterable[int]) -> int:
    """Bit r - 1 for each of some different low ranks r (1..8, the ace as 1): the form of a
    low mask, and of any part of one."""
    return sum(1 << (r - 1) for r in ranks)


def low_mask(ranks: Iterable[int]) -> Optional[int]:
    """The low mask of five low ranks: their ``low_bits``; None unless they are five
    different ranks of eight or lower (0, a card above eight, never plays)."""
    distinct = set(ranks)
    if len(distinct) != 5 or 0 in distinct:
        return None
    return low_bits(distinct)


def low_rank_name(rank: int) -> str:
    """'A' for 1, the digit otherwise."""
    return "A" if rank == 1 else str(rank)


def low_ranks(mask: int) -> tuple[int, ...]:
    """The five ranks of a low mask from the top down, the ace as 1: 0b10010111 -> (8, 5, 3, 2, 1)."""
    mask = whole_number(mask, "a low mask", 0, 255, HandValueError)
    if bin(mask).count("1") != 5:
        raise HandValueError(f"{mask!r} is not a low mask (five of the bits 0..7)")
    return tuple(bit + 1 for bit in range(7, -1, -1) if mask >> bit & 1)


def low_name(mask: int) -> str:
    """'8-5-3-2-A' for the mask of that low."""
    return "-".join(map(low_rank_name, low_ranks(mask)))


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
