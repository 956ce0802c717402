"""A control-variate estimate of an arena challenger's difference: the luck of the deal
taken out of the paired difference, unbiased by construction.

The arena's paired difference of a challenger is the mean over walls of ``D_w``, its
mean payment minus the baseline's over the seatings of wall ``w``
(:mod:`wuhanmj.stats.paired`). Every seating deals the same wall, and the challenger sits
in every seat of it, so the luck of a seat cancels in ``D_w`` already; what is left is
how the challenger's edge varies with the deal. The covariates ``X_w`` describe the deal
(:data:`COVARIATES`: each deal position's starting shanten and 癞子, summed or the least,
:func:`covariates_of` of :func:`wuhanmj.native.deal.deal_luck`): functions of the wall
alone, which no agent's play changes, and the same function for every wall (they do not
depend on who deals).

The estimator, with the matches split in two folds by parity (``m % 2``)::

    θ̂ = (1/n) Σ_f Σ_{w in fold f} [D_w − β_{1−f}ᵀ (X_w − μ̂)]

- ``μ̂``: the mean of ``X`` over :data:`REFERENCE_WALLS` × walls *reference walls*,
  shuffled from seeds no game uses (``SeedSequence(seed, spawn_key=(m, 3))`` for match
  ``m``), never played;
- ``β_g``: the coefficients of ``D`` on ``X`` fitted on the matches of fold ``g`` alone
  (the cluster-level least squares: each match's sums of ``D`` and ``X`` about their
  fold means, so the fit is the one that minimises the clustered variance).

Why it is unbiased, whatever the agents: ``E[D̄] = θ`` is the plain estimator's mean, and
each correction term ``β_{1−f}ᵀ(X̄_f − μ̂)`` has mean 0, because its three parts are
independent — ``β_{1−f}`` is a function of the other fold's matches, ``X̄_f`` of this
fold's walls, ``μ̂`` of the reference walls, all dealt from independent seeds — and
``E[X̄_f] = E[μ̂] = E[X]``: every wall is a uniform shuffle and ``X`` a function of the
wall alone. The fold sizes are fixed by the design, not by the play. (With ``β`` fitted
on all the data, or ``μ`` replaced by the sample mean of ``X`` over the same walls, this
would not hold: the first leaves a bias of order 1/n, the second makes the correction 0.)

Its variance, given the ``β``: the cluster-robust (CR1) variance of the corrected match
sums ``S_m(D) − β_fᵀ(S_m(X) − n_m μ̂)`` over all G matches, plus ``bᵀ Cov(μ̂) b`` for the
reference mean (``b`` the fold-weighted coefficients); the 95 % interval is t on G − 1
degrees of freedom, as the plain one. Compared with the plain paired interval it is
narrower by the share of the between-wall variance of ``D`` that ``X`` explains, less the
reference walls' own noise (1/:data:`REFERENCE_WALLS` of what they remove).

Every figure comes from exact, mergeable sums kept in the arena's tally
(:func:`add_controls`, :func:`add_reference`): per fold, the sums of the products of the
per-match vector ``(1, n_m, S_m(X), S_m(D))``, and the products of ``(1, X)`` over the
reference walls.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from .paired import clustered
from .tally import Exact, Moments, Tally, exact, int_moments
from .tdist import t_quantile

__all__ = ["COVARIATES", "REFERENCE_WALLS", "covariates_of", "add_controls", "add_reference", "control_variate"]

COVARIATES = ("shanten_sum", "shanten_min", "shanten_dealer", "laizi_sum")
"""The covariates of a wall: the four deal positions' starting shanten summed, the least
of them, the dealer's (position 0), and the 癞子 dealt (:func:`wuhanmj.native.deal.deal_luck`)."""

REFERENCE_WALLS = 4
"""Reference walls (shuffled, never played) per wall of the arena, for the covariates' mean."""

_K = len(COVARIATES)


def covariates_of(shanten: np.ndarray, laizi: np.ndarray) -> np.ndarray:
    """The :data:`COVARIATES` of walls from their deal positions' starting shanten and
    癞子 (``(n, 4)`` integer arrays, position 0 the dealer): an ``(n, 4)`` int64 array."""
    sh = np.asarray(shanten, dtype=np.int64)
    return np.stack([sh.sum(axis=1), sh.min(axis=1), sh[:, 0], np.asarray(laizi, dtype=np.int64).sum(axis=1)],
                    axis=1)


def _add_products(tally: Tally, key: str, a: np.ndarray | Sequence[Exact], b: np.ndarray | Sequence[Exact]) -> None:
    """Add the products ``a[i] * b[i]`` as observations of ``key`` (exact)."""
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.dtype.kind in "iu" and b.dtype.kind in "iu":
        if a.size:
            big = int(np.abs(a).max()) * int(np.abs(b).max())
            prod = a * b if big < 2**62 else a.astype(object) * b.astype(object)
            tally.add_moments(key, int_moments(prod) if prod.dtype != object else Moments.of(prod.tolist()))
        return
    for x, y in zip(a, b):
        tally.observe(key, exact(x) * exact(y))


def add_controls(tally: Tally, matches: Sequence[int], sizes: np.ndarray, x_sums: np.ndarray,
                 d_sums: Mapping[str, np.ndarray | Sequence[Exact]]) -> None:
    """Add the control-variate sums of some matches to an arena's tally.

    Args:
        matches: the match indices (their parity is their fold).
        sizes: the walls of each match (int array).
        x_sums: ``(matches, K)`` int: each match's sums of the covariates over its walls.
        d_sums: challenger label -> each match's sum of its scaled wall differences
            (the arena's ``diff:<label>`` wall values; int64 array or exact numbers).
    """
    ms = np.asarray(matches, dtype=np.int64)
    n = np.asarray(sizes, dtype=np.int64)
    xs = np.asarray(x_sums, dtype=np.int64).reshape(len(ms), _K)
    for f in (0, 1):
        sel = np.flatnonzero(ms % 2 == f)
        if not sel.size:
            continue
        u = [np.ones(sel.size, np.int64), n[sel], *(xs[sel, i] for i in range(_K))]
        for a in range(len(u)):
            for b in range(a, len(u)):
                _add_products(tally, f"cv{f}.u{a}.{b}", u[a], u[b])
        for lab, d in d_sums.items():
            dv: np.ndarray | list[Exact] = d[sel] if isinstance(d, np.ndarray) else [d[i] for i in sel.tolist()]
            for a in range(len(u)):
                _add_products(tally, f"cv{f}.d:{lab}.{a}", dv, u[a])
            _add_products(tally, f"cv{f}.d:{lab}.d", dv, dv)


def add_reference(tally: Tally, x: np.ndarray) -> None:
    """Add reference walls' covariates (``(walls, K)`` int) to an arena's tally: the sums
    of the products of ``(1, X)``."""
    xs = np.asarray(x, dtype=np.int64).reshape(-1, _K)
    r = [np.ones(len(xs), np.int64), *(xs[:, i] for i in range(_K))]
    for a in range(len(r)):
        for b in range(a, len(r)):
            _add_products(tally, f"cvref.{a}.{b}", r[a], r[b])


def _nan(plain: Mapping[str, Any], reference: int) -> dict[str, Any]:
    return {"mean": math.nan, "ci95": [math.nan, math.nan], "se": math.nan, "df": 0, "plain_se": plain["se"],
            "narrower": None, "beta": [math.nan] * _K, "covariates": list(COVARIATES), "reference_walls": reference}


def control_variate(moment: Callable[[str], Moments], label: str, scale: int = 1) -> dict[str, Any]:
    """The control-variate estimate of challenger ``label``'s difference (see the module
    docstring) from an arena's tally.

    Args:
        moment: the tally's moments by key.
        label: the challenger.
        scale: the integer its wall differences are kept times.

    Returns:
        ``{"mean", "ci95", "se", "df"}`` [points or money per hand] as the plain paired
        interval gives them; ``plain_se`` (that interval's), ``narrower`` (the plain
        width over this one's; None when undefined), ``beta`` (the fold-weighted
        coefficients, per hand per unit of each covariate), ``covariates`` (their names)
        and ``reference_walls``; nan (and ``narrower`` None) when a fold has fewer than
        K + 2 matches, the covariates do not vary, or the tally has no control sums (an
        arena run without them).
    """
    plain = clustered(moment, f"diff:{label}", scale)
    p = _K + 2  # the per-match vector u = (1, n, X...), then D
    ref = [[Fraction(moment(f"cvref.{min(a, b)}.{max(a, b)}").total) for b in range(_K + 1)] for a in range(_K + 1)]
    m_ref = int(ref[0][0])
    cs = []
    for f in (0, 1):
        c = [[Fraction(0)] * (p + 1) for _ in range(p + 1)]
        for a in range(p):
            for b in range(a, p):
                c[a][b] = c[b][a] = Fraction(moment(f"cv{f}.u{a}.{b}").total)
            c[a][p] = c[p][a] = Fraction(moment(f"cv{f}.d:{label}.{a}").total)
        c[p][p] = Fraction(moment(f"cv{f}.d:{label}.d").total)
        cs.append(c)
    groups = [int(c[0][0]) for c in cs]
    walls = [c[0][1] for c in cs]
    if min(groups) < _K + 2 or m_ref < 2:
        return _nan(plain, m_ref)
    mu = [ref[0][1 + i] / m_ref for i in range(_K)]
    betas = []
    for g in (0, 1):
        c, n = cs[g], walls[g]
        bar = [c[0][a] / n for a in range(p + 1)]  # a >= 2: the fold's mean per wall

        def centred(a: int, b: int) -> Fraction:
            return c[a][b] - bar[b] * c[1][a] - bar[a] * c[1][b] + bar[a] * bar[b] * c[1][1]

        vxx = np.array([[float(centred(2 + i, 2 + j)) for j in range(_K)] for i in range(_K)])
        vxd = np.array([float(centred(2 + i, p)) for i in range(_K)])
        if not np.all(np.isfinite(vxx)) or np.allclose(vxx, 0):
            return _nan(plain, m_ref)
        betas.append([Fraction(float(x)) for x in np.linalg.lstsq(vxx, vxd, rcond=None)[0]])
    n_all = walls[0] + walls[1]
    use = [betas[1], betas[0]]  # fold f corrected with the coefficients of the other fold
    total = sum((cs[f][0][p] - sum((use[f][i] * (cs[f][0][2 + i] - walls[f] * mu[i]) for i in range(_K)),
                                   Fraction(0)) for f in (0, 1)), Fraction(0))
    theta = total / n_all  # scaled units
    ss = Fraction(0)
    for f in (0, 1):
        w = [Fraction(0), sum((use[f][i] * mu[i] for i in range(_K)), Fraction(0)) - theta,
             *(-use[f][i] for i in range(_K)), Fraction(1)]
        ss += sum((w[a] * w[b] * cs[f][a][b] for a in range(p + 1) for b in range(p + 1)), Fraction(0))
    g_all = groups[0] + groups[1]
    var = Fraction(g_all, g_all - 1) * max(ss, Fraction(0)) / (n_all * n_all)
    coef = [(walls[0] * use[0][i] + walls[1] * use[1][i]) / n_all for i in range(_K)]
    cov = [[(ref[1 + i][1 + j] - m_ref * mu[i] * mu[j]) / (m_ref - 1) for j in range(_K)] for i in range(_K)]
    var += sum((coef[i] * coef[j] * cov[i][j] for i in range(_K) for j in range(_K)), Fraction(0)) / m_ref
    se = math.sqrt(float(var)) / scale
    mean = float(theta) / scale
    half = t_quantile(0.975, g_all - 1) * se
    ratio = plain["se"] / se if se > 0 and not math.isnan(plain["se"]) else None
    return {"mean": mean, "ci95": [mean - half, mean + half], "se": se, "df": g_all - 1, "plain_se": plain["se"],
            "narrower": ratio, "beta": [float(x) / scale for x in coef], "covariates": list(COVARIATES),
            "reference_walls": m_ref}
