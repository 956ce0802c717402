"""Match (M1–M3, D5, D7): running scores, reproducible hands, escape."""

from __future__ import annotations

import numpy as np
import pytest

from helpers.game_script import heuristic_play
from wuhanmj.errors import SetupError
from wuhanmj.game.match import Match
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


# ---------------------------------------------------------------- bad arguments, failed hands
from wuhanmj.agents.base import RandomAgent  # noqa: E402
from wuhanmj.errors import AgentError, IllegalActionError, RulesError, TileCountError  # noqa: E402


@pytest.mark.parametrize("name", ["kaikou", "koukou", "koukou_fan"])
def test_m1_match_takes_a_preset_name(name):
    assert Match(name).rules == Rules.preset(name)


@pytest.mark.parametrize("bad", ["kaikuo", 5, {"name": "kaikou"}])
def test_m1_match_bad_rules_is_a_rules_error(bad):
    with pytest.raises(RulesError):
        Match(bad)


@pytest.mark.parametrize("bad", ["x", -1, True, 2.0])
def test_m1_match_bad_seed_is_a_setup_error(bad):
    with pytest.raises(SetupError, match="seed"):
        Match(seed=bad)


def _deal(m: Match) -> dict:
    return m.new_game().events[0]  # the deal event: wall, dealer, prev 癞子, scores


def _broken(observation, legal_actions):
    raise RuntimeError("agent bug")


def test_m1_failed_play_hand_leaves_the_match_as_before_the_hand():
    m = play_match(4, 2)  # two hands played: scores, dealer and 连癞 are not the initial ones
    before = (list(m.scores), m.dealer, m.prev_laizi, m.hands_played)
    agents = [RandomAgent(1), RandomAgent(2), _broken, RandomAgent(3)]
    with pytest.raises(AgentError, match=r"seat 2.*RuntimeError: agent bug") as exc:
        m.play_hand(agents)
    assert isinstance(exc.value.__cause__, RuntimeError)
    assert m.game is None
    assert (list(m.scores), m.dealer, m.prev_laizi, m.hands_played) == before
    # the next hand is the one the failed hand was: same wall (a copy of the match agrees)
    twin = play_match(4, 2)
    assert _deal(m) == _deal(twin)


def test_m1_failed_play_hand_then_play_hand_works():
    m = Match(seed=9)
    with pytest.raises(AgentError, match="seat 0"):
        m.play_hand([_broken, RandomAgent(1), RandomAgent(2), RandomAgent(3)])
    r = m.play_hand([RandomAgent(s) for s in range(4)])
    fresh = Match(seed=9)
    assert r == fresh.play_hand([RandomAgent(s) for s in range(4)])
    assert m.hands_played == 1


def test_m1_play_hand_illegal_action_names_the_seat_and_rolls_back():
    m = Match(seed=2)

    def first_then_bad(observation, legal_actions):  # plays its first action, then a foreign one
        return legal_actions[0] if observation.seat != 1 else object()

    with pytest.raises(IllegalActionError, match="seat 1 played"):
        m.play_hand([first_then_bad] * 4)
    assert m.game is None and m.hands_played == 0


def test_m1_play_hand_refuses_what_is_not_an_agent():
    m = Match(seed=2)
    with pytest.raises(AgentError, match="seat 3"):
        m.play_hand([RandomAgent(0), RandomAgent(1), RandomAgent(2), 42])
    with pytest.raises(SetupError, match="agents: four expected"):
        m.play_hand(None)
    assert m.game is None


def test_m1_abandon_hand_deals_the_same_hand_again():
    m = Match(seed=6)
    first = _deal(m)
    g = m.abandon_hand()
    assert g.events[0] == first and m.game is None and m.hands_played == 0
    assert _deal(m) == first
    with pytest.raises(SetupError, match="no hand in play"):
        Match().abandon_hand()


def test_m1_refused_wall_does_not_shift_later_hands():
    m, twin = Match(seed=11), Match(seed=11)
    with pytest.raises(TileCountError):
        m.new_game(wall=[0] * 136)  # not a wall of 136 distinct copies
    assert m.game is None
    assert _deal(m) == _deal(twin)
