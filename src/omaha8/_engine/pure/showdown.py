"""Pure showdown values, twin of ``showdown_c.pxi``: ``ShowdownJob`` (each hand's share against
a weighted range, the compiled sweep written plainly), the river tallies that ``TallySweeper``
and the strength job share (``river_fields``), and ``release_memory``.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable, Sequence
from itertools import combinations, islice
from math import comb
from typing import TYPE_CHECKING, Iterator, Optional, TypeVar, cast

from ...cards import HOLE_SIZES
from ...exceptions import JobError
from ...values import WORST_HIGH
from ..checks import SHOWDOWN_BLOCKS, showdown_error
from .equity import HALF_UNITS
from .evaluate import best_high, best_low
from .jobs import TaskedJob, cut

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

    from ..checks import CardBytes

__all__ = ["ShowdownJob", "TallySweeper", "release_memory", "river_fields", "check_showdown"]

# Opponents' weights: whole numbers (the strength job's), or numbers (a tally sweep's).
_Weight = TypeVar("_Weight", int, float)


def release_memory() -> int:
    """Free the working memory the showdown sweeps keep between calls; returns the bytes given
    back (here none is kept: Python's own memory serves)."""
    return 0


def check_showdown(board: bytes, hands: bytes, opponents: bytes, k: int, weights: array) -> tuple[int, int]:
    """The compiled ``check_showdown``: (0, -1) for good rows, else (code, row) as ``showdown_error``
    words them."""
    if not 3 <= len(board) <= 5 or len(set(board)) != len(board) or max(board) > 51:
        return -1, -1
    if 52 - len(board) - 2 * k < 5 - len(board):
        return -2, -1
    for code, rows in ((-3, hands), (-4, opponents)):
        for row in range(len(rows) // k):
            cards = rows[row * k : (row + 1) * k]
            if max(cards) > 51 or len(set(cards)) != k or set(cards) & set(board):
                return code, row
    for row, w in enumerate(weights):
        if not 0.0 <= w < float("inf"):
            return -5, row
    return 0, -1


class ShowdownJob(TaskedJob):
    """Showdown values, the compiled core's sweep written plainly: per river board, the hands
    in order of strength; per set of one to k-1 cards, the weight of the opponents so far that
    hold it; inclusion and exclusion leave the weight of the opponents disjoint from a hand.
    Tasks as in the core: a river's high and low sweeps, or SHOWDOWN_BLOCKS runout blocks."""

    def __init__(
        self,
        board: CardBytes,
        hands: CardBytes,
        opponents: CardBytes,
        hole_size: int,
        weights: ReadableBuffer,
        workers: int,
    ) -> None:
        board, hands, opponents, weights = bytes(board), bytes(hands), bytes(opponents), bytes(weights)
        k = hole_size
        if not isinstance(k, int) or not 4 <= k <= max(HOLE_SIZES):
            raise JobError(f"hole_size must be 4..{max(HOLE_SIZES)}, not {k}")
        if not isinstance(workers, int) or workers < 1:
            raise JobError("a showdown job needs a worker")
        if len(hands) % k or len(opponents) % k or len(weights) != 8 * (len(opponents) // k):
            raise JobError("a showdown job takes whole rows and one float64 weight per opponent")
        self._weights = array("d", weights)
        code, row = check_showdown(board, hands, opponents, k, self._weights)
        if code:
            raise showdown_error(code, row, board, hands, opponents, k, weights)
        self._k = k
        self._board = list(board)
        self._hands = [tuple(sorted(hands[i : i + k])) for i in range(0, len(hands), k)]
        self._opps = [tuple(sorted(opponents[i : i + k])) for i in range(0, len(opponents), k)]
        deck = [c for c in range(52) if c not in board]
        if len(board) == 5:
            self._runouts: list = [()]
        else:
            self._runouts = list(combinations(deck, 5 - len(board)))
        tasks = 2 if len(board) == 5 else SHOWDOWN_BLOCKS
        cut(self, tasks, min(workers, tasks))
        self._parts: list = [None] * self.tasks
        self._sign = 1 if k % 2 == 0 else -1
        dup: dict = {}
        for hand, w in zip(self._opps, self._weights):
            if w > 0:
                total, number = dup.get(hand, (0.0, 0))
                dup[hand] = (total + w, number + 1)
        self._dup = [dup.get(hand, (0.0, 0)) for hand in self._hands]

    @staticmethod
    def _subsets(hand: tuple) -> tuple[list, list]:
        """The proper nonempty subsets of a hand: of odd size, of even size."""
        odd: list = []
        even: list = []
        for size in range(1, len(hand)):
            (odd if size % 2 else even).extend(combinations(hand, size))
        return odd, even

    def _sweep(
        self, hand_keys: list, opp_keys: list, two_channels: bool, hand_low: list, opp_low: list, out: list
    ) -> None:
        # hand_keys[i]: the hand's strength key (higher is stronger) or None when it sits out.
        acc: list = [{}, {}]
        totals = [0.0, 0.0]
        groups: dict = {}
        for i, key in enumerate(hand_keys):
            if key is not None:
                groups.setdefault(key, ([], []))[0].append(i)
        for j, key in enumerate(opp_keys):
            if key is not None:
                groups.setdefault(key, ([], []))[1].append(j)

        def ask(channel: int, i: int) -> float:
            odd, even = self._subsets(self._hands[i])
            table = acc[channel]
            return totals[channel] - sum(table.get(s, 0.0) for s in odd) + sum(table.get(s, 0.0) for s in even)

        for key in sorted(groups):
            hands, opps = groups[key]
            before = [(ask(0, i), ask(1, i) if two_channels else 0.0) for i in hands]
            for j in opps:
                w = self._weights[j]
                channels = (0, 1) if two_channels and opp_low[j] == 0 else (0,)
                odd, even = self._subsets(self._opps[j])
                for channel in channels:
                    table = acc[channel]
                    for s in odd + even:
                        table[s] = table.get(s, 0.0) + w
                    totals[channel] += w
            for (first0, first1), i in zip(before, hands):
                dup = self._sign * self._dup[i][0]
                out[i] += 0.25 * (first0 + ask(0, i) + dup)
                if two_channels and hand_low[i] == 0:
                    out[i] += 0.25 * (first1 + ask(1, i) + dup)

    @staticmethod
    def _keys(
        rows: list[tuple[int, ...]], weights: Iterable[float], board: list[int], dead: set[int]
    ) -> tuple[list[Optional[int]], list[int]]:
        """Each row's high key (higher is stronger; None for a row that sits out: dead on this
        runout, or of no weight) and low key (255 less the low mask; 0 for no low)."""
        keys: list[Optional[int]] = []
        lows: list[int] = []
        for row, w in zip(rows, weights):
            if w <= 0 or dead.intersection(row):
                keys.append(None)
                lows.append(0)
                continue
            keys.append(WORST_HIGH - best_high(list(row), board))
            value = best_low(list(row), board)
            lows.append(0 if value is None else 255 - value)
        return keys, lows

    def _river(self, runout: tuple, parts: int, high: list, low: list) -> None:
        board = self._board + list(runout)
        dead = set(runout)
        hand_key, hand_low = self._keys(self._hands, [1.0] * len(self._hands), board, dead)
        opp_key, opp_low = self._keys(self._opps, self._weights, board, dead)
        if parts & 1:
            self._sweep(hand_key, opp_key, True, hand_low, opp_low, high)
        if parts & 2 and any(hand_low):
            self._sweep(
                [u if u else None for u in hand_low],
                [u if key is not None else None for u, key in zip(opp_low, opp_key)],
                False,
                hand_low,
                opp_low,
                low,
            )

    def _task(self, task: int) -> tuple[list, list]:
        n = len(self._hands)
        high, low = [0.0] * n, [0.0] * n
        if len(self._board) == 5:
            self._river((), 1 if task == 0 else 2, high, low)
        else:
            total = len(self._runouts)
            for runout in self._runouts[total * task // self.tasks : total * (task + 1) // self.tasks]:
                self._river(runout, 3, high, low)
        return high, low

    def _do_task(self, worker: int, task: int) -> int:
        self._parts[task] = self._task(task)
        return 1

    def result(self) -> tuple[array[float], array[float], array[float], array[float], array[float]]:
        if self.finished != self.tasks:
            raise JobError("the showdown job has not finished")
        n = len(self._hands)
        high, low = [0.0] * n, [0.0] * n
        for part_high, part_low in self._parts:
            for i in range(n):
                high[i] += part_high[i]
                low[i] += part_low[i]
        k = self._k
        runouts = comb(52 - len(self._board) - 2 * k, 5 - len(self._board))
        # Every opponent of positive weight in, then each hand's disjoint weight and count by
        # the same inclusion and exclusion (the count in whole numbers: exact).
        weights: dict = {}
        counts: dict = {}
        total, number = 0.0, 0
        for opp, w in zip(self._opps, self._weights):
            if w > 0:
                odd, even = self._subsets(opp)
                for s in odd + even:
                    weights[s] = weights.get(s, 0.0) + w
                    counts[s] = counts.get(s, 0) + 1
                total += w
                number += 1
        weight = array("d")
        positive = array("i")
        for i, hand in enumerate(self._hands):
            odd, even = self._subsets(hand)
            dup_weight, dup_number = self._dup[i]
            left = (
                total
                - sum(weights.get(s, 0.0) for s in odd)
                + sum(weights.get(s, 0.0) for s in even)
                + self._sign * dup_weight
            )
            count = (
                number
                - sum(counts.get(s, 0) for s in odd)
                + sum(counts.get(s, 0) for s in even)
                + self._sign * dup_number
            )
            weight.append(left if count else 0.0)
            positive.append(count)
            if count:
                high[i] = max(high[i] / runouts, 0.0)
                low[i] = max(low[i] / runouts, 0.0)
            else:
                high[i] = low[i] = 0.0
        share = array("d", (h + lo for h, lo in zip(high, low)))
        # NaN where no opponent of weight is left, or where what is left weighs less than the
        # rounding of the sums can tell from nothing; else within 0..1 (the compiled rule).
        equity = array(
            "d",
            (
                min(max(s / w, 0.0), 1.0) if count and w > 0.0 else math.nan
                for s, w, count in zip(share, weight, positive)
            ),
        )
        return share, array("d", high), array("d", low), weight, equity


def river_fields(
    hands: list[tuple[int, ...]],
    opps: list[tuple[int, ...]],
    weights: Sequence[_Weight],
    board: list[int],
    dead: set[int],
) -> Iterator[tuple[int, list[_Weight]]]:
    """Per live hand (none of ``dead``) on a river board, its 11 tally fields against the live
    opponents of positive weight, pair by pair."""
    live_opps = [
        (opp, w, best_high(list(opp), board), best_low(list(opp), board))
        for opp, w in zip(opps, weights)
        if w > 0 and not dead.intersection(opp)
    ]
    for i, hand in enumerate(hands):
        if dead.intersection(hand):
            continue
        high, low = best_high(list(hand), board), best_low(list(hand), board)
        fields = cast("list[_Weight]", [0] * 11)  # summed in the weights' type: ints for a strength job
        for opp, w, opp_high, opp_low in live_opps:
            if set(hand) & set(opp):
                continue
            h = 2 if high < opp_high else 1 if high == opp_high else 0
            if low is None and opp_low is None:
                high_units, low_units = HALF_UNITS * h, 0
            else:
                high_units = HALF_UNITS // 2 * h
                fields[9] += w
                if low is None:
                    low_units = 0
                else:
                    lo = 2 if opp_low is None or low < opp_low else 1 if low == opp_low else 0
                    low_units = HALF_UNITS // 2 * lo
                    fields[6] += w if lo == 2 else 0
                    fields[7] += w if lo == 1 else 0
                    fields[8] += w
            units = high_units + low_units
            fields[0] += w * high_units
            fields[1] += w * low_units
            fields[2] += w * units * units
            fields[3] += w if units == 2 * HALF_UNITS else 0
            fields[4] += w if h == 2 else 0
            fields[5] += w if h == 1 else 0
            fields[10] += w
        yield i, fields


class TallySweeper:
    """Equity tallies of hands against a weighted range, board by board, into group sums: the
    compiled core's sweep, here settled pair by pair (plain and slow). The same API."""

    def __init__(
        self,
        hands: CardBytes,
        opponents: CardBytes,
        hole_size: int,
        hand_weights: ReadableBuffer,
        opponent_weights: ReadableBuffer,
        groups: ReadableBuffer,
        group_count: int,
    ) -> None:
        hands, opponents = bytes(hands), bytes(opponents)
        k = hole_size
        if not isinstance(k, int) or not 4 <= k <= max(HOLE_SIZES):
            raise JobError(f"hole_size must be 4..{max(HOLE_SIZES)}, not {k}")
        hand_weights = array("q", bytes(hand_weights))
        weights = array("d", bytes(opponent_weights))
        group_of = array("i", bytes(groups))
        n, m = len(hands) // k, len(opponents) // k
        if len(hands) % k or len(opponents) % k or len(weights) != m or len(hand_weights) != n or len(group_of) != n:
            raise JobError(
                "a tally sweep takes whole rows, a float64 weight per opponent, an int64 weight and "
                "an int32 group per hand"
            )
        if any(not 0 <= g < group_count for g in group_of) or any(w < 0 for w in hand_weights):
            raise JobError("a hand's group or weight is out of range")
        for code, rows in ((-3, hands), (-4, opponents)):
            for row in range(len(rows) // k):
                cards = rows[row * k : (row + 1) * k]
                if max(cards) > 51 or len(set(cards)) != k:
                    raise showdown_error(code, row, b"", hands, opponents, k, b"")
        for row, w in enumerate(weights):
            if not 0.0 <= w < float("inf"):
                raise showdown_error(-5, row, b"", hands, opponents, k, b"")
        self._k = k
        self._hands = [tuple(hands[i : i + k]) for i in range(0, len(hands), k)]
        self._opps = [tuple(opponents[i : i + k]) for i in range(0, len(opponents), k)]
        self._hand_weights = list(hand_weights)
        self._weights = [int(w) if w == int(w) else w for w in weights]
        self._groups = list(group_of)
        self._sums: list[list[float]] = [[0] * 11 for _ in range(group_count)]

    def _river(self, board: list[int], dead: set[int], multiplier: int) -> None:
        for i, fields in river_fields(self._hands, self._opps, self._weights, board, dead):
            scale = self._hand_weights[i] * multiplier
            total = self._sums[self._groups[i]]
            for t in range(11):
                total[t] += scale * fields[t]

    def add_board(self, board: CardBytes, dead: CardBytes = b"", multiplier: int = 1) -> None:
        cards, out = list(bytes(board)), set(bytes(dead))
        if len(cards) != 5 or len(set(cards)) != 5 or max(cards) > 51 or (out and max(out) > 51):
            raise JobError("add_board takes five distinct cards")
        self._river(cards, out | set(cards), multiplier)

    def add_runouts(self, board: CardBytes, dead: CardBytes, first: int, stop: int) -> None:
        cards, out = list(bytes(board)), list(bytes(dead))
        if not 3 <= len(cards) <= 5 or len(set(cards + out)) != len(cards + out) or max(cards + out) > 51:
            raise JobError("add_runouts takes 3 to 5 board cards and dead cards, all distinct")
        deck = [c for c in range(52) if c not in cards and c not in out]
        runouts = islice(combinations(deck, 5 - len(cards)), max(first, 0), max(stop, 0))
        for runout in runouts:
            self._river(cards + list(runout), set(cards) | set(out) | set(runout), 1)

    def sums(self) -> list[tuple[float, ...]]:  # whole numbers unless an opponent's weight is not
        return [tuple(row) for row in self._sums]
