"""The former name of :mod:`wuhanmj.files.report`, kept so that ``import wuhanmj.sim.report`` goes on working:
importing it gives that very module (its functions, classes and private names alike)."""

import sys
from typing import TYPE_CHECKING

from ..files.report import __name__ as _target

if TYPE_CHECKING:
    from ..files.report import *  # noqa: F403

sys.modules[__name__] = sys.modules[_target]
