"""Whole hands with random legal actions: wuhanmj's Game beside RLCard's
mahjong environment with random agents, in the same run.

Run: ``pytest bench/bench_game.py --benchmark-only --benchmark-columns=min,median,rounds``

- ``test_game_random_hands``: 200 hands per round, kaikou rules, every decision a
  uniformly random legal action code (the agent is one ``Generator.random()`` call);
  the wall is shuffled from one shared numpy Generator. Per hand = round / 200.
- ``test_game_random_hands_actions``: the same through the object API
  (``legal_actions`` → action values, ``step(seat, action)``).
- ``test_game_random_hands_greedy_claims``: claims taken when offered and hu declared
  when legal (many more wins, so ``evaluate_win`` runs far more often).
- ``test_rlcard_mahjong_random``: 10 games per round of ``rlcard.make("mahjong")``
  with ``rlcard.agents.RandomAgent`` on every seat (``env.run``). Per game = round / 10.
  Skipped when rlcard is not installed (``pip install rlcard``; bench-only).
"""

from __future__ import annotations

import numpy as np
import pytest

from wuhanmj.game.actions import HU, PASS
from wuhanmj.game.engine import Game
from wuhanmj.rules import Rules

HANDS = 200
RL_GAMES = 10


def _random_hands(n: int, rng: np.random.Generator, rules: Rules) -> int:
    steps = 0
    for _ in range(n):
        g = Game(rules, seed=rng)
        while not g.over:
            s = g.current_player
            codes = g.legal_action_codes(s)
            g.step(s, codes[int(rng.random() * len(codes))])
            steps += 1
    return steps


def test_game_random_hands(benchmark):
    rng = np.random.default_rng(2026)
    rules = Rules.kaikou()
    benchmark.extra_info["hands_per_round"] = HANDS
    benchmark.pedantic(_random_hands, args=(HANDS, rng, rules), rounds=15, iterations=1, warmup_rounds=1)


def test_game_random_hands_actions(benchmark):
    rng = np.random.default_rng(2026)
    rules = Rules.kaikou()

    def run():
        for _ in range(HANDS):
            g = Game(rules, seed=rng)
            while not g.over:
                s = g.current_player
                acts = g.legal_actions(s)
                g.step(s, acts[int(rng.random() * len(acts))])

    benchmark.pedantic(run, rounds=15, iterations=1, warmup_rounds=1)


def test_game_random_hands_greedy_claims(benchmark):
    rng = np.random.default_rng(2026)
    rules = Rules.koukou_fan()

    def run():
        wins = 0
        for _ in range(HANDS):
            g = Game(rules, seed=rng)
            while not g.over:
                s = g.current_player
                codes = g.legal_action_codes(s)
                if HU in codes:
                    c = HU
                elif PASS in codes:
                    c = codes[0]
                else:
                    c = codes[int(rng.random() * len(codes))]
                g.step(s, c)
            wins += g.result.winner is not None
        return wins

    benchmark.pedantic(run, rounds=10, iterations=1, warmup_rounds=1)


def test_rlcard_mahjong_random(benchmark):
    rlcard = pytest.importorskip("rlcard")
    from rlcard.agents import RandomAgent

    env = rlcard.make("mahjong", config={"seed": 2026})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def run():
        for _ in range(RL_GAMES):
            env.run(is_training=False)

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
