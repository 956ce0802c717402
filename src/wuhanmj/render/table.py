"""The whole table in SVG, from one seat's view or from above (G, P, R).

:class:`TableView` is what a drawing of the table shows, whatever it was made from: an
:class:`~wuhanmj.game.observation.Observation` (one seat's view: the other hands are backs,
:func:`view_of_observation`), a :class:`~wuhanmj.game.Game` (from above, every hand face
up, or one seat's view, :func:`view_of_game`), or the replay viewer's frames.

Layout (user units, :data:`WIDTH` × :data:`HEIGHT`): the seat at the bottom (the observer,
or seat 0 from above) along the bottom edge, the next seat (下家) on the right, the
opposite seat at the top, the previous seat on the left; each seat's panel holds a header
(name, 庄, score), the concealed tiles (the drawn tile apart), the melds and the special
plays. The rivers lie round the centre box, which shows the indicator (翻), the 癞子 and
the 痞子, the tiles left and what the table waits for. Every tile stands upright, so the
text on every face reads the same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from .. import _checks
from ..errors import RenderError
from ..game.engine import Game
from ..game.observation import Observation
from ..hand.meld import Meld
from ..tiles import format_tile
from .hands import Canvas, Marker, draw_melds, draw_plays, draw_river, draw_tiles
from .tiles import SVG_NS, TILE_H, TILE_W, defs, esc, flag, four_labels

__all__ = ["TableView", "view_of_observation", "view_of_game", "table_svg", "table_parts",
           "last_discard_seat", "WIDTH", "HEIGHT", "position"]

WIDTH = 1120
HEIGHT = 800
_SIDE_W = 272
_PANEL_H = 146
_RIVER_SCALE = 0.62
_PHASE_TEXT = {"turn": "出牌 to play", "claim": "吃碰杠胡? claim window", "rob": "抢杠? rob window",
               "haidi": "海底 haidi", "over": "结束 over"}


@dataclass(frozen=True, slots=True)
class TableView:
    """What a drawing of the table shows.

    Fields:
        hands: per seat, its concealed tiles (sorted, the drawn tile included), or None
            when hidden (then ``sizes`` gives how many backs to draw).
        sizes: concealed tiles per seat.
        drawn: per seat, the tile it just drew when shown (drawn apart), else None.
        melds, rivers, plays: per seat, its melds, its discards still on the table, its
            special plays ``(kind, tile)`` (P3).
        indicator, laizi, pizi: the indicator and what it makes special (R2, R3).
        dealer, scores, tiles_left, phase, turn, current, claim_tile: as in an Observation.
        bottom: the seat drawn at the bottom; me: the observing seat, or None (from above).
        last_discard: the seat whose river's last tile is the last discard, or None.
        names: a label per seat.
        payments: the four payments once the hand is over, else None; winner: its winner.
    """

    hands: tuple[tuple[int, ...] | None, ...]
    sizes: tuple[int, ...]
    drawn: tuple[int | None, ...]
    melds: tuple[tuple[Meld, ...], ...]
    rivers: tuple[tuple[int, ...], ...]
    plays: tuple[tuple[tuple[str, int], ...], ...]
    indicator: int
    laizi: int
    pizi: tuple[int, ...]
    dealer: int
    scores: tuple
    tiles_left: int
    phase: str
    turn: int
    current: int | None
    claim_tile: int | None
    bottom: int = 0
    me: int | None = None
    last_discard: int | None = None
    names: tuple[str, ...] = ("seat 0", "seat 1", "seat 2", "seat 3")
    payments: tuple | None = None
    winner: int | None = None


def _names(names: Sequence[str] | None, me: int | None) -> tuple[str, ...]:
    if names is None:
        return tuple(f"you (seat {s})" if s == me else f"seat {s}" for s in range(4))
    return four_labels(names)


def view_of_observation(obs: Observation, *, names: Sequence[str] | None = None,
                        last_discard: int | None = None, payments: Sequence | None = None,
                        winner: int | None = None) -> TableView:
    """The table as ``obs.seat`` sees it: its own tiles face up, the others' as backs; the
    observer at the bottom. ``last_discard``: the seat whose last river tile is the last
    discard (default: the discarder while a claim window is open); ``payments`` and
    ``winner`` once the hand is over (public then).

    Raises:
        RenderError: ``obs`` is not an Observation, a seat that is not 0-3, payments that
            are not four numbers, names that are not four labels.
    """
    if not isinstance(obs, Observation):
        raise RenderError(f"expected an Observation, got {type(obs).__name__}")
    if last_discard is not None:
        last_discard = _checks.seat(last_discard, "last_discard", RenderError)
    if winner is not None:
        winner = _checks.seat(winner, "winner", RenderError)
    if payments is not None:
        payments = _checks.four(payments, "payments", RenderError)
        if not all(isinstance(p, (int, float, np.integer, np.floating)) and not isinstance(p, (bool, np.bool_))
                   for p in payments):
            raise RenderError(f"payments: four numbers expected, got {payments!r:.80}")
    me = obs.seat
    hands: list[tuple[int, ...] | None] = [None] * 4
    hands[me] = tuple(obs.hand)
    drawn: list[int | None] = [None] * 4
    drawn[me] = obs.drawn
    if last_discard is None and obs.phase == "claim":
        last_discard = obs.turn
    return TableView(
        hands=tuple(hands), sizes=tuple(obs.hand_sizes), drawn=tuple(drawn), melds=tuple(obs.melds),
        rivers=tuple(obs.discards), plays=tuple(obs.special_plays), indicator=obs.indicator,
        laizi=obs.laizi, pizi=tuple(obs.pizi), dealer=obs.dealer, scores=tuple(obs.scores),
        tiles_left=obs.tiles_left, phase=obs.phase, turn=obs.turn, current=obs.current_player,
        claim_tile=obs.claim_tile, bottom=me, me=me, last_discard=last_discard, names=_names(names, me),
        payments=None if payments is None else tuple(payments), winner=winner)


def last_discard_seat(events: Sequence[dict]) -> int | None:
    """The seat whose last river tile is the most recent discard, from the public events
    (:attr:`Game.events`, in order): None when there is none or it was claimed (a meld or
    a win on it)."""
    taken: set[int] = set()
    for e in reversed(events):
        typ = e.get("type")
        if typ == "discard":
            s = e.get("seat")
            return None if s in taken else s
        if typ == "meld" and e.get("from") is not None:
            taken.add(e["from"])
        elif typ == "hu" and e.get("how") == "fangchong":
            taken.add(e.get("from"))
    return None


def view_of_game(game: Game, *, seat: int | None = None, names: Sequence[str] | None = None) -> TableView:
    """The table of ``game``: from above with every hand face up (``seat`` None, seat 0 at
    the bottom), or the view of ``seat`` (:meth:`Game.observation`), hidden tiles as backs."""
    if not isinstance(game, Game):
        raise RenderError(f"expected a Game, got {type(game).__name__}")
    if seat is not None:
        seat = _checks.seat(seat, "seat", RenderError)
    last = last_discard_seat(game.events_since(max(2, game.n_events - 40)))
    res = game.result
    pays = None if res is None else tuple(res.payments)
    win = None if res is None else res.winner
    if seat is not None:
        return view_of_observation(game.observation(seat), names=names, last_discard=last, payments=pays,
                                   winner=win)
    obs = game.observation(0)
    drawn = tuple(game.drawn_tile(s) for s in range(4))
    return replace(view_of_observation(obs, names=_names(names, None), last_discard=last, payments=pays,
                                       winner=win),
                   hands=tuple(tuple(game.hand(s)) for s in range(4)), drawn=drawn, me=None, bottom=0)


def position(view: TableView, seat: int) -> int:
    """Where ``seat`` sits in the drawing: 0 bottom, 1 right (下家), 2 top, 3 left."""
    return (seat - view.bottom) % 4


def _panel_box(pos: int) -> tuple[float, float, float, float]:
    if pos == 0:
        return 0, HEIGHT - _PANEL_H, WIDTH, _PANEL_H
    if pos == 2:
        return 0, 0, WIDTH, _PANEL_H
    y, h = _PANEL_H, HEIGHT - 2 * _PANEL_H
    return (WIDTH - _SIDE_W, y, _SIDE_W, h) if pos == 1 else (0, y, _SIDE_W, h)


def _header(view: TableView, seat: int) -> tuple[str, str | None]:
    name = view.names[seat]
    bits = [name]
    if seat == view.dealer:
        bits.append("庄")
    sc = view.scores[seat] if seat < len(view.scores) else 0
    bits.append(f"score {sc:+g}" if sc else "score 0")
    pay = None
    if view.payments is not None:
        p = view.payments[seat]
        pay = f"{p:+g}" if p else "±0"
        if seat == view.winner:
            pay = "胡 " + pay
    return "  ·  ".join(bits), pay


def _seat_panel(view: TableView, seat: int, marker: Marker, covers: bool, labels: bool) -> Canvas:
    """A seat's panel: header, concealed tiles, melds and special plays."""
    pos = position(view, seat)
    x0, y0, w0, h0 = _panel_box(pos)
    cv = Canvas(labels)
    acting = view.current == seat and view.phase != "over"
    fill = "#fff4c2" if acting else "#f3efe4"
    stroke = "#d49a00" if acting else "#cbbf9f"
    cv.raw(f'<rect x="{x0 + 3:g}" y="{y0 + 3:g}" width="{w0 - 6:g}" height="{h0 - 6:g}" rx="8" '
           f'fill="{fill}" stroke="{stroke}" stroke-width="{2.5 if acting else 1}" class="wmj-seat wmj-seat{seat}"/>')
    head, pay = _header(view, seat)
    cv.text(x0 + 14, y0 + 21, ("▶ " if acting else "") + head, size=14, weight="bold", fill="#222")
    if pay is not None:
        colour = "#137a3b" if view.payments and view.payments[seat] > 0 else "#c0141c"
        cv.text(x0 + w0 - 14, y0 + 21, pay, size=15, weight="bold", fill=colour, anchor="end",
                cls=f"wmj-pay wmj-pay{seat}")
    hand = view.hands[seat]
    drawn = view.drawn[seat]
    tiles: list[int | None]
    if hand is None:
        tiles = [None] * view.sizes[seat]
        drawn = None
    else:
        tiles = list(hand)
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
        else:
            drawn = None
    cover = f"wmj-cv wmj-cv{seat}" if covers and hand is not None else None
    side = pos in (1, 3)
    scale = 0.86 if side else 1.0
    per = 7 if side else None
    tx, ty = x0 + 14, y0 + 30
    w, h = draw_tiles(cv, tiles, tx, ty, scale, marker, per, cover=cover)
    if drawn is not None:  # the drawn tile apart: after the row, or under it on a side
        n_last = len(tiles) % 7 if side else len(tiles)
        if side and (n_last == 0 and tiles):
            dx, dy = tx, ty + h + 3
            h += TILE_H * scale + 3
        else:
            dx = tx + (n_last * (TILE_W + 1.5) * scale if side else w) + 10 * scale
            dy = ty + (h - TILE_H * scale if side else 0)
        cv.tile(drawn, dx, dy, scale, marker.marks(drawn), None)
        if cover is not None:
            cv.tile(None, dx, dy, scale, (), cover)
    my = ty + max(h, TILE_H * scale) + 7
    mscale = 0.66 if side else 0.75
    melds = view.melds[seat]
    mw, mh = draw_melds(cv, melds, tx, my, mscale, marker, per_row=2 if side else None)
    plays = view.plays[seat]
    if plays:
        if side:
            draw_plays(cv, plays, tx, my + (mh + 8 if melds else 0), 0.6, marker)
        else:
            draw_plays(cv, plays, tx + (mw + 26 if melds else 0), my, 0.6, marker)
    return cv


def river_per_row(n: int) -> int:
    """Tiles per row of a river of ``n`` tiles: 6, or 8 for a long one (more than 24), so
    that it stays within five rows between the centre box and the panels."""
    return 6 if n <= 24 else 8


def _river_origin(pos: int, rows: int, per: int) -> tuple[float, float]:
    step = TILE_W * _RIVER_SCALE + 1.5 * _RIVER_SCALE
    row_h = TILE_H * _RIVER_SCALE + 3 * _RIVER_SCALE
    cx, cy = WIDTH / 2, HEIGHT / 2
    rw = per * step
    if pos == 0:
        return cx - rw / 2, cy + 80
    if pos == 2:
        return cx - rw / 2, cy - 80 - rows * row_h
    if pos == 1:
        return cx + 104, cy - 3 * row_h
    return cx - 104 - rw, cy - 3 * row_h


def _river(view: TableView, seat: int, marker: Marker, labels: bool) -> Canvas:
    cv = Canvas(labels)
    river = view.rivers[seat]
    if river:
        per = river_per_row(len(river))
        rows = (len(river) + per - 1) // per
        x, y = _river_origin(position(view, seat), rows, per)
        draw_river(cv, river, x, y, _RIVER_SCALE, marker, per, last=view.last_discard == seat)
    return cv


def _centre(view: TableView, labels: bool) -> Canvas:
    cv = Canvas(labels)
    cx, cy = WIDTH / 2, HEIGHT / 2
    bw, bh = 196, 142
    x0, y0 = cx - bw / 2, cy - bh / 2
    cv.raw(f'<rect x="{x0:g}" y="{y0:g}" width="{bw}" height="{bh}" rx="10" fill="#24543f" stroke="#143326"/>')
    s = 0.62
    tw = TILE_W * s
    items: list[tuple[str, int, tuple[str, ...]]] = [("翻", view.indicator, ()), ("癞子", view.laizi, ("laizi",))]
    items += [("痞子", p, ("pizi",)) for p in view.pizi]
    gap = 10
    total = len(items) * tw + (len(items) - 1) * gap
    x = cx - total / 2
    for label, t, mk in items:
        cv.text(x + tw / 2, y0 + 17, label, size=11, fill="#e8f5ee", anchor="middle")
        cv.tile(t, x, y0 + 22, s, mk)
        x += tw + gap
    cv.text(cx, y0 + 22 + TILE_H * s + 18, f"余 {view.tiles_left} tiles left", size=13, fill="#ffffff",
            anchor="middle", weight="bold", cls="wmj-left")
    if view.phase == "over":
        if view.payments is None:
            top, bottom = "结束", "the hand is over"
        elif view.winner is None:
            top, bottom = "荒庄 draw", "nobody pays"
        else:
            top, bottom = view.names[view.winner], "胡 wins"
    elif view.phase in ("claim", "rob") and view.claim_tile is not None:
        top, bottom = f"{format_tile(view.claim_tile)} from {view.names[view.turn]}", _PHASE_TEXT[view.phase]
    else:
        top = view.names[view.current] if view.current is not None else view.names[view.turn]
        bottom = _PHASE_TEXT.get(view.phase, view.phase)
    cv.text(cx, y0 + bh - 30, top, size=12, fill="#ffe9a8", anchor="middle", cls="wmj-status")
    cv.text(cx, y0 + bh - 13, bottom, size=12, fill="#ffe9a8", anchor="middle", cls="wmj-status")
    return cv


def table_parts(view: TableView, *, labels: bool = True, covers: bool = False) -> list[Canvas]:
    """The drawing of ``view`` as separate canvases (four seat panels, four rivers, the
    centre), for pages that reuse the parts that did not change between two frames.
    ``covers``: draw a back over every face-up concealed tile, with the classes
    ``wmj-cv wmj-cv{seat}`` (hidden unless a style shows them)."""
    marker = Marker(view.laizi, view.pizi)
    parts = [_seat_panel(view, s, marker, covers, labels) for s in range(4)]
    parts += [_river(view, s, marker, labels) for s in range(4)]
    parts.append(_centre(view, labels))
    return parts


def table_svg(x: Observation | Game | TableView, *, seat: int | None = None, names: Sequence[str] | None = None,
              labels: bool = True, width: str | None = None) -> str:
    """The whole table as a standalone SVG document (a string).

    Args:
        x: an :class:`Observation` (that seat's view), a :class:`Game` (from above, every
            hand face up, or the view of ``seat``), or a :class:`TableView`.
        seat: with a Game, the seat whose view to draw (None: from above).
        names: a label per seat (default ``seat k``, ``you (seat k)`` for the observer).
        labels: the notation label on every face.
        width: the ``width`` attribute: a positive number of pixels (``800``) or a positive
            length as a str (``"100%"``, ``"800"``, ``"40em"``); default the natural 1120 pixels.

    Raises:
        RenderError: ``x`` is none of those, ``seat`` is given without a Game or is not a
            seat 0-3, a bad ``width`` (not positive, not a length), ``labels`` not a bool,
            or ``names`` not four labels.
    """
    w = _width(width)
    labels = flag(labels, "labels")
    if isinstance(x, Game):
        view = view_of_game(x, seat=seat, names=names)
    elif seat is not None:
        raise RenderError("seat is only for a Game (an Observation is already one seat's view)")
    elif isinstance(x, Observation):
        view = view_of_observation(x, names=names)
    elif isinstance(x, TableView):
        view = x
    else:
        raise RenderError(f"table_svg draws an Observation, a Game or a TableView, got {type(x).__name__}")
    parts = table_parts(view, labels=labels)
    kinds: set[int | None] = set()
    marks: set[str] = set()
    for p in parts:
        kinds |= p.kinds
        marks |= p.marks
    who = "from above" if view.me is None else f"seat {view.me}'s view"
    return (f'<svg xmlns="{SVG_NS}" width="{w}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" class="wmj-table">'
            f'<title>table, {who}</title>{table_background()}{defs(kinds, labels, marks)}'
            f'{"".join(p.body() for p in parts)}</svg>')


_LENGTH = re.compile(r"(\d+(?:\.\d*)?|\.\d+)(?:px|%|em|rem|ex|ch|vw|vh|vmin|vmax|pt|pc|cm|mm|in)?")
_MAX_WIDTH = 100_000


def _width(width: object) -> str:
    """The ``width`` attribute of :func:`table_svg` (see there). Raises RenderError."""
    if width is None:
        return str(WIDTH)
    if isinstance(width, (int, float, np.integer, np.floating)) and not isinstance(width, (bool, np.bool_)):
        if not 0 < width <= _MAX_WIDTH:  # NaN fails too
            raise RenderError(f"width must be a positive number of pixels up to {_MAX_WIDTH}, got {width!r}")
        return f"{float(width):g}"
    text = width.strip() if isinstance(width, str) else ""
    m = _LENGTH.fullmatch(text)
    if m is None or not 0 < float(m.group(1)) <= _MAX_WIDTH:
        raise RenderError(f"width must be a positive number or length such as 800, '800px' or '100%', "
                          f"got {width!r:.60}")
    return text


def table_background() -> str:
    """The felt of the table (a rounded green rectangle the size of the drawing)."""
    return f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" rx="14" fill="#3d7a5c"/>'
