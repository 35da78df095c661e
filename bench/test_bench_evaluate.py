"""Evaluation speed: omaha8 per call, in batches and pure, beside phevaluator and pokerkit."""

import pytest

PER_CALL = "per call: one hand per Python call"
BATCH_RANDOM = "batch: a random board per row"
BATCH_SHARED = "batch: one board for every row"


def per_call(benchmark, function, arguments, rounds=None):
    benchmark.extra_info.update(count=len(arguments), unit="hands")

    def run():
        for args in arguments:
            function(*args)

    if rounds:
        benchmark.pedantic(run, rounds=rounds, iterations=1)
    else:
        benchmark(run)


@pytest.mark.benchmark(group=PER_CALL)
def test_omaha8_evaluate(benchmark, deals):
    core = pytest.importorskip("omaha8._engine.core_c")
    per_call(benchmark, core.evaluate, deals)


@pytest.mark.benchmark(group=PER_CALL)
def test_omaha8_evaluate_text(benchmark, deals):
    core = pytest.importorskip("omaha8._engine.core_c")
    from omaha8 import Card

    texts = [("".join(str(Card(c)) for c in hole), "".join(str(Card(c)) for c in board)) for hole, board in deals]
    per_call(benchmark, core.evaluate, texts)


@pytest.mark.benchmark(group=PER_CALL)
def test_phevaluator_high_only(benchmark, deals):
    phevaluator = pytest.importorskip("phevaluator")
    # Its argument order, board then hole, laid out beforehand so that no wrapper is timed.
    per_call(benchmark, phevaluator.evaluate_omaha_cards, [tuple(b) + tuple(h) for h, b in deals])


@pytest.mark.benchmark(group=PER_CALL)
def test_omaha8_pure(benchmark, deals):
    from omaha8._engine import core_py as fallback

    per_call(benchmark, fallback.evaluate, deals[:500], rounds=5)


@pytest.mark.benchmark(group=PER_CALL)
def test_pokerkit_high_and_low(benchmark, deals):
    pokerkit = pytest.importorskip("pokerkit")
    from omaha8 import Card

    high, low = pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand
    texts = [("".join(str(Card(c)) for c in hole), "".join(str(Card(c)) for c in board)) for hole, board in deals[:100]]

    def both(hole, board):
        high.from_game(hole, board)
        low.from_game_or_none(hole, board)

    per_call(benchmark, both, texts, rounds=3)


def batch(benchmark, numpy, holes, boards):
    core = pytest.importorskip("omaha8._engine.core_c")
    out_high = numpy.empty(len(holes), dtype=numpy.uint16)
    out_low = numpy.empty(len(holes), dtype=numpy.uint8)
    benchmark.extra_info.update(count=len(holes), unit="hands")
    benchmark.pedantic(
        core.evaluate_batch, args=(holes, boards, out_high, out_low), rounds=7, iterations=1, warmup_rounds=1
    )


@pytest.mark.benchmark(group=BATCH_RANDOM)
def test_omaha8_batch_random_boards(benchmark, numpy, random_board_batch):
    batch(benchmark, numpy, *random_board_batch)


@pytest.mark.benchmark(group=BATCH_SHARED)
def test_omaha8_batch_shared_board(benchmark, numpy, shared_board_batch):
    batch(benchmark, numpy, *shared_board_batch)


@pytest.mark.benchmark(group=BATCH_RANDOM)
def test_omaha8_batch_random_boards_two_threads(benchmark, numpy, random_board_batch):
    """The same batch split between two threads: the GIL is released, so both cores work."""
    core = pytest.importorskip("omaha8._engine.core_c")
    from concurrent.futures import ThreadPoolExecutor

    holes, boards = random_board_batch
    half = len(holes) // 2
    out_high = numpy.empty(len(holes), dtype=numpy.uint16)
    out_low = numpy.empty(len(holes), dtype=numpy.uint8)
    parts = [
        (holes[:half], boards[:half], out_high[:half], out_low[:half]),
        (holes[half:], boards[half:], out_high[half:], out_low[half:]),
    ]
    with ThreadPoolExecutor(2) as pool:

        def run():
            list(pool.map(lambda part: core.evaluate_batch(*part), parts))

        benchmark.extra_info.update(count=len(holes), unit="hands")
        benchmark.pedantic(run, rounds=7, iterations=1, warmup_rounds=1)
