"""Type stub for ``wuhanmj.native.expert``: the expert bot, a native agent (its evaluation's
names are re-exported from ``wuhanmj.native.evaluation``)."""

from .agents import NativeAgent
from .evaluation import CALIBRATED as CALIBRATED
from .evaluation import EVALUATION_PARAMETERS as EVALUATION_PARAMETERS
from .evaluation import OPTION_FIELDS as OPTION_FIELDS
from .evaluation import evaluate_options as evaluate_options

__all__ = ["ExpertAgent", "EXPERT_PARAMETERS", "MAX_SAMPLES", "CALIBRATED", "EVALUATION_PARAMETERS", "OPTION_FIELDS",
           "evaluate_options"]

EXPERT_PARAMETERS: dict[str, bool | int | float]
MAX_SAMPLES: int

class ExpertAgent(NativeAgent):
    def __init__(self, **params: bool | int | float) -> None: ...
    @property
    def params(self) -> dict[str, bool | int | float]: ...
