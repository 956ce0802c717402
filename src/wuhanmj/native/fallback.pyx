# cython: language_level=3
"""The Python scoring the native hand engine can call instead of its own (tests):
:func:`use_scoring` ("python") plugs :func:`wuhanmj.scoring.evaluate_win` and
:func:`wuhanmj.hand.waits.is_ready` into the engine (``hand_set_scoring``, hand.pxd) behind
the signatures of :c:func:`evaluate_win_c` and :c:func:`is_ready_c` (score.pxd); they take
the GIL. :func:`scoring_in_use` tells which scoring the engine calls.

The engine cannot raise: an exception inside the Python scoring is kept and raised again by
:c:func:`raise_fallback_error` (``NativeHand.step``). The Python scoring needs the
:class:`~wuhanmj.rules.Rules` a hand was dealt with, which :c:func:`remember_rules` records
(``NativeHand``). Both, and :c:func:`meld_tuple`, are cimported through ``fallback.pxd``.
"""

from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.stdint cimport uint8_t
from libc.string cimport memset

from wuhanmj.native.defs cimport (
    LR_L1,
    LR_L2,
    LR_L3,
    LR_NONE,
    MK_CHI,
    MK_PENG,
    R_LEGAL,
)
from wuhanmj.native.hand cimport evaluate_fn_t, hand_set_scoring, ready_fn_t
from wuhanmj.native.rulesc cimport RulesC
from wuhanmj.native.score cimport MeldC, SeatC, WinIn, WinOut, evaluate_win_c, is_ready_c

from wuhanmj.rules import Rules
from wuhanmj.terms import HOWS

# wuhanmj.hand.meld (the meld kinds, SeatPlays) and wuhanmj.scoring.result (the refusal
# rules) are imported on first use: every native run imports this module (handapi cimports
# it) and a run of built-in bots calls none of it.

__all__ = ["use_scoring", "scoring_in_use"]

_scoring = ["native", "native"]  # what the engine calls now (use_scoring)
_RULES = {}                  # RulesC bytes -> the Rules it was made from (remember_rules)
_fallback_error = []         # an exception raised inside the Python fallback (raise_fallback_error)
_BIG_BITS = None
_REASON_CODES = None         # refusal rule -> R_* (defs.pxd), built on first use
_MELD_KINDS = None           # wuhanmj.hand.meld.MELD_KINDS, loaded on first use
_PLAIN_RULES = Rules.kaikou()
_PIZI_RULES = Rules.kaikou().replace(pizi=True)


cdef object _rules_key(const RulesC* r):
    return PyBytes_FromStringAndSize(<const char*>r, sizeof(RulesC))


cdef object meld_tuple(const MeldC* m):
    """A meld as ``(kind, tiles, source)``: what game.state.meld_value reads, save's form."""
    cdef int t = m.tile
    if m.kind == MK_CHI:
        tiles = (t, t + 1, t + 2)
    elif m.kind == MK_PENG:
        tiles = (t, t, t)
    else:
        tiles = (t, t, t, t)
    global _MELD_KINDS
    if _MELD_KINDS is None:
        from wuhanmj.hand.meld import MELD_KINDS
        _MELD_KINDS = MELD_KINDS
    return (_MELD_KINDS[m.kind], tiles, None if m.source < 0 else m.source)


cdef int remember_rules(const RulesC* r, object rules) except -1:
    """Note that ``r`` was made from ``rules``: the Python scoring scores with those."""
    key = _rules_key(r)
    if key not in _RULES:
        _RULES[key] = rules
    return 0


cdef int raise_fallback_error() except -1:
    """Raise RuntimeError from the exception the Python scoring caught since the last call,
    if any (it runs inside the engine, which cannot raise)."""
    if _fallback_error:
        err = _fallback_error.pop()
        del _fallback_error[:]
        raise RuntimeError(f"the Python scoring fallback raised {type(err).__name__}: {err}") from err
    return 0


cdef object _seat_plays(const SeatC* s):
    from wuhanmj.game.state import meld_value
    from wuhanmj.hand.meld import SeatPlays
    melds = tuple([meld_value(meld_tuple(&s.melds[i])) for i in range(s.n_melds)])
    return SeatPlays(melds, s.hz, s.pz, s.lz)


cdef list _tiles_of(const uint8_t* c):
    cdef int t, k
    out = []
    for t in range(34):
        for k in range(c[t]):
            out.append(t)
    return out


cdef void _fill_out(object res, WinOut* out) except *:
    global _BIG_BITS, _REASON_CODES
    cdef int s
    memset(out, 0, sizeof(WinOut))
    if _REASON_CODES is None:
        from wuhanmj.scoring.result import REFUSAL_RULES
        _REASON_CODES = {rule: i for i, rule in enumerate(REFUSAL_RULES, start=1)}  # R_* (defs.pxd)
    if _BIG_BITS is None:
        from wuhanmj.hand.bighu import CATALOGUE
        _BIG_BITS = {b.name: 1 << i for i, b in enumerate(CATALOGUE)}
    out.legal = bool(res.legal)
    refusal = res.refusal  # its fields, as evaluate_win_c fills them (W8's count is WinIn's)
    out.reason = R_LEGAL if refusal is None else _REASON_CODES[refusal.rule]
    out.reason_seat = -1 if refusal is None or refusal.seat is None else refusal.seat
    out.reason_tile = -1 if refusal is None or refusal.tile is None else refusal.tile
    out.hard = bool(res.hard)
    out.wilds = res.wilds
    bits = 0
    for name in res.big:
        bits |= _BIG_BITS[name]
    out.big = bits
    out.n_big = len(res.big)
    out.liable = -1 if res.liable is None else res.liable
    out.liable_rule = {None: LR_NONE, "L1": LR_L1, "L2": LR_L2, "L3": LR_L3}[res.liable_rule]
    for s in res.co_liable:
        out.co_liable |= 1 << s
    out.winner_fan = res.winner_fan
    out.big_fan = res.big_fan
    st = res.settlement
    for s in range(4):
        f = res.loser_fan[s] if len(res.loser_fan) == 4 else None
        out.loser_fan[s] = -1 if f is None else f
        out.payments[s] = res.payments[s]
        out.reached[s] = bool(st.reached[s]) if st is not None else 0
    out.jinding = bool(st.jinding) if st is not None else 0


cdef int _py_evaluate(const RulesC* rules, const WinIn* w, WinOut* out) noexcept nogil:
    """evaluate_win_c's signature over wuhanmj.scoring.evaluate_win (takes the GIL)."""
    with gil:
        try:
            from wuhanmj.scoring import evaluate_win
            rules_obj = _RULES[_rules_key(rules)]
            res = evaluate_win(
                hand=_tiles_of(w.hand),
                win_tile=w.win_tile,
                how=HOWS[w.how],
                winner=w.winner,
                dealer=w.dealer,
                indicator=w.indicator,
                seats=tuple([_seat_plays(&w.seats[s]) for s in range(4)]),
                discarder=None if w.discarder < 0 else w.discarder,
                prev_laizi=None if w.prev_laizi < 0 else w.prev_laizi,
                discarder_ready=None if w.discarder_ready < 0 else bool(w.discarder_ready),
                discarder_holds_non_jiang=(None if w.discarder_holds_non_jiang < 0
                                           else bool(w.discarder_holds_non_jiang)),
                rules=rules_obj,
                co_liable=tuple([s for s in range(4) if (w.co_liable >> s) & 1]),
            )
            _fill_out(res, out)
        except BaseException as e:
            memset(out, 0, sizeof(WinOut))
            _fallback_error.append(e)
    return 0


cdef bint _py_ready(const uint8_t* hand13, const SeatC* seat, int indicator,
                    int pizi_on) noexcept nogil:
    """is_ready_c's signature over wuhanmj.hand.waits.is_ready (takes the GIL)."""
    cdef bint r = False
    with gil:
        try:
            from wuhanmj.game.state import meld_value
            from wuhanmj.hand.waits import is_ready
            melds = tuple([meld_value(meld_tuple(&seat.melds[i])) for i in range(seat.n_melds)])
            r = bool(is_ready(_tiles_of(hand13), indicator, _PIZI_RULES if pizi_on else _PLAIN_RULES, melds))
        except BaseException as e:
            _fallback_error.append(e)
    return r


def use_scoring(str which="native", ready=None):
    """Choose the scoring the engine calls: ``"native"`` (evaluate_win_c, is_ready_c of
    score.pxd, the default) or ``"python"`` (wuhanmj.scoring.evaluate_win and
    wuhanmj.hand.waits.is_ready through the GIL, for tests). ``ready`` chooses the
    readiness test (D10) on its own (default: as ``which``). Returns the previous choice."""
    cdef evaluate_fn_t evaluate_fn = evaluate_win_c
    cdef ready_fn_t ready_fn = is_ready_c
    ready = which if ready is None else ready
    if which not in ("native", "python") or ready not in ("native", "python"):
        raise ValueError(f"use_scoring: 'native' or 'python', got {which!r}, {ready!r}")
    prev = tuple(_scoring)
    if which == "python":
        evaluate_fn = _py_evaluate
    if ready == "python":
        ready_fn = _py_ready
    hand_set_scoring(evaluate_fn, ready_fn)
    _scoring[0] = which
    _scoring[1] = ready
    return prev


def scoring_in_use():
    """``(evaluate, ready)``: "native" or "python" each (see :func:`use_scoring`)."""
    return tuple(_scoring)
