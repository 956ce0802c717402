"""The big hu (大胡, W6): one record each, and the shape profiles a hand can take (W1–W3).

Everything that asks "which big hu" reads it here: the readings of a winning hand
(:mod:`wuhanmj.hand.readings`), the scoring (:mod:`wuhanmj.scoring`), the analysis routes
(:mod:`wuhanmj.hand.analysis`, the core's ``ROUTE_NAMES``), the greedy bot and the game
engine's quick shape filters.

A big hu is either made by the *shape* of the 14 tiles and the melds (碰碰胡, 清一色,
将一色, 风一色) or by the *situation* of the win (全求人: four claimed melds and a win on
another player's tile; 杠上开花, 海底捞, 抢杠: how the last tile came).

>>> [b.name for b in CATALOGUE if not b.situational]
['pengpenghu', 'qingyise', 'jiangyise', 'fengyise']
>>> BY_HOW["qianggang"].chinese
'抢杠'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..tiles import is_jiang

__all__ = [
    "BigHu",
    "CATALOGUE",
    "BIG_HU",
    "BY_NAME",
    "BY_HOW",
    "ROUTES",
    "ALL_ROUTES",
    "meld_allows",
    "melds_allow",
    "route_mask",
    "MELD_ROUTES",
    "quanqiuren",
    "shape_specs",
    "Pair",
    "Spec",
]

Pair = Literal["258", "any"]
"""The core's ``pair`` argument (:mod:`wuhanmj.core`): a 2/5/8 pair, or any pair."""

# A spec: (big names, pair, pungs_only, forbid); pair None marks a W3 hand
# (将一色 / 风一色) that wins whatever its shape, ``forbid`` then being the
# kinds its wildcards may not stand for.
Spec = tuple[tuple[str, ...], Pair | None, bool, tuple[int, ...]]

# Route names of the analysis, in the order of the core's route bits (one bit each).
ROUTES = ("xiaohu", "pengpenghu", "qingyise_m", "qingyise_p", "qingyise_s", "jiangyise", "fengyise")
"""The routes to a win the analysis measures (shanten): the small hu and each shape big hu
(清一色 once per suit). Bit ``i`` of a route mask is ``ROUTES[i]``."""
ALL_ROUTES = (1 << len(ROUTES)) - 1


@dataclass(frozen=True, slots=True)
class BigHu:
    """One big hu (W6).

    Fields:
        name: the pinyin name used in results and cases (``"pengpenghu"`` …).
        chinese: its Chinese name.
        rule: the rule ids that define it.
        situational: made by how the hand was won (全求人, 杠上开花, 海底捞, 抢杠), not by
            the tiles' shape.
        how: the ``how`` of a win that makes it (``"gangshanghua"``, ``"haidilao"``,
            ``"qianggang"``), else None.
        any_pair: the hand may take any pair (W2: 碰碰胡 and the 一色 hands).
        any_shape: the hand wins whatever its shape (W3: 将一色, 风一色).
        routes: the analysis routes aiming at it (names of :data:`ROUTES`).
    """

    name: str
    chinese: str
    rule: str
    situational: bool
    how: str | None
    any_pair: bool
    any_shape: bool
    routes: tuple[str, ...]


CATALOGUE: tuple[BigHu, ...] = (
    BigHu("pengpenghu", "碰碰胡", "W6", False, None, True, False, ("pengpenghu",)),
    BigHu("qingyise", "清一色", "W6", False, None, True, False, ("qingyise_m", "qingyise_p", "qingyise_s")),
    BigHu("jiangyise", "将一色", "W3, W6", False, None, True, True, ("jiangyise",)),
    BigHu("fengyise", "风一色", "W3, W6", False, None, True, True, ("fengyise",)),
    BigHu("quanqiuren", "全求人", "W6, D16", True, None, False, False, ()),
    BigHu("gangshanghua", "杠上开花", "W6", True, "gangshanghua", False, False, ()),
    BigHu("haidilao", "海底捞", "W6, G3", True, "haidilao", False, False, ()),
    BigHu("qianggang", "抢杠", "W6, P4", True, "qianggang", False, False, ()),
)
"""Every big hu, in the order of RULES.md W6."""

BIG_HU: dict[str, str] = {b.name: b.chinese for b in CATALOGUE}
"""Big hu names (W6) → Chinese, in the order of RULES.md."""
BY_NAME: dict[str, BigHu] = {b.name: b for b in CATALOGUE}
BY_HOW: dict[str, BigHu] = {b.how: b for b in CATALOGUE if b.how is not None}
"""The big hu a ``how`` makes by itself: 杠上开花, 海底捞, 抢杠."""


# ---------------------------------------------------------------- meld conditions
def meld_allows(name: str, kind: str, tiles: tuple[int, ...]) -> bool:
    """Whether a meld (``kind``, sorted ``tiles``) leaves the shape big hu or route ``name``
    possible: 碰碰胡 no chi; 清一色 of a suit all its tiles in it; 将一色 no chi and only
    2/5/8; 风一色 only honors. Situational big hu and the small hu allow every meld."""
    if name == "pengpenghu":
        return kind != "chi"
    if name == "jiangyise":
        return kind != "chi" and all(is_jiang(t) for t in tiles)
    if name == "fengyise":
        return tiles[0] >= 27
    if name.startswith("qingyise_"):
        s = "mps".index(name[-1])
        return all(t // 9 == s for t in tiles)
    if name == "qingyise":
        return all(t < 27 and t // 9 == tiles[0] // 9 for t in tiles)
    return True


def melds_allow(name: str, melds: Iterable) -> bool:
    """:func:`meld_allows` for every meld (``Meld`` values or ``(kind, tiles, source)``)."""
    for m in melds:
        kind, tiles = (m.kind, m.tiles) if hasattr(m, "kind") else (m[0], m[1])
        if not meld_allows(name, kind, tiles):
            return False
    return True


def _mask(kind: str, tiles: tuple[int, ...]) -> int:
    return sum(1 << i for i, r in enumerate(ROUTES) if meld_allows(r, kind, tiles))


MELD_ROUTES: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(_mask("peng", (t, t, t)) for t in range(34)),
    tuple(_mask("chi", (t, t + 1, t + 2)) if t < 27 and t % 9 <= 6 else 0 for t in range(34)),
)
"""Route masks a meld leaves open, by its lowest tile: ``MELD_ROUTES[0]`` for a 碰 or any
gang, ``MELD_ROUTES[1]`` for a chi (a meld's routes depend on nothing else)."""


def route_mask(melds: Iterable) -> int:
    """The mask over :data:`ROUTES` that a hand with these melds still has open (W6)."""
    mask = ALL_ROUTES
    for m in melds:
        kind, tiles = (m.kind, m.tiles) if hasattr(m, "kind") else (m[0], m[1])
        mask &= MELD_ROUTES[kind == "chi"][tiles[0]]
    return mask


# ---------------------------------------------------------------- situational
def quanqiuren(n_melds: int, an_gangs: int, how: str, win_tile: int, qqr_pair: str) -> bool:
    """全求人 (W6, D16): four melds, each claimed (no 暗杠), won on another player's tile
    (放冲 or 抢杠); with ``qqr_pair = "258"`` the pair — the win tile's kind, since the
    hand holds one tile — must be a 2/5/8."""
    return (n_melds == 4 and an_gangs == 0 and how in ("fangchong", "qianggang")
            and (qqr_pair == "w2" or is_jiang(win_tile)))


# ---------------------------------------------------------------- shape profiles
def shape_specs(suit: int, jiang: bool, honors: bool, pungs_ok: bool, forbid, forbid_suit,
                forbid_jiang, forbid_jiang_suit, forbid_honor) -> list[Spec]:
    """The shape profiles a hand may take, most big hu types first (W1–W3, W6).

    Args:
        suit: the one suit (0–2) of all its tiles and melds, or -1.
        jiang: every tile (and meld) a 2/5/8; honors: every tile an honor.
        pungs_ok: no meld is a chi.
        forbid…: the kinds a wildcard may not stand for in each reading (D8): 红中 and
            the 痞子, plus what leaves the profile (per suit for the suit lists).

    Returns:
        ``[(names, pair, pungs_only, forbid), ...]``: ``pair`` is ``"any"`` or ``"258"``
        for the core, or None for a W3 hand that wins whatever its shape. The last
        profile is always the plain small-hu shape ``((), "258", False, forbid)``.
    """
    out: list[Spec] = []
    # Three types: 将一色 of one suit is all pongs (2, 5, 8 never chow).
    if jiang and suit >= 0 and pungs_ok:
        out.append((("jiangyise", "pengpenghu", "qingyise"), "any", True, forbid_jiang_suit[suit]))
    # Two types.
    if suit >= 0 and pungs_ok:
        out.append((("pengpenghu", "qingyise"), "any", True, forbid_suit[suit]))
    if jiang and pungs_ok:
        out.append((("jiangyise", "pengpenghu"), "any", True, forbid_jiang))
    if honors and pungs_ok:
        # honors never chow: a standard all-honor shape is all pongs
        out.append((("fengyise", "pengpenghu"), "any", True, forbid_honor))
    # One type. W3: 将一色 and 风一色 win whatever the shape.
    if jiang:
        out.append((("jiangyise",), None, False, forbid_jiang))
    if honors:
        out.append((("fengyise",), None, False, forbid_honor))
    if suit >= 0:
        out.append((("qingyise",), "any", False, forbid_suit[suit]))
    if pungs_ok:
        out.append((("pengpenghu",), "any", True, forbid))
    # No big shape: one 2/5/8 pair and sets (W1, W2).
    out.append(((), "258", False, forbid))
    return out
