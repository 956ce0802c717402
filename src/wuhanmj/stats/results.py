"""What a simulation measures overall: :class:`SimulationResult`.

Every finished hand is reduced to a :class:`~wuhanmj.stats.outcome.HandOutcome` and added
to a :class:`wuhanmj.stats.tally.Tally`; a :class:`SimulationResult` is the tally of all
hands plus what produced it (rules, agents, seed, the matches it holds). Every figure of
the result is derived from the exact tally, so two runs that tally the same hands give
equal results, and results of parts of a run can be merged (:meth:`SimulationResult.merge`).

Rates are per hand unless named ``share`` (per win). Payments are in the
rule set's unit: points (schedule ``points``, X1) or money (``fan``, X2).
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from .._json import check_depth, load_json, nan_to_none
from ..errors import StatsError
from ..rules import Rules
from .figures import agent_figures, check_histograms, extra_rows, seat_figures
from .outcome import BIG_HU, HOWS, LIABILITY, SELF_DRAWN, HandOutcome, tally_outcome
from .tally import Z95, Exact, Moments, Tally, rate

__all__ = ["BIG_HU", "HOWS", "LIABILITY", "HandOutcome", "SimulationResult", "tally_outcome", "check_consistent"]


_T = TypeVar("_T")


def _by_seat(f: Callable[[int], _T]) -> tuple[_T, _T, _T, _T]:
    """``(f(0), f(1), f(2), f(3))``."""
    return (f(0), f(1), f(2), f(3))


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
    """The statistics of a simulation; immutable. Built by :func:`wuhanmj.sim.simulate.simulate`.

    Fields:
        hands: hands played.
        seed: the root seed (``numpy.random.SeedSequence`` entropy) that reproduces the run.
        rules: the :class:`~wuhanmj.rules.Rules` played.
        agents: the 4 agent labels by seat.
        match_hands: hands per match (dealer rotation D5 and 连癞 M2 run within a match).
        counts: the tally's counts as sorted ``(key, int)`` pairs (see :func:`tally_outcome`).
        moments: the tally's moments as sorted ``(key, Moments)`` pairs.
        matches: which matches the tally holds, as sorted ``(seed, first, stop)``
            triples: matches ``first`` … ``stop - 1`` of the run of root seed ``seed``
            (match ``m`` of a seed is always the same hands, :func:`wuhanmj.sim.simulate.match_seeds`).
            One triple for a run of :func:`~wuhanmj.sim.simulate.simulate`; several after
            :meth:`merge`, which refuses results whose matches overlap.
        engine: which engine played the hands: ``"python"`` (:mod:`wuhanmj.game`) or
            ``"native"`` (:mod:`wuhanmj.native`); after :meth:`merge` of results of both,
            ``"native+python"`` (:attr:`engines`). Both engines play the same hands with
            the same decisions, so it is provenance, not a figure: results that differ only
            in their engine are equal (``==``).

    For a merged result ``seed`` is the first result's seed; :attr:`seeds` lists them all.
    Derived figures are properties; rates are per hand, ``*_share`` per win.
    """

    hands: int
    seed: int
    rules: Rules
    agents: tuple[str, str, str, str]
    match_hands: int
    counts: tuple[tuple[str, int], ...] = field(repr=False)
    moments: tuple[tuple[str, Moments], ...] = field(repr=False)
    matches: tuple[tuple[int, int, int], ...] = ()
    engine: str = field(default="python", compare=False)

    @classmethod
    def from_tally(
        cls,
        tally: Tally,
        *,
        seed: int,
        rules: Rules,
        agents: Sequence[str],
        match_hands: int,
        matches: Sequence[Sequence[int]] | None = None,
        engine: str = "python",
    ) -> SimulationResult:
        """Freeze a tally into a result.

        Args:
            matches: the ``(seed, first, stop)`` match ranges the tally holds; None means
                one run of :func:`~wuhanmj.sim.simulate.simulate` from match 0: matches
                ``0 … ceil(hands / match_hands) - 1`` of ``seed`` (none for 0 hands).
            engine: ``"python"``, ``"native"`` or both joined by ``+`` (see the class).

        Raises:
            StatsError: ``matches`` malformed (not integer triples, an empty range, or
                overlapping ranges of one seed), or an unknown ``engine``.
        """
        hands, match_hands = tally.get("hands"), int(match_hands)
        if matches is None:
            matches = ((int(seed), 0, -(-hands // match_hands)),) if hands and match_hands > 0 else ()
        counts = tuple((k, tally.counts[k]) for k in sorted(tally.counts))
        moments = tuple((k, tally.moments(k)) for k in tally.moment_keys())
        labels = cast("tuple[str, str, str, str]", tuple(agents))  # 4 labels by contract (from_dict checks)
        return cls(hands, int(seed), rules, labels, match_hands, counts, moments, _match_ranges(matches),
                   _engine_text(engine))

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

    @property
    def engines(self) -> tuple[str, ...]:
        """The engines that played the hands, sorted: ``("python",)``, ``("native",)``, or
        both for a merge of results of both."""
        return tuple(self.engine.split("+"))

    @property
    def seeds(self) -> tuple[int, ...]:
        """The root seeds of the runs this result holds, sorted (one unless merged)."""
        return tuple(sorted({m[0] for m in self.matches})) or (self.seed,)

    def merge(self, other: SimulationResult) -> SimulationResult:
        """The result of both runs together (same rules, agents and match_hands required).

        The merged result holds the matches of both (:attr:`matches`); its ``seed`` is
        this result's seed and :attr:`seeds` lists every seed. Results of different
        engines merge (they play the same hands alike); the merged ``engine`` names both
        (``"native+python"``) and the summary says so.

        Raises:
            StatsError: the rules, agents or match_hands differ, or the two results hold
                a common match (the same seed and overlapping match ranges: those hands
                would be counted twice); the message names the seed and the matches.
        """
        if not isinstance(other, SimulationResult):
            raise StatsError(f"merge: expected a SimulationResult, got {type(other).__name__}")
        if other.rules != self.rules or other.agents != self.agents:
            raise StatsError("merge: results of different rules or agents cannot be merged")
        if other.match_hands != self.match_hands:
            raise StatsError(
                f"merge: results of different match_hands ({self.match_hands}, {other.match_hands}) cannot be merged"
            )
        for s, a, b in self.matches:
            for s2, a2, b2 in other.matches:
                if s == s2 and a < b2 and a2 < b:
                    lo, hi = max(a, a2), min(b, b2) - 1
                    which = f"match {lo}" if lo == hi else f"matches {lo}-{hi}"
                    raise StatsError(
                        f"merge: both results hold {which} of seed {s}: overlapping runs would count "
                        "their hands twice (merge runs of different seeds)"
                    )
        t = self.tally().merge(other.tally())
        return SimulationResult.from_tally(
            t, seed=self.seed, rules=self.rules, agents=self.agents, match_hands=self.match_hands,
            matches=self.matches + other.matches, engine="+".join(sorted(set(self.engines + other.engines))),
        )

    # ------------------------------------------------------------ derived figures
    @property
    def wins(self) -> int:
        """Hands that ended in a win."""
        return self.hands - self.count("draws")

    @property
    def draw_rate(self) -> float:
        """荒庄: share of hands that ended in an exhaustive draw (X6)."""
        return rate(self.count("draws"), self.hands)

    @property
    def win_rate_by_seat(self) -> tuple[float, float, float, float]:
        """Per seat: wins / hands."""
        return tuple(rate(self.count(f"win.seat{s}"), self.hands) for s in range(4))  # type: ignore[return-value]

    @property
    def win_rate_by_agent(self) -> dict[str, float]:
        """Per agent label: wins / (hands × seats the agent holds)."""
        out = {}
        for a in dict.fromkeys(self.agents):
            out[a] = rate(self.count(f"win.agent:{a}"), self.hands * self.agents.count(a))
        return out

    @property
    def dealer_win_rate(self) -> float:
        """Share of hands won by the dealer."""
        return rate(self.count("dealer_win"), self.hands)

    @property
    def small_hu_rate(self) -> float:
        """Share of hands won with a small hu (W7)."""
        return rate(self.count("small"), self.hands)

    @property
    def big_hu_rate(self) -> float:
        """Share of hands won with at least one big hu (W6)."""
        return rate(self.count("big"), self.hands)

    @property
    def big_hu_rates(self) -> dict[str, float]:
        """Per big hu type: share of hands won with it (types add up, S4, so these can overlap)."""
        return {b: rate(self.count(f"big.{b}"), self.hands) for b in BIG_HU}

    @property
    def hard_share(self) -> float:
        """Share of wins that were 硬胡 (W9); ``1 - hard_share`` were 软胡."""
        return rate(self.count("hard"), self.wins)

    @property
    def how_rates(self) -> dict[str, float]:
        """Per way of winning (zimo, gangshanghua, haidilao, fangchong, qianggang): share of hands."""
        return {h: rate(self.count(f"how.{h}"), self.hands) for h in HOWS}

    @property
    def self_drawn_rate(self) -> float:
        """Share of hands won self-drawn (自摸, 杠上开花 and 海底捞 together)."""
        return rate(sum(self.count(f"how.{h}") for h in SELF_DRAWN), self.hands)

    @property
    def yinding_rate(self) -> float:
        """Share of hands where at least one loser reached the 银顶 (X1, X2)."""
        return rate(self.count("yinding"), self.hands)

    @property
    def jinding_rate(self) -> float:
        """Share of hands where all three losers reached it: 金顶 (X1, X2, D9)."""
        return rate(self.count("jinding"), self.hands)

    @property
    def liability_counts(self) -> dict[str, int]:
        """承包 cases by rule (L1 全求人, L2 清一色, L3 抢杠)."""
        return {c: self.count(f"liability.{c}") for c in LIABILITY}

    @property
    def bot_faults(self) -> dict[str, int]:
        """Per agent label, the faults of a bot of the line protocol played as the safest
        action (``on_error="pass"``, :class:`~wuhanmj.agents.process.ProcessAgent`); empty
        when there were none."""
        return {k[len("bot_faults.agent:"):]: v for k, v in self.counts if k.startswith("bot_faults.agent:")}

    @property
    def payments_by_seat(self) -> tuple[Moments, Moments, Moments, Moments]:
        """Per seat, the moments of its payment per hand (draws count as 0)."""
        return _by_seat(lambda s: self.moment(f"pay.seat{s}"))

    @property
    def payments_by_agent(self) -> dict[str, Moments]:
        """Per agent label, the moments of its payment per hand and seat held."""
        return {a: self.moment(f"pay.agent:{a}") for a in dict.fromkeys(self.agents)}

    @property
    def payment_ci95_by_agent(self) -> dict[str, tuple[float, float]]:
        """Per agent label, the 95 % interval of its mean payment per hand and seat held,
        clustered by hand: each hand is one observation (the mean payment of the seats
        the agent holds in it), since the seats of one hand are not independent (their
        payments sum to 0, X5). ``nan`` for a result without ``pay.agent_hand`` moments
        (read from JSON written before they existed)."""
        out = {}
        for a in dict.fromkeys(self.agents):
            k = self.agents.count(a)
            lo, hi = self.moment(f"pay.agent_hand:{a}").ci95
            out[a] = (lo / k, hi / k)
        return out

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
                    **seat_figures(self, s),  # self-draw, deal-in, fan, quantiles
                }
            )
        agents = []
        agent_ci = self.payment_ci95_by_agent
        for a, m in self.payments_by_agent.items():
            lo, hi = agent_ci[a]
            agents.append(
                {
                    "agent": a,
                    "seats": [s for s in range(4) if self.agents[s] == a],
                    "wins": self.count(f"win.agent:{a}"),
                    "win_rate": self.win_rate_by_agent[a],
                    "payment_mean": m.mean,
                    "payment_std": m.std,
                    "payment_ci95": [lo, hi],
                    **agent_figures(self, a),  # self-draw, deal-in, fan, quantiles
                }
            )
        return {
            "hands": self.hands,
            "seed": self.seed,
            "seeds": list(self.seeds),
            "matches": [list(m) for m in self.matches],
            "match_hands": self.match_hands,
            "engine": self.engine,
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
            "bot_faults": self.bot_faults,
            "mean_length": self.mean_length,
            "mean_decisions": self.mean_decisions,
            "tally": self.tally().to_dict(),
        }

    def to_json(self, indent: int | None = 2) -> str:
        """:meth:`to_dict` as JSON text (undefined figures such as a rate of 0 hands are ``null``)."""
        return json.dumps(nan_to_none(self.to_dict()), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SimulationResult:
        """Rebuild a result from :meth:`to_dict` (only ``seed``, ``rules``, ``agents``,
        ``match_hands``, ``tally``, ``matches`` and ``engine`` are read; without
        ``matches``, as written before it existed, one run from match 0 of ``seed``;
        without ``engine``, ``"python"``, the only engine then). Raises StatsError
        or RulesError."""
        if not isinstance(d, Mapping):
            raise StatsError(f"result: expected a dict, got {type(d).__name__}")
        check_depth(d, StatsError, "result")
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
        matches = d.get("matches")
        if matches is not None and not isinstance(matches, (list, tuple)):
            raise StatsError(f"result: matches must be a list of [seed, first, stop], got {matches!r}")
        engine = d.get("engine", "python")
        if not isinstance(engine, str):
            raise StatsError(f"result: engine must be 'python', 'native' or 'native+python', got {engine!r}")
        out = cls.from_tally(
            tally, seed=seed, rules=Rules.from_dict(rules), agents=agents, match_hands=match_hands, matches=matches,
            engine=engine,
        )
        check_consistent(out, d.get("hands"))
        return out

    @classmethod
    def from_json(cls, text: str) -> SimulationResult:
        """Inverse of :meth:`to_json`. Raises StatsError (not JSON, nested deeper than
        :data:`wuhanmj._json.MAX_DEPTH` levels, or a malformed result) or RulesError."""
        return cls.from_dict(load_json(text, StatsError, "result"))

    def rows(self) -> list[tuple[str, str, float | int | str]]:
        """The figures as ``(metric, key, value)`` rows (the CSV form; the ``agent`` rows' value is a label)."""
        r: list[tuple[str, str, float | int | str]] = [
            ("hands", "", self.hands),
            *((("seed", "", self.seed),) if len(self.seeds) == 1 else (("seed", "merged", x) for x in self.seeds)),
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
        agent_ci = self.payment_ci95_by_agent
        for a, m in self.payments_by_agent.items():
            key = f"agent:{a}"
            lo, hi = agent_ci[a]
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
        r += extra_rows(self)  # the figures of wuhanmj.stats.figures
        return r

    def to_csv(self) -> str:
        """The figures as CSV text with the header ``metric,key,value`` (long format)."""
        import csv

        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(("metric", "key", "value"))
        for metric, key, value in self.rows():
            w.writerow((metric, key, "" if isinstance(value, float) and math.isnan(value) else value))
        return buf.getvalue()

    def summary(self) -> str:
        """A readable multi-line table of the main figures."""
        from .summary import summary  # the text layout lives with the reports

        return summary(self)


def check_consistent(r: SimulationResult, hands: Any = None) -> None:
    """Check that a result read from a file is one a run can give, so that a damaged or
    edited file is refused instead of reported as nonsense.

    Every hand is a draw or one seat's win, so the draws and the wins by seat add up to
    the hands, and so do the wins by agent, small + big, hard + soft and the ways of
    winning (the wins); no event count exceeds the hands; every hand observes each
    seat's payment, its length and its decisions once, and the payments of a hand sum to
    0 (X5), so their totals do too; ``hands`` (the file's own field, when given) is the
    tally's; the hands fit the matches the result holds (``match_hands`` a match, the
    last of a run maybe shorter).

    Raises:
        StatsError: the first inconsistency found, named (``result: …``).
    """
    n = r.hands

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise StatsError(f"result: inconsistent: {what} (a damaged or edited file?)")

    if hands is not None:
        need(isinstance(hands, int) and not isinstance(hands, bool) and hands == n,
             f"'hands' is {hands!r} but the tally holds {n} hands")
    wins = n - r.count("draws")
    need(wins >= 0, f"{r.count('draws')} draws in {n} hands")
    by_seat = sum(r.count(f"win.seat{s}") for s in range(4))
    need(by_seat == wins, f"the wins by seat add up to {by_seat}, the hands less the draws are {wins}")
    by_agent = sum(r.count(f"win.agent:{a}") for a in dict.fromkeys(r.agents))
    need(by_agent == wins, f"the wins by agent add up to {by_agent}, not the {wins} wins")
    for label, total in (("small + big hu", r.count("small") + r.count("big")),
                         ("hard + soft", r.count("hard") + r.count("soft")),
                         ("the ways of winning", sum(r.count(f"how.{h}") for h in HOWS))):
        need(total == wins, f"{label} add up to {total}, not the {wins} wins")
    for key, v in r.counts:
        if key == "yinding_losers":
            need(v <= 3 * n, f"count {key!r} is {v}, more than 3 losers a hand")
        elif not key.startswith(("payhist.", "fanhist.", "bot_faults.")):
            need(v <= n, f"count {key!r} is {v}, more than the {n} hands")
    for key in ("length", "decisions", *(f"pay.seat{s}" for s in range(4))):
        m = r.moment(key)
        need(m.n == n, f"{key!r} holds {m.n} observations, not one a hand ({n})")
    paid: Exact = 0
    for s in range(4):
        paid += r.moment(f"pay.seat{s}").total
    need(paid == 0, f"the payments add up to {paid}, not 0 (every settlement sums to zero, X5)")
    check_histograms(r, need)
    if r.matches and r.match_hands:
        most = sum((b - a) * r.match_hands for _, a, b in r.matches)
        least = sum((b - a - 1) * r.match_hands + 1 for _, a, b in r.matches)
        need(least <= n <= most, f"{n} hands do not fit the matches it holds ({least}..{most} hands)")


ENGINE_NAMES = ("native", "python")
"""The engines a result may name (:attr:`SimulationResult.engine`)."""


def _engine_text(engine: Any) -> str:
    """``engine`` checked: one engine name, or several sorted and joined by ``+``."""
    parts = engine.split("+") if isinstance(engine, str) else None
    if not parts or any(p not in ENGINE_NAMES for p in parts) or parts != sorted(set(parts)):
        raise StatsError(f"result: engine must be 'python', 'native' or 'native+python', got {engine!r}")
    return engine


def _match_ranges(matches: Any) -> tuple[tuple[int, int, int], ...]:
    """``matches`` as sorted ``(seed, first, stop)`` int triples; StatsError when a
    triple is malformed or two ranges of one seed overlap."""
    out = []
    for m in matches:
        if (
            not isinstance(m, (list, tuple))
            or len(m) != 3
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in m)
            or m[0] < 0
            or not 0 <= m[1] < m[2]
        ):
            raise StatsError(f"result: matches: expected [seed >= 0, first >= 0, stop > first], got {m!r}")
        out.append((int(m[0]), int(m[1]), int(m[2])))
    out.sort()
    for (s, _, b), (s2, a2, _) in zip(out, out[1:]):
        if s == s2 and a2 < b:
            raise StatsError(f"result: matches: the ranges of seed {s} overlap from match {a2}")
    return tuple(out)


def _tally_of_moments(key: str, m: Moments) -> Tally:
    t = Tally()
    if m.n:
        t._n[key], t._s[key], t._s2[key] = m.n, m.total, m.total_sq  # noqa: SLF001
    return t

