"""A review of one seat's decisions in a recorded hand: what each option was worth.

:func:`review_hand` replays a hand record (a line of ``wuhanmj simulate --records``, a
binary record read back, ``wuhanmj play --record``, the web table's record) on the native
engine and stops at every decision of one seat — every event with an ``action`` by it: its
turns (discard, gang, special play, 自摸), its answers in claim windows (P2), rob windows
(P4) and the 海底 (G3). At each it lists every legal option with the expert's evaluation
(:func:`wuhanmj.native.expert.evaluate_options`: the probability of winning, the points
when winning and the expected payment for the rest of the hand, X5 units as
``NativeHand.result.payments``), the option the expert bot picks, the option played, and
the loss: the best option's value minus the played option's (>= 0). With ``rollouts`` the
options are also played out by :func:`wuhanmj.native.search.evaluate_actions` with the
expert bot at every seat, over that many determinizations of what the seat could not see,
with a 95 % t interval of the mean.

A decision with one legal option (nothing to choose) is listed, marked ``forced``, and is
not counted in the losses or :meth:`HandReview.worst`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _checks
from ..errors import ReplayError, ReviewError, WuhanMJError
from ..game.actions import action_name
from ..native.expert import OPTION_FIELDS, ExpertAgent, evaluate_options
from ..tiles import format_tile, format_tiles

__all__ = ["OptionReview", "DecisionReview", "HandReview", "review_hand", "OPTION_FIELDS", "CONFIDENCE"]

CONFIDENCE = 0.95
"""The coverage of the rollout intervals (:attr:`OptionReview.low`, ``high``)."""

_U64 = 2 ** 64
_MAX_ROLLOUTS = 2 ** 31 - 1  # evaluate_actions' bound on its n


@dataclass(frozen=True)
class OptionReview:
    """One legal option at a decision, as the expert values it.

    Fields:
        code: the action code 0-162 (:mod:`wuhanmj.game.actions`); label: its name
            (``"discard 5m"``, ``"chi 345m"``, ``"pass"``).
        win: the estimated probability (0-1) that the seat wins the hand after the option.
        points: the expected payment to the seat when it wins (points, X5 units).
        value: the estimated expected payment of the seat for the rest of the hand after
            the option (points, X5 units): the number options are ranked by.
        rollout_mean: the mean payment of the seat over the rollouts (points; None without
            rollouts); low, high: its 95 % t interval (None with fewer than 2 rollouts).
    """

    code: int
    label: str
    win: float
    points: float
    value: float
    rollout_mean: float | None = None
    low: float | None = None
    high: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """The option as a JSON-ready dict (the fields by name)."""
        return {"code": self.code, "label": self.label, "win": self.win, "points": self.points,
                "value": self.value, "rollout_mean": self.rollout_mean, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class DecisionReview:
    """One decision of the reviewed seat.

    Fields:
        event: the index of the decision's event in the record's ``events``.
        turn: the turn number at the decision (the draws and 吃/碰 so far, as ``wuhanmj
            replay`` numbers its lines).
        seat: the seat 0-3; phase: ``"turn"``, ``"claim"`` (P2), ``"rob"`` (P4) or
            ``"haidi"`` (G3).
        situation: one line saying what the seat faced (its hand, the tile drawn or
            offered).
        options: every legal option, in code order.
        played, expert, best: the codes of the option played, of the expert bot's pick,
            and of the option of the largest value (the first of equals).
        loss: ``value(best) - value(played)`` (points, >= 0; 0 for a forced decision).
        forced: True when only one option was legal (not counted in the losses).
    """

    event: int
    turn: int
    seat: int
    phase: str
    situation: str
    options: tuple[OptionReview, ...]
    played: int
    expert: int
    best: int
    loss: float
    forced: bool

    def option(self, code: int) -> OptionReview:
        """The option of ``code``.

        Raises:
            ReviewError: ``code`` was not legal at this decision.
        """
        c = _checks.index(code)  # never a bool (True == 1)
        for o in self.options:
            if c is not None and o.code == c:
                return o
        raise ReviewError(f"decision at event {self.event}: code {code!r} was not a legal option")

    def to_dict(self) -> dict[str, Any]:
        """The decision as a JSON-ready dict (the fields by name, the options as dicts)."""
        return {"event": self.event, "turn": self.turn, "seat": self.seat, "phase": self.phase,
                "situation": self.situation, "options": [o.to_dict() for o in self.options],
                "played": self.played, "played_label": action_name(self.played),
                "expert": self.expert, "expert_label": action_name(self.expert),
                "best": self.best, "loss": self.loss, "forced": self.forced}


@dataclass(frozen=True)
class HandReview:
    """The review of one seat's decisions in one hand (:func:`review_hand`).

    Fields:
        hand: the record's ``hand`` number (None when it has none); seat: the seat 0-3.
        rollouts: rollouts per decision (0: none); seed: their root seed.
        decisions: every decision of the seat, in the order played.
        payment: the seat's payment in the hand's settlement (points, X5; None when the
            record stops before the end).
        unit: what the amounts are: ``"points"`` (X1) or ``"money"`` (the fan schedule, X2).
    """

    hand: int | None
    seat: int
    rollouts: int
    seed: int
    decisions: tuple[DecisionReview, ...]
    payment: float | None
    unit: str = "points"

    @property
    def reviewed(self) -> tuple[DecisionReview, ...]:
        """The decisions with a choice (more than one legal option)."""
        return tuple(d for d in self.decisions if not d.forced)

    @property
    def total_loss(self) -> float:
        """The sum of the losses of the decisions (points, >= 0)."""
        return float(sum(d.loss for d in self.reviewed))

    def worst(self, n: int = 3) -> tuple[DecisionReview, ...]:
        """The ``n`` decisions with the largest loss, largest first (the earlier of equal
        losses first); forced decisions are left out.

        Raises:
            ReviewError: ``n`` is not an int >= 0.
        """
        k = _checks.index(n)
        if k is None or isinstance(n, bool) or k < 0:
            raise ReviewError(f"worst: n must be an int >= 0, got {n!r}")
        return tuple(sorted(self.reviewed, key=lambda d: (-d.loss, d.event))[:k])

    def to_dict(self) -> dict[str, Any]:
        """The review as a JSON-ready dict: the fields, ``total_loss`` and ``worst`` (the
        event indices of :meth:`worst` (3))."""
        return {"hand": self.hand, "seat": self.seat, "rollouts": self.rollouts, "seed": self.seed,
                "payment": self.payment, "unit": self.unit, "total_loss": self.total_loss,
                "worst": [d.event for d in self.worst(3)],
                "decisions": [d.to_dict() for d in self.decisions]}


def _situation(h: Any, seat: int) -> str:
    """One line of what ``seat`` faces in the native hand ``h``."""
    hand = format_tiles(sorted(h.hand(seat)))
    if h.phase == "turn":
        drawn = h.drawn_tile(seat)
        if drawn is not None:
            got = f"drew {format_tile(drawn)}"
        elif seat == h.dealer and not h.discards(seat) and not h.melds(seat):
            got = "the dealer's first play"
        else:
            got = "after a claim"
        return f"seat {seat} to play ({got}), hand {hand}, {h.tiles_left} tiles left"
    tile = h.drawn_tile(seat) if h.phase == "haidi" else h.claim_tile  # no claim tile at a 海底
    shown = format_tile(tile) if tile is not None else "?"
    if h.phase == "claim":
        return f"seat {h.turn} discarded {shown}: seat {seat} may claim, hand {hand}"
    if h.phase == "rob":
        return f"seat {h.turn} adds {shown} to a 碰 (蓄杠): seat {seat} may rob it, hand {hand}"
    return f"海底: seat {seat} drew {shown}, hand {hand}"


def _rollout_stats(rows: np.ndarray) -> list[tuple[float, float | None, float | None]]:
    """Per column of ``rows`` (float64 (K, n)): the mean and its 95 % t interval (None
    for K < 2)."""
    k = rows.shape[0]
    out: list[tuple[float, float | None, float | None]] = []
    from ..stats.tdist import t_quantile

    q = t_quantile(0.5 + CONFIDENCE / 2, k - 1) if k > 1 else math.nan
    for j in range(rows.shape[1]):
        col = rows[:, j]
        mean = float(col.mean())
        if k < 2:
            out.append((mean, None, None))
            continue
        half = q * float(col.std(ddof=1)) / math.sqrt(k)
        out.append((mean, mean - half, mean + half))
    return out


def _record_events(record: Any) -> list[Any]:
    events = record.get("events") if isinstance(record, Mapping) else None
    if not isinstance(events, list) or not events:
        got = "not a record (a dict)" if not isinstance(record, Mapping) else (
            "no 'events'" if "events" not in record else f"'events' is {type(events).__name__}"
            if not isinstance(events, list) else "'events' is empty")
        raise ReviewError(f"review: a record needs a non-empty 'events' list ({got})")
    return events


def review_hand(record: Mapping[str, Any], seat: int, *, rollouts: int = 0, seed: int = 0) -> HandReview:
    """Review every decision of ``seat`` in one recorded hand (module docstring).

    Args:
        record: a hand record: a dict with the hand's ``events`` (the event log of
            :attr:`Game.events`, dicts or their JSON lines, as
            ``wuhanmj.cli.replay.load_records`` or ``wuhanmj.files.recordio.read_record``
            give it), and optionally ``hand``.
        seat: the seat 0-3 to review.
        rollouts: determinizations per decision for the rollout estimate (int 0 to
            2**31 - 1; 0: none). Each decision's rollouts play every option with the expert bot at every
            seat (:func:`wuhanmj.native.search.evaluate_actions`).
        seed: the rollouts' root seed, an int 0 <= seed < 2**64; the decision at event
            ``k`` uses ``(seed + k) mod 2**64``.

    Returns:
        A :class:`HandReview`: per decision the options with their values (points, X5),
        the expert's pick, the option played and its loss.

    Raises:
        ReviewError: ``seat`` not a seat 0-3, ``rollouts`` not such an int, ``seed`` not
            such an int, or a record without events.
        ReplayError: the events do not replay under the rules (the first bad event named).
    """
    from ..native.handapi import NativeHand
    from ..native.search import evaluate_actions

    s = _checks.seat(seat, "review: seat", ReviewError)
    k_roll = _checks.index(rollouts)
    if k_roll is None or not 0 <= k_roll <= _MAX_ROLLOUTS:  # index: never a bool
        raise ReviewError(f"review: rollouts must be an int >= 0 (at most 2**31 - 1), got {rollouts!r}")
    root = _checks.index(seed)
    if root is None or not 0 <= root < _U64:
        raise ReviewError(f"review: seed must be an int 0 <= seed < 2**64, got {seed!r}")
    events = _record_events(record)
    try:
        final = NativeHand.replay(events)  # validates the whole log (names the first bad event)
        h = NativeHand.replay(events[:2])
    except ReplayError:
        raise
    except (WuhanMJError, KeyError, TypeError, ValueError, IndexError) as err:
        raise ReplayError(f"events do not replay: {err}") from None
    events = list(final.events)  # as dicts, whether the record's were dicts or JSON lines
    expert = ExpertAgent()
    decisions: list[DecisionReview] = []
    turn = 0
    for k in range(2, len(events)):
        e = events[k]
        if e.get("type") == "draw" or (e.get("type") == "meld" and e.get("kind") in ("chi", "peng")):
            turn += 1
        if "action" not in e:
            continue
        if e["seat"] == s:
            decisions.append(_decision(h, s, k, turn, int(e["action"]), expert, k_roll,
                                       (root + k) % _U64, evaluate_actions))
        h.step(e["seat"], e["action"])
    result = final.result
    hand_no = record.get("hand")
    return HandReview(hand=hand_no if isinstance(hand_no, int) and not isinstance(hand_no, bool) else None,
                      seat=s, rollouts=k_roll, seed=root, decisions=tuple(decisions),
                      payment=None if result is None else result.payments[s],
                      unit="money" if final.rules.schedule == "fan" else "points")


def _decision(h: Any, seat: int, k: int, turn: int, played: int, expert: Any, rollouts: int,
              seed: int, evaluate_actions: Any) -> DecisionReview:
    """The review of the decision at event ``k`` (``h``: the native hand just before it)."""
    codes = sorted(h.legal_action_codes(seat))
    values = np.asarray(evaluate_options(h, seat, codes), dtype=np.float64)
    fields = {name: j for j, name in enumerate(OPTION_FIELDS)}
    stats: list[tuple[float | None, float | None, float | None]] = [(None, None, None)] * len(codes)
    if rollouts > 0:
        rows = evaluate_actions(h, seat, codes, rollouts, seed=seed, policy=ExpertAgent())
        stats = list(_rollout_stats(rows))
    options = tuple(
        OptionReview(code=c, label=action_name(c), win=float(values[j, fields["win"]]),
                     points=float(values[j, fields["points"]]), value=float(values[j, fields["value"]]),
                     rollout_mean=stats[j][0], low=stats[j][1], high=stats[j][2])
        for j, c in enumerate(codes))
    pick = int(expert.act(h.observation(seat), list(codes)))
    best = max(options, key=lambda o: o.value)  # the first of equal values
    value_played = next(o.value for o in options if o.code == played)
    forced = len(codes) == 1
    return DecisionReview(event=k, turn=turn, seat=seat, phase=h.phase, situation=_situation(h, seat),
                          options=options, played=played, expert=pick, best=best.code,
                          loss=0.0 if forced else max(0.0, best.value - value_played), forced=forced)
