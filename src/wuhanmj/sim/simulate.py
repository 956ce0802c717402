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
  function returning an exact :class:`~wuhanmj.sim.stats.Tally` (and the per-hand
  records when asked). Tallies merge exactly, so the result is the same for any
  number of workers, any batch size and any ``concurrent.futures.Executor``:
  a process pool (``workers > 1``), Dask (:func:`dask_executor`), or your own.
- Two engines play the batches: the Python one (:mod:`wuhanmj.game`,
  :func:`wuhanmj.sim.batch.run_batch`) and the native one (:mod:`wuhanmj.native`,
  :func:`wuhanmj.sim.native.run_native_batch`) for any agents; they play the
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
import errno
import io
import multiprocessing
import os
import pickle
import stat
import tempfile
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import IO, Any

import numpy as np

from .. import _checks
from ..agents.base import agent_name, make_agent
from ..errors import AgentError, IllegalActionError, SimulationError, WuhanMJError
from ..rules import Rules
from .batch import BatchSpec as _Spec
from .batch import match_seeds
from .batch import run_batch as _run_batch
from .native import ENGINES, choose_engine
from .native import run_native_batch as _run_native_batch
from .results import SimulationResult
from .recordio import open_sink, record_kind
from .stats import Tally

__all__ = ["simulate", "match_seeds", "dask_executor", "DEFAULT_MATCH_HANDS", "MAX_HANDS", "check_hands",
           "check_output_path", "write_text_atomic"]

DEFAULT_MATCH_HANDS = 8
"""Hands per match by default (two turns of the dealer when it passes every hand)."""

_TARGET_BATCH_HANDS = 200
_LOCAL_BATCH_HANDS = 64
# the native engine plays ~100 times faster: larger batches keep the per-batch work of
# Python (the tally from the arrays, pickling) small beside the hands
_NATIVE_BATCH_HANDS = 4096

WORKERS_PER_CPU = 4
"""The cap on ``workers``: at most this many processes per CPU of the machine
(:func:`max_workers`). More only add start-up time and memory (each worker is a Python
process with its own tables); a pool never has more processes than batches either."""


START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
"""How the local pool starts its workers: never ``fork`` (see the module docstring)."""

_preload_set = False


def _mp_context() -> Any:
    """The multiprocessing context of the local pool (:data:`START_METHOD`). The fork
    server preloads this module (and, as by default, ``__main__``) the first time."""
    global _preload_set
    ctx = multiprocessing.get_context(START_METHOD)
    if START_METHOD == "forkserver" and not _preload_set:
        ctx.set_forkserver_preload(["__main__", __name__])  # takes effect when the server starts
        _preload_set = True
    return ctx


def max_workers() -> int:
    """The most local worker processes :func:`simulate` accepts:
    ``WORKERS_PER_CPU × os.cpu_count()`` (4 per CPU)."""
    return WORKERS_PER_CPU * (os.cpu_count() or 1)


def _check_picklable(spec: object) -> None:
    try:
        pickle.dumps(spec)
    except (pickle.PicklingError, AttributeError, TypeError) as err:
        raise AgentError(
            f"agents: with workers > 1 every agent must be picklable (a module-level class or "
            f"function, not a lambda or a local function): {err}"
        ) from None


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


def check_output_path(what: str, path: str | os.PathLike) -> Path:
    """Check, before any hand is played, that ``path`` can be written as a file.

    Args:
        what: the argument's name for the message (``"out"``, ``"records"``).
        path: the file to be written (created or replaced).

    Returns:
        the path as a :class:`~pathlib.Path`.

    Raises:
        SimulationError: ``path`` is empty or a directory, its folder does not exist,
            or the file (or its folder, for a new file) is not writable.
    """
    text = os.fspath(path)
    if not text:
        raise SimulationError(f"{what}: an empty path")
    p = Path(text)
    if p.is_dir():
        raise SimulationError(f"{what}: {text!r} is a directory; give a file name")
    folder = p.resolve().parent
    if not folder.is_dir():
        raise SimulationError(f"{what}: the folder of {text!r} does not exist")
    if not os.access(p if p.exists() else folder, os.W_OK):
        raise SimulationError(f"{what}: cannot write {text!r}: {_why_not_writable(folder)}")
    return p


def _why_not_writable(folder: Path) -> str:
    """``"read-only file system"`` when ``folder`` is on one, else ``"permission denied"``."""
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return "read-only file system"
    except (OSError, AttributeError):  # no statvfs (Windows): say what access() said
        pass
    return "permission denied"


def _umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text_atomic(what: str, path: str | os.PathLike, text: str) -> None:
    """Write ``text`` (UTF-8) to the file ``path`` atomically: into a temporary file of the
    same folder, then :func:`os.replace` over ``path``, so a failed write (a full disk, a
    folder that went away) leaves ``path`` as it was and no partial file beside it. A
    path that exists and is not a regular file (``/dev/stdout``, a FIFO) is written
    directly.

    Args:
        what: the argument's name for the message (``"out"``).
        path: the file to create or replace.
        text: the whole contents.

    Raises:
        SimulationError: the write failed (the message names the path and the reason).
    """
    name = os.fspath(path)
    p = Path(name)
    try:
        if p.exists() and not p.is_file():
            with open(p, "w", encoding="utf-8") as f:
                f.write(text)
            return
        real = p.resolve()  # a symlink's file is replaced, not the link
        mode = stat.S_IMODE(real.stat().st_mode) if real.exists() else 0o666 & ~_umask()
        fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                os.chmod(tmp, mode)  # mkstemp makes it 0600: keep the mode a plain write would give
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, real)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as err:
        reason = err.strerror or str(err)
        if err.errno == errno.EROFS:
            reason = "read-only file system"
        raise SimulationError(f"{what}: cannot write {name!r}: {reason}") from None


def _check_text_file(f: Any) -> None:
    """Check, before any hand is played, that ``f`` is a writable text file (it gets str lines)."""
    if isinstance(f, (io.RawIOBase, io.BufferedIOBase)) or not callable(getattr(f, "write", None)):
        raise SimulationError(
            f"records: expected a path or a writable text file (open(..., 'w')), got {f!r}"
        )
    try:
        f.write("")  # a binary or closed file refuses even an empty str
    except (TypeError, ValueError, OSError) as err:
        raise SimulationError(f"records: cannot write text lines to {f!r}: {err}") from None


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
            ``"random"``, ``"module:Name"``) — or one comma-separated string
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
            format of docs/RECORDS.md (:mod:`wuhanmj.sim.records`).
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
            ``"python"`` to choose. Both play the same hands with the same decisions: the result (and
            every record line) is the same; its ``engine`` says which ran. Records on
            the native engine are written from its arrays, in C
            (:func:`~wuhanmj.sim.native_records.record_items`).
        verify: on the native engine with ``records``, also replay every hand's
            decisions through the Python engine, check that it gives the native result
            and the same record, and raise SimulationError otherwise (slower: the
            Python engine's pace). Ignored without records or on the Python engine.

    Returns:
        :class:`~wuhanmj.sim.results.SimulationResult`, the same for the same seed,
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
        _check_text_file(records)
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
    played_by = choose_engine(engine)
    native = played_by == "native"
    run = _run_native_batch if native else _run_batch
    if seed is None:
        root = int(np.random.SeedSequence().generate_state(1)[0])  # fresh, short enough to type again
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
    pool_size = min(workers, -(-n_matches // per_batch))  # never more processes than batches

    spec = _Spec(root, hands, match_hands, the_rules, the_agents, labels, record_kind(records), bool(verify))
    total = Tally()
    report = _progress(progress, hands)
    done = 0

    def hands_in(b: tuple[int, int]) -> int:
        return min(b[1] * match_hands, hands) - b[0] * match_hands

    sink = open_sink(records, kind="simulate", seed=root, rules=the_rules, seatings=[labels], match_hands=match_hands)
    with sink as out, report:
        def consume(result: tuple[Tally, list[Any] | None], b: tuple[int, int]) -> None:
            nonlocal done
            tally, lines = result
            total.merge(tally)
            if out is not None and lines:
                out.add_items(lines)
            done += hands_in(b)
            report.update(done)

        if executor is None and workers == 1:
            for b in batches:
                consume(_kept(out, run, spec, *b), b)
        else:
            own = executor is None
            if own:
                _check_picklable(spec)
            if executor is None:
                ex: Executor = ProcessPoolExecutor(max_workers=pool_size, mp_context=_mp_context())
            else:
                ex = executor
            try:
                # A bounded window of batches in flight, consumed in submission order.
                window = 2 * (pool_size if own else 16)
                pending: deque[tuple[Any, tuple[int, int]]] = deque()
                for b in batches:
                    pending.append((ex.submit(run, spec, *b), b))
                    if len(pending) >= window:
                        consume(*_result(pending.popleft(), out))
                while pending:
                    consume(*_result(pending.popleft(), out))
            except BrokenProcessPool:
                if not own:
                    raise
                raise SimulationError(
                    "workers: a worker process died or could not start; a script that calls "
                    "simulate(workers=...) needs `if __name__ == \"__main__\":` around it, as the "
                    f"{START_METHOD} workers import the main module"
                ) from None
            finally:
                if own:
                    ex.shutdown(wait=True, cancel_futures=True)
    return SimulationResult.from_tally(
        total, seed=root, rules=the_rules, agents=labels, match_hands=match_hands, matches=((root, 0, n_matches),),
        engine=played_by,
    )


def _result(item: tuple[Any, tuple[int, int]], out: Any = None) -> tuple[Any, tuple[int, int]]:
    fut, b = item
    return _kept(out, fut.result), b


def _kept(out: Any, run: Callable[..., Any], *args: Any) -> Any:
    """``run(*args)``; when it stops with an agent's error that carries the whole hands
    played before it (``partial``: ``(tally, records)``, either engine's batches), their
    records go to the sink ``out`` first, so that the file ends at the last whole hand."""
    try:
        return run(*args)
    except (AgentError, IllegalActionError) as err:
        part = getattr(err, "partial", None)
        if out is not None and isinstance(part, tuple) and len(part) == 2 and part[1]:
            out.add_items(part[1])
        raise


class _Progress:
    """Progress reporting: nothing, a callable, or a tqdm bar."""

    def __init__(self, fn: Callable[[int, int], Any] | None, bar: Any, total: int) -> None:
        self.fn, self.bar, self.total, self.last = fn, bar, total, 0

    def update(self, done: int) -> None:
        if self.fn is not None:
            self.fn(done, self.total)
        if self.bar is not None:
            self.bar.update(done - self.last)
        self.last = done

    def __enter__(self) -> _Progress:
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.bar is not None:
            self.bar.close()


def _progress(progress: bool | Callable[[int, int], Any], total: int) -> _Progress:
    if progress is True:
        from tqdm import tqdm

        return _Progress(None, tqdm(total=total, unit="hand", desc="simulate", smoothing=0.1), total)
    if callable(progress):
        return _Progress(progress, None, total)
    if progress in (False, None):
        return _Progress(None, None, total)
    raise SimulationError(f"progress: expected True, False or a callable, got {progress!r}")


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

