"""What records cost on the native engine: the same ``simulate()`` run (one core, kaikou)
without records, with binary ``.wmj`` records and with JSON lines, random and greedy bots,
in one session; beside them the records written by replaying every hand through the
Python engine (``verify=True``: what every native run with records cost before the native
records writer).

Run: ``pytest bench/bench_records_native.py --benchmark-only --benchmark-columns=min,median,rounds``
(``WUHANMJ_BENCH_DIR=/dev/shm`` puts the files in memory instead of the temporary folder,
to measure the writer without the disk).

Figures in bench/README.md ("Native records").
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from wuhanmj.running.native import native_available
from wuhanmj.sim.simulate import simulate

SEED = 20261201
HANDS = {"random": 40_000, "greedy": 6_000}
REPLAY_HANDS = {"random": 2_000, "greedy": 1_000}

pytestmark = pytest.mark.skipif(not native_available(), reason="the native engine is incomplete in this build")


@pytest.fixture
def out_dir():
    d = Path(tempfile.mkdtemp(dir=os.environ.get("WUHANMJ_BENCH_DIR")))
    yield d
    shutil.rmtree(d, ignore_errors=True)


def _run(agents: str, hands: int, records: Path | None, verify: bool = False) -> None:
    r = simulate(hands=hands, agents=agents, seed=SEED, engine="native", records=records, verify=verify)
    assert r.engine == "native" and r.hands == hands


@pytest.mark.parametrize("records", [None, "h.wmj", "h.jsonl"], ids=["none", "wmj", "jsonl"])
@pytest.mark.parametrize("agents", ["random", "greedy"])
def test_native_records(benchmark, out_dir, agents, records):
    hands = HANDS[agents]
    path = None if records is None else out_dir / records
    benchmark.pedantic(_run, args=(agents, hands, path), rounds=3, iterations=1, warmup_rounds=1)
    benchmark.extra_info["hands"] = hands


@pytest.mark.parametrize("records", ["h.wmj", "h.jsonl"], ids=["wmj", "jsonl"])
@pytest.mark.parametrize("agents", ["random", "greedy"])
def test_native_records_by_replay(benchmark, out_dir, agents, records):
    hands = REPLAY_HANDS[agents]
    benchmark.pedantic(_run, args=(agents, hands, out_dir / records, True), rounds=2, iterations=1)
    benchmark.extra_info["hands"] = hands
