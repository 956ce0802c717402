"""``wuhanmj report``: an HTML report of simulation or arena results (extra wuhanmj[report])."""

from __future__ import annotations

import argparse
from typing import Any

EPILOG = """\
examples:
  wuhanmj simulate --hands 20000 --seed 1 --out sim.json
  wuhanmj report sim.json -o report.html
  wuhanmj report kaikou.json koukou.json koukou_fan.json -o rules.html   caps by rule set side by side"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``report`` on the ``wuhanmj`` subparsers."""
    p = subparsers.add_parser(
        "report", help="an HTML report of results (tables and plots)",
        description="Write one self-contained HTML file (no network, no scripts) with the summary tables and "
        "plots of one or more results of wuhanmj simulate --out or wuhanmj arena --out: payments per hand, "
        "the running mean with its 95% band, how the hands were won, the fan of the wins, the cap and "
        "gold-cap rates by rule set. Needs matplotlib (pip install \"wuhanmj[report]\").",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("results", nargs="+", metavar="RESULT.json", help="result files (simulate or arena --out)")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the HTML file to write")
    p.add_argument("--title", default="wuhanmj report", help="the page's title")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Run ``wuhanmj report``; returns the exit code."""
    from .._checks import distinct_files
    from ..errors import ReportError
    from ..files.report import write_report
    from ..files.paths import check_output_path

    check_output_path("output", args.output)
    distinct_files([*((f"result {r!r}", r) for r in args.results), ("output", args.output)], ReportError)
    write_report(args.results, args.output, title=args.title)
    print(f"report written to {args.output}")
    return 0
