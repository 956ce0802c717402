"""The examples in the package's docstrings run (doctest): what a reader copies must work."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import wuhanmj

# __main__ runs the command when imported
MODULES = sorted(m.name for m in pkgutil.walk_packages(wuhanmj.__path__, "wuhanmj.") if m.name != "wuhanmj.__main__")


@pytest.mark.parametrize("name", MODULES)
def test_module_docstring_examples(name):
    if name.startswith("wuhanmj.envs"):  # the rl extra (installed by the test extra)
        pytest.importorskip("pettingzoo")
        pytest.importorskip("gymnasium")
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
