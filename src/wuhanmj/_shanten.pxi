# Shanten (向听) tables and functions, included into _core.pyx so they share its
# keys and tables. Owned by the hand-analysis work (issue 5).
#
# Definition (the one the ``mahjong`` package computes for regular hands)
# ----------------------------------------------------------------------
# A hand of ``n`` tiles plus ``w`` wildcards, ``n + w = 3K+1`` or ``3K+2``, is
# to become ``K`` sets plus one pair (melds already made are simply not in
# ``n``). Its *distance* ``d`` is the least number of tiles that must come in:
# some real tiles are kept, the rest are discarded, and the missing members of
# the K sets and the pair are added. Added tiles are draws or wildcards. A draw
# can never be a fifth copy (the hand's own copies, kept or discarded, are out
# of the wall); a wildcard may stand for anything, even a fifth copy (D8). So a
# configuration that needs ``need_t`` copies of kind t costs
# ``A = sum max(0, need_t - c_t)`` added tiles and has *excess*
# ``E = sum max(0, need_t - 4)``, which only wildcards can fill; it is allowed
# when ``E <= w`` and then ``d = max(0, A - w)``. Shanten is ``d - 1``: -1 for
# a complete hand, 0 for a ready one.
#
# Tables
# ------
# For one group (a suit, or the honors) and each target tau = (k sets, pair:
# none / any / 2-5-8), k = 0..4, the least ``A`` restricted to the group:
#
# * ``capped``: configurations with E = 0 (every need_t <= 4);
# * ``unbounded``: any E.
#
# A hand's exact value lies between the two merged values; they agree for
# almost every hand, and when w > 0 and they disagree a small exact dynamic
# program over the 34 kinds decides (``_sh_exact``).
#
# Per-group costs are monotone in k with steps 0..3 (one more set never costs
# more than three added tiles, a pair at most two), so an entry packs into a
# uint32 of 2-bit steps:
#
# ====== ===================================================
# bits   content
# ====== ===================================================
# 0-7    no pair: cost(k) - cost(k-1) for k = 1..4 (cost(0) = 0)
# 8-9    any pair: cost(0); 10-17 its steps for k = 1..4
# 18-19  2/5/8 pair: cost(0), 3 = impossible; 20-27 its steps
# 28     (capped tables) the unbounded entry differs somewhere
# ====== ===================================================
#
# A hand's cost is a min-plus merge over its four groups: the K sets split among
# the groups in every way, the pair in exactly one of them (``_sh_merge4``).
#
# Suit tables are keyed by the core's suit rank (405,350 entries), honor tables
# by the base-5 honor key (78,125); capped and unbounded: 3.9 MB in all.
# The capped table is built on the pattern lattice: a pattern *extends* to tau
# if adding tiles (counts <= 4) can make it exactly tau; the cost of a hand is
# |tau| minus the largest sub-pattern that extends. The unbounded table is the
# classic recursion on the lowest tile (discard it, or put it in a pong, the
# pair or a chow, missing members added). Pongs-only costs are computed
# directly from the sorted counts (each kind holds at most one block when
# capped; a 4 acts as a 3 and a 1 when unbounded).
#
# Wuhan routes (``wuhan_*`` functions, used by ``wuhanmj.analysis``) remove 红中
# and the 痞子 (they can only leave the hand) and forbid them as added tiles. A
# suit that holds the 痞子 splits into one or two *segments*; each segment has
# its own small table (base-5 key, 4-bit fields), built on first use.

from libc.stdint cimport uint16_t, uint64_t

cdef enum:
    SH_INF = 99              # "impossible" in working arrays
    SH_NTAU = 16             # 15 targets (k = 0..4) x (none, any, 258), padded
    SH_FLAG = 1 << 28
    N_ROUTES = 7

ROUTE_NAMES = ("xiaohu", "pengpenghu", "qingyise_m", "qingyise_p", "qingyise_s",
               "jiangyise", "fengyise")

cdef uint32_t* SH_SC = NULL      # suits, chows allowed, capped
cdef uint32_t* SH_SU = NULL      # suits, chows allowed, unbounded
cdef uint32_t* SH_HC = NULL      # honors (pongs only), capped
cdef uint32_t* SH_HU = NULL      # honors, unbounded
cdef list _sh_keep = []          # numpy arrays that own the table memory
cdef bint _sh_ready = False
cdef dict _seg_tables = {}       # (lo, length) -> (cap array, unb array), uint64
cdef uint16_t _JIANG_SUIT = (1 << 1) | (1 << 4) | (1 << 7)


cdef inline int _tau_size(int t) noexcept nogil:
    # tau = 3 * k + mode
    return 3 * (t // 3) + (2 if t % 3 else 0)


cdef inline int32_t _gkey(const uint8_t* c, int n, bint rank) noexcept nogil:
    cdef int32_t k = 0
    cdef int i
    if rank:
        return _suit_rank(c)
    i = n - 1
    while i >= 0:
        k = 5 * k + c[i]
        i -= 1
    return k


# ---------------------------------------------------------------- table build

cdef int _sh_build_group(int n, bint rank, int64_t npat, const uint8_t* pats, bint chows,
                         int jiang, uint8_t* cap, uint8_t* unb, uint8_t* mflag,
                         uint16_t* ext) noexcept nogil:
    """Fill cap[idx*16 + tau] and unb[idx*16 + tau] (SH_INF = impossible) for every pattern.

    ``pats``: npat x n counts in key order (a pattern with total above 14 is skipped);
    ``mflag``, ``ext``: scratch of npat entries. Returns 0.
    """
    cdef int64_t idx
    cdef int i, p, t, tot, u, j, lo, q, added, k, mode
    cdef uint8_t buf[9]
    cdef int best[SH_NTAU]
    cdef int8_t up[SH_NTAU]
    cdef int32_t sub
    cdef uint8_t m
    cdef uint16_t e
    cdef const uint8_t* c
    cdef uint8_t* row
    cdef int8_t* urow
    cdef bint has_jiang = jiang != 0
    # pass A: exact decompositions. bit 0 sets only, 1 sets + a pair, 2 sets + a 2/5/8 pair
    for idx in range(npat):
        c = pats + idx * n
        tot = 0
        for p in range(n):
            buf[p] = c[p]
            tot += c[p]
        mflag[idx] = 0
        if tot > MAX_TILES:
            continue
        i = 0
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            mflag[idx] = 1
            continue
        m = 0
        if c[i] >= 3:
            buf[i] -= 3
            m |= mflag[_gkey(buf, n, rank)]
            buf[i] += 3
        if c[i] >= 2:
            buf[i] -= 2
            if mflag[_gkey(buf, n, rank)] & 1:
                m |= 2
                if (jiang >> i) & 1:
                    m |= 4
            buf[i] += 2
        if chows and i + 2 < n and c[i + 1] and c[i + 2]:
            buf[i] -= 1
            buf[i + 1] -= 1
            buf[i + 2] -= 1
            m |= mflag[_gkey(buf, n, rank)]
        mflag[idx] = m
    # pass B (keys downwards): ext[idx] bit tau = the pattern extends to tau
    idx = npat - 1
    while idx >= 0:
        c = pats + idx * n
        tot = 0
        for p in range(n):
            buf[p] = c[p]
            tot += c[p]
        ext[idx] = 0
        if tot <= MAX_TILES:
            m = mflag[idx]
            e = 0
            if (m & 1) and tot % 3 == 0:
                e |= 1 << (tot // 3 * 3)
            if tot % 3 == 2:
                if m & 2:
                    e |= 1 << ((tot - 2) // 3 * 3 + 1)
                if m & 4:
                    e |= 1 << ((tot - 2) // 3 * 3 + 2)
            if tot < MAX_TILES:
                for p in range(n):
                    if buf[p] < 4:
                        buf[p] += 1
                        e |= ext[_gkey(buf, n, rank)]
                        buf[p] -= 1
            ext[idx] = e
        idx -= 1
    # pass C (keys upwards): largest sub-pattern extending to tau, kept in cap as int8
    for idx in range(npat):
        c = pats + idx * n
        tot = 0
        for p in range(n):
            buf[p] = c[p]
            tot += c[p]
        urow = <int8_t*>(cap + idx * SH_NTAU)
        for t in range(SH_NTAU):
            up[t] = -1
        if tot <= MAX_TILES:
            for p in range(n):
                if buf[p] > 0:
                    buf[p] -= 1
                    sub = _gkey(buf, n, rank)
                    buf[p] += 1
                    for t in range(SH_NTAU):
                        if (<int8_t*>(cap + sub * SH_NTAU))[t] > up[t]:
                            up[t] = (<int8_t*>(cap + sub * SH_NTAU))[t]
            for t in range(15):
                if (ext[idx] >> t) & 1:
                    up[t] = tot
        for t in range(SH_NTAU):
            urow[t] = up[t]
    for idx in range(npat):
        row = cap + idx * SH_NTAU
        for t in range(SH_NTAU):
            u = (<int8_t*>row)[t]
            row[t] = SH_INF if (u < 0 or t == 15) else _tau_size(t) - u
    # unbounded: recursion on the lowest tile, keys upwards
    for idx in range(npat):
        c = pats + idx * n
        tot = 0
        for p in range(n):
            buf[p] = c[p]
            tot += c[p]
        row = unb + idx * SH_NTAU
        if tot > MAX_TILES:
            for t in range(SH_NTAU):
                row[t] = SH_INF
            continue
        i = 0
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            for t in range(15):
                k = t // 3
                mode = t % 3
                row[t] = 3 * k + (2 if mode else 0)
                if mode == 2 and not has_jiang:
                    row[t] = SH_INF
            row[15] = SH_INF
            continue
        # discard one copy of i
        buf[i] -= 1
        sub = _gkey(buf, n, rank)
        buf[i] += 1
        for t in range(SH_NTAU):
            best[t] = unb[sub * SH_NTAU + t]
        # pong of i
        u = c[i] if c[i] < 3 else 3
        buf[i] -= u
        sub = _gkey(buf, n, rank)
        buf[i] += u
        for t in range(3, 15):
            if 3 - u + unb[sub * SH_NTAU + t - 3] < best[t]:
                best[t] = 3 - u + unb[sub * SH_NTAU + t - 3]
        # the pair on i
        u = c[i] if c[i] < 2 else 2
        buf[i] -= u
        sub = _gkey(buf, n, rank)
        buf[i] += u
        for k in range(5):
            if 2 - u + unb[sub * SH_NTAU + 3 * k] < best[3 * k + 1]:
                best[3 * k + 1] = 2 - u + unb[sub * SH_NTAU + 3 * k]
            if (jiang >> i) & 1 and 2 - u + unb[sub * SH_NTAU + 3 * k] < best[3 * k + 2]:
                best[3 * k + 2] = 2 - u + unb[sub * SH_NTAU + 3 * k]
        # chows holding i (members below i are absent, hence added)
        if chows:
            for j in range(3):
                lo = i - j
                if lo < 0 or lo + 2 >= n:
                    continue
                added = j
                buf[i] -= 1
                for q in range(i + 1, lo + 3):
                    if buf[q] > 0:
                        buf[q] -= 1
                    else:
                        added += 1
                sub = _gkey(buf, n, rank)
                for p in range(n):
                    buf[p] = c[p]
                for t in range(3, 15):
                    if added + unb[sub * SH_NTAU + t - 3] < best[t]:
                        best[t] = added + unb[sub * SH_NTAU + t - 3]
        for t in range(SH_NTAU):
            row[t] = best[t] if best[t] < SH_INF else SH_INF
        row[15] = SH_INF
    return 0


cdef int _sh_pack(const uint8_t* v, uint32_t* out) noexcept nogil:
    """Pack 15 costs into the 2-bit step format; -1 if they do not fit (a bug)."""
    cdef uint32_t r = 0
    cdef int k, mode, step, base
    for mode in range(3):
        base = v[mode]
        if mode == 0 and base != 0:
            return -1
        if base >= SH_INF:
            if mode != 2:
                return -1
            r |= (<uint32_t>3) << 18
            continue
        if base > 2:
            return -1
        if mode == 1:
            r |= (<uint32_t>base) << 8
        elif mode == 2:
            r |= (<uint32_t>base) << 18
        for k in range(1, 5):
            step = v[3 * k + mode] - v[3 * (k - 1) + mode]
            if step < 0 or step > 3:
                return -1
            r |= (<uint32_t>step) << (10 * mode + 2 * (k - 1))
    out[0] = r
    return 0


cdef object _sh_group_arrays(int n, bint rank, bint chows, int jiang):
    """(cap, unb) uint8 arrays (npat, 16) for a group of n positions."""
    cdef cnp.ndarray pats
    cdef int64_t npat, key
    cdef int i, r
    cdef uint8_t* pp
    if rank:
        _ensure()
        pats = _pattern_arr
        npat = N_SUIT
    else:
        npat = 1
        for i in range(n):
            npat *= 5
        pats = np.zeros((npat, n), dtype=np.uint8)
        pp = <uint8_t*>cnp.PyArray_DATA(pats)
        for key in range(npat):
            r = key
            for i in range(n):
                pp[key * n + i] = r % 5
                r = r // 5
    cap = np.empty((npat, SH_NTAU), dtype=np.uint8)
    unb = np.empty((npat, SH_NTAU), dtype=np.uint8)
    mflag = np.empty(npat, dtype=np.uint8)
    ext = np.empty(npat, dtype=np.uint16)
    cdef const uint8_t* pt = <const uint8_t*>cnp.PyArray_DATA(pats)
    cdef uint8_t* cp = <uint8_t*>cnp.PyArray_DATA(cap)
    cdef uint8_t* up = <uint8_t*>cnp.PyArray_DATA(unb)
    cdef uint8_t* mp = <uint8_t*>cnp.PyArray_DATA(mflag)
    cdef uint16_t* ep = <uint16_t*>cnp.PyArray_DATA(ext)
    # the GIL stays held: a second thread asking for the tables meanwhile waits instead of
    # building them twice
    _sh_build_group(n, rank, npat, pt, chows, jiang, cp, up, mp, ep)
    return cap, unb


cdef object _sh_packed(object cap, object unb):
    """Two uint32 tables (capped with the differs flag, unbounded) from (npat, 16) costs."""
    cdef cnp.ndarray ca = cap, ua = unb
    cdef int64_t npat = ca.shape[0], idx
    cdef int t, bad = 0
    pc = np.zeros(npat, dtype=np.uint32)
    pu = np.zeros(npat, dtype=np.uint32)
    cdef uint32_t* a = <uint32_t*>cnp.PyArray_DATA(pc)
    cdef uint32_t* b = <uint32_t*>cnp.PyArray_DATA(pu)
    cdef const uint8_t* cv = <const uint8_t*>cnp.PyArray_DATA(ca)
    cdef const uint8_t* uv = <const uint8_t*>cnp.PyArray_DATA(ua)
    for idx in range(npat):
        if cv[idx * SH_NTAU] >= SH_INF:      # a pattern above 14 tiles: never looked up
            continue
        if _sh_pack(cv + idx * SH_NTAU, a + idx) or _sh_pack(uv + idx * SH_NTAU, b + idx):
            bad = 1
            break
        for t in range(15):
            if cv[idx * SH_NTAU + t] != uv[idx * SH_NTAU + t]:
                a[idx] |= SH_FLAG
                break
    if bad:
        raise RuntimeError("shanten table entry does not fit the packed format")
    pc.flags.writeable = False
    pu.flags.writeable = False
    return pc, pu


cdef void _sh_build() except *:
    global SH_SC, SH_SU, SH_HC, SH_HU, _sh_ready
    cap, unb = _sh_group_arrays(9, True, True, _JIANG_SUIT)
    sc, su = _sh_packed(cap, unb)
    del cap, unb
    cap, unb = _sh_group_arrays(7, False, False, 0)
    hc, hu = _sh_packed(cap, unb)
    _sh_keep[:] = [sc, su, hc, hu]
    SH_SC = <uint32_t*>cnp.PyArray_DATA(sc)
    SH_SU = <uint32_t*>cnp.PyArray_DATA(su)
    SH_HC = <uint32_t*>cnp.PyArray_DATA(hc)
    SH_HU = <uint32_t*>cnp.PyArray_DATA(hu)
    _sh_ready = True


cdef inline void _sh_ensure() except *:
    if not _sh_ready:
        _sh_build()


def shanten_tables():
    """The shanten tables, built on first use: a dict of read-only uint32 arrays.

    ``suit_capped``, ``suit_unbounded`` (shape (405350,), suit rank key) and
    ``honor_capped``, ``honor_unbounded`` (shape (78125,), base-5 honor key), in the
    packed format described in ``_shanten.pxi``.
    """
    _sh_ensure()
    return dict(zip(("suit_capped", "suit_unbounded", "honor_capped", "honor_unbounded"), _sh_keep))


# ---------------------------------------------------------------- group vectors

cdef inline void _sh_decode(uint32_t e, int pm, int* N, int* P) noexcept nogil:
    """Costs for k = 0..4 with no pair (N) and with the pair of mode pm (P)."""
    cdef int k, base, sh
    N[0] = 0
    for k in range(1, 5):
        N[k] = N[k - 1] + ((e >> (2 * k - 2)) & 3)
    if pm == PAIR_ANY:
        base = (e >> 8) & 3
        sh = 10
    else:
        base = (e >> 18) & 3
        sh = 20
        if base == 3:
            for k in range(5):
                P[k] = SH_INF
            return
    P[0] = base
    for k in range(1, 5):
        P[k] = P[k - 1] + ((e >> (sh + 2 * k - 2)) & 3)


cdef inline void _sh_nib(uint64_t e, int pm, int* N, int* P) noexcept nogil:
    """Costs from a segment entry (4-bit fields per tau, 15 = impossible)."""
    cdef int k, v
    for k in range(5):
        v = (e >> (4 * 3 * k)) & 15
        N[k] = SH_INF if v == 15 else v
        v = (e >> (4 * (3 * k + pm))) & 15
        P[k] = SH_INF if v == 15 else v


cdef void _sh_pong(const uint8_t* c, int n, int jiang, int allowed, bint unb, int pm,
                   int* N, int* P) noexcept nogil:
    """Pongs-only costs of one group, computed from its counts.

    Capped, a kind holds at most one block (a pong and a pair would need five), so
    the k pongs and the pair sit on the k+1 fullest allowed kinds. Unbounded, a 4
    acts as a 3 plus a 1 and empty kinds never run out.
    """
    cdef int v[24]
    cdef int jf[24]
    cdef int m = 0, i, a, b, tmp, k, j, cost, best
    cdef int S[7]
    for i in range(n):
        if not (allowed >> i) & 1:
            continue
        if unb and c[i] == 4:
            v[m] = 3
            jf[m] = (jiang >> i) & 1
            m += 1
            v[m] = 1
        else:
            v[m] = c[i]
        jf[m] = (jiang >> i) & 1
        m += 1
    if unb and m > 0:
        # enough empty kinds for every block; a spare empty jiang kind if any jiang exists
        tmp = 0
        for i in range(m):
            tmp |= jf[i]
        for i in range(6):
            v[m] = 0
            jf[m] = tmp
            m += 1
    # sort descending (stable insertion sort, at most 24 entries)
    for a in range(1, m):
        tmp = v[a]
        j = jf[a]
        b = a - 1
        while b >= 0 and v[b] < tmp:
            v[b + 1] = v[b]
            jf[b + 1] = jf[b]
            b -= 1
        v[b + 1] = tmp
        jf[b + 1] = j
    S[0] = 0
    for k in range(1, 7):
        if k <= m:
            S[k] = S[k - 1] + 3 - (v[k - 1] if v[k - 1] < 3 else 3)
        else:
            S[k] = SH_INF
    for k in range(5):
        N[k] = S[k] if S[k] < SH_INF else SH_INF
        P[k] = SH_INF
        if pm == PAIR_ANY:
            if k + 1 <= m:
                P[k] = S[k + 1] - (1 if v[k] <= 2 else 0)
        else:
            best = SH_INF
            for j in range(m):
                if not jf[j]:
                    continue
                cost = 2 - (v[j] if v[j] < 2 else 2)
                if j < k:
                    if k + 1 > m:
                        continue
                    cost += S[k + 1] - (3 - (v[j] if v[j] < 3 else 3))
                else:
                    if k > m - 1:
                        continue
                    cost += S[k]
                if cost < best:
                    best = cost
            P[k] = best


cdef inline void _sh_mp(const int* N1, const int* P1, const int* N2, const int* P2,
                        int* N, int* P, int K) noexcept nogil:
    """Min-plus merge of two groups' costs (the pair in at most one of them)."""
    cdef int k, j, x, y, z
    for k in range(K + 1):
        x = SH_INF
        y = SH_INF
        for j in range(k + 1):
            z = N1[j] + N2[k - j]
            if z < x:
                x = z
            z = N1[j] + P2[k - j]
            if z < y:
                y = z
            z = P1[j] + N2[k - j]
            if z < y:
                y = z
        N[k] = x if x < SH_INF else SH_INF
        P[k] = y if y < SH_INF else SH_INF


cdef inline int _sh_merge4(int (*N)[5], int (*P)[5], int K) noexcept nogil:
    """Least cost of K sets and the pair over the four groups."""
    cdef int A[5]
    cdef int B[5]
    cdef int C[5]
    cdef int D[5]
    cdef int j, best = SH_INF, z
    _sh_mp(N[0], P[0], N[1], P[1], A, B, K)
    _sh_mp(N[2], P[2], N[3], P[3], C, D, K)
    for j in range(K + 1):
        z = A[j] + D[K - j]
        if z < best:
            best = z
        z = B[j] + C[K - j]
        if z < best:
            best = z
    return best


# ---------------------------------------------------------------- exact slow path

cdef int _sh_exact(const uint8_t* r, const uint8_t* forbid, int K, int pm, bint chows,
                   int w) noexcept nogil:
    """Exact distance by a dynamic program over the 34 kinds (any excess up to w).

    State: chows started one and two kinds back (a, b), sets begun (k), pair placed
    (p), excess used (e). A forbidden kind takes part in no block. Returns
    max(0, least A - w), or SH_INF.
    """
    cdef int E = w if w < 10 else 10
    cdef int cur[5][5][5][2][11]
    cdef int nxt[5][5][5][2][11]
    cdef int i, a, b, k, p, e, s, t, q, need, add, ex, v, smax, best
    for a in range(5):
        for b in range(5):
            for k in range(5):
                for p in range(2):
                    for e in range(11):
                        cur[a][b][k][p][e] = SH_INF
    cur[0][0][0][0][0] = 0
    for i in range(34):
        for a in range(5):
            for b in range(5):
                for k in range(5):
                    for p in range(2):
                        for e in range(E + 1):
                            nxt[a][b][k][p][e] = SH_INF
        for a in range(5):
            for b in range(5 - a):
                for k in range(a + b, K + 1):
                    for p in range(2):
                        for e in range(E + 1):
                            v = cur[a][b][k][p][e]
                            if v >= SH_INF:
                                continue
                            smax = K - k if (chows and i < 27 and i % 9 <= 6) else 0
                            for s in range(smax + 1):
                                for t in range(K - k - s + 1):
                                    for q in range(2 - p):
                                        if q and pm == PAIR_258 and not (i < 27 and i % 9 in (1, 4, 7)):
                                            continue
                                        need = a + b + s + 3 * t + 2 * q
                                        if need and forbid[i]:
                                            continue
                                        ex = need - 4 if need > 4 else 0
                                        if e + ex > E:
                                            continue
                                        add = need - r[i] if need > r[i] else 0
                                        if v + add < nxt[s][a][k + s + t][p + q][e + ex]:
                                            nxt[s][a][k + s + t][p + q][e + ex] = v + add
        for a in range(5):
            for b in range(5):
                for k in range(5):
                    for p in range(2):
                        for e in range(E + 1):
                            cur[a][b][k][p][e] = nxt[a][b][k][p][e]
    best = SH_INF
    for e in range(E + 1):
        if cur[0][0][K][1][e] < best:
            best = cur[0][0][K][1][e]
    if best >= SH_INF:
        return SH_INF
    return best - w if best > w else 0


# ---------------------------------------------------------------- plain shanten

cdef uint8_t _NO_FORBID[34]
memset(_NO_FORBID, 0, 34)


cdef inline void _sh_groups(const uint8_t* c, int pm, bint pungs, bint unb, int (*N)[5],
                            int (*P)[5], bint* diff) noexcept nogil:
    """Costs of the four groups of a hand (no forbidden kinds)."""
    cdef int g, i
    cdef uint32_t e
    diff[0] = False
    for g in range(4):
        if pungs:
            _sh_pong(c + 9 * g, 7 if g == 3 else 9, _JIANG_SUIT if g < 3 else 0, 0x1FF,
                     unb, pm, N[g], P[g])
            if not unb:
                for i in range(7 if g == 3 else 9):
                    if c[9 * g + i] == 4:
                        diff[0] = True
        else:
            if g < 3:
                e = (SH_SU if unb else SH_SC)[_suit_rank(c + 9 * g)]
            else:
                e = (SH_HU if unb else SH_HC)[_honor_key(c + 27)]
            if e & SH_FLAG:
                diff[0] = True
            _sh_decode(e, pm, N[g], P[g])


cdef int _sh_distance(const uint8_t* c, int w, int K, int pm, bint pungs) noexcept nogil:
    """Distance d (tiles to come in) of a hand; shanten is d - 1."""
    cdef int N[4][5]
    cdef int P[4][5]
    cdef bint diff
    cdef int c0, cu
    _sh_groups(c, pm, pungs, False, N, P, &diff)
    c0 = _sh_merge4(N, P, K)
    if w == 0 or not diff or c0 <= w:
        return c0 - w if c0 > w else 0
    _sh_groups(c, pm, pungs, True, N, P, &diff)
    cu = _sh_merge4(N, P, K)
    if cu >= c0:
        return c0 - w
    return _sh_exact(c, _NO_FORBID, K, pm, not pungs, w)


cdef int _sh_check(int total, int w) except -1:
    if total + w > MAX_TILES:
        raise ShapeError(f"{total} tiles + {w} wildcards: a hand holds at most {MAX_TILES}")
    if (total + w) % 3 == 0:
        raise ShapeError(
            f"{total} tiles + {w} wildcards = {total + w}: shanten needs 3k+1 or 3k+2 tiles"
        )
    return 0


def shanten(counts, wilds=0, pair="258", pungs_only=False):
    """Shanten (向听) of a regular hand: -1 complete, 0 ready, n = n exchanges from ready (W1, W2, D8).

    The number the ``mahjong`` package computes for regular hands (no seven pairs), extended
    to wildcards and the 2/5/8 pair: the least number of tiles that must come in, minus one.
    Drawn tiles are never a fifth copy; a wildcard may stand for anything, even a fifth copy
    (D8). Melds already made simply leave fewer sets to form: ``tiles + wilds`` = 3k+1 or
    3k+2 means k sets and a pair.

    Args:
        counts: 34 tile counts (list, tuple or numpy integer array of shape (34,)), each 0-4;
            红中 is an ordinary tile here.
        wilds: wildcards held (癞子 read as wild), 0-14.
        pair: ``"258"`` (the pair must be a 2, 5 or 8 of a suit, W2) or ``"any"``.
        pungs_only: every set must be a pong (碰碰胡 shape, W6): True or False (numpy
            bools and the ints 0 and 1 too); anything else is a ShapeError.

    Returns:
        int: -1 complete, 0 ready, n > 0 exchanges from ready (at most 8 for a regular
        hand with any pair; more with the 2/5/8 pair or pongs only).

    Raises:
        ShapeError: bad counts, a bad ``pair`` or ``pungs_only``, more than 14 tiles, or 3k tiles.
    """
    cdef uint8_t c[34]
    cdef int pm = _pair_mode(pair)
    cdef int total = _load_counts(counts, c)
    cdef int w = _check_wilds(wilds)
    _sh_check(total, w)
    _sh_ensure()
    return _sh_distance(c, w, (total + w) // 3, pm, _flag(pungs_only)) - 1


def shanten_batch(counts, wilds=0, pair="258", pungs_only=False):
    """:func:`shanten` over many hands, without the GIL.

    Args:
        counts: ``numpy.ndarray`` shape (N, 34), integer dtype (uint8 avoids a copy), 0-4.
        wilds: an int, or an integer array of shape (N,).
        pair, pungs_only: as for :func:`shanten`.

    Returns:
        ``numpy.ndarray`` shape (N,), dtype int8.

    Raises:
        ShapeError: bad shape or dtype; the first row with a count above 4, more than 14
            tiles, or 3k tiles.
    """
    cdef int pm = _pair_mode(pair)
    cdef bint pungs = _flag(pungs_only)
    arr, warr = _batch_inputs(counts, wilds)
    cdef const uint8_t[:, ::1] c = arr
    cdef const uint8_t[::1] w = warr
    cdef int64_t n = c.shape[0], r, bad = -1
    res = np.empty(n, dtype=np.int8)
    cdef int8_t[::1] out = res
    cdef int t
    _sh_ensure()
    with nogil:
        for r in range(n):
            t = _row_total(&c[r, 0])
            if t < 0 or t + w[r] > MAX_TILES or (t + w[r]) % 3 == 0:
                bad = r
                break
            out[r] = <int8_t>(_sh_distance(&c[r, 0], w[r], (t + w[r]) // 3, pm, pungs) - 1)
    if bad >= 0:
        t = _row_total(&c[bad, 0])
        if t < 0:
            raise ShapeError(f"row {bad}: counts must be 0 to 4")
        try:
            _sh_check(t, w[bad])
        except ShapeError as err:
            raise ShapeError(f"row {bad}: {err}") from None
    return res


# ---------------------------------------------------------------- Wuhan routes
#
# Routes to a legal win (W1-W3, W6-W8), each a target shape for the concealed part:
#   0 xiaohu      small hu: sets + a 2/5/8 pair, at most one 癞子 kept (W8: more forbid it)
#   1 pengpenghu  pongs + any pair (melds must be pongs/kongs)
#   2-4 qingyise  one suit, sets + any pair (melds of that suit)
#   5 jiangyise   all 2/5/8, any shape (W3)
#   6 fengyise    all honors, any shape (W3)
# 红中 and the 痞子 are removed from the hand (they only leave it, by special plays)
# and never stand as added tiles; the 癞子 are wildcards (D8). A route the melds
# rule out is skipped by the caller's route mask.

cdef struct WSpec:
    int laizi
    int routes
    uint8_t forbid[34]
    int nseg[3]
    int seg_lo[3][2]
    uint64_t* seg_cap[3][2]
    uint64_t* seg_unb[3][2]
    int seg_len[3][2]
    int allowed[4]


cdef struct WRow:
    # one group's capped costs for k = 0..4: chow mode (no pair, 2/5/8 pair, any pair),
    # pongs-only (no pair, any pair); flags: the unbounded costs may be lower
    int cN[5]
    int c258[5]
    int cAny[5]
    int pN[5]
    int pAny[5]
    bint cdiff
    bint pdiff


cdef struct WOthers:
    # the other three groups merged, for the small hu and pengpenghu routes
    int xN[5]
    int xP[5]
    int pN[5]
    int pP[5]
    bint xdiff
    bint pdiff


cdef object _seg_table(int lo, int length):
    """Segment tables (capped with flag bit 60, unbounded) for suit positions lo..lo+length-1."""
    key = (lo, length)
    got = _seg_tables.get(key)
    if got is not None:
        return got
    cdef int jiang = 0, p
    for p in range(length):
        if (lo + p) % 3 == 1:
            jiang |= 1 << p
    cap, unb = _sh_group_arrays(length, False, True, jiang)
    cdef cnp.ndarray ca = cap, ua = unb
    cdef int64_t npat = ca.shape[0], idx
    cdef int t, k, k2, mode, eff, v
    cdef bint lower
    cdef uint64_t x, y
    pc = np.zeros(npat, dtype=np.uint64)
    pu = np.zeros(npat, dtype=np.uint64)
    cdef uint64_t* a = <uint64_t*>cnp.PyArray_DATA(pc)
    cdef uint64_t* b = <uint64_t*>cnp.PyArray_DATA(pu)
    cdef const uint8_t* cv = <const uint8_t*>cnp.PyArray_DATA(ca)
    cdef const uint8_t* uv = <const uint8_t*>cnp.PyArray_DATA(ua)
    if True:   # GIL held throughout (see _sh_group_arrays)
        for idx in range(npat):
            x = 0
            y = 0
            for t in range(15):
                x |= (<uint64_t>(cv[idx * SH_NTAU + t] if cv[idx * SH_NTAU + t] < 15 else 15)) << (4 * t)
                y |= (<uint64_t>(uv[idx * SH_NTAU + t] if uv[idx * SH_NTAU + t] < 15 else 15)) << (4 * t)
            # flag: the unbounded cost beats the capped one even counting blocks that could
            # be added, without a tile of this segment, in another group (a short segment
            # cannot hold every target when capped, but a full suit always takes the rest)
            lower = False
            for t in range(15):
                k = t // 3
                mode = t % 3
                eff = SH_INF
                for k2 in range(k + 1):
                    v = cv[idx * SH_NTAU + 3 * k2 + mode] + 3 * (k - k2)
                    if v < eff:
                        eff = v
                    if mode:
                        v = cv[idx * SH_NTAU + 3 * k2] + 3 * (k - k2) + 2
                        if v < eff:
                            eff = v
                if uv[idx * SH_NTAU + t] < eff:
                    lower = True
            if lower:
                x |= (<uint64_t>1) << 60
            a[idx] = x
            b[idx] = y
    pc.flags.writeable = False
    pu.flags.writeable = False
    _seg_tables[key] = (pc, pu)
    return pc, pu


cdef int _w_arg(object value, int hi, str what) except -1:
    """An int argument 0..hi of the wuhan_* functions (numpy integers too; never a bool,
    float or str, which Cython would refuse with a TypeError or silently truncate)."""
    if type(value) is int:
        if 0 <= value <= hi:
            return <int>value
    elif (not isinstance(value, (bool, np.bool_)) and isinstance(value, (int, np.integer))
          and 0 <= value <= hi):
        return <int>int(value)
    raise ShapeError(f"{what}, got {value!r}")


cdef int _w_pizi(uint8_t* forbid, object pizi, int laizi) except -1:
    """Mark the 痞子 in ``forbid``: ``pizi`` is an iterable (never a str or bytes) of at
    most two kinds 0-33 other than the laizi (R3), plain or numpy ints (never a bool or
    float, which a C int would refuse with a TypeError or truncate)."""
    cdef object x, it
    cdef int n = 0, t
    if type(pizi) is tuple and len(<tuple>pizi) <= 2:
        it = pizi       # the usual case, from analysis and greedy
    elif isinstance(pizi, (str, bytes, bytearray)):
        raise ShapeError(f"pizi must be an iterable of at most two tile indices 0-33, got the str {pizi!r}")
    else:
        try:
            it = iter(pizi)
        except TypeError:
            raise ShapeError(
                f"pizi must be an iterable of at most two tile indices 0-33, got {pizi!r}") from None
    for x in it:
        n += 1
        if n > 2:
            raise ShapeError(f"pizi holds at most two tile indices (R3), got {pizi!r}")
        if type(x) is int:
            if not 0 <= x < 34:
                raise ShapeError(f"pizi must be tile indices 0-33 other than the laizi, got {x!r}")
        elif (isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer))
              or not 0 <= x < 34):
            raise ShapeError(f"pizi must be tile indices 0-33 other than the laizi, got {x!r}")
        t = <int>int(x)
        if t == laizi:
            raise ShapeError(f"pizi must be tile indices 0-33 other than the laizi, got {x!r}")
        forbid[t] = 1
    return 0


cdef int _w_spec(WSpec* sp, object laizi_arg, object pizi, object routes) except -1:
    """Fill a spec: 红中 and the 痞子 forbidden, suits holding 痞子 split into segments.
    Checks ``laizi`` (0-32) and ``routes`` (a mask 0-127 over ROUTE_NAMES)."""
    cdef int g, p, start, n
    cdef int laizi = _w_arg(laizi_arg, 32, "laizi must be a tile index 0-32 (never 红中)")
    sp.laizi = laizi
    sp.routes = _w_arg(routes, (1 << N_ROUTES) - 1,
                       f"routes must be an int bit mask 0-{(1 << N_ROUTES) - 1} over ROUTE_NAMES")
    memset(sp.forbid, 0, 34)
    sp.forbid[33] = 1
    _w_pizi(sp.forbid, pizi, laizi)
    for g in range(4):
        n = 7 if g == 3 else 9
        sp.allowed[g] = 0
        for p in range(n):
            if not sp.forbid[9 * g + p]:
                sp.allowed[g] |= 1 << p
    for g in range(3):
        sp.nseg[g] = 0
        if sp.allowed[g] == 0x1FF:
            continue
        p = 0
        while p < 9:
            if sp.forbid[9 * g + p]:
                p += 1
                continue
            start = p
            while p < 9 and not sp.forbid[9 * g + p]:
                p += 1
            cap, unb = _seg_table(start, p - start)
            sp.seg_lo[g][sp.nseg[g]] = start
            sp.seg_len[g][sp.nseg[g]] = p - start
            sp.seg_cap[g][sp.nseg[g]] = <uint64_t*>cnp.PyArray_DATA(cap)
            sp.seg_unb[g][sp.nseg[g]] = <uint64_t*>cnp.PyArray_DATA(unb)
            sp.nseg[g] += 1
    return 0


cdef void _w_chow(const uint8_t* r, int g, const WSpec* sp, bint unb, int* N, int* P258,
                  int* Pany, bint* diff) noexcept nogil:
    """Chow-mode costs of group g (segments for a suit holding 痞子)."""
    cdef uint32_t e
    cdef uint64_t x
    cdef int s, key, i
    cdef int n1[5]
    cdef int a1[5]
    cdef int j1[5]
    cdef int n2[5]
    cdef int a2[5]
    cdef int j2[5]
    diff[0] = False
    if g == 3 or sp.nseg[g] == 0:
        if g == 3:
            e = (SH_HU if unb else SH_HC)[_honor_key(r + 27)]
        else:
            e = (SH_SU if unb else SH_SC)[_suit_rank(r + 9 * g)]
        diff[0] = (e & SH_FLAG) != 0
        _sh_decode(e, PAIR_258, N, P258)
        _sh_decode(e, PAIR_ANY, N, Pany)
        return
    for s in range(sp.nseg[g]):
        key = 0
        i = sp.seg_len[g][s] - 1
        while i >= 0:
            key = 5 * key + r[9 * g + sp.seg_lo[g][s] + i]
            i -= 1
        x = sp.seg_cap[g][s][key]
        if (x >> 60) & 1:
            diff[0] = True
        if unb:
            x = sp.seg_unb[g][s][key]
        if s == 0:
            _sh_nib(x, PAIR_258, N, P258)
            _sh_nib(x, PAIR_ANY, N, Pany)
        else:
            _sh_nib(x, PAIR_258, n2, j2)
            _sh_nib(x, PAIR_ANY, n2, a2)
            for i in range(5):
                n1[i] = N[i]
                a1[i] = Pany[i]
                j1[i] = P258[i]
            _sh_mp(n1, j1, n2, j2, N, P258, 4)
            _sh_mp(n1, a1, n2, a2, N, Pany, 4)


cdef void _sh_pong_any(const uint8_t* c, int n, int allowed, int* N, int* P,
                       bint* has4) noexcept nogil:
    """Capped pongs-only costs with any pair (the same as _sh_pong, by a counting sort)."""
    cdef int h[5]
    cdef int v[6]
    cdef int i, m = 0, val, k, S
    h[0] = 0
    h[1] = 0
    h[2] = 0
    h[3] = 0
    h[4] = 0
    for i in range(n):
        if (allowed >> i) & 1:
            h[c[i]] += 1
    has4[0] = h[4] > 0
    val = 4
    while m < 6 and val >= 0:
        if h[val]:
            v[m] = val
            h[val] -= 1
            m += 1
        else:
            val -= 1
    S = 0
    for k in range(5):
        if k < m:
            P[k] = S + 3 - (v[k] if v[k] < 3 else 3) - (1 if v[k] <= 2 else 0)
        else:
            P[k] = SH_INF
        N[k] = S if S < SH_INF else SH_INF
        if k < m and S < SH_INF:
            S += 3 - (v[k] if v[k] < 3 else 3)
        else:
            S = SH_INF


cdef inline void _w_row(const uint8_t* r, int g, const WSpec* sp, WRow* row) noexcept nogil:
    cdef int n = 7 if g == 3 else 9
    _w_chow(r, g, sp, False, row.cN, row.c258, row.cAny, &row.cdiff)
    _sh_pong_any(r + 9 * g, n, sp.allowed[g], row.pN, row.pAny, &row.pdiff)


cdef inline void _w_row_for(const uint8_t* r, int g, const WSpec* sp, int routes,
                            WRow* row) noexcept nogil:
    """The parts of a row the routes read: chow costs (small hu, 清一色), pong costs (碰碰胡)."""
    if routes & 0x1D:
        _w_chow(r, g, sp, False, row.cN, row.c258, row.cAny, &row.cdiff)
    if routes & 2:
        _sh_pong_any(r + 9 * g, 7 if g == 3 else 9, sp.allowed[g], row.pN, row.pAny, &row.pdiff)


cdef void _w_others(const WRow* rows, int g, int K, WOthers* o) noexcept nogil:
    cdef int a, b, x
    cdef int tN[5]
    cdef int tP[5]
    a = 1 if g == 0 else 0
    b = 2 if g <= 1 else 1
    x = 3 if g <= 2 else 2
    _sh_mp(rows[a].cN, rows[a].c258, rows[b].cN, rows[b].c258, tN, tP, K)
    _sh_mp(tN, tP, rows[x].cN, rows[x].c258, o.xN, o.xP, K)
    _sh_mp(rows[a].pN, rows[a].pAny, rows[b].pN, rows[b].pAny, tN, tP, K)
    _sh_mp(tN, tP, rows[x].pN, rows[x].pAny, o.pN, o.pP, K)
    o.xdiff = rows[a].cdiff or rows[b].cdiff or rows[x].cdiff
    o.pdiff = rows[a].pdiff or rows[b].pdiff or rows[x].pdiff


cdef void _w_others_for(const WRow* rows, int g, int K, int routes, WOthers* o) noexcept nogil:
    """The merges of _w_others that the routes read: small hu (bit 0), 碰碰胡 (bit 1)."""
    cdef int a, b, x
    cdef int tN[5]
    cdef int tP[5]
    a = 1 if g == 0 else 0
    b = 2 if g <= 1 else 1
    x = 3 if g <= 2 else 2
    if routes & 1:
        _sh_mp(rows[a].cN, rows[a].c258, rows[b].cN, rows[b].c258, tN, tP, K)
        _sh_mp(tN, tP, rows[x].cN, rows[x].c258, o.xN, o.xP, K)
        o.xdiff = rows[a].cdiff or rows[b].cdiff or rows[x].cdiff
    if routes & 2:
        _sh_mp(rows[a].pN, rows[a].pAny, rows[b].pN, rows[b].pAny, tN, tP, K)
        _sh_mp(tN, tP, rows[x].pN, rows[x].pAny, o.pN, o.pP, K)
        o.pdiff = rows[a].pdiff or rows[b].pdiff or rows[x].pdiff


cdef inline int _w_close(const int* ON, const int* OP, const int* N, const int* P,
                         int K) noexcept nogil:
    """Least cost of K sets and the pair: the merged others plus one group."""
    cdef int j, z, best = SH_INF
    for j in range(K + 1):
        z = ON[j] + P[K - j]
        if z < best:
            best = z
        z = OP[j] + N[K - j]
        if z < best:
            best = z
    return best


cdef int _w_resolve(const uint8_t* r, const WSpec* sp, int route, int c0, bint diff, int w,
                    int K) noexcept nogil:
    """Distance of one route from its capped cost c0, checking the fifth-copy cases."""
    cdef int N[4][5]
    cdef int P[4][5]
    cdef int A[5]
    cdef int g, cu
    cdef bint d
    cdef uint8_t fb[34]
    if w == 0 or not diff or c0 <= w:
        return c0 - w if c0 > w else 0
    if route == 0:
        for g in range(4):
            _w_chow(r, g, sp, True, N[g], P[g], A, &d)
        cu = _sh_merge4(N, P, K)
    elif route == 1:
        for g in range(4):
            _sh_pong(r + 9 * g, 7 if g == 3 else 9, _JIANG_SUIT if g < 3 else 0, sp.allowed[g],
                     True, PAIR_ANY, N[g], P[g])
        cu = _sh_merge4(N, P, K)
    else:
        g = route - 2
        _w_chow(r, g, sp, True, N[0], A, P[0], &d)
        cu = P[0][K]
    if cu >= c0:
        return c0 - w
    memcpy(fb, sp.forbid, 34)
    if route >= 2:
        for g in range(34):
            if g // 9 != route - 2:
                fb[g] = 1
    return _sh_exact(r, fb, K, PAIR_258 if route == 0 else PAIR_ANY, route != 1, w)


cdef inline int _w_eval(const uint8_t* r, int w, int nj, int nh, int K, const WSpec* sp,
                        const WRow* rows, const WOthers* o, int g, int* out) noexcept nogil:
    """Shanten of every route (SH_INF when masked out); returns the least.

    ``rows`` are the four groups' costs; ``o`` the other three merged for group ``g``.
    """
    return _w_eval_g(r, w, nj, nh, K, sp, rows, o, g, &rows[g], out)


cdef int _w_eval_g(const uint8_t* r, int w, int nj, int nh, int K, const WSpec* sp,
                   const WRow* rows, const WOthers* o, int g, const WRow* rg,
                   int* out) noexcept nogil:
    """As _w_eval, with ``rg`` standing for ``rows[g]`` (no copy into the array)."""
    cdef int best = SH_INF, route, d, wk, q
    cdef const WRow* rq
    for route in range(N_ROUTES):
        out[route] = SH_INF
        if not (sp.routes >> route) & 1:
            continue
        if route == 0:
            wk = w if w < 1 else 1
            d = _w_resolve(r, sp, 0, _w_close(o.xN, o.xP, rg.cN, rg.c258, K),
                           o.xdiff or rg.cdiff, wk, K)
        elif route == 1:
            d = _w_resolve(r, sp, 1, _w_close(o.pN, o.pP, rg.pN, rg.pAny, K),
                           o.pdiff or rg.pdiff, w, K)
        elif route <= 4:
            q = route - 2
            rq = rg if q == g else &rows[q]
            d = _w_resolve(r, sp, route, rq.cAny[K], rq.cdiff, w, K)
        elif route == 5:
            d = 3 * K + 2 - nj - w
        else:
            d = 3 * K + 2 - nh - w
        if d < 0:
            d = 0
        out[route] = d - 1
        if d - 1 < best:
            best = d - 1
    return best


cdef inline int _w_prepare(const uint8_t* c, const WSpec* sp, uint8_t* r, int* w, int* nj,
                           int* nh) noexcept nogil:
    """Real usable counts r (癞子, 红中, 痞子 removed); returns the tile total."""
    cdef int t, total = 0
    nj[0] = 0
    nh[0] = 0
    for t in range(34):
        total += c[t]
        r[t] = 0 if (sp.forbid[t] or t == sp.laizi) else c[t]
        if t < 27 and t % 3 == 1:
            nj[0] += r[t]
        elif t >= 27:
            nh[0] += r[t]
    w[0] = c[sp.laizi]
    return total


cdef int _w_load(object counts, uint8_t* c, int want) except -1:
    """Counts of a Wuhan hand; ``want`` 1 or 2 for 3k+1 / 3k+2, 0 for either. Returns the total."""
    cdef int total = _load_counts(counts, c)
    if total > MAX_TILES:
        raise ShapeError(f"{total} tiles: a hand holds at most {MAX_TILES}")
    if total % 3 == 0 or (want and total % 3 != want):
        need = {0: "3k+1 or 3k+2", 1: "3k+1", 2: "3k+2"}[want]
        raise ShapeError(f"{total} tiles: this needs {need} tiles")
    return total


cdef int _w_value(const uint8_t* c, const WSpec* sp, int K, int* out) noexcept nogil:
    cdef uint8_t r[34]
    cdef WRow rows[4]
    cdef WOthers o
    cdef int w, nj, nh, g
    _w_prepare(c, sp, r, &w, &nj, &nh)
    for g in range(4):
        _w_row(r, g, sp, &rows[g])
    _w_others(rows, 0, K, &o)
    return _w_eval(r, w, nj, nh, K, sp, rows, &o, 0, out)


def wuhan_routes(counts, laizi, pizi=(), routes=0x7F):
    """Shanten of a Wuhan hand for every route (W1-W3, W6-W8, D8); low level, see ``analysis``.

    Args:
        counts: 34 counts of the concealed hand, 3k+1 or 3k+2 tiles (melds made leave k
            sets to form), 癞子, 红中 and 痞子 included.
        laizi: the 癞子 kind (its copies are wildcards): an int 0-32 (numpy integers too).
        pizi: the 痞子 kinds (R3): an iterable (not a str) of at most two ints 0-33 other
            than the laizi (numpy integers too, never bools or floats); empty when the
            rule is off.
        routes: bit mask over :data:`ROUTE_NAMES` of the routes the melds allow: an int
            0-127 (bit i = route i; 0 masks every route).

    Returns:
        tuple of 7 ints in the order of :data:`ROUTE_NAMES`; ``None`` for a masked route.

    Raises:
        ShapeError: bad counts, 3k tiles, a bad laizi, pizi or routes (a str, float,
            bool, or out of range).
    """
    cdef uint8_t c[34]
    cdef WSpec sp
    cdef int out[N_ROUTES]
    cdef int total = _w_load(counts, c, 0)
    cdef int g
    _w_spec(&sp, laizi, pizi, routes)
    _sh_ensure()
    with nogil:
        _w_value(c, &sp, total // 3, out)
    return tuple(None if out[g] >= SH_INF else out[g] for g in range(N_ROUTES))


cdef int _w_draws(const uint8_t* c, const WSpec* sp, int K, int8_t* out) noexcept nogil:
    """out[t] = best shanten after drawing kind t (127 if a fifth copy); returns the current best."""
    cdef uint8_t r[34]
    cdef WRow rows[4]
    cdef WRow saved
    cdef WOthers o[4]
    cdef int res[N_ROUTES]
    cdef int w, nj, nh, g, t, base, n
    _w_prepare(c, sp, r, &w, &nj, &nh)
    for g in range(4):
        _w_row(r, g, sp, &rows[g])
    for g in range(4):
        _w_others(rows, g, K, &o[g])
    base = _w_eval(r, w, nj, nh, K, sp, rows, &o[0], 0, res)
    for t in range(34):
        out[t] = 127
        if c[t] >= 4:
            continue
        if sp.forbid[t]:
            out[t] = <int8_t>base     # 红中/痞子 drawn: one more tile to play out
            continue
        if t == sp.laizi:
            out[t] = <int8_t>_w_eval(r, w + 1, nj, nh, K, sp, rows, &o[0], 0, res)
            continue
        g = t // 9
        saved = rows[g]
        r[t] += 1
        _w_row(r, g, sp, &rows[g])
        out[t] = <int8_t>_w_eval(r, w, nj + (1 if (t < 27 and t % 3 == 1) else 0),
                                 nh + (1 if t >= 27 else 0), K, sp, rows, &o[g], g, res)
        r[t] -= 1
        rows[g] = saved
    return base


def wuhan_draws(counts, laizi, pizi=(), routes=0x7F):
    """Best shanten over the routes after drawing each kind, for a 3k+1 hand (low level).

    Args:
        counts, laizi, pizi, routes: as for :func:`wuhan_routes`; 3k+1 tiles.

    Returns:
        (current best shanten: int, ``numpy.ndarray`` (34,) int8: best shanten after
        drawing kind t, 127 where t would be a fifth copy).
    """
    cdef uint8_t c[34]
    cdef WSpec sp
    cdef int total = _w_load(counts, c, 1)
    cdef int base
    _w_spec(&sp, laizi, pizi, routes)
    _sh_ensure()
    res = np.empty(34, dtype=np.int8)
    cdef int8_t[::1] out = res
    with nogil:
        base = _w_draws(c, &sp, total // 3, &out[0])
    return base, res


cdef void _w_discards_c(uint8_t* c, const WSpec* sp, int K, int8_t* after,
                       int8_t* draws) noexcept nogil:
    """For each discard d: the best shanten after it (after[d]) and after each draw t
    (draws[34*d + t]). Rows of a group that neither the discard nor the draw touches are
    shared: a group's row after drawing t is worked out once for every discard elsewhere."""
    cdef uint8_t r[34]
    cdef WRow base[4]
    cdef WRow rows[4]
    cdef WRow plus[34]          # row of group t//9 with t added to the full hand
    cdef WRow saved
    cdef WOthers o[4]
    cdef int res[N_ROUTES]
    cdef int w, nj, nh, g, gd, t, d, s0, dj, dh
    _w_prepare(c, sp, r, &w, &nj, &nh)
    for g in range(4):
        _w_row(r, g, sp, &base[g])
    for t in range(34):
        if sp.forbid[t] or t == sp.laizi or c[t] >= 4:
            continue
        g = t // 9
        r[t] += 1
        _w_row(r, g, sp, &plus[t])
        r[t] -= 1
    for d in range(34):
        after[d] = 127
        for t in range(34):
            draws[34 * d + t] = 127
        if c[d] == 0 or sp.forbid[d] or d == sp.laizi:
            continue
        gd = d // 9
        c[d] -= 1
        r[d] -= 1
        dj = 1 if (d < 27 and d % 3 == 1) else 0
        dh = 1 if d >= 27 else 0
        for g in range(4):
            rows[g] = base[g]
        _w_row(r, gd, sp, &rows[gd])
        for g in range(4):
            _w_others(rows, g, K, &o[g])
        s0 = _w_eval(r, w, nj - dj, nh - dh, K, sp, rows, &o[0], 0, res)
        after[d] = <int8_t>s0
        for t in range(34):
            if c[t] >= 4:
                continue
            if sp.forbid[t]:
                draws[34 * d + t] = <int8_t>s0
                continue
            if t == sp.laizi:
                draws[34 * d + t] = <int8_t>_w_eval(r, w + 1, nj - dj, nh - dh, K, sp, rows,
                                                    &o[0], 0, res)
                continue
            g = t // 9
            r[t] += 1
            saved = rows[g]
            if g == gd:
                _w_row(r, g, sp, &rows[g])
            else:
                rows[g] = plus[t]
            draws[34 * d + t] = <int8_t>_w_eval(
                r, w, nj - dj + (1 if (t < 27 and t % 3 == 1) else 0),
                nh - dh + (1 if t >= 27 else 0), K, sp, rows, &o[g], g, res)
            rows[g] = saved
            r[t] -= 1
        c[d] += 1
        r[d] += 1


def wuhan_discards(counts, laizi, pizi=(), routes=0x7F):
    """For a 3k+2 hand: best shanten after each discard, and after each following draw.

    Only normal discards are considered: the 癞子, 红中 and 痞子 leave a hand by special
    plays (P3, R4), never as discards.

    Args:
        counts, laizi, pizi, routes: as for :func:`wuhan_routes`; 3k+2 tiles.

    Returns:
        (``after``: ``numpy.ndarray`` (34,) int8, best shanten after discarding kind d,
        127 when d is not held or may not be discarded; ``draws``: (34, 34) int8, row d is
        the best shanten after discarding d then drawing t, 127 for an impossible draw).
    """
    cdef uint8_t c[34]
    cdef WSpec sp
    cdef int total = _w_load(counts, c, 2)
    _w_spec(&sp, laizi, pizi, routes)
    _sh_ensure()
    after = np.empty(34, dtype=np.int8)
    draws = np.empty((34, 34), dtype=np.int8)
    cdef int8_t[::1] a = after
    cdef int8_t[:, ::1] dr = draws
    with nogil:
        _w_discards_c(c, &sp, total // 3, &a[0], &dr[0, 0])
    return after, draws



cdef bint _small_ints(tuple xs, uint8_t* out):
    """Fast path for a tuple of 34 plain ints 0-4 (False: let _load_counts check it)."""
    cdef Py_ssize_t i
    cdef object x
    cdef long v
    for i in range(34):
        x = xs[i]
        if type(x) is not int:
            return False
        try:
            v = x
        except OverflowError:
            return False
        if not 0 <= v <= 4:
            return False
        out[i] = <uint8_t>v
    return True


cdef inline int _w_tight(const int* ON, const int* OP, const int* N, const int* P, int K,
                         int shift) noexcept nogil:
    """Bits of the terms of _w_close(ON, OP, N, P, K) that reach its minimum: bit
    ``shift + k`` for P[k], bit ``shift + 5 + k`` for N[k] (k the group's sets)."""
    cdef int j, z, best = _w_close(ON, OP, N, P, K), bits = 0
    for j in range(K + 1):
        if ON[j] + P[K - j] == best:
            bits |= 1 << (shift + K - j)
        if OP[j] + N[K - j] == best:
            bits |= 1 << (shift + 5 + K - j)
    return bits


cdef inline int _w_lower(const WRow* a, const WRow* b, int K, int parts) noexcept nogil:
    """Bits of the costs where row ``a`` is below row ``b`` (the layout of _w_tight: small
    hu at shift 0, pengpenghu at shift 10; bit 20: the 清一色 cost of K sets), over the
    parts of ``a`` worked out (the route bits of _w_row_for: 0x1D chow costs, 2 pongs)."""
    cdef int k, bits = 0
    if parts & 0x1D:
        for k in range(5):
            if a.c258[k] < b.c258[k]:
                bits |= 1 << k
            if a.cN[k] < b.cN[k]:
                bits |= 1 << (5 + k)
        if a.cAny[K] < b.cAny[K]:
            bits |= 1 << 20
    if parts & 2:
        for k in range(5):
            if a.pAny[k] < b.pAny[k]:
                bits |= 1 << (10 + k)
            if a.pN[k] < b.pN[k]:
                bits |= 1 << (15 + k)
    return bits


cdef void _w_best_c(uint8_t* c, const WSpec* sp, int K, const uint8_t* allowed,
                    const uint8_t* unseen, int* out) noexcept nogil:
    """The first discard of the advice order among the allowed kinds (see wuhan_best_discard).

    out[0]: the kind (-1 when none is allowed), out[1]: its shanten, out[2]: the least
    shanten over every normal discard (127 when there is none).

    The values are those of _w_discards_c, with less work: the draws are tried only for
    the discards tied at the least allowed shanten ``top``, only for kinds with unseen
    copies, and only on the routes at ``top`` after the discard: a draw lowers a route's
    shanten by at most one, so a route above ``top`` cannot fall below it.

    A draw in a group other than the discard's changes only that group's costs, and
    each cost by at most one: it lowers a route exactly when it lowers a cost in a term
    that reaches the route's minimum (bit masks of _w_tight and _w_lower), as long as no
    wildcard may be read through the unbounded tables (no "diff" flag with 癞子 in hand);
    otherwise the route is evaluated in full."""
    cdef uint8_t r[34]
    cdef WRow base[4]
    cdef WRow rows[4]
    cdef WRow plus[34]          # row of group t//9 with t added to the full hand
    cdef uint8_t has_plus[34]
    cdef WRow saved
    cdef WOthers ob[4]          # the full hand's other three groups, for each group
    cdef WOthers o[4]
    cdef WSpec sl
    cdef WRow one
    cdef const WRow* rg
    cdef int vr[34][N_ROUTES]   # each route's shanten after each discard
    cdef int lower[34]          # _w_lower(plus[t], base[t // 9])
    cdef int tight[4]
    cdef int dflag[4]
    cdef bint hit, slow
    cdef int res[N_ROUTES]
    cdef int after[34]
    cdef int w, nj, nh, g, gd, t, d, s0, dj, dh, v, route, eff
    cdef int least = 127, top = 127, choice = -1, best_eff = -1
    _w_prepare(c, sp, r, &w, &nj, &nh)
    for g in range(4):
        _w_row(r, g, sp, &base[g])
    for g in range(4):
        _w_others(base, g, K, &ob[g])
    for d in range(34):
        after[d] = 127
        if c[d] == 0 or sp.forbid[d] or d == sp.laizi:
            continue
        gd = d // 9
        r[d] -= 1
        saved = base[gd]
        _w_row(r, gd, sp, &base[gd])
        s0 = _w_eval(r, w, nj - (1 if (d < 27 and d % 3 == 1) else 0),
                     nh - (1 if d >= 27 else 0), K, sp, base, &ob[gd], gd, vr[d])
        base[gd] = saved
        r[d] += 1
        after[d] = s0
        if s0 < least:
            least = s0
        if allowed[d] and s0 < top:
            top = s0
    out[2] = least
    out[1] = top
    out[0] = -1
    if top == 127:
        return
    memset(has_plus, 0, 34)
    sl = sp[0]
    for d in range(34):
        if after[d] != top or not allowed[d]:
            continue
        if choice < 0:
            choice = d              # the lowest kind, kept unless a later one counts more
        sl.routes = 0
        for route in range(N_ROUTES):
            if vr[d][route] == top:
                sl.routes |= 1 << route
        gd = d // 9
        c[d] -= 1
        r[d] -= 1
        dj = 1 if (d < 27 and d % 3 == 1) else 0
        dh = 1 if d >= 27 else 0
        for g in range(4):
            rows[g] = base[g]
        _w_row(r, gd, sp, &rows[gd])
        if sl.routes & 3:           # the small hu and pengpenghu routes merge the others
            for g in range(4):
                if g == gd:
                    o[g] = ob[g]
                else:
                    _w_others_for(rows, g, K, sl.routes, &o[g])
        for g in range(4):
            tight[g] = 0
            dflag[g] = 0
            if g == gd:
                continue
            if sl.routes & 1:
                tight[g] |= _w_tight(o[g].xN, o[g].xP, rows[g].cN, rows[g].c258, K, 0)
                if o[g].xdiff or rows[g].cdiff:
                    dflag[g] |= 1
            if sl.routes & 2:
                tight[g] |= _w_tight(o[g].pN, o[g].pP, rows[g].pN, rows[g].pAny, K, 10)
                if o[g].pdiff or rows[g].pdiff:
                    dflag[g] |= 2
            if g < 3 and (sl.routes >> (2 + g)) & 1:
                tight[g] |= 1 << 20
                if rows[g].cdiff:
                    dflag[g] |= 4
        eff = 0
        for t in range(34):
            if unseen[t] == 0 or c[t] >= 4 or sp.forbid[t]:
                continue            # nothing to count, a fifth copy, or no progress (红中/痞子)
            if t == sp.laizi:
                v = _w_eval(r, w + 1, nj - dj, nh - dh, K, &sl, rows, &o[gd], gd, res)
            else:
                g = t // 9
                r[t] += 1
                if g == gd:
                    _w_row_for(r, g, sp, sl.routes, &one)
                    rg = &one
                else:
                    v = (0x1D if sl.routes & 0x1D else 0) | (2 if sl.routes & 2 else 0)
                    if v & ~has_plus[t]:      # the row parts these routes read, once per kind
                        _w_row_for(r, g, sp, v & ~has_plus[t], &plus[t])   # g holds t, not d
                        has_plus[t] |= v
                        lower[t] = _w_lower(&plus[t], &base[g], K, has_plus[t])
                    rg = &plus[t]
                    slow = w > 0 and (
                        ((sl.routes & 1) and ((dflag[g] & 1) or rg.cdiff))
                        or ((sl.routes & 2) and ((dflag[g] & 2) or rg.pdiff))
                        or ((tight[g] >> 20) and ((dflag[g] & 4) or rg.cdiff)))
                    if not slow:
                        r[t] -= 1
                        hit = ((lower[t] & tight[g]) != 0
                               or ((sl.routes & 32) and t < 27 and t % 3 == 1)
                               or ((sl.routes & 64) and t >= 27))
                        if hit:
                            eff += unseen[t]
                        continue
                v = _w_eval_g(r, w, nj - dj + (1 if (t < 27 and t % 3 == 1) else 0),
                              nh - dh + (1 if t >= 27 else 0), K, &sl, rows, &o[g], g, rg, res)
                r[t] -= 1
            if v < top:
                eff += unseen[t]
        c[d] += 1
        r[d] += 1
        if eff > best_eff:
            best_eff = eff
            choice = d
    out[0] = choice


def wuhan_best_discard(counts, laizi, pizi=(), routes=0x7F, allowed=None, seen=None):
    """The discard of a 3k+2 hand that :func:`wuhanmj.analysis.discard_advice` ranks first,
    among ``allowed``: least shanten, then most unseen effective tiles, then lowest kind.

    The order of :func:`wuhan_discards` with the unseen effective tiles counted, at a
    fraction of the cost (the draws are tried only for the discards tied at the least
    shanten). Only normal discards count (not the 癞子, 红中 or 痞子, P3, R4).

    Args:
        counts, laizi, pizi, routes: as for :func:`wuhan_routes`; 3k+2 tiles.
        allowed: iterable of the kinds (ints 0-33) that may be discarded; None: any.
        seen: 34 counts 0-4 of the copies the player sees outside its concealed hand:
            its melds and the visible tiles (discards, other melds, special plays, the
            indicator, D6). A kind's unseen copies are 4 - counts - seen; a draw that
            lowers the shanten counts for them. None: nothing seen.

    Returns:
        ``(kind, shanten, least)``: the chosen kind and the shanten after discarding it
        (both None when no allowed kind may be discarded), and the least shanten after
        any normal discard (None when there is none).

    Raises:
        ShapeError: bad counts or seen, more than 4 copies of a kind in counts and seen
            together, 3k+1 tiles, a bad laizi, pizi or allowed kind.
    """
    cdef uint8_t c[34]
    cdef uint8_t un[34]
    cdef uint8_t al[34]
    cdef WSpec sp
    cdef int out[3]
    cdef int total = _w_load(counts, c, 2)
    cdef int t
    _w_spec(&sp, laizi, pizi, routes)
    if allowed is None:
        memset(al, 1, 34)
    else:
        memset(al, 0, 34)
        for x in allowed:
            if type(x) is int and 0 <= x < 34:
                al[<int>x] = 1
                continue
            if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x < 34:
                raise ShapeError(f"allowed must hold tile kinds 0-33, got {x!r}")
            al[<int>x] = 1
    if seen is None:
        memset(un, 0, 34)
    elif type(seen) is tuple and len(<tuple>seen) == 34 and _small_ints(<tuple>seen, un):
        pass
    else:
        _load_counts(seen, un)
    for t in range(34):
        if c[t] + un[t] > 4:
            raise ShapeError(f"{c[t] + un[t]} copies of kind {t} in counts and seen: at most 4")
        un[t] = 4 - c[t] - un[t]
    _sh_ensure()
    with nogil:
        _w_best_c(c, &sp, total // 3, al, un, out)
    return (None if out[0] < 0 else out[0], None if out[0] < 0 else out[1],
            None if out[2] >= 127 else out[2])
