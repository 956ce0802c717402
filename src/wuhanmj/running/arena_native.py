"""The arena's batch on the native engine (:func:`run_native_arena_batch`), equal to the
Python engine's batch (the engine is chosen by :func:`wuhanmj.running.native.choose_engine`).

A batch of matches is played once per seating by
:func:`wuhanmj.native.batch.run_matches`: the first seating with its own match structure
(the first dealer ``m % 4``, D5 on its results, 连癞 M2 from its hands), every other
seating given the first one's dealers and previous 癞子 hand by hand, so that the walls
(``match_seeds``), dealers and 癞子 are the same in every seating, as
:func:`~wuhanmj.sim.arena.arena` plays them on the Python engine. Each seat's bot is reset
per match with the arena's :func:`~wuhanmj.running.arena_spec.agent_seed` (given to the batch
as ``agent_seeds``).

The tally comes from the arrays: each seating's hands by
:func:`~wuhanmj.running.native.tally_arrays` (the keys of
:func:`~wuhanmj.stats.outcome.tally_outcome`), and the paired values of every wall
(:func:`~wuhanmj.running.arena_spec.wall_values`, :func:`~wuhanmj.stats.paired.add_match`) as
exact integer sums over int64 arrays when every payment is whole (the presets), or wall
by wall with exact fractions otherwise. Records, when asked, are written from each
seating's arrays in C (:func:`~wuhanmj.files.native_records.record_items`), byte for byte
the Python engine's.
"""

from __future__ import annotations

import copy

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..stats.arena_result import scales
from .arena_spec import ArenaSpec, agent_seed, seat_copies, wall_values
from .native import distinct_values, int_moments, native_kinds, tally_arrays
from ..files.native_records import record_items
from ..stats.outcome import TRACE_BINS, trace_bin
from ..stats.paired import add_match
from ..stats.tally import Tally, exact
from .luck import add_batch_controls

__all__ = ["run_native_arena_batch"]


def _agent_seeds(spec: ArenaSpec, first: int, stop: int) -> np.ndarray:
    """``(seatings, matches, 4)`` uint64: each seat's reset seed (:func:`agent_seed`)."""
    out = np.empty((len(spec.seatings), stop - first, 4), np.uint64)
    copies = [seat_copies(s) for s in spec.seatings]
    for r, m in enumerate(range(first, stop)):
        seeds: dict[tuple[int, int], int] = {}
        for j, seating in enumerate(spec.seatings):
            for s, a in enumerate(seating):
                key = (a, copies[j][s])
                if key not in seeds:
                    seeds[key] = agent_seed(spec.seed, m, a, copies[j][s])
                out[j, r, s] = seeds[key]
    return out


def run_native_arena_batch(spec: ArenaSpec, first: int, stop: int) -> tuple[Tally, list[Any] | None, list[Any] | None]:
    """:func:`~wuhanmj.sim.arena.arena`'s batch on the native engine: matches ``first`` …
    ``stop − 1`` in every seating; their tally, their records (when asked) and the
    agents' wall totals (for the rating, when asked), equal to the Python engine's.

    Raises:
        SimulationError: a failure of the native engine (a bug).
        AgentError, IllegalActionError: an agent's, as the Python engine words them.
    """
    from ..native.batch import run_matches

    labels = [tuple(spec.labels[a] for a in seating) for seating in spec.seatings]
    seeds = _agent_seeds(spec, first, stop)
    record = bool(spec.records)
    runs: list[dict[str, np.ndarray]] = []
    for j, seating in enumerate(spec.seatings):
        # each seat its own copy of its agent, as the Python arena plays (a Python or
        # registered native agent keeps state; the built-in bots are read by their names)
        kinds = native_kinds([copy.deepcopy(spec.agents[a]) for a in seating])
        given: dict[str, Any] = {} if j == 0 else {"dealers": runs[0]["dealer"], "prev_laizi": runs[0]["prev_laizi"]}
        runs.append(run_matches(spec.rules, kinds, spec.seed, first, stop, spec.match_hands, spec.hands, record,
                                agent_seeds=seeds[j], labels=labels[j], **given))
    tally = Tally()
    for j, a in enumerate(runs):
        tally.merge(tally_arrays(a, labels[j]))
        n = int(a["winner"].size)
        for lab in labels[j]:
            tally.count(f"seathands.agent:{lab}", n)
    walls: list[Any] | None = [] if spec.rating else None
    pays = np.stack([a["payments"] for a in runs])  # (seatings, hands, 4)
    d_walls: dict[str, Any]
    if bool(np.all(pays == np.rint(pays))) and bool(np.all(np.abs(pays) < 2**40)):
        d_walls = _walls_int(spec, pays.astype(np.int64), runs[0]["match"], tally, walls)
    else:
        d_walls = _walls_exact(spec, pays, runs[0]["match"], tally, walls)
    if spec.control:
        from ..native.rng import shuffled_walls

        ms = runs[0]["match"].astype(np.int64)
        matches, sizes = np.unique(ms, return_counts=True)  # in order: a batch's matches ascend
        add_batch_controls(tally, spec.rules, spec.seed, matches.tolist(), sizes.tolist(),
                           shuffled_walls(runs[0]["seed"]), d_walls)
    items = _records(spec, runs, labels) if record else None
    return tally, items, walls


# ---------------------------------------------------------------- the paired values
def _walls_exact(spec: ArenaSpec, pays: np.ndarray, match: np.ndarray, tally: Tally,
                 walls: list[Any] | None) -> dict[str, list[Any]]:
    """The paired values wall by wall, as the Python batch counts them (exact fractions);
    returns each challenger's wall differences."""
    _, dscale = scales(spec)
    ms = match.tolist()
    rows = pays.tolist()
    d_walls: dict[str, list[Any]] = {spec.labels[c]: [] for c, _ in spec.groups}
    i, n = 0, len(ms)
    while i < n:
        m = ms[i]
        values: dict[str, list[Any]] = {f"agent:{lab}": [] for lab in spec.labels}
        values.update({f"diff:{spec.labels[c]}": [] for c, _ in spec.groups})
        tbin = trace_bin(m, spec.hands, spec.match_hands)
        while i < n and ms[i] == m:
            wall_values(spec, [[exact(x) for x in r[i]] for r in rows], values, dscale, tally, tbin, walls)
            i += 1
        add_match(tally, values)
        for lab in d_walls:
            d_walls[lab] += values[f"diff:{lab}"]
    return d_walls


def _held(pays: np.ndarray, seating: Sequence[int], agent: int) -> np.ndarray:
    """Per wall, the sum of the payments (walls, 4) of the seats ``agent`` holds in ``seating``."""
    return pays[:, [s for s in range(4) if seating[s] == agent]].sum(axis=1)


def _walls_int(spec: ArenaSpec, pays: np.ndarray, match: np.ndarray, tally: Tally,
               walls: list[Any] | None) -> dict[str, np.ndarray]:
    """The paired values of every wall at once from whole payments ``pays`` (seatings,
    walls, 4) int64: the same keys and exact sums as :func:`wall_values` and
    :func:`~wuhanmj.stats.paired.add_match` give wall by wall and match by match; returns
    each challenger's wall differences."""
    _, dscale = scales(spec)
    n = pays.shape[1]
    total = np.zeros((len(spec.labels), n), np.int64)
    for j, seating in enumerate(spec.seatings):
        for s, a in enumerate(seating):
            total[a] += pays[j, :, s]
    values = {f"agent:{lab}": total[a] for a, lab in enumerate(spec.labels)}
    ms = match.astype(np.int64)
    starts = np.flatnonzero(np.r_[True, ms[1:] != ms[:-1]])
    sizes = np.diff(np.r_[starts, n])
    bins = ms * TRACE_BINS // max(1, -(-spec.hands // spec.match_hands))  # trace_bin of every wall
    b = spec.baseline
    for c, js in spec.groups:
        lab = spec.labels[c]
        _, fc, fb = dscale[c]
        games = np.stack([fc * _held(pays[j], spec.seatings[j], c) - fb * _held(pays[j], spec.seatings[j], b)
                          for j in js])
        tally.add_moments(f"unp.{lab}", int_moments(games.ravel()))
        d = games.sum(axis=0)
        values[f"diff:{lab}"] = d
        for t in distinct_values(bins).tolist():
            tally.add_moments(f"trace.diff:{lab}#{t:02d}", int_moments(d[bins == t]))
    for q, v in values.items():
        per_match = np.add.reduceat(v, starts)
        tally.add_moments(f"cl.{q}", int_moments(per_match))
        tally.add_moments(f"clx.{q}", int_moments(sizes * per_match))
        tally.add_moments(f"wall.{q}", int_moments(v))
    tally.add_moments("cl.n", int_moments(sizes.astype(np.int64)))
    if walls is not None:
        walls.extend(tuple(row) for row in total.T.tolist())
    return {spec.labels[c]: values[f"diff:{spec.labels[c]}"] for c, _ in spec.groups}


# ---------------------------------------------------------------- records
def _records(spec: ArenaSpec, runs: list[dict[str, np.ndarray]], labels: list[tuple[str, ...]]) -> list[Any]:
    """The record items of a native batch, in the Python batch's order (wall by wall, its
    seatings in order), written from each seating's arrays
    (:func:`~wuhanmj.files.native_records.record_items`): record ``wall × seatings + j``
    for seating ``j`` of wall ``m × match_hands + h``, the lines of ``arena``'s shape."""
    n_seat = len(spec.seatings)
    per_seating = []
    for j, a in enumerate(runs):
        wall = a["match"].astype(np.int64) * spec.match_hands + a["hand_in_match"].astype(np.int64)
        per_seating.append(record_items(spec.rules, a, spec.records, seed=spec.seed, agents=labels[j],
                                        index=wall * n_seat + j, wall=wall, seating=j))
    return [per_seating[j][i] for i in range(len(per_seating[0])) for j in range(n_seat)]
