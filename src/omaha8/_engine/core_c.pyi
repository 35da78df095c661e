"""Types of the compiled core, ``omaha8._engine.core_c`` (built from ``core_c.pyx`` and the
``.pxi`` files it includes), which has no Python source for a type checker to read.

The API is the engine API, by the same names and signatures as the pure engine's
(``core_py``, whose parts in ``pure/`` are the twins of the C files); beyond it, the job base
``TaskedJob`` and what the compiled core alone has: its build's limits and tables.
``tests/test_stubs.py`` holds this file to both modules, name by name and parameter by parameter.

Card arguments are read as the pure engine reads them (``omaha8.cards``, ``checks``): a card is
its text, a ``Card`` or an index 0..51 (numpy integers too); rows of cards are bytes of indices;
weights are float64 bytes or numbers. Buffers are C-contiguous ``uint8`` (``uint16`` and
``uint64`` outputs), as ``checks`` words the rules.
"""

import ctypes
from array import array
from collections.abc import Iterable, Sequence
from typing import Literal, SupportsIndex, TypeAlias, TypedDict, TypeVar, overload

from _typeshed import ReadableBuffer, WriteableBuffer

from omaha8.cards import Card, CardsLike

__all__ = [
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
]

# One card: its text ("As"), a Card or an index 0..51 (anything with __index__: numpy integers).
_Card: TypeAlias = str | SupportsIndex
# Card indices read through bytes(): a bytes-like buffer of them, or the ints themselves.
_CardBytes: TypeAlias = ReadableBuffer | Iterable[SupportsIndex]
# Weights: float64 bytes (bytes, bytearray), a 1-D buffer of numbers, or a sequence of numbers.
_Weights: TypeAlias = ReadableBuffer | Iterable[float]
# Where the engines check isinstance(value, (bytes, bytearray, memoryview)).
_ByteString: TypeAlias = bytes | bytearray | memoryview
# Read by array(typecode, value): bytes are the numbers' own bytes, any other iterable the numbers.
_Numbers: TypeAlias = bytes | bytearray | Iterable[float]
# A compiled range (Range.program()): its C ints as array('i'), their bytes, or the ints.
_Program: TypeAlias = bytes | bytearray | Iterable[int]
# A range seat of a RangeEquityJob: (combos, weights) buffers; every hand of k cards, the int k;
# or (k, code, table), a range read hand by hand (the last two for sampling only).
_RangeSeat: TypeAlias = tuple[ReadableBuffer, ReadableBuffer] | int | tuple[int, _Program, _Program]

# A caller's output buffer, returned as given.
_Out = TypeVar("_Out", bound=WriteableBuffer)
_OutLow = TypeVar("_OutLow", bound=WriteableBuffer)

class _Tally(TypedDict):
    """``EquityJob.tally()``: per-seat counts (``checks.TALLY_LISTS``), then the totals."""

    high_units: list[int]
    low_units: list[int]
    square_units: list[int]
    scoop: list[int]
    high_win: list[int]
    high_tie: list[int]
    low_win: list[int]
    low_tie: list[int]
    low_made: list[int]
    low_possible: int
    runouts: int
    pot_units: int

# ---------------------------------------------------------------- evaluation (core_c.pyx)

def evaluate(hole: CardsLike, board: CardsLike) -> tuple[int, int | None]: ...
def evaluate_high(hole: CardsLike, board: CardsLike) -> int: ...
def evaluate_low(hole: CardsLike, board: CardsLike) -> int | None: ...

# New array('H') and array('B') outputs, or the caller's buffers, returned as given.
@overload
def evaluate_batch(
    holes: ReadableBuffer, boards: ReadableBuffer, out_high: None = None, out_low: None = None
) -> tuple[array[int], array[int]]: ...
@overload
def evaluate_batch(
    holes: ReadableBuffer, boards: ReadableBuffer, out_high: _Out, out_low: None = None
) -> tuple[_Out, array[int]]: ...
@overload
def evaluate_batch(
    holes: ReadableBuffer, boards: ReadableBuffer, out_high: None, out_low: _OutLow
) -> tuple[array[int], _OutLow]: ...
@overload
def evaluate_batch(
    holes: ReadableBuffer, boards: ReadableBuffer, out_high: _Out, out_low: _OutLow
) -> tuple[_Out, _OutLow]: ...
@overload
def evaluate_batch(
    holes: ReadableBuffer, boards: ReadableBuffer, out_high: _Out | None = None, out_low: _OutLow | None = None
) -> tuple[_Out | array[int], _OutLow | array[int]]: ...
def five_card_value(cards: CardsLike) -> int: ...
def all_five_card_values() -> array[int]: ...

# The compiled core's own views of its tables, for the tests.
def low_table() -> bytes: ...
def high_row(board_ranks: Sequence[int]) -> list[int]: ...
def pair_index(a: int, b: int) -> int: ...

# What the build holds: {"hole_cards", "seats", "chunk_runouts"}, and the tables' bytes.
CAPACITY: dict[str, int]
TABLE_BYTES: int

# ---------------------------------------------------------------- jobs (jobs_c.pxi)

class TaskedJob:
    """The base of the jobs: tasks that up to ``workers`` threads claim (``run(worker)``)."""

    @property
    def workers(self) -> int: ...
    @property
    def tasks(self) -> int: ...
    def run(self, worker: int) -> None: ...
    def done(self) -> int: ...
    @property
    def total(self) -> int: ...
    def stop(self) -> None: ...

# ---------------------------------------------------------------- equity (equity_c.pxi)

class EquityJob(TaskedJob):
    def __init__(
        self,
        holes: Iterable[Iterable[_Card]],
        board: Iterable[_Card],
        dead: Iterable[_Card],
        exact: bool,
        samples: SupportsIndex,
        seed: SupportsIndex,
        workers: SupportsIndex,
    ) -> None: ...
    def tally(self) -> _Tally: ...

class RangeEquityJob(EquityJob):
    def __init__(
        self,
        holes: Iterable[Iterable[_Card] | None],
        board: Iterable[_Card],
        dead: Iterable[_Card],
        exact: bool,
        samples: SupportsIndex,
        seed: SupportsIndex,
        workers: SupportsIndex,
        ranges: Iterable[_RangeSeat | None],
    ) -> None: ...
    def dry(self) -> bool: ...

def draw_cards(seed: int, pool: Iterable[_Card], count: int) -> list[Card]: ...
def range_count(
    code: _Program, table: _Program, k: SupportsIndex, relevant: SupportsIndex, shapes: _ByteString = b""
) -> int: ...
def range_list(code: _Program, table: _Program, k: SupportsIndex, allowed: SupportsIndex) -> tuple[bytes, bytes]: ...
def rows_apart(
    combos: _ByteString, weights: _ByteString, k: SupportsIndex, dead: SupportsIndex
) -> tuple[bytes, bytes]: ...

# ---------------------------------------------------------------- showdown values (showdown_c.pxi)

class ShowdownJob(TaskedJob):
    def __init__(
        self,
        board: _CardBytes,
        hands: _CardBytes,
        opponents: _CardBytes,
        hole_size: int,
        weights: ReadableBuffer,
        workers: int,
    ) -> None: ...
    # (share, high, low, weight, equity), array('d') each.
    def result(self) -> tuple[array[float], array[float], array[float], array[float], array[float]]: ...

class TallySweeper:
    def __init__(
        self,
        hands: _CardBytes,
        opponents: _CardBytes,
        hole_size: int,
        hand_weights: ReadableBuffer,
        opponent_weights: ReadableBuffer,
        groups: ReadableBuffer,
        group_count: int,
    ) -> None: ...
    def add_board(self, board: _CardBytes, dead: _CardBytes = b"", multiplier: int = 1) -> None: ...
    def add_runouts(self, board: _CardBytes, dead: _CardBytes, first: int, stop: int) -> None: ...
    # Per group, the 11 fields (TALLY_LISTS, low_possible, runouts) as ints.
    def sums(self) -> list[tuple[int, ...]]: ...

def release_memory() -> int: ...

# ---------------------------------------------------------------- hand indexer (suits_c.pxi)

class HandIndexer:
    def __init__(self, rounds: Iterable[SupportsIndex]) -> None: ...
    @property
    def rounds(self) -> tuple[int, ...]: ...
    def size(self, round: SupportsIndex) -> int: ...
    def index(self, cards: CardsLike) -> int: ...
    # A new array('Q'), or the caller's uint64 buffer.
    @overload
    def index_batch(self, buffer: ReadableBuffer, out: None = None) -> array[int]: ...
    @overload
    def index_batch(self, buffer: ReadableBuffer, out: _Out) -> _Out: ...
    def unindex(self, round: SupportsIndex, index: SupportsIndex) -> tuple[Card, ...]: ...
    # A new (n, m) ctypes array of uint8, or the caller's buffer.
    @overload
    def unindex_batch(
        self, round: SupportsIndex, indices: ReadableBuffer | Iterable[SupportsIndex], out: None = None
    ) -> ctypes.Array[ctypes.Array[ctypes.c_uint8]]: ...
    @overload
    def unindex_batch(
        self, round: SupportsIndex, indices: ReadableBuffer | Iterable[SupportsIndex], out: _Out
    ) -> _Out: ...

# ---------------------------------------------------------------- hand strength (strength_c.pxi)

class StrengthJob(TaskedJob):
    def __init__(
        self,
        board: _CardBytes,
        hands: _CardBytes,
        opponents: _CardBytes,
        hole_size: int,
        weights: ReadableBuffer,
        bins: int,
        workers: int,
    ) -> None: ...
    # (equity, equity_squared, high, low, scoop, low_made, weight, histogram), array('d') each.
    def result(
        self,
    ) -> tuple[
        array[float],
        array[float],
        array[float],
        array[float],
        array[float],
        array[float],
        array[float],
        array[float],
    ]: ...

# ---------------------------------------------------------------- river solver (river_c.pxi)

class RiverJob(TaskedJob):
    def __init__(
        self,
        board: _CardBytes,
        oop_rows: _CardBytes,
        ip_rows: _CardBytes,
        hole_size: SupportsIndex,
        oop_weights: _Weights,
        ip_weights: _Weights,
        kinds: Iterable[int],
        firsts: Iterable[int],
        counts: Iterable[int],
        amounts: Iterable[float],
    ) -> None: ...
    @property
    def iteration(self) -> int: ...
    # Per player, each hand's chance weight against the other's range.
    @property
    def opponent_weights(self) -> tuple[array[float], array[float]]: ...
    @property
    def memory(self) -> int: ...
    def begin(self, mode: int, iteration: int = 0, player: int = 0) -> None: ...
    def root(self, player: int) -> array[float]: ...
    def average(self, node: int) -> array[float]: ...

# ---------------------------------------------------------------- street solver (street_c.pxi)

class StreetJob(TaskedJob):
    def __init__(
        self,
        board: _CardBytes,
        oop_rows: _CardBytes,
        ip_rows: _CardBytes,
        hole_size: SupportsIndex,
        oop_weights: _Weights,
        ip_weights: _Weights,
        kinds: Iterable[int],
        firsts: Iterable[int],
        counts: Iterable[int],
        amounts: Iterable[float],
        cards: Iterable[int],
        compressed: bool = False,
        swaps: Iterable[tuple[int, int]] = (),
    ) -> None: ...
    @property
    def iteration(self) -> int: ...
    @property
    def opponent_weights(self) -> tuple[array[float], array[float]]: ...
    @property
    def memory(self) -> int: ...
    # float64 bytes of [action][hand]; a hand's all NaN leaves it free.
    def lock_strategy(self, node: int, strategy: _ByteString) -> None: ...
    def begin(self, mode: int, iteration: int = 0, player: int = 0) -> None: ...
    def root(self, player: int) -> array[float]: ...
    def average(self, node: int) -> array[float]: ...
    def current(self, node: int) -> array[float]: ...
    # opp_reach: float64 bytes, one per hand of the other player. (values, weights).
    def values_at(self, player: int, node: int, opp_reach: ReadableBuffer) -> tuple[array[float], array[float]]: ...
    def release_regrets(self) -> None: ...
    # (regrets, sums) as the bytes the job keeps them in.
    def state(self, player: int) -> tuple[bytes, bytes]: ...
    def scales(self) -> tuple[bytes, bytes]: ...
    def load_state(
        self,
        iteration: int,
        oop_regrets: ReadableBuffer,
        oop_sums: ReadableBuffer,
        ip_regrets: ReadableBuffer,
        ip_sums: ReadableBuffer,
        regret_scales: ReadableBuffer = b"",
        sums_scales: ReadableBuffer = b"",
    ) -> None: ...
    def load_averages(self, oop_sums: _Numbers, ip_sums: _Numbers) -> None: ...
    # array('f') for 32 bits, array('H') (probabilities times 65535) for 16.
    @overload
    def averages(self, player: int, bits: Literal[32] = 32) -> array[float]: ...
    @overload
    def averages(self, player: int, bits: Literal[16]) -> array[int]: ...
    @overload
    def averages(self, player: int, bits: int = 32) -> array[float] | array[int]: ...

# (regrets, sums, regret scales, sums scales): float32 arrays and no scales for 32 bits; int16
# and uint16 arrays and float32 scales for 16.
@overload
def check_state(
    regrets: ReadableBuffer,
    sums: ReadableBuffer,
    regret_scales: ReadableBuffer,
    sums_scales: ReadableBuffer,
    size: int,
    nodes: int,
    bits: Literal[32] = 32,
) -> tuple[array[float], array[float], None, None]: ...
@overload
def check_state(
    regrets: ReadableBuffer,
    sums: ReadableBuffer,
    regret_scales: ReadableBuffer,
    sums_scales: ReadableBuffer,
    size: int,
    nodes: int,
    bits: Literal[16],
) -> tuple[array[int], array[int], array[float], array[float]]: ...
@overload
def check_state(
    regrets: ReadableBuffer,
    sums: ReadableBuffer,
    regret_scales: ReadableBuffer,
    sums_scales: ReadableBuffer,
    size: int,
    nodes: int,
    bits: int = 32,
) -> tuple[array[float], array[float], None, None] | tuple[array[int], array[int], array[float], array[float]]: ...

# The probabilities read: array('f') for 32 bits, array('H') for 16.
@overload
def check_averages(
    averages: ReadableBuffer, counts: Iterable[int], hands: int, bits: Literal[32] = 32
) -> array[float]: ...
@overload
def check_averages(averages: ReadableBuffer, counts: Iterable[int], hands: int, bits: Literal[16]) -> array[int]: ...
@overload
def check_averages(
    averages: ReadableBuffer, counts: Iterable[int], hands: int, bits: int = 32
) -> array[float] | array[int]: ...

# ---------------------------------------------------------------- every holding on a board (holdings_c.pxi)

# (high, low): array('q') of 7463 and 256 counts.
def holding_counts(
    board: CardsLike, hole_size: SupportsIndex, dead: SupportsIndex
) -> tuple[array[int], array[int]]: ...

# (quarters, holdings).
def share_against_all(board: CardsLike, hole: CardsLike, dead: SupportsIndex) -> tuple[int, int]: ...

# (high rank, low rank or 0).
def holding_ranks(board: CardsLike, hole: CardsLike) -> tuple[int, int]: ...

# (highs, lows), best first.
def holding_values(
    board: CardsLike, hole_size: SupportsIndex, dead: SupportsIndex, most: SupportsIndex
) -> tuple[list[int], list[int]]: ...
