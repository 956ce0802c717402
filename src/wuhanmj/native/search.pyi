"""Type stub for ``wuhanmj.native.search``: determinizations and rollouts for search bots."""

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from .handapi import NativeHand

__all__ = ["determinize", "evaluate_actions", "SearchView", "search_view", "policy_capsule",
           "POLICIES", "MAX_TRIES"]

POLICIES: tuple[str, ...]
MAX_TRIES: int
CAPSULE_NAME: str

def determinize(hand: NativeHand, seat: int, seed: int = 0) -> NativeHand: ...
def evaluate_actions(
    hand: NativeHand,
    seat: int,
    codes: Iterable[int],
    n: int,
    seed: int = 0,
    policy: Any = "greedy",
    threads: int = 1,
    determinize: bool = True,
) -> npt.NDArray[np.float64]: ...
def policy_capsule(name: str = "greedy") -> tuple[Any, Any]: ...

class SearchView:
    def __init__(self, hand: NativeHand, seat: int) -> None: ...
    @property
    def seat(self) -> int: ...
    def determinize(self, seed: int = 0) -> NativeHand: ...
    def evaluate_actions(
        self, codes: Iterable[int], n: int, seed: int = 0, policy: Any = "greedy", threads: int = 1
    ) -> npt.NDArray[np.float64]: ...
    def close(self) -> None: ...

def search_view(source: Callable[[], NativeHand], seat: int) -> SearchView: ...
