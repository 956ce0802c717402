"""Progress lines for a terminal that is not one (a log, a pipe): done, rate and ETA."""

from __future__ import annotations

import sys
import time
from typing import Any

__all__ = ["rate_eta", "PlainProgress"]


def rate_eta(done: int, total: int, elapsed: float) -> str:
    """``"1,234 hands/s, ETA 7s"`` for ``done`` of ``total`` hands after ``elapsed``
    seconds: the estimated time left as a duration (``19m18s``, ``1h02m05s``), never
    a clock time; ``-`` before anything is done.

    >>> rate_eta(500, 2000, 2.0)
    '250 hands/s, ETA 6s'
    >>> rate_eta(1, 1159, 1.0)
    '1 hands/s, ETA 19m18s'
    >>> rate_eta(1, 3726, 1.0)
    '1 hands/s, ETA 1h02m05s'
    >>> rate_eta(0, 10, 1.0)
    '0 hands/s, ETA -'
    """
    rate = done / elapsed if elapsed > 0 else 0.0
    if done <= 0 or rate <= 0:
        return f"{rate:,.0f} hands/s, ETA -"
    left = max(0, round((total - done) / rate))
    h, rest = divmod(left, 3600)
    m, s = divmod(rest, 60)
    eta = f"{h}h{m:02d}m{s:02d}s" if h else (f"{m}m{s:02d}s" if m else f"{s}s")
    return f"{rate:,.0f} hands/s, ETA {eta}"


class PlainProgress:
    """Progress as a few plain lines on stderr (when stderr is not a terminal): every
    10 %, with the rate and the estimated time left (:func:`rate_eta`)."""

    def __init__(self, what: str = "simulate", stream: Any = None) -> None:
        self.what = what
        self.stream = stream
        self.shown = 0  # tenths already shown
        self.t0 = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        tenths = 10 * done // total
        if tenths > self.shown:
            self.shown = tenths
            speed = rate_eta(done, total, time.perf_counter() - self.t0)
            print(f"{self.what}: {done:,}/{total:,} hands, {speed}", file=self.stream or sys.stderr, flush=True)
