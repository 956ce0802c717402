"""Every table entry of the shape core against the reference, and the published counts (W1, W2, D8).

(a) For every suit pattern (nine counts 0-4, total <= 14) and every honor
    pattern (seven counts 0-4), the six 4-bit fields of the product's tables
    equal the reference's least number of wildcards (``reference.group_tables_ref``,
    itself checked against the plain recursion on a sample below).
(b) Published counts reproduced from the product's own tables.

Fields of an entry (bits): 0-3 sets only, 4-7 sets + any pair, 8-11 sets + 2/5/8
pair, 12-15 pongs only, 16-19 pongs + any pair, 20-23 pongs + 2/5/8 pair;
15 = impossible.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from reference import shape_ref as ref
from wuhanmj.core import honor_table, is_complete_batch, suit_patterns, suit_table

pytestmark = pytest.mark.slow

FIELDS = ["sets", "sets+any pair", "sets+258 pair", "pongs", "pongs+any pair", "pongs+258 pair"]
POW5_9 = 5 ** np.arange(9, dtype=np.int64)
POW5_7 = 5 ** np.arange(7, dtype=np.int64)
HONOR_TOTALS = ((np.arange(5 ** 7, dtype=np.int64)[:, None] // POW5_7) % 5).sum(axis=1)


def field(values: np.ndarray, f: int) -> np.ndarray:
    return (values.astype(np.int64) >> (4 * f)) & 15


def capped(lst: list[int]) -> np.ndarray:
    return np.minimum(np.array(lst, dtype=np.int64), ref.IMPOSSIBLE)


@pytest.fixture(scope="module")
def ref_suit():
    """Reference fields for suits, indexed by key = sum(c[i] * 5**i): six arrays."""
    chows = ref.group_tables_ref(9, True, (1, 4, 7), 14)
    pongs = ref.group_tables_ref(9, False, (1, 4, 7), 14)
    return [capped(t) for t in chows + pongs]


@pytest.fixture(scope="module")
def ref_honor():
    """Reference fields for honors (no chows, no 2/5/8 pair), every key 0..5**7-1."""
    tables = ref.group_tables_ref(7, False, (), 28)
    return [capped(t) for t in tables + tables]


@pytest.fixture(scope="module")
def patterns():
    return np.asarray(suit_patterns())


@pytest.fixture(scope="module")
def pattern_keys(patterns):
    return patterns.astype(np.int64) @ POW5_9


def all_suit_patterns() -> set[tuple[int, ...]]:
    out: set[tuple[int, ...]] = set()

    def rec(prefix: list[int], left: int) -> None:
        if len(prefix) == 9:
            out.add(tuple(prefix))
            return
        for x in range(min(4, left) + 1):
            rec(prefix + [x], left - x)

    rec([], 14)
    return out


# --- (a) tables ---------------------------------------------------------------------------------

def test_suit_patterns_are_every_pattern_once(patterns, pattern_keys):
    assert patterns.shape == (405350, 9) and patterns.dtype == np.uint8
    assert len(np.unique(pattern_keys)) == len(pattern_keys)
    assert {tuple(int(x) for x in row) for row in patterns} == all_suit_patterns()


@pytest.mark.parametrize("f", range(6), ids=FIELDS)
def test_w1_w2_d8_suit_table_equals_reference(f, patterns, pattern_keys, ref_suit):
    table = np.asarray(suit_table())
    assert table.shape == (len(patterns),) and table.dtype == np.uint32
    got = field(table, f)
    expect = ref_suit[f][pattern_keys]
    bad = np.flatnonzero(got != expect)
    assert bad.size == 0, [
        (patterns[i].tolist(), int(got[i]), int(expect[i])) for i in bad[:5]
    ]


@pytest.mark.parametrize("f", range(6), ids=FIELDS)
def test_w1_w2_d8_honor_table_equals_reference(f, ref_honor):
    table = np.asarray(honor_table())
    assert table.shape == (5 ** 7,) and table.dtype == np.uint32
    got = field(table, f)
    expect = ref_honor[f]
    bad = np.flatnonzero(got != expect)  # every key, also totals above 14
    assert bad.size == 0, [(int(k), int(got[k]), int(expect[k])) for k in bad[:5]]
    if f in (2, 5):
        assert np.all(got == ref.IMPOSSIBLE)  # honors cannot hold a 2/5/8 pair (W2)


def test_reference_tables_match_the_plain_recursion_on_a_sample(ref_suit, ref_honor):
    rng = random.Random(11)
    pats = sorted(all_suit_patterns())
    modes = ("sets", "any", "258")
    for c in rng.sample(pats, 120):
        key = sum(x * 5 ** i for i, x in enumerate(c))
        for f in range(6):
            got = ref.group_min_wilds_ref(c, False, modes[f % 3], f >= 3)
            assert int(ref_suit[f][key]) == (ref.IMPOSSIBLE if got is None else min(got, 15)), (c, f)
    for _ in range(60):
        h = [rng.randint(0, 4) for _ in range(7)]
        key = sum(x * 5 ** i for i, x in enumerate(h))
        for f in (0, 1):
            assert int(ref_honor[f][key]) == ref.group_min_wilds_ref(h, True, modes[f], True)


# --- (b) published counts -----------------------------------------------------------------------

def test_w1_published_suit_counts(patterns):
    table = np.asarray(suit_table())
    totals = patterns.sum(axis=1)
    assert int(np.sum((field(table, 0) == 0) & (totals > 0))) == 2868
    assert int(np.sum(field(table, 1) == 0)) == 18874
    assert int(np.sum((field(table, 1) == 0) & (totals == 14))) == 13259


def test_w1_published_honor_counts():
    """98 and 399 count honor patterns of at most 14 tiles (at most four pongs)."""
    table = np.asarray(honor_table())
    totals = HONOR_TOTALS
    small = totals <= 14
    assert int(np.sum((field(table, 0) == 0) & (totals > 0) & small)) == 98
    assert int(np.sum((field(table, 1) == 0) & small)) == 399
    # over every key (up to 28 tiles) the same fields give 2**7 - 1 and 7 * 2**6
    assert int(np.sum((field(table, 0) == 0) & (totals > 0))) == 127
    assert int(np.sum(field(table, 1) == 0)) == 448


def by_total(values: np.ndarray, totals: np.ndarray) -> np.ndarray:
    """How many patterns with each tile total 0..14 have ``values == 0``."""
    return np.bincount(totals[(values == 0) & (totals <= 14)], minlength=15)[:15].astype(object)


def test_w1_published_count_of_standard_hands(patterns):
    """11,498,658 distinct 14-tile hands of one pair + four sets over 34 kinds (pair of any kind)."""
    st_ = np.asarray(suit_table())
    ht = np.asarray(honor_table())
    s_tot = patterns.sum(axis=1).astype(np.int64)
    h_tot = HONOR_TOTALS
    suit_sets, suit_pair = by_total(field(st_, 0), s_tot), by_total(field(st_, 1), s_tot)
    hon_sets, hon_pair = by_total(field(ht, 0), h_tot), by_total(field(ht, 1), h_tot)

    def mul(a, b):
        out = np.zeros(15, dtype=object)
        for i in range(15):
            for j in range(15 - i):
                out[i + j] += a[i] * b[j]
        return out

    three_suits_one_pair = 3 * mul(mul(suit_pair, suit_sets), suit_sets)
    total = mul(three_suits_one_pair, hon_sets) + mul(mul(mul(suit_sets, suit_sets), suit_sets), hon_pair)
    assert int(total[14]) == 11498658


def test_w1_single_suit_complete_hands_through_the_public_api(patterns):
    """The 13,259 single-suit hands, counted with is_complete_batch on every 14-tile pattern in 万."""
    rows = patterns[patterns.sum(axis=1) == 14]
    counts = np.zeros((len(rows), 34), np.uint8)
    counts[:, :9] = rows
    assert int(is_complete_batch(counts, 0, pair="any").sum()) == 13259
    # the same patterns in 筒 and 条 give the same count (the suits are alike)
    moved = np.roll(counts, 9, axis=1)
    assert int(is_complete_batch(moved, 0, pair="any").sum()) == 13259
