"""The arena per game on the Python and the native engine, in the same run, one core:
whole arenas through ``arena()`` (every wall once per seating: the deal, every bot
decision, the settlement, the tally and the paired statistics), the default 1v3
``greedy,random`` (also with binary records of every game) and the two bots alone (2v2
of two copies).

Run: ``pytest bench/bench_arena.py --benchmark-only --benchmark-timer=time.process_time
--benchmark-columns=min,median,rounds`` (CPU time of the process: the machine is shared).

µs a game = the ``min`` time of a row / ``extra_info["games"]`` (walls × seatings).
Figures in bench/README.md ("Native arena").
"""

from __future__ import annotations

from typing import Any

import pytest

from wuhanmj.sim.arena import arena
from wuhanmj.running.native import native_available

SEED = 20261201
CASES = {  # name: (agents, mode, walls on the Python engine, walls on the native one)
    "greedy_random_1v3": ("greedy,random", "1v3", 100, 2000),
    "random_2v2": ("random,random", "2v2", 200, 8000),
    "greedy_2v2": ("greedy,greedy", "2v2", 60, 1500),
    # binary records of every game (on the native engine: replayed through the Python one)
    "greedy_random_1v3_records": ("greedy,random", "1v3", 100, 300),
}

needs_native = pytest.mark.skipif(not native_available(), reason="the native engine is not built")


def _run(case: str, engine: str, records: Any) -> Any:
    agents, mode, py_walls, nat_walls = CASES[case]
    return arena(agents, hands=py_walls if engine == "python" else nat_walls, mode=mode, seed=SEED, engine=engine,
                 records=records if case.endswith("_records") else None)


@pytest.mark.parametrize("engine", ["python", pytest.param("native", marks=needs_native)])
@pytest.mark.parametrize("case", list(CASES))  # both engines of a case one after the other
def test_arena_per_game(benchmark, case, engine, tmp_path):
    r = benchmark.pedantic(_run, args=(case, engine, tmp_path / "games.wmj"), rounds=3, iterations=1)
    benchmark.extra_info["games"] = r.games
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["us_per_game"] = round(stats.stats.min / r.games * 1e6, 1)
    assert r.games == r.hands * len(r.seatings)


@needs_native
@pytest.mark.parametrize("control", [False, True])
def test_arena_control_variates(benchmark, control):
    """The default arena on the native engine without and with the control variates
    (``control=True``: the covariates of every wall and of 4 reference walls a wall)."""
    r = benchmark.pedantic(arena, args=("greedy,random",), kwargs={"hands": 2000, "seed": SEED, "engine": "native",
                                                                  "control": control}, rounds=5, iterations=1)
    benchmark.extra_info["games"] = r.games
    assert r.has_control is control
