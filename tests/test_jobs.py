"""Every engine job of both engines keeps ``omaha8.jobs.Job``, and the runner's helpers
(``run_job``, ``thread_count``, ``shaped_rows``) do what they say."""

from __future__ import annotations

import array
import inspect
import os
import sys
import threading

import pytest
from ctrl_c import interrupt

from omaha8 import equity, jobs
from omaha8._engine import MAX_WORKERS
from omaha8.exceptions import JobError

AA = [48, 49, 0, 4]  # AcAd2c3c
KK = [44, 45, 8, 12]  # KcKd4c5c
RIVER = bytes([1, 21, 31, 14, 18])  # 2d 7h 9d 5h 6h: apart from AA and KK
TURN = bytes([1, 21, 31, 14])


def _weights(count: int) -> bytes:
    return array.array("d", [1.0] * count).tobytes()


# Each job on a small real spot: a name, and how to build it from an engine.
SPOTS = {
    "EquityJob": lambda e: e.EquityJob([AA, KK], [1, 21, 31], [], True, 0, 0, 2),
    "EquityJob sampled": lambda e: e.EquityJob([AA, KK], [], [], False, 40_000, 7, 2),
    "RangeEquityJob": lambda e: e.RangeEquityJob(
        [AA, None], [1, 21, 31], [], True, 0, 0, 2, [None, (bytes(sorted(KK)), b"\x01")]
    ),
    "ShowdownJob river": lambda e: e.ShowdownJob(RIVER, bytes(sorted(AA)), bytes(sorted(KK)), 4, _weights(1), 2),
    "ShowdownJob turn": lambda e: e.ShowdownJob(TURN, bytes(sorted(AA)), bytes(sorted(KK)), 4, _weights(1), 3),
    "StrengthJob": lambda e: e.StrengthJob(TURN, bytes(sorted(AA)), bytes(sorted(KK)), 4, _weights(1), 4, 2),
    "RiverJob": lambda e: _river(e),
}


def _river(engine):
    """One decision, check or bet the pot, heads-up on the river; a phase of best responses."""
    job = engine.RiverJob(
        RIVER,
        bytes(sorted(AA)),
        bytes(sorted(KK)),
        4,
        _weights(1),
        _weights(1),
        [0, 4, 3],
        [1, 0, 0],
        [2, 0, 0],
        [100.0, 0, 0, 100.0, 0, 0, 200.0, 100.0, 0],
    )
    job.begin(1)
    return job


@pytest.fixture(params=sorted(SPOTS))
def spot(request):
    return request.param


def test_every_job_keeps_the_protocol(impl, spot):
    job = SPOTS[spot](impl)
    assert isinstance(job, jobs.Job)
    # total and workers are read, not called: plain ints.
    assert type(job.total) is int and job.total > 0
    assert type(job.workers) is int and 1 <= job.workers <= MAX_WORKERS
    assert job.done() == 0
    # A read-only member, the same kind in both engines.
    with pytest.raises(AttributeError):
        job.total = 1


def test_total_is_the_same_in_both_engines(core, fallback, spot):
    assert SPOTS[spot](core).total == SPOTS[spot](fallback).total
    assert SPOTS[spot](core).workers == SPOTS[spot](fallback).workers


def test_the_members_are_the_same_kind_in_both_engines(core, fallback):
    for name in ("EquityJob", "RangeEquityJob", "ShowdownJob", "StrengthJob", "RiverJob"):
        for engine in (core, fallback):
            cls = getattr(engine, name)
            member = inspect.getattr_static(cls, "total", None)
            # A data descriptor of the class (a property, or Cython's getset): never a method.
            assert member is not None and hasattr(member, "__get__") and hasattr(member, "__set__"), (engine, name)
            assert all(callable(getattr(cls, method)) for method in ("run", "done", "stop"))


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.slow
def test_run_job_runs_every_piece(impl, spot, workers):
    job = SPOTS[spot](impl)
    jobs.run_job(job, min(workers, job.workers))
    assert job.done() == job.total


@pytest.mark.slow
def test_progress_ends_at_the_total(impl, spot):
    job = SPOTS[spot](impl)
    calls = []
    jobs.run_job(job, job.workers, lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (job.total, job.total)
    assert all(total == job.total and 0 <= done <= total for done, total in calls)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_stop_before_run_makes_run_return_at_once(impl, spot):
    job = SPOTS[spot](impl)
    job.stop()
    jobs.run_job(job, job.workers)
    assert job.done() == 0 < job.total


@pytest.mark.slow
def test_the_same_spot_gives_the_same_answers_in_both_engines(core, fallback):
    for spot in ("EquityJob", "EquityJob sampled", "RangeEquityJob"):
        tallies = []
        for engine in (core, fallback):
            job = SPOTS[spot](engine)
            jobs.run_job(job, job.workers)
            tallies.append(job.tally())
        assert tallies[0] == tallies[1], spot


def test_a_worker_outside_the_job_is_refused(impl, spot):
    job = SPOTS[spot](impl)
    with pytest.raises(JobError, match="outside"):
        job.run(job.workers)
    with pytest.raises(JobError):
        job.run(-1)


def test_a_river_update_runs_to_its_total(impl):
    job = _river(impl)
    for player in (0, 1):
        job.begin(0, 1, player)
        jobs.run_job(job, 2)
        assert job.done() == job.total


def test_thread_count():
    assert jobs.thread_count(None) == (os.cpu_count() or 1)
    assert jobs.thread_count(1) == 1
    assert jobs.thread_count(MAX_WORKERS) == MAX_WORKERS
    for bad in (0, -1, MAX_WORKERS + 1, 1.5, "2", True):
        with pytest.raises(JobError):
            jobs.thread_count(bad)
    with pytest.raises(ValueError) as refused:
        jobs.thread_count(0, ValueError)
    assert type(refused.value) is ValueError


def test_shaped_rows():
    view = jobs.shaped_rows(bytes(range(8)), 4)
    assert view.shape == (2, 4) and view.tolist() == [[0, 1, 2, 3], [4, 5, 6, 7]]
    empty = jobs.shaped_rows(b"", 5)
    # (its format is ctypes' '<B', which memoryview.tolist does not read: no rows to read anyway)
    assert empty.shape == (0, 5) and empty.nbytes == 0 and len(empty) == 0


# ---- issue 8: hostile and careless callers: a thread that cannot start, Ctrl-C


def test_a_thread_that_cannot_start_stops_the_ones_started(live_core, monkeypatch):
    real_start = threading.Thread.start
    started = []

    def start(self):
        if self.name.startswith("omaha8-job-") and len(started) == 2:
            raise RuntimeError("can't start new thread")
        started.append(self)
        real_start(self)

    monkeypatch.setattr(threading.Thread, "start", start)
    with pytest.raises(RuntimeError, match="can't start new thread"):
        equity(["AsAh2s3h", "KsKdQhQc"], samples=10**12, seed=1, threads=4)
    assert len(started) == 2 and not any(thread.is_alive() for thread in started)


INTERRUPTIBLE = """
import sys, time, omaha8
print("started", flush=True)
try:
    omaha8.equity(["AsAh2s3h", "KsKdQhQc"], samples=10**10, threads=1, seed=1)
    print("finished")
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


@pytest.mark.parametrize("pure", ["0", "1"])
def test_ctrl_c_stops_a_one_thread_run_from_python(pure):
    took, result = interrupt([sys.executable, "-c", INTERRUPTIBLE], {"OMAHA8_PURE_PYTHON": pure})
    assert result.stdout.split() == ["started", "interrupted"], result.stderr[-2000:]
    assert took < 0.5
