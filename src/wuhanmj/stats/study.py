"""A rule study's statistics: the same walls played under several rule sets and compared
hand by hand (:class:`StudyResult`, made by :func:`wuhanmj.sim.study.study`).

The quantities, one value a hand (their names are the planner's targets, :mod:`wuhanmj.stats.planner`):

- rates (1 when it happens in the hand, else 0; so a rate is per hand): ``win``,
  ``zimo`` (自摸: zimo, 杠上开花, 海底捞), ``fangchong`` (放冲, S3), ``draw`` (荒庄, X6),
  ``big`` (a big hu, W6) and ``big.<name>`` for each big hu (:data:`~wuhanmj.stats.outcome.BIG_HU`),
  ``yinding`` (some loser reached the 银顶, X1/X2), ``jinding`` (金顶, X1, D9),
  ``chengbao`` (one seat paid for all, 承包 L1–L3);
- means [points, or money under the fan schedule, X2]: ``mean_points`` (the points that
  change hands: the winner's gain, the sum of the positive payments, 0 for a draw; X5),
  ``dealer_edge`` (the dealer's payment, D5), ``points.<agent>`` (the agent's payment per
  seat-hand, its seats' payments summed and divided by their number).

Hand ``i`` has the same wall under every rule set (the same match seed and hand index,
:func:`~wuhanmj.running.batch.match_seeds`; :func:`wuhanmj.sim.study.study` checks it), so a
difference is taken hand by hand and its 95 % interval is clustered by match
(:func:`~wuhanmj.stats.paired.clustered_means`): the hands of a match are not independent,
and after the first hand of a match the dealer may differ between the rule sets (D5
follows the results).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union

import numpy as np

from .._json import nan_to_none
from .figures import as_number, quantiles
from .outcome import BIG_HU, HOWS, LIABILITY, SELF_DRAWN
from .paired import clustered_means
from .planner import METHOD, Target, plan_target
from .tally import Exact, exact

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import Rules
    from .results import SimulationResult

__all__ = ["RATES", "MEANS", "StudyResult", "quantity_names", "hand_values", "payment_figures"]

RATES = ("win", "zimo", "fangchong", "draw", "big", *(f"big.{b}" for b in BIG_HU), "yinding", "jinding", "chengbao")
"""The rates of a study, in the order of its table."""

MEANS = ("mean_points", "dealer_edge")
"""The means of a study besides each agent's ``points.<agent>``."""

assert len(LIABILITY) == 3  # the outcome columns' liability is 0 (none) or 1-3


def quantity_names(agents: Sequence[str]) -> tuple[str, ...]:
    """Every quantity of a study of the agents labelled ``agents`` (by seat): the rates,
    the means and ``points.<agent>`` for each distinct agent, in the table's order."""
    return (*RATES, *MEANS, *(f"points.{a}" for a in dict.fromkeys(agents)))


Values = Union[np.ndarray, list[Exact]]
"""One value a hand: an int64 array, or exact numbers (amounts that are not whole)."""


def _exact(x: np.ndarray) -> Values:
    """An array of amounts as it is when whole (int64), else as exact numbers."""
    return x if x.dtype.kind in "iub" else [exact(v) for v in x.tolist()]


def _minus(b: Values, a: Values) -> Values:
    """``b − a`` hand by hand."""
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        return b - a
    return [y - x for x, y in zip(a, b)]


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
    values["mean_points"] = _exact(np.where(pays > 0, pays, 0).sum(axis=1))
    values["dealer_edge"] = _exact(pays[np.arange(len(w)), o["dealer"]])
    scale: dict[str, int] = {}
    for a in dict.fromkeys(agents):
        seats = [s for s in range(4) if agents[s] == a]
        values[f"points.{a}"] = _exact(pays[:, seats].sum(axis=1))
        if len(seats) > 1:
            scale[f"points.{a}"] = len(seats)
    return values, scale


def _histogram(x: np.ndarray) -> list[tuple[Exact, int]]:
    """The sorted exact histogram ``[(value, count)]`` of an array's values."""
    vals, counts = np.unique(x, return_counts=True)
    return [(exact(v), int(c)) for v, c in zip(vals.tolist(), counts.tolist())]


def payment_figures(o: Mapping[str, np.ndarray]) -> dict[str, Any]:
    """The payments of a run's won hands [points or money]: ``p50``, ``p90``, ``p99`` and
    ``max`` of the winner's gain per won hand (exact type-1 quantiles,
    :func:`~wuhanmj.stats.figures.quantiles`; nan without a win), ``largest_loss``, the
    most one seat paid in one hand (0 when nobody paid), and ``gains``, the histogram of
    the winner's gain, ``[[amount, won hands], ...]`` by amount."""
    pays = o["payments"]
    won = o["winner"] >= 0
    gain = np.where(pays > 0, pays, 0).sum(axis=1)[won]
    hist = _histogram(gain)
    out: dict[str, Any] = quantiles(hist)
    out["largest_loss"] = as_number(exact(-pays.min().item())) if pays.size and pays.min() < 0 else 0
    out["gains"] = [[as_number(v), c] for v, c in hist]
    return out


@dataclass(frozen=True)
class StudyResult:
    """What a rule study found; immutable. Made by :func:`wuhanmj.sim.study.study`.

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
            of (this rule set − the baseline), paired by hand.
        payments: per rule set, :func:`payment_figures`.
        same_dealer: per rule set after the baseline, the share of hands whose dealer is
            the baseline's (1.0 for the first hand of every match; D5 may part them later).
        plans: the planner's answer for each target (:func:`~wuhanmj.stats.planner.plan_target`).
        hands, seed, agents, match_hands, engine: the run's.
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

    @classmethod
    def from_outcomes(
        cls, labels: Sequence[str], results: Sequence[SimulationResult], outcomes: Sequence[Mapping[str, np.ndarray]],
        targets: Sequence[Target] = (),
    ) -> StudyResult:
        """The study of runs on the same walls: ``results[j]`` and its outcome columns
        ``outcomes[j]`` (:func:`~wuhanmj.files.outcomes.record_outcomes`) for rule
        set ``labels[j]``, the baseline first; ``targets`` planned from them."""
        first = results[0]
        agents = tuple(first.agents)
        names = quantity_names(agents)
        match = outcomes[0]["match"]
        per = [hand_values(o, agents) for o in outcomes]
        scale = per[0][1]
        levels = tuple(clustered_means(v, match, scale) for v, _ in per)
        base = per[0][0]
        diffs = []
        for v, _ in per[1:]:
            d = {q: _minus(v[q], base[q]) for q in names}
            diffs.append(clustered_means(d, match, scale))
        same = tuple(float(np.mean(o["dealer"] == outcomes[0]["dealer"])) if len(match) else math.nan
                     for o in outcomes[1:])
        plans = tuple(plan_target(t, labels, levels, diffs) for t in targets)
        return cls(
            labels=tuple(labels), rules=tuple(r.rules for r in results), results=tuple(results), quantities=names,
            levels=levels, differences=tuple(diffs), payments=tuple(payment_figures(o) for o in outcomes),
            same_dealer=same, plans=plans, hands=first.hands, seed=first.seed, agents=agents,
            match_hands=first.match_hands, engine=first.engine,
        )

    @property
    def rates(self) -> tuple[str, ...]:
        """The quantities that are rates (a share of the hands), in table order."""
        return tuple(q for q in self.quantities if q in RATES)

    # ------------------------------------------------------------ output
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every number: the run, per rule set its levels and
        payments (and its simulation result), per rule set after the baseline its
        differences, and the plans with the planner's method; nan as None."""
        return nan_to_none({
            "hands": self.hands, "seed": self.seed, "agents": list(self.agents), "match_hands": self.match_hands,
            "engine": self.engine, "baseline": self.labels[0], "quantities": list(self.quantities),
            "rates": list(self.rates),
            "rule_sets": [
                {"label": lab, "rules": r.to_dict(), "levels": lv, "payments": pay, "simulation": res.to_dict()}
                for lab, r, lv, pay, res in zip(self.labels, self.rules, self.levels, self.payments, self.results)
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

