"""``wuhanmj review``: what each decision of one seat in a recorded hand was worth.

Reads a hand of a records file as ``wuhanmj replay`` does (binary ``.wmj``, JSON lines,
gzip JSON lines, an event log, ``-`` for stdin in any of them) and prints, for every
decision of the seat, the legal options with the expert's values (points, X5 units), the
expert bot's pick, the option played and its loss, then the three worst decisions and the
total loss (:func:`wuhanmj.review_hand`). ``--json`` prints the review as JSON,
``--html`` writes the replay viewer with the review beside the event list.

The seat defaults to the one labelled ``you`` in the record's ``agents`` (a hand of
``wuhanmj play --record`` or the web table), else seat 0.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from typing import Any

from .._checks import distinct_files, index
from ..errors import ReviewError
from ..files.records import MAGIC, RecordsReader, is_records_file
from .replay import load_records, replay_record

EPILOG = """\
examples:
  wuhanmj simulate --hands 50 --records hands.jsonl
  wuhanmj review hands.jsonl --hand 3 --seat 1          seat 1's decisions in hand 3
  wuhanmj review hands.jsonl --hand 3 --rollouts 200    with rollout estimates and 95 % intervals
  wuhanmj review hands.jsonl --hand 3 --html hand3.html the replay viewer with the review panel
  wuhanmj review hands.wmj --hand 3 --json              the review as JSON"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``review`` on the ``wuhanmj`` subparsers."""
    p = subparsers.add_parser(
        "review",
        help="review one seat's decisions in a recorded hand",
        description="For every decision of one seat in one hand of a records file: the legal "
        "options with the expert's value of each (the expected payment for the rest of the "
        "hand, points), the expert bot's pick, the option played and its loss (best value "
        "minus the played one); then the three worst decisions and the total loss.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="records (binary .wmj, .jsonl or .jsonl.gz) or an event log; - for stdin")
    p.add_argument("--hand", required=True, metavar="N",
                   help="the hand to review (its 'hand' field; the index in a binary file)")
    p.add_argument("--seat", default=None, metavar="S",
                   help="the seat 0-3 to review (default: the seat labelled 'you' in the record, else 0)")
    p.add_argument("--rollouts", default="0", metavar="K",
                   help="also play every option out K times with the expert bot at every seat (default 0: no)")
    p.add_argument("--seed", default="0", metavar="X", help="the rollouts' seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.add_argument("--html", metavar="OUT", default=None,
                   help="write the replay viewer page of the hand with the review panel to OUT")
    p.set_defaults(run=run)
    return p


def _int(text: Any, what: str, low: int, high: int | None = None) -> int:
    """``text`` (a command-line word) as an int in ``low..high``; ReviewError naming ``what``."""
    try:
        x = int(text) if isinstance(text, str) else index(text)
    except ValueError:
        x = None
    if x is None or x < low or (high is not None and x > high):
        rng = f"{low}-{high}" if high is not None else f">= {low}"
        raise ReviewError(f"{what} must be an int {rng}, got {text!r}")
    return x


def _stdin_data() -> bytes:
    buf = getattr(sys.stdin, "buffer", None)
    return buf.read() if buf is not None else sys.stdin.read().encode("utf-8")


def _binary_record(path: str, name: str, hand: int) -> dict[str, Any]:
    with RecordsReader(path, name=name) as rr:
        if not 0 <= hand < rr.hands and rr.damage is None:  # a damaged file: the reader says where
            raise ReviewError(f"{name}: no hand {hand}: the file has {rr.hands} hands (0..{rr.hands - 1})")
        return rr.record(hand)


def read_hand(path: str, hand: int) -> dict[str, Any]:
    """Hand ``hand`` of a records file or event log, in any format ``wuhanmj replay``
    reads (``-``: stdin), its result checked against its events.

    Args:
        path: the file; hand: the record's ``hand`` field (JSON lines), its index (binary).

    Raises:
        ReviewError: no such hand (the message says how many hands the file has).
        ReplayError: the file cannot be read, or the hand does not replay (RecordsError for
            the binary format, e.g. of a newer format version).
    """
    data = None
    if path == "-":
        data = _stdin_data()
        if data[: len(MAGIC)] == MAGIC:
            fd, tmp = tempfile.mkstemp(suffix=".wmj")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                record = _binary_record(tmp, path, hand)
            finally:
                os.unlink(tmp)
            replay_record(record)
            return record
    elif is_records_file(path):
        record = _binary_record(path, path, hand)
        replay_record(record)
        return record
    cut: list[str] = []
    records = load_records(path, cut, data)
    found = [r for r in records if index(r.get("hand")) == hand]  # not a bool or a float
    if not found:
        nums = [r.get("hand") for r in records]
        more = f"; {cut[0]}" if cut else ""
        raise ReviewError(f"{path}: no hand {hand}: the file has {len(records)} hand"
                          f"{'s' if len(records) != 1 else ''} (hand numbers {nums[0]}..{nums[-1]}){more}")
    for msg in cut:
        print(f"wuhanmj review: warning: {msg}", file=sys.stderr)
    replay_record(found[0])
    return found[0]


def default_seat(record: dict[str, Any]) -> int:
    """The seat labelled ``you`` in the record's ``agents`` (one person at a table), else 0."""
    agents = record.get("agents")
    if isinstance(agents, list):
        mine = [s for s, a in enumerate(agents) if a == "you"]
        if len(mine) == 1:
            return mine[0]
    return 0


def _fmt(x: float | None, width: int = 8) -> str:
    return f"{x:>{width}.1f}" if x is not None else " " * (width - 1) + "-"


def text_lines(review: Any, agents: list[str] | None = None) -> list[str]:
    """The text of a :class:`~wuhanmj.running.review.HandReview`: a block per decision,
    then the worst three and the total loss (in the review's unit: points or money)."""
    who = f" ({agents[review.seat]})" if agents and len(agents) == 4 else ""
    pay = "" if review.payment is None else f"; its payment in the hand {review.payment:+g}"
    head = (f"hand {review.hand if review.hand is not None else '?'}, seat {review.seat}{who}: "
            f"{len(review.decisions)} decisions, {len(review.reviewed)} with a choice{pay}")
    lines = [head, f"values: the expert's expected payment for the rest of the hand ({review.unit}); "
             "E expert's pick, P played, * best", ""]
    roll = review.rollouts > 0
    for d in review.decisions:
        lines.append(f"turn {d.turn:>3}  event {d.event:>3}  {d.phase:<5}  {d.situation}")
        if d.forced:
            lines.append(f"      forced: {d.options[0].label}")
            lines.append("")
            continue
        cols = f"{'':8}{'option':<18}{'value':>8}{'win %':>8}{'if won':>8}"
        if roll:
            cols += f"{'rollout':>9}{'95 % interval':>20}"
        lines.append(cols)
        for o in d.options:
            mark = ("E" if o.code == d.expert else " ") + ("P" if o.code == d.played else " ") + (
                "*" if o.code == d.best else " ")
            row = f"   {mark}  {o.label:<18}{_fmt(o.value)}{100 * o.win:>8.1f}{_fmt(o.points)}"
            if roll:
                ci = f"[{o.low:.1f}, {o.high:.1f}]" if o.low is not None and o.high is not None else "-"
                row += f"{_fmt(o.rollout_mean, 9)}{ci:>20}"
            lines.append(row)
        lines.append(f"      loss {d.loss:.1f}" + ("" if d.played == d.expert else
                                                  f"  (the expert plays {d.option(d.expert).label})"))
        lines.append("")
    worst = review.worst(3)
    lines.append("worst decisions:" if worst else "worst decisions: none (no decision with a choice)")
    for d in worst:
        lines.append(f"  event {d.event:>3}, turn {d.turn:>3}: played {d.option(d.played).label}, best "
                     f"{d.option(d.best).label}: loss {d.loss:.1f}")
    lines.append(f"total loss: {review.total_loss:.1f} {review.unit} over {len(review.reviewed)} decisions")
    return lines


def run(args: argparse.Namespace) -> int:
    """Run ``wuhanmj review``; returns the exit code."""
    from ..running.review import review_hand

    distinct_files((("FILE", args.file), ("html", args.html)), ReviewError)
    hand = _int(args.hand, "--hand", 0)
    rollouts = _int(args.rollouts, "--rollouts", 0)
    seed = _int(args.seed, "--seed", 0, 2 ** 64 - 1)
    seat = None if args.seat is None else _int(args.seat, "--seat", 0, 3)
    record = read_hand(args.file, hand)
    if seat is None:
        seat = default_seat(record)
    review = review_hand(record, seat, rollouts=rollouts, seed=seed)
    if args.html is not None:
        from ..render.viewer import write_record_html

        print(f"wrote {write_record_html(record, args.html, review=review)}", file=sys.stderr if args.json else sys.stdout)
    if args.json:
        print(json.dumps(review.to_dict(), ensure_ascii=False, indent=1))
    elif args.html is None:
        agents = record.get("agents")
        for line in text_lines(review, agents if isinstance(agents, list) else None):
            print(line)
    return 0
