# The advised-discard search of routes.pyx (included there: it reads the rows, merges and
# evaluations defined above it). The effective draws of a group come from the effective
# tables (tables.effective_tables) where the group has no 痞子 segments.

cdef inline int _w_tight(const int* ON, const int* OP, const int* N, const int* P, int K,
                         int shift) noexcept nogil:
    """Bits of the terms of _w_close(ON, OP, N, P, K) that reach its minimum: bit
    ``shift + k`` for P[k], bit ``shift + 5 + k`` for N[k] (k the group's sets)."""
    cdef int j, z, best = _w_close(ON, OP, N, P, K), bits = 0
    if K == 4:
        bits = ((<int>(ON[0] + P[4] == best) << 4) | (<int>(ON[1] + P[3] == best) << 3)
                | (<int>(ON[2] + P[2] == best) << 2) | (<int>(ON[3] + P[1] == best) << 1)
                | <int>(ON[4] + P[0] == best)
                | (<int>(OP[0] + N[4] == best) << 9) | (<int>(OP[1] + N[3] == best) << 8)
                | (<int>(OP[2] + N[2] == best) << 7) | (<int>(OP[3] + N[1] == best) << 6)
                | (<int>(OP[4] + N[0] == best) << 5))
        return bits << shift
    for j in range(K + 1):
        if ON[j] + P[K - j] == best:
            bits |= 1 << (shift + K - j)
        if OP[j] + N[K - j] == best:
            bits |= 1 << (shift + 5 + K - j)
    return bits


cdef inline int _w_lower(const WRow* a, const WRow* b, int K, int parts) noexcept nogil:
    """Bits of the costs where row ``a`` is below row ``b`` (the layout of _w_tight: small
    hu at shift 0, pengpenghu at shift 10; bit 20: the 清一色 cost of K sets), over the
    parts of ``a`` worked out (the route bits of _w_row_for: RT_CHOWS chow costs,
    RT_PENGPENG pongs)."""
    cdef int k, bits = 0
    if parts & RT_CHOWS:
        for k in range(5):
            if a.c258[k] < b.c258[k]:
                bits |= 1 << k
            if a.cN[k] < b.cN[k]:
                bits |= 1 << (5 + k)
        if a.cAny[K] < b.cAny[K]:
            bits |= 1 << 20
    if parts & RT_PENGPENG:
        for k in range(5):
            if a.pAny[k] < b.pAny[k]:
                bits |= 1 << (10 + k)
            if a.pN[k] < b.pN[k]:
                bits |= 1 << (15 + k)
    return bits


cdef inline const uint16_t* _ef_row(const uint8_t* r, int g, const WSpec* sp) noexcept nogil:
    """The effective-table entry of group g of the usable counts r (one uint16 per
    position), or NULL for a suit split into 痞子 segments (no table) or when the tables
    are not built (the search then grows the rows itself)."""
    if EF.suit == NULL:
        return NULL
    if g == 3:
        return EF.honor + 7 * honor_key(r + 27)
    if sp.nseg[g]:
        return NULL
    return EF.suit + 9 * suit_rank(r + 9 * g)


cdef inline int _ef_lower(uint16_t x, int K) noexcept nogil:
    """The chow-mode bits of _w_lower from an effective-table value (its EF_FLAG aside)."""
    return (x & ((1 << (EF_NONE + 5)) - 1)) | (((x >> (EF_ANY + K)) & 1) << 20)


cdef inline int _pong_lower(const uint8_t* r, int g, const WSpec* sp, const WRow* ref,
                            bint* has4) noexcept nogil:
    """The pengpenghu bits of _w_lower for group g of r (a tile already added) against the
    row ``ref``; ``has4``: the grown group holds four of a kind (its pdiff)."""
    cdef int N[5]
    cdef int P[5]
    cdef int k, bits = 0
    _sh_pong_any(r + 9 * g, 7 if g == 3 else 9, sp.allowed[g], N, P, has4)
    for k in range(5):
        if P[k] < ref.pAny[k]:
            bits |= 1 << (10 + k)
        if N[k] < ref.pN[k]:
            bits |= 1 << (15 + k)
    return bits


cdef inline void _w_others_by(const WRow* rows, const WRow* base, WOthers (*pm)[4],
                              int (*ready)[4], int g, int gd, int routes,
                              WOthers* o) noexcept nogil:
    """_w_others(rows, g) where only the discard's group gd (not g) differs from ``base``,
    for the modes the routes read (RT_XIAOHU, RT_PENGPENG): the full hand's two other
    groups merged once (``pm``, the modes done in ``ready``), then rows[gd]."""
    cdef int a = 0, b, need
    while a == g or a == gd:
        a += 1
    b = a + 1
    while b == g or b == gd:
        b += 1
    need = routes & (RT_XIAOHU | RT_PENGPENG) & ~ready[a][b]
    if need & RT_XIAOHU:
        _mp(base[a].cN, base[a].c258, base[b].cN, base[b].c258, pm[a][b].xN, pm[a][b].xP)
        pm[a][b].xdiff = base[a].cdiff or base[b].cdiff
    if need & RT_PENGPENG:
        _mp(base[a].pN, base[a].pAny, base[b].pN, base[b].pAny, pm[a][b].pN, pm[a][b].pP)
        pm[a][b].pdiff = base[a].pdiff or base[b].pdiff
    ready[a][b] |= need
    if routes & RT_XIAOHU:
        _mp(pm[a][b].xN, pm[a][b].xP, rows[gd].cN, rows[gd].c258, o.xN, o.xP)
        o.xdiff = pm[a][b].xdiff or rows[gd].cdiff
    if routes & RT_PENGPENG:
        _mp(pm[a][b].pN, pm[a][b].pP, rows[gd].pN, rows[gd].pAny, o.pN, o.pP)
        o.pdiff = pm[a][b].pdiff or rows[gd].pdiff


cdef void _w_best(uint8_t* c, const WSpec* sp, int K, const uint8_t* allowed,
                  const uint8_t* unseen, int* out, int8_t* after_out, int16_t* eff_out,
                  int slack) noexcept nogil:
    """The first discard of the advice order among the allowed kinds (see wuhan_best_discard).

    out[0]: the kind (-1 when none is allowed), out[1]: its shanten, out[2]: the least
    shanten over every normal discard (127 when there is none).

    When ``after_out`` is not NULL, after_out[d] (34 int8) is the shanten after
    discarding d (127: not a normal discard of the hand). When ``eff_out`` is not NULL,
    eff_out[d] (34 int16) is the unseen copies of the draws that lower that shanten, for
    every allowed discard within ``slack`` of ``out[1]`` (even when one discard alone
    reaches it), and -1 for the others; the choice is the same.

    The values are those of _w_discards_c, with less work: the draws are tried only for
    the discards tied at the least allowed shanten ``top`` (or within ``slack`` of it),
    only for kinds with unseen copies, and only on the routes at the discard's shanten
    ``s`` after it: a draw lowers a route's shanten by at most one, so a route above ``s``
    cannot fall below it.

    A draw changes only its group's costs, and each cost by at most one: it lowers a route
    exactly when it lowers a cost in a term that reaches the route's minimum (bit masks of
    _w_tight, and of _w_lower or the effective tables), as long as no wildcard may be read
    through the unbounded tables (no "diff" flag with 癞子 in hand); otherwise the route is
    evaluated in full. A draw in the discard's own group is read that way when ``s`` is
    0 or more (a route at -1 cannot fall), and evaluated in full otherwise or in a suit
    split by 痞子."""
    cdef uint8_t r[34]
    cdef WRow base[4]
    cdef WRow rows[4]
    cdef uint8_t has_plus[34]   # the row parts (RT_CHOWS, RT_PENGPENG) of lower[t] worked out
    cdef int lower[34]          # _w_lower(row of group t // 9 with t added to the full hand, base)
    cdef uint8_t pflag[34]      # that grown row's diff flags: 1 chow (cdiff), 2 pong (pdiff)
    cdef WRow drow[34]          # the row of group d // 9 after discarding d
    cdef WOthers ob[4]          # the full hand's other three groups, for each group
    cdef WOthers o[4]
    cdef WOthers pm[4][4]       # pairs of the full hand's groups merged (_w_others_by)
    cdef int pm_ready[4][4]
    cdef uint8_t gc[4][9]       # the draws to try by group: unseen copies, no fifth one,
    cdef int n_gc[4]            # not 红中/痞子, not the 癞子 (laizi_cand: the 癞子 is one)
    cdef bint laizi_cand
    cdef int i, gi
    cdef WSpec sl
    cdef WRow one
    cdef const WRow* rg
    cdef const uint16_t* efb[4] # effective-table entries of the full hand's groups
    cdef const uint16_t* efd    # that of the discard's group after the discard
    cdef int vr[34][N_ROUTES]   # each route's shanten after each discard
    cdef int tight[4]
    cdef int dflag[4]
    cdef bint hit, slow, fast_gd, h4
    cdef int res[N_ROUTES]
    cdef int after[34]
    cdef int w, nj, nh, g, gd, t, d, s0, dj, dh, v, route, eff, lw, fl, need, sd
    cdef uint16_t x
    cdef int least = 127, top = 127, choice = -1, best_eff = -1
    cdef int tied[34]           # the tied discards worked out, in order
    cdef int tied_s[34]         # their shanten
    cdef int tied_routes[34]    # their routes at their shanten
    cdef int tied_other[34]     # their count of the draws in the other groups (-1: not kept)
    cdef int n_tied = 0, reuse, other, j, n_top = 0
    cdef bint mine, other_ok, group_ok
    # the counts of the draws in a group other than the discard's, by the discard's routes
    # and the group's tight bits and diff flags (nothing else enters them, unless a draw
    # was evaluated in full: such a count is not kept)
    cdef int memo_routes[4][34]
    cdef int memo_tight[4][34]
    cdef int memo_flag[4][34]
    cdef int memo_count[4][34]
    cdef int memo_s[4][34]
    cdef int n_memo[4]
    cdef int group_count, known
    _w_prepare(c, sp, r, &w, &nj, &nh)
    for g in range(4):          # rows and merges in the modes the routes read
        _w_row_for(r, g, sp, sp.routes, &base[g])
    memset(pm_ready, 0, sizeof(pm_ready))
    _w_pair(&base[0], &base[1], sp.routes, &pm[0][1])  # the other groups of each group, from two pairs
    _w_pair(&base[2], &base[3], sp.routes, &pm[2][3])
    pm_ready[0][1] = sp.routes & (RT_XIAOHU | RT_PENGPENG)
    pm_ready[2][3] = sp.routes & (RT_XIAOHU | RT_PENGPENG)
    _w_join(&pm[2][3], &base[1], sp.routes, &ob[0])
    _w_join(&pm[2][3], &base[0], sp.routes, &ob[1])
    _w_join(&pm[0][1], &base[3], sp.routes, &ob[2])
    _w_join(&pm[0][1], &base[2], sp.routes, &ob[3])
    for d in range(34):
        after[d] = 127
        if c[d] == 0 or sp.forbid[d] or d == sp.laizi:
            continue
        gd = d // 9
        r[d] -= 1
        _w_row_for(r, gd, sp, sp.routes, &drow[d])
        s0 = _w_eval_g(r, w, nj - (1 if is_jiang_c(d) else 0), nh - (1 if d >= 27 else 0),
                       K, sp, base, &ob[gd], gd, &drow[d], vr[d])
        r[d] += 1
        after[d] = s0
        if s0 < least:
            least = s0
        if allowed[d] and s0 < top:
            top = s0
            n_top = 1
            choice = d
        elif allowed[d] and s0 == top:
            n_top += 1
    out[2] = least
    out[1] = top
    out[0] = -1
    if after_out != NULL:
        for d in range(34):
            after_out[d] = <int8_t>after[d]
    if eff_out != NULL:
        for d in range(34):
            eff_out[d] = -1
    else:
        slack = 0
    if top == 127:
        return
    if n_top == 1 and eff_out == NULL:     # one discard reaches top: no draws to count
        out[0] = choice
        return
    choice = -1
    memset(has_plus, 0, 34)
    memset(pflag, 0, 34)
    memset(lower, 0, sizeof(lower))
    memset(n_gc, 0, sizeof(n_gc))
    memset(n_memo, 0, sizeof(n_memo))
    laizi_cand = False
    for t in range(34):
        if unseen[t] and c[t] < 4 and not sp.forbid[t]:
            if t == sp.laizi:
                laizi_cand = True
            else:
                g = t // 9
                gc[g][n_gc[g]] = t
                n_gc[g] += 1
    for g in range(4):
        efb[g] = _ef_row(r, g, sp)
    sl = sp[0]
    for d in range(34):
        if after[d] > top + slack or not allowed[d]:
            continue
        sd = after[d]
        if choice < 0 and sd == top:
            choice = d              # the lowest kind, kept unless a later one counts more
        sl.routes = 0
        for route in range(N_ROUTES):
            if vr[d][route] == sd:
                sl.routes |= 1 << route
        gd = d // 9
        c[d] -= 1
        r[d] -= 1
        dj = 1 if is_jiang_c(d) else 0
        dh = 1 if d >= 27 else 0
        for g in range(4):
            rows[g] = base[g]
        rows[gd] = drow[d]          # (worked out in the first pass over the discards)
        fast_gd = sd >= 0 and efb[gd] != NULL
        efd = _ef_row(r, gd, sp) if fast_gd else NULL
        # The draws in the other groups count the same for an earlier tied discard of the
        # same group with the same routes and the same row after it (their rows and merges
        # are then equal), unless one of them was evaluated in full (that reads the counts).
        reuse = -1
        for j in range(n_tied):
            if (tied[j] // 9 == gd and tied_routes[j] == sl.routes and tied_other[j] >= 0
                    and tied_s[j] == sd and memcmp(&drow[tied[j]], &drow[d], sizeof(WRow)) == 0):
                reuse = j
                break
        if sl.routes & (RT_XIAOHU | RT_PENGPENG):   # these routes merge the other groups
            for g in range(4):
                if g == gd:
                    o[g] = ob[g]
                elif reuse < 0:
                    _w_others_by(rows, base, pm, pm_ready, g, gd, sl.routes, &o[g])
        for g in range(4):
            tight[g] = 0
            dflag[g] = 0
            if (g == gd and not fast_gd) or (g != gd and reuse >= 0):
                continue
            if sl.routes & RT_XIAOHU:
                tight[g] |= _w_tight(o[g].xN, o[g].xP, rows[g].cN, rows[g].c258, K, 0)
                if o[g].xdiff or rows[g].cdiff:
                    dflag[g] |= 1
            if sl.routes & RT_PENGPENG:
                tight[g] |= _w_tight(o[g].pN, o[g].pP, rows[g].pN, rows[g].pAny, K, 10)
                if o[g].pdiff or rows[g].pdiff:
                    dflag[g] |= 2
            if g < 3 and (sl.routes >> (2 + g)) & 1:
                tight[g] |= 1 << 20
                if rows[g].cdiff:
                    dflag[g] |= 4
        need = (RT_CHOWS if sl.routes & RT_CHOWS else 0) | (RT_PENGPENG if sl.routes & RT_PENGPENG else 0)
        eff = 0
        other = 0
        other_ok = True
        # the draws of one group after another: the discard's group first (the discard's
        # kind too: it keeps at most three), then the others unless reused, then the 癞子
        for gi in range(4):
            g = (gd + gi) & 3
            mine = gi == 0
            if not mine and reuse >= 0:
                break
            if not mine:
                known = -1
                for j in range(n_memo[g]):
                    if (memo_routes[g][j] == sl.routes and memo_tight[g][j] == tight[g]
                            and memo_flag[g][j] == dflag[g] and memo_s[g][j] == sd):
                        known = memo_count[g][j]
                        break
                if known >= 0:
                    other += known
                    continue
            group_count = 0
            group_ok = True
            for i in range(n_gc[g]):
                t = gc[g][i]
                r[t] += 1
                if g == gd and not fast_gd:
                    _w_row_for(r, g, sp, sl.routes, &one)
                    rg = &one
                else:
                    if g == gd:     # the discard's group: its row after the discard
                        lw = 0
                        fl = 0
                        if need & RT_CHOWS:
                            x = efd[t - 9 * g]
                            lw = _ef_lower(x, K)
                            fl = 1 if x & EF_FLAG else 0
                        if need & RT_PENGPENG:
                            lw |= _pong_lower(r, g, sp, &rows[g], &h4)
                            if h4:
                                fl |= 2
                    else:           # another group: its full-hand row, once per kind
                        if need & ~has_plus[t] & RT_CHOWS:
                            if efb[g] != NULL:
                                x = efb[g][t - 9 * g]
                                lower[t] |= _ef_lower(x, K)
                                if x & EF_FLAG:
                                    pflag[t] |= 1
                            else:
                                _w_row_for(r, g, sp, RT_CHOWS, &one)
                                lower[t] |= _w_lower(&one, &base[g], K, RT_CHOWS)
                                if one.cdiff:
                                    pflag[t] |= 1
                            has_plus[t] |= RT_CHOWS
                        if need & ~has_plus[t] & RT_PENGPENG:
                            lower[t] |= _pong_lower(r, g, sp, &base[g], &h4)
                            if h4:
                                pflag[t] |= 2
                            has_plus[t] |= RT_PENGPENG
                        lw = lower[t]
                        fl = pflag[t]
                    slow = w > 0 and (
                        ((sl.routes & RT_XIAOHU) and ((dflag[g] & 1) or (fl & 1)))
                        or ((sl.routes & RT_PENGPENG) and ((dflag[g] & 2) or (fl & 2)))
                        or ((tight[g] >> 20) and ((dflag[g] & 4) or (fl & 1))))
                    if not slow:
                        r[t] -= 1
                        hit = ((lw & tight[g]) != 0
                               or ((sl.routes & RT_JIANG) and is_jiang_c(t))
                               or ((sl.routes & RT_FENG) and t >= 27))
                        if hit:
                            if mine:
                                eff += unseen[t]
                            else:
                                group_count += unseen[t]
                        continue
                    if not mine:
                        group_ok = False
                    _w_row_for(r, g, sp, sl.routes, &one)
                    rg = &one
                v = _w_eval_g(r, w, nj - dj + (1 if is_jiang_c(t) else 0),
                              nh - dh + (1 if t >= 27 else 0), K, &sl, rows, &o[g], g, rg, res)
                r[t] -= 1
                if v < sd:
                    if mine:
                        eff += unseen[t]
                    else:
                        group_count += unseen[t]
            if not mine:
                other += group_count
                if not group_ok:
                    other_ok = False
                else:
                    j = n_memo[g]
                    memo_routes[g][j] = sl.routes
                    memo_tight[g][j] = tight[g]
                    memo_flag[g][j] = dflag[g]
                    memo_count[g][j] = group_count
                    memo_s[g][j] = sd
                    n_memo[g] += 1
        if laizi_cand:
            v = _w_eval(r, w + 1, nj - dj, nh - dh, K, &sl, rows, &o[gd], gd, res)
            if v < sd:
                eff += unseen[sp.laizi]
        if reuse >= 0:
            eff += tied_other[reuse]
        else:
            eff += other
            tied[n_tied] = d
            tied_s[n_tied] = sd
            tied_routes[n_tied] = sl.routes
            tied_other[n_tied] = other if other_ok else -1
            n_tied += 1
        c[d] += 1
        r[d] += 1
        if eff_out != NULL:
            eff_out[d] = <int16_t>eff
        if sd == top and eff > best_eff:
            best_eff = eff
            choice = d
    out[0] = choice
