"""``Game.from_dict`` refuses corrupted saves (found by a new-user trial).

Promise (docstring of from_dict): a SetupError naming the field when the data is
malformed or the state differs from its own event log; never an IndexError,
AttributeError or TypeError, and never a game that accepts the corruption. Each
corruption below is made by hand on a real save; the expected outcome is the
promise, not the code's answer.
"""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from wuhanmj.errors import ReplayError, SetupError
from wuhanmj.game.engine import Game
from wuhanmj.rules import Rules

pytestmark = pytest.mark.usefixtures("engine")  # each test on both engines (tests/conftest.py)


def _play(seed: int, phase: str | None = None, steps: int | None = None) -> Game:
    """Random legal play from ``Game(seed=seed)`` until ``phase`` (or ``steps`` decisions)."""
    g = Game(Rules.koukou_fan(), seed=seed, dealer=seed % 4, prev_laizi=(seed * 7) % 33)
    rng = np.random.default_rng(seed)
    k = 0
    while not g.over and g.phase != phase and (steps is None or k < steps):
        s = g.current_player
        codes = g.legal_action_codes(s)
        claims = [c for c in codes if 34 <= c <= 56]
        g.step(s, claims[-1] if claims else codes[int(rng.integers(len(codes)))])
        k += 1
    return g


def _saved(g: Game) -> dict:
    return json.loads(json.dumps(g.to_dict()))


@pytest.fixture(scope="module")
def mid() -> dict:
    """A save in the middle of a hand, on a turn after a draw."""
    for seed in range(50):
        g = _play(seed, steps=30)
        if g.phase == "turn" and g.drawn_tile(g.turn) is not None:
            return _saved(g)
    raise AssertionError("no seed gives a turn after a draw")


@pytest.fixture(scope="module")
def claim() -> dict:
    for seed in range(50):
        g = _play(seed, phase="claim")
        if g.phase == "claim":
            return _saved(g)
    raise AssertionError("no seed reaches a claim window")


def _refused(d: dict, field: str) -> None:
    with pytest.raises(SetupError, match=field):
        Game.from_dict(d)


# ------------------------------------------------------------------ good saves still load
@pytest.mark.parametrize("seed", range(6))
def test_a_true_save_restores_and_plays_on_identically(seed):
    g = _play(seed, steps=5 + 11 * seed)
    h = Game.from_dict(_saved(g))
    assert h.to_dict() == g.to_dict()
    a, b = _play_on(g), _play_on(h)
    assert a.to_dict() == b.to_dict()


def _play_on(g: Game) -> Game:
    rng = np.random.default_rng(0)
    while not g.over:
        s = g.current_player
        codes = g.legal_action_codes(s)
        g.step(s, codes[int(rng.integers(len(codes)))])
    return g


def test_a_save_of_a_finished_hand_keeps_its_result():
    g = _play_on(_play(3))
    h = Game.from_dict(_saved(g))
    assert h.over and h.result == g.result


def test_a_save_not_through_json_loads_too():
    g = _play(2, steps=20)
    assert Game.from_dict(g.to_dict()).to_dict() == g.to_dict()


# ------------------------------------------------------------------ corrupted states
def test_tiles_swapped_between_two_hands(mid):
    d = copy.deepcopy(mid)
    h0, h1 = d["hands"][0], d["hands"][1]
    a = next(t for t in range(34) if h0[t] and h1[t] < 4)
    b = next(t for t in range(34) if h1[t] and h0[t] < 4 and t != a)
    h0[a] -= 1; h1[a] += 1; h1[b] -= 1; h0[b] += 1  # noqa: E702 - the census still holds
    _refused(d, "hands")


def test_turn_moved_to_another_seat(mid):
    d = copy.deepcopy(mid)
    d["turn"] = (d["turn"] + 1) % 4
    _refused(d, "turn")


@pytest.mark.parametrize("bad", [7, -1, "0", None, 1.0, True])
def test_turn_out_of_range_or_not_an_int(mid, bad):
    d = copy.deepcopy(mid)
    d["turn"] = bad
    _refused(d, "turn")


def test_empty_events(mid):
    d = copy.deepcopy(mid)
    d["events"] = []
    _refused(d, "events")


def test_truncated_events(mid):
    d = copy.deepcopy(mid)
    d["events"] = d["events"][:-3]
    with pytest.raises(SetupError):
        Game.from_dict(d)


def test_events_edited(mid):
    d = copy.deepcopy(mid)
    i = next(i for i, e in enumerate(d["events"]) if e["type"] == "discard")
    d["events"][i]["tile"] = "1m" if d["events"][i]["tile"] != "1m" else "2m"
    _refused(d, "events")


@pytest.mark.parametrize("bad", [None, 5, "x", [5], {"type": "deal"}])
def test_events_malformed(mid, bad):
    d = copy.deepcopy(mid)
    d["events"] = bad
    _refused(d, "events")


@pytest.mark.parametrize("bad", ["abc", 1.0, 34, -1])
def test_drawn_malformed(mid, bad):
    d = copy.deepcopy(mid)
    d["drawn"] = bad
    _refused(d, "drawn")


def test_drawn_another_kind(mid):
    d = copy.deepcopy(mid)
    d["drawn"] = (d["drawn"] + 1) % 34
    _refused(d, "drawn")


def test_a_hand_with_a_negative_count(mid):
    d = copy.deepcopy(mid)
    h = d["hands"][1]
    t = next(t for t in range(34) if h[t] == 0)
    h[t] = -1
    u = next(u for u in range(34) if h[u] > 0)
    h[u] += 1
    _refused(d, "hands")


@pytest.mark.parametrize("n", [33, 35, 0])
def test_a_hand_of_the_wrong_length(mid, n):
    d = copy.deepcopy(mid)
    d["hands"][2] = (d["hands"][2] + [0] * 5)[:n]
    _refused(d, "hands")


def test_option_codes_out_of_the_action_space(claim):
    d = copy.deepcopy(claim)
    s = next(iter(d["options"]))
    d["options"][s] = d["options"][s] + [9999]
    _refused(d, "options")


def test_claim_phase_with_no_options(mid):
    d = copy.deepcopy(mid)
    d["phase"] = "claim"
    d["options"] = {}
    _refused(d, "phase")


def test_claim_window_with_options_removed(claim):
    d = copy.deepcopy(claim)
    d["options"] = {}
    _refused(d, "options")


def test_a_decision_that_was_never_made(claim):
    d = copy.deepcopy(claim)
    s = next(iter(d["options"]))
    d["decisions"] = {s: 162}
    _refused(d, "decisions")


@pytest.mark.parametrize("field, value", [
    ("front", 60), ("back", 120), ("dealer", 3), ("draw_kind", 2), ("scores", [1, 2, 3, 4]),
    ("prev_laizi", "1z"), ("phase", "over"), ("phase", "nonsense"), ("tile", 5),
    ("melds", [[["peng", "111m", 1]], [], [], []]), ("specials", [[["hongzhong_gang", "7z"]], [], [], []]),
    ("rivers", [[], [], [], []]), ("rules", {"name": "nonsense"}), ("rules", Rules.kaikou().to_dict()),
])
def test_any_other_field_changed(mid, field, value):
    d = copy.deepcopy(mid)
    if d[field] == value:
        pytest.skip("the save already holds this value")
    d[field] = value
    _refused(d, field)


def test_wall_changed_in_the_undrawn_part(mid):
    d = copy.deepcopy(mid)
    w = d["wall"]
    i, j = d["front"], d["back"]
    w[i], w[j] = w[j], w[i]
    if w[i] == w[j]:
        pytest.skip("same kind at both ends")
    _refused(d, "wall")


# ------------------------------------------------------------------ not a save at all
@pytest.mark.parametrize("bad", [[], None, "x", 5, [("format", "wuhanmj.game/1")]])
def test_a_payload_that_is_not_a_dict(bad):
    with pytest.raises(SetupError, match="dict"):
        Game.from_dict(bad)


def test_unknown_format():
    with pytest.raises(SetupError, match="format"):
        Game.from_dict({"format": "other"})


@pytest.mark.parametrize("fmt", [[], {}, ["wuhanmj.game/1"], None, 2])
def test_a_format_that_is_not_a_string(fmt):
    # an unhashable format once escaped as a TypeError from the OLD_FORMATS lookup
    with pytest.raises(SetupError, match="format"):
        Game.from_dict({"format": fmt})


def test_a_missing_field_is_named(mid):
    d = copy.deepcopy(mid)
    del d["rivers"]
    _refused(d, "rivers")


def test_an_unknown_field_is_named(mid):
    d = dict(mid, colour="red")
    _refused(d, "colour")


# ------------------------------------------------------------------ replay of malformed logs
@pytest.mark.parametrize("bad", [5, None, [{"type": "deal", "hands": 5}, {"type": "indicator"}]])
def test_replay_of_a_malformed_log_is_a_replay_error(bad):
    with pytest.raises(ReplayError):
        Game.replay(bad)


def test_replay_refuses_a_wall_of_floats_in_the_deal(mid):
    evs = copy.deepcopy(mid["events"])
    evs[0]["wall"] = [0.5 + i // 4 for i in range(136)]
    with pytest.raises(ReplayError, match="wall"):
        Game.replay(evs)


@pytest.mark.parametrize("preset", ["kaikou", "koukou", "koukou_fan"])
def test_every_preset_and_float_scores_round_trip_through_json(preset):
    g = Game(Rules.preset(preset), seed=1, scores=(1.5, 0, -1.5, 0))
    for _ in range(7):
        g.step(g.current_player, g.legal_action_codes()[0])
    assert Game.from_dict(_saved(g)).to_dict() == g.to_dict()


def test_an_event_field_of_another_type_is_refused(mid):
    # JSON true equals 1 in Python; the log must still say what the game did (a seat 1)
    d = copy.deepcopy(mid)
    i = next(i for i, e in enumerate(d["events"]) if e["type"] == "draw" and e["seat"] == 1)
    d["events"][i]["seat"] = True
    _refused(d, "events")
    with pytest.raises(ReplayError, match=f"event {i}"):
        Game.replay(d["events"])
    d["events"][i]["seat"] = 1.0
    _refused(d, "events")


def _leaf_paths(x, path=()):
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _leaf_paths(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _leaf_paths(v, path + (i,))
    if path:
        yield path


def test_random_corruptions_are_setup_errors_or_change_nothing(mid):
    """Any field anywhere (events included) set to a value of the wrong kind or range,
    or a list item dropped: SetupError, never another exception; a save that still
    loads is one whose values did not change."""
    import random

    rnd = random.Random(2026)
    paths = list(_leaf_paths(mid))
    values = [None, -1, 0, 1, 7, 34, 9999, 1.5, True, "abc", "5m", [], {}, [1, 2], {"a": 1}, ""]
    for _ in range(300):
        d = copy.deepcopy(mid)
        path = rnd.choice(paths)
        box = d
        for k in path[:-1]:
            box = box[k]
        old = box[path[-1]]
        if isinstance(box, list) and rnd.random() < 0.2:
            del box[path[-1]]
            changed = True
        else:
            new = rnd.choice(values)
            box[path[-1]] = new
            changed = type(new) is not type(old) or new != old
        try:
            Game.from_dict(d)
        except SetupError:
            continue
        assert not changed, f"{path}: accepted {box!r}"


# ------------------------------------------------------------------ inconsistent states (both engines)
def test_a_fifth_copy_of_a_kind_is_named(mid):
    """T1: a hand given one more tile of a kind (the census no longer 4 per kind)."""
    d = copy.deepcopy(mid)
    h = d["hands"][2]
    h[next(t for t in range(34) if h[t] == 3 or h[t] == 2)] += 1
    _refused(d, "hands")


def test_every_kind_must_total_four_in_the_deal(mid):
    """T1: a deal wall with five of one kind and three of another does not replay."""
    d = copy.deepcopy(mid)
    w = d["events"][0]["wall"]
    a = w[-1]
    w[-1] = next(x for x in w if x != a)
    _refused(d, "events")


def test_options_the_hand_cannot_make_are_named(claim):
    """P2: a claim option (peng) given to a seat without the pair."""
    d = copy.deepcopy(claim)
    t = d["tile"]
    s = next(str(s) for s in range(4) if d["hands"][s][t] < 2 and s != d["turn"])
    d["options"][s] = sorted(set(d["options"].get(s, [])) | {55})
    _refused(d, "options")


def test_the_claim_tile_changed(claim):
    d = copy.deepcopy(claim)
    d["tile"] = (d["tile"] + 1) % 34
    _refused(d, "tile")


@pytest.mark.parametrize("bad", [[None] * 3, [{"suit": 0, "liable": 1, "co_liable": []}, None, None, None], 5])
def test_xiayu_threats_that_are_not_in_the_log(mid, bad):
    """L5: 下雨 threats the event log never made."""
    d = copy.deepcopy(mid)
    d["xiayu"] = bad
    _refused(d, "xiayu")


@pytest.mark.parametrize("field, bad", [("hands", "1m2m"), ("wall", None), ("front", 54.0), ("options", []),
                                        ("decisions", [1]), ("rivers", {"0": []}), ("melds", None)])
def test_a_field_of_the_wrong_type_is_named(mid, field, bad):
    d = copy.deepcopy(mid)
    d[field] = bad
    _refused(d, field)


def test_a_save_nested_too_deeply_is_refused(mid):
    d = copy.deepcopy(mid)
    x: list = []
    for _ in range(1000):
        x = [x]
    d["scores"] = x
    with pytest.raises(SetupError, match="deep"):
        Game.from_dict(d)


@pytest.mark.parametrize("phase", ["claim", None])
def test_a_hand_deep_copied_or_pickled_is_an_equal_independent_hand(phase):
    import pickle

    g = _play(4, phase=phase, steps=None if phase else 25)
    for twin in (copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert type(twin) is type(g) and twin.to_dict() == g.to_dict()
        before = g.to_dict()
        s = twin.current_player
        twin.step(s, twin.legal_action_codes(s)[0])
        assert g.to_dict() == before
