"""The ``score`` subcommand: JSON out in the expect schema, --explain, --check, errors."""

from __future__ import annotations

import io
import json

import pytest
from helpers.cases import cases_dir, load_cases

from wuhanmj.cli import main

WORKED = load_cases("worked.json")
E1 = next(c for c in WORKED if c["id"] == "E1")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, data, name="cases.json"):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(p)


def test_score_a_list_prints_the_expect_schema_with_ids(capsys):
    code, out, err = run(capsys, "score", str(cases_dir() / "worked.json"))
    assert code == 0 and err == ""
    got = json.loads(out)
    assert [g["id"] for g in got] == [c["id"] for c in WORKED]
    for g, c in zip(got, WORKED):
        assert {k: g[k] for k in c["expect"]} == c["expect"]
        assert ("reason" in g) == (not g["legal"])  # an illegal win says why


def test_an_illegal_win_gives_its_reason_in_the_json(capsys, tmp_path):
    # E1 with a 红中 in the hand instead of a 5s of the pair: W5 forbids the win
    red = dict(E1, id="R1", hand="234m456p789p5s7z", win_tile="7z")
    code, out, err = run(capsys, "score", write(tmp_path, red))
    assert code == 0 and err == ""
    assert json.loads(out) == {"id": "R1", "legal": False, "reason": "W5: holds 红中 7z"}


def test_check_an_expected_reason_by_its_rule_id_or_in_full(capsys, tmp_path):
    red = dict(E1, hand="234m456p789p5s7z", win_tile="7z")
    cases = [dict(red, id="R1", expect={"legal": False}), dict(red, id="R2", expect={"legal": False, "reason": "W5"}),
             dict(red, id="R3", expect={"legal": False, "reason": "W5: holds 红中 7z"}),
             dict(red, id="R4", expect={"legal": False, "reason": "W4"})]
    code, out, _ = run(capsys, "score", write(tmp_path, cases), "--check")
    assert code == 1
    assert 'case R4: expected {"legal": false, "reason": "W4"}' in out
    assert out.strip().splitlines()[-1] == "3 of 4 checked cases agree, 1 differ"


def test_score_one_case_object(capsys, tmp_path):
    code, out, _ = run(capsys, "score", write(tmp_path, E1))
    assert code == 0
    assert json.loads(out) == {"id": "E1", **E1["expect"]}


def test_score_from_stdin(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps([E1])))
    code, out, _ = run(capsys, "score", "-")
    assert code == 0 and json.loads(out)[0]["payments"] == [-16, 56, -8, -32]


def test_explain_prints_the_sheet(capsys):
    code, out, _ = run(capsys, "score", str(cases_dir() / "worked.json"), "--explain")
    assert code == 0
    assert "== case E1 ==" in out and "== case E4 ==" in out
    assert "金顶" in out and "自摸" in out and "seat 1: +56" in out


def test_check_agrees_with_the_worked_vectors(capsys):
    code, out, _ = run(capsys, "score", str(cases_dir() / "worked.json"), "--check")
    assert code == 0 and out.strip().endswith(f"{len(WORKED)} of {len(WORKED)} checked cases agree")


def test_check_a_case_without_expect_is_not_checked_and_says_so(capsys, tmp_path):
    bare = {k: v for k, v in E1.items() if k != "expect"}
    bare["id"] = "N1"
    code, out, err = run(capsys, "score", write(tmp_path, [E1, bare, dict(E1, id="E1b")]), "--check")
    assert code == 0 and err == ""
    assert "case N1: no 'expect', not checked" in out
    assert out.strip().splitlines()[-1] == "2 of 2 checked cases agree; 1 case has no expect"


def test_check_only_cases_without_expect(capsys, tmp_path):
    bare = {k: v for k, v in E1.items() if k != "expect"}
    code, out, _ = run(capsys, "score", write(tmp_path, [bare, bare]), "--check")
    assert code == 0 and out.strip().splitlines()[-1] == "0 of 0 checked cases agree; 2 cases have no expect"


def test_check_a_partial_expect_compares_the_keys_it_has(capsys, tmp_path):
    # E1 pays (-16, 56, -8, -32) (RULES.md E1); an expect of the payments alone agrees
    only_pay = dict(E1, id="P1", expect={"payments": [-16, 56, -8, -32]})
    code, out, _ = run(capsys, "score", write(tmp_path, [only_pay]), "--check")
    assert code == 0 and out.strip() == "1 of 1 checked cases agree"
    wrong = dict(E1, id="P2", expect={"payments": [-16, 56, -32, -8]})
    code, out, _ = run(capsys, "score", write(tmp_path, [only_pay, wrong]), "--check")
    assert code == 1
    assert 'case P2: expected {"payments": [-16, 56, -32, -8]}' in out
    assert 'got {"payments": [-16, 56, -8, -32]}' in out  # only the keys the expect has
    assert out.strip().splitlines()[-1] == "1 of 2 checked cases agree, 1 differ"


@pytest.mark.parametrize("expect, word", [({"payment": [0, 0, 0, 0]}, "payment"), ([1], "expect must be an object")])
def test_check_a_malformed_expect_is_one_line_naming_the_case(capsys, tmp_path, expect, word):
    code, out, err = run(capsys, "score", write(tmp_path, [dict(E1, id="M1", expect=expect)]), "--check")
    assert code == 2 and err.startswith("wuhanmj score: case M1: ") and word in err
    assert len(err.strip().splitlines()) == 1


def test_check_reports_a_difference_exit_1(capsys, tmp_path):
    wrong = dict(E1, expect=dict(E1["expect"], payments=[-1, 3, -1, -1]))
    code, out, _ = run(capsys, "score", write(tmp_path, [wrong]), "--check")
    assert code == 1 and "case E1: expected" in out and "1 differ" in out


def test_a_bad_case_is_one_line_naming_the_first_and_nothing_is_scored(capsys, tmp_path):
    """Every case is read before anything is printed: with 3 bad cases of 4, stdout is
    empty (no half result) and one stderr line names the first and counts them."""
    bad_hand = dict(E1, id="B1", hand="234m456p789p55")  # digits without a suit letter
    bad_seat = dict(E1, id="B2", winner=7)
    fifth = dict(E1, id="B3", seats=[{"melds": [{"kind": "peng", "tiles": "555s", "from": 1}]}] + E1["seats"][1:])
    code, out, err = run(capsys, "score", write(tmp_path, [bad_hand, E1, bad_seat, fifth]))
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("wuhanmj score: case B1: ") and "hand" in lines[0]
    assert lines[0].endswith("; 3 bad cases of 4, nothing scored")
    code, out, err = run(capsys, "score", write(tmp_path, [E1, bad_seat]))  # a good case first: still nothing
    assert code == 2 and out == "" and err.startswith("wuhanmj score: case B2: winner must be a seat")
    assert err.count("\n") == 1 and err.rstrip().endswith("; 1 bad case of 2, nothing scored")


def test_a_list_of_non_objects_is_one_line(capsys, tmp_path):
    code, out, err = run(capsys, "score", write(tmp_path, [1, 2]))
    assert code == 2 and out == ""
    assert err == "wuhanmj score: case #0: a case must be a JSON object, got int; 2 bad cases of 2, nothing scored\n"


def test_a_case_without_id_is_named_by_its_index(capsys, tmp_path):
    nameless = {k: v for k, v in E1.items() if k != "id"}
    code, _, err = run(capsys, "score", write(tmp_path, [E1, dict(nameless, how="ron")]))
    assert code == 2 and err.startswith("wuhanmj score: case #1: how must be one of")


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "not JSON"),
        ("42", "expected a case object or a list"),
    ],
)
def test_bad_json_is_one_line_exit_2(capsys, tmp_path, content, message):
    code, out, err = run(capsys, "score", write(tmp_path, content))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def test_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, "score", str(tmp_path / "nope.json"))
    assert code == 2 and "no such file" in err


def test_missing_fields_and_unknown_fields(capsys, tmp_path):
    missing = {k: v for k, v in E1.items() if k != "seats"}
    extra = dict(E1, id="X", colour="red")
    code, _, err = run(capsys, "score", write(tmp_path, [missing, extra]))
    assert code == 2 and "missing field(s) seats" in err and err.rstrip().endswith("; 2 bad cases of 2, nothing scored")
    code, _, err = run(capsys, "score", write(tmp_path, [extra]))
    assert code == 2 and "case X: unknown field(s) colour" in err


def test_laizi_must_follow_the_indicator(capsys, tmp_path):
    code, _, err = run(capsys, "score", write(tmp_path, [dict(E1, laizi="7m")]))
    assert code == 2 and "does not follow from indicator" in err


def test_rules_may_be_an_object(capsys, tmp_path):
    case = dict(E1, rules={"name": "kaikou", "cap": 20, "gold_cap": 30})
    code, out, _ = run(capsys, "score", write(tmp_path, case))
    # seat 3 pays 32 → 20 (银顶); not every loser reaches it
    assert code == 0 and json.loads(out)["payments"] == [-16, 44, -8, -20]


def test_help_lists_examples(capsys):
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    assert "--explain" in capsys.readouterr().out
