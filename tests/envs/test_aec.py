"""The PettingZoo AEC environment wuhan_mahjong_v0: PettingZoo's own
API and seed tests, claims jumping to the claimant, rewards, recorded hands reproduced,
illegal actions, masks over thousands of random hands."""

from __future__ import annotations

import io
import json
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from helpers.walls import B_HANDS  # noqa: E402
from wuhanmj import Rules, scripted_wall, shuffled_wall, simulate  # noqa: E402
from wuhanmj.envs import wuhan_mahjong_v0  # noqa: E402
from wuhanmj.envs.encoding import OBS_SIZE, ORACLE_SIZE, encode_observation  # noqa: E402
from wuhanmj.envs.episode import episode_seeds  # noqa: E402
from wuhanmj.errors import EnvError, IllegalActionError  # noqa: E402
from wuhanmj.game.actions import PASS, PENG  # noqa: E402
from wuhanmj.tiles import parse_tile  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet():
    # PettingZoo's api_test warns about Dict observations (as for every classic env)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("rules", ["kaikou", "koukou", "koukou_fan"])
def test_pettingzoo_api_test(rules):
    api_test(wuhan_mahjong_v0.env(rules=rules), num_cycles=1000)


def test_pettingzoo_api_test_raw_and_oracle():
    api_test(wuhan_mahjong_v0.raw_env(rules="koukou"), num_cycles=1000)
    e = wuhan_mahjong_v0.env(rules="koukou", oracle=True)
    api_test(e, num_cycles=1000)
    e.reset(seed=1)
    assert e.observation_space("player_0")["observation"].shape == (ORACLE_SIZE,)
    assert e.last()[0]["observation"].shape == (ORACLE_SIZE,)


@pytest.mark.parametrize("rules", ["koukou", "koukou_fan"])
def test_pettingzoo_seed_test(rules):
    seed_test(lambda: wuhan_mahjong_v0.env(rules=rules), num_cycles=500)


def test_max_cycles_test_does_not_apply():
    """PettingZoo's max_cycles_test needs a parallel_env and a max_cycles argument: a
    turn-based classic env has neither (not parallelizable), and a hand ends by itself
    (G2, G3: at most 82 draws), so there is no truncation to test."""
    assert wuhan_mahjong_v0.raw_env.metadata["is_parallelizable"] is False
    assert not hasattr(wuhan_mahjong_v0, "parallel_env")


def test_metadata_agents_and_spaces():
    e = wuhan_mahjong_v0.env()
    e.reset(seed=0)
    assert e.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert e.metadata["name"] == "wuhan_mahjong_v0" and e.metadata["render_modes"] == ["ansi"]
    assert e.metadata["encoding_version"] == 1
    sp = e.observation_space("player_2")
    assert sp["observation"].shape == (OBS_SIZE,) and sp["observation"].dtype == np.int8
    assert sp["action_mask"].shape == (163,) and sp["action_mask"].dtype == np.int8
    assert e.action_space("player_1").n == 163


def _play(e, rng, max_steps=10_000):
    """Random masked actions until every agent has left; returns the steps taken."""
    n = 0
    for agent in e.agent_iter(max_steps):
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[int(rng.random() * len(legal))]))
        n += 1
    return n


def test_many_hands_through_reset_without_seed():
    """reset() without a seed deals the next episode: 60 hands, 1,000+ cycles in all."""
    e = wuhan_mahjong_v0.env(rules="koukou")
    rng = np.random.default_rng(0)
    e.reset(seed=9)
    walls, steps = set(), 0
    for _ in range(60):
        walls.add(tuple(e.unwrapped.game.state.wall))
        steps += _play(e, rng)
        e.reset()
    assert len(walls) == 60 and steps >= 4 * 1000


def test_reset_seed_deals_the_documented_wall():
    e = wuhan_mahjong_v0.raw_env(rules="koukou")
    e.reset(seed=123)
    assert e.game.state.wall == shuffled_wall(episode_seeds(123, 0).wall)
    e.reset()
    assert e.game.state.wall == shuffled_wall(episode_seeds(123, 1).wall)
    assert e.game.dealer == 0


def test_agent_selection_jumps_to_the_claimant():
    """Wall B: the dealer discards 2z; only seat 3 may 碰 it, so player_3 is selected next
    (players 1 and 2, with nothing to claim, are skipped, P2)."""
    wall = scripted_wall(B_HANDS, "8s", draws=["7m"])
    e = wuhan_mahjong_v0.env(rules="kaikou")
    e.reset(options={"wall": wall})
    assert e.agent_selection == "player_0"
    e.step(parse_tile("2z"))
    assert e.agent_selection == "player_3"
    mask = e.last()[0]["action_mask"]
    assert np.flatnonzero(mask).tolist() == [PENG, PASS]
    # the other agents see an all-zero mask (they are not selected)
    assert not e.observe("player_1")["action_mask"].any()
    e.step(PENG)
    assert e.agent_selection == "player_3"  # the claimer discards (P2)
    assert e.unwrapped.game.phase == "turn"


def test_rewards_are_payments_over_the_gold_cap_and_sum_to_zero():
    for seed in range(6):
        e = wuhan_mahjong_v0.env(rules="koukou")
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        got = {}
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            if term:
                got[agent] = reward
                e.step(None)
                continue
            assert reward == 0
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[int(rng.random() * len(legal))]))
        res = e.unwrapped.game.result
        assert got == {f"player_{s}": res.payments[s] / 500 for s in range(4)}  # koukou 金顶 500
        assert abs(sum(got.values())) < 1e-9


def test_reward_scale_is_a_parameter():
    e = wuhan_mahjong_v0.raw_env(rules="kaikou", reward_scale=100)
    assert e.scale == 100.0
    assert wuhan_mahjong_v0.raw_env(rules="kaikou").scale == 400.0
    assert wuhan_mahjong_v0.raw_env(rules="koukou_fan").scale == 150.0  # gold_money
    for bad in (0, -1, "x", float("nan"), True):
        with pytest.raises(EnvError, match="reward_scale"):
            wuhan_mahjong_v0.raw_env(reward_scale=bad)


def test_the_env_reproduces_recorded_hands_exactly():
    """Hands recorded by simulate (a match of 8: dealers, 连癞 and scores carried over),
    replayed in the AEC env with the actions the engine took: every event and the
    rewards equal the record's."""
    buf = io.StringIO()
    simulate(hands=8, rules="koukou_fan", agents="greedy,random,greedy,random", seed=5, records=buf)
    lines = [json.loads(x) for x in buf.getvalue().splitlines() if x.strip()]
    assert len(lines) == 8
    rules = Rules.koukou_fan()
    for rec in lines:
        events = rec["events"]
        deal = events[0]
        e = wuhan_mahjong_v0.env(rules=rules)
        e.reset(options={"deal": deal})
        for ev in events:
            if "action" in ev:
                assert e.agent_selection == f"player_{ev['seat']}"
                e.step(ev["action"])
        g = e.unwrapped.game
        assert g.over and g.events == events
        for s in range(4):
            assert e.unwrapped.rewards[f"player_{s}"] == rec["result"]["payments"][s] / 150


def test_raw_env_raises_on_an_illegal_action_and_keeps_the_hand():
    e = wuhan_mahjong_v0.raw_env(rules="koukou")
    e.reset(seed=2)
    before = e.game.to_dict()
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    with pytest.raises(EnvError, match="terminated agent only"):  # None: a wrong type, not an illegal action
        e.step(None)
    assert e.game.to_dict() == before and e.agent_selection == "player_0"


_NOT_ACTIONS = (None, 1.5, "3", True, np.float32(2), [3], 163, -1)


@pytest.mark.parametrize("make", [wuhan_mahjong_v0.raw_env, wuhan_mahjong_v0.env])
def test_a_value_that_is_not_an_action_code_is_an_env_error_not_an_illegal_move(make):
    """Even wrapped (TerminateIllegalWrapper), a wrong type or range raises EnvError and
    changes nothing; only a code that is not legal now is an illegal move."""
    e = make(rules="koukou")
    e.reset(seed=2)
    before = e.unwrapped.game.to_dict()
    for bad in _NOT_ACTIONS:
        with pytest.raises(EnvError, match="action"):
            e.step(bad)
    assert e.unwrapped.game.to_dict() == before and e.agent_selection == "player_0"
    assert not any(e.terminations.values()) and all(r == 0 for r in e.rewards.values())
    legal = np.flatnonzero(e.last()[0]["action_mask"])
    e.step(int(legal[0]))  # the hand goes on


@pytest.mark.parametrize("make", [wuhan_mahjong_v0.raw_env, wuhan_mahjong_v0.env])
def test_a_terminated_agent_steps_with_none_only(make):
    e = make(rules="koukou")
    e.reset(seed=2)
    illegal = int(np.flatnonzero(e.last()[0]["action_mask"] == 0)[0])
    if make is wuhan_mahjong_v0.env:
        e.step(illegal)  # the hand ends: every agent terminated
    else:
        e.terminations = dict.fromkeys(e.agents, True)
    with pytest.raises(EnvError, match="only action is None"):
        e.step(3)
    e.step(None)  # PettingZoo's dead step still works


def test_wrapped_env_ends_the_hand_on_an_illegal_action():
    """PettingZoo's classic convention: the offender gets -1, the others 0, all terminate."""
    e = wuhan_mahjong_v0.env(rules="koukou")
    e.reset(seed=2)
    obs = e.last()[0]
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards["player_0"] == -1 and all(e.rewards[f"player_{s}"] == 0 for s in (1, 2, 3))


def test_numpy_integer_actions_are_read_as_codes():
    e = wuhan_mahjong_v0.raw_env(rules="koukou")
    e.reset(seed=4)
    legal = np.flatnonzero(e.observe("player_0")["action_mask"])
    e.step(np.int32(legal[0]))
    assert all(type(ev.get("action", 0)) is int for ev in e.game.events)


def test_reset_options_are_checked():
    e = wuhan_mahjong_v0.raw_env()
    with pytest.raises(EnvError, match="unknown"):
        e.reset(options={"wal": []})
    with pytest.raises(EnvError, match="go with a wall"):
        e.reset(options={"dealer": 1})
    with pytest.raises(EnvError, match="deal event"):
        e.reset(options={"deal": {"type": "draw"}})
    with pytest.raises(EnvError, match="seed"):
        e.reset(seed=-1)
    with pytest.raises(EnvError, match="reset"):
        wuhan_mahjong_v0.raw_env().step(0)


def test_observation_is_the_seats_encoding():
    e = wuhan_mahjong_v0.raw_env(rules="kaikou")
    e.reset(seed=8)
    g = e.game
    for s in range(4):
        assert np.array_equal(e.observe(f"player_{s}")["observation"], encode_observation(g.observation(s), g.rules))
    assert e.state().shape == (ORACLE_SIZE,)


def test_render_ansi_shows_the_table():
    e = wuhan_mahjong_v0.env(rules="koukou", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert "player_0 庄" in text and "indicator" in text and "legal:" in text
    assert wuhan_mahjong_v0.raw_env().render() is None
    with pytest.raises(EnvError, match="render_mode"):
        wuhan_mahjong_v0.raw_env(render_mode="human")


def _masks_never_all_false(hands: int) -> None:
    rng = np.random.default_rng(12)
    decisions = 0
    for i in range(hands):
        e = wuhan_mahjong_v0.raw_env(rules=("kaikou", "koukou", "koukou_fan")[i % 3])
        e.reset(seed=i)
        g = e.game
        while not g.over:
            agent = e.agent_selection
            m = e.action_mask(agent)
            legal = np.flatnonzero(m)
            assert legal.size > 0
            assert tuple(legal.tolist()) == g.legal_action_codes(g.current_player)
            e.step(int(legal[int(rng.random() * legal.size)]))
            decisions += 1
        assert all(e.terminations.values())
    assert decisions > hands * 50


def test_a_mask_is_never_all_false_in_200_random_hands():
    _masks_never_all_false(200)


@pytest.mark.soak
def test_a_mask_is_never_all_false_while_a_hand_runs():
    """Every decision of 2,000 random hands (all four seats, three rule sets): the selected
    agent's mask has a legal code, and it is exactly the engine's legal codes."""
    _masks_never_all_false(2000)
