"""Type stub for ``wuhanmj.native.infer``: what a seat reads of the others' hands."""

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..game.observation import Observation
from .handapi import NativeHand

__all__ = ["FEATURES", "READING_WEIGHTS", "Reading", "reading", "reading_features"]

FEATURES: tuple[str, ...]
READING_WEIGHTS: dict[str, dict[str, tuple[float, ...]]]

class Reading(NamedTuple):
    hit: npt.NDArray[np.float64]
    held: npt.NDArray[np.float64]

def reading(source: NativeHand | Observation, seat: int | None = None) -> Reading: ...
def reading_features(source: NativeHand | Observation, seat: int | None = None) -> npt.NDArray[np.float64]: ...
