"""A numpy bool is never a seat, a tile, an action code or a seed (P1, G1, T1).

On numpy before 2.3 ``operator.index(np.True_)`` is 1 (only a DeprecationWarning),
and ``np.True_ in (0, 1, 2, 3)`` holds on every numpy, so each check that relied on
``isinstance(x, bool)`` read ``np.True_`` as 1 and ``np.False_`` as 0. One test per
entry point; each uses the value that *would* be accepted (the current player, a
legal code, a loser) so that reading the bool as an int is caught, not masked by
another error.
"""

from __future__ import annotations

import numpy as np
import pytest

from wuhanmj import Game, Match, Rules, SeatPlays, evaluate_win
from wuhanmj.game.actions import Discard, decode
from wuhanmj.errors import IllegalActionError, SetupError, StatsError, TileError, WinInputError
from wuhanmj.sim.results import HandOutcome
from wuhanmj.scoring.settlement import escape_payments, settle
from wuhanmj.game.wall import check_wall, shuffled_wall

BOOLS = [np.True_, np.False_]
SEAT_MSG = "seat must be a seat 0-3"


def _game() -> Game:
    return Game(Rules.kaikou(), seed=1)  # dealer 0 to act, seat 0 holds 14 tiles


@pytest.mark.parametrize("b", BOOLS)
def test_p1_step_refuses_a_numpy_bool_seat_state_unchanged(b):
    g = _game()
    s = int(b)
    g2 = _game()
    if g.current_player != s:  # make the bool's int value the seat to act
        g = Game(Rules.kaikou(), seed=1, dealer=s)
        g2 = Game(Rules.kaikou(), seed=1, dealer=s)
    code = g.legal_action_codes(s)[0]
    with pytest.raises(IllegalActionError, match=SEAT_MSG):
        g.step(b, code)
    assert g.to_dict() == g2.to_dict()


QUERIES = ["legal_action_codes", "legal_actions", "action_mask", "observation", "hand", "hand_counts",
           "hand_size", "melds", "discards", "special_plays", "drawn_tile"]


@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("b", BOOLS)
def test_p1_seat_queries_refuse_a_numpy_bool(query, b):
    g = _game()
    with pytest.raises(IllegalActionError, match=SEAT_MSG):
        getattr(g, query)(b)


@pytest.mark.parametrize("b", BOOLS)
def test_p1_step_refuses_a_numpy_bool_action_code(b):
    g = _game()
    # code 0/1 is a discard of 1m/2m: make sure the bool's value would be a legal code
    with pytest.raises(IllegalActionError, match="action code must be an int"):
        decode(b)
    with pytest.raises(IllegalActionError):
        g.step(0, b)


@pytest.mark.parametrize("b", BOOLS)
def test_t1_a_numpy_bool_is_not_a_tile(b):
    with pytest.raises(TileError):
        Discard(b)
    wall = shuffled_wall(1)
    with pytest.raises(TileError):
        check_wall([b if t == int(b) else t for t in wall])
    with pytest.raises(SetupError, match="prev_laizi"):
        Game(Rules.kaikou(), seed=1, prev_laizi=b)


@pytest.mark.parametrize("b", BOOLS)
def test_g1_a_numpy_bool_is_not_a_seed(b):
    with pytest.raises(SetupError, match="seed"):
        shuffled_wall(b)


@pytest.mark.parametrize("b", BOOLS)
def test_g1_a_numpy_bool_is_not_a_dealer(b):
    with pytest.raises(SetupError, match="dealer"):
        Game(Rules.kaikou(), seed=1, dealer=b)
    with pytest.raises(SetupError, match="dealer"):
        Match(Rules.kaikou(), seed=1, dealer=b)


E1 = dict(hand="234m456p789p55s", win_tile="5s", how="zimo", winner=1, dealer=0, indicator="5m",
          seats=[SeatPlays(), SeatPlays(melds=()), SeatPlays(), SeatPlays()])


@pytest.mark.parametrize("field", ["winner", "dealer", "discarder"])
@pytest.mark.parametrize("b", BOOLS)
def test_w_evaluate_win_refuses_a_numpy_bool_seat(field, b):
    kw = dict(E1)
    if field == "discarder":
        kw.update(how="fangchong", winner=2)
    kw[field] = b
    with pytest.raises(WinInputError, match=f"{field} must be a seat 0-3"):
        evaluate_win(**kw)


@pytest.mark.parametrize("b", BOOLS)
def test_m3_escape_refuses_a_numpy_bool_seat(b):
    m = Match(Rules.kaikou(), seed=1)
    with pytest.raises(SetupError, match="seat must be a seat 0-3"):
        m.escape(b)
    assert m.escaped is None and list(m.scores) == [0, 0, 0, 0]
    with pytest.raises(WinInputError, match="escaper must be a seat 0-3"):
        escape_payments(b, Rules.kaikou())


@pytest.mark.parametrize("b", BOOLS)
def test_x_settle_refuses_a_numpy_bool_winner_or_liable_seat(b):
    base = dict(winner=2, winner_fan=3, loser_fan=(4, 3, 0, 5), big=0)
    with pytest.raises(WinInputError, match="winner must be a seat 0-3"):
        settle(Rules.kaikou(), **dict(base, winner=b))
    with pytest.raises(WinInputError, match="liable seat"):
        settle(Rules.kaikou(), **dict(base, liable=b))  # seat 0 or 1: a loser, would be accepted


@pytest.mark.parametrize("b", BOOLS)
def test_a_hand_outcome_refuses_a_numpy_bool_dealer_or_winner(b):
    with pytest.raises(StatsError, match="dealer must be a seat 0-3"):
        HandOutcome(dealer=b)
    with pytest.raises(StatsError, match="winner must be a seat 0-3"):
        HandOutcome(dealer=2, winner=b, how="zimo", payments=(0, 0, 0, 0))
