"""Type stub for ``wuhanmj.native.fallback``: the Python scoring the native hand engine can
call instead of its own (tests)."""

__all__ = ["scoring_in_use", "use_scoring"]

def use_scoring(which: str = "native", ready: str | None = None) -> tuple[str, str]: ...
def scoring_in_use() -> tuple[str, str]: ...
