"""Files the commands read and write, and the limits of a run: what a new user's trial of
earlier reviews found (each test failed before its fix).

- No output may overwrite an input or another output of the same command (``--out``,
  ``--records``, ``--report``, ``replay --html``, ``report -o``, ``export_jsonl``).
- ``replay FILE.wmj --html`` writes the viewer page, as it does for JSON lines.
- A run asks for at most ``MAX_HANDS`` hands; more is one line and exit 2.
- A record whose ``agents`` is not four labels, gzip data without ``.gz`` and a binary file
  cut inside its first block are named errors.
"""

from __future__ import annotations

import gzip
import json

import pytest

from wuhanmj.cli import main
from wuhanmj.errors import ReplayError, SimulationError
from wuhanmj.sim.arena import arena
from wuhanmj.sim.recordio import export_jsonl
from wuhanmj.sim.simulate import MAX_HANDS, simulate


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(capsys, *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2, (argv, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.fixture(scope="module")
def wmj(tmp_path_factory):
    path = tmp_path_factory.mktemp("rec") / "r.wmj"
    simulate(hands=5, seed=1, agents="random", records=path)
    return path


# ---------------------------------------------------------------- one file, two roles
@pytest.mark.parametrize("roles", [("--out", "--report"), ("--records", "--report"), ("--out", "--records")])
def test_simulate_refuses_two_outputs_naming_one_file(capsys, tmp_path, roles):
    f = tmp_path / "same.json"
    f.write_text("keep", encoding="utf-8")
    argv = ["simulate", "--hands", "2", "--seed", "1", "--quiet"]
    for r in roles:
        argv += [r, str(f)]
    line = one_line_error(capsys, *argv)
    assert "name the same file" in line and roles[0][2:] in line and roles[1][2:] in line
    assert f.read_text(encoding="utf-8") == "keep"  # nothing was written


def test_arena_refuses_out_and_report_naming_one_file(capsys, tmp_path):
    f = tmp_path / "a.json"
    line = one_line_error(capsys, "arena", "--agents", "greedy,random", "--hands", "2", "--seed", "1", "--quiet",
                          "--out", str(f), "--report", str(tmp_path / "." / "a.json"))
    assert "out and report name the same file" in line and not f.exists()


def test_replay_html_never_overwrites_the_records_it_reads(capsys, wmj):
    before = wmj.read_bytes()
    line = one_line_error(capsys, "replay", str(wmj), "--hand", "1", "--html", str(wmj))
    assert "name the same file" in line and wmj.read_bytes() == before


def test_report_output_never_overwrites_a_result(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    res = tmp_path / "v.json"
    res.write_text(simulate(hands=4, seed=2, agents="random").to_json(), encoding="utf-8")
    before = res.read_bytes()
    line = one_line_error(capsys, "report", str(res), "-o", str(res))
    assert "name the same file" in line and res.read_bytes() == before


def test_export_jsonl_refuses_its_own_source(wmj):
    before = wmj.read_bytes()
    with pytest.raises(SimulationError, match="src and dst name the same file"):
        export_jsonl(wmj, wmj)
    assert wmj.read_bytes() == before


def test_export_of_a_damaged_file_leaves_no_partial_output(tmp_path, wmj):
    data = bytearray(wmj.read_bytes())
    data[len(data) // 2] ^= 0xFF  # a byte inside a hand: its CRC fails
    cut = tmp_path / "cut.wmj"
    cut.write_bytes(bytes(data))
    dst = tmp_path / "x.jsonl"
    with pytest.raises(ReplayError):
        export_jsonl(cut, dst)
    assert not dst.exists()


# ---------------------------------------------------------------- replay
def test_replay_of_binary_records_writes_the_viewer_page(capsys, tmp_path, wmj):
    page = tmp_path / "h2.html"
    code, out, _ = run(capsys, "replay", str(wmj), "--hand", "2", "--html", str(page))
    assert code == 0 and out.startswith("wrote ")
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "hand 2" in html
    line = one_line_error(capsys, "replay", str(wmj), "--hand", "2", "--html", str(tmp_path / "no" / "x.html"))
    assert "x.html" in line


@pytest.mark.parametrize("agents", [["greedy"], ["a", "b", [], "d"], "greedy"])
def test_replay_of_a_record_with_bad_agents_names_them(capsys, tmp_path, agents):
    src = tmp_path / "r.jsonl"
    simulate(hands=1, seed=3, agents="random", records=src)
    rec = json.loads(src.read_text(encoding="utf-8"))
    rec["agents"] = agents
    bad = tmp_path / "ag.jsonl"
    bad.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    line = one_line_error(capsys, "replay", str(bad))
    assert "'agents' must be a list of 4 agent labels" in line


def test_replay_names_gzip_data_without_gz(capsys, tmp_path):
    f = tmp_path / "renamed.jsonl"
    f.write_bytes(gzip.compress(b'{"hand": 0}\n'))
    assert "gzip data: name the file .jsonl.gz" in one_line_error(capsys, "replay", str(f))


def test_a_binary_file_cut_in_its_first_block_says_so(capsys, tmp_path, wmj):
    cut = tmp_path / "t.wmj"
    data = wmj.read_bytes()
    cut.write_bytes(data[: len(data) // 2])  # inside the one block of the five hands
    line = one_line_error(capsys, "replay", str(cut), "--hand", "0")
    assert "hand -1" not in line and "hand 0" in line


# ---------------------------------------------------------------- limits
@pytest.mark.parametrize("hands", [str(MAX_HANDS + 1), "99999999999999999999999"])
def test_too_many_hands_is_one_line_naming_the_limit(capsys, hands):
    for cmd in (["simulate"], ["simulate", "--engine", "python"], ["arena", "--agents", "greedy,random"]):
        line = one_line_error(capsys, *cmd, "--hands", hands, "--seed", "1", "--quiet")
        assert f"hands: expected an integer from 1 to {MAX_HANDS}" in line


def test_the_python_api_names_the_limits_too():
    with pytest.raises(SimulationError, match="match_hands: expected an integer from 1 to"):
        simulate(hands=2, match_hands=10**30)
    with pytest.raises(SimulationError, match="hands: expected an integer from 1 to"):
        arena(agents=["greedy", "random"], hands=10**23)
    with pytest.raises(SimulationError, match="rating: expected True or False"):
        arena(agents=["greedy", "random"], hands=2, rating="yes")


def test_the_native_batch_refuses_integers_beyond_64_bits():
    from wuhanmj.native.batch import run_matches
    from wuhanmj.rules import Rules

    with pytest.raises(SimulationError, match="64-bit integers expected"):
        run_matches(Rules.kaikou(), ("random",) * 4, 1, 0, 1, 8, 2**70)
