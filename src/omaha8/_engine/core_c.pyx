# Pure twin: omaha8/_engine/core_py.py
# The evaluator's own twin: omaha8/_engine/pure/evaluate.py (core_py gathers the pure parts).
# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled evaluator: Omaha Hi-Lo highs through perfect-hash rows, lows through rank masks.

High hands. A board's ranks, as a multiset, have a perfect hash (the combinatorial number
system: sorted ranks r0 <= r1 <= ... map to sum C(r_i + i, i + 1)); so do the two ranks of a
hole pair, the same formula with k = 2, giving 91 pair indices. ``HIGH_ROWS[board][pair]`` holds
the best non-flush value of that pair with any three of the board, so a hand costs one sort of
the board's ranks and one lookup per hole pair. Flushes take a second table, ``FLUSH_ROWS``,
indexed by the rank mask of the board's flush suit; it is consulted only when the board has three
or more cards of a suit and the hand two or more of that suit.

Lows. ``LOW[hole_mask << 8 | board_mask]`` is the best low of any two hole ranks with three other
board ranks, eight or lower. Pairs in the hand, counterfeits and "exactly two" all fall out of
building it from rank masks.

Every table is built here at import from the Cactus Kev ordering of five-card hands, in a few
milliseconds; nothing is stored in the repository.
"""

from libc.stdint cimport uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy

from .. import cards
from ..cards import Card, card_index, check_unique, quoted, read_counted, read_hand
from ..exceptions import CardError, JobError
from . import checks
from . import programs as program_format
from .checks import ENGINE_API, check_batch, check_job, check_range_job, row_error, TALLY_LISTS

# The engine API: the same names and signatures as core_py's.
__all__ = list(ENGINE_API)

cdef extern from *:
    int popcount "__builtin_popcount" (unsigned int) nogil
    int popcount_64 "__builtin_popcountll" (unsigned long long) nogil
    int count_trailing_zeros "__builtin_ctz" (unsigned int) nogil

cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object, int*) except? -1
    const char* PyUnicode_AsUTF8AndSize(object, Py_ssize_t*) except NULL
    bint PyUnicode_IS_ASCII(object)

cdef enum:
    # Fixed array sizes. The Python constants they must hold are checked against them at
    # import (below), so that raising a limit there cannot overflow an array here.
    MAX_HOLE = 6          # hole cards
    MAX_SEATS = 10        # hands in an equity job
    NO_VALUE = 0xFFFF
    NO_LOW_MASK = 0xFF
    N_PAIRS = 91          # multisets of two ranks
    ROWS3 = 455           # multisets of three ranks: C(15, 3)
    ROWS4 = 1820          # C(16, 4)
    ROWS5 = 6188          # C(17, 5), five of a rank included so the hash stays plain
    N_HIGH_ROWS = 8463    # ROWS3 + ROWS4 + ROWS5
    N_FLUSH_ROWS = 2288   # rank masks of 3, 4 or 5 cards of one suit
    NO_FLUSH_ROW = 2288
    N_FIVE_MASKS = 8192

cdef enum:
    # The range-program format (programs.py names it; checked against it at import, below).
    OP_PATTERN = 1
    OP_EITHER = 2
    OP_BOTH = 3
    OP_BUT_NOT = 4
    OP_WEIGHT = 5
    FILTER_DOUBLE_SUITED = 1
    FILTER_SINGLE_SUITED = 2
    FILTER_RAINBOW = 4
    FILTER_NO_PAIR = 8
    SUIT_ANY = 0
    SUIT_NAMED = 1
    SUIT_VARIABLE = 2
    PROGRAM_DEPTH = 60    # the stack of a program's weights: programs.MAX_PROGRAM_DEPTH

# BINOM[n][k] for the combinatorial number system (n < 18, k <= 5).
cdef uint16_t BINOM[18][6]
# First row of each board size in HIGH_ROWS.
cdef int ROW_BASE[6]
cdef uint16_t NONFLUSH5[ROWS5]           # five-card value by rank multiset, no flush
cdef uint16_t FLUSH5[N_FIVE_MASKS]       # five-card value by rank mask, all one suit
cdef uint16_t HIGH_ROWS[N_HIGH_ROWS * N_PAIRS]
# One more row than there are flush masks: NO_FLUSH_ROW, all NO_VALUE, serves every board
# without three of a suit, so that the flush lookups need no branch.
cdef uint16_t FLUSH_ROWS[(N_FLUSH_ROWS + 1) * N_PAIRS]
cdef uint16_t FLUSH_ROW_OF_MASK[N_FIVE_MASKS]  # NO_FLUSH_ROW for fewer than three ranks
cdef uint8_t LOW[65536]
cdef uint8_t PAIR_OF[169]                # pair index of ranks a, b at a * 13 + b
# Per-card lookups sized for any byte, so that a card index changed under our feet after
# validation (another thread writing the buffer) can give a wrong answer but never an
# out-of-bounds read.
cdef uint8_t LOW_BIT[256]                # a card's bit in a low mask, 0 above eight
cdef uint8_t RANK_OF[256]                # a card's rank 0..12
# Card text, byte by byte: rank and suit of a character, 0xFF where it is neither.
cdef uint8_t RANK_OF_CHAR[256]
cdef uint8_t SUIT_OF_CHAR[256]


# ---------------------------------------------------------------- table construction

cdef inline void order(int* r, int a, int b) noexcept nogil:
    # A compare-exchange the compiler turns into conditional moves: random boards would
    # mispredict the branches of an insertion sort.
    cdef int x = r[a], y = r[b]
    r[a] = x if x < y else y
    r[b] = y if x < y else x


cdef inline int multiset_index(int* r, int m) noexcept nogil:
    """Perfect hash of m = 3, 4 or 5 ranks (sorted here, in place, by a sorting network):
    sorted ranks r0 <= r1 <= ... map to the sum of C(r_i + i, i + 1)."""
    if m == 5:
        order(r, 0, 1); order(r, 3, 4); order(r, 2, 4); order(r, 2, 3); order(r, 0, 3)
        order(r, 0, 2); order(r, 1, 4); order(r, 1, 3); order(r, 1, 2)
        return BINOM[r[0]][1] + BINOM[r[1] + 1][2] + BINOM[r[2] + 2][3] + BINOM[r[3] + 3][4] + BINOM[r[4] + 4][5]
    if m == 4:
        order(r, 0, 1); order(r, 2, 3); order(r, 0, 2); order(r, 1, 3); order(r, 1, 2)
        return BINOM[r[0]][1] + BINOM[r[1] + 1][2] + BINOM[r[2] + 2][3] + BINOM[r[3] + 3][4]
    order(r, 1, 2); order(r, 0, 2); order(r, 0, 1)
    return BINOM[r[0]][1] + BINOM[r[1] + 1][2] + BINOM[r[2] + 2][3]


cdef void set_nonflush(int value, int a, int b, int c, int d, int e) noexcept nogil:
    cdef int r[5]
    r[0] = a; r[1] = b; r[2] = c; r[3] = d; r[4] = e
    NONFLUSH5[multiset_index(r, 5)] = value


cdef int straight_mask(int top) noexcept nogil:
    """Rank mask of the straight whose highest card is ``top`` (3 is the wheel, five high)."""
    if top == 3:
        return 0x100F
    return 0x1F << (top - 4)


cdef bint is_straight(int mask) noexcept nogil:
    cdef int top
    for top in range(3, 13):
        if mask == straight_mask(top):
            return True
    return False


cdef void number_five_card_hands() noexcept nogil:
    """Give every five-card hand its Cactus Kev value by walking the classes strongest first."""
    cdef int v = 1, top, a, b, c, d, mask
    cdef int ranks[5]
    for i in range(ROWS5):
        NONFLUSH5[i] = NO_VALUE
    for mask in range(N_FIVE_MASKS):
        FLUSH5[mask] = NO_VALUE
    for top in range(12, 2, -1):
        FLUSH5[straight_mask(top)] = v; v += 1
    for a in range(12, -1, -1):                     # four of a kind, then kicker
        for b in range(12, -1, -1):
            if b != a:
                set_nonflush(v, a, a, a, a, b); v += 1
    for a in range(12, -1, -1):                     # full house: trips, then pair
        for b in range(12, -1, -1):
            if b != a:
                set_nonflush(v, a, a, a, b, b); v += 1
    # With five different ranks, comparing high card first is comparing rank masks.
    for mask in range(N_FIVE_MASKS - 1, -1, -1):
        if popcount(mask) == 5 and not is_straight(mask):
            FLUSH5[mask] = v; v += 1
    for top in range(12, 2, -1):
        set_nonflush(v, top, top - 1, top - 2, top - 3, 12 if top == 3 else top - 4); v += 1
    for a in range(12, -1, -1):                     # three of a kind, then two kickers
        for b in range(12, -1, -1):
            for c in range(b - 1, -1, -1):
                if b != a and c != a:
                    set_nonflush(v, a, a, a, b, c); v += 1
    for a in range(12, -1, -1):                     # two pair, then kicker
        for b in range(a - 1, -1, -1):
            for c in range(12, -1, -1):
                if c != a and c != b:
                    set_nonflush(v, a, a, b, b, c); v += 1
    for a in range(12, -1, -1):                     # one pair, then three kickers
        for b in range(12, -1, -1):
            for c in range(b - 1, -1, -1):
                for d in range(c - 1, -1, -1):
                    if b != a and c != a and d != a:
                        set_nonflush(v, a, a, b, c, d); v += 1
    for mask in range(N_FIVE_MASKS - 1, -1, -1):   # high card
        if popcount(mask) == 5 and not is_straight(mask):
            b = 0
            for a in range(13):
                if mask >> a & 1:
                    ranks[b] = a
                    b += 1
            NONFLUSH5[multiset_index(ranks, 5)] = v; v += 1


cdef void build_high_rows() noexcept nogil:
    cdef int r[5]
    cdef int t0, t1, t2, t3, t4, p0, p1, i, n, row, best
    cdef int sub[10]
    cdef int counts[13]
    cdef uint16_t* out
    # Three-card boards: the hand is the board plus the pair, one five-card lookup.
    for t0 in range(13):
        for t1 in range(t0, 13):
            for t2 in range(t1, 13):
                r[0] = t0; r[1] = t1; r[2] = t2
                out = HIGH_ROWS + (ROW_BASE[3] + multiset_index(r, 3)) * N_PAIRS
                for p0 in range(13):
                    for p1 in range(p0, 13):
                        r[0] = t0; r[1] = t1; r[2] = t2; r[3] = p0; r[4] = p1
                        for i in range(13):
                            counts[i] = 0
                        best = NONFLUSH5[multiset_index(r, 5)]
                        for i in range(5):
                            counts[r[i]] += 1
                            if counts[r[i]] > 4:
                                best = NO_VALUE   # more than four of a rank cannot be dealt
                        out[PAIR_OF[p0 * 13 + p1]] = best
    # Four- and five-card boards: the best of the rows of their three-card sub-boards.
    for t0 in range(13):
        for t1 in range(t0, 13):
            for t2 in range(t1, 13):
                for t3 in range(t2, 13):
                    r[0] = t0; r[1] = t1; r[2] = t2; r[3] = t3
                    row = ROW_BASE[4] + multiset_index(r, 4)
                    sub_rows_of(t0, t1, t2, t3, -1, sub, &n)
                    min_rows(HIGH_ROWS + row * N_PAIRS, sub, n)
                    for t4 in range(t3, 13):
                        r[0] = t0; r[1] = t1; r[2] = t2; r[3] = t3; r[4] = t4
                        row = ROW_BASE[5] + multiset_index(r, 5)
                        sub_rows_of(t0, t1, t2, t3, t4, sub, &n)
                        min_rows(HIGH_ROWS + row * N_PAIRS, sub, n)


cdef void sub_rows_of(int t0, int t1, int t2, int t3, int t4, int* sub, int* n) noexcept nogil:
    """The HIGH_ROWS rows of every three-card part of a sorted board (t4 < 0: four cards)."""
    cdef int board[5]
    cdef int r[3]
    cdef int a, b, c, m = 4 if t4 < 0 else 5
    board[0] = t0; board[1] = t1; board[2] = t2; board[3] = t3; board[4] = t4
    n[0] = 0
    for a in range(m):
        for b in range(a + 1, m):
            for c in range(b + 1, m):
                r[0] = board[a]; r[1] = board[b]; r[2] = board[c]
                sub[n[0]] = ROW_BASE[3] + multiset_index(r, 3)
                n[0] += 1


cdef void min_rows(uint16_t* out, int* rows, int n) noexcept nogil:
    cdef int i, p
    cdef uint16_t v
    cdef const uint16_t* src
    for p in range(N_PAIRS):
        out[p] = NO_VALUE
    for i in range(n):
        src = HIGH_ROWS + rows[i] * N_PAIRS
        for p in range(N_PAIRS):
            v = src[p]
            if v < out[p]:
                out[p] = v


cdef void build_flush_rows() noexcept nogil:
    cdef int mask, row = 0, a, b, x, y, z, n, best, v, p
    cdef int bits[5]
    cdef uint16_t* out
    for p in range(N_PAIRS):
        FLUSH_ROWS[NO_FLUSH_ROW * N_PAIRS + p] = NO_VALUE
    for mask in range(N_FIVE_MASKS):
        FLUSH_ROW_OF_MASK[mask] = NO_FLUSH_ROW
        n = popcount(mask)
        if n < 3 or n > 5:
            continue
        FLUSH_ROW_OF_MASK[mask] = row
        out = FLUSH_ROWS + row * N_PAIRS
        row += 1
        n = 0
        for a in range(13):
            if mask >> a & 1:
                bits[n] = a
                n += 1
        for a in range(13):
            for b in range(a, 13):
                best = NO_VALUE
                # Two hole cards of the suit, different ranks, none of them on the board.
                if a != b and not (mask >> a & 1) and not (mask >> b & 1):
                    for x in range(n):
                        for y in range(x + 1, n):
                            for z in range(y + 1, n):
                                v = FLUSH5[(1 << a) | (1 << b) | (1 << bits[x]) | (1 << bits[y]) | (1 << bits[z])]
                                if v < best:
                                    best = v
                out[PAIR_OF[a * 13 + b]] = best


cdef void build_low() noexcept nogil:
    cdef int hole, board, a, b, rest, three, best, i
    for hole in range(256):
        for board in range(256):
            best = NO_LOW_MASK
            for a in range(8):
                for b in range(a + 1, 8):
                    if (hole >> a & 1) and (hole >> b & 1):
                        # Three board ranks the pair does not repeat; the lowest three are best.
                        rest = board & ~((1 << a) | (1 << b))
                        if popcount(rest) >= 3:
                            three = 0
                            for i in range(3):
                                three |= rest & -rest
                                rest &= rest - 1
                            if (three | (1 << a) | (1 << b)) < best:
                                best = three | (1 << a) | (1 << b)
            LOW[hole << 8 | board] = best


cdef void build_tables() noexcept nogil:
    cdef int n, k, a, b, card, rank
    for n in range(18):
        for k in range(6):
            if k == 0:
                BINOM[n][k] = 1
            elif n == 0:
                BINOM[n][k] = 0
            else:
                BINOM[n][k] = BINOM[n - 1][k - 1] + BINOM[n - 1][k]
    ROW_BASE[3] = 0
    ROW_BASE[4] = ROWS3
    ROW_BASE[5] = ROWS3 + ROWS4
    for a in range(13):
        for b in range(13):
            # The two-rank multiset hash: lower rank plus C(higher + 1, 2).
            PAIR_OF[a * 13 + b] = min(a, b) + BINOM[max(a, b) + 1][2]
    for card in range(256):
        rank = card >> 2 if card < 52 else 0
        RANK_OF[card] = rank
        LOW_BIT[card] = 0 if card >= 52 else (1 if rank == 12 else ((1 << (rank + 1)) if rank <= 6 else 0))
        RANK_OF_CHAR[card] = 0xFF
        SUIT_OF_CHAR[card] = 0xFF
    for rank in range(13):
        RANK_OF_CHAR[<uint8_t>b"23456789TJQKA"[rank]] = rank
        RANK_OF_CHAR[<uint8_t>b"23456789tjqka"[rank]] = rank
    for card in range(4):
        SUIT_OF_CHAR[<uint8_t>b"cdhs"[card]] = card
        SUIT_OF_CHAR[<uint8_t>b"CDHS"[card]] = card
    number_five_card_hands()
    build_high_rows()
    build_flush_rows()
    build_low()


def _check_limits():
    """Refuse to serve if the Python side allows more than the C arrays hold."""
    if max(cards.HOLE_SIZES) > MAX_HOLE or cards.MAX_HOLE_CARDS > MAX_HOLE:
        raise ImportError(f"omaha8._engine.core_c was built for at most {MAX_HOLE} hole cards; rebuild it")
    if cards.MAX_SEATS > MAX_SEATS:
        raise ImportError(f"omaha8._engine.core_c was built for at most {MAX_SEATS} seats; rebuild it")
    if checks.CHUNK_RUNOUTS != CHUNK:
        raise ImportError("omaha8's compiled core's chunk size differs from checks.CHUNK_RUNOUTS; rebuild it")
    if checks.SHOWDOWN_BLOCKS != SWEEP_BLOCKS:
        raise ImportError("omaha8's compiled core cuts showdown jobs into other blocks than checks.SHOWDOWN_BLOCKS; "
                          "rebuild it")
    ours = {"OP_PATTERN": OP_PATTERN, "OP_EITHER": OP_EITHER, "OP_BOTH": OP_BOTH, "OP_BUT_NOT": OP_BUT_NOT,
            "OP_WEIGHT": OP_WEIGHT, "FILTER_DOUBLE_SUITED": FILTER_DOUBLE_SUITED,
            "FILTER_SINGLE_SUITED": FILTER_SINGLE_SUITED, "FILTER_RAINBOW": FILTER_RAINBOW,
            "FILTER_NO_PAIR": FILTER_NO_PAIR, "SUIT_ANY": SUIT_ANY, "SUIT_NAMED": SUIT_NAMED,
            "SUIT_VARIABLE": SUIT_VARIABLE, "MAX_PROGRAM_DEPTH": PROGRAM_DEPTH}
    differ = [name for name, value in ours.items() if getattr(program_format, name) != value]
    if differ:
        raise ImportError(f"omaha8's compiled core reads range programs with other constants ({', '.join(differ)}) "
                          "than programs.py names; rebuild it")


cdef list CARD_OF = [Card(i) for i in range(52)]
CAPACITY = {"hole_cards": MAX_HOLE, "seats": MAX_SEATS, "chunk_runouts": CHUNK}
build_tables()

TABLE_BYTES = sizeof(HIGH_ROWS) + sizeof(FLUSH_ROWS) + sizeof(FLUSH_ROW_OF_MASK) + sizeof(LOW) \
    + sizeof(NONFLUSH5) + sizeof(FLUSH5) + sizeof(PAIR_OF) + sizeof(LOW_BIT) + sizeof(RANK_OF) \
    + sizeof(RANK_OF_CHAR) + sizeof(SUIT_OF_CHAR) + sizeof(BINOM)


# ---------------------------------------------------------------- evaluation

cdef struct Board:
    # What every hand on one board shares: computed once per board.
    const uint16_t* row          # the HIGH_ROWS row of the board's ranks
    const uint16_t* flush_row    # the FLUSH_ROWS row of its flush suit (NO_FLUSH_ROW if none)
    int flush_suit               # the suit with three or more board cards, or 4 if none
    int low_mask                 # the board's low ranks


cdef inline void read_board(const uint8_t* board, int m, Board* out) noexcept nogil:
    # Free of branches on the cards: random boards would mispredict them.
    cdef int r[5]
    cdef int i, card, suit, suit_counts = 0, low_mask = 0, flush_mask = 0
    for i in range(m):
        card = board[i]
        r[i] = RANK_OF[card]
        suit_counts += 1 << ((card & 3) * 4)   # a nibble per suit
        low_mask |= LOW_BIT[card]
    # A nibble of 3, 4 or 5, plus one, sets its bit 2; only one suit can. Suit 4 when none.
    suit = count_trailing_zeros(((suit_counts + 0x1111) & 0x4444) | 0x40000) >> 2
    for i in range(m):
        flush_mask |= ((board[i] & 3) == suit) << RANK_OF[board[i]]
    out.low_mask = low_mask
    out.row = HIGH_ROWS + (ROW_BASE[m] + multiset_index(r, m)) * N_PAIRS
    out.flush_row = FLUSH_ROWS + FLUSH_ROW_OF_MASK[flush_mask] * N_PAIRS
    out.flush_suit = suit


cdef inline uint16_t high_on(const Board* board, const uint8_t* hole, int k) noexcept nogil:
    """Best high: the board's row at each hole rank pair, and its flush row at each pair of the
    flush suit; conditional moves throughout, as random hands defeat branch prediction."""
    cdef int i, j, pair
    cdef uint16_t v, w, best = NO_VALUE
    cdef int ranks[MAX_HOLE]
    cdef bint suited[MAX_HOLE]
    for i in range(k):
        ranks[i] = RANK_OF[hole[i]]
        suited[i] = (hole[i] & 3) == board.flush_suit
    for i in range(k - 1):
        for j in range(i + 1, k):
            pair = PAIR_OF[ranks[i] * 13 + ranks[j]]
            v = board.row[pair]
            w = board.flush_row[pair] if suited[i] & suited[j] else NO_VALUE
            v = w if w < v else v
            best = v if v < best else best
    return best


cdef inline uint8_t low_on(const Board* board, const uint8_t* hole, int k) noexcept nogil:
    cdef int i, hole_mask = 0
    for i in range(k):
        hole_mask |= LOW_BIT[hole[i]]
    return LOW[hole_mask << 8 | board.low_mask]


cdef bint read_text(object text, uint8_t* out, int* n, int limit, uint64_t* seen) except -1:
    """Cards from plain ASCII text such as 'AhKd5c2s' or 'Ah Kd'; False for anything else
    (suit symbols, '10h', a bad card), which the full parser then reads or rejects."""
    cdef Py_ssize_t size, i = 0
    cdef const char* chars
    cdef uint8_t rank, suit
    if not PyUnicode_IS_ASCII(text):  # suit symbols, or a lone surrogate UTF-8 cannot encode
        return False
    chars = PyUnicode_AsUTF8AndSize(text, &size)
    cdef int count = 0, index
    while i < size:
        if chars[i] == 32:  # a space between cards
            i += 1
            continue
        if i + 1 >= size or count == limit:
            return False
        rank = RANK_OF_CHAR[<uint8_t>chars[i]]
        suit = SUIT_OF_CHAR[<uint8_t>chars[i + 1]]
        if rank == 0xFF or suit == 0xFF:
            return False
        index = rank * 4 + suit
        if (seen[0] >> index) & 1:
            return False
        seen[0] |= (<uint64_t>1) << index
        out[count] = <uint8_t>index
        count += 1
        i += 2
    n[0] = count
    return True


cdef bint read_fast(object cards, uint8_t* out, int* n, int limit, uint64_t* seen) except -1:
    """Card indices from a list or tuple of ints, or from plain text; False sends the caller to
    the full check, which gives the errors."""
    cdef Py_ssize_t size, i
    cdef object item
    cdef long index
    cdef int overflow
    if type(cards) is str:
        return read_text(cards, out, n, limit, seen)
    if type(cards) is tuple or type(cards) is list:
        size = len(cards)
        if size > limit:
            return False
        for i in range(size):
            item = cards[i]
            if not isinstance(item, int) or item is True or item is False:
                return False
            index = PyLong_AsLongAndOverflow(item, &overflow)
            if overflow or index < 0 or index > 51 or (seen[0] >> index) & 1:
                return False
            seen[0] |= (<uint64_t>1) << index
            out[i] = <uint8_t>index
        n[0] = <int>size
        return True
    return False


cdef int read_hand_onto(object hole, object board, uint8_t* h, Board* info) except -1:
    """Validate a hand: its hole cards into ``h``, its board read into ``info``. Returns the
    number of hole cards. Anything unusual takes the Python path, which gives the errors."""
    cdef uint64_t seen = 0
    cdef uint8_t b[5]
    cdef int k, m
    if not (read_fast(hole, h, &k, MAX_HOLE, &seen) and read_fast(board, b, &m, 5, &seen)
            and 4 <= k and 3 <= m):
        hole_list, board_list = read_hand(hole, board)
        k = len(hole_list)
        m = len(board_list)
        for i in range(k):
            h[i] = hole_list[i]
        for i in range(m):
            b[i] = board_list[i]
    read_board(b, m, info)
    return k


def evaluate_high(hole, board):
    """Best high hand of exactly two hole cards and three board cards, 1 (best) .. 7462."""
    cdef uint8_t h[MAX_HOLE]
    cdef Board info
    cdef int k = read_hand_onto(hole, board, h, &info)
    return high_on(&info, h, k)


def evaluate_low(hole, board):
    """Best eight-or-better low as a rank mask (smaller is better), or None."""
    cdef uint8_t h[MAX_HOLE]
    cdef Board info
    cdef int k = read_hand_onto(hole, board, h, &info)
    cdef uint8_t low = low_on(&info, h, k)
    return None if low == NO_LOW_MASK else low


def evaluate(hole, board):
    """``(evaluate_high(hole, board), evaluate_low(hole, board))`` in one call."""
    cdef uint8_t h[MAX_HOLE]
    cdef Board info
    cdef int k = read_hand_onto(hole, board, h, &info)
    cdef uint8_t low = low_on(&info, h, k)
    return high_on(&info, h, k), (None if low == NO_LOW_MASK else low)


cdef Py_ssize_t first_bad_row(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards,
                              bint shared) noexcept nogil:
    """The first row with a card outside 0..51 or a card twice (-2: the shared board), or -1."""
    cdef Py_ssize_t i, n = holes.shape[0]
    cdef int j, k = holes.shape[1], m = boards.shape[1]
    cdef uint64_t board_mask = 0, mask
    cdef uint8_t card
    if shared:
        for j in range(m):
            card = boards[0, j]
            if card > 51 or (board_mask >> card) & 1:
                return -2
            board_mask |= (<uint64_t>1) << card
    for i in range(n):
        mask = board_mask
        if not shared:
            for j in range(m):
                card = boards[i, j]
                if card > 51 or (mask >> card) & 1:
                    return i
                mask |= (<uint64_t>1) << card
        for j in range(k):
            card = holes[i, j]
            if card > 51 or (mask >> card) & 1:
                return i
            mask |= (<uint64_t>1) << card
    return -1


cdef inline void evaluate_rows(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards,
                               bint shared, int m, int k, uint16_t[::1] high,
                               uint8_t[::1] low) noexcept nogil:
    cdef Py_ssize_t i
    cdef Board info
    if shared:
        read_board(&boards[0, 0], m, &info)   # once for every row
    for i in range(holes.shape[0]):
        if not shared:
            read_board(&boards[i, 0], m, &info)
        high[i] = high_on(&info, &holes[i, 0], k)
        low[i] = low_on(&info, &holes[i, 0], k)


cdef bint shares_memory(const void* data, Py_ssize_t size, const void* out_a, Py_ssize_t size_a,
                        const void* out_b, Py_ssize_t size_b) noexcept:
    """Whether an input's bytes overlap either output's."""
    cdef size_t start = <size_t>data, end = start + size
    return ((<size_t>out_a < end and start < <size_t>out_a + size_a)
            or (<size_t>out_b < end and start < <size_t>out_b + size_b))


def evaluate_batch(holes, boards, out_high=None, out_low=None):
    """``high[i], low[i] = evaluate(holes[i], boards[i])`` for every row, without the GIL.

    ``holes``: a C-contiguous uint8 buffer shaped (n, k), k in 4, 5, 6. ``boards``: (n, m), one
    board per row, or (m,), one board for every row; m in 3, 4, 5. Returns ``(high, low)``: uint16
    and uint8 buffers of n (``out_high`` / ``out_low`` when given, else new ``array.array`` objects),
    ``low[i] == NO_LOW`` (255) where row i has no low. Everything is checked before any work.
    """
    batch = check_batch(holes, boards, out_high, out_low)
    cdef const uint8_t[:, ::1] hole_rows = batch.holes
    cdef const uint8_t[:, ::1] board_rows
    if batch.shared_board:
        board_rows = batch.boards.cast("B", (1, batch.board_size))
    else:
        board_rows = batch.boards
    cdef uint16_t[::1] high = batch.out_high
    cdef uint8_t[::1] low = batch.out_low
    cdef Py_ssize_t i, n = batch.rows, bad
    cdef int k = batch.hole_size, m = batch.board_size
    cdef bint shared = batch.shared_board
    if n and (shares_memory(&hole_rows[0, 0], hole_rows.nbytes, &high[0], n * 2, &low[0], n)
              or shares_memory(&board_rows[0, 0], board_rows.nbytes, &high[0], n * 2, &low[0], n)):
        # Rows written early would change rows read later: read from a copy instead.
        hole_rows = memoryview(bytes(hole_rows)).cast("B", (n, k))
        board_rows = memoryview(bytes(board_rows)).cast("B", (board_rows.shape[0], m))
    with nogil:
        bad = first_bad_row(hole_rows, board_rows, shared)
    if bad != -1:
        row = -1 if bad == -2 else bad
        raise row_error(row, list(hole_rows[row]) if row >= 0 else [],
                        list(board_rows[0 if shared else row]))
    with nogil:
        # A call per hand size, so that each one's pair loop is unrolled for its constant k.
        if k == 4:
            evaluate_rows(hole_rows, board_rows, shared, m, 4, high, low)
        elif k == 5:
            evaluate_rows(hole_rows, board_rows, shared, m, 5, high, low)
        else:
            evaluate_rows(hole_rows, board_rows, shared, m, 6, high, low)
    return batch.out_high, batch.out_low


def five_card_value(cards):
    """The high value 1..7462 of exactly five distinct card indices (checked)."""
    cdef uint8_t c[5]
    cdef uint64_t seen = 0
    cdef int n = 0
    if not read_fast(cards, c, &n, 5, &seen) or n != 5:
        indices = read_counted(cards, "cards", (5,))
        check_unique(indices)
        for n in range(5):
            c[n] = indices[n]
    cdef Board info
    read_board(c + 2, 3, &info)
    return high_on(&info, c, 2)


# ---------------------------------------------------------------- views for the tests

def all_five_card_values():
    """The value of every five-card hand, in ``itertools.combinations(range(52), 5)`` order,
    through the same rows the Omaha path reads (two cards as the pair, three as the board)."""
    from array import array
    out = array("H", bytes(2 * 2598960))
    cdef uint16_t[::1] view = out
    cdef uint8_t c[5]
    cdef Py_ssize_t i = 0
    cdef int a, b, x, y, z
    cdef Board info
    with nogil:
        for a in range(52):
            for b in range(a + 1, 52):
                for x in range(b + 1, 52):
                    for y in range(x + 1, 52):
                        for z in range(y + 1, 52):
                            c[0] = a; c[1] = b; c[2] = x; c[3] = y; c[4] = z
                            read_board(c + 2, 3, &info)
                            view[i] = high_on(&info, c, 2)
                            i += 1
    return out


def low_table():
    """The 65,536-entry low table as bytes: entry ``hole_mask << 8 | board_mask``."""
    return (<char*>LOW)[:65536]


def high_row(board_ranks):
    """One row of HIGH_ROWS: the best non-flush value of each hole rank pair with this board
    (ranks 0..12, three to five of them), indexed by pair as ``pair_index``."""
    cdef int r[5]
    cdef int m = len(board_ranks), i
    if m < 3 or m > 5:
        raise CardError("a board has three to five ranks")
    for i in range(m):
        r[i] = board_ranks[i]
        if r[i] < 0 or r[i] > 12:
            raise CardError(f"rank {r[i]} is outside 0..12")
    cdef int row = ROW_BASE[m] + multiset_index(r, m)
    return [HIGH_ROWS[row * N_PAIRS + i] for i in range(N_PAIRS)]


def pair_index(int a, int b):
    """Index of the hole rank pair (a, b) in a row of ``high_row``."""
    if not (0 <= a <= 12 and 0 <= b <= 12):
        raise CardError("ranks are 0..12")
    return PAIR_OF[a * 13 + b]


# ---------------------------------------------------------------- jobs

include "jobs_c.pxi"


# ---------------------------------------------------------------- equity

include "equity_c.pxi"


# ---------------------------------------------------------------- showdown values

include "showdown_c.pxi"


# ---------------------------------------------------------------- hand strength

include "strength_c.pxi"


# ---------------------------------------------------------------- suit isomorphism

include "suits_c.pxi"


# ---------------------------------------------------------------- the river solver

include "river_c.pxi"


# ---------------------------------------------------------------- the street solver

include "street_c.pxi"


# ---------------------------------------------------------------- every holding on a board

include "holdings_c.pxi"

_check_limits()
