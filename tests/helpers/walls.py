"""Scripted walls shared by several game tests (see :func:`helpers.game_script.make_game`).

Indicator 8s in these walls: 癞子 9s (R2); under koukou_fan the 痞子 are 7s and 8s (R3).
"""

from __future__ import annotations

from helpers.game_script import make_game, run

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


# --- Wall D: seat 3 opens and waits on 6p/9p; seat 1 pengs 9p, later draws the 4th 9p.
D_HANDS = [
    "2z 9p 1m4m7m 1p4p 1s4s7s 2s3s6s 8m",
    "9p9p 4z 2m5m9m3m6m 2p3p5p 8s 1z",
    "2m5m8m9m 1p2p4p 1s3s4s6s 8s 3z",
    "2z2z 3z 123m456m78p55s",
]
D_SCRIPT = """0 d 2z; 3 peng; 3 d 3z
0 d 9p; 3 pass; 1 peng; 1 d 4z
2 d 6z; 3 d 5z; 0 d 1z"""


def game_d():
    g = make_game(D_HANDS, "8s", draws=["6m", "6z", "5z", "1z", "9p"], replacements=["1z"])
    return run(g, D_SCRIPT)


# --- Wall F: the other three seats of the walls where seat 3 holds 红中 / 痞子 / 癞子.
F_OTHERS = [
    "2z 1m4m7m 2p5p8p 1s4s 5z6z 9m 3p 6s",
    "2m5m8m 1p4p6p 2s 8s 1z4z 6m 9m 3p",
    "3m6m9m 6p 9p 3s 7s 1z 4z 5z 6z 2s 8m",
]
