"""``wuhanmj review FILE --hand N``: on the records of simulate (JSON lines, gzip, binary),
the arena, ``play --record``, the web table and stdin; the text, ``--json`` and ``--html``;
bad input one line on stderr with exit code 2. Expected values come from the records
themselves (their events and settlement), not from the review."""

from __future__ import annotations

import gzip
import io
import json
import re
import struct
import sys
import zlib

import pytest
from helpers.cli import one_line, run

from wuhanmj import Game
from wuhanmj.files.recordio import iter_records
from wuhanmj.game.actions import action_name


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    from wuhanmj.cli import main

    d = tmp_path_factory.mktemp("review")
    for name in ("hands.jsonl", "hands.jsonl.gz", "hands.wmj"):
        assert main(["simulate", "--hands", "3", "--seed", "21", "--records", str(d / name), "--quiet"]) == 0
    assert main(["arena", "--agents", "expert,greedy", "--hands", "2", "--seed", "4",
                 "--records", str(d / "arena.jsonl"), "--quiet"]) == 0
    return d


def _decisions(record: dict, seat: int) -> list[int]:
    return [i for i, e in enumerate(record["events"]) if "action" in e and e["seat"] == seat]


def _json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, "review", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("name", ["hands.jsonl", "hands.jsonl.gz", "hands.wmj"])
def test_simulate_records_in_every_format_give_the_same_review(capsys, made, name):
    rec = list(iter_records(made / "hands.jsonl"))[1]
    d = _json(capsys, str(made / name), "--hand", "1", "--seat", "2")
    assert d["hand"] == 1 and d["seat"] == 2
    assert [x["event"] for x in d["decisions"]] == _decisions(rec, 2)
    assert d["payment"] == rec["result"]["payments"][2]
    assert d == _json(capsys, str(made / "hands.jsonl"), "--hand", "1", "--seat", "2")


def test_arena_records_are_reviewed(capsys, made):
    recs = list(iter_records(made / "arena.jsonl"))
    d = _json(capsys, str(made / "arena.jsonl"), "--hand", str(recs[-1]["hand"]), "--seat", "3")
    assert [x["event"] for x in d["decisions"]] == _decisions(recs[-1], 3)
    assert d["payment"] == recs[-1]["result"]["payments"][3]


def test_a_play_record_defaults_to_the_persons_seat(capsys, tmp_path):
    from wuhanmj.play import Table
    from wuhanmj.play.terminal import play_match

    path = tmp_path / "mine.jsonl"
    table = Table("kaikou", seed=6, seat=2)
    play_match(table, hands=1, read=lambda prompt: "1", write=lambda text: None, record=str(path))
    rec = next(iter(iter_records(path)))
    assert rec["agents"][2] == "you"
    d = _json(capsys, str(path), "--hand", "0")
    assert d["seat"] == 2 and [x["event"] for x in d["decisions"]] == _decisions(rec, 2)


def test_a_web_table_record_is_reviewed(capsys, tmp_path):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from wuhanmj.web.app import create_app

    client = TestClient(create_app(rules="kaikou", seed=None, allow_seed=True, allowed_hosts=["testserver"]))
    m = client.post("/api/games", json={"seed": 8}).json()
    gid, st = m["game"], m["state"]
    while not st["over"]:
        st = client.post(f"/api/games/{gid}/messages",
                         json={"type": "act", "code": st["actions"][0]["code"], "version": st["version"]}).json()
    text = client.get(st["record"]).text
    path = tmp_path / "web.jsonl"
    path.write_text(text, encoding="utf-8")
    rec = json.loads(text)
    seat = rec["agents"].index("you")
    d = _json(capsys, str(path), "--hand", str(rec["hand"]))
    assert d["seat"] == seat and [x["event"] for x in d["decisions"]] == _decisions(rec, seat)
    assert d["payment"] == Game.replay(rec["events"]).result.payments[seat]


def test_the_text_has_a_block_per_decision_then_the_worst_and_the_total(capsys, made):
    rec = list(iter_records(made / "hands.jsonl"))[0]
    code, out, _ = run(capsys, "review", str(made / "hands.jsonl"), "--hand", "0")
    assert code == 0
    d = _json(capsys, str(made / "hands.jsonl"), "--hand", "0")
    assert out.startswith("hand 0, seat 0 (greedy):")
    blocks = [ln for ln in out.splitlines() if ln.startswith("turn ")]
    assert len(blocks) == len(_decisions(rec, 0))
    for x, line in zip(d["decisions"], blocks):
        assert f"event {x['event']:>3}" in line
    first = d["decisions"][0]
    played = next(ln for ln in out.splitlines() if action_name(first["played"]) in ln and "P" in ln[:7])
    assert "P" in played[:7]
    assert "worst decisions:" in out and f"total loss: {d['total_loss']:.1f} points" in out


def test_html_writes_the_viewer_with_the_review_panel(capsys, made, tmp_path):
    page = tmp_path / "h.html"
    code, out, _ = run(capsys, "review", str(made / "hands.jsonl"), "--hand", "2", "--html", str(page))
    assert code == 0 and f"wrote {page}" in out
    html = page.read_text(encoding="utf-8")
    assert 'id="review"' in html and "review of seat 0" in html
    assert not re.search(r'(src|href)="https?:', html) and "<link" not in html  # self-contained


def test_rollouts_on_the_command_line(capsys, made):
    d = _json(capsys, str(made / "hands.jsonl"), "--hand", "0", "--rollouts", "3", "--seed", "9")
    assert d["rollouts"] == 3 and d["seed"] == 9
    for x in d["decisions"]:
        for o in x["options"]:
            assert o["low"] <= o["rollout_mean"] <= o["high"]


@pytest.mark.parametrize("name", ["hands.jsonl", "hands.jsonl.gz", "hands.wmj"])
def test_stdin_in_every_format(capsys, made, monkeypatch, name):
    want = _json(capsys, str(made / name), "--hand", "1")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((made / name).read_bytes())))
    assert _json(capsys, "-", "--hand", "1") == want


# ---------------------------------------------------------------- bad input: one line, exit 2

def _refused(capsys, *argv: str) -> str:
    code, _, err = run(capsys, "review", *argv)
    assert code == 2
    line = one_line(err)
    assert line.startswith("wuhanmj review")
    return line


@pytest.mark.parametrize("name", ["hands.jsonl", "hands.wmj"])
def test_a_hand_out_of_range_says_how_many_hands_the_file_has(capsys, made, name):
    line = _refused(capsys, str(made / name), "--hand", "3")
    assert "no hand 3" in line and "3 hands" in line


@pytest.mark.parametrize("seat", ["4", "-1", "x", "1.5"])
def test_a_seat_out_of_range_or_not_an_int(capsys, made, seat):
    assert "--seat must be an int 0-3" in _refused(capsys, str(made / "hands.jsonl"), "--hand", "0", "--seat", seat)


@pytest.mark.parametrize("value", ["-1", "two"])
def test_negative_rollouts(capsys, made, value):
    line = _refused(capsys, str(made / "hands.jsonl"), "--hand", "0", "--rollouts", value)
    assert "--rollouts must be an int >= 0" in line


def test_a_bad_hand_number(capsys, made):
    assert "--hand must be an int >= 0" in _refused(capsys, str(made / "hands.jsonl"), "--hand", "-2")


def test_a_records_file_of_a_newer_format_version(capsys, tmp_path):
    from wuhanmj.files.records import MAGIC, VERSION

    p = tmp_path / "new.wmj"
    text = b'{"rules": {}}'
    head = struct.pack("<8sHHI", MAGIC, VERSION + 1, 0, len(text)) + text
    p.write_bytes(head + struct.pack("<I", zlib.crc32(head)))
    assert f"version {VERSION + 1} is newer" in _refused(capsys, str(p), "--hand", "0")


def test_a_record_without_events(capsys, tmp_path):
    p = tmp_path / "bare.jsonl.gz"
    with gzip.open(p, "wt", encoding="utf-8") as f:
        f.write(json.dumps({"hand": 0, "result": {}}) + "\n")
    assert "events" in _refused(capsys, str(p), "--hand", "0")


def test_no_such_file(capsys, tmp_path):
    assert "no such file" in _refused(capsys, str(tmp_path / "nope.jsonl"), "--hand", "0")


def test_html_over_the_input_is_refused(capsys, made):
    f = str(made / "hands.jsonl")
    assert "name the same file" in _refused(capsys, f, "--hand", "0", "--html", f)


@pytest.mark.parametrize("number", [True, 1.0])
def test_a_hand_field_that_is_not_an_int_is_not_that_hand(capsys, made, tmp_path, number):
    rec = list(iter_records(made / "hands.jsonl"))[1]
    p = tmp_path / "odd.jsonl"
    p.write_text(json.dumps({**rec, "hand": number}) + "\n", encoding="utf-8")
    assert "no hand 1" in _refused(capsys, str(p), "--hand", "1")


def test_a_gz_file_whose_data_is_not_text_says_so_and_not_to_rename_it(capsys, made, tmp_path):
    p = tmp_path / "hands.wmj.gz"  # binary records, gzipped: already named .gz
    p.write_bytes(gzip.compress((made / "hands.wmj").read_bytes()))
    line = _refused(capsys, str(p), "--hand", "0")
    assert "name the file" not in line and "not UTF-8 text" in line and "gunzip" in line


def test_a_binary_file_cut_short_says_where_it_is_damaged(capsys, made, tmp_path):
    data = (made / "hands.wmj").read_bytes()
    p = tmp_path / "cut.wmj"
    p.write_bytes(data[: len(data) // 2])  # inside its one block: no hand is whole
    line = _refused(capsys, str(p), "--hand", "0")
    assert "damaged" in line and "truncated at byte" in line and "0..-1" not in line
