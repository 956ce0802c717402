"""The former name of :mod:`wuhanmj.running.native`, kept so that ``import wuhanmj.sim.native`` goes on working:
importing it gives that very module (its functions, classes and private names alike)."""

import sys
from typing import TYPE_CHECKING

from ..running.native import __name__ as _target

if TYPE_CHECKING:
    from ..running.native import *  # noqa: F403

sys.modules[__name__] = sys.modules[_target]
