"""The hand indexer (suit isomorphism) and hand-strength features.

Indexer: river indices of (4, 3, 1, 1) deals a second, in one batch of a million random deals,
and representatives a second, one call each and in a batch. Kevin Waugh's C library
(hand-isomorphism) indexes about 11 million river deals a second on this kind of machine (the
issue's figure; it is not installed here, so no ratio is taken in one run).

Features: hand_strength of every hand against every hand on a turn (one thread, all cores) and
on a flop (all cores).
"""

import random
from array import array

import pytest

INDEX = "indexer: (4, 3, 1, 1), river"
STRENGTH_TURN = "hand strength: turn, every hand against every hand"
STRENGTH_FLOP = "hand strength: flop, every hand against every hand"
DEALS = 1_000_000


@pytest.fixture(scope="module")
def river_deals():
    rng = random.Random(2026)
    flat = bytearray()
    for _ in range(DEALS):
        flat += bytes(rng.sample(range(52), 9))
    return memoryview(bytes(flat)).cast("B", (DEALS, 9))


@pytest.fixture(scope="module")
def indexer():
    import omaha8

    return omaha8.HandIndexer((4, 3, 1, 1))


@pytest.mark.benchmark(group=INDEX)
def test_omaha8_index_batch(benchmark, indexer, river_deals):
    out = array("Q", bytes(8 * DEALS))
    benchmark.pedantic(indexer.index_batch, args=(river_deals, out), rounds=10, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=DEALS, unit="indices")


@pytest.mark.benchmark(group=INDEX)
def test_omaha8_unindex_batch(benchmark, indexer, river_deals):
    indices = indexer.index_batch(river_deals)
    out = bytearray(9 * DEALS)
    target = memoryview(out).cast("B", (DEALS, 9))
    benchmark.pedantic(indexer.unindex_batch, args=(3, indices, target), rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=DEALS, unit="representatives")


@pytest.mark.benchmark(group=INDEX)
def test_omaha8_unindex_one_call_each(benchmark, indexer, river_deals):
    indices = list(indexer.index_batch(river_deals)[:100_000])
    unindex = indexer.unindex

    def run():
        for i in indices:
            unindex(3, i)

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=len(indices), unit="representatives")


@pytest.mark.benchmark(group=INDEX)
def test_omaha8_index_one_call_each(benchmark, indexer, river_deals):
    flat = river_deals.tobytes()
    deals = [flat[9 * i : 9 * i + 9] for i in range(50_000)]
    index = indexer.index

    def run():
        for cards in deals:
            index(list(cards))

    benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=len(deals), unit="indices")


@pytest.mark.parametrize("threads", [1, None], ids=["one_thread", "all_cores"])
def test_omaha8_hand_strength_turn(benchmark, threads):
    import omaha8

    benchmark.group = STRENGTH_TURN
    benchmark.pedantic(
        omaha8.hand_strength,
        args=("Ks7d2h9c",),
        kwargs={"bins": 50, "threads": threads},
        rounds=3,
        iterations=1,
        warmup_rounds=0,
    )
    benchmark.extra_info.update(count=194_580, unit="hands")


@pytest.mark.benchmark(group=STRENGTH_FLOP)
def test_omaha8_hand_strength_flop(benchmark):
    import omaha8

    benchmark.pedantic(
        omaha8.hand_strength, args=("Ks7d2h",), kwargs={"bins": 50}, rounds=1, iterations=1, warmup_rounds=0
    )
    benchmark.extra_info.update(count=211_876, unit="hands")
