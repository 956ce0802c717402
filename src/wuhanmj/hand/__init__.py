"""A hand and its melds: :class:`Meld`, :class:`SeatPlays`, the readings of a winning
hand, what a waiting hand wins on, and the analysis (shanten, effective tiles, discard
advice) (W1–W11, D8, D10)."""

from .analysis import (
    ROUTES,
    DiscardOption,
    EffectiveTiles,
    ShantenResult,
    discard_advice,
    effective_tiles,
    wuhan_shanten,
)
from .meld import MELD_KINDS, Meld, SeatPlays

__all__ = [
    "Meld", "SeatPlays", "MELD_KINDS",
    "ROUTES", "ShantenResult", "EffectiveTiles", "DiscardOption", "wuhan_shanten", "effective_tiles", "discard_advice",
]
