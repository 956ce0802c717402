"""One batch of matches of a simulation, played by the Python engine (:func:`run_batch`),
and what every batch shares whatever the engine: the seeds of a match
(:func:`match_seeds`), the batch's arguments (:class:`BatchSpec`) and the JSON line of a
hand (:func:`record_line`). :func:`wuhanmj.sim.simulate.simulate` sends batches to
:func:`run_batch` or to the native engine's :func:`wuhanmj.running.native.run_native_batch`;
both give the same tally and the same lines for the same matches (M1, D5, M2).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..agents.base import reset_agent
from ..errors import AgentError, BotError, IllegalActionError
from ..files.handrecord import record_json
from ..files.recordio import BINARY
from ..rules import Rules
from ..stats.outcome import HandOutcome, outcome_of, tally_outcome, trace_bin
from ..stats.tally import Tally

if TYPE_CHECKING:
    from ..game.engine import Game

# The Python engine (game.match, game.loop) and the binary records are imported by the
# functions that use them: a native run imports this module for match_seeds and BatchSpec.

__all__ = ["BatchSpec", "match_seeds", "run_batch", "record_line", "record_item", "agent_failed", "count_bot_faults",
           "at_hand"]


def match_seeds(seed: int, match: int) -> tuple[int, tuple[int, int, int, int]]:
    """The :class:`~wuhanmj.game.match.Match` seed and the 4 agent seeds of match ``match``.

    Match: the first 64-bit word of ``SeedSequence(seed, spawn_key=(match, 0))``;
    agents: the four words of ``SeedSequence(seed, spawn_key=(match, 1))`` (the
    children of ``SeedSequence(seed).spawn(...)[match]``).
    """
    word = np.random.SeedSequence(seed, spawn_key=(match, 0)).generate_state(1, np.uint64)[0]
    words = np.random.SeedSequence(seed, spawn_key=(match, 1)).generate_state(4, np.uint64)
    a, b, c, d = (int(x) for x in words)
    return int(word), (a, b, c, d)


@dataclass(frozen=True, slots=True)
class BatchSpec:
    """Everything a batch needs; pickled to workers."""

    seed: int
    hands: int
    match_hands: int
    rules: Rules
    agents: tuple[Any, Any, Any, Any]
    labels: tuple[str, str, str, str]
    records: bool | str  # False, True (JSON lines) or recordio.BINARY
    verify: bool = False  # the native engine's records: also replay each hand through Game and compare


def record_line(spec: BatchSpec, m: int, h: int, game: Game, outcome: HandOutcome) -> str:
    """The records line (JSON, compact) of hand ``h`` of match ``m``, a finished ``game``."""
    return record_json(game, outcome, hand=m * spec.match_hands + h, match=m, hand_in_match=h, seed=spec.seed,
                       agents=spec.labels)


def record_item(spec: BatchSpec, m: int, h: int, game: Game, outcome: HandOutcome) -> Any:
    """The record of hand ``h`` of match ``m`` in the batch's format: a JSON line
    (:func:`record_line`) or, for ``spec.records == BINARY``, the binary row of
    :func:`wuhanmj.files.records.encode_hand`."""
    if spec.records == BINARY:
        from ..files.records import encode_hand

        return encode_hand(game, outcome, m * spec.match_hands + h, m, h)
    return record_line(spec, m, h, game, outcome)


def run_batch(spec: BatchSpec, first_match: int, stop_match: int) -> tuple[Tally, list[Any] | None]:
    """Play matches ``first_match`` … ``stop_match - 1`` with the Python engine; return
    their tally and (when ``spec.records``) their per-hand records (:func:`record_item`).

    Raises:
        AgentError, IllegalActionError: an agent failed (naming the seat and the agent); the
            exception's ``partial`` is ``(tally, records)`` of the whole hands played before
            it, as the native engine's batches give.
    """
    tally = Tally()
    lines: list[Any] | None = [] if spec.records else None
    try:
        _play_batch(spec, first_match, stop_match, tally, lines)
    except (AgentError, IllegalActionError) as err:
        setattr(err, "partial", (tally, lines))  # noqa: B010 - an attribute the exception classes do not declare
        raise
    return tally, lines


def _play_batch(spec: BatchSpec, first_match: int, stop_match: int, tally: Tally, lines: list[Any] | None) -> None:
    from ..game.loop import play_game
    from ..game.match import Match

    # Own copies: batches may run at once in threads of one process (Dask, processes=False).
    agents = copy.deepcopy(spec.agents)
    for m in range(first_match, stop_match):
        start = m * spec.match_hands
        n = min(spec.match_hands, spec.hands - start)
        match_seed, agent_seeds = match_seeds(spec.seed, m)
        match = Match(spec.rules, seed=match_seed, dealer=m % 4)
        for s in range(4):
            try:
                reset_agent(agents[s], agent_seeds[s])
            except Exception as err:
                raise agent_failed(s, spec.labels[s], "reset", err) from err
        for h in range(n):
            game = match.new_game()
            try:
                decisions = play_game(game, agents, spec.labels)  # names the seat on an agent's failure
            except BotError as err:
                raise at_hand(err, m * spec.match_hands + h) from None
            outcome = outcome_of(game, decisions)
            tally_outcome(tally, outcome, spec.labels, trace_bin(m, spec.hands, spec.match_hands))
            count_bot_faults(tally, agents, spec.labels)
            if lines is not None:
                lines.append(record_item(spec, m, h, game, outcome))
            match.finish_hand()  # D5 dealer rotation, M2 连癞, running scores (M1)


def count_bot_faults(tally: Tally, agents: Sequence[Any], labels: Sequence[str]) -> None:
    """Count in ``tally`` the faults of the hand just played by the agents that keep them
    (``take_faults()``: a bot of the line protocol with ``on_error="pass"``), as
    ``bot_faults.agent:LABEL`` (every fault played as the safest action)."""
    for agent, label in zip(agents, labels):
        take = getattr(agent, "take_faults", None)
        if take is not None:
            k = take()
            if k:
                tally.count(f"bot_faults.agent:{label}", k)


def at_hand(err: BotError, hand: int) -> BotError:
    """``err`` with the run's index of the hand it stopped (the records' ``hand``) added to
    its message, and as its ``record_hand``."""
    err.args = (f"{err} [the run's hand {hand}, as the records number it]",)
    err.record_hand = hand
    return err


def agent_failed(seat: int | None, label: str, what: str, err: Exception) -> AgentError:
    """The AgentError for an agent whose ``act``/``reset`` raised ``err``."""
    return AgentError(f"seat {seat} (agent {label!r}): {what}() raised {type(err).__name__}: {err}")
