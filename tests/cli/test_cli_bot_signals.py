"""``wuhanmj simulate`` with ``cmd:`` bots stopped by a signal: Ctrl-C (SIGINT to the
terminal's process group) and SIGTERM (to the engine alone, as ``kill PID`` or a
supervisor sends it) end every bot process and the programs the bots started: no orphan
is left. The engine runs as a real process (python -m wuhanmj) in a session of its own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


# A bot that notes its pid and its child's in DIR, starts a child that would outlive it,
# and answers every request slowly (slow) or never (hang).
BOT = r'''
import json, os, sys, time
where, mode = sys.argv[1], sys.argv[2]
open(os.path.join(where, f"bot-{os.getpid()}"), "w").close()
if os.fork() == 0:
    os.close(0); os.close(1)
    open(os.path.join(where, f"child-{os.getpid()}"), "w").close()
    time.sleep(120)
    os._exit(0)
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "request":
        if mode == "hang":
            time.sleep(120)
        time.sleep(0.02)
        legal = msg["legal"]
        print(162 if 162 in legal else next((c for c in legal if c < 34), legal[0]), flush=True)
'''


def _pids(where: Path, kind: str) -> list[int]:
    return [int(p.name.split("-")[1]) for p in where.glob(f"{kind}-*")]


def _alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting for its reaper counts as ended)."""
    try:
        return ") Z" not in Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False


def _wait(cond, within: float) -> bool:
    end = time.monotonic() + within
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("how", ["sigint_group", "sigterm_engine"])
def test_a_signal_to_the_engine_leaves_no_bot_process(tmp_path, how):
    script = tmp_path / "bot.py"
    script.write_text(BOT)
    mode = "slow" if how == "sigint_group" else "hang"
    env = dict(os.environ)  # the wuhanmj this test imports: installed (CI) or PYTHONPATH=src
    log = tmp_path / "stderr.txt"
    engine = subprocess.Popen(
        [sys.executable, "-m", "wuhanmj", "simulate", "--agents", f"cmd:{sys.executable} {script} {tmp_path} {mode}",
         "--hands", "1000", "--seed", "1", "--quiet", "--bot-timeout", "100"],
        stdout=subprocess.DEVNULL, stderr=log.open("w"), env=env, start_new_session=True)
    try:
        # slow: four bots playing; hang: the first one asked waits, the others are not started
        bots = 4 if mode == "slow" else 1
        assert _wait(lambda: len(_pids(tmp_path, "bot")) == bots and len(_pids(tmp_path, "child")) == bots, 30)
        time.sleep(0.3)
        if how == "sigint_group":
            os.killpg(engine.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
        else:
            engine.send_signal(signal.SIGTERM)
        engine.wait(timeout=30)  # (its stderr is a file: a bot left running would hold a pipe open)
    finally:
        if engine.poll() is None:
            os.killpg(engine.pid, signal.SIGKILL)
            engine.wait()
    err = log.read_text()
    expected = {"sigint_group": (130, "interrupted"), "sigterm_engine": (143, "stopped by SIGTERM")}[how]
    assert (engine.returncode, err.strip().splitlines()[-1:]) == (expected[0], [f"wuhanmj: {expected[1]}"]), err
    left = [p for p in _pids(tmp_path, "bot") + _pids(tmp_path, "child") if _alive(p)]
    try:
        assert _wait(lambda: not any(_alive(p) for p in left), 5), f"left running: {left}"
    finally:
        for p in left:
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass
