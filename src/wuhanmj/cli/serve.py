"""``wuhanmj serve``: the web table on this machine (127.0.0.1 by default).

A person plays one seat in the browser against three bots: the same SVG tiles, the legal
actions as buttons, hints, the scoring sheet, and the hand's record to download for the
replay viewer. Needs the ``web`` extra: ``pip install "wuhanmj[web]"``.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from ..errors import SetupError
from ..rulefiles import load_rules
from ..rules import PRESETS
from .bots import CMD_HELP, add_bot_options, bot_options

DEFAULTS = {"max_games": 256, "idle_timeout": 1800.0, "new_games_per_minute": 30, "decision_timeout": 10.0}
"""The limits' defaults (the same as :data:`wuhanmj.web.app.DEFAULTS`, which needs the web extra)."""


def exposure_warning(host: str) -> str | None:
    """The warning printed when ``host`` is not this machine only (``0.0.0.0``, a LAN address), else None."""
    import ipaddress

    if host.lower() == "localhost":
        return None
    try:
        if ipaddress.ip_address(host.strip("[]")).is_loopback:
            return None
    except ValueError:
        pass
    return (f"warning: listening on {host}: other machines can reach the table and there is no "
            "authentication (anyone who can connect can play); use --allowed-host NAME for the names they use")

EPILOG = """\
examples:
  wuhanmj serve                                 then open http://127.0.0.1:8000/
  wuhanmj serve --port 8080 --rules koukou_fan --agents greedy,random,greedy
  wuhanmj serve --host 0.0.0.0 --allowed-host mybox.lan   (no authentication: a warning is printed)
  wuhanmj serve --public-url https://mj.example.org/     (behind a reverse proxy)
  (the page takes ?rules=NAME&agents=NAMES&seat=S, and ?seed=N with --allow-seed, to start a
  particular game; a game's page is /game/ID: a reload resumes it)

limits: a full server (--max-games) refuses a new game (503, Retry-After) and never drops a
game in play; a game without a move for --idle-timeout seconds expires (410; its finished
hand's record stays downloadable as long again); --new-games-per-minute per client (429);
a module:Name bot's decision longer than --decision-timeout seconds, or a bot that fails,
ends its hand in an error state (the next hand can be dealt); request bodies: 4,096 bytes, 10 s.
games are kept in --db (SQLite): a server killed and started again resumes them.

exit codes: 130 stopped by Ctrl-C, 143 by SIGTERM (its cmd: bots ended either way); 2 bad
options, an address that cannot be bound (a busy port), a database that cannot be opened or
the web extra missing (one line on stderr)."""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``serve`` on the ``wuhanmj`` subparsers."""
    p = subparsers.add_parser(
        "serve",
        help="serve the web table: play one seat in the browser against three bots",
        description="Serve the web table: play one seat in the browser against three bots. The "
        "game lives on the server; the page only ever receives your seat's view.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1, this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--rules", default="kaikou", metavar="RULES",
                   help=f"default rules: a preset ({', '.join(PRESETS)}) or a .toml/.json file (default kaikou)")
    p.add_argument("--agents", default="greedy", metavar="NAMES", help="the bots: one name or three, each greedy, expert, policy, random, module:Name or "
                   + CMD_HELP + " (default greedy; a page may only ask for greedy or random)")
    p.add_argument("--seed", type=int, default=None, metavar="N",
                   help="seed of every new game (default: the server draws one for each game)")
    p.add_argument("--allow-seed", action="store_true",
                   help="let a page choose its game's seed (?seed=N); by default the server chooses")
    p.add_argument("--seat", type=int, default=0, metavar="S", help="the person's seat 0-3 (default 0)")
    p.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   help="one more host name the server answers to (repeatable; always: the --host address, "
                   "localhost, 127.0.0.1, ::1); other Host headers are refused (DNS rebinding)")
    p.add_argument("--public-url", default=None, metavar="URL",
                   help="the URL people open, when not http://HOST:PORT/ (a reverse proxy's): its host is "
                   "allowed and its origin accepted")
    p.add_argument("--max-games", type=int, default=DEFAULTS["max_games"], metavar="N",
                   help=f"games in play at most (default {DEFAULTS['max_games']})")
    p.add_argument("--idle-timeout", type=float, default=DEFAULTS["idle_timeout"], metavar="SECONDS",
                   help=f"a game without a move this long expires (default {DEFAULTS['idle_timeout']:g} s, 30 min)")
    p.add_argument("--new-games-per-minute", type=int, default=DEFAULTS["new_games_per_minute"], metavar="N",
                   help=f"new games one client may start a minute (default {DEFAULTS['new_games_per_minute']}; "
                   "0: no limit)")
    p.add_argument("--decision-timeout", type=float, default=DEFAULTS["decision_timeout"], metavar="SECONDS",
                   help=f"seconds a module:Name bot may take for one decision (default {DEFAULTS['decision_timeout']:g}; "
                   "the built-in bots are quick)")
    p.add_argument("--db", default=None, metavar="FILE",
                   help="SQLite file the games are kept in (default $XDG_DATA_HOME/wuhanmj/web.sqlite3, "
                   "else ~/.local/share/wuhanmj/web.sqlite3; :memory: keeps nothing)")
    add_bot_options(p)
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Run ``wuhanmj serve`` until interrupted; returns the exit code."""
    if not 0 < args.port < 65536:
        raise SetupError(f"--port must be 1-65535, got {args.port}")
    for name in ("max_games", "new_games_per_minute"):
        if getattr(args, name) < (1 if name == "max_games" else 0):
            raise SetupError(f"--{name.replace('_', '-')} must be >= {1 if name == 'max_games' else 0}, "
                             f"got {getattr(args, name)}")
    for name in ("idle_timeout", "decision_timeout"):
        value = getattr(args, name)
        if not (value > 0 and math.isfinite(value)):
            raise SetupError(f"--{name.replace('_', '-')} must be a finite number of seconds > 0, got {value}")
    rules = load_rules(args.rules)
    try:
        from ..web.app import create_app, listen, serve, url_of
        from ..web.store import default_db_path
    except ImportError as err:
        raise SetupError(f"the web table needs the web extra: pip install \"wuhanmj[web]\" ({err})") from None
    if args.db is not None and args.db != ":memory:":
        # a path given by hand: its folder must exist (the default's is made), and it must be a
        # database file, not a device or a folder (SQLite would write its journal beside it)
        path = Path(args.db)
        if not path.parent.is_dir():
            raise SetupError(f"--db: the folder of {args.db} does not exist")
        if path.exists() and not path.is_file():
            raise SetupError(f"--db: {args.db} is not a regular file")
    db = args.db if args.db is not None else default_db_path()
    if args.bot_timeout is None:
        args.bot_timeout = args.decision_timeout  # a cmd: bot's decision limit is the server's
    with bot_options(args):
        return _serve(args, rules, db, create_app, listen, serve, url_of)


def _serve(args: argparse.Namespace, rules: Any, db: Any, create_app: Any, listen: Any, serve: Any,
           url_of: Any) -> int:
    """Create the app, listen, and serve until interrupted."""
    app = create_app(rules=rules, agents=args.agents, seed=args.seed, seat=args.seat, allow_seed=args.allow_seed,
                     host=args.host, allowed_hosts=args.allowed_host, public_url=args.public_url,
                     max_games=args.max_games, idle_timeout=args.idle_timeout,
                     new_games_per_minute=args.new_games_per_minute, decision_timeout=args.decision_timeout, db=db)
    sock = listen(args.host, args.port)  # a busy port or bad host fails here, before the URL is announced
    try:
        warning = exposure_warning(args.host)
        if warning:
            print(warning, file=sys.stderr, flush=True)
        print(f"wuhanmj web table on {url_of(args.host, args.port)} (Ctrl-C stops it; games kept in {db})",
              flush=True)
        serve(app, sock=sock)
    finally:
        sock.close()
    return 0
