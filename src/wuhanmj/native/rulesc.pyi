"""Type stub for ``wuhanmj.native.rulesc``: a Rules as the native engine's C struct (§10)."""

from typing import Any

from wuhanmj.rules import Rules

def rules_dict(rules: Rules | str | None) -> dict[str, Any]: ...
