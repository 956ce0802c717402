"""The shape core's compiled face: its Python-level calls (W1, W2, W6, D8).

``is_complete``, ``min_wilds`` and ``waits`` (the hu shape), their batch forms, and
``shanten``/``shanten_batch``: each checks its arguments (``core/checks.pxd``) and calls
the ``noexcept nogil`` kernels that ``core/shape.pxd`` and ``core/shanten.pxd`` declare;
the batch loops run without the GIL. This module is their one home: ``wuhanmj.core`` and
the top-level package re-export them. The kernels, the tables and the Wuhan routes live
in ``wuhanmj.core`` (cimportable through ``wuhanmj.get_include()``).
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint32_t

import numpy as np

cimport numpy as cnp

from wuhanmj.core.checks cimport (
    TOTALS_ANY,
    TOTALS_COMPLETE,
    TOTALS_SHANTEN,
    TOTALS_WAITING,
    batch_inputs,
    check_shanten_total,
    check_wilds,
    flag,
    load_counts,
    load_hand,
    pair_mode,
    raise_row,
    row_total,
    total_ok,
)
from wuhanmj.core.shanten cimport sh_distance
from wuhanmj.core.shape cimport (
    combine_entries,
    group_entries,
    is_complete_c,
    min_wilds_c,
    pair_shifts,
    waits_c,
)
from wuhanmj.core.tables cimport hu_tables, sh_tables

from .errors import ShapeError

cnp.import_array()

__all__ = [
    "min_wilds",
    "is_complete",
    "waits",
    "min_wilds_batch",
    "is_complete_batch",
    "waits_batch",
    "shanten",
    "shanten_batch",
]


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
    cdef int m = min_wilds_c(c, pm, pungs, fb if nfb else NULL)
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
    return is_complete_c(c, w, pm, pungs, fb if nfb else NULL)


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
    waits_c(c, w, pm, pungs, fb if nfb else NULL, out)
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
            out[r] = <int8_t>min_wilds_c(&c[r, 0], pm, pungs, NULL)
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
    pair_shifts(pm, pungs, &ss, &ps)
    with nogil:
        for r in range(n):
            # the row check is branch-free (checks.pxd); one well-predicted branch leaves
            if not total_ok(row_total(&c[r, 0]), w[r], TOTALS_COMPLETE):
                bad = r
                break
            group_entries(&c[r, 0], e)
            out[r] = combine_entries(e, ss, ps) <= w[r]
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
    cdef const uint8_t[:, ::1] c = arr
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
            waits_c(&c[r, 0], w[r], pm, pungs, NULL, &out[r, 0])
    if bad >= 0:
        raise_row(bad, &c[bad, 0], w[bad], 1, "a hand that waits")
    return res


# ---------------------------------------------------------------- shanten

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
    cdef int pm = pair_mode(pair)
    cdef int total = load_counts(counts, c)
    cdef int w = check_wilds(wilds)
    check_shanten_total(total, w)
    cdef bint pungs = flag(pungs_only)
    sh_tables()
    return sh_distance(c, w, (total + w) // 3, pm, pungs) - 1


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
    cdef int pm = pair_mode(pair)
    cdef bint pungs = flag(pungs_only)
    arr, warr = batch_inputs(counts, wilds)
    cdef const uint8_t[:, ::1] c = arr
    cdef const uint8_t[::1] w = warr
    cdef int64_t n = c.shape[0], r, bad = -1
    res = np.empty(n, dtype=np.int8)
    cdef int8_t[::1] out = res
    cdef int t
    sh_tables()
    with nogil:
        for r in range(n):
            t = row_total(&c[r, 0])
            if not total_ok(t, w[r], TOTALS_SHANTEN):
                bad = r
                break
            out[r] = <int8_t>(sh_distance(&c[r, 0], w[r], (t + w[r]) // 3, pm, pungs) - 1)
    if bad >= 0:
        raise_row(bad, &c[bad, 0], w[bad], -2, "")
    return res
