"""The board in a player's words: nuts of a river board and where a hand ranks, per call, and
outs on a turn against one random hand beside the loop of omaha8.equity it replaces."""

import random

import pytest

GROUP_NUTS = "analysis: per call"
GROUP_OUTS = "analysis: outs on a turn against one random hand"


def _deals(count, board_size, seed=2026):
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = rng.sample(range(52), 4 + board_size)
        deals.append((cards[:4], cards[4:]))
    return deals


def _each(benchmark, call, deals, unit, rounds=5):
    """Time ``call(hole, board)`` over every deal; the rate counts deals."""

    def run():
        for hole, board in deals:
            call(hole, board)

    benchmark.pedantic(run, rounds=rounds, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=len(deals), unit=unit)


@pytest.mark.benchmark(group=GROUP_NUTS)
def test_omaha8_nuts_river(benchmark):
    """The nut high and the nut low of a river board."""
    import omaha8

    def call(_, board):
        found = omaha8.nuts(board)
        return found.high, found.low

    _each(benchmark, call, _deals(2000, 5), "calls")


@pytest.mark.benchmark(group=GROUP_NUTS)
def test_omaha8_nuts_river_with_holdings(benchmark):
    """The same, with how many holdings make the nut high (every holding walked)."""
    import omaha8

    _each(benchmark, lambda _, board: omaha8.nuts(board).high.holdings, _deals(200, 5), "calls")


@pytest.mark.benchmark(group=GROUP_NUTS)
def test_omaha8_nut_rank_river(benchmark):
    import omaha8

    _each(benchmark, omaha8.nut_rank, _deals(5000, 5), "calls")


@pytest.mark.benchmark(group=GROUP_OUTS)
def test_omaha8_outs_turn(benchmark):
    import omaha8

    _each(benchmark, omaha8.outs, _deals(5, 4), "turns", rounds=3)


@pytest.mark.benchmark(group=GROUP_OUTS)
def test_omaha8_outs_turn_by_equity_loop(benchmark):
    """The same question, a call of omaha8.equity against every hand for each river card."""
    import omaha8

    def call(hole, board):
        for card in range(52):
            if card not in hole and card not in board:
                omaha8.equity([hole, "****"], board + [card])

    _each(benchmark, call, _deals(1, 4), "turns", rounds=2)
