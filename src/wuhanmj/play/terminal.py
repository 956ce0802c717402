"""``wuhanmj play``: a person plays one seat in the terminal against three bots (M1, P1–P4).

:func:`play_match` runs the match on a :class:`~wuhanmj.play.table.Table`: before every
decision it prints what the bots did since the last one (:func:`~wuhanmj.play.table.public_event`),
the table as the person's seat sees it (:func:`~wuhanmj.play.text.table_text`) and the
numbered choices — only the legal ones, and only when there is a choice (a single legal
action is played for the person). An answer is a choice's number, a tile to discard
(``5m``), an action's name (``peng``, ``hu``, ``pass``, ``碰`` …), ``h`` for a hint (shanten
and discard advice, :func:`~wuhanmj.play.hints.hint`) or ``q`` to leave. After each hand:
the winner's hand, the scoring sheet, the payments and the running scores.

Leaving before the last hand is over is 逃跑 (M3): the escape penalty is paid. The end of
the input counts as leaving.

With ``record`` (``wuhanmj play --record FILE``) every finished hand is written for the
replay viewer (``wuhanmj replay FILE --hand N --html out.html``), in the formats of
``wuhanmj simulate --records`` (:mod:`wuhanmj.files.recordio`): JSON lines for a name ending
``.jsonl`` / ``.jsonl.gz`` (one line a hand, as the web table's download), else the binary
``.wmj`` records. A hand left unfinished is not written (its decisions do not end it).
With ``glyphs`` the tiles are Unicode glyphs everywhere: the table, the choices, the lines
of what the others did and the winner's hand.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from ..game.actions import KIND_OF_CODE
from ..render.frames import event_text
from ..render.table import last_discard_seat
from ..stats.outcome import outcome_of
from ..files.recordio import BINARY, open_sink, record_kind
from ..files.records import encode_hand
from ..tiles import format_tile, parse_tile, parse_tiles, tile_glyph
from .hints import hint
from .table import Table
from .text import action_label, meld_text, table_text, tiles_text

__all__ = ["play_match", "parse_choice", "PROMPT", "Quit"]

PROMPT = "your move (number, tile like 5m, h hint, q quit)> "
NEXT_PROMPT = "Enter: next hand · q: quit> "
_WORDS = {"胡": "hu", "碰": "peng", "吃": "chi", "过": "pass", "杠": "chong_gang", "p": "pass"}


class Quit(Exception):
    """The person left (``q``, or the end of the input)."""


def parse_choice(text: str, codes: tuple[int, ...]) -> int | str | None:
    """The action code a person's answer names among ``codes`` (legal, ascending), ``"hint"``,
    ``"quit"``, or None when it names none of them."""
    w = text.strip().lower()
    if w in ("h", "?", "hint"):
        return "hint"
    if w in ("q", "quit", "exit"):
        return "quit"
    if w.isdigit():
        i = int(w)
        return codes[i - 1] if 1 <= i <= len(codes) else None
    try:
        t = parse_tile(w)
    except ValueError:
        t = None
    if t is not None:
        return t if t in codes else None
    kind = _WORDS.get(w, w)
    found = [c for c in codes if KIND_OF_CODE[c] == kind]
    return found[0] if len(found) == 1 else None


def _choices(codes: tuple[int, ...], claim_tile: int | None, laizi: int, glyphs: bool = False) -> str:
    discards = [(i, c) for i, c in enumerate(codes, 1) if c < 34]
    others = [(i, c) for i, c in enumerate(codes, 1) if c >= 34]
    lines = ["your choices:"]
    if discards:
        row = "  ".join(f"{i:>2}) {tile_glyph(c) + ' ' if glyphs else ''}{format_tile(c)}" for i, c in discards)
        lines.append(f"  打 discard: {row}")
    for i, c in others:
        lines.append(f"  {i:>2}) {action_label(c, claim_tile, laizi)}")
    return "\n".join(lines)


def _ask(table: Table, read: Callable[[str], str], write: Callable[[str], None], glyphs: bool = False) -> int:
    codes = table.legal()
    obs = table.observation()
    write(_choices(codes, obs.claim_tile, obs.laizi, glyphs))
    while True:
        try:
            answer = read(PROMPT)
        except EOFError:
            raise Quit from None
        choice = parse_choice(answer, codes)
        if choice == "quit":
            raise Quit
        if choice == "hint":
            write("\n".join("  hint: " + ln for ln in hint(obs, table.rules).lines()))
            continue
        if choice is None:
            write(f"  not one of your choices: {answer.strip()!r} (a number 1-{len(codes)}, a tile, h, q)")
            continue
        assert isinstance(choice, int)
        write(f"  you: {action_label(choice, obs.claim_tile, obs.laizi)}")
        return choice


def _hand_end(table: Table, write: Callable[[str], None], glyphs: bool) -> None:
    g = table.game
    assert g is not None and g.result is not None
    res = g.result
    names = [f"{n} (seat {s})" for s, n in enumerate(table.names)]
    write("=" * 60)
    if res.winner is None or res.win is None:
        write("荒庄 exhaustive draw: nobody pays (X6)")
    else:
        w = res.winner
        hand = tiles_text(g.hand(w), glyphs, g.laizi, g.pizi)
        melds = "  ".join(meld_text(m, glyphs) for m in g.melds(w)) or "-"
        won = "-" if res.win_tile is None else tile_glyph(res.win_tile) if glyphs else format_tile(res.win_tile)
        write(f"{names[w]} 胡 wins on {won}: "
              f"hand {hand}  melds {melds}")
        write(res.win.explain())
    pays = "  ".join(f"{names[s]} {p:+g}" for s, p in enumerate(res.payments))
    write(f"payments: {pays}")
    sc = table.scores
    write(f"scores after hand {table.hand_no}: " + "  ".join(f"{names[s]} {x:+g}" for s, x in enumerate(sc)))
    for s, (n, last) in table.take_bot_faults().items():
        write(f"{names[s]}: {n} decision{'s' if n > 1 else ''} played as the safest action "
              f"(--on-bot-error pass); the last: {last}")
    write("=" * 60)


def play_match(table: Table, *, hands: int = 1, glyphs: bool = False, read: Callable[[str], str] = input,
               write: Callable[[str], None] = print, record: str | os.PathLike | None = None) -> int:
    """Play ``hands`` hands at ``table`` with a person answering through ``read`` / ``write``
    (the terminal by default); returns 0. ``record``: a file the finished hands are written
    to (see the module docstring; the table's ``seed`` is the one the file names, 0 when
    the match was not seeded).

    Raises:
        AgentError, IllegalActionError: a bot failed (a person's bad answer is asked again).
        SimulationError: ``record`` cannot be written.
    """
    names = [f"{n}" for n in table.names]
    recorded = 0
    with open_sink(record, kind="play", seed=table.seed or 0, rules=table.rules, seatings=[names],
                   match_hands=hands) as sink:
        try:
            for k in range(hands):
                g = table.deal()
                write(f"\n### hand {table.hand_no} of {hands} · rules {table.rules.name} · you are seat {table.seat}"
                      f" · dealer seat {g.dealer}")
                shown = 0
                while True:
                    events = table.public_events(shown)
                    shown = g.n_events
                    for e in events:
                        if e["type"] not in ("deal", "indicator", "settlement"):
                            write("  · " + _event_line(e, names, glyphs))
                    if g.over:
                        break
                    obs = table.observation()
                    write(table_text(obs, names, glyphs=glyphs, scores=table.scores,
                                     last_discard=_last_discard(table)))
                    table.act(_ask(table, read, write, glyphs))
                if sink is not None:
                    sink.add_items([_record_item(table, record_kind(record) == BINARY)])
                    recorded += 1
                _hand_end(table, write, glyphs)
                if k < hands - 1:
                    try:
                        if read(NEXT_PROMPT).strip().lower() in ("q", "quit"):
                            raise Quit
                    except EOFError:
                        raise Quit from None
            table.finish()
        except Quit:
            left = table.game
            if left is not None and left.over:
                table.finish()
            if table.hand_no < hands or table.match.game is not None:
                pay = table.match.escape(table.seat)
                write(f"逃跑 you left the match (M3): you pay {-pay[table.seat]:g}")
            else:
                write("you left the match")
    if record is not None and recorded:
        write(f"{recorded} hand{'s' if recorded > 1 else ''} recorded in {os.fspath(record)} "
              f"(wuhanmj replay {os.fspath(record)} --hand 0 --html hand0.html)")
    elif record is not None:
        write(f"no hand was finished: nothing recorded in {os.fspath(record)}")
    final = "  ".join(f"{names[s]} (seat {s}) {x:+g}" for s, x in enumerate(table.match.scores))
    write(f"final scores: {final}")
    return 0


def _record_item(table: Table, binary: bool) -> Any:
    """The finished hand's record as ``simulate --records`` writes it: the binary hand
    (:func:`~wuhanmj.files.records.encode_hand`), or a JSON line with the same fields as a
    line of simulate's (one match: ``match`` 0, ``hand_in_match`` the hand's number)."""
    g = table.game
    assert g is not None and g.over
    k = table.hand_no - 1
    if binary:
        return encode_hand(g, outcome_of(g, sum(1 for e in g.events if "action" in e)), k, 0, k)
    rec = table.record()
    line = {"hand": k, "match": 0, "hand_in_match": k, "seed": table.seed, "dealer": g.dealer,
            "prev_laizi": None if g.prev_laizi is None else format_tile(g.prev_laizi),
            "agents": rec["agents"], "events": rec["events"], "result": rec["result"]}
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))


def _glyph_event(e: dict) -> dict:
    """``e`` (a rendered event) with its tiles as Unicode glyphs."""
    out = dict(e)
    for key in ("tile", "laizi"):
        if isinstance(out.get(key), str):
            out[key] = tile_glyph(parse_tile(out[key]))
    if isinstance(out.get("tiles"), str):
        out["tiles"] = "".join(tile_glyph(t) for t in parse_tiles(out["tiles"]))
    if isinstance(out.get("pizi"), list):
        out["pizi"] = [tile_glyph(parse_tile(t)) for t in out["pizi"]]
    return out


def _event_line(e: dict, names: list[str], glyphs: bool = False) -> str:
    return event_text(_glyph_event(e) if glyphs else e, [f"{n} (seat {s})" for s, n in enumerate(names)])


def _last_discard(table: Table) -> int | None:
    g = table.game
    assert g is not None
    return last_discard_seat(g.events_since(max(2, g.n_events - 40)))
