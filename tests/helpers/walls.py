"""Scripted walls shared by several game tests (see :func:`helpers.game_script.make_game`).

Indicator 8s in these walls: 癞子 9s (R2); under koukou_fan the 痞子 are 7s and 8s (R3).
"""

from __future__ import annotations

from helpers.game_script import make_game

# --- Wall B: seat 3 opens with a peng of 2z, then waits on 5s (123m456m789p5s).
B_HANDS = [
    "2z5s 1m4m7m 2p5p8p 1s4s 5z6z 9m 3p",  # dealer 0: 14
    "2m5m8m 1p4p6p 2s 8s 1z4z 6m 9m 3p",
    "5s5s 3m6m9m 6p 9p 3s 7s 1z 4z 5z 6z",
    "2z2z 3z 123m456m789p5s",
]
B_OPEN = "0 d 2z; 3 peng; 3 d 3z"  # then seat 0 draws 7m


def game_b(rules=None):
    return make_game(B_HANDS, "8s", draws=["7m"], rules=rules)


# --- Wall F: the other three seats of the walls where seat 3 holds 红中 / 痞子 / 癞子.
F_OTHERS = [
    "2z 1m4m7m 2p5p8p 1s4s 5z6z 9m 3p 6s",
    "2m5m8m 1p4p6p 2s 8s 1z4z 6m 9m 3p",
    "3m6m9m 6p 9p 3s 7s 1z 4z 5z 6z 2s 8m",
]
