"""``wuhanmj.review_hand``: one seat's decisions in a recorded hand, each legal option's
value, the expert's pick, the option played and its loss. The expected values are worked
out apart from the review: a hu's worth is the settlement of the hand won there (the
Python engine stepped to the decision, then Hu, X5), the decisions are the record's events
with an action by the seat, the rollout interval is the t interval of evaluate_actions'
rows recomputed here."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from helpers.blunder import blunder as blunder_hand
from helpers.blunder import game_before

import wuhanmj
from wuhanmj import Game
from wuhanmj.errors import ReplayError, ReviewError
from wuhanmj.game.actions import HU, PASS, action_name
from wuhanmj.running.review import DecisionReview, HandReview, OptionReview, review_hand


@pytest.fixture(scope="module")
def blunder():
    return blunder_hand()


def test_p2_a_passed_hu_is_the_worst_decision_its_loss_the_hu_payment_minus_pass(blunder):
    rec, k, hu_pay = blunder
    assert hu_pay > 0
    rv = review_hand(rec, 0)
    d = rv.worst(1)[0]
    assert d.event == k and d.phase == "claim" and d.played == PASS and not d.forced
    hu, ps = d.option(HU), d.option(PASS)
    assert hu.win == 1.0 and hu.value == pytest.approx(hu_pay) and hu.points == pytest.approx(hu_pay)
    assert d.loss == pytest.approx(hu_pay - ps.value) and d.loss > 0
    assert d.best == HU and d.expert == HU  # the expert bot always takes a hu
    assert rv.worst(3)[0] is d and rv.total_loss >= d.loss


def test_every_decision_of_the_seat_is_listed_with_every_legal_option(blunder):
    rec, _, _ = blunder
    ev = rec["events"]
    for seat in range(4):
        rv = review_hand(rec, seat)
        mine = [i for i, e in enumerate(ev) if "action" in e and e["seat"] == seat]
        assert [d.event for d in rv.decisions] == mine
        for d in rv.decisions:
            legal = sorted(a.code for a in game_before(ev, d.event).legal_actions(seat))
            assert [o.code for o in d.options] == legal
            assert [o.label for o in d.options] == [action_name(c) for c in legal]
            assert d.played == ev[d.event]["action"] and d.seat == seat
            assert d.forced == (len(legal) == 1)
            if not d.forced:
                best = max(o.value for o in d.options)
                assert d.loss == pytest.approx(best - d.option(d.played).value) and d.loss >= 0
            assert d.expert in legal
        assert rv.payment == Game.replay(ev).result.payments[seat]


def test_turn_numbers_count_the_draws_and_chi_peng_before_the_decision(blunder):
    rec, _, _ = blunder
    ev = rec["events"]
    for d in review_hand(rec, 2).decisions:
        want = sum(1 for e in ev[2:d.event + 1]
                   if e["type"] == "draw" or (e["type"] == "meld" and e["kind"] in ("chi", "peng")))
        assert d.turn == want


def test_the_review_is_immutable_and_its_dict_is_json(blunder):
    rec, k, _ = blunder
    rv = review_hand(rec, 0)
    assert isinstance(rv, HandReview) and isinstance(rv.decisions, tuple)
    assert all(isinstance(d, DecisionReview) and isinstance(d.options, tuple) for d in rv.decisions)
    assert all(isinstance(o, OptionReview) for d in rv.decisions for o in d.options)
    with pytest.raises(AttributeError):
        rv.seat = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        rv.decisions[0].loss = 0.0  # type: ignore[misc]
    d = json.loads(json.dumps(rv.to_dict()))
    assert d["hand"] == 7 and d["seat"] == 0 and d["worst"][0] == k
    assert d["total_loss"] == pytest.approx(rv.total_loss)
    assert [x["event"] for x in d["decisions"]] == [x.event for x in rv.decisions]
    assert wuhanmj.review_hand is review_hand and wuhanmj.HandReview is HandReview


def test_worst_leaves_out_forced_decisions_and_orders_by_loss(blunder):
    rec, _, _ = blunder
    rv = review_hand(rec, 1)
    w = rv.worst(3)
    assert len(w) == min(3, len(rv.reviewed))
    assert [d.loss for d in w] == sorted((d.loss for d in rv.reviewed), reverse=True)[:len(w)]
    assert not any(d.forced for d in w) and rv.worst(0) == ()
    assert rv.total_loss == pytest.approx(sum(d.loss for d in rv.decisions if not d.forced))


def test_rollouts_give_a_t_interval_that_contains_the_mean(blunder):
    from wuhanmj.native.expert import ExpertAgent
    from wuhanmj.native.handapi import NativeHand
    from wuhanmj.native.search import evaluate_actions

    rec, k, hu_pay = blunder
    rv = review_hand(rec, 0, rollouts=20, seed=5)
    d = next(x for x in rv.decisions if x.event == k)
    assert rv.rollouts == 20 and rv.seed == 5
    for x in rv.decisions:
        for o in x.options:
            assert o.low is not None and o.high is not None and o.rollout_mean is not None
            assert o.low <= o.rollout_mean <= o.high
    # the hu settles at once: every rollout pays its settlement, the interval is one point
    hu = d.option(HU)
    assert hu.rollout_mean == pytest.approx(hu_pay) and hu.low == pytest.approx(hu_pay)
    assert hu.high == pytest.approx(hu_pay)
    # recomputed: the rows of the documented seed (seed + event index), t(0.975, 19) = 2.093024
    h = NativeHand.replay(rec["events"][:2])
    for e in rec["events"][2:k]:
        if "action" in e:
            h.step(e["seat"], e["action"])
    codes = [o.code for o in d.options]
    rows = evaluate_actions(h, 0, codes, 20, seed=5 + k, policy=ExpertAgent())
    for j, o in enumerate(d.options):
        mean, sd = rows[:, j].mean(), rows[:, j].std(ddof=1)
        assert o.rollout_mean == pytest.approx(mean)
        assert o.high - o.low == pytest.approx(2 * 2.093024 * sd / math.sqrt(20), abs=1e-4)


def test_one_rollout_gives_a_mean_without_an_interval(blunder):
    rec, _, _ = blunder
    d = review_hand(rec, 0, rollouts=1).decisions[0]
    assert all(o.rollout_mean is not None and o.low is None and o.high is None for o in d.options)
    assert all(o.rollout_mean is None for o in review_hand(rec, 0).decisions[0].options)


@pytest.mark.parametrize("seat", [4, -1, "1", 1.0, True, None])
def test_a_seat_that_is_not_0_to_3_is_a_review_error(blunder, seat):
    with pytest.raises(ReviewError, match="seat"):
        review_hand(blunder[0], seat)


@pytest.mark.parametrize("rollouts", [-1, 2.5, "3", True])
def test_rollouts_must_be_an_int_at_least_0(blunder, rollouts):
    with pytest.raises(ReviewError, match="rollouts must be an int >= 0"):
        review_hand(blunder[0], 0, rollouts=rollouts)


def test_rollouts_above_the_rollout_limit_are_a_review_error_before_any_replay(blunder):
    with pytest.raises(ReviewError, match=r"rollouts must be an int >= 0 \(at most 2\*\*31 - 1\), got 2147483648"):
        review_hand({"events": "not checked yet"}, 0, rollouts=2 ** 31)


@pytest.mark.parametrize("seed", [-1, 2 ** 64, "x"])
def test_a_bad_seed_is_a_review_error(blunder, seed):
    with pytest.raises(ReviewError, match="seed"):
        review_hand(blunder[0], 0, seed=seed)


@pytest.mark.parametrize("record", [{}, {"events": []}, {"events": "x"}, [1, 2], None])
def test_a_record_without_events_is_a_review_error(record):
    with pytest.raises(ReviewError, match="events"):
        review_hand(record, 0)


def test_events_that_do_not_replay_are_a_replay_error(blunder):
    ev = [dict(e) for e in blunder[0]["events"]]
    i = next(i for i, e in enumerate(ev) if e["type"] == "discard")
    ev[i]["action"] = (ev[i]["action"] + 1) % 34
    with pytest.raises(ReplayError):
        review_hand({"events": ev}, 0)


def test_a_hand_cut_short_is_reviewed_up_to_its_end(blunder):
    """A log that stops mid-hand (a whole step's events): the decisions before the cut,
    no payment."""
    ev = blunder[0]["events"]
    g = Game.replay(ev[:2])
    n = 0
    for e in ev[2:]:
        if "action" in e:
            g.step(e["seat"], e["action"])
            n += 1
            if n == 12:
                break
    rv = review_hand({"events": g.events}, 0)
    assert rv.payment is None and rv.hand is None
    assert [d.event for d in rv.decisions] == [i for i, e in enumerate(g.events) if "action" in e and e["seat"] == 0]


def test_the_values_are_finite_floats(blunder):
    for d in review_hand(blunder[0], 3).decisions:
        for o in d.options:
            assert all(np.isfinite([o.win, o.points, o.value])) and 0.0 <= o.win <= 1.0


def _a_hand_with_a_haidi():
    """A record of random play that reaches a 海底 (G3), with its seat and tile drawn."""
    from wuhanmj.native.handapi import NativeHand

    rng = np.random.default_rng(0)
    for seed in range(400):
        h = NativeHand(wuhanmj.Rules.preset("kaikou"), seed=seed)
        got = None
        while h.phase != "over":
            s = next(s for s in range(4) if h.legal_action_codes(s))
            codes = sorted(h.legal_action_codes(s))
            if h.phase == "haidi":
                got = (s, h.drawn_tile(s))
            if rng.random() < 0.3 or h.phase == "turn":
                pick = codes[rng.integers(len(codes))]
            else:  # a claim, rob or 海底 mostly answered with its last code (hu, the claims)
                pick = codes[-1]
            h.step(s, pick)
        if got is not None:
            return {"hand": 0, "events": list(h.events)}, got
    raise AssertionError("no 海底 in 400 hands")


def test_g3_the_haidi_situation_names_the_tile_drawn():
    rec, (seat, tile) = _a_hand_with_a_haidi()
    d = next(d for d in review_hand(rec, seat).decisions if d.phase == "haidi")
    assert d.situation.startswith(f"海底: seat {seat} drew {wuhanmj.format_tile(tile)}, hand ")


def test_option_takes_a_code_and_not_a_bool_equal_to_one(blunder):
    d = next(d for d in review_hand(blunder[0], 0).decisions if any(o.code in (0, 1) for o in d.options))
    code = next(o.code for o in d.options if o.code in (0, 1))
    assert d.option(code).code == code and d.option(np.int64(code)).code == code
    with pytest.raises(ReviewError, match="not a legal option"):
        d.option(bool(code))


def test_events_as_json_lines_strings_review_as_the_dicts(blunder):
    rec = blunder[0]
    as_text = {"events": [json.dumps(e) for e in rec["events"]]}
    assert review_hand(as_text, 0).to_dict() == {**review_hand(rec, 0).to_dict(), "hand": None}


@pytest.mark.parametrize(("preset", "unit"), [("kaikou", "points"), ("koukou_fan", "money")])
def test_x1_x2_the_review_names_its_unit(preset, unit, tmp_path):
    """Amounts are points under the points schedule (X1) and money under the fan schedule
    (X2): the review, its JSON and the command's text say which."""
    import contextlib
    import io

    from wuhanmj.cli import main

    path = tmp_path / "h.jsonl"
    wuhanmj.simulate(hands=1, agents="expert", rules=preset, seed=3, records=str(path), workers=1)
    record = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    review = review_hand(record, 0)
    assert review.unit == unit and review.to_dict()["unit"] == unit
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["review", str(path), "--hand", "0"]) == 0
    text = buf.getvalue()
    assert f"hand ({unit})" in text and f"total loss: {review.total_loss:.1f} {unit}" in text
