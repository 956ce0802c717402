"""Rule sets: :class:`Rules` and the three presets of RULES.md §10.

A rule set is data: every decision of RULES.md that the two seeds make
differently is one field, so both readings (and any mix) can be played.

>>> Rules.kaikou().cap, Rules.koukou().gold_cap, Rules.koukou_fan().min_fan
(300, 500, 6)
>>> Rules.preset("koukou_fan").replace(bi=False).name
'custom'
"""

from __future__ import annotations

import dataclasses
import math
import numbers
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from .errors import RulesError

__all__ = ["Rules", "PRESETS", "preset_key"]

PRESETS = ("kaikou", "koukou", "koukou_fan")


def preset_key(name: Any) -> Any:
    """A preset's name in any case as the preset's own (``"KAIKOU"`` → ``"kaikou"``, also
    ``"CUSTOM"`` → ``"custom"``): names are case-insensitive wherever they are parsed,
    like agent names. Anything else is returned as it is (for the caller to refuse).

    >>> preset_key("Koukou_Fan"), preset_key("nope")
    ('koukou_fan', 'nope')
    """
    if isinstance(name, str):
        low = name.lower()
        if low in PRESETS or low == "custom":
            return low
    return name
"""Names accepted by :meth:`Rules.preset` (RULES.md §10)."""

_DEFAULT_MONEY = ((6, 10), (7, 20), (8, 40), (9, 80), (10, 100))

_COERCED: dict[str, Rules] = {}  # Rules.coerce: the presets by name, made once

# RULES.md §10: each preset as its differences from the field defaults (which are kaikou's).
_PRESET_FIELDS: dict[str, dict[str, Any]] = {
    "kaikou": {"name": "kaikou"},
    "koukou": {"name": "koukou", "opening": "per_opening", "gold_cap": 500, "escape_penalty": 500},
    "koukou_fan": {
        "name": "koukou_fan",
        "opening": "per_opening",
        "schedule": "fan",
        "gold_cap": 500,
        "escape_penalty": 150,  # M3, D15: the fan schedule's 金顶, gold_money (money)
        "min_fan": 6,
        "pizi": True,
        "bi": True,
        "wind_laizi_double": True,
        "qqr_liability": "holds_non_jiang",
        "hu_order": "discarder",
        "second_laizi": "play_out",
    },
}

_CHOICES = {
    "opening": ("once", "per_opening"),
    "schedule": ("points", "fan"),
    "qqr_liability": ("not_ready", "holds_non_jiang"),
    "jinding": ("fixed", "ceiling"),
    "hu_order": ("discarder", "dealer"),
    "gang_cutoff": ("haidi", "dead_wall"),
    "second_laizi": ("keep", "play_out"),
    "qqr_pair": ("w2", "258"),
    "claim_turn_gang": ("after_draw", "any"),
}
_BOOLS = ("pizi", "bi", "wind_laizi_double", "xiayu", "gangkai_haidi_zimo")


def _is_number(x: object) -> bool:
    """A finite real number (NaN and infinities would poison every payment, X5)."""
    return isinstance(x, numbers.Real) and not isinstance(x, bool) and math.isfinite(x)


# Upper bounds keep nonsense out (a loser's fan never exceeds ~40; the wall leaves 82
# tiles to draw after the deal and the indicator, G1, and the 海底 phase needs 4 of them, G3).
_INT_LIMITS = {"cap_fan": 64, "big_hu_fan": 64, "dead_wall": 78}


def _plain(x: numbers.Real) -> int | float:
    """A numpy or other Real number as a plain int or float (JSON-ready, hashable alike)."""
    return int(x) if isinstance(x, numbers.Integral) else float(x)


def _is_int(x: object) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def _money_pairs(money: object) -> tuple[tuple[int, int | float], ...]:
    """Normalise a money table (mapping or pairs; keys may be digit strings from JSON)."""
    if isinstance(money, Mapping):
        items = list(money.items())
    else:
        try:
            # duck-typed: anything not iterable (or with non-iterable entries) raises TypeError here
            items = [tuple(p) for p in cast("Iterable[Any]", money)]
        except TypeError:
            raise RulesError(f"money: expected a mapping fan -> money, got {money!r}") from None
    pairs = []
    for item in items:
        if len(item) != 2:
            raise RulesError(f"money: entry {item!r} is not a (fan, money) pair")
        k, v = item
        if isinstance(k, str) and k.strip().lstrip("-").isdigit():
            k = int(k)
        if not _is_int(k):
            raise RulesError(f"money: fan {k!r} is not an integer")
        if not _is_number(v) or v <= 0:
            raise RulesError(f"money: amount {v!r} for fan {k} must be a finite positive number")
        pairs.append((int(k), _plain(v)))
    pairs.sort()
    if len({k for k, _ in pairs}) != len(pairs):
        raise RulesError("money: a fan appears twice")
    return tuple(pairs)


def _field_text(v: object) -> str:
    """A rule field's value as a rules file writes it (``true``, ``320``, ``discarder``)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, tuple):  # the money table (X2): fan:money pairs
        return "{" + ", ".join(f"{k}: {m}" for k, m in v) + "}"
    return str(v)


@dataclass(frozen=True, slots=True)
class Rules:
    """One rule set (RULES.md §10). Immutable; build with a preset and :meth:`replace`.
    Units are in brackets.

    Fields:
        name: the preset name, or ``"custom"`` once a field differs from it.
        opening: S1 opening fan, ``"once"`` (开口翻: 1 fan if opened at all) or
            ``"per_opening"`` (口口翻: 1 fan per opening).
        schedule: ``"points"`` (X1, seed 000) or ``"fan"`` (X2, seed 001).
        cap: 银顶 per loser [points] (X1).
        gold_cap: 金顶 per loser [points] when all three losers reach ``cap`` (X1, D9).
        cap_fan: 银顶 [fan] (X2).
        money: fan → money table (X2) as sorted ``(fan, money)`` pairs; a dict
            is accepted and converted. Must cover every fan from ``min_fan``
            (0 when None) to ``cap_fan`` under the fan schedule, strictly increasing.
        gold_money: 金顶 [money] (X2).
        min_fan: 起胡 [fan] (W11), or None for no minimum.
        pizi: 痞子 in play (R3).
        bi: 闭 doubling (X3).
        wind_laizi_double: 风翻/连癞翻 doubling (X4).
        qqr_liability: L1 test, ``"not_ready"`` (seed 000) or ``"holds_non_jiang"`` (seed 001).
        big_hu_fan: fan of one big hu (S4); each further type adds 1.
        jinding: ``"fixed"`` (D9: every loser pays exactly the gold cap) or
            ``"ceiling"`` (the gold cap is only a higher ceiling: each loser
            pays its own amount, up to it; under the fan schedule the amount
            above ``cap_fan`` is the money at ``cap_fan`` doubled per fan).
        dead_wall: tiles of the 海底 never drawn by a normal draw (G2).
        escape_penalty: 逃跑 penalty [points, or money under the fan schedule]
            (M3, D7, D15): the schedule's 金顶 in every preset (400, 500, 150).
        hu_order: 一炮单响 (P2, D11): when several players may win on one tile, the
            first in turn order counted from the discarder (``"discarder"``, seed
            001) or from the dealer (``"dealer"``, seed 000) wins.
        gang_cutoff: G4, D12: a gang or special play is legal only while more than
            ``dead_wall + 4`` tiles are left (``"haidi"``: its replacement never
            takes one of the 海底's last four) or more than ``dead_wall``
            (``"dead_wall"``, the looser reading).
        second_laizi: W8, D13: ``"keep"`` lets a player keep a second 癞子;
            ``"play_out"``: a player that was ready (D10) holding one 癞子 and
            draws a second must, unless it declares a legal win, make a 癞子杠
            before any other play of that turn (unless G4 forbids special plays).
        xiayu: 下雨/陪包 (L5, D14): after a player's third opening makes its melds
            one suit (L2), a player who discards another kind while it could have
            discarded that suit is co-liable and pays as much as the liable player
            if the hand is won as that 清一色.
        gangkai_haidi_zimo: D4: 杠上开花 and 海底捞 also count 自摸 (×1.5 under the
            points schedule, +1 自摸 fan under the fan schedule; seed 000 read
            literally). False in every preset (seed 001: 不再另计自摸).
        qqr_pair: 全求人's pair (W6, D16): ``"w2"`` follows W2 (any pair when the
            hand is also 碰碰胡 or 一色, else 2/5/8); ``"258"`` always asks 2/5/8.
        claim_turn_gang: P1, D18: ``"after_draw"`` (every preset): in a turn that began
            with a 碰 or 吃 the claimer may make special plays (P3) and discards, but
            暗杠 and 蓄杠 wait for a turn that began with its own draw (a 冲杠's
            replacement draw is one); ``"any"``: a 暗杠 or 蓄杠 straight after a 碰/吃
            is allowed too.

    Raises:
        RulesError: a field out of range or of the wrong type; the message names the field.
    """

    name: str = "kaikou"
    opening: Literal["once", "per_opening"] = "once"
    schedule: Literal["points", "fan"] = "points"
    cap: int | float = 300
    gold_cap: int | float = 400
    cap_fan: int = 10
    money: tuple[tuple[int, int | float], ...] = field(default=_DEFAULT_MONEY)
    gold_money: int | float = 150
    min_fan: int | None = None
    pizi: bool = False
    bi: bool = False
    wind_laizi_double: bool = False
    qqr_liability: Literal["not_ready", "holds_non_jiang"] = "not_ready"
    big_hu_fan: int = 3
    jinding: Literal["fixed", "ceiling"] = "fixed"
    dead_wall: int = 10
    escape_penalty: int | float = 400
    hu_order: Literal["discarder", "dealer"] = "dealer"
    gang_cutoff: Literal["haidi", "dead_wall"] = "haidi"
    second_laizi: Literal["keep", "play_out"] = "keep"
    xiayu: bool = False
    gangkai_haidi_zimo: bool = False
    qqr_pair: Literal["w2", "258"] = "w2"
    claim_turn_gang: Literal["after_draw", "any"] = "after_draw"

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise RulesError(f"name: expected a non-empty str, got {self.name!r}")
        for f, choices in _CHOICES.items():
            v = getattr(self, f)
            if v not in choices:
                raise RulesError(f"{f}: expected one of {', '.join(choices)}, got {v!r}")
        for f in _BOOLS:
            v = getattr(self, f)
            if not isinstance(v, bool):
                raise RulesError(f"{f}: expected True or False, got {v!r}")
        for f in ("cap", "gold_cap", "gold_money", "escape_penalty"):
            v = getattr(self, f)
            if not _is_number(v) or v < 0:
                raise RulesError(f"{f}: expected a finite non-negative number, got {v!r}")
        for f in ("cap", "gold_cap", "gold_money", "escape_penalty", "cap_fan", "big_hu_fan", "dead_wall"):
            v = getattr(self, f)
            if isinstance(v, numbers.Real) and not isinstance(v, bool) and type(v) not in (int, float):
                object.__setattr__(self, f, _plain(v))
        if self.min_fan is not None and _is_int(self.min_fan) and type(self.min_fan) is not int:
            object.__setattr__(self, "min_fan", int(self.min_fan))
        if self.cap <= 0:
            raise RulesError(f"cap: must be positive, got {self.cap!r}")
        if self.gold_cap < self.cap:
            raise RulesError(f"gold_cap: {self.gold_cap!r} is below cap {self.cap!r}")
        for f, top in _INT_LIMITS.items():
            v = getattr(self, f)
            if not _is_int(v) or not 0 <= v <= top:
                raise RulesError(f"{f}: expected an integer from 0 to {top}, got {v!r}")
        if self.cap_fan < 1:
            raise RulesError(f"cap_fan: must be at least 1, got {self.cap_fan!r}")
        if self.min_fan is not None:
            if not _is_int(self.min_fan) or self.min_fan < 0:
                raise RulesError(f"min_fan: expected None or a non-negative integer, got {self.min_fan!r}")
            if self.min_fan > self.cap_fan:
                raise RulesError(f"min_fan: {self.min_fan} is above cap_fan {self.cap_fan}")
        money = _money_pairs(self.money)
        object.__setattr__(self, "money", money)
        for (k0, v0), (k1, v1) in zip(money, money[1:]):
            if v1 <= v0:
                raise RulesError(f"money: not increasing ({k0} fan -> {v0}, {k1} fan -> {v1})")
        if self.schedule == "fan":
            if not money:
                raise RulesError("money: the fan schedule needs a money table")
            lo = 0 if self.min_fan is None else self.min_fan
            keys = {k for k, _ in money}
            missing = [k for k in range(lo, self.cap_fan + 1) if k not in keys]
            if missing:
                raise RulesError(
                    f"money: the fan schedule needs an amount for every fan from {lo} "
                    f"(min_fan) to {self.cap_fan} (cap_fan); missing {missing}"
                )
            above = sorted(k for k in keys if k > self.cap_fan)
            if above:
                raise RulesError(f"money: fan {above} above cap_fan {self.cap_fan}")
            if self.gold_money < money[-1][1]:
                raise RulesError(
                    f"gold_money: {self.gold_money!r} is below the money at cap_fan ({money[-1][1]!r})"
                )

        if self.name != "custom":
            self._check_name()

    def _check_name(self) -> None:
        """A preset's name promises the preset's fields; anything else is ``"custom"``."""
        if self.name not in PRESETS:
            raise RulesError(f"name: unknown preset {self.name!r}; expected one of {', '.join(PRESETS)} or 'custom'")
        preset = _PRESET_FIELDS[self.name]
        for f in dataclasses.fields(self):
            want = preset.get(f.name, f.default)
            if f.name != "name" and getattr(self, f.name) != want:
                raise RulesError(
                    f"name: {self.name!r} promises {f.name} = {want!r}, got {getattr(self, f.name)!r}; "
                    "name a changed rule set 'custom'"
                )

    # ------------------------------------------------------------ presets
    @classmethod
    def kaikou(cls) -> Rules:
        """开口翻, points schedule, 300/400 (seed 000; RULES.md §10)."""
        return cls(**_PRESET_FIELDS["kaikou"])

    @classmethod
    def koukou(cls) -> Rules:
        """口口翻, points schedule, 300/500 (seed 000; RULES.md §10)."""
        return cls(**_PRESET_FIELDS["koukou"])

    @classmethod
    def koukou_fan(cls) -> Rules:
        """口口番, fan schedule, 10 fan / 150 money, 起胡 6, 痞子, 闭, 风翻/连癞翻, 一炮单响 from
        the discarder, a second 癞子 played out, escape 150 money (seed 001; §10)."""
        return cls(**_PRESET_FIELDS["koukou_fan"])

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset named ``name`` (one of :data:`PRESETS`, in any case: ``"KAIKOU"``).
        Raises RulesError otherwise."""
        name = preset_key(name)
        if name == "kaikou":
            return cls.kaikou()
        if name == "koukou":
            return cls.koukou()
        if name == "koukou_fan":
            return cls.koukou_fan()
        raise RulesError(f"name: unknown preset {name!r}; expected one of {', '.join(PRESETS)}")

    @classmethod
    def coerce(cls, rules: Rules | str | None) -> Rules:
        """The rule set every function taking ``rules`` uses: a :class:`Rules` as it is,
        a preset name (one of :data:`PRESETS`) as that preset, None as ``kaikou``.

        Raises:
            RulesError: anything else (an unknown name, a dict, a number …), named ``rules``.
        """
        if type(rules) is cls or isinstance(rules, Rules):
            return rules
        if rules is None:
            rules = "kaikou"
        if isinstance(rules, str):
            rules = preset_key(rules)
            if rules not in _COERCED:
                if rules not in PRESETS:
                    raise RulesError(f"rules: unknown preset {rules!r}; expected one of {', '.join(PRESETS)}")
                _COERCED[rules] = cls.preset(rules)  # immutable: one shared object per preset
            return _COERCED[rules]
        raise RulesError(
            f"rules: expected a Rules, a preset name ({', '.join(PRESETS)}) or None, got {type(rules).__name__}"
        )

    # ------------------------------------------------------------ changes
    def label(self) -> str:
        """The rule set's name for a summary or a scoring sheet: the preset's name, or for a
        custom set the preset it differs least from and the changed fields, written as a
        rules file writes them (the first preset of :data:`PRESETS` on a tie).

        >>> Rules.kaikou().replace(cap=320, xiayu=True).label()
        'custom (kaikou with cap=320, xiayu=true)'
        >>> Rules.koukou_fan().label()
        'koukou_fan'
        """
        if self.name != "custom":
            return self.name
        names = [f.name for f in dataclasses.fields(self) if f.name != "name"]
        best: tuple[str, list[str]] | None = None
        for p in PRESETS:
            base = Rules.preset(p)
            diff = [n for n in names if getattr(self, n) != getattr(base, n)]
            if best is None or len(diff) < len(best[1]):
                best = (p, diff)
        assert best is not None  # PRESETS is not empty
        p, diff = best
        if not diff:
            return f"custom (= {p})"
        return f"custom ({p} with {', '.join(f'{n}={_field_text(getattr(self, n))}' for n in diff)})"

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed; ``name`` becomes ``"custom"`` unless given
        or unless every change keeps the old value. Raises RulesError on an unknown field."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise RulesError(f"{unknown[0]}: unknown rule field")
        if "money" in changes:
            changes["money"] = _money_pairs(changes["money"])
        if "name" not in changes and any(getattr(self, k) != v for k, v in changes.items()):
            changes["name"] = "custom"
        return dataclasses.replace(self, **changes)

    @property
    def gang_floor(self) -> int:
        """G4, D12: a gang or special play is legal only while MORE than this many tiles
        are left: ``dead_wall + 4`` (``gang_cutoff = "haidi"``) or ``dead_wall``."""
        return self.dead_wall + 4 if self.gang_cutoff == "haidi" else self.dead_wall

    def money_for(self, fan: int) -> int | float:
        """The money of ``fan`` from the table (X2). Raises RulesError when it has no entry."""
        for k, v in self.money:
            if k == fan:
                return v
        raise RulesError(f"money: no amount for {fan} fan")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field (``money`` as ``{fan: money}`` with int keys)."""
        d = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        d["money"] = dict(self.money)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Rules:
        """Inverse of :meth:`to_dict`. Missing fields come from the preset named by
        ``d["name"]`` (``kaikou`` when absent or ``"custom"``); the name becomes
        ``"custom"`` when a field differs from that preset. ``money`` keys may be
        strings (JSON). Raises RulesError on an unknown field, a bad value, or a
        ``name`` that is neither a preset nor ``"custom"``."""
        if not isinstance(d, Mapping):
            raise RulesError(f"rules: expected a mapping, got {type(d).__name__}")
        name = preset_key(d.get("name", "kaikou"))
        if name != "custom" and name not in PRESETS:
            # a misspelt preset must not quietly become kaikou
            raise RulesError(f"name: unknown preset {name!r}; expected one of {', '.join(PRESETS)} or 'custom'")
        base = cls.kaikou() if name == "custom" else cls.preset(name)
        changes = {k: v for k, v in d.items() if k != "name"}
        out = base.replace(**changes)
        if name == "custom":
            out = dataclasses.replace(out, name="custom")
        return out
