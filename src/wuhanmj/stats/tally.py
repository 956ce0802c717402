"""Mergeable, exact accumulators for Monte Carlo statistics.

A :class:`Tally` keeps counts and, for each observed quantity, the number of
observations, their sum and their sum of squares. Two tallies merge by adding
these numbers, so a simulation split over any number of workers gives exactly
the same totals as one run, and memory does not grow with the number of hands.

Sums are kept exact: integral values as Python ``int`` and any other value as a
:class:`fractions.Fraction` of its binary float value, so addition is
associative and the merge order can never change a result.

>>> t = Tally()
>>> for x in (10, -4, 6):
...     t.observe("pay", x)
>>> t.count("hands", 3)
>>> m = t.moments("pay")
>>> m.n, m.total, m.mean, m.variance
(3, 12, 4.0, 52.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from numbers import Real
from typing import Any, SupportsFloat, Union

import numpy as np

from ..errors import StatsError
from .tdist import t_quantile

__all__ = ["Exact", "Moments", "Tally", "exact", "int_moments", "rate", "Z95"]

Exact = Union[int, Fraction]
"""An exact number: an ``int``, or a ``Fraction`` for non-integral values."""

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


# Real numbers are annotated SupportsFloat (mypy does not model the numbers tower, so an int
# is not a numbers.Real to it); numbers.Real is what exact() checks at run time.
def exact(x: SupportsFloat) -> Exact:
    """``x`` as an exact number: ``int`` when integral, else the ``Fraction`` of its value.

    Raises:
        StatsError: ``x`` is not a finite real number (NaN, infinity, a string, a bool).
    """
    if isinstance(x, bool) or not isinstance(x, Real):
        raise StatsError(f"statistics: expected a real number, got {x!r}")
    if isinstance(x, int):
        return x
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else x
    xf = float(x)
    if not math.isfinite(xf):
        raise StatsError(f"statistics: expected a finite number, got {x!r}")
    if xf.is_integer():
        return int(xf)
    return Fraction(xf)


def _encode(x: Exact) -> int | str:
    """JSON form of an exact number: an int, or ``"p/q"`` for a fraction."""
    return x if isinstance(x, int) else f"{x.numerator}/{x.denominator}"


def _decode(x: int | str) -> Exact:
    if isinstance(x, bool):
        raise StatsError(f"statistics: bad exact number {x!r}")
    if isinstance(x, int):
        return x
    if isinstance(x, str):
        try:
            v = Fraction(x)
        except (ValueError, ZeroDivisionError):
            raise StatsError(f"statistics: bad exact number {x!r}") from None
        return int(v) if v.denominator == 1 else v
    raise StatsError(f"statistics: bad exact number {x!r}")


@dataclass(frozen=True, slots=True)
class Moments:
    """Count, exact sum and exact sum of squares of a sample; immutable.

    Attributes:
        n: number of observations.
        total: exact sum of the observations (int or Fraction).
        total_sq: exact sum of their squares.

    ``mean``, ``variance`` (sample variance, n − 1 in the denominator), ``std``,
    ``sem`` (standard error of the mean) and ``ci95`` (Student's t on n − 1
    degrees of freedom, mean ± t · sem: 12.71 · sem for 2 observations, 1.98 · sem
    for 100, close to the normal 1.96 · sem for many) are floats computed from the
    exact sums, so they carry no cancellation error. Undefined values (mean of
    nothing, variance and interval of one observation) are ``nan``.
    """

    n: int = 0
    total: Exact = 0
    total_sq: Exact = 0

    @classmethod
    def of(cls, values: Iterable[SupportsFloat]) -> Moments:
        """The moments of ``values`` (any iterable of real numbers)."""
        n = 0
        s: Exact = 0
        s2: Exact = 0
        for v in values:
            x = exact(v)
            n += 1
            s += x
            s2 += x * x
        return cls(n, s, s2)

    def __add__(self, other: Moments) -> Moments:
        if not isinstance(other, Moments):
            return NotImplemented
        return Moments(self.n + other.n, self.total + other.total, self.total_sq + other.total_sq)

    @property
    def mean(self) -> float:
        """Arithmetic mean, or nan when empty."""
        return float(Fraction(self.total) / self.n) if self.n else math.nan

    @property
    def variance(self) -> float:
        """Sample variance (denominator n − 1), or nan with fewer than two observations."""
        if self.n < 2:
            return math.nan
        s = Fraction(self.total)
        ss = (Fraction(self.total_sq) - s * s / self.n) / (self.n - 1)
        return float(max(ss, Fraction(0)))

    @property
    def std(self) -> float:
        """Sample standard deviation."""
        v = self.variance
        return math.sqrt(v) if not math.isnan(v) else math.nan

    @property
    def sem(self) -> float:
        """Standard error of the mean, std / √n."""
        return self.std / math.sqrt(self.n) if self.n >= 2 else math.nan

    @property
    def ci95(self) -> tuple[float, float]:
        """95 % confidence interval of the mean: Student's t with n − 1 degrees of freedom
        (:func:`wuhanmj.stats.tdist.t_quantile`); ``(nan, nan)`` below two observations."""
        if self.n < 2:
            return (math.nan, math.nan)
        m, h = self.mean, _t975(self.n - 1) * self.sem
        return (m - h, m + h)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``{"n", "total", "total_sq"}`` (fractions as ``"p/q"``)."""
        return {"n": self.n, "total": _encode(self.total), "total_sq": _encode(self.total_sq)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Moments:
        """Inverse of :meth:`to_dict`. Raises StatsError on a malformed dict, or sums no
        sample can have (a negative count or sum of squares, ``total² > n · total_sq``)."""
        try:
            n = d["n"]
            total, total_sq = _decode(d["total"]), _decode(d["total_sq"])
        except (KeyError, TypeError):
            raise StatsError(f"statistics: bad moments {d!r}") from None
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise StatsError(f"statistics: bad count {n!r}")
        # sums that no sample has: a negative sum of squares, or one below total² / n
        # (Cauchy–Schwarz), or sums of no observation at all
        if total_sq < 0 or (n == 0 and (total or total_sq)) or (n and total * total > n * total_sq):
            raise StatsError(f"statistics: moments that no sample has (n {n}, total {total}, total_sq {total_sq})")
        return cls(n, total, total_sq)


class Tally:
    """A mutable accumulator of named counts and named moments; merges exactly.

    Keys are short strings (``"win.seat0"``, ``"big.qingyise"``); the number of
    keys is bounded by the kinds of events, not by the number of observations,
    so memory stays flat over any number of hands.

    Methods:
        count(key, k=1): add ``k`` (int) to the count ``key``.
        observe(key, x): add one observation ``x`` (a real number) to ``key``.
        merge(other): add every count and moment of ``other`` into this tally.
    """

    __slots__ = ("counts", "_n", "_s", "_s2")

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self._n: dict[str, int] = {}
        self._s: dict[str, Exact] = {}
        self._s2: dict[str, Exact] = {}

    def count(self, key: str, k: int = 1) -> None:
        """Add ``k`` to the count named ``key`` (created at 0)."""
        self.counts[key] = self.counts.get(key, 0) + k

    def observe(self, key: str, x: SupportsFloat) -> None:
        """Record one observation ``x`` of the quantity ``key``.

        Raises:
            StatsError: ``x`` is not a finite real number.
        """
        v = x if type(x) is int else exact(x)
        if key in self._n:
            self._n[key] += 1
            self._s[key] += v
            self._s2[key] += v * v
        else:
            self._n[key] = 1
            self._s[key] = v
            self._s2[key] = v * v

    def add_moments(self, key: str, m: Moments) -> None:
        """Add the observations summarised by ``m`` to ``key`` at once (exact, as if each
        were observed; the native engine's batches count this way). Nothing for an empty ``m``."""
        if not m.n:
            return
        if key in self._n:
            self._n[key] += m.n
            self._s[key] += m.total
            self._s2[key] += m.total_sq
        else:
            self._n[key] = m.n
            self._s[key] = m.total
            self._s2[key] = m.total_sq

    def merge(self, other: Tally) -> Tally:
        """Add ``other`` into this tally (exact); returns ``self``."""
        for k, v in other.counts.items():
            self.counts[k] = self.counts.get(k, 0) + v
        for k, n in other._n.items():
            if k in self._n:
                self._n[k] += n
                self._s[k] += other._s[k]
                self._s2[k] += other._s2[k]
            else:
                self._n[k] = n
                self._s[k] = other._s[k]
                self._s2[k] = other._s2[k]
        return self

    def get(self, key: str) -> int:
        """The count named ``key`` (0 when never counted)."""
        return self.counts.get(key, 0)

    def moments(self, key: str) -> Moments:
        """The :class:`Moments` of the quantity ``key`` (empty when never observed)."""
        if key not in self._n:
            return Moments()
        return Moments(self._n[key], self._s[key], self._s2[key])

    def moment_keys(self) -> list[str]:
        """The names of every observed quantity, sorted."""
        return sorted(self._n)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``{"counts": {...}, "moments": {key: Moments.to_dict()}}``, keys sorted."""
        return {
            "counts": {k: self.counts[k] for k in sorted(self.counts)},
            "moments": {k: self.moments(k).to_dict() for k in self.moment_keys()},
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Tally:
        """Inverse of :meth:`to_dict`. Raises StatsError on a malformed dict, a count that
        is not an integer >= 0, or moments no sample has (:meth:`Moments.from_dict`)."""
        t = cls()
        try:
            counts, moments = d["counts"], d["moments"]
            for k, v in counts.items():
                if isinstance(v, bool) or not isinstance(v, int):
                    raise StatsError(f"statistics: count {k!r} is not an integer: {v!r}")
                if v < 0:
                    raise StatsError(f"statistics: count {k!r} is negative: {v}")
                t.counts[str(k)] = v
            for k, m in moments.items():
                mm = Moments.from_dict(m)
                t._n[str(k)], t._s[str(k)], t._s2[str(k)] = mm.n, mm.total, mm.total_sq
        except (KeyError, TypeError, AttributeError):
            raise StatsError("statistics: malformed tally") from None
        return t

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tally):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable, so unhashable: mypy rejects the standard idiom

    def __repr__(self) -> str:
        return f"Tally({len(self.counts)} counts, {len(self._n)} moments)"


@lru_cache(maxsize=1024)
def _t975(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom (cached: a bisection)."""
    return t_quantile(0.975, df)


def rate(k: int, n: int) -> float:
    """``k / n``, NaN when ``n`` is 0."""
    return k / n if n else math.nan


def int_moments(x: np.ndarray) -> Moments:
    """The exact :class:`Moments` of an integer array (as :meth:`Moments.of` gives them, at
    numpy's pace): int64 sums when they cannot overflow, else Python ints."""
    n = int(x.size)
    if n == 0:
        return Moments()
    big = int(np.abs(x).max())
    if big * big * n < 2**62:
        return Moments(n, int(x.sum()), int((x * x).sum()))
    xs = x.astype(object)
    return Moments(n, int(xs.sum()), int((xs * xs).sum()))
