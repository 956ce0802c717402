"""Invariants over many random-legal-action hands.

- T1: all 136 tiles accounted for (hands, melds, rivers, special plays, indicator,
  wall) at every step of 1,000 hands, and at the end of 10,000 hands;
- X5: every settlement sums to zero (X6: a draw pays nothing);
- W5, W4: a winning hand never holds 红中 or a 痞子, and the winner has opened;
- every hand ends (within a bound on the number of steps), G2: the dead wall is never drawn.

The per-step census here is written independently of :meth:`Game.census`: it counts
from the public accessors (hand, melds, discards, special plays) and the wall.
"""

from __future__ import annotations

import numpy as np
import pytest

from helpers.game_script import heuristic_play, random_play
from wuhanmj.game.engine import Game
from wuhanmj.rules import Rules
from wuhanmj.tiles import HONGZHONG

pytestmark = pytest.mark.usefixtures("engine")  # each test on both engines (tests/conftest.py)

RULESETS = [Rules.kaikou(), Rules.koukou(), Rules.koukou_fan()]


def census_from_views(g: Game) -> list[int]:
    c = [0] * 34
    for s in range(4):
        for t in g.hand(s):
            c[t] += 1
        for m in g.melds(s):
            for t in m.tiles:
                c[t] += 1
        for t in g.discards(s):
            c[t] += 1
        for _, t in g.special_plays(s):
            c[t] += 1
    c[g.indicator] += 1
    if hasattr(g, "state"):  # the Python engine's HandState
        wall, front, back = g.state.wall, g.state.front, g.state.back
    else:  # the native hand: its state fields (no event log)
        d = g.state_dict()
        wall, front, back = d["wall"], d["front"], d["back"]
    for t in wall[front : back + 1]:  # the wall is hidden state: read it directly
        c[t] += 1
    return c


def check_end(g: Game) -> None:
    assert g.over
    r = g.result
    assert g.census() == [4] * 34
    assert sum(r.payments) == pytest.approx(0, abs=1e-9)  # X5
    assert g.tiles_left >= g.rules.dead_wall  # G2
    if r.winner is None:
        assert r.payments == (0, 0, 0, 0)  # X6
        return
    w = r.winner
    hand = g.hand(w)
    assert HONGZHONG not in hand  # W5
    assert not set(g.pizi) & set(hand)  # W5 (R3)
    assert any(m.is_opening for m in g.melds(w))  # W4
    assert r.win.legal and r.payments[w] > 0
    assert len(hand) + 3 * len(g.melds(w)) == 14
    assert r.win_tile in hand


def test_t1_census_at_every_step_1000_hands():
    rng = np.random.default_rng(2024)
    want = [4] * 34

    def check(g):
        assert census_from_views(g) == want

    for i in range(1000):
        g = Game(RULESETS[i % 3], seed=i, dealer=i % 4)
        check(g)
        random_play(g, rng, eager_hu=bool(i % 2), check=check)
        check_end(g)


def visible_from_views(g: Game) -> list[int]:
    """Tiles face up (D6), counted from the public accessors."""
    c = [0] * 34
    for s in range(4):
        for m in g.melds(s):
            for t in m.tiles:
                c[t] += 1
        for t in g.discards(s):
            c[t] += 1
        for _, t in g.special_plays(s):
            c[t] += 1
    c[g.indicator] += 1
    return c


def test_d6_visible_counts_at_every_step_300_hands():
    """The engine keeps the count of face-up tiles as it goes; at every step it equals a
    fresh count of the public views, and every seat's observation shows it."""
    rng = np.random.default_rng(606)

    def check(g):
        want = tuple(visible_from_views(g))
        assert g.visible_counts() == want
        s = g.current_player
        if s is not None:
            assert g.observation(s).visible_counts == want

    from wuhanmj.game.actions import HU, PASS

    for i in range(300):
        g = Game(RULESETS[i % 3], seed=50_000 + i, dealer=i % 4)
        check(g)
        while not g.over:
            s = g.current_player
            codes = g.legal_action_codes(s)
            claims = [c for c in codes if c != PASS] if g.phase in ("claim", "rob") else []
            if HU in codes and i % 2:
                c = HU
            elif claims and rng.random() < 0.8:  # many melds, and wins on discards
                c = claims[int(rng.random() * len(claims))]
            else:
                c = codes[int(rng.random() * len(codes))]
            g.step(s, c)
            check(g)
        assert g.from_dict(g.to_dict()).visible_counts() == g.visible_counts()


def test_x5_w5_settlements_and_wins_over_10000_hands():
    """10,000 hands, all three presets, played uniformly at random, hu-eager random, or by
    a greedy-ish policy: every hand ends within 300 steps, its census holds, its
    settlement sums to zero, no winner holds 红中/痞子."""
    rng = np.random.default_rng(7)
    wins = 0
    for i in range(10_000):
        g = Game(RULESETS[i % 3], seed=rng, dealer=i % 4)
        if i % 4 == 3:
            heuristic_play(g, rng)
            check_end(g)
            wins += g.result.winner is not None
            continue
        eager = i % 2 == 1
        steps = 0
        while not g.over:
            s = g.current_player
            codes = g.legal_action_codes(s)
            assert codes, f"hand {i}: seat {s} has no legal action in phase {g.phase}"
            c = 161 if eager and 161 in codes else codes[int(rng.random() * len(codes))]
            g.step(s, c)
            steps += 1
            assert steps < 300, f"hand {i} does not end"
        check_end(g)
        wins += g.result.winner is not None
    assert wins > 500  # the hu-eager and greedy hands must produce wins for this test to mean anything


@pytest.mark.python_only
def test_hu_caches_agree_with_a_fresh_evaluation():
    """The engine caches a seat's winning kinds between its discards; a clone with every
    cache dropped must offer the same legal actions at every step (hu included)."""
    from wuhanmj.game.actions import HU

    rng = np.random.default_rng(99)
    seen_hu = 0
    for i in range(300):
        g = Game(RULESETS[i % 3], seed=10_000 + i, dealer=i % 4)
        while not g.over:
            s = g.current_player
            fresh = g.clone()
            fresh.state.drop_caches()
            codes = g.legal_action_codes(s)
            assert fresh.legal_action_codes(s) == codes
            seen_hu += HU in codes
            claims = [c for c in codes if c != 162] if g.phase in ("claim", "rob") else []
            c = claims[0] if claims and rng.random() < 0.8 else codes[int(rng.random() * len(codes))]
            g.step(s, HU if HU in codes and rng.random() < 0.3 else c)
    assert seen_hu > 20
