"""Type stub for ``wuhanmj.native.batch``: matches played natively, results as arrays."""

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

__all__: list[str]

AGENT_KINDS: dict[str, int]
HAND_FIELDS: tuple[tuple[str, type, int], ...]

def run_matches(
    rules: Any,
    agent_kinds: Sequence[Any],
    root_seed: int,
    first_match: int,
    stop_match: int,
    match_hands: int,
    hands: int,
    record: bool = False,
    dealers: npt.ArrayLike | None = None,
    prev_laizi: npt.ArrayLike | None = None,
    agent_seeds: npt.ArrayLike | None = None,
    labels: Sequence[str] | None = None,
) -> dict[str, npt.NDArray[Any]]: ...
