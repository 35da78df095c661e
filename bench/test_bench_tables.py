"""Preflop-table speed: the table job on one thread, on every core and on a two-worker local
Dask cluster, beside the same deals asked of ``omaha8.equity`` in a loop. The ratio to the loop
on one thread is the cost (or gain) of the executor path."""

from concurrent.futures import ThreadPoolExecutor

import pytest

TABLE = "preflop table: 32 classes x 1,048,576 deals against a random hand"
SAMPLES = 1_048_576


@pytest.fixture(scope="module")
def classes():
    import omaha8

    return [hand.canonical for hand in omaha8.starting_hands(4)[::514]][:32]


def measure(benchmark, function, classes, rounds=3):
    benchmark.pedantic(function, rounds=rounds, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(count=len(classes) * SAMPLES, unit="showdowns")


def equity_loop(classes, threads):
    import omaha8

    def run():
        for form in classes:
            omaha8.equity([form, "random"], samples=SAMPLES, seed=1, threads=threads)

    return run


def table(classes, executor):
    import omaha8

    return lambda: omaha8.preflop_table(samples=SAMPLES, seed=1, hands=classes, executor=executor)


@pytest.mark.benchmark(group=TABLE)
def test_omaha8_equity_loop_one_thread(benchmark, classes):
    measure(benchmark, equity_loop(classes, 1), classes)


@pytest.mark.benchmark(group=TABLE)
def test_omaha8_equity_loop_all_cores(benchmark, classes):
    measure(benchmark, equity_loop(classes, None), classes)


@pytest.mark.benchmark(group=TABLE)
def test_omaha8_table_one_thread(benchmark, classes):
    with ThreadPoolExecutor(1) as pool:
        measure(benchmark, table(classes, pool), classes)


@pytest.mark.benchmark(group=TABLE)
def test_omaha8_table_all_cores(benchmark, classes):
    measure(benchmark, table(classes, None), classes)


@pytest.mark.benchmark(group=TABLE)
def test_omaha8_table_processes(benchmark, classes):
    import os
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(os.cpu_count()) as pool:
        measure(benchmark, table(classes, pool), classes)


@pytest.mark.benchmark(group=TABLE)
def test_omaha8_table_dask_two_workers(benchmark, classes):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        measure(benchmark, table(classes, client.get_executor()), classes)
