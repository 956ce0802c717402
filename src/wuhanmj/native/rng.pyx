# cython: language_level=3
"""numpy-compatible random streams (issue 11, point 3). STUB: to be written; see rng.pxd."""

from libc.stdint cimport uint32_t, uint64_t
from libc.string cimport memset


cdef void seed_sequence_state(const uint32_t* entropy, int n_entropy, const uint32_t* spawn_key,
                              int n_spawn, uint32_t* out, int n_words) noexcept nogil:
    memset(out, 0, n_words * sizeof(uint32_t))


cdef void pcg64_seed(Pcg64* g, const uint32_t* entropy, int n_entropy, const uint32_t* spawn_key,
                     int n_spawn) noexcept nogil:
    memset(g, 0, sizeof(Pcg64))


cdef void pcg64_seed_int(Pcg64* g, uint64_t seed) noexcept nogil:
    memset(g, 0, sizeof(Pcg64))


cdef uint64_t pcg64_next64(Pcg64* g) noexcept nogil:
    return 0


cdef uint32_t pcg64_next32(Pcg64* g) noexcept nogil:
    return 0


cdef double pcg64_double(Pcg64* g) noexcept nogil:
    return 0.0


cdef uint64_t pcg64_interval(Pcg64* g, uint64_t max) noexcept nogil:
    return 0


cdef uint64_t pcg64_bounded(Pcg64* g, uint64_t rng) noexcept nogil:
    return 0


cdef void shuffled_wall_c(uint64_t seed, unsigned char* wall) noexcept nogil:
    cdef int i
    for i in range(136):
        wall[i] = i // 4


cdef void match_seeds_c(const uint32_t* root, int n_root, uint32_t match, uint64_t* match_seed,
                        uint64_t* agent_seeds) noexcept nogil:
    match_seed[0] = 0
