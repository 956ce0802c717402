"""Type stub for ``wuhanmj.native.policy``: the learned policy, a native agent."""

import os
from typing import Any

import numpy as np
import numpy.typing as npt

from ..policy.weights import PolicyWeights
from .agents import NativeAgent

__all__ = ["PolicyAgent", "native_forward"]

class PolicyAgent(NativeAgent):
    weights: PolicyWeights
    def __init__(self, weights: PolicyWeights | str | os.PathLike[str] | None = None) -> None: ...

def native_forward(weights: PolicyWeights, obs: npt.NDArray[np.int8],
                   masks: npt.NDArray[Any],
                   features: npt.NDArray[np.int8]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]: ...
