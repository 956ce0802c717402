"""Simulation: the game loop between a :class:`~wuhanmj.game.Game` and four agents,
Monte Carlo :func:`simulate`, and its statistics."""

from .loop import PlayedHand, play_game, play_hand
from .results import HandOutcome, SimulationResult
from .simulate import DEFAULT_MATCH_HANDS, dask_executor, match_seeds, simulate

__all__ = [
    "simulate", "dask_executor", "match_seeds", "DEFAULT_MATCH_HANDS",
    "SimulationResult", "HandOutcome", "play_game", "play_hand", "PlayedHand",
]
