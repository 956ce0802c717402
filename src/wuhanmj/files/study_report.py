"""The HTML page of a rule study (``wuhanmj study --report``): one self-contained file (no
network, no scripts) with the study's table and two plots drawn with matplotlib as inline
SVG (extra ``wuhanmj[report]``), the pieces of :mod:`wuhanmj.files.report`:

1. ``gains``: the distributions of the winner's gain per won hand under each rule set,
   overlaid, a share of the won hands per amount bin on a log scale [points or money];
2. ``caps``: the 银顶 and 金顶 rates of each rule set (X1, X2, D9).
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ReportError
from .report import COLORS, REPORT_CSS, bin_label, check_matplotlib, new_figure, pay_bin, plot_caps, svg_of

if TYPE_CHECKING:  # pragma: no cover
    from ..stats.study import StudyResult

__all__ = ["study_report_html", "write_study_report"]


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
    for i, (label, b) in enumerate(zip(r.labels, shares)):
        ys = [b.get(k, 0.0) for k in ks]
        ax.step(range(len(ks)), ys, where="mid", color=COLORS[i % len(COLORS)], label=label, linewidth=1.6)
        ax.fill_between(range(len(ks)), ys, step="mid", color=COLORS[i % len(COLORS)], alpha=0.12)
    ax.set_yscale("log")
    ax.set_xticks(range(len(ks)), [bin_label(k) for k in ks], fontsize=7, rotation=60)
    unit = "points" if all(x.schedule == "points" for x in r.rules) else "points or money"
    ax.set_xlabel(f"winner's gain per won hand [{unit}]: bins up to 2^k (log scale)")
    ax.set_ylabel("share of won hands (log)")
    ax.set_title("Distribution of the winner's gain, by rule set (the same walls)", fontsize=11)
    ax.grid(True, axis="y", which="major", alpha=0.3)
    ax.legend(fontsize=8, loc="upper right")
    return svg_of(fig)


def study_report_html(r: StudyResult, title: str = "wuhanmj study") -> str:
    """The page of the study ``r`` as one HTML document (text).

    Raises:
        ReportError: matplotlib is missing.
    """
    check_matplotlib()
    from .. import __version__

    caps = plot_caps(list(r.results), names=list(r.labels))
    text = (
        f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{REPORT_CSS}</style></head><body><h1>{html.escape(title)}</h1>"
        f"<p class='sub'>wuhanmj {html.escape(__version__)} · {len(r.labels)} rule sets · "
        f"{r.hands:,} hands each on the same walls · seed {r.seed}</p>"
        f"<section class='result'><h2>Rule sets side by side, and paired differences</h2>"
        f"<pre>{html.escape(r.table())}</pre><h2>Plots</h2><div class='plots'>"
        f"<figure id='plot-gains'>{_plot_gains(r)}<figcaption>The winner's gain per won hand under each rule set."
        f"</figcaption></figure><figure id='plot-caps'>{caps}<figcaption>Hands where some loser reached the cap "
        "(银顶) and where all three did (金顶), by rule set.</figcaption></figure></div></section></body></html>\n"
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
