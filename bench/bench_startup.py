"""Start-up: a fresh interpreter running ``import wuhanmj`` and a short ``wuhanmj simulate``,
beside ``import numpy`` (the reference: wuhanmj needs numpy, so it is the floor).

Run: ``PYTHONPATH=src pytest bench/bench_startup.py --benchmark-only --benchmark-columns=min,median,rounds``

Each round is one child process; the time measured is the child's CPU time (user + system,
``resource.getrusage(RUSAGE_CHILDREN)``), which other work on the machine disturbs less than
the wall clock; ``extra_info["cpu_s"]`` holds the least of the rounds. Set
``WUHANMJ_STARTUP_TREE=<tree>`` to time another checkout's ``src`` (the "before" column of
bench/README.md).

The children inherit the environment: with ``PYTHONDONTWRITEBYTECODE=1`` (no ``.pyc``
written, so every module of wuhanmj is compiled from source in every process) compiling is
a large part of the time (bench/README.md, "Start-up"); unset it (or give
``PYTHONPYCACHEPREFIX``) to time an installed package's start-up. The instruction counts of
the README come from ``valgrind --tool=callgrind`` of the same commands (repeatable under
load).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

TREE = Path(os.environ.get("WUHANMJ_STARTUP_TREE", Path(__file__).resolve().parents[1]))
ROUNDS = 7

COMMANDS = {
    "import_numpy": ["-c", "import numpy"],
    "import_wuhanmj": ["-c", "import wuhanmj"],
    "simulate_100_random": ["-m", "wuhanmj", "simulate", "--hands", "100", "--agents", "random", "--seed", "1"],
}


def _child_cpu(args: list[str]) -> float:
    """CPU seconds of one child ``python args`` (stdout and stderr discarded)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = dict(os.environ, PYTHONPATH=str(TREE / "src"))
    subprocess.run([sys.executable, *args], check=True, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_startup(benchmark, name):
    cpu: list[float] = []
    benchmark.pedantic(lambda: cpu.append(_child_cpu(COMMANDS[name])), rounds=ROUNDS, iterations=1)
    benchmark.extra_info["cpu_s"] = min(cpu)
    benchmark.extra_info["cpu_s_median"] = sorted(cpu)[len(cpu) // 2]
