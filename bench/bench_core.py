"""Shape-core throughput: batch and single ``is_complete``, ``waits``, and the
``mahjong`` package's agari check on the same winning hands; beside ``is_complete_batch``,
a tuned loop over the same tables without any check (bench/README.md, "Tuned loop"), compiled here.

Run: ``pytest bench/bench_core.py --benchmark-only``
"""

import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from wuhanmj.core import is_complete, is_complete_batch, waits_batch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from helpers.cython_build import build_module  # noqa: E402  (the tests' helper: cythonize + build_ext)

mahjong_agari = pytest.importorskip("mahjong.agari")

# The lookup of is_complete_batch (pair 2/5/8, chows allowed) and nothing else: no argument
# or row check, the table pointers in locals, the combine step unrolled without branches.
TUNED_PYX = textwrap.dedent(
    """
    # cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
    from libc.stdint cimport uint8_t, uint32_t

    import numpy as np

    from wuhanmj.core.tables cimport HU, honor_key, hu_tables, suit_rank


    cdef inline int _delta(uint32_t e, int s) noexcept nogil:
        cdef int p = (e >> 8) & 15                 # sets + a 2/5/8 pair; 15: impossible
        return p - s if p != 15 else 1000


    def is_complete_tuned(const uint8_t[:, ::1] counts, const uint8_t[::1] wilds):
        cdef Py_ssize_t n = counts.shape[0], r
        out = np.empty(n, np.uint8)
        cdef uint8_t[::1] o = out
        hu_tables()
        cdef const uint32_t* st = HU.suit
        cdef const uint32_t* ht = HU.honor
        cdef const uint8_t* c
        cdef uint32_t e0, e1, e2, e3
        cdef int s0, s1, s2, s3, a, b
        with nogil:
            for r in range(n):
                c = &counts[r, 0]
                e0 = st[suit_rank(c)]
                e1 = st[suit_rank(c + 9)]
                e2 = st[suit_rank(c + 18)]
                e3 = ht[honor_key(c + 27)]
                s0 = e0 & 15
                s1 = e1 & 15
                s2 = e2 & 15
                s3 = e3 & 15
                a = min(_delta(e0, s0), _delta(e1, s1))
                b = min(_delta(e2, s2), _delta(e3, s3))
                o[r] = s0 + s1 + s2 + s3 + min(a, b) <= wilds[r]
        return out.view(np.bool_)
    """
)


@pytest.fixture(scope="module")
def tuned(tmp_path_factory):
    return build_module("wmj_tuned_loop", TUNED_PYX, tmp_path_factory.mktemp("tuned"), optimize=True)


def test_is_complete_batch_1m_hands(benchmark, hands14):
    counts, wilds = hands14
    result = benchmark.pedantic(is_complete_batch, args=(counts, wilds, "258"), rounds=5, iterations=1)
    benchmark.extra_info["hands"] = len(counts)
    assert result.shape == (len(counts),)


def test_is_complete_tuned_loop_1m_hands(benchmark, hands14, tuned):
    """The reference for the row above: the same hands, the same tables, no checks."""
    counts, wilds = hands14
    result = benchmark.pedantic(tuned.is_complete_tuned, args=(counts, wilds), rounds=5, iterations=1)
    assert np.array_equal(result, is_complete_batch(counts, wilds, "258"))


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
