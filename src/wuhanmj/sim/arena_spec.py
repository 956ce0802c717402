"""The former name of :mod:`wuhanmj.running.arena_spec`, kept so that ``import wuhanmj.sim.arena_spec`` goes on working:
importing it gives that very module (its functions, classes and private names alike)."""

import sys
from typing import TYPE_CHECKING

from ..running.arena_spec import __name__ as _target

if TYPE_CHECKING:
    from ..running.arena_spec import *  # noqa: F403

sys.modules[__name__] = sys.modules[_target]
