"""Hu shape: is a hand one pair plus sets, with k wildcards? (W1, W2, D8)

Everything here is shape only: 红中 is an ordinary tile, a wildcard (癞子 read as wild)
may stand for any kind, even a fifth copy (D8), unless a ``forbid`` list says otherwise.

Combination step
----------------
The hu tables (``tables.pyx``) give each group (万, 筒, 条, honors) the least wildcards
that complete it as sets only and as sets plus a pair. Exactly one group holds the pair,
so for a hand

    min_wilds = sum_g sets[g] + min_g (pair[g] - sets[g])

(groups whose pair entry is impossible are skipped). ``tiles + w`` wildcards complete the
hand iff ``min_wilds <= w``: the tile total fixes ``w`` modulo 3, and three spare wildcards
always make one more pong (D8).

``forbid`` (kinds a wildcard may not stand for: 红中 and 痞子, D8; the other suits for a
清一色 reading) is handled by a small left-to-right dynamic program over the groups it
touches; the tables are used for the rest.

The kernels declared in ``shape.pxd`` (``min_wilds_c``, ``is_complete_c``, ``waits_c``, and
the inline combination step) are this module's interface: Cython code cimports them, and
``wuhanmj._core`` holds the Python-level calls over them.
"""

from libc.stdint cimport uint8_t, uint32_t
from libc.string cimport memcpy, memset

from wuhanmj.core.defs cimport INF, PAIR_258, PAIR_ANY, is_jiang_c
from wuhanmj.core.tables cimport HU, honor_key, suit_rank

__all__: list = []  # no Python API: wuhanmj._core holds it

cdef uint8_t _NO_FORBID[34]
memset(_NO_FORBID, 0, 34)


# ---------------------------------------------------------------- forbid: a small DP

cdef int _group_dp(const uint8_t* c, int n, bint chows, bint jiang_only,
                   const uint8_t* forbid, int want_pair) noexcept nogil:
    """Least wildcards for one group when some positions may not take a wildcard.

    Left to right over the positions; the state is (chows started one position
    back, chows started two back, pair used). Every real tile must be used; a
    wildcard may fill a position only if it is not forbidden. ``want_pair`` is
    0 (sets only) or 1 (sets plus one pair, at a 2/5/8 position if jiang_only).
    Returns the exact least number (no 4-bit cap), 1000 or more when impossible.
    """
    cdef int cur[3][3][2]
    cdef int nxt[3][3][2]
    cdef int i, a, b, p, s, t, q, need, w, v, best
    for a in range(3):
        for b in range(3):
            for p in range(2):
                cur[a][b][p] = 1000
    cur[0][0][0] = 0
    for i in range(n):
        for a in range(3):
            for b in range(3):
                for p in range(2):
                    nxt[a][b][p] = 1000
        for a in range(3):           # chows started at i-1 (need i and i+1)
            for b in range(3):       # chows started at i-2 (need i)
                for p in range(2):
                    v = cur[a][b][p]
                    if v >= 1000:
                        continue
                    for s in range(3 if (chows and i <= n - 3) else 1):
                        for t in range(3):
                            for q in range(2):
                                if q and (p or not want_pair):
                                    continue
                                if q and jiang_only and not is_jiang_c(i):
                                    continue
                                need = a + b + s + 3 * t + 2 * q
                                if need < c[i]:
                                    continue
                                w = need - c[i]
                                if w and forbid[i]:
                                    continue
                                if v + w < nxt[s][a][p | q]:
                                    nxt[s][a][p | q] = v + w
        cur = nxt
    return cur[0][0][1 if want_pair else 0]


cdef int _min_wilds(const uint8_t* c, int pm, bint pungs, const uint8_t* fb, int nfb) noexcept nogil:
    """Exact least wildcards. Groups touched by ``forbid``, or whose 4-bit entry
    saturated (pongs-only values of a few 14-tile suit patterns exceed 14), are
    recomputed by the DP; the rest come from the tables."""
    cdef uint32_t e[4]
    cdef int sets[4]
    cdef int pairs[4]
    cdef int ss, ps, g, i, off, n, total, best = 1000
    cdef bint redo
    group_entries(c, e)
    pair_shifts(pm, pungs, &ss, &ps)
    for g in range(4):
        sets[g] = (e[g] >> ss) & 15
        pairs[g] = (e[g] >> ps) & 15
        off = 9 * g
        n = 7 if g == 3 else 9
        redo = sets[g] == INF or (pairs[g] == INF and not (g == 3 and pm == PAIR_258))
        if nfb and not redo:
            for i in range(n):
                if fb[off + i]:
                    redo = True
                    break
        if redo:
            sets[g] = _group_dp(c + off, n, g < 3 and not pungs, False, fb + off, 0)
            if g == 3 and pm == PAIR_258:
                pairs[g] = 1000
            else:
                pairs[g] = _group_dp(c + off, n, g < 3 and not pungs, pm == PAIR_258, fb + off, 1)
        elif pairs[g] == INF:
            pairs[g] = 1000
    # exactly one group holds the pair; a group may be impossible as sets only
    # (a held forbidden kind that only a pair can use), so no difference trick here
    for g in range(4):
        if pairs[g] >= 1000:
            continue
        total = pairs[g]
        for i in range(4):
            if i != g:
                total += sets[i]
        if total < best:
            best = total
    return best if best < 1000 else 1000


cdef inline bint _is_complete(const uint8_t* c, int w, int pm, bint pungs,
                              const uint8_t* fb, int nfb) noexcept nogil:
    cdef uint32_t e[4]
    cdef int ss, ps
    group_entries(c, e)
    pair_shifts(pm, pungs, &ss, &ps)
    if combine_entries(e, ss, ps) > w:
        return False
    if nfb == 0 or w == 0:
        return True
    if nfb == 34:
        return False
    return _min_wilds(c, pm, pungs, fb, nfb) <= w


cdef void _waits(uint8_t* c, int w, int pm, bint pungs, const uint8_t* fb, int nfb,
                 uint8_t* out) noexcept nogil:
    """out[t] = 1 when adding kind t completes the hand; c is restored on return."""
    cdef uint32_t e[4]
    cdef uint32_t saved
    cdef int ss, ps, t, g
    group_entries(c, e)
    pair_shifts(pm, pungs, &ss, &ps)
    for t in range(34):
        out[t] = 0
        if c[t] >= 4:
            continue
        g = t // 9
        saved = e[g]
        c[t] += 1
        if g < 3:
            e[g] = HU.suit[suit_rank(c + 9 * g)]
        else:
            e[g] = HU.honor[honor_key(c + 27)]
        if combine_entries(e, ss, ps) <= w:
            if nfb == 0 or w == 0:
                out[t] = 1
            elif nfb < 34:
                out[t] = _min_wilds(c, pm, pungs, fb, nfb) <= w
        c[t] -= 1
        e[g] = saved



# ---------------------------------------------------------------- kernels for C callers

cdef inline int _n_forbid(const uint8_t* forbid) noexcept nogil:
    cdef int i, n = 0
    if forbid == NULL:
        return 0
    for i in range(34):
        n += forbid[i] != 0
    return n


cdef int min_wilds_c(const uint8_t* counts, int pair_mode, bint pungs_only,
                     const uint8_t* forbid) noexcept nogil:
    """Least wildcards that complete ``counts`` (34 uint8 0-4, total <= 14), 1000 when none
    does (every kind a wildcard could stand for is forbidden). ``forbid``: NULL or 34 0/1.
    Needs the hu tables (``tables.ensure_tables()``)."""
    cdef int nfb = _n_forbid(forbid)
    return _min_wilds(counts, pair_mode, pungs_only, forbid if nfb else _NO_FORBID, nfb)


cdef bint is_complete_c(const uint8_t* counts, int wilds, int pair_mode, bint pungs_only,
                        const uint8_t* forbid) noexcept nogil:
    """Whether ``counts`` + ``wilds`` wildcards form one pair and sets (tiles + wilds = 3k+2,
    at most 14). ``forbid``: NULL or 34 0/1. Needs the hu tables."""
    cdef int nfb = _n_forbid(forbid)
    return _is_complete(counts, wilds, pair_mode, pungs_only, forbid if nfb else _NO_FORBID, nfb)


cdef int waits_c(const uint8_t* counts, int wilds, int pair_mode, bint pungs_only,
                 const uint8_t* forbid, uint8_t* out) noexcept nogil:
    """``out[t]`` (34 uint8) = 1 when adding kind t (never a fifth copy) completes the hand
    (tiles + wilds = 3k+1, at most 13); returns the number of such kinds. Needs the hu tables."""
    cdef uint8_t c[34]
    cdef int t, n = 0, nfb = _n_forbid(forbid)
    memcpy(c, counts, 34)
    _waits(c, wilds, pair_mode, pungs_only, forbid if nfb else _NO_FORBID, nfb, out)
    for t in range(34):
        n += out[t]
    return n
