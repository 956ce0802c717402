"""Rich display hooks without import circles: a registry of renderers, filled by :mod:`wuhanmj.render`.

``Observation``, ``Game`` and ``WinResult`` define ``_repr_svg_`` / ``_repr_html_`` (the
methods IPython and Jupyter call) and ``WinResult.explain(format="html")``; each of them
only asks this module, ``show(self, "svg")``. This module sits at the bottom of the
package, beside ``_checks`` and ``_json``, and imports nothing of wuhanmj but the modules
named to it by :func:`provide`, so ``game`` and ``scoring`` never import ``render`` (not
even inside a function): the data flow stays one
way, tiles → … → game → render.

:mod:`wuhanmj.render` registers its functions here when it is imported. Nobody needs to
import it first: ``wuhanmj/__init__.py`` (which any ``import wuhanmj…`` runs first) names it
with :func:`provide`, and the first :func:`renderer` lookup imports it, so a program that
never draws never loads the renderer.

>>> register(int, "svg", lambda x: f"<svg>{x}</svg>")
>>> show(7, "svg")
'<svg>7</svg>'
>>> show(7, "html") is None   # nothing registered: IPython falls back to the text repr
True
>>> unregister(int, "svg")
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

__all__ = ["register", "unregister", "show", "renderer", "provide"]

_RENDERERS: dict[tuple[type, str], Callable[..., str]] = {}
_PROVIDERS: list[str] = []


def provide(module: str) -> None:
    """Name a module (``"wuhanmj.render"``) that registers renderers when imported; it is
    imported by the next :func:`renderer` lookup, once."""
    if module not in _PROVIDERS:
        _PROVIDERS.append(module)


def _load_providers() -> None:
    while _PROVIDERS:
        importlib.import_module(_PROVIDERS[0])
        _PROVIDERS.pop(0)


def register(cls: type, kind: str, fn: Callable[..., str]) -> None:
    """Register ``fn(obj, **options) -> str`` to draw instances of ``cls`` as ``kind``
    (``"svg"``, ``"html"``, or a name such as ``"explain_html"``); replaces an earlier one."""
    _RENDERERS[(cls, kind)] = fn


def unregister(cls: type, kind: str) -> None:
    """Forget the renderer of ``(cls, kind)`` (tests); no error when there is none."""
    _RENDERERS.pop((cls, kind), None)


def renderer(obj: Any, kind: str) -> Callable[..., str] | None:
    """The renderer registered for ``type(obj)`` or its nearest base class, or None (the
    modules named by :func:`provide` are imported first)."""
    if _PROVIDERS:
        _load_providers()
    for c in type(obj).__mro__:
        fn = _RENDERERS.get((c, kind))
        if fn is not None:
            return fn
    return None


def show(obj: Any, kind: str, **options: Any) -> str | None:
    """``obj`` drawn as ``kind`` by its registered renderer, or None when there is none
    (what IPython expects of a ``_repr_*_`` method that has nothing to show)."""
    fn = renderer(obj, kind)
    return None if fn is None else fn(obj, **options)
