"""Wins harvested from real play: every :func:`wuhanmj.scoring.evaluate_win` call the Python
engine makes while seeded hands are played (legal wins and refused ones: W8, W11, W1/W2 on
a claim the quick shape filter let through), with the keyword arguments and the verdict.

Used by the native scoring's differential test (``tests/native/test_native_score.py``) and
its benchmark (``bench/bench_native_score.py``). :data:`RULE_SETS` holds the presets and
custom rule sets that flip, one or two at a time, each field the scoring or the play reads.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import numpy as np

from wuhanmj import Game, GreedyAgent, RandomAgent, Rules, scoring
from wuhanmj.game.actions import (
    AN_GANG,
    CHI,
    CHONG_GANG,
    HONGZHONG_GANG,
    HU,
    LAIZI_GANG,
    PASS,
    PENG,
    PIZI_GANG,
    XU_GANG,
)
from wuhanmj.game.loop import play_game

__all__ = ["RULE_SETS", "harvest", "recording"]

_KAI = Rules.kaikou()
_KOU = Rules.koukou()
_FAN = Rules.koukou_fan()

# Non-dyadic amounts (10.1 …) make the order and the way of every sum matter (X5).
_FLOAT_MONEY = {6: 10.1, 7: 20.3, 8: 40.7, 9: 80.9, 10: 101.3}
_FLOAT_MONEY_FROM_0 = {k: round(1.1 * 1.7 ** k, 2) for k in range(8)}

RULE_SETS: dict[str, Rules] = {
    "kaikou": _KAI,
    "koukou": _KOU,
    "koukou_fan": _FAN,
    # P2/D11 一炮单响 order
    "kaikou+hu_order=discarder": _KAI.replace(hu_order="discarder"),
    "koukou_fan+hu_order=dealer": _FAN.replace(hu_order="dealer"),
    # G4/D12 and G2: more gangs late, more 海底捞
    "kaikou+gang_cutoff=dead_wall+dead_wall=2": _KAI.replace(gang_cutoff="dead_wall", dead_wall=2),
    "koukou_fan+gang_cutoff=dead_wall": _FAN.replace(gang_cutoff="dead_wall"),
    # W8/D13
    "kaikou+second_laizi=play_out": _KAI.replace(second_laizi="play_out"),
    "koukou_fan+second_laizi=keep": _FAN.replace(second_laizi="keep"),
    # L5/D14 (co-liable seats come from play)
    "kaikou+xiayu": _KAI.replace(xiayu=True),
    "koukou_fan+xiayu": _FAN.replace(xiayu=True),
    # D4
    "kaikou+gangkai_haidi_zimo": _KAI.replace(gangkai_haidi_zimo=True),
    "koukou_fan+gangkai_haidi_zimo": _FAN.replace(gangkai_haidi_zimo=True),
    # W6/D16
    "kaikou+qqr_pair=258": _KAI.replace(qqr_pair="258"),
    "koukou_fan+qqr_pair=258+qqr_liability=not_ready": _FAN.replace(qqr_pair="258", qqr_liability="not_ready"),
    "kaikou+qqr_liability=holds_non_jiang": _KAI.replace(qqr_liability="holds_non_jiang"),
    # D9, with low caps so that 金顶 happens often
    "kaikou+jinding=ceiling+cap=40": _KAI.replace(jinding="ceiling", cap=40, gold_cap=100),
    "koukou_fan+jinding=ceiling+cap_fan=8": _FAN.replace(
        jinding="ceiling", cap_fan=8, money={6: 10, 7: 20, 8: 40}, gold_money=150),
    # W11 on a points schedule
    "kaikou+min_fan=4": _KAI.replace(min_fan=4),
    "koukou+min_fan=3+jinding=ceiling": _KOU.replace(min_fan=3, jinding="ceiling"),
    # X2 money tables with floats, one from 0 fan (no 起胡), a float 金顶
    "koukou_fan+money=floats": _FAN.replace(money=_FLOAT_MONEY, gold_money=150.55),
    "koukou_fan+money=floats+jinding=ceiling": _FAN.replace(money=_FLOAT_MONEY, gold_money=333.3,
                                                            jinding="ceiling"),
    "fan+min_fan=None+money=floats_from_0+cap_fan=7": _FAN.replace(
        min_fan=None, cap_fan=7, money=_FLOAT_MONEY_FROM_0, gold_money=77.7),
    # X1 with float caps
    "kaikou+cap=float": _KAI.replace(cap=37.3, gold_cap=61.9),
    "koukou+cap=float+jinding=ceiling": _KOU.replace(cap=45.5, gold_cap=70.1, jinding="ceiling"),
    # X3, X4 (and R3) on points
    "kaikou+bi+wind_laizi_double": _KAI.replace(bi=True, wind_laizi_double=True),
    "koukou+pizi+bi+wind_laizi_double": _KOU.replace(pizi=True, bi=True, wind_laizi_double=True),
    "koukou_fan-pizi-bi-wind": _FAN.replace(pizi=False, bi=False, wind_laizi_double=False),
    # S1, S4
    "kaikou+big_hu_fan=5": _KAI.replace(big_hu_fan=5),
    "koukou_fan+big_hu_fan=1": _FAN.replace(big_hu_fan=1),
    "koukou_fan+opening=once": _FAN.replace(opening="once"),
}
"""Rule sets the harvest plays, by a name that says what is flipped."""


@contextlib.contextmanager
def recording() -> Iterator[list[tuple[dict[str, Any], Any]]]:
    """Within the block, every ``evaluate_win`` call of the engine (``game.moves`` calls
    ``wuhanmj.scoring.evaluate_win``) is appended to the yielded list as ``(kwargs, result)``;
    the engine gets the result unchanged (or the exception)."""
    calls: list[tuple[dict[str, Any], Any]] = []
    orig = scoring.evaluate_win

    def recorder(**kwargs: Any) -> Any:
        result = orig(**kwargs)
        calls.append((dict(kwargs), result))
        return result

    scoring.evaluate_win = recorder
    try:
        yield calls
    finally:
        scoring.evaluate_win = orig


class ChaseAgent:
    """A bot that plays for the wins greedy play rarely makes, so that the harvest meets
    them: hu whenever legal, every 暗杠/蓄杠 and 红中/痞子杠, never a 癞子杠 unless it is the
    only move. ``mode="suit"`` claims only tiles of the suit it holds most of and discards
    the other tiles first (清一色: L2 liability, L5 陪包 under xiayu); ``mode="claim"``
    claims every discard it may (four melds: 全求人, L1) and discards at random."""

    observes = True
    legal_codes = True

    def __init__(self, seed: int, mode: str) -> None:
        self.rng = np.random.default_rng(seed)
        self.mode = mode

    def reset(self, seed: int | None = None) -> None:
        pass

    def act(self, obs: Any, legal: Any) -> int:
        codes = tuple(legal)
        if HU in codes:
            return HU
        counts = [0, 0, 0, 0]
        for t in obs.hand:
            if t != obs.laizi and t < 27:
                counts[t // 9] += 1
        for m in obs.melds[obs.seat]:
            if m.tiles[0] < 27:
                counts[m.tiles[0] // 9] += 3
        suit = counts.index(max(counts[:3]))
        if obs.phase in ("claim", "rob"):
            t = obs.claim_tile
            if self.mode == "claim" or (t is not None and t < 27 and t // 9 == suit):
                for c in (CHONG_GANG, PENG):
                    if c in codes:
                        return c
                chis = [c for c in codes if CHI <= c < PENG]
                if chis:
                    return chis[int(self.rng.integers(len(chis)))]
            return PASS if PASS in codes else codes[0]
        for c in codes:
            if AN_GANG <= c < HONGZHONG_GANG or XU_GANG <= c < AN_GANG or c == HONGZHONG_GANG \
                    or PIZI_GANG <= c < LAIZI_GANG:
                return c
        discards = [c for c in codes if c < 34]
        if not discards:
            return codes[int(self.rng.integers(len(codes)))]
        if self.mode == "suit":
            off = [c for c in discards if c >= 27 or c // 9 != suit]
            if off:
                return max(off)  # honors first, then the other suits
        return discards[int(self.rng.integers(len(discards)))]


_LINEUPS = (
    ("greedy", "greedy", "greedy", "greedy"),
    ("greedy", "greedy", "greedy", "random"),
    ("suit", "greedy", "claim", "greedy"),
    ("greedy", "random", "greedy", "random"),
    ("suit", "suit", "greedy", "suit"),
    ("claim", "greedy", "suit", "random"),
)


def _agent(kind: str, seed: int) -> Any:
    if kind == "greedy":
        return GreedyAgent()
    if kind == "random":
        return RandomAgent(seed)
    return ChaseAgent(seed, kind)


class _Watch:
    """An agent wrapper that records the concealed tiles of every seat it decides for while
    they are ``13 - 3k`` (a claim window): the hands 听牌 (D10, L1) is asked of."""

    observes = True
    legal_codes = True

    def __init__(self, inner: Any, out: list[tuple[tuple[int, ...], int, tuple[Any, ...]]]) -> None:
        self.inner = inner
        self.out = out
        self.inner_observes = getattr(inner, "observes", True) is not False

    def act(self, obs: Any, codes: Any) -> Any:
        if len(obs.hand) % 3 == 1:
            self.out.append((obs.hand, obs.indicator, obs.melds[obs.seat]))
        return self.inner.act(obs if self.inner_observes else None, codes)


def harvest(rules: Rules, hands: int, seed: int = 0,
            ready: list[tuple[tuple[int, ...], int, tuple[Any, ...]]] | None = None
            ) -> list[tuple[dict[str, Any], Any]]:
    """Play ``hands`` seeded hands under ``rules`` (seeds ``seed`` …; the dealer, the line-up
    of greedy and random agents and ``prev_laizi`` vary with the seed: a third of the hands
    repeat the hand's own 癞子 as the previous one, X4 连癞) and return every
    ``(kwargs, WinResult)`` of the engine's ``evaluate_win`` calls. With ``ready`` (a list),
    the ``(hand13, indicator, melds)`` of every seat asked to answer a claim is appended to it."""
    with recording() as calls:
        for i in range(hands):
            s = seed + i
            dealer = s % 4
            prev = None
            if s % 3 == 0:
                prev = Game(rules, seed=s, dealer=dealer).state.specials.laizi
            elif s % 3 == 1:
                prev = (s * 7) % 34
            game = Game(rules, seed=s, dealer=dealer, prev_laizi=prev)
            lineup = _LINEUPS[(s // 4) % len(_LINEUPS)]
            agents = [_agent(a, s * 4 + k) for k, a in enumerate(lineup)]
            if ready is not None:
                agents = [_Watch(a, ready) for a in agents]
            play_game(game, agents)
    return calls
