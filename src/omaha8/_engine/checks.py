"""Checking what callers hand the engines, before any work is done.

Both evaluators call :func:`check_batch` first and :func:`row_error` to word a bad row, so a
bad batch fails the same way, with the same message, whichever is live; both equity jobs call
:func:`check_job` and read only the plain ints it returns. The limits of an equity job live
here too, and the compiled core checks at import that its fixed arrays hold them.
"""

from __future__ import annotations

import ctypes
import math
import numbers
import operator
import sys
from array import array
from collections.abc import Iterable, Sequence
from math import comb
from typing import TYPE_CHECKING, Any, NamedTuple, Optional, SupportsIndex, TypeVar, Union

from ..cards import (
    BOARD_SIZES,
    HOLE_SIZES,
    MAX_HOLE_CARDS,
    MAX_SEATS,
    CardsLike,
    card_index,
    check_unique,
    integer_of,
    parse_cards,
    quoted,
    read_counted,
    read_hand,
    read_weights,
    whole_number,
)
from ..exceptions import BatchError, CardError, IndexerError, JobError, SolverError
from .programs import ProgramLike, check_program

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer, WriteableBuffer

    # Card indices read through bytes(): a bytes-like buffer of them, or the ints themselves.
    CardBytes = Union[ReadableBuffer, Iterable[SupportsIndex]]

# A caller's output buffer, returned as given.
_Out = TypeVar("_Out", bound="WriteableBuffer")

__all__ = [
    "check_lock",
    "BatchError",
    "Batch",
    "check_batch",
    "row_error",
    "showdown_error",
    "showdown_rows",
    "showdown_weights",
    "SHOWDOWN_BLOCKS",
    "Job",
    "check_job",
    "check_range_job",
    "check_program",
    "check_range_walk",
    "check_rows_apart",
    "MAX_SAMPLES",
    "MAX_WORKERS",
    "CHUNK_RUNOUTS",
    "TALLY_LISTS",
    "ENGINE_API",
    "check_rounds",
    "read_index",
    "read_round_cards",
    "indexer_rows",
    "indexer_row_error",
    "indexer_out",
    "indexer_indices",
    "indexer_cards_out",
    "index_range_error",
    "MAX_INDEXER_ROUNDS",
    "RIVER_NODE_KINDS",
    "RiverSpec",
    "check_river_job",
    "STREET_NODE_KINDS",
    "StreetSpec",
    "check_street_job",
    "SUIT_PAIRS",
    "dealt_cards",
    "hand_swap",
    "swap_suits",
    "symmetric_swaps",
    "check_holdings",
    "check_share_against_all",
    "check_holding_ranks",
    "check_holding_values",
]

# What each evaluation engine (the compiled core, the fallback) exports, by the same names and
# signatures: their ``__all__``.
ENGINE_API = (
    "evaluate",
    "evaluate_high",
    "evaluate_low",
    "evaluate_batch",
    "five_card_value",
    "all_five_card_values",
    "EquityJob",
    "RangeEquityJob",
    "draw_cards",
    "range_count",
    "range_list",
    "rows_apart",
    "ShowdownJob",
    "TallySweeper",
    "release_memory",
    "HandIndexer",
    "StrengthJob",
    "RiverJob",
    "StreetJob",
    "check_averages",
    "check_state",
    "holding_counts",
    "share_against_all",
    "holding_ranks",
    "holding_values",
)

# An equity job's limits. A billion samples a second would take eleven days for MAX_SAMPLES;
# MAX_WORKERS threads are far more than any machine runs usefully, and each costs a stack.
MAX_SAMPLES = 10**15
MAX_WORKERS = 256
# Runouts in a chunk, the unit an equity job is split, seeded and stopped by; the compiled
# core's CHUNK must be the same for both engines to sample the same runouts.
CHUNK_RUNOUTS = 16384
# The per-seat counts of an equity job's tally, in this order.
TALLY_LISTS = (
    "high_units",
    "low_units",
    "square_units",
    "scoop",
    "high_win",
    "high_tie",
    "low_win",
    "low_tie",
    "low_made",
)

# Struct formats a buffer of these element types may report.
_NATIVE = "<" if sys.byteorder == "little" else ">"
_UINT8_FORMATS = ("B", "=B", "@B", "<B", ">B")
_UINT16_FORMATS = ("H", "=H", "@H", _NATIVE + "H")
_HOW_TO_SHAPE = "memoryview(buffer).cast('B', (n, k)) gives a flat buffer its rows"


class Batch(NamedTuple):
    holes: memoryview  # (n, k) uint8
    boards: memoryview  # (n, m), or (m,) when shared
    shared_board: bool
    rows: int
    hole_size: int
    board_size: int
    out_high: Any  # the caller's buffer or a new array('H')
    out_low: Any  # the caller's buffer or a new array('B')


def _view(obj: object, name: str) -> memoryview:
    # Buffers such as ctypes arrays say '<B' for bytes; plain 'B' views of them serve both
    # engines alike.
    try:
        return memoryview(obj)  # type: ignore[arg-type]
    except TypeError:
        raise BatchError(
            f"{name} must be a buffer (a numpy array, array.array, bytearray or memoryview), not {type(obj).__name__}"
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
    if view.format == "B" or 0 in _shape(view):
        return view  # memoryview cannot cast a view with no elements: nothing in it to read
    return view.cast("B").cast("B", _shape(view))


def _output(obj: Optional[object], name: str, formats: tuple[str, ...], typecode: str, rows: int) -> object:
    if obj is None:
        return array(typecode, [0]) * rows
    view = _view(obj, name)
    if view.format not in formats:
        kind = "uint16" if typecode == "H" else "uint8"
        raise BatchError(f"{name} must hold {kind}, not elements of format {view.format!r}")
    if view.readonly:
        raise BatchError(f"{name} is read-only")
    _check_output_layout(view, name, rows)
    return obj


def _check_output_layout(view: memoryview, name: str, rows: int) -> None:
    """An output buffer is 1-D, C-contiguous and one element a row: the message names what is
    wrong (a strided view of the right shape was told its shape was the problem)."""
    if view.ndim != 1:
        raise BatchError(f"{name} must be 1-D, {rows} elements, one per row, not shaped {view.shape}")
    if not view.c_contiguous:
        raise BatchError(
            f"{name} must be C-contiguous (a strided view such as a[::2] is not): "
            "numpy.ascontiguousarray makes a copy that is, or pass a fresh array"
        )
    if _shape(view)[0] != rows:
        raise BatchError(f"{name} must have {rows} elements, one per row, not {_shape(view)[0]}")


def check_batch(holes: object, boards: object, out_high: object = None, out_low: object = None) -> Batch:
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
        raise BatchError(
            f"boards has {_shape(board_view)[0]} rows but holes has {rows}; "
            "give one board per row, or one board (m,) for all"
        )
    high = _output(out_high, "out_high", _UINT16_FORMATS, "H", rows)
    low = _output(out_low, "out_low", _UINT8_FORMATS, "B", rows)
    if _overlap(high, low):
        raise BatchError("out_high and out_low share memory: give two separate buffers")
    return Batch(hole_view, board_view, shared, rows, hole_size, board_size, high, low)


def _overlap(a: object, b: object) -> bool:
    """Whether two writable buffers share a byte. (An input that overlaps an output is the
    engines' own concern: the fallback reads every row before it writes, the core copies.)"""
    first, second = memoryview(a), memoryview(b)  # type: ignore[arg-type]
    if not first.nbytes or not second.nbytes:
        return False
    x = ctypes.addressof(ctypes.c_char.from_buffer(first))
    y = ctypes.addressof(ctypes.c_char.from_buffer(second))
    return x < y + second.nbytes and y < x + first.nbytes


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


# A range seat of a range job, checked: (combos, weights, k), (the program's (code, table)
# bytes, b"", k) for a range read hand by hand, or (b"", b"", k) for every hand of k cards.
RangeSeat = tuple[Union[bytes, tuple[bytes, bytes]], bytes, int]


class Job(NamedTuple):
    """An equity job's arguments, checked: plain ints and tuples the engines read from."""

    holes: tuple[Optional[tuple[int, ...]], ...]  # None: a range job's range seat
    board: tuple[int, ...]
    dead: tuple[int, ...]
    exact: bool
    samples: int
    seed: int
    workers: int


def _cards_of(value: object, what: str) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)):
        raise JobError(f"an equity job takes {what} as card indices, not text {quoted(value)}")
    try:
        items = list(value)  # type: ignore[call-overload, arg-type]
    except TypeError:
        raise JobError(f"{what} must be an iterable of card indices, not {type(value).__name__}") from None
    return tuple(card_index(item) for item in items)


def _board_dead_and_counts(
    job: str,
    board: object,
    dead: object,
    exact: object,
    samples: object,
    seed: object,
    workers: object,
    hands: Sequence[tuple[Optional[tuple[int, ...]], int]],
) -> Job:
    """What every job checks alike, past its hands: the board, dead cards, no card twice, a
    deck left for the board, and the plain ints. ``hands`` are the seats' cards known (a
    range's seat is None) and how many cards each seat holds."""
    board_cards = _cards_of(board, "the board")
    dead_cards = _cards_of(dead, "dead cards")
    if len(board_cards) > 5:
        raise JobError(f"{job} takes at most five board cards")
    check_unique([c for hand, _ in hands if hand is not None for c in hand] + list(board_cards) + list(dead_cards))
    used = sum(size for _, size in hands) + len(board_cards) + len(dead_cards)
    if 52 - used < 5 - len(board_cards):
        raise JobError(f"{job} needs cards left in the deck for the board")
    if not isinstance(exact, bool):
        raise JobError(f"exact must be True or False, not {quoted(exact)}")
    return Job(
        tuple(hand for hand, _ in hands),
        board_cards,
        dead_cards,
        exact,
        whole_number(samples, "samples", 0, MAX_SAMPLES, JobError),
        whole_number(seed, "seed", 0, 2**64 - 1, JobError),
        whole_number(workers, "workers", 1, MAX_WORKERS, JobError),
    )


def check_job(
    holes: Iterable[object], board: object, dead: object, exact: object, samples: object, seed: object, workers: object
) -> Job:
    """An equity job's arguments as plain validated ints. ``omaha8.equity`` words its own
    errors first; this is what keeps a direct caller of an engine's EquityJob inside the
    engine's fixed arrays, as the engines read nothing but what this returns."""
    if isinstance(holes, (str, bytes)):
        raise JobError("holes must be a list of hands of card indices")
    try:
        hands = [_cards_of(hole, "a hand") for hole in list(holes)]
    except TypeError:
        raise JobError(f"holes must be a list of hands, not {type(holes).__name__}") from None
    if not 2 <= len(hands) <= MAX_SEATS or any(len(hand) not in HOLE_SIZES for hand in hands):
        raise JobError(f"an equity job takes 2 to {MAX_SEATS} hands of 4, 5 or 6 cards")
    return _board_dead_and_counts(
        "an equity job", board, dead, exact, samples, seed, workers, [(hand, len(hand)) for hand in hands]
    )


def check_range_walk(
    code: ProgramLike, table: ProgramLike, k: object, cards: object, shapes: object = b""
) -> tuple[bytes, bytes, int, int, bytes]:
    """The arguments of the engines' ``range_count`` and ``range_list``, checked alike for both:
    a compiled range, a hole size, a 52-bit mask of cards, and suit shapes (4 counts a shape,
    adding up to k)."""
    k = whole_number(k, "k", 4, MAX_HOLE_CARDS, JobError)
    code_bytes, table_bytes = check_program(0, code, table, k)
    mask = whole_number(cards, "the card mask", 0, (1 << 52) - 1, JobError)
    if not isinstance(shapes, (bytes, bytearray, memoryview)):
        raise JobError(f"shapes must be bytes, not {type(shapes).__name__}")
    shape_bytes = bytes(shapes)
    if len(shape_bytes) % 4 or any(
        sum(shape_bytes[i : i + 4]) != k or max(shape_bytes[i : i + 4]) > 13 for i in range(0, len(shape_bytes), 4)
    ):
        raise JobError(f"shapes must be 4 counts a shape, each at most 13, adding up to {k}")
    return code_bytes, table_bytes, k, mask, shape_bytes


def check_holdings(board: CardsLike, hole_size: object, dead: object) -> tuple[bytes, int, int]:
    """The arguments of the engines' ``holding_counts``: 3, 4 or 5 different board cards (card
    indices), a hole size of 4..6 and a 52-bit mask of cards out of play besides the board.
    Returns (board bytes, hole size, the mask of every card out: board and dead)."""
    cards = read_counted(board, "board cards", (3, 4, 5))
    check_unique(cards)
    k = whole_number(hole_size, "hole_size", 4, MAX_HOLE_CARDS, JobError)
    mask = whole_number(dead, "the dead-card mask", 0, (1 << 52) - 1, JobError)
    for card in cards:
        mask |= 1 << card
    return bytes(cards), k, mask


def check_share_against_all(board: CardsLike, hole: CardsLike, dead: object) -> tuple[bytes, bytes, int]:
    """The arguments of the engines' ``share_against_all``: a five-card board, a hand of 4..6
    cards apart from it (card indices, all different) and a 52-bit mask of cards out of play.
    Returns (board bytes, hole bytes, the mask of every card out: board, hole and dead)."""
    board_cards = read_counted(board, "board cards", (5,))
    hole_cards = read_counted(hole, "hole cards", tuple(range(4, MAX_HOLE_CARDS + 1)))
    check_unique(board_cards + hole_cards)
    mask = whole_number(dead, "the dead-card mask", 0, (1 << 52) - 1, JobError)
    for card in board_cards + hole_cards:
        mask |= 1 << card
    return bytes(board_cards), bytes(hole_cards), mask


def check_holding_values(
    board: CardsLike, hole_size: object, dead: object, most: object
) -> tuple[bytes, int, int, int]:
    """The arguments of the engines' ``holding_values``: ``check_holdings``' and how many values
    at most (1..7462). Returns (board bytes, hole size, the mask of every card out, most)."""
    board_bytes, k, mask = check_holdings(board, hole_size, dead)
    return board_bytes, k, mask, whole_number(most, "most", 1, 7462, JobError)


def check_holding_ranks(board: CardsLike, hole: CardsLike) -> tuple[bytes, bytes, int]:
    """The arguments of the engines' ``holding_ranks``: 3, 4 or 5 board cards and a hand of 4..6
    cards apart from them (card indices, all different). Returns (board bytes, hole bytes, the
    mask of the cards out: board and hand)."""
    board_cards = read_counted(board, "board cards", (3, 4, 5))
    hole_cards = read_counted(hole, "hole cards", tuple(range(4, MAX_HOLE_CARDS + 1)))
    check_unique(board_cards + hole_cards)
    mask = 0
    for card in board_cards + hole_cards:
        mask |= 1 << card
    return bytes(board_cards), bytes(hole_cards), mask


def check_rows_apart(combos: object, weights: object, k: object, dead: object) -> tuple[bytes, bytes, int, int]:
    """The arguments of the engines' ``rows_apart``: rows of k card indices as bytes, one weight
    byte a row, and a 52-bit mask of dead cards."""
    k = whole_number(k, "k", 4, MAX_HOLE_CARDS, JobError)
    byte_types = (bytes, bytearray, memoryview)
    if not isinstance(combos, byte_types) or not isinstance(weights, byte_types):
        raise JobError("rows_apart takes the rows and their weights as bytes")
    combo_bytes, weight_bytes = bytes(combos), bytes(weights)
    if len(combo_bytes) != k * len(weight_bytes):
        raise JobError(
            f"rows_apart takes {k} bytes a row and one weight a row: {len(combo_bytes)} bytes "
            f"for {len(weight_bytes)} weights"
        )
    mask = whole_number(dead, "the dead-card mask", 0, (1 << 52) - 1, JobError)
    return combo_bytes, weight_bytes, k, mask


def check_range_job(
    holes: Iterable[object],
    board: object,
    dead: object,
    exact: object,
    samples: object,
    seed: object,
    workers: object,
    ranges: Iterable[object],
) -> tuple[Job, dict[int, RangeSeat]]:
    """A range equity job's arguments, checked: ``holes[s]`` card indices, or None where
    ``ranges[s]`` is ``(combos, weights)``: ``combos`` a buffer of n rows of k card indices,
    each row ascending (as ``Range.combos`` gives them), ``weights`` n bytes 1..100; or the int
    k for every hand of k cards (sampling only). Returns the Job (None in ``holes`` for range
    seats) and {seat: (combos bytes, weights bytes, k)}, empty bytes for every hand."""
    if isinstance(holes, (str, bytes)) or isinstance(ranges, (str, bytes)):
        raise JobError("holes and ranges are lists, one entry per seat")
    holes, ranges = list(holes), list(ranges)
    if len(holes) != len(ranges) or not 2 <= len(holes) <= MAX_SEATS:
        raise JobError(f"a range job takes 2 to {MAX_SEATS} seats, one entry of holes and of ranges each")
    fixed = [None if hole is None else _cards_of(hole, "a hand") for hole in holes]
    if any(hand is not None and len(hand) not in HOLE_SIZES for hand in fixed):
        raise JobError("a range job takes hands of 4, 5 or 6 cards")
    out = {}
    sizes = [len(hand) if hand is not None else 0 for hand in fixed]
    deals = 1
    for seat, (hand, entry) in enumerate(zip(fixed, ranges)):
        if (hand is None) == (entry is None):
            raise JobError(f"seat {seat + 1} needs either hole cards or a range, not both or neither")
        if entry is not None:
            out[seat] = _range_entry(seat, entry, exact)
            sizes[seat] = out[seat][2]
            if out[seat][1]:
                deals *= len(out[seat][1])
    if len(set(sizes)) > 1:
        raise JobError("every hand of a range job has the same number of cards")
    job = _board_dead_and_counts("a range job", board, dead, exact, samples, seed, workers, list(zip(fixed, sizes)))
    if exact and deals * comb(52 - sum(sizes) - len(job.board) - len(job.dead), 5 - len(job.board)) > 2**62:
        raise JobError("too many deals to walk: sample them")
    return job, out


def _range_entry(seat: int, entry: Any, exact: object) -> RangeSeat:
    """One range seat of a range job: (combos, weights, k), or (program, b"", k) for a range
    read hand by hand, or (b"", b"", k) for every hand of k cards."""
    if isinstance(entry, tuple) and len(entry) == 3 and isinstance(entry[0], int):
        # A range read hand by hand (too large to list): (k, code, table), sampling only.
        k, code, table = entry
        if k not in HOLE_SIZES or exact:
            raise JobError(f"seat {seat + 1}: a range read hand by hand is for sampling only")
        return check_program(seat, code, table, k), b"", k
    if isinstance(entry, int) and not isinstance(entry, bool):
        # Every hand of that many cards, alike: drawn card by card, never listed.
        if entry not in HOLE_SIZES or exact:
            raise JobError(
                f"seat {seat + 1}: every hand of {entry} cards is a range for sampling only, of 4, 5 or 6 cards"
            )
        return b"", b"", entry
    try:
        combos, weights = entry
        combos = bytes(memoryview(combos).cast("B")) if not isinstance(combos, bytes) else combos
        weights = bytes(memoryview(weights).cast("B")) if not isinstance(weights, bytes) else weights
    except (TypeError, ValueError):
        raise JobError(f"seat {seat + 1}: a range is (combos, weights), two buffers of bytes") from None
    n = len(weights)
    if n == 0 or len(combos) % n or len(combos) // n not in HOLE_SIZES:
        raise JobError(f"seat {seat + 1}: {len(combos)} card bytes do not make {n} hands of 4, 5 or 6 cards")
    k = len(combos) // n
    if max(combos) > 51 or min(weights) < 1 or max(weights) > 100:
        raise JobError(f"seat {seat + 1}: range cards are 0..51 and weights 1..100")
    if not all(all(map(operator.lt, combos[i::k], combos[i + 1 :: k])) for i in range(k - 1)):
        raise JobError(f"seat {seat + 1}: every range row must hold its cards in ascending order")
    return combos, weights, k


# ---------------------------------------------------------------- showdown values

# Runout blocks of a turn or flop showdown job: its tasks, fixed whatever the number of threads
# (a river has two: the high sweep and the low sweep).
SHOWDOWN_BLOCKS = 8


def showdown_rows(obj: object, name: str) -> memoryview:
    """A C-contiguous uint8 (n, k) buffer of hands, k in 4..6, as a plain 'B' view."""
    view = _input(obj, name, (2,), "(n, k)")
    size = _shape(view)[1]
    if size not in HOLE_SIZES:
        raise BatchError(f"{name} must have 4, 5 or 6 cards per row, not {size}")
    return view


def showdown_weights(obj: object, rows: int) -> array:
    """One float weight per opponent as array('d'), by the one weight rule (``read_weights``)."""
    return read_weights(obj, rows, "weights", BatchError, "opponent")


def showdown_error(
    code: int, row: int, board: bytes, hands: bytes, opponents: bytes, hole_size: int, weights: bytes
) -> Exception:
    """The error for a showdown job's check code (negative), naming the row, in
    ``read_hand``'s words."""
    if code == -1:
        try:
            check_unique(read_counted(list(board), "board cards", BOARD_SIZES))
        except CardError as error:
            return CardError(f"the board: {error}")
        return CardError("the board has no room left for the runouts")
    if code in (-3, -4):
        name, rows = ("hands", hands) if code == -3 else ("opponents", opponents)
        hole = list(rows[row * hole_size : (row + 1) * hole_size])
        try:
            read_hand(hole, list(board))
        except CardError as error:
            return CardError(f"{name} row {row}: {error}")
    if code == -5:
        return BatchError(f"weights[{row}] is not a finite number, 0 or more")
    return JobError(
        f"{hole_size}-card hands leave no runout of a {len(board)}-card board"
        if code == -2
        else f"the showdown job's arguments do not fit (code {code})"
    )


# ---------------------------------------------------------------- hand indexers

MAX_INDEXER_ROUNDS = 7  # a suit's shape packs 4 bits a round beside its 36-bit index
_UINT64_FORMATS = ("Q", "=Q", "@Q", _NATIVE + "Q", "L", "=L", "@L", _NATIVE + "L")  # 8 bytes checked apart


def check_rounds(rounds: object) -> tuple[int, ...]:
    """Cards per round: 1 to 7 rounds of at least one card each, 52 cards at most in all."""
    if isinstance(rounds, (str, bytes)) or not hasattr(rounds, "__iter__"):
        raise IndexerError(f"rounds must be a sequence of cards per round, such as (4, 3, 1, 1), not {quoted(rounds)}")
    out = tuple(rounds)  # type: ignore[call-overload]
    if not 1 <= len(out) <= MAX_INDEXER_ROUNDS:
        raise IndexerError(f"an indexer takes 1 to {MAX_INDEXER_ROUNDS} rounds, not {len(out)}")
    # The one integer rule, worded as every count is (numpy integers too, never a bool or float).
    out = tuple(whole_number(cards, f"round {r + 1}'s cards", 1, 52, IndexerError) for r, cards in enumerate(out))
    if sum(out) > 52:
        raise IndexerError(f"rounds {out} deal {sum(out)} cards: a deck has 52")
    return out


def read_index(value: object, what: str, limit: int, of: str = "") -> int:
    """A whole number 0 .. limit - 1 (an index, a round)."""
    number = integer_of(value)
    if number is None:
        raise IndexerError(f"{what} must be an int, not {type(value).__name__} {quoted(value)}")
    if not 0 <= number < limit:
        raise IndexerError(f"{what} {number} is outside 0..{limit - 1}" + (f" {of}" if of else ""))
    return number


def _sizes_text(ends: list[int]) -> str:
    return ", ".join(map(str, ends[:-1])) + (" or " if len(ends) > 1 else "") + str(ends[-1])


def read_round_cards(cards: object, ends: list[int]) -> tuple[list[int], int]:
    """The cards of rounds 0..r as indices, and r: their count must end a round."""
    indices = [int(c) for c in parse_cards(cards)]  # type: ignore[arg-type]
    if len(indices) not in ends:
        raise IndexerError(f"{len(indices)} cards are not whole rounds: give {_sizes_text(ends)} cards")
    check_unique(indices)
    return indices, ends.index(len(indices))


def indexer_rows(obj: object, ends: list[int]) -> tuple[memoryview, int]:
    """A C-contiguous uint8 (n, m) buffer, m the cards of whole rounds, and the round it ends."""
    view = _input(obj, "buffer", (2,), "(n, m)")
    width = _shape(view)[1]
    if width not in ends:
        raise IndexerError(f"buffer rows of {width} cards are not whole rounds: give {_sizes_text(ends)} cards a row")
    return view, ends.index(width)


def indexer_row_error(row: int, cards: bytes) -> Exception:
    bad = [c for c in cards if c > 51]
    if bad:
        return CardError(f"buffer row {row}: {bad[0]} is not a card index (0..51)")
    return CardError(f"buffer row {row} holds a card twice: {list(cards)}")


def indexer_out(obj: Optional[_Out], rows: int) -> Union[_Out, array[int]]:
    """The uint64 output of index_batch: a new array('Q'), or the caller's writable buffer."""
    if obj is None:
        return array("Q", bytes(8 * rows))
    view = _view(obj, "out")
    if view.format not in _UINT64_FORMATS or view.itemsize != 8:
        raise BatchError(f"out must hold uint64, not elements of format {view.format!r}")
    if view.readonly:
        raise BatchError("out is read-only")
    _check_output_layout(view, "out", rows)
    return obj


def indexer_indices(obj: object, size: int, r: int) -> array:
    """Indices to unindex as array('Q'), each checked to be within 0 .. size - 1."""
    if isinstance(obj, (str, bytes)):
        raise BatchError(f"indices must be whole numbers, not {type(obj).__name__}")
    try:
        view: Optional[memoryview] = memoryview(obj)  # type: ignore[arg-type]
    except TypeError:
        view = None
    if (
        view is not None
        and view.ndim == 1
        and view.format in _UINT64_FORMATS
        and view.itemsize == 8
        and view.c_contiguous
    ):
        values = array("Q", view.tobytes())
    else:
        try:
            items = list(obj)  # type: ignore[call-overload]
        except TypeError:
            raise BatchError("indices must be a uint64 buffer or a sequence of whole numbers") from None
        for i, item in enumerate(items):
            if isinstance(item, bool) or not isinstance(item, numbers.Integral) or not 0 <= int(item) < size:
                read_index(item, f"indices[{i}]", size, f"of round {r}")
        values = array("Q", items)
    # A buffer's values are checked against the size by the engine (the compiled one in C).
    return values


def index_range_error(values: array, size: int, r: int) -> Exception:
    """The error for the first of ``values`` outside 0 .. size - 1."""
    for i, value in enumerate(values):
        if value >= size:
            try:
                read_index(value, f"indices[{i}]", size, f"of round {r}")
            except IndexerError as error:
                return error
    return IndexerError("an index is outside the round's classes")


def indexer_cards_out(obj: object, rows: int, width: int) -> tuple[Any, memoryview]:
    """The (n, m) uint8 output of unindex_batch, and a flat writable view of it."""
    if obj is None:
        target: Any = (ctypes.c_uint8 * width * rows)()
        return target, (memoryview(target).cast("B") if rows else memoryview(bytearray()))
    view = _view(obj, "out")
    if view.format not in _UINT8_FORMATS:
        raise BatchError(f"out must hold uint8, not elements of format {view.format!r}")
    if view.readonly:
        raise BatchError("out is read-only")
    if view.ndim != 2 or not view.c_contiguous or tuple(_shape(view)) != (rows, width):
        raise BatchError(f"out must be a C-contiguous ({rows}, {width}) uint8 buffer, not shaped {view.shape}")
    return obj, (view.cast("B") if rows else memoryview(bytearray()))


# The river solver's node kinds, as both engines number them: a decision of OOP (0) or IP (1),
# a fold by OOP (2) or by IP (3), a showdown (4).
RIVER_NODE_KINDS = ("oop", "ip", "oop folded", "ip folded", "showdown")


class RiverSpec(NamedTuple):
    board: bytes
    rows: tuple[bytes, bytes]  # OOP's rows, IP's rows: hole_size card indices each
    hole_size: int
    weights: tuple[array, array]  # one float64 chance weight per row, 0 or more
    kinds: list[int]
    firsts: list[int]  # a decision's first child; its children are consecutive
    counts: list[int]
    amounts: list[float]  # per node: the chips in the middle, OOP's and IP's river bets
    depth: int  # decision levels on the longest line
    widest: int  # the most actions at one decision


def _river_rows(rows: object, k: int, board_mask: int, side: str) -> bytes:
    data = bytes(rows)  # type: ignore[call-overload]
    if not data or len(data) % k:
        raise SolverError(f"{side}: the range needs at least one whole hand of {k} cards")
    for i in range(len(data) // k):
        mask = board_mask
        for card in data[i * k : (i + 1) * k]:
            if card > 51 or mask >> card & 1:
                raise CardError(
                    f"{side} hand {i} ({quoted(list(data[i * k : (i + 1) * k]))}) repeats a card, "
                    "holds one of the board or one that is not a card"
                )
            mask |= 1 << card
    return data


def _river_weights(weights: object, rows: int, side: str) -> array:
    """One chance weight per hand: float64 bytes as the solver passes them, or anything the one
    weight rule (``read_weights``) reads: finite, 0 or more, adding up to at most
    MAX_WEIGHT_TOTAL, so that no sum of the sweep overflows."""
    if isinstance(weights, (bytes, bytearray)):
        if len(weights) % 8:
            raise SolverError(f"{side} weights are float64 bytes, 8 bytes a hand, not {len(weights):,} bytes")
        weights = array("d", bytes(weights))
    values = read_weights(weights, rows, f"{side} weights", SolverError, "hand")
    if not any(values):
        raise SolverError(f"{side}: every weight is 0")
    return values


def check_river_job(
    board: CardBytes,
    oop_rows: object,
    ip_rows: object,
    hole_size: object,
    oop_weights: object,
    ip_weights: object,
    kinds: Iterable[int],
    firsts: Iterable[int],
    counts: Iterable[int],
    amounts: Iterable[float],
) -> RiverSpec:
    """The river solver's spot and tree, checked whole: the engines read only what this passed.
    A tree's nodes are numbered so that each decision's children follow it, consecutive, and
    every node but the root is the child of exactly one decision."""
    cards = list(bytes(board))
    if len(cards) != 5 or any(c > 51 for c in cards) or len(set(cards)) != 5:
        raise CardError(f"a river board is five different cards, not {quoted(cards)}")
    k = whole_number(hole_size, "hole_size", 4, MAX_HOLE_CARDS, SolverError)
    board_mask = sum(1 << c for c in cards)
    rows = (_river_rows(oop_rows, k, board_mask, "oop"), _river_rows(ip_rows, k, board_mask, "ip"))
    weights = (
        _river_weights(oop_weights, len(rows[0]) // k, "oop"),
        _river_weights(ip_weights, len(rows[1]) // k, "ip"),
    )
    kinds, firsts, counts, amounts = list(kinds), list(firsts), list(counts), list(amounts)
    nodes = len(kinds)
    if not nodes or len(firsts) != nodes or len(counts) != nodes or len(amounts) != 3 * nodes:
        raise SolverError("a river tree needs a kind, a first child, a count and three amounts per node")
    if kinds[0] != 0:
        raise SolverError("a river tree's root is OOP's decision")
    parents = [0] * nodes
    depth = [0] * nodes
    widest = 1
    for node, (kind, first, count) in enumerate(zip(kinds, firsts, counts)):
        if kind not in range(len(RIVER_NODE_KINDS)):
            raise SolverError(f"node {node} has kind {kind!r}, not one of 0..{len(RIVER_NODE_KINDS) - 1}")
        if kind <= 1:
            if not (
                isinstance(count, int)
                and isinstance(first, int)
                and count >= 1
                and node < first
                and first + count <= nodes
            ):
                raise SolverError(f"node {node}: its children {first!r}..+{count!r} are not later nodes of the tree")
            widest = max(widest, count)
            for child in range(first, first + count):
                parents[child] += 1
                depth[child] = depth[node] + 1
        elif count != 0:
            raise SolverError(f"node {node} ends the hand but has children")
    if parents[0] != 0 or any(p != 1 for p in parents[1:]):
        raise SolverError("every node of a river tree but the root is the child of exactly one decision")
    for value in amounts:
        if not (isinstance(value, (int, float)) and 0.0 <= value < float("inf")):
            raise SolverError(f"a river tree's chip amounts are finite and 0 or more, not {value!r}")
    return RiverSpec(
        bytes(cards), rows, k, weights, kinds, firsts, counts, [float(a) for a in amounts], max(depth) + 1, widest
    )


# The street solver's node kinds: the river's, and a chance node (5) dealing the next card.
STREET_NODE_KINDS = RIVER_NODE_KINDS + ("chance",)


# Suit isomorphism of the cards dealt. A swap is a pair of suits (a, b), a < b, whose renaming
# leaves the root's board and both ranges (weights included) as they are. At a chance node a
# swap still holds while its two suits hold the same ranks on the board so far; a card of the
# higher suit of a swap that holds is then dealt as the mirror image of the lower suit's card of
# the same rank: its subtree is that card's with every hand's suits swapped.
SUIT_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
_SUIT_LANE = sum(1 << (4 * rank) for rank in range(13))  # the cards of suit 0, as a mask


def swap_suits(mask: int, a: int, b: int) -> int:
    """A set of cards (a bit mask, card = rank * 4 + suit) with suits a < b swapped."""
    shift = b - a
    moved = ((mask >> shift) ^ mask) & (_SUIT_LANE << a)
    return mask ^ moved ^ (moved << shift)


def _suit_ranks(mask: int, suit: int) -> int:
    return ((mask >> suit) & _SUIT_LANE) if suit >= 0 else 0


def dealt_cards(used: int, swaps: tuple) -> list[tuple[int, int]]:
    """What a chance node deals, the board and the cards dealt so far being ``used`` (a mask):
    each card it solves, in card order, with a bit mask over ``swaps``' indices of the swaps
    that deal another card as this one's mirror image (bit j: the card ``swaps[j]`` renames it
    to). ``swaps`` closed (with (a, b) and (b, c), (a, c)): a card's mirror is then the card of
    the same rank in the lowest suit its suit may swap with."""
    lowest: dict[int, tuple[int, int]] = {}
    for j, (a, b) in enumerate(swaps):
        if _suit_ranks(used, a) == _suit_ranks(used, b) and (b not in lowest or a < lowest[b][0]):
            lowest[b] = (a, j)
    solved: dict[int, int] = {}
    for card in range(52):
        if used >> card & 1:
            continue
        rank, suit = divmod(card, 4)
        if suit in lowest:
            partner, j = lowest[suit]
            solved[rank * 4 + partner] |= 1 << j
        else:
            solved[card] = 0
    return list(solved.items())


def hand_swap(rows: bytes, k: int, weights: Any, a: int, b: int) -> Optional[array]:
    """Per hand of ``rows``: the index of the hand with suits a and b swapped, or None when one
    has no such hand or its weight differs (the range is not symmetric in a and b)."""
    n = len(rows) // k
    masks = [0] * n
    for i in range(n):
        mask = 0
        for c in rows[i * k : (i + 1) * k]:
            mask |= 1 << c
        masks[i] = mask
    index = {mask: i for i, mask in enumerate(masks)}
    out = array("i", bytes(4 * n))
    for i, mask in enumerate(masks):
        j = index.get(swap_suits(mask, a, b))
        if j is None or weights[j] != weights[i]:
            return None
        out[i] = j
    return out


def symmetric_swaps(board: bytes, rows: tuple, weights: tuple, k: int) -> tuple[tuple[int, int], ...]:
    """The swaps (see SUIT_PAIRS) of suits holding the same ranks on ``board`` under which both
    sides' hands and weights are unchanged: closed, as dealt_cards needs."""
    used = sum(1 << c for c in bytes(board))
    found = []
    for a, b in SUIT_PAIRS:
        if _suit_ranks(used, a) != _suit_ranks(used, b):
            continue
        if all(hand_swap(rows[p], k, weights[p], a, b) is not None for p in (0, 1)):
            found.append((a, b))
    return tuple(found)


def _read_swaps(swaps: object, board_mask: int, rows: tuple, weights: tuple, k: int) -> tuple:
    """check_street_job's swaps: pairs of SUIT_PAIRS, closed, each leaving the board's ranks and
    both sides' hands and weights as they are; their hand permutations, per side."""
    try:
        pairs = tuple((int(a), int(b)) for a, b in swaps)  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise SolverError(f"swaps are pairs of suits (a, b), a < b, not {quoted(swaps)}") from None
    if any(pair not in SUIT_PAIRS for pair in pairs) or len(set(pairs)) != len(pairs):
        raise SolverError(f"swaps are different pairs of suits (a, b), 0 <= a < b <= 3, not {quoted(swaps)}")
    for a, b in pairs:
        for c in range(4):
            if c not in (a, b) and ((min(a, c), max(a, c)) in pairs) != ((min(b, c), max(b, c)) in pairs):
                raise SolverError(
                    f"swaps {quoted(swaps)} are not closed: with ({a}, {b}), a third suit swaps with both or neither"
                )
    perms: tuple[list, list] = ([], [])
    for a, b in pairs:
        if _suit_ranks(board_mask, a) != _suit_ranks(board_mask, b):
            raise SolverError(f"the swap of suits {a} and {b} changes the board's ranks")
        for p in (0, 1):
            perm = hand_swap(rows[p], k, weights[p], a, b)
            if perm is None:
                raise SolverError(f"the swap of suits {a} and {b} changes {('oop', 'ip')[p]}'s hands or weights")
            perms[p].append(perm)
    return pairs, perms


class StreetSpec(NamedTuple):
    board: bytes  # 3, 4 or 5 cards
    rows: tuple[bytes, bytes]
    hole_size: int
    weights: tuple[array, array]
    kinds: list[int]
    firsts: list[int]
    counts: list[int]
    amounts: list[float]  # per node: the pot, OOP's and IP's chips since the start
    cards: list[int]  # per node: the card a chance node dealt to reach it, else -1
    depths: list[int]  # per node: its depth below the root
    widest: int  # the most actions at one decision
    boards: list[int]  # the river boards' dealt cards, each a bit mask
    board_of: list[int]  # per node: the index in ``boards`` of a showdown's board, else -1
    left: list[float]  # per node: at a chance node, the cards a pair leaves to deal, else 0
    swaps: tuple  # the suit swaps (a, b) dealt cards are mirrored by
    mirrors: list[int]  # per node: at a chance node's child, its mirrors' swaps as bits, else 0
    perms: tuple[list, list]  # per side, per swap: each hand's index with the suits swapped


class _StreetWalk:
    """check_street_job's walk of a tree in node order (children follow their parents): each
    node's depth, the cards dealt to it, its showdown's board and its chance node's cards left."""

    def __init__(self, board_size: int, board_mask: int, k: int, nodes: int, swaps: tuple = ()) -> None:
        self.board_size, self.board_mask, self.k, self.swaps = board_size, board_mask, k, swaps
        self.mirrors = [0] * nodes
        self.parents = [0] * nodes
        self.depths = [0] * nodes
        self.masks = [0] * nodes
        self.widest = 1
        self.boards: dict[int, int] = {}
        self.board_of = [-1] * nodes
        self.left = [0.0] * nodes
        self.nodes = nodes

    def node(self, node: int, kind: object, first: object, count: object, dealt: list) -> None:
        if kind not in range(len(STREET_NODE_KINDS)):
            raise SolverError(f"node {node} has kind {kind!r}, not one of 0..{len(STREET_NODE_KINDS) - 1}")
        on_board = self.board_size + bin(self.masks[node]).count("1")
        if kind in (0, 1, 5):
            if not (isinstance(count, int) and isinstance(first, int) and count >= 1 and node < first):
                raise SolverError(f"node {node}: its children {first!r}..+{count!r} are not later nodes of the tree")
            if first + count > self.nodes:
                raise SolverError(f"node {node}: its children {first!r}..+{count!r} are not later nodes of the tree")
            children = range(first, first + count)
            for child in children:
                self.parents[child] += 1
                self.depths[child] = self.depths[node] + 1
                self.masks[child] = self.masks[node]
            if kind == 5:
                self._chance(node, on_board, children, dealt)
            else:
                self.widest = max(self.widest, count)
                if any(dealt[child] != -1 for child in children):
                    raise SolverError(f"node {node}: only a chance node's children are dealt a card")
        elif count != 0:
            raise SolverError(f"node {node} ends the hand but has children")
        if kind == 4:
            if on_board != 5:
                raise SolverError(f"node {node} is a showdown on {on_board} cards, not five")
            self.board_of[node] = self.boards.setdefault(self.masks[node], len(self.boards))

    def _chance(self, node: int, on_board: int, children: range, dealt: list) -> None:
        if on_board >= 5:
            raise SolverError(f"node {node} deals a card on a board of five")
        coming = dealt_cards(self.board_mask | self.masks[node], self.swaps)
        if [dealt[child] for child in children] != [card for card, _ in coming]:
            words = "every card that can come" if not self.swaps else "the cards that can come but mirror images"
            raise SolverError(f"node {node}: a chance node's children deal {words}, in order")
        for child, (_, mirrors) in zip(children, coming):
            self.masks[child] |= 1 << dealt[child]
            self.mirrors[child] = mirrors
        self.left[node] = float(52 - on_board - 2 * self.k)


def check_lock(count: int, hands: int, strategy: object) -> array:
    """A decision's locked strategy for ``lock``: float64 bytes of [action][hand] over its
    ``count`` actions and ``hands`` hands, each hand's either all NaN (left free) or
    probabilities adding up to 1 within 1e-9; the doubles read."""
    if not isinstance(strategy, (bytes, bytearray, memoryview)):
        raise JobError(f"a lock is float64 bytes of [action][hand], not {type(strategy).__name__}")
    flat = array("d", bytes(strategy))
    if len(flat) != count * hands:
        raise JobError(f"a lock has {len(flat):,} numbers, not {count} actions times {hands:,} hands")
    for i in range(hands):
        row = [flat[a * hands + i] for a in range(count)]
        free = [x != x for x in row]
        if all(free):
            continue
        if any(free) or not all(0.0 <= x <= 1.0 for x in row) or abs(math.fsum(row) - 1.0) > 1e-9:
            raise JobError(f"hand {i}'s locked strategy {row!r} is not probabilities adding up to 1 (or all NaN)")
    return flat


def check_street_job(
    board: CardBytes,
    oop_rows: object,
    ip_rows: object,
    hole_size: object,
    oop_weights: object,
    ip_weights: object,
    kinds: Iterable[int],
    firsts: Iterable[int],
    counts: Iterable[int],
    amounts: Iterable[float],
    cards: Iterable[int],
    swaps: object = (),
) -> StreetSpec:
    """The street solver's spot and tree, checked whole: the engines read only what this passed.
    The river's rules (``check_river_job``) and a chance node's children one per card that can
    come (none of the board or dealt before; with ``swaps``, see SUIT_PAIRS, but the mirror
    images, as dealt_cards lists them), showdowns only on five cards, no chance on five."""
    board_cards = list(bytes(board))
    if not 3 <= len(board_cards) <= 5 or any(c > 51 for c in board_cards) or len(set(board_cards)) != len(board_cards):
        raise CardError(f"a board is three to five different cards, not {quoted(board_cards)}")
    k = whole_number(hole_size, "hole_size", 4, MAX_HOLE_CARDS, SolverError)
    board_mask = sum(1 << c for c in board_cards)
    rows = (_river_rows(oop_rows, k, board_mask, "oop"), _river_rows(ip_rows, k, board_mask, "ip"))
    weights = (
        _river_weights(oop_weights, len(rows[0]) // k, "oop"),
        _river_weights(ip_weights, len(rows[1]) // k, "ip"),
    )
    pairs, perms = _read_swaps(swaps, board_mask, rows, weights, k)
    kinds, firsts, counts, amounts, dealt = list(kinds), list(firsts), list(counts), list(amounts), list(cards)
    nodes = len(kinds)
    if not nodes or not len(firsts) == len(counts) == len(dealt) == nodes or len(amounts) != 3 * nodes:
        raise SolverError("a tree needs a kind, a first child, a count, a card and three amounts per node")
    if kinds[0] not in (0, 1, 5):
        raise SolverError("a tree's root is a decision or a chance node")
    if dealt[0] != -1:
        raise SolverError("the root is dealt no card")
    walk = _StreetWalk(len(board_cards), board_mask, k, nodes, pairs)
    for node, (kind, first, count) in enumerate(zip(kinds, firsts, counts)):
        walk.node(node, kind, first, count, dealt)
    if node_roots := [n for n in range(1, nodes) if walk.parents[n] != 1]:
        raise SolverError(f"every node but the root is the child of exactly one node, not node {node_roots[0]}")
    for value in amounts:
        if not (isinstance(value, (int, float)) and 0.0 <= value < float("inf")):
            raise SolverError(f"a tree's chip amounts are finite and 0 or more, not {value!r}")
    return StreetSpec(
        bytes(board_cards),
        rows,
        k,
        weights,
        kinds,
        firsts,
        counts,
        [float(a) for a in amounts],
        dealt,
        walk.depths,
        walk.widest,
        list(walk.boards),
        walk.board_of,
        walk.left,
        pairs,
        walk.mirrors,
        perms,
    )
