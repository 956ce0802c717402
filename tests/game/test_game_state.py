"""Illegal actions, determinism, replay, save/restore, clone,
and the action space, walls and setup errors."""

from __future__ import annotations

import json

import numpy as np
import pytest

from helpers.game_script import heuristic_play, make_game, random_play, run
from helpers.walls import B_HANDS, B_OPEN, F_OTHERS, game_b
from wuhanmj.game.actions import (
    ACTION_SPACE_SIZE,
    ACTIONS,
    AnGang,
    Chi,
    ChongGang,
    Discard,
    HongzhongGang,
    Hu,
    LaiziGang,
    Pass,
    Peng,
    PiziGang,
    XuGang,
    action_name,
    decode,
    encode,
)
from wuhanmj.errors import (
    IllegalActionError,
    ReplayError,
    SetupError,
    TileCountError,
    TileError,
)
from helpers.surgery import restore_unchecked
from wuhanmj.game.engine import Game
from wuhanmj.rules import Rules
from wuhanmj.tiles import parse_tile, parse_tiles
from wuhanmj.game.wall import check_wall, scripted_wall, shuffled_wall

pytestmark = pytest.mark.usefixtures("engine")  # each test on both engines (tests/conftest.py)

T = parse_tile


# ----------------------------------------------------------------- actions
def test_action_space_codes_roundtrip_and_layout():
    assert ACTION_SPACE_SIZE == 163 == len(ACTIONS)
    for code in range(ACTION_SPACE_SIZE):
        a = decode(code)
        assert a.code == code == encode(a) == a.encode()
        assert eval(repr(a)) == a  # reprs paste back into Python
    # fixed layout (never reorder): spot checks worked from the table in actions.py
    assert Discard("5m").code == 4
    assert Chi("123m").code == 34 and Chi("789s").code == 34 + 14 + 6
    assert (Peng().code, ChongGang().code) == (55, 56)
    assert XuGang("1m").code == 57 and AnGang("7z").code == 91 + 33
    assert (HongzhongGang().code, PiziGang("8s").code, LaiziGang().code) == (125, 126 + 25, 160)
    assert (Hu().code, Pass().code) == (161, 162)
    assert action_name(Chi("345p").code) == "chi 345p" and action_name(4) == "discard 5m"


@pytest.mark.parametrize("bad", ["89m", "1z", "135m", "12m"])
def test_p2_chi_must_be_a_chow(bad):
    with pytest.raises(IllegalActionError):
        Chi(bad)


def test_action_bad_values():
    with pytest.raises(TileError):
        Discard(34)
    with pytest.raises(IllegalActionError):
        decode(163)
    with pytest.raises(IllegalActionError):
        decode(True)


# ----------------------------------------------------------------- walls
def test_g1_shuffled_wall_is_seeded_and_complete():
    w = shuffled_wall(5)
    assert w == shuffled_wall(5) and w != shuffled_wall(6)
    assert sorted(w) == [t for t in range(34) for _ in range(4)]
    assert check_wall(w) == w


def test_g1_d1_scripted_wall_layout():
    w = scripted_wall(B_HANDS, "8s", draws="7m 1m", replacements="9p 1z")
    assert sorted(w[0:13]) == sorted(parse_tiles(B_HANDS[0])[:13])
    assert w[13:26] == parse_tiles(B_HANDS[1])
    assert w[52] == parse_tiles(B_HANDS[0])[13] and w[53] == T("8s")
    assert w[54:56] == [T("7m"), T("1m")] and w[-1] == T("9p") and w[-2] == T("1z")
    g = Game(wall=w)
    assert g.hand(1) == sorted(parse_tiles(B_HANDS[1])) and g.hand_size(0) == 14
    assert g.indicator == T("8s") and g.laizi == T("9s") and g.tiles_left == 82


def test_t1_bad_walls_rejected():
    with pytest.raises(TileCountError):
        check_wall([0] * 136)
    with pytest.raises(TileCountError):
        check_wall(list(range(34)))
    with pytest.raises(TileCountError):
        scripted_wall(["1m1m1m1m1m 2m"] + B_HANDS[1:], "8s")


def test_setup_errors():
    with pytest.raises(SetupError):
        Game(seed=1, wall=shuffled_wall(1))
    with pytest.raises(SetupError):
        Game(dealer=4)
    with pytest.raises(SetupError):
        Game(scores=(1, 2))


def test_r2_r3_laizi_and_pizi_from_the_indicator():
    g = make_game(B_HANDS, "8s", rules=Rules.koukou_fan())
    assert g.laizi == T("9s") and g.pizi == (T("7s"), T("8s"))
    assert make_game(B_HANDS, "8s").pizi == ()  # kaikou: 痞子 off


# ----------------------------------------------------------------- illegal actions
def with_tiles_left(g: Game, n: int) -> Game:
    """State surgery for tests: move wall tiles from the front into seats 1-3's rivers
    (as if discarded) until ``n`` tiles are left. The census still holds."""
    d = g.to_dict()
    k = d["back"] - d["front"] + 1 - n
    moved = d["wall"][d["front"] : d["front"] + k]
    d["front"] += k
    for i, t in enumerate(moved):
        d["rivers"][1 + i % 3].append(t)
    return restore_unchecked(Game, d)  # no event log reaches this state: from_dict refuses it


def b_claim():
    return run(game_b(), B_OPEN + "; 0 d 5s")


def f_turn():
    g = make_game(F_OTHERS + ["2z2z 3z 123m456m 5s 8p 7z 9s"], "8s", draws=["5z", "6z", "4z", "5s"])
    return run(g, B_OPEN + "; 0 d 5z; 1 d 6z; 2 d 4z")


ILLEGAL = [
    # (state, seat, action, rule text)
    (game_b, 1, Discard("2m"), "P1: it is seat 0's turn"),
    (game_b, 0, Discard("9s"), "P1: seat 0 holds no 9s"),
    (game_b, 0, Peng(), "P2"),
    (game_b, 0, Pass(), "P1"),
    (game_b, 0, Hu(), "P1: a self-drawn hu needs a drawn tile"),
    (game_b, 0, AnGang("1m"), "P1: an_gang needs four"),
    (game_b, 0, XuGang("1m"), "P1: xu_gang needs an own peng"),
    (game_b, 0, HongzhongGang(), "P3"),
    (game_b, 0, LaiziGang(), "P3"),
    (game_b, 0, PiziGang("8s"), "R3"),
    (game_b, 0, 999, "action code"),
    (game_b, 7, Discard("2z"), "seat"),
    (f_turn, 3, Discard("7z"), "R1"),
    (f_turn, 3, Discard("9s"), "R4"),
    (f_turn, 3, AnGang("7z"), "R1"),
    (f_turn, 3, Hu(), "W5"),
    (b_claim, 1, Peng(), "P2: seat 1 has no claim"),
    (b_claim, 2, Hu(), "W4"),
    (b_claim, 2, Discard("5s"), "P2: in a claim window"),
    (b_claim, 0, Peng(), "P2: seat 0 cannot claim its own discard"),
    (b_claim, 2, ChongGang(), "P2: chong_gang needs three"),
    (b_claim, 2, Chi("456s"), "P2: chi only by the next player"),
    (lambda: run(b_claim(), "2 peng"), 2, Pass(), "already answered"),
    (lambda: run(b_claim(), "3 hu"), 3, Discard("1m"), "over"),
    (lambda: with_tiles_left(f_turn(), 10), 3, HongzhongGang(), "G4"),
]


@pytest.mark.parametrize("state, seat, action, rule", ILLEGAL)
def test_illegal_action_names_rule_and_leaves_state_unchanged(state, seat, action, rule):
    g = state()
    before = json.dumps(g.to_dict(), sort_keys=True)
    with pytest.raises(IllegalActionError, match=rule):
        g.step(seat, action)
    assert json.dumps(g.to_dict(), sort_keys=True) == before
    if not g.over:  # still playable: the same legal actions as before
        run(g, "")
        assert g.legal_action_codes(g.current_player)


def test_g4_forced_dead_discard_when_only_special_tiles_are_left():
    """Decision (module doc of game.py): a hand of only 红中/痞子/癞子 with only the dead
    wall left (G4 forbids special plays) discards one; it is never claimable (R1)."""
    hands = ["7z7z7z7z 9s9s9s9s 7s7s7s7s 8s8s", "1m2m3m 4p5p6p 7m8m9m 1z1z 2z2z",
             "1p2p3p 4m5m6m 1s2s3s 3z3z 4z4z", "7p8p9p 2m3m4m 4s5s6s 5z5z 6z6z"]
    g = with_tiles_left(make_game(hands, "8s", rules=Rules.koukou_fan()), 10)
    assert g.legal_action_codes(0) == (T("7s"), T("8s"), T("9s"), T("7z"))
    g.step(0, Discard("7z"))
    assert g.over and g.result.draw  # no claim window; the 海底 has no tile to draw: 荒庄


# ----------------------------------------------------------------- determinism, replay, save
def play_random(seed: int, n_steps: int | None = None, rules=None) -> Game:
    rng = np.random.default_rng(seed + 1000)
    g = Game(rules or Rules.koukou_fan(), seed=seed, dealer=seed % 4, prev_laizi=seed % 34)
    k = 0
    while not g.over and (n_steps is None or k < n_steps):
        s = g.current_player
        codes = g.legal_action_codes(s)
        g.step(s, 161 if 161 in codes else codes[int(rng.random() * len(codes))])
        k += 1
    return g


def test_determinism_same_seed_same_actions_same_game():
    for seed in range(20):
        a, b = play_random(seed), play_random(seed)
        assert a.to_dict() == b.to_dict() and a.event_log() == b.event_log()


@pytest.mark.parametrize("seed", range(12))
def test_replay_reproduces_final_state_exactly(seed):
    rules = [Rules.kaikou(), Rules.koukou(), Rules.koukou_fan()][seed % 3]
    g = play_random(seed, rules=rules)
    assert Game.replay(g.events).to_dict() == g.to_dict()
    assert Game.replay(g.event_log()).to_dict() == g.to_dict()  # JSON lines


def test_replay_mid_hand_and_of_heuristic_games():
    for seed in range(10):
        g = play_random(seed, n_steps=25 + seed)
        assert Game.replay(g.events).to_dict() == g.to_dict()
        h = heuristic_play(Game(Rules.koukou_fan(), seed=seed), np.random.default_rng(seed))
        r = Game.replay(h.event_log())
        assert r.to_dict() == h.to_dict() and r.result.payments == h.result.payments


def test_replay_rejects_a_log_that_differs():
    g = play_random(3)
    evs = g.events
    i = next(i for i, e in enumerate(evs) if e["type"] == "draw")
    bad = [dict(e) for e in evs]
    bad[i]["tile"] = "1m" if bad[i]["tile"] != "1m" else "2m"
    with pytest.raises(ReplayError, match=f"event {i} differs"):
        Game.replay(bad)
    j = next(i for i, e in enumerate(evs) if e["type"] == "discard")
    bad = [dict(e) for e in evs]
    bad[j]["action"] = 162  # a pass on one's own turn
    with pytest.raises(ReplayError, match="P1"):
        Game.replay(bad)
    with pytest.raises(ReplayError):
        Game.replay("not json\n")
    with pytest.raises(ReplayError):
        Game.replay(evs[2:])


def test_to_dict_from_dict_mid_hand_continues_identically():
    for seed in range(15):
        g = play_random(seed, n_steps=10 + 3 * seed)
        saved = json.loads(json.dumps(g.to_dict()))
        h = Game.from_dict(saved)
        assert h.to_dict() == g.to_dict()
        rng1, rng2 = np.random.default_rng(seed), np.random.default_rng(seed)
        random_play(g, rng1, eager_hu=True)
        random_play(h, rng2, eager_hu=True)
        assert h.to_dict() == g.to_dict()
        assert h.result.payments == g.result.payments


def test_from_dict_rejects_broken_states():
    d = play_random(1, n_steps=20).to_dict()
    d["hands"][0][0] += 1  # a fifth tile from nowhere (T1): the hands differ from the log
    with pytest.raises(SetupError, match="hands"):
        Game.from_dict(d)
    with pytest.raises(SetupError):
        Game.from_dict({"format": "other"})


def test_clone_is_independent():
    g = play_random(4, n_steps=30)
    before = g.to_dict()
    c = g.clone()
    random_play(c, np.random.default_rng(0))
    assert g.to_dict() == before
    random_play(g, np.random.default_rng(0))
    assert g.to_dict() == c.to_dict()


def test_event_log_types_and_json_lines():
    g = heuristic_play(Game(Rules.koukou_fan(), seed=11), np.random.default_rng(1))
    lines = g.event_log().splitlines()
    evs = [json.loads(x) for x in lines]
    assert evs == g.events
    types = {e["type"] for e in evs}
    assert {"deal", "indicator", "draw", "discard", "settlement"} <= types
    assert types <= {"deal", "indicator", "draw", "discard", "claim", "pass", "meld", "gang", "special",
                     "hu", "settlement"}
    assert evs[0]["type"] == "deal" and len(evs[0]["wall"]) == 136
    assert evs[-1]["type"] == "settlement" and sum(evs[-1]["payments"]) == 0
    # the frequent events are kept compact inside the game; their public form (keys in
    # this order, as JSON lines show them) does not change
    order = {"draw": ["type", "seat", "tile", "end"], "discard": ["type", "seat", "tile", "action"],
             "pass": ["type", "seat", "action"], "claim": ["type", "seat", "kind", "tile", "from", "action"]}
    seen = set()
    for line in lines:
        e = json.loads(line)
        if e["type"] in order:
            assert list(e) == order[e["type"]], line
            seen.add(e["type"])
    assert seen == set(order)


def test_events_since_and_replay_of_an_older_rules_form():
    g = play_random(2, n_steps=40)
    evs = g.events
    assert g.n_events == len(evs) and g.events_since(10) == evs[10:]
    # a log whose rules were written by Rules.to_dict() (int money keys) replays too
    old = [dict(evs[0], rules=Rules.from_dict(evs[0]["rules"]).to_dict())] + evs[1:]
    assert Game.replay(old).to_dict() == g.to_dict()
