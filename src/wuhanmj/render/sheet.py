"""The scoring sheet as HTML, with the winning hand drawn beside it (S, X, L).

:func:`sheet_html` is the HTML form of :meth:`WinResult.explain` (``format="html"``): the
lines of the plain-text sheet (:func:`wuhanmj.scoring.explain.explain_win`, so the two
never disagree), a table of each seat's fan U and payment, and, when the hand is given,
its drawing (:func:`~wuhanmj.render.hands.hand_svg`: the concealed tiles, the tile won on
apart and marked, the melds, the 癞子 and 痞子 marked). The fragment carries its own
``<style>``, scoped by the class ``wmj-sheet``, so it shows the same in a notebook, the
replay viewer and the web table.

Each payment row has ``data-seat`` and ``data-payment`` attributes (tests and scripts read
the amounts from them).

>>> from wuhanmj import evaluate_win, Meld, SeatPlays, Rules, parse_tile
>>> r = evaluate_win(hand="234m456p789p55s", win_tile="5s", how="zimo", winner=1, dealer=0,
...                  indicator=parse_tile("5m"), seats=[SeatPlays(), SeatPlays(melds=(Meld.peng("777s", source=2),)),
...                  SeatPlays(), SeatPlays(melds=(Meld.peng("999p", source=0),), hongzhong_gang=1)],
...                  rules=Rules.kaikou())
>>> html = sheet_html(r, hand="234m456p789p55s", win_tile="5s", melds=[Meld.peng("777s", source=2)], indicator="5m")
>>> 'data-seat="1" data-payment="56"' in html and "<svg" in html
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import RenderError
from ..game.engine import Game
from ..hand.meld import Meld
from ..scoring.explain import explain_win
from ..scoring.result import WinResult
from ..terms import HOW_NAMES
from .hands import hand_svg
from .tiles import FONT, esc, flag, four_labels

__all__ = ["sheet_html", "draw_sheet_html", "game_sheet_html", "SHEET_CSS"]

SHEET_CSS = (
    ".wmj-sheet{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start;font-family:%s;"
    "color:#1b1b1b;background:#fbf8ef;border:1px solid #cbbf9f;border-radius:10px;padding:12px 14px}"
    ".wmj-sheet h3{margin:0 0 6px 0;font-size:17px}"
    ".wmj-sheet .wmj-sheet-hand{flex:0 0 auto;max-width:100%%;overflow-x:auto}"
    ".wmj-sheet .wmj-sheet-body{flex:1 1 340px;min-width:280px}"
    ".wmj-sheet ul{margin:4px 0 8px 0;padding-left:18px;font-size:13.5px;line-height:1.45}"
    ".wmj-sheet table{border-collapse:collapse;font-size:14px}"
    ".wmj-sheet td,.wmj-sheet th{border:1px solid #d8cfb6;padding:3px 10px;text-align:right}"
    ".wmj-sheet th{background:#efe8d4}"
    ".wmj-sheet td:first-child,.wmj-sheet th:first-child{text-align:left}"
    ".wmj-sheet .wmj-plus{color:#137a3b;font-weight:bold}.wmj-sheet .wmj-minus{color:#c0141c}"
    ".wmj-sheet .wmj-refused{color:#c0141c;font-weight:bold}"
) % FONT
"""The sheet's style, scoped by the class ``wmj-sheet``."""


def _amount(x: object) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def _names(names: Sequence[str] | None) -> list[str]:
    if names is None:
        return [f"seat {s}" for s in range(4)]
    return list(four_labels(names))


def sheet_html(result: WinResult, *, hand: object = None, melds: Iterable[Meld] | None = (),
               win_tile: object = None, indicator: object = None, pizi: bool = False,
               plays: Sequence[tuple[str, int]] = (), names: Sequence[str] | None = None,
               style: bool = True) -> str:
    """The scoring sheet of ``result`` as an HTML fragment, the hand drawn beside it.

    Args:
        result: a :class:`~wuhanmj.scoring.result.WinResult`.
        hand: the winner's concealed tiles with the tile won on (any form of
            :func:`~wuhanmj.render.tiles.coerce_tiles`), or None: no drawing.
        melds, win_tile, indicator, pizi, plays: as for :func:`~wuhanmj.render.hands.hand_svg`
            (``pizi``: the rules play 痞子; default ``result.rules.pizi``).
        names: a label per seat (default ``seat k``).
        style: include the ``<style>`` of the sheet (leave it out when the page has it).

    Raises:
        RenderError: ``result`` is not a WinResult, bad names / melds / plays, an on/off
            option that is not a bool.
        TileError: malformed tiles, or ``win_tile`` not in ``hand``.
    """
    if not isinstance(result, WinResult):
        raise RenderError(f"sheet_html needs a WinResult, got {type(result).__name__}")
    ns = _names(names)
    pizi, style = flag(pizi, "pizi"), flag(style, "style")
    drawing = ""
    if hand is not None:
        drawing = hand_svg(hand, melds=melds, win_tile=win_tile, indicator=indicator,
                           pizi=bool(pizi or result.rules.pizi), plays=plays, scale=0.9)
    how = HOW_NAMES.get(result.how, result.how)
    head = f"{esc(ns[result.winner])} 胡 · {esc(how)} {esc(result.how)}"
    lines = explain_win(result).splitlines()
    out = [f'<div class="wmj-sheet" data-winner="{result.winner}" data-legal="{str(result.legal).lower()}">']
    if style:
        out.append(f"<style>{SHEET_CSS}</style>")
    if drawing:
        out.append(f'<div class="wmj-sheet-hand">{drawing}</div>')
    out.append(f'<div class="wmj-sheet-body"><h3>{head}</h3>')
    if not result.legal:
        out.append(f'<p class="wmj-refused">不能胡 not legal: {esc(result.reason)}</p>')
    out.append("<ul>" + "".join(f"<li>{esc(ln)}</li>" for ln in lines) + "</ul>")
    out.append(_payments_table(result.payments, ns, result.winner, result.loser_fan))
    out.append("</div></div>")
    return "".join(out)


def _payments_table(payments: Sequence, names: list[str], winner: int | None,
                    loser_fan: Sequence[int | None] | None = None) -> str:
    rows = ['<table class="wmj-payments"><tr><th>seat</th><th>fan U</th><th>结算 payment</th></tr>']
    for s, p in enumerate(payments):
        u = "" if loser_fan is None or loser_fan[s] is None else str(loser_fan[s])
        who = esc(names[s]) + (" (胡)" if s == winner else "")
        cls = "wmj-plus" if p > 0 else ("wmj-minus" if p < 0 else "")
        sign = "+" if p > 0 else ""
        rows.append(f'<tr data-seat="{s}" data-payment="{_amount(p)}"><td>{who}</td><td>{u}</td>'
                    f'<td class="{cls}">{sign}{_amount(p)}</td></tr>')
    rows.append("</table>")
    return "".join(rows)


def draw_sheet_html(names: Sequence[str] | None = None, *, style: bool = True) -> str:
    """The sheet of an exhaustive draw (荒庄, G3, X6): nobody pays.

    Raises:
        RenderError: bad names, ``style`` not a bool.
    """
    ns = _names(names)
    style = flag(style, "style")
    out = ['<div class="wmj-sheet" data-winner="none" data-legal="true">']
    if style:
        out.append(f"<style>{SHEET_CSS}</style>")
    out.append('<div class="wmj-sheet-body"><h3>荒庄 exhaustive draw</h3>'
               "<ul><li>nobody won before the wall ran out (海底, G3): nobody pays (X6)</li></ul>")
    out.append(_payments_table((0, 0, 0, 0), ns, None))
    out.append("</div></div>")
    return "".join(out)


def game_sheet_html(game: Game, *, names: Sequence[str] | None = None, style: bool = True) -> str:
    """The sheet of a finished ``game``: the win's :func:`sheet_html` with the winner's hand,
    melds, special plays and the tile won on drawn, or :func:`draw_sheet_html`.

    Raises:
        RenderError: ``game`` is not a Game, or the hand is not over.
    """
    if not isinstance(game, Game):
        raise RenderError(f"expected a Game, got {type(game).__name__}")
    res = game.result
    if res is None:
        raise RenderError("the hand is not over: it has no settlement yet")
    if res.winner is None or res.win is None:
        return draw_sheet_html(names, style=style)
    w = res.winner
    return sheet_html(res.win, hand=game.hand(w), melds=game.melds(w), win_tile=res.win_tile,
                      indicator=game.indicator, pizi=game.rules.pizi, plays=game.special_plays(w),
                      names=names, style=style)
