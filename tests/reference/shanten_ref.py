"""Slow, plain references for shanten (向听), written from the definition only (W1–W3, W6–W8, D8).

Definition. A hand of real tiles ``c`` (34 counts) plus ``w`` wildcards is to become
``K`` sets and one pair. A *target* is a multiset of K sets (pongs, or chows of one
suit) and a pair; it needs ``need[t]`` copies of kind t. Real copies are used first;
the rest, ``A = sum max(0, need[t] - c[t])``, must come in. A drawn tile is never a
fifth copy (the hand's own copies are out of the wall), so the copies of a kind
beyond four, ``E = sum max(0, need[t] - 4)``, can only be wildcards (D8): a target is
reachable when ``E <= w``, and then ``max(0, A - w)`` tiles must still be drawn. The
distance is the least of that over all targets; shanten is the distance minus one.

Two searches over the targets, sharing nothing with the library:

* :func:`distance_naive` lists every target outright (every multiset of K sets from
  the 34 pongs and 21 chows, times every pair) — only for K <= 2;
* :func:`distance_ref` walks the kinds 0..33 and, at each kind, chooses how many
  chows start there, how many pongs and whether the pair sit there — every target
  is one such sequence of choices, so the search is exhaustive (memoized).

:func:`wuhan_routes_ref` applies the routes of ``wuhanmj.analysis`` by the same
definition: 红中 and the 痞子 are removed and no target may use them; the 癞子 are
the wildcards (at most one for the small hu, W8); 将一色 and 风一色 count tiles.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

__all__ = [
    "SETS",
    "added_ref",
    "distance_naive",
    "distance_ref",
    "shanten_ref",
    "shanten_naive",
    "wuhan_routes_ref",
    "chiitoitsu_shanten",
    "kokushi_shanten",
]

PONGS = [(t, t, t) for t in range(34)]
CHOWS = [(t, t + 1, t + 2) for t in range(27) if t % 9 <= 6]
SETS = PONGS + CHOWS
JIANG = [t for t in range(27) if t % 9 in (1, 4, 7)]


def _sets_matrix(pungs_only: bool) -> np.ndarray:
    sets = PONGS if pungs_only else SETS
    m = np.zeros((len(sets), 34), dtype=np.int64)
    for i, s in enumerate(sets):
        for t in s:
            m[i, t] += 1
    return m


@lru_cache(maxsize=None)
def _targets(K: int, pair: str, pungs_only: bool) -> np.ndarray:
    """Every target of K sets and a pair, as rows of ``need`` counts (K <= 2)."""
    sm = _sets_matrix(pungs_only)
    pairs = JIANG if pair == "258" else list(range(34))
    pm = np.zeros((len(pairs), 34), dtype=np.int64)
    for i, t in enumerate(pairs):
        pm[i, t] = 2
    if K == 0:
        return pm
    combos = list(itertools.combinations_with_replacement(range(len(sm)), K))
    base = np.array([sm[list(cmb)].sum(axis=0) for cmb in combos])
    return (base[:, None, :] + pm[None, :, :]).reshape(-1, 34)


def distance_naive(counts, wilds: int, K: int, pair: str = "any", pungs_only: bool = False,
                   forbid=()) -> int:
    """Least tiles to draw over every target listed outright (K <= 2)."""
    if K > 2:
        raise ValueError("distance_naive lists targets outright: K <= 2 only")
    c = np.asarray(counts, dtype=np.int64)
    needs = _targets(K, pair, bool(pungs_only))
    fb = list(forbid)
    if fb:
        needs = needs[(needs[:, fb] == 0).all(axis=1)]
    A = np.maximum(needs - c, 0).sum(axis=1)
    E = np.maximum(needs - 4, 0).sum(axis=1)
    ok = E <= wilds
    return int(np.maximum(A[ok] - wilds, 0).min())


def added_ref(counts, K: int, pair: str | None = "any", pungs_only: bool = False, forbid=(),
              excess: int = 0) -> int:
    """Least ``A`` (tiles to add) over the targets of K sets and the pair (``pair=None``: no
    pair) whose excess ``E`` is at most ``excess``, by an exhaustive walk over the kinds.

    Returns 10**6 when no target qualifies.
    """
    c = tuple(int(x) for x in counts)
    fb = frozenset(forbid)

    @lru_cache(maxsize=None)
    def walk(i: int, a: int, b: int, sets_left: int, pair_left: int, excess_left: int) -> int:
        # a chows started at kind i-1 (they need i and i+1), b started at i-2 (they need i)
        if i == 34:
            return 0 if (a == b == sets_left == pair_left == 0) else 10**6
        best = 10**6
        can_start = not pungs_only and i < 27 and i % 9 <= 6
        for s in range(sets_left + 1 if can_start else 1):
            for t in range(sets_left - s + 1):
                for q in range(pair_left + 1):
                    if q and pair == "258" and i not in JIANG:
                        continue
                    need = a + b + s + 3 * t + 2 * q
                    if need and i in fb:
                        continue
                    ex = max(0, need - 4)
                    if ex > excess_left:
                        continue
                    add = max(0, need - c[i])
                    rest = walk(i + 1, s, a, sets_left - s - t, pair_left - q, excess_left - ex)
                    best = min(best, add + rest)
        return best

    return walk(0, 0, 0, K, 0 if pair is None else 1, excess)


def distance_ref(counts, wilds: int, K: int, pair: str = "any", pungs_only: bool = False,
                 forbid=()) -> int:
    """Least tiles to draw, by an exhaustive walk over the kinds (any K)."""
    return max(0, added_ref(counts, K, pair, pungs_only, forbid, wilds) - wilds)


def _k(counts, wilds: int) -> int:
    total = int(sum(counts)) + wilds
    assert total % 3 != 0 and total <= 14, total
    return total // 3


def shanten_ref(counts, wilds: int = 0, pair: str = "258", pungs_only: bool = False) -> int:
    """Shanten by :func:`distance_ref`; ``tiles + wilds`` = 3K+1 or 3K+2 means K sets."""
    return distance_ref(counts, wilds, _k(counts, wilds), pair, pungs_only) - 1


def shanten_naive(counts, wilds: int = 0, pair: str = "258", pungs_only: bool = False) -> int:
    """Shanten by :func:`distance_naive` (hands of at most 8 tiles)."""
    return distance_naive(counts, wilds, _k(counts, wilds), pair, pungs_only) - 1


ROUTES = ("xiaohu", "pengpenghu", "qingyise_m", "qingyise_p", "qingyise_s", "jiangyise", "fengyise")


def wuhan_routes_ref(counts, laizi: int, pizi=(), allowed=ROUTES) -> dict[str, int]:
    """Shanten per route of a Wuhan hand (concealed counts with 癞子, 红中, 痞子 in them).

    ``allowed``: the route names the melds leave possible. Returns {route: shanten}.
    """
    c = [int(x) for x in counts]
    total = sum(c)
    K = total // 3
    w = c[laizi]
    junk = {33, *pizi}
    real = [0 if (t in junk or t == laizi) else c[t] for t in range(34)]
    out = {}
    for name in allowed:
        if name == "xiaohu":
            d = distance_ref(real, min(w, 1), K, "258", False, junk)
        elif name == "pengpenghu":
            d = distance_ref(real, w, K, "any", True, junk)
        elif name.startswith("qingyise"):
            s = "mps".index(name[-1])
            others = {t for t in range(34) if t // 9 != s}
            d = distance_ref(real, w, K, "any", False, junk | others)
        elif name == "jiangyise":
            d = 3 * K + 2 - w - sum(real[t] for t in JIANG)
        else:
            d = 3 * K + 2 - w - sum(real[27:])
        out[name] = max(d, 0) - 1
    return out


def chiitoitsu_shanten(counts) -> int:
    """Seven pairs shanten of 13/14 tiles (seven distinct kinds, as in riichi rules)."""
    pairs = sum(1 for x in counts if x >= 2)
    kinds = sum(1 for x in counts if x >= 1)
    return 6 - pairs + max(0, 7 - kinds)


def kokushi_shanten(counts) -> int:
    """Thirteen orphans shanten of 13/14 tiles."""
    yao = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    have = sum(1 for t in yao if counts[t])
    pair = any(counts[t] >= 2 for t in yao)
    return 13 - have - (1 if pair else 0)
