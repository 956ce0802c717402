"""The web table's protocol without a browser (Starlette's TestClient): HTTP and websocket,
what the page may receive (never another seat's concealed tiles or the wall), and bad
requests (malformed, unknown game, stale, illegal, too early) answered with a clear error
that changes nothing."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import warnings  # noqa: E402

from helpers import svg as H  # noqa: E402

with warnings.catch_warnings():  # starlette would rather use httpx2 than httpx: no matter here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from wuhanmj import format_tile, format_tiles  # noqa: E402
from wuhanmj.game.engine import Game  # noqa: E402
from wuhanmj.web.app import create_app  # noqa: E402


def _app(**kw):
    """An app that lets the tests choose seeds and answers to TestClient's host name."""
    kw.setdefault("allow_seed", True)
    kw.setdefault("allowed_hosts", ["testserver"])
    return create_app(**kw)


@pytest.fixture()
def app():
    return _app(rules="kaikou", seed=None)


@pytest.fixture()
def client(app):
    return TestClient(app)


def _new(client, **body):
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    m = r.json()
    assert m["type"] == "game" and m["state"]["game"] == m["game"]
    return m["game"], m["state"]


def _act(client, gid, code, version):
    return client.post(f"/api/games/{gid}/messages", json={"type": "act", "code": code, "version": version})


def _keys(x) -> set:
    if isinstance(x, dict):
        return set(x) | set().union(*(_keys(v) for v in x.values())) if x else set()
    if isinstance(x, list):
        return set().union(*(_keys(v) for v in x)) if x else set()
    return set()


def _check_no_hidden_tile(state: dict, g: Game, seat: int) -> None:
    """What the page received holds the seat's own tiles and the public ones only."""
    assert state["hand"] == [format_tile(t) for t in g.hand(seat)]
    public = Counter({format_tile(g.indicator): 1, format_tile(g.laizi): 1})
    public.update(format_tile(p) for p in g.pizi)
    for s in range(4):
        public.update(format_tile(t) for t in g.discards(s))
        public.update(format_tile(t) for m in g.melds(s) for t in m.tiles)
        public.update(format_tile(t) for _, t in g.special_plays(s))
    assert H.faces(state["svg"]) == public + Counter(state["hand"])
    assert H.backs(state["svg"]) == sum(g.hand_size(s) for s in range(4) if s != seat)
    assert not {"wall", "hands", "events"} & _keys(state)
    text = json.dumps(state, ensure_ascii=False)
    wall = "".join(format_tile(t) for t in g.state.wall)
    for k in range(0, 136 - 12, 12):  # no stretch of the wall, in order
        assert wall[2 * k: 2 * k + 24] not in text
    for s in range(4):
        if s != seat and g.hand_size(s) >= 5:
            assert format_tiles(g.hand(s)) not in text
    for line in state["log"]:
        m = re.match(r"(\S+) \(seat (\d)\) 摸 draws (.*)", line)
        if m and int(m.group(2)) != seat:
            assert m.group(3).startswith("a tile")


@pytest.mark.parametrize("seed,seat", [(4, 0), (9, 2), (21, 3)])
def test_a_whole_hand_over_http_and_the_page_never_sees_a_hidden_tile(app, client, seed, seat):
    gid, st = _new(client, seed=seed, seat=seat)
    g = app.state.games[gid].table.game
    steps = 0
    while not st["over"]:
        _check_no_hidden_tile(st, g, seat)
        assert st["to_act"] and st["actions"]
        assert [a["code"] for a in st["actions"]] == list(g.legal_action_codes(seat))
        a = st["actions"][-1] if st["phase"] in ("claim", "rob") else st["actions"][0]
        r = _act(client, gid, a["code"], st["version"])
        assert r.status_code == 200, r.text
        st = r.json()
        steps += 1
    assert steps > 0 and st["version"] == steps
    res = g.result
    assert st["result"]["payments"] == list(res.payments) and sum(res.payments) == 0
    pays = dict(re.findall(r'data-seat="(\d)" data-payment="([^"]+)"', st["sheet"]))
    assert [float(pays[str(s)]) for s in range(4)] == list(res.payments)
    # at the end the table still hides the other hands; the sheet shows the winner's
    assert H.backs(st["svg"]) == sum(g.hand_size(s) for s in range(4) if s != seat)
    if res.winner is not None and res.winner != seat:
        sheet_svg = st["sheet"][st["sheet"].index("<svg"): st["sheet"].index("</svg>") + 6]
        want = Counter(format_tile(t) for t in g.hand(res.winner))
        want.update(format_tile(t) for m in g.melds(res.winner) for t in m.tiles)
        want.update(format_tile(t) for _, t in g.special_plays(res.winner))
        want[format_tile(g.indicator)] += 1
        assert H.faces(sheet_svg) == want


def test_the_record_is_downloadable_once_the_hand_is_over_and_replays(app, client):
    gid, st = _new(client, seed=4)
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 409 and "not over" in r.json()["error"]
    while not st["over"]:
        st = _act(client, gid, st["actions"][0]["code"], st["version"]).json()
    r = client.get(st["record"])
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rec = json.loads(r.text)
    assert Game.replay(rec["events"]).result.payments == tuple(st["result"]["payments"])
    assert rec["result"]["payments"] == st["result"]["payments"]


def test_the_websocket_plays_the_same_protocol(app, client):
    gid, st0 = _new(client, seed=9)
    with client.websocket_connect(f"/ws/{gid}") as ws:
        st = ws.receive_json()
        assert st == st0
        ws.send_json({"type": "hint"})
        h = ws.receive_json()
        assert h["type"] == "hint" and isinstance(h["shanten"], int) and h["lines"]
        while not st["over"]:
            ws.send_json({"type": "act", "code": st["actions"][0]["code"], "version": st["version"]})
            st = ws.receive_json()
            assert st["type"] == "state"
        ws.send_json({"type": "act", "code": 0, "version": st["version"]})
        err = ws.receive_json()
        assert err["type"] == "error" and "not asked" in err["error"]
        ws.send_json({"type": "next", "version": st["version"]})
        st2 = ws.receive_json()
        assert st2["hand_no"] == 2 and st2["version"] == st["version"] + 1 and not st2["over"]


def _frozen(app, gid):
    g = app.state.games[gid]
    return g.version, json.dumps(g.table.game.to_dict(), sort_keys=True)


@pytest.mark.parametrize("body,status,words", [
    ("{not json", 400, "not JSON"),
    ("[1, 2]", 400, "JSON object"),
    ('{"type": "dance"}', 400, "unknown message type"),
    ('{"type": "act", "version": 0}', 400, "'code' must be an integer"),
    ('{"type": "act", "code": true, "version": 0}', 400, "'code' must be an integer"),
    ('{"type": "act", "code": "5m", "version": 0}', 400, "'code' must be an integer"),
    ('{"type": "act", "code": 0}', 400, "'version' must be an integer"),
    ('{"type": "act", "code": 0, "version": 7}', 409, "stale"),
    ('{"type": "act", "code": 999, "version": 0}', 422, "outside 0-162"),
    ('{"type": "act", "code": 162, "version": 0}', 422, "illegal action 过 pass"),
    ('{"type": "next", "version": 0}', 409, "not over"),
])
def test_bad_messages_get_a_clear_error_and_change_nothing(app, client, body, status, words):
    gid, st = _new(client, seed=4)
    before = _frozen(app, gid)
    r = client.post(f"/api/games/{gid}/messages", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == status
    assert r.json()["type"] == "error" and words in r.json()["error"]
    assert _frozen(app, gid) == before
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.receive_json()
        ws.send_text(body)
        err = ws.receive_json()
        assert err["type"] == "error" and words in err["error"] and err["version"] == 0
    assert _frozen(app, gid) == before


def test_an_illegal_discard_names_the_rule(app, client):
    gid, st = _new(client, seed=4)
    legal = {a["code"] for a in st["actions"]}
    code = next(c for c in range(34) if c not in legal)
    r = _act(client, gid, code, st["version"])
    assert r.status_code == 422 and "illegal action 打 discard" in r.json()["error"]


def test_unknown_game_ids(client):
    assert client.get("/api/games/nope").status_code == 404
    assert client.get("/api/games/nope").json()["error"] == "unknown game 'nope'"
    assert client.post("/api/games/nope/messages", json={"type": "state"}).status_code == 404
    assert client.get("/api/games/nope/record").status_code == 404
    from starlette.websockets import WebSocketDisconnect

    with client.websocket_connect("/ws/nope") as ws:
        assert ws.receive_json()["error"] == "unknown game 'nope'"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


@pytest.mark.parametrize("body,words", [({"seat": 4}, "seat"), ({"seed": -1}, "seed"), ({"rules": "x"}, "rules"),
                                        ({"agents": "os:system"}, "built-in"), ({"agents": "nope"}, "agent"),
                                        ({"colour": "red"}, "unknown field")])
def test_bad_new_game_requests(client, body, words):
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and words in r.json()["error"]


def test_the_servers_own_module_agents_play_but_a_request_may_not_name_one():
    """The agents given to the server (by the person running it) may be module:Name bots;
    only a request's own agents must be built-in names."""
    c = TestClient(_app(agents="wuhanmj.agents:RandomAgent", seed=4))
    gid, state = _new(c)
    assert state["names"][1:] == [f"random (seat {s})" for s in (1, 2, 3)]
    r = c.post("/api/games", json={"agents": "wuhanmj.agents:RandomAgent"})
    assert r.status_code == 400 and "built-in" in r.json()["error"]
    _new(c, agents="greedy")  # a built-in name is still fine


def test_a_failing_server_bot_is_a_clear_json_error_not_a_bare_500():
    c = TestClient(_app(agents="json:dumps", seed=4))  # a callable that raises when asked to act
    gid, state = _new(c)
    r = c.post(f"/api/games/{gid}/messages", json={"type": "act", "code": state["actions"][0]["code"], "version": 0})
    assert r.status_code == 500 and r.json()["type"] == "error"
    assert "a bot failed" in r.json()["error"] and "dumps" in r.json()["error"]
    r = TestClient(_app(agents="json:dumps", seat=1)).post("/api/games", json={})
    assert r.status_code == 500 and "a bot failed" in r.json()["error"]


def test_requests_from_another_site_are_refused(client):
    r = client.post("/api/games", json={}, headers={"Origin": "http://evil.example"})
    assert r.status_code == 403 and r.json()["type"] == "error"
    r = client.post("/api/games", json={}, headers={"Origin": "http://testserver"})
    assert r.status_code == 200
    from starlette.testclient import WebSocketDenialResponse

    with pytest.raises(WebSocketDenialResponse) as refused:
        with client.websocket_connect(f"/ws/{r.json()['game']}", headers={"Origin": "http://evil.example"}):
            pass
    assert refused.value.status_code == 403 and "another site" in refused.value.json()["error"]


def test_the_page_is_self_contained(client):
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    html = r.text
    assert not re.search(r"https?://", html)
    assert not re.search(r"<(?:link|img|iframe)\b|\bsrc=|@import|url\(", html)
    for anchor in ('id="table"', 'id="actions"', 'id="hint-button"', 'id="result"', 'id="record"', 'id="next"'):
        assert anchor in html


def test_bad_server_defaults_fail_at_once():
    from wuhanmj.errors import AgentError, RulesError

    with pytest.raises(AgentError):
        _app(agents="nope")
    with pytest.raises(RulesError):
        _app(rules="nope")


@pytest.mark.parametrize("name", ["KAIKOU", "Koukou_Fan"])
def test_a_preset_name_in_any_case_starts_a_game(client, name):
    _, state = _new(client, rules=name)
    assert state["rules"] == name.lower()
