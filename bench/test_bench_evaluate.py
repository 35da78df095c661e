"""One evaluation per call, high and low, on the same 2,000 random deals.

pytest-benchmark reports the time of one pass over all deals; divide DEALS by it for
evaluations per second, and compare rows of one run, not runs on different days."""

import pytest

from conftest import DEALS  # noqa: F401  (the rate is DEALS per reported time)


def run_all(function, deals):
    for hole, board in deals:
        function(hole, board)


@pytest.mark.benchmark(group="evaluate: one call per hand")
def test_omaha8_compiled(benchmark, deals):
    core = pytest.importorskip("omaha8._core")
    benchmark(run_all, core.evaluate, deals)


@pytest.mark.benchmark(group="evaluate: one call per hand")
def test_omaha8_pure(benchmark, deals):
    from omaha8 import fallback

    benchmark.pedantic(run_all, args=(fallback.evaluate, deals), rounds=3, iterations=1)


@pytest.mark.benchmark(group="evaluate: one call per hand")
def test_phevaluator_high_only(benchmark, deals):
    phevaluator = pytest.importorskip("phevaluator")
    evaluate = phevaluator.evaluate_omaha_cards
    # Its argument order, board then hole, laid out beforehand so no wrapper is timed.
    arguments = [tuple(board) + tuple(hole) for hole, board in deals]

    def run():
        for cards in arguments:
            evaluate(*cards)

    benchmark(run)
