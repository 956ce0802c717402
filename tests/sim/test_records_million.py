"""The goal of the binary records: ``wuhanmj replay FILE --hand N`` on a
1,000,000-hand file within 200 MB (its peak resident memory, measured here in a child
process); its time is measured by bench/bench_records.py, not asserted."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from helpers.million import build
from wuhanmj import simulate
from wuhanmj.sim.records import RecordsReader

_MEASURED = """
import runpy, sys
sys.argv = ["wuhanmj", "replay", sys.argv[1], "--hand", "765432"]
try:
    runpy.run_module("wuhanmj", run_name="__main__", alter_sys=True)
finally:
    sys.stdout.flush()
    with open("/proc/self/status") as f:
        print(next(ln for ln in f if ln.startswith("VmHWM:")), file=sys.stderr)
"""


@pytest.mark.slow
def test_replay_of_hand_n_of_a_million_hand_file_stays_under_200_mb(tmp_path):
    small, big = tmp_path / "small.wmj", tmp_path / "big.wmj"
    simulate(hands=512, agents="greedy,random,greedy,random", seed=9, records=small)
    build(small, big, 1_000_000)
    assert big.stat().st_size / 1_000_000 < 300  # bytes a hand
    env = dict(os.environ)  # the wuhanmj this test imports: installed (CI) or PYTHONPATH=src
    # the replay's own peak: its VmHWM, read by the process itself at its end (the
    # ru_maxrss of a child counts the memory of the process it was forked from, e.g. a
    # large test worker)
    run = subprocess.run([sys.executable, "-c", _MEASURED, str(big)], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    peak_kb = int(run.stderr.split("VmHWM:")[-1].split()[0])  # kB
    assert peak_kb < 200 * 1024
    assert out.startswith("hand 765432 (match 95679, hand 0 of the match)")
    with RecordsReader(big) as r:
        assert r.hands == 1_000_000
        rec = r.record(765432)
    with RecordsReader(small) as r:
        same = r.record(765432 % 512)
    assert rec["events"] == same["events"] and rec["result"] == same["result"]
