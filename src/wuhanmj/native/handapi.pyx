# cython: language_level=3
"""The Python face of the native hand engine: :class:`NativeHand`, one
:c:type:`~wuhanmj.native.hand.HandC` answering the hand interface of
:class:`wuhanmj.game.protocol.HandEngine` with the names, types and values of
:class:`wuhanmj.game.Game` — the same game, played in C.

What is native: the rules of play (legal codes, steps, the claim and rob windows, the 海底
phase, the settlement's verdict) and the views read from the struct (observations, hands,
melds, rivers, the state fields of a save). What goes through the Python reference, each
behind one small function:

- :func:`hand_events` (the event log of :attr:`NativeHand.events` and of the ``events``
  of :meth:`NativeHand.to_dict`) and the message of a refused step (why_illegal) read
  :func:`python_twin`: the :class:`Game` of the same deal and decision log (replayed once,
  kept until the state changes).
- the :class:`~wuhanmj.scoring.WinResult` of :attr:`NativeHand.result`: the native verdict
  gives winner, how, tile, discarder and payments; the WinResult (fan items, settlement)
  is :func:`wuhanmj.scoring.evaluate_win` of the finished native state, worked out once
  when first read.
- :meth:`NativeHand.from_dict` is :func:`wuhanmj.game.save.restore` (one validation for
  both engines: the event log replayed and checked, every field compared).

Old names kept: ``legal`` (:meth:`legal_action_codes`), ``mask`` (:meth:`action_mask`),
``copy`` (:meth:`clone`), ``log`` (the decisions), ``state_dict`` (the state fields of
a save without ``format``, ``rules`` and ``events``), ``verdict`` (the native verdict as a
dict). C code reaches a NativeHand's state through ``handapi.pxd``; the scoring the engine
calls is chosen by :func:`wuhanmj.native.fallback.use_scoring`.
"""

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport int16_t, uint8_t
from libc.string cimport memcpy

from wuhanmj.native.defs cimport DK_BACK, MAX_LOG, N_ACTIONS, PH_CLAIM, PH_HAIDI, PH_OVER, PH_ROB, PH_TURN
from wuhanmj.native.fallback cimport meld_tuple, raise_fallback_error, remember_rules
from wuhanmj.native.hand cimport (
    HandC,
    hand_apply,
    hand_current,
    hand_deal,
    hand_forget,
    hand_left,
    hand_legal,
    hand_prepare,
)
from wuhanmj.native.rulesc cimport RulesC, rules_to_c
from wuhanmj.native.score cimport MeldC, WinOut

import numpy as np

from wuhanmj import _checks
from wuhanmj.errors import IllegalActionError, ReplayError, SetupError, TileError
from wuhanmj.game.phases import PHASES
from wuhanmj.rules import Rules
from wuhanmj.terms import HOWS

# The Python engine (wuhanmj.game: Game, its saves, observations and results) and the
# scoring are imported by the functions that use them, not here: the native batches import
# this module (agents.pyx cimports it) and a native run of built-in bots never needs them.

__all__ = ["NativeHand", "hand_events", "python_twin"]

PLAY_KINDS = ("hongzhong_gang", "pizi_gang", "laizi_gang")
_BIG_BITS = None             # big hu name -> its BH_* bit (defs.pxd), built on first use
_DRAW = None                 # the HandResult of a drawn hand, made on first use


def _seat(seat):
    return _checks.seat(seat, "seat", IllegalActionError)


cdef object _opt(int x):
    return None if x < 0 else x


cdef object amount_value(double x):
    """An amount as wuhanmj.scoring gives it: int when whole, else float (handapi.pxd)."""
    if x == <double><long long>x:
        return <long long>x
    return x




# ---------------------------------------------------------------- observations
# Observation values are built field by field through the frozen dataclass's slot
# descriptors (the same object its __init__ makes, without 22 object.__setattr__ calls).
cdef tuple _OBS_SETTERS = None   # made by the first observation (_observation_setters)
cdef object _Observation = None
cdef object _new = object.__new__
cdef dict _MELDS = {}         # (kind, tile, source) packed in an int -> its shared Meld value
cdef tuple _NO_PLAYS = ()


cdef _observation_setters():
    global _OBS_SETTERS, _Observation
    from dataclasses import fields

    from wuhanmj.game.observation import Observation
    _Observation = Observation
    _OBS_SETTERS = tuple([Observation.__dict__[f.name].__set__ for f in fields(Observation)])


cdef inline object _meld(const MeldC* m):
    """The shared :class:`~wuhanmj.hand.meld.Meld` of a native meld (game.state.meld_value)."""
    cdef long key = (m.kind * 34 + m.tile) * 5 + m.source + 1
    v = _MELDS.get(key)
    if v is None:
        from wuhanmj.game.state import meld_value
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


# the small ints 0-255 as objects, for tuples built without a Python call per item
cdef tuple _INTS = tuple(range(256))


cdef inline tuple _u8_tuple(const uint8_t* a, int n):
    """A tuple of n small ints (0-255) read from a."""
    cdef tuple out = PyTuple_New(n)
    cdef int i
    cdef object x
    for i in range(n):
        x = _INTS[a[i]]
        Py_INCREF(x)
        PyTuple_SET_ITEM(out, i, x)
    return out


cdef tuple _concealed(const HandC* h, int s):
    """The seat's concealed tiles, sorted (game.state.hand_tuple)."""
    cdef uint8_t tiles[20]
    cdef int t, k, n = 0
    for t in range(34):
        for k in range(h.hands[s][t]):
            if n < 20:
                tiles[n] = t
                n += 1
    return _u8_tuple(tiles, n)


cdef tuple _codes_tuple(const int16_t* codes, int n):
    cdef tuple out = PyTuple_New(n)
    cdef int i
    cdef object x
    for i in range(n):
        x = codes[i]
        Py_INCREF(x)
        PyTuple_SET_ITEM(out, i, x)
    return out


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
    if _OBS_SETTERS is None:
        _observation_setters()
    o = _new(_Observation)
    values = (
        seat,
        _concealed(h, seat),
        h.drawn if (ph == PH_TURN or ph == PH_HAIDI) and h.turn == seat and h.drawn >= 0 else None,
        (h.sizes[0], h.sizes[1], h.sizes[2], h.sizes[3]),
        (_seat_melds(h, 0), _seat_melds(h, 1), _seat_melds(h, 2), _seat_melds(h, 3)),
        (_u8_tuple(h.river[0], h.n_river[0]), _u8_tuple(h.river[1], h.n_river[1]),
         _u8_tuple(h.river[2], h.n_river[2]), _u8_tuple(h.river[3], h.n_river[3])),
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
        _codes_tuple(codes, n),
        rules.pizi,
        rules.schedule,
        _u8_tuple(h.seen, 34),
        (ph == PH_TURN or ph == PH_HAIDI) and h.turn == seat and h.drawn >= 0 and h.draw_kind == DK_BACK,
        rules,
    )
    for i in range(len(_OBS_SETTERS)):
        _OBS_SETTERS[i](o, values[i])
    return o


cdef class NativeHand:
    """One hand on the native engine: the same game as :class:`wuhanmj.game.Game`, with its
    interface (:class:`wuhanmj.game.protocol.HandEngine`).

    Args:
        rules: a Rules, a preset name or None (kaikou).
        wall: 136 tile kinds in the layout of :mod:`wuhanmj.game.wall` (or ``seed=``).
        dealer: the dealer seat 0-3; prev_laizi: the previous hand's 癞子 (X4) or None.
        seed: shuffles the wall (G1), exclusive with ``wall``.
        scores: the match scores before this hand (four finite numbers; shown in
            observations and saves only).

    Raises: what :class:`Game` raises for the same arguments (SetupError, TileError,
    TileCountError, RulesError).
    """

    def __init__(self, rules=None, wall=None, dealer=0, prev_laizi=None, *, seed=None,
                 scores=(0, 0, 0, 0)):
        cdef RulesC rc
        cdef uint8_t w[136]
        cdef int i, prev = -1
        import math

        from wuhanmj.game.wall import check_wall, shuffled_wall
        r = Rules.coerce(rules)
        if isinstance(dealer, (bool, np.bool_)) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
            raise SetupError(f"dealer must be a seat 0-3, got {dealer!r}")
        if wall is not None and seed is not None:
            raise SetupError("give a seed or an explicit wall, not both (G1)")
        tiles = check_wall(wall) if wall is not None else shuffled_wall(seed)
        if prev_laizi is not None:
            if isinstance(prev_laizi, str):
                prev = _checks.tile(prev_laizi, "prev_laizi", TileError)
            else:
                prev = _checks.tile(prev_laizi, "prev_laizi", SetupError, notation=False)
        try:
            sc = tuple(scores)
        except TypeError:
            sc = ()
        if len(sc) != 4 or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
                                   for x in sc):
            raise SetupError(f"scores must be four finite numbers, got {scores!r}")
        rules_to_c(r, &rc)
        for i in range(136):
            w[i] = tiles[i]
        hand_prepare()
        hand_deal(&self.h, &rc, w, dealer, prev)
        self.rules = r
        self.scores = sc
        remember_rules(&self.h.rules, r)

    def clone(self):
        """An independent copy (one memcpy of the struct)."""
        cdef NativeHand c = NativeHand.__new__(NativeHand)
        memcpy(&c.h, &self.h, sizeof(HandC))
        c.rules = self.rules
        c.scores = self.scores
        c._twin = self._twin
        c._result = self._result
        c._surgery = self._surgery
        if self._surgery:       # its twin is stepped with it: a copy of its own
            c._twin = (None, self._twin[1].clone())
        return c

    copy = clone
    __copy__ = clone

    def __deepcopy__(self, memo):
        """``copy.deepcopy``: :meth:`clone` (the struct holds every mutable value)."""
        return self.clone()

    def __reduce__(self):
        """Pickling: the save of :meth:`to_dict`, restored (and checked) by :meth:`from_dict`."""
        return (_from_save, (type(self), self.to_dict()))

    @classmethod
    def from_game(cls, game):
        """The native hand of a :class:`Game`'s state: its deal, and its decisions played
        natively (so every window, cache and liability is worked out by the engine).

        Raises:
            SetupError: ``game`` is not a Game, or its state is not the one its deal and
                decisions give (a state edited by hand; the message names the first field
                that differs).
        """
        from wuhanmj.game.engine import Game
        from wuhanmj.game.save import FIELDS
        from wuhanmj.game.save import state_dict as _state_dict
        if not isinstance(game, Game):
            raise SetupError(f"from_game needs a wuhanmj.game.Game, got {type(game).__name__}")
        st = game.state
        cdef NativeHand n = cls(game.rules, st.wall, game.dealer, game.prev_laizi, scores=game.scores)
        for ev in game.events:
            if "action" in ev:
                n.step(ev["seat"], ev["action"])
        mine, theirs = n.state_dict(), _state_dict(st, events=False)
        for k in FIELDS:
            if k in mine and mine[k] != theirs[k]:
                raise SetupError(f"from_game: {k}: the game's state is not the one its deal and decisions "
                                 f"give (a state edited by hand?)")
        n._twin = (n._deal_key(), game.clone())
        return n

    @classmethod
    def replay(cls, events):
        """:meth:`Game.replay` of an event log (checked by the Python engine, which raises
        ReplayError), played natively (:meth:`from_game`)."""
        from wuhanmj.game.engine import Game
        return cls.from_game(Game.replay(events))

    @classmethod
    def from_dict(cls, d):
        """Restore a hand saved by :meth:`to_dict` or :meth:`Game.to_dict` (mid-hand or over):
        :func:`wuhanmj.game.save.restore`, the validation of :meth:`Game.from_dict` — the
        event log is replayed and checked, every other field must equal what it gives.

        Raises:
            SetupError: as :meth:`Game.from_dict` (the message names the field).
        """
        from wuhanmj.game.save import restore
        return restore(cls, d)

    cdef bytes _deal_key(self):
        """What the state follows from (the wall, the dealer, the previous 癞子 and the log),
        and the concealed hands, so that a state edited in C is never taken for another."""
        cdef const HandC* h = &self.h
        cdef int n = h.n_log
        return (bytes((<const char*>h.wall)[:136]) + bytes([h.dealer & 255, h.prev_laizi & 255])
                + bytes((<const char*>h.hands)[:136])
                + bytes((<const char*>h.log_seat)[:n]) + bytes((<const char*>h.log_code)[:n]))

    # ------------------------------------------------------------ state
    @property
    def current_player(self):
        """The seat expected to act, None once over (Game.current_player)."""
        cdef int s = hand_current(&self.h)
        return None if s < 0 else s

    @property
    def pending(self):
        """Seats that may act now, in turn order (several in a claim window)."""
        cdef const HandC* h = &self.h
        cdef int ph = h.phase, s, i
        if ph == PH_TURN or ph == PH_HAIDI:
            return (h.turn,)
        if ph == PH_OVER:
            return ()
        out = []
        for i in range(1, 4):
            s = (h.turn + i) & 3
            if h.n_options[s] and h.decision[s] < 0:
                out.append(s)
        return tuple(out)

    @property
    def over(self):
        """True once the hand has a result (a win or a draw)."""
        return self.h.phase == PH_OVER

    @property
    def phase(self):
        """``"turn"``, ``"claim"``, ``"rob"``, ``"haidi"`` or ``"over"``."""
        return PHASES[self.h.phase]

    @property
    def turn(self):
        """The seat on turn; in a claim or rob window, the discarder / robbed seat."""
        return self.h.turn

    @property
    def claim_tile(self):
        """The discard or 蓄杠 tile of an open claim / rob window, else None."""
        return _opt(self.h.tile) if self.h.phase == PH_CLAIM or self.h.phase == PH_ROB else None

    @property
    def tiles_left(self):
        """Tiles left in the wall, both ends together (G2, D1)."""
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
    def prev_laizi(self):
        return _opt(self.h.prev_laizi)

    @property
    def log(self):
        """Every decision so far, in order: a list of ``(seat, code)``."""
        return [(self.h.log_seat[i], self.h.log_code[i]) for i in range(self.h.n_log)]

    def hand(self, seat):
        """The concealed tiles of ``seat``, sorted (a list of ints). Hidden information."""
        return list(_concealed(&self.h, _seat(seat)))

    def hand_counts(self, seat):
        """The concealed tiles of ``seat`` as 34 counts (a new list)."""
        seat = _seat(seat)
        return [self.h.hands[seat][t] for t in range(34)]

    def hand_size(self, seat):
        """Number of concealed tiles of ``seat`` (public)."""
        return self.h.sizes[_seat(seat)]

    def melds(self, seat):
        """The melds of ``seat`` in the order made (Meld values; a 蓄杠 replaces its 碰)."""
        return _seat_melds(&self.h, _seat(seat))

    def discards(self, seat):
        """The discards of ``seat`` still on the table."""
        cdef int s = _seat(seat), i
        return tuple([self.h.river[s][i] for i in range(self.h.n_river[s])])

    def special_plays(self, seat):
        """The special plays of ``seat`` in order: ``(kind, tile)`` (P3)."""
        return _seat_plays(&self.h, _seat(seat))

    def drawn_tile(self, seat):
        """The tile ``seat`` just drew, on its own turn (hidden from others), else None.

        Raises:
            IllegalActionError: ``seat`` is not a seat 0-3.
        """
        cdef int s = _seat(seat), ph = self.h.phase
        if (ph == PH_TURN or ph == PH_HAIDI) and self.h.turn == s:
            return _opt(self.h.drawn)
        return None

    def visible_counts(self):
        """34 counts of the tiles face up for every seat (D6)."""
        return tuple([self.h.seen[t] for t in range(34)])

    def census(self):
        """Every tile of the hand counted wherever it is: 34 counts that must all be 4 (T1)."""
        cdef const HandC* h = &self.h
        cdef int s, t, i
        c = list(self.visible_counts())
        for s in range(4):
            for t in range(34):
                c[t] += h.hands[s][t]
        for i in range(h.front, h.back + 1):
            c[h.wall[i]] += 1
        return c

    # ------------------------------------------------------------ actions
    def legal_action_codes(self, seat=None):
        """The legal codes of seat (None: the current player; empty once over), ascending.

        Raises:
            IllegalActionError: ``seat`` is not a seat 0-3.
        """
        cdef int16_t codes[N_ACTIONS]
        cdef int n, i
        if seat is None:
            seat = self.current_player
            if seat is None:
                return ()
        seat = _seat(seat)
        n = hand_legal(&self.h, seat, codes)
        return tuple([codes[i] for i in range(n)])

    legal = legal_action_codes

    def legal_actions(self, seat=None):
        """The legal actions of ``seat`` (None: the current player) as action values."""
        from wuhanmj.game.actions import ACTIONS
        return [ACTIONS[c] for c in self.legal_action_codes(seat)]

    def action_mask(self, seat=None):
        """Bool array (163,): True at the legal codes of seat (None: the current player)."""
        m = np.zeros(N_ACTIONS, dtype=bool)
        codes = self.legal_action_codes(seat)
        if codes:
            m[list(codes)] = True
        return m

    mask = action_mask

    def step(self, seat, action):
        """Play ``action`` (an Action or its int code 0-162) for ``seat``.

        Raises:
            IllegalActionError: not legal now (the message of :meth:`Game.step`, naming the
                rule), a bad seat or action; the state is left exactly as it was.
        """
        if type(action) is int:
            x = action
        else:
            from wuhanmj.game.actions import encode
            x = encode(action)   # the action first, as Game.step
        seat = _seat(seat)
        if 0 <= x < N_ACTIONS and self.h.n_log < MAX_LOG and hand_apply(&self.h, seat, x) == 0:
            raise_fallback_error()
            if self._surgery:
                self._twin[1].step(seat, x)
            return
        if self.h.n_log >= MAX_LOG:  # pragma: no cover - no hand comes near
            raise IllegalActionError(f"the native hand keeps at most {MAX_LOG} decisions")
        try:
            twin = python_twin(self)
        except ReplayError:         # a state edited in C: no Python twin to explain why
            twin = None
        if twin is not None:
            twin.clone().step(seat, x)     # raises Game's IllegalActionError, naming the rule
        raise IllegalActionError(
            f"seat {seat}: {action!r} is not legal now (phase {PHASES[self.h.phase]}, "
            f"legal {self.legal_action_codes(seat)})")

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
        """The :class:`~wuhanmj.game.state.HandResult` once the hand is over (equal to
        :attr:`Game.result`), else None. Winner, how, tile, discarder and payments are the
        native verdict's; ``win`` is the :class:`~wuhanmj.scoring.WinResult` of
        :func:`wuhanmj.scoring.evaluate_win` on the finished state (worked out once)."""
        if self.h.phase != PH_OVER:
            return None
        key = self._deal_key()
        if self._result is None or self._result[0] != key:
            self._result = (key, _hand_result(self))
        return self._result[1]

    @property
    def verdict(self):
        """The native verdict: None until over; then a dict: winner, how, win_tile,
        discarder, payments, draw, and for a win big (sorted names), hard, wilds, liable,
        liable_rule, co_liable, winner_fan, big_fan, loser_fan (as WinResult's)."""
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
            "payments": tuple([amount_value(w.payments[s]) for s in range(4)]),
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

    # ------------------------------------------------------------ events and saves
    @property
    def events(self):
        """The event log so far, as :attr:`Game.events` gives it (JSON-ready dicts, tiles in
        the notation of T2; see :func:`hand_events`)."""
        return hand_events(self)

    def events_since(self, start):
        """``events[start:]``."""
        return hand_events(self)[start:]

    @property
    def n_events(self):
        """Number of events so far."""
        return len(hand_events(self))

    def event_log(self):
        """The event log as JSON lines (one event per line), as :meth:`Game.event_log`."""
        import json
        return "\n".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in hand_events(self)) + "\n"

    def state_dict(self):
        """The fields of :meth:`to_dict` but ``format``, ``rules`` and ``events`` (no Python
        replay: read from the struct), with the same values and types."""
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

    def to_dict(self):
        """The whole state as JSON-ready data, equal to :meth:`Game.to_dict` of the same hand
        (format, rules and the event log included); see :meth:`from_dict`."""
        from wuhanmj.game.save import FORMAT
        d = {"format": FORMAT, "rules": self.rules.to_dict()}
        d.update(self.state_dict())
        d["events"] = hand_events(self)
        return d

    def __repr__(self):
        return (f"<NativeHand {self.rules.name} dealer={self.h.dealer} phase={PHASES[self.h.phase]} "
                f"turn={self.h.turn} left={hand_left(&self.h)}>")


def _from_save(cls, d):
    """Unpickling a :class:`NativeHand` (``__reduce__``): ``cls.from_dict(d)``."""
    return cls.from_dict(d)


def _adopt_state(game):
    """Test hook, not API: a native hand with exactly ``game``'s state (a :class:`Game`,
    possibly edited by hand: state surgery), *not* checked against its decisions as
    :meth:`NativeHand.from_game` checks it. Every cache is dropped; the hand keeps ``game``
    (a clone) as its Python twin, stepped with it, for its events and its refusal messages.
    The test suite's unchecked restore (``tests/helpers/surgery.py``) is its one user: C
    fields cannot be written from Python, and no public path reaches a state no decision
    log gives.

    Raises:
        SetupError: ``game`` is not a Game, or its hand is over.
    """
    cdef NativeHand n
    cdef HandC* h
    cdef int s, i, t
    from wuhanmj.game.engine import Game
    from wuhanmj.hand.meld import MELD_KINDS
    if not isinstance(game, Game):
        raise SetupError(f"_adopt_state needs a wuhanmj.game.Game, got {type(game).__name__}")
    g = game.clone()
    if g.over:
        raise SetupError("_adopt_state: finished hands are restored by from_dict only")
    st = g.state
    n = NativeHand(g.rules, st.wall, g.dealer, g.prev_laizi, scores=g.scores)
    h = &n.h
    h.front = st.front
    h.back = st.back
    for s in range(4):
        for t in range(34):
            h.hands[s][t] = st.hands[s][t]
        h.sizes[s] = sum(st.hands[s])
        h.seats[s].n_melds = len(st.melds[s])
        h.openings[s] = 0
        for i, (kind, tiles, src) in enumerate(st.melds[s]):
            h.seats[s].melds[i].kind = MELD_KINDS.index(kind)
            h.seats[s].melds[i].tile = min(tiles)
            h.seats[s].melds[i].source = -1 if src is None else src
            h.openings[s] += kind != "an_gang"
        h.n_plays[s] = len(st.plays[s])
        h.seats[s].hz = h.seats[s].pz = h.seats[s].lz = 0
        for i, (kind, t) in enumerate(st.plays[s]):
            h.play_kind[s][i] = PLAY_KINDS.index(kind)
            h.play_tile[s][i] = t
            if kind == "hongzhong_gang":
                h.seats[s].hz += 1
            elif kind == "pizi_gang":
                h.seats[s].pz += 1
            else:
                h.seats[s].lz += 1
        h.n_river[s] = len(st.rivers[s])
        for i, t in enumerate(st.rivers[s]):
            h.river[s][i] = t
        h.n_options[s] = len(st.options.get(s, ()))
        for i, c in enumerate(st.options.get(s, ())):
            h.options[s][i] = c
        h.decision[s] = st.decisions.get(s, -1)
        x = st.xiayu[s]
        h.xiayu_suit[s] = -1 if x is None else x[0]
        h.xiayu_liable[s] = -1 if x is None else x[1]
        h.xiayu_co[s] = 0 if x is None else sum(1 << c for c in x[2])
    seen = st.derived.seen
    for t in range(34):
        h.seen[t] = seen[t]
    h.phase = st.phase
    h.turn = st.turn
    h.drawn = -1 if st.drawn is None else st.drawn
    h.draw_kind = st.draw_kind
    h.claim_turn = st.claim_turn
    h.tile = -1 if st.tile is None else st.tile
    hand_forget(h)
    n._surgery = True
    n._twin = (None, g)
    return n


def hand_events(NativeHand hand):
    """The event log of ``hand`` (a list of JSON-ready dicts, :attr:`Game.events`' form): the
    one place :class:`NativeHand` gets its events, today from :func:`python_twin`."""
    return python_twin(hand).events


_NOT_REACHED = ("the native hand's state does not follow from its deal and decisions (a state "
                "edited in C, e.g. resampled hidden tiles): it has no event log")


def python_twin(NativeHand hand):
    """The :class:`wuhanmj.game.Game` of ``hand``'s deal with its decision log replayed:
    the same state in the Python engine (kept with the hand until its state changes; do not
    step it). The one place the native face goes through the Python engine for its event
    log (native event generation replaces it here).

    Raises:
        ReplayError: the state does not follow from its deal and decision log (edited in
            C, e.g. hidden tiles resampled): it has no event log (``state_dict`` still reads
            it).
    """
    if hand._surgery:       # _adopt_state: the twin is stepped with the hand
        return hand._twin[1]
    key = hand._deal_key()
    tw = hand._twin
    if tw is not None and tw[0] == key:
        return tw[1]
    cdef const HandC* h = &hand.h
    cdef int s, t
    try:
        g = replayed_game(h, hand.rules, hand.scores)
    except IllegalActionError as e:
        raise ReplayError(f"{_NOT_REACHED}: {e}") from None
    st = g.state
    if ((st.front, st.back, st.phase, st.turn) != (h.front, h.back, h.phase, h.turn)
            or any(st.hands[s][t] != h.hands[s][t] for s in range(4) for t in range(34))):
        raise ReplayError(_NOT_REACHED)
    hand._twin = (key, g)
    return g


cdef object replayed_game(const HandC* h, object rules, object scores):
    """The Game of h's deal with its decision log replayed (handapi.pxd)."""
    cdef int i
    from wuhanmj.game.engine import Game
    g = Game(rules, wall=[h.wall[i] for i in range(136)], dealer=h.dealer, prev_laizi=_opt(h.prev_laizi),
             scores=scores)
    for i in range(h.n_log):
        g.step(h.log_seat[i], h.log_code[i])
    return g


cdef object _hand_result(NativeHand hand):
    """The HandResult of a finished native hand (see NativeHand.result)."""
    cdef const HandC* h = &hand.h
    cdef const WinOut* w = &h.win
    cdef int s, d = h.discarder, winner = h.winner
    global _DRAW
    from wuhanmj import scoring
    from wuhanmj.game.state import HandResult
    from wuhanmj.hand.meld import SeatPlays
    from wuhanmj.hand.waits import holds_non_jiang, is_ready
    if winner < 0:
        if _DRAW is None:
            _DRAW = HandResult(None, None, None, None, (0, 0, 0, 0), None)
        return _DRAW
    rules = hand.rules
    how = HOWS[h.how]
    seats = tuple([SeatPlays(_seat_melds(h, s), h.seats[s].hz, h.seats[s].pz, h.seats[s].lz)
                   for s in range(4)])
    kw = {}
    if d >= 0 and h.seats[winner].n_melds == 4:
        # the discarder's facts (L1), as moves.evaluate: a robbed 蓄杠 tile already left it
        dh = list(_concealed(h, d))
        kw["discarder_ready"] = bool(is_ready(dh, h.indicator, rules, _seat_melds(h, d)))
        kw["discarder_holds_non_jiang"] = bool(holds_non_jiang(dh))
    if h.xiayu_suit[winner] >= 0 and h.xiayu_co[winner]:
        kw["co_liable"] = tuple([s for s in range(4) if (h.xiayu_co[winner] >> s) & 1])
    win = scoring.evaluate_win(
        hand=list(_concealed(h, winner)), win_tile=h.win_tile, how=how, winner=winner,
        dealer=h.dealer, indicator=h.indicator, seats=seats, discarder=_opt(d),
        prev_laizi=_opt(h.prev_laizi), rules=rules, **kw)
    return HandResult(winner, how, h.win_tile, _opt(d),
                      tuple([amount_value(w.payments[s]) for s in range(4)]), win)
