"""The learning environments: steps per second with random masked actions, the
AEC env, the Gymnasium env and VectorEnv (both backends) in the same run.

Two ways to run it:

- ``PYTHONPATH=src python bench/bench_envs.py [seconds]``: every row in one process, the
  rows interleaved (three rounds of each, ``seconds`` each, default 2), rates from CPU time
  (``time.process_time``: the machine is shared) and wall time; prints the table of
  ``bench/README.md`` with the VectorEnv / AEC ratio.
- ``pytest bench/bench_envs.py --benchmark-only``: the same workloads as pytest-benchmark
  rounds (a fixed number of steps per round; steps/s = steps / round time).

Steps: an AEC step is one ``step()`` of a live agent (any seat); a Gymnasium or VectorEnv
step is one learner decision (the opponents' decisions in between are not counted).
Random masked action: a uniformly random legal code (AEC, Gym: ``Generator.random()`` over
the mask's codes; VectorEnv: ``argmax`` of uniforms times the masks, one call for N games).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numpy as np

from wuhanmj.envs import VectorEnv, WuhanMahjongEnv, wuhan_mahjong_v0
from wuhanmj.envs.vector import native_available

RULES = "koukou"


def aec_steps(n: int, wrapped: bool = True, seed: int = 0) -> int:
    """``n`` live-agent steps of the AEC env, resetting at each hand's end."""
    e = wuhan_mahjong_v0.env(rules=RULES) if wrapped else wuhan_mahjong_v0.raw_env(rules=RULES)
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    done = 0
    while done < n:
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            if not e.agents:
                e.reset()
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[int(rng.random() * legal.size)]))
        done += 1
    return done


def gym_steps(n: int, opponents: str = "random", seed: int = 0) -> int:
    env = WuhanMahjongEnv(rules=RULES, opponents=opponents)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    for _ in range(n):
        legal = np.flatnonzero(info["action_mask"])
        _, _, term, _, info = env.step(int(legal[int(rng.random() * legal.size)]))
        if term:
            _, info = env.reset()
    return n


def vector_steps(n: int, num_envs: int, backend: str, opponents: str = "random", seed: int = 0) -> int:
    v = VectorEnv(num_envs, rules=RULES, opponents=opponents, backend=backend, copy=False)
    rng = np.random.default_rng(seed)
    _, masks = v.reset(seed=seed)
    u = np.empty(masks.shape)
    done = 0
    while done < n:
        rng.random(out=u)
        u *= masks
        _, _, _, masks = v.step(u.argmax(axis=1))
        done += num_envs
    return done


ROWS: list[tuple[str, Callable[[int], int], int]] = [
    ("AEC env (`wuhan_mahjong_v0.env()`, wrapped), any seat", lambda n: aec_steps(n, True), 2_000),
    ("AEC env (`raw_env()`)", lambda n: aec_steps(n, False), 2_000),
    ("Gymnasium env, random opponents", lambda n: gym_steps(n, "random"), 1_000),
    ("Gymnasium env, greedy opponents", lambda n: gym_steps(n, "greedy"), 300),
    ("VectorEnv python backend, N=64, random opponents", lambda n: vector_steps(n, 64, "python"), 1_024),
]
if native_available():
    ROWS += [
        ("VectorEnv native, N=256, random opponents", lambda n: vector_steps(n, 256, "native"), 100_000),
        ("VectorEnv native, N=64, random opponents", lambda n: vector_steps(n, 64, "native"), 50_000),
        ("VectorEnv native, N=256, greedy opponents", lambda n: vector_steps(n, 256, "native", "greedy"), 10_240),
    ]


def pettingzoo_performance() -> str:
    """PettingZoo's own ``performance_benchmark`` on ``env()`` (5 s of wall time; it prints
    turns and cycles per second)."""
    import contextlib
    import io

    from pettingzoo.test import performance_benchmark

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(wuhan_mahjong_v0.env(rules=RULES))
    return " ".join(line for line in out.getvalue().splitlines() if "per second" in line)


def main(seconds: float = 2.0, rounds: int = 3) -> None:
    best: dict[str, tuple[float, float]] = {}
    for _ in range(rounds):
        for name, fn, chunk in ROWS:
            steps = 0
            c0, w0 = time.process_time(), time.perf_counter()
            while time.perf_counter() - w0 < seconds:
                steps += fn(chunk)
            cpu, wall = time.process_time() - c0, time.perf_counter() - w0
            rate = (steps / cpu, steps / wall)
            old = best.get(name)
            best[name] = rate if old is None else (max(old[0], rate[0]), max(old[1], rate[1]))
    print("| what | steps/s (CPU time) | steps/s (wall) |")
    print("|---|---|---|")
    for name, _, _ in ROWS:
        cpu, wall = best[name]
        print(f"| {name} | {cpu:,.0f} | {wall:,.0f} |")
    aec = best[ROWS[0][0]]
    for name, _, _ in ROWS[5:6]:
        v = best[name]
        print(f"\nratio {name} / AEC env: CPU {v[0] / aec[0]:.1f}x, wall {v[1] / aec[1]:.1f}x")
        raw = best[ROWS[1][0]]
        print(f"ratio {name} / AEC raw_env: CPU {v[0] / raw[0]:.1f}x, wall {v[1] / raw[1]:.1f}x")
    print("\nPettingZoo performance_benchmark(env()):", pettingzoo_performance())


# ---------------------------------------------------------------- pytest-benchmark
def test_aec_env_random(benchmark):
    benchmark.extra_info["steps_per_round"] = 2_000
    benchmark.pedantic(aec_steps, args=(2_000,), rounds=5, iterations=1, warmup_rounds=1)


def test_gym_env_random_opponents(benchmark):
    benchmark.extra_info["steps_per_round"] = 1_000
    benchmark.pedantic(gym_steps, args=(1_000,), rounds=5, iterations=1, warmup_rounds=1)


def test_vector_python_backend(benchmark):
    benchmark.extra_info["steps_per_round"] = 1_024
    benchmark.pedantic(vector_steps, args=(1_024, 64, "python"), rounds=5, iterations=1, warmup_rounds=1)


def test_vector_native_random(benchmark):
    import pytest

    if not native_available():
        pytest.skip("the native engine is not built")
    benchmark.extra_info["steps_per_round"] = 102_400
    benchmark.pedantic(vector_steps, args=(102_400, 256, "native"), rounds=5, iterations=1, warmup_rounds=1)


def test_vector_native_greedy(benchmark):
    import pytest

    if not native_available():
        pytest.skip("the native engine is not built")
    benchmark.extra_info["steps_per_round"] = 10_240
    benchmark.pedantic(vector_steps, args=(10_240, 256, "native", "greedy"), rounds=5, iterations=1,
                       warmup_rounds=1)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
