# cython: language_level=3
"""The built-in bots inside the native engine (issue 11, point 3). STUB: see agents.pxd."""

from libc.stdint cimport int16_t


cdef int agents_prepare() except -1:
    return 0


cdef int agent_choose(AgentC* a, HandC* h, int seat, const int16_t* codes, int n) noexcept nogil:
    return codes[0]
