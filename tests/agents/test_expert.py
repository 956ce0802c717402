"""ExpertAgent (``wuhanmj.native.expert``): its decisions against a reference written here
from the public analysis (``wuhan_shanten``) and the Python greedy bot, on both engines;
the decisions it takes by value; its parameters; its strength against the greedy bot in
the duplicate arena.

The reference (the bot's rules, ``evaluate_hu`` and ``evaluate_claims`` off): hu when
legal; otherwise the greedy bot's choice, except that a claim (P2) whose shanten after it
(counted by ``wuhan_shanten`` on the hand and melds the claim leaves, a 碰/吃 hand's
complete shape counted as ready) equals the shanten now is passed, unless it is the seat's
first opening (W4: a win needs one) or a 冲杠, as the parameters say. With the defaults
the bot departs from it only at the two decisions it values: a hu on its turn against a
gang or a 癞子杠 it may play instead, and a claim that keeps the shanten against the pass.
"""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from wuhanmj import Game, Rules, shuffled_wall, simulate
from wuhanmj.agents import AGENTS, GreedyAgent, make_agent
from wuhanmj.hand.analysis import wuhan_shanten
from wuhanmj.errors import AgentError
from wuhanmj.game.actions import ACTIONS, CHONG_GANG, HONGZHONG_GANG, HU, LAIZI_GANG, PASS, PENG, XU_GANG
from wuhanmj.hand.meld import Meld
from wuhanmj.native.expert import EXPERT_PARAMETERS, MAX_SAMPLES, ExpertAgent, evaluate_options

PRESETS = ("kaikou", "koukou", "koukou_fan")
RULES_ONLY = {**EXPERT_PARAMETERS, "evaluate_hu": False, "evaluate_claims": False}


def _after_claim(obs, code: int, rules: Rules) -> int:
    """The shanten of the seat's hand after claiming the discard with ``code``."""
    seat, t = obs.seat, obs.claim_tile
    hand = list(obs.hand)
    if code == CHONG_GANG:
        take, meld = [t, t, t], Meld("chong_gang", [t] * 4, source=obs.turn)
    elif code == PENG:
        take, meld = [t, t], Meld("peng", [t] * 3, source=obs.turn)
    else:
        low = ACTIONS[code].low
        take = [x for x in (low, low + 1, low + 2) if x != t]
        meld = Meld("chi", [low, low + 1, low + 2], source=obs.turn)
    for x in take:
        hand.remove(x)
    value = wuhan_shanten(hand, (*obs.melds[seat], meld), obs.laizi, rules).value
    return value if code == CHONG_GANG else max(value, 0)


def reference(obs, codes, rules: Rules, params: dict) -> int:
    if HU in codes:
        return HU
    choice = GreedyAgent().act(obs, codes)
    if obs.phase != "claim" or choice == PASS:
        return choice
    now = wuhan_shanten(list(obs.hand), obs.melds[obs.seat], obs.laizi, rules).value
    if _after_claim(obs, choice, rules) < now:
        return choice
    opened = sum(1 for m in obs.melds[obs.seat] if m.kind != "an_gang")
    if (params["equal_other"] or (params["equal_first"] and opened == 0)
            or (params["equal_gang"] and choice == CHONG_GANG)):
        return choice
    return PASS


def _valued(obs, codes, want: int) -> set[int]:
    """The options the bot with the defaults may choose by value where the reference
    plays ``want``: a hu on its turn or a gang / 癞子杠 instead (S1, G4); a claim that keeps
    the shanten or the pass (P2). Elsewhere only ``want``."""
    if obs.phase == "turn" and want == HU:
        return {c for c in codes if c == HU or c == LAIZI_GANG or XU_GANG <= c < HONGZHONG_GANG}
    greedy = GreedyAgent().act(obs, codes)
    if obs.phase == "claim" and greedy not in (PASS, HU) and PASS in codes:
        now = wuhan_shanten(list(obs.hand), obs.melds[obs.seat], obs.laizi, Rules.coerce(obs.rules)).value
        if _after_claim(obs, greedy, obs.rules) >= now:
            return {PASS, greedy}
    return {want}


def _hands(rules: Rules, params: dict, n: int, seed: int) -> dict:
    """n hands of four ExpertAgents on the Python engine; at every decision of every seat
    that may act the agent's choice is checked against the reference (with the values
    ``evaluate_hu`` / ``evaluate_claims`` on: against :func:`_valued`)."""
    bot = ExpertAgent(**params)
    valued = params["evaluate_hu"] or params["evaluate_claims"]
    stats = {"decisions": 0, "claims_passed": 0, "departures": 0, "hu_deferred": 0}
    for k in range(n):
        rng = np.random.default_rng([seed, k])
        g = Game(rules, wall=shuffled_wall(seed * 1000 + k), dealer=int(rng.integers(4)))
        bot.reset(seed=k)
        while not g.over:
            for s in range(4):
                codes = g.legal_action_codes(s)
                if codes:
                    obs = g.observation(s)
                    want = reference(obs, codes, rules, params)
                    got = bot.act(obs, codes)
                    where = f"{rules.name} hand {k} seat {s} phase {obs.phase} codes {codes}"
                    if valued:
                        assert got in _valued(obs, codes, want), where
                    else:
                        assert got == want, where
                    stats["decisions"] += 1
                    stats["departures"] += got != want
                    stats["hu_deferred"] += want == HU and got != HU
                    if obs.phase == "claim" and want == PASS and GreedyAgent().act(obs, codes) != PASS:
                        stats["claims_passed"] += 1
            seat = g.current_player
            g.step(seat, bot.act(g.observation(seat), g.legal_action_codes(seat)))
    return stats


@pytest.mark.parametrize("preset", PRESETS)
def test_p2_w4_every_decision_is_the_reference_one(preset):
    stats = _hands(Rules.preset(preset), RULES_ONLY, 40, seed=7)
    assert stats["decisions"] > 1500
    assert stats["claims_passed"] > 10     # the positions where it differs from greedy occur


def test_p2_every_claim_kept_is_greedy_again():
    """All three parameters on: the greedy bot's decisions exactly (and the reference's)."""
    params = {**RULES_ONLY, "equal_first": True, "equal_gang": True, "equal_other": True}
    stats = _hands(Rules.koukou(), params, 30, seed=3)
    assert stats["claims_passed"] == 0


@pytest.mark.parametrize("params", [{"equal_first": False}, {"equal_gang": False}, {"equal_other": True}],
                         ids=lambda p: next(iter(p)))
def test_p2_each_parameter_plays_as_the_reference_says(params):
    stats = _hands(Rules.kaikou(), {**RULES_ONLY, **params}, 25, seed=5)
    assert stats["decisions"] > 1000


@pytest.mark.parametrize("preset", PRESETS)
def test_s1_g4_p2_the_defaults_depart_only_where_they_value(preset):
    """The defaults: every decision is the reference one or, at a hu on the seat's turn
    or a claim that keeps the shanten, one of the options valued; both departures occur."""
    stats = _hands(Rules.preset(preset), EXPERT_PARAMETERS, 40, seed=7)
    assert stats["decisions"] > 1500
    assert stats["departures"] > 5


def _departures(rules: Rules, hands: int, seed: int):
    """Four default experts on the native engine: the claim windows (hand, seat, codes,
    the bot's choice, the option it left) where the bot and its rules differ."""
    from wuhanmj.native.handapi import NativeHand

    bot, rule = ExpertAgent(), ExpertAgent(**RULES_ONLY)
    out = []
    for k in range(hands):
        h = NativeHand(rules, seed=seed * 1000 + k)
        bot.reset(seed=k)
        while not h.over:
            s = h.current_player
            codes = h.legal_action_codes(s)
            obs = h.observation(s)
            got = bot.act(obs, codes)
            if h.phase == "claim" and HU not in codes:
                other = rule.act(obs, codes)
                if other != got:
                    out.append((h.clone(), s, got, other))
            h.step(s, got)
    return out


@pytest.mark.parametrize("preset", ["kaikou", "koukou"])
def test_p2_a_claim_it_values_follows_the_evaluation(preset):
    """Where the bot's claim (or pass) differs from its rules', the evaluation with 30×
    its samples (evaluate_options, other sequences) ranks the bot's choice first in most
    of them: the bot plays what the documented evaluation says, not its rules."""
    found = _departures(Rules.preset(preset), 60, seed=3)
    assert len(found) >= 20, len(found)
    agree = 0
    for h, s, got, other in found:
        v = evaluate_options(h, s, [got, other], samples=64 * 30, seed=1)
        agree += v[0, 2] >= v[1, 2]
    assert agree >= 0.7 * len(found), (agree, len(found))


def test_s1_x1_a_hu_at_jinding_is_never_given_up():
    """A hu on the seat's turn whose settlement is 金顶 (the fixed gold amount, X1, D9) cannot
    be raised by a gang's fan: the bot takes it rather than a 癞子杠 or gang (checked by
    replaying the hand on the Python engine and declaring the hu there)."""
    from wuhanmj.native.handapi import NativeHand

    bot = ExpertAgent()
    seen = 0
    for k in range(1200):
        h = NativeHand(Rules.preset(PRESETS[k % 3]), seed=k)
        bot.reset(seed=k)
        while not h.over:
            s = h.current_player
            codes = h.legal_action_codes(s)
            got = bot.act(h.observation(s), codes)
            if (h.phase == "turn" and HU in codes
                    and any(c == LAIZI_GANG or XU_GANG <= c < HONGZHONG_GANG for c in codes)):
                game = Game.replay(h.events)
                game.step(s, HU)
                while game.result is None:
                    game.step(game.current_player, PASS)
                if game.result.win.settlement.jinding:
                    seen += 1
                    assert got == HU, (k, s, codes)
            h.step(s, got)
    assert seen >= 5, seen


@pytest.mark.parametrize("preset", PRESETS)
def test_m1_the_same_hands_on_both_engines(preset, tmp_path):
    out = {}
    for engine in ("native", "python"):
        path = tmp_path / f"{engine}.jsonl"
        res = simulate(hands=60, agents=["expert", "greedy", ExpertAgent(equal_first=False), "random"],
                       rules=preset, seed=13, match_hands=6, engine=engine, records=str(path), workers=1)
        out[engine] = (res, path.read_bytes())
    assert out["native"][0] == out["python"][0] and out["native"][1] == out["python"][1]
    assert out["native"][0].agents[0] == "expert"


def test_vectorenv_plays_expert_opponents_on_both_backends():
    from wuhanmj.envs.vector import VectorEnv

    traces = {}
    for backend in ("native", "python"):
        v = VectorEnv(3, rules="koukou", opponents="expert", backend=backend)
        assert v.backend == backend
        obs, masks = v.reset(seed=4)
        trace = [obs.copy()]
        for _ in range(60):
            obs, r, d, masks = v.step(np.array([np.flatnonzero(m)[0] for m in masks]))
            trace += [obs.copy(), r.copy(), d.copy()]
        traces[backend] = trace
    assert all((a == b).all() for a, b in zip(traces["native"], traces["python"], strict=True))


def test_made_by_name_copied_and_pickled_with_its_parameters():
    assert "expert" in AGENTS
    a = make_agent("expert")
    assert isinstance(a, ExpertAgent) and a.name == "expert" and a.params == EXPERT_PARAMETERS
    b = ExpertAgent(equal_other=True)
    assert repr(b) == "ExpertAgent(equal_other=True)" and repr(a) == "ExpertAgent()"
    for c in (copy.copy(b), copy.deepcopy(b), pickle.loads(pickle.dumps(b))):
        assert type(c) is ExpertAgent and c.params == b.params


@pytest.mark.parametrize("params, words", [({"fold": True}, "unknown parameter 'fold'"),
                                           ({"equal_first": 1}, "equal_first must be True or False"),
                                           ({"evaluate_claims": None}, "evaluate_claims must be True or False"),
                                           ({"samples": 0}, f"samples must be an int from 1 to {MAX_SAMPLES}"),
                                           ({"samples": MAX_SAMPLES + 1}, "samples must be an int"),
                                           ({"samples": 64.0}, "samples must be an int"),
                                           ({"samples": True}, "samples must be an int"),
                                           ({"hu_margin": -0.1}, "hu_margin must be a number >= 0"),
                                           ({"hu_margin": float("nan")}, "hu_margin must be a number"),
                                           ({"hu_margin": float("inf")}, "hu_margin must be a number"),
                                           ({"hu_margin": "1"}, "hu_margin must be a number")])
def test_bad_parameters_are_named(params, words):
    with pytest.raises(AgentError, match=words):
        ExpertAgent(**params)


@pytest.mark.parametrize("preset, mode", [("kaikou", "1v3"), ("koukou", "1v3"), ("kaikou", "2v2")])
def test_the_ladder_expert_beats_greedy_at_a_small_size(preset, mode):
    """The arena's paired 95% interval of expert − greedy lies above 0 (5,000 walls, a
    fixed seed; docs/BOTS.md has the full ladder)."""
    from wuhanmj import arena

    res = arena(["expert", "greedy"], mode=mode, hands=5000, rules=preset, seed=2)
    (diff,) = res.differences()
    assert diff["agent"] == "expert" and diff["baseline"] == "greedy"
    assert diff["ci95"][0] > 0, diff


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["1v3", "2v2"])
@pytest.mark.parametrize("preset", ["kaikou", "koukou", "koukou_fan"])
def test_the_full_ladder_random_greedy_expert(preset, mode):
    """docs/BOTS.md at its size (20,000 walls, seed 1): every step of random < greedy <
    expert has its paired 95% interval above 0, under each preset and mode."""
    from wuhanmj import arena

    for challenger, baseline in (("greedy", "random"), ("expert", "greedy")):
        res = arena([challenger, baseline], mode=mode, hands=20000, rules=preset, seed=1, workers=2)
        (diff,) = res.differences()
        assert diff["agent"] == challenger and diff["baseline"] == baseline
        assert diff["ci95"][0] > 0, (preset, mode, diff)


@pytest.mark.parametrize("bad", [999, -1, 2 ** 40, True, 1.5, "1", None])
def test_act_refuses_a_legal_list_with_a_value_that_is_not_an_action_code(bad):
    from wuhanmj.native.handapi import NativeHand

    h = NativeHand(seed=1)
    s = h.current_player
    codes = sorted(h.legal_action_codes(s))
    with pytest.raises(AgentError, match=r"legal_actions\[1\]"):
        ExpertAgent().act(h.observation(s), [codes[0], bad])


def test_act_given_numpy_codes_returns_a_code():
    from wuhanmj.native.handapi import NativeHand

    h = NativeHand(seed=1)
    s = h.current_player
    codes = sorted(h.legal_action_codes(s))
    got = ExpertAgent().act(h.observation(s), np.array(codes, dtype=np.int64))
    assert got == ExpertAgent().act(h.observation(s), codes) and type(got) is int
