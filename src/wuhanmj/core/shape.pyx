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

The ``def`` functions check their arguments (``checks.pyx``) and call the kernels declared
in ``shape.pxd`` (``min_wilds_c``, ``is_complete_c``, ``waits_c``), which Cython code may
cimport; the batch loops run them without the GIL.
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint32_t
from libc.string cimport memcpy, memset

import numpy as np

cimport numpy as cnp

from wuhanmj.core.checks cimport (
    TOTALS_ANY,
    TOTALS_COMPLETE,
    TOTALS_WAITING,
    batch_inputs,
    flag,
    load_hand,
    pair_mode,
    raise_row,
    row_total,
    total_ok,
)
from wuhanmj.core.defs cimport INF, PAIR_258, PAIR_ANY
from wuhanmj.core.tables cimport HU, honor_key, hu_tables, suit_rank

from ..errors import ShapeError

cnp.import_array()

__all__ = [
    "min_wilds",
    "is_complete",
    "waits",
    "min_wilds_batch",
    "is_complete_batch",
    "waits_batch",
]

cdef uint8_t _NO_FORBID[34]
memset(_NO_FORBID, 0, 34)


# ---------------------------------------------------------------- combination

cdef inline int _group_entries(const uint8_t* c, uint32_t* e) noexcept nogil:
    """Look up the four group entries of a validated hand (total <= 14)."""
    e[0] = HU.suit[suit_rank(c)]
    e[1] = HU.suit[suit_rank(c + 9)]
    e[2] = HU.suit[suit_rank(c + 18)]
    e[3] = HU.honor[honor_key(c + 27)]
    return 0


cdef inline int _combine(const uint32_t* e, int sets_shift, int pair_shift) noexcept nogil:
    """sum of sets + the cheapest group to hold the pair (skipping impossible ones)."""
    cdef int g, s, p, total = 0, delta, best = 1000
    for g in range(4):
        s = (e[g] >> sets_shift) & 15
        p = (e[g] >> pair_shift) & 15
        total += s
        if p != INF:
            delta = p - s
            if delta < best:
                best = delta
    return total + best


cdef inline int _shifts(int pair_mode, bint pungs_only, int* sets_shift, int* pair_shift) noexcept nogil:
    sets_shift[0] = 12 if pungs_only else 0
    pair_shift[0] = sets_shift[0] + (4 if pair_mode == PAIR_ANY else 8)
    return 0


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
                                if q and jiang_only and not (i % 9 == 1 or i % 9 == 4 or i % 9 == 7):
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
    _group_entries(c, e)
    _shifts(pm, pungs, &ss, &ps)
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
    _group_entries(c, e)
    _shifts(pm, pungs, &ss, &ps)
    if _combine(e, ss, ps) > w:
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
    _group_entries(c, e)
    _shifts(pm, pungs, &ss, &ps)
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
        if _combine(e, ss, ps) <= w:
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


# ---------------------------------------------------------------- single calls

def min_wilds(counts, pair="258", pungs_only=False, forbid=None):
    """Least number of wildcards that make ``counts`` one pair plus sets (W1, W2, D8).

    Args:
        counts: 34 tile counts (list, tuple or numpy integer array of shape (34,)),
            each 0–4, total at most 14.
        pair: ``"258"`` — the pair must be a 2, 5 or 8 of a suit (W2) — or ``"any"``.
        pungs_only: sets must be pongs (碰碰胡 shape, W6).
        forbid: kinds a wildcard may not stand for (D8: 红中 and the 痞子); default none.
            Held tiles of a forbidden kind are still ordinary tiles.

    Returns:
        int: the least ``w >= 0`` with ``is_complete(counts, w, ...)``.

    Raises:
        ShapeError: bad shape, dtype, a count outside 0–4, more than 14 tiles, a bad ``pair``
            or ``forbid``; or, with ``forbid``, when no number of wildcards completes the hand
            (e.g. a lone 1m when every kind is forbidden).
    """
    cdef uint8_t c[34]
    cdef uint8_t fb[34]
    cdef int nfb
    cdef int pm = pair_mode(pair)
    load_hand(counts, 0, forbid, c, fb, -1, "", &nfb)
    cdef bint pungs = flag(pungs_only)
    hu_tables()
    cdef int m = _min_wilds(c, pm, pungs, fb, nfb)
    if m >= 1000:
        raise ShapeError("no number of wildcards completes this hand: the kinds it needs are forbidden")
    return m


def is_complete(counts, wilds=0, pair="258", pungs_only=False, forbid=None):
    """Whether ``counts`` plus ``wilds`` wildcards form exactly one pair and sets (W1, W2, D8).

    Args:
        counts: 34 tile counts (shape (34,), integers 0–4); red 中 is an ordinary tile here.
        wilds: number of wildcards (癞子 read as wild), 0–14; tiles + wilds at most 14.
        pair: ``"258"`` (W2) or ``"any"``.
        pungs_only: every set must be a pong (碰碰胡).
        forbid: kinds a wildcard may not stand for (D8).

    Returns:
        bool.

    Raises:
        ShapeError: bad counts, or a tile total ``tiles + wilds`` that is not 3k+2.
    """
    cdef uint8_t c[34]
    cdef uint8_t fb[34]
    cdef int nfb
    cdef int pm = pair_mode(pair)
    cdef int w = load_hand(counts, wilds, forbid, c, fb, 2, "a complete hand", &nfb)
    cdef bint pungs = flag(pungs_only)
    hu_tables()
    return _is_complete(c, w, pm, pungs, fb, nfb)


def waits(counts, wilds=0, pair="258", pungs_only=False, forbid=None):
    """The kinds that complete the hand when added (W1, W2, D8).

    Args:
        counts: 34 tile counts with ``tiles + wilds`` = 3k+1.
        wilds, pair, pungs_only, forbid: as for :func:`is_complete`.

    Returns:
        list[int]: sorted kinds ``t`` with ``counts[t] < 4`` (a fifth copy cannot be
        drawn) such that ``counts + t`` is complete.

    Raises:
        ShapeError: bad counts, or a tile total that is not 3k+1.
    """
    cdef uint8_t c[34]
    cdef uint8_t fb[34]
    cdef uint8_t out[34]
    cdef int nfb
    cdef int pm = pair_mode(pair)
    cdef int w = load_hand(counts, wilds, forbid, c, fb, 1, "a hand that waits", &nfb)
    cdef bint pungs = flag(pungs_only)
    hu_tables()
    _waits(c, w, pm, pungs, fb, nfb, out)
    return [t for t in range(34) if out[t]]


# ---------------------------------------------------------------- batch calls

def min_wilds_batch(counts, pair="258", pungs_only=False):
    """:func:`min_wilds` over many hands, without the GIL.

    Args:
        counts: ``numpy.ndarray`` shape (N, 34), integer dtype (uint8 avoids a copy), 0–4.
        pair, pungs_only: as for :func:`min_wilds`.

    Returns:
        ``numpy.ndarray`` shape (N,), dtype int8.

    Raises:
        ShapeError: bad shape or dtype, or a row with a count above 4 or more than 14 tiles.
    """
    cdef int pm = pair_mode(pair)
    cdef bint pungs = flag(pungs_only)
    arr, _ = batch_inputs(counts, 0)
    cdef const uint8_t[:, ::1] c = arr
    cdef int64_t n = c.shape[0], r, bad = -1
    res = np.empty(n, dtype=np.int8)
    cdef int8_t[::1] out = res
    hu_tables()
    with nogil:
        for r in range(n):
            if not total_ok(row_total(&c[r, 0]), 0, TOTALS_ANY):
                bad = r
                break
            out[r] = <int8_t>_min_wilds(&c[r, 0], pm, pungs, _NO_FORBID, 0)
    if bad >= 0:
        raise_row(bad, &c[bad, 0], 0, -1, "")
    return res


def is_complete_batch(counts, wilds=0, pair="258", pungs_only=False):
    """:func:`is_complete` over many hands, without the GIL.

    Args:
        counts: ``numpy.ndarray`` shape (N, 34), integer dtype (uint8 avoids a copy), 0–4.
        wilds: an int, or an integer array of shape (N,).
        pair, pungs_only: as for :func:`is_complete`.

    Returns:
        ``numpy.ndarray`` shape (N,), dtype bool.

    Raises:
        ShapeError: bad shape or dtype; the first row whose total is not 3k+2 or above 14.
    """
    cdef int pm = pair_mode(pair)
    cdef bint pungs = flag(pungs_only)
    arr, warr = batch_inputs(counts, wilds)
    cdef const uint8_t[:, ::1] c = arr
    cdef const uint8_t[::1] w = warr
    cdef int64_t n = c.shape[0], r, bad = -1
    res = np.empty(n, dtype=np.bool_)
    cdef cnp.npy_bool[::1] out = res
    cdef int ss, ps
    cdef uint32_t e[4]
    hu_tables()
    _shifts(pm, pungs, &ss, &ps)
    with nogil:
        for r in range(n):
            # the row check is branch-free (checks.pxd); one well-predicted branch leaves
            if not total_ok(row_total(&c[r, 0]), w[r], TOTALS_COMPLETE):
                bad = r
                break
            _group_entries(&c[r, 0], e)
            out[r] = _combine(e, ss, ps) <= w[r]
    if bad >= 0:
        raise_row(bad, &c[bad, 0], w[bad], 2, "a complete hand")
    return res


def waits_batch(counts, wilds=0, pair="258", pungs_only=False):
    """:func:`waits` over many hands, without the GIL.

    Args:
        counts: ``numpy.ndarray`` shape (N, 34), integer dtype, 0–4, each row 3k+1 with wilds.
        wilds: an int, or an integer array of shape (N,).
        pair, pungs_only: as for :func:`waits`.

    Returns:
        ``numpy.ndarray`` shape (N, 34), dtype bool: ``[r, t]`` is True when kind t
        completes row r.

    Raises:
        ShapeError: bad shape or dtype; the first row whose total is not 3k+1 or above 14.
    """
    cdef int pm = pair_mode(pair)
    cdef bint pungs = flag(pungs_only)
    arr, warr = batch_inputs(counts, wilds)
    arr = np.array(arr, dtype=np.uint8, copy=True)  # rows are modified and restored in place
    cdef uint8_t[:, ::1] c = arr
    cdef const uint8_t[::1] w = warr
    cdef int64_t n = c.shape[0], r, bad = -1
    res = np.zeros((n, 34), dtype=np.bool_)
    cdef uint8_t[:, ::1] out = res.view(np.uint8)
    hu_tables()
    with nogil:
        for r in range(n):
            if not total_ok(row_total(&c[r, 0]), w[r], TOTALS_WAITING):
                bad = r
                break
            _waits(&c[r, 0], w[r], pm, pungs, _NO_FORBID, 0, &out[r, 0])
    if bad >= 0:
        raise_row(bad, &c[bad, 0], w[bad], 1, "a hand that waits")
    return res
