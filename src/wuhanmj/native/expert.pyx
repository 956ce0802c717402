# cython: language_level=3
"""ExpertAgent: the greedy bot's shape search, with claims taken only where they pay.

A native agent (the ABI of ``wuhanmj/native/agent.pxd``): the native engine plays it
without the GIL in simulate, the arena and as a ``VectorEnv`` opponent, and the Python
engine through :meth:`~wuhanmj.native.agents.NativeAgent.act`, with the same view and the
same decisions. It is deterministic (no generator: the reset seed is not read).

Policy, first that applies:

1. hu whenever it is legal (自摸, 放冲, 抢杠, 海底捞);
2. on its turn: the greedy bot's turn (:mod:`wuhanmj.agents.greedy`: 红中杠, 痞子杠, a
   癞子杠 while holding two (W8), else the advised discard, or a gang that keeps the
   shanten);
3. on another seat's discard: the greedy bot's claim (the 冲杠, 碰 or 吃 with the least
   shanten after it, if no worse than now), kept only when it lowers the shanten, or when
   it keeps it and the parameters take it:

   - ``equal_first`` (default True): the seat has not opened yet. A win needs an opening
     (W4), so a first opening is worth a claim that does not speed the hand;
   - ``equal_gang`` (default True): a 冲杠 (明杠 fan, S1, and a replacement draw);
   - ``equal_other`` (default False): any other claim. Under 口口翻 every opening adds a
     fan (S1) to what the seat pays when another seat wins (S5), and under every rule set
     a claim that does not speed the hand gives up tiles it could have built on.

   With all three True the bot plays exactly as the greedy bot;
4. in a rob window or the 海底 without a hu: pass.

Measured in the duplicate arena (docs/BOTS.md): the defaults beat the greedy bot in
``1v3`` and ``2v2`` under the three presets.
"""

from libc.stdint cimport int16_t, uint8_t, uint64_t

from wuhanmj.native.agent cimport AgentSpec, AgentView, agent_capsule
from wuhanmj.native.agents cimport GreedySeat, NativeAgent, agents_prepare, greedy_claim, greedy_turn, has_code
from wuhanmj.native.defs cimport A_CHONG_GANG, A_HU, A_PASS, PH_CLAIM, PH_TURN

from wuhanmj.errors import AgentError

__all__ = ["ExpertAgent", "EXPERT_PARAMETERS"]


ctypedef struct Params:
    uint8_t equal_first
    uint8_t equal_gang
    uint8_t equal_other


EXPERT_PARAMETERS = {"equal_first": True, "equal_gang": True, "equal_other": False}
"""The parameters of :class:`ExpertAgent` and their defaults (see the module docstring)."""


cdef int decide(void* state, const AgentView* v, const int16_t* codes, int n) noexcept nogil:
    cdef const Params* p = <const Params*>state
    cdef GreedySeat g
    cdef int c, now = 0, after = 0, me = v.seat
    if has_code(codes, n, A_HU):
        return A_HU
    g.hand = v.hand
    g.seen = v.visible
    g.melds = &v.seats[me]
    g.tile = v.claim_tile
    g.n_pizi = v.n_pizi
    g.indicator = v.indicator
    g.laizi = v.laizi
    if v.phase == PH_TURN:
        return greedy_turn(&g, codes, n)
    if v.phase == PH_CLAIM:
        c = greedy_claim(&g, codes, n, &now, &after)
        if c < 0 or c == A_PASS or after < now or not has_code(codes, n, A_PASS):
            return c
        if p.equal_other or (p.equal_first and v.openings[me] == 0) or (p.equal_gang and c == A_CHONG_GANG):
            return c
        return A_PASS
    return A_PASS if has_code(codes, n, A_PASS) else codes[0]    # rob / haidi without a hu


cdef AgentSpec SPEC
SPEC.name = b"expert"
SPEC.state_size = sizeof(Params)
SPEC.reset = NULL
SPEC.decide = decide


class ExpertAgent(NativeAgent):
    """The expert bot (see the module docstring), ``"expert"`` in every ``--agents``.

    Args:
        equal_first, equal_gang, equal_other: bool, the claims that keep the shanten and
            are still taken (defaults in :data:`EXPERT_PARAMETERS`).

    Raises:
        AgentError: an unknown parameter, or a value that is not a bool (the message
            names it).
    """

    def __init__(self, **params):
        NativeAgent.__init__(self, agent_capsule(&SPEC))
        agents_prepare()    # the meld route masks the greedy decisions read
        for key, value in params.items():
            if key not in EXPERT_PARAMETERS:
                raise AgentError(f"ExpertAgent: unknown parameter {key!r}; expected one of "
                                 f"{', '.join(EXPERT_PARAMETERS)}")
            if not isinstance(value, bool):
                raise AgentError(f"ExpertAgent: {key} must be True or False, got {value!r}")
        self._set({**EXPERT_PARAMETERS, **params})

    def _set(self, values):
        cdef NativeAgent me = self
        cdef Params* p = <Params*>me.state
        p.equal_first = values["equal_first"]
        p.equal_gang = values["equal_gang"]
        p.equal_other = values["equal_other"]

    @property
    def params(self):
        """The parameters in force, a dict (name: bool)."""
        cdef NativeAgent me = self
        cdef const Params* p = <const Params*>me.state
        return {"equal_first": bool(p.equal_first), "equal_gang": bool(p.equal_gang),
                "equal_other": bool(p.equal_other)}

    def __repr__(self):
        changed = {k: v for k, v in self.params.items() if v != EXPERT_PARAMETERS[k]}
        return "ExpertAgent(" + ", ".join(f"{k}={v!r}" for k, v in changed.items()) + ")"
