"""The former name of :mod:`wuhanmj.files.native_records`, kept so that ``import wuhanmj.sim.native_records`` goes on working:
importing it gives that very module (its functions, classes and private names alike)."""

import sys
from typing import TYPE_CHECKING

from ..files.native_records import __name__ as _target

if TYPE_CHECKING:
    from ..files.native_records import *  # noqa: F403

sys.modules[__name__] = sys.modules[_target]
