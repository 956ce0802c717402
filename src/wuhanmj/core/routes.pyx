"""Routes to a legal Wuhan win and the shanten of each (W1-W3, W6-W8, D8, R3).

Each route is a target shape for the concealed part of a hand:

  0 xiaohu      small hu: sets + a 2/5/8 pair, at most one 癞子 kept (W8: more forbid it)
  1 pengpenghu  pongs + any pair (melds must be pongs/kongs)
  2-4 qingyise  one suit, sets + any pair (melds of that suit)
  5 jiangyise   all 2/5/8, any shape (W3)
  6 fengyise    all honors, any shape (W3)

红中 and the 痞子 are removed from the hand (they only leave it, by special plays) and
never stand as added tiles; the 癞子 are wildcards (D8). A route the melds rule out is
skipped by the caller's route mask. A suit that holds a 痞子 splits into runs
(*segments*) with their own small tables (``tables.segment_table``), made by
:func:`wuhan_spec`.

Used by :mod:`wuhanmj.analysis` and the greedy agent (low level: counts in, numbers out).
The ``def`` functions check their arguments (``checks.pyx``); the kernels of
``routes.pxd`` run without the GIL on a spec made once with it.
"""

from libc.stdint cimport int8_t, int16_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcmp, memcpy, memset

import numpy as np

from wuhanmj.core.checks cimport (
    load_allowed,
    load_laizi,
    load_pizi,
    load_routes,
    load_unseen,
    load_wuhan,
)
from wuhanmj.core.defs cimport (
    EF_ANY,
    EF_FLAG,
    EF_NONE,
    JIANG_SUIT,
    N_ROUTES,
    PAIR_258,
    PAIR_ANY,
    RT_CHOWS,
    RT_FENG,
    RT_JIANG,
    RT_PENGPENG,
    RT_XIAOHU,
    SH_FLAG,
    SH_INF,
    is_jiang_c,
)
from wuhanmj.core.shanten cimport sh_exact, sh_merge4, sh_pong
from wuhanmj.core.tables cimport (
    EF,
    SH,
    SegmentTable,
    ef_tables,
    honor_key,
    segment_table,
    sh_tables,
    suit_rank,
)

__all__ = ["ROUTE_NAMES", "wuhan_routes", "wuhan_draws", "wuhan_discards", "wuhan_best_discard"]

ROUTE_NAMES = ("xiaohu", "pengpenghu", "qingyise_m", "qingyise_p", "qingyise_s",
               "jiangyise", "fengyise")


cdef struct WRow:
    # one group's capped costs for k = 0..4: chow mode (no pair, 2/5/8 pair, any pair),
    # pongs-only (no pair, any pair); flags: the unbounded costs may be lower
    int cN[5]
    int c258[5]
    int cAny[5]
    int pN[5]
    int pAny[5]
    bint cdiff
    bint pdiff


cdef struct WOthers:
    # the other three groups merged, for the small hu and pengpenghu routes
    int xN[5]
    int xP[5]
    int pN[5]
    int pP[5]
    bint xdiff
    bint pdiff


cdef inline void _sh_nib(uint64_t e, int pm, int* N, int* P) noexcept nogil:
    """Costs from a segment entry (4-bit fields per tau, 15 = impossible)."""
    cdef int k, v
    for k in range(5):
        v = (e >> (4 * 3 * k)) & 15
        N[k] = SH_INF if v == 15 else v
        v = (e >> (4 * (3 * k + pm))) & 15
        P[k] = SH_INF if v == 15 else v


# The costs of k = 0..4 sets of one mode of a packed shanten entry (sh_decode), by the
# mode's ten bits: a base (2 bits, 3 = impossible, the 2/5/8 pair's only) and four 2-bit
# steps. The no-pair costs are the entry's low eight bits over a base of 0.
cdef int _STEPS[1024][5]


cdef void _init_steps() noexcept:
    cdef int x, k, v
    for x in range(1024):
        v = x & 3
        for k in range(5):
            if k:
                v += (x >> (2 * k)) & 3
            _STEPS[x][k] = SH_INF if (x & 3) == 3 else v


_init_steps()


cdef inline void _w_decode(uint32_t e, int* N, int* P258, int* Pany) noexcept nogil:
    """sh_decode of a packed entry in both pair modes (PAIR_258, PAIR_ANY), from _STEPS."""
    memcpy(N, _STEPS[(e & 0xFF) << 2], sizeof(_STEPS[0]))
    memcpy(Pany, _STEPS[(e >> 8) & 0x3FF], sizeof(_STEPS[0]))
    memcpy(P258, _STEPS[(e >> 18) & 0x3FF], sizeof(_STEPS[0]))


cdef void _w_chow(const uint8_t* r, int g, const WSpec* sp, bint unb, int* N, int* P258,
                  int* Pany, bint* diff) noexcept nogil:
    """Chow-mode costs of group g (segments for a suit holding 痞子)."""
    cdef uint32_t e
    cdef uint64_t x
    cdef int s, key, i
    cdef int n1[5]
    cdef int a1[5]
    cdef int j1[5]
    cdef int n2[5]
    cdef int a2[5]
    cdef int j2[5]
    diff[0] = False
    if g == 3 or sp.nseg[g] == 0:
        if g == 3:
            e = (SH.honor_unbounded if unb else SH.honor_capped)[honor_key(r + 27)]
        else:
            e = (SH.suit_unbounded if unb else SH.suit_capped)[suit_rank(r + 9 * g)]
        diff[0] = (e & SH_FLAG) != 0
        _w_decode(e, N, P258, Pany)
        return
    for s in range(sp.nseg[g]):
        key = 0
        i = sp.seg_len[g][s] - 1
        while i >= 0:
            key = 5 * key + r[9 * g + sp.seg_lo[g][s] + i]
            i -= 1
        x = sp.seg_cap[g][s][key]
        if (x >> 60) & 1:
            diff[0] = True
        if unb:
            x = sp.seg_unb[g][s][key]
        if s == 0:
            _sh_nib(x, PAIR_258, N, P258)
            _sh_nib(x, PAIR_ANY, N, Pany)
        else:
            _sh_nib(x, PAIR_258, n2, j2)
            _sh_nib(x, PAIR_ANY, n2, a2)
            for i in range(5):
                n1[i] = N[i]
                a1[i] = Pany[i]
                j1[i] = P258[i]
            _mp(n1, j1, n2, j2, N, P258)
            _mp(n1, a1, n2, a2, N, Pany)


cdef inline uint64_t _byte_mask(int bits) noexcept nogil:
    """0xFF in byte i of the result where bit i of ``bits`` is set (i = 0..7)."""
    cdef uint64_t x = ((<uint64_t>(bits & 0xFF)) * 0x0101010101010101ULL) & 0x8040201008040201ULL
    x = ((x + 0x7F7F7F7F7F7F7F7FULL) | x) & 0x8080808080808080ULL
    return (x >> 7) * 0xFF


cdef inline int _bytes_at_least(uint64_t u, uint64_t j) noexcept nogil:
    """How many bytes of u (each 0-4) are at least j (1-4): adding 0x80 - j sets a byte's
    top bit exactly then, with no carry into the next byte; one multiply sums the bits."""
    cdef uint64_t x = ((u + (0x80 - j) * 0x0101010101010101ULL) & 0x8080808080808080ULL) >> 7
    return <int>((x * 0x0101010101010101ULL) >> 56)


# Pongs-only costs of a group by (a1, a2, a3, m), each a capped at 5 (_sh_pong_any): N for
# 0..4 sets, then the costs with the pair (any pair).
cdef int8_t _PONG[6][6][6][7][10]


cdef void _init_pong() noexcept:
    cdef int a1, a2, a3, m, k, S, ge1, ge2, ge3
    for a1 in range(6):
        for a2 in range(6):
            for a3 in range(6):
                for m in range(7):
                    S = 0
                    for k in range(5):
                        ge1 = k < a1
                        ge2 = k < a2
                        ge3 = k < a3
                        _PONG[a1][a2][a3][m][k] = S if k <= m else SH_INF
                        _PONG[a1][a2][a3][m][5 + k] = S + 2 - ge1 - ge2 if k < m else SH_INF
                        S += 3 - ge1 - ge2 - ge3


_init_pong()


cdef void _sh_pong_any(const uint8_t* c, int n, int allowed, int* N, int* P,
                       bint* has4) noexcept nogil:
    """Capped pongs-only costs with any pair of one group (the values of _sh_pong), from
    a[j], how many allowed positions hold at least j tiles (c: n = 9 or 7 counts 0-4).

    Sets take the fullest positions first: the i-th fullest holds v_i = sum over j of
    [i < a[j]] tiles, costs 3 - min(v_i, 3) wildcards as a pong and 2 - min(v_i, 2) as the
    pair; at most m = min(6, allowed positions) positions take part. The costs for
    (a1, a2, a3, m) are tabled (_PONG)."""
    cdef uint64_t u = 0, mask = _byte_mask(allowed)
    cdef int a1, a2, a3, m, k, last = 0, last_allowed = n == 9 and (allowed >> 8) & 1
    cdef const int8_t* e
    if n == 9:
        memcpy(&u, c, 8)
        last = c[8] if last_allowed else 0
    else:
        memcpy(&u, c, 7)        # (little-endian: byte i of u is c[i], as in the engine's C)
    u &= mask
    a1 = _bytes_at_least(u, 1) + (last >= 1)
    a2 = _bytes_at_least(u, 2) + (last >= 2)
    a3 = _bytes_at_least(u, 3) + (last >= 3)
    has4[0] = (_bytes_at_least(u, 4) + (last >= 4)) > 0
    m = _bytes_at_least(mask & 0x0101010101010101ULL, 1) + last_allowed
    e = _PONG[a1 if a1 < 5 else 5][a2 if a2 < 5 else 5][a3 if a3 < 5 else 5][m if m < 6 else 6]
    for k in range(5):
        N[k] = e[k]
        P[k] = e[5 + k]


cdef inline void _w_row(const uint8_t* r, int g, const WSpec* sp, WRow* row) noexcept nogil:
    cdef int n = 7 if g == 3 else 9
    _w_chow(r, g, sp, False, row.cN, row.c258, row.cAny, &row.cdiff)
    _sh_pong_any(r + 9 * g, n, sp.allowed[g], row.pN, row.pAny, &row.pdiff)


cdef inline void _w_row_for(const uint8_t* r, int g, const WSpec* sp, int routes,
                            WRow* row) noexcept nogil:
    """The parts of a row the routes read: chow costs (small hu, 清一色), pong costs (碰碰胡);
    the other part zeroed (rows with the same parts compare equal byte for byte)."""
    if routes & RT_CHOWS:
        _w_chow(r, g, sp, False, row.cN, row.c258, row.cAny, &row.cdiff)
    else:
        memset(row.cN, 0, sizeof(row.cN))
        memset(row.c258, 0, sizeof(row.c258))
        memset(row.cAny, 0, sizeof(row.cAny))
        row.cdiff = False
    if routes & RT_PENGPENG:
        _sh_pong_any(r + 9 * g, 7 if g == 3 else 9, sp.allowed[g], row.pN, row.pAny, &row.pdiff)
    else:
        memset(row.pN, 0, sizeof(row.pN))
        memset(row.pAny, 0, sizeof(row.pAny))
        row.pdiff = False


cdef inline int _lo(int a, int b) noexcept nogil:
    return a if a < b else b


cdef inline int _cap(int x) noexcept nogil:
    return x if x < SH_INF else SH_INF


# _mp in 16-bit lanes where the compiler targets SSE2 (every x86-64): a cost vector of
# five ints is packed into the low five lanes of one register; the terms a[j] + c[k - j]
# for one j are a[j] in every lane plus c moved up j lanes (SH_INF below), so each j is
# one add and one minimum for all k at once. Every cost is at most SH_INF (99): the sums
# fit in 16 bits. WMJ_MP_SSE2 is 0 elsewhere (or with WMJ_NO_SIMD defined), and _mp then
# runs its terms written out in C.
cdef extern from *:
    """
    #if defined(__SSE2__) && !defined(WMJ_NO_SIMD)
    #include <emmintrin.h>
    #define WMJ_MP_SSE2 1
    static inline __m128i wmj_load5(const int* x) {
        return _mm_packs_epi32(_mm_loadu_si128((const __m128i*)x), _mm_cvtsi32_si128(x[4]));
    }
    static inline void wmj_store5(int* x, __m128i v) {
        _mm_storeu_si128((__m128i*)x, _mm_unpacklo_epi16(v, _mm_setzero_si128()));
        x[4] = _mm_extract_epi16(v, 4);
    }
    /* lane j of v in every lane (j = 0..4) */
    #define WMJ_LANE(v, j) ((j) < 4 ? _mm_shuffle_epi32(_mm_shufflelo_epi16((v), ((j) & 3) * 0x55), 0) \
                                    : _mm_shuffle_epi32(_mm_shufflehi_epi16((v), 0), 0xAA))
    /* v moved up j lanes, inf in the j lanes below */
    #define WMJ_UP(v, j, inf) _mm_or_si128(_mm_slli_si128((v), 2 * (j)), _mm_srli_si128((inf), 16 - 2 * (j)))
    #define WMJ_MP_STEP(j) do { \
        __m128i aj = WMJ_LANE(a, j), bj = WMJ_LANE(b, j); \
        __m128i cj = WMJ_UP(c, j, inf), dj = WMJ_UP(d, j, inf); \
        n = _mm_min_epi16(n, _mm_add_epi16(aj, cj)); \
        p = _mm_min_epi16(p, _mm_min_epi16(_mm_add_epi16(aj, dj), _mm_add_epi16(bj, cj))); \
    } while (0)
    static inline void wmj_mp_sse2(const int* N1, const int* P1, const int* N2, const int* P2,
                                   int* N, int* P, int cap) {
        const __m128i inf = _mm_set1_epi16((short)cap);
        __m128i a = wmj_load5(N1), b = wmj_load5(P1), c = wmj_load5(N2), d = wmj_load5(P2);
        __m128i a0 = WMJ_LANE(a, 0), b0 = WMJ_LANE(b, 0);
        __m128i n = _mm_add_epi16(a0, c);
        __m128i p = _mm_min_epi16(_mm_add_epi16(a0, d), _mm_add_epi16(b0, c));
        WMJ_MP_STEP(1);
        WMJ_MP_STEP(2);
        WMJ_MP_STEP(3);
        WMJ_MP_STEP(4);
        wmj_store5(N, _mm_min_epi16(n, inf));
        wmj_store5(P, _mm_min_epi16(p, inf));
    }
    #else
    #define WMJ_MP_SSE2 0
    static inline void wmj_mp_sse2(const int* N1, const int* P1, const int* N2, const int* P2,
                                   int* N, int* P, int cap) {}
    #endif
    """
    const bint _MP_SSE2 "WMJ_MP_SSE2"
    void _mp_sse2 "wmj_mp_sse2"(const int* N1, const int* P1, const int* N2, const int* P2,
                                int* N, int* P, int cap) noexcept nogil


cdef inline void _mp(const int* N1, const int* P1, const int* N2, const int* P2, int* N,
                     int* P) noexcept nogil:
    """sh_mp for 0..4 sets written out, every term, no loop (fewer cycles than the loops),
    whatever a hand's K: the entries above K, also filled, are read by no one, and every
    five-entry row and merge is defined. In SSE2 lanes where there are (_mp_sse2)."""
    if _MP_SSE2:
        _mp_sse2(N1, P1, N2, P2, N, P, SH_INF)
        return
    cdef int a0 = N1[0], a1 = N1[1], a2 = N1[2], a3 = N1[3], a4 = N1[4]
    cdef int b0 = P1[0], b1 = P1[1], b2 = P1[2], b3 = P1[3], b4 = P1[4]
    cdef int c0 = N2[0], c1 = N2[1], c2 = N2[2], c3 = N2[3], c4 = N2[4]
    cdef int d0 = P2[0], d1 = P2[1], d2 = P2[2], d3 = P2[3], d4 = P2[4]
    N[0] = _cap(a0 + c0)
    N[1] = _cap(_lo(a0 + c1, a1 + c0))
    N[2] = _cap(_lo(_lo(a0 + c2, a1 + c1), a2 + c0))
    N[3] = _cap(_lo(_lo(a0 + c3, a1 + c2), _lo(a2 + c1, a3 + c0)))
    N[4] = _cap(_lo(_lo(_lo(a0 + c4, a1 + c3), _lo(a2 + c2, a3 + c1)), a4 + c0))
    P[0] = _cap(_lo(a0 + d0, b0 + c0))
    P[1] = _cap(_lo(_lo(a0 + d1, a1 + d0), _lo(b0 + c1, b1 + c0)))
    P[2] = _cap(_lo(_lo(_lo(a0 + d2, a1 + d1), a2 + d0), _lo(_lo(b0 + c2, b1 + c1), b2 + c0)))
    P[3] = _cap(_lo(_lo(_lo(a0 + d3, a1 + d2), _lo(a2 + d1, a3 + d0)),
                    _lo(_lo(b0 + c3, b1 + c2), _lo(b2 + c1, b3 + c0))))
    P[4] = _cap(_lo(_lo(_lo(_lo(a0 + d4, a1 + d3), _lo(a2 + d2, a3 + d1)), a4 + d0),
                    _lo(_lo(_lo(b0 + c4, b1 + c3), _lo(b2 + c2, b3 + c1)), b4 + c0)))


cdef inline void _w_pair(const WRow* a, const WRow* b, int routes, WOthers* o) noexcept nogil:
    """o: two groups' rows merged in the modes the routes read (small hu, RT_XIAOHU: chow
    costs with the 2/5/8 pair; 碰碰胡, RT_PENGPENG: pong costs with any pair; the other
    mode is left unset)."""
    if routes & RT_XIAOHU:
        _mp(a.cN, a.c258, b.cN, b.c258, o.xN, o.xP)
        o.xdiff = a.cdiff or b.cdiff
    if routes & RT_PENGPENG:
        _mp(a.pN, a.pAny, b.pN, b.pAny, o.pN, o.pP)
        o.pdiff = a.pdiff or b.pdiff


cdef inline void _w_join(const WOthers* pair, const WRow* row, int routes,
                         WOthers* o) noexcept nogil:
    """o: a merged pair of groups and a third group's row, merged in the modes of _w_pair."""
    if routes & RT_XIAOHU:
        _mp(pair.xN, pair.xP, row.cN, row.c258, o.xN, o.xP)
        o.xdiff = pair.xdiff or row.cdiff
    if routes & RT_PENGPENG:
        _mp(pair.pN, pair.pP, row.pN, row.pAny, o.pN, o.pP)
        o.pdiff = pair.pdiff or row.pdiff


cdef void _w_others(const WRow* rows, int g, int routes, WOthers* o) noexcept nogil:
    """o: the three groups other than g merged in the modes of _w_pair (min-plus merges do
    not depend on the order)."""
    cdef WOthers pair
    _w_pair(&rows[1 if g == 0 else 0], &rows[2 if g <= 1 else 1], routes, &pair)
    _w_join(&pair, &rows[3 if g <= 2 else 2], routes, o)


cdef inline int _w_close(const int* ON, const int* OP, const int* N, const int* P,
                         int K) noexcept nogil:
    """Least cost of K sets and the pair: the merged others plus one group."""
    if K == 4:
        return _cap(_lo(_lo(_lo(_lo(ON[0] + P[4], ON[1] + P[3]), _lo(ON[2] + P[2], ON[3] + P[1])),
                            _lo(ON[4] + P[0], OP[0] + N[4])),
                        _lo(_lo(OP[1] + N[3], OP[2] + N[2]), _lo(OP[3] + N[1], OP[4] + N[0]))))
    return _w_close_k(ON, OP, N, P, K)


cdef inline int _w_close_k(const int* ON, const int* OP, const int* N, const int* P,
                           int K) noexcept nogil:
    cdef int j, z, best = SH_INF
    for j in range(K + 1):
        z = ON[j] + P[K - j]
        if z < best:
            best = z
        z = OP[j] + N[K - j]
        if z < best:
            best = z
    return best


cdef int _w_resolve(const uint8_t* r, const WSpec* sp, int route, int c0, bint diff, int w,
                    int K) noexcept nogil:
    """Distance of one route from its capped cost c0, checking the fifth-copy cases."""
    cdef int N[4][5]
    cdef int P[4][5]
    cdef int A[5]
    cdef int g, cu
    cdef bint d
    cdef uint8_t fb[34]
    if w == 0 or not diff or c0 <= w:
        return c0 - w if c0 > w else 0
    if route == 0:
        for g in range(4):
            _w_chow(r, g, sp, True, N[g], P[g], A, &d)
        cu = sh_merge4(N, P, K)
    elif route == 1:
        for g in range(4):
            sh_pong(r + 9 * g, 7 if g == 3 else 9, JIANG_SUIT if g < 3 else 0, sp.allowed[g],
                     True, PAIR_ANY, N[g], P[g])
        cu = sh_merge4(N, P, K)
    else:
        g = route - 2
        _w_chow(r, g, sp, True, N[0], A, P[0], &d)
        cu = P[0][K]
    if cu >= c0:
        return c0 - w
    memcpy(fb, sp.forbid, 34)
    if route >= 2:
        for g in range(34):
            if g // 9 != route - 2:
                fb[g] = 1
    return sh_exact(r, fb, K, PAIR_258 if route == 0 else PAIR_ANY, route != 1, w)


cdef inline int _shanten(int d) noexcept nogil:
    """The shanten of a route at distance d (at most 0: complete, -1)."""
    return (d if d > 0 else 0) - 1


cdef inline int _w_eval(const uint8_t* r, int w, int nj, int nh, int K, const WSpec* sp,
                        const WRow* rows, const WOthers* o, int g, int* out) noexcept nogil:
    """Shanten of every route (SH_INF when masked out); returns the least.

    ``rows`` are the four groups' costs; ``o`` the other three merged for group ``g``.
    """
    return _w_eval_g(r, w, nj, nh, K, sp, rows, o, g, &rows[g], out)


cdef int _w_eval_g(const uint8_t* r, int w, int nj, int nh, int K, const WSpec* sp,
                   const WRow* rows, const WOthers* o, int g, const WRow* rg,
                   int* out) noexcept nogil:
    """As _w_eval, with ``rg`` standing for ``rows[g]`` (no copy into the array)."""
    cdef int routes = sp.routes, route, q
    cdef const WRow* rq
    for route in range(N_ROUTES):
        out[route] = SH_INF
    if routes & RT_XIAOHU:
        out[0] = _shanten(_w_resolve(r, sp, 0, _w_close(o.xN, o.xP, rg.cN, rg.c258, K),
                                     o.xdiff or rg.cdiff, w if w < 1 else 1, K))
    if routes & RT_PENGPENG:
        out[1] = _shanten(_w_resolve(r, sp, 1, _w_close(o.pN, o.pP, rg.pN, rg.pAny, K),
                                     o.pdiff or rg.pdiff, w, K))
    for q in range(3):
        if (routes >> (2 + q)) & 1:
            rq = rg if q == g else &rows[q]
            out[2 + q] = _shanten(_w_resolve(r, sp, 2 + q, rq.cAny[K], rq.cdiff, w, K))
    if routes & RT_JIANG:
        out[5] = _shanten(3 * K + 2 - nj - w)
    if routes & RT_FENG:
        out[6] = _shanten(3 * K + 2 - nh - w)
    return _lo(_lo(_lo(out[0], out[1]), _lo(out[2], out[3])), _lo(_lo(out[4], out[5]), out[6]))


cdef inline int _w_prepare(const uint8_t* c, const WSpec* sp, uint8_t* r, int* w, int* nj,
                           int* nh) noexcept nogil:
    """Real usable counts r (癞子, 红中, 痞子 removed); returns the tile total."""
    cdef int t, total = 0
    nj[0] = 0
    nh[0] = 0
    for t in range(34):
        total += c[t]
        r[t] = 0 if (sp.forbid[t] or t == sp.laizi) else c[t]
        if is_jiang_c(t):
            nj[0] += r[t]
        elif t >= 27:
            nh[0] += r[t]
    w[0] = c[sp.laizi]
    return total


cdef int _w_value(const uint8_t* c, const WSpec* sp, int K, int* out) noexcept nogil:
    cdef uint8_t r[34]
    cdef WRow rows[4]
    cdef WOthers o
    cdef int w, nj, nh, g
    _w_prepare(c, sp, r, &w, &nj, &nh)
    for g in range(4):
        _w_row_for(r, g, sp, sp.routes, &rows[g])
    _w_others(rows, 0, sp.routes, &o)
    return _w_eval(r, w, nj, nh, K, sp, rows, &o, 0, out)


cdef int _w_draws(const uint8_t* c, const WSpec* sp, int K, int8_t* out) noexcept nogil:
    """out[t] = best shanten after drawing kind t (127 if a fifth copy); returns the current best."""
    cdef uint8_t r[34]
    cdef WRow rows[4]
    cdef WRow saved
    cdef WOthers o[4]
    cdef int res[N_ROUTES]
    cdef int w, nj, nh, g, t, base, n
    _w_prepare(c, sp, r, &w, &nj, &nh)
    for g in range(4):
        _w_row(r, g, sp, &rows[g])
    for g in range(4):
        _w_others(rows, g, sp.routes, &o[g])
    base = _w_eval(r, w, nj, nh, K, sp, rows, &o[0], 0, res)
    for t in range(34):
        out[t] = 127
        if c[t] >= 4:
            continue
        if sp.forbid[t]:
            out[t] = <int8_t>base     # 红中/痞子 drawn: one more tile to play out
            continue
        if t == sp.laizi:
            out[t] = <int8_t>_w_eval(r, w + 1, nj, nh, K, sp, rows, &o[0], 0, res)
            continue
        g = t // 9
        saved = rows[g]
        r[t] += 1
        _w_row(r, g, sp, &rows[g])
        out[t] = <int8_t>_w_eval(r, w, nj + (1 if (is_jiang_c(t)) else 0),
                                 nh + (1 if t >= 27 else 0), K, sp, rows, &o[g], g, res)
        r[t] -= 1
        rows[g] = saved
    return base


cdef void _w_discards(uint8_t* c, const WSpec* sp, int K, int8_t* after,
                     int8_t* draws) noexcept nogil:
    """For each discard d: the best shanten after it (after[d]) and after each draw t
    (draws[34*d + t]). Rows of a group that neither the discard nor the draw touches are
    shared: a group's row after drawing t is worked out once for every discard elsewhere."""
    cdef uint8_t r[34]
    cdef WRow base[4]
    cdef WRow rows[4]
    cdef WRow plus[34]          # row of group t//9 with t added to the full hand
    cdef WRow saved
    cdef WOthers o[4]
    cdef int res[N_ROUTES]
    cdef int w, nj, nh, g, gd, t, d, s0, dj, dh
    _w_prepare(c, sp, r, &w, &nj, &nh)
    for g in range(4):
        _w_row(r, g, sp, &base[g])
    for t in range(34):
        if sp.forbid[t] or t == sp.laizi or c[t] >= 4:
            continue
        g = t // 9
        r[t] += 1
        _w_row(r, g, sp, &plus[t])
        r[t] -= 1
    for d in range(34):
        after[d] = 127
        for t in range(34):
            draws[34 * d + t] = 127
        if c[d] == 0 or sp.forbid[d] or d == sp.laizi:
            continue
        gd = d // 9
        c[d] -= 1
        r[d] -= 1
        dj = 1 if (is_jiang_c(d)) else 0
        dh = 1 if d >= 27 else 0
        for g in range(4):
            rows[g] = base[g]
        _w_row(r, gd, sp, &rows[gd])
        for g in range(4):
            _w_others(rows, g, sp.routes, &o[g])
        s0 = _w_eval(r, w, nj - dj, nh - dh, K, sp, rows, &o[0], 0, res)
        after[d] = <int8_t>s0
        for t in range(34):
            if c[t] >= 4:
                continue
            if sp.forbid[t]:
                draws[34 * d + t] = <int8_t>s0
                continue
            if t == sp.laizi:
                draws[34 * d + t] = <int8_t>_w_eval(r, w + 1, nj - dj, nh - dh, K, sp, rows,
                                                    &o[0], 0, res)
                continue
            g = t // 9
            r[t] += 1
            saved = rows[g]
            if g == gd:
                _w_row(r, g, sp, &rows[g])
            else:
                rows[g] = plus[t]
            draws[34 * d + t] = <int8_t>_w_eval(
                r, w, nj - dj + (1 if (is_jiang_c(t)) else 0),
                nh - dh + (1 if t >= 27 else 0), K, sp, rows, &o[g], g, res)
            rows[g] = saved
            r[t] -= 1
        c[d] += 1
        r[d] += 1


include "routes_best.pxi"


# ---------------------------------------------------------------- kernels for C callers

cdef int wuhan_spec(WSpec* sp, int laizi, const int* pizi, int n_pizi, int routes) except -1:
    """Fill a spec: 红中 and the 痞子 forbidden, suits holding 痞子 split into segments, and
    the tables the kernels read built (needs the GIL). ``laizi`` 0-32, ``pizi`` 0-2 kinds
    0-33 other than the laizi (R3), ``routes`` a mask 0-127 over ROUTE_NAMES: not checked
    here (``checks.load_laizi``, ``load_pizi`` and ``load_routes`` do it for Python values)."""
    cdef int g, p, start, n, i
    cdef SegmentTable seg
    sh_tables()
    sp.laizi = laizi
    sp.routes = routes
    memset(sp.forbid, 0, 34)
    sp.forbid[33] = 1
    for i in range(n_pizi):
        sp.forbid[pizi[i]] = 1
    for g in range(4):
        n = 7 if g == 3 else 9
        sp.allowed[g] = 0
        for p in range(n):
            if not sp.forbid[9 * g + p]:
                sp.allowed[g] |= 1 << p
    for g in range(3):
        sp.nseg[g] = 0
        if sp.allowed[g] == 0x1FF:
            continue
        p = 0
        while p < 9:
            if sp.forbid[9 * g + p]:
                p += 1
                continue
            start = p
            while p < 9 and not sp.forbid[9 * g + p]:
                p += 1
            segment_table(start, p - start, &seg)
            sp.seg_lo[g][sp.nseg[g]] = start
            sp.seg_len[g][sp.nseg[g]] = p - start
            sp.seg_cap[g][sp.nseg[g]] = seg.capped
            sp.seg_unb[g][sp.nseg[g]] = seg.unbounded
            sp.nseg[g] += 1
    return 0


cdef inline int _total(const uint8_t* c) noexcept nogil:
    cdef int t, total = 0
    for t in range(34):
        total += c[t]
    return total


cdef int wuhan_routes_c(const uint8_t* counts, const WSpec* spec, int* out) noexcept nogil:
    """Shanten of every route into ``out`` (N_ROUTES ints, SH_INF for a masked route) for a
    3k+1 or 3k+2 hand; returns the least."""
    return _w_value(counts, spec, _total(counts) // 3, out)


cdef int wuhan_draws_c(const uint8_t* counts, const WSpec* spec, int8_t* out) noexcept nogil:
    """For a 3k+1 hand: ``out[t]`` (34 int8) = best shanten after drawing kind t (127 for a
    fifth copy); returns the current best shanten."""
    return _w_draws(counts, spec, _total(counts) // 3, out)


cdef void wuhan_discards_c(const uint8_t* counts, const WSpec* spec, int8_t* after,
                           int8_t* draws) noexcept nogil:
    """For a 3k+2 hand: ``after[d]`` (34 int8) = best shanten after discarding d, and
    ``draws[34 * d + t]`` (34 x 34 int8) after then drawing t; 127 where impossible."""
    cdef uint8_t c[34]
    memcpy(c, counts, 34)
    _w_discards(c, spec, _total(c) // 3, after, draws)


cdef void wuhan_best_discard_c(const uint8_t* counts, const WSpec* spec, const uint8_t* allowed,
                               const uint8_t* unseen, int* out) noexcept nogil:
    """For a 3k+2 hand, the advised discard among ``allowed`` (34 0/1), counting ``unseen``
    (34 counts 0-4) copies of the effective draws: ``out[0]`` the kind (-1 if none),
    ``out[1]`` its shanten, ``out[2]`` the least shanten of any normal discard (127 if none)."""
    cdef uint8_t c[34]
    memcpy(c, counts, 34)
    _w_best(c, spec, _total(c) // 3, allowed, unseen, out, NULL, NULL, 0)


cdef void wuhan_discard_draws_c(const uint8_t* counts, const WSpec* spec, const uint8_t* allowed,
                                const uint8_t* unseen, int slack, int8_t* after, int16_t* eff,
                                int* out) noexcept nogil:
    """wuhan_best_discard_c's ``out``, with ``after[d]`` (34 int8) the shanten after
    discarding d (127 if d is no normal discard) and ``eff[d]`` (34 int16) the ``unseen``
    copies of the draws that lower it, for each allowed d within ``slack`` of ``out[1]``
    (-1 for the others): the effective draws of discard_advice, for those discards only."""
    cdef uint8_t c[34]
    memcpy(c, counts, 34)
    _w_best(c, spec, _total(c) // 3, allowed, unseen, out, after, eff, slack)


# ---------------------------------------------------------------- Python API

cdef int _spec_from(WSpec* sp, object laizi, object pizi, object routes) except -1:
    """Check ``laizi``, ``routes`` and ``pizi`` (in that order) and make the spec."""
    cdef int pz[2]
    cdef int lz = load_laizi(laizi)
    cdef int rt = load_routes(routes)
    cdef int n = load_pizi(pizi, lz, pz)
    return wuhan_spec(sp, lz, pz, n, rt)


def wuhan_routes(counts, laizi, pizi=(), routes=0x7F):
    """Shanten of a Wuhan hand for every route (W1-W3, W6-W8, D8); low level, see ``analysis``.

    Args:
        counts: 34 counts of the concealed hand, 3k+1 or 3k+2 tiles (melds made leave k
            sets to form), 癞子, 红中 and 痞子 included.
        laizi: the 癞子 kind (its copies are wildcards): an int 0-32 (numpy integers too).
        pizi: the 痞子 kinds (R3): an iterable (not a str) of at most two ints 0-33 other
            than the laizi (numpy integers too, never bools or floats); empty when the
            rule is off.
        routes: bit mask over :data:`ROUTE_NAMES` of the routes the melds allow: an int
            0-127 (bit i = route i; 0 masks every route).

    Returns:
        tuple of 7 ints in the order of :data:`ROUTE_NAMES`; ``None`` for a masked route.

    Raises:
        ShapeError: bad counts, 3k tiles, a bad laizi, pizi or routes (a str, float,
            bool, or out of range).
    """
    cdef uint8_t c[34]
    cdef WSpec sp
    cdef int out[N_ROUTES]
    cdef int total = load_wuhan(counts, c, 0)
    cdef int g
    _spec_from(&sp, laizi, pizi, routes)
    with nogil:
        _w_value(c, &sp, total // 3, out)
    return tuple(None if out[g] >= SH_INF else out[g] for g in range(N_ROUTES))


def wuhan_draws(counts, laizi, pizi=(), routes=0x7F):
    """Best shanten over the routes after drawing each kind, for a 3k+1 hand (low level).

    Args:
        counts, laizi, pizi, routes: as for :func:`wuhan_routes`; 3k+1 tiles.

    Returns:
        (current best shanten: int, ``numpy.ndarray`` (34,) int8: best shanten after
        drawing kind t, 127 where t would be a fifth copy).

    Raises:
        ShapeError: as for :func:`wuhan_routes`, or 3k+2 tiles.
    """
    cdef uint8_t c[34]
    cdef WSpec sp
    cdef int total = load_wuhan(counts, c, 1)
    cdef int base
    _spec_from(&sp, laizi, pizi, routes)
    res = np.empty(34, dtype=np.int8)
    cdef int8_t[::1] out = res
    with nogil:
        base = _w_draws(c, &sp, total // 3, &out[0])
    return base, res


def wuhan_discards(counts, laizi, pizi=(), routes=0x7F):
    """For a 3k+2 hand: best shanten after each discard, and after each following draw.

    Only normal discards are considered: the 癞子, 红中 and 痞子 leave a hand by special
    plays (P3, R4), never as discards.

    Args:
        counts, laizi, pizi, routes: as for :func:`wuhan_routes`; 3k+2 tiles.

    Returns:
        (``after``: ``numpy.ndarray`` (34,) int8, best shanten after discarding kind d,
        127 when d is not held or may not be discarded; ``draws``: (34, 34) int8, row d is
        the best shanten after discarding d then drawing t, 127 for an impossible draw).

    Raises:
        ShapeError: as for :func:`wuhan_routes`, or 3k+1 tiles.
    """
    cdef uint8_t c[34]
    cdef WSpec sp
    cdef int total = load_wuhan(counts, c, 2)
    _spec_from(&sp, laizi, pizi, routes)
    after = np.empty(34, dtype=np.int8)
    draws = np.empty((34, 34), dtype=np.int8)
    cdef int8_t[::1] a = after
    cdef int8_t[:, ::1] dr = draws
    with nogil:
        _w_discards(c, &sp, total // 3, &a[0], &dr[0, 0])
    return after, draws


def wuhan_best_discard(counts, laizi, pizi=(), routes=0x7F, allowed=None, seen=None):
    """The discard of a 3k+2 hand that :func:`wuhanmj.analysis.discard_advice` ranks first,
    among ``allowed``: least shanten, then most unseen effective tiles, then lowest kind.

    The order of :func:`wuhan_discards` with the unseen effective tiles counted, at a
    fraction of the cost (the draws are tried only for the discards tied at the least
    shanten). Only normal discards count (not the 癞子, 红中 or 痞子, P3, R4).

    Args:
        counts, laizi, pizi, routes: as for :func:`wuhan_routes`; 3k+2 tiles.
        allowed: iterable of the kinds (ints 0-33) that may be discarded; None: any.
        seen: 34 counts 0-4 of the copies the player sees outside its concealed hand:
            its melds and the visible tiles (discards, other melds, special plays, the
            indicator, D6). A kind's unseen copies are 4 - counts - seen; a draw that
            lowers the shanten counts for them. None: nothing seen.

    Returns:
        ``(kind, shanten, least)``: the chosen kind and the shanten after discarding it
        (both None when no allowed kind may be discarded), and the least shanten after
        any normal discard (None when there is none).

    Raises:
        ShapeError: bad counts or seen, more than 4 copies of a kind in counts and seen
            together, 3k+1 tiles, a bad laizi, pizi or allowed kind.
    """
    cdef uint8_t c[34]
    cdef uint8_t un[34]
    cdef uint8_t al[34]
    cdef WSpec sp
    cdef int out[3]
    cdef int total = load_wuhan(counts, c, 2)
    _spec_from(&sp, laizi, pizi, routes)
    ef_tables()
    load_allowed(allowed, al)
    load_unseen(seen, c, un)
    with nogil:
        _w_best(c, &sp, total // 3, al, un, out, NULL, NULL, 0)
    return (None if out[0] < 0 else out[0], None if out[0] < 0 else out[1],
            None if out[2] >= 127 else out[2])
