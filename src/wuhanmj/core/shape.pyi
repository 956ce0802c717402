"""Type stub for ``wuhanmj.core.shape``: the hu-shape kernels are C-level only (``shape.pxd``);
their Python-level calls are in ``wuhanmj._core``."""

__all__: list[str]
