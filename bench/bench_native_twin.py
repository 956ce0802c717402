"""The hand interface on both engines: observations and saves, Game beside NativeHand.

Run: ``PYTHONPATH=src pytest bench/bench_native_twin.py --benchmark-only --benchmark-columns=min,median,rounds``

The states: every decision of ``HANDS`` seeded hands (kaikou, uniformly random legal codes),
held as a Game and a NativeHand of the same state.

- ``test_observation_python`` / ``test_observation_native``: ``observation(seat)`` of the
  four seats at every state (:meth:`Game.observation`, :meth:`NativeHand.observation`,
  which builds the same Observation from the C struct: ``handapi.hand_observation``);
- ``test_from_dict_python`` / ``test_from_dict_native``: ``from_dict`` of one mid-hand save
  of each hand (the event log replayed and checked, then, for NativeHand, played natively).

Per call = round / calls.
"""

from __future__ import annotations

import numpy as np
import pytest

from wuhanmj.game.engine import Game
from wuhanmj.native.handapi import NativeHand
from wuhanmj.rules import Rules

HANDS = 20


def _states() -> tuple[list[Game], list[NativeHand], list[dict]]:
    games, natives, saves = [], [], []
    rng = np.random.default_rng(2026)
    for seed in range(HANDS):
        g, n = Game(Rules.kaikou(), seed=seed), NativeHand(Rules.kaikou(), seed=seed)
        k = 0
        while not g.over:
            games.append(g.clone())
            natives.append(n.clone())
            if k == 40:
                saves.append(g.to_dict())
            s = g.current_player
            codes = g.legal_action_codes(s)
            c = codes[int(rng.random() * len(codes))]
            g.step(s, c)
            n.step(s, c)
            k += 1
    return games, natives, saves


GAMES, NATIVES, SAVES = _states()


def _observe(hands: list) -> int:
    for h in hands:
        for s in range(4):
            h.observation(s)
    return 4 * len(hands)


@pytest.mark.parametrize("engine", ["python", "native"])
def test_observation(benchmark, engine: str) -> None:
    hands = GAMES if engine == "python" else NATIVES
    assert all(a.observation(1) == b.observation(1) for a, b in zip(GAMES[:50], NATIVES[:50]))
    benchmark(_observe, hands)


@pytest.mark.parametrize("engine", ["python", "native"])
def test_from_dict(benchmark, engine: str) -> None:
    cls = Game if engine == "python" else NativeHand
    benchmark(lambda: [cls.from_dict(d) for d in SAVES])
