# cython: language_level=3
"""numpy-compatible random streams in C; see rng.pxd.

The native engine must deal the walls the Python engine deals (G1: ``shuffled_wall`` =
``default_rng(seed).permutation(136) // 4``), draw the hand seeds a
:class:`~wuhanmj.game.match.Match` draws (``integers(2**63)``), seed matches and agents as
:func:`wuhanmj.sim.simulate.match_seeds` does (``SeedSequence`` spawn keys) and let the
native RandomAgent draw ``Generator.random()`` as the Python one does. So this module
computes, bit for bit, what numpy computes:

- ``SeedSequence``: the entropy (an int's little-endian 32-bit words, ``[0]`` for 0,
  padded with zeros to the pool size of 4 words when there is a spawn key, then the spawn
  key's words), hashed into a pool of 4 words (O'Neill's ``seed_seq`` alternative: a
  running multiplicative hash, every pool word mixed with every other, then any words
  beyond the pool mixed into each), and ``generate_state`` hashing the pool cyclically
  into 32-bit words (two little-endian words per 64-bit word);
- ``PCG64``: a 128-bit LCG (numpy's default multiplier) with the XSL-RR output;
  seeded from ``generate_state(4, uint64)`` = (state high, state low, increment high,
  increment low) by the PCG ``srandom`` procedure; ``next_uint32`` returns the low half of
  a 64-bit draw and keeps the high half for the next call;
- ``random()``: the upper 53 bits of a 64-bit draw times 2**-53;
- ``random_interval(max)`` (``Generator.shuffle``, so ``permutation``): the smallest bit
  mask covering max, 32-bit draws when max < 2**32, rejection of values above max; the
  shuffle runs i = n-1 … 1 and swaps element i with ``random_interval(i)``;
- ``integers(0, rng + 1)`` for a 64-bit dtype: Lemire's multiply-and-reject (32-bit draws
  when rng < 2**32, a plain draw when rng is 2**32 - 1 or 2**64 - 1).

The tests (``tests/native/test_native_rng.py``) compare every stream with numpy on
thousands of seeds. The ``def`` functions at the end exist for them.
"""

from libc.stdint cimport UINT32_MAX, UINT64_MAX, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

import numpy as np

cdef extern from *:
    """
    /* 128-bit arithmetic of PCG64 (GCC and Clang: unsigned __int128) */
    typedef unsigned __int128 wmj_u128;
    static const wmj_u128 WMJ_PCG_MULT =
        (((wmj_u128)2549297995355413924ULL) << 64) | (wmj_u128)4865540595714422341ULL;

    static inline void wmj_pcg_step(uint64_t *hi, uint64_t *lo, uint64_t inc_hi, uint64_t inc_lo) {
        wmj_u128 s = (((wmj_u128)*hi) << 64) | *lo;
        s = s * WMJ_PCG_MULT + ((((wmj_u128)inc_hi) << 64) | inc_lo);
        *hi = (uint64_t)(s >> 64);
        *lo = (uint64_t)s;
    }

    static inline void wmj_add128(uint64_t *hi, uint64_t *lo, uint64_t add_hi, uint64_t add_lo) {
        wmj_u128 s = ((((wmj_u128)*hi) << 64) | *lo) + ((((wmj_u128)add_hi) << 64) | add_lo);
        *hi = (uint64_t)(s >> 64);
        *lo = (uint64_t)s;
    }

    /* the high and low 64 bits of a * b */
    static inline uint64_t wmj_mul64(uint64_t a, uint64_t b, uint64_t *low) {
        wmj_u128 m = (wmj_u128)a * b;
        *low = (uint64_t)m;
        return (uint64_t)(m >> 64);
    }
    """
    void wmj_pcg_step(uint64_t* hi, uint64_t* lo, uint64_t inc_hi, uint64_t inc_lo) noexcept nogil
    void wmj_add128(uint64_t* hi, uint64_t* lo, uint64_t add_hi, uint64_t add_lo) noexcept nogil
    uint64_t wmj_mul64(uint64_t a, uint64_t b, uint64_t* low) noexcept nogil


# SeedSequence's constants (O'Neill's seed_seq alternative, as numpy uses it)
cdef enum:
    POOL_SIZE = 4
    XSHIFT = 16

cdef uint32_t INIT_A = 0x43b0d7e5
cdef uint32_t MULT_A = 0x931e8875
cdef uint32_t INIT_B = 0x8b51f9dd
cdef uint32_t MULT_B = 0x58f38ded
cdef uint32_t MIX_MULT_L = 0xca01f9dd
cdef uint32_t MIX_MULT_R = 0x4973f715


cdef inline uint32_t _hashmix(uint32_t value, uint32_t* hash_const) noexcept nogil:
    value ^= hash_const[0]
    hash_const[0] *= MULT_A
    value *= hash_const[0]
    value ^= value >> XSHIFT
    return value


cdef inline uint32_t _mix(uint32_t x, uint32_t y) noexcept nogil:
    cdef uint32_t r = MIX_MULT_L * x - MIX_MULT_R * y
    r ^= r >> XSHIFT
    return r


cdef inline uint32_t _assembled(const uint32_t* entropy, int n_entropy, const uint32_t* spawn_key,
                                int n_spawn, int n_run, int i) noexcept nogil:
    """Word i of SeedSequence's assembled entropy: the run entropy (padded with zeros to
    n_run words) and then the spawn key."""
    if i < n_run:
        return entropy[i] if i < n_entropy else 0
    return spawn_key[i - n_run]


cdef void _pool(const uint32_t* entropy, int n_entropy, const uint32_t* spawn_key, int n_spawn,
                uint32_t* pool) noexcept nogil:
    """SeedSequence.pool (mix_entropy of the assembled entropy)."""
    cdef uint32_t hash_const = INIT_A
    cdef int n_run = n_entropy
    cdef int n, i, i_src, i_dst
    if n_spawn > 0 and n_run < POOL_SIZE:
        n_run = POOL_SIZE       # numpy >= 1.19: zeros keep the spawn key apart from the entropy
    n = n_run + n_spawn
    for i in range(POOL_SIZE):
        if i < n:
            pool[i] = _hashmix(_assembled(entropy, n_entropy, spawn_key, n_spawn, n_run, i), &hash_const)
        else:
            pool[i] = _hashmix(0, &hash_const)
    for i_src in range(POOL_SIZE):
        for i_dst in range(POOL_SIZE):
            if i_src != i_dst:
                pool[i_dst] = _mix(pool[i_dst], _hashmix(pool[i_src], &hash_const))
    for i_src in range(POOL_SIZE, n):
        for i_dst in range(POOL_SIZE):
            pool[i_dst] = _mix(pool[i_dst],
                               _hashmix(_assembled(entropy, n_entropy, spawn_key, n_spawn, n_run, i_src),
                                        &hash_const))


cdef void seed_sequence_state(const uint32_t* entropy, int n_entropy, const uint32_t* spawn_key,
                              int n_spawn, uint32_t* out, int n_words) noexcept nogil:
    cdef uint32_t pool[POOL_SIZE]
    cdef uint32_t hash_const = INIT_B
    cdef uint32_t v
    cdef int i
    _pool(entropy, n_entropy, spawn_key, n_spawn, pool)
    for i in range(n_words):
        v = pool[i % POOL_SIZE]
        v ^= hash_const
        hash_const *= MULT_B
        v *= hash_const
        v ^= v >> XSHIFT
        out[i] = v


cdef inline void _pcg64_from_words(Pcg64* g, const uint32_t* w) noexcept nogil:
    """PCG64 seeded from generate_state(4, uint64) given as its 8 32-bit words: the seed is
    (word64[0] high, word64[1] low), the sequence (word64[2], word64[3]) (pcg64_set_seed),
    then PCG's srandom: inc = seq << 1 | 1; state = 0; step; state += seed; step."""
    cdef uint64_t s_hi = <uint64_t>w[0] | (<uint64_t>w[1] << 32)
    cdef uint64_t s_lo = <uint64_t>w[2] | (<uint64_t>w[3] << 32)
    cdef uint64_t q_hi = <uint64_t>w[4] | (<uint64_t>w[5] << 32)
    cdef uint64_t q_lo = <uint64_t>w[6] | (<uint64_t>w[7] << 32)
    g.inc_hi = (q_hi << 1) | (q_lo >> 63)
    g.inc_lo = (q_lo << 1) | 1
    g.state_hi = 0
    g.state_lo = 0
    wmj_pcg_step(&g.state_hi, &g.state_lo, g.inc_hi, g.inc_lo)
    wmj_add128(&g.state_hi, &g.state_lo, s_hi, s_lo)
    wmj_pcg_step(&g.state_hi, &g.state_lo, g.inc_hi, g.inc_lo)
    g.has_uint32 = 0
    g.uinteger = 0


cdef void pcg64_seed(Pcg64* g, const uint32_t* entropy, int n_entropy, const uint32_t* spawn_key,
                     int n_spawn) noexcept nogil:
    cdef uint32_t w[8]
    seed_sequence_state(entropy, n_entropy, spawn_key, n_spawn, w, 8)
    _pcg64_from_words(g, w)


cdef inline int _words64(uint64_t x, uint32_t* w) noexcept nogil:
    """The 32-bit words of an int as SeedSequence reads it: [0] for 0, little-endian."""
    w[0] = <uint32_t>x
    if x >> 32:
        w[1] = <uint32_t>(x >> 32)
        return 2
    return 1


cdef void pcg64_seed_int(Pcg64* g, uint64_t seed) noexcept nogil:
    cdef uint32_t ent[2]
    cdef int n = _words64(seed, ent)
    pcg64_seed(g, ent, n, NULL, 0)


cdef uint64_t pcg64_next64(Pcg64* g) noexcept nogil:
    cdef uint64_t hi, lo
    cdef unsigned int rot
    wmj_pcg_step(&g.state_hi, &g.state_lo, g.inc_hi, g.inc_lo)
    hi = g.state_hi
    lo = g.state_lo
    # XSL-RR: the two halves xor-ed, rotated right by the top 6 bits of the state
    lo ^= hi
    rot = <unsigned int>(hi >> 58)
    return (lo >> rot) | (lo << ((64 - rot) & 63))


cdef uint32_t pcg64_next32(Pcg64* g) noexcept nogil:
    cdef uint64_t x
    if g.has_uint32:
        g.has_uint32 = 0
        return g.uinteger
    x = pcg64_next64(g)
    g.has_uint32 = 1
    g.uinteger = <uint32_t>(x >> 32)
    return <uint32_t>x


cdef double pcg64_double(Pcg64* g) noexcept nogil:
    return <double>(pcg64_next64(g) >> 11) * (1.0 / 9007199254740992.0)


cdef uint64_t pcg64_interval(Pcg64* g, uint64_t max) noexcept nogil:
    cdef uint64_t mask = max, value
    if max == 0:
        return 0
    mask |= mask >> 1
    mask |= mask >> 2
    mask |= mask >> 4
    mask |= mask >> 8
    mask |= mask >> 16
    mask |= mask >> 32
    if max <= UINT32_MAX:
        value = pcg64_next32(g) & mask
        while value > max:
            value = pcg64_next32(g) & mask
    else:
        value = pcg64_next64(g) & mask
        while value > max:
            value = pcg64_next64(g) & mask
    return value


cdef inline uint64_t _lemire32(Pcg64* g, uint32_t rng) noexcept nogil:
    cdef uint32_t rng_excl = rng + 1
    cdef uint64_t m = <uint64_t>pcg64_next32(g) * rng_excl
    cdef uint32_t leftover = <uint32_t>m
    cdef uint32_t threshold
    if leftover < rng_excl:
        threshold = (UINT32_MAX - rng) % rng_excl
        while leftover < threshold:
            m = <uint64_t>pcg64_next32(g) * rng_excl
            leftover = <uint32_t>m
    return m >> 32


cdef inline uint64_t _lemire64(Pcg64* g, uint64_t rng) noexcept nogil:
    cdef uint64_t rng_excl = rng + 1
    cdef uint64_t leftover, threshold
    cdef uint64_t high = wmj_mul64(pcg64_next64(g), rng_excl, &leftover)
    if leftover < rng_excl:
        threshold = (UINT64_MAX - rng) % rng_excl
        while leftover < threshold:
            high = wmj_mul64(pcg64_next64(g), rng_excl, &leftover)
    return high


cdef uint64_t pcg64_bounded(Pcg64* g, uint64_t rng) noexcept nogil:
    if rng == 0:
        return 0
    if rng <= UINT32_MAX:
        if rng == UINT32_MAX:
            return pcg64_next32(g)
        return _lemire32(g, <uint32_t>rng)
    if rng == UINT64_MAX:
        return pcg64_next64(g)
    return _lemire64(g, rng)


cdef void shuffled_wall_c(uint64_t seed, unsigned char* wall) noexcept nogil:
    cdef Pcg64 g
    cdef uint8_t perm[136]
    cdef uint8_t t
    cdef int i, j
    pcg64_seed_int(&g, seed)
    for i in range(136):
        perm[i] = <uint8_t>i
    for i in range(135, 0, -1):
        j = <int>pcg64_interval(&g, <uint64_t>i)
        t = perm[i]
        perm[i] = perm[j]
        perm[j] = t
    for i in range(136):
        wall[i] = perm[i] >> 2


cdef void match_seeds_c(const uint32_t* root, int n_root, uint32_t match, uint64_t* match_seed,
                        uint64_t* agent_seeds) noexcept nogil:
    cdef uint32_t key[2]
    cdef uint32_t w[8]
    cdef int i
    key[0] = match
    key[1] = 0
    seed_sequence_state(root, n_root, key, 2, w, 2)
    match_seed[0] = <uint64_t>w[0] | (<uint64_t>w[1] << 32)
    key[1] = 1
    seed_sequence_state(root, n_root, key, 2, w, 8)
    for i in range(4):
        agent_seeds[i] = <uint64_t>w[2 * i] | (<uint64_t>w[2 * i + 1] << 32)


# ---------------------------------------------------------------- Python access (tests, batch)

def int_words(n) -> np.ndarray:
    """The 32-bit words SeedSequence makes of an int >= 0 (little-endian, ``[0]`` for 0)."""
    n = int(n)
    if n < 0:
        raise ValueError("expected an integer >= 0")
    out = [n & 0xFFFFFFFF]
    n >>= 32
    while n:
        out.append(n & 0xFFFFFFFF)
        n >>= 32
    return np.array(out, dtype=np.uint32)


def _key_words(spawn_key) -> np.ndarray:
    parts = [int_words(k) for k in spawn_key]
    return np.concatenate(parts) if parts else np.zeros(0, np.uint32)


cdef int _seed_from(Pcg64* g, object seed, object spawn_key) except -1:
    cdef uint32_t[::1] ent = np.ascontiguousarray(int_words(seed))
    cdef uint32_t[::1] key = np.ascontiguousarray(np.append(_key_words(spawn_key), np.uint32(0)))
    pcg64_seed(g, &ent[0], ent.shape[0], &key[0], key.shape[0] - 1)
    return 0


def generate_state(seed, n_words, spawn_key=(), dtype="uint32") -> np.ndarray:
    """``SeedSequence(seed, spawn_key=spawn_key).generate_state(n_words, dtype)``
    (``dtype`` ``"uint32"`` or ``"uint64"``), computed by this module."""
    cdef uint32_t[::1] ent = np.ascontiguousarray(int_words(seed))
    cdef uint32_t[::1] key = np.ascontiguousarray(np.append(_key_words(spawn_key), np.uint32(0)))
    wide = np.dtype(dtype) == np.dtype(np.uint64)
    if not wide and np.dtype(dtype) != np.dtype(np.uint32):
        raise ValueError("dtype: uint32 or uint64")
    cdef int n = int(n_words) * (2 if wide else 1)
    out = np.zeros(max(n, 1), dtype=np.uint32)
    cdef uint32_t[::1] o = out
    seed_sequence_state(&ent[0], ent.shape[0], &key[0], key.shape[0] - 1, &o[0], n)
    out = out[:n]
    return out.astype("<u4").view("<u8").astype(np.uint64) if wide else out


def pcg64_state(seed, spawn_key=()) -> dict:
    """The state of ``PCG64(SeedSequence(seed, spawn_key=spawn_key))`` as numpy's
    ``bit_generator.state`` dict gives it."""
    cdef Pcg64 g
    _seed_from(&g, seed, spawn_key)
    return {
        "bit_generator": "PCG64",
        "state": {"state": (int(g.state_hi) << 64) | int(g.state_lo), "inc": (int(g.inc_hi) << 64) | int(g.inc_lo)},
        "has_uint32": int(g.has_uint32),
        "uinteger": int(g.uinteger),
    }


def stream(seed, n, kind="uint64", spawn_key=(), arg=0) -> np.ndarray:
    """``n`` draws of ``default_rng(SeedSequence(seed, spawn_key=...))``, computed here.

    kind: ``"uint64"`` (``bit_generator.random_raw``), ``"uint32"`` (``next_uint32``,
    as ``integers(2**32, dtype=np.uint32)`` draws it), ``"double"`` (``random()``),
    ``"interval"`` (numpy's ``random_interval(arg)``), ``"bounded"`` (``integers(0,
    arg + 1, dtype=np.uint64)``, one at a time), ``"int63"`` (``integers(2**63)``, one at
    a time, as :class:`~wuhanmj.game.match.Match` draws hand seeds), ``"mixed"`` (for
    each draw a 32-bit then a 64-bit one: the buffered half survives a 64-bit draw).
    """
    cdef Pcg64 g
    cdef Py_ssize_t i, count = int(n)
    cdef uint64_t a = int(arg)
    _seed_from(&g, seed, spawn_key)
    if kind == "double":
        d = np.empty(count, np.float64)
        for i in range(count):
            d[i] = pcg64_double(&g)
        return d
    out = np.empty(count if kind != "mixed" else 2 * count, np.uint64)
    cdef uint64_t[::1] o = out
    if kind == "uint64":
        for i in range(count):
            o[i] = pcg64_next64(&g)
    elif kind == "uint32":
        for i in range(count):
            o[i] = pcg64_next32(&g)
    elif kind == "interval":
        for i in range(count):
            o[i] = pcg64_interval(&g, a)
    elif kind == "bounded":
        for i in range(count):
            o[i] = pcg64_bounded(&g, a)
    elif kind == "int63":
        for i in range(count):
            o[i] = pcg64_bounded(&g, <uint64_t>0x7FFFFFFFFFFFFFFF)
    elif kind == "mixed":
        for i in range(count):
            o[2 * i] = pcg64_next32(&g)
            o[2 * i + 1] = pcg64_next64(&g)
    else:
        raise ValueError(f"kind: {kind!r}")
    return out


def shuffled_wall(seed) -> list:
    """``wuhanmj.game.wall.shuffled_wall(seed)`` for an int 0 <= seed < 2**64, computed here."""
    cdef unsigned char wall[136]
    cdef uint64_t s = int(seed)
    shuffled_wall_c(s, wall)
    return [wall[i] for i in range(136)]


def shuffled_walls(seeds) -> np.ndarray:
    """The walls of many seeds (uint64 array) as a (n, 136) uint8 array."""
    cdef uint64_t[::1] s = np.ascontiguousarray(seeds, dtype=np.uint64)
    out = np.empty((s.shape[0], 136), np.uint8)
    cdef uint8_t[:, ::1] o = out
    cdef Py_ssize_t i
    with nogil:
        for i in range(s.shape[0]):
            shuffled_wall_c(s[i], &o[i, 0])
    return out


def match_seeds(root, match) -> tuple:
    """``wuhanmj.sim.simulate.match_seeds(root, match)`` for 0 <= match < 2**32, computed here."""
    cdef uint32_t[::1] r = np.ascontiguousarray(int_words(root))
    cdef uint64_t ms
    cdef uint64_t ag[4]
    if not 0 <= match < 2**32:
        raise ValueError("match: 0 <= match < 2**32")
    match_seeds_c(&r[0], r.shape[0], <uint32_t>match, &ms, ag)
    return int(ms), (int(ag[0]), int(ag[1]), int(ag[2]), int(ag[3]))


def permutation(seed, n) -> np.ndarray:
    """``default_rng(seed).permutation(n)`` (int64), by the shuffle ``shuffled_wall_c`` uses."""
    cdef Pcg64 g
    cdef Py_ssize_t i, j
    cdef int64_t t
    _seed_from(&g, seed, ())
    out = np.arange(int(n), dtype=np.int64)
    cdef int64_t[::1] a = out
    for i in range(a.shape[0] - 1, 0, -1):
        j = <Py_ssize_t>pcg64_interval(&g, <uint64_t>i)
        t = a[i]
        a[i] = a[j]
        a[j] = t
    return out
