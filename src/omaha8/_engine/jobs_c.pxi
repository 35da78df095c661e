# Pure twin: omaha8/_engine/pure/jobs.py
# The job base of the compiled core, included into core_c.pyx before the jobs (equity_c.pxi,
# showdown_c.pxi, strength_c.pxi, river_c.pxi): what every job shares, the members of
# omaha8.jobs.Job. Workers claim tasks in turn with the GIL held (no other worker claims the
# same one), each task's work releasing it where it runs in C; between tasks a worker returns to
# Python, so a signal (Ctrl-C) raises there. A job calls ``cut`` when it is set up (again for
# each phase), sets ``runnable`` once it is whole, and does one task in ``do_task``: one virtual
# call a task, next to work of milliseconds at least.

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int64_t
from libc.stdlib cimport calloc, free


cdef class TaskedJob:
    """Tasks that up to ``workers`` threads claim in turn (``run(worker)``) until none is left
    or ``stop()`` is called; ``done()`` counts the pieces finished, ``total`` how many there are
    (a task's pieces: one, or an equity chunk's runouts)."""

    cdef readonly int workers
    cdef readonly int64_t tasks
    cdef int64_t pieces         # total
    cdef int64_t next_task      # the next task to claim; claimed with the GIL held
    cdef int64_t finished       # pieces of the tasks finished
    cdef bint stopped
    cdef bint runnable          # set up whole: run may start
    cdef bint* running          # a worker inside run(), so that a second call for it fails

    def __cinit__(self, *args, **kwargs):
        self.running = NULL
        self.runnable = False

    def __dealloc__(self):
        free(self.running)

    cdef int cut(self, int64_t tasks, int workers, int64_t pieces, int64_t first=0) except -1:
        """Tasks ``first`` .. ``tasks - 1`` to claim, ``pieces`` of work in all, on ``workers``
        threads (fixed once: a later phase keeps them)."""
        if self.running == NULL:
            self.running = <bint*>calloc(workers if workers > 0 else 1, sizeof(bint))
            if self.running == NULL:
                raise MemoryError()
            self.workers = workers
        self.tasks = tasks
        self.pieces = pieces
        self.next_task = first
        self.finished = 0
        self.stopped = False
        return 0

    cdef int start(self, int worker) except -1:
        """A worker's own set-up, before it claims a task."""
        return 0

    cdef int64_t do_task(self, int worker, int64_t task) except -1:
        """Do one task; the pieces it finished."""
        raise NotImplementedError

    cdef int last_done(self) except -1:
        """After the last piece, in the worker that finished it."""
        return 0

    def run(self, int worker):
        """Claim tasks and work through them until none is left or the job is stopped."""
        if not self.runnable:
            raise JobError(f"this {type(self).__name__} was not set up")
        if not 0 <= worker < self.workers:
            raise JobError(f"worker {worker} is outside 0..{self.workers - 1}")
        if self.running[worker]:
            raise JobError(f"worker {worker} is already running in another thread")
        cdef int64_t task
        self.running[worker] = True
        try:
            self.start(worker)
            while not self.stopped and self.next_task < self.tasks:
                task = self.next_task       # the GIL is held: no other worker claims it
                self.next_task += 1
                self.finished += self.do_task(worker, task)
                if self.finished == self.pieces:
                    self.last_done()
                PyErr_CheckSignals()
        finally:
            self.running[worker] = False

    def done(self):
        """Pieces finished so far."""
        return self.finished

    @property
    def total(self):
        """How many pieces the job is cut into."""
        return self.pieces

    def stop(self):
        """Stop claiming tasks: each running worker returns after its current one."""
        self.stopped = True
