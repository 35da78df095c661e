"""The pure river solver, twin of ``river_c.pxi``: ``RiverJob``, the compiled RiverJob's API,
each terminal's values settled pair by pair.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from typing import TYPE_CHECKING, Optional, Union

from ...exceptions import JobError
from ..checks import check_river_job
from .evaluate import best_high, best_low
from .jobs import TaskedJob, cut

if TYPE_CHECKING:
    from ..checks import CardBytes

__all__ = ["RiverJob", "pair_share"]

# A hand's (best high, best low or None), or with its cards after them (the river job's hands).
Strength = Union[tuple[int, Optional[int]], tuple[int, Optional[int], frozenset[int]]]


def pair_share(mine: Strength, theirs: Strength) -> float:
    """A hand's fraction of the pot against one other: (high, low or None) each."""
    high = 1.0 if mine[0] < theirs[0] else 0.5 if mine[0] == theirs[0] else 0.0
    if mine[1] is None and theirs[1] is None:
        return high
    if theirs[1] is None:
        low = 1.0
    elif mine[1] is None:
        low = 0.0
    else:
        low = 1.0 if mine[1] < theirs[1] else 0.5 if mine[1] == theirs[1] else 0.0
    return 0.5 * high + 0.5 * low


class RiverJob(TaskedJob):
    """The compiled RiverJob's API, plainly: each terminal's values pair by pair.

    Regrets and sums are stored as float32 (array('f')) and the strategies played as float64,
    as the compiled engine stores them, so the two follow the same numbers to within the sums'
    rounding."""

    def __init__(
        self,
        board: CardBytes,
        oop_rows: CardBytes,
        ip_rows: CardBytes,
        hole_size: int,
        oop_weights: object,
        ip_weights: object,
        kinds: Iterable[int],
        firsts: Iterable[int],
        counts: Iterable[int],
        amounts: Iterable[float],
    ) -> None:
        spec = check_river_job(
            board, oop_rows, ip_rows, hole_size, oop_weights, ip_weights, kinds, firsts, counts, amounts
        )
        k = spec.hole_size
        board_cards = list(spec.board)
        # Per player, per hand: (best high, best low or None, its cards).
        self._hands: list[list[tuple[int, Optional[int], frozenset[int]]]] = []
        for rows in spec.rows:
            hands = []
            for i in range(len(rows) // k):
                hole = list(rows[i * k : (i + 1) * k])
                hands.append((best_high(hole, board_cards), best_low(hole, board_cards), frozenset(hole)))
            self._hands.append(hands)
        self._weights = [list(w) for w in spec.weights]
        self._kinds, self._firsts, self._counts = spec.kinds, spec.firsts, spec.counts
        self._amounts = spec.amounts
        self._offset: dict[int, int] = {}
        size = [0, 0]
        for node, kind in enumerate(self._kinds):
            if kind <= 1:
                self._offset[node] = size[kind]
                size[kind] += self._counts[node] * len(self._hands[kind])
        self._regret = [array("f", bytes(4 * s)) for s in size]
        self._sums = [array("f", bytes(4 * s)) for s in size]
        self._current = [array("d", bytes(8 * s)) for s in size]
        self._roots: list[Optional[list[float]]] = [None, None]
        self._mode = 0
        self.iteration = 0
        self.memory = 16 * sum(size)
        cut(self, 2, 2, first=2)  # nothing to do before a phase begins
        self.opponent_weights = tuple(array("d", self._share(p, self._weights[1 - p])[1]) for p in (0, 1))

    def _share(self, p: int, reach: list[float]) -> tuple[list[float], list[float]]:
        """Per hand of player p: the reach-weighted sum of its pot fractions against the other
        player's hands disjoint from it, and the sum of their reach."""
        share: list[float] = []
        weight: list[float] = []
        for mine in self._hands[p]:
            s = w = 0.0
            for theirs, r in zip(self._hands[1 - p], reach):
                if r != 0.0 and not mine[2] & theirs[2]:
                    s += r * pair_share(mine, theirs)
                    w += r
            share.append(s)
            weight.append(w)
        return share, weight

    def _payoff(self, node: int, p: int) -> float:
        kind = self._kinds[node]
        pot, put_in = self._amounts[3 * node], self._amounts[3 * node + 1 + p]
        return pot - put_in if (kind == 2 and p == 1) or (kind == 3 and p == 0) else -put_in

    def begin(self, mode: int, iteration: int = 0, player: int = 0) -> None:
        if mode not in (0, 1, 2):
            raise JobError(f"mode {mode!r} is not 0, 1 or 2")
        if mode == 0:
            if player not in (0, 1):
                raise JobError("player is 0 (OOP) or 1 (IP)")
            if iteration != self.iteration + 1 - player:
                raise JobError(
                    f"player {player}'s half of iteration {iteration} does not follow "
                    f"{'iteration' if player == 0 else 'OOP in iteration'} {self.iteration}"
                )
            t = float(iteration - 1)
            self._discounts = (t**1.5 / (t**1.5 + 1.0), 0.5, (t / (t + 1.0)) ** 2)
            self.iteration = iteration
        self._mode = mode
        for node, kind in enumerate(self._kinds):
            if kind > 1:
                continue
            n, count, at = len(self._hands[kind]), self._counts[node], self._offset[node]
            source = (self._sums if mode else self._regret)[kind]
            for i in range(n):
                positive = [max(source[at + a * n + i], 0.0) for a in range(count)]
                total = sum(positive)
                for a in range(count):
                    self._current[kind][at + a * n + i] = positive[a] / total if total > 0 else 1.0 / count
        first = player if mode == 0 else 0
        # Two workers whatever the phase: a second one on a one-task phase finds nothing to do.
        cut(self, player + 1 if mode == 0 else 2, 2, first=first)

    def _do_task(self, worker: int, task: int) -> int:
        self._roots[task] = self._traverse(task, 0, self._weights[1 - task], [1.0] * len(self._hands[task]))
        return 1

    def _traverse(self, p: int, node: int, opp_reach: list[float], own_reach: list[float]) -> list[float]:
        n, m = len(self._hands[p]), len(self._hands[1 - p])
        first, count = self._firsts[node], self._counts[node]
        if self._kinds[node] == p:
            at = self._offset[node]
            sigma = self._current[p]
            values: list[list[float]] = []
            for a in range(count):
                child = first + a
                kind = self._kinds[child]
                if kind == 4:
                    share, weight = self._share(p, opp_reach)
                    pot, put_in = self._amounts[3 * child], self._amounts[3 * child + 1 + p]
                    values.append([pot * s - put_in * w for s, w in zip(share, weight)])
                elif kind >= 2:
                    weight = self._share(p, opp_reach)[1]
                    payoff = self._payoff(child, p)
                    values.append([payoff * w for w in weight])
                else:
                    own = [own_reach[i] * sigma[at + a * n + i] for i in range(n)]
                    values.append(self._traverse(p, child, opp_reach, own))
            if self._mode == 1:
                return [max(values[a][i] for a in range(count)) for i in range(n)]
            out = [0.0] * n
            for a in range(count):
                for i in range(n):
                    out[i] += sigma[at + a * n + i] * values[a][i]
            if self._mode == 0:
                positive, negative, keep = self._discounts
                regret, sums = self._regret[p], self._sums[p]
                for a in range(count):
                    for i in range(n):
                        x = regret[at + a * n + i]
                        regret[at + a * n + i] = x * (positive if x > 0 else negative) + (values[a][i] - out[i])
                        sums[at + a * n + i] = sums[at + a * n + i] * keep + own_reach[i] * sigma[at + a * n + i]
            return out
        at = self._offset[node]
        sigma = self._current[1 - p]
        out = [0.0] * n
        for a in range(count):
            child = first + a
            kind = self._kinds[child]
            reach = [opp_reach[o] * sigma[at + a * m + o] for o in range(m)]
            if kind == 4:
                share, weight = self._share(p, reach)
                pot, put_in = self._amounts[3 * child], self._amounts[3 * child + 1 + p]
                child_values = [pot * s - put_in * w for s, w in zip(share, weight)]
            elif kind >= 2:
                payoff = self._payoff(child, p)
                child_values = [payoff * w for w in self._share(p, reach)[1]]
            else:
                child_values = self._traverse(p, child, reach, own_reach)
            for i in range(n):
                out[i] += child_values[i]
        return out

    def root(self, player: int) -> array[float]:
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        return array("d", self._roots[player] or [0.0] * len(self._hands[player]))

    def average(self, node: int) -> array[float]:
        if not (isinstance(node, int) and 0 <= node < len(self._kinds)) or self._kinds[node] > 1:
            raise JobError(f"node {node} is not a decision of this tree")
        p = self._kinds[node]
        n, count, at = len(self._hands[p]), self._counts[node], self._offset[node]
        out = array("d")
        sums = self._sums[p]
        totals = [sum(max(sums[at + a * n + i], 0.0) for a in range(count)) for i in range(n)]
        for a in range(count):
            for i in range(n):
                x = max(sums[at + a * n + i], 0.0)
                out.append(x / totals[i] if totals[i] > 0 else 1.0 / count)
        return out
