"""The versioned observation encoding: its layout, worked out by hand on a
scripted hand; the rivers in discard order; nothing a seat may not see; the oracle part."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from helpers.game_script import make_game, run  # noqa: E402
from helpers.walls import B_HANDS  # noqa: E402
from wuhanmj import Game  # noqa: E402
from wuhanmj.envs import encoding as E  # noqa: E402
from wuhanmj.errors import EnvError  # noqa: E402
from helpers.surgery import restore_unchecked  # noqa: E402
from wuhanmj.rules import Rules  # noqa: E402
from wuhanmj.tiles import parse_tile, parse_tiles  # noqa: E402

T = parse_tile


def test_layout_version_1_sizes():
    """Version 1: 27 fixed planes + 4 seats × 24 river slots = 123 planes of 34, then 27
    scalars; the oracle adds 3 hands + 1 drawn tile + 82 wall positions."""
    assert E.ENCODING_VERSION == 1
    assert E.N_PLANES == 123 and E.N_SCALARS == 27
    assert E.OBS_SIZE == 123 * 34 + 27 == 4209
    assert E.N_ORACLE_PLANES == 86 and E.ORACLE_SIZE == 4209 + 86 * 34 == 7133
    assert (E.RIVER, E.N_RIVER) == (27, 24)
    high = E.observation_high()
    assert high.shape == (4209,) and high.dtype == np.int8
    assert high[E.N_PLANES * 34 + E.S_TILES_LEFT] == 82
    assert E.observation_high(oracle=True).shape == (7133,)


def _scripted():
    """Wall B: dealer 0 discards 2z, seat 3 pongs it and discards 3z; seat 0 then draws 7m."""
    g = make_game(B_HANDS, "8s", draws=["7m"], rules=Rules.koukou())
    run(g, "0 d 2z; 3 peng; 3 d 3z")
    return g


def test_planes_of_a_scripted_position_worked_by_hand():
    """Seat 0 after 0 d 2z, 3 peng 2z, 3 d 3z and its draw of 7m (indicator 8s, 癞子 9s)."""
    g = _scripted()
    assert g.current_player == 0 and g.phase == "turn"
    v = E.encode_observation(g.observation(0), g.rules)
    p, s = E.planes(v), E.scalars(v)
    # own hand: the dealt 14 minus 2z plus the drawn 7m
    hand = np.zeros(34, dtype=np.int8)
    for t in parse_tiles("5s 1m4m7m 2p5p8p 1s4s 5z6z 9m 3p 7m"):
        hand[t] += 1
    assert np.array_equal(p[E.HAND], hand)
    assert np.flatnonzero(p[E.DRAWN]).tolist() == [T("7m")]
    # seat 3 is relative seat 3 (上家) of seat 0: its 碰 of 2z
    assert np.flatnonzero(p[E.PENG + 3]).tolist() == [T("2z")]
    assert not p[E.PENG:E.PENG + 3].any() and not p[E.CHI:E.CHI + 4].any()
    # rivers: seat 0's 2z was claimed (left the river); seat 3's 3z lies in slot 0
    assert not p[E.RIVER:E.RIVER + 24].any()
    assert np.flatnonzero(p[E.RIVER + 24 * 3]).tolist() == [T("3z")]
    # visible: 2z × 3 (the 碰), 3z, the indicator 8s
    vis = np.zeros(34, dtype=np.int8)
    vis[T("2z")], vis[T("3z")], vis[T("8s")] = 3, 1, 1
    assert np.array_equal(p[E.VISIBLE], vis)
    assert np.flatnonzero(p[E.INDICATOR]).tolist() == [T("8s")]
    assert np.flatnonzero(p[E.LAIZI]).tolist() == [T("9s")]
    assert not p[E.PIZI].any() and not p[E.CLAIM].any()
    # scalars: phase turn, own turn, own deal; 136 - 53 - 1 = 82 left, 1 drawn by seat 0
    assert s[E.S_PHASE:E.S_PHASE + 5].tolist() == [1, 0, 0, 0, 0]
    assert s[E.S_TURN:E.S_TURN + 4].tolist() == [1, 0, 0, 0]
    assert s[E.S_DEALER:E.S_DEALER + 4].tolist() == [1, 0, 0, 0]
    assert s[E.S_TILES_LEFT] == 81
    assert s[E.S_HAND_SIZES:E.S_HAND_SIZES + 4].tolist() == [14, 13, 13, 13 - 2 - 1]
    assert s[E.S_OPENINGS:E.S_OPENINGS + 4].tolist() == [0, 0, 0, 1]
    assert s[E.S_GANG_ALLOWED] == 1 and s[E.S_RULE_PER_OPENING] == 1
    assert s[E.S_RULE_PIZI] == 0 and s[E.S_RULE_FAN] == 0 and s[E.S_PREV_LAIZI] == 0


def test_seats_are_relative_to_the_observer():
    """Seen by seat 3, its own 碰 is relative seat 0 and seat 0 (the dealer) is relative 1."""
    g = _scripted()
    v = E.encode_observation(g.observation(3), g.rules)
    p, s = E.planes(v), E.scalars(v)
    assert np.flatnonzero(p[E.PENG]).tolist() == [T("2z")]
    assert s[E.S_DEALER:E.S_DEALER + 4].tolist() == [0, 1, 0, 0]
    assert s[E.S_TURN:E.S_TURN + 4].tolist() == [0, 1, 0, 0]
    assert s[E.S_OPENINGS:E.S_OPENINGS + 4].tolist() == [1, 0, 0, 0]
    assert np.flatnonzero(p[E.RIVER]).tolist() == [T("3z")]  # its own river, slot 0
    assert not p[E.DRAWN].any()  # seat 0 drew, not seat 3


def test_claim_tile_plane_in_a_claim_window():
    """After 0 d 2z, seat 3 (who may 碰) sees 2z offered; the phase is claim."""
    g = make_game(B_HANDS, "8s", draws=["7m"], rules=Rules.koukou())
    run(g, "0 d 2z")
    assert g.current_player == 3
    v = E.encode_observation(g.observation(3), g.rules)
    assert np.flatnonzero(E.planes(v)[E.CLAIM]).tolist() == [T("2z")]
    assert E.scalars(v)[E.S_PHASE:E.S_PHASE + 5].tolist() == [0, 1, 0, 0, 0]
    assert np.flatnonzero(E.planes(v)[E.RIVER + 24 * 1]).tolist() == [T("2z")]  # seat 0 = relative 1


def _random_game(seed: int, steps: int, rules="koukou_fan") -> Game:
    g = Game(rules, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if g.over:
            break
        s = g.current_player
        c = g.legal_action_codes(s)
        g.step(s, c[int(rng.random() * len(c))])
    return g


def test_rivers_are_in_discard_order():
    """Row RIVER + 24 r + k is the k-th tile still on relative seat r's table (Game.discards)."""
    for seed in range(10):
        g = _random_game(seed, 80)
        for me in range(4):
            p = E.planes(E.encode_observation(g.observation(me), g.rules))
            for s in range(4):
                r = (s - me) % 4
                river = g.discards(s)
                rows = p[E.RIVER + 24 * r: E.RIVER + 24 * r + 24]
                assert [int(np.flatnonzero(rows[k])[0]) for k in range(len(river))] == list(river)
                assert not rows[len(river):].any()
                assert (rows.sum(axis=1) <= 1).all()


def test_entries_stay_within_the_declared_bounds():
    high, ohigh = E.observation_high(), E.observation_high(oracle=True)
    for seed in range(12):
        g = Game("kaikou" if seed % 2 else "koukou_fan", seed=seed)
        rng = np.random.default_rng(seed)
        while not g.over:
            s = g.current_player
            for me in (s, (s + 1) % 4):
                v = E.encode_observation(g.observation(me), g.rules)
                assert v.min() >= 0 and (v <= high).all()
                o = E.encode_oracle(g.state, me)
                assert o.min() >= 0 and (o <= ohigh).all()
                assert np.array_equal(o[:E.OBS_SIZE], v)
            c = g.legal_action_codes(s)
            g.step(s, c[int(rng.random() * len(c))])


def test_visible_plane_adds_up_rivers_melds_plays_and_indicator():
    for seed in range(8):
        g = _random_game(seed, 70)
        v = E.encode_observation(g.observation(1), g.rules)
        p = E.planes(v).astype(int)
        rivers = p[E.RIVER:E.RIVER + 96].sum(axis=0)
        melds = p[E.CHI:E.CHI + 4].sum(axis=0) + 3 * p[E.PENG:E.PENG + 4].sum(axis=0) \
            + 4 * p[E.MING_GANG:E.MING_GANG + 4].sum(axis=0) + 4 * p[E.AN_GANG:E.AN_GANG + 4].sum(axis=0)
        plays = p[E.SPECIAL:E.SPECIAL + 4].sum(axis=0)
        assert np.array_equal(p[E.VISIBLE], rivers + melds + plays + p[E.INDICATOR])


def swap_hidden(g: Game, seat: int) -> Game:
    """The same public state with some of ``seat``'s concealed tiles exchanged with wall
    tiles of other kinds: only information hidden from the other seats changes."""
    d = g.to_dict()
    hand, wall = d["hands"][seat], d["wall"]
    for i in range(d["front"], d["back"] + 1):
        t = wall[i]
        for u in range(34):
            if hand[u] and u != t and hand[t] < 4 and u in wall[:53]:
                hand[u] -= 1
                hand[t] += 1
                j = wall.index(u)
                wall[i], wall[j] = u, t
                break
        if i - d["front"] > 6:
            break
    h = restore_unchecked(Game, d)
    assert h.hand(seat) != g.hand(seat)
    return h


def test_encoding_leaks_nothing_a_seat_may_not_see():
    """Another seat's concealed tiles and the wall change: the seat's encoding and mask stay
    the same; that seat's own encoding and every oracle encoding change."""
    checked = 0
    for seed in range(10):
        g = _random_game(seed, 6 + 4 * seed)
        if g.over:
            continue
        me = g.current_player
        for other in range(4):
            if other == me:
                continue
            h = swap_hidden(g, other)
            a = E.encode_observation(g.observation(me), g.rules)
            b = E.encode_observation(h.observation(me), h.rules)
            assert np.array_equal(a, b)
            assert np.array_equal(E.encode_mask(g.legal_action_codes(me)), E.encode_mask(h.legal_action_codes(me)))
            assert not np.array_equal(E.encode_observation(g.observation(other), g.rules),
                                      E.encode_observation(h.observation(other), h.rules))
            assert not np.array_equal(E.encode_oracle(g.state, me), E.encode_oracle(h.state, me))
            checked += 1
    assert checked >= 20


def test_oracle_planes_hold_the_hidden_hands_and_the_wall():
    g = _random_game(4, 30)
    me = g.current_player
    o = E.oracle_planes(E.encode_oracle(g.state, me))
    for r in (1, 2, 3):
        assert o[E.O_HANDS + r - 1].tolist() == g.hand_counts((me + r) % 4)
    st = g.state
    wall_rows = o[E.O_WALL:E.O_WALL + 82]
    for pos in range(54, 136):
        row = wall_rows[pos - 54]
        if st.front <= pos <= st.back:
            assert np.flatnonzero(row).tolist() == [st.wall[pos]]
        else:
            assert not row.any()
    # every tile is somewhere: four hands + wall + face-up = 4 of each kind
    total = o[E.O_HANDS:E.O_HANDS + 3].sum(axis=0).astype(int) + wall_rows.sum(axis=0)
    pub = E.planes(E.encode_oracle(g.state, me))
    total += pub[E.HAND].astype(int) + pub[E.VISIBLE]
    assert (total == 4).all()


def test_mask_is_the_legal_codes():
    g = _random_game(2, 20)
    s = g.current_player
    m = E.encode_mask(g.legal_action_codes(s))
    assert m.dtype == np.int8 and m.shape == (163,)
    assert np.flatnonzero(m).tolist() == list(g.legal_action_codes(s))


def test_out_arrays_are_filled_and_bad_ones_refused():
    g = _random_game(1, 10)
    out = np.full(E.OBS_SIZE, 7, dtype=np.int8)
    v = E.encode_observation(g.observation(0), g.rules, out)
    assert v is out and np.array_equal(out, E.encode_observation(g.observation(0), g.rules))
    with pytest.raises(EnvError, match="int8 array of shape"):
        E.encode_observation(g.observation(0), g.rules, np.zeros(E.OBS_SIZE, dtype=np.float32))
    with pytest.raises(EnvError, match="int8 array of shape"):
        E.encode_oracle(g.state, 0, np.zeros(E.OBS_SIZE, dtype=np.int8))
    with pytest.raises(EnvError):
        E.encode_mask((1, 2), np.zeros(10, dtype=np.int8))


def test_the_pizi_plane_and_rule_scalars_under_koukou_fan():
    g = Game("koukou_fan", seed=11)
    v = E.encode_observation(g.observation(0), g.rules)
    assert sorted(np.flatnonzero(E.planes(v)[E.PIZI]).tolist()) == sorted(g.pizi)
    assert len(g.pizi) == 2
    s = E.scalars(v)
    assert (s[E.S_RULE_PIZI], s[E.S_RULE_FAN], s[E.S_RULE_PER_OPENING]) == (1, 1, 1)
