# cython: language_level=3
"""The luck of a deal read from the wall alone, before anybody plays: each deal position's
starting shanten and its 癞子 (R2, W1, W2, D8), for many walls at once without the GIL.

The arena's control variates (:mod:`wuhanmj.stats.control`) take their covariates from
here: functions of the wall only, so that the agents' play cannot change them.

A wall deals as :mod:`wuhanmj.game.wall` lays it out: position ``i`` (the seat
``(dealer + i) % 4``) holds ``wall[13 i : 13 i + 13]``, position 0 (the dealer) also
``wall[52]``; ``wall[53]`` is the indicator, which makes the 癞子 and, when the rule set
plays them, the 痞子 (R2, R3; :func:`wuhanmj.tiles.specials_of`). A position's hand as it
will play: its 癞子 are wildcards; its 红中 and 痞子 leave as special gangs (R1, R3), each
replaced by a tile from the back of the wall (``wall[135]``, ``wall[134]``, …; G1),
position 0 first, a replacement that is itself set aside replaced in turn; its
shanten is then that of its normal tiles with its 癞子 wild, the pair a 2, 5 or 8 (W2).
The replacements are an approximation of the deal as played (the seats take them as
their turns come, and a seat may keep a 红中): what matters for a covariate is that it
is a fixed function of the wall.
"""

from libc.stdint cimport int8_t, uint8_t
from libc.string cimport memset

import numpy as np

from wuhanmj.core.defs cimport PAIR_258
from wuhanmj.core.shanten cimport shanten_c
from wuhanmj.core.tables cimport ensure_tables

from ..tiles import specials_of

__all__ = ["deal_luck"]

cdef uint8_t _LAIZI[34]
cdef uint8_t _ASIDE[2][34][34]   # [pizi][indicator][kind]: 1 for 红中 and the 痞子 (set aside, replaced)


def _tables():
    for ind in range(34):
        for p in (0, 1):
            sp = specials_of(ind, bool(p))
            _LAIZI[ind] = sp.laizi
            for t in range(34):
                _ASIDE[p][ind][t] = 1 if (sp.special[t] and t != sp.laizi) else 0


_tables()


cdef void _deal(const uint8_t* wall, int p, int8_t* sh, int8_t* lz) noexcept nogil:
    cdef uint8_t c[34]
    cdef int ind = wall[53], laizi = _LAIZI[ind], i, k, t, wild, aside, back = 135, size
    for i in range(4):
        memset(c, 0, 34)
        wild = 0
        aside = 0
        size = 14 if i == 0 else 13
        for k in range(size):
            t = wall[52] if k == 13 else wall[13 * i + k]
            if t == laizi:
                wild += 1
            elif _ASIDE[p][ind][t]:
                aside += 1
            else:
                c[t] += 1
        while aside > 0 and back > 53:
            t = wall[back]
            back -= 1
            if t == laizi:
                wild += 1
                aside -= 1
            elif not _ASIDE[p][ind][t]:
                c[t] += 1
                aside -= 1
        lz[i] = wild
        sh[i] = shanten_c(c, wild, PAIR_258, False)


def deal_luck(walls, pizi):
    """Each deal position's starting shanten and 癞子 count, for many walls (see the
    module docstring).

    Args:
        walls: ``(n, 136)`` tile kinds 0–33, four of each (uint8-convertible; the rows of
            :func:`~wuhanmj.native.rng.shuffled_walls`). Not checked beyond its shape.
        pizi: the rule set plays 痞子 (``Rules.pizi``, R3): they are set aside too.

    Returns:
        ``(shanten, laizi)``: two ``(n, 4)`` int8 arrays, deal position 0 (the dealer) first.

    Raises:
        ValueError: ``walls`` is not of shape ``(n, 136)`` or holds a value above 33.
    """
    cdef const uint8_t[:, ::1] w = np.ascontiguousarray(walls, dtype=np.uint8)
    if w.shape[1] != 136:
        raise ValueError(f"walls: expected shape (n, 136), got {tuple(np.shape(walls))}")
    if w.shape[0] and int(np.asarray(w).max()) > 33:
        raise ValueError("walls: a tile kind above 33")
    ensure_tables()
    n = w.shape[0]
    sh = np.empty((n, 4), np.int8)
    lz = np.empty((n, 4), np.int8)
    cdef int8_t[:, ::1] s = sh
    cdef int8_t[:, ::1] l = lz
    cdef Py_ssize_t r
    cdef int p = 1 if pizi else 0
    with nogil:
        for r in range(n):
            _deal(&w[r, 0], p, &s[r, 0], &l[r, 0])
    return sh, lz
