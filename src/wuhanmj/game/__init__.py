"""The game engine: one hand (:class:`Game`) and a match of hands (:class:`Match`), the
fixed action space, walls, events, saves and observations (G, P, M), and the hand
interface :class:`HandEngine` that Game and the native engine's NativeHand both answer.

The names load on first use (:func:`__getattr__`): importing one module of this package
does not import the others."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names

if TYPE_CHECKING:
    from .actions import (
        ACTION_SPACE_SIZE,
        ACTIONS,
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
        decode,
        encode,
    )
    from .engine import PHASES, Game, HandResult
    from .match import Match
    from .observation import Observation
    from .protocol import HandEngine
    from .wall import scripted_wall, shuffled_wall

_LAZY_FROM = {
    ".actions": "ACTION_SPACE_SIZE ACTIONS Action AnGang Chi ChongGang Discard HongzhongGang Hu LaiziGang Pass Peng PiziGang XuGang decode encode",
    ".engine": "PHASES Game HandResult",
    ".match": "Match",
    ".observation": "Observation",
    ".protocol": "HandEngine",
    ".wall": "scripted_wall shuffled_wall",
}

__all__ = [
    "Game", "HandEngine", "HandResult", "PHASES", "Match", "Observation", "shuffled_wall", "scripted_wall",
    "Action", "Discard", "Chi", "Peng", "ChongGang", "XuGang", "AnGang", "HongzhongGang", "PiziGang",
    "LaiziGang", "Hu", "Pass", "ACTIONS", "ACTION_SPACE_SIZE", "decode", "encode",
]


__getattr__, __dir__ = lazy_names(__name__, _LAZY_FROM)
