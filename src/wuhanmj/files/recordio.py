"""Where hand records go and where they are read from: the binary format of
:mod:`wuhanmj.files.records` or JSON lines, by the file's name.

- a name ending ``.jsonl`` — JSON lines, one hand a line; ``.jsonl.gz`` — the same,
  gzip-compressed; a text file object — JSON lines;
- any other name (``hands.wmj``) — the binary format (docs/RECORDS.md).

:func:`open_sink` opens what :func:`~wuhanmj.sim.simulate.simulate` and
:func:`~wuhanmj.sim.arena.arena` write to; :func:`iter_records` reads any of them back
as record dicts; :func:`export_jsonl` turns a binary file into JSON lines.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from .._checks import distinct_files
from ..errors import RecordsError, ReplayError, SimulationError
from ..rules import Rules
# the binary format (.records: numpy, struct, zlib) is imported by the functions that use it

__all__ = ["BINARY", "record_kind", "open_sink", "iter_records", "read_record", "export_jsonl", "is_jsonl_name",
           "json_lines"]

BINARY = "wmj"
"""The record kind of the binary format (a batch then sends :func:`~wuhanmj.files.records.encode_hand` bytes)."""


def is_jsonl_name(name: str | os.PathLike) -> bool:
    """True for a name ending ``.jsonl`` or ``.jsonl.gz`` (case-insensitive)."""
    low = os.fspath(name).lower()
    return low.endswith(".jsonl") or low.endswith(".jsonl.gz")


def record_kind(records: Any) -> bool | str:
    """What a batch sends for ``records``: False (none), True (JSON lines) or :data:`BINARY`."""
    if records is None:
        return False
    if isinstance(records, (str, os.PathLike)) and not is_jsonl_name(records):
        return BINARY
    return True


def _runs(items: Sequence[str | bytes | bytearray]) -> Iterator[tuple[bool, list[Any]]]:
    """The items in runs of one type: ``(True, blocks)`` for bytes or bytearray blocks,
    ``(False, lines)`` for str lines."""
    run: list[Any] = []
    kind = False
    for it in items:
        b = isinstance(it, (bytes, bytearray))
        if run and b != kind:
            yield kind, run
            run = []
        kind = b
        run.append(it)
    if run:
        yield kind, run


class _TextSink:
    """JSON lines to a text file object. An item is one line (str, without its newline)
    or a block of whole lines (bytes or bytearray: UTF-8, each line ended by a newline, as
    the native engine writes them, :func:`wuhanmj.files.native_records.record_items`)."""

    def __init__(self, f: IO[str]) -> None:
        self.f = f

    def add_items(self, items: Sequence[str | bytes | bytearray]) -> None:
        for blocks, run in _runs(items):
            if blocks:
                for b in run:
                    self.f.write(b.decode("utf-8"))
            else:
                self.f.write("\n".join(run) + "\n")


class _BytesSink:
    """JSON lines to a file opened here, in binary (UTF-8, a newline after each line on
    every system); the items of :class:`_TextSink`. A batch's lines are written once the
    batch is done: a run stopped by an error leaves the file ending with a whole line."""

    def __init__(self, f: IO[bytes]) -> None:
        self.f = f

    def add_items(self, items: Sequence[str | bytes | bytearray]) -> None:
        for blocks, run in _runs(items):
            if blocks:
                for b in run:
                    self.f.write(b)
            else:
                self.f.write(("\n".join(run) + "\n").encode("utf-8"))


class _NoSink:
    def add_items(self, lines: Sequence[Any]) -> None:
        pass


@contextlib.contextmanager
def open_sink(
    records: str | os.PathLike | IO[str] | None,
    *,
    kind: str,
    seed: int,
    rules: Rules,
    seatings: Sequence[Sequence[str]],
    match_hands: int,
) -> Iterator[Any]:
    """The records sink of a run: an object with ``add_items(items)`` taking the batch's
    items in hand order (JSON lines — a str a line, or bytes blocks of whole lines —, or
    binary hands when :func:`record_kind` is :data:`BINARY`); None when ``records`` is
    None. Closed on exit (a binary file gets its index then, also when the run fails).

    Raises:
        SimulationError: the file cannot be opened.
    """
    if records is None:
        yield None
        return
    if not isinstance(records, (str, os.PathLike)):
        yield _TextSink(records)  # a text file object of the caller's: not closed here
        return
    path = Path(records)
    try:
        if record_kind(records) == BINARY:
            from .records import RecordsWriter, make_header

            header = make_header(kind, seed, rules, seatings, match_hands)
            with RecordsWriter(path, header) as w:
                yield w
            return
        import gzip

        f: IO[bytes] = (gzip.open(path, "wb") if path.name.lower().endswith(".gz")  # type: ignore[assignment]
                        else open(path, "wb"))
    except RecordsError as err:  # the writer's message already names the file and the reason
        raise SimulationError(str(err)) from None
    except OSError as err:
        raise SimulationError(f"records: cannot write {os.fspath(records)!r}: {_os_reason(err)}") from None
    with f:
        yield _BytesSink(f)


def _os_reason(err: OSError) -> str:
    """An OSError's reason in words (a read-only file system said so, not "permission denied")."""
    if err.errno == errno.EROFS:
        return "read-only file system"
    return err.strerror or str(err)


def json_lines(f: IO[str], name: str, on_cut: Callable[[str], None] | None = None) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` of every non-blank whole line of the text file ``f``.

    A file cut short (``head -c``, a copy that stopped) ends inside its last line, which
    has no newline and is the start of a JSON text (a last line that is not JSON at all is
    given as it is, for the caller to name); a gzip stream cut short ends without its trailer.
    Either way every whole line before the cut is given first, then the cut is reported
    as one message naming it (``NAME, line N: cut short …``): passed to ``on_cut``, or
    raised as a ReplayError when ``on_cut`` is None.

    Raises:
        ReplayError: the cut (without ``on_cut``). Errors of reading ``f`` (OSError,
            UnicodeDecodeError) are the caller's to name.
    """
    i = 0
    try:
        for i, ln in enumerate(f, start=1):
            if not ln.strip():
                continue
            if not ln.endswith("\n") and _ends_inside_json(ln):
                msg = (f"{name}, line {i}: cut short: the file ends inside this line "
                       f"({i - 1} whole line{'' if i == 2 else 's'} before it)")
                if on_cut is None:
                    raise ReplayError(msg) from None
                on_cut(msg)
                return
            yield i, ln
    except EOFError:
        msg = (f"{name}: cut short after line {i}: the gzip data ends early" if i else
               f"{name}, line 1: cut short: the gzip data ends early, inside this line")
        if on_cut is None:
            raise ReplayError(msg) from None
        on_cut(msg)


_LITERALS = ("true", "false", "null", "NaN", "Infinity", "-Infinity")


def _ends_inside_json(text: str) -> bool:
    """True when ``text`` is the start of a JSON text cut short: it does not parse, and
    the parser ran out of text (or stopped inside a string or a literal) rather than
    meeting something that is not JSON (``garbage``: False; ``{"events": [``: True)."""
    try:
        json.loads(text)
    except json.JSONDecodeError as err:
        rest = text[err.pos:].rstrip()
        return (not rest or err.msg.startswith("Unterminated string")
                or any(w.startswith(rest) for w in _LITERALS))
    return False


def _json_lines(path: str, on_cut: Callable[[str], None] | None = None) -> Iterator[dict[str, Any]]:
    import gzip

    opener: Any = gzip.open if path.lower().endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8") as f:
            for i, ln in json_lines(f, path, on_cut):
                try:
                    obj = json.loads(ln)
                except ValueError as err:
                    raise ReplayError(f"{path}, line {i}: not JSON: {err}") from None
                yield obj
    except FileNotFoundError:
        raise ReplayError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ReplayError(f"{path}: cannot read: {err}") from None


def iter_records(path: str | os.PathLike) -> Iterator[dict[str, Any]]:
    """The hand records of a file in order, whatever its format (binary records, JSON
    lines, gzip JSON lines), as dicts of the JSON-lines form. A damaged or cut file
    gives every hand before the damage, then raises.

    Raises:
        ReplayError: unreadable or malformed, or cut short inside its last line (the
            line named; RecordsError for the binary format, naming the hand).
    """
    from .records import RecordsReader, is_records_file

    p = os.fspath(path)
    if is_records_file(p):
        with RecordsReader(p) as r:
            yield from r
    else:
        yield from _json_lines(p)


def read_record(path: str | os.PathLike, hand: int) -> dict[str, Any]:
    """Hand ``hand`` of a binary records file (one seek: :meth:`RecordsReader.record`).

    Raises:
        RecordsError: not a records file, no such hand, or a damaged one (named).
    """
    from .records import RecordsReader

    with RecordsReader(path) as r:
        return r.record(hand)


def export_jsonl(src: str | os.PathLike, dst: str | os.PathLike) -> int:
    """Write every hand of ``src`` (any format) to ``dst`` as JSON lines (gzip when
    ``dst`` ends ``.gz``), the lines :func:`~wuhanmj.sim.simulate.simulate` would have
    written; returns the number of hands.

    Raises:
        ReplayError: ``src`` unreadable or damaged (the hand named; nothing is left at
            ``dst``); SimulationError: ``dst`` cannot be written, or names ``src``.
    """
    distinct_files((("src", src), ("dst", dst)), SimulationError)
    out = Path(dst)
    n = 0
    try:
        import gzip

        f: IO[str] = gzip.open(out, "wt", encoding="utf-8") if out.name.lower().endswith(".gz") else open(
            out, "w", encoding="utf-8")
    except OSError as err:
        raise SimulationError(f"records: cannot write {os.fspath(dst)!r}: {_os_reason(err)}") from None
    try:
        with f:
            for rec in iter_records(src):
                f.write(json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n")
                n += 1
    except BaseException:
        out.unlink(missing_ok=True)  # never a partial export beside the damaged source
        raise
    return n
