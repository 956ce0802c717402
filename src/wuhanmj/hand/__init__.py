"""A hand and its melds: :class:`Meld`, :class:`SeatPlays`, the readings of a winning
hand, what a waiting hand wins on, and the analysis (shanten, effective tiles, discard
advice) (W1–W11, D8, D10).

The names load on first use (:func:`__getattr__`): importing one module of this package
does not import the others."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names

if TYPE_CHECKING:
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

_LAZY_FROM = {
    ".analysis": "ROUTES DiscardOption EffectiveTiles ShantenResult discard_advice effective_tiles wuhan_shanten",
    ".meld": "MELD_KINDS Meld SeatPlays",
}

__all__ = [
    "Meld", "SeatPlays", "MELD_KINDS",
    "ROUTES", "ShantenResult", "EffectiveTiles", "DiscardOption", "wuhan_shanten", "effective_tiles", "discard_advice",
]


__getattr__, __dir__ = lazy_names(__name__, _LAZY_FROM)
