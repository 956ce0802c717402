"""Tiles: ``Tile = int`` 0–33, the text notation, names, glyphs, and the indicator's 癞子/痞子.

Tile index (T2): 1m=0 … 9m=8, 1p=9 … 9p=17, 1s=18 … 9s=26, then the honors
1z=东 27, 2z=南 28, 3z=西 29, 4z=北 30, 5z=白 31, 6z=发 32, 7z=中 33 (红中).

The notation is the community's (``mahjong`` package, Tenhou):
``"123m456p789s1234567z"``; whitespace may separate groups and the Chinese
honor characters 东南西北中发白 (and 東南西北中發白) may stand alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .errors import TileCountError, TileError

__all__ = [
    "Tile",
    "N_KINDS",
    "HONGZHONG",
    "SUITS",
    "parse_tile",
    "parse_tiles",
    "format_tile",
    "format_tiles",
    "tile_counts",
    "tiles_from_counts",
    "tile_name",
    "tile_names",
    "tile_glyph",
    "format_glyphs",
    "is_honor",
    "is_jiang",
    "suit_of",
    "rank_of",
    "next_in_cycle",
    "prev_in_cycle",
    "laizi_of",
    "pizi_of",
    "Specials",
    "specials_of",
]

Tile = int
"""A tile kind, 0–33 (T2)."""

N_KINDS = 34
HONGZHONG = 33
SUITS = "mpsz"

_HONOR_CHARS = {
    "东": 27, "東": 27, "南": 28, "西": 29, "北": 30,
    "白": 31, "发": 32, "發": 32, "中": 33,
}
_HONOR_NAMES = ("东", "南", "西", "北", "白", "发", "中")
_NUMERALS = "一二三四五六七八九"
_SUIT_NAMES = ("万", "筒", "条")
# Unicode Mahjong Tiles block: its suit order (winds, dragons 中发白, 万, 条, 筒)
# differs from the index order, so the mapping is spelled out.
_GLYPH_BASE = {"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}
_HONOR_GLYPHS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)

# T3: the honor cycle 东南西北(中)发白, 红中 left out.
_HONOR_CYCLE = (27, 28, 29, 30, 32, 31)


def _check_index(tile: int) -> int:
    if isinstance(tile, bool) or not isinstance(tile, (int, np.integer)):
        raise TileError(f"tile must be an int 0-33, got {tile!r}")
    t = int(tile)
    if not 0 <= t < N_KINDS:
        raise TileError(f"tile index {t} out of range 0-33")
    return t


def parse_tiles(text: str, *, max_copies: int = 4) -> list[Tile]:
    """Parse the notation of T2 into tile indices, in the order written.

    Args:
        text: e.g. ``"123m456p789s11z"``, ``"234m 456p"``, ``"东东南"``.
        max_copies: most copies of one kind allowed (4 by T1).

    Returns:
        ``list[int]`` of tile indices 0–33.

    Raises:
        TileError: an unknown character, a digit without a suit letter, ``0``,
            or an honor digit above 7 (T2).
        TileCountError: more than ``max_copies`` copies of one kind (T1).
    """
    if not isinstance(text, str):
        raise TileError(f"tile text must be a str, got {type(text).__name__}")
    if type(max_copies) is not int or max_copies < 0:
        raise TileError(f"max_copies must be an int >= 0, got {max_copies!r}")
    out: list[int] = []
    pending: list[int] = []
    for pos, ch in enumerate(text):
        if ch.isspace():
            continue
        if "1" <= ch <= "9":
            pending.append(int(ch))
        elif ch == "0":
            raise TileError(f"'0' at position {pos} of {text!r}: red fives are not used (T2)")
        elif ch in "mpsz":
            if not pending:
                raise TileError(f"suit letter {ch!r} at position {pos} of {text!r} has no digits")
            base = "mpsz".index(ch) * 9
            for d in pending:
                if ch == "z" and d > 7:
                    raise TileError(f"honor {d}z in {text!r}: honors are 1z-7z (T2)")
                out.append(base + d - 1)
            pending = []
        elif ch in _HONOR_CHARS:
            if pending:
                raise TileError(f"digits before {ch!r} in {text!r} have no suit letter")
            out.append(_HONOR_CHARS[ch])
        else:
            raise TileError(f"unknown character {ch!r} at position {pos} of {text!r}")
    if pending:
        raise TileError(f"digits at the end of {text!r} have no suit letter")
    if out:
        counts = np.bincount(out, minlength=N_KINDS)
        worst = int(counts.argmax())
        if counts[worst] > max_copies:
            raise TileCountError(
                f"{counts[worst]} copies of {format_tile(worst)} in {text!r}; at most {max_copies} (T1)"
            )
    return out


def parse_tile(text: str) -> Tile:
    """Parse exactly one tile (``"5m"``, ``"7z"``, ``"中"``) into its index.

    Raises:
        TileError: malformed, or not exactly one tile.
    """
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileError(f"expected exactly one tile, got {len(tiles)} in {text!r}")
    return tiles[0]


def format_tile(tile: Tile) -> str:
    """The notation of one tile: ``format_tile(0) == "1m"``. Raises TileError."""
    t = _check_index(tile)
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def _iter_tiles(tiles: object) -> Iterable:
    """Tiles as an iterable of indices; strings of the notation are not indices."""
    if isinstance(tiles, (str, bytes, bytearray, Mapping)) or not isinstance(tiles, Iterable):
        raise TileError(f"expected tile indices (ints 0-33), got {type(tiles).__name__}")
    return tiles


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Canonical notation: sorted by index, one suit letter per group.

    ``parse_tiles(format_tiles(ts)) == sorted(ts)`` for every valid list.
    Raises TileError on a bad index or a non-iterable, TileCountError on a fifth copy (T1).
    """
    ts = sorted(_check_index(t) for t in _iter_tiles(tiles))
    for t in set(ts):
        if ts.count(t) > 4:
            raise TileCountError(f"{ts.count(t)} copies of {format_tile(t)}; at most 4 (T1)")
    parts: list[str] = []
    for s, letter in enumerate(SUITS):
        digits = "".join(str(t - 9 * s + 1) for t in ts if t // 9 == s)
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


def tile_counts(tiles: Iterable[Tile] | str) -> np.ndarray:
    """Counts per kind: ``numpy.ndarray`` shape (34,), dtype uint8.

    Args:
        tiles: tile indices, or a string in the notation of T2.

    Raises:
        TileError: a bad tile; TileCountError: a fifth copy (T1).
    """
    ts = parse_tiles(tiles) if isinstance(tiles, str) else [_check_index(t) for t in _iter_tiles(tiles)]
    counts = np.bincount(np.asarray(ts, dtype=np.intp), minlength=N_KINDS) if ts else np.zeros(N_KINDS, np.intp)
    if counts.max(initial=0) > 4:
        worst = int(counts.argmax())
        raise TileCountError(f"{counts[worst]} copies of {format_tile(worst)}; at most 4 (T1)")
    return counts.astype(np.uint8)


def tiles_from_counts(counts) -> list[Tile]:
    """Inverse of :func:`tile_counts`: a sorted list of tile indices.

    Raises TileError for a shape other than (34,) or non-integer counts,
    TileCountError for a count outside 0–4.
    """
    arr = np.asarray(counts)
    if arr.shape != (N_KINDS,):
        raise TileError(f"counts must have shape (34,), got {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise TileError(f"counts must be integers, got dtype {arr.dtype}")
    if arr.min() < 0 or arr.max() > 4:
        worst = int(np.argmax((arr < 0) | (arr > 4)))
        raise TileCountError(f"counts[{worst}] = {arr[worst]}: a kind has 0 to 4 tiles (T1)")
    return [t for t in range(N_KINDS) for _ in range(int(arr[t]))]


def tile_name(tile: Tile) -> str:
    """Chinese name: ``一万`` … ``九条``, ``东 南 西 北 白 发 中``."""
    t = _check_index(tile)
    if t >= 27:
        return _HONOR_NAMES[t - 27]
    return _NUMERALS[t % 9] + _SUIT_NAMES[t // 9]


def tile_names(tiles: Iterable[Tile]) -> str:
    """Chinese names joined by spaces. Raises TileError on a bad tile or a non-iterable."""
    return " ".join(tile_name(t) for t in _iter_tiles(tiles))


def tile_glyph(tile: Tile) -> str:
    """The Unicode glyph (U+1F000 block). Opt-in: terminals render widths unreliably."""
    t = _check_index(tile)
    if t >= 27:
        return chr(_HONOR_GLYPHS[t - 27])
    return chr(_GLYPH_BASE[SUITS[t // 9]] + t % 9)


def format_glyphs(tiles: Iterable[Tile]) -> str:
    """Sorted tiles as Unicode glyphs (see :func:`tile_glyph`)."""
    return "".join(tile_glyph(t) for t in sorted(_check_index(t) for t in _iter_tiles(tiles)))


def is_honor(tile: Tile) -> bool:
    """True for 1z–7z."""
    return _check_index(tile) >= 27


def is_jiang(tile: Tile) -> bool:
    """True for a 2, 5 or 8 of a suit: the tiles allowed as the pair by W2."""
    t = _check_index(tile)
    return t < 27 and t % 9 in (1, 4, 7)


def suit_of(tile: Tile) -> int:
    """0 万, 1 筒, 2 条, 3 honors."""
    return _check_index(tile) // 9


def rank_of(tile: Tile) -> int:
    """1–9 within a suit, 1–7 for honors."""
    return _check_index(tile) % 9 + 1


def next_in_cycle(tile: Tile) -> Tile:
    """The next kind in the cycle of T3 (9→1 in a suit; 东南西北发白, 中 → 发)."""
    t = _check_index(tile)
    if t < 27:
        return t - t % 9 + (t % 9 + 1) % 9
    if t == HONGZHONG:
        return 32  # 中 → 发 (R2)
    i = _HONOR_CYCLE.index(t)
    return _HONOR_CYCLE[(i + 1) % len(_HONOR_CYCLE)]


def prev_in_cycle(tile: Tile) -> Tile:
    """The kind before in the cycle of T3 (1→9 in a suit; 中 → 北)."""
    t = _check_index(tile)
    if t < 27:
        return t - t % 9 + (t % 9 + 8) % 9
    if t == HONGZHONG:
        return 30  # 中 sits between 北 and 发
    i = _HONOR_CYCLE.index(t)
    return _HONOR_CYCLE[(i - 1) % len(_HONOR_CYCLE)]


def laizi_of(indicator: Tile) -> Tile:
    """The 癞子 for an indicator: the next kind in its cycle (R2, T3).

    ``laizi_of(parse_tile("5m")) == parse_tile("6m")``; 北 → 发, 白 → 东, 中 → 发.
    Raises TileError on a bad index.
    """
    return next_in_cycle(indicator)


def pizi_of(indicator: Tile) -> tuple[Tile, Tile]:
    """The two 痞子 kinds for an indicator, sorted by index (R3, T3).

    The indicator's kind and the one before it; for 中 the two before it in the
    honor cycle, 西 and 北. Raises TileError on a bad index.
    """
    t = _check_index(indicator)
    if t == HONGZHONG:
        pair = (29, 30)
    else:
        pair = (t, prev_in_cycle(t))
    return (min(pair), max(pair))


@dataclass(frozen=True, slots=True)
class Specials:
    """What an indicator makes special in one hand (R1–R4, D6, D8): the one value the
    game engine, :func:`wuhanmj.scoring.evaluate_win`, the readings, the analysis and the
    core wrappers all take their 癞子, 痞子 and wildcard limits from. Build with
    :func:`specials_of`.

    Fields:
        indicator: the indicator tile (R2), out of play for the hand (D6).
        laizi: the 癞子 (R2): wild for winning only (R4).
        pizi: the two 痞子 kinds, sorted (R3), or ``()`` when the rule set does not play them.
        blocked: kinds that block a win while held (W5), which a wildcard never stands
            for either (D8): 红中 and the 痞子, sorted.
        special: (34,) bools, True for 红中, the 癞子 and the 痞子: never claimed, melded
            or discarded as normal tiles; each leaves the hand as a special gang (R1, R3, R4, P3).
        normal: the other kinds, ascending.
        limit: (34,) copies of each kind in play: 4, and 3 of the indicator's kind (D6).
        forbid_suit: per suit 0–2, the kinds a wildcard may not stand for in a 清一色 of
            that suit (W6, D8): ``blocked`` plus every kind outside the suit, sorted.
        forbid_jiang: the same for 将一色 (and 将一色 + 碰碰胡): ``blocked`` plus every
            kind but a 2/5/8.
        forbid_jiang_suit: per suit, ``blocked`` plus every kind but that suit's 2/5/8.
        forbid_honor: the same for 风一色 (+ 碰碰胡): ``blocked`` plus every suited kind.
    """

    indicator: Tile
    laizi: Tile
    pizi: tuple[Tile, ...]
    blocked: tuple[Tile, ...]
    special: tuple[bool, ...]
    normal: tuple[Tile, ...]
    limit: tuple[int, ...]
    forbid_suit: tuple[tuple[Tile, ...], ...]
    forbid_jiang: tuple[Tile, ...]
    forbid_jiang_suit: tuple[tuple[Tile, ...], ...]
    forbid_honor: tuple[Tile, ...]


@lru_cache(maxsize=128)
def specials_of(indicator: Tile, pizi: bool) -> Specials:
    """The :class:`Specials` of ``indicator`` (0–33) when the rule set plays 痞子 or not
    (``Rules.pizi``, R3). The indicator before a 癞子 (:func:`prev_in_cycle`) gives the same
    癞子 and 痞子, so code that knows only the 癞子 may pass ``prev_in_cycle(laizi)``.

    Raises:
        TileError: ``indicator`` is not a tile index.
    """
    ind = _check_index(indicator)
    lz = laizi_of(ind)
    pz = pizi_of(ind) if pizi else ()
    blocked = tuple(sorted({HONGZHONG, *pz}))
    special = tuple(t == HONGZHONG or t == lz or t in pz for t in range(N_KINDS))
    limit = tuple(3 if t == ind else 4 for t in range(N_KINDS))

    def plus(others: Iterable[Tile]) -> tuple[Tile, ...]:
        return tuple(sorted(set(blocked) | set(others)))

    return Specials(
        ind, lz, pz, blocked, special, tuple(t for t in range(N_KINDS) if not special[t]), limit,
        forbid_suit=tuple(plus(t for t in range(N_KINDS) if t // 9 != s) for s in range(3)),
        forbid_jiang=plus(t for t in range(N_KINDS) if not is_jiang(t)),
        forbid_jiang_suit=tuple(plus(t for t in range(N_KINDS) if not (t // 9 == s and is_jiang(t)))
                                for s in range(3)),
        forbid_honor=plus(range(27)),
    )
