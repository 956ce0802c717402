"""Load on the web table (``wuhanmj serve``): CLIENTS concurrent clients playing whole hands
over HTTP, for at most SECONDS, on 127.0.0.1 only; it stops by itself.

The clients arrive over the first RAMP seconds; each starts a game (``POST /api/games``), plays every decision it is asked (the
first action offered, ``pass`` in a claim window) with ``THINK`` seconds between moves,
downloads each finished hand's record and checks it (its payments are the state's), then
asks for the next hand, until the time is up. It reports the latency of every ``act``
(p50, p90, p99, max), the errors (any answer but 200, any failed connection), and the
lost records (a finished hand whose record could not be downloaded or differs).

By default it starts the server itself (this checkout: ``python -m wuhanmj serve`` on a
free port, ``--db :memory:`` unless ``--db FILE``, no new-game rate limit, room for every client) and stops it;
``--url`` measures a server already running (e.g. another checkout's).

    PYTHONPATH=src python bench/load_web.py --clients 200 --seconds 60 --think 3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from urllib.parse import urlsplit

import httpx  # only to wait for the server to answer


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Stats:
    def __init__(self) -> None:
        self.acts: list[float] = []
        self.errors: dict[str, int] = {}
        self.hands = 0
        self.records = 0
        self.lost = 0
        self.games = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


class _Conn:
    """A minimal HTTP/1.1 keep-alive connection (asyncio streams): a client's own, so the
    load generator costs little CPU beside the server's (httpx with 200 connections costs
    more than the server it measures)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n")
        self.writer.write(head.encode() + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("connection closed")
        status = int(status_line.split()[1])
        length = 0
        close = False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            k, _, v = line.decode("latin-1").partition(":")
            if k.lower() == "content-length":
                length = int(v)
            elif k.lower() == "connection" and v.strip().lower() == "close":
                close = True
        payload = await self.reader.readexactly(length)
        if close:
            await self.close()
        return status, payload

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


async def _client(http: _Conn, deadline: float, think: float, stats: Stats) -> None:
    async def post(path: str, body: dict) -> dict | None:
        try:
            status, payload = await http.request("POST", path, body)
        except (OSError, asyncio.IncompleteReadError, ValueError) as err:
            stats.error(type(err).__name__)
            await http.close()
            return None
        if status != 200:
            stats.error(f"{status} {path.rsplit('/', 1)[-1]}")
            return None
        return json.loads(payload)

    m = await post("/api/games", {})
    if m is None:
        return
    stats.games += 1
    gid, st = m["game"], m["state"]
    while time.monotonic() < deadline:
        if st["over"]:
            stats.hands += 1
            try:
                status, payload = await http.request("GET", f"/api/games/{gid}/record")
                rec = json.loads(payload) if status == 200 else None
            except (OSError, asyncio.IncompleteReadError, ValueError):
                await http.close()
                rec = None
            if rec is None or rec["result"]["payments"] != st["result"]["payments"]:
                stats.lost += 1
            else:
                stats.records += 1
            nxt = await post(f"/api/games/{gid}/messages", {"type": "next", "version": st["version"]})
            if nxt is None:
                return
            st = nxt
            continue
        if not st["actions"]:
            stats.error("no action offered")
            return
        if think:
            await asyncio.sleep(think)
        acts = st["actions"]
        a = acts[-1] if st["phase"] in ("claim", "rob") else acts[0]
        t0 = time.perf_counter()
        nxt = await post(f"/api/games/{gid}/messages", {"type": "act", "code": a["code"], "version": st["version"]})
        stats.acts.append(time.perf_counter() - t0)
        if nxt is None:
            return
        st = nxt


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] if xs else float("nan")


async def _run(base: str, clients: int, seconds: float, think: float, ramp: float) -> Stats:
    stats = Stats()
    deadline = time.monotonic() + seconds
    u = urlsplit(base)
    host, port = u.hostname or "127.0.0.1", u.port or 80

    async def one(i: int) -> None:
        await asyncio.sleep(ramp * i / clients)  # people arrive over the first RAMP seconds
        conn = _Conn(host, port)
        try:
            await _client(conn, deadline, think, stats)
        finally:
            await conn.close()

    await asyncio.wait_for(asyncio.gather(*(one(i) for i in range(clients))), seconds + 60)
    return stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60.0, help="time limit (default 60)")
    ap.add_argument("--think", type=float, default=3.0, help="seconds a client waits before each move (default 3)")
    ap.add_argument("--ramp", type=float, default=10.0, help="seconds over which the clients arrive (default 10)")
    ap.add_argument("--db", default=":memory:", help="the server's --db (default :memory:)")
    ap.add_argument("--url", default=None, help="a server already running (127.0.0.1 only)")
    ap.add_argument("--json", action="store_true", help="print the numbers as one JSON line")
    a = ap.parse_args(argv)
    proc = None
    base = a.url
    if base is None:
        port = _free_port()
        proc = subprocess.Popen([sys.executable, "-m", "wuhanmj", "serve", "--port", str(port), "--db", a.db,
                                 "--new-games-per-minute", "0", "--max-games", str(a.clients + 16)],
                                env={**os.environ}, stdout=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        for _ in range(600):
            try:
                httpx.get(base + "/", timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.1)
    host = urlsplit(base).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        ap.error("--url: 127.0.0.1 only")
    base = base.rstrip("/")
    load = os.getloadavg()
    try:
        s = asyncio.run(_run(base, a.clients, a.seconds, a.think, a.ramp))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
    out = {"db": a.db if a.url is None else None, "clients": a.clients, "seconds": a.seconds, "think": a.think, "ramp": a.ramp, "games": s.games, "hands": s.hands,
           "records": s.records, "lost_records": s.lost, "acts": len(s.acts), "errors": sum(s.errors.values()),
           "error_kinds": s.errors, "act_p50_ms": round(_pct(s.acts, 50) * 1000, 1),
           "act_p90_ms": round(_pct(s.acts, 90) * 1000, 1), "act_p99_ms": round(_pct(s.acts, 99) * 1000, 1),
           "act_max_ms": round(max(s.acts, default=float("nan")) * 1000, 1),
           "loadavg_before": [round(x, 2) for x in load], "loadavg_after": [round(x, 2) for x in os.getloadavg()]}
    if a.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:16} {v}")
    return 0 if out["errors"] == 0 and out["lost_records"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
