"""Binary hand records (``.wmj``, format version 1): compact, streamed, seekable, checked.

One file holds the hands of one run (a simulation or an arena). Each hand is a fixed-size
row (:data:`ROW`, 157 bytes: the deal, the outcome's summary and a CRC) plus its
decisions, one byte per action code and two bits per seat (``~1.25`` bytes a decision),
enough for :class:`~wuhanmj.game.Game` to replay the hand and rebuild every field of its
JSON-lines record exactly. The layout is written down in ``docs/RECORDS.md``:

- a header: :data:`MAGIC`, the version, a JSON object (rules, seed, seatings, …), a CRC;
- blocks of up to ``block_hands`` hands (256): a 24-byte block header with its own CRC,
  the rows, then the decisions of those rows;
- on close, an index of the blocks and a 36-byte tail (CRC'd), so that hand ``N`` is one
  seek away. Without a valid tail (a truncated file, a corrupt index) the reader walks
  the block headers instead and every hand before the damage is still read.

Every hand carries a CRC-32 of its row and its decisions and its own index, so a corrupt
or truncated file gives a :class:`~wuhanmj.errors.RecordsError` naming the hand, never a
wrong hand; the replayed hand must also give the summary stored in its row.
"""

from __future__ import annotations

import errno
import json
import os
import struct
import sys
import zlib
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any, NamedTuple

import numpy as np

from ..errors import IllegalActionError, RecordsError, WuhanMJError
from ..game.engine import Game
from ..game.events import rules_json
from ..rules import Rules
from ..tiles import format_tile
from ..stats.outcome import BIG_HU, HOWS, LIABILITY, HandOutcome, outcome_of
from .handrecord import hand_record

__all__ = [
    "MAGIC", "VERSION", "ROW", "BLOCK_HANDS", "encode_hand", "RecordsWriter", "RecordsReader", "BadHands",
    "is_records_file", "make_header",
]

MAGIC = b"\x89WMJ\r\n\x1a\n"
"""The first 8 bytes of a records file (PNG-style: a text-mode copy or a truncated
transfer is caught at once)."""

VERSION = 1
"""The format version written; a reader refuses a newer one."""

BLOCK_HANDS = 256
"""Hands per block by default."""

_HEAD = struct.Struct("<8sHHI")  # magic, version, reserved, header JSON length
_BLOCK = struct.Struct("<4sIQI")  # b"WMJB", hands, first hand, decision bytes
_BLOCK_CRC = struct.Struct("<I")
_BLOCK_SIZE = _BLOCK.size + _BLOCK_CRC.size  # 24
_INDEX = np.dtype([("first", "<u8"), ("offset", "<u8"), ("n", "<u4")])
_TAIL = struct.Struct("<4sQQQI4s")  # b"WMJI", blocks, hands, index offset, CRC, b"END!"

_ROW = struct.Struct("<QIIBBBBH4i45HbBHBB4iBbbI")
ROW = np.dtype([
    ("hand", "<u8"), ("match", "<u4"), ("hand_in_match", "<u4"), ("seating", "u1"),
    ("dealer", "u1"), ("prev_laizi", "u1"), ("flags", "u1"), ("n_act", "<u2"),
    ("scores", "<i4", (4,)), ("wall", "<u2", (45,)),
    ("winner", "i1"), ("how", "u1"), ("big", "<u2"), ("fan", "u1"), ("reached", "u1"),
    ("payments", "<i4", (4,)), ("length", "u1"), ("discarder", "i1"), ("liable", "i1"),
    ("crc", "<u4"),
])
"""The fixed row of a hand (little-endian, packed, 157 bytes). ``prev_laizi`` 255 = none;
``winner``/``discarder``/``liable`` −1 = none; ``how`` 255 = a draw, else the index in
:data:`~wuhanmj.stats.outcome.HOWS`; ``big`` a bit per big hu of
:data:`~wuhanmj.stats.outcome.BIG_HU`; ``wall`` the first 135 tiles, three a word in base
34 (the 136th is the kind left with three copies); ``crc`` the CRC-32 of the row before
it and the hand's decisions."""

assert ROW.itemsize == _ROW.size == 157

F_HARD, F_JINDING, F_FLOAT = 1, 2, 4
F_LIAB_SHIFT = 3  # flags bits 3-4, the liability: 0 none, 1 L1, 2 L2, 3 L3
FLOAT_EXT = struct.Struct("<B8d")
"""The part after a hand's decisions when an amount is not whole (flag ``F_FLOAT``): a
mask (which of the 8 amounts are floats), the 4 scores, the 4 payments."""
_I32 = (-(2**31), 2**31 - 1)
_HOW_CODE = {h: i for i, h in enumerate(HOWS)}
_BIG_BIT = {b: 1 << i for i, b in enumerate(BIG_HU)}


def _is_i32(x: Any) -> bool:
    return type(x) is int and _I32[0] <= x <= _I32[1]


def _pack_wall(wall: Sequence[int]) -> list[int]:
    return [wall[i] * 1156 + wall[i + 1] * 34 + wall[i + 2] for i in range(0, 135, 3)]


def _unpack_wall(words: Sequence[int]) -> list[int] | None:
    """The 136 tiles, or None when the words are no wall (a value out of range, a kind
    with more than four copies)."""
    out: list[int] = []
    for v in words:
        if v >= 39304:
            return None
        a, r = divmod(int(v), 1156)
        b, c = divmod(r, 34)
        out += (a, b, c)
    counts = [0] * 34
    for t in out:
        counts[t] += 1
    short = [t for t in range(34) if counts[t] != 4]
    if len(short) != 1 or counts[short[0]] != 3:
        return None
    out.append(short[0])
    return out


def _actions(game: Game) -> tuple[list[int], list[int]]:
    """The seats and action codes of the events a player chose, in order (what
    :meth:`Game.replay` steps)."""
    seats, codes = [], []
    for e in game.state.events:
        if type(e) is tuple:
            if e[0] != "draw":
                seats.append(e[1])
                codes.append(e[-1])
        elif "action" in e:
            seats.append(e["seat"])
            codes.append(e["action"])
    return seats, codes


def encode_hand(game: Game, outcome: HandOutcome, hand: int, match: int, hand_in_match: int,
                seating: int = 0) -> bytes:
    """The row and the decisions of a finished hand, as one ``bytes`` (row first).

    Raises:
        RecordsError: the hand cannot be stored (more than 65,535 decisions, an index
            out of range).
    """
    seats, codes = _actions(game)
    n = len(codes)
    if n > 65535 or not (0 <= hand < 2**64 and 0 <= match < 2**32 and 0 <= hand_in_match < 2**32 and 0 <= seating < 256):
        raise RecordsError(f"hand {hand}: cannot be stored in the binary records format (an index out of range)")
    deal = game.state.events[0]
    scores, pays = list(deal["scores"]), list(outcome.payments)
    flags = 0
    ext = b""
    amounts = scores + pays
    if not all(_is_i32(x) for x in amounts):
        flags |= F_FLOAT
        mask = sum(1 << i for i, x in enumerate(amounts) if type(x) is not int)
        ext = FLOAT_EXT.pack(mask, *(float(x) for x in amounts))
        scores, pays = [0] * 4, [0] * 4
    o = outcome
    if o.hard and o.winner is not None:
        flags |= F_HARD
    if o.jinding:
        flags |= F_JINDING
    if o.liability is not None:
        flags |= (LIABILITY.index(o.liability) + 1) << F_LIAB_SHIFT
    big = 0
    for b in o.big:
        big |= _BIG_BIT[b]
    packed = bytearray((n + 3) // 4)
    for i, s in enumerate(seats):
        packed[i >> 2] |= s << (2 * (i & 3))
    var = bytes(codes) + bytes(packed) + ext
    row = _ROW.pack(
        hand, match, hand_in_match, seating, game.dealer,
        255 if game.prev_laizi is None else game.prev_laizi, flags, n, *scores, *_pack_wall(deal["wall"]),
        -1 if o.winner is None else o.winner, 255 if o.how is None else _HOW_CODE[o.how], big,
        min(o.winner_fan, 255), o.reached, *pays, min(o.length, 255),
        -1 if o.discarder is None else o.discarder, -1 if o.liable is None else o.liable, 0,
    )[:-4]
    return row + struct.pack("<I", zlib.crc32(var, zlib.crc32(row))) + var


def _var_len(n_act: int, flags: int) -> int:
    return n_act + (n_act + 3) // 4 + (FLOAT_EXT.size if flags & F_FLOAT else 0)


def make_header(kind: str, seed: int, rules: Rules, seatings: Sequence[Sequence[str]], match_hands: int,
                block_hands: int = BLOCK_HANDS) -> dict[str, Any]:
    """The header object of a records file (the JSON after the magic and version)."""
    # the package is imported before any of its modules: read its version without an
    # import of the package (which would be an import circle)
    __version__ = getattr(sys.modules.get(__name__.split(".")[0]), "__version__", "?")
    return {
        "format": "wuhanmj-records", "version": VERSION, "kind": kind, "seed": int(seed),
        "match_hands": int(match_hands), "block_hands": int(block_hands),
        "seatings": [list(s) for s in seatings], "rules": rules_json(rules), "wuhanmj": __version__,
    }


class RecordsWriter:
    """Writes a records file block by block (streamed: at most one block is held).

    Args:
        file: a path, or a binary file open for writing.
        header: :func:`make_header`'s object.

    Hands must be added in order of their index, from 0 (:meth:`add`). :meth:`close`
    (or leaving the ``with`` block, also on an error) writes the last block, the index
    and the tail; a file cut short before that still reads up to its last whole block.
    """

    def __init__(self, file: str | os.PathLike | IO[bytes], header: Mapping[str, Any]) -> None:
        self._own = isinstance(file, (str, os.PathLike))
        try:
            self._f: IO[bytes] = open(file, "wb") if isinstance(file, (str, os.PathLike)) else file
        except OSError as err:
            reason = "read-only file system" if err.errno == errno.EROFS else err.strerror
            raise RecordsError(f"records: cannot write {os.fspath(file)!r}: {reason}") from None  # type: ignore[arg-type]
        self.block_hands = int(header.get("block_hands", BLOCK_HANDS))
        text = json.dumps(dict(header), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        head = _HEAD.pack(MAGIC, VERSION, 0, len(text)) + text
        self._f.write(head + struct.pack("<I", zlib.crc32(head)))
        self._pos = len(head) + 4
        self._pending: list[bytes] = []
        self._next = 0
        self._index: list[tuple[int, int, int]] = []
        self.closed = False

    def add(self, item: bytes) -> None:
        """Add one hand (:func:`encode_hand`'s bytes); its index must be the next one.

        Raises:
            RecordsError: the hand's index is not the next one.
        """
        (hand,) = struct.unpack_from("<Q", item)
        if hand != self._next:
            raise RecordsError(f"records: hand {hand} written where hand {self._next} is due")
        self._next += 1
        self._pending.append(item)
        if len(self._pending) >= self.block_hands:
            self._flush()

    def add_items(self, items: Sequence[bytes]) -> None:
        """:meth:`add` each item in order."""
        for it in items:
            self.add(it)

    def _flush(self) -> None:
        if not self._pending:
            return
        rows = b"".join(it[: ROW.itemsize] for it in self._pending)
        var = b"".join(it[ROW.itemsize:] for it in self._pending)
        first = self._next - len(self._pending)
        bh = _BLOCK.pack(b"WMJB", len(self._pending), first, len(var))
        self._f.write(bh + _BLOCK_CRC.pack(zlib.crc32(bh)) + rows + var)
        self._index.append((first, self._pos, len(self._pending)))
        self._pos += _BLOCK_SIZE + len(rows) + len(var)
        self._pending = []

    def close(self) -> None:
        """Write the last block, the index and the tail; close a file opened here."""
        if self.closed:
            return
        self.closed = True
        try:
            self._flush()
            index = b"WMJX" + np.array(self._index, dtype=_INDEX).tobytes()
            fields = (b"WMJI", len(self._index), self._next, self._pos)
            crc = zlib.crc32(struct.pack("<4sQQQ", *fields), zlib.crc32(index))
            self._f.write(index + _TAIL.pack(*fields, crc, b"END!"))
            self._f.flush()
        finally:
            if self._own:
                self._f.close()

    def __enter__(self) -> RecordsWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def is_records_file(path: str | os.PathLike) -> bool:
    """True when the file starts with :data:`MAGIC` (a binary records file)."""
    try:
        with open(path, "rb") as f:
            return f.read(len(MAGIC)) == MAGIC
    except OSError:
        return False


class BadHands(NamedTuple):
    """Hands ``first`` … ``stop - 1`` of a records file that cannot be read, and why
    (:meth:`RecordsReader.scan`); ``stop`` None: the file ends in damage there."""

    first: int
    stop: int | None
    reason: str

    def label(self) -> str:
        """``hand 7``, ``hands 64..127`` or ``hands 300.. (to the end)``."""
        if self.stop is None:
            return f"hands {self.first}.. (to the end)"
        if self.stop - self.first == 1:
            return f"hand {self.first}"
        return f"hands {self.first}..{self.stop - 1}"


class RecordsReader:
    """Reads a records file: hand ``N`` by one seek (:meth:`record`), or all in order.

    Args:
        path: the file.
        name: what messages call it (default ``path``; ``-`` for stdin read into a
            temporary file).

    Attributes:
        header: the header object (:func:`make_header`).
        hands: the number of hands that can be read (up to the damage of a truncated file).
        damage: None, or why the file ends early (a truncated or corrupt part).

    Raises:
        RecordsError: not a records file, a newer version, or a corrupt header.
    """

    def __init__(self, path: str | os.PathLike, name: str | None = None) -> None:
        self.path = os.fspath(path) if name is None else name
        try:
            self._f = open(os.fspath(path), "rb")
        except FileNotFoundError:
            raise RecordsError(f"{self.path}: no such file") from None
        except OSError as err:
            raise RecordsError(f"{self.path}: cannot read: {err.strerror}") from None
        try:
            self._open()
        except BaseException:
            self._f.close()
            raise

    def _err(self, msg: str) -> RecordsError:
        return RecordsError(f"{self.path}: {msg}")

    def _open(self) -> None:
        f = self._f
        head = f.read(_HEAD.size)
        if head[:8] != MAGIC[: len(head[:8])] or (len(head) >= 8 and head[:8] != MAGIC):
            raise self._err("not a wuhanmj binary records file")
        if len(head) < _HEAD.size:
            raise self._err("truncated in the file header")
        _, version, _, n = _HEAD.unpack(head)
        text = f.read(n)
        crc = f.read(4)
        if len(text) < n or len(crc) < 4:
            raise self._err("truncated in the file header")
        if struct.unpack("<I", crc)[0] != zlib.crc32(text, zlib.crc32(head)):
            raise self._err("the file header is corrupt (CRC mismatch)")
        if version > VERSION:
            raise self._err(f"records format version {version} is newer than this wuhanmj reads ({VERSION})")
        try:
            self.header = json.loads(text.decode("utf-8"))
            self.rules = Rules.from_dict(self.header["rules"])
            self.seatings = [tuple(s) for s in self.header["seatings"]]
        except (ValueError, KeyError, TypeError, WuhanMJError) as err:
            raise self._err(f"the file header is malformed: {err}") from None
        self._data = _HEAD.size + n + 4
        self.size = os.fstat(f.fileno()).st_size
        self.damage: str | None = None
        self._firsts: list[int] = []
        self._offsets: list[int] = []
        self._ns: list[int] = []
        if not self._read_index():
            self._scan()
        self.hands = self._firsts[-1] + self._ns[-1] if self._firsts else 0

    def _read_index(self) -> bool:
        """Load the index named by the tail; False when there is no valid tail."""
        f = self._f
        if self.size < self._data + _TAIL.size:
            return False
        f.seek(self.size - _TAIL.size)
        magic, blocks, hands, where, crc, end = _TAIL.unpack(f.read(_TAIL.size))
        if magic != b"WMJI" or end != b"END!" or where + 4 + blocks * _INDEX.itemsize != self.size - _TAIL.size:
            return False
        f.seek(where)
        index = f.read(4 + blocks * _INDEX.itemsize)
        if zlib.crc32(struct.pack("<4sQQQ", magic, blocks, hands, where), zlib.crc32(index)) != crc:
            return False
        ix = np.frombuffer(index[4:], dtype=_INDEX)
        self._firsts, self._offsets, self._ns = ix["first"].tolist(), ix["offset"].tolist(), ix["n"].tolist()
        return True

    def _scan(self) -> None:
        """Walk the block headers from the first (no valid index): stops at the damage."""
        f, pos = self._f, self._data
        while pos < self.size:
            f.seek(pos)
            raw = f.read(_BLOCK_SIZE)
            if raw[:4] == b"WMJX":
                break  # the index of a complete file whose tail is damaged
            if len(raw) < _BLOCK_SIZE:
                self.damage = f"truncated at byte {self.size} (inside a block header at byte {pos})"
                break
            tag, n, first, var = _BLOCK.unpack(raw[: _BLOCK.size])
            if tag != b"WMJB" or _BLOCK_CRC.unpack(raw[_BLOCK.size:])[0] != zlib.crc32(raw[: _BLOCK.size]):
                self.damage = f"the block header at byte {pos} is corrupt"
                break
            end = pos + _BLOCK_SIZE + n * ROW.itemsize + var
            if end > self.size:
                self.damage = f"truncated at byte {self.size} (inside the block of hands {first}..{first + n - 1})"
                break
            self._firsts.append(first)
            self._offsets.append(pos)
            self._ns.append(n)
            pos = end

    # ------------------------------------------------------------ reading
    def _block(self, k: int) -> tuple[np.ndarray, bytes, list[int]]:
        """Block ``k``: its rows, its decision bytes and the offset of each row's decisions."""
        f, pos = self._f, self._offsets[k]
        f.seek(pos)
        raw = f.read(_BLOCK_SIZE)
        if len(raw) < _BLOCK_SIZE:
            raise self._err(f"truncated in the block header at byte {pos}")
        tag, n, first, var_len = _BLOCK.unpack(raw[: _BLOCK.size])
        if tag != b"WMJB" or _BLOCK_CRC.unpack(raw[_BLOCK.size:])[0] != zlib.crc32(raw[: _BLOCK.size]):
            raise self._err(f"the block header at byte {pos} is corrupt (CRC mismatch)")
        if first != self._firsts[k] or n != self._ns[k]:
            raise self._err(f"the block at byte {pos} is not the one its index names")
        body = f.read(n * ROW.itemsize + var_len)
        if len(body) < n * ROW.itemsize + var_len:
            raise self._err(f"truncated inside the block of hands {first}..{first + n - 1}")
        rows = np.frombuffer(body, dtype=ROW, count=n)
        offs = [0]
        for a, fl in zip(rows["n_act"].tolist(), rows["flags"].tolist()):
            offs.append(offs[-1] + _var_len(a, fl))
        return rows, body[n * ROW.itemsize:], offs

    def _locate(self, hand: int) -> int:
        if isinstance(hand, bool) or not isinstance(hand, (int, np.integer)) or hand < 0:
            raise self._err(f"hand {hand!r}: a hand is an index >= 0")
        k = bisect_right(self._firsts, hand) - 1
        if k < 0 or hand >= self._firsts[k] + self._ns[k]:
            if hand >= self.hands and self.damage is not None:
                where = f"after hand {self.hands - 1}" if self.hands else "in its first block (no hand is whole)"
                raise self._err(f"hand {hand}: cannot be read: the file is damaged {where}: {self.damage}")
            raise self._err(f"hand {hand}: no such hand (the file holds hands 0..{self.hands - 1})")
        return k

    def raw(self, hand: int) -> tuple[tuple, bytes]:
        """The row (as a tuple of :data:`ROW`'s fields, arrays flattened) and the decision
        bytes of hand ``hand``, their CRC checked.

        Raises:
            RecordsError: no such hand, or its block or row is corrupt or truncated (the
                message names the hand).
        """
        k = self._locate(hand)
        try:
            rows, var, offs = self._block(k)
        except RecordsError as err:
            raise self._err(f"hand {hand}: cannot be read: {str(err)[len(self.path) + 2:]}") from None
        return self._checked(hand, rows, var, offs, hand - self._firsts[k])

    def _checked(self, hand: int, rows: np.ndarray, var: bytes, offs: list[int], i: int) -> tuple[tuple, bytes]:
        if offs[-1] != len(var):
            raise self._err(f"hand {hand}: cannot be read: its block's rows are corrupt (decision lengths)")
        row = rows[i : i + 1].tobytes()
        mine = var[offs[i] : offs[i + 1]]
        if zlib.crc32(mine, zlib.crc32(row[:-4])) != struct.unpack("<I", row[-4:])[0]:
            raise self._err(f"hand {hand}: cannot be read: its record is corrupt (CRC mismatch)")
        fields = _ROW.unpack(row)
        if fields[0] != hand:
            raise self._err(f"hand {hand}: cannot be read: the row found there is hand {fields[0]}")
        return fields, mine

    def record(self, hand: int) -> dict[str, Any]:
        """Hand ``hand`` as its JSON-lines record (the same dict, every field), rebuilt by
        replaying its decisions through :class:`~wuhanmj.game.Game`.

        Raises:
            RecordsError: no such hand, a corrupt or truncated part, or decisions that do
                not replay to the outcome stored with them (the message names the hand).
        """
        fields, var = self.raw(hand)
        return self._decode(hand, fields, var)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        """Every readable hand's record in order (:meth:`record`), block by block; a
        damaged hand raises RecordsError when it is reached."""
        for k, first in enumerate(self._firsts):
            try:
                rows, var, offs = self._block(k)
            except RecordsError as err:
                raise self._err(f"hand {first}: cannot be read: {str(err)[len(self.path) + 2:]}") from None
            for i in range(len(rows)):
                fields, mine = self._checked(first + i, rows, var, offs, i)
                yield self._decode(first + i, fields, mine)
        if self.damage is not None:
            raise self._err(f"hand {self.hands}: cannot be read: {self.damage}")

    def scan(self) -> Iterator[dict[str, Any] | BadHands]:
        """Every hand in order like iteration, but what cannot be read is marked and the
        reading goes on: a block whose header or body is damaged gives one
        :class:`BadHands` for its hands, a hand whose record is corrupt or does not replay
        one for itself, and the damage a truncated file ends in a last one (``stop``
        None: the hands after it are unknown)."""
        for k, first in enumerate(self._firsts):
            stop = first + self._ns[k]
            try:
                rows, var, offs = self._block(k)
            except RecordsError as err:
                yield BadHands(first, stop, self._reason(err))
                continue
            for i in range(len(rows)):
                try:
                    fields, mine = self._checked(first + i, rows, var, offs, i)
                    rec = self._decode(first + i, fields, mine)
                except RecordsError as err:
                    yield BadHands(first + i, first + i + 1, self._reason(err))
                    continue
                yield rec
        if self.damage is not None:
            yield BadHands(self.hands, None, self.damage)

    def _reason(self, err: RecordsError) -> str:
        """An error's message without the path (and without the hand the caller names)."""
        text = str(err)
        if text.startswith(self.path + ": "):
            text = text[len(self.path) + 2:]
        if text.startswith("hand ") and ": " in text:
            text = text.split(": ", 1)[1]
        return text.removeprefix("cannot be read: ")

    def rows(self) -> np.ndarray:
        """The rows of every readable hand as one structured array of :data:`ROW`
        (outcome summaries for quick scans; each row's CRC is not checked here)."""
        parts = [self._block(k)[0] for k in range(len(self._firsts))]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=ROW)

    def _decode(self, hand: int, fields: tuple, var: bytes) -> dict[str, Any]:
        (h, match, him, seating, dealer, prev, flags, n) = fields[:8]
        scores, wall_words = list(fields[8:12]), fields[12:57]
        winner, how, big, fan, reached = fields[57:62]
        pays, (length, discarder, liable) = list(fields[62:66]), fields[66:69]
        bad = self._err
        codes, seats = var[:n], var[n : n + (n + 3) // 4]
        if flags & F_FLOAT:
            mask, *amounts = FLOAT_EXT.unpack(var[n + (n + 3) // 4 :])
            typed = [x if mask >> i & 1 else int(x) for i, x in enumerate(amounts)]
            scores, pays = typed[:4], typed[4:]
        wall = _unpack_wall(wall_words)
        if wall is None or seating >= len(self.seatings):
            raise bad(f"hand {hand}: cannot be read: its row holds no valid wall or seating")
        try:
            game = Game(self.rules, wall=wall, dealer=dealer, prev_laizi=None if prev == 255 else prev,
                        scores=tuple(scores))
            for i in range(n):
                game.step(seats[i >> 2] >> (2 * (i & 3)) & 3, codes[i])
        except (IllegalActionError, WuhanMJError) as err:
            raise bad(f"hand {hand}: its decisions do not replay: {err}") from None
        if not game.over:
            raise bad(f"hand {hand}: its decisions stop before the hand is over")
        o = outcome_of(game, n)
        stored = (winner, how, big, fan, reached, pays, length, discarder, liable, flags & ~F_FLOAT)
        mine = (
            -1 if o.winner is None else o.winner, 255 if o.how is None else _HOW_CODE[o.how],
            sum(_BIG_BIT[b] for b in o.big), min(o.winner_fan, 255), o.reached, list(o.payments),
            min(o.length, 255), -1 if o.discarder is None else o.discarder, -1 if o.liable is None else o.liable,
            (F_HARD if o.hard and o.winner is not None else 0) | (F_JINDING if o.jinding else 0)
            | (0 if o.liability is None else (LIABILITY.index(o.liability) + 1) << F_LIAB_SHIFT),
        )
        if stored != mine:
            raise bad(f"hand {hand}: its decisions replay to another outcome than the one stored")
        rec: dict[str, Any] = {"hand": h, "match": match, "hand_in_match": him}
        if self.header.get("kind") == "arena":
            rec["wall"] = match * int(self.header["match_hands"]) + him
            rec["seating"] = seating
        rec.update({
            "seed": self.header["seed"], "dealer": dealer,
            "prev_laizi": None if prev == 255 else format_tile(prev),
            "agents": list(self.seatings[seating]), **hand_record(game, o),
        })
        return rec

    def close(self) -> None:
        """Close the file."""
        self._f.close()

    def __len__(self) -> int:
        return self.hands

    def __enter__(self) -> RecordsReader:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
