"""The hand indexer (suit isomorphism, round by round), canonical boards and the classes of
starting hands, against counts and canonical forms worked out here independently: Burnside's
lemma over the 24 renamings of suits, and a canonical form by trying every renaming."""

from __future__ import annotations

import array
import ctypes
import json
import pickle
import random
import subprocess
import sys
import textwrap
from collections import Counter
from itertools import combinations, combinations_with_replacement, permutations
from math import comb

import pytest

import omaha8
from omaha8 import CardError, IndexerError, canonical, canonical_boards, starting_hands
from omaha8.exceptions import BatchError

RENAMINGS = list(permutations(range(4)))

# The sizes Kevin Waugh's hand-isomorphism library gives (README of the issue), class counts
# after each round.
PUBLISHED = {
    (4, 3, 1, 1): (16_432, 204_461_673, 8_964_883_057, 389_802_959_832),
    (3,): (1_755,),
    (5,): (134_459,),
    (4, 5): (16_432, 19_569_128_722),
    (2, 3, 1, 1): (169, 1_286_792, 55_190_538, 2_428_287_420),
}


def burnside(rounds: tuple[int, ...]) -> int:
    """Classes of deals in ``rounds`` under the renamings of suits: the average number of deals
    a renaming leaves as they are. A renaming fixes a deal when each rank's cards, suit by suit,
    sit in the same round (or none) along each cycle of the renaming: per rank the polynomial
    prod over cycles of (1 + x_1^l + ... + x_R^l), over the 13 ranks its 13th power; the
    deals fixed are its coefficient of x_1^c_1 ... x_R^c_R."""
    limit = rounds
    total = 0
    for order in RENAMINGS:
        seen, lengths = set(), []
        for start in range(4):
            if start not in seen:
                length, suit = 0, start
                while suit not in seen:
                    seen.add(suit)
                    suit = order[suit]
                    length += 1
                lengths.append(length)

        def times(a: dict, b: dict) -> dict:
            out: dict = {}
            for ea, ca in a.items():
                for eb, cb in b.items():
                    e = tuple(x + y for x, y in zip(ea, eb))
                    if all(x <= m for x, m in zip(e, limit)):
                        out[e] = out.get(e, 0) + ca * cb
            return out

        zero = tuple(0 for _ in rounds)
        per_rank = {zero: 1}
        for length in lengths:
            factor = {zero: 1}
            for r in range(len(rounds)):
                e = tuple(length if j == r else 0 for j in range(len(rounds)))
                factor[e] = factor.get(e, 0) + 1
            per_rank = times(per_rank, factor)
        power = {zero: 1}
        for _ in range(13):
            power = times(power, per_rank)
        total += power.get(tuple(rounds), 0)
    assert total % 24 == 0
    return total // 24


def renamed(cards, order) -> list[int]:
    return [c - (c & 3) + order[c & 3] for c in cards]


def independent_form(cards, rounds) -> tuple:
    """A canonical form by brute force: the least, over the 24 renamings, of the rounds' card
    sets, each sorted."""
    ends = [sum(rounds[: r + 1]) for r in range(len(rounds))]
    best = None
    for order in RENAMINGS:
        moved = renamed(cards, order)
        form = tuple(tuple(sorted(moved[(ends[r - 1] if r else 0) : ends[r]])) for r in range(len(ends)))
        best = form if best is None or form < best else best
    return best


@pytest.fixture(params=["cython", "python"])
def indexer_class(request, core, fallback):
    return (core if request.param == "cython" else fallback).HandIndexer


@pytest.mark.slow
def test_sizes_equal_burnside_and_the_published_counts(core):
    for rounds in [(4,), (5,), (6,), (3,), (4, 5), (4, 3, 1, 1), (5, 3, 1, 1), (6, 3, 1, 1), (2, 3, 1, 1)]:
        ix = core.HandIndexer(rounds)
        for r in range(len(rounds)):
            assert ix.size(r) == burnside(rounds[: r + 1]), (rounds, r)
        if rounds in PUBLISHED:
            assert tuple(ix.size(r) for r in range(len(rounds))) == PUBLISHED[rounds]


@pytest.mark.slow
def test_every_flop_is_indexed_by_its_class_densely(indexer_class):
    ix = indexer_class((3,))
    seen: dict = {}
    for flop in combinations(range(52), 3):
        seen.setdefault(ix.index(list(flop)), set()).add(independent_form(flop, (3,)))
    assert sorted(seen) == list(range(1755))
    assert all(len(forms) == 1 for forms in seen.values())  # one class an index
    assert len({form for forms in seen.values() for form in forms}) == 1755  # distinct classes apart


@pytest.mark.slow
def test_every_four_card_hand_in_index_batch_agrees_with_an_independent_form(core):
    ix = core.HandIndexer((4,))
    hands = list(combinations(range(52), 4))
    indices = ix.index_batch(memoryview(bytes(c for h in hands for c in h)).cast("B", (len(hands), 4)))
    by_index: dict = {}
    for hand, index in zip(hands, indices):
        by_index.setdefault(index, set()).add(independent_form(hand, (4,)) if index % 7 == 0 else None)
    assert sorted(by_index) == list(range(16_432))
    assert all(len(forms) == 1 for forms in by_index.values())
    named = [forms.pop() for i, forms in by_index.items() if i % 7 == 0]
    assert len(set(named)) == len(named)
    counts = Counter(indices)
    assert all(counts[i] == omaha8.isomorphism.orbit_size(ix.unindex(0, i)) for i in range(16_432))


@pytest.mark.slow
def test_round_trips_over_every_class_of_the_small_rounds(indexer_class, core):
    compiled = indexer_class is core.HandIndexer
    for rounds in [(3,), (4,), (1, 1, 1)] + ([(5,), (2, 3), (4, 1)] if compiled else []):
        ix = indexer_class(rounds)
        last = len(rounds) - 1
        every = range(ix.size(last))
        cards = ix.unindex_batch(last, every)
        assert list(ix.index_batch(cards)) == list(every)
        rows = bytes(memoryview(cards).cast("B"))
        width = sum(rounds)
        assert all(len(set(rows[i : i + width])) == width for i in range(0, len(rows), width))
        for i in range(0, ix.size(last), 97):
            assert bytes(ix.unindex(last, i)) == rows[i * width : (i + 1) * width]


@pytest.mark.slow
def test_a_million_random_classes_of_the_large_rounds_round_trip(core):
    rng = random.Random(19)
    for rounds in [(4, 3, 1, 1), (6, 3, 1, 1), (4, 5), (5, 3, 1, 1)]:
        ix = core.HandIndexer(rounds)
        last = len(rounds) - 1
        count = 1_000_000 if rounds == (4, 3, 1, 1) else 100_000
        wanted = array.array("Q", (rng.randrange(ix.size(last)) for _ in range(count)))
        wanted[0], wanted[1] = 0, ix.size(last) - 1
        cards = ix.unindex_batch(last, wanted)
        assert list(ix.index_batch(cards)) == list(wanted)
        for r in range(last):  # the earlier rounds of the same deals
            width = sum(rounds[: r + 1])
            rows = bytes(memoryview(cards).cast("B"))
            prefix = b"".join(rows[i * sum(rounds) : i * sum(rounds) + width] for i in range(1000))
            got = ix.index_batch(memoryview(prefix).cast("B", (1000, width)))
            assert all(0 <= value < ix.size(r) for value in got)
            assert [ix.index(ix.unindex(r, value)) for value in got[:200]] == list(got[:200])


def test_the_pure_indexer_agrees_with_the_compiled_one(core, fallback):
    rng = random.Random(7)
    for rounds in [(4, 3, 1, 1), (6, 3, 1, 1), (3,), (5,), (4, 5)]:
        ours, theirs = core.HandIndexer(rounds), fallback.HandIndexer(rounds)
        for _ in range(200):
            r = rng.randrange(len(rounds))
            deal = rng.sample(range(52), sum(rounds[: r + 1]))
            assert ours.index(deal) == theirs.index(deal)
            i = rng.randrange(ours.size(r))
            assert ours.unindex(r, i) == theirs.unindex(r, i)
        assert [ours.size(r) for r in range(len(rounds))] == [theirs.size(r) for r in range(len(rounds))]


def test_indices_ignore_renamings_and_order_within_rounds_but_not_between(indexer_class, core):
    rng = random.Random(3)
    tries = 3000 if indexer_class is core.HandIndexer else 150
    for rounds in [(4, 3, 1, 1), (5, 3, 1, 1), (4, 5), (3,)]:
        ix = indexer_class(rounds)
        ends = [sum(rounds[: r + 1]) for r in range(len(rounds))]
        for _ in range(tries // 3):
            deal = rng.sample(range(52), ends[-1])
            index = ix.index(deal)
            moved = renamed(deal, rng.choice(RENAMINGS))
            shuffled = []
            for r, end in enumerate(ends):
                part = moved[(ends[r - 1] if r else 0) : end]
                rng.shuffle(part)
                shuffled += part
            assert ix.index(shuffled) == index
    # Rounds are not interchangeable: a hole card and a board card traded is another spot.
    ix = indexer_class((4, 3))
    assert ix.index("AsKs2h3hQsJsTd") != ix.index("AsQs2h3hKsJsTd")


@pytest.mark.slow
def test_deals_of_different_classes_get_different_indices(indexer_class, core):
    rng = random.Random(5)
    count = 20_000 if indexer_class is core.HandIndexer else 400
    for rounds in [(4, 3), (4, 3, 1, 1), (2, 3, 1)]:
        ix = indexer_class(rounds)
        index_of: dict = {}
        form_of: dict = {}
        for _ in range(count):
            # Few ranks, so that classes repeat and near-misses abound.
            deck = [rank * 4 + suit for rank in rng.sample(range(13), 5) for suit in range(4)]
            deal = rng.sample(deck, sum(rounds))
            form = independent_form(deal, rounds)
            index = ix.index(deal)
            assert index_of.setdefault(form, index) == index
            assert form_of.setdefault(index, form) == form


def test_index_batch_is_index_row_by_row_and_fills_a_given_buffer(core):
    ix = core.HandIndexer((4, 3, 1, 1))
    rng = random.Random(11)
    deals = [rng.sample(range(52), 9) for _ in range(500)]
    buffer = memoryview(bytes(c for d in deals for c in d)).cast("B", (500, 9))
    out = array.array("Q", [7]) * 500
    assert ix.index_batch(buffer, out) is out
    assert list(out) == [ix.index(d) for d in deals]
    flops = memoryview(bytes(c for d in deals for c in d[:7])).cast("B", (500, 7))
    assert list(ix.index_batch(flops)) == [ix.index(d[:7]) for d in deals]
    assert len(ix.index_batch((ctypes.c_uint8 * 9 * 0)())) == 0


def test_numpy_buffers_work_both_ways(core):
    numpy = pytest.importorskip("numpy")
    ix = core.HandIndexer((4, 3, 1, 1))
    indices = numpy.arange(0, ix.size(3), ix.size(3) // 1000, dtype=numpy.uint64)[:1000]
    cards = numpy.zeros((1000, 9), dtype=numpy.uint8)
    ix.unindex_batch(3, indices, cards)
    out = numpy.zeros(1000, dtype=numpy.uint64)
    ix.index_batch(cards, out)
    assert (out == indices).all()


def test_representatives_name_suits_in_order_and_rounds_from_the_top(core, fallback):
    for cls in (core.HandIndexer, fallback.HandIndexer):
        ix = cls((4, 3))
        cards = ix.unindex(1, ix.index("2c3c4d5dAcKd7h"))
        hole, flop = cards[:4], cards[4:]
        assert list(hole) == sorted(hole, reverse=True) and list(flop) == sorted(flop, reverse=True)
        assert independent_form(cards, (4, 3)) == independent_form(omaha8.parse_cards("2c3c4d5dAcKd7h"), (4, 3))


def test_bad_input_is_refused_with_a_clear_error(indexer_class):
    for rounds in [(), (0,), (4, -1), (30, 30), "43", (1,) * 8, (4.0, 3), None, (True, 3)]:
        with pytest.raises(IndexerError):
            indexer_class(rounds)
    with pytest.raises(IndexerError, match="more than 64-bit"):
        indexer_class((13, 13, 13, 13))
    ix = indexer_class((4, 3, 1, 1))
    with pytest.raises(IndexerError, match="whole rounds"):
        ix.index("AsKsQsJsTs")  # five cards: no round ends there
    with pytest.raises(CardError):
        ix.index("AsKsQsJsAsTs9s")  # a card twice
    with pytest.raises(CardError):
        ix.index("AsKsQsXx")
    for r, i in [(0, 16_432), (0, -1), (4, 0), (3, 389_802_959_832), ("0", 1), (0, 1.0), (0, True)]:
        with pytest.raises(IndexerError):
            ix.unindex(r, i)
    with pytest.raises(IndexerError):
        ix.size(4)
    assert isinstance(IndexerError("x"), ValueError)
    rows = bytearray(bytes(range(9)) * 3)
    rows[9 + 4] = 52
    with pytest.raises(CardError, match="row 1"):
        ix.index_batch(memoryview(rows).cast("B", (3, 9)))
    rows[9 + 4] = 0
    with pytest.raises(CardError, match="row 1 holds a card twice"):
        ix.index_batch(memoryview(rows).cast("B", (3, 9)))
    with pytest.raises(IndexerError, match="not whole rounds"):
        ix.index_batch(memoryview(bytes(24)).cast("B", (4, 6)))
    with pytest.raises(BatchError):
        ix.index_batch(bytes(range(9)))  # 1-D
    with pytest.raises(BatchError):
        ix.index_batch(memoryview(bytes(range(9))).cast("B", (1, 9)), bytearray(8))  # not uint64
    with pytest.raises(BatchError):
        ix.index_batch(memoryview(bytes(range(9))).cast("B", (1, 9)), array.array("Q", [0, 0]))
    with pytest.raises(IndexerError):
        ix.unindex_batch(3, [0, 389_802_959_832])
    with pytest.raises(IndexerError, match=r"indices\[2\]"):
        ix.unindex_batch(3, array.array("Q", [0, 5, 389_802_959_832, 1]))  # a buffer, checked in the engine
    with pytest.raises(BatchError):
        ix.unindex_batch(0, [0], bytearray(4))


def test_an_indexer_pickles(indexer_class):
    ix = indexer_class((4, 3, 1, 1))
    copy = pickle.loads(pickle.dumps(ix))
    assert copy.rounds == (4, 3, 1, 1) and copy.index("AsKsQsJs2h3h4d5c6c") == ix.index("AsKsQsJs2h3h4d5c6c")


@pytest.mark.slow
def test_canonical_boards_cover_every_board_once_by_orbit(live_core):
    for n, classes in [(3, 1_755), (4, 16_432), (5, 134_459)]:
        boards = canonical_boards(n)
        assert len(boards) == classes and sum(orbit for _, orbit in boards) == comb(52, n)
    ix = omaha8.HandIndexer((3,))
    counts = Counter(ix.index(list(flop)) for flop in combinations(range(52), 3))
    for i, (board, orbit) in enumerate(canonical_boards(3)):
        assert ix.index(board) == i and counts[i] == orbit
    with pytest.raises(IndexerError):
        canonical_boards(2)


def test_canonical_and_starting_hands_partition_as_the_indexer(live_core):
    ix = omaha8.HandIndexer((4,))
    omaha_deals = omaha8.HandIndexer((4, 3, 1, 1))
    sizes = dict(starting_hands(4))
    rng = random.Random(2)
    for _ in range(3000):
        hand = rng.sample(range(52), 4)
        form = canonical(hand)
        assert omaha_deals.index(hand) == ix.index(hand)  # round 0 of (4, ...) is (4,)
        assert canonical(ix.unindex(0, ix.index(hand))) == form
        assert sizes[form] == omaha8.isomorphism.orbit_size(hand)
    # The classes of starting hands are the indexer's, named.
    assert sorted(name for name, _ in omaha8.isomorphism.hand_classes(4)) == sorted(sizes)
    assert len(starting_hands(5)) == omaha8.HandIndexer((5,)).size(0)


def test_every_four_card_hand_names_the_class_of_its_index(live_core):
    ix = omaha8.HandIndexer((4,))
    hands = list(combinations(range(52), 4))
    indices = ix.index_batch(memoryview(bytes(c for h in hands for c in h)).cast("B", (len(hands), 4)))
    names = [name for name, _ in omaha8.isomorphism.hand_classes(4)]
    rng = random.Random(4)
    for position in rng.sample(range(len(hands)), 20_000):
        assert canonical(hands[position]) == names[indices[position]]


def test_random_buffers_give_indices_or_an_error_of_the_family(core):
    """Fuzz: buffers of random bytes and widths, valid rows checked against index()."""
    rng = random.Random(23)
    ix = core.HandIndexer((4, 3, 1, 1))
    for _ in range(400):
        width = rng.choice([1, 4, 6, 7, 8, 9, 10])
        rows = rng.randrange(0, 20)
        data = bytes(rng.choice([rng.randrange(52), rng.randrange(256)]) for _ in range(width * rows))
        buffer = memoryview(data).cast("B", (rows, width)) if rows else (ctypes.c_uint8 * width * 0)()
        try:
            out = ix.index_batch(buffer)
        except omaha8.Omaha8Error:
            continue
        for i in range(rows):
            assert out[i] == ix.index(list(data[i * width : (i + 1) * width]))


@pytest.mark.slow
def test_random_rounds_count_as_burnside_and_round_trip(core, fallback):
    """Any rounds: random shapes of 1 to 7 rounds, sizes against Burnside's lemma, random
    classes round-tripped, the two engines alike."""
    rng = random.Random(31)
    shapes = [(1,) * 7, (2, 1, 1, 1, 1, 1), (1, 2, 3), (3, 3, 2), (2, 2, 2, 2), (1, 1, 1, 1, 1, 1, 2), (7,), (1, 6)]
    shapes += [tuple(rng.randint(1, 2) for _ in range(rng.randint(2, 7))) for _ in range(4)]
    for rounds in shapes:
        ours, theirs = core.HandIndexer(rounds), fallback.HandIndexer(rounds)
        for r in range(len(rounds)):
            assert ours.size(r) == theirs.size(r) == burnside(rounds[: r + 1]), rounds
        last = len(rounds) - 1
        for i in (rng.randrange(ours.size(last)) for _ in range(50)):
            cards = ours.unindex(last, i)
            assert cards == theirs.unindex(last, i)
            assert ours.index(cards) == theirs.index(cards) == i
            moved = renamed(cards, rng.choice(RENAMINGS))
            assert ours.index(moved) == i


# ---------------------------------------------------------------- rounds refused or built at once


def _in_a_child(code: str, limit: float) -> object:
    """Run ``code`` (which prints one JSON line last) in a fresh interpreter, killed after
    ``limit`` seconds: an indexer that hangs fails the test instead of stalling it."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=limit
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the indexers were still working after {limit} s")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


_TIMED_BUILDS = """
    import json, random, sys, time
    from omaha8 import IndexerError
    from omaha8._engine import core_c, core_py, suits

    def timed(engine, rounds):
        suits.indexer_plan.cache_clear()
        started = time.perf_counter()
        try:
            ix = engine.HandIndexer(rounds)
        except IndexerError as error:
            return str(error), time.perf_counter() - started, None
        took = time.perf_counter() - started
        return "built", took, [ix.size(r) for r in range(len(rounds))]
"""


@pytest.mark.slow
def test_rounds_past_64_bit_indices_are_refused_in_milliseconds(core, fallback):
    """Issue 32: (10, 10, 10, 10) took 474 s and 500 MB before its refusal, (1, 2, 3, 4, 5, 6,
    10) did not finish in 900 s; (1, 1, 1, 1, 1, 1, 46) took over a minute to build. The
    classes are counted first, without listing anything."""
    refused = [
        (10, 10, 10, 10),
        (1, 2, 3, 4, 5, 6, 10),
        (13, 13, 13, 13),
        (13, 13, 13, 12),
        (7,) * 7,
        (2, 3, 4, 5, 6, 7, 8),
        (20, 20),
        (12, 12, 12),
        (1, 1, 1, 1, 1, 1, 20),
    ]
    found = _in_a_child(
        _TIMED_BUILDS
        + f"""
    out = []
    for rounds in {refused!r} + [(1, 1, 1, 1, 1, 1, 46)]:
        for engine in (core_c, core_py):
            out.append([list(rounds), engine.__name__, *timed(engine, rounds)])
    print(json.dumps(out))
    """,
        60,
    )
    for rounds, engine, result, took, sizes in found:
        if tuple(rounds) == (1, 1, 1, 1, 1, 1, 46):
            assert result == "built" and took < 2.0, (engine, took)
            assert sizes == [13, 325, 9997, 366145, 15019680, 652608840, 652608840]
        else:
            assert "more than 64-bit indices hold" in result, (rounds, engine, result)
            assert took < 1.0, (rounds, engine, took)
    # The last round deals the rest of the deck: as many classes as six single cards, Burnside's.
    ix = fallback.HandIndexer((1, 1, 1, 1, 1, 1, 46))
    assert ix.size(6) == ix.size(5) == burnside((1,) * 6) == core.HandIndexer((1, 1, 1, 1, 1, 1, 46)).size(6)
    rng = random.Random(46)
    for i in [0, ix.size(6) - 1] + [rng.randrange(ix.size(6)) for _ in range(20)]:
        cards = ix.unindex(6, i)
        assert len(set(cards)) == 52 and ix.index(cards) == i
        assert core.HandIndexer((1, 1, 1, 1, 1, 1, 46)).index(renamed(cards, rng.choice(RENAMINGS))) == i


@pytest.mark.slow
def test_random_rounds_up_to_the_whole_deck_are_refused_or_built_at_once(core, fallback):
    """Fuzz: rounds of any sizes adding up to at most 52, both engines: a refusal within a
    second, a build within a few (the largest plans, 168,715 configurations a round, take about
    two), and a built indexer's classes round trip alike in both engines."""
    found = _in_a_child(
        _TIMED_BUILDS
        + """
    rng = random.Random(52)
    out = []
    for trial in range(80):
        count = rng.randint(1, 7)
        total = rng.randint(count, 52) if trial % 2 else rng.randint(count, min(52, 3 * count + 4))
        cuts = sorted(rng.sample(range(1, total), count - 1))
        rounds = tuple(b - a for a, b in zip([0] + cuts, cuts + [total]))
        for engine in (core_c, core_py):
            result, took, sizes = timed(engine, rounds)
            out.append([list(rounds), engine.__name__, result, took, sizes])
        if result == "built":
            c, p = core_c.HandIndexer(rounds), core_py.HandIndexer(rounds)
            last = len(rounds) - 1
            for i in [0, c.size(last) - 1] + [rng.randrange(c.size(last)) for _ in range(5)]:
                cards = c.unindex(last, i)
                assert cards == p.unindex(last, i) and c.index(cards) == p.index(cards) == i, rounds
    print(json.dumps(out))
    """,
        240,
    )
    built = 0
    for rounds, engine, result, took, sizes in found:
        if result == "built":
            built += 1
            assert took < 10.0 and sizes[-1] < 2**63, (rounds, engine, took)
        else:
            assert "more than 64-bit indices hold" in result, (rounds, engine, result)
            assert took < 1.0, (rounds, engine, took)
    assert 40 <= built <= len(found) - 40  # both kinds were tried


@pytest.mark.slow
def test_the_plan_lists_the_configurations_a_plain_search_lists():
    """The numbering is unchanged: the configurations, in order, with their groups, offsets and
    sizes, as the search over every 4-multiset of shapes (largest first) gives them."""
    from omaha8._engine import suits

    def plain(prefix):
        shapes = [()]
        for cards in prefix:
            shapes = [shape + (k,) for shape in shapes for k in range(min(cards, 13 - sum(shape)) + 1)]
        shapes.sort(reverse=True)
        place = {shape: at for at, shape in enumerate(shapes)}
        out, offset = [], 0
        for three in combinations_with_replacement(shapes, 3):
            last = tuple(prefix[j] - sum(shape[j] for shape in three) for j in range(len(prefix)))
            if last not in place or place[last] < place[three[2]]:
                continue  # not a shape, or not the smallest: the fourth suit is what the rest leave
            chosen = three + (last,)
            groups = []
            for shape in sorted(set(chosen), key=chosen.index):
                groups.append((chosen.index(shape), chosen.count(shape), suits.shape_count(shape)))
            size = 1
            for _, g, count in groups:
                size *= comb(count + g - 1, g)
            out.append(suits.Configuration(tuple(chosen), tuple(groups), offset, size))
            offset += size
        return out

    for rounds in [(4, 3, 1, 1), (2, 2, 2, 2), (1, 1, 1, 1, 1, 1), (5, 5), (3, 1, 2, 1), (6, 3, 1), (13,), (12, 1)]:
        plan = suits.indexer_plan(rounds)
        for r in range(len(rounds)):
            assert list(plan.configurations[r]) == plain(rounds[: r + 1]), (rounds, r)
            assert plan.sizes[r] == suits.class_count(rounds[: r + 1]) == burnside(rounds[: r + 1])


def test_card_counts_by_the_one_integer_rule():
    # canonical_boards(np.int64(3)) was refused while HandIndexer took numpy rounds.
    numpy = pytest.importorskip("numpy")
    assert omaha8.canonical_boards(numpy.int64(3)) == omaha8.canonical_boards(3)
    assert len(omaha8.isomorphism.hand_classes(numpy.int64(2))) == len(omaha8.isomorphism.hand_classes(2))
    for bad in (3.0, True, numpy.array([3, 4]), "3", None, numpy.float64(3)):
        with pytest.raises(omaha8.IndexerError, match="a board's cards must be an int, not "):
            omaha8.canonical_boards(bad)
    for bad in (2, 6, numpy.int64(6), -1):
        with pytest.raises(omaha8.IndexerError, match=r"a board's cards must be 3\.\.5, not "):
            omaha8.canonical_boards(bad)
    with pytest.raises(omaha8.IndexerError, match=r"a hand's cards must be 1\.\.52, not 0"):
        omaha8.isomorphism.hand_classes(numpy.int8(0))
    with pytest.raises(omaha8.IndexerError, match="a hand's cards must be an int, not bool"):
        omaha8.isomorphism.hand_classes(True)
