# cython: language_level=3
"""ExpertAgent: the greedy bot's shape search, with the hu and the claims decided by value.

A native agent (the ABI of ``wuhanmj/native/agent.pxd``): the native engine plays it
without the GIL in simulate, the arena and as a ``VectorEnv`` opponent, and the Python
engine through :meth:`~wuhanmj.native.agents.NativeAgent.act`, with the same view and the
same decisions. It is deterministic for its reset seed: the draw sequences of a decision
come from the reset seed and the position the seat sees.

Policy, first that applies:

1. a hu on another seat's discard, a 抢杠 or the 海底: declared;
2. a hu on its turn (自摸, 杠上开花) while a 癞子杠, 蓄杠 or 暗杠 is legal too: the option with
   the best value (``evaluate_hu``). The gang is worth more when the hu is small and the
   wall long: a 癞子杠 adds two fan and a gang one (S1), and a win on its replacement draw
   is 杠上开花 (G4); not when the hu already reaches the caps (X1, X2). The hu is valued as
   the seat sees it (the others' hands unknown) and its value multiplied by
   ``1 + hu_margin``: that view undervalues it. Without ``evaluate_hu``, and where the
   view cannot value the hu, the hu;
3. on its turn: the greedy bot's turn (:mod:`wuhanmj.agents.greedy`: 红中杠, 痞子杠, a
   癞子杠 while holding two (W8), else the advised discard, or a gang that keeps the
   shanten); with ``evaluate_gangs`` a 蓄杠 or 暗杠 against that discard by value, a 蓄杠
   less what a 抢杠 of it would cost (P4, L3). With ``danger_scale`` > 0 the discard
   defends (:mod:`wuhanmj.native.defence`, on the reading of :mod:`wuhanmj.native.infer`:
   the chance that each other seat wins on each tile, from what the seat sees): when the
   greedy discard's danger (the expected payment for it: 放冲 S3, a 全求人's liability L1,
   a 清一色 threat, and with ``feed`` the liability of a one-suit seat's third opening L2)
   exceeds ``danger_margin``, the greedy bot's choice among the discards safer by more than
   that, if it keeps the shanten; else, from ``fold_shanten`` on, the safest when it saves
   more than ``fold_margin``; with ``defend_by_value`` the best of those three by the
   evaluation's value less the danger. ``weigh_draws`` counts the unseen copies the others
   likely hold less in the greedy bot's effective draws;
4. on another seat's discard: the greedy bot's claim (the 冲杠, 碰 or 吃 with the least
   shanten after it, if no worse than now), kept when it lowers the shanten; a claim that
   keeps it is played or passed by value (``evaluate_claims``: its exposure, S1, S5, and
   what the tiles it gives up were worth), or without ``evaluate_claims`` by rule:

   - ``equal_first``: the seat has not opened yet. A win needs an opening (W4), so a
     first opening is worth a claim that does not speed the hand;
   - ``equal_gang``: a 冲杠 (明杠 fan, S1, and a replacement draw);
   - ``equal_other``: any other claim. Under 口口翻 every opening adds a fan (S1) to what
     the seat pays when another seat wins (S5), and under every rule set a claim that
     does not speed the hand gives up tiles it could have built on.

   With ``evaluate_claims`` off and all three True the bot plays the greedy bot's claims;
5. in a rob window or the 海底 without a hu: pass.

The values are :func:`evaluate_options`' ``value`` column (the seat's expected payment
for the rest of the hand, over ``samples`` draw sequences of the seat alone against the
tiles it has not seen; the same sequences for every option of a decision), with its
default weights (:data:`EVALUATION_PARAMETERS`, :data:`CALIBRATED` for the rule set's
schedule). The parameters and their defaults are :data:`EXPERT_PARAMETERS`; measured in
the duplicate arena (docs/BOTS.md): the defaults beat the greedy bot in ``1v3`` and
``2v2`` under the three presets, and the bot with the hu and the claims by rule by
+5.8 / +6.3 / +2.8 a hand (kaikou / koukou / koukou_fan, 1v3, 20,000 walls); four of them
play ~660 hands per CPU second in ``simulate``.

:func:`evaluate_options` values every legal option of a seat; ``wuhanmj review`` shows it
for each decision of a recorded hand.
"""

from libc.stdint cimport int16_t, uint8_t, uint64_t

from wuhanmj.core.tables cimport ensure_tables
from wuhanmj.native.agent cimport AgentSpec, AgentView, agent_capsule
from wuhanmj.native.agents cimport (
    GreedySeat,
    NativeAgent,
    agents_prepare,
    greedy_claim,
    greedy_turn,
    has_code,
)
from wuhanmj.native.defence cimport DefenceC, defence_options, defend_discard, rob_danger
from wuhanmj.native.defs cimport (
    A_AN_GANG,
    A_CHI,
    A_CHONG_GANG,
    A_HONGZHONG_GANG,
    A_HU,
    A_LAIZI_GANG,
    A_PASS,
    A_XU_GANG,
    N_ACTIONS,
    PH_CLAIM,
    PH_TURN,
)
from wuhanmj.native.evaluation cimport Table, bot_table, evaluate_one, hu_seen

from wuhanmj.errors import AgentError
from wuhanmj.native.evaluation import CALIBRATED, EVALUATION_PARAMETERS, OPTION_FIELDS, evaluate_options

__all__ = ["ExpertAgent", "EXPERT_PARAMETERS", "MAX_SAMPLES", "CALIBRATED", "EVALUATION_PARAMETERS", "OPTION_FIELDS",
           "evaluate_options"]


# ---------------------------------------------------------------- the bot

ctypedef struct Params:
    uint8_t equal_first
    uint8_t equal_gang
    uint8_t equal_other
    uint8_t evaluate_hu
    uint8_t evaluate_claims
    int samples
    double hu_margin
    DefenceC defence            # the discards' defence (danger_scale 0: none)
    uint8_t defend_by_value     # weigh the defence's discards by the evaluation
    uint8_t evaluate_gangs      # a 蓄杠 / 暗杠 against the greedy discard by value
    uint8_t reseed              # the reset seed salts the evaluation's sequences
    uint64_t seed               # the reset seed: the evaluation's sequences (deterministic)


EXPERT_PARAMETERS = {"equal_first": True, "equal_gang": True, "equal_other": False,
                     "evaluate_hu": True, "evaluate_claims": True, "samples": 64,
                     "hu_margin": 0.5, "danger_scale": 0.0, "danger_margin": 0.0, "fold_shanten": 99,
                     "fold_margin": 0.0, "qys_share": 0.6, "hard_share": 0.4, "feed": 0.0,
                     "weigh_draws": False, "keep_draws": 0.0, "defend_by_value": False, "evaluate_gangs": False,
                     "reseed": True}
"""The parameters of :class:`ExpertAgent` and their defaults (see the module docstring):
the claim rules ``equal_first``, ``equal_gang``, ``equal_other`` (bool); ``evaluate_hu``,
``evaluate_claims`` and ``evaluate_gangs`` (bool), the decisions taken by value;
``samples`` (int), the draw sequences of an option; ``hu_margin`` (float), the hu's extra
weight against a gang; the defence: ``danger_scale`` (float, 0 for none), ``danger_margin``
and ``fold_margin`` (float, points or money), ``fold_shanten`` (int, 99 for never),
``qys_share``, ``hard_share`` and ``feed`` (probabilities, :data:`wuhanmj.native.defence.DEFENCE_WEIGHTS`),
``weigh_draws`` and ``defend_by_value`` (bool); ``reseed`` (bool): the reset seed salts the
evaluation's draw sequences (False: a decision depends on the position alone, so that two
bots with the same parameters play alike at every seat, as a duplicate comparison of two
variants wants)."""

MAX_SAMPLES = 4096
"""The most draw sequences an :class:`ExpertAgent` option may take (``samples``)."""


cdef uint64_t _decision_seed(const Params* p, const AgentView* v) noexcept nogil:
    """A seed of the evaluation's sequences: the reset seed and the position (FNV-1a), so a
    decision is the same whenever the same position comes again."""
    cdef uint64_t x = 14695981039346656037ULL ^ p.seed
    cdef int k
    for k in range(34):
        x = (x ^ v.hand[k]) * 1099511628211ULL
        x = (x ^ v.visible[k]) * 1099511628211ULL
    x = (x ^ <uint64_t>v.tiles_left) * 1099511628211ULL
    x = (x ^ <uint64_t>(v.phase * 8 + v.seat)) * 1099511628211ULL
    x = (x ^ <uint64_t>(v.claim_tile + 1)) * 1099511628211ULL
    return x


cdef int _best_of(const Params* p, const AgentView* v, const Table* t, const int16_t* options, int m,
                  double first_value) noexcept nogil:
    """The option of options[0 .. m-1] with the best value (evaluate_options' value column)
    on the same sequences; options[0] may be A_HU, then worth first_value. Ties keep the
    earlier option. t: the decision's table (_bot_table)."""
    cdef double out[3]
    cdef double best = -1e300
    cdef int k, pick = options[0]
    cdef uint64_t sd = _decision_seed(p, v)
    for k in range(m):
        if options[k] == A_HU:
            out[2] = first_value
        else:
            evaluate_one(v, t, options[k], p.samples, sd, out)
        if out[2] > best:
            best = out[2]
            pick = options[k]
    return pick


cdef int _hu_or_play(const Params* p, const AgentView* v, const int16_t* codes, int n) noexcept nogil:
    """A hu on the seat's turn against a 癞子杠 or a gang it may play instead (a bigger hu
    later: 杠上开花, more fan, S1, P3), by value; the hu when the view cannot value it."""
    cdef int16_t options[N_ACTIONS]
    cdef int i, m = 1, known = 0
    cdef Table t
    cdef double hu
    options[0] = A_HU
    for i in range(n):
        if codes[i] == A_LAIZI_GANG or A_XU_GANG <= codes[i] < A_HONGZHONG_GANG:
            options[m] = codes[i]
            m += 1
    if m == 1:
        return A_HU
    bot_table(v, &t)
    hu = hu_seen(v, &t, &known)
    if not known:
        return A_HU
    return _best_of(p, v, &t, options, m, hu * (1.0 + p.hu_margin))


cdef int _gang_or_discard(const Params* p, const AgentView* v, const GreedySeat* g, const int16_t* codes,
                          int n, int choice) noexcept nogil:
    """A 蓄杠 or 暗杠 against the greedy bot's discard, by value: a gang's fan counts both ways
    (S1, S5), its replacement draw may win a 杠上开花 (G4, W6), and a 蓄杠 may be robbed (P4;
    the robbed seat pays all, L3: rob_danger)."""
    cdef int16_t options[N_ACTIONS]
    cdef int16_t discards[N_ACTIONS]
    cdef int i, m = 1, nd = 0, pick = choice
    cdef double out[3]
    cdef double val, best = -1e300
    cdef Table t
    cdef uint64_t sd
    for i in range(n):
        if codes[i] < A_CHI:
            discards[nd] = codes[i]
            nd += 1
        elif A_XU_GANG <= codes[i] < A_HONGZHONG_GANG:
            options[m] = codes[i]
            m += 1
    if m == 1 or nd == 0 or not (choice < A_CHI or A_XU_GANG <= choice < A_HONGZHONG_GANG):
        return choice
    options[0] = greedy_turn(g, discards, nd)
    bot_table(v, &t)
    sd = _decision_seed(p, v)
    for i in range(m):
        evaluate_one(v, &t, options[i], p.samples, sd, out)
        val = out[2]
        if A_XU_GANG <= options[i] < A_AN_GANG:
            val -= rob_danger(&p.defence, v, options[i] - A_XU_GANG)
        if val > best:
            best = val
            pick = options[i]
    return pick


cdef int _defend_by_value(const Params* p, const AgentView* v, const GreedySeat* g, const int16_t* codes,
                          int n, int choice) noexcept nogil:
    """The discard among the defence's options (defence_options: the greedy bot's, a safer one,
    the safest) with the best value: the evaluation's value of the hand going on, times the
    chance that nobody wins on the discard, less its danger (the expected payment for it)."""
    cdef int cands[3]
    cdef int shanten[3]
    cdef double danger[3]
    cdef double hit[3]
    cdef double out[3]
    cdef double val, best = -1e300
    cdef Table t
    cdef uint64_t sd
    cdef int k, pick = choice, m = defence_options(&p.defence, v, g, codes, n, choice, cands, danger, hit, shanten)
    if m == 1:
        return cands[0]
    bot_table(v, &t)
    t.ready_per_opening = 0.0   # the reading's danger, not the evaluation's own
    sd = _decision_seed(p, v)
    for k in range(m):
        evaluate_one(v, &t, cands[k], p.samples, sd, out)
        val = (1.0 - hit[k]) * out[2] - danger[k]
        if val > best:
            best = val
            pick = cands[k]
    return pick


cdef int decide(void* state, const AgentView* v, const int16_t* codes, int n) noexcept nogil:
    cdef const Params* p = <const Params*>state
    cdef GreedySeat g
    cdef Table t
    cdef int16_t options[2]
    cdef int c, now = 0, after = 0, me = v.seat
    if has_code(codes, n, A_HU):
        if p.evaluate_hu and v.phase == PH_TURN:
            return _hu_or_play(p, v, codes, n)
        return A_HU
    g.hand = v.hand
    g.seen = v.visible
    g.melds = &v.seats[me]
    g.tile = v.claim_tile
    g.n_pizi = v.n_pizi
    g.indicator = v.indicator
    g.laizi = v.laizi
    if v.phase == PH_TURN:
        c = greedy_turn(&g, codes, n)
        if p.evaluate_gangs and codes[n - 1] >= A_XU_GANG:
            c = _gang_or_discard(p, v, &g, codes, n, c)
            if c >= A_CHI:
                return c
        if p.defend_by_value and p.defence.scale > 0.0:
            return _defend_by_value(p, v, &g, codes, n, c)
        if p.defence.scale > 0.0 or p.defence.weigh_draws:
            return defend_discard(&p.defence, v, &g, codes, n, c)
        return c
    if v.phase == PH_CLAIM:
        c = greedy_claim(&g, codes, n, &now, &after)
        if c < 0 or c == A_PASS or after < now or not has_code(codes, n, A_PASS):
            return c
        if p.evaluate_claims:
            options[0] = A_PASS
            options[1] = c
            bot_table(v, &t)
            return _best_of(p, v, &t, options, 2, 0.0)
        if p.equal_other or (p.equal_first and v.openings[me] == 0) or (p.equal_gang and c == A_CHONG_GANG):
            return c
        return A_PASS
    return A_PASS if has_code(codes, n, A_PASS) else codes[0]    # rob / haidi without a hu


cdef void reset(void* state, uint64_t seed) noexcept nogil:
    (<Params*>state).seed = seed if (<Params*>state).reseed else 0


cdef AgentSpec SPEC
SPEC.name = b"expert"
SPEC.state_size = sizeof(Params)
SPEC.reset = reset
SPEC.decide = decide


class ExpertAgent(NativeAgent):
    """The expert bot (see the module docstring), ``"expert"`` in every ``--agents``.

    Every parameter is a keyword; the defaults are :data:`EXPERT_PARAMETERS`.

    Args:
        equal_first, equal_gang, equal_other: bool, the claims that keep the shanten and
            are still taken without ``evaluate_claims`` (P2, W4, S1).
        evaluate_hu: bool, a hu on its turn against a 癞子杠 or a gang by value (S1, G4).
        evaluate_claims: bool, a claim that keeps the shanten against the pass by value.
        samples: int 1 to :data:`MAX_SAMPLES`, the draw sequences of each option valued.
        hu_margin: float >= 0, the hu's value is multiplied by ``1 + hu_margin`` against
            a gang (the seat's view undervalues it).
        evaluate_gangs: bool, a 蓄杠 or 暗杠 against the greedy discard by value (S1, P4, L3).
        danger_scale, danger_margin, fold_margin: floats >= 0, the defence (0: none; the
            margins in points or money); fold_shanten: int 0 to 99 (99: never fold).
        qys_share, hard_share, feed: numbers 0 to 1, the danger's weights (W6, W9, L2).
        weigh_draws, defend_by_value, reseed: bool (see :data:`EXPERT_PARAMETERS`).

    Raises:
        AgentError: an unknown parameter, a flag that is not a bool, ``samples`` or
            ``fold_shanten`` not an int in range, a weight or margin out of its range or
            not a finite number (the message names it).
    """

    def __init__(self, **params):
        NativeAgent.__init__(self, agent_capsule(&SPEC))
        agents_prepare()    # the meld route masks the greedy decisions read
        ensure_tables()     # the shanten kernels' tables (the evaluation)
        for key, value in params.items():
            if key not in EXPERT_PARAMETERS:
                raise AgentError(f"ExpertAgent: unknown parameter {key!r}; expected one of "
                                 f"{', '.join(EXPERT_PARAMETERS)}")
            if key == "samples":
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SAMPLES:
                    raise AgentError(f"ExpertAgent: samples must be an int from 1 to {MAX_SAMPLES}, got {value!r}")
            elif key == "fold_shanten":
                if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
                    raise AgentError(f"ExpertAgent: fold_shanten must be an int from 0 to 99, got {value!r}")
            elif key in ("qys_share", "hard_share", "feed", "keep_draws"):
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
                    raise AgentError(f"ExpertAgent: {key} must be a number from 0 to 1, got {value!r}")
            elif isinstance(EXPERT_PARAMETERS[key], float):
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < float("inf"):
                    raise AgentError(f"ExpertAgent: {key} must be a number >= 0, got {value!r}")
            elif not isinstance(value, bool):
                raise AgentError(f"ExpertAgent: {key} must be True or False, got {value!r}")
        self._set({**EXPERT_PARAMETERS, **params})

    def _set(self, values):
        cdef NativeAgent me = self
        cdef Params* p = <Params*>me.state
        p.equal_first = values["equal_first"]
        p.equal_gang = values["equal_gang"]
        p.equal_other = values["equal_other"]
        p.evaluate_hu = values["evaluate_hu"]
        p.evaluate_claims = values["evaluate_claims"]
        p.samples = values["samples"]
        p.hu_margin = values["hu_margin"]
        p.defence.scale = values["danger_scale"]
        p.defence.margin = values["danger_margin"]
        p.defence.fold_shanten = values["fold_shanten"]
        p.defence.fold_margin = values["fold_margin"]
        p.defence.qys_share = values["qys_share"]
        p.defence.hard_share = values["hard_share"]
        p.defence.feed = values["feed"]
        p.defence.weigh_draws = values["weigh_draws"]
        p.defence.keep_draws = values["keep_draws"]
        p.reseed = values["reseed"]
        p.defend_by_value = values["defend_by_value"]
        p.evaluate_gangs = values["evaluate_gangs"]
        p.seed = p.seed if p.reseed else 0

    @property
    def params(self):
        """The parameters in force, a dict (name: bool; int ``samples``, float ``hu_margin``)."""
        cdef NativeAgent me = self
        cdef const Params* p = <const Params*>me.state
        return {"equal_first": bool(p.equal_first), "equal_gang": bool(p.equal_gang),
                "equal_other": bool(p.equal_other), "evaluate_hu": bool(p.evaluate_hu),
                "evaluate_claims": bool(p.evaluate_claims), "samples": int(p.samples),
                "hu_margin": float(p.hu_margin), "danger_scale": p.defence.scale,
                "danger_margin": p.defence.margin, "fold_shanten": int(p.defence.fold_shanten),
                "fold_margin": p.defence.fold_margin, "qys_share": p.defence.qys_share,
                "hard_share": p.defence.hard_share, "feed": p.defence.feed,
                "weigh_draws": bool(p.defence.weigh_draws), "keep_draws": p.defence.keep_draws,
                "defend_by_value": bool(p.defend_by_value), "evaluate_gangs": bool(p.evaluate_gangs),
                "reseed": bool(p.reseed)}

    def __repr__(self):
        changed = {k: v for k, v in self.params.items() if v != EXPERT_PARAMETERS[k]}
        return "ExpertAgent(" + ", ".join(f"{k}={v!r}" for k, v in changed.items()) + ")"
