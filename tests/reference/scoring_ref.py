"""A slow brute-force reference for win evaluation, written from RULES.md only (W, S, X, L).

Independent of ``wuhanmj.scoring`` / ``wuhanmj.hand.readings`` / ``wuhanmj.scoring.settlement``
and of the shape core: every 癞子 is either its own tile or a wildcard, and
the wildcards are *enumerated* over every kind they may stand for (D8: any
kind but 红中 and the 痞子, fifth copies allowed). Each concrete hand is then
decomposed by a plain recursion, and every (assignment, decomposition) is
scored with a plain transcription of S1–S5, X1–X4 and L1–L4.

It returns *every* legal reading with what it pays, so tests can check both
the fast code's choice (W10) and properties of the whole set. Slow (a hand
with four 癞子 enumerates ~60,000 assignments); meant for tests only.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement

N = 34
HONGZHONG = 33
_HONOR_CYCLE = (27, 28, 29, 30, 32, 31)  # T3: 东南西北(中)发白


def jiang(t: int) -> bool:
    return t < 27 and t % 9 in (1, 4, 7)


def next_kind(t: int) -> int:
    if t < 27:
        return t - t % 9 + (t % 9 + 1) % 9
    if t == HONGZHONG:
        return 32
    return _HONOR_CYCLE[(_HONOR_CYCLE.index(t) + 1) % 6]


def prev_kind(t: int) -> int:
    if t < 27:
        return t - t % 9 + (t % 9 + 8) % 9
    if t == HONGZHONG:
        return 30
    return _HONOR_CYCLE[(_HONOR_CYCLE.index(t) - 1) % 6]


def pizi_kinds(indicator: int) -> set[int]:
    if indicator == HONGZHONG:
        return {29, 30}
    return {indicator, prev_kind(indicator)}


@lru_cache(maxsize=1 << 18)
def decompositions(counts: tuple[int, ...], pair_left: bool = True) -> frozenset[tuple[int, bool]]:
    """Every way ``counts`` is one pair plus sets: a set of ``(pair kind, all sets pongs)``."""
    i = next((t for t in range(N) if counts[t]), None)
    if i is None:
        return frozenset() if pair_left else frozenset({(-1, True)})
    out: set[tuple[int, bool]] = set()
    c = list(counts)
    if pair_left and c[i] >= 2:
        c[i] -= 2
        for p, allp in decompositions(tuple(c), False):
            out.add((i, allp))
        c[i] += 2
    if c[i] >= 3:
        c[i] -= 3
        out |= decompositions(tuple(c), pair_left)
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        out |= {(p, False) for p, _ in decompositions(tuple(c), pair_left)}
    return frozenset(out)


@dataclass(frozen=True)
class Reading:
    hard: bool
    big: tuple[str, ...]
    payments: tuple
    liable: int | None


def _personal(seat, rules) -> int:
    opens = sum(1 for m in seat.melds if m.kind in ("chi", "peng", "chong_gang", "xu_gang"))
    f = 0
    if opens:
        f += opens if rules.opening == "per_opening" else 1
    f += sum(1 for m in seat.melds if m.kind in ("chong_gang", "xu_gang"))
    f += 2 * sum(1 for m in seat.melds if m.kind == "an_gang")
    f += seat.hongzhong_gang + seat.pizi_gang + 2 * seat.laizi_gang
    return f


def _pay(big, hard, kw, laizi) -> tuple[tuple, int | None] | None:
    """Payments of one reading (S, X, L), or None when 起胡 (W11) refuses it."""
    rules = kw["rules"]
    seats = kw["seats"]
    winner, dealer, how, disc = kw["winner"], kw["dealer"], kw["how"], kw["discarder"]
    k = len(big)
    points = rules.schedule == "points"
    fw = _personal(seats[winner], rules) + (1 if hard else 0)
    if how == "zimo" and not (points and k):
        fw += 1
    bigfan = rules.big_hu_fan + k - 1 if k else 0
    U = {}
    for s in range(4):
        if s == winner:
            continue
        f = fw + _personal(seats[s], rules)
        if s == disc:
            f += 1
        if not k and (winner == dealer or s == dealer):
            f += 1
        U[s] = f + bigfan
    if rules.min_fan is not None and min(U.values()) < rules.min_fan:
        return None
    money = dict(rules.money)
    raw, reach = {}, {}
    for s, u in U.items():
        if points:
            base = 1 if not k else 10 * 2 ** (k - 1)
            a = Fraction(base * 2 ** (u - bigfan))
            if how == "zimo" and k:
                a *= Fraction(3, 2)
            raw[s], reach[s] = a, a >= rules.cap
        else:
            raw[s], reach[s] = Fraction(money[min(u, rules.cap_fan)]), u >= rules.cap_fan
    gold = all(reach.values())
    owed = {}
    for s in U:
        if gold:
            g = rules.gold_cap if points else rules.gold_money
            if rules.jinding == "fixed":
                a = Fraction(g)
            elif points:
                a = min(raw[s], Fraction(g))
            else:
                a = min(Fraction(money[rules.cap_fan]) * 2 ** (U[s] - rules.cap_fan), Fraction(g))
        elif reach[s]:
            a = Fraction(rules.cap) if points else raw[s]
        else:
            a = raw[s]
        sp = seats[s]
        opened = any(m.kind != "an_gang" for m in sp.melds)
        if rules.bi and not opened and not (sp.hongzhong_gang or sp.pizi_gang or sp.laizi_gang):
            a *= 2
        if rules.wind_laizi_double and (laizi >= 27 or laizi == kw["prev_laizi"]):
            a *= 2
        owed[s] = a
    liable = None
    if how == "qianggang":
        liable = disc
    elif "quanqiuren" in big and how == "fangchong":
        if rules.qqr_liability == "not_ready":
            if not kw["discarder_ready"]:
                liable = disc
        elif kw["discarder_holds_non_jiang"]:
            liable = disc
    if liable is None and "qingyise" in big:
        opens = [m for m in seats[winner].melds if m.kind != "an_gang"]
        if len(opens) >= 3:
            liable = opens[2].source
    pay = [Fraction(0)] * 4
    if liable is None:
        for s, a in owed.items():
            pay[s] = -a
    else:
        pay[liable] = -sum(owed.values())
    pay[winner] = -sum(pay)
    return tuple(int(p) if p.denominator == 1 else float(p) for p in pay), liable


def readings(kw: dict) -> list[Reading] | str:
    """Every legal reading of a win (keyword arguments of ``evaluate_win`` with ints and
    SeatPlays), or a string naming the rule that refuses the win outright."""
    rules = kw["rules"]
    hand = list(kw["hand"])
    seats = kw["seats"]
    winner = kw["winner"]
    ind = kw["indicator"]
    laizi = next_kind(ind)
    pizi = pizi_kinds(ind) if rules.pizi else set()
    if HONGZHONG in hand or any(t in pizi for t in hand):
        return "W5"
    melds = seats[winner].melds
    if not any(m.kind != "an_gang" for m in melds):
        return "W4"
    n = hand.count(laizi)
    rest = [t for t in hand if t != laizi]
    meld_tiles = [t for m in melds for t in m.tiles]
    no_chi = all(m.kind != "chi" for m in melds)
    allowed = [t for t in range(N) if t != HONGZHONG and t not in pizi]
    situational = {"gangshanghua", "haidilao", "qianggang"} & {kw["how"]}
    qqr = (
        len(melds) == 4
        and all(m.kind != "an_gang" for m in melds)
        and kw["how"] in ("fangchong", "qianggang")
    )
    out: dict[tuple[bool, tuple[str, ...]], Reading] = {}
    for j in range(n + 1):
        for wild in combinations_with_replacement(allowed, n - j):
            concealed = rest + [laizi] * j + list(wild)
            counts = [0] * N
            for t in concealed:
                counts[t] += 1
            every = concealed + meld_tiles
            one_suit = len({t // 9 for t in every}) == 1 and every[0] < 27
            all_jiang = all(jiang(t) for t in every)
            all_honor = all(t >= 27 for t in every)
            options = set()
            for p, allp in decompositions(tuple(counts)):
                b = set()
                if one_suit:
                    b.add("qingyise")
                if allp and no_chi:
                    b.add("pengpenghu")
                if all_jiang:
                    b.add("jiangyise")
                if all_honor:
                    b.add("fengyise")
                if jiang(p) or b:  # W2: 碰碰胡 and the 一色 hands take any pair
                    options.add(frozenset(b))
            if all_jiang:
                options.add(frozenset({"jiangyise"}))  # W3: whatever the shape
            if all_honor:
                options.add(frozenset({"fengyise"}))
            for b in options:
                big = set(b) | situational
                if qqr:
                    big.add("quanqiuren")
                if not big and n >= 2:
                    continue  # W8
                hard = j == n
                key = (hard, tuple(sorted(big)))
                if key in out:
                    continue
                res = _pay(big, hard, kw, laizi)
                if res is None:
                    continue  # W11
                out[key] = Reading(hard, key[1], res[0], res[1])
    if not out:
        return "no reading"
    return list(out.values())


def winner_total(r: Reading, winner: int):
    return r.payments[winner]


def best_readings(kw: dict) -> list[Reading] | str:
    """The readings W10 allows: the most paid to the winner, then hard before soft."""
    rs = readings(kw)
    if isinstance(rs, str):
        return rs
    w = kw["winner"]
    top = max((r.payments[w], r.hard) for r in rs)
    return [r for r in rs if (r.payments[w], r.hard) == top]
