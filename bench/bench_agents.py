"""Any agent on the native engine: one custom Python agent and three greedy bots, per
hand, on the Python engine and on the native one (which plays the three greedy seats in C
and calls the Python agent at its own decisions only, with the Observation the Python
engine gives), in the same run, one core, ``simulate`` end to end (deal, every decision,
the settlement, the tally).

Agents: ``nochi`` — a subclass of GreedyAgent that never claims a 吃 (its act is the
Python GreedyAgent's: the heaviest Python agent here); ``light`` — a stateful agent of a
few lines (the discard it threw least, claims every third 碰).

Run: ``pytest bench/bench_agents.py --benchmark-only --benchmark-timer=time.process_time
--benchmark-columns=min,median,rounds`` (CPU time of the process: the machine is shared).

µs a hand = the ``min`` time of a row / ``extra_info["hands"]``. Figures in bench/README.md
("Any agent on the native engine").
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from wuhanmj import simulate
from wuhanmj.agents import GreedyAgent
from wuhanmj.game.actions import CHI, PASS, PENG
from wuhanmj.running.native import native_available

SEED = 20261201
HANDS = {"python": 60, "native": 300}
needs_native = pytest.mark.skipif(not native_available(), reason="the native engine is not built")


class NoChi(GreedyAgent):
    """GreedyAgent that never claims a 吃."""

    __slots__ = ()
    name = "nochi"

    def act(self, observation: Any, legal_actions: Any) -> Any:
        c = super().act(observation, legal_actions)
        return PASS if isinstance(c, int) and CHI <= c < PENG else c


class Light:
    """A stateful agent of a few lines: hu when legal; the discard it threw least this
    match (ties: its seeded generator); a 碰 every third time it may; else pass."""

    name = "light"
    legal_codes = True

    def reset(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)
        self.thrown = [0] * 34
        self.pengs = 0

    def act(self, obs: Any, legal: Any) -> Any:
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


CASES = {"nochi_greedy3": NoChi, "light_greedy3": Light}


def _run(case: str, engine: str) -> Any:
    agents = [CASES[case](), GreedyAgent(), GreedyAgent(), GreedyAgent()]
    return simulate(hands=HANDS[engine], agents=agents, seed=SEED, engine=engine, workers=1)


@pytest.mark.parametrize("engine", ["python", pytest.param("native", marks=needs_native)])
@pytest.mark.parametrize("case", list(CASES))  # both engines of a case one after the other
def test_custom_agent_and_three_greedy_per_hand(benchmark, case, engine):
    r = benchmark.pedantic(_run, args=(case, engine), rounds=3, iterations=1)
    benchmark.extra_info["hands"] = r.hands
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["us_per_hand"] = round(stats.stats.min / r.hands * 1e6, 1)
    assert r.hands == HANDS[engine] and r.engine == engine
