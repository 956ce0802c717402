# Wuhan routes kernels (W1-W3, W6-W8, D8, R3): the shanten of each route to a legal win,
# after each draw, after each discard, and the advised discard. A spec (laizi, 痞子, route
# mask) is made once with the GIL by wuhan_spec(), which also builds the tables it needs;
# the kernels then run without the GIL. Counts: 34 uint8 (0-4), the concealed hand with
# its 癞子, 红中 and 痞子, 3k+1 or 3k+2 tiles as each kernel says (at most 14); nothing
# is checked here (``wuhanmj.core.checks`` does it for the def functions).

from libc.stdint cimport int8_t, int16_t, uint8_t, uint64_t

ctypedef struct WSpec:
    int laizi                   # the 癞子 kind, 0-32
    int routes                  # bit mask over ROUTE_NAMES
    uint8_t forbid[34]          # 红中 and the 痞子: never added, removed from the hand
    int allowed[4]              # per group: bit p set when position p is not forbidden
    # a suit holding 痞子 splits into runs (segments), at most three for two 痞子
    int nseg[3]
    int seg_lo[3][3]
    int seg_len[3][3]
    const uint64_t* seg_cap[3][3]
    const uint64_t* seg_unb[3][3]

# fill a spec (GIL): laizi 0-32, 0-2 pizi 0-33 other than the laizi, routes 0-127
cdef int wuhan_spec(WSpec* spec, int laizi, const int* pizi, int n_pizi, int routes) except -1

# out[route] (N_ROUTES ints, SH_INF when masked) for a 3k+1 or 3k+2 hand; returns the least
cdef int wuhan_routes_c(const uint8_t* counts, const WSpec* spec, int* out) noexcept nogil

# 3k+1 hand: out[t] (34 int8) best shanten after drawing t (127: a fifth copy); returns
# the current best
cdef int wuhan_draws_c(const uint8_t* counts, const WSpec* spec, int8_t* out) noexcept nogil

# 3k+2 hand: after[d] (34 int8) best shanten after discarding d, draws[34 * d + t]
# (34 x 34 int8) after then drawing t; 127 where impossible
cdef void wuhan_discards_c(const uint8_t* counts, const WSpec* spec, int8_t* after,
                           int8_t* draws) noexcept nogil

# 3k+2 hand: the advised discard among allowed (faster once tables.ef_tables() is built) (34 0/1), unseen (34 counts) copies counted:
# out[0] kind (-1: none), out[1] its shanten, out[2] least over any normal discard (127)
cdef void wuhan_best_discard_c(const uint8_t* counts, const WSpec* spec, const uint8_t* allowed,
                               const uint8_t* unseen, int* out) noexcept nogil

# wuhan_best_discard_c, with after[d] (34 int8) the shanten after discarding d (127: no normal
# discard) and eff[d] (34 int16) the unseen copies of the draws that lower it, for every
# allowed d within slack of out[1] (-1 for the others)
cdef void wuhan_discard_draws_c(const uint8_t* counts, const WSpec* spec, const uint8_t* allowed,
                                const uint8_t* unseen, int slack, int8_t* after, int16_t* eff,
                                int* out) noexcept nogil
