"""What a new user's trial of the commands found (each test failed before its fix):

- ``simulate --out`` that cannot be written late (``/dev/full``, a folder gone) still
  prints the summary, then one line and exit 2; the result is written atomically;
- a JSON-lines records file cut inside its last line is read up to the cut, which is
  named; ``replay --list`` of a binary file with a bad block marks it and goes on;
- the intervals of a few hands are Student's t (``n/a`` below two hands); the arena says
  "narrower" and warns below 10 matches;
- messages: a records file that cannot be created once, a read-only file system as such, a
  ``[rules]`` table named, a custom rule set by its preset and changed fields;
- the progress ETA is a duration; preset names are case-insensitive like agents; a
  malformed ``expect`` is a bad case; ``check`` names W8; ``--traceback``.
"""

from __future__ import annotations

import gzip
import importlib
import json
import math
import os
import shutil
import sys

import pytest

from helpers.cli import one_line, run
from wuhanmj.cli import main
from wuhanmj.errors import ReplayError
from wuhanmj.sim.recordio import iter_records

QUICK = ("--hands", "12", "--seed", "3", "--quiet")




# ---------------------------------------------------------------- --out written late, atomically
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_out_dev_full_keeps_the_summary_then_one_line_exit_2(capsys):
    code, out, err = run(capsys, "simulate", *QUICK, "--out", "/dev/full")
    assert code == 2
    assert "荒庄" in out and "12 hands in" in out and "results written" not in out
    assert "out: cannot write '/dev/full': No space left on device" in one_line(err)


def test_out_whose_folder_vanishes_during_the_run_keeps_the_summary(capsys, tmp_path, monkeypatch):
    sim = importlib.import_module("wuhanmj.sim.simulate")  # the module (wuhanmj.sim.simulate is also the function)

    folder = tmp_path / "gone"
    folder.mkdir()
    real = sim.simulate

    def run_then_remove(**kw):
        r = real(**kw)
        shutil.rmtree(folder)
        return r

    monkeypatch.setattr(sim, "simulate", run_then_remove)
    code, out, err = run(capsys, "simulate", *QUICK, "--out", str(folder / "r.json"))
    assert code == 2 and "荒庄" in out
    assert f"out: cannot write {str(folder / 'r.json')!r}" in one_line(err)


def test_a_failed_out_write_leaves_the_old_file_and_no_partial_one(capsys, tmp_path, monkeypatch):
    target = tmp_path / "r.json"
    target.write_text("old\n", encoding="utf-8")

    def full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    code, out, err = run(capsys, "simulate", *QUICK, "--out", str(target))
    assert code == 2 and "No space left on device" in one_line(err)
    assert target.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]  # no temporary file left


def test_out_written_whole_keeps_the_mode_of_a_plain_write(capsys, tmp_path):
    target = tmp_path / "r.json"
    code, out, _ = run(capsys, "simulate", *QUICK, "--out", str(target))
    assert code == 0 and f"results written to {target}" in out
    assert json.loads(target.read_text(encoding="utf-8"))["hands"] == 12
    umask = os.umask(0o022)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask


# ---------------------------------------------------------------- records cut short
@pytest.fixture(scope="module")
def jsonl_30(tmp_path_factory):
    path = tmp_path_factory.mktemp("rec") / "hands.jsonl"
    assert main(["simulate", "--hands", "30", "--seed", "4", "--quiet", "--records", str(path)]) == 0
    return path


def _cut(src, dst, drop=50):
    data = src.read_bytes()
    assert data.endswith(b"\n") and data.count(b"\n") == 30
    dst.write_bytes(data[:-drop])  # inside the last line (every line is far longer than 50 bytes)
    return dst


def test_replay_list_of_a_cut_jsonl_lists_every_whole_line_and_names_the_cut(capsys, jsonl_30, tmp_path):
    capsys.readouterr()
    cut = _cut(jsonl_30, tmp_path / "cut.jsonl")
    code, out, err = run(capsys, "replay", str(cut), "--list")
    assert code == 2
    assert [ln.split()[1] for ln in out.splitlines()] == [str(h) for h in range(29)]
    assert "cut.jsonl, line 30: cut short" in one_line(err)


def test_replay_hand_of_a_cut_jsonl_shows_it_with_one_warning(capsys, jsonl_30, tmp_path):
    capsys.readouterr()
    cut = _cut(jsonl_30, tmp_path / "cut.jsonl")
    code, out, err = run(capsys, "replay", str(cut), "--hand", "5")
    assert code == 0 and out.startswith("hand 5 ")
    assert "warning" in one_line(err) and "line 30: cut short" in err


def test_iter_records_gives_the_whole_lines_then_names_the_cut(jsonl_30, tmp_path):
    cut = _cut(jsonl_30, tmp_path / "cut.jsonl")
    got = []
    with pytest.raises(ReplayError, match=r"line 30: cut short"):
        for rec in iter_records(cut):
            got.append(rec["hand"])
    assert got == list(range(29))


def test_a_cut_gzip_jsonl_gives_the_lines_before_the_cut(capsys, jsonl_30, tmp_path):
    capsys.readouterr()
    gz = gzip.compress(jsonl_30.read_bytes())
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(gz[: len(gz) * 2 // 3])
    code, out, err = run(capsys, "replay", str(cut), "--list")
    assert code == 2 and 0 < len(out.splitlines()) < 30
    assert "gzip data ends early" in one_line(err)


# ---------------------------------------------------------------- Student's t in the summary
def test_summary_interval_of_two_hands_is_students_t(capsys, tmp_path):
    """Two hands: each seat's mean ± t(0.975, 1 df) · sd / √2, t = 12.7062047362 (tables);
    the normal 1.96 gave an interval 6.5 times too narrow."""
    rec = tmp_path / "two.jsonl"
    code, out, _ = run(capsys, "simulate", "--hands", "2", "--seed", "1", "--quiet", "--records", str(rec))
    assert code == 0
    pays = [json.loads(ln)["result"]["payments"] for ln in rec.read_text(encoding="utf-8").splitlines()]
    rows = [ln for ln in out.splitlines() if ln[:4].strip() in "0123" and ln[:4].strip()]
    for s in range(4):
        a, b = pays[0][s], pays[1][s]
        mean, sd = (a + b) / 2, abs(a - b) / math.sqrt(2)
        half = 12.7062047362 * sd / math.sqrt(2)
        assert f"[{mean - half:+.2f}".replace("[", "") in rows[s] and f"{mean + half:+.2f}" in rows[s], rows[s]


def test_summary_of_one_hand_says_n_a_not_nan(capsys):
    code, out, _ = run(capsys, "simulate", "--hands", "1", "--seed", "1", "--quiet")
    assert code == 0 and "nan" not in out
    seat0 = next(ln for ln in out.splitlines() if ln.startswith("   0  "))
    assert seat0.count("n/a") == 2  # the interval and the std


def test_arena_warns_below_ten_matches(capsys):
    code, out, _ = run(capsys, "arena", "--agents", "greedy,random", "--hands", "4", "--seed", "1", "--quiet")
    assert code == 0
    assert "warning: 1 match (the clusters of the paired intervals): fewer than 10" in out


def test_arena_says_narrower_when_the_unpaired_interval_is():
    from wuhanmj.sim.arena_result import width_text

    assert width_text(0.3) == " (narrower: 0.3x the width)"
    assert width_text(2.0) == " (2.0x wider)"


# ---------------------------------------------------------------- messages
@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc (Linux)")
def test_records_that_cannot_be_created_say_so_once(capsys):
    code, _, err = run(capsys, "simulate", *QUICK, "--records", "/proc/h.wmj")
    line = one_line(err)
    assert code == 2 and line.count("cannot write") == 1 and "/proc/h.wmj" in line


def test_a_read_only_file_system_is_named(capsys, tmp_path, monkeypatch):
    real_statvfs = os.statvfs

    class ReadOnly:
        def __init__(self, st):
            self.f_flag = st.f_flag | os.ST_RDONLY

    monkeypatch.setattr(os, "access", lambda *a, **k: False)
    monkeypatch.setattr(os, "statvfs", lambda p: ReadOnly(real_statvfs(p)))
    code, _, err = run(capsys, "simulate", *QUICK, "--out", str(tmp_path / "r.json"))
    assert code == 2 and "read-only file system" in one_line(err) and "permission denied" not in err


def test_a_rules_table_says_rule_files_are_flat_and_names_it(capsys, tmp_path):
    p = tmp_path / "mine.toml"
    p.write_text('[rules]\nname = "kaikou"\ncap = 320\n', encoding="utf-8")
    code, _, err = run(capsys, "simulate", *QUICK, "--rules", str(p))
    line = one_line(err)
    assert code == 2 and "[rules] table (name, cap)" in line and "flat" in line
    assert "unknown rule field" not in line


def test_a_custom_rules_summary_names_its_preset_and_the_changed_fields(capsys, tmp_path):
    p = tmp_path / "mine.toml"
    p.write_text('name = "custom"\nopening = "per_opening"\ngold_cap = 500\nescape_penalty = 500\n'
                 'cap = 320\nxiayu = true\n', encoding="utf-8")
    code, out, _ = run(capsys, "simulate", *QUICK, "--rules", str(p))
    assert code == 0
    assert out.splitlines()[0].startswith("12 hands, rules custom (koukou with cap=320, xiayu=true), seed 3")


# ---------------------------------------------------------------- smaller
def test_progress_eta_is_a_duration_not_a_clock_time():
    from wuhanmj.cli.progress import rate_eta

    assert rate_eta(1, 1159, 1.0) == "1 hands/s, ETA 19m18s"
    assert rate_eta(1, 3726, 1.0) == "1 hands/s, ETA 1h02m05s"
    assert rate_eta(10, 30, 1.0) == "10 hands/s, ETA 2s"


def test_preset_and_agent_names_are_case_insensitive_alike(capsys):
    code, out, err = run(capsys, "simulate", *QUICK, "--rules", "KAIKOU", "--agents", "GREEDY")
    assert code == 0, err
    assert out.splitlines()[0].startswith("12 hands, rules kaikou,")
    code, out, err = run(capsys, "check", "234m456p789p55s", "--meld", "777s", "--indicator", "5m",
                         "--rules", "Koukou_Fan")
    assert code == 0, err


def _case(**expect):
    return {"id": "E1", "rules": "kaikou", "indicator": "5m", "dealer": 0, "winner": 1,
            "hand": "234m456p789p55s", "win_tile": "5s", "how": "zimo", "from": None,
            "seats": [{"melds": []}, {"melds": [{"kind": "peng", "tiles": "777s", "from": 2}]},
                      {"melds": []},
                      {"melds": [{"kind": "peng", "tiles": "999p", "from": 0}], "hongzhong_gang": 1}],
            "expect": expect}


@pytest.mark.parametrize("expect, key", [
    ({"payments": "-16,56,-8,-32"}, "payments"),
    ({"payments": [-16, 56, -8]}, "payments"),
    ({"legal": "yes"}, "legal"),
    ({"big": ["qingyise", "nonsense"]}, "big"),
    ({"liable": 7}, "liable"),
])
def test_score_check_a_malformed_expect_is_a_bad_case(capsys, tmp_path, expect, key):
    """E1 pays (-16, 56, -8, -32) (RULES.md E1): the good case would agree, but the
    malformed one is bad, so nothing is checked or printed."""
    p = tmp_path / "cases.json"
    p.write_text(json.dumps([_case(payments=[-16, 56, -8, -32]), dict(_case(**expect), id="M1")]), encoding="utf-8")
    code, out, err = run(capsys, "score", str(p), "--check")
    assert code == 2 and out == ""
    assert f"case M1: expect: {key} must be" in one_line(err) and "1 bad case of 2" in err


def test_check_names_w8_for_a_winning_shape_with_two_laizi(capsys):
    """234m 456p 789p 6m6m + 碰 777s, indicator 5m: the two 6m are 癞子 (R2); read as a 6m
    pair it has a shape, but two 癞子 forbid a small hu (W8)."""
    code, out, _ = run(capsys, "check", "234m456p789p6m6m", "--meld", "777s", "--indicator", "5m")
    assert code == 0
    hu = next(ln for ln in out.splitlines() if ln.startswith("hu "))
    assert "no: W8: 2 癞子 in the hand forbid a small hu" in hu and "(shape" not in hu


AGENT = '''
class Boom:
    def act(self, observation, legal_actions):
        return 1 // 0
'''


@pytest.mark.parametrize("where", ["before", "after"])
def test_traceback_shows_a_custom_agents_exception(capsys, tmp_path, monkeypatch, where):
    (tmp_path / "boom_agent.py").write_text(AGENT, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    args = ["simulate", "--hands", "1", "--quiet", "--engine", "python", "--agents", "boom_agent:Boom,greedy,greedy,greedy"]
    code, _, err = run(capsys, *args)
    assert code == 2 and "ZeroDivisionError" in one_line(err)
    argv = ["--traceback", *args] if where == "before" else [*args, "--traceback"]
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "Traceback (most recent call last)" in err and "return 1 // 0" in err
    assert err.strip().splitlines()[-1].startswith("wuhanmj simulate: ")
    sys.modules.pop("boom_agent", None)
