"""What a simulation keeps of one hand: :class:`HandOutcome`, and :func:`tally_outcome`,
which adds it to an exact :class:`~wuhanmj.stats.tally.Tally` (X5, X6, L)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from numbers import Real
from typing import TYPE_CHECKING, Any

from .. import terms as _terms
from .._checks import is_seat
from ..errors import IllegalActionError, StatsError
from ..hand.bighu import BIG_HU as _BIG_LABEL
from .tally import Tally, exact

if TYPE_CHECKING:
    from ..game.engine import Game

__all__ = ["BIG_HU", "HOWS", "LIABILITY", "SELF_DRAWN", "TRACE_BINS", "HandOutcome", "amount_key", "outcome_of", "tally_outcome", "trace_bin"]

BIG_HU: tuple[str, ...] = tuple(_BIG_LABEL)
"""The big hu types (W6), in the order of :data:`wuhanmj.hand.bighu.CATALOGUE`."""

HOWS: tuple[str, ...] = tuple(_terms.HOWS)
"""How a hand is won (the ``how`` of :func:`wuhanmj.scoring.evaluate_win`)."""

SELF_DRAWN = ("zimo", "gangshanghua", "haidilao")

LIABILITY = tuple(_terms.LIABILITY)
"""Liability cases (承包): L1 全求人, L2 清一色 third opening, L3 抢杠."""



@dataclass(frozen=True, slots=True)
class HandOutcome:
    """The facts of one finished hand that the statistics need.

    Fields:
        dealer: the dealer seat 0–3.
        winner: the winning seat, or None for an exhaustive draw (荒庄, X6).
        how: ``"zimo"``, ``"gangshanghua"``, ``"haidilao"``, ``"fangchong"`` or
            ``"qianggang"``; None for a draw.
        big: names of the big hu types (W6), empty for a small hu.
        hard: 硬胡 (W9).
        payments: 4 amounts [points or money], winner positive, sum 0 (X5);
            all 0 for a draw (X6).
        liability: ``"L1"``, ``"L2"``, ``"L3"`` or None (承包, L4 decides).
        reached: number of losers that reached the 银顶 (0–3, X1/X2).
        jinding: all three reached it: 金顶 applied (X1, X2, D9).
        length: tiles drawn after the deal, normal and replacement draws (G1, D1).
        decisions: actions chosen by agents in the hand (claims and passes included).
        winner_fan: the winner's fan ``F_winner`` (S1 + S2, S5) [fan]; 0 for a draw.
        discarder: the seat whose tile was won on — its discard (放冲) or its robbed
            蓄杠 (抢杠, P4), the seat that "deals in" (S3) — else None.
        liable: the seat paying for all (承包, L1–L4), else None.

    Raises:
        StatsError: inconsistent values (a seat out of range, a winner without
            ``how``, payments that do not sum to 0, …).
    """

    dealer: int
    winner: int | None = None
    how: str | None = None
    big: tuple[str, ...] = ()
    hard: bool = False
    payments: tuple[Any, Any, Any, Any] = (0, 0, 0, 0)
    liability: str | None = None
    reached: int = 0
    jinding: bool = False
    length: int = 0
    decisions: int = 0
    winner_fan: int = 0
    discarder: int | None = None
    liable: int | None = None

    def __post_init__(self) -> None:
        if not is_seat(self.dealer):
            raise StatsError(f"outcome: dealer must be a seat 0-3, got {self.dealer!r}")
        if (
            not isinstance(self.payments, (tuple, list))
            or len(self.payments) != 4
            or not all(isinstance(p, Real) and not isinstance(p, bool) for p in self.payments)
        ):
            raise StatsError(f"outcome: payments need 4 amounts, got {self.payments!r}")
        if not isinstance(self.big, (tuple, list)):
            raise StatsError(f"outcome: big must be a tuple of big hu names, got {self.big!r}")
        for name in ("reached", "length", "decisions"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise StatsError(f"outcome: {name} must be an integer >= 0, got {v!r}")
        if abs(sum(self.payments)) > 1e-9:
            raise StatsError(f"outcome: payments {self.payments!r} do not sum to 0 (X5)")
        if self.winner is None:
            if self.how is not None or self.big or any(self.payments):
                raise StatsError("outcome: a draw has no how, big hu or payments (X6)")
        else:
            if not is_seat(self.winner):
                raise StatsError(f"outcome: winner must be a seat 0-3, got {self.winner!r}")
            if self.how not in HOWS:
                raise StatsError(f"outcome: how must be one of {', '.join(HOWS)}, got {self.how!r}")
        unknown = [b for b in self.big if b not in BIG_HU]
        if unknown:
            raise StatsError(f"outcome: unknown big hu {unknown[0]!r}")
        if self.liability not in (None, *LIABILITY):
            raise StatsError(f"outcome: liability must be L1, L2, L3 or None, got {self.liability!r}")
        if self.reached > 3:
            raise StatsError(f"outcome: reached must be 0-3, got {self.reached!r}")
        if isinstance(self.winner_fan, bool) or not isinstance(self.winner_fan, int) or self.winner_fan < 0:
            raise StatsError(f"outcome: winner_fan must be an integer >= 0, got {self.winner_fan!r}")
        for name in ("discarder", "liable"):
            v = getattr(self, name)
            if v is not None and (self.winner is None or not is_seat(v) or v == self.winner):
                raise StatsError(f"outcome: {name} must be a seat 0-3 other than the winner, or None, got {v!r}")


TRACE_BINS = 64
"""Bins of the trace (:func:`trace_bin`): the run cut into this many consecutive parts by match."""


def trace_bin(match: int, hands: int, match_hands: int) -> int:
    """The trace bin of match ``match`` of a run of ``hands`` hands in matches of
    ``match_hands``: ``match * TRACE_BINS // matches`` (0 … TRACE_BINS − 1), the same
    whatever the batches, so a trace is exact and mergeable like the rest of a tally."""
    matches = -(-hands // match_hands)
    return match * TRACE_BINS // max(1, matches)


def amount_key(x: Any) -> str:
    """The text of an amount in a histogram key: ``-16``, or ``p/q`` when not whole."""
    v = x if type(x) is int else exact(x)
    return str(v)


def tally_outcome(tally: Tally, outcome: HandOutcome, agents: Sequence[str], trace: int | None = None) -> None:
    """Add one hand to ``tally``. ``agents``: the 4 agent labels by seat; ``trace``: the
    hand's trace bin (:func:`trace_bin`), or None for no trace.

    Counts (keys): ``hands``, ``draws``, ``win.seat<i>``, ``win.agent:<label>``,
    ``dealer_win``, ``small``, ``big``, ``big.<name>``, ``hard``, ``soft``,
    ``how.<how>``, ``yinding`` (wins where some loser reached the cap),
    ``yinding_losers``, ``jinding``, ``liability.<L>``.
    Moments: ``pay.seat<i>``, ``pay.agent:<label>`` (one observation per seat
    the agent holds), ``pay.agent_hand:<label>`` (one observation per hand: the sum
    of the payments of the seats the agent holds, for its confidence interval — the
    seats of one hand are not independent), ``length``, ``decisions``.

    Per seat (``.seat<i>``) and per agent (``.agent:<label>``, the winner's or the
    discarder's label): counts ``zimo`` (self-drawn wins, 自摸/杠上开花/海底捞), ``dealin``
    (the hand was won on this seat's tile: 放冲 or a robbed 蓄杠, S3), ``liable`` (承包),
    ``big``, ``yinding``, ``jinding`` (a capped win), ``how.agent:<label>.<how>``;
    moments ``fan`` (the winner's fan); exact histograms as counts ``fanhist.agent:<label>=<fan>``
    and ``payhist.seat<i>=<amount>`` / ``payhist.agent:<label>=<amount>`` (one per seat-hand,
    draws included), from which the payment quantiles are exact. With ``trace``: moments
    ``trace.agent_hand:<label>#<bin>`` (the hand's ``pay.agent_hand`` value) and
    ``trace.seat<i>#<bin>`` (the seat's payment), by bin.
    """
    tally.count("hands")
    w = outcome.winner
    if w is None:
        tally.count("draws")
    else:
        tally.count(f"win.seat{w}")
        tally.count(f"win.agent:{agents[w]}")
        if w == outcome.dealer:
            tally.count("dealer_win")
        if outcome.big:
            tally.count("big")
            for b in outcome.big:
                tally.count(f"big.{b}")
        else:
            tally.count("small")
        tally.count("hard" if outcome.hard else "soft")
        tally.count(f"how.{outcome.how}")
        if outcome.reached:
            tally.count("yinding")
            tally.count("yinding_losers", outcome.reached)
        if outcome.jinding:
            tally.count("jinding")
        if outcome.liability is not None:
            tally.count(f"liability.{outcome.liability}")
        _tally_win(tally, outcome, w, agents)
    by_agent: dict[str, Any] = {}
    for s in range(4):
        p = outcome.payments[s]
        tally.observe(f"pay.seat{s}", p)
        tally.observe(f"pay.agent:{agents[s]}", p)
        if trace is not None:
            tally.observe(f"trace.seat{s}#{trace:02d}", p)
        pk = amount_key(p)
        tally.count(f"payhist.seat{s}={pk}")
        tally.count(f"payhist.agent:{agents[s]}={pk}")
        by_agent[agents[s]] = by_agent.get(agents[s], 0) + (p if type(p) is int else exact(p))  # exact sums
    for a, total in by_agent.items():
        tally.observe(f"pay.agent_hand:{a}", total)
        if trace is not None:
            tally.observe(f"trace.agent_hand:{a}#{trace:02d}", total)
    tally.observe("length", outcome.length)
    tally.observe("decisions", outcome.decisions)


def _tally_win(tally: Tally, outcome: HandOutcome, w: int, agents: Sequence[str]) -> None:
    """The per-seat and per-agent counts of a win (see :func:`tally_outcome`)."""
    who = agents[w]
    fan = outcome.winner_fan
    tally.observe(f"fan.seat{w}", fan)
    tally.observe(f"fan.agent:{who}", fan)
    tally.count(f"fanhist.agent:{who}={fan}")
    tally.count(f"how.agent:{who}.{outcome.how}")
    if outcome.how in SELF_DRAWN:
        tally.count(f"zimo.seat{w}")
        tally.count(f"zimo.agent:{who}")
    d = outcome.discarder
    if d is not None:
        tally.count(f"dealin.seat{d}")
        tally.count(f"dealin.agent:{agents[d]}")
    li = outcome.liable
    if li is not None:
        tally.count(f"liable.seat{li}")
        tally.count(f"liable.agent:{agents[li]}")
    if outcome.big:
        tally.count(f"big.seat{w}")
        tally.count(f"big.agent:{who}")
    if outcome.reached:
        tally.count(f"yinding.seat{w}")
        tally.count(f"yinding.agent:{who}")
    if outcome.jinding:
        tally.count(f"jinding.seat{w}")
        tally.count(f"jinding.agent:{who}")


def outcome_of(game: Game, decisions: int = 0) -> HandOutcome:
    """The :class:`HandOutcome` of a finished game.

    Raises:
        IllegalActionError: the game is not over.
    """
    from ..game.wall import FIRST_DRAW_POS, N_TILES

    res = game.result
    if res is None:
        raise IllegalActionError("the hand is not over yet")
    length = N_TILES - FIRST_DRAW_POS - game.tiles_left  # tiles drawn of the 82 live ones
    if res.winner is None:
        return HandOutcome(dealer=game.dealer, length=length, decisions=decisions)
    win = res.win
    st = win.settlement
    return HandOutcome(
        dealer=game.dealer,
        winner=res.winner,
        how=res.how,
        big=tuple(win.big),
        hard=bool(win.hard),
        payments=tuple(res.payments),
        liability=win.liable_rule,
        reached=sum(1 for s in range(4) if s != res.winner and st.reached[s]) if st is not None else 0,
        jinding=bool(st.jinding) if st is not None else False,
        length=length,
        decisions=decisions,
        winner_fan=int(win.winner_fan),
        discarder=res.discarder,
        liable=win.liable,
    )
