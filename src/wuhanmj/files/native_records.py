"""Records of hands played natively, written from the native arrays (no replay).

:func:`record_items` is the one function every native path calls for its records (a
simulation's batch, the arena): it turns the arrays of
:func:`wuhanmj.native.batch.run_matches` (``record=True``) into the items a records sink
takes — JSON lines (str) equal, byte for byte, to what the Python engine's
:func:`~wuhanmj.running.batch.record_line` writes for the same hands, or the binary hands of
:func:`~wuhanmj.files.records.encode_hand` — in C (:mod:`wuhanmj.native.records`).

Amounts: when every amount of the rule set is a whole number (:func:`exact_amounts`) the
Python engine keeps every payment and score as an int (S4, S5, X1, X2:
``settlement._num``), which the C writer prints. A rule set with a fractional amount (a
money table with ``2.5``, say) has floats among them: a payment that is not whole, the
liable seat's sum (L), and every running score a float was added to (M1); the types are
worked out per row (the hands with a liable seat, whose types the arrays do not give, are
replayed through the Python engine) and the C writer prints a float as ``repr`` does.
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
from ..stats.outcome import BIG_HU, HOWS, LIABILITY
from .recordio import BINARY

__all__ = ["exact_amounts", "record_items"]

_NAMES = (KIND_OF_CODE, HOWS, BIG_HU, LIABILITY)


def _whole(x: Any) -> bool:
    return type(x) is int or (isinstance(x, float) and x.is_integer())


def exact_amounts(rules: Rules) -> bool:
    """True when every amount ``rules`` can settle is a whole number: ``cap``,
    ``gold_cap``, ``gold_money`` and every money of the table (X1, X2, D9). Then the
    Python engine keeps every payment and score as an int (a points hand's 自摸 ×1.5 of X1
    applies to a big hu's even base), and :func:`record_items` needs no types."""
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
        rules: the rules the batch was played with.
        arrays: :func:`~wuhanmj.native.batch.run_matches`'s dict with ``record=True``;
            its rows in match order, each match from its first hand (the amounts' types
            follow the running scores of a match, M1).
        kind: True for JSON lines (str, no newline), :data:`~wuhanmj.files.recordio.BINARY`
            for binary hands (bytes, :func:`~wuhanmj.files.records.encode_hand`).
        seed: the run's root seed (the line's ``seed``).
        agents: the 4 agents' labels by seat (the line's ``agents``).
        index: int64 ``(n,)``: each row's record index (the line's ``hand``, the binary
            row's); default ``arrays["hand"]``.
        wall: int64 ``(n,)`` or None: for an arena's JSON line, each row's wall (its
            ``wall`` and ``seating`` follow ``hand_in_match``, as ``arena`` writes them).
        seating: the seating index of every row (binary rows; the arena's line).
        blocks: JSON lines only: give blocks of whole lines (bytearray, UTF-8, each line
            ended by a newline, about 2 MB a block) instead of one str a hand; a records
            sink (:func:`~wuhanmj.files.recordio.open_sink`) writes them as they are, which
            saves a copy of every line. Ignored (one str a hand) for rules with a
            fractional amount.

    Returns:
        list of str (JSON lines) or bytes (binary hands, or the blocks), equal to the
        Python engine's records.

    Raises:
        SimulationError: a decision log that does not read as a hand (a bug).
    """
    from ..native.records import encode_records

    labels = json.dumps(list(agents), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    types = skip = None
    replays: dict[int, Any] = {}
    if not exact_amounts(rules):
        types, skip, replays = _amount_types(rules, arrays, kind, seed, agents, index, wall, seating)
        blocks = False
    items = encode_records(
        rules, arrays, kind == BINARY, _NAMES, seed_json=json.dumps(int(seed)).encode(), agents_json=labels,
        rules_json=_rules_text(rules), index=index, wall_index=wall, seating=seating,
        joined=blocks and kind != BINARY, types=types, skip=skip,
    )
    for i, item in replays.items():
        items[i] = item
    return items


def _amount_types(
    rules: Rules, a: dict[str, np.ndarray], kind: bool | str, seed: int, agents: Sequence[str],
    index: np.ndarray | None, wall: np.ndarray | None, seating: int,
) -> tuple[np.ndarray, np.ndarray, dict[int, Any]]:
    """For rules with a fractional amount: which amounts of each row the Python engine
    keeps as floats (bit per amount, scores 0-3, payments 4-7), and the rows whose records
    come from a replay through :class:`~wuhanmj.game.Game` (with those items).

    A payment is a float when it is not whole (``settlement._num``), except the liable
    seat's and the co-liable seats' (L, L5: the sum of the others' amounts, a float when
    one of them is, whole or not): the arrays do not say, so those hands are replayed. A
    running score is a float once a float was added to it in its match (M1)."""
    from ..game.engine import Game
    from ..game.wall import shuffled_wall
    from ..stats.outcome import outcome_of
    from .handrecord import record_json
    from .records import encode_hand

    pay = a["payments"]
    n = len(pay)
    nonwhole = pay != np.rint(pay)
    replay = (a["winner"] >= 0) & (a["liable"] >= 0)
    types = np.zeros(n, np.uint8)
    skip = replay.astype(np.uint8)
    items: dict[int, Any] = {}
    off = a["log_offsets"]
    matches = a["match"].tolist()
    hands = (a["hand"] if index is None else index).tolist()
    floats = [False] * 4
    current = None
    for i in range(n):
        if matches[i] != current:
            current = matches[i]
            floats = [False] * 4
        score_bits = sum(1 << s for s in range(4) if floats[s])
        if replay[i]:
            scores = tuple(float(x) if floats[s] else int(x) for s, x in enumerate(a["scores"][i].tolist()))
            prev = int(a["prev_laizi"][i])
            w = a["log_wall"][i].tolist() if "log_wall" in a else shuffled_wall(int(a["seed"][i]))
            game = Game(rules, wall=w, dealer=int(a["dealer"][i]),
                        prev_laizi=None if prev < 0 else prev, scores=scores)
            lo, hi = int(off[i]), int(off[i + 1])
            for seat, code in zip(a["log_seat"][lo:hi].tolist(), a["log_code"][lo:hi].tolist()):
                game.step(seat, code)
            o = outcome_of(game, hi - lo)
            paid = [type(p) is not int for p in o.payments]
            m, h = int(a["match"][i]), int(a["hand_in_match"][i])
            if kind == BINARY:
                items[i] = encode_hand(game, o, hands[i], m, h, seating)
            else:
                items[i] = record_json(game, o, hand=hands[i], match=m, hand_in_match=h, seed=int(seed),
                                       agents=agents, wall=None if wall is None else int(wall[i]),
                                       seating=None if wall is None else seating)
        else:
            paid = nonwhole[i].tolist()
        types[i] = score_bits | sum(1 << (4 + s) for s in range(4) if paid[s])
        for s in range(4):
            floats[s] = floats[s] or paid[s]
    return types, skip, items
