"""The ``simulate``, ``replay`` and ``bench`` subcommands: output, files, errors, help."""

from __future__ import annotations

import json
import sys

import pytest

from wuhanmj.cli import main

QUICK = ["--hands", "12", "--agents", "random", "--seed", "3", "--quiet"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_prints_summary_and_writes_files(capsys, tmp_path):
    out_json, recs = tmp_path / "r.json", tmp_path / "h.jsonl"
    code, out, err = run(capsys, "simulate", *QUICK, "--out", str(out_json), "--records", str(recs))
    assert code == 0
    assert "荒庄" in out and "95% CI" in out and "hands/s" in out
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert data["hands"] == 12 and data["seed"] == 3 and data["agents"] == ["random"] * 4
    assert len(recs.read_text(encoding="utf-8").splitlines()) == 12


def test_simulate_same_seed_same_json(capsys, tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    run(capsys, "simulate", *QUICK, "--out", str(a))
    run(capsys, "simulate", *QUICK, "--out", str(b), "--workers", "2")
    assert a.read_text(encoding="utf-8") == b.read_text(encoding="utf-8")


def test_simulate_csv_out(capsys, tmp_path):
    path = tmp_path / "r.csv"
    code, _, _ = run(capsys, "simulate", *QUICK, "--out", str(path))
    assert code == 0
    assert path.read_text(encoding="utf-8").splitlines()[0] == "metric,key,value"


def test_simulate_rules_from_toml_and_json(capsys, tmp_path):
    toml = tmp_path / "r.toml"
    toml.write_text('name = "koukou_fan"\nbi = false\n', encoding="utf-8")
    jsn = tmp_path / "r.json"
    jsn.write_text(json.dumps({"name": "koukou", "cap": 200}), encoding="utf-8")
    out_t, out_j = tmp_path / "t.json", tmp_path / "j.json"
    assert run(capsys, "simulate", *QUICK, "--rules", str(toml), "--out", str(out_t))[0] == 0
    assert run(capsys, "simulate", *QUICK, "--rules", str(jsn), "--out", str(out_j))[0] == 0
    rt = json.loads(out_t.read_text(encoding="utf-8"))["rules"]
    rj = json.loads(out_j.read_text(encoding="utf-8"))["rules"]
    assert (rt["schedule"], rt["bi"], rt["pizi"]) == ("fan", False, True)
    assert (rj["opening"], rj["cap"]) == ("per_opening", 200)


def test_rules_toml_read_with_tomli_where_tomllib_is_missing(capsys, tmp_path, monkeypatch):
    """Python 3.10 has no tomllib (3.11+): --rules FILE.toml reads it with tomli (a
    dependency there); simulated here by hiding tomllib."""
    pytest.importorskip("tomli")
    monkeypatch.setitem(sys.modules, "tomllib", None)  # import tomllib -> ModuleNotFoundError
    toml = tmp_path / "r.toml"
    toml.write_text('name = "koukou_fan"\nbi = false\n', encoding="utf-8")
    out = tmp_path / "t.json"
    code, _, err = run(capsys, "simulate", *QUICK, "--rules", str(toml), "--out", str(out))
    assert code == 0, err
    rules = json.loads(out.read_text(encoding="utf-8"))["rules"]
    assert (rules["schedule"], rules["bi"], rules["pizi"]) == ("fan", False, True)


def test_rules_toml_without_any_toml_reader_is_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "tomllib", None)
    monkeypatch.setitem(sys.modules, "tomli", None)
    toml = tmp_path / "r.toml"
    toml.write_text('name = "koukou"\n', encoding="utf-8")
    code, _, err = run(capsys, "simulate", *QUICK, "--rules", str(toml))
    assert code == 2 and "tomli" in err and len(err.strip().splitlines()) == 1, err


def test_simulate_plain_progress_when_not_a_terminal(capsys):
    code, _, err = run(capsys, "simulate", "--hands", "10", "--agents", "random", "--seed", "1")
    assert code == 0
    assert "simulate: 10/10 hands" in err
    assert "\r" not in err  # no bar redraws when stderr is not a terminal


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--hands", "0"],
        ["simulate", "--hands", "many"],
        ["simulate", "--rules", "nonsense"],
        ["simulate", "--agents", "random,nobody,random,random"],
        ["simulate", "--agents", "random,random"],
        ["simulate", "--workers", "-2"],
        ["simulate", "--out", "/no/such/folder/r.json", "--agents", "random"],
        ["simulate", "--bogus"],
        ["replay", "/no/such/file.jsonl"],
        ["simulate", "--hands", "1", "--agents", "json:dumps", "--quiet"],  # an agent that raises
        ["simulate", "--hands", "1", "--agents", "random,random,random,json:dumps", "--quiet", "--workers", "2"],
        ["simulate", "--hands", "1", "--agents", "argparse:Action", "--quiet"],  # cannot be made
    ],
)
def test_errors_are_one_line_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        raise SystemExit(main(argv))
    out, err = capsys.readouterr()
    assert exc.value.code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


def test_rules_file_with_a_bad_field_is_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("cap = -5\n", encoding="utf-8")
    code, _, err = run(capsys, "simulate", "--rules", str(bad), "--hands", "1")
    assert code == 2 and "cap" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv", [["--help"], ["simulate", "--help"], ["replay", "--help"], ["bench", "--help"]])
def test_help_at_every_level(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 0
    assert "usage:" in capsys.readouterr().out


# ---------------------------------------------------------------- replay
@pytest.fixture
def records(tmp_path, capsys):
    path = tmp_path / "h.jsonl"
    run(capsys, "simulate", "--hands", "30", "--agents", "random", "--seed", "2", "--quiet", "--records", str(path))
    return path


def test_replay_renders_one_hand_turn_by_turn(capsys, records):
    code, out, _ = run(capsys, "replay", str(records), "--hand", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("hand 3 ")
    assert "indicator" in lines[1] and "癞子" in lines[1]
    assert sum("discards" in ln for ln in lines) > 5
    assert "荒庄" in out or "settlement" in out


def test_replay_glyphs(capsys, records):
    code, out, _ = run(capsys, "replay", str(records), "--hand", "0", "--glyphs")
    assert code == 0
    assert any("\U0001F000" <= ch <= "\U0001F02B" for ch in out)


def test_replay_list_one_line_per_hand(capsys, records):
    code, out, _ = run(capsys, "replay", str(records), "--list")
    assert code == 0 and len(out.splitlines()) == 30


def test_replay_a_bare_event_log(capsys, tmp_path):
    from wuhanmj.game.engine import Game

    g = Game(seed=5)
    while not g.over:
        s = g.current_player
        g.step(s, g.legal_action_codes(s)[0])
    path = tmp_path / "log.jsonl"
    path.write_text(g.event_log(), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "dealer seat 0" in out


def test_replay_missing_hand_and_tampered_log_are_errors(capsys, records, tmp_path):
    code, _, err = run(capsys, "replay", str(records), "--hand", "999")
    assert code == 2 and "no hand 999" in err
    rec = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
    for e in rec["events"]:
        if e["type"] == "discard":
            e["tile"] = "7z" if e["tile"] != "7z" else "1m"  # claim a different discard than was played
            break
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_bench_prints_core_and_game_figures(capsys):
    code, out, _ = run(capsys, "bench", "--hands", "8")
    assert code == 0
    assert "is_complete" in out and "random bots" in out and "greedy bots" in out


@pytest.mark.parametrize("seed", ["-5", "x"])
def test_bench_with_a_bad_seed_is_one_line_and_exit_code_2(capsys, seed):
    from helpers.cli import one_line
    from helpers.cli import run as run_cli

    code, _, err = run_cli(capsys, "bench", "--hands", "4", "--seed", seed)
    assert code == 2 and "--seed" in one_line(err)


# ---------------------------------------------------------------- Dask scheduler
def test_simulate_on_a_dask_scheduler_equals_local(capsys, tmp_path):
    distributed = pytest.importorskip("distributed")
    local, remote = tmp_path / "local.json", tmp_path / "remote.json"
    run(capsys, "simulate", *QUICK, "--out", str(local))
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cl:
        code, out, err = run(capsys, "simulate", *QUICK, "--out", str(remote), "--scheduler", cl.scheduler_address)
    assert code == 0, err
    assert json.loads(remote.read_text(encoding="utf-8")) == json.loads(local.read_text(encoding="utf-8"))


def test_unreachable_scheduler_is_one_line(capsys):
    pytest.importorskip("distributed")
    code, _, err = run(capsys, "simulate", *QUICK, "--scheduler", "tcp://127.0.0.1:9", "--connect-timeout", "1")
    assert code == 2 and "scheduler" in err and len(err.strip().splitlines()) == 1


def test_agent_that_raises_is_one_line_naming_the_seat(capsys):
    code, _, err = run(capsys, "simulate", "--hands", "1", "--seed", "1", "--quiet",
                       "--agents", "random,random,json:dumps,random")
    assert code == 2
    assert err.strip() == (
        "wuhanmj simulate: seat 2 (agent 'dumps'): act() raised TypeError: "
        "dumps() takes 1 positional argument but 2 were given"
    )


def _edited(records, tmp_path, **changes):
    """The first won hand of ``records`` with its ``result`` fields changed."""
    for line in records.read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec["result"]["winner"] is not None:
            break
    else:
        raise AssertionError("no won hand in the records")
    rec["result"].update(changes)
    path = tmp_path / "edited.jsonl"
    path.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    return path, rec


@pytest.fixture
def won_records(tmp_path, capsys):
    path = tmp_path / "g.jsonl"
    run(capsys, "simulate", "--hands", "4", "--seed", "2", "--quiet", "--records", str(path))
    return path


def test_replay_list_shows_what_the_events_give(capsys, won_records, tmp_path):
    path, rec = _edited(won_records, tmp_path)  # unchanged: lists as recorded
    code, out, _ = run(capsys, "replay", str(path), "--list")
    res = rec["result"]
    assert code == 0
    assert f"seat {res['winner']} {res['how']}" in out
    assert out.split()[-4:] == [f"{p:+g}" if p else "0" for p in res["payments"]]


@pytest.mark.parametrize(
    "changes",
    [dict(winner=None), dict(payments=[0, 0, 0, 0]), dict(how="haidilao"), dict(big=["qingyise"])],
)
@pytest.mark.parametrize("flags", [["--list"], []])
def test_replay_refuses_an_edited_result(capsys, won_records, tmp_path, changes, flags):
    path, _ = _edited(won_records, tmp_path, **changes)
    code, out, err = run(capsys, "replay", str(path), *flags)
    key = next(iter(changes))
    assert code == 2 and out == ""
    assert f"the record's result says {key} = " in err and len(err.strip().splitlines()) == 1


def test_absurd_workers_is_one_line_exit_2(capsys):
    code, out, err = run(capsys, "simulate", *QUICK, "--workers", "10000")
    assert code == 2 and "workers" in err and len(err.strip().splitlines()) == 1, err
    assert out == ""


def test_out_dash_writes_the_json_to_stdout_and_the_summary_to_stderr(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a file named "-" must not appear here
    code, out, err = run(capsys, "simulate", *QUICK, "--out", "-")
    assert code == 0
    data = json.loads(out)
    assert data["hands"] == 12 and data["seed"] == 3
    assert "荒庄" in err and "hands/s" in err
    assert list(tmp_path.iterdir()) == []


def test_records_dash_writes_the_hands_to_stdout(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "simulate", *QUICK, "--records", "-")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 12 and [json.loads(ln)["hand"] for ln in lines] == list(range(12))
    assert "荒庄" in err
    assert list(tmp_path.iterdir()) == []


def test_out_and_records_both_dash_is_one_line(capsys):
    code, out, err = run(capsys, "simulate", *QUICK, "--out", "-", "--records", "-")
    assert code == 2 and out == "" and "stdout" in err and len(err.strip().splitlines()) == 1
