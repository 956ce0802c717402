"""wuhanmj: Wuhan Mahjong (武汉麻将, 红中癞子杠) — shape core, scoring, game engine, simulation."""
from .errors import *  # noqa: F401,F403
from .tiles import *  # noqa: F401,F403
from ._core import (  # noqa: F401
    is_complete,
    is_complete_batch,
    min_wilds,
    min_wilds_batch,
    waits,
    waits_batch,
)

__version__ = "0.1.0"
