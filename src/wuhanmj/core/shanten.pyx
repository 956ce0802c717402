"""Shanten (向听) of regular hands over the shanten tables (W1, W2, W6, D8).

Definition (the one the ``mahjong`` package computes for regular hands)
----------------------------------------------------------------------
A hand of ``n`` tiles plus ``w`` wildcards, ``n + w = 3K+1`` or ``3K+2``, is to become ``K``
sets plus one pair (melds already made are simply not in ``n``). Its *distance* ``d`` is
the least number of tiles that must come in: some real tiles are kept, the rest are
discarded, and the missing members of the K sets and the pair are added. Added tiles are
draws or wildcards. A draw can never be a fifth copy (the hand's own copies, kept or
discarded, are out of the wall); a wildcard may stand for anything, even a fifth copy
(D8). So a configuration that needs ``need_t`` copies of kind t costs
``A = sum max(0, need_t - c_t)`` added tiles and has *excess* ``E = sum max(0, need_t - 4)``,
which only wildcards can fill; it is allowed when ``E <= w`` and then ``d = max(0, A - w)``.
Shanten is ``d - 1``: -1 for a complete hand, 0 for a ready one.

Method
------
Each group's least ``A`` per target comes from the tables (``tables.pyx``): ``capped``
(E = 0) and ``unbounded`` (any E). A hand's exact value lies between the two merged values
(a min-plus merge over the four groups, :func:`sh_merge4` in ``shanten.pxd``: the K sets
split among the groups in every way, the pair in exactly one); they agree for almost
every hand, and when w > 0 and they disagree a small exact dynamic program over the
kinds, group by group, decides (:func:`sh_exact`). Pongs-only costs are computed directly from the sorted
counts (:func:`sh_pong`: each kind holds at most one block when capped; a 4 acts as a 3
and a 1 when unbounded).

The kernels are declared in ``shanten.pxd``, which Cython code may cimport;
``wuhanmj._core`` holds the Python-level calls (``shanten``, ``shanten_batch``) over them.
"""

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from wuhanmj.core.defs cimport JIANG_SUIT, PAIR_258, PAIR_ANY, SH_FLAG, SH_INF
from wuhanmj.core.tables cimport SH, honor_key, suit_rank

__all__: list = []  # no Python API: wuhanmj._core holds it

cdef uint8_t _NO_FORBID[34]
memset(_NO_FORBID, 0, 34)


cdef void sh_pong(const uint8_t* c, int n, int jiang, int allowed, bint unb, int pm,
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



# The group DP keeps the costs of one (a, b, k, p) for e = 0..E as the bytes of two 64-bit
# words (e = 0..7 in lo, 8..15 in hi; hi only when E >= 8): a choice then moves all of them
# at once. Every stored byte is at most SH_INF (99) and an added cost at most 14, so the
# bytes never carry into each other (below 128).
cdef enum:
    _X_TUPLES = 250      # (a, b, k, p): 5 x 5 x 5 x 2

cdef extern from *:
    """
    #define WMJ_BYTE_ONES 0x0101010101010101ULL
    #define WMJ_BYTE_HIGH 0x8080808080808080ULL
    #define WMJ_BYTE_INF (0x0101010101010101ULL * 99)
    """
    const uint64_t _ONES "WMJ_BYTE_ONES"     # 1 in every byte
    const uint64_t _HIGH "WMJ_BYTE_HIGH"     # 128 in every byte
    const uint64_t _INF8 "WMJ_BYTE_INF"      # SH_INF in every byte


cdef inline uint64_t _bmin(uint64_t x, uint64_t y) noexcept nogil:
    """Bytewise minimum of two words whose bytes are all below 128."""
    cdef uint64_t m = (((x | _HIGH) - y) & _HIGH) >> 7     # 1 in the bytes where x >= y
    m *= 0xFF
    return (y & m) | (x & ~m)


cdef inline uint64_t _fill(int n) noexcept nogil:
    """A word whose n lowest bytes (n = 0..8) are SH_INF, the others 0."""
    return _INF8 if n >= 8 else _INF8 & ((<uint64_t>1 << (8 * n)) - 1)


cdef void _exact_group(const uint8_t* r, const uint8_t* forbid, int n, bint chows, int jiang,
                       int pm, int K, int E, uint8_t* G) noexcept nogil:
    """Least added tiles of one group (n kinds from r[0], forbid[0]) for every (k, p, e).

    The DP of :func:`sh_exact` restricted to the group: it starts and ends with no chow
    open, so its answer needs no state from the other groups. ``chows``: chows may start
    at positions 0..n-3; ``jiang``: bit mask of the positions a 258 pair may sit on.
    G[(2 * k + p) * (E + 1) + e] is the least A for k sets, p pairs and exactly e excess
    (SH_INF when impossible).

    A state (a, b, k, p) is tuple ((a * (K+1) + b) * (K+1) + k) * 2 + p, its costs for
    every e packed in lo/hi (bytes above E are never read). A kind's choice (s chows
    starting, t pungs, q pairs) needs ``need = a + b + s + 3t + 2q`` copies and is
    allowed only if its excess fits in E - e, so need <= 4 + E bounds every loop; its
    excess shifts the packed costs up by that many bytes, its added tiles add to every
    byte. A flag per tuple skips the dead ones.
    """
    cdef uint64_t lo0[_X_TUPLES]
    cdef uint64_t lo1[_X_TUPLES]
    cdef uint64_t hi0[_X_TUPLES]
    cdef uint64_t hi1[_X_TUPLES]
    cdef uint8_t live0[_X_TUPLES]
    cdef uint8_t live1[_X_TUPLES]
    cdef uint64_t addv[15]       # the added tiles of each need, in every byte
    cdef int shv[15]             # E <= 7: the shift of each need's excess
    cdef uint64_t fillv[15]      # E <= 7: the bytes its shift empties, SH_INF
    cdef uint64_t* clo = lo0
    cdef uint64_t* nlo = lo1
    cdef uint64_t* chi = hi0
    cdef uint64_t* nhi = hi1
    cdef uint8_t* cl = live0
    cdef uint8_t* nl = live1
    cdef uint64_t* tw
    cdef uint8_t* tl
    cdef uint64_t slo, shi, zlo, zhi
    cdef bint wide = E >= 8
    cdef int K1 = K + 1, SE = E + 1
    cdef int tuples = K1 * K1 * K1 * 2, open0 = K1 * 2   # tuples with a = b = 0 come first
    cdef int maxneed = 4 + E
    cdef int j, x, a, b, u, k, p, s, t, q, qmax, smax, tsrc, tdst, need, ex, e
    for x in range(maxneed + 1):
        ex = x - 4 if x > 4 else 0
        shv[x] = 8 * ex if ex < 8 else 0
        fillv[x] = _fill(ex)
    memset(clo, SH_INF, tuples * 8)
    memset(chi, SH_INF, tuples * 8)
    memset(cl, 0, tuples)
    clo[0] = _INF8 & ~<uint64_t>0xFF
    cl[0] = 1
    for j in range(n):
        if forbid[j]:
            # nothing may need this kind: only the states with no chow open pass, unchanged
            memset(clo + open0, SH_INF, (tuples - open0) * 8)
            memset(chi + open0, SH_INF, (tuples - open0) * 8)
            memset(cl + open0, 0, tuples - open0)
            continue
        for x in range(maxneed + 1):
            addv[x] = (x - r[j] if x > r[j] else 0) * _ONES
        qmax = 1 if pm != PAIR_258 or (jiang >> j) & 1 else 0
        memset(nlo, SH_INF, tuples * 8)
        if wide:
            memset(nhi, SH_INF, tuples * 8)
        memset(nl, 0, tuples)
        for a in range(K1):
            for b in range(K1 - a):
                u = a + b
                for k in range(u, K1):
                    # u + s <= K <= 4 <= maxneed: only the pungs and the pair meet the bound
                    smax = K - k if chows and j + 2 < n else 0
                    for p in range(2):
                        tsrc = ((a * K1 + b) * K1 + k) * 2 + p
                        if not cl[tsrc]:
                            continue
                        slo = clo[tsrc]
                        shi = chi[tsrc]
                        for s in range(smax + 1):
                            for t in range(K - k - s + 1):
                                need = u + s + 3 * t
                                if need > maxneed:
                                    break
                                tdst = ((s * K1 + a) * K1 + k + s + t) * 2 + p
                                for q in range((qmax if p == 0 and need + 2 <= maxneed else 0) + 1):
                                    nl[tdst + q] = 1
                                    if not wide:
                                        nlo[tdst + q] = _bmin(nlo[tdst + q], ((slo << shv[need])
                                                              | fillv[need]) + addv[need])
                                    else:
                                        ex = need - 4 if need > 4 else 0
                                        if ex == 0:
                                            zlo = slo
                                            zhi = shi
                                        elif ex < 8:
                                            zlo = (slo << (8 * ex)) | _fill(ex)
                                            zhi = (shi << (8 * ex)) | (slo >> (64 - 8 * ex))
                                        else:
                                            zlo = _INF8
                                            zhi = (slo << (8 * ex - 64)) | _fill(ex - 8)
                                        nlo[tdst + q] = _bmin(nlo[tdst + q], zlo + addv[need])
                                        nhi[tdst + q] = _bmin(nhi[tdst + q], zhi + addv[need])
                                    need += 2
        tw = clo
        clo = nlo
        nlo = tw
        tw = chi
        chi = nhi
        nhi = tw
        tl = cl
        cl = nl
        nl = tl
    for x in range(open0):
        for e in range(SE):
            G[x * SE + e] = ((clo[x] >> (8 * e)) if e < 8 else (chi[x] >> (8 * e - 64))) & 0xFF


cdef int sh_exact(const uint8_t* r, const uint8_t* forbid, int K, int pm, bint chows,
                  int w) noexcept nogil:
    """Exact distance by a dynamic program over the kinds (any excess up to w; K <= 4).

    The configurations are those of the module's definition: at each kind i, ``s`` chows
    start (suits, positions 0..6, when ``chows``), ``t`` pungs and ``q`` (0 or 1) pairs
    sit (a 258 pair, W2, only on a 2, 5 or 8 when pm is PAIR_258), and the chows started
    one and two kinds back (``a``, ``b``) pass; the kind then needs ``need = a + b + s +
    3t + 2q`` copies, costing max(0, need - r[i]) added tiles and max(0, need - 4) excess
    (D8). A forbidden kind (forbid[i]) takes part in no block. Returns max(0, least A - w)
    over K sets and one pair with total excess at most min(w, 10), or SH_INF.

    Chows never leave their suit and honors take none, so each of the four groups (three
    suits of 9, the honors of 7) is its own DP (:func:`_exact_group`; an empty group is
    written down directly), giving the least A for every (sets k, pair p, excess e); a
    min-plus merge over (k, p, e) then joins them, the K sets split among the groups in
    every way and the pair in exactly one.
    """
    cdef int E = w if w < 10 else 10
    cdef int SE = E + 1, SK = 2 * SE, SB = (K + 1) * SK
    cdef uint8_t G[4][110]       # (k, p, e) per group, _exact_group's layout
    cdef uint8_t M[2][110]       # the merged groups so far
    cdef uint8_t low[110]        # the last group's least A at excess <= e
    cdef uint8_t* acc
    cdef uint8_t* out
    cdef const uint8_t* y
    cdef int g, n, k, k2, p, p2, e, e2, v, best, i
    cdef bint empty
    for g in range(4):
        n = 7 if g == 3 else 9
        empty = True
        for i in range(9 * g, 9 * g + n):
            if r[i] or forbid[i]:
                empty = False
        if not empty:
            _exact_group(r + 9 * g, forbid + 9 * g, n, chows and g < 3,
                         JIANG_SUIT if g < 3 else 0, pm, K, E, G[g])
            continue
        # no tile and nothing forbidden: k pungs and p pairs on distinct kinds (k + p <= 5,
        # a 2, 5 or 8 for the pair) cost 3k + 2p, which every way of k sets and p pairs
        # costs here; one with excess only spends wildcards, so e = 0 alone is kept
        memset(G[g], SH_INF, SB)
        for k in range(K + 1):
            G[g][2 * k * SE] = 3 * k
            if pm != PAIR_258 or g < 3:
                G[g][(2 * k + 1) * SE] = 3 * k + 2
    # groups 0..2 merged: M[k][p][e] the least over every split of k, p and e
    acc = G[0]
    for g in range(1, 3):
        out = M[g - 1]
        memset(out, SH_INF, SB)
        y = G[g]
        for k in range(K + 1):
            for p in range(2):
                for e in range(SE):
                    v = acc[(2 * k + p) * SE + e]
                    if v >= SH_INF:
                        continue
                    for k2 in range(K - k + 1):
                        for p2 in range(2 - p):
                            for e2 in range(SE - e):
                                i = (2 * (k + k2) + p + p2) * SE + e + e2
                                if v + y[(2 * k2 + p2) * SE + e2] < out[i]:
                                    out[i] = v + y[(2 * k2 + p2) * SE + e2]
        acc = out
    # the honors close it: K sets and the pair in all, the excess within E
    y = G[3]
    for i in range(SB):
        low[i] = y[i]
        if i % SE and low[i - 1] < low[i]:
            low[i] = low[i - 1]
    best = SH_INF
    for k in range(K + 1):
        for p in range(2):
            for e in range(SE):
                v = acc[(2 * k + p) * SE + e] + low[(2 * (K - k) + 1 - p) * SE + E - e]
                if v < best:
                    best = v
    if best >= SH_INF:
        return SH_INF
    return best - w if best > w else 0



cdef inline void _sh_groups(const uint8_t* c, int pm, bint pungs, bint unb, int (*N)[5],
                            int (*P)[5], bint* diff) noexcept nogil:
    """Costs of the four groups of a hand (no forbidden kinds)."""
    cdef int g, i
    cdef uint32_t e
    diff[0] = False
    for g in range(4):
        if pungs:
            sh_pong(c + 9 * g, 7 if g == 3 else 9, JIANG_SUIT if g < 3 else 0, 0x1FF,
                     unb, pm, N[g], P[g])
            if not unb:
                for i in range(7 if g == 3 else 9):
                    if c[9 * g + i] == 4:
                        diff[0] = True
        else:
            if g < 3:
                e = (SH.suit_unbounded if unb else SH.suit_capped)[suit_rank(c + 9 * g)]
            else:
                e = (SH.honor_unbounded if unb else SH.honor_capped)[honor_key(c + 27)]
            if e & SH_FLAG:
                diff[0] = True
            sh_decode(e, pm, N[g], P[g])


cdef int sh_distance(const uint8_t* c, int w, int K, int pm, bint pungs) noexcept nogil:
    """Distance d (tiles to come in) of a hand; shanten is d - 1."""
    cdef int N[4][5]
    cdef int P[4][5]
    cdef bint diff
    cdef int c0, cu
    _sh_groups(c, pm, pungs, False, N, P, &diff)
    c0 = sh_merge4(N, P, K)
    if w == 0 or not diff or c0 <= w:
        return c0 - w if c0 > w else 0
    _sh_groups(c, pm, pungs, True, N, P, &diff)
    cu = sh_merge4(N, P, K)
    if cu >= c0:
        return c0 - w
    return sh_exact(c, _NO_FORBID, K, pm, not pungs, w)


cdef int shanten_c(const uint8_t* counts, int wilds, int pair_mode, bint pungs_only) noexcept nogil:
    """Shanten of 34 counts (0-4) plus ``wilds`` wildcards: -1 complete, 0 ready, ...

    Needs the shanten tables (``tables.ensure_tables()``) and a valid hand: tiles + wilds
    at most 14 and not 3k (as ``checks.check_shanten_total`` ensures).
    """
    cdef int t, total = 0
    for t in range(34):
        total += counts[t]
    return sh_distance(counts, wilds, (total + wilds) // 3, pair_mode, pungs_only) - 1


def _exact_distance(const uint8_t[::1] counts, const uint8_t[::1] forbid, int K, int pm,
                    bint chows, int wilds):
    """:func:`sh_exact` from Python, for its comparison with a slow reference
    (``tests/core/test_sh_exact.py``). counts, forbid: 34 bytes each (counts 0-4, forbid
    0/1); K 0..4; pm PAIR_ANY (1) or PAIR_258 (2). Unchecked beyond the lengths."""
    if counts.shape[0] != 34 or forbid.shape[0] != 34 or not 0 <= K <= 4:
        raise ValueError("34 counts, 34 forbid flags and K in 0..4")
    return sh_exact(&counts[0], &forbid[0], K, pm, chows, wilds)
