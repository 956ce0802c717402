"""A hand and its melds: :class:`Meld`, :class:`SeatPlays`, the readings of a winning
hand, what a waiting hand wins on, and the analysis (shanten, effective tiles, discard
advice) (W1–W11, D8, D10).

The names load on first use (:func:`__getattr__`): importing one module of this package
does not import the others."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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
_LAZY = {name: module for module, names in _LAZY_FROM.items() for name in names.split()}

__all__ = [
    "Meld", "SeatPlays", "MELD_KINDS",
    "ROUTES", "ShantenResult", "EffectiveTiles", "DiscardOption", "wuhan_shanten", "effective_tiles", "discard_advice",
]


def __getattr__(name: str) -> Any:
    """A public name of the package, imported from its module on first use.

    Raises:
        AttributeError: not a name of the package.
    """
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
