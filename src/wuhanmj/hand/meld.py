"""Melds and a seat's plays: :class:`Meld` and :class:`SeatPlays` (P1–P5, S1).

>>> Meld.peng("777s", source=2)
Meld.peng("777s", source=2)
>>> Meld.chi([2, 0, 1], source=3).tiles
(0, 1, 2)
>>> Meld.an_gang("1111z").is_opening
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

import numpy as np

from ..errors import MeldError, TileError
from ..tiles import HONGZHONG, format_tiles, is_jiang, parse_tiles

__all__ = ["Meld", "SeatPlays", "PlayFacts", "MELD_KINDS", "MeldKind"]

MELD_KINDS = ("chi", "peng", "chong_gang", "xu_gang", "an_gang")
"""The kinds of meld (P1, P2, P5)."""
MeldKind = Literal["chi", "peng", "chong_gang", "xu_gang", "an_gang"]

_SIZE = {"chi": 3, "peng": 3, "chong_gang": 4, "xu_gang": 4, "an_gang": 4}
_OPENING = {"chi": True, "peng": True, "chong_gang": True, "xu_gang": True, "an_gang": False}


def _tiles_of(tiles: str | Iterable[int]) -> tuple[int, ...]:
    try:
        if isinstance(tiles, str):
            ts = parse_tiles(tiles)
        else:
            ts = []
            for t in tiles:
                if isinstance(t, bool) or not isinstance(t, (int, np.integer)) or not 0 <= t < 34:
                    raise MeldError(f"meld tile {t!r} is not a tile index 0-33")
                ts.append(int(t))
    except TileError as e:
        raise MeldError(f"meld tiles {tiles!r}: {e}") from None
    except TypeError:
        raise MeldError(f"meld tiles must be a str or a sequence of ints, got {tiles!r}") from None
    return tuple(sorted(ts))


@dataclass(frozen=True, slots=True)
class Meld:
    """One exposed or declared set (P1, P2, P5).

    Fields:
        kind: ``"chi"``, ``"peng"``, ``"chong_gang"``, ``"xu_gang"`` or ``"an_gang"``.
        tiles: sorted tile indices, 3 (chi, peng) or 4 (gangs).
        source: the seat (0–3) the tile was claimed from; None for an ``an_gang``;
            a ``xu_gang`` keeps the seat of its peng.

    Construct with :meth:`chi`, :meth:`peng`, :meth:`chong_gang`, :meth:`xu_gang`,
    :meth:`an_gang` (tiles as a string like ``"777s"`` or a sequence of ints).

    Raises:
        MeldError: an unknown kind; a chi that is not three consecutive tiles of
            one suit; a peng/gang that is not 3/4 of a kind; any 红中 (R1); a
            missing or bad source (an ``an_gang`` has none). 痞子 and 癞子 depend on
            the indicator and are checked by :func:`wuhanmj.scoring.evaluate_win`.
    """

    kind: MeldKind
    tiles: tuple[int, ...]
    source: int | None = None

    if TYPE_CHECKING:
        # The generated __init__ takes the tiles as a string or any indices; __post_init__
        # stores them as the sorted tuple above. Declared for the type checker only.
        def __init__(self, kind: MeldKind, tiles: str | Iterable[int], source: int | None = None) -> None: ...

    def __post_init__(self) -> None:
        if self.kind not in _SIZE:
            raise MeldError(f"meld kind {self.kind!r}: expected one of {', '.join(MELD_KINDS)}")
        ts = _tiles_of(self.tiles)
        object.__setattr__(self, "tiles", ts)
        size = _SIZE[self.kind]
        if len(ts) != size:
            raise MeldError(f"{self.kind} needs {size} tiles, got {len(ts)} ({format_tiles(ts)})")
        if HONGZHONG in ts:
            raise MeldError(f"{self.kind} {format_tiles(ts)}: 红中 is never melded (R1)")
        if self.kind == "chi":
            a, b, c = ts
            if a >= 27 or a // 9 != c // 9 or b != a + 1 or c != a + 2:
                raise MeldError(f"chi {format_tiles(ts)} is not three consecutive tiles of one suit (P2)")
        elif ts[0] != ts[-1]:
            raise MeldError(f"{self.kind} {format_tiles(ts)} is not {size} of a kind")
        src = self.source
        if self.kind == "an_gang":
            if src is not None:
                raise MeldError(f"an_gang {format_tiles(ts)} is concealed: source must be None, got {src!r}")
        else:
            if isinstance(src, bool) or not isinstance(src, (int, np.integer)) or not 0 <= src <= 3:
                raise MeldError(f"{self.kind} {format_tiles(ts)}: source must be a seat 0-3, got {src!r}")
            object.__setattr__(self, "source", int(src))

    # ------------------------------------------------------------ constructors
    @classmethod
    def chi(cls, tiles: str | Sequence[int], source: int) -> Meld:
        """吃: three consecutive tiles of one suit, claimed from ``source`` (the previous seat)."""
        return cls("chi", tiles, source)

    @classmethod
    def peng(cls, tiles: str | Sequence[int], source: int) -> Meld:
        """碰: three of a kind, the third claimed from ``source``."""
        return cls("peng", tiles, source)

    @classmethod
    def chong_gang(cls, tiles: str | Sequence[int], source: int) -> Meld:
        """冲杠: a concealed triplet plus ``source``'s discard (明杠, an opening)."""
        return cls("chong_gang", tiles, source)

    @classmethod
    def xu_gang(cls, tiles: str | Sequence[int], source: int) -> Meld:
        """蓄杠: an own peng extended by the fourth tile (明杠); ``source`` is the peng's."""
        return cls("xu_gang", tiles, source)

    @classmethod
    def an_gang(cls, tiles: str | Sequence[int]) -> Meld:
        """暗杠: four of a kind from the own hand (not an opening)."""
        return cls("an_gang", tiles, None)

    # ------------------------------------------------------------ facts
    @property
    def tile(self) -> int:
        """The kind of a peng/gang; the lowest tile of a chi."""
        return self.tiles[0]

    @property
    def is_opening(self) -> bool:
        """开口 (P5): chi, peng, chong_gang, and xu_gang (whose opening is its peng)."""
        return _OPENING[self.kind]

    @property
    def is_gang(self) -> bool:
        """Four tiles: chong_gang, xu_gang or an_gang."""
        return len(self.tiles) == 4

    @property
    def is_ming_gang(self) -> bool:
        """明杠 (S1): chong_gang or xu_gang."""
        return self.kind == "chong_gang" or self.kind == "xu_gang"

    def __repr__(self) -> str:
        if self.kind == "an_gang":
            return f'Meld.an_gang("{format_tiles(self.tiles)}")'
        return f'Meld.{self.kind}("{format_tiles(self.tiles)}", source={self.source})'

    def __str__(self) -> str:
        return f"{self.kind} {format_tiles(self.tiles)}"


class PlayFacts(NamedTuple):
    """What a seat's melds say, worked out once per :class:`SeatPlays` (W4, W6, S1, L2).

    Fields:
        openings: 开口 (chi, peng, chong_gang, xu_gang, P5).
        ming_gangs, an_gangs: 明杠 and 暗杠 (S1).
        has_chi: some meld is a chi (rules out 碰碰胡).
        suits: bitmask of the groups the meld tiles touch (1 万, 2 筒, 4 条, 8 honors).
        all_jiang: every meld tile is a 2/5/8 (true with no melds).
        sources: the seats the melds were claimed from; chi_sources: those of the chis.
        tile_counts: ``((kind, copies), ...)`` of the meld tiles; kinds: those kinds.
    """

    openings: int
    ming_gangs: int
    an_gangs: int
    has_chi: bool
    suits: int
    all_jiang: bool
    sources: frozenset
    chi_sources: frozenset
    tile_counts: tuple
    kinds: frozenset


def _count(name: str, v: object) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
        raise MeldError(f"{name} must be a non-negative integer, got {v!r}")
    return int(v)


@dataclass(frozen=True, slots=True)
class SeatPlays:
    """What one seat has shown: its melds and its special plays (P3, S1).

    Fields:
        melds: tuple of :class:`Meld` in the order made; a xu_gang REPLACES its
            peng in place (so its place in the order is the peng's, for L2).
        hongzhong_gang: number of 红中杠 (P3), 0–4.
        pizi_gang: number of 痞子杠 (R3, P3), 0–8 (8 when the indicator is 中: its
            痞子 are 西 and 北, four copies each).
        laizi_gang: number of 癞子杠 (R4, P3), 0–4.

    Raises:
        MeldError: ``melds`` not a sequence (None, a str, a lone Meld), a meld that
            is not a :class:`Meld`, more than four melds, or a bad count.
    """

    melds: tuple[Meld, ...] = ()
    hongzhong_gang: int = 0
    pizi_gang: int = 0
    laizi_gang: int = 0
    # worked out once (see facts)
    _facts: Any = field(init=False, repr=False, compare=False, default=None)
    # derived values memoized by consumers (see memo); not part of the value
    _memo: dict | None = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        melds = self.melds
        if type(melds) is not tuple:
            if isinstance(melds, (str, bytes, Meld)):
                raise MeldError(f"melds must be a sequence of Meld values, got {melds!r}")
            try:
                melds = tuple(melds)
            except TypeError:
                raise MeldError(f"melds must be a sequence of Meld values, got {melds!r}") from None
        for m in melds:
            if not isinstance(m, Meld):
                raise MeldError(f"melds must hold Meld values, got {m!r}")
        if len(melds) > 4:
            raise MeldError(f"a seat has at most 4 melds, got {len(melds)}")
        object.__setattr__(self, "melds", melds)
        for name, most in (("hongzhong_gang", 4), ("pizi_gang", 8), ("laizi_gang", 4)):
            v = _count(name, getattr(self, name))
            if v > most:
                raise MeldError(f"{name} = {v}: at most {most}")
            object.__setattr__(self, name, v)
        openings = ming = an = suits = 0
        has_chi = False
        all_jiang = True
        kinds: dict[int, int] = {}
        sources = set()
        chi_sources = set()
        for m in melds:
            k = m.kind
            t = m.tiles[0]
            for x in m.tiles:
                kinds[x] = kinds.get(x, 0) + 1
            if m.source is not None:
                sources.add(m.source)
                if k == "chi":
                    chi_sources.add(m.source)
            if k == "an_gang":
                an += 1
            else:
                openings += 1
                if k == "chi":
                    has_chi = True
                elif k != "peng":
                    ming += 1
            if k == "chi" or not is_jiang(t):
                all_jiang = False
            suits |= 1 << (t // 9)
        object.__setattr__(
            self,
            "_facts",
            PlayFacts(openings, ming, an, has_chi, suits, all_jiang,
                      frozenset(sources), frozenset(chi_sources), tuple(kinds.items()), frozenset(kinds)),
        )

    @property
    def facts(self) -> PlayFacts:
        """The :class:`PlayFacts` of the melds (worked out once, when the value is made)."""
        return self._facts

    def memo(self, key: Any, compute: Callable[[], Any]) -> Any:
        """A value derived from this (immutable) value, computed once per ``key``: consumers
        such as the scoring keep per-rule facts here (e.g. the S1 fan per opening mode).
        Not part of the value (equality and hashing ignore it)."""
        m = self._memo
        if m is None:
            m = {}
            object.__setattr__(self, "_memo", m)
        else:
            v = m.get(key)
            if v is not None:
                return v
        v = m[key] = compute()
        return v

    @property
    def openings(self) -> int:
        """Number of 开口 (P5): chi, peng, chong_gang, xu_gang melds."""
        return self._facts.openings

    @property
    def opened(self) -> bool:
        """At least one 开口 (W4, X3)."""
        return self._facts.openings > 0

    @property
    def ming_gangs(self) -> int:
        """Number of 明杠 (chong_gang, xu_gang; S1)."""
        return self._facts.ming_gangs

    @property
    def an_gangs(self) -> int:
        """Number of 暗杠 (S1)."""
        return self._facts.an_gangs

    @property
    def special_plays(self) -> int:
        """红中杠 + 痞子杠 + 癞子杠 (P3)."""
        return self.hongzhong_gang + self.pizi_gang + self.laizi_gang

    def __repr__(self) -> str:
        parts = [f"melds=({', '.join(map(repr, self.melds))}{',' if len(self.melds) == 1 else ''})"]
        for name in ("hongzhong_gang", "pizi_gang", "laizi_gang"):
            v = getattr(self, name)
            if v:
                parts.append(f"{name}={v}")
        return f"SeatPlays({', '.join(parts)})"
