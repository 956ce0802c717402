"""Type stub for ``wuhanmj.native.deal``: the luck of a deal read from the wall alone."""

import numpy as np
import numpy.typing as npt

def deal_luck(walls: npt.ArrayLike, pizi: bool) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]: ...
