"""Monte Carlo simulation: :func:`simulate` plays many hands and returns a :class:`SimulationResult`.

How a simulation is laid out (so that it is a pure function of its seed):

- ``hands`` are played as consecutive *matches* of ``match_hands`` hands (the
  last one may be shorter). Within a match the dealer moves by D5 and the
  previous hand's 癞子 is kept for 连癞 (M2, X4); match ``m`` starts with seat
  ``m % 4`` as dealer, so over many matches every seat deals equally often.
- Match ``m`` is a :class:`~wuhanmj.game.match.Match` seeded from
  ``SeedSequence(seed).spawn(...)[m]``, i.e. ``SeedSequence(seed, spawn_key=(m,))``:
  its child ``(m, 0)`` gives the match seed (every wall of the match follows
  from it), its child ``(m, 1)`` the four agent seeds, passed to
  ``agent.reset(seed=...)`` of seats 0–3 at the start of the match.
- Matches are grouped into batches; each batch is one call of a module-level
  function returning an exact :class:`~wuhanmj.stats.tally.Tally` (and the per-hand
  records when asked). Tallies merge exactly, so the result is the same for any
  number of workers, any batch size and any ``concurrent.futures.Executor``:
  a process pool (``workers > 1``), Dask (:func:`dask_executor`), or your own.
- Two engines play the batches: the Python one (:mod:`wuhanmj.game`,
  :func:`wuhanmj.running.batch.run_batch`) and the native one (:mod:`wuhanmj.native`,
  :func:`wuhanmj.running.native.run_native_batch`) for any agents; they play the
  same hands and give the same tally and records (``engine``, :func:`simulate`).

Memory stays flat: without ``records`` no per-hand data is kept, and at most a
few batches are in flight at once.

The local process pool starts its workers with the ``forkserver`` method (``spawn``
where there is none), never ``fork``: forking a process that runs threads (tqdm's
progress monitor, a user's own) may deadlock the child, which Python 3.12+ warns
about. The fork server imports wuhanmj once, so a pool after the first in a process
starts nearly as fast as a forked one (two workers: 0.12–0.27 s against 0.10–0.23 s by
fork on the development machine under load; the first pool of a process 0.5–0.9 s;
spawn 0.6–1.9 s every time; bench/README.md).
A script that calls ``simulate(workers=...)`` must guard it with
``if __name__ == "__main__":`` (the workers import the main module).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Mapping
from typing import IO, TYPE_CHECKING, Any

import numpy as np

from .. import _checks
from ..agents.base import agent_name, make_agent
from ..agents.process import COMMA_HINT
from ..errors import AgentError, SimulationError, WuhanMJError
from ..files.paths import check_output_path, check_text_file, write_text_atomic
from ..files.recordio import open_sink, record_kind
from ..rules import Rules
from ..running.batch import BatchSpec as _Spec
from ..running.batch import match_seeds
from ..running.batch import run_batch as _run_batch
from ..running.executor import WORKERS_PER_CPU, max_workers, progress_of, run_batches
from ..running.native import ENGINES, choose_engine
from ..running.native import run_native_batch as _run_native_batch
from ..stats.results import SimulationResult
from ..stats.tally import Tally

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = ["simulate", "match_seeds", "dask_executor", "DEFAULT_MATCH_HANDS", "MAX_HANDS", "check_hands",
           "check_output_path", "write_text_atomic", "max_workers", "WORKERS_PER_CPU"]

DEFAULT_MATCH_HANDS = 8
"""Hands per match by default (two turns of the dealer when it passes every hand)."""

_TARGET_BATCH_HANDS = 200
_LOCAL_BATCH_HANDS = 64
# the native engine plays ~100 times faster: larger batches keep the per-batch work of
# Python (the tally from the arrays, pickling) small beside the hands
_NATIVE_BATCH_HANDS = 4096

def _resolve_rules(rules: Rules | str | Mapping[str, Any] | None) -> Rules:
    """:meth:`Rules.coerce`, and a dict of rule fields (:meth:`Rules.from_dict`)."""
    if isinstance(rules, Mapping):
        return Rules.from_dict(rules)
    return Rules.coerce(rules)


def _resolve_agents(agents: Any) -> tuple[Any, Any, Any, Any]:
    if agents is None:
        agents = "greedy"
    if isinstance(agents, str):
        names = [a for a in agents.split(",")]
        if len(names) == 1:
            names = names * 4
        elif len(names) != 4 and "cmd:" in agents:
            raise AgentError(f"agents: four expected (one per seat), got {len(names)} from {agents!r}{COMMA_HINT}")
        agents = names
    agents = list(_checks.four(agents, "agents", AgentError))
    out = []
    for seat, a in enumerate(agents):
        try:
            out.append(make_agent(a))
        except WuhanMJError:
            raise
        except Exception as err:  # e.g. a module:Name class whose __init__ needs arguments
            raise AgentError(f"agents: seat {seat}: cannot make {a!r}: {type(err).__name__}: {err}") from err
    return tuple(out)


MAX_HANDS = 2**32 - 1
"""The most hands (and hands per match) one run may ask for: the records store a match's
index in 32 bits, and the native engine counts matches the same way."""


def _check_int(name: str, value: Any, low: int) -> int:
    return _checks.count(value, name, SimulationError, low)


def check_hands(name: str, value: Any) -> int:
    """``hands``/``match_hands``/``batch_hands``: an integer 1 … :data:`MAX_HANDS`.

    Raises:
        SimulationError: anything else, the argument and the limit named.
    """
    return _checks.count(value, name, SimulationError, 1, MAX_HANDS)


def simulate(
    hands: int = 2000,
    rules: Rules | str | None = None,
    agents: Any = None,
    seed: int | None = None,
    workers: int = 1,
    executor: Executor | None = None,
    records: str | os.PathLike | IO[str] | None = None,
    progress: bool | Callable[[int, int], Any] = False,
    match_hands: int = DEFAULT_MATCH_HANDS,
    batch_hands: int | None = None,
    engine: str = "auto",
    verify: bool = False,
) -> SimulationResult:
    """Play ``hands`` hands and return their statistics.

    Args:
        hands: number of hands (int >= 1).
        rules: a :class:`Rules`, a preset name (``"kaikou"``, ``"koukou"``,
            ``"koukou_fan"``), a dict for :meth:`Rules.from_dict`, or None (kaikou).
        agents: 4 agents by seat — objects with ``act``/``reset``, plain callables
            ``f(observation, legal_actions)``, or names (``"greedy"``,
            ``"random"``, ``"module:Name"``, ``"cmd:COMMAND"``: a program over the line protocol of
            docs/PROTOCOL.md) — or one comma-separated string
            (``"greedy,greedy,greedy,random"``; a single name fills every seat).
            Default: four greedy bots. With workers or an executor the agents are
            pickled, so they must be picklable (module-level classes/functions).
        seed: the root seed (int >= 0); None draws a fresh 32-bit seed, reported in
            the result's ``seed`` so the run can be repeated.
        workers: processes for a local ``ProcessPoolExecutor`` (1 = in this
            process; 0 = one per CPU), at most :func:`max_workers` (4 per CPU); the
            pool never starts more processes than there are batches. Ignored (but
            still checked) when ``executor`` is given.
        executor: any ``concurrent.futures.Executor`` (e.g. Dask's
            ``Client.get_executor()``, see :func:`dask_executor`); not shut down here.
        records: a path or a writable text file: every hand in hand order (seed,
            dealer, event log, outcome) for ``wuhanmj replay``: JSON lines for a text
            file or a name ending ``.jsonl`` (``.jsonl.gz``: gzip), else the binary
            format of docs/RECORDS.md (:mod:`wuhanmj.files.records`).
        progress: True for a tqdm bar on stderr, or a callable
            ``progress(hands_done, hands_total)`` called after every batch.
        match_hands: hands per match (int >= 1): dealer rotation (D5) and 连癞
            (M2) run within a match; matches are independent.
        batch_hands: hands per batch sent to a worker (default: about 200 on the Python
            engine, 4096 on the native one, fewer when that leaves workers idle). Does
            not change the result.
        engine: ``"auto"`` (default): the native engine (:mod:`wuhanmj.native`) when
            it is built, whatever the agents (the built-in bots and registered native
            agents play in C, any other agent is called at its own decisions with the
            Python engine's observation), the Python engine otherwise; ``"native"`` or
            ``"python"`` to choose; an agent that follows the hand's events (a ``cmd:``
            bot, :class:`~wuhanmj.agents.process.ProcessAgent`) is played by the Python
            engine under ``"auto"`` and refused by ``"native"``. Both play the same hands with the same decisions: the result (and
            every record line) is the same; its ``engine`` says which ran. Records on
            the native engine are written from its arrays, in C
            (:func:`~wuhanmj.files.native_records.record_items`).
        verify: on the native engine with ``records``, also replay every hand's
            decisions through the Python engine, check that it gives the native result
            and the same record, and raise SimulationError otherwise (slower: the
            Python engine's pace). Ignored without records or on the Python engine.

    Returns:
        :class:`~wuhanmj.stats.results.SimulationResult`, the same for the same seed,
        hands, match_hands, rules and agents, whatever the workers, batches or executor.

    Raises:
        SimulationError: a bad argument (``hands``, ``seed``, ``workers`` — below 0
            or above :func:`max_workers` —, ``executor`` that is no Executor, ``engine``
            unknown, or ``"native"`` without the native engine,
            ``records`` that is a binary or closed file, ``progress``, …; the message
            names it) or an unwritable records file (a directory or a missing folder);
            all reported before any hand is played.
        RulesError: bad rules.
        AgentError: bad agents (not 4, not agents, not picklable with workers), or an
            agent whose ``act``/``reset`` raised (the message names the seat and the
            agent's own error, which is chained as ``__cause__`` in this process).
        IllegalActionError: an agent returned an action that is not legal (seat named).
    """
    if isinstance(records, (str, os.PathLike)):
        check_output_path("records", records)
    elif records is not None:
        check_text_file(records)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise SimulationError(
            f"executor: expected a concurrent.futures.Executor (an object with submit()), got {executor!r}"
        )
    hands = check_hands("hands", hands)
    match_hands = check_hands("match_hands", match_hands)
    workers = _check_int("workers", workers, 0) or (os.cpu_count() or 1)
    if workers > max_workers():
        raise SimulationError(
            f"workers: {workers} is more than {WORKERS_PER_CPU} per CPU of this machine "
            f"({max_workers()} for {os.cpu_count() or 1} CPUs); 0 gives one per CPU"
        )
    if not isinstance(engine, str) or engine not in ENGINES:
        raise SimulationError(f"engine: expected one of {', '.join(ENGINES)}, got {engine!r}")
    if not isinstance(verify, (bool, np.bool_)):
        raise SimulationError(f"verify: expected True or False, got {verify!r}")
    the_rules = _resolve_rules(rules)
    the_agents = _resolve_agents(agents)
    a0, a1, a2, a3 = the_agents
    labels = (agent_name(a0), agent_name(a1), agent_name(a2), agent_name(a3))
    played_by = choose_engine(engine, the_agents)
    native = played_by == "native"
    run = _run_native_batch if native else _run_batch
    if seed is None:
        root = int.from_bytes(os.urandom(4), "little")  # fresh (OS entropy), short enough to type again
    else:
        root = _check_int("seed", seed, 0)
    n_matches = -(-hands // match_hands)
    if batch_hands is None:
        parallel = 1 if executor is None and workers == 1 else (workers if executor is None else 8)
        # Enough batches to keep every worker busy (4 each), none above the target size.
        # records on the native engine replayed by the Python one (verify): the Python
        # engine's batch sizes
        fast = native and (records is None or not verify)
        if parallel == 1:
            # in this process: small batches keep the progress display smooth
            per = _NATIVE_BATCH_HANDS if fast else _LOCAL_BATCH_HANDS
        else:
            target = _NATIVE_BATCH_HANDS if fast else _TARGET_BATCH_HANDS
            per = max(1, min(target, -(-hands // (4 * parallel))))
    else:
        per = check_hands("batch_hands", batch_hands)
    per_batch = max(1, per // match_hands)
    batches = ((b, min(b + per_batch, n_matches)) for b in range(0, n_matches, per_batch))
    n_batches = -(-n_matches // per_batch)  # a pool never has more processes than batches

    spec = _Spec(root, hands, match_hands, the_rules, the_agents, labels, record_kind(records), bool(verify))
    total = Tally()
    report = progress_of(progress, hands)
    done = 0

    sink = open_sink(records, kind="simulate", seed=root, rules=the_rules, seatings=[labels], match_hands=match_hands)
    with sink as out, report:
        def consume(result: tuple[Tally, list[Any] | None], b: tuple[int, int]) -> None:
            nonlocal done
            tally, lines = result
            total.merge(tally)
            if out is not None and lines:
                out.add_items(lines)
            done += min(b[1] * match_hands, hands) - b[0] * match_hands
            report.update(done)

        run_batches(run, spec, batches, consume, out=out, workers=workers, executor=executor, n_batches=n_batches)
    return SimulationResult.from_tally(
        total, seed=root, rules=the_rules, agents=labels, match_hands=match_hands, matches=((root, 0, n_matches),),
        engine=played_by,
    )


@contextlib.contextmanager
def dask_executor(address: str | None = None, **client_kwargs: Any) -> Iterator[Executor]:
    """A ``concurrent.futures.Executor`` running on a Dask cluster (extra ``wuhanmj[dask]``).

    Args:
        address: the scheduler, e.g. ``"tcp://host:8786"``; None starts a
            ``LocalCluster`` in this process (``client_kwargs`` go to ``Client``).

    Every Dask worker needs wuhanmj installed (same version). Yields the executor;
    the client is closed on exit.

    Raises:
        SimulationError: dask.distributed is not installed, or the scheduler cannot be reached.
    """
    try:
        from distributed import Client
    except ImportError:
        raise SimulationError('dask: not installed; pip install "wuhanmj[dask]"') from None
    try:
        client = Client(address, **client_kwargs) if address is not None else Client(**client_kwargs)
    except (OSError, TimeoutError, ValueError) as err:
        raise SimulationError(f"dask: cannot connect to the scheduler {address!r}: {err}") from None
    try:
        yield client.get_executor()
    finally:
        client.close()

