"""Deeply nested input (``"[" * 100000``) is the reader's own error, never a RecursionError:
every reader of user JSON goes through ``wuhanmj._json`` (one line, exit 2 in the CLI)."""

from __future__ import annotations

import json

import pytest

from wuhanmj import Game, Rules
from wuhanmj._json import MAX_DEPTH, check_depth, load_json
from wuhanmj.scoring.cases import score_case
from wuhanmj.cli import main
from wuhanmj.errors import CaseError, ReplayError, SetupError, StatsError
from wuhanmj.sim.results import SimulationResult

DEEP_TEXTS = ["[" * 100_000, '{"a":' * 100_000, "[" * 100_000 + "]" * 100_000]


def nested(depth: int, leaf: object = 0) -> object:
    """A list nested ``depth`` levels deep around ``leaf`` (built without recursion)."""
    x = leaf
    for _ in range(depth):
        x = [x]
    return x


def one_line_exit_2(capsys, argv: list[str], word: str) -> None:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert word in err, err


# ---------------------------------------------------------------- the helper, by hand
def test_depth_limit_counts_levels_of_lists_and_objects():
    check_depth(nested(MAX_DEPTH), StatsError, "x")  # exactly the limit: accepted
    check_depth({"a": [nested(MAX_DEPTH - 2)]}, StatsError, "x")  # dict + list + 62 = 64
    with pytest.raises(StatsError, match=f"x: nested deeper than {MAX_DEPTH} levels"):
        check_depth(nested(MAX_DEPTH + 1), StatsError, "x")
    with pytest.raises(StatsError, match="nested deeper"):
        check_depth({"a": [nested(MAX_DEPTH - 1)]}, StatsError, "x")
    loop: list = []
    loop.append(loop)  # a list that holds itself is refused, not looped over
    with pytest.raises(StatsError, match="nested deeper"):
        check_depth(loop, StatsError, "x")


@pytest.mark.parametrize("text", DEEP_TEXTS)
def test_load_json_refuses_deep_text_with_the_given_error(text):
    with pytest.raises(CaseError, match="^f.json: nested deeper than"):
        load_json(text, CaseError, "f.json")


def test_load_json_bad_text_names_the_place():
    with pytest.raises(ReplayError, match="^h.jsonl, line 3: not JSON: .* at line 1 column 2"):
        load_json("{x", ReplayError, "h.jsonl, line 3")


# ---------------------------------------------------------------- the command line
@pytest.mark.parametrize("text", DEEP_TEXTS)
def test_score_deep_json_is_one_line_exit_2(capsys, tmp_path, text):
    f = tmp_path / "deep.json"
    f.write_text(text, encoding="utf-8")
    one_line_exit_2(capsys, ["score", str(f)], "nested deeper")


def test_score_deep_json_from_stdin(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("[" * 100_000))
    one_line_exit_2(capsys, ["score", "-"], "nested deeper")


@pytest.mark.parametrize("text", DEEP_TEXTS)
def test_replay_deep_json_is_one_line_exit_2(capsys, tmp_path, text):
    f = tmp_path / "deep.jsonl"
    f.write_text(text + "\n", encoding="utf-8")
    one_line_exit_2(capsys, ["replay", str(f)], "line 1: nested deeper")


@pytest.mark.parametrize("name, text", [("deep.json", "[" * 100_000), ("deep.toml", "a = " + "[" * 100_000)])
def test_simulate_rules_file_deep_is_one_line_exit_2(capsys, tmp_path, name, text):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    one_line_exit_2(capsys, ["simulate", "--hands", "1", "--quiet", "--rules", str(f)], "nested deeper")


def test_simulate_rules_toml_nested_but_parsed_is_refused(capsys, tmp_path):
    # 70 levels parse (below Python's recursion limit) but are deeper than any rules file
    f = tmp_path / "deep.toml"
    f.write_text("money = " + "[" * 70 + "]" * 70 + "\n", encoding="utf-8")
    one_line_exit_2(capsys, ["simulate", "--hands", "1", "--quiet", "--rules", str(f)], "nested deeper")


# ---------------------------------------------------------------- the library
@pytest.mark.parametrize("text", DEEP_TEXTS)
def test_game_replay_deep_json_lines_is_a_replay_error(text):
    with pytest.raises(ReplayError, match="event 0: nested deeper"):
        Game.replay(text)


def _saved() -> dict:
    g = Game(Rules.kaikou(), seed=3)
    return json.loads(json.dumps(g.to_dict()))


def test_game_replay_deeply_nested_event_is_a_replay_error():
    events = _saved()["events"]
    events[0]["hands"] = nested(100_000)
    with pytest.raises(ReplayError, match="event 0: nested deeper"):
        Game.replay(events)


@pytest.mark.parametrize("field", ["events", "hands", "options"])
def test_game_from_dict_deeply_nested_is_a_setup_error(field):
    d = _saved()
    if field == "events":
        d["events"][0]["rules"] = {"money": nested(100_000)}
    else:
        d[field] = nested(100_000)
    with pytest.raises(SetupError, match="saved game: nested deeper"):
        Game.from_dict(d)


@pytest.mark.parametrize("text", DEEP_TEXTS)
def test_simulation_result_from_json_deep_is_a_stats_error(text):
    with pytest.raises(StatsError, match="result: nested deeper"):
        SimulationResult.from_json(text)


def test_score_case_deeply_nested_is_a_case_error():
    case = {"id": "deep", "rules": "kaikou", "indicator": "5m", "dealer": 0, "winner": 1,
            "hand": nested(100_000), "win_tile": "5s", "how": "zimo", "seats": [{}, {}, {}, {}]}
    with pytest.raises(CaseError, match="case deep: nested deeper"):
        score_case(case)


# ---------------------------------------------------------------- numbers past Python's int-string limit
HUGE = "9" * 5000
"""An integer of 5,000 digits: more than Python's int-string limit (4,300), so ``json``
and ``tomllib`` fail with a bare ValueError; every reader names it in its own error."""


def test_load_json_refuses_a_number_with_too_many_digits():
    with pytest.raises(StatsError, match=r"^x: a number with too many digits \(more than 4300\)$"):
        load_json('{"hands": ' + HUGE + "}", StatsError, "x")


def test_score_a_number_with_too_many_digits_is_one_line_exit_2(capsys, tmp_path):
    p = tmp_path / "s.json"
    p.write_text("[" + HUGE + "]", encoding="utf-8")
    one_line_exit_2(capsys, ["score", str(p)], "a number with too many digits")


@pytest.mark.parametrize("name, text", [("r.json", '{"cap": ' + HUGE + "}"), ("r.toml", "cap = " + HUGE + "\n")])
def test_simulate_rules_file_with_too_many_digits_is_one_line_exit_2(capsys, tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    code = main(["simulate", "--hands", "1", "--rules", str(p)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert f"rules: '{p}'" in err and err.rstrip().endswith("a number with too many digits (more than 4300)"), err


def test_report_of_a_result_with_too_many_digits_is_one_line_exit_2(capsys, tmp_path):
    p = tmp_path / "res.json"
    p.write_text('{"hands": ' + HUGE + ', "tally": {}}', encoding="utf-8")
    one_line_exit_2(capsys, ["report", str(p), "-o", str(tmp_path / "out.md")], "a number with too many digits")
