"""The arena's control variates: the luck of a deal read from the wall (against a reference
written here from the rules), the estimator (against a slow reference, its unbiasedness and
its coverage on synthetic data with a known difference), and the arena's wiring."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from wuhanmj import Rules, arena
from wuhanmj._core import shanten
from wuhanmj.errors import SimulationError
from wuhanmj.files.records import RecordsReader
from wuhanmj.game.wall import scripted_wall, shuffled_wall
from wuhanmj.native.deal import deal_luck
from wuhanmj.stats.arena_result import ArenaResult
from wuhanmj.stats.control import COVARIATES, add_controls, add_reference, control_variate, covariates_of
from wuhanmj.stats.tally import Tally
from wuhanmj.tiles import specials_of

K = len(COVARIATES)


# ---------------------------------------------------------------- the luck of a deal
def _luck(wall, pizi):
    """Each deal position's starting shanten and 癞子, from the rules: position i holds
    wall[13i:13i+13] (the dealer also wall[52]); 癞子 wild; 红中/痞子 set aside and replaced
    from the back (wall[135], wall[134], ...), position 0 first (R1-R3, G1)."""
    sp = specials_of(wall[53], pizi)
    back = 135
    out_sh, out_lz = [], []
    for i in range(4):
        tiles = list(wall[13 * i:13 * i + 13]) + ([wall[52]] if i == 0 else [])
        keep = [t for t in tiles if not (sp.special[t] and t != sp.laizi)]
        missing = len(tiles) - len(keep)
        while missing:
            t = wall[back]
            back -= 1
            if sp.special[t] and t != sp.laizi:
                continue
            keep.append(t)
            missing -= 1
        wild = sum(t == sp.laizi for t in keep)
        counts = [0] * 34
        for t in keep:
            if t != sp.laizi:
                counts[t] += 1
        out_sh.append(shanten(counts, wild))
        out_lz.append(wild)
    return out_sh, out_lz


def test_the_luck_of_a_wall_worked_by_hand():
    # indicator 5m: the 癞子 is 6m (R2). Dealer: four sets, 5s and 中; 中 leaves and 8m comes
    # from the back: 5s or 8m makes the 2/5/8 pair, ready after a discard (shanten 0).
    # Seat 1: three sets, 东东 and two 癞子: 东东 + 癞子 a pung, the other 癞子 waits on its
    # pair (0). Seats 2 and 3: four sets and a single 9m / 1s, which cannot be the pair (W2):
    # two tiles short (1 each; 22p as the pair leaves 2p and 9m: no better). 癞子: 0, 2, 0, 0.
    wall = scripted_wall(["123m456p789s2345s7z", "66m123p456p789p11z", "444m222p333s567s9m", "778899m556677p1s"],
                         "5m", replacements="8m")
    sh, lz = deal_luck(np.array([wall]), False)
    assert sh.tolist() == [[0, 0, 1, 1]] and lz.tolist() == [[0, 2, 0, 0]]
    assert covariates_of(sh, lz).tolist() == [[2, 0, 0, 2]]  # shanten summed, least, the dealer's; 癞子 dealt


@pytest.mark.parametrize("pizi", [False, True])
def test_the_luck_of_random_walls_is_the_rules_reference(pizi):
    walls = [shuffled_wall(seed) for seed in range(300)]
    sh, lz = deal_luck(np.array(walls, np.uint8), pizi)
    for w, s, z in zip(walls, sh.tolist(), lz.tolist()):
        assert (s, z) == _luck(w, pizi)


def test_bad_walls_are_refused():
    with pytest.raises(ValueError, match="shape"):
        deal_luck(np.zeros((2, 135), np.uint8), False)
    with pytest.raises(ValueError, match="above 33"):
        deal_luck(np.full((1, 136), 40, np.uint8), False)


# ---------------------------------------------------------------- the estimator
def _tally(matches, sizes, x_sums, d_sums, ref):
    t = Tally()
    add_controls(t, matches, sizes, x_sums, {"c": d_sums})
    add_reference(t, ref)
    for m, d in zip(matches, d_sums):  # the plain paired sums the arena keeps
        t.observe("cl.diff:c", int(d))
    for m, k, d in zip(matches, sizes, d_sums):
        t.observe("clx.diff:c", int(k) * int(d))
        t.observe("cl.n", int(k))
    return t


def _slow(matches, sizes, x_sums, d_sums, ref):
    """The estimator written out directly: per fold the least squares of the centred match
    sums; the corrected sums; CR1 plus the reference mean's variance."""
    ms, n, x, d = np.asarray(matches), np.asarray(sizes, float), np.asarray(x_sums, float), np.asarray(d_sums, float)
    mu = np.asarray(ref, float).mean(axis=0)
    beta = {}
    for g in (0, 1):
        s = ms % 2 == g
        xbar, dbar = x[s].sum(axis=0) / n[s].sum(), d[s].sum() / n[s].sum()
        beta[g] = np.linalg.lstsq(x[s] - np.outer(n[s], xbar), d[s] - n[s] * dbar, rcond=None)[0]
    adj = np.array([d[i] - beta[1 - ms[i] % 2] @ (x[i] - n[i] * mu) for i in range(len(ms))])
    total = n.sum()
    theta = adj.sum() / total
    g_all = len(ms)
    var = g_all / (g_all - 1) * ((adj - n * theta) ** 2).sum() / total**2
    n0, n1 = n[ms % 2 == 0].sum(), n[ms % 2 == 1].sum()
    b = (n0 * beta[1] + n1 * beta[0]) / total
    var += b @ np.cov(np.asarray(ref, float).T, ddof=1) @ b / len(ref)
    return theta, math.sqrt(var)


def _synthetic(rng, g=60, theta=3.0, beta=(4.0, -2.0, 0.0, 6.0), noise=20.0, per=8):
    """Walls in g matches of ``per``: X uniform integers (known distribution), D_w = θ +
    βᵀ(X_w − E X) + a match effect + noise, rounded; the reference walls from X's distribution."""
    beta = np.asarray(beta)
    sizes = np.full(g, per)
    x = rng.integers(0, 6, size=(g * per, K))
    eff = np.repeat(rng.normal(0, noise / 2, g), per)
    d = np.rint(theta + (x - 2.5) @ beta + eff + rng.normal(0, noise, g * per)).astype(np.int64)
    starts = np.arange(0, g * per, per)
    ref = rng.integers(0, 6, size=(4 * g * per, K))
    return np.arange(g), sizes, np.add.reduceat(x, starts, axis=0), np.add.reduceat(d, starts), ref, d


def test_the_estimator_is_the_slow_reference():
    rng = np.random.default_rng(7)
    for _ in range(5):
        matches, sizes, xs, ds, ref, _ = _synthetic(rng)
        cv = control_variate(_tally(matches, sizes, xs, ds, ref).moments, "c")
        theta, se = _slow(matches, sizes, xs, ds, ref)
        assert cv["mean"] == pytest.approx(theta, rel=1e-9) and cv["se"] == pytest.approx(se, rel=1e-9)
        assert cv["df"] == len(matches) - 1 and cv["reference_walls"] == len(ref)


def test_the_estimator_divides_by_the_scale():
    rng = np.random.default_rng(8)
    matches, sizes, xs, ds, ref, _ = _synthetic(rng)
    one = control_variate(_tally(matches, sizes, xs, ds, ref).moments, "c")
    three = control_variate(_tally(matches, sizes, xs, 3 * ds, ref).moments, "c", scale=3)
    assert three["mean"] == pytest.approx(one["mean"]) and three["se"] == pytest.approx(one["se"])


def test_the_estimator_is_unbiased_and_covers_the_known_difference():
    # θ = 3, a strong dependence on X: per wall var(βᵀX) = 35/12 · (64 + 16 + 144) = 653.3,
    # so a match's sum of 8 walls has 5227 of its 5227 + 8·100 + 64·25 = 7627 explained
    # (R² = 0.685); the reference walls give back 1/4 of what is removed, so the
    # variance falls to 1 − R² + R²/4 = 0.486 of the plain one: 1/√0.486 = 1.43x narrower.
    # Over 400 runs the estimate's mean is θ within its Monte Carlo error and its 95 %
    # interval holds θ 93-97 % of the time
    rng = np.random.default_rng(20261206)
    est, hits, ratio = [], 0, []
    for _ in range(400):
        matches, sizes, xs, ds, ref, _ = _synthetic(rng, g=120, beta=(8.0, -4.0, 0.0, 12.0), noise=10.0)
        cv = control_variate(_tally(matches, sizes, xs, ds, ref).moments, "c")
        est.append(cv["mean"])
        hits += cv["ci95"][0] <= 3.0 <= cv["ci95"][1]
        ratio.append(cv["narrower"])
    assert abs(np.mean(est) - 3.0) < 3 * np.std(est) / math.sqrt(len(est))
    assert 0.93 <= hits / 400 <= 0.97
    assert 1.35 < np.median(ratio) < 1.52


def test_covariates_that_explain_nothing_cost_a_little_width():
    # the coefficients fitted on the other fold are noise then: with 30 matches a fold and
    # 4 covariates they widen the interval by a few per cent
    rng = np.random.default_rng(9)
    ratios = []
    for _ in range(50):
        matches, sizes, xs, ds, ref, _ = _synthetic(rng, beta=(0.0, 0.0, 0.0, 0.0))
        ratios.append(control_variate(_tally(matches, sizes, xs, ds, ref).moments, "c")["narrower"])
    assert 0.9 < np.median(ratios) <= 1.01


def test_too_few_matches_or_no_control_sums_give_nan():
    rng = np.random.default_rng(3)
    matches, sizes, xs, ds, ref, _ = _synthetic(rng, g=8)  # 4 matches a fold: fewer than K + 2
    cv = control_variate(_tally(matches, sizes, xs, ds, ref).moments, "c")
    assert math.isnan(cv["mean"]) and cv["narrower"] is None


# ---------------------------------------------------------------- the arena
@pytest.fixture(scope="module")
def with_control():
    return arena("greedy,random", hands=160, seed=5, control=True)


def test_control_changes_no_plain_figure(with_control):
    plain = arena("greedy,random", hands=160, seed=5)
    assert plain.differences() == with_control.differences()
    assert not plain.has_control and plain.control_variates() == []
    assert with_control.has_control


def test_both_engines_keep_the_same_control_sums(with_control):
    python = arena("greedy,random", hands=160, seed=5, control=True, engine="python")
    assert python.tally() == with_control.tally()


def test_the_arena_reads_the_covariates_of_the_walls_it_played(tmp_path):
    path = tmp_path / "a.jsonl"
    r = arena("greedy,random", hands=48, seed=2, control=True, records=str(path), match_hands=8)
    recs = [json.loads(line) for line in path.read_text().splitlines() if line.startswith('{"hand"')]
    first = [x for x in recs if x["seating"] == 0]
    assert len(first) == 48
    # the dealt walls, rebuilt by replaying: the records of a binary file keep them; here the
    # JSON events of the deal name them
    walls = [[_tile(t) for t in x["events"][0]["wall"]] for x in first]
    x = np.array([sum(_luck(w, False)[0]) for w in walls])  # shanten summed per wall
    fold0 = sum(int(x[i]) for i, rec in enumerate(first) if rec["match"] % 2 == 0)
    assert r.moment("cv0.u0.2").total == fold0  # Σ over fold 0's matches of S_m(shanten_sum)
    assert r.moment("cvref.0.0").n == 4 * 48 == r.moment("cvref.0.0").total  # 4 reference walls a wall


def _tile(text):
    from wuhanmj.tiles import parse_tile

    return parse_tile(text)


def test_the_result_reports_the_control_variate_beside_the_paired_interval(with_control):
    cv = with_control.control_variates()[0]
    d = with_control.differences()[0]
    assert cv["agent"] == "greedy" and cv["plain_se"] == d["se"] and cv["covariates"] == list(COVARIATES)
    assert cv["narrower"] == pytest.approx(d["se"] / cv["se"])
    assert "the deal's luck as control variates" in with_control.summary()
    back = ArenaResult.from_json(with_control.to_json())
    assert back.control_variates() == with_control.control_variates()
    assert json.loads(with_control.to_json())["control_variates"][0]["reference_walls"] == 4 * 160


def test_control_must_be_a_bool():
    with pytest.raises(SimulationError, match="control"):
        arena("greedy,random", hands=8, seed=1, control=1)


def test_the_command_takes_control_variates(capsys):
    from wuhanmj.cli import main

    assert main(["arena", "--agents", "greedy,random", "--hands", "64", "--seed", "1", "--quiet",
                 "--control-variates"]) == 0
    assert "control variates" in capsys.readouterr().out


def test_the_koukou_fan_deal_sets_its_pizi_aside():
    r = arena("greedy,random", hands=64, seed=4, rules=Rules.preset("koukou_fan"), control=True)
    assert r.rules.pizi and r.control_variates()[0]["reference_walls"] == 256
