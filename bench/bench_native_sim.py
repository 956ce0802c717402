"""The native engine's simulation throughput, the Python engine beside it in
the same run, one core: whole hands through ``simulate()`` (deal, every bot decision,
settlement, the tally), random and greedy bots; two worker processes against one; where
the native time goes (``perf`` samples by shared object: the hand engine, the core's
shape kernels, the scoring, the bots, the rng, the batch, Python); peak memory of 10,000
against 1,000,000 hands (a fresh interpreter each, ``resource.getrusage``).

Run: ``pytest bench/bench_native_sim.py --benchmark-only --benchmark-columns=min,median,rounds``
(the profile: ``python bench/bench_native_sim.py profile random`` or ``greedy``; memory:
``python bench/bench_native_sim.py memory``).

Hands/s = hands / the ``min`` time of a row (``extra_info["hands"]``). Figures in
bench/README.md ("Native simulation").
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from wuhanmj.running.native import native_available
from wuhanmj.sim.simulate import simulate

SEED = 20261130
NATIVE_RANDOM_HANDS = 100_000
NATIVE_GREEDY_HANDS = 20_000
PYTHON_RANDOM_HANDS = 2000
PYTHON_GREEDY_HANDS = 500
SCALING_HANDS = 600_000

needs_native = pytest.mark.skipif(not native_available(), reason="the native engine is incomplete in this build")


def _simulate(**kwargs):
    return simulate(seed=SEED, **kwargs)


# ---------------------------------------------------------------- one core, both engines
@needs_native
def test_native_random_agents_one_core(benchmark):
    r = benchmark.pedantic(_simulate, kwargs=dict(hands=NATIVE_RANDOM_HANDS, agents="random", engine="native"),
                           rounds=3, iterations=1)
    benchmark.extra_info["hands"] = NATIVE_RANDOM_HANDS
    assert r.hands == NATIVE_RANDOM_HANDS and r.engine == "native"


def test_python_random_agents_one_core(benchmark):
    r = benchmark.pedantic(_simulate, kwargs=dict(hands=PYTHON_RANDOM_HANDS, agents="random", engine="python"),
                           rounds=3, iterations=1)
    benchmark.extra_info["hands"] = PYTHON_RANDOM_HANDS
    assert r.engine == "python"


@needs_native
def test_native_greedy_agents_one_core(benchmark):
    r = benchmark.pedantic(_simulate, kwargs=dict(hands=NATIVE_GREEDY_HANDS, agents="greedy", engine="native"),
                           rounds=3, iterations=1)
    benchmark.extra_info["hands"] = NATIVE_GREEDY_HANDS
    assert r.hands == NATIVE_GREEDY_HANDS


def test_python_greedy_agents_one_core(benchmark):
    r = benchmark.pedantic(_simulate, kwargs=dict(hands=PYTHON_GREEDY_HANDS, agents="greedy", engine="python"),
                           rounds=3, iterations=1)
    benchmark.extra_info["hands"] = PYTHON_GREEDY_HANDS
    assert r.engine == "python"


@needs_native
@pytest.mark.parametrize("workers", [1, 2])
def test_native_random_agents_workers(benchmark, workers):
    # process start-up included: a pool is made for each run (workers=2)
    r = benchmark.pedantic(_simulate, kwargs=dict(hands=SCALING_HANDS, agents="random", engine="native",
                                                  workers=workers), rounds=3, iterations=1)
    benchmark.extra_info["hands"] = SCALING_HANDS
    assert r.hands == SCALING_HANDS


# ---------------------------------------------------------------- where the native time goes
_GROUPS = {  # extension module (perf names it by its file) -> group
    "hand": "hand engine (native/hand)",
    "score": "scoring (native/score)",
    "agents": "agents (native/agents)",
    "rng": "rng (native/rng)",
    "batch": "batch loop (native/batch)",
    "shape": "core kernels (shape, shanten, routes)",
    "shanten": "core kernels (shape, shanten, routes)",
    "routes": "core kernels (shape, shanten, routes)",
    "checks": "core kernels (shape, shanten, routes)",
    "tables": "core tables (their build at import, segment lookups)",
}


def profile(agents: str, hands: int) -> dict[str, float] | None:
    """Shares of the CPU time of ``simulate(hands, agents, engine="native")`` by group of
    shared objects, from ``perf record -e cpu-clock`` samples in a fresh interpreter (the
    import and the table build included, a fixed cost); None without a working perf."""
    perf = shutil.which("perf")
    if perf is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "perf.data"
        code = (f"from wuhanmj.sim.simulate import simulate\n"
                f"simulate(hands={hands}, agents={agents!r}, seed={SEED}, engine='native')\n")
        rec = subprocess.run([perf, "record", "-q", "-e", "cpu-clock", "-F", "4000", "-o", str(data),
                              sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ))
        if rec.returncode != 0 or not data.exists():
            return None
        rep = subprocess.run([perf, "report", "-i", str(data), "--stdio", "--sort", "dso"], capture_output=True,
                             text=True)
    shares: dict[str, float] = {}
    for line in rep.stdout.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+(\S+)", line)
        if not m:
            continue
        pct, dso = float(m.group(1)), m.group(2)
        group = _GROUPS.get(dso.split(".cpython")[0]) if ".cpython" in dso else None
        if group is None:
            group = "kernel" if dso.startswith("[k") else "python, numpy, libc, other"
        shares[group] = shares.get(group, 0.0) + pct
    return shares


def _profiled(benchmark, agents: str, hands: int):
    shares = benchmark.pedantic(profile, args=(agents, hands), rounds=1, iterations=1)
    if shares is None:
        pytest.skip("perf is not available")
    benchmark.extra_info.update({k: round(v, 1) for k, v in sorted(shares.items(), key=lambda kv: -kv[1])})
    print(json.dumps(benchmark.extra_info, ensure_ascii=False))


@needs_native
def test_native_profile_random(benchmark):
    _profiled(benchmark, "random", NATIVE_RANDOM_HANDS)


@needs_native
def test_native_profile_greedy(benchmark):
    _profiled(benchmark, "greedy", NATIVE_GREEDY_HANDS)


# ---------------------------------------------------------------- memory flat in the hands
def peak_rss_kib(hands: int, agents: str = "random") -> int:
    """The peak resident memory [KiB] of a fresh interpreter that simulates ``hands``
    natively (``resource.getrusage(RUSAGE_SELF).ru_maxrss``)."""
    code = ("import resource\nfrom wuhanmj.sim.simulate import simulate\n"
            f"simulate(hands={hands}, agents={agents!r}, seed={SEED}, engine='native')\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(run.stdout.strip().splitlines()[-1])


@needs_native
def test_native_memory_is_flat_in_the_hands(benchmark):
    def both():
        return peak_rss_kib(10_000), peak_rss_kib(1_000_000)

    small, large = benchmark.pedantic(both, rounds=1, iterations=1)
    benchmark.extra_info.update({"peak_kib_10k": small, "peak_kib_1M": large})
    assert large < small + 20_000  # KiB: no per-hand data is kept


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "profile"
    if what == "profile":
        kind = sys.argv[2] if len(sys.argv) > 2 else "random"
        n = NATIVE_RANDOM_HANDS if kind == "random" else NATIVE_GREEDY_HANDS
        print(json.dumps(profile(kind, int(sys.argv[3]) if len(sys.argv) > 3 else n), indent=1, ensure_ascii=False))
    elif what == "memory":
        print(json.dumps({"peak_kib_10k": peak_rss_kib(10_000), "peak_kib_1M": peak_rss_kib(1_000_000)}))
