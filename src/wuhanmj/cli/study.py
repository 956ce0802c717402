"""``wuhanmj study``: play the same walls under several rule sets and compare them hand by hand."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from .._checks import distinct_files
from ..errors import StudyError
from ..rules import PRESETS
from .bots import CMD_HELP, add_bot_options, bot_options
from .progress import PlainProgress
from .simulate import STDOUT, _non_negative, _positive

DESCRIPTION = """\
Play HANDS hands under each of two or more rule sets, on the same walls with the same
match and agent seeds, and print their rates (win, 自摸, 放冲, draws, each big hu, 银顶,
金顶, 承包) and means (points moved per hand, the dealer's edge, each agent's points)
side by side, then each rule set's difference from the first (the baseline), paired by
hand, with its 95% interval clustered by match, beside the interval two independent runs
would give (and how much narrower the pairing made it). --target plans how many hands a
precision needs from this run taken as a fixed pilot: n = ceil((z*s/h)^2)."""

EPILOG = """\
examples:
  wuhanmj study --rules kaikou,koukou --agents greedy --hands 20000 --seed 1
  wuhanmj study --sweep cap=200,300,400 --hands 20000 --seed 1          on kaikou (--base)
  wuhanmj study --base koukou --sweep xiayu=false,true --out study.json
  wuhanmj study --rules kaikou,my_rules.toml --target jinding=0.1pp --target transfer=5%
  wuhanmj study --rules kaikou,koukou --records hands/ --report study.html   a records file a rule set
  wuhanmj study --rules kaikou,koukou --scheduler tcp://host:8786   on a Dask cluster (wuhanmj[dask])
quantities (target names): win zimo fangchong draw big big.<name> yinding jinding chengbao
  (rates: give the half-width in pp, or % of the rate), transfer dealer_edge points.<agent>
  (means: % of the mean, or a number of points)"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``study`` on the ``wuhanmj`` subparsers."""
    p = subparsers.add_parser(
        "study", help="compare rule sets on the same walls (paired differences, sample sizes)",
        description=DESCRIPTION, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--rules", metavar="A,B,...",
                   help=f"rule sets played as they are: presets ({', '.join(PRESETS)}) or TOML/JSON files, "
                   "comma-separated; the first is the baseline")
    p.add_argument("--sweep", action="append", default=[], metavar="FIELD=V1,V2,...",
                   help="rule sets that change one field of --base (cap=200,300,400, xiayu=false,true); "
                   "repeated: every combination. After --rules's rule sets")
    p.add_argument("--base", metavar="NAME|FILE",
                   help="the rule set --sweep changes (default kaikou; only with --sweep: the baseline is the first "
                   "rule set)")
    p.add_argument("--agents", default="greedy", metavar="A,B,C,D",
                   help="agents of seats 0-3 as for simulate: greedy, expert, policy, random, module:Name or " + CMD_HELP
                   + " (one name fills every seat; default greedy)")
    p.add_argument("--hands", type=_positive, default=2000, metavar="N", help="hands per rule set (default 2000)")
    p.add_argument("--seed", type=_non_negative, default=None, metavar="N",
                   help="root seed, the same for every rule set (default: fresh, printed)")
    p.add_argument("--workers", type=_non_negative, default=1, metavar="N",
                   help="local processes (default 1; 0 = one per CPU)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on a Dask cluster, e.g. tcp://host:8786 (extra wuhanmj[dask])")
    p.add_argument("--connect-timeout", type=_positive, default=20, metavar="S",
                   help="seconds to reach the --scheduler (default 20)")
    p.add_argument("--match-hands", type=_positive, default=8, metavar="N", help="hands per match (default 8)")
    p.add_argument("--target", action="append", default=[], metavar="NAME=WIDTH",
                   help="a precision to plan for: jinding=0.1pp (a rate's half-width in percentage points), "
                   "transfer=5%% (relative), transfer=2 (points); repeatable")
    p.add_argument("--out", metavar="FILE", help="write every number as JSON; - for stdout (the table then on stderr)")
    p.add_argument("--records", metavar="DIR",
                   help="keep every rule set's hands in DIR (made when missing): 00-LABEL.wmj, 01-LABEL.wmj, ... "
                   "(binary records, for wuhanmj replay)")
    p.add_argument("--report", metavar="FILE",
                   help="write an HTML page: the table, the running rates with their bands, the paired "
                   "differences, the winner's gain of every rule set overlaid, the caps (needs matplotlib: "
                   "wuhanmj[report])")
    p.add_argument("--engine", choices=("auto", "native", "python"), default="auto",
                   help="who plays the hands (default auto: native when it is built)")
    add_bot_options(p)
    p.add_argument("--quiet", action="store_true", help="no progress display")
    p.set_defaults(run=run)
    return p


class _Progress:
    """Progress on stderr: one tqdm bar per rule set on a terminal, else a few plain lines."""

    def __init__(self) -> None:
        self.lines: dict[str, PlainProgress] = {}

    def __call__(self, done: int, total: int, label: str) -> None:
        if label not in self.lines:
            self.lines[label] = PlainProgress(f"study {label}")
        self.lines[label](done, total)


def run(args: argparse.Namespace) -> int:
    """Run ``wuhanmj study``; returns the exit code."""
    from ..files.paths import check_output_path, write_text_atomic
    from ..sim.study import records_names, rule_sets, study

    for what, name in (("out", args.out), ("report", args.report)):
        if name is not None and (what, name) != ("out", STDOUT):
            check_output_path(what, name)
    if args.report is not None:
        from ..files.report import check_matplotlib

        check_matplotlib()
    # no output may replace an input rules file or another output (a rule set's records)
    labels = [lab for lab, _ in rule_sets(args.rules, args.sweep, args.base)]
    files: list[tuple[str, Any]] = [(f"rules {lab!r}", lab) for lab in labels if os.path.isfile(lab)]
    if args.base is not None and os.path.isfile(args.base):
        files.append(("base", args.base))
    if args.records:
        files += [(f"records {p.name!r}", p) for p in records_names(args.records, labels)]
    distinct_files((*files, ("out", args.out), ("report", args.report)), StudyError)
    progress: Any = False if args.quiet else (True if sys.stderr.isatty() else _Progress())
    t0 = time.perf_counter()
    kwargs: dict[str, Any] = dict(rules=args.rules, sweep=args.sweep, base=args.base, agents=args.agents, hands=args.hands,
                  seed=args.seed, workers=args.workers, records=args.records, match_hands=args.match_hands,
                  targets=args.target, engine=args.engine, progress=progress)
    with bot_options(args):
        if args.scheduler:
            from ..sim.simulate import dask_executor

            with dask_executor(args.scheduler, timeout=args.connect_timeout) as ex:
                result = study(executor=ex, **kwargs)
        else:
            result = study(**kwargs)
    elapsed = time.perf_counter() - t0
    # the table first (on stderr when the JSON goes to stdout): a file that cannot be
    # written must not lose the run's figures
    report = sys.stderr if args.out == STDOUT else sys.stdout
    print(result.table(), file=report)
    n = result.hands * len(result.labels)
    print(f"\n{n:,} hands in {elapsed:.1f} s ({n / max(elapsed, 1e-9):,.0f} hands/s)", file=report)
    report.flush()
    if args.out == STDOUT:
        sys.stdout.write(result.to_json() + "\n")
        sys.stdout.flush()
    elif args.out:
        write_text_atomic("out", args.out, result.to_json() + "\n")
        print(f"results written to {args.out}", file=report)
    if result.records:
        print(f"hand records written to {', '.join(result.records)} (wuhanmj replay FILE --hand 0)", file=report)
    if args.report is not None:
        from ..files.study_report import write_study_report

        write_study_report(result, args.report, title="wuhanmj study: " + " vs ".join(result.labels))
        print(f"report written to {args.report}", file=report)
    return 0
