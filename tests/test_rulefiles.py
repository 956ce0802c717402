"""Rule sets in files (§10): every field round-trips through TOML and JSON, in both settings
of each D11–D16 and D18 field, through the library and the command line."""

from __future__ import annotations

import dataclasses
import json

import pytest

from wuhanmj.cli import main
from wuhanmj.errors import RulesError
from wuhanmj.rulefiles import load_rules, rules_json_text, rules_toml
from wuhanmj.rules import PRESETS, Rules

# every D11-D16 and D18 field flipped away from kaikou, plus the older fields changed too
FLIPPED = Rules.kaikou().replace(
    hu_order="discarder", gang_cutoff="dead_wall", second_laizi="play_out", xiayu=True,
    gangkai_haidi_zimo=True, qqr_pair="258", claim_turn_gang="any", escape_penalty=333, opening="per_opening",
    schedule="fan", min_fan=5, pizi=True, bi=True, wind_laizi_double=True, jinding="ceiling",
    qqr_liability="holds_non_jiang", cap_fan=9, money={5: 5, 6: 10, 7: 20, 8: 40, 9: 80},
    gold_money=120, dead_wall=8, big_hu_fan=2,
)
SETS = [Rules.preset(n) for n in PRESETS] + [FLIPPED]


@pytest.mark.parametrize("rules", SETS, ids=[r.name for r in SETS[:3]] + ["every_field_flipped"])
@pytest.mark.parametrize("kind", ["toml", "json"])
def test_rules_file_round_trips_every_field(rules, kind, tmp_path):
    p = tmp_path / f"r.{kind}"
    p.write_text(rules_toml(rules) if kind == "toml" else rules_json_text(rules), encoding="utf-8")
    back = load_rules(str(p))
    assert back == rules
    for f in dataclasses.fields(Rules):
        assert getattr(back, f.name) == getattr(rules, f.name), f.name


def test_flipped_set_really_differs_from_kaikou_in_every_field():
    same = [f.name for f in dataclasses.fields(Rules)
            if getattr(FLIPPED, f.name) == getattr(Rules.kaikou(), f.name) and f.name not in ("cap", "gold_cap")]
    assert same == []


@pytest.mark.parametrize("field, value", [("hu_order", "seat"), ("gang_cutoff", 4), ("second_laizi", "yes"),
                                          ("xiayu", "no"), ("qqr_pair", "any"), ("claim_turn_gang", "never"),
                                          ("claim_turn_gang", True), ("escape_penalty", -1)])
def test_a_field_out_of_range_in_a_file_is_a_rules_error_naming_it(field, value, tmp_path):
    p = tmp_path / "bad.json"
    p.write_text(json.dumps({"name": "custom", field: value}), encoding="utf-8")
    with pytest.raises(RulesError, match=field):
        load_rules(str(p))


def test_cli_check_takes_a_rules_file(tmp_path, capsys):
    """``check --rules FILE``: the file's rule set (here kaikou with D16's "258") is scored
    beside the presets: a plain 自摸 small hu, legal as under kaikou (koukou_fan refuses
    it, W11)."""
    p = tmp_path / "mine.toml"
    p.write_text(rules_toml(Rules.kaikou().replace(qqr_pair="258")), encoding="utf-8")
    code = main(["check", "234m456p789p55s", "--meld", "777s", "--indicator", "5m", "--rules", str(p)])
    out = capsys.readouterr().out
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ") and "legal" in line}
    assert set(lines) == {"kaikou", "koukou", "koukou_fan", "custom"}
    assert lines["custom"].split(":")[1] == lines["kaikou"].split(":")[1]  # same payments


def test_cli_check_unknown_rules_is_one_line(capsys):
    code = main(["check", "234m456p789p55s", "--meld", "777s", "--indicator", "5m", "--rules", "nope"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "nope" in err


def test_an_unknown_field_in_a_rules_file_names_the_file(tmp_path, capsys):
    """``base`` is no rule field: the one line says which file holds it, as every other
    rules-file error does."""
    p = tmp_path / "r1.toml"
    p.write_text('base = "kaikou"\n', encoding="utf-8")
    with pytest.raises(RulesError, match=r"^rules: '.*r1\.toml': base: unknown rule field$"):
        load_rules(str(p))
    code = main(["simulate", "--hands", "1", "--rules", str(p)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "r1.toml" in err and "base: unknown rule field" in err
