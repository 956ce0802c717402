"""Native scoring: ``evaluate_win_c`` from a small Cython loop against
Python's ``evaluate_win`` on the same wins, in the same run.

The wins are harvested from real play (``tests/helpers/win_harvest.py``): every
``evaluate_win`` call the Python engine makes in ``HANDS`` seeded hands under each of the
three presets (legal wins and refused ones, as the engine asks them). The native loop is
compiled here against the package's ``.pxd`` (``wuhanmj.get_include()``, as a user's
module would be): it reads the packed ``WinIn`` structs (``pack_win``) and calls
``evaluate_win_c`` on each without the GIL. Before timing, both are checked to agree on
every win (the differential test does it field by field, ``tests/native``).

Run: ``PYTHONPATH=src pytest bench/bench_native_score.py --benchmark-only --benchmark-columns=min,median,rounds``
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from wuhanmj.native.scoreapi import WIN_IN_SIZE, evaluate_win_native, pack_win, win_result_fields
from wuhanmj.scoring import evaluate_win

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from helpers.cython_build import build_module  # noqa: E402  (the tests' helper: cythonize + build_ext)
from helpers.win_harvest import harvest  # noqa: E402

HANDS = 1000
PRESETS = ("kaikou", "koukou", "koukou_fan")

LOOP_PYX = textwrap.dedent(
    """
    # cython: language_level=3, boundscheck=False, wraparound=False
    from wuhanmj.core.tables cimport ensure_tables
    from wuhanmj.native.rulesc cimport RulesC, rules_to_c
    from wuhanmj.native.score cimport WinIn, WinOut, evaluate_win_c


    def score_all(rules, const unsigned char[::1] packed, int repeat):
        '''evaluate_win_c on every packed WinIn, ``repeat`` times; returns the winners'
        total (so that nothing is optimised away).'''
        cdef RulesC rc
        cdef WinOut out
        cdef const WinIn* wins = <const WinIn*>&packed[0]
        cdef Py_ssize_t n = packed.shape[0] // sizeof(WinIn), i
        cdef int r
        cdef double total = 0
        rules_to_c(rules, &rc)
        ensure_tables()
        with nogil:
            for r in range(repeat):
                for i in range(n):
                    evaluate_win_c(&rc, &wins[i], &out)
                    total += out.payments[wins[i].winner]
        return total
    """
)


@pytest.fixture(scope="module")
def loop(tmp_path_factory):
    return build_module("wmj_native_score_loop", LOOP_PYX, tmp_path_factory.mktemp("nscore"), optimize=True)


@pytest.fixture(scope="module", params=PRESETS)
def wins(request):
    """(rules, the kwargs of every call, the packed WinIn structs) of one preset's harvest."""
    name = request.param
    calls = harvest(name, HANDS, seed=77)
    kws = [kw for kw, _ in calls]
    for kw, res in calls:  # the two agree on the whole set before anything is timed
        assert evaluate_win_native(**kw) == win_result_fields(res)
    packed = b"".join(pack_win(**kw) for kw in kws)
    assert len(packed) == WIN_IN_SIZE * len(kws)
    return name, kws, packed


def _record(benchmark, n):
    benchmark.extra_info["wins"] = n
    if benchmark.stats is not None:
        benchmark.extra_info["ns_per_win_min"] = round(1e9 * benchmark.stats.stats.min / n, 1)
        benchmark.extra_info["ns_per_win_median"] = round(1e9 * benchmark.stats.stats.median / n, 1)


def test_python_evaluate_win(benchmark, wins):
    """The reference: evaluate_win on every harvested call, in a Python loop."""
    _, kws, _ = wins

    def run():
        for kw in kws:
            evaluate_win(**kw)

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    _record(benchmark, len(kws))


REPEAT = 20


def test_native_evaluate_win_c(benchmark, wins, loop):
    """evaluate_win_c on the same calls, ``REPEAT`` passes a round (one pass is too short to time)."""
    name, kws, packed = wins
    benchmark.pedantic(loop.score_all, args=(name, packed, REPEAT), rounds=10, iterations=1, warmup_rounds=1)
    _record(benchmark, REPEAT * len(kws))
