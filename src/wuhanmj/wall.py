"""The wall: a seeded shuffle of the 136 tiles and scripted walls for tests (G1, G2, D1, D6).

Layout of a wall (a list of 136 tile kinds) as :class:`wuhanmj.game.Game` uses it:

- ``wall[13*i : 13*i + 13]`` are dealt to seat ``(dealer + i) % 4`` for i = 0..3;
- ``wall[52]`` is the dealer's 14th tile (G1);
- ``wall[53]`` is the indicator (翻牌), face up and out of play (R2, D6);
- normal draws take ``wall[54]``, ``wall[55]``, … from the front;
- replacement draws after a gang or special play take ``wall[135]``,
  ``wall[134]``, … from the back (G1, D1).

The tiles left are those between the two ends; both kinds of draw reduce it (D1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from ._ints import as_index
from .errors import SetupError, TileCountError, TileError
from .tiles import parse_tiles

__all__ = [
    "N_TILES",
    "DEAL_SIZE",
    "INDICATOR_POS",
    "FIRST_DRAW_POS",
    "shuffled_wall",
    "scripted_wall",
    "check_wall",
]

N_TILES = 136
DEAL_SIZE = 53
INDICATOR_POS = 53
FIRST_DRAW_POS = 54

_FULL = [t for t in range(34) for _ in range(4)]


def shuffled_wall(seed: int | np.random.Generator | None = None) -> list[int]:
    """A uniformly shuffled wall of the 136 tiles (G1, T1).

    Args:
        seed: an int >= 0 (reproducible; numpy integers too), a
            ``numpy.random.Generator`` (drawn from, so a caller can reuse one generator
            for many hands), a ``numpy.random.SeedSequence`` or ``BitGenerator``, or
            None (fresh entropy).

    Returns:
        A list of 136 ints 0–33, four of each kind.

    Raises:
        SetupError: any other seed (a negative int, a bool, float, str, list ...).
    """
    if isinstance(seed, np.random.Generator):
        rng = seed
    elif (type(seed) is int and seed >= 0) or seed is None:
        rng = np.random.default_rng(seed)
    else:
        rng = np.random.default_rng(_check_seed(seed))
    return (rng.permutation(N_TILES) // 4).tolist()


def _check_seed(seed: object) -> int | np.random.SeedSequence | np.random.BitGenerator:
    if isinstance(seed, (np.random.SeedSequence, np.random.BitGenerator)):
        return seed
    s = as_index(seed)  # ints and numpy integers; never floats, str or bools (numpy's too)
    if s is None or s < 0:
        raise SetupError(
            f"seed must be an int >= 0, a numpy Generator or SeedSequence, or None; got {seed!r}"
        )
    return s


def check_wall(wall: Iterable[int]) -> list[int]:
    """Validate an explicit wall: exactly 136 ints 0–33, four of each kind (T1).

    Returns the wall as a list of plain ints (numpy integers are read as their
    value). Raises TileCountError (wrong copies or length) or TileError (a value
    that is not a tile index: floats, bools and strings are refused, never rounded).
    """
    try:
        it = iter(wall)
    except TypeError:
        raise TileError(f"wall: expected 136 tile indices, got {wall!r}") from None
    tiles: list[int] = []
    for t in it:
        if type(t) is not int:
            v = as_index(t)  # never a float or a bool (numpy's too)
            if v is None:
                raise TileError(f"wall: expected tile indices (ints 0-33), got {t!r} at position {len(tiles)}")
            t = v
        tiles.append(t)
    if len(tiles) != N_TILES:
        raise TileCountError(f"wall: expected 136 tiles (T1), got {len(tiles)}")
    counts = [0] * 34
    for t in tiles:
        if not 0 <= t < 34:
            raise TileError(f"wall: {t} is not a tile index 0-33")
        counts[t] += 1
    bad = [t for t in range(34) if counts[t] != 4]
    if bad:
        raise TileCountError(f"wall: kind {bad[0]} appears {counts[bad[0]]} times, expected 4 (T1)")
    return tiles


def _as_tiles(x: str | Sequence[int | str]) -> list[int]:
    """Tiles from notation, or a sequence of ints and/or notation strings."""
    if isinstance(x, str):
        return parse_tiles(x)
    out: list[int] = []
    for t in x:
        if isinstance(t, str):
            out += parse_tiles(t)
        else:
            out.append(_index(t))
    return out


def _index(t: object) -> int:
    """A tile given as an int (numpy integers too); floats and bools are refused."""
    if type(t) is int:
        return t
    v = as_index(t)
    if v is not None:
        return v
    raise TileError(f"scripted_wall: expected a tile index or notation, got {t!r}")


def scripted_wall(
    hands: Sequence[str | Sequence[int]] | Mapping[int, str | Sequence[int]],
    indicator: str | int,
    *,
    dealer: int = 0,
    draws: str | Sequence[int] = (),
    replacements: str | Sequence[int] = (),
    seed: int | None = None,
) -> list[int]:
    """Build a full 136-tile wall that deals given hands and draws given tiles (for tests).

    Args:
        hands: per seat (index 0–3, a list or a mapping), the tiles dealt to
            it: 14 for the dealer, 13 for the others (notation or ints).
        indicator: the indicator tile (R2).
        dealer: the dealer seat.
        draws: the normal draws in order, from the front of the wall (notation,
            or a sequence of ints and/or notation strings).
        replacements: the replacement draws in order, from the back (D1).
        seed: the tiles not named are placed between the two ends, sorted
            (seed None) or shuffled with this seed.

    Returns:
        A wall in the layout of this module (list of 136 ints).

    Raises:
        TileCountError: more than four of a kind are named, or the sizes are wrong.
    """
    seats = dict(hands) if isinstance(hands, Mapping) else dict(enumerate(hands))
    if sorted(seats) != [0, 1, 2, 3]:
        raise TileCountError(f"scripted_wall: hands for seats 0-3 expected, got seats {sorted(seats)}")
    if not 0 <= dealer < 4:
        raise TileError(f"scripted_wall: dealer must be 0-3, got {dealer!r}")
    dealt = {s: _as_tiles(h) for s, h in seats.items()}
    for s, h in dealt.items():
        want = 14 if s == dealer else 13
        if len(h) != want:
            raise TileCountError(f"scripted_wall: seat {s} needs {want} tiles, got {len(h)}")
    ind = _as_tiles(indicator) if isinstance(indicator, str) else [_index(indicator)]
    if len(ind) != 1:
        raise TileError(f"scripted_wall: one indicator tile expected, got {indicator!r}")
    front = _as_tiles(draws)
    back = _as_tiles(replacements)
    head: list[int] = []
    for i in range(4):
        head += dealt[(dealer + i) % 4][:13]
    head.append(dealt[dealer][13])
    head += ind
    head += front
    counts = [4] * 34
    for t in head + back:
        if not 0 <= t < 34:
            raise TileError(f"scripted_wall: {t} is not a tile index")
        counts[t] -= 1
        if counts[t] < 0:
            raise TileCountError(f"scripted_wall: more than four of kind {t} named (T1)")
    rest = [t for t in range(34) for _ in range(counts[t])]
    if seed is not None:
        rest = np.random.default_rng(seed).permutation(rest).tolist()
    return head + rest + back[::-1]
