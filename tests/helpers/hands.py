"""Random hands and situations shared by the core and analysis tests."""

from __future__ import annotations

import random

from reference.shanten_ref import ROUTES
from wuhanmj.hand.meld import Meld
from wuhanmj.rules import Rules
from wuhanmj.tiles import laizi_of, pizi_of, tile_counts

PIZI = Rules.koukou_fan()        # pizi on (R3)
PLAIN = Rules.kaikou()           # pizi off
JIANG = {t for t in range(27) if t % 9 in (1, 4, 7)}

VARIANTS = [(p, q) for p in ("any", "258") for q in (False, True)]


def random_hand(rng: random.Random, size: int, dense: bool = False) -> list[int]:
    """Counts of ``size`` tiles: from the 136-tile wall, or (dense) from a few kinds,
    which gives many triplets and quads."""
    c = [0] * 34
    if not dense:
        for t in rng.sample([t for t in range(34) for _ in range(4)], size):
            c[t] += 1
        return c
    base = rng.choice([0, 9, 18, 27])
    pool = list(range(base, min(base + 9, 34))) + rng.sample(range(34), 2)
    kinds = rng.sample(pool, rng.randint(2, 5))
    while sum(c) < size:
        free = [t for t in kinds if c[t] < 4] or [t for t in range(34) if c[t] < 4]
        c[rng.choice(free)] += 1
    return c



def allowed_routes(melds) -> list[str]:
    """Routes the melds leave possible, from the route definitions (W6, W3)."""
    tiles = [t for m in melds for t in m.tiles]
    out = ["xiaohu"]
    if all(m.kind != "chi" for m in melds):
        out.append("pengpenghu")
    for s, name in enumerate(("qingyise_m", "qingyise_p", "qingyise_s")):
        if all(t // 9 == s for t in tiles):
            out.append(name)
    if all(t in JIANG for t in tiles):
        out.append("jiangyise")
    if all(t >= 27 for t in tiles):
        out.append("fengyise")
    return [r for r in ROUTES if r in out]


def random_situation(rng: random.Random, n_melds: int, extra: int):
    """(hand counts, melds, laizi, pizi, rules) with ``3 * (4 - n_melds) + extra`` concealed tiles."""
    indicator = rng.randrange(34)
    rules = PIZI if rng.random() < 0.5 else PLAIN
    laizi = laizi_of(indicator)
    pizi = pizi_of(indicator) if rules.pizi else ()
    wall = [t for t in range(34) for _ in range(4)]
    wall.remove(indicator)
    bad = {laizi, 33, *pizi}
    melds = []
    suit = rng.choice([0, 9, 18, 27])
    while len(melds) < n_melds:
        focus = rng.random() < 0.6
        t = rng.randrange(suit, min(suit + 9, 34)) if focus else rng.randrange(34)
        if rng.random() < 0.4 and t < 27 and t % 9 <= 6:
            ts = [t, t + 1, t + 2]
            kind = "chi"
        else:
            ts = [t] * 3
            kind = "peng"
        if any(x in bad for x in ts) or any(wall.count(x) < ts.count(x) for x in ts):
            continue
        for x in ts:
            wall.remove(x)
        melds.append(Meld(kind, ts, 1))
    size = 3 * (4 - n_melds) + extra
    pool = [t for t in wall if suit <= t < suit + 9 or t in bad] if rng.random() < 0.4 else wall
    if len(pool) < size:
        pool = wall
    hand = rng.sample(pool, size)
    return tile_counts(hand), melds, laizi, pizi, rules
