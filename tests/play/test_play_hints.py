"""The hint's special plays (wuhanmj.play.hints, P3): 红中杠 and 痞子杠 when a held 红中 or
痞子 blocks the win (W5, R3), 癞子杠 when two 癞子 forbid a small hu (W8) and one played out
leaves the hand ready for a legal small hu. Positions built on scripted walls: the dealer's
first decision (seat 0, 14 tiles)."""

from __future__ import annotations

from wuhanmj import Rules
from wuhanmj.game.actions import HONGZHONG_GANG, LAIZI_GANG, PIZI_GANG
from wuhanmj.game.engine import Game
from wuhanmj.game.wall import scripted_wall
from wuhanmj.play import hint

OTHERS = ["1z1z1z 2z2z2z 3z3z3z 4z4z4z 1m", "1p1p1p 9p9p9p 1s1s1s 9s9s9s 2m", "5z5z5z 6z6z6z 3p3p3p 3s3s3s 4s"]


def _dealer(hand: str, indicator: str, rules: Rules):
    g = Game(rules, wall=scripted_wall([hand, *OTHERS], indicator))
    assert g.current_player == 0 and len(g.hand(0)) == 14
    obs = g.observation(0)
    return obs, hint(obs, rules)


def test_w5_a_held_hongzhong_is_advised_out_by_hongzhong_gang():
    # 234m 456p 789s 55s 67m + 红中: without the 红中 the hand waits on 5m/8m (by hand); with it,
    # no win at all (W5). Indicator 1z: 癞子 南 (2z), none held; kaikou: no 痞子.
    obs, h = _dealer("2m3m4m 4p5p6p 7s8s9s 5s5s 6m7m 7z", "1z", Rules.kaikou())
    assert HONGZHONG_GANG in obs.legal_actions
    assert [c for c, _ in h.plays] == [HONGZHONG_GANG]
    assert any(ln.startswith("play first: 红中杠") and "W5" in ln for ln in h.lines())
    assert h.to_dict()["plays"][0]["code"] == HONGZHONG_GANG


def test_w5_r3_a_held_pizi_is_advised_out_by_pizi_gang():
    # indicator 5m: 癞子 6m, 痞子 4m and 5m (R2, R3); the 4m held blocks the win (W5)
    rules = Rules.kaikou().replace(pizi=True)
    obs, h = _dealer("2p3p4p 4p5p6p 7s8s9s 5s5s 6s7s 4m", "5m", rules)
    assert obs.pizi == (3, 4)
    assert [c for c, _ in h.plays] == [PIZI_GANG + 3]  # 4m is tile 3
    assert any(ln.startswith("play first: 痞子杠 pizi_gang 4m") for ln in h.lines())


def test_w8_two_laizi_forbid_the_small_hu_and_a_laizi_gang_is_advised():
    # indicator 5m: 癞子 6m. 234p 456p 789s 55s 7m + 6m6m: with both 癞子 wild the 7m makes a set,
    # but two 癞子 forbid a small hu (W8) and no big hu fits (chows, three suits). After a
    # 癞子杠: 234p 456p 789s 55s 67m with one 癞子, ready (a small hu on 5m, 8m, …).
    obs, h = _dealer("2p3p4p 4p5p6p 7s8s9s 5s5s 7m 6m6m", "5m", Rules.kaikou())
    assert LAIZI_GANG in obs.legal_actions and 161 not in obs.legal_actions  # no 胡 (W8)
    assert [c for c, _ in h.plays] == [LAIZI_GANG]
    assert any(ln.startswith("play first: 癞子杠 laizi_gang 6m") and "W8" in ln for ln in h.lines())


def test_one_laizi_or_no_special_tile_gets_no_special_play_advice():
    # one 癞子 (6m) is wild for a small hu: nothing to play out; no 红中, no 痞子
    _, h = _dealer("2p3p4p 4p5p6p 7s8s9s 5s5s 7m8m 6m", "5m", Rules.kaikou())
    assert h.plays == () and not any(ln.startswith("play first") for ln in h.lines())
    # two 癞子 far from ready after one is played out: no 癞子杠 advice
    _, h = _dealer("1p4p7p 1s4s7s 2m 9m 3z 5z 6z 6m6m 1m", "5m", Rules.kaikou())
    assert LAIZI_GANG not in [c for c, _ in h.plays]
