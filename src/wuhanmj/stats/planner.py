"""The sample-size planner of a rule study: how many hands a target precision needs.

The method is a fixed pilot, then a computed size (no peeking): the pilot run (the
study's ``hands``) gives each quantity's standard deviation per hand ``s``, and a target
half-width ``h`` of the 95 % interval needs

    n = ⌈(z · s / h)²⌉ hands,  z = 1.959964 (the normal 0.975 quantile).

``s`` is read from the pilot's interval clustered by match (:mod:`wuhanmj.stats.paired`):
``s = se · √hands``, which is ``√(p(1 − p))`` for a rate when the hands are independent
and grows when the hands of a match are alike (the dealer follows the results, D5). The
size is a plan for a *new* run of that many hands, not a reason to extend the pilot
until an interval looks narrow enough.

A target is ``NAME=WIDTH``: a rate's absolute half-width in percentage points
(``jinding=0.1pp``), or any quantity's half-width relative to its pilot mean
(``transfer=5%``), or a mean's absolute half-width in its unit (``transfer=2``,
points or money).

>>> import math
>>> from wuhanmj.stats.planner import hands_needed, parse_target
>>> hands_needed(math.sqrt(0.02 * 0.98), 0.001)
75293
>>> parse_target("jinding=0.1pp", ["jinding", "transfer"], rates=["jinding"])
Target(name='jinding', width=0.001, relative=False, text='jinding=0.1pp')
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import StudyError
from .tally import Z95

__all__ = ["Target", "parse_target", "hands_needed", "plan_target", "METHOD"]

METHOD = ("a fixed pilot, then a computed size (no peeking): n = ceil((z*s/h)^2), z = 1.959964, "
          "s = the pilot's standard error clustered by match times sqrt(hands), h = the target half-width")
"""The planner's method, as the study's output states it."""

_WIDTH = re.compile(r"\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(pp|%)?\s*")


@dataclass(frozen=True, slots=True)
class Target:
    """A precision asked of one quantity.

    Fields:
        name: the quantity (a rate or a mean of :func:`wuhanmj.stats.study.quantity_names`).
        width: the half-width of the 95 % interval: absolute (a rate's share, 0.001 for
            0.1 pp; a mean's unit, points or money) or, when ``relative``, a share of
            the pilot mean (0.05 for 5 %).
        relative: ``width`` is relative to the pilot mean.
        text: the target as written.
    """

    name: str
    width: float
    relative: bool
    text: str


def parse_target(text: str, known: Collection[str], rates: Collection[str] = ()) -> Target:
    """A target ``NAME=WIDTH`` (see the module docstring).

    Args:
        text: ``"jinding=0.1pp"``, ``"transfer=5%"``, ``"transfer=2"``.
        known: the quantity names a target may name.
        rates: those of ``known`` that are rates (``pp`` is for them, a bare number is not).

    Raises:
        StudyError: no ``=``, a name that is none of ``known`` (the message lists them), a
            width that is not a positive number with ``pp`` (rates) or ``%``, or a bare
            number for a rate.
    """
    if not isinstance(text, str) or "=" not in text:
        raise StudyError(f"target: expected NAME=WIDTH (jinding=0.1pp, transfer=5%), got {text!r}")
    name, _, width = text.partition("=")
    name = name.strip()
    if name not in known:
        raise StudyError(f"target {text!r}: unknown quantity {name!r}; expected one of {', '.join(known)}")
    m = _WIDTH.fullmatch(width)
    if m is None or float(m.group(1)) <= 0:
        raise StudyError(f"target {text!r}: the half-width must be a positive number with pp or %, got {width!r}")
    value, unit = float(m.group(1)), m.group(2)
    is_rate = name in rates
    if unit == "pp" and not is_rate:
        raise StudyError(f"target {text!r}: pp (percentage points) is for rates; give a mean's width in % or its unit")
    if unit is None and is_rate:
        raise StudyError(f"target {text!r}: give a rate's half-width in pp (absolute) or % (relative)")
    if unit == "pp":
        return Target(name, value / 100, False, text)
    if unit == "%":
        return Target(name, value / 100, True, text)
    return Target(name, value, False, text)


def hands_needed(sd: float, half_width: float, z: float = Z95) -> int | None:
    """``⌈(z · sd / half_width)²⌉``: the hands a 95 % interval of half-width
    ``half_width`` needs when one hand's standard deviation is ``sd`` (same unit); None
    when it cannot be said (``sd`` or ``half_width`` not a positive finite number: a
    quantity that never varied in the pilot)."""
    if not (math.isfinite(sd) and math.isfinite(half_width)) or sd <= 0 or half_width <= 0:
        return None
    return math.ceil((z * sd / half_width) ** 2)


def _sd(interval: Mapping[str, Any]) -> float:
    """One hand's standard deviation implied by a clustered interval: se · √walls."""
    se, n = interval.get("se", math.nan), interval.get("walls", 0)
    return se * math.sqrt(n) if n else math.nan


def plan_target(
    target: Target, labels: Sequence[str], levels: Sequence[Mapping[str, Mapping[str, Any]]],
    differences: Sequence[Mapping[str, Mapping[str, Any]]],
) -> dict[str, Any]:
    """The hands ``target`` needs, for each rule set's level and each difference.

    Args:
        target: the precision asked.
        labels: the rule sets' labels, the baseline first.
        levels: per rule set, quantity -> its clustered interval (:func:`~wuhanmj.stats.paired.clustered`).
        differences: per rule set after the first, quantity -> the interval of its
            difference from the baseline, paired by hand.

    Returns:
        A dict with the keys ``target`` (its text), ``quantity``, ``half_width`` and
        ``relative`` (the target's), ``levels`` (per rule set a dict of ``rule_set``,
        ``sd``, ``half_width`` and ``hands``) and ``differences`` (per rule set after the
        baseline the same, with ``vs``, the baseline); ``hands`` is None where the pilot
        gives no spread (fewer than two matches, or no variation) or, relative, a mean of 0. A relative width of a difference
        is taken of the baseline's mean.
    """
    def width(mean: float) -> float:
        return target.width * abs(mean) if target.relative else target.width

    base_mean = levels[0][target.name]["mean"]
    out_levels = []
    for label, lv in zip(labels, levels):
        iv = lv[target.name]
        h, sd = width(iv["mean"]), _sd(iv)
        out_levels.append({"rule_set": label, "sd": sd, "half_width": h, "hands": hands_needed(sd, h)})
    out_diffs = []
    for label, dv in zip(labels[1:], differences):
        iv = dv[target.name]
        h, sd = width(base_mean), _sd(iv)
        out_diffs.append({"rule_set": label, "vs": labels[0], "sd": sd, "half_width": h, "hands": hands_needed(sd, h)})
    return {"target": target.text, "quantity": target.name, "half_width": target.width, "relative": target.relative,
            "levels": out_levels, "differences": out_diffs}
