"""Pure equity, twin of ``equity_c.pxi``: ``EquityJob`` and ``RangeEquityJob`` (the runouts of
one equity question in chunks, walked or sampled from the very same random streams as the
compiled core's), ``draw_cards``, and the range walks ``range_count``, ``range_list`` and
``rows_apart``.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, islice, product
from math import comb
from typing import Any, Optional, SupportsIndex, Union, cast

from ...cards import Card, card_index, quoted
from ...exceptions import JobError
from ..checks import CHUNK_RUNOUTS, TALLY_LISTS, check_job, check_range_job, check_range_walk, check_rows_apart
from ..programs import ProgramLike, program_weight
from .evaluate import best_high, best_low
from .jobs import TaskedJob, cut

__all__ = [
    "EquityJob",
    "RangeEquityJob",
    "draw_cards",
    "range_count",
    "range_list",
    "rows_apart",
    "POT_UNITS",
    "HALF_UNITS",
    "ChunkStream",
]


POT_UNITS = 5040  # lcm(1..10) * 2: halves shared by up to ten players stay whole
HALF_UNITS = POT_UNITS // 2
_MASK64 = (1 << 64) - 1
# A card as an engine reads it: its text, a Card or an index (anything with __index__).
_Card = Union[str, SupportsIndex]
# A job's tally: per seat, a list of ints under each name of TALLY_LISTS; and the ints
# low_possible and runouts (and pot_units, in tally()'s copy).
Tally = dict[str, Any]


def _split_mix(state: int) -> tuple[int, int]:
    """splitmix64: the next state and its output."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


class ChunkStream:
    """The compiled core's random stream of one chunk, word for word: xoshiro256** seeded by
    splitmix64 of (seed, chunk), and Lemire's bounded integers. So a seed samples the same
    runouts in both engines."""

    def __init__(self, seed: int, chunk: int) -> None:
        mix, hashed = _split_mix(seed)
        mix = hashed ^ chunk
        words = []
        for _ in range(4):
            mix, word = _split_mix(mix)
            words.append(word)
        self.s = words

    def next(self) -> int:
        s = self.s
        x = (s[1] * 5) & _MASK64
        result = (((x << 7) | (x >> 57)) & _MASK64) * 9 & _MASK64
        t = (s[1] << 17) & _MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = ((s[3] << 45) | (s[3] >> 19)) & _MASK64
        return result

    def below(self, bound: int) -> int:
        product = (self.next() >> 32) * bound
        if product & 0xFFFFFFFF < bound:
            threshold = ((1 << 32) - bound) % bound
            while product & 0xFFFFFFFF < threshold:
                product = (self.next() >> 32) * bound
        return product >> 32


def _combinations_from(rank: int, items: list[int], k: int) -> Iterator[list[int]]:
    """``combinations(items, k)`` from the one of index ``rank`` on, without walking up to it."""
    n = len(items)
    index, c = [], 0
    for j in range(k):
        while rank >= comb(n - 1 - c, k - 1 - j):
            rank -= comb(n - 1 - c, k - 1 - j)
            c += 1
        index.append(c)
        c += 1
    while True:
        yield [items[i] for i in index]
        j = k - 1
        while j >= 0 and index[j] == n - k + j:
            j -= 1
        if j < 0:
            return
        index[j] += 1
        for c in range(j + 1, k):
            index[c] = index[c - 1] + 1


class EquityJob(TaskedJob):
    """The runouts of one equity question in chunks that workers claim in turn: the compiled
    core's ``EquityJob`` in plain Python, walking and sampling the very same runouts. A chunk is
    a task; ``done()`` and ``total`` count runouts (deals and runouts for a range job)."""

    def __init__(
        self,
        holes: Iterable[Iterable[_Card]],
        board: Iterable[_Card],
        dead: Iterable[_Card],
        exact: bool,
        samples: SupportsIndex,
        seed: SupportsIndex,
        workers: SupportsIndex,
    ) -> None:
        job = check_job(holes, board, dead, exact, samples, seed, workers)
        hands = cast("tuple[tuple[int, ...], ...]", job.holes)  # check_job's seats all hold cards
        self.holes: Sequence[Optional[list[int]]] = [list(hole) for hole in hands]
        self.board = list(job.board)
        used = set(job.board) | set(job.dead) | {card for hole in hands for card in hole}
        self.deck = [card for card in range(52) if card not in used]
        self.need = 5 - len(self.board)
        self.exact = job.exact
        self.seed = job.seed
        self._set_up_chunks(comb(len(self.deck), self.need) if job.exact else job.samples, len(self.holes), job.workers)

    def _set_up_chunks(self, total: int, seats: int, workers: int) -> None:
        """The chunks of ``total`` runouts or deals, and the sums their tallies add into."""
        cut(self, -(-total // CHUNK_RUNOUTS), workers, total)
        self.sums = self._empty_tally(seats)

    @staticmethod
    def _empty_tally(seats: int) -> Tally:
        return dict({name: [0] * seats for name in TALLY_LISTS}, low_possible=0, runouts=0)

    def _runouts(self, chunk: int) -> Iterator[list[int]]:
        first = chunk * CHUNK_RUNOUTS
        count = min(first + CHUNK_RUNOUTS, self.pieces) - first
        if self.exact:
            yield from islice(_combinations_from(first, self.deck, self.need), count)
            return
        stream, deck, size = ChunkStream(self.seed, chunk), list(self.deck), len(self.deck)
        for _ in range(count):
            for j in range(self.need):
                r = j + stream.below(size - j)
                deck[j], deck[r] = deck[r], deck[j]
            yield deck[: self.need]

    def _do_task(self, worker: int, task: int) -> Optional[int]:
        """One chunk's runouts tallied and added in: their count, or None when the job was
        stopped midway (nothing is added)."""
        tally = self._empty_tally(len(self.sums["low_made"]))
        if not self._work(task, tally):
            return None
        with self.lock:
            _add_tally(self.sums, tally)
        return min((task + 1) * CHUNK_RUNOUTS, self.pieces) - task * CHUNK_RUNOUTS

    def _work(self, chunk: int, tally: Tally) -> bool:
        """One chunk's runouts into ``tally``; False when the job was stopped midway."""
        for cards in self._runouts(chunk):
            if self.stopped:
                return False
            self._tally(tally, self.board + cards)
        return True

    def _tally(self, tally: Tally, board: list[int], holes: Optional[Sequence[list[int]]] = None) -> None:
        # An EquityJob's own seats all hold cards (a range job passes the hands it dealt).
        holes = cast("Sequence[list[int]]", self.holes) if holes is None else holes
        highs = [best_high(hole, board) for hole in holes]
        lows = [best_low(hole, board) for hole in holes]
        top_high = min(highs)
        made = [low for low in lows if low is not None]
        top_low = min(made) if made else None
        high_winners = [s for s, v in enumerate(highs) if v == top_high]
        low_winners = [s for s, v in enumerate(lows) if top_low is not None and v == top_low]
        tally["runouts"] += 1
        tally["low_possible"] += top_low is not None
        high_share = (HALF_UNITS if low_winners else POT_UNITS) // len(high_winners)
        for seat in range(len(holes)):
            units = 0
            tally["low_made"][seat] += lows[seat] is not None
            if seat in high_winners:
                units += high_share
                tally["high_units"][seat] += high_share
                tally["high_win" if len(high_winners) == 1 else "high_tie"][seat] += 1
            if seat in low_winners:
                low_share = HALF_UNITS // len(low_winners)
                units += low_share
                tally["low_units"][seat] += low_share
                tally["low_win" if len(low_winners) == 1 else "low_tie"][seat] += 1
            tally["scoop"][seat] += units == POT_UNITS
            tally["square_units"][seat] += units * units

    def tally(self) -> Tally:
        out: Tally = {name: list(self.sums[name]) for name in TALLY_LISTS}
        out["low_possible"] = self.sums["low_possible"]
        out["runouts"] = self.sums["runouts"]
        out["pot_units"] = POT_UNITS
        return out


def _draw_unused(stream: ChunkStream, used: set[int], count: int) -> list[int]:
    """``count`` cards of the 52 drawn again while already in ``used`` (and added to it)."""
    drawn = []
    for _ in range(count):
        while True:
            card = stream.below(52)
            if card not in used:
                break
        used.add(card)
        drawn.append(card)
    return drawn


def _add_tally(into: Tally, tally: Tally, weight: int = 1) -> None:
    for name in TALLY_LISTS:
        into[name] = [a + weight * b for a, b in zip(into[name], tally[name])]
    into["low_possible"] += weight * tally["low_possible"]
    into["runouts"] += weight * tally["runouts"]


class RangeEquityJob(EquityJob):
    """The compiled core's ``RangeEquityJob`` in plain Python: the same deals in the same order,
    the same random draws."""

    def __init__(
        self,
        holes: Iterable[Optional[Iterable[_Card]]],
        board: Iterable[_Card],
        dead: Iterable[_Card],
        exact: bool,
        samples: SupportsIndex,
        seed: SupportsIndex,
        workers: SupportsIndex,
        ranges: Iterable[object],
    ) -> None:
        job, range_job = check_range_job(holes, board, dead, exact, samples, seed, workers, ranges)
        self.board = list(job.board)
        self.fixed: list[Optional[list[int]]] = [None if hole is None else list(hole) for hole in job.holes]
        self.fixed_used = set(job.board) | set(job.dead) | {c for hole in job.holes if hole for c in hole}
        self.range_seat = sorted(range_job)
        self.range_rows: list[list[list[int]]] = []
        self.range_weights: list[list[int]] = []
        self.range_any: list[int] = []
        self.range_program: list[Optional[tuple[array[int], array[int]]]] = []
        for seat in self.range_seat:
            combos, weights, k = range_job[seat]
            self.range_any.append(0 if weights else k)
            program: Optional[tuple[array[int], array[int]]] = None
            if isinstance(combos, tuple):  # a range read hand by hand
                program = (array("i", combos[0]), array("i", combos[1]))
                combos = b""
            self.range_program.append(program)
            self.range_rows.append([list(combos[i : i + k]) for i in range(0, len(combos), k)])
            self.range_weights.append(list(weights))
        self.max_weight = max([1] + [max(w) for w in self.range_weights if w])
        self.need = 5 - len(self.board)
        deck_size = 52 - len(self.fixed_used) - sum(range_job[s][2] for s in self.range_seat)
        self.runouts_per_deal = comb(deck_size, self.need)
        deals = 1
        for rows in self.range_rows:
            deals *= len(rows)
        self.exact = job.exact
        self.seed = job.seed
        self._set_up_chunks(deals * self.runouts_per_deal if job.exact else job.samples, len(self.fixed), job.workers)
        self.holes = list(self.fixed)
        self.ran_dry = False

    def _deal(self, index: int) -> Optional[tuple[list[list[int]], list[int], int]]:
        holes = list(self.fixed)
        used = set(self.fixed_used)
        weight = 1
        for r in range(len(self.range_seat) - 1, -1, -1):
            rows = self.range_rows[r]
            index, pick = divmod(index, len(rows))
            if used & set(rows[pick]):
                return None
            used.update(rows[pick])
            holes[self.range_seat[r]] = rows[pick]
            weight *= self.range_weights[r][pick]
        # Every range seat is dealt a hand above.
        return cast("list[list[int]]", holes), [c for c in range(52) if c not in used], weight

    def _work(self, chunk: int, tally: Tally) -> bool:
        first = chunk * CHUNK_RUNOUTS
        last = min(first + CHUNK_RUNOUTS, self.pieces)
        if self.exact:
            self._walk(tally, first, last)
        else:
            self._sample(tally, chunk, last - first)
        return True

    def _walk(self, tally: Tally, first: int, last: int) -> None:
        per = self.runouts_per_deal
        deal = first // per
        while deal * per < last and not self.stopped:
            dealt = self._deal(deal)
            if dealt is not None:
                holes, deck, weight = dealt
                start = max(first - deal * per, 0)
                stop = min(last - deal * per, per)
                part = self._empty_tally(len(self.fixed))
                for cards in islice(_combinations_from(start, deck, self.need), stop - start):
                    self._tally(part, self.board + cards, holes)
                _add_tally(tally, part, weight)
            deal += 1

    def _sample(self, tally: Tally, chunk: int, count: int) -> None:
        stream = ChunkStream(self.seed, chunk)
        holes = list(self.fixed)
        for _ in range(count):
            tries = 0
            while True:
                tries += 1
                if tries > 10_000_000:
                    self.ran_dry = True
                    return
                used = set(self.fixed_used)
                ok = True
                for r, seat in enumerate(self.range_seat):
                    if self.range_any[r]:
                        drawn = _draw_unused(stream, used, self.range_any[r])
                        program = self.range_program[r]
                        if program is not None:
                            drawn.sort()
                            weight = program_weight(*program, drawn)
                            if weight == 0 or (weight < 100 and stream.below(100) >= weight):
                                ok = False
                                break
                        holes[seat] = drawn
                        continue
                    pick = stream.below(len(self.range_rows[r]))
                    weight = self.range_weights[r][pick]
                    if weight < self.max_weight and stream.below(self.max_weight) >= weight:
                        ok = False
                        break
                    if used & set(self.range_rows[r][pick]):
                        ok = False
                        break
                    used.update(self.range_rows[r][pick])
                    holes[seat] = self.range_rows[r][pick]
                if ok:
                    break
            # Every range seat was drawn a hand above.
            self._tally(tally, self.board + _draw_unused(stream, used, self.need), cast("list[list[int]]", holes))

    def dry(self) -> bool:
        return self.ran_dry


def draw_cards(seed: int, pool: Iterable[_Card], count: int) -> list[Card]:
    """``count`` Cards drawn at random from ``pool`` (distinct card indices 0..51): the compiled
    core's ``draw_cards``, the same cards for the same seed."""
    if type(pool) is not list and type(pool) is not tuple:
        pool = list(pool)
    size = len(pool)
    if size > 52:
        raise JobError(f"a pool holds at most 52 cards, not {size}")
    seen = 0
    for item in pool:
        if type(item) is not int and type(item) is not Card:
            item = card_index(item)  # numpy integers and the like; anything else is refused
        if not 0 <= item <= 51:
            raise JobError(f"pool card {quoted(item)} is outside 0..51")
        if (seen >> item) & 1:
            raise JobError(f"pool card {int(item)} appears twice")
        seen |= 1 << item
    if type(count) is not int or not 0 <= count <= size:
        raise JobError(f"count must be an int 0..{size}, not {quoted(count)}")
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise JobError(f"seed must be an int 0..2**64-1, not {quoted(seed)}")
    deck = [int(card) for card in pool]
    stream = ChunkStream(seed, 0)
    for j in range(count):
        r = j + stream.below(size - j)
        deck[j], deck[r] = deck[r], deck[j]
    return [Card(card) for card in deck[:count]]


def range_count(
    code: ProgramLike,
    table: ProgramLike,
    k: SupportsIndex,
    relevant: SupportsIndex,
    shapes: bytes | bytearray | memoryview = b"",
) -> int:
    """The compiled core's ``range_count``, the same walks in Python: how many k-card hands a
    compiled range gives a weight, each subset of the ``relevant`` cards tried once, or, when
    every card is relevant, the hands of the suit ``shapes`` given."""
    code_bytes, table_bytes, k, relevant, shape_bytes = check_range_walk(code, table, k, relevant, shapes)
    code_ints, table_ints = array("i"), array("i")
    code_ints.frombytes(code_bytes)
    table_ints.frombytes(table_bytes)
    total = 0
    if relevant == (1 << 52) - 1:
        for at in range(0, len(shape_bytes), 4):
            shape = shape_bytes[at : at + 4]
            per_suit = [
                [[rank * 4 + suit for rank in ranks] for ranks in combinations(range(13), shape[suit])]
                for suit in range(4)
            ]
            for parts in product(*per_suit):
                if program_weight(code_ints, table_ints, [c for part in parts for c in part]) > 0:
                    total += 1
        return total
    chosen = [c for c in range(52) if (relevant >> c) & 1]
    others = [c for c in range(52) if not (relevant >> c) & 1]
    for size in range(max(0, k - len(others)), min(k, len(chosen)) + 1):
        filler = others[: k - size]
        ways = comb(len(others), k - size)
        for subset in combinations(chosen, size):
            if program_weight(code_ints, table_ints, list(subset) + filler) > 0:
                total += ways
    return total


def range_list(code: ProgramLike, table: ProgramLike, k: SupportsIndex, allowed: SupportsIndex) -> tuple[bytes, bytes]:
    """The compiled core's ``range_list`` in Python: the k-card hands of the ``allowed`` cards
    that a compiled range gives a weight, as (combos, weights) bytes."""
    code_bytes, table_bytes, k, allowed, _ = check_range_walk(code, table, k, allowed)
    code_ints, table_ints = array("i"), array("i")
    code_ints.frombytes(code_bytes)
    table_ints.frombytes(table_bytes)
    combos, weights = bytearray(), bytearray()
    for hand in combinations([c for c in range(52) if (allowed >> c) & 1], k):
        weight = program_weight(code_ints, table_ints, hand)
        if weight:
            combos += bytes(hand)
            weights.append(weight)
    return bytes(combos), bytes(weights)


def rows_apart(
    combos: bytes | bytearray | memoryview,
    weights: bytes | bytearray | memoryview,
    k: SupportsIndex,
    dead: SupportsIndex,
) -> tuple[bytes, bytes]:
    """The rows of ``combos`` (k card indices each) that hold no card of the ``dead`` mask,
    with their weights, as (combos, weights) bytes in the order given."""
    combo_bytes, weight_bytes, k, dead = check_rows_apart(combos, weights, k, dead)
    keep = [
        i
        for i in range(len(weight_bytes))
        if not any(c < 52 and (dead >> c) & 1 for c in combo_bytes[i * k : (i + 1) * k])
    ]
    return b"".join(combo_bytes[i * k : (i + 1) * k] for i in keep), bytes(weight_bytes[i] for i in keep)
