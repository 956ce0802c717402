"""``wuhanmj arena``: compare agents on the same walls, every wall once per seating."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from .._checks import distinct_files
from ..errors import SimulationError
from ..rules import PRESETS
from ..rulefiles import load_rules
from .bots import CMD_HELP, add_bot_options, bot_options
from .progress import PlainProgress
from .simulate import STDOUT, _non_negative, _positive

DESCRIPTION = """\
Play HANDS walls once per seating of the mode and compare the agents, paired over walls:
  1v3     each challenger in each of the four seats against three copies of the baseline
  2v2     each challenger and the baseline on alternate seats, both ways
  rotate  four agents in their four cyclic seatings
The dealer of every hand is the first seating's (D5), the same walls and 连癞 in all.
Per agent: mean points per hand with a paired 95% CI, win, 自摸, 放冲, big-hu, 银顶/金顶
and 承包 rates, mean fan; per challenger: the difference against the baseline with its CI
and p-value (t, clustered by match). The baseline is the last agent unless --baseline.
The native engine plays them (--engine auto), the same games as the Python one."""

EPILOG = """\
examples:
  wuhanmj arena --agents greedy,random --hands 2000 --seed 7 --out arena.json
  wuhanmj arena --agents greedy,random --mode 2v2 --workers 2 --report arena.html
  wuhanmj arena --agents greedy,random,random,random --mode rotate --rating
  wuhanmj arena --agents mybot:Bot,greedy --records games.wmj     every game, for wuhanmj replay
  wuhanmj arena --agents greedy,random --engine python           the Python engine even for built-in bots
  wuhanmj arena --agents "cmd:python3 examples/bots/simple_bot.py",greedy --hands 64   a bot in any language"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``arena`` on the ``wuhanmj`` subparsers."""
    p = subparsers.add_parser("arena", help="compare agents on the same walls (paired)", description=DESCRIPTION,
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agents", default="greedy,random", metavar="A,B,...",
                   help="two or more agents: greedy, expert, policy, random, module:Name or " + CMD_HELP
                   + " (default greedy,random)")
    p.add_argument("--mode", choices=("1v3", "2v2", "rotate"), default="1v3", help="the seatings (default 1v3)")
    p.add_argument("--baseline", metavar="LABEL", help="the agent the others are compared with (default the last)")
    p.add_argument("--hands", type=_positive, default=2000, metavar="N", help="walls to play (default 2000)")
    p.add_argument("--rules", default="kaikou", metavar="NAME|FILE",
                   help=f"a preset ({', '.join(PRESETS)}; default kaikou) or a TOML/JSON file of rule fields")
    p.add_argument("--workers", type=_non_negative, default=1, metavar="N", help="local processes (default 1)")
    p.add_argument("--seed", type=_non_negative, default=None, metavar="N", help="root seed (default: fresh, printed)")
    p.add_argument("--match-hands", type=_positive, default=8, metavar="N", help="hands per match (default 8)")
    p.add_argument("--out", metavar="FILE", help="write the result as JSON; - for stdout")
    p.add_argument("--records", metavar="FILE",
                   help="write every game: binary (docs/RECORDS.md) unless FILE ends .jsonl or .jsonl.gz")
    p.add_argument("--report", metavar="FILE", help="write an HTML report (needs matplotlib: wuhanmj[report])")
    p.add_argument("--rating", action="store_true", help="rate the agents with openskill (wuhanmj[arena])")
    p.add_argument("--control-variates", action="store_true",
                   help="also estimate each difference with the luck of the deal (starting shanten, 癞子) as "
                   "control variates, unbiased, its interval beside the paired one (docs/BOTS.md)")
    p.add_argument("--engine", choices=("auto", "native", "python"), default="auto",
                   help="who plays the games: native (the C engine; a Python agent is called at its own "
                   "decisions), python, or auto (default: native when it is built); the result is the same")
    add_bot_options(p)
    p.add_argument("--quiet", action="store_true", help="no progress display")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Run ``wuhanmj arena``; returns the exit code."""
    from ..sim.arena import arena
    from ..sim.simulate import check_output_path, write_text_atomic

    for what, name in (("out", args.out), ("records", args.records), ("report", args.report)):
        if name is not None and name != STDOUT:
            check_output_path(what, name)
    distinct_files((("out", args.out), ("records", args.records), ("report", args.report)), SimulationError)
    if args.report == STDOUT or args.records == STDOUT:
        raise SimulationError("report and records need a file name, not -")
    if args.report:
        from ..files.report import check_matplotlib

        check_matplotlib()
    report = sys.stderr if args.out == STDOUT else sys.stdout
    baseline: Any = args.baseline
    if baseline is not None and baseline.isdigit():
        baseline = int(baseline)
    progress: Any = False if args.quiet else (True if sys.stderr.isatty() else PlainProgress("arena"))
    t0 = time.perf_counter()
    with bot_options(args):
        result = arena(agents=args.agents, hands=args.hands, mode=args.mode, rules=load_rules(args.rules),
                       seed=args.seed, workers=args.workers, baseline=baseline, records=args.records,
                       progress=progress, match_hands=args.match_hands, rating=args.rating,
                       control=args.control_variates,
                       engine=args.engine)
    elapsed = time.perf_counter() - t0
    # the summary first: a result file that cannot be written must not lose the run's figures
    print(result.summary(), file=report)
    print(f"\n{result.games:,} games in {elapsed:.1f} s ({result.games / max(elapsed, 1e-9):,.0f} games/s)", file=report)
    report.flush()
    if args.out == STDOUT:
        sys.stdout.write(result.to_json() + "\n")
    elif args.out:
        write_text_atomic("out", args.out, result.to_json() + "\n")
    for what, name in (("result", args.out), ("games", args.records)):
        if name and name != STDOUT:
            print(f"{what} written to {name}", file=report)
    if args.report:
        from ..files.report import write_report

        write_report([result], args.report)
        print(f"report written to {args.report}", file=report)
    return 0
