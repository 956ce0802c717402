"""The web table's server: a Starlette app (:func:`create_app`), served by uvicorn (:func:`serve`).

Needs the ``web`` extra (``pip install "wuhanmj[web]"``: starlette, uvicorn, websockets).
Every game lives on the server (:class:`~wuhanmj.web.session.WebGame`); the browser gets
its seat's state only. Routes:

=====================================  =========================================================
``GET /``                              the page (:func:`~wuhanmj.web.page.page_html`)
``POST /api/games``                    a new game; JSON body, every key optional: ``seed``,
                                       ``rules`` (a preset), ``agents``, ``seat``;
                                       answers ``{"type": "game", "game": id, "state": {...}}``
``GET /api/games/{id}``                the state
``POST /api/games/{id}/messages``      one message of the protocol (:mod:`wuhanmj.web.session`)
``GET /api/games/{id}/record``         the finished hand's record, one JSON line (a download)
``WS /ws/{id}``                        the protocol over a websocket: the state first, then
                                       one answer per message
=====================================  =========================================================

Errors are ``{"type": "error", "error": "<reason>"}`` with the status of the
:class:`~wuhanmj.errors.RequestError` (400 malformed, 404 unknown game, 409 stale or too
early, 422 illegal, 500 one of the server's own bots failed); on a websocket the same object is sent and the connection stays open
(an unknown game closes it, code 4404). Requests whose ``Origin`` is another site are
refused (403; websocket close 4403), so no other web page can play at the local table.
"""

from __future__ import annotations

import json
import secrets
import socket
from collections import OrderedDict
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import AgentError, RequestError, SetupError, WuhanMJError
from ..play.table import Table
from ..rules import PRESETS, Rules
from .page import page_html
from .session import MAX_MESSAGE, WebGame, parse_message

__all__ = ["create_app", "listen", "serve", "url_of", "DEFAULT_HOST"]

DEFAULT_HOST = "127.0.0.1"


def _error(err: RequestError) -> JSONResponse:
    return JSONResponse({"type": "error", "error": str(err)}, status_code=err.status)


def _same_origin(headers: Any) -> bool:
    origin = headers.get("origin")
    if origin is None:  # not a browser page (scripts, tests)
        return True
    if origin == "null":  # a file:// page or a sandboxed frame
        return False
    return urlsplit(origin).netloc == headers.get("host")


def create_app(*, rules: Rules | str | None = None, agents: str = "greedy", seed: int | None = None,
               seat: int = 0, max_games: int = 64) -> Starlette:
    """The web table app.

    Args:
        rules, agents, seed, seat: the defaults of a new game (a request may give its own
            ``seed``, ``rules`` preset, ``agents`` and ``seat``); see :class:`~wuhanmj.play.Table`.
            ``agents`` may name ``module:Name`` bots (the server's owner chose them); the
            agents of a request must be built-in names (``greedy``, ``random``).
        max_games: games kept at most; the oldest is dropped for a new one.

    ``app.state.games`` maps the game ids to their :class:`~wuhanmj.web.session.WebGame`.

    Raises:
        RulesError, AgentError, SetupError: bad defaults (a test game is made to check them).
    """
    default_rules = Rules.coerce(rules)
    Table(default_rules, agents=agents, seed=seed, seat=seat)  # bad defaults fail now
    games: OrderedDict[str, WebGame] = OrderedDict()

    def game_of(gid: str) -> WebGame:
        g = games.get(gid)
        if g is None:
            raise RequestError(f"unknown game {gid[:40]!r}", 404)
        return g

    def new_game(body: dict[str, Any]) -> WebGame:
        unknown = sorted(set(body) - {"seed", "rules", "agents", "seat"})
        if unknown:
            raise RequestError(f"new game: unknown field(s) {', '.join(map(repr, unknown))}")
        r = body.get("rules", None)
        if r is not None and r not in PRESETS:
            raise RequestError(f"new game: rules must be one of {', '.join(PRESETS)}, got {r!r}")
        sd = body.get("seed", seed)
        if sd is not None and (type(sd) is not int or sd < 0):
            raise RequestError(f"new game: seed must be an integer >= 0, got {sd!r}")
        st = body.get("seat", seat)
        if type(st) is not int or not 0 <= st <= 3:
            raise RequestError(f"new game: seat must be 0-3, got {st!r}")
        ag = body.get("agents", agents)
        # The server's own agents (from whoever runs it) may be module:Name bots; the agents a
        # *request* names must be built-in names, so that no web page can import a module.
        if "agents" in body and (not isinstance(ag, str) or ":" in ag):
            raise RequestError(f"new game: agents must be built-in names (greedy, random), got {ag!r}")
        try:
            table = Table(Rules.preset(r) if r is not None else default_rules, agents=ag, seed=sd, seat=st)
        except WuhanMJError as err:
            raise RequestError(f"new game: {err}") from None
        gid = secrets.token_urlsafe(9)
        try:
            g = WebGame(gid, table)
        except AgentError as err:  # a server's own module:Name bot failed while dealing
            raise RequestError(f"new game: a bot failed: {err}", 500) from None
        games[gid] = g
        while len(games) > max_games:
            games.popitem(last=False)
        return g

    async def body_of(request: Request) -> Any:
        raw = await request.body()
        if len(raw) > MAX_MESSAGE:
            raise RequestError(f"request body too long ({len(raw)} bytes, at most {MAX_MESSAGE})")
        if not raw.strip():
            return {}
        try:
            return json.loads(raw)
        except ValueError as err:
            raise RequestError(f"malformed request: not JSON ({err})") from None

    def guarded(handler: Any) -> Any:
        async def endpoint(request: Request) -> Response:
            if not _same_origin(request.headers):
                return JSONResponse({"type": "error", "error": "requests from another site are refused"},
                                    status_code=403)
            try:
                return await handler(request)
            except RequestError as err:
                return _error(err)
        return endpoint

    async def index(request: Request) -> Response:
        return HTMLResponse(page_html())

    async def create(request: Request) -> Response:
        body = await body_of(request)
        if not isinstance(body, dict):
            raise RequestError("new game: the body must be a JSON object")
        g = new_game(body)
        return JSONResponse({"type": "game", "game": g.gid, "state": g.state()})

    async def get_state(request: Request) -> Response:
        return JSONResponse(game_of(request.path_params["gid"]).state())

    async def message(request: Request) -> Response:
        g = game_of(request.path_params["gid"])
        return JSONResponse(g.handle(parse_message(await body_of(request))))

    async def record(request: Request) -> Response:
        g = game_of(request.path_params["gid"])
        text = g.record()
        name = f"wuhanmj-{g.gid}-hand-{g.table.hand_no}.jsonl"
        return Response(text, media_type="application/x-ndjson",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def socket(ws: WebSocket) -> None:
        if not _same_origin(ws.headers):
            await ws.close(code=4403)
            return
        await ws.accept()
        gid = ws.path_params["gid"]
        g = games.get(gid)
        if g is None:
            await ws.send_json({"type": "error", "error": f"unknown game {gid[:40]!r}"})
            await ws.close(code=4404)
            return
        await ws.send_json(g.state())
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    return
                raw = msg.get("text")
                if raw is None:
                    raw = msg.get("bytes") or b""
                try:
                    answer = g.handle(raw)
                except RequestError as err:
                    answer = {"type": "error", "error": str(err), "version": g.version}
                await ws.send_json(answer)
        except WebSocketDisconnect:
            return

    app = Starlette(routes=[
        Route("/", index),
        Route("/api/games", guarded(create), methods=["POST"]),
        Route("/api/games/{gid}", guarded(get_state)),
        Route("/api/games/{gid}/messages", guarded(message), methods=["POST"]),
        Route("/api/games/{gid}/record", guarded(record)),
        WebSocketRoute("/ws/{gid}", socket),
    ])
    app.state.games = games
    return app


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
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    server.run(sockets=[sock])
