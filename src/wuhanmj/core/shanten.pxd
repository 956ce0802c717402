# Shanten (向听) kernels over the shanten tables (W1, W2, W6, D8). C callers:
# ``wuhanmj.core.tables.ensure_tables()`` once, with the GIL, before any of these.
#
# Counts are 34 uint8 (0-4 each); ``pair_mode`` PAIR_ANY or PAIR_258 (defs.pxd).
# A hand of n tiles + w wildcards, n + w = 3K+1 or 3K+2 (at most 14), is to become K sets
# and a pair; its distance d is the least number of tiles that must come in (shanten d-1).

from libc.stdint cimport uint8_t, uint32_t

from wuhanmj.core.defs cimport PAIR_ANY, SH_INF


# shanten: -1 complete, 0 ready, ... (tiles + wilds not 3k, at most 14)
cdef int shanten_c(const uint8_t* counts, int wilds, int pair_mode, bint pungs_only) noexcept nogil

# distance d (shanten + 1) for K sets and a pair, K = (tiles + wilds) // 3
cdef int sh_distance(const uint8_t* c, int w, int K, int pm, bint pungs) noexcept nogil

# exact distance by a DP over the 34 kinds; forbid: 34 0/1 kinds taking part in no block;
# SH_INF when impossible (the slow path of sh_distance and of the routes)
cdef int sh_exact(const uint8_t* r, const uint8_t* forbid, int K, int pm, bint chows,
                  int w) noexcept nogil

# pongs-only costs N[k], P[k] (k = 0..4) of one group of n positions (allowed: bit mask,
# jiang: the 2/5/8 positions, unb: any excess allowed)
cdef void sh_pong(const uint8_t* c, int n, int jiang, int allowed, bint unb, int pm,
                  int* N, int* P) noexcept nogil


cdef inline void sh_decode(uint32_t e, int pm, int* N, int* P) noexcept nogil:
    """Costs for k = 0..4 sets with no pair (N) and with the pair of mode pm (P), from a
    packed shanten table entry (tables.pyx: 2-bit steps)."""
    cdef int k, base, sh
    N[0] = 0
    for k in range(1, 5):
        N[k] = N[k - 1] + ((e >> (2 * k - 2)) & 3)
    if pm == PAIR_ANY:
        base = (e >> 8) & 3
        sh = 10
    else:
        base = (e >> 18) & 3
        sh = 20
        if base == 3:
            for k in range(5):
                P[k] = SH_INF
            return
    P[0] = base
    for k in range(1, 5):
        P[k] = P[k - 1] + ((e >> (sh + 2 * k - 2)) & 3)


cdef inline void sh_mp(const int* N1, const int* P1, const int* N2, const int* P2,
                       int* N, int* P, int K) noexcept nogil:
    """Min-plus merge of two groups' costs for 0..K sets (the pair in at most one of them)."""
    cdef int k, j, x, y, z
    for k in range(K + 1):
        x = SH_INF
        y = SH_INF
        for j in range(k + 1):
            z = N1[j] + N2[k - j]
            if z < x:
                x = z
            z = N1[j] + P2[k - j]
            if z < y:
                y = z
            z = P1[j] + N2[k - j]
            if z < y:
                y = z
        N[k] = x if x < SH_INF else SH_INF
        P[k] = y if y < SH_INF else SH_INF


cdef inline int sh_merge4(int (*N)[5], int (*P)[5], int K) noexcept nogil:
    """Least cost of K sets and the pair over the four groups' costs."""
    cdef int A[5]
    cdef int B[5]
    cdef int C[5]
    cdef int D[5]
    cdef int j, best = SH_INF, z
    sh_mp(N[0], P[0], N[1], P[1], A, B, K)
    sh_mp(N[2], P[2], N[3], P[3], C, D, K)
    for j in range(K + 1):
        z = A[j] + D[K - j]
        if z < best:
            best = z
        z = B[j] + C[K - j]
        if z < best:
            best = z
    return best
