"""The HTML page of a rule study (``wuhanmj study --report``): one self-contained file (no
network, no scripts) with the study's table and four plots drawn with matplotlib as inline
SVG (extra ``wuhanmj[report]``), on the pieces of :mod:`wuhanmj.files.report`:

1. ``convergence``: every rate and mean of every rule set as it ran, its running value
   over the hands (log scale when they span a decade) with its 95 % band clustered by match
   (:meth:`~wuhanmj.stats.study.StudyResult.trace`) [% of hands; points or money]; a study
   of one match has none (its panels say so);
2. ``differences``: each rule set's paired difference from the baseline with its 95 %
   interval, beside the interval two independent runs would give (rates in percentage
   points, means in points or money);
3. ``gains``: the distributions of the winner's gain per won hand under each rule set,
   overlaid, a share of the won hands per amount bin on a log scale [points or money]
   (a note when no hand was won);
4. ``caps``: the 银顶 and 金顶 rates of each rule set (X1, X2, D9).
"""

from __future__ import annotations

import html
import math
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ReportError
from .report import COLORS, REPORT_CSS, bin_label, check_matplotlib, new_figure, pay_bin, plot_caps, svg_of

if TYPE_CHECKING:  # pragma: no cover
    from ..stats.study import StudyResult

__all__ = ["STUDY_PLOTS", "study_report_html", "write_study_report"]

STUDY_PLOTS = ("convergence", "differences", "gains", "caps")
"""The plots of a study's page, in order (each an ``<svg>`` in a ``<figure id="plot-NAME">``)."""

_COLUMNS = 5
_FIRST_MATCHES = 10
"""The running values start at this many matches (the first interval on 9 degrees of freedom)."""
_LEGEND_ROW = 0.25
"""Inches a legend's row takes above the panels."""
_CONV_LEGEND_COLUMNS = 6
_DIFF_LEGEND_COLUMNS = 5
_CSS = "figure.wide{grid-column:1/-1}pre{white-space:pre-wrap;font-size:12px;line-height:1.35}"


def _unit(r: StudyResult) -> str:
    schedules = {x.schedule for x in r.rules}
    return "points" if schedules == {"points"} else "money" if schedules == {"fan"} else "points or money"


def _plot_convergence(r: StudyResult) -> str:
    """One small panel a quantity: each rule set's running value and its band (the line
    of quantity ``q``, rule set ``j`` has the SVG id ``trace-q-j``). The values start at
    :data:`_FIRST_MATCHES` matches, or at 2 in a study of no more matches; a study of one
    match has no running interval, and its panels say so."""
    rates = set(r.rates)
    qs = list(r.quantities)
    rows = math.ceil(len(qs) / _COLUMNS)
    matches = 0 if r.sums is None else len(r.sums.sizes)
    start = _FIRST_MATCHES if matches > _FIRST_MATCHES else 2
    fig, axes = _grid(rows, 2.0, legend_rows=math.ceil(len(r.labels) / _CONV_LEGEND_COLUMNS))
    for i, q in enumerate(qs):
        ax = axes[i // _COLUMNS][i % _COLUMNS]
        k = 100.0 if q in rates else 1.0
        span = 0.0
        for j, label in enumerate(r.labels):
            t = r.trace(q, j, start=start)
            if not t["hands"]:
                continue
            span = t["hands"][-1] / t["hands"][0]
            color = COLORS[j % len(COLORS)]
            mean, lo, hi = ([k * x for x in t[key]] for key in ("mean", "lo", "hi"))
            if len(mean) == 1:  # two matches: one value, its interval as an error bar
                ax.errorbar(t["hands"], mean, yerr=[[mean[0] - lo[0]], [hi[0] - mean[0]]], color=color, fmt="o",
                            markersize=4, capsize=3, label=label if i == 0 else None, gid=f"trace-{q}-{j}")
                continue
            ax.fill_between(t["hands"], lo, hi, color=color, alpha=0.15, linewidth=0)
            # thinner a line each rule set: equal running values show both colours
            ax.plot(t["hands"], mean, color=color, linewidth=max(0.8, 2.4 - 0.7 * j),
                    label=label if i == 0 else None, gid=f"trace-{q}-{j}")
        if span >= 10:
            ax.set_xscale("log")
            _light_ticks(ax, log_x=True)
        elif span:  # less than a decade: a log axis would have no tick
            _light_ticks(ax)
        else:
            ax.text(0.5, 0.5, "one match:\nno running interval", transform=ax.transAxes, ha="center",
                    va="center", fontsize=8, color="#666", gid=f"no-trace-{q}")
            ax.set_xticks([])
            ax.set_yticks([])
        ax.set_title(f"{q} ({'% of hands' if q in rates else _unit(r) + ' a hand'})", fontsize=8.5,
                     gid=f"title-convergence-{q}")
    for i in range(len(qs), rows * _COLUMNS):
        axes[i // _COLUMNS][i % _COLUMNS].set_axis_off()
    fig.supxlabel("hands played" + (" (log scale)" if matches >= 10 * start else ""), fontsize=9, y=0.005)
    if matches >= 2:
        fig.legend(loc="upper center", ncols=min(len(r.labels), _CONV_LEGEND_COLUMNS), fontsize=8.5,
                   frameon=False)
    return svg_of(fig)


def _grid(rows: int, height: float, hspace: float = 0.5, legend_rows: int = 1) -> tuple[Any, Any]:
    """A figure of ``rows`` × :data:`_COLUMNS` small panels ``height`` inches high, under a
    legend of ``legend_rows`` rows, laid out by hand (constrained layout over dozens of
    axes takes seconds)."""
    head = 0.5 + _LEGEND_ROW * (legend_rows - 1)  # inches above the panels
    total = 0.75 + _LEGEND_ROW * (legend_rows - 1) + height * rows
    fig = new_figure(13.0, total)
    fig.set_layout_engine(None)
    fig.subplots_adjust(left=0.045, right=0.99, bottom=0.4 / total, top=1 - head / total, wspace=0.28,
                        hspace=hspace)
    return fig, fig.subplots(rows, _COLUMNS, squeeze=False)


def _light_ticks(ax: Any, log_x: bool = False) -> None:
    """Few ticks, no minor ones: small panels read better, and draw much faster."""
    from matplotlib.ticker import LogLocator, MaxNLocator, NullLocator

    if log_x:
        ax.xaxis.set_major_locator(LogLocator(numticks=5))
    else:
        ax.xaxis.set_major_locator(MaxNLocator(4))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.yaxis.set_major_locator(MaxNLocator(4))
    ax.tick_params(labelsize=7)
    ax.grid(True, which="major", alpha=0.3)


def _plot_differences(r: StudyResult) -> str:
    """One small panel a quantity: each rule set's paired difference from the baseline (a
    thick bar and its mean) and the unpaired interval beside it (thin), on the panel's own
    scale (pp for a rate)."""
    rates = set(r.rates)
    qs = list(r.quantities)
    rows = math.ceil(len(qs) / _COLUMNS)
    n_sets = len(r.differences)
    fig, axes = _grid(rows, 0.75 + 0.3 * n_sets, hspace=0.8,
                      legend_rows=math.ceil((n_sets + 2) / _DIFF_LEGEND_COLUMNS))
    for i, q in enumerate(qs):
        ax = axes[i // _COLUMNS][i % _COLUMNS]
        k = 100.0 if q in rates else 1.0
        for j, d in enumerate(r.differences):
            iv, color = d[q], COLORS[(j + 1) % len(COLORS)]
            (lo, hi), (ulo, uhi) = iv["ci95"], iv["unpaired_ci95"]
            if not (math.isnan(ulo) or math.isnan(uhi)):
                ax.plot([k * ulo, k * uhi], [j + 0.25] * 2, color=color, alpha=0.5, linewidth=1.2)
            if not (math.isnan(lo) or math.isnan(hi)):
                ax.plot([k * lo, k * hi], [j, j], color=color, linewidth=4, solid_capstyle="butt")
            if not math.isnan(iv["mean"]):
                ax.plot([k * iv["mean"]], [j], "o", color="#222", markersize=2.6)
        ax.axvline(0.0, color="#888", linewidth=0.8)
        ax.set_ylim(n_sets - 0.4, -0.6)
        _light_ticks(ax)
        ax.set_yticks([])
        ax.set_title(f"{q} ({'pp' if q in rates else _unit(r)})", fontsize=8.5, gid=f"title-differences-{q}")
    for i in range(len(qs), rows * _COLUMNS):
        axes[i // _COLUMNS][i % _COLUMNS].set_axis_off()
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], color=COLORS[(j + 1) % len(COLORS)], linewidth=4,
                      label=f"{r.labels[j + 1]} − {r.labels[0]}, paired by hand") for j in range(n_sets)]
    handles.append(Line2D([], [], color="#777", alpha=0.6, linewidth=1.2,
                          label="the same, unpaired (two independent runs; thin, below)"))
    handles.append(Line2D([], [], color="#222", marker="o", markersize=3, linewidth=0, label="mean"))
    fig.legend(handles=handles, loc="upper center", ncols=min(n_sets + 2, _DIFF_LEGEND_COLUMNS), fontsize=8.5,
               frameon=False)
    return svg_of(fig)


def _plot_gains(r: StudyResult) -> str:
    """The winner's gain per won hand of every rule set, overlaid as steps over the bins of
    :func:`~wuhanmj.files.report.pay_bin` (payments are base × powers of two, X1)."""
    fig = new_figure()
    ax = fig.add_subplot()
    shares = []
    for p in r.payments:
        n = sum(c for _, c in p["gains"])
        b: dict[int, float] = {}
        for v, c in p["gains"]:
            k = pay_bin(float(v))
            b[k] = b.get(k, 0.0) + c / n
        shares.append(b)
    ks = sorted({k for b in shares for k in b})
    if ks:
        ks = list(range(ks[0], ks[-1] + 1))
    if not ks:  # not one hand won under any rule set
        ax.text(0.5, 0.5, "no hand was won", transform=ax.transAxes, ha="center", va="center", color="#666",
                gid="no-win")
        ax.set_xticks([])
        ax.set_yticks([])
    for i, (label, b) in enumerate(zip(r.labels, shares)):
        ys = [b.get(k, 0.0) for k in ks]
        ax.step(range(len(ks)), ys, where="mid", color=COLORS[i % len(COLORS)], label=label, linewidth=1.6)
        ax.fill_between(range(len(ks)), ys, step="mid", color=COLORS[i % len(COLORS)], alpha=0.12)
    if ks:
        ax.set_yscale("log")
    ax.set_xticks(range(len(ks)), [bin_label(k) for k in ks], fontsize=7, rotation=60)
    ax.set_xlabel(f"winner's gain per won hand [{_unit(r)}]: bins up to 2^k (log scale)")
    ax.set_ylabel("share of won hands (log)")
    ax.set_title("Distribution of the winner's gain, by rule set (the same walls)", fontsize=11)
    ax.grid(True, axis="y", which="major", alpha=0.3)
    ax.legend(fontsize=8, loc="upper right")
    return svg_of(fig)


def _figure(name: str, svg: str, caption: str, wide: bool = False) -> str:
    cls = " class='wide'" if wide else ""
    return f"<figure id='plot-{name}'{cls}>{svg}<figcaption>{caption}</figcaption></figure>"


def study_report_html(r: StudyResult, title: str = "wuhanmj study") -> str:
    """The page of the study ``r`` as one HTML document (text).

    Raises:
        ReportError: matplotlib is missing.
    """
    check_matplotlib()
    from .. import __version__

    seeds = ", ".join(str(s) for s in r.seeds)
    figures = "".join((
        _figure("convergence", _plot_convergence(r),
                "Each rate and mean as the hands accumulate (log scale), with its 95 % interval clustered by "
                "match; the same walls under every rule set.", wide=True),
        _figure("differences", _plot_differences(r),
                "Each rule set minus the baseline: the paired difference (thick, hand by hand on the same walls) "
                "and the interval two independent runs of as many hands would give (thin).", wide=True),
        _figure("gains", _plot_gains(r), "The winner's gain per won hand under each rule set."),
        _figure("caps", plot_caps(list(r.results), names=list(r.labels)),
                "Hands where some loser reached the cap (银顶) and where all three did (金顶), by rule set."),
    ))
    text = (
        f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{REPORT_CSS}{_CSS}</style></head><body><h1>{html.escape(title)}</h1>"
        f"<p class='sub'>wuhanmj {html.escape(__version__)} · {len(r.labels)} rule sets · "
        f"{r.hands:,} hands each on the same walls · {'seed' if len(r.seeds) == 1 else 'seeds'} "
        f"{html.escape(seeds)} · agents {html.escape(','.join(r.agents))}</p>"
        f"<section class='result'><h2>Rule sets side by side, and paired differences</h2>"
        f"<pre>{html.escape(r.table())}</pre><h2>Plots</h2><div class='plots'>{figures}</div></section>"
        "</body></html>\n"
    )
    return re.sub(r"<!--.*?-->", "", text, flags=re.S)  # matplotlib's comments


def write_study_report(r: StudyResult, path: str | os.PathLike, title: str = "wuhanmj study") -> None:
    """Write :func:`study_report_html` of ``r`` to ``path``.

    Raises:
        ReportError: matplotlib is missing, or the file cannot be written.
    """
    text = study_report_html(r, title)
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as err:
        raise ReportError(f"report: cannot write {os.fspath(path)!r}: {err.strerror}") from None


