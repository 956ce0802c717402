"""The policy network's forward pass in numpy: the reference the native one
(:mod:`wuhanmj.native.policy`) is tested against, batched over observations.

``x`` = the observation (int8, version-1 encoding) followed by the action mask, as float32;
``h1 = relu(x w1 + b1)``, ``h2 = relu(h1 w2 + b2)``, ``logits = h2 wp + bp`` (illegal codes
-inf), ``value = h2 wv + bv``. The action is the legal code of the largest logit (the
lowest code on a tie).
"""

from __future__ import annotations

import numpy as np

from ..errors import PolicyError
from ..game.actions import ACTION_SPACE_SIZE
from .weights import ENCODING_VERSION, FORMAT, FORMAT_VERSION, OBS_SIZE, PolicyWeights

__all__ = ["policy_forward", "policy_actions", "random_weights"]


def _inputs(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
    o, m = np.asarray(obs), np.asarray(masks)
    if o.ndim != 2 or o.shape[1] != OBS_SIZE or m.shape != (o.shape[0], ACTION_SPACE_SIZE):
        raise PolicyError(f"obs must be (N, {OBS_SIZE}) and masks (N, {ACTION_SPACE_SIZE}), got {o.shape} and "
                          f"{m.shape}")
    if not (m != 0).any(axis=1).all():
        raise PolicyError("every mask must have a legal code")
    return np.concatenate([o.astype(np.float32), m.astype(np.float32)], axis=1)


def policy_forward(weights: PolicyWeights, obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Logits and values of a batch.

    Args:
        weights: the network.
        obs: int8 ``(N, 4209)``, version-1 observations.
        masks: ``(N, 163)``, their action masks (non-zero = legal; each with a legal code).

    Returns:
        ``(logits, values)``: float32 ``(N, 163)`` (``-inf`` at illegal codes) and float32 ``(N,)``.

    Raises:
        PolicyError: wrong shapes, or a mask without a legal code.
    """
    x = _inputs(obs, masks)
    a = weights.arrays
    h1 = np.maximum(x @ a["w1"] + a["b1"], 0.0)
    h2 = np.maximum(h1 @ a["w2"] + a["b2"], 0.0)
    logits = h2 @ a["wp"] + a["bp"]
    logits[np.asarray(masks) == 0] = -np.inf
    return logits.astype(np.float32), (h2 @ a["wv"] + a["bv"][0]).astype(np.float32)


def policy_actions(weights: PolicyWeights, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """The network's action for each observation: int64 ``(N,)``, the legal code with the
    largest logit (the lowest code on a tie). Arguments and errors as :func:`policy_forward`."""
    logits, _ = policy_forward(weights, obs, masks)
    return np.argmax(logits, axis=1).astype(np.int64)


def random_weights(hidden: tuple[int, int] = (256, 128), seed: int = 0, **meta: object) -> PolicyWeights:
    """A network with He-initialised weights (the training's start; tests).

    Args:
        hidden: (H1, H2).
        seed: numpy seed.
        meta: further metadata (``rules``, ``command`` ...).
    """
    h1, h2 = hidden
    rng = np.random.default_rng(seed)
    d = OBS_SIZE + ACTION_SPACE_SIZE
    arrays = {"w1": rng.normal(0, np.sqrt(2 / 64), (d, h1)), "b1": np.zeros(h1), "w2": rng.normal(0, np.sqrt(2 / h1), (h1, h2)),
              "b2": np.zeros(h2), "wp": rng.normal(0, np.sqrt(1 / h2), (h2, ACTION_SPACE_SIZE)) * 0.1,
              "bp": np.zeros(ACTION_SPACE_SIZE), "wv": np.zeros(h2), "bv": np.zeros(1)}
    base = {"format": FORMAT, "format_version": FORMAT_VERSION, "encoding_version": ENCODING_VERSION,
            "hidden": [h1, h2], "rules": [], "command": "", "seed": seed, "commit": "", "notes": ""}
    return PolicyWeights({k: v.astype(np.float32) for k, v in arrays.items()}, {**base, **meta})
