"""The messages of the bot protocol (docs/PROTOCOL.md): the ``request`` of a decision
(:func:`request_message`), the reading of an answer (:func:`parse_answer`), the action a
faulty bot's seat plays (:func:`safest_action`), and the compact JSON of every line
(:func:`dumps`). The events themselves are the game's, as the seat may know them
(:func:`wuhanmj.game.events.seat_event`); :mod:`wuhanmj.agents.process` runs the bots.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..errors import AgentError
from ..game.actions import ACTION_SPACE_SIZE, DISCARD, PASS, action_name
from ..tiles import format_tile

__all__ = ["PROTOCOL_VERSION", "dumps", "hand_text", "safest_action", "request_message", "parse_answer"]

PROTOCOL_VERSION = 1
"""The version of docs/PROTOCOL.md this engine speaks (sent in ``hello``)."""

dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""One message as its line (without the newline): compact JSON, UTF-8 text kept."""
_NAMES = tuple(action_name(c) for c in range(ACTION_SPACE_SIZE))
_DIGIT = tuple(str(t % 9 + 1) for t in range(34))
_SUIT = tuple("mpsz"[t // 9] for t in range(34))


def hand_text(hand: Sequence[int]) -> str:
    """:func:`~wuhanmj.tiles.format_tiles` of an observation's hand (valid tiles, sorted:
    no checks needed), in a few µs."""
    out: list[str] = []
    last = ""
    for t in hand:
        s = _SUIT[t]
        if s != last and last:
            out.append(last)
        last = s
        out.append(_DIGIT[t])
    if last:
        out.append(last)
    return "".join(out)
def safest_action(codes: Sequence[int]) -> int:
    """The action a faulty bot's seat plays: PASS (162) when legal, else the first discard
    code (0–33), else the first legal code.

    Raises:
        AgentError: ``codes`` is empty.
    """
    if not codes:
        raise AgentError("no legal action to fall back to")
    if PASS in codes:
        return PASS
    for c in codes:
        if DISCARD <= c < DISCARD + 34:
            return c
    return codes[0]


def request_message(obs: Any, codes: Sequence[int], rid: int) -> dict[str, Any]:
    """The ``request`` of one decision (docs/PROTOCOL.md), from the seat's
    :class:`~wuhanmj.game.observation.Observation` (read by explicit field names: only what
    the seat may see) and its legal codes.

    Args:
        obs: the Observation, or None (the request then holds the codes and names only).
        codes: the legal action codes (ints 0–162).
        rid: the request's number (1, 2, … over the process's life).
    """
    msg: dict[str, Any] = {"type": "request", "id": rid, "legal": list(codes),
                           "names": [_NAMES[c] for c in codes]}
    if obs is not None:
        msg["seat"] = obs.seat
        msg["phase"] = obs.phase
        msg["hand"] = hand_text(obs.hand)
        msg["drawn"] = None if obs.drawn is None else format_tile(obs.drawn)
        msg["claim_tile"] = None if obs.claim_tile is None else format_tile(obs.claim_tile)
        msg["turn"] = obs.turn
        msg["tiles_left"] = obs.tiles_left
    return msg


def parse_answer(line: bytes, codes: Sequence[int]) -> tuple[str, int | None]:
    """Read a bot's answer line: ``("ok", code)``, ``("not_json", None)`` (not one JSON value)
    or ``("illegal", None)`` (JSON, but no legal code: a code not in ``codes``, a name not
    of one of them, anything else, JSON nested too deep for the reader included)."""
    try:
        v = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return "not_json", None
    except RecursionError:  # [[[[...: JSON, but no answer
        return "illegal", None
    if isinstance(v, dict):
        if "code" in v:
            v = v["code"]
        elif isinstance(v.get("name"), str):
            name = v["name"].strip()
            for c in codes:
                if _NAMES[c] == name:
                    return "ok", c
            return "illegal", None
    if type(v) is int and v in codes:
        return "ok", v
    return "illegal", None
