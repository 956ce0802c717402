"""``wuhanmj serve``: the web table on this machine (127.0.0.1 by default).

A person plays one seat in the browser against three bots: the same SVG tiles, the legal
actions as buttons, hints, the scoring sheet, and the hand's record to download for the
replay viewer. Needs the ``web`` extra: ``pip install "wuhanmj[web]"``.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import SetupError
from ..rulefiles import load_rules
from ..rules import PRESETS

EPILOG = """\
examples:
  wuhanmj serve                                 then open http://127.0.0.1:8000/
  wuhanmj serve --port 8080 --rules koukou_fan --agents greedy,random,greedy
  (the page takes ?seed=N&rules=NAME&agents=NAMES&seat=S to start a particular game)

exit codes: 0 stopped; 2 bad options, an address that cannot be bound (a busy port) or the
web extra missing (one line on stderr)."""


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
    p.add_argument("--agents", default="greedy", metavar="NAMES", help="the bots: one name or three, each greedy, random or module:Name "
                   "(default greedy; a page may only ask for greedy or random)")
    p.add_argument("--seed", type=int, default=None, metavar="N", help="seed of every new game (default: random)")
    p.add_argument("--seat", type=int, default=0, metavar="S", help="the person's seat 0-3 (default 0)")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Run ``wuhanmj serve`` until interrupted; returns the exit code."""
    if not 0 < args.port < 65536:
        raise SetupError(f"--port must be 1-65535, got {args.port}")
    rules = load_rules(args.rules)
    try:
        from ..web.app import create_app, listen, serve, url_of
    except ImportError as err:
        raise SetupError(f"the web table needs the web extra: pip install \"wuhanmj[web]\" ({err})") from None
    app = create_app(rules=rules, agents=args.agents, seed=args.seed, seat=args.seat)
    sock = listen(args.host, args.port)  # a busy port or bad host fails here, before the URL is announced
    try:
        print(f"wuhanmj web table on {url_of(args.host, args.port)} (Ctrl-C stops it)", flush=True)
        serve(app, sock=sock)
    finally:
        sock.close()
    return 0
