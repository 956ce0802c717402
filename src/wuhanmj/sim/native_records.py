"""Records of hands played natively, written from the native arrays (no replay).

:func:`record_items` is the one function every native path calls for its records (a
simulation's batch, the arena): it turns the arrays of
:func:`wuhanmj.native.batch.run_matches` (``record=True``) into the items a records sink
takes — JSON lines (str) equal, byte for byte, to what the Python engine's
:func:`~wuhanmj.sim.batch.record_line` writes for the same hands, or the binary hands of
:func:`~wuhanmj.sim.records.encode_hand` — in C (:mod:`wuhanmj.native.records`).

The C writer prints amounts as integers, which is what the Python engine keeps when every
amount of the rule set is a whole number (S4, S5, X1, X2: ``settlement._num``); a rule set
with a fractional amount (a money table with ``0.5``, say) can have payments the Python
engine keeps as floats, so :func:`exact_amounts` says which rule sets the C writer
serves; the others are written by replaying the hands through the Python engine
(:func:`wuhanmj.sim.native.replay_records`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..game.actions import KIND_OF_CODE
from ..game.events import rules_json
from ..rules import Rules
from .outcome import BIG_HU, HOWS, LIABILITY
from .recordio import BINARY

__all__ = ["exact_amounts", "record_items"]

_NAMES = (KIND_OF_CODE, HOWS, BIG_HU, LIABILITY)


def _whole(x: Any) -> bool:
    return type(x) is int or (isinstance(x, float) and x.is_integer())


def exact_amounts(rules: Rules) -> bool:
    """True when every amount ``rules`` can settle is a whole number: ``cap``,
    ``gold_cap``, ``gold_money`` and every money of the table (X1, X2, D9). Then the
    Python engine keeps every payment and score as an int (a points hand's 自摸 ×1.5 of X1
    applies to a big hu's even base), which is what :func:`record_items` writes."""
    return _exact(rules)


@functools.lru_cache(maxsize=64)
def _exact(rules: Rules) -> bool:
    amounts = [rules.cap, rules.gold_cap, rules.gold_money, *(m for _, m in rules.money)]
    return all(_whole(a) for a in amounts)


@functools.lru_cache(maxsize=64)
def _rules_text(rules: Rules) -> bytes:
    return json.dumps(rules_json(rules), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def record_items(
    rules: Rules,
    arrays: dict[str, np.ndarray],
    kind: bool | str,
    *,
    seed: int,
    agents: Sequence[str],
    index: np.ndarray | None = None,
    wall: np.ndarray | None = None,
    seating: int = 0,
    blocks: bool = False,
) -> list[Any]:
    """The records of the hands of a native batch, one item a hand in row order.

    Args:
        rules: the rules the batch was played with; :func:`exact_amounts` must hold.
        arrays: :func:`~wuhanmj.native.batch.run_matches`'s dict with ``record=True``.
        kind: True for JSON lines (str, no newline), :data:`~wuhanmj.sim.recordio.BINARY`
            for binary hands (bytes, :func:`~wuhanmj.sim.records.encode_hand`).
        seed: the run's root seed (the line's ``seed``).
        agents: the 4 agents' labels by seat (the line's ``agents``).
        index: int64 ``(n,)``: each row's record index (the line's ``hand``, the binary
            row's); default ``arrays["hand"]``.
        wall: int64 ``(n,)`` or None: for an arena's JSON line, each row's wall (its
            ``wall`` and ``seating`` follow ``hand_in_match``, as ``arena`` writes them).
        seating: the seating index of every row (binary rows; the arena's line).
        blocks: JSON lines only: give blocks of whole lines (bytes, UTF-8, each line
            ended by a newline, about 2 MB a block) instead of one str a hand; a records
            sink (:func:`~wuhanmj.sim.recordio.open_sink`) writes them as they are, which
            saves a copy of every line.

    Returns:
        list of str (JSON lines) or bytes (binary hands, or the blocks), equal to the
        Python engine's records.

    Raises:
        SimulationError: rules with a fractional amount (see :func:`exact_amounts`), or a
            decision log that does not read as a hand (a bug).
    """
    from ..errors import SimulationError
    from ..native.records import encode_records

    if not exact_amounts(rules):
        raise SimulationError("native records: the rules have a fractional amount; replay the hands instead")
    labels = json.dumps(list(agents), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return encode_records(
        rules, arrays, kind == BINARY, _NAMES, seed_json=json.dumps(int(seed)).encode(), agents_json=labels,
        rules_json=_rules_text(rules), index=index, wall_index=wall, seating=seating,
        joined=blocks and kind != BINARY,
    )
