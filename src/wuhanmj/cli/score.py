"""``wuhanmj score``: score wins written in the JSON cases schema.

Reads one case (a JSON object) or a list of cases (the schema of the test vectors:
``tests/data/cases/README.md`` in the repository)
from a file or stdin and prints, for each, the result in the ``expect`` schema
(``legal``, ``hard``, ``big``, ``payments``, ``liable``; an illegal win gives
``legal`` false and its ``reason``, the rule id and message) with the case ``id``
in front. ``--explain`` prints the scoring sheet instead; ``--check`` compares
with each case's own ``expect``. Every case is scored (and, with ``--check``, its
``expect`` checked) before anything is printed: when some case is bad, stdout is
empty, one line of stderr names the first bad case and how many are bad, and the
exit code is 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .._json import load_json
from ..errors import CaseError, WuhanMJError
from ..hand.bighu import BIG_HU
from ..scoring.cases import case_id, evaluate_case, expect_differences
from ..scoring.result import WinResult

EPILOG = """\
examples:
  wuhanmj score tests/data/cases/worked.json              results as JSON, one line per case
  wuhanmj score tests/data/cases/worked.json --explain    the scoring sheet of every case
  wuhanmj score tests/data/cases/settlement.json --check  compare with each case's "expect"
  cat case.json | wuhanmj score -           one case (an object) from stdin

--check compares only the keys each "expect" has (a partial expect checks those);
a case without "expect" is not checked (the summary counts it).

exit codes: 0 all scored (and, with --check, all checked cases agree); 1 --check
found a difference; 2 a bad file, case or expect (nothing printed; one line on
stderr names the first bad case and counts them)."""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``score`` on the ``wuhanmj`` subparsers."""
    p = subparsers.add_parser(
        "score",
        help="score wins given as JSON cases (legality, fan, payments, liability)",
        description="Score one win (a JSON object) or a list of wins in the cases schema "
        "and print each result in the 'expect' schema. The schema: tests/data/cases/README.md "
        "in the wuhanmj repository (and README.md, 'Score a win'); tests/data/cases/worked.json "
        "holds the worked examples of docs/RULES.md.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="a JSON file of one case or a list of cases; - for stdin")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--explain", action="store_true", help="print the scoring sheet of every case")
    mode.add_argument("--check", action="store_true", help="compare with each case's 'expect'; list differences")
    p.set_defaults(run=run)
    return p


def _read(path: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CaseError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise CaseError(f"{path}: cannot read: {err}") from None
    return load_json(text, CaseError, path)


def _check_expect(want: Any, cid: str) -> None:
    """An ``expect`` whose values are of the schema's types (so a malformed one is a bad
    case, never a difference): ``legal``/``hard`` true or false, ``big`` a list of big hu
    names (W6), ``payments`` 4 numbers, ``liable`` a seat 0–3 or null, ``reason`` a string.
    Unknown keys and a non-object are :func:`expect_differences`' to refuse.

    Raises:
        CaseError: the first malformed value, named with the case.
    """
    if not isinstance(want, dict):
        return

    def bad(key: str, what: str) -> CaseError:
        return CaseError(f"case {cid}: expect: {key} must be {what}, got {json.dumps(want[key], ensure_ascii=False)}")

    for key in ("legal", "hard"):
        if key in want and not isinstance(want[key], bool):
            raise bad(key, "true or false")
    if "big" in want:
        big = want["big"]
        if not isinstance(big, list) or not all(isinstance(b, str) and b in BIG_HU for b in big):
            raise bad("big", f"a list of big hu names ({', '.join(BIG_HU)})")
    if "payments" in want:
        pays = want["payments"]
        if not isinstance(pays, list) or len(pays) != 4 or not all(
                isinstance(x, (int, float)) and not isinstance(x, bool) for x in pays):
            raise bad("payments", "a list of 4 numbers (one per seat)")
    if "liable" in want:
        li = want["liable"]
        if li is not None and (isinstance(li, bool) or not isinstance(li, int) or not 0 <= li <= 3):
            raise bad("liable", "a seat 0-3 or null")
    if "reason" in want and not isinstance(want["reason"], str):
        raise bad("reason", "a string (a rule id such as \"W5\", or the whole reason)")


def run(args: argparse.Namespace) -> int:
    """Score the cases of ``args.file``; returns the exit code (0, 1 with --check, 2)."""
    name = "stdin" if args.file == "-" else args.file
    data = _read(args.file)
    single = isinstance(data, dict)
    if not single and not isinstance(data, list):
        raise CaseError(f"{name}: expected a case object or a list of cases, got JSON {type(data).__name__}")
    cases = [data] if single else data
    out = sys.stdout
    # Score and check every case first: a bad case prints nothing on stdout (no half
    # result), one line on stderr naming the first bad case and how many are bad.
    scored: list[tuple[str, Any, WinResult]] = []
    errors: list[str] = []
    for i, case in enumerate(cases):
        cid = case_id(case, None if single else i)
        try:
            r = evaluate_case(case, None if single else i)
            if args.check and isinstance(case, dict) and case.get("expect") is not None:
                _check_expect(case["expect"], cid)
                expect_differences(case["expect"], r.to_expect(), cid)
        except WuhanMJError as err:
            msg = str(err)
            errors.append(msg if msg.startswith("case ") else f"case {cid}: {msg}")
            continue
        scored.append((cid, case, r))
    if errors:
        n = len(errors)
        print(f"wuhanmj score: {errors[0]}; {n} bad case{'' if n == 1 else 's'} of {len(cases)}, nothing scored",
              file=sys.stderr)
        return 2
    results: list[dict[str, Any]] = []
    differ = checked = unchecked = 0
    for cid, case, r in scored:
        got = r.to_expect()
        if args.explain:
            if results:
                out.write("\n")
            out.write(f"== case {cid} ==\n{r.explain()}\n")
        elif args.check:
            want = case.get("expect") if isinstance(case, dict) else None
            if want is None:  # nothing to check against: not checked, and said so
                unchecked += 1
                out.write(f"case {cid}: no 'expect', not checked\n")
            else:
                checked += 1
                if expect_differences(want, got, cid):  # only the keys the expectation has
                    differ += 1
                    have = {k: got.get(k) for k in want}
                    out.write(f"case {cid}: expected {json.dumps(want, ensure_ascii=False)}\n")
                    out.write(f"{' ' * len(f'case {cid}: ')}     got {json.dumps(have, ensure_ascii=False)}\n")
        results.append({"id": cid, **got})
    if args.check:
        no_expect = f"{unchecked} case has" if unchecked == 1 else f"{unchecked} cases have"
        out.write(f"{checked - differ} of {checked} checked cases agree"
                  f"{f', {differ} differ' if differ else ''}"
                  f"{f'; {no_expect} no expect' if unchecked else ''}\n")
    elif not args.explain:
        if single:
            out.write(json.dumps(results[0], ensure_ascii=False) + "\n")
        else:
            lines = ",\n".join(json.dumps(x, ensure_ascii=False) for x in results)
            out.write(f"[\n{lines}\n]\n" if results else "[]\n")
    return 1 if differ else 0
