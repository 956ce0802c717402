"""Shared pytest setup: the tests folder on sys.path (``from helpers.cases import load_cases``,
``from reference import shape_ref``), and a few fixtures. Keep it small.

The tests mirror the package: ``core/``, ``hand/``, ``scoring/``, ``game/``, ``agents/``,
``sim/``, ``cli/``; shared helpers are in ``helpers/``, the slow independent references
the fast code is checked against in ``reference/``. No test module imports another."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

from helpers.cases import load_cases  # noqa: E402


@pytest.fixture(scope="session")
def hu_cases() -> list[dict]:
    """``hu.json``: shape checks (W1, W2, D8)."""
    return load_cases("hu.json")


@pytest.fixture(scope="session")
def laizi_cases() -> list[dict]:
    """``laizi.json``: 癞子 and 痞子 of all 34 indicators (R2, R3, T3)."""
    return load_cases("laizi.json")
