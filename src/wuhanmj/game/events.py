"""Event-log records of a hand: JSON-ready dicts with tiles in the notation of T2.

The game keeps its events as dicts with tile indices; :func:`render_event` gives the
public form (tiles as text like ``"5m"``, hands and meld tiles as ``"123m"`` strings,
the wall as a list of tiles) and :func:`parse_event` reads it back. See
:attr:`wuhanmj.game.Game.events` for the event types. What one seat may know of them is
:func:`public_event` (the web table's log) and :func:`seat_event` (the bot protocol,
docs/PROTOCOL.md): one filter for both.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Iterable, Mapping
from typing import Any

from .. import _checks
from .._json import check_depth, load_json
from ..errors import ReplayError, TileError, WuhanMJError
from ..rules import Rules
from ..tiles import format_tile, format_tiles, parse_tile, parse_tiles

__all__ = ["render_event", "parse_event", "parse_events", "same_event", "same_json", "rules_json", "public_event",
           "seat_event"]

_TILE_KEYS = ("tile", "indicator", "laizi", "prev_laizi")

_short = reprlib.Repr()  # for messages: a bounded repr of what is not an event
_short.maxlist = 8
_short.maxdict = 6
_short.maxstring = 60

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


def same_json(a: Any, b: Any) -> bool:
    """Equality of JSON-like data that also requires the same scalar types (``1`` is not
    ``True`` or ``1.0``); lists and tuples compare alike, dicts by keys and values."""
    ta = type(a)
    if ta is list or ta is tuple:
        return (type(b) is list or type(b) is tuple) and len(a) == len(b) and all(map(same_json, a, b))
    if ta is dict:
        return isinstance(b, Mapping) and len(a) == len(b) and all(k in b and same_json(v, b[k]) for k, v in a.items())
    return ta is type(b) and a == b


def same_event(mine: dict, theirs: Mapping) -> bool:
    """Event equality, types included (a seat ``true`` is not seat 1); a deal's rules
    compare as rule sets (JSON may have turned the money table's int keys into strings,
    or not)."""
    if mine.get("type") != "deal":
        return same_json(mine, theirs)
    a, b = dict(mine), dict(theirs)
    ra, rb = a.pop("rules", None), b.pop("rules", None)
    if not same_json(a, b):
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


def public_event(e: Mapping, seat: int) -> dict | None:
    """What ``seat`` may know of one rendered event: the deal without the wall and the hands,
    another seat's draw without its tile; another seat's claims and passes not at all (a
    seat that was asked holds the tiles for the claim); None for an event left out."""
    typ = e.get("type")
    if typ == "deal":
        return {"type": "deal", "dealer": e.get("dealer"), "scores": e.get("scores")}
    if typ == "draw" and e.get("seat") != seat:
        return {"type": "draw", "seat": e.get("seat"), "end": e.get("end")}
    if typ in ("claim", "pass") and e.get("seat") != seat:
        return None
    out = dict(e)
    out.pop("action", None)
    return out


def seat_event(e: Mapping, seat: int) -> dict | None:
    """What ``seat`` may know of one rendered event, as the bot protocol sends it
    (docs/PROTOCOL.md): :func:`public_event`, except that the deal keeps what the seat sees
    at the table besides the dealer and the scores: its own seat, its own tiles (``hand``),
    the previous 癞子 (X4) and the rules; never the wall or another seat's tiles."""
    if e.get("type") != "deal":
        return public_event(e, seat)
    hands = e.get("hands") or ()
    return {"type": "deal", "seat": seat, "dealer": e.get("dealer"), "scores": e.get("scores"),
            "prev_laizi": e.get("prev_laizi"), "rules": e.get("rules"),
            "hand": hands[seat] if seat < len(hands) else None}


def _to_tile(v: Any) -> int:
    """A tile from notation or an int (numpy integers too); a float or bool is refused."""
    if isinstance(v, str):
        return parse_tile(v)
    t = _checks.index(v)
    if t is None:
        raise TileError(f"expected a tile (notation or an index), got {v!r}")
    return t


def parse_event(e: Mapping) -> dict:
    """The internal form of a public event (tiles as indices).

    Raises:
        TileError: a field that should hold tiles (named in the message) holds
            something else: a float, a bool, bad notation, or not a list.
    """
    out = dict(e)
    k = ""
    try:
        for k in _TILE_KEYS:
            v = out.get(k)
            if v is not None:
                out[k] = _to_tile(v)
        k = "tiles"
        if k in out:
            v = out[k]
            out[k] = parse_tiles(v) if isinstance(v, str) else [_to_tile(x) for x in v]
        k = "pizi"
        if k in out:
            out[k] = [_to_tile(t) for t in out[k]]
        k = "hands"
        if k in out:
            out[k] = [parse_tiles(h) if isinstance(h, str) else [_to_tile(x) for x in h] for h in out[k]]
        k = "wall"
        if k in out:
            out[k] = [_to_tile(t) for t in out[k]]
        k = "payments"
        if k in out:
            out[k] = list(out[k])
    except (TileError, TypeError) as err:
        raise TileError(f"{k}: {err}") from None
    return out


def parse_events(events: str | Iterable[Mapping | str]) -> list[dict]:
    """Event dicts from JSON lines or an iterable of dicts / JSON strings.

    Raises:
        ReplayError: not JSON lines, not iterable, an item nested deeper than
            :data:`wuhanmj._json.MAX_DEPTH` levels, or an item that is not an event.
    """
    if not isinstance(events, str) and not isinstance(events, Iterable):
        raise ReplayError(f"an event log is JSON lines or a list of events, got {type(events).__name__}")
    if isinstance(events, str):
        items: Iterable = [ln for ln in events.splitlines() if ln.strip()]
    else:
        items = events
    out = []
    for i, e in enumerate(items):
        if isinstance(e, str):
            e = load_json(e, ReplayError, f"event log, event {i}")
        else:
            check_depth(e, ReplayError, f"event log, event {i}")
        if not isinstance(e, Mapping) or "type" not in e:
            raise ReplayError(f"not an event: {_short.repr(e)}")
        out.append(dict(e))
    return out
