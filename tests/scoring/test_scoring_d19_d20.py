"""D19 (陪包 goes with L2 only) and D20 ("reaches the cap" means at least the cap).

Every expected payment is worked by hand from RULES.md §6–8 in the test's docstring.
Seat 1 wins, seat 0 deals. Indicator 5m (癞子 6m, R2) unless said otherwise; no hand
below holds a 癞子, so every win is hard (硬胡 1, W9, S2).
"""

from __future__ import annotations

from wuhanmj.hand.meld import Meld as M
from wuhanmj.hand.meld import SeatPlays
from wuhanmj.rules import Rules
from wuhanmj.scoring import evaluate_win

XIAYU = Rules.kaikou().replace(xiayu=True)
E = SeatPlays()


def S(*melds, hz=0, pz=0) -> SeatPlays:
    return SeatPlays(tuple(melds), hz, pz, 0)


def win(hand, tile, how, seats, **kw):
    kw.setdefault("winner", 1)
    kw.setdefault("dealer", 0)
    kw.setdefault("indicator", "5m")
    return evaluate_win(hand=hand, win_tile=tile, how=how, seats=list(seats), **kw)


# ----------------------------------------------------------------- D19 陪包 only with L2
# Seat 1's four 条 melds: its third opening (999s) was claimed from seat 3, so L2 alone
# would make seat 3 liable.
QYS_QQR = S(M.peng("111s", source=2), M.chi("234s", source=0), M.peng("999s", source=3),
            M.peng("777s", source=2))


def test_d19_qingyise_quanqiuren_l1_decides_nobody_co_liable():
    """清一色 + 全求人 won on a 5s discarded by seat 2, not ready (L1, not_ready): L4 takes
    L1 before L2, so seat 2 is liable and the co-liable seats 0 and 3 pay nothing (D19).

    Two big hu types: base 20 (X1). Winner F = 开口 1 + 硬胡 1 = 2 (kaikou: one 开口
    fan). Seat 2 (放冲 1): 20 × 2^3 = 160; seats 0 and 3: 20 × 2^2 = 80 each (big hu
    ignores the dealer, S3). Seat 2 pays 160 + 80 + 80 = 320; winner +320."""
    r = win("5s5s", "5s", "fangchong", (E, QYS_QQR, E, E), discarder=2, discarder_ready=False,
            co_liable=(0, 3), rules=XIAYU)
    assert set(r.big) == {"qingyise", "quanqiuren"}
    assert (r.liable, r.liable_rule, r.co_liable) == (2, "L1", ())
    assert r.payments == (0, 320, -320, 0)
    assert "陪包" not in r.explain()


def test_d19_qingyise_quanqiuren_l2_decides_when_the_discarder_was_ready():
    """The same 5s from a ready seat 2: L1 does not apply, L2 does (seat 3 fed the third
    opening), so the co-liable seat 0 pays as much as seat 3: 320 each; winner +640."""
    r = win("5s5s", "5s", "fangchong", (E, QYS_QQR, E, E), discarder=2, discarder_ready=True,
            co_liable=(0,), rules=XIAYU)
    assert (r.liable, r.liable_rule, r.co_liable) == (3, "L2", (0,))
    assert r.payments == (-320, 640, 0, -320)


def test_d19_qingyise_qianggang_l3_decides_nobody_co_liable():
    """清一色 万 robbed from seat 3's 蓄杠 of 7m (P4, L3): seat 3 is liable; seats 0 and 2,
    co-liable, pay nothing (D19) although L2 would make seat 0 liable (third opening
    999m claimed from seat 0). Indicator 1z (癞子 2z), so 5678m are plain tiles.

    清一色 + 抢杠: base 20. Winner F = 开口 1 + 硬胡 1 = 2. Seat 3 keeps a 碰 (L3: no 明杠
    fan): 开口 1 + robbed 1 → 20 × 2^4 = 320 ≥ 300, capped to 300 (X1); seats 0 and 2:
    20 × 2^2 = 80. Not all three reach the cap, so no 金顶. Seat 3 pays 300 + 80 + 80 = 460."""
    winner = S(M.peng("111m", source=0), M.chi("234m", source=0), M.peng("999m", source=0))
    robbed = S(M.peng("777m", source=2))
    r = win("55m678m", "7m", "qianggang", (E, winner, E, robbed), discarder=3, indicator="1z",
            co_liable=(0, 2), rules=XIAYU)
    assert set(r.big) == {"qingyise", "qianggang"}
    assert (r.liable, r.liable_rule, r.co_liable) == (3, "L3", ())
    assert r.payments == (0, 460, 0, -460)


# ----------------------------------------------------------------- D20 at least the cap
# 杠上开花 (a big hu, base 10; no 自摸 fan and no ×1.5 by D4) with 碰 777s and three 红中杠:
# winner F = 开口 1 + 硬胡 1 + 红中杠 3 = 5; the losers have nothing → 10 × 2^5 = 320 each.
GANGKAI = ("234m456p789p55s", "5s", "gangshanghua", (E, S(M.peng("777s", source=2), hz=3), E, E))


def test_d20_points_amount_equal_to_the_cap_reaches_it_so_jinding():
    """cap = 320: every loser's 320 is at least the cap, so all three reach it and each
    pays the 金顶 400 (X1, D9 fixed); winner +1200."""
    r = win(*GANGKAI, rules=Rules.kaikou().replace(cap=320))
    assert r.settlement.raw == (320, None, 320, 320)
    assert r.settlement.reached == (True, False, True, True)
    assert r.settlement.jinding
    assert r.payments == (-400, 1200, -400, -400)


def test_d20_points_amount_below_the_cap_does_not_reach_it():
    """cap = 321: 320 < 321, nobody reaches it, each pays its 320; winner +960."""
    r = win(*GANGKAI, rules=Rules.kaikou().replace(cap=321))
    assert r.settlement.reached == (False, False, False, False)
    assert r.payments == (-320, 960, -320, -320)


def test_d20_points_one_loser_exactly_at_the_cap():
    """碰碰胡 (222m 555p 999p 55s + 碰 777s) on seat 2's 5s, two 红中杠: base 10, F = 开口 1 +
    硬胡 1 + 红中杠 2 = 4. Seat 2 (放冲 1): 10 × 2^5 = 320 = cap → reached; seats 0, 3:
    10 × 2^4 = 160. Only one reaches it: no 金顶; 320 + 160 + 160 = 640."""
    r = win("222m555p999p55s", "5s", "fangchong", (E, S(M.peng("777s", source=2), hz=2), E, E),
            discarder=2, rules=Rules.kaikou().replace(cap=320))
    assert r.big == ("pengpenghu",)
    assert r.settlement.reached == (False, False, True, False)
    assert not r.settlement.jinding
    assert r.payments == (-160, 640, -320, -160)


# koukou_fan without 闭 (X3), so the money is the table's. Indicator 5m: 痞子 4m and 5m (R3).
KFAN = Rules.koukou_fan().replace(bi=False)


def test_d20_fan_schedule_u_equal_to_cap_fan_reaches_it_so_jinding():
    """杠上开花 with 碰 777s, three 红中杠 and two 痞子杠: F = 开口 1 (one opening) + 硬胡 1
    + 红中杠 3 + 痞子杠 2 = 7; big-hu fan 3 → every loser U = 10 = cap_fan: all three reach
    it, each pays the 金顶 150 money (X2; the table's 10 fan is 100); winner +450."""
    seats = (E, S(M.peng("777s", source=2), hz=3, pz=2), E, E)
    r = win("123p456p789p55s", "5s", "gangshanghua", seats, rules=KFAN)
    assert r.loser_fan == (10, None, 10, 10)
    assert r.settlement.reached == (True, False, True, True)
    assert r.payments == (-150, 450, -150, -150)


def test_d20_fan_schedule_one_loser_at_cap_fan_no_jinding():
    """碰碰胡 (222m 666p 999p 55s + 碰 777s) on seat 2's 5s, three 红中杠, one 痞子杠: F = 开口 1
    + 硬胡 1 + 红中杠 3 + 痞子杠 1 = 6, big-hu fan 3; seat 2 (放冲 1) U = 10 = cap_fan
    (reached, 100 money); seats 0, 3 U = 9 → 80. Only one reaches it, no 金顶: 260."""
    seats = (E, S(M.peng("777s", source=2), hz=3, pz=1), E, E)
    r = win("222m666p999p55s", "5s", "fangchong", seats, discarder=2, rules=KFAN)
    assert r.big == ("pengpenghu",)
    assert r.loser_fan == (9, None, 10, 9)
    assert r.settlement.reached == (False, False, True, False)
    assert r.payments == (-80, 260, -100, -80)


# ----------------------------------------------------------------- X1 on the scoring sheet
def test_x1_sheet_shows_the_base_product_of_a_big_hu():
    """E3 (清一色 条 with one pong, on seat 2's discard, hard, kaikou): base 10, winner F = 2;
    seat 2 U = 2 + 1 + 3 (big-hu fan) = 6 but pays 10 × 2^3 = 80 (X1 replaces the big-hu
    fan by the base); seats 0, 3 U = 5 pay 10 × 2^2 = 40."""
    r = win("123s456s789s55s", "5s", "fangchong", (E, S(M.peng("777s", source=2)), E, E), discarder=2)
    assert r.payments == (-40, 160, -80, -40)
    text = r.explain()
    assert "U = 6 fan → base 10 × 2^3 = 80" in text
    assert "U = 5 fan → base 10 × 2^2 = 40" in text
    assert "U = 6 fan → 80" not in text


def test_x1_sheet_shows_one_and_a_half_of_a_self_drawn_big_hu():
    """The E3 hand self-drawn: 自摸 is ×1.5, not a fan (X1): F = 2, every loser U = 5 →
    10 × 2^2 × 1.5 = 60; winner +180."""
    r = win("123s456s789s55s", "5s", "zimo", (E, S(M.peng("777s", source=2)), E, E))
    assert r.payments == (-60, 180, -60, -60)
    assert r.explain().count("U = 5 fan → base 10 × 2^2 × 1.5 = 60") == 3


def test_x1_sheet_of_e1_small_hu_is_two_to_the_u():
    """E1: a small hu's base is 1, so the amount is 2^U itself: dealer U = 4 → 16 (RULES.md §11)."""
    r = win("234m456p789p55s", "5s", "zimo", (E, S(M.peng("777s", source=2)), E,
                                             S(M.peng("999p", source=0), hz=1)))
    text = r.explain()
    assert "U = 4 fan → 16" in text and "U = 3 fan → 8" in text and "U = 5 fan → 32" in text
