"""One game of the web table and its message protocol, without the web server (M1, P1–P4).

A :class:`WebGame` holds a :class:`~wuhanmj.play.table.Table` on the server; the client
only ever receives :meth:`WebGame.state`, built from the person's
:class:`~wuhanmj.game.observation.Observation` and the public events
(:func:`~wuhanmj.play.table.public_event`): never another seat's concealed tiles, their
draws, or the wall. At the end of a hand the winner's hand is shown with the scoring sheet
(as at a real table), and the hand's full record may be downloaded (:meth:`WebGame.record`).

Messages are JSON objects with a ``type``; every answer is one too:

==================================  ===============================================
client → server                     server → client
==================================  ===============================================
``{"type": "state"}``               ``{"type": "state", ...}`` (:meth:`WebGame.state`)
``{"type": "act", "code": C,        the new state; ``C`` an action code (0–162) the
"version": V}``                     state offered, ``V`` the state's ``version``
``{"type": "hint"}``                ``{"type": "hint", "shanten": …, "lines": […]}``
``{"type": "next", "version": V}``  the state of the next hand (after a hand ends)
==================================  ===============================================

A bad message — not an object, an unknown type, a code that is not an int, an action for an
older ``version`` (stale), an action that is not legal now, ``next`` before the hand is
over — raises :class:`~wuhanmj.errors.RequestError` with a one-line reason and its HTTP
status, and changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import AgentError, IllegalActionError, RequestError, SetupError
from ..game.actions import ACTION_SPACE_SIZE, AN_GANG, DISCARD, KIND_OF_CODE, PIZI_GANG, XU_GANG
from ..game.illegal import why_illegal
from ..play.hints import hint
from ..play.table import Table
from ..play.text import action_label
from ..render.frames import event_text
from ..render.sheet import game_sheet_html
from ..render.table import last_discard_seat, table_svg, view_of_observation
from ..tiles import format_tile

__all__ = ["WebGame", "parse_message", "MESSAGE_TYPES"]

MESSAGE_TYPES = ("state", "act", "hint", "next")
MAX_MESSAGE = 4096  # bytes: no legal message is longer


def parse_message(raw: str | bytes | Any) -> dict[str, Any]:
    """A client message as a dict: JSON text (or an already parsed object).

    Raises:
        RequestError: not JSON, not an object, too long, or an unknown ``type`` (400).
    """
    if isinstance(raw, (str, bytes)):
        if len(raw) > MAX_MESSAGE:
            raise RequestError(f"message too long ({len(raw)} bytes, at most {MAX_MESSAGE})")
        try:
            msg = json.loads(raw)
        except (ValueError, UnicodeDecodeError) as err:
            raise RequestError(f"malformed message: not JSON ({err})") from None
    else:
        msg = raw
    if not isinstance(msg, dict):
        raise RequestError(f"malformed message: a JSON object with a 'type' expected, got {type(msg).__name__}")
    typ = msg.get("type")
    if typ not in MESSAGE_TYPES:
        raise RequestError(f"unknown message type {typ!r}; expected one of {', '.join(MESSAGE_TYPES)}")
    return msg


def _int(msg: dict[str, Any], key: str) -> int:
    v = msg.get(key)
    if type(v) is not int:
        raise RequestError(f"malformed message: {key!r} must be an integer, got {v!r}")
    return v


class WebGame:
    """A web table's game: the :class:`Table`, its id and the version of its state.

    Args:
        gid: the game id (in URLs).
        table: a Table; its first hand is dealt here.
    """

    def __init__(self, gid: str, table: Table) -> None:
        self.gid = gid
        self.table = table
        self.version = 0
        table.deal()

    @property
    def names(self) -> list[str]:
        """A label per seat: ``you (seat 0)``, ``greedy (seat 1)`` …"""
        return [f"{n} (seat {s})" for s, n in enumerate(self.table.names)]

    def state(self) -> dict[str, Any]:
        """What the person's browser receives: JSON-ready, built from the person's
        observation and the public events only (see the module docstring).

        Keys: ``type`` ("state"), ``game``, ``version``, ``hand_no``, ``seat``, ``names``,
        ``phase``, ``to_act``, ``actions`` (``code``, ``label``, ``kind``, ``tile`` of every
        legal action, only when the person is asked), ``hand`` and ``drawn`` (its own
        tiles), ``claim_tile``, ``tiles_left``, ``scores``, ``svg`` (the table as its seat
        sees it), ``log`` (lines of the public events), ``over``, and once the hand is over
        ``result`` (winner, how, tile, payments), ``sheet`` (HTML) and ``record`` (its URL).
        """
        t = self.table
        g = t.game
        assert g is not None  # a WebGame always has a hand dealt
        obs = t.observation()
        names = self.names
        events = t.public_events()
        over = g.over
        res = g.result
        view = view_of_observation(obs, names=names, last_discard=last_discard_seat(events),
                                   payments=None if res is None else res.payments,
                                   winner=None if res is None else res.winner)
        actions = [{"code": c, "label": action_label(c, obs.claim_tile, obs.laizi), "kind": KIND_OF_CODE[c],
                    "tile": _action_tile(c, obs.claim_tile, obs.laizi)} for c in t.legal()]
        out: dict[str, Any] = {
            "type": "state",
            "game": self.gid,
            "version": self.version,
            "hand_no": t.hand_no,
            "seat": t.seat,
            "names": names,
            "rules": t.rules.name,
            "phase": obs.phase,
            "to_act": t.to_act(),
            "actions": actions,
            "hand": [format_tile(x) for x in obs.hand],
            "drawn": None if obs.drawn is None else format_tile(obs.drawn),
            "claim_tile": None if obs.claim_tile is None else format_tile(obs.claim_tile),
            "tiles_left": obs.tiles_left,
            "scores": t.scores,
            "svg": table_svg(view, width="100%"),
            "log": [event_text(e, names) for e in events if e["type"] not in ("deal",)],
            "over": over,
            "result": None,
            "sheet": None,
            "record": None,
        }
        if over and res is not None:
            out["result"] = {"winner": res.winner, "how": res.how,
                             "tile": None if res.win_tile is None else format_tile(res.win_tile),
                             "from": res.discarder, "payments": list(res.payments)}
            out["sheet"] = game_sheet_html(g, names=names)
            out["record"] = f"/api/games/{self.gid}/record"
        return out

    def handle(self, raw: str | bytes | dict[str, Any]) -> dict[str, Any]:
        """Answer one message (see the module docstring).

        Raises:
            RequestError: a bad message; nothing changed.
        """
        msg = parse_message(raw)
        typ = msg["type"]
        if typ == "state":
            return self.state()
        if typ == "hint":
            g = self.table.game
            if g is None or g.over:
                raise RequestError("no hint: the hand is over", 409)
            return {"type": "hint", "game": self.gid, "version": self.version,
                    **hint(self.table.observation(), self.table.rules).to_dict()}
        version = _int(msg, "version")
        if version != self.version:
            raise RequestError(f"stale {typ}: it was for version {version}, the table is at version {self.version} "
                               "(reload the state)", 409)
        if typ == "next":
            g = self.table.game
            if g is None or not g.over:
                raise RequestError("next: the hand in play is not over", 409)
            try:
                self.table.deal()
            except SetupError as err:
                raise RequestError(f"next: {err}", 409) from None
            except AgentError as err:
                self.version += 1  # the hand was dealt and the bots began to play
                raise RequestError(f"next: a bot failed: {err}", 500) from None
            self.version += 1
            return self.state()
        code = _int(msg, "code")
        if not 0 <= code < ACTION_SPACE_SIZE:
            raise RequestError(f"illegal action: code {code} is outside 0-{ACTION_SPACE_SIZE - 1}", 422)
        if code not in self.table.legal():
            why = "you are not asked to act now" if not self.table.to_act() else self._why(code)
            raise RequestError(f"illegal action {action_label(code)}: {why}", 422)
        try:
            self.table.act(code)
        except AgentError as err:  # one of the server's own bots (a module:Name) failed
            self.version += 1  # the person's action was played
            raise RequestError(f"a bot failed: {err}", 500) from None
        except IllegalActionError as err:  # pragma: no cover - legal() was checked just above
            raise RequestError(f"illegal action: {err}", 422) from None
        self.version += 1
        return self.state()

    def _why(self, code: int) -> str:
        g = self.table.game
        assert g is not None
        return why_illegal(g.state, self.table.seat, code)  # the rule it breaks (never changes the state)

    def record(self) -> str:
        """The finished hand's record as one JSON line (``wuhanmj replay FILE --html`` reads it).

        Raises:
            RequestError: the hand is not over yet (409): the record holds the wall.
        """
        try:
            rec = self.table.record()
        except SetupError as err:
            raise RequestError(f"record: {err}", 409) from None
        return json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n"


def _action_tile(code: int, claim_tile: int | None, laizi: int) -> str | None:
    kind = KIND_OF_CODE[code]
    if kind == "discard":
        return format_tile(code - DISCARD)
    if kind == "xu_gang":
        return format_tile(code - XU_GANG)
    if kind == "an_gang":
        return format_tile(code - AN_GANG)
    if kind == "pizi_gang":
        return format_tile(code - PIZI_GANG)
    if kind == "hongzhong_gang":
        return "7z"
    if kind == "laizi_gang":
        return format_tile(laizi)
    if kind in ("chi", "peng", "chong_gang", "hu") and claim_tile is not None:
        return format_tile(claim_tile)
    return None
