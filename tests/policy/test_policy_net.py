"""The policy network (wuhanmj.policy): the forward pass on a fixed observation against
values worked out by hand, the native inference against the numpy reference, the native
encoder against the Python one, the shipped weights (legal actions over 1,000 games, their
metadata), and PolicyAgent as a registered native agent (copies, workers)."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from wuhanmj import Game, simulate
from wuhanmj.agents import AGENTS, make_agent
from wuhanmj.envs.encoding import OBS_SIZE, S_TILES_LEFT, encode_observation
from wuhanmj.envs.vector import VectorEnv
from wuhanmj.errors import PolicyError
from wuhanmj.game.actions import ACTION_SPACE_SIZE, HU
from wuhanmj.native.encode import encode_native
from wuhanmj.native.policy import PolicyAgent, native_forward
from wuhanmj.policy import PolicyWeights, load_weights, policy_actions, policy_forward, random_weights
from wuhanmj.native.lookahead import LOOKAHEAD_FEATURES
from wuhanmj.policy.weights import ENCODING_VERSION, FEATURES_VERSION, FORMAT, FORMAT_VERSION, N_FEATURES, N_INPUTS

SC = 123 * 34
F_SHANTEN_DELTA = LOOKAHEAD_FEATURES.index("shanten_delta")
F_EFF = LOOKAHEAD_FEATURES.index("eff")


def tiny(t0: int) -> PolicyWeights:
    """H1 = H2 = Z = 2: h1[0] counts the concealed tiles (plane 0), h1[1] is half the tiles
    left; h2 = (h1[0], 50 - h1[1]); a discard's logit is code/100 * h2[0], plus h2[1] for t0;
    the hu's mask input subtracts 100 from h1[0]. The scorer: its context is
    (h2[0] / 10 + 2, -1), a code's units z = relu(ctx0 - 3 shanten_delta, ctx1 + eff / 2),
    adding z0 + 2 z1 to its logit."""
    w1 = np.zeros((N_INPUTS, 2), np.float32)
    w1[0:34, 0] = 1.0                      # plane 0: own concealed tiles
    w1[SC + S_TILES_LEFT, 1] = 0.5
    w1[OBS_SIZE + HU, 0] = -100.0          # the hu's mask entry
    w2 = np.array([[1, 0], [0, -1]], np.float32)
    wp = np.zeros((2, ACTION_SPACE_SIZE), np.float32)
    wp[0, :34] = np.arange(34) / 100
    wp[1, t0] = 1.0
    wf = np.zeros((N_FEATURES, 2), np.float32)
    wf[F_SHANTEN_DELTA, 0] = -3.0
    wf[F_EFF, 1] = 0.5
    wc = np.array([[0.1, 0], [0, 0]], np.float32)
    arrays = {"w1": w1, "b1": np.array([-4, 1], np.float32), "w2": w2, "b2": np.array([0, 50], np.float32),
              "wp": wp, "bp": np.zeros(ACTION_SPACE_SIZE, np.float32), "wf": wf, "wc": wc,
              "bs": np.array([2, -1], np.float32), "ws": np.array([1, 2], np.float32),
              "wv": np.array([0.1, 0.2], np.float32), "bv": np.array([-1], np.float32)}
    meta = {"format": FORMAT, "format_version": FORMAT_VERSION, "encoding_version": ENCODING_VERSION,
            "features_version": FEATURES_VERSION, "hidden": [2, 2, 2]}
    return PolicyWeights(arrays, meta)


def dealer_start() -> tuple[np.ndarray, np.ndarray, list[int]]:
    g = Game("koukou", seed=1)
    o = g.observation(0)
    codes = [a.code for a in g.legal_actions(0)]
    mask = np.zeros(ACTION_SPACE_SIZE, np.int8)
    mask[codes] = 1
    return encode_observation(o, g.rules), mask, codes


def fixed_features(codes: list[int], ta: int, tb: int) -> np.ndarray:
    """Look-ahead rows: every legal code shanten_delta 1, eff 0, but ta (delta 0) and tb
    (eff 10); the illegal codes' rows hold values that would change every logit if read."""
    f = np.full((ACTION_SPACE_SIZE, N_FEATURES), -100, np.int8)
    f[codes] = 0
    f[codes, F_SHANTEN_DELTA] = 1
    f[ta, F_SHANTEN_DELTA] = 0
    f[tb, F_EFF] = 10
    return f


def test_forward_of_a_fixed_observation_equals_the_hand_computed_pass():
    obs, mask, codes = dealer_start()
    assert HU not in codes
    # the dealer's first turn (G1): 14 concealed tiles, 82 left in the wall (136 - 53 - 1, G2)
    t0, ta, tb = sorted(c for c in codes if c < 34)[:3]
    w = tiny(t0)
    f = fixed_features(codes, ta, tb)
    # h1 = relu(14 - 4, 41 + 1) = (10, 42); h2 = relu(10, 50 - 42) = (10, 8); the scorer's
    # context (10 / 10 + 2, -1) = (3, -1): z = (relu(3 - 3), relu(-1)) = (0, 0) for a code of
    # delta 1 and eff 0, (3, 0) for ta (+3), (0, relu(-1 + 5)) = (0, 4) for tb (+8)
    want = np.full(ACTION_SPACE_SIZE, -np.inf, np.float32)
    for c in codes:
        want[c] = ((c / 100 * 10 if c < 34 else 0.0) + (8.0 if c == t0 else 0.0) + (3.0 if c == ta else 0.0)
                   + (8.0 if c == tb else 0.0))
    logits, value = policy_forward(w, obs[None], mask[None], f[None])
    np.testing.assert_allclose(logits[0], want, rtol=1e-6)
    assert value[0] == pytest.approx(0.1 * 10 + 0.2 * 8 - 1)
    assert policy_actions(w, obs[None], mask[None], f[None])[0] == tb     # tb/10 + 8 > t0/10 + 8
    actions, native = native_forward(w, obs[None], mask[None], f[None])
    np.testing.assert_allclose(native[0], want, rtol=1e-6)
    assert actions[0] == tb


def test_a_legal_hu_input_changes_the_pass_as_computed():
    obs, mask, codes = dealer_start()
    t0 = min(c for c in codes if c < 34)
    mask = mask.copy()
    mask[HU] = 1                           # as if a hu were legal: h1[0] = relu(10 - 100) = 0
    f = np.zeros((1, ACTION_SPACE_SIZE, N_FEATURES), np.int8)
    logits, value = policy_forward(tiny(t0), obs[None], mask[None], f)
    # h2 = (0, 8): the scorer's context (2, -1), z = (2, 0) for every code of zero features
    assert logits[0, t0] == pytest.approx(8.0 + 2.0)
    assert logits[0, HU] == 2.0
    assert value[0] == pytest.approx(0.2 * 8 - 1)


def learner_batch(n_games: int = 64, steps: int = 12,
                  rules: str = "koukou") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    v = VectorEnv(n_games, rules=rules, opponents=["greedy", "expert", "greedy"])
    obs, masks = v.reset(seed=5)
    O, M, F = [], [], []
    for _ in range(steps):
        O.append(obs)
        M.append(masks)
        F.append(v.lookahead())
        obs, _, _, masks = v.step(v.advise("greedy"))
    return np.concatenate(O), np.concatenate(M), np.concatenate(F)


def test_native_inference_gives_the_numpy_reference_action():
    obs, masks, feats = learner_batch()
    for w in (random_weights((64, 32, 16), seed=2), load_weights()):
        ref, _ = policy_forward(w, obs, masks, feats)
        acts, nat = native_forward(w, obs, masks, feats)
        legal = masks != 0
        assert (np.isfinite(nat) == legal).all()
        np.testing.assert_allclose(nat[legal], ref[legal], rtol=1e-4, atol=1e-4)
        # the same action wherever the top two logits are apart by more than rounding
        top2 = np.sort(np.where(legal, ref, -np.inf), axis=1)[:, -2:]
        clear = (top2[:, 1] - top2[:, 0] > 1e-3) | ~np.isfinite(top2[:, 0])
        assert clear.mean() > 0.95
        assert (acts[clear] == np.argmax(ref, axis=1)[clear]).all()


def test_the_agent_plays_the_native_forward_pass_on_the_learner_view():
    w = random_weights((32, 16, 16), seed=4)
    v = VectorEnv(32, rules="kaikou", opponents="greedy")
    obs, masks = v.reset(seed=9)
    for _ in range(5):
        a = v.advise(PolicyAgent(w))
        assert (a == native_forward(w, obs, masks, v.lookahead())[0]).all()
        obs, _, _, masks = v.step(a)


def test_the_native_encoder_writes_the_python_encoding():
    # the two encoders are written apart (the Python one from the Observation, the native
    # one from the native agent's view): every decision of a few hands
    for seed, rules in ((1, "koukou"), (2, "koukou_fan"), (3, "kaikou")):
        g = Game(rules, seed=seed)
        bots = [make_agent("greedy") for _ in range(4)]
        while not g.over:
            s = g.current_player
            o = g.observation(s)
            np.testing.assert_array_equal(encode_native(o), encode_observation(o, g.rules))
            g.step(s, bots[s].act(o, g.legal_actions(s)))


def test_the_shipped_weights_load_with_their_metadata():
    w = load_weights()
    assert w.meta["encoding_version"] == 1 and w.meta["format"] == "wuhanmj-policy"
    assert w.meta["features_version"] == 2 == FEATURES_VERSION and w.meta["format_version"] == 2
    assert w.meta["rules"] == ["kaikou"] and w.meta["hidden"] == [128, 64, 64]
    assert w.meta["command"].startswith("wuhanmj train ")
    assert set(w.meta["rules"]) <= {"kaikou", "koukou", "koukou_fan"} and w.meta["rules"]
    assert w.arrays["w1"].dtype == np.float32 and w.arrays["w1"].shape[0] == N_INPUTS
    import os
    assert os.path.getsize(w.source) <= 5 * 2**20


@pytest.mark.parametrize("rules", ["kaikou", "koukou", "koukou_fan"])
def test_the_shipped_policy_plays_legal_actions_only(rules):
    # every step of 1,000 games: the native engine refuses an illegal code with an
    # IllegalActionError (the run stops), so finishing is the check
    r = simulate(hands=1000 if rules == "koukou" else 200, agents=["policy"] * 4, rules=rules, seed=3,
                 engine="native", workers=1)
    assert r.hands == (1000 if rules == "koukou" else 200)


def test_policy_is_a_registered_name_and_copies_and_pickles():
    assert "policy" in AGENTS
    a = make_agent("policy")
    assert isinstance(a, PolicyAgent)
    b = pickle.loads(pickle.dumps(a))
    c = copy.copy(a)
    v = VectorEnv(8, rules="koukou", opponents="greedy")
    v.reset(seed=1)
    assert (v.advise(a) == v.advise(b)).all() and (v.advise(a) == v.advise(c)).all()
    w = random_weights((16, 8, 8), seed=1)
    d = pickle.loads(pickle.dumps(PolicyAgent(w)))  # made in memory: its arrays travel
    assert (v.advise(d) == v.advise(PolicyAgent(w))).all()


def test_an_arena_with_workers_gives_the_result_of_one_process():
    from wuhanmj import arena

    one = arena("policy,greedy", hands=10, mode="1v3", rules="koukou", seed=4, workers=1)
    two = arena("policy,greedy", hands=10, mode="1v3", rules="koukou", seed=4, workers=2)
    assert one.differences()[0]["mean"] == two.differences()[0]["mean"]


def test_vector_env_advise_is_the_greedy_bot_of_the_python_engine():
    # the native backend's advice against the Python GreedyAgent on the Python backend's
    # games (same seeds, same episodes)
    nat = VectorEnv(6, rules="koukou", opponents="greedy", backend="native")
    py = VectorEnv(6, rules="koukou", opponents="greedy", backend="python")
    nat.reset(seed=11)
    py.reset(seed=11)
    bot = make_agent("greedy")
    for _ in range(15):
        a = nat.advise("greedy")
        want = []
        for i in range(6):
            g = py.game(i)
            s = g.current_player
            want.append(bot.act(g.observation(s), g.legal_actions(s)).code)
        assert a.tolist() == want
        nat.step(a)
        py.step(a)


def test_advise_refuses_what_is_not_a_native_agent():
    from wuhanmj.errors import EnvError

    v = VectorEnv(2, rules="koukou", opponents="greedy")
    with pytest.raises(EnvError, match="reset"):
        v.advise("greedy")
    v.reset(seed=1)
    for bad in ("random", "nobody", object()):
        with pytest.raises(EnvError):
            v.advise(bad)
    with pytest.raises(EnvError, match="native backend"):
        p = VectorEnv(2, rules="koukou", opponents="greedy", backend="python")
        p.reset(seed=1)
        p.advise("greedy")


@pytest.mark.slow
def test_the_shipped_policy_in_the_arena_at_a_small_size():
    from wuhanmj import arena

    # far above random (greedy − random is +641 a hand under koukou, docs/BOTS.md)
    r = arena("policy,random", hands=100, mode="1v3", rules="koukou", seed=2, workers=2)
    d = r.differences()[0]
    assert d["ci95"][0] > 200
    # under kaikou, the preset it was trained for, above greedy (docs/BOTS.md: +8.38
    # [+4.25, +12.52] a hand at these 2,000 walls)
    r = arena("policy,greedy", hands=2000, mode="1v3", rules="kaikou", seed=1, workers=2)
    assert r.differences()[0]["ci95"][0] > 0


def test_the_forward_passes_refuse_what_is_not_weights_or_arrays():
    obs, masks, feats = np.zeros((1, OBS_SIZE), np.int8), np.ones((1, ACTION_SPACE_SIZE)), \
        np.zeros((1, ACTION_SPACE_SIZE, N_FEATURES), np.int8)
    for forward in (policy_forward, native_forward):
        with pytest.raises(PolicyError, match="weights must be a PolicyWeights, got str"):
            forward("policy_v1.npz", obs, masks, feats)  # type: ignore[arg-type]
    with pytest.raises(PolicyError, match="must be arrays"):
        policy_forward(random_weights((8, 4, 4)), [[1], [1, 2]], masks, feats)  # type: ignore[arg-type]


def test_advise_takes_a_module_name_spec_in_its_case():
    v = VectorEnv(3, rules="kaikou", opponents="greedy")
    v.reset(seed=4)
    want = v.advise("expert")
    assert np.array_equal(v.advise(" wuhanmj.native.expert:ExpertAgent "), want)   # was lowercased, refused
    assert np.array_equal(v.advise("EXPERT"), want)
