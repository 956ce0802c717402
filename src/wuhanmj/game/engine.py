"""One hand of Wuhan Mahjong: deal, turns, claim windows, 抢杠, 海底 and the settlement.

:class:`Game` is a state machine driven by ``step(seat, action)`` (actions from
:mod:`wuhanmj.game.actions`, or their integer codes). At every moment it is in one phase:

- ``"turn"``: ``current_player`` holds 14 - 3 × melds tiles and acts (P1):
  自摸 (only right after a draw), 暗杠, 蓄杠, a special play (P3), or a discard;
  after a 碰/吃 only special plays and a discard, unless ``Rules.claim_turn_gang``
  is ``"any"`` (D18).
- ``"claim"``: a discard lies on the table; every seat that may claim it is
  asked (P2) and answers in any order; the window closes as soon as no pending
  answer can change the outcome: hu > 冲杠/碰 > 吃, one winner, the first in turn
  order counted from the discarder or the dealer (``Rules.hu_order``, D11); chi only
  by the next player.
- ``"rob"``: a 蓄杠 was declared; seats that can win on its tile may rob it
  (P4) or pass. A rob is scored as a win on that tile with L3.
- ``"haidi"``: the 海底 phase (G3): the seat that drew may only declare hu or pass.
- ``"over"``: :attr:`result` holds the winner and the payments, or a draw.

Seats whose only choice would be ``Pass`` are never asked: windows with nobody
to ask close at once, and a 海底 draw that cannot win passes by itself.

Wall layout and draws: see :mod:`wuhanmj.game.wall` (G1, G2, D1, D6).

The state lives in a :class:`~wuhanmj.game.state.HandState` (:attr:`Game.state`), the
rules of play in :mod:`wuhanmj.game.moves`; :class:`Game` checks what callers give it
and offers the views (hands, melds, observations, events, saves).

Decisions taken where RULES.md is silent (documented for users):

- After claiming a 碰/吃 (no draw), the claimer may not 自摸. A special play's
  replacement draw in that turn (which may win 杠上开花) does not begin a new turn:
  under ``claim_turn_gang = "after_draw"`` no 暗杠 or 蓄杠 follows it either (D18).
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
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from .. import _checks, _display
from ..errors import (
    IllegalActionError,
    ReplayError,
    SetupError,
    TileError,
    WuhanMJError,
)
from ..hand.meld import Meld
from ..rules import Rules
from . import moves
from .actions import ACTION_SPACE_SIZE, ACTIONS, Action, encode
from .events import parse_event, parse_events, render_event, rules_json, same_event
from .illegal import why_illegal
from .observation import Observation, observe
from .phases import CLAIM, HAIDI, OVER, PHASES, ROB, TURN
from .save import restore, state_dict
from .state import HandResult, HandState, hand_tuple
from .wall import INDICATOR_POS, check_wall, shuffled_wall

__all__ = ["Game", "HandResult", "PHASES"]


def _prev_laizi(p: object) -> int:
    """The previous 癞子 as a tile index: notation, or an int (numpy integers too) 0-33."""
    if isinstance(p, str):
        return _checks.tile(p, "prev_laizi", TileError)
    return _checks.tile(p, "prev_laizi", SetupError, notation=False)


def _seat(seat: object) -> int:
    return _checks.seat(seat, "seat", IllegalActionError)


class Game:
    """One hand of Wuhan Mahjong (G1–G4, P1–P5, R1–R4, scored by W/S/X/L).

    Args:
        rules: a :class:`wuhanmj.rules.Rules`, a preset name or None for ``kaikou``
            (:meth:`Rules.coerce`).
        seed: int >= 0, ``numpy.random.Generator`` / ``SeedSequence`` or None:
            shuffles the wall (G1); see :func:`wuhanmj.game.wall.shuffled_wall`.
        wall: an explicit wall of 136 tile kinds in the layout of
            :mod:`wuhanmj.game.wall` (see :func:`wuhanmj.game.wall.scripted_wall`);
            exclusive with ``seed``.
        dealer: the dealer seat 0–3 (庄), who holds 14 tiles and acts first.
        prev_laizi: the previous hand's 癞子 (X4, M2), int 0-33 or notation, or None.
        scores: the players' running match scores before this hand (four finite
            numbers, shown in observations only).

    Raises:
        SetupError: a bad dealer, seed, prev_laizi or scores, or both ``seed`` and ``wall``.
        TileError, TileCountError: a wall that is not the 136 tile indices (floats
            are refused, not rounded); prev_laizi notation that is not a tile.
        RulesError: ``rules`` is neither a Rules, a preset name nor None.

    Main API: :attr:`phase`, :attr:`current_player`, :attr:`pending`,
    :meth:`legal_actions`, :meth:`legal_action_codes`, :meth:`action_mask`,
    :meth:`step`, :attr:`over`, :attr:`result`, :meth:`observation`,
    :attr:`events`, :meth:`replay`, :meth:`to_dict`, :meth:`from_dict`, :meth:`clone`.
    :attr:`state` is the :class:`~wuhanmj.game.state.HandState` (read it; change it only
    through :meth:`step`).
    """

    __slots__ = ("rules", "dealer", "prev_laizi", "indicator", "laizi", "pizi", "scores", "state")

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        seed: Any = None,
        wall: Iterable[int] | None = None,
        dealer: int = 0,
        prev_laizi: int | str | None = None,
        scores: Sequence[float] = (0, 0, 0, 0),
    ) -> None:
        rules = Rules.coerce(rules)
        if isinstance(dealer, (bool, np.bool_)) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
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

    def _setup(self, rules: Rules, w: list[int], dealer: int, prev_laizi: int | None, scores: tuple) -> None:
        deal = {"type": "deal", "dealer": dealer, "prev_laizi": prev_laizi, "scores": list(scores),
                "rules": rules_json(rules), "wall": list(w), "hands": None}
        st, dealt = HandState.deal(rules, w, dealer, prev_laizi, scores, deal)
        deal["hands"] = dealt
        sp = st.specials
        st.events.append({"type": "indicator", "tile": w[INDICATOR_POS], "laizi": sp.laizi, "pizi": list(sp.pizi)})
        self.state = st
        self.rules = rules
        self.dealer = dealer
        self.prev_laizi = prev_laizi
        self.scores = scores
        self.indicator = sp.indicator
        self.laizi = sp.laizi
        self.pizi = sp.pizi

    # ------------------------------------------------------------------ public state
    @property
    def phase(self) -> str:
        """``"turn"``, ``"claim"``, ``"rob"``, ``"haidi"`` or ``"over"``."""
        return PHASES[self.state.phase]

    @property
    def over(self) -> bool:
        """True once the hand has a result (a win or a draw)."""
        return self.state.phase == OVER

    @property
    def result(self) -> HandResult | None:
        """The :class:`HandResult` once the hand is over, else None."""
        return self.state.result

    @property
    def tiles_left(self) -> int:
        """Tiles left in the wall, front and back ends together (G2, D1)."""
        return self.state.tiles_left

    @property
    def turn(self) -> int:
        """The seat whose turn it is; in a claim or rob window, the discarder / robbed seat."""
        return self.state.turn

    @property
    def claim_tile(self) -> int | None:
        """The discard or 蓄杠 tile offered to others in a claim/rob window, else None."""
        st = self.state
        return st.tile if st.phase in (CLAIM, ROB) else None

    @property
    def pending(self) -> tuple[int, ...]:
        """Seats that may act now, in turn order (several in a claim window)."""
        return moves.pending(self.state)

    @property
    def current_player(self) -> int | None:
        """The seat expected to act: the first pending seat in turn order, None when over."""
        return moves.current_player(self.state)

    def hand(self, seat: int) -> list[int]:
        """The concealed tiles of ``seat``, sorted (list of ints). Hidden information."""
        return list(hand_tuple(self.state.hands[_seat(seat)]))

    def hand_counts(self, seat: int) -> list[int]:
        """The concealed tiles of ``seat`` as 34 counts (a new list)."""
        return list(self.state.hands[_seat(seat)])

    def hand_size(self, seat: int) -> int:
        """Number of concealed tiles of ``seat`` (public)."""
        return self.state.derived.sizes[_seat(seat)]

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """The melds of ``seat`` in the order made (a 蓄杠 replaces its 碰 in place)."""
        return self.state.derived.meld_values[_seat(seat)]

    def discards(self, seat: int) -> tuple[int, ...]:
        """The discards of ``seat`` still lying on the table (claimed ones left it)."""
        return self.state.rivers[_seat(seat)]

    def special_plays(self, seat: int) -> tuple[tuple[str, int], ...]:
        """The special plays of ``seat`` in order: ``(kind, tile)``, kind ``"hongzhong_gang"``,
        ``"pizi_gang"`` or ``"laizi_gang"`` (P3)."""
        return self.state.plays[_seat(seat)]

    def drawn_tile(self, seat: int) -> int | None:
        """The tile ``seat`` just drew, on its own turn (hidden from others), else None.

        Raises:
            IllegalActionError: ``seat`` is not a seat 0-3.
        """
        seat = _seat(seat)
        st = self.state
        if st.phase in (TURN, HAIDI) and st.turn == seat:
            return st.drawn
        return None

    def census(self) -> list[int]:
        """Count every tile of the hand wherever it is (hands, melds, rivers, special plays,
        indicator, wall): 34 counts that must all be 4 (T1). For tests and debugging."""
        st = self.state
        c = st.count_seen()
        for s in range(4):
            h = st.hands[s]
            for t in range(34):
                c[t] += h[t]
        for t in st.wall[st.front: st.back + 1]:
            c[t] += 1
        return c

    def visible_counts(self) -> tuple[int, ...]:
        """34 counts of the tiles face up for every seat (D6): the discards still on the
        table, every meld (all seats), every special play (P3) and the indicator."""
        return tuple(self.state.derived.seen)

    # ------------------------------------------------------------------ legal actions
    def legal_action_codes(self, seat: int | None = None) -> tuple[int, ...]:
        """The legal action codes of ``seat`` now, ascending (empty if it has nothing to do).

        ``seat``: an int 0-3 (a numpy integer is read as its int), or None for
        :attr:`current_player` (empty once the hand is over).

        Raises:
            IllegalActionError: ``seat`` is not a seat (a bool, float, str, or outside 0-3).
        """
        st = self.state
        if seat is st.derived.legal_seat:  # the seat asked last (small ints are shared objects)
            return st.derived.legal
        if type(seat) is not int or not 0 <= seat <= 3:
            if seat is None:
                seat = moves.current_player(st)
                if seat is None:
                    return ()
            else:
                seat = _seat(seat)
        return moves.legal(st, seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (None: :attr:`current_player`) as action values.

        Raises:
            IllegalActionError: ``seat`` is not a seat (see :meth:`legal_action_codes`).
        """
        return [ACTIONS[c] for c in self.legal_action_codes(seat)]

    def action_mask(self, seat: int | None = None) -> np.ndarray:
        """Boolean numpy array of shape (ACTION_SPACE_SIZE,): True at the legal codes of
        ``seat`` (None: :attr:`current_player`; all False once the hand is over).

        Raises:
            IllegalActionError: ``seat`` is not a seat (see :meth:`legal_action_codes`).
        """
        mask = np.zeros(ACTION_SPACE_SIZE, dtype=bool)
        mask[list(self.legal_action_codes(seat))] = True
        return mask

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
        st = self.state
        code = action if type(action) is int else encode(action)
        d = st.derived
        if seat is d.legal_seat:  # validated when its codes were cached
            legal = d.legal
        else:
            seat = _seat(seat)
            legal = moves.legal(st, seat)
        if code not in legal:
            raise IllegalActionError(why_illegal(st, seat, code))
        moves.apply(st, seat, code)

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
        g.state = self.state.clone()
        return g

    __copy__ = clone

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now: a :class:`wuhanmj.game.observation.Observation`.

        Raises:
            IllegalActionError: ``seat`` is not a seat 0-3.
        """
        return observe(self.state, seat)

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
        return [render_event(e) for e in self.state.events]

    def events_since(self, start: int) -> list[dict]:
        """``events[start:]`` without rendering the earlier events (for step-by-step viewers)."""
        return [render_event(e) for e in self.state.events[start:]]

    @property
    def n_events(self) -> int:
        """Number of events so far."""
        return len(self.state.events)

    def event_log(self) -> str:
        """The event log as JSON lines (one event per line)."""
        return "\n".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in self.events) + "\n"

    @classmethod
    def replay(cls, events: str | Iterable[Mapping | str]) -> Game:
        """Rebuild a game from its event log (as :attr:`events` or :meth:`event_log` gave it).

        The log may stop mid-hand. The replayed game's log must equal the given one.

        Raises:
            ReplayError: the log is malformed (not JSON lines, or nested deeper than
                :data:`wuhanmj._json.MAX_DEPTH` levels), an action in it is illegal, or what
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
        for i, ev in enumerate(evs[2:], start=2):
            if "action" in ev:
                try:
                    g.step(ev["seat"], ev["action"])
                except (IllegalActionError, KeyError) as err:
                    raise ReplayError(f"event {i} ({ev.get('type')}): {err}") from None
        mine = g.events
        for i, (a, b) in enumerate(zip(mine, evs)):
            if not same_event(a, b):
                raise ReplayError(f"event {i} differs: log has {dict(b)!r}, the game gives {a!r}")
        if len(mine) != len(evs):
            raise ReplayError(f"the log has {len(evs)} events, the game gives {len(mine)}")
        return g

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (hidden information included); see :meth:`from_dict`."""
        return state_dict(self.state)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Game:
        """Restore a game saved by :meth:`to_dict` (or its JSON), mid-hand or over.

        The save's event log is replayed (every action checked against the rules, as
        :meth:`replay` does) and every other field must equal what the log gives, with
        the same types: a save whose hands, wall, turn, drawn tile, claim options or
        decisions were edited is refused.

        Raises:
            SetupError: ``d`` is not a dict or nests deeper than
                :data:`wuhanmj._json.MAX_DEPTH` levels, the format is unknown, a field is missing
                or unknown, the event log does not replay (``events``), or a field
                differs from its event log; the message names the field.
        """
        return restore(cls, d)

    def _repr_svg_(self) -> str | None:
        """The table from above, every hand face up, an SVG document
        (:func:`wuhanmj.render.table_svg`; notebooks call it; registered by :mod:`wuhanmj.render`
        in :mod:`wuhanmj._display`, so this module never imports the renderer)."""
        return _display.show(self, "svg")

    def _repr_html_(self) -> str | None:
        """The table in an HTML ``<div>``, and the scoring sheet once the hand is over (notebooks)."""
        return _display.show(self, "html")

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} dealer={self.dealer} phase={self.phase} "
                f"turn={self.state.turn} left={self.tiles_left}>")


