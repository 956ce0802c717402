"""The versioned numeric encoding of what one seat sees, for the learning environments.

One flat ``int8`` vector per observation: ``N_PLANES`` planes of 34 (one column per tile
kind, T2 order: 1m=0 … 7z 中=33), row-major, then ``N_SCALARS`` scalars. Every entry is a
small non-negative integer (a count, a one-hot bit or a number of tiles); no float, no
normalisation: learning code casts and scales as it likes. The layout below is version
``ENCODING_VERSION`` = 1 and never changes under that number; any change to it is a new
version (``docs/ENCODING.md`` keeps the history).

Seats are relative to the observer: ``r = (seat - me) % 4``, 0 = self, 1 = the next
player (下家), 2 = opposite, 3 = the previous player (上家).

Planes (row ``p`` holds entries ``p*34 … p*34+33``; *count* = copies 0–4, *bit* = 0/1):

====== ================================================================ ======
rows   what                                                             values
====== ================================================================ ======
0      own concealed tiles (the drawn tile included)                     count
1      own drawn tile, on its own turn (P1, G3)                          bit
2–5    吃 tiles of relative seat 0–3 (a tile of two chows counts twice)  count
6–9    碰 kinds of relative seat 0–3                                      bit
10–13  明杠 kinds (冲杠, 蓄杠) of relative seat 0–3 (S1, P5)              bit
14–17  暗杠 kinds of relative seat 0–3 (public in this engine, S1)        bit
18–21  special plays of relative seat 0–3: 红中/痞子/癞子杠 tiles (P3)   count
22     face-up tiles (D6): every river, meld, special play, the indicator count
23     the indicator (翻牌, R2)                                          bit
24     the 癞子 (R2)                                                      bit
25     the 痞子 (R3; empty when ``rules.pizi`` is off)                    bit
26     the tile offered to this seat's claim or rob window (P2, P4)      bit
27–122 rivers in discard order: row ``27 + 24*r + k`` is the k-th        bit
       discard still on relative seat r's table (k < ``N_RIVER`` = 24;
       a claimed discard leaves the river, as in the engine)
====== ================================================================ ======

A river longer than 24 keeps its first 24 here (its later discards are still counted by
row 22); in 8,000 random-action hands the longest river was 20.

Scalars (entry ``N_PLANES*34 + i``):

====== ================================================================ ======
i      what                                                             values
====== ================================================================ ======
0–4    phase one-hot: turn, claim, rob, haidi, over                      bit
5–8    relative seat on turn (the discarder / robbed seat in a window)   bit
9–12   relative dealer (庄)                                               bit
13     tiles left in the wall (G2, D1)                                   0–82
14–17  concealed tile counts of relative seat 0–3                        0–14
18–21  openings (开口, P5) of relative seat 0–3                          0–4
22     a gang or special play is allowed now (G4, D12)                   bit
23     rule: 痞子 on (R3)                                                bit
24     rule: the fan schedule (X2; 0 = points, X1)                       bit
25     rule: 开口 fan per opening (口口翻, S1; 0 = once, 开口翻)          bit
26     the previous hand's 癞子 equals this one (连癞, X4)               bit
====== ================================================================ ======

``OBS_SIZE`` = 123 × 34 + 27 = 4209 entries.

The oracle encoding (full state, for distillation) appends ``N_ORACLE_PLANES`` planes:
rows 0–2 the concealed tiles of relative seats 1–3 (count), row 3 the tile just drawn by
the seat on turn, whoever it is (bit), rows 4–85 the wall: row ``4 + i`` is the tile at
wall position ``54 + i`` (:mod:`wuhanmj.game.wall`: normal draws from position 54 up,
replacement draws from 135 down), one-hot, empty once drawn. ``ORACLE_SIZE`` = 4209 +
86 × 34 = 7133.

The action mask is a separate ``int8`` vector of ``ACTION_SPACE_SIZE`` = 163 (1 at the
seat's legal codes, :mod:`wuhanmj.game.actions`).

Everything public is read from the seat's :class:`~wuhanmj.game.observation.Observation`
(:func:`wuhanmj.game.observation.observe`); the oracle part from the
:class:`~wuhanmj.game.state.HandState`.

>>> from wuhanmj import Game
>>> g = Game("koukou", seed=1)
>>> v = encode_observation(g.observation(0), g.rules)
>>> v.shape, v.dtype, int(planes(v)[HAND].sum()), int(scalars(v)[S_TILES_LEFT])
((4209,), dtype('int8'), 14, 82)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import EnvError
from ..game.actions import ACTION_SPACE_SIZE
from ..game.observation import Observation, observe
from ..game.phases import HAIDI, PHASES, TURN
from ..game.state import HandState
from ..game.wall import FIRST_DRAW_POS, N_TILES
from ..rules import Rules

__all__ = [
    "ENCODING_VERSION",
    "N_PLANES",
    "N_SCALARS",
    "N_RIVER",
    "N_ORACLE_PLANES",
    "OBS_SIZE",
    "ORACLE_SIZE",
    "encode_observation",
    "encode_oracle",
    "encode_mask",
    "observation_high",
    "planes",
    "scalars",
    "oracle_planes",
    "HAND", "DRAWN", "CHI", "PENG", "MING_GANG", "AN_GANG", "SPECIAL", "VISIBLE",
    "INDICATOR", "LAIZI", "PIZI", "CLAIM", "RIVER",
    "S_PHASE", "S_TURN", "S_DEALER", "S_TILES_LEFT", "S_HAND_SIZES", "S_OPENINGS",
    "S_GANG_ALLOWED", "S_RULE_PIZI", "S_RULE_FAN", "S_RULE_PER_OPENING", "S_PREV_LAIZI",
    "O_HANDS", "O_DRAWN", "O_WALL", "N_WALL",
]

ENCODING_VERSION = 1

# plane rows (each + relative seat where there are four)
HAND = 0
DRAWN = 1
CHI = 2
PENG = 6
MING_GANG = 10
AN_GANG = 14
SPECIAL = 18
VISIBLE = 22
INDICATOR = 23
LAIZI = 24
PIZI = 25
CLAIM = 26
RIVER = 27
N_RIVER = 24
N_PLANES = RIVER + 4 * N_RIVER  # 123

# scalars
S_PHASE = 0
S_TURN = 5
S_DEALER = 9
S_TILES_LEFT = 13
S_HAND_SIZES = 14
S_OPENINGS = 18
S_GANG_ALLOWED = 22
S_RULE_PIZI = 23
S_RULE_FAN = 24
S_RULE_PER_OPENING = 25
S_PREV_LAIZI = 26
N_SCALARS = 27

OBS_SIZE = N_PLANES * 34 + N_SCALARS  # 4209

# oracle planes (after OBS_SIZE)
O_HANDS = 0
O_DRAWN = 3
O_WALL = 4
N_WALL = N_TILES - FIRST_DRAW_POS  # 82 wall positions 54..135
N_ORACLE_PLANES = O_WALL + N_WALL  # 86
ORACLE_SIZE = OBS_SIZE + N_ORACLE_PLANES * 34  # 7133

_SC = N_PLANES * 34  # offset of the scalars
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_KIND_ROW = {"chi": CHI, "peng": PENG, "chong_gang": MING_GANG, "xu_gang": MING_GANG, "an_gang": AN_GANG}


def observation_high(oracle: bool = False) -> np.ndarray:
    """The largest value of every entry (``int8``, shape ``(OBS_SIZE,)`` or ``(ORACLE_SIZE,)``);
    the lowest is 0 everywhere. The bounds of the environments' ``Box`` spaces."""
    p = np.ones((N_PLANES, 34), dtype=np.int8)
    p[HAND] = 4
    p[CHI:CHI + 4] = 4
    p[SPECIAL:SPECIAL + 4] = 4
    p[VISIBLE] = 4
    s = np.ones(N_SCALARS, dtype=np.int8)
    s[S_TILES_LEFT] = N_WALL
    s[S_HAND_SIZES:S_HAND_SIZES + 4] = 14
    s[S_OPENINGS:S_OPENINGS + 4] = 4
    parts = [p.ravel(), s]
    if oracle:
        o = np.ones((N_ORACLE_PLANES, 34), dtype=np.int8)
        o[O_HANDS:O_HANDS + 3] = 4
        parts.append(o.ravel())
    return np.concatenate(parts)


def _check_out(out: object, size: int) -> None:
    if not (isinstance(out, np.ndarray) and out.dtype == np.int8 and out.shape == (size,)):
        raise EnvError(f"out must be an int8 array of shape ({size},), got {getattr(out, 'dtype', type(out))} "
                       f"{getattr(out, 'shape', '')}")


def encode_observation(obs: Observation, rules: Rules, out: np.ndarray | None = None) -> np.ndarray:
    """The version-1 encoding of one seat's :class:`Observation` (see the module docstring).

    Args:
        obs: the seat's view (``Game.observation(seat)``); made with its ``visible_counts``.
        rules: the hand's rule set (the rule scalars and the G4 floor).
        out: an ``int8`` array of shape ``(OBS_SIZE,)`` to write into, or None (a new one).

    Returns:
        ``int8`` array of shape ``(OBS_SIZE,)``.

    Raises:
        EnvError: ``out`` has the wrong shape or dtype.
    """
    buf = _public(obs, rules, OBS_SIZE)
    v = np.frombuffer(buf, dtype=np.int8)
    if out is None:
        return v
    _check_out(out, OBS_SIZE)
    out[:] = v
    return out


def _public(obs: Observation, rules: Rules, size: int) -> bytearray:
    """The public encoding in a new zero-padded bytearray of ``size`` bytes (entries < 128)."""
    b = bytearray(size)
    me = obs.seat
    for t in obs.hand:  # row HAND = 0
        b[t] += 1
    if obs.drawn is not None:
        b[DRAWN * 34 + obs.drawn] = 1
    melds = obs.melds
    for s in range(4):
        r = (s - me) & 3
        for m in melds[s]:
            k = m.kind
            if k == "chi":
                base = (CHI + r) * 34
                for t in m.tiles:
                    b[base + t] += 1
            else:
                b[(_KIND_ROW[k] + r) * 34 + m.tiles[0]] = 1
        for _, t in obs.special_plays[s]:
            b[(SPECIAL + r) * 34 + t] += 1
        base = (RIVER + N_RIVER * r) * 34
        river = obs.discards[s]
        for i in range(min(len(river), N_RIVER)):
            b[base + 34 * i + river[i]] = 1
    b[INDICATOR * 34 + obs.indicator] = 1
    b[LAIZI * 34 + obs.laizi] = 1
    for p in obs.pizi:
        b[PIZI * 34 + p] = 1
    if obs.claim_tile is not None:
        b[CLAIM * 34 + obs.claim_tile] = 1
    vis = obs.visible_counts
    if vis:
        b[VISIBLE * 34: VISIBLE * 34 + 34] = bytes(vis)
    s0 = _SC
    b[s0 + S_PHASE + _PHASE_INDEX[obs.phase]] = 1
    b[s0 + S_TURN + ((obs.turn - me) & 3)] = 1
    b[s0 + S_DEALER + ((obs.dealer - me) & 3)] = 1
    b[s0 + S_TILES_LEFT] = obs.tiles_left
    sizes = obs.hand_sizes
    for s in range(4):
        r = (s - me) & 3
        b[s0 + S_HAND_SIZES + r] = sizes[s]
        b[s0 + S_OPENINGS + r] = sum(1 for m in melds[s] if m.is_opening)
    b[s0 + S_GANG_ALLOWED] = obs.tiles_left > rules.gang_floor and obs.phase != "over"
    b[s0 + S_RULE_PIZI] = rules.pizi
    b[s0 + S_RULE_FAN] = rules.schedule == "fan"
    b[s0 + S_RULE_PER_OPENING] = rules.opening == "per_opening"
    b[s0 + S_PREV_LAIZI] = obs.prev_laizi is not None and obs.prev_laizi == obs.laizi
    return b


def encode_oracle(state: HandState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
    """The oracle encoding of ``seat``: its public encoding followed by the hidden state
    (the other seats' concealed tiles, the drawn tile, the wall; see the module docstring).

    Args:
        state: the hand (``Game.state``).
        seat: the observer, 0–3.
        out: an ``int8`` array of shape ``(ORACLE_SIZE,)`` to write into, or None.

    Returns:
        ``int8`` array of shape ``(ORACLE_SIZE,)``.

    Raises:
        EnvError: ``out`` has the wrong shape or dtype.
        IllegalActionError: ``seat`` is not 0–3.
    """
    obs = observe(state, seat)
    b = _public(obs, state.rules, ORACLE_SIZE)
    for r in (1, 2, 3):
        base = OBS_SIZE + (O_HANDS + r - 1) * 34
        b[base: base + 34] = bytes(state.hands[(seat + r) & 3])
    if state.drawn is not None and state.phase in (TURN, HAIDI):
        b[OBS_SIZE + O_DRAWN * 34 + state.drawn] = 1
    wall = state.wall
    base = OBS_SIZE + (O_WALL - FIRST_DRAW_POS) * 34
    for pos in range(state.front, state.back + 1):
        b[base + 34 * pos + wall[pos]] = 1
    v = np.frombuffer(b, dtype=np.int8)
    if out is None:
        return v
    _check_out(out, ORACLE_SIZE)
    out[:] = v
    return out


def encode_mask(codes: Any, out: np.ndarray | None = None) -> np.ndarray:
    """The action mask of legal ``codes`` (ints of the 163-code action space):
    ``int8`` array of shape ``(ACTION_SPACE_SIZE,)``, 1 at each code."""
    if out is None:
        m = np.zeros(ACTION_SPACE_SIZE, dtype=np.int8)
    else:
        _check_out(out, ACTION_SPACE_SIZE)
        m = out
        m[:] = 0
    if codes:
        m[list(codes)] = 1
    return m


def planes(v: np.ndarray) -> np.ndarray:
    """The planes of an encoding (or a batch ``[..., OBS_SIZE or ORACLE_SIZE]``) as a view of
    shape ``(..., N_PLANES, 34)``."""
    return v[..., :_SC].reshape(*v.shape[:-1], N_PLANES, 34)


def scalars(v: np.ndarray) -> np.ndarray:
    """The scalars of an encoding (or a batch) as a view of shape ``(..., N_SCALARS)``."""
    return v[..., _SC:OBS_SIZE]


def oracle_planes(v: np.ndarray) -> np.ndarray:
    """The oracle planes of an oracle encoding (or a batch): ``(..., N_ORACLE_PLANES, 34)``."""
    return v[..., OBS_SIZE:ORACLE_SIZE].reshape(*v.shape[:-1], N_ORACLE_PLANES, 34)
