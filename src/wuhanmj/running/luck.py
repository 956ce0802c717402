"""The luck of the deal in an arena's batch: the covariates of its walls and of reference
walls, added to the batch's tally for the control-variate estimate
(:mod:`wuhanmj.stats.control`; ``arena(control=True)``).

Both engines' batches call :func:`add_batch_controls` with the walls they dealt and each
challenger's wall differences, so the sums are the same whatever the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..rules import Rules
from ..stats.control import REFERENCE_WALLS, add_controls, add_reference, covariates_of
from ..stats.tally import Tally, exact

__all__ = ["wall_covariates", "reference_walls", "add_batch_controls"]


def wall_covariates(rules: Rules, walls: np.ndarray) -> np.ndarray:
    """The covariates (:data:`~wuhanmj.stats.control.COVARIATES`) of ``(n, 136)`` walls:
    an ``(n, K)`` int64 array (:func:`wuhanmj.native.deal.deal_luck`)."""
    from ..native.deal import deal_luck

    sh, lz = deal_luck(walls, rules.pizi)
    return covariates_of(sh, lz)


def reference_walls(seed: int, match: int, n: int) -> np.ndarray:
    """``n`` walls no game deals, for the covariates' mean: shuffled from the 64-bit words
    of ``SeedSequence(seed, spawn_key=(match, 3))`` (the arena's matches and agents use
    the keys ``(m, 0)``, ``(m, 1)`` and ``(m, 2, …)``); ``(n, 136)`` uint8."""
    from ..native.rng import shuffled_walls

    words = np.random.SeedSequence(seed, spawn_key=(match, 3)).generate_state(n, np.uint64)
    return shuffled_walls(words)


def add_batch_controls(tally: Tally, rules: Rules, seed: int, matches: Sequence[int], sizes: Sequence[int],
                       walls: np.ndarray, d_walls: Mapping[str, Any]) -> None:
    """Add a batch's control-variate sums to its tally.

    Args:
        matches, sizes: the batch's matches in order and the walls of each.
        walls: ``(walls, 136)`` each wall of the batch, in order.
        d_walls: challenger label -> its scaled difference on each wall (int64 array, or
            exact numbers).
    """
    n = np.asarray(sizes, dtype=np.int64)
    starts = np.r_[0, np.cumsum(n)[:-1]].astype(np.int64)
    x = wall_covariates(rules, walls)
    d_sums: dict[str, Any] = {}
    for lab, d in d_walls.items():
        if isinstance(d, np.ndarray) and d.dtype.kind in "iu":
            d_sums[lab] = np.add.reduceat(d.astype(np.int64), starts)
        else:
            vals = [exact(v) for v in d]
            d_sums[lab] = [sum(vals[a:a + k]) for a, k in zip(starts.tolist(), n.tolist())]
    add_controls(tally, matches, n, np.add.reduceat(x, starts, axis=0), d_sums)
    ref = [reference_walls(seed, int(m), REFERENCE_WALLS * k) for m, k in zip(matches, n.tolist())]
    add_reference(tally, wall_covariates(rules, np.concatenate(ref) if ref else np.zeros((0, 136), np.uint8)))
