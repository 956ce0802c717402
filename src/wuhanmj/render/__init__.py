"""Drawings of tiles, hands, tables and scoring sheets (SVG and HTML), and the replay viewer.

Functions, each returning a string:

* :func:`tile_svg`, :func:`hand_svg`, :func:`melds_svg`, :func:`river_svg` — tiles in any
  form the package accepts (notation, indices, 34 counts); 癞子 and 痞子 marked (R2, R3);
* :func:`table_svg` — the whole table from one seat's view (an Observation, or a Game and a
  seat) or from above (a Game, every hand face up); the indicator, the last discard;
* :func:`sheet_html` — a :class:`~wuhanmj.scoring.WinResult`'s scoring sheet with the hand
  drawn beside it (:meth:`WinResult.explain` with ``format="html"``);
* :func:`replay_html` — the self-contained replay viewer of one hand's events.

Display hooks (notebooks): importing this package registers its renderers in
:mod:`wuhanmj._display`, which the ``_repr_svg_`` / ``_repr_html_`` methods of
``Observation``, ``Game`` and ``WinResult`` ask; ``import wuhanmj`` does not import it, but
names it to :mod:`wuhanmj._display`, which imports it on the first drawing asked for.
``game`` and ``scoring`` never import this package, so there is no import circle.

>>> from wuhanmj import Game
>>> g = Game("kaikou", seed=1)
>>> g._repr_svg_().startswith("<svg") and g.observation(0)._repr_svg_().count('href="#wmj-bk"') >= 39
True
"""

from __future__ import annotations

from typing import Any

from .. import _display
from ..game.engine import Game
from ..game.observation import Observation
from ..scoring.result import WinResult
from .hands import hand_svg, melds_svg, river_svg
from .sheet import draw_sheet_html, game_sheet_html, sheet_html
from .table import TableView, table_svg, view_of_game, view_of_observation
from .tiles import tile_svg
from .viewer import replay_html, write_replay_html

__all__ = [
    "tile_svg",
    "hand_svg",
    "melds_svg",
    "river_svg",
    "table_svg",
    "TableView",
    "view_of_game",
    "view_of_observation",
    "sheet_html",
    "draw_sheet_html",
    "game_sheet_html",
    "replay_html",
    "write_replay_html",
]


def _table_html(x: Any) -> str:
    return f'<div class="wmj-view" style="max-width:1120px">{table_svg(x, width="100%")}</div>'


def _game_html(game: Game) -> str:
    html = _table_html(game)
    if game.over:
        html += game_sheet_html(game)
    return html


def _win_html(result: WinResult, **drawing: Any) -> str:
    return sheet_html(result, **drawing)


_display.register(Observation, "svg", table_svg)
_display.register(Observation, "html", _table_html)
_display.register(Game, "svg", table_svg)
_display.register(Game, "html", _game_html)
_display.register(WinResult, "html", _win_html)
_display.register(WinResult, "explain_html", _win_html)
