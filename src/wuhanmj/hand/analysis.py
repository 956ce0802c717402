"""Hand analysis: 向听 (shanten) over the Wuhan routes to a win, effective tiles, discard advice.

The shanten of a hand is the number of tiles it must still exchange before it is
ready (0) or complete (-1), taken as the least over the *routes* to a legal win
(W1–W3, W6–W8, D8):

=============== ==========================================================
route           target of the concealed tiles
=============== ==========================================================
``xiaohu``      small hu: sets and a 2/5/8 pair (W2, W7); at most one 癞子
                counts as a wildcard, since two forbid a small hu (W8)
``pengpenghu``  碰碰胡: pongs and any pair (melds must be 碰/杠)
``qingyise_m``  清一色 in 万 (``_p`` 筒, ``_s`` 条): sets and any pair, all one
                suit (melds of that suit)
``jiangyise``   将一色: only 2/5/8 tiles, any shape (W3)
``fengyise``    风一色: only honors, any shape (W3)
=============== ==========================================================

A 癞子 is a wildcard (D8). 红中 and the 痞子 in hand never help: they leave the
hand by a special gang (P3) with a replacement draw, so each counts as a tile
still to exchange; a wildcard never stands for them. Opening (W4) and 起胡
(W11) are not shape matters and are ignored; so are the big hu that depend on
how the last tile comes (全求人, 杠上开花, 海底捞, 抢杠).

Shanten follows the ``mahjong`` package's regular-hand number: a drawn tile is
never a fifth copy of a kind (a wildcard may be, D8). The work is done by the
shape core's tables (:func:`wuhanmj.core.wuhan_routes` and friends), a few µs
per call.

>>> r = wuhan_shanten("234m456p78p55s6m", [Meld.peng("777s", source=2)], laizi="6m")
>>> r.value, r.route
(-1, 'xiaohu')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from .. import _checks
from .. import core as _core
from ..errors import HandError, MeldError, TileCountError, TileError
from ..rules import Rules
from ..tiles import (
    HONGZHONG,
    format_tile,
    parse_tiles,
    prev_in_cycle,
    specials_of,
    tile_counts,
)
from .bighu import ROUTES, route_mask
from .meld import Meld

__all__ = [
    "ROUTES",
    "ShantenResult",
    "EffectiveTiles",
    "DiscardOption",
    "wuhan_shanten",
    "effective_tiles",
    "discard_advice",
]

# On a tie the big hu (which pay more, S4) come before the small hu.
_PREFERENCE = (1, 2, 3, 4, 5, 6, 0)


@dataclass(frozen=True, slots=True)
class ShantenResult:
    """Shanten of a hand over the Wuhan routes.

    Fields:
        value: the least shanten over the routes: -1 a winning shape (W4 and W11 not
            checked), 0 ready, n > 0 that many exchanges from ready.
        route: the route reaching it (big hu first on a tie): one of :data:`ROUTES`.
        routes: ``((name, shanten), ...)`` for every route the melds allow, in
            :data:`ROUTES` order.
    """

    value: int
    route: str
    routes: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class EffectiveTiles:
    """The draws that lower the shanten of a 3k+1 hand.

    Fields:
        shanten: the hand's shanten now.
        tiles: kinds (0–33, sorted) whose draw lowers it.
        unseen: for each kind in ``tiles``, the copies not seen by the player
            (4 minus its hand, its melds and the visible tiles).
        total: ``sum(unseen)``.
    """

    shanten: int
    tiles: tuple[int, ...]
    unseen: tuple[int, ...]
    total: int


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One possible discard of a 3k+2 hand.

    Fields:
        tile: the kind discarded.
        shanten: the shanten of the hand left.
        tiles: kinds whose draw would then lower it (sorted).
        unseen: copies of those kinds still unseen, in total.
    """

    tile: int
    shanten: int
    tiles: tuple[int, ...]
    unseen: int

    def __str__(self) -> str:
        eff = " ".join(format_tile(t) for t in self.tiles)
        return f"{format_tile(self.tile)}: shanten {self.shanten}, {self.unseen} unseen [{eff}]"


# ---------------------------------------------------------------- inputs

def _counts(x: object, what: str) -> np.ndarray:
    """(34,) uint8 counts from tiles (str or ints) or a (34,) numpy counts array."""
    if isinstance(x, np.ndarray) and x.shape == (34,):
        if x.dtype.kind not in "iu":
            raise TileError(f"{what} counts must be integers, got dtype {x.dtype}")
        if x.size and (x.min() < 0 or x.max() > 4):
            raise TileCountError(f"{what} counts must be 0 to 4 (T1)")
        return np.ascontiguousarray(x, dtype=np.uint8)
    if isinstance(x, (str, bytes)) or isinstance(x, Iterable):
        try:
            return tile_counts(x)
        except TileError as e:
            raise type(e)(f"{what}: {e}") from None
    raise TileError(f"{what} must be tiles (a str or tile indices) or (34,) counts, got {x!r}")


def _laizi(x: object) -> int:
    t = _checks.tile(x, "laizi", TileError)
    if t == HONGZHONG:
        raise TileError("laizi cannot be 红中: no indicator turns it into the 癞子 (R2)")
    return t


def _melds(melds: object) -> tuple:
    """The melds as a tuple: None, or an iterable (never a str, bytes or a lone Meld).
    Each item is checked to be a Meld by the caller (MeldError)."""
    if melds is None:
        return ()
    if type(melds) is tuple:
        return melds
    if isinstance(melds, (str, bytes, Meld)) or not isinstance(melds, Iterable):
        raise HandError(f"melds must be None or an iterable of Meld values, got {melds!r}")
    return tuple(melds)


def _setup(hand, melds, laizi, rules, visible=None):
    """Validated counts, route mask, 痞子 and (if asked) the unseen counts."""
    rules = Rules.coerce(rules)
    c = _counts(hand, "hand")
    lz = _laizi(laizi)
    # the indicator before the 癞子 gives the same 癞子 and 痞子 (R2, R3; for 中 as well)
    pizi = specials_of(prev_in_cycle(lz), rules.pizi).pizi
    ml = _melds(melds)
    if len(ml) > 4:
        raise HandError(f"{len(ml)} melds: a hand has at most 4 sets (W1)")
    seen = c.astype(np.int16)
    own = seen.copy()
    for m in ml:
        if not isinstance(m, Meld):
            raise MeldError(f"melds must hold Meld values, got {m!r}")
        ts = m.tiles
        if lz in ts:
            raise MeldError(f"{m!r} holds the 癞子 {format_tile(lz)}: a 癞子 is never melded (R4)")
        for p in pizi:
            if p in ts:
                raise MeldError(f"{m!r} holds the 痞子 {format_tile(p)}: a 痞子 is never melded (R3)")
        for t in ts:
            seen[t] += 1
            own[t] += 1
    routes = route_mask(ml)  # the big hu the melds leave open (hand.bighu)
    n = int(c.sum())
    if n + 3 * len(ml) not in (13, 14):
        raise HandError(
            f"hand has {n} tiles with {len(ml)} meld(s): expected {13 - 3 * len(ml)} or {14 - 3 * len(ml)}"
        )
    unseen = None
    if visible is not None:
        seen += _counts_any(visible)
    if seen.max() > 4:
        worst = int(seen.argmax())
        raise TileCountError(
            f"{seen[worst]} copies of {format_tile(worst)} in hand, melds and visible tiles; at most 4 (T1)"
        )
    if visible is not None:
        # unseen copies; -1 marks a kind the player holds or melded all four of (never drawn)
        unseen = np.where(own >= 4, -1, 4 - seen).astype(np.int64)
    return c, lz, pizi, routes, unseen


def _counts_any(x: object) -> np.ndarray:
    """Visible tiles may exceed 4 in total only by mistake; read them without the T1 limit first."""
    if isinstance(x, np.ndarray) and x.shape == (34,):
        return _counts(x, "visible").astype(np.int16)
    if isinstance(x, str):
        ts = parse_tiles(x, max_copies=99)
    elif isinstance(x, bytes) or not isinstance(x, Iterable):
        raise HandError(f"visible must be tiles (a str or tile indices) or (34,) counts, got {x!r}")
    else:
        ts = list(x)
    out = np.zeros(34, dtype=np.int16)
    for t in ts:
        if isinstance(t, bool) or not isinstance(t, (int, np.integer)) or not 0 <= t < 34:
            raise TileError(f"visible tile {t!r} is not a tile index 0-33")
        out[t] += 1
    return out


# ---------------------------------------------------------------- analysis

def wuhan_shanten(
    hand: str | Sequence[int] | np.ndarray,
    melds: Iterable[Meld] | None,
    laizi: int | str,
    rules: Rules | str | None = None,
) -> ShantenResult:
    """Shanten over the Wuhan routes to a win (W1–W3, W6–W8, D8; see the module docstring).

    Args:
        hand: the concealed tiles, 癞子, 红中 and 痞子 included: a str (``"234m456p"``),
            tile indices, or a numpy (34,) counts array; ``13 - 3 × len(melds)`` or
            ``14 - 3 × len(melds)`` tiles.
        melds: the player's :class:`~wuhanmj.hand.meld.Meld` values (each one set), ``()``
            or None for none; they decide which big hu remain possible.
        laizi: the 癞子 kind (index or str), required: it is this hand's (the kind
            after the indicator, R2), so no default could be right; the 痞子 follow
            from it (R3) when ``rules.pizi``.
        rules: only ``pizi`` matters: a Rules, a preset name or None for ``kaikou``
            (:meth:`Rules.coerce`).

    Returns:
        :class:`ShantenResult`.

    Raises:
        TileError, TileCountError: bad tiles, a fifth copy (hand and melds together).
        MeldError: a meld holding the 癞子 (R4) or a 痞子 (R3), or not a Meld.
        HandError: a hand of the wrong size for its melds, more than 4 melds, ``melds``
            neither None nor an iterable (a str, a lone Meld, a number).
        RulesError: ``rules`` is neither a :class:`~wuhanmj.rules.Rules`, a preset name nor None.
    """
    c, lz, pizi, routes, _ = _setup(hand, melds, laizi, rules)
    vals = _core.wuhan_routes(c, lz, pizi, routes)
    best = min(v for v in vals if v is not None)
    route = next(ROUTES[i] for i in _PREFERENCE if vals[i] == best)
    return ShantenResult(best, route, tuple((ROUTES[i], v) for i, v in enumerate(vals) if v is not None))


def effective_tiles(
    hand: str | Sequence[int] | np.ndarray,
    melds: Iterable[Meld] | None,
    laizi: int | str,
    rules: Rules | str | None = None,
    visible: str | Iterable[int] | np.ndarray | None = None,
) -> EffectiveTiles:
    """The kinds whose draw lowers the shanten of a 3k+1 hand, with the copies still unseen.

    Args:
        hand, melds, laizi, rules: as for :func:`wuhan_shanten`; ``13 - 3 × len(melds)``
            tiles.
        visible: every tile the player sees outside its hand and melds — all discards,
            the other players' melds and special gangs, and the indicator (D6); tiles
            (str or indices) or a numpy (34,) counts array. None: nothing seen.

    Returns:
        :class:`EffectiveTiles`. A kind of which the player holds or melded all four
        cannot be drawn and is never listed; one whose other copies are all visible is
        listed with 0 unseen. 红中 and the 痞子 never lower the shanten.

    Raises:
        as :func:`wuhan_shanten`; HandError also for a 3k+2 hand (use
        :func:`discard_advice`) or ``visible`` that is not tiles (a number, a bool);
        TileError for a visible item that is not a tile index; TileCountError when
        hand, melds and visible tiles hold more than four of a kind.
    """
    c, lz, pizi, routes, unseen = _setup(hand, melds, laizi, rules, () if visible is None else visible)
    if int(c.sum()) % 3 != 1:
        raise HandError(f"effective_tiles needs a 3k+1 hand (13 - 3 × melds), got {int(c.sum())} tiles")
    base, after = _core.wuhan_draws(c, lz, pizi, routes)
    kinds = np.flatnonzero((after < base) & (unseen >= 0))
    left = unseen[kinds]
    return EffectiveTiles(base, tuple(kinds.tolist()), tuple(left.tolist()), int(left.sum()))


def discard_advice(
    hand: str | Sequence[int] | np.ndarray,
    melds: Iterable[Meld] | None,
    laizi: int | str,
    rules: Rules | str | None = None,
    visible: str | Iterable[int] | np.ndarray | None = None,
) -> tuple[DiscardOption, ...]:
    """Every normal discard of a 3k+2 hand, best first (least shanten, then most unseen
    effective tiles, then lowest kind).

    The 癞子, 红中 and 痞子 are not discards (they leave by special plays, P3, R4) and are
    not listed; while held, 红中 and 痞子 count as tiles still to exchange.

    Args:
        hand, melds, laizi, rules: as for :func:`wuhan_shanten`; ``14 - 3 × len(melds)``
            tiles.
        visible: as for :func:`effective_tiles`.

    Returns:
        tuple of :class:`DiscardOption` (empty when no tile may be discarded).

    Raises:
        as :func:`effective_tiles`; HandError for a 3k+1 hand.
    """
    c, lz, pizi, routes, unseen = _setup(hand, melds, laizi, rules, () if visible is None else visible)
    if int(c.sum()) % 3 != 2:
        raise HandError(f"discard_advice needs a 3k+2 hand (14 - 3 × melds), got {int(c.sum())} tiles")
    after, draws = _core.wuhan_discards(c, lz, pizi, routes)
    ds = np.flatnonzero(after != 127)
    if not len(ds):
        return ()
    sh = after[ds].astype(np.int64)
    eff = (draws[ds] < sh[:, None]) & (unseen >= 0)
    cnt = eff.astype(np.int64) @ np.maximum(unseen, 0)
    order = np.lexsort((ds, -cnt, sh))
    rows, cols = np.nonzero(eff)
    cuts = np.searchsorted(rows, np.arange(len(ds) + 1)).tolist()
    cols_l = cols.tolist()
    ds_l, sh_l, cnt_l = ds.tolist(), sh.tolist(), cnt.tolist()
    return tuple(
        DiscardOption(ds_l[i], sh_l[i], tuple(cols_l[cuts[i]:cuts[i + 1]]), cnt_l[i])
        for i in order.tolist()
    )
