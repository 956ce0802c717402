"""Type stub for ``wuhanmj.core.shanten``: the shanten kernels are C-level only (``shanten.pxd``);
their Python-level calls are in ``wuhanmj._core``."""

__all__: list[str]

# the tests' access to sh_exact (tests/core/test_sh_exact.py), not an API
def _exact_distance(counts: bytes, forbid: bytes, K: int, pm: int, chows: bool, wilds: int) -> int: ...
