"""``wuhanmj serve`` from the command line: it binds to 127.0.0.1 by default and serves the
page and the API; bad options are one line and exit 2."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from helpers.browser import free_port  # noqa: E402

from wuhanmj.cli import build_parser, main  # noqa: E402


def test_the_default_host_is_this_machine_only():
    args = build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1" and args.port == 8000


@pytest.mark.parametrize("argv,words", [(["serve", "--port", "0"], "--port"), (["serve", "--rules", "nope"], "nope"),
                                        (["serve", "--agents", "nope"], "agent"), (["serve", "--seat", "7"], "seat")])
def test_bad_options_are_one_line_and_exit_2(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and err.startswith("wuhanmj serve:")


def test_the_command_serves_the_table():
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "wuhanmj", "serve", "--port", str(port), "--seed", "3",
                             "--db", ":memory:"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(600):  # until it listens (or has died)
            if proc.poll() is not None:
                pytest.fail(f"wuhanmj serve exited: {proc.stdout.read()}")
            try:
                r = httpx.get(base + "/", timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        else:
            pytest.fail("wuhanmj serve never answered")
        assert r.status_code == 200 and 'id="table"' in r.text
        g1 = httpx.post(base + "/api/games", json={}, timeout=10).json()
        g2 = httpx.post(base + "/api/games", json={}, timeout=10).json()
        assert g1["game"] != g2["game"]
        assert g1["state"]["hand"] == g2["state"]["hand"]  # --seed 3: every new game deals the same
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert "http://127.0.0.1:%d/" % port in proc.stdout.read()


def _serve(*argv: str):
    """Start ``wuhanmj serve ARGV`` on a free port; returns (process, base URL) once it answers."""
    port = free_port()
    if "--db" not in argv:
        argv = (*argv, "--db", ":memory:")  # never the user's own data directory
    proc = subprocess.Popen([sys.executable, "-m", "wuhanmj", "serve", "--port", str(port), *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    host = argv[argv.index("--host") + 1] if "--host" in argv else "127.0.0.1"
    base = f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
    for _ in range(600):
        if proc.poll() is not None:
            pytest.fail(f"wuhanmj serve exited: {proc.stdout.read()}")
        try:
            httpx.get(base + "/", timeout=5)
            return proc, port, base
        except httpx.TransportError:
            time.sleep(0.05)
    _stop(proc)
    pytest.fail("wuhanmj serve never answered")


def _stop(proc) -> str:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    return proc.stdout.read()


def test_a_module_agent_given_on_the_command_line_plays():
    """--agents module:Name (as --help allows): the server's own bots, so new games work; a
    request naming a module is still refused."""
    proc, _, base = _serve("--agents", "wuhanmj.agents:RandomAgent", "--seed", "2")
    try:
        r = httpx.post(base + "/api/games", json={}, timeout=10)
        assert r.status_code == 200, r.text
        assert r.json()["state"]["names"][1] == "random (seat 1)"
        r = httpx.post(base + "/api/games", json={"agents": "wuhanmj.agents:RandomAgent"}, timeout=10)
        assert r.status_code == 400 and "built-in" in r.json()["error"]
    finally:
        _stop(proc)


def test_a_busy_port_is_one_line_and_exit_2_without_announcing_a_url(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", ":memory:"]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # no URL announced that is not served
    assert err == f"wuhanmj serve: cannot listen on 127.0.0.1:{port}: address already in use\n"


def test_a_host_that_cannot_be_bound_is_one_line_and_exit_2(capsys):
    assert main(["serve", "--host", "999.1.1.1", "--port", str(free_port()), "--db", ":memory:"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("wuhanmj serve: cannot listen on 999.1.1.1:")


def test_an_ipv6_host_is_bracketed_in_the_url():
    from wuhanmj.web.app import url_of

    assert url_of("::1", 8000) == "http://[::1]:8000/"
    assert url_of("127.0.0.1", 80) == "http://127.0.0.1:80/"
    assert url_of("localhost", 8000) == "http://localhost:8000/"
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 loopback here")
    proc, port, _ = _serve("--host", "::1")
    assert f"http://[::1]:{port}/" in _stop(proc)


def test_the_help_names_the_limits_and_their_defaults(capsys):
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for words in ("--allowed-host", "--public-url", "--max-games", "default 256", "--idle-timeout",
                  "default 1800 s", "--new-games-per-minute", "default 30", "--decision-timeout", "--db",
                  ":memory:", "--allow-seed", "no authentication"):
        assert words in out, words
    from wuhanmj.cli.serve import DEFAULTS
    from wuhanmj.web.app import DEFAULTS as APP

    assert all(APP[k] == v for k, v in DEFAULTS.items())  # the help tells what the server does


@pytest.mark.parametrize("host,warns", [("127.0.0.1", False), ("::1", False), ("localhost", False),
                                        ("127.0.0.2", False), ("0.0.0.0", True), ("192.168.1.5", True),
                                        ("::", True), ("mybox.lan", True)])
def test_a_host_other_machines_reach_prints_a_warning_that_there_is_no_authentication(host, warns, capsys,
                                                                                      monkeypatch):
    import wuhanmj.web.app as web

    monkeypatch.setattr(web, "listen", lambda host, port: socket.socket())
    monkeypatch.setattr(web, "serve", lambda app, sock=None: None)
    assert main(["serve", "--host", host, "--db", ":memory:"]) == 0
    err = capsys.readouterr().err
    assert ("no authentication" in err) == warns


@pytest.mark.parametrize("argv,words", [(["--max-games", "0"], "--max-games"), (["--idle-timeout", "0"], "--idle-timeout"),
                                        (["--decision-timeout", "-1"], "--decision-timeout"),
                                        (["--new-games-per-minute", "-1"], "--new-games-per-minute"),
                                        (["--public-url", "ftp://x"], "public url"),
                                        (["--idle-timeout", "inf"], "--idle-timeout"),
                                        (["--decision-timeout", "nan"], "--decision-timeout"),
                                        (["--db", "/proc/no/such/web.sqlite3"], "does not exist"),
                                        (["--db", "/dev/full"], "not a regular file")])
def test_bad_limits_are_one_line_and_exit_2(argv, words, capsys):
    assert main(["serve", "--db", ":memory:", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def _kill(proc) -> None:
    import signal

    proc.send_signal(signal.SIGKILL)
    proc.wait(10)


def test_games_survive_a_server_killed_mid_hand(tmp_path):
    """SIGKILL, then the same --db: every game at its last applied action, a finished
    hand's record as it was, and play goes on."""
    db = str(tmp_path / "web.sqlite3")
    seed = ("--seed", "1")  # every game the same deal: three discards of seat 0 before a win
    proc, _, base = _serve("--db", db, *seed)
    try:
        a = httpx.post(base + "/api/games", json={}, timeout=10).json()
        st = a["state"]
        for _ in range(3):
            st = httpx.post(f"{base}/api/games/{a['game']}/messages", timeout=10,
                            json={"type": "act", "code": st["actions"][0]["code"], "version": st["version"]}).json()
        b = httpx.post(base + "/api/games", json={}, timeout=10).json()
        sb = b["state"]
        while not sb["over"]:
            sb = httpx.post(f"{base}/api/games/{b['game']}/messages", timeout=10,
                            json={"type": "act", "code": sb["actions"][0]["code"], "version": sb["version"]}).json()
        record = httpx.get(f"{base}/api/games/{b['game']}/record", timeout=10).text
    finally:
        _kill(proc)
    proc, _, base = _serve("--db", db, *seed)
    try:
        again = httpx.get(f"{base}/api/games/{a['game']}", timeout=10).json()
        assert again == {**st, "svg": again["svg"]} and again["svg"] == st["svg"]
        assert httpx.get(f"{base}/api/games/{b['game']}/record", timeout=10).text == record
        r = httpx.post(f"{base}/api/games/{b['game']}/messages", json={"type": "next", "version": sb["version"]},
                       timeout=10)
        assert r.status_code == 200 and r.json()["hand_no"] == 2
        assert r.json()["scores"] == sb["scores"]
        nxt = r.json()
    finally:
        _kill(proc)
    proc, _, base = _serve("--db", db, *seed)
    try:
        assert httpx.get(f"{base}/api/games/{b['game']}", timeout=10).json() == nxt  # the settled hand kept
    finally:
        _stop(proc)
