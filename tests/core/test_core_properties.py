"""Property tests of the shape core (W1, W2, D8), with hypothesis.

The core is compared with the brute-force reference of ``tests/reference/shape_ref.py``
on small random hands, and checked for properties that follow from the rules
alone: wildcards never hurt, the three suits are interchangeable (and so are
the honors, and ranks 1..9 read backwards), ``waits`` is ``is_complete`` on
each added kind, and the batch forms equal the single calls.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from reference import shape_ref as ref
from wuhanmj.core import (
    is_complete,
    is_complete_batch,
    min_wilds,
    min_wilds_batch,
    waits,
    waits_batch,
)
from wuhanmj.errors import ShapeError

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PAIRS = st.sampled_from(["258", "any"])


@st.composite
def hands(draw, mod: int | None, max_wilds: int = 3):
    """(counts list of 34, wilds) with at most 14 tiles + wilds and at most 4 of a kind.

    ``mod``: the total tiles + wilds modulo 3 (2 for is_complete, 1 for waits), or
    None for any total 0..14. Half the hands are built from sets and a pair and
    then damaged (tiles turned into wildcards, swapped, dropped), so that complete
    and nearly complete hands are common; the rest are random tiles.
    """
    wilds = draw(st.integers(0, max_wilds))
    if draw(st.booleans()):
        tiles: list[int] = []
        for _ in range(draw(st.integers(0, 4))):
            if draw(st.booleans()):
                s, r = draw(st.integers(0, 2)), draw(st.integers(0, 6))
                tiles += [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
            else:
                tiles += [draw(st.integers(0, 33))] * 3
        tiles += [draw(st.integers(0, 33))] * 2
        tiles = list(draw(st.permutations(tiles)))
        tiles = tiles[min(wilds, len(tiles)):]  # those became wildcards
        wilds = min(wilds, 14 - len(tiles))
        for _ in range(draw(st.integers(0, 2))):  # swap some tiles for random kinds
            if tiles and draw(st.booleans()):
                tiles[draw(st.integers(0, len(tiles) - 1))] = draw(st.integers(0, 33))
        if mod is None:
            drop = draw(st.integers(0, 3))
        else:
            drop = (len(tiles) + wilds - mod) % 3
        tiles = tiles[: max(0, len(tiles) - drop)]
        if mod is not None and (len(tiles) + wilds) % 3 != mod:
            assume(False)
    else:
        if mod is None:
            n = draw(st.integers(0, 14 - wilds))
        else:
            choices = [n for n in range(0, 15 - wilds) if (n + wilds) % 3 == mod]
            assume(choices)
            n = draw(st.sampled_from(choices))
        tiles = draw(st.lists(st.integers(0, 33), min_size=n, max_size=n))
    counts = [tiles.count(t) for t in range(34)]
    assume(max(counts) <= 4 and sum(counts) + wilds <= 14)
    return counts, wilds


@st.composite
def forbids(draw):
    """None, 红中 alone, 红中 + two 痞子-like kinds, or every kind outside one suit (清一色 reading)."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return None
    if kind == 1:
        return [33]
    if kind == 2:
        return sorted({33, draw(st.integers(0, 33)), draw(st.integers(0, 33))})
    s = draw(st.integers(0, 2))
    return [t for t in range(34) if t // 9 != s]


def add(counts, t):
    c = list(counts)
    c[t] += 1
    return c


# --- fast == reference -------------------------------------------------------------------------

@FAST
@given(hands(2), PAIRS, st.booleans(), forbids())
def test_d8_is_complete_equals_reference(hw, pair, pungs_only, forbid):
    counts, w = hw
    assert is_complete(counts, w, pair=pair, pungs_only=pungs_only, forbid=forbid) == ref.complete_ref(
        counts, w, pair, pungs_only, forbid
    )


@FAST
@given(hands(None, 0), PAIRS, st.booleans(), forbids())
def test_d8_min_wilds_equals_reference(hw, pair, pungs_only, forbid):
    counts, _ = hw
    expect = ref.min_wilds_ref(counts, pair, pungs_only, forbid)
    if expect is None:  # nothing the wildcards may stand for completes it
        with pytest.raises(ShapeError):
            min_wilds(counts, pair=pair, pungs_only=pungs_only, forbid=forbid)
    else:
        assert min_wilds(counts, pair=pair, pungs_only=pungs_only, forbid=forbid) == expect


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(1), PAIRS, st.booleans(), forbids())
def test_d8_waits_equals_reference(hw, pair, pungs_only, forbid):
    counts, w = hw
    assert waits(counts, w, pair=pair, pungs_only=pungs_only, forbid=forbid) == ref.waits_ref(
        counts, w, pair, pungs_only, forbid
    )


# --- wildcards never hurt (D8) -----------------------------------------------------------------

@FAST
@given(hands(None, 0), PAIRS, st.booleans())
def test_d8_a_tile_turned_wildcard_never_raises_the_cost(hw, pair, pungs_only):
    """Turning one real tile into a wildcard costs at most that one wildcard."""
    counts, _ = hw
    m = min_wilds(counts, pair=pair, pungs_only=pungs_only)
    for t in range(34):
        if counts[t]:
            less = list(counts)
            less[t] -= 1
            assert min_wilds(less, pair=pair, pungs_only=pungs_only) <= m + 1


@FAST
@given(hands(2), PAIRS, st.booleans(), forbids())
def test_d8_three_more_wildcards_stay_complete(hw, pair, pungs_only, forbid):
    counts, w = hw
    assume(sum(counts) + w + 3 <= 14)
    if is_complete(counts, w, pair=pair, pungs_only=pungs_only, forbid=forbid) and (forbid is None or len(forbid) < 34):
        assert is_complete(counts, w + 3, pair=pair, pungs_only=pungs_only, forbid=forbid)


@FAST
@given(hands(2), PAIRS, st.booleans())
def test_d8_min_wilds_is_the_threshold(hw, pair, pungs_only):
    counts, w = hw
    m = min_wilds(counts, pair=pair, pungs_only=pungs_only)
    assert (sum(counts) + m) % 3 == 2
    assert is_complete(counts, w, pair=pair, pungs_only=pungs_only) == (m <= w)


@FAST
@given(hands(2), st.booleans(), forbids())
def test_w2_w6_looser_rules_never_lose_a_hand(hw, pungs_only, forbid):
    """258 complete -> any complete; pongs-only complete -> complete; forbid complete -> complete."""
    counts, w = hw
    for pair in ("258", "any"):
        for po in (True, False):
            got = is_complete(counts, w, pair=pair, pungs_only=po, forbid=forbid)
            if got:
                assert is_complete(counts, w, pair="any", pungs_only=po, forbid=forbid)
                assert is_complete(counts, w, pair=pair, pungs_only=False, forbid=forbid)
                assert is_complete(counts, w, pair=pair, pungs_only=po)


# --- symmetries ----------------------------------------------------------------------------------

def relabel(perm_kind):
    """Map counts and kinds through a permutation of the 34 kinds."""
    def counts_map(counts):
        out = [0] * 34
        for t in range(34):
            out[perm_kind[t]] = counts[t]
        return out
    return counts_map


SUIT_PERMS = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]


@FAST
@given(hands(1), PAIRS, st.booleans(), st.sampled_from(SUIT_PERMS[1:]), st.permutations(range(7)),
       st.booleans())
def test_w1_w2_suits_honors_and_rank_order_are_interchangeable(hw, pair, pungs_only, sp, hp, reverse):
    """Permuting the three suits, permuting the honors, reading ranks 9..1: nothing changes."""
    counts, w = hw
    perm = list(range(34))
    for t in range(27):
        s, r = divmod(t, 9)
        perm[t] = 9 * sp[s] + (8 - r if reverse else r)
    for i in range(7):
        perm[27 + i] = 27 + hp[i]
    mapped = relabel(perm)(counts)
    kw = dict(pair=pair, pungs_only=pungs_only)
    assert min_wilds(mapped, **kw) == min_wilds(counts, **kw)
    assert sorted(perm[t] for t in waits(counts, w, **kw)) == waits(mapped, w, **kw)
    if sum(counts) + w + 1 <= 14:
        assert is_complete(mapped, w + 1, **kw) == is_complete(counts, w + 1, **kw)


# --- waits == is_complete on each added kind ---------------------------------------------------

@FAST
@given(hands(1), PAIRS, st.booleans(), forbids())
def test_w1_waits_agree_with_is_complete(hw, pair, pungs_only, forbid):
    counts, w = hw
    kw = dict(pair=pair, pungs_only=pungs_only, forbid=forbid)
    expect = [t for t in range(34) if counts[t] < 4 and is_complete(add(counts, t), w, **kw)]
    assert waits(counts, w, **kw) == expect


# --- batch == single calls -----------------------------------------------------------------------

@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(hands(2), min_size=1, max_size=25), st.lists(hands(1), min_size=1, max_size=25), PAIRS,
       st.booleans(), st.sampled_from([np.uint8, np.int64, np.int8]))
def test_batch_equals_single_calls(h2, h1, pair, pungs_only, dtype):
    kw = dict(pair=pair, pungs_only=pungs_only)
    c2 = np.array([h[0] for h in h2], dtype=dtype)
    w2 = np.array([h[1] for h in h2], dtype=np.int64)
    assert is_complete_batch(c2, w2, **kw).tolist() == [is_complete(c, w, **kw) for c, w in h2]
    assert min_wilds_batch(c2, **kw).tolist() == [min_wilds(c, **kw) for c, _ in h2]
    c1 = np.array([h[0] for h in h1], dtype=dtype)
    w1 = np.array([h[1] for h in h1], dtype=np.int64)
    got = waits_batch(c1, w1, **kw)
    assert got.shape == (len(h1), 34)
    assert [np.flatnonzero(row).tolist() for row in got] == [waits(c, w, **kw) for c, w in h1]
    # a scalar wilds applies to every row
    same = [(c, h1[0][1]) for c, _ in h1 if (sum(c) + h1[0][1]) % 3 == 1 and sum(c) + h1[0][1] <= 14]
    if same:
        cs = np.array([c for c, _ in same], dtype=dtype)
        got = waits_batch(cs, h1[0][1], **kw)
        assert [np.flatnonzero(row).tolist() for row in got] == [waits(c, w, **kw) for c, w in same]
