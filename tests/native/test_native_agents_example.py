"""The example native agent (``examples/native_agent/wmj_example_agent.pyx``), written in
Cython against ``wuhanmj/native/agent.pxd``, is compiled here the way a user would compile
it (cythonize + setuptools, include path ``wuhanmj.get_include()``; the installed wheel's
.pxd files in CI) and played: in ``simulate`` on the native engine (its decide function
called without the GIL, its view filled from the C state) it gives the Python engine's
results (decide called through ``NativeAgent.act``, the view filled from the
Observation), on the presets and a custom rule set, records byte for byte; in the arena on
both engines; as VectorEnv opponents on both backends; and it copies, pickles and is made
by name (``make_agent("wmj_example_agent:ExampleAgent")``).

Compiling takes a while: marked slow, like the core's cimport test.
"""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

import numpy as np
import pytest

from helpers.cython_build import build_module
from wuhanmj import Rules, simulate
from wuhanmj.agents import GreedyAgent, RandomAgent, make_agent

pytestmark = pytest.mark.slow

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "native_agent" / "wmj_example_agent.pyx"
RULE_SETS = [Rules.kaikou(), Rules.koukou(), Rules.koukou_fan(),
             Rules.kaikou().replace(pizi=True, second_laizi="play_out")]


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    folder = tmp_path_factory.mktemp("example_agent")
    module = build_module("wmj_example_agent", EXAMPLE.read_text(encoding="utf-8"), folder, optimize=True)
    sys.path.insert(0, str(folder))
    yield module
    sys.path.remove(str(folder))


def test_the_agent_pxd_ships_beside_the_engine():
    import wuhanmj

    assert (Path(wuhanmj.get_include()) / "wuhanmj" / "native" / "agent.pxd").is_file()


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name)
def test_m1_the_example_agent_plays_the_same_hands_on_both_engines(example, rules, tmp_path):
    def agents():
        return [example.ExampleAgent(), GreedyAgent(), example.ExampleAgent(), RandomAgent()]

    out = {}
    for engine in ("native", "python"):
        path = tmp_path / f"{engine}.jsonl"
        out[engine] = (simulate(hands=24, agents=agents(), rules=rules, seed=11, match_hands=6, engine=engine,
                                records=str(path), workers=1), path.read_bytes())
    assert out["native"][0] == out["python"][0] and out["native"][1] == out["python"][1]
    assert out["native"][0].agents[0] == "example"


def test_the_example_agent_in_the_arena_on_both_engines(example):
    from wuhanmj.sim.arena import arena

    a = arena([example.ExampleAgent(), "greedy"], hands=6, seed=3, engine="native")
    b = arena([example.ExampleAgent(), "greedy"], hands=6, seed=3, engine="python")
    assert a == b


def test_the_example_agent_as_vectorenv_opponents_on_both_backends(example):
    from wuhanmj.envs import VectorEnv

    frames = []
    for backend in ("native", "python"):
        v = VectorEnv(4, opponents="wmj_example_agent:ExampleAgent", backend=backend, seat=None)
        assert v.backend == backend
        obs, masks = v.reset(seed=8)
        got = [obs]
        for _ in range(40):
            obs, rew, term, masks = v.step([int(np.flatnonzero(m)[0]) for m in masks])
            got += [obs, rew, term]
        frames.append(got)
    assert all(np.array_equal(a, b) for a, b in zip(*frames))


def test_the_example_agent_copies_pickles_and_is_made_by_name(example):
    a = make_agent("wmj_example_agent:ExampleAgent")
    assert isinstance(a, example.ExampleAgent) and a.name == "example"
    a.reset(5)
    b = pickle.loads(pickle.dumps(a))
    assert type(b) is type(a) and b._state_bytes() == a._state_bytes()
