"""Seeded hands with GreedyAgent seats and the action code of every decision.

Used by ``test_greedy_replay.py``: the fixture ``data/greedy_decisions.json`` holds the
decisions these hands gave when it was recorded, so a faster GreedyAgent (or game loop)
must reproduce them exactly. Regenerate only on purpose, when the policy itself changes
(or a rule of play the presets follow, as D18 did):

    PYTHONPATH=src python tests/helpers/greedy_replay.py > tests/data/greedy_decisions.json
"""

from __future__ import annotations

import json
import sys

import numpy as np

from wuhanmj.agents.base import GreedyAgent, RandomAgent
from wuhanmj.game.engine import Game
from wuhanmj.sim.loop import play_game
from wuhanmj.rules import Rules

# The fixture was recorded before D11-D13 became rule fields: its hands are
# played under the readings the engine had then (一炮单响 from the discarder, gangs until
# only the dead wall is left, a second 癞子 kept), so the recorded decisions stay valid.
RECORDED_WITH = {"hu_order": "discarder", "gang_cutoff": "dead_wall", "second_laizi": "keep"}


def recorded_rules(preset: str) -> Rules:
    """The preset as the engine played it when the fixture was recorded."""
    return Rules.preset(preset).replace(**RECORDED_WITH)


# (preset, seat agents, seeds): 200 hands over the three presets (痞子 on and off),
# greedy tables and greedy seats beside random ones (messier hands, more claims).
CONFIGS = (
    ("kaikou", "greedy,greedy,greedy,greedy", range(0, 60)),
    ("koukou", "greedy,greedy,greedy,greedy", range(60, 100)),
    ("koukou_fan", "greedy,greedy,greedy,greedy", range(100, 160)),
    ("kaikou", "greedy,random,greedy,random", range(160, 180)),
    ("koukou_fan", "random,greedy,random,greedy", range(180, 200)),
)


def hand_actions(preset: str, agents: str, seed: int) -> list[int]:
    """The action codes of every decision of one hand, in order (read from the event log)."""
    game = Game(recorded_rules(preset), seed=seed, dealer=seed % 4)
    seats = [GreedyAgent() if name == "greedy" else RandomAgent(seed=4 * seed + s)
             for s, name in enumerate(agents.split(","))]
    play_game(game, seats)
    return [e["action"] for e in game.events if "action" in e]


# Positions met in hands where every seat plays uniformly at random (many more gangs,
# claims and odd hands than greedy tables reach): greedy's answer at each, not played.
POSITION_SEEDS = {"kaikou": range(0, 15), "koukou": range(15, 30), "koukou_fan": range(30, 45)}


def position_answers(preset: str, seed: int) -> list[int]:
    """GreedyAgent's answer (a code) at every decision of a hand played by random seats."""
    game = Game(recorded_rules(preset), seed=seed, dealer=seed % 4)
    rng = np.random.default_rng(seed)
    greedy = GreedyAgent()
    out = []
    while not game.over:
        s = game.current_player
        codes = game.legal_action_codes(s)
        out.append(greedy.act(game.observation(s), list(codes)))
        game.step(s, codes[int(rng.integers(len(codes)))])
    return out


def all_positions():
    for preset, seeds in POSITION_SEEDS.items():
        for seed in seeds:
            yield preset, seed


def all_hands():
    for preset, agents, seeds in CONFIGS:
        for seed in seeds:
            yield preset, agents, seed


def main() -> None:
    out = sys.stdout
    out.write('{"about": %s,\n "hands": [\n' % json.dumps(__doc__.splitlines()[0]))
    rows = [
        json.dumps({"rules": p, "agents": a, "seed": s, "actions": " ".join(map(str, hand_actions(p, a, s)))})
        for p, a, s in all_hands()
    ]
    out.write(",\n".join(rows) + "\n],\n \"positions\": [\n")
    rows = [
        json.dumps({"rules": p, "seed": s, "answers": " ".join(map(str, position_answers(p, s)))})
        for p, s in all_positions()
    ]
    out.write(",\n".join(rows) + "\n]}\n")


if __name__ == "__main__":
    main()
