# The equity engine of the compiled core, included into _core.pyx so that it reads the same
# tables and inlines the same board and hand lookups as evaluate.
#
# A job walks (or samples) runouts of the board. Per runout the board is read once (its table
# row, its flush row, its low ranks); each seat then costs one lookup per hole pair in those
# rows and one low lookup, with its pair indices worked out once for the whole job. Results go
# into integer tallies, one per worker, merged at the end: a pot is POT_UNITS, which every
# number of winners up to ten divides, so exact equities are exact.

from libc.stdint cimport int64_t, uint32_t
from libc.stdlib cimport calloc, free

cdef enum:
    MAX_SEATS = 10
    MAX_PAIRS = 15
    POT_UNITS = 5040      # lcm(1..10) * 2: halves shared by up to ten players stay whole
    HALF_UNITS = 2520
    CHUNK = 16384         # runouts between returns to Python (progress, stopping)
    NOT_SUITED = 5        # a pair's suit when its cards differ; never a board's flush suit


cdef struct Seat:
    uint8_t pair[MAX_PAIRS]        # PAIR_OF index of each hole pair
    uint8_t pair_suit[MAX_PAIRS]   # the pair's suit when suited, else NOT_SUITED
    int pairs
    int low_shifted                # the hole's low mask << 8, ready for LOW


cdef struct Tally:
    int64_t high_units[MAX_SEATS]
    int64_t low_units[MAX_SEATS]
    double square_units[MAX_SEATS]   # sum of each runout's share squared, for the error bar
    int64_t scoop[MAX_SEATS]
    int64_t high_win[MAX_SEATS]
    int64_t high_tie[MAX_SEATS]
    int64_t low_win[MAX_SEATS]
    int64_t low_tie[MAX_SEATS]
    int64_t low_made[MAX_SEATS]
    int64_t low_possible
    int64_t runouts


cdef int64_t choose(int n, int k) noexcept nogil:
    cdef int64_t result = 1
    cdef int i
    if k < 0 or k > n:
        return 0
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


cdef inline uint16_t seat_high(const Board* board, const Seat* seat) noexcept nogil:
    cdef int p
    cdef uint16_t v, w, best = NO_VALUE
    for p in range(seat.pairs):
        v = board.row[seat.pair[p]]
        w = board.flush_row[seat.pair[p]] if seat.pair_suit[p] == board.flush_suit else NO_VALUE
        v = w if w < v else v
        best = v if v < best else best
    return best


cdef inline void tally_runout(const Board* board, const Seat* seats, int n, Tally* t) noexcept nogil:
    cdef uint16_t high[MAX_SEATS]
    cdef uint8_t low[MAX_SEATS]
    cdef uint16_t best_high = NO_VALUE
    cdef uint8_t best_low = NO_LOW_MASK
    cdef int s, high_count = 0, low_count = 0, high_share, low_share, units
    cdef bint wins_high, wins_low
    for s in range(n):
        high[s] = seat_high(board, &seats[s])
        low[s] = LOW[seats[s].low_shifted | board.low_mask]
        best_high = high[s] if high[s] < best_high else best_high
        best_low = low[s] if low[s] < best_low else best_low
    for s in range(n):
        high_count += high[s] == best_high
        low_count += low[s] == best_low
    t.runouts += 1
    if best_low == NO_LOW_MASK:
        high_share = POT_UNITS // high_count   # nobody has a low: the high takes the pot
        low_share = 0
    else:
        t.low_possible += 1
        high_share = HALF_UNITS // high_count
        low_share = HALF_UNITS // low_count
    for s in range(n):
        wins_high = high[s] == best_high
        wins_low = best_low != NO_LOW_MASK and low[s] == best_low
        units = 0
        if low[s] != NO_LOW_MASK:
            t.low_made[s] += 1
        if wins_high:
            units += high_share
            t.high_units[s] += high_share
            if high_count == 1:
                t.high_win[s] += 1
            else:
                t.high_tie[s] += 1
        if wins_low:
            units += low_share
            t.low_units[s] += low_share
            if low_count == 1:
                t.low_win[s] += 1
            else:
                t.low_tie[s] += 1
        if units == POT_UNITS:
            t.scoop[s] += 1
        t.square_units[s] += <double>units * units


cdef inline uint64_t next_random(uint64_t* state) noexcept nogil:
    """xoshiro256**: a small, fast generator with good statistics; one stream per worker."""
    cdef uint64_t result = ((state[1] * 5) << 7 | (state[1] * 5) >> 57) * 9
    cdef uint64_t t = state[1] << 17
    state[2] ^= state[0]
    state[3] ^= state[1]
    state[1] ^= state[2]
    state[0] ^= state[3]
    state[2] ^= t
    state[3] = state[3] << 45 | state[3] >> 19
    return result


cdef inline uint64_t split_mix(uint64_t* x) noexcept nogil:
    x[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint32_t below(uint64_t* state, uint32_t bound) noexcept nogil:
    """A uniform integer in [0, bound): Lemire's multiply-shift with its rejection step."""
    cdef uint64_t product = (next_random(state) >> 32) * bound
    cdef uint32_t threshold
    if <uint32_t>product < bound:
        threshold = (-bound) % bound
        while <uint32_t>product < threshold:
            product = (next_random(state) >> 32) * bound
    return <uint32_t>(product >> 32)


cdef class EquityJob:
    """The runouts of one equity question, split among ``workers`` workers. Each worker's
    ``run`` may be called from its own thread: it releases the GIL while it works."""

    cdef Seat seats[MAX_SEATS]
    cdef int n_seats
    cdef uint8_t board[5]
    cdef int known              # board cards given
    cdef int need               # board cards to deal
    cdef uint8_t deck[52]       # cards that may come
    cdef int deck_size
    cdef bint exact
    cdef int workers
    cdef Tally* tallies
    cdef int64_t* position      # each worker's next runout (exact) or samples done
    cdef int64_t* first
    cdef int64_t* last
    cdef uint64_t* rng          # four words of state per worker
    cdef public int64_t total
    cdef public bint stopped

    def __cinit__(self, holes, board, dead, bint exact, int64_t samples, uint64_t seed, int workers):
        cdef int s, i, j, p
        cdef uint64_t used = 0, mix
        self.tallies = NULL
        self.position = self.first = self.last = NULL
        self.rng = NULL
        check_job(holes, board, dead, samples, workers)  # keeps the arrays below in bounds
        self.n_seats = len(holes)
        self.known = len(board)
        self.need = 5 - self.known
        self.exact = exact
        self.workers = workers
        for i in range(self.known):
            self.board[i] = <int>board[i]
            used |= (<uint64_t>1) << self.board[i]
        for card in dead:
            used |= (<uint64_t>1) << <int>card
        for s in range(self.n_seats):
            hole = holes[s]
            p = 0
            self.seats[s].low_shifted = 0
            for i in range(len(hole)):
                used |= (<uint64_t>1) << <int>hole[i]
                self.seats[s].low_shifted |= LOW_BIT[<int>hole[i]] << 8
                for j in range(i + 1, len(hole)):
                    self.seats[s].pair[p] = PAIR_OF[RANK_OF[<int>hole[i]] * 13 + RANK_OF[<int>hole[j]]]
                    self.seats[s].pair_suit[p] = (<int>hole[i] & 3) if (<int>hole[i] & 3) == (<int>hole[j] & 3) else NOT_SUITED
                    p += 1
            self.seats[s].pairs = p
        self.deck_size = 0
        for i in range(52):
            if not (used >> i) & 1:
                self.deck[self.deck_size] = i
                self.deck_size += 1
        self.tallies = <Tally*>calloc(workers, sizeof(Tally))
        self.position = <int64_t*>calloc(workers, sizeof(int64_t))
        self.first = <int64_t*>calloc(workers, sizeof(int64_t))
        self.last = <int64_t*>calloc(workers, sizeof(int64_t))
        self.rng = <uint64_t*>calloc(4 * workers, sizeof(uint64_t))
        if not (self.tallies and self.position and self.first and self.last and self.rng):
            raise MemoryError()
        self.total = choose(self.deck_size, self.need) if exact else samples
        for i in range(workers):
            # Even shares; each worker's exact range or sample count is fixed here, so that a
            # seed and a worker count always give the same runouts.
            self.first[i] = self.total * i // workers
            self.last[i] = self.total * (i + 1) // workers
            self.position[i] = self.first[i]
            mix = seed * 0x100000001B3ULL + i
            for j in range(4):
                self.rng[4 * i + j] = split_mix(&mix)

    def __dealloc__(self):
        free(self.tallies)
        free(self.position)
        free(self.first)
        free(self.last)
        free(self.rng)

    def run(self, int worker):
        """Work through this worker's share, a chunk at a time, until done or stopped."""
        if not 0 <= worker < self.workers:
            raise ValueError(f"worker {worker} is outside 0..{self.workers - 1}")
        cdef int64_t stop_at
        while not self.stopped and self.position[worker] < self.last[worker]:
            stop_at = min(self.position[worker] + CHUNK, self.last[worker])
            with nogil:
                if self.exact:
                    self.walk(worker, stop_at)
                else:
                    self.sample(worker, stop_at)
            self.position[worker] = stop_at

    cdef void walk(self, int worker, int64_t stop_at) noexcept nogil:
        """Runouts position..stop_at in lexicographic order of the cards dealt."""
        cdef int index[5]
        cdef uint8_t cards[5]
        cdef int j, c, need = self.need, size = self.deck_size
        cdef int64_t rank = self.position[worker], left, count
        cdef Board board
        for j in range(self.known):
            cards[j] = self.board[j]
        # The combination of that rank: the first card is the smallest c with rank below the
        # number of combinations starting at c or before, and so on.
        left = rank
        c = 0
        for j in range(need):
            while True:
                count = choose(size - 1 - c, need - 1 - j)
                if left < count:
                    break
                left -= count
                c += 1
            index[j] = c
            c += 1
        while rank < stop_at:
            for j in range(need):
                cards[self.known + j] = self.deck[index[j]]
            read_board(cards, 5, &board)
            tally_runout(&board, self.seats, self.n_seats, &self.tallies[worker])
            rank += 1
            j = need - 1
            while j >= 0 and index[j] == size - need + j:
                j -= 1
            if j < 0:
                break
            index[j] += 1
            for c in range(j + 1, need):
                index[c] = index[c - 1] + 1

    cdef void sample(self, int worker, int64_t stop_at) noexcept nogil:
        """Random runouts: a partial shuffle of this worker's copy of the deck for each."""
        cdef uint8_t deck[52]
        cdef uint8_t cards[5]
        cdef uint8_t swap
        cdef int j, r, size = self.deck_size
        cdef int64_t runout
        cdef uint64_t* state = &self.rng[4 * worker]
        cdef Board board
        memcpy(deck, self.deck, size)
        for j in range(self.known):
            cards[j] = self.board[j]
        for runout in range(self.position[worker], stop_at):
            for j in range(self.need):
                r = j + below(state, size - j)
                swap = deck[j]
                deck[j] = deck[r]
                deck[r] = swap
                cards[self.known + j] = deck[j]
            read_board(cards, 5, &board)
            tally_runout(&board, self.seats, self.n_seats, &self.tallies[worker])

    def done(self):
        """Runouts walked or sampled so far, by every worker."""
        cdef int i
        cdef int64_t total = 0
        for i in range(self.workers):
            total += self.position[i] - self.first[i]
        return total

    def stop(self):
        self.stopped = True

    def tally(self):
        """Every worker's counts added up: a dict of per-seat lists and totals."""
        cdef int i, s
        cdef Tally* t
        n = self.n_seats
        out = {name: [0] * n for name in ("high_units", "low_units", "scoop", "high_win", "high_tie",
                                         "low_win", "low_tie", "low_made")}
        out["square_units"] = [0.0] * n
        out["low_possible"] = 0
        out["runouts"] = 0
        for i in range(self.workers):
            t = &self.tallies[i]
            for s in range(n):
                out["high_units"][s] += t.high_units[s]
                out["low_units"][s] += t.low_units[s]
                out["square_units"][s] += t.square_units[s]
                out["scoop"][s] += t.scoop[s]
                out["high_win"][s] += t.high_win[s]
                out["high_tie"][s] += t.high_tie[s]
                out["low_win"][s] += t.low_win[s]
                out["low_tie"][s] += t.low_tie[s]
                out["low_made"][s] += t.low_made[s]
            out["low_possible"] += t.low_possible
            out["runouts"] += t.runouts
        out["pot_units"] = POT_UNITS
        return out
