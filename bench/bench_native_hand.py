"""Whole hands on the native hand engine beside the Python Game, in the same run.

Run: ``PYTHONPATH=src pytest bench/bench_native_hand.py --benchmark-only --benchmark-columns=min,median,rounds``

Every round plays the same ``HANDS`` walls (shuffled once, seeded), kaikou rules:

- ``test_python_game_random``: :class:`wuhanmj.game.Game`, each decision a uniformly
  random legal code (``codes[int(rng.random() * n)]``, one numpy draw a decision).
- ``test_native_hand_random_from_python``: :class:`wuhanmj.native.handapi.NativeHand` driven
  from Python the same way (``legal()``, ``step()``).
- ``test_native_hand_random_loop``: the native RandomAgent in the native loop
  (``agents.play``: no Python between the steps), on uniforms drawn beforehand.
- ``test_native_hand_random_cython_loop``: a small Cython module compiled in the setup
  (``LOOP_PYX``, cimporting ``hand.pxd``) plays every wall with no Python object at all
  between the first deal and the last step (``hand_deal``/``hand_legal``/``hand_apply``).
- ``test_python_game_greedy`` / ``test_native_hand_greedy_loop``: four GreedyAgents
  (``play_game``) against four native greedy bots (``agents.play``), ``GREEDY_HANDS`` walls.

Scoring: the native engine's default (``evaluate_win_c``, ``is_ready_c``); with the Python
fallback (``use_scoring("python")``) in the ``*_fallback`` rows. Per hand = round / hands.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from wuhanmj.agents import GreedyAgent
from wuhanmj.game.engine import Game
from wuhanmj.game.loop import play_game
from wuhanmj.game.wall import shuffled_wall
from wuhanmj.native import fallback
from wuhanmj.native.agents import play
from wuhanmj.native.handapi import NativeHand
from wuhanmj.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from helpers.cython_build import build_module  # noqa: E402  (the tests' helper: cythonize + build_ext)

# A Cython loop over hand_deal / hand_current / hand_legal / hand_apply (hand.pxd), as the
# batch driver codes against them: no Python object from the first deal to the last step.
LOOP_PYX = textwrap.dedent(
    """
    # cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
    from libc.stdint cimport int16_t, uint8_t

    from wuhanmj.native.defs cimport N_ACTIONS
    from wuhanmj.native.hand cimport HandC, hand_apply, hand_current, hand_deal, hand_legal, hand_prepare
    from wuhanmj.native.rulesc cimport RulesC, rules_to_c


    def random_hands(rules, const uint8_t[:, ::1] walls, const double[::1] uniforms):
        # every wall played to its end, each decision codes[int(u * n)] with the next
        # uniform (cycling); returns the decisions played
        cdef HandC h
        cdef RulesC rc
        cdef int16_t codes[N_ACTIONS]
        cdef Py_ssize_t i, k = 0, nu = uniforms.shape[0]
        cdef long steps = 0
        cdef int s, n
        rules_to_c(rules, &rc)
        hand_prepare()
        with nogil:
            for i in range(walls.shape[0]):
                hand_deal(&h, &rc, &walls[i, 0], 0, -1)
                while True:
                    s = hand_current(&h)
                    if s < 0:
                        break
                    n = hand_legal(&h, s, codes)
                    hand_apply(&h, s, codes[<int>(uniforms[k] * n)])
                    k += 1
                    if k == nu:
                        k = 0
                    steps += 1
        return steps
    """
)

HANDS = 200
GREEDY_HANDS = 40
RULES = Rules.kaikou()
WALLS = [shuffled_wall(s) for s in range(HANDS)]
UNIFORMS = [[np.random.default_rng([s, k]).random(400) for k in range(4)] for s in range(HANDS)]


WALL_ARRAY = np.array(WALLS, dtype=np.uint8)
LOOP_UNIFORMS = np.random.default_rng(2026).random(1 << 16)


@pytest.fixture(scope="module")
def loop(tmp_path_factory):
    return build_module("wmj_native_hand_loop", LOOP_PYX, tmp_path_factory.mktemp("loop"), optimize=True)


@pytest.fixture(params=["native", "python"], ids=["", "fallback"])
def scoring(request):
    prev = fallback.use_scoring(request.param)
    yield request.param
    fallback.use_scoring(*prev)


def _python_random() -> int:
    rng = np.random.default_rng(2026)
    steps = 0
    for w in WALLS:
        g = Game(RULES, wall=w)
        while not g.over:
            s = g.current_player
            codes = g.legal_action_codes(s)
            g.step(s, codes[int(rng.random() * len(codes))])
            steps += 1
    return steps


def _native_random_from_python() -> int:
    rng = np.random.default_rng(2026)
    steps = 0
    for w in WALLS:
        n = NativeHand(RULES, w)
        while not n.over:
            s = n.current_player
            codes = n.legal(s)
            n.step(s, codes[int(rng.random() * len(codes))])
            steps += 1
    return steps


def _native_random_loop() -> int:
    steps = 0
    for w, us in zip(WALLS, UNIFORMS):
        steps += play(NativeHand(RULES, w), ("random",) * 4, uniforms=us)
    return steps


def _python_greedy() -> int:
    steps = 0
    agents = [GreedyAgent() for _ in range(4)]
    for w in WALLS[:GREEDY_HANDS]:
        steps += play_game(Game(RULES, wall=w), agents)
    return steps


def _native_greedy_loop() -> int:
    steps = 0
    for w in WALLS[:GREEDY_HANDS]:
        steps += play(NativeHand(RULES, w), ("greedy",) * 4)
    return steps


def _bench(benchmark, fn, hands, rounds=10):
    benchmark.extra_info["hands_per_round"] = hands
    benchmark.extra_info["decisions_per_round"] = fn()
    benchmark.pedantic(fn, rounds=rounds, iterations=1, warmup_rounds=1)


def test_python_game_random(benchmark):
    _bench(benchmark, _python_random, HANDS)


def test_native_hand_random_from_python(benchmark, scoring):
    _bench(benchmark, _native_random_from_python, HANDS)


def test_native_hand_random_loop(benchmark, scoring):
    _bench(benchmark, _native_random_loop, HANDS, rounds=30)


def test_native_hand_random_cython_loop(benchmark, scoring, loop):
    _bench(benchmark, lambda: loop.random_hands(RULES, WALL_ARRAY, LOOP_UNIFORMS), HANDS, rounds=30)


def test_python_game_greedy(benchmark):
    _bench(benchmark, _python_greedy, GREEDY_HANDS)


def test_native_hand_greedy_loop(benchmark, scoring):
    _bench(benchmark, _native_greedy_loop, GREEDY_HANDS, rounds=20)
