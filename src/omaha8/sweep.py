"""Showdown values: every hand of a set against a whole weighted range of opponents at once,
the terminal-node question of a solver, with card removal exact.

The compiled core sweeps the hands in order of strength, keeping for every set of one, two and
three cards the weight of the opponents so far that hold it (52 + 1,326 + 22,100 accumulators
for four-card hands); inclusion and exclusion then give each hand the weight of the opponents
it beats and ties that share no card with it. On a river, full range against full range
(178,365 hands each) takes milliseconds; on a turn or a flop, one sweep per runout. The work is
cut into fixed tasks, so any number of threads gives the same sums.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Optional, Union

from . import _engine
from .cards import Card, CardError, CardsLike, check_unique, read_counted
from .exceptions import JobError, RangeError
from .jobs import run_job, shaped_rows, thread_count
from .ranges import Range

__all__ = [
    "ShowdownValues",
    "showdown_values",
    "release_showdown_memory",
    "MAX_SHOWDOWN_BYTES",
    "read_sides",
    "HandsLike",
]

# A job's prepared rows take (2^k - 2) * 4 + 8 bytes a hand: refused past this (every six-card
# hand on a river, 10.7 million of them, would take 2.7 GB).
MAX_SHOWDOWN_BYTES = 2 * 10**9

HandsLike = Union[Range, str, object]


@dataclass(frozen=True)
class ShowdownValues:
    """Row i of each buffer is for ``hands`` row i; float64 buffers (``array('d')``: numpy
    views them without a copy, ``numpy.asarray(v.share)``)."""

    board: tuple[Card, ...]
    hands: memoryview
    """The (n, k) uint8 rows of the hands valued (a Range's hands that miss the board)."""
    opponents: memoryview
    """The (m, k) uint8 rows of the opponents, as weighed."""
    opponent_weights: array
    """The m weights the opponents were weighed by."""
    share: array
    """Over the opponents disjoint from the hand, the weighted sum of its fraction of the pot."""
    high: array
    """The part of ``share`` won through the high half (a pot with no low counts whole as high)."""
    low: array
    """The part won through the low half: ``high + low == share``."""
    weight: array
    """The total weight of the opponents disjoint from the hand (and the board)."""
    equity: array
    """``share / weight`` (within 0..1): NaN exactly where no opponent of positive weight is
    left, and also where what is left weighs less than the sums' rounding can tell from nothing
    (the sums are exact to about 1e-16 times the total weight per opponent: only weights spread
    over a dozen powers of ten come near it)."""

    def __len__(self) -> int:
        return len(self.share)


def _rows_of(value: HandsLike, name: str, board: list[int], hole_size: int) -> tuple[bytes, int, array]:
    """(rows, hole size, weights) of a side: a Range or expression (its hands apart from the
    board, its weights) or a uint8 (n, k) buffer (checked by the engine, weights 1.0)."""
    if isinstance(value, str):
        try:
            value = Range(value, hole_size=hole_size)
        except RangeError as error:
            raise RangeError(f"{name}: {error}") from None
    if isinstance(value, Range):
        combos, weights = value.apart_from(board)
        if weights and weights.count(weights[0]) == len(weights):
            return combos, value.hole_size, array("d", [float(weights[0])]) * len(weights)
        return combos, value.hole_size, array("d", list(weights))
    view = _engine.showdown_rows(value, name)
    rows, size = view.shape or (0, 0)
    return view.tobytes(), size, array("d", [1.0]) * rows


def _size_of(value: HandsLike, name: str) -> Optional[int]:
    if isinstance(value, Range):
        return value.hole_size
    if isinstance(value, str):
        return None
    shape = _engine.showdown_rows(value, name).shape or (0, 0)
    return shape[1]


def read_sides(
    board_cards: list[int], hands: HandsLike, opponents: HandsLike, weights: Optional[object]
) -> tuple[bytes, bytes, int, array]:
    """(hand rows, opponent rows, hole size, opponent weights) of a question of hands against a
    weighted range on a board (checked): see ``showdown_values``."""
    # An expression takes the hole size of the other side when that side fixes one, else 4.
    sizes = [_size_of(side, name) for side, name in ((hands, "hands"), (opponents, "opponents"))]
    size = next((k for k in sizes if k is not None), 4)
    opp_rows, opp_size, opp_weights = _rows_of(opponents, "opponents", board_cards, size)
    if hands is opponents or (isinstance(hands, str) and isinstance(opponents, str) and hands == opponents):
        hand_rows, hand_size = opp_rows, opp_size  # one side twice: listed once
    else:
        hand_rows, hand_size, _ = _rows_of(hands, "hands", board_cards, size)
    if hand_size != opp_size:
        raise CardError(f"hands have {hand_size} cards and opponents {opp_size}: both must be the same size")
    if weights is not None:
        opp_weights = _engine.showdown_weights(weights, len(opp_rows) // opp_size)
    return hand_rows, opp_rows, hand_size, opp_weights


def showdown_values(
    board: CardsLike,
    hands: HandsLike,
    opponents: HandsLike,
    weights: Optional[object] = None,
    *,
    threads: Optional[int] = None,
) -> ShowdownValues:
    """Every hand of ``hands`` against the whole weighted range ``opponents``, heads-up.

    ``board``: 3, 4 or 5 cards; on 5, the river showdown; on 3 or 4, all in before the river,
    each pair of hands averaged over every runout of the cards not in the board or either hand.
    ``hands``, ``opponents``: a Range, a range expression, or a C-contiguous uint8 buffer (n, k),
    k = 4, 5 or 6, both the same hole size. A Range drops its hands that touch the board; a
    buffer row that shares a card with the board or repeats one is a CardError naming the row.
    ``weights``: one finite weight, 0 or more, per opponent row as used (default: the Range's
    weights, or 1.0 each for a buffer). ``threads`` splits the work; any count gives the same
    answer.

    Row i of the answer: ``weight[i]``, the weight of the opponents disjoint from hand i;
    ``share[i]``, over them, the weighted sum of hand i's fraction of the pot (half to the best
    high, half to the best qualifying low, the whole pot to the high when neither hand has a
    low, ties splitting their half: each showdown is worth 0, 1/4, 1/2, 3/4 or 1); ``high[i]``
    and ``low[i]``, its parts through each half; ``equity[i] = share[i] / weight[i]``.

    Rake is linear in the pot and stays with the caller: at a showdown node where each player
    has put ``contributed`` into a pot of ``pot``, a hand's value is

        v = showdown_values(board, hands, opponents, reach)
        value = (pot - rake) * v.share[i] - contributed * v.weight[i]
    """
    board_cards = read_counted(board, "board cards", (3, 4, 5))
    check_unique(board_cards)
    hand_rows, opp_rows, hand_size, opp_weights = read_sides(board_cards, hands, opponents, weights)
    m = len(opp_rows) // hand_size
    n = len(hand_rows) // hand_size
    if (n + m) * ((1 << hand_size) * 4 + 8) > MAX_SHOWDOWN_BYTES:
        raise JobError(
            f"{n:,} hands against {m:,} opponents of {hand_size} cards would take more than "
            f"{MAX_SHOWDOWN_BYTES // 10**9} GB to sweep"
        )
    workers = thread_count(threads)
    job = _engine.ENGINE.ShowdownJob(bytes(board_cards), hand_rows, opp_rows, hand_size, opp_weights.tobytes(), workers)
    run_job(job, job.workers)
    share, high, low, weight, equity = job.result()
    return ShowdownValues(
        board=tuple(Card(c) for c in board_cards),
        hands=shaped_rows(hand_rows, hand_size),
        opponents=shaped_rows(opp_rows, hand_size),
        opponent_weights=opp_weights,
        share=share,
        high=high,
        low=low,
        weight=weight,
        equity=equity,
    )


def release_showdown_memory() -> int:
    """Free the working memory the compiled sweep keeps between calls (its big blocks, up to
    256 MB, for the next call of the same size: a solver asks thousands of times); returns the
    bytes given back. The next call allocates afresh."""
    return _engine.ENGINE.release_memory()
