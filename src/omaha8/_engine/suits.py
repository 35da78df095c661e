"""Suit isomorphism: the plan of a hand indexer, shared by both engines, and the indexer itself
in plain Python (the pure engine's; the compiled core builds its own from the same plan).

After Kevin Waugh, "A fast and optimal hand isomorphism algorithm" (2013). Cards come in rounds
(hole, flop, turn, river: (4, 3, 1, 1)); two deals are the same spot when a renaming of suits
turns one into the other, the order within a round not mattering. Each suit of a deal has a
*shape*, the number of its cards in each round, and within its shape a *suit index*: its rank
set of round 0, then of round 1 among the ranks round 0 left, and so on, each as a colex rank,
read as the digits of a mixed-radix number (round 0 the most significant). Sorted by (shape,
suit index), largest first, the four suits give the class; a *configuration* is the sorted
shapes alone. Within a configuration, the suits of equal shape form groups, each a multiset of
suit indices (ranked as combinations with repetition); the groups' ranks are the digits of the
class's number within its configuration, and the configurations, in order, take consecutive
blocks of 0 .. size - 1.

The classes are counted before anything is listed (``class_count``, by Burnside's lemma, in
microseconds): rounds with more classes than 64-bit indices hold are refused at once, and the
configurations are listed only for rounds the indexer takes, without a branch that cannot
finish. Of every rounds taken, a round has 168,715 configurations at most ((2, 2, 2, 2, 2, 2,
1), counted over every multiset of round sizes taken): a plan takes seconds at worst.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from functools import lru_cache
from math import comb, factorial
from typing import NamedTuple

from ..cards import Card
from ..exceptions import IndexerError
from .checks import (
    check_rounds,
    index_range_error,
    indexer_cards_out,
    indexer_indices,
    indexer_out,
    indexer_row_error,
    indexer_rows,
    read_index,
    read_round_cards,
)

__all__ = [
    "Configuration",
    "Plan",
    "indexer_plan",
    "class_count",
    "HandIndexer",
    "SHAPE_BITS",
    "INDEX_BITS",
    "MAX_ROUNDS",
]

MAX_ROUNDS = 7  # a shape packs 4 bits a round into 28 bits, beside a 36-bit suit index
SHAPE_BITS = 4
INDEX_BITS = 36


class Configuration(NamedTuple):
    shapes: tuple[tuple[int, ...], ...]
    """The four suits' shapes (cards per round), largest first."""
    groups: tuple[tuple[int, int, int], ...]
    """(first suit, suits, suit indices of the shape): the runs of equal shapes."""
    offset: int
    size: int


class Plan(NamedTuple):
    rounds: tuple[int, ...]
    configurations: tuple[tuple[Configuration, ...], ...]
    """Per round: the configurations, in index order."""
    sizes: tuple[int, ...]


@lru_cache(maxsize=None)
def shape_count(shape: tuple[int, ...]) -> int:
    """Rank sets a suit of this shape can hold, round by round."""
    count, used = 1, 0
    for k in shape:
        count *= comb(13 - used, k)
        used += k
    return count


# The renamings of four suits by cycle type: (the cycles' lengths, how many renamings).
_CYCLE_TYPES = (((1, 1, 1, 1), 1), ((2, 1, 1), 6), ((2, 2), 3), ((3, 1), 8), ((4,), 6))


def _deals_fixed(rounds: tuple[int, ...], lengths: tuple[int, ...]) -> int:
    """The deals of ``rounds`` that a renaming of suits with cycles of these lengths leaves as
    they are: the suits along a cycle hold the same ranks in each round, so a cycle of length l
    is one suit's rank sets, its cards counted l times. Per rank, each cycle holds it in one
    round or none: with N = 13 x (cycles of length l), choosing a_j of those N (rank, cycle)
    places for round j is N! / ((N - |a|)! prod a_j!) ways. Summed over how the rounds' cards
    split between the cycles of length 1 and the others, round by round (at most one other
    length in S4)."""
    places: dict[int, int] = {}
    for length in lengths:
        places[length] = places.get(length, 0) + 13
    total = sum(rounds)
    single = places.pop(1, 0)
    if not places:
        return _placings(single, rounds)
    ((length, other),) = places.items()
    if not single:
        if any(cards % length for cards in rounds):
            return 0
        return _placings(other, tuple(cards // length for cards in rounds))
    # By |a| (the other cycles' places so far): the sum over a of prod_j t_j! / (a_j! (t_j - l a_j)!),
    # whole numbers; the prod t_j! divided out at the end.
    by_taken = {0: 1}
    for cards in rounds:
        step: dict[int, int] = {}
        for taken, ways in by_taken.items():
            for a in range(min(cards // length, other - taken) + 1):
                step[taken + a] = step.get(taken + a, 0) + ways * (
                    factorial(cards) // (factorial(a) * factorial(cards - length * a))
                )
        by_taken = step
    fixed = 0
    for taken, ways in by_taken.items():
        rest = total - length * taken
        if rest <= single:
            fixed += ways * _falling(other, taken) * _falling(single, rest)
    for cards in rounds:
        fixed //= factorial(cards)
    return fixed


def _falling(n: int, k: int) -> int:
    """n (n - 1) ... (n - k + 1): ordered choices of k of n places."""
    return factorial(n) // factorial(n - k)


def _placings(places: int, counts: tuple[int, ...]) -> int:
    """Ways to choose counts[j] of ``places`` distinct places for each j, the choices disjoint."""
    if sum(counts) > places:
        return 0
    ways = _falling(places, sum(counts))
    for count in counts:
        ways //= factorial(count)
    return ways


def class_count(rounds: tuple[int, ...]) -> int:
    """The classes of deals in ``rounds`` (cards per round, all of them) under the renamings of
    suits, by Burnside's lemma (the mean over the 24 renamings of the deals each leaves as they
    are): exact, in microseconds, without listing anything. It is the indexer's size of the
    last round."""
    fixed = sum(renamings * _deals_fixed(rounds, lengths) for lengths, renamings in _CYCLE_TYPES)
    assert fixed % 24 == 0, rounds
    return fixed // 24


def _configurations(prefix: tuple[int, ...]) -> list[Configuration]:
    """Every sorted choice of four shapes (largest first) whose cards add up to each round's, in
    index order (descending, shape by shape). Each suit's shape is chosen round by round,
    largest count first, at most the previous suit's shape, only where the suits after it can
    still take the cards left (13 at most each): no branch is listed that cannot finish."""
    found: list[Configuration] = []
    chosen: list[tuple[int, ...]] = []
    rounds = len(prefix)
    offset = 0

    def add() -> None:
        nonlocal offset
        groups = []
        first = 0
        while first < 4:
            last = first
            while last + 1 < 4 and chosen[last + 1] == chosen[first]:
                last += 1
            groups.append((first, last - first + 1, shape_count(chosen[first])))
            first = last + 1
        size = 1
        for _, g, count in groups:
            size *= comb(count + g - 1, g)
        found.append(Configuration(tuple(chosen), tuple(groups), offset, size))
        offset += size

    def suit(left: list[int], bound: tuple[int, ...]) -> None:
        """The next suit's shape from the cards ``left``, at most ``bound``, the suits after it
        taking the rest."""
        after = 3 - len(chosen)
        if after == 0:
            last = tuple(left)
            if sum(last) <= 13 and last <= bound:
                chosen.append(last)
                add()
                chosen.pop()
            return
        need = sum(left) - 13 * after  # this suit takes at least this many cards
        tails = [0] * (rounds + 1)
        for j in range(rounds - 1, -1, -1):
            tails[j] = tails[j + 1] + left[j]
        shape = [0] * rounds

        def place(j: int, used: int, tight: bool, even: bool) -> None:
            # tight: the shape so far equals the bound's; even: (the last suit to choose, the
            # one after it forced) the shape so far equals what it leaves, so it takes at
            # least half of this round's cards left, as the suits after it take at most its own.
            if j == rounds:
                chosen.append(tuple(shape))
                suit([left[i] - shape[i] for i in range(rounds)], chosen[-1])
                chosen.pop()
                return
            most = min(left[j], 13 - used, bound[j] if tight else 13)
            least = (left[j] + after) // (after + 1) if j == 0 else (left[j] + 1) // 2 if even else 0
            for k in range(most, least - 1, -1):
                if min(13, used + k + tails[j + 1]) < need:
                    break
                shape[j] = k
                place(j + 1, used + k, tight and k == bound[j], even and 2 * k == left[j])
            shape[j] = 0

        place(0, 0, True, after == 1)

    suit(list(prefix), (13,) * rounds)
    return found


@lru_cache(maxsize=32)
def indexer_plan(rounds: tuple[int, ...]) -> Plan:
    """The configurations of every round of ``rounds`` (checked), with their offsets and sizes.
    Each round's classes are counted first (``class_count``, microseconds), so rounds with more
    than 64-bit indices hold are refused before anything is listed."""
    rounds = check_rounds(rounds)
    sizes = tuple(class_count(rounds[: r + 1]) for r in range(len(rounds)))
    for r, size in enumerate(sizes):
        if size >= 2**63:
            raise IndexerError(f"rounds {rounds} have {size:,} classes after round {r}: more than 64-bit indices hold")
    per_round = []
    for r, size in enumerate(sizes):
        found = _configurations(rounds[: r + 1])
        assert found[-1].offset + found[-1].size == size, (rounds, r)
        per_round.append(tuple(found))
    return Plan(rounds, tuple(per_round), sizes)


def _colex(positions: list[int]) -> int:
    return sum(comb(p, t + 1) for t, p in enumerate(positions))


def _uncolex(rank: int, k: int) -> list[int]:
    """The k positions, ascending, of colex rank ``rank``."""
    out = []
    for t in range(k, 0, -1):
        p = t - 1
        while comb(p + 1, t) <= rank:
            p += 1
        rank -= comb(p, t)
        out.append(p)
    return out[::-1]


def _multiset_rank(values: list[int]) -> int:
    """The rank of a multiset given largest first, among multisets of its size."""
    g = len(values)
    return sum(comb(a + g - 1 - i, g - i) for i, a in enumerate(values))


def _multiset_unrank(rank: int, g: int) -> list[int]:
    out = []
    for i in range(g):
        t = g - i
        b = t - 1
        # The largest b with C(b, t) <= rank: doubling, then halving.
        step = 1
        while comb(b + step, t) <= rank:
            step *= 2
        while step > 1:
            step //= 2
            if comb(b + step, t) <= rank:
                b += step
        rank -= comb(b, t)
        out.append(b - (g - 1 - i))
    return out


def suit_index(masks: list[int]) -> int:
    """A suit's index within its shape from its rank masks, round by round."""
    index, used = 0, 0
    for mask in masks:
        free = [rank for rank in range(13) if not used >> rank & 1]
        positions = [free.index(rank) for rank in range(13) if mask >> rank & 1]
        index = index * comb(len(free), len(positions)) + _colex(positions)
        used |= mask
    return index


def suit_masks(shape: tuple[int, ...], index: int) -> list[int]:
    """The rank masks, round by round, of index ``index`` within ``shape``."""
    digits = []
    used = 0
    free_counts = []
    for k in shape:
        free_counts.append(13 - used)
        used += k
    for k, free in zip(reversed(shape), reversed(free_counts)):
        base = comb(free, k)
        digits.append(index % base)
        index //= base
    digits.reverse()
    masks, used = [], 0
    for k, digit in zip(shape, digits):
        open_ranks = [rank for rank in range(13) if not used >> rank & 1]
        mask = 0
        for p in _uncolex(digit, k):
            mask |= 1 << open_ranks[p]
        masks.append(mask)
        used |= mask
    return masks


@lru_cache(maxsize=32)
def _lookups(rounds: tuple[int, ...]) -> tuple[list[dict], list[list[int]]]:
    """Per round: the configurations by their shapes, and their offsets in order."""
    plan = indexer_plan(rounds)
    return (
        [{c.shapes: c for c in configs} for configs in plan.configurations],
        [[c.offset for c in configs] for configs in plan.configurations],
    )


class HandIndexer:
    """Dense indices of suit-isomorphism classes, round by round (see omaha8.HandIndexer)."""

    def __init__(self, rounds) -> None:
        self._plan = indexer_plan(check_rounds(rounds))
        self._ends = []
        total = 0
        for cards in self._plan.rounds:
            total += cards
            self._ends.append(total)
        self._lookup, self._offsets = _lookups(self._plan.rounds)

    @property
    def rounds(self) -> tuple[int, ...]:
        return self._plan.rounds

    def size(self, round: int) -> int:
        return self._plan.sizes[read_index(round, "round", len(self._plan.rounds))]

    def __repr__(self) -> str:
        return f"HandIndexer({self._plan.rounds})"

    def __reduce__(self):
        return (type(self), (self._plan.rounds,))

    def _index(self, cards, r: int) -> int:
        masks = [[0] * (r + 1) for _ in range(4)]
        at = 0
        for j in range(r + 1):
            for c in cards[at : self._ends[j]]:
                masks[c & 3][j] |= 1 << (c >> 2)
            at = self._ends[j]
        suits = sorted(((tuple(bin(m).count("1") for m in ms), suit_index(ms)) for ms in masks), reverse=True)
        config = self._lookup[r][tuple(shape for shape, _ in suits)]
        index = 0
        for first, g, count in config.groups:
            index = index * comb(count + g - 1, g) + _multiset_rank([i for _, i in suits[first : first + g]])
        return config.offset + index

    def index(self, cards) -> int:
        cards, r = read_round_cards(cards, self._ends)
        return self._index(cards, r)

    def index_batch(self, buffer, out=None):
        view, r = indexer_rows(buffer, self._ends)
        rows = view.shape[0] if view.shape else 0
        result = indexer_out(out, rows)
        width = self._ends[r]
        flat = view.tobytes()
        for i in range(rows):
            row = flat[i * width : (i + 1) * width]
            if max(row) > 51 or len(set(row)) != width:
                raise indexer_row_error(i, row)
        values = [self._index(flat[i * width : (i + 1) * width], r) for i in range(rows)]
        memoryview(result).cast("B").cast("Q")[:] = array("Q", values)
        return result

    def _cards(self, r: int, index: int) -> bytes:
        configs = self._plan.configurations[r]
        config = configs[bisect_right(self._offsets[r], index) - 1]
        rest = index - config.offset
        ranks = []
        for _, g, count in reversed(config.groups):
            base = comb(count + g - 1, g)
            ranks.append(rest % base)
            rest //= base
        ranks.reverse()
        per_round: list[list[int]] = [[] for _ in range(r + 1)]
        for (first, g, _), rank in zip(config.groups, ranks):
            for offset, value in enumerate(_multiset_unrank(rank, g)):
                position = first + offset
                suit = 3 - position
                for j, mask in enumerate(suit_masks(config.shapes[position], value)):
                    per_round[j] += [rank_ * 4 + suit for rank_ in range(13) if mask >> rank_ & 1]
        return bytes(c for cards in per_round for c in sorted(cards, reverse=True))

    def unindex(self, round: int, index: int) -> tuple[Card, ...]:
        r = read_index(round, "round", len(self._plan.rounds))
        i = read_index(index, "index", self._plan.sizes[r], f"of round {r}")
        return tuple(Card(c) for c in self._cards(r, i))

    def unindex_batch(self, round: int, indices, out=None):
        r = read_index(round, "round", len(self._plan.rounds))
        values = indexer_indices(indices, self._plan.sizes[r], r)
        if values and max(values) >= self._plan.sizes[r]:
            raise index_range_error(values, self._plan.sizes[r], r)
        width = self._ends[r]
        target, flat = indexer_cards_out(out, len(values), width)
        for row, i in enumerate(values):
            flat[row * width : (row + 1) * width] = self._cards(r, i)
        return target
