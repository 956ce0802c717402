"""The web table's server under abuse: other hosts (DNS rebinding) and sites, a full server
and idle games, bots that fail or are slow, bad input (deep JSON, long or slow bodies,
wrong paths and methods), too many new games, a log that nobody reads; the game's id in
the URL and a second tab on it."""

from __future__ import annotations

import json
import logging
import socket
import threading
import warnings

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient, WebSocketDenialResponse

from helpers.browser import served  # noqa: E402

from wuhanmj.agents import GreedyAgent  # noqa: E402
from wuhanmj.web.app import create_app  # noqa: E402
from wuhanmj.web.guard import DroppingQueueHandler  # noqa: E402

HERE = __name__


class Clock:
    """A monotonic clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _app(**kw):
    kw.setdefault("allow_seed", True)
    kw.setdefault("allowed_hosts", ["testserver"])
    return create_app(**kw)


def _new(c, **body):
    r = c.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()["game"], r.json()["state"]


def _act(c, gid, code, version):
    return c.post(f"/api/games/{gid}/messages", json={"type": "act", "code": code, "version": version})


def _play_out(c, gid, st):
    while not st["over"]:
        r = _act(c, gid, st["actions"][0]["code"], st["version"])
        assert r.status_code == 200, r.text
        st = r.json()
    return st


# ---------------------------------------------------------------------- hosts and origins
def test_a_rebound_host_name_is_refused_with_json_on_http_and_websocket():
    """DNS rebinding: evil.example pointed at 127.0.0.1, its page sends Host and Origin of
    evil.example; Origin equals Host, and yet the server refuses (the Host is not its own)."""
    app = create_app()
    ok = TestClient(app, base_url="http://127.0.0.1:8000")
    gid, _ = _new(ok)
    evil = TestClient(app, base_url="http://evil.example:8000")
    headers = {"Origin": "http://evil.example:8000"}
    for r in (evil.get("/", headers=headers), evil.get(f"/api/games/{gid}", headers=headers),
              evil.post("/api/games", json={}, headers=headers)):
        assert r.status_code == 400 and r.headers["content-type"] == "application/json"
        assert r.json()["type"] == "error" and "'evil.example:8000' is not served here" in r.json()["error"]
    with pytest.raises(WebSocketDenialResponse) as refused:
        with evil.websocket_connect(f"/ws/{gid}", headers=headers):
            pass
    assert refused.value.status_code == 400 and "not served here" in refused.value.json()["error"]
    assert len(app.state.games) == 1  # nothing was made


@pytest.mark.parametrize("base", ["http://localhost:8000", "http://127.0.0.1:9", "http://[::1]:8000",
                                  "http://mybox.lan:8000", "http://mj.example.org"])
def test_the_loopback_names_the_allowed_hosts_and_the_public_url_are_served(base):
    app = create_app(allowed_hosts=["MyBox.lan"], public_url="https://mj.example.org/table")
    assert TestClient(app, base_url=base).get("/").status_code == 200


def test_an_origin_of_another_scheme_is_refused_but_the_public_url_origin_is_accepted():
    app = create_app(public_url="https://mj.example.org/")
    c = TestClient(app, base_url="http://127.0.0.1:8000")
    assert c.post("/api/games", json={}, headers={"Origin": "https://127.0.0.1:8000"}).status_code == 403
    assert c.post("/api/games", json={}, headers={"Origin": "http://127.0.0.1:8000"}).status_code == 200
    p = TestClient(app, base_url="http://mj.example.org")
    assert p.post("/api/games", json={}, headers={"Origin": "https://mj.example.org"}).status_code == 200
    assert p.post("/api/games", json={}, headers={"Origin": "http://mj.example.org"}).status_code == 403


# ---------------------------------------------------------------------- a full server, idle games
def test_a_full_server_refuses_a_new_game_and_drops_none_in_play():
    clock = Clock()
    app = _app(max_games=2, idle_timeout=600, clock=clock)
    c = TestClient(app)
    (g1, s1), (g2, s2) = _new(c, seed=1), _new(c, seed=2)
    clock.t += 100
    r = c.post("/api/games", json={})
    assert r.status_code == 503 and r.json()["type"] == "error" and "full" in r.json()["error"]
    assert r.headers["retry-after"] == "500"  # the idlest game expires 600 s after its last move, 100 s ago
    assert c.get(f"/api/games/{g1}").status_code == 200 and c.get(f"/api/games/{g2}").status_code == 200
    assert sorted(app.state.games) == sorted([g1, g2])


def test_an_idle_game_expires_with_410_its_record_stays_until_purged_and_frees_its_slot():
    clock = Clock()
    app = _app(max_games=1, idle_timeout=1800, clock=clock)
    c = TestClient(app)
    gid, st = _new(c, seed=4)
    st = _play_out(c, gid, st)
    record = c.get(f"/api/games/{gid}/record").text
    clock.t += 1799
    assert c.get(f"/api/games/{gid}").status_code == 200  # a move (a look) restarts the idle clock
    clock.t += 1800
    r = c.get(f"/api/games/{gid}")
    assert r.status_code == 410 and "expired after 1800 s" in r.json()["error"]
    r = c.post(f"/api/games/{gid}/messages", json={"type": "next", "version": st["version"]})
    assert r.status_code == 410
    with c.websocket_connect(f"/ws/{gid}") as ws:
        assert "expired" in ws.receive_json()["error"]
    assert c.get(f"/api/games/{gid}/record").text == record  # still downloadable
    g2, _ = _new(c)  # the expired game does not count against max_games
    clock.t += 1800
    c.get(f"/api/games/{g2}")  # g2 is played; gid has been expired 1800 s: purged
    assert c.get(f"/api/games/{gid}/record").status_code == 404


# ---------------------------------------------------------------------- bots that fail
class RaisingBot:
    """Plays like greedy until ``armed``, then raises."""

    armed = False

    def __init__(self) -> None:
        self.inner = GreedyAgent()

    def act(self, obs, legal):
        if RaisingBot.armed:
            raise RuntimeError("out of tea")
        return self.inner.act(obs, legal)


class IllegalBot(RaisingBot):
    """Plays like greedy until ``armed``, then plays a code no seat may ever play (999)."""

    def act(self, obs, legal):
        if IllegalBot.armed:
            return 999
        return self.inner.act(obs, legal)


@pytest.mark.parametrize("bot,words", [(RaisingBot, "RuntimeError: out of tea"), (IllegalBot, "999")])
def test_a_failing_bot_ends_the_hand_in_an_error_state_and_the_persons_action_is_undone(bot, words, caplog):
    bot.armed = False
    app = _app(agents=f"{HERE}:{bot.__name__}", seed=4)
    c = TestClient(app)
    try:
        gid, st = _new(c, seed=4)
        g = app.state.games[gid]
        before = json.dumps(g.table.game.to_dict(), sort_keys=True)
        bot.armed = True
        with caplog.at_level(logging.INFO, logger="wuhanmj.web"):
            r = _act(c, gid, st["actions"][0]["code"], st["version"])
            assert r.status_code == 500 and r.json()["type"] == "error"
            assert "a bot failed" in r.json()["error"] and "seat 1" in r.json()["error"] and words in r.json()["error"]
            # nothing of the person's action stayed; the hand ended, version bumped once
            assert json.dumps(g.table.game.to_dict(), sort_keys=True) == before
            st2 = c.get(f"/api/games/{gid}").json()
            assert st2["version"] == st["version"] + 1 and st2["actions"] == [] and not st2["to_act"]
            assert st2["fault"]["seat"] == 1 and st2["fault"]["bot"] == bot.__name__ and words in st2["fault"]["error"]
            r = _act(c, gid, st["actions"][0]["code"], st2["version"])
            assert r.status_code == 409 and "the hand ended" in r.json()["error"]
            assert c.get(f"/api/games/{gid}/record").status_code == 409
        faults = [x for x in caplog.records if x.levelno >= logging.ERROR]
        assert len(faults) == 1 and "seat 1" in faults[0].getMessage()
        bot.armed = False
        r = c.post(f"/api/games/{gid}/messages", json={"type": "next", "version": st2["version"]})
        assert r.status_code == 200, r.text
        st3 = r.json()
        assert st3["fault"] is None and st3["hand_no"] == 2 and st3["actions"]
        assert st3["scores"] == [0, 0, 0, 0]  # the failed hand was not scored
    finally:
        bot.armed = False


# ---------------------------------------------------------------------- bad input
DEEP = "[" * 2040 + "]" * 2040


def test_deeply_nested_json_is_a_400_json_error_and_one_log_line(caplog):
    assert len(DEEP) <= 4096
    app = _app()
    c = TestClient(app)
    gid, _ = _new(c)
    with caplog.at_level(logging.INFO, logger="wuhanmj.web"):
        r = c.post(f"/api/games/{gid}/messages", content=DEEP, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "nested deeper than 64 levels" in r.json()["error"]
    assert len([x for x in caplog.records if x.name == "wuhanmj.web"]) == 1
    r = c.post("/api/games", content='{"seat": ' + DEEP + "}")
    assert r.status_code == 400 and "nested deeper" in r.json()["error"]
    with c.websocket_connect(f"/ws/{gid}") as ws:
        ws.receive_json()
        ws.send_text(DEEP)
        err = ws.receive_json()
        assert err["type"] == "error" and "nested deeper" in err["error"]
        ws.send_json({"type": "state"})  # the socket stays open
        assert ws.receive_json()["type"] == "state"


def test_unknown_paths_and_wrong_methods_answer_json():
    c = TestClient(_app())
    r = c.get("/nope")
    assert r.status_code == 404 and r.json()["type"] == "error"
    r = c.delete("/api/games")
    assert r.status_code == 405 and r.json()["type"] == "error" and "POST" in r.headers["allow"]


def _raw(port: int, head: bytes, body_chunks=(), wait_answer=True) -> tuple[bytes, int]:
    """Send a request by hand; returns (answer, chunks sent before the answer came)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    try:
        s.sendall(head)
        sent = 0
        s.setblocking(False)
        answer = b""
        for chunk in body_chunks:
            try:
                answer += s.recv(65536)
            except BlockingIOError:
                pass
            if answer:
                break
            try:
                s.sendall(chunk)
            except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                break
            sent += 1
        s.settimeout(30)
        while wait_answer and b"\r\n\r\n" not in answer:
            more = s.recv(65536)
            if not more:
                break
            answer += more
        return answer, sent
    finally:
        s.close()


def test_a_long_body_is_refused_while_it_is_read_and_a_slow_body_times_out():
    app = _app(body_timeout=0.5)
    with served(app) as base:
        port = int(base.rsplit(":", 1)[1])
        head = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 200000000\r\n\r\n")
        answer, _ = _raw(port, head)  # answered from Content-Length alone, no body sent
        assert answer.startswith(b"HTTP/1.1 413")
        chunked = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                   b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"2000\r\n" + b" " * 0x2000 + b"\r\n"
        answer, sent = _raw(port, chunked, [chunk] * 25_000)  # 200 MB offered
        assert answer.startswith(b"HTTP/1.1 413") and sent < 25_000
        slow = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 10\r\n\r\n{")
        answer, _ = _raw(port, slow)  # the rest never comes
        assert answer.startswith(b"HTTP/1.1 408")
        assert httpx.get(base + "/", timeout=10).status_code == 200  # still serving


def test_new_games_from_one_client_are_rate_limited():
    clock = Clock()
    c = TestClient(_app(new_games_per_minute=2, clock=clock))
    _new(c), _new(c)
    r = c.post("/api/games", json={})
    assert r.status_code == 429 and "at most 2 a minute" in r.json()["error"]
    assert r.headers["retry-after"] == "30"  # one new game every 30 s
    clock.t += 30
    _new(c)
    assert TestClient(_app(new_games_per_minute=0, clock=clock)).post("/api/games", json={}).status_code == 200


def test_a_log_nobody_reads_drops_lines_and_never_blocks():
    class Stuck(logging.Handler):
        def emit(self, record):  # pragma: no cover - never started
            threading.Event().wait()

    h = DroppingQueueHandler(Stuck(), capacity=10)  # not started: nothing is read
    lg = logging.getLogger("wuhanmj.web.test-flood")
    lg.addHandler(h)
    lg.propagate = False
    try:
        for i in range(5000):
            lg.warning("line %d", i)
    finally:
        lg.removeHandler(h)
    assert h.dropped == 4990 and h.queue.qsize() == 10


# ---------------------------------------------------------------------- seeds
def test_by_default_the_server_chooses_the_seed():
    c = TestClient(create_app(allowed_hosts=["testserver"]))
    r = c.post("/api/games", json={"seed": 4})
    assert r.status_code == 400 and "--allow-seed" in r.json()["error"]
    seeds = {c.app.state.store.entries[_new(c)[0]].spec["seed"] for _ in range(3)}
    assert len(seeds) == 3  # one drawn for each game


def test_a_seed_of_the_server_applies_to_every_game_and_a_request_may_choose_one_when_allowed():
    c = TestClient(create_app(allowed_hosts=["testserver"], seed=3))
    assert _new(c)[1]["hand"] == _new(c)[1]["hand"]
    c = TestClient(create_app(allowed_hosts=["testserver"], allow_seed=True))
    assert _new(c, seed=5)[1]["hand"] == _new(c, seed=5)[1]["hand"]


# ---------------------------------------------------------------------- the game in the URL
def test_a_games_page_is_served_at_its_url_and_a_second_tab_follows_the_game():
    c = TestClient(_app())
    gid, st = _new(c, seed=4)
    r = c.get(f"/game/{gid}")
    assert r.status_code == 200 and 'id="table"' in r.text
    with c.websocket_connect(f"/ws/{gid}") as a, c.websocket_connect(f"/ws/{gid}") as b:
        assert a.receive_json() == b.receive_json() == st
        a.send_json({"type": "act", "code": st["actions"][0]["code"], "version": st["version"]})
        st_a = a.receive_json()
        assert st_a["version"] == 1 and b.receive_json() == st_a  # the other tab is told
        b.send_json({"type": "act", "code": st["actions"][0]["code"], "version": 0})
        assert "stale" in b.receive_json()["error"]


# ---------------------------------------------------------------------- slow bots
class SlowBot:
    """Plays like greedy; once ``armed``, each decision waits until ``release`` is set
    (``started`` is set when it begins to wait)."""

    armed = False
    started = threading.Event()
    release = threading.Event()

    def __init__(self) -> None:
        self.inner = GreedyAgent()

    def act(self, obs, legal):
        if SlowBot.armed:
            SlowBot.started.set()
            SlowBot.release.wait(60)
        return self.inner.act(obs, legal)


@pytest.fixture()
def slow_bot():
    SlowBot.armed = False
    SlowBot.started.clear()
    SlowBot.release.clear()
    yield SlowBot
    SlowBot.armed = False
    SlowBot.release.set()


def test_a_slow_bot_delays_its_own_game_only(slow_bot):
    app = _app(agents=f"{HERE}:SlowBot", decision_timeout=120)
    with served(app) as base:
        slow = httpx.post(base + "/api/games", json={"seed": 4}, timeout=30).json()
        fast = httpx.post(base + "/api/games", json={"seed": 9, "agents": "greedy"}, timeout=30).json()
        slow_bot.armed = True
        answer = {}

        def play_slow():
            st = slow["state"]
            answer["r"] = httpx.post(f"{base}/api/games/{slow['game']}/messages", timeout=120,
                                     json={"type": "act", "code": st["actions"][0]["code"], "version": st["version"]})

        t = threading.Thread(target=play_slow)
        t.start()
        try:
            assert slow_bot.started.wait(30)  # the slow game's bot is thinking
            st = fast["state"]
            for _ in range(5):  # meanwhile the other game plays on
                r = httpx.post(f"{base}/api/games/{fast['game']}/messages", timeout=30,
                               json={"type": "act", "code": st["actions"][0]["code"], "version": st["version"]})
                assert r.status_code == 200
                st = r.json()
                if st["over"]:
                    break
            assert httpx.get(f"{base}/api/games/{fast['game']}", timeout=30).status_code == 200
            assert t.is_alive() and "r" not in answer  # and the slow bot is still thinking
        finally:
            slow_bot.release.set()
            t.join(60)
        assert answer["r"].status_code == 200


def test_a_bot_decision_over_the_timeout_ends_its_hand(slow_bot):
    c = TestClient(_app(agents=f"{HERE}:SlowBot", decision_timeout=0.2))
    gid, st = _new(c, seed=4)
    slow_bot.armed = True
    r = _act(c, gid, st["actions"][0]["code"], st["version"])
    assert r.status_code == 500 and "no decision within 0.2 s" in r.json()["error"]
    st2 = c.get(f"/api/games/{gid}").json()
    assert st2["fault"]["seat"] == 1 and "no decision within 0.2 s" in st2["fault"]["error"]
    assert st2["hand"] == st["hand"] and st2["version"] == st["version"] + 1  # the person's discard undone


class PonderingBot:
    """Greedy after a tenth of a second: a decision still running when it is awaited."""

    def __init__(self) -> None:
        self.inner = GreedyAgent()

    def act(self, obs, legal):
        import time

        time.sleep(0.1)
        return self.inner.act(obs, legal)


def test_a_huge_decision_timeout_waits_as_long_as_needed():
    # a Future's result(1e12) overflows the platform's time_t: the wait is taken in pieces
    c = TestClient(_app(agents=f"{HERE}:PonderingBot", decision_timeout=1e12))
    gid, st = _new(c, seed=4)
    r = _act(c, gid, st["actions"][0]["code"], st["version"])
    assert r.status_code == 200, r.text
    assert r.json()["fault"] is None
