"""What a simulation measures: :class:`HandOutcome` per hand, :class:`SimulationResult` overall.

Every finished hand is reduced to a :class:`HandOutcome` and added to a
:class:`wuhanmj.stats.Tally` by :func:`tally_outcome`; a
:class:`SimulationResult` is the tally of all hands plus what produced it
(rules, agents, seed). Every figure of the result is derived from the exact
tally, so two runs that tally the same hands give equal results, and results
of parts of a run can be merged (:meth:`SimulationResult.merge`).

Rates are per hand unless named ``share`` (per win). Payments are in the
rule set's unit: points (schedule ``points``, X1) or money (``fan``, X2).
"""

from __future__ import annotations

import csv
import io
import json
import math
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from numbers import Real
from typing import Any, TypeVar, cast

from .. import terms as _terms
from ..errors import StatsError
from ..hand.bighu import BIG_HU as _BIG_LABEL
from ..rules import Rules
from .stats import Z95, Moments, Tally

__all__ = ["BIG_HU", "HOWS", "LIABILITY", "HandOutcome", "SimulationResult", "tally_outcome"]

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

    def __post_init__(self) -> None:
        if self.dealer not in (0, 1, 2, 3):
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
            if self.winner not in (0, 1, 2, 3):
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


def tally_outcome(tally: Tally, outcome: HandOutcome, agents: Sequence[str]) -> None:
    """Add one hand to ``tally``. ``agents``: the 4 agent labels by seat.

    Counts (keys): ``hands``, ``draws``, ``win.seat<i>``, ``win.agent:<label>``,
    ``dealer_win``, ``small``, ``big``, ``big.<name>``, ``hard``, ``soft``,
    ``how.<how>``, ``yinding`` (wins where some loser reached the cap),
    ``yinding_losers``, ``jinding``, ``liability.<L>``.
    Moments: ``pay.seat<i>``, ``pay.agent:<label>`` (one observation per seat
    the agent holds), ``length``, ``decisions``.
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
    for s in range(4):
        p = outcome.payments[s]
        tally.observe(f"pay.seat{s}", p)
        tally.observe(f"pay.agent:{agents[s]}", p)
    tally.observe("length", outcome.length)
    tally.observe("decisions", outcome.decisions)


_T = TypeVar("_T")


def _by_seat(f: Callable[[int], _T]) -> tuple[_T, _T, _T, _T]:
    """``(f(0), f(1), f(2), f(3))``."""
    return (f(0), f(1), f(2), f(3))


def _rate(k: int, n: int) -> float:
    return k / n if n else math.nan


def _rate_ci(k: int, n: int) -> tuple[float, float]:
    """Wilson 95 % interval of a proportion k/n."""
    if n == 0:
        return (math.nan, math.nan)
    p, z2 = k / n, Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The statistics of a simulation; immutable. Built by :func:`wuhanmj.simulate.simulate`.

    Fields:
        hands: hands played.
        seed: the root seed (``numpy.random.SeedSequence`` entropy) that reproduces the run.
        rules: the :class:`~wuhanmj.rules.Rules` played.
        agents: the 4 agent labels by seat.
        match_hands: hands per match (dealer rotation D5 and 连癞 M2 run within a match).
        counts: the tally's counts as sorted ``(key, int)`` pairs (see :func:`tally_outcome`).
        moments: the tally's moments as sorted ``(key, Moments)`` pairs.

    Derived figures are properties; rates are per hand, ``*_share`` per win.
    """

    hands: int
    seed: int
    rules: Rules
    agents: tuple[str, str, str, str]
    match_hands: int
    counts: tuple[tuple[str, int], ...] = field(repr=False)
    moments: tuple[tuple[str, Moments], ...] = field(repr=False)

    @classmethod
    def from_tally(
        cls, tally: Tally, *, seed: int, rules: Rules, agents: Sequence[str], match_hands: int
    ) -> SimulationResult:
        """Freeze a tally into a result."""
        counts = tuple((k, tally.counts[k]) for k in sorted(tally.counts))
        moments = tuple((k, tally.moments(k)) for k in tally.moment_keys())
        labels = cast("tuple[str, str, str, str]", tuple(agents))  # 4 labels by contract (from_dict checks)
        return cls(tally.get("hands"), int(seed), rules, labels, int(match_hands), counts, moments)

    # ------------------------------------------------------------ raw access
    def count(self, key: str) -> int:
        """A raw count of the tally (0 when absent)."""
        for k, v in self.counts:
            if k == key:
                return v
        return 0

    def moment(self, key: str) -> Moments:
        """Raw moments of the tally (empty when absent)."""
        for k, v in self.moments:
            if k == key:
                return v
        return Moments()

    def tally(self) -> Tally:
        """A fresh mutable :class:`Tally` with this result's numbers."""
        t = Tally()
        for k, v in self.counts:
            t.counts[k] = v
        for k, m in self.moments:
            t.merge(_tally_of_moments(k, m))
        return t

    def merge(self, other: SimulationResult) -> SimulationResult:
        """The result of both runs together (same rules and agents required).

        The seed of the merged result is this result's seed.

        Raises:
            StatsError: the rules or agents differ.
        """
        if other.rules != self.rules or other.agents != self.agents:
            raise StatsError("merge: results of different rules or agents cannot be merged")
        t = self.tally().merge(other.tally())
        return SimulationResult.from_tally(
            t, seed=self.seed, rules=self.rules, agents=self.agents, match_hands=self.match_hands
        )

    # ------------------------------------------------------------ derived figures
    @property
    def wins(self) -> int:
        """Hands that ended in a win."""
        return self.hands - self.count("draws")

    @property
    def draw_rate(self) -> float:
        """荒庄: share of hands that ended in an exhaustive draw (X6)."""
        return _rate(self.count("draws"), self.hands)

    @property
    def win_rate_by_seat(self) -> tuple[float, float, float, float]:
        """Per seat: wins / hands."""
        return _by_seat(lambda s: _rate(self.count(f"win.seat{s}"), self.hands))

    @property
    def win_rate_by_agent(self) -> dict[str, float]:
        """Per agent label: wins / (hands × seats the agent holds)."""
        out = {}
        for a in dict.fromkeys(self.agents):
            out[a] = _rate(self.count(f"win.agent:{a}"), self.hands * self.agents.count(a))
        return out

    @property
    def dealer_win_rate(self) -> float:
        """Share of hands won by the dealer."""
        return _rate(self.count("dealer_win"), self.hands)

    @property
    def small_hu_rate(self) -> float:
        """Share of hands won with a small hu (W7)."""
        return _rate(self.count("small"), self.hands)

    @property
    def big_hu_rate(self) -> float:
        """Share of hands won with at least one big hu (W6)."""
        return _rate(self.count("big"), self.hands)

    @property
    def big_hu_rates(self) -> dict[str, float]:
        """Per big hu type: share of hands won with it (types add up, S4, so these can overlap)."""
        return {b: _rate(self.count(f"big.{b}"), self.hands) for b in BIG_HU}

    @property
    def hard_share(self) -> float:
        """Share of wins that were 硬胡 (W9); ``1 - hard_share`` were 软胡."""
        return _rate(self.count("hard"), self.wins)

    @property
    def how_rates(self) -> dict[str, float]:
        """Per way of winning (zimo, gangshanghua, haidilao, fangchong, qianggang): share of hands."""
        return {h: _rate(self.count(f"how.{h}"), self.hands) for h in HOWS}

    @property
    def self_drawn_rate(self) -> float:
        """Share of hands won self-drawn (自摸, 杠上开花 and 海底捞 together)."""
        return _rate(sum(self.count(f"how.{h}") for h in SELF_DRAWN), self.hands)

    @property
    def yinding_rate(self) -> float:
        """Share of hands where at least one loser reached the 银顶 (X1, X2)."""
        return _rate(self.count("yinding"), self.hands)

    @property
    def jinding_rate(self) -> float:
        """Share of hands where all three losers reached it: 金顶 (X1, X2, D9)."""
        return _rate(self.count("jinding"), self.hands)

    @property
    def liability_counts(self) -> dict[str, int]:
        """承包 cases by rule (L1 全求人, L2 清一色, L3 抢杠)."""
        return {c: self.count(f"liability.{c}") for c in LIABILITY}

    @property
    def payments_by_seat(self) -> tuple[Moments, Moments, Moments, Moments]:
        """Per seat, the moments of its payment per hand (draws count as 0)."""
        return _by_seat(lambda s: self.moment(f"pay.seat{s}"))

    @property
    def payments_by_agent(self) -> dict[str, Moments]:
        """Per agent label, the moments of its payment per hand and seat held."""
        return {a: self.moment(f"pay.agent:{a}") for a in dict.fromkeys(self.agents)}

    @property
    def mean_length(self) -> float:
        """Mean tiles drawn per hand after the deal (normal and replacement draws)."""
        return self.moment("length").mean

    @property
    def mean_decisions(self) -> float:
        """Mean agent decisions per hand."""
        return self.moment("decisions").mean

    # ------------------------------------------------------------ output
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the run, the derived figures and the exact tally."""
        seats = []
        wr = self.win_rate_by_seat
        for s, m in enumerate(self.payments_by_seat):
            lo, hi = m.ci95
            wins = self.count(f"win.seat{s}")
            seats.append(
                {
                    "seat": s,
                    "agent": self.agents[s],
                    "wins": wins,
                    "win_rate": wr[s],
                    "win_rate_ci95": list(_rate_ci(wins, self.hands)),
                    "payment_mean": m.mean,
                    "payment_std": m.std,
                    "payment_ci95": [lo, hi],
                }
            )
        agents = []
        for a, m in self.payments_by_agent.items():
            lo, hi = m.ci95
            agents.append(
                {
                    "agent": a,
                    "seats": [s for s in range(4) if self.agents[s] == a],
                    "wins": self.count(f"win.agent:{a}"),
                    "win_rate": self.win_rate_by_agent[a],
                    "payment_mean": m.mean,
                    "payment_std": m.std,
                    "payment_ci95": [lo, hi],
                }
            )
        return {
            "hands": self.hands,
            "seed": self.seed,
            "match_hands": self.match_hands,
            "rules": self.rules.to_dict(),
            "agents": list(self.agents),
            "wins": self.wins,
            "draw_rate": self.draw_rate,
            "dealer_win_rate": self.dealer_win_rate,
            "seats": seats,
            "by_agent": agents,
            "small_hu_rate": self.small_hu_rate,
            "big_hu_rate": self.big_hu_rate,
            "big_hu_rates": self.big_hu_rates,
            "hard_share": self.hard_share,
            "how_rates": self.how_rates,
            "self_drawn_rate": self.self_drawn_rate,
            "yinding_rate": self.yinding_rate,
            "jinding_rate": self.jinding_rate,
            "liability": self.liability_counts,
            "mean_length": self.mean_length,
            "mean_decisions": self.mean_decisions,
            "tally": self.tally().to_dict(),
        }

    def to_json(self, indent: int | None = 2) -> str:
        """:meth:`to_dict` as JSON text (undefined figures such as a rate of 0 hands are ``null``)."""
        return json.dumps(_nan_to_none(self.to_dict()), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SimulationResult:
        """Rebuild a result from :meth:`to_dict` (only ``seed``, ``rules``, ``agents``,
        ``match_hands`` and ``tally`` are read). Raises StatsError or RulesError."""
        if not isinstance(d, Mapping):
            raise StatsError(f"result: expected a dict, got {type(d).__name__}")
        try:
            tally = Tally.from_dict(d["tally"])
            seed, agents, match_hands, rules = d["seed"], d["agents"], d["match_hands"], d["rules"]
        except KeyError as err:
            raise StatsError(f"result: malformed simulation result (no {err})") from None
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise StatsError(f"result: seed must be an integer >= 0, got {seed!r}")
        if isinstance(match_hands, bool) or not isinstance(match_hands, int) or match_hands < 1:
            raise StatsError(f"result: match_hands must be an integer >= 1, got {match_hands!r}")
        if not isinstance(agents, (list, tuple)) or len(agents) != 4 or not all(isinstance(a, str) for a in agents):
            raise StatsError(f"result: agents must be 4 labels, got {agents!r}")
        if not isinstance(rules, Mapping):
            raise StatsError(f"result: rules must be a dict of rule fields, got {rules!r}")
        return cls.from_tally(tally, seed=seed, rules=Rules.from_dict(rules), agents=agents, match_hands=match_hands)

    @classmethod
    def from_json(cls, text: str) -> SimulationResult:
        """Inverse of :meth:`to_json`."""
        try:
            return cls.from_dict(json.loads(text))
        except json.JSONDecodeError as err:
            raise StatsError(f"result: not JSON ({err})") from None

    def rows(self) -> list[tuple[str, str, float | int | str]]:
        """The figures as ``(metric, key, value)`` rows (the CSV form; the ``agent`` rows' value is a label)."""
        r: list[tuple[str, str, float | int | str]] = [
            ("hands", "", self.hands),
            ("seed", "", self.seed),
            ("draw_rate", "", self.draw_rate),
            ("dealer_win_rate", "", self.dealer_win_rate),
        ]
        for s, m in enumerate(self.payments_by_seat):
            key = f"seat{s}"
            lo, hi = m.ci95
            r += [
                ("agent", key, self.agents[s]),
                ("win_rate", key, self.win_rate_by_seat[s]),
                ("payment_mean", key, m.mean),
                ("payment_std", key, m.std),
                ("payment_ci95_low", key, lo),
                ("payment_ci95_high", key, hi),
            ]
        for a, m in self.payments_by_agent.items():
            key = f"agent:{a}"
            lo, hi = m.ci95
            r += [
                ("win_rate", key, self.win_rate_by_agent[a]),
                ("payment_mean", key, m.mean),
                ("payment_std", key, m.std),
                ("payment_ci95_low", key, lo),
                ("payment_ci95_high", key, hi),
            ]
        r.append(("small_hu_rate", "", self.small_hu_rate))
        r.append(("big_hu_rate", "", self.big_hu_rate))
        r += [("big_hu_rate", b, v) for b, v in self.big_hu_rates.items()]
        r.append(("hard_share", "", self.hard_share))
        r += [("how_rate", h, v) for h, v in self.how_rates.items()]
        r += [("yinding_rate", "", self.yinding_rate), ("jinding_rate", "", self.jinding_rate)]
        r += [("liability_count", c, v) for c, v in self.liability_counts.items()]
        r += [("mean_length", "", self.mean_length), ("mean_decisions", "", self.mean_decisions)]
        return r

    def to_csv(self) -> str:
        """The figures as CSV text with the header ``metric,key,value`` (long format)."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(("metric", "key", "value"))
        for metric, key, value in self.rows():
            w.writerow((metric, key, "" if isinstance(value, float) and math.isnan(value) else value))
        return buf.getvalue()

    def summary(self) -> str:
        """A readable multi-line table of the main figures."""
        return _summary(self)


def _tally_of_moments(key: str, m: Moments) -> Tally:
    t = Tally()
    if m.n:
        t._n[key], t._s[key], t._s2[key] = m.n, m.total, m.total_sq  # noqa: SLF001
    return t


def _nan_to_none(x: Any) -> Any:
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: _nan_to_none(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_nan_to_none(v) for v in x]
    return x


def _ljust(text: str, width: int) -> str:
    """Pad ``text`` to ``width`` terminal columns (CJK characters take two)."""
    cols = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(0, width - cols)


def _pct(x: float) -> str:
    return "    -" if math.isnan(x) else f"{100 * x:5.1f}"


def _num(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:+.2f}"


def _summary(r: SimulationResult) -> str:
    unit = "points" if r.rules.schedule == "points" else "money"
    lines = [
        f"{r.hands:,} hands, rules {r.rules.name}, seed {r.seed}, matches of {r.match_hands} hands",
        "",
        f"seat  agent         wins   win %        mean  95% CI of the mean          std  [{unit} per hand]",
    ]
    wr = r.win_rate_by_seat
    for s, m in enumerate(r.payments_by_seat):
        lo, hi = m.ci95
        lines.append(
            f"{s:>4}  {r.agents[s][:12]:<12} {r.count(f'win.seat{s}'):>5}   {_pct(wr[s])}"
            f"  {_num(m.mean):>10}  [{_num(lo):>9}, {_num(hi):>9}]  {m.std:>9.2f}"
        )
    if len(set(r.agents)) > 1:
        lines += ["", "agent         seats   win %   mean payment per seat-hand"]
        for a, m in r.payments_by_agent.items():
            seats = ",".join(str(s) for s in range(4) if r.agents[s] == a)
            lines.append(f"{a[:12]:<12}  {seats:<7} {_pct(r.win_rate_by_agent[a])}   {_num(m.mean):>10}")
    w = r.wins
    lines += ["", "outcome                        count  % hands  % wins"]

    def row(label: str, k: int, of_wins: bool = True) -> None:
        pw = _pct(_rate(k, w)) if of_wins else "     "
        lines.append(f"{_ljust(label, 29)} {k:>6}   {_pct(_rate(k, r.hands))}   {pw}")

    row("won", w, of_wins=False)
    row("dealer won", r.count("dealer_win"))
    row("draw (荒庄)", r.count("draws"), of_wins=False)
    row("small hu (小胡)", r.count("small"))
    row("big hu, any (大胡)", r.count("big"))
    for b in BIG_HU:
        row(f"  {b} ({_BIG_LABEL[b]})", r.count(f"big.{b}"))
    row("hard (硬胡)", r.count("hard"))
    row("soft (软胡)", r.count("soft"))
    row("self-drawn, all (自摸)", sum(r.count(f"how.{h}") for h in SELF_DRAWN))
    row("on a discard (放冲)", r.count("how.fangchong"))
    row("robbed kong (抢杠)", r.count("how.qianggang"))
    row("cap reached (银顶)", r.count("yinding"))
    row("gold cap (金顶)", r.count("jinding"))
    for c, label in zip(LIABILITY, ("全求人", "清一色", "抢杠")):
        row(f"liability {c} ({label})", r.count(f"liability.{c}"))
    lines += [
        "",
        f"mean hand length: {r.mean_length:.1f} tiles drawn, {r.mean_decisions:.1f} decisions",
    ]
    return "\n".join(lines)
