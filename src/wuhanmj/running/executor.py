"""The one batch loop of :func:`~wuhanmj.sim.simulate.simulate` and :func:`~wuhanmj.sim.arena.arena`.

:func:`run_batches` runs a batch function over a sequence of ``(first, stop)`` match
ranges, in this process, on a local process pool or on any
``concurrent.futures.Executor``, and hands each batch's result to a ``consume`` callback
in batch order, so the result does not depend on who ran the batches. At most a bounded
window of batches is in flight at once, so memory stays flat.

The local pool starts its workers with the ``forkserver`` method (``spawn`` where there
is none), never ``fork``: forking a process that runs threads (tqdm's progress monitor,
a user's own) may deadlock the child, which Python 3.12+ warns about. The fork server
preloads the batch modules once, so a pool after the first in a process starts nearly as
fast as a forked one (bench/README.md). :mod:`multiprocessing` and
:mod:`concurrent.futures` are imported by the first pool, not by this module.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from ..errors import AgentError, IllegalActionError, SimulationError

__all__ = ["WORKERS_PER_CPU", "Progress", "check_picklable", "kept", "max_workers", "progress_of",
           "run_batches", "start_method"]

WORKERS_PER_CPU = 4
"""The cap on ``workers``: at most this many processes per CPU of the machine
(:func:`max_workers`). More only add start-up time and memory (each worker is a Python
process with its own tables); a pool never has more processes than batches either."""

PRELOAD = ("__main__", "wuhanmj.running.batch", "wuhanmj.running.native", "wuhanmj.running.arena_batch")
"""The modules the fork server imports once, before it forks the workers."""

_preload_set = False


def start_method() -> str:
    """How the local pool starts its workers: ``"forkserver"`` where the platform has it,
    else ``"spawn"``; never ``"fork"`` (see the module docstring)."""
    import multiprocessing

    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def mp_context() -> Any:
    """The multiprocessing context of the local pool (:func:`start_method`). The fork
    server preloads :data:`PRELOAD` the first time."""
    import multiprocessing

    global _preload_set
    method = start_method()
    ctx = multiprocessing.get_context(method)
    if method == "forkserver" and not _preload_set:
        ctx.set_forkserver_preload(list(PRELOAD))  # takes effect when the server starts
        _preload_set = True
    return ctx


def max_workers() -> int:
    """The most local worker processes a run accepts:
    ``WORKERS_PER_CPU × os.cpu_count()`` (4 per CPU)."""
    return WORKERS_PER_CPU * (os.cpu_count() or 1)


def check_picklable(spec: object) -> None:
    """Check that a batch's ``spec`` (its agents above all) can be sent to a worker.

    Raises:
        AgentError: it cannot be pickled (a lambda or local function among the agents).
    """
    import pickle

    try:
        pickle.dumps(spec)
    except (pickle.PicklingError, AttributeError, TypeError) as err:
        raise AgentError(
            f"agents: with workers > 1 every agent must be picklable (a module-level class or "
            f"function, not a lambda or a local function): {err}"
        ) from None


def kept(out: Any, run: Callable[..., Any], *args: Any) -> Any:
    """``run(*args)``; when it stops with an agent's error that carries the whole hands
    played before it (``partial``: a tuple whose second item is their records, as every
    batch function of :mod:`wuhanmj.running` attaches), those records go to the sink ``out``
    first, so that the file ends at the last whole hand.

    Raises:
        AgentError, IllegalActionError: the batch's own, unchanged.
    """
    try:
        return run(*args)
    except (AgentError, IllegalActionError) as err:
        part = getattr(err, "partial", None)
        if out is not None and isinstance(part, tuple) and len(part) >= 2 and part[1]:
            out.add_items(part[1])
        raise


_kept_spec: Any = None


def _run_keeping(run: Callable[..., Any], spec: Any, *batch: Any) -> Any:
    """``run(spec, *batch)`` in a worker of the local pool, which keeps ``spec`` until its
    next batch arrives: the bot processes its agents hold (``cmd:`` bots, one per seat)
    then play the worker's every batch, instead of starting again at each one (a copy of
    the spec comes with every batch; the next one holds the processes before this one is
    let go). The pool's end ends them."""
    global _kept_spec
    _kept_spec = spec
    return run(spec, *batch)


def run_batches(
    run: Callable[..., Any],
    spec: Any,
    batches: Iterable[tuple[int, int]],
    consume: Callable[[Any, tuple[int, int]], None],
    *,
    out: Any = None,
    workers: int = 1,
    executor: Any = None,
    n_batches: int,
) -> None:
    """Run ``run(spec, first, stop)`` for every batch and pass each result, in batch order,
    to ``consume(result, (first, stop))``.

    Args:
        run: a module-level batch function (picklable: workers import it).
        spec: its first argument, the same for every batch (pickled to workers).
        batches: ``(first, stop)`` match ranges, in order (may be a lazy iterable).
        consume: called in this process with each result, in the order of ``batches``.
        out: the records sink, or None: an agent's error's earlier records go there (:func:`kept`).
        workers: 1 runs the batches here; more runs a local process pool of
            ``min(workers, n_batches)`` processes (``forkserver``, :func:`mp_context`).
        executor: any ``concurrent.futures.Executor`` (not shut down here); overrides ``workers``.
        n_batches: how many batches ``batches`` yields (the pool's size).

    Raises:
        AgentError: with a local pool, an agent that cannot be pickled; or a batch's.
        IllegalActionError: a batch's.
        SimulationError: a local worker process died or could not start (a script
            without the ``if __name__ == "__main__":`` guard).
    """
    if executor is None and workers == 1:
        for b in batches:
            consume(kept(out, run, spec, *b), b)
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    own = executor is None
    pool_size = min(workers, n_batches)
    if own:
        check_picklable(spec)
        ex = ProcessPoolExecutor(max_workers=max(1, pool_size), mp_context=mp_context())
    else:
        ex = executor
    try:
        # A bounded window of batches in flight, consumed in submission order.
        window = 2 * (pool_size if own else 16)
        pending: deque[tuple[Any, tuple[int, int]]] = deque()
        for b in batches:
            pending.append((ex.submit(_run_keeping, run, spec, *b) if own else ex.submit(run, spec, *b), b))
            if len(pending) >= window:
                fut, bb = pending.popleft()
                consume(kept(out, fut.result), bb)
        while pending:
            fut, bb = pending.popleft()
            consume(kept(out, fut.result), bb)
    except BrokenProcessPool:
        if not own:
            raise
        raise SimulationError(
            "workers: a worker process died or could not start; a script that calls "
            "simulate(workers=...) or arena(workers=...) needs `if __name__ == \"__main__\":` "
            f"around it, as the {start_method()} workers import the main module"
        ) from None
    finally:
        if own:
            ex.shutdown(wait=True, cancel_futures=True)


class Progress:
    """Progress reporting: nothing, a callable ``fn(done, total)``, or a tqdm ``bar``."""

    def __init__(self, fn: Callable[[int, int], Any] | None, bar: Any, total: int) -> None:
        self.fn, self.bar, self.total, self.last = fn, bar, total, 0

    def update(self, done: int) -> None:
        """Report ``done`` (of :attr:`total`) units done so far."""
        if self.fn is not None:
            self.fn(done, self.total)
        if self.bar is not None:
            self.bar.update(done - self.last)
        self.last = done

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.bar is not None:
            self.bar.close()


def progress_of(progress: bool | Callable[[int, int], Any], total: int, desc: str = "simulate") -> Progress:
    """The :class:`Progress` of a ``progress`` argument: True for a tqdm bar on stderr
    (``desc``, hands), a callable, or False/None for none.

    Raises:
        SimulationError: anything else.
    """
    if progress is True:
        from tqdm import tqdm

        return Progress(None, tqdm(total=total, unit="hand", desc=desc, smoothing=0.1), total)
    if callable(progress):
        return Progress(progress, None, total)
    if progress in (False, None):
        return Progress(None, None, total)
    raise SimulationError(f"progress: expected True, False or a callable, got {progress!r}")
