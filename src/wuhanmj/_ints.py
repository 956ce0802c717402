"""Integers given by a user (seats, tiles, action codes, seeds): ``int`` and numpy
integers, never a bool.

``operator.index`` alone is not enough: numpy bools have ``__index__`` on numpy
versions before 2.3 (numpy 2.2: ``operator.index(np.True_) == 1``, with only a
DeprecationWarning), and ``np.True_ in (0, 1, 2, 3)`` is true on every version, so
``np.True_`` would be read as seat 1. Every integer check of wuhanmj goes through
:func:`as_index`, which refuses Python and numpy bools alike.
"""

from __future__ import annotations

import operator

import numpy as np

__all__ = ["as_index", "is_seat"]

_BOOLS = (bool, np.bool_)


def as_index(x: object) -> int | None:
    """``x`` as a plain int when it is an integer (``int``, a numpy integer, anything
    with ``__index__``), else None: for Python and numpy bools, floats (3.0 too), str
    and everything else. Never raises."""
    if type(x) is int:
        return x
    if isinstance(x, _BOOLS):
        return None
    try:
        return operator.index(x)  # type: ignore[arg-type]
    except TypeError:
        return None


def is_seat(x: object) -> bool:
    """``x`` is a seat: an integer 0–3 by :func:`as_index` (so never a bool)."""
    s = as_index(x)
    return s is not None and 0 <= s <= 3
