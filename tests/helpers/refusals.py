"""Refused wins, one per rule that refuses (W1/W2, W4, W5 红中 and 痞子, W8, W11), with
the :class:`~wuhanmj.scoring.result.Refusal` each must give, worked out from RULES.md.

Unless a case says otherwise: rules kaikou, indicator 5m (癞子 6m, 痞子 off), dealer seat 0,
winner seat 1 with a peng 777s claimed from seat 2, a self-drawn win (as
``tests/scoring/test_scoring_rules.py``).
"""

from __future__ import annotations

from typing import Any

from wuhanmj.hand.meld import Meld as M
from wuhanmj.hand.meld import SeatPlays
from wuhanmj.rules import Rules
from wuhanmj.scoring.result import Refusal
from wuhanmj.tiles import parse_tile

__all__ = ["REFUSED", "refused_kwargs"]

_E = SeatPlays()
_PENG777 = M.peng("777s", source=2)
_OPENED = (_E, SeatPlays((_PENG777,)), _E, _E)
# RULES E5: seat 0 opened three times (口口翻: 3 fan), the dealer seat 1
_E5_SEATS = (SeatPlays((M.chi("123p", source=3), _PENG777, M.chi("789p", source=3))), _E, _E, _E)


def refused_kwargs(hand: str, tile: str, **kw: Any) -> dict[str, Any]:
    """evaluate_win's keyword arguments for ``hand`` won on ``tile`` (the defaults above)."""
    out: dict[str, Any] = dict(hand=hand, win_tile=tile, how="zimo", winner=1, dealer=0, indicator="5m",
                               seats=_OPENED)
    out.update(kw)
    out["seats"] = list(out["seats"])
    return out


REFUSED: list[tuple[str, dict[str, Any], Refusal]] = [
    # four sets but 1s1s: no 2/5/8 pair, no big hu shape
    ("W1/W2", refused_kwargs("234m456p789p11s", "1s"), Refusal("W1/W2")),
    # a complete hand, no chi/peng/明杠 by the winner
    ("W4", refused_kwargs("234m456p789p777s55s", "5s", seats=(_E, _E, _E, _E)), Refusal("W4")),
    # 777z: three 红中 (7z) held
    ("W5-hongzhong", refused_kwargs("234m456p55s777z", "2m"), Refusal("W5", tile=parse_tile("7z"))),
    # indicator 4m under koukou_fan: 癞子 5m, 痞子 3m and 4m; 234m holds both, 3m first
    ("W5-pizi", refused_kwargs("234m456p55s", "2m", indicator="4m", rules=Rules.koukou_fan(),
                               seats=(_E, SeatPlays((_PENG777, M.an_gang("9999m")), laizi_gang=2), _E, _E)),
     Refusal("W5", tile=parse_tile("3m"))),
    # two 6m (the 癞子): only a small hu, which W8 forbids
    ("W8", refused_kwargs("234m456p789p6m6m", "6m"), Refusal("W8", laizi=2)),
    # RULES E5 under koukou_fan: F_w = 3 + 1 + 1 = 5, seat 2's U = 5 < 6 (seat 1 has 6)
    ("W11", refused_kwargs("234m55s", "5s", seats=_E5_SEATS, winner=0, dealer=1, indicator="1z",
                           rules=Rules.koukou_fan()),
     Refusal("W11", seat=2, fan=5, min_fan=6)),
]
"""``(id, evaluate_win keyword arguments, the Refusal)`` per refused win."""
