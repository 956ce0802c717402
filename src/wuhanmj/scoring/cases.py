"""JSON cases (the schema of the test vectors, ``tests/data/cases/README.md``) ↔ :func:`evaluate_win`.

Beyond that schema a case may give ``"co_liable": [seats]``: the seats co-liable
under 下雨/陪包 (L5; the rule set must play ``xiayu``), as :func:`evaluate_win`'s
``co_liable`` argument.

>>> case = {"id": "E1", "rules": "kaikou", "indicator": "5m", "dealer": 0, "winner": 1,
...         "hand": "234m456p789p55s", "win_tile": "5s", "how": "zimo", "from": None,
...         "seats": [{"melds": []}, {"melds": [{"kind": "peng", "tiles": "777s", "from": 2}]},
...                   {"melds": []}, {"melds": [{"kind": "peng", "tiles": "999p", "from": 0}],
...                                   "hongzhong_gang": 1}]}
>>> score_case(case)
{'legal': True, 'hard': True, 'big': [], 'payments': [-16, 56, -8, -32], 'liable': None}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, overload

from .._json import check_depth
from ..errors import CaseError, WuhanMJError
from ..hand.meld import MELD_KINDS, Meld, SeatPlays
from ..rules import Rules
from ..terms import HOWS
from ..tiles import laizi_of, parse_tile
from .evaluate import evaluate_win
from .result import WinResult

__all__ = [
    "case_id", "case_kwargs", "evaluate_case", "score_case", "expect_of", "seat_plays_of",
    "EXPECT_KEYS", "expect_differences",
]

EXPECT_KEYS = ("legal", "hard", "big", "payments", "liable", "reason")
"""The keys an ``expect`` object may have (``reason``: of an illegal win, see :func:`expect_differences`)."""

_REQUIRED = ("rules", "indicator", "dealer", "winner", "hand", "win_tile", "how", "seats")
_OPTIONAL = (
    "id", "note", "laizi", "from", "prev_laizi", "discarder_ready", "discarder_holds_non_jiang", "expect",
    "co_liable",
)


def case_id(case: object, index: int | None = None) -> str:
    """The case's ``id``, or ``#index`` when it has none."""
    if isinstance(case, Mapping) and isinstance(case.get("id"), (str, int)):
        return str(case["id"])
    return f"#{index}" if index is not None else "<no id>"


def _bad(cid: str, msg: str) -> CaseError:
    return CaseError(f"case {cid}: {msg}")


def _seat_value(v: object, cid: str, what: str, *, optional: bool = False) -> int | None:
    if v is None and optional:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 3:
        raise _bad(cid, f"{what} must be a seat 0-3{' or null' if optional else ''}, got {v!r}")
    return v


def _meld_of(d: object, cid: str, where: str) -> Meld:
    if not isinstance(d, Mapping):
        raise _bad(cid, f"{where}: a meld must be an object, got {d!r}")
    unknown = set(d) - {"kind", "tiles", "from"}
    if unknown:
        raise _bad(cid, f"{where}: unknown meld field(s) {sorted(unknown)}")
    kind = d.get("kind")
    if kind not in MELD_KINDS:
        raise _bad(cid, f"{where}: meld kind must be one of {', '.join(MELD_KINDS)}, got {kind!r}")
    tiles = d.get("tiles")
    if not isinstance(tiles, str):
        raise _bad(cid, f"{where}: meld tiles must be a string like '777s', got {tiles!r}")
    try:
        return Meld(kind, tiles, d.get("from"))
    except WuhanMJError as e:
        raise _bad(cid, f"{where}: {e}") from None


def seat_plays_of(d: object, cid: str = "<case>", seat: int = 0) -> SeatPlays:
    """One ``seats[i]`` object → :class:`SeatPlays`. Raises CaseError naming the case and seat."""
    where = f"seats[{seat}]"
    if not isinstance(d, Mapping):
        raise _bad(cid, f"{where} must be an object, got {d!r}")
    unknown = set(d) - {"melds", "hongzhong_gang", "pizi_gang", "laizi_gang"}
    if unknown:
        raise _bad(cid, f"{where}: unknown field(s) {sorted(unknown)}")
    melds = d.get("melds", [])
    if not isinstance(melds, list):
        raise _bad(cid, f"{where}.melds must be a list, got {melds!r}")
    ms = tuple(_meld_of(m, cid, f"{where}.melds[{i}]") for i, m in enumerate(melds))
    counts = {}
    for k in ("hongzhong_gang", "pizi_gang", "laizi_gang"):
        v = d.get(k, 0)
        if isinstance(v, bool) or not isinstance(v, int):
            raise _bad(cid, f"{where}.{k} must be an integer, got {v!r}")
        counts[k] = v
    try:
        return SeatPlays(ms, **counts)
    except WuhanMJError as e:
        raise _bad(cid, f"{where}: {e}") from None


@overload
def _tile_field(case: Mapping, key: str, cid: str, *, optional: Literal[False] = False) -> int: ...


@overload
def _tile_field(case: Mapping, key: str, cid: str, *, optional: bool) -> int | None: ...


def _tile_field(case: Mapping, key: str, cid: str, *, optional: bool = False) -> int | None:
    """The tile of ``case[key]``; None only when ``optional`` and the field is absent or null."""
    v = case.get(key)
    if v is None and optional:
        return None
    if not isinstance(v, str):
        raise _bad(cid, f"{key} must be a tile string like '5m', got {v!r}")
    try:
        return parse_tile(v)
    except WuhanMJError as e:
        raise _bad(cid, f"{key}: {e}") from None


def case_kwargs(case: object, index: int | None = None) -> dict[str, Any]:
    """The keyword arguments of :func:`evaluate_win` for one case.

    ``rules`` may be a preset name or a rules object (``Rules.to_dict()`` form).
    The optional ``laizi`` must agree with the indicator (R2).

    Raises:
        CaseError: a missing or malformed field, or a case nested deeper than
            :data:`wuhanmj._json.MAX_DEPTH` levels; the message starts with
            ``case <id>:`` and names the field.
    """
    cid = case_id(case, index)
    if not isinstance(case, Mapping):
        raise _bad(cid, f"a case must be a JSON object, got {type(case).__name__}")
    check_depth(case, CaseError, f"case {cid}")
    missing = [k for k in _REQUIRED if k not in case]
    if missing:
        raise _bad(cid, f"missing field(s) {', '.join(missing)}")
    unknown = sorted(set(case) - set(_REQUIRED) - set(_OPTIONAL))
    if unknown:
        raise _bad(cid, f"unknown field(s) {', '.join(unknown)}")
    r = case["rules"]
    try:
        if isinstance(r, str):
            rules = Rules.preset(r)
        elif isinstance(r, Mapping):
            rules = Rules.from_dict(r)
        else:
            raise _bad(cid, f"rules must be a preset name or an object, got {r!r}")
    except CaseError:
        raise
    except WuhanMJError as e:
        raise _bad(cid, f"rules: {e}") from None
    indicator = _tile_field(case, "indicator", cid)
    if case.get("laizi") is not None:
        lz = _tile_field(case, "laizi", cid)
        if lz != laizi_of(indicator):
            raise _bad(cid, f"laizi {case['laizi']!r} does not follow from indicator {case['indicator']!r} (R2)")
    hand = case["hand"]
    if not isinstance(hand, str):
        raise _bad(cid, f"hand must be a tile string, got {hand!r}")
    how = case["how"]
    if how not in HOWS:
        raise _bad(cid, f"how must be one of {', '.join(HOWS)}, got {how!r}")
    seats = case["seats"]
    if not isinstance(seats, list) or len(seats) != 4:
        raise _bad(cid, f"seats must be a list of 4 objects, got {seats!r}")
    for key in ("discarder_ready", "discarder_holds_non_jiang"):
        v = case.get(key)
        if v is not None and not isinstance(v, bool):
            raise _bad(cid, f"{key} must be true, false or null, got {v!r}")
    co = case.get("co_liable", [])
    if not isinstance(co, list):
        raise _bad(cid, f"co_liable must be a list of seats, got {co!r}")
    return {
        "co_liable": tuple(_seat_value(v, cid, "co_liable seat") for v in co),
        "hand": hand,
        "win_tile": _tile_field(case, "win_tile", cid),
        "how": how,
        "winner": _seat_value(case["winner"], cid, "winner"),
        "dealer": _seat_value(case["dealer"], cid, "dealer"),
        "indicator": indicator,
        "seats": tuple(seat_plays_of(s, cid, i) for i, s in enumerate(seats)),
        "discarder": _seat_value(case.get("from"), cid, "from", optional=True),
        "prev_laizi": _tile_field(case, "prev_laizi", cid, optional=True),
        "discarder_ready": case.get("discarder_ready"),
        "discarder_holds_non_jiang": case.get("discarder_holds_non_jiang"),
        "rules": rules,
    }


def expect_of(result: WinResult) -> dict[str, Any]:
    """A :class:`WinResult` in the ``expect`` schema of the cases."""
    return result.to_expect()


def evaluate_case(case: object, index: int | None = None) -> WinResult:
    """:func:`evaluate_win` on one case.

    Raises:
        CaseError: the case is malformed, or its facts are inconsistent (the
            WinInputError/MeldError of :func:`evaluate_win`, prefixed with the case id).
    """
    kw = case_kwargs(case, index)
    try:
        return evaluate_win(**kw)
    except CaseError:
        raise
    except WuhanMJError as e:
        raise _bad(case_id(case, index), str(e)) from None


def expect_differences(expect: object, got: Mapping[str, Any], cid: str = "<case>") -> dict[str, Any]:
    """The keys of ``expect`` whose value ``got`` does not have, with ``got``'s value.

    Only the keys the expectation has are compared, so a partial ``expect`` (e.g. only
    ``payments``) checks just those. An expected ``reason`` may be the whole reason or
    its rule id alone (``"W5"`` matches ``"W5: holds 红中 7z"``).

    Args:
        expect: a case's ``expect`` object.
        got: a result in the ``expect`` schema (:func:`score_case`).
        cid: the case id for messages.

    Returns:
        ``{key: got's value (None when it has none)}`` for every key that differs; empty
        when they agree.

    Raises:
        CaseError: ``expect`` is not an object, or has a key not in :data:`EXPECT_KEYS`.
    """
    if not isinstance(expect, Mapping):
        raise _bad(cid, f"expect must be an object, got {expect!r}")
    unknown = sorted(str(k) for k in expect if k not in EXPECT_KEYS)
    if unknown:
        raise _bad(cid, f"expect: unknown field(s) {', '.join(unknown)}; expected {', '.join(EXPECT_KEYS)}")
    out = {}
    for k, want in expect.items():
        have = got.get(k)
        if k == "reason" and isinstance(want, str) and isinstance(have, str) and have.startswith(want + ":"):
            continue
        if have != want:
            out[k] = have
    return out


def score_case(case: object, index: int | None = None) -> dict[str, Any]:
    """One case → its result in the ``expect`` schema (an illegal win: ``legal`` false and
    its ``reason``, e.g. ``"W5: holds 红中 7z"``). Raises CaseError (see :func:`evaluate_case`)."""
    return expect_of(evaluate_case(case, index))

