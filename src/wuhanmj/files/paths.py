"""Files a run writes: :func:`check_output_path` (before any hand is played),
:func:`write_text_atomic` (a report or a result, all or nothing) and
:func:`check_text_file` (a records argument given as an open file)."""

from __future__ import annotations

import contextlib
import errno
import io
import os
from pathlib import Path
from typing import Any

from ..errors import SimulationError

__all__ = ["check_output_path", "check_text_file", "write_text_atomic"]


def check_output_path(what: str, path: str | os.PathLike) -> Path:
    """Check, before any hand is played, that ``path`` can be written as a file.

    Args:
        what: the argument's name for the message (``"out"``, ``"records"``).
        path: the file to be written (created or replaced).

    Returns:
        the path as a :class:`~pathlib.Path`.

    Raises:
        SimulationError: ``path`` is empty or a directory, its folder does not exist,
            or the file (or its folder, for a new file) is not writable.
    """
    text = os.fspath(path)
    if not text:
        raise SimulationError(f"{what}: an empty path")
    p = Path(text)
    if p.is_dir():
        raise SimulationError(f"{what}: {text!r} is a directory; give a file name")
    folder = p.resolve().parent
    if not folder.is_dir():
        raise SimulationError(f"{what}: the folder of {text!r} does not exist")
    if not os.access(p if p.exists() else folder, os.W_OK):
        raise SimulationError(f"{what}: cannot write {text!r}: {_why_not_writable(folder)}")
    return p


def _why_not_writable(folder: Path) -> str:
    """``"read-only file system"`` when ``folder`` is on one, else ``"permission denied"``."""
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return "read-only file system"
    except (OSError, AttributeError):  # no statvfs (Windows): say what access() said
        pass
    return "permission denied"


def _umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text_atomic(what: str, path: str | os.PathLike, text: str) -> None:
    """Write ``text`` (UTF-8) to the file ``path`` atomically: into a temporary file of the
    same folder, then :func:`os.replace` over ``path``, so a failed write (a full disk, a
    folder that went away) leaves ``path`` as it was and no partial file beside it. A
    path that exists and is not a regular file (``/dev/stdout``, a FIFO) is written
    directly.

    Args:
        what: the argument's name for the message (``"out"``).
        path: the file to create or replace.
        text: the whole contents.

    Raises:
        SimulationError: the write failed (the message names the path and the reason).
    """
    import stat
    import tempfile

    name = os.fspath(path)
    p = Path(name)
    try:
        if p.exists() and not p.is_file():
            with open(p, "w", encoding="utf-8") as f:
                f.write(text)
            return
        real = p.resolve()  # a symlink's file is replaced, not the link
        mode = stat.S_IMODE(real.stat().st_mode) if real.exists() else 0o666 & ~_umask()
        fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                os.chmod(tmp, mode)  # mkstemp makes it 0600: keep the mode a plain write would give
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, real)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as err:
        reason = err.strerror or str(err)
        if err.errno == errno.EROFS:
            reason = "read-only file system"
        raise SimulationError(f"{what}: cannot write {name!r}: {reason}") from None


def check_text_file(f: Any) -> None:
    """Check, before any hand is played, that ``f`` is a writable text file (it gets str lines)."""
    if isinstance(f, (io.RawIOBase, io.BufferedIOBase)) or not callable(getattr(f, "write", None)):
        raise SimulationError(
            f"records: expected a path or a writable text file (open(..., 'w')), got {f!r}"
        )
    try:
        f.write("")  # a binary or closed file refuses even an empty str
    except (TypeError, ValueError, OSError) as err:
        raise SimulationError(f"records: cannot write text lines to {f!r}: {err}") from None
