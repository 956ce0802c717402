"""Event-log records of a hand: JSON-ready dicts with tiles in the notation of T2.

The game keeps its events as dicts with tile indices; :func:`render_event` gives the
public form (tiles as text like ``"5m"``, hands and meld tiles as ``"123m"`` strings,
the wall as a list of tiles) and :func:`parse_event` reads it back. See
:attr:`wuhanmj.game.Game.events` for the event types.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import ReplayError, WuhanMJError
from .rules import Rules
from .tiles import format_tile, format_tiles, parse_tile, parse_tiles

__all__ = ["render_event", "parse_event", "parse_events", "same_event", "rules_json"]

_TILE_KEYS = ("tile", "indicator", "laizi", "prev_laizi")

_RULES_JSON: dict = {}


def rules_json(rules: Rules) -> dict:
    """``rules.to_dict()`` as it reads back from JSON (money keys as strings), cached."""
    try:
        return _RULES_JSON[rules]
    except (KeyError, TypeError):  # TypeError: an unhashable field value; just do not cache
        d = json.loads(json.dumps(rules.to_dict()))
        try:
            if len(_RULES_JSON) < 64:
                _RULES_JSON[rules] = d
        except TypeError:
            pass
        return d


def same_event(mine: dict, theirs: Mapping) -> bool:
    """Event equality; a deal's rules compare as rule sets (JSON may have turned the money
    table's int keys into strings, or not)."""
    if mine.get("type") != "deal":
        return mine == dict(theirs)
    a, b = dict(mine), dict(theirs)
    ra, rb = a.pop("rules", None), b.pop("rules", None)
    if a != b:
        return False
    try:
        return Rules.from_dict(ra) == Rules.from_dict(rb)
    except (WuhanMJError, TypeError, AttributeError):
        return False


# The game keeps its most frequent events as tuples (type, then these fields in order);
# every reader goes through render_event, which gives the dict form.
EVENT_FIELDS = {
    "draw": ("type", "seat", "tile", "end"),
    "discard": ("type", "seat", "tile", "action"),
    "pass": ("type", "seat", "action"),
    "claim": ("type", "seat", "kind", "tile", "from", "action"),
}


def render_event(e: dict | tuple) -> dict:
    """The public form of an event kept by the game (a dict, or a compact tuple)."""
    out = dict(zip(EVENT_FIELDS[e[0]], e)) if type(e) is tuple else dict(e)
    if "rules" in out:
        out["rules"] = json.loads(json.dumps(out["rules"]))  # a private copy for the caller
    for k in _TILE_KEYS:
        v = out.get(k)
        if v is not None:
            out[k] = format_tile(v)
    if "tiles" in out:
        out["tiles"] = format_tiles(out["tiles"])
    if "pizi" in out:
        out["pizi"] = [format_tile(t) for t in out["pizi"]]
    if "hands" in out:
        out["hands"] = [format_tiles(h) for h in out["hands"]]
    if "wall" in out:
        out["wall"] = [format_tile(t) for t in out["wall"]]
    return out


def _to_tile(v: Any) -> int:
    return parse_tile(v) if isinstance(v, str) else int(v)


def parse_event(e: Mapping) -> dict:
    out = dict(e)
    for k in _TILE_KEYS:
        v = out.get(k)
        if v is not None:
            out[k] = _to_tile(v)
    if "tiles" in out:
        v = out["tiles"]
        out["tiles"] = parse_tiles(v) if isinstance(v, str) else [int(x) for x in v]
    if "pizi" in out:
        out["pizi"] = [_to_tile(t) for t in out["pizi"]]
    if "hands" in out:
        out["hands"] = [parse_tiles(h) if isinstance(h, str) else [int(x) for x in h] for h in out["hands"]]
    if "wall" in out:
        out["wall"] = [_to_tile(t) for t in out["wall"]]
    if "payments" in out:
        out["payments"] = list(out["payments"])
    return out


def parse_events(events: str | Iterable[Mapping | str]) -> list[dict]:
    try:
        if isinstance(events, str):
            items: Iterable = [ln for ln in events.splitlines() if ln.strip()]
        else:
            items = events
        out = []
        for e in items:
            if isinstance(e, str):
                e = json.loads(e)
            if not isinstance(e, Mapping) or "type" not in e:
                raise ReplayError(f"not an event: {e!r}")
            out.append(dict(e))
        return out
    except json.JSONDecodeError as err:
        raise ReplayError(f"event log is not JSON lines: {err}") from None
