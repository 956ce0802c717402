"""The binary hand records: reading hand N of a 1,000,000-hand file, in
process and as the command ``wuhanmj replay FILE --hand N`` (a fresh interpreter: import,
seek, replay, print), and the cost of writing records during a simulation.

Run: ``pytest bench/bench_records.py --benchmark-only --benchmark-columns=min,median,rounds``

The 1,000,000-hand file is built from 512 real hands (greedy/random, kaikou) copied in
order with their own indexes and CRCs (tests/helpers/million.py): the size, blocks and
index of a real run of that length, every hand a real one that replays.
"""

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from helpers.million import build  # noqa: E402
from wuhanmj import simulate  # noqa: E402
from wuhanmj.files.records import RecordsReader  # noqa: E402

MILLION = 1_000_000
HANDS = [765_432, 3, 999_999, 500_000, 123_456]


@pytest.fixture(scope="module")
def million(tmp_path_factory):
    d = tmp_path_factory.mktemp("records")
    small, big = d / "small.wmj", d / "big.wmj"
    simulate(hands=512, agents="greedy,random,greedy,random", seed=9, records=small)
    build(small, big, MILLION)
    return big


def test_read_hand_n_of_a_million_in_process(benchmark, million):
    it = iter(HANDS * 100)

    def read():
        with RecordsReader(million) as r:
            return r.record(next(it))

    rec = benchmark.pedantic(read, rounds=10, iterations=1)
    benchmark.extra_info["bytes_per_hand"] = million.stat().st_size / MILLION
    assert rec["events"]


def test_wuhanmj_replay_hand_n_of_a_million(benchmark, million):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    it = iter(HANDS * 100)

    def replay():
        return subprocess.run([sys.executable, "-m", "wuhanmj", "replay", str(million), "--hand", str(next(it))],
                              capture_output=True, text=True, env=env, check=True)

    out = benchmark.pedantic(replay, rounds=5, iterations=1)
    benchmark.extra_info["max_rss_mb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    assert out.stdout.startswith("hand ")


def test_python_startup_and_import_alone(benchmark):
    """The floor of the row above: a fresh interpreter importing wuhanmj and nothing else."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    benchmark.pedantic(lambda: subprocess.run([sys.executable, "-c", "import wuhanmj.cli.replay"], env=env, check=True),
                       rounds=5, iterations=1)


@pytest.mark.parametrize("records", [None, "h.wmj", "h.jsonl", "h.jsonl.gz"])
def test_simulate_500_greedy_hands_writing_records(benchmark, tmp_path, records):
    path = None if records is None else tmp_path / records
    benchmark.pedantic(simulate, kwargs=dict(hands=500, agents="greedy,random,greedy,random", seed=3,
                                             records=path), rounds=3, iterations=1)
    if path is not None:
        benchmark.extra_info["bytes_per_hand"] = path.stat().st_size / 500
