# Pure twin: omaha8/_engine/pure/holdings.py
# Every holding on a board at once, included into core_c.pyx: the board's nuts both ways and
# where a hand ranks (holding_counts), and one hand's share of the pot against every other hand
# on a river (share_against_all). From core_c it uses read_board, the Board struct, the tables
# LOW, LOW_BIT, RANK_OF and PAIR_OF, and the constants MAX_HOLE, NO_VALUE and NO_LOW_MASK.
#
# A holding's best high is the best of its pairs' highs, and a pair's high on a board is one
# lookup in the board's row (and its flush row): the table of every pair's high is 1,326
# lookups. The holdings are then walked depth first, each prefix keeping the best high of its
# pairs and the low bits of its cards, so a holding costs the lookups of its last card's pairs
# and one low lookup.

from libc.stdint cimport int64_t


cdef void pair_highs(const uint8_t* board, int m, uint16_t* highs, int* board_low) noexcept nogil:
    """``highs[a * 52 + b]``: the best high of hole cards a and b with three of the board."""
    cdef Board info
    cdef int a, b, pair
    cdef uint16_t v, w
    read_board(board, m, &info)
    board_low[0] = info.low_mask
    for a in range(52):
        for b in range(a + 1, 52):
            pair = PAIR_OF[RANK_OF[a] * 13 + RANK_OF[b]]
            v = info.row[pair]
            if (a & 3) == info.flush_suit and (b & 3) == info.flush_suit:
                w = info.flush_row[pair]
                v = w if w < v else v
            highs[a * 52 + b] = v
            highs[b * 52 + a] = v


cdef int64_t walk_holdings(const uint8_t* deck, int n, int k, const uint16_t* highs, int board_low,
                           int64_t* high_counts, int64_t* low_counts, int hero_high, int hero_low,
                           int64_t* count) noexcept nogil:
    """Each k-card holding of ``deck``: with ``high_counts`` its best high and low counted;
    without, its share against the hero's (hero_high, hero_low) in quarter pots, summed and
    returned, ``count`` holdings."""
    cdef int index[MAX_HOLE]
    cdef uint16_t best[MAX_HOLE + 1]
    cdef int bits[MAX_HOLE + 1]
    cdef int depth = 0, j, card, low, high
    cdef uint16_t v, w
    cdef int64_t quarters = 0, seen = 0
    if n < k:
        count[0] = 0
        return 0
    best[0] = NO_VALUE
    bits[0] = 0
    index[0] = 0
    while True:
        if index[depth] > n - k + depth:
            if depth == 0:
                break
            depth -= 1
            index[depth] += 1
            continue
        card = deck[index[depth]]
        v = best[depth]
        for j in range(depth):
            w = highs[deck[index[j]] * 52 + card]
            v = w if w < v else v
        best[depth + 1] = v
        bits[depth + 1] = bits[depth] | LOW_BIT[card]
        if depth < k - 1:
            index[depth + 1] = index[depth] + 1
            depth += 1
            continue
        low = LOW[bits[depth + 1] << 8 | board_low]
        seen += 1
        if high_counts != NULL:
            high_counts[v] += 1
            low_counts[low] += 1
        else:
            high = v
            if hero_low == NO_LOW_MASK and low == NO_LOW_MASK:
                quarters += 4 if hero_high < high else (2 if hero_high == high else 0)
            else:
                quarters += 2 if hero_high < high else (1 if hero_high == high else 0)
                quarters += 2 if hero_low < low else (1 if hero_low == low else 0)
        index[depth] += 1
    count[0] = seen
    return quarters


cdef int deck_apart(uint64_t out_mask, uint8_t* deck) noexcept nogil:
    cdef int card, n = 0
    for card in range(52):
        if not (out_mask >> card) & 1:
            deck[n] = card
            n += 1
    return n


def holding_counts(board, hole_size, dead):
    """Over every holding of ``hole_size`` cards apart from ``board`` (3, 4 or 5 card indices)
    and the ``dead`` cards (a 52-bit mask), how many make each best high and each best low:
    (high, low), ``high[v]`` the holdings whose best high is v (1..7462; [0] unused), ``low[m]``
    those whose best low is mask m (``low[255]``: no low), as array('q')."""
    board_bytes, k, out = checks.check_holdings(board, hole_size, dead)
    high = array("q", bytes(8 * 7463))
    low = array("q", bytes(8 * 256))
    cdef const uint8_t[::1] cards = board_bytes
    cdef int64_t[::1] high_view = high
    cdef int64_t[::1] low_view = low
    cdef uint16_t highs[52 * 52]
    cdef uint8_t deck[52]
    cdef int board_low, n, size = k, m = len(board_bytes)
    cdef uint64_t out_mask = out
    cdef int64_t count
    with nogil:
        pair_highs(&cards[0], m, highs, &board_low)
        n = deck_apart(out_mask, deck)
        walk_holdings(deck, n, size, highs, board_low, &high_view[0], &low_view[0], 0, 0, &count)
    return high, low


def share_against_all(board, hole, dead):
    """``hole``'s share of the pot on a river ``board`` against every holding of as many cards
    apart from the board, the hand and the ``dead`` cards (a 52-bit mask), heads-up: (quarters,
    holdings), the shares summed in quarter pots (a scoop 4, a high half 2, a quartered low 1)."""
    board_bytes, hole_bytes, out = checks.check_share_against_all(board, hole, dead)
    cdef const uint8_t[::1] cards = board_bytes
    cdef const uint8_t[::1] hand = hole_bytes
    cdef uint16_t highs[52 * 52]
    cdef uint8_t deck[52]
    cdef int board_low, n, i, j, k = len(hole_bytes), hero_low, bits = 0
    cdef uint16_t hero_high = NO_VALUE, v
    cdef uint64_t out_mask = out
    cdef int64_t count, quarters
    with nogil:
        pair_highs(&cards[0], 5, highs, &board_low)
        for i in range(k):
            bits |= LOW_BIT[hand[i]]
            for j in range(i + 1, k):
                v = highs[hand[i] * 52 + hand[j]]
                hero_high = v if v < hero_high else hero_high
        hero_low = LOW[bits << 8 | board_low]
        n = deck_apart(out_mask, deck)
        quarters = walk_holdings(deck, n, k, highs, board_low, NULL, NULL, hero_high, hero_low, &count)
    return quarters, count


cdef bint completes(const uint8_t* deck, int n, int k, const uint16_t* highs, int* chosen, int size, int start,
                    uint16_t value) noexcept nogil:
    """Whether ``chosen`` (``size`` cards) grows, by cards of ``deck`` from ``start`` on, to a
    k-card holding none of whose pairs beats ``value``."""
    cdef int i, j, card
    cdef bint fits
    if size >= k:
        return True
    if size >= MAX_HOLE:   # never: k is at most MAX_HOLE (checked at the boundary); says so to the compiler
        return False
    for i in range(start, n):
        card = deck[i]
        fits = True
        for j in range(size):
            if chosen[j] == card or highs[chosen[j] * 52 + card] < value:
                fits = False
                break
        if fits:
            chosen[size] = card
            if completes(deck, n, k, highs, chosen, size + 1, i + 1, value):
                return True
    return False


cdef int made_highs(const uint8_t* deck, int n, int k, const uint16_t* highs, uint16_t below, int most,
                    uint16_t* out) noexcept nogil:
    """The distinct best highs better than ``below`` that k-card holdings of ``deck`` make, best
    first, ``most`` of them at most (into ``out``, when given); returns how many. A value some
    pair of the deck makes counts once a holding around that pair is found that makes nothing
    better."""
    cdef int first[7463]
    cdef int following[52 * 52]
    cdef int chosen[MAX_HOLE]
    cdef int i, j, a, b, pair, found = 0
    cdef uint16_t v
    # The deck's pairs listed by value, so that values are tried best first.
    for v in range(7463):
        first[v] = -1
    for i in range(n):
        for j in range(i + 1, n):
            a, b = deck[i], deck[j]
            v = highs[a * 52 + b]
            if v < below:
                following[a * 52 + b] = first[v]
                first[v] = a * 52 + b
    for v in range(1, below if below < 7463 else 7463):
        pair = first[v]
        while pair >= 0:
            chosen[0], chosen[1] = pair // 52, pair % 52
            if completes(deck, n, k, highs, chosen, 2, 0, v):
                if out != NULL:
                    out[found] = v
                found += 1
                break
            pair = following[pair]
        if found == most:
            break
    return found


cdef int made_lows(const uint8_t* deck, int n, int k, int board_low, int below, int most, uint8_t* out) noexcept nogil:
    """The distinct lows better than ``below`` that k-card holdings of ``deck`` make, best first,
    ``most`` at most (into ``out``, when given); returns how many. A holding's low is its set of
    low ranks' (any other cards it holds are nines and up, of which the deck always has
    enough), so each set of at most k ranks the deck still holds gives one."""
    cdef uint8_t made[256]
    cdef int i, subset, ranks_there = 0, low, found = 0
    memset(made, 0, sizeof(made))
    for i in range(n):
        ranks_there |= LOW_BIT[deck[i]]
    for subset in range(1, 256):
        if subset & ~ranks_there or popcount(subset) > k:
            continue
        low = LOW[subset << 8 | board_low]
        if low < below:
            made[low] = 1
    for low in range(255):
        if made[low] and found < most:
            if out != NULL:
                out[found] = low
            found += 1
    return found


def holding_values(board, hole_size, dead, most):
    """The ``most`` best distinct highs and lows that holdings of ``hole_size`` cards apart from
    ``board`` (3, 4 or 5 card indices) and the ``dead`` cards (a 52-bit mask) make as their best,
    best first: (highs, lows), lists (lows empty when no low is possible)."""
    board_bytes, k, out, count = checks.check_holding_values(board, hole_size, dead, most)
    cdef const uint8_t[::1] cards = board_bytes
    cdef uint16_t highs[52 * 52]
    cdef uint16_t high_out[7463]
    cdef uint8_t low_out[256]
    cdef uint8_t deck[52]
    cdef int board_low, n, size = k, m = len(board_bytes), limit = count, high_found = 0, low_found = 0
    cdef uint64_t out_mask = out
    with nogil:
        pair_highs(&cards[0], m, highs, &board_low)
        n = deck_apart(out_mask, deck)
        if n >= size:
            high_found = made_highs(deck, n, size, highs, NO_VALUE, limit, high_out)
            low_found = made_lows(deck, n, size, board_low, NO_LOW_MASK, limit, low_out)
    return [high_out[i] for i in range(high_found)], [low_out[i] for i in range(low_found)]


def holding_ranks(board, hole):
    """Where ``hole`` ranks on ``board`` among the holdings of as many cards apart from both:
    (high rank, low rank or 0 when the hand has no low), each 1 plus the distinct values better
    than the hand's that some such holding makes as its best."""
    board_bytes, hole_bytes, out = checks.check_holding_ranks(board, hole)
    cdef const uint8_t[::1] cards = board_bytes
    cdef const uint8_t[::1] hand = hole_bytes
    cdef uint16_t highs[52 * 52]
    cdef uint8_t deck[52]
    cdef int board_low, n, i, j, k = len(hole_bytes), m = len(board_bytes), bits = 0, mine_low
    cdef int high_rank, low_rank = 0
    cdef uint16_t mine_high = NO_VALUE, v
    cdef uint64_t out_mask = out
    with nogil:
        pair_highs(&cards[0], m, highs, &board_low)
        for i in range(k):
            bits |= LOW_BIT[hand[i]]
            for j in range(i + 1, k):
                v = highs[hand[i] * 52 + hand[j]]
                mine_high = v if v < mine_high else mine_high
        mine_low = LOW[bits << 8 | board_low]
        n = deck_apart(out_mask, deck)
        high_rank = 1 + made_highs(deck, n, k, highs, mine_high, 7463, NULL)
        if mine_low != NO_LOW_MASK:
            low_rank = 1 + made_lows(deck, n, k, board_low, mine_low, 256, NULL)
    return high_rank, low_rank
