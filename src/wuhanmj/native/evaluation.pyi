"""Type stub for ``wuhanmj.native.evaluation``: the expert's value of a seat's options."""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .handapi import NativeHand

__all__ = ["CALIBRATED", "EVALUATION_PARAMETERS", "OPTION_FIELDS", "evaluate_options"]

OPTION_FIELDS: tuple[str, str, str]
EVALUATION_PARAMETERS: dict[str, int | float | None]
CALIBRATED: dict[str, dict[str, float]]

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
