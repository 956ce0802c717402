"""Argument checks shared by the whole package: one reading of "a seat", "a tile", "tiles",
and "a count", each raising the error class its caller names (a rule set: :meth:`Rules.coerce`).

A numpy integer is read as the int it holds; a bool (Python's or numpy's), a float, a
string where a number is due, or None is refused — never rounded or truthy-cast. The
message always names the argument (``what``). ``operator.index`` alone is not enough:
numpy bools have ``__index__`` on numpy before 2.3 (``operator.index(np.True_) == 1``),
and ``np.True_ in (0, 1, 2, 3)`` is true on every version, so ``np.True_`` would pass
as seat 1.

>>> seat(2, "winner", ValueError), tile("5m", "win_tile", ValueError)
(2, 4)
"""

from __future__ import annotations

import operator
import os
from collections.abc import Iterable
from typing import Any, cast
from typing import SupportsIndex

import numpy as np

from .errors import TileError, WuhanMJError
from .tiles import parse_tile, parse_tiles

__all__ = ["index", "is_seat", "seat", "tile", "tiles", "count", "four", "distinct_files"]

_INT_ONLY = {int}


def index(x: object) -> int | None:
    """``x`` as a plain int when it is an integer (numpy integers too), else None
    (bools — Python's and numpy's — floats, strings, None and other values)."""
    if type(x) is int:
        return x
    if isinstance(x, (bool, np.bool_)):
        return None
    try:
        return operator.index(cast("SupportsIndex", x))  # duck-typed: no __index__ raises TypeError
    except TypeError:
        return None


def is_seat(x: object) -> bool:
    """``x`` is a seat: an integer 0–3 by :func:`index` (so never a bool)."""
    s = index(x)
    return s is not None and 0 <= s <= 3


def seat(x: object, what: str, error: type[WuhanMJError]) -> int:
    """A seat 0–3 (T, seats in turn order). Raises ``error`` naming ``what`` otherwise."""
    if type(x) is int and 0 <= x <= 3:
        return x
    s = index(x)
    if s is None or not 0 <= s <= 3:
        raise error(f"{what} must be a seat 0-3 (an int), got {x!r}")
    return s


def tile(x: object, what: str, error: type[WuhanMJError], *, notation: bool = True) -> int:
    """A tile index 0–33, or its notation (``"5m"``, T2) when ``notation``.
    Raises ``error`` naming ``what``."""
    if type(x) is int and 0 <= x < 34:
        return x
    if isinstance(x, str) and notation:
        try:
            return parse_tile(x)
        except TileError as e:
            raise error(f"{what}: {e}") from None
    t = index(x)
    if t is None or not 0 <= t < 34:
        form = "0-33 or like '5m'" if notation else "0-33"
        raise error(f"{what} must be a tile ({form}), got {x!r}")
    return t


def tiles(x: object, what: str, error: type[WuhanMJError]) -> list[int]:
    """Tiles as a list of indices from notation (``"234m55s"``) or a sequence of tile
    indices. Raises ``error`` naming ``what`` (a bad tile, not a sequence)."""
    if type(x) is list or type(x) is tuple:
        try:
            if set(map(type, x)) <= _INT_ONLY and (not x or (min(x) >= 0 and max(x) < 34)):
                return list(x)
        except TypeError:
            pass
    if isinstance(x, str):
        try:
            return parse_tiles(x)
        except TileError as e:
            raise error(f"{what}: {e}") from None
    if isinstance(x, bytes) or not isinstance(x, Iterable):
        raise error(f"{what} must be a str or a sequence of tile indices, got {x!r}")
    out = []
    for t in x:
        i = index(t)
        if i is None or not 0 <= i < 34:
            raise error(f"{what}: {t!r} is not a tile index 0-33")
        out.append(i)
    return out


def count(x: object, what: str, error: type[WuhanMJError], low: int = 0, high: int | None = None) -> int:
    """An integer ``low``–``high`` (no upper bound when ``high`` is None). Raises ``error``."""
    v = index(x)
    if v is None or v < low or (high is not None and v > high):
        bound = f"from {low} to {high}" if high is not None else f">= {low}"
        raise error(f"{what}: expected an integer {bound}, got {x!r}")
    return v


def four(x: object, what: str, error: type[WuhanMJError]) -> tuple:
    """Four values, one per seat, as a tuple from any iterable (never a str, bytes or a
    lone value). Raises ``error``: "{what}: four expected (one per seat), got …"."""
    if type(x) is tuple and len(x) == 4:
        return x
    if isinstance(x, (str, bytes)):
        raise error(f"{what}: four expected (one per seat), got {x!r}")
    try:
        out: tuple[Any, ...] = tuple(cast(Iterable[Any], x))
    except TypeError:
        raise error(f"{what}: four expected (one per seat), got {x!r}") from None
    if len(out) != 4:
        raise error(f"{what}: four expected (one per seat), got {len(out)}")
    return out


def distinct_files(files: Iterable[tuple[str, Any]], error: type[WuhanMJError]) -> None:
    """Refuse two of ``files`` — ``(what, path or None)`` pairs, inputs and outputs of one
    command — that name the same file (an output would overwrite an input or another
    output). None and ``"-"`` (stdin/stdout) are skipped; paths are compared resolved.

    Raises:
        error: ``"<what> and <what> name the same file '<path>'"``.
    """
    seen: dict[str, str] = {}
    for what, path in files:
        if path is None or path == "-" or not isinstance(path, (str, os.PathLike)):
            continue
        key = os.path.realpath(os.fspath(path))
        if key in seen:
            raise error(f"{seen[key]} and {what} name the same file {os.fspath(path)!r}")
        seen[key] = what
