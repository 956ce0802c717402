"""The former name of :mod:`wuhanmj.files.recordio`, kept so that ``import wuhanmj.sim.recordio`` goes on working:
importing it gives that very module (its functions, classes and private names alike)."""

import sys
from typing import TYPE_CHECKING

from ..files.recordio import __name__ as _target

if TYPE_CHECKING:
    from ..files.recordio import *  # noqa: F403

sys.modules[__name__] = sys.modules[_target]
