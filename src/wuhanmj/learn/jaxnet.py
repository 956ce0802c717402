"""The policy network of :mod:`wuhanmj.policy.forward` in jax (the ``train`` extra), and
its agreement with the expert on held-out decisions."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import PolicyError
from ..game.actions import ACTION_SPACE_SIZE
from ..policy.weights import N_FEATURES, PolicyWeights
from .samples import Samples

__all__ = ["JaxNet", "jax_modules", "agreement", "FEATURE_SCALE"]

FEATURE_SCALE = np.array([1] * 11 + [4, 32, 1, 4, 4, 4, 1, 1, 4, 100, 4, 7, 1, 1], np.float32)
"""What each look-ahead feature is divided by in training (about its largest value), folded
back into ``wf`` when the weights are written (the file reads raw features)."""
assert len(FEATURE_SCALE) == N_FEATURES


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
    scaled to about 0-1 (each observation entry over its largest value, each look-ahead
    feature over :data:`FEATURE_SCALE`); :meth:`weights` folds the scales back into ``w1``
    and ``wf`` so that the file reads raw inputs."""

    def __init__(self, weights: PolicyWeights) -> None:
        jax, jnp, _ = jax_modules()
        self.jax, self.jnp = jax, jnp
        self.high = _input_high()
        self.meta = dict(weights.meta)
        a = weights.arrays
        self.params = {k: jnp.asarray(v) for k, v in a.items()}
        self.params["w1"] = jnp.asarray(a["w1"] * self.high[:, None])
        self.params["wf"] = jnp.asarray(a["wf"] * FEATURE_SCALE[:, None])
        self._fwd = jax.jit(self.apply, static_argnums=(8,))

    def apply(self, p: Any, rows: Any, cols: Any, vals: Any, masks: Any, frow: Any, fcode: Any, feats: Any,
              nb: int) -> tuple[Any, Any]:
        """Masked logits (-1e9 at illegal codes) and values of a batch of nb decisions: the
        observations in CSR (rows, cols, vals), the masks, and the look-ahead rows (frow:
        the decision, fcode: the code, feats: the scaled features; padding rows have frow nb)."""
        jax, jnp = self.jax, self.jnp
        h = jax.ops.segment_sum(p["w1"][cols] * vals[:, None], rows, num_segments=nb + 1)[:nb]
        h = jax.nn.relu(h + p["b1"])
        h = jax.nn.relu(h @ p["w2"] + p["b2"])
        ctx = jnp.concatenate([h @ p["wc"] + p["bs"], jnp.zeros((1, p["bs"].shape[0]))])
        z = jax.nn.relu(feats @ p["wf"] + ctx[frow])
        score = jnp.zeros((nb + 1, ACTION_SPACE_SIZE)).at[frow, fcode].add(z @ p["ws"])[:nb]
        logits = jnp.where(masks, h @ p["wp"] + p["bp"] + score, -1e9)
        return logits, h @ p["wv"] + p["bv"][0]

    def batch(self, s: Samples) -> tuple[np.ndarray, ...]:
        """(rows, cols, vals, masks, frow, fcode, feats) of samples, padded to bucketed sizes."""
        n = len(s)
        lens = np.diff(s.ptr)
        rows = np.repeat(np.arange(n, dtype=np.int32), lens)
        cols = s.idx.astype(np.int32)
        vals = s.val / self.high[cols]
        cap = -(-len(rows) // (n * 16)) * (n * 16) if len(rows) else n * 16
        pad = cap - len(rows)
        frow, fcode = np.nonzero(s.masks)
        fcap = -(-len(frow) // (n * 4)) * (n * 4) if len(frow) else n * 4
        fpad = fcap - len(frow)
        feats = s.feats.astype(np.float32) / FEATURE_SCALE
        return (np.concatenate([rows, np.full(pad, n, np.int32)]), np.concatenate([cols, np.zeros(pad, np.int32)]),
                np.concatenate([vals, np.zeros(pad, np.float32)]).astype(np.float32), s.masks,
                np.concatenate([frow.astype(np.int32), np.full(fpad, n, np.int32)]),
                np.concatenate([fcode.astype(np.int32), np.zeros(fpad, np.int32)]),
                np.concatenate([feats, np.zeros((fpad, feats.shape[1]), np.float32)]))

    def forward(self, s: Samples) -> tuple[np.ndarray, np.ndarray]:
        logits, values = self._fwd(self.params, *self.batch(s), len(s))
        return np.asarray(logits), np.asarray(values)

    def weights(self, **meta: Any) -> PolicyWeights:
        arrays = {k: np.asarray(v, dtype=np.float32) for k, v in self.params.items()}
        arrays["w1"] = arrays["w1"] / self.high[:, None]
        arrays["wf"] = arrays["wf"] / FEATURE_SCALE[:, None]
        return PolicyWeights(arrays, {**self.meta, **meta})


def agreement(net: JaxNet, held: Samples) -> dict[str, float]:
    """Top-1 agreement with the expert on held-out decisions: all, turns (a discard is
    legal), claims (the others), and on turns up to ties (the network's discard is the
    expert's, or one with the same look-ahead: the same shanten and effective draws)."""
    preds = []
    for i in range(0, len(held), 2048):
        logits, _ = net.forward(held.take(np.arange(i, min(len(held), i + 2048))))
        preds.append(np.argmax(logits, axis=1))
    pred = np.concatenate(preds)
    ok = pred == held.labels
    turn = held.masks[:, :34].any(axis=1)
    same = ok.copy()
    for j in np.flatnonzero(turn & ~ok & (pred < 34) & (held.labels < 34)):
        rows = held.feats[held.fptr[j]:held.fptr[j + 1]]
        codes = np.flatnonzero(held.masks[j])
        a, b = rows[codes == pred[j]][0], rows[codes == held.labels[j]][0]
        same[j] = bool(a[11] == b[11] and a[12] == b[12] and a[13] == b[13])
    return {"agreement": float(ok.mean()), "agreement_turn": float(ok[turn].mean()),
            "agreement_turn_ties": float(same[turn].mean()),
            "agreement_claim": float(ok[~turn].mean()) if (~turn).any() else float("nan")}
