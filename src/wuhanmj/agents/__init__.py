"""Agents: the protocol a player implements, the registry of built-in bots by name, and
the bots themselves (:class:`RandomAgent`, :class:`GreedyAgent`)."""

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
from .greedy import GreedyAgent

__all__ = ["Agent", "AgentFn", "RandomAgent", "GreedyAgent", "AGENTS", "make_agent", "agent_name", "agent_act", "reset_agent"]
