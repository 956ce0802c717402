"""Every vector of ``hu.json`` through the shape core (W1, W2, D8).

The expected values are the vectors' own. The same vectors also check the
brute-force reference of ``tests/reference/shape_ref.py``, which the property and
exhaustive tests then trust. (``laizi.json`` is covered in ``test_tiles.py``.)
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from helpers.cases import load_cases
from reference import shape_ref as ref
from wuhanmj.core import is_complete, is_complete_batch, min_wilds, waits
from wuhanmj.tiles import tile_counts

HU = load_cases("hu.json")
IDS = [f"{i}-{v['tiles'] or 'none'}+{v['wilds']}w-{v['pair']}" for i, v in enumerate(HU)]


@pytest.mark.parametrize("vec", HU, ids=IDS)
def test_w1_w2_d8_hu_vector(vec):
    counts = tile_counts(vec["tiles"])
    assert is_complete(counts, vec["wilds"], pair=vec["pair"]) is vec["complete"]
    # complete with w wildcards <=> the least number needed is at most w (w fixed mod 3 by the total)
    assert (min_wilds(counts, pair=vec["pair"]) <= vec["wilds"]) == vec["complete"]


@pytest.mark.parametrize("vec", HU, ids=IDS)
def test_reference_agrees_with_hu_vector(vec):
    counts = ref.counts_of(ref.parse_ref(vec["tiles"]))
    assert ref.complete_ref(counts, vec["wilds"], vec["pair"]) is vec["complete"]


def test_w1_hu_vectors_as_one_batch():
    for pair in ("258", "any"):
        vecs = [v for v in HU if v["pair"] == pair]
        counts = np.stack([tile_counts(v["tiles"]) for v in vecs])
        wilds = np.array([v["wilds"] for v in vecs], dtype=np.int64)
        got = is_complete_batch(counts, wilds, pair=pair)
        assert got.shape == (len(vecs),) and got.dtype == np.bool_
        assert got.tolist() == [v["complete"] for v in vecs]


@pytest.mark.parametrize("vec", [v for v in HU if v["complete"] and v["tiles"]],
                         ids=[i for i, v in zip(IDS, HU) if v["complete"] and v["tiles"]])
def test_w1_complete_vector_minus_a_tile_waits_on_it(vec):
    counts = tile_counts(vec["tiles"])
    for t in sorted(set(np.flatnonzero(counts).tolist())):
        less = counts.copy()
        less[t] -= 1
        assert t in waits(less, vec["wilds"], pair=vec["pair"])


def test_reference_table_dp_matches_plain_recursion():
    """The bottom-up group tables of the reference equal its plain recursion (sample)."""
    rng = random.Random(2)
    suit = ref.group_tables_ref(9, True, (1, 4, 7), 6)
    suit_pongs = ref.group_tables_ref(9, False, (1, 4, 7), 6)
    honors = ref.group_tables_ref(7, False, (), 8)
    for _ in range(40):
        n = rng.randint(0, 6)
        c = [0] * 9
        for _ in range(n):
            k = rng.randrange(9)
            if c[k] < 4:
                c[k] += 1
        key = sum(x * 5 ** i for i, x in enumerate(c))
        for tables, pongs in ((suit, False), (suit_pongs, True)):
            for table, mode in zip(tables, ("sets", "any", "258")):
                assert table[key] == ref.group_min_wilds_ref(c, False, mode, pongs)
        h = c[:7]
        hkey = sum(x * 5 ** i for i, x in enumerate(h))
        if sum(h) <= 8:
            for table, mode in zip(honors, ("sets", "any")):
                assert honors and table[hkey] == ref.group_min_wilds_ref(h, True, mode, True)
            assert ref.group_min_wilds_ref(h, True, "258", True, limit=10) is None
