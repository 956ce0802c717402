"""wuhanmj: Wuhan Mahjong (武汉麻将, 红中癞子杠) — shape core, scoring, game engine, simulation.

The public API, re-exported from the modules that own it. The file tree shows the flow:
``tiles``, ``rules``, ``errors``, ``terms`` → ``core`` (Cython kernels, cimportable:
:func:`get_include`) → ``hand`` (melds, the big-hu catalogue, readings, analysis) →
``scoring`` → ``game`` (state, moves, the game loop, match) → ``agents`` → ``stats``
(the statistics of hands), ``files`` (records, reports) and ``running`` (the batch loop)
→ ``sim`` (simulate and the arena) → ``cli``:

* tiles (T, R): ``parse_tiles``, ``format_tiles``, ``tile_counts``, ``laizi_of``, ``pizi_of`` …
* shape core (W1, W2, D8): ``is_complete``, ``min_wilds``, ``waits``, ``shanten`` and batch forms
* rules (§10): ``Rules``; melds: ``Meld``, ``SeatPlays``
* scoring (W, S, X, L): ``evaluate_win``, ``WinResult``, ``winning_tiles``, ``is_ready``
* game (G, P, M): ``Game``, ``Match``, the actions, ``Observation``
* analysis: ``wuhan_shanten``, ``effective_tiles``, ``discard_advice``
* agents and simulation: ``RandomAgent``, ``GreedyAgent``, ``ProcessAgent`` (a bot in any
  language, docs/PROTOCOL.md), ``simulate``, ``SimulationResult``,
  ``arena``, ``ArenaResult``, rule studies on the same walls: ``study``, ``StudyResult``
* drawings (:mod:`wuhanmj.render`): SVG tiles, hands and tables, the HTML scoring sheet, the
  replay viewer; notebooks show ``Observation``, ``Game`` and ``WinResult`` drawn

Every error raised on purpose is a :class:`WuhanMJError`.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Any


def _one_blas_thread_for_the_command() -> None:
    """Ask OpenBLAS for one thread when this process is the ``wuhanmj`` command.

    numpy's OpenBLAS starts a thread per core when numpy is imported, and those threads
    spin for a while: about 0.07 s of CPU a process (each worker of a pool too), more than a
    third of a short ``wuhanmj simulate``. The command does no linear algebra, so it asks for
    one thread (workers inherit the setting). A program that imports wuhanmj as a library
    keeps its own BLAS settings, and so does a user who set ``OPENBLAS_NUM_THREADS``,
    ``GOTO_NUM_THREADS`` or ``OMP_NUM_THREADS``. Must run before numpy is imported.
    """
    argv = list(getattr(sys, "orig_argv", sys.argv))
    script = os.path.basename(sys.argv[0]) if sys.argv else ""
    as_script = script.split(".")[0] in ("wuhanmj", "wuhanmj-script")
    as_module = any(a == "-m" and b == __name__ for a, b in zip(argv, argv[1:]))
    if (as_script or as_module) and "numpy" not in sys.modules and not any(
            v in os.environ for v in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")):
        os.environ["OPENBLAS_NUM_THREADS"] = "1"


_one_blas_thread_for_the_command()

from . import _display
from .errors import *  # noqa: F403
from .errors import __all__ as _errors_all
from .tiles import *  # noqa: F403
from .tiles import __all__ as _tiles_all

# The shape core, at once (about 6 ms: its compiled modules, no table is built before its
# first use): wuhanmj._core, its compiled face, cimports it, so importing wuhanmj._core
# first must find it in place.
from .core import (
    get_include,
    is_complete,
    is_complete_batch,
    min_wilds,
    min_wilds_batch,
    shanten,
    shanten_batch,
    waits,
    waits_batch,
)

if TYPE_CHECKING:  # what the names below are, for type checkers; at run time they load on first use
    from .agents.base import Agent, GreedyAgent, RandomAgent, make_agent
    from .agents.process import ProcessAgent
    from .game.actions import (
        ACTION_SPACE_SIZE,
        Action,
        AnGang,
        Chi,
        ChongGang,
        Discard,
        HongzhongGang,
        Hu,
        LaiziGang,
        Pass,
        Peng,
        PiziGang,
        XuGang,
    )
    from .game.actions import decode as decode_action
    from .game.actions import encode as encode_action
    from .game.engine import Game, HandResult
    from .game.match import Match
    from .game.observation import Observation
    from .game.wall import scripted_wall, shuffled_wall
    from .hand.analysis import (
        DiscardOption,
        EffectiveTiles,
        ShantenResult,
        discard_advice,
        effective_tiles,
        wuhan_shanten,
    )
    from .hand.bighu import BIG_HU
    from .hand.meld import Meld, SeatPlays
    from .hand.waits import holds_non_jiang, is_ready, winning_tiles
    from .rules import PRESETS, Rules
    from .running.review import DecisionReview, HandReview, OptionReview, review_hand
    from .scoring.evaluate import evaluate_win
    from .scoring.result import WinResult
    from .scoring.settlement import Settlement, draw_payments, escape_payments, settle
    from .sim.arena import arena
    from .sim.simulate import dask_executor, simulate
    from .sim.study import study
    from .stats.arena_result import ArenaResult
    from .stats.study import StudyResult
    from .stats.results import HandOutcome, SimulationResult
    from .terms import FAN_ITEMS, HOWS

# Where each public name lives: module -> its names ("name=attr" when exported under
# another name). ``import wuhanmj`` loads only tiles, errors and the shape core (and numpy);
# a name below is imported the first time it is used (PEP 562 ``__getattr__``), then cached
# in the package.
_LAZY_FROM: dict[str, str] = {
    "agents.base": "Agent GreedyAgent RandomAgent make_agent",
    "agents.process": "ProcessAgent",
    "game.actions": "ACTION_SPACE_SIZE Action AnGang Chi ChongGang Discard HongzhongGang Hu LaiziGang "
                    "Pass Peng PiziGang XuGang decode_action=decode encode_action=encode",
    "game.engine": "Game HandResult",
    "game.match": "Match",
    "game.observation": "Observation",
    "game.wall": "scripted_wall shuffled_wall",
    "hand.analysis": "DiscardOption EffectiveTiles ShantenResult discard_advice effective_tiles wuhan_shanten",
    "hand.bighu": "BIG_HU",
    "hand.meld": "Meld SeatPlays",
    "hand.waits": "holds_non_jiang is_ready winning_tiles",
    "rules": "PRESETS Rules",
    "running.review": "review_hand HandReview DecisionReview OptionReview",
    "scoring.evaluate": "evaluate_win",
    "scoring.result": "WinResult",
    "scoring.settlement": "Settlement draw_payments escape_payments settle",
    "sim.arena": "arena",
    "sim.simulate": "dask_executor simulate",
    "sim.study": "study",
    "stats.arena_result": "ArenaResult",
    "stats.study": "StudyResult",
    "stats.results": "HandOutcome SimulationResult",
    "terms": "FAN_ITEMS HOWS",
}
_LAZY: dict[str, tuple[str, str]] = {
    name: (module, attr or name)
    for module, names in _LAZY_FROM.items()
    for name, _, attr in (spec.partition("=") for spec in names.split())
}
_SUBPACKAGES = frozenset({"agents", "cli", "core", "envs", "game", "hand", "native", "play", "render", "scoring",
                          "sim", "stats", "files", "running", "web", "rules", "rulefiles", "terms", "policy", "learn"})

# wuhanmj.render draws what the modules above make and registers the display hooks of
# Observation, Game and WinResult (_repr_svg_, _repr_html_); it is imported the first time
# one of them is asked for, not here (``_display.provide``).
_display.provide(__name__ + ".render")


def __getattr__(name: str) -> Any:
    """A public name (``wuhanmj.Game``) or subpackage (``wuhanmj.render``), imported on first use.

    Raises:
        AttributeError: ``name`` is not part of the package.
    """
    spec = _LAZY.get(name)
    if spec is not None:
        value = getattr(importlib.import_module(f".{spec[0]}", __name__), spec[1])
    elif name in _SUBPACKAGES:
        value = importlib.import_module(f".{name}", __name__)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | _SUBPACKAGES)


__version__ = "0.2.0"

__all__ = [
    *_tiles_all,
    *_errors_all,
    "is_complete", "is_complete_batch", "min_wilds", "min_wilds_batch",
    "waits", "waits_batch", "shanten", "shanten_batch", "get_include",
    "Rules", "PRESETS", "Meld", "SeatPlays",
    "evaluate_win", "WinResult", "winning_tiles", "is_ready", "holds_non_jiang",
    "Settlement", "settle", "escape_payments", "draw_payments",
    "HOWS", "BIG_HU", "FAN_ITEMS",
    "Game", "HandResult", "Match", "Observation",
    "Action", "Discard", "Chi", "Peng", "ChongGang", "XuGang", "AnGang",
    "HongzhongGang", "PiziGang", "LaiziGang", "Hu", "Pass",
    "ACTION_SPACE_SIZE", "encode_action", "decode_action",
    "shuffled_wall", "scripted_wall",
    "wuhan_shanten", "effective_tiles", "discard_advice",
    "ShantenResult", "EffectiveTiles", "DiscardOption",
    "Agent", "RandomAgent", "GreedyAgent", "make_agent", "ProcessAgent",
    "simulate", "SimulationResult", "HandOutcome", "dask_executor", "arena", "ArenaResult",
    "study", "StudyResult",
    "review_hand", "HandReview", "DecisionReview", "OptionReview",
    "__version__",
]
