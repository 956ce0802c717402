# The calls a search bot needs, in C without the GIL (search.pyx): determinizations of a
# native hand as one seat sees it, and rollouts of candidate actions over them.
# From Python: wuhanmj.native.search.determinize / evaluate_actions / SearchView.
#
# C callers: agents_prepare() (agents.pxd) once with the GIL, then
#   search_known(h, seat, &k)                  once per state and seat
#   search_determinize(h, &k, &rng, &out)      each sample (0, or -1: no consistent deal in
#                                              wuhanmj.native.search.MAX_TRIES draws)
#   search_evaluate(h, &k, codes, n_codes, i0, i1, root, n_root, &policy, det, out)

from libc.stdint cimport int8_t, int16_t, uint8_t, uint32_t

from wuhanmj.native.agents cimport AgentC
from wuhanmj.native.hand cimport HandC
from wuhanmj.native.rng cimport Pcg64

ctypedef struct SearchKnown:    # what one seat knows of a state, computed once (search_known)
    int seat
    int n_pool                  # tiles it has not seen: the other hands and the undrawn wall
    uint8_t pool[136]
    int8_t owner[136]           # the seat dealt/drawn wall[i]; -1 the indicator / undrawn; 4 unknown
    int8_t fixed_seat           # the robbed seat of a rob window (its 蓄杠 tile is seen), -1
    int8_t fixed_tile
    int8_t current              # hand_current of the state (the observation shows it)

# The rollout policy's decision: the code seat plays among the n legal codes of h (called
# without the GIL, from several threads at once when evaluate_actions has threads > 1).
ctypedef int (*rollout_fn_t)(void* data, HandC* h, int seat, const int16_t* codes, int n) noexcept nogil

ctypedef struct RolloutPolicy:
    AgentC agent                # every seat plays a copy (agents.pxd: a built-in bot or a
                                # registered native agent, AGENT_NATIVE; not AGENT_PYTHON),
                                # its state zeroed and reset with the row's agent seed for
                                # every candidate
    rollout_fn_t choose         # or, when not NULL, this C function (a rollout_fn_t capsule)
    void* data

cdef int search_known(const HandC* h, int seat, SearchKnown* k) noexcept nogil
cdef int search_determinize(const HandC* h, const SearchKnown* k, Pcg64* rng, HandC* out) noexcept nogil
cdef int search_evaluate(const HandC* h, const SearchKnown* k, const int16_t* codes, int n_codes,
                         int i0, int i1, const uint32_t* root, int n_root,
                         const RolloutPolicy* policy, bint det, double* out) noexcept nogil

# A wuhanmj.native.search.SearchView of seat on a copy of h (with the GIL): what a native game
# loop gives an agent whose act() takes a keyword-only view; call its close() once the
# decision is played.
cdef object search_view_c(const HandC* h, object rules, object scores, int seat)
