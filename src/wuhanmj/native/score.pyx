# cython: language_level=3
"""Native scoring (issue 11, point 2). STUB: to be written; see score.pxd."""

from libc.stdint cimport uint8_t
from libc.string cimport memset


cdef int evaluate_win_c(const RulesC* rules, const WinIn* w, WinOut* out) noexcept nogil:
    memset(out, 0, sizeof(WinOut))
    return 0


cdef bint is_ready_c(const uint8_t* hand13, const SeatC* seat, int indicator, int pizi_on) noexcept nogil:
    return False


cdef bint holds_non_jiang_c(const uint8_t* hand) noexcept nogil:
    cdef int t
    for t in range(34):
        if hand[t] and (t >= 27 or t % 9 not in (1, 4, 7)):
            return True
    return False
