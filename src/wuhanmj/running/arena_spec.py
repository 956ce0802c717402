"""What an arena batch is given, and what both engines' batches make of a wall.

:class:`ArenaSpec` is everything a batch of :func:`~wuhanmj.sim.arena.arena` needs (it is
pickled to the workers); :func:`agent_seed` and :func:`seat_copies` give each seat's
reset seed, :func:`wall_values` one wall's paired values and :func:`json_line` one game's
record line. The Python batch (:mod:`wuhanmj.sim.arena`) and the native one
(:mod:`wuhanmj.running.arena_native`) share them, so the two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..rules import Rules
from ..files.handrecord import record_json
from ..stats.tally import Tally

__all__ = ["ArenaSpec", "agent_seed", "seat_copies", "wall_values", "json_line"]


def agent_seed(seed: int, match: int, agent: int, copy_index: int) -> int:
    """The seed of copy ``copy_index`` of agent ``agent`` in match ``match``: the first
    64-bit word of ``SeedSequence(seed, spawn_key=(match, 2, agent, copy_index))``."""
    ss = np.random.SeedSequence(seed, spawn_key=(match, 2, agent, copy_index))
    return int(ss.generate_state(1, np.uint64)[0])


def seat_copies(seating: Sequence[int]) -> tuple[int, ...]:
    """Per seat of ``seating`` (agent indices by seat), which copy of its agent it holds:
    0 for the agent's first seat in seat order, 1 for its second, …"""
    seen: dict[int, int] = {}
    out = []
    for a in seating:
        k = seen.get(a, 0)
        seen[a] = k + 1
        out.append(k)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ArenaSpec:
    """Everything an arena batch needs; pickled to workers.

    Fields: the root ``seed``; ``hands`` walls in matches of ``match_hands``; the
    ``rules``; the made ``agents`` and their unique ``labels``; the ``baseline`` index;
    the ``seatings`` (agent index by seat) and the ``groups`` (challenger, its seatings);
    ``records`` (False, or the record kind of :func:`~wuhanmj.files.recordio.record_kind`);
    ``rating`` (keep every wall's agent totals); ``control`` (add the sums of the
    control-variate estimate, :mod:`wuhanmj.stats.control`).
    """

    seed: int
    hands: int
    match_hands: int
    rules: Rules
    agents: tuple[Any, ...]
    labels: tuple[str, ...]
    baseline: int
    seatings: tuple[tuple[int, int, int, int], ...]
    groups: tuple[tuple[int, tuple[int, ...]], ...]
    records: bool | str
    rating: bool
    control: bool = False


def wall_values(spec: ArenaSpec, pays: Sequence[Sequence[Any]], values: dict[str, list[Any]],
                dscale: dict[int, tuple[int, int, int]], tally: Tally, tbin: int, walls: list[Any] | None) -> None:
    """One wall's values: each agent's payments summed over its slots; each challenger's
    scaled difference; the unpaired observations; the trace.

    ``pays[j][s]``: the exact payment (int or Fraction) of seat ``s`` in seating ``j``;
    ``values``: the match's lists, appended to; ``dscale``: the challengers' scales
    (:func:`~wuhanmj.stats.arena_result.scales`); ``tbin``: the match's trace bin;
    ``walls``: the rating's list of agent totals, appended to (None: no rating)."""
    total = [0] * len(spec.labels)
    for j, seating in enumerate(spec.seatings):
        for s, a in enumerate(seating):
            total[a] += pays[j][s]
    for a, lab in enumerate(spec.labels):
        values[f"agent:{lab}"].append(total[a])
    b = spec.baseline
    for c, js in spec.groups:
        lab = spec.labels[c]
        _, fc, fb = dscale[c]
        d = 0
        for j in js:  # each game's own difference, scaled alike: the unpaired figures
            seating = spec.seatings[j]
            dj = fc * sum(pays[j][s] for s in range(4) if seating[s] == c) \
                - fb * sum(pays[j][s] for s in range(4) if seating[s] == b)
            tally.observe(f"unp.{lab}", dj)
            d += dj
        values[f"diff:{lab}"].append(d)
        tally.observe(f"trace.diff:{lab}#{tbin:02d}", d)
    if walls is not None:
        walls.append(tuple(total))


def json_line(spec: ArenaSpec, game: Any, outcome: Any, hand: int, m: int, h: int, j: int,
              labels: Sequence[str]) -> str:
    """The JSON record line of game ``hand`` (= wall × seatings + seating ``j``): hand ``h``
    of match ``m`` played by ``labels`` (by seat), a finished :class:`~wuhanmj.game.Game`
    and its :class:`~wuhanmj.stats.outcome.HandOutcome`."""
    return record_json(game, outcome, hand=hand, match=m, hand_in_match=h, seed=spec.seed, agents=labels,
                       wall=m * spec.match_hands + h, seating=j)
