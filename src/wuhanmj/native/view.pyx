# cython: language_level=3
"""The native agent's view (``wuhanmj/native/agent.pxd``): an ``AgentView`` filled from the
native engine's state (:c:func:`agent_view`) or from a Python engine's
:class:`~wuhanmj.game.observation.Observation` (:c:func:`view_from_observation`), field for
field the same, so that a native agent plays alike on both engines."""

from libc.stdint cimport int8_t, int16_t
from libc.string cimport memcpy, memset

from wuhanmj.native.agent cimport AgentView
from wuhanmj.native.defs cimport DK_BACK, PH_HAIDI, PH_ROB, PH_CLAIM, PH_TURN
from wuhanmj.native.hand cimport HandC, hand_current, hand_left
from wuhanmj.native.rulesc cimport RulesC, rules_to_c

from wuhanmj.game.phases import PHASES
from wuhanmj.rules import Rules as _Rules

__all__: list = []

_PLAY_KINDS = ("hongzhong_gang", "pizi_gang", "laizi_gang")


cdef void agent_view(AgentView* v, const HandC* h, int seat, const double* scores) noexcept nogil:
    """Observation's fields of seat, from the native state (wuhanmj.game.observation.observe)."""
    cdef int s, ph = h.phase
    memset(v, 0, sizeof(AgentView))     # padding and unused entries too: views compare as bytes
    v.seat = <int8_t>seat
    v.phase = h.phase
    v.turn = h.turn
    v.current_player = <int8_t>hand_current(h)
    v.drawn = h.drawn if (ph == PH_TURN or ph == PH_HAIDI) and h.turn == seat else -1
    v.replacement = 1 if v.drawn >= 0 and h.draw_kind == DK_BACK else 0
    v.claim_tile = h.tile if ph == PH_CLAIM or ph == PH_ROB else -1
    v.indicator = h.indicator
    v.laizi = h.laizi
    v.n_pizi = h.n_pizi
    v.pizi[0] = h.pizi[0] if h.n_pizi else -1
    v.pizi[1] = h.pizi[1] if h.n_pizi else -1
    v.prev_laizi = h.prev_laizi
    v.dealer = h.dealer
    v.rules_pizi = h.rules.pizi != 0
    v.rules_fan = h.rules.fan_schedule != 0
    v.tiles_left = <int16_t>hand_left(h)
    v.rules = h.rules
    memcpy(v.hand, h.hands[seat], 34)
    memcpy(v.visible, h.seen, 34)
    memcpy(v.hand_sizes, h.sizes, 4)
    memcpy(v.openings, h.openings, 4)
    memcpy(v.n_plays, h.n_plays, 4)
    memcpy(v.n_river, h.n_river, 4)
    for s in range(4):      # the entries in use only (a claimed discard leaves its old slot)
        v.seats[s].n_melds = h.seats[s].n_melds
        memcpy(v.seats[s].melds, h.seats[s].melds, h.seats[s].n_melds * sizeof(h.seats[s].melds[0]))
        v.seats[s].hz = h.seats[s].hz
        v.seats[s].pz = h.seats[s].pz
        v.seats[s].lz = h.seats[s].lz
        memcpy(v.play_kind[s], h.play_kind[s], h.n_plays[s])
        memcpy(v.play_tile[s], h.play_tile[s], h.n_plays[s])
        memcpy(v.river[s], h.river[s], h.n_river[s])
        v.scores[s] = scores[s] if scores != NULL else 0.0


cdef RulesC _last_rules          # the RulesC of the last observation's rule set (with the GIL)
cdef object _last_rules_of = None
cdef dict _fallback_rules = {}   # (fan schedule, pizi): the rule set of an observation without one


cdef int _view_rules(AgentView* v, object o) except -1:
    """v.rules from o.rules; an observation made without its rule set takes the preset of
    its schedule (kaikou, or koukou_fan under X2) with its pizi (R3)."""
    global _last_rules_of
    r = o.rules
    if r is None:
        key = (o.rules_schedule == "fan", bool(o.rules_pizi))
        r = _fallback_rules.get(key)
        if r is None:
            r = _fallback_rules[key] = _Rules.coerce("koukou_fan" if key[0] else "kaikou").replace(pizi=key[1])
    if r is not _last_rules_of:
        rules_to_c(r, &_last_rules)
        _last_rules_of = r
    v.rules = _last_rules
    return 0


cdef int view_from_observation(AgentView* v, object o) except -1:
    """The same AgentView from an Observation (NativeAgent.act on the Python engine)."""
    cdef int s, i, t
    from wuhanmj.hand.meld import MELD_KINDS as _MELD_KINDS
    memset(v, 0, sizeof(AgentView))
    v.seat = o.seat
    v.phase = PHASES.index(o.phase)
    v.turn = o.turn
    v.current_player = -1 if o.current_player is None else o.current_player
    v.drawn = -1 if o.drawn is None else o.drawn
    v.replacement = 1 if o.drawn is not None and o.replacement_draw else 0
    v.claim_tile = -1 if o.claim_tile is None else o.claim_tile
    v.indicator = o.indicator
    v.laizi = o.laizi
    v.n_pizi = len(o.pizi)
    v.pizi[0] = o.pizi[0] if o.pizi else -1
    v.pizi[1] = o.pizi[1] if o.pizi else -1
    v.prev_laizi = -1 if o.prev_laizi is None else o.prev_laizi
    v.dealer = o.dealer
    v.rules_pizi = bool(o.rules_pizi)
    v.rules_fan = o.rules_schedule == "fan"
    v.tiles_left = o.tiles_left
    _view_rules(v, o)
    for t in o.hand:
        v.hand[t] += 1
    if o.visible_counts:
        for t in range(34):
            v.visible[t] = o.visible_counts[t]
    else:   # an observation made without it: count what the other fields show (D6)
        v.visible[o.indicator] += 1
        for s in range(4):
            for t in o.discards[s]:
                v.visible[t] += 1
            for _, t in o.special_plays[s]:
                v.visible[t] += 1
            for m in o.melds[s]:
                for t in m.tiles:
                    v.visible[t] += 1
    for s in range(4):
        v.hand_sizes[s] = o.hand_sizes[s]
        melds = o.melds[s]
        v.seats[s].n_melds = len(melds)
        for i, m in enumerate(melds):
            v.seats[s].melds[i].kind = _MELD_KINDS.index(m.kind)
            v.seats[s].melds[i].tile = min(m.tiles)
            v.seats[s].melds[i].source = -1 if m.source is None else m.source
            v.openings[s] += bool(m.is_opening)
        plays = o.special_plays[s]
        v.n_plays[s] = len(plays)
        for i, (kind, t) in enumerate(plays):
            k = _PLAY_KINDS.index(kind)
            v.play_kind[s][i] = k
            v.play_tile[s][i] = t
            if k == 0:
                v.seats[s].hz += 1
            elif k == 1:
                v.seats[s].pz += 1
            else:
                v.seats[s].lz += 1
        river = o.discards[s]
        v.n_river[s] = len(river)
        for i, t in enumerate(river):
            v.river[s][i] = t
        v.scores[s] = o.scores[s]
    return 0
