"""Student's t distribution with the standard library only (no scipy): the CDF through
the regularized incomplete beta function (continued fraction, Lentz's method; Numerical
Recipes §6.4), its quantile by bisection, and a two-sided p-value.

Used by the arena for paired intervals and tests (:mod:`wuhanmj.stats.paired`).

>>> round(t_quantile(0.975, 10), 6), round(t_quantile(0.975, 1), 4)
(2.228139, 12.7062)
>>> round(t_cdf(2.228138851986274, 10), 9)
0.975
>>> round(two_sided_p(0.0, 5), 12), round(two_sided_p(2.570581835636314, 5), 6)
(1.0, 0.05)
"""

from __future__ import annotations

import math

__all__ = ["t_cdf", "t_quantile", "two_sided_p", "betainc"]


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny, eps = 1e-300, 3e-16
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < eps:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), 0 <= x <= 1, a, b > 0."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lbt = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(lbt) * _betacf(a, b, x) / a
    return 1.0 - math.exp(lbt) * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` > 0 degrees of freedom."""
    if math.isnan(t) or not df > 0:
        return math.nan
    if math.isinf(t):
        return 1.0 if t > 0 else 0.0
    tail = 0.5 * betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile (0 < p < 1) of Student's t with ``df`` > 0 degrees of freedom
    (bisection on :func:`t_cdf` to double precision); nan for df <= 0."""
    if not df > 0 or not 0.0 < p < 1.0:
        return math.nan
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2.0
        if hi > 1e300:
            return math.inf
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-15 * hi:
            break
    return 0.5 * (lo + hi)


def two_sided_p(t: float, df: float) -> float:
    """The two-sided p-value of a t statistic: P(|T| >= |t|) with ``df`` degrees of freedom."""
    if math.isnan(t) or not df > 0:
        return math.nan
    return min(1.0, 2.0 * (1.0 - t_cdf(abs(t), df))) if abs(t) < 1 else min(
        1.0, betainc(df / 2.0, 0.5, df / (df + t * t)))
