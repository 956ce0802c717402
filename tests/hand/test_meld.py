"""Meld and SeatPlays: validation, reprs, facts (P1–P5, R1, S1)."""

from __future__ import annotations

import dataclasses

import pytest

from wuhanmj.errors import MeldError
from wuhanmj.hand.meld import Meld, SeatPlays
from wuhanmj.tiles import parse_tiles


def test_constructors_parse_text_and_sort():
    assert Meld.chi("312m", source=3).tiles == (0, 1, 2)
    assert Meld.chi([2, 0, 1], source=3) == Meld.chi("123m", source=3)
    assert Meld.peng("777s", source=2).tiles == (24, 24, 24)
    assert Meld.an_gang("1111z").source is None


@pytest.mark.parametrize(
    "meld",
    [
        Meld.chi("123m", source=3),
        Meld.peng("777s", source=2),
        Meld.chong_gang("5555p", source=0),
        Meld.xu_gang("2222z", source=1),
        Meld.an_gang("9999m"),
    ],
)
def test_repr_pastes_back(meld):
    assert eval(repr(meld)) == meld  # noqa: S307 - the repr is meant to be Python


def test_p5_openings():
    assert Meld.chi("123m", source=3).is_opening
    assert Meld.peng("777s", source=2).is_opening
    assert Meld.chong_gang("5555p", source=0).is_opening
    assert Meld.xu_gang("5555p", source=0).is_opening  # its peng was the opening
    assert not Meld.an_gang("5555p").is_opening


def test_tile_and_gang_facts():
    assert Meld.chi("789p", source=0).tile == parse_tiles("7p")[0]
    assert Meld.xu_gang("3333s", source=2).is_ming_gang
    assert not Meld.an_gang("3333s").is_ming_gang and Meld.an_gang("3333s").is_gang
    assert not Meld.peng("333s", source=2).is_gang


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Meld.chi("124m", source=3), "consecutive"),
        (lambda: Meld.chi("89m1p", source=3), "consecutive"),  # across suits
        (lambda: Meld.chi("123z", source=3), "consecutive"),  # honors never chow
        (lambda: Meld.peng("778s", source=2), "3 of a kind"),
        (lambda: Meld.chong_gang("777s", source=2), "needs 4 tiles"),
        (lambda: Meld.an_gang("7778s"), "4 of a kind"),
        (lambda: Meld.peng("777z", source=2), "红中"),  # R1
        (lambda: Meld.peng("777s", source=4), "seat 0-3"),
        (lambda: Meld.peng("777s", source=None), "seat 0-3"),
        (lambda: Meld("an_gang", "1111m", 2), "source must be None"),
        (lambda: Meld("pong", "111m", 2), "meld kind"),
        (lambda: Meld.peng("77x", source=1), "meld tiles"),
        (lambda: Meld.peng([24, 24, 34], source=1), "not a tile index"),
    ],
)
def test_bad_melds_raise_meld_error(make, message):
    with pytest.raises(MeldError, match=message):
        make()


def test_meld_is_immutable():
    m = Meld.peng("777s", source=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.source = 1  # type: ignore[misc]


def test_seat_plays_counts_openings_and_gangs():
    sp = SeatPlays(
        (Meld.chi("123m", source=3), Meld.an_gang("1111z"), Meld.xu_gang("5555p", source=2)),
        hongzhong_gang=1,
        laizi_gang=2,
    )
    assert (sp.openings, sp.opened, sp.ming_gangs, sp.an_gangs, sp.special_plays) == (2, True, 1, 1, 3)
    assert not SeatPlays((Meld.an_gang("1111z"),)).opened


def test_seat_plays_equality_ignores_caches():
    a = SeatPlays((Meld.peng("777s", source=2),))
    b = SeatPlays((Meld.peng("777s", source=2),))
    assert a == b and hash(a) == hash(b)
    assert "SeatPlays(melds=(Meld.peng(\"777s\", source=2),))" == repr(a)


@pytest.mark.parametrize(
    "kw, message",
    [
        ({"melds": ("peng 777s",)}, "Meld values"),
        ({"melds": (Meld.peng("111m", source=1),) * 5}, "at most 4 melds"),
        ({"hongzhong_gang": 5}, "at most 4"),
        ({"pizi_gang": 9}, "at most 8"),
        ({"laizi_gang": -1}, "non-negative"),
        ({"laizi_gang": True}, "non-negative"),
    ],
)
def test_bad_seat_plays(kw, message):
    with pytest.raises(MeldError, match=message):
        SeatPlays(**kw)


def test_r3_eight_pizi_gang_when_the_indicator_is_hongzhong():
    # R3: indicator 中 -> 痞子 西 and 北, four copies each: one seat may play all eight
    # (met in play: the slow parity run's money rules, seed 11100)
    assert SeatPlays(pizi_gang=8).pizi_gang == 8
