"""The processes of the line protocol's bots: one running bot (:class:`BotProcess`: its
pipes, a line reader with a deadline, its end with its process group) and the pools that
let the copies of a :class:`~wuhanmj.agents.process.ProcessAgent` share their processes
within one Python process (a run has as many bot processes as seats a bot holds at once).

A pool is a number (an agent and its copies share one); :func:`hold` and :func:`drop`
count the agent objects alive with it, :func:`idle_bot` / :func:`give_back` lease its
idle processes, and every process still running is ended at the Python process's exit
(:func:`hook_exit`).
"""

from __future__ import annotations

import atexit
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from typing import IO, Any

from .protocol import PROTOCOL_VERSION, dumps

__all__ = ["MAX_LINE", "CLOSE_WAIT", "MAX_WAIT", "BotProcess", "hold", "drop", "idle_bot", "give_back",
           "take_pool", "pooled", "end_all", "hook_exit"]

MAX_LINE = 1 << 20  # bytes: an answer is a few bytes; a longer line is not an answer
CLOSE_WAIT = 1.0  # seconds a bot has to exit once its input is closed, before it is killed
MAX_WAIT = 3600.0  # seconds of one select(): a longer timeout (1e12, inf) is waited in pieces


class BotProcess:
    """One running bot process: its pipes, a line reader with a deadline, and its end."""

    __slots__ = ("proc", "argv", "_in", "_out", "_buf", "_eof", "dead", "requests", "hands")

    def __init__(self, argv: Sequence[str], cwd: str | None, stderr: Any) -> None:
        self.argv = list(argv)
        # its own session (and process group): its children end with it (end), and a
        # terminal's Ctrl-C reaches the engine only, which ends its bots
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                     bufsize=0, cwd=cwd, close_fds=True, start_new_session=True)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        os.set_blocking(self._in, False)  # a bot that stops reading cannot block the engine
        self._buf = b""
        self._eof = False  # its output ended (found by unasked; readline raises EOFError)
        self.dead = False
        self.requests = 0
        self.hands = 0  # the deals written to it: the hand it plays is its hands-th
        _RUNNING.add(self)
        try:
            self.write(dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "engine": "wuhanmj"}) + "\n", None)
        except (OSError, TimeoutError):
            pass  # it exited at once, or reads nothing: the first request finds it out

    def write(self, text: str, deadline: float | None) -> None:
        """Write ``text`` whole. Raises BrokenPipeError (the bot is gone) or TimeoutError
        (its input is full past ``deadline``: it reads nothing)."""
        data = memoryview(text.encode())
        while data:
            try:
                n = os.write(self._in, data)
            except BlockingIOError:
                if deadline is None:
                    deadline = time.monotonic() + 5.0
                wait = deadline - time.monotonic()
                if wait <= 0:
                    raise TimeoutError from None
                select.select([], [self._in], [], min(wait, MAX_WAIT))
                continue
            data = data[n:]

    def readline(self, deadline: float) -> bytes:
        """The next line the bot prints. Raises EOFError (it exited), TimeoutError (no line
        by ``deadline``) or ValueError (a line longer than MAX_LINE)."""
        while True:
            i = self._buf.find(b"\n")
            if i >= 0:
                line, self._buf = self._buf[:i], self._buf[i + 1:]
                return line
            if len(self._buf) > MAX_LINE:
                raise ValueError("a line longer than 1 MiB")
            if self._eof:
                raise EOFError
            wait = deadline - time.monotonic()
            if wait <= 0:
                raise TimeoutError
            if not select.select([self._out], [], [], min(wait, MAX_WAIT))[0]:
                continue
            data = os.read(self._out, 65536)
            if not data:
                raise EOFError
            self._buf += data

    def unasked(self) -> bytes:
        """What the bot printed since its last answer, before it is asked again (a second
        answer to one request, an answer to an event): b"" when nothing. Never blocks; an
        end of output is left for :meth:`readline` to find."""
        while select.select([self._out], [], [], 0)[0]:
            data = os.read(self._out, 65536)
            if not data:
                self._eof = True
                break
            self._buf += data
            if len(self._buf) > MAX_LINE:
                break
        out, self._buf = self._buf, b""
        return out

    def exit_text(self) -> str:
        """How the process ended (it has exited, or is being ended): ``exit 3``, ``signal 9``."""
        try:
            rc = self.proc.wait(0.5)
        except subprocess.TimeoutExpired:
            return "still running"
        return f"signal {-rc}" if rc < 0 else f"exit {rc}"

    def end(self, kill: bool = False) -> None:
        """End the process: close its input (it should exit), kill it if it does not within
        a second (or at once when ``kill``), and reap it; then kill what it left behind in
        its process group (the children it started). Idempotent."""
        if self.dead:
            return
        self.dead = True
        _RUNNING.discard(self)
        p = self.proc
        try:
            if kill:
                self._kill_group()
            _close(p.stdin)
            try:
                p.wait(CLOSE_WAIT)  # its output stays open meanwhile: an answer it is writing does not break
            except subprocess.TimeoutExpired:
                self._kill_group()
                p.wait()
        except OSError:  # pragma: no cover - already reaped
            pass
        _close(p.stdout)
        self._kill_group()  # the children it started, reparented when it exited: no orphan left

    def _kill_group(self) -> None:
        """SIGKILL to the bot's process group (its own session: the bot and its children)."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass  # nothing left of it


def _close(f: IO[Any] | None) -> None:
    try:
        if f is not None:
            f.close()
    except OSError:
        pass


_RUNNING: set[BotProcess] = set()
_POOLS: dict[int, list[BotProcess]] = {}
_REFS: dict[int, int] = {}  # pool -> the ProcessAgent objects (an agent and its copies) alive with it
_LOCK = threading.Lock()
_exit_hooked = False


def hold(pool: int, held: list[Any]) -> None:
    """One more agent object of ``pool`` alive; when it is collected, :func:`drop` runs."""
    with _LOCK:
        _REFS[pool] = _REFS.get(pool, 0) + 1


def drop(pool: int, held: list[Any]) -> None:
    """An agent object of ``pool`` is gone: end the process it held; the last one of the
    pool ends the pool's idle processes too (a web table's bots when its game expires)."""
    bots = [b for b in held if b is not None]
    with _LOCK:
        n = _REFS.get(pool, 1) - 1
        if n <= 0:
            _REFS.pop(pool, None)
            bots += _POOLS.pop(pool, [])
        else:
            _REFS[pool] = n
    for b in bots:
        b.end()


def end_all() -> None:
    """End every bot process of this Python process (at its exit)."""
    with _LOCK:
        bots = list(_RUNNING)
        _POOLS.clear()
    for b in bots:
        b.end()


def hook_exit() -> None:
    """End the bots at exit: ``atexit`` in a main process; multiprocessing's own exit in a
    worker (whose end skips ``atexit``)."""
    global _exit_hooked
    if _exit_hooked:
        return
    _exit_hooked = True
    atexit.register(end_all)
    if "multiprocessing" in sys.modules:
        from multiprocessing import util

        util.Finalize(None, end_all, exitpriority=100)


def idle_bot(pool: int) -> BotProcess | None:
    """An idle process of ``pool`` still running, taken out of the pool (the dead ones
    found on the way are ended); None when there is none."""
    with _LOCK:
        idle = _POOLS.get(pool)
        while idle:
            b = idle.pop()
            if not b.dead and b.proc.poll() is None:
                return b
            b.end()
    return None


def give_back(pool: int, bot: BotProcess) -> None:
    """Put ``bot`` back among ``pool``'s idle processes (its hand is over)."""
    with _LOCK:
        _POOLS.setdefault(pool, []).append(bot)


def take_pool(pool: int) -> list[BotProcess]:
    """Every idle process of ``pool``, taken out of it (to be ended)."""
    with _LOCK:
        return _POOLS.pop(pool, [])


def pooled(pool: int) -> list[BotProcess]:
    """The idle processes of ``pool`` (a copy of the list; for inspection)."""
    with _LOCK:
        return list(_POOLS.get(pool, []))
