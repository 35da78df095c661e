"""Suit isomorphism: the plan of a hand indexer, which both engines share. The indexers
themselves are the compiled core's (``suits_c.pxi``) and the pure engine's (``pure/suits.py``),
each built from this plan.

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

from functools import lru_cache
from math import comb, factorial
from typing import NamedTuple

from ..exceptions import IndexerError
from .checks import check_rounds

__all__ = [
    "Configuration",
    "Plan",
    "indexer_plan",
    "class_count",
    "shape_count",
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
