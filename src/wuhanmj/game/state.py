"""The state of one hand: :class:`HandState` (what the hand *is*) and :class:`Derived`
(what follows from it, kept for speed).

Primary state — the rule set, the dealer, the wall and the two ends drawn from, every
seat's concealed tiles (34 counts), melds, special plays and river, the phase, whose turn
it is and whether that turn began with a 碰/吃, the drawn tile, an open claim window (the tile, who may answer what, who answered),
the L5 清一色 threats, the result and the event log — is held by :class:`HandState` as
public attributes. :mod:`wuhanmj.game.moves` reads it and changes it only through the
mutators below, which keep the :class:`Derived` values in step: hand sizes, the counts of
face-up tiles, meld values and :class:`~wuhanmj.hand.meld.SeatPlays`, and the caches of the
win checks and of the legal actions. :meth:`HandState.changed` is the one place a seat's
cached values are dropped; :meth:`HandState.clone` copies the primary state.

Nothing here decides a rule: the rules are applied by :mod:`wuhanmj.game.moves`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from ..hand.meld import Meld, SeatPlays
from ..rules import Rules
from ..tiles import Specials, specials_of
from .phases import NO_DRAW, TURN
from .wall import FIRST_DRAW_POS, INDICATOR_POS, N_TILES

__all__ = ["HandState", "HandResult", "Derived", "meld_value", "hand_tuple", "NO_SEAT"]

# "no legal codes cached": compared by identity, so no seat argument ever matches it
NO_SEAT: Any = object()

_RUNS = tuple(tuple((t,) * k for k in range(5)) for t in range(34))


def hand_tuple(c: list[int]) -> tuple[int, ...]:
    """The sorted tiles of 34 counts (0–4 each) as a tuple."""
    out: tuple[int, ...] = ()
    for t in range(34):
        k = c[t]
        if k:
            out += _RUNS[t][k]
    return out


_MELDS: dict[tuple, Meld] = {}


def meld_value(m: tuple) -> Meld:
    """The :class:`~wuhanmj.hand.meld.Meld` of a ``(kind, tiles, source)`` record; Meld values
    are immutable, so one is made (and validated) per distinct record and shared."""
    v = _MELDS.get(m)
    if v is None:
        v = _MELDS[m] = Meld(*m)
    return v


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended.

    Fields:
        winner: the winning seat, or None for an exhaustive draw (荒庄, X6).
        how: ``"zimo"``, ``"fangchong"``, ``"qianggang"``, ``"gangshanghua"``,
            ``"haidilao"``, or None for a draw.
        win_tile: the tile won on (int 0–33), or None.
        discarder: the seat that discarded the winning tile or was robbed (P4), else None.
        payments: four numbers in seat order, winner positive, summing to 0
            (points or money per ``Rules.schedule``; all 0 for a draw).
        win: the :class:`wuhanmj.scoring.WinResult` (fan, big hu, liability), or None.
    """

    winner: int | None
    how: str | None
    win_tile: int | None
    discarder: int | None
    payments: tuple
    win: Any = None

    @property
    def draw(self) -> bool:
        """True for an exhaustive draw (荒庄, G3, X6)."""
        return self.winner is None


class Derived:
    """Values that follow from a :class:`HandState`, kept so that they are not worked out
    again at every step. Only :class:`HandState`'s mutators and :mod:`wuhanmj.game.moves`'
    caches write them.

    Fields:
        sizes: concealed tiles per seat; openings: 开口 per seat (P5).
        seen: (34,) counts of the face-up tiles: rivers, melds, special plays, the indicator (D6).
        meld_values: per seat, its melds as :class:`~wuhanmj.hand.meld.Meld` values.
        seat_plays: per seat, its :class:`~wuhanmj.hand.meld.SeatPlays` (None: to rebuild);
            all_plays: the four as a tuple (None: to rebuild).
        waits: per seat, the kinds that may complete its waiting hand (a fast superset of
            its wins), None: to work out; see :func:`wuhanmj.game.moves.win_kinds`.
        turn_win: the seat on turn's self-drawn win (a WinResult), False (none) or None (to check).
        wins: the WinResult of each seat that may win the tile of an open window.
        legal_seat, legal: the last seat asked for its legal codes, and those codes.
    """

    __slots__ = ("sizes", "openings", "seen", "meld_values", "seat_plays", "all_plays", "waits",
                 "turn_win", "wins", "legal_seat", "legal")
    sizes: list[int]
    openings: list[int]
    seen: list[int]
    meld_values: list[tuple[Meld, ...]]
    seat_plays: list[SeatPlays | None]
    all_plays: tuple[SeatPlays, ...] | None
    waits: list[frozenset | None]
    turn_win: Any
    wins: dict[int, Any]
    legal_seat: Any
    legal: tuple[int, ...]

    def copy(self) -> Derived:
        d = Derived.__new__(Derived)
        d.sizes = self.sizes[:]
        d.openings = self.openings[:]
        d.seen = self.seen[:]
        d.meld_values = self.meld_values[:]
        d.seat_plays = self.seat_plays[:]
        d.all_plays = self.all_plays
        d.waits = self.waits[:]
        d.turn_win = self.turn_win
        d.wins = dict(self.wins)
        d.legal_seat = self.legal_seat
        d.legal = self.legal
        return d


class HandState:
    """The primary state of one hand (see the module docstring). Build with :meth:`deal`.

    Attributes (read them freely; change them only through the methods):
        rules, dealer, prev_laizi, scores: as given to :class:`~wuhanmj.game.Game`.
        specials: the indicator's :class:`~wuhanmj.tiles.Specials` (癞子, 痞子, R2, R3).
        wall: the 136 tiles (G1); front, back: the next normal and replacement draw
            positions (G1, D1).
        hands: per seat, 34 counts of its concealed tiles.
        melds: per seat, its melds in order as ``(kind, tiles, source)``; a 蓄杠 replaces its 碰.
        plays: per seat, its special plays in order as ``(kind, tile)`` (P3).
        rivers: per seat, its discards still on the table (a claimed one leaves).
        phase: a constant of :mod:`wuhanmj.game.phases`; turn: the seat on turn (in a window,
            the discarder / robbed seat).
        drawn, draw_kind: the tile the seat on turn just drew and how (NO_DRAW, FRONT, BACK).
        claim_turn: the seat on turn's turn began with a 碰 or 吃 (P1, D18): set by
            :meth:`claim`, kept through the replacement draws of that turn, cleared by
            :meth:`discard` (a 冲杠 does not set it: its replacement draw is a draw).
        tile: the tile of an open claim / rob window; options: seat → the claim codes it
            may answer; decisions: seat → its answer.
        xiayu: per seat, its 清一色 threat ``(suit, liable seat, co-liable seats)`` or None (L5).
        result: the :class:`~wuhanmj.game.HandResult` once over; events: the event log.
        derived: the :class:`Derived` values.
        gang_floor: ``rules.gang_floor`` (G4, D12), for short.
    """

    __slots__ = ("rules", "dealer", "prev_laizi", "scores", "specials", "wall", "front", "back", "hands",
                 "melds", "plays", "rivers", "phase", "turn", "drawn", "draw_kind", "claim_turn", "tile",
                 "options", "decisions", "xiayu", "result", "events", "derived", "gang_floor")
    rules: Rules
    dealer: int
    prev_laizi: int | None
    scores: tuple
    specials: Specials
    wall: list[int]
    front: int
    back: int
    hands: list[list[int]]
    melds: list[list[tuple[str, tuple[int, ...], int | None]]]
    plays: list[tuple[tuple[str, int], ...]]
    rivers: list[tuple[int, ...]]
    phase: int
    turn: int
    drawn: int | None
    draw_kind: int
    claim_turn: bool
    tile: int | None
    options: dict[int, tuple[int, ...]]
    decisions: dict[int, int]
    xiayu: list[tuple[int, int, tuple[int, ...]] | None]
    result: HandResult | None
    events: list[Any]
    derived: Derived
    gang_floor: int

    @classmethod
    def deal(cls, rules: Rules, wall: list[int], dealer: int, prev_laizi: int | None,
             scores: tuple, deal_event: dict) -> tuple[HandState, list[list[int]]]:
        """The state right after the deal and the indicator (G1, R2): 13 tiles to every seat
        from the front, a 14th to the dealer, the indicator face up; the dealer on turn.
        Returns the state and the dealt hands (sorted tile lists, by seat)."""
        st = cls.__new__(cls)
        st.rules = rules
        st.dealer = dealer
        st.prev_laizi = prev_laizi
        st.scores = scores
        st.wall = wall
        st.gang_floor = rules.gang_floor  # G4, D12: fixed for the hand
        hands = [[0] * 34 for _ in range(4)]
        dealt: list[list[int]] = [[], [], [], []]
        for i in range(4):
            s = (dealer + i) & 3
            h = hands[s]
            ts = wall[13 * i: 13 * i + 13]
            if i == 0:
                ts.append(wall[52])
            for t in ts:
                h[t] += 1
            ts.sort()
            dealt[s] = ts
        st.hands = hands
        ind = wall[INDICATOR_POS]
        st.specials = specials_of(ind, rules.pizi)
        st.front = FIRST_DRAW_POS
        st.back = N_TILES - 1
        st.melds = [[], [], [], []]
        st.plays = [(), (), (), ()]  # tuples: observations share them
        st.rivers = [(), (), (), ()]
        st.phase = TURN
        st.turn = dealer
        st.drawn = None
        st.draw_kind = NO_DRAW
        st.claim_turn = False
        st.tile = None
        st.options = {}
        st.decisions = {}
        st.xiayu = [None, None, None, None]
        st.result = None
        st.events = [deal_event]
        d = st.derived = Derived.__new__(Derived)
        d.sizes = [13, 13, 13, 13]
        d.sizes[dealer] = 14
        d.openings = [0, 0, 0, 0]
        seen = [0] * 34
        seen[ind] = 1
        d.seen = seen
        d.meld_values = [(), (), (), ()]
        d.seat_plays = [None, None, None, None]
        d.all_plays = None
        d.waits = [None, None, None, None]
        d.turn_win = None
        d.wins = {}
        d.legal_seat = NO_SEAT
        d.legal = ()
        return st, dealt

    def clone(self) -> HandState:
        """An independent copy (the wall, the rules and immutable values are shared)."""
        st = HandState.__new__(HandState)
        st.rules = self.rules
        st.dealer = self.dealer
        st.prev_laizi = self.prev_laizi
        st.scores = self.scores
        st.specials = self.specials
        st.wall = self.wall
        st.gang_floor = self.gang_floor
        st.front = self.front
        st.back = self.back
        st.hands = [h[:] for h in self.hands]
        st.melds = [m[:] for m in self.melds]
        st.plays = self.plays[:]
        st.rivers = self.rivers[:]
        st.phase = self.phase
        st.turn = self.turn
        st.drawn = self.drawn
        st.draw_kind = self.draw_kind
        st.claim_turn = self.claim_turn
        st.tile = self.tile
        st.options = dict(self.options)
        st.decisions = dict(self.decisions)
        st.xiayu = self.xiayu[:]
        st.result = self.result
        st.events = self.events[:]
        st.derived = self.derived.copy()
        return st

    # ------------------------------------------------------------------ queries
    @property
    def tiles_left(self) -> int:
        """Tiles left in the wall, front and back ends together (G2, D1)."""
        return self.back - self.front + 1

    def seat_plays(self) -> tuple[SeatPlays, ...]:
        """The four seats' :class:`~wuhanmj.hand.meld.SeatPlays` as scoring takes them; each is
        rebuilt only after its seat's plays changed."""
        d = self.derived
        p = d.all_plays
        if p is None:
            sp = d.seat_plays
            for s in range(4):
                if sp[s] is None:
                    hz = pz = lz = 0
                    for kind, _ in self.plays[s]:
                        if kind == "hongzhong_gang":
                            hz += 1
                        elif kind == "pizi_gang":
                            pz += 1
                        else:
                            lz += 1
                    sp[s] = SeatPlays(d.meld_values[s], hz, pz, lz)
            # the loop above filled every None entry
            p = d.all_plays = tuple(cast("list[SeatPlays]", sp))
        return p

    def count_seen(self) -> list[int]:
        """The face-up counts (D6) worked out from scratch (restores and tests)."""
        c = [0] * 34
        for s in range(4):
            for m in self.melds[s]:
                for t in m[1]:
                    c[t] += 1
            for t in self.rivers[s]:
                c[t] += 1
            for _, t in self.plays[s]:
                c[t] += 1
        c[self.specials.indicator] += 1
        return c

    # ------------------------------------------------------------------ the one place
    def changed(self, s: int, melds: bool = False) -> None:
        """Seat ``s``'s concealed tiles, melds or special plays changed other than by a draw:
        drop its cached waits and SeatPlays (and refresh its Meld values when ``melds``)."""
        d = self.derived
        d.waits[s] = None
        d.seat_plays[s] = None
        d.all_plays = None
        if melds:
            d.meld_values[s] = tuple([meld_value(m) for m in self.melds[s]])

    def drop_caches(self) -> None:
        """Forget every cached value (waits, wins, SeatPlays, legal actions): the next
        queries work them out from the primary state (tests, and after a restore)."""
        for s in range(4):
            self.changed(s)
        d = self.derived
        d.turn_win = None
        d.wins = {}
        d.legal_seat = NO_SEAT

    # ------------------------------------------------------------------ mutators
    def open_window(self, phase: int, seat: int, tile: int, options: dict[int, tuple[int, ...]]) -> None:
        """A claim (P2) or rob (P4) window on ``tile`` of ``seat`` opens: ``options`` are
        the codes each asked seat may answer (Pass besides)."""
        self.phase = phase
        self.turn = seat
        self.tile = tile
        self.options = options
        self.decisions = {}

    def draw(self, s: int, t: int, phase: int, kind: int, end: str) -> None:
        """Seat ``s`` draws tile ``t`` (already taken off the wall at ``end``) and acts next.
        Its cached waits still describe the hand before the draw (moves.win_kinds)."""
        self.hands[s][t] += 1
        self.derived.sizes[s] += 1
        self.phase = phase
        self.turn = s
        self.drawn = t
        self.draw_kind = kind
        self.derived.turn_win = None
        self.events.append(("draw", s, t, end))

    def discard(self, s: int, t: int) -> None:
        """Seat ``s`` discards ``t`` onto its river (P1)."""
        self.hands[s][t] -= 1
        self.derived.sizes[s] -= 1
        self.rivers[s] += (t,)
        self.derived.seen[t] += 1
        self.derived.waits[s] = None
        self.events.append(("discard", s, t, t))
        self.drawn = None
        self.draw_kind = NO_DRAW
        self.claim_turn = False

    def claim(self, s: int, kind: str, tiles: tuple[int, ...], d: int) -> None:
        """Seat ``s`` takes the last discard of seat ``d`` for a meld (P2, P5): the other tiles
        of ``tiles`` leave its hand; the claim is one more opening. A 碰 or 吃 starts a turn
        without a draw (``claim_turn``, D18); a 冲杠's replacement draw follows."""
        t = self.rivers[d][-1]
        self.rivers[d] = self.rivers[d][:-1]
        hand = self.hands[s]
        taken = list(tiles)
        taken.remove(t)
        for x in taken:
            hand[x] -= 1
        dv = self.derived
        dv.sizes[s] -= len(taken)
        dv.seen[t] -= 1  # off the river, into the meld with the others
        for x in tiles:
            dv.seen[x] += 1
        self.melds[s].append((kind, tiles, d))
        dv.openings[s] += 1
        self.claim_turn = kind == "peng" or kind == "chi"
        self.changed(s, melds=True)
        self.events.append({"type": "meld", "seat": s, "kind": kind, "tiles": list(tiles), "from": d})

    def an_gang(self, s: int, t: int) -> None:
        """Seat ``s`` lays four ``t`` from its hand as a concealed kong (P1)."""
        self.hands[s][t] -= 4
        self.derived.sizes[s] -= 4
        self.melds[s].append(("an_gang", (t, t, t, t), None))
        self.derived.seen[t] += 4
        self.changed(s, melds=True)

    def extend_peng(self, s: int, t: int) -> None:
        """Seat ``s``'s 碰 of ``t`` becomes a 蓄杠 in place with a tile from its hand (P1)."""
        self.hands[s][t] -= 1
        self.derived.sizes[s] -= 1
        melds = self.melds[s]
        for i, m in enumerate(melds):
            if m[0] == "peng" and m[1][0] == t:
                melds[i] = ("xu_gang", (t, t, t, t), m[2])
                break
        self.derived.seen[t] += 1
        self.changed(s, melds=True)

    def special(self, s: int, kind: str, t: int) -> None:
        """Seat ``s`` plays out ``t`` as a 红中/痞子/癞子杠 (P3)."""
        self.hands[s][t] -= 1
        self.derived.sizes[s] -= 1
        self.plays[s] += ((kind, t),)
        self.derived.seen[t] += 1
        self.changed(s)

    def win_tile(self, w: int, t: int, d: int, robbed: bool) -> None:
        """The winning tile ``t`` moves to the winner ``w``: off seat ``d``'s river (放冲), or
        out of its hand (抢杠: the robbed 蓄杠 did not happen, L3)."""
        if robbed:
            self.hands[d][t] -= 1
            self.derived.sizes[d] -= 1
        else:
            self.rivers[d] = self.rivers[d][:-1]
            self.derived.seen[t] -= 1
        self.hands[w][t] += 1
        self.derived.sizes[w] += 1
