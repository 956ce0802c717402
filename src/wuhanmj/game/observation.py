"""What one seat may see: :class:`Observation` and its numeric encoding for learning code.

An observation holds only public information plus the seat's own concealed
tiles (and the tile it just drew): never another seat's hand, another seat's
drawn tile, or the wall. Public: every seat's melds (with the seat each was
claimed from), discards still on the table, special plays (P3), hand sizes,
the indicator with its 癞子/痞子 (R2, R3), tiles left (G2), dealer, scores,
phase, whose turn, the tile offered in a claim window, and the seat's legal
actions.

Encoding (:meth:`Observation.encode`), seats relative to the observer
(0 = self, 1 = next player 下家, 2 = opposite, 3 = previous):

- ``"tiles"``: uint8 array (N_PLANES=18, 34), one plane per row:
  0 own concealed counts; 1–4 meld tile counts of relative seats 0–3;
  5–8 discards lying on the table of relative seats 0–3; 9–12 special-play
  tile counts of relative seats 0–3; 13 indicator one-hot; 14 癞子 one-hot;
  15 痞子 mask (empty when the rule is off); 16 the claim tile one-hot (a
  discard or 蓄杠 offered to this seat's window); 17 own drawn tile one-hot.
- ``"scalars"``: float32 array (N_SCALARS=29,): tiles left / 82; phase one-hot (5);
  relative dealer one-hot (4); relative current player one-hot (4, all 0
  when nobody); hand sizes / 14 (4, relative); openings per seat / 4 (4,
  relative); scores / 1000 (4, relative); the previous 癞子 equals this one
  (X4, 0/1); rule pizi on (0/1); rule schedule is "fan" (0/1).
- ``"action_mask"``: bool array (ACTION_SPACE_SIZE,).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from .. import _checks, _display
from ..errors import IllegalActionError
from ..hand.meld import Meld
from ..rules import Rules
from . import moves
from .actions import ACTION_SPACE_SIZE
from .phases import BACK, CLAIM, HAIDI, PHASES, ROB, TURN
from .state import HandState, hand_tuple

__all__ = ["Observation", "observe", "N_PLANES", "N_SCALARS"]

N_PLANES = 18
N_SCALARS = 29


@dataclass(frozen=True, slots=True)
class Observation:
    """The view of one seat (nothing hidden from it appears here).

    Fields:
        seat: the observing seat.
        hand: its concealed tiles, sorted (tuple of ints 0–33).
        drawn: the tile it just drew on its own turn, else None.
        hand_sizes: concealed tile counts of the 4 seats (public).
        melds: per seat, its melds in order (tuples of :class:`Meld`).
        discards: per seat, the discards still on the table.
        special_plays: per seat, ``(kind, tile)`` of each 红中/痞子/癞子杠 (P3).
        indicator, laizi: tiles (R2); pizi: the 痞子 kinds (empty when off, R3).
        prev_laizi: the previous hand's 癞子 (X4) or None.
        tiles_left: tiles left in the wall (G2).
        dealer: the dealer seat; scores: match scores before this hand.
        phase: ``"turn"``, ``"claim"``, ``"rob"``, ``"haidi"`` or ``"over"``.
        turn: the seat on turn (the discarder / robbed seat in a window).
        current_player: the first seat expected to act, or None.
        claim_tile: the discard or 蓄杠 tile under claim, else None.
        legal_actions: the seat's legal action codes, ascending.
        rules_pizi, rules_schedule: the rule fields learning code may want.
        visible_counts: 34 counts of the tiles face up for every seat (D6): the
            discards on the table, every meld, every special play and the indicator
            (what the other fields show, counted; :meth:`Game.observation` fills it).
            Empty in an observation made without it.
        replacement_draw: True when ``drawn`` is a replacement draw (after a gang or a
            special play, G4: a win on it is 杠上开花); public, as every seat sees the gang.
        rules: the :class:`~wuhanmj.rules.Rules` in force (public: every seat plays by
            it), or None in an observation made without it.
    """

    seat: int
    hand: tuple[int, ...]
    drawn: int | None
    hand_sizes: tuple[int, int, int, int]
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    special_plays: tuple[tuple[tuple[str, int], ...], ...]
    indicator: int
    laizi: int
    pizi: tuple[int, ...]
    prev_laizi: int | None
    tiles_left: int
    dealer: int
    scores: tuple
    phase: str
    turn: int
    current_player: int | None
    claim_tile: int | None
    legal_actions: tuple[int, ...]
    rules_pizi: bool = False
    rules_schedule: str = "points"
    visible_counts: tuple[int, ...] = ()
    replacement_draw: bool = False
    rules: Rules | None = None

    def _repr_svg_(self) -> str | None:
        """The table as this seat sees it, an SVG document (:func:`wuhanmj.render.table_svg`;
        notebooks call it). The renderer is registered by :mod:`wuhanmj.render` (:mod:`wuhanmj._display`)."""
        return _display.show(self, "svg")

    def _repr_html_(self) -> str | None:
        """The same drawing in an HTML ``<div>`` that fits its width (notebooks)."""
        return _display.show(self, "html")

    def action_mask(self) -> np.ndarray:
        """Bool array of shape (ACTION_SPACE_SIZE,), True at the legal codes."""
        m = np.zeros(ACTION_SPACE_SIZE, dtype=bool)
        m[list(self.legal_actions)] = True
        return m

    def encode(self) -> dict[str, np.ndarray]:
        """Numeric arrays for learning code: ``tiles`` (18, 34) uint8,
        ``scalars`` (29,) float32, ``action_mask`` (163,) bool (see the module doc)."""
        me = self.seat
        planes = np.zeros((N_PLANES, 34), dtype=np.uint8)
        for t in self.hand:
            planes[0, t] += 1
        for s in range(4):
            r = (s - me) & 3
            for m in self.melds[s]:
                for t in m.tiles:
                    planes[1 + r, t] += 1
            for t in self.discards[s]:
                planes[5 + r, t] += 1
            for _, t in self.special_plays[s]:
                planes[9 + r, t] += 1
        planes[13, self.indicator] = 1
        planes[14, self.laizi] = 1
        for p in self.pizi:
            planes[15, p] = 1
        if self.claim_tile is not None:
            planes[16, self.claim_tile] = 1
        if self.drawn is not None:
            planes[17, self.drawn] = 1
        sc = np.zeros(N_SCALARS, dtype=np.float32)
        sc[0] = self.tiles_left / 82.0
        sc[1 + PHASES.index(self.phase)] = 1.0
        sc[6 + ((self.dealer - me) & 3)] = 1.0
        if self.current_player is not None:
            sc[10 + ((self.current_player - me) & 3)] = 1.0
        for s in range(4):
            r = (s - me) & 3
            sc[14 + r] = self.hand_sizes[s] / 14.0
            sc[18 + r] = sum(1 for m in self.melds[s] if m.is_opening) / 4.0
            sc[22 + r] = float(self.scores[s]) / 1000.0
        sc[26] = float(self.prev_laizi is not None and self.prev_laizi == self.laizi)
        sc[27] = float(self.rules_pizi)
        sc[28] = float(self.rules_schedule == "fan")
        return {"tiles": planes, "scalars": sc, "action_mask": self.action_mask()}


def observe(st: HandState, seat: int) -> Observation:
    """The :class:`Observation` of ``seat`` in the hand ``st`` (a
    :class:`~wuhanmj.game.state.HandState`; :meth:`wuhanmj.game.Game.observation` passes its own).

    Built from the state's own records (a few µs: the melds are shared, cached values).

    Raises:
        IllegalActionError: ``seat`` is not 0–3.
    """
    if type(seat) is not int or not 0 <= seat <= 3:
        seat = _checks.seat(seat, "seat", IllegalActionError)
    ph = st.phase
    turn = st.turn
    rules = st.rules
    sp = st.specials
    d = st.derived
    drawn = st.drawn if (ph == TURN or ph == HAIDI) and turn == seat else None
    return _make((
        seat,
        hand_tuple(st.hands[seat]),
        drawn,
        tuple(d.sizes),
        tuple(d.meld_values),
        tuple(st.rivers),
        tuple(st.plays),
        sp.indicator,
        sp.laizi,
        sp.pizi,
        st.prev_laizi,
        st.back - st.front + 1,
        st.dealer,
        st.scores,
        PHASES[ph],
        turn,
        moves.current_player(st),
        st.tile if (ph == CLAIM or ph == ROB) else None,
        moves.legal(st, seat),
        rules.pizi,
        rules.schedule,
        tuple(d.seen),
        drawn is not None and st.draw_kind == BACK,
        rules,
    ))


# The frozen dataclass's __init__ sets each of the 24 fields through object.__setattr__;
# observe() sets them through their slot descriptors instead (same object, ~0.5 µs less).
_SETTERS = tuple(Observation.__dict__[f.name].__set__ for f in fields(Observation))
_new = object.__new__


def _make(values: tuple) -> Observation:
    """An Observation from all its field values, in field order."""
    o = _new(Observation)
    for put, v in zip(_SETTERS, values):
        put(o, v)
    return o
