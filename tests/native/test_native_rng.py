"""The native engine's random streams against numpy itself.

``wuhanmj.native.rng`` recomputes in C what numpy computes: SeedSequence's entropy
mixing and ``generate_state``, PCG64's seeding and its 64/32-bit outputs, ``random()``,
``random_interval`` (the shuffle behind ``permutation``), ``integers`` by Lemire's method,
and from these the walls (G1: ``shuffled_wall``) and the match seeds
(``wuhanmj.sim.simulate.match_seeds``). Every value must be identical, on thousands of
seeds: small, large, multi-word ints, with and without spawn keys.

``random_interval`` is not public in numpy's Python API beyond ``permutation``; an oracle
module compiled against numpy's own C library (``numpy/random/lib/libnpyrandom.a``, the
documented way to use numpy's distributions from Cython) calls it directly, so that its
64-bit path is checked too.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from wuhanmj.game.match import Match
from wuhanmj.game.wall import shuffled_wall
from wuhanmj.native import rng
from wuhanmj.sim.simulate import match_seeds

_G = np.random.default_rng(20261130)  # the test inputs themselves (fixed)

SMALL = list(range(0, 600))
EDGES = [2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**63 - 1, 2**63, 2**64 - 1]
LARGE = [int(x) for x in _G.integers(0, 2**63, 600, dtype=np.int64)] + [
    int(x) | (1 << 63) for x in _G.integers(0, 2**63, 200, dtype=np.int64)
]
MULTI = [int.from_bytes(_G.bytes(int(k)), "little") | (1 << (8 * int(k) - 1)) for k in _G.integers(9, 40, 200)]
SEEDS = SMALL + EDGES + LARGE + MULTI  # 1808 seeds
KEYS = [(), (0,), (5,), (0, 0), (3, 0), (3, 1), (2**32 - 1, 1), (7, 2, 9), (2**40 + 3,), (1, 2**33, 0)]


def _cases():
    """(seed, spawn key) pairs: every seed without a key, and with keys in turn."""
    return [(s, KEYS[i % len(KEYS)]) for i, s in enumerate(SEEDS)] + [(s, ()) for s in SEEDS[::3]]


# ---------------------------------------------------------------- SeedSequence
@pytest.mark.parametrize("dtype", ["uint32", "uint64"])
def test_generate_state_equals_numpy(dtype):
    n_checked = 0
    for seed, key in _cases():
        ss = np.random.SeedSequence(seed, spawn_key=key)
        for n in (1, 2, 3, 4, 8, 9):
            got = rng.generate_state(seed, n, key, dtype)
            want = ss.generate_state(n, dtype)
            assert got.dtype == want.dtype and np.array_equal(got, want), (seed, key, n, dtype)
            n_checked += 1
    assert n_checked > 10_000


def test_generate_state_of_spawned_children_equals_numpy():
    # spawn() keys are (i,) for the children of a root seed, (i, j) for grandchildren
    for seed in SEEDS[::20]:
        root = np.random.SeedSequence(seed)
        for i, child in enumerate(root.spawn(3)):
            assert np.array_equal(rng.generate_state(seed, 4, (i,), "uint64"), child.generate_state(4, np.uint64))
            for j, grandchild in enumerate(child.spawn(2)):
                assert np.array_equal(rng.generate_state(seed, 2, (i, j)), grandchild.generate_state(2))


def test_pcg64_seeding_equals_numpy():
    for seed, key in _cases():
        want = np.random.PCG64(np.random.SeedSequence(seed, spawn_key=key)).state
        assert rng.pcg64_state(seed, key) == want, (seed, key)


# ---------------------------------------------------------------- raw streams
def test_uint64_stream_equals_random_raw():
    for seed, key in _cases()[::2]:
        want = np.random.PCG64(np.random.SeedSequence(seed, spawn_key=key)).random_raw(40)
        assert np.array_equal(rng.stream(seed, 40, "uint64", key), want), (seed, key)


def test_long_uint64_stream():
    for seed in (0, 2026, 2**64 - 1):
        assert np.array_equal(rng.stream(seed, 200_000), np.random.PCG64(seed).random_raw(200_000))


def test_uint32_stream_buffers_the_upper_half():
    # integers(2**32, dtype=uint32) is next_uint32: the low half of a 64-bit draw, then
    # the high half kept from it; an odd count ends with a half still buffered
    for seed in SEEDS[::4]:
        want = np.random.default_rng(seed).integers(0, 2**32, 33, dtype=np.uint32)
        assert np.array_equal(rng.stream(seed, 33, "uint32").astype(np.uint32), want), seed
        raw = np.random.PCG64(seed).random_raw(17)
        halves = np.stack([raw & 0xFFFFFFFF, raw >> np.uint64(32)], axis=1).ravel()[:33]
        assert np.array_equal(want.astype(np.uint64), halves)


def test_buffered_half_survives_a_64_bit_draw():
    for seed in SEEDS[::15]:
        g = np.random.default_rng(seed)
        want = []
        for _ in range(25):
            want.append(int(g.integers(0, 2**32, dtype=np.uint32)))
            want.append(int(g.integers(0, 2**64, dtype=np.uint64)))  # next_uint64: the buffer stays
        assert rng.stream(seed, 25, "mixed").tolist() == want, seed


def test_doubles_equal_generator_random():
    for seed, key in _cases()[::3]:
        want = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=key))).random(64)
        got = rng.stream(seed, 64, "double", key)
        assert got.tobytes() == want.tobytes(), (seed, key)  # bit for bit


def test_random_agent_choices_follow_the_same_doubles():
    # RandomAgent: legal[int(random() * n)] (agents/base.py), drawn in blocks of 256
    from wuhanmj.agents.base import RandomAgent

    for seed in SEEDS[::60]:
        agent = RandomAgent(seed)
        d = rng.stream(seed, 600, "double")
        sizes = [int(x) for x in np.random.default_rng(seed + 1).integers(2, 40, 600)]
        assert [agent.act(None, list(range(n))) for n in sizes] == [int(d[i] * n) for i, n in enumerate(sizes)]


# ---------------------------------------------------------------- bounded draws
_RANGES = [0, 1, 2, 3, 4, 5, 6, 7, 100, 135, 2**31 - 1, 2**31, 2**31 + 1, 2**32 - 2, 2**32 - 1, 2**32,
           2**32 + 1, 3 * 2**40 + 7, 2**62 + 1, 2**63 - 1, 2**63, 2**63 + 12345, 2**64 - 2, 2**64 - 1]


def test_bounded_equals_integers_one_at_a_time():
    for r in _RANGES:
        for seed in SEEDS[::90]:
            g = np.random.default_rng(seed)
            want = [int(g.integers(0, r, dtype=np.uint64, endpoint=True)) for _ in range(30)]
            assert rng.stream(seed, 30, "bounded", arg=r).tolist() == want, (r, seed)


def test_hand_seeds_equal_match_draws():
    # Match.new_game draws int(rng.integers(2**63)) (game/match.py)
    for seed in SEEDS[::5]:
        g = np.random.default_rng(seed)
        want = [int(g.integers(2**63)) for _ in range(12)]
        assert rng.stream(seed, 12, "int63").tolist() == want, seed


@pytest.fixture(scope="module")
def oracle(tmp_path_factory):
    """numpy's own random_interval, compiled from Cython against numpy's libnpyrandom."""
    from helpers.cython_build import build_module

    lib = Path(np.__file__).parent / "random" / "lib"
    source = '''
# cython: language_level=3
from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdint cimport uint64_t
from numpy.random cimport bitgen_t
from numpy.random.c_distributions cimport random_interval
import numpy as np

def interval(seed, uint64_t mx, Py_ssize_t n):
    bg = np.random.PCG64(seed)
    cdef bitgen_t* b = <bitgen_t*>PyCapsule_GetPointer(bg.capsule, "BitGenerator")
    out = np.empty(n, np.uint64)
    cdef uint64_t[::1] o = out
    cdef Py_ssize_t i
    for i in range(n):
        o[i] = random_interval(b, mx)
    return out
'''
    try:
        return build_module("wmj_rng_oracle", source, tmp_path_factory.mktemp("oracle"),
                            libraries=["npyrandom", "m"], library_dirs=[str(lib)])
    except Exception as err:  # pragma: no cover - a numpy build without its static library
        pytest.skip(f"cannot build numpy's random_interval oracle: {err}")


def test_interval_equals_numpys_random_interval(oracle):
    for mx in _RANGES:
        for seed in SEEDS[::45]:
            want = oracle.interval(seed, mx, 50)
            assert np.array_equal(rng.stream(seed, 50, "interval", arg=mx), want), (mx, seed)


def test_permutation_equals_generator_permutation():
    for i, seed in enumerate(SEEDS[::3]):
        n = (1, 2, 3, 10, 136, 1000, 70_000)[i % 7]
        assert np.array_equal(rng.permutation(seed, n), np.random.default_rng(seed).permutation(n)), (seed, n)


# ---------------------------------------------------------------- walls and match seeds
def test_walls_equal_shuffled_wall():
    seeds = SMALL + [s for s in EDGES if s < 2**64] + LARGE
    walls = rng.shuffled_walls(np.array(seeds, dtype=np.uint64))
    for seed, w in zip(seeds, walls):
        assert w.tolist() == shuffled_wall(seed), seed
    assert rng.shuffled_wall(seeds[-1]) == walls[-1].tolist()
    assert all(sorted(w.tolist()) == sorted(list(range(34)) * 4) for w in walls[:50])  # T1


def test_match_walls_equal_the_python_match():
    # a match seed -> hand seeds (integers(2**63)) -> walls, as Match.new_game deals them
    from wuhanmj.rules import Rules

    for root in (0, 7, 2**40 + 1):
        for m in (0, 1, 99):
            ms, _ = match_seeds(root, m)
            match = Match(Rules.kaikou(), seed=ms, dealer=m % 4)
            hand_seeds = rng.stream(ms, 6, "int63")
            for hs in hand_seeds:
                g = match.new_game()
                assert g.state.wall == rng.shuffled_wall(int(hs))
                while not g.over:  # play it out (first legal code) to deal the next hand
                    g.step(g.current_player, g.legal_action_codes(g.current_player)[0])
                match.finish_hand()


def test_match_seeds_equal_python():
    roots = SMALL[:200] + EDGES + LARGE[:150] + MULTI[:60]
    n = 0
    for i, root in enumerate(roots):
        for m in (0, 1, 2, 3, i, 1000 + i, 2**31 + i, 2**32 - 1):
            assert rng.match_seeds(root, m) == match_seeds(root, m), (root, m)
            n += 1
    assert n > 3000
    with pytest.raises(ValueError):
        rng.match_seeds(1, 2**32)
