"""Rows of tiles in SVG: a hand, melds, a river, special plays (P1–P5, R1–R3).

:class:`Canvas` collects ``<use>`` elements and the kinds they need; the ``draw_*``
functions lay out one row (or block) on it at a given place and return its size; the
``*_svg`` functions make standalone SVG documents of them. Tiles may be given in any form
the package accepts (:func:`~wuhanmj.render.tiles.coerce_tiles`).

>>> svg = hand_svg("234m456p789p55s6m", melds=[Meld.peng("777s", source=2)], indicator="5m", drawn="6m")
>>> svg.count('href="#wmj-6m"'), svg.count('href="#wmj-mk-laizi"')    # the 癞子 6m, marked
(1, 1)
>>> river_svg("19m5z", last=True).count('href="#wmj-mk-last"')
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import RenderError, TileError
from ..hand.meld import Meld
from ..tiles import format_tile, format_tiles, specials_of
from .tiles import FONT, SVG_NS, TILE_H, TILE_W, _scale, coerce_tile, coerce_tiles, defs, esc, flag, text_or_none, use

__all__ = [
    "Canvas",
    "Marker",
    "draw_tiles",
    "draw_melds",
    "draw_river",
    "draw_plays",
    "meld_caption",
    "hand_svg",
    "melds_svg",
    "river_svg",
    "plays_of",
    "GAP",
]

GAP = 1.5
"""Space between two tiles of a row, at scale 1 (user units)."""
_GROUP = 12
_CAPTION = 13
_MELD_NAMES = {"chi": "吃", "peng": "碰", "chong_gang": "冲杠", "xu_gang": "蓄杠", "an_gang": "暗杠"}
_PLAY_NAMES = {"hongzhong_gang": "红中杠", "pizi_gang": "痞子杠", "laizi_gang": "癞子杠"}


@dataclass(frozen=True, slots=True)
class Marker:
    """Which tiles get the 癞子 and 痞子 marks (R2, R3): ``laizi`` a kind or None, ``pizi``
    the 痞子 kinds (empty when the rules do not play them)."""

    laizi: int | None = None
    pizi: tuple[int, ...] = ()

    @classmethod
    def of(cls, indicator: object, pizi: bool = False) -> Marker:
        """The marks of a hand with ``indicator`` (None: no marks); ``pizi``: the rules play 痞子 (R3)."""
        pizi = flag(pizi, "pizi")
        if indicator is None:
            return cls()
        sp = specials_of(coerce_tile(indicator, "indicator"), pizi)
        return cls(sp.laizi, sp.pizi)

    def marks(self, tile: int | None) -> tuple[str, ...]:
        if tile is None:
            return ()
        if tile == self.laizi:
            return ("laizi",)
        if tile in self.pizi:
            return ("pizi",)
        return ()


class Canvas:
    """SVG under construction: tiles (``<use>``), text and raw elements, and the set of
    kinds and marks their ``<defs>`` need.

    Args:
        labels: the notation label on every face (:func:`~wuhanmj.render.tiles.tile_body`).
    """

    __slots__ = ("labels", "parts", "kinds", "marks")

    def __init__(self, labels: bool = True) -> None:
        self.labels = labels
        self.parts: list[str] = []
        self.kinds: set[int | None] = set()
        self.marks: set[str] = set()

    def tile(self, tile: int | None, x: float, y: float, scale: float = 1.0,
             marks: Iterable[str] = (), cls: str | None = None) -> None:
        """A tile (None: its back) with its top-left corner at ``(x, y)``."""
        marks = tuple(marks)
        self.kinds.add(tile)
        self.marks.update(marks)
        self.parts.append(use(tile, x, y, scale, self.labels, marks, cls))

    def text(self, x: float, y: float, text: str, size: float = 12, fill: str = "#222",
             anchor: str = "start", weight: str = "normal", cls: str | None = None) -> None:
        """A line of text with its baseline at ``y``."""
        c = f' class="{cls}"' if cls else ""
        self.parts.append(f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
                          f'text-anchor="{anchor}" font-weight="{weight}" font-family="{FONT}"{c}>'
                          f'{esc(text)}</text>')

    def raw(self, markup: str) -> None:
        """Markup added as it is (rectangles, groups)."""
        self.parts.append(markup)

    def defs(self) -> str:
        """The ``<defs>`` of every kind and mark drawn so far."""
        return defs(self.kinds, self.labels, self.marks)

    def body(self) -> str:
        return "".join(self.parts)

    def svg(self, width: float, height: float, title: str | None = None, extra_class: str = "") -> str:
        """A standalone SVG document of ``width`` × ``height`` user units (and pixels)."""
        t = f"<title>{esc(title)}</title>" if title else ""
        cls = f' class="{extra_class}"' if extra_class else ""
        return (f'<svg xmlns="{SVG_NS}" width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}" '
                f'role="img"{cls}>{t}{self.defs()}{self.body()}</svg>')


def draw_tiles(cv: Canvas, tiles: Sequence[int | None], x: float, y: float, scale: float = 1.0,
               marker: Marker = Marker(), per_row: int | None = None, last: int | None = None,
               cls: str | None = None, cover: str | None = None) -> tuple[float, float]:
    """A row of tiles (None: a back) from ``(x, y)``, wrapped after ``per_row`` tiles; the tile
    at index ``last`` gets the last-discard mark. ``cover``: the class of a back drawn over
    each face (the replay viewer hides a seat's hand by showing those). Returns the
    (width, height) used."""
    w, h = TILE_W * scale, TILE_H * scale
    step_x, step_y = w + GAP * scale, h + GAP * scale * 2
    n = len(tiles)
    if n == 0:
        return 0.0, 0.0
    per = per_row or n
    for i, t in enumerate(tiles):
        tx, ty = x + (i % per) * step_x, y + (i // per) * step_y
        marks = marker.marks(t) + (("last",) if i == last else ())
        cv.tile(t, tx, ty, scale, marks, cls)
        if cover is not None and t is not None:
            cv.tile(None, tx, ty, scale, (), cover)
    rows = (n + per - 1) // per
    cols = min(n, per)
    return cols * step_x - GAP * scale, rows * step_y - GAP * scale * 2


def meld_caption(m: Meld) -> str:
    """The caption under a meld: its kind in Chinese and the seat it was claimed from
    (``碰←2``; an 暗杠 has none)."""
    name = _MELD_NAMES.get(m.kind, m.kind)
    return name if m.source is None else f"{name}←{m.source}"


def draw_melds(cv: Canvas, melds: Sequence[Meld], x: float, y: float, scale: float = 1.0,
               marker: Marker = Marker(), per_row: int | None = None,
               captions: bool = True) -> tuple[float, float]:
    """Melds side by side from ``(x, y)``, ``per_row`` melds a row (None: one row), each with
    its caption under it (:func:`meld_caption`). Returns the (width, height) used."""
    if not melds:
        return 0.0, 0.0
    step = TILE_W * scale + GAP * scale
    cap = _CAPTION * max(scale, 0.8) if captions else 0
    row_h = TILE_H * scale + cap + 4
    per = per_row or len(melds)
    cx = x
    width = 0.0
    for i, m in enumerate(melds):
        if i % per == 0:
            cx = x
        cy = y + (i // per) * row_h
        n = len(m.tiles)
        for j, t in enumerate(m.tiles):
            cv.tile(t, cx + j * step, cy, scale, marker.marks(t))
        mw = n * step - GAP * scale
        if captions:
            cv.text(cx + mw / 2, cy + TILE_H * scale + cap - 2, meld_caption(m), size=max(9.5, 10 * scale),
                    fill="#333", anchor="middle")
        cx += mw + _GROUP * scale
        width = max(width, cx - x - _GROUP * scale)
    rows = (len(melds) + per - 1) // per
    return width, rows * row_h - 4


def draw_plays(cv: Canvas, plays: Sequence[tuple[str, int]], x: float, y: float, scale: float = 1.0,
               marker: Marker = Marker()) -> tuple[float, float]:
    """The special plays of a seat (红中/痞子/癞子杠, P3) as a row of tiles with the caption
    ``杠出``. Returns the (width, height) used."""
    if not plays:
        return 0.0, 0.0
    tiles = [t for _, t in plays]
    w, h = draw_tiles(cv, tiles, x, y, scale, marker)
    kinds = sorted({k for k, _ in plays})
    cap = " ".join(_PLAY_NAMES.get(k, k) for k in kinds)
    cv.text(x, y + h + _CAPTION * max(scale, 0.8) - 2, cap, size=max(9.5, 10 * scale), fill="#333")
    return w, h + _CAPTION * max(scale, 0.8)


def draw_river(cv: Canvas, tiles: Sequence[int], x: float, y: float, scale: float = 0.72,
               marker: Marker = Marker(), per_row: int = 6, last: bool = False) -> tuple[float, float]:
    """A river (the discards still on the table), ``per_row`` a row; ``last`` marks its
    last tile as the last discard. Returns the (width, height) used."""
    return draw_tiles(cv, list(tiles), x, y, scale, marker, per_row, len(tiles) - 1 if last else None)


def _melds(melds: object) -> list[Meld]:
    if melds is None:
        return []
    if isinstance(melds, (str, Meld)) or not isinstance(melds, Iterable):
        raise RenderError(f"melds must be an iterable of Meld values, got {melds!r}")
    out = list(melds)
    for m in out:
        if not isinstance(m, Meld):
            raise RenderError(f"melds must hold Meld values, got {m!r}")
    return out


def plays_of(plays: object) -> list[tuple[str, int]]:
    """Special plays (P3) checked: an iterable of ``(kind, tile)`` pairs, ``kind`` one of
    ``hongzhong_gang``, ``pizi_gang``, ``laizi_gang`` and ``tile`` any form of
    :func:`~wuhanmj.render.tiles.coerce_tile`.

    Raises:
        RenderError: not such an iterable of pairs, or an unknown kind. TileError: a bad tile.
    """
    if plays is None:
        return []
    if isinstance(plays, (str, bytes)) or not isinstance(plays, Iterable):
        raise RenderError(f"plays must be an iterable of (kind, tile) pairs, got {plays!r:.60}")
    out = []
    for p in plays:
        if isinstance(p, (str, bytes)) or not isinstance(p, Sequence) or len(p) != 2:
            raise RenderError(f"plays must hold (kind, tile) pairs, got {p!r:.60}")
        kind, tile = p
        if kind not in _PLAY_NAMES:
            raise RenderError(f"plays: kind must be one of {', '.join(_PLAY_NAMES)}, got {kind!r:.60}")
        out.append((kind, coerce_tile(tile, f"plays ({kind})")))
    return out


def _pull(tiles: list[int], tile: object, what: str) -> int:
    t = coerce_tile(tile, what)
    if t not in tiles:
        raise TileError(f"{what} {format_tile(t)} is not one of the hand's tiles")
    tiles.remove(t)
    return t


def hand_svg(tiles: object, *, melds: Iterable[Meld] | None = (), drawn: object = None,
             win_tile: object = None, indicator: object = None, pizi: bool = False,
             plays: Sequence[tuple[str, int]] = (), sort: bool = True, labels: bool = True,
             scale: float = 1.0, title: str | None = None) -> str:
    """A hand as a standalone SVG document: the concealed tiles, then (apart) the tile just
    drawn or the tile won on, then the melds and the special plays; the indicator in front.

    Args:
        tiles: the concealed tiles in any form (:func:`~wuhanmj.render.tiles.coerce_tiles`),
            the drawn tile / the tile won on included.
        melds: :class:`~wuhanmj.hand.meld.Meld` values, drawn with their captions (``碰←2``).
        drawn: a tile of ``tiles`` just drawn, shown apart (P1).
        win_tile: a tile of ``tiles`` won on, shown apart with the last-tile mark.
        indicator: the indicator (R2): drawn in front (``翻``) and its 癞子 marked (gold);
            with ``pizi`` (the rules play 痞子, R3) the 痞子 are marked (purple).
        plays: special plays ``(kind, tile)`` (P3), drawn after the melds.
        sort: draw the concealed tiles in index order (else as given).
        labels: the notation label on every face; scale: 1 = tiles of 36 × 52 pixels.
        title: the document's ``<title>`` (default: the hand in notation).

    Raises:
        TileError: malformed tiles, or ``drawn`` / ``win_tile`` / ``indicator`` / a play's
            tile not a tile (or not among the tiles).
        RenderError: melds that are not Meld values, plays that are not ``(kind, tile)``
            pairs, a bad scale, an on/off option that is not a bool, a title not a str.
    """
    ts = coerce_tiles(tiles, "hand")
    ml = _melds(melds)
    pl = plays_of(plays)
    scale = _scale(scale)
    sort, labels = flag(sort, "sort"), flag(labels, "labels")
    title = text_or_none(title, "title")
    marker = Marker.of(indicator, pizi)
    apart: list[tuple[int, tuple[str, ...]]] = []
    if drawn is not None:
        apart.append((_pull(ts, drawn, "drawn"), ()))
    if win_tile is not None:
        apart.append((_pull(ts, win_tile, "win_tile"), ("last",)))
    if sort:
        ts.sort()
    cv = Canvas(labels)
    pad = 4 * scale
    x = pad
    top = pad + 4 * scale
    height = TILE_H * scale
    if indicator is not None:
        ind = coerce_tile(indicator, "indicator")
        cv.tile(ind, x, top, scale * 0.8)
        cv.text(x + TILE_W * scale * 0.4, top + TILE_H * scale * 0.8 + 12 * scale, "翻", size=11 * scale,
                fill="#444", anchor="middle")
        x += TILE_W * scale * 0.8 + _GROUP * 1.5 * scale
    w, _ = draw_tiles(cv, ts, x, top, scale, marker)
    x += w
    for t, mk in apart:
        x += _GROUP * scale
        cv.tile(t, x, top, scale, marker.marks(t) + mk)
        x += TILE_W * scale
    if ml:
        x += _GROUP * 2 * scale
        w, h = draw_melds(cv, ml, x, top, scale, marker)
        x += w
        height = max(height, h)
    if pl:
        x += _GROUP * 2 * scale
        w, h = draw_plays(cv, pl, x, top, scale * 0.8, marker)
        x += w
        height = max(height, h)
    if indicator is not None:
        height = max(height, TILE_H * scale * 0.8 + 14 * scale)
    return cv.svg(x + pad + 3 * scale, top + height + pad + 3 * scale, title=title or _hand_title(ts, apart, ml))


def _hand_title(ts: list[int], apart: list[tuple[int, tuple[str, ...]]], ml: list[Meld]) -> str:
    text = format_tiles(ts + [t for t, _ in apart]) if ts or apart else "no concealed tiles"
    return text + "".join(f" {m}" for m in ml)


def melds_svg(melds: Iterable[Meld], *, indicator: object = None, pizi: bool = False, labels: bool = True,
              scale: float = 1.0) -> str:
    """Melds side by side as a standalone SVG document, each with its caption (``碰←2``).

    Raises:
        RenderError: not Meld values, a bad scale, an on/off option that is not a bool.
        TileError: a bad indicator.
    """
    ml = _melds(melds)
    scale = _scale(scale)
    cv = Canvas(flag(labels, "labels"))
    w, h = draw_melds(cv, ml, 4, 6, scale, Marker.of(indicator, pizi))
    return cv.svg(max(w, 10) + 10, max(h, 10) + 12, title=" ".join(str(m) for m in ml) or "no melds")


def river_svg(tiles: object, *, last: bool = False, per_row: int = 6, indicator: object = None,
              pizi: bool = False, labels: bool = True, scale: float = 1.0) -> str:
    """A river (discards in the order played) as a standalone SVG document, ``per_row``
    tiles a row; ``last`` marks the last one as the last discard.

    Raises:
        TileError: malformed tiles or indicator. RenderError: a bad scale or ``per_row``, an
        on/off option that is not a bool.
    """
    ts = coerce_tiles(tiles, "river")
    scale = _scale(scale)
    if isinstance(per_row, bool) or not isinstance(per_row, int) or per_row < 1:
        raise RenderError(f"per_row must be an int >= 1, got {per_row!r}")
    last = flag(last, "last")
    cv = Canvas(flag(labels, "labels"))
    w, h = draw_river(cv, ts, 5, 5, scale, Marker.of(indicator, pizi), per_row, last)
    return cv.svg(max(w, 10) + 10, max(h, 10) + 10, title="river " + " ".join(format_tile(t) for t in ts))
