"""Reading data a user gave (JSON text, or the dicts and lists parsed from it) safely:
one place for the checks every reader needs.

``json.loads`` (and ``tomllib``) raise ``RecursionError`` on deeply nested input
(``"[" * 100000``), and a deeply nested value that did parse breaks later at any
recursive step (``repr`` in an error message, a comparison). No file of wuhanmj nests
deeper than a few levels, so every reader refuses more than :data:`MAX_DEPTH` with
the error of its own module (CaseError, ReplayError, RulesError, SetupError,
StatsError …) and a one-line message naming what was read.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Mapping
from typing import Any

__all__ = ["MAX_DEPTH", "TOO_MANY_DIGITS", "check_depth", "load_json"]

MAX_DEPTH = 64
"""Most levels of nested lists and objects accepted in user data (wuhanmj's own
files nest at most about 6: a saved game's claim options, a records line's events)."""

TOO_MANY_DIGITS = f"a number with too many digits (more than {sys.get_int_max_str_digits()})"
"""The message's tail for an integer Python will not read (its int-string limit)."""


def check_depth(data: Any, error: type[Exception], what: str, max_depth: int = MAX_DEPTH) -> None:
    """Raise ``error`` when ``data`` nests lists, tuples or dicts more than ``max_depth`` deep.

    Iterative (no recursion), so it is safe on any depth; a list that holds itself is
    refused as too deep.

    Args:
        data: the value to check (anything; scalars have depth 0).
        error: the exception class to raise (a WuhanMJError subclass).
        what: what was read, for the message (``"cases.json"``, ``"saved game"``).
        max_depth: the most levels accepted.

    Raises:
        error: ``"{what}: nested deeper than {max_depth} levels of lists/objects"``.
    """
    stack = [(data, 0)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, (list, tuple)):
            items: Any = x
        elif isinstance(x, Mapping):
            items = x.values()
        else:
            continue
        depth += 1
        if depth > max_depth:
            raise error(f"{what}: nested deeper than {max_depth} levels of lists/objects")
        for v in items:
            if isinstance(v, (dict, list, tuple)) or isinstance(v, Mapping):
                stack.append((v, depth))


def load_json(text: str | bytes, error: type[Exception], what: str) -> Any:
    """``json.loads(text)``, its failures raised as ``error`` with one line naming ``what``.

    Args:
        text: the JSON text (str, or UTF-8 bytes).
        error: the exception class to raise (a WuhanMJError subclass).
        what: what is read, for the message (a path, ``"path, line 3"``, ``"result"``).

    Returns:
        the parsed value, nested at most :data:`MAX_DEPTH` levels.

    Raises:
        error: ``"{what}: not JSON: {reason} at line L column C"``, or nested deeper
            than :data:`MAX_DEPTH` levels (which ``json`` alone reports as a RecursionError),
            or ``"{what}: a number with too many digits …"`` (an integer longer than Python's
            int-string limit, 4300 digits, which ``json`` alone reports as a ValueError).
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise error(f"{what}: not JSON: {err.msg} at line {err.lineno} column {err.colno}") from None
    except RecursionError:
        raise error(f"{what}: nested deeper than {MAX_DEPTH} levels of lists/objects") from None
    except (UnicodeDecodeError, TypeError) as err:
        raise error(f"{what}: not JSON text: {err}") from None
    except ValueError:  # int() refusing a number of more digits than sys.get_int_max_str_digits()
        raise error(f"{what}: {TOO_MANY_DIGITS}") from None
    check_depth(data, error, what)
    return data


def nan_to_none(x: Any) -> Any:
    """``x`` with every non-finite float (NaN, ±inf) replaced by None, in dicts, lists and
    tuples at any depth, so that ``json.dumps`` writes standard JSON (``null``)."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: nan_to_none(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [nan_to_none(v) for v in x]
    return x
