"""Longer shanten checks (W1, W2, W6, W8, D8): table entries against the exhaustive walk,
many more 13/14-tile hands, the ``mahjong`` package on 200,000 hands, the Wuhan routes.

Run with ``pytest -m slow tests/core/test_shanten_slow.py`` (about a minute).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from reference.shanten_ref import ROUTES, added_ref, shanten_ref, wuhan_routes_ref
from helpers.hands import VARIANTS, random_hand
from wuhanmj.core import shanten, shanten_batch, shanten_tables, suit_key, wuhan_routes
from wuhanmj.tiles import laizi_of, pizi_of

pytestmark = pytest.mark.slow


def decode(entry: int) -> dict[tuple[int, str], int | None]:
    """The packed entry format of ``wuhanmj/core/tables.pyx``, read from its documentation: 2-bit steps."""
    out: dict[tuple[int, str], int | None] = {}
    for mode, base_bits, step_shift in (("none", None, 0), ("any", 8, 10), ("258", 18, 20)):
        base = 0 if base_bits is None else (entry >> base_bits) & 3
        if mode == "258" and base == 3:
            for k in range(5):
                out[(k, mode)] = None
            continue
        v = base
        out[(0, mode)] = v
        for k in range(1, 5):
            v += (entry >> (step_shift + 2 * (k - 1))) & 3
            out[(k, mode)] = v
    return out


def group_costs(counts9_or_7, honors: bool, capped: bool) -> dict[tuple[int, str], int | None]:
    c = [0] * 34
    base = 27 if honors else 0
    c[base:base + len(counts9_or_7)] = counts9_or_7
    forbid = [t for t in range(34) if not base <= t < base + len(counts9_or_7)]
    out = {}
    for k in range(5):
        for mode, pair in (("none", None), ("any", "any"), ("258", "258")):
            a = added_ref(c, k, pair, False, forbid, 0 if capped else 99)
            out[(k, mode)] = None if a >= 10**6 else a
    return out


def test_table_entries_equal_group_walk():
    """Capped and unbounded entries of 600 suit and 150 honor patterns, every target."""
    tables = shanten_tables()
    rng = random.Random(77)
    for _ in range(600):
        total = rng.randint(0, 14)
        c9 = [0] * 9
        while sum(c9) < total:
            i = rng.randrange(9)
            if c9[i] < 4:
                c9[i] += 1
        key = suit_key(c9)
        for capped, name in ((True, "suit_capped"), (False, "suit_unbounded")):
            want = group_costs(c9, False, capped)
            got = decode(int(tables[name][key]))
            assert got == want, (c9, capped)
        flag = bool(int(tables["suit_capped"][key]) >> 28 & 1)
        assert flag == (group_costs(c9, False, True) != group_costs(c9, False, False))
    for _ in range(150):
        c7 = [rng.randint(0, 4) if rng.random() < 0.4 else 0 for _ in range(7)]
        if sum(c7) > 14:
            continue
        key = sum(x * 5 ** i for i, x in enumerate(c7))
        for capped, name in ((True, "honor_capped"), (False, "honor_unbounded")):
            assert decode(int(tables[name][key])) == group_costs(c7, True, capped), (c7, capped)


@pytest.mark.parametrize("dense", [False, True])
def test_many_13_14_tile_hands_against_walk(dense):
    rng = random.Random(1400 + dense)
    for _ in range(700):
        w = rng.choice([0, 0, 1, 2, 3])
        c = random_hand(rng, rng.choice([13, 14]) - w, dense)
        for pair, pungs in VARIANTS:
            assert shanten(c, w, pair, pungs) == shanten_ref(c, w, pair, pungs), (c, w, pair, pungs)


def test_mahjong_package_on_200k_hands():
    mahjong_shanten = pytest.importorskip("mahjong.shanten")
    calc = mahjong_shanten.Shanten.calculate_shanten_for_regular_hand
    rng = random.Random(9)
    hands = [random_hand(rng, rng.choice([13, 14, 11, 10, 8, 7, 5, 4, 2, 1]), dense=i % 4 == 0)
             for i in range(200_000)]
    got = shanten_batch(np.array(hands, dtype=np.uint8), 0, "any").tolist()
    bad = [(c, g) for c, g in zip(hands, got) if g != calc(c)]
    assert not bad, bad[:5]


def test_wuhan_routes_against_reference():
    rng = random.Random(5)
    for _ in range(1500):
        indicator = rng.randrange(34)
        laizi = laizi_of(indicator)
        pizi = pizi_of(indicator) if rng.random() < 0.6 else ()
        size = rng.choice([14, 13, 11, 10, 8, 7, 5, 4, 2, 1])
        wall = [t for t in range(34) for _ in range(4)]
        wall.remove(indicator)
        if rng.random() < 0.5:
            hand = rng.sample(wall, size)
        else:
            s = rng.choice([0, 9, 18, 27])
            hand = rng.sample([t for t in wall if s <= t < s + 9] + [laizi] * 3 + [33] * 2, size)
        c = [0] * 34
        for t in hand:
            c[t] += 1
        if max(c) > 4:
            continue
        mask = rng.randrange(1, 128)
        allowed = [ROUTES[i] for i in range(7) if mask >> i & 1]
        got = {ROUTES[i]: v for i, v in enumerate(wuhan_routes(c, laizi, pizi, mask)) if v is not None}
        assert got == wuhan_routes_ref(c, laizi, pizi, allowed), (c, laizi, pizi, mask)
