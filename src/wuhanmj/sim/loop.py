"""Play one hand with four agents: the loop between :class:`wuhanmj.game.Game` and the agents.

:func:`play_hand` asks the seat the game expects (``Game.current_player``) for
one of its legal actions until the hand is over, then reduces the result to a
:class:`wuhanmj.results.HandOutcome`. In a claim window the seats are asked
one at a time in turn order after the discarder; the game resolves the window
by P2 whatever the order of the answers.

Two optional class attributes let an agent skip work it does not need:
``observes = False`` (e.g. :class:`RandomAgent`): it receives ``None`` instead
of an observation; ``legal_codes = True`` (both built-in bots): it receives the
legal actions as their integer codes (:meth:`Game.legal_action_codes`, a tuple)
instead of action values, and returns a code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents.base import agent_act, reset_agent
from ..errors import IllegalActionError
from ..game.engine import Game
from ..game.observation import observe
from .results import HandOutcome
from ..rules import Rules
from ..tiles import format_tile
from ..game.wall import FIRST_DRAW_POS, N_TILES

__all__ = ["PlayedHand", "play_game", "play_hand", "outcome_of", "hand_record", "result_dict"]

_LIVE_TILES = N_TILES - FIRST_DRAW_POS  # tiles in the wall after the deal and the indicator (82)


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A finished hand.

    Fields:
        outcome: the :class:`HandOutcome` for statistics.
        laizi: this hand's 癞子 (for the next hand's 连癞, M2/X4).
        record: when asked, ``{"events": [...], "result": {...}}`` (JSON-ready;
            ``events`` is :attr:`Game.events`, replayable with :meth:`Game.replay`), else ``{}``.
    """

    outcome: HandOutcome
    laizi: int
    record: dict[str, Any] = field(default_factory=dict)


def outcome_of(game: Game, decisions: int = 0) -> HandOutcome:
    """The :class:`HandOutcome` of a finished game.

    Raises:
        IllegalActionError: the game is not over.
    """
    res = game.result
    if res is None:
        raise IllegalActionError("the hand is not over yet")
    length = _LIVE_TILES - game.tiles_left
    if res.winner is None:
        return HandOutcome(dealer=game.dealer, length=length, decisions=decisions)
    win = res.win
    st = win.settlement
    return HandOutcome(
        dealer=game.dealer,
        winner=res.winner,
        how=res.how,
        big=tuple(win.big),
        hard=bool(win.hard),
        payments=tuple(res.payments),
        liability=win.liable_rule,
        reached=sum(1 for s in range(4) if s != res.winner and st.reached[s]) if st is not None else 0,
        jinding=bool(st.jinding) if st is not None else False,
        length=length,
        decisions=decisions,
    )


def result_dict(o: HandOutcome, game: Game) -> dict[str, Any]:
    """The ``result`` fields of a records line (JSON-ready) for a finished ``game``."""
    res = game.result
    return {
        "winner": o.winner,
        "how": o.how,
        "win_tile": None if res.win_tile is None else format_tile(res.win_tile),
        "from": res.discarder,
        "big": list(o.big),
        "hard": o.hard if o.winner is not None else None,
        "payments": list(o.payments),
        "liability": o.liability,
        "reached": o.reached,
        "jinding": o.jinding,
        "length": o.length,
        "decisions": o.decisions,
        "laizi": format_tile(game.laizi),
    }


def play_game(game: Game, agents: Sequence[Any]) -> int:
    """Play ``game`` to its end with 4 agents (seat order); returns the decisions made.

    Raises:
        IllegalActionError: an agent returned an action that is not legal (the
            message names the seat and the rule).
    """
    acts = [agent_act(a) for a in agents]
    observes = [getattr(a, "observes", True) is not False for a in agents]
    codes = [getattr(a, "legal_codes", False) is True for a in agents]
    decisions = 0
    step = game.step
    legal_codes = game._legal  # seats come from current_player: no need to check them
    while True:
        seat = game.current_player  # None once the hand is over
        if seat is None:
            break
        legal = legal_codes(seat) if codes[seat] else game.legal_actions(seat)
        action = acts[seat](observe(game, seat) if observes[seat] else None, legal)
        try:
            step(seat, action)
        except IllegalActionError as err:
            raise IllegalActionError(f"seat {seat} played {action!r}: {err}") from None
        decisions += 1
    if not game.over:  # cannot happen: a seat is always expected until the hand ends
        raise IllegalActionError("no seat is expected to act, yet the hand is not over")
    return decisions


def hand_record(game: Game, outcome: HandOutcome) -> dict[str, Any]:
    """The JSON-ready record of a finished hand: ``{"events": [...], "result": {...}}``."""
    return {"events": game.events, "result": result_dict(outcome, game)}


def play_hand(
    rules: Rules,
    agents: Sequence[Any],
    *,
    seed: Any = None,
    agent_seeds: Sequence[int | None] | None = None,
    dealer: int = 0,
    prev_laizi: int | None = None,
    scores: Sequence[float] = (0, 0, 0, 0),
    record: bool = False,
) -> PlayedHand:
    """Play one stand-alone hand from the deal to the settlement.

    Args:
        rules: the rule set.
        agents: 4 agents by seat (``act``/``reset`` objects or plain callables).
        seed: the wall seed (int, Generator or None) for :class:`Game`.
        agent_seeds: 4 seeds passed to each agent's ``reset(seed=...)`` first
            (None: agents are not reset).
        dealer, prev_laizi, scores: as for :class:`Game`.
        record: keep the event log and the result as a JSON-ready record.

    Returns:
        :class:`PlayedHand`.

    Raises:
        IllegalActionError: an agent returned an action that is not legal.
    """
    game = Game(rules, seed=seed, dealer=dealer, prev_laizi=prev_laizi, scores=scores)
    if agent_seeds is not None:
        for s in range(4):
            reset_agent(agents[s], agent_seeds[s])
    outcome = outcome_of(game, play_game(game, agents))
    return PlayedHand(outcome, game.laizi, hand_record(game, outcome) if record else {})
