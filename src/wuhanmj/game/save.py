"""Saved games (:meth:`wuhanmj.game.Game.from_dict`): a save is trusted only as far as
its own event log goes.

``to_dict`` writes the whole state *and* the event log. Restoring replays the log
(:meth:`Game.replay`, which checks every action against the rules and every event
against what the game does) and then requires every other field of the save to
equal the replayed game's: a save whose hands, turn, drawn tile, claim options …
were edited is refused with a SetupError naming the first field that differs.
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .._json import check_depth
from ..errors import ReplayError, SetupError, WuhanMJError
from ..rules import Rules
from .events import render_event, same_json
from .phases import PHASES
from .state import HandState

if TYPE_CHECKING:
    from .engine import Game

__all__ = ["FORMAT", "FIELDS", "state_dict", "restore"]

FORMAT = "wuhanmj.game/2"
# every field of Game.to_dict, in the order they are checked (the deal first)
FIELDS = (
    "format", "rules", "dealer", "prev_laizi", "scores", "wall", "front", "back", "hands",
    "melds", "specials", "rivers", "phase", "turn", "drawn", "draw_kind", "tile", "options",
    "decisions", "xiayu", "events",
)
# the first format had no "xiayu" (L5), which its event log gives anyway
OLD_FORMATS = {"wuhanmj.game/1": tuple(f for f in FIELDS if f != "xiayu")}

_short = reprlib.Repr()
_short.maxlist = 8
_short.maxdict = 6
_short.maxstring = 40
_short.maxother = 40


def state_dict(st: HandState, events: bool = True) -> dict[str, Any]:
    """The whole state as JSON-ready data (hidden information included), format :data:`FORMAT`
    (without its ``events`` when ``events`` is False)."""
    d = {
        "format": FORMAT,
        "rules": st.rules.to_dict(),
        "dealer": st.dealer,
        "prev_laizi": st.prev_laizi,
        "scores": list(st.scores),
        "wall": list(st.wall),
        "front": st.front,
        "back": st.back,
        "hands": [list(h) for h in st.hands],
        "melds": [[[k, list(ts), src] for k, ts, src in m] for m in st.melds],
        "specials": [[[k, t] for k, t in sp] for sp in st.plays],
        "rivers": [list(r) for r in st.rivers],
        "phase": PHASES[st.phase],
        "turn": st.turn,
        "drawn": st.drawn,
        "draw_kind": st.draw_kind,
        "tile": st.tile,
        "options": {str(s): list(o) for s, o in sorted(st.options.items())},
        "decisions": {str(s): c for s, c in sorted(st.decisions.items())},
        "xiayu": [None if x is None else {"suit": x[0], "liable": x[1], "co_liable": list(x[2])}
                  for x in st.xiayu],
    }
    if events:
        d["events"] = [render_event(e) for e in st.events]
    return d


def restore(cls: type[Game], d: object) -> Game:
    """The game a save describes: its event log replayed, every field checked against it.

    ``cls`` is :class:`~wuhanmj.game.Game` or another hand class answering
    :class:`~wuhanmj.game.protocol.HandEngine` (``replay``, ``to_dict``, ``rules``): the
    native ``NativeHand.from_dict`` restores through this one validation.

    Raises:
        SetupError: ``d`` is not a mapping or nests too deeply (``_json.MAX_DEPTH``),
            the format is unknown, a field is missing
            or unknown, the event log does not replay (``events``), or a field differs
            from what the log gives (named).
    """
    if not isinstance(d, Mapping):
        raise SetupError(f"a saved game is a dict (as Game.to_dict() gives), got {type(d).__name__}")
    check_depth(d, SetupError, "saved game")
    fmt = d.get("format")
    if fmt == FORMAT:
        fields: tuple[str, ...] | None = FIELDS
    else:  # a non-string format (possibly unhashable) is just unknown
        fields = OLD_FORMATS.get(fmt) if isinstance(fmt, str) else None
    if fields is None:
        raise SetupError(f"format: unknown saved-game format {fmt!r}, expected {FORMAT!r}")
    missing = [k for k in fields if k not in d]
    if missing:
        raise SetupError(f"the saved game lacks the field(s) {', '.join(missing)}")
    unknown = [str(k) for k in d if k not in fields]
    if unknown:
        raise SetupError(f"the saved game has unknown field(s) {', '.join(unknown)}")
    events = d["events"]
    if isinstance(events, (str, bytes)) or not isinstance(events, (list, tuple)):
        raise SetupError(f"events: a list of event dicts expected, got {_short.repr(events)}")
    try:
        g = cls.replay(events)
    except ReplayError as e:
        raise SetupError(f"events: the event log does not replay: {e}") from None
    mine = g.to_dict()
    for k in fields[1:-1]:  # format checked above, events by the replay
        theirs = d[k]
        if k == "rules":
            try:
                ok = isinstance(theirs, Mapping) and Rules.from_dict(theirs) == g.rules
            except (WuhanMJError, TypeError, ValueError):
                ok = False
        else:
            ok = same_json(mine[k], theirs)
        if not ok:
            raise SetupError(
                f"{k}: the saved value {_short.repr(theirs)} differs from what the event log gives "
                f"({_short.repr(mine[k])}); the save is corrupted or was edited"
            )
    return g
