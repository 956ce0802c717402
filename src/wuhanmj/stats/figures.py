"""Figures per seat and per agent that :func:`~wuhanmj.stats.outcome.tally_outcome` makes
possible beyond the win rate and the mean payment: self-draw, deal-in (放冲, S3), big-hu,
银顶/金顶 and liability (承包) rates, the mean winning fan and exact payment quantiles.

Every figure is read from a tally's counts and moments, so it is exact, the same for any
number of workers, and survives :meth:`SimulationResult.merge` and a JSON round trip.
A *unit* is a seat (``"seat0"``) or an agent (``"agent:greedy"``); rates are per
*seat-hand* of the unit (the hands times the seats it holds).

Quantiles are those of the exact empirical distribution, the lower inverse of its CDF:
``q(p)`` is the smallest amount ``v`` with ``P(X <= v) >= p`` (Hyndman–Fan type 1).

>>> h = [(-8, 3), (0, 5), (24, 2)]
>>> quantile(h, 0.5), quantile(h, 0.8), quantile(h, 0.81), quantile(h, 1.0)
(0, 0, 24, 24)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .labels import short_labels
from .tally import Exact, Moments, rate

if TYPE_CHECKING:  # pragma: no cover
    from .results import SimulationResult

__all__ = [
    "QUANTILES", "check_histograms", "histogram", "quantile", "quantiles", "unit_figures", "seat_figures",
    "agent_figures", "extra_rows", "summary_lines", "as_number",
]

QUANTILES = (0.5, 0.9, 0.99)
"""The payment quantiles reported (p50, p90, p99), with the maximum."""


def as_number(x: Exact | float) -> int | float:
    """An exact number as JSON likes it: ``int`` when whole, else ``float``."""
    if isinstance(x, int):
        return x
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    return x


_HIST_VALUE = re.compile(r"-?[0-9]{1,30}(/[0-9]{1,30})?")
"""The text of a histogram value: an int, or a fraction ``p/q`` (:func:`amount_key`), of a
sane length (no payment or fan of a hand has 30 digits)."""


def check_histograms(r: SimulationResult, need: Callable[[bool, str], None]) -> None:
    """The exact histograms (``payhist.seat<i>=<amount>``, ``payhist.agent:<label>=<amount>``,
    ``fanhist.agent:<label>=<fan>``) name a seat 0-3 or an agent of the result and a value
    written as an int or ``p/q``; a seat's payment histogram, when complete (one count a
    hand), sums to that seat's payment total and squares. ``need(ok, what)`` raises
    the caller's error naming ``what`` when ``ok`` is false."""
    seats = {f"payhist.seat{s}": s for s in range(4)}
    agents = set(r.agents)
    hist: dict[int, list[tuple[Fraction, int]]] = {s: [] for s in range(4)}
    for key, v in r.counts:
        if not key.startswith(("payhist.", "fanhist.")):
            continue
        prefix, eq, value = key.rpartition("=")
        need(bool(eq) and _HIST_VALUE.fullmatch(value) is not None,
             f"histogram count {key[:80]!r}: the value is not an int or p/q")
        who = prefix.partition(".")[2]
        need(prefix in seats or (who.startswith("agent:") and who[len("agent:"):] in agents),
             f"histogram count {key[:80]!r} names no seat 0-3 or agent of the result")
        need("/" not in value or value.partition("/")[2].strip("0") != "", f"histogram count {key[:80]!r}: a zero denominator")
        if prefix in seats:
            hist[seats[prefix]].append((Fraction(value), v))
    for s, h in hist.items():
        k = sum(c for _, c in h)
        need(k <= r.hands, f"the payment histogram of seat {s} counts {k} seat-hands, more than the {r.hands} hands")
        if h and k == r.hands:
            m = r.moment(f"pay.seat{s}")
            need(sum(c * v for v, c in h) == m.total and sum(c * v * v for v, c in h) == m.total_sq,
                 f"the payment histogram of seat {s} does not sum to its payments")


def histogram(counts: Iterable[tuple[str, int]], prefix: str) -> list[tuple[Exact, int]]:
    """The exact histogram kept as counts ``<prefix>=<value>``: ``[(value, count), ...]``
    sorted by value (values are ints, or fractions written ``p/q``)."""
    out: list[tuple[Exact, int]] = []
    head = prefix + "="
    for k, c in counts:
        if k.startswith(head):
            v = Fraction(k[len(head):])
            out.append((int(v) if v.denominator == 1 else v, c))
    out.sort(key=lambda vc: vc[0])
    return out


def quantile(hist: list[tuple[Exact, int]], p: float) -> Exact | float:
    """The ``p`` quantile (0 < p <= 1) of a sorted histogram: the smallest value whose
    cumulative share reaches ``p`` (type 1); nan for an empty histogram."""
    n = sum(c for _, c in hist)
    if not n:
        return math.nan
    # p as the decimal it was written as (0.9 is 9/10, not the binary 0.9000000000000000222),
    # so that the boundaries are exact: p90 of 10 values is the 9th
    need = (Fraction(repr(p)) if isinstance(p, float) else Fraction(p)) * n
    cum = 0
    for v, c in hist:
        cum += c
        if cum >= need:
            return v
    return hist[-1][0]


def quantiles(hist: list[tuple[Exact, int]]) -> dict[str, int | float]:
    """``{"p50", "p90", "p99", "max"}`` of a histogram (nan when empty)."""
    out = {f"p{round(100 * p)}": as_number(quantile(hist, p)) for p in QUANTILES}
    out["max"] = as_number(hist[-1][0]) if hist else math.nan
    return out


def unit_figures(
    counts: Mapping[str, int], moment: Callable[[str], Moments], unit: str, seat_hands: int
) -> dict[str, Any]:
    """The figures of one unit (``"seat0"``, ``"agent:greedy"``) held for ``seat_hands`` seat-hands.

    Returns:
        ``self_draw_rate`` (wins by 自摸, 杠上开花 or 海底捞), ``deal_in_rate`` (hands won
        on its discard or robbed 蓄杠, S3), ``big_hu_rate``, ``yinding_rate`` and
        ``jinding_rate`` (its wins where some / all losers reached the cap, X1/X2),
        ``liability_rate`` (hands it paid for all, L1–L4), all per seat-hand;
        ``mean_fan`` (its winner fan F_winner, S5, over its wins) and
        ``payment_quantiles`` (p50/p90/p99/max of its payment per seat-hand [points or money]).
    """
    def r(name: str) -> float:
        return rate(counts.get(f"{name}.{unit}", 0), seat_hands)

    return {
        "self_draw_rate": r("zimo"),
        "deal_in_rate": r("dealin"),
        "big_hu_rate": r("big"),
        "yinding_rate": r("yinding"),
        "jinding_rate": r("jinding"),
        "liability_rate": r("liable"),
        "mean_fan": moment(f"fan.{unit}").mean,
        "payment_quantiles": quantiles(histogram(counts.items(), f"payhist.{unit}")),
    }


def seat_figures(r: SimulationResult, seat: int) -> dict[str, Any]:
    """:func:`unit_figures` of seat ``seat`` of a simulation result."""
    return unit_figures(dict(r.counts), r.moment, f"seat{seat}", r.hands)


def agent_figures(r: SimulationResult, agent: str) -> dict[str, Any]:
    """:func:`unit_figures` of the agent labelled ``agent`` (all the seats it holds)."""
    return unit_figures(dict(r.counts), r.moment, f"agent:{agent}", r.hands * r.agents.count(agent))


_RATE_NAMES = ("self_draw_rate", "deal_in_rate", "big_hu_rate", "yinding_rate", "jinding_rate", "liability_rate")


def extra_rows(r: SimulationResult) -> list[tuple[str, str, float | int | str]]:
    """The figures of :func:`unit_figures` as CSV rows ``(metric, key, value)``, per seat
    and per agent (metric ``payment_p50`` … ``payment_max`` for the quantiles)."""
    rows: list[tuple[str, str, float | int | str]] = []
    units = [(f"seat{s}", seat_figures(r, s)) for s in range(4)]
    units += [(f"agent:{a}", agent_figures(r, a)) for a in dict.fromkeys(r.agents)]
    for key, f in units:
        rows += [(name, key, f[name]) for name in _RATE_NAMES]
        rows.append(("mean_fan", key, f["mean_fan"]))
        rows += [(f"payment_{q}", key, v) for q, v in f["payment_quantiles"].items()]
    return rows


def _pct(x: float) -> str:
    return "    -" if math.isnan(x) else f"{100 * x:5.1f}"


def _amt(x: float) -> str:
    if isinstance(x, float) and math.isnan(x):
        return "-"
    return f"{x:+g}" if x else "0"


def summary_lines(r: SimulationResult) -> list[str]:
    """The lines of the summary's per-seat and per-agent table of these figures."""
    lines = ["", "              自摸 %  放冲 %  mean fan   payment p50     p90     p99     max"]

    def row(name: str, f: dict[str, Any]) -> None:
        q = f["payment_quantiles"]
        fan = "-" if math.isnan(f["mean_fan"]) else f"{f['mean_fan']:.2f}"
        lines.append(
            f"{name[:12]:<12}  {_pct(f['self_draw_rate'])}   {_pct(f['deal_in_rate'])}  {fan:>8}"
            f"  {_amt(q['p50']):>10} {_amt(q['p90']):>7} {_amt(q['p99']):>7} {_amt(q['max']):>7}"
        )

    for s in range(4):
        row(f"seat {s}", seat_figures(r, s))
    if len(set(r.agents)) > 1:
        short = short_labels(r.agents)
        for a in dict.fromkeys(r.agents):
            row(short[a], agent_figures(r, a))
    lines.append("(自摸: self-drawn wins, 放冲: hands won on its tile, per seat-hand; fan: the winner's)")
    return lines
