"""Checking what callers hand the engines, before any work is done.

Both evaluators call :func:`check_batch` first and :func:`row_error` to word a bad row, so a
bad batch fails the same way, with the same message, whichever is live; both equity jobs call
:func:`check_job`.
"""

from __future__ import annotations

import sys
from array import array
from typing import Any, NamedTuple, Optional

from .cards import BOARD_SIZES, HOLE_SIZES, CardError, check_unique, read_counted, read_hand

__all__ = ["BatchError", "Batch", "check_batch", "row_error", "check_job"]

# Struct formats a buffer of these element types may report.
_NATIVE = "<" if sys.byteorder == "little" else ">"
_UINT8_FORMATS = ("B", "=B", "@B", "<B", ">B")
_UINT16_FORMATS = ("H", "=H", "@H", _NATIVE + "H")
_HOW_TO_SHAPE = "memoryview(buffer).cast('B', (n, k)) gives a flat buffer its rows"


class BatchError(ValueError):
    """A buffer of the wrong type, element type, shape or layout for ``evaluate_batch``."""


class Batch(NamedTuple):
    holes: memoryview      # (n, k) uint8
    boards: memoryview     # (n, m), or (m,) when shared
    shared_board: bool
    rows: int
    hole_size: int
    board_size: int
    out_high: Any          # the caller's buffer or a new array('H')
    out_low: Any           # the caller's buffer or a new array('B')


def _view(obj: object, name: str) -> memoryview:
    try:
        return memoryview(obj)  # type: ignore[arg-type]
    except TypeError:
        raise BatchError(
            f"{name} must be a buffer (a numpy array, array.array, bytearray or memoryview), "
            f"not {type(obj).__name__}"
        ) from None


def _shape(view: memoryview) -> tuple[int, ...]:
    return view.shape or ()  # typeshed allows None; a buffer with ndim >= 1 has a shape


def _input(obj: object, name: str, ndims: tuple[int, ...], shapes: str) -> memoryview:
    view = _view(obj, name)
    if view.format not in _UINT8_FORMATS:
        raise BatchError(f"{name} must hold uint8 card indices, not elements of format {view.format!r}")
    if view.ndim not in ndims:
        raise BatchError(f"{name} must be shaped {shapes}, not {view.ndim}-D; {_HOW_TO_SHAPE}")
    if not view.c_contiguous:
        raise BatchError(f"{name} must be C-contiguous (numpy.ascontiguousarray makes it so)")
    return view


def _output(obj: Optional[object], name: str, formats: tuple[str, ...], typecode: str, rows: int):
    if obj is None:
        return array(typecode, [0]) * rows
    view = _view(obj, name)
    if view.format not in formats:
        kind = "uint16" if typecode == "H" else "uint8"
        raise BatchError(f"{name} must hold {kind}, not elements of format {view.format!r}")
    if view.readonly:
        raise BatchError(f"{name} is read-only")
    if view.ndim != 1 or not view.c_contiguous or _shape(view)[0] != rows:
        raise BatchError(f"{name} must be a contiguous 1-D buffer of {rows} elements, one per row, "
                         f"not shaped {view.shape}")
    return obj


def check_batch(holes: object, boards: object, out_high: object = None,
                out_low: object = None) -> Batch:
    """Check every buffer's type, element type, shape and layout; allocate missing outputs."""
    hole_view = _input(holes, "holes", (2,), "(n, k)")
    rows, hole_size = _shape(hole_view)
    if hole_size not in HOLE_SIZES:
        raise BatchError(f"holes must have 4, 5 or 6 cards per row, not {hole_size}")
    board_view = _input(boards, "boards", (1, 2), "(m,) or (n, m)")
    shared = board_view.ndim == 1
    board_size = _shape(board_view)[-1]
    if board_size not in BOARD_SIZES:
        raise BatchError(f"boards must have 3, 4 or 5 cards per row, not {board_size}")
    if not shared and _shape(board_view)[0] != rows:
        raise BatchError(f"boards has {_shape(board_view)[0]} rows but holes has {rows}; "
                         "give one board per row, or one board (m,) for all")
    high = _output(out_high, "out_high", _UINT16_FORMATS, "H", rows)
    low = _output(out_low, "out_low", _UINT8_FORMATS, "B", rows)
    return Batch(hole_view, board_view, shared, rows, hole_size, board_size, high, low)


def row_error(row: int, hole: list[int], board: list[int]) -> CardError:
    """The error for a bad row (row -1: the shared board alone), in ``read_hand``'s words."""
    try:
        if row < 0:
            check_unique(read_counted(board, "board cards", BOARD_SIZES))
        else:
            read_hand(hole, board)
    except CardError as error:
        where = "the shared board" if row < 0 else f"row {row}"
        return CardError(f"{where}: {error}")
    raise AssertionError(f"row {row} was reported bad but its cards are valid")  # pragma: no cover


def check_job(holes, board, dead, samples: int, workers: int) -> None:
    """An equity job's arguments as card indices. ``omaha8.equity`` words its own errors
    first; this keeps a direct caller of an engine's EquityJob inside its fixed arrays."""
    cards = [c for hole in holes for c in hole] + list(board) + list(dead)
    if not 2 <= len(holes) <= 10 or any(not 4 <= len(hole) <= 6 for hole in holes):
        raise ValueError("an equity job takes 2 to 10 hands of 4, 5 or 6 cards")
    if len(board) > 5 or any(not 0 <= c <= 51 for c in cards) or len(set(cards)) != len(cards):
        raise ValueError("an equity job takes distinct card indices 0..51 and at most five board cards")
    if len(cards) - len(board) + 5 > 52 or workers < 1 or samples < 0:
        raise ValueError("an equity job needs cards left for the board, a worker, and samples >= 0")
