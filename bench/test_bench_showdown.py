"""Showdown values: every hand against a whole range at once, beside the loop it replaces, a
call of omaha8.equity per hand (measured on a sample of hands; rates are hands per second, so
the ratio scales it to the whole range). Also heads-up exact range equity through the sweep
beside the range walk it replaced."""

import pytest

RIVER = "Ks7d2h9c3s"
TURN = "Ks7d2h9c"
FLOP = "Ks7d2h"
FULL_RIVER = "showdown values: river, 178,365 hands against 178,365"
SMALL_RIVER = "showdown values: river, 5% against 5%"
FULL_TURN = "showdown values: turn, every hand against every hand"
FULL_FLOP = "showdown values: flop, every hand against every hand"
RANGE_EQUITY = "equity: AA** against KK**, exact, turn"
LOOP_HANDS = 24


def measure(benchmark, function, args, kwargs, count, unit, rounds=5):
    benchmark.pedantic(function, args=args, kwargs=kwargs, rounds=rounds, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=count, unit=unit)


@pytest.fixture(scope="module")
def every_hand():
    import omaha8

    return omaha8.Range("****")


# Every hand against every hand: (group, board, hands valued, threads, rounds) by test name.
FULL_RANGE = {
    "one_thread": (FULL_RIVER, RIVER, 178_365, 1, 20),
    "all_cores": (FULL_RIVER, RIVER, 178_365, None, 20),
    "turn_one_thread": (FULL_TURN, TURN, 194_580, 1, 3),
    "turn_all_cores": (FULL_TURN, TURN, 194_580, None, 3),
    "flop_all_cores": (FULL_FLOP, FLOP, 211_876, None, 1),
}


@pytest.mark.parametrize("case", sorted(FULL_RANGE))
def test_omaha8_showdown_values(benchmark, every_hand, case):
    import omaha8

    group, board, count, threads, rounds = FULL_RANGE[case]
    benchmark.group = group
    measure(
        benchmark,
        omaha8.showdown_values,
        (board, every_hand, every_hand),
        {"threads": threads},
        count,
        "hands",
        rounds=rounds,
    )


@pytest.mark.benchmark(group=FULL_RIVER)
def test_omaha8_showdown_sweep_alone(benchmark, every_hand):
    """The engine's job alone (evaluation, sorting, the sweeps, the weights) on rows listed once:
    what a solver pays at a terminal node whose rows it keeps."""
    from array import array

    import omaha8._engine as engine
    from omaha8.cards import parse_cards

    board = bytes(int(c) for c in parse_cards(RIVER))
    rows, _ = every_hand.apart_from(list(board))
    weights = (array("d", [1.0]) * (len(rows) // 4)).tobytes()

    def sweep():
        job = engine.ENGINE.ShowdownJob(board, rows, rows, 4, weights, 1)
        job.run(0)
        return job.result()

    measure(benchmark, sweep, (), {}, 178_365, "hands", rounds=20)


@pytest.mark.benchmark(group=FULL_RIVER)
def test_omaha8_equity_loop_against_every_hand(benchmark, every_hand):
    """The question one hand at a time: omaha8.equity([hand, '****'], board) for a sample of hands."""
    import omaha8

    rows = every_hand.apart_from([int(c) for c in omaha8.parse_cards(RIVER)])[0]
    hands = [list(rows[i * 4 : i * 4 + 4]) for i in range(0, len(rows) // 4, len(rows) // 4 // LOOP_HANDS)][:LOOP_HANDS]

    def loop():
        return [omaha8.equity([hand, every_hand], board=RIVER, threads=1) for hand in hands]

    measure(benchmark, loop, (), {}, len(hands), "hands", rounds=3)


@pytest.mark.benchmark(group=SMALL_RIVER)
def test_omaha8_showdown_values_small_ranges(benchmark):
    import omaha8

    five = omaha8.Range("5%")
    count = len(five.apart_from([int(c) for c in omaha8.parse_cards(RIVER)])[1])
    measure(benchmark, omaha8.showdown_values, (RIVER, five, five), {"threads": 1}, count, "hands", rounds=50)


@pytest.mark.benchmark(group=RANGE_EQUITY)
def test_omaha8_range_equity_sweep(benchmark):
    import omaha8

    measure(benchmark, omaha8.equity, (["AA**", "KK**"],), {"board": TURN, "exact": True}, 1, "questions", rounds=3)


@pytest.mark.benchmark(group=RANGE_EQUITY)
def test_omaha8_range_equity_walk(benchmark, monkeypatch):
    """The same question by the range walk the sweep replaced (every deal, every runout)."""
    import sys

    import omaha8

    monkeypatch.setattr(sys.modules["omaha8.equity"], "SWEEP_HOLE_SIZES", ())
    measure(benchmark, omaha8.equity, (["AA**", "KK**"],), {"board": TURN, "exact": True}, 1, "questions", rounds=1)
