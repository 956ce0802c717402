"""Python agents on the native engine: the native loop plays the built-in seats in C and
calls a Python agent only at its own decisions, exactly as the Python engine's loop
(:func:`wuhanmj.game.loop.play_game`) calls it.

The Python engine is the reference: for the same agents and seeds, ``simulate`` on the
native engine gives the Python engine's result (the same tally, hence the same summary)
and the same record lines, byte for byte (M1, D5, M2: the same matches, dealers and
resets), on every preset and on custom rule sets, with

- a stateful custom agent (its choices depend on what it saw earlier in the match and on
  its seed: a wrong observation, a missed or extra reset, a call out of order shows);
- a subclass of GreedyAgent that overrides one decision (it never claims a 吃), which the
  native engine must call as Python, not play as its built-in greedy bot;
- agents that read no observation (``observes = False``), take action values instead of
  codes (``legal_codes`` unset), or are plain callables.

An agent that raises or plays an illegal action stops the run with play_game's error
(AgentError / IllegalActionError, the same message naming the seat and the agent), and a
records file of the run stays readable. Few hands here; many more under soak.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from wuhanmj import Rules, simulate
from wuhanmj.agents import GreedyAgent, RandomAgent
from wuhanmj.errors import AgentError, IllegalActionError
from wuhanmj.game.actions import CHI, PASS, PENG, Action, Pass
from wuhanmj.native import batch as nbatch
from wuhanmj.sim import native as snative
from wuhanmj.sim.recordio import iter_records

RULE_SETS = {
    "kaikou": Rules.kaikou(),
    "koukou": Rules.koukou(),
    "koukou_fan": Rules.koukou_fan(),
    "kaikou_pizi_play_out": Rules.kaikou().replace(pizi=True, second_laizi="play_out"),
}


class Hoarder:
    """A stateful agent: it remembers the tiles it discarded this match, and discards the
    tile kind it has thrown least (ties: a draw of its seeded generator); claims 碰 every
    third time it may; hu when legal. Reads the observation (hand, phase) and its codes."""

    name = "hoarder"
    legal_codes = True

    def __init__(self) -> None:
        self.reset(0)

    def reset(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)
        self.thrown = [0] * 34
        self.pengs = 0
        self.seen_hands = 0

    def act(self, obs, legal):
        assert obs is not None and tuple(legal) == obs.legal_actions
        self.seen_hands += len(obs.hand)
        if 161 in legal:
            return 161
        if obs.phase == "claim" and PENG in legal:
            self.pengs += 1
            if self.pengs % 3 == 0:
                return PENG
        discards = [c for c in legal if c < 34]
        if obs.phase == "turn" and discards:
            low = min(self.thrown[c] for c in discards)
            pick = [c for c in discards if self.thrown[c] == low]
            c = pick[int(self.rng.integers(len(pick)))]
            self.thrown[c] += 1
            return c
        return PASS if PASS in legal else legal[0]


class NoChi(GreedyAgent):
    """GreedyAgent but it never claims a 吃 (one decision overridden)."""

    __slots__ = ()
    name = "nochi"

    def act(self, observation, legal_actions):
        choice = super().act(observation, legal_actions)
        code = choice if isinstance(choice, int) else choice.code
        if CHI <= code < PENG:
            return PASS if isinstance(legal_actions[0], int) else Pass()
        return choice


class Blind:
    """Reads no observation and gets action values: the first legal action but Pass."""

    observes = False

    def act(self, obs, legal):
        assert obs is None and all(isinstance(a, Action) for a in legal)
        rest = [a for a in legal if not isinstance(a, Pass)]
        return rest[-1] if rest else legal[0]


def last_code(obs, legal):
    """A plain callable: the last legal action (action values: legal_codes unset)."""
    return legal[-1]


TABLES = {
    "hoarder_greedy": lambda: [Hoarder(), GreedyAgent(), GreedyAgent(), GreedyAgent()],
    "nochi_random_greedy": lambda: [RandomAgent(), NoChi(), GreedyAgent(), RandomAgent()],
    "blind_callable": lambda: [GreedyAgent(), Blind(), last_code, Hoarder()],
}


def both(hands: int, agents_of, rules: Rules, seed: int, tmp_path, match_hands: int = 4):
    out = {}
    for engine in ("native", "python"):
        path = tmp_path / f"{engine}.jsonl"
        r = simulate(hands=hands, agents=agents_of(), rules=rules, seed=seed, match_hands=match_hands,
                     engine=engine, records=str(path), workers=1)
        assert r.engine == engine
        out[engine] = (r, path.read_text(encoding="utf-8"))
    return out


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_m1_python_agents_on_the_native_engine_play_the_python_engine_hands(table, rules, tmp_path):
    out = both(12, TABLES[table], RULE_SETS[rules], 20 + len(table), tmp_path)
    (rn, ln), (rp, lp) = out["native"], out["python"]
    assert rn == rp
    assert rn.summary().splitlines()[1:] == rp.summary().splitlines()[1:]
    assert ln == lp and ln.count("\n") == 12


class LastAsNumpy:
    """Plays its last legal code as a numpy integer, or its last legal Action value."""

    def __init__(self, codes):
        self.legal_codes = codes

    def act(self, obs, legal):
        return np.int16(legal[-1]) if self.legal_codes else legal[-1]


@pytest.mark.parametrize("codes", [True, False], ids=["numpy-codes", "actions"])
def test_an_action_is_read_as_game_step_reads_it_numpy_ints_and_values(codes, tmp_path):
    out = both(6, lambda: [LastAsNumpy(codes), GreedyAgent(), RandomAgent(), GreedyAgent()], Rules.preset("kaikou"),
               5, tmp_path)
    assert out["native"][0] == out["python"][0] and out["native"][1] == out["python"][1]


def test_the_same_object_at_two_seats_is_called_as_the_python_engine_calls_it(tmp_path):
    shared = Hoarder()
    out = both(8, lambda: [shared, GreedyAgent(), shared, RandomAgent()], Rules.koukou(), 5, tmp_path)
    assert out["native"][0] == out["python"][0] and out["native"][1] == out["python"][1]


def test_run_matches_takes_python_agents_and_leaves_the_built_in_seats_native():
    kinds = snative.native_kinds([NoChi(), GreedyAgent(), RandomAgent(), "greedy"])
    assert isinstance(kinds[0], NoChi) and kinds[1:] == ("greedy", "random", "greedy")
    a = nbatch.run_matches("kaikou", kinds, 3, 0, 2, 4, 8, True, labels=("nochi", "greedy", "random", "greedy"))
    assert a["winner"].shape == (8,) and a["log_offsets"][-1] == len(a["log_code"])


# ---------------------------------------------------------------- errors (as play_game's)
class Boom:
    """Raises at its n-th decision."""

    name = "boom"
    legal_codes = True

    def __init__(self, at: int = 30) -> None:
        self.at = at
        self.k = 0

    def reset(self, seed=None):
        self.k = 0

    def act(self, obs, legal):
        self.k += 1
        if self.k == self.at:
            raise RuntimeError("boom at decision %d" % self.k)
        return legal[0]


class Cheat(Boom):
    """Plays an illegal code at its n-th decision (162 Pass on its turn, or 0 elsewhere)."""

    name = "cheat"

    def act(self, obs, legal):
        self.k += 1
        if self.k == self.at:
            return next(c for c in (PASS, 0, 33, 125) if c not in legal)
        return legal[0]


class BadReset(Boom):
    name = "badreset"

    def reset(self, seed=None):
        raise ValueError("no reset today")


def _error(engine: str, agents, hands: int = 24, records=None, batch_hands=None):
    with pytest.raises((AgentError, IllegalActionError)) as info:
        simulate(hands=hands, agents=agents, seed=9, match_hands=4, engine=engine, records=records, workers=1,
                 batch_hands=batch_hands)
    return info.value


@pytest.mark.parametrize("bad", [Boom, Cheat, BadReset])
def test_an_agent_that_fails_stops_the_native_run_with_play_games_error(bad):
    def agents():
        return [GreedyAgent(), bad(37), RandomAgent(), GreedyAgent()]

    native, python = _error("native", agents()), _error("python", agents())
    assert type(native) is type(python)
    assert str(native) == str(python)
    assert str(native).startswith("seat 1 ")
    if bad is not Cheat:
        assert type(native.__cause__) is type(python.__cause__)


class Late(Boom):
    """Raises at its n-th decision of a batch (its count survives the matches' resets)."""

    name = "late"

    def reset(self, seed=None):
        pass


def test_a_run_stopped_by_an_agent_leaves_a_readable_records_file(tmp_path):
    path = tmp_path / "stopped.jsonl"
    err = _error("native", [GreedyAgent(), Late(70), RandomAgent(), GreedyAgent()], hands=40,
                 records=str(path), batch_hands=8)
    assert str(err).startswith("seat 1 (agent 'late'): act() raised RuntimeError")
    rows = list(iter_records(path))          # readable, in order, up to the last whole hand
    tally, items = err.partial               # the failed batch's whole hands before the error
    lines = [ln for block in items for ln in bytes(block).decode("utf-8").splitlines()]   # blocks of lines
    assert lines is not None and tally.counts.get("hands", 0) == len(lines) < 8
    assert [json.loads(line)["hand"] for line in lines] == [r["hand"] for r in rows][-len(lines):]
    assert [r["hand"] for r in rows] == list(range(len(rows))) and len(rows) % 8 == len(lines) > 0
    # the Python engine's run stops in the same hand, and leaves the same file
    py = tmp_path / "python.jsonl"
    err_py = _error("python", [GreedyAgent(), Late(70), RandomAgent(), GreedyAgent()], hands=40,
                    records=str(py), batch_hands=8)
    assert str(err_py) == str(err) and py.read_bytes() == path.read_bytes()


@pytest.mark.soak
@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_m1_python_agents_on_the_native_engine_over_many_hands(table, rules, tmp_path):
    out = both(240, TABLES[table], RULE_SETS[rules], 700 + len(rules), tmp_path, match_hands=8)
    assert out["native"][0] == out["python"][0] and out["native"][1] == out["python"][1]


@pytest.mark.parametrize("seats", [(0, 2), (0, 1, 2, 3)])
def test_one_random_agent_at_several_seats_shares_its_generator_as_on_the_python_engine(seats):
    """The same RandomAgent object at several seats is one generator (reset by each seat in
    turn, drawn by all), as the Python engine plays it: the native engine must not seat an
    independent native random bot at each."""
    def agents():
        r = RandomAgent()
        return [r if s in seats else GreedyAgent() for s in range(4)]

    native = simulate(hands=8, agents=agents(), seed=1, match_hands=4, engine="native", workers=1)
    python = simulate(hands=8, agents=agents(), seed=1, match_hands=4, engine="python", workers=1)
    assert native == python
