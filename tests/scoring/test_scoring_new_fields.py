"""The rule fields of D4, D16 and L5 (D14) in win evaluation, each in both settings.

Every expected payment is worked by hand from RULES.md in the test's docstring.
Indicator 5m: 癞子 6m (R2); under koukou_fan the 痞子 are 4m and 5m (R3).
"""

from __future__ import annotations

import pytest

from wuhanmj.errors import WinInputError
from wuhanmj.hand.meld import Meld as M
from wuhanmj.hand.meld import SeatPlays
from wuhanmj.rules import Rules
from wuhanmj.scoring import evaluate_win

KAIKOU = Rules.kaikou()
KFAN = Rules.koukou_fan()
PENG777 = M.peng("777s", source=2)


def S(*melds, hz=0, pz=0, lz=0) -> SeatPlays:
    return SeatPlays(tuple(melds), hz, pz, lz)


E = S()


def win(hand, tile, how="zimo", seats=(E, S(PENG777), E, E), **kw):
    kw.setdefault("winner", 1)
    kw.setdefault("dealer", 0)
    kw.setdefault("indicator", "5m")
    return evaluate_win(hand=hand, win_tile=tile, how=how, seats=list(seats), **kw)


# ----------------------------------------------------------------- D4 gangkai_haidi_zimo
def test_d4_gangshanghua_never_adds_zimo_by_default_points():
    """Soft 杠上开花 (two 6m 癞子), kaikou: base 10, F = 开口 1 + 红中杠 1 = 2 → 40 each."""
    r = win("234m456p789p6m6m", "6m", how="gangshanghua", seats=(E, S(PENG777, hz=1), E, E))
    assert (r.big, r.payments) == (("gangshanghua",), (-40, 120, -40, -40))


def test_d4_gangkai_haidi_zimo_gangshanghua_pays_one_and_a_half_points():
    """Seed 000 literally: the self-drawn big hu pays ×1.5: 40 × 1.5 = 60 each (X1)."""
    r = win("234m456p789p6m6m", "6m", how="gangshanghua", seats=(E, S(PENG777, hz=1), E, E),
            rules=KAIKOU.replace(gangkai_haidi_zimo=True))
    assert (r.big, r.payments) == (("gangshanghua",), (-60, 180, -60, -60))
    assert "D4" in r.explain()


@pytest.mark.parametrize("flag, each", [(False, 40), (True, 60)])
def test_d4_gangkai_haidi_zimo_haidilao_points(flag, each):
    """海底捞, hard, kaikou: base 10, F = 开口 1 + 硬胡 1 = 2 → 40 each; ×1.5 = 60 with the flag."""
    r = win("234m456p789p55s", "5s", how="haidilao", rules=KAIKOU.replace(gangkai_haidi_zimo=flag))
    assert (r.big, r.hard, r.payments) == (("haidilao",), True, (-each, 3 * each, -each, -each))


@pytest.mark.parametrize("flag, each", [(False, 20), (True, 40)])
def test_d4_gangkai_haidi_zimo_fan_schedule_adds_one_zimo_fan(flag, each):
    """koukou_fan, 杠上开花 hard on 123p456p789p55s + 碰 777s + one 红中杠:
    F = 开口 1 + 红中杠 1 + 硬胡 1 = 3 (+ 自摸 1 with the flag = 4); big-hu fan 3 →
    every loser U = 6 → 10 money (7 → 20); nobody else opened: 闭 ×2 (X3) → 20 (40)."""
    r = win("123p456p789p55s", "5s", how="gangshanghua", seats=(E, S(PENG777, hz=1), E, E),
            rules=KFAN.replace(gangkai_haidi_zimo=flag))
    assert r.winner_fan == (4 if flag else 3)
    assert (r.big, r.payments) == (("gangshanghua",), (-each, 3 * each, -each, -each))
    assert (("zimo", 1) in r.fan[1]) is flag


# ----------------------------------------------------------------- D16 qqr_pair
# 全求人 by four pengs of seat 1, waiting on 北 (4z): also 碰碰胡, so W2 allows any pair.
QQR_PONGS = S(M.peng("111m", source=0), M.peng("999p", source=3), PENG777, M.peng("333z", source=0))
QQR_CHIS = S(M.chi("123m", source=0), M.chi("456p", source=0), PENG777, M.peng("999p", source=3))


def test_d16_qqr_pair_w2_pengpenghu_takes_any_pair():
    """碰碰胡 + 全求人 on seat 2's 4z: base 20, F = 开口 1 + 硬胡 1 = 2; seat 2 pays
    20 × 2^(2+1) = 160, seats 0 and 3 20 × 4 = 80 each; winner +320."""
    r = win("4z4z", "4z", how="fangchong", discarder=2, seats=(E, QQR_PONGS, E, E), discarder_ready=True)
    assert (r.big, r.payments) == (("pengpenghu", "quanqiuren"), (-80, 320, -160, -80))


def test_d16_qqr_pair_258_needs_a_258_pair_even_in_pengpenghu():
    """Under "258" the 北 pair is no 将: 碰碰胡 alone, base 10 → 80 / 40 / 40, winner +160."""
    r = win("4z4z", "4z", how="fangchong", discarder=2, seats=(E, QQR_PONGS, E, E), discarder_ready=True,
            rules=KAIKOU.replace(qqr_pair="258"))
    assert (r.big, r.payments) == (("pengpenghu",), (-40, 160, -80, -40))


@pytest.mark.parametrize("mode", ["w2", "258"])
def test_d16_a_258_pair_makes_quanqiuren_in_both_settings(mode):
    """全求人 with chis on a 5s pair: base 10, F = 2 → seat 2 80, seats 0, 3 40 each."""
    r = win("5s5s", "5s", how="fangchong", discarder=2, seats=(E, QQR_CHIS, E, E), discarder_ready=True,
            rules=KAIKOU.replace(qqr_pair=mode))
    assert (r.big, r.payments) == (("quanqiuren",), (-40, 160, -80, -40))


# ----------------------------------------------------------------- L5, D14 xiayu (陪包)
L2_MELDS = (M.peng("111s", source=2), M.chi("234s", source=0), M.peng("999s", source=3))
XIAYU = KAIKOU.replace(xiayu=True)


@pytest.mark.parametrize("co, payments", [
    ((), (0, 180, 0, -180)),            # L2 alone: seat 3 fed the third opening
    ((0,), (-180, 360, 0, -180)),       # seat 0 co-liable: pays as much as seat 3
    ((0, 2), (-180, 540, -180, -180)),  # both others
    ((3,), (0, 180, 0, -180)),          # the liable seat pays once
])
def test_l5_co_liable_seats_pay_as_much_as_the_liable_seat(co, payments):
    """Self-drawn 清一色 (56788s + 111s 234s 999s): 10 × 2^2 × 1.5 = 60 each, seat 3
    pays the three losers' 180 (L2); each co-liable seat pays 180 too (L5)."""
    r = win("56788s", "8s", seats=(E, S(*L2_MELDS), E, E), co_liable=co, rules=XIAYU)
    assert (r.liable, r.liable_rule, r.payments) == (3, "L2", payments)
    assert r.co_liable == tuple(s for s in co if s != 3)
    assert r.settlement.co_liable == r.co_liable
    if r.co_liable:
        assert "陪包" in r.explain()


def test_l5_co_liability_needs_l2_to_decide():
    """抢杠 decides first (L4: L3 before L2): the robbed seat 2 pays all, nobody else."""
    seats = (E, S(*L2_MELDS), S(M.peng("777s", source=0)), E)
    r = win("55678s", "7s", how="qianggang", discarder=2, seats=seats, co_liable=(0,), rules=XIAYU)
    assert (r.liable_rule, r.co_liable, r.payments) == ("L3", (), (0, 460, -460, 0))


def test_l5_co_liable_without_a_qingyise_changes_nothing():
    """E1 (small hu, self-drawn): nobody liable, so co_liable adds nothing: 16 / 8 / 8."""
    r = win("234m456p789p55s", "5s", co_liable=(0, 2), rules=XIAYU)
    assert (r.liable, r.co_liable, r.payments) == (None, (), (-16, 32, -8, -8))


@pytest.mark.parametrize("co, rules, match", [
    ((0,), KAIKOU, "xiayu"),
    ((1,), XIAYU, "winner"),
    ((0, 0), XIAYU, "twice"),
    ((4,), XIAYU, "seat"),
    ("0", XIAYU, "sequence"),
    (0, XIAYU, "sequence"),
])
def test_l5_bad_co_liable_is_a_win_input_error(co, rules, match):
    with pytest.raises(WinInputError, match=match):
        win("56788s", "8s", seats=(E, S(*L2_MELDS), E, E), co_liable=co, rules=rules)


def test_l5_cases_schema_takes_co_liable():
    """The case schema's optional ``co_liable`` is evaluate_win's argument (same hand as above)."""
    from wuhanmj.scoring.cases import score_case

    case = {"id": "L5", "rules": XIAYU.to_dict(), "indicator": "5m", "dealer": 0, "winner": 1,
            "hand": "56788s", "win_tile": "8s", "how": "zimo", "from": None, "co_liable": [0, 2],
            "seats": [{"melds": []},
                      {"melds": [{"kind": "peng", "tiles": "111s", "from": 2},
                                 {"kind": "chi", "tiles": "234s", "from": 0},
                                 {"kind": "peng", "tiles": "999s", "from": 3}]},
                      {"melds": []}, {"melds": []}]}
    assert score_case(case)["payments"] == [-180, 540, -180, -180]


def test_d18_the_sheet_names_a_custom_rule_sets_changed_fields():
    """explain() names the preset a custom rule set differs least from and the changed
    fields (here claim_turn_gang, P1/D18), as the simulation summary does."""
    from wuhanmj import parse_tile

    rules = Rules.kaikou().replace(claim_turn_gang="any")
    r = evaluate_win(hand="234m456p789p55s", win_tile="5s", how="zimo", winner=1, dealer=0,
                     indicator=parse_tile("5m"),
                     seats=[SeatPlays(), SeatPlays(melds=(M.peng("777s", source=2),)), SeatPlays(), SeatPlays()],
                     rules=rules)
    assert r.explain().splitlines()[0] == "规则 rules: custom (kaikou with claim_turn_gang=any) (开口翻, points)"
