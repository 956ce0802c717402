"""The native engine in a simulation: which engine plays
(:func:`choose_engine`), the batch function the workers run (:func:`run_native_batch`),
the tally of a batch from its arrays (:func:`tally_arrays`) and its records
(:func:`replay_records`).

A native batch plays its matches in C (:func:`wuhanmj.native.batch.run_matches`: the same
match seeds, walls, dealer rotation D5, 连癞 M2 and bot decisions as the Python engine)
and returns one row of numpy arrays per hand. From them:

- the tally is counted without a Python object per hand: vectorised counts, and exact
  moments — integer sums of int64 arrays when every payment is a whole number (the
  presets), the per-value :class:`~fractions.Fraction` sums of
  :class:`~wuhanmj.stats.tally.Moments` otherwise — so it equals, key for key and type for
  type, the tally :func:`~wuhanmj.stats.outcome.tally_outcome` builds hand by hand;
- the records, only when asked (:func:`native_records`): written in C from the arrays and
  the decision log (:func:`wuhanmj.files.native_records.record_items`, the Python engine's
  records byte for byte); with ``verify`` each hand's decisions are also replayed through
  the Python :class:`~wuhanmj.game.Game` (:func:`replay_records`), checked against the
  native arrays and the lines compared: any difference (a refused decision, another
  winner, other payments, another line, …) is a :class:`~wuhanmj.errors.SimulationError`.
"""

from __future__ import annotations

import copy
import functools
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import _checks
from ..agents.base import RandomAgent
from ..errors import AgentError, IllegalActionError, SimulationError
from ..files.recordio import BINARY
from ..stats.outcome import BIG_HU, HOWS, LIABILITY, SELF_DRAWN, TRACE_BINS, HandOutcome, amount_key, outcome_of
from ..stats.tally import Moments, Tally, int_moments
from .batch import BatchSpec, match_seeds, record_item

if TYPE_CHECKING:
    from ..game.engine import Game
    from ..game.match import Match

__all__ = [
    "ENGINES", "native_kinds", "native_available", "choose_engine", "run_native_batch",
    "tally_arrays", "int_moments", "native_records", "replay_records",
]

ENGINES = ("auto", "native", "python")
"""The ``engine`` argument of :func:`~wuhanmj.sim.simulate.simulate`."""

def _builtin(agent: Any) -> Any:
    """``"random"`` for exactly a RandomAgent, ``"greedy"`` for exactly a GreedyAgent (whose
    module is loaded once there is one: it is not imported here), else ``agent``."""
    kind = type(agent)
    if kind is RandomAgent:
        return "random"
    greedy = sys.modules.get("wuhanmj.agents.greedy")
    if greedy is not None and kind is greedy.GreedyAgent:
        return "greedy"
    return agent


def native_kinds(agents: Sequence[Any]) -> tuple[Any, Any, Any, Any]:
    """What the native engine seats for four agents: ``"random"``/``"greedy"`` for a
    built-in bot (exactly a RandomAgent or GreedyAgent: a subclass may play otherwise, so
    it is played as the Python agent it is), the agent itself otherwise (a registered
    :class:`~wuhanmj.native.agents.NativeAgent`, played in C, or any Python agent, called at
    its own decisions). One RandomAgent object at several seats is one generator shared by
    them (as the Python engine plays it): it is seated as the Python agent it is, not as a
    native random bot per seat.

    Raises:
        AgentError: not four agents.
    """
    agents = _checks.four(agents, "agents", AgentError)
    ids = [id(x) for x in agents]
    a, b, c, d = (_SharedRandom(x) if type(x) is RandomAgent and ids.count(id(x)) > 1 else _builtin(x)
                  for x in agents)
    return (a, b, c, d)


class _SharedRandom:
    """One RandomAgent object seated at several seats, as a Python agent (the native engine
    seats a bare RandomAgent as its native random bot, one generator per seat): its reset
    and act are the shared agent's."""

    __slots__ = ("agent",)
    observes = False
    legal_codes = True

    def __init__(self, agent: RandomAgent) -> None:
        self.agent = agent

    def reset(self, seed: int | None = None) -> None:
        self.agent.reset(seed)

    def act(self, observation: Any, legal_actions: Any) -> Any:
        return self.agent.act(observation, legal_actions)


@functools.lru_cache(maxsize=1)
def native_available() -> bool:
    """True when this build has the native engine (:mod:`wuhanmj.native.batch` imports)."""
    try:
        from ..native import batch  # noqa: F401
    except ImportError:  # pragma: no cover - a build without the extension
        return False
    return True


def choose_engine(engine: Any, agents: Sequence[Any] = ()) -> str:
    """The engine that plays: ``"native"`` or ``"python"`` (simulate and the arena ask here).

    ``"auto"``: the native engine whenever it is built, whatever the agents (the built-in
    bots and registered native agents play in C, any other agent is called at its own
    decisions with the same observations, seeds and errors as on the Python engine),
    except for an agent that follows the hand's events (``observe_events``: a bot of the
    line protocol, :class:`~wuhanmj.agents.process.ProcessAgent`), which only the Python
    engine's loop tells them (:class:`~wuhanmj.game.loop.EventFeed`);
    ``"python"``: always the Python engine; ``"native"``: the native one or an error.

    Args:
        engine: ``"auto"``, ``"native"`` or ``"python"``.
        agents: the agents that will play (objects).

    Raises:
        SimulationError: an unknown ``engine``; ``"native"`` without the native engine, or
            with an agent that follows the events.
    """
    if not isinstance(engine, str) or engine not in ENGINES:
        raise SimulationError(f"engine: expected one of {', '.join(ENGINES)}, got {engine!r}")
    if engine == "python":
        return "python"
    follows = [a for a in agents if callable(getattr(a, "observe_events", None))]
    if engine == "auto":
        return "native" if native_available() and not follows else "python"
    if not native_available():
        raise SimulationError(
            "engine native: this build of wuhanmj has no native engine "
            "(wuhanmj.native); use engine='python' or 'auto'"
        )
    if follows:
        raise SimulationError(
            f"engine native: agent {getattr(follows[0], 'name', follows[0])!r} follows the hand's events, which "
            "only the Python engine tells its agents; use engine='python' or 'auto'"
        )
    return "native"


def run_native_batch(spec: BatchSpec, first_match: int, stop_match: int) -> tuple[Tally, list[Any] | None]:
    """:func:`wuhanmj.running.batch.run_batch` on the native engine: the same tally and the
    same records (JSON lines or binary rows) for matches ``first_match`` … ``stop_match - 1``,
    with the same agents (copies of them, as run_batch plays copies).

    Raises:
        AgentError, IllegalActionError: an agent failed (as run_batch's, naming the seat and
            the agent); the exception's ``partial`` is ``(tally, records)`` of the whole
            hands played before it (records None unless ``spec.records``).
    """
    from ..native.batch import run_matches

    kinds = native_kinds(spec.agents)
    # Own copies of the agents that are objects: as run_batch, batches may run at once in
    # threads of one process, and an agent's state is the batch's.
    seated = copy.deepcopy(kinds) if any(not isinstance(k, str) for k in kinds) else kinds
    try:
        arrays = run_matches(spec.rules, seated, spec.seed, first_match, stop_match, spec.match_hands,
                             spec.hands, bool(spec.records), labels=spec.labels)
    except (AgentError, IllegalActionError) as err:
        part = getattr(err, "partial", None)
        if isinstance(part, dict):
            done = _finish(spec, part) if len(part["hand"]) else (Tally(), [] if spec.records else None)
            setattr(err, "partial", done)  # noqa: B010 - an attribute the exception classes do not declare
        raise
    return _finish(spec, arrays)


def _finish(spec: BatchSpec, arrays: dict[str, np.ndarray]) -> tuple[Tally, list[Any] | None]:
    tally = tally_arrays(arrays, spec.labels, (spec.hands, spec.match_hands))
    return tally, (native_records(spec, arrays) if spec.records else None)


# ---------------------------------------------------------------- the tally from the arrays
def tally_arrays(
    a: dict[str, np.ndarray], labels: Sequence[str], trace: tuple[int, int] | None = None
) -> Tally:
    """The :class:`Tally` of the hands of a native batch: the same keys and exact values as
    :func:`~wuhanmj.stats.outcome.tally_outcome` gives hand by hand (X5, X6, L, S3).

    ``trace``: ``(hands, match_hands)`` of the whole run, for the trace bins of
    :func:`~wuhanmj.stats.outcome.trace_bin`; None for no trace.
    """
    t = Tally()
    w = a["winner"].astype(np.int64)
    n = int(w.size)
    win = w >= 0
    n_win = int(win.sum())
    counts: dict[str, int] = {"hands": n, "draws": n - n_win}
    by_seat = np.bincount(w[win], minlength=4)
    for s in range(4):
        counts[f"win.seat{s}"] = int(by_seat[s])
        key = f"win.agent:{labels[s]}"
        counts[key] = counts.get(key, 0) + int(by_seat[s])
    counts["dealer_win"] = int((win & (w == a["dealer"])).sum())
    big = a["big"].astype(np.int64)[win]
    counts["big"] = int((big != 0).sum())
    counts["small"] = n_win - counts["big"]
    for i, name in enumerate(BIG_HU):
        counts[f"big.{name}"] = int(((big >> i) & 1).sum())
    counts["hard"] = int((a["hard"][win] != 0).sum())
    counts["soft"] = n_win - counts["hard"]
    hows = np.bincount(a["how"][win].astype(np.int64), minlength=len(HOWS))
    for i, how in enumerate(HOWS):
        counts[f"how.{how}"] = int(hows[i])
    reached = a["reached"][win].astype(np.int64)
    counts["yinding"] = int((reached > 0).sum())
    counts["yinding_losers"] = int(reached.sum())
    counts["jinding"] = int((a["jinding"][win] != 0).sum())
    rules = np.bincount(a["liable_rule"][win].astype(np.int64), minlength=len(LIABILITY) + 1)
    for i, case in enumerate(LIABILITY):
        counts[f"liability.{case}"] = int(rules[i + 1])
    for key, k in counts.items():
        if k:  # tally_outcome counts a key only when it happens
            t.count(key, k)

    pay = a["payments"]
    agents = {lab: [s for s in range(4) if labels[s] == lab] for lab in dict.fromkeys(labels)}
    whole = bool(np.all(pay == np.rint(pay))) and bool(np.all(np.abs(pay) < 2**53))
    if whole:
        p = pay.astype(np.int64)
        for s in range(4):
            t.add_moments(f"pay.seat{s}", int_moments(p[:, s]))
        for lab, seats in agents.items():
            t.add_moments(f"pay.agent:{lab}", int_moments(p[:, seats].ravel()))
            t.add_moments(f"pay.agent_hand:{lab}", int_moments(p[:, seats].sum(axis=1)))
    else:  # amounts that are not whole (money schedules, X2): exact per value, as observe() does
        rows = pay.tolist()
        for s in range(4):
            t.add_moments(f"pay.seat{s}", Moments.of(r[s] for r in rows))
        for lab, seats in agents.items():
            t.add_moments(f"pay.agent:{lab}", Moments.of(r[s] for r in rows for s in seats))
            t.add_moments(f"pay.agent_hand:{lab}", Moments.of(Moments.of(r[s] for s in seats).total for r in rows))
    t.add_moments("length", int_moments(a["length"].astype(np.int64)))
    t.add_moments("decisions", int_moments(a["decisions"].astype(np.int64)))
    _tally_figures(t, a, labels, win, whole, agents, trace)
    return t


def _count_values(t: Tally, prefix: str, values: np.ndarray, text: Any = str) -> None:
    """Count ``prefix=<value>`` for each distinct value of ``values`` (in order of value)."""
    if values.size == 0:
        return
    vals, ks = _distinct(values)
    for v, k in zip(vals.tolist(), ks.tolist()):
        t.count(f"{prefix}={text(v)}", int(k))


def _distinct(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct values of a 1-d array in increasing order and how often each occurs:
    ``np.unique(values, return_counts=True)`` without its import of ``numpy.ma``."""
    s = np.sort(values.ravel())
    first = np.empty(s.shape, dtype=bool)
    if s.size:
        first[0] = True
        np.not_equal(s[1:], s[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    return s[starts], np.diff(np.append(starts, s.size))


def distinct_values(values: np.ndarray) -> np.ndarray:
    """``np.unique(values)`` of a 1-d array (increasing), without importing ``numpy.ma``."""
    return _distinct(values)[0]


def _tally_figures(
    t: Tally,
    a: dict[str, np.ndarray],
    labels: Sequence[str],
    win: np.ndarray,
    whole: bool,
    agents: dict[str, list[int]],
    trace: tuple[int, int] | None,
) -> None:
    """The per-seat and per-agent figures (``_tally_win`` and the histograms
    and trace of :func:`~wuhanmj.stats.outcome.tally_outcome`), from the arrays."""
    w = a["winner"].astype(np.int64)
    lab = np.array(list(labels), dtype=object)
    how = a["how"].astype(np.int64)
    fan = a["winner_fan"].astype(np.int64)
    self_drawn = np.isin(how, [HOWS.index(h) for h in SELF_DRAWN]) & win
    seat_of = {
        "zimo": np.where(self_drawn, w, -1),
        "dealin": np.where(win, a["discarder"].astype(np.int64), -1),
        "liable": np.where(win, a["liable"].astype(np.int64), -1),
        "big": np.where(win & (a["big"] != 0), w, -1),
        "yinding": np.where(win & (a["reached"] > 0), w, -1),
        "jinding": np.where(win & (a["jinding"] != 0), w, -1),
    }
    for s in range(4):
        ws = win & (w == s)
        t.add_moments(f"fan.seat{s}", int_moments(fan[ws]))
    for name in agents:
        seats = agents[name]
        wa = win & np.isin(w, seats)
        t.add_moments(f"fan.agent:{name}", int_moments(fan[wa]))
        _count_values(t, f"fanhist.agent:{name}", fan[wa])
        hows = np.bincount(how[wa], minlength=len(HOWS))
        for i, h in enumerate(HOWS):
            if hows[i]:
                t.count(f"how.agent:{name}.{h}", int(hows[i]))
    for key, seat in seat_of.items():
        by_seat = np.bincount(seat[seat >= 0], minlength=4)
        for s in range(4):
            if by_seat[s]:
                t.count(f"{key}.seat{s}", int(by_seat[s]))
                t.count(f"{key}.agent:{lab[s]}", int(by_seat[s]))
    pay = a["payments"]
    if whole:
        p: Any = pay.astype(np.int64)
        text: Any = str
    else:
        p = pay
        text = amount_key
    for s in range(4):
        _count_values(t, f"payhist.seat{s}", p[:, s], text)
    for name, seats in agents.items():
        _count_values(t, f"payhist.agent:{name}", p[:, seats].ravel(), text)
    if trace is None:
        return
    hands, match_hands = trace
    matches = -(-hands // match_hands)
    bins = a["match"].astype(np.int64) * TRACE_BINS // max(1, matches)
    for b in distinct_values(bins).tolist():
        rows = bins == b
        for s in range(4):
            col = p[rows, s]
            t.add_moments(f"trace.seat{s}#{b:02d}", int_moments(col) if whole else Moments.of(col.tolist()))
        for name, seats in agents.items():
            if whole:
                t.add_moments(f"trace.agent_hand:{name}#{b:02d}", int_moments(p[rows][:, seats].sum(axis=1)))
            else:
                t.add_moments(
                    f"trace.agent_hand:{name}#{b:02d}",
                    Moments.of(Moments.of(r[s] for s in seats).total for r in p[rows].tolist()),
                )


# ---------------------------------------------------------------- records
def native_records(spec: BatchSpec, a: dict[str, np.ndarray]) -> list[Any]:
    """The records of a native batch (``run_matches(..., record=True)``) in hand order:
    binary hands, or JSON lines in blocks of whole lines, as ``spec.records`` asks; written
    from the arrays (:func:`~wuhanmj.files.native_records.record_items`), by
    :func:`replay_records` for a rule set with a fractional amount; with ``spec.verify``
    both, compared line by line.

    Raises:
        SimulationError: with ``spec.verify``, a hand whose replay differs from the native
            arrays or whose record differs from the replay's (the message names the hand).
    """
    binary = spec.records == BINARY
    from ..files.native_records import record_items

    items = record_items(spec.rules, a, spec.records, seed=spec.seed, agents=spec.labels, blocks=not binary)
    if spec.verify:
        blocks = not binary and bool(items) and not isinstance(items[0], str)
        lines = b"".join(items).decode("utf-8").split("\n")[:-1] if blocks else items
        for i, (mine, theirs) in enumerate(zip(lines, replay_records(spec, a))):
            if mine != theirs:
                at = next((k for k, (x, y) in enumerate(zip(mine, theirs)) if x != y), min(len(mine), len(theirs)))
                raise SimulationError(
                    f"native engine: hand {int(a['hand'][i])} (match {int(a['match'][i])}): its record differs "
                    f"from the Python engine's replay at offset {at}"
                )
    return items


# ---------------------------------------------------------------- records by replay
def _facts(game: Game, o: HandOutcome) -> dict[str, Any]:
    """What the Python engine says of a replayed hand, in the arrays' terms."""
    res = game.result
    assert res is not None
    won = o.winner is not None
    return {
        "dealer": game.dealer,
        "prev_laizi": -1 if game.prev_laizi is None else game.prev_laizi,
        "indicator": game.indicator,
        "laizi": game.laizi,
        "winner": -1 if o.winner is None else o.winner,
        "how": -1 if o.how is None else HOWS.index(o.how),
        "win_tile": -1 if res.win_tile is None else res.win_tile,
        "discarder": -1 if res.discarder is None else res.discarder,
        "big": sum(1 << BIG_HU.index(b) for b in o.big),
        "hard": int(o.hard) if won else 0,
        "payments": [float(x) for x in o.payments],
        "scores": [float(x) for x in game.scores],
        "liable_rule": 0 if o.liability is None else 1 + list(LIABILITY).index(o.liability),
        "reached": o.reached,
        "jinding": int(o.jinding),
        "length": o.length,
        "decisions": o.decisions,
    }


def _check_replay(a: dict[str, np.ndarray], i: int, game: Game, o: HandOutcome) -> None:
    mine = _facts(game, o)
    diff = []
    for key, value in mine.items():
        native = a[key][i].tolist()
        if native != value:
            diff.append(f"{key} {native} (native) != {value} (python)")
    if diff:
        raise SimulationError(
            f"native engine: hand {int(a['hand'][i])} (match {int(a['match'][i])}): the Python engine's "
            f"replay of its decisions differs: {'; '.join(diff)}"
        )


def replay_records(spec: BatchSpec, a: dict[str, np.ndarray]) -> list[Any]:
    """The record lines of a native batch (``run_matches(..., record=True)``): each hand
    replayed through the Python :class:`~wuhanmj.game.match.Match` from its decisions,
    checked against the arrays, and written by :func:`~wuhanmj.running.batch.record_item`.

    Raises:
        SimulationError: a decision the Python engine refuses or asks of another seat, a
            hand that does not end, or a result other than the native one.
    """
    from ..game.match import Match

    lines: list[Any] = []
    off = a["log_offsets"].tolist()
    seats = a["log_seat"].tolist()
    codes = a["log_code"].tolist()
    matches = a["match"].tolist()
    in_match = a["hand_in_match"].tolist()
    match: Match | None = None
    current = -1
    for i in range(len(matches)):
        m, h = matches[i], in_match[i]
        if m != current or match is None:
            match = Match(spec.rules, seed=match_seeds(spec.seed, m)[0], dealer=m % 4)
            current = m
        game = match.new_game()
        lo, hi = off[i], off[i + 1]
        for j in range(lo, hi):
            seat = seats[j]
            where = f"native engine: hand {m * spec.match_hands + h} (match {m}), decision {j - lo}"
            if game.current_player != seat:
                raise SimulationError(f"{where}: seat {seat} acted, the Python engine asks seat {game.current_player}")
            try:
                game.step(seat, codes[j])
            except IllegalActionError as err:
                raise SimulationError(f"{where}: the Python engine refuses it: {err}") from None
        if not game.over:
            raise SimulationError(f"native engine: hand {m * spec.match_hands + h} (match {m}): "
                                  "the Python engine's replay does not end where the native hand ended")
        outcome = outcome_of(game, hi - lo)
        _check_replay(a, i, game, outcome)
        lines.append(record_item(spec, m, h, game, outcome))
        match.finish_hand()
    return lines
