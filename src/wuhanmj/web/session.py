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

A bad message — not JSON, nested deeper than :data:`~wuhanmj._json.MAX_DEPTH` levels, not
an object, an unknown type, a code that is not an int, an action for an older ``version``
(stale), an action that is not legal now, ``next`` before the hand is over — raises
:class:`~wuhanmj.errors.RequestError` with a one-line reason and its HTTP status, and
changes nothing.

An action is atomic: the person's action and the bots' replies up to the person's next
decision are all applied and the ``version`` goes up by one, or nothing is applied. When
one of the server's own bots fails (its ``act`` raises, plays an illegal action, or takes
longer than the decision timeout) the hand in play goes back to where it was before the
person's action and **ends in an error state**: ``state()["fault"]`` is
``{"seat": S, "bot": NAME, "error": REASON}``, no action is offered, the version goes up
by one, the failing message is answered with a 500 error naming the bot, later actions
with 409; ``next`` deals the next hand.
"""

from __future__ import annotations

import concurrent.futures
import json
import logging
import time
from typing import Any

from .._json import load_json
from ..agents.base import agent_act
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
_MAX_WAIT = 3600.0  # seconds of one wait for a bot's decision: a longer timeout is waited in pieces
log = logging.getLogger("wuhanmj.web")


def parse_message(raw: str | bytes | Any) -> dict[str, Any]:
    """A client message as a dict: JSON text (or an already parsed object).

    Raises:
        RequestError: not JSON, nested deeper than :data:`~wuhanmj._json.MAX_DEPTH` levels
            (at any depth: never a RecursionError), not an object, too long, or an unknown
            ``type`` (400).
    """
    if isinstance(raw, (str, bytes)):
        if len(raw) > MAX_MESSAGE:
            raise RequestError(f"message too long ({len(raw)} bytes, at most {MAX_MESSAGE})")
        msg = load_json(raw, RequestError, "malformed message")
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


class TimedBot:
    """One of the table's bots, each decision made in ``executor`` and awaited at most
    ``timeout`` seconds; :class:`~wuhanmj.play.table.Table` drives it like the bot itself.

    A decision that takes longer raises :class:`TimeoutError` (the table reports it as the
    bot's failure); the late decision is dropped, and until it has finished every later
    decision of this bot fails at once (a bot is never asked twice at the same time).

    Args:
        bot: the agent (an object with ``act(obs, legal)`` or a callable).
        seat: its seat 0–3.
        timeout: seconds per decision (> 0).
        executor: where the decisions run (a ``concurrent.futures.Executor``).
    """

    def __init__(self, bot: Any, seat: int, timeout: float, executor: concurrent.futures.Executor) -> None:
        self._act = agent_act(bot, seat)
        self.observes = getattr(bot, "observes", True)
        self.legal_codes = getattr(bot, "legal_codes", False)
        self.timeout = timeout
        self._executor = executor
        self._late: concurrent.futures.Future[Any] | None = None

    def act(self, obs: Any, legal: Any) -> Any:
        """The bot's decision (see :class:`TimedBot`).

        Raises:
            TimeoutError: no decision within ``timeout`` seconds, or an earlier one is still running.
        """
        if self._late is not None and not self._late.done():
            raise TimeoutError(f"still busy with a decision that took longer than {self.timeout:g} s")
        fut = self._executor.submit(self._act, obs, legal)
        deadline = time.monotonic() + self.timeout
        while True:
            # in pieces: a wait past the platform's time_t (a timeout of 1e12 s) overflows
            wait = min(deadline - time.monotonic(), _MAX_WAIT)
            try:
                return fut.result(max(wait, 0.0))
            except concurrent.futures.TimeoutError:
                if wait < _MAX_WAIT:
                    self._late = fut
                    raise TimeoutError(f"no decision within {self.timeout:g} s") from None


def _own(bot: Any) -> bool:
    """True for wuhanmj's own agents (quick, never blocking)."""
    return type(bot).__module__.startswith("wuhanmj.")


class WebGame:
    """A web table's game: the :class:`Table`, its id and the version of its state.

    Args:
        gid: the game id (in URLs).
        table: a Table; its first hand is dealt here unless ``deal`` is False (a game
            restored from storage, its hand already in place).
        decision_timeout: seconds each decision of a bot from outside wuhanmj (a
            ``module:Name``) may take, made in ``executor`` (None: no limit, called
            directly); wuhanmj's own bots (greedy, random: quick) are always called directly.
        executor: where the bots' decisions run (see :class:`TimedBot`).
        deal: deal the first hand now.

    Attributes:
        fault: None, or ``{"seat", "bot", "error"}`` once a bot failed in the hand in play
            (see the module docstring).

    Raises:
        AgentError: a bot failed while the first hand was dealt.
    """

    def __init__(self, gid: str, table: Table, *, decision_timeout: float | None = None,
                 executor: concurrent.futures.Executor | None = None, deal: bool = True) -> None:
        self.gid = gid
        self.table = table
        self.version = 0
        self.fault: dict[str, Any] | None = None
        self._seen: tuple[Any, int, list[dict[str, Any]], list[str]] = (None, 0, [], [])
        if decision_timeout is not None:
            if executor is None:
                raise SetupError("a decision timeout needs an executor for the bots")
            table.bots = [b if b is None or _own(b) else TimedBot(b, s, decision_timeout, executor)
                          for s, b in enumerate(table.bots)]
        if deal:
            table.deal()
            self._log_bot_faults()

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
        ``result`` (winner, how, tile, payments), ``sheet`` (HTML) and ``record`` (its URL);
        ``fault`` (None, or the bot failure that ended the hand: ``seat``, ``bot``, ``error``).
        """
        t = self.table
        g = t.game
        assert g is not None  # a WebGame always has a hand dealt
        obs = t.observation()
        names = self.names
        events, log_lines = self._public_events()
        over = g.over
        res = g.result
        view = view_of_observation(obs, names=names, last_discard=last_discard_seat(events),
                                   payments=None if res is None else res.payments,
                                   winner=None if res is None else res.winner)
        fault = self.fault
        actions = [] if fault is not None else [{"code": c, "label": action_label(c, obs.claim_tile, obs.laizi), "kind": KIND_OF_CODE[c],
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
            "to_act": fault is None and t.to_act(),
            "actions": actions,
            "hand": [format_tile(x) for x in obs.hand],
            "drawn": None if obs.drawn is None else format_tile(obs.drawn),
            "claim_tile": None if obs.claim_tile is None else format_tile(obs.claim_tile),
            "tiles_left": obs.tiles_left,
            "scores": t.scores,
            "svg": table_svg(view, width="100%"),
            "log": list(log_lines),
            "over": over,
            "result": None,
            "sheet": None,
            "record": None,
            "fault": fault,
        }
        if over and res is not None:
            out["result"] = {"winner": res.winner, "how": res.how,
                             "tile": None if res.win_tile is None else format_tile(res.win_tile),
                             "from": res.discarder, "payments": list(res.payments)}
            out["sheet"] = game_sheet_html(g, names=names)
            out["record"] = f"/api/games/{self.gid}/record"
        return out

    def _public_events(self) -> tuple[list[dict[str, Any]], list[str]]:
        """The public events of the hand in play and their log lines, the new ones only
        rendered (a state is asked for after every move)."""
        g = self.table.game
        assert g is not None
        hand, n, events, lines = self._seen
        if hand is not g or n > g.n_events:
            n, events, lines = 0, [], []
        new = self.table.public_events(n)
        names = self.names
        events = events + new
        lines = lines + [event_text(e, names) for e in new if e["type"] != "deal"]
        self._seen = (g, g.n_events, events, lines)
        return events, lines

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
            return self._next()
        code = _int(msg, "code")
        if not 0 <= code < ACTION_SPACE_SIZE:
            raise RequestError(f"illegal action: code {code} is outside 0-{ACTION_SPACE_SIZE - 1}", 422)
        if self.fault is not None:
            raise RequestError(f"the hand ended: {self._fault_text()}; ask for the next hand", 409)
        if code not in self.table.legal():
            why = "you are not asked to act now" if not self.table.to_act() else self._why(code)
            raise RequestError(f"illegal action {action_label(code)}: {why}", 422)
        t = self.table
        g = t.game
        assert g is not None
        before, auto = g.clone(), list(t.auto_played)
        try:
            t.act(code)
        except (AgentError, IllegalActionError) as err:  # legal() was checked: a bot failed
            failed = t.game
            t.match.game, t.auto_played = before, auto  # nothing of the person's action stays
            self._set_fault(failed, err)
            raise RequestError(f"a bot failed: {self._fault_text()}", 500) from None
        self._log_bot_faults()
        self.version += 1
        return self.state()

    def _next(self) -> dict[str, Any]:
        t = self.table
        g = t.game
        if g is None or (not g.over and self.fault is None):
            raise RequestError("next: the hand in play is not over", 409)
        if self.fault is not None:
            t.match.abandon_hand()  # unscored: the match deals that hand again
        try:
            t.deal()
        except SetupError as err:
            raise RequestError(f"next: {err}", 409) from None
        except (AgentError, IllegalActionError) as err:  # the new hand was dealt; a bot failed in it
            self._set_fault(t.game, err)
            raise RequestError(f"next: a bot failed: {self._fault_text()}", 500) from None
        self._log_bot_faults()
        self.fault = None
        self.version += 1
        return self.state()

    def _set_fault(self, failed: Any, err: Exception) -> None:
        seat = None if failed is None else failed.current_player
        bot = self.table.names[seat] if seat is not None else "?"
        self.fault = {"seat": seat, "bot": bot, "error": str(err)}
        self.version += 1
        log.error("game %s: hand %d ended: %s", self.gid, self.table.hand_no, self._fault_text())

    def _log_bot_faults(self) -> None:
        """Log the decisions the bots played as the safest action since the last move (the
        ``cmd:`` bots of a server started with ``--on-bot-error pass``): never silent."""
        for s, (n, last) in self.table.take_bot_faults().items():
            log.warning("game %s: hand %d: bot %r at seat %d: %d decision%s played as the safest action "
                        "(--on-bot-error pass); the last: %s", self.gid, self.table.hand_no, self.table.names[s], s,
                        n, "s" if n > 1 else "", last)

    def _fault_text(self) -> str:
        f = self.fault
        assert f is not None
        return f"bot {f['bot']!r} at seat {f['seat']} failed ({f['error']})"

    def _why(self, code: int) -> str:
        g = self.table.game
        assert g is not None
        return why_illegal(g.state, self.table.seat, code)  # the rule it breaks (never changes the state)

    def record(self) -> str:
        """The finished hand's record as one JSON line (``wuhanmj replay FILE --html`` reads it).

        Raises:
            RequestError: the hand is not over yet (409): the record holds the wall.
        """
        if self.fault is not None:
            raise RequestError(f"record: the hand ended unfinished: {self._fault_text()}", 409)
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
