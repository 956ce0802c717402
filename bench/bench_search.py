"""The search calls (:mod:`wuhanmj.native.search`) beside what a search bot does without them.

Run: ``PYTHONPATH=src pytest bench/bench_search.py --benchmark-only --benchmark-columns=min,median,rounds``

States: ``STATES`` mid-hand decisions (kaikou, the native GreedyAgent playing every seat
to decision ``DEPTH`` of seeded hands), each with its legal codes as candidates.

- ``test_determinize``: ``determinize(hand, seat, seed)`` ``DET`` times per state, from
  Python (the replay of the decision log that finds the wall's owners included);
  ``test_reference_copy``: ``NativeHand.copy()`` as many times (a copy that resamples
  nothing: the floor of a Python-level call returning a hand).
- ``test_evaluate_actions_<policy>[_threads2]``: ``evaluate_actions(hand, seat, codes,
  N_ROWS, policy=...)``: ``N_ROWS`` determinizations, every candidate played out on each.
- ``test_evaluate_actions_undeterminized[<policy>]``: the same with ``determinize=False``
  (the true state: the same work as the reference below);
- ``test_reference_copy_and_play[<policy>]``: the rollouts without determinizing, the
  way a Python bot plays them today: ``NativeHand.copy()``, ``step(seat, code)`` and
  ``agents.play`` (the native loop) per rollout.

- ``test_evaluate_options``: the expert's evaluation
  (:func:`wuhanmj.native.expert.evaluate_options`) of the same candidates with ``N_ROWS``
  draw sequences of the seat alone each, beside ``evaluate_actions`` with the expert as
  the rollout policy (``test_evaluate_actions_expert``): a full-table rollout per row.

Per rollout = round / (STATES × N_ROWS × candidates).
"""

from __future__ import annotations

import pytest

from wuhanmj.native.agents import greedy_choice, play
from wuhanmj.native.handapi import NativeHand
from wuhanmj.native.expert import ExpertAgent, evaluate_options
from wuhanmj.native.search import determinize, evaluate_actions

STATES = 6
DEPTH = 18
DET = 200
N_ROWS = 16


def _states() -> list[tuple[NativeHand, int, tuple[int, ...]]]:
    out = []
    seed = 0
    while len(out) < STATES:
        nh = NativeHand("kaikou", seed=seed, dealer=seed % 4)
        seed += 1
        for _ in range(DEPTH):
            if nh.over:
                break
            s = nh.current_player
            nh.step(s, greedy_choice(nh, s))
        if not nh.over and len(nh.legal()) > 1:
            out.append((nh, nh.current_player, nh.legal()))
    return out


@pytest.fixture(scope="module")
def states():
    return _states()


def test_determinize(benchmark, states):
    def run():
        for nh, seat, _ in states:
            for i in range(DET):
                determinize(nh, seat, i)

    benchmark(run)


def test_reference_copy(benchmark, states):
    def run():
        for nh, _, _ in states:
            for _ in range(DET):
                nh.copy()

    benchmark(run)


def _evaluate(states, policy, threads=1, det=True):
    for nh, seat, codes in states:
        evaluate_actions(nh, seat, codes, N_ROWS, seed=1, policy=policy, threads=threads, determinize=det)


def _reference(states, policy):
    for nh, seat, codes in states:
        for i in range(N_ROWS):
            for c in codes:
                x = nh.copy()
                x.step(seat, c)
                play(x, (policy,) * 4, seeds=(i, i + 1, i + 2, i + 3))


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_evaluate_actions(benchmark, states, policy):
    benchmark(_evaluate, states, policy)


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_evaluate_actions_threads2(benchmark, states, policy):
    benchmark(_evaluate, states, policy, 2)


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_evaluate_actions_undeterminized(benchmark, states, policy):
    benchmark(_evaluate, states, policy, 1, False)


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_reference_copy_and_play(benchmark, states, policy):
    benchmark(_reference, states, policy)


def test_evaluate_options(benchmark, states):
    def run():
        for nh, seat, codes in states:
            evaluate_options(nh, seat, codes, samples=N_ROWS, seed=1)

    benchmark(run)


def test_evaluate_actions_expert(benchmark, states):
    benchmark(_evaluate, states, ExpertAgent())


def test_rollouts_per_round(states):
    """Not timed: the rollouts of one round (for the per-rollout figures)."""
    assert sum(N_ROWS * len(codes) for _, _, codes in states) > 0
    print("rollouts per round:", sum(N_ROWS * len(codes) for _, _, codes in states))
