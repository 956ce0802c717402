# The built-in bots inside the native engine (issue 11, point 3): the same decisions as
# wuhanmj.agents.RandomAgent (the same numpy stream) and wuhanmj.agents.GreedyAgent (the
# same ranking and tie-breaks).

from libc.stdint cimport int16_t

from wuhanmj.native.hand cimport HandC
from wuhanmj.native.rng cimport Pcg64

cdef enum:
    AGENT_RANDOM = 0
    AGENT_GREEDY = 1

ctypedef struct AgentC:
    int kind                    # AGENT_*
    Pcg64 rng                   # RandomAgent's generator (default_rng(seed), reset per match)
    # tests and benchmarks: when not NULL, RandomAgent takes its uniforms from here (in
    # order, n_uniforms of them; then from rng) instead of drawing them
    const double* uniforms
    int n_uniforms
    int i_uniform

# Build what the greedy bot reads (its route specs for every indicator, with and without
# 痞子, and the meld route masks), with the GIL; once per process (cheap after). Builds the
# hand engine's tables too (hand_prepare).
cdef int agents_prepare() except -1

# The code the agent plays for seat among the n legal codes (ascending, as hand_legal gives
# them). RandomAgent: codes[0] when n == 1 without a draw, else codes[int(random() * n)].
cdef int agent_choose(AgentC* a, HandC* h, int seat, const int16_t* codes, int n) noexcept nogil

# The two bots on their own (agent_choose dispatches on a.kind).
cdef int random_choose(AgentC* a, const int16_t* codes, int n) noexcept nogil
cdef int greedy_choose(const HandC* h, int seat, const int16_t* codes, int n) noexcept nogil
