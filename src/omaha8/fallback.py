"""The pure-Python evaluator: the same API as the compiled core, written the slow, plain way.

It enumerates every choice of two hole cards and three board cards and classifies each
five-card hand directly, so it shares no table with the compiled core and the two can check
each other. It serves where the extension did not build, and when OMAHA8_PURE_PYTHON=1.
"""

from __future__ import annotations

from array import array
from collections import Counter
from itertools import combinations, islice
from math import comb
from random import Random
from typing import Optional

from .buffers import check_batch, check_job, row_error
from .cards import CardsLike, read_hand
from .values import NO_LOW, WORST_HIGH, low_rank

__all__ = [
    "evaluate",
    "evaluate_batch",
    "evaluate_high",
    "evaluate_low",
    "EquityJob",
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
        raise ValueError(f"high value {value} is outside 1..7462")
    return _CLASS_OF_VALUE[value]


def five_card_value(cards: "list[int] | tuple[int, ...]") -> int:
    """The high value 1..7462 of exactly five card indices."""
    _numbering()
    key = 1
    for card in cards:
        key *= _PRIME_OF_CARD[card]
    flush = len({card & 3 for card in cards}) == 1
    return (_FLUSH_VALUE if flush else _PLAIN_VALUE)[key]


def _best_high(hole: list[int], board: list[int]) -> int:
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


def _best_low(hole: list[int], board: list[int]) -> Optional[int]:
    """The best of every two hole cards with every three board cards that make a low;
    cards above eight are left out first, as no low can use them."""
    low_hole = [r for r in map(low_rank, hole) if r]
    low_board = [r for r in map(low_rank, board) if r]
    best = None
    for pair in combinations(low_hole, 2):
        for triple in combinations(low_board, 3):
            ranks = set(pair + triple)
            if len(ranks) == 5:
                mask = sum(1 << (r - 1) for r in ranks)
                if best is None or mask < best:
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


def evaluate_batch(holes, boards, out_high=None, out_low=None):
    """``high[i], low[i] = evaluate(holes[i], boards[i])`` for every row; see the compiled
    core's ``evaluate_batch`` for the buffers. Slow, but the same answers and the same errors."""
    batch = check_batch(holes, boards, out_high, out_low)
    hole_rows = batch.holes.tolist()
    if batch.shared_board:
        board = batch.boards.tolist()
        if not _cards_valid([], board):
            raise row_error(-1, [], board)
        board_rows = [board] * batch.rows
    else:
        board_rows = batch.boards.tolist()
    for row, (hole, board) in enumerate(zip(hole_rows, board_rows)):
        if not _cards_valid(hole, board):
            raise row_error(row, hole, board)
    highs = [_best_high(hole, board) for hole, board in zip(hole_rows, board_rows)]
    lows = [_best_low(hole, board) for hole, board in zip(hole_rows, board_rows)]
    # Through bytes, so that '<H' and other spellings of the native types can be written.
    high_view = memoryview(batch.out_high).cast("B").cast("H")
    low_view = memoryview(batch.out_low).cast("B")
    for row in range(batch.rows):
        high_view[row] = highs[row]
        low_view[row] = NO_LOW if lows[row] is None else lows[row]
    return batch.out_high, batch.out_low


def _cards_valid(hole: list[int], board: list[int]) -> bool:
    cards = hole + board
    return all(c <= 51 for c in cards) and len(set(cards)) == len(cards)


POT_UNITS = 5040  # lcm(1..10) * 2: halves shared by up to ten players stay whole
HALF_UNITS = POT_UNITS // 2
_TALLY_LISTS = ("high_units", "low_units", "square_units", "scoop", "high_win", "high_tie",
                "low_win", "low_tie", "low_made")


class EquityJob:
    """The runouts of one equity question, split among workers: the compiled core's
    ``EquityJob``, in plain Python. Runouts are walked in the same order; samples come from
    Python's own generator, so a seed gives other samples here than there."""

    def __init__(self, holes, board, dead, exact, samples, seed, workers):
        check_job(holes, board, dead, samples, workers)  # keeps the arrays below in bounds
        self.holes = [list(hole) for hole in holes]
        self.board = list(board)
        used = set(self.board) | set(dead) | {card for hole in self.holes for card in hole}
        self.deck = [card for card in range(52) if card not in used]
        self.need = 5 - len(self.board)
        self.exact = exact
        self.workers = workers
        self.total = comb(len(self.deck), self.need) if exact else samples
        self.first = [self.total * i // workers for i in range(workers)]
        self.last = [self.total * (i + 1) // workers for i in range(workers)]
        self.position = list(self.first)
        self.random = [Random(seed * 1_000_003 + i) for i in range(workers)]
        n = len(self.holes)
        self.tallies = [dict({name: [0] * n for name in _TALLY_LISTS}, low_possible=0, runouts=0)
                        for _ in range(workers)]
        self.stopped = False

    def _runouts(self, worker):
        if self.exact:
            yield from islice(combinations(self.deck, self.need), self.first[worker], self.last[worker])
        else:
            rng = self.random[worker]
            for _ in range(self.last[worker] - self.first[worker]):
                yield rng.sample(self.deck, self.need)

    def run(self, worker):
        for cards in self._runouts(worker):
            if self.stopped:
                return
            self._tally(self.tallies[worker], self.board + list(cards))
            self.position[worker] += 1

    def _tally(self, tally, board):
        highs = [_best_high(hole, board) for hole in self.holes]
        lows = [_best_low(hole, board) for hole in self.holes]
        best_high = min(highs)
        made = [low for low in lows if low is not None]
        best_low = min(made) if made else None
        high_winners = [s for s, v in enumerate(highs) if v == best_high]
        low_winners = [s for s, v in enumerate(lows) if best_low is not None and v == best_low]
        tally["runouts"] += 1
        tally["low_possible"] += best_low is not None
        high_share = (HALF_UNITS if low_winners else POT_UNITS) // len(high_winners)
        for seat in range(len(self.holes)):
            units = 0
            tally["low_made"][seat] += lows[seat] is not None
            if seat in high_winners:
                units += high_share
                tally["high_units"][seat] += high_share
                tally["high_win" if len(high_winners) == 1 else "high_tie"][seat] += 1
            if seat in low_winners:
                low_share = HALF_UNITS // len(low_winners)
                units += low_share
                tally["low_units"][seat] += low_share
                tally["low_win" if len(low_winners) == 1 else "low_tie"][seat] += 1
            tally["scoop"][seat] += units == POT_UNITS
            tally["square_units"][seat] += units * units

    def done(self):
        return sum(p - f for p, f in zip(self.position, self.first))

    def stop(self):
        self.stopped = True

    def tally(self):
        n = len(self.holes)
        out = {name: [sum(t[name][s] for t in self.tallies) for s in range(n)] for name in _TALLY_LISTS}
        out["square_units"] = [float(v) for v in out["square_units"]]
        out["low_possible"] = sum(t["low_possible"] for t in self.tallies)
        out["runouts"] = sum(t["runouts"] for t in self.tallies)
        out["pot_units"] = POT_UNITS
        return out


def all_five_card_values() -> array:
    """The value of every five-card hand, in ``itertools.combinations(range(52), 5)`` order."""
    return array("H", (five_card_value(cards) for cards in combinations(range(52), 5)))
