"""Type stub for ``wuhanmj.native.lookahead``: the learned policy's look-ahead features."""

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from ..game.observation import Observation

__all__ = ["lookahead", "LOOKAHEAD_FEATURES", "LOOKAHEAD_VERSION", "N_LOOKAHEAD"]

LOOKAHEAD_VERSION: int
N_LOOKAHEAD: int
LOOKAHEAD_FEATURES: tuple[str, ...]

def lookahead(observation: Observation, legal_actions: Iterable[Any]) -> npt.NDArray[np.int8]: ...
