"""The binary records format (docs/RECORDS.md): round trip against the JSON
lines, seeking, and damaged files (every byte flipped, every length cut)."""

from __future__ import annotations

import gzip
import io
import json
import struct
import zlib

import pytest

from wuhanmj import Game, Rules, simulate
from wuhanmj.cli import main
from wuhanmj.errors import RecordsError, ReplayError
from wuhanmj.sim.recordio import export_jsonl, iter_records, read_record
from wuhanmj.sim.records import MAGIC, ROW, VERSION, RecordsReader, RecordsWriter, encode_hand, make_header

FAN = Rules.koukou_fan()
# amounts that are not whole (X2 money): stored as doubles with their types
MONEY = FAN.replace(money=((6, 2.5), (7, 5.25), (8, 10.125), (9, 20.5), (10, 40.75)), gold_money=60.5)


def _both(tmp_path, hands, rules, agents="greedy,random,greedy,random", seed=5, **kw):
    """The JSON lines and the binary file of the same run."""
    buf = io.StringIO()
    simulate(hands=hands, rules=rules, agents=agents, seed=seed, records=buf, **kw)
    path = tmp_path / "h.wmj"
    simulate(hands=hands, rules=rules, agents=agents, seed=seed, records=path, **kw)
    return [json.loads(ln) for ln in buf.getvalue().splitlines()], path


def _same(rec, line):
    return json.loads(json.dumps(rec, ensure_ascii=False)) == line


def test_row_layout():
    # 8+4+4+1+1+1+1+2 + 16 + 90 + 1+1+2+1+1 + 16 + 1+1+1 + 4 bytes
    assert ROW.itemsize == 157
    assert MAGIC == b"\x89WMJ\r\n\x1a\n" and VERSION == 1


@pytest.mark.parametrize("rules", ["kaikou", "koukou", "koukou_fan", MONEY], ids=["kaikou", "koukou", "koukou_fan", "money"])
def test_every_field_of_the_json_record_round_trips(tmp_path, rules):
    lines, path = _both(tmp_path, 120, rules, match_hands=6)
    with RecordsReader(path) as r:
        assert r.hands == len(lines) == 120 and r.damage is None
        recs = list(r)
    for rec, line in zip(recs, lines):
        assert _same(rec, line), rec["hand"]
    # Game.replay rebuilds each hand from the decoded events
    for rec in recs[:20]:
        g = Game.replay(rec["events"])
        assert list(g.result.payments) == rec["result"]["payments"]


def test_amounts_that_are_not_whole_keep_their_types(tmp_path):
    lines, path = _both(tmp_path, 60, MONEY)
    floats = [ln for ln in lines if any(isinstance(p, float) for p in ln["result"]["payments"])]
    assert floats, "no hand paid an amount that is not whole"
    assert all(_same(rec, ln) for rec, ln in zip(iter_records(path), lines))


@pytest.mark.soak
@pytest.mark.parametrize("rules", ["kaikou", "koukou", "koukou_fan"])
def test_a_few_thousand_hands_of_each_preset_round_trip(tmp_path, rules):
    lines, path = _both(tmp_path, 2000, rules, agents="greedy,random,greedy,greedy", seed=11)
    assert all(_same(rec, ln) for rec, ln in zip(iter_records(path), lines))


def test_seek_reads_hand_n_and_the_file_is_small(tmp_path):
    lines, path = _both(tmp_path, 70, "kaikou")
    size = path.stat().st_size
    assert size / 70 < 300  # bytes a hand, the goal, header and index included
    for n in (0, 69, 33):
        assert _same(read_record(path, n), lines[n])
    with pytest.raises(RecordsError, match="hand 70: no such hand"):
        read_record(path, 70)


def test_the_file_is_the_same_whatever_the_workers(tmp_path):
    a, b = tmp_path / "a.wmj", tmp_path / "b.wmj"
    simulate(hands=40, agents="random", seed=3, records=a)
    simulate(hands=40, agents="random", seed=3, records=b, workers=2, batch_hands=8)
    assert a.read_bytes() == b.read_bytes()


def test_gzip_json_lines_and_export(tmp_path):
    gz = tmp_path / "h.jsonl.gz"
    simulate(hands=12, agents="random", seed=2, records=gz)
    with gzip.open(gz, "rt", encoding="utf-8") as f:
        lines = [json.loads(ln) for ln in f]
    assert len(lines) == 12 and lines[0]["hand"] == 0
    wmj = tmp_path / "h.wmj"
    simulate(hands=12, agents="random", seed=2, records=wmj)
    out = tmp_path / "x.jsonl"
    assert export_jsonl(wmj, out) == 12
    assert [json.loads(ln) for ln in out.read_text(encoding="utf-8").splitlines()] == lines


def test_cli_replay_reads_binary_and_gzip_alike(tmp_path, capsys):
    for name in ("h.jsonl", "h.jsonl.gz", "h.wmj"):
        assert main(["simulate", "--hands", "9", "--agents", "random", "--seed", "4", "--quiet",
                     "--records", str(tmp_path / name)]) == 0
    capsys.readouterr()
    outs = []
    for name in ("h.jsonl", "h.jsonl.gz", "h.wmj"):
        assert main(["replay", str(tmp_path / name), "--hand", "5"]) == 0
        outs.append(capsys.readouterr().out)
        assert main(["replay", str(tmp_path / name), "--list"]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[2] == outs[4] and outs[1] == outs[3] == outs[5]
    assert main(["replay", str(tmp_path / "h.wmj"), "--hand", "9"]) == 2
    assert "hand 9: no such hand" in capsys.readouterr().err


# ---------------------------------------------------------------- damaged files
def _small_file(tmp_path):
    """5 hands in blocks of 2 (three blocks), and what each hand must read as."""
    path = tmp_path / "small.wmj"
    games = []
    from wuhanmj.game.match import Match
    from wuhanmj.game.loop import play_game
    from wuhanmj.agents.base import RandomAgent
    from wuhanmj.sim.loop import outcome_of

    agents = [RandomAgent(seed=s) for s in range(4)]
    m = Match("kaikou", seed=1)
    header = make_header("simulate", 1, Rules.kaikou(), [("random",) * 4], 8, block_hands=2)
    with RecordsWriter(path, header) as w:
        for h in range(5):
            g = m.new_game()
            o = outcome_of(g, play_game(g, agents))
            w.add(encode_hand(g, o, h, 0, h))
            games.append(g)
            m.finish_hand()
    data = path.read_bytes()
    with RecordsReader(path) as r:
        want = [r.raw(n) for n in range(5)]
        recs = [r.record(n) for n in range(5)]
        head = r.header
    for g, rec in zip(games, recs):
        assert rec["events"] == g.events
    return path, data, head, want, recs


def _check_each_hand(path, head, want, recs=None):
    """Each hand reads as itself or fails with a RecordsError naming it (or the header,
    which every hand needs); returns the number read."""
    try:
        r = RecordsReader(path)
    except RecordsError as err:
        assert "header" in str(err) or "not a wuhanmj" in str(err), str(err)
        return 0
    ok = 0
    with r:
        for n in range(len(want)):
            try:
                got = (r.header, r.raw(n))
                rec = r.record(n) if recs is not None else None
            except RecordsError as err:
                assert f"hand {n}" in str(err), str(err)
                continue
            assert got == (head, want[n]), f"hand {n} read wrong"
            if recs is not None:
                assert rec == recs[n]
            ok += 1
    return ok


def test_every_byte_flipped_gives_the_right_hand_or_an_error_naming_it(tmp_path):
    path, data, head, want, recs = _small_file(tmp_path)
    bad = tmp_path / "bad.wmj"
    read = 0
    for i in range(len(data)):
        flipped = bytearray(data)
        flipped[i] ^= 0xFF
        bad.write_bytes(bytes(flipped))
        read += _check_each_hand(bad, head, want, recs if i % 97 == 0 else None)
    assert read > 2 * len(data)  # a flip spoils one hand or one block, seldom more


def test_every_length_cut_gives_the_hands_before_it(tmp_path):
    path, data, head, want, _ = _small_file(tmp_path)
    cut = tmp_path / "cut.wmj"
    for n in range(len(data)):
        cut.write_bytes(data[:n])
        _check_each_hand(cut, head, want)
    # a file cut after its second block (no index, no tail) still reads hands 0-3
    with RecordsReader(path) as r:
        end_of_block_2 = r._offsets[2]  # noqa: SLF001
    cut.write_bytes(data[:end_of_block_2 + 30])
    with RecordsReader(cut) as r:
        assert r.hands == 4 and "truncated" in r.damage
        with pytest.raises(RecordsError, match="hand 4: cannot be read: the file is damaged after hand 3"):
            r.record(4)
        assert r.record(3)["hand"] == 3


def test_not_a_records_file_and_a_newer_version(tmp_path):
    p = tmp_path / "x.wmj"
    p.write_text("{}\n", encoding="utf-8")
    with pytest.raises(RecordsError, match="not a wuhanmj binary records file"):
        RecordsReader(p)
    text = b'{"rules": {}}'
    head = struct.pack("<8sHHI", MAGIC, VERSION + 1, 0, len(text)) + text
    p.write_bytes(head + struct.pack("<I", zlib.crc32(head)))
    with pytest.raises(RecordsError, match="version 2 is newer"):
        RecordsReader(p)
    assert issubclass(RecordsError, ReplayError)


def test_scan_marks_a_bad_block_and_goes_on(tmp_path, capsys):
    """5 hands in blocks of 2: block 1 (hands 2, 3) with a flipped header byte is marked,
    hands 0, 1 and 4 read as themselves; ``replay --list`` lists them around the mark and
    exits 2 naming the damage."""
    from wuhanmj.sim.records import BadHands

    path, data, head, want, recs = _small_file(tmp_path)
    with RecordsReader(path) as r:
        pos = r._offsets[1]  # noqa: SLF001
    bad = bytearray(data)
    bad[pos + 5] ^= 0xFF
    p = tmp_path / "bad.wmj"
    p.write_bytes(bytes(bad))
    with RecordsReader(p) as r:
        got = list(r.scan())
    assert got[:2] == recs[:2] and got[3] == recs[4] and len(got) == 4
    assert isinstance(got[2], BadHands) and (got[2].first, got[2].stop) == (2, 4)
    assert got[2].label() == "hands 2..3" and "corrupt" in got[2].reason
    capsys.readouterr()
    assert main(["replay", str(p), "--list"]) == 2
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert [ln.split()[1] for ln in lines] == ["0", "1", "2..3", "4"]
    assert lines[2].startswith("hands 2..3") and "cannot be read" in lines[2]
    assert err.strip() == f"wuhanmj replay: {p}: damaged: hands 2..3 could not be read (marked in the list)"


def test_scan_of_a_file_cut_in_its_last_block_marks_the_end(tmp_path):
    path, data, head, want, recs = _small_file(tmp_path)
    with RecordsReader(path) as r:
        end_of_block_2 = r._offsets[2]  # noqa: SLF001
    cut = tmp_path / "cut.wmj"
    cut.write_bytes(data[:end_of_block_2 + 30])
    with RecordsReader(cut) as r:
        got = list(r.scan())
    assert got[:4] == recs[:4] and got[4].label() == "hands 4.. (to the end)" and "truncated" in got[4].reason


def test_reader_messages_use_the_name_given(tmp_path):
    """A file read under another name (stdin's temporary copy) is named so in messages."""
    p = tmp_path / "tmp123.wmj"
    p.write_bytes(MAGIC[:5])
    with pytest.raises(RecordsError, match=r"^-: truncated in the file header$"):
        RecordsReader(p, name="-")


@pytest.mark.parametrize("text, cut", [
    ('{"events": [', True), ('{"a": "half a str', True), ('{"winner": nu', True), ('{"x": 12', True),
    ("garbage", False), ('{"a": 1} trailing', False), ("[1, 2]]", False),
])
def test_a_last_line_without_newline_is_a_cut_only_when_it_starts_a_json_text(text, cut):
    from wuhanmj.sim.recordio import json_lines

    got: list[str] = []
    lines = list(json_lines(io.StringIO('{"a": 1}\n' + text), "f", got.append))
    if cut:
        assert lines == [(1, '{"a": 1}\n')] and got == ["f, line 2: cut short: the file ends inside this line (1 whole line before it)"]
    else:
        assert lines == [(1, '{"a": 1}\n'), (2, text)] and got == []
