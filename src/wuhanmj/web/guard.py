"""What the web table refuses before a request reaches a game: other hosts and sites
(:class:`HostGuard`), too many new games from one client (:class:`RateLimit`), bodies too
long or too slow (:func:`read_body`); and logging that never blocks the server
(:class:`DroppingQueueHandler`).

Every refusal is a JSON error ``{"type": "error", "error": REASON}``, on a websocket too
(its handshake is answered with the same HTTP error).
"""

from __future__ import annotations

import logging
import logging.handlers
import math
import queue
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from ..errors import RequestError

__all__ = ["HostGuard", "RateLimit", "read_body", "DroppingQueueHandler", "LOOPBACK_NAMES", "host_name"]

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
"""Host names the server always answers to (this machine)."""


def host_name(host: str) -> str:
    """The name of a ``Host`` header or netloc without its port, lower case, IPv6 without
    brackets: ``"[::1]:8000"`` → ``"::1"``, ``"Example.org:80"`` → ``"example.org"``."""
    h = host.strip().lower()
    if h.startswith("["):
        return h[1:h.find("]")] if "]" in h else h
    if h.count(":") == 1:
        h = h.split(":", 1)[0]
    return h


def error_response(reason: str, status: int, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """The JSON error every refusal answers with."""
    return JSONResponse({"type": "error", "error": reason}, status_code=status, headers=headers)


class HostGuard:
    """ASGI middleware: only the server's own host names, and pages of its own origin.

    A request whose ``Host`` is not one of ``allowed_hosts`` (plus :data:`LOOPBACK_NAMES`)
    is refused with 400 (this stops DNS rebinding: a page of ``evil.example`` whose name
    was pointed at 127.0.0.1 sends ``Host: evil.example``). A request with an ``Origin``
    (a browser page's) is refused with 403 unless the origin is ``http://`` + its Host (the
    scheme compared too), or ``public_origin`` (the scheme and host of ``--public-url``); ``Origin: null`` (a file
    or a sandboxed frame) is refused. A request without an Origin (scripts) passes.

    Args:
        app: the ASGI app guarded.
        allowed_hosts: host names (no ports) besides the loopback ones.
        public_origin: ``"https://mj.example.org"`` or None.
    """

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] = (), public_origin: str | None = None) -> None:
        self.app = app
        self.allowed = {host_name(h) for h in (*LOOPBACK_NAMES, *allowed_hosts)}
        self.public_origin = public_origin
        self.public_netloc = None if public_origin is None else urlsplit(public_origin).netloc.lower()

    def refusal(self, headers: Any) -> tuple[str, int] | None:
        """Why a request with these headers is refused (reason, status), or None."""
        host = headers.get("host") or ""
        if host_name(host) not in self.allowed:
            return (f"host {host[:80]!r} is not served here (allowed: {', '.join(sorted(self.allowed))}; "
                    "the server's owner may add a name with --allowed-host)"), 400
        origin = headers.get("origin")
        if origin is None:
            return None
        if origin == self.public_origin:
            return None
        parts = urlsplit(origin)
        scheme = "http" if host.lower() != self.public_netloc else urlsplit(self.public_origin).scheme
        if origin == "null" or parts.scheme != scheme or parts.netloc.lower() != host.lower():
            return "requests from another site are refused", 403
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        why = self.refusal(headers)
        if why is None:
            await self.app(scope, receive, send)
            return
        log.warning("refused %s %s: %s", scope["type"], scope.get("path", "")[:120], why[0])
        response = error_response(*why)
        if scope["type"] == "http":
            await response(scope, receive, send)
        elif "websocket.http.response" in scope.get("extensions", {}):
            await response(scope, receive, send)  # the handshake answered with the JSON error
        else:
            await send({"type": "websocket.close", "code": 4000 + why[1]})


log = logging.getLogger("wuhanmj.web")


class RateLimit:
    """At most ``per_minute`` events a client in any minute (a token bucket of that size,
    refilled at ``per_minute`` a minute); 0 is no limit.

    Args:
        per_minute: events a minute a client (int >= 0).
        clock: seconds, monotonic.
    """

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, client: str) -> None:
        """Count one event of ``client``.

        Raises:
            RequestError: 429 (``retry_after`` set, seconds) when the client is over the limit.
        """
        if self.per_minute <= 0:
            return
        now = self.clock()
        rate = self.per_minute / 60.0
        tokens, then = self._buckets.get(client, (float(self.per_minute), now))
        tokens = min(float(self.per_minute), tokens + (now - then) * rate)
        if tokens < 1:
            err = RequestError(f"too many new games: at most {self.per_minute} a minute from one client", 429)
            err.retry_after = max(1, math.ceil((1 - tokens) / rate))  # type: ignore[attr-defined]
            raise err
        self._buckets[client] = (tokens - 1, now)
        if len(self._buckets) > 10_000:  # forget the full buckets (clients that stopped)
            for c, (t, at) in list(self._buckets.items()):
                if t + (now - at) * rate >= self.per_minute:
                    del self._buckets[c]


async def read_body(request: Request, limit: int, timeout: float) -> bytes:
    """The request's body, read at most ``limit`` bytes and ``timeout`` seconds.

    Raises:
        RequestError: longer than ``limit`` (413: refused as soon as the count is passed,
            or at once from ``Content-Length``), or not all sent within ``timeout`` (408).
    """
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise RequestError(f"request body too long ({declared} bytes, at most {limit})", 413)
    chunks: list[bytes] = []
    n = 0
    try:
        with anyio.fail_after(timeout):
            async for chunk in request.stream():
                n += len(chunk)
                if n > limit:
                    raise RequestError(f"request body too long (more than {limit} bytes)", 413)
                chunks.append(chunk)
    except TimeoutError:
        raise RequestError(f"request body not sent within {timeout:g} s", 408) from None
    return b"".join(chunks)


class DroppingQueueHandler(logging.handlers.QueueHandler):
    """A logging handler that hands records to a bounded queue and drops them when it is
    full, so a slow or blocked log reader (a full stderr pipe) never blocks the server.

    :meth:`start` writes the queued records to ``target`` (a handler) in a thread.

    Args:
        target: the handler that writes (e.g. a ``StreamHandler`` on stderr).
        capacity: records queued at most.

    Attributes:
        dropped: records dropped so far.
    """

    def __init__(self, target: logging.Handler, capacity: int = 1000) -> None:
        super().__init__(queue.Queue(capacity))
        self.target = target
        self.dropped = 0
        self._listener: logging.handlers.QueueListener | None = None
        self._count_lock = threading.Lock()

    def enqueue(self, record: logging.LogRecord) -> None:
        try:
            self.queue.put_nowait(record)
        except queue.Full:
            with self._count_lock:
                self.dropped += 1

    def start(self) -> None:
        """Start writing the queued records (a thread)."""
        if self._listener is None:
            self._listener = logging.handlers.QueueListener(self.queue, self.target)
            self._listener.start()

    def stop(self) -> None:
        """Write what is queued and stop the thread."""
        if self._listener is not None:
            self._listener.stop()
            self._listener = None
