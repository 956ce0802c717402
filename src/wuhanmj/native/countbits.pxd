# Bit helpers of the native engine over 34 tile counts (each 0-4): which kinds are held, which
# are held four times, as a 34-bit mask (bit t = kind t), read eight counts at a time; the
# lowest set bit of a mask. Counts are read as 64-bit words: little-endian machines only (as
# the engine's other C: x86-64, arm64). Declarations and inline functions only: no module behind it.

from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy

cdef extern from *:
    """
    #ifndef WMJ_CTZ64
    #if defined(__GNUC__) || defined(__clang__)
    #define WMJ_CTZ64(x) __builtin_ctzll(x)
    #else
    static inline int wmj_ctz64(unsigned long long x) {
        int n = 0;
        while (!(x & 1ULL)) { x >>= 1; n++; }
        return n;
    }
    #define WMJ_CTZ64(x) wmj_ctz64(x)
    #endif
    #endif
    """
    # the position of the lowest set bit of x (x != 0: not checked)
    int lowest_bit "WMJ_CTZ64"(uint64_t x) noexcept nogil


cdef inline uint64_t _gather(uint64_t b) noexcept nogil:
    """Bit i of the result = bit 0 of byte i of b (little-endian: byte i is bits 8i to
    8i + 7): keep bit 0 of every byte, then one multiply moves bit 8i to bit 56 + i."""
    return ((b & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56


cdef inline uint64_t held_mask(const uint8_t* c) noexcept nogil:
    """Bit t set when c[t] != 0 (34 counts, each 0-7)."""
    cdef uint64_t w, m = 0
    cdef int i
    for i in range(4):
        memcpy(&w, c + 8 * i, 8)
        m |= _gather(w | (w >> 1) | (w >> 2)) << (8 * i)
    return m | (<uint64_t>(c[32] != 0) << 32) | (<uint64_t>(c[33] != 0) << 33)


cdef inline uint64_t four_mask(const uint8_t* c) noexcept nogil:
    """Bit t set when c[t] == 4 (34 counts, each 0-4: bit 2 of a count is set only for 4)."""
    cdef uint64_t w, m = 0
    cdef int i
    for i in range(4):
        memcpy(&w, c + 8 * i, 8)
        m |= _gather(w >> 2) << (8 * i)
    return m | (<uint64_t>(c[32] == 4) << 32) | (<uint64_t>(c[33] == 4) << 33)
