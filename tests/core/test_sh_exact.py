"""``sh_exact`` (``wuhanmj/core/shanten.pyx``, the exact distance with fifth copies, D8)
against a slow reference: the single dynamic program over the 34 kinds it replaced, written
out again here in plain Python (states kept in a dict, the dead ones never stored).

Random inputs over every argument: counts 0-4 a kind with at most 14 - w tiles, w = 0..4
wildcards (a few larger), K = 0..4 sets, both pair modes (W2), chows on and off, random
forbid masks (none, a few kinds, whole groups as the single-suit routes give, all but a
few kinds, where often nothing is possible). The quick run checks a few hundred; ``-m
slow`` a few thousand more.
"""

from __future__ import annotations

import random

import pytest

from wuhanmj.core.shanten import _exact_distance

PAIR_ANY, PAIR_258, SH_INF = 1, 2, 99  # wuhanmj/core/defs.pxd


def exact_ref(r: list[int], forbid: list[int], K: int, pm: int, chows: bool, w: int) -> int:
    """The distance by one DP over the 34 kinds: state (chows started one and two kinds
    back a, b; sets begun k; pair placed p; excess used e) -> least added tiles."""
    E = min(w, 10)
    cur = {(0, 0, 0, 0, 0): 0}
    for i in range(34):
        nxt: dict[tuple[int, int, int, int, int], int] = {}
        jiang = i < 27 and i % 9 in (1, 4, 7)
        for (a, b, k, p, e), v in cur.items():
            smax = K - k if (chows and i < 27 and i % 9 <= 6) else 0
            for s in range(smax + 1):
                for t in range(K - k - s + 1):
                    for q in range(2 - p):
                        if q and pm == PAIR_258 and not jiang:
                            continue
                        need = a + b + s + 3 * t + 2 * q
                        if need and forbid[i]:
                            continue
                        ex = max(0, need - 4)
                        if e + ex > E:
                            continue
                        add = max(0, need - r[i])
                        key = (s, a, k + s + t, p + q, e + ex)
                        if v + add < nxt.get(key, SH_INF):
                            nxt[key] = v + add
        cur = nxt
    best = min((v for (a, b, k, p, e), v in cur.items() if (a, b, k, p) == (0, 0, K, 1)),
               default=SH_INF)
    if best >= SH_INF:
        return SH_INF
    return max(0, best - w)


def random_case(rng: random.Random) -> tuple[list[int], list[int], int, int, bool, int]:
    """One random argument list of sh_exact."""
    w = rng.choice([0, 1, 1, 2, 2, 3, 4, 4, 5, 7, 11])
    n = rng.randint(0, max(0, 14 - w))
    counts = [0] * 34
    kinds = list(range(34)) if rng.random() < 0.5 else list(range(9 * rng.randrange(4), 34))
    while sum(counts) < n:
        t = rng.choice(kinds)
        if counts[t] < 4:
            counts[t] += 1
    K = rng.choice([(n + w) // 3, rng.randint(0, 4)]) if n + w < 15 else 4
    K = min(K, 4)
    forbid = [0] * 34
    mode = rng.randrange(5)
    if mode == 1:
        for t in rng.sample(range(34), rng.randint(1, 6)):
            forbid[t] = 1
    elif mode == 2:  # a single-suit route: every kind outside one suit
        keep = rng.randrange(3)
        forbid = [0 if t // 9 == keep else 1 for t in range(34)]
    elif mode == 3:
        forbid = [1 if rng.random() < 0.3 else 0 for _ in range(34)]
    elif mode == 4:  # a few kinds left: often no way at all (SH_INF)
        forbid = [1] * 34
        for t in rng.sample(range(34), rng.randint(1, 4)):
            forbid[t] = 0
    pm = rng.choice([PAIR_ANY, PAIR_258])
    chows = rng.random() < 0.7
    return counts, forbid, K, pm, chows, w


def check(cases: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(cases):
        counts, forbid, K, pm, chows, w = random_case(rng)
        got = _exact_distance(bytes(counts), bytes(forbid), K, pm, chows, w)
        want = exact_ref(counts, forbid, K, pm, chows, w)
        assert got == want, (counts, forbid, K, pm, chows, w, got, want)


def test_sh_exact_matches_reference() -> None:
    check(300, 1)


def test_sh_exact_edges() -> None:
    """Empty hands, everything forbidden, a fifth copy needed, many wildcards."""
    zero = [0] * 34
    for K in range(5):
        for pm in (PAIR_ANY, PAIR_258):
            for chows in (False, True):
                for w in (0, 1, 4, 10, 14):
                    for counts, forbid in ((zero, zero), (zero, [1] * 34),
                                           ([4] + [0] * 33, zero), ([0, 4, 4] + [0] * 31, zero),
                                           ([4] * 3 + [0] * 31, [0] * 3 + [1] * 31)):
                        got = _exact_distance(bytes(counts), bytes(forbid), K, pm, chows, w)
                        assert got == exact_ref(counts, forbid, K, pm, chows, w)


@pytest.mark.slow
def test_sh_exact_matches_reference_many() -> None:
    check(4000, 2)
