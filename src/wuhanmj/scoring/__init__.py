"""Scoring a finished hand: :func:`evaluate_win` → :class:`WinResult` (W, S, X, L), the
settlement arithmetic, the scoring sheet and the JSON cases.

The names load on first use (:func:`__getattr__`): importing one module of this package
does not import the others."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..hand.waits import holds_non_jiang, is_ready, winning_tiles
    from .cases import case_kwargs, evaluate_case, score_case
    from .evaluate import evaluate_win
    from .fan import personal_fan
    from .result import Refusal, WinResult
    from .settlement import Settlement, draw_payments, escape_payments, points_base, settle

_LAZY_FROM = {
    "..hand.waits": "holds_non_jiang is_ready winning_tiles",
    ".cases": "case_kwargs evaluate_case score_case",
    ".evaluate": "evaluate_win",
    ".fan": "personal_fan",
    ".result": "Refusal WinResult",
    ".settlement": "Settlement draw_payments escape_payments points_base settle",
}
_LAZY = {name: module for module, names in _LAZY_FROM.items() for name in names.split()}

__all__ = [
    "evaluate_win", "WinResult", "Refusal", "personal_fan", "winning_tiles", "is_ready", "holds_non_jiang",
    "Settlement", "settle", "escape_payments", "draw_payments", "points_base",
    "case_kwargs", "evaluate_case", "score_case",
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
