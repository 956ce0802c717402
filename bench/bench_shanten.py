"""Shanten: the core's table shanten, batch and single call, beside the ``mahjong``
package's regular-hand shanten on the same hands; the Wuhan analysis calls per hand.

Run: ``pytest bench/bench_shanten.py --benchmark-only --benchmark-columns=min,median,rounds``
"""

import numpy as np
import pytest

from wuhanmj.core import shanten, shanten_batch
from wuhanmj.hand.analysis import discard_advice, effective_tiles, wuhan_shanten
from wuhanmj.rules import Rules

mahjong_shanten = pytest.importorskip("mahjong.shanten")


def wall_hands(n: int, tiles: int, seed: int) -> np.ndarray:
    """``n`` hands of ``tiles`` tiles from the 136-tile wall: counts (n, 34) uint8."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), np.uint8)
    for s in range(0, n, 100_000):
        m = min(100_000, n - s)
        idx = rng.random((m, 136)).argpartition(tiles, axis=1)[:, :tiles] // 4
        np.add.at(out[s : s + m], (np.repeat(np.arange(m), tiles), idx.ravel()), 1)
    return out


@pytest.fixture(scope="module")
def big14():
    return wall_hands(1_000_000, 14, seed=514)


@pytest.fixture(scope="module")
def big13():
    return wall_hands(1_000_000, 13, seed=513)


@pytest.fixture(scope="module")
def same20k():
    """20,000 hands, half 13 and half 14 tiles: the set both libraries are timed on."""
    return np.concatenate([wall_hands(10_000, 13, seed=1), wall_hands(10_000, 14, seed=2)])


# --- batch throughput, 1,000,000 hands ------------------------------------------------

@pytest.mark.parametrize("pair", ["258", "any"])
def test_batch_14_tiles(benchmark, big14, pair):
    r = benchmark.pedantic(shanten_batch, args=(big14, 0, pair), rounds=5, iterations=1)
    benchmark.extra_info["hands"] = len(big14)
    assert r.min() >= -1


def test_batch_13_tiles_one_wildcard(benchmark, big13):
    hands = big13.copy()
    hands[np.arange(len(hands)), hands.argmax(axis=1)] -= 1   # one tile becomes a wildcard
    r = benchmark.pedantic(shanten_batch, args=(hands, 1, "258"), rounds=5, iterations=1)
    assert r.min() >= 0


def test_batch_14_tiles_pungs_only(benchmark, big14):
    benchmark.pedantic(shanten_batch, args=(big14, 0, "any", True), rounds=3, iterations=1)


# --- single call ----------------------------------------------------------------------

def test_single_call(benchmark, big14):
    row = big14[0]
    benchmark(shanten, row, 0, "258")


# --- the same 20,000 hands: this library vs the mahjong package -------------------------

def test_same_hands_wuhanmj_batch(benchmark, same20k):
    benchmark.pedantic(shanten_batch, args=(same20k, 0, "any"), rounds=5, iterations=1)


def test_same_hands_wuhanmj_single_loop(benchmark, same20k):
    rows = list(same20k)

    def loop():
        return [shanten(r, 0, "any") for r in rows]

    got = benchmark.pedantic(loop, rounds=3, iterations=1)
    assert got == shanten_batch(same20k, 0, "any").tolist()


def test_same_hands_mahjong_package_loop(benchmark, same20k):
    calc = mahjong_shanten.Shanten.calculate_shanten_for_regular_hand
    rows = [r.tolist() for r in same20k]

    def loop():
        return [calc(r) for r in rows]

    got = benchmark.pedantic(loop, rounds=1, iterations=1)
    assert got == shanten_batch(same20k, 0, "any").tolist()   # same numbers, hand by hand


# --- Wuhan analysis (what a GreedyAgent calls every turn), 200 hands a round ------------

@pytest.fixture(scope="module")
def turns():
    hands = wall_hands(200, 14, seed=9)
    return [(h, 5) for h in hands]   # 癞子 6m


@pytest.mark.parametrize("preset", ["kaikou", "koukou_fan"])
def test_wuhan_shanten_200(benchmark, turns, preset):
    rules = Rules.preset(preset)
    benchmark(lambda: [wuhan_shanten(h, (), lz, rules) for h, lz in turns])


def test_effective_tiles_200(benchmark, turns):
    rules = Rules.kaikou()
    hands13 = []
    for h, lz in turns:
        h = h.copy()
        h[int(np.flatnonzero(h)[-1])] -= 1
        hands13.append((h, lz))
    benchmark(lambda: [effective_tiles(h, (), lz, rules) for h, lz in hands13])


@pytest.mark.parametrize("preset", ["kaikou", "koukou_fan"])
def test_discard_advice_200(benchmark, turns, preset):
    rules = Rules.preset(preset)
    benchmark.pedantic(lambda: [discard_advice(h, (), lz, rules) for h, lz in turns], rounds=5, iterations=1)


# --- the greedy bot's discard ranking: the full table vs the first option ---------------

@pytest.mark.parametrize("pizi", [(), (3, 4)], ids=["no_pizi", "pizi_4m_5m"])
def test_core_discard_table_200(benchmark, turns, pizi):
    """``wuhan_discards``: every discard × every draw (the greedy bot's call before it ranked by the first option)."""
    from wuhanmj.core import wuhan_discards

    benchmark(lambda: [wuhan_discards(h, lz, pizi) for h, lz in turns])


@pytest.mark.parametrize("pizi", [(), (3, 4)], ids=["no_pizi", "pizi_4m_5m"])
def test_core_best_discard_200(benchmark, turns, pizi):
    """``wuhan_best_discard``: the first option only, unseen effective tiles counted (what
    the greedy bot calls now); same hands, every kind allowed, nothing seen."""
    from wuhanmj.core import wuhan_best_discard

    benchmark(lambda: [wuhan_best_discard(h, lz, pizi) for h, lz in turns])


@pytest.fixture(scope="module")
def played14():
    """2,000 wall hands of 14 tiles with the 癞子 5m (kind 4): the advised-discard search."""
    return wall_hands(2_000, 14, seed=1203)


def test_wuhan_best_discard_2000(benchmark, played14):
    """The greedy bot's discard search (least shanten, then most unseen effective draws)."""
    from wuhanmj.core import wuhan_best_discard

    wuhan_best_discard(played14[0], 4)          # the tables, built once, outside the timing
    benchmark(lambda: [wuhan_best_discard(h, 4) for h in played14])
