# The agents the native engine plays: the built-in bots (the same decisions as
# wuhanmj.agents.RandomAgent, the same numpy stream, and wuhanmj.agents.GreedyAgent, the
# same ranking and tie-breaks), registered native agents (the ABI of agent.pxd, through a
# NativeAgent) and any Python agent (called with the GIL at its own decisions only).
#
# C callers (a search's rollout policy, an environment) seat any of them the same way:
#
#     cdef AgentC a
#     owner = agent_setup(&a, agent, seat, label, rules)   # with the GIL; keep owner alive
#     with nogil:
#         agent_reset(&a, seed)                            # a new match / episode
#         code = agent_choose(&a, &h, seat, codes, n)      # codes, n: hand_legal's
#
# agent_choose needs no GIL for the built-in bots and registered native agents (kinds
# AGENT_RANDOM, AGENT_GREEDY, AGENT_NATIVE); an AGENT_PYTHON agent takes the GIL itself.
# AgentC is a plain struct: copy it per thread. A native agent's state is a.state
# (a.spec.state_size bytes, the NativeAgent's): a thread that must not share it copies it
# into its own buffer and points its copy's .state there; a RandomAgent's generator is in
# the struct itself (a.rng).

from libc.stdint cimport int16_t, uint8_t, uint64_t

from wuhanmj.core.routes cimport WSpec
from wuhanmj.native.agent cimport AgentSpec, AgentView
from wuhanmj.native.hand cimport HandC
from wuhanmj.native.rng cimport Pcg64
from wuhanmj.native.score cimport SeatC

cdef enum:
    AGENT_RANDOM = 0
    AGENT_GREEDY = 1
    AGENT_NATIVE = 2            # a registered native agent: spec, state
    AGENT_PYTHON = 3            # a Python agent: py (a PyAgent), called with the GIL

ctypedef struct AgentC:
    int kind                    # AGENT_*
    Pcg64 rng                   # RandomAgent's generator (default_rng(seed), reset per match)
    # tests and benchmarks: when not NULL, RandomAgent takes its uniforms from here (in
    # order, n_uniforms of them; then from rng) instead of drawing them
    const double* uniforms
    int n_uniforms
    int i_uniform
    const AgentSpec* spec       # AGENT_NATIVE: the agent's ABI record
    void* state                 # AGENT_NATIVE: its state (the NativeAgent's bytes)
    void* py                    # AGENT_PYTHON: a borrowed PyAgent (kept alive by the caller)
    const double* scores        # the match scores before this hand (4), or NULL (zeros)


# A registered native agent (agent.pxd's ABI), as a Python object: wuhanmj.native.agents.
cdef class NativeAgent:
    cdef const AgentSpec* spec
    cdef void* state
    cdef readonly str name
    cdef object capsule
    cdef int _check(self) except -1


# A Python agent seated in a native loop: its act, what it reads, the error it raised.
cdef class PyAgent:
    cdef readonly object agent
    cdef object act
    cdef readonly object rules
    cdef readonly str label
    cdef readonly int seat
    cdef bint observes
    cdef bint codes
    cdef bint view                  # act takes a keyword-only view (a SearchView)
    cdef readonly object error      # the exception to raise once the loop has stopped
    cdef str who(self, int seat)


# Build the meld route masks the greedy bot reads and the hand engine's tables
# (hand_prepare), with the GIL; once per process (cheap after). The greedy bot's route spec
# of an indicator and the tables it reads are built on its first decision there (it takes
# the GIL for that once): a random-only run builds none of them.
cdef int agents_prepare() except -1

# Build every indicator's greedy route spec (with and without 痞子) and the shanten,
# effective-draw and 痞子 segment tables now, with the GIL (e.g. before timing a run).
cdef int greedy_prepare() except -1

# An AgentC for a Python value: "random"/"greedy" (or their kind numbers), a RandomAgent or
# GreedyAgent (exactly those classes), a NativeAgent, or any other agent (a PyAgent made
# here for seat with label; keep the returned owner object alive while a is used).
# Raises AgentError for a value that is no agent.
cdef object agent_setup(AgentC* a, object agent, int seat, object label, object rules)

# The code the agent plays for seat among the n legal codes (ascending, as hand_legal gives
# them). RandomAgent: codes[0] when n == 1 without a draw, else codes[int(random() * n)].
# -1 when a Python agent failed (its PyAgent's error says why) or n <= 0; any other value
# not in codes is the agent's illegal action (hand_apply refuses it).
cdef int agent_choose(AgentC* a, HandC* h, int seat, const int16_t* codes, int n) noexcept nogil

# Reset the agent for a new match / episode with seed (RandomAgent: default_rng(seed); a
# native agent: its reset; a Python agent: reset(seed=seed) with the GIL). 0, or -1 when a
# Python agent's reset raised (its error is set).
cdef int agent_reset(AgentC* a, uint64_t seed) noexcept nogil

# The view of seat in h (agent.pxd), with the match scores (4, or NULL for zeros): agent_view
# of wuhanmj/native/view.pxd, cimportable from here too.
from wuhanmj.native.view cimport agent_view

# The exception that stopped a native loop at seat's agent a (after agent_choose returned
# -1 or a code hand_apply refused, or agent_reset returned -1): an AgentError or an
# IllegalActionError worded as wuhanmj.game.loop.play_game words it; needs the GIL.
cdef object agent_failure(AgentC* a, const HandC* h, int seat, int code, object label, object rules)

# The two bots on their own (agent_choose dispatches on a.kind).
cdef int random_choose(AgentC* a, const int16_t* codes, int n) noexcept nogil
cdef int greedy_choose(const HandC* h, int seat, const int16_t* codes, int n) noexcept nogil

# What the greedy policy reads of a seat, from a HandC or an AgentView alike (pointers
# valid during the call): the seat's concealed counts and visible counts (D6), its melds
# and plays, the claim window's tile, the 痞子 rule, the indicator and the 癞子.
ctypedef struct GreedySeat:
    const uint8_t* hand
    const uint8_t* seen
    const SeatC* melds
    int tile
    int n_pizi
    int indicator
    int laizi

# Whether code is among codes[0 .. n-1].
cdef inline bint has_code(const int16_t* codes, int n, int code) noexcept nogil:
    cdef int i
    for i in range(n):
        if codes[i] == code:
            return True
    return False

# greedy_choose's turn (P1, P3, W8) and claim (P2) decisions, for a bot built on them (no
# hu among codes: the caller declares it first). greedy_claim also writes the seat's shanten
# now and after the chosen claim (127 when it passes); either pointer may be NULL.
cdef int greedy_turn(const GreedySeat* g, const int16_t* codes, int n) noexcept nogil
cdef int greedy_claim(const GreedySeat* g, const int16_t* codes, int n, int* now,
                      int* after) noexcept nogil

# The seat's concealed counts after it plays code, into counts (34, from g.hand): a claim of
# the window's tile g.tile (吃, 碰, 冲杠) or a 蓄杠 / 暗杠 on its turn; returns the routes its
# melds then leave open (W6, the mask of greedy_seat_spec's spec), or -1 for another code.
cdef int play_counts(const GreedySeat* g, int code, uint8_t* counts) noexcept nogil

# The greedy bot's route spec of the seat (wuhanmj.core.routes: its indicator's 癞子 and 痞子,
# the routes its melds leave open, W6), for a bot that calls the route kernels itself
# (wuhan_best_discard_c with its own allowed kinds or unseen counts). 0, or -1 when the spec
# cannot be made.
cdef int greedy_seat_spec(const GreedySeat* g, WSpec* sp) noexcept nogil
