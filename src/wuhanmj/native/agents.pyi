"""Type stub for ``wuhanmj.native.agents``: the native bots (issue 11, point 3)."""

from collections.abc import Sequence

import numpy.typing as npt

from .handapi import NativeHand

__all__ = ["greedy_choice", "play", "random_choice"]

def greedy_choice(hand: NativeHand, seat: int) -> int: ...
def random_choice(codes: Sequence[int], u: float) -> int: ...
def play(
    hand: NativeHand,
    agents: Sequence[str] = ("random", "random", "random", "random"),
    seeds: Sequence[int] | None = None,
    uniforms: Sequence[npt.ArrayLike] | None = None,
) -> int: ...
