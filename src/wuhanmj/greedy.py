"""GreedyAgent (placeholder until hand analysis lands)."""
from __future__ import annotations


class GreedyAgent:
    name = "greedy"

    def reset(self, seed=None):
        pass

    def act(self, observation, legal_actions):
        raise NotImplementedError
