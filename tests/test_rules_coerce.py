"""A preset name is accepted wherever a rule set is (§10): ``Rules.coerce`` turns a Rules,
a preset name or None into the Rules every entry point uses; anything else is a RulesError."""

from __future__ import annotations

import pytest

from wuhanmj import Game, Match, Meld, SeatPlays, evaluate_win
from wuhanmj.hand.analysis import discard_advice, effective_tiles, wuhan_shanten
from wuhanmj.errors import RulesError
from wuhanmj.rules import PRESETS, Rules
from wuhanmj.scoring import is_ready, winning_tiles
from wuhanmj.scoring.settlement import escape_payments, settle
from wuhanmj.sim.simulate import simulate
from wuhanmj.tiles import parse_tile, parse_tiles


def test_coerce_by_hand():
    r = Rules.koukou().replace(cap=200)
    assert Rules.coerce(r) is r
    assert Rules.coerce(None) == Rules.kaikou()
    for name in PRESETS:
        assert Rules.coerce(name) == Rules.preset(name)


@pytest.mark.parametrize("name, preset", [("KAIKOU", "kaikou"), ("Koukou", "koukou"), ("KOUKOU_FAN", "koukou_fan")])
def test_preset_names_are_case_insensitive_like_agent_names(name, preset):
    """One rule for names typed by a user: presets in any case, as agents (GREEDY) are."""
    assert Rules.coerce(name) == Rules.preset(name) == getattr(Rules, preset)()
    assert Rules.from_dict({"name": name}) == getattr(Rules, preset)()


@pytest.mark.parametrize("bad", ["nonsense", "kai kou", "", 5, 1.0, True, {"name": "kaikou"}, ["kaikou"]])
def test_coerce_refuses_anything_else_naming_rules(bad):
    with pytest.raises(RulesError, match="^rules: "):
        Rules.coerce(bad)


# RULES.md E1: kaikou, seat 1 self-draws, dealer 0; payments (-16, 56, -8, -32)
E1 = dict(
    hand="234m456p789p55s", win_tile="5s", how="zimo", winner=1, dealer=0, indicator=parse_tile("5m"),
    seats=[SeatPlays(), SeatPlays(melds=(Meld.peng("777s", source=2),)), SeatPlays(),
           SeatPlays(melds=(Meld.peng("999p", source=0),), hongzhong_gang=1)],
)


def test_evaluate_win_takes_a_preset_name():
    r = evaluate_win(**E1, rules="kaikou")
    assert r.legal and r.payments == (-16, 56, -8, -32) and r.rules == Rules.kaikou()
    assert evaluate_win(**E1, rules="koukou_fan") == evaluate_win(**E1, rules=Rules.koukou_fan())


def test_winning_tiles_and_is_ready_take_a_preset_name():
    # 234m 456p 789p 5s + the 777s peng: waits on 5s (the 2/5/8 pair, W2), and on the
    # 癞子 6m (indicator 5m, R2), which stands for it
    hand = "234m456p789p5s"
    melds = [Meld.peng("777s", source=2)]
    assert winning_tiles(hand, melds, "5m", "koukou") == [parse_tile("6m"), parse_tile("5s")]
    assert is_ready(hand, "5m", "koukou", melds) is True


def test_analysis_takes_a_preset_name():
    hand, melds, laizi = parse_tiles("234m456p78p55s6m"), [Meld.peng("777s", source=2)], parse_tile("6m")
    assert wuhan_shanten(hand, melds, laizi, "koukou").value == -1  # 6m is the 癞子: complete
    # under koukou_fan the 痞子 (R3) of 癞子 6m are 5m and 4m: the hand holds 4m, not a win (W5)
    assert wuhan_shanten(hand, melds, laizi, "koukou_fan").value == 0
    assert effective_tiles(hand[:-1], melds, laizi, "koukou_fan") == effective_tiles(
        hand[:-1], melds, laizi, Rules.koukou_fan())
    assert discard_advice(hand, melds, laizi, "koukou_fan") == discard_advice(hand, melds, laizi, Rules.koukou_fan())


def test_game_match_and_settlement_take_a_preset_name():
    assert Game("koukou", seed=1).rules == Rules.koukou()
    assert Match("koukou_fan", seed=1).rules == Rules.koukou_fan()
    # koukou's escape penalty is 500 (§10): the escaper pays 500, the others get 500 / 3 each
    pay = escape_payments(2, "koukou")
    assert pay[2] == -500 and pay[0] == pay[1] == pay[3] == pytest.approx(500 / 3)
    # X1, points: a small hu, base 1; losers' fan 4, 3, 5 -> 16, 8, 32 (RULES.md E1)
    s = settle("kaikou", winner=1, winner_fan=3, loser_fan=(1, 0, 0, 2), big=0)
    assert s.payments == (-16, 56, -8, -32)


@pytest.mark.parametrize(
    "call",
    [
        lambda bad: evaluate_win(**E1, rules=bad),
        lambda bad: winning_tiles("234m456p789p5s", [Meld.peng("777s", source=2)], "5m", bad),
        lambda bad: is_ready("234m456p789p5s", "5m", bad, [Meld.peng("777s", source=2)]),
        lambda bad: wuhan_shanten(parse_tiles("234m456p78p55s6m"), [Meld.peng("777s", source=2)], 5, bad),
        lambda bad: Game(bad, seed=1),
        lambda bad: Match(bad, seed=1),
        lambda bad: escape_payments(0, bad),
        lambda bad: simulate(hands=1, agents="random", rules=bad),
    ],
)
@pytest.mark.parametrize("bad", ["nonsense", 5])
def test_a_bad_rule_set_is_a_rules_error_everywhere(call, bad):
    with pytest.raises(RulesError, match="rules"):
        call(bad)
