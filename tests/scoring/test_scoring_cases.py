"""Every vector of ``worked.json`` and ``settlement.json`` (W, S, X, L), unchanged, none skipped."""

from __future__ import annotations

import pytest
from reference import scoring_ref as ref
from helpers.cases import load_cases

from wuhanmj.scoring.cases import case_kwargs, evaluate_case, score_case
from wuhanmj.tiles import parse_tiles

WORKED = load_cases("worked.json")
SETTLEMENT = load_cases("settlement.json")
ALL = WORKED + SETTLEMENT


def _ids(cases):
    return [c["id"] for c in cases]


def _as_expected(case: dict) -> dict:
    """The result of ``case`` on the keys its ``expect`` has (an illegal win's result
    also carries a ``reason``, which the vectors do not give)."""
    got = score_case(case)
    assert set(case["expect"]) <= set(got)
    if not got["legal"]:
        assert got["reason"][:1] == "W" and ": " in got["reason"]  # a W rule id, then the message
    return {k: got[k] for k in case["expect"]}


@pytest.mark.parametrize("case", WORKED, ids=_ids(WORKED))
def test_worked_vector(case):
    assert _as_expected(case) == case["expect"], case.get("note")


@pytest.mark.parametrize("case", SETTLEMENT, ids=_ids(SETTLEMENT))
def test_settlement_vector(case):
    assert _as_expected(case) == case["expect"]


def test_the_vector_ids_are_unique():
    assert len(set(_ids(ALL))) == len(ALL)


@pytest.mark.parametrize("case", ALL, ids=lambda c: c["id"])
def test_vector_agrees_with_the_brute_force_reference(case):
    """The expectation is one of the readings W10 allows (most paid, hard before soft),
    by the slow reference that enumerates what every wildcard stands for."""
    kw = case_kwargs(case)
    kw["hand"] = parse_tiles(kw["hand"])
    best = ref.best_readings(kw)
    e = case["expect"]
    if not e["legal"]:
        assert isinstance(best, str)
        return
    got = evaluate_case(case)
    assert not isinstance(best, str)
    pay = {tuple(r.payments) for r in best}
    assert tuple(got.payments) in pay
    assert (got.big, got.hard) in {(r.big, r.hard) for r in best}
