"""Load the shared test vectors (``shared/cases/*.json``, schema in its README).

The folder is the environment variable ``WUHANMJ_CASES`` if set (and only
that), else ``<repo>/../shared/cases`` (the repository sits beside ``shared/``,
in development and in CI), else the snapshot ``tests/data/cases`` kept in the
repository so that a lone clone runs the same tests. ``test_cases_snapshot.py``
fails when the snapshot and ``shared/cases`` differ.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

__all__ = ["cases_dir", "load_cases", "SHARED", "SHARED_CASES", "SNAPSHOT_CASES"]

_TESTS = Path(__file__).resolve().parents[1]
SHARED = _TESTS.parent.parent / "shared"
SHARED_CASES = SHARED / "cases"
SNAPSHOT_CASES = _TESTS / "data" / "cases"


def cases_dir() -> Path:
    """The folder holding the case files; raises FileNotFoundError naming where it looked."""
    env = os.environ.get("WUHANMJ_CASES")
    # an explicit setting is used alone: a typo must not silently fall back to other vectors
    candidates = [Path(env)] if env else [SHARED_CASES, SNAPSHOT_CASES]
    for c in candidates:
        if c.is_dir():
            return c
    raise FileNotFoundError(
        "shared test vectors not found; looked in " + ", ".join(str(c) for c in candidates)
        + " (set WUHANMJ_CASES to the cases folder)"
    )


def load_cases(name: str) -> list[dict]:
    """The parsed JSON list of ``<cases>/<name>`` (``"hu.json"`` or ``"hu"``), unchanged."""
    if not name.endswith(".json"):
        name += ".json"
    with open(cases_dir() / name, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, list):
        raise ValueError(f"{name}: expected a JSON list, got {type(data).__name__}")
    return data
