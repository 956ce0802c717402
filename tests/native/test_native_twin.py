"""The native hand against the Python reference through the shared hand interface
(:class:`wuhanmj.game.protocol.HandEngine`): observations, saves and results.

- :meth:`NativeHand.observation` equals :meth:`Game.observation` for every seat at every
  decision of a few hands per preset and custom rule set (values and types: the repr),
  every phase met (turn, claim, rob, haidi, over).

Command: ``PYTHONPATH=src python -m pytest -q tests/native/test_native_twin.py``.
"""

from __future__ import annotations

import pytest
from wuhanmj import Rules



def _rule_sets() -> list[Rules]:
    from helpers.engines import rule_sets

    return rule_sets()


# seeds whose "hoard" hand meets a 抢杠 window (P4) and the 海底 phase (G3), per rule set
RARE = {0: (58, 83), 1: (58, 83), 2: (63, 64), 3: (63, 64), 4: (63, 119)}


def _plays(k: int) -> list[tuple[int, str]]:
    """The (seed, policy) hands played on rule set k: four policies and the rare phases."""
    return [(100 + k, "greedy"), (200 + k, "eager"), (300 + k, "passive"), (400 + k, "random")] + [
        (seed, "hoard") for seed in RARE[k]]


@pytest.mark.parametrize("k", range(5))
def test_observation_equals_python_at_every_decision(k: int) -> None:
    """NativeHand.observation(s) == Game.observation(s) for the four seats at every decision
    and at the end (values and types), on each rule set; every phase is met."""
    from helpers.engines import twin_hands

    rules = _rule_sets()[k]
    phases = set()
    for seed, policy in _plays(k):
        for g, n, _seat, _code in twin_hands(rules, seed, policy):
            phases.add(g.phase)
            for s in range(4):
                want, got = g.observation(s), n.observation(s)
                assert got == want, f"{rules.name} seed {seed} seat {s} phase {g.phase}"
                assert repr(got) == repr(want)
    assert phases == {"turn", "claim", "rob", "haidi", "over"}
