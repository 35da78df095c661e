"""Starting hands and preflop tables: every class of starting hand, ranked by its equity
against random hands, computed on any ``concurrent.futures.Executor``.

A table is cut into blocks of deals: block ``b`` of class ``c`` holds ``BLOCK_DEALS`` deals (the
last one fewer) drawn from a seed that depends on the table's seed, the question, ``c`` and
``b`` alone. Tasks carry plain data (class strings, block numbers, seeds, counts) and bring
back integer tallies, which add exactly; so the same seed gives the same table on threads,
processes or a Dask cluster, with any number of workers, tasks finishing in any order, and a
run resumed from its checkpoint.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import time
from array import array
from concurrent.futures import Executor
from dataclasses import dataclass, fields
from functools import cached_property, lru_cache
from itertools import combinations
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Iterator, NamedTuple, Optional, Sequence, Union

from . import _engine
from ._version import __version__
from .cards import (
    HOLE_SIZES,
    MAX_SEATS,
    Card,
    CardError,
    CardsLike,
    hole_size_of,
    parse_cards,
    quoted,
    whole_number,
)
from .equity import Tally, equity_from_tally, equity_tally, live_implementation
from .exceptions import FallbackRefusedError, TableError
from .isomorphism import canonical, hand_classes, indexer
from .jobs import finished_batches
from .ranges import PERCENT_TABLE, Range
from .tablefile import FLOAT_FIELDS, ROW_FIELDS, csv_int, read_table_file

__all__ = [
    "StartingHand",
    "starting_hands",
    "PreflopTable",
    "TableRow",
    "TableError",
    "FallbackRefusedError",
    "TableTask",
    "preflop_table",
    "run_task",
    "BLOCK_DEALS",
    "ExactTask",
    "run_exact_task",
    "EXACT_TASK_BOARDS",
    "DEFAULT_TABLE_SAMPLES",
    "SHIPPED_TABLE",
]


BLOCK_DEALS = 65_536
"""Deals in one block of a class: the unit of seeding, checkpointing and task planning."""
TASK_BLOCKS = 64
"""At most this many blocks in one task (about half a second of one core)."""
MIN_TASKS = 16
"""Smaller tables are cut finer, so that every worker has some of the work ..."""
MIN_TASK_BLOCKS = 8
"""... but not finer than this: a cluster spends milliseconds on each task it hands out."""
DEFAULT_TABLE_SAMPLES = 100_000
SHIPPED_TABLE = PERCENT_TABLE  # the one file percent ranges are ranked by
_CHECKPOINT_FORMAT = "omaha8 preflop checkpoint 1"
_POT_UNITS = 5040  # the engines' pot: a tally's units per deal


# ---------------------------------------------------------------- starting hands


class StartingHand(NamedTuple):
    """A class of starting hands that differ only by a renaming of suits."""

    canonical: str
    """The class's canonical form, as ``omaha8.canonical`` writes it (also one of its hands)."""
    hands: int
    """How many hands the class holds: 24 renamings of suits, less those that give the same hand."""

    @property
    def cards(self) -> tuple[Card, ...]:
        return parse_cards(self.canonical)


@lru_cache(maxsize=None)
def _classes(hole_size: int) -> tuple[StartingHand, ...]:
    # The indexer's classes of one round of hole_size cards, named by their canonical strings.
    return tuple(
        sorted((StartingHand(name, hands) for name, hands in hand_classes(hole_size)), key=lambda hand: hand.canonical)
    )


def starting_hands(hole_size: int = 4) -> list[StartingHand]:
    """Every class of starting hand of ``hole_size`` cards, in the order of their canonical
    strings: 16,432 classes of four cards (270,725 hands), 134,459 of five (2,598,960), 962,988 of
    six (20,358,520; a few seconds, and about 200 MB while it is kept). The classes are those
    of ``HandIndexer((hole_size,))``."""
    return list(_classes(_hole_size(hole_size)))


def _hole_size(hole_size: object) -> int:
    return hole_size_of(hole_size, TableError)


def _class_sizes(hole_size: int) -> dict[str, int]:
    return dict(_classes(hole_size))


# ---------------------------------------------------------------- tasks


class TableTask(NamedTuple):
    """One task of a table: plain data, picklable anywhere, that any worker can run with
    ``run_task``."""

    opponents: int
    seed: int
    samples: int
    """Deals per class in the whole table (which fixes the size of its last block)."""
    work: tuple[tuple[str, int, int], ...]
    """(class, first block, block after the last)."""
    allow_fallback: bool = False


class BlockTally(NamedTuple):
    """What a task brings back for a run of blocks of one class."""

    canonical: str
    first: int
    stop: int
    tally: Tally


def _block_seed(seed: int, opponents: int, canonical_form: str, block: int) -> int:
    text = f"omaha8 preflop/{seed}/{opponents}/{canonical_form}/{block}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


def _block_deals(samples: int, block: int) -> int:
    return min(BLOCK_DEALS, samples - block * BLOCK_DEALS)


def _question(canonical_form: str, opponents: int) -> list:
    return [canonical_form, *[Range("random", hole_size=len(canonical_form) // 2)] * opponents]


def run_task(task: TableTask) -> list[BlockTally]:
    """Runs one task, here, on one thread: the tallies of its blocks."""
    if live_implementation() != "cython" and not task.allow_fallback:
        raise FallbackRefusedError(
            "this worker has only omaha8's pure-Python fallback (its compiled core is not built), "
            "about 100 times slower; install omaha8 where a C compiler is present, or pass "
            "allow_fallback=True to run there anyway"
        )
    out = []
    for canonical_form, first, stop in task.work:
        question = _question(canonical_form, task.opponents)
        total: Optional[Tally] = None
        for block in range(first, stop):
            tally = equity_tally(
                question,
                samples=_block_deals(task.samples, block),
                seed=_block_seed(task.seed, task.opponents, canonical_form, block),
            )
            total = tally if total is None else total + tally
        assert total is not None
        out.append(BlockTally(canonical_form, first, stop, total))
    return out


def _plan(
    todo: Sequence[tuple[str, int, int]], samples: int, opponents: int, seed: int, allow_fallback: bool
) -> list[TableTask]:
    blocks = sum(stop - first for _, first, stop in todo)
    per_task = min(TASK_BLOCKS, max(MIN_TASK_BLOCKS, blocks // MIN_TASKS))
    tasks: list[TableTask] = []
    work: list[tuple[str, int, int]] = []
    room = per_task
    for form, first, stop in todo:
        while first < stop:
            take = min(room, stop - first)
            work.append((form, first, first + take))
            first += take
            room -= take
            if not room:
                tasks.append(TableTask(opponents, seed, samples, tuple(work), allow_fallback))
                work, room = [], per_task
    if work:
        tasks.append(TableTask(opponents, seed, samples, tuple(work), allow_fallback))
    return tasks


# ---------------------------------------------------------------- checkpoints

_MAX_LINE = 1 << 20  # bytes: a checkpoint line is a few hundred


def _json_line(line: str) -> object:
    """A checkpoint line's JSON, or None for anything else (too long, too deep, not JSON)."""
    if len(line) > _MAX_LINE or line.count("[") > 64 or line.count("{") > 8:
        return None
    try:
        return json.loads(line, parse_constant=lambda name: None)
    except (ValueError, RecursionError):
        return None


class _Checkpoint:
    """A file of finished blocks, one JSON line each, after a line naming the table. A run
    killed mid-write leaves at most a broken last line, which the next run cuts off. Every line
    read back is checked against the table it claims to belong to: a corrupt or foreign line is
    a TableError naming it, never a table with a NaN or a negative count in it."""

    def __init__(self, path: Union[str, os.PathLike], identity: dict, forms: Iterable[str], blocks: int) -> None:
        if isinstance(path, (str, os.PathLike)) and not os.fspath(path):
            raise TableError("checkpoint is an empty path: give a file name")
        self.path = Path(path)
        self.identity = identity
        self.forms = frozenset(forms)
        self.blocks = blocks
        self.done: list[BlockTally] = []
        if self.path.exists() and not self.path.is_file():
            raise TableError(f"checkpoint {self.path} is not a regular file (a directory or a device)")
        if not self.path.parent.is_dir():
            raise TableError(f"checkpoint {self.path}: the directory {self.path.parent} does not exist")
        try:
            if self.path.exists() and self.path.stat().st_size:
                kept = self._read()
                self.file: IO[bytes] = open(self.path, "r+b")  # noqa: SIM115 (open for the whole job, closed by close())
                # Drop a line cut short by a kill, so that the next record starts a line of its own.
                self.file.truncate(kept)
                self.file.seek(kept)
            else:
                self.file = open(self.path, "wb")  # noqa: SIM115 (the same)
                self._write(identity)
        except OSError as error:
            raise TableError(f"checkpoint {self.path}: {error.strerror or error}") from None

    def _read(self) -> int:
        """Reads the finished blocks; returns the length of the file's whole lines, in bytes."""
        raw = self.path.read_bytes()
        lines = raw.decode("utf-8", errors="replace").split("\n")
        found = _json_line(lines[0])
        if not isinstance(found, dict) or found.get("format") != _CHECKPOINT_FORMAT:
            raise TableError(f"{self.path}, line 1: not the header of an omaha8 checkpoint")
        if found != self.identity:
            differing = sorted(k for k in set(found) | set(self.identity) if found.get(k) != self.identity.get(k))
            raise TableError(
                f"{self.path} is the checkpoint of another table (it differs in "
                f"{', '.join(map(str, differing))}): remove it or give another file"
            )
        complete = lines[1:-1]  # the last is empty, or a line cut short
        for number, line in enumerate(complete, start=2):
            if not line:
                continue
            record = _json_line(line)
            block = self._block(record) if isinstance(record, dict) else None
            if block is None:
                raise TableError(f"{self.path}, line {number}: not a finished block of this table")
            self.done.append(block)
        return raw.rfind(b"\n") + 1

    def _block(self, record: dict) -> Optional[BlockTally]:
        """The block a line records, when every field is what this table's blocks hold."""
        opponents, samples = self.identity["opponents"], self.identity["samples"]
        # Any: each is checked below before it is used as what it should be.
        form: Any = record.get("class")
        first: Any = record.get("first")
        stop: Any = record.get("stop")
        seats: Any = record.get("seats")
        runouts: Any = record.get("runouts")
        low_possible: Any = record.get("low_possible")
        pot_units: Any = record.get("pot_units")
        implementation: Any = record.get("implementation")

        def whole(value: object, least: int = 0) -> bool:
            return type(value) is int and value >= least

        if not (
            isinstance(form, str)
            and (not self.forms or form in self.forms)
            and whole(first)
            and whole(stop)
            and first < stop <= self.blocks
            and whole(runouts)
            and whole(low_possible)
            and whole(pot_units, 1)
            and implementation in ("cython", "python", "cython+python")
        ):
            return None
        deals = sum(_block_deals(samples, block) for block in range(first, stop))
        if runouts != deals or low_possible > runouts:
            return None
        # No count of a block passes every runout's whole pot (its square, for the squares).
        most = [runouts * pot_units ** (2 if name == "square_units" else 1) for name in Tally.FIELDS]
        if not (
            isinstance(seats, list)
            and len(seats) == opponents + 1
            and all(
                isinstance(seat, list)
                and len(seat) == len(Tally.FIELDS)
                and all(whole(v) and v <= top for v, top in zip(seat, most))
                for seat in seats
            )
        ):
            return None
        tally = Tally(tuple(map(tuple, seats)), runouts, low_possible, pot_units, False, implementation)
        return BlockTally(form, first, stop, tally)

    def _write(self, record: dict) -> None:
        self.file.write(json.dumps(record, separators=(",", ":")).encode() + b"\n")
        self.file.flush()

    def record(self, finished: Iterable[BlockTally]) -> None:
        for item in finished:
            tally = item.tally
            self._write(
                {
                    "class": item.canonical,
                    "first": item.first,
                    "stop": item.stop,
                    "seats": tally.seats,
                    "runouts": tally.runouts,
                    "low_possible": tally.low_possible,
                    "pot_units": tally.pot_units,
                    "implementation": tally.implementation,
                }
            )
        os.fsync(self.file.fileno())

    def close(self) -> None:
        self.file.close()


# ---------------------------------------------------------------- the table


@dataclass(frozen=True)
class TableRow:
    """One class of starting hand in a preflop table."""

    rank: int
    """1 for the best equity; ties are broken by the canonical strings."""
    canonical: str
    hands: int
    """Hands in the class."""
    equity: float
    """Share of the pot against the table's random opponents, all-in preflop."""
    high: float
    """The part won through the high half."""
    low: float
    """The part won through the low half."""
    scoop: float
    """Probability of winning the whole pot alone."""
    low_made: float
    """Probability of making a qualifying low."""
    std_error: float
    """Standard error of ``equity``."""
    percentile: float
    """Percent of the table's hands in this class and the classes ranked above it: the hand is
    in the top ``percentile`` percent."""
    deals: int


_ROW_FIELDS = [f.name for f in fields(TableRow)]
_FLOAT_FIELDS = FLOAT_FIELDS
# The file's columns are the row's fields, in order: tablefile reads what to_csv writes.
assert _ROW_FIELDS == ROW_FIELDS, "tablefile.ROW_FIELDS and TableRow's fields differ"


@dataclass(frozen=True)
class PreflopTable:
    """Starting-hand classes ranked by equity against ``opponents`` random hands."""

    rows: tuple[TableRow, ...]
    """Best first."""
    opponents: int
    hole_size: int
    samples: int
    seed: int
    version: str
    implementation: str
    """The engines that counted the deals: "cython", or "python" (the fallback), or both."""
    complete: bool
    """Whether the table holds every class of its hole size."""
    exact: bool = False
    """Whether every deal was counted (``samples`` is then 0 and every ``std_error`` 0)."""

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[TableRow]:
        return iter(self.rows)

    def __getitem__(self, hand: Union[int, CardsLike]) -> TableRow:
        """A row by position (0 is the best), or by a hand or canonical string of its class."""
        if isinstance(hand, int) and not isinstance(hand, Card):
            return self.rows[hand]
        form = canonical(hand)  # type: ignore[arg-type]  # a Card is refused there, as it must be
        row = self._by_class.get(form)
        if row is None:
            raise KeyError(f"{form} is not in this table")
        return row

    @cached_property
    def _by_class(self) -> dict[str, TableRow]:
        return {row.canonical: row for row in self.rows}

    def top(self, count: int) -> tuple[TableRow, ...]:
        return self.rows[:count]

    def command(self) -> str:
        """The command line that computes this table."""
        parts = ["omaha8 table", f"--opponents {self.opponents}"]
        parts += ["--exact"] if self.exact else [f"--samples {self.samples}", f"--seed {self.seed}"]
        if self.hole_size != 4:
            parts.append(f"--hole-size {self.hole_size}")
        if not self.complete:
            parts.append("--hands " + " ".join(row.canonical for row in sorted(self.rows, key=lambda r: r.canonical)))
        return " ".join(parts)

    def to_csv(self, path: Union[str, os.PathLike]) -> None:
        """Writes the table: '#' lines with the arguments, seed, version and command, then one
        row per class with a header line. Numbers are written in full, so ``read_csv`` gives
        back an equal table."""
        out = io.StringIO()
        out.write(
            f"# omaha8 preflop table: equity of each class of {self.hole_size}-card starting hand "
            f"against {self.opponents} random hand{'s' if self.opponents > 1 else ''}, all in preflop\n"
        )
        for key in ("version", "implementation", "opponents", "hole_size", "samples", "seed", "complete", "exact"):
            out.write(f"# {key}: {getattr(self, key)}\n")
        out.write(f"# command: {self.command()}\n")
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(_ROW_FIELDS)
        for row in self.rows:
            writer.writerow(
                [repr(getattr(row, name)) if name in _FLOAT_FIELDS else getattr(row, name) for name in _ROW_FIELDS]
            )
        Path(path).write_text(out.getvalue(), encoding="utf-8")

    @classmethod
    def read_csv(cls, path: Union[str, os.PathLike]) -> "PreflopTable":
        """A table written by ``to_csv``; anything else, a field out of its range included, is a
        TableError naming it."""
        meta, records = read_table_file(path)
        try:
            rows = [TableRow(**row) for row in records]
            header = [csv_int(meta.get(key, ""), key, 0) for key in ("opponents", "hole_size", "samples", "seed")]
            exact = meta.get("exact", "False")
            if exact not in ("True", "False"):
                raise ValueError(f"exact is {exact!r}, not True or False")
            if (
                not 1 <= header[0] < MAX_SEATS
                or header[1] not in HOLE_SIZES
                or header[3] >= 2**64
                or (header[2] < 1) != (exact == "True")
            ):
                raise ValueError(
                    f"the arguments {dict(zip(('opponents', 'hole_size', 'samples', 'seed'), header))} "
                    "are not a table's"
                )
            opponents, hole_size, samples, seed = header
            return cls(
                tuple(rows),
                opponents,
                hole_size,
                samples,
                seed,
                meta["version"],
                meta["implementation"],
                meta["complete"] == "True",
                exact == "True",
            )
        except (KeyError, ValueError, csv.Error) as error:
            raise TableError(f"{path} is not an omaha8 preflop table ({type(error).__name__}: {error})") from None

    @classmethod
    def shipped(cls) -> "PreflopTable":
        """The table that comes with omaha8: every four-card class against one random hand,
        exact, every deal counted (its file records the command that computed it)."""
        return _shipped()


@lru_cache(maxsize=1)
def _shipped() -> PreflopTable:
    return PreflopTable.read_csv(SHIPPED_TABLE)


def _rows(totals: dict[str, Tally], sizes: dict[str, int], opponents: int) -> tuple[TableRow, ...]:
    measured = []
    for form, tally in totals.items():
        player = equity_from_tally(tally, _question(form, opponents))[0]
        measured.append((form, player, tally.runouts))
    measured.sort(key=lambda item: (-item[1].equity, item[0]))
    everyone = sum(sizes[form] for form in totals)
    rows = []
    above = 0
    for rank, (form, player, deals) in enumerate(measured, start=1):
        above += sizes[form]
        rows.append(
            TableRow(
                rank,
                form,
                sizes[form],
                player.equity,
                player.high_equity,
                player.low_equity,
                player.scoop,
                player.low_made,
                player.std_error,
                100 * above / everyone,
                deals,
            )
        )
    return tuple(rows)


def _count(value: object, name: str, least: int, most: int) -> int:
    return whole_number(value, name, least, most, TableError)


def preflop_table(
    opponents: int = 1,
    hole_size: int = 4,
    samples: int = DEFAULT_TABLE_SAMPLES,
    seed: Optional[int] = None,
    hands: Optional[Iterable[CardsLike]] = None,
    executor: Optional[Executor] = None,
    checkpoint: Union[str, os.PathLike, None] = None,
    progress: Optional[Callable[[int, int], object]] = None,
    allow_fallback: bool = False,
    exact: bool = False,
) -> PreflopTable:
    """The equity of every starting-hand class (or of the classes of ``hands``, given as hands
    or canonical strings) against ``opponents`` random hands, all in preflop, from ``samples``
    deals per class.

    ``executor``: any ``concurrent.futures.Executor`` (default: a thread per core here); for a
    Dask cluster, ``distributed.Client(address).get_executor()``. The same ``seed`` gives the
    same table on any executor and any number of workers. ``checkpoint``: a file that records
    finished blocks as they finish; run again with the same arguments, the table continues
    where it stopped. ``progress(done, total)`` (deals) is called as tasks finish. Workers
    without the compiled core refuse the work (``FallbackRefusedError``) unless ``allow_fallback``.

    ``exact=True`` (four-card hands, one opponent) counts every deal instead of sampling: each
    of the 134,459 suit-canonical five-card boards is one sweep of every hand against every
    hand, weighed by the size of its orbit (a class is closed under renaming suits, so one
    board of an orbit stands for all of it); ``samples`` and ``seed`` then play no part, and
    ``progress`` counts boards.
    """
    opponents, hole_size, samples, seed = _table_arguments(opponents, hole_size, samples, seed, exact)
    if progress is not None and not callable(progress):
        raise TableError("progress must be a callable taking (done, total)")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TableError(f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}")
    sizes = _class_sizes(hole_size)
    forms = sorted(sizes) if hands is None else _table_forms(hands, sizes, hole_size)
    if exact:
        if opponents != 1 or hole_size != 4:
            raise TableError("exact tables are of four-card hands against one opponent")
        return _exact_table(forms, sizes, executor, checkpoint, progress, allow_fallback)
    record = None
    if checkpoint is not None:
        identity = _sampled_identity(forms, opponents, hole_size, samples, seed)
        record = _Checkpoint(checkpoint, identity, forms, -(-samples // BLOCK_DEALS))
    try:
        counted = _sampled_totals(
            forms, opponents, samples, seed, executor, checkpoint, record, progress, allow_fallback
        )
    finally:
        if record is not None:
            record.close()
    totals = counted.totals
    engines = "+".join(sorted({part for tally in totals.values() for part in tally.implementation.split("+")}))
    return PreflopTable(
        _rows(totals, sizes, opponents),
        opponents,
        hole_size,
        samples,
        seed,
        __version__,
        engines,
        len(forms) == len(sizes),
    )


def _table_arguments(opponents: object, hole_size: object, samples: object, seed: object, exact: object) -> tuple:
    """preflop_table's counts read: (opponents, hole_size, samples, seed), a seed drawn when None."""
    if not isinstance(exact, bool):
        raise TableError(f"exact must be True or False, not {quoted(exact)}")
    size = _hole_size(hole_size)
    count = _count(opponents, "opponents", 1, MAX_SEATS - 1)
    if 52 - size * (count + 1) < 5:
        raise TableError(f"{count} opponents with {size} cards each leave too few cards for a board")
    deals = _count(samples, "samples", 1, 10**12)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    return count, size, deals, _count(seed, "seed", 0, 2**64 - 1)


def _table_forms(hands: Iterable[CardsLike], sizes: dict[str, int], hole_size: int) -> list[str]:
    """The classes of ``hands`` (hands or canonical strings), each of ``hole_size`` cards, sorted."""
    if isinstance(hands, (str, bytes)):
        raise TableError("hands must be a list of hands or canonical strings, such as ['AsAh3s2h']")
    forms = []
    for hand in hands:
        try:
            form = canonical(hand)
        except CardError as error:
            raise TableError(f"hand {quoted(hand)}: {error}") from None
        if form not in sizes:
            raise TableError(f"hand {quoted(hand)} has {len(form) // 2} cards, not {hole_size}")
        forms.append(form)
    if not forms:
        raise TableError("hands is empty")
    return sorted(set(forms))


def _sampled_identity(forms: list[str], opponents: int, hole_size: int, samples: int, seed: int) -> dict:
    """What a sampled table's checkpoint is of: its arguments, the block size and the classes."""
    return {
        "format": _CHECKPOINT_FORMAT,
        "opponents": opponents,
        "hole_size": hole_size,
        "samples": samples,
        "seed": seed,
        "block_deals": BLOCK_DEALS,
        "classes": hashlib.blake2b(" ".join(forms).encode(), digest_size=16).hexdigest(),
    }


class _Totals:
    """A sampled table's tallies as its blocks finish: per class the sum, and the spans of
    blocks it covers (a checkpoint's blocks of one class may not overlap)."""

    def __init__(self, forms: list[str], checkpoint: object) -> None:
        self.checkpoint = checkpoint
        self.totals: dict[str, Tally] = {}
        self.covered: dict[str, list[tuple[int, int]]] = {form: [] for form in forms}

    def take(self, finished: Iterable[BlockTally]) -> int:
        """Add the finished blocks; the deals they hold."""
        deals = 0
        for item in finished:
            self.covered[item.canonical].append((item.first, item.stop))
            previous = self.totals.get(item.canonical)
            try:
                self.totals[item.canonical] = item.tally if previous is None else previous + item.tally
            except ValueError:
                raise TableError(f"{self.checkpoint}: blocks of {item.canonical} count different questions") from None
            deals += item.tally.runouts
        return deals

    def todo(self, blocks: int) -> list[tuple[str, int, int]]:
        """The spans (class, first block, stop) of the ``blocks`` per class not yet covered."""
        todo = []
        for form, spans in self.covered.items():
            at = 0
            for first, stop in sorted(spans):
                if first < at:
                    raise TableError(f"{self.checkpoint}: blocks of {form} are recorded twice")
                if first > at:
                    todo.append((form, at, first))
                at = stop
            if at < blocks:
                todo.append((form, at, blocks))
        return todo


def _sampled_totals(
    forms: list[str],
    opponents: int,
    samples: int,
    seed: int,
    executor: Optional[Executor],
    checkpoint: object,
    record: Optional[_Checkpoint],
    progress: Optional[Callable[[int, int], object]],
    allow_fallback: bool,
) -> _Totals:
    """A sampled table's tallies: the checkpoint's blocks, then the rest run on ``executor``,
    each batch recorded as it finishes."""
    counted = _Totals(forms, checkpoint)
    done = counted.take(record.done) if record is not None else 0
    total = samples * len(forms)
    if progress is not None:
        progress(done, total)
    tasks = _plan(counted.todo(-(-samples // BLOCK_DEALS)), samples, opponents, seed, allow_fallback)
    for results in finished_batches(run_task, tasks, executor, "omaha8-table"):
        for result in results:
            if record is not None:
                record.record(result)
            done += counted.take(result)
        if progress is not None:
            progress(done, total)
    return counted


# ---------------------------------------------------------------- the exact table

EXACT_TASK_BOARDS = 256
"""Canonical boards in one task of an exact table (about 15 seconds of one core)."""
_EXACT_FORMAT = "omaha8 exact preflop checkpoint 1"
_EXACT_SAVE_SECONDS = 20.0  # the checkpoint is rewritten at most this often
_FIELD_COUNT = len(Tally.FIELDS) + 2  # the sweep's fields: Tally.FIELDS, low_possible, deals


class ExactTask(NamedTuple):
    """One task of an exact table: boards, each with the size of its orbit, for the classes
    ``forms`` (empty: every class). Plain data, picklable anywhere; ``run_exact_task`` runs it."""

    number: int
    boards: tuple[tuple[int, ...], ...]
    orbits: tuple[int, ...]
    forms: tuple[str, ...] = ()
    allow_fallback: bool = False


@lru_cache(maxsize=4)
def _exact_rows(forms: tuple[str, ...]) -> tuple[bytes, bytes, bytes, tuple[str, ...]]:
    """The hands of the classes (every class when empty): their rows, their class numbers, and
    the rows of every hand, the opponents."""
    every = bytes(c for hand in combinations(range(52), 4) for c in hand)
    classes = tuple(forms) if forms else tuple(sorted(_class_sizes(4)))
    number = {form: i for i, form in enumerate(classes)}
    # Each hand's class by the indexer, then that class's place among ``classes``.
    by_index = [number.get(name, -1) for name, _ in hand_classes(4)]
    indices = indexer((4,)).index_batch(memoryview(every).cast("B", (len(every) // 4, 4)))
    rows = bytearray()
    groups = array("i")
    for start, index in zip(range(0, len(every), 4), indices):
        group = by_index[index]
        if group >= 0:
            rows += every[start : start + 4]
            groups.append(group)
    return (every if not forms else bytes(rows)), groups.tobytes(), every, classes


def run_exact_task(task: ExactTask) -> tuple[int, list[tuple[int, ...]]]:
    """Runs one task here, on one thread: per class (in the order of ``task.forms``, or of the
    sorted canonical strings), the sums of its boards' sweeps."""
    if live_implementation() != "cython" and not task.allow_fallback:
        raise FallbackRefusedError(
            "this worker has only omaha8's pure-Python fallback, which settles an exact table's "
            "deals pair by pair (years); install omaha8 where a C compiler is present"
        )
    hands, groups, every, classes = _exact_rows(task.forms)
    count = len(groups) // 4
    sweeper = _engine.ENGINE.TallySweeper(
        hands,
        every,
        4,
        array("q", [1]).tobytes() * count,
        array("d", [1.0]).tobytes() * (len(every) // 4),
        groups,
        len(classes),
    )
    for board, orbit in zip(task.boards, task.orbits):
        sweeper.add_board(bytes(board), b"", orbit)
    return task.number, sweeper.sums()


class _ExactCheckpoint:
    """The running totals of an exact table and the tasks they hold, rewritten whole (to a
    temporary file, then renamed over the old one) at most every _EXACT_SAVE_SECONDS: a run
    killed at any moment leaves the last whole snapshot."""

    def __init__(self, path: Union[str, os.PathLike], identity: dict, classes: int, tasks: int) -> None:
        if isinstance(path, (str, os.PathLike)) and not os.fspath(path):
            raise TableError("checkpoint is an empty path: give a file name")
        self.path = Path(path)
        if self.path.exists() and not self.path.is_file():
            raise TableError(f"checkpoint {self.path} is not a regular file (a directory or a device)")
        if not self.path.parent.is_dir():
            raise TableError(f"checkpoint {self.path}: the directory {self.path.parent} does not exist")
        self.identity = identity
        self.done: set[int] = set()
        self.totals = [[0] * _FIELD_COUNT for _ in range(classes)]
        self.saved_at = 0.0
        if self.path.exists() and self.path.stat().st_size:
            self._read(classes, tasks)

    def _read(self, classes: int, tasks: int) -> None:
        try:
            found = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise TableError(f"{self.path} is not an omaha8 exact-table checkpoint ({error})") from None
        if not isinstance(found, dict) or found.get("identity") != self.identity:
            raise TableError(f"{self.path} is the checkpoint of another table: remove it or give another file")
        done, totals = found.get("done"), found.get("totals")
        if not (
            isinstance(done, list)
            and all(type(t) is int and 0 <= t < tasks for t in done)
            and len(set(done)) == len(done)
            and isinstance(totals, list)
            and len(totals) == classes
            and all(
                isinstance(row, list) and len(row) == _FIELD_COUNT and all(type(v) is int and v >= 0 for v in row)
                for row in totals
            )
        ):
            raise TableError(f"{self.path}: its tasks or totals are not an exact table's")
        self.done = set(done)
        self.totals = totals

    def add(self, index: int, sums: Sequence[Sequence[int]]) -> None:
        self.done.add(index)
        for total, row in zip(self.totals, sums):
            for i, value in enumerate(row):
                total[i] += value

    def save(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.saved_at < _EXACT_SAVE_SECONDS:
            return
        temporary = self.path.with_name(self.path.name + ".part")
        try:
            temporary.write_text(
                json.dumps(
                    {"identity": self.identity, "done": sorted(self.done), "totals": self.totals}, separators=(",", ":")
                ),
                encoding="utf-8",
            )
            os.replace(temporary, self.path)
        except OSError as error:
            raise TableError(f"checkpoint {self.path}: {error.strerror or error}") from None
        self.saved_at = now


def _exact_table(
    forms: list[str],
    sizes: dict[str, int],
    executor: Optional[Executor],
    checkpoint: Union[str, os.PathLike, None],
    progress: Optional[Callable[[int, int], object]],
    allow_fallback: bool,
    boards: Optional[Sequence[StartingHand]] = None,
    task_boards: int = EXACT_TASK_BOARDS,
) -> PreflopTable:
    """The exact table of ``forms``; ``boards`` (canonical boards with their orbit sizes, all of
    them by default) and ``task_boards`` serve the tests, which cannot wait for every board."""
    boards = starting_hands(5) if boards is None else list(boards)
    subset = tuple(forms) if len(forms) != len(sizes) else ()
    tasks = [
        ExactTask(
            index,
            tuple(tuple(int(c) for c in board.cards) for board in boards[at : at + task_boards]),
            tuple(board.hands for board in boards[at : at + task_boards]),
            subset,
            allow_fallback,
        )
        for index, at in enumerate(range(0, len(boards), task_boards))
    ]
    identity = {
        "format": _EXACT_FORMAT,
        "opponents": 1,
        "hole_size": 4,
        "task_boards": task_boards,
        "boards": len(boards),
        "classes": hashlib.blake2b(" ".join(forms).encode(), digest_size=16).hexdigest(),
    }
    record = (
        _ExactCheckpoint(checkpoint if checkpoint is not None else "", identity, len(forms), len(tasks))
        if checkpoint is not None
        else None
    )
    totals = record.totals if record is not None else [[0] * _FIELD_COUNT for _ in forms]
    done_tasks = record.done if record is not None else set()
    done = sum(len(tasks[index].boards) for index in done_tasks)
    if progress is not None:
        progress(done, len(boards))
    work = [task for task in tasks if task.number not in done_tasks]
    for results in finished_batches(run_exact_task, work, executor, "omaha8-table"):
        for index, sums in results:
            if record is not None:
                record.add(index, sums)
            else:
                done_tasks.add(index)
                for total, row in zip(totals, sums):
                    for i, value in enumerate(row):
                        total[i] += value
            done += len(tasks[index].boards)
        if record is not None:
            record.save(force=len(record.done) == len(tasks))
        if progress is not None:
            progress(done, len(boards))
    engines = "cython" if live_implementation() == "cython" else "python"
    return PreflopTable(
        _exact_rows_of(dict(zip(forms, totals)), sizes),
        1,
        4,
        0,
        0,
        __version__,
        engines,
        len(forms) == len(sizes),
        True,
    )


def _exact_rows_of(totals: dict[str, list[int]], sizes: dict[str, int]) -> tuple[TableRow, ...]:
    """The rows of an exact table from each class's summed fields (Tally.FIELDS, low_possible,
    deals), ranked as the sampled table ranks them."""
    names = {name: i for i, name in enumerate(Tally.FIELDS)}
    measured = []
    for form, sums in totals.items():
        deals = sums[-1]
        if not deals:
            raise TableError(f"the exact table counted no deal of {form}")
        pot = _POT_UNITS * deals
        high, low = sums[names["high_units"]] / pot, sums[names["low_units"]] / pot
        measured.append(
            (
                form,
                (sums[names["high_units"]] + sums[names["low_units"]]) / pot,
                high,
                low,
                sums[names["scoop"]] / deals,
                sums[names["low_made"]] / deals,
                deals,
            )
        )
    measured.sort(key=lambda item: (-item[1], item[0]))
    everyone = sum(sizes[form] for form in totals)
    rows = []
    above = 0
    for rank, (form, equity, high, low, scoop, low_made, deals) in enumerate(measured, start=1):
        above += sizes[form]
        rows.append(
            TableRow(rank, form, sizes[form], equity, high, low, scoop, low_made, 0.0, 100 * above / everyone, deals)
        )
    return tuple(rows)
