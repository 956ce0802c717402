"""Type stub for the Cython shape core ``wuhanmj._core`` (W1, W2, D8)."""

from collections.abc import Iterable, Sequence
from typing import Literal

import numpy as np
import numpy.typing as npt

Pair = Literal["258", "any"]
CountsLike = Sequence[int] | npt.NDArray[np.integer]

SUIT_PATTERNS: int  # number of 9-count suit patterns with counts 0-4 and total <= 14
HONOR_PATTERNS: int  # 5**7

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
    counts: npt.NDArray[np.uint8], pair: Pair = "258", pungs_only: bool = False
) -> npt.NDArray[np.int8]: ...
def is_complete_batch(
    counts: npt.NDArray[np.uint8],
    wilds: int | npt.NDArray[np.integer] = 0,
    pair: Pair = "258",
    pungs_only: bool = False,
) -> npt.NDArray[np.bool_]: ...
def waits_batch(
    counts: npt.NDArray[np.uint8],
    wilds: int | npt.NDArray[np.integer] = 0,
    pair: Pair = "258",
    pungs_only: bool = False,
) -> npt.NDArray[np.bool_]: ...
def suit_table() -> npt.NDArray[np.uint32]: ...
def honor_table() -> npt.NDArray[np.uint32]: ...
def suit_patterns() -> npt.NDArray[np.uint8]: ...

# ---- shanten (issue 5, _shanten.pxi) ----
ROUTE_NAMES: tuple[str, ...]  # xiaohu, pengpenghu, qingyise_m/_p/_s, jiangyise, fengyise

def shanten(counts: CountsLike, wilds: int = 0, pair: Pair = "258", pungs_only: bool = False) -> int: ...
def shanten_batch(
    counts: npt.NDArray[np.uint8],
    wilds: int | npt.NDArray[np.integer] = 0,
    pair: Pair = "258",
    pungs_only: bool = False,
) -> npt.NDArray[np.int8]: ...
def shanten_tables() -> dict[str, npt.NDArray[np.uint32]]: ...
def wuhan_routes(
    counts: CountsLike, laizi: int, pizi: Iterable[int] = (), routes: int = 0x7F
) -> tuple[int | None, ...]: ...
def wuhan_draws(
    counts: CountsLike, laizi: int, pizi: Iterable[int] = (), routes: int = 0x7F
) -> tuple[int, npt.NDArray[np.int8]]: ...
def wuhan_discards(
    counts: CountsLike, laizi: int, pizi: Iterable[int] = (), routes: int = 0x7F
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]: ...
def wuhan_best_discard(
    counts: CountsLike,
    laizi: int,
    pizi: Iterable[int] = (),
    routes: int = 0x7F,
    allowed: Iterable[int] | None = None,
    seen: CountsLike | None = None,
) -> tuple[int | None, int | None, int | None]: ...
