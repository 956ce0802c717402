"""Type stub for ``wuhanmj.native.view``: the native agent's view (C functions only)."""

__all__: list[str] = []
