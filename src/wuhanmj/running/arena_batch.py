"""The arena's batches: every wall of matches ``first`` … ``stop − 1`` played once per
seating, by the Python engine (:func:`arena_batch`) or the native one
(:func:`native_arena_batch`); :func:`~wuhanmj.sim.arena.arena` runs them through
:func:`~wuhanmj.running.executor.run_batches`."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from ..agents.base import reset_agent
from ..errors import AgentError, BotError, IllegalActionError
from ..files.recordio import BINARY
from ..files.records import encode_hand
from ..game.loop import play_game
from ..game.match import Match
from ..stats.arena_result import scales
from ..stats.outcome import outcome_of, tally_outcome, trace_bin
from ..stats.paired import add_match
from ..stats.tally import Tally, exact
from .arena_native import run_native_arena_batch
from .arena_spec import ArenaSpec, agent_seed, json_line, seat_copies, wall_values
from .batch import at_hand, count_bot_faults, match_seeds
from .luck import add_batch_controls

__all__ = ["arena_batch", "native_arena_batch"]


def arena_batch(spec: ArenaSpec, first: int, stop: int) -> tuple[Tally, list[Any] | None, list[Any] | None]:
    """Play matches ``first`` … ``stop − 1`` in every seating: their tally, their records
    (when asked) and the agents' wall values (for the rating, when asked).

    Raises:
        AgentError, IllegalActionError: an agent failed; the exception's ``partial`` is
            ``(tally, records, walls)`` of the games played before it.
    """
    out: tuple[Tally, list[Any] | None, list[Any] | None] = (
        Tally(), [] if spec.records else None, [] if spec.rating else None)
    try:
        _play(spec, first, stop, *out)
    except (AgentError, IllegalActionError) as err:
        setattr(err, "partial", out)  # noqa: B010 - an attribute the exception classes do not declare
        raise
    return out


def _play(spec: ArenaSpec, first: int, stop: int, tally: Tally, items: list[Any] | None,
                      walls: list[Any] | None) -> None:
    n_seat = len(spec.seatings)
    players = [[copy.deepcopy(spec.agents[a]) for a in seating] for seating in spec.seatings]
    labels = [tuple(spec.labels[a] for a in seating) for seating in spec.seatings]
    _, dscale = scales(spec)
    dealt: list[list[int]] = []  # the walls and each challenger's wall differences, for the control variates
    d_walls: dict[str, list[Any]] = {spec.labels[c]: [] for c, _ in spec.groups}
    sizes: list[int] = []
    for m in range(first, stop):
        start = m * spec.match_hands
        n = min(spec.match_hands, spec.hands - start)
        match_seed = match_seeds(spec.seed, m)[0]
        matches = [Match(spec.rules, seed=match_seed, dealer=m % 4) for _ in spec.seatings]
        for j, seating in enumerate(spec.seatings):
            for s, (a, k) in enumerate(zip(seating, seat_copies(seating))):
                try:
                    reset_agent(players[j][s], agent_seed(spec.seed, m, a, k))
                except Exception as err:
                    raise AgentError(f"seating {j}, seat {s} (agent {labels[j][s]!r}): reset() raised "
                                     f"{type(err).__name__}: {err}") from err
        values: dict[str, list[Any]] = {f"agent:{lab}": [] for lab in spec.labels}
        values.update({f"diff:{spec.labels[c]}": [] for c, _ in spec.groups})
        tbin = trace_bin(m, spec.hands, spec.match_hands)
        for h in range(n):
            dealer = matches[0].dealer  # the match structure of the first seating (D5)
            pays = []
            for j in range(n_seat):
                mt = matches[j]
                mt.dealer = dealer
                g = mt.new_game()
                try:
                    o = outcome_of(g, play_game(g, players[j], labels[j]))
                except BotError as err:
                    raise at_hand(err, (start + h) * n_seat + j) from None
                tally_outcome(tally, o, labels[j])
                count_bot_faults(tally, players[j], labels[j])
                for lab in labels[j]:
                    tally.count(f"seathands.agent:{lab}")
                if items is not None:
                    hand = (start + h) * n_seat + j
                    items.append(encode_hand(g, o, hand, m, h, j) if spec.records == BINARY
                                 else json_line(spec, g, o, hand, m, h, j, labels[j]))
                pays.append([exact(p) for p in o.payments])
                if j == 0 and spec.control:
                    dealt.append(list(g.state.wall))
                mt.finish_hand()
            wall_values(spec, pays, values, dscale, tally, tbin, walls)
        add_match(tally, values)
        if spec.control:
            sizes.append(n)
            for lab in d_walls:
                d_walls[lab] += values[f"diff:{lab}"]
    if spec.control:
        add_batch_controls(tally, spec.rules, spec.seed, range(first, stop), sizes, np.array(dealt, np.uint8), d_walls)


def native_arena_batch(spec: ArenaSpec, first: int, stop: int) -> tuple[Tally, list[Any] | None, list[Any] | None]:
    """:func:`~wuhanmj.running.arena_native.run_native_arena_batch`, whose agent errors are the
    Python batch's: the native engine plays each seating through the batch in turn, the
    Python one wall by wall (every seating of a wall, the resets at each match's start), so
    an agent that fails at two places may fail first at another. On an agent's error the
    batch is played again by :func:`arena_batch` (fresh copies of the agents), which
    raises the Python engine's error; the native error when that play does not fail."""
    try:
        return run_native_arena_batch(spec, first, stop)
    except (AgentError, IllegalActionError) as err:
        native_err = err
    arena_batch(spec, first, stop)
    raise native_err
