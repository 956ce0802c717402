"""The rule fields of D12, D13, L5 (D14) and M3 (D15) in the game engine, each in both
settings, on scripted walls. Expected payments are worked by hand in the docstrings.
(D11 ``hu_order`` is tested in ``test_game_scenarios.py`` on wall C.)
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from helpers.game_script import make_game, run, tsumogiri
from wuhanmj.game.actions import (
    CHONG_GANG,
    HONGZHONG_GANG,
    HU,
    LAIZI_GANG,
    PASS,
    PENG,
    Chi,
    Discard,
    HongzhongGang,
    Hu,
    Peng,
)
from wuhanmj.errors import IllegalActionError
from wuhanmj.game.match import Match
from wuhanmj.rules import Rules
from wuhanmj.scoring.settlement import escape_payments
from wuhanmj.tiles import parse_tile, parse_tiles

pytestmark = pytest.mark.usefixtures("engine")  # each test on both engines (tests/conftest.py)

T = parse_tile
KAIKOU = Rules.kaikou()


def filler(hands, indicator, named, n):
    """``n`` tiles (sorted) that are neither dealt, nor the indicator, nor in ``named``."""
    left = Counter({t: 4 for t in range(34)})
    for h in hands:
        left.subtract(parse_tiles(h))
    left.subtract(parse_tiles(indicator + named))
    return [t for t in range(34) for _ in range(left[t])][:n]


# ----------------------------------------------------------------- G4, D12 gang_cutoff
# Seat 0 (dealer) keeps a 红中; seat 3 two. Nobody claims (tsumogiri passes), so seat 0
# draws with 78, 74, …, 14 tiles left after its draw, seat 3 with 79, …, 15. Seat 1 holds
# three 白 (5z); the fourth is seat 0's draw that leaves 14 tiles (the 68th draw).
D12_HANDS = [
    "7z 1m2m3m 4m5m6m 1p2p3p 4p5p 1s2s",
    "5z5z5z 7m8m 2p 6p7p 3s4s5s6s 1z",
    "7z 2m3m 9m 8p9p 6s7s 2z3z4z 6z6z",
    "7z7z 4m5m6m 9p 3p 7p8p 1z2z3z4z",
]


def d12_game(cutoff):
    draws = filler(D12_HANDS, "8s", "5z", 67) + [T("5z")]
    return make_game(D12_HANDS, "8s", draws=draws, rules=KAIKOU.replace(gang_cutoff=cutoff))


def at_turn(g, seat, left):
    return tsumogiri(g, until=lambda g: g.phase == "turn" and g.current_player == seat and g.tiles_left == left)


@pytest.mark.parametrize("cutoff", ["haidi", "dead_wall"])
def test_g4_d12_special_play_allowed_with_fifteen_left_in_both_settings(cutoff):
    g = at_turn(d12_game(cutoff), 3, 15)
    assert HONGZHONG_GANG in g.legal_action_codes(3)


def test_g4_d12_gang_cutoff_haidi_forbids_special_play_with_fourteen_left():
    """"haidi": 14 = dead_wall 10 + 4 tiles left is not more than 14: no 红中杠."""
    g = at_turn(d12_game("haidi"), 0, 14)
    assert g.drawn_tile(0) == T("5z")
    assert HONGZHONG_GANG not in g.legal_action_codes(0)
    before = json.dumps(g.to_dict(), sort_keys=True)
    with pytest.raises(IllegalActionError, match=r"^G4: .*14 tiles left.*D12"):
        g.step(0, HongzhongGang())
    assert json.dumps(g.to_dict(), sort_keys=True) == before


def test_g4_d12_gang_cutoff_dead_wall_allows_special_play_with_fourteen_left():
    """"dead_wall": 14 > 10, so 红中杠 is legal; its replacement leaves 13."""
    g = at_turn(d12_game("dead_wall"), 0, 14)
    g.step(0, HongzhongGang())
    assert g.tiles_left == 13 and g.phase == "turn" and g.current_player == 0


@pytest.mark.parametrize("cutoff, codes", [("haidi", (PENG, PASS)), ("dead_wall", (PENG, CHONG_GANG, PASS))])
def test_g4_d12_chong_gang_claim_at_fourteen_left(cutoff, codes):
    """Seat 0 discards the fourth 白 with 14 tiles left: seat 1 may 冲杠 it only under "dead_wall"."""
    g = at_turn(d12_game(cutoff), 0, 14)
    g.step(0, Discard("5z"))
    assert g.phase == "claim" and g.legal_action_codes(1) == codes


# ----------------------------------------------------------------- W8, D13 second_laizi
# Indicator 8s: 癞子 9s. Seat 1 is ready (D10) holding one 9s: 123m 456m 789p 23s 5s 9s
# (e.g. + 5s: 234s with the 9s as 4s, 55s). Seat 0 discards 6z; seat 1 draws the second 9s.
D13_READY = [
    "6z 4m5m6m 7m8m9m 4p5p6p 7s8s 1s 5z",
    "1m2m3m 4m5m6m 7p8p9p 2s3s 5s 9s",
    "1z2z3z4z 2p3p 3m 5p6p 6s7s 1s 2m",
    "1z2z3z4z 1p2p 1m 7m 8p 4s 6s 7s 5z",
]
# The same seat holding 1m4m7m 2p5p8p 3s6s 1z2z3z4z 9s: far from ready.
D13_NOT_READY = [
    "6z 4m5m6m 7m8m9m 4p5p6p 7s8s 1s 5z",
    "1m4m7m 2p5p8p 3s6s 1z2z3z4z 9s",
    "2m3m 2p3p 3m 5p6p 6s7s 1s 2m 7p 8p",
    "1z2z3z4z 1p2p 1m 7m 8p 4s 6s 7s 5z",
]


def d13(hands, mode):
    g = make_game(hands, "8s", draws=["9s"], rules=KAIKOU.replace(second_laizi=mode))
    return tsumogiri(run(g, "0 d 6z"), until=lambda g: g.current_player == 1 and g.phase == "turn")


def test_w8_d13_second_laizi_play_out_ready_player_must_play_it():
    """"play_out" (seed 001): only the 癞子杠 is legal (seat 1 never opened: no hu, W4)."""
    g = d13(D13_READY, "play_out")
    assert g.drawn_tile(1) == T("9s") and g.legal_action_codes(1) == (LAIZI_GANG,)
    before = json.dumps(g.to_dict(), sort_keys=True)
    with pytest.raises(IllegalActionError, match="^W8/D13: seat 1 was ready"):
        g.step(1, Discard("1m"))
    assert json.dumps(g.to_dict(), sort_keys=True) == before
    g.step(1, LAIZI_GANG)  # the replacement draw; then the turn goes on as usual
    assert g.phase == "turn" and g.current_player == 1 and g.special_plays(1) == (("laizi_gang", T("9s")),)
    assert T("1m") in g.legal_action_codes(1)


def test_w8_d13_second_laizi_keep_lets_the_player_keep_both():
    g = d13(D13_READY, "keep")
    codes = g.legal_action_codes(1)
    assert LAIZI_GANG in codes and T("1m") in codes
    g.step(1, Discard("1m"))
    assert g.hand_counts(1)[T("9s")] == 2


def test_w8_d13_play_out_asks_nothing_of_a_player_that_was_not_ready():
    g = d13(D13_NOT_READY, "play_out")
    assert g.drawn_tile(1) == T("9s")
    codes = g.legal_action_codes(1)
    assert LAIZI_GANG in codes and T("1m") in codes


# Seat 1 pengs 1z, discards 5s: 111m 222p 333s 9s, ready; three draws later it draws the
# second 9s: 111m 222p 333s 99s + 111z is a hard 碰碰胡 (W8 allows a big hu with two 癞子).
D13_WIN = [
    "1z 4m5m6m 7m8m9m 4p5p6p 7s8s 1s 6z",
    "1z1z 1m1m1m 2p2p2p 3s3s3s 5s 9s",
    "2m3m 5m 3p4p 7p8p9p 2s4s 6s 2z3z",
    "2m 5p6p 7p 8p 9p 5s 6s 7s 4z 5z 6z 3z",
]


@pytest.mark.parametrize("mode", ["play_out", "keep"])
def test_w8_d13_a_legal_win_may_be_declared_instead(mode):
    """Under "play_out" the choice is 癞子杠 or hu. The hu: 碰碰胡, hard; F = 开口 1 + 硬胡 1 = 2,
    base 10, self-drawn big hu ×1.5 (X1): 10 × 2^2 × 1.5 = 60 from each loser; winner +180."""
    g = make_game(D13_WIN, "8s", draws="1p 3m 4s 9s", rules=KAIKOU.replace(second_laizi=mode))
    run(g, "0 d 1z; 1 peng; 1 d 5s")
    tsumogiri(g, until=lambda g: g.current_player == 1 and g.phase == "turn")
    assert g.drawn_tile(1) == T("9s")
    codes = g.legal_action_codes(1)
    if mode == "play_out":
        assert codes == (LAIZI_GANG, HU)
    else:
        assert HU in codes and LAIZI_GANG in codes and T("1m") in codes
    g.step(1, Hu())
    r = g.result
    assert (r.winner, r.how, r.win.big, r.win.hard, r.payments) == (
        1, "zimo", ("pengpenghu",), True, (-60, 180, -60, -60))


# ----------------------------------------------------------------- L5, D14 xiayu (下雨/陪包)
# Indicator 8m (癞子 9m). Seat 1 opens three times in 条: peng 1s (seat 0), chi 234s (seat 0),
# peng 9s (seat 3): seat 3 fed the third opening (L2). Then seat 2 discards 4p while holding
# 6s (co-liable), seat 3 discards 2s (a 条), seat 0, holding no 条, discards 5p; seat 1
# draws 8s: 567s 88s, a self-drawn 清一色.
L5_HANDS = [
    "1s 1m2m3m 4m5m6m 1p2p3p 4z4z 5z 6z",
    "1s1s 2s4s 9s9s 5s6s7s8s 1z2z3z",
    "6s 7m8m 2p3p 6p7p 1z 2z 3z 5z 6z 7z",
    "7m 8m 4p 5p 8p 2m 3m 1z 3z 5z 6z 7z 2z",
]
L5_DRAWS = "9p 1p 3s 9p 9s 4p 2s 5p 8s"


def claim_when(g, tile, seat, action):
    tsumogiri(g, until=lambda g: g.phase == "claim" and g.claim_tile == T(tile) and seat in g.pending)
    g.step(seat, action)
    return g


def l5_game(xiayu):
    g = make_game(L5_HANDS, "8m", draws=L5_DRAWS, rules=KAIKOU.replace(xiayu=xiayu))
    run(g, "0 d 1s; 1 peng; 1 d 1z")
    claim_when(g, "3s", 1, Chi("234s"))
    run(g, "1 d 2z")
    claim_when(g, "9s", 1, Peng())
    run(g, "1 d 3z")
    return tsumogiri(g, until=lambda g: g.current_player == 1 and g.phase == "turn")


def test_l5_d14_xiayu_co_liable_seat_pays_as_much_as_the_liable_seat():
    """Each loser would pay 10 × 2^2 × 1.5 = 60 (清一色, F = 开口 1 + 硬胡 1, self-drawn);
    seat 3 (L2) pays the three losers' 180 and seat 2 (陪包) 180 too: winner +360."""
    g = l5_game(True)
    assert g.to_dict()["xiayu"][1] == {"suit": 2, "liable": 3, "co_liable": [2]}
    assert g.drawn_tile(1) == T("8s")
    g.step(1, Hu())
    w = g.result.win
    assert (w.big, w.liable, w.liable_rule, w.co_liable) == (("qingyise",), 3, "L2", (2,))
    assert g.result.payments == (0, 360, -180, -180)


def test_l5_d14_xiayu_off_only_the_liable_seat_pays():
    g = l5_game(False)
    assert g.to_dict()["xiayu"] == [None, None, None, None]
    g.step(1, Hu())
    assert (g.result.win.co_liable, g.result.payments) == ((), (0, 180, 0, -180))


def test_l5_xiayu_state_survives_clone_replay_and_save():
    g = l5_game(True)
    for h in (g.clone(), type(g).replay(g.events), type(g).from_dict(g.to_dict())):
        assert h.to_dict() == g.to_dict()


# ----------------------------------------------------------------- M3, D15 escape
@pytest.mark.parametrize("rules, pay", [
    (Rules.koukou_fan(), (50, -150, 50, 50)),   # 150 money / 3 = 50 each (D15)
    (Rules.koukou(), (-500, 500 / 3, 500 / 3, 500 / 3)),
])
def test_m3_d15_match_escape_pays_the_schedules_jinding(rules, pay):
    m = Match(rules, seed=1)
    escaper = pay.index(min(pay))
    got = m.escape(escaper)
    assert got == pytest.approx(pay) and got == escape_payments(escaper, rules)
    assert [type(x) for x in got] == [type(x) for x in escape_payments(escaper, rules)]
