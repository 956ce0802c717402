"""The arena: seatings on the same walls, paired statistics, workers."""

from __future__ import annotations

import io
import json
import math
import statistics
from collections import defaultdict
from fractions import Fraction

import pytest

from helpers.arena_agents import NoGangGreedy, NoisyGreedy
from wuhanmj import GreedyAgent, RandomAgent
from wuhanmj.errors import AgentError, SimulationError
from wuhanmj.sim.arena import arena, seatings_of
from wuhanmj.sim.arena_result import ArenaResult
from wuhanmj.sim.paired import add_match, clustered
from wuhanmj.sim.stats import Tally
from wuhanmj.sim.tdist import t_cdf, t_quantile, two_sided_p


# ---------------------------------------------------------------- t and the clustered interval
@pytest.mark.parametrize(("df", "q"), [(1, 12.706204736174707), (2, 4.302652729749464), (5, 2.570581835636314),
                                       (10, 2.228138851986274), (30, 2.042272456301238)])
def test_t_quantiles_match_the_tables(df, q):
    assert t_quantile(0.975, df) == pytest.approx(q, rel=1e-10)
    assert t_cdf(q, df) == pytest.approx(0.975, abs=1e-12)
    assert two_sided_p(q, df) == pytest.approx(0.05, abs=1e-12)


@pytest.mark.parametrize("df", [3, 1000])
def test_t_cdf_against_a_numerical_integral_of_the_density(df):
    def pdf(t):
        c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
        return c * (1 + t * t / df) ** (-(df + 1) / 2)

    x, n = t_quantile(0.975, df), 20000  # Simpson's rule on [0, x]
    h = x / n
    area = (pdf(0) + pdf(x) + sum((4 if i % 2 else 2) * pdf(i * h) for i in range(1, n))) * h / 3
    assert 0.5 + area == pytest.approx(0.975, abs=1e-11)


def test_clustered_interval_worked_by_hand():
    matches = [[1, 2], [3], [4, 5, 6], [-2, 0]]
    t = Tally()
    for vals in matches:
        add_match(t, {"q": vals})
    st = clustered(t.moments, "q")
    # by hand: n = 8 walls, mean 19/8; CR1 variance G/(G-1) * sum_m (S_m - n_m*mean)^2 / n^2
    n, mean = 8, Fraction(19, 8)
    ss = sum((sum(v) - len(v) * mean) ** 2 for v in matches)
    se = math.sqrt(float(Fraction(4, 3) * ss / n**2))
    assert st["mean"] == 19 / 8 and st["df"] == 3 and st["walls"] == 8 and st["matches"] == 4
    assert st["se"] == pytest.approx(se, rel=1e-12)
    assert st["ci95"] == pytest.approx([19 / 8 - 3.182446305284263 * se, 19 / 8 + 3.182446305284263 * se])


def test_one_wall_a_match_is_the_plain_t_interval():
    vals = [5, -3, 8, 0, 0, 12, -7, 4]
    t = Tally()
    for v in vals:
        add_match(t, {"q": [v]})
    st = clustered(t.moments, "q")
    se = statistics.stdev(vals) / math.sqrt(len(vals))
    assert st["se"] == pytest.approx(se, rel=1e-12)
    assert st["p"] == pytest.approx(two_sided_p(statistics.mean(vals) / se, 7))


# ---------------------------------------------------------------- seatings
def test_seatings_of_each_mode():
    s, g = seatings_of("1v3", 2, 1)
    assert s == [(0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1), (1, 1, 1, 0)] and g == {0: [0, 1, 2, 3]}
    s, g = seatings_of("2v2", 3, 2)
    assert s == [(0, 2, 0, 2), (2, 0, 2, 0), (1, 2, 1, 2), (2, 1, 2, 1)] and g == {0: [0, 1], 1: [2, 3]}
    s, g = seatings_of("rotate", 4, 3)
    assert [x[0] for x in s] == [0, 1, 2, 3] and all(sorted(x) == [0, 1, 2, 3] for x in s)
    assert g == {0: [0, 1, 2, 3], 1: [0, 1, 2, 3], 2: [0, 1, 2, 3]}
    with pytest.raises(SimulationError, match="rotate: needs exactly 4 agents"):
        seatings_of("rotate", 3, 0)
    with pytest.raises(SimulationError, match="^mode: "):
        arena("greedy,random", hands=2, mode="3v1")


def test_bad_arguments_are_named():
    with pytest.raises(AgentError, match="two or more agents"):
        arena(["greedy"], hands=2)
    with pytest.raises(SimulationError, match="^baseline: "):
        arena("greedy,random", hands=2, baseline="nobody")
    with pytest.raises(SimulationError, match="^hands: "):
        arena("greedy,random", hands=0)


# ---------------------------------------------------------------- the walls and the statistics, from the records
@pytest.fixture(scope="module")
def run_with_records():
    buf = io.StringIO()
    r = arena(["greedy", "random"], hands=24, seed=5, records=buf, match_hands=6)
    return r, [json.loads(ln) for ln in buf.getvalue().splitlines()]


def test_every_seating_plays_the_same_wall_and_dealer(run_with_records):
    r, recs = run_with_records
    assert len(recs) == 24 * 4 == r.games
    by_wall = defaultdict(list)
    for rec in recs:
        assert rec["hand"] == rec["wall"] * 4 + rec["seating"]
        by_wall[rec["wall"]].append(rec)
    for w, games in by_wall.items():
        assert [g["seating"] for g in games] == [0, 1, 2, 3]
        assert len({json.dumps(g["events"][0]["wall"]) for g in games}) == 1  # the same wall
        assert len({g["dealer"] for g in games}) == 1 and len({g["prev_laizi"] for g in games}) == 1
        assert [g["agents"].index("greedy") for g in games] == [0, 1, 2, 3]
    # D5 from the first seating: the dealer passes after a non-dealer win of seating 0
    for w in range(23):
        if (w + 1) % 6:
            first = by_wall[w][0]
            win = first["result"]["winner"]
            want = first["dealer"] if win is None or win == first["dealer"] else (first["dealer"] + 1) % 4
            assert by_wall[w + 1][0]["dealer"] == want


def test_the_paired_difference_is_what_the_records_give(run_with_records):
    r, recs = run_with_records
    by_wall = defaultdict(list)
    for rec in recs:
        by_wall[rec["wall"]].append(rec)
    diffs, greedy_vals = [], []
    for w in sorted(by_wall):
        mine = [g["result"]["payments"][g["agents"].index("greedy")] for g in by_wall[w]]
        theirs = [p for g in by_wall[w] for s, p in enumerate(g["result"]["payments"]) if g["agents"][s] == "random"]
        diffs.append(Fraction(sum(mine), 4) - Fraction(sum(theirs), 12))
        greedy_vals.append(Fraction(sum(mine), 4))
    d = r.differences()[0]
    assert d["agent"] == "greedy" and d["baseline"] == "random"
    assert d["mean"] == pytest.approx(float(sum(diffs) / 24), rel=1e-12)
    # clustered by match (6 walls a match), CR1, t on 3 df: worked here from the records
    mean = sum(diffs) / 24
    ss = sum((sum(diffs[i:i + 6]) - 6 * mean) ** 2 for i in range(0, 24, 6))
    se = math.sqrt(float(Fraction(4, 3) * ss / 24**2))
    q = t_quantile(0.975, 3)
    assert d["ci95"] == pytest.approx([float(mean) - q * se, float(mean) + q * se], rel=1e-9)
    g = r.agent_figures("greedy")
    assert g["mean"] == pytest.approx(float(sum(greedy_vals) / 24), rel=1e-12)
    assert g["seat_hands"] == 96 and r.agent_figures("random")["seat_hands"] == 288
    wins = sum(1 for rec in recs if rec["result"]["winner"] is not None
               and rec["agents"][rec["result"]["winner"]] == "greedy")
    assert g["win_rate"] == wins / 96


def test_greedy_beats_random(run_with_records):
    r, _ = run_with_records
    d = r.differences()[0]
    assert d["ci95"][0] > 0 and d["p"] < 0.01


def test_two_copies_of_a_deterministic_agent_differ_by_exactly_nothing():
    r = arena([GreedyAgent(), GreedyAgent()], hands=8, seed=2, match_hands=4)
    d = r.differences()[0]
    assert d["mean"] == 0 and d["ci95"] == [0.0, 0.0]


def test_the_paired_interval_is_narrower_than_the_unpaired_one():
    # agents that play alike: the seat and wall luck cancels over the seatings of a wall
    for mode in ("1v3", "2v2"):
        d = arena([GreedyAgent(), NoGangGreedy()], hands=48, seed=7, mode=mode).differences()[0]
        assert d["ci95"][1] - d["ci95"][0] < d["unpaired_ci95"][1] - d["unpaired_ci95"][0]


def test_two_copies_of_one_agent_cover_zero_at_the_stated_rate():
    # a null that holds exactly: two independent copies of one randomised policy
    runs = 60
    cover = 0
    for seed in range(runs):
        lo, hi = arena([NoisyGreedy(), NoisyGreedy()], hands=8, seed=seed, mode="2v2",
                       match_hands=1).differences()[0]["ci95"]
        cover += lo <= 0 <= hi
    assert 0.85 <= cover / runs <= 1.0  # 95 % nominal; 60 runs: a binomial sd of 2.8 %


@pytest.mark.soak
def test_two_copies_cover_zero_at_the_stated_rate_over_many_seeds():
    runs = 300
    cover = 0
    for seed in range(1000, 1000 + runs):
        lo, hi = arena([NoisyGreedy(), NoisyGreedy()], hands=12, seed=seed, mode="2v2",
                       match_hands=2).differences()[0]["ci95"]
        cover += lo <= 0 <= hi
    assert 0.92 <= cover / runs <= 0.98  # binomial sd 1.3 % at 95 %


def test_the_result_is_the_same_for_one_or_two_workers():
    a = arena(["greedy", RandomAgent()], hands=24, seed=4)
    b = arena(["greedy", RandomAgent()], hands=24, seed=4, workers=2)
    assert a == b and a.to_json() == b.to_json()


def test_json_round_trip_and_rotate_mode():
    r = arena(["greedy", "random", "random", "random"], hands=8, seed=1, mode="rotate")
    assert [d["agent"] for d in r.differences()] == ["greedy", "random", "random#2"]
    assert ArenaResult.from_json(r.to_json()) == r
    assert "arena rotate" in r.summary()


def test_rating_with_openskill():
    pytest.importorskip("openskill")
    r = arena(["greedy", "random", "random", "random"], hands=16, seed=1, mode="rotate", rating=True)
    assert r.rating["greedy"]["mu"] > max(r.rating[a]["mu"] for a in ("random", "random#2", "random#3"))


@pytest.mark.parametrize("engine", ["python", "auto"])
def test_an_unpicklable_agent_with_workers_is_a_named_error(engine):
    def local_agent(observation, legal_actions):
        return legal_actions[0]

    with pytest.raises(AgentError, match="picklable"):
        arena([local_agent, "greedy"], hands=4, seed=1, workers=2, engine=engine)


class _LateBoom:
    """Plays its first legal action; each copy raises at its ``n``-th decision."""

    name = "lateboom"

    def __init__(self, n):
        self.n = n

    def act(self, observation, legal):
        self.n -= 1
        if self.n < 0:
            raise RuntimeError("late boom")
        return legal[0]


@pytest.mark.parametrize("engine", ["python", "auto"])
def test_an_arena_stopped_by_an_agents_error_keeps_the_games_played_before_it(tmp_path, engine):
    """The records file ends at the last whole game before the error, on either engine."""
    path = tmp_path / "stopped.jsonl"
    with pytest.raises(AgentError, match="late boom"):
        arena([_LateBoom(40), "greedy"], hands=12, seed=2, match_hands=3, engine=engine, records=path)
    rows = path.read_text().splitlines()
    want = io.StringIO()
    arena([_LateBoom(10**6), "greedy"], hands=12, seed=2, match_hands=3, engine="python", records=want)
    assert 0 < len(rows) < 48 and rows == want.getvalue().splitlines()[:len(rows)]
