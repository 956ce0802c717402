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
