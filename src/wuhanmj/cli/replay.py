"""``wuhanmj replay``: show one recorded hand turn by turn.

Reads the JSON lines written by ``wuhanmj simulate --records FILE`` (one hand
per line) or a single hand's event log (``Game.event_log()``: one event per
line). Every hand shown or listed is replayed through :class:`wuhanmj.game.Game`,
and a record's ``result`` is checked against what its events give, so a record
that does not match the rules of the game, or whose result was edited, is
reported, not shown. A file cut short inside its last line is read up to the cut,
which is named (``--list`` then exits 2; an event log cut short is refused); ``--list``
of a binary file marks the hands that cannot be read and goes on. Stdin (``-``) is read
in any of the formats, told by its first bytes (the binary magic, gzip's 1f 8b).
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import sys
import tempfile
from collections.abc import Iterable, Iterator
from typing import Any

from .._json import load_json
from .._checks import distinct_files, index
from ..errors import ReplayError, WuhanMJError
from ..files.recordio import json_lines
from ..files.records import MAGIC, BadHands, RecordsReader, is_records_file
from ..tiles import format_glyphs, format_tiles, parse_tiles

EPILOG = """\
examples:
  wuhanmj simulate --hands 50 --records hands.jsonl
  wuhanmj replay hands.jsonl --list            one line per hand
  wuhanmj replay hands.jsonl --hand 3          hand 3, turn by turn
  wuhanmj replay hands.jsonl --hand 3 --glyphs with Unicode mahjong tiles
  wuhanmj replay hands.jsonl --hand 3 --html hand3.html   the replay viewer (a web page)"""

_HOW = {
    "zimo": "自摸, self-drawn",
    "fangchong": "放冲, on the discard of seat {d}",
    "qianggang": "抢杠, robbing the 蓄杠 of seat {d}",
    "gangshanghua": "杠上开花, self-drawn on a replacement draw",
    "haidilao": "海底捞, self-drawn in the 海底",
}
_SPECIAL = {"hongzhong_gang": "红中杠", "pizi_gang": "痞子杠", "laizi_gang": "癞子杠"}
_MELD = {"chi": "吃 chi", "peng": "碰 peng", "chong_gang": "冲杠 chong_gang", "xu_gang": "蓄杠 xu_gang", "an_gang": "暗杠 an_gang"}


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``replay`` on the ``wuhanmj`` subparsers."""
    p = subparsers.add_parser(
        "replay",
        help="show a recorded hand turn by turn",
        description="Show one hand of a records file (wuhanmj simulate --records) or of an "
        "event log, turn by turn: the deal, every draw, discard, claim, gang and special "
        "play with the player's hand, the win and the settlement.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="records (binary .wmj, .jsonl or .jsonl.gz) or an event log; - for stdin")
    which = p.add_mutually_exclusive_group()  # --list shows every hand, --hand one
    which.add_argument("--hand", type=int, default=None, metavar="N",
                   help="the hand number to show (its 'hand' field, the index in a binary file; default the first)")
    p.add_argument("--glyphs", action="store_true", help="show tiles as Unicode glyphs (🀇🀈🀉) instead of 123m")
    which.add_argument("--list", action="store_true", help="list the hands of the file, one line each")
    p.add_argument("--html", metavar="OUT", default=None,
                   help="write the hand as a self-contained HTML page (the replay viewer) to OUT")
    p.set_defaults(run=run)
    return p


def _stdin_bytes() -> bytes:
    """All of stdin, as bytes (a text stream without a buffer: its text, UTF-8)."""
    buf = getattr(sys.stdin, "buffer", None)
    return buf.read() if buf is not None else sys.stdin.read().encode("utf-8")


def _lines(path: str, cut: list[str] | None = None, data: bytes | None = None) -> list[str]:
    """The non-blank whole lines of ``path`` (``.gz``: gzip), or of ``data`` (stdin's
    bytes: gzip when they start with gzip's 1f 8b). A file cut short inside its last line
    gives the lines before it; the cut's message (naming the line) goes to ``cut``, or is
    raised when ``cut`` is None."""
    on_cut = cut.append if cut is not None else None
    try:
        if data is not None:
            raw: Any = io.BytesIO(data)
            if data[:2] == b"\x1f\x8b":
                raw = gzip.GzipFile(fileobj=raw)
            return [ln for _, ln in json_lines(io.TextIOWrapper(raw, encoding="utf-8"), path, on_cut)]
        opener: Any = gzip.open if path.lower().endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as f:
            return [ln for _, ln in json_lines(f, path, on_cut)]
    except FileNotFoundError:
        raise ReplayError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        why = "not UTF-8 text, nor binary records (docs/RECORDS.md)" if data is not None else _not_text(path)
        raise ReplayError(f"{path}: cannot read: {why}") from None
    except OSError as err:
        raise ReplayError(f"{path}: cannot read: {err}") from None


def _not_text(path: str) -> str:
    """Why a file that should be JSON lines is not text: what its first bytes say it is."""
    try:
        with open(path, "rb") as f:
            head = f.read(2)
    except OSError:  # pragma: no cover - it was just read
        head = b""
    if head == b"\x1f\x8b" and path.lower().endswith(".gz"):  # unzipped, it is not text
        return "gzip data that is not UTF-8 text (binary records are read unzipped: gunzip it)"
    if head == b"\x1f\x8b":
        return "gzip data: name the file .jsonl.gz (or .gz) to read it"
    return "not UTF-8 text, nor binary records (docs/RECORDS.md)"


def load_records(path: str, cut: list[str] | None = None, data: bytes | None = None) -> list[dict[str, Any]]:
    """The hand records of a file: a records file, or one event log wrapped as one record.

    Args:
        path: the file (``-`` for stdin).
        cut: where the message of a file cut short inside its last line goes (that line
            left out, every whole line read); None: it is raised. An event log cut short
            is one hand that does not end: its cut is always raised.
        data: the file's bytes when already read (stdin); None: read ``path``.

    Raises:
        ReplayError: unreadable file, a line that is not JSON (a file that is one JSON
            object over many lines, such as a simulation result, is named as such),
            neither format, a file with nothing before its cut, or (with ``cut`` None) a
            file cut short.
    """
    got: list[str] = [] if cut is None else cut
    lines = _lines(path, got, data)
    out = []
    for i, ln in enumerate(lines, start=1):
        if i == 1 and len(lines) > 1 and ln.strip() in ("{", "["):
            raise ReplayError(f"{path}: {_whole_json(path, lines)}")
        obj = load_json(ln, ReplayError, f"{path}, line {i}")
        if not isinstance(obj, dict):
            raise ReplayError(f"{path}, line {i}: expected a JSON object")
        out.append(obj)
    if got and (cut is None or not out or out[0].get("type") == "deal"):
        raise ReplayError(got[0])  # nothing whole before the cut, or an event log that stops
    if not out:
        raise ReplayError(f"{path}: empty file")
    if out[0].get("type") == "deal":  # a bare event log of one hand
        return [{"hand": 0, "events": out}]
    for i, r in enumerate(out, start=1):
        if not isinstance(r.get("events"), list):
            raise ReplayError(f"{path}, line {i}: a record needs an 'events' list (wuhanmj simulate --records)")
    return out


def _whole_json(path: str, lines: list[str]) -> str:
    """What a file of one JSON value over many lines (pretty-printed) is, when not records."""
    try:
        obj = json.loads("".join(lines))
    except ValueError:
        return "not JSON lines: line 1 is only an opening bracket (records have one hand a line)"
    if isinstance(obj, dict) and "hands" in obj and "seats" in obj:  # wuhanmj simulate/arena --out
        return "a simulation result, not records or an event log: use wuhanmj report"
    return "one JSON value over many lines, not records (one hand a line) or an event log (one event a line)"


def _fmt(tiles: str | Iterable[int], glyphs: bool) -> str:
    ts = parse_tiles(tiles) if isinstance(tiles, str) else list(tiles)
    return format_glyphs(sorted(ts)) if glyphs else format_tiles(sorted(ts))


def _signed(x: Any) -> str:
    return f"{x:+g}" if x else "0"


def replay_record(record: dict[str, Any]) -> Any:
    """The :class:`~wuhanmj.game.Game` a record's events give, its ``result`` checked.

    Raises:
        ReplayError: the events are malformed or do not replay under the rules, or
            the record's ``result`` differs from what the events give (field named).
    """
    from ..game.engine import Game

    events = record["events"]
    try:
        game = Game.replay(events)  # validates the whole log (names the first bad event)
    except ReplayError:
        raise
    except (WuhanMJError, KeyError, TypeError, ValueError) as err:
        raise ReplayError(f"events do not replay: {err}") from None
    agents = record.get("agents")
    if agents is not None and (
        not isinstance(agents, list) or len(agents) != 4 or not all(isinstance(a, str) for a in agents)
    ):
        raise ReplayError(f"hand {record.get('hand', '?')}: 'agents' must be a list of 4 agent labels, got {agents!r}")
    claimed = record.get("result")
    if claimed is None:
        return game
    if not isinstance(claimed, dict):
        raise ReplayError(f"hand {record.get('hand', '?')}: 'result' must be an object, got {claimed!r}")
    mine = replayed_result(game, events)
    if mine is None:
        raise ReplayError(f"hand {record.get('hand', '?')}: the record has a result but its events stop mid-hand")
    for key, value in mine.items():
        if key in claimed and claimed[key] != value:
            raise ReplayError(
                f"hand {record.get('hand', '?')}: the record's result says {key} = {claimed[key]!r}, "
                f"its events give {value!r}"
            )
    return game


def replayed_result(game: Any, events: list[Any]) -> dict[str, Any] | None:
    """The ``result`` fields of a records line as the replayed ``game`` gives them
    (None while the hand is not over); ``decisions`` counts the events with an action."""
    from ..files.handrecord import result_dict
    from ..stats.outcome import outcome_of

    if game.result is None:
        return None
    return result_dict(outcome_of(game, sum(1 for e in events if "action" in e)), game)


def render(record: dict[str, Any], glyphs: bool = False) -> Iterator[str]:
    """Lines showing one recorded hand turn by turn.

    Raises:
        ReplayError: the events are malformed or do not replay under the rules, or
            the record's result differs from them (:func:`replay_record`).
    """
    from ..game.engine import Game

    events = record["events"]
    replay_record(record)
    deal, ind = events[0], events[1]
    agents = record.get("agents") or ["?"] * 4
    rules = deal.get("rules", {}).get("name", "?")
    t = lambda x: _fmt(x, glyphs)  # noqa: E731
    head = f"hand {record.get('hand', 0)}"
    if "match" in record:
        head += f" (match {record['match']}, hand {record.get('hand_in_match', 0)} of the match)"
    yield f"{head}; rules {rules}; dealer seat {deal['dealer']}; prev 癞子 {deal.get('prev_laizi') or '-'}"
    pizi = ", ".join(t(p) for p in ind.get("pizi", [])) or "none"
    yield f"indicator {t(ind['tile'])} -> 癞子 {t(ind['laizi'])}; 痞子 {pizi}"
    yield ""
    for s in range(4):
        mark = " (庄)" if s == deal["dealer"] else ""
        yield f"  seat {s}{mark:<5} {agents[s]:<10} {t(deal['hands'][s])}"
    yield ""
    # Follow every concealed hand to print it at each turn.
    game = Game.replay(events[:2])
    n_turn = 0
    seen = 2
    for e in events[2:]:
        if "action" in e:
            game.step(e["seat"], e["action"])
        new = game.events_since(seen)
        seen = game.n_events
        for ev in new:
            line = _event_line(ev, game, t)
            if line is None:
                continue
            starts_turn = ev["type"] == "draw" or (ev["type"] == "meld" and ev["kind"] in ("chi", "peng"))
            if starts_turn:
                n_turn += 1
                yield f"{n_turn:>4}  {line}"
            else:
                yield f"      {line}"


def _event_line(e: dict[str, Any], game: Any, t: Any) -> str | None:
    typ, s = e["type"], e.get("seat")
    if typ == "draw":
        where = " from the back" if e.get("end") == "back" else ""
        return f"seat {s} draws {t(e['tile'])}{where:<14}  hand {t(game.hand(s))}"
    if typ == "discard":
        return f"seat {s} discards {t(e['tile'])}"
    if typ == "claim":
        return f"seat {s} claims {e['kind']} on {t(e['tile'])}"
    if typ == "pass":
        return None
    if typ == "meld":
        return f"seat {s} {_MELD.get(e['kind'], e['kind'])} {t(e['tiles'])} from seat {e['from']}  hand {t(game.hand(s))}"
    if typ == "gang":
        return f"seat {s} {_MELD.get(e['kind'], e['kind'])} {t(e['tile'])}"
    if typ == "special":
        return f"seat {s} plays {t(e['tile'])}: {_SPECIAL.get(e['kind'], e['kind'])}"
    if typ == "hu":
        how = _HOW.get(e["how"], e["how"]).format(d=e.get("from"))
        return f"seat {s} HU on {t(e['tile'])} ({how})  hand {t(game.hand(s))}"
    if typ == "settlement":
        if e.get("draw"):
            return "荒庄: exhaustive draw, nobody pays (X6)"
        pays = "  ".join(f"seat {i} {_signed(p)}" for i, p in enumerate(e["payments"]))
        big = ", ".join(e.get("big") or []) or "small hu"
        extra = "硬胡 hard" if e.get("hard") else "软胡 soft"
        liable = f"; 承包: seat {e['liable']} pays for all" if e.get("liable") is not None else ""
        return f"settlement ({big}, {extra}{liable}): {pays}"
    return f"{typ} {json.dumps({k: v for k, v in e.items() if k != 'type'}, ensure_ascii=False)}"


def _list_line(r: dict[str, Any]) -> str:
    """One line for ``--list``, from the replayed events (never from the record's own
    ``result``, which :func:`replay_record` checks against them)."""
    game = replay_record(r)
    res = replayed_result(game, r["events"])
    if res is None:
        what, pays = "not finished", ""
    else:
        if res["winner"] is None:
            what = "荒庄 draw"
        else:
            big = ",".join(res["big"]) or "small"
            what = f"seat {res['winner']} {res['how']} {big}"
        pays = " ".join(_signed(p) for p in res["payments"])
    return f"hand {r.get('hand', '?'):>6}  dealer {game.dealer}  {what:<40} {pays}"


def run(args: argparse.Namespace) -> int:
    """Run ``wuhanmj replay``; returns the exit code."""
    distinct_files((("FILE", args.file), ("html", args.html)), ReplayError)
    data = None
    if args.file == "-":  # stdin: any format, told by its first bytes
        data = _stdin_bytes()
        if data[: len(MAGIC)] == MAGIC:
            return _run_binary_bytes(args, data)
    elif is_records_file(args.file):  # binary records, one seek
        return _run_binary(args)
    cut: list[str] = []
    records = load_records(args.file, cut, data)
    if args.list:
        for r in records:
            print(_list_line(r))
        if cut:  # the listing is complete up to the cut: say so, exit 2
            raise ReplayError(cut[0])
        return 0
    if args.hand is None:
        record = records[0]
    else:
        found = [r for r in records if index(r.get("hand")) == args.hand]  # not a bool or a float
        if not found:
            hands = [r.get("hand") for r in records]
            more = f"; {cut[0]}" if cut else ""
            raise ReplayError(f"{args.file}: no hand {args.hand} (hands {hands[0]}..{hands[-1]}){more}")
        record = found[0]
    for msg in cut:  # the hand shown is whole; the cut is said once, on stderr
        print(f"wuhanmj replay: warning: {msg}", file=sys.stderr)
    return _show(record, args)


def _show(record: dict[str, Any], args: argparse.Namespace) -> int:
    """Print ``record`` turn by turn, or write its replay viewer page (``--html``)."""
    if args.html is not None:
        from ..render.viewer import write_record_html

        print(f"wrote {write_record_html(record, args.html, check=replay_record)}")
        return 0
    for line in render(record, glyphs=args.glyphs):
        print(line)
    return 0


def _run_binary_bytes(args: argparse.Namespace, data: bytes) -> int:
    """``wuhanmj replay -`` of binary records on stdin: through a temporary file (the
    reader seeks), messages naming ``-``."""
    fd, tmp = tempfile.mkstemp(suffix=".wmj")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        return _run_binary(args, tmp)
    finally:
        os.unlink(tmp)


def _run_binary(args: argparse.Namespace, path: str | None = None) -> int:
    """``wuhanmj replay`` of a binary records file (docs/RECORDS.md): ``--hand N`` reads
    hand N by one seek, ``--list`` every hand in order; each is replayed and checked.
    ``path``: where the bytes are when not at ``args.file`` (stdin's temporary copy)."""
    with RecordsReader(path or args.file, name=args.file) as rr:
        if args.list:
            bad = []
            for item in rr.scan():
                if isinstance(item, BadHands):
                    bad.append(item)
                    print(f"{item.label():<12}  cannot be read: {item.reason}")
                else:
                    print(_list_line(item))
            if bad:
                what = ", ".join(b.label() for b in bad)
                raise ReplayError(f"{args.file}: damaged: {what} could not be read (marked in the list)")
            return 0
        record = rr.record(0 if args.hand is None else args.hand)
    return _show(record, args)
