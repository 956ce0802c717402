"""One or more named tests per rule of win evaluation and settlement (RULES.md §5–§8, D).

Every expected number is worked out by hand in the comment beside it, from
RULES.md. Unless a test says otherwise: rules 开口翻 (kaikou, points),
indicator 5m (癞子 6m, 痞子 off), dealer seat 0, winner seat 1 with a peng
777s claimed from seat 2, nobody else has played anything.
"""

from __future__ import annotations

import math

import pytest

from wuhanmj.errors import MeldError, WinInputError
from wuhanmj.hand.meld import Meld as M
from wuhanmj.hand.meld import SeatPlays
from wuhanmj.rules import Rules
from wuhanmj.scoring import evaluate_win, holds_non_jiang, is_ready, personal_fan, winning_tiles
from wuhanmj.scoring.settlement import draw_payments, escape_payments
from wuhanmj.tiles import parse_tile, parse_tiles, specials_of

KAIKOU = Rules.kaikou()
KOUKOU = Rules.koukou()
KFAN = Rules.koukou_fan()
PENG777 = M.peng("777s", source=2)


def S(*melds, hz=0, pz=0, lz=0) -> SeatPlays:
    return SeatPlays(tuple(melds), hz, pz, lz)


E = S()
DEFAULT = (E, S(PENG777), E, E)
# 全求人 melds for seat 1: four claims (chi only from seat 0, the previous seat)
QQR = S(M.chi("123m", source=0), M.chi("456p", source=0), PENG777, M.peng("999p", source=3))


def win(hand, tile, how="zimo", seats=DEFAULT, **kw):
    kw.setdefault("winner", 1)
    kw.setdefault("dealer", 0)
    kw.setdefault("indicator", "5m")
    return evaluate_win(hand=hand, win_tile=tile, how=how, seats=list(seats), **kw)


E1 = "234m456p789p55s"  # RULES E1: 234m 456p 789p + 55s pair, no 癞子


# ----------------------------------------------------------------- W1 shape
def test_w1_four_sets_and_a_pair():
    r = win(E1, "5s")
    # F = 开口 1 + 硬胡 1 + 自摸 1 = 3; dealer 2^(3+1) = 16, seats 2, 3: 2^3 = 8
    assert (r.legal, r.hard, r.big, r.payments) == (True, True, (), (-16, 32, -8, -8))


def test_w1_not_a_winning_shape():
    r = win("234m456p789p5s7p", "7p")  # 5s and 7p left over
    assert not r.legal and r.reason.startswith("W1")
    assert r.payments == (0, 0, 0, 0)


def test_w1_a_kong_counts_as_one_set():
    seats = (E, S(PENG777, M.an_gang("1111z")), E, E)
    r = win("234m456p55s", "5s", seats=seats)
    # F = 开口 1 + 暗杠 2 + 硬胡 1 + 自摸 1 = 5; dealer 2^6 = 64, others 32
    assert r.payments == (-64, 128, -32, -32)


# ----------------------------------------------------------------- W2 pair rule
def test_w2_small_hu_pair_must_be_258():
    r = win("234m456p789p11s", "1s")
    assert not r.legal and r.reason.startswith("W1/W2")


def test_w2_pengpenghu_takes_any_pair():
    r = win("111m222p333p11s", "1s")
    # base 10, F = 开口 1 + 硬胡 1 = 2, self-drawn big hu ×1.5: 10 × 4 × 1.5 = 60 each
    assert (r.legal, r.big, r.payments) == (True, ("pengpenghu",), (-60, 180, -60, -60))


def test_w2_qingyise_takes_any_pair():
    r = win("123s456s789s11s", "1s", how="fangchong", discarder=2)
    # base 10, F = 2; discarder 10 × 2^3 = 80, others 10 × 2^2 = 40 (RULES E3)
    assert (r.big, r.payments) == (("qingyise",), (-40, 160, -80, -40))


def test_w2_quanqiuren_still_needs_a_258_pair():
    r = win("11s", "1s", how="fangchong", discarder=3, seats=(E, QQR, E, E), discarder_ready=True)
    assert not r.legal and r.reason.startswith("W1/W2")


# ----------------------------------------------------------------- W3 乱将 / 乱风
def test_w3_jiangyise_wins_whatever_the_shape():
    seats = (E, S(M.peng("555p", source=2)), E, E)
    r = win("2258m258p2588s", "2m", seats=seats)  # all 2/5/8, no pair-and-sets shape
    assert (r.legal, r.big, r.hard, r.payments) == (True, ("jiangyise",), True, (-60, 180, -60, -60))


def test_w3_fengyise_wins_whatever_the_shape():
    seats = (E, S(M.peng("111z", source=2)), E, E)
    r = win("22334455666z", "6z", seats=seats)  # four honor pairs and a pong
    assert (r.legal, r.big, r.payments) == (True, ("fengyise",), (-60, 180, -60, -60))


def test_w3_a_ready_jiang_hand_wins_on_any_258():
    got = winning_tiles("258m258p2588s", [M.peng("555p", source=2)], "5m")
    # every 2/5/8 with a copy left (5p: the peng and the hand hold all four), plus a
    # drawn 癞子 6m read as a 2/5/8
    assert got == parse_tiles("2m5m6m8m2p8p2s5s8s")


# ----------------------------------------------------------------- W4 opening
def test_w4_never_opened():
    r = win("234m456p789p777s55s", "5s", seats=(E, E, E, E))
    assert not r.legal and r.reason.startswith("W4")


def test_w4_an_gang_is_not_an_opening():
    r = win(E1, "5s", seats=(E, S(M.an_gang("1111z")), E, E))
    assert not r.legal and r.reason.startswith("W4")


# ----------------------------------------------------------------- W5 红中 / 痞子
def test_w5_holding_hongzhong_blocks_the_win():
    r = win("234m456p55s777z", "2m")
    assert not r.legal and r.reason.startswith("W5") and "红中" in r.reason


def test_w5_holding_pizi_blocks_the_win_under_koukou_fan():
    seats = (E, S(PENG777, M.an_gang("9999m"), lz=2), E, E)
    r = win("234m456p55s", "2m", seats=seats, indicator="4m", rules=KFAN)  # 3m, 4m are 痞子
    assert not r.legal and r.reason.startswith("W5") and "痞子" in r.reason


def test_w5_pizi_are_ordinary_when_the_rule_is_off():
    r = win(E1, "5s", indicator="4m")  # kaikou: no 痞子; 癞子 5m not held
    assert (r.legal, r.payments) == (True, (-16, 32, -8, -8))


# ----------------------------------------------------------------- W6 big hu
def test_w6_quanqiuren():
    r = win("55s", "5s", how="fangchong", discarder=3, seats=(E, QQR, E, E), discarder_ready=True)
    # base 10, F = 开口 1 + 硬胡 1 = 2; discarder 10 × 2^3 = 80, others 40
    assert (r.big, r.liable, r.payments) == (("quanqiuren",), None, (-40, 160, -40, -80))


def test_w6_quanqiuren_counts_a_peng_extended_by_xu_gang():
    seats = (E, S(M.chi("123m", source=0), M.chi("456p", source=0), M.xu_gang("7777s", source=2),
                  M.peng("999p", source=3)), E, E)
    r = win("55s", "5s", how="fangchong", discarder=3, seats=seats, discarder_ready=True)
    # F = 开口 1 + 明杠 1 + 硬胡 1 = 3; discarder 10 × 2^4 = 160, others 80
    assert (r.big, r.payments) == (("quanqiuren",), (-80, 320, -80, -160))


def test_w6_quanqiuren_has_no_an_gang():
    seats = (E, S(M.chi("123m", source=0), M.chi("456p", source=0), M.an_gang("7777s"),
                  M.peng("999p", source=3)), E, E)
    r = win("55s", "5s", how="fangchong", discarder=3, seats=seats)
    # small hu: F = 开口 1 + 暗杠 2 + 硬胡 1 = 4; dealer 2^5, discarder 2^5, seat 2 2^4
    assert (r.big, r.payments) == ((), (-32, 80, -16, -32))


def test_w6_quanqiuren_needs_another_players_tile():
    r = win("55s", "5s", seats=(E, QQR, E, E))  # self-drawn: small hu, F = 3
    assert (r.big, r.payments) == ((), (-16, 32, -8, -8))


def test_w6_gangshanghua():
    r = win(E1, "5s", how="gangshanghua", seats=(E, S(PENG777, hz=1), E, E))
    # base 10, F = 开口 1 + 红中杠 1 + 硬胡 1 = 3 (no 自摸, D4): 80 each
    assert (r.big, r.payments) == (("gangshanghua",), (-80, 240, -80, -80))
    assert "zimo" not in dict(r.fan[1])


def test_w6_haidilao():
    r = win(E1, "5s", how="haidilao")
    # base 10, F = 2 (no 自摸 and no ×1.5, D4): 40 each
    assert (r.big, r.payments) == (("haidilao",), (-40, 120, -40, -40))


def test_w6_qianggang():
    seats = (E, S(PENG777), E, S(M.peng("888p", source=0)))
    r = win(E1, "8p", how="qianggang", discarder=3, seats=seats)
    # base 10, F = 2; seat 3: 开口 1 + robbed 1 → 10 × 2^4 = 160, others 40; L3: seat 3 pays 240
    assert (r.big, r.liable, r.payments) == (("qianggang",), 3, (0, 240, 0, -240))


def test_w6_big_hu_types_add_up():
    r = win("111s222s333s55s", "5s")
    # 碰碰胡 + 清一色: base 20, F = 2, ×1.5: 20 × 4 × 1.5 = 120 each
    assert (r.big, r.payments) == (("pengpenghu", "qingyise"), (-120, 360, -120, -120))


# ----------------------------------------------------------------- W7 small hu
def test_w7_small_hu_is_any_other_winning_hand():
    r = win(E1, "5s", how="fangchong", discarder=3)
    assert r.legal and r.big == () and r.big_fan == 0


# ----------------------------------------------------------------- W8 two 癞子
def test_w8_two_laizi_forbid_small_hu():
    r = win("234m456p789p6m6m", "6m")  # RULES cases E9
    assert not r.legal and r.reason.startswith("W8")


def test_w8_two_laizi_allow_a_pengpenghu_read_hard():
    r = win("111m222p555s6m6m", "6m")  # the two 癞子 as their own pair 66m (碰碰胡: any pair)
    assert (r.legal, r.hard, r.big, r.payments) == (True, True, ("pengpenghu",), (-60, 180, -60, -60))


# ----------------------------------------------------------------- W9 hard / soft
def test_w9_laizi_as_its_own_tile_is_hard():
    r = win("234m456m789p55s", "5s")  # the 6m 癞子 sits in 456m
    assert (r.hard, r.wilds, r.payments) == (True, 0, (-16, 32, -8, -8))


def test_w9_laizi_as_wildcard_is_soft():
    r = win("234m456p789p5s6m", "6m")  # the 6m makes the 55s pair (cases E8)
    # F = 开口 1 + 自摸 1 = 2: dealer 8, others 4
    assert (r.hard, r.wilds, r.payments) == (False, 1, (-8, 16, -4, -4))


# ----------------------------------------------------------------- W10 best reading
def test_w10_soft_big_hu_beats_hard_small_hu():
    seats = (E, S(PENG777, M.peng("999p", source=3)), E, E)
    r = win("55567m222p", "7m", seats=seats)
    # hard: 567m + 55m + 222p, small, F = 3: 16 + 8 + 8 = 32
    # soft: 6m as 7m → 555m 77m 222p, 碰碰胡: 10 × 2 × 1.5 = 30 each = 90
    assert (r.hard, r.big, r.payments) == (False, ("pengpenghu",), (-30, 90, -30, -30))


def test_w10_tie_goes_to_hard():
    seats = (E, S(M.peng("999s", source=2)), E, E)
    r = win("22233355567s", "7s", seats=seats, indicator="5s")  # 癞子 6s
    # hard 清一色 (567s 55s 222s 333s): 10 × 2^2 × 1.5 = 60
    # soft 碰碰胡 + 清一色 (6s as 7s): 20 × 2^1 × 1.5 = 60 — a tie: hard
    assert (r.hard, r.big, r.payments) == (True, ("qingyise",), (-60, 180, -60, -60))


# ----------------------------------------------------------------- W11 起胡
E5_SEATS = (S(M.chi("123p", source=3), PENG777, M.chi("789p", source=3)), E, E, E)


def test_w11_every_loser_needs_min_fan():
    r = win("234m55s", "5s", seats=E5_SEATS, winner=0, dealer=1, indicator="1z", rules=KFAN)
    # F = 口口 3 + 硬胡 1 + 自摸 1 = 5; seat 2 has U = 5 < 6 (RULES E5)
    assert not r.legal and r.reason.startswith("W11")
    assert r.loser_fan == (None, 6, 5, 5)


def test_w11_dealer_win_lifts_every_loser():
    r = win("234m55s", "5s", seats=E5_SEATS, winner=0, dealer=0, indicator="1z", rules=KFAN)
    # U = 5 + 1 (dealer wins) = 6 → 10; 闭 ×2; 癞子 南 is an honor, X4 ×2 → 40 each
    assert (r.legal, r.payments) == (True, (120, -40, -40, -40))


# ----------------------------------------------------------------- S1 personal fan
SEAT3_TWO_PENGS = S(M.peng("999p", source=0), M.peng("111z", source=2))


def test_s1_kaikou_counts_opening_once():
    r = win(E1, "5s", seats=(E, S(PENG777), E, SEAT3_TWO_PENGS))
    # seat 3: 开口 1 → U = 3 + 1 = 4 → 16
    assert r.payments == (-16, 40, -8, -16)


def test_s1_koukou_counts_each_opening():
    r = win(E1, "5s", seats=(E, S(PENG777), E, SEAT3_TWO_PENGS), rules=KOUKOU)
    # seat 3: 口口 2 → U = 3 + 2 = 5 → 32
    assert r.payments == (-16, 56, -8, -32)
    assert r.fan[3] == (("kaikou", 2),)


def test_s1_gangs_and_special_plays():
    seat2 = S(M.chong_gang("1111m", source=1), M.an_gang("2222z"), hz=1, lz=1)
    r = win(E1, "5s", seats=(E, S(PENG777), seat2, E))
    assert r.fan[2] == (("kaikou", 1), ("ming_gang", 1), ("an_gang", 2), ("hongzhong_gang", 1), ("laizi_gang", 2))
    # U2 = 3 + 7 = 10 → 1024, capped at 300 (X1); dealer 16, seat 3 8
    assert r.payments == (-16, 324, -300, -8)


def test_s1_pizi_gang_is_one_fan():
    assert personal_fan(S(pz=2), KFAN) == (("pizi_gang", 2),)


# ----------------------------------------------------------------- S2 winner fan
def test_s2_hard_and_zimo_are_winner_fan():
    assert win(E1, "5s").fan[1] == (("kaikou", 1), ("ying_hu", 1), ("zimo", 1))
    assert win(E1, "5s", how="fangchong", discarder=3).fan[1] == (("kaikou", 1), ("ying_hu", 1))


# ----------------------------------------------------------------- S3 loser fan
def test_s3_discarder_and_dealer_pay_one_more_fan():
    r = win(E1, "5s", how="fangchong", discarder=3)
    # F = 2: dealer 2^3 = 8, seat 2 2^2 = 4, discarder 2^3 = 8
    assert r.payments == (-8, 20, -4, -8)
    assert r.fan[0] == (("zhuang", 1),) and r.fan[3] == (("fangchong", 1),)


def test_s3_dealer_win_adds_one_fan_to_every_loser():
    r = win(E1, "5s", dealer=1)
    # F = 3, every loser U = 4 → 16
    assert r.payments == (-16, 48, -16, -16)


def test_s3_big_hu_ignores_the_dealer():
    r = win("123s456s789s22s", "2s", how="fangchong", discarder=2)
    assert r.payments == (-40, 160, -80, -40)  # dealer pays like seat 3 (RULES E3)


# ----------------------------------------------------------------- S4 big hu fan
def test_s4_big_hu_fan_three_plus_one_per_further_type():
    r = win("111s222s333s55s", "5s", rules=KFAN)
    # 碰碰胡 + 清一色: 3 + 1 = 4; F = 口口 1 + 硬胡 1 + 自摸 1 = 3; U = 7 → 20, 闭 ×2 = 40
    assert (r.big_fan, r.loser_fan, r.payments) == (4, (7, None, 7, 7), (-40, 120, -40, -40))


def test_s4_points_base_doubles_per_further_type():
    r = win("111s222s333s55s", "5s", how="haidilao")
    # three types: base 40; F = 2 → 160 each
    assert (r.big, r.payments) == (("haidilao", "pengpenghu", "qingyise"), (-160, 480, -160, -160))


# ----------------------------------------------------------------- S5 loser fan
def test_s5_loser_fan_is_winner_plus_own_plus_extra():
    r = win(E1, "5s", how="fangchong", discarder=3)
    assert (r.winner_fan, r.loser_fan) == (2, (3, None, 2, 3))


# ----------------------------------------------------------------- X1 points
def test_x1_self_drawn_big_hu_pays_one_and_a_half():
    r = win("123s456s789s22s", "2s")
    assert r.payments == (-60, 180, -60, -60)  # 10 × 2^2 × 1.5 (cases E3b)


def test_x1_the_half_counts_towards_the_cap():
    seats = (E, S(PENG777), S(M.peng("111z", source=1), hz=1), E)
    r = win("123s456s789s22s", "2s", seats=seats, rules=KAIKOU.replace(cap=200, gold_cap=250))
    # seat 2: U = 2 + 2 → 10 × 16 × 1.5 = 240 ≥ 200 → pays 200; others 60
    assert r.payments == (-60, 320, -200, -60)


def test_x1_gold_cap_400_kaikou_500_koukou():
    seats = (E, S(PENG777, M.an_gang("1111z"), lz=2), E, E)
    # F = 1 + 2 + 4 + 1 + 1 = 9: every loser reaches 300 (RULES E4)
    assert win("234m456p55s", "5s", seats=seats).payments == (-400, 1200, -400, -400)
    assert win("234m456p55s", "5s", seats=seats, rules=KOUKOU).payments == (-500, 1500, -500, -500)


# ----------------------------------------------------------------- X2 fan schedule
E10B_SEATS = (E, S(PENG777, M.an_gang("9999m"), lz=2), E, E)


def test_x2_money_from_the_table():
    r = win("234s456p55s", "2s", seats=E10B_SEATS, rules=KFAN.replace(bi=False))
    # F = 口口 1 + 暗杠 2 + 癞子杠 4 + 硬胡 1 + 自摸 1 = 9; dealer U 10 → 100, others 9 → 80
    assert r.payments == (-100, 260, -80, -80)


def test_x2_all_three_at_the_cap_pay_gold_money():
    seats = (E, S(PENG777, M.an_gang("9999m"), hz=1, lz=2), E, E)
    r = win("234s456p55s", "2s", seats=seats, rules=KFAN.replace(bi=False))
    assert r.payments == (-150, 450, -150, -150)  # F = 10: U 11, 10, 10


def test_x2_the_seeds_other_money_table():
    rules = KFAN.replace(bi=False, money={6: 10, 7: 20, 8: 30, 9: 60, 10: 100})
    r = win("234s456p55s", "2s", seats=E10B_SEATS, rules=rules)
    assert r.payments == (-100, 220, -60, -60)


# ----------------------------------------------------------------- X3 闭
def test_x3_bi_doubles_after_the_cap():
    r = win("234s456p55s", "2s", seats=E10B_SEATS, rules=KFAN)
    # dealer 100 (at the cap) × 2, others 80 × 2 (cases E10b)
    assert r.payments == (-200, 520, -160, -160)
    assert r.settlement.bi == (True, False, True, True)


def test_x3_an_gang_alone_does_not_prevent_bi():
    seats = (E, E10B_SEATS[1], S(M.an_gang("1111z")), E)
    r = win("234s456p55s", "2s", seats=seats, rules=KFAN)
    # seat 2: U = 9 + 2 = 11 → 100, still 闭 → 200
    assert r.payments == (-200, 560, -200, -160)


def test_x3_a_special_play_prevents_bi():
    seats = (E, E10B_SEATS[1], S(hz=1), E)
    r = win("234s456p55s", "2s", seats=seats, rules=KFAN)
    # seat 2: U = 10 → 100, no 闭
    assert r.payments == (-200, 460, -100, -160)


# ----------------------------------------------------------------- X4 风翻 / 连癞翻
def test_x4_same_laizi_as_last_hand_doubles_everything():
    r = win("234s456p55s", "2s", seats=E10B_SEATS, rules=KFAN, prev_laizi="6m")
    assert r.payments == (-400, 1040, -320, -320)


def test_x4_honor_laizi_doubles_everything():
    r = win("234s456p55s", "2s", seats=E10B_SEATS, rules=KFAN, indicator="1z")  # 癞子 南
    assert r.payments == (-400, 1040, -320, -320)


def test_x4_doubles_once_when_both_hold():
    r = win("234s456p55s", "2s", seats=E10B_SEATS, rules=KFAN, indicator="1z", prev_laizi="2z")
    assert r.payments == (-400, 1040, -320, -320)


def test_x4_is_off_in_the_points_presets():
    assert win(E1, "5s", indicator="1z").payments == (-16, 32, -8, -8)


# ----------------------------------------------------------------- X5, X6
def test_x5_winner_receives_what_the_losers_pay():
    for r in (win(E1, "5s"), win(E1, "5s", how="fangchong", discarder=3), win("111s222s333s55s", "5s")):
        assert sum(r.payments) == 0 and r.payments[1] == -sum(p for i, p in enumerate(r.payments) if i != 1)


def test_x6_exhaustive_draw_nobody_pays():
    assert draw_payments() == (0, 0, 0, 0)


# ----------------------------------------------------------------- L 承包
def test_l1_quanqiuren_discarder_not_ready_pays_all():
    r = win("55s", "5s", how="fangchong", discarder=3, seats=(E, QQR, E, E), discarder_ready=False)
    assert (r.liable, r.liable_rule, r.payments) == (3, "L1", (0, 160, 0, -160))


def test_l1_holds_non_jiang_under_koukou_fan():
    kw = dict(how="fangchong", discarder=3, seats=(E, QQR, E, E), rules=KFAN)
    # F = 口口 4 + 硬胡 1 = 5, big 3: U 8, 8, 9 → 40, 40, 80; 闭 ×2 → 80, 80, 160
    r = win("55s", "5s", discarder_holds_non_jiang=True, **kw)
    assert (r.liable, r.payments) == (3, (0, 320, 0, -320))
    r = win("55s", "5s", discarder_holds_non_jiang=False, **kw)
    assert (r.liable, r.payments) == (None, (-80, 320, -80, -160))


def test_l1_needs_the_discarder_facts():
    with pytest.raises(WinInputError, match="discarder_ready"):
        win("55s", "5s", how="fangchong", discarder=3, seats=(E, QQR, E, E))


L2_MELDS = (M.peng("111s", source=2), M.chi("234s", source=0), M.peng("999s", source=3))


def test_l2_qingyise_third_opening_pays_even_self_drawn():
    r = win("56788s", "8s", seats=(E, S(*L2_MELDS), E, E))
    # 10 × 2^2 × 1.5 = 60 each; seat 3 fed the third opening (peng 999s): pays 180
    assert (r.liable, r.liable_rule, r.payments) == (3, "L2", (0, 180, 0, -180))


def test_l2_depends_on_the_order_of_the_openings():
    r = win("56788s", "8s", seats=(E, S(*reversed(L2_MELDS)), E, E))
    assert (r.liable, r.payments) == (2, (0, 180, -180, 0))


def test_l2_an_gang_is_not_an_opening():
    seats = (E, S(M.peng("111s", source=2), M.an_gang("9999s"), M.chi("234s", source=0)), E, E)
    r = win("56788s", "8s", seats=seats)
    # two openings only; F = 1 + 2 + 1 = 4 → 10 × 16 × 1.5 = 240 each
    assert (r.liable, r.payments) == (None, (-240, 720, -240, -240))


def test_l3_robbed_player_pays_and_keeps_its_peng():
    seats = (E, S(PENG777), E, S(M.peng("888p", source=0)))
    r = win(E1, "8p", how="qianggang", discarder=3, seats=seats)
    assert (r.liable, r.liable_rule) == (3, "L3")
    assert r.fan[3] == (("kaikou", 1), ("fangchong", 1))  # no 明杠 fan


L4_SEATS = (E, S(M.chi("123s", source=0), M.peng("444s", source=2), M.peng("666s", source=3),
                 M.chi("789s", source=0)), E, E)


def test_l4_l1_before_l2():
    r = win("22s", "2s", how="fangchong", discarder=2, seats=L4_SEATS, discarder_ready=False)
    # 清一色 + 全求人: base 20, F = 2; seat 2 160, seats 0, 3 80; L1 (seat 2), not L2 (seat 3)
    assert (r.big, r.liable, r.liable_rule, r.payments) == (
        ("qingyise", "quanqiuren"), 2, "L1", (0, 320, -320, 0))
    r = win("22s", "2s", how="fangchong", discarder=2, seats=L4_SEATS, discarder_ready=True)
    assert (r.liable, r.liable_rule, r.payments) == (3, "L2", (0, 320, 0, -320))


def test_l4_l3_before_l2():
    seats = (E, S(*L2_MELDS), S(M.peng("777s", source=0)), E)
    r = win("55678s", "7s", how="qianggang", discarder=2, seats=seats)
    # 清一色 + 抢杠: base 20, F = 2; seat 2: 开口 1 + 1 → 20 × 16 = 320 → 300; others 80
    assert (r.big, r.liable, r.liable_rule, r.payments) == (
        ("qianggang", "qingyise"), 2, "L3", (0, 460, -460, 0))


# ----------------------------------------------------------------- M3, D7, D15 escape
@pytest.mark.parametrize("rules, penalty", [(KAIKOU, 400), (KOUKOU, 500), (KFAN, 150)])
def test_m3_d7_d15_escape_penalty_is_the_schedules_jinding_shared_equally(rules, penalty):
    """D15: the penalty is the schedule's 金顶: 400 / 500 points, 150 money (gold_money)."""
    p = escape_payments(2, rules)
    assert p[2] == -penalty
    assert all(math.isclose(p[s], penalty / 3) for s in (0, 1, 3))


def test_d15_koukou_fan_escape_shares_are_whole():
    """150 money shared by three: 50 each, ints."""
    assert escape_payments(1, KFAN) == (50, -150, 50, 50)


def test_d7_whole_shares_stay_integers():
    assert escape_payments(0, KAIKOU.replace(escape_penalty=300)) == (-300, 100, 100, 100)


# ----------------------------------------------------------------- D2 D3 D4
def test_d2_two_laizi_still_allow_gangshanghua():
    r = win("234m456p789p6m6m", "6m", how="gangshanghua", seats=(E, S(PENG777, hz=1), E, E))
    # soft 杠上开花: base 10, F = 开口 1 + 红中杠 1 = 2 → 40 each
    assert (r.legal, r.hard, r.big, r.payments) == (True, False, ("gangshanghua",), (-40, 120, -40, -40))


def test_d3_bi_and_x4_do_not_count_for_qihu():
    # RULES E5: seat 2 would pay double for 闭 and double again for the honor 癞子, but its
    # fan stays 5 < 6
    r = win("234m55s", "5s", seats=E5_SEATS, winner=0, dealer=1, indicator="1z", rules=KFAN)
    assert not r.legal


def test_d4_gangshanghua_and_haidilao_add_no_zimo():
    for how in ("gangshanghua", "haidilao"):
        r = win(E1, "5s", how=how, seats=(E, S(PENG777, hz=1), E, E))
        assert "zimo" not in dict(r.fan[1])
        assert r.payments == (-80, 240, -80, -80)  # 10 × 2^3, no ×1.5


# ----------------------------------------------------------------- D8 wildcards
def test_d8_wildcard_may_be_a_fifth_copy():
    seats = (E, S(PENG777, M.chi("123s", source=0), M.peng("999p", source=3)), E, E)
    r = win("5555m2p", "2p", seats=seats, indicator="1p")  # 癞子 2p as a fifth 5m: 555m + 55m
    assert (r.legal, r.hard, r.payments) == (True, False, (-8, 16, -4, -4))


def test_d8_wildcard_never_stands_for_a_pizi():
    seats = (E, S(PENG777, M.peng("999p", source=3), M.peng("111z", source=2)), E, E)
    # 12m needs 3m; with indicator 4m the 痞子 are 3m and 4m, 癞子 5m
    r = win("125m55s", "5m", seats=seats, indicator="4m", rules=KAIKOU.replace(pizi=True))
    assert not r.legal and r.reason.startswith("W1")
    r = win("125m55s", "5m", seats=seats, indicator="4m")  # no 痞子: 5m stands for 3m
    assert (r.legal, r.hard, r.payments) == (True, False, (-8, 16, -4, -4))


def test_d8_forbidden_kinds_are_hongzhong_and_the_pizi():
    assert specials_of(parse_tile("4m"), False).blocked == (33,)
    assert specials_of(parse_tile("4m"), True).blocked == (2, 3, 33)


# ----------------------------------------------------------------- D9 jinding mode
D9_SEATS = (E, S(PENG777, M.an_gang("9999s"), hz=1), E, E)


def test_d9_fixed_gold_cap():
    r = win("123s456s22s", "2s", how="fangchong", discarder=2, seats=D9_SEATS)
    # 清一色, F = 开口 1 + 暗杠 2 + 红中杠 1 + 硬胡 1 = 5: 320, 640, 320 — all reach 300
    assert r.payments == (-400, 1200, -400, -400)


def test_d9_gold_cap_as_a_ceiling():
    r = win("123s456s22s", "2s", how="fangchong", discarder=2, seats=D9_SEATS,
            rules=KAIKOU.replace(jinding="ceiling"))
    assert r.payments == (-320, 1040, -400, -320)


def test_d9_ceiling_under_the_fan_schedule():
    seats = (E, S(PENG777, M.an_gang("9999m"), hz=1, lz=2), E, E)
    r = win("234s456p55s", "2s", seats=seats, rules=KFAN.replace(bi=False, jinding="ceiling"))
    # U 11 → 100 × 2 = 200 → 150; U 10 → 100
    assert r.payments == (-150, 350, -100, -100)


# ----------------------------------------------------------------- D10 ready
def test_d10_ready_hand():
    assert is_ready("234m456p789p5s", "5m", KAIKOU, [PENG777])


def test_d10_not_ready_without_a_258_pair():
    assert not is_ready("234m456p789p1s", "5m", KAIKOU, [PENG777])


def test_d10_holding_hongzhong_is_never_ready():
    assert not is_ready("234m456p789p7z", "5m", KAIKOU, [PENG777])


def test_d10_ready_needs_no_opening():
    assert is_ready("234m456p789p777s5s", "5m", KAIKOU)


def test_winning_tiles_include_a_drawn_laizi():
    assert winning_tiles("234m456p789p5s", [PENG777], "5m") == parse_tiles("6m5s")


def test_l1_holds_non_jiang():
    assert not holds_non_jiang("2258m5p8s")
    assert holds_non_jiang("2259m")
    assert holds_non_jiang("25m1z")


# ----------------------------------------------------------------- inconsistent input
@pytest.mark.parametrize(
    "kw, error, message",
    [
        (dict(hand=E1 + "5m", tile="5s"), WinInputError, "hand has 12 tiles"),
        (dict(hand=E1, tile="1m"), WinInputError, "not in the hand"),
        (dict(hand=E1, tile="5s", seats=(E, S(PENG777), S(M.peng("555s", source=1)), E)),
         WinInputError, "5 copies of 5s"),
        (dict(hand=E1, tile="5s", indicator="2m", seats=(E, S(PENG777), S(M.peng("222m", source=1)), E)),
         WinInputError, "D6"),
        (dict(hand=E1, tile="5s", how="fangchong", discarder=1), WinInputError, "own tile"),
        (dict(hand=E1, tile="5s", how="fangchong"), WinInputError, "discarder"),
        (dict(hand=E1, tile="5s", discarder=2), WinInputError, "self-drawn"),
        (dict(hand=E1, tile="5s", seats=(E, S(M.chi("123p", source=2)), E, E)), WinInputError, "previous seat"),
        (dict(hand=E1, tile="5s", seats=(E, S(M.peng("111z", source=1)), E, E)), WinInputError, "itself"),
        (dict(hand=E1, tile="8p", how="qianggang", discarder=3), WinInputError, "no peng"),
        (dict(hand=E1, tile="5s", how="gangshanghua"), WinInputError, "no gang"),
        (dict(hand="234m456p789p5s6m", tile="6m", how="fangchong", discarder=3), WinInputError, "R4"),
        (dict(hand=E1, tile="5s", seats=(E, S(M.chi("456m", source=0)), E, E)), MeldError, "R4"),
        (dict(hand=E1, tile="5s", rules=KFAN, seats=(E, S(M.peng("444m", source=2)), E, E)),
         MeldError, "R3"),
        (dict(hand=E1, tile="5s", seats=(E, S(PENG777), S(pz=1), E)), WinInputError, "痞子"),
        (dict(hand=E1, tile="5s", how="ron"), WinInputError, "how must be"),
        (dict(hand=E1, tile="5s", winner=4), WinInputError, "winner must be a seat"),
        (dict(hand=E1, tile="5s", seats=(E, S(PENG777), E)), WinInputError, "seats: four expected"),
        (dict(hand="234m456p789p55x", tile="5s"), WinInputError, "hand"),
    ],
)
def test_inconsistent_input_raises(kw, error, message):
    hand, tile = kw.pop("hand"), kw.pop("tile")
    with pytest.raises(error, match=message):
        win(hand, tile, **kw)


# ----------------------------------------------------------------- the sheet
def test_explain_names_caps_liability_and_payments():
    seats = (E, S(*L2_MELDS), E, E)
    text = win("56788s", "8s", seats=seats).explain()
    assert "清一色 qingyise" in text and "承包 liability L2: seat 3" in text and "+180" in text
    text = win("234m456p55s", "5s", seats=(E, S(PENG777, M.an_gang("1111z"), lz=2), E, E)).explain()
    assert "金顶" in text and "400" in text
    assert win("234m456p789p6m6m", "6m").explain().endswith("W8: 2 癞子 in the hand forbid a small hu")


def test_to_expect_matches_the_cases_schema():
    assert win(E1, "5s").to_expect() == {
        "legal": True, "hard": True, "big": [], "payments": [-16, 32, -8, -8], "liable": None}
    # 11s is no 2/5/8 pair (W2) and the hand has no big hu shape: no winning reading
    assert win("234m456p789p11s", "1s").to_expect() == {
        "legal": False, "reason": "W1/W2: no winning shape (one 2/5/8 pair and four sets, or a big hu shape)"}


def test_r3_r4_a_laizi_or_pizi_in_any_seats_meld_is_a_meld_error_naming_the_seat():
    """R3/R4: no play makes a meld holding the 癞子 or a 痞子, at any seat (the nine vectors
    that gave a non-winner such a chi were dropped from settlement.json)."""
    with pytest.raises(MeldError, match=r"^seat 2: .*456m.* holds the 癞子 6m \(R4\)"):
        win(E1, "5s", seats=(E, S(PENG777), S(M.chi("456m", source=1)), E))
    # koukou_fan, indicator 5m: the 痞子 are 4m and 5m (R3)
    with pytest.raises(MeldError, match=r"^seat 3: .*345m.* holds the 痞子 4m \(R3\)"):
        win(E1, "5s", seats=(E, S(PENG777), E, S(M.chi("345m", source=2))), rules=KFAN)
