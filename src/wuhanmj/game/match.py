"""A match: hands in sequence with running scores (M1), dealer rotation (D5), 连癞 (M2), escape (M3, D7).

>>> from wuhanmj.rules import Rules
>>> m = Match(Rules.kaikou(), seed=7)
>>> g = m.new_game()
>>> while not g.over:
...     g.step(g.current_player, g.legal_action_codes(g.current_player)[0])
>>> r = m.finish_hand()
>>> sum(m.scores) == 0 and m.hands_played == 1
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .. import _checks
from ..errors import SetupError
from ..rules import Rules
from ..scoring.settlement import escape_payments
from .engine import Game, HandResult
from .loop import agent_act, play_game

__all__ = ["Match"]


class Match:
    """Hands of one table in sequence (M1).

    Args:
        rules: the rule set: a :class:`Rules`, a preset name (``"kaikou"``,
            ``"koukou"``, ``"koukou_fan"``, §10) or None (``Rules.kaikou()``).
        seed: an int >= 0, a ``numpy.random.SeedSequence`` or ``Generator``, or None
            (fresh entropy); hand ``i``'s wall is shuffled from a seed drawn from
            ``numpy.random.default_rng(seed)``, so a match is reproducible.
        dealer: the first dealer (seat 0–3).
        scores: starting scores of the four seats [points or money].

    Attributes:
        scores: running scores (list of 4 numbers).
        dealer: the dealer of the next hand (D5).
        prev_laizi: the last finished hand's 癞子, passed to the next hand (M2, X4).
        history: the :class:`HandResult` of every finished hand.
        game: the hand in play (a :class:`Game`), or None between hands.
        escaped: the seat that left the match (M3), or None.

    Raises:
        RulesError: ``rules`` is neither a Rules, a preset name nor None.
        SetupError: a bad seed, dealer or scores.
    """

    __slots__ = ("rules", "scores", "dealer", "prev_laizi", "history", "game", "escaped", "_rng", "_rng_before")

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        seed: int | None = None,
        dealer: int = 0,
        scores: Sequence[float] = (0, 0, 0, 0),
    ) -> None:
        self.rules = Rules.coerce(rules)
        if not (
            seed is None
            or isinstance(seed, (np.random.SeedSequence, np.random.Generator))
            or (isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0)
        ):
            raise SetupError(f"seed must be an integer >= 0, a SeedSequence, a Generator or None, got {seed!r}")
        dealer = _checks.seat(dealer, "dealer", SetupError)
        sc = list(scores)
        if len(sc) != 4 or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in sc):
            raise SetupError(f"scores must be four numbers, got {scores!r}")
        self.scores = sc
        self.dealer = dealer
        self.prev_laizi: int | None = None
        self.history: list[HandResult] = []
        self.game: Game | None = None
        self.escaped: int | None = None
        self._rng = np.random.default_rng(seed)
        self._rng_before: Mapping[str, Any] | None = None  # generator state before the hand in play was dealt

    @property
    def hands_played(self) -> int:
        """Number of finished hands."""
        return len(self.history)

    @property
    def over(self) -> bool:
        """True once a player escaped (M3); otherwise a match goes on as long as hands are dealt."""
        return self.escaped is not None

    def new_game(self, *, wall: Sequence[int] | None = None) -> Game:
        """Deal the next hand: the current dealer, the previous 癞子 (M2) and the scores.

        Args:
            wall: an explicit wall (tests); by default one is shuffled from the match seed.

        Raises:
            SetupError: the match is over, or the hand in play is not finished.
        """
        if self.escaped is not None:
            raise SetupError(f"M3: the match is over (seat {self.escaped} escaped)")
        if self.game is not None:
            raise SetupError("M1: finish the hand in play (finish_hand) before dealing the next")
        before = self._rng.bit_generator.state
        seed = int(self._rng.integers(2**63))  # drawn even with a wall, so later hands do not shift
        try:
            g = Game(
                self.rules,
                seed=None if wall is not None else seed,
                wall=wall,
                dealer=self.dealer,
                prev_laizi=self.prev_laizi,
                scores=tuple(self.scores),
            )
        except BaseException:
            self._rng.bit_generator.state = before  # a refused wall deals nothing
            raise
        self.game = g
        self._rng_before = before
        return g

    def abandon_hand(self) -> Game:
        """Drop the hand in play unscored, as if it had never been dealt.

        Scores, dealer, 连癞 (M2) and history stay as they were before the hand,
        and the next :meth:`new_game` deals the same hand again (the same seed is
        drawn). Use it when a hand cannot be finished, e.g. an agent failed;
        :meth:`play_hand` does it by itself.

        Returns:
            The abandoned :class:`Game` (for inspection).

        Raises:
            SetupError: no hand in play.
        """
        g = self.game
        if g is None:
            raise SetupError("M1: no hand in play")
        before = self._rng_before
        assert before is not None  # set by new_game together with self.game
        self._rng.bit_generator.state = before
        self.game = None
        self._rng_before = None
        return g

    def finish_hand(self) -> HandResult:
        """Settle the finished hand in play: add its payments (X5), move the dealer (D5:
        it passes to the next seat after a non-dealer win, stays after a dealer win or a
        draw) and keep its 癞子 for 连癞 (M2).

        Raises:
            SetupError: no hand in play, or it is not over.
        """
        g = self.game
        if g is None:
            raise SetupError("M1: no hand in play")
        if not g.over:
            raise SetupError("M1: the hand in play is not over")
        r = g.result
        assert r is not None  # the hand is over: its result is set
        for s in range(4):
            self.scores[s] += r.payments[s]
        if r.winner is not None and r.winner != g.dealer:
            self.dealer = (g.dealer + 1) % 4
        self.prev_laizi = g.laizi
        self.history.append(r)
        self.game = None
        self._rng_before = None
        return r

    def play_hand(self, agents: Sequence[Any]) -> HandResult:
        """Deal, play and settle one hand with four agents (seat order).

        The hand is played by :func:`wuhanmj.game.loop.play_game`, the one game loop: an
        agent is an object with ``act(observation, legal_actions)`` or a plain callable
        ``f(observation, legal_actions)``, returning one of the actions given, and its
        ``observes`` / ``legal_codes`` attributes are honoured.

        If the hand cannot be played to its end, it is abandoned (:meth:`abandon_hand`):
        the match is left as it was before the hand, and the next hand dealt is the
        same one.

        Raises:
            SetupError: not four agents, or a hand is already in play or the match is over.
            AgentError: an agent is neither an object with ``act`` nor a callable, or
                its ``act`` raised (the message names the seat; the agent's own
                exception is the ``__cause__``).
            IllegalActionError: an agent returned an action that is not legal now (the
                message names the seat and the rule).
        """
        agents = list(_checks.four(agents, "agents", SetupError))
        for seat, a in enumerate(agents):
            agent_act(a, seat)  # AgentError before anything is dealt
        g = self.new_game()
        try:
            play_game(g, agents)
        except BaseException:
            self.abandon_hand()
            raise
        return self.finish_hand()

    def escape(self, seat: int) -> tuple:
        """Seat ``seat`` leaves the match (逃跑, M3): it pays ``rules.escape_penalty`` (the
        schedule's 金顶, D15), shared equally by the other three (D7) as
        :func:`~wuhanmj.scoring.settlement.escape_payments` computes; a hand in play is
        abandoned unscored and the match is over.

        Returns:
            The four payments (the escaper's negative; they sum to 0 up to float rounding
            when the penalty is not a multiple of 3).

        Raises:
            SetupError: a bad seat, or the match is already over.
        """
        seat = _checks.seat(seat, "seat", SetupError)
        if self.escaped is not None:
            raise SetupError(f"M3: the match is already over (seat {self.escaped} escaped)")
        pay = escape_payments(seat, self.rules)
        for s in range(4):
            self.scores[s] += pay[s]
        self.escaped = seat
        self.game = None
        self._rng_before = None
        return pay

    def __repr__(self) -> str:
        return f"<Match {self.rules.name} hands={self.hands_played} dealer={self.dealer} scores={self.scores}>"
