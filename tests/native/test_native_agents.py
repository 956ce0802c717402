"""The native bots against the Python ones.

- GreedyAgent: at every decision of whole hands (every seat that may act, several in a
  claim window), the native choice (``agents.greedy_choice``) equals
  ``GreedyAgent().act(game.observation(seat), codes)``, on greedy tables (the Python bot
  plays every seat) and random tables (uniform legal actions), under every preset and a
  few custom rule sets; ``N_CI_*`` hands in CI, more in the soak test.
- RandomAgent: given the same uniforms, the native pick equals RandomAgent's
  (``codes[int(u * n)]``, no draw when there is one legal code), decision by decision and
  over whole hands played natively (``agents.play``) against the Python game loop
  (:func:`wuhanmj.game.loop.play_game`) with RandomAgents reading the same uniforms.
- Whole hands played natively by four greedy bots (and mixed tables) equal the Python
  loop's: the same decisions, state and result.

The native engine scores with evaluate_win_c (WUHANMJ_NATIVE_HAND_SCORING=python: the
Python fallback; see test_native_hand.py).
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from helpers.native_lockstep import py_state, result_facts

from wuhanmj import Game, Rules, shuffled_wall
from wuhanmj.agents import GreedyAgent, RandomAgent
from wuhanmj.errors import AgentError
from wuhanmj.game.loop import play_game
from wuhanmj.native import fallback
from wuhanmj.native.agents import greedy_choice, play, random_choice
from wuhanmj.native.handapi import NativeHand

PRESETS = ("kaikou", "koukou", "koukou_fan")
RULE_SETS = {p: Rules.preset(p) for p in PRESETS} | {
    "kaikou_pizi_play_out": Rules.kaikou().replace(pizi=True, second_laizi="play_out"),
    "koukou_fan_cutoff_dead_wall_6": Rules.koukou_fan().replace(gang_cutoff="dead_wall", dead_wall=6),
}
N_CI_GREEDY = 200       # greedy tables per preset
N_CI_RANDOM = 140       # random tables per preset
N_CI_CUSTOM = 60        # each table kind per custom rule set
N_SLOW = 1500

SCORING = os.environ.get("WUHANMJ_NATIVE_HAND_SCORING", "native")


@pytest.fixture(autouse=True, scope="module")
def _scoring():
    prev = fallback.use_scoring(SCORING)
    yield
    fallback.use_scoring(*prev)


def _deal(seed: int, salt: int):
    rng = np.random.default_rng([seed, salt])
    wall = shuffled_wall(seed)
    dealer = int(rng.integers(4))
    prev = int(rng.integers(34)) if rng.random() < 0.5 else None
    return rng, wall, dealer, prev


def greedy_lockstep(rules: Rules, seed: int, table: str, stats: dict) -> None:
    """One hand: at every decision, every seat that may act is asked to both bots."""
    rng, wall, dealer, prev = _deal(seed, 11)
    g = Game(rules, wall=wall, dealer=dealer, prev_laizi=prev)
    n = NativeHand(rules, wall, dealer, prev)
    bot = GreedyAgent()
    where = f"rules={rules.to_dict()} seed={seed} table={table}"
    while not g.over:
        for s in range(4):
            codes = g.legal_action_codes(s)
            if codes:
                assert n.legal(s) == codes, where
                want = bot.act(g.observation(s), codes)
                got = greedy_choice(n, s)
                assert got == want, f"{where} step {len(n.log)} seat {s} phase {g.phase} codes {codes}: " \
                                    f"python {want} native {got}"
                stats["decisions"] = stats.get("decisions", 0) + 1
        seat = g.current_player
        codes = g.legal_action_codes(seat)
        code = bot.act(g.observation(seat), codes) if table == "greedy" else codes[int(rng.random() * len(codes))]
        g.step(seat, code)
        n.step(seat, code)
    assert n.to_dict() == py_state(g), where
    r = g.result
    stats["hands"] = stats.get("hands", 0) + 1
    k = "draw" if r.winner is None else r.how
    stats[k] = stats.get(k, 0) + 1


@pytest.mark.parametrize("preset", PRESETS)
def test_greedy_native_equals_python_presets(preset):
    rules = RULE_SETS[preset]
    stats: dict = {}
    base = 3_000_000 + 100_000 * PRESETS.index(preset)
    for seed in range(base, base + N_CI_GREEDY):
        greedy_lockstep(rules, seed, "greedy", stats)
    for seed in range(base + 50_000, base + 50_000 + N_CI_RANDOM):
        greedy_lockstep(rules, seed, "random", stats)
    print(f"\n[native greedy] {stats['hands']} hands, {stats['decisions']} decisions compared")
    assert stats["hands"] == N_CI_GREEDY + N_CI_RANDOM
    assert stats.get("zimo") and stats.get("fangchong") and stats.get("draw"), stats


@pytest.mark.parametrize("name", sorted(set(RULE_SETS) - set(PRESETS)))
def test_greedy_native_equals_python_custom(name):
    stats: dict = {}
    base = 3_500_000 + 10_000 * sorted(RULE_SETS).index(name)
    for seed in range(base, base + N_CI_CUSTOM):
        greedy_lockstep(RULE_SETS[name], seed, "greedy", stats)
        greedy_lockstep(RULE_SETS[name], seed + 5000, "random", stats)
    print(f"\n[native greedy] {stats['hands']} hands, {stats['decisions']} decisions compared")


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_greedy_native_equals_python_slow(name):
    stats: dict = {}
    base = 4_000_000 + 100_000 * sorted(RULE_SETS).index(name)
    for seed in range(base, base + N_SLOW):
        greedy_lockstep(RULE_SETS[name], seed, "greedy" if seed % 3 else "random", stats)
    print(f"\n[native greedy] {stats['hands']} hands, {stats['decisions']} decisions compared")


# ---------------------------------------------------------------------- RandomAgent
class FixedUniforms:
    """Stands for RandomAgent's Generator: ``random(k)`` gives the next k of a fixed sequence."""

    def __init__(self, u: np.ndarray) -> None:
        self.u = u
        self.i = 0

    def random(self, k: int) -> np.ndarray:
        out = self.u[self.i: self.i + k]
        self.i += k
        return out


def _random_agent(u: np.ndarray) -> RandomAgent:
    a = RandomAgent(0)
    a._rng = FixedUniforms(u)  # type: ignore[assignment]
    return a


class Recorder:
    """An agent that plays what the wrapped one plays and records ``(seat, code)``."""

    def __init__(self, agent, seat: int, log: list) -> None:
        self.agent, self.seat, self.log = agent, seat, log
        self.observes = getattr(agent, "observes", True)
        self.legal_codes = True

    def act(self, obs, codes):
        c = self.agent.act(obs, codes)
        self.log.append((self.seat, c))
        return c


def test_random_choice_equals_random_agent():
    """codes[int(u * n)], and codes[0] without a draw when n == 1 (the uniforms include the
    ends of [0, 1): 0 and the largest double below 1)."""
    rng = np.random.default_rng(5)
    u = rng.random(8000)
    u[:4] = (0.0, np.nextafter(1.0, 0.0), 0.5, 1 / 3)
    agent = _random_agent(u)
    i = 0
    for j in range(6000):
        n = 1 if j % 7 == 0 else int(rng.integers(2, 30))
        codes = tuple(sorted(rng.choice(163, n, replace=False).tolist()))
        want = agent.act(None, codes)
        if n == 1:
            got = random_choice(codes, 0.75)  # no uniform is drawn: any u gives codes[0]
        else:
            got = random_choice(codes, float(u[i]))
            i += 1
        assert got == want, (j, codes)
    with pytest.raises(AgentError):
        random_choice((), 0.5)


def _python_hand(rules, wall, dealer, prev, agents):
    g = Game(rules, wall=wall, dealer=dealer, prev_laizi=prev)
    log: list = []
    play_game(g, [Recorder(a, s, log) for s, a in enumerate(agents)])
    return g, log


@pytest.mark.parametrize("preset", PRESETS)
def test_native_play_random_equals_python_loop(preset):
    """agents.play with four RandomAgents on given uniforms == play_game with RandomAgents
    reading the same uniforms: the same decisions, state and result."""
    rules = Rules.preset(preset)
    for seed in range(40):
        _, wall, dealer, prev = _deal(seed, 13)
        us = [np.random.default_rng([seed, s]).random(3000) for s in range(4)]
        g, log = _python_hand(rules, wall, dealer, prev, [_random_agent(u) for u in us])
        n = NativeHand(rules, wall, dealer, prev)
        decisions = play(n, ("random",) * 4, uniforms=us)
        assert decisions == len(log) and n.log == log, seed
        assert n.to_dict() == py_state(g) and n.result == result_facts(g), seed


@pytest.mark.parametrize("preset", PRESETS)
def test_native_play_greedy_and_mixed_equal_python_loop(preset):
    """agents.play with four greedy bots, and with two greedy and two random ones, == the
    Python loop with GreedyAgent / RandomAgent: the same decisions, state and result."""
    rules = Rules.preset(preset)
    for seed in range(60):
        _, wall, dealer, prev = _deal(seed, 17)
        kinds = ("greedy",) * 4 if seed % 2 else ("greedy", "random", "greedy", "random")
        us = [np.random.default_rng([seed, s, 1]).random(3000) for s in range(4)]
        agents = [GreedyAgent() if k == "greedy" else _random_agent(us[s]) for s, k in enumerate(kinds)]
        g, log = _python_hand(rules, wall, dealer, prev, agents)
        n = NativeHand(rules, wall, dealer, prev)
        play(n, kinds, uniforms=us)
        assert n.log == log, (seed, kinds)
        assert n.to_dict() == py_state(g) and n.result == result_facts(g), seed


def test_native_play_random_seeded_equals_random_agent():
    """With seeds (the numpy stream of rng.pxd): RandomAgent(seed) on every seat (which does
    not play every seat's first legal code)."""
    rules = Rules.kaikou()
    _, wall, dealer, prev = _deal(1, 19)
    n = NativeHand(rules, wall, dealer, prev)
    play(n, ("random",) * 4, seeds=(11, 12, 13, 14))
    first = NativeHand(rules, wall, dealer, prev)
    while not first.over:
        first.step(first.current_player, first.legal()[0])
    assert first.log != n.log
    for seed in range(20):
        _, wall, dealer, prev = _deal(seed, 19)
        _, log = _python_hand(rules, wall, dealer, prev, [RandomAgent(100 + seed * 4 + s) for s in range(4)])
        n = NativeHand(rules, wall, dealer, prev)
        play(n, ("random",) * 4, seeds=tuple(100 + seed * 4 + s for s in range(4)))
        assert n.log == log, seed


def test_play_errors():
    n = NativeHand(Rules.kaikou(), seed=1)
    with pytest.raises(AgentError):
        play(n, ("random",) * 3)
    with pytest.raises(AgentError):
        play(n, ("random", "random", "random", "smart"))
    with pytest.raises(AgentError):
        greedy_choice(n, 1)  # seat 1 has nothing to do on the dealer's turn
    assert play(n) > 0 and n.over
