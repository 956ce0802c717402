"""The goal of the binary records: ``wuhanmj replay FILE --hand N`` on a
1,000,000-hand file within 200 MB (measured here in a child process with
``os.wait4``); its time is measured by bench/bench_records.py, not asserted."""

from __future__ import annotations

import os
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
    # the replay's own peak (os.wait4: that child alone; RUSAGE_CHILDREN would also count
    # any earlier child that happens to be reaped meanwhile, e.g. another test's browser)
    with open(tmp_path / "stderr.txt", "w") as err:
        p = subprocess.Popen([sys.executable, "-m", "wuhanmj", "replay", str(big), "--hand", "765432"],
                             stdout=subprocess.PIPE, stderr=err, text=True, env=env)
        assert p.stdout is not None
        out = p.stdout.read()
        p.stdout.close()
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    assert p.returncode == 0, (tmp_path / "stderr.txt").read_text()
    assert usage.ru_maxrss < 200 * 1024  # KiB on Linux
    assert out.startswith("hand 765432 (match 95679, hand 0 of the match)")
    with RecordsReader(big) as r:
        assert r.hands == 1_000_000
        rec = r.record(765432)
    with RecordsReader(small) as r:
        same = r.record(765432 % 512)
    assert rec["events"] == same["events"] and rec["result"] == same["result"]
