"""``wuhanmj serve`` from the command line: it binds to 127.0.0.1 by default and serves the
page and the API; bad options are one line and exit 2."""

from __future__ import annotations

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
    proc = subprocess.Popen([sys.executable, "-m", "wuhanmj", "serve", "--port", str(port), "--seed", "3"],
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
