"""承包 (liability, L1–L5): who pays for everybody when a win is one of the listed cases.

This module only decides *who*; the amounts are the settlement's (:mod:`.settlement`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import WinInputError
from ..hand.meld import Meld
from ..rules import Rules

__all__ = ["liable_seat", "co_liable_seats"]


def liable_seat(
    big: Sequence[str],
    how: str,
    discarder: int | None,
    winner_melds: Sequence[Meld],
    rules: Rules,
    ready: bool | None,
    holds_non_jiang: bool | None,
) -> tuple[int | None, str | None]:
    """The liable seat and its rule, or ``(None, None)``; L4: the first of L3, L1, L2 that applies.

    - L3 抢杠: the robbed player (``discarder``).
    - L1 全求人 won on a discard: the discarder when it was not ready (``qqr_liability =
      "not_ready"``, ``ready``) or still held a non-2/5/8 tile (``"holds_non_jiang"``).
    - L2 清一色: the seat whose discard the winner claimed for its third opening (暗杠
      are not openings), however the hand was won.

    Raises:
        WinInputError: an L1 fact is needed (None) for a 全求人 won on a discard.
    """
    if how == "qianggang":
        return discarder, "L3"
    if "quanqiuren" in big and how == "fangchong":
        if rules.qqr_liability == "not_ready":
            if ready is None:
                raise WinInputError("discarder_ready is needed: a 全求人 was won on a discard (L1)")
            if not ready:
                return discarder, "L1"
        else:
            if holds_non_jiang is None:
                raise WinInputError("discarder_holds_non_jiang is needed: a 全求人 was won on a discard (L1)")
            if holds_non_jiang:
                return discarder, "L1"
    if "qingyise" in big:
        k = 0
        for m in winner_melds:
            if m.kind != "an_gang":
                k += 1
                if k == 3:
                    return m.source, "L2"
    return None, None


def co_liable_seats(co_liable: Sequence[int], liable: int | None, rule: str | None) -> tuple[int, ...]:
    """L5 (下雨/陪包): the co-liable seats that pay as much as the liable seat — only when L2
    decided (the 清一色 liability they join), and never the liable seat a second time."""
    if rule != "L2" or not co_liable:
        return ()
    return tuple(c for c in co_liable if c != liable)
