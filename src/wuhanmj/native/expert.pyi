"""Type stub for ``wuhanmj.native.expert``: the expert bot, a native agent, and its evaluation."""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .agents import NativeAgent
from .handapi import NativeHand

__all__ = ["ExpertAgent", "EXPERT_PARAMETERS", "CALIBRATED", "EVALUATION_PARAMETERS", "OPTION_FIELDS", "evaluate_options"]

EXPERT_PARAMETERS: dict[str, bool | int | float]
MAX_SAMPLES: int
OPTION_FIELDS: tuple[str, str, str]
EVALUATION_PARAMETERS: dict[str, int | float | None]
CALIBRATED: dict[str, dict[str, float]]

class ExpertAgent(NativeAgent):
    def __init__(self, **params: bool | int | float) -> None: ...
    @property
    def params(self) -> dict[str, bool | int | float]: ...

def evaluate_options(
    hand: NativeHand,
    seat: int,
    codes: Sequence[int] | None = None,
    *,
    samples: int = 256,
    seed: int = 0,
    hazard: float | None = None,
    loss_scale: float | None = None,
    ready_per_opening: float = 0.15,
    wait_share: float = 0.06,
    suit_wait_share: float = 0.25,
) -> npt.NDArray[np.float64]: ...
