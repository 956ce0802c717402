"""The web table's server: a Starlette app (:func:`create_app`), served by uvicorn (:func:`serve`).

Needs the ``web`` extra (``pip install "wuhanmj[web]"``: starlette, uvicorn, websockets).
Every game lives on the server (:class:`~wuhanmj.web.session.WebGame`, kept by a
:class:`~wuhanmj.web.store.GameStore`); the browser gets its seat's state only. Routes:

=====================================  =========================================================
``GET /``                              the page (:func:`~wuhanmj.web.page.page_html`): starts a game
``GET /game/{id}``                     the page of game ``id`` (a reload resumes it; a second
                                       tab shows the same game and follows every move)
``POST /api/games``                    a new game; JSON body, every key optional: ``rules``
                                       (a preset), ``agents``, ``seat``, and ``seed`` only when
                                       the server allows it (``allow_seed``);
                                       answers ``{"type": "game", "game": id, "state": {...}}``
``GET /api/games/{id}``                the state
``POST /api/games/{id}/messages``      one message of the protocol (:mod:`wuhanmj.web.session`)
``GET /api/games/{id}/record``         the finished hand's record, one JSON line (a download)
``WS /ws/{id}``                        the protocol over a websocket: the state first, then
                                       one answer per message; every other socket of the game
                                       receives each new state
=====================================  =========================================================

Errors are ``{"type": "error", "error": "<reason>"}`` with the status of the
:class:`~wuhanmj.errors.RequestError`: 400 malformed (or a Host not served), 403 a page of
another site (its ``Origin``), 404 unknown game or path, 405 wrong method, 408 a body
not sent in time, 409 stale or too early, 410 an expired game, 413 a body over 4,096
bytes, 422 illegal, 429 too many new games from one client (``Retry-After``), 500 one of
the server's own bots failed (the hand ends, see :mod:`wuhanmj.web.session`), 503 the
server is full (``Retry-After``). On a websocket the same object is sent and the
connection stays open (an unknown game closes it, code 4404; an expired one 4410); a
refused Host or Origin answers the handshake with the HTTP error.

A game's work (a move, the bots' replies, its state) runs in a thread (at most
``game_threads`` at a time), never in the event loop; the decisions of a bot from outside
wuhanmj (``module:Name``) run in a pool of ``bot_threads``, each awaited at most
``decision_timeout`` seconds, so a slow bot delays its own game only. Refused requests are logged
(``logging.getLogger("wuhanmj.web")``), one line each.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import secrets
import socket
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import AgentError, IllegalActionError, RequestError, SetupError, WuhanMJError
from ..play.table import Table
from ..rules import PRESETS, Rules
from .._json import load_json
from .guard import DroppingQueueHandler, HostGuard, RateLimit, error_response, read_body
from .page import page_html
from .session import MAX_MESSAGE, WebGame, log, parse_message
from .store import Entry, GameStore

__all__ = ["create_app", "listen", "serve", "url_of", "DEFAULT_HOST", "DEFAULTS", "quiet_logging"]

DEFAULT_HOST = "127.0.0.1"
DEFAULTS: dict[str, Any] = {
    "max_games": 256,  # live games at most
    "idle_timeout": 1800.0,  # seconds without a move before a game expires
    "new_games_per_minute": 30,  # a client's new games, a minute
    "decision_timeout": 10.0,  # seconds a bot may take for one decision
    "body_timeout": 10.0,  # seconds to send a request's body
    "bot_threads": 8,  # threads the module:Name bots decide in
    "game_threads": 4,  # threads the games' work runs in
}
"""The server's limits by default (``wuhanmj serve --help`` names them)."""


def _error(err: RequestError) -> JSONResponse:
    after = getattr(err, "retry_after", None)
    return error_response(str(err), err.status, None if after is None else {"Retry-After": str(after)})


def create_app(*, rules: Rules | str | None = None, agents: str = "greedy", seed: int | None = None,
               seat: int = 0, allow_seed: bool = False, host: str = DEFAULT_HOST,
               allowed_hosts: Iterable[str] = (), public_url: str | None = None,
               max_games: int = DEFAULTS["max_games"], idle_timeout: float = DEFAULTS["idle_timeout"],
               new_games_per_minute: int = DEFAULTS["new_games_per_minute"],
               decision_timeout: float | None = DEFAULTS["decision_timeout"],
               body_timeout: float = DEFAULTS["body_timeout"], bot_threads: int = DEFAULTS["bot_threads"],
               game_threads: int = DEFAULTS["game_threads"],
               db: str | Path = ":memory:", clock: Callable[[], float] = time.monotonic) -> Starlette:
    """The web table app.

    Args:
        rules, agents, seat: the defaults of a new game (a request may give its own
            ``rules`` preset, ``agents`` and ``seat``); see :class:`~wuhanmj.play.Table`.
            ``agents`` may name ``module:Name`` bots (the server's owner chose them); the
            agents of a request must be built-in names (``greedy``, ``random``).
        seed: every new game's match seed; None: the server draws one for each game.
        allow_seed: a request may choose its game's seed (off: it is refused, 400).
        host: the address the server is bound to (a Host it answers to).
        allowed_hosts: more host names it answers to (a name of this machine, a proxy's).
        public_url: the URL people open when it is not ``http://HOST:PORT/`` (a proxy's):
            its host is allowed and its origin (scheme and host) accepted.
        max_games, idle_timeout: see :class:`~wuhanmj.web.store.GameStore` (seconds).
        new_games_per_minute: new games one client (an address) may start a minute; 0: no limit.
        decision_timeout: seconds a bot decision may take (None: no limit, and the bots
            play in the request's thread).
        body_timeout: seconds a request's body may take to arrive.
        bot_threads: the threads the ``module:Name`` bots decide in.
        game_threads: the threads the games' work runs in (few: it holds the GIL).
        db: the games' SQLite file (``":memory:"``: none; see :class:`~wuhanmj.web.store.GameStore`).
        clock: monotonic seconds (tests pass their own).

    ``app.state.store`` is the :class:`~wuhanmj.web.store.GameStore`; ``app.state.games``
    maps the game ids to their :class:`~wuhanmj.web.session.WebGame`.

    Raises:
        RulesError, AgentError, SetupError: bad defaults (a test game is made to check
            them), a bad limit or URL, or a database that cannot be opened.
    """
    default_rules = Rules.coerce(rules)
    Table(default_rules, agents=agents, seed=seed, seat=seat)  # bad defaults fail now
    public_origin = None
    hosts = [host, *allowed_hosts]
    if public_url is not None:
        u = urlsplit(public_url)
        if u.scheme not in ("http", "https") or not u.netloc:
            raise SetupError(f"public url must be http(s)://HOST[:PORT]/..., got {public_url!r}")
        public_origin = f"{u.scheme}://{u.netloc.lower()}"
        hosts.append(u.netloc)
    if decision_timeout is not None and not decision_timeout > 0:
        raise SetupError(f"decision timeout must be > 0 seconds, got {decision_timeout!r}")
    executor = concurrent.futures.ThreadPoolExecutor(max(1, bot_threads), thread_name_prefix="wuhanmj-bot")

    def make_game(gid: str, table: Table, deal: bool) -> WebGame:
        return WebGame(gid, table, decision_timeout=decision_timeout,
                       executor=executor if decision_timeout is not None else None, deal=deal)

    store = GameStore(max_games=max_games, idle_timeout=idle_timeout, db=db, clock=clock, make_game=make_game)
    rate = RateLimit(new_games_per_minute, clock)

    def new_game(body: dict[str, Any]) -> tuple[WebGame, dict[str, Any]]:
        unknown = sorted(set(body) - {"seed", "rules", "agents", "seat"})
        if unknown:
            raise RequestError(f"new game: unknown field(s) {', '.join(map(repr, unknown))}")
        r = body.get("rules", None)
        if r is not None and (not isinstance(r, str) or r.lower() not in PRESETS):  # any case, as elsewhere
            raise RequestError(f"new game: rules must be one of {', '.join(PRESETS)}, got {r!r}")
        if "seed" in body and not allow_seed:
            raise RequestError("new game: this server chooses the seeds (start it with --allow-seed to choose one)")
        sd = body.get("seed", seed)
        if sd is not None and (type(sd) is not int or sd < 0):
            raise RequestError(f"new game: seed must be an integer >= 0, got {sd!r}")
        if sd is None:
            sd = secrets.randbits(63)
        st = body.get("seat", seat)
        if type(st) is not int or not 0 <= st <= 3:
            raise RequestError(f"new game: seat must be 0-3, got {st!r}")
        ag = body.get("agents", agents)
        # The server's own agents (from whoever runs it) may be module:Name bots; the agents a
        # *request* names must be built-in names, so that no web page can import a module.
        if "agents" in body and (not isinstance(ag, str) or ":" in ag):
            raise RequestError(f"new game: agents must be built-in names (greedy, random), got {ag!r}")
        rl = Rules.preset(r.lower()) if r is not None else default_rules
        try:
            table = Table(rl, agents=ag, seed=sd, seat=st)
        except WuhanMJError as err:
            raise RequestError(f"new game: {err}") from None
        gid = secrets.token_urlsafe(9)
        try:
            g = make_game(gid, table, True)
        except (AgentError, IllegalActionError) as err:  # a server's own module:Name bot failed while dealing
            log.error("new game: a bot failed: %s", err)
            raise RequestError(f"new game: a bot failed: {err}", 500) from None
        return g, {"seed": sd, "rules": rl.to_dict(), "agents": ag, "seat": st}

    async def body_of(request: Request) -> Any:
        raw = await read_body(request, MAX_MESSAGE, body_timeout)
        if not raw.strip():
            return {}
        return parse_message(raw) if request.url.path.endswith("/messages") else _json_object(raw)

    def _json_object(raw: bytes) -> Any:
        return load_json(raw, RequestError, "malformed request")

    def guarded(handler: Any) -> Any:
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except RequestError as err:
                log.info("%d %s %s: %s", err.status, request.method, request.url.path[:120], err)
                return _error(err)
        return endpoint

    def lock_of(e: Entry) -> asyncio.Lock:
        if e.lock is None:
            e.lock = asyncio.Lock()
        return e.lock

    limiter: list[anyio.CapacityLimiter] = []

    async def in_thread(fn: Callable[[], Any]) -> Any:
        if not limiter:
            limiter.append(anyio.CapacityLimiter(max(1, game_threads)))
        return await anyio.to_thread.run_sync(fn, limiter=limiter[0])

    async def run(e: Entry, fn: Callable[[], Any]) -> Any:
        """``fn()`` in a thread, the game's requests one at a time."""
        async with lock_of(e):
            return await in_thread(fn)

    def apply(e: Entry, msg: Any) -> dict[str, Any]:
        version = e.game.version
        try:
            answer = e.game.handle(msg)
        finally:
            if e.game.version != version:
                store.save(e)  # the new version, or the fault, with the hand in one transaction
        return answer

    async def broadcast(e: Entry, answer: dict[str, Any], but: Any = None) -> None:
        for ws in list(e.sockets):
            if ws is not but:
                try:
                    await ws.send_json(answer)
                except Exception:  # a socket closing: its handler forgets it
                    e.sockets.discard(ws)

    async def index(request: Request) -> Response:
        return HTMLResponse(page_html())

    async def create(request: Request) -> Response:
        client = request.client.host if request.client else "?"
        body = await body_of(request)
        if not isinstance(body, dict):
            raise RequestError("new game: the body must be a JSON object")
        store.check_room()
        rate.take(client)
        g, spec = await in_thread(lambda: new_game(body))
        e = store.add(g, spec)
        state = await run(e, g.state)
        return JSONResponse({"type": "game", "game": g.gid, "state": state})

    async def get_state(request: Request) -> Response:
        e = store.get(request.path_params["gid"])
        return JSONResponse(await run(e, e.game.state))

    async def message(request: Request) -> Response:
        e = store.get(request.path_params["gid"])
        msg = await body_of(request)
        version = e.game.version
        try:
            answer = await run(e, lambda: apply(e, msg))
        except RequestError:
            if e.game.version != version:  # a bot failed: the other tabs see the hand ended
                await broadcast(e, await run(e, e.game.state))
            raise
        if e.game.version != version and answer.get("type") == "state":
            await broadcast(e, answer)
        return JSONResponse(answer)

    async def record(request: Request) -> Response:
        e = store.get(request.path_params["gid"], expired_ok=True)
        g = e.game
        text = await run(e, g.record)
        name = f"wuhanmj-{g.gid}-hand-{g.table.hand_no}.jsonl"
        return Response(text, media_type="application/x-ndjson",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def ws_endpoint(ws: WebSocket) -> None:
        await ws.accept()
        gid = ws.path_params["gid"]
        try:
            e = store.get(gid)
        except RequestError as err:
            await ws.send_json({"type": "error", "error": str(err)})
            await ws.close(code=4000 + err.status)
            return
        await ws.send_json(await run(e, e.game.state))
        e.sockets.add(ws)
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    return
                raw = msg.get("text")
                if raw is None:
                    raw = msg.get("bytes") or b""
                version = e.game.version
                try:
                    store.get(gid)  # expired meanwhile?
                    parsed = parse_message(raw)
                    answer = await run(e, lambda: apply(e, parsed))
                except RequestError as err:
                    log.info("%d websocket %s: %s", err.status, gid[:40], err)
                    answer = {"type": "error", "error": str(err), "version": e.game.version}
                except Exception as err:  # a bug: the socket stays open, the error is told and logged
                    log.exception("500 websocket %s", gid)
                    answer = {"type": "error", "error": f"internal error: {type(err).__name__}",
                              "version": e.game.version}
                await ws.send_json(answer)
                if e.game.version != version:
                    await broadcast(e, answer if answer.get("type") == "state" else await run(e, e.game.state), ws)
        except WebSocketDisconnect:
            return
        finally:
            e.sockets.discard(ws)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return error_response(f"{exc.detail}: {request.method} {request.url.path[:80]}", exc.status_code, exc.headers)

    async def server_error(request: Request, exc: Exception) -> Response:
        log.error("500 %s %s: %s: %s", request.method, request.url.path[:120], type(exc).__name__, exc)
        return error_response(f"internal error: {type(exc).__name__}", 500)

    app = Starlette(routes=[
        Route("/", index),
        Route("/game/{gid}", index),
        Route("/api/games", guarded(create), methods=["POST"]),
        Route("/api/games/{gid}", guarded(get_state)),
        Route("/api/games/{gid}/messages", guarded(message), methods=["POST"]),
        Route("/api/games/{gid}/record", guarded(record)),
        WebSocketRoute("/ws/{gid}", ws_endpoint),
    ], exception_handlers={HTTPException: http_error, Exception: server_error})
    app.add_middleware(HostGuard, allowed_hosts=hosts, public_origin=public_origin)
    app.state.store = store
    app.state.games = _Games(store)
    app.state.executor = executor
    return app


class _Games:
    """``app.state.games``: the store's games by id (a read-only mapping view)."""

    def __init__(self, store: GameStore) -> None:
        self._store = store

    def __getitem__(self, gid: str) -> WebGame:
        return self._store.entries[gid].game

    def __contains__(self, gid: object) -> bool:
        return gid in self._store.entries

    def __iter__(self) -> Any:
        return iter(self._store.entries)

    def __len__(self) -> int:
        return len(self._store.entries)


def listen(host: str = DEFAULT_HOST, port: int = 8000) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening, for :func:`serve`.

    Binding before anything is announced means a busy port or a bad address is one clear
    error, not a URL that is never served.

    Raises:
        SetupError: the address cannot be resolved or bound (busy port, no such address,
            no permission), naming the address and the reason.
    """
    where = f"{_url_host(host)}:{port}"
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as err:
        raise SetupError(f"cannot listen on {where}: {_reason(err)}") from None
    last: OSError | None = None
    for family, kind, proto, _, addr in infos:
        sock = socket.socket(family, kind, proto)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(addr)
            sock.listen(128)
        except OSError as err:
            sock.close()
            last = err
            continue
        sock.set_inheritable(True)
        return sock
    raise SetupError(f"cannot listen on {where}: {_reason(last) if last else 'no address to bind'}")


def _reason(err: BaseException) -> str:
    if isinstance(err, OSError) and err.strerror:
        return err.strerror.lower()
    return str(err) or type(err).__name__


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def url_of(host: str, port: int) -> str:
    """The page's URL for a host and port: ``http://127.0.0.1:8000/``, ``http://[::1]:8000/``."""
    return f"http://{_url_host(host)}:{port}/"


def serve(app: Starlette, host: str = DEFAULT_HOST, port: int = 8000, *,
          sock: socket.socket | None = None) -> None:  # pragma: no cover - blocks
    """Serve ``app`` with uvicorn until interrupted, on ``sock`` (from :func:`listen`) when
    given, else on a socket bound here to ``host``:``port``.

    Raises:
        SetupError: the address cannot be bound (see :func:`listen`).
    """
    import uvicorn

    if sock is None:
        sock = listen(host, port)
    handler = quiet_logging()
    server = uvicorn.Server(uvicorn.Config(app, log_config=None, access_log=False, ws_max_size=4 * MAX_MESSAGE,
                                           timeout_keep_alive=5))
    try:
        server.run(sockets=[sock])
    finally:
        handler.stop()


def quiet_logging(stream: Any = None) -> DroppingQueueHandler:
    """Send the server's log (``wuhanmj.web`` at INFO, uvicorn's at WARNING) to ``stream``
    (stderr) through a :class:`~wuhanmj.web.guard.DroppingQueueHandler`: a reader that does
    not keep up loses lines, the server never waits. Returns the started handler."""
    import logging
    import sys

    target = logging.StreamHandler(stream if stream is not None else sys.stderr)
    target.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    handler = DroppingQueueHandler(target)
    for name, level in (("wuhanmj.web", logging.INFO), ("uvicorn", logging.WARNING)):
        lg = logging.getLogger(name)
        lg.setLevel(level)
        lg.addHandler(handler)
        lg.propagate = False
    handler.start()
    return handler
