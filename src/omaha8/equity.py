"""Equity: what share of the pot each hand wins, high, low and scooped, over the runouts of
the board. Exact where the runouts can be walked, sampled where asked.

The work runs in the live engine's ``EquityJob`` (the compiled core: C without the GIL, on
every core), in chunks that worker threads claim in turn; this module checks the question,
runs the workers, reports progress and turns the tallies into probabilities. A sampled chunk's
runouts depend on the seed and the chunk alone, so a seed gives the same answer on any number
of threads.
"""

from __future__ import annotations

import math
import os
import threading
from array import array
from dataclasses import dataclass
from functools import reduce
from typing import Any, Callable, NamedTuple, Optional, Sequence, Union, cast

from . import _engine
from ._engine import CHUNK_RUNOUTS, MAX_SAMPLES, MAX_WORKERS, TALLY_LISTS
from .cards import HOLE_SIZES, MAX_SEATS, Card, CardError, CardsLike, check_unique, read_counted, whole_number
from .exceptions import JobError
from .jobs import run_job
from .ranges import Range, RangeError

__all__ = [
    "Equity",
    "PlayerEquity",
    "Tally",
    "equity",
    "equity_tally",
    "equity_from_tally",
    "live_implementation",
    "DEFAULT_SAMPLES",
    "MAX_SAMPLES",
    "MAX_THREADS",
]

# Without ``samples`` the answer is exact: two hands leave at most C(44, 5) = 1,086,008 boards,
# the most any question can have, walked in well under a second.
DEFAULT_SAMPLES = 1_000_000
# With ranges, exact by default up to this many deals (hands of the ranges times runouts: a
# hand against every hand on the flop is 148,995 x 820 = 122 million), sampled above it.
EXACT_SHOWDOWNS = 200_000_000
# exact=True refuses past this: days of work.
ABSURD_SHOWDOWNS = 10**12
# An exact walk lists a range too large to list whole, once the known cards are out, when at
# most this many hands of the unknown cards are left to try (six cards from 43: 6 million).
MAX_WALKED_LIST = 30_000_000
# Every hand, as a program: one pattern with no specs.
_EVERY_HAND_PROGRAM = (array("i", [1, 0]), array("i", [100, 0, 0, 0]))
MAX_THREADS = MAX_WORKERS
MAX_PLAYERS = MAX_SEATS
# Heads-up exact equity with a range goes through the sweep (TallySweeper) for these hole sizes
# (six cards would take a gigabyte of accumulators), and is exact by default up to this much
# work: hands of both seats times runouts (AA** against KK** on a flop: 14 million).
SWEEP_HOLE_SIZES = (4, 5)
SWEEP_EXACT_WORK = 60_000_000
# The walk values a deal (a hand of each seat and a runout) in one step; the sweep values a hand
# against a whole range in a few: a hand-runout of the sweep costs about this many deals of the
# walk (measured: AsAh2s3h against **** on 4d5c9hKs, 5.4 million deals walked in 0.12 s, 6 million
# hand-runouts swept in 0.61 s). So a seat with one hand, or a few, walks: the sweep pays only
# when n * m deals outweigh SWEEP_COST * (n + m) hand-runouts.
SWEEP_COST = 5
_POT_UNITS = 5040  # the engines' pot: lcm(1..10) * 2
_BOARD_SIZES = (0, 3, 4, 5)
# A seat of a question, read: a hand's card indices, or a range.
_Seat = Union[list[int], Range]


@dataclass(frozen=True)
class PlayerEquity:
    """One seat's share of the pot, and how it comes."""

    hole: tuple[Card, ...]
    equity: float
    """Expected share of the pot: high_equity + low_equity."""
    high_equity: float
    """The part won through the high half (the whole pot when no low is possible on a board)."""
    low_equity: float
    """The part won through the low half."""
    scoop: float
    """Probability of winning the whole pot alone."""
    high_win: float
    """Probability of winning the high alone."""
    high_tie: float
    """Probability of sharing the best high."""
    low_win: float
    """Probability of winning the low alone."""
    low_tie: float
    """Probability of sharing the best low."""
    low_made: float
    """Probability that this hand makes a qualifying low."""
    std_error: float
    """Standard error of ``equity``: 0 when exact."""
    range: Optional[str] = None
    """For a seat given a range: its expression (``hole`` is then empty), the equity that of
    the range as a whole, each hand weighted by its weight."""


@dataclass(frozen=True)
class Equity:
    """The answer: one PlayerEquity per hand, in the order given."""

    players: tuple[PlayerEquity, ...]
    exact: bool
    runouts: int
    """Runouts walked (exact) or sampled."""
    low_possible: float
    """Share of runouts on which at least one hand has a low."""
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    seed: Optional[int]
    """The seed the samples came from (None when exact): pass it again to repeat them."""

    def __len__(self) -> int:
        return len(self.players)

    def __getitem__(self, seat: int) -> PlayerEquity:
        return self.players[seat]


def live_implementation() -> str:
    """Which engine runs equity here and now: "cython" (the compiled core) or "python" (the
    fallback)."""
    return "python" if _engine.ENGINE.__name__.endswith("core_py") else "cython"


@dataclass(frozen=True)
class Tally:
    """The integer counts behind an Equity, in plain ints and tuples so they pickle anywhere.
    Tallies of the same question add exactly (``a + b``), whatever split of the runouts they
    came from; ``implementation`` names the engines that counted them."""

    seats: tuple[tuple[int, ...], ...]
    """Per seat, the counts named by ``FIELDS``, in that order."""
    runouts: int
    low_possible: int
    pot_units: int
    exact: bool
    implementation: str

    FIELDS = TALLY_LISTS

    @classmethod
    def of_engine(cls, counts: dict, exact: bool) -> "Tally":
        seats = tuple(zip(*(tuple(counts[name]) for name in TALLY_LISTS)))
        return cls(seats, counts["runouts"], counts["low_possible"], counts["pot_units"], exact, live_implementation())

    def __add__(self, other: "Tally") -> "Tally":
        if not isinstance(other, Tally):
            return NotImplemented
        if len(self.seats) != len(other.seats) or self.pot_units != other.pot_units:
            raise JobError("tallies of different questions do not add")
        engines = "+".join(sorted(set(self.implementation.split("+")) | set(other.implementation.split("+"))))
        return Tally(
            tuple(tuple(a + b for a, b in zip(x, y)) for x, y in zip(self.seats, other.seats)),
            self.runouts + other.runouts,
            self.low_possible + other.low_possible,
            self.pot_units,
            self.exact and other.exact,
            engines,
        )

    def counts(self) -> dict:
        """The counts as the engines give them: per-seat lists by name, and totals."""
        out: dict = {name: [seat[i] for seat in self.seats] for i, name in enumerate(TALLY_LISTS)}
        out.update(runouts=self.runouts, low_possible=self.low_possible, pot_units=self.pot_units)
        return out


def equity_from_tally(
    tally: Tally, holes: Sequence[CardsLike], board: CardsLike = "", dead: CardsLike = "", seed: Optional[int] = None
) -> Equity:
    """The Equity that ``tally`` counts, for the question it counted (``holes``, ``board``,
    ``dead`` as given to ``equity_tally``)."""
    hands, board_cards, dead_cards, _ = _read_question(holes, board, dead)
    if len(hands) != len(tally.seats):
        raise JobError(f"the tally counts {len(tally.seats)} seats, not {len(hands)}")
    if not tally.runouts:
        raise JobError("the tally counts no runouts")
    return _result(tally.counts(), hands, board_cards, dead_cards, tally.exact, seed)


def _read_question(
    holes: Sequence[Union[CardsLike, Range]], board: CardsLike, dead: CardsLike
) -> tuple[list[_Seat], list[int], list[int], int]:
    if isinstance(holes, (str, bytes)) or not isinstance(holes, Sequence):
        raise CardError("holes must be a list of hands, one per player, such as ['AsAh2s3h', 'KsKdQhQc']")
    if len(holes) < 2:
        raise CardError(f"equity needs two or more hands, not {len(holes)}")
    if len(holes) > MAX_PLAYERS:
        raise CardError(f"too many players: {len(holes)} (at most {MAX_PLAYERS})")
    hands: list = []
    expressions = {}
    for seat, hole in enumerate(holes):
        if isinstance(hole, Range):
            hands.append(hole)
            continue
        try:
            hands.append(read_counted(hole, "hole cards", HOLE_SIZES))
        except CardError as error:
            # Text is one hand only when it is exactly one hand of concrete cards; anything else
            # is a range expression: "AA**", "random", "AsAh3c4d,QcJc8s6d" (two hands), and
            # "AsKdQhJ" (44 hands: the caller shows it as a range, so it cannot pass for a hand).
            if isinstance(hole, str):
                expressions[seat] = hole
                hands.append(None)
                continue
            raise CardError(f"hand {seat + 1}: {error}") from None
    known_sizes = {len(h) for h in hands if isinstance(h, list)} | {h.hole_size for h in hands if isinstance(h, Range)}
    size = min(known_sizes) if known_sizes else 4
    for seat, expression in expressions.items():
        try:
            hands[seat] = Range(expression, hole_size=size)
        except RangeError as error:
            raise RangeError(f"hand {seat + 1}: {error}") from None
    sizes = sorted({len(hand) if isinstance(hand, list) else hand.hole_size for hand in hands})
    if len(sizes) > 1:
        raise CardError(f"hands of unequal sizes ({', '.join(map(str, sizes))} cards): all must be the same size")
    board_cards = read_counted(board, "board cards", _BOARD_SIZES)
    dead_cards = read_counted(dead, "dead cards", tuple(range(53)))
    check_unique([c for hand in hands if isinstance(hand, list) for c in hand] + board_cards + dead_cards)
    left = (
        52
        - sum(len(hand) if isinstance(hand, list) else hand.hole_size for hand in hands)
        - len(board_cards)
        - len(dead_cards)
    )
    if left < 5 - len(board_cards):
        raise CardError(f"too many players for the deck: {left} cards left to deal {5 - len(board_cards)} board cards")
    return hands, board_cards, dead_cards, left


def _count(value: object, name: str, most: int) -> int:
    """A whole number 1..most, or a JobError that names the limit."""
    return whole_number(value, name, 1, most, JobError)


def equity(
    holes: Sequence[CardsLike],
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    exact: Optional[bool] = None,
    samples: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    progress: Optional[Callable[[int, int], object]] = None,
) -> Equity:
    """Each hand's share of the pot over the runouts of ``board``.

    ``holes``: two to ten hands of 4, 5 or 6 cards, all the same size. ``board``: 0, 3, 4 or 5
    known cards. ``dead``: cards out of play. By default (and with ``exact=True``) every runout
    is walked: no question has more than 1,086,008. ``samples=N`` (up to MAX_SAMPLES) samples N
    runouts instead; the same ``seed`` gives the same N runouts on any number of threads.
    ``threads``: worker threads, 1..MAX_THREADS (default: every core). ``progress(done, total)``
    is called now and then; raising from it stops the run, and the exception comes out of
    ``equity``. Ctrl-C stops a run within a chunk's time (about a millisecond).
    """
    run = _run_question(holes, board, dead, exact, samples, seed, threads, progress)
    return _result(run.tally, run.hands, run.board, run.dead, run.exact, run.seed)


def equity_tally(
    holes: Sequence[CardsLike],
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    exact: Optional[bool] = None,
    samples: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = 1,
) -> "Tally":
    """The integer counts behind ``equity(...)`` with the same arguments (one thread by
    default): what a distributed job sends back, since counts of the same question add exactly
    in any order. ``equity_from_tally`` turns them into an Equity."""
    run = _run_question(holes, board, dead, exact, samples, seed, threads, None)
    return Tally.of_engine(run.tally, run.exact)


class _Run(NamedTuple):
    tally: dict
    hands: list
    board: list
    dead: list
    exact: bool
    seed: Optional[int]


def _run_question(
    holes: Sequence[Union[CardsLike, Range]],
    board: CardsLike,
    dead: CardsLike,
    exact: Optional[bool],
    samples: Optional[int],
    seed: Optional[int],
    threads: Optional[int],
    progress: Optional[Callable[[int, int], object]],
) -> _Run:
    hands, board_cards, dead_cards, left = _read_question(holes, board, dead)
    if exact is not None and not isinstance(exact, bool):
        raise JobError(f"exact must be True, False or None, not {exact!r}")
    if samples is not None:
        samples = _count(samples, "samples", MAX_SAMPLES)
        if exact:
            raise JobError("exact=True walks every runout: give samples only without it")
    workers = _count(threads, "threads", MAX_THREADS) if threads is not None else (os.cpu_count() or 1)
    if seed is not None:
        seed = whole_number(seed, "seed", 0, 2**64 - 1, JobError)
    if progress is not None and not callable(progress):
        raise JobError("progress must be a callable taking (done, total)")

    if any(isinstance(hand, Range) for hand in hands):
        tally, walk, seed = _range_job(hands, board_cards, dead_cards, left, exact, samples, seed, workers, progress)
        return _Run(tally, hands, board_cards, dead_cards, walk, seed)
    walk = exact is not False and samples is None
    if walk:
        seed = None
        samples = 0
        runouts = math.comb(left, 5 - len(board_cards))
    else:
        samples = samples or DEFAULT_SAMPLES
        seed = int.from_bytes(os.urandom(8), "little") if seed is None else seed
        runouts = samples
    # A worker beyond the number of chunks would find nothing to do.
    workers = min(workers, -(-runouts // CHUNK_RUNOUTS))

    job = _engine.ENGINE.EquityJob(hands, board_cards, dead_cards, walk, samples, seed or 0, workers)
    run_job(job, workers, progress)
    return _Run(job.tally(), hands, board_cards, dead_cards, walk, seed)


def _in_every_hand(combos: bytes, size: int) -> int:
    """The cards every hand of a listed range holds, as a 52-bit mask (a card is in a hand at
    most once, so it is in all of them when it is counted once a hand)."""
    hands = len(combos) // size
    return sum(1 << card for card in set(combos[:size]) if combos.count(card) == hands)


def _range_job(
    hands: list[_Seat],
    board_cards: list[int],
    dead_cards: list[int],
    left: int,
    exact: Optional[bool],
    samples: Optional[int],
    seed: Optional[int],
    workers: int,
    progress: Optional[Callable[[int, int], object]],
) -> tuple[dict, bool, Optional[int]]:
    """Equity with ranges: every deal of the ranges' hands and a runout, weighted by the product
    of the hands' weights; hands that share a card with the board, the dead cards or a known
    hand are left out, and deals whose hands collide are no deals."""
    known = set(board_cards) | set(dead_cards) | {c for hand in hands if isinstance(hand, list) for c in hand}
    runouts = math.comb(left, 5 - len(board_cards))
    # The deals: an upper bound (the known cards may rule out some of a listed range's hands),
    # which only the choice of walking or sampling reads.
    showdowns = math.prod(_range_hands(hand, known) for hand in hands) * runouts
    if samples is None and exact is not False and _sweep_is_less_work(hands, board_cards, known, runouts, exact):
        return _sweep_tally(hands, board_cards, dead_cards, known, workers, progress), True, None
    if exact is True and samples is None and showdowns > ABSURD_SHOWDOWNS:
        raise JobError(
            f"exact=True would walk {showdowns:,} deals: more than {ABSURD_SHOWDOWNS:,}; sample them instead"
        )
    walk = samples is None and (exact is True or (exact is None and showdowns <= EXACT_SHOWDOWNS))
    holes, ranges = _range_seats(hands, known, walk)
    if walk:
        seed, samples, total = None, 0, showdowns
    else:
        samples = samples or DEFAULT_SAMPLES
        seed = int.from_bytes(os.urandom(8), "little") if seed is None else seed
        total = samples
    workers = min(workers, -(-total // CHUNK_RUNOUTS))
    job = _engine.ENGINE.RangeEquityJob(holes, board_cards, dead_cards, walk, samples, seed or 0, workers, ranges)
    run_job(job, workers, progress)
    if job.dry() or (walk and not job.tally()["runouts"]):
        raise RangeError("no deal of these ranges leaves their hands apart")
    return job.tally(), walk, seed


def _range_hands(hand: _Seat, known: set[int]) -> int:
    """How many hands a seat stands for once the known cards are out: 1 for a known hand, a listed
    range's hands (some of which the known cards may rule out), else every hand the unknown
    cards make."""
    if not isinstance(hand, Range):
        return 1
    if hand.listed and not hand.every_hand:
        return len(hand)
    return math.comb(52 - len(known), hand.hole_size)


def _sweep_is_less_work(
    hands: list[_Seat], board_cards: list[int], known: set[int], runouts: int, exact: Optional[bool]
) -> bool:
    """Whether an exact heads-up answer is one sweep per river board, hands against the whole
    other range: where that is less work than walking every deal (not for one known hand
    against a range). The sweep values river boards: a flop or turn board's runouts, one by one
    (preflop would be 1.5 million of them: the walk serves it)."""
    if len(hands) != 2 or len(board_cards) < 3:
        return False
    ranged = cast(Range, hands[0 if isinstance(hands[0], Range) else 1])  # a range job has a range seat
    if ranged.hole_size not in SWEEP_HOLE_SIZES:
        return False
    n, m = (_range_hands(hand, known) for hand in hands)
    return n * m > SWEEP_COST * (n + m) and (exact is True or (n + m) * runouts <= SWEEP_EXACT_WORK)


def _range_seats(hands: list[_Seat], known: set[int], walk: bool) -> tuple[list, list]:
    """What the range job takes per seat: a known hand's cards (its range None), or a range's
    entry (holes None)."""
    holes: list = []
    ranges: list = []
    held_by_all = 0  # cards that every hand of some range seat holds
    for seat, hand in enumerate(hands):
        if isinstance(hand, list):
            holes.append(hand)
            ranges.append(None)
            continue
        holes.append(None)
        entry, forced = _range_seat(seat, hand, known, walk)
        # A card every hand of two ranges holds leaves no deal at all: say so now, rather than
        # after the sampler's ten million tries (seconds compiled, a minute in pure Python).
        if forced & held_by_all:
            raise RangeError("no deal of these ranges leaves their hands apart")
        held_by_all |= forced
        ranges.append(entry)
    return holes, ranges


def _range_seat(seat: int, hand: Range, known: set[int], walk: bool) -> tuple[object, int]:
    """A range seat's entry for the job, and the cards every hand of it holds (a 52-bit mask; 0
    when it is not listed): every hand sampled card by card (its hole size), a range read hand
    by hand (its program), or its hands listed with their weights."""
    size = hand.hole_size
    if hand.every_hand and not walk:
        return size, 0  # sampled card by card: nothing to list
    if not hand.listed or (hand.every_hand and walk):
        if not walk:
            return (size, *hand.program()), 0  # read hand by hand, sampled
        combos, weights = _walked_list(seat, hand, known)
    else:
        # Hands that hold a known card are left to the engine, which skips every deal of
        # theirs: the ranges go to it as they are, without a copy.
        combos, weights = hand.raw()
    if not any(not known.intersection(combos[i : i + size]) for i in range(0, len(combos), size)):
        raise RangeError(f"hand {seat + 1}: the range {str(hand)!r} has no hand left once the known cards are out")
    forced = _in_every_hand(combos, size)
    divisor = reduce(math.gcd, set(weights))
    if divisor > 1:
        weights = weights.translate(bytes(w // divisor for w in range(256)))
    return (combos, weights), forced


def _walked_list(seat: int, hand: Range, known: set[int]) -> tuple[bytes, bytes]:
    """A range walked exactly: the hands the known cards leave, listed by the engine."""
    size = hand.hole_size
    unknown = sum(1 << c for c in range(52) if c not in known)
    if math.comb(52 - len(known), size) > MAX_WALKED_LIST:
        raise RangeError(
            f"hand {seat + 1}: the range {str(hand)!r} has too many hands to walk exactly; sample it (samples=N)"
        )
    code, table = hand.program() if not hand.every_hand else _EVERY_HAND_PROGRAM
    return _engine.ENGINE.range_list(code.tobytes(), table.tobytes(), size, unknown)


def _sweep_side(hand: _Seat, known: set[int], seat: int) -> tuple[bytes, list[int]]:
    """A seat's hands apart from the known cards, and their weights less their common factor
    (as the range walk takes them): a known hand is a range of one."""
    if not isinstance(hand, Range):
        return bytes(hand), [1]
    combos, weights = hand.apart_from(known, MAX_WALKED_LIST)
    if not weights:
        raise RangeError(f"hand {seat + 1}: the range {str(hand)!r} has no hand left once the known cards are out")
    divisor = reduce(math.gcd, set(weights))
    return combos, [w // divisor for w in weights]


class _SweepTallyJob:
    """Both seats' tallies by TallySweeper, as an engine job: tasks of runouts for one direction
    (seat 0's hands against seat 1's range, or back), claimed in turn by workers, each keeping a
    sweeper per direction; whole-number sums, the same in any split."""

    def __init__(self, sides: list, size: int, board: bytes, dead: bytes, runouts: int, workers: int) -> None:
        chunk = max(1, -(-runouts // (4 * workers)))
        self.tasks = [
            (direction, first, min(first + chunk, runouts))
            for direction in (0, 1)
            for first in range(0, runouts, chunk)
        ]
        self.workers = max(1, min(workers, len(self.tasks)))
        self.total = 2 * runouts
        self.results: list = [None, None]  # per direction: the summed fields
        self._sides, self._size, self._board, self._dead = sides, size, board, dead
        self._next = 0
        self._finished = 0
        self._stopped = False
        self._lock = threading.Lock()

    def _sweeper(self, direction: int) -> Any:  # the live engine's TallySweeper
        (hand_rows, hand_weights), (opp_rows, opp_weights) = self._sides[direction], self._sides[1 - direction]
        return _engine.ENGINE.TallySweeper(
            hand_rows,
            opp_rows,
            self._size,
            array("q", hand_weights).tobytes(),
            array("d", opp_weights).tobytes(),
            bytes(4 * len(hand_weights)),
            1,
        )

    def run(self, worker: int) -> None:
        own: dict = {}
        try:
            while not self._stopped:
                with self._lock:
                    if self._next >= len(self.tasks):
                        break
                    direction, first, stop = self.tasks[self._next]
                    self._next += 1
                if direction not in own:
                    own[direction] = self._sweeper(direction)
                own[direction].add_runouts(self._board, self._dead, first, stop)
                with self._lock:
                    self._finished += stop - first
        finally:
            with self._lock:
                for direction, sweeper in own.items():
                    sums = sweeper.sums()[0]
                    done = self.results[direction]
                    self.results[direction] = sums if done is None else tuple(a + b for a, b in zip(done, sums))

    def done(self) -> int:
        return self._finished

    def stop(self) -> None:
        self._stopped = True


def _sweep_tally(
    hands: list[_Seat],
    board_cards: list[int],
    dead_cards: list[int],
    known: set[int],
    workers: int,
    progress: Optional[Callable[[int, int], object]],
) -> dict:
    """The exact tally of two seats by TallySweeper: seat 0's hands against seat 1's range and
    the other way round, the runouts cut into chunks that threads take in turn."""
    size = hands[0].hole_size if isinstance(hands[0], Range) else len(hands[0])
    # A range loses its hands that hold a known card; a known hand's own cards are no dead cards
    # of the runouts (a runout holding one is no deal of that hand, and counts nothing).
    sides = [_sweep_side(hand, known, seat) for seat, hand in enumerate(hands)]
    left = 52 - len(board_cards) - len(dead_cards)
    runouts = math.comb(left, 5 - len(board_cards))
    job = _SweepTallyJob(sides, size, bytes(board_cards), bytes(dead_cards), runouts, workers)
    run_job(job, job.workers, progress)
    first_seat, second_seat = job.results
    if not first_seat[10]:
        raise RangeError("no deal of these ranges leaves their hands apart")
    tally: dict = {name: [first_seat[i], second_seat[i]] for i, name in enumerate(TALLY_LISTS)}
    tally.update(low_possible=first_seat[9], runouts=first_seat[10], pot_units=_POT_UNITS)
    return tally


def _result(
    tally: dict, hands: list[_Seat], board_cards: list[int], dead_cards: list[int], exact: bool, seed: Optional[int]
) -> Equity:
    n = tally["runouts"]
    pot = tally["pot_units"] * n
    players = []
    for seat, hand in enumerate(hands):
        high = tally["high_units"][seat] / pot
        low = tally["low_units"][seat] / pot
        share = high + low
        if exact or n < 2:
            error = 0.0
        else:
            # The spread of one runout's share, over the square root of the runouts.
            mean_square = tally["square_units"][seat] / (pot * tally["pot_units"])
            variance = max(mean_square - share * share, 0.0) * n / (n - 1)
            error = math.sqrt(variance / n)
        players.append(
            PlayerEquity(
                hole=tuple(Card(c) for c in hand) if isinstance(hand, list) else (),
                range=str(hand) if isinstance(hand, Range) else None,
                equity=share,
                high_equity=high,
                low_equity=low,
                scoop=tally["scoop"][seat] / n,
                high_win=tally["high_win"][seat] / n,
                high_tie=tally["high_tie"][seat] / n,
                low_win=tally["low_win"][seat] / n,
                low_tie=tally["low_tie"][seat] / n,
                low_made=tally["low_made"][seat] / n,
                std_error=error,
            )
        )
    return Equity(
        players=tuple(players),
        exact=exact,
        runouts=n,
        low_possible=tally["low_possible"] / n,
        board=tuple(Card(c) for c in board_cards),
        dead=tuple(Card(c) for c in dead_cards),
        seed=seed,
    )
