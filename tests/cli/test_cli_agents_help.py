"""Every command that takes --agents names every built-in bot in its --help: greedy,
expert, policy (the learned policy) and random."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import wuhanmj

SRC = os.path.dirname(os.path.dirname(os.path.abspath(wuhanmj.__file__)))


@pytest.mark.parametrize("command", ["simulate", "arena", "study", "play", "serve"])
def test_the_agents_help_names_every_built_in_bot(command):
    r = subprocess.run([sys.executable, "-m", "wuhanmj", command, "--help"], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": SRC, "COLUMNS": "400"})
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if x.strip().startswith("--agents"))
    for name in ("greedy", "expert", "policy", "random"):
        assert f"{name}," in line, (name, line)
