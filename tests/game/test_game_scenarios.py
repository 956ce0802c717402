"""Scenario tests on scripted walls. Every expected payment is worked
by hand from RULES.md (the arithmetic is in each test's docstring), never by the engine.

Indicator 8s in most walls: 癞子 9s (R2); under koukou_fan the 痞子 are 7s and 8s (R3).
"""

from __future__ import annotations

import pytest

from helpers.game_script import make_game, run, tsumogiri
from helpers.walls import B_HANDS, B_OPEN, F_OTHERS, game_b, game_d
from wuhanmj.game.actions import Chi, Hu, Pass, Peng
from wuhanmj.errors import IllegalActionError
from wuhanmj.game.match import Match
from wuhanmj.rules import Rules
from wuhanmj.tiles import parse_tile
from wuhanmj.game.wall import scripted_wall

pytestmark = pytest.mark.usefixtures("engine")  # each test on both engines (tests/conftest.py)

T = parse_tile

def test_p2_chi_only_by_the_next_player():
    """P2: seat 1 (下家 of the dealer) may chi 3m three ways; seat 2, holding 4m5m too, may not."""
    hands = [
        "3m 1p4p7p 1s4s7s 2z3z4z 5z6z 9p 8s",
        "1m2m4m5m 2p5p8p 2s5s8s 1z 6z 9s",
        "4m5m 3p6p9p 3s6s9s 1z 2z3z 4z 6z",
        "7m8m9m 1p 5p 2p 3p 6p 8p 1s 2s 5z 7z",
    ]
    g = make_game(hands, "5z")  # 癞子 东 (1z)
    g.step(0, 2)  # discard 3m
    assert g.phase == "claim"
    chis = {repr(a) for a in g.legal_actions(1) if isinstance(a, Chi)}
    assert chis == {'Chi("123m")', 'Chi("234m")', 'Chi("345m")'}
    assert g.legal_actions(2) == []
    before = g.to_dict()
    with pytest.raises(IllegalActionError, match="P2: chi only by the next player"):
        g.step(2, Chi("345m"))
    assert g.to_dict() == before
    g.step(1, Chi("234m"))
    assert g.phase == "turn" and g.current_player == 1
    assert [repr(m) for m in g.melds(1)] == ['Meld.chi("234m", source=0)']
    assert g.hand_size(1) == 11 and g.drawn_tile(1) is None


@pytest.mark.parametrize("order", ["peng_first", "hu_first"])
def test_p2_hu_beats_peng_on_the_same_discard(order):
    """P2: seat 2 pengs 5s, seat 3 wins on it; hu wins whichever decision arrives first.

    kaikou, small hu, hard: F_w = 开口 1 + 硬胡 1 = 2. Dealer 0 discarded: U = 2 + 1
    (放冲) + 1 (dealer, small hu) = 4 → 16; seats 1, 2: U = 2 → 4 each. Winner +24.
    """
    g = run(game_b(), B_OPEN + "; 0 d 5s")
    assert set(g.pending) == {2, 3}
    assert Peng() in g.legal_actions(2) and Hu() in g.legal_actions(3)
    if order == "peng_first":
        g.step(2, Peng())
        assert not g.over and g.pending == (3,)  # seat 3's answer could still change the outcome
        g.step(3, Hu())
    else:
        g.step(3, Hu())
    assert g.over
    r = g.result
    assert (r.winner, r.how, r.discarder, r.win_tile) == (3, "fangchong", 0, T("5s"))
    assert r.payments == (-16, -4, -4, 24)
    assert g.melds(2) == ()  # the peng never happened


# --- Wall C: seats 1 and 3 both open, then both wait on 5s discarded by seat 2.
C_HANDS = [
    "2z 1m4m7m 1p4p2p 1s4s7s 2s 5z6z 9m",
    "3z3z 4z 234m567m678p5s",
    "5s 3m 8m 9m 3p 5p 9p 3s 6s 8s 1z 5z 6z",
    "2z2z 3z 123m456m789p5s",
]
C_SCRIPT = "0 d 2z; 3 peng; 3 d 3z; 1 peng; 1 d 4z; 2 d 5s"  # seat 2 draws 7p first


def game_c(rules=None):
    return run(make_game(C_HANDS, "8s", draws=["7p"], rules=rules), C_SCRIPT)


FROM_DISCARDER = Rules.kaikou().replace(hu_order="discarder")


def test_d11_hu_order_from_discarder_two_seats_can_hu():
    """P2 一炮单响, D11 ``hu_order = "discarder"`` (seed 001): seat 2 discards; seats 3 and 1
    can both win; seat 3 is first after the discarder, so it wins even though seat 1
    answered first.

    F_w = 2. Seat 2 (放冲): U = 2 + 1 = 3 → 8; dealer 0: U = 2 + 1 (dealer) = 3 → 8;
    seat 1 (opened): U = 2 + 1 = 3 → 8. Winner +24.
    """
    g = game_c(FROM_DISCARDER)
    assert set(g.pending) == {1, 3}
    g.step(1, Hu())
    assert not g.over and g.pending == (3,)
    g.step(3, Hu())
    assert (g.result.winner, g.result.discarder) == (3, 2)
    assert g.result.payments == (-8, -8, -8, 24)


def test_d11_hu_order_from_discarder_first_seat_hu_closes_the_window_at_once():
    g = game_c(FROM_DISCARDER)
    g.step(3, Hu())
    assert g.over and g.result.winner == 3


def test_d11_hu_order_from_dealer():
    """D11 ``hu_order = "dealer"`` (seed 000, kaikou's default): counted from the dealer
    (seat 0), seat 1 comes before seat 3: seat 3's hu waits for seat 1's answer, and
    seat 1 wins. F_w = 2: seat 2 (放冲) 8, dealer 0 8, seat 3 (opened) 8; winner +24."""
    g = game_c()
    assert Rules.kaikou().hu_order == "dealer"
    g.step(3, Hu())
    assert not g.over and g.pending == (1,)
    g.step(1, Hu())
    assert (g.result.winner, g.result.discarder) == (1, 2)
    assert g.result.payments == (-8, 24, -8, -8)


def test_d11_hu_order_from_dealer_first_seat_hu_closes_the_window_at_once():
    g = game_c()
    g.step(1, Hu())
    assert g.over and g.result.winner == 1


def test_p2_second_seat_wins_when_the_first_passes():
    """Seat 3 passes, seat 1 wins: F_w = 2; seat 2: 8, dealer 0: 8, seat 3 (opened): 8."""
    g = game_c(FROM_DISCARDER)
    g.step(3, Pass())
    assert not g.over
    g.step(1, Hu())
    assert g.result.winner == 1
    assert g.result.payments == (-8, 24, -8, -8)




def test_p4_l3_qianggang_robbed_player_liable():
    """P4, L3: seat 1 declares 蓄杠 of 9p; seat 3 robs it. The robbed meld stays a peng.

    kaikou, big hu 抢杠 (base 10), F_w = 开口 1 + 硬胡 1 = 2. Seat 1: 开口 1 (no 明杠 fan,
    L3) + 1 robbed: U = 4 → 160; seats 0, 2: U = 2 → 40. L3: seat 1 pays 240.
    """
    g = game_d()
    g.step(1, 57 + T("9p"))  # XuGang 9p
    assert g.phase == "rob" and g.pending == (3,)
    assert [a for a in g.legal_actions(3)] == [Hu(), Pass()]
    g.step(3, Hu())
    r = g.result
    assert (r.winner, r.how, r.discarder, r.win_tile) == (3, "qianggang", 1, T("9p"))
    assert r.win.liable == 1 and "qianggang" in r.win.big
    assert r.payments == (0, -240, 0, 240)
    assert [m.kind for m in g.melds(1)] == ["peng"]
    assert g.census() == [4] * 34


def test_p4_declined_rob_completes_the_xu_gang_with_a_replacement_draw():
    g = game_d()
    g.step(1, 57 + T("9p"))
    g.step(3, Pass())
    assert g.phase == "turn" and g.current_player == 1
    assert [repr(m) for m in g.melds(1)] == ['Meld.xu_gang("9999p", source=0)']
    assert g.drawn_tile(1) == T("1z")  # the replacement, from the back of the wall (D1)
    assert g.events[-1]["end"] == "back"


def test_p4_only_hu_or_pass_after_a_xu_gang():
    g = game_d()
    g.step(1, 57 + T("9p"))
    before = g.to_dict()
    with pytest.raises(IllegalActionError, match="P4"):
        g.step(3, Peng())
    assert g.to_dict() == before


# --- Wall E: the 海底 phase. Seat 3 opens, then everyone discards what it draws.
E_HANDS = B_HANDS[:2] + ["8m 2p 3m6m9m 6p 9p 3s 7s 1z 4z 5z 6z"] + B_HANDS[3:]


def wall_e(win_tile="5s"):
    """Hands of wall B (but seat 2 holds no 5s); the 72 drawable tiles hold no 红中/癞子 (they sit in the dead wall),
    and the 72nd draw — seat 3's 海底 draw — is ``win_tile``."""
    from wuhanmj.tiles import parse_tiles

    dealt = [parse_tiles(h) for h in E_HANDS]
    counts = [4] * 34
    for h in dealt:
        for t in h:
            counts[t] -= 1
    counts[T("8s")] -= 1
    specials = [T("7z")] * counts[T("7z")] + [T("9s")] * counts[T("9s")]
    counts[T("7z")] = counts[T("9s")] = 0
    counts[T(win_tile)] -= 1
    rest = [t for t in range(34) for _ in range(counts[t])]
    dead = specials + rest[len(rest) - (10 - len(specials)):]
    live = rest[: len(rest) - (10 - len(specials))]
    assert len(live) == 71 and len(dead) == 10
    return scripted_wall(dealt, "8s", draws=live + [T(win_tile)], replacements=dead)


def test_g3_haidi_phase_then_haidilao():
    """G3: with 14 tiles left no normal draw: each seat draws once, only hu or pass.
    Seat 3 wins 海底捞 on its 海底 draw.

    kaikou, big hu 海底捞 (base 10, no 自摸 fan and no ×1.5, D4), F_w = 开口 1 + 硬胡 1
    = 2; each loser U = 2 → 40. Winner +120.
    """
    from wuhanmj.game.engine import Game

    g = run(Game(Rules.kaikou(), wall=wall_e()), B_OPEN)
    tsumogiri(g)
    assert g.phase == "haidi" and g.current_player == 3 and g.tiles_left == 10
    assert g.legal_actions(3) == [Hu(), Pass()]
    draws = [e for e in g.events if e["type"] == "draw"]
    assert [e["seat"] for e in draws[-4:]] == [0, 1, 2, 3]
    assert g.events[-5]["type"] == "discard"  # no discard after the 海底 draws
    before = g.to_dict()
    with pytest.raises(IllegalActionError, match="G3"):
        g.step(3, g.drawn_tile(3))  # a discard
    assert g.to_dict() == before
    g.step(3, Hu())
    assert g.result.how == "haidilao" and g.result.payments == (-40, -40, -40, 120)
    assert "haidilao" in g.result.win.big


def test_g3_x6_haidi_pass_is_an_exhaustive_draw():
    from wuhanmj.game.engine import Game

    g = run(Game(Rules.kaikou(), wall=wall_e()), B_OPEN)
    tsumogiri(g)
    g.step(3, Pass())
    assert g.over and g.result.draw and g.result.payments == (0, 0, 0, 0)
    assert g.tiles_left == 10  # G2: the dead wall is never drawn


def test_g3_haidi_seats_that_cannot_win_pass_by_themselves():
    """Seat 3's 海底 draw does not win: all four 海底 draws happen and the hand is drawn."""
    from wuhanmj.game.engine import Game

    g = run(Game(Rules.kaikou(), wall=wall_e(win_tile="1m")), B_OPEN)
    tsumogiri(g)
    assert g.over and g.result.draw and g.tiles_left == 10


# --- Wall F: 红中杠 and 癞子杠 replacement draws, then 杠上开花.
F_DRAWS = ["5z", "6z", "4z", "5s"]  # seats 0, 1, 2 discard theirs; seat 3 keeps 5s


def test_p3_w6_hongzhong_and_laizi_gang_then_gangshanghua():
    """P3: 红中杠 then 癞子杠, each followed by a replacement draw from the back; W6 杠上开花.

    Before: 中 held → no hu (W5). After 红中杠 + 7p: a soft hu is offered. After 癞子杠 + 9p:
    123m456m55s789p + peng 2z, hard. kaikou: F_w = 开口 1 + 红中杠 1 + 癞子杠 2 + 硬胡 1 = 5;
    each loser 10 × 2^5 = 320 ≥ 300: all three reach the cap → 金顶 400 each (X1, D9).
    """
    g = make_game(F_OTHERS + ["2z2z 3z 123m456m 5s 8p 7z 9s"], "8s", draws=F_DRAWS, replacements=["7p", "9p"])
    run(g, B_OPEN + "; 0 d 5z; 1 d 6z; 2 d 4z")
    assert g.current_player == 3 and g.drawn_tile(3) == T("5s")
    assert Hu() not in g.legal_actions(3)
    run(g, "3 hz")
    assert g.drawn_tile(3) == T("7p") and Hu() in g.legal_actions(3)
    run(g, "3 lz")
    assert g.drawn_tile(3) == T("9p") and Hu() in g.legal_actions(3)
    run(g, "3 hu")
    r = g.result
    assert r.how == "gangshanghua" and r.win.hard and r.win.big == ("gangshanghua",)
    assert r.payments == (-400, -400, -400, 1200)
    assert g.special_plays(3) == (("hongzhong_gang", T("7z")), ("laizi_gang", T("9s")))


def test_w8_two_laizi_force_one_out():
    """W8: 123m456m5s78p + two 癞子 (9s) only makes a small hu → not offered; after a 癞子杠
    the replacement 5s gives 杠上开花 with one 癞子 (soft).

    kaikou: F_w = 开口 1 + 癞子杠 2 = 3 (soft: no 硬胡); base 10: each loser 10 × 2^3 = 80.
    """
    g = make_game(F_OTHERS + ["2z2z 3z 123m456m 5s 8p 9s9s"], "8s", draws=["5z", "6z", "4z", "7p"],
                  replacements=["5s"])
    run(g, B_OPEN + "; 0 d 5z; 1 d 6z; 2 d 4z")
    assert g.drawn_tile(3) == T("7p") and Hu() not in g.legal_actions(3)
    before = g.to_dict()
    with pytest.raises(IllegalActionError, match="W8"):
        g.step(3, Hu())
    assert g.to_dict() == before
    run(g, "3 lz; 3 hu")
    r = g.result
    assert r.how == "gangshanghua" and not r.win.hard
    assert r.payments == (-80, -80, -80, 240)


def test_w11_qihu_refuses_a_hu_under_koukou_fan():
    """W11: the wall-B win (F_w = 1 opening + 1 hard = 2, small hu) leaves the dealer at
    U = 4 < 6 under koukou_fan, so seat 3 is not offered hu; seat 2 only has its peng."""
    g = run(game_b(Rules.koukou_fan()), B_OPEN + "; 0 d 5s")
    assert g.pending == (2,)
    assert g.legal_actions(3) == []
    before = g.to_dict()
    with pytest.raises(IllegalActionError, match="W11"):
        g.step(3, Hu())
    assert g.to_dict() == before


# --- Wall H: seat 1 makes four claims (全求人) and wins on seat 2's 5s.
H_OTHERS = {
    0: "3m 1m6m7m 2p3p9p 1s2s9s 1z5z7z 3z",
    1: "4m5m 9m9m 1p1p 4s4s 5s 2z3z4z6z",
    3: "1m2m6m8m 4p9p 8s9s9s 1z5z7z 7z",
}
H_READY = "234p888p123s678s2m"  # waits on 2m: ready (D10), holds non-2/5/8 tiles
H_NOT_READY = "234p888p123s679s2m"
H_SCRIPT = """0 d 3m; 1 chi 345m; 1 d 2z
2 d 9m; 1 peng; 1 d 3z
2 d 1p; 1 peng; 1 d 4z
2 d 4s; 1 peng; 1 d 6z
2 d 5s; 1 hu"""


def game_h(seat2, rules):
    hands = dict(H_OTHERS)
    hands[2] = seat2
    g = make_game(hands, "6p", draws=["9m", "1p", "4s", "5s"], rules=rules)  # 癞子 7p; 痞子 5p 6p
    return run(g, H_SCRIPT)


@pytest.mark.parametrize(
    "seat2, rules, payments, liable",
    [
        # not_ready reading, seat 2 ready: no liability. kaikou: F_w = 2, base 10:
        # seat 2: U = 3 → 80; seats 0, 3: U = 2 → 40.
        (H_READY, "kaikou", (-40, 160, -80, -40), None),
        # not_ready reading, seat 2 not ready: it pays the 160 alone (L1).
        (H_NOT_READY, "kaikou", (0, 160, -160, 0), 2),
        # holds_non_jiang reading (koukou_fan): seat 2 holds 3p, 4p, 1s … → liable although
        # ready. F_w = 4 openings + 1 hard = 5, big 3: seats 0, 3: U = 8 → 40, 闭 ×2 → 80;
        # seat 2: U = 9 → 80, 闭 ×2 → 160. Seat 2 pays 320 (L1).
        (H_READY, "koukou_fan", (0, 320, -320, 0), 2),
    ],
)
def test_l1_quanqiuren_liability_both_readings(seat2, rules, payments, liable):
    g = game_h(seat2, Rules.preset(rules))
    r = g.result
    assert (r.winner, r.how, r.discarder) == (1, "fangchong", 2)
    assert "quanqiuren" in r.win.big
    assert r.win.liable == liable
    assert r.payments == payments


def test_l2_qingyise_third_opening_liable_even_self_drawn():
    """L2: seat 1's third opening (peng 7s) was claimed from seat 3; it later wins 清一色
    by 自摸: seat 3 pays for all.

    kaikou, base 10, F_w = 开口 1 + 硬胡 1 = 2, self-drawn big hu ×1.5 (X1):
    each loser 10 × 2^2 × 1.5 = 60; seat 3 pays 180.
    """
    hands = [
        "1s 1m2m4m7m9m 1p3p5p8p9p 4z 5z 7z",
        "2s3s 5s5s 7s7s 4s4s6s6s 1z2z3z",
        "2m3m5m8m 2p4p6p7p 9s 8s 2z 3z 7z",
        "3m4m 7m8m9m 1p2p 4p8p9p 8s 1z 6z",
    ]
    g = make_game(hands, "5m", draws=["5s", "4z", "7s", "5z", "6z", "1z", "4s"])
    run(g, """0 d 1s; 1 chi 123s; 1 d 1z
              2 d 5s; 1 peng; 1 d 2z
              2 d 4z; 3 d 7s; 1 peng; 1 d 3z
              2 d 5z; 3 d 6z; 0 d 1z; 1 hu""")
    r = g.result
    assert (r.winner, r.how) == (1, "zimo")
    assert r.win.big == ("qingyise",) and r.win.liable == 3
    assert r.payments == (0, 180, 0, -180)


# --- Match-level: D5 and M2 on scripted walls.
DEALER_WIN_HANDS = [
    "4z 1z 3z3z 123m456m789p 5s",
    "2m5m8m 1p4p6p 2s 8s 2z 6m 9m 3p 6z",
    "3m6m9m 2p5p8p 1s 7s 9s 5z 6z 7z 2z",
    "7m8m 1p 4p 6p 9p 2s 4s 6s 8s 1z 5z 7z",
]


def test_d5_dealer_stays_after_a_dealer_win():
    """The dealer pengs 3z and wins on seat 1's 5s. kaikou small hu won by the dealer:
    F_w = 2, every loser +1 (S3); seat 1 also 放冲: U = 4 → 16; seats 2, 3: U = 3 → 8."""
    m = Match(Rules.kaikou())
    g = m.new_game(wall=scripted_wall(DEALER_WIN_HANDS, "8s", draws=["3z", "5s"]))
    run(g, "0 d 4z; 1 d 3z; 0 peng; 0 d 1z; 1 d 5s; 0 hu")
    r = m.finish_hand()
    assert (r.winner, r.payments) == (0, (32, -16, -8, -8))
    assert m.dealer == 0 and m.scores == [32, -16, -8, -8]


def test_d5_dealer_passes_after_a_non_dealer_win_and_m2_keeps_laizi():
    m = Match(Rules.kaikou())
    g = m.new_game(wall=scripted_wall(B_HANDS, "8s", draws=["7m"]))
    run(g, B_OPEN + "; 0 d 5s; 3 hu")
    m.finish_hand()
    assert m.dealer == 1 and m.scores == [-16, -4, -4, 24]
    assert m.prev_laizi == T("9s")
    g2 = m.new_game()
    assert g2.dealer == 1 and g2.prev_laizi == T("9s") and g2.hand_size(1) == 14


def test_d5_x6_exhaustive_draw_dealer_stays():
    m = Match(Rules.kaikou(), dealer=2)
    g = m.new_game(wall=wall_e())
    tsumogiri(g)
    while not g.over:
        g.step(g.current_player, Pass())
    r = m.finish_hand()
    assert r.draw and m.dealer == 2 and m.scores == [0, 0, 0, 0]
