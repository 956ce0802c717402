"""``wuhanmj simulate``: play many hands with bots and print their statistics."""

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

DESCRIPTION = """\
Play HANDS hands of Wuhan Mahjong (红中癞子杠) with bots and print the statistics:
win rate per seat and agent, 荒庄 (draws), small and big hu, 硬胡/软胡, 自摸/放冲/抢杠,
银顶/金顶, 承包, payments per seat with 95% confidence intervals, hand length.
The same --seed gives the same result whatever --workers, --scheduler or --engine: the
native engine plays the same hands as the Python one, faster (any agent: a Python one is
called at its own decisions)."""

EPILOG = """\
examples:
  wuhanmj simulate                                   2,000 hands, kaikou, four greedy bots
  wuhanmj simulate --hands 100000 --workers 2 --seed 7 --out results.json
  wuhanmj simulate --rules koukou_fan --agents greedy,random,greedy,random
  wuhanmj simulate --hands 100000 --engine python       the Python engine even for built-in bots
  wuhanmj simulate --rules my_rules.toml --records hands.jsonl
  wuhanmj simulate --hands 500 --records - | wuhanmj replay - --list   records on stdout, summary on stderr
  wuhanmj simulate --scheduler tcp://host:8786       on a Dask cluster (pip install "wuhanmj[dask]")"""


STDOUT = "-"
"""The output path that means standard output (as ``score -`` and ``replay -`` read stdin)."""


def _positive(text: str) -> int:
    try:
        v = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, got {text!r}")
    return v


def _non_negative(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, got {text!r}")
    return v


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``simulate`` on the ``wuhanmj`` subparsers."""
    p = subparsers.add_parser(
        "simulate",
        help="play many hands with bots and print statistics",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--hands", type=_positive, default=2000, metavar="N", help="hands to play (default 2000)")
    p.add_argument(
        "--rules",
        default="kaikou",
        metavar="NAME|FILE",
        help=f"a preset ({', '.join(PRESETS)}; default kaikou) or a TOML/JSON file of rule fields "
        "(its 'name' picks the preset the other fields change)",
    )
    p.add_argument(
        "--agents",
        default="greedy,greedy,greedy,greedy",
        metavar="A,B,C,D",
        help="agents of seats 0-3: greedy, expert, policy, random, module:Name or " + CMD_HELP + " (one name fills "
        "every seat; default greedy,greedy,greedy,greedy)",
    )
    p.add_argument("--workers", type=_non_negative, default=1, metavar="N",
                   help="local processes (default 1; 0 = one per CPU; at most 4 per CPU)")
    p.add_argument("--seed", type=_non_negative, default=None, metavar="N", help="root seed (default: fresh, printed)")
    p.add_argument("--match-hands", type=_positive, default=8, metavar="N", help="hands per match (dealer rotation, 连癞; default 8)")
    p.add_argument("--out", metavar="FILE",
                   help="write the results as JSON (or CSV when FILE ends in .csv); - for stdout (JSON)")
    p.add_argument("--records", metavar="FILE",
                   help="write every hand (for wuhanmj replay): binary (docs/RECORDS.md) unless FILE ends .jsonl "
                   "or .jsonl.gz (JSON lines, gzip); - for JSON lines on stdout")
    p.add_argument("--verify-records", action="store_true",
                   help="on the native engine, also replay every recorded hand through the Python engine and "
                   "stop with an error if its record differs (slower)")
    p.add_argument("--report", metavar="FILE", help="write an HTML report (needs matplotlib: wuhanmj[report])")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster, e.g. tcp://host:8786 (extra wuhanmj[dask])")
    p.add_argument(
        "--connect-timeout", type=_positive, default=20, metavar="S", help="seconds to reach the --scheduler (default 20)"
    )
    p.add_argument(
        "--engine", choices=("auto", "native", "python"), default="auto",
        help="who plays the hands: native (the C engine; a Python agent is called at its own "
        "decisions), python, or auto (default: native when it is built)",
    )
    add_bot_options(p)
    p.add_argument("--quiet", action="store_true", help="no progress display")
    p.set_defaults(run=run)
    return p


class _PlainProgress(PlainProgress):
    """Progress as a few plain lines on stderr (when stderr is not a terminal): every
    10 %, with the rate and the ETA (:class:`wuhanmj.cli.progress.PlainProgress`)."""


def run(args: argparse.Namespace) -> int:
    """Run ``wuhanmj simulate``; returns the exit code."""
    from ..sim.simulate import check_output_path, dask_executor, simulate, write_text_atomic

    # the output files are checked before the rules are read and any hand is played
    for what, name in (("out", args.out), ("records", args.records)):
        if name is not None and name != STDOUT:
            check_output_path(what, name)
    if args.report is not None:  # the HTML report, checked before any hand
        from ..files.report import check_matplotlib

        check_output_path("report", args.report)
        check_matplotlib()
    if args.out == STDOUT and args.records == STDOUT:
        raise SimulationError("out and records cannot both be - (stdout); give one of them a file name")
    distinct_files((("out", args.out), ("records", args.records), ("report", args.report)), SimulationError)
    # with data on stdout, the summary goes to stderr
    report = sys.stderr if STDOUT in (args.out, args.records) else sys.stdout
    rules = load_rules(args.rules)
    if args.quiet:
        progress: Any = False
    elif sys.stderr.isatty():
        progress = True
    else:
        progress = _PlainProgress()
    kwargs = dict(
        hands=args.hands,
        rules=rules,
        agents=args.agents,
        seed=args.seed,
        workers=args.workers,
        records=sys.stdout if args.records == STDOUT else args.records,
        progress=progress,
        match_hands=args.match_hands,
        engine=args.engine,
        verify=args.verify_records,
    )
    t0 = time.perf_counter()
    with bot_options(args):
        if args.scheduler:
            with dask_executor(args.scheduler, timeout=args.connect_timeout) as ex:
                result = simulate(executor=ex, **kwargs)
        else:
            result = simulate(**kwargs)
    elapsed = time.perf_counter() - t0
    # the summary first: a result file that cannot be written must not lose the run's figures
    print(result.summary(), file=report)
    print(f"\n{result.hands:,} hands in {elapsed:.1f} s ({result.hands / max(elapsed, 1e-9):,.0f} hands/s)", file=report)
    report.flush()
    if args.out == STDOUT:
        sys.stdout.write(result.to_json() + "\n")
        sys.stdout.flush()
    elif args.out:
        text = result.to_csv() if args.out.lower().endswith(".csv") else result.to_json() + "\n"
        write_text_atomic("out", args.out, text)
        print(f"results written to {args.out}", file=report)
    if args.records and args.records != STDOUT:
        print(f"hand records written to {args.records} (wuhanmj replay {args.records} --hand 0)", file=report)
    if args.report is not None:
        from ..files.report import write_report

        write_report([result], args.report)
        print(f"report written to {args.report}", file=report)
    return 0
