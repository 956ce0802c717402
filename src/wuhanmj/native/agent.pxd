# The native agent ABI: a decision function written in C or Cython that the native engine
# calls without the GIL, in simulate batches (wuhanmj.native.batch.run_matches, simulate
# with engine="native"/"auto"), in the arena and as VectorEnv opponents, and that the
# Python engine calls through the agent's act() (wuhanmj.native.agents.NativeAgent).
#
# What the agent sees is an AgentView: the fields of wuhanmj.game.observation.Observation
# as C values, filled by the engine at each decision of the agent's seat. It holds only
# public information and the seat's own concealed tiles (never another seat's hand,
# another seat's drawn tile or the wall), so an agent written against it cannot reach the
# hidden state. The legal codes (ascending, the fixed action space of
# wuhanmj.game.actions, constants A_* in wuhanmj/native/defs.pxd) are given beside it.
#
# Writing an agent (the whole of examples/native_agent/wmj_example_agent.pyx does this):
#
#     from libc.stdint cimport int16_t, uint64_t
#     from wuhanmj.native.agent cimport AgentSpec, AgentView, agent_capsule
#     from wuhanmj.native.agents import NativeAgent
#
#     cdef int decide(void* state, const AgentView* v, const int16_t* codes, int n) noexcept nogil:
#         return codes[n - 1]                 # one of codes[0 .. n-1]
#
#     cdef AgentSpec SPEC
#     SPEC.name = b"last"
#     SPEC.decide = decide                    # the C compiler checks the signature here
#
#     class LastAgent(NativeAgent):           # make_agent("mymodule:LastAgent") works too
#         def __init__(self):
#             NativeAgent.__init__(self, agent_capsule(&SPEC))
#
# Compile it against wuhanmj.get_include() (cimport path) like any Cython module. The
# capsule carries AGENT_ABI_VERSION, sizeof(AgentView) and the decide function's signature
# as compiled; NativeAgent checks them and raises AgentError (naming the agent and the
# mismatch) for a capsule built against another ABI, another view layout or another
# signature, a NULL decide, a missing name, or a state larger than AGENT_MAX_STATE.
#
# Rules of the ABI:
# - decide(state, view, codes, n) returns one of codes[0 .. n-1] (n >= 1). Any other value
#   is an illegal action: the engine stops with IllegalActionError naming the seat and
#   the agent (as wuhanmj.game.loop.play_game does for a Python agent).
# - decide and reset run without the GIL, possibly in several threads at once (each seat of
#   each running hand with its own state when the engine copies the agent), so they must
#   not touch Python objects nor global mutable data.
# - state: state_size bytes owned by the NativeAgent object (zeroed when it is made);
#   reset(state, seed) is called where the Python engine calls agent.reset(seed=seed): at
#   the start of every match of a simulation (the match's agent seed of that seat, a
#   64-bit word), at each episode of an environment. reset may be NULL (nothing to reset).
# - Everything in the view is valid only during the call.

from libc.stdint cimport int8_t, int16_t, uint8_t, uint32_t, uint64_t

from cpython.pycapsule cimport PyCapsule_New

from wuhanmj.native.defs cimport MAX_RIVER
from wuhanmj.native.rulesc cimport RulesC
from wuhanmj.native.score cimport SeatC

cdef enum:
    AGENT_ABI_VERSION = 2
    AGENT_MAX_STATE = 1 << 20       # bytes of state an agent may ask for
    AGENT_MAX_PLAYS = 16            # = hand.pxd's MAX_PLAYS


# What the seat may see now: wuhanmj.game.observation.Observation field for field. Tiles
# are kinds 0-33 (T1), -1 for none; seats 0-3 (absolute, as in the Observation).
ctypedef struct AgentView:
    int8_t seat                 # the observing seat (the agent's)
    int8_t phase                # PH_TURN, PH_CLAIM, PH_ROB, PH_HAIDI (defs.pxd; never PH_OVER)
    int8_t turn                 # the seat on turn; in a window the discarder / robbed seat
    int8_t current_player       # the first seat expected to act (moves.current_player)
    int8_t drawn                # the tile the seat just drew on its own turn, else -1
    int8_t replacement          # 1: that draw is a replacement one (after a gang or a special
                                # play, G4; a win on it is 杠上开花), else 0
    int8_t claim_tile           # the discard or 蓄杠 tile of a claim / rob window, else -1
    int8_t indicator            # R2
    int8_t laizi                # R2
    int8_t n_pizi               # 0, or 2 when the rule is on (R3)
    int8_t pizi[2]              # sorted
    int8_t prev_laizi           # the previous hand's 癞子 (X4), -1 none
    int8_t dealer
    int8_t rules_pizi           # Observation.rules_pizi (R3)
    int8_t rules_fan            # Observation.rules_schedule == "fan" (X2)
    int16_t tiles_left          # G2
    uint8_t hand[34]            # the seat's concealed counts (the drawn tile included)
    uint8_t visible[34]         # visible_counts (D6): rivers, melds, special plays, indicator
    int8_t hand_sizes[4]        # concealed tiles of each seat
    int8_t openings[4]          # 开口 of each seat (P5): its melds that open the hand
    SeatC seats[4]              # each seat's melds in order (kind MK_*, lowest tile, source
                                # seat, -1 for an 暗杠) and its special-play counts (P3)
    int8_t n_plays[4]           # each seat's special plays in order (P3)
    int8_t play_kind[4][AGENT_MAX_PLAYS]    # 0 红中杠, 1 痞子杠, 2 癞子杠
    int8_t play_tile[4][AGENT_MAX_PLAYS]
    int8_t n_river[4]           # discards still on the table, in order
    uint8_t river[4][MAX_RIVER]
    double scores[4]            # match scores before this hand (M1) [points or money]
    RulesC rules                # the rule set in force (Observation.rules; rulesc.pxd, §10)


# The decision: a code among codes[0 .. n-1] (ascending). state: the agent's own bytes.
ctypedef int (*agent_decide_fn)(void* state, const AgentView* view, const int16_t* codes,
                                int n) noexcept nogil
# Forget the previous match/episode; seed: the reset seed (a 64-bit word).
ctypedef void (*agent_reset_fn)(void* state, uint64_t seed) noexcept nogil


# What an agent module fills once (static storage) and registers through agent_capsule().
ctypedef struct AgentSpec:
    uint32_t abi_version        # filled by agent_capsule
    uint32_t view_size          # sizeof(AgentView), filled by agent_capsule
    const char* signature       # the decide signature as compiled, filled by agent_capsule
    const char* name            # the agent's label (UTF-8, required): statistics, messages
    size_t state_size           # bytes of state (0 .. AGENT_MAX_STATE)
    agent_reset_fn reset        # may be NULL
    agent_decide_fn decide      # required


# The capsule's name and the decide signature this ABI version compiles to.
cdef inline const char* agent_capsule_name() noexcept nogil:
    return b"wuhanmj.native.agent.AgentSpec"

cdef inline const char* agent_signature() noexcept nogil:
    return b"int(void*, const AgentView*, const int16_t*, int) noexcept nogil"


# A capsule of spec for wuhanmj.native.agents.NativeAgent (spec must outlive it: static).
cdef inline object agent_capsule(AgentSpec* spec):
    spec.abi_version = AGENT_ABI_VERSION
    spec.view_size = sizeof(AgentView)
    spec.signature = agent_signature()
    return PyCapsule_New(<void*>spec, agent_capsule_name(), NULL)
