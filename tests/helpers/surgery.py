"""State surgery for tests: a hand with exactly the state of a save, *without* checking it
against its event log, for the tests that need a state no log reaches (a wall run down to
the dead wall for G4/D12, hidden tiles resampled for the search's determinizations).

:func:`restore_unchecked` reads a save (the :meth:`wuhanmj.game.Game.to_dict` form) into a
:class:`~wuhanmj.game.Game` field by field; for :class:`~wuhanmj.native.handapi.NativeHand`
it hands that Game to the native engine's test hook ``handapi._adopt_state`` (C fields
cannot be written from Python), which keeps the Game as its twin, stepped with it, for its
events and refusal messages. Not for user data: ``Game.from_dict`` is the checked restore.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wuhanmj.errors import SetupError
from wuhanmj.game import Game
from wuhanmj.game.events import parse_event
from wuhanmj.game.phases import OVER, PHASES
from wuhanmj.game.state import meld_value
from wuhanmj.rules import Rules

__all__ = ["restore_unchecked"]


def _claim_turn(events: list[dict]) -> bool:
    """D18 (``HandState.claim_turn``): the turn on now began with a 碰/吃 — the log's last
    meld or discard is a 碰/吃 (a save has no field for it: the log gives it)."""
    for e in reversed(events):
        kind = e.get("type")
        if kind == "discard":
            return False
        if kind == "meld":
            return e.get("kind") in ("peng", "chi")
    return False


def _game_unchecked(d: Mapping[str, Any]) -> Game:
    g = Game(Rules.from_dict(d["rules"]), wall=d["wall"], dealer=d["dealer"],
             prev_laizi=d["prev_laizi"], scores=tuple(d["scores"]))
    st = g.state
    st.front = int(d["front"])
    st.back = int(d["back"])
    st.hands = [[int(x) for x in h] for h in d["hands"]]
    st.melds = [[(k, tuple(int(x) for x in ts), src) for k, ts, src in m] for m in d["melds"]]
    st.plays = [tuple((k, int(t)) for k, t in sp) for sp in d["specials"]]
    st.rivers = [tuple(int(x) for x in r) for r in d["rivers"]]
    st.phase = PHASES.index(d["phase"])
    st.turn = int(d["turn"])
    st.drawn = d["drawn"]
    st.draw_kind = int(d["draw_kind"])
    st.tile = d["tile"]
    st.options = {int(s): tuple(o) for s, o in d["options"].items()}
    st.decisions = {int(s): int(c) for s, c in d["decisions"].items()}
    st.events = [parse_event(e) for e in d["events"]]
    st.claim_turn = _claim_turn(st.events)
    st.xiayu = [None if x is None else (int(x["suit"]), int(x["liable"]), tuple(x["co_liable"]))
                for x in d.get("xiayu", (None,) * 4)]
    dv = st.derived
    dv.sizes = [sum(h) for h in st.hands]
    dv.openings = [sum(1 for k, _, _ in m if k != "an_gang") for m in st.melds]
    dv.meld_values = [tuple(meld_value(m) for m in ms) for ms in st.melds]
    dv.seen = st.count_seen()
    for s in range(4):
        st.changed(s)
    if st.phase == OVER:
        raise SetupError("restore_unchecked: finished hands are restored by from_dict only")
    return g


def restore_unchecked(cls: type, d: Mapping[str, Any]) -> Any:
    """A hand of class ``cls`` (Game or NativeHand, as the ``engine`` fixture passes it)
    with exactly the state of ``d`` (a ``to_dict`` form), not checked against its event
    log; every cache dropped.

    Raises:
        SetupError: a finished hand (restored by ``from_dict`` only).
    """
    g = _game_unchecked(d)
    if cls is Game:
        return g
    from wuhanmj.native import handapi

    if cls is not handapi.NativeHand:
        raise TypeError(f"restore_unchecked: Game or NativeHand, got {cls!r}")
    return handapi._adopt_state(g)
