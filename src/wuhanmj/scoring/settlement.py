"""Settlement arithmetic: loser fan → amounts, 银顶/金顶, 闭, X4 doubling, 承包 (X1–X6, L, M3).

This module knows nothing about tiles: :func:`wuhanmj.scoring.evaluate_win`
works out the fan and hands them here.

Amounts are ``int`` whenever they are whole (every amount of the presets is),
otherwise ``float`` (a custom cap or money table, or an escape penalty that
three players cannot share evenly, D7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import _checks
from ..errors import RulesError, WinInputError
from ..rules import Rules

__all__ = ["Settlement", "settle", "settle_checked", "escape_payments", "draw_payments", "points_base", "big_hu_fan"]

Amount = int | float


def _num(x: Amount) -> Amount:
    """``int`` when whole, else ``float``."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def points_base(big: int) -> int:
    """X1 base [points]: 1 for a small hu, 10 for one big hu type, ×2 for each further type."""
    return 1 if big <= 0 else 10 << (big - 1)


def big_hu_fan(rules: Rules, big: int) -> int:
    """S4 [fan]: ``rules.big_hu_fan`` (3) for one big hu type, +1 for each further type; 0
    for a small hu."""
    return rules.big_hu_fan + big - 1 if big > 0 else 0


@dataclass(frozen=True, slots=True)
class Settlement:
    """What every seat pays for one win (X1–X5, L1–L4). Tuples are indexed by seat.

    Fields:
        fan: each loser's fan ``U_i`` of S5 (big-hu fan of S4 included, in
            both schedules); None for the winner.
        raw: each loser's amount before any cap [points or money]; for the
            points schedule ``base × 2^(U_i − big-hu fan)``, ×1.5 for a
            self-drawn big hu (X1); for the fan schedule the money of
            ``min(U_i, cap_fan)`` (X2). None for the winner.
        reached: whether each loser reached the 银顶 (X1: ``raw >= cap``;
            X2: ``U_i >= cap_fan``); False for the winner.
        jinding: all three losers reached it, so 金顶 applies (X1, X2, D9).
        bi: each loser's 闭 doubling (X3).
        doubled: the 风翻/连癞翻 doubling of every payment (X4).
        owed: what each loser would pay after caps, 金顶, 闭 and X4 (0 for the winner).
        liable: the seat that pays for all (L1–L4), or None.
        payments: the final settlement, winner positive, summing to 0 (X5).
        co_liable: the seats that pay as much as the liable seat on top (陪包, L5),
            sorted; ``()`` when none.
    """

    fan: tuple[int | None, ...]
    raw: tuple[Amount | None, ...]
    reached: tuple[bool, ...]
    jinding: bool
    bi: tuple[bool, ...]
    doubled: bool
    owed: tuple[Amount, ...]
    liable: int | None
    payments: tuple[Amount, Amount, Amount, Amount]
    co_liable: tuple[int, ...] = ()


def settle(
    rules: Rules | str,
    *,
    winner: int,
    winner_fan: int,
    loser_fan: Sequence[int],
    big: int,
    zimo_big: bool = False,
    bi: Sequence[bool] = (False, False, False, False),
    doubled: bool = False,
    liable: int | None = None,
    co_liable: Sequence[int] = (),
) -> Settlement:
    """Turn fan into payments (S4, S5, X1–X5, L).

    Args:
        rules: the rule set (schedule, caps, money, jinding mode): a Rules or a preset name.
        winner: the winning seat 0–3.
        winner_fan: ``F_winner`` [fan] (S1 + S2), without any big-hu fan.
        loser_fan: 4 ints [fan], for each loser ``F_i`` plus its loser-only fan
            (S3: 放冲 and 庄); the winner's entry is ignored.
        big: number of big hu types (S4); 0 for a small hu.
        zimo_big: a self-drawn big hu under the points schedule pays ×1.5 (X1);
            the caller leaves the 自摸 fan out in that case.
        bi: 4 bools, 闭 per loser (X3) — already filtered by ``rules.bi``.
        doubled: the X4 doubling applies (already filtered by ``rules.wind_laizi_double``).
        liable: the seat that pays the others' share (L), or None.
        co_liable: seats that each pay as much as ``liable`` on top (陪包, L5);
            needs ``liable``; the liable seat itself is not charged twice.

    Returns:
        :class:`Settlement`.

    Raises:
        WinInputError: a bad seat, a negative fan, a liable seat equal to the winner,
            or co-liable seats without a liable seat, repeated, or the winner.
        RulesError: ``rules`` is neither a Rules nor a preset name.
    """
    rules = Rules.coerce(rules)
    if not _checks.is_seat(winner):
        raise WinInputError(f"winner must be a seat 0-3, got {winner!r}")
    if len(loser_fan) != 4 or len(bi) != 4:
        raise WinInputError("loser_fan and bi need one entry per seat (4)")
    if liable is not None and (not _checks.is_seat(liable) or liable == winner):
        raise WinInputError(f"liable seat {liable!r} must be a loser 0-3")
    if winner_fan < 0 or big < 0 or any(loser_fan[s] < 0 for s in range(4) if s != winner):
        raise WinInputError("fan cannot be negative")
    co = tuple(co_liable)
    if co:
        if liable is None:
            raise WinInputError("co_liable seats pay as much as the liable seat: give liable too (L5)")
        if len(set(co)) != len(co) or any(not _checks.is_seat(c) or c == winner for c in co):
            raise WinInputError(f"co_liable must be distinct losing seats 0-3, got {co_liable!r} (L5)")
    co = tuple(sorted(c for c in co if c != liable))
    return settle_checked(rules, winner, winner_fan, loser_fan, big, zimo_big, bi, doubled, liable, co)


def settle_checked(
    rules: Rules,
    winner: int,
    winner_fan: int,
    loser_fan: Sequence[int],
    big: int,
    zimo_big: bool,
    bi: Sequence[bool],
    doubled: bool,
    liable: int | None,
    co_liable: Sequence[int] = (),
) -> Settlement:
    """:func:`settle` for arguments its caller has already checked (positional, fast)."""
    big_fan = big_hu_fan(rules, big)
    losers = [s for s in (0, 1, 2, 3) if s != winner]
    fan: list[int | None] = [None, None, None, None]
    raw: list[Amount | None] = [None, None, None, None]
    reached = [False, False, False, False]
    points = rules.schedule == "points"
    a: Amount
    if points:
        base = points_base(big)
        cap = rules.cap
        for s in losers:
            u = winner_fan + loser_fan[s]
            fan[s] = u + big_fan
            a = base << u
            if zimo_big:
                a = a * 3 // 2 if not a & 1 else a * 1.5
            raw[s] = a
            reached[s] = a >= cap
    else:
        cap_fan = rules.cap_fan
        money = dict(rules.money)
        for s in losers:
            uf = winner_fan + loser_fan[s] + big_fan
            fan[s] = uf
            reached[s] = uf >= cap_fan
            try:
                raw[s] = money[uf if uf < cap_fan else cap_fan]
            except KeyError:
                raise RulesError(f"money: no amount for {uf} fan") from None
    jinding = reached[losers[0]] and reached[losers[1]] and reached[losers[2]]
    fixed = rules.jinding == "fixed"
    owed: list[Amount] = [0, 0, 0, 0]
    for s in losers:
        ra = raw[s]
        assert ra is not None  # both branches above set every loser's raw amount
        a = ra
        if jinding:
            if points:
                a = rules.gold_cap if fixed else min(a, rules.gold_cap)
            elif fixed:
                a = rules.gold_money
            else:
                # D9 "ceiling": the money goes on doubling above cap_fan, up to the gold money.
                f = fan[s]
                assert f is not None  # set for every loser above
                a = min(money[rules.cap_fan] * 2 ** (f - rules.cap_fan), rules.gold_money)
        elif reached[s] and points:
            a = rules.cap
        if bi[s]:
            a = a * 2
        if doubled:
            a = a * 2
        owed[s] = a if type(a) is int else _num(a)
    payments: list[Amount] = [0, 0, 0, 0]
    if liable is None:
        for s in losers:
            payments[s] = -owed[s]
    else:
        payments[liable] = -sum(owed)
        for s in co_liable:  # L5 陪包: each pays what the liable seat pays
            payments[s] = payments[liable]
    total = -sum(payments)
    payments[winner] = total if type(total) is int else _num(total)
    return Settlement(
        fan=tuple(fan),
        raw=tuple(raw if type(raw) is int or raw is None else _num(raw) for raw in raw),
        reached=tuple(reached),
        jinding=jinding,
        bi=tuple(bool(bi[s]) and s != winner for s in (0, 1, 2, 3)),
        doubled=bool(doubled),
        owed=tuple(owed),
        liable=liable,
        payments=(payments[0], payments[1], payments[2], payments[3]),
        co_liable=tuple(co_liable),
    )


def escape_payments(escaper: int, rules: Rules | str) -> tuple[Amount, Amount, Amount, Amount]:
    """逃跑 (M3, D7): ``escaper`` pays ``rules.escape_penalty`` (``rules``: a Rules or a
    preset name), shared equally by the other three. Amounts are int when the share is
    whole, else float (400 / 3).

    Raises:
        WinInputError: ``escaper`` is not a seat 0–3.
        RulesError: ``rules`` is neither a Rules nor a preset name.
    """
    rules = Rules.coerce(rules)
    escaper = _checks.seat(escaper, "escaper", WinInputError)
    pen = rules.escape_penalty
    share = _num(pen / 3) if pen % 3 else pen // 3
    out: list[Amount] = [share] * 4
    out[escaper] = _num(-pen)
    return (out[0], out[1], out[2], out[3])


def draw_payments() -> tuple[int, int, int, int]:
    """X6: an exhaustive draw (荒庄) — nobody pays."""
    return (0, 0, 0, 0)
