"""The readable text table of a :class:`~wuhanmj.stats.study.StudyResult` (plain text)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..hand.bighu import BIG_HU as _BIG_LABEL
from .planner import METHOD
from .summary import ljust

if TYPE_CHECKING:  # pragma: no cover
    from .study import StudyResult

__all__ = ["study_table"]

_CHINESE = {"transfer": "mean absolute", "win": "胡", "zimo": "自摸", "fangchong": "放冲", "draw": "荒庄", "big": "大胡", "yinding": "银顶",
            "jinding": "金顶", "chengbao": "承包", **{f"big.{b}": label for b, label in _BIG_LABEL.items()}}

_NAME_WIDTH = 30


def _name(q: str) -> str:
    return ljust(f"{q} ({_CHINESE[q]})" if q in _CHINESE else q, _NAME_WIDTH)


def _level(is_rate: bool, iv: dict[str, Any]) -> str:
    m = iv["mean"]
    if math.isnan(m):
        return "-"
    return f"{100 * m:.2f} %" if is_rate else f"{m:+.2f}"


def _interval(k: int, lo: float, hi: float) -> str:
    return "[n/a]" if math.isnan(lo) or math.isnan(hi) else f"[{k * lo:+.2f}, {k * hi:+.2f}]"


def _diff(is_rate: bool, iv: dict[str, Any]) -> str:
    """``+7.27 pp [+6.92, +7.63]   unpaired [+6.67, +7.88]   1.7x narrower paired``."""
    m = iv["mean"]
    if math.isnan(m):
        return "-"
    k, unit = (100, " pp") if is_rate else (1, "")
    paired = f"{k * m:+.2f}{unit} {_interval(k, *iv['ci95'])}"
    unp = _interval(k, *iv["unpaired_ci95"])
    ratio = iv["narrower"]
    if ratio is not None:
        how = f"{ratio:.1f}x narrower paired" if ratio >= 1 else f"paired {1 / ratio:.2f}x wider"
    elif iv["ci95"][0] == iv["ci95"][1] and not math.isnan(iv["ci95"][0]):
        how = "paired: no spread (every match alike)"
    else:
        how = ""
    return f"{paired:<30} unpaired {unp:<20} {how}".rstrip()


def _hands(n: int | None) -> str:
    if n is None:
        return "n/a (the pilot gives no spread: fewer than two matches or no variation; or a width relative to a mean of 0)"
    return f"{n:,} hands"


def study_table(r: StudyResult) -> str:
    """The table of ``r``: levels side by side, paired differences, plans."""
    schedules = {rules.schedule for rules in r.rules}
    unit = "points" if schedules == {"points"} else "money" if schedules == {"fan"} else "points or money"
    rates = set(r.rates)
    width = max(14, *(len(lab) + 2 for lab in r.labels))
    lines = [
        f"rule study: {r.hands:,} hands on the same walls under {len(r.labels)} rule sets, "
        f"{'seed' if len(r.seeds) == 1 else 'seeds'} {', '.join(str(x) for x in r.seeds)}, "
        f"agents {','.join(r.agents)}, matches of {r.match_hands} hands, engine {r.engine}",
        f"baseline: {r.labels[0]}; rates per hand, means in {unit} per hand",
        "",
        ljust("", _NAME_WIDTH) + "".join(lab.rjust(width) for lab in r.labels),
    ]
    for q in r.quantities:
        lines.append(_name(q) + "".join(_level(q in rates, lv[q]).rjust(width) for lv in r.levels))
    for key, title in (("p50", "winner's gain p50"), ("p90", "winner's gain p90"), ("p99", "winner's gain p99"),
                       ("max", "winner's gain max"), ("largest_loss", "largest loss of a seat")):
        cells = ["-" if isinstance(p[key], float) and math.isnan(p[key]) else f"{p[key]:,}" for p in r.payments]
        lines.append(ljust(title, _NAME_WIDTH) + "".join(c.rjust(width) for c in cells))
    lines.append(f"(transfer: the mean absolute transfer a hand, the {unit} that change hands = the winner's gain, "
                 "0 for a draw;")
    lines.append(" dealer_edge: the dealer's payment a hand; points.<agent>: its payment a seat-hand)")
    for lab, d, same in zip(r.labels[1:], r.differences, r.same_dealer):
        lines += ["", f"{lab} − {r.labels[0]}, paired by hand (mean [95% CI clustered by match]), beside the "
                  f"interval of two independent runs; the same dealer in {100 * same:.1f} % of the hands"]
        for q in r.quantities:
            lines.append(_name(q) + "  " + _diff(q in rates, d[q]))
    if r.plans:
        lines += ["", f"sample sizes from the pilot of {r.hands:,} hands — {METHOD}"]
        for p in r.plans:
            lines.append(f"{p['target']}:")
            for lv in p["levels"]:
                lines.append(f"  {lv['rule_set']}: {_hands(lv['hands'])}")
            for dv in p["differences"]:
                lines.append(f"  {dv['rule_set']} − {dv['vs']}: {_hands(dv['hands'])}")
    return "\n".join(lines)
