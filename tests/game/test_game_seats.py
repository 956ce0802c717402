"""Seats and actions given to :class:`Game` the wrong way (found by a new-user trial).

The promise of ``Game.step`` (P1, P2, G3): an action that is not legal raises
IllegalActionError and leaves the state exactly as it was. A seat is a plain int
0-3; a numpy integer is read as the int it holds; bools, floats, strings and other
ints are refused, whatever seat was queried last. The seat queries
(``legal_actions``, ``legal_action_codes``, ``action_mask``, ``drawn_tile``,
``observation``) refuse a bad seat the same way; ``None`` means the current player
for the three legal-action queries.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from wuhanmj.game.actions import ACTION_SPACE_SIZE, Action, Hu, Pass
from wuhanmj.errors import IllegalActionError
from wuhanmj.game.engine import Game

pytestmark = pytest.mark.usefixtures("engine")  # each test on both engines (tests/conftest.py)


def _reach(phase: str) -> Game:
    """A game in ``phase``, reached by random legal play (seeded)."""
    for seed in range(200):
        g = Game(seed=seed, dealer=seed % 4)
        rng = np.random.default_rng(seed)
        while not g.over and g.phase != phase:
            s = g.current_player
            codes = g.legal_action_codes(s)
            # claim whatever may be claimed (an open hand may win, W4) but never declare
            # hu, so that hands run long enough to reach the 海底
            claims = [c for c in codes if 34 <= c <= 56]
            plays = [c for c in codes if c != 161 and c != 162]
            if claims:
                c = claims[-1]
            elif 162 in codes or not plays:
                c = 162 if 162 in codes else codes[0]
            else:
                c = plays[int(rng.integers(len(plays)))]
            g.step(s, c)
        if g.phase == phase:
            return g
    raise AssertionError(f"no seed reaches phase {phase}")


PHASES = ["turn", "claim", "haidi"]


def _snapshot(g: Game) -> str:
    return json.dumps(g.to_dict(), sort_keys=True)


def _assert_refused(g: Game, seat, action, match: str) -> None:
    before = _snapshot(g)
    n = g.n_events
    with pytest.raises(IllegalActionError, match=match or None):
        g.step(seat, action)
    assert g.n_events == n
    assert _snapshot(g) == before


# ------------------------------------------------------------------ step: seats
def test_p1_bool_seat_is_refused_even_right_after_querying_that_seat():
    g = Game(seed=1, dealer=1)
    g.legal_actions(1)
    _assert_refused(g, True, g.legal_action_codes(1)[0], "seat")


def test_p1_negative_seat_is_refused_after_a_step():
    # after a step the cached seat was -1: step(-1, ...) played the stale codes for seat 3's hand
    g = Game(seed=1, dealer=1)
    codes = g.legal_action_codes(1)
    g.step(1, codes[0])
    for c in codes[1:]:
        _assert_refused(g, -1, c, "seat")


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("bad", [True, False, 0.0, 1.0, 2.0, 3.0, "0", None, 4, -1, 2**70, np.float64(1.0),
                                 np.bool_(True), [0]])
def test_p1_p2_g3_bad_seat_refused_state_unchanged_in_every_phase(phase, bad):
    g = _reach(phase)
    s = g.current_player
    codes = g.legal_action_codes(s)  # the last seat queried: a cache step must not trust
    for c in codes:
        _assert_refused(g, bad, c, "seat")
    assert g.legal_action_codes(s) == codes


@pytest.mark.parametrize("phase", PHASES)
def test_p1_p2_g3_numpy_seat_is_read_as_a_plain_int(phase):
    g = _reach(phase)
    s = g.current_player
    n = g.n_events
    g.legal_actions(s)
    g.step(np.int64(s), g.legal_action_codes(s)[-1])
    seats = [e["seat"] for e in g.events[n:] if "seat" in e]
    assert seats and all(type(x) is int for x in seats)
    json.dumps(g.to_dict())
    g.event_log()
    assert Game.replay(g.events).to_dict() == g.to_dict()


# ------------------------------------------------------------------ step: actions
class _NotAnAction:
    code = 3


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("bad", [Action(), "5m", 3.0, np.float64(3.0), None, [3], (3,), _NotAnAction(), True,
                                 -1, ACTION_SPACE_SIZE, 999, 2**70, object()])
def test_p1_p2_g3_bad_action_refused_state_unchanged(phase, bad):
    g = _reach(phase)
    s = g.current_player
    g.legal_action_codes(s)
    _assert_refused(g, s, bad, "")


@pytest.mark.parametrize("bad_seat", [True, 4, None, "0"])
@pytest.mark.parametrize("bad", [None, "5m", 3.0, True])
def test_p1_a_bad_seat_with_a_bad_action_names_the_action(bad_seat, bad):
    # both engines read the action before the seat: the same refusal for the same step
    g = Game(seed=2, dealer=0)
    _assert_refused(g, bad_seat, bad, "^action code must be an int 0-162")


def test_p1_bare_action_is_an_illegal_action_not_not_implemented():
    g = Game(seed=3)
    with pytest.raises(IllegalActionError, match="Action"):
        g.step(0, Action())


class _OddCode(Action):
    """A user subclass whose code is a numpy integer."""

    __slots__ = ()

    @property
    def code(self):
        return np.int64(self._c)

    _c = 0


def test_p1_numpy_action_codes_are_recorded_as_plain_ints():
    g = Game(seed=3)
    c = g.legal_action_codes(0)[0]
    g.step(0, np.int64(c))
    e = [e for e in g.events if e["type"] == "discard"][0]
    assert type(e["action"]) is int and e["action"] == c
    s = g.current_player
    _OddCode._c = g.legal_action_codes(s)[0]
    g.step(s, _OddCode())
    assert all(type(e["action"]) is int for e in g.events if "action" in e)
    json.dumps(g.to_dict())


# ------------------------------------------------------------------ queries
QUERIES = ["legal_actions", "legal_action_codes", "action_mask", "drawn_tile", "observation", "hand"]


@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("bad", [7, -1, 4, "0", 0.0, True, False, np.float64(0)])
def test_bad_seat_query_is_refused(query, bad):
    g = Game(seed=1)
    g.legal_action_codes(0)
    with pytest.raises(IllegalActionError, match="seat"):
        getattr(g, query)(bad)


@pytest.mark.parametrize("query", QUERIES)
def test_numpy_seat_query_is_read_as_a_plain_int(query):
    g = Game(seed=1, dealer=2)
    a, b = getattr(g, query)(2), getattr(g, query)(np.int8(2))
    if query == "action_mask":
        assert np.array_equal(a, b)
    else:
        assert a == b
    if query == "observation":
        assert type(b.seat) is int


@pytest.mark.parametrize("phase", PHASES + ["over"])
def test_none_seat_means_the_current_player_in_the_legal_action_queries(phase):
    g = _reach(phase)
    s = g.current_player
    if s is None:
        assert g.legal_action_codes(None) == () and g.legal_actions(None) == []
        assert not g.action_mask(None).any()
        return
    assert g.legal_action_codes(None) == g.legal_action_codes(s)
    assert g.legal_action_codes() == g.legal_action_codes(s)
    assert [a.code for a in g.legal_actions(None)] == list(g.legal_action_codes(s))
    assert np.array_equal(g.action_mask(None), g.action_mask(s))


def test_none_seat_is_refused_where_a_seat_is_required():
    g = Game(seed=1)
    for query in ("drawn_tile", "observation", "hand"):
        with pytest.raises(IllegalActionError, match="seat"):
            getattr(g, query)(None)


def test_a_refused_step_does_not_disturb_a_later_legal_one():
    g = Game(seed=5)
    s = g.current_player
    c = g.legal_action_codes(s)[0]
    for bad in (True, 0.0, -1, 4):
        with pytest.raises(IllegalActionError):
            g.step(bad, c)
    with pytest.raises(IllegalActionError):
        g.step(s, Pass())
    with pytest.raises(IllegalActionError):
        g.step(s, Hu())
    n = g.n_events
    g.step(s, c)
    assert g.events[n] == {"type": "discard", "seat": s, "tile": g.events[n]["tile"], "action": c}
