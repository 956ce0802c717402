"""The policy network of :mod:`wuhanmj.policy.forward` in jax (the ``train`` extra), and
its agreement with the expert on held-out decisions."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import PolicyError
from ..game.actions import ACTION_SPACE_SIZE
from .samples import Samples
from ..policy.weights import PolicyWeights

__all__ = ["JaxNet", "jax_modules", "agreement"]


def jax_modules() -> tuple[Any, Any, Any]:
    try:
        import jax
        import jax.numpy as jnp
        import optax
    except ImportError as err:
        raise PolicyError(f"training needs the 'train' extra (pip install \"wuhanmj[train]\": jax, optax): {err}") from None
    return jax, jnp, optax


def _input_high() -> np.ndarray:
    from ..envs.encoding import observation_high

    return np.concatenate([observation_high().astype(np.float32), np.ones(ACTION_SPACE_SIZE, np.float32)])


class JaxNet:
    """The network of :mod:`wuhanmj.policy.forward` as jax parameters, trained on inputs
    scaled to 0-1 (each entry over its largest value); :meth:`weights` folds the scale back
    into ``w1`` so that the file reads raw observations."""

    def __init__(self, weights: PolicyWeights) -> None:
        jax, jnp, _ = jax_modules()
        self.jax, self.jnp = jax, jnp
        self.high = _input_high()
        self.meta = dict(weights.meta)
        a = weights.arrays
        self.params = {k: jnp.asarray(v) for k, v in a.items()}
        self.params["w1"] = jnp.asarray(a["w1"] * self.high[:, None])
        self._fwd = jax.jit(self.apply, static_argnums=(5,))

    def apply(self, p: Any, rows: Any, cols: Any, vals: Any, masks: Any, nb: int) -> tuple[Any, Any]:
        """Masked logits (-1e9 at illegal codes) and values of a CSR batch of nb rows."""
        jax, jnp = self.jax, self.jnp
        h = jax.ops.segment_sum(p["w1"][cols] * vals[:, None], rows, num_segments=nb + 1)[:nb]
        h = jax.nn.relu(h + p["b1"])
        h = jax.nn.relu(h @ p["w2"] + p["b2"])
        logits = jnp.where(masks, h @ p["wp"] + p["bp"], -1e9)
        return logits, h @ p["wv"] + p["bv"][0]

    def batch(self, s: Samples, nb: int | None = None) -> tuple[np.ndarray, ...]:
        """(rows, cols, vals, masks) of samples, padded to a bucketed number of entries."""
        n = len(s) if nb is None else nb
        lens = np.diff(s.ptr)
        rows = np.repeat(np.arange(len(s), dtype=np.int32), lens)
        cols = s.idx.astype(np.int32)
        vals = s.val / self.high[cols]
        cap = -(-len(rows) // (n * 16)) * (n * 16) if len(rows) else n * 16
        pad = cap - len(rows)
        return (np.concatenate([rows, np.full(pad, n, np.int32)]), np.concatenate([cols, np.zeros(pad, np.int32)]),
                np.concatenate([vals, np.zeros(pad, np.float32)]).astype(np.float32), s.masks)

    def forward(self, s: Samples) -> tuple[np.ndarray, np.ndarray]:
        rows, cols, vals, masks = self.batch(s)
        logits, values = self._fwd(self.params, rows, cols, vals, masks, len(s))
        return np.asarray(logits), np.asarray(values)

    def weights(self, **meta: Any) -> PolicyWeights:
        arrays = {k: np.asarray(v, dtype=np.float32) for k, v in self.params.items()}
        arrays["w1"] = arrays["w1"] / self.high[:, None]
        return PolicyWeights(arrays, {**self.meta, **meta})


def agreement(net: JaxNet, held: Samples) -> dict[str, float]:
    """Top-1 agreement with the expert on held-out decisions: all, turns (a discard is
    legal), claims (the others)."""
    preds = []
    for i in range(0, len(held), 2048):
        logits, _ = net.forward(held.take(np.arange(i, min(len(held), i + 2048))))
        preds.append(np.argmax(logits, axis=1))
    ok = np.concatenate(preds) == held.labels
    turn = held.masks[:, :34].any(axis=1)
    return {"agreement": float(ok.mean()), "agreement_turn": float(ok[turn].mean()),
            "agreement_claim": float(ok[~turn].mean()) if (~turn).any() else float("nan")}


