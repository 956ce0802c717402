"""Melds and wins given as the wrong type raise MeldError / WinInputError naming the
argument, not a TypeError (house rule; found by a new-user trial)."""

from __future__ import annotations

import pytest

from wuhanmj.errors import MeldError, WinInputError
from wuhanmj.hand.meld import Meld, SeatPlays
from wuhanmj.scoring import evaluate_win, winning_tiles


@pytest.mark.parametrize("bad", [None, 5, "peng", Meld.peng("777s", source=2)])
def test_p5_seat_plays_melds_must_be_a_sequence(bad):
    with pytest.raises(MeldError, match="sequence of Meld"):
        SeatPlays(bad)


def test_p5_seat_plays_takes_any_iterable_of_melds():
    sp = SeatPlays([Meld.peng("777s", source=2)])
    assert sp.melds == (Meld.peng("777s", source=2),) and sp.openings == 1


WIN = dict(hand="234m456p55s678s", win_tile="5s", how="zimo", winner=0, dealer=0, indicator="9m")


@pytest.mark.parametrize("bad", [None, 3, "abcd", SeatPlays()])
def test_w1_evaluate_win_seats_must_be_four_seat_plays(bad):
    with pytest.raises(WinInputError, match="seats"):
        evaluate_win(**WIN, seats=bad)


def test_w4_evaluate_win_takes_seats_from_a_generator():
    # 777p peng from seat 2: opened (W4); 234m 456p 678s + 55s pair (W2): a small hu, zimo.
    seats = (SeatPlays((Meld.peng("777p", source=2),)) if s == 0 else SeatPlays() for s in range(4))
    r = evaluate_win(**WIN, seats=seats)
    assert r.legal and r.how == "zimo"


@pytest.mark.parametrize("kwargs", [dict(melds=5), dict(melds=None)])
def test_w1_winning_tiles_bad_melds_or_size_is_a_win_input_error(kwargs):
    with pytest.raises(WinInputError):
        winning_tiles("234m456p55s678s7p", indicator="9m", **kwargs)  # 12 tiles: no 13 - 3k
