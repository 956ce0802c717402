# cython: language_level=3
"""The Python face of the native hand engine (issue 11, point 1): :class:`NativeHand`, one
:c:type:`~wuhanmj.native.hand.HandC` with ``legal``, ``mask``, ``step``, ``copy``,
``to_dict`` (the fields of :func:`wuhanmj.game.save.state_dict` but rules, events and
format), ``result`` and ``log`` — the same game as :class:`wuhanmj.game.Game`.

The engine is :mod:`wuhanmj.native.hand` (cimported through ``hand.pxd``); C code reaches a
NativeHand's state through ``handapi.pxd``. The scoring it calls is chosen by
:func:`wuhanmj.native.fallback.use_scoring`.
"""

from libc.stdint cimport int16_t, uint8_t
from libc.string cimport memcpy

from wuhanmj.native.defs cimport N_ACTIONS, PH_CLAIM, PH_HAIDI, PH_OVER, PH_ROB, PH_TURN
from wuhanmj.native.fallback cimport meld_tuple, raise_fallback_error, remember_rules
from wuhanmj.native.score cimport MeldC
from wuhanmj.native.hand cimport (
    HandC,
    hand_apply,
    hand_current,
    hand_deal,
    hand_left,
    hand_legal,
    hand_prepare,
)
from wuhanmj.native.rulesc cimport RulesC, rules_to_c
from wuhanmj.native.score cimport WinOut

import numpy as np

from wuhanmj import _checks
from wuhanmj.errors import IllegalActionError, SetupError, TileError
from wuhanmj.game.actions import action_name
from wuhanmj.game.observation import Observation
from wuhanmj.game.state import meld_value
from wuhanmj.game.phases import PHASES
from wuhanmj.game.wall import check_wall, shuffled_wall
from wuhanmj.rules import Rules
from wuhanmj.terms import HOWS

__all__ = ["NativeHand"]

from dataclasses import fields as _fields

PLAY_KINDS = ("hongzhong_gang", "pizi_gang", "laizi_gang")
_BIG_BITS = None             # big hu name -> its BH_* bit (defs.pxd), built on first use

def _seat(seat):
    return _checks.seat(seat, "seat", IllegalActionError)


cdef object _opt(int x):
    return None if x < 0 else x


cdef object _amount(double x):
    """An amount as wuhanmj.scoring gives it: int when whole, else float."""
    if x == <double><long long>x:
        return <long long>x
    return x

# ---------------------------------------------------------------- observations
# Observation values are built field by field through the frozen dataclass's slot
# descriptors (the same object its __init__ makes, without 22 object.__setattr__ calls).
cdef tuple _OBS_SETTERS = tuple([Observation.__dict__[f.name].__set__ for f in _fields(Observation)])
cdef object _new = object.__new__
cdef dict _MELDS = {}         # (kind, tile, source) packed in an int -> its shared Meld value
cdef tuple _NO_PLAYS = ()


cdef inline object _meld(const MeldC* m):
    """The shared :class:`~wuhanmj.hand.meld.Meld` of a native meld (game.state.meld_value)."""
    cdef long key = (m.kind * 34 + m.tile) * 5 + m.source + 1
    v = _MELDS.get(key)
    if v is None:
        v = _MELDS[key] = meld_value(meld_tuple(m))
    return v


cdef tuple _seat_melds(const HandC* h, int s):
    cdef int i, n = h.seats[s].n_melds
    if n == 0:
        return _NO_PLAYS
    return tuple([_meld(&h.seats[s].melds[i]) for i in range(n)])


cdef tuple _seat_plays(const HandC* h, int s):
    cdef int i, n = h.n_plays[s]
    if n == 0:
        return _NO_PLAYS
    return tuple([(PLAY_KINDS[h.play_kind[s][i]], h.play_tile[s][i]) for i in range(n)])


cdef tuple _concealed(const HandC* h, int s):
    """The seat's concealed tiles, sorted (game.state.hand_tuple)."""
    cdef list out = []
    cdef int t, k
    for t in range(34):
        for k in range(h.hands[s][t]):
            out.append(t)
    return tuple(out)


cdef object hand_observation(HandC* h, int seat, object rules, object scores):
    """The :class:`wuhanmj.game.observation.Observation` of ``seat`` (0-3, not checked) in
    the native hand ``h``: equal, field for field, to :meth:`wuhanmj.game.Game.observation`
    of the same state. ``rules`` is the hand's :class:`~wuhanmj.rules.Rules` (for
    ``rules_pizi`` / ``rules_schedule``), ``scores`` the match scores (a tuple, shown as
    given). Needs the GIL; caches the seat's legal codes in ``h`` (hand_legal)."""
    cdef int16_t codes[N_ACTIONS]
    cdef int n, i, s, ph = h.phase, cur
    n = hand_legal(h, seat, codes)
    cur = hand_current(h)
    o = _new(Observation)
    values = (
        seat,
        _concealed(h, seat),
        h.drawn if (ph == PH_TURN or ph == PH_HAIDI) and h.turn == seat and h.drawn >= 0 else None,
        (h.sizes[0], h.sizes[1], h.sizes[2], h.sizes[3]),
        (_seat_melds(h, 0), _seat_melds(h, 1), _seat_melds(h, 2), _seat_melds(h, 3)),
        tuple([tuple([h.river[s][i] for i in range(h.n_river[s])]) for s in range(4)]),
        (_seat_plays(h, 0), _seat_plays(h, 1), _seat_plays(h, 2), _seat_plays(h, 3)),
        h.indicator,
        h.laizi,
        tuple([h.pizi[i] for i in range(h.n_pizi)]),
        None if h.prev_laizi < 0 else h.prev_laizi,
        hand_left(h),
        h.dealer,
        scores,
        PHASES[ph],
        h.turn,
        None if cur < 0 else cur,
        h.tile if (ph == PH_CLAIM or ph == PH_ROB) and h.tile >= 0 else None,
        tuple([codes[i] for i in range(n)]),
        rules.pizi,
        rules.schedule,
        tuple([h.seen[i] for i in range(34)]),
    )
    for i in range(len(_OBS_SETTERS)):
        _OBS_SETTERS[i](o, values[i])
    return o


cdef class NativeHand:
    """One hand on the native engine; the same game as :class:`wuhanmj.game.Game`.

    Args:
        rules: a Rules, a preset name or None (kaikou).
        wall: 136 tile kinds in the layout of :mod:`wuhanmj.game.wall` (or ``seed=``).
        dealer: the dealer seat 0-3; prev_laizi: the previous hand's 癞子 (X4) or None.
        scores: shown in :meth:`to_dict` only (as Game's).
    """

    def __init__(self, rules=None, wall=None, int dealer=0, prev_laizi=None, *, seed=None,
                 scores=(0, 0, 0, 0)):
        cdef RulesC rc
        cdef uint8_t w[136]
        cdef int i, prev = -1
        r = Rules.coerce(rules)
        if not 0 <= dealer <= 3:
            raise SetupError(f"dealer must be a seat 0-3, got {dealer!r}")
        if wall is not None and seed is not None:
            raise SetupError("give a seed or an explicit wall, not both (G1)")
        tiles = check_wall(wall) if wall is not None else shuffled_wall(seed)
        if prev_laizi is not None:
            if isinstance(prev_laizi, str):
                prev = _checks.tile(prev_laizi, "prev_laizi", TileError)
            else:
                prev = _checks.tile(prev_laizi, "prev_laizi", SetupError, notation=False)
        rules_to_c(r, &rc)
        for i in range(136):
            w[i] = tiles[i]
        hand_prepare()
        hand_deal(&self.h, &rc, w, dealer, prev)
        self.rules = r
        self.scores = tuple(scores)
        remember_rules(&self.h.rules, r)

    def copy(self):
        """An independent copy (one memcpy of the struct)."""
        cdef NativeHand c = NativeHand.__new__(NativeHand)
        memcpy(&c.h, &self.h, sizeof(HandC))
        c.rules = self.rules
        c.scores = self.scores
        return c

    __copy__ = copy

    # ------------------------------------------------------------ state
    @property
    def current_player(self):
        """The seat expected to act, None once over (Game.current_player)."""
        cdef int s = hand_current(&self.h)
        return None if s < 0 else s

    @property
    def over(self):
        return self.h.phase == PH_OVER

    @property
    def phase(self):
        return PHASES[self.h.phase]

    @property
    def turn(self):
        return self.h.turn

    @property
    def claim_tile(self):
        """The discard or 蓄杠 tile of an open claim / rob window, else None."""
        return _opt(self.h.tile) if self.h.phase == PH_CLAIM or self.h.phase == PH_ROB else None

    @property
    def tiles_left(self):
        return hand_left(&self.h)

    @property
    def length(self):
        """Tiles drawn after the deal (normal and replacement draws)."""
        return self.h.length

    @property
    def indicator(self):
        return self.h.indicator

    @property
    def laizi(self):
        return self.h.laizi

    @property
    def pizi(self):
        return tuple([self.h.pizi[i] for i in range(self.h.n_pizi)])

    @property
    def dealer(self):
        return self.h.dealer

    @property
    def log(self):
        """Every decision so far, in order: a list of ``(seat, code)``."""
        return [(self.h.log_seat[i], self.h.log_code[i]) for i in range(self.h.n_log)]

    def hand_counts(self, seat):
        seat = _seat(seat)
        return [self.h.hands[seat][t] for t in range(34)]

    def visible_counts(self):
        return tuple([self.h.seen[t] for t in range(34)])

    # ------------------------------------------------------------ actions
    def legal(self, seat=None):
        """The legal codes of seat (None: the current player), ascending."""
        cdef int16_t codes[N_ACTIONS]
        cdef int n, i
        if seat is None:
            seat = self.current_player
            if seat is None:
                return ()
        seat = _seat(seat)
        n = hand_legal(&self.h, seat, codes)
        return tuple([codes[i] for i in range(n)])

    def mask(self, seat=None):
        """Bool array (163,): True at the legal codes of seat (None: the current player)."""
        m = np.zeros(N_ACTIONS, dtype=bool)
        codes = self.legal(seat)
        if codes:
            m[list(codes)] = True
        return m

    def step(self, seat, code):
        """Play code for seat. Raises IllegalActionError (state unchanged) when not legal."""
        cdef int c
        seat = _seat(seat)
        x = _checks.index(code)
        if x is None or not 0 <= x < N_ACTIONS:
            raise IllegalActionError(f"action code must be an int 0-{N_ACTIONS - 1}, got {code!r}")
        c = x
        if hand_apply(&self.h, seat, c) < 0:
            raise IllegalActionError(
                f"seat {seat}: {action_name(c)} ({c}) is not legal now "
                f"(phase {PHASES[self.h.phase]}, legal {self.legal(seat)})")
        raise_fallback_error()

    # ------------------------------------------------------------ views
    def observation(self, seat):
        """What ``seat`` may see now: the :class:`wuhanmj.game.observation.Observation`
        :meth:`wuhanmj.game.Game.observation` gives of the same state (built from the C
        struct by :c:func:`hand_observation`).

        Raises:
            IllegalActionError: ``seat`` is not a seat 0-3.
        """
        return hand_observation(&self.h, _seat(seat), self.rules, self.scores)

    @property
    def result(self):
        """None until over; then a dict: winner, how, win_tile, discarder, payments, draw,
        and for a win big (sorted names), hard, wilds, liable, liable_rule, co_liable,
        winner_fan, big_fan, loser_fan (as WinResult's)."""
        cdef const HandC* h = &self.h
        cdef const WinOut* w = &h.win
        if h.phase != PH_OVER:
            return None
        if h.winner < 0:
            return {"winner": None, "how": None, "win_tile": None, "discarder": None,
                    "payments": (0, 0, 0, 0), "draw": True}
        global _BIG_BITS
        if _BIG_BITS is None:
            from wuhanmj.hand.bighu import CATALOGUE
            _BIG_BITS = {b.name: 1 << i for i, b in enumerate(CATALOGUE)}
        big = tuple(sorted([name for name, bit in _BIG_BITS.items() if w.big & bit]))
        return {
            "winner": h.winner,
            "how": HOWS[h.how],
            "win_tile": h.win_tile,
            "discarder": _opt(h.discarder),
            "payments": tuple([_amount(w.payments[s]) for s in range(4)]),
            "draw": False,
            "big": big,
            "hard": bool(w.hard),
            "wilds": w.wilds,
            "liable": _opt(w.liable),
            "liable_rule": (None, "L1", "L2", "L3")[w.liable_rule],
            "co_liable": tuple([s for s in range(4) if (w.co_liable >> s) & 1]),
            "winner_fan": w.winner_fan,
            "big_fan": w.big_fan,
            "loser_fan": tuple([None if w.loser_fan[s] < 0 else w.loser_fan[s] for s in range(4)]),
        }

    def to_dict(self):
        """The fields of :func:`wuhanmj.game.save.state_dict` but ``format``, ``rules`` and
        ``events``, with the same values and types."""
        cdef const HandC* h = &self.h
        cdef int s, i, t
        melds = []
        specials = []
        for s in range(4):
            melds.append([[k, list(ts), src] for k, ts, src in
                          [meld_tuple(&h.seats[s].melds[i]) for i in range(h.seats[s].n_melds)]])
            specials.append([[PLAY_KINDS[h.play_kind[s][i]], h.play_tile[s][i]] for i in range(h.n_plays[s])])
        xiayu = []
        for s in range(4):
            if h.xiayu_suit[s] < 0:
                xiayu.append(None)
            else:
                xiayu.append({"suit": h.xiayu_suit[s], "liable": h.xiayu_liable[s],
                              "co_liable": [i for i in range(4) if (h.xiayu_co[s] >> i) & 1]})
        return {
            "dealer": h.dealer,
            "prev_laizi": _opt(h.prev_laizi),
            "scores": list(self.scores),
            "wall": [h.wall[i] for i in range(136)],
            "front": h.front,
            "back": h.back,
            "hands": [[h.hands[s][t] for t in range(34)] for s in range(4)],
            "melds": melds,
            "specials": specials,
            "rivers": [[h.river[s][i] for i in range(h.n_river[s])] for s in range(4)],
            "phase": PHASES[h.phase],
            "turn": h.turn,
            "drawn": _opt(h.drawn),
            "draw_kind": h.draw_kind,
            "tile": _opt(h.tile),
            "options": {str(s): [h.options[s][i] for i in range(h.n_options[s])]
                        for s in range(4) if h.n_options[s]},
            "decisions": {str(s): h.decision[s] for s in range(4) if h.decision[s] >= 0},
            "xiayu": xiayu,
        }

    def __repr__(self):
        return (f"<NativeHand {self.rules.name} dealer={self.h.dealer} phase={PHASES[self.h.phase]} "
                f"turn={self.h.turn} left={hand_left(&self.h)}>")
