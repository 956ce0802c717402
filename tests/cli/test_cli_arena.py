"""``wuhanmj arena`` (its engines, its one-line refusals) and the progress line."""

from __future__ import annotations

import json

from helpers.cli import one_line
from helpers.cli import run as run_cli
from wuhanmj.cli import main
from wuhanmj.sim.arena_result import ArenaResult


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_arena_prints_the_comparison_and_writes_json_and_records(capsys, tmp_path):
    out, recs = tmp_path / "a.json", tmp_path / "g.wmj"
    code, text, err = run(capsys, "arena", "--agents", "greedy,random", "--hands", "8", "--seed", "3",
                          "--out", str(out), "--records", str(recs))
    assert code == 0
    assert "greedy - random:" in text and "95% CI (paired over walls)" in text and "p = " in text
    assert "arena: 8/8 hands" in err and "hands/s, ETA" in err  # the progress line off a terminal
    r = ArenaResult.from_json(out.read_text(encoding="utf-8"))
    assert r.hands == 8 and r.games == 32 and r.mode == "1v3"
    code, text, _ = run(capsys, "replay", str(recs), "--hand", "31")
    assert code == 0 and text.startswith("hand 31 (match 0, hand 7 of the match)")


def test_arena_modes_and_baseline(capsys):
    code, text, _ = run(capsys, "arena", "--agents", "greedy,random,random", "--mode", "2v2", "--hands", "4",
                        "--seed", "1", "--baseline", "greedy", "--quiet", "--out", "-")
    assert code == 0
    d = json.loads(text)
    assert d["kind"] == "arena" and [x["agent"] for x in d["differences"]] == ["random", "random#2"]


def test_bad_arguments_are_one_line_and_exit_2(capsys):
    for argv in (["arena", "--agents", "greedy", "--hands", "2"],
                 ["arena", "--agents", "greedy,random", "--mode", "rotate", "--hands", "2"],
                 ["arena", "--agents", "greedy,random", "--baseline", "nobody", "--hands", "2"],
                 ["arena", "--agents", "greedy,nosuchbot", "--hands", "2"]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and err.count("\n") == 1 and err.startswith("wuhanmj arena: "), err


def test_simulate_progress_shows_rate_and_eta(capsys):
    code, _, err = run(capsys, "simulate", "--hands", "20", "--agents", "random", "--seed", "1")
    assert code == 0
    last = [ln for ln in err.splitlines() if ln.startswith("simulate: ")][-1]
    assert last.startswith("simulate: 20/20 hands, ") and "hands/s, ETA 0s" in last


def test_engine_python_and_native_write_the_same_result(capsys):
    outs = {}
    for engine in ("python", "native"):
        code, text, _ = run(capsys, "arena", "--agents", "random,greedy", "--mode", "2v2", "--hands", "5",
                            "--seed", "4", "--match-hands", "2", "--engine", engine, "--quiet", "--out", "-")
        assert code == 0
        outs[engine] = json.loads(text)
    assert outs["native"] == outs["python"]
    assert ArenaResult.from_dict(outs["native"]).games == 10


def test_a_bad_engine_is_one_line_and_exit_2(capsys):
    code, _, err = run_cli(capsys, "arena", "--agents", "greedy,random", "--hands", "2", "--engine", "c")
    assert code == 2 and "argument --engine: invalid choice: 'c'" in one_line(err)
    # any agent plays on the native engine (a subclass is called as Python there)
    code, _, err = run_cli(capsys, "arena", "--agents", "greedy,helpers.arena_agents:NoGangGreedy", "--hands", "2",
                           "--engine", "native", "--quiet")
    assert code == 0, err
