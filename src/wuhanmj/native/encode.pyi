"""Type stub for ``wuhanmj.native.encode``: the native version-1 observation encoder."""

import numpy as np
import numpy.typing as npt

from ..game.observation import Observation

__all__ = ["encode_native", "ENCODING_VERSION"]

ENCODING_VERSION: int

def encode_native(observation: Observation) -> npt.NDArray[np.int8]: ...
