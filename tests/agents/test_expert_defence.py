"""The expert's reading of the others' hands (``wuhanmj.native.infer``) and its defence
(``wuhanmj.native.defence``): on hand-made tables whose answer follows from the rules, on
positions of real play against the engine's own settlement, and the bot's discards with
the defence on."""

from __future__ import annotations

import numpy as np
import pytest

from wuhanmj.errors import AgentError, IllegalActionError, SimulationError
from wuhanmj.game.actions import HU, PASS
from wuhanmj.game.engine import Game
from wuhanmj.game.observation import Observation
from wuhanmj.hand.analysis import wuhan_shanten
from wuhanmj.hand.meld import Meld
from wuhanmj.native.defence import DEFENCE_WEIGHTS, discard_danger, win_costs
from wuhanmj.native.expert import EXPERT_PARAMETERS, ExpertAgent
from wuhanmj.native.handapi import NativeHand
from wuhanmj.native.infer import FEATURES, READING_WEIGHTS, reading, reading_features
from wuhanmj.rules import Rules
from wuhanmj.tiles import parse_tiles

EXPERT = ExpertAgent()


def table(hand: str, melds=None, discards=None, *, seat: int = 0, tiles_left: int = 40, dealer: int = 3,
          indicator: str = "1z", rules: str = "kaikou") -> Observation:
    """The view of ``seat`` on its turn: its concealed ``hand``; ``melds`` and ``discards`` by
    seat (notation); every other seat holds 13 − 3 × its melds. 1z (东) as the indicator
    makes 南 the 癞子 (R2)."""
    melds = melds or {}
    discards = discards or {}
    r = Rules.preset(rules)
    tiles = tuple(sorted(parse_tiles(hand)))
    sizes = tuple(len(tiles) if s == seat else 13 - 3 * len(melds.get(s, ())) for s in range(4))
    codes = tuple(sorted({t for t in tiles if t not in (27 + 1, 33)}))
    ind = parse_tiles(indicator)[0]
    return Observation(
        seat=seat, hand=tiles, drawn=None, hand_sizes=sizes,
        melds=tuple(tuple(melds.get(s, ())) for s in range(4)),
        discards=tuple(tuple(parse_tiles(discards.get(s, ""))) for s in range(4)),
        special_plays=((), (), (), ()), indicator=ind, laizi=ind + 1, pizi=(), prev_laizi=None,
        tiles_left=tiles_left, dealer=dealer, scores=(0, 0, 0, 0), phase="turn", turn=seat,
        current_player=seat, claim_tile=None, legal_actions=codes, rules_pizi=False,
        rules_schedule=r.schedule, rules=r)


def kind(t: str) -> int:
    return parse_tiles(t)[0]


# ---------------------------------------------------------------- the reading


def test_weights_cover_every_feature():
    for schedule in ("points", "fan"):
        assert set(READING_WEIGHTS[schedule]) == {"hit", "held"}
        for model in ("hit", "held"):
            assert len(READING_WEIGHTS[schedule][model]) == len(FEATURES)


def test_w4_r1_r4_no_win_without_an_opening_nor_on_a_special_tile():
    """A seat that has not opened cannot win (W4); nobody wins on 红中, 痞子 or the 癞子 (they
    are never discarded: R1, R3, R4); the seat's own row is empty."""
    obs = table("123m456p789s2357z11s",
                melds={1: [Meld.peng("555p", source=0)], 3: [Meld.chi("345s", source=2)]})
    r = reading(obs)
    assert (r.hit[0] == 0).all() and (r.hit[2] == 0).all()
    for s in (1, 3):
        assert r.hit[s, 33] == 0 and r.hit[s, kind("2z")] == 0   # 红中, the 癞子 南
        assert (r.hit[s, :33][np.arange(33) != kind("2z")] > 0).all()


def test_kept_suit_of_one_suit_melds_is_the_most_dangerous():
    """Seat 2 shows two 万 melds and has discarded only 条 and 筒: it keeps 万 (a 清一色
    route, W6). Among kinds alike in every other feature (2/5/8, never discarded, all copies
    unseen but the seat's own), its 万 is the most dangerous to the seat."""
    obs = table("5m5p5s1z3z4z6z12389m",
                melds={2: [Meld.peng("222m", source=1), Meld.chi("456m", source=1)]},
                discards={2: "1p9s3s7p6s", 1: "1z", 3: "3z"}, tiles_left=50)
    f = reading_features(obs)
    kept = FEATURES.index("one_suit_kept")
    assert f[2, kind("5m"), kept] == 1 and f[2, kind("5p"), kept] == 0 and f[2, kind("5s"), kept] == 0
    hit = reading(obs).hit[2]
    assert hit[kind("5m")] > hit[kind("5p")] and hit[kind("5m")] > hit[kind("5s")]


def test_a_tile_just_passed_is_safer():
    """5p lies on the table as seat 3's last discard: every seat passed it (nobody won on it,
    P2, and no 振听 forbids winning on it later): for seat 1, it is safer than 5s, alike
    otherwise (both 2/5/8, three unseen copies, the same shapes)."""
    obs = table("5p5s123m789m1z2z3z4z6z", melds={1: [Meld.peng("777p", source=2)]},
                discards={3: "1m2p5p", 2: "9m1s5s6m"}, tiles_left=50)
    f = reading_features(obs)
    assert f[1, kind("5p"), FEATURES.index("age_0")] == 1
    assert f[1, kind("5s"), FEATURES.index("age_0")] == 0
    r = reading(obs)
    assert r.hit[1, kind("5p")] < r.hit[1, kind("5s")]


def test_held_shares_sum_to_the_others_hand_sizes():
    """held[x] × unseen copies, summed, is the tiles the other three hold (none capped)."""
    h = NativeHand(Rules.preset("kaikou"), seed=4)
    for _ in range(30):
        s = h.current_player
        h.step(s, EXPERT.act(h.observation(s), h.legal_actions(s)).code)
    s = h.current_player
    r = reading(h, s)
    obs = h.observation(s)
    unseen = 4 - np.asarray(obs.visible_counts) - np.asarray(h.hand_counts(s))
    others = sum(h.hand_size(j) for j in range(4) if j != s)
    assert (r.held < 1).all()
    assert float((r.held * unseen).sum()) == pytest.approx(others, rel=1e-9)


def test_the_reading_is_the_same_on_both_engines():
    """The native hand, its observation and the Python engine's observation of the same
    state read alike, at every decision of a few hands."""
    for seed in (1, 2):
        h = NativeHand(Rules.preset("koukou_fan"), seed=seed)
        while not h.over:
            s = h.current_player
            if h.phase == "turn":
                a = reading(h, s)
                b = reading(h.observation(s))
                c = reading(Game.replay(h.events).observation(s))
                for x, y in ((a, b), (a, c)):
                    np.testing.assert_array_equal(x.hit, y.hit)
                    np.testing.assert_array_equal(x.held, y.held)
            h.step(s, EXPERT.act(h.observation(s), h.legal_actions(s)).code)


@pytest.mark.parametrize("args", [(None, 0), ("a string", 0)], ids=["none", "str"])
def test_reading_refuses_what_is_no_table(args):
    with pytest.raises(IllegalActionError, match="NativeHand or an Observation"):
        reading(*args)


def test_reading_refuses_a_bad_seat():
    h = NativeHand(seed=1)
    with pytest.raises(IllegalActionError, match="seat"):
        reading(h, 4)
    with pytest.raises(IllegalActionError, match="observation's seat"):
        reading(h.observation(0), 1)


# ---------------------------------------------------------------- what a discard costs


def _hits(preset: str, seeds):
    """(hand, seat, j, x, result) of every discard x the seat could make on its turn that
    seat j may win on, in hands of four experts from the walls of seeds (the engine settles
    the win: its result)."""
    out = []
    for seed in seeds:
        h = NativeHand(Rules.preset(preset), seed=seed, dealer=seed % 4)
        while not h.over:
            s = h.current_player
            codes = h.legal_action_codes(s)
            if h.phase == "turn" and HU not in codes:
                for x in sorted({c for c in codes if c < 34}):
                    after = h.clone()
                    after.step(s, x)
                    for j in range(4):
                        if j != s and after.phase == "claim" and HU in after.legal_action_codes(j):
                            won = after.clone()
                            won.step(j, HU)
                            while not won.over:
                                won.step(won.current_player, PASS)
                            res = won.result
                            if res.winner == j:
                                out.append((h.clone(), s, j, x, res))
            h.step(s, EXPERT.act(h.observation(s), h.legal_actions(s)).code)
    return out


def _model_big(melds, x: int) -> set[str]:
    """The big hu win_costs assumes for a win on x (qys_share 0): a 全求人 of four claimed
    melds, with 碰碰胡 when all are pongs and 清一色 when all are of x's suit (W6)."""
    if len(melds) < 4 or any(m.kind == "an_gang" for m in melds):
        return set()
    big = {"quanqiuren"}
    if all(m.kind != "chi" for m in melds):
        big.add("pengpenghu")
    if x < 27 and all(min(m.tiles) < 27 and min(m.tiles) // 9 == x // 9 for m in melds):
        big.add("qingyise")
    return big


# walls where four experts reach a seat with four melds (a 全求人 threat, W6)
FOUR_MELDS = {"kaikou": (52, 64, 80, 81, 88, 159, 182, 183, 196, 204, 226, 246),
              "koukou_fan": (39, 56, 107, 123, 161, 254, 280, 286, 288, 321, 324, 353)}


@pytest.mark.parametrize("preset", ["kaikou", "koukou_fan"])
def test_s3_x1_x2_l1_win_costs_are_the_settlement(preset):
    """Where another seat may win on the seat's discard, win_costs is what the engine's
    settlement charges the seat (S3, S5, X1–X4, and L1 for a 全求人), with hard_share 0 or 1
    as the win is soft or hard (W9), wherever the hand's big hu are the ones the model
    assumes (none, or a 全求人) and no 金顶 (D9) is paid."""
    checked = qqr = liable = 0
    for h, s, j, x, res in _hits(preset, (*range(30), *FOUR_MELDS[preset])):
        win = res.win
        if win.settlement.jinding or set(win.big) != _model_big(h.melds(j), x):
            continue
        cost = win_costs(h, s, hard_share=float(win.hard), qys_share=0.0)
        assert cost[j, x] == pytest.approx(-res.payments[s]), (preset, s, j, x, res)
        checked += 1
        qqr += bool(win.big)
        liable += win.liable == s
    assert checked > 50 and qqr > 0 and liable > 0, (checked, qqr, liable)


# ---------------------------------------------------------------- the bot's discards

DEFEND = {"danger_scale": 1.0, "danger_margin": 5.0, "fold_shanten": 2, "fold_margin": 5.0}
# seat 1 shows three 条 melds and has discarded only 万, 筒 and an honor: a 清一色 threat
SOU_THREAT = {1: [Meld.peng("222s", source=0), Meld.chi("345s", source=0), Meld.peng("777s", source=3)]}
SOU_RIVERS = {1: "1m9p4z2m8p6m", 2: "1p", 3: "9m"}


def _shanten(obs: Observation, discard: int) -> int:
    """The seat's shanten after the discard, by the public analysis (W1–W3, W6)."""
    hand = list(obs.hand)
    hand.remove(discard)
    return wuhan_shanten(hand, obs.melds[obs.seat], obs.laizi, obs.rules).value


def _plays(obs: Observation, **params) -> int:
    return ExpertAgent(**params).act(obs, list(obs.legal_actions))


def test_s3_w6_far_from_ready_the_bot_does_not_discard_into_a_one_suit_threat():
    """Three shanten from ready, the greedy discard (the bot's without its defence) is 3s,
    the suit seat 1 keeps; with the defence the bot discards another suit."""
    obs = table("1z1z3z3z6z6z13m57p3s79p5m", melds=SOU_THREAT, discards=SOU_RIVERS)
    assert _plays(obs) == kind("3s")
    got = _plays(obs, **DEFEND)
    assert not 18 <= got < 27
    assert _shanten(obs, got) >= 2
    assert _plays(table("1z1z3z3z6z6z13m57p3s79p5m", discards=SOU_RIVERS), **DEFEND) == kind("3s")


def test_s3_a_ready_seat_pushes():
    """The same threat, but 3s is the only discard that leaves the seat ready (D10): it
    pushes (its win is worth more than the danger)."""
    obs = table("123m456p789m55m23p3s", melds=SOU_THREAT, discards=SOU_RIVERS)
    assert _shanten(obs, kind("3s")) == 0
    assert _plays(obs, **DEFEND) == kind("3s")


QQR = {3: [Meld.chi("123p", source=2), Meld.peng("999m", source=0), Meld.peng("444z", source=1),
           Meld.chi("678p", source=2)]}


def test_l1_a_quanqiuren_win_costs_the_three_losers_sum_when_not_ready():
    """Seat 3 holds one tile after four claimed melds: a win on a discard is 全求人 (W6, one
    big hu: base 10, X1). Its fan: 1 (开口, once, S1); seat 0 (no melds, not ready) is
    liable (L1) for the three losers: U = 1 + 0 + 1 (放冲, S3) for itself, 1 for the others
    (the big hu ignores the dealer, S3): 10 × (2² + 2 + 2) = 80, or 160 for a 硬胡 (W9);
    hard_share 0.4 → 112. Ready, it pays its own 10 × 2² = 40, or 80 hard → 56."""
    obs = table("8m559p22335799s36z", melds=QQR, discards={3: "1s2z"})
    assert _shanten(obs, kind("8m")) >= 1
    assert win_costs(obs)[3, kind("8m")] == pytest.approx(112)
    assert win_costs(obs, hard_share=0.0)[3, kind("8m")] == pytest.approx(80)
    ready = table("123m456p789m55m23p3s", melds=QQR, discards={3: "1s2z"})
    assert win_costs(ready)[3, kind("3s")] == pytest.approx(56)


def test_l1_the_bot_does_not_feed_a_quanqiuren_a_pair_tile_when_not_ready():
    """The greedy discard 8m is a 2/5/8, a pair tile a 全求人 waits on (W2) and the seat
    would be liable (L1); the defended bot keeps its shanten with a safer tile."""
    obs = table("8m559p22335799s36z", melds=QQR, discards={3: "1s2z"})
    assert _plays(obs) == kind("8m")
    got = _plays(obs, **DEFEND)
    assert got != kind("8m") and not (got < 27 and got % 9 in (1, 4, 7))
    assert _shanten(obs, got) == _shanten(obs, kind("8m"))


def test_l2_the_bot_does_not_feed_the_third_opening_of_a_one_suit_seat():
    """Seat 1 shows two 万 melds (two openings, one suit): a 万 it claims would be its third
    opening, and the discarder is liable for the 清一色 it may then win (L2): the three
    losers' sum 10 × (2² × 3) = 120, 240 hard → 168 (U = 1 + 0 + 1 each, a 自摸 or a 放冲),
    times feed 0.05: 8.4 more danger on 9m. Without the feed the bot discards the greedy 9m,
    with it another suit."""
    l2 = {1: [Meld.peng("333m", source=0), Meld.chi("567m", source=0)]}
    obs = table("1z1z3z3z6z6z13p57p9m79s4z", melds=l2, discards={1: "1p4s9s"})
    fed = discard_danger(obs, feed=0.05) - discard_danger(obs)
    assert fed[kind("9m")] == pytest.approx(8.4)
    assert fed[kind("1p")] == 0 and fed[kind("4z")] == 0
    assert _plays(obs, **DEFEND) == kind("9m")
    got = _plays(obs, **DEFEND, feed=0.05)
    assert not got < 9


@pytest.mark.parametrize(
    ("params", "words"),
    [({"danger_scale": -1.0}, "danger_scale"), ({"danger_margin": float("inf")}, "danger_margin"),
     ({"fold_shanten": 1.5}, "fold_shanten"), ({"fold_shanten": -1}, "fold_shanten"),
     ({"qys_share": 2}, "qys_share"), ({"feed": True}, "feed"), ({"weigh_draws": "yes"}, "weigh_draws"),
     ({"defend_by_value": 1}, "defend_by_value"), ({"reseed": None}, "reseed")],
)
def test_bad_defence_parameters_are_named(params, words):
    with pytest.raises(AgentError, match=words):
        ExpertAgent(**params)


def test_bad_defence_weights_are_named():
    obs = table("1z1z3z3z6z6z13m57p3s79p5m", melds=SOU_THREAT, discards=SOU_RIVERS)
    with pytest.raises(SimulationError, match="feed"):
        discard_danger(obs, feed=1.5)
    with pytest.raises(SimulationError, match="hard_share"):
        win_costs(obs, hard_share=-0.1)


def test_defence_parameters_round_trip():
    a = ExpertAgent(**DEFEND, feed=0.05, weigh_draws=True)
    assert a.params == {**EXPERT_PARAMETERS, **DEFEND, "feed": 0.05, "weigh_draws": True}
    assert set(DEFENCE_WEIGHTS) <= set(EXPERT_PARAMETERS)
    assert "feed=0.05" in repr(a)


def _effective(obs: Observation, discard: int) -> int:
    """The unseen copies (D6) of the draws that lower the seat's shanten after the discard,
    by the public analysis."""
    hand = list(obs.hand)
    hand.remove(discard)
    now = wuhan_shanten(hand, obs.melds[obs.seat], obs.laizi, obs.rules).value
    seen = obs.encode()["tiles"][:14].sum(axis=0)   # the hand, melds, discards, plays, indicator
    total = 0
    for t in range(34):
        if t == 33 or seen[t] >= 4:
            continue
        if wuhan_shanten([*hand, t], obs.melds[obs.seat], obs.laizi, obs.rules).value < now:
            total += 4 - seen[t]
    return total


def test_keep_draws_refuses_a_safer_discard_that_slows_the_hand():
    """The fold position: the safer 1m keeps the shanten of the greedy 3s but fewer unseen
    effective draws (counted here by the public analysis, W1–W3); with keep_draws above
    their ratio the bot keeps 3s, below it it plays 1m."""
    obs = table("1z1z3z3z6z6z13m57p3s79p5m", melds=SOU_THREAT, discards=SOU_RIVERS)
    ratio = _effective(obs, kind("1m")) / _effective(obs, kind("3s"))
    assert 0.5 < ratio < 1
    assert _plays(obs, **DEFEND, keep_draws=min(1.0, ratio + 0.05)) == kind("3s")
    assert _plays(obs, **DEFEND, keep_draws=ratio - 0.05) == kind("1m")


def test_p1_evaluate_gangs_departs_from_the_default_only_where_a_gang_is_legal():
    """With evaluate_gangs the bot plays the default bot's decision everywhere except on its
    turns with a 蓄杠 or 暗杠 legal, where it plays one of them or the greedy discard; the
    gang is declined somewhere (a 蓄杠's 抢杠 danger, L3, or the exposure of its fan, S1)."""
    default, gangs = ExpertAgent(reseed=False), ExpertAgent(reseed=False, evaluate_gangs=True)
    declined = 0
    for seed in range(60):
        h = NativeHand(Rules.preset("koukou"), seed=seed, dealer=seed % 4)
        while not h.over:
            s = h.current_player
            obs, codes = h.observation(s), h.legal_action_codes(s)
            a, b = default.act(obs, codes), gangs.act(obs, codes)
            offered = [c for c in codes if 57 <= c < 125]
            if h.phase == "turn" and offered and HU not in codes:
                discards = [c for c in codes if c < 34]
                assert b in offered or b == default.act(obs, discards)
                declined += b < 34 and a >= 57
            else:
                assert a == b
            h.step(s, a)
    assert declined > 0
