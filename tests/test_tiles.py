"""Tiles: notation, counts, names, glyphs, and the indicator's 癞子/痞子 (T1-T3, R2, R3).

Expected values are written out by hand from RULES.md, taken from
``laizi.json``, or from Unicode's own character names.
"""

from __future__ import annotations

import unicodedata

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers.cases import load_cases
from reference.shape_ref import parse_ref
from wuhanmj.errors import TileCountError, TileError, WuhanMJError
from wuhanmj.tiles import (
    HONGZHONG,
    format_glyphs,
    format_tile,
    format_tiles,
    is_honor,
    is_jiang,
    laizi_of,
    next_in_cycle,
    parse_tile,
    parse_tiles,
    pizi_of,
    prev_in_cycle,
    rank_of,
    suit_of,
    tile_counts,
    tile_glyph,
    tile_name,
    tile_names,
    tiles_from_counts,
)

LAIZI = load_cases("laizi.json")

# Every kind with up to four copies, as a sorted list: the multisets T1 allows.
hands = st.lists(st.integers(0, 4), min_size=34, max_size=34).map(
    lambda c: [t for t in range(34) for _ in range(c[t])]
) | st.lists(st.integers(0, 33), max_size=14).map(sorted).filter(
    lambda ts: all(ts.count(t) <= 4 for t in set(ts))
)


# --- T2: the notation -----------------------------------------------------------------------

def test_t2_indices_of_every_kind():
    assert parse_tiles("123456789m") == list(range(0, 9))
    assert parse_tiles("123456789p") == list(range(9, 18))
    assert parse_tiles("123456789s") == list(range(18, 27))
    assert parse_tiles("1234567z") == list(range(27, 34))
    assert HONGZHONG == 33 == parse_tile("7z")


def test_t2_order_as_written_and_whitespace():
    assert parse_tiles("21m") == [1, 0]
    assert parse_tiles("7z1m") == [33, 0]
    assert parse_tiles(" 123m 456p\t789s\n11z ") == [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27]
    assert parse_tiles("") == []
    assert parse_tiles("   ") == []


def test_t2_chinese_honor_characters():
    assert parse_tiles("东南西北白发中") == [27, 28, 29, 30, 31, 32, 33]
    assert parse_tiles("東發") == [27, 32]
    assert parse_tiles("123m 中中") == [0, 1, 2, 33, 33]
    assert parse_tile("中") == 33
    assert parse_tile("白") == 31
    assert parse_tile("发") == parse_tile("發") == 32


def test_t2_format_canonical():
    assert format_tile(0) == "1m"
    assert format_tile(8) == "9m"
    assert format_tile(9) == "1p"
    assert format_tile(26) == "9s"
    assert format_tile(27) == "1z"
    assert format_tile(33) == "7z"
    assert format_tiles([33, 0, 9, 18, 1]) == "12m1p1s7z"
    assert format_tiles([]) == ""
    assert format_tiles(parse_tiles("东 9s 1m")) == "1m9s1z"


def test_t2_format_accepts_numpy_ints():
    assert format_tiles(np.array([2, 1, 0], dtype=np.uint8)) == "123m"
    assert format_tile(np.int64(33)) == "7z"


@given(hands)
def test_t2_round_trip(ts):
    text = format_tiles(ts)
    assert parse_tiles(text) == ts
    assert parse_ref(text) == ts
    # one suit letter per group, groups in m p s z order
    letters = [ch for ch in text if ch.isalpha()]
    assert letters == sorted(set(letters), key="mpsz".index)


@given(hands)
def test_t2_counts_round_trip(ts):
    c = tile_counts(ts)
    assert c.shape == (34,) and c.dtype == np.uint8
    assert [int(x) for x in c] == [ts.count(t) for t in range(34)]
    assert tiles_from_counts(c) == ts
    assert np.array_equal(tile_counts(format_tiles(ts)), c)


# --- T1 / T2: errors ------------------------------------------------------------------------

@pytest.mark.parametrize(
    "text, names",
    [
        ("123x", "'x'"),        # unknown character
        ("12a3m", "'a'"),
        ("123", "123"),         # digits without a suit letter at the end
        ("m", "'m'"),           # suit letter without digits
        ("12m p", "'p'"),
        ("105m", "0"),          # 0 is not used (T2)
        ("8z", "8z"),           # honors are 1z-7z
        ("19z", "9z"),
        ("1中", "中"),           # digits before an honor character
    ],
)
def test_t2_malformed_text_raises_tile_error(text, names):
    with pytest.raises(TileError) as exc:
        parse_tiles(text)
    assert not isinstance(exc.value, TileCountError)
    assert isinstance(exc.value, WuhanMJError) and isinstance(exc.value, ValueError)
    assert names in str(exc.value)


@pytest.mark.parametrize("bad", [None, 123, b"123m", ["1m"]])
def test_t2_non_string_raises_tile_error(bad):
    with pytest.raises(TileError):
        parse_tiles(bad)


@pytest.mark.parametrize("text, kind", [("11111m", "1m"), ("5p55555p", "5p"), ("中中中中中", "7z"),
                                        ("7z7z7z7z7z", "7z")])
def test_t1_fifth_copy_raises_tile_count_error(text, kind):
    with pytest.raises(TileCountError) as exc:
        parse_tiles(text)
    assert isinstance(exc.value, TileError) and isinstance(exc.value, ValueError)
    assert kind in str(exc.value)
    assert "5" in str(exc.value)


def test_t1_four_copies_are_fine():
    assert parse_tiles("1111m") == [0, 0, 0, 0]
    assert tile_counts("7777z")[33] == 4


def test_d6_max_copies_for_the_indicator_kind():
    assert parse_tiles("555m", max_copies=3) == [4, 4, 4]
    with pytest.raises(TileCountError):
        parse_tiles("5555m", max_copies=3)


@pytest.mark.parametrize("text", ["", "12m", "1m 1m", "中中"])
def test_t2_parse_tile_needs_exactly_one(text):
    with pytest.raises(TileError):
        parse_tile(text)


@pytest.mark.parametrize("bad", [-1, 34, 100, True, 1.0, "1m", None])
def test_t2_bad_index_raises_tile_error(bad):
    for fn in (format_tile, tile_name, tile_glyph, is_honor, is_jiang, suit_of, rank_of,
               next_in_cycle, prev_in_cycle, laizi_of, pizi_of):
        with pytest.raises(TileError):
            fn(bad)
    with pytest.raises(TileError):
        format_tiles([0, bad])


def test_t1_tile_counts_errors():
    with pytest.raises(TileCountError) as exc:
        tile_counts([3, 3, 3, 3, 3])
    assert "4m" in str(exc.value)
    with pytest.raises(TileError):
        tile_counts([0, 34])
    with pytest.raises(TileError):
        tile_counts("1x")
    with pytest.raises(TileError):
        tiles_from_counts([1, 2, 3])


def test_t1_tile_counts_shape_and_dtype():
    c = tile_counts("123m456p789s1234567z")
    assert c.shape == (34,)
    assert c.dtype == np.uint8
    assert int(c.sum()) == 16
    assert [int(x) for x in c[:3]] == [1, 1, 1]
    e = tile_counts([])
    assert e.shape == (34,) and e.dtype == np.uint8 and int(e.sum()) == 0


# --- names and glyphs -----------------------------------------------------------------------

def test_names_of_every_kind():
    numerals = "一二三四五六七八九"
    for t in range(27):
        assert tile_name(t) == numerals[t % 9] + "万筒条"[t // 9]
    assert [tile_name(t) for t in range(27, 34)] == list("东南西北白发中")
    assert tile_name(parse_tile("5p")) == "五筒"
    assert tile_names(parse_tiles("19s7z")) == "一条 九条 中"


def test_glyphs_use_the_unicode_names():
    ranks = ["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"]
    suits = {"m": "CHARACTERS", "p": "CIRCLES", "s": "BAMBOOS"}
    for letter, uname in suits.items():
        for r in range(9):
            t = parse_tile(f"{r + 1}{letter}")
            assert unicodedata.name(tile_glyph(t)) == f"MAHJONG TILE {ranks[r]} OF {uname}"
    honors = ["EAST WIND", "SOUTH WIND", "WEST WIND", "NORTH WIND", "WHITE DRAGON", "GREEN DRAGON",
              "RED DRAGON"]
    for i, uname in enumerate(honors):
        assert unicodedata.name(tile_glyph(27 + i)) == f"MAHJONG TILE {uname}"


def test_format_glyphs_sorted():
    assert format_glyphs([33, 0]) == "\U0001F007\U0001F004"
    assert format_glyphs([]) == ""


# --- helpers of the rules ---------------------------------------------------------------------

def test_w2_is_jiang_only_258_of_a_suit():
    jiang = [t for t in range(34) if is_jiang(t)]
    assert format_tiles(jiang) == "258m258p258s"


def test_t1_suit_rank_honor():
    assert [suit_of(t) for t in (0, 8, 9, 17, 18, 26, 27, 33)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [rank_of(t) for t in (0, 8, 13, 27, 33)] == [1, 9, 5, 1, 7]
    assert [t for t in range(34) if is_honor(t)] == list(range(27, 34))


def test_t3_honor_cycle():
    cycle = parse_tiles("东南西北发白")
    for a, b in zip(cycle, cycle[1:] + cycle[:1]):
        assert next_in_cycle(a) == b
        assert prev_in_cycle(b) == a
    assert next_in_cycle(parse_tile("中")) == parse_tile("发")


def test_t3_suit_cycle():
    for s in range(3):
        for r in range(9):
            t = 9 * s + r
            assert next_in_cycle(t) == 9 * s + (r + 1) % 9
            assert prev_in_cycle(t) == 9 * s + (r - 1) % 9


# --- R2 / R3: laizi.json ----------------------------------------------------------------------

def test_r2_laizi_json_covers_all_34_indicators():
    assert sorted(parse_tile(v["indicator"]) for v in LAIZI) == list(range(34))


@pytest.mark.parametrize("vec", LAIZI, ids=[v["indicator"] for v in LAIZI])
def test_r2_laizi_of_indicator(vec):
    assert laizi_of(parse_tile(vec["indicator"])) == parse_tile(vec["laizi"])


@pytest.mark.parametrize("vec", LAIZI, ids=[v["indicator"] for v in LAIZI])
def test_r3_pizi_of_indicator(vec):
    expect = tuple(parse_tile(p) for p in vec["pizi"])
    got = pizi_of(parse_tile(vec["indicator"]))
    assert isinstance(got, tuple)
    assert got == expect
    assert list(got) == sorted(got)


def test_r2_examples_from_the_rules():
    for ind, lz in [("5m", "6m"), ("9m", "1m"), ("北", "发"), ("白", "东"), ("中", "发")]:
        assert laizi_of(parse_tile(ind)) == parse_tile(lz)
    for ind, pz in [("5m", "45m"), ("1m", "19m"), ("发", "4z6z"), ("中", "西北")]:
        assert pizi_of(parse_tile(ind)) == tuple(sorted(parse_tiles(pz)))
