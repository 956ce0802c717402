"""One tile drawn in SVG: the face, the back, the marks of 癞子/痞子/the last discard (T2, R1–R3).

Every tile is drawn here, from nothing but shapes and text (no artwork, no font shipped):
a rounded ivory tile with a darker edge; suited tiles show the Chinese numeral over the
suit character (万 red under a black numeral, 筒 blue, 条 green), honours their character
(东南西北 black, 发 green, 白 a blue frame, 中 red); a small grey label gives the
notation (``5m``). The text uses the system's CJK sans-serif font (:data:`FONT`).

A tile is ``TILE_W`` × ``TILE_H`` = 36 × 52 user units at scale 1. Drawings of many tiles
(hands, tables) put one ``<symbol>`` per kind in ``<defs>`` (:func:`defs`) and ``<use>``
it for every copy (:func:`use`), so a table of 136 tiles stays small.

Marks, drawn over a tile: ``"laizi"`` a gold frame with a gold corner (R2), ``"pizi"`` a
purple one (R3), ``"last"`` an orange frame (the last discard, the tile won on).

>>> svg = tile_svg("5m")
>>> svg.startswith("<svg") and "五" in svg and "万" in svg and ">5m<" in svg
True
>>> coerce_tiles("12m 中"), coerce_tiles([0, "2p"])
([0, 1, 33], [0, 10])
"""

from __future__ import annotations

import functools

from collections.abc import Iterable, Mapping
from html import escape

import numpy as np

from ..errors import RenderError, TileError, WuhanMJError
from ..tiles import N_KINDS, format_tile, parse_tile, parse_tiles, tile_name, tiles_from_counts

__all__ = [
    "TILE_W",
    "TILE_H",
    "FONT",
    "SVG_NS",
    "MARKS",
    "SUIT_COLOURS",
    "tile_svg",
    "tile_body",
    "defs",
    "use",
    "symbol_id",
    "coerce_tiles",
    "coerce_tile",
    "esc",
    "flag",
    "text_or_none",
    "four_labels",
]

TILE_W = 36
TILE_H = 52
SVG_NS = "http://www.w3.org/2000/svg"
FONT = ("'Noto Sans CJK SC','Noto Sans SC','Source Han Sans SC','WenQuanYi Zen Hei',"
        "'Microsoft YaHei','PingFang SC','Hiragino Sans GB',sans-serif")
"""The font stack of every text: CJK sans-serif fonts a system may have, then sans-serif."""

SUIT_COLOURS = {"m": "#c0141c", "p": "#1558b0", "s": "#137a3b"}
"""The colour of each suit's character: 万 red, 筒 blue, 条 green."""
_INK = "#1b1b1b"
_HONOUR_COLOURS = ("#1b1b1b", "#1b1b1b", "#1b1b1b", "#1b1b1b", "#1558b0", "#137a3b", "#d5101a")
_NUMERALS = "一二三四五六七八九"
_SUIT_CHARS = "万筒条"

_FACE = ('<rect x="0.5" y="0.5" width="35" height="51" rx="5" fill="#d9c9a3" stroke="#8c7b58"/>'
         '<rect x="0.5" y="0.5" width="35" height="46" rx="5" fill="#fffdf5" stroke="#8c7b58"/>')
_BACK = ('<rect x="0.5" y="0.5" width="35" height="51" rx="5" fill="#1d5a40" stroke="#123826"/>'
         '<rect x="0.5" y="0.5" width="35" height="46" rx="5" fill="#2f8a62" stroke="#123826"/>'
         '<rect x="6" y="6" width="24" height="35" rx="3" fill="none" stroke="#9fd9bd" stroke-width="1.2"/>')

MARKS = {
    "laizi": ('<rect x="1.8" y="1.8" width="32.4" height="43.4" rx="4.2" fill="none" stroke="#d49a00" '
              'stroke-width="3"/><path d="M1.5 15V6a4.5 4.5 0 0 1 4.5-4.5h9z" fill="#d49a00"/>'),
    "pizi": ('<rect x="1.8" y="1.8" width="32.4" height="43.4" rx="4.2" fill="none" stroke="#8e44ad" '
             'stroke-width="3"/><path d="M1.5 15V6a4.5 4.5 0 0 1 4.5-4.5h9z" fill="#8e44ad"/>'),
    "last": ('<rect x="-1.5" y="-1.5" width="39" height="55" rx="6.5" fill="none" stroke="#ff7a00" '
             'stroke-width="3.5"/>'),
}
"""Overlays in the 36 × 52 box of a tile: 癞子 (R2), 痞子 (R3), the last discard."""


def esc(text: object) -> str:
    """``text`` escaped for SVG/HTML text and attribute values."""
    return escape(str(text), quote=True)


def coerce_tile(x: object, what: str = "tile") -> int:
    """A tile index 0–33 from an int (numpy integers too) or one tile of notation (``"5m"``, ``"中"``).

    Raises:
        TileError: anything else; the message names ``what``.
    """
    if isinstance(x, str):
        try:
            return parse_tile(x)
        except TileError as e:
            raise TileError(f"{what}: {e}") from None
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)) or not 0 <= int(x) < N_KINDS:
        raise TileError(f"{what}: expected a tile index 0-33 or its notation, got {x!r}")
    return int(x)


def coerce_tiles(x: object, what: str = "tiles") -> list[int]:
    """Tile indices, in the order given, from any form the package accepts: notation
    (``"123m 5z"``, ``"东南"``), an iterable of indices or of single tiles' notation, or
    a numpy (34,) counts array (:func:`~wuhanmj.tiles.tile_counts`'s form, read in
    index order).

    Raises:
        TileError: malformed tiles or more than four of a kind; the message names ``what``.
    """
    try:
        if isinstance(x, str):
            return parse_tiles(x)
        if isinstance(x, np.ndarray) and x.ndim == 1 and x.shape == (N_KINDS,) and x.dtype.kind in "iu":
            return tiles_from_counts(x)
        if isinstance(x, (bytes, bytearray, Mapping)) or not isinstance(x, Iterable):
            raise TileError(f"expected tiles (notation, indices or 34 counts), got {type(x).__name__}")
        out = [coerce_tile(t, what) for t in x]
    except TileError as e:
        msg = str(e)
        raise TileError(msg if msg.startswith(what) else f"{what}: {msg}") from None
    for t in set(out):
        if out.count(t) > 4:
            raise TileError(f"{what}: {out.count(t)} copies of {format_tile(t)}; at most 4 (T1)")
    return out


def _text(x: float, y: float, size: float, fill: str, text: str, weight: str = "bold") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="middle" font-family="{FONT}">{text}</text>')


def tile_body(tile: int, labels: bool = True) -> str:
    """The SVG elements of ``tile``'s face in a 36 × 52 box (the face, its characters and,
    when ``labels``, the notation label)."""
    t = coerce_tile(tile)
    parts = [_FACE]
    if t < 27:
        suit = "mps"[t // 9]
        colour = SUIT_COLOURS[suit]
        parts.append(_text(18, 18.5, 16, _INK if suit == "m" else colour, _NUMERALS[t % 9]))
        parts.append(_text(18, 34.5, 14, colour, _SUIT_CHARS[t // 9]))
    else:
        colour = _HONOUR_COLOURS[t - 27]
        if t == 31:  # 白: the blank dragon, a blue frame round its character
            parts.append(f'<rect x="7.5" y="6" width="21" height="31" rx="2.5" fill="none" '
                         f'stroke="{colour}" stroke-width="2"/>')
            parts.append(_text(18, 27.5, 14, colour, "白"))
        else:
            parts.append(_text(18, 31, 23, colour, tile_name(t)))
    if labels:
        parts.append(_text(18, 44, 8, "#6b6b6b", format_tile(t), weight="normal"))
    return "".join(parts)


def _title(tile: int | None) -> str:
    return "<title>hidden tile</title>" if tile is None else f"<title>{tile_name(tile)} {format_tile(tile)}</title>"


def symbol_id(tile: int | None, labels: bool = True) -> str:
    """The id of the ``<symbol>`` of ``tile`` (None: the back): ``wmj-5m``, ``wmj-5m-n``
    without the label, ``wmj-bk``."""
    if tile is None:
        return "wmj-bk"
    return f"wmj-{format_tile(tile)}" + ("" if labels else "-n")


@functools.lru_cache(maxsize=None)
def _symbol(t: int | None, labels: bool) -> str:
    """The ``<symbol>`` of one kind (None: the back): the same string every time, made once
    (a table drawn for every message of the web table asks for them again and again)."""
    body = _BACK if t is None else tile_body(t, labels)
    return (f'<symbol id="{symbol_id(t, labels)}" viewBox="0 0 {TILE_W} {TILE_H}">'
            f'{_title(t)}{body}</symbol>')


def defs(tiles: Iterable[int | None], labels: bool = True, marks: Iterable[str] = ()) -> str:
    """``<defs>`` with one ``<symbol>`` for each distinct kind of ``tiles`` (None: the back)
    and for each mark of ``marks`` (keys of :data:`MARKS`), for :func:`use`."""
    out = ["<defs>"]
    for t in sorted(set(tiles), key=lambda v: -1 if v is None else v):
        out.append(_symbol(t, bool(labels)))
    for m in sorted(set(marks)):
        out.append(f'<symbol id="wmj-mk-{m}" viewBox="0 0 {TILE_W} {TILE_H}" overflow="visible">'
                   f'{MARKS[m]}</symbol>')
    out.append("</defs>")
    return "".join(out)


def use(tile: int | None, x: float, y: float, scale: float = 1.0, labels: bool = True,
        marks: Iterable[str] = (), cls: str | None = None) -> str:
    """One tile at ``(x, y)`` (its top-left corner, user units) drawn ``scale`` times the
    36 × 52 size, as ``<use>`` of its symbol (see :func:`defs`) and of its marks."""
    w, h = TILE_W * scale, TILE_H * scale
    c = f' class="{cls}"' if cls else ""
    out = f'<use href="#{symbol_id(tile, labels)}" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"{c}/>'
    for m in marks:
        out += f'<use href="#wmj-mk-{m}" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"/>'
    return out


def tile_svg(tile: int | str, *, laizi: bool = False, pizi: bool = False, last: bool = False,
             hidden: bool = False, labels: bool = True, scale: float = 1.0) -> str:
    """One tile as a standalone SVG document (a string).

    Args:
        tile: an index 0–33 or its notation (``"5m"``, ``"中"``).
        laizi, pizi, last: draw the mark of the 癞子 (R2), of a 痞子 (R3), of the last
            discard / the tile won on.
        hidden: draw the back instead (the tile is still checked).
        labels: the small notation label (``5m``) on the face.
        scale: the size, 1 = 36 × 52 pixels.

    Raises:
        TileError: not a tile. RenderError: a scale that is not a positive number, or an
        on/off option that is not a bool.
    """
    t = coerce_tile(tile)
    scale = _scale(scale)
    laizi, pizi, last = flag(laizi, "laizi"), flag(pizi, "pizi"), flag(last, "last")
    hidden, labels = flag(hidden, "hidden"), flag(labels, "labels")
    pad = 2.5 if last else 0
    w, h = (TILE_W + 2 * pad) * scale, (TILE_H + 2 * pad) * scale
    body = _BACK if hidden else tile_body(t, labels)
    marks = "".join(MARKS[m] for m, on in (("laizi", laizi), ("pizi", pizi), ("last", last)) if on)
    return (f'<svg xmlns="{SVG_NS}" width="{w:g}" height="{h:g}" '
            f'viewBox="{-pad:g} {-pad:g} {TILE_W + 2 * pad:g} {TILE_H + 2 * pad:g}" role="img">'
            f'{_title(None if hidden else t)}{body}{marks}</svg>')


def _scale(scale: object) -> float:
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale < 100:
        raise RenderError(f"scale must be a number between 0 and 100, got {scale!r}")
    return float(scale)


def flag(x: object, what: str) -> bool:
    """An on/off option: a bool (numpy's too). Raises RenderError naming ``what`` otherwise
    (a str such as ``"no"`` would be true)."""
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    raise RenderError(f"{what} must be True or False, got {x!r:.60}")


def text_or_none(x: object, what: str) -> str | None:
    """A text option (a title, a label) or None. Raises RenderError naming ``what`` otherwise."""
    if x is None or isinstance(x, str):
        return x
    raise RenderError(f"{what} must be a str or None, got {x!r:.60}")


def four_labels(names: object, error: type[WuhanMJError] = RenderError) -> tuple[str, ...]:
    """Four seat labels from an iterable of four values (each shown as ``str``), never a
    lone str. Raises ``error``: "names: four labels expected, …"."""
    if isinstance(names, (str, bytes, Mapping)) or not isinstance(names, Iterable):
        raise error(f"names: four labels expected (one per seat), got {names!r:.60}")
    ns = tuple(str(n) for n in names)
    if len(ns) != 4:
        raise error(f"names: four labels expected, got {len(ns)}")
    return ns
