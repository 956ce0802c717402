"""Type stub for ``wuhanmj.core.shanten``: shanten of regular hands (W1, W2, W6, D8)."""

import numpy as np
import numpy.typing as npt

from .shape import CountsLike, Pair

__all__: list[str]

def shanten(counts: CountsLike, wilds: int = 0, pair: Pair = "258", pungs_only: bool = False) -> int: ...
def shanten_batch(
    counts: npt.NDArray[np.integer],
    wilds: int | npt.NDArray[np.integer] = 0,
    pair: Pair = "258",
    pungs_only: bool = False,
) -> npt.NDArray[np.int8]: ...
