"""A learned policy: the weights file, the network's forward pass in numpy, and
:class:`PolicyAgent` (the native agent that plays it, ``"policy"`` in every ``--agents``).

The training (imitation of the expert bot, then optionally PPO against a pool of
opponents) is :mod:`wuhanmj.learn.train` (the ``train`` extra: jax and optax), run by
``wuhanmj train``.
Play needs numpy and the native engine only.
"""

from typing import TYPE_CHECKING, Any

from .forward import policy_actions, policy_forward, random_weights
from .weights import PolicyWeights, default_weights_path, load_weights, save_weights

if TYPE_CHECKING:
    from ..native.policy import PolicyAgent

__all__ = ["PolicyWeights", "load_weights", "save_weights", "default_weights_path", "policy_forward",
           "policy_actions", "random_weights", "PolicyAgent"]


def __getattr__(name: str) -> Any:
    """``PolicyAgent``, from the native engine, on first use.

    Raises:
        AttributeError: any other name.
    """
    if name == "PolicyAgent":
        from ..native.policy import PolicyAgent

        return PolicyAgent
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
