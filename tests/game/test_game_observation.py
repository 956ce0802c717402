"""Observations: what a seat sees, nothing hidden from it, and the
numeric encoding for learning code."""

from __future__ import annotations

import numpy as np
import pytest

from helpers.game_script import make_game, run
from helpers.walls import B_HANDS, B_OPEN
from wuhanmj.game.actions import ACTION_SPACE_SIZE, Peng
from helpers.surgery import restore_unchecked
from wuhanmj.game.engine import Game
from wuhanmj.game.observation import N_PLANES, N_SCALARS
from wuhanmj.rules import Rules
from wuhanmj.tiles import parse_tile

pytestmark = pytest.mark.usefixtures("engine")  # each test on both engines (tests/conftest.py)

T = parse_tile


def swap_hidden(g: Game, seat: int, keep: int) -> Game:
    """The same public state with ``seat``'s concealed tiles exchanged with wall tiles of
    other kinds (hidden from ``keep``): only information ``keep`` must not see changes."""
    d = g.to_dict()
    hand = d["hands"][seat]
    wall = d["wall"]
    front, back = d["front"], d["back"]
    for i in range(front, back + 1):
        t = wall[i]
        # find a held kind different from t; swap one copy with this wall tile
        for u in range(34):
            if hand[u] and u != t and hand[t] < 4 and u in wall[:53]:
                hand[u] -= 1
                hand[t] += 1
                j = wall.index(u)  # keep the full wall a permutation of the 136 tiles
                wall[i], wall[j] = u, t
                break
        if i - front > 6:
            break
    h = restore_unchecked(Game, d)  # state surgery: no event log reaches it
    assert h.hand(seat) != g.hand(seat)
    return h


def obs_equal(a, b) -> bool:
    ea, eb = a.encode(), b.encode()
    return a == b and all(np.array_equal(ea[k], eb[k]) for k in ea)


def test_observation_hides_other_hands_and_the_wall():
    """Changing another seat's concealed tiles and the wall leaves the observation and its
    encoding unchanged; changing the seat's own tiles changes it."""
    for seed in range(6):
        g = Game(Rules.koukou_fan(), seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(8 + 5 * seed):  # some play first, so melds and discards exist
            s = g.current_player
            codes = g.legal_action_codes(s)
            g.step(s, codes[int(rng.random() * len(codes))])
            if g.over:
                break
        if g.over:
            continue
        me = g.current_player
        other = (me + 2) % 4
        h = swap_hidden(g, other, me)
        assert obs_equal(g.observation(me), h.observation(me))
        assert not obs_equal(g.observation(other), h.observation(other))


def test_observation_fields_at_a_claim_window():
    g = make_game(B_HANDS, "8s")
    run(g, B_OPEN + "; 0 d 5s")
    o = g.observation(2)
    assert o.seat == 2 and o.hand == tuple(g.hand(2)) and o.drawn is None
    assert o.phase == "claim" and o.turn == 0 and o.claim_tile == T("5s")
    assert o.current_player == 2 and o.legal_actions == (Peng().code, 162)
    assert [repr(m) for m in o.melds[3]] == ['Meld.peng("222z", source=0)']
    assert o.discards == ((T("5s"),), (), (), (T("3z"),))
    assert o.hand_sizes == (13, 13, 13, 10)
    assert (o.indicator, o.laizi, o.pizi, o.tiles_left, o.dealer) == (T("8s"), T("9s"), (), 81, 0)
    # D6: face up are the two discards, the 222z peng and the indicator
    want = [0] * 34
    for t, k in ((T("5s"), 1), (T("3z"), 1), (T("2z"), 3), (T("8s"), 1)):
        want[t] += k
    assert o.visible_counts == tuple(want)
    assert list(np.flatnonzero(o.action_mask())) == [Peng().code, 162]
    # the discarder sees its drawn tile only on its own turn
    assert g.observation(0).drawn is None and g.observation(0).hand == tuple(g.hand(0))


def test_observation_encoding_shapes_and_planes():
    g = make_game(B_HANDS, "8s", rules=Rules.koukou_fan())
    run(g, B_OPEN)
    o = g.observation(0)  # seat 0 has just drawn its first tile
    e = o.encode()
    assert e["tiles"].shape == (N_PLANES, 34) and e["tiles"].dtype == np.uint8
    assert e["scalars"].shape == (N_SCALARS,) and e["scalars"].dtype == np.float32
    assert e["action_mask"].shape == (ACTION_SPACE_SIZE,) and e["action_mask"].dtype == bool
    tiles = e["tiles"]
    assert tiles[0].sum() == 14 and list(tiles[0]) == [g.hand(0).count(t) for t in range(34)]
    # seat 3 is relative seat 3 (previous player): its peng of 2z, its discard 3z
    assert tiles[1 + 3, T("2z")] == 3 and tiles[5 + 3, T("3z")] == 1
    assert tiles[13, T("8s")] == 1 and tiles[14, T("9s")] == 1
    assert set(np.flatnonzero(tiles[15])) == {T("7s"), T("8s")}
    assert tiles[17, g.drawn_tile(0)] == 1 and tiles[17].sum() == 1
    assert e["scalars"][1] == 1.0  # phase "turn"
    assert e["scalars"][27] == 1.0 and e["scalars"][28] == 1.0  # pizi on, fan schedule
    assert np.array_equal(e["action_mask"], g.action_mask(0))


def test_observation_never_shows_another_seats_drawn_tile():
    g = make_game(B_HANDS, "8s", draws=["7m"])
    run(g, B_OPEN)
    assert g.drawn_tile(0) == T("7m") and g.observation(0).drawn == T("7m")
    for s in (1, 2, 3):
        o = g.observation(s)
        assert o.drawn is None and o.legal_actions == () and o.hand == tuple(g.hand(s))
        assert o.encode()["tiles"][17].sum() == 0


def test_observe_equals_the_public_views_field_by_field():
    """observe() reads the engine's records and sets the fields through their slot
    descriptors; at every step of a few hands it must equal an Observation made by
    keyword from the game's public accessors (a replacement draw, G4: the last draw event's
    end is the back)."""
    from wuhanmj.game.observation import Observation

    rng = np.random.default_rng(3)
    for seed in range(4):
        g = Game(Rules.koukou_fan() if seed % 2 else Rules.kaikou(), seed=seed, prev_laizi=seed)
        while not g.over:
            s = g.current_player
            draws = [e for e in g.events if e["type"] == "draw"]
            back = g.drawn_tile(s) is not None and draws[-1]["end"] == "back"
            want = Observation(
                seat=s, hand=tuple(g.hand(s)), drawn=g.drawn_tile(s),
                hand_sizes=tuple(g.hand_size(x) for x in range(4)),
                melds=tuple(g.melds(x) for x in range(4)),
                discards=tuple(g.discards(x) for x in range(4)),
                special_plays=tuple(g.special_plays(x) for x in range(4)),
                indicator=g.indicator, laizi=g.laizi, pizi=tuple(g.pizi), prev_laizi=g.prev_laizi,
                tiles_left=g.tiles_left, dealer=g.dealer, scores=tuple(g.scores), phase=g.phase,
                turn=g.turn, current_player=g.current_player, claim_tile=g.claim_tile,
                legal_actions=g.legal_action_codes(s), rules_pizi=g.rules.pizi,
                rules_schedule=g.rules.schedule, visible_counts=g.visible_counts(),
                replacement_draw=back, rules=g.rules,
            )
            assert g.observation(s) == want
            codes = g.legal_action_codes(s)
            g.step(s, codes[int(rng.integers(len(codes)))])
