"""Hand analysis over the Wuhan routes (W1–W3, W5–W8, R1, R3, R4, D8): shanten, effective
tiles, discard advice.

Expected values are worked out by hand (comments) or by ``reference.shanten_ref`` — the
routes applied by an exhaustive walk over the kinds, with 红中 and the 痞子 taken out.
"""

from __future__ import annotations

import doctest
import random

import numpy as np
import pytest

import wuhanmj.hand.analysis as analysis
from helpers.hands import allowed_routes, random_situation
from reference.shanten_ref import ROUTES, wuhan_routes_ref
from wuhanmj.core import shanten
from wuhanmj.hand.analysis import discard_advice, effective_tiles, wuhan_shanten
from wuhanmj.errors import HandError, MeldError, TileCountError, TileError
from wuhanmj.hand.meld import Meld
from wuhanmj.rules import Rules
from wuhanmj.tiles import parse_tile, tile_counts

PIZI = Rules.koukou_fan()        # pizi on (R3)
PLAIN = Rules.kaikou()           # pizi off
BIG_FIRST = ("pengpenghu", "qingyise_m", "qingyise_p", "qingyise_s", "jiangyise", "fengyise", "xiaohu")
JIANG = {t for t in range(27) if t % 9 in (1, 4, 7)}


def expected(hand_counts, melds, laizi, pizi):
    vals = wuhan_routes_ref(hand_counts, laizi, pizi, allowed_routes(melds))
    best = min(vals.values())
    route = next(r for r in BIG_FIRST if vals.get(r) == best)
    return best, route, tuple((r, vals[r]) for r in ROUTES if r in vals)


# ---------------------------------------------------------------- against the reference

@pytest.mark.parametrize("n_melds", [4, 3, 2, 1, 0])
def test_wuhan_shanten_matches_reference(n_melds):
    rng = random.Random(100 + n_melds)
    for _ in range(60 if n_melds >= 2 else 25):
        c, melds, laizi, pizi, rules = random_situation(rng, n_melds, rng.choice([1, 2]))
        got = wuhan_shanten(c, melds, laizi, rules)
        assert (got.value, got.route, got.routes) == expected(c, melds, laizi, pizi), (c, melds, laizi, pizi)


def _best_ref(c, melds, laizi, pizi) -> int:
    return expected(c, melds, laizi, pizi)[0]


@pytest.mark.parametrize("n_melds", [3, 2])
def test_effective_tiles_match_reference(n_melds):
    rng = random.Random(7 + n_melds)
    for _ in range(12):
        c, melds, laizi, pizi, rules = random_situation(rng, n_melds, 1)
        base = _best_ref(c, melds, laizi, pizi)
        melded = np.zeros(34, dtype=int)
        for m in melds:
            for t in m.tiles:
                melded[t] += 1
        want = []
        for t in range(34):
            if c[t] + melded[t] >= 4:
                continue
            c2 = c.copy()
            c2[t] += 1
            if _best_ref(c2, melds, laizi, pizi) < base:
                want.append(t)
        visible = [t for t in range(34) if t % 5 == 0 and c[t] + melded[t] < 4]
        got = effective_tiles(c, melds, laizi, rules, visible=visible)
        assert got.shanten == base
        assert got.tiles == tuple(want)
        assert got.unseen == tuple(4 - int(c[t]) - int(melded[t]) - (t in visible) for t in want)
        assert got.total == sum(got.unseen)


def test_discard_advice_matches_reference():
    rng = random.Random(31)
    for _ in range(8):
        c, melds, laizi, pizi, rules = random_situation(rng, 3, 2)
        got = discard_advice(c, melds, laizi, rules)
        options = []
        for d in range(34):
            if not c[d] or d in (laizi, 33, *pizi):
                continue
            c1 = c.copy()
            c1[d] -= 1
            s = _best_ref(c1, melds, laizi, pizi)
            eff = tuple(t for t in range(34) if c1[t] < 4 and sum(m.tiles.count(t) for m in melds) + c[t] < 4
                        and _best_ref(np.where(np.arange(34) == t, c1 + 1, c1), melds, laizi, pizi) < s)
            unseen = sum(4 - int(c[t]) - sum(m.tiles.count(t) for m in melds) for t in eff)
            options.append((s, -unseen, d, eff))
        options.sort()
        assert [(o.shanten, -o.unseen, o.tile, o.tiles) for o in got] == options


# ---------------------------------------------------------------- rules, worked by hand

def test_w7_small_hu_complete_with_a_meld():
    # E1's hand: pong 777s, 234m456p789p55s
    r = wuhan_shanten("234m456p789p55s", [Meld.peng("777s", source=2)], laizi="6m")
    assert (r.value, r.route) == (-1, "xiaohu")


def test_d8_laizi_is_a_wildcard():
    # 6m (癞子) stands for the missing 9p
    r = wuhan_shanten("234m456p78p55s6m", [Meld.peng("777s", source=2)], laizi="6m")
    assert (r.value, r.route) == (-1, "xiaohu")


def test_w8_two_laizi_forbid_small_hu():
    # 123m 45p 2s + two 癞子 (6m): with both wild it would be 123m 456p 22s, a small hu;
    # W8 lets the small hu keep one wildcard: 123m 45p+W, 2s still unpaired -> ready (0)
    melds = [Meld.peng("777s", source=2), Meld.peng("999s", source=3)]
    hand = "123m45p2s66m"
    assert shanten(tile_counts("123m45p2s"), wilds=2) == -1          # the shape alone
    r = wuhan_shanten(hand, melds, laizi="6m")
    assert dict(r.routes)["xiaohu"] == 0
    assert r.value == 0


def test_w8_two_laizi_still_allow_a_big_hu():
    # pongs 777s 999s; 111m 22p 3s + two 癞子: 碰碰胡 111m 22pW 3sW is complete (any pair);
    # as a small hu only one wildcard counts: 111m, 22p pair, 3s+W needs one more -> 0
    melds = [Meld.peng("777s", source=2), Meld.peng("999s", source=3)]
    assert shanten(tile_counts("111m22p3s"), wilds=2) == -1          # small-hu shape, 2 wild
    r = wuhan_shanten("111m22p3s66m", melds, laizi="6m")
    assert (r.value, r.route) == (-1, "pengpenghu")
    assert dict(r.routes)["xiaohu"] == 0


def test_w2_pengpenghu_takes_any_pair():
    r = wuhan_shanten("111m222p333s44z55z", [], laizi="6m")
    assert r.value == 0 and r.route == "pengpenghu"
    assert dict(r.routes)["xiaohu"] > 0


def test_w6_qingyise_takes_any_pair():
    r = wuhan_shanten("11123456789999m", [], laizi="1p")
    assert (r.value, r.route) == (-1, "qingyise_m")
    assert dict(r.routes)["xiaohu"] == 0                     # 99m is no 2/5/8 pair


def test_w3_jiangyise_any_shape():
    r = wuhan_shanten("22m55m88m22p55p88p2s5s", [], laizi="1z")
    assert (r.value, r.route) == (-1, "jiangyise")
    r = wuhan_shanten("22m55m88m22p55p88p2s1z", [], laizi="3z")
    assert (r.value, r.route) == (0, "jiangyise")            # the 1z must go


def test_w3_fengyise_any_shape_without_hongzhong():
    r = wuhan_shanten("11223344556612z", [], laizi="1m")
    assert (r.value, r.route) == (-1, "fengyise")
    r = wuhan_shanten("11223344556617z", [], laizi="1m")
    assert r.value == 0                                      # 中 must leave (R1, W5)


def test_r1_hongzhong_never_in_a_set():
    hand = "234m456p789p55s777z"
    assert shanten(tile_counts(hand)) == -1                  # the shape core: 中 is a tile
    r = wuhan_shanten(hand, [], laizi="1m")
    assert dict(r.routes)["xiaohu"] == 2                     # three 中 to exchange


def test_r3_pizi_break_chows():
    # indicator 5m: 癞子 6m, 痞子 4m and 5m (R3) -> 234m loses its 4m
    hand = "234m456p789p777s55s"
    assert wuhan_shanten(hand, [], laizi="6m", rules=PLAIN).value == -1
    assert wuhan_shanten(hand, [], laizi="6m", rules=PIZI).value == 0


def test_melds_rule_out_routes():
    # a chi of 筒 leaves the small hu and 清一色 in 筒 (W6, W3)
    r = wuhan_shanten("123m456m789m5m", [Meld.chi("123p", source=0)], laizi="1z")
    assert [n for n, _ in r.routes] == ["xiaohu", "qingyise_p"]
    # pongs of 2/5/8 keep 将一色 and 碰碰胡 open
    r = wuhan_shanten("123m456m789m5m", [Meld.peng("222p", source=0)], laizi="1z")
    assert [n for n, _ in r.routes] == ["xiaohu", "pengpenghu", "qingyise_p", "jiangyise"]


def test_effective_tiles_worked_example():
    # pong 777s, 234m456p78p55s, 癞子 6m: 6p or 9p finish 78p, 3p makes 345p 678p, and a
    # drawn 癞子 is wild. Unseen: 4 each, but the hand holds a 6p (3 left); 5m is visible
    # and not effective
    r = effective_tiles("234m456p78p55s", [Meld.peng("777s", source=2)], "6m", visible="5m")
    assert r.shanten == 0
    assert r.tiles == tuple(parse_tile(t) for t in ("6m", "3p", "6p", "9p"))
    assert r.unseen == (4, 4, 3, 4) and r.total == 15


def test_discard_advice_is_sorted_and_skips_special_tiles():
    # the 癞子 (6m) and 红中 (7z) are never discards (P3, R4)
    adv = discard_advice("234m456p78p5s6m7z", [Meld.peng("777s", source=2)], "6m")
    tiles = [o.tile for o in adv]
    assert parse_tile("6m") not in tiles and parse_tile("7z") not in tiles
    assert sorted(tiles) == [parse_tile(t) for t in ("2m", "3m", "4m", "4p", "5p", "6p", "7p", "8p", "5s")]
    keys = [(o.shanten, -o.unseen, o.tile) for o in adv]
    assert keys == sorted(keys)


# ---------------------------------------------------------------- errors

def test_bad_inputs():
    with pytest.raises(HandError, match="expected 13 or 14"):
        wuhan_shanten("234m456p", [], laizi="6m")
    with pytest.raises(TileError, match="红中"):
        wuhan_shanten("234m456p789p55s777s", [], laizi="7z")
    with pytest.raises(MeldError, match="R4"):
        wuhan_shanten("234m456p789p55s", [Meld.peng("666m", source=1)], laizi="6m")
    with pytest.raises(MeldError, match="R3"):
        wuhan_shanten("234m456p789p55s", [Meld.peng("555m", source=1)], laizi="6m", rules=PIZI)
    with pytest.raises(TileCountError, match="5 copies"):
        effective_tiles("234m456p789p55s", [Meld.peng("777s", source=1)], "6m", visible="77s")
    with pytest.raises(HandError, match="3k\\+1"):
        effective_tiles("234m456p789p55s777s", [], "6m")
    with pytest.raises(HandError, match="3k\\+2"):
        discard_advice("234m456p789p55s77s", [], "6m")
    with pytest.raises(TileError):
        wuhan_shanten("234m456p789p55s0s", [], laizi="6m")


def test_module_doctest():
    assert doctest.testmod(analysis).failed == 0


@pytest.mark.parametrize("fn, hand", [(wuhan_shanten, "234m456p78p55s6m"), (effective_tiles, "234m456p78p55s"),
                                      (discard_advice, "234m456p78p5s6m7z")])
def test_r2_laizi_is_required_no_silent_6m_default(fn, hand):
    # the 癞子 follows from each hand's indicator (R2): a default (it was 6m) answered
    # silently wrong for every other indicator
    melds = [Meld.peng("777s", source=2)]
    with pytest.raises(TypeError, match="laizi"):
        fn(hand, melds)
    with pytest.raises(TypeError, match="laizi"):
        fn(hand, melds, rules=PLAIN)
    fn(hand, melds, "6m")
    fn(hand, melds, laizi="1z")
