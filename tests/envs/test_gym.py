"""The Gymnasium environment wuhanmj/WuhanMahjong-v0: Gymnasium's
env checker, masks for MaskablePPO, seats, opponents, illegal actions, rewards."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import wuhanmj.envs  # noqa: E402,F401  (registers the id)
from wuhanmj import GreedyAgent  # noqa: E402
from wuhanmj.envs import ENV_ID, WuhanMahjongEnv  # noqa: E402
from wuhanmj.envs.encoding import OBS_SIZE, ORACLE_SIZE, encode_observation  # noqa: E402
from wuhanmj.envs.episode import episode_seeds  # noqa: E402
from wuhanmj.errors import EnvError, IllegalActionError, RulesError  # noqa: E402


def _random_episode(env, rng):
    """Play one episode with random masked actions; returns (steps, total reward, info)."""
    steps, total, info = 0, 0.0, None
    terminated = False
    mask = env.unwrapped.action_masks()
    while not terminated:
        legal = np.flatnonzero(mask)
        _, r, terminated, truncated, info = env.step(int(legal[int(rng.random() * len(legal))]))
        assert not truncated
        mask = info["action_mask"]
        assert np.array_equal(mask.astype(bool), env.unwrapped.action_masks())
        if not terminated:
            assert r == 0 and mask.any()
        total += r
        steps += 1
    assert not mask.any()
    return steps, total, info


@pytest.mark.parametrize("rules", ["kaikou", "koukou", "koukou_fan"])
def test_gymnasium_check_env(rules):
    env = gymnasium.make(ENV_ID, rules=rules, opponents="greedy", seat=None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings too
        check_env(env.unwrapped)


def test_check_env_oracle_and_random_opponents():
    check_env(gymnasium.make(ENV_ID, rules="koukou", opponents="random", oracle=True).unwrapped)


def test_make_takes_the_documented_arguments():
    env = gymnasium.make(ENV_ID, opponents="greedy", rules="koukou", seat=None)
    obs, info = env.reset(seed=3)
    assert obs.shape == (OBS_SIZE,) and obs.dtype == np.int8
    assert env.observation_space.shape == (OBS_SIZE,) and env.action_space.n == 163
    assert info["seat"] == episode_seeds(3, 0).seat and info["episode_index"] == 0
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].shape == (163,)
    assert gymnasium.make(ENV_ID, oracle=True).observation_space.shape == (ORACLE_SIZE,)


def test_the_observation_is_the_learners_encoding():
    env = WuhanMahjongEnv(rules="kaikou", seat=1)
    obs, info = env.reset(seed=4)
    g = env.table.game
    assert g.current_player == 1
    assert np.array_equal(obs, encode_observation(g.observation(1), g.rules))
    assert np.flatnonzero(info["action_mask"]).tolist() == list(g.legal_action_codes(1))


def test_fixed_and_drawn_seats():
    env = WuhanMahjongEnv(rules="koukou", seat=2)
    assert {env.reset(seed=s)[1]["seat"] for s in range(8)} == {2}
    env = WuhanMahjongEnv(rules="koukou", seat=None)
    seats = [env.reset(seed=s)[1]["seat"] for s in range(40)]
    assert seats == [episode_seeds(s, 0).seat for s in range(40)] and set(seats) == {0, 1, 2, 3}


def test_episodes_end_with_the_payment_over_the_gold_cap():
    env = WuhanMahjongEnv(rules="koukou", opponents="random")
    rng = np.random.default_rng(1)
    nonzero = 0
    for seed in range(15):
        _, info = env.reset(seed=seed)
        seat = info["seat"]
        _, total, _ = _random_episode(env, rng)
        res = env.table.game.result
        assert env.table.game.over and total == res.payments[seat] / 500
        nonzero += total != 0
    assert nonzero > 0


def test_reset_without_seed_deals_the_next_episode():
    env = WuhanMahjongEnv(rules="koukou")
    env.reset(seed=11)
    walls = [tuple(env.table.game.state.wall)]
    for k in (1, 2):
        _, info = env.reset()
        assert info["episode_index"] == k
        walls.append(tuple(env.table.game.state.wall))
    assert len(set(walls)) == 3
    again = WuhanMahjongEnv(rules="koukou")
    again.reset(seed=11)
    again.reset()
    assert tuple(again.table.game.state.wall) == walls[1]


def test_opponents_are_seeded_from_the_episode():
    """Random opponents: the same seed plays the same hand twice (the opponents' generators
    are reset with the episode's agent seeds)."""
    rng_actions = [np.random.default_rng(0), np.random.default_rng(0)]
    logs = []
    for k in range(2):
        env = WuhanMahjongEnv(rules="koukou_fan", opponents="random")
        env.reset(seed=21)
        _random_episode(env, rng_actions[k])
        logs.append(env.table.game.events)
    assert logs[0] == logs[1]


def test_illegal_action_terminates_with_minus_one_by_default():
    env = WuhanMahjongEnv(rules="koukou", seat=0)
    _, info = env.reset(seed=2)
    before = env.table.game.to_dict()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, r, terminated, truncated, info = env.step(illegal)
    assert (r, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert not info["action_mask"].any()
    assert env.table.game.to_dict() == before  # the illegal action was not played
    with pytest.raises(EnvError, match="reset"):
        env.step(0)


def test_illegal_action_raises_when_asked_and_keeps_the_hand():
    env = WuhanMahjongEnv(rules="koukou", seat=0, illegal_action="raise")
    _, info = env.reset(seed=2)
    before = env.table.game.to_dict()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.table.game.to_dict() == before
    legal = int(np.flatnonzero(info["action_mask"])[0])
    env.step(legal)  # the episode goes on


def test_bad_arguments_raise_specific_errors():
    with pytest.raises(RulesError):
        WuhanMahjongEnv(rules="nope")
    with pytest.raises(EnvError, match="opponents"):
        WuhanMahjongEnv(opponents="nobody")
    with pytest.raises(EnvError, match="opponents"):
        WuhanMahjongEnv(opponents=["greedy", "random"])
    with pytest.raises(EnvError, match="seat"):
        WuhanMahjongEnv(seat=4)
    with pytest.raises(EnvError, match="illegal_action"):
        WuhanMahjongEnv(illegal_action="ignore")
    with pytest.raises(EnvError, match="render_mode"):
        WuhanMahjongEnv(render_mode="human")
    env = WuhanMahjongEnv()
    with pytest.raises(EnvError, match="seed"):
        env.reset(seed=-3)
    with pytest.raises(EnvError, match="options"):
        env.reset(seed=1, options={"x": 1})


def test_opponents_may_be_three_specs_or_agent_objects():
    env = WuhanMahjongEnv(rules="koukou", opponents=["greedy", "random", GreedyAgent()], seat=0)
    env.reset(seed=3)
    _random_episode(env, np.random.default_rng(3))


def test_render_ansi():
    env = gymnasium.make(ENV_ID, render_mode="ansi")
    env.reset(seed=0)
    assert "player_0 庄" in env.render()


@pytest.mark.parametrize("make", ["direct", "gymnasium.make"])
def test_a_value_that_is_not_an_action_code_is_an_env_error_not_an_illegal_action(make):
    """Under the default illegal_action="terminate", type garbage (None, 1.5, "3" …) or a code
    outside 0-162 raises EnvError and changes nothing; only a code not legal now ends the
    episode with -1."""
    env = WuhanMahjongEnv(rules="koukou", seat=0) if make == "direct" else gymnasium.make(ENV_ID, rules="koukou", seat=0)
    _, info = env.reset(seed=3)
    before = env.unwrapped.table.game.to_dict()
    for bad in (None, 1.5, "3", True, np.float32(2), [3], np.array([3]), 163, -1):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # gymnasium's passive checker may warn first
            with pytest.raises(EnvError, match="action code"):
                env.step(bad)
    assert env.unwrapped.table.game.to_dict() == before
    legal = int(np.flatnonzero(info["action_mask"])[0])
    _, r, terminated, _, info = env.step(np.int64(legal))  # a numpy integer is a code
    assert "illegal_action" not in info


def test_record_episode_statistics_wraps_the_env():
    """Gymnasium's RecordEpisodeStatistics puts its dict under info["episode"] at each episode's
    end (and asserts the key is free before): the env's own hand number is info["episode_index"]."""
    from gymnasium.wrappers import RecordEpisodeStatistics

    env = RecordEpisodeStatistics(gymnasium.make(ENV_ID, rules="koukou", opponents="random"))
    rng = np.random.default_rng(5)
    _, info = env.reset(seed=7)
    assert "episode" not in info and info["episode_index"] == 0
    for k in range(3):
        if k:
            _, info = env.reset()
            assert info["episode_index"] == k
        steps, total, info = _random_episode(env, rng)
        stats = info["episode"]  # the wrapper's: the summed reward and the step count
        assert isinstance(stats, dict) and float(stats["r"]) == pytest.approx(total) and int(stats["l"]) == steps
        assert info["episode_index"] == k


def test_maskable_ppo_learns_on_the_env_without_the_vector_wrapper():
    """A few hundred MaskablePPO steps on the plain Gymnasium env (SB3 wraps it in its Monitor,
    whose logger reads every info["episode"] as a statistics dict)."""
    sb3_contrib = pytest.importorskip("sb3_contrib")
    env = gymnasium.make(ENV_ID, rules="koukou", opponents="random")
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=64, n_epochs=1, seed=0,
                                    policy_kwargs={"net_arch": [16]}, device="cpu")
    model.learn(total_timesteps=256)
    assert model.num_timesteps == 256 and len(model.ep_info_buffer) > 0
    assert all(isinstance(e, dict) and {"r", "l"} <= set(e) for e in model.ep_info_buffer)
