"""Every error raised on purpose is a specific WuhanMJError subclass that is also a
ValueError, never the bare base class (house rule: bad input raises a specific error
whose message names the problem). Found by a new-user trial."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import wuhanmj
from wuhanmj.errors import AgentError, RulesError, SimulationError, StatsError, WuhanMJError
from wuhanmj.sim.results import HandOutcome, SimulationResult
from wuhanmj.sim.simulate import simulate
from wuhanmj.sim.stats import Moments, Tally, exact

SRC = Path(wuhanmj.__file__).parent
BARE_RAISE = re.compile(r"\braise\s+(?:\w+\.)*WuhanMJError\s*\(")
# Sites in modules another helper was editing at the time (none left).
PENDING: set[str] = set()


def _sources() -> list[Path]:
    return sorted(p for ext in ("*.py", "*.pyx", "*.pxi") for p in SRC.rglob(ext))


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(
            p,
            id=str(p.relative_to(SRC)),
            marks=[pytest.mark.xfail(strict=True, reason="bare raises left to the lead")]
            if p.name in PENDING
            else [],
        )
        for p in _sources()
    ],
)
def test_no_module_raises_the_bare_base_class(path):
    hits = [
        f"{path.name}:{i}: {line.strip()}"
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if BARE_RAISE.search(line)
    ]
    assert not hits, "\n".join(hits)


def test_the_pattern_finds_a_bare_raise():
    # The scan above would be worthless if its pattern never matched.
    assert BARE_RAISE.search('        raise WuhanMJError(f"x")')
    assert BARE_RAISE.search("raise errors.WuhanMJError('x')")
    assert not BARE_RAISE.search("raise WuhanMJErrorX('x')")
    assert not BARE_RAISE.search("except WuhanMJError as e:")


@pytest.mark.parametrize("cls", [SimulationError, AgentError, StatsError])
def test_new_errors_are_value_errors_and_exported(cls):
    assert issubclass(cls, WuhanMJError) and issubclass(cls, ValueError) and cls is not WuhanMJError
    assert getattr(wuhanmj, cls.__name__) is cls


# ---------------------------------------------------------------- simulate() arguments
@pytest.mark.parametrize(
    "kwargs, error, name",
    [
        (dict(hands=0), SimulationError, "hands"),
        (dict(hands=2.0), SimulationError, "hands"),
        (dict(hands=True), SimulationError, "hands"),
        (dict(seed=-1), SimulationError, "seed"),
        (dict(seed="1"), SimulationError, "seed"),
        (dict(workers=-1), SimulationError, "workers"),
        (dict(match_hands=0), SimulationError, "match_hands"),
        (dict(batch_hands=0), SimulationError, "batch_hands"),
        (dict(progress="yes"), SimulationError, "progress"),
        (dict(records=5), SimulationError, "records"),
        (dict(rules=5), RulesError, "rules"),
        (dict(agents=5), AgentError, "agents"),
        (dict(agents="random,random"), AgentError, "agents"),
        (dict(agents="argparse:Action"), AgentError, "argparse:Action"),  # its __init__ needs arguments
    ],
)
def test_simulate_bad_argument_is_a_specific_error_naming_it(kwargs, error, name):
    kwargs = {"hands": 1, "agents": "random", "seed": 1, **kwargs}
    with pytest.raises(error, match=re.escape(name)):
        simulate(**kwargs)


def test_simulate_unwritable_records_is_a_simulation_error(tmp_path):
    with pytest.raises(SimulationError, match="records"):
        simulate(hands=1, agents="random", seed=1, records=tmp_path / "no" / "such" / "h.jsonl")


class _ResetFails:
    def act(self, observation, legal_actions):
        return legal_actions[0]

    def reset(self, seed=None):
        raise RuntimeError("reset exploded")


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_agent_that_raises_is_an_agent_error_naming_the_seat(workers):
    # json.dumps(observation, legal_actions) raises TypeError: not an agent at all.
    with pytest.raises(AgentError, match=r"seat 2 \(agent 'dumps'\).*TypeError"):
        simulate(hands=1, agents=["random", "random", json.dumps, "random"], seed=1, workers=workers)


def test_simulate_agent_whose_reset_raises_is_an_agent_error_naming_the_seat():
    with pytest.raises(AgentError, match=r"seat 1 .*reset\(\) raised RuntimeError: reset exploded"):
        simulate(hands=1, agents=["random", _ResetFails(), "random", "random"], seed=1)


# ---------------------------------------------------------------- statistics and results
@pytest.mark.parametrize(
    "call",
    [
        lambda: exact("3"),
        lambda: exact(float("nan")),
        lambda: Moments.from_dict({"n": -1, "total": 0, "total_sq": 0}),
        lambda: Tally.from_dict({"counts": {"hands": 1.5}, "moments": {}}),
        lambda: Tally.from_dict([]),
        lambda: HandOutcome(dealer=0, payments=None),
        lambda: HandOutcome(dealer=0, payments=("a", "b", "c", "d")),
        lambda: HandOutcome(dealer=0, reached="1"),
        lambda: HandOutcome(dealer=0, big=None),
        lambda: HandOutcome(dealer=0, length=-1),
        lambda: HandOutcome(dealer=0, winner=1, how="zimo", payments=(1, 1, 1, 1)),  # X5
    ],
)
def test_x5_x6_bad_statistics_are_stats_errors(call):
    with pytest.raises(StatsError):
        call()


def _result_dict() -> dict:
    return simulate(hands=2, agents="random", seed=1).to_dict()


@pytest.mark.parametrize(
    "change, name",
    [
        (dict(seed="abc"), "seed"),
        (dict(seed=-1), "seed"),
        (dict(match_hands=0), "match_hands"),
        (dict(agents=["random"] * 3), "agents"),
        (dict(agents=None), "agents"),
        (dict(rules="kaikou"), "rules"),
    ],
)
def test_simulation_result_from_dict_names_the_bad_field(change, name):
    d = {**_result_dict(), **change}
    with pytest.raises(StatsError, match=name):
        SimulationResult.from_dict(d)


@pytest.mark.parametrize("bad", [[], None, "x"])
def test_simulation_result_from_dict_refuses_what_is_not_a_dict(bad):
    with pytest.raises(StatsError):
        SimulationResult.from_dict(bad)


def test_simulation_result_merge_of_different_rules_is_a_stats_error():
    a = simulate(hands=1, agents="random", seed=1)
    b = simulate(hands=1, agents="random", seed=1, rules="koukou")
    with pytest.raises(StatsError, match="merge"):
        a.merge(b)
