"""The options of the bots that play over the line protocol (``--agents "cmd:COMMAND"``,
docs/PROTOCOL.md), shared by ``simulate``, ``arena``, ``play`` and ``serve``."""

from __future__ import annotations

import argparse
import contextlib
from typing import Any

__all__ = ["add_bot_options", "bot_options", "CMD_HELP"]

CMD_HELP = 'cmd:COMMAND (a program speaking docs/PROTOCOL.md; no commas in COMMAND)'


def _seconds(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not v > 0 or v == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds > 0, got {text!r}")
    return v


def add_bot_options(p: argparse.ArgumentParser) -> None:
    """Add ``--bot-timeout SECONDS`` and ``--on-bot-error {stop,pass}`` to ``p``."""
    p.add_argument("--bot-timeout", type=_seconds, default=None, metavar="SECONDS",
                   help="seconds a cmd: bot may take for one decision (default 10)")
    p.add_argument("--on-bot-error", choices=("stop", "pass"), default=None,
                   help="a cmd: bot that crashes, hangs, prints no JSON or plays an illegal action: stop "
                   "the run with one line (default), or pass: play the safest legal action and count "
                   "the fault in the result")


def bot_options(args: argparse.Namespace) -> contextlib.AbstractContextManager[Any]:
    """The ``with`` block in which the ``cmd:`` agents of ``args.agents`` get the options
    (:func:`wuhanmj.agents.process.bot_defaults`)."""
    from ..agents.process import bot_defaults

    return bot_defaults(getattr(args, "bot_timeout", None), getattr(args, "on_bot_error", None))
