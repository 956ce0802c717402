"""``wuhanmj play``: play one seat in the terminal against three built-in bots (M1).

The table is shown as the seat sees it (tiles in the notation, or Unicode glyphs with
``--glyphs``); the person is asked only when it has a choice, may ask for a hint (``h``:
shanten and discard advice), and sees the scoring sheet after each hand, with the running
scores of the match.
"""

from __future__ import annotations

import argparse
import secrets
from typing import Any

from ..errors import SetupError
from ..play.table import Table
from ..play.terminal import play_match
from ..rulefiles import load_rules
from ..rules import PRESETS
from .bots import CMD_HELP, add_bot_options, bot_options

EPILOG = """\
examples:
  wuhanmj play                                  four hands of kaikou against three greedy bots
  wuhanmj play --rules koukou_fan --hands 8 --seat 2 --seed 7
  wuhanmj play --agents greedy,random,greedy --glyphs
  wuhanmj play --record mine.jsonl              then: wuhanmj replay mine.jsonl --hand 0 --html hand0.html

answers: a choice's number, a tile to discard (5m), peng / hu / pass / chi ..., h for a hint,
q to leave the match (逃跑, M3: the escape penalty is paid).
exit codes: 0 done; 2 bad options (one line on stderr)."""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``play`` on the ``wuhanmj`` subparsers."""
    p = subparsers.add_parser(
        "play",
        help="play one seat in the terminal against three bots",
        description="Play one seat of a match in the terminal against three built-in bots: the "
        "table as your seat sees it, your legal choices, hints, and the scoring sheet after each hand.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--rules", default="kaikou", metavar="RULES",
                   help=f"a preset ({', '.join(PRESETS)}) or a .toml/.json file of rule fields (default kaikou)")
    p.add_argument("--agents", default="greedy", metavar="NAMES",
                   help="the bots: one name for all three (greedy, expert, policy, random, module:Name, " + CMD_HELP + ") or "
                        "three by seat (default greedy)")
    p.add_argument("--seed", type=int, default=None, metavar="N", help="match seed (walls, dealer rotation, bots)")
    p.add_argument("--seat", type=int, default=0, metavar="S", help="your seat 0-3 (default 0, the first dealer)")
    p.add_argument("--hands", type=int, default=4, metavar="N", help="hands in the match (default 4)")
    p.add_argument("--glyphs", action="store_true", help="tiles as Unicode glyphs instead of 123m")
    p.add_argument("--record", metavar="FILE", default=None,
                   help="write the finished hands for the replay viewer (wuhanmj replay FILE --hand N --html OUT): "
                        "JSON lines for a name ending .jsonl or .jsonl.gz, else the binary records (.wmj), as "
                        "simulate --records; without --seed a seed is drawn and the file names it")
    add_bot_options(p)
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Run ``wuhanmj play``; returns the exit code."""
    if args.hands < 1:
        raise SetupError(f"--hands must be at least 1, got {args.hands}")
    if args.seed is not None and args.seed < 0:
        raise SetupError(f"--seed must be >= 0, got {args.seed}")
    seed = args.seed
    if seed is None and args.record is not None:
        seed = secrets.randbits(63)  # a recorded match names its seed (it can be played again)
    with bot_options(args):
        table = Table(load_rules(args.rules), agents=args.agents, seed=seed, seat=args.seat)
        return play_match(table, hands=args.hands, glyphs=args.glyphs, record=args.record)
