"""Type stub for ``wuhanmj.native.scoreapi``: the Python entries of the native scoring of
one win."""

from collections.abc import Iterable, Sequence
from typing import Any

from ..hand.meld import Meld
from ..rules import Rules
from ..scoring.result import WinResult

__all__: list[str]

WIN_IN_SIZE: int
WIN_OUT_SIZE: int

def evaluate_win_native(**kwargs: Any) -> dict[str, Any]: ...
def win_result_fields(result: WinResult) -> dict[str, Any]: ...
def pack_win(**kwargs: Any) -> bytes: ...
def is_ready_native(
    hand13: str | Sequence[int],
    indicator: int | str,
    rules: Rules | str | None = None,
    melds: Iterable[Meld] | None = None,
) -> bool: ...
def holds_non_jiang_native(hand: str | Sequence[int]) -> bool: ...
