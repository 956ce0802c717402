"""The replay viewer's frames: the table after every event of one hand (G, P).

:func:`replay_frames` takes a hand's event list — :attr:`Game.events`, a records line's
``events``, or whatever a compact reader hands over — replays it through
:meth:`Game.replay` (so a log that breaks a rule is refused with the event named) and folds
the events one at a time into the table they leave: concealed hands, melds, rivers,
special plays, tiles left. One call of :meth:`Game.step` may give several events (a
discard, nobody claims, the next draw), so the fold is what gives a frame per event; at
the end of every step it is checked against the game itself.

Claim windows (P2, P4): when a step leaves the game in a claim or rob window, the seats
asked and what each may do are read from the game (:attr:`Game.pending`,
:meth:`Game.legal_actions`), and their answers from the ``claim`` / ``pass`` events that
follow, until the window closes.

One seat's view (:func:`seat_frames`) shows only what that seat saw (as the web table
does, :func:`public_event`): another seat's draw without its tile, no frame for another
seat's claim or pass (a seat that was asked holds the tiles for the claim), and of a claim
window only the seat's own offer and answer (no window at all when it was not asked).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from ..errors import ReplayError, WuhanMJError
from ..game.actions import action_name, encode
from ..game.engine import Game
from ..game.events import parse_event, parse_events, public_event
from ..game.wall import FIRST_DRAW_POS, N_TILES
from ..hand.meld import Meld
from ..terms import HOW_NAMES
from ..tiles import format_tile
from .table import TableView
from .tiles import four_labels

__all__ = ["Frame", "Window", "SeatFrame", "replay_frames", "seat_frames", "public_event", "event_text",
           "window_lines"]

_KIND = {"chi": "吃 chi", "peng": "碰 peng", "chong_gang": "冲杠 chong_gang", "xu_gang": "蓄杠 xu_gang",
         "an_gang": "暗杠 an_gang", "hongzhong_gang": "红中杠 hongzhong_gang", "pizi_gang": "痞子杠 pizi_gang",
         "laizi_gang": "癞子杠 laizi_gang", "hu": "胡 hu", "pass": "过 pass"}


@dataclass(frozen=True, slots=True)
class Window:
    """A claim or rob window (P2, P4) as one frame shows it.

    Fields:
        kind: ``"claim"`` (a discard) or ``"rob"`` (a 蓄杠, P4).
        tile: the tile offered; source: the discarder / the seat declaring the 蓄杠.
        offers: ``(seat, (action names, ...))`` of every seat asked, in turn order.
        answers: seat → the name of its answer so far (``"peng"``, ``"pass"`` …).
        open: False once the window has closed (the frame shows how it ended).
    """

    kind: str
    tile: int
    source: int
    offers: tuple[tuple[int, tuple[str, ...]], ...]
    answers: tuple[tuple[int, str], ...]
    open: bool


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after one event: ``index`` (0 = the deal and the indicator), the public
    ``event`` (the log's own dict), its one-line ``text``, the :class:`TableView` (every hand
    face up, seat 0 at the bottom) and the claim ``window`` open or just closed, or None."""

    index: int
    event: dict
    text: str
    view: TableView
    window: Window | None


@dataclass(frozen=True, slots=True)
class SeatFrame:
    """A frame as one seat saw it: ``index`` (the frame's in :func:`replay_frames`' list),
    the event's ``text`` as the seat knew it, the claim ``window`` as it was shown to the
    seat (its own offer and answer), or None, and the ``view``: the frame's, except that in
    an open window the seat marked as acting is the seat itself while it has to answer, else
    none (who else was asked is not shown)."""

    index: int
    text: str
    window: Window | None
    view: TableView


def _seat_window(w: Window | None, seat: int) -> Window | None:
    """``w`` as ``seat`` was shown it: its own offer and answer, None when it was not asked."""
    if w is None:
        return None
    offers = tuple(o for o in w.offers if o[0] == seat)
    if not offers:
        return None
    return replace(w, offers=offers, answers=tuple(a for a in w.answers if a[0] == seat))


def seat_frames(frames: Sequence[Frame], seat: int) -> list[SeatFrame]:
    """The frames of :func:`replay_frames` as ``seat`` (0-3) saw them (see the module
    docstring): frame 0 and every frame whose event the seat knew of (:func:`public_event`),
    in order, with the text and the window it was shown.

    Raises:
        ReplayError: ``seat`` is not 0-3.
    """
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ReplayError(f"seat must be 0-3, got {seat!r}")
    if not frames:
        return []
    names = frames[0].view.names
    out = [SeatFrame(0, frames[0].text, None, frames[0].view)]
    for f in frames[1:]:
        e = public_event(f.event, seat)
        if e is None:
            continue
        view, w = f.view, f.window
        if w is not None and w.open and view.current is not None and view.current != seat:
            asked = seat in dict(w.offers) and seat not in dict(w.answers)
            view = replace(view, current=seat if asked else None)
        out.append(SeatFrame(f.index, event_text(e, names), _seat_window(w, seat), view))
    return out


def _seat_name(names: Sequence[str], s: object) -> str:
    return names[s] if isinstance(s, int) and 0 <= s < 4 else f"seat {s}"


def event_text(e: Mapping, names: Sequence[str] = ("seat 0", "seat 1", "seat 2", "seat 3")) -> str:
    """One line describing a public event (tiles in notation), Chinese terms with pinyin."""
    typ = e.get("type")
    who = _seat_name(names, e.get("seat"))
    if typ == "deal":
        return f"发牌 deal: dealer {_seat_name(names, e.get('dealer'))}"
    if typ == "indicator":
        pz = " ".join(e.get("pizi") or []) or "none"
        return f"翻 indicator {e.get('tile')} → 癞子 laizi {e.get('laizi')}, 痞子 pizi {pz}"
    if typ == "draw":
        tile = e.get("tile") or "a tile"  # another seat's draw is shown without its tile
        return f"{who} 摸 draws {tile}" + (" from the back" if e.get("end") == "back" else "")
    if typ == "discard":
        return f"{who} 打 discards {e.get('tile')}"
    if typ == "claim":
        return f"{who} claims {_KIND.get(str(e.get('kind')), e.get('kind'))} on {e.get('tile')}"
    if typ == "pass":
        return f"{who} 过 passes"
    if typ == "meld":
        return f"{who} {_KIND.get(str(e.get('kind')), e.get('kind'))} {e.get('tiles')} from {_seat_name(names, e.get('from'))}"
    if typ in ("gang", "special"):
        return f"{who} {_KIND.get(str(e.get('kind')), e.get('kind'))} {e.get('tile')}"
    if typ == "hu":
        how = str(e.get("how"))
        frm = f", from {_seat_name(names, e.get('from'))}" if e.get("from") is not None else ""
        return f"{who} 胡 hu on {e.get('tile')} ({HOW_NAMES.get(how, how)} {how}{frm})"
    if typ == "settlement":
        if e.get("draw"):
            return "荒庄 exhaustive draw: nobody pays (X6)"
        pays = "  ".join(f"{_seat_name(names, s)} {p:+g}" for s, p in enumerate(e.get("payments") or []))
        return f"结算 settlement: {pays}"
    return str(typ)


class _Fold:
    """The table as the events leave it (tile indices)."""

    def __init__(self, deal: dict, ind: dict) -> None:
        self.hands = [sorted(h) for h in deal["hands"]]
        self.drawn: list[int | None] = [None] * 4
        self.melds: list[list[Meld]] = [[], [], [], []]
        self.rivers: list[list[int]] = [[], [], [], []]
        self.plays: list[list[tuple[str, int]]] = [[], [], [], []]
        self.left = N_TILES - FIRST_DRAW_POS
        self.last: int | None = None
        self.xu: tuple[int, int] | None = None  # a declared 蓄杠 not yet made (a rob window may follow)
        self.payments: tuple | None = None
        self.winner: int | None = None
        self.indicator, self.laizi, self.pizi = ind["tile"], ind["laizi"], tuple(ind["pizi"])

    def _take(self, s: int, t: int) -> None:
        self.hands[s].remove(t)

    def apply(self, e: dict) -> None:
        typ = e["type"]
        s: int = e.get("seat", -1)
        if typ == "draw":
            if self.xu is not None and self.xu[0] == s:  # the 蓄杠 was not robbed: it is made (P4)
                self._extend(*self.xu)
            self.hands[s].append(e["tile"])
            self.hands[s].sort()
            self.drawn = [None] * 4
            self.drawn[s] = e["tile"]
            self.left -= 1
        elif typ == "discard":
            self._take(s, e["tile"])
            self.rivers[s].append(e["tile"])
            self.drawn[s] = None
            self.last = s
        elif typ == "meld":
            d: int = e["from"]
            tiles = list(e["tiles"])
            t = self.rivers[d].pop()
            tiles.remove(t)
            for x in tiles:
                self._take(s, x)
            self.melds[s].append(Meld(e["kind"], e["tiles"], d))
            self.drawn = [None] * 4
            self.last = None
        elif typ == "gang":
            t = e["tile"]
            if e["kind"] == "an_gang":
                for _ in range(4):
                    self._take(s, t)
                self.melds[s].append(Meld.an_gang([t] * 4))
            else:
                self.xu = (s, t)
            self.drawn[s] = None
        elif typ == "special":
            self._take(s, e["tile"])
            self.plays[s].append((e["kind"], e["tile"]))
            self.drawn[s] = None
        elif typ == "hu":
            t, d = e["tile"], e.get("from", -1)
            if e["how"] == "fangchong":
                self.rivers[d].pop()
                self.hands[s].append(t)
                self.last = None
            elif e["how"] == "qianggang":
                self._take(d, t)
                self.hands[s].append(t)
                self.xu = None
            self.hands[s].sort()
        elif typ == "settlement":
            self.payments = tuple(e["payments"])
            self.winner = e.get("winner")

    def _extend(self, s: int, t: int) -> None:
        self._take(s, t)
        for i, m in enumerate(self.melds[s]):
            if m.kind == "peng" and m.tiles[0] == t:
                self.melds[s][i] = Meld("xu_gang", (t, t, t, t), m.source)
                break
        self.xu = None

    def check(self, g: Game, i: int) -> None:
        """The fold agrees with the game after a step (a mismatch is a bug of the fold)."""
        for s in range(4):
            if (self.hands[s] != g.hand(s) or tuple(self.melds[s]) != g.melds(s)
                    or tuple(self.rivers[s]) != g.discards(s) or tuple(self.plays[s]) != g.special_plays(s)):
                raise ReplayError(f"viewer: the table after event {i} does not follow from the events (seat {s})")

    def view(self, deal: dict, names: tuple[str, ...], phase: str, turn: int, current: int | None,
             claim: int | None) -> TableView:
        return TableView(
            hands=tuple(tuple(h) for h in self.hands), sizes=tuple(len(h) for h in self.hands),
            drawn=tuple(self.drawn), melds=tuple(tuple(m) for m in self.melds),
            rivers=tuple(tuple(r) for r in self.rivers), plays=tuple(tuple(p) for p in self.plays),
            indicator=self.indicator, laizi=self.laizi, pizi=self.pizi, dealer=deal["dealer"],
            scores=tuple(deal.get("scores") or (0, 0, 0, 0)), tiles_left=self.left, phase=phase, turn=turn,
            current=current, claim_tile=claim, bottom=0, me=None, last_discard=self.last, names=names,
            payments=self.payments, winner=self.winner)


def _names(names: Sequence[str] | None) -> tuple[str, ...]:
    if names is None:
        return ("seat 0", "seat 1", "seat 2", "seat 3")
    return four_labels(names, ReplayError)


def replay_frames(events: str | Iterable[Mapping | str], names: Sequence[str] | None = None
                  ) -> tuple[list[Frame], Game]:
    """The frames of one hand's event log and the replayed :class:`Game` (over, or where the
    log stops).

    Args:
        events: the event log (JSON lines, or a list of event dicts / JSON strings) as
            :attr:`Game.events` gives it.
        names: a label per seat (default ``seat k``).

    Returns:
        ``(frames, game)``: frame 0 after the deal and the indicator, then one frame per
        later event.

    Raises:
        ReplayError: the log is malformed or breaks a rule (:meth:`Game.replay` names the
            first bad event).
    """
    evs = parse_events(events)
    ns = _names(names)
    Game.replay(evs)  # validates the whole log first
    try:
        deal, ind = parse_event(evs[0]), parse_event(evs[1])
        inner = [parse_event(e) for e in evs]
    except WuhanMJError as err:
        raise ReplayError(f"event log: {err}") from None
    g = Game.replay(evs[:2])
    fold = _Fold(deal, ind)
    frames = [Frame(0, dict(evs[1]), event_text(evs[0], ns) + "; " + event_text(evs[1], ns),
                    fold.view(deal, ns, g.phase, g.turn, g.current_player, None), None)]
    window: Window | None = None
    end_of_step = 1  # the last event given by the step that is being shown
    for i in range(2, len(evs)):
        e = inner[i]
        if "action" in e:
            g.step(e["seat"], e["action"])
            end_of_step = g.n_events - 1
        fold.apply(e)
        if window is not None and e["type"] in ("claim", "pass") and window.open:
            answer = e["kind"] if e["type"] == "claim" else "pass"
            window = _replace_window(window, answers=window.answers + ((e["seat"], answer),))
        if i == end_of_step:
            fold.check(g, i)
            phase, turn, current, claim = g.phase, g.turn, g.current_player, g.claim_tile
            if phase in ("claim", "rob") and (window is None or not window.open):
                offers = tuple((s, tuple(action_name(encode(a)) for a in g.legal_actions(s)))
                               for s in g.pending)
                window = Window(phase, claim if claim is not None else -1, g.turn, offers, (), True)
            elif window is not None and window.open and phase not in ("claim", "rob"):
                window = _replace_window(window, open=False)
        elif window is not None and window.open and e["type"] in ("claim", "pass"):
            phase, turn, current, claim = window.kind, window.source, None, window.tile
        else:
            phase, turn, current, claim = "turn", e.get("seat", 0), e.get("seat"), None
            if window is not None and window.open:
                window = _replace_window(window, open=False)
        shown = window
        frames.append(Frame(i - 1, dict(evs[i]), event_text(evs[i], ns),
                            fold.view(deal, ns, phase, turn if isinstance(turn, int) else 0, current, claim), shown))
        if window is not None and not window.open:
            window = None
    return frames, g


def _replace_window(w: Window, **changes: object) -> Window:
    return replace(w, **changes)  # type: ignore[arg-type]


def window_lines(w: Window, names: Sequence[str]) -> list[str]:
    """The lines a page shows for a window: what was offered, who asked what so far."""
    what = "蓄杠 rob window" if w.kind == "rob" else "claim window"
    state = "open" if w.open else "closed"
    lines = [f"{what} on {format_tile(w.tile)} from {_seat_name(names, w.source)} ({state})"]
    answers = dict(w.answers)
    for s, offer in w.offers:
        ans = answers.get(s)
        lines.append(f"{_seat_name(names, s)}: may {', '.join(offer)}"
                     + (f" → {ans}" if ans is not None else " → waiting"))
    return lines

