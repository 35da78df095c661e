"""The pure hand indexer, twin of ``suits_c.pxi``: ``HandIndexer`` row by row in Python, from the
plan both engines share (``omaha8._engine.suits``, whose docstring tells the numbering).
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Optional, SupportsIndex, TypeVar, Union

from ...cards import Card, CardsLike
from ..checks import (
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
from ..suits import Configuration, indexer_plan

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer, WriteableBuffer

__all__ = ["HandIndexer", "suit_index", "suit_masks"]

# A caller's output buffer, returned as given.
_Out = TypeVar("_Out", bound="WriteableBuffer")


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
def _lookups(rounds: tuple[int, ...]) -> tuple[list[dict[tuple[tuple[int, ...], ...], Configuration]], list[list[int]]]:
    """Per round: the configurations by their shapes, and their offsets in order."""
    plan = indexer_plan(rounds)
    return (
        [{c.shapes: c for c in configs} for configs in plan.configurations],
        [[c.offset for c in configs] for configs in plan.configurations],
    )


class HandIndexer:
    """Dense indices of suit-isomorphism classes, round by round (see omaha8.HandIndexer)."""

    def __init__(self, rounds: Iterable[SupportsIndex]) -> None:
        self._plan = indexer_plan(check_rounds(rounds))
        self._ends: list[int] = []
        total = 0
        for cards in self._plan.rounds:
            total += cards
            self._ends.append(total)
        self._lookup, self._offsets = _lookups(self._plan.rounds)

    @property
    def rounds(self) -> tuple[int, ...]:
        return self._plan.rounds

    def size(self, round: SupportsIndex) -> int:
        return self._plan.sizes[read_index(round, "round", len(self._plan.rounds))]

    def __repr__(self) -> str:
        return f"HandIndexer({self._plan.rounds})"

    def __reduce__(self) -> tuple[type[HandIndexer], tuple[tuple[int, ...]]]:
        return (type(self), (self._plan.rounds,))

    def _index(self, cards: Sequence[int], r: int) -> int:
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

    def index(self, cards: CardsLike) -> int:
        indices, r = read_round_cards(cards, self._ends)
        return self._index(indices, r)

    def index_batch(self, buffer: ReadableBuffer, out: Optional[_Out] = None) -> Union[_Out, array[int]]:
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

    def unindex(self, round: SupportsIndex, index: SupportsIndex) -> tuple[Card, ...]:
        r = read_index(round, "round", len(self._plan.rounds))
        i = read_index(index, "index", self._plan.sizes[r], f"of round {r}")
        return tuple(Card(c) for c in self._cards(r, i))

    def unindex_batch(
        self, round: SupportsIndex, indices: ReadableBuffer | Iterable[SupportsIndex], out: object = None
    ) -> object:
        r = read_index(round, "round", len(self._plan.rounds))
        values = indexer_indices(indices, self._plan.sizes[r], r)
        if values and max(values) >= self._plan.sizes[r]:
            raise index_range_error(values, self._plan.sizes[r], r)
        width = self._ends[r]
        target, flat = indexer_cards_out(out, len(values), width)
        for row, i in enumerate(values):
            flat[row * width : (row + 1) * width] = self._cards(r, i)
        return target
