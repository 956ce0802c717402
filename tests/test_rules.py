"""Rules and the presets of RULES.md §10 (and D9 jinding mode, M3 escape penalty)."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from wuhanmj.errors import RulesError
from wuhanmj.rules import PRESETS, Rules

# RULES.md §10, row by row: (field, kaikou, koukou, koukou_fan)
SECTION_10 = [
    ("opening", "once", "per_opening", "per_opening"),
    ("schedule", "points", "points", "fan"),
    ("cap", 300, 300, None),
    ("gold_cap", 400, 500, None),
    ("cap_fan", None, None, 10),
    ("gold_money", None, None, 150),
    ("min_fan", None, None, 6),
    ("pizi", False, False, True),
    ("bi", False, False, True),
    ("wind_laizi_double", False, False, True),
    ("qqr_liability", "not_ready", "not_ready", "holds_non_jiang"),
    ("hu_order", "dealer", "dealer", "discarder"),
    ("gang_cutoff", "haidi", "haidi", "haidi"),
    ("second_laizi", "keep", "keep", "play_out"),
    ("xiayu", False, False, False),
    ("escape_penalty", 400, 500, 150),
    ("gangkai_haidi_zimo", False, False, False),
    ("qqr_pair", "w2", "w2", "w2"),
    ("claim_turn_gang", "after_draw", "after_draw", "after_draw"),
]


@pytest.mark.parametrize("row", SECTION_10, ids=[r[0] for r in SECTION_10])
def test_section_10_presets(row):
    field, *values = row
    for name, want in zip(PRESETS, values):
        if want is not None:
            assert getattr(Rules.preset(name), field) == want, (name, field)


def test_x2_default_money_table():
    assert dict(Rules.koukou_fan().money) == {6: 10, 7: 20, 8: 40, 9: 80, 10: 100}


def test_m3_d15_escape_penalty_is_the_schedules_jinding():
    for name in PRESETS:
        r = Rules.preset(name)
        gold = r.gold_cap if r.schedule == "points" else r.gold_money
        assert r.escape_penalty == gold, name


# D11-D16, D18: each new field's values; anything else is a RulesError naming the field
NEW_FIELDS = [
    ("hu_order", ("discarder", "dealer"), ("seat", None, 1)),
    ("gang_cutoff", ("haidi", "dead_wall"), ("Haidi", "", 4)),
    ("second_laizi", ("keep", "play_out"), ("play", True, None)),
    ("xiayu", (True, False), ("yes", 1, None)),
    ("gangkai_haidi_zimo", (True, False), ("no", 0, 1.0)),
    ("qqr_pair", ("w2", "258"), (258, "any", None)),
    ("claim_turn_gang", ("after_draw", "any"), ("After_draw", "after_claim", "", None, True)),
]


@pytest.mark.parametrize("field, good, bad", NEW_FIELDS, ids=[r[0] for r in NEW_FIELDS])
def test_d11_d16_new_fields_take_their_values_and_refuse_others(field, good, bad):
    for v in good:
        r = Rules.kaikou().replace(**{field: v})
        assert getattr(r, field) == v
        assert Rules.from_dict(json.loads(json.dumps(r.to_dict()))) == r  # round trip
    for v in bad:
        with pytest.raises(RulesError, match=f"^{field}: "):
            Rules.kaikou().replace(**{field: v})


def test_d18_claim_turn_gang_from_dict():
    """P1, D18: every preset plays "after_draw"; "any" in a dict makes a custom set that
    reads back equal through JSON; a value outside the two is a RulesError naming the field."""
    r = Rules.from_dict({"name": "koukou", "claim_turn_gang": "any"})
    assert (r.name, r.claim_turn_gang, r.opening) == ("custom", "any", "per_opening")
    assert Rules.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    assert Rules.from_dict({"name": "koukou"}).claim_turn_gang == "after_draw"
    with pytest.raises(RulesError, match="^claim_turn_gang: expected one of after_draw, any, got 'always'"):
        Rules.from_dict({"name": "custom", "claim_turn_gang": "always"})


def test_g4_d12_gang_floor():
    """G4: more than dead_wall + 4 tiles (haidi) or more than dead_wall (dead_wall) left."""
    assert Rules.kaikou().gang_floor == 14
    assert Rules.kaikou().replace(gang_cutoff="dead_wall").gang_floor == 10
    assert Rules.kaikou().replace(dead_wall=6).gang_floor == 10


def test_s4_g2_d9_shared_defaults():
    for name in PRESETS:
        r = Rules.preset(name)
        assert (r.big_hu_fan, r.dead_wall, r.jinding) == (3, 10, "fixed")


def test_preset_constructors_match_preset_names():
    assert Rules.kaikou() == Rules.preset("kaikou")
    assert Rules.koukou() == Rules.preset("koukou")
    assert Rules.koukou_fan() == Rules.preset("koukou_fan")
    assert [Rules.preset(n).name for n in PRESETS] == list(PRESETS)


def test_unknown_preset_names_the_field():
    with pytest.raises(RulesError, match="name: unknown preset 'kaikou2'"):
        Rules.preset("kaikou2")


def test_rules_are_immutable_and_hashable():
    r = Rules.kaikou()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.cap = 1  # type: ignore[misc]
    assert len({Rules.kaikou(), Rules.kaikou(), Rules.koukou()}) == 2


def test_replace_changes_one_field_and_becomes_custom():
    r = Rules.koukou_fan().replace(bi=False)
    assert r.bi is False and r.name == "custom"
    assert r.pizi is True  # the rest kept


def test_replace_keeping_values_keeps_the_name():
    assert Rules.koukou().replace(cap=300).name == "koukou"


def test_name_is_a_preset_or_custom():
    """A free label could hide a misspelt preset (from_dict would read it as kaikou)."""
    with pytest.raises(RulesError, match="^name: unknown preset 'club'"):
        Rules.kaikou().replace(cap=200, name="club")
    assert Rules.kaikou().replace(cap=200, name="custom").name == "custom"


def test_a_preset_name_promises_its_fields():
    with pytest.raises(RulesError, match="^name: 'koukou' promises opening = 'per_opening'"):
        Rules.kaikou().replace(name="koukou")
    assert Rules.koukou().replace(cap=300) == Rules.koukou()


def test_numpy_numbers_become_plain_numbers():
    r = Rules.kaikou().replace(cap=np.int64(250), gold_cap=np.float64(400.0), money={np.int64(6): np.uint8(10)})
    assert type(r.cap) is int and type(r.gold_cap) is float
    assert all(type(k) is int and type(v) is int for k, v in r.money)
    json.dumps(r.to_dict())


def test_replace_unknown_field():
    with pytest.raises(RulesError, match="capp: unknown rule field"):
        Rules.kaikou().replace(capp=3)


@pytest.mark.parametrize(
    "change, field",
    [
        ({"cap": -1}, "cap"),
        ({"cap": 0}, "cap"),
        ({"gold_cap": 200}, "gold_cap"),  # below the cap of 300
        ({"money": {6: 10, 7: 10, 8: 40, 9: 80, 10: 100}}, "money"),  # not increasing
        ({"money": {6: 10, 7: 20, 8: 40, 9: 80}}, "money"),  # no amount for cap_fan under the fan schedule
        ({"money": {6: 10, 7: 20, 8: 40, 9: 80, 10: 100, 11: 120}}, "money"),  # above cap_fan
        ({"money": {6: -1, 7: 20, 8: 40, 9: 80, 10: 100}}, "money"),
        ({"opening": "twice"}, "opening"),
        ({"schedule": "dollars"}, "schedule"),
        ({"jinding": "gold"}, "jinding"),
        ({"qqr_liability": "always"}, "qqr_liability"),
        ({"pizi": 1}, "pizi"),
        ({"bi": "yes"}, "bi"),
        ({"min_fan": -2}, "min_fan"),
        ({"min_fan": 11}, "min_fan"),  # above cap_fan
        ({"cap_fan": 0}, "cap_fan"),
        ({"big_hu_fan": 1.5}, "big_hu_fan"),
        ({"dead_wall": -1}, "dead_wall"),
        ({"escape_penalty": -5}, "escape_penalty"),
        ({"gold_money": 50}, "gold_money"),  # below the money at cap_fan
    ],
)
def test_nonsense_raises_rules_error_naming_the_field(change, field):
    with pytest.raises(RulesError, match=f"^{field}:"):
        Rules.koukou_fan().replace(**change)


def test_fan_schedule_without_minimum_needs_money_from_zero():
    with pytest.raises(RulesError, match="money:"):
        Rules.koukou_fan().replace(min_fan=None)
    table = {k: 2**k for k in range(0, 11)}
    r = Rules.koukou_fan().replace(min_fan=None, money=table, gold_money=2000)
    assert r.money[0] == (0, 1)


def test_money_accepts_pairs_and_string_keys():
    a = Rules.koukou_fan().replace(money=[("6", 10), ("7", 20), ("8", 30), ("9", 60), ("10", 100)])
    assert a.money == ((6, 10), (7, 20), (8, 30), (9, 60), (10, 100))  # the seed's other table


@pytest.mark.parametrize("name", PRESETS)
def test_to_dict_from_dict_round_trip_through_json(name):
    r = Rules.preset(name)
    d = json.loads(json.dumps(r.to_dict()))
    assert Rules.from_dict(d) == r
    assert Rules.from_dict(d).name == name


def test_from_dict_fills_missing_fields_from_the_named_preset():
    r = Rules.from_dict({"name": "koukou_fan", "cap_fan": 10})
    assert r == Rules.koukou_fan()
    r = Rules.from_dict({"name": "koukou", "jinding": "ceiling"})
    assert r.jinding == "ceiling" and r.opening == "per_opening" and r.name == "custom"


def test_from_dict_custom_round_trip():
    r = Rules.kaikou().replace(cap=250, gold_cap=350)
    assert Rules.from_dict(json.loads(json.dumps(r.to_dict()))) == r


def test_from_dict_rejects_unknown_fields_and_non_mappings():
    with pytest.raises(RulesError, match="colour: unknown rule field"):
        Rules.from_dict({"name": "kaikou", "colour": "red"})
    with pytest.raises(RulesError, match="rules: expected a mapping"):
        Rules.from_dict(["kaikou"])  # type: ignore[arg-type]


def test_money_for():
    assert Rules.koukou_fan().money_for(8) == 40
    with pytest.raises(RulesError, match="money: no amount for 12 fan"):
        Rules.koukou_fan().money_for(12)


@pytest.mark.parametrize("field", ["cap", "gold_cap", "gold_money", "escape_penalty"])
@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_x5_non_finite_amounts_are_refused(field, value):
    """NaN or infinite amounts would make payments that do not sum to zero (X5)."""
    with pytest.raises(RulesError, match=rf"^{field}: expected a finite"):
        Rules.kaikou().replace(**{field: value})


def test_x2_non_finite_money_is_refused():
    with pytest.raises(RulesError, match="^money: .*finite"):
        Rules.koukou_fan().replace(money={6: float("nan"), 7: 20, 8: 40, 9: 80, 10: 100})


def test_from_dict_refuses_a_misspelt_preset():
    with pytest.raises(RulesError, match="^name: unknown preset 'koukoufan'"):
        Rules.from_dict({"name": "koukoufan"})


def test_from_dict_custom_round_trip_from_a_non_kaikou_base():
    custom = Rules.koukou().replace(cap=200)
    assert custom.name == "custom"
    assert Rules.from_dict(custom.to_dict()) == custom


@pytest.mark.parametrize("field, value", [("cap_fan", 2**70), ("big_hu_fan", 65), ("dead_wall", 79)])
def test_absurd_integers_are_refused(field, value):
    with pytest.raises(RulesError, match=rf"^{field}: expected an integer from 0 to"):
        Rules.from_dict({"name": "koukou_fan", field: value})
