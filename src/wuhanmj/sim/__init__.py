"""Simulation, the public face: Monte Carlo :func:`simulate` (:mod:`wuhanmj.sim.simulate`)
and the arena (:mod:`wuhanmj.sim.arena`), built on :mod:`wuhanmj.running` (the batches and
the one loop that runs them), :mod:`wuhanmj.stats` (their statistics) and
:mod:`wuhanmj.files` (records and reports).

The former module names ``wuhanmj.sim.records``, ``.recordio``, ``.native``, ``.stats``
and the others that moved still import: each is the moved module itself.
"""

from ..running.loop import PlayedHand, play_game, play_hand
from ..stats.results import HandOutcome, SimulationResult
from .simulate import DEFAULT_MATCH_HANDS, dask_executor, match_seeds, simulate

__all__ = [
    "simulate", "dask_executor", "match_seeds", "DEFAULT_MATCH_HANDS",
    "SimulationResult", "HandOutcome", "play_game", "play_hand", "PlayedHand",
]
