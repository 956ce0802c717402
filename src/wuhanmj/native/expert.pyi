"""Type stub for ``wuhanmj.native.expert``: the expert bot, a native agent."""

from .agents import NativeAgent

__all__ = ["ExpertAgent", "EXPERT_PARAMETERS"]

EXPERT_PARAMETERS: dict[str, bool]

class ExpertAgent(NativeAgent):
    def __init__(self, **params: bool) -> None: ...
    @property
    def params(self) -> dict[str, bool]: ...
