"""The verdict on one win: :class:`WinResult` (W, S, X, L), the :class:`Refusal` of a win
that cannot be declared, and the refused results."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import _display
from ..errors import RenderError, WinInputError
from ..rules import Rules
from ..tiles import HONGZHONG, format_tile
from .settlement import Amount, Settlement

__all__ = ["WinResult", "Refusal", "REFUSAL_RULES", "FanItems", "refused"]

FanItems = tuple[tuple[str, int], ...]
"""A seat's fan items ``((name, fan), ...)``, names from :data:`wuhanmj.terms.FAN_ITEMS`."""

REFUSAL_RULES = ("W1/W2", "W4", "W5", "W8", "W11")
"""The rules that refuse a win, as :attr:`Refusal.rule` names them. The native scoring's
``R_*`` codes (``native/defs.pxd``) are their positions + 1 (``R_LEGAL = 0``)."""

_FACTS = {"W1/W2": (), "W4": (), "W5": ("tile",), "W8": ("laizi",), "W11": ("seat", "fan", "min_fan")}
_FIELDS = ("tile", "laizi", "seat", "fan", "min_fan")


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a win cannot be declared: the rule that refuses it and the facts its message
    names. Immutable; both scorings (:func:`wuhanmj.scoring.evaluate_win` and the native
    ``evaluate_win_c``) give equal values for the same win, and :attr:`message` is made
    from the fields (nothing reads a message back).

    Fields (a fact a rule does not name is None):
        rule: one of :data:`REFUSAL_RULES`: ``"W1/W2"`` no winning shape, ``"W4"`` never
            opened, ``"W5"`` holds 红中 or a 痞子, ``"W8"`` two or more 癞子 forbid a small
            hu, ``"W11"`` a loser below the 起胡 minimum.
        tile: W5: the tile held (tile index 0–33; 33 is 红中, else the first 痞子 held in
            tile order).
        laizi: W8: how many 癞子 the 14 tiles hold (2–4).
        seat: W11: the first loser (seat order, 0–3) whose fan is below the minimum.
        fan: W11: that loser's ``U_i`` (S5) [fan].
        min_fan: W11: ``rules.min_fan`` [fan].

    Raises:
        WinInputError: an unknown rule, a fact missing that the rule names, or one given
            that it does not.
    """

    rule: str
    tile: int | None = None
    laizi: int | None = None
    seat: int | None = None
    fan: int | None = None
    min_fan: int | None = None

    def __post_init__(self) -> None:
        need = _FACTS.get(self.rule)
        if need is None:
            raise WinInputError(f"Refusal: rule must be one of {', '.join(REFUSAL_RULES)}, got {self.rule!r}")
        for name in _FIELDS:
            if (getattr(self, name) is None) == (name in need):
                raise WinInputError(f"Refusal: {name} is {'needed' if name in need else 'not named'} by {self.rule}")

    @property
    def message(self) -> str:
        """The rule id and what it refuses, e.g. ``"W8: 2 癞子 in the hand forbid a small hu"``."""
        r = self.rule
        if r == "W4":
            return "W4: never opened (no chi, peng or chong_gang)"
        if r == "W5":
            assert self.tile is not None  # __post_init__
            what = "红中" if self.tile == HONGZHONG else "痞子"
            return f"W5: holds {what} {format_tile(self.tile)}"
        if r == "W8":
            return f"W8: {self.laizi} 癞子 in the hand forbid a small hu"
        if r == "W11":
            return f"W11: seat {self.seat} has {self.fan} fan, below the 起胡 minimum {self.min_fan}"
        return "W1/W2: no winning shape (one 2/5/8 pair and four sets, or a big hu shape)"


@dataclass(frozen=True, slots=True)
class WinResult:
    """The verdict on one win (W, S, X, L). Immutable.

    Fields:
        legal: the win can be declared.
        refusal: when not legal, the :class:`Refusal` (the rule and the facts it names);
            else None. :attr:`reason` is its message.
        hard: 硬胡 (W9) — the chosen reading takes every 癞子 as itself.
        big: sorted big hu names (W6; see :data:`wuhanmj.hand.bighu.BIG_HU`), ``()`` for a small hu.
        fan: per seat, the fan items ``((name, fan), ...)`` (:data:`FAN_ITEMS`):
            the winner's S1 + S2 items, each loser's S1 + S3 items; ``()`` when
            the win was refused before any fan was counted (W1–W8).
        payments: 4 amounts [points or money], seat order, winner positive, sum 0.
        liable: the seat paying for all (L1–L4), or None.
        liable_rule: ``"L1"``, ``"L2"``, ``"L3"`` or None.
        co_liable: seats paying as much as the liable seat on top (陪包, L5), sorted.
        winner, how: as given.
        wilds: 癞子 read as wildcards in the chosen reading (0 when hard).
        big_fan: the big-hu fan of S4 (0 for a small hu).
        winner_fan: ``F_winner`` [fan].
        loser_fan: each loser's ``U_i`` of S5 [fan] (None for the winner); for an
            illegal win only when it was refused for 起胡 (W11), else all None.
        settlement: the :class:`~wuhanmj.scoring.settlement.Settlement` (caps, 金顶, 闭, X4), or None.
        rules: the rule set used.
    """

    legal: bool
    refusal: Refusal | None
    hard: bool
    big: tuple[str, ...]
    fan: tuple[FanItems, ...]
    payments: tuple[Amount, Amount, Amount, Amount]
    liable: int | None
    liable_rule: str | None
    co_liable: tuple[int, ...]
    winner: int
    how: str
    wilds: int
    big_fan: int
    winner_fan: int
    loser_fan: tuple[int | None, ...]
    settlement: Settlement | None
    rules: Rules

    @property
    def reason(self) -> str | None:
        """When not legal, why: :attr:`refusal`'s message, starting with the rule id
        (``"W4: never opened (no chi, peng or chong_gang)"``); else None."""
        return None if self.refusal is None else self.refusal.message

    def to_expect(self) -> dict:
        """The ``expect`` object of the cases schema (cases/README.md); an illegal win
        also gives its ``reason``, the rule id and message (``"W5: holds 红中 7z"``)."""
        if not self.legal:
            return {"legal": False, "reason": self.reason}
        return {
            "legal": True,
            "hard": self.hard,
            "big": list(self.big),
            "payments": list(self.payments),
            "liable": self.liable,
        }

    def explain(self, format: str = "text", **drawing: Any) -> str:
        """A readable scoring sheet (fan items, each loser's fan and amount, caps, 金顶,
        闭, X4 and liability), Chinese terms with pinyin (:func:`wuhanmj.scoring.explain.explain_win`).

        Args:
            format: ``"text"`` (lines of plain text) or ``"html"``: an HTML fragment with the
                same lines, a payments table and the hand drawn beside them
                (:func:`wuhanmj.render.sheet_html`).
            drawing: for ``"html"`` only, what to draw (a WinResult does not keep the hand):
                ``hand`` (the winner's concealed tiles with the tile won on), ``melds``,
                ``win_tile``, ``indicator``, ``pizi``, ``plays``, ``names``.

        Raises:
            RenderError: an unknown format, or drawing options with ``"text"``.
        """
        if format == "text":
            if drawing:
                raise RenderError(f"explain: {', '.join(sorted(drawing))} only go with format='html'")
            from .explain import (
                explain_win,  # the sheet reads a WinResult: imported when asked
            )

            return explain_win(self)
        if format == "html":
            html = _display.show(self, "explain_html", **drawing)
            if html is None:  # pragma: no cover - wuhanmj/__init__ imports wuhanmj.render
                raise RenderError("explain: no HTML renderer registered (import wuhanmj.render)")
            return html
        raise RenderError(f"explain: format must be 'text' or 'html', got {format!r}")

    def _repr_html_(self) -> str | None:
        """The scoring sheet as HTML (notebooks); :meth:`explain` with ``format="html"`` draws the hand too."""
        return _display.show(self, "html")


def refused(refusal: Refusal, winner: int, how: str, rules: Rules, *, fan: tuple[FanItems, ...] = (),
            big: tuple[str, ...] = (), hard: bool = False, wilds: int = 0, big_fan: int = 0,
            winner_fan: int = 0, loser_fan: tuple[int | None, ...] = (None, None, None, None)) -> WinResult:
    """A win that cannot be declared for ``refusal``: ``legal=False``, nobody pays. A win
    refused for 起胡 (W11) keeps the fan that refused it."""
    return WinResult(
        legal=False,
        refusal=refusal,
        hard=hard,
        big=big,
        fan=fan,
        payments=(0, 0, 0, 0),
        liable=None,
        liable_rule=None,
        co_liable=(),
        winner=winner,
        how=how,
        wilds=wilds,
        big_fan=big_fan,
        winner_fan=winner_fan,
        loser_fan=loser_fan,
        settlement=None,
        rules=rules,
    )
