"""One stand-alone hand played by four agents (:func:`play_hand`).

The game loop itself is :func:`wuhanmj.game.loop.play_game` (re-exported here): the one
loop every caller uses, honouring the agent protocol. What a simulation keeps of a finished
hand is :func:`wuhanmj.stats.outcome.outcome_of` (its :class:`~wuhanmj.stats.outcome.HandOutcome`)
and :func:`wuhanmj.files.handrecord.hand_record` (its JSON-ready record); both are
re-exported here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents.base import reset_agent
from ..game.engine import Game
from ..game.loop import play_game
from ..rules import Rules
from ..files.handrecord import hand_record, record_json, result_dict
from ..stats.outcome import HandOutcome, outcome_of

__all__ = ["PlayedHand", "play_game", "play_hand", "outcome_of", "hand_record", "record_json", "result_dict"]


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
