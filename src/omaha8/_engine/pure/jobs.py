"""The pure job base, twin of ``jobs_c.pxi``: what every pure engine job shares, a fixed list of
tasks that workers claim in turn under a lock, and the members of ``omaha8.jobs.Job``.
"""

from __future__ import annotations

import threading
from typing import Optional

from ...exceptions import JobError

__all__ = ["TaskedJob", "cut"]


def cut(job: TaskedJob, tasks: int, workers: int, pieces: Optional[int] = None, first: int = 0) -> None:
    """Cut ``job`` into tasks ``first`` .. ``tasks - 1`` to claim on ``workers`` threads, ``pieces``
    of work in all (by default one a task): the compiled base's ``cut``. A function, not a
    method, so that a job's public methods are the compiled job's."""
    job.tasks = tasks
    job.workers = workers
    job.pieces = tasks - first if pieces is None else pieces
    job.next_task = first
    job.finished = 0
    job.stopped = False
    job.lock = threading.Lock()
    job.running = [False] * workers


class TaskedJob:
    """What every pure engine job shares: ``tasks`` tasks that up to ``workers`` threads claim in
    turn under a lock (``run(worker)``), until none is left or ``stop()`` is called; ``done()``
    counts the pieces finished, ``total`` how many there are (a task's pieces: one, or an
    equity chunk's runouts). A job is ``cut`` when it is set up (and again for each phase)
    and does one task in ``_do_task(worker, task)``."""

    tasks: int
    workers: int
    pieces: int
    next_task: int
    finished: int
    stopped: bool
    lock: threading.Lock
    running: list[bool]

    def _do_task(self, worker: int, task: int) -> Optional[int]:
        """Do one task: the pieces it finished, or None when the job was stopped midway."""
        raise NotImplementedError

    def run(self, worker: int) -> None:
        if not isinstance(worker, int) or not 0 <= worker < self.workers:
            raise JobError(f"worker {worker} is outside 0..{self.workers - 1}")
        with self.lock:
            if self.running[worker]:
                raise JobError(f"worker {worker} is already running in another thread")
            self.running[worker] = True
        try:
            while True:
                with self.lock:
                    if self.stopped or self.next_task >= self.tasks:
                        return
                    task = self.next_task
                    self.next_task += 1
                pieces = self._do_task(worker, task)
                if pieces is None:
                    return
                with self.lock:
                    self.finished += pieces
        finally:
            self.running[worker] = False

    def done(self) -> int:
        return self.finished

    @property
    def total(self) -> int:
        return self.pieces

    def stop(self) -> None:
        self.stopped = True
