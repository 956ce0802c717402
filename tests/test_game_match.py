"""Match (M1–M3, D5, D7): running scores, reproducible hands, escape."""

from __future__ import annotations

import numpy as np
import pytest

from game_script import heuristic_play
from wuhanmj.errors import SetupError
from wuhanmj.match import Match
from wuhanmj.rules import Rules


def play_match(seed: int, hands: int) -> Match:
    m = Match(Rules.koukou_fan(), seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(hands):
        g = m.new_game()
        heuristic_play(g, rng)
        m.finish_hand()
    return m


def test_m1_running_scores_sum_of_payments_and_reproducible():
    m = play_match(3, 12)
    assert m.hands_played == 12
    total = [sum(r.payments[s] for r in m.history) for s in range(4)]
    assert m.scores == pytest.approx(total) and sum(m.scores) == pytest.approx(0)
    m2 = play_match(3, 12)
    assert m2.scores == m.scores and [r.payments for r in m2.history] == [r.payments for r in m.history]


def test_d5_m2_dealer_and_prev_laizi_follow_each_hand():
    m = Match(Rules.kaikou(), seed=5)
    rng = np.random.default_rng(0)
    for _ in range(10):
        dealer = m.dealer
        g = m.new_game()
        assert g.dealer == dealer and g.prev_laizi == m.prev_laizi and g.scores == tuple(m.scores)
        heuristic_play(g, rng)
        r = m.finish_hand()
        moved = r.winner is not None and r.winner != dealer
        assert m.dealer == ((dealer + 1) % 4 if moved else dealer)
        assert m.prev_laizi == g.laizi


def test_m1_one_hand_at_a_time():
    m = Match()
    m.new_game()
    with pytest.raises(SetupError, match="M1"):
        m.new_game()
    with pytest.raises(SetupError, match="not over"):
        m.finish_hand()


@pytest.mark.parametrize("rules, penalty", [(Rules.kaikou(), 400), (Rules.koukou(), 500)])
def test_m3_d7_escape_penalty_shared_by_the_others(rules, penalty):
    m = Match(rules)
    m.new_game()
    pay = m.escape(2)
    assert pay[2] == -penalty
    assert pay[0] == pay[1] == pay[3] == pytest.approx(penalty / 3)
    assert sum(pay) == pytest.approx(0) and m.over and m.game is None
    with pytest.raises(SetupError, match="M3"):
        m.new_game()
