"""Simulation statistics (stats.py, results.py) and simulate().

Statistics are checked against values worked out by hand on tiny fixed inputs;
simulate() against itself only for determinism (same seed, different workers,
batches or executors must agree exactly), never for the figures themselves.
"""

from __future__ import annotations

import csv
import io
import json
import math
from fractions import Fraction

import pytest

from wuhanmj.errors import AgentError, RulesError, SimulationError, StatsError, WuhanMJError
from wuhanmj.sim.results import HandOutcome, SimulationResult, tally_outcome
from wuhanmj.rules import Rules
from wuhanmj.sim.stats import Moments, Tally, exact

AGENTS = ("greedy", "greedy", "greedy", "random")

# Three hands worked by hand:
#  hand A: dealer 0, seat 1 wins a 清一色 on seat 2's discard, hard; seat 2 pays 40.
#  hand B: dealer 1, exhaustive draw (荒庄, X6): nobody pays.
#  hand C: dealer 1, seat 3 self-draws a small hu, soft; seat 1 (dealer) pays 8, the others 4.
HAND_A = HandOutcome(
    dealer=0, winner=1, how="fangchong", big=("qingyise",), hard=True,
    payments=(0, 40, -40, 0), reached=1, length=40, decisions=70,
)
HAND_B = HandOutcome(dealer=1, length=50, decisions=90)
HAND_C = HandOutcome(
    dealer=1, winner=3, how="zimo", hard=False, payments=(-4, -8, -4, 16), length=21, decisions=30,
)


def three_hands() -> SimulationResult:
    t = Tally()
    for o in (HAND_A, HAND_B, HAND_C):
        tally_outcome(t, o, AGENTS)
    return SimulationResult.from_tally(t, seed=5, rules=Rules.kaikou(), agents=AGENTS, match_hands=8)


# ---------------------------------------------------------------- Moments / Tally
def test_moments_of_three_values_by_hand():
    m = Moments.of([10, -4, 6])
    # mean 4; deviations 6, -8, 2 -> squares 104 -> sample variance 52
    assert (m.n, m.total, m.total_sq) == (3, 12, 152)
    assert m.mean == 4.0
    assert m.variance == 52.0
    assert m.std == pytest.approx(math.sqrt(52))
    lo, hi = m.ci95
    half = 4.302652729749464 * math.sqrt(52 / 3)  # Student's t, 0.975 quantile at 2 df (tables)
    assert lo == pytest.approx(4 - half) and hi == pytest.approx(4 + half)


def test_moments_ci95_is_students_t_at_any_n():
    """Two observations 0 and 100: mean 50, sd 70.71, sem 50; t at 1 df is 12.7062 (tables),
    so the half-width is 635.3 (the normal 1.96 would say 98.0). One observation: no interval."""
    lo, hi = Moments.of([0, 100]).ci95
    assert (lo, hi) == pytest.approx((50 - 12.706204736174698 * 50, 50 + 12.706204736174698 * 50))
    assert all(math.isnan(x) for x in Moments.of([7]).ci95)


def test_moments_empty_and_single_are_nan():
    assert math.isnan(Moments().mean)
    assert Moments.of([7]).mean == 7.0
    assert math.isnan(Moments.of([7]).std)


def test_moments_halves_stay_exact():
    # x1.5 payments (X1) give halves; sums must be exact, not floats.
    m = Moments.of([1.5, 2.5, 0.25])
    assert m.total == Fraction(17, 4)
    assert m.total_sq == Fraction(9, 4) + Fraction(25, 4) + Fraction(1, 16)


def test_moments_no_cancellation_on_large_offset():
    # Naive float sum of squares loses the variance of 1e9 + {0, 1, 2}; exact sums keep it.
    m = Moments.of([1e9, 1e9 + 1, 1e9 + 2])
    assert m.variance == 1.0


def test_tally_merge_equals_one_pass_in_any_split():
    values = [3, -1.5, 0, 12, -7, 2.25, 4]
    whole = Tally()
    for v in values:
        whole.observe("x", v)
        whole.count("n")
    for cut in range(len(values) + 1):
        a, b = Tally(), Tally()
        for v in values[:cut]:
            a.observe("x", v)
            a.count("n")
        for v in values[cut:]:
            b.observe("x", v)
            b.count("n")
        assert b.merge(a) == whole  # merge order reversed on purpose


def test_tally_json_round_trip():
    t = Tally()
    t.observe("pay", 1.5)
    t.observe("pay", -3)
    t.count("hands", 2)
    d = json.loads(json.dumps(t.to_dict()))
    assert Tally.from_dict(d) == t
    assert d["moments"]["pay"] == {"n": 2, "total": "-3/2", "total_sq": "45/4"}


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "3", True, None])
def test_exact_rejects_non_numbers(bad):
    with pytest.raises(WuhanMJError):
        exact(bad)


# ---------------------------------------------------------------- results on three fixed hands
def test_three_hands_counts_by_hand():
    r = three_hands()
    assert r.hands == 3 and r.wins == 2
    assert r.draw_rate == pytest.approx(1 / 3)
    assert r.win_rate_by_seat == pytest.approx((0, 1 / 3, 0, 1 / 3))
    # greedy holds 3 seats over 3 hands = 9 seat-hands, 1 win; random 3 seat-hands, 1 win
    assert r.win_rate_by_agent == pytest.approx({"greedy": 1 / 9, "random": 1 / 3})
    assert r.dealer_win_rate == 0
    assert r.small_hu_rate == pytest.approx(1 / 3)
    assert r.big_hu_rates["qingyise"] == pytest.approx(1 / 3)
    assert r.big_hu_rates["pengpenghu"] == 0
    assert r.hard_share == 0.5
    assert r.how_rates["zimo"] == pytest.approx(1 / 3)
    assert r.how_rates["fangchong"] == pytest.approx(1 / 3)
    assert r.yinding_rate == pytest.approx(1 / 3) and r.jinding_rate == 0
    assert r.mean_length == pytest.approx(37.0)  # (40 + 50 + 21) / 3
    assert r.mean_decisions == pytest.approx(190 / 3)


def test_three_hands_payments_by_hand():
    r = three_hands()
    seat2 = r.payments_by_seat[2]  # -40, 0, -4: mean -44/3
    assert seat2.mean == pytest.approx(-44 / 3)
    # deviations: -40+44/3 = -76/3, 44/3, 32/3 -> squares sum (5776+1936+1024)/9 = 8736/9; /2
    assert seat2.variance == pytest.approx(8736 / 18)
    assert r.payments_by_agent["random"].mean == pytest.approx(16 / 3)  # 0, 0, 16
    # greedy seat-hands: 0,40,-40 | 0,0,0 | -4,-8,-4 -> sum -16 over 9
    assert r.payments_by_agent["greedy"].mean == pytest.approx(-16 / 9)
    # X5: every seat's mean payments sum to zero
    assert sum(m.total for m in r.payments_by_seat) == 0


def test_result_json_round_trip_and_null_for_nan():
    r = three_hands()
    assert SimulationResult.from_json(r.to_json()) == r
    empty = SimulationResult.from_tally(Tally(), seed=0, rules=Rules.kaikou(), agents=AGENTS, match_hands=8)
    d = json.loads(empty.to_json())
    assert d["draw_rate"] is None


def test_result_csv_rows():
    rows = list(csv.DictReader(io.StringIO(three_hands().to_csv())))
    got = {(r["metric"], r["key"]): r["value"] for r in rows}
    assert got[("hands", "")] == "3"
    assert float(got[("win_rate", "seat1")]) == pytest.approx(1 / 3)
    assert float(got[("payment_mean", "seat3")]) == pytest.approx(16 / 3)  # 0, 0, 16
    assert got[("agent", "seat3")] == "random"


def three_hands_of_seed(seed: int) -> SimulationResult:
    t = Tally()
    for o in (HAND_A, HAND_B, HAND_C):
        tally_outcome(t, o, AGENTS)
    return SimulationResult.from_tally(t, seed=seed, rules=Rules.kaikou(), agents=AGENTS, match_hands=8)


def test_result_merge_adds_hands():
    r, other = three_hands(), three_hands_of_seed(6)
    both = r.merge(other)
    assert both.hands == 6
    assert both.win_rate_by_seat == pytest.approx(r.win_rate_by_seat)
    assert both.payments_by_seat[3].n == 6
    # 3 hands in matches of 8: match 0 of each seed
    assert both.matches == ((5, 0, 1), (6, 0, 1)) and both.seeds == (5, 6) and both.seed == 5


def test_merging_a_result_with_itself_is_an_error_naming_the_overlap():
    r = three_hands()
    with pytest.raises(StatsError, match="match 0 of seed 5"):
        r.merge(r)


def test_merging_runs_of_one_seed_is_an_error_even_of_different_lengths():
    # 10 hands in matches of 8: matches 0-1; 20 hands: matches 0-2. Both start at match 0.
    a = simulate(hands=10, agents="random", seed=3)
    b = simulate(hands=20, agents="random", seed=3)
    assert a.matches == ((3, 0, 2),) and b.matches == ((3, 0, 3),)
    with pytest.raises(StatsError, match="matches 0-1 of seed 3"):
        a.merge(b)


def test_a_merge_of_different_seeds_says_so_and_round_trips_through_json():
    a = simulate(hands=10, agents="random", seed=1)
    b = simulate(hands=10, agents="random", seed=2)
    both = a.merge(b)
    assert both.hands == 20 and both.seeds == (1, 2)
    e = a.engine  # native when built (random bots), else python
    assert both.summary().splitlines()[0] == f"20 hands, rules kaikou, seeds 1, 2 (merged), matches of 8 hands, engine {e}"
    assert a.summary().splitlines()[0] == f"10 hands, rules kaikou, seed 1, matches of 8 hands, engine {e}"
    d = json.loads(both.to_json())
    assert d["seeds"] == [1, 2] and d["matches"] == [[1, 0, 2], [2, 0, 2]]
    back = SimulationResult.from_json(both.to_json())
    assert back == both
    with pytest.raises(StatsError, match="seed 2"):  # the provenance survives the round trip
        back.merge(b)


def test_a_result_written_before_matches_existed_reads_as_one_run():
    d = json.loads(three_hands().to_json())
    del d["matches"], d["seeds"]
    assert SimulationResult.from_dict(d).matches == ((5, 0, 1),)


@pytest.mark.parametrize("bad", [[[1, 2]], [[1, 3, 3]], [[-1, 0, 1]], [[1, 0, 2], [1, 1, 3]], [[True, 0, 1]], "x"])
def test_malformed_matches_are_a_stats_error(bad):
    d = json.loads(three_hands().to_json())
    d["matches"] = bad
    with pytest.raises(StatsError, match="matches"):
        SimulationResult.from_dict(d)


def test_merging_different_match_hands_is_an_error():
    a = simulate(hands=4, agents="random", seed=1, match_hands=4)
    b = simulate(hands=4, agents="random", seed=2, match_hands=2)
    with pytest.raises(StatsError, match="match_hands"):
        a.merge(b)


def test_summary_names_the_figures():
    text = three_hands().summary()
    for word in ("荒庄", "qingyise", "金顶", "95% CI", "random"):
        assert word in text


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(dealer=4),
        dict(dealer=0, winner=1, how="zimo", payments=(1, 1, 1, 1)),  # X5: sum is not 0
        dict(dealer=0, payments=(-1, 1, 0, 0)),  # X6: a draw pays nothing
        dict(dealer=0, winner=2, how="tsumo", payments=(0, 0, 0, 0)),
        dict(dealer=0, winner=2, how="zimo", big=("yakuman",)),
        dict(dealer=0, winner=2, how="zimo", liability="L4"),
    ],
)
def test_hand_outcome_rejects_inconsistent_facts(kwargs):
    with pytest.raises(WuhanMJError):
        HandOutcome(**kwargs)


# ---------------------------------------------------------------- simulate(): determinism and scaling
from wuhanmj.sim.simulate import match_seeds, simulate  # noqa: E402


def test_match_seeds_follow_seedsequence_spawn():
    import numpy as np

    walls_ss, agents_ss = np.random.SeedSequence(42).spawn(3)[2].spawn(2)
    match_seed, agent_seeds = match_seeds(42, 2)
    assert match_seed == int(walls_ss.generate_state(1, np.uint64)[0])
    assert agent_seeds == tuple(int(x) for x in agents_ss.generate_state(4, np.uint64))


def test_same_seed_same_result_for_1_and_2_workers():
    one = simulate(hands=60, agents="random", seed=11, workers=1)
    two = simulate(hands=60, agents="random", seed=11, workers=2)
    assert one == two
    assert one.hands == 60


def test_batch_size_does_not_change_the_result():
    a = simulate(hands=30, agents="random", seed=3, batch_hands=1, match_hands=4)
    b = simulate(hands=30, agents="random", seed=3, batch_hands=1000, match_hands=4)
    assert a == b


def test_different_seeds_differ():
    a = simulate(hands=40, agents="random", seed=1)
    b = simulate(hands=40, agents="random", seed=2)
    assert a.tally() != b.tally()


def test_any_executor_works_threads():
    from concurrent.futures import ThreadPoolExecutor

    local = simulate(hands=40, agents="random", seed=5)
    with ThreadPoolExecutor(max_workers=3) as ex:
        threaded = simulate(hands=40, agents="random", seed=5, executor=ex, batch_hands=8)
    assert threaded == local


def test_dask_local_cluster_equals_local_run():
    distributed = pytest.importorskip("distributed")
    local = simulate(hands=40, agents="random", seed=9)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        remote = simulate(hands=40, agents="random", seed=9, executor=client.get_executor(), batch_hands=8)
    assert remote == local


def test_records_are_one_line_per_hand_in_order(tmp_path):
    path = tmp_path / "hands.jsonl"
    r = simulate(hands=10, agents="random", seed=4, workers=2, batch_hands=2, records=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 10
    recs = [json.loads(ln) for ln in lines]
    assert [x["hand"] for x in recs] == list(range(10))
    assert sum(x["result"]["winner"] is None for x in recs) == r.count("draws")


def test_m1_d5_dealer_rotation_within_a_match(tmp_path):
    # D5: after a non-dealer win the dealer passes on; after a dealer win or a draw it stays.
    path = tmp_path / "hands.jsonl"
    simulate(hands=24, agents="random", seed=8, match_hands=6, records=path)
    recs = [json.loads(ln) for ln in path.read_text(encoding="utf-8").splitlines()]
    for prev, cur in zip(recs, recs[1:]):
        if cur["match"] != prev["match"]:
            assert cur["dealer"] == cur["match"] % 4
            assert cur["prev_laizi"] is None
            continue
        w = prev["result"]["winner"]
        expected = prev["dealer"] if w is None or w == prev["dealer"] else (prev["dealer"] + 1) % 4
        assert cur["dealer"] == expected
        assert cur["prev_laizi"] == prev["result"]["laizi"]  # M2: the previous 癞子 is kept


def test_memory_flat_without_records():
    import tracemalloc

    from wuhanmj.sim.simulate import _Spec, _run_batch
    from wuhanmj.agents.base import RandomAgent

    spec = _Spec(1, 400, 8, Rules.kaikou(), tuple(RandomAgent() for _ in range(4)), ("random",) * 4, False)
    tally, lines = _run_batch(spec, 0, 50)
    assert lines is None  # no per-hand list kept when records are off
    keys = [*tally.to_dict()["counts"], *tally.to_dict()["moments"]]
    # the trace has at most TRACE_BINS bins per agent; the histograms one key
    # per amount that occurred: bounded by the schedule, not by the hands
    from wuhanmj.sim.outcome import TRACE_BINS

    assert sum(k.startswith("trace.") for k in keys) <= 5 * TRACE_BINS  # one agent, four seats
    keys_400 = sum(not k.startswith(("trace.", "payhist.", "fanhist.")) for k in keys)

    def peak(matches: int) -> int:
        tracemalloc.start()
        _run_batch(spec, 0, matches)
        _, p = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return p

    small, large = peak(5), peak(50)  # 40 vs 400 hands
    assert large < small + 200_000  # bytes: does not grow with the hands played
    assert keys_400 < 60  # the tally's size is bounded by the kinds of events


@pytest.mark.parametrize(
    "kwargs, error",
    [
        (dict(hands=0), SimulationError),
        (dict(hands=10, workers=-1), SimulationError),
        (dict(hands=10, seed=-3), SimulationError),
        (dict(hands=10, agents="random,greedy"), AgentError),
        (dict(hands=10, agents="nobody"), AgentError),
        (dict(hands=10, rules="nonsense"), RulesError),
        (dict(hands=10, match_hands=0), SimulationError),
        (dict(hands=10, progress="yes"), SimulationError),
    ],
)
def test_bad_arguments_raise_named_errors(kwargs, error):
    kwargs.setdefault("agents", "random")
    with pytest.raises(error):
        simulate(**kwargs)


def test_progress_callable_reaches_total():
    seen = []
    simulate(hands=20, agents="random", seed=1, batch_hands=8, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (20, 20)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_unpicklable_agent_with_workers_is_a_named_error():
    def local_agent(observation, legal_actions):
        return legal_actions[0]

    with pytest.raises(AgentError, match="picklable"):
        simulate(hands=4, agents=[local_agent, "random", "random", "random"], workers=2)


# ---------------------------------------------------------------- workers: capped, never more than batches
def _recording_pool(monkeypatch):
    """Replace the process pool of simulate() (made by wuhanmj.running.executor.run_batches
    from concurrent.futures, imported when a pool is first needed) by one that records its
    arguments."""
    import concurrent.futures

    made: list[dict] = []

    class Recording(concurrent.futures.ProcessPoolExecutor):
        def __init__(self, *args, **kwargs):
            made.append(dict(kwargs, args=args))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Recording)
    return made


def test_a_pool_never_has_more_processes_than_batches(monkeypatch):
    import os

    made = _recording_pool(monkeypatch)
    workers = min(4, 4 * (os.cpu_count() or 1))
    # 10 hands in matches of 8: matches 0 and 1, one match a batch -> 2 batches
    r = simulate(hands=10, agents="random", seed=2, workers=workers)
    assert r.hands == 10
    assert len(made) == 1 and made[0]["max_workers"] == 2


@pytest.mark.parametrize("extra", [1, 1000])
def test_workers_above_four_per_cpu_is_a_simulation_error_naming_workers(monkeypatch, extra):
    import os

    made = _recording_pool(monkeypatch)
    too_many = 4 * (os.cpu_count() or 1) + extra
    with pytest.raises(SimulationError, match="workers"):
        simulate(hands=10, agents="random", seed=2, workers=too_many)
    assert made == []  # refused before any process is started


# ---------------------------------------------------------------- records and executor checked first
def _counting_agents():
    calls: list[int] = []

    def first_legal(observation, legal_actions):
        calls.append(1)
        return legal_actions[0]

    return [first_legal, "random", "random", "random"], calls


@pytest.mark.parametrize(
    "kwargs, name",
    [
        (dict(records=io.BytesIO()), "records"),
        (dict(records=object()), "records"),
        (dict(executor="x"), "executor"),
        (dict(executor=object()), "executor"),
    ],
)
def test_bad_records_or_executor_is_a_simulation_error_before_any_hand(kwargs, name):
    agents, calls = _counting_agents()
    with pytest.raises(SimulationError, match=f"^{name}: "):
        simulate(hands=4, agents=agents, seed=1, **kwargs)
    assert calls == []  # refused before any hand was played


def test_a_closed_records_file_is_a_simulation_error():
    f = io.StringIO()
    f.close()
    with pytest.raises(SimulationError, match="^records: "):
        simulate(hands=4, agents="random", seed=1, records=f)


def test_records_to_a_text_file_object():
    f = io.StringIO()
    simulate(hands=3, agents="random", seed=1, records=f)
    assert [json.loads(ln)["hand"] for ln in f.getvalue().splitlines()] == [0, 1, 2]


# ---------------------------------------------------------------- per-agent CI: clustered by hand
def _clustered_ci_by_hand(recs, seats):
    """Brute force from the per-hand records: one observation per hand, the mean payment
    of ``seats`` in that hand; mean ± t · sd / √H (sd with H - 1; t the 0.975 quantile of
    Student's t at H - 1 = 159 df: 1.9749962128)."""
    import numpy as np

    x = np.array([np.mean([r["result"]["payments"][s] for s in seats]) for r in recs], dtype=float)
    h = len(x)
    assert h == 160
    half = 1.9749962128 * x.std(ddof=1) / math.sqrt(h)
    return x.mean(), x.mean() - half, x.mean() + half


def test_agent_ci_is_clustered_by_hand_as_the_records_give_it():
    buf = io.StringIO()
    r = simulate(hands=160, agents="greedy,random,greedy,random", seed=12, records=buf)
    recs = [json.loads(ln) for ln in buf.getvalue().splitlines()]
    assert len(recs) == 160
    by_agent = {a["agent"]: a for a in r.to_dict()["by_agent"]}
    for agent, seats in (("greedy", (0, 2)), ("random", (1, 3))):
        mean, lo, hi = _clustered_ci_by_hand(recs, seats)
        got = by_agent[agent]
        assert got["payment_mean"] == pytest.approx(mean)
        assert got["payment_ci95"] == pytest.approx([lo, hi], rel=1e-5)
        assert r.payment_ci95_by_agent[agent] == pytest.approx((lo, hi), rel=1e-5)
    rows = {(m, k): v for m, k, v in r.rows()}
    assert rows[("payment_ci95_low", "agent:greedy")] == pytest.approx(_clustered_ci_by_hand(recs, (0, 2))[1])
    # the summary prints the same interval
    _, lo, hi = _clustered_ci_by_hand(recs, (1, 3))
    line = next(ln for ln in r.summary().splitlines() if ln.startswith("random  "))
    assert f"{lo:+.2f}" in line and f"{hi:+.2f}" in line


def test_an_agent_in_every_seat_has_a_zero_width_interval():
    # X5: the four payments of a hand sum to 0, so the mean over the 4 seats is 0 every hand
    r = simulate(hands=40, agents="greedy", seed=5)
    assert r.payment_ci95_by_agent["greedy"] == (0.0, 0.0)
    assert r.payments_by_agent["greedy"].std > 0  # while single seat-hands vary


# ---------------------------------------------------------------- the pool never forks (threads may be running)
def test_the_process_pool_does_not_fork(monkeypatch):
    made = _recording_pool(monkeypatch)
    one = simulate(hands=16, agents="random", seed=4, workers=1)
    two = simulate(hands=16, agents="random", seed=4, workers=2)
    assert two == one  # the start method does not change the result
    ctx = made[0].get("mp_context")
    assert ctx is not None and ctx.get_start_method() in ("forkserver", "spawn")


def test_no_fork_warning_with_a_progress_bar_running():
    """Python 3.12+ warns (DeprecationWarning) when a process with threads forks; tqdm's
    monitor thread runs while the pool starts. Caught in this process, and in a fresh
    interpreter run under -W error::DeprecationWarning (the fork server's own stderr too)."""
    import subprocess
    import sys
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        simulate(hands=16, agents="random", seed=4, workers=2, progress=True)
    assert not [w for w in caught if "fork" in str(w.message)], [str(w.message) for w in caught]

    code = (
        "from wuhanmj import simulate\n"
        "if __name__ == '__main__':\n"
        "    r = simulate(hands=16, agents='random', seed=4, workers=2, progress=True)\n"
        "    print('hands', r.hands)\n"
    )
    for flag in ("error::DeprecationWarning", "always::DeprecationWarning"):
        run = subprocess.run([sys.executable, "-W", flag, "-c", code], capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr
        assert run.stdout.strip() == "hands 16"
        assert "DeprecationWarning" not in run.stderr and "fork()" not in run.stderr, run.stderr


class _LateBoom:
    """Plays its first legal action; raises at its ``n``-th decision of the run."""

    def __init__(self, n):
        self.n = n

    def act(self, observation, legal):
        self.n -= 1
        if self.n < 0:
            raise RuntimeError("late boom")
        return legal[0]


def test_a_python_engine_run_stopped_by_an_agent_keeps_the_whole_hands_of_its_batch(tmp_path):
    """A run stopped by an agent's error leaves its records file ending at the last whole
    hand, on the Python engine as on the native one (the failing batch's earlier hands kept)."""
    path = tmp_path / "stopped.jsonl"
    with pytest.raises(AgentError, match="late boom"):
        simulate(hands=16, agents=[_LateBoom(60), "greedy", "random", "greedy"], seed=9, match_hands=4,
                 batch_hands=16, engine="python", records=path)
    rows = [json.loads(ln) for ln in path.read_text().splitlines()]
    assert 0 < len(rows) < 16 and [r["hand"] for r in rows] == list(range(len(rows)))
    want = io.StringIO()
    simulate(hands=len(rows), agents=[_LateBoom(10**6), "greedy", "random", "greedy"], seed=9, match_hands=4,
             engine="python", records=want)
    assert path.read_text() == want.getvalue()
