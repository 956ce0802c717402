"""Public names of a package imported from their modules on first use (PEP 562).

A package keeps its start-up light by naming what each of its modules provides and
letting this module's ``__getattr__`` import the module the first time a name is asked for.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, names_of: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``.

    Args:
        package: the package's ``__name__``.
        names_of: relative module name (``".engine"``) → its public names, space-separated.

    Returns:
        ``(__getattr__, __dir__)``: the first imports a name's module on first use and keeps
        the value in the package's namespace; it raises AttributeError for any other name.
    """
    module_of = {name: module for module, names in names_of.items() for name in names.split()}

    def __getattr__(name: str) -> Any:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        vars(sys.modules[package])[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(module_of))

    return __getattr__, __dir__
