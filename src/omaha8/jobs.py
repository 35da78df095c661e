"""Engine jobs and how they are run: the protocol every job keeps, a job on worker threads,
tasks on any executor, thread counts, and rows shaped for the caller.

Every engine job (``EquityJob``, ``RangeEquityJob``, ``ShowdownJob``, ``StrengthJob``,
``RiverJob``, compiled and pure) is a ``Job``: ``run(worker)`` works pieces until none is left
or ``stop()`` is called, ``done()`` counts the pieces finished, ``total`` is how many there are,
``workers`` how many threads it was cut for. What a job answers (``tally()``, ``result()``,
``root()``) is its own.
"""

from __future__ import annotations

import ctypes
import os
import threading
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ThreadPoolExecutor, wait
from typing import Any, Callable, Iterable, Iterator, Optional, Protocol, runtime_checkable

from ._engine import MAX_WORKERS
from .cards import whole_number
from .exceptions import JobError

__all__ = ["Job", "run_job", "finished_batches", "thread_count", "shaped_rows", "PROGRESS_INTERVAL"]

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
