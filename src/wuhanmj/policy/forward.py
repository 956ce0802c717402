"""The policy network's forward pass in numpy: the reference the native one
(:mod:`wuhanmj.native.policy`) is tested against, batched over decisions.

``x`` = the observation (int8, version-1 encoding) followed by the action mask, as float32;
the context ``h1 = relu(x w1 + b1)``, ``h2 = relu(h1 w2 + b2)``. Each legal code ``a`` with
its look-ahead features ``f_a`` (int8, :mod:`wuhanmj.native.lookahead`) is scored by the
scorer shared by every code, ``z_a = relu(f_a wf + h2 wc + bs)``, and its logit is
``(h2 wp + bp)[a] + z_a ws`` (illegal codes -inf); ``value = h2 wv + bv``. The action is the
legal code of the largest logit (the lowest code on a tie).
"""

from __future__ import annotations

import numpy as np

from ..errors import PolicyError
from ..game.actions import ACTION_SPACE_SIZE
from .weights import (
    ENCODING_VERSION,
    FEATURES_VERSION,
    FORMAT,
    FORMAT_VERSION,
    MAX_HIDDEN,
    N_FEATURES,
    OBS_SIZE,
    PolicyWeights,
)

__all__ = ["policy_forward", "policy_actions", "random_weights"]


def _inputs(weights: PolicyWeights, obs: np.ndarray, masks: np.ndarray,
            features: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if not isinstance(weights, PolicyWeights):
        raise PolicyError(f"weights must be a PolicyWeights, got {type(weights).__name__}")
    try:
        o, m, f = np.asarray(obs), np.asarray(masks), np.asarray(features)
    except ValueError as err:      # a ragged nested list
        raise PolicyError(f"obs, masks and features must be arrays ({err})") from None
    n = o.shape[0] if o.ndim == 2 else -1
    if (o.ndim != 2 or o.shape[1] != OBS_SIZE or m.shape != (n, ACTION_SPACE_SIZE)
            or f.shape != (n, ACTION_SPACE_SIZE, N_FEATURES)):
        raise PolicyError(f"obs must be (N, {OBS_SIZE}), masks (N, {ACTION_SPACE_SIZE}) and features "
                          f"(N, {ACTION_SPACE_SIZE}, {N_FEATURES}), got {o.shape}, {m.shape} and {f.shape}")
    legal = m != 0
    if not legal.any(axis=1).all():
        raise PolicyError("every mask must have a legal code")
    return np.concatenate([o.astype(np.float32), m.astype(np.float32)], axis=1), legal, f.astype(np.float32)


def policy_forward(weights: PolicyWeights, obs: np.ndarray, masks: np.ndarray,
                   features: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Logits and values of a batch.

    Args:
        weights: the network.
        obs: int8 ``(N, 4209)``, version-1 observations.
        masks: ``(N, 163)``, their action masks (non-zero = legal; each with a legal code).
        features: int8 ``(N, 163, 25)``, the look-ahead features of each code
            (:func:`wuhanmj.native.lookahead.lookahead`, ``VectorEnv.lookahead``; the rows of
            illegal codes are not read).

    Returns:
        ``(logits, values)``: float32 ``(N, 163)`` (``-inf`` at illegal codes) and float32 ``(N,)``.

    Raises:
        PolicyError: ``weights`` not a PolicyWeights, wrong shapes (or ragged lists), or a
            mask without a legal code.
    """
    x, legal, f = _inputs(weights, obs, masks, features)
    a = weights.arrays
    h1 = np.maximum(x @ a["w1"] + a["b1"], 0.0)
    h2 = np.maximum(h1 @ a["w2"] + a["b2"], 0.0)
    z = np.maximum(f @ a["wf"] + (h2 @ a["wc"] + a["bs"])[:, None, :], 0.0)
    logits = h2 @ a["wp"] + a["bp"] + z @ a["ws"]
    logits[~legal] = -np.inf
    return logits.astype(np.float32), (h2 @ a["wv"] + a["bv"][0]).astype(np.float32)


def policy_actions(weights: PolicyWeights, obs: np.ndarray, masks: np.ndarray, features: np.ndarray) -> np.ndarray:
    """The network's action for each decision: int64 ``(N,)``, the legal code with the
    largest logit (the lowest code on a tie). Arguments and errors as :func:`policy_forward`."""
    logits, _ = policy_forward(weights, obs, masks, features)
    return np.argmax(logits, axis=1).astype(np.int64)


def random_weights(hidden: tuple[int, int, int] = (128, 64, 64), seed: int = 0, **meta: object) -> PolicyWeights:
    """A network with He-initialised weights (the training's start; tests).

    Args:
        hidden: (H1, H2, Z).
        seed: numpy seed.
        meta: further metadata (``rules``, ``command`` ...).

    Raises:
        PolicyError: ``hidden`` not three ints 1-4096, or metadata of another type.
    """
    if (not isinstance(hidden, (tuple, list)) or len(hidden) != 3
            or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= MAX_HIDDEN for x in hidden)):
        raise PolicyError(f"hidden must be three ints 1-{MAX_HIDDEN} (H1, H2, Z), got {hidden!r:.80}")
    h1, h2, z = hidden
    rng = np.random.default_rng(seed)
    d = OBS_SIZE + ACTION_SPACE_SIZE
    arrays = {"w1": rng.normal(0, np.sqrt(2 / 64), (d, h1)), "b1": np.zeros(h1), "w2": rng.normal(0, np.sqrt(2 / h1), (h1, h2)),
              "b2": np.zeros(h2), "wp": rng.normal(0, np.sqrt(1 / h2), (h2, ACTION_SPACE_SIZE)) * 0.1,
              "bp": np.zeros(ACTION_SPACE_SIZE), "wf": rng.normal(0, np.sqrt(2 / N_FEATURES), (N_FEATURES, z)),
              "wc": rng.normal(0, np.sqrt(2 / h2), (h2, z)) * 0.5, "bs": np.zeros(z),
              "ws": rng.normal(0, np.sqrt(1 / z), z), "wv": np.zeros(h2), "bv": np.zeros(1)}
    base = {"format": FORMAT, "format_version": FORMAT_VERSION, "encoding_version": ENCODING_VERSION,
            "features_version": FEATURES_VERSION, "hidden": [h1, h2, z], "rules": [], "command": "", "seed": int(seed),
            "commit": "", "notes": ""}
    return PolicyWeights({k: v.astype(np.float32) for k, v in arrays.items()}, {**base, **meta})
