"""Package habits: the version is written once, the licence ships, the layout shows the flow."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import pytest

import wuhanmj

ROOT = Path(__file__).resolve().parents[1]


def test_version_is_written_once():
    """pyproject.toml reads the version from wuhanmj.__version__ (dynamic), nowhere else."""
    text = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in text and 'version = {attr = "wuhanmj.__version__"}' in text
    assert "\nversion = " not in text.split("[tool.setuptools.dynamic]")[0]
    try:
        installed = importlib.metadata.version("wuhanmj")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("wuhanmj is not installed (run from the source tree)")
    if Path(wuhanmj.__file__).resolve().is_relative_to(ROOT / "src"):
        pytest.skip("the imported wuhanmj is the source tree, not the installed one")
    assert installed == wuhanmj.__version__


def test_mit_licence_ships():
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert 'license = {text = "MIT"}' in (ROOT / "pyproject.toml").read_text()


def test_route_names_of_the_core_are_the_catalogues():
    """The core's route bits (wuhan_routes …) are the big-hu catalogue's ROUTES, in order."""
    from wuhanmj import core as _core
    from wuhanmj.hand.bighu import ROUTES

    assert tuple(_core.ROUTE_NAMES) == ROUTES


def test_the_default_test_command_is_the_quick_suite():
    """``python -m pytest`` deselects the ``slow`` and ``soak`` tests; ``-m slow`` runs them
    (README: a new user's test command takes minutes, the longer checks are opt-in)."""
    import subprocess
    import sys

    target = "tests/core/test_shanten_slow.py"         # every test in it is marked slow
    root = Path(__file__).resolve().parent.parent

    def collected(*args: str) -> str:
        run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                              *args, target], capture_output=True, text=True, timeout=300, cwd=root)
        return run.stdout

    quick = collected()
    assert "::" not in quick and "deselected" in quick, quick
    assert "::" in collected("-m", "slow")
