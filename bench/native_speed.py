"""The native engine's speed in one core's CPU time and in callgrind instructions a hand:
random and greedy bots through ``simulate()``, and ``VectorEnv`` with greedy opponents.

Run (from a tree's root; for the "before" column, the same command in a checkout of the
older commit with its extensions built in place)::

    PYTHONPATH=src python bench/native_speed.py random 30000 3     # hands per CPU second
    PYTHONPATH=src python bench/native_speed.py greedy 3000 3
    PYTHONPATH=src python bench/native_speed.py policy 3000 3      # four PolicyAgents ("policy")
    PYTHONPATH=src python bench/native_speed.py vector 3           # learner steps per CPU second
    PYTHONPATH=src python bench/native_speed.py callgrind random 1000 3000
    PYTHONPATH=src python bench/native_speed.py callgrind greedy 200 600

CPU time is ``time.process_time`` of this process (best and median of the rounds, after a
200-hand warm-up that builds the tables). The callgrind mode runs N1 and then N2 hands
under ``valgrind --tool=callgrind`` and prints (I(N2) - I(N1)) / (N2 - N1): the instructions
of one hand, start-up and table builds cancelled out; it does not depend on the machine's load
(``PYTHONHASHSEED=0`` in both runs: the hash seed alone moves a greedy hand's count by ±30k).
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import time

SEED = 20261203


def run(agents: str, hands: int) -> None:
    from wuhanmj.sim.simulate import simulate

    simulate(hands=hands, agents=agents, engine="native", seed=SEED, workers=1)


def hands_per_second(agents: str, hands: int, rounds: int) -> None:
    run(agents, 200)
    rates = []
    for _ in range(rounds):
        t0 = time.process_time()
        run(agents, hands)
        rates.append(hands / (time.process_time() - t0))
    print(f"{agents}: best {max(rates):,.0f}, median {statistics.median(rates):,.0f} hands per CPU second")


def vector_steps(secs: float) -> None:
    import numpy as np

    from wuhanmj.envs.vector import VectorEnv

    env = VectorEnv(64, rules="koukou", opponents="greedy", backend="native")
    _, masks = env.reset(seed=1)
    rng = np.random.default_rng(0)
    steps = 0
    t0 = time.process_time()
    while time.process_time() - t0 < secs:
        _, _, _, masks = env.step(np.argmax(masks * rng.random(masks.shape), axis=1))
        steps += env.num_envs
    print(f"vector: {steps / (time.process_time() - t0):,.0f} learner steps per CPU second")


def instructions(agents: str, n1: int, n2: int) -> None:
    def total(n: int) -> int:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                              sys.executable, __file__, "once", agents, str(n)],
                             capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": "0"}).stderr
        return int(re.search(r"Collected : (\d+)", out).group(1))  # type: ignore[union-attr]

    a, b = total(n1), total(n2)
    print(f"{agents}: {(b - a) // (n2 - n1):,} instructions a hand ({n1}: {a:,}, {n2}: {b:,})")


def main(argv: list[str]) -> None:
    mode, rest = argv[0], argv[1:]
    if mode == "once":
        run(rest[0], int(rest[1]))
    elif mode == "vector":
        vector_steps(float(rest[0]) if rest else 3.0)
    elif mode == "callgrind":
        instructions(rest[0], int(rest[1]), int(rest[2]))
    else:
        hands_per_second(mode, int(rest[0]) if rest else 30000, int(rest[1]) if len(rest) > 1 else 3)


if __name__ == "__main__":
    main(sys.argv[1:])
