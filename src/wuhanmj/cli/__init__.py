"""The ``wuhanmj`` command: ``simulate``, ``check``, ``score``, ``replay``, ``review``, ``bench``,
``arena``, ``study``, ``report``, ``play``, ``serve``.

Each subcommand lives in its own module of this package with two functions,
``add_parser(subparsers)`` and ``run(args) -> int``. Errors print one line to
stderr and exit with code 2; ``--traceback`` (before or after the subcommand) prints
the Python traceback of the error and its cause first, e.g. of a custom agent.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import threading
import traceback
from collections.abc import Iterator
from typing import Any, NoReturn

from ..errors import WuhanMJError

SUBCOMMANDS = ("simulate", "check", "score", "replay", "review", "bench", "arena", "study", "report", "play",
               "serve", "train")


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr and exit code 2.

    Subparsers inherit the class, so every level behaves the same; ``--help`` still
    prints the full usage.
    """

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argparse tree of the ``wuhanmj`` command.

    Args:
        only: a name of ``SUBCOMMANDS``: that subcommand's module alone is imported and
            added (what :func:`main` does when the command line names one, so that
            ``wuhanmj simulate`` never loads the modules of ``play`` or ``replay``); None:
            every subcommand (``wuhanmj --help`` lists them all).
    """
    from .. import __version__

    parser = OneLineParser(
        prog="wuhanmj",
        description="Wuhan Mahjong (武汉麻将, 红中癞子杠): simulate, check hands, score wins, replay.",
    )
    parser.add_argument("--version", action="version", version=f"wuhanmj {__version__}")
    parser.add_argument("--traceback", action="store_true", help=TRACEBACK_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS if only is None else (only,):
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as err:  # a subcommand not built yet
            if err.name != f"{__name__}.{name}":
                raise
            continue
        p = module.add_parser(sub)
        if isinstance(p, argparse.ArgumentParser):  # also after the subcommand; SUPPRESS keeps the top's
            p.add_argument("--traceback", action="store_true", default=argparse.SUPPRESS, help=TRACEBACK_HELP)
    return parser


TRACEBACK_HELP = ("on an error, print the Python traceback of its cause (a custom agent's exception, "
                  "module:Name) before the one-line message")


def _command_named(argv: list[str]) -> str | None:
    """The subcommand the command line names (its first word that is not an option: the
    top level's options take no value), or None (none, or a word that is no subcommand:
    the whole tree then says so)."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in SUBCOMMANDS else None
    return None


class _Stopped(BaseException):
    """SIGTERM or SIGHUP arrived: unwind like Ctrl-C, so that the bots are ended (``atexit``)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, frame: Any) -> NoReturn:
    raise _Stopped(signum)


@contextlib.contextmanager
def _stopped_by_signals() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP (left at their default: the process would end
    at once, its ``cmd:`` bots left running in their own sessions) raise :class:`_Stopped`;
    the handlers before are put back after it. Only in the main thread (where Python
    takes signals)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {}
    for sig in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)):
        if sig is not None and signal.getsignal(sig) is signal.SIG_DFL:
            before[sig] = signal.signal(sig, _stop)
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code (130 after Ctrl-C, 128 +
    the signal's number after SIGTERM or SIGHUP)."""
    parser = build_parser(_command_named(sys.argv[1:] if argv is None else argv))
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        with _stopped_by_signals():
            return int(args.run(args) or 0)
    except _Stopped as stop:
        print(f"wuhanmj: stopped by {signal.Signals(stop.signum).name}", file=sys.stderr)
        return 128 + stop.signum
    except WuhanMJError as err:
        if getattr(args, "traceback", False):
            traceback.print_exception(err, file=sys.stderr)
        print(f"wuhanmj {args.command}: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("wuhanmj: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (``wuhanmj score … | head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
