"""The JSON record of a finished hand: :func:`hand_record` (events and result) and
:func:`record_json` (a records line, docs/RECORDS.md "JSON lines")."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..tiles import format_tile

if TYPE_CHECKING:
    from ..game.engine import Game
    from ..stats.outcome import HandOutcome

__all__ = ["hand_record", "record_json", "result_dict"]


def result_dict(o: HandOutcome, game: Game) -> dict[str, Any]:
    """The ``result`` fields of a records line (JSON-ready) for a finished ``game``."""
    res = game.result
    assert res is not None  # a finished game (its outcome o came from outcome_of)
    return {
        "winner": o.winner,
        "how": o.how,
        "win_tile": None if res.win_tile is None else format_tile(res.win_tile),
        "from": res.discarder,
        "big": list(o.big),
        "hard": o.hard if o.winner is not None else None,
        "payments": list(o.payments),
        "liability": o.liability,
        "reached": o.reached,
        "jinding": o.jinding,
        "length": o.length,
        "decisions": o.decisions,
        "laizi": format_tile(game.laizi),
    }


def hand_record(game: Game, outcome: HandOutcome) -> dict[str, Any]:
    """The JSON-ready record of a finished hand: ``{"events": [...], "result": {...}}``."""
    return {"events": game.events, "result": result_dict(outcome, game)}


def record_json(
    game: Game,
    outcome: HandOutcome,
    *,
    hand: int,
    match: int,
    hand_in_match: int,
    seed: int,
    agents: Sequence[str],
    wall: int | None = None,
    seating: int | None = None,
) -> str:
    """The records line of a finished hand (compact JSON text, no newline): ``hand``,
    ``match``, ``hand_in_match``, for an arena's game its ``wall`` and ``seating``, the
    run's ``seed``, the ``dealer``, ``prev_laizi`` (notation or null), the ``agents``' labels
    by seat, then :func:`hand_record`'s ``events`` and ``result``."""
    rec: dict[str, Any] = {"hand": hand, "match": match, "hand_in_match": hand_in_match}
    if wall is not None:
        rec.update(wall=wall, seating=seating)
    rec.update(seed=seed, dealer=game.dealer,
               prev_laizi=None if game.prev_laizi is None else format_tile(game.prev_laizi),
               agents=list(agents), **hand_record(game, outcome))
    return json.dumps(rec, ensure_ascii=False, separators=(",", ":"))
