"""Simulation throughput: whole hands through ``simulate()`` with random and
greedy bots on one core, one vs two worker processes, and RLCard's mahjong
environment with its random agents in the same run (reference).

Run: ``pytest bench/bench_simulate.py --benchmark-only --benchmark-columns=min,median,rounds``

Hands/s = hands / the ``min`` time of a row (``extra_info["hands"]``).
"""

import pytest

from wuhanmj.sim.simulate import simulate

RANDOM_HANDS = 2000
GREEDY_HANDS = 500
SCALING_HANDS = 4000


def _simulate(**kwargs):
    return simulate(seed=20261130, **kwargs)


def test_simulate_random_agents_one_core(benchmark):
    r = benchmark.pedantic(_simulate, kwargs=dict(hands=RANDOM_HANDS, agents="random"), rounds=3, iterations=1)
    benchmark.extra_info["hands"] = RANDOM_HANDS
    assert r.hands == RANDOM_HANDS


def test_simulate_greedy_agents_one_core(benchmark):
    r = benchmark.pedantic(_simulate, kwargs=dict(hands=GREEDY_HANDS, agents="greedy"), rounds=3, iterations=1)
    benchmark.extra_info["hands"] = GREEDY_HANDS
    assert r.hands == GREEDY_HANDS


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_random_agents_workers(benchmark, workers):
    # Process start-up is included: a pool is created for each run.
    r = benchmark.pedantic(
        _simulate, kwargs=dict(hands=SCALING_HANDS, agents="random", workers=workers), rounds=3, iterations=1
    )
    benchmark.extra_info["hands"] = SCALING_HANDS
    assert r.hands == SCALING_HANDS


def test_rlcard_mahjong_random_agents(benchmark):
    rlcard = pytest.importorskip("rlcard")
    from rlcard.agents import RandomAgent

    env = rlcard.make("mahjong", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])
    games = 100

    def play():
        for _ in range(games):
            env.run(is_training=False)

    benchmark.pedantic(play, rounds=3, iterations=1)
    benchmark.extra_info["hands"] = games
