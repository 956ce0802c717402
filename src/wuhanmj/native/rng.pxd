# numpy-compatible random streams in C: the same numbers as
# numpy.random.SeedSequence, PCG64 (numpy.random.default_rng), Generator.random(),
# Generator.integers(2**63) and Generator.permutation(136), so that the native engine
# deals the same walls and the native RandomAgent draws the same choices as the Python
# side, seed for seed. Tested against numpy itself (tests/native/test_native_rng.py).

from libc.stdint cimport uint32_t, uint64_t


ctypedef struct Pcg64:          # numpy's PCG64 bit generator state (128-bit LCG, XSL-RR)
    uint64_t state_hi
    uint64_t state_lo
    uint64_t inc_hi
    uint64_t inc_lo
    int has_uint32              # numpy buffers the upper half of a 64-bit draw for next_uint32
    uint32_t uinteger


# SeedSequence(entropy, spawn_key).generate_state(n_words, np.uint32) into out (entropy: the
# little-endian 32-bit words of the int seed, [0] for 0; spawn_key: one word per key element
# below 2**32)
cdef void seed_sequence_state(const uint32_t* entropy, int n_entropy, const uint32_t* spawn_key,
                              int n_spawn, uint32_t* out, int n_words) noexcept nogil

# default_rng(SeedSequence(entropy, spawn_key=...)): PCG64 seeded from generate_state(4, uint64)
cdef void pcg64_seed(Pcg64* g, const uint32_t* entropy, int n_entropy, const uint32_t* spawn_key,
                     int n_spawn) noexcept nogil

# default_rng(seed) for an int 0 <= seed < 2**64
cdef void pcg64_seed_int(Pcg64* g, uint64_t seed) noexcept nogil

cdef uint64_t pcg64_next64(Pcg64* g) noexcept nogil
cdef uint32_t pcg64_next32(Pcg64* g) noexcept nogil
# Generator.random(): a double in [0, 1) from 53 bits
cdef double pcg64_double(Pcg64* g) noexcept nogil
# numpy's random_interval(max): uniform in [0, max] by masked rejection (Generator.shuffle)
cdef uint64_t pcg64_interval(Pcg64* g, uint64_t max) noexcept nogil
# Generator.integers(0, rng + 1) for a 64-bit dtype (Lemire's method, as numpy draws it)
cdef uint64_t pcg64_bounded(Pcg64* g, uint64_t rng) noexcept nogil

# wuhanmj.game.wall.shuffled_wall(seed): (default_rng(seed).permutation(136) // 4)
cdef void shuffled_wall_c(uint64_t seed, unsigned char* wall) noexcept nogil

# wuhanmj.sim.simulate.match_seeds(root, match): the match seed (SeedSequence(root,
# spawn_key=(match, 0)).generate_state(1, uint64)[0]) and the four agent seeds
# (spawn_key=(match, 1), 4 uint64); root given as its 32-bit words
cdef void match_seeds_c(const uint32_t* root, int n_root, uint32_t match, uint64_t* match_seed,
                        uint64_t* agent_seeds) noexcept nogil
