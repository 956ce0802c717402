"""``wuhanmj replay`` of input that is cut, not records, or on stdin (a new user's trial;
each test failed before its fix): one line on stderr and exit 2 naming what the input
is, never "empty file" for a file with bytes; stdin in any of the formats ``--help``
lists; ``--list`` with ``--hand`` refused.
"""

from __future__ import annotations

import gzip
import io
import json
import sys

import pytest

from helpers.cli import one_line, run
from wuhanmj.cli import main
from wuhanmj.game.engine import Game




@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The same 6 hands as JSON lines, gzip JSON lines and binary; and a result file."""
    d = tmp_path_factory.mktemp("rec")
    for name in ("h.jsonl", "h.jsonl.gz", "h.wmj"):
        assert main(["simulate", "--hands", "6", "--seed", "1", "--quiet", "--records", str(d / name)]) == 0
    assert main(["simulate", "--hands", "6", "--seed", "1", "--quiet", "--out", str(d / "res.json")]) == 0
    return d


def _hands_listed(out: str) -> list[str]:
    return [ln.split()[1] for ln in out.splitlines()]


# ---------------------------------------------------------------- cut or garbage in the first line
def test_a_file_cut_inside_its_first_line_is_named_cut_not_empty(capsys, made, tmp_path):
    data = (made / "h.jsonl").read_bytes()
    first = data.index(b"\n")
    cut = tmp_path / "cut1.jsonl"
    cut.write_bytes(data[: first // 2])
    code, out, err = run(capsys, "replay", str(cut), "--list")
    assert code == 2 and out == ""
    assert "cut1.jsonl, line 1: cut short: the file ends inside this line" in one_line(err)


def test_an_opened_object_without_a_newline_is_a_cut(capsys, tmp_path):
    g5 = tmp_path / "g5.jsonl"
    g5.write_bytes(b'{"events": [')
    code, _, err = run(capsys, "replay", str(g5))
    assert code == 2 and "g5.jsonl, line 1: cut short" in one_line(err)


@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
def test_garbage_without_a_newline_is_not_json(capsys, tmp_path, gz):
    path = tmp_path / ("g.jsonl.gz" if gz else "g.jsonl")
    path.write_bytes(gzip.compress(b"garbage") if gz else b"garbage")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and f"{path.name}, line 1: not JSON" in one_line(err)


def test_the_first_20_bytes_of_a_gzip_file_are_a_cut_in_line_1(capsys, made, tmp_path):
    path = tmp_path / "c20.jsonl.gz"
    path.write_bytes((made / "h.jsonl.gz").read_bytes()[:20])
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "c20.jsonl.gz, line 1: cut short" in one_line(err)


def test_empty_file_only_for_a_file_of_no_bytes(capsys, tmp_path):
    path = tmp_path / "e.jsonl"
    path.write_bytes(b"")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and one_line(err).endswith("e.jsonl: empty file")


# ---------------------------------------------------------------- an event log cut short
def test_a_cut_event_log_gives_one_line_naming_the_cut(capsys, made, tmp_path):
    rec = json.loads((made / "h.jsonl").read_text().splitlines()[0])
    log = Game.replay(rec["events"]).event_log()
    lines = log.splitlines(keepends=True)
    assert len(lines) > 10
    n = sum(len(ln.encode()) for ln in lines[:10]) + 5  # 5 bytes into line 11
    path = tmp_path / "evc.jsonl"
    path.write_bytes(log.encode()[:n])
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "evc.jsonl, line 11: cut short" in one_line(err)


# ---------------------------------------------------------------- not records at all
def test_a_pretty_printed_result_is_named_a_simulation_result(capsys, made):
    code, _, err = run(capsys, "replay", str(made / "res.json"))
    assert code == 2
    line = one_line(err)
    assert "a simulation result" in line and "wuhanmj report" in line and "column" not in line


# ---------------------------------------------------------------- stdin in every format
@pytest.mark.parametrize("name", ["h.jsonl", "h.jsonl.gz", "h.wmj"])
def test_stdin_is_read_in_each_format_from_its_first_bytes(capsys, made, monkeypatch, name):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((made / name).read_bytes())))
    code, out, err = run(capsys, "replay", "-", "--list")
    assert code == 0 and err == ""
    assert _hands_listed(out) == [str(h) for h in range(6)]


def test_stdin_binary_damage_is_named_as_stdin(capsys, made, monkeypatch):
    data = (made / "h.wmj").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data[: len(data) // 2])))
    code, _, err = run(capsys, "replay", "-", "--list")
    assert code == 2 and one_line(err).startswith("wuhanmj replay: -: ")


# ---------------------------------------------------------------- --list with --hand
def test_list_with_hand_is_refused(capsys, made):
    code, out, err = run(capsys, "replay", str(made / "h.wmj"), "--hand", "3", "--list")
    assert code == 2 and out == ""
    assert "--list: not allowed with argument --hand" in one_line(err)


@pytest.mark.parametrize("number", [True, 1.0])
def test_a_hand_field_that_is_not_an_int_is_not_that_hand(capsys, made, tmp_path, number):
    import json

    rec = json.loads((made / "h.jsonl").read_text(encoding="utf-8").splitlines()[1])
    p = tmp_path / "odd.jsonl"
    p.write_text(json.dumps({**rec, "hand": number}) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(p), "--hand", "1")
    assert code == 2 and "no hand 1" in one_line(err)
