"""Scoring a finished hand: :func:`evaluate_win` → :class:`WinResult` (W, S, X, L), the
settlement arithmetic, the scoring sheet and the JSON cases.

The names load on first use (:func:`__getattr__`): importing one module of this package
does not import the others."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names

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

__all__ = [
    "evaluate_win", "WinResult", "Refusal", "personal_fan", "winning_tiles", "is_ready", "holds_non_jiang",
    "Settlement", "settle", "escape_payments", "draw_payments", "points_base",
    "case_kwargs", "evaluate_case", "score_case",
]


__getattr__, __dir__ = lazy_names(__name__, _LAZY_FROM)
