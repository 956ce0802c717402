"""Shared inputs for the benchmarks: deterministic random hands (numpy Generator, fixed seeds)."""

import numpy as np
import pytest


def random_hands(n: int, tiles: int, max_wilds: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` hands of ``tiles`` tiles drawn from the 136-tile wall, of which 0..max_wilds
    are wildcards (removed from the counts). Returns counts (n, 34) uint8 and wilds (n,) uint8."""
    rng = np.random.default_rng(seed)
    wilds = rng.integers(0, max_wilds + 1, n).astype(np.uint8)
    draws = np.argsort(rng.random((n, 136)), axis=1)[:, :tiles] // 4
    keep = np.arange(tiles)[None, :] < (tiles - wilds)[:, None]
    rows = np.broadcast_to(np.arange(n)[:, None], draws.shape)
    counts = np.zeros((n, 34), np.uint8)
    np.add.at(counts, (rows[keep], draws[keep]), 1)
    return counts, wilds


def winning_hands(n: int, seed: int) -> np.ndarray:
    """``n`` complete 14-tile hands (four sets and a pair of any kind, at most four of a kind)."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), np.uint8)
    made = 0
    while made < n:
        c = np.zeros(34, np.int64)
        for _ in range(4):
            if rng.random() < 0.5:
                suit, start = rng.integers(0, 3), rng.integers(0, 7)
                c[9 * suit + start : 9 * suit + start + 3] += 1
            else:
                c[rng.integers(0, 34)] += 3
        c[rng.integers(0, 34)] += 2
        if c.max() <= 4:
            out[made] = c
            made += 1
    return out


@pytest.fixture(scope="session")
def hands14():
    return random_hands(1_000_000, 14, 2, seed=20261130)


@pytest.fixture(scope="session")
def hands13():
    counts, _ = random_hands(200_000, 13, 0, seed=7)
    return counts


@pytest.fixture(scope="session")
def wins14():
    return winning_hands(20_000, seed=42)
