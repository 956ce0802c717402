"""A table where one person plays a seat against three built-in bots: :class:`Table` (M1, P1–P4).

The terminal game (``wuhanmj play``) and the web table (``wuhanmj serve``) both drive a
:class:`Table`: :meth:`Table.deal` starts the next hand of the match, the bots play until
the person has a decision to make (a seat whose only legal action is one action is not
asked: it is played for it), :meth:`Table.act` plays the person's choice and lets the bots
go on. The match keeps the running scores, moves the dealer (D5) and passes the 癞子 on
(M2).

What the person may see is :meth:`Table.observation` (its seat's
:class:`~wuhanmj.game.observation.Observation`) and :meth:`Table.public_events` (the event
log with the other seats' draws, claims and passes and the deal left out); the hand's full
record (:meth:`Table.record`, the wall included) only once the hand is over.

>>> t = Table("kaikou", agents="greedy", seed=5)
>>> g = t.deal()
>>> while not g.over:
...     t.act(t.legal()[0])
>>> r = t.finish()
>>> sum(r.payments) == 0 and t.match.hands_played == 1
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import _checks
from ..agents.base import agent_name, make_agent, reset_agent
from ..errors import AgentError, BotError, IllegalActionError, SetupError
from ..game.actions import ACTIONS
from ..game.engine import Game, HandResult
from ..game.loop import EventFeed, agent_act
from ..game.match import Match
from ..game.observation import Observation
from ..rules import Rules
from ..render.frames import public_event
from ..files.handrecord import hand_record
from ..stats.outcome import outcome_of

__all__ = ["Table", "public_event", "bot_specs"]


def bot_specs(agents: str | Sequence[Any], seat: int) -> list[Any]:
    """The three bots' specs by seat (``None`` at the person's seat): one name for all three
    (``"greedy"``), three comma-separated names, or four with the person's seat given as
    ``human`` / ``-``.

    Raises:
        AgentError: another number of names.
    """
    specs = [a.strip() for a in agents.split(",")] if isinstance(agents, str) else list(agents)
    if len(specs) == 1:
        specs = specs * 3
    if len(specs) == 4:
        if str(specs[seat]).lower() not in ("human", "-", "you"):
            raise AgentError(f"agents: with four names, seat {seat} (the person's) must be 'human', got {specs[seat]!r}")
        specs = specs[:seat] + specs[seat + 1:]
    if len(specs) != 3:
        raise AgentError(f"agents: one name or three (the bots of the other seats), got {len(specs)}")
    out: list[Any] = list(specs)
    out.insert(seat, None)
    return out


class Table:
    """One person and three bots in a match (M1).

    Args:
        rules: a :class:`~wuhanmj.rules.Rules`, a preset name or None (``kaikou``).
        agents: the bots (:func:`bot_specs`): ``"greedy"``, ``"random"``, ``module:Name``,
            one for all three or three by seat.
        seed: the match seed (walls, D5, and the random bots' seeds), or None.
        seat: the person's seat 0–3.
        auto_single: play a decision that has a single legal action for the person.

    Raises:
        SetupError: a bad seat or seed. AgentError: bad agents. RulesError: bad rules.
    """

    def __init__(self, rules: Rules | str | None = None, *, agents: str | Sequence[Any] = "greedy",
                 seed: int | None = None, seat: int = 0, auto_single: bool = True) -> None:
        self.rules = Rules.coerce(rules)
        self.seat = _checks.seat(seat, "seat", SetupError)
        self.match = Match(self.rules, seed=seed)
        self.seed = seed
        specs = bot_specs(agents, self.seat)
        self.bots: list[Any] = [None if s is None else make_agent(s) for s in specs]
        seeds = np.random.SeedSequence(seed).spawn(4) if seed is not None else [None] * 4
        for s, b in enumerate(self.bots):
            if b is not None:
                sd = seeds[s]
                reset_agent(b, None if sd is None else int(sd.generate_state(1)[0]))
                agent_act(b, s)  # AgentError now, not in the middle of a hand
        self.names = tuple("you" if b is None else agent_name(b) for b in self.bots)
        self.auto_single = auto_single
        self.hand_no = 0
        self.auto_played: list[int] = []
        self._feed: EventFeed | None = None  # tells bots with observe_events the hand's events

    # ------------------------------------------------------------------ the hand
    @property
    def game(self) -> Game | None:
        """The hand in play (a :class:`Game`), or None before the first deal / after :meth:`finish`."""
        return self.match.game

    def _game(self) -> Game:
        g = self.match.game
        if g is None:
            raise SetupError("M1: no hand in play (deal first)")
        return g

    def deal(self, *, wall: Sequence[int] | None = None) -> Game:
        """Deal the next hand (a finished one is settled first) and let the bots play
        until the person must decide. ``wall``: an explicit wall (tests,
        :func:`~wuhanmj.game.wall.scripted_wall`); by default the match shuffles one.

        Raises:
            SetupError: a hand is in play and not over, or the match is over (M3).
        """
        g = self.match.game
        if g is not None:
            if not g.over:
                raise SetupError("M1: finish the hand in play before dealing the next")
            self.match.finish_hand()
        g = self.match.new_game(wall=wall)
        self.hand_no += 1
        self.auto_played = []
        self._advance()
        return g

    def take_bot_faults(self) -> dict[int, tuple[int, str]]:
        """The bots' faults played as the safest action since the last call, by seat: how
        many, and what the last one was (the ``cmd:`` bots with ``on_error="pass"``,
        :meth:`ProcessAgent.take_faults <wuhanmj.agents.process.ProcessAgent.take_faults>`);
        the seats without any left out."""
        out = {}
        for s, b in enumerate(self.bots):
            take = getattr(b, "take_faults", None)
            n = take() if take is not None else 0
            if n:
                out[s] = (n, str(getattr(b, "last_fault", None) or "?"))
        return out

    def to_act(self) -> bool:
        """True when the person has a decision to make now."""
        g = self.match.game
        return g is not None and not g.over and g.current_player == self.seat

    def legal(self) -> tuple[int, ...]:
        """The person's legal action codes now (empty when it is not asked)."""
        return self._game().legal_action_codes(self.seat) if self.to_act() else ()

    def observation(self) -> Observation:
        """What the person's seat may see now."""
        return self._game().observation(self.seat)

    def act(self, code: Any) -> None:
        """Play the person's action (an Action or its code), then the bots until the person
        must decide again or the hand is over.

        Raises:
            IllegalActionError: it is not the person's turn to act, or the action is not
                legal now (the rule named); nothing changes.
        """
        g = self._game()
        if not self.to_act():
            raise IllegalActionError(f"seat {self.seat} is not asked to act now (phase {g.phase})")
        g.step(self.seat, code)
        self._advance()

    def _feed_of(self, g: Game) -> EventFeed:
        """The event feed of the hand ``g`` (a new one for a new hand, or a hand restored)."""
        f = self._feed
        if f is None or f.game is not g:
            f = self._feed = EventFeed(g, self.bots)
        return f

    def _advance(self) -> None:
        g = self._game()
        feed = self._feed_of(g)
        while True:
            s = g.current_player
            if s is None:
                if feed.active:
                    feed.finish()
                return
            codes = g.legal_action_codes(s)
            if s == self.seat:
                if not (self.auto_single and len(codes) == 1):
                    return
                self.auto_played.append(codes[0])
                g.step(s, codes[0])
                continue
            bot = self.bots[s]
            try:
                if feed.active:
                    feed.before(s)
                obs = g.observation(s) if getattr(bot, "observes", True) is not False else None
                given = codes if getattr(bot, "legal_codes", False) is True else [ACTIONS[c] for c in codes]
                action = agent_act(bot, s)(obs, given)
            except BotError:
                raise  # it names the bot, the seat and the hand
            except Exception as err:
                raise AgentError(f"seat {s} (agent {self.names[s]!r}): act() raised {type(err).__name__}: {err}") from err
            try:
                g.step(s, action)
            except IllegalActionError as err:
                raise IllegalActionError(f"seat {s} played {action!r}: {err}") from None

    def finish(self) -> HandResult:
        """Settle the finished hand into the match (running scores, D5, M2).

        Raises:
            SetupError: no hand in play, or it is not over.
        """
        return self.match.finish_hand()

    # ------------------------------------------------------------------ what the person sees
    def public_events(self, start: int = 0) -> list[dict]:
        """The hand's events from ``start`` as the person may know them (:func:`public_event`)."""
        g = self._game()
        out = []
        for e in g.events_since(start):
            p = public_event(e, self.seat)
            if p is not None:
                out.append(p)
        return out

    def record(self) -> dict[str, Any]:
        """The finished hand's record, as ``wuhanmj simulate --records`` writes a line
        (``events`` with the wall and every hand, ``result``, ``agents``, ``hand``), for the
        replay viewer.

        Raises:
            SetupError: no hand in play, or it is not over (the record holds the wall).
        """
        g = self._game()
        if not g.over:
            raise SetupError("the hand is not over: its record (the wall, every hand) is not shown yet")
        decisions = sum(1 for e in g.events if "action" in e)
        rec = hand_record(g, outcome_of(g, decisions))
        rec["hand"] = self.hand_no - 1
        rec["agents"] = list(self.names)
        return rec

    @property
    def scores(self) -> list:
        """The running scores: the match's, plus the payments of a finished hand not yet settled."""
        sc = list(self.match.scores)
        g = self.match.game
        if g is not None and g.over and g.result is not None:
            sc = [a + b for a, b in zip(sc, g.result.payments)]
        return sc
