"""Rule studies: the same walls under several rule sets, paired differences, the planner."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

import wuhanmj
from wuhanmj import Rules
from wuhanmj.errors import RulesError, StudyError
from wuhanmj.files.outcomes import record_outcomes
from wuhanmj.files.records import RecordsReader
from wuhanmj.sim.simulate import simulate
from wuhanmj.sim.study import parse_sweep, rule_sets, study
from wuhanmj.stats.paired import clustered_means
from wuhanmj.stats.planner import hands_needed, parse_target
from wuhanmj.stats.study import RATES, quantity_names

HANDS, SEED = 240, 11


@pytest.fixture(scope="module")
def kaikou_koukou():
    return study("kaikou,koukou", agents="greedy,random,greedy,random", hands=HANDS, seed=SEED,
                 targets=["jinding=0.1pp", "transfer=5%"])


def _json_records(tmp_path, rules, agents="greedy,random,greedy,random"):
    """The JSON-lines records of a simulate run on the study's seed (the Python engine)."""
    path = tmp_path / "hands.jsonl"
    simulate(HANDS, rules, agents, seed=SEED, records=str(path), engine="python")
    return [json.loads(line) for line in path.read_text().splitlines() if line.startswith('{"hand"')]


# ---------------------------------------------------------------- the same as simulate alone
def test_each_rule_set_tallies_exactly_as_simulate_alone_on_the_seed(kaikou_koukou):
    for rules, res in zip(("kaikou", "koukou"), kaikou_koukou.results):
        alone = simulate(HANDS, rules, "greedy,random,greedy,random", seed=SEED)
        assert res.tally() == alone.tally()
        assert res.count("draws") == alone.count("draws") and res.count("jinding") == alone.count("jinding")
    assert kaikou_koukou.labels == ("kaikou", "koukou") and kaikou_koukou.seed == SEED


def test_the_rates_are_the_tallys_counts_per_hand(kaikou_koukou):
    for lv, res in zip(kaikou_koukou.levels, kaikou_koukou.results):
        n = res.hands
        assert lv["win"]["mean"] == (n - res.count("draws")) / n
        assert lv["draw"]["mean"] == res.count("draws") / n
        assert lv["zimo"]["mean"] == sum(res.count(f"how.{h}") for h in ("zimo", "gangshanghua", "haidilao")) / n
        assert lv["fangchong"]["mean"] == res.count("how.fangchong") / n
        assert lv["big"]["mean"] == res.count("big") / n
        for b in wuhanmj.BIG_HU:
            assert lv[f"big.{b}"]["mean"] == res.count(f"big.{b}") / n
        assert lv["yinding"]["mean"] == res.count("yinding") / n
        assert lv["jinding"]["mean"] == res.count("jinding") / n
        assert lv["chengbao"]["mean"] == sum(res.count(f"liability.L{i}") for i in (1, 2, 3)) / n
        for agent in ("greedy", "random"):  # per seat-hand, as the tally's pay.agent moments
            assert lv[f"points.{agent}"]["mean"] == pytest.approx(res.moment(f"pay.agent:{agent}").mean, abs=1e-12)


def test_the_means_and_payments_agree_with_the_json_records(tmp_path, kaikou_koukou):
    recs = _json_records(tmp_path, "koukou")
    assert len(recs) == HANDS
    pays = [r["result"]["payments"] for r in recs]
    gain = [sum(p for p in row if p > 0) for row in pays]
    lv = kaikou_koukou.levels[1]
    assert lv["transfer"]["mean"] == pytest.approx(sum(gain) / HANDS, abs=1e-12)
    assert lv["dealer_edge"]["mean"] == pytest.approx(sum(row[r["dealer"]] for row, r in zip(pays, recs)) / HANDS,
                                                      abs=1e-12)
    won = sorted(g for g, r in zip(gain, recs) if r["result"]["winner"] is not None)
    p = kaikou_koukou.payments[1]
    assert p["max"] == won[-1] and p["p50"] == won[math.ceil(0.5 * len(won)) - 1]  # type-1 quantile
    assert p["p90"] == won[math.ceil(0.9 * len(won)) - 1]
    assert p["largest_loss"] == -min(min(row) for row in pays)


def test_amounts_that_are_not_whole_are_read_exactly(tmp_path):
    # a money table with 10.5 and 20.25 (X2): the records keep such amounts apart from the row
    half = Rules.koukou_fan().replace(money={6: 10.5, 7: 20.25, 8: 40, 9: 80, 10: 100})
    s = study([Rules.koukou_fan(), half], agents="greedy,random,greedy,random", hands=HANDS, seed=SEED)
    pays = [r["result"]["payments"] for r in _json_records(tmp_path, half)]
    assert any(isinstance(p, float) and not p.is_integer() for row in pays for p in row)
    gain = sum(Fraction(p) for row in pays for p in row if p > 0)
    assert s.levels[1]["transfer"]["mean"] == float(gain / HANDS)
    assert s.labels[1].startswith("custom (koukou_fan with money=")


def test_the_differences_are_the_levels_differences(kaikou_koukou):
    base, other = kaikou_koukou.levels
    for q in kaikou_koukou.quantities:
        d = kaikou_koukou.differences[0][q]
        assert d["mean"] == pytest.approx(other[q]["mean"] - base[q]["mean"], abs=1e-12)
        assert d["walls"] == HANDS and d["matches"] == HANDS // 8
    # koukou's 口口翻 (S1) and 500 gold cap (X1) move more points
    assert kaikou_koukou.differences[0]["transfer"]["mean"] > 0


def test_the_walls_are_the_same_under_every_rule_set(tmp_path):
    outs = []
    for j, rules in enumerate(("kaikou", "koukou_fan")):
        path = tmp_path / f"{j}.wmj"
        simulate(64, rules, "greedy", seed=3, records=str(path))
        with RecordsReader(path) as r:
            outs.append(record_outcomes(r))
    assert np.array_equal(outs[0]["wall"], outs[1]["wall"])
    first = outs[0]["hand_in_match"] == 0  # a match's first dealer is m % 4 whatever the rules
    assert np.array_equal(outs[0]["dealer"][first], outs[0]["match"][first] % 4)
    assert np.array_equal(outs[1]["dealer"][first], outs[0]["dealer"][first])


def test_a_rule_that_never_applies_in_a_simulation_differs_by_exactly_zero():
    # escape_penalty is paid only when a player leaves a match (M3, Match.escape), which no
    # simulated hand does: the same walls give the same hands, hand by hand
    r = study(sweep=["escape_penalty=400,300"], hands=96, seed=4)
    d = r.differences[0]
    for q in r.quantities:
        assert d[q]["mean"] == 0 and d[q]["ci95"] == [0.0, 0.0]
    assert r.same_dealer == (1.0,)
    assert r.results[0].tally() == r.results[1].tally()


def test_workers_do_not_change_a_study(kaikou_koukou):
    two = study("kaikou,koukou", agents="greedy,random,greedy,random", hands=HANDS, seed=SEED, workers=2,
                targets=["jinding=0.1pp", "transfer=5%"])
    assert two.to_dict() == kaikou_koukou.to_dict()


# ---------------------------------------------------------------- the interval, a pure function
def test_clustered_means_worked_by_hand():
    values = [1, 2, 3, 4, 5, 6, -2, 0]
    match = [0, 0, 1, 2, 2, 2, 3, 3]
    st = clustered_means({"q": values, "h": [2 * v for v in values]}, match, {"h": 2})
    n, mean = 8, Fraction(19, 8)
    ss = sum((sum(v) - len(v) * mean) ** 2 for v in ([1, 2], [3], [4, 5, 6], [-2, 0]))
    se = math.sqrt(float(Fraction(4, 3) * ss / n**2))  # CR1: G/(G-1) Σ (S_m - n_m x̄)² / n²
    for q in ("q", "h"):
        assert st[q]["mean"] == 19 / 8 and st[q]["df"] == 3
        assert st[q]["se"] == pytest.approx(se, rel=1e-12)
        assert st[q]["ci95"] == pytest.approx([19 / 8 - 3.182446305284263 * se, 19 / 8 + 3.182446305284263 * se])


def test_clustered_means_sums_an_int_array_as_it_sums_exact_values():
    rng = np.random.default_rng(5)
    v = rng.integers(-1500, 1500, 203)
    match = np.repeat(np.arange(26), 8)[:203]
    fast = clustered_means({"q": v}, match, {"q": 3})["q"]
    slow = clustered_means({"q": [Fraction(int(x)) for x in v]}, match.tolist(), {"q": 3})["q"]
    assert fast == slow and fast["matches"] == 26 and fast["walls"] == 203


def test_clustered_means_refuses_a_match_split_in_two():
    with pytest.raises(wuhanmj.StatsError, match="match 0"):
        clustered_means({"q": [1, 2, 3]}, [0, 1, 0])


def test_the_paired_interval_covers_a_known_difference_95_percent_of_the_time():
    # per hand: a ~ Bernoulli(0.30); b = a, except that each hand flips to 1 with
    # probability 0.10 (so E[b - a] = 0.10 * 0.70 = 0.07), plus a match effect that
    # makes the hands of a match alike in both rule sets
    rng = np.random.default_rng(20261204)
    truth = 0.10 * (1 - (0.2 + 0.5 * 0.2))  # E[(1 - a) * flip], a's mean 0.3: 0.07
    hits, reps, n = 0, 1000, 320
    match = np.repeat(np.arange(n // 8), 8)
    for _ in range(reps):
        lift = np.repeat(rng.random(n // 8) < 0.5, 8) * 0.2
        a = (rng.random(n) < 0.2 + lift).astype(np.int64)
        b = np.where(rng.random(n) < 0.10, 1, a)
        lo, hi = clustered_means({"d": (b - a).tolist()}, match.tolist())["d"]["ci95"]
        hits += lo <= truth <= hi
    assert 0.93 <= hits / reps <= 0.97


# ---------------------------------------------------------------- the planner
def test_the_planner_size_of_a_rate_worked_by_hand():
    # p = 0.02, h = 0.1 pp: n = z² p (1 - p) / h² = 3.8414588 * 0.0196 / 1e-6 = 75,292.59 -> 75,293
    # (75,295.36 -> 75,296 with z rounded to 1.96)
    assert hands_needed(math.sqrt(0.02 * 0.98), 0.001) == 75293
    assert hands_needed(math.sqrt(0.02 * 0.98), 0.001, z=1.96) == 75296
    assert hands_needed(0.0, 0.001) is None


def test_the_plan_uses_the_pilots_clustered_sd(kaikou_koukou):
    plan = kaikou_koukou.plans[0]
    assert plan["target"] == "jinding=0.1pp" and plan["half_width"] == pytest.approx(0.001)
    for lv, row in zip(kaikou_koukou.levels, plan["levels"]):
        s = lv["jinding"]["se"] * math.sqrt(HANDS)
        assert row["hands"] == math.ceil((1.959963984540054 * s / 0.001) ** 2)
    rel = kaikou_koukou.plans[1]
    base = kaikou_koukou.levels[0]["transfer"]
    assert rel["levels"][0]["half_width"] == pytest.approx(0.05 * base["mean"])
    d = kaikou_koukou.differences[0]["transfer"]
    s = d["se"] * math.sqrt(HANDS)
    assert rel["differences"][0]["hands"] == math.ceil((1.959963984540054 * s / (0.05 * base["mean"])) ** 2)


@pytest.mark.parametrize(("text", "width", "relative"), [
    ("jinding=0.1pp", 0.001, False), ("win=5%", 0.05, True), ("transfer=5%", 0.05, True),
    ("transfer=2.5", 2.5, False),
])
def test_targets_parse(text, width, relative):
    t = parse_target(text, quantity_names(["greedy"] * 4), RATES)
    assert t.width == pytest.approx(width) and t.relative is relative


@pytest.mark.parametrize(("text", "word"), [
    ("foo=1pp", "unknown quantity 'foo'"), ("jinding", "NAME=WIDTH"), ("jinding=2", "in pp"),
    ("transfer=1pp", "pp"), ("jinding=0pp", "positive"), ("jinding=-1pp", "positive"), ("jinding=abc", "positive"),
])
def test_bad_targets_are_study_errors(text, word):
    with pytest.raises(StudyError, match=word):
        parse_target(text, quantity_names(["greedy"] * 4), RATES)


# ---------------------------------------------------------------- bad input
def test_sweeps_parse_their_values():
    assert parse_sweep("cap=200, 300") == ("cap", [200, 300])
    assert parse_sweep("xiayu=false,true") == ("xiayu", [False, True])
    assert parse_sweep("min_fan=none,6") == ("min_fan", [None, 6])
    sets = rule_sets(sweep=["cap=200,300", "xiayu=false,true"])
    assert [lab for lab, _ in sets] == ["cap=200,xiayu=false", "cap=200,xiayu=true", "cap=300,xiayu=false",
                                         "cap=300,xiayu=true"]
    assert sets[3][1] == Rules.kaikou().replace(xiayu=True)
    by_dict = rule_sets(sweep={"cap": [200, 300]}, base="koukou")
    assert by_dict == [("cap=200", Rules.koukou().replace(cap=200)), ("cap=300", Rules.koukou())]


def test_a_sweep_in_one_string_is_its_values_not_its_characters():
    # a str is iterable: read as a sequence, "cap=200,300" was the fields 'c', 'a', 'p' ...
    # and {"cap": "23"} the caps 2 and 3
    expected = [("cap=200", Rules.kaikou().replace(cap=200)), ("cap=250", Rules.kaikou().replace(cap=250))]
    assert rule_sets(sweep="cap=200,250") == expected
    assert rule_sets(sweep={"cap": "200,250"}) == expected
    assert rule_sets(sweep=[("cap", "200,250")]) == expected


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"targets": 5}, "targets: expected NAME=WIDTH strings"), ({"records": 5}, "records: expected a folder path"),
])
def test_a_study_of_other_types_is_a_study_error_before_any_hand(monkeypatch, kwargs, word):
    import wuhanmj.sim.study as mod

    def no_play(*a, **k):
        raise AssertionError("a hand was played")

    monkeypatch.setattr(mod, "simulate", no_play)
    with pytest.raises(StudyError, match=word):
        study("kaikou,koukou", hands=8, seed=1, **kwargs)


def test_a_rules_file_is_a_rule_set_named_by_its_path(tmp_path):
    from wuhanmj.rulefiles import rules_toml

    path = tmp_path / "mine.toml"
    path.write_text(rules_toml(Rules.koukou().replace(xiayu=True)), encoding="utf-8")
    sets = rule_sets(f"koukou,{path}")
    assert sets == [("koukou", Rules.koukou()), (str(path), Rules.koukou().replace(xiayu=True))]


@pytest.mark.parametrize(("kwargs", "error", "word"), [
    ({"sweep": ["capp=1,2"]}, RulesError, "'capp' is not a rule field"),
    ({"sweep": ["money=1,2"]}, RulesError, "'money' cannot be swept"),
    ({"sweep": ["cap=-4,300"]}, RulesError, "sweep cap=-4 on kaikou: cap"),
    ({"sweep": ["xiayu=false,1"]}, RulesError, "xiayu"),
    ({"sweep": ["cap="]}, RulesError, "no value"),
    ({"rules": "kaikou,nope"}, RulesError, "nope"),
    ({"rules": "kaikou,kaikou"}, StudyError, "'kaikou' and 'kaikou' are the same rules"),
    ({"rules": "kaikou", "sweep": ["cap=300,200"]}, StudyError, "'kaikou' and 'cap=300' are the same"),
    ({"rules": "kaikou"}, StudyError, "two or more rule sets"),
    ({}, StudyError, "two or more rule sets"),
    ({"rules": 3}, RulesError, "rules: expected rule sets"),
    ({"rules": b"kaikou,koukou"}, RulesError, "rules: expected rule sets"),
    ({"sweep": 5}, RulesError, "sweep: expected FIELD=V1,V2"),
    ({"sweep": {"cap": 200}}, RulesError, "sweep cap: expected its values"),
    ({"sweep": {"cap": []}}, RulesError, "sweep cap: no value"),
    ({"sweep": [("cap", 200, 300)]}, RulesError, r"or \(field, values\)"),
    # the second cap replaced the first in every combination: a study of cap=300 and cap=400 alone
    ({"sweep": ["cap=200,250", "xiayu=true", "cap=300,400"]}, RulesError, "cap is swept twice"),
    # a base is what a sweep changes, not the baseline (the first rule set): without a sweep
    # it was not even read
    ({"rules": "kaikou,koukou", "base": "koukou"}, StudyError, "base 'koukou': the base is the rule set a sweep"),
    ({"rules": "kaikou,koukou", "base": "nope"}, StudyError, "there is no sweep"),
])
def test_bad_rule_sets_raise_specific_errors(kwargs, error, word):
    with pytest.raises(error, match=word):
        rule_sets(**kwargs)


def test_a_bad_target_is_refused_before_any_hand(monkeypatch):
    import wuhanmj.sim.study as mod

    def no_play(*a, **k):
        raise AssertionError("a hand was played")

    monkeypatch.setattr(mod, "simulate", no_play)
    with pytest.raises(StudyError, match="unknown quantity 'points.expert'"):
        study("kaikou,koukou", targets=["points.expert=5%"], hands=10, seed=1)


# ---------------------------------------------------------------- output and the command
def test_the_json_holds_every_number(kaikou_koukou):
    d = json.loads(kaikou_koukou.to_json())
    assert [r["label"] for r in d["rule_sets"]] == ["kaikou", "koukou"]
    assert d["rule_sets"][1]["levels"]["jinding"]["mean"] == kaikou_koukou.levels[1]["jinding"]["mean"]
    assert d["differences"][0]["quantities"]["win"]["ci95"] == kaikou_koukou.differences[0]["win"]["ci95"]
    assert d["plan"]["targets"][0]["target"] == "jinding=0.1pp" and "no peeking" in d["plan"]["method"]
    assert d["rule_sets"][0]["simulation"]["hands"] == HANDS
    text = kaikou_koukou.table()
    assert "koukou − kaikou" in text and "jinding (金顶)" in text and "jinding=0.1pp:" in text


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "wuhanmj", "study", *args], capture_output=True, text=True)


@pytest.mark.parametrize("args", [
    ("--sweep", "capp=1,2"), ("--sweep", "cap=-4,3"), ("--rules", "kaikou,kaikou"), ("--rules", "kaikou"),
    ("--rules", "kaikou,koukou", "--target", "foo=1pp"), ("--rules", "kaikou,koukou", "--base", "koukou"),
])
def test_the_command_refuses_bad_input_with_one_line_and_code_2(args):
    p = _cli(*args, "--hands", "16", "--quiet")
    assert p.returncode == 2 and p.stdout == ""
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wuhanmj study: ")


def test_the_command_writes_the_json_on_stdout_and_the_table_on_stderr():
    p = _cli("--sweep", "xiayu=false,true", "--hands", "32", "--seed", "3", "--out", "-", "--quiet")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert [r["label"] for r in d["rule_sets"]] == ["xiayu=false", "xiayu=true"]
    assert "xiayu=true − xiayu=false, paired by hand" in p.stderr


def test_the_command_prints_the_table_and_writes_the_json(tmp_path):
    out = tmp_path / "study.json"
    p = _cli("--rules", "kaikou,koukou", "--hands", "64", "--seed", "2", "--target", "yinding=1pp",
             "--out", str(out), "--quiet")
    assert p.returncode == 0, p.stderr
    assert "koukou − kaikou, paired by hand" in p.stdout and "yinding=1pp:" in p.stdout
    d = json.loads(out.read_text())
    again = study("kaikou,koukou", hands=64, seed=2, targets=["yinding=1pp"])
    assert d["differences"][0]["quantities"]["transfer"]["mean"] == again.differences[0]["transfer"]["mean"]
