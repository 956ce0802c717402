# cython: language_level=3
"""The native hand engine (issue 11, point 1). STUB: to be written; see hand.pxd."""

from libc.stdint cimport int16_t, uint8_t
from libc.string cimport memset


cdef void hand_deal(HandC* h, const RulesC* rules, const uint8_t* wall, int dealer,
                    int prev_laizi) noexcept nogil:
    memset(h, 0, sizeof(HandC))


cdef int hand_current(const HandC* h) noexcept nogil:
    return -1


cdef int hand_legal(HandC* h, int seat, int16_t* codes) noexcept nogil:
    return 0


cdef int hand_apply(HandC* h, int seat, int code) noexcept nogil:
    return -1
