"""An HTML report of simulation and arena results: one self-contained file (no network,
no scripts), the summary tables and five plots drawn with matplotlib as inline SVG
(extra ``wuhanmj[report]``):

1. ``payments``: the distribution of the payment per seat-hand of each agent (or seat),
   a share per amount on a log scale [points or money];
2. ``cumulative``: the running mean over hands with its 95 % band (normal, hands taken
   as independent): each agent's (or seat's) payment per hand for a simulation, each
   challenger's paired difference against the baseline for an arena;
3. ``wintypes``: how each agent's wins were won (自摸, 放冲, 抢杠, 杠上开花, 海底捞),
   per seat-hand;
4. ``fan``: the histogram of the winner's fan (F_winner, S5) of each agent's wins;
5. ``caps``: the 银顶 and 金顶 rates (X1, X2, D9) of each result, by rule set.

:func:`write_report` takes results of :func:`~wuhanmj.sim.simulate.simulate` and
:func:`~wuhanmj.sim.arena.arena` (objects, or their JSON files through :func:`load_result`).
"""

from __future__ import annotations

import html
import io
import math
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .._json import load_json
from ..errors import ReportError, WuhanMJError
from ..stats.arena_result import ArenaResult
from ..stats.figures import histogram, seat_figures, unit_figures
from ..stats.outcome import HOWS
from ..stats.results import SimulationResult
from ..stats.tally import Moments, rate

__all__ = ["PLOTS", "COLORS", "REPORT_CSS", "bin_label", "check_matplotlib", "load_result", "new_figure", "pay_bin",
           "plot_caps", "report_html", "svg_of", "write_report"]

PLOTS = ("payments", "cumulative", "wintypes", "fan", "caps")
"""The plots of a report, in order (each an ``<svg>`` in a ``<figure id="plot-NAME">``)."""

_HOW_LABEL = {"zimo": "zimo (self-drawn)", "fangchong": "fangchong (discard)", "qianggang": "qianggang (robbed kong)",
              "gangshanghua": "gangshanghua (kong draw)", "haidilao": "haidilao (last tiles)"}
COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
"""The colours of the plots' series, in order."""

Result = SimulationResult | ArenaResult


def check_matplotlib() -> None:
    """Raise ReportError unless matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ReportError('report: needs matplotlib; pip install "wuhanmj[report]"') from None


def load_result(path: str | os.PathLike) -> Result:
    """A simulation or arena result from its JSON file (``--out``).

    Raises:
        ReportError: unreadable, not JSON, or neither kind of result (the file named).
    """
    p = os.fspath(path)
    try:
        text = Path(p).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReportError(f"{p}: no such file") from None
    except UnicodeDecodeError:
        raise ReportError(f"{p}: not a result (a JSON file of simulate or arena --out): it is not text") from None
    except OSError as err:
        raise ReportError(f"{p}: cannot read: {err}") from None
    try:
        d = load_json(text, ReportError, p)
        if isinstance(d, dict) and d.get("kind") == "arena":
            return ArenaResult.from_dict(d)
        return SimulationResult.from_dict(d)
    except ReportError:
        raise
    except WuhanMJError as err:
        raise ReportError(f"{p}: not a simulation or arena result: {err}") from None


# ------------------------------------------------------------ what a result holds
def _units(r: Result) -> list[tuple[str, str, int]]:
    """``(name, tally unit, seat-hands)`` of what the plots compare: the agents, or the
    seats of a simulation whose four seats hold one agent."""
    if isinstance(r, ArenaResult):
        return [(a, f"agent:{a}", r.count(f"seathands.agent:{a}")) for a in r.agents]
    labels = list(dict.fromkeys(r.agents))
    if len(labels) == 1:
        return [(f"seat {s} ({r.agents[s]})", f"seat{s}", r.hands) for s in range(4)]
    return [(a, f"agent:{a}", r.hands * r.agents.count(a)) for a in labels]


def _games(r: Result) -> int:
    return r.games if isinstance(r, ArenaResult) else r.hands


def _title(r: Result) -> str:
    if isinstance(r, ArenaResult):
        return f"arena {r.mode} · {', '.join(r.agents)} · {r.rules.name} · seed {r.seed}"
    return f"simulation · {', '.join(r.agents)} · {r.rules.name} · seed {r.seed}"


def _unit(r: Result) -> str:
    return "points" if r.rules.schedule == "points" else "money"


# ------------------------------------------------------------ plots
def svg_of(fig: Any) -> str:
    """A matplotlib figure as an inline ``<svg>`` element (no prolog, stable ids, text as paths)."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "wuhanmj", "svg.fonttype": "path"}):
        fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg"):]  # no XML prolog or DOCTYPE inside HTML


def new_figure(width: float = 6.4, height: float = 3.6) -> Any:
    """A matplotlib ``Figure`` of ``width`` × ``height`` inches (constrained layout), drawn without pyplot."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100)
    fig.set_layout_engine("constrained")
    return fig


def pay_bin(x: float) -> int:
    """The bin of an amount: 0 alone, then ±k for |x| in (2^(k−2), 2^(k−1)] (k >= 1;
    payments are base × powers of two, X1, so every bin shows alike on a log axis)."""
    if x == 0:
        return 0
    k = 1 if abs(x) <= 1 else math.ceil(math.log2(abs(x))) + 1
    return k if x > 0 else -k


def bin_label(k: int) -> str:
    """The tick label of :func:`pay_bin`'s bin ``k``: ``0``, ``+8``, ``−2k``."""
    if k == 0:
        return "0"
    top = 2 ** (abs(k) - 1)
    text = f"{top // 1024}k" if top >= 1024 else str(top)
    return ("+" if k > 0 else "−") + text


def _plot_payments(r: Result) -> str:
    fig = new_figure()
    ax = fig.add_subplot()
    counts = dict(r.counts)
    units = _units(r)
    shares: list[dict[int, float]] = []
    for _, unit, _ in units:
        h = histogram(counts.items(), f"payhist.{unit}")
        n = sum(c for _, c in h)
        b: dict[int, float] = {}
        for v, c in h:
            k = pay_bin(float(v))
            b[k] = b.get(k, 0.0) + c / n
        shares.append(b)
    ks = sorted({k for b in shares for k in b})
    if ks:
        ks = list(range(ks[0], ks[-1] + 1))
    width = 0.84 / max(1, len(units))
    for i, ((name, _, _), b) in enumerate(zip(units, shares)):
        xs = [j + (i - (len(units) - 1) / 2) * width for j in range(len(ks))]
        ax.bar(xs, [b.get(k, 0.0) for k in ks], width=width, color=COLORS[i % len(COLORS)], label=name)
    ax.set_yscale("log")
    ax.set_xticks(range(len(ks)), [bin_label(k) for k in ks], fontsize=7, rotation=60)
    ax.set_xlabel(f"payment per seat-hand [{_unit(r)}]: bins up to ±2^k (log scale), 0 a bin of its own")
    ax.set_ylabel("share of seat-hands (log)")
    ax.set_title("Distribution of payments per hand", fontsize=11)
    ax.grid(True, axis="y", which="major", alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    return svg_of(fig)


def _running(bins: list[Moments], scale: float) -> tuple[list[float], list[float], list[float], list[float]]:
    xs: list[float] = []
    mean: list[float] = []
    lo: list[float] = []
    hi: list[float] = []
    acc = Moments()
    for m in bins:
        acc = acc + m
        if acc.n < 2:
            continue
        mu, se = acc.mean / scale, acc.sem / scale
        xs.append(acc.n)
        mean.append(mu)
        lo.append(mu - 1.959963984540054 * se)
        hi.append(mu + 1.959963984540054 * se)
    return xs, mean, lo, hi


def _plot_cumulative(r: Result) -> str:
    fig = new_figure()
    ax = fig.add_subplot()
    moments = list(r.moments)
    series: list[tuple[str, list[float], list[float], list[float], list[float]]] = []
    if isinstance(r, ArenaResult):
        for c, _ in r.groups:
            lab = r.agents[c]
            tr = r.trace(lab)
            series.append((f"{lab} - {r.agents[r.baseline]}", [float(t["walls"]) for t in tr], [t["mean"] for t in tr],
                           [t["lo"] for t in tr], [t["hi"] for t in tr]))
        ax.set_xlabel("walls played")
        ax.set_ylabel(f"paired difference [{_unit(r)} per hand]")
        ax.set_title("Running paired difference against the baseline, 95% band", fontsize=11)
    else:
        for name, unit, _ in _units(r):
            if unit.startswith("seat"):
                key, scale = f"trace.{unit}#", 1.0
            else:
                label = unit[len("agent:"):]
                key, scale = f"trace.agent_hand:{label}#", float(r.agents.count(label))
            bins = [m for k, m in sorted(moments) if k.startswith(key)]
            series.append((name, *_running(bins, scale)))
        ax.set_xlabel("hands played")
        ax.set_ylabel(f"mean payment [{_unit(r)} per seat-hand]")
        ax.set_title("Running mean payment, 95% band", fontsize=11)
    for i, (name, xs, mean, lo, hi) in enumerate(series):
        col = COLORS[i % len(COLORS)]
        ax.plot(xs, mean, color=col, lw=1.5, label=name)
        ax.fill_between(xs, lo, hi, color=col, alpha=0.18, lw=0)
    ax.axhline(0, color="#555", lw=0.8)
    ax.grid(True, alpha=0.3)
    if series:
        ax.legend(fontsize=8, loc="best")
    return svg_of(fig)


def _plot_wintypes(r: Result) -> str:
    fig = new_figure()
    ax = fig.add_subplot()
    counts = dict(r.counts)
    units = [(n, u, sh) for n, u, sh in _units(r) if u.startswith("agent:")]
    if not units:  # a simulation of one agent: its seats hold one label
        label = r.agents[0]
        units = [(label, f"agent:{label}", r.hands * 4)]
    names = [n for n, _, _ in units]
    left = [0.0] * len(units)
    for i, how in enumerate(HOWS):
        vals = [100 * rate(counts.get(f"how.{u}.{how}", 0), sh) for _, u, sh in units]
        ax.barh(names, vals, left=left, color=COLORS[i % len(COLORS)], label=_HOW_LABEL[how], height=0.6)
        left = [a + b for a, b in zip(left, vals)]
    ax.set_xlabel("wins, % of seat-hands")
    ax.set_title("How the hands were won", fontsize=11)
    ax.set_ylim(len(units) - 0.5, -0.5)
    ax.set_xlim(0, max(left + [1.0]) * 1.12)
    for y, total in enumerate(left):
        ax.text(total, y, f" {total:.1f}%", va="center", fontsize=8)
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncols=3, frameon=False)
    return svg_of(fig)


def _plot_fan(r: Result) -> str:
    fig = new_figure()
    ax = fig.add_subplot()
    counts = dict(r.counts)
    labels = list(r.agents) if isinstance(r, ArenaResult) else list(dict.fromkeys(r.agents))
    hists = {a: histogram(counts.items(), f"fanhist.agent:{a}") for a in labels}
    fans = sorted({int(v) for h in hists.values() for v, _ in h})
    width = 0.8 / max(1, len(labels))
    for i, a in enumerate(labels):
        h = dict((int(v), c) for v, c in hists[a])
        n = sum(h.values())
        if not n:
            continue
        xs = [f + (i - (len(labels) - 1) / 2) * width for f in fans]
        ax.bar(xs, [100 * h.get(f, 0) / n for f in fans], width=width, color=COLORS[i % len(COLORS)],
               label=f"{a} ({n:,} win{'s' if n != 1 else ''})")
    ax.set_xticks(fans)
    ax.set_xlabel("winner's fan (F_winner, S5)")
    ax.set_ylabel("% of the agent's wins")
    ax.set_title("Fan of the wins", fontsize=11)
    ax.grid(True, axis="y", alpha=0.3)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8)
    return svg_of(fig)


def plot_caps(results: Sequence[Result], names: Sequence[str] | None = None) -> str:
    """The 银顶 and 金顶 rates of each result (X1, X2, D9) as bars, an ``<svg>``; ``names``
    labels the results (default: the kind, the rules' name and the seed)."""
    fig = new_figure(6.4, 3.0 + 0.15 * len(results))
    ax = fig.add_subplot()
    if names is None:
        names = [f"{'arena' if isinstance(r, ArenaResult) else 'simulation'}: {r.rules.name}, seed {r.seed}"
                 for r in results]
    ys = list(range(len(results)))
    yin = [100 * rate(r.count("yinding"), _games(r)) for r in results]
    jin = [100 * rate(r.count("jinding"), _games(r)) for r in results]
    ax.barh([y - 0.2 for y in ys], yin, height=0.4, color=COLORS[0], label="yinding (cap reached, X1/X2)")
    ax.barh([y + 0.2 for y in ys], jin, height=0.4, color=COLORS[3], label="jinding (gold cap, D9)")
    for y, a, b in zip(ys, yin, jin):
        ax.text(a, y - 0.2, f" {a:.1f}%", va="center", fontsize=8)
        ax.text(b, y + 0.2, f" {b:.1f}%", va="center", fontsize=8)
    ax.set_yticks(ys, names)
    ax.invert_yaxis()
    ax.set_xlabel("% of hands")
    ax.set_xlim(0, max(yin + jin + [1.0]) * 1.25)
    ax.set_title("Cap and gold-cap rates by rule set", fontsize=11)
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.18), ncols=2, frameon=False)
    return svg_of(fig)


# ------------------------------------------------------------ tables
def _pct(x: float) -> str:
    return "–" if isinstance(x, float) and math.isnan(x) else f"{100 * x:.1f}"


def _num(x: Any, signed: bool = True) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return f"{x:+.2f}" if signed else f"{x:.2f}"


def _amt(x: Any) -> str:
    if isinstance(x, float) and math.isnan(x):
        return "–"
    return f"{x:+g}" if x else "0"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], cls: str = "") -> str:
    h = "".join(f"<th>{html.escape(c)}</th>" for c in head)
    def td(c: str) -> str:
        numeric = bool(re.match(r"[-+−–\[\d]", c))
        return f"<td>{html.escape(c)}</td>" if numeric else f"<td class='t'>{html.escape(c)}</td>"

    body = "".join("<tr>" + "".join(td(c) for c in row) + "</tr>" for row in rows)
    return f'<table class="{cls}"><thead><tr>{h}</tr></thead><tbody>{body}</tbody></table>'


_UNIT_HEAD = ("win %", "自摸 %", "放冲 %", "big hu %", "银顶 %", "金顶 %", "承包 %", "mean fan", "p50", "p90", "p99", "max")


def _unit_cells(f: dict[str, Any], win_rate: float) -> list[str]:
    q = f["payment_quantiles"]
    return [_pct(win_rate), _pct(f["self_draw_rate"]), _pct(f["deal_in_rate"]), _pct(f["big_hu_rate"]),
            _pct(f["yinding_rate"]), _pct(f["jinding_rate"]), _pct(f["liability_rate"]),
            _num(f["mean_fan"], signed=False), _amt(q["p50"]), _amt(q["p90"]), _amt(q["p99"]), _amt(q["max"])]


def _sim_tables(r: SimulationResult) -> str:
    unit = _unit(r)
    rows = []
    for s, m in enumerate(r.payments_by_seat):
        lo, hi = m.ci95
        rows.append([f"seat {s}", r.agents[s], _num(m.mean), f"[{_num(lo)}, {_num(hi)}]",
                     *_unit_cells(seat_figures(r, s), r.win_rate_by_seat[s])])
    counts = dict(r.counts)
    ci = r.payment_ci95_by_agent
    for a, m in r.payments_by_agent.items():
        if len(set(r.agents)) == 1:
            break
        lo, hi = ci[a]
        f = unit_figures(counts, r.moment, f"agent:{a}", r.hands * r.agents.count(a))
        rows.append(["agent", a, _num(m.mean), f"[{_num(lo)}, {_num(hi)}]", *_unit_cells(f, r.win_rate_by_agent[a])])
    head = ("", "agent", f"mean [{unit}/hand]", "95% CI", *_UNIT_HEAD)
    outcome = [
        ["hands", f"{r.hands:,}"], ["draw (荒庄) %", _pct(r.draw_rate)], ["dealer won %", _pct(r.dealer_win_rate)],
        ["big hu %", _pct(r.big_hu_rate)], ["self-drawn %", _pct(r.self_drawn_rate)],
        ["银顶 % (cap reached)", _pct(r.yinding_rate)], ["金顶 % (gold cap)", _pct(r.jinding_rate)],
        ["mean hand length (tiles drawn)", _num(r.mean_length, signed=False)],
    ]
    return (f"<h2>Seats and agents</h2>{_table(head, rows, 'wide')}"
            f"<p class='note'>Rates per seat-hand; 95% intervals of the mean (normal; an agent's clustered by hand); "
            f"p50…max: payment quantiles [{unit}]; fan: the winner's.</p>"
            f"<h2>Outcomes</h2>{_table(('figure', 'value'), outcome, 'narrow')}")


def _arena_tables(r: ArenaResult) -> str:
    unit = _unit(r)
    rows = []
    for a in r.agents:
        f = r.agent_figures(a)
        lo, hi = f["ci95"]
        rows.append([a, f["role"], _num(f["mean"]), f"[{_num(lo)}, {_num(hi)}]", *_unit_cells(f, f["win_rate"])])
    head = ("agent", "role", f"mean [{unit}/hand]", "95% CI (paired)", *_UNIT_HEAD)
    diffs = []
    for d in r.differences():
        lo, hi = d["ci95"]
        ulo, uhi = d["unpaired_ci95"]
        p = d["p"]
        diffs.append([f"{d['agent']} − {d['baseline']}", _num(d["mean"]), f"[{_num(lo)}, {_num(hi)}]",
                      "–" if math.isnan(p) else f"{p:.3g}", f"[{_num(ulo)}, {_num(uhi)}]", f"{d['walls']:,}"])
    dhead = ("challenger − baseline", f"difference [{unit}/hand]", "95% CI (paired)", "p-value",
             "95% CI (unpaired)", "walls")
    out = (f"<h2>Agents</h2>{_table(head, rows, 'wide')}"
           f"<h2>Difference against the baseline</h2>{_table(dhead, diffs, 'narrow')}"
           "<p class='note'>Paired over walls: every wall is played once per seating; a wall's value is the "
           "challenger's mean payment over its seat-hands minus the baseline's. t intervals clustered by match; "
           "the unpaired interval treats every game as independent.</p>")
    if r.rating:
        rr = sorted(r.rating.items(), key=lambda kv: -kv[1]["ordinal"])
        out += "<h2>Rating (openskill, Plackett–Luce)</h2>" + _table(
            ("agent", "mu", "sigma", "ordinal"),
            [[a, f"{v['mu']:.2f}", f"{v['sigma']:.2f}", f"{v['ordinal']:.2f}"] for a, v in rr], "narrow")
    return out


REPORT_CSS = """
body{font-family:"Noto Sans","DejaVu Sans","WenQuanYi Zen Hei",sans-serif;margin:24px auto;max-width:1280px;
color:#222;background:#fff;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:22px 0 8px;border-bottom:1px solid #ddd;padding-bottom:3px}
.sub{color:#666;margin:0 0 12px;font-size:13px}
table{border-collapse:collapse;font-size:12.5px;margin:4px 0;font-variant-numeric:tabular-nums}
th,td{border:1px solid #ddd;padding:3px 7px;text-align:right;white-space:nowrap}
th{background:#f3f5f7;font-weight:600}td:first-child,th:first-child,td.t{text-align:left}
tbody tr:nth-child(even){background:#fafbfc}
.note{color:#666;font-size:12px;margin:4px 0 10px}
.plots{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:18px;margin-top:10px}
figure{margin:0;border:1px solid #e4e4e4;border-radius:6px;padding:8px;background:#fff}
figure svg{width:100%;height:auto;display:block}
figcaption{font-size:12px;color:#555;margin-top:4px}
section.result{margin-bottom:28px}
"""
"""The report page's style sheet (shared by the study's page, :mod:`wuhanmj.files.study_report`)."""

_CAPTIONS = {
    "payments": "Share of seat-hands by payment, in bins that double (log scale); 0 (a draw or not paying) in the middle.",
    "cumulative": "Running mean as hands accumulate, with its 95% band (hands taken as independent).",
    "wintypes": "Wins per seat-hand by the way they were won.",
    "fan": "The winner's fan F_winner of each agent's wins.",
    "caps": "Hands where some loser reached the cap (银顶) and where all three did (金顶), by rule set.",
}


def report_html(results: Sequence[Result], title: str = "wuhanmj report") -> str:
    """The report of ``results`` as one HTML document (text).

    Raises:
        ReportError: no results, or matplotlib is missing.
    """
    if not results:
        raise ReportError("report: no results")
    check_matplotlib()
    from .. import __version__

    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
             f"<style>{REPORT_CSS}</style></head><body><h1>{html.escape(title)}</h1>"
             f"<p class='sub'>wuhanmj {html.escape(__version__)} · {len(results)} result(s)</p>"]
    overview = [[f"{'arena ' + r.mode if isinstance(r, ArenaResult) else 'simulation'}", r.rules.name, str(r.seed),
                 ", ".join(r.agents), f"{_games(r):,}", _pct(rate(r.count("draws"), _games(r))),
                 _pct(rate(r.count("big"), _games(r))), _pct(rate(r.count("yinding"), _games(r))),
                 _pct(rate(r.count("jinding"), _games(r)))] for r in results]
    parts.append("<section class='result'><h2>Results and rule sets</h2>"
                 + _table(("result", "rules", "seed", "agents", "hands", "draw %", "big hu %", "银顶 %", "金顶 %"),
                          overview, "narrow")
                 + f"<div class='plots'><figure id='plot-caps'>{plot_caps(results)}<figcaption>{_CAPTIONS['caps']}"
                 "</figcaption></figure></div></section>")
    for i, r in enumerate(results):
        tables = _arena_tables(r) if isinstance(r, ArenaResult) else _sim_tables(r)
        plots = {"payments": _plot_payments(r), "cumulative": _plot_cumulative(r), "wintypes": _plot_wintypes(r),
                 "fan": _plot_fan(r)}
        figs = "".join(f"<figure id='plot-{k}{'' if i == 0 else f'-{i}'}'>{svg}<figcaption>{_CAPTIONS[k]}</figcaption>"
                       "</figure>" for k, svg in plots.items())
        desc = (f"{_games(r):,} {'games' if isinstance(r, ArenaResult) else 'hands'}, matches of {r.match_hands} "
                f"hands, payments in {_unit(r)}")
        parts.append(f"<section class='result'><h1>{html.escape(_title(r))}</h1><p class='sub'>{html.escape(desc)}"
                     f"</p>{tables}<h2>Plots</h2><div class='plots'>{figs}</div></section>")
    parts.append("</body></html>\n")
    text = "".join(parts)
    return re.sub(r"<!--.*?-->", "", text, flags=re.S)  # matplotlib's comments


def write_report(results: Sequence[Result | str | os.PathLike], path: str | os.PathLike,
                 title: str = "wuhanmj report") -> None:
    """Write :func:`report_html` of ``results`` (result objects or JSON files) to ``path``.

    Raises:
        ReportError: a result file cannot be read, or matplotlib is missing; the file
            cannot be written.
    """
    objs = [load_result(x) if isinstance(x, (str, os.PathLike)) else x for x in results]
    text = report_html(objs, title)
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as err:
        raise ReportError(f"report: cannot write {os.fspath(path)!r}: {err.strerror}") from None
