"""Bad input found by a new-user trial: each raises a specific WuhanMJError naming the problem (T1, T2)."""

import numpy as np
import pytest

from wuhanmj import (
    ShapeError,
    TileCountError,
    TileError,
    format_tiles,
    is_complete,
    tile_counts,
    tiles_from_counts,
    waits,
)


@pytest.mark.parametrize("bad", [None, b"123m", 5, 3.0])
def test_t2_tile_counts_refuses_what_is_not_tiles(bad):
    with pytest.raises(TileError, match="expected tile indices"):
        tile_counts(bad)


@pytest.mark.parametrize("bad", [None, "123m", b"\x00"])
def test_t2_format_tiles_refuses_what_is_not_indices(bad):
    with pytest.raises(TileError, match="expected tile indices"):
        format_tiles(bad)


def test_t1_format_tiles_refuses_a_fifth_copy():
    with pytest.raises(TileCountError, match="5 copies of 1m"):
        format_tiles([0] * 5)


@pytest.mark.parametrize(
    "counts, error, message",
    [
        ([2.5] + [0] * 33, TileError, "integers"),
        ([-1] + [0] * 33, TileCountError, r"counts\[0\] = -1"),
        ([0] * 33 + [5], TileCountError, r"counts\[33\] = 5"),
        ([0] * 33, TileError, "shape"),
    ],
)
def test_t1_tiles_from_counts_validates(counts, error, message):
    with pytest.raises(error, match=message):
        tiles_from_counts(counts)


def test_w1_huge_wilds_is_a_shape_error_not_an_overflow():
    with pytest.raises(ShapeError, match="wilds"):
        is_complete(tile_counts("55m"), wilds=2**70)


@pytest.mark.parametrize("flag", ["no", 2, None, 0.5])
def test_w6_pungs_only_must_be_a_bool(flag):
    with pytest.raises(ShapeError, match="pungs_only"):
        is_complete(tile_counts("55m"), pungs_only=flag)
    with pytest.raises(ShapeError, match="pungs_only"):
        waits(tile_counts("5m"), pungs_only=flag)


def test_w6_numpy_bools_are_bools():
    assert is_complete(tile_counts("555m55p"), pungs_only=np.bool_(True))
    assert not is_complete(tile_counts("345m55p"), pungs_only=np.True_)


@pytest.mark.parametrize("field", ["discarder_ready", "discarder_holds_non_jiang"])
@pytest.mark.parametrize("value", ["no", [], 0, 1.0])
def test_l1_discarder_facts_must_be_bools(field, value):
    """A truthy string must not pass for True: it decides 全求人 liability (L1, D10)."""
    from wuhanmj import Meld, SeatPlays, WinInputError, evaluate_win

    melds = tuple(Meld.peng(t, source=s) for t, s in (("777s", 2), ("111m", 3), ("999p", 0), ("333p", 2)))
    seats = [SeatPlays(), SeatPlays(melds=melds), SeatPlays(), SeatPlays()]
    kw = dict(hand="55s", win_tile="5s", how="fangchong", winner=1, dealer=0, indicator=4, seats=seats,
              discarder=0, discarder_ready=False, discarder_holds_non_jiang=True)
    kw[field] = value
    with pytest.raises(WinInputError, match=field):
        evaluate_win(**kw)


@pytest.mark.parametrize("bad", [None, 1.5, True, "4", [4]])
def test_t1_parse_tiles_max_copies_is_checked(bad):
    from wuhanmj import parse_tiles

    with pytest.raises(TileError, match="max_copies"):
        parse_tiles("123m", max_copies=bad)


@pytest.mark.parametrize("bad", [None, 5, True, 1.5, {}, {0: 1}])
def test_t2_names_and_glyphs_refuse_what_is_not_tiles(bad):
    from wuhanmj import format_glyphs, tile_names

    for f in (tile_names, format_glyphs, format_tiles):
        with pytest.raises(TileError):
            f(bad)


def test_t2_numpy_ints_are_tiles():
    from wuhanmj import format_glyphs, tile_names

    assert tile_names([np.int64(0)]) == "一万"
    assert format_glyphs(np.array([0], dtype=np.int64)) == "🀇"
