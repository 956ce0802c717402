"""The readable summary of a :class:`~wuhanmj.stats.results.SimulationResult` (plain text)."""

from __future__ import annotations

import math
import unicodedata
from typing import TYPE_CHECKING

from ..hand.bighu import BIG_HU as _BIG_LABEL
from .figures import summary_lines
from .labels import legend, short_labels
from .outcome import BIG_HU, LIABILITY, SELF_DRAWN
from .tally import rate

if TYPE_CHECKING:  # pragma: no cover
    from .results import SimulationResult

__all__ = ["summary", "rules_label", "ljust"]


def ljust(text: str, width: int) -> str:
    """Pad ``text`` to ``width`` terminal columns (CJK characters take two)."""
    cols = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(0, width - cols)


def _pct(x: float) -> str:
    return "    -" if math.isnan(x) else f"{100 * x:5.1f}"


def _num(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:+.2f}"


def _ci(lo: float, hi: float) -> str:
    """``[lo, hi]`` of a 95 % interval, or ``n/a`` (fewer than two hands: no t interval)."""
    if math.isnan(lo) or math.isnan(hi):
        return f"{'n/a':^22}"
    return f"[{_num(lo):>9}, {_num(hi):>9}]"


def _std(x: float) -> str:
    return f"{'n/a':>9}" if math.isnan(x) else f"{x:>9.2f}"


def _seeds_text(r: SimulationResult) -> str:
    """``seed 7`` for one run; ``seeds 1, 2 (merged)`` for a merged result."""
    if len(r.matches) <= 1:
        return f"seed {r.seed}"
    seeds = r.seeds
    return f"{'seed' if len(seeds) == 1 else 'seeds'} {', '.join(map(str, seeds))} (merged)"


def _engine_text(r: SimulationResult) -> str:
    """``engine native`` for one engine; ``engines native, python (merged)`` for a merge of both."""
    if len(r.engines) == 1:
        return f"engine {r.engine}"
    return f"engines {', '.join(r.engines)} (merged)"


def summary(r: SimulationResult) -> str:
    """A readable multi-line table of the main figures of ``r``."""
    unit = "points" if r.rules.schedule == "points" else "money"
    lines = [
        f"{r.hands:,} hands, rules {r.rules.label()}, {_seeds_text(r)}, matches of {r.match_hands} hands, "
        f"{_engine_text(r)}",
        "",
        f"seat  agent         wins   win %        mean  95% CI of the mean (t)      std  [{unit} per hand]",
    ]
    wr = r.win_rate_by_seat
    short = short_labels(r.agents)
    for s, m in enumerate(r.payments_by_seat):
        lo, hi = m.ci95
        lines.append(
            f"{s:>4}  {short[r.agents[s]]:<12} {r.count(f'win.seat{s}'):>5}   {_pct(wr[s])}"
            f"  {_num(m.mean):>10}  {_ci(lo, hi)}  {_std(m.std)}"
        )
    if len(set(r.agents)) > 1:
        lines += ["", "agent         seats   win %   mean per seat-hand  95% CI (clustered by hand)"]
        agent_ci = r.payment_ci95_by_agent
        for a, m in r.payments_by_agent.items():
            seats = ",".join(str(s) for s in range(4) if r.agents[s] == a)
            lo, hi = agent_ci[a]
            lines.append(
                f"{short[a]:<12}  {seats:<7} {_pct(r.win_rate_by_agent[a])}   {_num(m.mean):>16}"
                f"  {_ci(lo, hi)}"
            )
    lines += legend(short)
    w = r.wins
    lines += ["", "outcome                        count  % hands  % wins"]

    def row(label: str, k: int, of_wins: bool = True) -> None:
        pw = _pct(rate(k, w)) if of_wins else "     "
        lines.append(f"{ljust(label, 29)} {k:>6}   {_pct(rate(k, r.hands))}   {pw}")

    row("won", w, of_wins=False)
    row("dealer won", r.count("dealer_win"))
    row("draw (荒庄)", r.count("draws"), of_wins=False)
    row("small hu (小胡)", r.count("small"))
    row("big hu, any (大胡)", r.count("big"))
    for b in BIG_HU:
        row(f"  {b} ({_BIG_LABEL[b]})", r.count(f"big.{b}"))
    row("hard (硬胡)", r.count("hard"))
    row("soft (软胡)", r.count("soft"))
    row("self-drawn, all (自摸)", sum(r.count(f"how.{h}") for h in SELF_DRAWN))
    row("on a discard (放冲)", r.count("how.fangchong"))
    row("robbed kong (抢杠)", r.count("how.qianggang"))
    row("cap reached (银顶)", r.count("yinding"))
    row("gold cap (金顶)", r.count("jinding"))
    for c, label in zip(LIABILITY, ("全求人", "清一色", "抢杠")):
        row(f"liability {c} ({label})", r.count(f"liability.{c}"))
    lines += summary_lines(r)  # 自摸/放冲 rates, mean fan, payment quantiles
    lines += [
        "",
        f"mean hand length: {r.mean_length:.1f} tiles drawn, {r.mean_decisions:.1f} decisions",
    ]
    if r.bot_faults:
        lines += ["", "bot faults played as the safest action (--on-bot-error pass): "
                  + ", ".join(f"{a} {n}" for a, n in r.bot_faults.items())]
    return "\n".join(lines)
