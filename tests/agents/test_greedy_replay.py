"""GreedyAgent decides exactly as it did when ``data/greedy_decisions.json`` was recorded.

The fixture was recorded (by ``greedy_replay.py``) before the agent and the game loop
were made faster: 200 seeded hands with greedy seats (every decision,
through :func:`wuhanmj.sim.loop.play_game`) and greedy's answer at the ~4,000 decisions of
45 hands played at random (through :meth:`Game.observation`). The values are those of
the policy of record — discard_advice's first option, claims that keep shanten —
which ``test_agents.py`` checks against the public analysis functions. It was recorded
again when D18 (``claim_turn_gang = "after_draw"``) became the presets' rule: 2 of the 200
hands (kaikou seed 13, koukou_fan seed 190: a 蓄杠 had followed a 吃/碰) and 2 of the 45
random-play hands (kaikou 1 and 7: a 暗杠/蓄杠 had been offered after a 碰/吃, so the random
choice fell elsewhere) changed; the rest is the first recording
(the generator with ``claim_turn_gang = "any"`` gives the first recording byte for byte).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.greedy_replay import hand_actions, position_answers

_DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "greedy_decisions.json").read_text())


def _first_difference(got: list[int], want: list[int]) -> str:
    for i, (a, b) in enumerate(zip(got, want)):
        if a != b:
            return f"decision {i}: got {a}, recorded {b}"
    return f"lengths differ: got {len(got)}, recorded {len(want)}"


@pytest.mark.parametrize("preset", ["kaikou", "koukou", "koukou_fan"])
def test_greedy_hands_replay_the_recorded_decisions(preset):
    rows = [h for h in _DATA["hands"] if h["rules"] == preset]
    assert len(rows) >= 40
    for h in rows:
        want = [int(x) for x in h["actions"].split()]
        got = hand_actions(h["rules"], h["agents"], h["seed"])
        assert got == want, f"{h['rules']} {h['agents']} seed {h['seed']}: {_first_difference(got, want)}"


def test_greedy_answers_at_random_positions_are_the_recorded_ones():
    n = 0
    for p in _DATA["positions"]:
        want = [int(x) for x in p["answers"].split()]
        got = position_answers(p["rules"], p["seed"])
        assert got == want, f"{p['rules']} seed {p['seed']}: {_first_difference(got, want)}"
        n += len(want)
    assert n > 3000
