"""Engine jobs and how they are run: the protocol every job keeps, a job on worker threads,
tasks on any executor (a solver's batch of spots among them), thread counts, and rows shaped
for the caller.

Every engine job (``EquityJob``, ``RangeEquityJob``, ``ShowdownJob``, ``StrengthJob``,
``RiverJob``, compiled and pure) is a ``Job``: ``run(worker)`` works pieces until none is left
or ``stop()`` is called, ``done()`` counts the pieces finished, ``total`` is how many there are,
``workers`` how many threads it was cut for. What a job answers (``tally()``, ``result()``,
``root()``) is its own.
"""

from __future__ import annotations

import ctypes
import inspect
import os
import threading
from collections.abc import Mapping
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ThreadPoolExecutor, wait
from typing import Any, Callable, Iterable, Iterator, Optional, Protocol, runtime_checkable

from ._engine import MAX_WORKERS
from .cards import quoted, whole_number
from .exceptions import JobError, Omaha8Error

__all__ = [
    "Job",
    "run_job",
    "finished_batches",
    "read_spots",
    "run_spots",
    "thread_count",
    "shaped_rows",
    "PROGRESS_INTERVAL",
]

PROGRESS_INTERVAL = 0.1  # seconds between progress calls


@runtime_checkable
class Job(Protocol):
    """What ``run_job`` needs of an engine job."""

    @property
    def total(self) -> int:
        """How many pieces the job is cut into."""
        ...

    @property
    def workers(self) -> int:
        """How many threads the job was cut for (``run`` takes 0..workers-1)."""
        ...

    def run(self, worker: int) -> None:
        """Work pieces on this thread until none is left or the job is stopped."""
        ...

    def done(self) -> int:
        """Pieces finished so far."""
        ...

    def stop(self) -> None:
        """Ask every worker to return after its current piece."""
        ...


def run_job(job: Job, workers: int, progress: Optional[Callable[[int, int], object]] = None) -> None:
    """Run ``job`` on ``workers`` threads, calling ``progress(done, total)`` now and then; the
    first failure, a raising callback or Ctrl-C stops every worker after its current piece, and
    comes out here."""
    if workers == 1 and progress is None:
        job.run(0)  # between pieces it checks for signals: Ctrl-C stops it
        return
    failures: list[BaseException] = []

    def work(worker: int) -> None:
        try:
            job.run(worker)
        except BaseException as error:  # handed to the caller below
            failures.append(error)
            job.stop()

    threads: list[threading.Thread] = []
    try:
        # Started inside the try: if starting one fails, the ones already running are stopped.
        for worker in range(workers):
            thread = threading.Thread(target=work, args=(worker,), name=f"omaha8-job-{worker}", daemon=True)
            thread.start()
            threads.append(thread)
        for thread in threads:
            while thread.is_alive():
                thread.join(PROGRESS_INTERVAL)
                if progress is not None and thread.is_alive():
                    progress(job.done(), job.total)
    except BaseException:
        # The callback (or Ctrl-C) stops the run: workers finish their piece and return.
        job.stop()
        for thread in threads:
            thread.join()
        raise
    if failures:
        raise failures[0]
    if progress is not None:
        progress(job.done(), job.total)


def finished_batches(
    function: Callable[[Any], Any], tasks: Iterable[Any], executor: Optional[Executor], name: str
) -> Iterator[list]:
    """``function(task)`` for every task on ``executor`` (default: a thread per core, named
    ``name``), yielding the results as they finish, a batch at a time. When the caller stops
    (a failure, Ctrl-C, a raising callback) the tasks not started are cancelled, and a pool of
    its own is shut down."""
    own = executor is None
    pool = (
        executor
        if executor is not None
        else ThreadPoolExecutor(max_workers=os.cpu_count() or 1, thread_name_prefix=name)
    )
    pending: set[Future] = set()
    try:
        pending = {pool.submit(function, task) for task in tasks}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            yield [future.result() for future in finished]
    finally:
        for future in pending:
            future.cancel()
        if own:
            pool.shutdown(wait=True, cancel_futures=True)


def read_spots(
    spots: object,
    function: Callable[..., Any],
    check: Callable[[dict], object],
    executor: object,
    error: type,
) -> list[dict]:
    """Each spot of a batch of ``function``'s calls, checked before any runs: a mapping of its
    keyword arguments, every one it needs and none it does not take, no ``progress`` (a task
    reports nothing), then ``check(arguments)`` (the defaults filled in) reading what it can;
    a failure is ``error`` naming the spot. On an executor a spot runs on one thread unless it
    says otherwise."""
    if executor is not None and not isinstance(executor, Executor):
        raise error(f"executor must be a concurrent.futures.Executor or None, not {quoted(executor)}")
    name = function.__name__
    if isinstance(spots, (str, bytes, Mapping)) or not isinstance(spots, Iterable):
        raise error(f"spots must be a sequence of mappings of {name}'s arguments, not {quoted(spots)}")
    parameters = inspect.signature(function).parameters
    tasks = []
    for number, spot in enumerate(spots):
        if not isinstance(spot, Mapping):
            raise error(f"spot {number} is {type(spot).__name__}: a spot is a mapping of {name}'s arguments")
        if "progress" in spot:
            raise error(f"spot {number} has a progress callback: spots run as tasks")
        for key in spot:
            if key not in parameters:
                known = ", ".join(parameters)
                raise error(f"spot {number} has {quoted(key)}, which is no argument of {name} ({known})")
        for key, parameter in parameters.items():
            if parameter.default is inspect.Parameter.empty and key not in spot:
                raise error(f"spot {number} lacks {key!r}, which {name} needs")
        try:
            check({key: spot.get(key, parameter.default) for key, parameter in parameters.items()})
        except Omaha8Error as failure:
            raise type(failure)(f"spot {number}: {failure}") from None
        task = dict(spot)
        if executor is not None:
            task.setdefault("threads", 1)
        tasks.append(task)
    return tasks


def run_spots(
    function: Callable[..., Any],
    tasks: list[dict],
    executor: Optional[Executor],
    name: str,
    known: Optional[Mapping[int, Any]] = None,
    keep: Optional[Callable[[int, Any], object]] = None,
) -> list:
    """``function(**task)`` for each task read by ``read_spots``, on ``executor`` (default: one
    after the other here), the results in the tasks' order. ``known``: results already had, by
    task number (those tasks are not run); ``keep(number, result)`` hears of each result here,
    in this process, as soon as its task is done (a folder of solutions saves it then)."""
    results: dict[int, Any] = dict(known or {})
    numbered = [(number, function, task) for number, task in enumerate(tasks) if number not in results]
    if executor is None:
        finished: Iterable[list] = ([_run_numbered(task)] for task in numbered)
    else:
        finished = finished_batches(_run_numbered, numbered, executor, name)
    for batch in finished:
        for number, result in batch:
            results[number] = result
            if keep is not None:
                keep(number, result)
    return [results[number] for number in range(len(tasks))]


def _run_numbered(task: tuple[int, Callable[..., Any], dict]) -> tuple[int, Any]:
    number, function, arguments = task
    return number, function(**arguments)


def thread_count(threads: object, error: type = JobError) -> int:
    """Threads to use: all cores by default; else 1..MAX_WORKERS, or ``error``."""
    if threads is None:
        return os.cpu_count() or 1
    return whole_number(threads, "threads", 1, MAX_WORKERS, error)


def shaped_rows(rows: bytes, size: int) -> memoryview:
    """Rows of ``size`` card bytes as a (n, size) uint8 view (no copy)."""
    if not rows:
        # memoryview.cast refuses a zero in the shape; a ctypes array of no rows has (0, size).
        return memoryview((ctypes.c_uint8 * size * 0)())
    return memoryview(rows).cast("B", (len(rows) // size, size))
