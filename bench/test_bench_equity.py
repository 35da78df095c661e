"""Equity speed: omaha8 beside poker-equity (a Rust engine) on the same questions."""

import pytest

EXACT = "equity: exact, heads-up preflop"
SAMPLED = "equity: sampled, one thread"
HANDS = ["AsAh2s3h", "KsKdQhQc"]
SAMPLES = 2_000_000


@pytest.mark.benchmark(group=EXACT)
def test_omaha8_equity_exact(benchmark):
    import omaha8

    result = benchmark.pedantic(omaha8.equity, args=(HANDS,), kwargs={"exact": True},
                                rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=result.runouts, unit="runouts")


@pytest.mark.benchmark(group=EXACT)
def test_omaha8_equity_exact_one_thread(benchmark):
    import omaha8

    result = benchmark.pedantic(omaha8.equity, args=(HANDS,), kwargs={"exact": True, "threads": 1},
                                rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=result.runouts, unit="runouts")


@pytest.mark.benchmark(group=EXACT)
def test_poker_equity_exact(benchmark):
    poker_equity = pytest.importorskip("poker_equity")
    result = benchmark.pedantic(poker_equity.exact_from_text, args=("omaha_hi_lo", HANDS),
                                rounds=3, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=int(result["samples"]), unit="runouts")


@pytest.mark.benchmark(group=SAMPLED)
def test_omaha8_equity_sampled(benchmark):
    import omaha8

    result = benchmark.pedantic(omaha8.equity, args=(HANDS,),
                                kwargs={"samples": SAMPLES, "seed": 1, "threads": 1},
                                rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=result.runouts, unit="samples")


@pytest.mark.benchmark(group=SAMPLED)
def test_poker_equity_sampled(benchmark):
    poker_equity = pytest.importorskip("poker_equity")
    result = benchmark.pedantic(poker_equity.chunk_from_text, args=("omaha_hi_lo", HANDS),
                                kwargs={"samples": SAMPLES // 4, "seed": 1, "threads": 1},
                                rounds=3, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=int(result["samples"]), unit="samples")
