# cython: language_level=3
"""The version-1 observation encoding (:mod:`wuhanmj.envs.encoding`) from an AgentView, in C.

The native copy of the encoder: :class:`wuhanmj.envs.VectorEnv`'s native backend and the
native policy agent (:mod:`wuhanmj.native.policy`) encode with it. It reads only the view
a native agent is given (``wuhanmj/native/agent.pxd``), the seat's
:class:`~wuhanmj.game.observation.Observation` as C values, so it cannot encode anything
hidden; the layout is docs/ENCODING.md's (the tests compare it entry for entry with the
Python encoder, :func:`wuhanmj.envs.encoding.encode_observation`).
"""

from libc.stdint cimport int8_t, int16_t
from libc.string cimport memset

from wuhanmj.native.agent cimport AgentView
from wuhanmj.native.view cimport view_from_observation
from wuhanmj.native.defs cimport MK_AN_GANG, MK_CHI, MK_PENG, PH_CLAIM, PH_OVER, PH_ROB

import numpy as np

__all__ = ["encode_native", "ENCODING_VERSION"]

ENCODING_VERSION = ENC_VERSION
"""The encoding version written here (``wuhanmj.envs.encoding.ENCODING_VERSION``)."""


cdef void encode_view(const AgentView* v, int8_t* out) noexcept nogil:
    cdef int s, r, k, t, n, base, kind, me = v.seat, ph = v.phase
    memset(out, 0, OBS_SIZE)
    for t in range(34):
        out[HAND * 34 + t] = v.hand[t]
        out[VISIBLE * 34 + t] = v.visible[t]
    if v.drawn >= 0:
        out[DRAWN * 34 + v.drawn] = 1
    for s in range(4):
        r = (s - me) & 3
        for k in range(v.seats[s].n_melds):
            t = v.seats[s].melds[k].tile
            kind = v.seats[s].melds[k].kind
            if kind == MK_CHI:
                base = (CHI + r) * 34 + t
                out[base] += 1
                out[base + 1] += 1
                out[base + 2] += 1
            elif kind == MK_PENG:
                out[(PENG + r) * 34 + t] = 1
            elif kind == MK_AN_GANG:
                out[(AN_GANG + r) * 34 + t] = 1
            else:  # MK_CHONG_GANG, MK_XU_GANG: 明杠
                out[(MING_GANG + r) * 34 + t] = 1
        for k in range(v.n_plays[s]):
            out[(SPECIAL + r) * 34 + v.play_tile[s][k]] += 1
        n = v.n_river[s]
        if n > N_RIVER:
            n = N_RIVER
        base = (RIVER + N_RIVER * r) * 34
        for k in range(n):
            out[base + 34 * k + v.river[s][k]] = 1
    out[INDICATOR * 34 + v.indicator] = 1
    out[LAIZI * 34 + v.laizi] = 1
    for k in range(v.n_pizi):
        out[PIZI * 34 + v.pizi[k]] = 1
    if (ph == PH_CLAIM or ph == PH_ROB) and v.claim_tile >= 0:
        out[CLAIM * 34 + v.claim_tile] = 1
    out[SC + S_PHASE + ph] = 1
    out[SC + S_TURN + ((v.turn - me) & 3)] = 1
    out[SC + S_DEALER + ((v.dealer - me) & 3)] = 1
    out[SC + S_TILES_LEFT] = <int8_t>v.tiles_left
    for s in range(4):
        r = (s - me) & 3
        out[SC + S_HAND_SIZES + r] = v.hand_sizes[s]
        out[SC + S_OPENINGS + r] = v.openings[s]
    out[SC + S_GANG_ALLOWED] = v.tiles_left > v.rules.gang_floor and ph != PH_OVER
    out[SC + S_RULE_PIZI] = v.rules.pizi != 0
    out[SC + S_RULE_FAN] = v.rules.fan_schedule != 0
    out[SC + S_RULE_PER_OPENING] = v.rules.per_opening != 0
    out[SC + S_PREV_LAIZI] = v.prev_laizi >= 0 and v.prev_laizi == v.laizi


cdef int encoding_nonzero(const int8_t* x, int16_t* idx, int8_t* val) noexcept nogil:
    cdef int i, n = 0
    for i in range(OBS_SIZE):
        if x[i] != 0:
            idx[n] = <int16_t>i
            val[n] = x[i]
            n += 1
    return n


def encode_native(observation):
    """The version-1 encoding of an :class:`~wuhanmj.game.observation.Observation`, written
    by the native encoder from the observation's native view (what a native agent sees):
    ``int8`` array of shape ``(OBS_SIZE,)``, equal to
    :func:`wuhanmj.envs.encoding.encode_observation` of the same observation (tested)."""
    cdef AgentView v
    out = np.zeros(OBS_SIZE, dtype=np.int8)
    cdef int8_t[::1] o = out
    view_from_observation(&v, observation)
    encode_view(&v, &o[0])
    return out
