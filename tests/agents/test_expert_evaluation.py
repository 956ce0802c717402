"""The expert's evaluation, ``wuhanmj.native.expert.evaluate_options``, on positions
whose answer is worked out here independently: a ready hand's win probability against
the hypergeometric count, a hu's value against the Python engine's settlement, and a
second opening that pays under 开口翻 and not under 口口翻 (S1)."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from wuhanmj.errors import IllegalActionError, SimulationError
from wuhanmj.game.actions import HU, PASS, PENG
from wuhanmj.game.engine import Game
from wuhanmj.hand.waits import winning_tiles
from wuhanmj.native.expert import CALIBRATED, EVALUATION_PARAMETERS, OPTION_FIELDS, ExpertAgent, evaluate_options
from wuhanmj.native.handapi import NativeHand
from wuhanmj.rules import Rules

EXPERT = ExpertAgent()


def _play(rules: Rules, seed: int, stop):
    """Four expert bots from the wall of ``seed`` until ``stop(hand, seat, codes)`` is true
    at a decision (that hand and seat), or None when the hand ends first."""
    h = NativeHand(rules, seed=seed)
    while not h.over:
        s = h.current_player
        codes = h.legal_action_codes(s)
        if stop(h, s, codes):
            return h, s
        h.step(s, EXPERT.act(h.observation(s), h.legal_actions(s)).code)
    return None


def _unseen(h: NativeHand, seat: int) -> np.ndarray:
    """Copies of each kind that seat has not seen (D6): 4 − face up − its own."""
    obs = h.observation(seat)
    return 4 - np.asarray(obs.visible_counts) - np.asarray(h.hand_counts(seat))


def test_fields_and_parameters_are_documented():
    assert OPTION_FIELDS == ("win", "points", "value")
    assert set(EVALUATION_PARAMETERS) == {"samples", "hazard", "loss_scale", "ready_per_opening", "wait_share",
                                          "suit_wait_share"}
    assert set(CALIBRATED) == {"points", "fan"}


def _tsumogiri(h: NativeHand, s: int, codes) -> int:
    """A seat that never claims nor wins: it discards the tile it drew (or its first
    discard, or its first special play when it may not discard), passes every window."""
    if PASS in codes:
        return PASS
    drawn = h.drawn_tile(s)
    if drawn is not None and drawn in codes:
        return drawn
    discards = [c for c in codes if c < 34]
    return discards[0] if discards else codes[0]


DEAD_WALL = Rules.preset("kaikou").dead_wall


def _late_ready(seed: int):
    """Seat 0 an expert bot, the others :func:`_tsumogiri`: the first turn of seat 0 with
    5-7 live tiles left (G2), opened (W4), holding no 癞子 and no 红中, with a discard that
    leaves it ready; (hand, discard code, waits) or None."""
    rules = Rules.preset("kaikou")
    h = NativeHand(rules, seed=seed)
    while not h.over:
        s = h.current_player
        codes = h.legal_action_codes(s)
        if s != 0:
            h.step(s, _tsumogiri(h, s, codes))
            continue
        counts = h.hand_counts(0)
        if (h.phase == "turn" and 5 <= h.tiles_left - DEAD_WALL <= 7 and HU not in codes
                and any(m.is_opening for m in h.melds(0)) and counts[h.laizi] == 0 and counts[33] == 0):
            for code in codes:
                if code >= 34:
                    continue
                hand13 = list(h.hand(0))
                hand13.remove(code)
                waits = [w for w in winning_tiles(hand13, h.melds(0), h.indicator, rules) if w != h.laizi]
                if waits:
                    return h, code, waits
        h.step(s, EXPERT.act(h.observation(s), h.legal_actions(s)).code)
    return None


def _chances(live: int) -> list[str]:
    """What each of the seat's next tiles is, after its discard with ``live`` tiles left
    (5-7): the others draw and discard while more than four are left ("ron": a 放冲
    chance), then the 海底 phase gives one tile to each seat in turn from the next one due
    (G3): "zimo" for the seat's (a 海底捞 chance), "none" for the others'."""
    out, due = [], 1
    while live > 4:
        out.append("ron")
        live -= 1
        due = (due + 1) % 4
    for _ in range(live):
        out.append("zimo" if due == 0 else "none")
        due = (due + 1) % 4
    return out


def _p_no_win(chances: list[str], w: int, z: int, n: int) -> float:
    """The probability that no tile of the sequence wins, drawing without replacement from
    n tiles of which w are waits and z are 癞子 (a 癞子 completes the hand only when the
    seat draws it: the others never discard one)."""
    if not chances:
        return 1.0
    kind, rest = chances[0], chances[1:]
    o = n - w - z
    p = o / n * _p_no_win(rest, w, z, n - 1) if o else 0.0
    if z and kind != "zimo":
        p += z / n * _p_no_win(rest, w, z - 1, n - 1)
    if w and kind == "none":
        p += w / n * _p_no_win(rest, w - 1, z, n - 1)
    return p


def test_g3_ready_hand_win_probability_matches_the_exact_count():
    """An opened seat, ready after its discard with 5-7 live tiles left: its chances are
    the others' last discards (放冲) and its 海底 draw (海底捞, W6, where a 癞子 wins too);
    with hazard 0 (no other seat wins) the model's win probability is the exact
    hypergeometric count over the tiles it has not seen."""
    found = next((x for x in map(_late_ready, range(300)) if x is not None), None)
    assert found is not None, "no late ready position in 300 walls"
    h, code, waits = found
    unseen = _unseen(h, 0)  # the discard is the seat's own tile: not among them
    w = int(sum(unseen[k] for k in waits))
    chances = _chances(h.tiles_left - DEAD_WALL)
    exact = 1 - _p_no_win(chances, w, int(unseen[h.laizi]), int(unseen.sum()))
    samples = 40_000
    got = evaluate_options(h, 0, [code], samples=samples, seed=7, hazard=0.0)[0]
    se = (exact * (1 - exact) / samples) ** 0.5
    assert 0 < exact < 1
    assert abs(got[0] - exact) <= 4 * se, (got[0], exact, chances, w)


def test_hu_now_is_worth_the_payment_of_the_settlement():
    """A legal hu's value is its payment (X5): checked against the Python engine, which
    declares the same hu on the replayed state."""
    for seed in range(200):
        got = _play(Rules.preset("koukou"), seed, lambda h, s, codes: HU in codes)
        if got is not None:
            break
    assert got is not None
    h, s = got
    row = evaluate_options(h, s, [HU], samples=64)
    game = Game.replay(h.events)
    game.step(s, HU)
    while game.result is None:
        other = game.current_player
        game.step(other, PASS)
    assert row[0, 0] == 1.0
    assert row[0, 1] == row[0, 2] == pytest.approx(game.result.payments[s])


# A claim window where seat 1, opened once (a 吃), may 碰 (decisions of four expert bots
# from the wall of seed 4: kaikou and koukou deal and play alike).
SECOND_OPENING = (4, 1, [(0, 125), (0, 17), (1, 125), (1, 125), (1, 32), (2, 18), (3, 125), (3, 32),
                         (0, 25), (1, 2), (2, 34), (2, 27), (3, 27), (0, 10), (1, 41), (1, 25),
                         (2, 18), (3, 29), (0, 22), (1, 2), (2, 28)])


@pytest.mark.parametrize("sample_seed", [1, 2])
def test_s1_a_second_opening_pays_under_kaikou_and_not_under_koukou(sample_seed):
    """The same position under both presets: the 碰 speeds the hand (its win probability is
    higher in both) and under 开口翻 a second opening adds no fan, so it is worth more than
    the pass; under 口口翻 it adds a fan (S1) to every payment the seat makes when another
    seat wins (S5), and the seat, far from winning (win < 0.2), should pass."""
    seed, seat, steps = SECOND_OPENING
    diffs = {}
    for preset in ("kaikou", "koukou"):
        h = NativeHand(Rules.preset(preset), seed=seed)
        for s, c in steps:
            h.step(s, c)
        assert h.phase == "claim" and set(h.legal_action_codes(seat)) == {PENG, PASS}
        v = evaluate_options(h, seat, [PENG, PASS], samples=2000, seed=sample_seed)
        assert v[0, 0] > v[1, 0] and v[0, 0] < 0.2
        diffs[preset] = v[0, 2] - v[1, 2]
    assert diffs["kaikou"] > 0 > diffs["koukou"], diffs


def test_the_same_seed_gives_the_same_values_and_the_hand_is_unchanged():
    h = NativeHand(Rules.preset("koukou_fan"), seed=3)
    before = h.to_dict()
    a = evaluate_options(h, h.current_player, samples=50, seed=9)
    b = evaluate_options(h, h.current_player, samples=50, seed=9)
    np.testing.assert_array_equal(a, b)
    assert a.shape == (len(h.legal_action_codes(h.current_player)), 3)
    assert ((a[:, 0] >= 0) & (a[:, 0] <= 1)).all()
    assert h.to_dict() == before


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"seat": 4}, IllegalActionError, "seat"),
        ({"codes": [161]}, IllegalActionError, "not a legal code"),
        ({"codes": ["x"]}, IllegalActionError, "not a legal code"),
        ({"samples": 0}, SimulationError, "samples"),
        ({"samples": 2 ** 70}, SimulationError, "samples"),
        ({"codes": 5}, IllegalActionError, "codes"),
        ({"seed": -1}, SimulationError, "seed"),
        ({"hazard": 1.5}, SimulationError, "hazard"),
        ({"hazard": True}, SimulationError, "hazard"),
        ({"loss_scale": -1}, SimulationError, "loss_scale"),
        ({"loss_scale": float("nan")}, SimulationError, "loss_scale"),
    ],
)
def test_bad_arguments_raise_a_specific_error(kwargs, error, words):
    h = NativeHand(seed=1)
    args = {"seat": h.current_player, **kwargs}
    seat = args.pop("seat")
    with pytest.raises(error, match=words):
        evaluate_options(h, seat, **args)


def test_a_seat_without_a_decision_is_refused():
    h = NativeHand(seed=1)
    other = (h.current_player + 1) % 4
    with pytest.raises(IllegalActionError, match="no decision"):
        evaluate_options(h, other)


@pytest.mark.parametrize("preset", ["kaikou", "koukou_fan"])
def test_every_position_of_random_play_gives_sane_values(preset):
    """Random bots reach odd hands (few tiles, only 红中 / 痞子 / 癞子 left after a claim): at
    every decision of 40 hands each option's win probability is in 0-1, its values are
    finite, and the hand is unchanged."""
    rng = np.random.default_rng(5)
    for seed in range(40):
        h = NativeHand(Rules.preset(preset), seed=100 + seed)
        while not h.over:
            s = h.current_player
            codes = h.legal_action_codes(s)
            if len(codes) > 1:
                before = h.state_dict()
                v = evaluate_options(h, s, samples=8, seed=seed)
                assert ((v[:, 0] >= 0) & (v[:, 0] <= 1)).all() and np.isfinite(v).all()
                assert h.state_dict() == before
            h.step(s, codes[int(rng.integers(len(codes)))])


# Seat 0 (one 碰 of 4m) on its turn, far from ready, holding two 4s; seat 3 has three
# openings all in 索 (吃 345s, 吃 456s, 碰 2s): a 清一色 threat (W6). Decisions of four expert
# bots from the wall of seed 192 under koukou.
FOLD = (192, [(0, 2), (1, 125), (1, 125), (1, 31), (2, 22), (3, 50), (3, 27), (0, 23), (1, 1), (2, 35),
              (2, 26), (3, 29), (0, 20), (1, 25), (2, 3), (0, 55), (0, 27), (1, 31), (2, 30), (3, 32),
              (0, 2), (1, 5), (2, 8), (1, 55), (1, 5), (2, 22), (3, 51), (3, 0), (0, 20), (1, 32),
              (2, 30), (3, 13), (2, 162), (0, 28), (1, 17), (2, 125), (2, 25), (3, 25), (0, 29), (1, 12),
              (2, 162), (2, 19), (3, 55), (3, 4)])


def test_s3_w6_folding_against_a_one_suit_threat():
    """Discarding the threat's suit is priced as a 放冲 into its 清一色: seat 3 ready with
    probability 3 openings × 0.15, 4s among its waits with probability 0.25, and seat 0
    then pays as the discarder U = 3 (seat 3's openings, 口口翻) + 1 (its own) + 1 (S3) = 5
    fan of a big hu: 10 × 2^5 = 320, capped at the 银顶 300 (X1). That is 33.75 points more
    off 4s than off any other tile (the other seats' small-hu danger is the same for every
    tile); with it, the seat (win < 0.1) folds: its best discard is never the 4s, whatever
    the draw sequences."""
    seed, steps = FOLD
    h = NativeHand(Rules.preset("koukou"), seed=seed)
    for s, c in steps:
        h.step(s, c)
    assert h.current_player == 0 and h.phase == "turn"
    discards = [c for c in h.legal_action_codes(0) if c < 34]
    four_s = 21
    assert h.hand_counts(0)[four_s] == 2 and four_s in discards
    for sample_seed in (1, 2, 3):
        v = evaluate_options(h, 0, discards, samples=1000, seed=sample_seed)
        off = evaluate_options(h, 0, discards, samples=1000, seed=sample_seed, ready_per_opening=0.0)
        danger = off[:, 2] - v[:, 2]
        other = danger[discards.index(discards[0])]
        assert not 18 <= discards[0] < 27
        for c, d in zip(discards, danger):
            assert d == pytest.approx(other + (0.45 * 0.25 * 300 if 18 <= c < 27 else 0.0))
        assert v[:, 0].max() < 0.1
        best = discards[int(np.argmax(v[:, 2]))]
        assert not 18 <= best < 27
        assert v[:, 2].max() - v[discards.index(four_s), 2] > 20
