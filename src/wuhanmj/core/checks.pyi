"""Type stub for ``wuhanmj.core.checks``: the core's input checks, for Cython code only
(``checks.pxd``); the module has no Python API."""
