"""Hand-strength features, the raw material of abstractions: per hand on a flop or turn, its
equity over every runout (EHS), the mean of its river equity squared (EHS^2), and a histogram
of its river equity over the runouts (Johanson et al.; Ganzfried and Sandholm, "Potential-aware
imperfect-recall abstraction with earth mover's distance", AAAI 2014).

Built on the tally sweep of the showdown values: one sweep per runout, every hand against the
whole weighted range at once. The counts are whole numbers added exactly, the squares are
summed in a fixed order, so any number of threads gives the same bits.

``flop_features`` computes them for every canonical flop (1,755 boards, each standing for its
orbit) on any ``concurrent.futures.Executor``, one flop a task, each flop's file written whole
(to a temporary name, then renamed) into a directory that is its own checkpoint: run it again
and the flops already written are skipped.
"""

from __future__ import annotations

import ctypes
import json
import math
import os
import zipfile
from array import array
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import reduce
from pathlib import Path
from typing import Any, Callable, NamedTuple, Optional, Sequence, Union

from . import _engine
from ._version import __version__
from .cards import Card, CardsLike, check_unique, quoted, read_counted, whole_number
from .exceptions import JobError, TableError
from .isomorphism import canonical_boards, indexer
from .jobs import finished_batches, run_job, shaped_rows, thread_count
from .ranges import Range
from .sweep import MAX_SHOWDOWN_BYTES, HandsLike, read_sides

__all__ = [
    "HandStrength",
    "hand_strength",
    "strength_weights",
    "MAX_STRENGTH_WEIGHT",
    "strength_bytes",
    "FEATURES",
    "FlopTask",
    "run_flop_task",
    "flop_features",
    "read_flop_features",
    "FEATURES_FORMAT",
]

FEATURES = ("equity", "equity_squared", "high", "low", "scoop", "low_made")
"""The per-hand features, in the order files hold them."""
FEATURES_FORMAT = "omaha8 flop features 1"
# The largest whole-number weight the strength job counts an opponent by (its low columns count
# in 32 bits: a thousand times the most rows stays within them).
MAX_STRENGTH_WEIGHT = 1000


@dataclass(frozen=True)
class HandStrength:
    """Row i of each buffer is for ``hands`` row i; float64 buffers (``array('d')``: numpy
    views them without a copy). NaN where no opponent can be dealt beside the hand."""

    board: tuple[Card, ...]
    hands: memoryview
    """The (n, k) uint8 rows of the hands (a Range's hands that miss the board)."""
    equity: array
    """EHS: the expected share of the pot over every runout and opponent, as ``omaha8.equity``
    of the hand against the range gives it."""
    equity_squared: array
    """EHS^2: over the runouts, the mean of the river equity squared (the river equity: the
    hand's equity against the opponents still possible on that completed board)."""
    high: array
    """The part of ``equity`` won through the high half (a pot with no low counts whole)."""
    low: array
    """The part won through the low half: ``high + low == equity``."""
    scoop: array
    """How often the hand wins the whole pot."""
    low_made: array
    """How often the hand makes a low."""
    weight: array
    """The weight of the (opponent, runout) deals behind the row: the runouts are weighed by
    it, so that on each the distribution is the hand's own (uniform for uniform opponents)."""
    opponent_weights: array
    """The whole-number weights the opponents were counted by, one per opponent row: the given
    weights where they are whole numbers up to ``MAX_STRENGTH_WEIGHT`` (or become so divided by
    their common factor), else each rounded to a ``MAX_STRENGTH_WEIGHT``-th of the largest."""
    histogram: Optional[memoryview]
    """With ``bins``: (n, bins) float64, the share of runouts whose river equity falls in each
    of ``bins`` equal bins of [0, 1] (1.0 in the last bin); None without."""
    bins: int

    def __len__(self) -> int:
        return len(self.equity)


def hand_strength(
    board: CardsLike,
    hands: Optional[HandsLike] = None,
    opponents: Optional[HandsLike] = None,
    weights: Optional[object] = None,
    *,
    bins: int = 0,
    threads: Optional[int] = None,
) -> HandStrength:
    """Hand-strength features of every hand of ``hands`` against the weighted range ``opponents``.

    ``board``: 3 or 4 cards (5 allowed: one runout). ``hands``: a Range, an expression or a
    uint8 (n, k) buffer; by default every hand of four cards that misses the board.
    ``opponents``: the same kinds; by default every hand, uniformly. ``weights``: one weight per
    opponent row as used, by the rule ``showdown_values`` reads them by (any finite number, 0
    or more: reach probabilities too). The counts are whole numbers, exact: whole-number
    weights up to ``MAX_STRENGTH_WEIGHT`` (a Range's are) are counted as they are, and so are
    whole numbers that their common factor brings there; any others are rounded to
    ``MAX_STRENGTH_WEIGHT``-ths of the largest (each off by at most 0.05% of the largest, and a
    weight under that rounds to 0), as ``opponent_weights`` shows. ``bins``: with 1 or more, a
    histogram of the river equity. ``threads`` splits the runouts; any count gives the same
    answer.
    """
    board_cards = read_counted(board, "board cards", (3, 4, 5))
    check_unique(board_cards)
    every = Range("random", hole_size=_hole_size_of(hands, opponents))
    hands = every if hands is None else hands
    opponents = every if opponents is None else opponents
    hand_rows, opp_rows, size, opp_weights = read_sides(board_cards, hands, opponents, weights)
    opp_weights, unit = strength_weights(opp_weights)
    count = whole_number(bins, "bins", 0, 10_000, JobError)
    workers = thread_count(threads)
    n, m = len(hand_rows) // size, len(opp_rows) // size
    threads_used = min(workers, 16)
    needed = strength_bytes(n, m, size, count, threads_used)
    if needed > MAX_SHOWDOWN_BYTES:
        # Name what takes the memory: the opponents (every hand of six cards by default is 7
        # million of them) or the hands with their bins and threads.
        by_opponents = strength_bytes(0, m, size, count, threads_used)
        if by_opponents * 2 > needed:
            default = " (every hand of that size: the default)" if opponents is every else ""
            cause = (
                f"the {m:,} opponents of {size} cards{default} take most of it: pass opponents, "
                "a smaller range or buffer"
            )
        else:
            cause = f"the {n:,} hands with {count} bins on {threads_used} threads take most of it: ask fewer"
        raise JobError(
            f"{n:,} hands against {m:,} opponents would take about {needed / 1e9:.1f} GB (more than "
            f"{MAX_SHOWDOWN_BYTES // 10**9} GB): {cause}"
        )
    job = _engine.ENGINE.StrengthJob(
        bytes(board_cards), hand_rows, opp_rows, size, opp_weights.tobytes(), count, workers
    )
    run_job(job, job.workers)
    equity, squared, high, low, scoop, low_made, weight, histogram = job.result()
    if unit != 1.0:  # the deals' weight in the caller's units, not the counted ones
        weight = array("d", [w * unit for w in weight])
    n = len(equity)
    return HandStrength(
        board=tuple(Card(c) for c in board_cards),
        hands=shaped_rows(hand_rows, size),
        equity=equity,
        equity_squared=squared,
        high=high,
        low=low,
        scoop=scoop,
        low_made=low_made,
        weight=weight,
        opponent_weights=opp_weights,
        histogram=_shaped_doubles(histogram, n, count) if count else None,
        bins=count,
    )


def strength_weights(weights: array) -> tuple[array, float]:
    """The whole-number weights the strength job counts by (see ``hand_strength``), and what
    one counted unit weighs in the caller's units: whole numbers up to MAX_STRENGTH_WEIGHT as
    they are (1); else whole numbers divided by their common factor when that brings them
    there; else each rounded to a MAX_STRENGTH_WEIGHT-th of the largest (that unit, which for
    the tiniest floats is 0: an underflow only the returned deals' weight shows)."""
    largest = max(weights, default=0.0)
    if largest <= MAX_STRENGTH_WEIGHT and all(w.is_integer() for w in weights):
        return weights, 1.0
    if all(w.is_integer() for w in weights):
        divisor = reduce(math.gcd, {int(w) for w in weights}, 0)
        if largest / divisor <= MAX_STRENGTH_WEIGHT:
            return array("d", [w / divisor for w in weights]), float(divisor)
    counted = array("d", [float(round(w / largest * MAX_STRENGTH_WEIGHT)) for w in weights])
    return counted, largest / MAX_STRENGTH_WEIGHT


def strength_bytes(hands: int, opponents: int, hole_size: int, bins: int, threads: int) -> int:
    """About the memory a hand-strength job takes: per thread, each hand's 11 counts (16 bytes
    each), its histogram (8 bytes a bin) and the sweep's scratch; per block of runouts, each
    hand's squares; both sides' prepared rows; and the answer's buffers."""
    per_thread = hands * (11 * 16 + 8 * bins + 3 * 32 + 2 * 48) + opponents * (48 + 12)
    rows = (hands + opponents) * ((1 << hole_size) * 4 + 8)
    answer = hands * (8 * bins + 7 * 8)
    return threads * per_thread + 16 * 8 * hands + rows + answer


def _hole_size_of(*sides: object) -> int:
    for side in sides:
        if isinstance(side, Range):
            return side.hole_size
        if side is not None and not isinstance(side, str):
            shape = _engine.showdown_rows(side, "hands").shape or (0, 4)
            return shape[1]
    return 4


def _shaped_doubles(values: array, rows: int, columns: int) -> Any:
    if not rows:
        return memoryview((ctypes.c_double * columns * 0)())
    return memoryview(values).cast("B").cast("d", (rows, columns))


# ---------------------------------------------------------------- every flop


class FlopTask(NamedTuple):
    """One flop of ``flop_features``: plain data, picklable anywhere; ``run_flop_task`` runs it."""

    number: int
    """The flop's index among the canonical flops (``HandIndexer((3,))``)."""
    board: tuple[int, ...]
    orbit: int
    bins: int
    hands: str = "random"
    """The hands valued, as a range expression (default every hand)."""
    opponents: str = "random"
    """The opponents' range (default every hand, uniformly)."""
    threads: int = 1


class FlopResult(NamedTuple):
    number: int
    columns: dict


def run_flop_task(task: FlopTask) -> FlopResult:
    """The features of every four-card hand on the task's flop, one row per suit-isomorphism
    class of (hand, flop) (``HandIndexer((4, 3))``, round 1), in index order: the hands of a
    class have the same features, so each is stored once, with one of its hands."""
    strength = hand_strength(list(task.board), task.hands, task.opponents, bins=task.bins, threads=task.threads)
    rows = strength.hands.tobytes()
    n = len(strength)
    deals = bytearray()
    flop = bytes(task.board)
    for i in range(n):
        deals += rows[4 * i : 4 * i + 4] + flop
    indices = indexer((4, 3)).index_batch(memoryview(deals).cast("B", (n, 7))) if n else array("Q")
    first: dict[int, int] = {}
    for i, index in enumerate(indices):
        first.setdefault(index, i)
    order = sorted(first)
    picked = [first[index] for index in order]
    columns: dict[str, Any] = {"index": array("Q", order), "hand": b"".join(rows[4 * i : 4 * i + 4] for i in picked)}
    for name in FEATURES:
        values = getattr(strength, name)
        columns[name] = array("d", (values[i] for i in picked))
    if task.bins:
        # tobytes, not cast: a flop that leaves no hand has a histogram of no rows, which
        # memoryview cannot cast.
        hist = array("d", strength.histogram.tobytes()) if strength.histogram is not None else array("d")
        columns["histogram"] = array("f", (hist[i * task.bins + b] for i in picked for b in range(task.bins)))
    return FlopResult(task.number, columns)


def _npy(data: bytes, descr: str, shape: tuple[int, ...]) -> bytes:
    """One array in numpy's .npy format (version 1.0), written without numpy."""
    header = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape!r}, }}"
    padding = 64 - (10 + len(header) + 1) % 64
    header += " " * padding + "\n"
    return b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode("latin1") + data


def _write_flop(directory: Path, result: FlopResult, bins: int, parquet: bool) -> Path:
    columns = result.columns
    rows = len(columns["index"])
    name = directory / (f"flop-{result.number:04d}" + (".parquet" if parquet else ".npz"))
    temporary = name.with_name(name.name + ".part")
    if parquet:
        import pyarrow as pa
        import pyarrow.parquet as pq

        fields = {
            "index": pa.array(columns["index"], type=pa.uint64()),
            "hand": pa.FixedSizeListArray.from_arrays(pa.array(columns["hand"], type=pa.uint8()), 4),
        }
        for feature in FEATURES:
            fields[feature] = pa.array(columns[feature], type=pa.float64())
        if bins:
            fields["histogram"] = pa.FixedSizeListArray.from_arrays(
                pa.array(columns["histogram"], type=pa.float32()), bins
            )
        pq.write_table(pa.table(fields), temporary)
    else:
        members = [
            ("index", _npy(columns["index"].tobytes(), "<u8", (rows,))),
            ("hand", _npy(bytes(columns["hand"]), "|u1", (rows, 4))),
        ]
        members += [(feature, _npy(columns[feature].tobytes(), "<f8", (rows,))) for feature in FEATURES]
        if bins:
            members.append(("histogram", _npy(columns["histogram"].tobytes(), "<f4", (rows, bins))))
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_STORED) as archive:
            for member, data in members:
                # A fixed date: the same features give the same file, byte for byte.
                archive.writestr(zipfile.ZipInfo(member + ".npy", date_time=(1980, 1, 1, 0, 0, 0)), data)
    os.replace(temporary, name)
    return name


def _parquet_available() -> bool:
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        return False
    return True


def flop_features(
    directory: Union[str, os.PathLike],
    *,
    bins: int = 10,
    executor: Optional[Executor] = None,
    progress: Optional[Callable[[int, int], object]] = None,
    flops: Optional[Sequence[int]] = None,
    file_format: Optional[str] = None,
    hands: str = "random",
    opponents: str = "random",
) -> dict:
    """Hand-strength features of every four-card hand (against every hand) on every canonical
    flop, one file per flop in ``directory``: ``flop-NNNN.parquet`` through pyarrow when it is
    installed, else ``flop-NNNN.npz`` (numpy's archive of .npy files, written without numpy),
    beside ``features.json`` (the run's parameters and the flops: board, orbit size, file).

    Each file holds one row per class of (hand, flop): ``index`` (``HandIndexer((4, 3))``,
    round 1), ``hand`` (one of its hands), the FEATURES, and with ``bins`` a ``histogram``
    (float32). ``executor``: any ``concurrent.futures.Executor`` (Dask's ``client.get_executor()``
    included), one flop a task (default: this machine's cores, one flop each). ``flops``: the
    flop numbers to do (default all 1,755). ``hands``, ``opponents``: range expressions (default
    every hand, the opponents uniformly). The directory is the checkpoint: a flop whose file
    exists is not done again. Returns the manifest.

    Every flop of every hand against every hand is about a minute of one core (one sweep for
    each of 1,176 runouts): the 1,755 flops, a cluster's night."""
    path = Path(directory)
    if path.exists() and not path.is_dir():
        raise TableError(f"{path} is not a directory")
    path.mkdir(parents=True, exist_ok=True)
    identity = _features_identity(bins, file_format, hands, opponents)
    count, file_format = identity["bins"], identity["file_format"]
    boards = canonical_boards(3)
    wanted = list(range(len(boards))) if flops is None else sorted(set(_flop_numbers(flops, len(boards))))
    manifest_path = path / "features.json"
    _check_same_run(manifest_path, identity)
    suffix = ".parquet" if file_format == "parquet" else ".npz"
    manifest = {
        "identity": identity,
        "version": __version__,
        "flops": [
            {
                "number": i,
                "board": "".join(str(c) for c in boards[i][0]),
                "orbit": boards[i][1],
                "file": f"flop-{i:04d}{suffix}",
            }
            for i in range(len(boards))
        ],
    }
    manifest_path.write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    todo = [i for i in wanted if not (path / f"flop-{i:04d}{suffix}").exists()]
    done = len(wanted) - len(todo)
    if progress is not None:
        progress(done, len(wanted))
    # Without an executor: one flop per core, one thread each (the same bits as any split).
    tasks = [FlopTask(i, tuple(int(c) for c in boards[i][0]), boards[i][1], count, hands, opponents) for i in todo]
    for results in finished_batches(run_flop_task, tasks, executor, "omaha8-features"):
        for result in results:
            _write_flop(path, result, count, file_format == "parquet")
            done += 1
        if progress is not None:
            progress(done, len(wanted))
    return manifest


def _features_identity(bins: object, file_format: Optional[str], hands: object, opponents: object) -> dict:
    """The run's parameters, each checked: what makes two runs' files the same files."""
    count = whole_number(bins, "bins", 0, 10_000, TableError)
    if file_format is None:
        file_format = "parquet" if _parquet_available() else "npz"
    if file_format not in ("parquet", "npz"):
        raise TableError(f"file_format is 'parquet' or 'npz', not {file_format!r}")
    if file_format == "parquet" and not _parquet_available():
        raise TableError("Parquet files need pyarrow: pip install pyarrow (or give file_format='npz')")
    for name, expression in (("hands", hands), ("opponents", opponents)):
        if not isinstance(expression, str):
            raise TableError(f"{name} must be a range expression (a string), not {type(expression).__name__}")
        Range(expression)  # a RangeError now, not in every task
    return {
        "format": FEATURES_FORMAT,
        "bins": count,
        "hole_size": 4,
        "hands": hands,
        "opponents": opponents,
        "file_format": file_format,
    }


def _check_same_run(manifest_path: Path, identity: dict) -> None:
    """A directory that holds another run's files is refused: its files would be mixed."""
    if not manifest_path.exists():
        return
    try:
        found = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise TableError(f"{manifest_path} is not an omaha8 features manifest ({error})") from None
    if not isinstance(found, dict) or found.get("identity") != identity:
        raise TableError(
            f"{manifest_path.parent} holds features of another run (its features.json differs): give another directory"
        )


def _flop_numbers(flops: Sequence[int], count: int) -> list[int]:
    """The flops asked for, each once, in the order first asked (a flop has one file)."""
    if isinstance(flops, (str, bytes)) or not hasattr(flops, "__iter__"):
        raise TableError(f"flops must be a list of flop numbers 0..{count - 1}, not {quoted(flops)}")
    out: dict[int, None] = {}
    for value in flops:
        out[whole_number(value, "a flop number", 0, count - 1, TableError)] = None
    return list(out)


def read_flop_features(path: Union[str, os.PathLike]) -> dict:
    """A flop's file (either format) as columns: ``index`` array('Q'), ``hand`` bytes (4 a
    row), the FEATURES as array('d'), and ``histogram`` array('f') (bins a row) when present."""
    name = Path(path)
    try:
        return _read_flop(name)
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as error:
        if isinstance(error, TableError):
            raise
        raise TableError(f"{name} is not a flop file of omaha8 features ({error})") from None


def _read_flop(name: Path) -> dict:
    if name.suffix == ".parquet":
        import pyarrow.parquet as pq

        table = pq.read_table(name)
        out: dict[str, Any] = {
            "index": array("Q", table.column("index").to_pylist()),
            "hand": bytes(c for row in table.column("hand").to_pylist() for c in row),
        }
        for feature in FEATURES:
            out[feature] = array("d", table.column(feature).to_pylist())
        if "histogram" in table.column_names:
            out["histogram"] = array("f", [v for row in table.column("histogram").to_pylist() for v in row])
        return out
    with zipfile.ZipFile(name) as archive:
        out = {}
        for member in archive.namelist():
            data = archive.read(member)
            length = int.from_bytes(data[8:10], "little")
            body = data[10 + length :]
            key = member[:-4]
            if key == "index":
                out[key] = array("Q", body)
            elif key == "hand":
                out[key] = body
            elif key == "histogram":
                out[key] = array("f", body)
            else:
                out[key] = array("d", body)
        return out
