"""The game engine: one hand (:class:`Game`) and a match of hands (:class:`Match`), the
fixed action space, walls, events, saves and observations (G, P, M), and the hand
interface :class:`HandEngine` that Game and the native engine's NativeHand both answer."""

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

__all__ = [
    "Game", "HandEngine", "HandResult", "PHASES", "Match", "Observation", "shuffled_wall", "scripted_wall",
    "Action", "Discard", "Chi", "Peng", "ChongGang", "XuGang", "AnGang", "HongzhongGang", "PiziGang",
    "LaiziGang", "Hu", "Pass", "ACTIONS", "ACTION_SPACE_SIZE", "decode", "encode",
]
