# Pure twin: omaha8/_engine/pure/suits.py
# Suit isomorphism, compiled: the hand indexer of pure/suits.py, from the same plan (suits.py, whose
# docstring tells the numbering), with the per-row work in C. Included into core_c.pyx.
#
# Per row: each suit's rank mask per round, from which its shape (4 bits a round) and its suit
# index (a colex rank a round, among the ranks earlier rounds left, read as mixed-radix digits)
# pack into one 64-bit key; a sorting network orders the four keys; the sorted shapes find the
# configuration in a small hash table; the runs of equal shapes rank as multisets.

from math import comb

from libc.math cimport cbrt, sqrt
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

from . import suits as suit_plan

cdef enum:
    IX_MAX_ROUNDS = 7
    IX_INDEX_BITS = 36

cdef uint64_t IX_INDEX_MASK = ((<uint64_t>1) << IX_INDEX_BITS) - 1
cdef double FACTORIAL[5]
FACTORIAL[:] = [1.0, 1.0, 2.0, 6.0, 24.0]
cdef uint32_t BIN13[14][14]       # C(n, k), n and k up to 13
cdef uint16_t COLEX13[8192]       # the colex rank of a rank mask among masks of its size
# The bits of x where m is set, packed down (BMI2's pext, which not every machine has), for the
# low 7 and the high 6 bits of a rank mask: the ranks a suit takes, among those still free.
cdef uint8_t PEXT7[128][128]
cdef uint8_t PEXT6[64][64]
# And back (BMI2's pdep): the compressed bits x deposited onto the set bits of m.
cdef uint8_t PDEP7[128][128]
cdef uint8_t PDEP6[64][64]
# A rank mask of k ranks by its colex rank d: UNCOLEX13[UNCOLEX_BASE[k] + d].
cdef uint16_t UNCOLEX13[8192]
cdef int UNCOLEX_BASE[14]
# A suit's rank mask spread onto card indices (rank * 4), for suit 0.
cdef uint64_t SPREAD13[8192]
cdef uint8_t POP13[8192]          # its size (a table: the build does not assume a popcount instruction)


cdef void build_suit_tables() noexcept nogil:
    cdef int n, k, mask, t, b, x, out
    for n in range(14):
        for k in range(14):
            BIN13[n][k] = 0
        BIN13[n][0] = 1
        for k in range(1, n + 1):
            BIN13[n][k] = BIN13[n - 1][k - 1] + (BIN13[n - 1][k] if k <= n - 1 else 0)
    for mask in range(8192):
        COLEX13[mask] = 0
        POP13[mask] = 0
        t = 1
        for b in range(13):
            if (mask >> b) & 1:
                COLEX13[mask] += BIN13[b][t]
                POP13[mask] += 1
                t += 1
    for x in range(128):
        for mask in range(128):
            out = 0
            t = 0
            for b in range(7):
                if (mask >> b) & 1:
                    if (x >> b) & 1:
                        out |= 1 << t
                    t += 1
            PEXT7[x][mask] = out
            if x < 64 and mask < 64:
                PEXT6[x][mask] = out
            # Deposit: the bits of x, lowest first, onto the set bits of mask.
            out = 0
            t = 0
            for b in range(7):
                if (mask >> b) & 1:
                    if (x >> t) & 1:
                        out |= 1 << b
                    t += 1
            PDEP7[x][mask] = out
            if x < 64 and mask < 64:
                PDEP6[x][mask] = out
    UNCOLEX_BASE[0] = 0
    for k in range(1, 14):
        UNCOLEX_BASE[k] = UNCOLEX_BASE[k - 1] + BIN13[13][k - 1]
    for mask in range(8192):
        UNCOLEX13[UNCOLEX_BASE[POP13[mask]] + COLEX13[mask]] = mask
        SPREAD13[mask] = 0
        for b in range(13):
            if (mask >> b) & 1:
                SPREAD13[mask] |= (<uint64_t>1) << (4 * b)


build_suit_tables()


cdef struct IxConfig:
    uint32_t shape[4]           # the sorted suits' shapes, packed
    uint8_t cards[4][IX_MAX_ROUNDS]   # the same, round by round
    int groups
    int first[4]
    int suits[4]                # suits in the group
    uint64_t count[4]           # suit indices of the group's shape
    uint64_t radix[4]           # multisets of them: C(count + suits - 1, suits)
    uint64_t offset


cdef struct IxRound:
    int configs
    IxConfig* config
    int32_t* table              # hash slots: a configuration, or -1
    uint64_t table_mask
    int table_shift


cdef inline uint64_t ix_hash(const uint32_t* shape, int shift) noexcept nogil:
    cdef uint64_t a = ((<uint64_t>shape[0]) << 32) | shape[1]
    cdef uint64_t b = ((<uint64_t>shape[2]) << 32) | shape[3]
    return ((a * 0x9E3779B97F4A7C15ULL) ^ (b * 0xC2B2AE3D27D4EB4FULL)) >> shift


cdef inline uint64_t choose_small(uint64_t n, int t) noexcept nogil:
    """C(n, t) for t = 1..4, exact whenever the answer fits in 64 bits."""
    if n < <uint64_t>t:
        return 0
    if t == 1:
        return n
    if n < 65536:
        # Small enough for 64 bits throughout (the usual case): no 128-bit division.
        if t == 2:
            return n * (n - 1) // 2
        if t == 3:
            return n * (n - 1) * (n - 2) // 6
        return n * (n - 1) * (n - 2) * (n - 3) // 24
    cdef int128 c = <int128>n * (n - 1) // 2
    if t >= 3:
        c = c * (n - 2) // 3
    if t == 4:
        c = c * (n - 3) // 4
    return <uint64_t>c


cdef inline void exchange(uint64_t* a, uint64_t* b) noexcept nogil:
    # Without a branch (conditional moves): which is larger is a coin toss for the predictor.
    cdef uint64_t x = a[0], y = b[0]
    a[0] = x if x > y else y
    b[0] = y if x > y else x


cdef inline void ix_sort4(uint64_t* k) noexcept nogil:
    # Largest first: a sorting network of five compare-exchanges.
    exchange(&k[0], &k[1])
    exchange(&k[2], &k[3])
    exchange(&k[0], &k[2])
    exchange(&k[1], &k[3])
    exchange(&k[1], &k[2])


cdef inline uint64_t ix_index(const IxRound* round_plan, const uint8_t* ends, int r,
                              const uint8_t* cards) noexcept nogil:
    """The index of a checked row holding the cards of rounds 0..r."""
    cdef uint32_t m[4][IX_MAX_ROUNDS]
    cdef uint64_t key[4]
    cdef uint32_t shapes[4]
    cdef uint32_t used, mj, rank, free_
    cdef uint64_t idx, shape, result, slot, a
    cdef int s, j, pos = 0, k, gi, g, i, f
    cdef int32_t found
    cdef const IxConfig* cfg
    for s in range(4):
        for j in range(r + 1):
            m[s][j] = 0
    for j in range(r + 1):
        while pos < ends[j]:
            m[cards[pos] & 3][j] |= (<uint32_t>1) << (cards[pos] >> 2)
            pos += 1
    for s in range(4):
        mj = m[s][0]
        k = POP13[mj]
        idx = COLEX13[mj]
        shape = <uint64_t>k
        used = mj
        for j in range(1, r + 1):
            mj = m[s][j]
            k = POP13[mj]
            free_ = ~used & 0x1FFF
            rank = COLEX13[PEXT7[mj & 127][free_ & 127] | (PEXT6[mj >> 7][free_ >> 7] << POP13[free_ & 127])]
            idx = idx * BIN13[POP13[free_]][k] + rank
            shape = (shape << 4) | <uint64_t>k
            used |= mj
        key[s] = (shape << IX_INDEX_BITS) | idx
    ix_sort4(key)
    for s in range(4):
        shapes[s] = <uint32_t>(key[s] >> IX_INDEX_BITS)
    slot = ix_hash(shapes, round_plan.table_shift)
    while True:
        found = round_plan.table[slot]
        if found < 0:
            return 0xFFFFFFFFFFFFFFFFULL     # not reachable from a checked row
        cfg = &round_plan.config[found]
        if (cfg.shape[0] == shapes[0] and cfg.shape[1] == shapes[1] and cfg.shape[2] == shapes[2]
                and cfg.shape[3] == shapes[3]):
            break
        slot = (slot + 1) & round_plan.table_mask
    result = 0
    for gi in range(cfg.groups):
        f = cfg.first[gi]
        g = cfg.suits[gi]
        if g == 1:
            a = key[f] & IX_INDEX_MASK
        else:
            a = 0
            for i in range(g):
                a += choose_small((key[f + i] & IX_INDEX_MASK) + <uint64_t>(g - 1 - i), g - i)
        result = result * cfg.radix[gi] + a
    return cfg.offset + result


cdef inline uint64_t largest_below(uint64_t rank, int t, uint64_t top) noexcept nogil:
    """The largest b <= top with C(b, t) <= rank (t = 1..4)."""
    if t == 1:
        return rank
    cdef uint64_t lo = <uint64_t>(t - 1), hi = top, mid, guess
    # A floating-point guess from C(b, t) ~ (b - (t - 1) / 2)^t / t!, then a few steps.
    cdef double scaled = <double>rank * FACTORIAL[t]
    guess = <uint64_t>((sqrt(scaled) if t == 2 else cbrt(scaled) if t == 3 else sqrt(sqrt(scaled))) + (t - 1) * 0.5)
    if guess > hi:
        guess = hi
    if guess >= lo:
        while guess > lo and choose_small(guess, t) > rank:
            guess -= 1
        while guess < hi and choose_small(guess + 1, t) <= rank:
            guess += 1
        return guess
    while lo < hi:
        mid = lo + (hi - lo + 1) // 2
        if choose_small(mid, t) <= rank:
            lo = mid
        else:
            hi = mid - 1
    return lo


cdef void ix_unindex(const IxRound* round_plan, const uint8_t* ends, int r, uint64_t index,
                     uint8_t* out) noexcept nogil:
    """The representative of a checked index: round by round, each round's cards highest first."""
    cdef int lo = 0, hi = round_plan.configs - 1, mid, gi, g, i, j, t, s, suit, k, free_, at
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if round_plan.config[mid].offset <= index:
            lo = mid
        else:
            hi = mid - 1
    cdef const IxConfig* cfg = &round_plan.config[lo]
    cdef uint64_t rest = index - cfg.offset, rank, b, value
    cdef uint64_t group_rank[4]
    cdef uint32_t digits[IX_MAX_ROUNDS]
    cdef uint64_t round_cards[IX_MAX_ROUNDS]
    cdef uint32_t used, compressed, free_mask, mask, small, base
    for gi in range(cfg.groups - 1, -1, -1):
        if rest < 0xFFFFFFFFULL and cfg.radix[gi] < 0xFFFFFFFFULL:
            group_rank[gi] = <uint32_t>rest % <uint32_t>cfg.radix[gi]   # 32-bit division: cheaper
            rest = <uint32_t>rest // <uint32_t>cfg.radix[gi]
        else:
            group_rank[gi] = rest % cfg.radix[gi]
            rest //= cfg.radix[gi]
    for j in range(r + 1):
        round_cards[j] = 0
    for gi in range(cfg.groups):
        g = cfg.suits[gi]
        rank = group_rank[gi]
        for i in range(g):
            t = g - i
            b = largest_below(rank, t, cfg.count[gi] + <uint64_t>g - 1)
            rank -= choose_small(b, t)
            value = b - <uint64_t>(g - 1 - i)
            s = cfg.first[gi] + i
            suit = 3 - s
            # The suit index's digits, the last round least significant (32-bit division
            # where the index allows it: most of a suit's indices are small).
            free_ = 13
            for j in range(r + 1):
                free_ -= cfg.cards[s][j]
            if value < 0xFFFFFFFFULL:
                small = <uint32_t>value
                for j in range(r, -1, -1):
                    free_ += cfg.cards[s][j]
                    base = BIN13[free_][cfg.cards[s][j]]
                    digits[j] = small % base
                    small //= base
            else:
                for j in range(r, -1, -1):
                    free_ += cfg.cards[s][j]
                    digits[j] = <uint32_t>(value % BIN13[free_][cfg.cards[s][j]])
                    value //= BIN13[free_][cfg.cards[s][j]]
            used = 0
            for j in range(r + 1):
                k = cfg.cards[s][j]
                if k == 0:
                    continue
                # The positions among the free ranks, then deposited onto those ranks.
                compressed = UNCOLEX13[UNCOLEX_BASE[k] + digits[j]]
                free_mask = ~used & 0x1FFF
                mask = (PDEP7[compressed & ((1u << POP13[free_mask & 127]) - 1)][free_mask & 127]
                        | (<uint32_t>PDEP6[compressed >> POP13[free_mask & 127]][free_mask >> 7] << 7))
                round_cards[j] |= SPREAD13[mask] << suit
                used |= mask
    # Each round's cards from the highest down, read off its 52-card mask.
    at = 0
    for j in range(r + 1):
        while round_cards[j]:
            t = 63 - count_leading_zeros_64(round_cards[j])
            out[at] = <uint8_t>t
            at += 1
            round_cards[j] &= ~((<uint64_t>1) << t)


cdef Py_ssize_t first_bad_index_row(const uint8_t* rows, Py_ssize_t n, int width) noexcept nogil:
    """The first row with a card outside 0..51 or a card twice, or -1."""
    cdef Py_ssize_t i
    cdef int t
    cdef uint64_t mask
    for i in range(n):
        mask = 0
        for t in range(width):
            if rows[i * width + t] > 51 or (mask >> rows[i * width + t]) & 1:
                return i
            mask |= (<uint64_t>1) << rows[i * width + t]
    return -1


cdef extern from *:
    int count_leading_zeros_64 "__builtin_clzll" (unsigned long long) nogil


cdef list CARD_OBJECTS = [Card(c) for c in range(52)]


cdef class HandIndexer:
    """Dense indices of suit-isomorphism classes, round by round (see omaha8.HandIndexer)."""

    cdef IxRound plan[IX_MAX_ROUNDS]
    cdef uint8_t ends[IX_MAX_ROUNDS]
    cdef int nrounds
    cdef tuple _rounds
    cdef tuple _sizes
    cdef list _ends

    def __cinit__(self, *args, **kwargs):
        memset(self.plan, 0, sizeof(self.plan))
        self.nrounds = 0

    def __init__(self, rounds):
        plan = suit_plan.indexer_plan(checks.check_rounds(rounds))
        cdef int r, c, s, j, gi, nslots, shift
        cdef IxRound* rp
        cdef IxConfig* cfg
        cdef uint64_t slot
        self._rounds = plan.rounds
        self._sizes = plan.sizes
        self._ends = []
        total = 0
        for r, cards in enumerate(plan.rounds):
            total += cards
            self.ends[r] = total
            self._ends.append(total)
        for r, configs in enumerate(plan.configurations):
            rp = &self.plan[r]
            rp.config = <IxConfig*>calloc(len(configs), sizeof(IxConfig))
            nslots = 16
            shift = 60
            while nslots < 4 * len(configs):
                nslots *= 2
                shift -= 1
            rp.table = <int32_t*>malloc(nslots * sizeof(int32_t))
            if rp.config == NULL or rp.table == NULL:
                raise MemoryError()
            self.nrounds = r + 1
            rp.configs = len(configs)
            rp.table_mask = nslots - 1
            rp.table_shift = shift
            for s in range(nslots):
                rp.table[s] = -1
            for c, config in enumerate(configs):
                cfg = &rp.config[c]
                for s, shape in enumerate(config.shapes):
                    packed = 0
                    for j, k in enumerate(shape):
                        packed = (packed << 4) | k
                        cfg.cards[s][j] = k
                    cfg.shape[s] = packed
                cfg.groups = len(config.groups)
                for gi, (first, suits, count) in enumerate(config.groups):
                    cfg.first[gi] = first
                    cfg.suits[gi] = suits
                    cfg.count[gi] = count
                    cfg.radix[gi] = comb(count + suits - 1, suits)
                cfg.offset = config.offset
                slot = ix_hash(cfg.shape, shift)
                while rp.table[slot] >= 0:
                    slot = (slot + 1) & rp.table_mask
                rp.table[slot] = c

    def __dealloc__(self):
        cdef int r
        for r in range(IX_MAX_ROUNDS):
            free(self.plan[r].config)
            free(self.plan[r].table)

    @property
    def rounds(self):
        return self._rounds

    def size(self, round):
        return self._sizes[checks.read_index(round, "round", self.nrounds)]

    def __repr__(self):
        return f"HandIndexer({self._rounds})"

    def __reduce__(self):
        return (type(self), (self._rounds,))

    def index(self, cards):
        cdef uint8_t row[52]
        cdef int t, r = -1, n
        cdef uint64_t mask = 0
        cdef long c
        # The usual call (a list, tuple or bytes of card indices or Cards, whole rounds) read
        # here; anything else, and any mistake, through the checks, which word the error.
        if type(cards) is list or type(cards) is tuple or type(cards) is bytes:
            n = len(cards)
            for t in range(self.nrounds):
                if self.ends[t] == n:
                    r = t
            if r >= 0:
                for t in range(n):
                    item = cards[t]
                    if not isinstance(item, int) or isinstance(item, bool):
                        r = -1
                        break
                    c = item
                    if c < 0 or c > 51 or (mask >> c) & 1:
                        r = -1
                        break
                    mask |= (<uint64_t>1) << c
                    row[t] = <uint8_t>c
        if r < 0:
            indices, r_ = checks.read_round_cards(cards, self._ends)
            r = r_
            for t, c in enumerate(indices):
                row[t] = c
        return ix_index(&self.plan[r], self.ends, r, row)

    def index_batch(self, buffer, out=None):
        view, r_ = checks.indexer_rows(buffer, self._ends)
        cdef int r = r_, width = self.ends[r_]
        cdef Py_ssize_t n = view.shape[0], i, bad
        result = checks.indexer_out(out, n)
        if n == 0:
            return result
        cdef const uint8_t[::1] flat = view.cast("B") if view.ndim != 1 else view
        cdef uint8_t[::1] target = memoryview(result).cast("B")
        cdef const uint8_t* rows = &flat[0]
        cdef uint64_t* o = <uint64_t*>&target[0]
        with nogil:
            bad = first_bad_index_row(rows, n, width)
        if bad >= 0:
            raise checks.indexer_row_error(bad, bytes(flat[bad * width:(bad + 1) * width]))
        with nogil:
            for i in range(n):
                o[i] = ix_index(&self.plan[r], self.ends, r, rows + i * width)
        return result

    def unindex(self, round, index):
        cdef int r
        cdef uint64_t i
        # The usual call (two plain ints in range) checked here; anything else by the checks,
        # which also word the error.
        if type(round) is int and 0 <= round < self.nrounds:
            r = round
        else:
            r = checks.read_index(round, "round", self.nrounds)
        if type(index) is int and 0 <= index < self._sizes[r]:
            i = index
        else:
            i = checks.read_index(index, "index", self._sizes[r], f"of round {r}")
        cdef uint8_t row[52]
        ix_unindex(&self.plan[r], self.ends, r, i, row)
        cdef int t, width = self.ends[r]
        out = PyTuple_New(width)
        for t in range(width):
            card = CARD_OBJECTS[row[t]]
            Py_INCREF(card)
            PyTuple_SET_ITEM(out, t, card)
        return out

    def unindex_batch(self, round, indices, out=None):
        cdef int r = checks.read_index(round, "round", self.nrounds)
        values = checks.indexer_indices(indices, self._sizes[r], r)
        cdef Py_ssize_t n = len(values), i
        cdef int width = self.ends[r]
        target, flat_view = checks.indexer_cards_out(out, n, width)
        if n == 0:
            return target
        cdef uint8_t[::1] flat = flat_view
        cdef uint64_t[::1] v = values
        cdef uint64_t size = self._sizes[r]
        cdef bint bad = False
        with nogil:
            for i in range(n):
                bad |= v[i] >= size
        if bad:
            raise checks.index_range_error(values, size, r)
        with nogil:
            for i in range(n):
                ix_unindex(&self.plan[r], self.ends, r, v[i], &flat[i * width])
        return target
