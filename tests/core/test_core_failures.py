"""Failure kinds seen in other hu engines, and bad input (W1, W2, D8).

Each expected value is worked out by hand in the comment beside it and also
checked against the brute-force reference (``tests/reference/shape_ref.py``).
"""

from __future__ import annotations

import numpy as np
import pytest

from reference import shape_ref as ref
from wuhanmj.core import (
    is_complete,
    is_complete_batch,
    min_wilds,
    min_wilds_batch,
    waits,
    waits_batch,
)
from wuhanmj.errors import ShapeError, WuhanMJError
from wuhanmj.tiles import tile_counts

HONGZHONG = 33
JIANG = [t for t in range(27) if t % 9 in (1, 4, 7)]


def c(text: str) -> np.ndarray:
    return tile_counts(text)


def check_complete(text: str, wilds: int, pair: str, expect: bool, **kw) -> None:
    assert is_complete(c(text), wilds, pair=pair, **kw) is expect
    assert ref.complete_ref(c(text), wilds, pair, **kw) is expect


# --- a pair taken from a kind held three or four times (W1) ----------------------------------

def test_w1_pair_from_a_kind_held_three_times():
    # 22 + 234m, 456p, 789s, 111z
    check_complete("22234m456p789s111z", 0, "258", True)


def test_w1_pair_from_a_kind_held_four_times():
    # 22 + 234m + 234m, 456p, 789s
    check_complete("22223344m456p789s", 0, "258", True)


def test_w1_222234m_is_two_sets_and_the_pair_is_elsewhere():
    # 222 + 234m, 456p, 789s, 55s; taking 22m as the pair leaves 2234m, which is no set
    check_complete("222234m456p789s55s", 0, "258", True)
    # with 11z as the only other pair: complete under "any", not under 2/5/8 (W2)
    check_complete("222234m456p789s11z", 0, "any", True)
    check_complete("222234m456p789s11z", 0, "258", False)


def test_w2_pair_from_a_triplet_must_still_be_258():
    # 33 + 345m needs a 3m pair: fine for "any"; 333 + 45m is no set, so not under "258"
    check_complete("33345m456p789s111z", 0, "any", True)
    check_complete("33345m456p789s111z", 0, "258", False)


# --- wildcards spent in one suit are not available in another (D8) ---------------------------

def test_d8_wildcards_are_not_reused_across_suits():
    # 3333m4m: 333 + 34m+W costs 1 as sets; 4p, 4s alone cost 2 as a pong or 1 as a 4+W pair.
    # Least: 1 (m sets) + 2 (4p pong) + 1 (4s pair) = 4 under "any". One wildcard that
    # "fixes every suit at once" is the bug.
    h = "3333m4m4p4s"
    assert min_wilds(c(h), pair="any") == 4
    assert ref.min_wilds_ref(c(h), "any") == 4
    check_complete(h, 1, "any", False)
    check_complete(h, 4, "any", True)
    check_complete(h, 7, "any", True)


def test_w2_d8_wildcards_not_reused_with_258_pair():
    # the pair must be 2/5/8: 4p or 4s need 4 wildcards to hold it (4+WW set, WW pair),
    # 3333m4m needs 3 (333, 34+W, WW); the other isolated 4s cost 2 each: least 7.
    h = "3333m4m4p4s"
    assert min_wilds(c(h), pair="258") == 7
    assert ref.min_wilds_ref(c(h), "258") == 7
    check_complete(h, 4, "258", False)
    check_complete(h, 7, "258", True)


def test_d8_wildcards_not_shared_between_suit_and_honors():
    # 1m 1z: each needs its own pong (2 wildcards) or pair (1): least 3 under "any"
    assert min_wilds(c("1m1z"), pair="any") == 3
    check_complete("1m1z", 0, "any", False)
    check_complete("1m1z", 3, "any", True)
    # under "258" the pair must be made of wildcards: 2 + 2 + 2 = 6
    assert min_wilds(c("1m1z"), pair="258") == 6


# --- a fifth copy (D8) -----------------------------------------------------------------------

def test_d8_wait_on_a_fifth_copy_is_no_wait():
    # 1111p would need a fifth 1p (111 + 11); nothing else completes 123456789m1111p
    h = c("123456789m1111p")
    for pair in ("any", "258"):
        assert waits(h, 0, pair=pair) == []
        assert ref.waits_ref(h, 0, pair) == []


def test_d8_wildcard_may_be_the_fifth_copy():
    # 111p + 1p+W pair: the wildcard stands for a fifth 1p (D8)
    check_complete("123456789m1111p", 1, "any", True)
    # no 2/5/8 pair can be made with one wildcard here
    check_complete("123456789m1111p", 1, "258", False)
    # 3333m + W = 333m + 33m pair (the example of D8)
    check_complete("3333m", 1, "any", True)


def test_d8_fifth_copy_wait_with_a_wildcard():
    # 123456789m111p + W: drawing the fourth 1p gives 111p + 1p+W; any kind t gives t+W pair
    h = c("123456789m111p")
    assert 9 in waits(h, 1, pair="any")
    assert waits(h, 1, pair="any") == list(range(34))
    assert waits(h, 1, pair="258") == JIANG
    assert ref.waits_ref(h, 1, "258") == JIANG


def test_waits_never_lists_a_kind_held_four_times():
    # 1111m + 23m: a fifth 1m cannot be drawn, so 1m is no wait even with a wildcard
    h = c("1111m23m")
    for pair in ("any", "258"):
        got = waits(h, 1, pair=pair)
        assert 0 not in got
        assert got == ref.waits_ref(h, 1, pair)


# --- forbid (D8: 红中 and 痞子 are never stood for) --------------------------------------------

def test_d8_forbid_hongzhong_as_wildcard_target():
    # 123m + 7z + W: the only reading is 123m + a 7z pair made with W standing for 中,
    # which forbid=[中] rules out; a real 77z pair needs no wildcard at all.
    check_complete("123m7z", 1, "any", True)
    check_complete("123m7z", 1, "any", False, forbid=[HONGZHONG])
    check_complete("123m77z", 0, "any", True, forbid=[HONGZHONG])


def test_d8_forbid_every_kind_keeps_real_tiles():
    # a hand complete with no wildcards stays complete whatever wildcards may stand for
    h = c("111m22m")
    assert is_complete(h, 0, pair="any", forbid=range(34)) is True
    assert is_complete(h, 3, pair="any", forbid=range(34)) is False
    assert ref.min_wilds_ref(h, "any", forbid=range(34)) == 0
    assert min_wilds(h, pair="any", forbid=range(34)) == 0


def test_d8_forbid_applies_to_wildcards_not_to_held_tiles():
    # forbid limits what a wildcard stands for; a held tile of a forbidden kind is still itself.
    # 11z pair (real) + three wildcards as a pong of any other kind, e.g. 222z
    check_complete("11z", 3, "any", True, forbid=[27])
    # 77z pair (real 红中) + 8m and two wildcards as 8m: 888m
    check_complete("8m77z", 2, "any", True, forbid=[HONGZHONG])
    check_complete("8m77z", 2, "any", True, pungs_only=True, forbid=[HONGZHONG])
    # 88p pair + three wildcards as a pong of 万 (only 万 allowed: a 清一色 reading)
    check_complete("88p", 3, "any", True, forbid=[t for t in range(34) if t >= 9])
    assert min_wilds(c("77z"), pair="any", forbid=[HONGZHONG]) == 0
    assert min_wilds(c("11z2m"), pair="any", forbid=[t for t in range(34) if t >= 9]) == 2


def test_d8_forbid_all_jiang_blocks_a_wild_258_pair():
    # 123m456p + 2 wildcards: the pair must be two wildcards standing for a 2/5/8
    h = c("123m456p")
    check_complete("123m456p", 2, "258", True)
    check_complete("123m456p", 2, "258", False, forbid=JIANG)
    assert ref.min_wilds_ref(h, "258", forbid=JIANG) is None


def test_d8_impossible_with_forbid_raises_or_is_never_complete():
    # nothing completes 1m when wildcards may be nothing: min_wilds has no answer
    h = c("1m")
    forbid = list(range(34))
    for w in (1, 4):
        assert is_complete(h, w, pair="any", forbid=forbid) is False
    with pytest.raises(ShapeError):
        min_wilds(h, pair="any", forbid=forbid)


# --- bad input: ShapeError (a WuhanMJError and ValueError), never a crash ---------------------

GOOD14 = c("123m456p789s55s111z")  # 14 tiles, complete under "258"
GOOD13 = c("123m456p789s5s111z")   # 13 tiles


def bad_counts():
    one = np.zeros(34, np.int64)
    neg = one.copy()
    neg[3] = -1
    five = one.copy()
    five[3] = 5
    return {
        "33 entries": [0] * 33,
        "35 entries": [0] * 35,
        "2-d array": np.zeros((1, 34), np.uint8),
        "float array": GOOD14.astype(np.float64),
        "float32 array": GOOD14.astype(np.float32),
        "float list": [float(x) for x in GOOD14],
        "bool array": GOOD14.astype(bool),
        "object array": np.array(list(GOOD14), dtype=object),
        "negative": neg,
        "negative int8": neg.astype(np.int8),
        "five": five,
        "300": [300] + [0] * 33,
        "256 uint16": np.array([256] + [0] * 33, np.uint16),
        "string": "123m456p",
        "None": None,
        "scalar": 7,
        "nested": [[1]] * 34,
        "15 tiles": c("11112222333344m") + c("5m"),
    }


@pytest.mark.parametrize("name", list(bad_counts()))
@pytest.mark.parametrize("fn", [is_complete, min_wilds, waits], ids=lambda f: f.__name__)
def test_bad_counts_raise_shape_error(fn, name):
    with pytest.raises(ShapeError) as exc:
        fn(bad_counts()[name])
    assert isinstance(exc.value, WuhanMJError) and isinstance(exc.value, ValueError)
    assert str(exc.value)


@pytest.mark.parametrize("counts, wilds", [(GOOD13, 0), (GOOD14, 1), (GOOD14, 2), (c(""), 0), (c("1m"), 0),
                                           (c("12m"), 1)])
def test_w1_is_complete_needs_3k_plus_2(counts, wilds):
    with pytest.raises(ShapeError):
        is_complete(counts, wilds)


@pytest.mark.parametrize("counts, wilds", [(GOOD14, 0), (GOOD13, 1), (c(""), 0), (c("1m"), 1)])
def test_waits_needs_3k_plus_1(counts, wilds):
    with pytest.raises(ShapeError):
        waits(counts, wilds)


@pytest.mark.parametrize("wilds", [-1, 15, 3, 1.0, True, None, "2"])
def test_wilds_out_of_range_or_not_int(wilds):
    # GOOD14 + 3 would be 17 tiles; the rest are not counts of wildcards at all
    with pytest.raises(ShapeError):
        is_complete(GOOD14, wilds)
    with pytest.raises(ShapeError):
        waits(GOOD13, wilds if wilds != 3 else 4)


@pytest.mark.parametrize("pair", ["25", "", None, 258, "ANY", "jiang"])
def test_w2_bad_pair_rule(pair):
    for call in (lambda: is_complete(GOOD14, 0, pair=pair), lambda: min_wilds(GOOD14, pair=pair),
                 lambda: waits(GOOD13, 0, pair=pair)):
        with pytest.raises(ShapeError):
            call()


@pytest.mark.parametrize("forbid", [[34], [-1], ["1m"], [1.5], 5])
def test_d8_bad_forbid(forbid):
    with pytest.raises(WuhanMJError) as exc:
        is_complete(GOOD14, 0, pair="any", forbid=forbid)
    assert isinstance(exc.value, ValueError)


def test_good_inputs_of_every_accepted_form():
    # a list, a tuple, and integer arrays of several dtypes all give the same answer
    expect = ref.complete_ref(GOOD14, 0, "258")
    assert expect is True
    for form in (list(map(int, GOOD14)), tuple(map(int, GOOD14)), GOOD14, GOOD14.astype(np.int64),
                 GOOD14.astype(np.int8), GOOD14.astype(np.uint16), GOOD14[::-1][::-1]):
        assert is_complete(form) is expect


# --- batch forms: the same checks ------------------------------------------------------------

B14 = np.stack([GOOD14, c("22m"), c("111m")])  # 14, 2 and 3 tiles
B13 = np.stack([GOOD13, c("2m"), c("1112m")])  # 13, 1 and 4 tiles


@pytest.mark.parametrize(
    "make",
    [
        lambda: np.zeros(34, np.uint8),                 # 1-d
        lambda: np.zeros((1, 3, 34), np.uint8),         # 3-d
        lambda: np.zeros((3, 33), np.uint8),            # 33 kinds
        lambda: np.zeros((2, 34), np.float64),          # float
        lambda: np.zeros((2, 34), bool),                # bool
        lambda: [[0] * 34] * 2,                         # not an array
        lambda: np.full((2, 34), -1, np.int8),          # negative
        lambda: np.full((2, 34), 5, np.uint8),          # five
    ],
    ids=["1d", "3d", "33", "float", "bool", "list", "negative", "five"],
)
def test_batch_bad_counts_raise_shape_error(make):
    for call in (lambda a: is_complete_batch(a), lambda a: min_wilds_batch(a), lambda a: waits_batch(a)):
        with pytest.raises(ShapeError):
            call(make())


def test_batch_bad_wilds_raise_shape_error():
    rows = np.stack([c("22m")] * 3)
    for wilds in (np.zeros(2, np.int64), np.zeros((3, 1), np.int64), np.zeros(3, np.float64),
                  np.array([0, -3, 0]), np.array([0, 15, 0]), np.array([0, 1, 0]), 3.0):
        with pytest.raises(ShapeError):
            is_complete_batch(rows, wilds)


def test_batch_bad_totals_raise_shape_error():
    with pytest.raises(ShapeError):
        is_complete_batch(B13)
    with pytest.raises(ShapeError):
        waits_batch(B14)
    with pytest.raises(ShapeError):
        min_wilds_batch(np.stack([c("11112222333344m") + c("5m")]))


def test_batch_empty_and_simple():
    assert is_complete_batch(np.zeros((0, 34), np.uint8)).shape == (0,)
    assert min_wilds_batch(np.zeros((0, 34), np.uint8)).shape == (0,)
    assert waits_batch(np.zeros((0, 34), np.uint8), 1).shape == (0, 34)
    # GOOD14 is complete; 22m is the pair alone; 111m + two wildcards = 111m + a wild 2/5/8 pair
    assert is_complete_batch(B14, np.array([0, 0, 2])).tolist() == [True, True, True]
    assert min_wilds_batch(B14).tolist() == [0, 0, 2]
    w = waits_batch(B13)
    assert w.shape == (3, 34) and w.dtype == np.bool_
    assert np.flatnonzero(w[1]).tolist() == [1]          # 2m waits on 2m
    assert np.flatnonzero(w[0]).tolist() == [22]         # 5s: the 55s pair
    assert np.flatnonzero(w[2]).tolist() == [1]          # 1112m: 111m + 22m (3m: 11m is no 2/5/8 pair)
