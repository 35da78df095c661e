# Pure twin: omaha8/_engine/pure/equity.py
# The equity engine of the compiled core, included into core_c.pyx so that it reads the same
# tables and inlines the same board and hand lookups as evaluate. From core_c it uses: the
# tables HIGH_ROWS, FLUSH_ROWS, FLUSH_ROW_OF_MASK, LOW, PAIR_OF, LOW_BIT, RANK_OF, ROW_BASE and
# BINOM; the constants MAX_HOLE, MAX_SEATS, NO_FLUSH_ROW and the program constants (OP_*,
# FILTER_*, SUIT_*, PROGRAM_DEPTH); and the Python names imported there (checks, Card, ...).
#
# A job walks (or samples) runouts of the board. Per runout the board is read once (its table
# row, its flush row, its low ranks); each seat then costs one lookup per hole pair in those
# rows and one low lookup, with its pair indices worked out once for the whole job.
#
# The runouts are cut into fixed chunks of CHUNK. A chunk is the unit of work: workers claim
# chunks in turn, and a sampled chunk draws from a random stream keyed by (seed, chunk number)
# alone, so no split of the work among threads (or, later, processes and machines) changes a
# single runout. Each chunk's integer tallies are added into Python ints: a pot is POT_UNITS,
# which every number of winners up to ten divides, so exact equities are exact and every sum
# is the same in any order.

from libc.stdint cimport int64_t, uint32_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

cdef enum:
    MAX_PAIRS = MAX_HOLE * (MAX_HOLE - 1) // 2
    POT_UNITS = 5040      # lcm(1..10) * 2: halves shared by up to ten players stay whole
    HALF_UNITS = 2520
    CHUNK = 16384         # runouts in a chunk: the unit of work, of seeding and of stopping
    NOT_SUITED = 5        # a pair's suit when its cards differ; never a board's flush suit


cdef struct Seat:
    uint8_t pair[MAX_PAIRS]        # PAIR_OF index of each hole pair
    uint8_t pair_suit[MAX_PAIRS]   # the pair's suit when suited, else NOT_SUITED
    int pairs
    int low_shifted                # the hole's low mask << 8, ready for LOW


cdef struct ChunkCounts:
    int64_t high_units[MAX_SEATS]
    int64_t low_units[MAX_SEATS]
    int64_t square_units[MAX_SEATS]  # each runout's share squared, for the error bar (per chunk)
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


cdef inline void tally_runout(const Board* board, const Seat* seats, int n, ChunkCounts* t) noexcept nogil:
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
        t.square_units[s] += units * units


cdef void walk_runouts(const uint8_t* known_board, int known, int need, const uint8_t* deck,
                       int size, const Seat* seats, int n_seats, int64_t rank, int64_t stop_at,
                       ChunkCounts* t) noexcept nogil:
    """Runouts rank..stop_at of ``deck``, in lexicographic order of the cards dealt."""
    cdef int index[5]
    cdef uint8_t cards[5]
    cdef int j, c
    cdef int64_t left, count
    cdef Board board
    for j in range(known):
        cards[j] = known_board[j]
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
            cards[known + j] = deck[index[j]]
        read_board(cards, 5, &board)
        tally_runout(&board, seats, n_seats, t)
        rank += 1
        j = need - 1
        while j >= 0 and index[j] == size - need + j:
            j -= 1
        if j < 0:
            break
        index[j] += 1
        for c in range(j + 1, need):
            index[c] = index[c - 1] + 1


cdef inline uint64_t next_random(uint64_t* state) noexcept nogil:
    """xoshiro256**: a small, fast generator with good statistics; one stream per chunk."""
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


cdef inline void seed_chunk(uint64_t seed, int64_t chunk, uint64_t* state) noexcept nogil:
    """The stream of one chunk: splitmix64 of the seed, mixed with the chunk number, expanded
    to four words (the fallback's ``_chunk_stream`` does the same in Python)."""
    cdef uint64_t mix = seed
    cdef int j
    mix = split_mix(&mix) ^ <uint64_t>chunk
    for j in range(4):
        state[j] = split_mix(&mix)


cdef inline uint32_t below(uint64_t* state, uint32_t bound) noexcept nogil:
    """A uniform integer in [0, bound): Lemire's multiply-shift with its rejection step."""
    cdef uint64_t product = (next_random(state) >> 32) * bound
    cdef uint32_t threshold
    if <uint32_t>product < bound:
        threshold = (-bound) % bound
        while <uint32_t>product < threshold:
            product = (next_random(state) >> 32) * bound
    return <uint32_t>(product >> 32)


cdef class EquityJob(TaskedJob):
    """The runouts of one equity question, cut into chunks that up to ``workers`` threads work
    through at once: ``run(w)`` for each w in its own thread (it releases the GIL while it
    works). A chunk is a task; ``done()`` and ``total`` count runouts. The tallies depend on the
    question and the seed, never on how the chunks were shared out."""

    cdef Seat seats[MAX_SEATS]
    cdef int n_seats
    cdef uint8_t board[5]
    cdef int known              # board cards given
    cdef int need               # board cards to deal
    cdef uint8_t deck[52]       # cards that may come
    cdef int deck_size
    cdef bint exact
    cdef uint64_t seed
    cdef ChunkCounts* scratch   # one chunk's counts, per worker
    cdef object sums            # the tallies of finished chunks, as Python ints

    def __cinit__(self, *args, **kwargs):
        self.scratch = NULL

    def __init__(self, holes, board, dead, exact, samples, seed, workers):
        cdef int s, i, j, p, a, b
        cdef uint64_t used = 0
        # From here on only the validated plain ints of ``job`` are read, never the caller's
        # objects: a sequence that answers differently the second time cannot reach C.
        job = check_job(holes, board, dead, exact, samples, seed, workers)
        if self.scratch != NULL:
            raise JobError("an EquityJob is set up once")
        self.n_seats = len(job.holes)
        self.known = len(job.board)
        self.need = 5 - self.known
        self.exact = job.exact
        self.seed = job.seed
        for i in range(self.known):
            self.board[i] = job.board[i]
            used |= (<uint64_t>1) << self.board[i]
        for card in job.dead:
            used |= (<uint64_t>1) << <int>card
        for s in range(self.n_seats):
            hole = job.holes[s]
            p = 0
            self.seats[s].low_shifted = 0
            for i in range(len(hole)):
                a = hole[i]
                used |= (<uint64_t>1) << a
                self.seats[s].low_shifted |= LOW_BIT[a] << 8
                for j in range(i + 1, len(hole)):
                    b = hole[j]
                    self.seats[s].pair[p] = PAIR_OF[RANK_OF[a] * 13 + RANK_OF[b]]
                    self.seats[s].pair_suit[p] = (a & 3) if (a & 3) == (b & 3) else NOT_SUITED
                    p += 1
            self.seats[s].pairs = p
        self.deck_size = 0
        for i in range(52):
            if not (used >> i) & 1:
                self.deck[self.deck_size] = i
                self.deck_size += 1
        self.chunks_of(choose(self.deck_size, self.need) if self.exact else job.samples, job.workers)

    cdef int chunks_of(self, int64_t total, int workers) except -1:
        """``total`` runouts (or deals) in chunks of CHUNK, the last one shorter, the tasks of
        ``workers`` threads; the sums their tallies add into."""
        self.scratch = <ChunkCounts*>calloc(workers, sizeof(ChunkCounts))
        if self.scratch == NULL:
            raise MemoryError()
        self.cut((total + CHUNK - 1) // CHUNK, workers, total)
        self.sums = {name: [0] * self.n_seats for name in TALLY_LISTS}
        self.sums["low_possible"] = 0
        self.sums["runouts"] = 0
        self.runnable = True
        return 0

    def __dealloc__(self):
        free(self.scratch)

    cdef int64_t do_task(self, int worker, int64_t chunk) except -1:
        """One chunk's runouts tallied and added in: their count."""
        cdef int64_t first = chunk * CHUNK, last = min(first + CHUNK, self.pieces)
        cdef ChunkCounts* t = &self.scratch[worker]
        memset(t, 0, sizeof(ChunkCounts))
        with nogil:
            if self.exact:
                self.walk(t, first, last)
            else:
                self.sample(t, chunk, last - first)
        self.add(t)
        return last - first

    cdef add(self, const ChunkCounts* t):
        cdef int s
        sums = self.sums
        for s in range(self.n_seats):
            sums["high_units"][s] += t.high_units[s]
            sums["low_units"][s] += t.low_units[s]
            sums["square_units"][s] += t.square_units[s]
            sums["scoop"][s] += t.scoop[s]
            sums["high_win"][s] += t.high_win[s]
            sums["high_tie"][s] += t.high_tie[s]
            sums["low_win"][s] += t.low_win[s]
            sums["low_tie"][s] += t.low_tie[s]
            sums["low_made"][s] += t.low_made[s]
        sums["low_possible"] += t.low_possible
        sums["runouts"] += t.runouts

    cdef void walk(self, ChunkCounts* t, int64_t rank, int64_t stop_at) noexcept nogil:
        walk_runouts(self.board, self.known, self.need, self.deck, self.deck_size, self.seats,
                     self.n_seats, rank, stop_at, t)

    cdef void sample(self, ChunkCounts* t, int64_t chunk, int64_t count) noexcept nogil:
        """``count`` random runouts of one chunk: a partial shuffle of a fresh copy of the deck
        for each, the deck carried from one runout to the next."""
        cdef uint8_t deck[52]
        cdef uint8_t cards[5]
        cdef uint8_t swap
        cdef int j, r, size = self.deck_size
        cdef int64_t runout
        cdef uint64_t state[4]
        cdef Board board
        seed_chunk(self.seed, chunk, state)
        memcpy(deck, self.deck, size)
        for j in range(self.known):
            cards[j] = self.board[j]
        for runout in range(count):
            for j in range(self.need):
                r = j + below(state, size - j)
                swap = deck[j]
                deck[j] = deck[r]
                deck[r] = swap
                cards[self.known + j] = deck[j]
            read_board(cards, 5, &board)
            tally_runout(&board, self.seats, self.n_seats, t)

    def tally(self):
        """The counts of every finished chunk: a dict of per-seat lists and totals, all ints."""
        out = {name: list(self.sums[name]) for name in TALLY_LISTS}
        out["low_possible"] = self.sums["low_possible"]
        out["runouts"] = self.sums["runouts"]
        out["pot_units"] = POT_UNITS
        return out


def draw_cards(seed, pool, count):
    """``count`` Cards drawn at random from ``pool`` (distinct card indices 0..51): a partial
    Fisher-Yates shuffle driven by the random stream of ``seed`` (0..2**64-1), the same stream
    and so the same cards as the fallback's ``draw_cards``."""
    cdef uint8_t deck[52]
    cdef uint64_t state[4]
    cdef uint64_t seen = 0
    cdef uint8_t swap
    cdef int size, j, r, card, n
    if type(pool) is not list and type(pool) is not tuple:
        pool = list(pool)
    size = len(pool)
    if size > 52:
        raise JobError(f"a pool holds at most 52 cards, not {size}")
    for j in range(size):
        item = pool[j]
        if type(item) is not int and type(item) is not Card:
            item = card_index(item)  # numpy integers and the like; anything else is refused
        if not 0 <= item <= 51:
            raise JobError(f"pool card {quoted(item)} is outside 0..51")
        card = item
        if (seen >> card) & 1:
            raise JobError(f"pool card {card} appears twice")
        seen |= (<uint64_t>1) << card
        deck[j] = card
    if type(count) is not int or not 0 <= count <= size:
        raise JobError(f"count must be an int 0..{size}, not {quoted(count)}")
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise JobError(f"seed must be an int 0..2**64-1, not {quoted(seed)}")
    n = count
    seed_chunk(<uint64_t>seed, 0, state)
    for j in range(n):
        r = j + below(state, size - j)
        swap = deck[j]
        deck[j] = deck[r]
        deck[r] = swap
    return [CARD_OF[deck[j]] for j in range(n)]


cdef inline void add_scaled(ChunkCounts* dst, const ChunkCounts* src, int n, int64_t w) noexcept nogil:
    cdef int s
    for s in range(n):
        dst.high_units[s] += w * src.high_units[s]
        dst.low_units[s] += w * src.low_units[s]
        dst.square_units[s] += w * src.square_units[s]
        dst.scoop[s] += w * src.scoop[s]
        dst.high_win[s] += w * src.high_win[s]
        dst.high_tie[s] += w * src.high_tie[s]
        dst.low_win[s] += w * src.low_win[s]
        dst.low_tie[s] += w * src.low_tie[s]
        dst.low_made[s] += w * src.low_made[s]
    dst.low_possible += w * src.low_possible
    dst.runouts += w * src.runouts


cdef inline void draw_unused(uint64_t* state, uint64_t* used, uint8_t* out, int count) noexcept nogil:
    """``count`` cards of the 52, each drawn again while already in ``used`` (then added)."""
    cdef int j, c
    for j in range(count):
        while True:
            c = below(state, 52)
            if not (used[0] >> c) & 1:
                break
        used[0] |= (<uint64_t>1) << c
        out[j] = c


cdef inline void sort_cards(uint8_t* cards, int k) noexcept nogil:
    cdef int i, j
    cdef uint8_t x
    for i in range(1, k):
        x = cards[i]
        j = i - 1
        while j >= 0 and cards[j] > x:
            cards[j + 1] = cards[j]
            j -= 1
        cards[j + 1] = x


cdef void seat_of_cards(const uint8_t* cards, int k, Seat* seat) noexcept nogil:
    cdef int i, j, p = 0, a, b
    seat.low_shifted = 0
    for i in range(k):
        a = cards[i]
        seat.low_shifted |= LOW_BIT[a] << 8
        for j in range(i + 1, k):
            b = cards[j]
            seat.pair[p] = PAIR_OF[RANK_OF[a] * 13 + RANK_OF[b]]
            seat.pair_suit[p] = (a & 3) if (a & 3) == (b & 3) else NOT_SUITED
            p += 1
    seat.pairs = p


cdef inline bint fits_suits(const int* table, int at, const uint8_t* hand, int k) noexcept nogil:
    """A quick necessary test before the search: each named suit holds at least the specs of
    that suit, and the suits left, largest first, hold the specs of each suit variable, largest
    first. Most hands fail a pattern of suit variables here, not deep in the search."""
    cdef int count = table[at + 2], explicit = table[at + 3]
    cdef int have[4]
    cdef int need[4]
    cdef int named[4]
    cdef int i, j, t, kind, value, free_suits = 0
    have[0] = have[1] = have[2] = have[3] = 0
    need[0] = need[1] = need[2] = need[3] = 0
    named[0] = named[1] = named[2] = named[3] = 0
    for i in range(k):
        have[hand[i] & 3] += 1
    for i in range(count):
        kind = table[at + 5 + 3 * i]
        value = table[at + 6 + 3 * i]
        if kind == SUIT_NAMED:
            named[value] += 1
        elif kind == SUIT_VARIABLE:
            need[value] += 1
    for i in range(4):
        if named[i] > have[i]:
            return False
    # The suits a variable may take (not named in the pattern), and the variables' needs,
    # each sorted largest first: a variable's suit must hold all of its specs.
    for i in range(4):
        if (explicit >> i) & 1:
            have[i] = 0
    for i in range(4):
        for j in range(3 - i):
            if have[j] < have[j + 1]:
                t = have[j]; have[j] = have[j + 1]; have[j + 1] = t
            if need[j] < need[j + 1]:
                t = need[j]; need[j] = need[j + 1]; need[j + 1] = t
    for i in range(4):
        if need[i] > have[i]:
            return False
    return True


cdef int pattern_weight(const int* table, int at, const uint8_t* hand, int k) noexcept nogil:
    """The reference ``programs._pattern_weight`` in C: the pattern's weight if its specs match
    distinct cards of the hand (suit variables bound consistently), else 0."""
    cdef int weight = table[at], filters = table[at + 1], count = table[at + 2], explicit = table[at + 3]
    cdef int counts[4]
    cdef int i, j, ranks = 0, distinct = 0, pairs_of_suits = 0, singles = 0, used_suits = 0
    cdef int binding[4]
    cdef int choice[MAX_HOLE]
    cdef int taken = 0, spec, card, suit, mask, kind, value
    cdef bint fresh[MAX_HOLE]
    if filters:
        counts[0] = counts[1] = counts[2] = counts[3] = 0
        for j in range(k):
            counts[hand[j] & 3] += 1
            if not (ranks >> (hand[j] >> 2)) & 1:
                distinct += 1
            ranks |= 1 << (hand[j] >> 2)
        for j in range(4):
            used_suits += counts[j] > 0
            pairs_of_suits += counts[j] == 2
            singles += counts[j] == 1
        if (filters & FILTER_NO_PAIR) and distinct != k:
            return 0
        if (filters & FILTER_DOUBLE_SUITED) and not (k == 4 and pairs_of_suits == 2):
            return 0
        if (filters & FILTER_SINGLE_SUITED) and not (k == 4 and pairs_of_suits == 1 and singles == 2):
            return 0
        if (filters & FILTER_RAINBOW) and not (k == 4 and used_suits == 4):
            return 0
    if count == 0:
        return weight
    if not fits_suits(table, at, hand, k):
        return 0
    for j in range(4):
        binding[j] = -1
    # Depth-first over specs: choice[i] is the card spec i holds, -1 before its first try.
    i = 0
    choice[0] = -1
    while i >= 0:
        spec = at + 4 + 3 * i
        mask, kind, value = table[spec], table[spec + 1], table[spec + 2]
        if choice[i] >= 0:   # undo the last try of spec i
            taken &= ~(1 << choice[i])
            if fresh[i]:
                binding[value] = -1
        j = choice[i] + 1
        choice[i] = -1
        while j < k:
            card = hand[j]
            suit = card & 3
            if not (taken >> j) & 1 and (mask >> (card >> 2)) & 1 and (kind != SUIT_NAMED or suit == value):
                if kind == SUIT_VARIABLE:
                    if binding[value] == -1:
                        if not ((explicit >> suit) & 1) and binding[0] != suit and binding[1] != suit \
                                and binding[2] != suit and binding[3] != suit:
                            break
                    elif binding[value] == suit:
                        break
                else:
                    break
            j += 1
        if j == k:
            i -= 1          # no card left for spec i: back to the spec before
            continue
        choice[i] = j
        taken |= 1 << j
        fresh[i] = kind == SUIT_VARIABLE and binding[value] == -1
        if fresh[i]:
            binding[value] = hand[j] & 3   # hand[j], not card: j < k here, which the compiler can see
        i += 1
        if i == count:
            return weight
        choice[i] = -1
    return 0


cdef int program_weight_c(const int* code, int n_code, const int* table, const uint8_t* hand,
                          int k) noexcept nogil:
    # checks.check_program refused any program whose stack would grow past PROGRAM_DEPTH.
    cdef int stack[PROGRAM_DEPTH]
    cdef int top = 0, at, op, arg, left, right
    for at in range(0, n_code, 2):
        op = code[at]
        arg = code[at + 1]
        if op == OP_PATTERN:
            stack[top] = pattern_weight(table, arg, hand, k)
            top += 1
        elif op == OP_WEIGHT:
            stack[top - 1] = arg if stack[top - 1] else 0
        else:
            top -= 1
            right = stack[top]
            left = stack[top - 1]
            if op == OP_EITHER:
                stack[top - 1] = left if left > right else right
            elif op == OP_BOTH:
                stack[top - 1] = (left if left < right else right) if left and right else 0
            else:
                stack[top - 1] = 0 if right else left
    return stack[top - 1]


cdef class RangeEquityJob(EquityJob):
    """An equity job where some seats hold ranges: every hand of each range, weighted, with
    every runout (exact), or whole deals drawn at random (sampled). A deal is the hands of the
    range seats and a runout; deals whose hands collide are no deals at all, so exact and
    sampled answers both weigh each possible deal by the product of its hands' weights."""

    cdef int n_range
    cdef int range_seat[MAX_SEATS]
    cdef int range_any[MAX_SEATS]      # 0, or k: every hand of k cards, drawn card by card
    cdef const int* range_code[MAX_SEATS]   # for a range too large to list: its program
    cdef const int* range_table[MAX_SEATS]
    cdef int range_code_size[MAX_SEATS]
    cdef object programs                    # keeps the programs' buffers alive
    cdef int64_t range_size[MAX_SEATS]
    cdef Seat* range_seats[MAX_SEATS]
    cdef uint64_t* range_masks[MAX_SEATS]
    cdef int64_t* range_weights[MAX_SEATS]
    cdef uint64_t fixed_used
    cdef int64_t runouts_per_deal
    cdef int64_t max_weight
    cdef bint ran_dry

    def __init__(self, holes, board, dead, exact, samples, seed, workers, ranges):
        cdef int s, r, i, j, k
        cdef int64_t n
        cdef uint64_t mask
        job, range_job = check_range_job(holes, board, dead, exact, samples, seed, workers, ranges)
        if self.scratch != NULL:
            raise JobError("an EquityJob is set up once")
        self.n_seats = len(job.holes)
        self.known = len(job.board)
        self.need = 5 - self.known
        self.exact = job.exact
        self.seed = job.seed
        self.fixed_used = 0
        for i in range(self.known):
            self.board[i] = job.board[i]
            self.fixed_used |= (<uint64_t>1) << self.board[i]
        for card in job.dead:
            self.fixed_used |= (<uint64_t>1) << <int>card
        self.n_range = 0
        self.max_weight = 1
        for s in range(self.n_seats):
            hole = job.holes[s]
            if hole is not None:
                for card in hole:
                    self.fixed_used |= (<uint64_t>1) << <int>card
                hole_bytes = bytes(hole)
                seat_of_cards(<const uint8_t*><const char*>hole_bytes, len(hole), &self.seats[s])
                continue
            combos, weights, k = range_job[s]
            n = len(weights)
            r = self.n_range
            self.range_seat[r] = s
            self.range_size[r] = n
            self.range_any[r] = 0 if n else k
            self.range_code[r] = NULL
            if not n:
                if combos:   # a program: (code, table) as bytes of C ints
                    code, table = combos
                    if self.programs is None:
                        self.programs = []
                    self.programs.append((code, table))
                    self.range_code[r] = <const int*><const char*>code
                    self.range_table[r] = <const int*><const char*>table
                    self.range_code_size[r] = len(code) // sizeof(int)
                self.n_range += 1
                continue
            self.range_seats[r] = <Seat*>calloc(n, sizeof(Seat))
            self.range_masks[r] = <uint64_t*>calloc(n, sizeof(uint64_t))
            self.range_weights[r] = <int64_t*>calloc(n, sizeof(int64_t))
            self.n_range += 1
            if not (self.range_seats[r] and self.range_masks[r] and self.range_weights[r]):
                raise MemoryError()
            load_range(combos, weights, k, n, self.range_seats[r], self.range_masks[r],
                       self.range_weights[r], &self.max_weight)
        self.deck_size = 52 - popcount_64(self.fixed_used) - sum(
            range_job[s][2] for s in range(self.n_seats) if job.holes[s] is None)
        self.runouts_per_deal = choose(self.deck_size, self.need)
        deals = 1
        for r in range(self.n_range):
            deals *= self.range_size[r]
        self.chunks_of(deals * self.runouts_per_deal if self.exact else job.samples, job.workers)

    def __dealloc__(self):
        cdef int r
        for r in range(self.n_range):
            free(self.range_seats[r])
            free(self.range_masks[r])
            free(self.range_weights[r])

    cdef bint deal_of(self, int64_t index, Seat* seats, uint8_t* deck, int64_t* weight) noexcept nogil:
        """Seats and deck of the deal of this index (hands of the range seats in mixed radix,
        the last range seat fastest); False when two of its hands share a card."""
        cdef int r, s, c, size = 0
        cdef int64_t pick
        cdef uint64_t used = self.fixed_used
        weight[0] = 1
        for s in range(self.n_seats):
            seats[s] = self.seats[s]
        for r in range(self.n_range - 1, -1, -1):
            pick = index % self.range_size[r]
            index //= self.range_size[r]
            if used & self.range_masks[r][pick]:
                return False
            used |= self.range_masks[r][pick]
            seats[self.range_seat[r]] = self.range_seats[r][pick]
            weight[0] *= self.range_weights[r][pick]
        for c in range(52):
            if not (used >> c) & 1:
                deck[size] = c
                size += 1
        return True

    cdef void walk(self, ChunkCounts* t, int64_t rank, int64_t stop_at) noexcept nogil:
        cdef Seat seats[MAX_SEATS]
        cdef uint8_t deck[52]
        cdef ChunkCounts part
        cdef int64_t per = self.runouts_per_deal, deal, first, last, weight
        deal = rank // per
        while deal * per < stop_at:
            first = rank - deal * per if rank > deal * per else 0
            last = stop_at - deal * per if stop_at < (deal + 1) * per else per
            if self.deal_of(deal, seats, deck, &weight):
                memset(&part, 0, sizeof(ChunkCounts))
                walk_runouts(self.board, self.known, self.need, deck, self.deck_size, seats,
                             self.n_seats, first, last, &part)
                add_scaled(t, &part, self.n_seats, weight)
            deal += 1

    cdef void sample(self, ChunkCounts* t, int64_t chunk, int64_t count) noexcept nogil:
        """Whole deals at random: a hand for each range seat, drawn again all together when any
        two collide or when its weight turns it down, then a runout of what is left."""
        cdef Seat seats[MAX_SEATS]
        cdef uint8_t cards[5]
        cdef uint8_t hand[MAX_HOLE]
        cdef uint64_t state[4]
        cdef uint64_t used
        cdef int r, j, c, s
        cdef int64_t pick, runout, tries
        cdef bint ok
        cdef Board board
        seed_chunk(self.seed, chunk, state)
        for j in range(self.known):
            cards[j] = self.board[j]
        for s in range(self.n_seats):
            seats[s] = self.seats[s]
        for runout in range(count):
            tries = 0
            while True:
                tries += 1
                if tries > 10000000:
                    self.ran_dry = True
                    return
                used = self.fixed_used
                ok = True
                for r in range(self.n_range):
                    if self.range_any[r]:
                        draw_unused(state, &used, hand, self.range_any[r])
                        if self.range_code[r] != NULL:
                            # A range read hand by hand: a random hand, kept as often as its
                            # weight says (out of 100), else the whole deal is drawn again.
                            sort_cards(hand, self.range_any[r])
                            pick = program_weight_c(self.range_code[r], self.range_code_size[r],
                                                    self.range_table[r], hand, self.range_any[r])
                            if pick == 0 or (pick < 100 and below(state, 100) >= pick):
                                ok = False
                                break
                        seat_of_cards(hand, self.range_any[r], &seats[self.range_seat[r]])
                        continue
                    pick = below(state, <uint32_t>self.range_size[r])
                    if self.range_weights[r][pick] < self.max_weight and \
                            below(state, <uint32_t>self.max_weight) >= self.range_weights[r][pick]:
                        ok = False
                        break
                    if used & self.range_masks[r][pick]:
                        ok = False
                        break
                    used |= self.range_masks[r][pick]
                    seats[self.range_seat[r]] = self.range_seats[r][pick]
                if ok:
                    break
            # The runout: cards drawn from the whole deck, again while already used, which is
            # cheaper than building the deck that is left (a few cards of 52 are out).
            draw_unused(state, &used, &cards[self.known], self.need)
            read_board(cards, 5, &board)
            tally_runout(&board, seats, self.n_seats, t)

    def dry(self):
        """Whether sampling found no deal whose hands do not collide (after ten million tries)."""
        return self.ran_dry


cdef void load_range(object combos, object weights, int k, int64_t n, Seat* seats, uint64_t* masks,
                     int64_t* out_weights, int64_t* max_weight) except *:
    cdef const uint8_t[::1] rows = combos
    cdef const uint8_t[::1] w = weights
    cdef int64_t i
    cdef int j
    cdef uint64_t mask
    for i in range(n):
        mask = 0
        for j in range(k):
            mask |= (<uint64_t>1) << rows[i * k + j]
        masks[i] = mask
        seat_of_cards(&rows[i * k], k, &seats[i])
        out_weights[i] = w[i]
        if w[i] > max_weight[0]:
            max_weight[0] = w[i]



def range_count(code, table, k, relevant, shapes=b""):
    """How many k-card hands a compiled range (``Range.program()``) gives a weight, without
    listing them. A hand's weight depends only on its cards among ``relevant`` (a 52-bit mask:
    every card a spec other than "any card" can match), so each subset of those is tried once
    with the other cards filled in, and counts for every way to fill them. When every card is
    relevant, ``shapes`` (4 bytes a shape: how many cards of each suit) names the only suit
    counts a hand of the range can have, and only hands of those shapes are tried."""
    code_bytes, table_bytes, k, relevant, shape_bytes = checks.check_range_walk(code, table, k, relevant, shapes)
    return _range_count(code_bytes, table_bytes, k, relevant, shape_bytes)


cdef object _range_count(bytes code_bytes, bytes table_bytes, int k, uint64_t relevant, bytes shape_bytes):
    cdef const uint8_t[::1] code_view = code_bytes
    cdef const uint8_t[::1] table_view = table_bytes
    cdef const uint8_t[::1] shape_view = shape_bytes if shape_bytes else b"\0\0\0\0"
    cdef int n_shapes = len(shape_bytes) // 4
    cdef const int* code_ints = <const int*>&code_view[0]
    cdef const int* table_ints = <const int*>&table_view[0]
    cdef int n_code = code_view.shape[0] // sizeof(int)
    cdef uint8_t chosen[52]
    cdef uint8_t others[52]
    cdef uint8_t hand[MAX_HOLE]
    cdef int index[MAX_HOLE]
    cdef int n_chosen = 0, n_others = 0, size, i, j, shape
    cdef int64_t total = 0, ways
    if relevant == (1ULL << 52) - 1:
        with nogil:
            for shape in range(n_shapes):
                total += count_shape(code_ints, n_code, table_ints, k, &shape_view[4 * shape])
        return total
    for i in range(52):
        if (relevant >> i) & 1:
            chosen[n_chosen] = i
            n_chosen += 1
        else:
            others[n_others] = i
            n_others += 1
    with nogil:
        for size in range(max(0, k - n_others), min(k, n_chosen) + 1):
            ways = choose(n_others, k - size)
            for i in range(k - size):
                hand[size + i] = others[i]
            for i in range(size):
                index[i] = i
            while True:
                for i in range(size):
                    hand[i] = chosen[index[i]]
                if program_weight_c(code_ints, n_code, table_ints, hand, k) > 0:
                    total += ways
                i = size - 1
                while i >= 0 and index[i] == n_chosen - size + i:
                    i -= 1
                if i < 0:
                    break
                index[i] += 1
                for j in range(i + 1, size):
                    index[j] = index[j - 1] + 1
    return total


cdef int64_t count_shape(const int* code, int n_code, const int* table, int k, const uint8_t* shape) noexcept nogil:
    """The hands of one suit shape (shape[s] cards of suit s) with a weight: every choice of
    ranks in each suit, suit by suit."""
    cdef int index[4][MAX_HOLE]
    cdef uint8_t hand[MAX_HOLE]
    cdef int s, i, j, at, size
    cdef int64_t total = 0
    for s in range(4):
        for i in range(shape[s]):
            index[s][i] = i
    while True:
        at = 0
        for s in range(4):
            for i in range(shape[s]):
                hand[at] = index[s][i] * 4 + s
                at += 1
        if program_weight_c(code, n_code, table, hand, k) > 0:
            total += 1
        # The next choice of ranks: the last suit moves first, like an odometer.
        s = 3
        while s >= 0:
            size = shape[s]
            i = size - 1
            while i >= 0 and index[s][i] == 13 - size + i:
                i -= 1
            if i >= 0:
                index[s][i] += 1
                for j in range(i + 1, size):
                    index[s][j] = index[s][j - 1] + 1
                break
            for i in range(size):
                index[s][i] = i
            s -= 1
        if s < 0:
            return total


def range_list(code, table, k, allowed):
    """The k-card hands of the ``allowed`` cards (a 52-bit mask) that a compiled range gives a
    weight, as (combos, weights) bytes: k cards a hand, ascending, hands ascending. What an exact
    walk reads for a range too large to list whole, once the known cards are out."""
    code_bytes, table_bytes, k, allowed, _ = checks.check_range_walk(code, table, k, allowed)
    return _range_list(code_bytes, table_bytes, k, allowed)


def rows_apart(combos, weights, k, dead):
    """The rows of ``combos`` (k card indices each) that hold no card of the ``dead`` mask,
    with their weights, as (combos, weights) bytes in the order given."""
    combo_bytes, weight_bytes, k, dead = checks.check_rows_apart(combos, weights, k, dead)
    cdef const uint8_t[::1] rows = combo_bytes
    cdef const uint8_t[::1] given = weight_bytes
    cdef Py_ssize_t n = len(weight_bytes), i, kept = 0
    cdef int size = k, t
    cdef uint64_t dead_mask = dead, row
    if n == 0:
        return b"", b""
    out_rows = bytearray(n * size)
    out_weights = bytearray(n)
    cdef uint8_t[::1] rows_out = out_rows
    cdef uint8_t[::1] weights_out = out_weights
    with nogil:
        for i in range(n):
            row = 0
            for t in range(size):
                # A card past 51 is never dead (and never shifted past the mask).
                if rows[i * size + t] < 52:
                    row |= (<uint64_t>1) << rows[i * size + t]
            if row & dead_mask == 0:
                memcpy(&rows_out[kept * size], &rows[i * size], size)
                weights_out[kept] = given[i]
                kept += 1
    return memoryview(out_rows)[:kept * size].tobytes(), memoryview(out_weights)[:kept].tobytes()


cdef object _range_list(bytes code_bytes, bytes table_bytes, int k, uint64_t allowed):
    cdef const uint8_t[::1] code_view = code_bytes
    cdef const uint8_t[::1] table_view = table_bytes
    cdef const int* code_ints = <const int*>&code_view[0]
    cdef const int* table_ints = <const int*>&table_view[0]
    cdef int n_code = code_view.shape[0] // sizeof(int)
    cdef uint8_t deck[52]
    cdef uint8_t hand[MAX_HOLE]
    cdef int index[MAX_HOLE]
    cdef int n = 0, i, j, weight, rounds
    cdef int64_t found = 0, at = 0
    cdef uint8_t* out_combos = NULL
    cdef uint8_t* out_weights = NULL
    for i in range(52):
        if (allowed >> i) & 1:
            deck[n] = i
            n += 1
    if n < k:
        return b"", b""
    combos = weights = None
    # Twice over the hands: first to count them, then to write them where they fit exactly.
    for rounds in range(2):
        if rounds == 1:
            combos = bytearray(found * k)
            weights = bytearray(found)
            if found == 0:
                break
            out_combos = combos
            out_weights = weights
        with nogil:
            for i in range(k):
                index[i] = i
            while True:
                for i in range(k):
                    hand[i] = deck[index[i]]
                weight = program_weight_c(code_ints, n_code, table_ints, hand, k)
                if weight > 0:
                    if rounds == 0:
                        found += 1
                    else:
                        memcpy(&out_combos[at * k], hand, k)
                        out_weights[at] = <uint8_t>weight
                        at += 1
                i = k - 1
                while i >= 0 and index[i] == n - k + i:
                    i -= 1
                if i < 0:
                    break
                index[i] += 1
                for j in range(i + 1, k):
                    index[j] = index[j - 1] + 1
    return bytes(combos), bytes(weights)
