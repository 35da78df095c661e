"""Pure hand strength, twin of ``strength_c.pxi``: ``StrengthJob``, each hand's equity, equity
squared and river-equity histogram over the runouts, settled pair by pair.
"""

from __future__ import annotations

from array import array
from itertools import combinations
from typing import TYPE_CHECKING

from ...cards import HOLE_SIZES
from ...exceptions import JobError
from ..checks import showdown_error
from .equity import POT_UNITS
from .jobs import TaskedJob, cut
from .showdown import check_showdown, river_fields

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

    from ..checks import CardBytes

__all__ = ["StrengthJob", "STRENGTH_TASKS"]


STRENGTH_TASKS = 16  # runout blocks of a strength job, as in the compiled core


class StrengthJob(TaskedJob):
    """Hand-strength features, the compiled core's job settled pair by pair: per runout each
    hand's tally against the live opponents; sums of whole numbers, the squares summed per task
    in runout order and the tasks in order. The same API."""

    def __init__(
        self,
        board: CardBytes,
        hands: CardBytes,
        opponents: CardBytes,
        hole_size: int,
        weights: ReadableBuffer,
        bins: int,
        workers: int,
    ) -> None:
        board, hands, opponents, weights = bytes(board), bytes(hands), bytes(opponents), bytes(weights)
        k = hole_size
        if not isinstance(k, int) or not 4 <= k <= max(HOLE_SIZES):
            raise JobError(f"hole_size must be 4..{max(HOLE_SIZES)}, not {k}")
        if not isinstance(workers, int) or workers < 1:
            raise JobError("a strength job needs a worker")
        if not isinstance(bins, int) or not 0 <= bins <= 10000:
            raise JobError(f"bins must be 0..10000, not {bins}")
        if len(hands) % k or len(opponents) % k or len(weights) != 8 * (len(opponents) // k):
            raise JobError("a strength job takes whole rows and one float64 weight per opponent")
        values = array("d", weights)
        code, row = check_showdown(board, hands, opponents, k, values)
        if code:
            raise showdown_error(code, row, board, hands, opponents, k, weights)
        for row, w in enumerate(values):
            if not (w <= 1000 and w == int(w)):
                raise JobError(f"opponent {row}: hand strength weighs opponents by whole numbers 0..1000")
        self._board = list(board)
        self._hands = [tuple(hands[i : i + k]) for i in range(0, len(hands), k)]
        self._opps = [tuple(opponents[i : i + k]) for i in range(0, len(opponents), k)]
        self._weights = [int(w) for w in values]
        self._bins = bins
        deck = [c for c in range(52) if c not in board]
        self._runouts = list(combinations(deck, 5 - len(board)))
        tasks = 1 if len(board) == 5 else STRENGTH_TASKS
        cut(self, tasks, min(workers, tasks))
        n = len(self._hands)
        self._sums = [[0] * 11 for _ in range(n)]
        self._histogram = [[0] * bins for _ in range(n)]
        self._squares = [[0.0] * n for _ in range(self.tasks)]

    def _do_task(self, worker: int, task: int) -> int:
        count = len(self._runouts)
        for runout in self._runouts[count * task // self.tasks : count * (task + 1) // self.tasks]:
            board = self._board + list(runout)
            with self.lock:
                for i, fields in river_fields(self._hands, self._opps, self._weights, board, set(runout)):
                    for t in range(11):
                        self._sums[i][t] += fields[t]
                    if fields[10]:
                        units, weight = fields[0] + fields[1], fields[10]
                        self._squares[task][i] += float(units) * float(units) / float(weight)
                        if self._bins:
                            b = units * self._bins // (POT_UNITS * weight)
                            self._histogram[i][min(b, self._bins - 1)] += weight
        return 1

    def result(self) -> tuple[array[float], ...]:  # 7 columns, then the histogram
        if self.finished != self.tasks:
            raise JobError("the strength job has not finished")
        nan = float("nan")
        columns: list[array[float]] = [array("d") for _ in range(7)]
        histogram = array("d")
        for i, f in enumerate(self._sums):
            weight = f[10]
            square = 0.0
            for task in range(self.tasks):
                square += self._squares[task][i]
            if not weight:
                row = [nan] * 6 + [0.0]
                histogram.extend([nan] * self._bins)
            else:
                pot = float(POT_UNITS)
                row = [
                    float(f[0] + f[1]) / (pot * weight),
                    square / (pot * pot * weight),
                    float(f[0]) / (pot * weight),
                    float(f[1]) / (pot * weight),
                    float(f[3]) / weight,
                    float(f[8]) / weight,
                    float(weight),
                ]
                histogram.extend(float(count) / weight for count in self._histogram[i])
            for column, value in zip(columns, row):
                column.append(value)
        return (*columns, histogram)
