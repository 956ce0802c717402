"""Type stub for ``wuhanmj.core.routes``: the Wuhan routes (W1-W3, W6-W8, D8, R3)."""

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from .._core import CountsLike

__all__: list[str]

ROUTE_NAMES: tuple[str, ...]  # xiaohu, pengpenghu, qingyise_m/_p/_s, jiangyise, fengyise

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
