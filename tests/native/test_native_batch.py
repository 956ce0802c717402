"""The native path of a simulation around the engine: the tally
counted from the per-hand arrays, the records replayed from the decision logs and checked
against the arrays, the choice of engine, ``run_matches``' seeding and arguments, and the
``engine`` of a result.

The arrays here come from the Python engine (``helpers.native_arrays.python_arrays``, the
reference the native arrays are compared with in test_native_parity.py), so these tests
check the native path's bookkeeping on real hands whether or not the native engine is
complete: the vectorised tally must equal ``tally_outcome``'s hand by hand, key for key and
type for type, and the replayed records must equal the Python engine's lines.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction

import numpy as np
import pytest

from helpers.native_arrays import differences, python_arrays
from wuhanmj.agents.base import RandomAgent
from wuhanmj.agents.greedy import GreedyAgent
from wuhanmj.errors import AgentError, SimulationError, StatsError
from wuhanmj.native import batch as nbatch
from wuhanmj.rules import Rules
from wuhanmj.sim import native as snative
from wuhanmj.sim.batch import BatchSpec, match_seeds, run_batch
from wuhanmj.sim.results import SimulationResult
from wuhanmj.sim.simulate import simulate
from wuhanmj.sim.stats import Moments, Tally

AGENTS = {
    "random": (RandomAgent(), RandomAgent(), RandomAgent(), RandomAgent()),
    "greedy": (GreedyAgent(), GreedyAgent(), GreedyAgent(), GreedyAgent()),
    "mixed": (GreedyAgent(), RandomAgent(), GreedyAgent(), RandomAgent()),
}


def _spec(agents="random", rules="kaikou", seed=11, hands=120, match_hands=8, records=True):
    a = AGENTS[agents]
    labels = tuple(type(x).name for x in a)
    return BatchSpec(seed, hands, match_hands, Rules.coerce(rules) if isinstance(rules, str) else rules, a, labels,
                     records)


def _exact_dict(t: Tally) -> dict:
    """A tally with the type of every exact number (an int and a Fraction are not the same)."""
    d = t.to_dict()
    d["types"] = {k: (type(t.moments(k).total).__name__, type(t.moments(k).total_sq).__name__)
                  for k in t.moment_keys()}
    return d


# ---------------------------------------------------------------- the tally from the arrays
@pytest.mark.parametrize("agents, rules, hands", [
    ("random", "kaikou", 400), ("random", "koukou_fan", 400), ("mixed", "koukou", 200), ("greedy", "kaikou", 120),
    ("mixed", "koukou_fan", 160),
])
def test_tally_of_the_arrays_equals_tally_outcome_hand_by_hand(agents, rules, hands):
    spec = _spec(agents, rules, seed=hands, hands=hands, records=False)
    n_matches = -(-hands // spec.match_hands)
    want, _ = run_batch(spec, 0, n_matches)
    got = snative.tally_arrays(python_arrays(spec, 0, n_matches, record=False), spec.labels, (spec.hands, spec.match_hands))
    assert _exact_dict(got) == _exact_dict(want)


def _money_rules() -> Rules:
    # the fan schedule (X2) with amounts that are not whole: payments are floats
    return Rules.koukou_fan().replace(money=((6, 2.5), (7, 5.25), (8, 10.125), (9, 20.5), (10, 40.75)),
                                      gold_money=60.5)


def test_tally_of_amounts_that_are_not_whole_keeps_fractions_as_observe_does():
    spec = _spec("mixed", _money_rules(), seed=4, hands=240, records=False)
    want, _ = run_batch(spec, 0, 30)
    a = python_arrays(spec, 0, 30, record=False)
    assert not np.all(a["payments"] == np.rint(a["payments"]))  # the slow, exact path is taken
    got = snative.tally_arrays(a, spec.labels, (spec.hands, spec.match_hands))
    assert _exact_dict(got) == _exact_dict(want)
    assert isinstance(got.moments("pay.seat0").total, Fraction)


def test_tally_of_synthetic_rows_by_hand():
    # two hands: a draw, and seat 2 (dealer 2) self-drawing a 清一色 + 碰碰胡, hard, with L2
    a = {name: np.zeros((2, cols) if cols > 1 else 2, dtype) for name, dtype, cols in nbatch.HAND_FIELDS}
    a["winner"][:] = (-1, 2)
    a["dealer"][:] = (1, 2)
    a["how"][:] = (-1, 0)
    a["big"][:] = (0, 1 | 2)
    a["hard"][:] = (0, 1)
    a["liable_rule"][:] = (0, 2)
    a["reached"][:] = (0, 3)
    a["jinding"][:] = (0, 1)
    a["payments"][1] = (-400, -400, 1200, -400)
    a["length"][:] = (82, 30)
    a["decisions"][:] = (150, 60)
    a["discarder"][:] = (-1, -1)
    a["liable"][:] = (-1, 1)  # L2: seat 1 pays for all
    a["winner_fan"][:] = (0, 4)
    t = snative.tally_arrays(a, ("greedy", "random", "greedy", "random"))
    assert t.counts == {
        "hands": 2, "draws": 1, "win.seat2": 1, "win.agent:greedy": 1, "dealer_win": 1, "big": 1,
        "big.pengpenghu": 1, "big.qingyise": 1, "hard": 1, "how.zimo": 1, "yinding": 1, "yinding_losers": 3,
        "jinding": 1, "liability.L2": 1,
        # the win's seat and agent (S3 deal-in: none, a self-draw)
        "zimo.seat2": 1, "zimo.agent:greedy": 1, "liable.seat1": 1, "liable.agent:random": 1,
        "big.seat2": 1, "big.agent:greedy": 1, "yinding.seat2": 1, "yinding.agent:greedy": 1,
        "jinding.seat2": 1, "jinding.agent:greedy": 1, "how.agent:greedy.zimo": 1, "fanhist.agent:greedy=4": 1,
        # one payment per seat-hand (the draw pays 0)
        "payhist.seat0=0": 1, "payhist.seat0=-400": 1, "payhist.seat1=0": 1, "payhist.seat1=-400": 1,
        "payhist.seat2=0": 1, "payhist.seat2=1200": 1, "payhist.seat3=0": 1, "payhist.seat3=-400": 1,
        "payhist.agent:greedy=0": 2, "payhist.agent:greedy=-400": 1, "payhist.agent:greedy=1200": 1,
        "payhist.agent:random=0": 2, "payhist.agent:random=-400": 2,
    }
    assert t.moments("fan.seat2") == Moments(1, 4, 16) and t.moments("fan.agent:greedy") == Moments(1, 4, 16)
    assert t.moments("pay.seat2") == Moments(2, 1200, 1200**2)
    assert t.moments("pay.agent:random") == Moments(4, -800, 4 * 400**2 // 2)
    assert t.moments("pay.agent_hand:greedy") == Moments(2, 800, 800**2)
    assert t.moments("length") == Moments(2, 112, 82**2 + 30**2)


def test_int_moments_do_not_overflow():
    x = np.array([2**40, -(2**40), 3 * 2**40], dtype=np.int64)
    m = snative.int_moments(x)
    assert m == Moments.of(x.tolist()) and isinstance(m.total_sq, int)


# ---------------------------------------------------------------- records by replay
@pytest.mark.parametrize("agents, rules", [("random", "kaikou"), ("mixed", "koukou_fan"), ("greedy", "koukou")])
def test_replayed_records_equal_the_python_engines_lines(agents, rules):
    spec = _spec(agents, rules, seed=21, hands=44, records=True)
    _, want = run_batch(spec, 0, 6)
    got = snative.replay_records(spec, python_arrays(spec, 0, 6))
    assert got == want  # byte for byte


@pytest.mark.parametrize("field, value", [("winner", 5), ("payments", 7.0), ("laizi", -5), ("decisions", 1),
                                          ("scores", 1.0), ("length", 0)])
def test_a_replay_that_differs_from_the_arrays_is_a_simulation_error(field, value):
    spec = _spec("random", seed=5, hands=16)
    a = python_arrays(spec, 0, 2)
    a[field][9] = value  # hand 9: the second hand of match 1
    with pytest.raises(SimulationError, match=f"hand 9 .*{field}"):
        snative.replay_records(spec, a)


def test_a_decision_the_python_engine_refuses_is_a_simulation_error():
    spec = _spec("random", seed=5, hands=8)
    a = python_arrays(spec, 0, 1)
    lo = int(a["log_offsets"][3])
    a["log_code"][lo] = 162  # Pass on a turn: not legal
    with pytest.raises(SimulationError, match="hand 3 .*decision 0"):
        snative.replay_records(spec, a)
    a = python_arrays(spec, 0, 1)
    a["log_seat"][lo] = (a["log_seat"][lo] + 1) % 4
    with pytest.raises(SimulationError, match="hand 3 .*asks seat"):
        snative.replay_records(spec, a)


# ---------------------------------------------------------------- run_matches: seeding, arguments
def test_run_matches_seeds_hands_as_the_python_match_does():
    spec = _spec("random", seed=2**70 + 3, hands=37, match_hands=5)
    a = nbatch.run_matches(spec.rules, ("random",) * 4, spec.seed, 2, 8, 5, 37, False)
    ref = python_arrays(spec, 2, 8, record=False)
    for name in ("hand", "match", "hand_in_match"):
        assert np.array_equal(a[name], ref[name]), name
    assert a["hand"].tolist() == list(range(10, 37))  # the last match is cut at 37 hands
    firsts = a["hand_in_match"] == 0
    assert np.array_equal(a["seed"][firsts], ref["seed"][firsts])  # every match's first wall seed
    assert a["dealer"][firsts].tolist() == [m % 4 for m in range(2, 8)] and (a["prev_laizi"][firsts] == -1).all()
    assert not differences(a, ref)


@pytest.mark.parametrize("args", [
    (0, 0, 8, 10), (3, 2, 8, 100), (0, 2, 8, 8), (0, 1, 0, 10), (0, 1, 8, 0), (-1, 1, 8, 10), (0, 2**32 + 1, 1, 2**40),
])
def test_run_matches_refuses_a_bad_batch(args):
    first, stop, mh, hands = args
    with pytest.raises(SimulationError, match="bad batch"):
        nbatch.run_matches("kaikou", ("random",) * 4, 1, first, stop, mh, hands)


@pytest.mark.parametrize("kinds", [("random",) * 3, ("random", "random", "random", "nobody"), (0, 1, 2, 0)])
def test_run_matches_refuses_agents_that_are_not_built_in(kinds):
    with pytest.raises(AgentError):
        nbatch.run_matches("kaikou", kinds, 1, 0, 1, 8, 8)


def test_run_matches_returns_the_log_only_when_asked():
    a = nbatch.run_matches("koukou", ("greedy", "random", 0, 1), 9, 0, 2, 4, 8, True)
    assert {"log_seat", "log_code", "log_offsets"} <= set(a)
    assert a["log_offsets"][-1] == len(a["log_code"]) == int(a["decisions"].astype(np.int64).sum())
    b = nbatch.run_matches("koukou", ("greedy", "random", 0, 1), 9, 0, 2, 4, 8, False)
    assert "log_code" not in b
    assert all(a[name].shape[0] == 8 for name, _, _ in nbatch.HAND_FIELDS)


# ---------------------------------------------------------------- the choice of engine
class _Subclass(RandomAgent):
    pass


def test_auto_is_native_for_any_agents():
    want = "native"
    assert snative.native_available()
    assert snative.choose_engine("auto") == want
    assert snative.choose_engine("python") == "python"
    for agents in (AGENTS["mixed"], (RandomAgent(),) * 3 + (_Subclass(),), (RandomAgent(),) * 3 + (lambda o, a: a[0],)):
        assert simulate(hands=2, agents=agents, seed=1).engine == want
    assert snative.native_kinds(AGENTS["mixed"]) == ("greedy", "random", "greedy", "random")
    sub = _Subclass()
    assert snative.native_kinds((RandomAgent(), sub, GreedyAgent(), "random")) == ("random", sub, "greedy", "random")


def test_engine_native_plays_an_agent_that_is_not_built_in():
    agents = ["random", "greedy", _Subclass(), "random"]
    native = simulate(hands=8, agents=agents, seed=1, engine="native")
    assert native.engine == "native"
    python = simulate(hands=8, agents=agents, seed=1, engine="python")
    assert python.engine == "python" and native == python


@pytest.mark.parametrize("bad", ["fast", "", None, 1])
def test_an_unknown_engine_is_a_simulation_error(bad):
    with pytest.raises(SimulationError, match="^engine: "):
        simulate(hands=8, agents="random", seed=1, engine=bad)


def test_without_the_native_engine_native_is_a_simulation_error_and_auto_python(monkeypatch):
    """A build without the native extension (as choose_engine sees it): ``engine="native"``
    is refused, ``"auto"`` plays on the Python engine."""
    monkeypatch.setattr(snative, "native_available", lambda: False)
    with pytest.raises(SimulationError, match="no native engine"):
        simulate(hands=8, agents="random", seed=1, engine="native")
    assert snative.choose_engine("auto") == "python"
    assert simulate(hands=8, agents="random", seed=1).engine == "python"


def test_the_engine_is_in_the_result_and_the_summary():
    r = simulate(hands=16, agents="random", seed=3, engine="python")
    assert r.engine == "python" and r.engines == ("python",)
    assert r.summary().splitlines()[0].endswith(", engine python")
    assert r.to_dict()["engine"] == "python"
    back = SimulationResult.from_json(r.to_json())
    assert back.engine == "python" and back == r


def test_results_of_two_engines_merge_and_say_so():
    a = simulate(hands=16, agents="random", seed=3, engine="python")
    b = SimulationResult.from_dict(dict(json.loads(simulate(hands=16, agents="random", seed=4, engine="python")
                                                   .to_json()), engine="native"))
    both = a.merge(b)
    assert both.engine == "native+python" and both.engines == ("native", "python")
    assert "engines native, python (merged)" in both.summary().splitlines()[0]
    assert SimulationResult.from_json(both.to_json()).engine == "native+python"
    assert b.merge(a).engine == "native+python"


def test_the_engine_is_provenance_not_a_figure():
    r = simulate(hands=16, agents="random", seed=3, engine="python")
    other = SimulationResult.from_dict(dict(r.to_dict(), engine="native"))
    assert other == r and other.engine == "native"


def test_a_result_without_an_engine_was_played_by_python():
    d = json.loads(simulate(hands=8, agents="random", seed=3, engine="python").to_json())
    del d["engine"]
    assert SimulationResult.from_dict(d).engine == "python"


@pytest.mark.parametrize("bad", ["rust", "python+native", "python+python", 3, ""])
def test_a_bad_engine_in_a_result_is_a_stats_error(bad):
    d = json.loads(simulate(hands=8, agents="random", seed=3, engine="python").to_json())
    d["engine"] = bad
    with pytest.raises(StatsError, match="engine"):
        SimulationResult.from_dict(d)


def test_records_name_no_engine():
    # a record line is the same whichever engine played (test_native_parity.py compares them)
    buf = io.StringIO()
    simulate(hands=2, agents="random", seed=3, engine="python", records=buf)
    assert "engine" not in json.loads(buf.getvalue().splitlines()[0])


def test_match_seeds_moved_but_public():
    from wuhanmj.sim import match_seeds as public

    assert public is match_seeds
