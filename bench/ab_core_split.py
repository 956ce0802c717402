"""In-process A/B of the core split: the old ``wuhanmj._core`` extension, built
from a checkout of the branch point, loaded beside the new ``wuhanmj.core`` in the same
process. The calls of the two alternate in short blocks, so both see the same load on a
busy machine (two pytest-benchmark runs, even interleaved, see different loads), and the
time is the process's CPU time. Prints min and median per item and the ratios new / old.

Run: ``PYTHONPATH=src python bench/ab_core_split.py /tmp/core_before/src/wuhanmj/_core*.so [case ...]``
(a case is a substring of the names below; none: every case).
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from wuhanmj import core as new

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import random_hands, winning_hands  # noqa: E402  (the benchmarks' hands)

REPEATS = 15          # alternations (the simulate case: 11)


def load_old(path: str):
    spec = importlib.util.spec_from_file_location("wuhanmj._core", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["wuhanmj._core"] = module
    spec.loader.exec_module(module)
    return module


def wall_hands(n: int, tiles: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    idx = rng.random((n, 136)).argpartition(tiles, axis=1)[:, :tiles] // 4
    out = np.zeros((n, 34), np.uint8)
    np.add.at(out, (np.repeat(np.arange(n), tiles), idx.ravel()), 1)
    return out


def cases():
    c14, w14 = random_hands(200_000, 14, 2, seed=20261130)
    c13 = random_hands(100_000, 13, 0, seed=7)[0]
    h14 = wall_hands(200_000, 14, 514)
    rows = list(winning_hands(20_000, 42))
    one, w1 = c14[0], int(w14[0])
    tuples = [tuple(int(x) for x in r) for r in wall_hands(200, 14, 99)]

    def repeat(f, *args, n=20_000):
        def run():
            for _ in range(n):
                f(*args)
        return run

    return [
        ("is_complete single call", lambda m: repeat(m.is_complete, one, w1), 20_000),
        ("is_complete loop 20k wins", lambda m: lambda: [m.is_complete(r, 0, "any") for r in rows], 20_000),
        ("is_complete_batch 200k", lambda m: lambda: m.is_complete_batch(c14, w14, "258"), 200_000),
        ("waits_batch 100k", lambda m: lambda: m.waits_batch(c13, 0, "258"), 100_000),
        ("min_wilds_batch 200k", lambda m: lambda: m.min_wilds_batch(c14, "258"), 200_000),
        ("shanten single call", lambda m: repeat(m.shanten, h14[0]), 20_000),
        ("shanten_batch 200k", lambda m: lambda: m.shanten_batch(h14, 0, "258"), 200_000),
        ("shanten_batch pungs 200k", lambda m: lambda: m.shanten_batch(h14, 0, "258", True), 200_000),
        ("wuhan_routes 200", lambda m: lambda: [m.wuhan_routes(h, 5, ()) for h in tuples], 200),
        ("wuhan_best_discard 200 pizi", lambda m: lambda: [m.wuhan_best_discard(h, 5, (3, 4)) for h in tuples], 200),
        ("wuhan_discards 200", lambda m: lambda: [m.wuhan_discards(h, 5, ()) for h in tuples], 200),
        ("simulate greedy 500 hands", simulate_with, 1),
    ]


def simulate_with(module):
    """``simulate`` (500 hands, four greedy agents, seed 1) with the engine, the readings,
    the analysis and the greedy agent bound to ``module`` (old or new core)."""
    import wuhanmj
    from wuhanmj import analysis, game, greedy, readings

    def run():
        analysis._core = greedy._core = readings._core = module
        game.is_complete, game.waits = module.is_complete, module.waits
        try:
            wuhanmj.simulate(hands=500, agents="greedy", seed=1)
        finally:
            analysis._core = greedy._core = readings._core = new
            game.is_complete, game.waits = new.is_complete, new.waits
    return run


def unit(x: float) -> str:
    if x < 1e-6:
        return f"{x * 1e9:8.1f} ns"
    return f"{x * 1e6:8.2f} µs" if x < 1e-3 else f"{x * 1e3:8.1f} ms"


def main() -> None:
    old = load_old(sys.argv[1])
    only = sys.argv[2:]
    print(f"{'case':30s} {'old min':>11s} {'new min':>11s} {'ratio':>6s} {'old med':>11s} {'new med':>11s} {'ratio':>6s}")
    for name, make, n in cases():
        if only and not any(o in name for o in only):
            continue
        fo, fn = make(old), make(new)
        fo(), fn()
        to: list[float] = []
        tn: list[float] = []
        for i in range(REPEATS if n > 1 else 11):
            pairs = ((fo, to), (fn, tn)) if i % 2 == 0 else ((fn, tn), (fo, to))
            for f, acc in pairs:
                t = time.process_time()     # CPU time: the other work on the machine's
                f()                         # cores does not count, its cache effects do
                acc.append((time.process_time() - t) / n)
        mo, mn = statistics.median(to), statistics.median(tn)
        print(f"{name:30s} {unit(min(to))} {unit(min(tn))} {min(tn) / min(to):6.3f} "
              f"{unit(mo)} {unit(mn)} {mn / mo:6.3f}", flush=True)


if __name__ == "__main__":
    main()
