"""What a waiting hand wins on, and the discarder's facts for 全求人 (W1–W3, W5, D8, D10, L1).

>>> from wuhanmj.tiles import format_tiles
>>> format_tiles(winning_tiles("234m456p789p5s", None, "8s"))   # 癞子 9s: 5s pairs, a drawn 9s wins
'59s'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import _checks
from ..errors import WinInputError
from ..rules import Rules
from ..tiles import format_tiles, is_jiang, specials_of
from .meld import Meld
from .readings import NO_MELDS, MeldFacts, best_profile, shape_waits

__all__ = ["winning_tiles", "is_ready", "holds_non_jiang"]


def winning_tiles(
    hand13: str | Sequence[int],
    melds: Iterable[Meld] | None,
    indicator: int | str,
    rules: Rules | str | None = None,
) -> list[int]:
    """Kinds that, added to ``hand13``, give a winning SHAPE (W1–W3, W5, D8).

    Ignores W4 (opening), W8 (two 癞子) and W11 (起胡), and how the tile comes,
    so it is a superset of the tiles :func:`evaluate_win` accepts: use it to
    list hu options quickly, then ask :func:`evaluate_win`.

    Args:
        hand13: concealed tiles, ``13 - 3 × len(melds)`` of them (str or indices).
        melds: the player's melds; None when unknown (then only the concealed
            tiles are checked for 碰碰胡 / 一色, and any size ``3k+1`` is accepted).
        indicator: the indicator tile (R2, R3).
        rules: rule set (only ``pizi`` matters): a Rules, a preset name or None for
            ``kaikou`` (:meth:`Rules.coerce`).

    Returns:
        sorted ``list[int]``: kinds with a copy left (not all held or melded,
        3 copies for the indicator's kind, D6), never 红中 or a 痞子 (W5). A
        kind equal to the 癞子 means a drawn 癞子 wins.

    Raises:
        WinInputError: bad tiles or a hand of the wrong size.
        RulesError: ``rules`` is neither a Rules, a preset name nor None.
    """
    rules = Rules.coerce(rules)
    tiles = _checks.tiles(hand13, "hand13", WinInputError)
    indicator = _checks.tile(indicator, "indicator", WinInputError)
    if melds is None:
        mlist: tuple[Meld, ...] = ()
        if len(tiles) % 3 != 1 or len(tiles) > 13:
            raise WinInputError(f"hand13 has {len(tiles)} tiles; expected 13 - 3k")
    else:
        try:
            mlist = tuple(melds)
        except TypeError:
            raise WinInputError(f"melds must be a sequence of Meld values, got {melds!r}") from None
        for m in mlist:
            if not isinstance(m, Meld):
                raise WinInputError(f"melds must hold Meld values, got {m!r}")
        if len(tiles) != 13 - 3 * len(mlist):
            raise WinInputError(
                f"hand13 has {len(tiles)} tiles; with {len(mlist)} meld(s) expected {13 - 3 * len(mlist)}"
            )
    sk = specials_of(indicator, rules.pizi)
    counts = bytearray(34)
    for t in tiles:
        counts[t] += 1
    if max(counts, default=0) > 4:
        raise WinInputError(f"hand13 {format_tiles(tiles)} holds a fifth copy (T1)")
    for k in sk.blocked:
        if counts[k]:
            return []  # W5: 红中 / 痞子 held
    seen = bytearray(counts)
    for m in mlist:
        for t in m.tiles:
            seen[t] += 1
    facts = MeldFacts.of(mlist) if mlist else NO_MELDS
    laizi = sk.laizi
    n = counts[laizi]
    c0 = bytearray(counts)
    c0[laizi] = 0
    # Every 癞子 wild dominates every other reading (see readings.py), also for t.
    out = shape_waits(bytes(c0), n, facts, sk)
    out.discard(laizi)
    if best_profile(bytes(c0), n + 1, facts, sk) is not None:
        out.add(laizi)  # a drawn 癞子, read wild
    blocked = sk.blocked
    limit = sk.limit
    return sorted(t for t in out if t not in blocked and seen[t] < limit[t])


def is_ready(
    hand13: str | Sequence[int],
    indicator: int | str,
    rules: Rules | str | None = None,
    melds: Iterable[Meld] | None = None,
) -> bool:
    """听牌 (D10, for L1): some tile added to the concealed tiles gives a winning
    shape under W1–W3 and W5 (opening, W8 and 起胡 not required).

    Args:
        hand13: the concealed tiles (``13 - 3k``); ``melds``: the player's melds
            when known (see :func:`winning_tiles`).
        rules: a Rules, a preset name or None for ``kaikou`` (:meth:`Rules.coerce`).

    Raises:
        WinInputError: bad tiles or size.
        RulesError: ``rules`` is neither a Rules, a preset name nor None.
    """
    return bool(winning_tiles(hand13, melds, indicator, rules))


def holds_non_jiang(hand: str | Sequence[int]) -> bool:
    """Whether a hand holds any tile other than a 2/5/8 of a suit (L1, seed 001).

    Honors count as non-jiang. Raises WinInputError on bad tiles.
    """
    for t in _checks.tiles(hand, "hand", WinInputError):
        if not is_jiang(t):
            return True
    return False
