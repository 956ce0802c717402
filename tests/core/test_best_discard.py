"""``core.wuhan_best_discard``: the first discard of the advice order (least shanten,
then most unseen effective tiles, then lowest kind) among the allowed kinds (W1–W3,
W6–W8, D6, D8, R1, R3, R4).

Expected values come from ``reference.shanten_ref`` (routes by an exhaustive walk) on
small random situations, and, on thousands of hands met in play, from the exhaustive
table of :func:`wuhan_discards` (every discard × every draw, no pruning).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from reference.shanten_ref import wuhan_routes_ref
from helpers.hands import allowed_routes, random_situation
from wuhanmj.core import ROUTE_NAMES, wuhan_best_discard, wuhan_discards
from wuhanmj.errors import ShapeError
from wuhanmj.game.engine import Game
from wuhanmj.rules import Rules


def _mask(melds) -> int:
    names = allowed_routes(melds)
    return sum(1 << i for i, r in enumerate(ROUTE_NAMES) if r in names)


def _order_ref(c, melds, laizi, pizi, seen, allowed):
    """(kind, shanten, least) by the reference walk: every discard, every draw."""
    allowed_r = tuple(r for r in ROUTE_NAMES if r in allowed_routes(melds))

    def best(counts):
        return min(wuhan_routes_ref(counts, laizi, pizi, allowed_r).values())

    options = []
    for d in range(34):
        if not c[d] or d in (laizi, 33, *pizi):
            continue
        c1 = c.copy()
        c1[d] -= 1
        s = best(c1)
        unseen = 0
        for t in range(34):
            left = 4 - int(c[t]) - int(seen[t])
            if left and c1[t] < 4:
                c2 = c1.copy()
                c2[t] += 1
                if best(c2) < s:
                    unseen += left
        options.append((s, -unseen, d))
    if not options:
        return None, None, None
    least = min(o[0] for o in options)
    ok = sorted(o for o in options if o[2] in allowed)
    if not ok:
        return None, None, least
    return ok[0][2], ok[0][0], least


def test_w1_d6_best_discard_matches_the_reference_walk():
    rng = random.Random(5)
    for i in range(10):
        c, melds, laizi, pizi, _ = random_situation(rng, 3, 2)
        seen = np.zeros(34, dtype=np.uint8)
        for m in melds:
            for t in m.tiles:
                seen[t] += 1
        for t in rng.sample(range(34), 8):  # some visible tiles, within T1
            if c[t] + seen[t] < 4:
                seen[t] += 1
        held = [d for d in range(34) if c[d]]
        allowed = set(held) if i % 2 else set(rng.sample(held, max(1, len(held) // 2)))
        got = wuhan_best_discard(c, laizi, pizi, _mask(melds), allowed, seen)
        assert got == _order_ref(c, melds, laizi, pizi, seen, allowed), (c.tolist(), melds, laizi, pizi)


def _exhaustive(counts, laizi, pizi, routes, allowed, seen):
    """(kind, shanten, least) from the full table of wuhan_discards."""
    after, draws = wuhan_discards(counts, laizi, pizi, routes)
    al = after.astype(int)
    if (al == 127).all():
        return None, None, None
    least = int(al.min())
    legal = [d for d in range(34) if al[d] != 127 and d in allowed]
    if not legal:
        return None, None, least
    top = min(al[d] for d in legal)
    unseen = 4 - np.asarray(counts, dtype=int) - np.asarray(seen, dtype=int)
    cand = [d for d in legal if al[d] == top]
    eff = [int(((draws[d] < top) * unseen).sum()) for d in cand]
    return cand[eff.index(max(eff))], int(top), least


@pytest.mark.parametrize("rules", [Rules.kaikou(), Rules.koukou_fan()], ids=["kaikou", "koukou_fan"])
def test_best_discard_equals_the_exhaustive_table_on_played_hands(rules):
    """Hands from seeded random play (melds, 癞子, 红中, 痞子 in hand), every turn with
    3k+2 tiles; allowed: every kind, or a random half; seen: the table's visible tiles."""
    rng = np.random.default_rng(11)
    checked = 0
    for seed in range(30):
        g = Game(rules, seed=seed)
        while not g.over:
            s = g.current_player
            o = g.observation(s)
            if o.phase == "turn" and len(o.hand) % 3 == 2:
                counts = np.bincount(o.hand, minlength=34).astype(np.uint8)
                seen = [o.indicator]
                for x in range(4):
                    seen += list(o.discards[x]) + [t for _, t in o.special_plays[x]]
                    seen += [t for m in o.melds[x] for t in m.tiles]
                seen = np.bincount(seen, minlength=34)
                routes = _mask(o.melds[s])
                held = [d for d in range(34) if counts[d]]
                for allowed in (set(range(34)), {d for d in held if rng.random() < 0.5}):
                    want = _exhaustive(counts, o.laizi, o.pizi, routes, allowed, seen)
                    got = wuhan_best_discard(counts, o.laizi, o.pizi, routes, allowed, seen)
                    assert got == want, (o.hand, o.laizi, o.pizi, routes, sorted(allowed))
                    checked += 1
            codes = g.legal_action_codes(s)
            g.step(s, codes[int(rng.integers(len(codes)))])
    assert checked > 1000


def test_r1_r4_only_normal_discards_are_chosen():
    # 123m 456p 789s 2p 5s + 中 + 癞子 6z: neither 中 nor the 癞子 is a discard (R1, R4)
    c = np.zeros(34, dtype=np.uint8)
    for t in (0, 1, 2, 12, 13, 14, 24, 25, 26, 10, 22, 33, 32, 27):
        c[t] += 1
    kind, sh, least = wuhan_best_discard(c, 32)
    assert kind not in (32, 33) and kind is not None
    assert wuhan_best_discard(c, 32, (), 0x7F, [33]) == (None, None, least)


def test_bad_inputs_raise_shape_error():
    c = np.zeros(34, dtype=np.uint8)
    c[:14] = 1
    with pytest.raises(ShapeError, match="allowed"):
        wuhan_best_discard(c, 32, (), 0x7F, [34])
    seen = np.zeros(34, dtype=np.uint8)
    seen[0] = 4
    with pytest.raises(ShapeError, match="at most 4"):
        wuhan_best_discard(c, 32, (), 0x7F, None, seen)
    with pytest.raises(ShapeError):
        wuhan_best_discard(c[:33], 32)
    c[13] = 0
    with pytest.raises(ShapeError, match="3k\\+2"):
        wuhan_best_discard(c, 32)
