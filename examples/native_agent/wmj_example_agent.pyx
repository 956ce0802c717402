# cython: language_level=3
"""An example native agent: a small tile-efficiency bot written in Cython against the
native agent ABI (``wuhanmj/native/agent.pxd``), played by the native engine without the
GIL (simulate, the arena, VectorEnv opponents) and by the Python engine through
``NativeAgent.act`` with the same view.

Build it (``setup.py`` beside this file) and play it::

    python setup.py build_ext --inplace
    python -c "import wuhanmj; print(wuhanmj.simulate(hands=1000, seed=1, \\
        agents=['wmj_example_agent:ExampleAgent', 'greedy', 'greedy', 'greedy']).summary())"

Policy, first that applies:

1. hu whenever it is legal;
2. on its turn: 红中杠 / 痞子杠 at once (they never belong to a win, W5), else discard the
   tile that helps the hand least: fewest copies and same-suit neighbours held (honors have
   none), never the 癞子 while another discard is legal; ties: the kind with more copies
   already face up (D6: fewer left to draw), then a draw from the agent's own generator;
3. on another seat's discard: 冲杠 or 碰 when holding the pair (not of the 癞子), else pass;
4. in a rob window or the 海底 without a hu: pass.

The generator (xorshift64*) lives in the agent's state and is seeded by ``reset``: the
engine calls it with the match's agent seed, so a run is reproducible from its seed.
"""

from libc.stdint cimport int16_t, uint64_t

from wuhanmj.native.agent cimport AgentSpec, AgentView, agent_capsule
from wuhanmj.native.defs cimport A_CHONG_GANG, A_HONGZHONG_GANG, A_HU, A_LAIZI_GANG, A_PASS, A_PENG, A_PIZI_GANG, PH_CLAIM, PH_TURN

from wuhanmj.native.agents import NativeAgent


ctypedef struct State:
    uint64_t rng            # xorshift64* state (never 0)
    uint64_t decisions      # decisions made since the last reset


cdef inline uint64_t _next(State* st) noexcept nogil:
    cdef uint64_t x = st.rng
    x ^= x >> 12
    x ^= x << 25
    x ^= x >> 27
    st.rng = x
    return x * <uint64_t>0x2545F4914F6CDD1D


cdef void reset(void* state, uint64_t seed) noexcept nogil:
    cdef State* st = <State*>state
    st.rng = seed * <uint64_t>0x9E3779B97F4A7C15 + 1
    if st.rng == 0:
        st.rng = 1
    st.decisions = 0


cdef inline bint _has(const int16_t* codes, int n, int code) noexcept nogil:
    cdef int i
    for i in range(n):
        if codes[i] == code:
            return True
    return False


cdef int _use(const AgentView* v, int t) noexcept nogil:
    """How much the hand uses kind t: its copies (a pair or more counts double) and, for a
    suit tile, the copies of its neighbours one and two away in the same suit."""
    cdef int u = 2 * v.hand[t] if v.hand[t] >= 2 else v.hand[t], r, d
    if t < 27:
        r = t % 9
        for d in range(-2, 3):
            if d != 0 and 0 <= r + d <= 8:
                u += v.hand[t + d] * (2 if d == -1 or d == 1 else 1)
    return u


cdef int decide(void* state, const AgentView* v, const int16_t* codes, int n) noexcept nogil:
    cdef State* st = <State*>state
    cdef int i, c, t, best = -1, best_use = 0, best_seen = 0, use, seen
    cdef uint64_t best_draw = 0, draw
    st.decisions += 1
    if _has(codes, n, A_HU):
        return A_HU
    if v.phase == PH_TURN:
        if _has(codes, n, A_HONGZHONG_GANG):
            return A_HONGZHONG_GANG
        for i in range(n):
            if A_PIZI_GANG <= codes[i] < A_LAIZI_GANG:
                return codes[i]
        for i in range(n):
            c = codes[i]
            if c >= 34:
                break           # codes ascend: the discards come first
            t = c
            if t == v.laizi and n > 1 and codes[1] < 34:
                continue        # keep the 癞子 while another discard is legal
            use = _use(v, t)
            seen = v.visible[t]
            draw = _next(st)
            if best < 0 or use < best_use or (use == best_use and (seen > best_seen or
                                                                    (seen == best_seen and draw < best_draw))):
                best, best_use, best_seen, best_draw = c, use, seen, draw
        return best if best >= 0 else codes[0]
    if v.phase == PH_CLAIM and v.claim_tile != v.laizi and v.hand[v.claim_tile] >= 2:
        if _has(codes, n, A_CHONG_GANG):
            return A_CHONG_GANG
        if _has(codes, n, A_PENG):
            return A_PENG
    return A_PASS if _has(codes, n, A_PASS) else codes[0]


cdef AgentSpec SPEC
SPEC.name = b"example"
SPEC.state_size = sizeof(State)
SPEC.reset = reset
SPEC.decide = decide


class ExampleAgent(NativeAgent):
    """The example bot (see the module docstring), registered with the native engine."""

    def __init__(self):
        NativeAgent.__init__(self, agent_capsule(&SPEC))
