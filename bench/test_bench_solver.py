"""The river solver: the issue's speed spot and full ranges, timed whole (tree, sorting, DCFR,
best responses), with the iterations, exploitability and memory each took.

Speed spot: Ks7d2h9c4s, both ranges the top 20% of hands by the preflop table (39,286 hands
each once the board's cards are out), pot 100, stacks 400, bets 50% and 100%, raises 100%, two
raises, to 0.5% of the pot. Goal: at most 60 s on two cores. Full ranges: every hand (178,365
a side), one bet size (100%), raises 100%, to 0.5%. No open-source Omaha Hi-Lo range solver
exists to compare with, so the rows are compared with the speed spot.
"""

import resource

import pytest

SOLVE = "river solver"
BOARD = "Ks7d2h9c4s"


def _solve(oop, ip, bets, raises):
    import omaha8

    return omaha8.solve_river(
        BOARD, oop, ip, 100, 400, bets=bets, raises=raises, max_raises=2, iterations=1000, exploitability=0.005
    )


def _record(benchmark, solution) -> None:
    """What bench/run.py reports of a solve: iterations a second, the memory, the exploitability."""
    benchmark.extra_info.update(
        count=solution.iterations,
        unit="iterations",
        hands=len(solution.hands("oop")),
        exploitability=solution.exploitability,
        engine_bytes=solution.memory,
        peak_rss_bytes=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
    )


@pytest.mark.benchmark(group=SOLVE)
def test_omaha8_solve_speed_spot(benchmark):
    import omaha8

    top = omaha8.Range("20%")
    solution = benchmark.pedantic(_solve, args=(top, top, (0.5, 1.0), (1.0,)), rounds=3, iterations=1)
    assert solution.exploitability <= 0.005
    _record(benchmark, solution)


@pytest.mark.benchmark(group=SOLVE)
def test_omaha8_solve_full_ranges_one_bet_size(benchmark):
    solution = benchmark.pedantic(_solve, args=("*", "*", (1.0,), (1.0,)), rounds=2, iterations=1)
    assert solution.exploitability <= 0.005
    _record(benchmark, solution)


# ---------------------------------------------------------------- the turn and the flop (issue 34)

STREETS = "street solver"
TURN = "Ks7d2h9c"


def _solve_turn(oop, ip, bets, raises, **options):
    import omaha8

    settings = dict(bets=bets, raises=raises, max_raises=2, iterations=1000, exploitability=0.005)
    return omaha8.solve(TURN, oop, ip, 100, 400, **settings, **options)


@pytest.mark.benchmark(group=STREETS)
def test_omaha8_solve_turn_speed_spot(benchmark):
    """Issue 34's turn speed spot: Ks7d2h9c, both ranges Range("20%"), pot 100, stack 400, pot
    limit, bets 50% and 100% on both streets, raises 100%, two a street, to 0.5% of the pot.
    Goals: 120 s, 2.5 GB peak."""
    import omaha8

    top = omaha8.Range("20%")
    solution = benchmark.pedantic(_solve_turn, args=(top, top, (0.5, 1.0), (1.0,)), rounds=1, iterations=1)
    _record(benchmark, solution)


@pytest.mark.benchmark(group=STREETS)
def test_omaha8_solve_turn_full_ranges_one_bet_size(benchmark):
    """Every hand on the turn (194,580 a side), bet 100% only: reported, no goal."""
    solution = benchmark.pedantic(_solve_turn, args=("*", "*", (1.0,), (1.0,)), rounds=1, iterations=1)
    _record(benchmark, solution)


@pytest.mark.benchmark(group=STREETS)
def test_omaha8_solve_turn_full_ranges_both_sizes_compressed(benchmark):
    """Every hand on the turn, bets 50% and 100%, compression=True: goal at most 8 GB."""
    solution = benchmark.pedantic(
        _solve_turn, args=("*", "*", (0.5, 1.0), (1.0,)), kwargs=dict(compression=True), rounds=1, iterations=1
    )
    _record(benchmark, solution)


@pytest.mark.benchmark(group=STREETS)
@pytest.mark.parametrize("isomorphism", [True, False])
def test_omaha8_solve_turn_with_two_suits_alike(benchmark, isomorphism):
    """Ks7s2d9d (hearts and clubs absent: 35 rivers solved, not 48), Range("10%") both, the speed
    spot's sizes, 20 iterations: the suit isomorphism against every card, side by side."""
    import omaha8

    top = omaha8.Range("10%")

    def alike():
        settings = dict(bets=(0.5, 1.0), raises=(1.0,), max_raises=2, iterations=20, exploitability=0.0)
        return omaha8.solve("Ks7s2d9d", top, top, 100, 400, isomorphism=isomorphism, **settings)

    solution = benchmark.pedantic(alike, rounds=1, iterations=1)
    _record(benchmark, solution)


@pytest.mark.benchmark(group=STREETS)
def test_omaha8_solve_flop_that_fits(benchmark):
    """A flop: Range("3%") against itself, one size a street (bet 100%, raise 100%)."""
    import omaha8

    def flop():
        top = omaha8.Range("3%")
        settings = dict(bets=(1.0,), raises=(1.0,), max_raises=2, iterations=1000, exploitability=0.005)
        return omaha8.solve("Ks7d2h", top, top, 100, 400, **settings)

    solution = benchmark.pedantic(flop, rounds=1, iterations=1)
    _record(benchmark, solution)
