"""Shape-core throughput (issue 2): batch and single ``is_complete``, ``waits``, and the
``mahjong`` package's agari check on the same winning hands.

Run: ``pytest bench/bench_core.py --benchmark-only``
"""

import pytest

from wuhanmj.core import is_complete, is_complete_batch, waits_batch

mahjong_agari = pytest.importorskip("mahjong.agari")


def test_is_complete_batch_1m_hands(benchmark, hands14):
    counts, wilds = hands14
    result = benchmark.pedantic(is_complete_batch, args=(counts, wilds, "258"), rounds=5, iterations=1)
    benchmark.extra_info["hands"] = len(counts)
    assert result.shape == (len(counts),)


def test_is_complete_single_call(benchmark, hands14):
    counts, wilds = hands14
    hand, w = counts[0], int(wilds[0])
    benchmark(is_complete, hand, w)


def test_waits_batch_13_tiles(benchmark, hands13):
    result = benchmark.pedantic(waits_batch, args=(hands13, 0, "258"), rounds=5, iterations=1)
    benchmark.extra_info["hands"] = len(hands13)
    assert result.shape == (len(hands13), 34)


# --- the same 20,000 winning hands, pair of any kind, no wildcards --------------------


def test_wins_wuhanmj_batch(benchmark, wins14):
    result = benchmark.pedantic(is_complete_batch, args=(wins14, 0, "any"), rounds=5, iterations=1)
    assert result.all()


def test_wins_wuhanmj_single_loop(benchmark, wins14):
    rows = list(wins14)

    def loop():
        return sum(is_complete(r, 0, "any") for r in rows)

    assert benchmark.pedantic(loop, rounds=3, iterations=1) == len(rows)


def test_wins_mahjong_package_loop(benchmark, wins14):
    agari = mahjong_agari.Agari()
    rows = [r.tolist() for r in wins14]

    def loop():
        return sum(agari.is_agari(r) for r in rows)

    assert benchmark.pedantic(loop, rounds=3, iterations=1) == len(rows)


# --- import time (goal: `import wuhanmj` under 0.3 s once built), beside a bare interpreter ----


def _run(code):
    import subprocess
    import sys

    subprocess.run([sys.executable, "-c", code], check=True)


def test_import_wuhanmj(benchmark):
    benchmark.pedantic(_run, args=("import wuhanmj",), rounds=5, iterations=1)


def test_import_nothing_reference(benchmark):
    benchmark.pedantic(_run, args=("pass",), rounds=5, iterations=1)
