"""A result file is checked when read (``report``, :meth:`SimulationResult.from_dict`): a
damaged or edited file is refused with the inconsistency named, not reported as nonsense.
Every edit below breaks a fact any run has (each hand is a draw or one seat's win, its
payments sum to 0 by X5, every count counts hands)."""

from __future__ import annotations

import copy
import json

import pytest

from wuhanmj.errors import ReportError, StatsError
from wuhanmj.sim.results import SimulationResult
from wuhanmj.sim.simulate import simulate


@pytest.fixture(scope="module")
def good():
    return simulate(hands=40, seed=6, agents="greedy,random,greedy,random").to_dict()


def edited(d, f):
    d = copy.deepcopy(d)
    f(d)
    return d


def test_an_unedited_result_reads_back_equal(good):
    assert SimulationResult.from_dict(good).to_dict() == good


def _counts(d):
    return d["tally"]["counts"]


@pytest.mark.parametrize("edit, message", [
    (lambda d: _counts(d).__setitem__("draws", -1), "count 'draws' is negative"),
    (lambda d: _counts(d).__setitem__("hands", 10**12), "draws and the wins|do not fit|the tally holds"),
    (lambda d: d.__setitem__("hands", 10**12), "'hands' is 1000000000000 but the tally holds 40 hands"),
    (lambda d: _counts(d).__setitem__("win.seat0", _counts(d).get("win.seat0", 0) + 1), "wins by seat add up"),
    (lambda d: _counts(d).__setitem__("big.qingyise", 41), "count 'big.qingyise' is 41, more than the 40 hands"),
    (lambda d: d["tally"]["moments"]["pay.seat0"].__setitem__("total", d["tally"]["moments"]["pay.seat0"]["total"] + 4),
     "the payments add up to 4, not 0"),
    (lambda d: d["tally"]["moments"]["length"].__setitem__("n", 39), "'length' holds 39 observations"),
    (lambda d: d["tally"]["moments"]["length"].__setitem__("total_sq", 1), "moments that no sample has"),
    (lambda d: _counts(d).__setitem__("payhist.seat0=abc", 1), "the value is not an int or p/q"),
    (lambda d: _counts(d).__setitem__("payhist.seat0=1e308", 1), "the value is not an int or p/q"),
    (lambda d: _counts(d).__setitem__("payhist.seat0=1/0", 1), "a zero denominator"),
    (lambda d: _counts(d).__setitem__("payhist.seat9=5", 1), "names no seat 0-3 or agent"),
    (lambda d: _counts(d).__setitem__("fanhist.agent:nobody=5", 1), "names no seat 0-3 or agent"),
    (lambda d: _counts(d).__setitem__("payhist.seat0=" + "9" * 5000, 1), "the value is not an int or p/q"),
    (lambda d: _counts(d).__setitem__("payhist.seat0=7", _counts(d).get("payhist.seat0=7", 0) + 1),
     "counts 41 seat-hands, more than the 40 hands"),
])
def test_an_inconsistent_result_is_refused_naming_it(good, edit, message):
    with pytest.raises(StatsError, match=message):
        SimulationResult.from_dict(edited(good, edit))


def test_report_refuses_an_edited_result_file_in_one_line(good, tmp_path):
    from wuhanmj.sim.report import load_result

    p = tmp_path / "r.json"
    p.write_text(json.dumps(edited(good, lambda d: _counts(d).__setitem__("draws", -5))), encoding="utf-8")
    with pytest.raises(ReportError, match=r"r\.json: not a simulation or arena result: .*'draws' is negative"):
        load_result(p)


@pytest.fixture(scope="module")
def good_arena():
    from wuhanmj.sim.arena import arena

    return arena(agents="greedy,random", hands=8, seed=2).to_dict()


def test_an_unedited_arena_result_reads_back(good_arena):
    from wuhanmj.sim.arena_result import ArenaResult

    assert ArenaResult.from_dict(good_arena).to_dict() == good_arena


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.__setitem__("hands", 10**12), "1000000000000 walls × 4 seatings"),
    (lambda d: d.__setitem__("hands", -3), "hands must be an integer >= 0"),
    (lambda d: _counts(d).__setitem__("draws", _counts(d).get("draws", 0) + 2), "draws and wins by seat"),
    (lambda d: _counts(d).__setitem__("win.seat1", -1), "count 'win.seat1' is negative"),
    (lambda d: d.__setitem__("agents", []), "agents must be 2 or more unique labels"),
    (lambda d: d.__setitem__("agents", ["greedy", "greedy"]), "agents must be 2 or more unique labels"),
    (lambda d: d.__setitem__("mode", "zzz"), "mode must be one of 1v3, 2v2, rotate, got 'zzz'"),
    (lambda d: d.__setitem__("mode", "2v2"), "not those of mode 2v2"),
    (lambda d: d.__setitem__("games", 10**9), "'games' is 1000000000 but the tally holds 32 games"),
    (lambda d: d.__setitem__("baseline", 5), "baseline 5 is not one of the 2 agents"),
])
def test_an_inconsistent_arena_result_is_refused(good_arena, edit, message):
    from wuhanmj.sim.arena_result import ArenaResult

    with pytest.raises(StatsError, match=message):
        ArenaResult.from_dict(edited(good_arena, edit))


def test_a_payment_histogram_not_summing_to_the_payments_is_refused(good):
    """Moving one seat-hand of seat 0's histogram from one amount to another keeps its
    count (40) but no longer sums to seat 0's payment total."""
    def move(d):
        c = _counts(d)
        k = next(k for k in sorted(c) if k.startswith("payhist.seat0="))
        c[k] -= 1
        if not c[k]:
            del c[k]
        c["payhist.seat0=123457"] = 1

    with pytest.raises(StatsError, match="histogram of seat 0 does not sum to its payments"):
        SimulationResult.from_dict(edited(good, move))
