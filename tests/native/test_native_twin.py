"""The native hand against the Python reference through the shared hand interface
(:class:`wuhanmj.game.protocol.HandEngine`): observations, saves and results.

The rules of play themselves run on both engines in ``tests/game`` (the ``engine`` fixture
of ``tests/conftest.py``); the lockstep and parity runs stay in ``test_native_hand.py``.
Here, on three presets and two custom rule sets (``helpers.engines.rule_sets``):

- :meth:`NativeHand.observation` equals :meth:`Game.observation` for every seat at every
  decision of a few hands (values and types: the repr), every phase met (turn, claim, rob,
  haidi, over);
- ``NativeHand.from_dict(game.to_dict())`` at every phase change and every 25th decision:
  the save round-trips (``to_dict`` equal, types included), the restored hand has the same
  state, pending seats, legal codes, observations and result, and, played on with the
  remaining actions, ends as the original; ``Game.from_dict`` loads the native save. The
  ``soak`` run does the same at every fifth decision of 40 hands per rule set;
- both classes are ``HandEngine`` values.

Bad saves are refused by both engines with the same SetupError (``tests/game/test_game_saved.py``).

Command: ``PYTHONPATH=src python -m pytest -q tests/native/test_native_twin.py`` (``-m soak``
for the large run).
"""

from __future__ import annotations

import pytest
from wuhanmj import Rules



def _rule_sets() -> list[Rules]:
    from helpers.engines import rule_sets

    return rule_sets()


# seeds whose "hoard" hand meets a 抢杠 window (P4) and the 海底 phase (G3), per rule set
RARE = {0: (58, 83), 1: (58, 83), 2: (63, 64), 3: (63, 64), 4: (63, 119)}


def _plays(k: int) -> list[tuple[int, str]]:
    """The (seed, policy) hands played on rule set k: four policies and the rare phases."""
    return [(100 + k, "greedy"), (200 + k, "eager"), (300 + k, "passive"), (400 + k, "random")] + [
        (seed, "hoard") for seed in RARE[k]]


@pytest.mark.parametrize("k", range(5))
def test_observation_equals_python_at_every_decision(k: int) -> None:
    """NativeHand.observation(s) == Game.observation(s) for the four seats at every decision
    and at the end (values and types), on each rule set; every phase is met."""
    from helpers.engines import twin_hands

    rules = _rule_sets()[k]
    phases = set()
    for seed, policy in _plays(k):
        for g, n, _seat, _code in twin_hands(rules, seed, policy):
            phases.add(g.phase)
            for s in range(4):
                want, got = g.observation(s), n.observation(s)
                assert got == want, f"{rules.name} seed {seed} seat {s} phase {g.phase}"
                assert repr(got) == repr(want)
    assert phases == {"turn", "claim", "rob", "haidi", "over"}


def test_both_engines_answer_the_hand_protocol() -> None:
    """Game and NativeHand are HandEngine (a typing.Protocol); mypy checks the assignments."""
    from wuhanmj.game import Game, HandEngine
    from wuhanmj.native.handapi import NativeHand

    engines: list[HandEngine] = [Game(seed=1), NativeHand(seed=1)]
    assert all(isinstance(e, HandEngine) for e in engines)
    assert engines[0].to_dict() == engines[1].to_dict()


def _round_trips(rules: Rules, plays: list[tuple[int, str]], every: int) -> set[str]:
    """Play each (seed, policy) hand on both engines; at every phase change and every
    ``every``-th decision save the Python hand and restore it natively
    (``NativeHand.from_dict(game.to_dict())``): the save round-trips, values and types;
    the restored hand shows the same state, legal codes and observations, and plays on
    with the remaining actions to the same end. The native save restores in Python too.
    Returns the phases restored."""
    from helpers.engines import twin_hands

    from wuhanmj.game import Game
    from wuhanmj.native.handapi import NativeHand

    restored: set[str] = set()
    for seed, policy in plays:
        followers: list[NativeHand] = []
        prev_phase = None
        for k, (g, n, seat, code) in enumerate(twin_hands(rules, seed, policy)):
            where = f"{rules.name} seed {seed} {policy} decision {k} phase {g.phase}"
            for f in followers:
                assert f.state_dict() == n.state_dict(), where
            if g.phase != prev_phase or k % every == 0:
                d = g.to_dict()
                r = NativeHand.from_dict(d)
                assert repr(r.to_dict()) == repr(d), where
                assert r.state_dict() == n.state_dict(), where
                assert r.current_player == g.current_player and r.pending == g.pending, where
                for s in range(4):
                    assert r.legal_action_codes(s) == g.legal_action_codes(s), f"{where} seat {s}"
                    assert r.observation(s) == g.observation(s), f"{where} seat {s}"
                assert r.result == g.result, where
                if k % (2 * every) == 0:
                    assert repr(Game.from_dict(n.to_dict()).to_dict()) == repr(d), where
                restored.add(g.phase)
                followers.append(r)
            prev_phase = g.phase
            if seat >= 0:
                for f in followers:
                    f.step(seat, code)
        for f in followers:
            assert f.over and f.result == g.result and f.state_dict() == n.state_dict()
    return restored


@pytest.mark.parametrize("k", range(5))
def test_from_dict_restores_every_phase_mid_hand(k: int) -> None:
    """NativeHand.from_dict(Game.to_dict()) mid-hand, on three presets and two custom rule
    sets: turn (after a draw, after a 碰/吃: D18), claim windows (P2), rob windows (P4), the
    海底 phase (G3), a finished hand; L5 threats under the custom set's xiayu."""
    rules = _rule_sets()[k]
    plays = [(500 + k, "greedy")] + [(seed, "hoard") for seed in RARE[k]]
    assert _round_trips(rules, plays, every=25) == {"turn", "claim", "rob", "haidi", "over"}


@pytest.mark.soak
@pytest.mark.parametrize("k", range(5))
def test_from_dict_round_trips_soak(k: int) -> None:
    """The same at every fifth decision of 40 hands per rule set, every policy."""
    policies = ("greedy", "eager", "passive", "random", "flush", "hoard")
    plays = [(20_000 + 100 * k + i, policies[i % len(policies)]) for i in range(40)]
    assert "claim" in _round_trips(_rule_sets()[k], plays, every=5)


@pytest.mark.parametrize("seed", [4, 9])
def test_restore_unchecked_state_plays_on_as_the_python_engine(seed: int) -> None:
    """helpers.surgery.restore_unchecked(NativeHand, d) (state surgery, no log check) gives
    the state of d with every cache dropped: the same views as the Python restore, and played
    on to the end, the same saves (events included) and the same result; a clone is
    independent."""
    from wuhanmj.game import Game
    from helpers.surgery import restore_unchecked
    from wuhanmj.native.handapi import NativeHand

    g = Game(Rules.koukou_fan(), seed=seed, dealer=seed % 4)
    for _ in range(30):
        g.step(g.current_player, g.legal_action_codes()[-1])  # claims and gangs first
    d = g.to_dict()
    d["front"] += 8  # surgery: eight tiles gone from the wall's front, no log reaches it
    d["rivers"][0] = d["rivers"][0] + d["wall"][d["front"] - 8: d["front"]]
    n, p = restore_unchecked(NativeHand, d), restore_unchecked(Game, d)
    c = n.clone()
    assert repr(n.to_dict()) == repr(d)
    while not n.over:
        for s in range(4):
            assert n.legal_action_codes(s) == p.legal_action_codes(s)
            assert n.observation(s) == p.observation(s)
        s = n.current_player
        code = n.legal_action_codes(s)[0]
        n.step(s, code)
        p.step(s, code)
        assert n.to_dict() == p.to_dict()
    assert n.result == p.result
    assert c.to_dict() == d


# ---------------------------------------------------------------- from_game
def _mid_game(phase: str):
    """A Game in ``phase`` (seeded random play, claims taken), with its NativeHand twin."""
    import numpy as np

    from wuhanmj import Game

    for seed in range(100):
        g = Game(seed=seed, dealer=seed % 4)
        rng = np.random.default_rng(seed)
        while not g.over and g.phase != phase:
            s = g.current_player
            codes = g.legal_action_codes(s)
            claims = [c for c in codes if 34 <= c <= 56]
            g.step(s, claims[-1] if claims else codes[int(rng.integers(len(codes)))])
        if g.phase == phase:
            return g
    raise AssertionError(f"no seed reaches {phase}")


@pytest.mark.parametrize("phase", ["turn", "claim", "over"])
def test_from_game_is_the_games_state(phase: str) -> None:
    from wuhanmj.native.handapi import NativeHand

    g = _mid_game(phase)
    n = NativeHand.from_game(g)
    assert n.to_dict() == g.to_dict()
    assert [n.observation(s) for s in range(4)] == [g.observation(s) for s in range(4)]


def test_from_game_of_a_state_its_log_does_not_give_is_a_setup_error_naming_the_field() -> None:
    """A Game whose state was edited (state surgery: the wall run down) is not silently
    taken for the state its event log gives."""
    from wuhanmj.errors import SetupError
    from helpers.surgery import restore_unchecked
    from wuhanmj.native.handapi import NativeHand
    from wuhanmj.game import Game

    d = _mid_game("turn").to_dict()
    d["back"] -= 40
    with pytest.raises(SetupError, match="^from_game: back: "):
        NativeHand.from_game(restore_unchecked(Game, d))
