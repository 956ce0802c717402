"""``wuhanmj check``: analyse one hand — is it hu, what would it pay, how far from ready,
which tiles help, what to discard (W1–W8, R1–R4, D8).

The hand is the concealed tiles; melds are given with ``--meld`` (``777s`` a 碰,
``123m`` a 吃, ``7777s`` a 冲杠, ``an:1111m`` an 暗杠, ``xu:7777s`` a 蓄杠). A hand of
``14 - 3 × melds`` tiles is checked as a win (its last tile written is the one won,
scored as a sample self-drawn win by seat 1 with seat 0 the dealer) and gets discard
advice; a hand of ``13 - 3 × melds`` gets its waits or effective tiles.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import MeldError, TileError
from ..hand.analysis import discard_advice, effective_tiles, wuhan_shanten
from ..hand.meld import Meld, MeldKind, SeatPlays
from ..rulefiles import load_rules
from ..rules import PRESETS, Rules
from ..tiles import (
    format_tile,
    format_tiles,
    laizi_of,
    parse_tile,
    parse_tiles,
    pizi_of,
    tile_counts,
)

EPILOG = """\
examples:
  wuhanmj check "234m456p78p55s6m" --meld 777s --indicator 5m
  wuhanmj check "234m456p78p55s" --meld 777s --indicator 5m --visible 9p9p3p
  wuhanmj check "123m45p2s66m7z1z" --meld 999s --indicator 5m --rules koukou_fan

exit codes: 0 done; 2 bad tiles, melds or options (one line on stderr)."""

ROUTE_LABELS = {
    "xiaohu": "小胡 xiaohu",
    "pengpenghu": "碰碰胡 pengpenghu",
    "qingyise_m": "清一色 qingyise (万)",
    "qingyise_p": "清一色 qingyise (筒)",
    "qingyise_s": "清一色 qingyise (条)",
    "jiangyise": "将一色 jiangyise",
    "fengyise": "风一色 fengyise",
}
WINNER, DEALER, CHI_FROM, CLAIM_FROM = 1, 0, 0, 2


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``check`` on the ``wuhanmj`` subparsers."""
    p = subparsers.add_parser(
        "check",
        help="analyse a hand: hu and sample payments, shanten, effective tiles, discard advice",
        description="Analyse one hand: is it hu (and what it would pay in each preset), its "
        "shanten (向听) and route, its waits or effective tiles, and discard advice.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("hand", metavar="HAND", help='concealed tiles, e.g. "234m456p78p55s6m" (T2)')
    p.add_argument("--meld", action="append", default=[], metavar="TILES",
                   help="a meld: 777s (碰), 123m (吃), 7777s (冲杠), an:1111m (暗杠), xu:7777s (蓄杠); repeat")
    p.add_argument("--indicator", required=True, metavar="TILE",
                   help="the indicator tile (翻牌, R2); the 癞子 and 痞子 follow from it")
    p.add_argument("--rules", default="kaikou", metavar="RULES",
                   help=f"a preset ({', '.join(PRESETS)}) or a .toml/.json file of rule fields, whose "
                        "痞子 option (R3) the analysis uses (default kaikou)")
    p.add_argument("--visible", default="", metavar="TILES",
                   help="tiles seen outside the hand and melds (discards, other melds); the indicator is added")
    p.set_defaults(run=run)
    return p


_PREFIX_KINDS: dict[str, MeldKind] = {"an": "an_gang", "an_gang": "an_gang", "xu": "xu_gang", "xu_gang": "xu_gang"}


def parse_meld(text: str) -> Meld:
    """A meld from the ``--meld`` syntax; raises MeldError."""
    kind: MeldKind | None = None
    body = text.strip()
    if ":" in body:
        prefix, body = body.split(":", 1)
        kind = _PREFIX_KINDS.get(prefix)
        if kind is None:
            raise MeldError(f"meld {text!r}: unknown prefix {prefix!r} (an: or xu:)")
    try:
        tiles = sorted(parse_tiles(body))
    except TileError as e:
        raise MeldError(f"meld {text!r}: {e}") from None
    if kind is None:
        if len(tiles) == 4:
            kind = "chong_gang"
        elif len(tiles) == 3 and tiles[0] != tiles[-1]:
            kind = "chi"
        else:
            kind = "peng"
    source = None if kind == "an_gang" else (CHI_FROM if kind == "chi" else CLAIM_FROM)
    return Meld(kind, tiles, source)


def _route(name: str) -> str:
    return ROUTE_LABELS.get(name, name)


def _sample_scores(hand: list[int], melds: list[Meld], indicator: int, rules: Rules) -> tuple[list[str], Any]:
    """One line per preset (and for ``rules`` when it is none of them): the sample win's
    verdict and the payments; and the sample win under ``rules`` (a WinResult)."""
    from ..scoring import evaluate_win

    seats = [SeatPlays() for _ in range(4)]
    seats[WINNER] = SeatPlays(tuple(melds))
    lines = []
    sets = [Rules.preset(name) for name in PRESETS]
    if rules not in sets:
        sets.append(rules)
    mine = None
    for rs in sets:
        name = rs.name
        r = evaluate_win(hand=hand, win_tile=hand[-1], how="zimo", winner=WINNER, dealer=DEALER,
                         indicator=indicator, seats=seats, rules=rs)
        if rs == rules:
            mine = r
        if r.legal:
            kind = " + ".join(r.big) if r.big else "small hu"
            pays = " ".join(f"{p:+g}" for p in r.payments)
            lines.append(f"  {name:<11} legal, {kind}, {'hard' if r.hard else 'soft'}: payments by seat {pays}")
        else:
            lines.append(f"  {name:<11} not legal: {r.reason}")
    return lines, mine


def _verdict(shanten: int, sample: Any, rules_name: str) -> str:
    """``yes (shape, RULES)``, or ``no`` with the rule that refuses the hand when a rule
    other than the shape does (W8: two or more 癞子 forbid a small hu; W5: a held
    红中/痞子), else ``no (shape, RULES)``."""
    if shanten == -1:
        return f"yes (shape, {rules_name})"
    refusal = getattr(sample, "refusal", None)
    if refusal is not None and refusal.rule in ("W8", "W5"):
        return f"no: {refusal.message} ({rules_name})"
    return f"no (shape, {rules_name})"


def run(args: argparse.Namespace) -> int:
    """Print the analysis of ``args.hand``; returns 0 (errors raise WuhanMJError)."""
    hand = parse_tiles(args.hand)
    melds = [parse_meld(m) for m in args.meld]
    indicator = parse_tile(args.indicator)
    rules = load_rules(args.rules)
    laizi = laizi_of(indicator)
    visible = parse_tiles(args.visible, max_copies=4) + [indicator]
    counts = tile_counts(hand)
    # everything is worked out before anything is printed: a bad input gives one line
    res = wuhan_shanten(counts, melds, laizi, rules)
    complete = len(hand) + 3 * len(melds) == 14
    if complete:
        scores, sample = _sample_scores(hand, melds, indicator, rules)
        adv = discard_advice(counts, melds, laizi, rules, visible=visible)
    else:
        eff = effective_tiles(counts, melds, laizi, rules, visible=visible)
    pz = " ".join(format_tile(t) for t in pizi_of(indicator)) if rules.pizi else "off"
    meld_text = "  ".join(str(m) for m in melds) or "none"
    print(f"hand       {format_tiles(hand)}   melds: {meld_text}")
    print(f"indicator  {format_tile(indicator)}: 癞子 {format_tile(laizi)}, 痞子 {pz} ({args.rules})")
    routes = ", ".join(f"{n} {v}" for n, v in res.routes)
    if complete:
        print(f"hu         {_verdict(res.value, sample, args.rules)}; sample win: 自摸 by seat {WINNER} on "
              f"{format_tile(hand[-1])}, dealer seat {DEALER}")
        for line in scores:
            print(line)
    print(f"shanten    {res.value} via {_route(res.route)}   (routes: {routes})")
    if complete:
        print("discards   " + ("none (only 癞子/红中/痞子 held)" if not adv else "best first"))
        for o in adv:
            tiles = " ".join(format_tile(t) for t in o.tiles) or "-"
            print(f"  {format_tile(o.tile):<3} shanten {o.shanten:>2}  {o.unseen:>3} unseen  {tiles}")
    else:
        label = "waits     " if eff.shanten == 0 else "effective "
        tiles = "  ".join(f"{format_tile(t)}×{u}" for t, u in zip(eff.tiles, eff.unseen)) or "none"
        print(f"{label} {tiles}   ({eff.total} unseen)")
    return 0
