"""The native engine against the Python engine, hand for hand.

For the same seed both engines must play the same hands: the same records (every field;
the JSON lines compared byte for byte), the same per-hand facts (every column of
``run_matches`` against ``helpers.native_arrays.python_arrays``) and the same
:class:`~wuhanmj.sim.results.SimulationResult` (its JSON too, but for ``engine``), for
random, greedy and mixed bots, every preset and custom rule sets that flip ``hu_order``,
``gang_cutoff``, ``second_laizi``, ``xiayu``, ``gangkai_haidi_zimo``, ``qqr_pair``,
``claim_turn_gang`` and ``jinding`` (and amounts that are not whole), over matches of several lengths (D5, M2),
and whatever the workers, batch size or executor.

Quick suite: 20,400 hands compared record for record (each played by the Python engine,
then by the native one with its records replayed through the Python engine, and once
more natively without records) and 2,000 column for column. ``soak``: 1,000,000 hands
compared by their results in chunks of 50,000 (memory stays flat), and 20,000 more record
for record.

A build without the native engine fails here (the imports), it is not skipped.
"""

from __future__ import annotations

import io
import json

import pytest

from helpers.native_arrays import differences, python_arrays
from wuhanmj.agents.base import make_agent
from wuhanmj.native.batch import run_matches
from wuhanmj.rules import Rules
from wuhanmj.sim.batch import BatchSpec
from wuhanmj.sim.simulate import simulate

RANDOM = "random,random,random,random"
GREEDY = "greedy,greedy,greedy,greedy"
MIXED = "greedy,random,greedy,random"

KAIKOU = Rules.kaikou()
KOUKOU = Rules.koukou()
FAN = Rules.koukou_fan()

CUSTOM = {
    "hu_order": KAIKOU.replace(hu_order="discarder"),
    "gang_cutoff": KAIKOU.replace(gang_cutoff="dead_wall"),
    "second_laizi": KAIKOU.replace(second_laizi="play_out"),
    "xiayu": KOUKOU.replace(xiayu=True),
    "gangkai_haidi_zimo": KAIKOU.replace(gangkai_haidi_zimo=True),
    "qqr_pair": KAIKOU.replace(qqr_pair="258"),
    "claim_turn_gang": KOUKOU.replace(claim_turn_gang="any"),
    "jinding": KOUKOU.replace(jinding="ceiling"),
    "all_flipped": FAN.replace(hu_order="dealer", gang_cutoff="dead_wall", second_laizi="keep", xiayu=True,
                               gangkai_haidi_zimo=True, qqr_pair="258", jinding="ceiling", pizi=False, bi=False,
                               claim_turn_gang="any"),
}

# amounts that are not whole (X2 money): the tally's exact Fractions on both sides
MONEY = FAN.replace(money=((6, 2.5), (7, 5.25), (8, 10.125), (9, 20.5), (10, 40.75)), gold_money=60.5)


def _json_without_engine(r) -> str:
    d = json.loads(r.to_json())
    del d["engine"]
    return json.dumps(d, sort_keys=True)


def _both(hands: int, rules, agents: str, seed: int, match_hands: int = 8) -> None:
    """Play ``hands`` on both engines and compare records byte for byte and results."""
    py_lines, nat_lines = io.StringIO(), io.StringIO()
    kw = dict(hands=hands, rules=rules, agents=agents, seed=seed, match_hands=match_hands)
    py = simulate(engine="python", records=py_lines, **kw)
    nat = simulate(engine="native", records=nat_lines, **kw)  # records: replayed and checked
    fast = simulate(engine="native", **kw)  # no records: the tally from the arrays alone
    assert py.engine == "python" and nat.engine == fast.engine == "native"
    a, b = py_lines.getvalue(), nat_lines.getvalue()
    if a != b:
        for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines())):
            assert x == y, f"hand {i}: the records differ"
    assert a == b
    assert len(a.splitlines()) == hands
    assert nat == py and fast == py
    assert _json_without_engine(nat) == _json_without_engine(py) == _json_without_engine(fast)
    assert nat.tally() == py.tally()


# ---------------------------------------------------------------- records and results: 20,400 hands
@pytest.mark.parametrize("rules", [KAIKOU, KOUKOU, FAN], ids=["kaikou", "koukou", "koukou_fan"])
def test_random_bots_play_the_same_hands(rules):
    _both(3000, rules, RANDOM, seed=101)


@pytest.mark.parametrize("rules", [KAIKOU, KOUKOU, FAN], ids=["kaikou", "koukou", "koukou_fan"])
def test_greedy_bots_play_the_same_hands(rules):
    _both(1200, rules, GREEDY, seed=202)


@pytest.mark.parametrize("rules, match_hands", [(KAIKOU, 1), (KOUKOU, 3), (FAN, 16)],
                         ids=["kaikou", "koukou", "koukou_fan"])
def test_mixed_bots_play_the_same_hands(rules, match_hands):
    _both(1000, rules, MIXED, seed=303, match_hands=match_hands)


@pytest.mark.parametrize("name", sorted(CUSTOM))
def test_custom_rules_play_the_same_hands(name):
    _both(600, CUSTOM[name], MIXED, seed=404)


def test_amounts_that_are_not_whole_give_the_same_exact_result():
    _both(400, MONEY, MIXED, seed=505)


# ---------------------------------------------------------------- every column: 2,000 hands
@pytest.mark.parametrize("rules, agents", [(KAIKOU, RANDOM), (FAN, MIXED), (CUSTOM["all_flipped"], GREEDY),
                                           (CUSTOM["xiayu"], MIXED)],
                         ids=["kaikou-random", "fan-mixed", "flipped-greedy", "xiayu-mixed"])
def test_every_native_column_equals_the_python_engine(rules, agents):
    names = agents.split(",")
    a = tuple(make_agent(n) for n in names)
    spec = BatchSpec(606, 500, 8, rules, (a[0], a[1], a[2], a[3]), (names[0], names[1], names[2], names[3]), True)
    native = run_matches(rules, names, 606, 0, 63, 8, 500, True)
    ref = python_arrays(spec, 0, 63)
    assert differences(native, ref) == []


# ---------------------------------------------------------------- workers, batches, executors
def test_the_native_result_is_the_same_for_any_workers_batch_or_executor():
    from concurrent.futures import ThreadPoolExecutor

    kw = dict(hands=300, rules=KOUKOU, agents=MIXED, seed=707)
    python = simulate(engine="python", **kw)
    runs = [
        simulate(engine="native", **kw),
        simulate(engine="native", batch_hands=1, **kw),
        simulate(engine="native", batch_hands=40, workers=2, **kw),
    ]
    with ThreadPoolExecutor(max_workers=3) as ex:  # native batches at once in threads, without the GIL
        runs.append(simulate(engine="native", executor=ex, batch_hands=16, **kw))
    for r in runs:
        assert r == python and _json_without_engine(r) == _json_without_engine(python)


def test_native_records_with_workers_are_in_hand_order(tmp_path):
    path = tmp_path / "hands.jsonl"
    simulate(hands=90, agents=MIXED, seed=808, workers=2, batch_hands=16, records=path, engine="native")
    py = io.StringIO()
    simulate(hands=90, agents=MIXED, seed=808, records=py, engine="python")
    assert path.read_text(encoding="utf-8") == py.getvalue()


def test_dask_runs_native_batches():
    distributed = pytest.importorskip("distributed")
    local = simulate(hands=200, agents=RANDOM, seed=909, engine="python")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        remote = simulate(hands=200, agents=RANDOM, seed=909, executor=client.get_executor(), batch_hands=24,
                          engine="native")
    assert remote == local and remote.engine == "native"


def test_auto_plays_built_in_bots_natively():
    r = simulate(hands=16, agents=MIXED, seed=1)
    assert r.engine == "native"


# ---------------------------------------------------------------- 1,000,000 hands
SLOW_CHUNKS = (
    # (rules, agents, chunks of 50,000 hands): 20 chunks
    [(KAIKOU, RANDOM, 3), (KOUKOU, RANDOM, 3), (FAN, RANDOM, 3)]
    + [(KAIKOU, MIXED, 2), (FAN, MIXED, 2), (KOUKOU, GREEDY, 1), (FAN, GREEDY, 1)]
    + [(CUSTOM["all_flipped"], MIXED, 1), (CUSTOM["xiayu"], MIXED, 1), (CUSTOM["hu_order"], RANDOM, 1),
       (CUSTOM["second_laizi"], MIXED, 1), (MONEY, MIXED, 1)]
)


def _same_results(kw):
    python = simulate(engine="python", workers=2, **kw)
    native = simulate(engine="native", **kw)
    assert native == python, kw
    assert _json_without_engine(native) == _json_without_engine(python)


@pytest.mark.soak
@pytest.mark.parametrize("k", range(len(SLOW_CHUNKS)))
def test_a_million_hands_give_the_same_results(k):
    rules, agents, chunks = SLOW_CHUNKS[k]
    for c in range(chunks):
        _same_results(dict(hands=50_000, rules=rules, agents=agents, seed=10_000 + 100 * k + c))


def test_the_slow_test_covers_a_million_hands():
    assert sum(n for _, _, n in SLOW_CHUNKS) * 50_000 == 1_000_000


@pytest.mark.soak
def test_native_records_of_twenty_thousand_more_hands(tmp_path):
    # records in chunks: every line of 20,000 hands replayed and compared (memory flat)
    for c, (rules, agents) in enumerate([(KAIKOU, MIXED), (FAN, RANDOM), (CUSTOM["all_flipped"], GREEDY),
                                         (KOUKOU, RANDOM)]):
        a, b = tmp_path / "py.jsonl", tmp_path / "nat.jsonl"
        kw = dict(hands=5000, rules=rules, agents=agents, seed=20_000 + c)
        simulate(engine="python", records=a, workers=2, **kw)
        simulate(engine="native", records=b, workers=2, **kw)
        assert a.read_bytes() == b.read_bytes()
