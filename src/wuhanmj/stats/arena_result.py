"""What an arena measures: :class:`ArenaResult` (built by :func:`wuhanmj.sim.arena.arena`).

Every game of every seating is tallied as in a simulation (:func:`tally_outcome`, with the
seating's labels, so the per-agent counts gather an agent's seat-hands over every
seating), plus the paired sums of :mod:`wuhanmj.stats.paired` per agent (``agent:<label>``)
and per challenger (``diff:<label>``), the unpaired observations (``unp.c:`` / ``unp.b:``)
and the trace of the differences by bin of matches. Figures are derived from the exact
tally; payments are in the rule set's unit (points, X1, or money, X2) per hand.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .._json import check_depth, load_json, nan_to_none
from ..errors import SimulationError, StatsError
from ..rules import Rules
from .control import control_variate
from .figures import unit_figures
from .labels import legend, short_labels
from .paired import clustered, iid_interval
from .tally import Moments, Tally, rate

__all__ = ["ArenaResult", "MODES", "scales", "seatings_of", "width_text", "FEW_CLUSTERS"]


MODES = ("1v3", "2v2", "rotate")
"""The arena's modes (see the module docstring)."""


def seatings_of(mode: str, n_agents: int, baseline: int) -> tuple[list[tuple[int, int, int, int]], dict[int, list[int]]]:
    """The seatings of a mode (agent indices by seat) and, per challenger, the seatings
    that compare it with the baseline.

    Raises:
        SimulationError: an unknown mode, or ``rotate`` without exactly four agents.
    """
    if mode not in MODES:
        raise SimulationError(f"mode: expected one of {', '.join(MODES)}, got {mode!r}")
    others = [a for a in range(n_agents) if a != baseline]
    seatings: list[tuple[int, int, int, int]] = []
    groups: dict[int, list[int]] = {}
    b = baseline
    if mode == "rotate":
        if n_agents != 4:
            raise SimulationError(f"mode rotate: needs exactly 4 agents, got {n_agents}")
        for r in range(4):
            seatings.append((r % 4, (1 + r) % 4, (2 + r) % 4, (3 + r) % 4))
        return seatings, {c: [0, 1, 2, 3] for c in others}
    for c in others:
        first = len(seatings)
        if mode == "1v3":
            for s in range(4):
                seat = [b, b, b, b]
                seat[s] = c
                seatings.append((seat[0], seat[1], seat[2], seat[3]))
        else:
            seatings += [(c, b, c, b), (b, c, b, c)]
        groups[c] = list(range(first, len(seatings)))
    return seatings, groups


def _slots(seatings: Sequence[Sequence[int]], agent: int, which: Sequence[int]) -> int:
    return sum(seatings[j].count(agent) for j in which)


def scales(r: Any) -> tuple[dict[int, int], dict[int, tuple[int, int, int]]]:
    """Per agent its slots over all seatings (the divisor of its wall value), and per
    challenger ``(L, f_c, f_b)``: its difference is kept times ``L``, the least common
    multiple of its slots ``k_c`` and the baseline's ``k_b`` over its ``G`` seatings; a
    game's scaled difference is ``f_c·Σ(its payments) − f_b·Σ(the baseline's)`` with
    ``f = L/k``, and a wall's the sum of its games' (every seating of a group seats each
    agent alike, so a game's own difference is kept times ``L/G``).
    ``r``: anything with ``seatings``, ``groups``, ``labels``/``agents`` and ``baseline``."""
    labels = getattr(r, "labels", None) or r.agents
    every = range(len(r.seatings))
    k = {a: _slots(r.seatings, a, every) for a in range(len(labels))}
    d = {}
    for c, js in r.groups:
        kc, kb = _slots(r.seatings, c, js), _slots(r.seatings, r.baseline, js)
        lcm = kc * kb // math.gcd(kc, kb)
        d[c] = (lcm, lcm // kc, lcm // kb)
    return k, d


@dataclass(frozen=True)
class ArenaResult:
    """The statistics of an arena; immutable.

    Fields:
        mode: ``"1v3"``, ``"2v2"`` or ``"rotate"``.
        agents: the agents' labels (unique); ``baseline`` the index of the baseline.
        seatings: per seating, the agent index of seats 0–3.
        groups: per challenger, ``(agent index, its seatings)``.
        hands: walls played (each once per seating); seed, rules, match_hands: the run.
        counts, moments: the exact tally (sorted pairs).
        rating: openskill ratings ``{label: {"mu", "sigma", "ordinal"}}`` or None.
    """

    mode: str
    agents: tuple[str, ...]
    baseline: int
    seatings: tuple[tuple[int, int, int, int], ...]
    groups: tuple[tuple[int, tuple[int, ...]], ...]
    hands: int
    seed: int
    rules: Rules
    match_hands: int
    counts: tuple[tuple[str, int], ...] = field(repr=False)
    moments: tuple[tuple[str, Moments], ...] = field(repr=False)
    rating: dict[str, dict[str, float]] | None = None

    @classmethod
    def from_tally(cls, tally: Tally, *, mode: str, agents: Sequence[str], baseline: int,
                   seatings: Sequence[Sequence[int]], groups: Mapping[int, Sequence[int]] | Sequence[Any],
                   hands: int, seed: int, rules: Rules, match_hands: int,
                   rating: Mapping[str, Mapping[str, float]] | None = None) -> ArenaResult:
        """Freeze a tally into a result."""
        items = groups.items() if isinstance(groups, Mapping) else groups
        return cls(
            str(mode), tuple(agents), int(baseline),
            tuple((int(s[0]), int(s[1]), int(s[2]), int(s[3])) for s in seatings),
            tuple((int(c), tuple(int(j) for j in js)) for c, js in items),
            int(hands), int(seed), rules, int(match_hands),
            tuple((k, tally.counts[k]) for k in sorted(tally.counts)),
            tuple((k, tally.moments(k)) for k in tally.moment_keys()),
            None if rating is None else {a: dict(v) for a, v in rating.items()},
        )

    # ------------------------------------------------------------ access
    def count(self, key: str) -> int:
        """A raw count (0 when absent)."""
        return dict(self.counts).get(key, 0)

    def moment(self, key: str) -> Moments:
        """Raw moments (empty when absent)."""
        return dict(self.moments).get(key, Moments())

    def tally(self) -> Tally:
        """A fresh :class:`Tally` with this result's numbers."""
        return Tally.from_dict({"counts": dict(self.counts), "moments": {k: m.to_dict() for k, m in self.moments}})

    @property
    def games(self) -> int:
        """Games played: walls × seatings."""
        return self.count("hands")

    def role(self, a: int) -> str:
        """``"baseline"`` or ``"challenger"``."""
        return "baseline" if a == self.baseline else "challenger"

    # ------------------------------------------------------------ figures
    def agent_figures(self, label: str) -> dict[str, Any]:
        """One agent's figures: its mean payment per hand over the walls with the paired
        95 % interval (``mean``, ``ci95``: each wall's mean over the agent's seat-hands,
        clustered by match), the unpaired interval of the same mean (``unpaired_ci95``:
        every game taken as independent), ``win_rate`` and :func:`unit_figures`
        (self-draw, deal-in, big-hu, 银顶/金顶, liability rates per seat-hand, mean fan,
        payment quantiles)."""
        a = self.agents.index(label)
        k, _ = scales(self)
        counts = dict(self.counts)
        moments = dict(self.moments)
        seat_hands = counts.get(f"seathands.agent:{label}", 0)
        paired = clustered(lambda key: moments.get(key, Moments()), f"agent:{label}", k[a])
        m = moments.get(f"pay.agent_hand:{label}", Moments())  # a game's sum over the agent's seats
        unp = iid_interval(m, Fraction(seat_hands, m.n) if m.n else 1)
        return {
            "agent": label, "role": self.role(a), "seat_hands": seat_hands,
            "mean": paired["mean"], "ci95": paired["ci95"], "unpaired_ci95": unp["ci95"],
            "win_rate": rate(counts.get(f"win.agent:{label}", 0), seat_hands),
            **unit_figures(counts, lambda key: moments.get(key, Moments()), f"agent:{label}", seat_hands),
        }

    def differences(self) -> list[dict[str, Any]]:
        """Per challenger, its paired difference against the baseline (its mean payment
        per hand minus the baseline's, wall by wall over the challenger's seatings):
        ``mean``, ``ci95``, ``p`` (two-sided t test of 0), ``t``, ``se``, ``df``, and the
        unpaired interval on the same data (``unpaired_ci95``: each game's own difference
        taken as an independent observation, t on games − 1 df, as if every game had a
        wall of its own)."""
        _, d = scales(self)
        moments = dict(self.moments)
        out = []
        for c, _js in self.groups:
            lab = self.agents[c]
            st = clustered(lambda key: moments.get(key, Moments()), f"diff:{lab}", d[c][0])
            per_game = Fraction(d[c][0], len(_js))
            unp = iid_interval(moments.get(f"unp.{lab}", Moments()), per_game)
            out.append({"agent": lab, "baseline": self.agents[self.baseline], **st,
                        "unpaired_ci95": unp["ci95"], "unpaired_se": unp["se"]})
        return out

    @property
    def has_control(self) -> bool:
        """The run kept the sums of the control-variate estimate (``arena(control=True)``)."""
        return any(k.startswith("cvref.") for k, _ in self.moments)

    def control_variates(self) -> list[dict[str, Any]]:
        """Per challenger, its difference against the baseline estimated with the luck of
        the deal as control variates (:func:`~wuhanmj.stats.control.control_variate`:
        ``mean``, ``ci95``, ``se``, ``df``, ``plain_se``, ``narrower``, ``beta``,
        ``covariates``, ``reference_walls``; with ``agent`` and ``baseline``); empty when
        the run kept no control sums (:attr:`has_control`)."""
        if not self.has_control:
            return []
        _, d = scales(self)
        moments = dict(self.moments)
        return [{"agent": self.agents[c], "baseline": self.agents[self.baseline],
                 **control_variate(lambda key: moments.get(key, Moments()), self.agents[c], d[c][0])}
                for c, _js in self.groups]

    def trace(self, label: str) -> list[dict[str, float]]:
        """The challenger's running paired difference by bin of matches: ``walls`` so far,
        ``mean`` and its 95 % band (normal, walls taken as independent) [per hand]."""
        c = self.agents.index(label)
        scale = scales(self)[1][c][0]
        head = f"trace.diff:{label}#"
        bins = sorted((k, m) for k, m in self.moments if k.startswith(head))
        out, acc = [], Moments()
        for _, m in bins:
            acc = acc + m
            mean, sem = acc.mean / scale, acc.sem / scale
            out.append({"walls": acc.n, "mean": mean, "lo": mean - 1.959963984540054 * sem,
                        "hi": mean + 1.959963984540054 * sem})
        return out

    @property
    def bot_faults(self) -> dict[str, int]:
        """Per agent label, the faults of a bot of the line protocol played as the safest
        action (``on_error="pass"``); empty when there were none."""
        return {k[len("bot_faults.agent:"):]: v for k, v in self.counts if k.startswith("bot_faults.agent:")}

    # ------------------------------------------------------------ output
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``kind: "arena"``, the run, the figures and the exact tally."""
        return {
            "kind": "arena", "mode": self.mode, "agents": list(self.agents), "baseline": self.baseline,
            "seatings": [list(s) for s in self.seatings], "groups": [[c, list(js)] for c, js in self.groups],
            "hands": self.hands, "games": self.games, "seed": self.seed, "match_hands": self.match_hands,
            "rules": self.rules.to_dict(),
            "by_agent": [self.agent_figures(a) for a in self.agents],
            "differences": self.differences(),
            "control_variates": self.control_variates(),
            "rating": self.rating,
            "bot_faults": self.bot_faults,
            "tally": Tally.to_dict(self.tally()),
        }

    def to_json(self, indent: int | None = 2) -> str:
        """:meth:`to_dict` as JSON (undefined figures are ``null``)."""
        return json.dumps(nan_to_none(self.to_dict()), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> ArenaResult:
        """Inverse of :meth:`to_dict` (the run's fields and the tally are read).

        Raises:
            StatsError: not an arena result, or malformed.
        """
        if not isinstance(d, Mapping) or d.get("kind") != "arena":
            raise StatsError("result: not an arena result (no kind 'arena')")
        check_depth(d, StatsError, "result")
        try:
            out = cls.from_tally(
                Tally.from_dict(d["tally"]), mode=d["mode"], agents=d["agents"], baseline=d["baseline"],
                seatings=d["seatings"], groups=[(c, js) for c, js in d["groups"]], hands=d["hands"],
                seed=d["seed"], rules=Rules.from_dict(d["rules"]), match_hands=d["match_hands"], rating=d.get("rating"),
            )
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise StatsError(f"result: malformed arena result: {err!r}") from None
        _check_consistent(out, d["hands"], d.get("games"))
        return out

    @classmethod
    def from_json(cls, text: str) -> ArenaResult:
        """Inverse of :meth:`to_json`."""
        return cls.from_dict(load_json(text, StatsError, "result"))

    def summary(self) -> str:
        """A readable table of the figures."""
        unit = "points" if self.rules.schedule == "points" else "money"
        lines = [
            f"arena {self.mode}: {', '.join(self.agents)} (baseline {self.agents[self.baseline]}); "
            f"{self.hands:,} walls x {len(self.seatings)} seatings = {self.games:,} games; rules {self.rules.label()}, "
            f"seed {self.seed}, matches of {self.match_hands} hands",
            "",
            f"agent         role          mean  95% CI (paired over walls)   win %  自摸 %  放冲 %  big %  "
            f"银顶 %  金顶 %  承包 %  fan   [{unit} per hand]",
        ]

        def pct(x: float) -> str:
            return "    -" if math.isnan(x) else f"{100 * x:5.1f}"

        def num(x: float) -> str:
            return "-" if math.isnan(x) else f"{x:+.2f}"

        short = short_labels(self.agents)
        for a in self.agents:
            f = self.agent_figures(a)
            lo, hi = f["ci95"]
            fan = "-" if math.isnan(f["mean_fan"]) else f"{f['mean_fan']:.2f}"
            lines.append(
                f"{short[a]:<12}  {f['role']:<10} {num(f['mean']):>8}  [{num(lo):>9}, {num(hi):>9}]"
                f"        {pct(f['win_rate'])}  {pct(f['self_draw_rate'])}  {pct(f['deal_in_rate'])}"
                f"  {pct(f['big_hu_rate'])}  {pct(f['yinding_rate'])}  {pct(f['jinding_rate'])}"
                f"  {pct(f['liability_rate'])} {fan:>5}"
            )
        lines += [f"  {line}" for line in legend(short)]
        lines += ["", "difference against the baseline, paired over walls (t, clustered by match):"]
        diffs = self.differences()
        for d in diffs:
            lo, hi = d["ci95"]
            ulo, uhi = d["unpaired_ci95"]
            ratio = (uhi - ulo) / (hi - lo) if hi > lo else math.nan
            p = d["p"]
            ptext = "-" if math.isnan(p) else (f"{p:.3g}" if p >= 1e-300 else "< 1e-300")
            lines.append(
                f"  {d['agent']} - {d['baseline']}: {num(d['mean'])} [{num(lo)}, {num(hi)}] {unit} per hand, "
                f"p = {ptext}; unpaired [{num(ulo)}, {num(uhi)}]" + width_text(ratio)
            )
        for cv in self.control_variates():
            lo, hi = cv["ci95"]
            ratio = cv["narrower"]
            how = "" if ratio is None else (f" ({ratio:.3f}x narrower than the paired one)" if ratio >= 1
                                            else f" ({100 * (1 / ratio - 1):.1f} % wider than the paired one)")
            lines.append(
                f"  {cv['agent']} - {cv['baseline']}, the deal's luck as control variates: {num(cv['mean'])} "
                f"[{num(lo)}, {num(hi)}]{how}; {cv['reference_walls']:,} reference walls"
            )
        clusters = min((d["matches"] for d in diffs), default=0)
        if clusters < FEW_CLUSTERS:
            lines.append(
                f"  warning: {clusters} match{'' if clusters == 1 else 'es'} (the clusters of the paired "
                f"intervals): fewer than {FEW_CLUSTERS}, so the intervals and p-values are rough "
                "(play more walls or longer runs)"
            )
        if self.rating:
            lines += ["", "rating (openskill Plackett-Luce, one game a wall):"]
            for a, r in sorted(self.rating.items(), key=lambda kv: -kv[1]["ordinal"]):
                lines.append(f"  {short[a]:<12} mu {r['mu']:6.2f}  sigma {r['sigma']:5.2f}  ordinal {r['ordinal']:6.2f}")
        if self.bot_faults:
            lines += ["", "bot faults played as the safest action (--on-bot-error pass): "
                      + ", ".join(f"{a} {n}" for a, n in self.bot_faults.items())]
        return "\n".join(lines)


def _check_consistent(r: ArenaResult, hands: Any, games_field: Any = None) -> None:
    """An arena result read from a file is one a run can give: a mode of :data:`MODES`,
    2 or more unique agent labels, the baseline one of them, the seatings and groups
    the mode's (:func:`seatings_of`), ``hands`` (walls) an integer >= 0, the tally's
    games ``hands × seatings`` (and the file's ``games``, when given), each game a draw
    or one seat's win, one length observed a game, the payments summing to 0 (X5).
    Raises StatsError."""

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise StatsError(f"result: inconsistent: {what} (a damaged or edited file?)")

    need(r.mode in MODES, f"mode must be one of {', '.join(MODES)}, got {r.mode!r}")
    need(len(r.agents) >= 2 and all(isinstance(a, str) for a in r.agents) and len(set(r.agents)) == len(r.agents),
         f"agents must be 2 or more unique labels, got {list(r.agents)!r}")
    need(0 <= r.baseline < len(r.agents), f"baseline {r.baseline} is not one of the {len(r.agents)} agents")
    try:
        seatings, groups = seatings_of(r.mode, len(r.agents), r.baseline)
    except SimulationError as err:
        need(False, str(err))
    need(tuple(seatings) == r.seatings and tuple((c, tuple(js)) for c, js in groups.items()) == r.groups,
         f"the seatings and groups are not those of mode {r.mode} with {len(r.agents)} agents")

    need(isinstance(hands, int) and not isinstance(hands, bool) and hands >= 0,
         f"hands must be an integer >= 0, got {hands!r}")
    games = r.count("hands")
    need(games == r.hands * len(r.seatings),
         f"{r.hands} walls × {len(r.seatings)} seatings are {r.hands * len(r.seatings)} games, the tally holds {games}")
    if games_field is not None:
        need(games_field == games and not isinstance(games_field, bool),
             f"'games' is {games_field!r} but the tally holds {games} games")
    wins = r.count("draws") + sum(r.count(f"win.seat{s}") for s in range(4))
    need(wins == games, f"draws and wins by seat add up to {wins}, not the {games} games")
    need(r.moment("length").n == games, f"'length' holds {r.moment('length').n} observations, not one a game")
    paid = sum(Fraction(r.moment(f"pay.seat{s}").total) for s in range(4))
    need(paid == 0, f"the payments add up to {paid}, not 0 (every settlement sums to zero, X5)")


FEW_CLUSTERS = 10
"""Below this many matches (the clusters of the paired t intervals) the summary warns."""


def width_text(ratio: float) -> str:
    """`` (1.4x wider)`` or `` (narrower: 0.3x the width)``: the unpaired interval's width
    ``ratio`` times the paired one's, as the summary says it; nothing when undefined.

    >>> from wuhanmj.stats.arena_result import width_text
    >>> width_text(1.44), width_text(0.3), width_text(float("nan"))
    (' (1.4x wider)', ' (narrower: 0.3x the width)', '')
    """
    if math.isnan(ratio):
        return ""
    if ratio >= 1:
        return f" ({ratio:.1f}x wider)"
    return f" (narrower: {ratio:.1f}x the width)"

