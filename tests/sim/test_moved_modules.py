"""The simulation code lives in wuhanmj.stats, wuhanmj.files and wuhanmj.running; the former
module names under wuhanmj.sim still import, and each is the moved module itself (so a
monkeypatch or a private name reached through the old name acts on the real module)."""

import importlib

import pytest

MOVED = {
    "arena_native": "running.arena_native",
    "arena_result": "stats.arena_result",
    "arena_spec": "running.arena_spec",
    "batch": "running.batch",
    "figures": "stats.figures",
    "loop": "running.loop",
    "native": "running.native",
    "native_records": "files.native_records",
    "outcome": "stats.outcome",
    "paired": "stats.paired",
    "recordio": "files.recordio",
    "records": "files.records",
    "report": "files.report",
    "results": "stats.results",
    "stats": "stats.tally",
    "summary": "stats.summary",
    "tdist": "stats.tdist",
}


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_sim_module_name_is_the_moved_module(old):
    assert importlib.import_module(f"wuhanmj.sim.{old}") is importlib.import_module(f"wuhanmj.{MOVED[old]}")


def test_the_names_that_moved_out_of_loop_and_simulate_are_still_there():
    from wuhanmj.files import handrecord, paths
    from wuhanmj.sim import loop
    from wuhanmj.stats import outcome

    simulate = importlib.import_module("wuhanmj.sim.simulate")  # the module (wuhanmj.sim.simulate is also the function)

    assert loop.outcome_of is outcome.outcome_of
    assert loop.hand_record is handrecord.hand_record and loop.record_json is handrecord.record_json
    assert simulate.check_output_path is paths.check_output_path
    assert simulate.write_text_atomic is paths.write_text_atomic


def test_simulate_and_arena_run_their_batches_through_the_one_executor_loop(monkeypatch):
    from wuhanmj.running import executor
    from wuhanmj.sim.arena import arena
    from wuhanmj.sim.simulate import simulate

    calls = []
    real = executor.run_batches

    def counting(run, *args, **kwargs):
        calls.append(run.__name__)
        return real(run, *args, **kwargs)

    monkeypatch.setattr(importlib.import_module("wuhanmj.sim.simulate"), "run_batches", counting)
    monkeypatch.setattr(importlib.import_module("wuhanmj.sim.arena"), "run_batches", counting)
    assert simulate(hands=3, agents="random", seed=1, engine="python").hands == 3
    assert arena("random,random", hands=2, seed=1, engine="python").hands == 2
    assert calls == ["run_batch", "arena_batch"]
