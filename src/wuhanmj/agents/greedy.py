"""GreedyAgent: a shanten-greedy bot built on :mod:`wuhanmj.hand.analysis`.

Policy, in order (first that applies):

1. Declare hu whenever it is legal (自摸, 放冲, 抢杠, 海底捞).
2. On its turn: play a 红中 (红中杠) or a 痞子 (痞子杠) at once (P3, R1, R3) — they
   can never be part of a win (W5) and each gives fan (S1) and a replacement draw;
   play out a 癞子 (癞子杠) while holding two or more, keeping one as a wildcard
   (W8: two 癞子 forbid a small hu).
3. 暗杠 / 蓄杠 when the hand's shanten after the gang is no worse than the
   shanten of the best discard (P1).
4. Discard the first option of :func:`wuhanmj.hand.analysis.discard_advice`: least
   shanten, then most unseen effective tiles (the visible tiles are every discard
   on the table, every meld and special play, and the indicator).
5. On another player's discard: 冲杠, 碰 or 吃 when the shanten after the claim
   (and the best discard for 碰/吃) is no worse than now; the least shanten wins,
   ties prefer 冲杠, then 碰, then 吃 (gangs add fan, S1). Otherwise pass.

Shanten ignores W4 (a hand must be open to win) and 起胡 (W11), as the analysis does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import core as _core
from ..errors import AgentError
from ..game.actions import (
    ACTIONS,
    AN_GANG,
    CHI,
    CHONG_GANG,
    DISCARD,
    HONGZHONG_GANG,
    HU,
    LAIZI_GANG,
    PASS,
    PENG,
    PIZI_GANG,
    XU_GANG,
    Chi,
)
from ..hand.bighu import ALL_ROUTES, MELD_ROUTES

__all__ = ["GreedyAgent"]


class GreedyAgent:
    """A deterministic shanten-greedy bot (see the module docstring for the policy).

    ``act(observation, legal_actions)`` takes a :class:`wuhanmj.game.observation.Observation`
    and returns one of ``legal_actions`` (action values or their integer codes;
    it returns the same kind it was given). ``reset`` does nothing: the bot has
    no randomness and no memory between decisions.
    """

    __slots__ = ()
    name = "greedy"
    legal_codes = True  # the game loop may pass the legal action codes (see act)

    def reset(self, seed: int | None = None) -> None:
        """No state to reset; ``seed`` is ignored (the policy is deterministic)."""

    def __repr__(self) -> str:
        return "GreedyAgent()"

    def act(self, observation: Any, legal_actions: Any) -> Any:
        """Choose an action (see the module docstring).

        Raises:
            AgentError: no observation, or no legal action.
        """
        if observation is None:
            raise AgentError("GreedyAgent needs an observation")
        if not legal_actions:
            raise AgentError("GreedyAgent: no legal action to choose from")
        codes = observation.legal_actions
        if len(codes) != len(legal_actions):  # a caller's own list: read the codes from it
            codes = tuple(a if isinstance(a, int) else a.code for a in legal_actions)
        code = _choose(observation, codes)
        return code if isinstance(legal_actions[0], int) else ACTIONS[code]


def _choose(obs: Any, codes: Sequence[int]) -> int:
    if HU in codes:
        return HU
    phase = obs.phase
    if phase == "turn":
        return _turn(obs, codes)
    if phase == "claim":
        return _claim(obs, codes)
    return PASS if PASS in codes else codes[0]  # rob / haidi without a hu: pass


# ---------------------------------------------------------------- analysis through the core
# The policy is the one of analysis.discard_advice / wuhan_shanten; to keep decisions
# fast it calls the shape core directly on counts it builds once per decision
# (tests check that the choices equal those of the public functions).

# A meld's routes depend only on whether it is a chi and on its lowest tile (hand.bighu).
_SAME_MASK, _CHI_MASK = MELD_ROUTES
# chi code -> the lowest tile of its chow
_CHI_LOW: dict[int, int] = {a.code: a.low for a in ACTIONS if isinstance(a, Chi)}


def _route_mask(melds: Any) -> int:
    """Routes still open to a hand with these melds (as analysis.wuhan_shanten decides)."""
    mask = ALL_ROUTES
    for m in melds:
        mask &= (_CHI_MASK if m.kind == "chi" else _SAME_MASK)[m.tiles[0]]
    return mask


def _shanten(counts: np.ndarray, laizi: int, pizi: tuple[int, ...], mask: int) -> int:
    return min([v for v in _core.wuhan_routes(counts, laizi, pizi, mask) if v is not None])


def _seen(obs: Any) -> Any:
    """Every copy the seat sees outside its concealed hand: its melds, all discards on
    the table, the other melds, every special play, the indicator (D6): 34 counts."""
    if obs.visible_counts:
        return obs.visible_counts
    seen = [obs.indicator]
    for s in range(4):
        seen.extend(obs.discards[s])
        for _, t in obs.special_plays[s]:
            seen.append(t)
        for m in obs.melds[s]:
            seen.extend(m.tiles)
    return np.bincount(seen, minlength=34)


def _hand_counts(obs: Any) -> np.ndarray:
    """(34,) uint8 counts of the concealed hand (writable)."""
    b = bytearray(34)
    for t in obs.hand:
        b[t] += 1
    return np.frombuffer(b, dtype=np.uint8)


def _turn(obs: Any, codes: Sequence[int]) -> int:
    top = max(codes)
    if top >= XU_GANG:  # a gang or a special play is offered
        if HONGZHONG_GANG in codes:
            return HONGZHONG_GANG
        for c in codes:
            if PIZI_GANG <= c < LAIZI_GANG:
                return c
        if LAIZI_GANG in codes and obs.hand.count(obs.laizi) >= 2:
            return LAIZI_GANG
    counts = _hand_counts(obs)
    mask = _route_mask(obs.melds[obs.seat])
    lz, pizi = obs.laizi, obs.pizi
    # The discard discard_advice puts first among the legal ones (least shanten, then
    # most unseen effective tiles, then lowest kind), and the least shanten over every
    # discard (99 when no normal tile can be discarded).
    choice, _, least = _core.wuhan_best_discard(counts, lz, pizi, mask, [c for c in codes if c < 34],
                                                _seen(obs))
    if choice is None:
        for c in codes:
            if DISCARD <= c < DISCARD + 34:
                return c
        # Only special plays or gangs are left (e.g. a lone 癞子 and nothing to discard).
        return codes[0]
    if top >= XU_GANG:
        best = 99 if least is None else least
        for c in codes:
            if XU_GANG <= c < AN_GANG + 34:
                if c < AN_GANG:  # 蓄杠: one tile leaves the hand, the pong becomes a kong
                    t, k = c - XU_GANG, 1
                    m_mask = mask
                else:  # 暗杠: four tiles leave the hand for a concealed kong
                    t, k = c - AN_GANG, 4
                    m_mask = mask & _SAME_MASK[t]
                counts[t] -= k
                after = _shanten(counts, lz, pizi, m_mask)
                counts[t] += k
                if after <= best:
                    return c
    return DISCARD + choice


def _claim(obs: Any, codes: Sequence[int]) -> int:
    t = obs.claim_tile
    counts = _hand_counts(obs)
    mask = _route_mask(obs.melds[obs.seat])
    lz, pizi = obs.laizi, obs.pizi
    now = _shanten(counts, lz, pizi, mask)
    best_code, best_key = PASS, None
    take: tuple[tuple[int, int], ...]
    for c in codes:
        if c == CHONG_GANG:
            take, pref, m_mask = ((t, 3),), 0, mask & _SAME_MASK[t]
        elif c == PENG:
            take, pref, m_mask = ((t, 2),), 1, mask & _SAME_MASK[t]
        elif CHI <= c < PENG:
            low = _CHI_LOW[c]
            take = tuple((x, 1) for x in (low, low + 1, low + 2) if x != t)
            pref, m_mask = 2, mask & _CHI_MASK[low]
        else:
            continue
        for x, k in take:
            counts[x] -= k
        after = _shanten(counts, lz, pizi, m_mask)
        for x, k in take:
            counts[x] += k
        if c != CHONG_GANG:
            # 碰/吃 leave a 3k+2 hand that must discard: a complete one (-1) is ready (0) after it.
            after = max(after, 0)
        if after <= now:
            key = (after, pref)
            if best_key is None or key < best_key:
                best_code, best_key = c, key
    if best_key is None and PASS not in codes:
        return codes[0]
    return best_code
