"""Means over walls with a confidence interval clustered by match, from exact sums.

The arena (:mod:`wuhanmj.sim.arena`) reduces each wall ``w`` to one number per quantity
(an agent's mean payment over the seatings, or a difference of two agents' means) and
keeps, per quantity ``Q``, exact mergeable sums in a :class:`~wuhanmj.stats.tally.Tally`:

- ``cl.<Q>``: one observation per match ``m``, ``S_m`` = the sum of the wall values of the
  match (so its moments hold G = the number of matches, ΣS_m and ΣS_m²);
- ``clx.<Q>``: one observation ``n_m · S_m`` per match (its total is Σ n_m S_m);
- ``cl.n``: one observation ``n_m`` (walls of the match) per match: Σn_m = n, Σn_m²;
- ``wall.<Q>``: one observation per wall (for the unclustered figures and the trace).

Wall values are kept as integers: the quantity times ``scale`` (an integer known from
the seatings), divided back here.

The interval: the mean is ``x̄ = ΣS_m / n``; its variance the cluster-robust (CR1)
``G/(G−1) · Σ_m (S_m − n_m x̄)² / n²``, which equals ``s²/n`` when every match is one
wall, and stays right when the hands of a match are not independent (the dealer of a
hand follows the results before it, D5). The 95 % interval is ``x̄ ± t(0.975, G−1) · se``
and the p-value that of ``t = x̄ / se`` on G − 1 degrees of freedom (:mod:`wuhanmj.stats.tdist`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Union

import numpy as np

from ..errors import StatsError
from .tally import Exact, Moments, Tally, exact, int_moments
from .tdist import t_quantile, two_sided_p

Values = Union[np.ndarray, list[Exact]]
"""Exact numbers in order: an int64 array, or a list of ints and Fractions (amounts that
are not whole)."""

__all__ = ["add_match", "clustered", "clustered_means", "clustered_sums", "clustered_trace", "match_sums", "unpaired", "iid_interval",
           "Values"]


def add_match(tally: Tally, values: Mapping[str, Sequence[Exact]]) -> None:
    """Add one match: ``values[Q]`` = the exact (integer, or Fraction) wall values of
    quantity ``Q``, in wall order."""
    n_m = None
    for q, vals in values.items():
        s = sum(vals)
        tally.observe(f"cl.{q}", s)
        tally.observe(f"clx.{q}", len(vals) * s)
        for v in vals:
            tally.observe(f"wall.{q}", v)
        n_m = len(vals)
    if n_m is not None:
        tally.observe("cl.n", n_m)


def match_sums(
    values: Mapping[str, Sequence[Exact] | np.ndarray], match: Sequence[int] | np.ndarray,
) -> tuple[dict[str, Values], np.ndarray]:
    """Per-hand values reduced to per-match sums: the sufficient statistics of
    :func:`clustered_sums` (and of any prefix of the matches, or of two runs put together).

    Args:
        values: quantity name -> one exact value per hand (an integer numpy array, or a
            sequence of ints and Fractions), the hands in the same order for every quantity.
        match: the match of each hand (same length); the hands of one match must be
            consecutive (as a run's records keep them).

    Returns:
        ``(sums, sizes)``: quantity -> the sum of each match's values in match order (an
        int64 array for an integer array, else a list of exact numbers), and the hands of
        each match (int64 array).

    Raises:
        StatsError: a quantity whose length is not the number of hands, or the hands of a
            match that are not consecutive.
    """
    ms = np.asarray(match, dtype=np.int64)
    n = int(ms.size)
    for q, v in values.items():
        if len(v) != n:
            raise StatsError(f"statistics: {q}: {len(v)} values for {n} hands")
    starts = np.flatnonzero(np.r_[True, ms[1:] != ms[:-1]]) if n else np.zeros(0, np.int64)
    seen: set[int] = set()
    for m in ms[starts].tolist():
        if m in seen:
            raise StatsError(f"statistics: the hands of match {m} are not consecutive")
        seen.add(m)
    sizes = np.diff(np.r_[starts, n]).astype(np.int64)
    bounds = list(zip(starts.tolist(), (starts + sizes).tolist()))
    sums: dict[str, Values] = {}
    for q, v in values.items():
        if isinstance(v, np.ndarray) and v.dtype.kind in "iub":
            sums[q] = np.add.reduceat(v.astype(np.int64), starts) if n else np.zeros(0, np.int64)
        else:
            exact_v = [exact(x) for x in v]
            sums[q] = [sum(exact_v[a:b]) for a, b in bounds]
    return sums, sizes


def clustered_sums(per_match: Values, sizes: np.ndarray, scale: int = 1) -> dict[str, Any]:
    """:func:`clustered` of a quantity given by its per-match sums (:func:`match_sums`):
    ``per_match[m]`` the sum of match ``m``'s values (kept times ``scale``), ``sizes[m]``
    its hands. Exact: integer arrays are summed by numpy without overflow
    (:func:`~wuhanmj.stats.tally.int_moments`), other values as ints and Fractions."""
    tally = Tally()
    tally.add_moments("cl.n", int_moments(np.asarray(sizes, dtype=np.int64)))
    if isinstance(per_match, np.ndarray) and per_match.dtype.kind in "iub":
        per = per_match.astype(np.int64)
        tally.add_moments("cl.q", int_moments(per))
        tally.add_moments("clx.q", int_moments(sizes * per))
    else:
        for s, k in zip(per_match, np.asarray(sizes).tolist()):
            tally.observe("cl.q", s)
            tally.observe("clx.q", k * s)
    return clustered(tally.moments, "q", scale)


def clustered_means(
    values: Mapping[str, Sequence[Exact] | np.ndarray], match: Sequence[int] | np.ndarray,
    scale: Mapping[str, int] | None = None,
) -> dict[str, dict[str, Any]]:
    """The mean per hand of each quantity and its 95 % interval clustered by match, from
    per-hand values (a pure function of its arguments: :func:`match_sums`, then
    :func:`clustered_sums`).

    Args:
        values: quantity name -> one exact value per hand, the hands in the same order
            for every quantity: an integer numpy array (summed by numpy, exactly), or a
            sequence of ints and Fractions; a paired comparison gives the differences of
            two runs on the same walls, hand by hand.
        match: the match of each hand (same length); the hands of one match must be
            consecutive (as a run's records keep them).
        scale: quantity name -> the integer the values are kept times (default 1): the
            mean and the interval are divided by it.

    Returns:
        quantity name -> :func:`clustered`'s dict (``mean``, ``ci95``, ``se``, ``df``,
        ``t``, ``p``, ``walls``, ``matches``) [the quantity's unit].

    Raises:
        StatsError: a quantity whose length is not the number of hands, or the hands of a
            match that are not consecutive.
    """
    sums, sizes = match_sums(values, match)
    k = scale or {}
    return {q: clustered_sums(sums[q], sizes, k.get(q, 1)) for q in values}


def unpaired(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    """The interval of ``mean(b) − mean(a)`` as if the two had been measured on
    independent samples (two runs on different seeds): from the two clustered intervals
    ``a`` and ``b`` (:func:`clustered`'s dicts), ``se = √(se_a² + se_b²)`` and Welch–
    Satterthwaite's degrees of freedom ``se⁴ / (se_a⁴/df_a + se_b⁴/df_b)``.

    Returns:
        ``{"mean", "ci95", "se", "df"}`` [the quantities' unit]; nan where either interval
        is undefined; ``df`` nan (and the interval the mean itself) when neither varies.
    """
    mean = b["mean"] - a["mean"]
    sa, sb, da, db = a["se"], b["se"], a["df"], b["df"]
    if any(math.isnan(x) for x in (mean, sa, sb)) or not (da > 0 and db > 0):
        return {"mean": mean, "ci95": [math.nan, math.nan], "se": math.nan, "df": math.nan}
    se = math.hypot(sa, sb)
    if se == 0:
        return {"mean": mean, "ci95": [mean, mean], "se": 0.0, "df": math.nan}
    df = se**4 / (sa**4 / da + sb**4 / db)
    half = t_quantile(0.975, df) * se
    return {"mean": mean, "ci95": [mean - half, mean + half], "se": se, "df": df}


def clustered(moment: Callable[[str], Moments], q: str, scale: int = 1) -> dict[str, Any]:
    """The mean of quantity ``q`` per wall and its clustered 95 % interval.

    Returns:
        ``{"mean", "ci95": [lo, hi], "se", "df", "t", "p", "walls", "matches"}`` [the
        quantity's unit: points or money per hand]; nan where undefined (fewer than two
        matches, or no variation: then the interval is the mean itself).
    """
    cl, clx, cn = moment(f"cl.{q}"), moment(f"clx.{q}"), moment("cl.n")
    g, n = cl.n, int(cn.total)
    if not g or not n:
        return {"mean": math.nan, "ci95": [math.nan, math.nan], "se": math.nan, "df": 0, "t": math.nan,
                "p": math.nan, "walls": n, "matches": g}
    mean = Fraction(cl.total) / n
    ss = Fraction(cl.total_sq) - 2 * mean * Fraction(clx.total) + mean * mean * Fraction(cn.total_sq)
    k = Fraction(1, scale)
    out: dict[str, Any] = {"mean": float(mean * k), "walls": n, "matches": g, "df": g - 1}
    if g < 2:
        out.update(ci95=[math.nan, math.nan], se=math.nan, t=math.nan, p=math.nan)
        return out
    var = Fraction(g, g - 1) * max(ss, Fraction(0)) / (n * n) * k * k
    se = math.sqrt(float(var))
    half = t_quantile(0.975, g - 1) * se
    m = out["mean"]
    t = m / se if se > 0 else (math.nan if m == 0 else math.copysign(math.inf, m))
    out.update(ci95=[m - half, m + half], se=se, t=t, p=two_sided_p(t, g - 1) if se > 0 else (1.0 if m == 0 else 0.0))
    return out


def clustered_trace(per_match: Values, sizes: np.ndarray, scale: int = 1, points: int = 40,
                    start: int = 2) -> dict[str, list[float]]:
    """The running mean of a quantity over its first matches and its 95 % band: the
    interval of :func:`clustered` (CR1, t on G − 1 degrees of freedom) of the hands of the
    first G matches, for about ``points`` values of G spaced evenly on a log scale from
    ``start`` (at least 2; all the matches when there are fewer) to all of them. Floats (for plots; the exact figures are
    :func:`clustered_sums`'), the values kept times ``scale`` divided by it.

    Args:
        per_match: the sum of each match's values (:func:`match_sums`), in match order.
        sizes: the hands of each match.
        scale: the integer the values are kept times.
        points: the most checkpoints (int >= 1).
        start: the fewest matches of a checkpoint.

    Returns:
        ``{"matches", "hands", "mean", "lo", "hi"}``: lists of the same length (empty
        with fewer than two matches).
    """
    g_all = len(sizes)
    if g_all < 2:
        return {"matches": [], "hands": [], "mean": [], "lo": [], "hi": []}
    gs = np.unique(np.rint(np.geomspace(min(max(2, start), g_all), g_all, max(1, points))).astype(np.int64))
    per = np.asarray([float(x) for x in per_match] if not isinstance(per_match, np.ndarray) else per_match,
                     dtype=np.float64)
    k = np.asarray(sizes, dtype=np.float64)
    at = gs - 1
    n = np.cumsum(k)[at]
    s1, s2 = np.cumsum(per)[at], np.cumsum(per * per)[at]
    sx, nn = np.cumsum(k * per)[at], np.cumsum(k * k)[at]
    mean = s1 / n
    ss = np.maximum(s2 - 2 * mean * sx + mean * mean * nn, 0.0)
    se = np.sqrt(gs / (gs - 1) * ss) / n
    half = np.array([_t975(int(g) - 1) for g in gs]) * se
    return {"matches": gs.tolist(), "hands": n.astype(np.int64).tolist(), "mean": (mean / scale).tolist(),
            "lo": ((mean - half) / scale).tolist(), "hi": ((mean + half) / scale).tolist()}


@functools.lru_cache(maxsize=4096)
def _t975(df: int) -> float:
    return t_quantile(0.975, df)


def iid_interval(m: Moments, scale: int | Fraction = 1) -> dict[str, Any]:
    """The t interval of the mean of observations taken as independent (``m``'s sums;
    values kept times ``scale``): ``{"mean", "ci95", "se"}``, nan with fewer than two."""
    if m.n < 2:
        return {"mean": m.mean / float(scale) if m.n else math.nan, "ci95": [math.nan, math.nan], "se": math.nan}
    k = float(scale)
    mean, se = m.mean / k, m.sem / k
    half = t_quantile(0.975, m.n - 1) * se
    return {"mean": mean, "ci95": [mean - half, mean + half], "se": se}
