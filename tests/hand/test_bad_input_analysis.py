"""Bad arguments of the Wuhan shape core (pizi, R3), of the analysis functions (melds,
visible, W1, D6) and of the simulation's output paths: each raises a specific
WuhanMJError naming the argument, before any work is done."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from wuhanmj import core as _core
from wuhanmj.hand.analysis import discard_advice, effective_tiles, wuhan_shanten
from wuhanmj.cli import main
from wuhanmj.errors import HandError, MeldError, ShapeError, SimulationError
from wuhanmj.hand.meld import Meld
from wuhanmj.tiles import parse_tiles, tile_counts

simulate_module = importlib.import_module("wuhanmj.sim.simulate")

# ------------------------------------------------------------------ pizi (R3)

HAND14 = tile_counts("234m456p78p55s6m777s")  # 14 tiles, laizi 6m (5)
HAND13 = tile_counts("234m456p78p55s777s")
LAIZI = 5


def _wuhan_calls():
    return [
        ("wuhan_routes", lambda p: _core.wuhan_routes(HAND14, LAIZI, p)),
        ("wuhan_draws", lambda p: _core.wuhan_draws(HAND13, LAIZI, p)),
        ("wuhan_discards", lambda p: _core.wuhan_discards(HAND14, LAIZI, p)),
        ("wuhan_best_discard", lambda p: _core.wuhan_best_discard(HAND14, LAIZI, p)),
    ]


@pytest.mark.parametrize("call", [c for _, c in _wuhan_calls()], ids=[n for n, _ in _wuhan_calls()])
@pytest.mark.parametrize(
    "bad",
    ["12", b"12", None, 999, 3.0, [1.5], [True], (np.bool_(True),), [np.float64(3.0)], ["3"], (1, 2, 3), [34], [-1]],
    ids=repr,
)
def test_r3_wuhan_core_refuses_bad_pizi(call, bad):
    with pytest.raises(ShapeError, match="pizi"):
        call(bad)


@pytest.mark.parametrize("call", [c for _, c in _wuhan_calls()], ids=[n for n, _ in _wuhan_calls()])
def test_r3_wuhan_core_refuses_the_laizi_as_pizi(call):
    with pytest.raises(ShapeError, match="pizi"):
        call((LAIZI,))


def test_r3_pizi_accepts_tuples_lists_generators_and_numpy_ints():
    # laizi 6m, indicator 5m: the 痞子 are 5m (4) and 4m (3) (R3). 234m456p78p55s6m + 777s:
    # with no 痞子 the hand is complete (6m stands for 6p/9p); with them the held 4m can
    # never help (it leaves by a 痞子杠, P3): out goes 4m, 23m + 6m as 1m, and 78p waits,
    # so the 14-tile hand is ready after one discard: shanten 0 on the small-hu route
    assert _core.wuhan_routes(HAND14, LAIZI, ())[0] == -1
    expected = _core.wuhan_routes(HAND14, LAIZI, (4, 3))
    assert expected[0] == 0
    for pizi in ([4, 3], (np.int64(4), np.uint8(3)), (t for t in (4, 3)), np.array([4, 3]), {4: 0, 3: 0}):
        assert _core.wuhan_routes(HAND14, LAIZI, pizi) == expected


# ------------------------------------------------------------------ melds and visible

HAND = parse_tiles("234m456p78p55s6m")  # 11 tiles: one meld to go with it
MELDS = [Meld.peng("777s", source=2)]


@pytest.mark.parametrize("bad", [5, True, 1.5, "777s"], ids=repr)
def test_w1_analysis_refuses_melds_that_are_not_an_iterable_of_melds(bad):
    with pytest.raises(HandError, match="melds"):
        wuhan_shanten(HAND, bad, 5)
    with pytest.raises(HandError, match="melds"):
        effective_tiles(parse_tiles("234m456p78p55s"), bad, 5)
    with pytest.raises(HandError, match="melds"):
        discard_advice(HAND, bad, 5)


def test_w1_analysis_refuses_a_single_meld_item_that_is_not_a_meld():
    with pytest.raises(MeldError, match="melds"):
        wuhan_shanten(HAND, [5], 5)
    with pytest.raises(MeldError, match="melds"):
        discard_advice(HAND, ("777s",), 5)


@pytest.mark.parametrize("bad", [5, True, 1.5], ids=repr)
def test_d6_analysis_refuses_visible_that_is_not_tiles(bad):
    with pytest.raises(HandError, match="visible"):
        effective_tiles(parse_tiles("234m456p78p55s"), MELDS, 5, visible=bad)
    with pytest.raises(HandError, match="visible"):
        discard_advice(HAND, MELDS, 5, visible=bad)


def test_w1_analysis_still_takes_none_tuples_and_generators_of_melds():
    # 234m456p78p55s6m + 碰 777s with laizi 6m: complete on the small-hu route (W2, D8)
    for melds in (MELDS, tuple(MELDS), (m for m in MELDS)):
        assert wuhan_shanten(HAND, melds, 5).value == -1
    assert wuhan_shanten(parse_tiles("234m456p78p55s6m777s"), None, 5).value == -1


# ------------------------------------------------------------------ simulation output paths


@pytest.fixture
def no_play(monkeypatch):
    """Fail the test if any batch of hands is played."""

    def refuse(*args, **kwargs):
        raise AssertionError("a hand was played before the bad path was reported")

    monkeypatch.setattr(simulate_module, "_run_batch", refuse)


@pytest.mark.parametrize("option", ["--out", "--records"])
def test_cli_simulate_refuses_a_directory_before_playing(capsys, tmp_path, no_play, option):
    code = main(["simulate", "--hands", "8", "--agents", "random", "--seed", "1", "--quiet", option, str(tmp_path)])
    _, err = capsys.readouterr()
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert option[2:] in err and "directory" in err


@pytest.mark.parametrize("option", ["--out", "--records"])
def test_cli_simulate_refuses_a_missing_folder_before_playing(capsys, tmp_path, no_play, option):
    path = tmp_path / "nowhere" / "x.json"
    code = main(["simulate", "--hands", "8", "--agents", "random", "--seed", "1", "--quiet", option, str(path)])
    _, err = capsys.readouterr()
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert option[2:] in err and "does not exist" in err


def test_cli_simulate_refuses_out_and_records_the_same_file(capsys, tmp_path, no_play):
    path = str(tmp_path / "x.json")
    code = main(["simulate", "--hands", "8", "--quiet", "--out", path, "--records", path])
    _, err = capsys.readouterr()
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "same file" in err


def test_simulate_refuses_a_records_directory_before_anything(tmp_path, no_play):
    made = []

    def agent(obs, legal):  # never called: the records path is checked first
        made.append(obs)
        return legal[0]

    with pytest.raises(SimulationError, match="records.*directory"):
        simulate_module.simulate(hands=4, agents=[agent] * 4, records=tmp_path, progress=lambda d, t: made.append(d))
    assert made == []
