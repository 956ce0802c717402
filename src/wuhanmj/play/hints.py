"""Hints for a person at the table: shanten and discard advice from what the seat sees.

:func:`hint` reads only an :class:`~wuhanmj.game.observation.Observation` (the seat's own
tiles and the public ones), and asks :mod:`wuhanmj.hand.analysis`: on its turn with a
3k+2 hand, the 向听 (shanten) of the hand and every discard, best first
(:func:`~wuhanmj.hand.analysis.discard_advice`); with a 3k+1 hand (a claim window), the
shanten and the tiles that would lower it (:func:`~wuhanmj.hand.analysis.effective_tiles`),
and whether the tile offered is one of them. Unseen copies count everything the seat
sees: its hand and melds, every river, every meld and special play, the indicator (D6).
Shanten ignores W4 (open first) and 起胡 (W11), as the analysis does.

On its turn the hint also names the special plays (P3) that clear a way to a win, when
they are legal now: a 红中杠 or 痞子杠 for every 红中 or 痞子 held, since a hand holding
one can never win (W5, R3); a 癞子杠 when the hand holds two or more 癞子 (W8: no small
hu then) and the hand left after playing one out is ready (听) for a small hu, so that the
replacement draw or a later tile may make it a legal small hu with the one 癞子 left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import RenderError
from ..game.actions import HONGZHONG_GANG, LAIZI_GANG, PIZI_GANG
from ..game.observation import Observation
from ..hand.analysis import DiscardOption, EffectiveTiles, discard_advice, effective_tiles, wuhan_shanten
from ..rules import Rules
from ..tiles import format_tile

__all__ = ["Hint", "hint"]

_ROUTES = {"xiaohu": "小胡 small hu", "pengpenghu": "碰碰胡", "qingyise_m": "清一色 万", "qingyise_p": "清一色 筒",
           "qingyise_s": "清一色 条", "jiangyise": "将一色", "fengyise": "风一色"}


@dataclass(frozen=True, slots=True)
class Hint:
    """A hint for one decision.

    Fields:
        shanten: the 向听 of the seat's hand now (-1 complete, 0 ready, n > 0 exchanges).
        route: the route to a win it counts (:data:`wuhanmj.hand.analysis.ROUTES`).
        advice: on a 3k+2 hand, every discard best first (empty otherwise).
        effective: on a 3k+1 hand, the tiles that lower the shanten (None otherwise).
        claim_tile: the tile offered in a claim window, else None; claim_helps: it is
            one of the effective tiles.
        plays: the special plays advised first (see the module docstring):
            ``((action code, reason), ...)``, the codes legal now.
    """

    shanten: int
    route: str
    advice: tuple[DiscardOption, ...] = ()
    effective: EffectiveTiles | None = None
    claim_tile: int | None = None
    claim_helps: bool = False
    plays: tuple[tuple[int, str], ...] = ()

    def lines(self, top: int = 5) -> list[str]:
        """The hint as lines of text (the ``top`` best discards)."""
        state = {-1: "complete (胡 shape)", 0: "ready (听牌)"}.get(self.shanten, f"{self.shanten} from ready")
        out = [f"向听 shanten {self.shanten}: {state}, route {_ROUTES.get(self.route, self.route)}"]
        for _, reason in self.plays:
            out.append(f"play first: {reason}")
        if self.advice:
            out.append("best discards 打:")
            for o in self.advice[:top]:
                eff = " ".join(format_tile(t) for t in o.tiles) or "-"
                out.append(f"  {format_tile(o.tile):<3} → shanten {o.shanten}, {o.unseen} unseen: {eff}")
        if self.effective is not None:
            tiles = " ".join(f"{format_tile(t)}×{u}" for t, u in zip(self.effective.tiles, self.effective.unseen))
            label = "waits 听" if self.effective.shanten == 0 else "effective tiles 进张"
            out.append(f"{label}: {tiles or 'none'} ({self.effective.total} unseen)")
        if self.claim_tile is not None:
            verdict = "is" if self.claim_helps else "is not"
            out.append(f"the tile offered, {format_tile(self.claim_tile)}, {verdict} one of them")
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: shanten, route, advice (tile, shanten, unseen, tiles), effective, lines."""
        return {
            "shanten": self.shanten,
            "route": self.route,
            "advice": [{"tile": format_tile(o.tile), "shanten": o.shanten, "unseen": o.unseen,
                        "tiles": [format_tile(t) for t in o.tiles]} for o in self.advice],
            "effective": None if self.effective is None else {
                "tiles": [format_tile(t) for t in self.effective.tiles],
                "unseen": list(self.effective.unseen), "total": self.effective.total},
            "claim_tile": None if self.claim_tile is None else format_tile(self.claim_tile),
            "plays": [{"code": c, "reason": r} for c, r in self.plays],
            "lines": self.lines(),
        }


def _visible(obs: Observation) -> np.ndarray:
    """The tiles the seat sees outside its hand and its own melds (the analysis adds those)."""
    seen = np.array(obs.visible_counts if obs.visible_counts else [0] * 34, dtype=np.int16)
    if not obs.visible_counts:
        seen[obs.indicator] += 1
        for s in range(4):
            for t in obs.discards[s]:
                seen[t] += 1
            for m in obs.melds[s]:
                for t in m.tiles:
                    seen[t] += 1
            for _, t in obs.special_plays[s]:
                seen[t] += 1
    for m in obs.melds[obs.seat]:
        for t in m.tiles:
            seen[t] -= 1
    return seen


def _special_plays(obs: Observation, rules: Rules) -> tuple[tuple[int, str], ...]:
    """The special plays (P3) to advise on the seat's turn: ``(code, reason)`` of each
    legal one that clears a way to a win (see the module docstring)."""
    legal = set(obs.legal_actions)
    hand = list(obs.hand)
    out: list[tuple[int, str]] = []
    if HONGZHONG_GANG in legal and hand.count(33):
        out.append((HONGZHONG_GANG, "红中杠 hongzhong_gang 7z: a hand holding 红中 cannot win (W5); "
                                    "it is played out with a replacement draw (P3)"))
    for p in obs.pizi:
        if PIZI_GANG + p in legal and hand.count(p):
            out.append((PIZI_GANG + p, f"痞子杠 pizi_gang {format_tile(p)}: a hand holding a 痞子 cannot win "
                                       "(W5, R3); it is played out with a replacement draw (P3)"))
    lz = obs.laizi
    if LAIZI_GANG in legal and hand.count(lz) >= 2:
        rest = list(hand)
        rest.remove(lz)
        if dict(wuhan_shanten(rest, obs.melds[obs.seat], lz, rules).routes).get("xiaohu") == 0:
            out.append((LAIZI_GANG, f"癞子杠 laizi_gang {format_tile(lz)}: two 癞子 forbid a small hu (W8); "
                                    "with one played out the hand is ready (听) for a legal small hu, and a "
                                    "replacement draw follows (P3)"))
    return tuple(out)


def hint(obs: Observation, rules: Rules | str | None = None) -> Hint:
    """The hint for ``obs``'s seat (see the module docstring).

    Args:
        obs: the seat's observation.
        rules: the rule set (only ``pizi`` matters, R3); default: ``obs.rules_pizi`` on
            the ``kaikou`` preset.

    Raises:
        RenderError: ``obs`` is not an Observation.
    """
    if not isinstance(obs, Observation):
        raise RenderError(f"hint needs an Observation, got {type(obs).__name__}")
    rs = Rules.coerce(rules) if rules is not None else Rules.kaikou().replace(pizi=obs.rules_pizi)
    melds = obs.melds[obs.seat]
    hand = list(obs.hand)
    sh = wuhan_shanten(hand, melds, obs.laizi, rs)
    visible = _visible(obs)
    if (len(hand) + 3 * len(melds)) % 3 == 2:
        return Hint(sh.value, sh.route, advice=discard_advice(hand, melds, obs.laizi, rs, visible=visible),
                    plays=_special_plays(obs, rs))
    eff = effective_tiles(hand, melds, obs.laizi, rs, visible=visible)
    ct = obs.claim_tile
    return Hint(sh.value, sh.route, effective=eff, claim_tile=ct, claim_helps=ct is not None and ct in eff.tiles)
