"""Type stub for ``wuhanmj.core.shanten``: the shanten kernels are C-level only (``shanten.pxd``);
their Python-level calls are in ``wuhanmj._core``."""

__all__: list[str]
