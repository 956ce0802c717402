"""The native agent ABI (``wuhanmj/native/agent.pxd``): registration checks and a
registered agent in the native loop, without a compiler.

The agents here are made with ctypes: an ``AgentSpec`` laid out as agent.pxd declares it,
in a capsule named as ``agent_capsule`` names it, with a ctypes callback as its decide
function (ctypes takes the GIL in the callback, so the engine may call it from its
``nogil`` loop). A wrong capsule, ABI version, view size or signature, a missing name or
decide function, or too much state is refused by ``NativeAgent`` with an AgentError that
names the agent and the mismatch. A registered agent plays the same hands on both
engines (the native engine fills its view from the C state, the Python engine from the
Observation: the same choices, the same result); an illegal code stops the run with
play_game's IllegalActionError. The compiled example (examples/native_agent) is played
in test_native_agents_example.py (slow).
"""

from __future__ import annotations

import copy
import ctypes

import pytest

from wuhanmj import Rules, simulate
from wuhanmj.agents import GreedyAgent, RandomAgent
from wuhanmj.errors import AgentError, IllegalActionError
from wuhanmj.native import agents as nagents

DECIDE = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int16),
                          ctypes.c_int)
RESET = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint64)


class Spec(ctypes.Structure):
    """agent.pxd's AgentSpec."""

    _fields_ = [("abi_version", ctypes.c_uint32), ("view_size", ctypes.c_uint32), ("signature", ctypes.c_char_p),
                ("name", ctypes.c_char_p), ("state_size", ctypes.c_size_t), ("reset", RESET), ("decide", DECIDE)]


# view offsets (agent.pxd's AgentView): seat, phase come first (int8 each)
def _phase(view: int) -> int:
    return ctypes.c_int8.from_address(view + 1).value


def _last_not_pass(state, view, codes, n):
    """Discard the highest legal tile on its turn, pass otherwise (hu when legal)."""
    cs = [codes[i] for i in range(n)]
    if 161 in cs:
        return 161
    if _phase(view) == 0:
        return max(c for c in cs if c < 34) if any(c < 34 for c in cs) else cs[0]
    return 162 if 162 in cs else cs[0]


def _illegal(state, view, codes, n):
    return 999


_CALLBACKS = {"last": DECIDE(_last_not_pass), "illegal": DECIDE(_illegal)}
_PyCapsule_New = ctypes.pythonapi.PyCapsule_New
_PyCapsule_New.restype = ctypes.py_object
_PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_KEEP: list = []


def capsule(name=b"ctypes_last", decide="last", **fields):
    spec = Spec(abi_version=nagents.AGENT_ABI, view_size=nagents.AGENT_VIEW_SIZE,
                signature=nagents.AGENT_SIGNATURE.encode(), name=name, state_size=0,
                decide=_CALLBACKS[decide] if decide else DECIDE())
    for k, v in fields.items():
        setattr(spec, k, v)
    cname = fields.pop("capsule_name", nagents.AGENT_CAPSULE.encode())
    buf = ctypes.create_string_buffer(cname)
    _KEEP.extend([spec, buf])
    return _PyCapsule_New(ctypes.addressof(spec), buf, None)


@pytest.mark.parametrize(("fields", "message"), [
    ({"abi_version": 99}, r"'ctypes_last': compiled for agent ABI version 99"),
    ({"view_size": 12}, r"'ctypes_last': compiled for an AgentView of 12 bytes"),
    ({"signature": b"int(int)"}, r"'ctypes_last': the decide function's signature is 'int\(int\)'"),
    ({"decide": None}, r"'ctypes_last': the AgentSpec has no decide function"),
    ({"name": None}, r"the AgentSpec has no name"),
    ({"state_size": 1 << 30}, r"'ctypes_last': asks for 1073741824 bytes of state"),
])
def test_a_registration_with_a_wrong_abi_is_an_agent_error_naming_the_mismatch(fields, message):
    with pytest.raises(AgentError, match=message):
        nagents.NativeAgent(capsule(**fields))


def test_a_registration_needs_an_agent_capsule():
    with pytest.raises(AgentError, match="expected the capsule of an AgentSpec .* got int"):
        nagents.NativeAgent(3)
    other = _PyCapsule_New(ctypes.addressof(ctypes.c_int(0)), b"numpy.something", None)
    with pytest.raises(AgentError, match="a capsule named 'numpy.something'"):
        nagents.NativeAgent(other)


def test_a_bare_native_agent_copies_but_does_not_pickle():
    a = nagents.NativeAgent(capsule())
    assert a.name == "ctypes_last" and copy.deepcopy(a).name == "ctypes_last"
    import pickle

    with pytest.raises(AgentError, match="cannot be sent to a worker"):
        pickle.dumps(a)


@pytest.mark.parametrize("rules", [Rules.kaikou(), Rules.koukou_fan().replace(pizi=True)])
def test_m1_a_registered_agent_plays_the_same_hands_on_both_engines(rules):
    def agents():
        return [nagents.NativeAgent(capsule()), GreedyAgent(), RandomAgent(), GreedyAgent()]

    native = simulate(hands=12, agents=agents(), rules=rules, seed=4, match_hands=4, engine="native", workers=1)
    python = simulate(hands=12, agents=agents(), rules=rules, seed=4, match_hands=4, engine="python", workers=1)
    assert native == python and native.agents[0] == "ctypes_last"


class _FirstCode(nagents.NativeAgent):
    """A registered agent whose Python subclass overrides act (plays the first legal code)."""

    def __init__(self):
        nagents.NativeAgent.__init__(self, capsule())

    def act(self, observation, legal):
        return legal[0]


class _FixedReset(nagents.NativeAgent):
    """A registered agent whose Python subclass overrides reset (records its seeds)."""

    seeds: list = []

    def __init__(self):
        nagents.NativeAgent.__init__(self, capsule())

    def reset(self, seed=None):
        _FixedReset.seeds.append(seed)
        nagents.NativeAgent.reset(self, 0)


@pytest.mark.parametrize("sub", [_FirstCode, _FixedReset])
def test_a_subclass_of_a_registered_agent_that_overrides_act_or_reset_plays_its_override(sub):
    """The native engine plays a NativeAgent's C functions only when the class keeps
    NativeAgent's act and reset; an override is called as the Python agent it is, as on the
    Python engine (the same result, the same calls)."""
    def agents():
        return [sub(), GreedyAgent(), RandomAgent(), GreedyAgent()]

    _FixedReset.seeds = []
    native = simulate(hands=8, agents=agents(), seed=4, match_hands=4, engine="native", workers=1)
    calls = list(_FixedReset.seeds)
    _FixedReset.seeds = []
    python = simulate(hands=8, agents=agents(), seed=4, match_hands=4, engine="python", workers=1)
    assert native == python and calls == _FixedReset.seeds
    from wuhanmj.envs import VectorEnv

    assert VectorEnv(2, opponents=sub(), backend="auto").backend == "python"


class _Blind(nagents.NativeAgent):
    """A registered agent whose subclass asks for no observation (which its act needs)."""

    observes = False

    def __init__(self):
        nagents.NativeAgent.__init__(self, capsule())


def test_a_subclass_of_a_registered_agent_without_observations_fails_on_both_engines_alike():
    errs = []
    for engine in ("native", "python"):
        with pytest.raises(AgentError) as info:
            simulate(hands=2, agents=[_Blind(), GreedyAgent(), GreedyAgent(), GreedyAgent()], seed=1, engine=engine,
                     workers=1)
        errs.append(str(info.value))
    assert errs[0] == errs[1] and "needs an observation" in errs[0]


def test_a_registered_agent_that_plays_an_illegal_code_stops_with_play_games_error():
    def agents():
        return [GreedyAgent(), nagents.NativeAgent(capsule(b"cheat", "illegal")), GreedyAgent(), GreedyAgent()]

    errs = []
    for engine in ("native", "python"):
        with pytest.raises(IllegalActionError) as info:
            simulate(hands=4, agents=agents(), seed=2, engine=engine, workers=1)
        errs.append(str(info.value))
    assert errs[0] == errs[1] and errs[0].startswith("seat 1 played 999: ")


def test_a_registered_agent_as_vectorenv_opponents_plays_as_on_the_python_backend():
    import numpy as np

    from wuhanmj.envs import VectorEnv

    out = []
    for backend in ("native", "python"):
        v = VectorEnv(3, opponents=nagents.NativeAgent(capsule()), backend=backend)
        assert v.backend == backend
        obs, masks = v.reset(seed=5)
        frames = [obs]
        for _ in range(30):
            acts = [int(np.flatnonzero(m)[-1]) for m in masks]
            obs, rew, term, masks = v.step(acts)
            frames += [obs, rew, term]
        out.append(frames)
    assert all(np.array_equal(a, b) for a, b in zip(*out))
    with pytest.raises(IllegalActionError, match=r"^game \d: seat \d played 999"):
        v = VectorEnv(2, opponents=nagents.NativeAgent(capsule(b"cheat", "illegal")), backend="native", seat=0)
        _, masks = v.reset(seed=1)
        v.step(masks.argmax(axis=1))     # the opponents' first decisions


def _recorder(views: list):
    """A decide that keeps the bytes of every view it is given, and plays codes[0]."""
    def decide(state, view, codes, n):
        views.append((ctypes.string_at(view, nagents.AGENT_VIEW_SIZE), tuple(codes[i] for i in range(n))))
        return codes[0]
    cb = DECIDE(decide)
    _KEEP.append(cb)
    return cb


@pytest.mark.parametrize("rules", [Rules.kaikou(), Rules.koukou(), Rules.koukou_fan().replace(pizi=True)],
                         ids=lambda r: r.name)
def test_the_view_filled_from_the_native_state_equals_the_one_from_the_observation(rules):
    """The same bytes at every decision of the agent: the native engine's view (from the
    HandC) and the Python engine's (from the Observation) — every field of agent.pxd, with
    the running scores (M1) and the legal codes."""
    seen: dict[str, list] = {}
    for engine in ("native", "python"):
        seen[engine] = []
        cb = _recorder(seen[engine])
        _CALLBACKS[f"rec_{engine}"] = cb
        spec_agents = [GreedyAgent(), nagents.NativeAgent(capsule(b"recorder", f"rec_{engine}")), RandomAgent(),
                       GreedyAgent()]
        simulate(hands=8, agents=spec_agents, rules=rules, seed=13, match_hands=4, engine=engine, workers=1)
    assert len(seen["native"]) == len(seen["python"]) > 50
    for k, (a, b) in enumerate(zip(seen["native"], seen["python"])):
        assert a == b, f"decision {k}"


def test_play_seats_any_agent_on_a_native_hand_as_play_game_does():
    """agents.play: a registered agent, a built-in bot and a Python agent on one native
    hand, the Python loop's decisions on the same wall (G1)."""
    from wuhanmj import Game, shuffled_wall
    from wuhanmj.game.loop import play_game
    from wuhanmj.native.handapi import NativeHand

    class Second:
        legal_codes = True

        def act(self, obs, legal):
            return legal[1] if len(legal) > 1 else legal[0]

    for seed in range(4):
        wall = shuffled_wall(seed)
        n = NativeHand("koukou", wall, 1)
        count = nagents.play(n, [nagents.NativeAgent(capsule()), "greedy", Second(), GreedyAgent()])
        g = Game("koukou", wall=wall, dealer=1)
        assert play_game(g, [nagents.NativeAgent(capsule()), GreedyAgent(), Second(), GreedyAgent()]) == count
        assert n.over and g.over and n.result == g.result
        assert tuple(n.result.payments) == tuple(g.result.payments)
        assert n.observation(0) == g.observation(0)
