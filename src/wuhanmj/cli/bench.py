"""``wuhanmj bench``: the core and game throughput on this machine (one core).

A quick check, not the benchmark suite: the figures of record, beside their
references, are measured by ``pytest bench --benchmark-only`` (bench/README.md).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from .simulate import _non_negative, _positive


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``bench`` on the ``wuhanmj`` subparsers."""
    p = subparsers.add_parser(
        "bench",
        help="measure the core and game throughput on this machine",
        description="Measure on one core: the shape core (is_complete batch and single call, "
        "shanten batch) "
        "and whole hands played by random and greedy bots, on the Python engine and (when built) "
        "the native one. Takes about ten seconds; "
        "the figures of record are in bench/README.md (pytest bench --benchmark-only).",
    )
    p.add_argument("--hands", type=_positive, default=1000, metavar="N", help="random-bot hands to play (default 1000; greedy plays a quarter)")
    p.add_argument("--seed", type=_non_negative, default=0, metavar="N", help="seed of the hands (default 0)")
    p.set_defaults(run=run)
    return p


def _best(fn: Callable[[], Any], repeat: int) -> float:
    """Best wall time of ``repeat`` calls [s]."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def _row(what: str, n: int, unit: str, seconds: float) -> str:
    rate = n / seconds if seconds > 0 else float("inf")
    per = seconds / n
    per_s = f"{per * 1e9:,.0f} ns" if per < 1e-6 else f"{per * 1e6:,.1f} µs" if per < 1e-3 else f"{per * 1e3:,.2f} ms"
    return f"{what:<52} {rate:>14,.0f} {unit}/s   {per_s:>10} each"


def run(args: argparse.Namespace) -> int:
    """Run ``wuhanmj bench``; returns the exit code."""
    import numpy as np

    from .. import __version__
    from ..core import is_complete, is_complete_batch, shanten_batch
    from ..running.native import native_available
    from ..sim.simulate import simulate

    print(f"wuhanmj {__version__}, one core")
    rng = np.random.default_rng(args.seed)
    n = 200_000
    draws = np.argsort(rng.random((n, 136)), axis=1)[:, :14] // 4
    counts = np.zeros((n, 34), np.uint8)
    np.add.at(counts, (np.repeat(np.arange(n), 14), draws.ravel()), 1)
    t = _best(lambda: is_complete_batch(counts, 0, "258"), 3)
    print(_row("core: is_complete_batch, random 14-tile hands", n, "hands", t))
    t = _best(lambda: shanten_batch(counts, 0, "258"), 3)
    print(_row("core: shanten_batch, random 14-tile hands", n, "hands", t))
    rows = list(counts[:20_000])
    t = _best(lambda: [is_complete(r, 0, "258") for r in rows], 3)
    print(_row("core: is_complete, one call per hand", len(rows), "hands", t))
    engines = [("python", 1)] + ([("native", 20)] if native_available() else [])  # the native one: 20x the hands
    for engine, scale in engines:
        for label, agents, hands in (
            (f"{engine}: whole hands, four random bots", "random", args.hands * scale),
            (f"{engine}: whole hands, four greedy bots", "greedy", max(1, args.hands // 4) * scale),
        ):
            t0 = time.perf_counter()
            simulate(hands=hands, agents=agents, seed=args.seed, workers=1, engine=engine)
            print(_row(label + f" ({hands:,} hands)", hands, "hands", time.perf_counter() - t0))
    return 0
