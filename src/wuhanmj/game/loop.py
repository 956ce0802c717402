"""The game loop: a :class:`~wuhanmj.game.Game` played to its end by four agents.

Every caller that lets agents play — :meth:`wuhanmj.game.Match.play_hand`,
:func:`wuhanmj.simulate`, :func:`wuhanmj.sim.play_hand` — goes through :func:`play_game`,
so the agent protocol (:class:`wuhanmj.agents.Agent`) is honoured the same everywhere:

- an agent is an object with ``act(observation, legal_actions)`` or a plain callable
  ``f(observation, legal_actions)``; it returns one of the legal actions given;
- ``observes = False`` (e.g. :class:`~wuhanmj.agents.RandomAgent`): it receives ``None``
  instead of an :class:`~wuhanmj.game.observation.Observation`;
- ``legal_codes = True`` (both built-in bots): it receives the legal action codes (a
  tuple of ints, :meth:`Game.legal_action_codes`) instead of action values, and may
  return a code;
- an ``act`` with a keyword-only parameter ``view`` (``act(observation, legal, *,
  view)``, :func:`wants_view`) is also given a :class:`wuhanmj.native.search.SearchView`
  of its seat: determinizations and rollouts of the current state, never the hidden
  state itself (:func:`search_view_of`; it needs the native engine);
- an agent with a method ``observe_events(seat, events)`` (:class:`EventFeed`; the bots of
  the line protocol, :class:`wuhanmj.agents.process.ProcessAgent`) is told the events of
  the hand as its seat may know them (:func:`~wuhanmj.game.events.seat_event`): before each
  of its decisions those it has not been told yet, and the rest once the hand is over.

The loop asks the seat the game expects (``current_player``) until the hand is over;
in a claim window the seats are asked one at a time in turn order, and the game
resolves the window by P2 whatever the order of the answers.

The loop lives here, beside the engine, because a :class:`~wuhanmj.game.Match` (M1)
plays its hands with it; :mod:`wuhanmj.sim` builds the simulation on it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .. import _checks
from ..errors import AgentError, BotError, IllegalActionError

if TYPE_CHECKING:
    from .engine import Game
    from ..native.handapi import NativeHand
    from ..native.search import SearchView

__all__ = ["play_game", "agent_act", "wants_view", "search_view_of", "EventFeed"]


def agent_act(agent: Any, seat: int | None = None) -> Callable[[Any, Any], Any]:
    """The bound ``act`` of an agent, or the agent itself if it is a plain callable.

    Raises:
        AgentError: neither (the message names ``seat`` when given).
    """
    act = getattr(agent, "act", None)
    if act is not None and callable(act):
        return act
    if callable(agent):
        return agent
    where = "" if seat is None else f"seat {seat}: "
    raise AgentError(f"{where}{agent!r} has no act() and is not callable")


_WANTS_VIEW: dict[Any, bool] = {}   # function -> wants_view, for plain functions and methods


def wants_view(act: Callable[..., Any]) -> bool:
    """True when ``act`` (an agent's ``act`` or a callable agent) takes a keyword-only
    parameter named ``view``: the opt-in to a :class:`~wuhanmj.native.search.SearchView`.
    (Remembered per function: a signature costs ~10 µs, play_game asks once per hand.)"""
    func = getattr(act, "__func__", act)
    key = func if inspect.isfunction(func) else None
    if key is not None and key in _WANTS_VIEW:
        return _WANTS_VIEW[key]
    try:
        p = inspect.signature(act).parameters.get("view")
        found = p is not None and p.kind is inspect.Parameter.KEYWORD_ONLY
    except (TypeError, ValueError):  # builtins and extension callables without a signature
        found = False
    if key is not None and len(_WANTS_VIEW) < 4096:
        _WANTS_VIEW[key] = found
    return found


def _native_state(game: Game) -> NativeHand:
    """``game``'s current state on the native engine (:meth:`NativeHand.from_game`: its
    decisions replayed on the same wall, so the native hand has the decision log that
    determinizations read)."""
    from ..native.handapi import NativeHand

    return NativeHand.from_game(game)


def search_view_of(game: Game, seat: int) -> SearchView:
    """The :class:`~wuhanmj.native.search.SearchView` of ``seat`` on ``game`` now, built on
    its first use (a decision that never uses it costs nothing) and refused once the game
    has moved on (IllegalActionError: a stale view; :func:`play_game` also closes it once
    the decision is played).

    Raises:
        AgentError: the native engine is not built.
    """
    try:
        from ..native.search import search_view
    except ImportError as err:
        raise AgentError(f"seat {seat}: the agent asks for a search view (act(..., *, view)), "
                         f"which needs the native engine: {err}") from None
    mark = game.n_events

    def source() -> NativeHand:
        if game.n_events != mark:
            raise IllegalActionError(f"seat {seat}: this search view is stale (the game has moved on "
                                     "since the decision it was given for)")
        return _native_state(game)

    return search_view(source, seat)


class EventFeed:
    """Tells the agents that have an ``observe_events(seat, events)`` method what happened
    in one hand, as their seat may know it (:func:`~wuhanmj.game.events.seat_event`: the
    deal with the seat's own tiles only, another seat's draw without its tile, another
    seat's claim answers not at all): :meth:`before` a decision of ``seat`` sends the events
    it has not been told yet; :meth:`finish` sends the rest to every such agent once the
    hand is over (its ``hu`` and ``settlement``). Agents without the method cost nothing.

    Args:
        game: the hand (a :class:`~wuhanmj.game.Game`; its events from the first are sent).
        agents: 4 agents by seat (None for a seat nobody feeds, e.g. a person's).
    """

    __slots__ = ("game", "_feeds", "_told", "_rendered", "active")

    def __init__(self, game: Game, agents: Sequence[Any]) -> None:
        self.game = game
        self._feeds = [getattr(a, "observe_events", None) for a in agents]
        self._told = [0, 0, 0, 0]
        self._rendered: list[dict] = []  # the hand's events rendered once, for every seat
        self.active = any(f is not None for f in self._feeds)

    def before(self, seat: int) -> None:
        """Send ``seat``'s agent the hand's events since it was last told (when it listens).

        Raises:
            Whatever the agent's ``observe_events`` raises (a :class:`BotError` for a bot
            of the line protocol).
        """
        feed = self._feeds[seat]
        if feed is None:
            return
        from .events import render_event, seat_event

        raw = self.game.state.events
        n = len(raw)
        start = self._told[seat]
        if n <= start:
            return
        rendered = self._rendered
        for e in raw[len(rendered):n]:
            if type(e) is dict and e.get("type") == "deal":
                e = {k: v for k, v in e.items() if k != "wall"}  # no seat is told it: not rendered
            rendered.append(render_event(e))
        self._told[seat] = n
        out = []
        for e in rendered[start:n]:
            p = seat_event(e, seat)
            if p is not None:
                out.append(p)
        feed(seat, out)

    def finish(self) -> None:
        """Send every listening agent the events it has not been told (the hand's end).

        Raises:
            Whatever an agent's ``observe_events`` raises.
        """
        for seat in range(4):
            self.before(seat)


def play_game(game: Game, agents: Sequence[Any], labels: Sequence[str] | None = None) -> int:
    """Play ``game`` to its end with 4 agents (seat order); returns the decisions made.

    Args:
        game: a :class:`Game` (any phase; a finished one plays no decision).
        agents: 4 agents by seat (see the module docstring).
        labels: 4 names for the messages (``seat 2 (agent 'greedy')``), or None.

    Raises:
        AgentError: an agent is not an agent, or its ``act`` raised (the message names the
            seat; the agent's own exception is the ``__cause__``); a :class:`BotError` of a
            bot of the line protocol as it is (it names the bot, the seat and the hand).
        IllegalActionError: an agent returned an action that is not legal now (the
            message names the seat and the rule); the game is left as it was before it.
    """
    from . import moves  # here, not at import: agent_act and wants_view need no engine
    from .actions import ACTIONS
    from .observation import observe

    agents = _checks.four(agents, "agents", AgentError)
    acts: list[Callable[..., Any]] = [agent_act(a, s) for s, a in enumerate(agents)]
    observes = [getattr(a, "observes", True) is not False for a in agents]
    codes = [getattr(a, "legal_codes", False) is True for a in agents]
    views = [wants_view(a) for a in acts]
    st = game.state
    legal = moves.legal
    current = moves.current_player
    step = game.step
    feed = EventFeed(game, agents)
    feeding = feed.active
    decisions = 0
    while True:
        seat = current(st)  # None once the hand is over
        if seat is None:
            break
        lc = legal(st, seat)
        try:
            if feeding:
                feed.before(seat)
            if views[seat]:
                view = search_view_of(game, seat)
                try:
                    action = acts[seat](observe(st, seat) if observes[seat] else None,
                                        lc if codes[seat] else [ACTIONS[c] for c in lc], view=view)
                finally:
                    view.close()
            else:
                action = acts[seat](observe(st, seat) if observes[seat] else None,
                                    lc if codes[seat] else [ACTIONS[c] for c in lc])
        except BotError:
            raise  # its message already names the bot, the seat and the hand
        except Exception as err:
            who = f"seat {seat}" if labels is None else f"seat {seat} (agent {labels[seat]!r})"
            raise AgentError(f"{who}: act() raised {type(err).__name__}: {err}") from err
        try:
            step(seat, action)
        except IllegalActionError as err:
            raise IllegalActionError(f"seat {seat} played {action!r}: {err}") from None
        decisions += 1
    if feeding:
        feed.finish()
    return decisions
