"""The Cython shape core of wuhanmj (W1, W2, D8; shanten and Wuhan routes).

One extension module per job, each with a ``.pxd`` that Cython code may cimport:

* :mod:`~wuhanmj.core.tables`: the lookup tables (hu, shanten, 痞子 segments), their keys,
  built once under a lock; ``ensure_tables()`` for C callers;
* :mod:`~wuhanmj.core.shape`: the hu-shape kernels (``is_complete_c``, ``min_wilds_c``,
  ``waits_c``) whose Python-level calls ``is_complete``, ``min_wilds``, ``waits`` and their
  batch forms live in :mod:`wuhanmj._core`, the shape core's compiled face;
* :mod:`~wuhanmj.core.shanten`: the shanten kernels (``shanten_c``), whose calls
  ``shanten`` and ``shanten_batch`` live in :mod:`wuhanmj._core` too;
* :mod:`~wuhanmj.core.routes`: the Wuhan routes (``wuhan_routes`` and friends);
* :mod:`~wuhanmj.core.checks`: the input checks every ``def`` above goes through
  (no Python API); ``defs.pxd``: the shared constants.

From Cython (``include_path=[wuhanmj.get_include()]``)::

    from wuhanmj.core.defs cimport PAIR_258
    from wuhanmj.core.tables cimport ensure_tables
    from wuhanmj.core.shape cimport is_complete_c

    ensure_tables()                     # once, with the GIL
    with nogil:
        ok = is_complete_c(counts, wilds, PAIR_258, False, NULL)
"""

from __future__ import annotations

from pathlib import Path

# The shape core's Python-level calls: their one home is wuhanmj._core (the core's compiled
# face), which cimports this package's kernels. Import them through this package (as
# wuhanmj/__init__ and every module do), never wuhanmj._core first: its cimports need this
# package, so this import is what starts it.
from .._core import (
    is_complete,
    is_complete_batch,
    min_wilds,
    min_wilds_batch,
    shanten,
    shanten_batch,
    waits,
    waits_batch,
)

from .routes import ROUTE_NAMES, wuhan_best_discard, wuhan_discards, wuhan_draws, wuhan_routes
from .tables import (
    HONOR_PATTERNS,
    SUIT_PATTERNS,
    honor_table,
    shanten_tables,
    suit_key,
    suit_patterns,
    suit_table,
)


def get_include() -> str:
    """The folder to put on a Cython include path (``include_path`` of ``cythonize``, or
    ``include_dirs`` of the Extension) so that ``cimport wuhanmj.core.shape`` finds the
    ``.pxd`` files: the folder that holds the ``wuhanmj`` package."""
    return str(Path(__file__).resolve().parent.parent.parent)


__all__ = [
    "SUIT_PATTERNS",
    "HONOR_PATTERNS",
    "min_wilds",
    "is_complete",
    "waits",
    "min_wilds_batch",
    "is_complete_batch",
    "waits_batch",
    "suit_table",
    "honor_table",
    "suit_patterns",
    "suit_key",
    "shanten",
    "shanten_batch",
    "shanten_tables",
    "wuhan_routes",
    "wuhan_draws",
    "wuhan_discards",
    "wuhan_best_discard",
    "ROUTE_NAMES",
    "get_include",
]
