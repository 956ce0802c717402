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
"""

from __future__ import annotations

from collections.abc import Callable

from ..game.actions import KIND_OF_CODE
from ..render.frames import event_text
from ..render.table import last_discard_seat
from ..tiles import format_tile, parse_tile, tile_glyph
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
        write(f"{names[w]} 胡 wins on {format_tile(res.win_tile) if res.win_tile is not None else '-'}: "
              f"hand {hand}  melds {melds}")
        write(res.win.explain())
    pays = "  ".join(f"{names[s]} {p:+g}" for s, p in enumerate(res.payments))
    write(f"payments: {pays}")
    sc = table.scores
    write(f"scores after hand {table.hand_no}: " + "  ".join(f"{names[s]} {x:+g}" for s, x in enumerate(sc)))
    write("=" * 60)


def play_match(table: Table, *, hands: int = 1, glyphs: bool = False, read: Callable[[str], str] = input,
               write: Callable[[str], None] = print) -> int:
    """Play ``hands`` hands at ``table`` with a person answering through ``read`` / ``write``
    (the terminal by default); returns 0.

    Raises:
        AgentError, IllegalActionError: a bot failed (a person's bad answer is asked again).
    """
    names = [f"{n}" for n in table.names]
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
                        write("  · " + _event_line(e, names))
                if g.over:
                    break
                obs = table.observation()
                write(table_text(obs, names, glyphs=glyphs, scores=table.scores,
                                 last_discard=_last_discard(table)))
                table.act(_ask(table, read, write, glyphs))
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
    final = "  ".join(f"{names[s]} (seat {s}) {x:+g}" for s, x in enumerate(table.match.scores))
    write(f"final scores: {final}")
    return 0


def _event_line(e: dict, names: list[str]) -> str:
    return event_text(e, [f"{n} (seat {s})" for s, n in enumerate(names)])


def _last_discard(table: Table) -> int | None:
    g = table.game
    assert g is not None
    return last_discard_seat(g.events_since(max(2, g.n_events - 40)))
