"""Arguments of ``Game(...)`` given the wrong way (found by a new-user trial): each is
refused with a specific error naming it, never a numpy or Python error, and never
silently rounded (G1, M2/X4, T1)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from wuhanmj.errors import SetupError, TileError
from wuhanmj.game.engine import Game
from wuhanmj.tiles import parse_tile
from wuhanmj.game.wall import check_wall, shuffled_wall

pytestmark = pytest.mark.usefixtures("engine")  # each test on both engines (tests/conftest.py)


@pytest.mark.parametrize("bad", ["abc", "1", -1, -(2**70), 1.5, 2.0, True, False, [1, 2], b"1", object()])
def test_g1_bad_seed_is_a_setup_error_naming_it(bad):
    with pytest.raises(SetupError, match="seed"):
        Game(seed=bad)
    with pytest.raises(SetupError, match="seed"):
        shuffled_wall(bad)


@pytest.mark.parametrize("seed", [0, 7, 2**63, np.int64(7), np.uint32(7)])
def test_g1_int_seeds_shuffle_the_same_wall_as_their_value(seed):
    assert Game(seed=seed).to_dict()["wall"] == shuffled_wall(int(seed))


def test_g1_generator_and_seed_sequence_seeds_are_accepted():
    a = Game(seed=np.random.default_rng(5)).to_dict()["wall"]
    assert a == shuffled_wall(np.random.default_rng(5))
    assert Game(seed=np.random.SeedSequence(5)).to_dict()["wall"] == shuffled_wall(5)
    assert sorted(Game(seed=None).to_dict()["wall"]) == sorted(a)


@pytest.mark.parametrize("bad", [[1], (1,), 3.7, 3.0, True, False, -1, 34, object(), np.float64(3.0)])
def test_m2_x4_bad_prev_laizi_is_a_setup_error_naming_it(bad):
    with pytest.raises(SetupError, match="prev_laizi"):
        Game(seed=1, prev_laizi=bad)


def test_m2_x4_prev_laizi_notation_and_numpy_ints_are_read_as_tiles():
    assert Game(seed=1, prev_laizi="6m").prev_laizi == parse_tile("6m")
    p = Game(seed=1, prev_laizi=np.int16(5)).prev_laizi
    assert p == 5 and type(p) is int
    with pytest.raises(TileError):
        Game(seed=1, prev_laizi="6x")


def test_t1_a_wall_of_floats_is_refused_not_truncated():
    w = shuffled_wall(3)
    with pytest.raises(TileError, match="wall"):
        Game(wall=[t + 0.5 for t in w])
    with pytest.raises(TileError, match="wall"):
        check_wall([float(t) for t in w])
    with pytest.raises(TileError, match="wall"):
        check_wall(np.array(w, dtype=float))
    with pytest.raises(TileError, match="wall"):
        check_wall([str(t) for t in w])
    with pytest.raises(TileError, match="wall"):
        check_wall([True] + w[1:])


def test_t1_a_wall_of_numpy_ints_is_read_as_plain_ints():
    w = shuffled_wall(3)
    got = check_wall(np.array(w, dtype=np.int8))
    assert got == w and all(type(t) is int for t in got)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_scores_must_be_finite(bad):
    with pytest.raises(SetupError, match="scores"):
        Game(seed=1, scores=(0, 0, bad, 0))


def test_t1_scripted_wall_refuses_float_tiles():
    from wuhanmj.game.wall import scripted_wall

    hands = ["123456789m1234p5p", "123456789p1234s", "123456789s1234m", "5555z6666z7777z1m"]
    scripted_wall(hands, "9p")  # the same hands as ints/notation are fine
    with pytest.raises(TileError):
        scripted_wall(hands, 17.0)
    with pytest.raises(TileError):
        scripted_wall(hands, "9p", draws=[3.0])
