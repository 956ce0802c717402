"""The arena: agents compared on the same walls, every wall played once per seating.

:func:`arena` plays ``hands`` walls (the hands of :func:`~wuhanmj.sim.simulate.simulate`'s
layout: matches of ``match_hands``, match ``m`` seeded by
:func:`~wuhanmj.sim.simulate.match_seeds`) once for each *seating* of its mode:

- ``"1v3"``: each challenger in each of the four seats against three copies of the
  baseline (4 seatings a challenger);
- ``"2v2"``: each challenger and the baseline on alternate seats, both ways (2 a challenger);
- ``"rotate"``: four agents in their four cyclic seatings.

Hand ``i`` of match ``m`` has the same wall in every seating (:class:`~wuhanmj.game.Match`
with the same seed), and the match structure is replayed identically: the dealer of each
hand is the one of the first seating (D5 applied to its results), the previous 癞子 (M2,
X4) follows from the walls; each seating keeps its own running scores (M1, seen only in
observations). Each agent is reset at the start of every match with a seed of its own:
copy ``k`` of agent ``a`` (the k-th seat it holds in the seating, in seat order) gets the
first word of ``SeedSequence(seed, spawn_key=(m, 2, a, k))``, the same in every seating,
so two copies of one agent are two independent draws of the same policy.

The statistics are paired over walls (:mod:`wuhanmj.stats.paired`): on wall ``w`` an agent's
value is its mean payment over the seat-hands it held on that wall (every seating), and a
challenger's difference is its value minus the baseline's, both over the seatings of
that challenger; means, 95 % intervals (t, clustered by match) and p-values follow.
The result is the same whatever the workers (exact tallies, merged in match order), and
whatever the engine: the native one (:mod:`wuhanmj.running.arena_native`, any agents) plays
the same games as the Python one, each seating given the first seating's dealers.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..agents.base import agent_name, make_agent
from ..errors import AgentError, SimulationError, WuhanMJError
from ..files.paths import check_output_path
from ..files.recordio import open_sink, record_kind
from ..rules import Rules
from ..running.arena_batch import arena_batch, native_arena_batch
from ..running.arena_spec import ArenaSpec, agent_seed
from ..running.executor import max_workers, progress_of, run_batches
from ..running.native import ENGINES, choose_engine
from ..stats.arena_result import MODES, ArenaResult, scales, seatings_of
from ..stats.tally import Tally
from .simulate import DEFAULT_MATCH_HANDS, _check_int, _resolve_rules, check_hands

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = ["arena", "MODES", "ENGINES", "seatings_of", "agent_seed"]


_BATCH_WALLS = 64
# the native engine plays ~10 times faster: larger batches keep the per-batch work of
# Python (the tally from the arrays, pickling) small beside the games
_NATIVE_BATCH_WALLS = 1024


def _labels(agents: Sequence[Any]) -> tuple[str, ...]:
    """The agents' labels, made unique: a second ``random`` is ``random#2``."""
    out: list[str] = []
    for a in agents:
        name = agent_name(a)
        k, label = 1, name
        while label in out:
            k += 1
            label = f"{name}#{k}"
        out.append(label)
    return tuple(out)


def arena(
    agents: Any = "greedy,random",
    hands: int = 2000,
    mode: str = "1v3",
    rules: Rules | str | None = None,
    seed: int | None = None,
    workers: int = 1,
    executor: Executor | None = None,
    baseline: int | str | None = None,
    records: str | Any | None = None,
    progress: bool | Callable[[int, int], Any] = False,
    match_hands: int = DEFAULT_MATCH_HANDS,
    rating: bool = False,
    engine: str = "auto",
    control: bool = False,
) -> ArenaResult:
    """Compare agents on the same walls (see the module docstring).

    Args:
        agents: two or more agents (``act``/``reset`` objects, callables or names
            ``"greedy"``, ``"random"``, ``"module:Name"``), or one comma-separated string;
            labels are made unique (``random``, ``random#2``).
        hands: walls (int >= 1); each is played once per seating.
        mode: ``"1v3"``, ``"2v2"`` or ``"rotate"`` (exactly four agents).
        rules: as for :func:`~wuhanmj.sim.simulate.simulate`.
        seed: the root seed (int >= 0); None draws one, kept in the result.
        workers, executor: as for :func:`~wuhanmj.sim.simulate.simulate` (0: one per CPU; the agents are
            pickled to the workers; guard a script with ``if __name__ == "__main__":``).
        baseline: the agent every other is compared with: an index, a label, or None
            for the last agent.
        records: a path or text file for every game (JSON lines; binary for a name not
            ending ``.jsonl``/``.jsonl.gz``); record ``hand`` = wall × seatings + seating.
        progress: True for a tqdm bar, or ``progress(walls_done, walls_total)``.
        match_hands: hands per match (D5, M2).
        rating: also rate the agents with openskill (Plackett–Luce, one game per wall, the
            agents ranked by their wall values); needs ``pip install openskill``.
        engine: who plays the games: ``"auto"`` (default) the native engine
            (:mod:`wuhanmj.native`) when it is built (the built-in bots and registered
            native agents in C, any other agent called at its own decisions), else the
            Python engine (always, for an agent that follows the events: a ``cmd:`` bot);
            ``"native"`` or ``"python"`` to insist. The
            result (and every record, byte for byte) is the same on both; records on the
            native engine are written from each seating's arrays
            (:mod:`wuhanmj.running.arena_native`).
        control: also estimate each challenger's difference with the luck of the deal as
            control variates (:mod:`wuhanmj.stats.control`: unbiased, its interval beside
            the plain paired one, :meth:`~wuhanmj.stats.arena_result.ArenaResult.control_variates`);
            it deals and reads 4 reference walls a wall (~7 % more CPU time for the default
            arena, bench/README.md).

    Returns:
        :class:`~wuhanmj.stats.arena_result.ArenaResult`, the same whatever the workers.

    Raises:
        SimulationError: a bad argument (named: ``control`` not a bool too), ``rating`` without openskill, an unknown
            ``engine``, or ``engine="native"`` without the native engine.
        AgentError, RulesError, IllegalActionError: as for ``simulate``.
    """
    if isinstance(records, (str, bytes)) or hasattr(records, "__fspath__"):
        check_output_path("records", records)  # type: ignore[arg-type]
    hands = check_hands("hands", hands)
    match_hands = check_hands("match_hands", match_hands)
    workers = _check_int("workers", workers, 0) or (os.cpu_count() or 1)
    if workers > max_workers():
        raise SimulationError(f"workers: {workers} is more than {max_workers()} (4 per CPU)")
    if isinstance(agents, str):
        agents = [a for a in agents.split(",") if a.strip()]
    try:
        agents = list(agents)
    except TypeError:
        raise AgentError(f"agents: expected two or more agents, got {agents!r}") from None
    if len(agents) < 2:
        raise AgentError(f"agents: an arena needs two or more agents, got {len(agents)}")
    made = []
    for i, a in enumerate(agents):
        try:
            made.append(make_agent(a))
        except WuhanMJError:
            raise
        except Exception as err:
            raise AgentError(f"agents: agent {i}: cannot make {a!r}: {type(err).__name__}: {err}") from err
    labels = _labels(made)
    if baseline is None:
        base = len(made) - 1
    elif isinstance(baseline, str):
        if baseline not in labels:
            raise SimulationError(f"baseline: {baseline!r} is none of the agents {', '.join(labels)}")
        base = labels.index(baseline)
    else:
        base = _check_int("baseline", baseline, 0)
        if base >= len(made):
            raise SimulationError(f"baseline: {base} is not an agent index 0-{len(made) - 1}")
    if not isinstance(mode, str):
        raise SimulationError(f"mode: expected one of {', '.join(MODES)}, got {mode!r}")
    seatings, groups = seatings_of(mode, len(made), base)
    if type(rating) is not bool:
        raise SimulationError(f"rating: expected True or False, got {rating!r}")
    if type(control) is not bool:
        raise SimulationError(f"control: expected True or False, got {control!r}")
    if rating:
        try:
            import openskill  # noqa: F401
        except ImportError:
            raise SimulationError('rating: needs openskill; pip install "wuhanmj[arena]"') from None
    played_by = choose_engine(engine, made)
    native = played_by == "native"
    the_rules = _resolve_rules(rules)
    root = int.from_bytes(os.urandom(4), "little") if seed is None else _check_int("seed", seed, 0)
    spec = ArenaSpec(root, hands, match_hands, the_rules, tuple(made), labels, base, tuple(seatings),
                      tuple((c, tuple(js)) for c, js in groups.items()), record_kind(records), bool(rating), control)
    n_matches = -(-hands // match_hands)
    if native and not records:
        # big batches, but enough of them to keep every worker busy (4 each)
        parallel = 1 if executor is None and workers == 1 else (workers if executor is None else 8)
        per = max(1, _NATIVE_BATCH_WALLS // match_hands)
        if parallel > 1:
            per = max(1, min(per, -(-n_matches // (4 * parallel))))
    else:
        per = max(1, _BATCH_WALLS // match_hands)
    run = native_arena_batch if native else arena_batch
    n_batches = -(-n_matches // per)
    batches = ((b, min(b + per, n_matches)) for b in range(0, n_matches, per))  # lazily: walls may be many
    total = Tally()
    wall_values: list[Any] = []
    report = progress_of(progress, hands, desc="arena")
    done = 0
    seat_labels = [[labels[a] for a in s] for s in seatings]
    sink = open_sink(records, kind="arena", seed=root, rules=the_rules, seatings=seat_labels, match_hands=match_hands)
    with sink as out, report:
        def consume(res: tuple[Tally, list[Any] | None, list[Any] | None], b: tuple[int, int]) -> None:
            nonlocal done
            tally, items, walls = res
            total.merge(tally)
            if out is not None and items:
                out.add_items(items)
            if walls:
                wall_values.extend(walls)
            done += min(b[1] * match_hands, hands) - b[0] * match_hands
            report.update(done)

        run_batches(run, spec, batches, consume, out=out, workers=workers, executor=executor, n_batches=n_batches)
    ratings = _rate(labels, wall_values, scales(spec)[0]) if rating else None
    return ArenaResult.from_tally(
        total, mode=mode, agents=labels, baseline=base, seatings=seatings, groups=groups, hands=hands,
        seed=root, rules=the_rules, match_hands=match_hands, rating=ratings,
    )


def _rate(labels: Sequence[str], walls: list[Any], k: dict[int, int]) -> dict[str, dict[str, float]]:
    """openskill Plackett–Luce ratings: one game per wall, the agents ranked by their
    mean payment on it (ties share a rank), in wall order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    players = [model.rating(name=lab) for lab in labels]
    for tot in walls:
        vals = [tot[a] / k[a] for a in range(len(labels))]
        order = sorted(set(vals), reverse=True)
        ranks: list[float] = [float(order.index(v) + 1) for v in vals]
        teams = model.rate([[p] for p in players], ranks=ranks)
        players = [t[0] for t in teams]
    return {lab: {"mu": p.mu, "sigma": p.sigma, "ordinal": p.ordinal()} for lab, p in zip(labels, players)}

