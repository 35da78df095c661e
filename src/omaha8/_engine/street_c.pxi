# Pure twin: omaha8/_engine/pure/street.py
# The street solver's engine: discounted CFR over a heads-up tree from the flop, turn or river,
# chance nodes dealing every card, included into core_c.pyx after river_c.pxi, whose sweep
# (river_share, river_weight) and sorted sides (setup_river_side) it uses as they are.
#
# Hands. Each side's hands are the root's (on the root's board), numbered once; every per-hand
# array is over them. Below a chance node the hands holding the dealt card are dead: their
# reach is zeroed as the card is dealt, and a chance node's value for a hand sums only the cards
# it does not hold, divided by the cards each pair leaves (52 less the board and both hands: the
# same for every pair, so card removal is exact). Each river board has its own sides, sorted
# once per solve for the sweep, holding the hands alive there (their rows the root's numbers);
# folds use the root's sides, the dead hands' reach being 0.
#
# Storage. Regrets and strategy sums, float32, one block per decision of [action][hand], over
# every root hand. The strategy a node plays (regret matching, or the average) is worked out
# from them when the node is visited, in double, into the traversal's buffer for its depth: no
# strategy is stored per node.
#
# Threads. A phase (one player's update, best response or value) is cut at the frontier: the
# children of the chance nodes nearest the root (on a river, the root's children that are
# decisions). First a pass from the root (``street_collect``) leaves both players' reaches at
# each frontier node's parent; then each frontier subtree is a task, writing only its own nodes
# and its own value buffer; then the last task's worker walks the top of the tree once more,
# reading the frontier's values in the tree's order. Any thread count gives the same bits.
#
# Suit isomorphism. Where two suits are the same on the board so far and both ranges are
# unchanged by swapping them, a chance node deals only one of each pair of mirror cards: the
# other's values are the solved card's, read through the swap's hand permutation (a hand's
# value under the mirror card is its swapped hand's under the solved one), as postflop-solver
# does. The swaps and the cards each chance node solves are checks.dealt_cards'.

from libc.float cimport FLT_MAX
from libc.math cimport fabs, floor
from libc.stdint cimport int16_t

cdef enum:
    STREET_CHANCE = 5


cdef extern from *:
    """
    #include <stdlib.h>
    #include <string.h>
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    /* Zeroed memory, written here once: calloc's pages are the shared zero page until written,
       and the first write to each (a DCFR update, after its strategy has read it) then costs a
       copy fault and, with two threads, a TLB shootdown; large blocks go on huge pages where
       Linux allows them (madvise), fewer faults and TLB misses as the regrets stream by. */
    static void* omaha8_zeroed(size_t bytes) {
        void* p = NULL;
        if (bytes == 0)
            bytes = 1;
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (bytes >= ((size_t)4 << 20)) {
            if (posix_memalign(&p, (size_t)2 << 20, bytes) != 0)
                return NULL;
            madvise(p, bytes, MADV_HUGEPAGE);
            memset(p, 0, bytes);
            return p;
        }
    #endif
        p = malloc(bytes);
        if (p != NULL)
            memset(p, 0, bytes);
        return p;
    }
    """
    void* omaha8_zeroed(size_t bytes) nogil


cdef struct StreetWork:
    double* acc              # 2 * accumulators
    double* first            # 2 * n
    double* cfv              # depth * widest * n
    double* sigma            # depth * widest * n: the strategy a node plays
    double* own              # depth * n
    double* opp              # depth * n
    double* sw               # depth * n
    double* ww               # depth * n
    double* share            # depth * n
    double* weight           # depth * n


cdef struct StreetGame:
    RiverGame core           # the sweep's sizes (k, nsub, nodd, accumulators) and the root's sides
    RiverSide* river         # per river board b and side p: river[2 * b + p]
    int boards
    Py_ssize_t most          # the larger side's hand count
    int nodes, depth, widest
    int32_t* kind
    int32_t* first
    int32_t* count
    int32_t* card            # per node: the card dealt to reach it, or -1
    int32_t* board_of        # per showdown: its river board
    int32_t* depth_of
    double* amount
    double* left             # per chance node: the cards a pair leaves to deal
    int32_t* mirror          # per chance node's child: the swaps that deal its mirror images, as bits
    int nswaps
    int32_t* perm[2]         # per side: nswaps * n, each hand's index with a swap's suits swapped
    int64_t* offset
    int64_t size[2]
    float* regret[2]
    float* sums[2]
    bint compressed          # 16 bits: the regrets int16, the sums uint16, each scaled per node
    int16_t* regret16[2]
    uint16_t* sums16[2]
    float* regret_scale      # per node: a regret is its int16 times this
    float* sums_scale
    uint64_t* mask[2]        # per hand: its cards
    int mode
    int player
    double positive_discount, negative_discount, sum_discount
    int32_t* frontier_of     # per node: its frontier number, or -1
    int32_t* frontier_node   # per frontier number: the node
    int32_t* frontier_parent # per frontier number: its split, the node above it
    int32_t* split_of        # per node: its split number (a frontier node's parent), or -1
    int nfrontier, nsplit
    double* split_own        # nsplit * most: the reaches at each split, of the player and the other
    double* split_opp
    double* frontier_value   # nfrontier * most
    bint finishing           # the top's last walk: the frontier's values are ready
    double** locked          # per node: NULL, or its locked strategy [action][hand] (NaN: a hand left free)
    int64_t locked_bytes


cdef inline bint street_terminal(int kind) noexcept nogil:
    return kind >= RIVER_OOP_FOLDED and kind <= RIVER_SHOWDOWN


cdef void street_sigma(const StreetGame* g, int node, bint average, double* sigma) noexcept nogil:
    """The strategy ``node`` plays: regret matching on its regrets, or its sums normalized (the
    average); uniform for a hand with nothing positive."""
    cdef int q = g.kind[node], count = g.count[node], a
    cdef Py_ssize_t n = g.core.side[q].n, i, size = count * n
    cdef const float* source = (g.sums[q] if average else g.regret[q]) + g.offset[node]
    cdef double total, x, scale
    cdef const int16_t* regret16
    cdef const uint16_t* sums16
    if g.compressed:
        # The stored numbers decoded into sigma first, then normalized there.
        if average:
            sums16 = g.sums16[q] + g.offset[node]
            scale = g.sums_scale[node]
            for i in range(size):
                sigma[i] = sums16[i] * scale
        else:
            regret16 = g.regret16[q] + g.offset[node]
            scale = g.regret_scale[node]
            for i in range(size):
                sigma[i] = regret16[i] * scale
        source = NULL
    for i in range(n):
        total = 0.0
        for a in range(count):
            x = source[a * n + i] if source != NULL else sigma[a * n + i]
            if x > 0.0:
                total += x
        if total > 0.0:
            for a in range(count):
                x = source[a * n + i] if source != NULL else sigma[a * n + i]
                sigma[a * n + i] = x / total if x > 0.0 else 0.0
        else:
            for a in range(count):
                sigma[a * n + i] = 1.0 / count
    if g.locked != NULL and g.locked[node] != NULL:
        street_locked(g.locked[node], count, n, sigma)


cdef inline void street_locked(const double* lock, int count, Py_ssize_t n, double* sigma) noexcept nogil:
    """A locked node's hands play their lock, whatever their regrets and sums say."""
    cdef Py_ssize_t i
    cdef int a
    for i in range(n):
        if lock[i] == lock[i]:          # not NaN: locked
            for a in range(count):
                sigma[a * n + i] = lock[a * n + i]


cdef void street_share(const StreetGame* g, StreetWork* w, int p, int node, const double* r, double* share,
                       double* weight) noexcept nogil:
    """river_share on the river board of showdown ``node``: each hand's share and (unless NULL)
    opponent weight; the hands dead on that board get 0."""
    cdef const RiverSide* T = &g.river[2 * g.board_of[node] + p]
    cdef const RiverSide* O = &g.river[2 * g.board_of[node] + 1 - p]
    cdef Py_ssize_t n = g.core.side[p].n
    if T.n < n:
        memset(share, 0, n * sizeof(double))
        if weight != NULL:
            memset(weight, 0, n * sizeof(double))
    river_share(&g.core, T, O, r, w.acc, w.first, share, weight)


cdef double street_payoff(const StreetGame* g, int node, int p) noexcept nogil:
    cdef int kind = g.kind[node]
    cdef double pot = g.amount[3 * node], put_in = g.amount[3 * node + 1 + p]
    if (kind == RIVER_OOP_FOLDED and p == 1) or (kind == RIVER_IP_FOLDED and p == 0):
        return pot - put_in
    return -put_in


cdef void street_traverse(StreetGame* g, StreetWork* w, int p, int node, int depth, const double* opp_reach,
                          const double* own_reach, double* out) noexcept nogil:
    """Player p's counterfactual values at ``node`` for each of its hands, the other's hands
    reaching it with ``opp_reach``; ``own_reach`` p's own (for the strategy sums)."""
    cdef int kind = g.kind[node]
    if kind == STREET_CHANCE:
        street_chance(g, w, p, node, depth, opp_reach, own_reach, out)
    elif kind == RIVER_SHOWDOWN:
        street_showdown(g, w, p, node, depth, opp_reach, out)
    elif kind == p:
        street_own(g, w, p, node, depth, opp_reach, own_reach, out)
    else:
        street_other(g, w, p, node, depth, opp_reach, own_reach, out)


cdef void street_showdown(StreetGame* g, StreetWork* w, int p, int node, int depth, const double* opp_reach,
                          double* out) noexcept nogil:
    """A showdown reached from a chance node (an all-in called before the river): one sweep."""
    cdef Py_ssize_t n = g.core.side[p].n, i
    cdef double* share = w.share + depth * g.most
    cdef double* weight = w.weight + depth * g.most
    cdef double pot = g.amount[3 * node], put_in = g.amount[3 * node + 1 + p]
    street_share(g, w, p, node, opp_reach, share, weight)
    for i in range(n):
        out[i] = pot * share[i] - put_in * weight[i]


cdef void street_chance(StreetGame* g, StreetWork* w, int p, int node, int depth, const double* opp_reach,
                        const double* own_reach, double* out) noexcept nogil:
    cdef Py_ssize_t n = g.core.side[p].n, m = g.core.side[1 - p].n, i
    cdef int first = g.first[node], count = g.count[node], a, child
    cdef uint64_t bit
    cdef const uint64_t* mine = g.mask[p]
    cdef const uint64_t* theirs = g.mask[1 - p]
    cdef double* values = w.cfv + <Py_ssize_t>depth * g.widest * g.most
    cdef double* own = w.own + depth * g.most
    cdef double* opp = w.opp + depth * g.most
    cdef const double* got
    cdef double scale = 1.0 / g.left[node]
    cdef int j
    cdef int32_t mirrors, h
    cdef const int32_t* perm
    for i in range(n):
        out[i] = 0.0
    for a in range(count):
        child = first + a
        bit = (<uint64_t>1) << g.card[child]
        if g.finishing and g.frontier_of[child] >= 0:
            got = g.frontier_value + <Py_ssize_t>g.frontier_of[child] * g.most
        else:
            for i in range(m):
                opp[i] = 0.0 if theirs[i] & bit else opp_reach[i]
            for i in range(n):
                own[i] = 0.0 if mine[i] & bit else own_reach[i]
            street_traverse(g, w, p, child, depth + 1, opp, own, values)
            got = values
        for i in range(n):
            if not mine[i] & bit:
                out[i] += got[i]
        mirrors = g.mirror[child]
        for j in range(g.nswaps):
            if mirrors >> j & 1:
                perm = g.perm[p] + <Py_ssize_t>j * n
                for i in range(n):
                    h = perm[i]
                    if not mine[h] & bit:
                        out[i] += got[h]
    for i in range(n):
        out[i] *= scale


cdef void street_own(StreetGame* g, StreetWork* w, int p, int node, int depth, const double* opp_reach,
                     const double* own_reach, double* out) noexcept nogil:
    """A decision of the player valued."""
    cdef Py_ssize_t n = g.core.side[p].n, i
    cdef int first = g.first[node], count = g.count[node], a, child, ck
    cdef Py_ssize_t level = <Py_ssize_t>depth * g.widest * g.most
    cdef double* cfv = w.cfv + level
    cdef double* sigma = w.sigma + level
    cdef double* share = w.share + depth * g.most
    cdef double* weight = w.weight + depth * g.most
    cdef double* own = w.own + depth * g.most
    cdef double* values
    cdef double pot, put_in, value, best, x
    cdef int showdown = -1
    cdef double positive = g.positive_discount, negative = g.negative_discount, keep = g.sum_discount
    cdef bint have_share = False, have_weight = False
    cdef float* regret
    cdef float* sums
    cdef const double* lock
    if g.mode != RIVER_BEST:
        street_sigma(g, node, g.mode != RIVER_UPDATE, sigma)
    for a in range(count):
        if g.kind[first + a] == RIVER_SHOWDOWN:
            showdown = first + a
            break
    for a in range(count):
        child = first + a
        ck = g.kind[child]
        values = cfv + a * n
        if ck == RIVER_SHOWDOWN:
            if not have_share:
                street_share(g, w, p, child, opp_reach, share, weight)
                have_share = have_weight = True
            pot = g.amount[3 * child]
            put_in = g.amount[3 * child + 1 + p]
            for i in range(n):
                values[i] = pot * share[i] - put_in * weight[i]
        elif street_terminal(ck):
            if not have_weight and showdown >= 0:
                # A showdown beside the fold: its sweep gives the weights too (one pass saved).
                street_share(g, w, p, showdown, opp_reach, share, weight)
                have_share = have_weight = True
            elif not have_weight:
                # The root's sides: the dead hands' reach is 0.
                memset(weight, 0, n * sizeof(double))
                river_weight(&g.core, &g.core.side[p], &g.core.side[1 - p], opp_reach, w.acc, weight)
                have_weight = True
            value = street_payoff(g, child, p)
            for i in range(n):
                values[i] = value * weight[i]
        elif g.finishing and g.frontier_of[child] >= 0:
            memcpy(values, g.frontier_value + <Py_ssize_t>g.frontier_of[child] * g.most, n * sizeof(double))
        elif g.mode == RIVER_UPDATE:
            for i in range(n):
                own[i] = own_reach[i] * sigma[a * n + i]
            street_traverse(g, w, p, child, depth + 1, opp_reach, own, values)
        else:
            street_traverse(g, w, p, child, depth + 1, opp_reach, own_reach, values)
    if g.mode == RIVER_BEST:
        # A best response moves only the hands its locks leave free.
        lock = g.locked[node] if g.locked != NULL else NULL
        for i in range(n):
            if lock != NULL and lock[i] == lock[i]:
                best = 0.0
                for a in range(count):
                    best += lock[a * n + i] * cfv[a * n + i]
            else:
                best = cfv[i]
                for a in range(1, count):
                    if cfv[a * n + i] > best:
                        best = cfv[a * n + i]
            out[i] = best
        return
    for i in range(n):
        out[i] = 0.0
    for a in range(count):
        values = cfv + a * n
        for i in range(n):
            out[i] += sigma[a * n + i] * values[i]
    if g.mode != RIVER_UPDATE:
        return
    # DCFR, as the river's: positive regrets kept by t^1.5 / (t^1.5 + 1), negative ones halved,
    # the sums by (t / (t + 1))^2, t the iterations before this one.
    if g.compressed:
        street_update16(g, p, node, n, count, cfv, sigma, own_reach, out)
        return
    regret = g.regret[p] + g.offset[node]
    sums = g.sums[p] + g.offset[node]
    for a in range(count):
        values = cfv + a * n
        for i in range(n):
            x = regret[a * n + i]
            x = x * (positive if x > 0.0 else negative) + (values[i] - out[i])
            regret[a * n + i] = <float>x
            sums[a * n + i] = <float>(sums[a * n + i] * keep + own_reach[i] * sigma[a * n + i])


cdef void street_update16(StreetGame* g, int p, int node, Py_ssize_t n, int count, double* values, double* sigma,
                          const double* own_reach, const double* out) noexcept nogil:
    """The update in 16 bits: the new regrets and sums worked out in double (into ``values``
    and ``sigma``, which are not needed after), then each array stored again with the scale
    its largest magnitude sets, rounded to the nearest step (postflop-solver's 16-bit mode)."""
    cdef Py_ssize_t size = count * n, j, i
    cdef int16_t* regret16 = g.regret16[p] + g.offset[node]
    cdef uint16_t* sums16 = g.sums16[p] + g.offset[node]
    cdef double regret_scale = g.regret_scale[node], sums_scale = g.sums_scale[node]
    cdef double positive = g.positive_discount, negative = g.negative_discount, keep = g.sum_discount
    cdef double x, y, big_regret = 0.0, big_sum = 0.0, q
    cdef float step
    for j in range(size):
        i = j % n
        x = regret16[j] * regret_scale
        x = x * (positive if x > 0.0 else negative) + (values[j] - out[i])
        y = sums16[j] * sums_scale * keep + own_reach[i] * sigma[j]
        values[j] = x
        sigma[j] = y
        if fabs(x) > big_regret:
            big_regret = fabs(x)
        if y > big_sum:
            big_sum = y
    step = <float>(big_regret / 32767.0) if big_regret > 0.0 else <float>1.0
    if step == 0.0:
        step = <float>1.0        # magnitudes below float32's smallest: stored as 0
    g.regret_scale[node] = step
    for j in range(size):
        q = floor(values[j] / step + 0.5)
        regret16[j] = <int16_t>(32767.0 if q > 32767.0 else (-32767.0 if q < -32767.0 else q))
    step = <float>(big_sum / 65535.0) if big_sum > 0.0 else <float>1.0
    if step == 0.0:
        step = <float>1.0
    g.sums_scale[node] = step
    for j in range(size):
        q = floor(sigma[j] / step + 0.5)
        sums16[j] = <uint16_t>(65535.0 if q > 65535.0 else (0.0 if q < 0.0 else q))


cdef void street_other(StreetGame* g, StreetWork* w, int p, int node, int depth, const double* opp_reach,
                       const double* own_reach, double* out) noexcept nogil:
    """A decision of the other player: its reach splits over the children; the terminal ones
    are one sweep and one weight pass (the values are linear in the other's reach)."""
    cdef Py_ssize_t n = g.core.side[p].n, m = g.core.side[1 - p].n, i
    cdef int first = g.first[node], count = g.count[node], a, child, ck, showdown = -1
    cdef Py_ssize_t level = <Py_ssize_t>depth * g.widest * g.most
    cdef double* cfv = w.cfv + level
    cdef double* sigma = w.sigma + level
    cdef double* sw = w.sw + depth * g.most
    cdef double* ww = w.ww + depth * g.most
    cdef double* share = w.share + depth * g.most
    cdef double* nxt = w.opp + depth * g.most
    cdef double pot, put_in, value, x
    cdef bint any_share = False, any_weight = False
    street_sigma(g, node, g.mode != RIVER_UPDATE, sigma)
    for i in range(n):
        out[i] = 0.0
    for a in range(count):
        child = first + a
        ck = g.kind[child]
        if street_terminal(ck):
            if not any_weight:
                memset(ww, 0, m * sizeof(double))
                any_weight = True
            if ck == RIVER_SHOWDOWN:
                if not any_share:
                    memset(sw, 0, m * sizeof(double))
                    any_share = True
                    showdown = child
                pot = g.amount[3 * child]
                put_in = g.amount[3 * child + 1 + p]
                for i in range(m):
                    x = sigma[a * m + i] * opp_reach[i]
                    sw[i] += pot * x
                    ww[i] -= put_in * x
            else:
                value = street_payoff(g, child, p)
                for i in range(m):
                    ww[i] += value * sigma[a * m + i] * opp_reach[i]
        elif g.finishing and g.frontier_of[child] >= 0:
            cfv = g.frontier_value + <Py_ssize_t>g.frontier_of[child] * g.most
            for i in range(n):
                out[i] += cfv[i]
            cfv = w.cfv + level
        else:
            for i in range(m):
                nxt[i] = opp_reach[i] * sigma[a * m + i]
            street_traverse(g, w, p, child, depth + 1, nxt, own_reach, cfv)
            for i in range(n):
                out[i] += cfv[i]
    if any_share:
        street_share(g, w, p, showdown, sw, share, NULL)
        for i in range(n):
            out[i] += share[i]
    if any_weight:
        river_weight(&g.core, &g.core.side[p], &g.core.side[1 - p], ww, w.acc, out)


cdef void street_collect(StreetGame* g, StreetWork* w, int p, int node, int depth, const double* opp_reach,
                         const double* own_reach) noexcept nogil:
    """The pass from the root to the frontier: at each split (a frontier node's parent), both
    players' reaches kept for its tasks."""
    cdef Py_ssize_t n = g.core.side[p].n, m = g.core.side[1 - p].n, i
    cdef int first = g.first[node], count = g.count[node], a, child, q = g.kind[node]
    cdef Py_ssize_t level = <Py_ssize_t>depth * g.widest * g.most
    cdef double* sigma = w.sigma + level
    cdef double* own = w.own + depth * g.most
    cdef double* opp = w.opp + depth * g.most
    if g.split_of[node] >= 0:
        memcpy(g.split_own + <Py_ssize_t>g.split_of[node] * g.most, own_reach, n * sizeof(double))
        memcpy(g.split_opp + <Py_ssize_t>g.split_of[node] * g.most, opp_reach, m * sizeof(double))
        return
    if q > RIVER_IP_ACTS:
        return                      # a leaf above the frontier; chance nodes above it are splits
    street_sigma(g, node, g.mode != RIVER_UPDATE, sigma)
    for a in range(count):
        child = first + a
        if g.kind[child] > RIVER_IP_ACTS and g.kind[child] != STREET_CHANCE:
            continue
        if q == p:
            for i in range(n):
                own[i] = own_reach[i] * sigma[a * n + i]
            street_collect(g, w, p, child, depth + 1, opp_reach, own)
        else:
            for i in range(m):
                opp[i] = opp_reach[i] * sigma[a * m + i]
            street_collect(g, w, p, child, depth + 1, opp, own_reach)


cdef void street_task(StreetGame* g, StreetWork* w, int p, int f) noexcept nogil:
    """Frontier subtree ``f``: the reaches at its node from its split's, then its values."""
    cdef int node = g.frontier_node[f], parent, s, q, a
    cdef Py_ssize_t n = g.core.side[p].n, m = g.core.side[1 - p].n, i
    cdef int depth = g.depth_of[node]
    cdef double* own = w.own + (depth - 1) * g.most
    cdef double* opp = w.opp + (depth - 1) * g.most
    cdef double* sigma = w.sigma + <Py_ssize_t>(depth - 1) * g.widest * g.most
    cdef const double* split_own
    cdef const double* split_opp
    cdef uint64_t bit
    parent = g.frontier_parent[f]
    s = g.split_of[parent]
    split_own = g.split_own + <Py_ssize_t>s * g.most
    split_opp = g.split_opp + <Py_ssize_t>s * g.most
    q = g.kind[parent]
    if q == STREET_CHANCE:
        bit = (<uint64_t>1) << g.card[node]
        for i in range(n):
            own[i] = 0.0 if g.mask[p][i] & bit else split_own[i]
        for i in range(m):
            opp[i] = 0.0 if g.mask[1 - p][i] & bit else split_opp[i]
    else:
        street_sigma(g, parent, g.mode != RIVER_UPDATE, sigma)
        a = node - g.first[parent]
        for i in range(n):
            own[i] = split_own[i] * (sigma[a * n + i] if q == p and g.mode == RIVER_UPDATE else 1.0)
        for i in range(m):
            opp[i] = split_opp[i] * (sigma[a * m + i] if q != p else 1.0)
    street_traverse(g, w, p, node, depth, opp, own, g.frontier_value + <Py_ssize_t>f * g.most)


cdef void free_street_work(StreetWork* w) noexcept nogil:
    free(w.acc); free(w.first); free(w.cfv); free(w.sigma); free(w.own); free(w.opp); free(w.sw)
    free(w.ww); free(w.share); free(w.weight)
    memset(w, 0, sizeof(StreetWork))


cdef int setup_street_work(const StreetGame* g, StreetWork* w) noexcept nogil:
    cdef size_t n = g.most if g.most else 1, d = g.depth
    w.acc = <double*>malloc(2 * g.core.accumulators * sizeof(double))
    w.first = <double*>malloc(2 * n * sizeof(double))
    w.cfv = <double*>malloc(d * g.widest * n * sizeof(double))
    w.sigma = <double*>malloc(d * g.widest * n * sizeof(double))
    w.own = <double*>malloc(d * n * sizeof(double))
    w.opp = <double*>malloc(d * n * sizeof(double))
    w.sw = <double*>malloc(d * n * sizeof(double))
    w.ww = <double*>malloc(d * n * sizeof(double))
    w.share = <double*>malloc(d * n * sizeof(double))
    w.weight = <double*>malloc(d * n * sizeof(double))
    if (w.acc == NULL or w.first == NULL or w.cfv == NULL or w.sigma == NULL or w.own == NULL or w.opp == NULL
            or w.sw == NULL or w.ww == NULL or w.share == NULL or w.weight == NULL):
        free_street_work(w)
        return -1
    return 0


cdef int setup_root_side(RiverSide* s, const uint8_t* cards, Py_ssize_t n, int k, int nsub) noexcept nogil:
    """The root's side on a flop or turn: every hand in its own order, for the weight passes."""
    cdef Py_ssize_t i
    s.n = n
    s.high_row = <int32_t*>malloc((n if n else 1) * sizeof(int32_t))
    s.twin = <int32_t*>malloc((n if n else 1) * sizeof(int32_t))
    s.weight = <double*>malloc((n if n else 1) * sizeof(double))
    if s.high_row == NULL or s.twin == NULL or s.weight == NULL:
        return -1
    for i in range(n):
        s.high_row[i] = <int32_t>i
    return order_rows(&s.high, cards, s.high_row, n, k, nsub)


cdef int setup_board_side(RiverSide* s, const RiverSide* root, const uint8_t* board, const uint8_t* cards,
                          const uint64_t* mask, uint64_t dead, int k, int nsub) noexcept nogil:
    """A river board's side: the root's hands alive there (none holding a card in ``dead``),
    sorted for the sweep, their rows the root's numbers."""
    cdef Py_ssize_t n = root.n, kept = 0, i
    cdef int32_t* index = <int32_t*>malloc((n if n else 1) * sizeof(int32_t))
    cdef uint8_t* alive = <uint8_t*>malloc((n * k if n else 1))
    cdef int code
    if index == NULL or alive == NULL:
        free(index); free(alive)
        return -1
    for i in range(n):
        if not mask[i] & dead:
            index[kept] = <int32_t>i
            memcpy(alive + kept * k, cards + i * k, k)
            kept += 1
    code = setup_river_side(s, board, alive, kept, k, nsub)
    free(alive)
    if code == 0:
        for i in range(kept):
            s.high_row[i] = index[s.high_row[i]]
            s.low_row[i] = index[s.low_row[i]]
        # The twins and weights are the root's (by the root's numbers); not this side's to keep.
        free(s.twin); free(s.weight)
        s.twin = root.twin
        s.weight = root.weight
    free(index)
    return code


cdef bint _probabilities(const float* x, int64_t size) noexcept nogil:
    cdef int64_t i
    for i in range(size):
        if not (x[i] >= 0.0 and x[i] <= 1.0):
            return False
    return True


cdef class StreetJob(TaskedJob):
    """A heads-up spot's DCFR state from the flop, turn or river. ``StreetJob(board, oop_rows,
    ip_rows, hole_size, oop_weights, ip_weights, kinds, firsts, counts, amounts, cards,
    compressed=False, swaps=())`` (see checks.check_street_job); ``begin(mode, iteration, player)`` sets up a phase of one player
    (0: its half of DCFR iteration ``iteration``, 1: its best response to the other's average
    strategy, 2: its value with both on their averages), whose tasks ``run(worker)`` claims;
    then ``root(player)`` is each of its hands' value."""

    cdef StreetGame g
    cdef StreetWork workspace[2]
    cdef double* roots[2]
    cdef int32_t* order         # the frontier's tasks, the largest subtree first
    cdef bint ready
    cdef readonly long long iteration
    cdef readonly object opponent_weights
    cdef int64_t sides_bytes
    cdef bint released

    def __cinit__(self, *args, **kwargs):
        memset(&self.g, 0, sizeof(StreetGame))
        memset(self.workspace, 0, sizeof(self.workspace))
        self.roots[0] = self.roots[1] = NULL
        self.order = NULL
        self.ready = False

    def __init__(self, board, oop_rows, ip_rows, hole_size, oop_weights, ip_weights, kinds, firsts, counts,
                 amounts, cards, compressed=False, swaps=()):
        spec = checks.check_street_job(board, oop_rows, ip_rows, hole_size, oop_weights, ip_weights, kinds,
                                       firsts, counts, amounts, cards, swaps)
        cdef int k = spec.hole_size, p, node, code, b, c, bsize
        cdef StreetGame* g = &self.g
        cdef bytes rows
        cdef const uint8_t* row_cards
        cdef bytes board_bytes
        cdef const uint8_t* full
        cdef Py_ssize_t n, i
        cdef uint64_t dead, hand
        cdef bytes root_bytes = bytes(spec.board)
        cdef const uint8_t* root_board = root_bytes
        bsize = len(root_bytes)
        g.core.k = k
        g.core.nsub = (1 << k) - 2
        g.core.nodd = (1 << (k - 1)) - (1 if k % 2 == 1 else 0)
        g.core.accumulators = SUBSET_BASE[k]
        g.nodes = len(spec.kinds)
        g.depth = max(spec.depths) + 2
        g.widest = spec.widest
        g.kind = <int32_t*>malloc(g.nodes * sizeof(int32_t))
        g.first = <int32_t*>malloc(g.nodes * sizeof(int32_t))
        g.count = <int32_t*>malloc(g.nodes * sizeof(int32_t))
        g.card = <int32_t*>malloc(g.nodes * sizeof(int32_t))
        g.board_of = <int32_t*>malloc(g.nodes * sizeof(int32_t))
        g.depth_of = <int32_t*>malloc(g.nodes * sizeof(int32_t))
        g.frontier_of = <int32_t*>malloc(g.nodes * sizeof(int32_t))
        g.split_of = <int32_t*>malloc(g.nodes * sizeof(int32_t))
        g.amount = <double*>malloc(3 * g.nodes * sizeof(double))
        g.left = <double*>malloc(g.nodes * sizeof(double))
        g.offset = <int64_t*>malloc(g.nodes * sizeof(int64_t))
        g.mirror = <int32_t*>malloc(g.nodes * sizeof(int32_t))
        if (g.kind == NULL or g.first == NULL or g.count == NULL or g.card == NULL or g.board_of == NULL
                or g.depth_of == NULL or g.frontier_of == NULL or g.split_of == NULL or g.amount == NULL
                or g.left == NULL or g.offset == NULL or g.mirror == NULL):
            raise MemoryError()
        g.nswaps = len(spec.swaps)
        for p in range(2):
            n = len(spec.rows[p]) // k
            g.perm[p] = <int32_t*>malloc((g.nswaps * n if g.nswaps * n else 1) * sizeof(int32_t))
            if g.perm[p] == NULL:
                raise MemoryError()
            for b in range(g.nswaps):
                for i in range(n):
                    g.perm[p][b * n + i] = spec.perms[p][b][i]
        for p in range(2):
            rows = spec.rows[p]
            row_cards = rows
            n = len(rows) // k
            g.mask[p] = <uint64_t*>malloc((n if n else 1) * sizeof(uint64_t))
            if g.mask[p] == NULL:
                raise MemoryError()
            for i in range(n):
                hand = 0
                for c in range(k):
                    hand |= (<uint64_t>1) << row_cards[i * k + c]
                g.mask[p][i] = hand
            with nogil:
                if bsize == 5:
                    code = setup_river_side(&g.core.side[p], root_board, row_cards, n, k, g.core.nsub)
                else:
                    code = setup_root_side(&g.core.side[p], row_cards, n, k, g.core.nsub)
            if code:
                raise MemoryError()
            for i in range(n):
                g.core.side[p].weight[i] = spec.weights[p][i]
        g.most = max(g.core.side[0].n, g.core.side[1].n)
        for p in range(2):
            n = g.core.side[1 - p].n
            other = {bytes(sorted(spec.rows[1 - p][i * k:(i + 1) * k])): i for i in range(n)}
            n = g.core.side[p].n
            for i in range(n):
                g.core.side[p].twin[i] = other.get(bytes(sorted(spec.rows[p][i * k:(i + 1) * k])), -1)
        # The river boards' sides; on a river board, the root's own.
        g.boards = len(spec.boards)
        if len(spec.board) < 5 and g.boards:
            g.river = <RiverSide*>calloc(2 * g.boards, sizeof(RiverSide))
            if g.river == NULL:
                raise MemoryError()
            for b in range(g.boards):
                dead = spec.boards[b]
                board_bytes = bytes(spec.board) + bytes(c for c in range(52) if dead >> c & 1)
                full = board_bytes
                for p in range(2):
                    rows = spec.rows[p]
                    row_cards = rows
                    with nogil:
                        code = setup_board_side(&g.river[2 * b + p], &g.core.side[p], full, row_cards, g.mask[p],
                                                dead, k, g.core.nsub)
                    if code:
                        raise MemoryError()
        else:
            g.river = &g.core.side[0]    # one board: the root's sides, in side order
        self.sides_bytes = 0
        for b in range(g.boards if len(spec.board) < 5 else 0):
            for p in range(2):
                self.sides_bytes += g.river[2 * b + p].n * (2 * k + 8 * 2 + 2 * (g.core.nsub * 4 if k != 4 else 0)
                                                           + 4 * 4 + 1)
        # The tree.
        g.size[0] = g.size[1] = 0
        for node in range(g.nodes):
            g.kind[node] = spec.kinds[node]
            g.first[node] = spec.firsts[node]
            g.count[node] = spec.counts[node]
            g.card[node] = spec.cards[node]
            g.board_of[node] = spec.board_of[node]
            g.depth_of[node] = spec.depths[node]
            g.left[node] = spec.left[node]
            g.mirror[node] = spec.mirrors[node]
            for p in range(3):
                g.amount[3 * node + p] = spec.amounts[3 * node + p]
            p = g.kind[node]
            g.offset[node] = -1
            if p <= RIVER_IP_ACTS:
                g.offset[node] = g.size[p]
                g.size[p] += <int64_t>g.count[node] * g.core.side[p].n
        g.compressed = bool(compressed)
        if g.compressed:
            g.regret_scale = <float*>malloc(g.nodes * sizeof(float))
            g.sums_scale = <float*>malloc(g.nodes * sizeof(float))
            if g.regret_scale == NULL or g.sums_scale == NULL:
                raise MemoryError()
            for node in range(g.nodes):
                g.regret_scale[node] = 1.0
                g.sums_scale[node] = 1.0
        for p in range(2):
            if g.compressed:
                g.regret16[p] = <int16_t*>omaha8_zeroed(g.size[p] * sizeof(int16_t))
                g.sums16[p] = <uint16_t*>omaha8_zeroed(g.size[p] * sizeof(uint16_t))
                if g.regret16[p] == NULL or g.sums16[p] == NULL:
                    raise MemoryError()
            else:
                g.regret[p] = <float*>omaha8_zeroed(g.size[p] * sizeof(float))
                g.sums[p] = <float*>omaha8_zeroed(g.size[p] * sizeof(float))
                if g.regret[p] == NULL or g.sums[p] == NULL:
                    raise MemoryError()
            self.roots[p] = <double*>calloc(g.core.side[p].n if g.core.side[p].n else 1, sizeof(double))
            if self.roots[p] == NULL:
                raise MemoryError()
        # The frontier: the chance nodes nearest the root own it; with none, the root does.
        splits = self._splits(spec)
        frontier = [(child, s) for s in splits for child in range(g.first[s], g.first[s] + g.count[s])
                    if g.kind[child] not in (RIVER_OOP_FOLDED, RIVER_IP_FOLDED)]
        g.nsplit, g.nfrontier = len(splits), len(frontier)
        for node in range(g.nodes):
            g.frontier_of[node] = -1
            g.split_of[node] = -1
        for i, node in enumerate(splits):
            g.split_of[node] = i
        g.frontier_node = <int32_t*>malloc((g.nfrontier if g.nfrontier else 1) * sizeof(int32_t))
        g.frontier_parent = <int32_t*>malloc((g.nfrontier if g.nfrontier else 1) * sizeof(int32_t))
        self.order = <int32_t*>malloc((g.nfrontier if g.nfrontier else 1) * sizeof(int32_t))
        g.split_own = <double*>omaha8_zeroed(g.nsplit * g.most * sizeof(double))
        g.split_opp = <double*>omaha8_zeroed(g.nsplit * g.most * sizeof(double))
        g.frontier_value = <double*>omaha8_zeroed(g.nfrontier * g.most * sizeof(double))
        if (g.frontier_node == NULL or g.frontier_parent == NULL or self.order == NULL or g.split_own == NULL or g.split_opp == NULL
                or g.frontier_value == NULL):
            raise MemoryError()
        sizes = [0] * g.nodes
        for node in range(g.nodes - 1, -1, -1):
            sizes[node] = 1 + sum(sizes[g.first[node]:g.first[node] + g.count[node]])
        for i, (node, split) in enumerate(frontier):
            g.frontier_of[node] = i
            g.frontier_node[i] = node
            g.frontier_parent[i] = split
        for i, f in enumerate(sorted(range(len(frontier)), key=lambda f: -sizes[frontier[f][0]])):
            self.order[i] = f
        for p in range(2):
            if setup_street_work(g, &self.workspace[p]):
                raise MemoryError()
        self.ready = True
        self.cut(0, 2, 0)
        self.runnable = True
        self.iteration = 0
        weights = []
        for p in range(2):
            out = array("d", bytes(8 * g.core.side[p].n))
            self._weights_into(p, out)
            weights.append(out)
        self.opponent_weights = tuple(weights)

    def _splits(self, spec):
        """The chance nodes nearest the root (none has a chance node above it); with none, the
        root."""
        kinds, firsts, counts = spec.kinds, spec.firsts, spec.counts
        splits = []
        stack = [0]
        while stack:
            node = stack.pop()
            if kinds[node] == STREET_CHANCE:
                splits.append(node)
            elif kinds[node] <= RIVER_IP_ACTS:
                stack.extend(range(firsts[node], firsts[node] + counts[node]))
        return sorted(splits) if splits else [0]

    cdef _weights_into(self, int p, double[:] out):
        if self.g.core.side[p].n == 0:
            return
        with nogil:
            river_weight(&self.g.core, &self.g.core.side[p], &self.g.core.side[1 - p], self.g.core.side[1 - p].weight,
                         self.workspace[0].acc, &out[0])

    def __dealloc__(self):
        cdef int p, b, node
        cdef StreetGame* g = &self.g
        for p in range(2):
            free_street_work(&self.workspace[p])
            free(self.roots[p])
            free(g.regret[p]); free(g.sums[p]); free(g.mask[p]); free(g.regret16[p]); free(g.sums16[p])
        if g.river != NULL and g.river != &g.core.side[0]:
            for b in range(2 * g.boards):
                g.river[b].twin = NULL
                g.river[b].weight = NULL
                free_river_side(&g.river[b])
            free(g.river)
        for p in range(2):
            free_river_side(&g.core.side[p])
        free(self.order)
        free(g.kind); free(g.first); free(g.count); free(g.card); free(g.board_of); free(g.depth_of)
        free(g.frontier_of); free(g.frontier_node); free(g.frontier_parent); free(g.split_of); free(g.amount); free(g.left)
        free(g.offset); free(g.split_own); free(g.split_opp); free(g.frontier_value)
        free(g.regret_scale); free(g.sums_scale); free(g.mirror); free(g.perm[0]); free(g.perm[1])
        if g.locked != NULL:
            for node in range(g.nodes):
                free(g.locked[node])
            free(g.locked)

    @property
    def memory(self):
        """Bytes held: regrets and sums (float32: 8 per action and hand; compressed, 4 and two
        scales a node), the sides sorted per
        river board, the frontier's reaches and values, and the two workers' buffers."""
        cdef StreetGame* g = &self.g
        cdef int64_t total = (4 if g.compressed else 8) * (g.size[0] + g.size[1]) + self.sides_bytes
        total += (8 * g.nodes if g.compressed else 0)
        cdef int64_t n = g.most
        total += 8 * n * (2 * g.nsplit + g.nfrontier)
        total += 2 * (16 * g.core.accumulators + 8 * n * (2 + g.depth * (2 * g.widest + 6)))
        total += g.nodes * (9 * 4 + 3 * 8 + 8 + 8)
        total += 4 * g.nswaps * (g.core.side[0].n + g.core.side[1].n)
        return total + self.g.locked_bytes

    def lock_strategy(self, int node, strategy):
        """Fix the strategy decision ``node`` plays: float64 bytes of [action][hand] over its
        player's hands, a hand's all NaN to leave it free (checks.check_lock). Its locked hands
        play the lock in every phase (the average is the lock; a best response does not move
        them); their regrets are updated as ever and never read."""
        cdef StreetGame* g = &self.g
        if not 0 <= node < g.nodes or g.kind[node] > RIVER_IP_ACTS:
            raise JobError(f"node {node} is not a decision of this tree")
        cdef Py_ssize_t n = g.core.side[g.kind[node]].n, i
        flat = checks.check_lock(g.count[node], n, strategy)
        if g.locked == NULL:
            g.locked = <double**>calloc(g.nodes, sizeof(double*))
            if g.locked == NULL:
                raise MemoryError()
        if g.locked[node] == NULL:
            g.locked[node] = <double*>malloc((len(flat) if len(flat) else 1) * sizeof(double))
            if g.locked[node] == NULL:
                raise MemoryError()
            g.locked_bytes += 8 * len(flat)
        for i in range(len(flat)):
            g.locked[node][i] = flat[i]

    def begin(self, int mode, long long iteration=0, int player=0):
        """Set up a phase of player ``player``: mode 0 its half of DCFR iteration ``iteration``
        (OOP's first, then IP's against OOP's updated strategy), mode 1 its best response to
        the other's average strategy, mode 2 its value with both on their averages."""
        if not self.ready:
            raise JobError("this StreetJob was not set up")
        if mode not in (RIVER_UPDATE, RIVER_BEST, RIVER_VALUE):
            raise JobError(f"mode {mode!r} is not 0, 1 or 2")
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        cdef double t
        cdef StreetGame* g = &self.g
        cdef StreetWork* w = &self.workspace[0]
        cdef Py_ssize_t i
        cdef double* ones
        if mode == RIVER_UPDATE:
            if self.released:
                raise JobError("this StreetJob's regrets were released: its solve is over")
            if iteration != self.iteration + 1 - player:
                raise JobError(f"player {player}'s half of iteration {iteration} does not follow "
                               f"{'iteration' if player == 0 else 'OOP in iteration'} {self.iteration}")
            t = <double>(iteration - 1)
            g.positive_discount = c_pow(t, 1.5) / (c_pow(t, 1.5) + 1.0)
            g.negative_discount = 0.5
            g.sum_discount = (t / (t + 1.0)) ** 2
            self.iteration = iteration
        g.mode = mode
        g.player = player
        g.finishing = False
        ones = w.own + (g.depth - 1) * g.most
        for i in range(g.core.side[player].n):
            ones[i] = 1.0
        with nogil:
            street_collect(g, w, player, 0, 0, g.core.side[1 - player].weight, ones)
        self.cut(g.nfrontier, 2, g.nfrontier)
        if g.nfrontier == 0:
            self._finish()

    cdef _finish(self):
        """The top of the tree walked once more, the frontier's values in hand."""
        cdef StreetGame* g = &self.g
        cdef int p = g.player
        cdef StreetWork* w = &self.workspace[0]
        cdef double* ones = w.own + (g.depth - 1) * g.most
        cdef Py_ssize_t i
        for i in range(g.core.side[p].n):
            ones[i] = 1.0
        g.finishing = True
        with nogil:
            street_traverse(g, w, p, 0, 0, g.core.side[1 - p].weight, ones, self.roots[p])
        g.finishing = False

    cdef int64_t do_task(self, int worker, int64_t task) except -1:
        cdef StreetGame* g = &self.g
        cdef StreetWork* w = &self.workspace[worker]
        cdef int f = self.order[task], p = g.player
        with nogil:
            street_task(g, w, p, f)
        return 1

    cdef int last_done(self) except -1:
        self._finish()
        return 0

    def root(self, int player):
        """Player ``player``'s values at the root from its last phase, per hand: each summed
        over the other's hands by their weights (divide by ``opponent_weights`` for a deal's)."""
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        cdef Py_ssize_t n = self.g.core.side[player].n
        out = array("d", bytes(8 * n))
        cdef double[:] view = out
        if n:
            memcpy(&view[0], self.roots[player], n * sizeof(double))
        return out

    def average(self, int node):
        """The node's average strategy, the sums normalized in double precision (uniform for a
        hand whose sums are all 0), as array('d') of [action][hand]."""
        return self._strategy(node, True)

    def current(self, int node):
        """The strategy the node's regrets give (regret matching), as array('d') of
        [action][hand]: what the next update plays there."""
        return self._strategy(node, False)

    def values_at(self, int player, int node, opp_reach):
        """Player ``player``'s values at ``node`` with both on their average strategies, the
        other's hands reaching it with ``opp_reach`` (float64 bytes, one per hand): (each
        hand's value summed over the other's hands by their reach, the sum of that reach over
        the hands disjoint from it), two array('d')."""
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        if not 0 <= node < self.g.nodes:
            raise JobError(f"node {node} is not a node of this tree")
        cdef StreetGame* g = &self.g
        cdef Py_ssize_t n = g.core.side[player].n, m = g.core.side[1 - player].n
        reach = array("d", bytes(opp_reach))
        if len(reach) != m:
            raise JobError(f"opp_reach has {len(reach)} values, not one for each of the other's {m} hands")
        values = array("d", bytes(8 * n))
        weights = array("d", bytes(8 * n))
        ones = array("d", [1.0]) * n
        cdef double[:] v = values
        cdef double[:] wt = weights
        cdef double[:] r = reach
        cdef double[:] own = ones
        cdef int mode = g.mode
        cdef StreetWork* w = &self.workspace[0]
        if n == 0 or m == 0:
            return values, weights
        g.mode = RIVER_VALUE
        g.finishing = False
        try:
            with nogil:
                street_traverse(g, w, player, node, g.depth_of[node], &r[0], &own[0], &v[0])
                river_weight(&g.core, &g.core.side[player], &g.core.side[1 - player], &r[0], w.acc, &wt[0])
        finally:
            g.mode = mode
        return values, weights

    def release_regrets(self):
        """Free the regrets once the solve is over (the average strategies and the values need
        only the sums), so that the solution's copy of the strategies is not made beside them;
        an update after this is refused."""
        cdef int p
        for p in range(2):
            free(self.g.regret[p]); free(self.g.regret16[p])
            self.g.regret[p] = NULL
            self.g.regret16[p] = NULL
        self.released = True

    def state(self, int player):
        """Player ``player``'s DCFR state, to resume the solve from: (its regrets, its strategy
        sums) as the bytes the job keeps them in (float32; compressed, int16 and uint16), every
        decision in node order, [action][hand]."""
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        if self.released:
            raise JobError("this StreetJob's regrets were released: there is no state to resume from")
        cdef StreetGame* g = &self.g
        cdef Py_ssize_t size = g.size[player] * (2 if g.compressed else 4)
        if size == 0:
            return b"", b""
        if g.compressed:
            return (<char*>g.regret16[player])[:size], (<char*>g.sums16[player])[:size]
        return (<char*>g.regret[player])[:size], (<char*>g.sums[player])[:size]

    def scales(self):
        """A compressed job's float32 scale per node of its regrets and of its sums, as bytes
        (b"", b"" for float32 storage)."""
        cdef StreetGame* g = &self.g
        if not g.compressed:
            return b"", b""
        return (<char*>g.regret_scale)[:4 * g.nodes], (<char*>g.sums_scale)[:4 * g.nodes]

    def load_state(self, long long iteration, oop_regrets, oop_sums, ip_regrets, ip_sums, regret_scales=b"",
                   sums_scales=b""):
        """Set the DCFR state ``state`` and ``scales`` gave after ``iteration`` iterations, each
        checked (``check_state``), so that the next update is iteration ``iteration + 1``'s."""
        cdef StreetGame* g = &self.g
        if self.released:
            raise JobError("this StreetJob's regrets were released: its solve is over")
        if iteration < 0:
            raise JobError(f"iteration is 0 or more, not {iteration}")
        bits = 16 if g.compressed else 32
        read = [check_state(regrets, sums, regret_scales if p == 0 else b"", sums_scales if p == 0 else b"",
                            g.size[p], g.nodes if p == 0 else 0, bits)
                for p, (regrets, sums) in enumerate(((oop_regrets, oop_sums), (ip_regrets, ip_sums)))]
        cdef float[:] floats
        cdef int16_t[:] shorts
        cdef uint16_t[:] ushorts
        cdef int p
        for p in range(2):
            regrets, sums, _, _ = read[p]
            if not g.size[p]:
                continue
            if g.compressed:
                shorts = regrets
                ushorts = sums
                memcpy(g.regret16[p], &shorts[0], g.size[p] * sizeof(int16_t))
                memcpy(g.sums16[p], &ushorts[0], g.size[p] * sizeof(uint16_t))
            else:
                floats = regrets
                memcpy(g.regret[p], &floats[0], g.size[p] * sizeof(float))
                floats = sums
                memcpy(g.sums[p], &floats[0], g.size[p] * sizeof(float))
        if g.compressed and g.nodes:
            floats = read[0][2]
            memcpy(g.regret_scale, &floats[0], g.nodes * sizeof(float))
            floats = read[0][3]
            memcpy(g.sums_scale, &floats[0], g.nodes * sizeof(float))
        self.iteration = iteration

    def load_averages(self, oop_sums, ip_sums):
        """Set each player's strategy sums to the given arrays (``averages`` of a solve: float32
        for a job of float32 storage, 16 bits for a compressed one), so that the average
        strategies are theirs: for values below the root."""
        cdef StreetGame* g = &self.g
        cdef int p, node
        cdef float[:] view
        cdef uint16_t[:] view16
        if g.compressed:
            for p, given in enumerate((oop_sums, ip_sums)):
                sums = array("H", given)
                if len(sums) != g.size[p]:
                    raise JobError(f"player {p}'s sums are {len(sums):,} 16-bit numbers, not {g.size[p]:,}")
                if g.size[p]:
                    view16 = sums
                    memcpy(g.sums16[p], &view16[0], g.size[p] * sizeof(uint16_t))
            for node in range(g.nodes):
                g.sums_scale[node] = 1.0  # each hand's sums are normalized as they are read
            return
        for p, given in enumerate((oop_sums, ip_sums)):
            sums = array("f", given)
            if len(sums) != g.size[p]:
                raise JobError(f"player {p}'s sums are {len(sums):,} floats, not {g.size[p]:,}")
            if not g.size[p]:
                continue
            view = sums
            if not _probabilities(&view[0], g.size[p]):
                raise JobError(f"player {p}'s average strategies are probabilities, each between 0 and 1")
            memcpy(g.sums[p], &view[0], g.size[p] * sizeof(float))

    def averages(self, int player, int bits=32):
        """Every decision of ``player``'s average strategy, as ``average`` gives each, in one
        array: the decisions in node order, each [action][hand]; float32 (``bits`` 32) or each
        probability times 65535, rounded, as array('H') (``bits`` 16: half the bytes)."""
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        if bits not in (16, 32):
            raise JobError(f"averages are 16 or 32 bits, not {bits!r}")
        cdef StreetGame* g = &self.g
        cdef Py_ssize_t n = g.core.side[player].n, i, size
        cdef int node
        cdef bint wide = bits == 32
        out = array("f" if wide else "H", bytes((4 if wide else 2) * g.size[player]))
        cdef float[:] view
        cdef uint16_t[:] view16
        cdef float* floats = NULL
        cdef uint16_t* shorts = NULL
        if g.size[player]:
            if wide:
                view = out
                floats = &view[0]
            else:
                view16 = out
                shorts = &view16[0]
        cdef double* buffer = <double*>malloc((g.widest * n if g.widest * n else 1) * sizeof(double))
        if buffer == NULL:
            raise MemoryError()
        try:
            with nogil:
                for node in range(g.nodes):
                    if g.kind[node] == player:
                        street_sigma(g, node, True, buffer)
                        size = g.count[node] * n
                        for i in range(size):
                            if wide:
                                floats[g.offset[node] + i] = <float>buffer[i]
                            else:
                                shorts[g.offset[node] + i] = <uint16_t>floor(buffer[i] * 65535.0 + 0.5)
        finally:
            free(buffer)
        return out

    cdef _strategy(self, int node, bint average):
        if not 0 <= node < self.g.nodes or self.g.kind[node] > RIVER_IP_ACTS:
            raise JobError(f"node {node} is not a decision of this tree")
        cdef int p = self.g.kind[node]
        cdef Py_ssize_t n = self.g.core.side[p].n
        out = array("d", bytes(8 * self.g.count[node] * n))
        cdef double[:] view = out
        if n:
            street_sigma(&self.g, node, average, &view[0])
        return out


cdef long long _first_bad(const float* x, long long size, float least, bint above) noexcept nogil:
    """The first of ``size`` floats that is not finite and at least ``least`` (``above``: more
    than it), else -1."""
    cdef long long i
    for i in range(size):
        if not (x[i] >= least and x[i] <= FLT_MAX) or (above and x[i] == least):
            return i
    return -1


def check_state(regrets, sums, regret_scales, sums_scales, long long size, long long nodes, int bits=32):
    """Check a saved DCFR state of one player (``StreetJob.state``, and with ``nodes`` above 0
    the job's ``scales``): ``size`` regrets and ``size`` sums, float32 (``bits`` 32: regrets
    finite, sums finite and 0 or more, no scales) or int16 and uint16 (``bits`` 16, with ``nodes``
    float32 scales each for the regrets and the sums, each finite and above 0). Raises JobError
    naming the first that is not; returns (regrets, sums, regret scales, sums scales) as arrays
    (the scales None where there are none)."""
    if bits not in (16, 32):
        raise JobError(f"a state is of 16 or 32 bits, not {bits!r}")
    cdef int width = 4 if bits == 32 else 2
    given = [bytes(regrets), bytes(sums)]
    for name, block in zip(("regrets", "sums"), given):
        if len(block) != size * width:
            raise JobError(f"the {name} are {len(block):,} bytes, not {size * width:,}")
    scales = [bytes(regret_scales), bytes(sums_scales)]
    for name, block in zip(("regret scales", "sums scales"), scales):
        if len(block) != (4 * nodes if bits == 16 else 0):
            raise JobError(f"the {name} are {len(block):,} bytes, not {4 * nodes if bits == 16 else 0:,}")
    cdef float[:] view
    cdef long long bad
    cdef float lowest
    if bits == 16:
        out = [array("h", given[0]), array("H", given[1])]
        for name, block in zip(("regret scales", "sums scales"), scales):
            read = array("f", block)
            if nodes:
                view = read
                with nogil:
                    bad = _first_bad(&view[0], nodes, 0.0, True)
                if bad >= 0:
                    raise JobError(f"the {name}[{bad}] is {read[bad]!r}: a scale is finite and above 0")
            out.append(read)
        return tuple(out)
    out = []
    for name, block, least in (("regrets", given[0], -FLT_MAX), ("sums", given[1], 0.0)):
        read = array("f", block)
        if size:
            view = read
            lowest = least
            with nogil:
                bad = _first_bad(&view[0], size, lowest, False)
            if bad >= 0:
                rule = "finite" if name == "regrets" else "finite and 0 or more"
                raise JobError(f"the {name}[{bad}] is {read[bad]!r}: each is {rule}")
        out.append(read)
    return out[0], out[1], None, None


def check_averages(averages, counts, long long hands, int bits=32):
    """Check saved average strategies, float32 bytes of decisions one after the other, each
    ``counts[d]`` actions of [action][hand] over ``hands`` hands: every probability in [0, 1]
    and each hand's adding up to 1 within float32's rounding. Raises JobError naming the first
    that is not; returns the floats read, array('f'). ``bits`` 16: uint16 bytes (``averages``
    with 16 bits), each hand's adding up to 65535 within half a unit an action; array('H')."""
    if bits not in (16, 32):
        raise JobError(f"averages are 16 or 32 bits, not {bits!r}")
    if bits == 16:
        return _check_averages16(averages, counts, hands)
    flat = array("f", bytes(averages))
    sizes = array("q", [int(c) for c in counts])
    cdef long long total = 0, d
    for d in range(len(sizes)):
        if sizes[d] < 1:
            raise JobError(f"decision {d} has {sizes[d]} actions")
        total += sizes[d] * hands
    if total != len(flat):
        raise JobError(f"the strategies are {len(flat):,} floats, not {total:,}")
    cdef float[:] view = flat
    cdef long long[:] size = sizes
    cdef long long at = 0, i, a, bad = -1, where = 0, decisions = len(sizes)
    cdef double sum_, x
    with nogil:
        for d in range(decisions):
            for i in range(hands):
                sum_ = 0.0
                for a in range(size[d]):
                    x = view[at + a * hands + i]
                    if not (x >= 0.0 and x <= 1.0):
                        bad = d
                        where = i
                        break
                    sum_ += x
                if bad < 0 and not (sum_ > 1.0 - 1e-4 and sum_ < 1.0 + 1e-4):
                    bad = d
                    where = i
                if bad >= 0:
                    break
            if bad >= 0:
                break
            at += size[d] * hands
    if bad >= 0:
        raise JobError(f"decision {bad}: hand {where}'s probabilities are not a strategy")
    return flat


cdef _check_averages16(averages, counts, long long hands):
    flat = array("H", bytes(averages))
    sizes = array("q", [int(c) for c in counts])
    cdef long long total = 0, d
    for d in range(len(sizes)):
        if sizes[d] < 1:
            raise JobError(f"decision {d} has {sizes[d]} actions")
        total += sizes[d] * hands
    if total != len(flat):
        raise JobError(f"the strategies are {len(flat):,} 16-bit numbers, not {total:,}")
    if not total:
        return flat
    cdef uint16_t[:] view = flat
    cdef long long[:] size = sizes
    cdef long long at = 0, i, a, bad = -1, where = 0, decisions = len(sizes), sum_
    with nogil:
        for d in range(decisions):
            for i in range(hands):
                sum_ = 0
                for a in range(size[d]):
                    sum_ += view[at + a * hands + i]
                if 2 * (sum_ - 65535 if sum_ > 65535 else 65535 - sum_) > size[d]:
                    bad = d
                    where = i
                    break
            if bad >= 0:
                break
            at += size[d] * hands
    if bad >= 0:
        raise JobError(f"decision {bad}: hand {where}'s probabilities are not a strategy")
    return flat
