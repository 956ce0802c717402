"""The native hand engine against the Python one, step by step.

Every hand is played by :class:`wuhanmj.game.Game` (the reference) and
:class:`wuhanmj.native.handapi.NativeHand` on the same wall with the same actions
(``helpers/native_lockstep.py``): at every decision the legal codes of all four seats and
the current player agree, after every action ``to_dict()`` equals the Python state
(``Game.to_dict()`` minus rules, events and format), and at the end the results agree
(winner, how, tile, discarder, payments, big hu, hard, liability L1–L4, the L5 co-liable
seats, the fan). Policies: random, eager, greedy, hoard, passive, flush; seeded walls,
dealers and previous 癞子 (X4).

Runs: ``N_CI`` hands per preset and ``N_CUSTOM`` per custom rule set (P2/D11 hu_order,
G4/D12 gang_cutoff, W8/D13 second_laizi, L5/D14 xiayu, P1/D18 claim_turn_gang, R3 pizi,
G2 dead_wall), each run asserting that the rare paths were met (抢杠, 海底捞, 杠上开花,
several hu on one tile, the W8 play-out ...); ``N_SLOW`` per preset and ``N_SLOW_CUSTOM``
per set on other seeds are ``soak`` (``python -m pytest -m soak``). Scripted walls play the
paths random play rarely meets: two winners on one discard and two robbers of one 蓄杠
(P2, P4, D11), 乱将 (W3, W11), the second 癞子 (W8,
D13, G4). The NativeHand API (errors, copy, mask, log) is checked at the end.

Scoring: the native engine scores with ``evaluate_win_c`` / ``is_ready_c`` (score.pxd),
its default; ``WUHANMJ_NATIVE_HAND_SCORING=python`` runs the same tests with the Python
``evaluate_win`` / ``is_ready`` plugged in (``use_scoring("python")``), and
:func:`test_native_lockstep_python_scoring_fallback` plays a few hands that way in CI.

Command: ``PYTHONPATH=src python -m pytest -q -p no:cacheprovider tests/native -m "not slow"``.
"""

from __future__ import annotations

import copy
import os

import numpy as np
import pytest
from helpers.native_lockstep import (
    CUSTOM,
    POLICIES,
    PRESETS,
    SLOW_MUST,
    Lockstep,
    play_hand,
    py_state,
)

from wuhanmj import Game, Rules, scripted_wall, shuffled_wall
from wuhanmj.errors import IllegalActionError, SetupError
from wuhanmj.game.actions import HU, LAIZI_GANG, PASS, PENG, XU_GANG
from wuhanmj.native import fallback
from wuhanmj.native.handapi import NativeHand

N_CI = 500
N_CUSTOM = 100
N_SLOW = 3000
N_SLOW_CUSTOM = 500

SCORING = os.environ.get("WUHANMJ_NATIVE_HAND_SCORING", "native")


@pytest.fixture(autouse=True, scope="module")
def _scoring():
    prev = fallback.use_scoring(SCORING)
    yield
    fallback.use_scoring(*prev)


def _run(rules: Rules, seeds) -> dict:
    stats: dict = {}
    for seed in seeds:
        play_hand(rules, seed, POLICIES[seed % len(POLICIES)], stats)
    return stats


# Paths each preset's CI run must meet, so that a change of the policies cannot make the
# lockstep vacuous: G3 海底捞, W6 杠上开花, P2/D11 several hu on one tile, X6 荒庄,
# P2 冲杠 / 碰 / 吃, P1 暗杠 and 蓄杠, P3 special plays, answers out of turn order, L1 and L2.
_MUST_MEET = ("haidilao", "gangshanghua", "zimo", "fangchong", "draw", "several_hu",
              "chi", "peng", "chong_gang", "xu_gang", "an_gang", "hongzhong_gang", "laizi_gang",
              "answer_out_of_order", "L1", "L2", "qingyise", "quanqiuren",
              "claim_turn_special")  # D18: a special play in a turn begun by a 碰/吃


def _require(stats: dict, must) -> None:
    # the counts behind the native engine's report (shown with pytest -s)
    print(f"\n[native lockstep] {stats.get('hands', 0)} hands, {stats.get('decisions', 0)} decisions compared, "
          f"{stats.get('turn', 0) + stats.get('claim', 0) + stats.get('rob', 0) + stats.get('haidi', 0)} actions")
    missing = [k for k in must if not stats.get(k)]
    assert not missing, f"paths not met: {missing}; counters {dict(sorted(stats.items()))}"


@pytest.mark.parametrize("preset", PRESETS)
def test_p1_p2_g3_native_lockstep_presets(preset):
    """G1–G4, P1–P5, W4–W8 under every preset: N_CI hands, every state and every seat's moves."""
    base = 1_000_000 * PRESETS.index(preset)
    rules = Rules.preset(preset)
    stats = _run(rules, range(base, base + N_CI))
    must = _MUST_MEET + (("pizi_gang",) if rules.pizi else ()) + (
        ("w8_play_out",) if rules.second_laizi == "play_out" else ())
    _require(stats, must)


@pytest.mark.parametrize("name", sorted(CUSTOM))
def test_d11_d12_d13_d14_native_lockstep_custom(name):
    """P2/D11 hu_order, G4/D12 gang_cutoff, W8/D13 second_laizi, L5/D14 xiayu, P1/D18
    claim_turn_gang, R3 pizi and G2 dead_wall flipped, alone and together."""
    base, changes, must = CUSTOM[name]
    first = 10_000 + 1000 * sorted(CUSTOM).index(name)
    stats = _run(Rules.preset(base).replace(**changes), range(first, first + N_CUSTOM))
    _require(stats, must)


@pytest.mark.soak
@pytest.mark.parametrize("preset", PRESETS)
def test_p1_p2_g3_native_lockstep_presets_slow(preset):
    """The same, N_SLOW hands per preset on other seeds, the rarer paths required too
    (抢杠 and L3, W8 with two 癞子, 全求人 on a discard with four melds, D11 deciding)."""
    base = 1_000_000 * PRESETS.index(preset) + 100_000
    rules = Rules.preset(preset)
    stats = _run(rules, range(base, base + N_SLOW))
    must = _MUST_MEET + ("qianggang", "hu_two_laizi", "hu_four_melds", "L3", "hu_order_matters")
    _require(stats, must)


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(CUSTOM))
def test_native_lockstep_custom_slow(name):
    base, changes, must = CUSTOM[name]
    first = 500_000 + 10_000 * sorted(CUSTOM).index(name)
    stats = _run(Rules.preset(base).replace(**changes), range(first, first + N_SLOW_CUSTOM))
    _require(stats, must + SLOW_MUST.get(name, ()))


def test_native_lockstep_python_scoring_fallback():
    """The same lockstep with the Python scoring plugged into the native engine (the
    fallback of use_scoring): both scorings give the engine the same verdicts."""
    prev = fallback.use_scoring("python")
    try:
        for preset in PRESETS:
            base = 2_000_000 + 1000 * PRESETS.index(preset)
            stats = _run(Rules.preset(preset), range(base, base + 40))
            _require(stats, ("fangchong", "zimo"))
    finally:
        fallback.use_scoring(*prev)


# ---------------------------------------------------------------------- scripted hands
# The walls of tests/game/test_moves_reference.py (rare paths played on purpose), here in
# lockstep with the native engine; the outcomes are worked out from RULES.md there.
_1Z, _2Z, _3Z, _4Z, _5S = 27, 28, 29, 30, 22


def play_script(rules: Rules, wall: list[int], dealer: int, script, where: str) -> Lockstep:
    ls = Lockstep(rules, wall, dealer, None, where)
    for seat, code in script:
        ls.step(seat, code)
    ls.check_end()
    return ls


_TWO_HU_WALL = {
    "hands": ["123456789m 5s 1223z", "112779m 3389p 29s 4z", "22588m 5779p 3588s", "112z 123456789p 5s"],
    "indicator": "9s", "dealer": 0, "draws": "5z6z"}
_TWO_HU_OPEN = [(0, _1Z), (3, PENG), (3, _2Z), (0, PENG), (0, _3Z), (1, _4Z), (2, _5S)]


@pytest.mark.parametrize("hu_order, seat3, winner", [
    ("dealer", None, 0), ("discarder", PASS, 0), ("discarder", HU, 3)])
def test_p2_d11_one_winner_on_a_discard(hu_order, seat3, winner):
    """P2, D11: two seats may win on one discard; one winner (first from the dealer or the
    discarder); the window stays open while seat 3's answer could change it."""
    rules = Rules.kaikou().replace(hu_order=hu_order)
    wall = scripted_wall(**_TWO_HU_WALL)
    script = _TWO_HU_OPEN + [(0, HU)] + ([(3, seat3)] if seat3 is not None else [])
    ls = play_script(rules, wall, 0, script, f"two hu {hu_order} {seat3}")
    r = ls.n.verdict
    assert (r["winner"], r["how"], r["win_tile"], r["discarder"]) == (winner, "fangchong", _5S, 2)


_ROB_WALL = {
    "hands": ["123456m 22p 456s 122z", "11779m 339p 2559s 4z", "225889m 5779p 388s", "112z 12345688p 67s"],
    "indicator": "9s", "dealer": 0, "draws": "5z6z3z5s"}
_ROB_OPEN = [(0, _1Z), (3, PENG), (3, _2Z), (0, PENG), (0, _5S), (3, PASS), (1, PENG), (1, _4Z),
             (2, 31), (3, 32), (0, _3Z), (1, XU_GANG + _5S)]


@pytest.mark.parametrize("hu_order, seat0, winner", [
    ("dealer", HU, 0), ("dealer", PASS, 3), ("discarder", None, 3)])
def test_p4_d11_two_seats_rob_one_xu_gang(hu_order, seat0, winner):
    """P4: both seats waiting on the 蓄杠 tile may rob it, D11 picks one; L3: the robbed
    碰 stays a 碰 and the tile leaves the robbed hand."""
    rules = Rules.kaikou().replace(hu_order=hu_order)
    wall = scripted_wall(**_ROB_WALL)
    script = _ROB_OPEN + [(3, HU)] + ([(0, seat0)] if seat0 is not None else [])
    ls = play_script(rules, wall, 0, script, f"rob {hu_order} {seat0}")
    r = ls.n.verdict
    assert (r["winner"], r["how"], r["win_tile"], r["discarder"]) == (winner, "qianggang", _5S, 1)
    assert r["liable"] == 1 and r["liable_rule"] == "L3"
    assert [m[0] for m in ls.n.to_dict()["melds"][1]] == ["peng"]


def test_p4_rob_window_passed_completes_the_xu_gang():
    """P4: when every robber passes, the 蓄杠 happens and its replacement draw follows (D1)."""
    wall = scripted_wall(**_ROB_WALL)
    ls = Lockstep(Rules.kaikou(), wall, 0, None, "rob passed")
    for seat, code in _ROB_OPEN + [(3, PASS), (0, PASS)]:
        ls.step(seat, code)
    assert ls.n.phase == "turn" and ls.n.turn == 1 and ls.n.to_dict()["draw_kind"] == 2
    assert [m[0] for m in ls.n.to_dict()["melds"][1]] == ["xu_gang"]


_LUANJIANG_WALL = {
    "hands": ["2m 4679m 1346p 34678s", "1199m 113366p 11s 3z", "4477m 4477p 4477s 3z", "225588m 22589p 25s"],
    "indicator": "1z", "dealer": 0, "draws": "6z"}
_LUANJIANG_OPEN = [(0, 1), (3, PENG), (3, 17), (0, 25)]


@pytest.mark.parametrize("preset", ["kaikou", "koukou_fan"])
def test_w3_w11_luanjiang_on_a_discard(preset):
    """W3 乱将 wins whatever its shape under kaikou; W11 refuses it under koukou_fan, so the
    seat is not even asked (P2)."""
    rules = Rules.preset(preset)
    ls = Lockstep(rules, scripted_wall(**_LUANJIANG_WALL), 0, None, f"luanjiang {preset}")
    for seat, code in _LUANJIANG_OPEN:
        ls.step(seat, code)
    if preset == "kaikou":
        assert ls.n.legal(3) == (HU, PASS)
        ls.step(3, HU)
        ls.check_end()
        assert "jiangyise" in ls.n.verdict["big"]
    else:
        assert ls.n.phase == "turn" and ls.n.current_player == 1 and not ls.n.legal(3)


_W8_HANDS = ["123456789m 223p 1s 6z", "111m 444p 9p 258777s", "222m 1555p 369888s", "333m 66678999p 46s"]
_W8_ROUND1 = [(0, 32), (1, 27), (2, 28), (3, 29)]
_W8_ROUND2 = [(0, 30), (1, 31), (2, 27), (3, 28)]


@pytest.mark.parametrize("second_laizi, late, forced", [
    ("play_out", False, True), ("keep", False, False), ("play_out", True, False)])
def test_w8_d13_g4_second_laizi(second_laizi, late, forced):
    """W8, D13: a ready player that draws its second 癞子 plays one out unless it wins; after
    the G4 cutoff (dead_wall 70: 74 tiles left) it plays on as usual."""
    rules = Rules.kaikou().replace(dead_wall=70, second_laizi=second_laizi)
    draws = "1z2z3z4z5z1z2z1s" if late else "1z2z3z1s"
    wall = scripted_wall(hands=_W8_HANDS, indicator="9s", dealer=0, draws=draws, replacements="5z")
    ls = Lockstep(rules, wall, 0, None, f"w8 {second_laizi} late={late}")
    for seat, code in _W8_ROUND1 + (_W8_ROUND2 if late else []):
        ls.step(seat, code)
    legal = ls.n.legal(0)
    if forced:
        assert legal == (LAIZI_GANG,)
        ls.step(0, LAIZI_GANG)
    else:
        assert LAIZI_GANG not in legal or not late


@pytest.mark.parametrize("cutoff", ["haidi", "dead_wall"])
def test_g4_dead_discards_and_g3_haidi(cutoff):
    """G4 (D12) with dead_wall 78: the floor is 82 tiles (haidi) and the dealer, holding only
    红中, 癞子 and 痞子 (indicator 5m: 癞子 6m, 痞子 4m 5m), may play none of them: it
    discards one, never claimable (module doc of moves); the next normal draw is the 海底
    (G3). With the looser floor (78) it plays them out as special plays (P3) instead."""
    rules = Rules.koukou_fan().replace(dead_wall=78, gang_cutoff=cutoff)
    hands = ["7777z 6666m 4444m 55m", "123456789p 1234s", "123456789s 5678p", "1234z 112233m 789m"]
    wall = scripted_wall(hands=hands, indicator="5m", dealer=0, seed=3)
    ls = Lockstep(rules, wall, 0, None, f"dead discards {cutoff}")
    if cutoff == "haidi":
        assert ls.n.legal(0) == (3, 4, 5, 33)
        ls.step(0, 33)  # a dead discard: no window, the 海底 phase at once
        assert ls.n.phase in ("haidi", "over") and ls.n.tiles_left < 82
        while not ls.n.over:
            ls.step(ls.n.current_player, ls.n.legal()[0])
    else:
        assert ls.n.legal(0) == (125, 126 + 3, 126 + 4, 160)
        for _ in range(4):  # four special plays, each with its replacement draw (P3, D1)
            ls.step(0, max(c for c in ls.n.legal(0) if c >= 125 and c != HU))
        assert ls.n.tiles_left == 78 and ls.n.length == 4
        assert not [c for c in ls.n.legal(0) if 91 <= c < HU]  # the floor is reached (G4)
        assert [k for k, _ in ls.n.to_dict()["specials"][0]] == ["laizi_gang"] * 4
        while not ls.n.over:
            ls.step(ls.n.current_player, ls.n.legal()[0])
    ls.check_end()


# ---------------------------------------------------------------------- the Python face
def test_native_hand_api():
    """NativeHand: the seed form, errors (state unchanged), copy, mask, log, result."""
    rules = Rules.koukou_fan()
    n = NativeHand(rules, seed=7, dealer=2, prev_laizi="5m")
    g = Game(rules, seed=7, dealer=2, prev_laizi="5m")
    assert n.to_dict() == py_state(g)
    assert n.current_player == 2 and n.phase == "turn" and not n.over and n.result is None
    assert n.tiles_left == 82 and n.length == 0 and n.log == []
    assert (n.indicator, n.laizi, n.pizi) == (g.indicator, g.laizi, g.pizi)
    before = n.to_dict()
    for seat, code in ((0, 0), (2, PASS), (2, 200), (2, -1), (5, 0), (True, 0), (2, 1.0), (2, "x")):
        with pytest.raises(IllegalActionError):
            n.step(seat, code)
    assert n.to_dict() == before
    m = n.mask(2)
    assert m.dtype == bool and m.shape == (163,) and tuple(np.flatnonzero(m)) == n.legal(2) == n.legal()
    assert not n.mask(0).any()
    c = n.copy()
    code = n.legal(2)[0]
    n.step(2, code)
    assert c.to_dict() == before and c.log == [] and n.log == [(2, code)]
    assert copy.copy(n).to_dict() == n.to_dict()
    c.step(np.int64(2), np.int16(code))
    assert c.to_dict() == n.to_dict() and c.log == n.log
    with pytest.raises(SetupError):
        NativeHand(rules, wall=shuffled_wall(1), seed=1)
    with pytest.raises(SetupError):
        NativeHand(rules, seed=1, dealer=4)
    assert "NativeHand" in repr(n)


def test_native_hand_plays_to_the_end_and_stops():
    """After the settlement nobody is asked, nothing is legal, and the result stays."""
    rules = Rules.kaikou()
    rng = np.random.default_rng(3)
    n = NativeHand(rules, seed=3)
    while not n.over:
        codes = n.legal()
        n.step(n.current_player, codes[int(rng.random() * len(codes))])
    assert n.current_player is None and n.legal() == () and all(n.legal(s) == () for s in range(4))
    assert n.result is not None and sum(n.result.payments) == 0
    assert n.length == (n.to_dict()["front"] - 54) + (135 - n.to_dict()["back"])
    with pytest.raises(IllegalActionError):
        n.step(0, PASS)


def test_use_scoring_choices():
    prev = fallback.use_scoring("native")
    try:
        assert fallback.scoring_in_use() == ("native", "native")
        fallback.use_scoring("python", "native")
        assert fallback.scoring_in_use() == ("python", "native")
        with pytest.raises(ValueError):
            fallback.use_scoring("fast")
    finally:
        fallback.use_scoring(*prev)
