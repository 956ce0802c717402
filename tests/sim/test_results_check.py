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
])
def test_an_inconsistent_arena_result_is_refused(good_arena, edit, message):
    from wuhanmj.sim.arena_result import ArenaResult

    with pytest.raises(StatsError, match=message):
        ArenaResult.from_dict(edited(good_arena, edit))
