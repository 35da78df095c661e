# Pure twin: omaha8/_engine/pure/showdown.py
# Showdown values: every hand of one set against a whole weighted range of opponents at once,
# included into core_c.pyx so that it reads the board and hand lookups of evaluate (read_board,
# high_on, low_on, NO_LOW_MASK).
#
# The sweep. Sorted by strength, the opponents a hand beats are the prefix of the sorted list
# below it, less those that share a card with it. Accumulators hold, for every set of one,
# two, ... k-1 cards, the weight of the opponents inserted so far that hold the set; by
# inclusion and exclusion the weight of the inserted opponents disjoint from a hand H is
#     total - sum over single cards of H + sum over pairs of H - ... + (-1)^k (opponents equal to H)
# and an opponent equal to H has H's strength, so it is only ever in H's own tie group, whose
# term is added by hand. A hand costs 2^k - 2 accumulator reads per query, an opponent as many
# writes: on a river, full range against full range, about 5 million of each.
#
# A pot splits as half to the best high and half to the best qualifying low, the whole pot to
# the high when neither hand has a low. For hand i against opponent j, with S the high result
# (1 win, 1/2 tie, 0 loss) and no low counted as the worst low:
#     high part = S/2 + S/2 if neither has a low,      low part = (low result)/2 if i has a low
# so two sweeps give everything: one in high order with two channels (every opponent; only the
# opponents without a low), one in low order.
#
# The work is cut into tasks: on a river, the high sweep and the low sweep; on a turn or a flop,
# SWEEP_BLOCKS blocks of runouts. Each task writes its own buffers, which are added in task
# order, so that any number of threads, and the single-threaded C entry point, give the same
# floating-point sums.

from array import array

from libc.stdint cimport int8_t, int32_t
from libc.stdlib cimport malloc
from libc.string cimport memcmp
from libc.math cimport INFINITY, NAN, floor, isinf, isnan
from libc.float cimport DBL_EPSILON
from cpython cimport array as c_array
from cpython.pythread cimport (PyThread_type_lock, PyThread_allocate_lock, PyThread_acquire_lock,
                               PyThread_release_lock, WAIT_LOCK)

cdef enum:
    SWEEP_BLOCKS = 8      # runout blocks of a turn or flop: tasks fixed whatever the thread count
    HIGH_KEYS = 7462      # high values 1..7462; key 7462 - value puts the worst first
    LOW_KEYS = 256        # key 255 - low mask: no low (0xFF) is key 0, the worst
    TASK_HIGH = 1
    TASK_LOW = 2
    SHOWDOWN_OK = 0
    SHOWDOWN_BAD_BOARD = -1
    SHOWDOWN_BAD_HOLE_SIZE = -2
    SHOWDOWN_BAD_HAND = -3
    SHOWDOWN_BAD_OPPONENT = -4
    SHOWDOWN_BAD_WEIGHT = -5
    SHOWDOWN_NO_MEMORY = -6
    SHOWDOWN_BAD_COUNT = -7
    PREFETCH_AHEAD = 8    # rows ahead in sorted order whose subsets are fetched early

# ---------------------------------------------------------------- working memory kept
# A solver asks at thousands of nodes of one size. Tens of megabytes freshly mapped for each
# call cost a page fault per 4 KB, as much time as the sweep itself (43 ms against 23 for a
# full river when the allocator hands the memory back between calls), so the big blocks of a
# finished call are kept, up to KEPT_LIMIT bytes, for the next one. Any thread, GIL or not:
# a lock guards the shelf. Each block carries its capacity in a 16-byte header.

cdef enum:
    KEPT_SLOTS = 32
    KEPT_SMALLEST = 65536         # smaller blocks go straight back to the allocator
    KEPT_HEADER = 16

cdef size_t KEPT_LIMIT = 256 * 1024 * 1024
cdef void* kept_blocks[KEPT_SLOTS]
cdef size_t kept_sizes[KEPT_SLOTS]
cdef size_t kept_bytes = 0
cdef PyThread_type_lock kept_lock = PyThread_allocate_lock()
if kept_lock == NULL:
    raise MemoryError("cannot allocate the working-memory lock")


cdef void* kept_alloc(size_t count, size_t size, bint zero) noexcept nogil:
    """count * size bytes (at least one), zeroed if ``zero``: a kept block that fits without
    wasting more than half as much again, else a new one. NULL when memory runs out."""
    global kept_bytes
    cdef size_t need = (count if count else 1) * size, best_size = 0
    cdef int slot, best = -1
    cdef char* block = NULL
    if size and need / size != (count if count else 1):
        return NULL                 # the product overflowed
    if need >= KEPT_SMALLEST:
        PyThread_acquire_lock(kept_lock, WAIT_LOCK)
        for slot in range(KEPT_SLOTS):
            if (kept_blocks[slot] != NULL and need <= kept_sizes[slot] <= need + need // 2
                    and (best < 0 or kept_sizes[slot] < best_size)):
                best, best_size = slot, kept_sizes[slot]
        if best >= 0:
            block = <char*>kept_blocks[best]
            kept_blocks[best] = NULL
            kept_bytes -= best_size
        PyThread_release_lock(kept_lock)
        if block != NULL:
            if zero:
                memset(block + KEPT_HEADER, 0, need)
            return block + KEPT_HEADER
    if need > (<size_t>-1) - KEPT_HEADER:
        return NULL
    block = <char*>(calloc(need + KEPT_HEADER, 1) if zero else malloc(need + KEPT_HEADER))
    if block == NULL:
        return NULL
    (<size_t*>block)[0] = need
    return block + KEPT_HEADER


cdef void kept_free(void* pointer) noexcept nogil:
    """Give back a block of kept_alloc: kept for the next call if there is room, else freed."""
    global kept_bytes
    if pointer == NULL:
        return
    cdef char* block = <char*>pointer - KEPT_HEADER
    cdef size_t size = (<size_t*>block)[0]
    cdef int slot, free_slot = -1
    if size < KEPT_SMALLEST or size > KEPT_LIMIT:
        free(block)
        return
    PyThread_acquire_lock(kept_lock, WAIT_LOCK)
    for slot in range(KEPT_SLOTS):
        if kept_blocks[slot] == NULL:
            free_slot = slot if free_slot < 0 else free_slot
        elif kept_bytes + size > KEPT_LIMIT:
            # Make room by dropping kept blocks (in slot order): the block just given back is
            # the size most likely asked for next.
            free(kept_blocks[slot])
            kept_bytes -= kept_sizes[slot]
            kept_blocks[slot] = NULL
            free_slot = slot if free_slot < 0 else free_slot
    if free_slot >= 0 and kept_bytes + size <= KEPT_LIMIT:
        kept_blocks[free_slot] = block
        kept_sizes[free_slot] = size
        kept_bytes += size
        block = NULL
    PyThread_release_lock(kept_lock)
    free(block)


cdef size_t kept_release() noexcept nogil:
    """Free every kept block; returns the bytes given back."""
    global kept_bytes
    cdef size_t released
    cdef int slot
    PyThread_acquire_lock(kept_lock, WAIT_LOCK)
    released = kept_bytes
    for slot in range(KEPT_SLOTS):
        free(kept_blocks[slot])
        kept_blocks[slot] = NULL
    kept_bytes = 0
    PyThread_release_lock(kept_lock)
    return released


def release_memory():
    """Free the working memory the showdown sweeps keep between calls (up to 256 MB, for the
    next call of the same size); returns the bytes given back."""
    cdef size_t released
    with nogil:
        released = kept_release()
    return released


# SUBSET_BASE[s]: the first accumulator of the sets of s cards (combinatorial number system:
# sorted cards c0 < c1 < ... index as the sum of C(c_t, t + 1)); SUBSET_BASE[k] accumulators
# in all serve hands of k cards.
cdef int32_t SUBSET_BASE[8]
cdef int32_t CHOOSE52[53][7]


cdef void build_subset_tables() noexcept nogil:
    cdef int n, r
    for n in range(53):
        for r in range(7):
            if r == 0:
                CHOOSE52[n][r] = 1
            elif n == 0:
                CHOOSE52[n][r] = 0
            else:
                CHOOSE52[n][r] = CHOOSE52[n - 1][r - 1] + CHOOSE52[n - 1][r]
    SUBSET_BASE[0] = 0
    SUBSET_BASE[1] = 0
    for r in range(1, 7):
        SUBSET_BASE[r + 1] = SUBSET_BASE[r] + CHOOSE52[52][r]


build_subset_tables()


cdef struct Rows:
    # One side's rows, prepared once per call.
    const uint8_t* cards     # n * k card indices
    Py_ssize_t n
    int32_t* sub             # n * nsub: twice the accumulator index of each proper nonempty
                             # subset, the odd sizes first (two channels per accumulator);
                             # not kept for four cards, whose 14 are worked out when needed
    uint8_t* sorted          # n * k: the row's cards in ascending order
    uint64_t* mask           # the row's cards as a mask


cdef struct Sweep:
    # One call's read-only data, shared by every worker.
    Rows hands
    Rows opps
    const double* weights    # per opponent
    double* dup              # per hand: weight of the opponents with exactly its cards
    int k, nsub, nodd, accumulators
    uint8_t board[5]
    int board_size
    uint8_t deck[52]         # the cards not on the board, for the runouts
    int deck_size
    int64_t runouts          # runouts of the board: 1, deck_size or C(deck_size, 2)
    int tasks
    int blocks               # runout blocks (1 on a river)
    bint same                # hands and opponents are the same rows: prepared and valued once
    bint all_positive        # every opponent weighs more than 0
    # On a river whose weights allow it (see setup_sweep), the high sweep also writes each
    # hand's opponent weight, and whether any opponent of positive weight is left, here:
    double* weight_out
    int32_t* count_out
    bint weights_in_sweep
    double half_least        # half the least positive weight: a weight above it is not dust


cdef struct Item:
    # A live row as the sweep reads it, gathered in sorted order.
    int32_t row
    int32_t low              # its low key (0: no low)
    double weight            # an opponent's weight
    double dup               # a hand's identical opponents' weight, signed as the term it is
    uint8_t cards[8]         # sorted


cdef struct Scratch:
    # One worker's working memory.
    Item* hand_items
    Item* opp_items
    double* value            # per sorted hand: what the sweep adds to it
    double* acc              # 2 * accumulators: channel 0 every opponent, channel 1 no-low ones
    double* first            # 2 * n: a tie group's query before its opponents go in
    int32_t* hand_key        # per hand: its key for this sweep, -1 when dead on this runout
    int32_t* hand_low        # per hand: its low key (0: no low)
    int32_t* opp_key
    int32_t* opp_low
    int32_t* hand_order
    int32_t* opp_order
    int32_t* hand_start      # HIGH_KEYS + 1 bucket starts
    int32_t* opp_start
    Py_ssize_t inserted      # opponents inserted since the accumulators were last cleared
    bint same_keys           # this sweep's opponent keys are the hands' (same rows, all weighed)


cdef inline uint64_t row_mask(const uint8_t* row, int k) noexcept nogil:
    cdef uint64_t mask = 0
    cdef int t
    for t in range(k):
        mask |= (<uint64_t>1) << row[t]
    return mask


cdef Py_ssize_t first_bad_showdown_row(const uint8_t* rows, Py_ssize_t n, int k, uint64_t board_mask) noexcept nogil:
    """The first row with a card outside 0..51, a card twice or a card of the board, or -1."""
    cdef Py_ssize_t i
    cdef int t
    cdef uint64_t mask
    cdef uint8_t card
    for i in range(n):
        mask = board_mask
        for t in range(k):
            card = rows[i * k + t]
            if card > 51 or (mask >> card) & 1:
                return i
            mask |= (<uint64_t>1) << card
    return -1


cdef void prepare_rows(Rows* rows, int k, int nsub) noexcept nogil:
    """Each row's mask and its subsets' accumulator indices, the odd sizes first."""
    cdef Py_ssize_t i
    cdef int t, s, size, nodd, at_odd, at_even, count = 0
    cdef int32_t index
    cdef uint8_t c[8]
    cdef uint8_t tmp
    cdef int32_t* out
    # The subsets as patterns, once: positions (in the sorted row) and where each one goes.
    cdef int8_t position[64][6]
    cdef int8_t sizes[64]
    cdef int8_t slot[64]
    nodd = (1 << (k - 1)) - (1 if k % 2 == 1 else 0)
    at_odd = 0
    at_even = nodd
    for s in range(1, (1 << k) - 1):
        size = 0
        for t in range(k):
            if (s >> t) & 1:
                position[count][size] = t
                size += 1
        sizes[count] = size
        if size & 1:
            slot[count] = at_odd
            at_odd += 1
        else:
            slot[count] = at_even
            at_even += 1
        count += 1
    for i in range(rows.n):
        for t in range(k):
            c[t] = rows.cards[i * k + t]
        for t in range(1, k):          # insertion sort: k <= 6
            tmp = c[t]
            s = t - 1
            while s >= 0 and c[s] > tmp:
                c[s + 1] = c[s]
                s -= 1
            c[s + 1] = tmp
        rows.mask[i] = row_mask(c, k)
        memcpy(rows.sorted + i * k, c, k)
        if k == 4:
            continue
        out = rows.sub + i * nsub
        for s in range(count):
            size = sizes[s]
            index = SUBSET_BASE[size]
            for t in range(size):
                index += CHOOSE52[c[position[s][t]]][t + 1]
            out[slot[s]] = 2 * index


cdef extern from *:
    void prefetch "__builtin_prefetch" (const void*) nogil
    int count_trailing_zeros_64 "__builtin_ctzll" (unsigned long long) nogil


cdef int32_t PAIR_TERM[52]     # C(c, 2): a card's term as the higher of a pair
cdef int32_t TRIPLE_TERM[52]   # C(c, 3)
for _c in range(52):
    PAIR_TERM[_c] = CHOOSE52[_c][2]
    TRIPLE_TERM[_c] = CHOOSE52[_c][3]


cdef inline const int32_t* subsets(const Rows* rows, Py_ssize_t i, int k, int nsub, int32_t* local) noexcept nogil:
    """The row's subset indices (as Rows.sub holds them)."""
    if k != 4:
        return rows.sub + i * nsub
    return four_subsets(rows.sorted + 4 * i, local)


cdef inline const int32_t* four_subsets(const uint8_t* c, int32_t* local) noexcept nogil:
    """The 14 subset indices of four sorted cards, in a few adds from two small tables: cheaper
    than fetching 56 bytes a row from memory."""
    cdef int32_t a = c[0], b = c[1], x = c[2], d = c[3]
    cdef int32_t pb = PAIR_TERM[b], px = PAIR_TERM[x], pd = PAIR_TERM[d]
    cdef int32_t tx = TRIPLE_TERM[x], td = TRIPLE_TERM[d]
    # Odd sizes first: the four cards, then the four triples; then the six pairs.
    local[0] = 2 * a
    local[1] = 2 * b
    local[2] = 2 * x
    local[3] = 2 * d
    local[4] = 2 * (1378 + tx + pb + a)
    local[5] = 2 * (1378 + td + pb + a)
    local[6] = 2 * (1378 + td + px + a)
    local[7] = 2 * (1378 + td + px + b)
    local[8] = 2 * (52 + pb + a)
    local[9] = 2 * (52 + px + a)
    local[10] = 2 * (52 + pd + a)
    local[11] = 2 * (52 + px + b)
    local[12] = 2 * (52 + pd + b)
    local[13] = 2 * (52 + pd + x)
    return local


cdef inline double query(const double* acc, const int32_t* sub, int nodd, int nsub, double total) noexcept nogil:
    # Weight of the inserted opponents disjoint from the row, in channel 0.
    cdef double odd = 0.0, even = 0.0
    cdef int t
    for t in range(nodd):
        odd += acc[sub[t]]
    for t in range(nodd, nsub):
        even += acc[sub[t]]
    return total - odd + even


cdef inline void query_both(const double* acc, const int32_t* sub, int nodd, int nsub, double total0,
                            double total1, double* q0, double* q1) noexcept nogil:
    # The same in both channels at once: they share each accumulator's cache line.
    cdef double odd0 = 0.0, even0 = 0.0, odd1 = 0.0, even1 = 0.0
    cdef const double* a
    cdef int t
    for t in range(nodd):
        a = acc + sub[t]
        odd0 += a[0]
        odd1 += a[1]
    for t in range(nodd, nsub):
        a = acc + sub[t]
        even0 += a[0]
        even1 += a[1]
    q0[0] = total0 - odd0 + even0
    q1[0] = total1 - odd1 + even1


cdef inline void insert(double* acc, const int32_t* sub, int nsub, double w) noexcept nogil:
    cdef int t
    for t in range(nsub):
        acc[sub[t]] += w


cdef inline void insert_both(double* acc, const int32_t* sub, int nsub, double w0, double w1) noexcept nogil:
    cdef double* a
    cdef int t
    for t in range(nsub):
        a = acc + sub[t]
        a[0] += w0
        a[1] += w1


cdef void clear(const Sweep* s, Scratch* x) noexcept nogil:
    """Zero the accumulators: by re-walking the opponents inserted when they were few."""
    cdef Py_ssize_t pos, j
    cdef int t
    cdef const int32_t* sub
    cdef int32_t local[64]
    if x.inserted * s.nsub * 4 < s.accumulators:
        for pos in range(s.opps.n):
            if x.opp_key[pos] >= 0:
                sub = subsets(&s.opps, pos, s.k, s.nsub, local)
                for t in range(s.nsub):
                    x.acc[sub[t]] = 0.0
                    x.acc[sub[t] + 1] = 0.0
    else:
        memset(x.acc, 0, 2 * s.accumulators * sizeof(double))
    x.inserted = 0


cdef void bucket_sort(const int32_t* key, Py_ssize_t n, int keys, int32_t* start, int32_t* order) noexcept nogil:
    """Counting sort of the rows with key >= 0: order[start[v] .. start[v + 1]] hold key v."""
    cdef Py_ssize_t i
    cdef int v
    memset(start, 0, (keys + 1) * sizeof(int32_t))
    for i in range(n):
        if key[i] >= 0:
            start[key[i] + 1] += 1
    for v in range(keys):
        start[v + 1] += start[v]
    for i in range(n):
        if key[i] >= 0:
            order[start[key[i]]] = <int32_t>i
            start[key[i]] += 1
    for v in range(keys, 0, -1):
        start[v] = start[v - 1]
    start[0] = 0


cdef void gather(const Sweep* s, const Rows* rows, const int32_t* order, Py_ssize_t count, const int32_t* low,
                 bint hands, Item* out) noexcept nogil:
    """The live rows in sorted order, with what the sweep reads of each: one stream to walk
    instead of scattered reads of five arrays."""
    cdef Py_ssize_t pos, r
    cdef int k = s.k
    cdef double sign = 1.0 if k % 2 == 0 else -1.0
    for pos in range(count):
        r = order[pos]
        out[pos].row = <int32_t>r
        out[pos].low = low[r]
        out[pos].weight = s.weights[r] if not hands or s.same else 0.0
        out[pos].dup = sign * s.dup[r] if hands else 0.0
        memcpy(out[pos].cards, rows.sorted + r * k, k)


cdef inline const int32_t* item_subsets(const Sweep* s, const Rows* rows, const Item* item,
                                        int32_t* local) noexcept nogil:
    return sized_subsets(rows, item, s.k, s.nsub, local)


# Tags that give a function a copy for four-card hands, with the sizes constant.
cdef struct FourCards:
    char unused
cdef struct AnyCards:
    char unused
ctypedef fused HoleKind:
    FourCards
    AnyCards


cdef inline const int32_t* sized_subsets(const Rows* rows, const Item* item, int k, int nsub,
                                         int32_t* local) noexcept nogil:
    if k == 4:
        return four_subsets(item.cards, local)
    return rows.sub + <Py_ssize_t>item.row * nsub


cdef void sweep(const Sweep* s, Scratch* x, int keys, bint two_channels, double* out) noexcept nogil:
    """One pass in key order (x.hand_key / x.opp_key, the worst first). Adds to out[i] a quarter
    of (weight below + weight at or below) in channel 0, and with two channels, for a hand with
    no low, as much again in channel 1: exactly the high (or low) part of its share."""
    # Four-card hands, the common case, get their own copy with the subset counts constant:
    # the compiler unrolls the accumulator loops.
    if s.k == 4:
        sweep_sized(s, x, keys, two_channels, out, <FourCards*>NULL)
    else:
        sweep_sized(s, x, keys, two_channels, out, <AnyCards*>NULL)


cdef void sweep_sized(const Sweep* s, Scratch* x, int keys, bint two_channels, double* out,
                      HoleKind* kind) noexcept nogil:
    cdef int v, k, nodd, nsub
    if HoleKind is FourCards:
        k, nodd, nsub = 4, 8, 14
    else:
        k, nodd, nsub = s.k, s.nodd, s.nsub
    cdef int32_t local[64]
    cdef Py_ssize_t a, b, pos, hand_end, opp_end, n = s.hands.n, m = s.opps.n
    cdef double total0 = 0.0, total1 = 0.0, q0, q1, w, w1
    cdef const int32_t* sub
    cdef double* acc = x.acc
    cdef const Item* item
    cdef Item* hand_items = x.hand_items
    cdef Item* opp_items = x.opp_items
    bucket_sort(x.hand_key, n, keys, x.hand_start, x.hand_order)
    cdef Py_ssize_t hands_live = x.hand_start[keys]
    gather(s, &s.hands, x.hand_order, hands_live, x.hand_low, True, hand_items)
    if x.same_keys:
        memcpy(x.opp_start, x.hand_start, (keys + 1) * sizeof(int32_t))
        opp_items = hand_items
    else:
        bucket_sort(x.opp_key, m, keys, x.opp_start, x.opp_order)
        gather(s, &s.opps, x.opp_order, x.opp_start[keys], x.opp_low, False, opp_items)
    for v in range(keys):
        a = x.hand_start[v]
        hand_end = x.hand_start[v + 1]
        b = x.opp_start[v]
        opp_end = x.opp_start[v + 1]
        for pos in range(a, hand_end):
            item = &hand_items[pos]
            sub = sized_subsets(&s.hands, item, k, nsub, local)
            if two_channels and item.low == 0:
                query_both(acc, sub, nodd, nsub, total0, total1, &x.first[2 * pos], &x.first[2 * pos + 1])
            else:
                x.first[2 * pos] = query(acc, sub, nodd, nsub, total0)
        for pos in range(b, opp_end):
            item = &opp_items[pos]
            w = item.weight
            sub = sized_subsets(&s.opps, item, k, nsub, local)
            if two_channels:
                w1 = w if item.low == 0 else 0.0
                insert_both(acc, sub, nsub, w, w1)
                total1 += w1
            else:
                insert(acc, sub, nsub, w)
            total0 += w
        x.inserted += opp_end - b
        for pos in range(a, hand_end):
            item = &hand_items[pos]
            sub = sized_subsets(&s.hands, item, k, nsub, local)
            if two_channels and item.low == 0:
                # Its identical opponents have no low either: they are in channel 1 too.
                query_both(acc, sub, nodd, nsub, total0, total1, &q0, &q1)
                x.value[pos] = 0.25 * (x.first[2 * pos] + q0 + item.dup) + 0.25 * (x.first[2 * pos + 1] + q1 + item.dup)
            else:
                q0 = query(acc, sub, nodd, nsub, total0) + item.dup
                x.value[pos] = 0.25 * (x.first[2 * pos] + q0)
    if two_channels and s.weight_out != NULL:
        # Every opponent is in now (a river has no dead rows): each hand's disjoint weight, in
        # place of a pass of its own.
        for pos in range(hands_live):
            item = &hand_items[pos]
            sub = sized_subsets(&s.hands, item, k, nsub, local)
            w = query(acc, sub, nodd, nsub, total0) + item.dup
            s.weight_out[item.row] = w
            s.count_out[item.row] = w > s.half_least
    for pos in range(hands_live):
        out[hand_items[pos].row] += x.value[pos]
    clear(s, x)


cdef void sweep_river(const Sweep* s, Scratch* x, const uint8_t* board5, uint64_t dead, int parts,
                      double* high_out, double* low_out) noexcept nogil:
    """One river board: the rows holding a card of ``dead`` sit out; adds to high_out and
    low_out the high and low parts of each live hand's share, summed over its opponents."""
    cdef Board info
    cdef Py_ssize_t i
    cdef int k = s.k
    cdef bint any_low = False
    read_board(board5, 5, &info)
    for i in range(s.hands.n):
        if s.hands.mask[i] & dead:
            x.hand_key[i] = -1
            x.hand_low[i] = 0
            continue
        x.hand_key[i] = HIGH_KEYS - high_on(&info, s.hands.cards + i * k, k)
        x.hand_low[i] = 255 - low_on(&info, s.hands.cards + i * k, k)
        any_low |= x.hand_low[i] != 0
    if s.same:
        memcpy(x.opp_key, x.hand_key, s.hands.n * sizeof(int32_t))
        memcpy(x.opp_low, x.hand_low, s.hands.n * sizeof(int32_t))
        if not s.all_positive:
            for i in range(s.opps.n):
                if s.weights[i] <= 0.0:
                    x.opp_key[i] = -1
                    x.opp_low[i] = 0
    else:
        for i in range(s.opps.n):
            if (s.opps.mask[i] & dead) or s.weights[i] <= 0.0:
                x.opp_key[i] = -1
                x.opp_low[i] = 0
                continue
            x.opp_key[i] = HIGH_KEYS - high_on(&info, s.opps.cards + i * k, k)
            x.opp_low[i] = 255 - low_on(&info, s.opps.cards + i * k, k)
    x.same_keys = s.same and s.all_positive
    if parts & TASK_HIGH:
        sweep(s, x, HIGH_KEYS, True, high_out)
    x.same_keys = False
    if (parts & TASK_LOW) and any_low:
        # In low order; the hands without a low get nothing from it and sit out.
        for i in range(s.hands.n):
            x.hand_key[i] = x.hand_low[i] if x.hand_low[i] != 0 else -1
        for i in range(s.opps.n):
            if x.opp_key[i] >= 0:
                x.opp_key[i] = x.opp_low[i]
        sweep(s, x, LOW_KEYS, False, low_out)


cdef void run_task(const Sweep* s, Scratch* x, int task, double* high_out, double* low_out) noexcept nogil:
    """Task ``task``: a river's high or low sweep, or a block of a turn's or flop's runouts."""
    cdef uint8_t board5[5]
    cdef int64_t first, stop, r = 0
    cdef int a, b, t
    for t in range(s.board_size):
        board5[t] = s.board[t]
    if s.board_size == 5:
        sweep_river(s, x, board5, 0, TASK_HIGH if task == 0 else TASK_LOW, high_out, low_out)
        return
    first = s.runouts * task // s.blocks
    stop = s.runouts * (task + 1) // s.blocks
    if s.board_size == 4:
        for r in range(first, stop):
            board5[4] = s.deck[r]
            sweep_river(s, x, board5, (<uint64_t>1) << s.deck[r], TASK_HIGH | TASK_LOW, high_out, low_out)
        return
    for a in range(s.deck_size):
        for b in range(a + 1, s.deck_size):
            if first <= r < stop:
                board5[3] = s.deck[a]
                board5[4] = s.deck[b]
                sweep_river(s, x, board5, ((<uint64_t>1) << s.deck[a]) | ((<uint64_t>1) << s.deck[b]),
                            TASK_HIGH | TASK_LOW, high_out, low_out)
            r += 1


cdef void opponent_weights(const Sweep* s, const int32_t* dup_count, double* weight, int32_t* count,
                           double* acc) noexcept nogil:
    """Per hand: the weight of the opponents disjoint from it, and exactly how many of them
    have a positive weight (so that none left is told apart from floating dust): channel 1
    counts in whole numbers, exact in a double. ``acc``: 2 * accumulators, zeroed."""
    if s.k == 4:
        opponent_weights_sized(s, dup_count, weight, count, acc, <FourCards*>NULL)
    else:
        opponent_weights_sized(s, dup_count, weight, count, acc, <AnyCards*>NULL)


cdef void opponent_weights_sized(const Sweep* s, const int32_t* dup_count, double* weight, int32_t* count,
                                 double* acc, HoleKind* kind) noexcept nogil:
    cdef Py_ssize_t i, j
    cdef int nsub, nodd, sign, k
    if HoleKind is FourCards:
        k, nodd, nsub, sign = 4, 8, 14, 1
    else:
        k, nodd, nsub, sign = s.k, s.nodd, s.nsub, (1 if s.k % 2 == 0 else -1)
    cdef const int32_t* sub
    cdef int32_t local[64]
    cdef double total = 0.0, positive = 0.0, left
    for j in range(s.opps.n):
        if s.weights[j] > 0.0:
            insert_both(acc, subsets(&s.opps, j, k, nsub, local), nsub, s.weights[j], 1.0)
            total += s.weights[j]
            positive += 1.0
    for i in range(s.hands.n):
        sub = subsets(&s.hands, i, k, nsub, local)
        query_both(acc, sub, nodd, nsub, total, positive, &weight[i], &left)
        weight[i] += sign * s.dup[i]
        # left is a whole number, negative when the hand's identical opponents are all it meets
        count[i] = <int32_t>floor(left + 0.5) + sign * dup_count[i]


cdef int find_duplicates(const Sweep* s, double* dup, int32_t* dup_count) noexcept nogil:
    """dup[i]: the total weight of the opponents with exactly hand i's cards (positive weights
    only), dup_count[i] how many. Four-card hands index a table by their combinatorial number
    (270,725 entries, read about in order for sorted rows); larger ones hash their masks."""
    cdef Py_ssize_t size = 16, i, j, slot
    cdef uint64_t key, h
    cdef int32_t index
    cdef double* sums
    cdef int32_t* numbers
    cdef uint64_t* keys
    if s.k == 4:
        sums = <double*>allocate(CHOOSE52[52][4], sizeof(double))
        numbers = <int32_t*>allocate(CHOOSE52[52][4], sizeof(int32_t))
        if sums == NULL or numbers == NULL:
            release(sums); release(numbers)
            return SHOWDOWN_NO_MEMORY
        for j in range(s.opps.n):
            if s.weights[j] > 0.0:
                index = four_index(s.opps.mask[j])
                sums[index] += s.weights[j]
                numbers[index] += 1
        for i in range(s.hands.n):
            index = four_index(s.hands.mask[i])
            dup[i] = sums[index]
            dup_count[i] = numbers[index]
        release(sums); release(numbers)
        return SHOWDOWN_OK
    while size < 2 * s.opps.n + 16:
        size *= 2
    keys = <uint64_t*>calloc(size, sizeof(uint64_t))
    sums = <double*>calloc(size, sizeof(double))
    numbers = <int32_t*>calloc(size, sizeof(int32_t))
    if keys == NULL or sums == NULL or numbers == NULL:
        free(keys); free(sums); free(numbers)
        return SHOWDOWN_NO_MEMORY
    for j in range(s.opps.n):
        if s.weights[j] <= 0.0:
            continue
        key = s.opps.mask[j]
        h = (key * 0x9E3779B97F4A7C15ULL) >> 20
        slot = <Py_ssize_t>(h & (size - 1))
        while keys[slot] != 0 and keys[slot] != key:
            slot = (slot + 1) & (size - 1)
        keys[slot] = key
        sums[slot] += s.weights[j]
        numbers[slot] += 1
    for i in range(s.hands.n):
        key = s.hands.mask[i]
        h = (key * 0x9E3779B97F4A7C15ULL) >> 20
        slot = <Py_ssize_t>(h & (size - 1))
        while keys[slot] != 0 and keys[slot] != key:
            slot = (slot + 1) & (size - 1)
        dup[i] = sums[slot] if keys[slot] == key else 0.0
        dup_count[i] = numbers[slot] if keys[slot] == key else 0
    free(keys); free(sums); free(numbers)
    return SHOWDOWN_OK


cdef inline int32_t four_index(uint64_t mask) noexcept nogil:
    """The combinatorial number of a set of four cards."""
    cdef int32_t index = 0
    cdef int t
    for t in range(1, 5):
        index += CHOOSE52[count_trailing_zeros_64(mask)][t]
        mask &= mask - 1
    return index

cdef int check_showdown(const uint8_t* board, int board_size, const uint8_t* hands, Py_ssize_t n,
                        const uint8_t* opponents, Py_ssize_t m, int hole_size, const double* weights,
                        Py_ssize_t* bad_row) noexcept nogil:
    """SHOWDOWN_OK, or the first problem's code (and in ``bad_row`` its row)."""
    cdef uint64_t board_mask = 0
    cdef int t
    cdef Py_ssize_t j
    bad_row[0] = -1
    if board_size < 3 or board_size > 5 or board == NULL:
        return SHOWDOWN_BAD_BOARD
    for t in range(board_size):
        if board[t] > 51 or (board_mask >> board[t]) & 1:
            return SHOWDOWN_BAD_BOARD
        board_mask |= (<uint64_t>1) << board[t]
    if hole_size < 4 or hole_size > MAX_HOLE or 52 - board_size - 2 * hole_size < 5 - board_size:
        return SHOWDOWN_BAD_HOLE_SIZE
    if n < 0 or m < 0 or n > 0x7FFFFFFF or m > 0x7FFFFFFF or (n and hands == NULL) or (m and opponents == NULL):
        return SHOWDOWN_BAD_COUNT
    bad_row[0] = first_bad_showdown_row(hands, n, hole_size, board_mask)
    if bad_row[0] >= 0:
        return SHOWDOWN_BAD_HAND
    if opponents != hands or m != n:        # the very rows just read need no second look
        bad_row[0] = first_bad_showdown_row(opponents, m, hole_size, board_mask)
        if bad_row[0] >= 0:
            return SHOWDOWN_BAD_OPPONENT
    if weights != NULL:
        for j in range(m):
            if isnan(weights[j]) or isinf(weights[j]) or weights[j] < 0.0:
                bad_row[0] = j
                return SHOWDOWN_BAD_WEIGHT
    return SHOWDOWN_OK


cdef void free_sweep(Sweep* s) noexcept nogil:
    if s.opps.sub != s.hands.sub:
        release(s.opps.sub)
    if s.opps.mask != s.hands.mask:
        release(s.opps.mask)
    if s.opps.sorted != s.hands.sorted:
        release(s.opps.sorted)
    release(s.hands.sub); release(s.hands.mask); release(s.hands.sorted); release(s.dup)
    s.hands.sub = NULL; s.hands.mask = NULL; s.opps.sub = NULL; s.opps.mask = NULL; s.dup = NULL
    s.hands.sorted = NULL; s.opps.sorted = NULL


cdef inline void* allocate(size_t count, size_t size) noexcept nogil:
    # Zeroed, from the kept blocks when one fits; never NULL for a count of 0. Freed by release.
    return kept_alloc(count, size, True)


cdef inline void* malloc_rows(size_t count, size_t size) noexcept nogil:
    # For arrays written whole before they are read: no zeroing.
    return kept_alloc(count, size, False)


cdef inline void release(void* pointer) noexcept nogil:
    kept_free(pointer)


cdef bint strictly_ascending(const Rows* rows, Py_ssize_t n, int k) noexcept nogil:
    """Whether the sorted rows run in strictly ascending order: then no row repeats."""
    cdef Py_ssize_t i
    for i in range(1, n):
        if memcmp(rows.sorted + (i - 1) * k, rows.sorted + i * k, k) >= 0:
            return False
    return True


cdef int setup_sweep(Sweep* s, const uint8_t* board, int board_size, const uint8_t* hands, Py_ssize_t n,
                     const uint8_t* opponents, Py_ssize_t m, int k, const double* weights,
                     int32_t* dup_count, bint same) noexcept nogil:
    """Prepare a checked call's rows (``weights`` already holds a weight per opponent);
    ``same``: the opponents are the hands' very rows."""
    cdef int t, c
    cdef uint64_t board_mask = 0
    memset(s, 0, sizeof(Sweep))
    s.k = k
    s.nsub = (1 << k) - 2
    s.nodd = (1 << (k - 1)) - (1 if k % 2 == 1 else 0)
    s.accumulators = SUBSET_BASE[k]
    s.board_size = board_size
    for t in range(board_size):
        s.board[t] = board[t]
        board_mask |= (<uint64_t>1) << board[t]
    for c in range(52):
        if not (board_mask >> c) & 1:
            s.deck[s.deck_size] = c
            s.deck_size += 1
    s.runouts = 1 if board_size == 5 else (s.deck_size if board_size == 4 else s.deck_size * (s.deck_size - 1) // 2)
    s.blocks = 1 if board_size == 5 else SWEEP_BLOCKS
    s.tasks = 2 if board_size == 5 else SWEEP_BLOCKS
    s.weights = weights
    s.hands.cards = hands
    s.hands.n = n
    s.opps.cards = opponents
    s.opps.n = m
    s.same = same and n == m
    s.all_positive = True
    cdef double least = INFINITY, positive = 0.0
    for t in range(m):
        s.all_positive &= weights[t] > 0.0
        if weights[t] > 0.0:
            positive += weights[t]
            least = weights[t] if weights[t] < least else least
    # The high sweep of a river can give the weights too, and tell an empty set from dust by
    # the size alone: a weight sums at most 2^k terms, each a sum of at most m weights, so its
    # rounding error is under 2^k (m + 2^k) u times the total (u = 2^-53); with the least
    # weight more than four times that, a weight above half the least is certainly not zero.
    s.half_least = least / 2
    s.weights_in_sweep = board_size == 5 and least > 4.0 * (1 << k) * (m + (1 << k)) * (DBL_EPSILON / 2) * positive
    s.hands.sub = <int32_t*>malloc_rows(n * s.nsub if k != 4 else 1, sizeof(int32_t))
    s.hands.sorted = <uint8_t*>malloc_rows(n * k, sizeof(uint8_t))
    s.hands.mask = <uint64_t*>malloc_rows(n, sizeof(uint64_t))
    s.dup = <double*>allocate(n, sizeof(double))
    if s.same:
        s.opps.sub = s.hands.sub
        s.opps.sorted = s.hands.sorted
        s.opps.mask = s.hands.mask
    else:
        s.opps.sub = <int32_t*>malloc_rows(m * s.nsub if k != 4 else 1, sizeof(int32_t))
        s.opps.sorted = <uint8_t*>malloc_rows(m * k, sizeof(uint8_t))
        s.opps.mask = <uint64_t*>malloc_rows(m, sizeof(uint64_t))
    if (s.hands.sub == NULL or s.hands.mask == NULL or s.opps.sub == NULL or s.opps.mask == NULL or s.dup == NULL
            or s.hands.sorted == NULL or s.opps.sorted == NULL):
        free_sweep(s)
        return SHOWDOWN_NO_MEMORY
    prepare_rows(&s.hands, k, s.nsub)
    if not s.same:
        prepare_rows(&s.opps, k, s.nsub)
    if s.same and strictly_ascending(&s.hands, n, k):
        # No row twice (a Range's rows are so): each hand's only identical opponent is itself.
        for t in range(n):
            s.dup[t] = weights[t] if weights[t] > 0.0 else 0.0
            dup_count[t] = weights[t] > 0.0
        return SHOWDOWN_OK
    if find_duplicates(s, s.dup, dup_count) != SHOWDOWN_OK:
        free_sweep(s)
        return SHOWDOWN_NO_MEMORY
    return SHOWDOWN_OK


cdef void free_scratch(Scratch* x) noexcept nogil:
    release(x.acc); release(x.first); release(x.hand_key); release(x.hand_low); release(x.opp_key); release(x.opp_low)
    release(x.hand_order); release(x.opp_order); release(x.hand_start); release(x.opp_start)
    release(x.hand_items); release(x.opp_items); release(x.value)
    memset(x, 0, sizeof(Scratch))


cdef int setup_scratch(const Sweep* s, Scratch* x) noexcept nogil:
    memset(x, 0, sizeof(Scratch))
    x.acc = <double*>allocate(2 * s.accumulators, sizeof(double))
    x.first = <double*>allocate(2 * s.hands.n, sizeof(double))
    x.hand_key = <int32_t*>allocate(s.hands.n, sizeof(int32_t))
    x.hand_low = <int32_t*>allocate(s.hands.n, sizeof(int32_t))
    x.hand_order = <int32_t*>allocate(s.hands.n, sizeof(int32_t))
    x.opp_key = <int32_t*>allocate(s.opps.n, sizeof(int32_t))
    x.opp_low = <int32_t*>allocate(s.opps.n, sizeof(int32_t))
    x.opp_order = <int32_t*>allocate(s.opps.n, sizeof(int32_t))
    x.hand_items = <Item*>malloc_rows(s.hands.n, sizeof(Item))
    x.opp_items = <Item*>malloc_rows(s.opps.n, sizeof(Item))
    x.value = <double*>malloc_rows(s.hands.n, sizeof(double))
    x.hand_start = <int32_t*>allocate(HIGH_KEYS + 1, sizeof(int32_t))
    x.opp_start = <int32_t*>allocate(HIGH_KEYS + 1, sizeof(int32_t))
    if (x.acc == NULL or x.first == NULL or x.hand_key == NULL or x.hand_low == NULL or x.hand_order == NULL
            or x.opp_key == NULL or x.opp_low == NULL or x.opp_order == NULL or x.hand_start == NULL
            or x.opp_start == NULL or x.hand_items == NULL or x.opp_items == NULL or x.value == NULL):
        free_scratch(x)
        return SHOWDOWN_NO_MEMORY
    return SHOWDOWN_OK


cdef int64_t pair_runouts(const Sweep* s) noexcept nogil:
    """The runouts every pair of disjoint hands sees: the same for all of them."""
    return choose(52 - s.board_size - 2 * s.k, 5 - s.board_size)


cdef int finish_weights(Sweep* s, const int32_t* dup_count, double* weight, int32_t* count) noexcept nogil:
    """Each hand's opponent weight into ``weight``, and into ``count`` a number that is zero
    exactly where no opponent of positive weight is left: by the river's high sweep when the
    weights allow it (it writes them as it goes), else by a pass of their own, now."""
    if s.weights_in_sweep:
        s.weight_out = weight
        s.count_out = count
        return SHOWDOWN_OK
    cdef double* acc = <double*>allocate(2 * s.accumulators, sizeof(double))
    if acc == NULL:
        return SHOWDOWN_NO_MEMORY
    opponent_weights(s, dup_count, weight, count, acc)
    release(acc)
    return SHOWDOWN_OK


cdef void finish_values(const Sweep* s, const int32_t* count, double* share, double* high, double* low,
                        double* weight) noexcept nogil:
    """From the summed parts: divide by the runouts a pair sees, and make the hands with no
    opponent of positive weight left exactly zero."""
    cdef Py_ssize_t i
    cdef double runouts = <double>pair_runouts(s)
    for i in range(s.hands.n):
        if count[i] == 0:
            high[i] = 0.0
            low[i] = 0.0
            weight[i] = 0.0
        else:
            high[i] = high[i] / runouts
            low[i] = low[i] / runouts
            # Dust of the inclusion-exclusion can leave a part a hair outside 0..weight.
            high[i] = 0.0 if high[i] < 0.0 else high[i]
            low[i] = 0.0 if low[i] < 0.0 else low[i]
        share[i] = high[i] + low[i]


cdef int showdown_values_c(const uint8_t* board, int board_size, const uint8_t* hands, Py_ssize_t n,
                           const uint8_t* opponents, Py_ssize_t m, int hole_size, const double* weights,
                           double* share, double* high, double* low, double* weight) noexcept nogil:
    """Showdown values of ``hands`` (n rows of ``hole_size`` cards) against ``opponents`` (m rows)
    weighted by ``weights`` (m doubles; NULL: 1.0 each), on a board of 3, 4 or 5 cards, into the
    four n-double outputs: see omaha8.showdown_values. Returns 0, or a negative code on bad
    input (then nothing is written): -1 the board, -2 the hole size, -3 a hand row, -4 an
    opponent row, -5 a weight, -6 out of memory, -7 a count. One thread; no GIL needed."""
    cdef Py_ssize_t bad, i
    cdef int t
    cdef int code = check_showdown(board, board_size, hands, n, opponents, m, hole_size, weights, &bad)
    if code != SHOWDOWN_OK:
        return code
    if n and (share == NULL or high == NULL or low == NULL or weight == NULL):
        return SHOWDOWN_BAD_COUNT
    cdef double* ones = NULL
    if weights == NULL:
        ones = <double*>allocate(m, sizeof(double))
        if ones == NULL:
            return SHOWDOWN_NO_MEMORY
        for i in range(m):
            ones[i] = 1.0
    cdef Sweep s
    cdef Scratch x
    cdef int32_t* dup_count = <int32_t*>allocate(n, sizeof(int32_t))
    cdef int32_t* count = <int32_t*>allocate(n, sizeof(int32_t))
    cdef double* part_high = <double*>allocate(n, sizeof(double))
    cdef double* part_low = <double*>allocate(n, sizeof(double))
    cdef double* high_sum = <double*>allocate(n, sizeof(double))
    cdef double* low_sum = <double*>allocate(n, sizeof(double))
    cdef double* weight_sum = <double*>allocate(n, sizeof(double))
    code = SHOWDOWN_NO_MEMORY
    if (dup_count != NULL and count != NULL and part_high != NULL and part_low != NULL and high_sum != NULL
            and low_sum != NULL and weight_sum != NULL):
        code = setup_sweep(&s, board, board_size, hands, n, opponents, m, hole_size,
                           weights if weights != NULL else ones, dup_count, hands == opponents)
    if code == SHOWDOWN_OK:
        code = setup_scratch(&s, &x)
        if code == SHOWDOWN_OK:
            code = finish_weights(&s, dup_count, weight_sum, count)
            if code == SHOWDOWN_OK:
                if board_size == 5:
                    # A river's two sweeps from one valuing of the rows (each part its own sum).
                    sweep_river(&s, &x, s.board, 0, TASK_HIGH | TASK_LOW, high_sum, low_sum)
                else:
                    for t in range(s.tasks):
                        memset(part_high, 0, n * sizeof(double))
                        memset(part_low, 0, n * sizeof(double))
                        run_task(&s, &x, t, part_high, part_low)
                        for i in range(n):
                            high_sum[i] += part_high[i]
                            low_sum[i] += part_low[i]
                finish_values(&s, count, share, high_sum, low_sum, weight_sum)
                # Only now, with nothing left to fail, the outputs.
                memcpy(high, high_sum, n * sizeof(double))
                memcpy(low, low_sum, n * sizeof(double))
                memcpy(weight, weight_sum, n * sizeof(double))
            free_scratch(&x)
        free_sweep(&s)
    release(ones); release(dup_count); release(count); release(part_high); release(part_low)
    release(high_sum); release(low_sum); release(weight_sum)
    return code


cdef c_array.array DOUBLES = array("d")


cdef class ShowdownJob(TaskedJob):
    """Showdown values, cut into tasks that worker threads claim in turn (``run(worker)``);
    ``result()`` adds the tasks' parts in task order, so any split gives the same sums.

    ``ShowdownJob(board, hands, opponents, hole_size, weights, workers)``: ``board`` 3 to 5 card
    indices as bytes, ``hands`` and ``opponents`` rows of ``hole_size`` card indices as bytes,
    ``weights`` one float64 per opponent (bytes in native order)."""

    cdef Sweep s
    cdef bint ready
    cdef Scratch* scratch
    cdef double* parts          # per task: n high parts, then n low parts
    cdef int32_t* dup_count
    cdef int32_t* count
    cdef double* weight_sum
    cdef object keep            # the bytes the sweep reads

    def __cinit__(self, *args, **kwargs):
        self.ready = False

    def __init__(self, board, hands, opponents, hole_size, weights, workers):
        board, hands, opponents, weights = bytes(board), bytes(hands), bytes(opponents), bytes(weights)
        cdef int k = hole_size, code
        cdef int nworkers = workers
        if not 4 <= k <= MAX_HOLE:
            raise JobError(f"hole_size must be 4..{MAX_HOLE}, not {k}")
        if nworkers < 1:
            raise JobError("a showdown job needs a worker")
        if len(hands) % k or len(opponents) % k or len(weights) != 8 * (len(opponents) // k):
            raise JobError("a showdown job takes whole rows and one float64 weight per opponent")
        cdef const uint8_t* b = board
        cdef const uint8_t* h = hands
        cdef const uint8_t* o = opponents
        cdef const double* w = <const double*><const char*>weights
        cdef Py_ssize_t n = len(hands) // k, m = len(opponents) // k, bad
        cdef int board_size = len(board)
        cdef bint same = hands == opponents
        if same:
            opponents = hands      # one object: the sweep prepares and values the rows once
            o = h
        self.keep = (board, hands, opponents, weights)
        with nogil:
            code = check_showdown(b, board_size, h, n, o, m, k, w, &bad)
        if code != SHOWDOWN_OK:
            raise checks.showdown_error(code, bad, board, hands, opponents, k, weights)
        self.dup_count = <int32_t*>allocate(n, sizeof(int32_t))
        self.count = <int32_t*>allocate(n, sizeof(int32_t))
        self.weight_sum = <double*>allocate(n, sizeof(double))
        if self.dup_count == NULL or self.count == NULL or self.weight_sum == NULL:
            raise MemoryError()
        with nogil:
            code = setup_sweep(&self.s, b, board_size, h, n, o, m, k, w, self.dup_count, same)
        if code != SHOWDOWN_OK:
            raise MemoryError()
        self.ready = True
        self.cut(self.s.tasks, min(nworkers, self.s.tasks), self.s.tasks)
        self.parts = <double*>allocate(2 * n * self.tasks, sizeof(double))
        self.scratch = <Scratch*>allocate(self.workers, sizeof(Scratch))
        if self.parts == NULL or self.scratch == NULL:
            raise MemoryError()
        with nogil:
            code = finish_weights(&self.s, self.dup_count, self.weight_sum, self.count)
        if code != SHOWDOWN_OK:
            raise MemoryError()
        self.runnable = True

    def __dealloc__(self):
        cdef int i
        if self.scratch != NULL:
            for i in range(self.workers):
                free_scratch(&self.scratch[i])
        release(self.scratch); release(self.parts)
        release(self.dup_count); release(self.count); release(self.weight_sum)
        if self.ready:
            free_sweep(&self.s)

    cdef int start(self, int worker) except -1:
        cdef Scratch* x = &self.scratch[worker]
        cdef int code = SHOWDOWN_OK
        cdef Py_ssize_t n = self.s.hands.n
        if x.acc == NULL:
            with nogil:
                code = setup_scratch(&self.s, x)
            if code != SHOWDOWN_OK:
                raise MemoryError()
        if self.workers == 1 and self.s.board_size == 5 and self.next_task == 0 and not self.stopped:
            # One worker on a river: both sweeps from one valuing of the rows, each into its
            # own task's buffer, so the sums are those of two workers to the bit.
            with nogil:
                sweep_river(&self.s, x, self.s.board, 0, TASK_HIGH | TASK_LOW, self.parts, self.parts + 3 * n)
            self.next_task = self.finished = 2
        return 0

    cdef int64_t do_task(self, int worker, int64_t task) except -1:
        cdef Py_ssize_t n = self.s.hands.n
        cdef double* part = self.parts + 2 * n * task
        with nogil:
            run_task(&self.s, &self.scratch[worker], <int>task, part, part + n)
        return 1

    def result(self):
        """``(share, high, low, weight, equity)``: array('d') each; ``equity`` is NaN exactly
        where no opponent of positive weight is left."""
        if not self.ready or self.finished != self.tasks:
            raise JobError("the showdown job has not finished")
        cdef Py_ssize_t n = self.s.hands.n, i
        cdef int t
        # Written whole below: cloned unzeroed, in one allocation each.
        share, high, low, weight, equity = (c_array.clone(DOUBLES, n, False) for _ in range(5))
        cdef double[::1] sv = share, hv = high, lv = low, wv = weight, ev = equity
        cdef double* part
        if n:
            with nogil:
                memcpy(&hv[0], self.parts, n * sizeof(double))
                memcpy(&lv[0], self.parts + n, n * sizeof(double))
                for t in range(1, self.tasks):
                    part = self.parts + 2 * n * t
                    for i in range(n):
                        hv[i] += part[i]
                        lv[i] += part[n + i]
                for i in range(n):
                    wv[i] = self.weight_sum[i]
                finish_values(&self.s, self.count, &sv[0], &hv[0], &lv[0], &wv[0])
                for i in range(n):
                    # NaN where no opponent of weight is left, or where what is left weighs less
                    # than the rounding of the sums can tell from nothing; else within 0..1.
                    if self.count[i] > 0 and wv[i] > 0.0:
                        ev[i] = sv[i] / wv[i]
                        ev[i] = 0.0 if ev[i] < 0.0 else (1.0 if ev[i] > 1.0 else ev[i])
                    else:
                        ev[i] = NAN
        return share, high, low, weight, equity


# ---------------------------------------------------------------- tallies

# The whole of an equity tally by the sweep: for each hand, its opponents split nine ways, by
# its high result (win, tie, loss) and its low result. A sweep in high order with three kinds
# of accumulators gives them: channel 0 (every opponent), channel 1 (those without a low), and
# per set a row of columns, one per low the board allows, cumulative (column c holds the
# opponents whose low is column c or worse), for the opponents with a low. Each hand is asked
# before its tie group goes in, after, and at the end; the nine counts follow by differences.
# With whole-number weights every count is a whole number, exact in a double; per hand and
# runout they become the tally's fields, added (times the hand's weight) into 128-bit group
# sums, exact in any order.

cdef extern from *:
    ctypedef long long int128 "__int128"   # 128 bits (GCC, Clang): sums of products of 64-bit counts

cdef enum:
    TALLY_FIELDS = 11     # TALLY_LISTS, then low_possible and runouts (deals)
    LOW_COLUMNS = 57      # lows possible on a board (56), plus one spare
    MAX_TALLY_WEIGHT = 1000   # times 2.6 million rows at most, still within 32 bits



cdef struct Asked:
    # One hand's counts at one moment: every opponent, no-low ones, low worse, low at most as good.
    double every
    double none
    double below
    double upto


cdef inline void ask_tally(const double* acc, const int32_t* acc2, int stride, const int32_t* sub, int nodd,
                           int nsub, double total0, double total1, const double* totals2, int col,
                           Asked* out) noexcept nogil:
    cdef double q0, q1
    cdef int64_t below = 0, upto = 0
    cdef int t
    cdef const int32_t* row
    query_both(acc, sub, nodd, nsub, total0, total1, &q0, &q1)
    out.every = q0
    out.none = q1
    if col >= 1:
        # Columns are 0-based: low column c (1..) is acc2 column c - 1.
        upto = <int64_t>totals2[col - 1]
        below = <int64_t>totals2[col - 2] if col >= 2 else 0
        for t in range(nodd):
            row = acc2 + (sub[t] >> 1) * stride
            upto -= row[col - 1]
            if col >= 2:
                below -= row[col - 2]
        for t in range(nodd, nsub):
            row = acc2 + (sub[t] >> 1) * stride
            upto += row[col - 1]
            if col >= 2:
                below += row[col - 2]
    out.below = q1 + <double>below
    out.upto = q1 + <double>upto


cdef inline int64_t whole(double value) noexcept nogil:
    # The counts are whole numbers held exactly; rounding only guards the conversion.
    return <int64_t>(value + 0.5) if value >= 0.0 else -<int64_t>(0.5 - value)


cdef void tally_fields(const Asked* before, const Asked* after, const Asked* end, int col, int64_t* f) noexcept nogil:
    """A hand's tally on one runout from its three askings (fields as TALLY_FIELDS)."""
    cdef int64_t c[3][3]    # [high: 0 loss, 1 tie, 2 win][low: the same]
    cdef int64_t b_below, b_upto, b_every, e_below, e_upto, e_every, f_below, f_upto, f_every
    cdef int h, l
    cdef int64_t units, high_units, count
    b_every = whole(before.every); e_every = whole(after.every); f_every = whole(end.every)
    if col >= 1:
        b_below = whole(before.below); b_upto = whole(before.upto)
        e_below = whole(after.below); e_upto = whole(after.upto)
        f_below = whole(end.below); f_upto = whole(end.upto)
    else:
        # No low: opponents without one tie it (column "upto"), the rest beat it.
        b_below = 0; e_below = 0; f_below = 0
        b_upto = whole(before.none); e_upto = whole(after.none); f_upto = whole(end.none)
    c[2][2] = b_below
    c[2][1] = b_upto - b_below
    c[2][0] = b_every - b_upto
    c[1][2] = e_below - b_below
    c[1][1] = (e_upto - e_below) - (b_upto - b_below)
    c[1][0] = (e_every - e_upto) - (b_every - b_upto)
    c[0][2] = f_below - e_below
    c[0][1] = (f_upto - f_below) - (e_upto - e_below)
    c[0][0] = (f_every - f_upto) - (e_every - e_upto)
    for h in range(TALLY_FIELDS):
        f[h] = 0
    for h in range(3):
        for l in range(3):
            count = c[h][l]
            if count == 0:
                continue
            if col == 0 and l == 1:
                # Neither hand has a low: the high takes the whole pot.
                high_units = HALF_UNITS * h
                units = high_units
            else:
                high_units = (HALF_UNITS // 2) * h
                units = high_units + (((HALF_UNITS // 2) * l) if col >= 1 else 0)
                f[9] += count                     # low_possible
            f[0] += count * high_units            # high_units
            f[1] += count * (units - high_units)  # low_units
            f[2] += count * units * units         # square_units
            if units == POT_UNITS:
                f[3] += count                     # scoop
            if h == 2:
                f[4] += count                     # high_win
            elif h == 1:
                f[5] += count                     # high_tie
            if col >= 1:
                if l == 2:
                    f[6] += count                 # low_win
                elif l == 1:
                    f[7] += count                 # low_tie
                f[8] += count                     # low_made
            f[10] += count                        # runouts


cdef inline void strength_add(const int64_t* fields, double* square, int64_t* histogram, int bins) noexcept nogil:
    # units / (POT_UNITS * weight) is the river equity; its bin exactly, in integers.
    cdef int64_t units = fields[0] + fields[1], weight = fields[10]
    cdef int64_t b
    square[0] += <double>units * <double>units / <double>weight
    if bins > 0:
        b = <int64_t>((<int128>units * bins) // (<int128>POT_UNITS * weight))
        histogram[b if b < bins else bins - 1] += weight


cdef void tally_river(const Sweep* s, Scratch* x, int32_t* acc2, int32_t* hand_col, int32_t* opp_col,
                      Asked* asked, const uint8_t* board5, uint64_t dead, const int64_t* hand_weights,
                      const int32_t* groups, int128* sums, int64_t multiplier,
                      double* square_out, int64_t* histogram_out, int bins) noexcept nogil:
    """One river board: every live hand's tally against the live opponents, times its weight
    and ``multiplier``, added into its group's sums. With ``square_out`` (hand strength), per
    hand also its river equity's square times the opponents' weight, as units^2 / weight, and
    with ``bins``, that weight into the bin of its river equity in ``histogram_out``."""
    cdef Board info
    cdef Py_ssize_t i, j, pos, a, b, hand_end, opp_end, n = s.hands.n, m = s.opps.n, live
    cdef int k = s.k, nsub = s.nsub, nodd = s.nodd, v, t, col, stride, g
    cdef int32_t local[64]
    cdef int present[256]
    cdef const int32_t* sub
    cdef const Item* item
    cdef double total0 = 0.0, total1 = 0.0, w
    cdef double totals2[LOW_COLUMNS]
    cdef int32_t* row
    cdef int32_t whole_weight
    cdef int64_t fields[TALLY_FIELDS]
    cdef int128 scale
    read_board(board5, 5, &info)
    memset(present, 0, sizeof(present))
    for i in range(n):
        if s.hands.mask[i] & dead:
            x.hand_key[i] = -1
            x.hand_low[i] = 0
            continue
        x.hand_key[i] = HIGH_KEYS - high_on(&info, s.hands.cards + i * k, k)
        x.hand_low[i] = 255 - low_on(&info, s.hands.cards + i * k, k)
        present[x.hand_low[i]] = 1
    for j in range(m):
        if (s.opps.mask[j] & dead) or s.weights[j] <= 0.0:
            x.opp_key[j] = -1
            x.opp_low[j] = 0
            continue
        if s.same:
            x.opp_key[j] = x.hand_key[j]
            x.opp_low[j] = x.hand_low[j]
        else:
            x.opp_key[j] = HIGH_KEYS - high_on(&info, s.opps.cards + j * k, k)
            x.opp_low[j] = 255 - low_on(&info, s.opps.cards + j * k, k)
        present[x.opp_low[j]] = 1
    # The lows this board allows, numbered 1.. from the worst: a column each.
    present[0] = 0
    stride = 0
    for v in range(256):
        if present[v]:
            stride += 1
            present[v] = stride
    for i in range(n):
        hand_col[i] = present[x.hand_low[i]] if x.hand_low[i] else 0
    for j in range(m):
        opp_col[j] = present[x.opp_low[j]] if x.opp_low[j] else 0
    for t in range(LOW_COLUMNS):
        totals2[t] = 0.0
    x.same_keys = s.same and s.all_positive
    bucket_sort(x.hand_key, n, HIGH_KEYS, x.hand_start, x.hand_order)
    live = x.hand_start[HIGH_KEYS]
    gather(s, &s.hands, x.hand_order, live, hand_col, True, x.hand_items)
    cdef Item* opp_items = x.opp_items
    if x.same_keys:
        memcpy(x.opp_start, x.hand_start, (HIGH_KEYS + 1) * sizeof(int32_t))
        opp_items = x.hand_items
    else:
        bucket_sort(x.opp_key, m, HIGH_KEYS, x.opp_start, x.opp_order)
        gather(s, &s.opps, x.opp_order, x.opp_start[HIGH_KEYS], opp_col, False, opp_items)
    cdef double* acc = x.acc
    for v in range(HIGH_KEYS):
        a = x.hand_start[v]
        hand_end = x.hand_start[v + 1]
        b = x.opp_start[v]
        opp_end = x.opp_start[v + 1]
        for pos in range(a, hand_end):
            item = &x.hand_items[pos]
            sub = item_subsets(s, &s.hands, item, local)
            ask_tally(acc, acc2, stride, sub, nodd, nsub, total0, total1, totals2, item.low, &asked[3 * pos])
        for pos in range(b, opp_end):
            item = &opp_items[pos]
            w = item.weight
            sub = item_subsets(s, &s.opps, item, local)
            col = item.low
            insert_both(acc, sub, nsub, w, w if col == 0 else 0.0)
            total0 += w
            if col == 0:
                total1 += w
            else:
                whole_weight = <int32_t>w
                for t in range(nsub):
                    row = acc2 + (sub[t] >> 1) * stride
                    for g in range(col - 1, stride):
                        row[g] += whole_weight
                for g in range(col - 1, stride):
                    totals2[g] += w
        for pos in range(a, hand_end):
            item = &x.hand_items[pos]
            sub = item_subsets(s, &s.hands, item, local)
            ask_tally(acc, acc2, stride, sub, nodd, nsub, total0, total1, totals2, item.low, &asked[3 * pos + 1])
            # Its identical opponents (its own high, its own low) went in just now.
            asked[3 * pos + 1].every += item.dup
            if item.low == 0:
                asked[3 * pos + 1].none += item.dup
            asked[3 * pos + 1].upto += item.dup
    cdef const int128* ahead
    for pos in range(live):
        if pos + PREFETCH_AHEAD < live:
            # The group sums a few hands on will add to: three cache lines, fetched early.
            ahead = sums + groups[x.hand_items[pos + PREFETCH_AHEAD].row] * TALLY_FIELDS
            prefetch(ahead)
            prefetch(ahead + 4)
            prefetch(ahead + 8)
        item = &x.hand_items[pos]
        sub = item_subsets(s, &s.hands, item, local)
        ask_tally(acc, acc2, stride, sub, nodd, nsub, total0, total1, totals2, item.low, &asked[3 * pos + 2])
        asked[3 * pos + 2].every += item.dup
        if item.low == 0:
            asked[3 * pos + 2].none += item.dup
        asked[3 * pos + 2].upto += item.dup
        tally_fields(&asked[3 * pos], &asked[3 * pos + 1], &asked[3 * pos + 2], item.low, fields)
        i = item.row
        if square_out != NULL and fields[10] > 0:
            strength_add(fields, square_out + i, histogram_out + i * bins, bins)
        scale = <int128>hand_weights[i] * multiplier
        g = groups[i]
        if scale == 1:
            for t in range(TALLY_FIELDS):
                sums[g * TALLY_FIELDS + t] += fields[t]
        else:
            for t in range(TALLY_FIELDS):
                sums[g * TALLY_FIELDS + t] += scale * fields[t]
    # Clear what this board wrote: row by row when few opponents went in.
    x.inserted = x.opp_start[HIGH_KEYS]
    if x.inserted * nsub * 4 < s.accumulators:
        for pos in range(x.inserted):
            item = &opp_items[pos]
            if item.low:
                sub = item_subsets(s, &s.opps, item, local)
                for t in range(nsub):
                    memset(acc2 + (sub[t] >> 1) * stride, 0, stride * sizeof(int32_t))
    else:
        memset(acc2, 0, s.accumulators * stride * sizeof(int32_t))
    clear(s, x)


cdef class TallySweeper:
    """Equity tallies of hands against a weighted range by the sweep, board by board, into
    group sums: ``TallySweeper(hands, opponents, hole_size, hand_weights, opponent_weights,
    groups, group_count)``; ``add_board(board, dead, multiplier)`` adds one river board (rows
    holding a card of ``board`` or ``dead`` sit out); ``add_runouts(board, dead, first, stop)``
    adds runouts first..stop of a 3- or 4-card board (the cards not in it or ``dead``, in
    lexicographic order) or the river board itself (0..1). ``sums()``: per group, the 11 fields
    (TALLY_LISTS, low_possible, runouts) as Python ints. Hand weights are whole numbers; so
    must the opponents' be for the counts to be exact."""

    cdef Sweep s
    cdef Scratch x
    cdef bint ready
    cdef int32_t* acc2
    cdef int32_t* hand_col
    cdef int32_t* opp_col
    cdef Asked* asked
    cdef int128* group_sums
    cdef int64_t* hand_weights
    cdef int32_t* groups
    cdef int32_t* dup_count
    cdef int group_count
    cdef object keep

    def __cinit__(self, *args, **kwargs):
        self.ready = False

    def __init__(self, hands, opponents, hole_size, hand_weights, opponent_weights, groups, group_count):
        hands, opponents = bytes(hands), bytes(opponents)
        hand_weights, opponent_weights, groups = bytes(hand_weights), bytes(opponent_weights), bytes(groups)
        cdef int k = hole_size, code
        cdef Py_ssize_t n = len(hands) // k if 4 <= k <= MAX_HOLE else 0, m = len(opponents) // k if k else 0, bad
        if not 4 <= k <= MAX_HOLE:
            raise JobError(f"hole_size must be 4..{MAX_HOLE}, not {k}")
        if (len(hands) % k or len(opponents) % k or len(opponent_weights) != 8 * m or len(hand_weights) != 8 * n
                or len(groups) != 4 * n):
            raise JobError("a tally sweep takes whole rows, a float64 weight per opponent, an int64 weight and "
                           "an int32 group per hand")
        cdef const int32_t* g = <const int32_t*><const char*>groups
        cdef const int64_t* hw = <const int64_t*><const char*>hand_weights
        cdef Py_ssize_t i
        for i in range(n):
            if not 0 <= g[i] < group_count or hw[i] < 0:
                raise JobError(f"hand {i}: group or weight out of range")
        cdef uint8_t no_board[5]
        memset(no_board, 0, 5)   # never read (the board size is 0), but defined
        cdef const uint8_t* h = hands
        cdef const uint8_t* o = opponents
        cdef const double* w = <const double*><const char*>opponent_weights
        # The board comes board by board: here the rows and weights are checked.
        bad = first_bad_showdown_row(h, n, k, 0)
        if bad >= 0:
            raise checks.showdown_error(SHOWDOWN_BAD_HAND, bad, b"", hands, opponents, k, opponent_weights)
        bad = first_bad_showdown_row(o, m, k, 0)
        if bad >= 0:
            raise checks.showdown_error(SHOWDOWN_BAD_OPPONENT, bad, b"", hands, opponents, k, opponent_weights)
        for i in range(m):
            # Whole numbers, so that every count is exact (the low columns count in 32 bits).
            if not (0.0 <= w[i] <= MAX_TALLY_WEIGHT and w[i] == <int64_t>w[i]):
                raise JobError(f"opponent {i}: a tally sweep weighs opponents by whole numbers 0..{MAX_TALLY_WEIGHT}")
        cdef bint same = hands == opponents
        if same:
            opponents = hands
            o = h
        self.keep = (hands, opponents, opponent_weights)
        self.group_count = group_count
        self.dup_count = <int32_t*>allocate(n, sizeof(int32_t))
        self.hand_weights = <int64_t*>allocate(n, sizeof(int64_t))
        self.groups = <int32_t*>allocate(n, sizeof(int32_t))
        self.group_sums = <int128*>allocate(group_count * TALLY_FIELDS, sizeof(int128))
        if self.dup_count == NULL or self.hand_weights == NULL or self.groups == NULL or self.group_sums == NULL:
            raise MemoryError()
        memcpy(self.hand_weights, hw, n * sizeof(int64_t))
        memcpy(self.groups, g, n * sizeof(int32_t))
        with nogil:
            code = setup_sweep(&self.s, no_board, 0, h, n, o, m, k, w, self.dup_count, same)
        if code != SHOWDOWN_OK:
            raise MemoryError()
        self.ready = True
        code = setup_scratch(&self.s, &self.x)
        self.acc2 = <int32_t*>allocate(self.s.accumulators * LOW_COLUMNS, sizeof(int32_t))
        self.hand_col = <int32_t*>allocate(n, sizeof(int32_t))
        self.opp_col = <int32_t*>allocate(m, sizeof(int32_t))
        self.asked = <Asked*>allocate(3 * n, sizeof(Asked))
        if code != SHOWDOWN_OK or self.acc2 == NULL or self.hand_col == NULL or self.opp_col == NULL \
                or self.asked == NULL:
            raise MemoryError()

    def __dealloc__(self):
        if self.ready:
            free_scratch(&self.x)
            free_sweep(&self.s)
        release(self.acc2); release(self.hand_col); release(self.opp_col); release(self.asked)
        release(self.group_sums); release(self.hand_weights); release(self.groups); release(self.dup_count)

    cdef void river(self, const uint8_t* board5, uint64_t dead, int64_t multiplier) noexcept nogil:
        tally_river(&self.s, &self.x, self.acc2, self.hand_col, self.opp_col, self.asked, board5, dead,
                    self.hand_weights, self.groups, self.group_sums, multiplier, NULL, NULL, 0)

    def add_board(self, board, dead=b"", multiplier=1):
        """One river board (five distinct cards), times ``multiplier``."""
        if not self.ready:
            raise JobError("this TallySweeper was not set up")
        cdef uint8_t b[5]
        cdef uint64_t mask = 0
        cdef int64_t times = multiplier
        cdef int t, c
        board, dead = bytes(board), bytes(dead)
        if len(board) != 5 or len(set(board)) != 5 or max(board) > 51 or (dead and max(dead) > 51):
            raise JobError("add_board takes five distinct cards")
        for t in range(5):
            b[t] = board[t]
            mask |= (<uint64_t>1) << b[t]
        for c in dead:
            mask |= (<uint64_t>1) << <int>c
        with nogil:
            self.river(b, mask, times)

    def add_runouts(self, board, dead, int64_t first, int64_t stop):
        """Runouts first..stop of ``board`` (3, 4 or 5 cards) over the cards not in it or ``dead``."""
        if not self.ready:
            raise JobError("this TallySweeper was not set up")
        board, dead = bytes(board), bytes(dead)
        cdef uint8_t b[5]
        cdef uint8_t deck[52]
        cdef int size = len(board), deck_size = 0, c, a, d, t
        cdef uint64_t used = 0, runout
        cdef int64_t r = 0
        if not 3 <= size <= 5 or len(set(board + dead)) != len(board + dead) or max(board + dead) > 51:
            raise JobError("add_runouts takes 3 to 5 board cards and dead cards, all distinct")
        for t in range(size):
            b[t] = board[t]
            used |= (<uint64_t>1) << b[t]
        cdef uint64_t dead_mask = 0
        for c in dead:
            dead_mask |= (<uint64_t>1) << <int>c
        for c in range(52):
            if not ((used | dead_mask) >> c) & 1:
                deck[deck_size] = c
                deck_size += 1
        with nogil:
            if size == 5:
                if first <= 0 < stop:
                    self.river(b, used | dead_mask, 1)
            elif size == 4:
                for a in range(max(first, 0), min(stop, deck_size)):
                    b[4] = deck[a]
                    self.river(b, used | dead_mask | ((<uint64_t>1) << deck[a]), 1)
            else:
                for a in range(deck_size):
                    for d in range(a + 1, deck_size):
                        if first <= r < stop:
                            b[3] = deck[a]
                            b[4] = deck[d]
                            runout = ((<uint64_t>1) << deck[a]) | ((<uint64_t>1) << deck[d])
                            self.river(b, used | dead_mask | runout, 1)
                        r += 1

    def sums(self):
        """Per group, the 11 fields as Python ints."""
        cdef int g, t
        cdef int128 value
        cdef uint64_t low_bits, high_bits
        out = []
        for g in range(self.group_count):
            row = []
            for t in range(TALLY_FIELDS):
                value = self.group_sums[g * TALLY_FIELDS + t]
                negative = value < 0
                if negative:
                    value = -value
                low_bits = <uint64_t>value
                high_bits = <uint64_t>(value >> 64)
                number = (int(high_bits) << 64) | int(low_bits)
                row.append(-number if negative else number)
            out.append(tuple(row))
        return out
