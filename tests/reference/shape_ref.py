"""A slow, plain reference for the shape core, written from RULES.md only (W1, W2, D8).

No tables and no per-suit tricks: a hand is a 34-tuple of counts, and a
memoized recursion asks "can the lowest real tile be put in some group?",
trying every group that could hold it:

* a pair of that kind (only while the pair is still needed; pair rule W2),
* a pong of that kind,
* a chow holding it (suited kinds only; honors never form chows),

where every missing member of the group is a wildcard. A wildcard may stand
for any kind not in ``forbid``, even a fifth copy of a kind (D8). Once no
real tile is left, the remaining wildcards must form the pair (if still
needed) and pongs on their own.

Every decomposition of a hand has exactly one group holding a copy of its
lowest real tile, and that group is one of the shapes above, so the
recursion is exhaustive. It is meant to be obviously correct, not fast.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

N_KINDS = 34
N_SUITED = 27

__all__ = [
    "is_jiang_kind",
    "complete_ref",
    "min_wilds_ref",
    "waits_ref",
    "group_min_wilds_ref",
    "counts_of",
    "parse_ref",
]


def is_jiang_kind(t: int) -> bool:
    """A 2, 5 or 8 of a suit: the only pair allowed under ``pair="258"`` (W2)."""
    return t < N_SUITED and t % 9 in (1, 4, 7)


def counts_of(tiles: Iterable[int]) -> tuple[int, ...]:
    """A 34-tuple of counts from tile indices (no limit on copies: the reference does not care)."""
    c = [0] * N_KINDS
    for t in tiles:
        c[t] += 1
    return tuple(c)


def _pair_ok(t: int, pair: str) -> bool:
    if pair == "any":
        return True
    if pair == "258":
        return is_jiang_kind(t)
    raise ValueError(f"pair must be '258' or 'any', got {pair!r}")


def _chows_holding(i: int) -> list[tuple[int, int, int]]:
    """Every chow (a, a+1, a+2) of one suit that holds kind ``i``."""
    out = []
    for a in (i - 2, i - 1, i):
        if 0 <= a and a + 2 < N_SUITED and a // 9 == (a + 2) // 9:
            out.append((a, a + 1, a + 2))
    return out


@lru_cache(maxsize=1 << 20)
def _solve(counts: tuple[int, ...], wilds: int, need_pair: bool, pair: str, pungs_only: bool,
           forbid: frozenset[int], kinds: tuple[int, ...]) -> bool:
    """True if ``counts`` + exactly ``wilds`` wildcards form sets (+ one pair if ``need_pair``).

    ``kinds`` are the kinds a wildcard may stand for (already without ``forbid``).
    """
    if wilds < 0:
        return False
    lowest = next((t for t in range(N_KINDS) if counts[t]), None)
    if lowest is None:
        # Only wildcards left: a pair of wildcards (if needed), then pongs of wildcards.
        rest = wilds
        if need_pair:
            if rest < 2 or not any(_pair_ok(t, pair) for t in kinds):
                return False
            rest -= 2
        return rest % 3 == 0 and (rest == 0 or bool(kinds))

    i = lowest
    c = counts[i]
    wild_ok_i = i not in forbid

    def take(removals: dict[int, int]) -> tuple[int, ...]:
        lst = list(counts)
        for t, n in removals.items():
            lst[t] -= n
        return tuple(lst)

    # The pair holds a real copy of i (and maybe one wildcard standing for i).
    if need_pair and _pair_ok(i, pair):
        for real in range(1, min(2, c) + 1):
            w = 2 - real
            if w and not wild_ok_i:
                continue
            if _solve(take({i: real}), wilds - w, False, pair, pungs_only, forbid, kinds):
                return True
    # A pong holds 1-3 real copies of i, the rest wildcards.
    for real in range(1, min(3, c) + 1):
        w = 3 - real
        if w and not wild_ok_i:
            continue
        if _solve(take({i: real}), wilds - w, need_pair, pair, pungs_only, forbid, kinds):
            return True
    if pungs_only:
        return False
    # A chow holds one real i; each other member is a real tile or a wildcard.
    for chow in _chows_holding(i):
        others = [t for t in chow if t != i]
        # each other member: True = real tile, False = wildcard
        for real_mask in ((True, True), (True, False), (False, True), (False, False)):
            removals = {i: 1}
            w = 0
            ok = True
            for t, real in zip(others, real_mask):
                if real:
                    if counts[t] < 1:
                        ok = False
                        break
                    removals[t] = 1
                else:
                    if t in forbid:
                        ok = False
                        break
                    w += 1
            if ok and _solve(take(removals), wilds - w, need_pair, pair, pungs_only, forbid, kinds):
                return True
    return False


def _normalize(counts, wilds: int, pair: str, forbid) -> tuple[tuple[int, ...], frozenset[int], tuple[int, ...]]:
    c = tuple(int(x) for x in counts)
    if len(c) != N_KINDS or min(c) < 0:
        raise ValueError("reference wants 34 non-negative counts")
    if wilds < 0:
        raise ValueError("reference wants wilds >= 0")
    _pair_ok(0, pair)
    fb = frozenset(int(t) for t in (forbid or ()))
    kinds = tuple(t for t in range(N_KINDS) if t not in fb)
    return c, fb, kinds


def complete_ref(counts, wilds: int = 0, pair: str = "258", pungs_only: bool = False,
                 forbid: Iterable[int] | None = None) -> bool:
    """True if ``counts`` + exactly ``wilds`` wildcards are one pair plus zero or more sets (W1, W2, D8).

    ``counts``: 34 counts (any sequence). No limit on totals or copies is applied.
    """
    c, fb, kinds = _normalize(counts, wilds, pair, forbid)
    return _solve(c, wilds, True, pair, bool(pungs_only), fb, kinds)


def min_wilds_ref(counts, pair: str = "258", pungs_only: bool = False,
                  forbid: Iterable[int] | None = None, limit: int = 40) -> int | None:
    """Least k such that ``complete_ref(counts, k, ...)``; ``None`` if none up to ``limit``."""
    for k in range(limit + 1):
        if complete_ref(counts, k, pair, pungs_only, forbid):
            return k
    return None


def waits_ref(counts, wilds: int = 0, pair: str = "258", pungs_only: bool = False,
              forbid: Iterable[int] | None = None) -> list[int]:
    """Kinds t with counts[t] < 4 such that counts + t (+ wilds) is complete."""
    c = [int(x) for x in counts]
    out = []
    for t in range(N_KINDS):
        if c[t] >= 4:
            continue
        c[t] += 1
        if complete_ref(c, wilds, pair, pungs_only, forbid):
            out.append(t)
        c[t] -= 1
    return out


def group_min_wilds_ref(group_counts, honors: bool, mode: str, pungs_only: bool,
                        limit: int = 40) -> int | None:
    """Least wildcards completing one group on its own; wildcards stand for kinds of that group only.

    ``group_counts``: 9 counts of a suit (``honors=False``) or 7 counts of 1z-7z.
    ``mode``: ``"sets"`` (sets only, no pair), ``"any"`` (sets + a pair of any kind)
    or ``"258"`` (sets + a 2/5/8 pair; impossible for honors). Returns ``None``
    when no number of wildcards up to ``limit`` works.

    The group is placed in the first suit (or the honors) of a 34-tuple and every
    other kind is forbidden to the wildcards, so the same recursion answers it.
    """
    gc = [int(x) for x in group_counts]
    base = 27 if honors else 0
    size = 7 if honors else 9
    if len(gc) != size:
        raise ValueError(f"group needs {size} counts")
    counts = [0] * N_KINDS
    counts[base:base + size] = gc
    forbid = frozenset(t for t in range(N_KINDS) if not base <= t < base + size)
    kinds = tuple(range(base, base + size))
    c = tuple(counts)
    for k in range(limit + 1):
        if mode == "sets":
            ok = _solve(c, k, False, "any", bool(pungs_only), forbid, kinds)
        else:
            ok = _solve(c, k, True, mode, bool(pungs_only), forbid, kinds)
        if ok:
            return k
    return None


def parse_ref(text: str) -> list[int]:
    """A minimal parser of the T2 notation (digits then a suit letter), for the tests only.

    Honor characters map by the table of T2; no validation beyond what the
    tests need (unknown characters raise ``ValueError``).
    """
    honors = {"东": 27, "南": 28, "西": 29, "北": 30, "白": 31, "发": 32, "中": 33}
    out: list[int] = []
    digits: list[int] = []
    for ch in text:
        if ch.isspace():
            continue
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in "mpsz":
            out.extend("mpsz".index(ch) * 9 + d - 1 for d in digits)
            digits = []
        elif ch in honors:
            out.append(honors[ch])
        else:
            raise ValueError(f"parse_ref: unexpected {ch!r}")
    if digits:
        raise ValueError("parse_ref: trailing digits")
    return out


IMPOSSIBLE = 15
"""Table value for "no number of wildcards completes this group" (4-bit field)."""


def group_tables_ref(size: int, chows: bool, jiang_ranks: tuple[int, ...],
                     max_total: int) -> tuple[list[int], list[int], list[int]]:
    """Least wildcards for every pattern of one group, bottom-up (same recursion as above).

    ``size``: 9 for a suit, 7 for the honors. ``chows``: whether chows are allowed
    (never for honors; not under pungs-only). ``jiang_ranks``: 0-based ranks that
    may hold a 2/5/8 pair, ``(1, 4, 7)`` for a suit, ``()`` for honors.

    Returns three lists indexed by key = sum(c[i] * 5**i): sets only; sets + a
    pair of any kind; sets + a 2/5/8 pair. A pattern with total above
    ``max_total`` is left at a large value (not computed); a pattern no number of
    wildcards completes gets a value >= IMPOSSIBLE.

    The group holding the lowest real tile i is a pair of i (pair still needed),
    a pong of i, or a chow holding i, its missing members being wildcards
    (which may stand for a fifth copy, D8). Removing real tiles only lowers the
    key, so walking the keys upward finds every sub-pattern already solved.
    """
    import itertools

    inf = 99
    n = 5 ** size
    pow5 = [5 ** i for i in range(size)]
    sets = [inf] * n
    anyp = [inf] * n
    jiang = [inf] * n
    for key, rev in enumerate(itertools.product(range(5), repeat=size)):
        c = rev[::-1]  # c[0] varies fastest, so key == sum(c[i] * 5**i)
        if sum(c) > max_total:
            continue
        if key == 0:
            sets[0], anyp[0] = 0, 2
            jiang[0] = 2 if jiang_ranks else inf
            continue
        i = next(t for t in range(size) if c[t])
        best_s = best_a = best_j = inf
        for real in range(1, min(3, c[i]) + 1):  # pong of i
            sub, w = key - real * pow5[i], 3 - real
            best_s = min(best_s, w + sets[sub])
            best_a = min(best_a, w + anyp[sub])
            best_j = min(best_j, w + jiang[sub])
        for real in range(1, min(2, c[i]) + 1):  # the pair on i
            sub, w = key - real * pow5[i], 2 - real
            best_a = min(best_a, w + sets[sub])
            if i in jiang_ranks:
                best_j = min(best_j, w + sets[sub])
        if chows:
            for a in (i - 2, i - 1, i):
                if a < 0 or a + 2 >= size:
                    continue
                others = [t for t in (a, a + 1, a + 2) if t != i]
                for real_mask in ((True, True), (True, False), (False, True), (False, False)):
                    if any(r and c[t] == 0 for t, r in zip(others, real_mask)):
                        continue
                    sub = key - pow5[i] - sum(pow5[t] for t, r in zip(others, real_mask) if r)
                    w = sum(1 for r in real_mask if not r)
                    best_s = min(best_s, w + sets[sub])
                    best_a = min(best_a, w + anyp[sub])
                    best_j = min(best_j, w + jiang[sub])
        sets[key], anyp[key], jiang[key] = best_s, best_a, best_j
    return sets, anyp, jiang
