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


@pytest.mark.benchmark(group=GROUP_NUTS)
def test_omaha8_nuts_river(benchmark):
    import omaha8

    boards = [board for _, board in _deals(200, 5)]

    def run():
        for board in boards:
            found = omaha8.nuts(board)
            found.high, found.low

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=len(boards), unit="calls")


@pytest.mark.benchmark(group=GROUP_NUTS)
def test_omaha8_nuts_river_with_holdings(benchmark):
    """The same boards, the holdings of the nuts counted too (every holding walked)."""
    import omaha8

    boards = [board for _, board in _deals(200, 5)]

    def run():
        for board in boards:
            found = omaha8.nuts(board)
            found.high.holdings

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=len(boards), unit="calls")


@pytest.mark.benchmark(group=GROUP_NUTS)
def test_omaha8_nut_rank_river(benchmark):
    import omaha8

    deals = _deals(5000, 5)

    def run():
        for hole, board in deals:
            omaha8.nut_rank(hole, board)

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=len(deals), unit="calls")


@pytest.mark.benchmark(group=GROUP_OUTS)
def test_omaha8_outs_turn(benchmark):
    import omaha8

    deals = _deals(5, 4)

    def run():
        for hole, board in deals:
            omaha8.outs(hole, board)

    benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=len(deals), unit="turns")


@pytest.mark.benchmark(group=GROUP_OUTS)
def test_omaha8_outs_turn_by_equity_loop(benchmark):
    """The same question, a call of omaha8.equity against every hand for each river card."""
    import omaha8

    hole, board = _deals(1, 4)[0]

    def run():
        for card in range(52):
            if card not in hole and card not in board:
                omaha8.equity([hole, "****"], board + [card])

    benchmark.pedantic(run, rounds=2, iterations=1, warmup_rounds=0)
    benchmark.extra_info.update(count=1, unit="turns")
