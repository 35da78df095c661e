# Pure twin: omaha8/_engine/pure/river.py
# The river solver's engine: discounted CFR over a heads-up river tree, every hand of a side
# at once, included into core_c.pyx for the sweep's accumulators (Rows, prepare_rows, subsets,
# query, insert) and the board lookups (read_board, high_on, low_on).
#
# Layout, for the sweep: each side's hands are sorted once, by high and by low strength (worst
# first), with their cards and subsets in that order. A terminal's value for one side's hands
# against the other's reach is then one merge of the two sorted lists (no sorting, no
# evaluation per call); see river_share. Regrets and strategy sums are float32, one block per
# decision node of [action][hand]; the strategy a phase plays is float64, so that each hand's
# probabilities add up to 1 and the two players' values to the pot.
#
# At a decision of the player being valued, the terminal children share one sweep (their values
# differ only by the pot and the chips put in). At a decision of the other player, the terminal
# children are one sweep too: the values are linear in the opponents' reach, so the reaches of
# the children, scaled by each one's pot, add into one weight vector.
#
# An iteration updates OOP, then IP against OOP's new strategy (alternating updates, as Brown and
# Sandholm ran DCFR: on small spots it converges ten times faster than updating both from one
# strategy). Each update's tasks are the subtrees under the root (their reaches follow from the
# root's strategy alone), the largest first, and the root last; the best-response and value
# phases' tasks are the two players' traversals. Tasks write only their own nodes and buffers,
# so one thread or two give the same result to the bit.

from libc.math cimport pow as c_pow

cdef enum:
    RIVER_OOP_ACTS = 0
    RIVER_IP_ACTS = 1
    RIVER_OOP_FOLDED = 2
    RIVER_IP_FOLDED = 3
    RIVER_SHOWDOWN = 4
    RIVER_UPDATE = 0      # a DCFR iteration: current strategies, regrets and sums updated
    RIVER_BEST = 1        # best responses to the average strategies
    RIVER_VALUE = 2       # both players on their average strategies


cdef struct RiverSide:
    Py_ssize_t n
    Rows high                # the hands in high order, the worst first
    Rows low                 # in low order: those without a low first
    int32_t* high_row        # the hand at each high position
    int32_t* high_key
    uint8_t* high_nolow      # the hand at this high position has no low
    int32_t* low_row
    int32_t* low_key         # 0: no low
    Py_ssize_t low_first     # the first low position with a low
    int32_t* twin            # per hand: the other side's hand of the same cards, or -1
    double* weight           # per hand: its chance weight


cdef struct RiverWork:
    # One traversal's working memory: per depth, its buffers.
    double* acc              # 2 * accumulators
    double* first            # 2 * n: a tie group's first queries
    double* cfv              # depth * widest * n
    double* own              # depth * n
    double* opp              # depth * m
    double* sw               # depth * m: the share weights of a decision's terminal children
    double* ww               # depth * m: their weight-pass weights
    double* share            # depth * n
    double* weight           # depth * n


cdef struct RiverGame:
    RiverSide side[2]
    int k, nsub, nodd, accumulators
    int nodes, depth, widest
    int32_t* kind
    int32_t* first
    int32_t* count
    double* amount           # per node: pot, OOP's river chips, IP's
    int64_t* offset          # per decision node: its first float in its player's blocks
    int64_t size[2]          # floats per player in each of regret, sums, current
    float* regret[2]
    float* sums[2]
    double* current[2]       # the strategies a phase plays: double, so each hand's sum is 1
    int mode
    double positive_discount, negative_discount, sum_discount
    const double* ready      # when set, the root's non-terminal children's values, [action][hand]


cdef void river_share(const RiverGame* g, const RiverSide* T, const RiverSide* O, const double* r,
                      double* acc, double* first, double* share, double* weight) noexcept nogil:
    """share[i] = sum over O's hands o disjoint from T's hand i of r[o] times i's fraction of the
    pot against o; weight[i] (unless NULL) = the sum of r[o] over them."""
    if g.k == 4:
        river_share_sized(g, T, O, r, acc, first, share, weight, <FourCards*>NULL)
    else:
        river_share_sized(g, T, O, r, acc, first, share, weight, <AnyCards*>NULL)


cdef void river_share_sized(const RiverGame* g, const RiverSide* T, const RiverSide* O, const double* r,
                            double* acc, double* first, double* share, double* weight,
                            HoleKind* kind) noexcept nogil:
    cdef int k, nodd, nsub
    if HoleKind is FourCards:
        k, nodd, nsub = 4, 8, 14
    else:
        k, nodd, nsub = g.k, g.nodd, g.nsub
    cdef double sign = 1.0 if k % 2 == 0 else -1.0
    cdef Py_ssize_t n = T.n, m = O.n, pos = 0, end, j = 0, q
    cdef int32_t v, row, twin
    cdef int32_t local[64]
    cdef const int32_t* sub
    cdef double total0 = 0.0, total1 = 0.0, w, q0, q1, dup
    # The high sweep, two channels: every opponent; those without a low (for a hand without a
    # low, a pot with no low at all goes whole to the high).
    memset(acc, 0, 2 * g.accumulators * sizeof(double))
    while pos < n:
        v = T.high_key[pos]
        end = pos + 1
        while end < n and T.high_key[end] == v:
            end += 1
        while j < m and O.high_key[j] < v:
            w = r[O.high_row[j]]
            if w != 0.0:
                sub = subsets(&O.high, j, k, nsub, local)
                if O.high_nolow[j]:
                    insert_both(acc, sub, nsub, w, w)
                    total1 += w
                else:
                    insert(acc, sub, nsub, w)
                total0 += w
            j += 1
        for q in range(pos, end):
            sub = subsets(&T.high, q, k, nsub, local)
            if T.high_nolow[q]:
                query_both(acc, sub, nodd, nsub, total0, total1, &first[2 * q], &first[2 * q + 1])
            else:
                first[2 * q] = query(acc, sub, nodd, nsub, total0)
        while j < m and O.high_key[j] == v:
            w = r[O.high_row[j]]
            if w != 0.0:
                sub = subsets(&O.high, j, k, nsub, local)
                if O.high_nolow[j]:
                    insert_both(acc, sub, nsub, w, w)
                    total1 += w
                else:
                    insert(acc, sub, nsub, w)
                total0 += w
            j += 1
        for q in range(pos, end):
            row = T.high_row[q]
            twin = T.twin[row]
            dup = sign * r[twin] if twin >= 0 else 0.0
            sub = subsets(&T.high, q, k, nsub, local)
            if T.high_nolow[q]:
                query_both(acc, sub, nodd, nsub, total0, total1, &q0, &q1)
                share[row] = 0.25 * (first[2 * q] + q0 + dup) + 0.25 * (first[2 * q + 1] + q1 + dup)
            else:
                q0 = query(acc, sub, nodd, nsub, total0) + dup
                share[row] = 0.25 * (first[2 * q] + q0)
        pos = end
    if weight != NULL:
        while j < m:
            w = r[O.high_row[j]]
            if w != 0.0:
                insert(acc, subsets(&O.high, j, k, nsub, local), nsub, w)
                total0 += w
            j += 1
        for q in range(n):
            row = T.high_row[q]
            twin = T.twin[row]
            dup = sign * r[twin] if twin >= 0 else 0.0
            weight[row] = query(acc, subsets(&T.high, q, k, nsub, local), nodd, nsub, total0) + dup
    # The low sweep: the hands with a low, against every opponent in low order (none the worst).
    if T.low_first >= n:
        return
    memset(acc, 0, 2 * g.accumulators * sizeof(double))
    total0 = 0.0
    j = 0
    pos = T.low_first
    while pos < n:
        v = T.low_key[pos]
        end = pos + 1
        while end < n and T.low_key[end] == v:
            end += 1
        while j < m and O.low_key[j] < v:
            w = r[O.low_row[j]]
            if w != 0.0:
                insert(acc, subsets(&O.low, j, k, nsub, local), nsub, w)
                total0 += w
            j += 1
        for q in range(pos, end):
            first[2 * q] = query(acc, subsets(&T.low, q, k, nsub, local), nodd, nsub, total0)
        while j < m and O.low_key[j] == v:
            w = r[O.low_row[j]]
            if w != 0.0:
                insert(acc, subsets(&O.low, j, k, nsub, local), nsub, w)
                total0 += w
            j += 1
        for q in range(pos, end):
            row = T.low_row[q]
            twin = T.twin[row]
            dup = sign * r[twin] if twin >= 0 else 0.0
            q0 = query(acc, subsets(&T.low, q, k, nsub, local), nodd, nsub, total0) + dup
            share[row] += 0.25 * (first[2 * q] + q0)
        pos = end


cdef void river_weight(const RiverGame* g, const RiverSide* T, const RiverSide* O, const double* r,
                       double* acc, double* out) noexcept nogil:
    """Adds to out[i] the sum of r[o] over O's hands o disjoint from T's hand i."""
    if g.k == 4:
        river_weight_sized(g, T, O, r, acc, out, <FourCards*>NULL)
    else:
        river_weight_sized(g, T, O, r, acc, out, <AnyCards*>NULL)


cdef void river_weight_sized(const RiverGame* g, const RiverSide* T, const RiverSide* O, const double* r,
                             double* acc, double* out, HoleKind* kind) noexcept nogil:
    cdef int k, nodd, nsub
    if HoleKind is FourCards:
        k, nodd, nsub = 4, 8, 14
    else:
        k, nodd, nsub = g.k, g.nodd, g.nsub
    cdef double sign = 1.0 if k % 2 == 0 else -1.0
    cdef Py_ssize_t j, q
    cdef int32_t row, twin
    cdef int32_t local[64]
    cdef double total = 0.0, w, dup
    memset(acc, 0, 2 * g.accumulators * sizeof(double))
    for j in range(O.n):
        w = r[O.high_row[j]]
        if w != 0.0:
            insert(acc, subsets(&O.high, j, k, nsub, local), nsub, w)
            total += w
    for q in range(T.n):
        row = T.high_row[q]
        twin = T.twin[row]
        dup = sign * r[twin] if twin >= 0 else 0.0
        out[row] += query(acc, subsets(&T.high, q, k, nsub, local), nodd, nsub, total) + dup


cdef inline bint river_terminal(int kind) noexcept nogil:
    return kind >= RIVER_OOP_FOLDED


cdef inline double river_payoff(const RiverGame* g, int node, int p) noexcept nogil:
    """What player p's hand is worth at a fold, per unit of opponent reach: the pot if the other
    player folded, less what p put in on the river."""
    cdef int kind = g.kind[node]
    cdef double pot = g.amount[3 * node], put_in = g.amount[3 * node + 1 + p]
    if (kind == RIVER_OOP_FOLDED and p == 1) or (kind == RIVER_IP_FOLDED and p == 0):
        return pot - put_in
    return -put_in


cdef void river_traverse(RiverGame* g, RiverWork* w, int p, int node, int depth, const double* opp_reach,
                         const double* own_reach, double* out) noexcept nogil:
    """Player p's counterfactual values at ``node`` for each of its hands (not yet weighted by
    the hand's own chance), the other player's hands reaching it with ``opp_reach``."""
    cdef const RiverSide* T = &g.side[p]
    cdef const RiverSide* O = &g.side[1 - p]
    cdef Py_ssize_t n = T.n, m = O.n, i
    cdef int first = g.first[node], count = g.count[node], a, child, ck
    cdef const double* sigma
    cdef double* cfv = w.cfv + <Py_ssize_t>depth * g.widest * n
    cdef double* values
    cdef double* share = w.share + depth * n
    cdef double* weight = w.weight + depth * n
    cdef double* own
    cdef double* nxt
    cdef double* sw
    cdef double* ww
    cdef double pot, put_in, value, best, x, positive = g.positive_discount, negative = g.negative_discount
    cdef double keep = g.sum_discount
    cdef bint have_share = False, have_weight = False, any_share = False, any_weight = False
    cdef float* regret
    cdef float* sums
    if g.kind[node] == p:
        sigma = g.current[p] + g.offset[node]
        for a in range(count):
            child = first + a
            ck = g.kind[child]
            values = cfv + a * n
            if ck == RIVER_SHOWDOWN:
                if not have_share:
                    river_share(g, T, O, opp_reach, w.acc, w.first, share, weight)
                    have_share = have_weight = True
                pot = g.amount[3 * child]
                put_in = g.amount[3 * child + 1 + p]
                for i in range(n):
                    values[i] = pot * share[i] - put_in * weight[i]
            elif river_terminal(ck):
                if not have_weight:
                    memset(weight, 0, n * sizeof(double))
                    river_weight(g, T, O, opp_reach, w.acc, weight)
                    have_weight = True
                value = river_payoff(g, child, p)
                for i in range(n):
                    values[i] = value * weight[i]
            elif node == 0 and g.ready != NULL:
                memcpy(values, g.ready + a * n, n * sizeof(double))
            elif g.mode == RIVER_UPDATE:
                own = w.own + depth * n
                for i in range(n):
                    own[i] = own_reach[i] * sigma[a * n + i]
                river_traverse(g, w, p, child, depth + 1, opp_reach, own, values)
            else:
                river_traverse(g, w, p, child, depth + 1, opp_reach, own_reach, values)
        if g.mode == RIVER_BEST:
            for i in range(n):
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
        # DCFR: positive regrets so far kept by t^1.5 / (t^1.5 + 1), negative ones halved, the
        # sums so far by (t / (t + 1))^2, t the iterations before this one.
        regret = g.regret[p] + g.offset[node]
        sums = g.sums[p] + g.offset[node]
        for a in range(count):
            values = cfv + a * n
            for i in range(n):
                x = regret[a * n + i]
                x = x * (positive if x > 0.0 else negative) + (values[i] - out[i])
                regret[a * n + i] = <float>x
                sums[a * n + i] = <float>(sums[a * n + i] * keep + own_reach[i] * sigma[a * n + i])
        return
    # The other player's decision: its reach splits over the children.
    sigma = g.current[1 - p] + g.offset[node]
    sw = w.sw + depth * m
    ww = w.ww + depth * m
    for i in range(n):
        out[i] = 0.0
    for a in range(count):
        child = first + a
        ck = g.kind[child]
        if river_terminal(ck):
            if not any_weight:
                memset(ww, 0, m * sizeof(double))
                any_weight = True
            if ck == RIVER_SHOWDOWN:
                if not any_share:
                    memset(sw, 0, m * sizeof(double))
                    any_share = True
                pot = g.amount[3 * child]
                put_in = g.amount[3 * child + 1 + p]
                for i in range(m):
                    x = sigma[a * m + i] * opp_reach[i]
                    sw[i] += pot * x
                    ww[i] -= put_in * x
            else:
                value = river_payoff(g, child, p)
                for i in range(m):
                    ww[i] += value * sigma[a * m + i] * opp_reach[i]
        elif node == 0 and g.ready != NULL:
            for i in range(n):
                out[i] += g.ready[a * n + i]
        else:
            nxt = w.opp + depth * m
            for i in range(m):
                nxt[i] = opp_reach[i] * sigma[a * m + i]
            river_traverse(g, w, p, child, depth + 1, nxt, own_reach, cfv)
            for i in range(n):
                out[i] += cfv[i]
    if any_share:
        river_share(g, T, O, sw, w.acc, w.first, share, NULL)
        for i in range(n):
            out[i] += share[i]
    if any_weight:
        river_weight(g, T, O, ww, w.acc, out)


cdef void river_subtree(RiverGame* g, RiverWork* w, int p, int a, double* out) noexcept nogil:
    """Player p's values at the root's child ``a`` (a decision), the reaches of both players
    there worked out from the root's strategy: a piece of an iteration that needs nothing else."""
    cdef const RiverSide* T = &g.side[p]
    cdef const RiverSide* O = &g.side[1 - p]
    cdef Py_ssize_t n = T.n, m = O.n, i
    cdef const double* sigma = g.current[0] + g.offset[0]
    cdef double* own = w.own          # the depth-0 slots: the subtree starts at depth 1
    cdef double* opp = w.opp
    for i in range(n):
        own[i] = sigma[a * n + i] if p == 0 else 1.0
    for i in range(m):
        opp[i] = O.weight[i] * (sigma[a * m + i] if p == 1 else 1.0)
    river_traverse(g, w, p, g.first[0] + a, 1, opp, own, out)


cdef void river_strategies(RiverGame* g, bint average) noexcept nogil:
    """Every decision's current strategy: regret matching, or the average (the sums
    normalized); uniform where nothing is positive."""
    cdef int node, a, count, p
    cdef Py_ssize_t n, i
    cdef const float* source
    cdef double* sigma
    cdef double total, x
    for node in range(g.nodes):
        p = g.kind[node]
        if p > RIVER_IP_ACTS:
            continue
        n = g.side[p].n
        count = g.count[node]
        source = (g.sums[p] if average else g.regret[p]) + g.offset[node]
        sigma = g.current[p] + g.offset[node]
        for i in range(n):
            total = 0.0
            for a in range(count):
                x = source[a * n + i]
                if x > 0.0:
                    total += x
            if total > 0.0:
                for a in range(count):
                    x = source[a * n + i]
                    sigma[a * n + i] = x / total if x > 0.0 else 0.0
            else:
                for a in range(count):
                    sigma[a * n + i] = 1.0 / count


cdef void free_river_work(RiverWork* w) noexcept nogil:
    free(w.acc); free(w.first); free(w.cfv); free(w.own); free(w.opp); free(w.sw); free(w.ww)
    free(w.share); free(w.weight)
    memset(w, 0, sizeof(RiverWork))


cdef int setup_river_work(const RiverGame* g, RiverWork* w) noexcept nogil:
    # Either player's traversal may run on any worker: sized for the larger side both ways.
    cdef size_t n = max(g.side[0].n, g.side[1].n), d = g.depth
    cdef size_t m = n
    w.acc = <double*>malloc(2 * g.accumulators * sizeof(double))
    w.first = <double*>malloc(2 * n * sizeof(double))
    w.cfv = <double*>malloc(d * g.widest * n * sizeof(double))
    w.own = <double*>malloc(d * n * sizeof(double))
    w.opp = <double*>malloc(d * m * sizeof(double))
    w.sw = <double*>malloc(d * m * sizeof(double))
    w.ww = <double*>malloc(d * m * sizeof(double))
    w.share = <double*>malloc(d * n * sizeof(double))
    w.weight = <double*>malloc(d * n * sizeof(double))
    if (w.acc == NULL or w.first == NULL or w.cfv == NULL or w.own == NULL or w.opp == NULL or w.sw == NULL
            or w.ww == NULL or w.share == NULL or w.weight == NULL):
        free_river_work(w)
        return -1
    return 0


cdef void free_river_side(RiverSide* s) noexcept nogil:
    free(<void*>s.high.cards); free(s.high.sub); free(s.high.sorted); free(s.high.mask)
    free(<void*>s.low.cards); free(s.low.sub); free(s.low.sorted); free(s.low.mask)
    free(s.high_row); free(s.high_key); free(s.high_nolow); free(s.low_row); free(s.low_key)
    free(s.twin); free(s.weight)
    memset(s, 0, sizeof(RiverSide))


cdef int order_rows(Rows* rows, const uint8_t* cards, const int32_t* order, Py_ssize_t n, int k,
                    int nsub) noexcept nogil:
    """Rows holding the hands ``order`` names, in that order, prepared for the sweep."""
    cdef uint8_t* copy = <uint8_t*>malloc(n * k if n else 1)
    cdef Py_ssize_t i
    rows.n = n
    rows.cards = copy
    rows.sorted = <uint8_t*>malloc(n * k if n else 1)
    rows.mask = <uint64_t*>malloc((n if n else 1) * sizeof(uint64_t))
    rows.sub = <int32_t*>malloc((n * nsub if k != 4 and n else 1) * sizeof(int32_t))
    if copy == NULL or rows.sorted == NULL or rows.mask == NULL or rows.sub == NULL:
        return -1
    for i in range(n):
        memcpy(copy + i * k, cards + <Py_ssize_t>order[i] * k, k)
    prepare_rows(rows, k, nsub)
    return 0


cdef int setup_river_side(RiverSide* s, const uint8_t* board, const uint8_t* cards, Py_ssize_t n, int k,
                          int nsub) noexcept nogil:
    cdef Board info
    cdef Py_ssize_t i
    cdef int32_t* start = <int32_t*>malloc((HIGH_KEYS + 1) * sizeof(int32_t))
    cdef int32_t* key = <int32_t*>calloc(n if n else 1, sizeof(int32_t))
    cdef int32_t* low = <int32_t*>calloc(n if n else 1, sizeof(int32_t))
    s.n = n
    s.high_row = <int32_t*>malloc(n * sizeof(int32_t))
    s.high_key = <int32_t*>malloc(n * sizeof(int32_t))
    s.high_nolow = <uint8_t*>malloc(n)
    s.low_row = <int32_t*>malloc(n * sizeof(int32_t))
    s.low_key = <int32_t*>malloc(n * sizeof(int32_t))
    s.twin = <int32_t*>malloc(n * sizeof(int32_t))
    s.weight = <double*>malloc(n * sizeof(double))
    if (start == NULL or key == NULL or low == NULL or s.high_row == NULL or s.high_key == NULL
            or s.high_nolow == NULL or s.low_row == NULL or s.low_key == NULL or s.twin == NULL
            or s.weight == NULL):
        free(start); free(key); free(low)
        return -1
    read_board(board, 5, &info)
    for i in range(n):
        key[i] = HIGH_KEYS - high_on(&info, cards + i * k, k)
        low[i] = 255 - low_on(&info, cards + i * k, k)
    bucket_sort(key, n, HIGH_KEYS, start, s.high_row)
    for i in range(n):
        s.high_key[i] = key[s.high_row[i]]
        s.high_nolow[i] = low[s.high_row[i]] == 0
    bucket_sort(low, n, LOW_KEYS, start, s.low_row)
    s.low_first = n
    for i in range(n):
        s.low_key[i] = low[s.low_row[i]]
        if s.low_key[i] != 0 and s.low_first == n:
            s.low_first = i
    free(start); free(key); free(low)
    if order_rows(&s.high, cards, s.high_row, n, k, nsub) or order_rows(&s.low, cards, s.low_row, n, k, nsub):
        return -1
    return 0


cdef class RiverJob(TaskedJob):
    """A heads-up river spot's DCFR state. ``RiverJob(board, oop_rows, ip_rows, hole_size,
    oop_weights, ip_weights, kinds, firsts, counts, amounts)`` (see checks.check_river_job);
    ``begin(mode, iteration)`` sets up a phase (0: DCFR iteration ``iteration``, 1: best
    responses, 2: values on the average strategies), whose two tasks, player 0's hands and
    player 1's, ``run(worker)`` claims; then ``root(player)`` is each hand's value."""

    cdef RiverGame g
    cdef RiverWork workspace[2]  # per worker
    cdef double* roots[2]       # per player: the values at the root of the last phase
    cdef double* children       # an update's values at the root's children, [action][hand]
    cdef int32_t* piece         # an update's tasks: the root's children that are decisions
    cdef int root_pieces
    cdef int player             # the player an update is for
    cdef bint ready
    cdef readonly long long iteration
    cdef readonly object opponent_weights     # per player: array('d') of each hand's weight

    def __cinit__(self, *args, **kwargs):
        memset(&self.g, 0, sizeof(RiverGame))
        memset(self.workspace, 0, sizeof(self.workspace))
        self.roots[0] = self.roots[1] = NULL
        self.children = NULL
        self.piece = NULL
        self.ready = False

    def __init__(self, board, oop_rows, ip_rows, hole_size, oop_weights, ip_weights, kinds, firsts, counts,
                 amounts):
        spec = checks.check_river_job(board, oop_rows, ip_rows, hole_size, oop_weights, ip_weights, kinds,
                                      firsts, counts, amounts)
        cdef int k = spec.hole_size, p, node, code
        cdef RiverGame* g = &self.g
        cdef bytes board_bytes = spec.board
        cdef const uint8_t* b = board_bytes
        cdef bytes rows
        cdef const uint8_t* cards
        cdef Py_ssize_t n, i
        cdef int64_t used
        g.k = k
        g.nsub = (1 << k) - 2
        g.nodd = (1 << (k - 1)) - (1 if k % 2 == 1 else 0)
        g.accumulators = SUBSET_BASE[k]
        g.nodes = len(spec.kinds)
        g.depth = spec.depth
        g.widest = spec.widest
        g.kind = <int32_t*>malloc(g.nodes * sizeof(int32_t))
        g.first = <int32_t*>malloc(g.nodes * sizeof(int32_t))
        g.count = <int32_t*>malloc(g.nodes * sizeof(int32_t))
        g.amount = <double*>malloc(3 * g.nodes * sizeof(double))
        g.offset = <int64_t*>malloc(g.nodes * sizeof(int64_t))
        if g.kind == NULL or g.first == NULL or g.count == NULL or g.amount == NULL or g.offset == NULL:
            raise MemoryError()
        for p in range(2):
            rows = spec.rows[p]
            cards = rows
            n = len(rows) // k
            with nogil:
                code = setup_river_side(&g.side[p], b, cards, n, k, g.nsub)
            if code:
                raise MemoryError()
            for i in range(n):
                g.side[p].weight[i] = spec.weights[p][i]
        # Twins: hands of the same cards on both sides, which only the full set's term removes.
        for p in range(2):
            n = g.side[1 - p].n
            other = {bytes(sorted(spec.rows[1 - p][i * k:(i + 1) * k])): i for i in range(n)}
            n = g.side[p].n
            for i in range(n):
                g.side[p].twin[i] = other.get(bytes(sorted(spec.rows[p][i * k:(i + 1) * k])), -1)
        used = 0
        g.size[0] = g.size[1] = 0
        for node in range(g.nodes):
            g.kind[node] = spec.kinds[node]
            g.first[node] = spec.firsts[node]
            g.count[node] = spec.counts[node]
            for p in range(3):
                g.amount[3 * node + p] = spec.amounts[3 * node + p]
            p = g.kind[node]
            g.offset[node] = -1
            if p <= RIVER_IP_ACTS:
                g.offset[node] = g.size[p]
                g.size[p] += <int64_t>g.count[node] * g.side[p].n
        for p in range(2):
            g.regret[p] = <float*>calloc(g.size[p] if g.size[p] else 1, sizeof(float))
            g.sums[p] = <float*>calloc(g.size[p] if g.size[p] else 1, sizeof(float))
            g.current[p] = <double*>calloc(g.size[p] if g.size[p] else 1, sizeof(double))
            if g.regret[p] == NULL or g.sums[p] == NULL or g.current[p] == NULL:
                raise MemoryError()
            if setup_river_work(g, &self.workspace[p]):
                raise MemoryError()
            self.roots[p] = <double*>calloc(g.side[p].n if g.side[p].n else 1, sizeof(double))
            if self.roots[p] == NULL:
                raise MemoryError()
        self.children = <double*>malloc(g.count[0] * max(g.side[0].n, g.side[1].n) * sizeof(double))
        if self.children == NULL:
            raise MemoryError()
        # The root's children that are decisions are an update's tasks, the largest subtree first.
        sizes = [0] * g.nodes
        for node in range(g.nodes - 1, -1, -1):
            sizes[node] = 1 + (sum(sizes[g.first[node]:g.first[node] + g.count[node]]) if g.kind[node] <= 1 else 0)
        pieces = sorted((a for a in range(g.count[0]) if g.kind[g.first[0] + a] <= RIVER_IP_ACTS),
                        key=lambda a: -sizes[g.first[0] + a])
        self.root_pieces = len(pieces)
        self.piece = <int32_t*>malloc((self.root_pieces if self.root_pieces else 1) * sizeof(int32_t))
        if self.piece == NULL:
            raise MemoryError()
        for i, a in enumerate(pieces):
            self.piece[i] = a
        self.ready = True
        self.cut(2, 2, 0, 2)        # two workers, and nothing to do before a phase begins
        self.runnable = True
        self.iteration = 0
        # Each hand's total opponent weight: its values divided by this are per deal.
        weights = []
        for p in range(2):
            out = array("d", bytes(8 * g.side[p].n))
            self._weights_into(p, out)
            weights.append(out)
        self.opponent_weights = tuple(weights)

    cdef _weights_into(self, int p, double[:] out):
        with nogil:
            river_weight(&self.g, &self.g.side[p], &self.g.side[1 - p], self.g.side[1 - p].weight,
                         self.workspace[0].acc, &out[0])

    def __dealloc__(self):
        cdef int p
        for p in range(2):
            free_river_work(&self.workspace[p])
            free(self.roots[p])
            free_river_side(&self.g.side[p])
            free(self.g.regret[p]); free(self.g.sums[p]); free(self.g.current[p])
        free(self.children); free(self.piece)
        free(self.g.kind); free(self.g.first); free(self.g.count); free(self.g.amount); free(self.g.offset)

    @property
    def memory(self):
        """Bytes held: regrets and sums (float32), the current strategies (float64), the sorted hands, and
        the two traversals' working memory."""
        cdef RiverGame* g = &self.g
        cdef int64_t total = 16 * (g.size[0] + g.size[1])
        cdef int p
        cdef int64_t n, m
        for p in range(2):
            n = g.side[p].n
            m = g.side[1 - p].n
            total += n * (2 * g.k + 8 * 5 + 2 * (g.nsub * 4 if g.k != 4 else 0) + 1 + 16)
            total += 16 * g.accumulators + 8 * (2 * n + g.depth * (g.widest * n + 3 * n + 3 * m) + n)
        return total

    def begin(self, int mode, long long iteration=0, int player=0):
        """Set up a phase: mode 0 is player ``player``'s half of DCFR iteration ``iteration``
        (OOP's first, then IP's against OOP's updated strategy: alternating updates), mode 1
        both players' best responses to the average strategies, mode 2 both on them."""
        if not self.ready:
            raise JobError("this RiverJob was not set up")
        if mode not in (RIVER_UPDATE, RIVER_BEST, RIVER_VALUE):
            raise JobError(f"mode {mode!r} is not 0, 1 or 2")
        cdef double t
        if mode == RIVER_UPDATE:
            if player not in (0, 1):
                raise JobError("player is 0 (OOP) or 1 (IP)")
            if iteration != self.iteration + 1 - player:
                raise JobError(f"player {player}'s half of iteration {iteration} does not follow "
                               f"{'iteration' if player == 0 else 'OOP in iteration'} {self.iteration}")
            t = <double>(iteration - 1)
            self.g.positive_discount = c_pow(t, 1.5) / (c_pow(t, 1.5) + 1.0)
            self.g.negative_discount = 0.5
            self.g.sum_discount = (t / (t + 1.0)) ** 2
            self.iteration = iteration
            self.player = player
            self.cut(self.root_pieces, 2, self.root_pieces)
        else:
            self.cut(2, 2, 2)
        self.g.mode = mode
        with nogil:
            river_strategies(&self.g, mode != RIVER_UPDATE)
        self.g.ready = NULL
        if mode == RIVER_UPDATE and self.root_pieces == 0:
            self._finish_update()      # a root whose actions all end the hand: nothing to split

    cdef _finish_update(self):
        """The root's own work, its children's values in hand: an update's last step."""
        cdef RiverGame* g = &self.g
        cdef int p = self.player
        cdef RiverWork* w = &self.workspace[0]
        cdef double* ones = w.own + (g.depth - 1) * g.side[p].n
        cdef Py_ssize_t i
        for i in range(g.side[p].n):
            ones[i] = 1.0           # the root's own reach; the deepest level never needs its slot
        g.ready = self.children
        with nogil:
            river_traverse(g, w, p, 0, 0, g.side[1 - p].weight, ones, self.roots[p])
        g.ready = NULL

    cdef int64_t do_task(self, int worker, int64_t task) except -1:
        """A task of the phase: in an update, a subtree under the root; else a player's
        traversal."""
        cdef RiverGame* g = &self.g
        cdef RiverWork* w = &self.workspace[worker]
        cdef double* ones
        cdef int a, p
        cdef Py_ssize_t i, n
        if g.mode == RIVER_UPDATE:
            p = self.player
            a = self.piece[task]
            n = g.side[p].n
            with nogil:
                river_subtree(g, w, p, a, self.children + a * n)
        else:
            ones = w.own + (g.depth - 1) * g.side[task].n
            for i in range(g.side[task].n):
                ones[i] = 1.0
            with nogil:
                river_traverse(g, w, <int>task, 0, 0, g.side[1 - task].weight, ones, self.roots[task])
        return 1

    cdef int last_done(self) except -1:
        """An update's last subtree done: the worker that finished it does the root."""
        if self.g.mode == RIVER_UPDATE:
            self._finish_update()
        return 0

    def root(self, int player):
        """Player ``player``'s values at the root from the last phase, per hand: each summed
        over the opponents by their weights (divide by ``opponent_weights`` for a deal's)."""
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        cdef Py_ssize_t n = self.g.side[player].n
        out = array("d", bytes(8 * n))
        cdef double[:] view = out
        if n:
            memcpy(&view[0], self.roots[player], n * sizeof(double))
        return out

    def average(self, int node):
        """The node's average strategy, the sums normalized in double precision (uniform for a
        hand whose sums are all 0), as array('d') of [action][hand]."""
        if not 0 <= node < self.g.nodes or self.g.kind[node] > RIVER_IP_ACTS:
            raise JobError(f"node {node} is not a decision of this tree")
        cdef int p = self.g.kind[node], count = self.g.count[node], a
        cdef Py_ssize_t n = self.g.side[p].n, i
        cdef const float* sums = self.g.sums[p] + self.g.offset[node]
        cdef double total, x
        out = array("d", bytes(8 * count * n))
        cdef double[:] view = out
        for i in range(n):
            total = 0.0
            for a in range(count):
                x = sums[a * n + i]
                total += x if x > 0.0 else 0.0
            for a in range(count):
                x = sums[a * n + i]
                view[a * n + i] = (x if x > 0.0 else 0.0) / total if total > 0.0 else 1.0 / count
        return out
