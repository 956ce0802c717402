"""Rule studies: the unpaired interval beside the paired one, merged studies, the records
kept per rule set, the running values, and other executors (Dask)."""

from __future__ import annotations

import json
import math
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pytest

from wuhanmj import Rules
from wuhanmj.cli import main
from wuhanmj.errors import StatsError, StudyError
from wuhanmj.files.records import RecordsReader
from wuhanmj.sim.study import study
from wuhanmj.stats.paired import unpaired
from wuhanmj.stats.tdist import t_quantile

AGENTS = "greedy,random,greedy,random"
HANDS = 96


def _records(path):
    """Every hand of a records file as its JSON record (replayed through the Python game)."""
    with RecordsReader(path) as r:
        return list(r)


def _cr1(values, clusters):
    """Mean and CR1 standard error of per-hand values clustered by ``clusters`` (worked
    here from the definition: G/(G-1) Σ_m (S_m - n_m x̄)² / n², with exact fractions)."""
    sums: dict = {}
    for v, c in zip(values, clusters):
        s, k = sums.get(c, (Fraction(0), 0))
        sums[c] = (s + Fraction(v), k + 1)
    n, g = len(values), len(sums)
    mean = sum(Fraction(v) for v in values) / n
    ss = sum((s - k * mean) ** 2 for s, k in sums.values())
    return float(mean), math.sqrt(float(Fraction(g, g - 1) * ss / n**2)), g


def _transfer(rec):
    return sum(p for p in rec["result"]["payments"] if p > 0)


# ---------------------------------------------------------------- the unpaired interval
def test_the_unpaired_interval_worked_by_hand():
    # se 1 and 1 on 5 degrees of freedom each: se = √2, Welch's df = (2)² / (1/5 + 1/5) = 10,
    # t(0.975, 10) = 2.228138851986274 (tables), half-width 2.228138851986274 · √2 = 3.15106
    a = {"mean": 1.0, "se": 1.0, "df": 5}
    b = {"mean": 3.5, "se": 1.0, "df": 5}
    u = unpaired(a, b)
    assert u["mean"] == 2.5 and u["se"] == pytest.approx(math.sqrt(2)) and u["df"] == pytest.approx(10)
    assert u["ci95"] == pytest.approx([2.5 - 3.151064, 2.5 + 3.151064], abs=1e-6)
    # se 3 (df 4) and 4 (df 9): se 5, df = 625 / (81/4 + 256/9) = 12.8355...
    u = unpaired({"mean": 0.0, "se": 3.0, "df": 4}, {"mean": 0.0, "se": 4.0, "df": 9})
    assert u["se"] == 5.0 and u["df"] == pytest.approx(625 / (81 / 4 + 256 / 9))
    assert unpaired({"mean": 1.0, "se": math.nan, "df": 0}, b)["ci95"][0] != unpaired(a, b)["ci95"][0]


def test_a_study_puts_the_unpaired_interval_and_its_ratio_beside_the_paired_one():
    s = study("kaikou,koukou", agents=AGENTS, hands=HANDS, seed=5)
    for q in ("transfer", "yinding", "dealer_edge"):
        d, a, b = s.differences[0][q], s.levels[0][q], s.levels[1][q]
        assert d["unpaired_se"] == pytest.approx(math.hypot(a["se"], b["se"]), rel=1e-12)
        df = d["unpaired_se"] ** 4 / (a["se"] ** 4 / a["df"] + b["se"] ** 4 / b["df"])
        half = t_quantile(0.975, df) * d["unpaired_se"]
        assert d["unpaired_ci95"] == pytest.approx([d["mean"] - half, d["mean"] + half], rel=1e-9)
        (lo, hi), (ulo, uhi) = d["ci95"], d["unpaired_ci95"]
        assert d["narrower"] == pytest.approx((uhi - ulo) / (hi - lo))
    # the same walls: the paired interval of the points that change hands is much narrower
    assert s.differences[0]["transfer"]["narrower"] > 1.3
    table = s.table()
    assert "unpaired [" in table and "x narrower paired" in table
    d = json.loads(s.to_json())["differences"][0]["quantities"]["transfer"]
    assert d["unpaired_ci95"] == s.differences[0]["transfer"]["unpaired_ci95"] and d["narrower"] > 1


# ---------------------------------------------------------------- records, merge
@pytest.fixture(scope="module")
def two_seeds(tmp_path_factory):
    base = tmp_path_factory.mktemp("study")
    a = study("kaikou,koukou_fan", agents=AGENTS, hands=HANDS, seed=1, records=base / "a",
              targets=["transfer=10%"])
    b = study("kaikou,koukou_fan", agents=AGENTS, hands=HANDS - 20, seed=2, records=base / "b")
    return a, b


def test_records_dir_keeps_one_readable_file_per_rule_set_equal_to_the_study(two_seeds):
    a, _ = two_seeds
    assert [p.rsplit("/", 1)[1] for p in a.records] == ["00-kaikou.wmj", "01-koukou_fan.wmj"]
    for j, path in enumerate(a.records):
        recs = _records(path)
        assert len(recs) == HANDS and {r["seed"] for r in recs} == {1}
        level = a.levels[j]
        mean, se, g = _cr1([_transfer(r) for r in recs], [r["match"] for r in recs])
        assert level["transfer"]["mean"] == pytest.approx(mean, abs=1e-12)
        assert level["transfer"]["se"] == pytest.approx(se, rel=1e-9) and level["transfer"]["matches"] == g
        jin = [int(r["result"]["jinding"]) for r in recs]
        assert level["jinding"]["mean"] == sum(jin) / HANDS
    assert json.loads(a.to_json())["rule_sets"][1]["records"] == a.records[1]


def test_a_merged_study_is_one_study_of_both_runs_hands(two_seeds):
    a, b = two_seeds
    m = a.merge(b)
    assert m.hands == 2 * HANDS - 20 and m.seeds == (1, 2) and m.records is None
    recs = [_records(x.records[j]) for j in range(2) for x in (a, b)]  # kaikou a, b; koukou_fan a, b
    per_set = [recs[0] + recs[1], recs[2] + recs[3]]
    clusters = [(r["seed"], r["match"]) for r in per_set[0]]  # a match of one seed is one cluster
    for j in range(2):
        mean, se, g = _cr1([_transfer(r) for r in per_set[j]], clusters)
        assert m.levels[j]["transfer"]["mean"] == pytest.approx(mean, abs=1e-9)
        assert m.levels[j]["transfer"]["se"] == pytest.approx(se, rel=1e-9) and m.levels[j]["transfer"]["matches"] == g
    diff = [_transfer(y) - _transfer(x) for x, y in zip(*per_set)]
    mean, se, _ = _cr1(diff, clusters)
    assert m.differences[0]["transfer"]["mean"] == pytest.approx(mean, abs=1e-9)
    assert m.differences[0]["transfer"]["se"] == pytest.approx(se, rel=1e-9)
    won = sorted(_transfer(r) for r in per_set[1] if r["result"]["winner"] is not None)
    assert m.payments[1]["max"] == won[-1] and m.payments[1]["p50"] == won[math.ceil(len(won) / 2) - 1]
    assert sum(c for _, c in m.payments[1]["gains"]) == len(won)
    assert m.payments[1]["largest_loss"] == -min(min(r["result"]["payments"]) for r in per_set[1])
    for j in range(2):  # each rule set's tally: the two runs' tallies added
        assert m.results[j].tally() == a.results[j].tally().merge(b.results[j].tally())
    assert m.plans[0]["target"] == "transfer=10%"  # planned again on the whole
    assert "seeds 1, 2" in m.table()


def test_merging_a_list_is_merging_one_by_one(two_seeds):
    a, b = two_seeds
    c = study("kaikou,koukou_fan", agents=AGENTS, hands=40, seed=3)
    assert a.merge(b, c).to_dict() == a.merge(b).merge(c).to_dict()


@pytest.mark.parametrize(("other", "word"), [
    ({"rules": "kaikou,koukou"}, "other rule sets"),
    ({"agents": "greedy"}, "other agents"),
    ({"match_hands": 4}, "match_hands"),
    ({"seed": 1}, "both results hold matches 0-4 of seed 1"),
])
def test_merging_what_cannot_be_merged_is_a_stats_error(two_seeds, other, word):
    a, _ = two_seeds
    kwargs = {"rules": "kaikou,koukou_fan", "agents": AGENTS, "hands": 40, "seed": 7, **other}
    with pytest.raises(StatsError, match=word):
        a.merge(study(**kwargs))


def test_merging_something_else_is_a_stats_error(two_seeds):
    with pytest.raises(StatsError, match="expected a StudyResult"):
        two_seeds[0].merge(two_seeds[0].results[0])


def test_records_in_a_file_or_a_missing_folder_are_refused_before_any_hand(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(StudyError, match="is a file"):
        study("kaikou,koukou", hands=8, seed=1, records=f)
    with pytest.raises(StudyError, match="does not exist"):
        study("kaikou,koukou", hands=8, seed=1, records=tmp_path / "no" / "such")
    s = study(sweep=["cap=300,200"], hands=8, seed=1, records=tmp_path / "made")
    assert sorted(p.name for p in (tmp_path / "made").iterdir()) == ["00-cap=300.wmj", "01-cap=200.wmj"]
    assert s.records == tuple(str(tmp_path / "made" / n) for n in ("00-cap=300.wmj", "01-cap=200.wmj"))


# ---------------------------------------------------------------- the running values
def test_the_trace_ends_at_the_level_and_passes_through_a_prefix_worked_by_hand(two_seeds, tmp_path):
    a, _ = two_seeds
    t = a.trace("transfer", 1)
    lv = a.levels[1]["transfer"]
    assert t["hands"][-1] == HANDS and t["matches"][-1] == HANDS // 8
    assert t["mean"][-1] == pytest.approx(lv["mean"]) and [t["lo"][-1], t["hi"][-1]] == pytest.approx(lv["ci95"])
    assert t["matches"] == sorted(set(t["matches"])) and t["matches"][0] == 2
    recs = _records(a.records[1])
    g = t["matches"][3]
    first = [r for r in recs if r["match"] < g]
    mean, se, _ = _cr1([_transfer(r) for r in first], [r["match"] for r in first])
    half = t_quantile(0.975, g - 1) * se
    assert t["hands"][3] == len(first) and t["mean"][3] == pytest.approx(mean)
    assert [t["lo"][3], t["hi"][3]] == pytest.approx([mean - half, mean + half])
    d = a.trace("jinding", 1, difference=True)
    assert d["mean"][-1] == pytest.approx(a.differences[0]["jinding"]["mean"])
    assert a.trace("win", 0, start=10)["matches"][0] == 10


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"quantity": "nope"}, "unknown quantity 'nope'"), ({"quantity": "win", "rule_set": 2}, "rule set 2"),
    ({"quantity": "win", "rule_set": 0, "difference": True}, "after the baseline"),
])
def test_a_bad_trace_is_a_stats_error(two_seeds, kwargs, word):
    with pytest.raises(StatsError, match=word):
        two_seeds[0].trace(**kwargs)


# ---------------------------------------------------------------- executors
def test_a_study_on_an_executor_equals_the_one_in_this_process():
    here = study("kaikou,koukou", agents="greedy", hands=40, seed=6)
    with ThreadPoolExecutor(max_workers=2) as ex:
        there = study("kaikou,koukou", agents="greedy", hands=40, seed=6, executor=ex)
    assert there.to_dict() == here.to_dict()


def test_the_command_runs_a_study_on_a_dask_scheduler(capsys, tmp_path):
    distributed = pytest.importorskip("distributed")
    args = ["study", "--rules", "kaikou,koukou", "--hands", "24", "--seed", "3", "--quiet"]
    local, remote = tmp_path / "local.json", tmp_path / "remote.json"
    assert main([*args, "--out", str(local)]) == 0
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cl:
        assert main([*args, "--out", str(remote), "--scheduler", cl.scheduler_address]) == 0
    capsys.readouterr()
    assert json.loads(remote.read_text(encoding="utf-8")) == json.loads(local.read_text(encoding="utf-8"))


def test_the_command_keeps_records_and_names_them(capsys, tmp_path):
    assert main(["study", "--rules", "kaikou,koukou", "--hands", "16", "--seed", "3", "--quiet",
                 "--records", str(tmp_path / "hands")]) == 0
    out = capsys.readouterr().out
    assert "hand records written to" in out and "01-koukou.wmj" in out
    assert len(_records(tmp_path / "hands" / "01-koukou.wmj")) == 16


def test_the_command_refuses_records_in_a_file_in_one_line(capsys, tmp_path):
    f = tmp_path / "f"
    f.write_text("")
    code = main(["study", "--rules", "kaikou,koukou", "--hands", "16", "--quiet", "--records", str(f)])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "is a file" in err


def test_the_study_of_rules_objects_names_them_in_its_records(tmp_path):
    s = study([Rules.kaikou(), Rules.kaikou().replace(cap=200)], hands=8, seed=2, records=tmp_path)
    assert s.records[0].endswith("00-kaikou.wmj") and "custom" in s.records[1]


@pytest.mark.parametrize(("args", "what"), [
    (["--records", "{d}/hands", "--out", "{d}/hands/00-kaikou.wmj"], "records '00-kaikou.wmj' and out"),
    (["--records", "{d}/hands", "--report", "{d}/hands/01-mine.toml.wmj"], "records '01-mine.toml.wmj' and report"),
    (["--out", "{d}/mine.toml"], "and out name the same file"),
    (["--base", "{d}/mine.toml", "--sweep", "cap=200,300", "--report", "{d}/mine.toml"], "base and report"),
])
def test_the_command_refuses_an_output_over_a_records_file_or_a_rules_file(capsys, tmp_path, args, what):
    from wuhanmj.rulefiles import rules_toml

    mine = tmp_path / "mine.toml"
    text = rules_toml(Rules.koukou().replace(xiayu=True))
    mine.write_text(text, encoding="utf-8")
    (tmp_path / "hands").mkdir()  # a second study into the folder of a first one
    argv = ["study", "--rules", f"kaikou,{mine}", "--hands", "8", "--seed", "1", "--quiet",
            *(a.format(d=tmp_path) for a in args)]
    if "--base" in args:
        argv[2] = "kaikou,koukou"
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and what in err, err
    assert mine.read_text(encoding="utf-8") == text  # the input is kept
    assert not any((tmp_path / "hands").iterdir())  # refused before any hand
