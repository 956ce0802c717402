"""The web table's bots over the line protocol (``serve --agents cmd:COMMAND``,
docs/PROTOCOL.md): they play whole hands through the HTTP API, and a bot that crashes ends
the hand in the table's error state naming it."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette would rather use httpx2 than httpx: no matter here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from wuhanmj.web.app import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SIMPLE = f"cmd:{sys.executable} {ROOT / 'examples' / 'bots' / 'simple_bot.py'}"

CRASH_ON_HAND_2 = r'''
import json, sys
hands = 0
for line in sys.stdin:
    msg = json.loads(line)
    hands += msg["type"] == "deal"
    if msg["type"] == "request":
        if hands >= 2:
            sys.exit(4)
        legal = msg["legal"]
        print(json.dumps({"code": 162 if 162 in legal else next((c for c in legal if c < 34), legal[0])}), flush=True)
'''


def _client(agents: str) -> TestClient:
    return TestClient(create_app(agents=agents, allow_seed=True, allowed_hosts=["testserver"]))


def _play_out(c: TestClient, gid: str, st: dict) -> dict:
    while not st["over"]:
        r = c.post(f"/api/games/{gid}/messages",
                   json={"type": "act", "code": st["actions"][0]["code"], "version": st["version"]})
        assert r.status_code == 200, r.text
        st = r.json()
    return st


def test_cmd_bots_play_a_whole_hand_of_the_web_table():
    c = _client(f"{SIMPLE},greedy,{SIMPLE}")
    r = c.post("/api/games", json={"seed": 5})
    assert r.status_code == 200, r.text
    m = r.json()
    st = _play_out(c, m["game"], m["state"])
    assert st["result"] is not None and sum(st["result"]["payments"]) == 0
    assert c.get(f"/api/games/{m['game']}/record").status_code == 200


def test_a_crashing_cmd_bot_ends_the_hand_in_the_error_state(tmp_path):
    bot = tmp_path / "crash.py"
    bot.write_text(CRASH_ON_HAND_2)
    cmd = f"{sys.executable} {bot}"
    c = _client(f"greedy,cmd:{cmd},greedy")
    m = c.post("/api/games", json={"seed": 3}).json()
    gid = m["game"]
    st = _play_out(c, gid, m["state"])
    r = c.post(f"/api/games/{gid}/messages", json={"type": "next", "version": st["version"]})
    assert r.status_code == 500
    err = r.json()["error"]
    assert "a bot failed" in err and f"bot {cmd!r} (seat 2, hand 2) exited (exit 4)" in err
    st = c.get(f"/api/games/{gid}").json()
    assert st["fault"]["seat"] == 2 and not st["actions"]
    r = c.post(f"/api/games/{gid}/messages", json={"type": "next", "version": st["version"]})
    assert r.status_code == 200, r.text  # a new process plays the hand dealt again
    assert r.json()["fault"] is None


ILLEGAL = r'''
import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "request":
        print(999, flush=True)
'''


def test_faults_played_safe_are_logged_never_silent(tmp_path, caplog):
    from wuhanmj.agents.process import bot_defaults

    bot = tmp_path / "illegal.py"
    bot.write_text(ILLEGAL)
    cmd = f"{sys.executable} {bot}"
    with bot_defaults(on_error="pass"):
        c = _client(f"greedy,cmd:{cmd},greedy")
        with caplog.at_level("WARNING", logger="wuhanmj.web"):
            m = c.post("/api/games", json={"seed": 3}).json()
            st = _play_out(c, m["game"], m["state"])
    assert st["result"] is not None and st["fault"] is None  # the hand was played to its end
    logged = [r.getMessage() for r in caplog.records if "played as the safest action" in r.getMessage()]
    assert logged and all(f"bot 'cmd:{cmd}' at seat 2: " in x for x in logged)
    assert all(f"the last: bot {cmd!r} (seat 2, hand 1) answered '999'" in x for x in logged)
