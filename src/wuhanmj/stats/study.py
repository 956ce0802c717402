"""A rule study's statistics: the same walls played under several rule sets and compared
hand by hand (:class:`StudyResult`, made by :func:`wuhanmj.sim.study.study`).

The quantities, one value a hand (their names are the planner's targets, :mod:`wuhanmj.stats.planner`):

- rates (1 when it happens in the hand, else 0; so a rate is per hand): ``win``,
  ``zimo`` (自摸: zimo, 杠上开花, 海底捞), ``fangchong`` (放冲, S3), ``draw`` (荒庄, X6),
  ``big`` (a big hu, W6) and ``big.<name>`` for each big hu (:data:`~wuhanmj.stats.outcome.BIG_HU`),
  ``yinding`` (some loser reached the 银顶, X1/X2), ``jinding`` (金顶, X1, D9),
  ``chengbao`` (one seat paid for all, 承包 L1–L3);
- means [points, or money under the fan schedule, X2]: ``transfer`` (the mean absolute
  transfer per hand: the points that change hands, ½Σ|payment| = the sum of the positive
  payments = the winner's gain, 0 for a draw; X5),
  ``dealer_edge`` (the dealer's payment, D5), ``points.<agent>`` (the agent's payment per
  seat-hand, its seats' payments summed and divided by their number).

Hand ``i`` has the same wall under every rule set (the same match seed and hand index,
:func:`~wuhanmj.running.batch.match_seeds`; :func:`wuhanmj.sim.study.study` checks it), so a
difference is taken hand by hand and its 95 % interval is clustered by match
(:func:`~wuhanmj.stats.paired.clustered_sums`): the hands of a match are not independent,
and after the first hand of a match the dealer may differ between the rule sets (D5
follows the results). Beside it, the interval two independent runs would give
(:func:`~wuhanmj.stats.paired.unpaired`), and how much narrower the pairing made it.

Everything is computed from the per-match sums of every quantity (:class:`StudySums`),
which is what merging studies and tracing a running value need: a merged study is the
matches of both, one after the other.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from .._json import nan_to_none
from ..errors import StatsError
from .figures import as_number, quantiles
from .outcome import BIG_HU, HOWS, LIABILITY, SELF_DRAWN
from .paired import Values, clustered_sums, clustered_trace, match_sums, unpaired
from .planner import METHOD, Target, plan_target
from .tally import Exact, exact

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import Rules
    from .results import SimulationResult

__all__ = ["RATES", "MEANS", "StudyResult", "StudySums", "quantity_names", "hand_values", "gain_histogram",
           "largest_loss", "payment_figures"]

RATES = ("win", "zimo", "fangchong", "draw", "big", *(f"big.{b}" for b in BIG_HU), "yinding", "jinding", "chengbao")
"""The rates of a study, in the order of its table."""

MEANS = ("transfer", "dealer_edge")
"""The means of a study besides each agent's ``points.<agent>``."""

assert len(LIABILITY) == 3  # the outcome columns' liability is 0 (none) or 1-3


def quantity_names(agents: Sequence[str]) -> tuple[str, ...]:
    """Every quantity of a study of the agents labelled ``agents`` (by seat): the rates,
    the means and ``points.<agent>`` for each distinct agent, in the table's order."""
    return (*RATES, *MEANS, *(f"points.{a}" for a in dict.fromkeys(agents)))


def _narrower(paired: Mapping[str, Any], unp: Mapping[str, Any]) -> float | None:
    """The unpaired interval's width over the paired one's; None when undefined (no
    paired width, or either interval undefined)."""
    (lo, hi), (ulo, uhi) = paired["ci95"], unp["ci95"]
    if any(math.isnan(x) for x in (lo, hi, ulo, uhi)) or hi <= lo:
        return None
    return (uhi - ulo) / (hi - lo)


def _exact(x: np.ndarray) -> Values:
    """An array of amounts as it is when whole (int64), else as exact numbers."""
    return x if x.dtype.kind in "iub" else [exact(v) for v in x.tolist()]


def _minus(b: Values, a: Values) -> Values:
    """``b − a`` element by element."""
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        return b - a
    return [y - x for x, y in zip(a, b)]


def _concat(a: Values, b: Values) -> Values:
    """``a`` then ``b``."""
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        return np.concatenate([a, b])
    return [exact(x) for x in a] + [exact(x) for x in b]


def hand_values(o: Mapping[str, np.ndarray], agents: Sequence[str]) -> tuple[dict[str, Values], dict[str, int]]:
    """Each quantity's value in each hand, from a run's outcome columns.

    Args:
        o: the columns of :func:`wuhanmj.files.outcomes.record_outcomes` (hand order).
        agents: the 4 agent labels by seat.

    Returns:
        ``(values, scale)``: quantity -> one exact value per hand, an int64 array (a rate
        0 or 1; a mean [points or money] times its ``scale``) or, for amounts that are
        not whole, a list of exact numbers; and quantity -> scale (the seats an agent
        holds for ``points.<agent>``; 1 for the others, left out).
    """
    w, how, big = o["winner"], o["how"], o["big"]
    won = w >= 0
    pays = o["payments"]
    flags: dict[str, np.ndarray] = {
        "win": won,
        "zimo": np.isin(how, [HOWS.index(h) for h in SELF_DRAWN]) & won,
        "fangchong": (how == HOWS.index("fangchong")) & won,
        "draw": ~won,
        "big": (big != 0) & won,
    }
    for i, b in enumerate(BIG_HU):
        flags[f"big.{b}"] = ((big >> i) & 1 != 0) & won
    flags["yinding"] = (o["reached"] > 0) & won
    flags["jinding"] = (o["jinding"] != 0) & won
    flags["chengbao"] = (o["liability"] != 0) & won
    values: dict[str, Values] = {q: flags[q].astype(np.int64) for q in RATES}
    values["transfer"] = _exact(np.where(pays > 0, pays, 0).sum(axis=1))
    values["dealer_edge"] = _exact(pays[np.arange(len(w)), o["dealer"]])
    scale: dict[str, int] = {}
    for a in dict.fromkeys(agents):
        seats = [s for s in range(4) if agents[s] == a]
        values[f"points.{a}"] = _exact(pays[:, seats].sum(axis=1))
        if len(seats) > 1:
            scale[f"points.{a}"] = len(seats)
    return values, scale


def gain_histogram(o: Mapping[str, np.ndarray]) -> dict[Exact, int]:
    """The winner's gain of every won hand of a run [points or money] as an exact
    histogram ``{amount: won hands}``."""
    pays = o["payments"]
    gain = np.where(pays > 0, pays, 0).sum(axis=1)[o["winner"] >= 0]
    vals, counts = np.unique(gain, return_counts=True)
    return {exact(v): int(c) for v, c in zip(vals.tolist(), counts.tolist())}


def largest_loss(o: Mapping[str, np.ndarray]) -> Exact:
    """The most one seat paid in one hand of a run [points or money]; 0 when nobody paid."""
    pays = o["payments"]
    return exact(-pays.min().item()) if pays.size and pays.min() < 0 else 0


def payment_figures(gains: Mapping[Exact, int], loss: Exact) -> dict[str, Any]:
    """The payments of a run's won hands [points or money]: ``p50``, ``p90``, ``p99`` and
    ``max`` of the winner's gain per won hand (exact type-1 quantiles,
    :func:`~wuhanmj.stats.figures.quantiles`; nan without a win), ``largest_loss`` (the
    most one seat paid in one hand, :func:`largest_loss`), and ``gains``, the histogram
    of the winner's gain (:func:`gain_histogram`), ``[[amount, won hands], ...]`` by amount."""
    hist = sorted(gains.items())
    out: dict[str, Any] = quantiles(hist)
    out["largest_loss"] = as_number(loss)
    out["gains"] = [[as_number(v), c] for v, c in hist]
    return out


@dataclass(frozen=True, eq=False)
class StudySums:
    """What a study keeps to compute, merge and trace its figures; immutable.

    Fields:
        sizes: the hands of each match, in match order (int64 array; two merged studies:
            the first one's matches, then the other's).
        sums: per rule set, quantity -> the sum of its per-hand values over each match
            (:func:`~wuhanmj.stats.paired.match_sums`: an int64 array, or exact numbers),
            kept times ``scale``. A paired difference of two rule sets over a match is
            the difference of their sums (the hands are paired within the match).
        scale: quantity -> the integer its values are kept times (1 when absent).
        gains: per rule set, the histogram of the winner's gain (:func:`gain_histogram`).
        losses: per rule set, the largest loss of a seat in a hand.
        same_dealer: per rule set after the baseline, the hands dealt by the baseline's dealer.
    """

    sizes: np.ndarray
    sums: tuple[dict[str, Values], ...]
    scale: dict[str, int]
    gains: tuple[dict[Exact, int], ...]
    losses: tuple[Exact, ...]
    same_dealer: tuple[int, ...]

    @classmethod
    def of_outcomes(cls, outcomes: Sequence[Mapping[str, np.ndarray]], agents: Sequence[str]) -> StudySums:
        """The sums of runs on the same walls, ``outcomes[j]`` the outcome columns of rule
        set ``j`` (:func:`~wuhanmj.files.outcomes.record_outcomes`)."""
        match = outcomes[0]["match"]
        sums: list[dict[str, Values]] = []
        scale: dict[str, int] = {}
        sizes = np.zeros(0, np.int64)
        for o in outcomes:
            values, scale = hand_values(o, agents)
            s, sizes = match_sums(values, match)
            sums.append(s)
        return cls(
            sizes=sizes, sums=tuple(sums), scale=scale, gains=tuple(gain_histogram(o) for o in outcomes),
            losses=tuple(largest_loss(o) for o in outcomes),
            same_dealer=tuple(int(np.sum(o["dealer"] == outcomes[0]["dealer"])) for o in outcomes[1:]),
        )

    def merge(self, other: StudySums) -> StudySums:
        """These matches, then ``other``'s (the same rule sets and quantities)."""
        gains = []
        for a, b in zip(self.gains, other.gains):
            g = dict(a)
            for v, c in b.items():
                g[v] = g.get(v, 0) + c
            gains.append(g)
        return StudySums(
            sizes=np.concatenate([self.sizes, other.sizes]),
            sums=tuple({q: _concat(a[q], b[q]) for q in a} for a, b in zip(self.sums, other.sums)),
            scale=self.scale, gains=tuple(gains), losses=tuple(max(a, b) for a, b in zip(self.losses, other.losses)),
            same_dealer=tuple(a + b for a, b in zip(self.same_dealer, other.same_dealer)),
        )

    def values(self, j: int, q: str, difference: bool = False) -> Values:
        """Rule set ``j``'s per-match sums of ``q``, or (``difference``) those of its
        paired difference from the baseline."""
        return _minus(self.sums[j][q], self.sums[0][q]) if difference else self.sums[j][q]


@dataclass(frozen=True)
class StudyResult:
    """What a rule study found; immutable. Made by :func:`wuhanmj.sim.study.study`;
    two studies of the same rule sets and agents on other seeds :meth:`merge`.

    Fields:
        labels: the rule sets' labels, the baseline first.
        rules: the :class:`~wuhanmj.rules.Rules` of each.
        results: each rule set's :class:`~wuhanmj.stats.results.SimulationResult` (its
            exact tally is the one ``simulate`` gives on the same seed).
        quantities: the quantity names (:func:`quantity_names`).
        levels: per rule set, quantity -> its mean per hand and 95 % interval clustered
            by match (:func:`~wuhanmj.stats.paired.clustered`'s dict) [a share for a rate;
            points or money for a mean].
        differences: per rule set after the baseline, quantity -> the mean and interval
            of (this rule set − the baseline), paired by hand, and beside it the
            interval the same difference would have from two independent runs
            (``unpaired_ci95``, ``unpaired_se``: :func:`~wuhanmj.stats.paired.unpaired`
            of the two levels) and ``narrower``, the unpaired width over the paired one
            (None when the paired interval has no width or either is undefined).
        payments: per rule set, :func:`payment_figures`.
        same_dealer: per rule set after the baseline, the share of hands whose dealer is
            the baseline's (1.0 for the first hand of every match; D5 may part them later).
        plans: the planner's answer for each target (:func:`~wuhanmj.stats.planner.plan_target`).
        hands, seed, agents, match_hands, engine: the run's (``seed`` the first run's;
            :attr:`seeds` every one merged).
        records: per rule set, the records file kept (``study(records=DIR)``), else None.
        sums: the per-match sums everything is computed from (:class:`StudySums`).
        targets: the targets planned.
    """

    labels: tuple[str, ...]
    rules: tuple[Rules, ...]
    results: tuple[SimulationResult, ...]
    quantities: tuple[str, ...]
    levels: tuple[dict[str, dict[str, Any]], ...]
    differences: tuple[dict[str, dict[str, Any]], ...]
    payments: tuple[dict[str, Any], ...]
    same_dealer: tuple[float, ...]
    plans: tuple[dict[str, Any], ...]
    hands: int
    seed: int
    agents: tuple[str, ...]
    match_hands: int
    engine: str
    records: tuple[str, ...] | None = None
    sums: StudySums | None = field(default=None, repr=False, compare=False)
    targets: tuple[Target, ...] = field(default=(), repr=False)

    @classmethod
    def from_outcomes(
        cls, labels: Sequence[str], results: Sequence[SimulationResult], outcomes: Sequence[Mapping[str, np.ndarray]],
        targets: Sequence[Target] = (), records: Sequence[str] | None = None,
    ) -> StudyResult:
        """The study of runs on the same walls: ``results[j]`` and its outcome columns
        ``outcomes[j]`` (:func:`~wuhanmj.files.outcomes.record_outcomes`) for rule
        set ``labels[j]``, the baseline first; ``targets`` planned from them;
        ``records`` the files kept, if any."""
        sums = StudySums.of_outcomes(outcomes, tuple(results[0].agents))
        return cls.from_sums(labels, results, sums, targets, records)

    @classmethod
    def from_sums(
        cls, labels: Sequence[str], results: Sequence[SimulationResult], sums: StudySums,
        targets: Sequence[Target] = (), records: Sequence[str] | None = None,
    ) -> StudyResult:
        """The figures of :class:`StudySums` ``sums`` of runs ``results`` (see :meth:`from_outcomes`)."""
        first = results[0]
        agents = tuple(first.agents)
        names = quantity_names(agents)
        k = sums.scale
        levels = tuple({q: clustered_sums(s[q], sums.sizes, k.get(q, 1)) for q in names} for s in sums.sums)
        diffs = []
        for j in range(1, len(sums.sums)):
            d = {}
            for q in names:
                iv = clustered_sums(sums.values(j, q, difference=True), sums.sizes, k.get(q, 1))
                u = unpaired(levels[0][q], levels[j][q])
                d[q] = {**iv, "unpaired_ci95": u["ci95"], "unpaired_se": u["se"], "narrower": _narrower(iv, u)}
            diffs.append(d)
        n = int(sums.sizes.sum())
        same = tuple(c / n if n else math.nan for c in sums.same_dealer)
        plans = tuple(plan_target(t, labels, levels, diffs) for t in targets)
        return cls(
            labels=tuple(labels), rules=tuple(r.rules for r in results), results=tuple(results), quantities=names,
            levels=levels, differences=tuple(diffs),
            payments=tuple(payment_figures(g, loss) for g, loss in zip(sums.gains, sums.losses)),
            same_dealer=same, plans=plans, hands=first.hands, seed=first.seed, agents=agents,
            match_hands=first.match_hands, engine=first.engine,
            records=None if records is None else tuple(str(r) for r in records), sums=sums, targets=tuple(targets),
        )

    @property
    def seeds(self) -> tuple[int, ...]:
        """Every root seed of the study (one, or those of the studies merged)."""
        return self.results[0].seeds

    def merge(self, *others: StudyResult) -> StudyResult:
        """This study and ``others`` together: the same rule sets and agents played on
        other seeds (or other matches), as one study of all their hands. Each rule set's
        simulation results merge (:meth:`~wuhanmj.stats.results.SimulationResult.merge`),
        the per-match sums are put one after the other (the matches of a study are its
        clusters, so the intervals are those of one run of all the matches), the
        histograms add up; the targets of this study are planned again on the whole.
        The merged study keeps no records files (``records`` None).

        Raises:
            StatsError: something that is no StudyResult, another number of rule sets,
                other rules (in order), agents or match_hands, a study without its sums
                (not made by :func:`~wuhanmj.sim.study.study`), or two studies that hold
                the same matches of one seed (named by the simulation results' merge).
        """
        out = self
        for other in others:
            out = out._merge_one(other)
        return out

    def _merge_one(self, other: StudyResult) -> StudyResult:
        if not isinstance(other, StudyResult):
            raise StatsError(f"merge: expected a StudyResult, got {type(other).__name__}")
        if other.rules != self.rules:
            raise StatsError(f"merge: studies of other rule sets ({', '.join(self.labels)} and "
                             f"{', '.join(other.labels)}) cannot be merged")
        if other.agents != self.agents:
            raise StatsError(f"merge: studies of other agents ({','.join(self.agents)} and "
                             f"{','.join(other.agents)}) cannot be merged")
        if other.match_hands != self.match_hands:
            raise StatsError(f"merge: studies of different match_hands ({self.match_hands}, {other.match_hands}) "
                             "cannot be merged")
        if self.sums is None or other.sums is None:
            raise StatsError("merge: a study without its per-match sums (made by wuhanmj.study) is needed")
        results = [a.merge(b) for a, b in zip(self.results, other.results)]
        return StudyResult.from_sums(self.labels, results, self.sums.merge(other.sums), self.targets)

    def trace(self, quantity: str, rule_set: int = 0, difference: bool = False,
              points: int = 40, start: int = 2) -> dict[str, list[float]]:
        """The running value of ``quantity`` over the matches, with its band: for about
        ``points`` numbers of matches (log-spaced from ``start``, the last one all of them), ``hands``
        so far, ``mean`` and the 95 % interval ``lo``, ``hi`` clustered by match of the
        hands so far (:func:`~wuhanmj.stats.paired.clustered_trace`; floats) [a share for
        a rate, points or money for a mean]; of rule set ``rule_set``'s level, or
        (``difference``) of its paired difference from the baseline.

        Raises:
            StatsError: an unknown quantity or rule set, a difference of the baseline,
                or a study without its sums.
        """
        if self.sums is None:
            raise StatsError("trace: a study without its per-match sums (made by wuhanmj.study) has no trace")
        if quantity not in self.quantities:
            raise StatsError(f"trace: unknown quantity {quantity!r}; expected one of {', '.join(self.quantities)}")
        if isinstance(rule_set, bool) or not isinstance(rule_set, int) or not 0 <= rule_set < len(self.labels) \
                or (difference and rule_set == 0):
            raise StatsError(f"trace: rule set {rule_set!r} is not one of 0-{len(self.labels) - 1}"
                             + (" after the baseline" if difference else ""))
        return clustered_trace(self.sums.values(rule_set, quantity, difference), self.sums.sizes,
                               self.sums.scale.get(quantity, 1), points, start)

    @property
    def rates(self) -> tuple[str, ...]:
        """The quantities that are rates (a share of the hands), in table order."""
        return tuple(q for q in self.quantities if q in RATES)

    # ------------------------------------------------------------ output
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every number: the run, per rule set its levels and
        payments (its records file when kept, and its simulation result), per rule set
        after the baseline its differences (paired, and the unpaired interval beside), and
        the plans with the planner's method; nan as None."""
        records = self.records or (None,) * len(self.labels)
        return nan_to_none({
            "hands": self.hands, "seed": self.seed, "seeds": list(self.seeds), "agents": list(self.agents),
            "match_hands": self.match_hands,
            "engine": self.engine, "baseline": self.labels[0], "quantities": list(self.quantities),
            "rates": list(self.rates),
            "rule_sets": [
                {"label": lab, "rules": r.to_dict(), "levels": lv, "payments": pay, "records": rec,
                 "simulation": res.to_dict()}
                for lab, r, lv, pay, rec, res in zip(self.labels, self.rules, self.levels, self.payments, records,
                                                     self.results)
            ],
            "differences": [
                {"rule_set": lab, "vs": self.labels[0], "same_dealer": sd, "quantities": d}
                for lab, d, sd in zip(self.labels[1:], self.differences, self.same_dealer)
            ],
            "plan": {"method": METHOD, "targets": list(self.plans)},
        })

    def to_json(self, indent: int | None = 2) -> str:
        """:meth:`to_dict` as JSON text (strict: no NaN)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False, allow_nan=False)

    def table(self) -> str:
        """A readable text table: the rule sets' rates and means side by side, then each
        rule set's paired differences from the baseline with their 95 % intervals, then the
        plans."""
        from .study_text import study_table  # the text layout has a module of its own

        return study_table(self)

