"""One hand played by four agents and what a simulation keeps of it.

The game loop itself is :func:`wuhanmj.game.loop.play_game` (re-exported here): the one
loop every caller uses, honouring the agent protocol. This module reduces a finished
hand to a :class:`~wuhanmj.sim.results.HandOutcome` (:func:`outcome_of`) and a JSON-ready
record (:func:`hand_record`), and plays stand-alone hands (:func:`play_hand`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents.base import reset_agent
from ..errors import IllegalActionError
from ..game.engine import Game
from ..game.loop import play_game
from ..game.wall import FIRST_DRAW_POS, N_TILES
from ..rules import Rules
from ..tiles import format_tile
from .results import HandOutcome

__all__ = ["PlayedHand", "play_game", "play_hand", "outcome_of", "hand_record", "record_json", "result_dict"]

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
        winner_fan=int(win.winner_fan),
        discarder=res.discarder,
        liable=win.liable,
    )


def result_dict(o: HandOutcome, game: Game) -> dict[str, Any]:
    """The ``result`` fields of a records line (JSON-ready) for a finished ``game``."""
    res = game.result
    assert res is not None  # a finished game (its outcome o came from outcome_of)
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


def hand_record(game: Game, outcome: HandOutcome) -> dict[str, Any]:
    """The JSON-ready record of a finished hand: ``{"events": [...], "result": {...}}``."""
    return {"events": game.events, "result": result_dict(outcome, game)}


def record_json(
    game: Game,
    outcome: HandOutcome,
    *,
    hand: int,
    match: int,
    hand_in_match: int,
    seed: int,
    agents: Sequence[str],
    wall: int | None = None,
    seating: int | None = None,
) -> str:
    """The records line of a finished hand (compact JSON text, no newline): ``hand``,
    ``match``, ``hand_in_match``, for an arena's game its ``wall`` and ``seating``, the
    run's ``seed``, the ``dealer``, ``prev_laizi`` (notation or null), the ``agents``' labels
    by seat, then :func:`hand_record`'s ``events`` and ``result``."""
    rec: dict[str, Any] = {"hand": hand, "match": match, "hand_in_match": hand_in_match}
    if wall is not None:
        rec.update(wall=wall, seating=seating)
    rec.update(seed=seed, dealer=game.dealer,
               prev_laizi=None if game.prev_laizi is None else format_tile(game.prev_laizi),
               agents=list(agents), **hand_record(game, outcome))
    return json.dumps(rec, ensure_ascii=False, separators=(",", ":"))


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
