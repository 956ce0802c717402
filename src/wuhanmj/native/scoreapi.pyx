# cython: language_level=3
"""The Python entries of the native scoring (tests, benchmarks): :func:`evaluate_win_native`
scores one win by :c:func:`~wuhanmj.native.score.evaluate_win_c` after the same argument
checks as :func:`wuhanmj.scoring.evaluate_win`, and gives the dict
:func:`win_result_fields` makes of a WinResult (a refused win's
:class:`~wuhanmj.scoring.result.Refusal` made of the WinOut's reason fields); :func:`pack_win` packs the ``WinIn``
struct (``score.pxd``) for C loops; :func:`is_ready_native` and
:func:`holds_non_jiang_native` ask the 听牌 and L1 kernels.

The kernels themselves are in :mod:`wuhanmj.native.score` (cimport them through
``score.pxd``).
"""

from libc.math cimport floor
from libc.stdint cimport uint8_t
from libc.string cimport memset

from wuhanmj.core.tables cimport ensure_tables
from wuhanmj.native.defs cimport BH_QUANQIUREN, HOW_FANGCHONG, R_LEGAL, R_W5, R_W8, R_W11
from wuhanmj.native.rulesc cimport RulesC, rules_to_c
from wuhanmj.native.score cimport (
    SeatC,
    WinIn,
    WinOut,
    evaluate_win_c,
    holds_non_jiang_c,
    is_ready_c,
    laizi_c,
)

from ..errors import WinInputError
from ..hand.bighu import CATALOGUE
from ..hand.meld import MELD_KINDS, Meld, SeatPlays
from ..rules import Rules
from ..scoring.result import REFUSAL_RULES, Refusal
from ..terms import HOWS

__all__ = [
    "evaluate_win_native",
    "win_result_fields",
    "pack_win",
    "is_ready_native",
    "holds_non_jiang_native",
    "WIN_IN_SIZE",
    "WIN_OUT_SIZE",
]

WIN_IN_SIZE = sizeof(WinIn)
WIN_OUT_SIZE = sizeof(WinOut)


_HOW_INDEX = {h: i for i, h in enumerate(HOWS)}
_KIND_INDEX = {k: i for i, k in enumerate(MELD_KINDS)}
_BIG_NAMES = tuple(b.name for b in CATALOGUE)  # bit i = CATALOGUE[i] (defs.pxd)
_RULE_NAMES = (None, "L1", "L2", "L3")


cdef int _load_seat(object sp, SeatC* out) except -1:
    cdef int i = 0
    memset(out, 0, sizeof(SeatC))
    for m in sp.melds:
        out.melds[i].kind = _KIND_INDEX[m.kind]
        out.melds[i].tile = m.tiles[0]
        out.melds[i].source = -1 if m.source is None else m.source
        i += 1
    out.n_melds = i
    out.hz = sp.hongzhong_gang
    out.pz = sp.pizi_gang
    out.lz = sp.laizi_gang
    return 0


def _checked(**kw):
    """evaluate_win's input checks (:func:`wuhanmj.scoring.evaluate.check_win_inputs`, the
    same function): the normalised facts. Raises what evaluate_win raises (WinInputError,
    MeldError, RulesError)."""
    from ..scoring.evaluate import check_win_inputs

    return check_win_inputs(**kw)[:13]


cdef int _load(dict kw, RulesC* rc, WinIn* w) except -1:
    """Check ``kw`` (evaluate_win's keyword arguments) and fill ``rc`` and ``w``; returns
    1 when a 全求人 won on a discard will need the missing L1 fact (evaluate_win raises then)."""
    (rules, counts, win_tile, how, winner, dealer, discarder, indicator, prev_laizi,
     ready, holds, seats, co) = _checked(**kw)
    rules_to_c(rules, rc)
    memset(w, 0, sizeof(WinIn))
    for t in range(34):
        w.hand[t] = counts[t]
    w.win_tile = win_tile
    w.how = _HOW_INDEX[how]
    w.winner = winner
    w.dealer = dealer
    w.discarder = -1 if discarder is None else discarder
    w.indicator = indicator
    w.prev_laizi = -1 if prev_laizi is None else prev_laizi
    w.discarder_ready = -1 if ready is None else ready
    w.discarder_holds_non_jiang = -1 if holds is None else holds
    w.co_liable = 0
    for c in co:
        w.co_liable |= 1 << c
    for s in range(4):
        _load_seat(seats[s], &w.seats[s])
    need = ready if rules.qqr_liability == "not_ready" else holds
    return need is None


_EVALUATE_KEYS = ("hand", "win_tile", "how", "winner", "dealer", "indicator", "seats", "discarder",
                  "prev_laizi", "discarder_ready", "discarder_holds_non_jiang", "rules", "co_liable")
_DEFAULTS = {"discarder": None, "prev_laizi": None, "discarder_ready": None,
             "discarder_holds_non_jiang": None, "rules": None, "co_liable": ()}


def _kwargs(kwargs) -> dict:
    unknown = sorted(set(kwargs) - set(_EVALUATE_KEYS))
    if unknown:
        raise TypeError(f"evaluate_win_native() got an unexpected keyword argument {unknown[0]!r}")
    kw = dict(_DEFAULTS)
    kw.update(kwargs)
    missing = [k for k in _EVALUATE_KEYS if k not in kw]
    if missing:
        raise TypeError(f"evaluate_win_native() missing keyword argument {missing[0]!r}")
    return kw


def pack_win(**kwargs) -> bytes:
    """The ``WinIn`` struct (score.pxd) of ``evaluate_win``'s keyword arguments, as bytes
    (``WIN_IN_SIZE`` of them), for C loops over many wins (the benchmark). Checked as
    :func:`evaluate_win_native` checks them."""
    cdef RulesC rc
    cdef WinIn w
    _load(_kwargs(kwargs), &rc, &w)
    return (<char*>&w)[:sizeof(WinIn)]


def _amount(double x):
    """A payment as Python gives it: int when whole (settlement._num)."""
    if floor(x) == x:
        return int(x)
    return x


cdef object _refusal(const WinOut* o, const WinIn* w, object rules):
    """The :class:`~wuhanmj.scoring.result.Refusal` of a WinOut (None when legal): its rule
    from ``o.reason``, the facts from the fields that rule names."""
    if o.reason == R_LEGAL:
        return None
    rule = REFUSAL_RULES[o.reason - 1]
    if o.reason == R_W5:
        return Refusal(rule, tile=o.reason_tile)
    if o.reason == R_W8:
        return Refusal(rule, laizi=w.hand[laizi_c(w.indicator)])
    if o.reason == R_W11:
        return Refusal(rule, seat=o.reason_seat, fan=o.loser_fan[o.reason_seat], min_fan=rules.min_fan)
    return Refusal(rule)


cdef dict _out_dict(const WinOut* o, const WinIn* w, object rules):
    cdef int s, winner = w.winner
    return {
        "legal": bool(o.legal),
        "refusal": _refusal(o, w, rules),
        "hard": bool(o.hard),
        "wilds": o.wilds,
        "big": tuple(sorted(_BIG_NAMES[i] for i in range(len(_BIG_NAMES)) if o.big >> i & 1)),
        "n_big": o.n_big,
        "liable": None if o.liable < 0 else o.liable,
        "liable_rule": _RULE_NAMES[o.liable_rule],
        "co_liable": tuple(s for s in range(4) if o.co_liable >> s & 1),
        "winner_fan": o.winner_fan,
        "big_fan": o.big_fan,
        "loser_fan": tuple(None if o.loser_fan[s] < 0 else o.loser_fan[s] for s in range(4)),
        "reached": tuple(bool(o.reached[s]) for s in range(4)),
        "jinding": bool(o.jinding),
        "payments": tuple(_amount(o.payments[s]) for s in range(4)),
    }


def evaluate_win_native(**kwargs) -> dict:
    """:func:`wuhanmj.scoring.evaluate_win`'s verdict by :c:func:`evaluate_win_c`, as the
    dict :func:`win_result_fields` makes of a WinResult (tests and benchmarks).

    Takes exactly evaluate_win's keyword arguments, checked by the same checks (so it raises
    what evaluate_win raises, the L1 fact a 全求人 on a discard needs included).
    """
    cdef RulesC rc
    cdef WinIn w
    cdef WinOut o
    kw = _kwargs(kwargs)
    need_l1 = _load(kw, &rc, &w)
    ensure_tables()
    with nogil:
        evaluate_win_c(&rc, &w, &o)
    if o.legal and o.big & BH_QUANQIUREN and w.how == HOW_FANGCHONG and need_l1:
        # liability.liable_seat raises for every legal reading of such a win
        rules = Rules.coerce(kw["rules"])
        if rules.qqr_liability == "not_ready":
            raise WinInputError("discarder_ready is needed: a 全求人 was won on a discard (L1)")
        raise WinInputError("discarder_holds_non_jiang is needed: a 全求人 was won on a discard (L1)")
    return _out_dict(&o, &w, Rules.coerce(kw["rules"]))


def win_result_fields(result) -> dict:
    """The dict of :func:`evaluate_win_native` made of a :class:`~wuhanmj.scoring.WinResult`:
    every WinOut field, the refusal as the WinResult's :class:`~wuhanmj.scoring.result.Refusal`
    (payments int when whole)."""
    st = result.settlement
    return {
        "legal": bool(result.legal),
        "refusal": result.refusal,
        "hard": bool(result.hard),
        "wilds": result.wilds,
        "big": tuple(sorted(result.big)),
        "n_big": len(result.big),
        "liable": result.liable,
        "liable_rule": result.liable_rule,
        "co_liable": tuple(sorted(result.co_liable)),
        "winner_fan": result.winner_fan,
        "big_fan": result.big_fan,
        "loser_fan": tuple(result.loser_fan),
        "reached": tuple(bool(x) for x in st.reached) if st is not None else (False,) * 4,
        "jinding": bool(st.jinding) if st is not None else False,
        "payments": tuple(int(p) if float(p).is_integer() else p for p in result.payments),
    }


def is_ready_native(hand13, indicator, rules=None, melds=None) -> bool:
    """:func:`wuhanmj.hand.waits.is_ready` by :c:func:`is_ready_c` (tests). The arguments are
    checked by ``winning_tiles``'s checks."""
    from .. import _checks
    from ..tiles import format_tiles
    cdef uint8_t c[34]
    cdef SeatC seat
    cdef int ind, pz
    cdef bint out
    rules = Rules.coerce(rules)
    tiles = _checks.tiles(hand13, "hand13", WinInputError)
    ind = _checks.tile(indicator, "indicator", WinInputError)
    mlist = () if melds is None else tuple(melds)
    for m in mlist:
        if not isinstance(m, Meld):
            raise WinInputError(f"melds must hold Meld values, got {m!r}")
    if melds is None:
        if len(tiles) % 3 != 1 or len(tiles) > 13:
            raise WinInputError(f"hand13 has {len(tiles)} tiles; expected 13 - 3k")
    elif len(tiles) != 13 - 3 * len(mlist):
        raise WinInputError(
            f"hand13 has {len(tiles)} tiles; with {len(mlist)} meld(s) expected {13 - 3 * len(mlist)}"
        )
    memset(c, 0, 34)
    for t in tiles:
        c[t] += 1
    for t in range(34):
        if c[t] > 4:
            raise WinInputError(f"hand13 {format_tiles(tiles)} holds a fifth copy (T1)")
    _load_seat(SeatPlays(mlist), &seat)
    pz = rules.pizi
    ensure_tables()
    with nogil:
        out = is_ready_c(c, &seat, ind, pz)
    return out


def holds_non_jiang_native(hand) -> bool:
    """:func:`wuhanmj.hand.waits.holds_non_jiang` by :c:func:`holds_non_jiang_c` (tests)."""
    from .. import _checks
    cdef uint8_t c[34]
    memset(c, 0, 34)
    for t in _checks.tiles(hand, "hand", WinInputError):
        c[t] = 1
    return holds_non_jiang_c(c)
