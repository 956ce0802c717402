"""P1, D18 ``claim_turn_gang``: a turn that began with a 碰 or 吃 is not a turn "after
drawing" — under ``"after_draw"`` (every preset) the claimer may make special plays and
discards, but 暗杠 and 蓄杠 wait for a turn that began with its own draw (a 冲杠's
replacement draw is one); under ``"any"`` they are allowed straight after the claim.

Each test plays a scripted wall on both engines (the Python :class:`~wuhanmj.game.Game`
and the native :class:`~wuhanmj.native.handapi.NativeHand`, the ``engine`` fixture of
``tests/conftest.py``); the legal codes expected
are worked out by hand below from the dealt tiles (indicator 8s: 癞子 9s, no 痞子 under
kaikou). Tile codes: 1m-9m 0-8, 1p-9p 9-17, 1s-9s 18-26, 1z-7z 27-33; 蓄杠 57 + tile,
暗杠 91 + tile, 红中杠 125.
"""

from __future__ import annotations

import json

import pytest

from helpers.game_script import make_game
from wuhanmj.errors import IllegalActionError
from wuhanmj.game.actions import AN_GANG, CHI, CHONG_GANG, HONGZHONG_GANG, HU, PASS, PENG, XU_GANG
from wuhanmj.game.engine import Game
from wuhanmj.rules import Rules

pytestmark = pytest.mark.usefixtures("engine")  # each test on both engines (tests/conftest.py)

MODES = ["after_draw", "any"]

_5P, _7Z, _6M, _2Z, _9M = 13, 33, 5, 28, 8
XU_5P = XU_GANG + _5P  # 70
XU_2Z = XU_GANG + _2Z  # 85
AN_6M = AN_GANG + _6M  # 96
CHI_234M = CHI + 1  # 35: the chow 234m (lowest tile 2m)

# The other seats of every wall: nothing they hold lets them claim what is played here.
SEAT2 = "1m1m 9m 1p 9p 2s 8s 3z 4z 5z 6z 7p 7p"
SEAT3 = "9m 2p 3p 7s 1z 5z 6z 1m 3m 8p 9p 2s 6p"

# Wall P: seat 1 holds three 5p and a 红中; it 碰s the dealer's 5p (the fourth copy) with two
# of its own and keeps the third: the tile a 蓄杠 would add. Seat 1 after the 碰:
# 5p 7z 234m 678m 345s (11 tiles).
WALL_P = dict(hands=["5p 1m4m7m 2p8p 1s4s7s 1z2z3z4z 6z", "5p5p5p 7z 2m3m4m 6m7m8m 3s4s5s", SEAT2, SEAT3],
              indicator="8s", draws="1z2z3z4z", replacements="9m")
# Wall C: seat 1 holds four 6m and 2m3m; the dealer discards 4m, seat 1 吃 234m.
# Seat 1 after the 吃: 6666m 123p 456s 1z (11 tiles).
WALL_C = dict(hands=["4m 1m7m 2p5p8p 1s4s7s 2z3z4z 6z 9m", "6m6m6m6m 2m3m 1p2p3p 4s5s6s 1z", SEAT2, SEAT3],
              indicator="8s", draws="1z2z3z4z")
# Wall G: seat 1 holds three 2z, three 5p, four 6m; it 碰s the dealer's 2z (keeping the
# fourth), later 冲杠s the dealer's 5p and draws 9m from the back.
WALL_G = dict(hands=["2z 5p 1m4m7m 2p8p 4s7s 1z3z4z 6z 9m", "2z2z2z 5p5p5p 6m6m6m6m 1s2s3s", SEAT2, SEAT3],
              indicator="8s", draws="1z3z4z", replacements="9m")


class Hand:
    """The hand under test (either engine) behind the few calls these tests make."""

    def __init__(self, mode: str, wall: dict) -> None:
        rules = Rules.kaikou().replace(claim_turn_gang=mode)
        self.h = make_game(wall["hands"], wall["indicator"], draws=wall["draws"],
                           replacements=wall.get("replacements", ()), rules=rules)

    def legal(self, seat: int) -> tuple[int, ...]:
        return self.h.legal_action_codes(seat)

    def step(self, seat: int, code: int) -> None:
        self.h.step(seat, code)

    def state(self) -> str:
        return json.dumps(self.h.to_dict(), sort_keys=True)

    def drawn(self) -> int | None:
        return self.h.to_dict()["drawn"]

    def play_until_turn(self, seat: int) -> None:
        """Every claim and 海底 win passed, every other seat discards the tile it drew,
        until ``seat`` is on turn."""
        h = self.h
        while not (h.phase == "turn" and h.current_player == seat):
            s = h.current_player
            codes = self.legal(s)
            self.step(s, PASS if PASS in codes else self.drawn())


def peng_5p(mode) -> Hand:
    h = Hand(mode, WALL_P)
    h.step(0, _5P)
    assert h.legal(1) == (PENG, CHONG_GANG, PASS)
    h.step(1, PENG)
    return h


# seat 1 after 碰 5p: discards 2m 3m 4m 6m 7m 8m 5p 3s 4s 5s (never the 红中, R1), 红中杠
P_DISCARDS = (1, 2, 3, 5, 6, 7, 13, 20, 21, 22)


def test_d18_no_xu_gang_of_the_peng_just_made_after_draw():
    """after_draw: seat 1 holds the fourth 5p right after its 碰, but no 蓄杠 now."""
    h = peng_5p("after_draw")
    assert h.legal(1) == P_DISCARDS + (HONGZHONG_GANG,)


def test_d18_any_offers_xu_gang_of_the_peng_just_made():
    h = peng_5p("any")
    assert h.legal(1) == P_DISCARDS + (XU_5P, HONGZHONG_GANG)


def test_d18_xu_gang_straight_after_peng_is_refused_and_changes_nothing():
    h = peng_5p("after_draw")
    before = h.state()
    match = r"^P1/D18: no xu_gang in a turn that began with a chi/peng"
    with pytest.raises(IllegalActionError, match=match):
        h.step(1, XU_5P)
    assert h.state() == before
    assert h.legal(1) == P_DISCARDS + (HONGZHONG_GANG,)


@pytest.mark.parametrize("mode", MODES)
def test_d18_xu_gang_on_the_next_turn_that_began_with_a_draw(mode):
    """Seat 1 discards 8m; seats 2, 3, 0 draw 1z 2z 3z and discard them; seat 1 draws 4z:
    a turn that began with its own draw, so the 蓄杠 of 5p is offered in both settings."""
    h = peng_5p(mode)
    h.step(1, 7)  # 8m
    h.play_until_turn(1)
    assert h.drawn() == 30  # 4z
    assert h.legal(1) == (1, 2, 3, 5, 6, 13, 20, 21, 22, 30, XU_5P, HONGZHONG_GANG)


@pytest.mark.parametrize("mode", MODES)
def test_d18_p3_hongzhong_gang_after_peng_is_playable(mode):
    """A 红中 may be played out at any time (P3, 红中可以随时拿出来杠牌), also right after a
    碰; its replacement draw (9m, no win: 5p 9m 234m 678m 345s) does not begin a turn, so
    under after_draw the 蓄杠 still waits (the reading of D18 for a special play's draw)."""
    h = peng_5p(mode)
    assert HONGZHONG_GANG in h.legal(1)
    h.step(1, HONGZHONG_GANG)
    assert h.drawn() == _9M
    discards = (1, 2, 3, 5, 6, 7, _9M, 13, 20, 21, 22)
    assert h.legal(1) == (discards if mode == "after_draw" else discards + (XU_5P,))


def chi_234m(mode) -> Hand:
    h = Hand(mode, WALL_C)
    h.step(0, 3)  # 4m
    assert h.legal(1) == (CHI_234M, PASS)
    h.step(1, CHI_234M)
    return h


# seat 1 after 吃 234m: discards 6m 1p 2p 3p 4s 5s 6s 1z
C_DISCARDS = (_6M, 9, 10, 11, 21, 22, 23, 27)


def test_d18_no_an_gang_after_chi():
    """after_draw: four 6m in hand right after a 吃, but no 暗杠 in that turn."""
    h = chi_234m("after_draw")
    assert h.legal(1) == C_DISCARDS
    before = h.state()
    match = r"^P1/D18: no an_gang in a turn that began with a chi/peng"
    with pytest.raises(IllegalActionError, match=match):
        h.step(1, AN_6M)
    assert h.state() == before


def test_d18_any_offers_an_gang_after_chi():
    h = chi_234m("any")
    assert h.legal(1) == C_DISCARDS + (AN_6M,)


@pytest.mark.parametrize("mode", MODES)
def test_d18_an_gang_on_the_next_turn_that_began_with_a_draw(mode):
    """Seat 1 discards 1z; the others draw and discard 1z 2z 3z; seat 1 draws 4z: 暗杠 6m."""
    h = chi_234m(mode)
    h.step(1, 27)  # 1z
    h.play_until_turn(1)
    assert h.drawn() == 30
    assert h.legal(1) == (_6M, 9, 10, 11, 21, 22, 23, 30, AN_6M)


def peng_2z(mode) -> Hand:
    h = Hand(mode, WALL_G)
    h.step(0, _2Z)
    assert h.legal(1) == (PENG, CHONG_GANG, PASS)
    h.step(1, PENG)
    return h


@pytest.mark.parametrize("mode", MODES)
def test_d18_peng_turn_with_a_fourth_tile_and_four_of_a_kind(mode):
    """Seat 1 after 碰 2z: 2z 555p 6666m 123s; discards 6m 5p 1s 2s 3s 2z; under "any" also
    蓄杠 2z and 暗杠 6m (5p: only three)."""
    h = peng_2z(mode)
    discards = (_6M, _5P, 18, 19, 20, _2Z)
    assert h.legal(1) == (discards if mode == "after_draw" else discards + (XU_2Z, AN_6M))


@pytest.mark.parametrize("mode", MODES)
def test_d18_chong_gang_replacement_draw_is_a_draw(mode):
    """Seat 1 discards 1s; the others draw 1z 3z 4z, the dealer discards 5p instead of its
    draw; seat 1 冲杠s it and draws 9m from the back: its turn began with a draw, so 蓄杠
    2z and 暗杠 6m are offered in both settings (hand 2z 6666m 23s 9m: no win)."""
    h = peng_2z(mode)
    h.step(1, 18)  # 1s
    h.play_until_turn(0)
    h.step(0, _5P)
    assert h.legal(1) == (PENG, CHONG_GANG, PASS)
    h.step(1, CHONG_GANG)
    assert h.drawn() == _9M
    assert h.legal(1) == (_6M, _9M, 19, 20, _2Z, XU_2Z, AN_6M)
    assert HU not in h.legal(1)


# ---------------------------------------------------------------- the Python engine's views
@pytest.mark.python_only
def test_d18_saved_claim_turn_restores_without_the_gang():
    """The flag is not a save field: Game.from_dict replays the log, restore_unchecked reads
    it from the log; both keep the turn one that began with a 碰 (no 蓄杠)."""
    from helpers.surgery import restore_unchecked

    g = peng_5p("after_draw").h
    assert g.state.claim_turn
    d = g.to_dict()
    assert Game.from_dict(d).legal_action_codes(1) == P_DISCARDS + (HONGZHONG_GANG,)
    assert restore_unchecked(Game, d).legal_action_codes(1) == P_DISCARDS + (HONGZHONG_GANG,)
    assert g.clone().legal_action_codes(1) == P_DISCARDS + (HONGZHONG_GANG,)


@pytest.mark.python_only
def test_d18_the_flag_ends_with_the_discard():
    g = peng_5p("after_draw").h
    g.step(1, 7)
    assert not g.state.claim_turn
