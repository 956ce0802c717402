# Hu shape kernels over the hu tables (W1, W2, D8). C callers: call
# ``wuhanmj.core.tables.ensure_tables()`` (or ``hu_tables()``) once, with the GIL, first.
#
# ``counts``: 34 uint8, each 0-4, total + wilds at most 14 (the kernels check nothing;
# ``wuhanmj.core.checks`` does it for the def functions). ``pair_mode``: PAIR_258 or
# PAIR_ANY (defs.pxd). ``forbid``: NULL, or 34 uint8 0/1, the kinds a wildcard may not
# stand for (D8: 红中 and the 痞子); held tiles of a forbidden kind are ordinary tiles.

from libc.stdint cimport uint8_t


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
