"""One hand of Wuhan Mahjong: deal, turns, claim windows, 抢杠, 海底 and the settlement.

:class:`Game` is a state machine driven by ``step(seat, action)`` (actions from
:mod:`wuhanmj.actions`, or their integer codes). At every moment it is in one phase:

- ``"turn"``: ``current_player`` holds 14 - 3 × melds tiles and acts (P1):
  自摸 (only right after a draw), 暗杠, 蓄杠, a special play (P3), or a discard.
- ``"claim"``: a discard lies on the table; every seat that may claim it is
  asked (P2) and answers in any order; the window closes as soon as no pending
  answer can change the outcome: hu > 冲杠/碰 > 吃, one winner, the first in turn
  order after the discarder; chi only by the next player.
- ``"rob"``: a 蓄杠 was declared; seats that can win on its tile may rob it
  (P4) or pass. A rob is scored as a win on that tile with L3.
- ``"haidi"``: the 海底 phase (G3): the seat that drew may only declare hu or pass.
- ``"over"``: :attr:`result` holds the winner and the payments, or a draw.

Seats whose only choice would be ``Pass`` are never asked: windows with nobody
to ask close at once, and a 海底 draw that cannot win passes by itself.

Wall layout and draws: see :mod:`wuhanmj.wall` (G1, G2, D1, D6).

Decisions taken where RULES.md is silent (documented for users):

- After claiming a 碰/吃 (no draw), the claimer's turn offers the same plays as
  after a draw except 自摸: 暗杠, 蓄杠 and special plays are allowed (P1, P3).
- A player that must discard but holds only 红中/痞子/癞子 while G4 forbids
  special plays discards one of them; such a discard is never claimable
  (R1, R3, R4) and scores nothing.
- A 海底 draw that is not a win stays in the drawer's hand.
- A robbed 蓄杠 tile moves from the robbed hand to the winner's hand; a won
  discard moves from the discarder's river to the winner's hand.
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core import is_complete, waits
from .actions import (
    ACTION_SPACE_SIZE,
    ACTIONS,
    AN_GANG,
    CHI,
    CHONG_GANG,
    HONGZHONG_GANG,
    HU,
    KIND_OF_CODE,
    LAIZI_GANG,
    PASS,
    PENG,
    PIZI_GANG,
    XU_GANG,
    Action,
    decode,
)
from .errors import IllegalActionError, ReplayError, SetupError, TileError, WuhanMJError
from .meld import Meld, SeatPlays
from .rules import Rules
from ._illegal import why_illegal
from ._saved import restore
from ._phases import BACK, CLAIM, FRONT, HAIDI, NO_DRAW, OVER, PHASES, ROB, TURN
from .events import parse_event, parse_events, render_event, rules_json, same_event
from .tiles import HONGZHONG, laizi_of, parse_tile, pizi_of
from .wall import FIRST_DRAW_POS, INDICATOR_POS, N_TILES, check_wall, shuffled_wall

__all__ = ["Game", "HandResult", "PHASES"]


_JIANG = (1, 4, 7, 10, 13, 16, 19, 22, 25)
_IS_JIANG = [t in _JIANG for t in range(34)]
# claim priority (P2): hu 0 > chong_gang/peng 1 > chi 2; 9 = not a claim
_RANK = [9] * ACTION_SPACE_SIZE
_RANK[HU] = 0
_RANK[PENG] = _RANK[CHONG_GANG] = 1
for _c in range(CHI, PENG):
    _RANK[_c] = 2
_EMPTY: frozenset = frozenset()

_scoring = None


def _score():
    """The scoring module, imported on first use (it is needed only when a hu is possible)."""
    global _scoring
    if _scoring is None:
        from . import scoring

        _scoring = scoring
    return _scoring


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


def _tiles_of_counts(c: Sequence[int]) -> list[int]:
    return list(_hand_tuple(c))


_RUNS = tuple(tuple((t,) * k for k in range(5)) for t in range(34))


def _hand_tuple(c: Sequence[int]) -> tuple[int, ...]:
    """The sorted tiles of 34 counts (0-4 each) as a tuple."""
    out: tuple[int, ...] = ()
    for t in range(34):
        k = c[t]
        if k:
            out += _RUNS[t][k]
    return out


_MELDS: dict[tuple, Meld] = {}


def _meld_value(m: tuple) -> Meld:
    """The :class:`Meld` of an internal ``(kind, tiles, source)`` record; Meld values are
    immutable, so one is made (and validated) per distinct record and shared."""
    v = _MELDS.get(m)
    if v is None:
        v = _MELDS[m] = Meld(*m)
    return v


def _check_seat(seat: object, what: str = "seat") -> int:
    """``seat`` as a plain int 0-3: a numpy integer is read as the int it holds; bools,
    floats, strings, None and other values raise IllegalActionError naming ``what``."""
    if type(seat) is int and 0 <= seat <= 3:
        return seat
    s = -1
    if not isinstance(seat, bool):
        try:
            s = operator.index(seat)  # numpy integers; never floats, numpy bools or str
        except TypeError:
            pass
    if not 0 <= s <= 3:
        raise IllegalActionError(f"{what} must be a seat 0-3 (an int), got {seat!r}")
    return s


# "no legal codes cached": compared by identity, so no seat argument ever matches it
_NO_SEAT: Any = object()


def _prev_laizi(p: object) -> int:
    """The previous 癞子 as a tile index: notation, or an int (numpy integers too) 0-33."""
    if isinstance(p, str):
        try:
            return parse_tile(p)
        except TileError as e:
            raise TileError(f"prev_laizi: {e}") from None
    t = -1
    if not isinstance(p, bool):
        try:
            t = operator.index(p)  # never a float (3.7 is not rounded to 3), str or bool
        except TypeError:
            pass
    if not 0 <= t < 34:
        raise SetupError(f"prev_laizi must be a tile (an int 0-33 or notation like '6m') or None, got {p!r}")
    return t


class Game:
    """One hand of Wuhan Mahjong (G1–G4, P1–P5, R1–R4, scored by W/S/X/L).

    Args:
        rules: a :class:`wuhanmj.rules.Rules` (default ``Rules.kaikou()``).
        seed: int >= 0, ``numpy.random.Generator`` / ``SeedSequence`` or None:
            shuffles the wall (G1); see :func:`wuhanmj.wall.shuffled_wall`.
        wall: an explicit wall of 136 tile kinds in the layout of
            :mod:`wuhanmj.wall` (see :func:`wuhanmj.wall.scripted_wall`);
            exclusive with ``seed``.
        dealer: the dealer seat 0–3 (庄), who holds 14 tiles and acts first.
        prev_laizi: the previous hand's 癞子 (X4, M2), int 0-33 or notation, or None.
        scores: the players' running match scores before this hand (four finite
            numbers, shown in observations only).

    Raises:
        SetupError: a bad dealer, seed, prev_laizi or scores, or both ``seed`` and ``wall``.
        TileError, TileCountError: a wall that is not the 136 tile indices (floats
            are refused, not rounded); prev_laizi notation that is not a tile.
        RulesError: ``rules`` is not a Rules.

    Main API: :attr:`phase`, :attr:`current_player`, :attr:`pending`,
    :meth:`legal_actions`, :meth:`legal_action_codes`, :meth:`action_mask`,
    :meth:`step`, :attr:`over`, :attr:`result`, :meth:`observation`,
    :attr:`events`, :meth:`replay`, :meth:`to_dict`, :meth:`from_dict`, :meth:`clone`.
    """

    __slots__ = (
        "rules", "dealer", "prev_laizi", "indicator", "laizi", "pizi", "scores",
        "_wall", "_front", "_back", "_hands", "_n", "_melds", "_opened", "_specials", "_rivers",
        "_phase", "_turn", "_drawn", "_draw_kind", "_tile", "_options", "_decisions",
        "_wins", "_turn_win", "_result", "_events", "_special", "_forbid", "_dead", "_gang_floor", "_xiayu",
        "_lc_seat", "_lc", "_plays", "_seat_p", "_meld_v", "_waits", "_normal", "_seen",
    )

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: Any = None,
        wall: Iterable[int] | None = None,
        dealer: int = 0,
        prev_laizi: int | str | None = None,
        scores: Sequence[float] = (0, 0, 0, 0),
    ) -> None:
        if rules is None:
            rules = Rules.kaikou()
        elif not isinstance(rules, Rules):
            from .errors import RulesError

            raise RulesError(f"rules must be a Rules, got {type(rules).__name__}")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
            raise SetupError(f"dealer must be a seat 0-3, got {dealer!r}")
        if wall is not None and seed is not None:
            raise SetupError("give a seed or an explicit wall, not both (G1)")
        w = check_wall(wall) if wall is not None else shuffled_wall(seed)
        if prev_laizi is not None:
            prev_laizi = _prev_laizi(prev_laizi)
        try:
            sc = tuple(scores)
        except TypeError:
            sc = ()
        if len(sc) != 4 or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
                                   for x in sc):
            raise SetupError(f"scores must be four finite numbers, got {scores!r}")
        self._setup(rules, w, dealer, prev_laizi, sc)

    # ------------------------------------------------------------------ setup
    def _setup(self, rules: Rules, w: list[int], dealer: int, prev_laizi: int | None, scores: tuple) -> None:
        self.rules = rules
        self.dealer = dealer
        self.prev_laizi = prev_laizi
        self.scores = scores
        self._wall = w
        hands = [[0] * 34 for _ in range(4)]
        dealt: list[list[int]] = [[], [], [], []]
        for i in range(4):
            s = (dealer + i) & 3
            h = hands[s]
            ts = w[13 * i : 13 * i + 13]
            if i == 0:
                ts.append(w[52])
            for t in ts:
                h[t] += 1
            ts.sort()
            dealt[s] = ts
        self._hands = hands
        self._n = [13, 13, 13, 13]
        self._n[dealer] = 14
        ind = w[INDICATOR_POS]
        self.indicator = ind
        self.laizi = laizi_of(ind)
        self.pizi = pizi_of(ind) if rules.pizi else ()
        special = [False] * 34
        special[HONGZHONG] = True
        special[self.laizi] = True
        for p in self.pizi:
            special[p] = True
        self._special = special
        self._normal = [t for t in range(34) if not special[t]]
        self._waits = [None, None, None, None]
        self._forbid = (HONGZHONG,) + tuple(self.pizi)
        self._dead = rules.dead_wall
        self._gang_floor = rules.gang_floor  # G4, D12
        self._xiayu = [None, None, None, None]  # L5: per seat, its 清一色 threat (see _check_xiayu)
        self._front = FIRST_DRAW_POS
        self._back = N_TILES - 1
        self._melds = [[], [], [], []]
        self._opened = [0, 0, 0, 0]
        self._specials = [(), (), (), ()]  # tuples: observations share them
        self._rivers = [(), (), (), ()]
        self._phase = TURN
        self._turn = dealer
        self._drawn = None
        self._draw_kind = NO_DRAW
        self._tile = None
        self._options = {}
        self._decisions = {}
        self._wins = {}
        self._turn_win = None
        self._result = None
        self._lc_seat = _NO_SEAT
        self._lc = ()
        self._plays = None
        self._seat_p = [None, None, None, None]
        self._meld_v = [(), (), (), ()]
        seen = [0] * 34
        seen[ind] = 1
        self._seen = seen
        self._events = [
            {
                "type": "deal",
                "dealer": dealer,
                "prev_laizi": prev_laizi,
                "scores": list(scores),
                "rules": rules_json(rules),
                "wall": list(w),
                "hands": dealt,
            },
            {"type": "indicator", "tile": ind, "laizi": self.laizi, "pizi": list(self.pizi)},
        ]

    # ------------------------------------------------------------------ public state
    @property
    def phase(self) -> str:
        """``"turn"``, ``"claim"``, ``"rob"``, ``"haidi"`` or ``"over"``."""
        return PHASES[self._phase]

    @property
    def over(self) -> bool:
        """True once the hand has a result (a win or a draw)."""
        return self._phase == OVER

    @property
    def result(self) -> HandResult | None:
        """The :class:`HandResult` once the hand is over, else None."""
        return self._result

    @property
    def tiles_left(self) -> int:
        """Tiles left in the wall, front and back ends together (G2, D1)."""
        return self._back - self._front + 1

    @property
    def turn(self) -> int:
        """The seat whose turn it is; in a claim or rob window, the discarder / robbed seat."""
        return self._turn

    @property
    def claim_tile(self) -> int | None:
        """The discard or 蓄杠 tile offered to others in a claim/rob window, else None."""
        return self._tile if self._phase in (CLAIM, ROB) else None

    @property
    def pending(self) -> tuple[int, ...]:
        """Seats that may act now, in turn order (several in a claim window)."""
        ph = self._phase
        if ph == TURN or ph == HAIDI:
            return (self._turn,)
        if ph == OVER:
            return ()
        d = self._turn
        dec = self._decisions
        return tuple(s for s in ((d + 1) & 3, (d + 2) & 3, (d + 3) & 3) if s in self._options and s not in dec)

    @property
    def current_player(self) -> int | None:
        """The seat expected to act: the first pending seat in turn order, None when over."""
        ph = self._phase
        if ph == TURN or ph == HAIDI:
            return self._turn
        if ph == OVER:
            return None
        p = self.pending
        return p[0] if p else None

    def hand(self, seat: int) -> list[int]:
        """The concealed tiles of ``seat``, sorted (list of ints). Hidden information."""
        return _tiles_of_counts(self._hands[_check_seat(seat)])

    def hand_counts(self, seat: int) -> list[int]:
        """The concealed tiles of ``seat`` as 34 counts (a new list)."""
        return list(self._hands[_check_seat(seat)])

    def hand_size(self, seat: int) -> int:
        """Number of concealed tiles of ``seat`` (public)."""
        return self._n[_check_seat(seat)]

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """The melds of ``seat`` in the order made (a 蓄杠 replaces its 碰 in place)."""
        return self._meld_v[_check_seat(seat)]

    def seat_plays(self, seat: int) -> SeatPlays:
        """Melds and special-play counts of ``seat``, as scoring takes them."""
        return self._seat_plays()[_check_seat(seat)]

    def discards(self, seat: int) -> tuple[int, ...]:
        """The discards of ``seat`` still lying on the table (claimed ones left it)."""
        return self._rivers[_check_seat(seat)]

    def special_plays(self, seat: int) -> tuple[tuple[str, int], ...]:
        """The special plays of ``seat`` in order: ``(kind, tile)``, kind ``"hongzhong_gang"``,
        ``"pizi_gang"`` or ``"laizi_gang"`` (P3)."""
        return self._specials[_check_seat(seat)]

    def drawn_tile(self, seat: int) -> int | None:
        """The tile ``seat`` just drew, on its own turn (hidden from others), else None.

        Raises:
            IllegalActionError: ``seat`` is not a seat 0-3.
        """
        seat = _check_seat(seat)
        if self._phase in (TURN, HAIDI) and self._turn == seat:
            return self._drawn
        return None

    def census(self) -> list[int]:
        """Count every tile of the hand wherever it is (hands, melds, rivers, special plays,
        indicator, wall): 34 counts that must all be 4 (T1). For tests and debugging."""
        c = [0] * 34
        for s in range(4):
            h = self._hands[s]
            for t in range(34):
                c[t] += h[t]
            for m in self._melds[s]:
                for t in m[1]:
                    c[t] += 1
            for t in self._rivers[s]:
                c[t] += 1
            for _, t in self._specials[s]:
                c[t] += 1
        c[self.indicator] += 1
        for t in self._wall[self._front : self._back + 1]:
            c[t] += 1
        return c

    def visible_counts(self) -> tuple[int, ...]:
        """34 counts of the tiles face up for every seat (D6): the discards still on the
        table, every meld (all seats), every special play (P3) and the indicator."""
        return tuple(self._seen)

    def _count_seen(self) -> list[int]:
        c = [0] * 34
        for s in range(4):
            for m in self._melds[s]:
                for t in m[1]:
                    c[t] += 1
            for t in self._rivers[s]:
                c[t] += 1
            for _, t in self._specials[s]:
                c[t] += 1
        c[self.indicator] += 1
        return c

    # ------------------------------------------------------------------ legal actions
    def legal_action_codes(self, seat: int | None = None) -> tuple[int, ...]:
        """The legal action codes of ``seat`` now, ascending (empty if it has nothing to do).

        ``seat``: an int 0-3 (a numpy integer is read as its int), or None for
        :attr:`current_player` (empty once the hand is over).

        Raises:
            IllegalActionError: ``seat`` is not a seat (a bool, float, str, or outside 0-3).
        """
        if seat is self._lc_seat:  # the seat asked last (small ints are shared objects)
            return self._lc
        if type(seat) is not int or not 0 <= seat <= 3:
            if seat is None:
                seat = self.current_player
                if seat is None:
                    return ()
            else:
                seat = _check_seat(seat)
        codes = self._compute_legal(seat)
        self._lc_seat = seat
        self._lc = codes
        return codes

    def _legal(self, seat: int) -> tuple[int, ...]:
        """:meth:`legal_action_codes` for a seat known to be an int 0-3 (the game loop
        passes :attr:`current_player`), without the check."""
        if seat is self._lc_seat:
            return self._lc
        codes = self._compute_legal(seat)
        self._lc_seat = seat
        self._lc = codes
        return codes

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (None: :attr:`current_player`) as action values.

        Raises:
            IllegalActionError: ``seat`` is not a seat (see :meth:`legal_action_codes`).
        """
        return [ACTIONS[c] for c in self.legal_action_codes(seat)]

    def action_mask(self, seat: int | None = None):
        """Boolean numpy array of shape (ACTION_SPACE_SIZE,): True at the legal codes of
        ``seat`` (None: :attr:`current_player`; all False once the hand is over).

        Raises:
            IllegalActionError: ``seat`` is not a seat (see :meth:`legal_action_codes`).
        """
        import numpy as np

        mask = np.zeros(ACTION_SPACE_SIZE, dtype=bool)
        mask[list(self.legal_action_codes(seat))] = True
        return mask

    def _compute_legal(self, seat: int) -> tuple[int, ...]:
        ph = self._phase
        if ph == TURN:
            return self._turn_codes(seat) if seat == self._turn else ()
        if ph == CLAIM or ph == ROB:
            o = self._options.get(seat)
            if o is None or seat in self._decisions:
                return ()
            return o + (PASS,)
        if ph == HAIDI:
            return (HU, PASS) if seat == self._turn else ()
        return ()

    def _turn_codes(self, seat: int) -> tuple[int, ...]:
        C = self._hands[seat]
        gang_ok = self._back - self._front + 1 > self._gang_floor  # G4
        if gang_ok and self._drawn == self.laizi and self._must_play_laizi(seat):
            # W8, D13: a ready player that drew its second 癞子 plays it out (unless it wins)
            return (LAIZI_GANG, HU) if self._turn_win_ok(seat) else (LAIZI_GANG,)
        codes = [t for t in self._normal if C[t]]
        if gang_ok:
            an = [AN_GANG + t for t in codes if C[t] == 4] if 4 in C else ()
            for m in self._melds[seat]:
                if m[0] == "peng" and C[m[1][0]]:
                    codes.append(XU_GANG + m[1][0])
            if len(codes) > 1 and codes[-1] >= XU_GANG:
                codes.sort()
            codes.extend(an)
            if C[HONGZHONG]:
                codes.append(HONGZHONG_GANG)
            for p in self.pizi:
                if C[p]:
                    codes.append(PIZI_GANG + p)
            if C[self.laizi]:
                codes.append(LAIZI_GANG)
        elif not codes:
            # only 红中/痞子/癞子 left and G4 forbids playing them: a dead discard (module doc)
            codes = [t for t in range(34) if C[t]]
        if self._draw_kind and self._turn_win_ok(seat):
            codes.append(HU)
        return tuple(codes)

    def _must_play_laizi(self, seat: int) -> bool:
        """W8, D13 (``second_laizi = "play_out"``): ``seat`` just drew its second 癞子 and
        was ready (D10) on its tiles before the draw, holding one 癞子."""
        if self.rules.second_laizi != "play_out" or not self._draw_kind or self._drawn != self.laizi:
            return False
        C = self._hands[seat]
        if C[self.laizi] != 2:
            return False
        before = C[:]
        before[self.laizi] -= 1
        return bool(_score().is_ready(_tiles_of_counts(before), self.indicator, self.rules,
                                      self._seat_plays()[seat].melds))

    # ------------------------------------------------------------------ hu checks
    def _turn_win_ok(self, seat: int) -> bool:
        w = self._turn_win
        if w is None:
            w = self._check_self_win(seat)
            self._turn_win = w
        return w is not False

    def _check_self_win(self, seat: int):
        if not self._opened[seat]:  # W4
            return False
        C = self._hands[seat]
        if C[HONGZHONG]:  # W5
            return False
        for p in self.pizi:
            if C[p]:
                return False
        ws = self._waits[seat]  # cached for the hand before this draw (see _win_kinds)
        t = self._drawn
        if ws is not None and t != self.laizi:
            if t not in ws:
                return False
        elif not self._shape_may_win(seat, C):
            return False
        if self._phase == HAIDI:
            how = "haidilao"
        elif self._draw_kind == BACK:
            how = "gangshanghua"
        else:
            how = "zimo"
        res = self._evaluate(seat, C, self._drawn, how, None)
        return res if res.legal else False

    def _claim_win(self, seat: int, t: int, d: int, how: str) -> bool:
        """Can ``seat`` win on ``t`` from seat ``d``? Caches the WinResult in ``_wins``."""
        ws = self._waits[seat]
        if ws is None:
            ws = self._waits[seat] = self._win_kinds(seat)
        if t not in ws:
            return False
        C2 = self._hands[seat][:]
        C2[t] += 1
        res = self._evaluate(seat, C2, t, how, d)
        if res.legal:
            self._wins[seat] = res
            return True
        return False

    def _win_kinds(self, seat: int) -> frozenset:
        """Kinds that may complete ``seat``'s waiting hand (13 - 3 x melds tiles): a fast
        superset of its wins (W1, W3, W4, W5, D8). Cached in ``_waits[seat]`` until the
        seat's hand changes other than by a draw (discard, claim, gang, special play), so
        right after a draw it still describes the hand before the draw."""
        if not self._opened[seat]:  # W4
            return _EMPTY
        C = self._hands[seat]
        if C[HONGZHONG]:  # W5
            return _EMPTY
        for p in self.pizi:
            if C[p]:
                return _EMPTY
        L = self.laizi
        k = C[L]
        if k:
            B = C[:]
            B[L] = 0
        else:
            B = C
        ws = waits(B, k, "any", False, self._forbid)
        total = sum(B)
        melds = self._melds[seat]
        if sum(B[27:]) == total and all(m[1][0] >= 27 for m in melds):
            ws = set(ws)
            ws.update(range(27, 33))  # W3 风一色
        if sum([B[t] for t in _JIANG]) == total and all(m[0] != "chi" and _IS_JIANG[m[1][0]] for m in melds):
            ws = set(ws)
            ws.update(_JIANG)  # W3 将一色
        return frozenset(ws)

    def _shape_may_win(self, seat: int, C: list[int]) -> bool:
        """A fast superset of the winning shapes (W1, W3, D8): any pair, 癞子 as wildcards."""
        L = self.laizi
        k = C[L]
        if k:
            B = C[:]
            B[L] = 0
        else:
            B = C
        if is_complete(B, k, "any", False, self._forbid):
            return True
        # W3: all honors or all 2/5/8 (hand and melds), whatever the shape
        total = sum(B)
        melds = self._melds[seat]
        if sum(B[27:]) == total and all(m[1][0] >= 27 for m in melds):
            return True
        if sum([B[t] for t in _JIANG]) == total and all(m[0] != "chi" and _IS_JIANG[m[1][0]] for m in melds):
            return True
        return False

    def _evaluate(self, seat: int, C: list[int], tile: int, how: str, d: int | None):
        sc = _score()
        kw = {}
        if d is not None and len(self._melds[seat]) == 4:
            # the discarder's facts matter only for 全求人 (four melds), liability L1
            h = self._hands[d]
            if how == "qianggang" and self._n[d] % 3 == 2:  # the 蓄杠 tile is still in the robbed hand
                h = h[:]
                h[tile] -= 1
            dh = _tiles_of_counts(h)
            kw["discarder_ready"] = bool(sc.is_ready(dh, self.indicator, self.rules, self._seat_plays()[d].melds))
            kw["discarder_holds_non_jiang"] = bool(sc.holds_non_jiang(dh))
        x = self._xiayu[seat]
        if x is not None and x[2]:
            kw["co_liable"] = x[2]  # L5: used when the win is that 清一色 with L2 liability
        return sc.evaluate_win(
            hand=_tiles_of_counts(C),
            win_tile=tile,
            how=how,
            winner=seat,
            dealer=self.dealer,
            indicator=self.indicator,
            seats=self._seat_plays(),
            discarder=d,
            prev_laizi=self.prev_laizi,
            rules=self.rules,
            **kw,
        )

    def _seat_plays(self) -> tuple[SeatPlays, ...]:
        """The four seats' :class:`SeatPlays`; each is rebuilt only after its seat's plays
        change (``_seat_p[s] = None``), from Meld values shared by every game."""
        p = self._plays
        if p is None:
            sp = self._seat_p
            for s in range(4):
                if sp[s] is None:
                    sp[s] = self._build_plays(s)
            p = self._plays = tuple(sp)
        return p

    def _build_plays(self, s: int) -> SeatPlays:
        hz = pz = lz = 0
        for kind, _ in self._specials[s]:
            if kind == "hongzhong_gang":
                hz += 1
            elif kind == "pizi_gang":
                pz += 1
            else:
                lz += 1
        return SeatPlays(self._meld_v[s], hz, pz, lz)

    def _plays_changed(self, s: int) -> None:
        """Seat ``s``'s special plays changed: drop its SeatPlays."""
        self._seat_p[s] = None
        self._plays = None

    def _melds_changed(self, s: int) -> None:
        """Seat ``s``'s melds changed: refresh its Meld values, drop its SeatPlays."""
        self._meld_v[s] = tuple([_meld_value(m) for m in self._melds[s]])
        self._seat_p[s] = None
        self._plays = None

    # ------------------------------------------------------------------ step
    def step(self, seat: int, action: Action | int) -> None:
        """Apply ``action`` (an Action or its int code) for ``seat``.

        ``seat`` is an int 0-3 (a numpy integer is read as its int); numpy integer
        codes are read the same way, so the event log holds plain ints.

        Raises:
            IllegalActionError: the action is not legal now (the message names the
                rule: G, P, R, W ids), ``seat`` is not a seat (a bool, float, str or
                outside 0-3), or ``action`` is not an action or a code 0-162. The
                state is left exactly as it was.
        """
        code = action if type(action) is int else self._code_of(action)
        if seat is self._lc_seat:  # validated when its codes were cached
            legal = self._lc
        else:
            seat = _check_seat(seat)
            legal = self._legal(seat)
        if code not in legal:
            raise IllegalActionError(why_illegal(self, seat, code))
        self._lc_seat = _NO_SEAT
        ph = self._phase
        if ph == TURN:
            self._turn_step(seat, code)
        elif ph == CLAIM or ph == ROB:
            self._decide(seat, code)
        else:  # HAIDI
            if code == HU:
                self._win_self(seat)
            else:
                self._events.append(("pass", seat, PASS))
                self._waits[seat] = None
                self._haidi((seat + 1) & 3)

    def apply(self, action: Action | int) -> None:
        """``step(current_player, action)`` (OpenSpiel style)."""
        seat = self.current_player
        if seat is None:
            raise IllegalActionError("G3/X6: the hand is over; no action is legal")
        self.step(seat, action)

    @staticmethod
    def _code_of(action: Any) -> int:
        """The plain-int code of an Action or of an integer (numpy integers included)."""
        if isinstance(action, Action):
            try:
                c = action.code
            except NotImplementedError:
                raise IllegalActionError(f"{action!r} is not a concrete action (the Action base class has "
                                         "no code); use Discard, Chi, Peng, ... or an int code") from None
            if type(c) is int:
                return c
            action = c
        return decode(action).code

    def _turn_step(self, s: int, code: int) -> None:
        C = self._hands[s]
        ev = self._events
        if code < 34:  # discard
            t = code
            if self.rules.xiayu:
                self._mark_co_liable(s, t)
            C[t] -= 1
            self._n[s] -= 1
            self._rivers[s] += (t,)
            self._seen[t] += 1
            self._waits[s] = None
            ev.append(("discard", s, t, code))
            self._drawn = None
            self._draw_kind = NO_DRAW
            if self._special[t] or not self._open_claims(s, t):
                self._draw_next((s + 1) & 3)
        elif code == HU:
            self._win_self(s)
        elif code < AN_GANG:  # xu_gang
            t = code - XU_GANG
            ev.append({"type": "gang", "seat": s, "kind": "xu_gang", "tile": t, "action": code})
            if not self._open_rob(s, t):
                self._complete_xu(s, t)
        elif code < HONGZHONG_GANG:  # an_gang
            t = code - AN_GANG
            C[t] -= 4
            self._n[s] -= 4
            self._waits[s] = None
            self._melds[s].append(("an_gang", (t, t, t, t), None))
            self._seen[t] += 4
            self._melds_changed(s)
            ev.append({"type": "gang", "seat": s, "kind": "an_gang", "tile": t, "action": code})
            self._replace(s)
        else:  # special plays (P3)
            if code == HONGZHONG_GANG:
                t, kind = HONGZHONG, "hongzhong_gang"
            elif code == LAIZI_GANG:
                t, kind = self.laizi, "laizi_gang"
            else:
                t, kind = code - PIZI_GANG, "pizi_gang"
            C[t] -= 1
            self._n[s] -= 1
            self._waits[s] = None
            self._specials[s] += ((kind, t),)
            self._seen[t] += 1
            self._plays_changed(s)
            ev.append({"type": "special", "seat": s, "kind": kind, "tile": t, "action": code})
            self._replace(s)

    # ------------------------------------------------------------------ draws
    def _replace(self, s: int) -> None:
        """Replacement draw from the back after a gang or special play (P1, P3, D1)."""
        t = self._wall[self._back]
        self._back -= 1
        self._take(s, t, TURN, BACK, "back")

    def _draw_next(self, s: int) -> None:
        """A normal draw is due for ``s``: from the front, or the 海底 phase (G2, G3)."""
        if self._back - self._front + 1 <= self._dead + 4:
            self._haidi(s)
            return
        t = self._wall[self._front]
        self._front += 1
        self._take(s, t, TURN, FRONT, "front")

    def _take(self, s: int, t: int, phase: int, kind: int, end: str) -> None:
        """Seat ``s`` draws tile ``t`` (already taken off the wall at ``end``) and acts next."""
        self._hands[s][t] += 1
        self._n[s] += 1
        self._phase = phase
        self._turn = s
        self._drawn = t
        self._draw_kind = kind
        self._turn_win = None
        self._events.append(("draw", s, t, end))

    def _haidi(self, s: int) -> None:
        """G3: each seat in turn draws one tile while more than ``dead_wall`` remain;
        only a self-drawn win (海底捞) may be declared. Seats that cannot win pass by themselves."""
        dead = self._dead
        while self._back - self._front + 1 > dead:
            t = self._wall[self._front]
            self._front += 1
            self._take(s, t, HAIDI, FRONT, "front")
            if self._turn_win_ok(s):
                return
            self._waits[s] = None
            s = (s + 1) & 3
        self._drawn = None
        self._draw_kind = NO_DRAW
        self._finish(HandResult(None, None, None, None, (0, 0, 0, 0), None))

    # ------------------------------------------------------------------ claim windows
    def _open_claims(self, d: int, t: int) -> bool:
        """Ask every seat that may claim discard ``t`` of seat ``d`` (P2). False if nobody may."""
        hands = self._hands
        opened = self._opened
        gang_ok = self._back - self._front + 1 > self._gang_floor  # G4
        opts = {}
        if self._wins:
            self._wins = {}
        for i in (1, 2, 3):
            s = (d + i) & 3
            C = hands[s]
            c = C[t]
            if i == 1 and t < 27:  # chi: only the next player (P2)
                sp = self._special
                o = []
                r = t % 9
                if r >= 2 and C[t - 2] and C[t - 1] and not sp[t - 2] and not sp[t - 1]:
                    o.append(CHI + 7 * (t // 9) + r - 2)
                if 1 <= r <= 7 and C[t - 1] and C[t + 1] and not sp[t - 1] and not sp[t + 1]:
                    o.append(CHI + 7 * (t // 9) + r - 1)
                if r <= 6 and C[t + 1] and C[t + 2] and not sp[t + 1] and not sp[t + 2]:
                    o.append(CHI + 7 * (t // 9) + r)
            elif c < 2 and not opened[s]:
                continue  # no peng, and no hu before opening (W4)
            else:
                o = []
            if c >= 2:
                o.append(PENG)
                if c == 3 and gang_ok:
                    o.append(CHONG_GANG)
            if opened[s]:
                ws = self._waits[s]
                if ws is None:
                    ws = self._waits[s] = self._win_kinds(s)
                if t in ws and self._claim_win(s, t, d, "fangchong"):
                    o.append(HU)
            if o:
                opts[s] = tuple(o)
        if not opts:
            return False
        self._phase = CLAIM
        self._turn = d
        self._tile = t
        self._options = opts
        self._decisions = {}
        return True

    def _open_rob(self, s: int, t: int) -> bool:
        """P4: after seat ``s`` declares 蓄杠 of ``t``, ask the seats that can win on ``t``."""
        opts = {}
        self._wins = {}
        for i in (1, 2, 3):
            w = (s + i) & 3
            if self._opened[w] and self._claim_win(w, t, s, "qianggang"):
                opts[w] = (HU,)
        if not opts:
            return False
        self._phase = ROB
        self._turn = s
        self._tile = t
        self._options = opts
        self._decisions = {}
        return True

    def _decide(self, seat: int, code: int) -> None:
        self._decisions[seat] = code
        if code == PASS:
            self._events.append(("pass", seat, PASS))
        else:
            self._events.append(("claim", seat, KIND_OF_CODE[code], self._tile, self._turn, code))
        self._try_resolve()

    def _try_resolve(self) -> None:
        d = self._turn
        # P2, D11: hu > 冲杠/碰 > 吃; among equals the first in turn order counted from the
        # discarder (or the robbed seat) or from the dealer (it matters for hu only)
        o0 = d if self.rules.hu_order == "discarder" else self.dealer
        best = -1
        best_key = (9, 9)
        for s, c in self._decisions.items():
            if c != PASS:
                key = (_RANK[c], (s - o0) & 3)
                if key < best_key:
                    best_key = key
                    best = s
        dec = self._decisions
        for s, o in self._options.items():
            if s not in dec and (min(_RANK[c] for c in o), (s - o0) & 3) < best_key:
                return  # an answer still pending could change the outcome
        t = self._tile
        self._options = {}
        self._decisions = {}
        self._tile = None
        if self._phase == ROB:
            if best < 0:
                self._complete_xu(d, t)
            else:
                self._win_claim(best, t, "qianggang", d)
            return
        if best < 0:
            self._draw_next((d + 1) & 3)
            return
        code = dec[best]
        if code == HU:
            self._win_claim(best, t, "fangchong", d)
            return
        self._rivers[d] = self._rivers[d][:-1]
        C = self._hands[best]
        if code == PENG:
            C[t] -= 2
            self._n[best] -= 2
            meld = ("peng", (t, t, t), d)
        elif code == CHONG_GANG:
            C[t] -= 3
            self._n[best] -= 3
            meld = ("chong_gang", (t, t, t, t), d)
        else:
            low = code - CHI
            low = 9 * (low // 7) + low % 7
            for x in (low, low + 1, low + 2):
                if x != t:
                    C[x] -= 1
            self._n[best] -= 2
            meld = ("chi", (low, low + 1, low + 2), d)
        self._melds[best].append(meld)
        seen = self._seen
        seen[t] -= 1  # off the river, into the meld with the others
        for x in meld[1]:
            seen[x] += 1
        self._waits[best] = None
        self._opened[best] += 1
        if self._opened[best] == 3 and self.rules.xiayu:
            self._check_xiayu(best, d)
        self._melds_changed(best)
        self._events.append({"type": "meld", "seat": best, "kind": meld[0], "tiles": list(meld[1]), "from": d})
        if code == CHONG_GANG:
            self._replace(best)
        else:
            self._phase = TURN
            self._turn = best
            self._drawn = None
            self._draw_kind = NO_DRAW
            self._turn_win = None

    def _check_xiayu(self, s: int, feeder: int) -> None:
        """L5: seat ``s`` made its third opening from ``feeder``'s discard; when all its
        melds are of one suit, ``feeder`` is liable for its 清一色 (L2) and from now on
        the others must discard that suit first (下雨)."""
        suits = {m[1][0] // 9 for m in self._melds[s]}
        if len(suits) == 1 and min(suits) < 3:  # one suit, not the honors
            self._xiayu[s] = (suits.pop(), feeder, ())

    def _mark_co_liable(self, s: int, t: int) -> None:
        """L5: seat ``s`` discards ``t``; for every 清一色 threat it is not part of, it is
        co-liable (陪包) when ``t`` is of another kind and it could discard that suit."""
        C = self._hands[s]
        special = self._special
        for p in range(4):
            x = self._xiayu[p]
            if x is None or p == s:
                continue
            suit, liable, co = x
            if s == liable or s in co or t // 9 == suit:
                continue
            lo = 9 * suit
            if any(C[k] and not special[k] for k in range(lo, lo + 9)):
                self._xiayu[p] = (suit, liable, tuple(sorted(co + (s,))))

    def _complete_xu(self, s: int, t: int) -> None:
        """The 蓄杠 stands (nobody robbed it): the peng becomes a xu_gang in place (P1)."""
        self._hands[s][t] -= 1
        self._n[s] -= 1
        self._waits[s] = None
        melds = self._melds[s]
        for i, m in enumerate(melds):
            if m[0] == "peng" and m[1][0] == t:
                melds[i] = ("xu_gang", (t, t, t, t), m[2])
                break
        self._seen[t] += 1
        self._melds_changed(s)
        self._replace(s)

    # ------------------------------------------------------------------ endings
    def _win_self(self, s: int) -> None:
        res = self._turn_win
        if res is None or res is False:  # restored from a dict: evaluate again
            res = self._check_self_win(s)
        how = "haidilao" if self._phase == HAIDI else ("gangshanghua" if self._draw_kind == BACK else "zimo")
        self._events.append({"type": "hu", "seat": s, "how": how, "tile": self._drawn, "from": None,
                             "action": HU})
        self._finish(HandResult(s, how, self._drawn, None, tuple(res.payments), res))

    def _win_claim(self, w: int, t: int, how: str, d: int) -> None:
        res = self._wins.get(w)
        if res is None:  # restored from a dict: evaluate again
            C2 = self._hands[w][:]
            C2[t] += 1
            res = self._evaluate(w, C2, t, how, d)
        if how == "fangchong":
            self._rivers[d] = self._rivers[d][:-1]
            self._seen[t] -= 1
        else:  # qianggang: the robbed 蓄杠 did not happen (L3)
            self._hands[d][t] -= 1
            self._n[d] -= 1
        self._hands[w][t] += 1
        self._n[w] += 1
        self._wins = {}
        self._events.append({"type": "hu", "seat": w, "how": how, "tile": t, "from": d})
        self._finish(HandResult(w, how, t, d, tuple(res.payments), res))

    def _finish(self, result: HandResult) -> None:
        self._phase = OVER
        self._result = result
        self._options = {}
        self._decisions = {}
        self._tile = None
        e = {"type": "settlement", "winner": result.winner, "how": result.how, "tile": result.win_tile,
             "from": result.discarder, "payments": list(result.payments), "draw": result.winner is None}
        w = result.win
        if w is not None:
            e["big"] = list(w.big)
            e["hard"] = bool(w.hard)
            e["liable"] = w.liable
        self._events.append(e)

    # ------------------------------------------------------------------ copies and views
    def clone(self) -> Game:
        """An independent copy (cheap: the wall and immutable values are shared)."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g.dealer = self.dealer
        g.prev_laizi = self.prev_laizi
        g.indicator = self.indicator
        g.laizi = self.laizi
        g.pizi = self.pizi
        g.scores = self.scores
        g._wall = self._wall
        g._front = self._front
        g._back = self._back
        g._hands = [h[:] for h in self._hands]
        g._n = self._n[:]
        g._melds = [m[:] for m in self._melds]
        g._opened = self._opened[:]
        g._specials = self._specials[:]
        g._rivers = self._rivers[:]
        g._phase = self._phase
        g._turn = self._turn
        g._drawn = self._drawn
        g._draw_kind = self._draw_kind
        g._tile = self._tile
        g._options = dict(self._options)
        g._decisions = dict(self._decisions)
        g._wins = dict(self._wins)
        g._turn_win = self._turn_win
        g._result = self._result
        g._events = self._events[:]
        g._special = self._special
        g._normal = self._normal
        g._forbid = self._forbid
        g._dead = self._dead
        g._gang_floor = self._gang_floor
        g._xiayu = self._xiayu[:]
        g._lc_seat = self._lc_seat
        g._lc = self._lc
        g._plays = self._plays
        g._seat_p = self._seat_p[:]
        g._meld_v = self._meld_v[:]
        g._seen = self._seen[:]
        g._waits = self._waits[:]
        return g

    __copy__ = clone

    def observation(self, seat: int):
        """What ``seat`` may see now: a :class:`wuhanmj.observation.Observation`."""
        from .observation import observe

        return observe(self, seat)

    # ------------------------------------------------------------------ events, replay, save
    @property
    def events(self) -> list[dict]:
        """The event log so far: JSON-ready dicts, tiles in the notation of T2.

        Types: ``deal`` (rules, dealer, wall, hands), ``indicator`` (tile, 癞子,
        痞子), ``draw`` (seat, tile, end ``front``/``back``), ``discard``,
        ``claim`` (a seat's answer in a claim/rob window: chi/peng/chong_gang/hu),
        ``pass``, ``meld`` (a claim that took effect), ``gang`` (an_gang, or a
        declared xu_gang), ``special`` (hongzhong/pizi/laizi_gang), ``hu`` (the
        win: seat, how, tile, from), ``settlement`` (payments). Events that a
        player chose carry ``action``, the action code; :meth:`replay` replays those.
        """
        return [render_event(e) for e in self._events]

    def events_since(self, start: int) -> list[dict]:
        """``events[start:]`` without rendering the earlier events (for step-by-step viewers)."""
        return [render_event(e) for e in self._events[start:]]

    @property
    def n_events(self) -> int:
        """Number of events so far."""
        return len(self._events)

    def event_log(self) -> str:
        """The event log as JSON lines (one event per line)."""
        return "\n".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in self.events) + "\n"

    @classmethod
    def replay(cls, events: str | Iterable[Mapping | str]) -> Game:
        """Rebuild a game from its event log (as :attr:`events` or :meth:`event_log` gave it).

        The log may stop mid-hand. The replayed game's log must equal the given one.

        Raises:
            ReplayError: the log is malformed, an action in it is illegal, or what
                the game does differs from what the log says (first differing event named).
        """
        evs = parse_events(events)
        if len(evs) < 2 or evs[0].get("type") != "deal" or evs[1].get("type") != "indicator":
            raise ReplayError("an event log starts with a deal and an indicator event")
        try:
            d = parse_event(evs[0])
            g = cls(
                Rules.from_dict(d["rules"]),
                wall=d["wall"],
                dealer=d["dealer"],
                prev_laizi=d["prev_laizi"],
                scores=tuple(d.get("scores", (0, 0, 0, 0))),
            )
        except (KeyError, TypeError, ValueError, WuhanMJError) as e:
            raise ReplayError(f"deal event: {e if isinstance(e, ValueError) else repr(e)}") from None
        for i, e in enumerate(evs[2:], start=2):
            if "action" in e:
                try:
                    g.step(e["seat"], e["action"])
                except (IllegalActionError, KeyError) as err:
                    raise ReplayError(f"event {i} ({e.get('type')}): {err}") from None
        mine = g.events
        for i, (a, b) in enumerate(zip(mine, evs)):
            if not same_event(a, b):
                raise ReplayError(f"event {i} differs: log has {dict(b)!r}, the game gives {a!r}")
        if len(mine) != len(evs):
            raise ReplayError(f"the log has {len(evs)} events, the game gives {len(mine)}")
        return g

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (hidden information included); see :meth:`from_dict`."""
        return {
            "format": "wuhanmj.game/2",
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "prev_laizi": self.prev_laizi,
            "scores": list(self.scores),
            "wall": list(self._wall),
            "front": self._front,
            "back": self._back,
            "hands": [list(h) for h in self._hands],
            "melds": [[[k, list(ts), src] for k, ts, src in m] for m in self._melds],
            "specials": [[[k, t] for k, t in sp] for sp in self._specials],
            "rivers": [list(r) for r in self._rivers],
            "phase": PHASES[self._phase],
            "turn": self._turn,
            "drawn": self._drawn,
            "draw_kind": self._draw_kind,
            "tile": self._tile,
            "options": {str(s): list(o) for s, o in sorted(self._options.items())},
            "decisions": {str(s): c for s, c in sorted(self._decisions.items())},
            "xiayu": [None if x is None else {"suit": x[0], "liable": x[1], "co_liable": list(x[2])}
                      for x in self._xiayu],
            "events": self.events,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Game:
        """Restore a game saved by :meth:`to_dict` (or its JSON), mid-hand or over.

        The save's event log is replayed (every action checked against the rules, as
        :meth:`replay` does) and every other field must equal what the log gives, with
        the same types: a save whose hands, wall, turn, drawn tile, claim options or
        decisions were edited is refused.

        Raises:
            SetupError: ``d`` is not a dict, the format is unknown, a field is missing
                or unknown, the event log does not replay (``events``), or a field
                differs from its event log; the message names the field.
        """
        return restore(cls, d)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} dealer={self.dealer} phase={self.phase} "
                f"turn={self._turn} left={self.tiles_left}>")

