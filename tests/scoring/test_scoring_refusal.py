"""A refused win's :class:`~wuhanmj.scoring.result.Refusal` (W1/W2, W4, W5, W8, W11): the
value evaluate_win gives, its message made from its fields, and the checks of its fields.
The same wins on the native scoring: ``tests/native/test_native_refusal.py``."""

from __future__ import annotations

import dataclasses

import pytest
from helpers.refusals import REFUSED, refused_kwargs

from wuhanmj.errors import WinInputError
from wuhanmj.scoring import Refusal, evaluate_win
from wuhanmj.scoring.result import REFUSAL_RULES
from wuhanmj.tiles import parse_tile

# The messages a user reads (the CLI, the scoring sheet, the cases' "reason"), as they were
# written before a refusal was a value.
MESSAGES = {
    "W1/W2": "W1/W2: no winning shape (one 2/5/8 pair and four sets, or a big hu shape)",
    "W4": "W4: never opened (no chi, peng or chong_gang)",
    "W5-hongzhong": "W5: holds 红中 7z",
    "W5-pizi": "W5: holds 痞子 3m",
    "W8": "W8: 2 癞子 in the hand forbid a small hu",
    "W11": "W11: seat 2 has 5 fan, below the 起胡 minimum 6",
}


@pytest.mark.parametrize("cid, kw, want", REFUSED, ids=[c[0] for c in REFUSED])
def test_evaluate_win_gives_the_refusal(cid, kw, want):
    r = evaluate_win(**kw)
    assert not r.legal and r.payments == (0, 0, 0, 0)
    assert r.refusal == want
    assert r.reason == MESSAGES[cid] == want.message


def test_every_refusing_rule_has_a_case():
    assert sorted({want.rule for _, _, want in REFUSED}) == sorted(REFUSAL_RULES)


def test_a_legal_win_has_no_refusal():
    r = evaluate_win(**refused_kwargs("234m456p789p55s", "5s"))  # RULES E1
    assert r.legal and r.refusal is None and r.reason is None


def test_the_message_is_made_of_the_fields():
    """Another fact, another message: nothing in a message is fixed but the rule's words."""
    assert Refusal("W8", laizi=3).message == "W8: 3 癞子 in the hand forbid a small hu"
    assert Refusal("W5", tile=parse_tile("8s")).message == "W5: holds 痞子 8s"
    w11 = Refusal("W11", seat=2, fan=5, min_fan=6)
    assert dataclasses.replace(w11, seat=3, fan=4, min_fan=8).message == (
        "W11: seat 3 has 4 fan, below the 起胡 minimum 8")


def test_a_refusal_is_an_immutable_value():
    a = Refusal("W11", seat=2, fan=5, min_fan=6)
    assert a == Refusal("W11", seat=2, fan=5, min_fan=6) and hash(a) == hash(Refusal("W11", seat=2, fan=5, min_fan=6))
    assert a != Refusal("W11", seat=3, fan=5, min_fan=6)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.seat = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    "kw, message",
    [
        (dict(rule="W3"), "rule must be one of"),
        (dict(rule="W8"), "laizi is needed by W8"),
        (dict(rule="W5"), "tile is needed by W5"),
        (dict(rule="W11", seat=2, fan=5), "min_fan is needed by W11"),
        (dict(rule="W4", tile=33), "tile is not named by W4"),
        (dict(rule="W8", laizi=2, seat=1), "seat is not named by W8"),
    ],
)
def test_a_refusal_names_exactly_its_rules_facts(kw, message):
    with pytest.raises(WinInputError, match=message):
        Refusal(**kw)
