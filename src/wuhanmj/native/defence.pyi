"""Type stub for ``wuhanmj.native.defence``: what a discard may cost the seat."""

import numpy as np
import numpy.typing as npt

from ..game.observation import Observation
from .handapi import NativeHand

__all__ = ["DEFENCE_WEIGHTS", "discard_danger", "win_costs"]

DEFENCE_WEIGHTS: dict[str, float]

def win_costs(source: NativeHand | Observation, seat: int | None = None, *, hard_share: float = 0.4,
              qys_share: float = 0.6) -> npt.NDArray[np.float64]: ...
def discard_danger(source: NativeHand | Observation, seat: int | None = None, *, hard_share: float = 0.4,
                   qys_share: float = 0.6, feed: float = 0.0) -> npt.NDArray[np.float64]: ...
