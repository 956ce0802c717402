# The core's lookup tables (hu, shanten, 痞子 segments): their keys, their accessors, and
# the one call C code makes before the kernels. See tables.pyx for the formats.
#
# Tables are built once per process, on first use, under a lock (one per family): the
# accessors below build a missing family and return it; they need the GIL. Kernels
# (the ``noexcept nogil`` functions of shape, shanten and routes) read the structs HU
# and SH directly and do not build anything: call ensure_tables() once, with the GIL,
# before calling them from C.

from libc.stdint cimport int32_t, uint8_t, uint16_t, uint32_t, uint64_t

from wuhanmj.core.defs cimport MAX_TILES

ctypedef struct HuTables:
    const uint32_t* suit        # (405350,) keyed by suit_rank: six 4-bit least-wildcard counts
    const uint32_t* honor       # (78125,) keyed by honor_key
    const uint8_t* patterns     # (405350, 9): the suit patterns in key order

ctypedef struct ShantenTables:
    const uint32_t* suit_capped       # (405350,) 2-bit steps, SH_FLAG: unbounded differs
    const uint32_t* suit_unbounded
    const uint32_t* honor_capped      # (78125,) pongs only
    const uint32_t* honor_unbounded

ctypedef struct EffectiveTables:
    # per pattern, one uint16 per position p: the EF_* bits (defs.pxd) of the capped chow-mode
    # costs that one more tile at p lowers (0 where p already holds 4 or the pattern 14)
    const uint16_t* suit              # (405350, 9) keyed by suit_rank
    const uint16_t* honor             # (78125, 7) keyed by honor_key (pongs only)

ctypedef struct SegmentTable:
    const uint64_t* capped            # (5 ** length,) 4-bit fields per target; bit 60: flag
    const uint64_t* unbounded

# RANK[i][s][c]: patterns agreeing on counts 0..i-1 (summing to s) with fewer than c at i.
# Filled when the module is imported; constant afterwards.
cdef int32_t RANK[9][MAX_TILES + 1][5]
# Filled by hu_tables() / sh_tables(); NULL pointers before. Read-only for everyone else.
cdef HuTables HU
cdef ShantenTables SH
cdef EffectiveTables EF

cdef extern from *:
    """
    /* The "built" flags are read without the lock: an acquire load pairs with the release
       store made after the build, so a thread that sees the flag sees the whole table
       (free-threaded CPython has no GIL to order them). */
    #ifndef WMJ_LOAD_ACQUIRE
    #if defined(__GNUC__) || defined(__clang__)
    #define WMJ_LOAD_ACQUIRE(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
    #define WMJ_STORE_RELEASE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
    #else  /* MSVC: volatile accesses are acquire / release (/volatile:ms, x86 and x64) */
    #define WMJ_LOAD_ACQUIRE(p) (*(volatile int *)(p))
    #define WMJ_STORE_RELEASE(p, v) (*(volatile int *)(p) = (v))
    #endif
    #endif
    """
    int load_acquire "WMJ_LOAD_ACQUIRE"(int* p) noexcept nogil
    void store_release "WMJ_STORE_RELEASE"(int* p, int v) noexcept nogil

# 1 once HU (SH) is filled; read with load_acquire
cdef int hu_ready
cdef int sh_ready
cdef int ef_ready

cdef int ensure_tables() except -1
cdef const HuTables* _hu_build() except NULL
cdef const ShantenTables* _sh_build() except NULL
cdef const EffectiveTables* _ef_build() except NULL
cdef int segment_table(int lo, int length, SegmentTable* out) except -1


cdef inline const HuTables* hu_tables() except NULL:
    """The hu tables, built on first use (needs the GIL); inline, so that the common case
    (built) costs the caller one load."""
    if load_acquire(&hu_ready):
        return &HU
    return _hu_build()


cdef inline const ShantenTables* sh_tables() except NULL:
    """The shanten tables, built on first use (needs the GIL; builds the hu tables too)."""
    if load_acquire(&sh_ready):
        return &SH
    return _sh_build()


cdef inline const EffectiveTables* ef_tables() except NULL:
    """The effective-draw tables, built on first use (needs the GIL; builds the shanten
    tables too)."""
    if load_acquire(&ef_ready):
        return &EF
    return _ef_build()


cdef inline int32_t suit_rank(const uint8_t* c) noexcept nogil:
    """Key of nine suit counts (each 0-4, total <= 14): their rank in lexicographic order."""
    cdef int32_t r = 0
    cdef int s = 0, i
    for i in range(9):
        r += RANK[i][s][c[i]]
        s += c[i]
    return r


cdef inline int32_t honor_key(const uint8_t* c) noexcept nogil:
    """Key of seven honor counts (each 0-4): base 5, 1z lowest."""
    return (c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * c[6]))))))


cdef inline int32_t base5_key(const uint8_t* c, int n) noexcept nogil:
    """Key of n counts (each 0-4) in base 5, position 0 lowest (honor and segment tables)."""
    cdef int32_t k = 0
    cdef int i = n - 1
    while i >= 0:
        k = 5 * k + c[i]
        i -= 1
    return k
