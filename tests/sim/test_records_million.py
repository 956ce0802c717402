"""The goal of the binary records: ``wuhanmj replay FILE --hand N`` on a
1,000,000-hand file within 200 MB (measured here in a child process with
``resource.getrusage``); its time is measured by bench/bench_records.py, not asserted."""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest

from helpers.million import build
from wuhanmj import simulate
from wuhanmj.sim.records import RecordsReader

@pytest.mark.slow
def test_replay_of_hand_n_of_a_million_hand_file_stays_under_200_mb(tmp_path):
    small, big = tmp_path / "small.wmj", tmp_path / "big.wmj"
    simulate(hands=512, agents="greedy,random,greedy,random", seed=9, records=small)
    build(small, big, 1_000_000)
    assert big.stat().st_size / 1_000_000 < 300  # bytes a hand
    env = dict(os.environ)  # the wuhanmj this test imports: installed (CI) or PYTHONPATH=src
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    out = subprocess.run([sys.executable, "-m", "wuhanmj", "replay", str(big), "--hand", "765432"],
                         capture_output=True, text=True, env=env, check=True).stdout
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert peak_kb < 200 * 1024 or before >= 200 * 1024  # KiB on Linux
    assert out.startswith("hand 765432 (match 95679, hand 0 of the match)")
    with RecordsReader(big) as r:
        assert r.hands == 1_000_000
        rec = r.record(765432)
    with RecordsReader(small) as r:
        same = r.record(765432 % 512)
    assert rec["events"] == same["events"] and rec["result"] == same["result"]
