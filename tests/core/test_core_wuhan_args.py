"""Arguments of the shape core's shanten and Wuhan-route functions given the wrong way
(found by a new-user trial): a ShapeError naming the argument, never a TypeError, and a
flag like ``pungs_only="no"`` is refused instead of read as True (W1, W6, D8)."""

from __future__ import annotations

import numpy as np
import pytest

from wuhanmj.core import (
    ROUTE_NAMES,
    shanten,
    shanten_batch,
    wuhan_best_discard,
    wuhan_discards,
    wuhan_draws,
    wuhan_routes,
)
from wuhanmj.errors import ShapeError
from wuhanmj.tiles import parse_tile, tile_counts

H13 = tile_counts("123m456p789s1122z")  # 13 tiles
H14 = tile_counts("123m456p789s11222z")  # 14 tiles
LZ = parse_tile("6m")
ALL = (1 << len(ROUTE_NAMES)) - 1


def _calls(laizi=LZ, routes=ALL):
    return [
        lambda: wuhan_routes(H13, laizi, (), routes),
        lambda: wuhan_draws(H13, laizi, (), routes),
        lambda: wuhan_discards(H14, laizi, (), routes),
        lambda: wuhan_best_discard(H14, laizi, (), routes),
    ]


@pytest.mark.parametrize("bad", ["12", "0x7F", 1.0, None, True, -1, ALL + 1, 1 << 40])
@pytest.mark.parametrize("which", range(4))
def test_bad_routes_mask_is_a_shape_error_naming_it(which, bad):
    with pytest.raises(ShapeError, match="routes"):
        _calls(routes=bad)[which]()


@pytest.mark.parametrize("bad", ["5", 5.0, None, True, -1, 33, 34])
@pytest.mark.parametrize("which", range(4))
def test_bad_laizi_is_a_shape_error_naming_it(which, bad):
    with pytest.raises(ShapeError, match="laizi"):
        _calls(laizi=bad)[which]()


@pytest.mark.parametrize("which", range(4))
def test_numpy_laizi_and_routes_read_as_ints(which):
    a = _calls()[which]()
    b = _calls(laizi=np.int64(LZ), routes=np.uint8(ALL))[which]()
    assert len(a) == len(b) and all(np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y
                                    for x, y in zip(a, b))


def test_routes_mask_zero_masks_every_route():
    assert wuhan_routes(H13, LZ, (), 0) == (None,) * len(ROUTE_NAMES)


@pytest.mark.parametrize("bad", ["no", "yes", "", 2, -1, 0.0, None, [True]])
def test_w6_shanten_pungs_only_must_be_a_bool(bad):
    with pytest.raises(ShapeError, match="pungs_only"):
        shanten(H13, pungs_only=bad)
    with pytest.raises(ShapeError, match="pungs_only"):
        shanten_batch(H13[None, :], pungs_only=bad)


def test_w6_shanten_pungs_only_flags():
    # 111m222p333s1122z: three pongs and two pairs, ready (0) whether chows count or not.
    # 123m456p789s1122z: ready with chows (a 1z or 2z completes it); with pongs only it
    # holds no set at all, so it cannot be ready (> 0)
    h = tile_counts("111m222p333s1122z")  # pongs + two pairs: ready either way
    assert shanten(h, pair="any", pungs_only=False) == 0
    assert shanten(h, pair="any", pungs_only=True) == 0
    c = tile_counts("123m456p789s1122z")
    assert shanten(c, pair="any", pungs_only=False) == 0
    assert shanten(c, pair="any", pungs_only=np.False_) == 0
    assert shanten(c, pair="any", pungs_only=True) > 0
    assert shanten(c, pair="any", pungs_only=1) == shanten(c, pair="any", pungs_only=True)
    assert shanten_batch(c[None, :], pair="any", pungs_only=True)[0] == shanten(c, pair="any", pungs_only=True)
