"""Type stub for ``wuhanmj.native.agents``: the agents of the native engine (the built-in
bots, registered native agents of ``agent.pxd``'s ABI, Python agents in the native loop)."""

from collections.abc import Sequence
from typing import Any

import numpy.typing as npt

from ..game.observation import Observation
from ..rules import Rules
from .handapi import NativeHand

__all__ = ["greedy_choice", "play", "random_choice", "NativeAgent", "PyAgent", "plays_in_c", "AGENT_ABI", "AGENT_VIEW_SIZE",
           "AGENT_SIGNATURE", "AGENT_CAPSULE"]

AGENT_ABI: int
AGENT_VIEW_SIZE: int
AGENT_SIGNATURE: str
AGENT_CAPSULE: str

class NativeAgent:
    observes: bool
    legal_codes: bool
    @property
    def name(self) -> str: ...
    def __init__(self, capsule: Any) -> None: ...
    def reset(self, seed: int | None = None) -> None: ...
    def act(self, observation: Observation, legal_actions: Sequence[Any]) -> Any: ...
    def __copy__(self) -> NativeAgent: ...
    def __deepcopy__(self, memo: dict[int, Any]) -> NativeAgent: ...

class PyAgent:
    @property
    def agent(self) -> Any: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def label(self) -> str | None: ...
    @property
    def seat(self) -> int: ...
    @property
    def error(self) -> BaseException | None: ...
    def __init__(self, agent: Any, seat: int, label: str | None, rules: Rules) -> None: ...

def plays_in_c(agent: Any) -> bool: ...
def greedy_choice(hand: NativeHand, seat: int) -> int: ...
def random_choice(codes: Sequence[int], u: float) -> int: ...
def play(
    hand: NativeHand,
    agents: Sequence[Any] = ("random", "random", "random", "random"),
    seeds: Sequence[int] | None = None,
    uniforms: Sequence[npt.ArrayLike] | None = None,
    labels: Sequence[str] | None = None,
) -> int: ...
