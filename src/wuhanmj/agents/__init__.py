"""Agents: the protocol a player implements, the registry of built-in bots by name, and
the bots themselves (:class:`RandomAgent`, :class:`GreedyAgent`), and
:class:`~wuhanmj.agents.process.ProcessAgent`, a bot in any language over the line
protocol of docs/PROTOCOL.md.

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
    from .process import ProcessAgent

__all__ = ["Agent", "AgentFn", "RandomAgent", "GreedyAgent", "ProcessAgent", "AGENTS", "make_agent", "agent_name",
           "agent_act", "reset_agent"]


def __getattr__(name: str) -> Any:
    """``GreedyAgent`` and ``ProcessAgent``, imported on first use.

    Raises:
        AttributeError: any other name.
    """
    if name == "GreedyAgent":
        from .greedy import GreedyAgent

        return GreedyAgent
    if name == "ProcessAgent":
        from .process import ProcessAgent

        return ProcessAgent
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
