"""The web table's games on the server: how many, how long, and where they are kept.

:class:`GameStore` holds every :class:`~wuhanmj.web.session.WebGame` by id:

* at most ``max_games`` live games: a new one is refused (503, with the seconds until a
  slot frees up) rather than dropping a game someone plays;
* a game that received no message for ``idle_timeout`` seconds **expires**: it answers
  410 ("expired"), and only its finished hand's record can still be downloaded until it
  is purged, ``idle_timeout`` seconds later (or sooner, oldest first, once more than
  ``max_games`` expired games are kept);
* with a database (``db``, an SQLite file in WAL mode; ``":memory:"`` for none), every
  applied message is saved in one transaction with its version: the game's seed, rules,
  agents and seat, and the event log of every hand of its match (the deal with the wall,
  then each event; only the new events are written), so a server killed at any moment and
  started again on the same file replays every game to its last applied action, the
  finished hands (their records, the scores) included. The bots start afresh (their own
  random state is not kept); idle clocks restart with the server.
"""

from __future__ import annotations

import json
import math
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import RequestError, SetupError, WuhanMJError
from ..game.engine import Game
from ..play.table import Table
from ..rules import Rules
from .session import WebGame, log

__all__ = ["GameStore", "Entry", "default_db_path"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    gid TEXT PRIMARY KEY, spec TEXT NOT NULL, version INTEGER NOT NULL, hand_no INTEGER NOT NULL,
    hand INTEGER NOT NULL, fault TEXT, expired INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS events (
    gid TEXT NOT NULL, hand INTEGER NOT NULL, idx INTEGER NOT NULL, event TEXT NOT NULL,
    PRIMARY KEY (gid, hand, idx));
"""
# ``hand``: the index of a hand in its match (finished hands 0 .. hand-1); ``hand_no``: the
# table's count of hands dealt (a hand a bot failed in is dealt again under a new number).


def default_db_path() -> Path:
    """Where ``wuhanmj serve`` keeps its games by default:
    ``$XDG_DATA_HOME/wuhanmj/web.sqlite3`` (``~/.local/share/wuhanmj/web.sqlite3`` without it)."""
    import os

    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "wuhanmj" / "web.sqlite3"


@dataclass
class Entry:
    """One game in the store: the game, what its requests wait on, and its clocks."""

    game: WebGame
    spec: dict[str, Any]
    last: float
    expired_at: float | None = None
    lock: Any = None  # an asyncio.Lock, made by the app in its event loop
    sockets: set[Any] = field(default_factory=set)
    saved: tuple[Any, int, int] = (None, -1, 0)  # (hand object, its index, events) last written


class GameStore:
    """The games by id (see the module docstring).

    Args:
        max_games: live games at most (>= 1).
        idle_timeout: seconds without a message after which a game expires (> 0).
        db: an SQLite file, or ``":memory:"`` (nothing kept across restarts).
        clock: seconds, monotonic (tests pass their own).
        make_game: ``(gid, table, deal) -> WebGame`` (the app's bots and timeouts).

    Raises:
        SetupError: a bad limit, or the database cannot be opened.
    """

    def __init__(self, *, max_games: int, idle_timeout: float, db: str | Path = ":memory:",
                 clock: Callable[[], float] = time.monotonic,
                 make_game: Callable[[str, Table, bool], WebGame] | None = None) -> None:
        if type(max_games) is not int or max_games < 1:
            raise SetupError(f"max games must be an integer >= 1, got {max_games!r}")
        if not (idle_timeout > 0 and math.isfinite(idle_timeout)):
            raise SetupError(f"idle timeout must be a finite number of seconds > 0, got {idle_timeout!r}")
        self.max_games = max_games
        self.idle_timeout = float(idle_timeout)
        self.clock = clock
        self.entries: dict[str, Entry] = {}
        self._make = make_game or (lambda gid, table, deal: WebGame(gid, table, deal=deal))
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        if str(db) != ":memory:":
            path = Path(db)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")  # WAL: safe when the process is killed
                self._db.executescript(_SCHEMA)
            except (OSError, sqlite3.Error) as err:
                raise SetupError(f"cannot open the games database {path}: {err}") from None
            self._load()

    # ------------------------------------------------------------------ lookup and limits
    def live(self) -> int:
        """Games not expired."""
        return sum(1 for e in self.entries.values() if e.expired_at is None)

    def sweep(self) -> None:
        """Expire the idle games and purge the long-expired ones (see the module docstring)."""
        now = self.clock()
        gone = []
        for gid, e in self.entries.items():
            if e.expired_at is None and now - e.last >= self.idle_timeout:
                e.expired_at = now
                self._mark_expired(gid)
            elif e.expired_at is not None and now - e.expired_at >= self.idle_timeout:
                gone.append(gid)
        expired = sorted((e.expired_at, gid) for gid, e in self.entries.items()
                         if e.expired_at is not None and gid not in gone)
        gone += [gid for _, gid in expired[: max(0, len(expired) - self.max_games)]]
        for gid in gone:
            self._purge(gid)

    def get(self, gid: str, *, expired_ok: bool = False) -> Entry:
        """The game ``gid``, its idle clock restarted (unless it has expired).

        Raises:
            RequestError: unknown (404), or expired and ``expired_ok`` is False (410).
        """
        self.sweep()
        e = self.entries.get(gid)
        if e is None:
            raise RequestError(f"unknown game {gid[:40]!r}", 404)
        if e.expired_at is not None:
            if not expired_ok:
                raise RequestError(f"game {gid[:40]!r} expired after {self.idle_timeout:g} s without a move; "
                                   "its last finished hand's record can still be downloaded; start a new game", 410)
            return e
        e.last = self.clock()
        return e

    def check_room(self) -> None:
        """Refuse a new game when ``max_games`` games are live.

        Raises:
            RequestError: 503; ``retry_after`` (seconds until the idlest game expires) is set on it.
        """
        self.sweep()
        if self.live() < self.max_games:
            return
        now = self.clock()
        oldest = min(e.last for e in self.entries.values() if e.expired_at is None)
        err = RequestError(f"the server is full ({self.max_games} games in play); try again later", 503)
        err.retry_after = max(1, math.ceil(oldest + self.idle_timeout - now))  # type: ignore[attr-defined]
        raise err

    def add(self, game: WebGame, spec: dict[str, Any]) -> Entry:
        """Keep a new game (after :meth:`check_room`) and save it.

        Raises:
            RequestError: the server is full (503).
        """
        self.check_room()
        e = Entry(game, spec, self.clock())
        self.entries[game.gid] = e
        self.save(e)
        return e

    # ------------------------------------------------------------------ the database
    def save(self, e: Entry) -> None:
        """Save the game: its version and the events new since the last save, in one
        transaction (the whole hand again when the hand object changed: a new hand, or
        one put back after a bot failed); nothing without a database."""
        if self._db is None:
            return
        g = e.game
        hand = g.table.game
        assert hand is not None
        k = len(g.table.match.history)
        obj, k0, n0 = e.saved
        rewrite = obj is not hand or k0 != k
        start = 0 if rewrite else n0
        new = hand.events_since(start)
        row = (g.gid, json.dumps(e.spec), g.version, g.table.hand_no, k,
               None if g.fault is None else json.dumps(g.fault))
        with self._lock:
            db = self._db
            db.execute("BEGIN")
            try:
                if rewrite:
                    db.execute("DELETE FROM events WHERE gid = ? AND hand >= ?", (g.gid, k))
                db.executemany("INSERT INTO events VALUES (?, ?, ?, ?)",
                               [(g.gid, k, start + i, json.dumps(ev, ensure_ascii=False, separators=(",", ":")))
                                for i, ev in enumerate(new)])
                db.execute("INSERT OR REPLACE INTO games (gid, spec, version, hand_no, hand, fault) "
                           "VALUES (?, ?, ?, ?, ?, ?)", row)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        e.saved = (hand, k, start + len(new))

    def _mark_expired(self, gid: str) -> None:
        if self._db is not None:
            with self._lock:
                self._db.execute("UPDATE games SET expired = 1 WHERE gid = ?", (gid,))

    def _purge(self, gid: str) -> None:
        self.entries.pop(gid, None)
        if self._db is not None:
            with self._lock:
                self._db.execute("BEGIN")
                self._db.execute("DELETE FROM events WHERE gid = ?", (gid,))
                self._db.execute("DELETE FROM games WHERE gid = ?", (gid,))
                self._db.execute("COMMIT")

    def _load(self) -> None:
        assert self._db is not None
        now = self.clock()
        rows = self._db.execute("SELECT gid, spec, version, hand_no, hand, fault, expired FROM games").fetchall()
        for gid, spec_text, version, hand_no, k, fault, expired in rows:
            try:
                spec = json.loads(spec_text)
                table = Table(Rules.from_dict(spec["rules"]), agents=spec["agents"], seed=spec["seed"],
                              seat=spec["seat"])
                m = table.match
                for i in range(k + 1):  # the finished hands (same walls from the match seed), then the one in play
                    evs = self._db.execute("SELECT event FROM events WHERE gid = ? AND hand = ? ORDER BY idx",
                                           (gid, i)).fetchall()
                    m.new_game()
                    m.game = Game.replay([json.loads(x) for (x,) in evs])
                    if i < k:
                        m.finish_hand()
                table.hand_no = hand_no
                g = self._make(gid, table, False)
                g.version = version
                g.fault = None if fault is None else json.loads(fault)
            except (WuhanMJError, KeyError, TypeError, ValueError) as err:
                log.error("games database: game %s cannot be restored (%s); left out", gid, err)
                continue
            e = Entry(g, spec, now, expired_at=now if expired else None)
            e.saved = (m.game, k, m.game.n_events if m.game is not None else 0)
            self.entries[gid] = e
