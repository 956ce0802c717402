"""The core's kernels are cimportable: a small Cython module written
here cimports ``wuhanmj.core.{defs,tables,shape,shanten,routes}`` through
``wuhanmj.get_include()``, is compiled with cythonize + setuptools in a temporary folder,
and calls the ``nogil`` kernels inside ``with nogil:``; its answers on a few hundred
random hands are checked against the independent Python references (W1, W2, D8).

Compiling takes a while (tens of seconds on two busy cores): marked slow.
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import numpy as np
import pytest

from helpers.cython_build import build_module
from reference import shanten_ref, shape_ref

pytestmark = pytest.mark.slow

KERNELS_PYX = textwrap.dedent(
    """
    # cython: language_level=3, boundscheck=False, wraparound=False
    from libc.stdint cimport int8_t, uint8_t

    import numpy as np

    from wuhanmj.core.defs cimport N_ROUTES, PAIR_258, PAIR_ANY
    from wuhanmj.core.routes cimport WSpec, wuhan_routes_c, wuhan_spec
    from wuhanmj.core.shanten cimport shanten_c
    from wuhanmj.core.shape cimport is_complete_c, min_wilds_c, waits_c
    from wuhanmj.core.tables cimport ensure_tables


    def shape(const uint8_t[:, ::1] counts, const uint8_t[::1] wilds, bint any_pair,
              const uint8_t[::1] forbid):
        '''is_complete_c (rows of 3k+2), waits_c (3k+1) and min_wilds_c of every row.'''
        cdef Py_ssize_t n = counts.shape[0], r
        cdef int pm = PAIR_ANY if any_pair else PAIR_258
        complete = np.zeros(n, np.int8)
        mins = np.zeros(n, np.int32)
        waiting = np.zeros((n, 34), np.uint8)
        nwaits = np.zeros(n, np.int32)
        cdef int8_t[::1] co = complete
        cdef int[::1] mi = mins
        cdef uint8_t[:, ::1] wa = waiting
        cdef int[::1] nw = nwaits
        cdef int total, t
        cdef const uint8_t* fb = &forbid[0] if forbid.shape[0] else NULL
        ensure_tables()
        with nogil:
            for r in range(n):
                total = wilds[r]
                for t in range(34):
                    total += counts[r, t]
                if total % 3 == 2:
                    co[r] = is_complete_c(&counts[r, 0], wilds[r], pm, False, fb)
                elif total % 3 == 1:
                    nw[r] = waits_c(&counts[r, 0], wilds[r], pm, False, fb, &wa[r, 0])
                mi[r] = min_wilds_c(&counts[r, 0], pm, False, fb)
        return complete, waiting, nwaits, mins


    def shanten(const uint8_t[:, ::1] counts, const uint8_t[::1] wilds, bint any_pair):
        cdef Py_ssize_t n = counts.shape[0], r
        cdef int pm = PAIR_ANY if any_pair else PAIR_258
        out = np.zeros(n, np.int32)
        cdef int[::1] o = out
        ensure_tables()
        with nogil:
            for r in range(n):
                o[r] = shanten_c(&counts[r, 0], wilds[r], pm, False)
        return out


    def routes(const uint8_t[:, ::1] counts, int laizi, pizi):
        cdef WSpec spec
        cdef int pz[2]
        cdef int k, np_ = len(pizi)
        for k in range(np_):
            pz[k] = pizi[k]
        wuhan_spec(&spec, laizi, pz, np_, 0x7F)
        cdef Py_ssize_t n = counts.shape[0], r
        out = np.zeros((n, N_ROUTES), np.int32)
        cdef int[:, ::1] o = out
        with nogil:
            for r in range(n):
                wuhan_routes_c(&counts[r, 0], &spec, &o[r, 0])
        return out
    """
)


@pytest.fixture(scope="module")
def kernels(tmp_path_factory):
    """The module above, compiled against the installed (or in-place) wuhanmj."""
    return build_module("wmj_kernels", KERNELS_PYX, tmp_path_factory.mktemp("cimport"))


def test_get_include_holds_the_pxd_files():
    import os

    import wuhanmj

    if os.environ.get("WUHANMJ_FROM_WHEEL"):        # .ci/run: the wheel's files, not the tree's
        assert "site-packages" in Path(wuhanmj.__file__).resolve().parts, wuhanmj.__file__

    core = Path(wuhanmj.get_include()) / "wuhanmj" / "core"
    for name in ("defs", "checks", "tables", "shape", "shanten", "routes"):
        assert (core / f"{name}.pxd").is_file(), name


def _hands(rng: random.Random, n: int, residue: int | None,
           max_wilds: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """``n`` hands near a win (sets and a pair, some tiles dropped or swapped) or from the
    wall; 0-``max_wilds`` wildcards; ``residue`` of tiles + wilds modulo 3 (None: any, at
    most 14 in all)."""
    rows, wilds = [], []
    while len(rows) < n:
        w = rng.randint(0, max_wilds)
        c = [0] * 34
        if rng.random() < 0.6:
            for _ in range(4):
                if rng.random() < 0.5:
                    s, r = rng.randint(0, 2), rng.randint(0, 6)
                    for t in (9 * s + r, 9 * s + r + 1, 9 * s + r + 2):
                        c[t] += 1
                else:
                    c[rng.randint(0, 33)] += 3
            c[rng.randint(0, 33)] += 2
            tiles = [t for t in range(34) for _ in range(c[t])]
            rng.shuffle(tiles)
            for _ in range(rng.randint(0, 2)):
                tiles[rng.randrange(len(tiles))] = rng.randint(0, 33)
            c = [0] * 34
            for t in tiles[: 14 - w]:
                c[t] += 1
        else:
            for t in rng.sample([t for t in range(34) for _ in range(4)], 14 - w):
                c[t] += 1
        tiles = [t for t in range(34) for _ in range(c[t])]
        rng.shuffle(tiles)
        want = len(tiles) + w
        if residue is not None:
            want -= (want - residue) % 3
        tiles = tiles[: max(0, want - w)]
        c = [0] * 34
        for t in tiles:
            c[t] += 1
        if max(c) > 4 or sum(c) + w > 14 or (residue is not None and (sum(c) + w) % 3 != residue):
            continue
        rows.append(c)
        wilds.append(w)
    return np.array(rows, np.uint8), np.array(wilds, np.uint8)


@pytest.mark.parametrize("any_pair", [False, True])
def test_w1_w2_d8_cimported_shape_kernels_match_the_reference(kernels, any_pair):
    rng = random.Random(10 + any_pair)
    pair = "any" if any_pair else "258"
    none = np.zeros(0, np.uint8)
    for residue in (2, 1):
        counts, wilds = _hands(rng, 150, residue)
        complete, waiting, nwaits, mins = kernels.shape(counts, wilds, any_pair, none)
        for c, w, ok, wt, nw, m in zip(counts.tolist(), wilds.tolist(), complete, waiting, nwaits, mins):
            if residue == 2:
                assert bool(ok) == shape_ref.complete_ref(c, w, pair), (c, w)
            else:
                expected = shape_ref.waits_ref(c, w, pair)
                assert [t for t in range(34) if wt[t]] == sorted(expected), (c, w)
                assert nw == len(expected)
            assert m == shape_ref.min_wilds_ref(c, pair), c


def test_d8_cimported_min_wilds_with_a_forbid_mask(kernels):
    rng = random.Random(12)
    counts, wilds = _hands(rng, 100, 2)
    forbid = [33, 3, 4]                                   # 红中 and two 痞子
    mask = np.zeros(34, np.uint8)
    mask[forbid] = 1
    complete, _, _, mins = kernels.shape(counts, wilds, False, mask)
    for c, w, ok, m in zip(counts.tolist(), wilds.tolist(), complete, mins):
        assert bool(ok) == shape_ref.complete_ref(c, w, "258", forbid=forbid), (c, w)
        expected = shape_ref.min_wilds_ref(c, "258", forbid=forbid)
        assert m == (1000 if expected is None else expected), c


def test_w1_cimported_shanten_kernel_matches_the_reference(kernels):
    rng = random.Random(13)
    counts, wilds = _hands(rng, 200, None)
    keep = [(c.sum() + w) % 3 != 0 for c, w in zip(counts, wilds)]
    counts, wilds = np.ascontiguousarray(counts[keep]), np.ascontiguousarray(wilds[keep])
    for any_pair, pair in ((False, "258"), (True, "any")):
        got = kernels.shanten(counts, wilds, any_pair)
        for c, w, g in zip(counts.tolist(), wilds.tolist(), got):
            assert g == shanten_ref.shanten_ref(c, w, pair), (c, w, pair)


def test_w1_r3_cimported_routes_kernel_matches_the_reference(kernels):
    rng = random.Random(14)
    counts, _ = _hands(rng, 40, 2, max_wilds=0)         # the 癞子 (6m) held count as wilds
    laizi, pizi = 5, (3, 4)
    got = kernels.routes(counts, laizi, list(pizi))
    for c, row in zip(counts.tolist(), got):
        ref = shanten_ref.wuhan_routes_ref(c, laizi, pizi)
        assert tuple(row) == tuple(ref[name] for name in shanten_ref.ROUTES), c


def test_core_face_answers_as_the_cimported_kernels(kernels):
    """``wuhanmj._core``, the shape core's compiled face, gives the cimported kernels'
    answers (and so the reference's) on the same hands, single calls and batch calls."""
    from wuhanmj import _core

    rng = random.Random(15)
    none = np.zeros(0, np.uint8)
    for residue in (2, 1):
        counts, wilds = _hands(rng, 120, residue)
        complete, waiting, _, mins = kernels.shape(counts, wilds, False, none)
        if residue == 2:
            assert _core.is_complete_batch(counts, wilds).tolist() == [bool(x) for x in complete]
            for c, w, ok in zip(counts, wilds, complete):
                assert _core.is_complete(c, int(w)) == bool(ok)
        else:
            assert (_core.waits_batch(counts, wilds) == waiting.astype(bool)).all()
            for c, w, wt in zip(counts, wilds, waiting):
                assert _core.waits(c, int(w)) == [t for t in range(34) if wt[t]]
        assert _core.min_wilds_batch(counts).tolist() == [min(int(m), 127) for m in mins]
    counts, wilds = _hands(rng, 150, None)
    keep = [(c.sum() + w) % 3 != 0 for c, w in zip(counts, wilds)]
    counts, wilds = np.ascontiguousarray(counts[keep]), np.ascontiguousarray(wilds[keep])
    assert _core.shanten_batch(counts, wilds).tolist() == kernels.shanten(counts, wilds, False).tolist()
