# Pure twin: omaha8/_engine/pure/strength.py
# Hand strength: for each hand on a flop or turn, its equity over every runout (EHS), the mean
# of its river equity squared (EHS^2) and a histogram of its river equity, against a weighted
# range. One tally sweep per runout (tally_river), each hand its own group: the whole-number
# counts add exactly in 128 bits whatever the order, and so do the histogram's weights; only
# the squares are floating point, summed per task in runout order and the tasks in task order,
# so that any number of threads gives the same bits. Included into core_c.pyx.

cdef enum:
    STRENGTH_TASKS = 16       # runout blocks: fixed whatever the thread count


cdef struct StrengthWorker:
    Scratch x
    int32_t* acc2
    int32_t* hand_col
    int32_t* opp_col
    Asked* asked
    int128* sums              # n * TALLY_FIELDS
    int64_t* histogram        # n * bins
    bint ready


cdef void free_strength_worker(StrengthWorker* w) noexcept nogil:
    if w.ready:
        free_scratch(&w.x)
    release(w.acc2); release(w.hand_col); release(w.opp_col); release(w.asked)
    release(w.sums); release(w.histogram)
    memset(w, 0, sizeof(StrengthWorker))


cdef int setup_strength_worker(const Sweep* s, StrengthWorker* w, int bins) noexcept nogil:
    memset(w, 0, sizeof(StrengthWorker))
    if setup_scratch(s, &w.x) != SHOWDOWN_OK:
        return SHOWDOWN_NO_MEMORY
    w.ready = True
    w.acc2 = <int32_t*>allocate(s.accumulators * LOW_COLUMNS, sizeof(int32_t))
    w.hand_col = <int32_t*>allocate(s.hands.n, sizeof(int32_t))
    w.opp_col = <int32_t*>allocate(s.opps.n, sizeof(int32_t))
    w.asked = <Asked*>allocate(3 * s.hands.n, sizeof(Asked))
    w.sums = <int128*>allocate(s.hands.n * TALLY_FIELDS, sizeof(int128))
    w.histogram = <int64_t*>allocate(s.hands.n * (bins if bins > 0 else 1), sizeof(int64_t))
    if (w.acc2 == NULL or w.hand_col == NULL or w.opp_col == NULL or w.asked == NULL or w.sums == NULL
            or w.histogram == NULL):
        free_strength_worker(w)
        return SHOWDOWN_NO_MEMORY
    return SHOWDOWN_OK


cdef class StrengthJob(TaskedJob):
    """Hand-strength features of ``hands`` against ``opponents`` weighted by whole numbers
    0..1000, on a board of 3, 4 or 5 cards, cut into tasks of runouts that worker threads claim
    (``run(worker)``): ``StrengthJob(board, hands, opponents, hole_size, weights, bins,
    workers)``; ``result()`` gives (equity, equity_squared, high, low, scoop, low_made, weight,
    histogram), array('d') each, the histogram n * bins, NaN where no opponent is left."""

    cdef Sweep s
    cdef bint ready
    cdef StrengthWorker* worker_state
    cdef double* squares        # per task: n doubles
    cdef int32_t* groups
    cdef int64_t* ones
    cdef int32_t* dup_count
    cdef object keep
    cdef int bins

    def __cinit__(self, *args, **kwargs):
        self.ready = False

    def __init__(self, board, hands, opponents, hole_size, weights, bins, workers):
        board, hands, opponents, weights = bytes(board), bytes(hands), bytes(opponents), bytes(weights)
        cdef int k = hole_size, code, nbins = bins, nworkers = workers
        if not 4 <= k <= MAX_HOLE:
            raise JobError(f"hole_size must be 4..{MAX_HOLE}, not {k}")
        if nworkers < 1:
            raise JobError("a strength job needs a worker")
        if nbins < 0 or nbins > 10000:
            raise JobError(f"bins must be 0..10000, not {nbins}")
        if len(hands) % k or len(opponents) % k or len(weights) != 8 * (len(opponents) // k):
            raise JobError("a strength job takes whole rows and one float64 weight per opponent")
        cdef const uint8_t* b = board
        cdef const uint8_t* h = hands
        cdef const uint8_t* o = opponents
        cdef const double* w = <const double*><const char*>weights
        cdef Py_ssize_t n = len(hands) // k, m = len(opponents) // k, bad, i
        cdef int board_size = len(board)
        cdef bint same = hands == opponents
        if same:
            opponents = hands
            o = h
        with nogil:
            code = check_showdown(b, board_size, h, n, o, m, k, w, &bad)
        if code != SHOWDOWN_OK:
            raise checks.showdown_error(code, bad, board, hands, opponents, k, weights)
        for i in range(m):
            # Whole numbers, so that every count is exact (the low columns count in 32 bits).
            if not (w[i] <= MAX_TALLY_WEIGHT and w[i] == <int64_t>w[i]):
                raise JobError(f"opponent {i}: hand strength weighs opponents by whole numbers 0..{MAX_TALLY_WEIGHT}")
        self.keep = (board, hands, opponents, weights)
        self.bins = nbins
        self.dup_count = <int32_t*>allocate(n, sizeof(int32_t))
        self.groups = <int32_t*>malloc_rows(n, sizeof(int32_t))
        self.ones = <int64_t*>malloc_rows(n, sizeof(int64_t))
        if self.dup_count == NULL or self.groups == NULL or self.ones == NULL:
            raise MemoryError()
        for i in range(n):
            self.groups[i] = <int32_t>i
            self.ones[i] = 1
        with nogil:
            code = setup_sweep(&self.s, b, board_size, h, n, o, m, k, w, self.dup_count, same)
        if code != SHOWDOWN_OK:
            raise MemoryError()
        self.ready = True
        cdef int tasks = 1 if board_size == 5 else STRENGTH_TASKS
        self.cut(tasks, min(nworkers, tasks), tasks)
        self.squares = <double*>allocate(n * self.tasks, sizeof(double))
        self.worker_state = <StrengthWorker*>allocate(self.workers, sizeof(StrengthWorker))
        if self.squares == NULL or self.worker_state == NULL:
            raise MemoryError()
        self.runnable = True

    def __dealloc__(self):
        cdef int i
        if self.worker_state != NULL:
            for i in range(self.workers):
                free_strength_worker(&self.worker_state[i])
        release(self.worker_state); release(self.squares)
        release(self.dup_count); release(self.groups); release(self.ones)
        if self.ready:
            free_sweep(&self.s)

    cdef void run_runouts(self, StrengthWorker* w, int task) noexcept nogil:
        cdef const Sweep* s = &self.s
        cdef uint8_t board5[5]
        cdef int64_t first = s.runouts * task // self.tasks, stop = s.runouts * (task + 1) // self.tasks, r = 0
        cdef int a, c, t
        cdef uint64_t dead
        cdef double* square = self.squares + s.hands.n * task
        for t in range(s.board_size):
            board5[t] = s.board[t]
        if s.board_size == 5:
            tally_river(s, &w.x, w.acc2, w.hand_col, w.opp_col, w.asked, board5, 0, self.ones, self.groups,
                        w.sums, 1, square, w.histogram, self.bins)
            return
        if s.board_size == 4:
            for a in range(first, stop):
                board5[4] = s.deck[a]
                tally_river(s, &w.x, w.acc2, w.hand_col, w.opp_col, w.asked, board5, (<uint64_t>1) << s.deck[a],
                            self.ones, self.groups, w.sums, 1, square, w.histogram, self.bins)
            return
        for a in range(s.deck_size):
            for c in range(a + 1, s.deck_size):
                if first <= r < stop:
                    board5[3] = s.deck[a]
                    board5[4] = s.deck[c]
                    dead = ((<uint64_t>1) << s.deck[a]) | ((<uint64_t>1) << s.deck[c])
                    tally_river(s, &w.x, w.acc2, w.hand_col, w.opp_col, w.asked, board5, dead, self.ones,
                                self.groups, w.sums, 1, square, w.histogram, self.bins)
                r += 1
                if r >= stop:
                    return

    cdef int start(self, int worker) except -1:
        cdef StrengthWorker* w = &self.worker_state[worker]
        cdef int code = SHOWDOWN_OK
        if not w.ready:
            with nogil:
                code = setup_strength_worker(&self.s, w, self.bins)
            if code != SHOWDOWN_OK:
                raise MemoryError()
        return 0

    cdef int64_t do_task(self, int worker, int64_t task) except -1:
        with nogil:
            self.run_runouts(&self.worker_state[worker], <int>task)
        return 1

    def result(self):
        """(equity, equity_squared, high, low, scoop, low_made, weight, histogram)."""
        if not self.ready or self.finished != self.tasks:
            raise JobError("the strength job has not finished")
        cdef Py_ssize_t n = self.s.hands.n, i, j
        cdef int t, bins = self.bins, v
        fields = [c_array.clone(DOUBLES, n, False) for _ in range(7)]
        histogram = c_array.clone(DOUBLES, n * bins, False)
        cdef double[::1] eq = fields[0], sq = fields[1], hi = fields[2], lo = fields[3], sc = fields[4]
        cdef double[::1] lm = fields[5], wt = fields[6]
        cdef double[::1] hist = histogram if n * bins else array("d", [0.0])
        cdef int128 f[TALLY_FIELDS]
        cdef int64_t count
        cdef double weight, square, pot = <double>POT_UNITS
        cdef StrengthWorker* w
        with nogil:
            for i in range(n):
                for v in range(TALLY_FIELDS):
                    f[v] = 0
                for t in range(self.workers):
                    w = &self.worker_state[t]
                    if w.ready:
                        for v in range(TALLY_FIELDS):
                            f[v] += w.sums[i * TALLY_FIELDS + v]
                square = 0.0
                for t in range(self.tasks):
                    square += self.squares[t * n + i]
                weight = <double>f[10]
                wt[i] = weight
                if f[10] == 0:
                    eq[i] = NAN; sq[i] = NAN; hi[i] = NAN; lo[i] = NAN; sc[i] = NAN; lm[i] = NAN
                    for j in range(bins):
                        hist[i * bins + j] = NAN
                    continue
                hi[i] = <double>f[0] / (pot * weight)
                lo[i] = <double>f[1] / (pot * weight)
                eq[i] = <double>(f[0] + f[1]) / (pot * weight)
                sq[i] = square / (pot * pot * weight)
                sc[i] = <double>f[3] / weight
                lm[i] = <double>f[8] / weight
                for j in range(bins):
                    count = 0
                    for t in range(self.workers):
                        w = &self.worker_state[t]
                        if w.ready:
                            count += w.histogram[i * bins + j]
                    hist[i * bins + j] = <double>count / weight
        return (*fields, histogram)
