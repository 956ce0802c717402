"""Agents: the protocol, RandomAgent, GreedyAgent.

GreedyAgent's choices are checked against positions worked out by hand and,
on many positions from real games, against the public analysis functions
(``discard_advice``, ``wuhan_shanten``) that define its policy.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from wuhanmj.game.actions import (
    ACTIONS,
    AN_GANG,
    CHI,
    CHONG_GANG,
    DISCARD,
    HONGZHONG_GANG,
    HU,
    LAIZI_GANG,
    PASS,
    PENG,
    PIZI_GANG,
    XU_GANG,
    Discard,
    Hu,
    Pass,
    Peng,
)
from wuhanmj.agents.base import GreedyAgent, RandomAgent, agent_name, make_agent
from wuhanmj.errors import AgentError, WuhanMJError
from wuhanmj.game.engine import Game
from wuhanmj.hand.meld import Meld
from wuhanmj.game.observation import Observation
from wuhanmj.rules import Rules
from wuhanmj.sim.simulate import simulate
from wuhanmj.tiles import parse_tile, parse_tiles


def make_obs(hand, *, codes, phase="turn", seat=0, melds=(), claim_tile=None, turn=None,
             indicator="4z", laizi="6z", pizi=(), discards=((), (), (), ())):
    """A hand-made observation (indicator 北 -> 癞子 发 by default, no 痞子)."""
    all_melds = [(), (), (), ()]
    all_melds[seat] = tuple(melds)
    hand_t = tuple(sorted(parse_tiles(hand)))
    return Observation(
        seat=seat, hand=hand_t, drawn=None, hand_sizes=(len(hand_t), 13, 13, 13),
        melds=tuple(all_melds), discards=tuple(tuple(d) for d in discards),
        special_plays=((), (), (), ()), indicator=parse_tile(indicator), laizi=parse_tile(laizi),
        pizi=tuple(parse_tile(p) for p in pizi), prev_laizi=None, tiles_left=50, dealer=0,
        scores=(0, 0, 0, 0), phase=phase, turn=seat if turn is None else turn, current_player=seat,
        claim_tile=None if claim_tile is None else parse_tile(claim_tile),
        legal_actions=tuple(sorted(codes)), rules_pizi=bool(pizi),
    )


def act(obs):
    return GreedyAgent().act(obs, [ACTIONS[c] for c in obs.legal_actions])


# ---------------------------------------------------------------- RandomAgent
def test_random_agent_returns_a_legal_action_reproducibly():
    legal = [Discard("1m"), Discard("5p"), Peng(), Pass()]
    a, b = RandomAgent(seed=7), RandomAgent(seed=7)
    picks = [a.act(None, legal) for _ in range(50)]
    assert picks == [b.act(None, legal) for _ in range(50)]
    assert set(picks) <= set(legal) and len(set(picks)) > 1
    a.reset(seed=7)
    assert [a.act(None, legal) for _ in range(50)] == picks


def test_random_agent_pickles_with_its_state():
    a = RandomAgent(seed=3)
    a.act(None, [1, 2, 3])
    b = pickle.loads(pickle.dumps(a))
    assert [a.act(None, list(range(9))) for _ in range(20)] == [b.act(None, list(range(9))) for _ in range(20)]


def test_random_agent_rejects_no_choice():
    with pytest.raises(AgentError, match="no legal action"):
        RandomAgent(seed=1).act(None, [])


def test_greedy_agent_rejects_no_observation_or_no_choice():
    g = Game(seed=1)
    with pytest.raises(AgentError, match="observation"):
        GreedyAgent().act(None, list(g.legal_action_codes(0)))
    with pytest.raises(AgentError, match="no legal action"):
        GreedyAgent().act(g.observation(0), [])


# ---------------------------------------------------------------- protocol
def first_legal(observation, legal_actions):
    """A plain function used as an agent."""
    return legal_actions[0]


def test_a_plain_callable_is_an_agent():
    r = simulate(hands=4, agents=[first_legal, "random", "random", "random"], seed=1)
    assert r.agents == ("first_legal", "random", "random", "random")
    assert r.hands == 4


def test_make_agent_by_name_and_import_path():
    assert isinstance(make_agent("greedy"), GreedyAgent)
    assert isinstance(make_agent("wuhanmj.agents:RandomAgent"), RandomAgent)
    assert agent_name(make_agent("random")) == "random"
    for bad in ("nobody", "no.such.module:X", "wuhanmj.agents:Nothing", 42, "json:JSONDecodeError"):
        with pytest.raises(AgentError, match="agent"):
            make_agent(bad)


def test_an_illegal_answer_names_the_seat():
    def cheat(observation, legal_actions):
        return Hu()

    with pytest.raises(WuhanMJError, match="seat 0"):
        simulate(hands=1, agents=[cheat, "random", "random", "random"], seed=1)


# ---------------------------------------------------------------- GreedyAgent, worked by hand
def test_greedy_always_declares_a_legal_hu():
    obs = make_obs("123m456p789s22p55s", codes=[HU, PASS], phase="claim", claim_tile="5s", turn=2,
                   melds=())
    assert act(obs) == Hu()


def test_greedy_p3_plays_hongzhong_at_once():
    obs = make_obs("123m456p789s22p55s7z", codes=[DISCARD + t for t in parse_tiles("1m2m3m4p5p6p7s8s9s2p5s")] + [HONGZHONG_GANG])
    assert act(obs).code == HONGZHONG_GANG


def test_greedy_r3_plays_pizi_at_once():
    # indicator 5m: 癞子 6m, 痞子 4m and 5m (R3)
    obs = make_obs("123m456p789s22p55s4m", indicator="5m", laizi="6m", pizi=("4m", "5m"),
                   codes=[DISCARD + t for t in parse_tiles("1m2m3m4p5p6p7s8s9s2p5s")] + [PIZI_GANG + parse_tile("4m")])
    assert act(obs).code == PIZI_GANG + parse_tile("4m")


def test_greedy_w8_keeps_a_single_laizi_and_plays_a_second():
    one = make_obs("123m456p789s22p55s6z", codes=[DISCARD + t for t in parse_tiles("1m2m3m4p5p6p7s8s9s2p5s")] + [LAIZI_GANG])
    assert act(one).code != LAIZI_GANG
    two = make_obs("123m456p789s22p5s66z", codes=[DISCARD + t for t in parse_tiles("1m2m3m4p5p6p7s8s9s2p5s")] + [LAIZI_GANG])
    assert act(two).code == LAIZI_GANG


def test_greedy_discards_the_isolated_honor():
    # 123m 456p 789s 22p 55s + 1z: ready after letting the lone 东 go (shanten 0); any
    # other discard breaks a set or a pair.
    hand = "123m456p789s22p55s1z"
    obs = make_obs(hand, codes=[DISCARD + t for t in set(parse_tiles(hand))])
    assert act(obs) == Discard("1z")


def test_greedy_claims_peng_that_keeps_it_ready():
    # 22m 55p 123s 456s 789s: ready (2m/5p). Seat 2 discards 2m; not open yet, so no hu (W4).
    # 碰 2m leaves 55p + three sets: complete, ready again after a discard: not worse.
    obs = make_obs("22m55p123s456s789s", codes=[PENG, PASS], phase="claim", claim_tile="2m", turn=2)
    assert act(obs) == Peng()


def test_greedy_passes_on_a_peng_that_breaks_its_chows():
    # 234m 345m 678p 22s 99s: ready (0; 22s pair, 99s waits for a third 9s).
    # 碰 3m leaves 2m 4m 4m 5m 678p 22s 99s with 333m: two sets short, shanten 1: worse -> pass.
    obs = make_obs("234m345m678p22s99s", codes=[PENG, PASS], phase="claim", claim_tile="3m", turn=2)
    assert act(obs) == Pass()


def test_greedy_prefers_chong_gang_to_peng_on_a_tie():
    # 777s held three times; both claims leave 123m 456p 22p 55m... (worked: same shanten) -> 冲杠.
    obs = make_obs("777s123m456p22p55m", codes=[PENG, CHONG_GANG, PASS], phase="claim", claim_tile="7s", turn=2)
    assert act(obs).code == CHONG_GANG


def test_greedy_passes_a_rob_or_haidi_without_hu():
    obs = make_obs("123m456p789s22p5s", codes=[PASS], phase="rob", claim_tile="9m", turn=1)
    assert act(obs) == Pass()


# ---------------------------------------------------------------- GreedyAgent against the analysis API
def _positions(n_hands: int, rules: Rules):
    """Observations met in hands played by random agents (turns and claim windows)."""
    rng = np.random.default_rng(0)
    for seed in range(n_hands):
        g = Game(rules, seed=seed)
        while not g.over:
            s = g.current_player
            yield g.observation(s)
            codes = g.legal_action_codes(s)
            g.step(s, codes[int(rng.integers(len(codes)))])


def _visible(obs):
    seen = [obs.indicator]
    for s in range(4):
        seen += list(obs.discards[s]) + [t for _, t in obs.special_plays[s]]
        if s != obs.seat:
            for m in obs.melds[s]:
                seen += list(m.tiles)
    return seen


@pytest.mark.parametrize("rules", [Rules.kaikou(), Rules.koukou_fan()], ids=["kaikou", "koukou_fan"])
def test_greedy_discard_is_discard_advice_first_option(rules):
    from wuhanmj.hand.analysis import discard_advice

    checked = 0
    for obs in _positions(25, rules):
        codes = set(obs.legal_actions)
        if obs.phase != "turn" or HU in codes or HONGZHONG_GANG in codes:
            continue
        if any(PIZI_GANG <= c < LAIZI_GANG for c in codes) or any(XU_GANG <= c < AN_GANG + 34 for c in codes):
            continue
        if LAIZI_GANG in codes and obs.hand.count(obs.laizi) >= 2:
            continue
        advice = discard_advice(list(obs.hand), list(obs.melds[obs.seat]), obs.laizi, rules, _visible(obs))
        legal = [o for o in advice if DISCARD + o.tile in codes]
        if not legal:
            continue
        assert act(obs) == Discard(legal[0].tile), (obs.hand, legal[:3])
        checked += 1
    assert checked > 300


def test_greedy_claims_iff_wuhan_shanten_does_not_worsen():
    from wuhanmj.hand.analysis import wuhan_shanten

    rules = Rules.kaikou()
    checked = claimed = 0
    for obs in _positions(25, rules):
        codes = set(obs.legal_actions)
        if obs.phase != "claim" or HU in codes:
            continue
        hand, melds, t = list(obs.hand), list(obs.melds[obs.seat]), obs.claim_tile
        now = wuhan_shanten(hand, melds, obs.laizi, rules).value
        ok = []
        for c in codes:
            if c == CHONG_GANG:
                h = hand.copy()
                for _ in range(3):
                    h.remove(t)
                after = wuhan_shanten(h, melds + [Meld.chong_gang([t] * 4, source=obs.turn)], obs.laizi, rules).value
            elif c == PENG:
                h = hand.copy()
                for _ in range(2):
                    h.remove(t)
                after = max(0, wuhan_shanten(h, melds + [Meld.peng([t] * 3, source=obs.turn)], obs.laizi, rules).value)
            elif CHI <= c < PENG:
                chow = list(ACTIONS[c].tiles)
                h = hand.copy()
                for x in chow:
                    if x != t:
                        h.remove(x)
                after = max(0, wuhan_shanten(h, melds + [Meld.chi(chow, source=obs.turn)], obs.laizi, rules).value)
            else:
                continue
            if after <= now:
                ok.append((after, 0 if c == CHONG_GANG else 1 if c == PENG else 2, c))
        choice = act(obs).code
        if ok:
            assert choice == min(ok)[2]
            claimed += 1
        else:
            assert choice == PASS
        checked += 1
    assert checked > 100 and claimed > 10


# ---------------------------------------------------------------- strength
def test_greedy_beats_random_by_a_wide_margin():
    r = simulate(hands=120, agents="greedy,random,greedy,random", seed=2026)
    wr = r.win_rate_by_agent
    pay = r.payments_by_agent
    print(f"\ngreedy win rate {wr['greedy']:.3f} vs random {wr['random']:.3f}; "
          f"mean payment greedy {pay['greedy'].mean:+.1f} vs random {pay['random'].mean:+.1f} points per hand")
    assert wr["greedy"] > wr["random"] + 0.30
    lo, _ = pay["greedy"].ci95
    assert lo > 0  # greedy's mean gain per hand is positive with 95 % confidence
