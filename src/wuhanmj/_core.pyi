"""Type stub for ``wuhanmj._core``: the shape core's Python-level calls (W1, W2, W6, D8)."""

from collections.abc import Iterable, Sequence
from typing import Literal

import numpy as np
import numpy.typing as npt

Pair = Literal["258", "any"]
CountsLike = Sequence[int] | npt.NDArray[np.integer]

__all__: list[str]

def min_wilds(
    counts: CountsLike, pair: Pair = "258", pungs_only: bool = False, forbid: Iterable[int] | None = None
) -> int: ...
def is_complete(
    counts: CountsLike,
    wilds: int = 0,
    pair: Pair = "258",
    pungs_only: bool = False,
    forbid: Iterable[int] | None = None,
) -> bool: ...
def waits(
    counts: CountsLike,
    wilds: int = 0,
    pair: Pair = "258",
    pungs_only: bool = False,
    forbid: Iterable[int] | None = None,
) -> list[int]: ...
def min_wilds_batch(
    counts: npt.NDArray[np.integer], pair: Pair = "258", pungs_only: bool = False
) -> npt.NDArray[np.int8]: ...
def is_complete_batch(
    counts: npt.NDArray[np.integer],
    wilds: int | npt.NDArray[np.integer] = 0,
    pair: Pair = "258",
    pungs_only: bool = False,
) -> npt.NDArray[np.bool_]: ...
def waits_batch(
    counts: npt.NDArray[np.integer],
    wilds: int | npt.NDArray[np.integer] = 0,
    pair: Pair = "258",
    pungs_only: bool = False,
) -> npt.NDArray[np.bool_]: ...
def shanten(counts: CountsLike, wilds: int = 0, pair: Pair = "258", pungs_only: bool = False) -> int: ...
def shanten_batch(
    counts: npt.NDArray[np.integer],
    wilds: int | npt.NDArray[np.integer] = 0,
    pair: Pair = "258",
    pungs_only: bool = False,
) -> npt.NDArray[np.int8]: ...
