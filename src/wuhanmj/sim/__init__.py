"""Simulation, the public face: Monte Carlo :func:`simulate` (:mod:`wuhanmj.sim.simulate`)
and the arena (:mod:`wuhanmj.sim.arena`), built on :mod:`wuhanmj.running` (the batches and
the one loop that runs them), :mod:`wuhanmj.stats` (their statistics) and
:mod:`wuhanmj.files` (records and reports).

The former module names ``wuhanmj.sim.records``, ``.recordio``, ``.native``, ``.stats``
and the others that moved still import: each is the moved module itself.

The names load on first use (:func:`__getattr__`): importing one module of this package
does not import the others (but :mod:`wuhanmj.sim.simulate`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names

if TYPE_CHECKING:
    from ..running.loop import PlayedHand, play_game, play_hand
    from ..stats.results import HandOutcome, SimulationResult

# simulate is imported at once: the submodule wuhanmj.sim.simulate has the function's name,
# and the package attribute must stay the function
from .simulate import DEFAULT_MATCH_HANDS, dask_executor, match_seeds, simulate

_LAZY_FROM = {
    "..running.loop": "PlayedHand play_game play_hand",
    "..stats.results": "HandOutcome SimulationResult",
}

__all__ = [
    "simulate", "dask_executor", "match_seeds", "DEFAULT_MATCH_HANDS",
    "SimulationResult", "HandOutcome", "play_game", "play_hand", "PlayedHand",
]


__getattr__, __dir__ = lazy_names(__name__, _LAZY_FROM)
