"""The input checks of :func:`wuhanmj.scoring.evaluate_win`: the table must hold together
(T1, D6, P2, R1–R4) and the facts of how the hand was won must agree (P4, L1, L3, L5).

Each raises :class:`~wuhanmj.errors.WinInputError` (or :class:`~wuhanmj.errors.MeldError`
for a meld that no play makes) naming the seat or the argument.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import numpy as np

from .. import _checks
from ..errors import MeldError, WinInputError
from ..hand.meld import SeatPlays
from ..rules import Rules
from ..tiles import format_tile, format_tiles

__all__ = ["ON_OTHERS_TILE", "co_liable_of", "discarder_facts", "table", "how_facts"]

ON_OTHERS_TILE = ("fangchong", "qianggang")
"""The ``how`` of a win on another player's tile (a discard, or a robbed 蓄杠)."""
_SMALL_COUNTS = bytes(range(4))


def co_liable_of(co_liable: object, winner: int, rules: Rules) -> tuple[int, ...]:
    """The L5 co-liable seats as a sorted tuple of distinct losing seats."""
    if isinstance(co_liable, (str, bytes)):
        raise WinInputError(f"co_liable must be a sequence of seats, got {co_liable!r} (L5)")
    try:
        # duck-typed: anything not iterable raises TypeError here
        seats = [_checks.seat(c, "co_liable seat", WinInputError) for c in cast("Iterable[Any]", co_liable)]
    except TypeError:
        raise WinInputError(f"co_liable must be a sequence of seats, got {co_liable!r} (L5)") from None
    if not seats:
        return ()
    if not rules.xiayu:
        raise WinInputError(f"co_liable {seats} given but the rule set does not play 下雨/陪包 (xiayu, L5)")
    if len(set(seats)) != len(seats):
        raise WinInputError(f"co_liable names a seat twice: {seats} (L5)")
    if winner in seats:
        raise WinInputError(f"co_liable: the winner {winner} cannot be co-liable (L5)")
    return tuple(sorted(seats))


def discarder_facts(ready: object, holds: object) -> None:
    """The L1 facts are bools (numpy bools too) or None: a truthy "no" must not pass for True."""
    for name, fact in (("discarder_ready", ready), ("discarder_holds_non_jiang", holds)):
        if fact is not None and not isinstance(fact, (bool, np.bool_)):
            raise WinInputError(f"{name} must be True, False or None, got {fact!r} (L1, D10)")


def table(seats: tuple[SeatPlays, ...], hand_counts: bytearray, sk, rules: Rules, winner: int) -> None:
    """Melds against seats and the indicator; tile totals over the whole table (T1, D6, R1–R4).

    A 癞子 or 痞子 inside any seat's meld (R3, R4) is a MeldError naming the seat (a
    红中 never makes a :class:`Meld`, R1): no play makes such a meld.
    """
    tot = bytearray(hand_counts)
    laizi = sk.laizi
    pizi = sk.pizi
    hz = pz = lz = 0
    for s in range(4):
        sp = seats[s]
        st = sp.facts
        if sp.melds:
            chi = st.chi_sources
            kinds = st.kinds
            if (
                s in st.sources
                or (chi and (len(chi) > 1 or (s + 3) % 4 not in chi))
                or laizi in kinds
                or (pizi and (pizi[0] in kinds or pizi[1] in kinds))
            ):
                _meld_error(s, sp, laizi, pizi)
            for t, c in st.tile_counts:
                tot[t] += c
        hz += sp.hongzhong_gang
        pz += sp.pizi_gang
        lz += sp.laizi_gang
    tot[33] += hz
    tot[laizi] += lz
    limit = sk.limit
    if tot.translate(None, _SMALL_COUNTS):  # some kind has 4 or more copies
        for k in range(34):
            if tot[k] > limit[k]:
                raise WinInputError(
                    f"{tot[k]} copies of {format_tile(k)} in the hand, melds and special plays; "
                    f"at most {limit[k]} (T1{', D6: it is the indicator' if limit[k] == 3 else ''})"
                )
    if pz:
        if not pizi:
            raise WinInputError(f"{pz} 痞子杠 given but the rule set does not play 痞子 (R3)")
        a, b = pizi
        if tot[a] + tot[b] + pz > limit[a] + limit[b]:
            raise WinInputError(
                f"{tot[a] + tot[b] + pz} 痞子 ({format_tiles(pizi)}) in the hand and 痞子杠; "
                f"at most {limit[a] + limit[b]} (T1, D6)"
            )


def _meld_error(s: int, sp: SeatPlays, laizi: int, pizi: tuple[int, ...]) -> None:
    """Raise the error for the first bad meld of seat ``s`` (P2, R3, R4)."""
    for m in sp.melds:
        if m.source == s:
            raise WinInputError(f"seat {s}: {m!r} is claimed from the seat itself")
        if m.kind == "chi" and m.source != (s + 3) % 4:
            raise WinInputError(f"seat {s}: {m!r} — a chi is claimed only from the previous seat {(s + 3) % 4} (P2)")
        if laizi in m.tiles:
            raise MeldError(f"seat {s}: {m!r} holds the 癞子 {format_tile(laizi)} (R4)")
        for t in pizi:
            if t in m.tiles:
                raise MeldError(f"seat {s}: {m!r} holds the 痞子 {format_tile(t)} (R3)")
    raise AssertionError("no bad meld found")  # pragma: no cover


def how_facts(how: str, winner: int, discarder: int | None, win_tile: int, seats, sk) -> None:
    """The facts of ``how`` agree: a discarder (or robbed seat) exactly when the tile came from
    another player, never the winner; no 癞子/红中/痞子 won on a discard (R1, R3, R4); the robbed
    seat still has the peng (L3, P4); a 杠上开花 winner made a gang or special play."""
    if how in ON_OTHERS_TILE:
        if discarder is None:
            raise WinInputError(f"how={how!r} needs the discarder (or robbed) seat")
        if discarder == winner:
            raise WinInputError(f"the winner {winner} cannot win on its own tile (discarder {discarder})")
        if win_tile == sk.laizi:
            raise WinInputError(f"the 癞子 {format_tile(win_tile)} is never discarded or claimed (R4)")
        if win_tile == 33 or win_tile in sk.pizi:
            raise WinInputError(f"{format_tile(win_tile)} is played as a special gang, never claimed (R1, R3, P3)")
        if how == "qianggang" and not any(
            m.kind == "peng" and m.tiles[0] == win_tile for m in seats[discarder].melds
        ):
            raise WinInputError(
                f"qianggang: the robbed seat {discarder} has no peng of {format_tile(win_tile)} "
                "(its 蓄杠 did not happen, so the meld is still a peng; L3, P4)"
            )
    elif discarder is not None:
        raise WinInputError(f"how={how!r} is self-drawn: discarder must be None, got {discarder!r}")
    if how == "gangshanghua":
        sp = seats[winner]
        if not sp.special_plays and not any(m.is_gang for m in sp.melds):
            raise WinInputError("gangshanghua: the winner made no gang or special play to draw a replacement for")
