"""The effective-draw tables (core.tables.effective_tables, W1, W2): for a pattern of one
group and a position, which least-added-tiles costs one more tile there lowers.

The reference here works the costs out from their definition, by trying every target
shape (k sets and a pair, no count above four) and counting the tiles it lacks; it reads
no table. Bits (EF_* of core/defs.pxd): 0-4 a 2/5/8 pair, 5-9 no pair, 10-14 any pair,
for k = 0..4 sets; 15 the grown pattern's capped entry carries the shanten tables' flag.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from wuhanmj.core.tables import effective_tables, shanten_tables, suit_key, suit_patterns

SH_FLAG = 1 << 28


def _shapes(n: int, chows: bool, jiang: tuple[int, ...]) -> dict[tuple[int, int], np.ndarray]:
    """Every count vector of k sets (chows, pongs) and a pair (mode 0 none, 1 any, 2 of
    ``jiang``), no count above four: {(k, mode): array (m, n)}."""
    sets = [tuple(3 if i == p else 0 for i in range(n)) for p in range(n)]
    if chows:
        sets += [tuple(1 if p <= i <= p + 2 else 0 for i in range(n)) for p in range(n - 2)]
    out: dict[tuple[int, int], set[tuple[int, ...]]] = {}
    for k in range(5):
        for combo in itertools.combinations_with_replacement(range(len(sets)), k):
            base = np.zeros(n, dtype=np.int64)
            for s in combo:
                base += sets[s]
            for mode in range(3):
                pairs = [None] if mode == 0 else [p for p in range(n) if mode == 1 or p in jiang]
                for p in pairs:
                    v = base.copy()
                    if p is not None:
                        v[p] += 2
                    if v.max() <= 4:
                        out.setdefault((k, mode), set()).add(tuple(v))
    return {key: np.array(sorted(v)) for key, v in out.items()}


SUIT = _shapes(9, True, (1, 4, 7))
HONOR = _shapes(7, False, ())


def _costs(c: np.ndarray, shapes: dict) -> dict[tuple[int, int], int]:
    """Least tiles to add so that the group holds one of the shapes, per (k, mode)."""
    return {key: int(np.maximum(arr - c, 0).sum(axis=1).min()) for key, arr in shapes.items()}


def _reference_bits(c: np.ndarray, p: int, shapes: dict) -> int:
    before, after = _costs(c, shapes), _costs(c + np.eye(len(c), dtype=np.int64)[p], shapes)
    bits = 0
    for (k, mode), cost in before.items():
        if after[(k, mode)] < cost:
            bits |= 1 << ({2: 0, 0: 5, 1: 10}[mode] + k)
    return bits


def _sample(rng: np.random.Generator, n: int) -> list[np.ndarray]:
    """Random patterns of every size 0-13 (a hand's group before a draw)."""
    pats = []
    for total in list(range(14)) * 12:
        c = np.zeros(n, dtype=np.int64)
        while c.sum() < total:
            i = rng.integers(n)
            if c[i] < 4:
                c[i] += 1
        pats.append(c)
    return pats


def test_w1_w2_suit_bits_are_the_costs_one_more_tile_lowers():
    table = effective_tables()["suit"]
    capped = shanten_tables()["suit_capped"]
    for c in _sample(np.random.default_rng(21), 9):
        key = suit_key(c.tolist())
        for p in range(9):
            got = int(table[key, p])
            if c[p] == 4:
                assert got == 0
                continue
            assert got & 0x7FFF == _reference_bits(c, p, SUIT), (c.tolist(), p)
            grown = c.copy()
            grown[p] += 1
            assert bool(got & (1 << 15)) == bool(capped[suit_key(grown.tolist())] & SH_FLAG)


def test_w1_honor_bits_are_the_pong_costs_one_more_tile_lowers():
    table = effective_tables()["honor"]
    for c in _sample(np.random.default_rng(22), 7):
        key = int(c @ (5 ** np.arange(7)))
        for p in range(7):
            got = int(table[key, p]) & 0x7FFF
            assert got == (0 if c[p] == 4 else _reference_bits(c, p, HONOR)), (c.tolist(), p)
            assert got & 0x1F == 0          # W2: no 2/5/8 pair among the honors


def test_a_pattern_of_14_tiles_takes_no_draw():
    table = effective_tables()["suit"]
    sums = suit_patterns().sum(axis=1)
    assert not table[sums == 14].any()


@pytest.mark.parametrize("name, shape", [("suit", (405_350, 9)), ("honor", (78_125, 7))])
def test_the_tables_are_read_only_uint16(name, shape):
    t = effective_tables()[name]
    assert t.shape == shape and t.dtype == np.uint16 and not t.flags.writeable
