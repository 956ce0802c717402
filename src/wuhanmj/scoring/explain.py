"""The scoring sheet of a win: :func:`explain_win` (used by ``WinResult.explain()``).

Plain text, one fact a line, Chinese terms with their pinyin, so a player can
check every number by hand against RULES.md (S1–S5, X1–X5, L1–L4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..hand.bighu import BIG_HU
from ..terms import FAN_ITEMS, HOW_NAMES, LIABILITY
from .settlement import points_base

if TYPE_CHECKING:  # pragma: no cover
    from .result import WinResult

__all__ = ["explain_win"]

_HOW = {k: f"{v} {k}" for k, v in HOW_NAMES.items()}


def _items(items) -> str:
    if not items:
        return "—"
    return ", ".join(f"{FAN_ITEMS.get(n, n)} {n} {f}" for n, f in items)


def _amt(x) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def explain_win(r: WinResult) -> str:
    """The multi-line scoring sheet of ``r`` (a :class:`wuhanmj.scoring.WinResult`)."""
    rules = r.rules
    sched = "points" if rules.schedule == "points" else "fan → money"
    out = [f"规则 rules: {rules.label()} ({'开口翻' if rules.opening == 'once' else '口口翻'}, {sched})"]
    out.append(f"胡 win: seat {r.winner}, {_HOW.get(r.how, r.how)}")
    if not r.legal:
        out.append(f"不能胡 not legal — {r.reason}")
        if r.loser_fan and any(u is not None for u in r.loser_fan):
            for s, u in enumerate(r.loser_fan):
                if u is not None:
                    out.append(f"  seat {s}: {u} fan")
        return "\n".join(out)
    kind = "硬胡 hard" if r.hard else f"软胡 soft ({r.wilds} 癞子 as wildcards)"
    if r.big:
        names = ", ".join(f"{BIG_HU[b]} {b}" for b in r.big)
        out.append(f"大胡 big hu: {names} — {kind}")
        if rules.schedule == "points":
            base = points_base(len(r.big))
            out.append(f"  base 基础分 {base} (X1: 10, ×2 per further type) in place of the big-hu fan "
                       f"{r.big_fan} (S4): a loser pays base × 2^(U − {r.big_fan})")
        else:
            out.append(f"  big-hu fan {r.big_fan} (S4: {rules.big_hu_fan}, +1 per further type)")
    else:
        out.append(f"小胡 small hu (屁胡) — {kind}; base 1")
    st = r.settlement
    out.append(f"赢家 winner seat {r.winner}: {_items(r.fan[r.winner])} = {r.winner_fan} fan")
    self_drawn = r.how == "zimo" or (rules.gangkai_haidi_zimo and r.how in ("gangshanghua", "haidilao"))
    zimo_big = self_drawn and bool(r.big) and rules.schedule == "points"
    if st is not None and zimo_big:
        rule = "X1, D4: gangkai_haidi_zimo" if r.how != "zimo" else "X1"
        out.append(f"  自摸大胡 self-drawn big hu: ×1.5 instead of the 自摸 fan ({rule})")
    elif r.how != "zimo" and self_drawn:
        out.append("  自摸 zimo counted on top of the big hu (D4: gangkai_haidi_zimo)")
    for s in range(4):
        if s == r.winner:
            continue
        u = r.loser_fan[s]
        line = f"输家 seat {s}: {_items(r.fan[s])}; U = {u} fan"
        if st is not None and r.big and rules.schedule == "points" and u is not None:
            # X1: the big-hu part of U is replaced by the base, so show the product itself
            x15 = " × 1.5" if zimo_big else ""
            line += f" → base {points_base(len(r.big))} × 2^{u - r.big_fan}{x15} = {_amt(st.raw[s])}"
        elif st is not None:
            line += f" → {_amt(st.raw[s])}"
            steps = []
            if st.jinding:
                steps.append("金顶 jinding")
            elif st.reached[s]:
                cap = rules.cap if rules.schedule == "points" else f"{rules.cap_fan} fan"
                steps.append(f"银顶 cap {cap}")
            if st.bi[s]:
                steps.append("×2 闭 bi")
            if st.doubled:
                steps.append("×2 风翻/连癞翻")
            if steps:
                line += f" ({', '.join(steps)}) = {_amt(st.owed[s])}"
        out.append(line)
    if st is not None:
        if st.jinding:
            gold = rules.gold_cap if rules.schedule == "points" else rules.gold_money
            mode = "each pays it" if rules.jinding == "fixed" else "a higher ceiling"
            out.append(f"金顶 jinding: all three losers reached the cap → gold {_amt(gold)} ({mode}, D9)")
        if st.doubled:
            out.append("风翻/连癞翻: the 癞子 is an honor or repeats the previous hand's → every payment ×2 (X4)")
    if r.liable is not None:
        out.append(
            f"承包 liability {r.liable_rule}: seat {r.liable} pays for all three "
            f"({LIABILITY.get(r.liable_rule or '', '')})"
        )
    for s in r.co_liable:
        out.append(f"陪包 co-liable (下雨, L5): seat {s} pays as much as seat {r.liable}: it discarded "
                   "another kind while holding the 清一色 suit")
    pays = "  ".join(f"seat {s}: {'+' if p > 0 else ''}{_amt(p)}" for s, p in enumerate(r.payments))
    out.append(f"结算 payments: {pays}")
    return "\n".join(out)
