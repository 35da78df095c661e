"""The pure-Python engine: the same API as the compiled core (``core_c``), written the slow,
plain way.

It enumerates every choice of two hole cards and three board cards and classifies each
five-card hand directly, so it shares no table with the compiled core and the two can check
each other. It serves where the extension did not build, and when OMAHA8_PURE_PYTHON=1.
"""

from __future__ import annotations

import math
import threading
from array import array
from itertools import combinations, islice, product
from math import comb
from typing import Iterator, Optional

from ..cards import HOLE_SIZES, Card, CardsLike, card_index, check_unique, quoted, read_counted, read_hand
from ..exceptions import HandValueError, JobError
from ..values import NO_LOW, WORST_HIGH, classify, low_bits, low_rank
from .checks import (
    CHUNK_RUNOUTS,
    ENGINE_API,
    SHOWDOWN_BLOCKS,
    TALLY_LISTS,
    check_batch,
    check_holding_ranks,
    check_holding_values,
    check_holdings,
    check_job,
    check_range_job,
    check_range_walk,
    check_river_job,
    check_rows_apart,
    check_share_against_all,
    row_error,
    showdown_error,
)
from .programs import program_weight
from .suits import HandIndexer  # noqa: F401  (the engine API: the pure indexer)

# The evaluation API: the same names and signatures as the compiled core's.
__all__ = list(ENGINE_API)


def _strength_order() -> dict[tuple[int, tuple[int, ...]], int]:
    """Every distinct high hand, numbered 1 (royal flush) .. 7462 by sorting on strength."""
    classes = set()
    for ranks in combinations_with_repetition(13, 5):
        if len(set(ranks)) > 1:  # five of one rank does not exist
            classes.add(classify(ranks, False))
        if len(set(ranks)) == 5:
            classes.add(classify(ranks, True))
    # Stronger category first; within it the higher ranks, compared in order of significance.
    ordered = sorted(classes, key=lambda c: (c[0], [-r for r in c[1]]))
    return {cls: value for value, cls in enumerate(ordered, start=1)}


def combinations_with_repetition(n: int, k: int):
    """Non-increasing k-tuples of 0..n-1 (a multiset of ranks each)."""
    if k == 0:
        yield ()
        return
    for first in range(n):
        for rest in combinations_with_repetition(first + 1, k - 1):
            yield (first,) + rest


_VALUE_OF_CLASS: dict = {}
_CLASS_OF_VALUE: list = []
# A rank multiset's key: the product of one prime per rank, the same whatever the order.
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_PRIME_OF_CARD = tuple(_PRIMES[card >> 2] for card in range(52))
# Values by that key, filled once by classifying every rank multiset: five cards of mixed
# suits, and five cards of one suit.
_PLAIN_VALUE: dict = {}
_FLUSH_VALUE: dict = {}


def _numbering() -> dict:
    if not _VALUE_OF_CLASS:
        _VALUE_OF_CLASS.update(_strength_order())
        _CLASS_OF_VALUE[:] = [None] + sorted(_VALUE_OF_CLASS, key=_VALUE_OF_CLASS.__getitem__)
        for ranks in combinations_with_repetition(13, 5):
            key = 1
            for rank in ranks:
                key *= _PRIMES[rank]
            if len(set(ranks)) > 1:
                _PLAIN_VALUE[key] = _VALUE_OF_CLASS[classify(ranks, False)]
            if len(set(ranks)) == 5:
                _FLUSH_VALUE[key] = _VALUE_OF_CLASS[classify(ranks, True)]
    return _VALUE_OF_CLASS


def class_of_value(value: int) -> tuple[int, tuple[int, ...]]:
    """The (category, ranks in order of significance) that a high value 1..7462 stands for."""
    _numbering()
    if not 1 <= value < len(_CLASS_OF_VALUE):
        raise HandValueError(f"high value {value} is outside 1..7462")
    return _CLASS_OF_VALUE[value]


def five_card_value(cards: CardsLike) -> int:
    """The high value 1..7462 of exactly five distinct cards (checked)."""
    cards = read_counted(cards, "cards", (5,))
    check_unique(cards)
    return _five_card_value(cards)


def _five_card_value(cards: "list[int] | tuple[int, ...]") -> int:
    _numbering()
    key = 1
    for card in cards:
        key *= _PRIME_OF_CARD[card]
    flush = len({card & 3 for card in cards}) == 1
    return (_FLUSH_VALUE if flush else _PLAIN_VALUE)[key]


def _best_high(hole: list[int], board: list[int]) -> int:
    """The best of every two hole cards with every three board cards."""
    _numbering()
    primes = _PRIME_OF_CARD
    triples = []
    for x, y, z in combinations(board, 3):
        suit = x & 3 if x & 3 == y & 3 == z & 3 else -1
        triples.append((primes[x] * primes[y] * primes[z], suit))
    best = WORST_HIGH
    for a, b in combinations(hole, 2):
        pair_key = primes[a] * primes[b]
        pair_suit = a & 3 if a & 3 == b & 3 else -2
        for triple_key, suit in triples:
            value = (_FLUSH_VALUE if suit == pair_suit else _PLAIN_VALUE)[pair_key * triple_key]
            if value < best:
                best = value
    return best


def _best_low(hole: list[int], board: list[int]) -> Optional[int]:
    """The best of every two hole cards with every three board cards that make a low: two
    different hole ranks and three different board ranks, none shared, all eight or lower
    (cards above eight are left out first, as no low can use them)."""
    pairs = [low_bits(pair) for pair in combinations(sorted({r for r in map(low_rank, hole) if r}), 2)]
    triples = [low_bits(triple) for triple in combinations(sorted({r for r in map(low_rank, board) if r}), 3)]
    best = None
    for pair in pairs:
        for triple in triples:
            if not pair & triple:
                mask = pair | triple
                if best is None or mask < best:
                    best = mask
    return best


def evaluate_high(hole: CardsLike, board: CardsLike) -> int:
    """Best high hand of exactly two hole cards and three board cards, 1 (best) .. 7462."""
    h, b = read_hand(hole, board)
    return _best_high(h, b)


def evaluate_low(hole: CardsLike, board: CardsLike) -> Optional[int]:
    """Best eight-or-better low as a rank mask (smaller is better), or None."""
    h, b = read_hand(hole, board)
    return _best_low(h, b)


def evaluate(hole: CardsLike, board: CardsLike) -> tuple[int, Optional[int]]:
    """``(evaluate_high(hole, board), evaluate_low(hole, board))`` in one call."""
    h, b = read_hand(hole, board)
    return _best_high(h, b), _best_low(h, b)


def evaluate_batch(holes, boards, out_high=None, out_low=None):
    """``high[i], low[i] = evaluate(holes[i], boards[i])`` for every row; see the compiled
    core's ``evaluate_batch`` for the buffers. Slow, but the same answers and the same errors."""
    batch = check_batch(holes, boards, out_high, out_low)
    hole_rows = batch.holes.tolist()
    if batch.shared_board:
        board = batch.boards.tolist()
        if not _cards_valid([], board):
            raise row_error(-1, [], board)
        board_rows = [board] * batch.rows
    else:
        board_rows = batch.boards.tolist()
    for row, (hole, board) in enumerate(zip(hole_rows, board_rows)):
        if not _cards_valid(hole, board):
            raise row_error(row, hole, board)
    highs = [_best_high(hole, board) for hole, board in zip(hole_rows, board_rows)]
    lows = [_best_low(hole, board) for hole, board in zip(hole_rows, board_rows)]
    # Through bytes, so that '<H' and other spellings of the native types can be written.
    high_view = memoryview(batch.out_high).cast("B").cast("H")
    low_view = memoryview(batch.out_low).cast("B")
    for row in range(batch.rows):
        high_view[row] = highs[row]
        low_view[row] = NO_LOW if lows[row] is None else lows[row]
    return batch.out_high, batch.out_low


def _cards_valid(hole: list[int], board: list[int]) -> bool:
    cards = hole + board
    return all(c <= 51 for c in cards) and len(set(cards)) == len(cards)


POT_UNITS = 5040  # lcm(1..10) * 2: halves shared by up to ten players stay whole
HALF_UNITS = POT_UNITS // 2
_MASK64 = (1 << 64) - 1


def _split_mix(state: int) -> tuple[int, int]:
    """splitmix64: the next state and its output."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


class _ChunkStream:
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


def _combinations_from(rank: int, items: list, k: int):
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


class EquityJob:
    """The runouts of one equity question in chunks that workers claim in turn: the compiled
    core's ``EquityJob`` in plain Python, walking and sampling the very same runouts."""

    def __init__(self, holes, board, dead, exact, samples, seed, workers):
        job = check_job(holes, board, dead, exact, samples, seed, workers)
        self.holes = [list(hole) for hole in job.holes]
        self.board = list(job.board)
        used = set(job.board) | set(job.dead) | {card for hole in job.holes for card in hole}
        self.deck = [card for card in range(52) if card not in used]
        self.need = 5 - len(self.board)
        self.exact = job.exact
        self.seed = job.seed
        self.workers = job.workers
        self._set_up_chunks(comb(len(self.deck), self.need) if job.exact else job.samples, len(self.holes))

    def _set_up_chunks(self, total: int, seats: int) -> None:
        """The chunks of ``total`` runouts or deals, and the sums their tallies add into."""
        self.total = total
        self.chunks = -(-total // CHUNK_RUNOUTS)
        self.next_chunk = 0
        self.finished = 0
        self.running = [False] * self.workers
        self.lock = threading.Lock()
        self.sums = self._empty_tally(seats)
        self.stopped = False

    @staticmethod
    def _empty_tally(seats: int) -> dict:
        return dict({name: [0] * seats for name in TALLY_LISTS}, low_possible=0, runouts=0)

    def _claim(self, worker=None, starting=False):
        with self.lock:
            if starting:
                if self.running[worker]:
                    raise JobError(f"worker {worker} is already running in another thread")
                self.running[worker] = True
                return None
            if self.stopped or self.next_chunk >= self.chunks:
                return None
            self.next_chunk += 1
            return self.next_chunk - 1

    def _runouts(self, chunk):
        first = chunk * CHUNK_RUNOUTS
        count = min(first + CHUNK_RUNOUTS, self.total) - first
        if self.exact:
            yield from islice(_combinations_from(first, self.deck, self.need), count)
            return
        stream, deck, size = _ChunkStream(self.seed, chunk), list(self.deck), len(self.deck)
        for _ in range(count):
            for j in range(self.need):
                r = j + stream.below(size - j)
                deck[j], deck[r] = deck[r], deck[j]
            yield deck[: self.need]

    def run(self, worker):
        if not 0 <= worker < self.workers:
            raise JobError(f"worker {worker} is outside 0..{self.workers - 1}")
        self._claim(worker, starting=True)
        try:
            while (chunk := self._claim()) is not None:
                tally = self._empty_tally(len(self.sums["low_made"]))
                if not self._work(chunk, tally):
                    return
                with self.lock:
                    _add_tally(self.sums, tally)
                    self.finished += min((chunk + 1) * CHUNK_RUNOUTS, self.total) - chunk * CHUNK_RUNOUTS
        finally:
            self.running[worker] = False

    def _work(self, chunk, tally) -> bool:
        """One chunk's runouts into ``tally``; False when the job was stopped midway."""
        for cards in self._runouts(chunk):
            if self.stopped:
                return False
            self._tally(tally, self.board + cards)
        return True

    def _tally(self, tally, board, holes=None):
        holes = self.holes if holes is None else holes
        highs = [_best_high(hole, board) for hole in holes]
        lows = [_best_low(hole, board) for hole in holes]
        best_high = min(highs)
        made = [low for low in lows if low is not None]
        best_low = min(made) if made else None
        high_winners = [s for s, v in enumerate(highs) if v == best_high]
        low_winners = [s for s, v in enumerate(lows) if best_low is not None and v == best_low]
        tally["runouts"] += 1
        tally["low_possible"] += best_low is not None
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

    def done(self):
        return self.finished

    def stop(self):
        self.stopped = True

    def tally(self):
        out = {name: list(self.sums[name]) for name in TALLY_LISTS}
        out["low_possible"] = self.sums["low_possible"]
        out["runouts"] = self.sums["runouts"]
        out["pot_units"] = POT_UNITS
        return out


def _draw_unused(stream: _ChunkStream, used: set, count: int) -> list:
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


def _add_tally(into: dict, tally: dict, weight: int = 1) -> None:
    for name in TALLY_LISTS:
        into[name] = [a + weight * b for a, b in zip(into[name], tally[name])]
    into["low_possible"] += weight * tally["low_possible"]
    into["runouts"] += weight * tally["runouts"]


class RangeEquityJob(EquityJob):
    """The compiled core's ``RangeEquityJob`` in plain Python: the same deals in the same order,
    the same random draws."""

    def __init__(self, holes, board, dead, exact, samples, seed, workers, ranges):
        job, range_job = check_range_job(holes, board, dead, exact, samples, seed, workers, ranges)
        self.board = list(job.board)
        self.fixed = [None if hole is None else list(hole) for hole in job.holes]
        self.fixed_used = set(job.board) | set(job.dead) | {c for hole in job.holes if hole for c in hole}
        self.range_seat = sorted(range_job)
        self.range_rows = []
        self.range_weights = []
        self.range_any = []
        self.range_program = []
        for seat in self.range_seat:
            combos, weights, k = range_job[seat]
            self.range_any.append(0 if weights else k)
            program = None
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
        self.workers = job.workers
        self._set_up_chunks(deals * self.runouts_per_deal if job.exact else job.samples, len(self.fixed))
        self.holes = list(self.fixed)
        self.ran_dry = False

    def _deal(self, index):
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
        return holes, [c for c in range(52) if c not in used], weight

    def _work(self, chunk, tally) -> bool:
        first = chunk * CHUNK_RUNOUTS
        last = min(first + CHUNK_RUNOUTS, self.total)
        if self.exact:
            self._walk(tally, first, last)
        else:
            self._sample(tally, chunk, last - first)
        return True

    def _walk(self, tally, first, last):
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

    def _sample(self, tally, chunk, count):
        stream = _ChunkStream(self.seed, chunk)
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
                        if self.range_program[r] is not None:
                            drawn.sort()
                            weight = program_weight(*self.range_program[r], drawn)
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
            self._tally(tally, self.board + _draw_unused(stream, used, self.need), holes)

    def dry(self):
        return self.ran_dry


def draw_cards(seed, pool, count):
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
    stream = _ChunkStream(seed, 0)
    for j in range(count):
        r = j + stream.below(size - j)
        deck[j], deck[r] = deck[r], deck[j]
    return [Card(card) for card in deck[:count]]


def all_five_card_values() -> array:
    """The value of every five-card hand, in ``itertools.combinations(range(52), 5)`` order."""
    return array("H", (_five_card_value(cards) for cards in combinations(range(52), 5)))


def range_count(code, table, k, relevant, shapes=b""):
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


def range_list(code, table, k, allowed):
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


def rows_apart(combos, weights, k, dead):
    """The rows of ``combos`` (k card indices each) that hold no card of the ``dead`` mask,
    with their weights, as (combos, weights) bytes in the order given."""
    combo_bytes, weight_bytes, k, dead = check_rows_apart(combos, weights, k, dead)
    keep = [
        i
        for i in range(len(weight_bytes))
        if not any(c < 52 and (dead >> c) & 1 for c in combo_bytes[i * k : (i + 1) * k])
    ]
    return b"".join(combo_bytes[i * k : (i + 1) * k] for i in keep), bytes(weight_bytes[i] for i in keep)


def _holdings(board: list[int], out: int, k: int) -> Iterator[tuple[int, int]]:
    """(best high, best low mask or NO_LOW) of every k-card holding of the cards not in the
    ``out`` mask, on ``board``: each pair's high once, each holding's low by its low ranks."""
    deck = [card for card in range(52) if not (out >> card) & 1]
    pair_high = {pair: _best_high(list(pair), board) for pair in combinations(deck, 2)}
    low_of: dict[int, int] = {}
    for holding in combinations(deck, k):
        high = min(pair_high[pair] for pair in combinations(holding, 2))
        ranks = 0
        for card in holding:
            rank = low_rank(card)
            if rank:
                ranks |= 1 << (rank - 1)
        if ranks not in low_of:
            low = _best_low(holding, board)  # type: ignore[arg-type]
            low_of[ranks] = NO_LOW if low is None else low
        yield high, low_of[ranks]


def holding_counts(board, hole_size, dead):
    """Over every holding of ``hole_size`` cards apart from ``board`` (3, 4 or 5 card indices)
    and the ``dead`` cards (a 52-bit mask), how many make each best high and each best low:
    (high, low), ``high[v]`` the holdings whose best high is v (1..7462; [0] unused), ``low[m]``
    those whose best low is mask m (``low[255]``: no low), as array('q')."""
    board_bytes, k, out = check_holdings(board, hole_size, dead)
    high = array("q", bytes(8 * 7463))
    low = array("q", bytes(8 * 256))
    for best_high, best_low in _holdings(list(board_bytes), out, k):
        high[best_high] += 1
        low[best_low] += 1
    return high, low


def share_against_all(board, hole, dead):
    """``hole``'s share of the pot on a river ``board`` against every holding of as many cards
    apart from the board, the hand and the ``dead`` cards (a 52-bit mask), heads-up: (quarters,
    holdings), the shares summed in quarter pots (a scoop 4, a high half 2, a quartered low 1)."""
    board_bytes, hole_bytes, out = check_share_against_all(board, hole, dead)
    cards, hand = list(board_bytes), list(hole_bytes)
    mine_high = _best_high(hand, cards)
    mine_low = _best_low(hand, cards)
    mine = NO_LOW if mine_low is None else mine_low
    quarters = count = 0
    for high, low in _holdings(cards, out, len(hand)):
        count += 1
        high_part = 2 if mine_high < high else (1 if mine_high == high else 0)
        if mine == NO_LOW and low == NO_LOW:
            quarters += 2 * high_part
        else:
            quarters += high_part + (2 if mine < low else (1 if mine == low else 0))
    return quarters, count


def _made_values(cards: list[int], deck: list[int], k: int, below_high: int, below_low: int, most: int):
    """The distinct best highs better than ``below_high`` and lows better than ``below_low``
    that k-card holdings of ``deck`` make on ``cards``, best first, ``most`` of each at most. A
    value some pair makes counts once a holding around the pair is found that makes nothing
    better; a holding's low is its set of low ranks' (nines and up fill the rest)."""
    pair_high = {}
    for a, b in combinations(deck, 2):
        pair_high[a, b] = pair_high[b, a] = _best_high([a, b], cards)

    def grows(chosen: list, start: int, value: int) -> bool:
        if len(chosen) == k:
            return True
        for at in range(start, len(deck)):
            card = deck[at]
            if (
                card not in chosen
                and all(pair_high[other, card] >= value for other in chosen)
                and grows(chosen + [card], at + 1, value)
            ):
                return True
        return False

    highs = []
    for value in sorted({value for pair, value in pair_high.items() if value < below_high}):
        if any(grows(list(pair), 0, value) for pair, made in pair_high.items() if made == value and pair[0] < pair[1]):
            highs.append(value)
            if len(highs) == most:
                break
    there = sorted({low_rank(card) for card in deck} - {0})
    lows = set()
    for size in range(2, min(k, len(there)) + 1):
        for ranks in combinations(there, size):
            low = _best_low([(12 if rank == 1 else rank - 2) * 4 for rank in ranks], cards)
            if low is not None and low < below_low:
                lows.add(low)
    return highs, sorted(lows)[:most]


def holding_values(board, hole_size, dead, most):
    """The ``most`` best distinct highs and lows that holdings of ``hole_size`` cards apart from
    ``board`` (3, 4 or 5 card indices) and the ``dead`` cards (a 52-bit mask) make as their best,
    best first: (highs, lows), lists (lows empty when no low is possible)."""
    board_bytes, k, out, count = check_holding_values(board, hole_size, dead, most)
    deck = [card for card in range(52) if not (out >> card) & 1]
    if len(deck) < k:
        return [], []
    return _made_values(list(board_bytes), deck, k, WORST_HIGH + 1, NO_LOW, count)


def holding_ranks(board, hole):
    """Where ``hole`` ranks on ``board`` among the holdings of as many cards apart from both:
    (high rank, low rank or 0 when the hand has no low), each 1 plus the distinct values better
    than the hand's that some such holding makes as its best."""
    board_bytes, hole_bytes, out = check_holding_ranks(board, hole)
    cards, hand = list(board_bytes), list(hole_bytes)
    mine_high = _best_high(hand, cards)
    mine_low = _best_low(hand, cards)
    deck = [card for card in range(52) if not (out >> card) & 1]
    highs, lows = _made_values(cards, deck, len(hand), mine_high, NO_LOW if mine_low is None else mine_low, 7462)
    return 1 + len(highs), 0 if mine_low is None else 1 + len(lows)


def release_memory() -> int:
    """Free the working memory the showdown sweeps keep between calls; returns the bytes given
    back (here none is kept: Python's own memory serves)."""
    return 0


class _TaskedJob:
    """What the pure showdown and strength jobs share: a fixed list of tasks that workers claim
    in turn (``run(worker)``), ``done()``, ``total``, ``stop()``. A job sets up ``_tasks`` and
    does one task in ``_do(task)``."""

    def _tasks(self, tasks: int, workers: int) -> None:
        self.tasks = tasks
        self.workers = min(workers, tasks)
        self._next = 0
        self._finished = 0
        self._stopped = False
        self._lock = threading.Lock()

    def _do(self, task: int) -> None:
        raise NotImplementedError

    def run(self, worker):
        if not isinstance(worker, int) or not 0 <= worker < self.workers:
            raise JobError(f"worker {worker} is outside 0..{self.workers - 1}")
        while not self._stopped:
            with self._lock:
                if self._next >= self.tasks:
                    return
                task = self._next
                self._next += 1
            self._do(task)
            with self._lock:
                self._finished += 1

    def done(self):
        return self._finished

    @property
    def total(self):
        return self.tasks

    def stop(self):
        self._stopped = True


class ShowdownJob(_TaskedJob):
    """Showdown values, the compiled core's sweep written plainly: per river board, the hands
    in order of strength; per set of one to k-1 cards, the weight of the opponents so far that
    hold it; inclusion and exclusion leave the weight of the opponents disjoint from a hand.
    Tasks as in the core: a river's high and low sweeps, or SHOWDOWN_BLOCKS runout blocks."""

    def __init__(self, board, hands, opponents, hole_size, weights, workers):
        board, hands, opponents, weights = bytes(board), bytes(hands), bytes(opponents), bytes(weights)
        k = hole_size
        if not isinstance(k, int) or not 4 <= k <= max(HOLE_SIZES):
            raise JobError(f"hole_size must be 4..{max(HOLE_SIZES)}, not {k}")
        if not isinstance(workers, int) or workers < 1:
            raise JobError("a showdown job needs a worker")
        if len(hands) % k or len(opponents) % k or len(weights) != 8 * (len(opponents) // k):
            raise JobError("a showdown job takes whole rows and one float64 weight per opponent")
        self._weights = array("d", weights)
        code, row = self._check(board, hands, opponents, k, self._weights)
        if code:
            raise showdown_error(code, row, board, hands, opponents, k, weights)
        self._k = k
        self._board = list(board)
        self._hands = [tuple(sorted(hands[i : i + k])) for i in range(0, len(hands), k)]
        self._opps = [tuple(sorted(opponents[i : i + k])) for i in range(0, len(opponents), k)]
        deck = [c for c in range(52) if c not in board]
        if len(board) == 5:
            self._runouts: list = [()]
        else:
            self._runouts = list(combinations(deck, 5 - len(board)))
        self._tasks(2 if len(board) == 5 else SHOWDOWN_BLOCKS, workers)
        self._parts: list = [None] * self.tasks
        self._sign = 1 if k % 2 == 0 else -1
        dup: dict = {}
        for hand, w in zip(self._opps, self._weights):
            if w > 0:
                total, number = dup.get(hand, (0.0, 0))
                dup[hand] = (total + w, number + 1)
        self._dup = [dup.get(hand, (0.0, 0)) for hand in self._hands]

    @staticmethod
    def _check(board: bytes, hands: bytes, opponents: bytes, k: int, weights: array) -> tuple[int, int]:
        if not 3 <= len(board) <= 5 or len(set(board)) != len(board) or max(board) > 51:
            return -1, -1
        if 52 - len(board) - 2 * k < 5 - len(board):
            return -2, -1
        for code, rows in ((-3, hands), (-4, opponents)):
            for row in range(len(rows) // k):
                cards = rows[row * k : (row + 1) * k]
                if max(cards) > 51 or len(set(cards)) != k or set(cards) & set(board):
                    return code, row
        for row, w in enumerate(weights):
            if not 0.0 <= w < float("inf"):
                return -5, row
        return 0, -1

    @staticmethod
    def _subsets(hand: tuple) -> tuple[list, list]:
        """The proper nonempty subsets of a hand: of odd size, of even size."""
        odd: list = []
        even: list = []
        for size in range(1, len(hand)):
            (odd if size % 2 else even).extend(combinations(hand, size))
        return odd, even

    def _sweep(
        self, hand_keys: list, opp_keys: list, two_channels: bool, hand_low: list, opp_low: list, out: list
    ) -> None:
        # hand_keys[i]: the hand's strength key (higher is stronger) or None when it sits out.
        acc: list = [{}, {}]
        totals = [0.0, 0.0]
        groups: dict = {}
        for i, key in enumerate(hand_keys):
            if key is not None:
                groups.setdefault(key, ([], []))[0].append(i)
        for j, key in enumerate(opp_keys):
            if key is not None:
                groups.setdefault(key, ([], []))[1].append(j)

        def ask(channel: int, i: int) -> float:
            odd, even = self._subsets(self._hands[i])
            table = acc[channel]
            return totals[channel] - sum(table.get(s, 0.0) for s in odd) + sum(table.get(s, 0.0) for s in even)

        for key in sorted(groups):
            hands, opps = groups[key]
            before = [(ask(0, i), ask(1, i) if two_channels else 0.0) for i in hands]
            for j in opps:
                w = self._weights[j]
                channels = (0, 1) if two_channels and opp_low[j] == 0 else (0,)
                odd, even = self._subsets(self._opps[j])
                for channel in channels:
                    table = acc[channel]
                    for s in odd + even:
                        table[s] = table.get(s, 0.0) + w
                    totals[channel] += w
            for (first0, first1), i in zip(before, hands):
                dup = self._sign * self._dup[i][0]
                out[i] += 0.25 * (first0 + ask(0, i) + dup)
                if two_channels and hand_low[i] == 0:
                    out[i] += 0.25 * (first1 + ask(1, i) + dup)

    @staticmethod
    def _keys(rows: list, weights, board: list, dead: set) -> tuple[list, list]:
        """Each row's high key (higher is stronger; None for a row that sits out: dead on this
        runout, or of no weight) and low key (255 less the low mask; 0 for no low)."""
        keys: list = []
        lows: list = []
        for row, w in zip(rows, weights):
            if w <= 0 or dead.intersection(row):
                keys.append(None)
                lows.append(0)
                continue
            keys.append(WORST_HIGH - _best_high(list(row), board))
            value = _best_low(list(row), board)
            lows.append(0 if value is None else 255 - value)
        return keys, lows

    def _river(self, runout: tuple, parts: int, high: list, low: list) -> None:
        board = self._board + list(runout)
        dead = set(runout)
        hand_key, hand_low = self._keys(self._hands, [1.0] * len(self._hands), board, dead)
        opp_key, opp_low = self._keys(self._opps, self._weights, board, dead)
        if parts & 1:
            self._sweep(hand_key, opp_key, True, hand_low, opp_low, high)
        if parts & 2 and any(hand_low):
            self._sweep(
                [u if u else None for u in hand_low],
                [u if key is not None else None for u, key in zip(opp_low, opp_key)],
                False,
                hand_low,
                opp_low,
                low,
            )

    def _task(self, task: int) -> tuple[list, list]:
        n = len(self._hands)
        high, low = [0.0] * n, [0.0] * n
        if len(self._board) == 5:
            self._river((), 1 if task == 0 else 2, high, low)
        else:
            total = len(self._runouts)
            for runout in self._runouts[total * task // self.tasks : total * (task + 1) // self.tasks]:
                self._river(runout, 3, high, low)
        return high, low

    def _do(self, task: int) -> None:
        self._parts[task] = self._task(task)

    def result(self):
        if self._finished != self.tasks:
            raise JobError("the showdown job has not finished")
        n = len(self._hands)
        high, low = [0.0] * n, [0.0] * n
        for part_high, part_low in self._parts:
            for i in range(n):
                high[i] += part_high[i]
                low[i] += part_low[i]
        k = self._k
        runouts = comb(52 - len(self._board) - 2 * k, 5 - len(self._board))
        # Every opponent of positive weight in, then each hand's disjoint weight and count by
        # the same inclusion and exclusion (the count in whole numbers: exact).
        weights: dict = {}
        counts: dict = {}
        total, number = 0.0, 0
        for opp, w in zip(self._opps, self._weights):
            if w > 0:
                odd, even = self._subsets(opp)
                for s in odd + even:
                    weights[s] = weights.get(s, 0.0) + w
                    counts[s] = counts.get(s, 0) + 1
                total += w
                number += 1
        weight = array("d")
        positive = array("i")
        for i, hand in enumerate(self._hands):
            odd, even = self._subsets(hand)
            dup_weight, dup_number = self._dup[i]
            left = (
                total
                - sum(weights.get(s, 0.0) for s in odd)
                + sum(weights.get(s, 0.0) for s in even)
                + self._sign * dup_weight
            )
            count = (
                number
                - sum(counts.get(s, 0) for s in odd)
                + sum(counts.get(s, 0) for s in even)
                + self._sign * dup_number
            )
            weight.append(left if count else 0.0)
            positive.append(count)
            if count:
                high[i] = max(high[i] / runouts, 0.0)
                low[i] = max(low[i] / runouts, 0.0)
            else:
                high[i] = low[i] = 0.0
        share = array("d", (h + lo for h, lo in zip(high, low)))
        # NaN where no opponent of weight is left, or where what is left weighs less than the
        # rounding of the sums can tell from nothing; else within 0..1 (the compiled rule).
        equity = array(
            "d",
            (
                min(max(s / w, 0.0), 1.0) if count and w > 0.0 else math.nan
                for s, w, count in zip(share, weight, positive)
            ),
        )
        return share, array("d", high), array("d", low), weight, equity


def river_fields(hands: list, opps: list, weights: list, board: list, dead: set) -> Iterator[tuple[int, list]]:
    """Per live hand (none of ``dead``) on a river board, its 11 tally fields against the live
    opponents of positive weight, pair by pair."""
    live_opps = [
        (opp, w, _best_high(list(opp), board), _best_low(list(opp), board))
        for opp, w in zip(opps, weights)
        if w > 0 and not dead.intersection(opp)
    ]
    for i, hand in enumerate(hands):
        if dead.intersection(hand):
            continue
        high, low = _best_high(list(hand), board), _best_low(list(hand), board)
        fields = [0] * 11
        for opp, w, opp_high, opp_low in live_opps:
            if set(hand) & set(opp):
                continue
            h = 2 if high < opp_high else 1 if high == opp_high else 0
            if low is None and opp_low is None:
                high_units, low_units = HALF_UNITS * h, 0
            else:
                high_units = HALF_UNITS // 2 * h
                fields[9] += w
                if low is None:
                    low_units = 0
                else:
                    lo = 2 if opp_low is None or low < opp_low else 1 if low == opp_low else 0
                    low_units = HALF_UNITS // 2 * lo
                    fields[6] += w if lo == 2 else 0
                    fields[7] += w if lo == 1 else 0
                    fields[8] += w
            units = high_units + low_units
            fields[0] += w * high_units
            fields[1] += w * low_units
            fields[2] += w * units * units
            fields[3] += w if units == 2 * HALF_UNITS else 0
            fields[4] += w if h == 2 else 0
            fields[5] += w if h == 1 else 0
            fields[10] += w
        yield i, fields


STRENGTH_TASKS = 16  # runout blocks of a strength job, as in the compiled core


class StrengthJob(_TaskedJob):
    """Hand-strength features, the compiled core's job settled pair by pair: per runout each
    hand's tally against the live opponents; sums of whole numbers, the squares summed per task
    in runout order and the tasks in order. The same API."""

    def __init__(self, board, hands, opponents, hole_size, weights, bins, workers):
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
        code, row = ShowdownJob._check(board, hands, opponents, k, values)
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
        self._tasks(1 if len(board) == 5 else STRENGTH_TASKS, workers)
        n = len(self._hands)
        self._sums = [[0] * 11 for _ in range(n)]
        self._histogram = [[0] * bins for _ in range(n)]
        self._squares = [[0.0] * n for _ in range(self.tasks)]

    def _do(self, task: int) -> None:
        count = len(self._runouts)
        for runout in self._runouts[count * task // self.tasks : count * (task + 1) // self.tasks]:
            board = self._board + list(runout)
            with self._lock:
                for i, fields in river_fields(self._hands, self._opps, self._weights, board, set(runout)):
                    for t in range(11):
                        self._sums[i][t] += fields[t]
                    if fields[10]:
                        units, weight = fields[0] + fields[1], fields[10]
                        self._squares[task][i] += float(units) * float(units) / float(weight)
                        if self._bins:
                            b = units * self._bins // (POT_UNITS * weight)
                            self._histogram[i][min(b, self._bins - 1)] += weight

    def result(self):
        if self._finished != self.tasks:
            raise JobError("the strength job has not finished")
        nan = float("nan")
        columns: list = [array("d") for _ in range(7)]
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


class TallySweeper:
    """Equity tallies of hands against a weighted range, board by board, into group sums: the
    compiled core's sweep, here settled pair by pair (plain and slow). The same API."""

    def __init__(self, hands, opponents, hole_size, hand_weights, opponent_weights, groups, group_count):
        hands, opponents = bytes(hands), bytes(opponents)
        k = hole_size
        if not isinstance(k, int) or not 4 <= k <= max(HOLE_SIZES):
            raise JobError(f"hole_size must be 4..{max(HOLE_SIZES)}, not {k}")
        hand_weights = array("q", bytes(hand_weights))
        weights = array("d", bytes(opponent_weights))
        group_of = array("i", bytes(groups))
        n, m = len(hands) // k, len(opponents) // k
        if len(hands) % k or len(opponents) % k or len(weights) != m or len(hand_weights) != n or len(group_of) != n:
            raise JobError(
                "a tally sweep takes whole rows, a float64 weight per opponent, an int64 weight and "
                "an int32 group per hand"
            )
        if any(not 0 <= g < group_count for g in group_of) or any(w < 0 for w in hand_weights):
            raise JobError("a hand's group or weight is out of range")
        for code, rows in ((-3, hands), (-4, opponents)):
            for row in range(len(rows) // k):
                cards = rows[row * k : (row + 1) * k]
                if max(cards) > 51 or len(set(cards)) != k:
                    raise showdown_error(code, row, b"", hands, opponents, k, b"")
        for row, w in enumerate(weights):
            if not 0.0 <= w < float("inf"):
                raise showdown_error(-5, row, b"", hands, opponents, k, b"")
        self._k = k
        self._hands = [tuple(hands[i : i + k]) for i in range(0, len(hands), k)]
        self._opps = [tuple(opponents[i : i + k]) for i in range(0, len(opponents), k)]
        self._hand_weights = list(hand_weights)
        self._weights = [int(w) if w == int(w) else w for w in weights]
        self._groups = list(group_of)
        self._sums = [[0] * 11 for _ in range(group_count)]

    def _river(self, board: list, dead: set, multiplier: int) -> None:
        for i, fields in river_fields(self._hands, self._opps, self._weights, board, dead):
            scale = self._hand_weights[i] * multiplier
            total = self._sums[self._groups[i]]
            for t in range(11):
                total[t] += scale * fields[t]

    def add_board(self, board, dead=b"", multiplier=1):
        board, dead = list(bytes(board)), set(bytes(dead))
        if len(board) != 5 or len(set(board)) != 5 or max(board) > 51 or (dead and max(dead) > 51):
            raise JobError("add_board takes five distinct cards")
        self._river(board, dead | set(board), multiplier)

    def add_runouts(self, board, dead, first, stop):
        board, dead = list(bytes(board)), list(bytes(dead))
        if not 3 <= len(board) <= 5 or len(set(board + dead)) != len(board + dead) or max(board + dead) > 51:
            raise JobError("add_runouts takes 3 to 5 board cards and dead cards, all distinct")
        deck = [c for c in range(52) if c not in board and c not in dead]
        runouts = islice(combinations(deck, 5 - len(board)), max(first, 0), max(stop, 0))
        for runout in runouts:
            self._river(board + list(runout), set(board) | set(dead) | set(runout), 1)

    def sums(self):
        return [tuple(row) for row in self._sums]


def _pair_share(mine: tuple, theirs: tuple) -> float:
    """A hand's fraction of the pot against one other: (high, low or None) each."""
    high = 1.0 if mine[0] < theirs[0] else 0.5 if mine[0] == theirs[0] else 0.0
    if mine[1] is None and theirs[1] is None:
        return high
    if theirs[1] is None:
        low = 1.0
    elif mine[1] is None:
        low = 0.0
    else:
        low = 1.0 if mine[1] < theirs[1] else 0.5 if mine[1] == theirs[1] else 0.0
    return 0.5 * high + 0.5 * low


class RiverJob(_TaskedJob):
    """The compiled RiverJob's API, plainly: each terminal's values pair by pair.

    Regrets and sums are stored as float32 (array('f')) and the strategies played as float64,
    as the compiled engine stores them, so the two follow the same numbers to within the sums'
    rounding."""

    def __init__(self, board, oop_rows, ip_rows, hole_size, oop_weights, ip_weights, kinds, firsts, counts, amounts):
        spec = check_river_job(
            board, oop_rows, ip_rows, hole_size, oop_weights, ip_weights, kinds, firsts, counts, amounts
        )
        k = spec.hole_size
        board_cards = list(spec.board)
        self._hands = []
        for rows in spec.rows:
            hands = []
            for i in range(len(rows) // k):
                hole = list(rows[i * k : (i + 1) * k])
                hands.append((_best_high(hole, board_cards), _best_low(hole, board_cards), frozenset(hole)))
            self._hands.append(hands)
        self._weights = [list(w) for w in spec.weights]
        self._kinds, self._firsts, self._counts = spec.kinds, spec.firsts, spec.counts
        self._amounts = spec.amounts
        self._offset = {}
        size = [0, 0]
        for node, kind in enumerate(self._kinds):
            if kind <= 1:
                self._offset[node] = size[kind]
                size[kind] += self._counts[node] * len(self._hands[kind])
        self._regret = [array("f", bytes(4 * s)) for s in size]
        self._sums = [array("f", bytes(4 * s)) for s in size]
        self._current = [array("d", bytes(8 * s)) for s in size]
        self._roots: list = [None, None]
        self._mode = 0
        self.iteration = 0
        self.memory = 16 * sum(size)
        self._tasks(2, 2)
        self._next = self._first = 2
        self.opponent_weights = tuple(array("d", self._share(p, self._weights[1 - p])[1]) for p in (0, 1))

    def _share(self, p: int, reach: list) -> tuple[list, list]:
        """Per hand of player p: the reach-weighted sum of its pot fractions against the other
        player's hands disjoint from it, and the sum of their reach."""
        share, weight = [], []
        for mine in self._hands[p]:
            s = w = 0.0
            for theirs, r in zip(self._hands[1 - p], reach):
                if r != 0.0 and not mine[2] & theirs[2]:
                    s += r * _pair_share(mine, theirs)
                    w += r
            share.append(s)
            weight.append(w)
        return share, weight

    def _payoff(self, node: int, p: int) -> float:
        kind = self._kinds[node]
        pot, put_in = self._amounts[3 * node], self._amounts[3 * node + 1 + p]
        return pot - put_in if (kind == 2 and p == 1) or (kind == 3 and p == 0) else -put_in

    def begin(self, mode, iteration=0, player=0):
        if mode not in (0, 1, 2):
            raise JobError(f"mode {mode!r} is not 0, 1 or 2")
        if mode == 0:
            if player not in (0, 1):
                raise JobError("player is 0 (OOP) or 1 (IP)")
            if iteration != self.iteration + 1 - player:
                raise JobError(
                    f"player {player}'s half of iteration {iteration} does not follow "
                    f"{'iteration' if player == 0 else 'OOP in iteration'} {self.iteration}"
                )
            t = float(iteration - 1)
            self._discounts = (t**1.5 / (t**1.5 + 1.0), 0.5, (t / (t + 1.0)) ** 2)
            self.iteration = iteration
        self._mode = mode
        for node, kind in enumerate(self._kinds):
            if kind > 1:
                continue
            n, count, at = len(self._hands[kind]), self._counts[node], self._offset[node]
            source = (self._sums if mode else self._regret)[kind]
            for i in range(n):
                positive = [max(source[at + a * n + i], 0.0) for a in range(count)]
                total = sum(positive)
                for a in range(count):
                    self._current[kind][at + a * n + i] = positive[a] / total if total > 0 else 1.0 / count
        first = player if mode == 0 else 0
        self._tasks(player + 1 if mode == 0 else 2, 2)
        self.workers = 2  # a second worker on a one-task phase finds nothing to do
        self._next = first
        self._first = first

    @property
    def total(self):
        return self.tasks - self._first

    def _do(self, task: int) -> None:
        self._roots[task] = self._traverse(task, 0, self._weights[1 - task], [1.0] * len(self._hands[task]))

    def _traverse(self, p: int, node: int, opp_reach: list, own_reach: list) -> list:
        n, m = len(self._hands[p]), len(self._hands[1 - p])
        first, count = self._firsts[node], self._counts[node]
        if self._kinds[node] == p:
            at = self._offset[node]
            sigma = self._current[p]
            values = []
            for a in range(count):
                child = first + a
                kind = self._kinds[child]
                if kind == 4:
                    share, weight = self._share(p, opp_reach)
                    pot, put_in = self._amounts[3 * child], self._amounts[3 * child + 1 + p]
                    values.append([pot * s - put_in * w for s, w in zip(share, weight)])
                elif kind >= 2:
                    weight = self._share(p, opp_reach)[1]
                    payoff = self._payoff(child, p)
                    values.append([payoff * w for w in weight])
                else:
                    own = [own_reach[i] * sigma[at + a * n + i] for i in range(n)]
                    values.append(self._traverse(p, child, opp_reach, own))
            if self._mode == 1:
                return [max(values[a][i] for a in range(count)) for i in range(n)]
            out = [0.0] * n
            for a in range(count):
                for i in range(n):
                    out[i] += sigma[at + a * n + i] * values[a][i]
            if self._mode == 0:
                positive, negative, keep = self._discounts
                regret, sums = self._regret[p], self._sums[p]
                for a in range(count):
                    for i in range(n):
                        x = regret[at + a * n + i]
                        regret[at + a * n + i] = x * (positive if x > 0 else negative) + (values[a][i] - out[i])
                        sums[at + a * n + i] = sums[at + a * n + i] * keep + own_reach[i] * sigma[at + a * n + i]
            return out
        at = self._offset[node]
        sigma = self._current[1 - p]
        out = [0.0] * n
        for a in range(count):
            child = first + a
            kind = self._kinds[child]
            reach = [opp_reach[o] * sigma[at + a * m + o] for o in range(m)]
            if kind == 4:
                share, weight = self._share(p, reach)
                pot, put_in = self._amounts[3 * child], self._amounts[3 * child + 1 + p]
                child_values = [pot * s - put_in * w for s, w in zip(share, weight)]
            elif kind >= 2:
                payoff = self._payoff(child, p)
                child_values = [payoff * w for w in self._share(p, reach)[1]]
            else:
                child_values = self._traverse(p, child, reach, own_reach)
            for i in range(n):
                out[i] += child_values[i]
        return out

    def root(self, player):
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        return array("d", self._roots[player] or [0.0] * len(self._hands[player]))

    def average(self, node):
        if not (isinstance(node, int) and 0 <= node < len(self._kinds)) or self._kinds[node] > 1:
            raise JobError(f"node {node} is not a decision of this tree")
        p = self._kinds[node]
        n, count, at = len(self._hands[p]), self._counts[node], self._offset[node]
        out = array("d")
        sums = self._sums[p]
        totals = [sum(max(sums[at + a * n + i], 0.0) for a in range(count)) for i in range(n)]
        for a in range(count):
            for i in range(n):
                x = max(sums[at + a * n + i], 0.0)
                out.append(x / totals[i] if totals[i] > 0 else 1.0 / count)
        return out
