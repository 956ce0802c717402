"""Agents: the protocol a player implements, the registry of built-in bots by name, and
the bots themselves (:class:`RandomAgent`, :class:`GreedyAgent`).

:class:`GreedyAgent` (:mod:`wuhanmj.agents.greedy`) is imported on first use: a run of
random agents never loads the greedy bot."""

from typing import TYPE_CHECKING, Any

from .base import (
    AGENTS,
    Agent,
    AgentFn,
    RandomAgent,
    agent_act,
    agent_name,
    make_agent,
    reset_agent,
)

if TYPE_CHECKING:
    from .greedy import GreedyAgent

__all__ = ["Agent", "AgentFn", "RandomAgent", "GreedyAgent", "AGENTS", "make_agent", "agent_name", "agent_act", "reset_agent"]


def __getattr__(name: str) -> Any:
    """``GreedyAgent``, imported on first use.

    Raises:
        AttributeError: any other name.
    """
    if name == "GreedyAgent":
        from .greedy import GreedyAgent

        return GreedyAgent
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
