# Hu shape kernels over the hu tables (W1, W2, D8). C callers: call
# ``wuhanmj.core.tables.ensure_tables()`` (or ``hu_tables()``) once, with the GIL, first.
#
# ``counts``: 34 uint8, each 0-4, total + wilds at most 14 (the kernels check nothing;
# ``wuhanmj.core.checks`` does it for the def functions). ``pair_mode``: PAIR_258 or
# PAIR_ANY (defs.pxd). ``forbid``: NULL, or 34 uint8 0/1, the kinds a wildcard may not
# stand for (D8: 红中 and the 痞子); held tiles of a forbidden kind are ordinary tiles.

from libc.stdint cimport uint8_t, uint32_t

from wuhanmj.core.defs cimport INF, PAIR_ANY
from wuhanmj.core.tables cimport HU, honor_key, suit_rank


# least wildcards that make counts one pair plus sets; 1000 when none can (forbid)
cdef int min_wilds_c(const uint8_t* counts, int pair_mode, bint pungs_only,
                     const uint8_t* forbid) noexcept nogil

# counts + wilds wildcards (tiles + wilds = 3k+2) are one pair plus sets
cdef bint is_complete_c(const uint8_t* counts, int wilds, int pair_mode, bint pungs_only,
                        const uint8_t* forbid) noexcept nogil

# out[t] (34 uint8) = 1 when adding kind t (never a fifth copy) completes a 3k+1 hand;
# returns how many kinds do
cdef int waits_c(const uint8_t* counts, int wilds, int pair_mode, bint pungs_only,
                 const uint8_t* forbid, uint8_t* out) noexcept nogil


# The combination step (shape.pyx's docstring), inline for the batch loops of
# wuhanmj._core: the four group entries of a hand, and sets + the cheapest pair group.

cdef inline int group_entries(const uint8_t* c, uint32_t* e) noexcept nogil:
    """Look up the four group entries of a validated hand (total <= 14)."""
    e[0] = HU.suit[suit_rank(c)]
    e[1] = HU.suit[suit_rank(c + 9)]
    e[2] = HU.suit[suit_rank(c + 18)]
    e[3] = HU.honor[honor_key(c + 27)]
    return 0


cdef inline int combine_entries(const uint32_t* e, int sets_shift, int pair_shift) noexcept nogil:
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


cdef inline int pair_shifts(int pair_mode, bint pungs_only, int* sets_shift, int* pair_shift) noexcept nogil:
    sets_shift[0] = 12 if pungs_only else 0
    pair_shift[0] = sets_shift[0] + (4 if pair_mode == PAIR_ANY else 8)
    return 0
