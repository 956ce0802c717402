"""Records of the native engine, written from its arrays without a replay: the same
files as the Python engine's, byte for byte (JSON lines and binary ``.wmj``), on every
preset and on the custom rule sets of the lockstep tests (R3, G2-G4, P1, P2, L5, W8, X1-X4,
D9-D18), with random and greedy bots; the replay through the Python engine as an opt-in
check (``verify``); a run stopped by an error keeps its whole hands."""

from __future__ import annotations

import io
import json
import zlib

import pytest

from helpers.native_lockstep import CUSTOM
from wuhanmj import Rules, simulate
from wuhanmj.cli import main
from wuhanmj.errors import SimulationError
from wuhanmj.sim import native as snative
from wuhanmj.sim.native_records import exact_amounts, record_items
from wuhanmj.sim.recordio import BINARY
from wuhanmj.sim.records import RecordsReader

PRESETS = ("kaikou", "koukou", "koukou_fan")
CUSTOM_RULES = {name: Rules.preset(p).replace(**fields) for name, (p, fields, _) in CUSTOM.items()}
BOTS = ("random", "greedy", "greedy,random,greedy,random")


def _files(tmp_path, rules, agents, hands, seed, ext, **kw):
    """The records file of the same run on each engine, as bytes."""
    out = {}
    for engine in ("python", "native"):
        path = tmp_path / f"{engine}.{ext}"
        r = simulate(hands=hands, rules=rules, agents=agents, seed=seed, records=path, match_hands=6,
                     engine=engine, **kw)
        assert r.engine == engine
        out[engine] = path.read_bytes()
    return out["python"], out["native"]


def _first_difference(a: bytes, b: bytes) -> str:
    k = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"first difference at byte {k}: python {a[k - 80:k + 80]!r} native {b[k - 80:k + 80]!r}"


@pytest.mark.parametrize("ext", ["jsonl", "wmj"])
@pytest.mark.parametrize("agents", BOTS)
@pytest.mark.parametrize("rules", PRESETS)
def test_native_records_are_the_python_engines_on_every_preset(tmp_path, rules, agents, ext):
    py, nat = _files(tmp_path, rules, agents, 12, 21, ext)
    assert py == nat, _first_difference(py, nat)


@pytest.mark.parametrize("ext", ["jsonl", "wmj"])
@pytest.mark.parametrize("name", list(CUSTOM_RULES))
def test_native_records_are_the_python_engines_on_custom_rules(tmp_path, name, ext):
    py, nat = _files(tmp_path, CUSTOM_RULES[name], "greedy,random,greedy,random", 8, 5, ext)
    assert py == nat, _first_difference(py, nat)


def test_a_rule_set_with_fractional_amounts_keeps_their_types(tmp_path):
    # X2: a money table with amounts that are not whole; the Python engine keeps some
    # payments (and the running scores they are added to, M1) as floats, even whole ones
    # (a liable seat's sum, L): the native records print them as the Python engine does
    money = Rules.koukou_fan().replace(money=((6, 2.5), (7, 5.25), (8, 10.125), (9, 20.5), (10, 40.75)),
                                       gold_money=60.5)
    assert not exact_amounts(money) and exact_amounts(Rules.koukou_fan())
    for ext in ("wmj", "jsonl"):
        py, nat = _files(tmp_path, money, "greedy,random,greedy,greedy", 60, 5, ext)
        assert py == nat, _first_difference(py, nat)
    lines = [json.loads(ln) for ln in py.decode().splitlines()]
    assert any(isinstance(p, float) for ln in lines for p in ln["result"]["payments"])
    assert any(isinstance(x, float) for ln in lines for x in ln["events"][0]["scores"])


def test_record_items_with_fractional_amounts_is_the_replays():
    from wuhanmj.native.batch import run_matches
    from wuhanmj.agents.base import make_agent
    from wuhanmj.sim.batch import BatchSpec

    money = Rules.kaikou().replace(gold_cap=400.5, cap=299.5)
    kinds = ("greedy", "random", "greedy", "random")
    a = run_matches(money, kinds, 1, 0, 6, 4, 24, True)
    spec = BatchSpec(1, 24, 4, money, tuple(make_agent(k) for k in kinds), kinds, True)
    assert record_items(money, a, True, seed=1, agents=kinds) == snative.replay_records(spec, a)


def test_a_text_file_gets_the_same_lines():
    bufs = []
    for engine in ("python", "native"):
        buf = io.StringIO()
        simulate(hands=10, agents="greedy,random,random,greedy", seed=3, records=buf, engine=engine)
        bufs.append(buf.getvalue())
    assert bufs[0] == bufs[1] and bufs[0].count("\n") == 10


def test_the_arena_line_has_its_wall_and_seating_after_hand_in_match():
    from wuhanmj.native.batch import run_matches

    a = run_matches(Rules.kaikou(), ("greedy",) * 4, 9, 0, 1, 4, 4, True)
    plain = record_items(Rules.kaikou(), a, True, seed=9, agents=("greedy",) * 4)
    arena = record_items(Rules.kaikou(), a, True, seed=9, agents=("b", "a", "b", "a"), index=a["hand"] * 2 + 1,
                         wall=a["hand"], seating=1)
    for p, q in zip(plain, arena):
        p, q = json.loads(p), json.loads(q)
        assert list(q)[:5] == ["hand", "match", "hand_in_match", "wall", "seating"]
        assert q["hand"] == 2 * p["hand"] + 1 and q["wall"] == p["hand"] and q["seating"] == 1
        assert q["agents"] == ["b", "a", "b", "a"]
        for k in ("hand", "wall", "seating", "agents"):
            p.pop(k, None)
            q.pop(k)
        assert p == q
    rows = record_items(Rules.kaikou(), a, BINARY, seed=9, agents=("greedy",) * 4, seating=3)
    assert [r[16] for r in rows] == [3] * 4  # the row's seating byte


def test_blocks_hold_the_lines_each_ended_by_a_newline():
    from wuhanmj.native.batch import run_matches

    kinds = ("greedy", "random", "random", "greedy")
    a = run_matches(Rules.koukou(), kinds, 4, 0, 3, 4, 12, True)
    lines = record_items(Rules.koukou(), a, True, seed=4, agents=kinds)
    blocks = record_items(Rules.koukou(), a, True, seed=4, agents=kinds, blocks=True)
    assert all(isinstance(ln, str) for ln in lines) and len(lines) == 12
    assert b"".join(blocks).decode("utf-8") == "".join(ln + "\n" for ln in lines)


def test_the_crc_is_zlibs():
    from wuhanmj.native.records import crc32

    for data in (b"", b"a", bytes(range(256)) * 3, b"\x89WMJ\r\n\x1a\n"):
        assert crc32(data) == zlib.crc32(data)
        assert crc32(data, 12345) == zlib.crc32(data, 12345)


# ---------------------------------------------------------------- verify
def test_verify_replays_and_passes(tmp_path):
    path = tmp_path / "v.wmj"
    simulate(hands=12, agents="greedy,random,greedy,random", seed=2, records=path, verify=True, engine="native")
    plain = tmp_path / "p.wmj"
    simulate(hands=12, agents="greedy,random,greedy,random", seed=2, records=plain, engine="native")
    assert path.read_bytes() == plain.read_bytes()


@pytest.mark.parametrize("ext", ["jsonl", "wmj"])
def test_verify_with_fractional_amounts(tmp_path, ext):
    money = Rules.kaikou().replace(gold_cap=400.5, cap=299.5)
    simulate(hands=12, rules=money, agents="greedy,random,greedy,random", seed=2, records=tmp_path / f"v.{ext}",
             verify=True, engine="native")


def test_verify_finds_a_record_that_differs(tmp_path, monkeypatch):
    import importlib

    # the native batch looks record_items up in its module at each call (imported on first use)
    nrec = importlib.import_module("wuhanmj.files.native_records")
    real = nrec.record_items

    def off_by_one(*args, **kw):
        items = real(*args, **kw)  # JSON lines in blocks of whole lines
        lines = b"".join(items).split(b"\n")
        lines[3] = lines[3].replace(b'"decisions":', b'"decisions":1')
        return [b"\n".join(lines)]

    monkeypatch.setattr(nrec, "record_items", off_by_one)
    with pytest.raises(SimulationError, match=r"hand 3 \(match 0\): its record differs from the Python engine's"):
        simulate(hands=8, agents="random", seed=2, records=tmp_path / "v.jsonl", verify=True, engine="native")
    # without verify the record is not checked
    simulate(hands=8, agents="random", seed=2, records=tmp_path / "w.jsonl", engine="native")


def test_verify_must_be_a_bool():
    with pytest.raises(SimulationError, match="^verify: expected True or False"):
        simulate(hands=2, agents="random", verify="yes")


def test_cli_verify_records(tmp_path, capsys):
    path = tmp_path / "h.jsonl"
    assert main(["simulate", "--hands", "6", "--agents", "random", "--seed", "4", "--quiet", "--records", str(path),
                 "--verify-records"]) == 0
    assert len(path.read_text().splitlines()) == 6


# ---------------------------------------------------------------- a run stopped by an error
@pytest.mark.parametrize("ext", ["jsonl", "wmj"])
def test_a_run_stopped_by_an_error_keeps_its_whole_hands(tmp_path, monkeypatch, ext):
    import importlib

    nrec = importlib.import_module("wuhanmj.files.native_records")  # looked up at each call
    real = nrec.record_items
    calls = []

    def fails_second(*args, **kw):
        calls.append(1)
        if len(calls) == 2:
            raise SimulationError("native engine: stopped for the test")
        return real(*args, **kw)

    monkeypatch.setattr(nrec, "record_items", fails_second)
    path = tmp_path / f"h.{ext}"
    with pytest.raises(SimulationError, match="stopped for the test"):
        simulate(hands=20, agents="random", seed=6, records=path, batch_hands=8, match_hands=4, engine="native")
    want = tmp_path / f"w.{ext}"
    simulate(hands=8, agents="random", seed=6, records=want, match_hands=4, engine="python")
    if ext == "jsonl":
        assert path.read_text() == want.read_text()
    else:
        with RecordsReader(path) as r, RecordsReader(want) as w:
            assert r.hands == 8 and r.damage is None
            assert list(r) == list(w)


# ---------------------------------------------------------------- soak
@pytest.mark.soak
@pytest.mark.parametrize("ext", ["jsonl", "wmj"])
@pytest.mark.parametrize("agents", BOTS)
@pytest.mark.parametrize("rules", list(PRESETS) + list(CUSTOM_RULES))
def test_many_native_records_are_the_python_engines(tmp_path, rules, agents, ext):
    the_rules = CUSTOM_RULES.get(rules, rules)
    py, nat = _files(tmp_path, the_rules, agents, 400, 77, ext)
    assert py == nat, _first_difference(py, nat)
