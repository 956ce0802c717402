"""The table as text for a terminal, and the names of the actions a person may choose (P1–P4).

Tiles are written in the notation (``5m``) or, with ``glyphs``, as Unicode mahjong glyphs;
the 癞子 carries a ``*`` and the 痞子 a ``^`` (R2, R3) in both.

>>> action_label(55, claim_tile=4), action_label(4), action_label(161)
('碰 peng 5m', '打 discard 5m', '胡 hu')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.actions import (
    AN_GANG,
    CHI,
    CHONG_GANG,
    HONGZHONG_GANG,
    HU,
    LAIZI_GANG,
    PASS,
    PENG,
    PIZI_GANG,
    XU_GANG,
    Chi,
    decode,
)
from ..game.observation import Observation
from ..hand.meld import Meld
from ..tiles import format_tile, format_tiles, tile_glyph

__all__ = ["tile_text", "tiles_text", "action_label", "table_text", "meld_text"]

_MELD = {"chi": "吃", "peng": "碰", "chong_gang": "冲杠", "xu_gang": "蓄杠", "an_gang": "暗杠"}
_PLAY = {"hongzhong_gang": "红中杠", "pizi_gang": "痞子杠", "laizi_gang": "癞子杠"}


def tile_text(t: int, glyphs: bool = False, laizi: int | None = None, pizi: Sequence[int] = ()) -> str:
    """One tile: ``5m`` (or its glyph), ``*`` after the 癞子, ``^`` after a 痞子."""
    s = tile_glyph(t) if glyphs else format_tile(t)
    if t == laizi:
        s += "*"
    elif t in pizi:
        s += "^"
    return s


def tiles_text(tiles: Sequence[int], glyphs: bool = False, laizi: int | None = None,
               pizi: Sequence[int] = ()) -> str:
    """Tiles in the order given, separated by spaces (``-`` for none)."""
    return " ".join(tile_text(t, glyphs, laizi, pizi) for t in tiles) or "-"


def meld_text(m: Meld, glyphs: bool = False) -> str:
    """A meld: ``碰←2 777s`` (the seat it was claimed from; an 暗杠 has none)."""
    tiles = "".join(tile_glyph(t) for t in m.tiles) if glyphs else format_tiles(m.tiles)
    src = "" if m.source is None else f"←{m.source}"
    return f"{_MELD.get(m.kind, m.kind)}{src} {tiles}"


def action_label(code: int, claim_tile: int | None = None, laizi: int | None = None) -> str:
    """A person's name for an action code: Chinese, pinyin and the tile (``碰 peng 5m``)."""
    a = decode(code)
    c = a.code
    ct = "" if claim_tile is None else " " + format_tile(claim_tile)
    if c < CHI:
        return f"打 discard {format_tile(c)}"
    if c < PENG:
        assert isinstance(a, Chi)
        return f"吃 chi {format_tiles(a.tiles)}"
    if c == PENG:
        return f"碰 peng{ct}"
    if c == CHONG_GANG:
        return f"冲杠 chong_gang{ct}"
    if c < AN_GANG:
        return f"蓄杠 xu_gang {format_tile(c - XU_GANG)}"
    if c < HONGZHONG_GANG:
        return f"暗杠 an_gang {format_tile(c - AN_GANG)}"
    if c == HONGZHONG_GANG:
        return "红中杠 hongzhong_gang 7z"
    if c < LAIZI_GANG:
        return f"痞子杠 pizi_gang {format_tile(c - PIZI_GANG)}"
    if c == LAIZI_GANG:
        return "癞子杠 laizi_gang" + ("" if laizi is None else " " + format_tile(laizi))
    if c == HU:
        return "胡 hu"
    assert c == PASS
    return "过 pass"


def table_text(obs: Observation, names: Sequence[str], *, glyphs: bool = False, scores: Sequence | None = None,
               last_discard: int | None = None, header: str = "") -> str:
    """The table as ``obs.seat`` sees it, as lines of text: the indicator, then every seat
    from the next one round to the person (hand size, melds, special plays, river, the
    last discard in brackets), then the person's own hand (the drawn tile apart)."""
    lz, pz = obs.laizi, obs.pizi
    tt = lambda t: tile_text(t, glyphs, lz, pz)  # noqa: E731
    pizi = " ".join(tt(p) for p in pz) or "none"
    lines = []
    top = f"翻 indicator {tt(obs.indicator)} → 癞子* {tt(lz)}, 痞子^ {pizi} · 余 {obs.tiles_left} tiles left"
    lines.append(f"── {header + ' · ' if header else ''}{top} ──")
    sc = list(scores) if scores is not None else list(obs.scores)
    me = obs.seat
    for k in (1, 2, 3, 0):
        s = (me + k) % 4
        dealer = " 庄" if s == obs.dealer else ""
        turn = "▶ " if obs.current_player == s or (obs.current_player is None and obs.turn == s) else "  "
        melds = "  ".join(meld_text(m, glyphs) for m in obs.melds[s]) or "-"
        plays = " ".join(tt(t) for _, t in obs.special_plays[s])
        extra = f"  杠出 {plays}" if plays else ""
        size = "" if s == me else f"  {obs.hand_sizes[s]} tiles"
        lines.append(f"{turn}{names[s]} (seat {s}){dealer}  score {sc[s]:+g}{size}  melds: {melds}{extra}")
        river = [tt(t) for t in obs.discards[s]]
        if river and last_discard == s:
            river[-1] = f"[{river[-1]}]"
        lines.append(f"      river: {' '.join(river) or '-'}")
    hand = list(obs.hand)
    drawn = obs.drawn
    if drawn is not None and drawn in hand:
        hand.remove(drawn)
    own = tiles_text(hand, glyphs, lz, pz)
    if drawn is not None:
        own += f"   | drew {tt(drawn)}"
    lines.append(f"  your hand: {own}")
    if obs.claim_tile is not None and obs.phase in ("claim", "rob"):
        what = "蓄杠 to rob" if obs.phase == "rob" else "discard"
        lines.append(f"  on the table: {tt(obs.claim_tile)} ({what} of {names[obs.turn]}, seat {obs.turn})")
    return "\n".join(lines)
