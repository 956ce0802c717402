"""VectorEnv, and the same seed giving the same trajectories in the
three environments (point 4)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from wuhanmj import make_agent  # noqa: E402
from wuhanmj.envs import VectorEnv, WuhanMahjongEnv, wuhan_mahjong_v0  # noqa: E402
from wuhanmj.envs.encoding import OBS_SIZE, ORACLE_SIZE, encode_observation  # noqa: E402
from wuhanmj.envs.episode import episode_seeds  # noqa: E402
from wuhanmj.envs import vector as vector_module  # noqa: E402
from wuhanmj.envs.vector import MAX_ENVS  # noqa: E402
from wuhanmj.errors import EnvError, IllegalActionError  # noqa: E402
from wuhanmj.game.actions import ACTIONS  # noqa: E402
from wuhanmj.game.observation import observe  # noqa: E402

BACKENDS = ["python", "native"]


def _choose(rng, mask):
    legal = np.flatnonzero(mask)
    assert legal.size > 0
    return int(legal[int(rng.random() * legal.size)])


@pytest.mark.parametrize("backend", BACKENDS)
def test_shapes_dtypes_and_spaces(backend):
    v = VectorEnv(3, rules="koukou", opponents="random", backend=backend)
    obs, masks = v.reset(seed=0)
    assert obs.shape == (3, OBS_SIZE) and obs.dtype == np.int8
    assert masks.shape == (3, 163) and masks.dtype == np.int8
    assert v.single_observation_space.shape == (OBS_SIZE,) and v.single_action_space.n == 163
    rng = np.random.default_rng(0)
    obs, rewards, terms, masks = v.step([_choose(rng, m) for m in masks])
    assert rewards.shape == (3,) and rewards.dtype == np.float32
    assert terms.shape == (3,) and terms.dtype == np.bool_
    assert VectorEnv(2, oracle=True, backend=backend).reset(seed=1)[0].shape == (2, ORACLE_SIZE)


def _gym_run(root, rules, opponents, seat, rng, steps):
    """Gym env: reset(seed=root), then reset() at each end; per learner step the
    observation, mask, reward and termination (the observation after an end is the next
    episode's first, as VectorEnv's auto-reset gives it)."""
    env = WuhanMahjongEnv(rules=rules, opponents=opponents, seat=seat)
    obs, info = env.reset(seed=root)
    mask = info["action_mask"]
    out = [(obs.copy(), mask.copy(), 0.0, False)]
    for _ in range(steps):
        obs, r, term, _, info = env.step(_choose(rng, mask))
        if term:
            obs, info = env.reset()
        mask = info["action_mask"]
        out.append((obs.copy(), mask.copy(), r, term))
    return out


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("opponents", ["random", "greedy"])
def test_vector_games_are_the_gym_envs_of_seed_plus_i(backend, opponents):
    """Game i of VectorEnv.reset(seed=s) plays WuhanMahjong-v0's episodes of seed s + i,
    auto-reset included: the same observations, masks, rewards and terminations."""
    n, steps, s = 3, 70 if opponents == "random" else 35, 40
    v = VectorEnv(n, rules="koukou_fan", opponents=opponents, backend=backend)
    rngs = [np.random.default_rng(100 + i) for i in range(n)]
    obs, masks = v.reset(seed=s)
    got = [[(obs[i].copy(), masks[i].copy(), 0.0, False)] for i in range(n)]
    for _ in range(steps):
        obs, rewards, terms, masks = v.step(np.array([_choose(rngs[i], masks[i]) for i in range(n)]))
        for i in range(n):
            got[i].append((obs[i].copy(), masks[i].copy(), float(rewards[i]), bool(terms[i])))
    ends = 0
    for i in range(n):
        want = _gym_run(s + i, "koukou_fan", opponents, None, np.random.default_rng(100 + i), steps)
        for k, (a, b) in enumerate(zip(got[i], want)):
            assert np.array_equal(a[0], b[0]), (i, k)
            assert np.array_equal(a[1], b[1]), (i, k)
            assert a[2] == pytest.approx(b[2], abs=1e-6) and a[3] == b[3], (i, k)
        ends += sum(x[3] for x in got[i])
    assert ends >= 2  # auto-resets were exercised


@pytest.mark.parametrize("opponents", ["random", "greedy"])
def test_the_aec_env_gives_the_same_learner_trajectory(opponents):
    """The AEC env, reset with the same seed and driven by the same opponents (reset with the
    episode's agent seeds) at the other seats, shows the learner the same observations and
    masks as WuhanMahjong-v0 and ends with the same reward."""
    for root in (3, 4, 5):
        rng = np.random.default_rng(root)
        gym_steps = []
        env = WuhanMahjongEnv(rules="koukou", opponents=opponents)
        obs, info = env.reset(seed=root)
        term = False
        while not term:
            a = _choose(rng, info["action_mask"])
            gym_steps.append((obs, info["action_mask"], a))
            obs, r, term, _, info = env.step(a)
        gym_reward = r

        seeds = episode_seeds(root, 0)
        me = seeds.seat
        agents = {}
        for s in range(4):
            if s != me:
                agents[s] = make_agent(opponents)
                agents[s].reset(seed=seeds.agents[s])
        aec = wuhan_mahjong_v0.raw_env(rules="koukou")
        aec.reset(seed=root)
        k = 0
        for agent in aec.agent_iter():
            ob, reward, done, _, _ = aec.last()
            if done:
                if agent == f"player_{me}":
                    assert reward == pytest.approx(gym_reward)
                aec.step(None)
                continue
            s = int(agent[-1])
            if s == me:
                g_obs, g_mask, a = gym_steps[k]
                assert np.array_equal(ob["observation"], g_obs) and np.array_equal(ob["action_mask"], g_mask)
                aec.step(a)
                k += 1
            else:
                st = aec.game.state
                codes = aec.game.legal_action_codes(s)
                ag = agents[s]
                o = observe(st, s) if getattr(ag, "observes", True) else None
                aec.step(ag.act(o, codes) if getattr(ag, "legal_codes", False) else ag.act(o, [ACTIONS[c] for c in codes]))
        assert k == len(gym_steps)


@pytest.mark.parametrize("backend", BACKENDS)
def test_same_seed_same_trajectory_and_reset_without_seed_goes_on(backend):
    def run(v, seed):
        rng = np.random.default_rng(9)
        obs, masks = v.reset(seed=seed)
        trace = [obs.copy()]
        for _ in range(30):
            obs, r, d, masks = v.step(np.array([_choose(rng, m) for m in masks]))
            trace += [obs.copy(), r.copy(), d.copy()]
        return trace

    a = run(VectorEnv(4, rules="kaikou", opponents="random", backend=backend), 7)
    b = run(VectorEnv(4, rules="kaikou", opponents="random", backend=backend), 7)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    v = VectorEnv(2, rules="kaikou", opponents="random", backend=backend)
    v.reset(seed=7)
    assert v.episodes.tolist() == [0, 0]
    v.reset()
    assert v.episodes.tolist() == [1, 1]


def test_observations_are_each_learners_encoding():
    v = VectorEnv(4, rules="koukou", opponents="greedy", backend="python")
    obs, masks = v.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(10):
        for i in range(4):
            g, seat = v.game(i), int(v.seats[i])
            assert g.current_player == seat
            assert np.array_equal(obs[i], encode_observation(g.observation(seat), g.rules))
            assert np.flatnonzero(masks[i]).tolist() == list(g.legal_action_codes(seat))
        obs, _, _, masks = v.step(np.array([_choose(rng, m) for m in masks]))


@pytest.mark.parametrize("backend", BACKENDS)
def test_illegal_actions(backend):
    v = VectorEnv(3, rules="koukou", opponents="random", backend=backend, illegal_action="raise")
    obs, masks = v.reset(seed=5)
    rng = np.random.default_rng(5)
    acts = np.array([_choose(rng, m) for m in masks])
    bad = acts.copy()
    bad[1] = int(np.flatnonzero(masks[1] == 0)[0])
    with pytest.raises(IllegalActionError, match="game 1"):
        v.step(bad)
    # nothing was stepped: the legal actions still give what a fresh env gives
    w = VectorEnv(3, rules="koukou", opponents="random", backend=backend)
    w.reset(seed=5)
    a, b = v.step(acts), w.step(acts)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    t = VectorEnv(2, rules="koukou", opponents="random", backend=backend)
    obs, masks = t.reset(seed=6)
    acts = np.array([_choose(rng, masks[0]), int(np.flatnonzero(masks[1] == 0)[0])])
    _, rewards, terms, masks = t.step(acts)
    assert terms[1] and rewards[1] == -1.0 and masks[1].any()  # ended, and the next hand dealt
    assert t.episodes[1] == 1


def test_bad_arguments():
    with pytest.raises(EnvError, match="num_envs"):
        VectorEnv(0)
    for huge in (2 ** 31, 10 ** 12, MAX_ENVS + 1):  # not a raw OverflowError (nor a MemoryError)
        with pytest.raises(EnvError, match=f"num_envs: .*to {MAX_ENVS}"):
            VectorEnv(huge)
    with pytest.raises(EnvError, match="backend"):
        VectorEnv(1, backend="gpu")
    with pytest.raises(EnvError, match="illegal_action"):
        VectorEnv(1, illegal_action="skip")
    v = VectorEnv(2, opponents="random")
    with pytest.raises(EnvError, match="reset"):
        v.step([0, 0])
    v.reset(seed=1)
    for bad in ([0], [[0, 0]], [0.5, 1.0], "ab"):
        with pytest.raises(EnvError, match="actions"):
            v.step(bad)
    with pytest.raises(EnvError, match="below 2"):
        VectorEnv(2, opponents="random", backend="native").reset(seed=2 ** 256)
    with pytest.raises(EnvError, match="opponents only"):
        VectorEnv(2, opponents=["greedy", "greedy", "module:X"], backend="native")


def test_backend_native_without_the_native_stepping_is_refused(monkeypatch):
    """A build without ``wuhanmj.envs._vector`` (as VectorEnv sees it): ``backend="native"``
    is an EnvError, ``"auto"`` steps the Python games."""
    monkeypatch.setattr(vector_module, "native_available", lambda: False)
    with pytest.raises(EnvError, match="native"):
        VectorEnv(1, backend="native")
    assert VectorEnv(1, opponents="random").backend == "python"


def test_copy_false_returns_the_buffers():
    v = VectorEnv(2, opponents="random", copy=False)
    obs, masks = v.reset(seed=3)
    obs2, _, _, masks2 = v.step(np.array([np.flatnonzero(m)[0] for m in masks]))
    assert obs2 is obs and masks2 is masks


@pytest.mark.parametrize("backend", BACKENDS)
def test_copy_true_returns_arrays_the_env_never_touches_again(backend):
    """Under ``copy=True`` (the default) each call's arrays are new: a later step leaves
    them as they were, and a caller writing into them changes nothing the env plays (the
    same trace as ``copy=False`` with the buffers copied by the caller)."""
    def trace(copy: bool) -> list[np.ndarray]:
        v = VectorEnv(3, rules="koukou", opponents="random", backend=backend, copy=copy)
        obs, masks = v.reset(seed=11)
        out = [obs.copy(), masks.copy()]
        for _ in range(40):
            acts = np.array([np.flatnonzero(m)[-1] for m in masks])
            old_obs, old_masks = obs, masks
            if copy:
                masks[:] = 0        # read by the env, every action would be illegal
            snap = old_obs.copy(), old_masks.copy()
            obs, r, d, masks = v.step(acts)
            if copy:
                assert obs is not old_obs and masks is not old_masks
                assert (old_obs == snap[0]).all() and (old_masks == snap[1]).all()
            out += [obs.copy(), masks.copy(), r.copy(), d.copy()]
        return out

    got, want = trace(True), trace(False)
    assert not any(a.dtype == np.float32 and (a == -1).any() for a in got)
    assert all((a == b).all() for a, b in zip(got, want, strict=True))


@pytest.mark.parametrize("backend", BACKENDS)
def test_masks_never_all_false_over_many_random_hands(backend):
    """Every learner decision of 300 hands (random learner and opponents, random seats)."""
    v = VectorEnv(16, rules="koukou_fan", opponents="random", backend=backend)
    obs, masks = v.reset(seed=0)
    rng = np.random.default_rng(0)
    hands = 0
    while hands < 300:
        assert masks.any(axis=1).all()
        u = rng.random(masks.shape) * masks
        obs, r, d, masks = v.step(u.argmax(axis=1))
        hands += int(d.sum())


def test_native_layout_constants_are_the_encodings():
    from wuhanmj.envs import _vector
    from wuhanmj.envs import encoding as E

    assert _vector.layout() == {k: getattr(E, k) for k in _vector.layout()}


@pytest.mark.parametrize("rules,opponents,seat,oracle", [
    ("kaikou", "random", None, True),
    ("koukou", ["greedy", "random", "random"], 1, False),
    ("koukou_fan", "random", 3, True),
    ("koukou_fan", ["random", "greedy", "greedy"], None, False),
])
def test_native_and_python_backends_agree(rules, opponents, seat, oracle):
    """Same seed, same actions (an illegal one now and then): every observation, mask,
    reward, termination, seat and episode number equal, over many auto-resets."""
    n = 6
    envs = [VectorEnv(n, rules=rules, opponents=opponents, seat=seat, oracle=oracle, backend=b)
            for b in ("python", "native")]
    outs = [e.reset(seed=77) for e in envs]
    assert all(np.array_equal(x, y) for x, y in zip(*outs))
    rng = np.random.default_rng(77)
    ends = 0
    for step in range(120):
        masks = outs[0][-1]
        acts = np.array([_choose(rng, m) for m in masks])
        if step % 37 == 5:
            acts[step % n] = int(np.flatnonzero(masks[step % n] == 0)[0])  # illegal: the game ends
        outs = [e.step(acts) for e in envs]
        for x, y in zip(*outs):
            assert np.array_equal(x, y), step
        assert np.array_equal(envs[0].seats, envs[1].seats)
        assert np.array_equal(envs[0].episodes, envs[1].episodes)
        ends += int(outs[0][2].sum())
    assert ends > 10
    assert envs[0].skipped == envs[1].skipped


def test_native_masks_never_all_false_over_2000_random_hands():
    """Every learner decision of 2,000+ hands (random learner and opponents, seats drawn,
    the three presets)."""
    for rules in ("kaikou", "koukou", "koukou_fan"):
        v = VectorEnv(64, rules=rules, opponents="random", backend="native", copy=False)
        obs, masks = v.reset(seed=3)
        rng = np.random.default_rng(3)
        hands = 0
        u = np.empty(masks.shape)
        while hands < 700:
            assert masks.any(axis=1).all()
            rng.random(out=u)
            u *= masks
            obs, r, d, masks = v.step(u.argmax(axis=1))
            hands += int(d.sum())


@pytest.mark.parametrize("backend", BACKENDS)
def test_actions_outside_the_codes_are_an_env_error_not_illegal_actions(backend):
    """A wrong dtype, shape or range raises EnvError under illegal_action="terminate" too, and
    no game is stepped."""
    v = VectorEnv(2, rules="koukou", opponents="random", backend=backend)
    w = VectorEnv(2, rules="koukou", opponents="random", backend=backend)
    obs, masks = v.reset(seed=4)
    w.reset(seed=4)
    good = np.array([int(np.flatnonzero(m)[0]) for m in masks])
    for bad in ([163, good[1]], [good[0], -1], np.array([2 ** 63, 0], dtype=np.uint64), [None, 1],
                np.array([1.0, 2.0]), np.array([True, False]), [[0, 0]], "ab"):
        with pytest.raises(EnvError, match="actions"):
            v.step(bad)
    assert v.episodes.tolist() == [0, 0]
    a, b = v.step(good), w.step(good)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("mode", ["after_draw", "any"])
def test_d18_mask_after_the_learners_peng(backend, mode):
    """P1, D18: the learner (seat 0, random opponents) takes every 碰 it is offered and
    otherwise plays at random, never a 暗杠/蓄杠. A 碰 can be beaten only by a hu, which
    ends the hand, so after a 碰 that did not end it the mask is the learner's turn begun
    by the 碰: under ``after_draw`` it never holds a 暗杠/蓄杠 code (57-124); under ``any``
    some such turns offer one (a fourth tile kept or four of a kind held)."""
    from wuhanmj.rules import Rules

    v = VectorEnv(16, rules=Rules.kaikou().replace(claim_turn_gang=mode), opponents="random", seat=0,
                  backend=backend)
    _, masks = v.reset(seed=5)
    rng = np.random.default_rng(0)
    pengs = offered = 0
    for _ in range(300):
        acts = []
        for m in masks:
            legal = np.flatnonzero(m)
            keep = [int(c) for c in legal if not 57 <= c < 125] or [int(c) for c in legal]
            acts.append(55 if 55 in legal else keep[int(rng.integers(len(keep)))])
        _, _, terms, masks = v.step(acts)
        for i, a in enumerate(acts):
            if a == 55 and not terms[i]:
                pengs += 1
                offered += bool(masks[i][57:125].any())
    assert pengs > 100
    assert (offered == 0) if mode == "after_draw" else (offered > 0)
