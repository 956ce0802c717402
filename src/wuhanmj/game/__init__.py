"""The game engine: one hand (:class:`Game`) and a match of hands (:class:`Match`), the
fixed action space, walls, events, saves and observations (G, P, M)."""

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
from .wall import scripted_wall, shuffled_wall

__all__ = [
    "Game", "HandResult", "PHASES", "Match", "Observation", "shuffled_wall", "scripted_wall",
    "Action", "Discard", "Chi", "Peng", "ChongGang", "XuGang", "AnGang", "HongzhongGang", "PiziGang",
    "LaiziGang", "Hu", "Pass", "ACTIONS", "ACTION_SPACE_SIZE", "decode", "encode",
]
