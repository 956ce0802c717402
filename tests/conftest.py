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
from helpers.engines import ENGINES, engine_class  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "python_only: a test of the Python engine's internals "
                            "(its HandState): the engine fixture runs it on the Python engine only")


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> object:
    """The hand implementation under test (:class:`wuhanmj.game.protocol.HandEngine`):
    ``Game`` ("python") or ``NativeHand`` ("native"; a build without it fails, never skips).

    A test module opts in with ``pytestmark = pytest.mark.usefixtures("engine")``: each of its
    tests runs on both, its name ``Game`` (and that of ``helpers.game_script`` and
    ``helpers.walls``) being the class under test while it runs (as CPython runs one test
    suite on ``datetime`` and ``_pydatetime``). ``@pytest.mark.python_only`` tests run on
    the Python engine only."""
    import helpers.game_script
    import helpers.walls

    if request.param == "native" and request.node.get_closest_marker("python_only"):
        pytest.skip("reads the Python engine's internals")
    cls = engine_class(request.param)
    for mod in (request.module, helpers.game_script, helpers.walls):
        if getattr(mod, "Game", None) is not None:
            monkeypatch.setattr(mod, "Game", cls)
    return cls


@pytest.fixture(scope="session")
def hu_cases() -> list[dict]:
    """``hu.json``: shape checks (W1, W2, D8)."""
    return load_cases("hu.json")


@pytest.fixture(scope="session")
def laizi_cases() -> list[dict]:
    """``laizi.json``: 癞子 and 痞子 of all 34 indicators (R2, R3, T3)."""
    return load_cases("laizi.json")
