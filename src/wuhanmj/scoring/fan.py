"""Fan (S1–S5) and 起胡 (W11) of one reading of a win, and its settlement.

*n fan* is a factor 2^n. Every seat counts its personal fan from its own plays (S1);
the winner adds 硬胡 and 自摸 (S2); each loser adds 放冲 and the dealer's fan of a small
hu (S3); a big hu adds its own fan (S4); loser i's fan is ``U_i = F_winner + F_i + (big
hu fan or dealer fan)`` (S5).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hand.meld import SeatPlays
from ..rules import Rules
from .liability import co_liable_seats, liable_seat
from .result import FanItems, Refusal, WinResult, refused
from .settlement import big_hu_fan, settle_checked

__all__ = ["personal_fan", "score_reading"]

_SELF_DRAWN_BIG = ("gangshanghua", "haidilao")


def personal_fan(plays: SeatPlays, rules: Rules) -> FanItems:
    """A seat's personal fan items (S1), counted for every player from its own plays.

    Returns:
        ``((name, fan), ...)`` with names from :data:`wuhanmj.terms.FAN_ITEMS`:
        ``kaikou`` (1 if opened at all, or 1 per opening under ``rules.opening ==
        "per_opening"``), ``ming_gang`` (1 each), ``an_gang`` (2 each),
        ``hongzhong_gang`` and ``pizi_gang`` (1 each), ``laizi_gang`` (2 each); items
        worth 0 are left out.
    """
    mode = rules.opening
    return plays.memo(("S1", mode), lambda: _personal_items(plays, mode))


def _personal_items(plays: SeatPlays, mode: str) -> FanItems:
    f = plays.facts
    items = []
    if f.openings:
        items.append(("kaikou", f.openings if mode == "per_opening" else 1))
    if f.ming_gangs:
        items.append(("ming_gang", f.ming_gangs))
    if f.an_gangs:
        items.append(("an_gang", 2 * f.an_gangs))
    if plays.hongzhong_gang:
        items.append(("hongzhong_gang", plays.hongzhong_gang))
    if plays.pizi_gang:
        items.append(("pizi_gang", plays.pizi_gang))
    if plays.laizi_gang:
        items.append(("laizi_gang", 2 * plays.laizi_gang))
    return tuple(items)


def score_reading(
    big: tuple[str, ...],
    hard: bool,
    wilds: int,
    personal: Sequence[FanItems],
    rules: Rules,
    winner: int,
    dealer: int,
    how: str,
    discarder: int | None,
    seats: Sequence[SeatPlays],
    ready: bool | None,
    holds_non_jiang: bool | None,
    bi: Sequence[bool],
    doubled: bool,
    co_liable: Sequence[int],
) -> WinResult:
    """Fan (S1–S5), 起胡 (W11), liability (L) and settlement (X) of one reading.

    Args:
        big: the reading's big hu names, sorted (``()`` for a small hu).
        hard: 硬胡 (W9); wilds: 癞子 read as wildcards.
        personal: each seat's :func:`personal_fan`.
        bi: 闭 per loser (X3, already filtered by ``rules.bi``); doubled: X4 applies.
        co_liable: the L5 seats (used only when L2 decides).
        the rest: the facts of :func:`wuhanmj.scoring.evaluate_win`.

    Returns:
        the :class:`WinResult` of that reading (refused with ``"W11: ..."`` when a
        loser's fan is below ``rules.min_fan``).
    """
    points = rules.schedule == "points"
    nbig = len(big)
    bfan = big_hu_fan(rules, nbig)
    w_items = list(personal[winner])
    if hard:
        w_items.append(("ying_hu", 1))
    zimo_big = False
    if how == "zimo" or (rules.gangkai_haidi_zimo and how in _SELF_DRAWN_BIG):  # S2, X1, D4
        if nbig and points:
            zimo_big = True  # X1: ×1.5 instead of the 自摸 fan
        else:
            w_items.append(("zimo", 1))
    fw = 0
    for item in w_items:
        fw += item[1]
    fan: list[FanItems] = [(), (), (), ()]
    fan[winner] = tuple(w_items)
    loser_fan = [0, 0, 0, 0]
    for s in range(4):
        if s == winner:
            continue
        items = personal[s]
        f = 0
        for item in items:
            f += item[1]
        if s == discarder:
            items = items + (("fangchong", 1),)
            f += 1
        if not nbig and (winner == dealer or s == dealer):
            items = items + (("zhuang", 1),)
            f += 1
        fan[s] = items
        loser_fan[s] = f
    if rules.min_fan is not None:
        low = [s for s in range(4) if s != winner and fw + loser_fan[s] + bfan < rules.min_fan]
        if low:
            s = low[0]
            u = fw + loser_fan[s] + bfan
            us = tuple(None if i == winner else fw + loser_fan[i] + bfan for i in range(4))
            return refused(Refusal("W11", seat=s, fan=u, min_fan=rules.min_fan), winner, how, rules,
                           fan=tuple(fan), big=big, hard=hard, wilds=wilds, big_fan=bfan,
                           winner_fan=fw, loser_fan=us)
    liable, rule = liable_seat(big, how, discarder, seats[winner].melds, rules, ready, holds_non_jiang)
    co = co_liable_seats(co_liable, liable, rule)
    st = settle_checked(rules, winner, fw, loser_fan, nbig, zimo_big, bi, doubled, liable, co)
    return WinResult(
        legal=True,
        refusal=None,
        hard=hard,
        big=big,
        fan=tuple(fan),
        payments=st.payments,
        liable=liable,
        liable_rule=rule,
        co_liable=st.co_liable,
        winner=winner,
        how=how,
        wilds=wilds,
        big_fan=bfan,
        winner_fan=fw,
        loser_fan=st.fan,
        settlement=st,
        rules=rules,
    )
