"""Bots in any language: :class:`ProcessAgent` plays a seat through a program that speaks the
line protocol of docs/PROTOCOL.md over its standard input and output.

The engine writes one JSON object a line to the bot: ``hello`` once when the process
starts, then for every hand the events its seat may know (:func:`~wuhanmj.game.events.seat_event`:
the ``deal`` with its own tiles only, the ``indicator``, every ``draw`` — another seat's
without its tile —, ``discard``, its own ``claim``/``pass``, ``meld``, ``gang``, ``special``,
``hu``, and the ``settlement`` that ends the hand), and at each decision a ``request`` with
the legal action codes and their names; the bot answers with one line naming one of them
(``{"code": 4}``, a bare ``4``, or ``{"name": "discard 5m"}``).

One process plays a seat for a whole run, not one per hand: the copies a simulation or an
arena makes of a ProcessAgent (every batch, every seating) lease their processes from one
pool, in each process of the run (a worker starts its own), so a run has as many bot
processes as seats the bot holds at once. The process is started lazily, on the first
hand, so a ProcessAgent pickles to the workers as its command alone; every process is
ended (its standard input closed, then killed if it does not exit, and always reaped) by
:meth:`ProcessAgent.close`, by the end of the Python process (``atexit`` and
multiprocessing's exit), and after a fault.

Faults (:class:`~wuhanmj.errors.BotError`): a bot that cannot be started, exits, takes
longer than ``timeout`` seconds to answer, prints a line that is not JSON, or answers
something that is not one of the legal actions. With ``on_error="stop"`` (the default)
the BotError stops the run, its message naming the bot, the seat, the hand and the fault;
with ``on_error="pass"`` the decision is played as the safest legal action
(:func:`~wuhanmj.agents.protocol.safest_action`: pass, else the first discard, else the
first legal code) and the
fault is counted (:meth:`ProcessAgent.take_faults`, which simulations and arenas tally as
``bot_faults``). After a crash or a timeout the process is ended and the seat plays the
safest action for the rest of the hand; the next hand starts a new process.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shlex
import subprocess
import time
import weakref
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any

from ..errors import AgentError, BotError
from .botprocess import BotProcess, drop, give_back, hold, hook_exit, idle_bot, take_pool
from .protocol import dumps, parse_answer, request_message, safest_action

__all__ = ["ProcessAgent", "ON_ERROR", "bot_defaults", "COMMA_HINT"]

COMMA_HINT = ("; a cmd: command cannot hold a comma (the agents are comma-separated): "
              "put it in a script and name the script")
"""The hint an error about a command or an agent list adds when a comma may have split a command."""

ON_ERROR = ("stop", "pass")
"""What a bot's fault does: stop the run (BotError), or play the safest action and count it."""

_tokens = itertools.count(1)


_DEFAULTS: dict[str, Any] = {"timeout": 10.0, "on_error": "stop"}


@contextlib.contextmanager
def bot_defaults(timeout: float | None = None, on_error: str | None = None) -> Iterator[None]:
    """Within the ``with`` block, ``cmd:COMMAND`` agents made by name
    (:func:`~wuhanmj.agents.make_agent`) get this ``timeout`` and ``on_error`` (None keeps
    the default: 10 s, ``"stop"``): how the commands' ``--bot-timeout`` and
    ``--on-bot-error`` reach the bots their ``--agents`` name.

    Raises:
        AgentError: a timeout that is not a positive number, or an unknown ``on_error``.
    """
    _check_options(10.0 if timeout is None else timeout, "stop" if on_error is None else on_error)
    before = dict(_DEFAULTS)
    if timeout is not None:
        _DEFAULTS["timeout"] = float(timeout)
    if on_error is not None:
        _DEFAULTS["on_error"] = on_error
    try:
        yield
    finally:
        _DEFAULTS.clear()
        _DEFAULTS.update(before)


def _check_options(timeout: Any, on_error: Any) -> None:
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0 or timeout != timeout:
        raise AgentError(f"bot: timeout must be a number of seconds > 0, got {timeout!r}")
    if on_error not in ON_ERROR:
        raise AgentError(f"bot: on_error must be one of {', '.join(ON_ERROR)}, got {on_error!r}")


def _argv(command: Any) -> list[str]:
    """The words of a bot's command: a command line split as a POSIX shell splits it, or a
    list of str (paths and bytes as the system spells them).

    Raises:
        AgentError: a command that cannot be read, is empty, has a word that is not text,
            or holds a NUL character (no program can be given one).
    """
    try:
        words = shlex.split(command) if isinstance(command, str) else list(command)
    except (ValueError, TypeError) as err:
        raise AgentError(f"bot: cannot read the command {command!r}: {err}{COMMA_HINT}") from None
    argv = []
    for a in words:
        if not isinstance(a, (str, bytes, os.PathLike)):
            raise AgentError(f"bot: the command's words must be str (or paths), got {a!r} ({type(a).__name__})")
        argv.append(os.fsdecode(a))
    if not argv:
        raise AgentError(f"bot: an empty command {command!r}")
    if any("\0" in a for a in argv):
        raise AgentError(f"bot: the command {command!r} holds a NUL character")
    return argv


def _check_stderr(stderr: Any) -> None:
    """Refuse a bot's ``stderr`` that cannot work.

    Raises:
        AgentError: ``subprocess.PIPE`` (nobody reads it: the bot blocks once it is full),
            ``subprocess.STDOUT`` (its messages would be read as answers), or anything but
            None, ``subprocess.DEVNULL``, a file descriptor or an object with ``fileno()``.
    """
    if stderr is None or stderr == subprocess.DEVNULL and type(stderr) is int:
        return
    if type(stderr) is int:
        if stderr >= 0:
            return
        why = {subprocess.PIPE: "PIPE: nobody reads it, and the bot blocks once it is full",
               subprocess.STDOUT: "STDOUT: its messages would be read as answers"}.get(stderr, "not a file descriptor")
        raise AgentError(f"bot: stderr={stderr} is refused ({why}); None, subprocess.DEVNULL or a file")
    if not callable(getattr(stderr, "fileno", None)):
        raise AgentError(f"bot: stderr must be None, subprocess.DEVNULL, a file descriptor or a file, got {stderr!r}")


class ProcessAgent:
    """A seat played by a program over the line protocol (docs/PROTOCOL.md; module docstring).

    Args:
        command: the program and its arguments (a list of str; paths and bytes are taken
            as the system spells them), or one command line (a str, split as a POSIX shell
            splits words; no shell runs it).
        timeout: seconds each decision may take (> 0; default 10): the time from the
            request to the answer line.
        start_timeout: seconds more that the first answer of each process may take (>= 0;
            default 5): the program's start-up (an interpreter, a JVM, loading a model).
        on_error: ``"stop"`` (a fault raises BotError) or ``"pass"`` (the safest legal
            action is played and the fault counted).
        name: the label in results (default ``cmd:`` and the command line).
        cwd: the working directory of the process (default this process's).
        stderr: where the bot's standard error goes: None (this process's, the default),
            or ``subprocess.DEVNULL`` / a file (an object with ``fileno()``, or a file
            descriptor); never ``subprocess.PIPE`` or ``STDOUT``.

    Raises:
        AgentError: an empty command, one that cannot be read (unbalanced quotes), a word
            that is not text or holds a NUL character, a ``stderr`` that cannot work, a
            timeout that is not a positive number, or an unknown ``on_error``.

    Used by ``--agents "cmd:COMMAND"`` (:func:`wuhanmj.agents.make_agent`). A context
    manager: ``with ProcessAgent(["./mybot"]) as bot: ...`` ends its processes on exit.
    """

    observes = True
    legal_codes = True

    def __init__(self, command: str | Sequence[str], *, timeout: float | None = None, on_error: str | None = None,
                 start_timeout: float = 5.0, name: str | None = None, cwd: str | None = None, stderr: int | IO[Any] | None = None) -> None:
        argv = _argv(command)
        _check_stderr(stderr)
        timeout = _DEFAULTS["timeout"] if timeout is None else timeout
        on_error = _DEFAULTS["on_error"] if on_error is None else on_error
        _check_options(timeout, on_error)
        assert timeout is not None and on_error is not None
        if isinstance(start_timeout, bool) or not isinstance(start_timeout, (int, float)) or not start_timeout >= 0:
            raise AgentError(f"bot: start_timeout must be a number of seconds >= 0, got {start_timeout!r}")
        self.start_timeout = float(start_timeout)
        self.argv = argv
        self.command = command if isinstance(command, str) else shlex.join(argv)
        self.name = name or f"cmd:{self.command}"
        self.timeout = float(timeout)
        self.on_error = on_error
        self.cwd = cwd
        self.stderr = stderr
        self._pool = next(_tokens) + (os.getpid() << 32)  # copies share it; another ProcessAgent does not
        self._init_state()

    def _init_state(self) -> None:
        self._held: list[BotProcess | None] = [None]  # the process this object holds (its finalizer ends it)
        hold(self._pool, self._held)
        weakref.finalize(self, drop, self._pool, self._held)
        self._seat: int | None = None
        self._playing: int | None = None  # the seat it plays in the hand under way
        self._dealt = False  # a deal is among the pending lines: the process's next hand
        self._hand = 0  # the hand in play as the process counts them (its deals; 1 = its first)
        self._broken = False  # this hand: the process crashed or hung; the seat plays safe
        self._pending: list[str] = []  # event lines not yet written
        self._faults = 0
        self.last_fault: str | None = None  # what its last fault played as the safest action was (its message)

    # -------------------------------------------------------------- pickling and copies
    def __getstate__(self) -> dict[str, Any]:
        stderr = self.stderr if self.stderr is None or isinstance(self.stderr, int) else None
        return {"argv": self.argv, "command": self.command, "name": self.name, "timeout": self.timeout,
                "on_error": self.on_error, "start_timeout": self.start_timeout, "cwd": self.cwd, "stderr": stderr, "pool": self._pool}

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        self.argv = list(state["argv"])
        self.command, self.name = state["command"], state["name"]
        self.timeout, self.on_error = state["timeout"], state["on_error"]
        self.start_timeout = state.get("start_timeout", 5.0)
        self.cwd, self.stderr, self._pool = state["cwd"], state["stderr"], state["pool"]
        self._init_state()

    def __deepcopy__(self, memo: dict[int, Any]) -> ProcessAgent:
        new = ProcessAgent.__new__(ProcessAgent)
        new.__setstate__(self.__getstate__())
        new.stderr = self.stderr
        return new

    def __repr__(self) -> str:
        return f"ProcessAgent({self.argv!r}, timeout={self.timeout:g}, on_error={self.on_error!r})"

    # -------------------------------------------------------------- the process
    @property
    def _bot(self) -> BotProcess | None:
        return self._held[0]

    @_bot.setter
    def _bot(self, b: BotProcess | None) -> None:
        self._held[0] = b

    def _lease(self) -> BotProcess:
        """This seat's process for the hand: an idle one of the pool, else a new one.

        Raises:
            BotError: the program cannot be started.
        """
        if self._bot is not None and not self._bot.dead:
            return self._bot
        idle = idle_bot(self._pool)
        if idle is not None:
            self._bot = idle
            return idle
        hook_exit()
        try:
            self._bot = BotProcess(self.argv, self.cwd, self.stderr)
        except OSError as err:
            self._hand = 1  # the first hand of the process it would have been
            raise self._error("start", f"cannot be started: {err.strerror or err}") from None
        return self._bot

    def _release(self) -> None:
        """Give the process back to the pool (the hand is over)."""
        b, self._bot = self._bot, None
        if b is not None and not b.dead:
            give_back(self._pool, b)

    def close(self) -> None:
        """End every process of this bot (this agent's and its copies' in this Python
        process) and reap them. The agent may play again: it starts a new process."""
        b, self._bot = self._bot, None
        bots = take_pool(self._pool)
        for x in [*bots, *([b] if b is not None else [])]:
            x.end()

    def __enter__(self) -> ProcessAgent:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def take_faults(self) -> int:
        """The faults played as the safest action since the last call (``on_error="pass"``),
        and reset the count to 0."""
        n, self._faults = self._faults, 0
        return n

    @property
    def pid(self) -> int | None:
        """The process id of the process this agent holds now, or None."""
        b = self._bot
        return None if b is None or b.dead else b.proc.pid

    # -------------------------------------------------------------- the agent protocol
    def reset(self, seed: int | None = None) -> None:
        """A new match begins: nothing to do (the bot learns of each hand by its ``deal``)."""

    def observe_events(self, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        """Take the events of the hand its seat may know (the game loop's
        :class:`~wuhanmj.game.loop.EventFeed`); they are written with the next request, or
        at once when the hand is over (the process then goes back to the pool).

        Raises:
            AgentError: this agent already plays another seat of the hand (one ProcessAgent
                plays one seat: make one for each seat).
        """
        self._at_seat(seat)
        for e in events:
            typ = e.get("type")
            if typ == "deal":
                self._dealt = True
                self._broken = False
                self._pending = []
            self._pending.append(dumps(e))
        if events and events[-1].get("type") == "settlement":
            self._flush_end()
            self._playing = None

    def _at_seat(self, seat: int) -> None:
        """Note the seat this agent plays in the hand; refuse a second one."""
        if self._playing is None:
            self._playing = seat
        elif seat != self._playing:
            raise AgentError(f"bot {self.command!r}: one ProcessAgent plays one seat, and this one already plays "
                             f"seat {self._playing} of the hand (asked for seat {seat}); make one for each seat")
        self._seat = seat

    def _flush_end(self) -> None:
        """Write the hand's last events and release the process (a bot gone at the end of a
        hand is found out at the next request)."""
        b = self._bot
        lines, self._pending = self._pending, []
        if b is None or b.dead or self._broken:
            self._release()
            return
        self._count_hand(b)
        try:
            b.write("\n".join(lines) + "\n", time.monotonic() + self.timeout)
        except (OSError, TimeoutError):
            b.end(kill=True)
        self._release()

    def act(self, observation: Any, legal_actions: Sequence[int]) -> int:
        """The bot's answer to this decision (a legal code).

        Raises:
            AgentError: this agent already plays another seat of the hand.
            BotError: with ``on_error="stop"``: the bot cannot be started, exited, took
                longer than ``timeout``, printed a line that is not JSON, or answered an
                action that is not legal (the message names the bot, seat, hand and fault);
                with ``"pass"``: only a bot that cannot be started.
            AgentError: no legal action.
        """
        codes = legal_actions if type(legal_actions) is tuple else tuple(legal_actions)
        if observation is not None:
            self._at_seat(observation.seat)
        if self._broken:
            return safest_action(codes)
        b = self._lease()
        self._count_hand(b)
        extra = b.unasked()
        if extra:
            shown = extra.split(b"\n", 1)[0][:80].decode("utf-8", "replace")
            return self._fault("illegal", f"printed a line it was not asked for: {shown!r} (one answer a request, "
                               "none to the other messages)", codes)
        b.requests += 1
        lines = self._pending
        lines.append(dumps(request_message(observation, codes, b.requests)))
        self._pending = []
        deadline = time.monotonic() + self.timeout + (self.start_timeout if b.requests == 1 else 0.0)
        try:
            b.write("\n".join(lines) + "\n", deadline)
            line = b.readline(deadline)
        except TimeoutError:
            b.end(kill=True)
            return self._fault("timeout", f"gave no answer within {self.timeout:g} s", codes, broken=True)
        except (EOFError, BrokenPipeError, ConnectionResetError):
            how = b.exit_text()
            b.end(kill=True)
            what = "closed its standard output" if how == "still running" else f"exited ({how})"
            return self._fault("crash", what, codes, broken=True)
        except ValueError as err:
            b.end(kill=True)
            return self._fault("not_json", f"printed {err}", codes, broken=True)
        verdict, code = parse_answer(line, codes)
        if verdict == "ok":
            assert code is not None
            return code
        shown = line[:80].decode("utf-8", "replace")
        if verdict == "not_json":
            return self._fault("not_json", f"printed a line that is not JSON: {shown!r}", codes)
        return self._fault("illegal", f"answered {shown!r}, not one of the legal actions {list(codes)}", codes)

    def _count_hand(self, b: BotProcess) -> None:
        """The lines about to be written to ``b`` begin a hand (a deal): its next one. The
        hand in play is the process's count (a loop that sends no events: its first)."""
        if self._dealt:
            self._dealt = False
            b.hands += 1
        self._hand = max(b.hands, 1)

    def _error(self, fault: str, what: str) -> BotError:
        seat = "?" if self._seat is None else self._seat
        hand = self._hand or None
        where = f"seat {seat}, hand {hand if hand is not None else '?'}"
        return BotError(f"bot {self.command!r} ({where}) {what}", bot=self.command, seat=self._seat,
                        hand=hand, fault=fault)

    def _fault(self, fault: str, what: str, codes: Sequence[int], broken: bool = False) -> int:
        """Stop (raise) or count the fault and play the safest action."""
        if self.on_error == "stop":
            if self._bot is not None:
                self._bot.end(kill=True)
                self._bot = None
            raise self._error(fault, what)
        self._faults += 1
        self.last_fault = str(self._error(fault, what))
        if broken:
            self._broken = True
            self._bot = None
        return safest_action(codes)
