"""The core's table shanten (向听) against slow searches, the ``mahjong`` package and the
published distribution (W1, W2, W6, D8).

Expected values come from ``reference.shanten_ref`` (targets listed outright for small
hands, an exhaustive walk over the kinds for 13/14 tiles), from the ``mahjong``
package's regular-hand shanten, or are worked out by hand in the comments.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from helpers.hands import VARIANTS, random_hand
from reference.shanten_ref import (
    chiitoitsu_shanten,
    kokushi_shanten,
    shanten_naive,
    shanten_ref,
)
from wuhanmj.core import shanten, shanten_batch, shanten_tables
from wuhanmj.errors import ShapeError
from wuhanmj.tiles import tile_counts

# ---------------------------------------------------------------- worked by hand

def test_w1_complete_hand_is_minus_one_and_ready_hand_zero():
    assert shanten(tile_counts("234m456p789p777s55s")) == -1
    assert shanten(tile_counts("234m456p789p777s5s")) == 0      # waits on 5s
    assert shanten(tile_counts("234m456p789p77s55s")) == 0      # waits on 7s or 5s
    assert shanten(tile_counts("234m456p789p7s55s1z")) == 1     # 14 tiles: 1z and 7s are loose


def test_w2_pair_must_be_258_unless_any():
    hand = tile_counts("234m456p789p777s44s")
    assert shanten(hand, pair="any") == -1
    # under 2/5/8 the 44s cannot be the pair: two tiles of a 2/5/8 kind must come in
    assert shanten(hand, pair="258") == 1


def test_w2_honor_pairs_never_count_under_258():
    hand = tile_counts("123m456p789s1122z")
    assert shanten(hand, pair="any") == 0          # 111z or 222z with the other as the pair
    assert shanten(hand, pair="258") == 2          # 111z (+1) and a 2/5/8 pair (+2)


def test_drawn_tile_never_a_fifth_copy():
    # 111m + three chows + the 4th 1m: its pair partner would be a fifth 1m, so one more
    # exchange is needed (the mahjong package agrees: 1)
    hand = tile_counts("1111m123p456p789p")
    assert shanten(hand, pair="any") == 1


def test_d8_wildcard_may_be_a_fifth_copy():
    hand = tile_counts("1111m123p456p789p")
    assert shanten(hand, wilds=1, pair="any") == -1   # 111m + 1m and a wildcard as 1m
    assert shanten(hand, wilds=1, pair="258") == 0


def test_w6_pungs_only():
    hand = tile_counts("111m222p333s44z55z")
    assert shanten(hand, pair="any", pungs_only=True) == 0
    assert shanten(tile_counts("123m222p333s44z555z"), pair="any", pungs_only=True) == 1


def test_melds_leave_fewer_sets():
    # with four melds made, the concealed part is one pair to make
    assert shanten(tile_counts("55m")) == -1
    assert shanten(tile_counts("5m"), wilds=1) == -1
    assert shanten(tile_counts("2m")) == 0                  # a second 2m completes it
    assert shanten(tile_counts("1m"), pair="any") == 0
    assert shanten(tile_counts("1m"), pair="258") == 1      # two 2/5/8 tiles must come in
    # one meld made: 10 tiles make three sets and the pair
    assert shanten(tile_counts("123m456m789m5p")) == 0


# ---------------------------------------------------------------- small hands, every one

def _multisets(kinds: list[int], size: int):
    for combo in itertools.combinations_with_replacement(kinds, size):
        c = [0] * 34
        for t in combo:
            c[t] += 1
        if max(c) <= 4:
            yield c


SMALL_KINDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 27]  # a whole suit, a 2 of another, an honor


@pytest.mark.parametrize("wilds", [0, 1, 2])
def test_every_small_hand_against_listed_targets(wilds):
    """Every hand of up to 5 tiles + wildcards over 11 kinds (1 set + a pair at most)."""
    checked = 0
    for size in range(0, 6 - wilds):
        if (size + wilds) % 3 == 0:
            continue
        hands = list(_multisets(SMALL_KINDS, size))
        arr = np.array(hands, dtype=np.uint8)
        for pair, pungs in VARIANTS:
            got = shanten_batch(arr, wilds, pair, pungs)
            for c, g in zip(hands, got):
                assert g == shanten_naive(c, wilds, pair, pungs), (c, wilds, pair, pungs)
                checked += 1
    assert checked > 1000


def test_eight_tile_hands_sampled_against_listed_targets():
    rng = random.Random(8)
    for _ in range(40):
        w = rng.choice([0, 1, 2])
        c = random_hand(rng, 8 - w, dense=rng.random() < 0.5)
        for pair, pungs in VARIANTS:
            assert shanten(c, w, pair, pungs) == shanten_naive(c, w, pair, pungs), (c, w, pair, pungs)


# ---------------------------------------------------------------- 13/14 tiles, sampled

@pytest.mark.parametrize("dense", [False, True])
def test_13_14_tile_hands_against_walk(dense):
    rng = random.Random(14 + dense)
    for _ in range(60):
        w = rng.choice([0, 0, 1, 2])
        c = random_hand(rng, rng.choice([13, 14]) - w, dense)
        for pair, pungs in VARIANTS:
            assert shanten(c, w, pair, pungs) == shanten_ref(c, w, pair, pungs), (c, w, pair, pungs)


def test_batch_with_wilds_array_equals_single_calls():
    rng = random.Random(3)
    rows, ws = [], []
    for _ in range(200):
        w = rng.choice([0, 1, 2])
        rows.append(random_hand(rng, rng.choice([13, 14, 10, 7]) - w, dense=rng.random() < 0.3))
        ws.append(w)
    arr = np.array(rows, dtype=np.uint8)
    got = shanten_batch(arr, np.array(ws), "258")
    want = [shanten_ref(c, w, "258") for c, w in zip(rows, ws)]
    assert got.tolist() == want


# ---------------------------------------------------------------- the mahjong package

def test_regular_shanten_equals_mahjong_package_hand_by_hand():
    mahjong_shanten = pytest.importorskip("mahjong.shanten")
    calc = mahjong_shanten.Shanten.calculate_shanten_for_regular_hand
    rng = random.Random(2024)
    hands = []
    for i in range(3000):
        size = rng.choice([14, 13, 14, 13, 11, 10, 8, 7, 5, 4, 2, 1])
        hands.append(random_hand(rng, size, dense=i % 3 == 0))
    got = shanten_batch(np.array(hands, dtype=np.uint8), 0, "any")
    for c, g in zip(hands, got):
        assert g == calc(c), c


# ---------------------------------------------------------------- published distribution

PUBLISHED = {0: 0.00065, 1: 0.022, 2: 0.197, 3: 0.438, 4: 0.286, 5: 0.055, 6: 0.0015}
CHI2_6DOF_P001 = 22.458  # chi-square critical value, 6 degrees of freedom, p = 0.001


def test_random_14_tile_distribution_matches_published():
    """14 tiles from the 136-tile wall, pair "any", no wildcards.

    The published figures count a hand's least shanten over the regular form, seven
    pairs and thirteen orphans (the regular form alone gives about 9.4 % at 5-shanten,
    not 5.5 %), so the table's regular shanten is combined here with those two forms
    (closed formulas in ``reference.shanten_ref``). A complete hand (-1, about 3 in a
    million) is counted with the ready ones, as the published 0 bucket; 6 and above
    are merged. The published figures are rounded and come from their own sample, so
    the check is a chi-square goodness of fit at p = 0.001 on 50,000 seeded hands.
    """
    rng = np.random.default_rng(136)
    n = 50_000
    idx = rng.random((n, 136)).argpartition(14, axis=1)[:, :14] // 4
    hands = np.zeros((n, 34), dtype=np.uint8)
    np.add.at(hands, (np.repeat(np.arange(n), 14), idx.ravel()), 1)
    regular = shanten_batch(hands, 0, "any").astype(np.int64)
    other = np.array([min(chiitoitsu_shanten(h), kokushi_shanten(h)) for h in hands.tolist()])
    least = np.clip(np.minimum(regular, other), 0, 6)
    observed = np.bincount(least, minlength=7)
    expected = np.array([PUBLISHED[k] for k in range(7)])
    expected = expected / expected.sum() * n
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    assert chi2 < CHI2_6DOF_P001, (observed / n, chi2)


# ---------------------------------------------------------------- tables and errors

def test_tables_are_compact_and_read_only():
    tables = shanten_tables()
    assert tables["suit_capped"].shape == (405350,) and tables["honor_capped"].shape == (78125,)
    assert sum(t.nbytes for t in tables.values()) < 4_000_000
    with pytest.raises(ValueError):
        tables["suit_capped"][0] = 1


@pytest.mark.parametrize(
    "counts, wilds, message",
    [
        (tile_counts("123m456p789s111z"), 0, r"3k\+1 or 3k\+2"),
        (tile_counts("123m456p789s1122z"), 2, "at most 14"),
        ([0] * 33, 0, "34 entries"),
        ([5] + [0] * 33, 0, "0 to 4"),
    ],
)
def test_bad_input_raises_shape_error(counts, wilds, message):
    with pytest.raises(ShapeError, match=message):
        shanten(counts, wilds)


def test_bad_pair_and_batch_rows():
    with pytest.raises(ShapeError, match="pair"):
        shanten(tile_counts("1m"), pair="19")
    arr = np.zeros((3, 34), dtype=np.uint8)
    arr[:, 0] = 1
    arr[2, 0] = 3
    with pytest.raises(ShapeError, match="row 2"):
        shanten_batch(arr)
