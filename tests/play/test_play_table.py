"""A person's seat against three bots (wuhanmj.play.table, .hints): asked only when it has a
choice, what it may know of the events, its record once the hand is over, hints checked
against the slow shanten reference."""

from __future__ import annotations

import json

import pytest
from reference.shanten_ref import wuhan_routes_ref

from wuhanmj import Rules, format_tile, tile_counts
from wuhanmj.errors import AgentError, IllegalActionError, RenderError, SetupError
from wuhanmj.game.actions import LAIZI_GANG, PASS
from wuhanmj.game.engine import Game
from wuhanmj.game.wall import scripted_wall
from wuhanmj.play import Table, bot_specs, hint, public_event


def _play_out(t: Table, choose=lambda codes: codes[0]) -> Game:
    g = t.game
    while not g.over:
        assert t.to_act()
        t.act(choose(t.legal()))
    return g


def test_the_person_is_asked_only_with_a_choice_and_bots_play_the_rest():
    t = Table("kaikou", seed=11, seat=2)
    g = t.deal()
    asked = 0
    while not g.over:
        assert t.to_act() and g.current_player == 2
        assert len(t.legal()) >= 2  # one legal action is played for the person
        t.act(t.legal()[-1] if PASS in t.legal() else t.legal()[0])
        asked += 1
    assert asked > 0 and sum(g.result.payments) == 0
    assert t.legal() == () and not t.to_act()


# W8/D13 (tests/game/test_game_new_fields.py): seat 1 is ready with one 癞子 9s and draws the
# second; under play_out its only legal action is the 癞子杠
D13_READY = [
    "6z 4m5m6m 7m8m9m 4p5p6p 7s8s 1s 5z",
    "1m2m3m 4m5m6m 7p8p9p 2s3s 5s 9s",
    "1z2z3z4z 2p3p 3m 5p6p 6s7s 1s 2m",
    "1z2z3z4z 1p2p 1m 7m 8p 4s 6s 7s 5z",
]


def test_w8_d13_a_single_legal_action_is_played_for_the_person():
    rules = Rules.kaikou().replace(second_laizi="play_out")
    t = Table(rules, seat=1)
    g = t.deal(wall=scripted_wall(D13_READY, "8s", draws=["9s"]))
    assert t.auto_played == [LAIZI_GANG]
    assert g.special_plays(1) == (("laizi_gang", 26),) and t.to_act()
    t2 = Table(rules, seat=1, auto_single=False)
    t2.deal(wall=scripted_wall(D13_READY, "8s", draws=["9s"]))
    assert t2.legal() == (LAIZI_GANG,) and t2.auto_played == []


def test_acting_out_of_turn_or_illegally_changes_nothing():
    t = Table("kaikou", seed=3)
    g = t.deal()
    before = json.dumps(g.to_dict(), sort_keys=True)
    illegal = next(c for c in range(34) if c not in t.legal())
    with pytest.raises(IllegalActionError):
        t.act(illegal)
    assert json.dumps(g.to_dict(), sort_keys=True) == before
    _play_out(t)
    with pytest.raises(IllegalActionError, match="not asked"):
        t.act(0)


def test_public_events_hide_other_draws_claims_passes_and_the_deal():
    seat = 1
    evs = [
        {"type": "deal", "dealer": 0, "scores": [0] * 4, "wall": ["1m"] * 136, "hands": ["1m"] * 4, "rules": {}},
        {"type": "draw", "seat": 0, "tile": "5m", "end": "front"},
        {"type": "draw", "seat": 1, "tile": "6m", "end": "front"},
        {"type": "claim", "seat": 2, "kind": "peng", "tile": "5m", "from": 0, "action": 55},
        {"type": "pass", "seat": 3, "action": 162},
        {"type": "pass", "seat": 1, "action": 162},
        {"type": "discard", "seat": 0, "tile": "5m", "action": 4},
    ]
    out = [public_event(e, seat) for e in evs]
    assert out[0] == {"type": "deal", "dealer": 0, "scores": [0] * 4}
    assert out[1] == {"type": "draw", "seat": 0, "end": "front"}
    assert out[2] == {"type": "draw", "seat": 1, "tile": "6m", "end": "front"}
    assert out[3] is None and out[4] is None
    assert out[5] == {"type": "pass", "seat": 1}
    assert out[6] == {"type": "discard", "seat": 0, "tile": "5m"}


def test_the_public_log_of_a_whole_hand_never_holds_another_seats_drawn_tile():
    t = Table("koukou_fan", seed=8, seat=3)
    g = t.deal()
    _play_out(t)
    full = g.events
    pub = t.public_events()
    assert all("wall" not in e and "hands" not in e for e in pub)
    others = [e for e in pub if e["type"] == "draw" and e["seat"] != 3]
    assert others and all("tile" not in e for e in others)
    assert len([e for e in full if e["type"] == "draw"]) == len([e for e in pub if e["type"] == "draw"])


def test_record_only_once_the_hand_is_over_and_it_replays():
    t = Table("kaikou", seed=4, agents="greedy,random,greedy")
    g = t.deal()
    with pytest.raises(SetupError, match="not over"):
        t.record()
    _play_out(t)
    rec = t.record()
    assert rec["agents"] == ["you", "greedy", "random", "greedy"] and rec["hand"] == 0
    again = Game.replay(rec["events"])
    assert again.result.payments == g.result.payments == tuple(rec["result"]["payments"])


def test_running_scores_over_a_match():
    t = Table("kaikou", seed=6)
    total = [0, 0, 0, 0]
    for _ in range(3):
        g = t.deal()
        _play_out(t)
        total = [a + b for a, b in zip(total, g.result.payments)]
        assert t.scores == total  # a finished hand counts before it is settled
    t.finish()
    assert t.match.scores == total and t.hand_no == 3 and t.match.hands_played == 3


@pytest.mark.parametrize("spec,want", [
    ("greedy", [None, "greedy", "greedy", "greedy"]),
    ("greedy,random,greedy", [None, "greedy", "random", "greedy"]),
    (["human", "random", "greedy", "random"], [None, "random", "greedy", "random"]),
])
def test_bot_specs(spec, want):
    assert bot_specs(spec, 0) == want


@pytest.mark.parametrize("spec,seat", [("greedy,random", 0), ("greedy,greedy,greedy,greedy", 1), ("nope", 0)])
def test_bad_agents_are_agent_errors(spec, seat):
    with pytest.raises(AgentError):
        Table("kaikou", agents=spec, seat=seat)


@pytest.mark.parametrize("seat", [4, -1, "1", True])
def test_bad_seat(seat):
    with pytest.raises(SetupError, match="seat"):
        Table("kaikou", seat=seat)


def _ref_shanten(hand, laizi, pizi=()):
    return min(wuhan_routes_ref(tile_counts(hand), laizi, pizi).values())


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_hint_shanten_and_advice_agree_with_the_slow_reference(seed):
    t = Table("koukou_fan", seed=seed)
    t.deal()
    obs = t.observation()
    assert not obs.melds[0]  # the dealer's first decision: no melds, so every route is open
    h = hint(obs, t.rules)
    hand = list(obs.hand)
    assert h.shanten == _ref_shanten(hand, obs.laizi, obs.pizi)
    assert h.advice
    for opt in h.advice:
        rest = list(hand)
        rest.remove(opt.tile)
        assert opt.shanten == _ref_shanten(rest, obs.laizi, obs.pizi), format_tile(opt.tile)
    assert [o.shanten for o in h.advice] == sorted(o.shanten for o in h.advice)
    d = h.to_dict()
    assert d["shanten"] == h.shanten and d["lines"][0].startswith("向听 shanten")


def test_hint_in_a_claim_window_names_the_tile_offered():
    for seed in range(40):
        t = Table("kaikou", seed=seed)
        g = t.deal()
        while not g.over and g.phase != "claim":
            t.act(t.legal()[0])
        if g.phase == "claim":
            break
    else:
        pytest.skip("no claim window for the person in these seeds")
    obs = t.observation()
    h = hint(obs, t.rules)
    assert h.effective is not None and h.claim_tile == obs.claim_tile
    assert h.claim_helps == (obs.claim_tile in h.effective.tiles)
    assert any("the tile offered" in ln for ln in h.lines())


def test_hint_needs_an_observation():
    with pytest.raises(RenderError):
        hint("x")


# A bot over the line protocol that answers an action no request allows.
ILLEGAL_BOT = r'''
import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "request":
        print(999, flush=True)
'''


def test_faults_of_a_cmd_bot_played_safe_are_counted_by_seat_and_shown_after_the_hand(tmp_path):
    import sys

    from wuhanmj.agents.process import bot_defaults
    from wuhanmj.play.terminal import play_match

    script = tmp_path / "illegal_bot.py"
    script.write_text(ILLEGAL_BOT)
    with bot_defaults(on_error="pass"):
        t = Table("kaikou", agents=f"greedy,cmd:{sys.executable} {script},greedy", seed=3)
    try:
        shown: list[str] = []
        play_match(t, hands=1, read=lambda prompt: "1", write=shown.append)
        text = "\n".join(shown)
        line = next(x for x in shown if "safest action" in x)
        assert line.startswith(f"cmd:{sys.executable} {script} (seat 2): ")
        assert int(line.split("(seat 2): ")[1].split()[0]) > 0  # every decision of seat 2
        assert f"the last: bot '{sys.executable} {script}' (seat 2, hand 1) answered '999'" in line
        assert t.take_bot_faults() == {}  # taken by the hand's end
    finally:
        for b in t.bots:
            if hasattr(b, "close"):
                b.close()
