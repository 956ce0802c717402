"""Every field of :class:`~wuhanmj.rules.Rules` reaches the native engine's C struct
(``RulesC``, ``native/rulesc.pxd``) with the value the Python engine reads (§10).

``rules_to_c`` fills the struct field by field; a field it forgets stays 0 there, and the
native engine then plays another rule without a word. Here the expected C value of every
struct field is written out from the Rules value (the table ``C_FIELDS``, by hand from
RULES.md §10 and ``rulesc.pxd``'s comments), and compared with the struct read back
(``rulesc.rules_dict``) for every preset, every value of every field on each preset where
it is valid, and custom rule sets. A new Rules field fails
``test_every_rules_field_reaches_c`` until it has a C counterpart here (or is listed in
``PYTHON_ONLY`` with the reason); a new struct field fails until it has an expected value.
"""

from __future__ import annotations

import dataclasses
import typing

import pytest

from wuhanmj.errors import RulesError
from wuhanmj.native.constants import pxd_constants
from wuhanmj.native.rulesc import rules_dict
from wuhanmj.rules import PRESETS, Rules

MAX_MONEY_FAN = 64  # native/defs.pxd, checked against Rules' cap_fan limit in test_native_defs


def _money(r: Rules) -> list[float]:
    table = dict(r.money)
    return [float(table.get(fan, 0)) for fan in range(MAX_MONEY_FAN + 1)]


def _has_money(r: Rules) -> list[int]:
    table = dict(r.money)
    return [int(fan in table) for fan in range(MAX_MONEY_FAN + 1)]


# C struct field -> (the Rules fields it is made from, its expected value)
C_FIELDS: dict[str, tuple[tuple[str, ...], typing.Callable[[Rules], object]]] = {
    "per_opening": (("opening",), lambda r: int(r.opening == "per_opening")),              # S1
    "fan_schedule": (("schedule",), lambda r: int(r.schedule == "fan")),                   # X1, X2
    "cap": (("cap",), lambda r: float(r.cap)),                                             # 银顶
    "gold_cap": (("gold_cap",), lambda r: float(r.gold_cap)),                              # 金顶
    "cap_fan": (("cap_fan",), lambda r: r.cap_fan),
    "money": (("money",), _money),                                                         # X2
    "has_money": (("money",), _has_money),
    "gold_money": (("gold_money",), lambda r: float(r.gold_money)),
    "min_fan": (("min_fan",), lambda r: -1 if r.min_fan is None else r.min_fan),           # W11
    "pizi": (("pizi",), lambda r: int(r.pizi)),                                            # R3
    "bi": (("bi",), lambda r: int(r.bi)),                                                  # X3
    "wind_laizi_double": (("wind_laizi_double",), lambda r: int(r.wind_laizi_double)),     # X4
    "qqr_not_ready": (("qqr_liability",), lambda r: int(r.qqr_liability == "not_ready")),  # L1
    "big_hu_fan": (("big_hu_fan",), lambda r: r.big_hu_fan),                               # S4
    "jinding_fixed": (("jinding",), lambda r: int(r.jinding == "fixed")),                  # D9
    "dead_wall": (("dead_wall",), lambda r: r.dead_wall),                                  # G2
    "escape_penalty": (("escape_penalty",), lambda r: float(r.escape_penalty)),            # M3
    "hu_order_dealer": (("hu_order",), lambda r: int(r.hu_order == "dealer")),             # P2, D11
    # G4, D12: a gang is legal while more than dead_wall + 4 (haidi) or dead_wall tiles are left
    "gang_floor": (("dead_wall", "gang_cutoff"),
                   lambda r: r.dead_wall + (4 if r.gang_cutoff == "haidi" else 0)),
    "second_laizi_play_out": (("second_laizi",), lambda r: int(r.second_laizi == "play_out")),  # W8, D13
    "xiayu": (("xiayu",), lambda r: int(r.xiayu)),                                         # L5, D14
    "gangkai_haidi_zimo": (("gangkai_haidi_zimo",), lambda r: int(r.gangkai_haidi_zimo)),  # D4
    "qqr_pair_258": (("qqr_pair",), lambda r: int(r.qqr_pair == "258")),                   # W6, D16
    "claim_turn_gang_any": (("claim_turn_gang",), lambda r: int(r.claim_turn_gang == "any")),  # P1, D18
}

# Rules fields the native engine does not read, and why
PYTHON_ONLY = {
    "name": "the rule set's label (a preset's name or 'custom'); the engine reads the fields it names",
}

# values tried for the fields that are neither a Literal nor a bool (those try every value)
NUMBER_VARIANTS: dict[str, tuple[object, ...]] = {
    "cap": (200, 299.5, 400),
    "gold_cap": (500, 650.25),
    "cap_fan": (9, 12, 64),
    "money": (((0, 2), (5, 7.5), (64, 100)), {6: 10, 7: 20, 8: 40, 9: 80, 10: 150}),
    "gold_money": (175.5, 300),
    "min_fan": (None, 0, 3),
    "big_hu_fan": (0, 2, 5),
    "dead_wall": (0, 14, 78),
    "escape_penalty": (0, 123.5),
}


def _expected(r: Rules) -> dict[str, object]:
    return {c: fn(r) for c, (_, fn) in C_FIELDS.items()}


def _variants(field: dataclasses.Field) -> tuple[object, ...]:
    hint = typing.get_type_hints(Rules)[field.name]
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)
    if hint is bool:
        return (False, True)
    return NUMBER_VARIANTS.get(field.name, ())


CUSTOM = [
    Rules.preset("koukou_fan").replace(cap_fan=8, min_fan=2, money={2: 1, 3: 2, 4: 4, 5: 8, 6: 16, 7: 32, 8: 64},
                                       gold_money=100, bi=False, claim_turn_gang="any", dead_wall=12),
    Rules.preset("kaikou").replace(opening="per_opening", cap=250.5, gold_cap=777, jinding="ceiling",
                                   gang_cutoff="dead_wall", xiayu=True, qqr_pair="258", qqr_liability="holds_non_jiang",
                                   gangkai_haidi_zimo=True, escape_penalty=0, big_hu_fan=4),
]


def test_every_rules_field_reaches_c():
    """Each Rules field makes at least one C field, or is Python-only with a reason."""
    fields = {f.name for f in dataclasses.fields(Rules)}
    reached = {name for deps, _ in C_FIELDS.values() for name in deps}
    assert sorted(fields - reached - set(PYTHON_ONLY)) == [], "Rules fields with no C counterpart"
    assert sorted(reached - fields) == [] and sorted(set(PYTHON_ONLY) - fields) == []
    assert not reached & set(PYTHON_ONLY)


def test_every_c_field_has_an_expected_value():
    assert sorted(rules_dict("kaikou")) == sorted(C_FIELDS)


@pytest.mark.parametrize("rules", [*PRESETS, *range(len(CUSTOM))], ids=[*PRESETS, "custom0", "custom1"])
def test_the_c_struct_of_presets_and_custom_sets(rules):
    r = Rules.preset(rules) if isinstance(rules, str) else CUSTOM[rules]
    assert rules_dict(r) == _expected(r)


@pytest.mark.parametrize("field", [f for f in dataclasses.fields(Rules) if f.name not in PYTHON_ONLY],
                         ids=lambda f: f.name)
def test_every_value_of_a_field_reaches_c(field):
    """Each value of the field, on each preset where it is valid: the whole struct as expected,
    and the values tried make the field's C counterpart differ (a forgotten field stays 0)."""
    variants = _variants(field)
    assert len(variants) >= 2, f"{field.name}: add values to NUMBER_VARIANTS"
    seen: dict[object, set[str]] = {}
    c_values = set()
    for value in variants:
        for preset in PRESETS:
            try:
                r = Rules.preset(preset).replace(**{field.name: value})
            except RulesError:
                continue  # not valid on this preset (e.g. a money table the fan schedule lacks)
            seen.setdefault(repr(value), set()).add(preset)
            got = rules_dict(r)
            assert got == _expected(r), (field.name, value, preset)
            c_values.add(repr([got[c] for c, (deps, _) in C_FIELDS.items() if field.name in deps]))
    assert sorted(seen) == sorted(repr(v) for v in variants), f"{field.name}: a value valid on no preset"
    assert len(c_values) >= 2, f"{field.name}: its C counterpart never changes"


def test_a_money_fan_the_struct_cannot_hold_is_refused():
    """X2: the struct holds money for fan 0 to MAX_MONEY_FAN; another fan is a RulesError."""
    r = Rules.preset("kaikou").replace(money={3: 10, MAX_MONEY_FAN + 1: 20})
    with pytest.raises(RulesError, match=f"money: fan {MAX_MONEY_FAN + 1}"):
        rules_dict(r)
    assert pxd_constants()["wuhanmj/native/defs.pxd"]["MAX_MONEY_FAN"] == MAX_MONEY_FAN
