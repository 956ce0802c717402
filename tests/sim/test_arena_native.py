"""The arena on the native engine: the same ArenaResult (and records) as the Python engine,
on every preset and custom rule sets, in every mode, with random and greedy bots; the
batch's given dealers, previous 癞子 and agent seeds; the engine choice and bad input.

The Python engine (``engine="python"``) is the reference: every game of every seating is
played there by :class:`~wuhanmj.game.Match` with the first seating's dealer (D5), and the
native result must equal it exactly (counts, exact moments and their types, ratings)."""

from __future__ import annotations

import numpy as np
import pytest

from helpers.arena_agents import NoGangGreedy
from wuhanmj.agents.base import RandomAgent
from wuhanmj.agents.greedy import GreedyAgent
from wuhanmj.errors import AgentError, IllegalActionError, SimulationError
from wuhanmj.rules import Rules
from wuhanmj.sim.arena import agent_seed, arena
from wuhanmj.sim.batch import match_seeds
from wuhanmj.sim.loop import play_hand

RULES = {
    "kaikou": "kaikou",
    "koukou": "koukou",
    "koukou_fan": "koukou_fan",
    # payments that are not whole (X2): the exact wall values are fractions
    "money_fractions": Rules.koukou_fan().replace(money=((6, 2.5), (7, 5.25), (8, 10.125), (9, 20.5), (10, 40.75)),
                                                  gold_money=60.5),
    "pizi_play_out": Rules.kaikou().replace(pizi=True, second_laizi="play_out"),
}

MODES = {  # mode: agents (random and greedy bots, a baseline of each kind)
    "1v3": "greedy,random",
    "2v2": "random,random,greedy",
    "rotate": "greedy,random,greedy,random",
}


def _exact(result):
    """A result's tally with the type of every exact sum (an int is not a Fraction here)."""
    t = result.tally()
    d = t.to_dict()
    d["types"] = {k: (type(t.moments(k).total).__name__, type(t.moments(k).total_sq).__name__)
                  for k in t.moment_keys()}
    return d


def _same(agents, **kw):
    py = arena(agents, engine="python", **kw)
    nat = arena(agents, engine="native", **kw)
    assert nat == py
    assert _exact(nat) == _exact(py)
    assert nat.to_json() == py.to_json()
    return py


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("rules", list(RULES))
def test_native_arena_equals_the_python_arena_on_every_rule_set_and_mode(rules, mode):
    r = _same(MODES[mode], hands=7, mode=mode, rules=RULES[rules], seed=len(rules) * 10 + len(mode), match_hands=3)
    assert r.games == 7 * len(r.seatings)


def test_the_fraction_rule_set_gives_fraction_wall_values():
    # the money schedule's wall values are not all whole: the exact (fraction) path is tested
    r = _same("greedy,random", hands=6, rules=RULES["money_fractions"], seed=3, match_hands=2)
    assert any(type(m.total).__name__ == "Fraction" for k, m in r.moments if k.startswith("wall."))


def test_native_arena_equals_python_with_ratings_greedy_only_and_one_wall_matches():
    pytest.importorskip("openskill")
    r = _same("greedy,random,random,random", hands=5, mode="rotate", seed=8, match_hands=1, rating=True)
    assert r.rating is not None
    _same([GreedyAgent(), GreedyAgent()], hands=5, seed=2, match_hands=5)


@pytest.mark.parametrize("ext", [".jsonl", ".wmj"])
def test_native_arena_records_are_the_python_records_byte_for_byte(tmp_path, ext):
    paths = {e: tmp_path / f"{e}{ext}" for e in ("python", "native")}
    results = {e: arena("greedy,random", hands=7, seed=9, match_hands=3, mode="2v2", engine=e, records=paths[e])
               for e in paths}
    assert results["native"] == results["python"]
    assert paths["native"].read_bytes() == paths["python"].read_bytes()


# ---------------------------------------------------------------- run_matches' given inputs
def test_run_matches_plays_the_given_dealers_prev_laizi_and_agent_seeds():
    """Each hand as a stand-alone Python hand with the given dealer, previous 癞子 and agent
    seeds (the seeds of an arena's second seating): the same winner, payments, length."""
    from wuhanmj.native.batch import run_matches

    rules, root, mh, hands = Rules.kaikou(), 21, 3, 6
    dealers = np.array([2, 2, 1, 3, 0, 0], np.int8)  # not what D5 would give
    prev = np.array([-1, 5, 27, -1, 33, 0], np.int8)  # nor M2
    seeds = np.array([[agent_seed(root, m, a, k) for a, k in ((0, 0), (1, 0), (1, 1), (1, 2))] for m in range(2)],
                     np.uint64)
    kinds = ("random", "greedy", "random", "random")
    got = run_matches(rules, kinds, root, 0, 2, mh, hands, dealers=dealers, prev_laizi=prev, agent_seeds=seeds)
    assert got["dealer"].tolist() == dealers.tolist() and got["prev_laizi"].tolist() == prev.tolist()
    for m in range(2):
        rng = np.random.default_rng(match_seeds(root, m)[0])
        agents = [RandomAgent(), GreedyAgent(), RandomAgent(), RandomAgent()]  # reset once a match
        scores = [0.0] * 4
        for h in range(mh):
            i = m * mh + h
            p = play_hand(rules, agents, seed=int(rng.integers(2**63)),
                          agent_seeds=[int(x) for x in seeds[m]] if h == 0 else None, scores=scores,
                          dealer=int(dealers[i]), prev_laizi=None if prev[i] < 0 else int(prev[i]))
            o = p.outcome
            assert got["winner"][i] == (-1 if o.winner is None else o.winner)
            assert got["payments"][i].tolist() == [float(x) for x in o.payments]
            scores = [x + float(y) for x, y in zip(scores, o.payments)]
            assert got["length"][i] == o.length and got["decisions"][i] == o.decisions


def test_run_matches_without_given_inputs_is_unchanged():
    from wuhanmj.native.batch import run_matches

    kinds = ("random", "greedy", "random", "greedy")
    a = run_matches("kaikou", kinds, 4, 0, 2, 4, 8)
    seeds = np.array([match_seeds(4, m)[1] for m in range(2)], np.uint64)
    b = run_matches("kaikou", kinds, 4, 0, 2, 4, 8, dealers=a["dealer"], prev_laizi=a["prev_laizi"], agent_seeds=seeds)
    for k in a:
        assert a[k].tolist() == b[k].tolist(), k


@pytest.mark.parametrize(("kw", "what"), [
    ({"dealers": np.zeros(3, np.int8)}, "dealers: expected 4 integers 0-3"),
    ({"dealers": np.array([0, 1, 4, 0])}, "dealers: expected 4 integers 0-3"),
    ({"dealers": np.array([0.0, 1, 2, 3])}, "dealers: expected 4 integers"),
    ({"prev_laizi": np.array([-2, 0, 0, 0])}, "prev_laizi: expected 4 integers -1-33"),
    ({"agent_seeds": np.zeros((2, 4), np.uint64)}, r"agent_seeds: expected \(1, 4\)"),
    ({"agent_seeds": np.array([[1, 2, 3, -4]])}, r"agent_seeds: expected \(1, 4\) unsigned"),
])
def test_run_matches_names_bad_given_inputs(kw, what):
    from wuhanmj.native.batch import run_matches

    with pytest.raises(SimulationError, match=what):
        run_matches("kaikou", ("random",) * 4, 1, 0, 1, 4, 4, **kw)


# ---------------------------------------------------------------- the engine choice and bad input
def test_engine_names_are_checked():
    for bad in ("c", "Native", None, 1):
        with pytest.raises(SimulationError, match="^engine: expected one of auto, native, python"):
            arena("greedy,random", hands=2, engine=bad)


def test_native_engine_plays_an_agent_that_is_not_built_in_as_the_python_engine():
    """A subclass of GreedyAgent is called as Python from the native loop, each seat with
    its own copy and reset seed (the arena's scheme): the Python arena's result."""
    _same([GreedyAgent(), NoGangGreedy()], hands=4, seed=6, mode="1v3", match_hands=2)
    _same([NoGangGreedy(), "random", GreedyAgent(), NoGangGreedy()], hands=4, seed=6, mode="rotate", match_hands=3)




def test_auto_with_a_subclass_equals_the_python_arena():
    a = arena([NoGangGreedy(), "random"], hands=4, seed=6, engine="auto")
    assert a == arena([NoGangGreedy(), "random"], hands=4, seed=6, engine="python")


# ---------------------------------------------------------------- an agent's error
class _SeatTrap:
    """Raises at seat 1 at once, at seat 0 only from its second match on: the Python arena,
    which plays wall by wall (every seating of a wall in turn), meets seat 1 first."""

    name = "trap"

    def __init__(self):
        self.resets = 0

    def reset(self, seed=None):
        self.resets += 1

    def act(self, observation, legal):
        if observation.seat == 1 or (observation.seat == 0 and self.resets >= 2):
            raise RuntimeError(f"trap at seat {observation.seat}")
        return legal[0]


class _ResetTrap:
    """Its reset raises from the second match on."""

    name = "resettrap"

    def __init__(self):
        self.resets = 0

    def reset(self, seed=None):
        self.resets += 1
        if self.resets >= 2:
            raise RuntimeError("reset trap")

    def act(self, observation, legal):
        return legal[0]


def _arena_error(engine, agent):
    with pytest.raises((AgentError, IllegalActionError)) as info:
        arena([agent, "greedy"], hands=6, seed=3, match_hands=3, engine=engine)
    return info.value


@pytest.mark.parametrize("agent", [_SeatTrap, _ResetTrap])
def test_an_agents_error_in_the_native_arena_is_the_python_arenas(agent):
    nat, py = _arena_error("native", agent()), _arena_error("python", agent())
    assert type(nat) is type(py) and str(nat) == str(py)
    assert type(nat.__cause__) is type(py.__cause__)


# ---------------------------------------------------------------- soak: many walls
@pytest.mark.soak
@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("rules", list(RULES))
def test_native_arena_equals_python_over_many_walls(rules, mode):
    _same(MODES[mode], hands=120, mode=mode, rules=RULES[rules], seed=1000 + len(rules), match_hands=8)
    _same("random,greedy", hands=60, mode=mode if mode != "rotate" else "1v3", rules=RULES[rules], seed=7,
          match_hands=5)
