"""Readings of a winning hand: which big-hu shapes a hand of 14 tiles can take (W1–W3, W6–W10, D8).

A *reading* fixes how many 癞子 stand for themselves and how many are wild,
and which shape-based big hu types (碰碰胡, 清一色, 将一色, 风一色) the tiles make.
Everything is asked of the shape core (:func:`wuhanmj.core.is_complete`)
with the right ``pair``, ``pungs_only`` and ``forbid``; wildcard kinds are
never enumerated here.

Two readings are enough (W9, W10):

* **hard** — every 癞子 is its own tile (or none is held);
* **soft** — every 癞子 is a wildcard. A wildcard may stand for the 癞子's
  own kind (it is never forbidden, D8), so any shape that some mix of own
  and wild 癞子 makes, the all-wild reading makes too: it dominates every
  other soft reading.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import core as _core
from ..tiles import Specials, is_jiang
from .bighu import Spec, shape_specs

__all__ = [
    "ShapeProfile",
    "Spec",
    "profile_specs",
    "spec_holds",
    "lowest_assignment",
    "best_spec",
    "MeldFacts",
    "best_profile",
    "shape_waits",
]

_JIANG = tuple(t for t in range(34) if is_jiang(t))
_HONORS = tuple(range(27, 34))


@dataclass(frozen=True, slots=True)
class MeldFacts:
    """What the shape-based big hu need to know of a hand's melds (W6).

    Fields:
        n: number of melds.
        has_chi: some meld is a chi (rules out 碰碰胡).
        suits: bitmask of the groups the meld tiles touch (1 万, 2 筒, 4 条, 8 honors).
        all_jiang: every meld tile is a 2/5/8 (vacuously true with no melds).
    """

    n: int
    has_chi: bool
    suits: int
    all_jiang: bool

    @classmethod
    def of(cls, melds) -> MeldFacts:
        """From a sequence of :class:`wuhanmj.hand.meld.Meld`."""
        has_chi = False
        suits = 0
        all_jiang = True
        for m in melds:
            t = m.tiles[0]
            if m.kind == "chi":
                has_chi = True
                all_jiang = False
            elif not is_jiang(t):
                all_jiang = False
            suits |= 1 << (t // 9)
        return cls(len(melds), has_chi, suits, all_jiang)


NO_MELDS = MeldFacts(0, False, 0, True)


@dataclass(frozen=True, slots=True)
class ShapeProfile:
    """The shape-based big hu one reading makes (W6), or a plain shape.

    Fields:
        big: sorted names among pengpenghu, qingyise, jiangyise, fengyise;
            ``()`` for a plain shape with a 2/5/8 pair (W1, W2).
        wilds: number of 癞子 read as wildcards.
    """

    big: tuple[str, ...]
    wilds: int


def _facts(counts, melds: MeldFacts):
    """(array, group mask of all tiles, jiang-only?) of a hand; ``counts`` bytes or uint8 array."""
    if isinstance(counts, np.ndarray):
        arr, c = counts, counts.tobytes()
    else:
        c = bytes(counts)
        arr = np.frombuffer(c, dtype=np.uint8)
    mask = melds.suits
    if any(c[0:9]):
        mask |= 1
    if any(c[9:18]):
        mask |= 2
    if any(c[18:27]):
        mask |= 4
    if any(c[27:34]):
        mask |= 8
    jiang = melds.all_jiang and mask & 8 == 0 and sum(c) == (
        c[1] + c[4] + c[7] + c[10] + c[13] + c[16] + c[19] + c[22] + c[25]
    )
    return arr, mask, jiang


_SUIT_OF_MASK = {1: 0, 2: 1, 4: 2}

# Spec (from bighu): (big names, pair, pungs_only, forbid); pair None marks a W3 hand
# (将一色 / 风一色) that wins whatever its shape.

_SPECS_CACHE: dict[tuple, list[Spec]] = {}


def profile_specs(arr_mask_jiang, melds: MeldFacts, sk: Specials) -> list[Spec]:
    """Every shape profile a hand may take, most big hu types first (W1–W3, W6).

    Args:
        arr_mask_jiang: the triple of ``_facts`` (array, group mask, all 2/5/8).
        melds, sk: as for :func:`best_profile`.

    The tiles-only conditions (one suit, all 2/5/8, all honors, no chi) are
    checked here; the shape conditions are left to the core (``pair``,
    ``pungs_only``, ``forbid``).
    """
    _, mask, jiang = arr_mask_jiang
    pungs_ok = not melds.has_chi
    key = (mask, jiang, pungs_ok, sk.indicator, sk.pizi)
    out = _SPECS_CACHE.get(key)
    if out is None:
        out = _SPECS_CACHE[key] = _make_specs(mask, jiang, pungs_ok, sk)
    return out


def _make_specs(mask: int, jiang: bool, pungs_ok: bool, sk: Specials) -> list[Spec]:
    return shape_specs(_SUIT_OF_MASK.get(mask, -1), jiang, mask == 8, pungs_ok, sk.blocked, sk.forbid_suit,
                       sk.forbid_jiang, sk.forbid_jiang_suit, sk.forbid_honor)


def spec_holds(arr, wilds: int, spec: Spec) -> bool:
    """Whether ``arr`` + ``wilds`` wildcards take the profile ``spec`` (one core call at most)."""
    _, pair, pungs, forbid = spec
    if pair is None:
        return True  # W3; 2/5/8 and honor kinds a wildcard may stand for always remain
    return _core.is_complete(arr, wilds, pair, pungs, forbid)


def best_profile(counts, wilds: int, melds: MeldFacts, sk: Specials) -> ShapeProfile | None:
    """The reading with the most shape-based big hu types, or None when no shape wins.

    Args:
        counts: 34 counts as ``bytes`` or a C-contiguous uint8 array: the
            concealed tiles that are NOT read as wildcards (a 癞子 read as its
            own tile is counted here).
        wilds: number of 癞子 read as wildcards.
        melds: the hand's :class:`MeldFacts`.
        sk: the indicator's :class:`~wuhanmj.tiles.Specials` (its ``blocked`` and
            ``forbid_*`` lists, D8).

    Returns:
        :class:`ShapeProfile`; its ``big`` is ``()`` when only a plain shape
        (one pair 2/5/8 and sets, W1, W2) wins. For a hand without wildcards
        this is every shape-based type the tiles make.

    The 14 tiles are ``counts + wilds + 3 × melds``; the caller checks W5.
    """
    found = best_spec(counts, wilds, melds, sk)
    if found is None:
        return None
    specs, i, _ = found
    return ShapeProfile(specs[i][0], wilds)


def best_spec(counts, wilds: int, melds: MeldFacts, sk: Specials):
    """As :func:`best_profile`, but returns ``(specs, index, array)``: the hand's
    :func:`profile_specs`, the index of the first that holds, and the counts as a
    uint8 array; or None when none holds."""
    facts = _facts(counts, melds)
    arr = facts[0]
    specs = profile_specs(facts, melds, sk)
    ic = _core.is_complete
    for i, spec in enumerate(specs):
        pair = spec[1]
        if pair is None or ic(arr, wilds, pair, spec[2], spec[3]):
            return specs, i, arr
    return None


def lowest_assignment(counts, wilds: int, spec: Spec) -> tuple[int, ...] | None:
    """The lowest kinds (sorted tuple, least in lexicographic order) that ``wilds``
    wildcards can stand for so that ``counts`` plus them take the profile ``spec``.

    Built one wildcard at a time from the core's :func:`~wuhanmj.core.waits`
    (the kinds that complete the hand with the other wildcards still free), so
    no kind is tried by hand. A wildcard standing for a fifth copy is not
    returned (the core's counts stop at 4); None when no assignment is found.
    """
    _, pair, pungs, forbid = spec
    if pair is None:  # W3: every wildcard the lowest kind allowed
        low = next(t for t in range(34) if t not in forbid)
        return (low,) * wilds
    c = bytearray(bytes(counts))
    out = []
    for rest in range(wilds - 1, -1, -1):
        arr = np.frombuffer(bytes(c), dtype=np.uint8)
        fb = set(forbid)
        ks = [t for t in _core.waits(arr, rest, pair, pungs, forbid) if t not in fb]
        if not ks:
            return None
        out.append(ks[0])
        c[ks[0]] += 1
    return tuple(out)


def shape_waits(counts, wilds: int, melds: MeldFacts, sk: Specials) -> set[int]:
    """Kinds ``t`` such that ``counts + t`` (plus ``wilds`` wildcards and the melds)
    has some winning shape of :func:`best_profile` (W1–W3, D8).

    ``t`` is added as a real tile, so the caller handles a drawn 癞子, W5 and
    how many copies of ``t`` are left; the core only asks ``counts[t] < 4``.
    """
    arr, mask, jiang = _facts(counts, melds)
    wt = _core.waits
    out: set[int] = set()
    if jiang:
        out.update(t for t in _JIANG if arr[t] < 4)  # W3: any 2/5/8 wins
    if mask == 8:
        out.update(t for t in _HONORS if arr[t] < 4)  # W3: any honor wins
    for s in range(3):
        if mask & ~(1 << s) == 0:  # every tile so far of suit s: 清一色 (any pair)
            out.update(t for t in wt(arr, wilds, "any", False, sk.forbid_suit[s]) if t // 9 == s)
    if not melds.has_chi:
        out.update(wt(arr, wilds, "any", True, sk.blocked))
    out.update(wt(arr, wilds, "258", False, sk.blocked))
    return out
