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
every hand, and when w > 0 and they disagree a small exact dynamic program over the 34
kinds decides (:func:`sh_exact`). Pongs-only costs are computed directly from the sorted
counts (:func:`sh_pong`: each kind holds at most one block when capped; a 4 acts as a 3
and a 1 when unbounded).

The kernels are declared in ``shanten.pxd``, which Cython code may cimport;
``wuhanmj._core`` holds the Python-level calls (``shanten``, ``shanten_batch``) over them.
"""

from libc.stdint cimport uint8_t, uint32_t
from libc.string cimport memset

from wuhanmj.core.defs cimport JIANG_SUIT, PAIR_258, PAIR_ANY, SH_FLAG, SH_INF, is_jiang_c
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



cdef int sh_exact(const uint8_t* r, const uint8_t* forbid, int K, int pm, bint chows,
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
                                        if q and pm == PAIR_258 and not is_jiang_c(i):
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
