"""The per-seat and per-agent figures (sim/figures.py), on hands worked by hand."""

from __future__ import annotations

import json
import math

import pytest

from wuhanmj import Rules, simulate
from wuhanmj.sim.figures import agent_figures, histogram, quantile, seat_figures
from wuhanmj.sim.outcome import HandOutcome, tally_outcome
from wuhanmj.sim.results import SimulationResult
from wuhanmj.sim.stats import Tally

AGENTS = ("a", "b", "a", "b")
HANDS = [
    # E1's payments: seat 1 self-draws, winner fan 3 (S2)
    HandOutcome(dealer=0, winner=1, how="zimo", payments=(-16, 56, -8, -32), winner_fan=3),
    # E2-like: seat 2 wins on seat 3's discard (S3), fan 2
    HandOutcome(dealer=0, winner=2, how="fangchong", payments=(-8, -4, 44, -32), winner_fan=2, discarder=3),
    HandOutcome(dealer=0),  # 荒庄 (X6)
]


@pytest.fixture(scope="module")
def result():
    t = Tally()
    for o in HANDS:
        tally_outcome(t, o, AGENTS)
    return SimulationResult.from_tally(t, seed=1, rules=Rules.kaikou(), agents=AGENTS, match_hands=8)


def test_seat_rates_and_fan(result):
    s1, s3 = seat_figures(result, 1), seat_figures(result, 3)
    assert s1["self_draw_rate"] == 1 / 3 and s1["deal_in_rate"] == 0 and s1["mean_fan"] == 3
    assert s3["deal_in_rate"] == 1 / 3 and s3["self_draw_rate"] == 0 and math.isnan(s3["mean_fan"])


def test_agent_rates_are_per_seat_hand(result):
    a, b = agent_figures(result, "a"), agent_figures(result, "b")
    assert a["self_draw_rate"] == 0 and a["deal_in_rate"] == 0 and a["mean_fan"] == 2
    assert b["self_draw_rate"] == 1 / 6 and b["deal_in_rate"] == 1 / 6 and b["mean_fan"] == 3


def test_payment_quantiles_are_the_lower_inverse_cdf(result):
    # seat 0 paid -16, -8, 0: p50 is the 2nd of 3 values, p90 and p99 the 3rd
    assert seat_figures(result, 0)["payment_quantiles"] == {"p50": -8, "p90": 0, "p99": 0, "max": 0}
    # agent a (seats 0, 2): -16, -8, 0, -8, 44, 0 -> sorted -16 -8 -8 0 0 44
    assert agent_figures(result, "a")["payment_quantiles"] == {"p50": -8, "p90": 44, "p99": 44, "max": 44}
    h = [(-16, 1), (-8, 2), (0, 2), (44, 1)]
    assert quantile(h, 0.5) == -8 and quantile(h, 0.8) == 0 and quantile(h, 0.84) == 44
    ten = [(v, 1) for v in range(1, 11)]  # p90 of ten values is the 9th: 0.9 read as 9/10, not its binary value
    assert quantile(ten, 0.9) == 9 and quantile(ten, 0.5) == 5 and quantile(ten, 0.99) == 10


def test_histograms_are_exact_for_amounts_that_are_not_whole():
    t = Tally()
    tally_outcome(t, HandOutcome(dealer=0, winner=0, how="zimo", payments=(7.5, -2.5, -2.5, -2.5)), AGENTS)
    assert histogram(t.to_dict()["counts"].items(), "payhist.seat0") == [(pytest.approx(7.5), 1)]
    assert [str(v) for v, _ in histogram(t.to_dict()["counts"].items(), "payhist.agent:b")] == ["-5/2"]


def test_the_figures_are_in_the_json_and_the_summary():
    r = simulate(hands=40, agents="greedy,random,greedy,random", seed=2)
    d = json.loads(r.to_json())
    for row in d["seats"] + d["by_agent"]:
        assert {"self_draw_rate", "deal_in_rate", "mean_fan", "payment_quantiles"} <= set(row)
    assert d["seats"][0]["self_draw_rate"] == r.count("zimo.seat0") / 40
    assert SimulationResult.from_json(r.to_json()) == r
    text = r.summary()
    assert "自摸 %" in text and "p99" in text
    assert any(m == "payment_p99" for m, _, _ in r.rows())
