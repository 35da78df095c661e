"""A solver spot's input, read the one way both solvers read it (``solver``'s river,
``streetsolver``'s every street): each side's range on the board as rows and weights, the
weights scaled by a power of two, and a path of names into a tree.
"""

from __future__ import annotations

import itertools
import math
from array import array
from typing import Optional, Sequence, Union

from . import _engine
from .cards import Card, CardError, quoted, read_weights
from .exceptions import RangeError, SolverError
from .ranges import Range

__all__ = ["SideLike", "size_of", "check_rows", "read_side", "unit_weights", "read_path", "MAX_PATH"]

SideLike = Union[Range, str, tuple, object]
# The longest path read: longer than any line of a tree (an endless iterable must not hang).
MAX_PATH = 10_000


def size_of(value: SideLike) -> Optional[int]:
    """The hole size a side's value shows (a Range's, a buffer's width), or None for an
    expression, which takes the other side's."""
    if isinstance(value, Range):
        return value.hole_size
    if isinstance(value, tuple) and len(value) == 2:
        value = value[0]
    if isinstance(value, str):
        return None
    shape = _engine.showdown_rows(value, "range").shape or (0, 0)
    return shape[1]


def check_rows(rows: bytes, k: int, board: Sequence[int], side: str) -> None:
    """Every row of ``rows``: ``k`` different cards, none of the board (the engine's rule)."""
    board_mask = sum(1 << c for c in board)
    for i in range(len(rows) // k):
        row = rows[i * k : (i + 1) * k]
        mask = board_mask
        for card in row:
            if card > 51 or mask >> card & 1:
                raise CardError(
                    f"{side} hand {i} ({' '.join(str(Card(c)) if c < 52 else str(c) for c in row)}) "
                    "repeats a card, holds one of the board or one that is not a card"
                )
            mask |= 1 << card


def read_side(value: SideLike, name: str, board: list[int], size: int) -> tuple[bytes, array, int]:
    """(rows, weights, hole size) of a range: a Range or expression (its hands apart from the
    board), or a uint8 (n, k) buffer, alone (weights 1.0) or as (buffer, weights), the weights
    by the one weight rule. Hands of weight 0 are left out: they are never dealt."""
    if isinstance(value, str):
        try:
            value = Range(value, hole_size=size)
        except RangeError as error:
            raise RangeError(f"{name}: {error}") from None
    if isinstance(value, Range):
        rows, raw = value.apart_from(board)
        k = value.hole_size
        weights = array("d", [float(w) for w in raw])  # the range's weights: whole numbers of a byte
    else:
        buffer, given = value if isinstance(value, tuple) and len(value) == 2 else (value, None)
        view = _engine.showdown_rows(buffer, name)
        k = (view.shape or (0, 0))[1]
        rows = view.tobytes()
        count = len(rows) // k
        if given is None:
            weights = array("d", [1.0]) * count
        else:
            weights = read_weights(given, count, f"{name}: weights", SolverError, "hand")
        check_rows(rows, k, board, name)
    kept = [i for i, w in enumerate(weights) if w > 0]
    if not kept:
        raise SolverError(f"{name}: no hand of the range is left on this board")
    if len(kept) != len(weights):
        rows = b"".join(rows[i * k : (i + 1) * k] for i in kept)
        weights = array("d", [weights[i] for i in kept])
    return rows, weights, k


def unit_weights(weights: array) -> array:
    """``weights`` scaled by the power of two that brings the largest into [1, 2): exact (but
    for weights more than 2^1000 below the largest), and no product of two weights underflows."""
    exponent = math.frexp(max(weights))[1]
    if exponent == 1:
        return weights
    return array("d", [math.ldexp(w, 1 - exponent) for w in weights])


def read_path(path: object, most: int = MAX_PATH) -> tuple:
    """A path of action names, read: a string is refused (tuple("check") would be its letters)."""
    if isinstance(path, (str, bytes)):
        raise SolverError(
            f'a path is a list of action names, such as ["check"] or ("check",), not the string {quoted(path)}'
        )
    try:
        # Longer than any line is no path; an endless iterable must not hang here.
        return tuple(itertools.islice(path, most))  # type: ignore[call-overload]
    except TypeError:
        raise SolverError(f'a path is a list of action names, such as ["check"], not {quoted(path)}') from None
