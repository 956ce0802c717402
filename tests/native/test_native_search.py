"""The search calls of the native engine (:mod:`wuhanmj.native.search`) against the Python
engine, which is the reference:

- a determinization keeps what the seat sees: the Python engine's observation of the
  determinized state (:func:`helpers.surgery.restore_unchecked`) equals its observation
  of the true state, for every seat, in turns, claim windows (P2), 抢杠 windows (P4) and
  the 海底 (G3); every kind has 4 tiles (T1), the wall keeps the layout of G1 (the
  indicator at 53, the same ends, the seat's own dealt tiles);
- a reopened window has the options the Python engine gives when the discard (or the
  蓄杠) is played on the dealt hands;
- the deal is uniform: chi-square of the hidden drawn tile, the next draw and where the
  copies of one kind are, against the multivariate hypergeometric law;
- ``evaluate_actions(n=1, determinize=False)`` equals each candidate played out by the
  Python engine's GreedyAgent / RandomAgent (seeded by ``match_seeds(seed, 0)``);
- rows do not depend on ``threads``; candidates share determinizations (common random
  numbers); bad input raises a specific error; a SearchView gives no way to the hidden
  state and the game loop gives it only to agents that ask (``act(..., *, view)``).
"""

from __future__ import annotations

import gc
import math
from collections import Counter

import numpy as np
import pytest

from helpers.native_lockstep import choose

from wuhanmj import Game, Rules
from wuhanmj.agents import GreedyAgent, RandomAgent
from wuhanmj.agents.base import wants_view
from wuhanmj.errors import AgentError, IllegalActionError, SetupError, SimulationError, WuhanMJError
from wuhanmj.game.actions import PASS, XU_GANG
from wuhanmj.game.loop import play_game
from helpers.surgery import restore_unchecked
from wuhanmj.game.wall import check_wall
from wuhanmj.native.agents import greedy_choice
from wuhanmj.native.handapi import NativeHand
from wuhanmj.native.search import (
    SearchView,
    determinize,
    evaluate_actions,
    policy_capsule,
    search_view,
)
from wuhanmj.sim.batch import match_seeds

PRESETS = ("kaikou", "koukou", "koukou_fan")
N_GAMES = 24            # hands scanned for states in the quick tests
N_SOAK = 1500


# ---------------------------------------------------------------- states
def _eager_gang(nh: NativeHand, seat: int, rng: np.random.Generator) -> int:
    """The native GreedyAgent's choice, but a 蓄杠 whenever one is legal (抢杠 windows) and
    now and then a uniform choice."""
    legal = nh.legal(seat)
    xu = [c for c in legal if XU_GANG <= c < XU_GANG + 34]
    if xu:
        return xu[0]
    if rng.random() < 0.1:
        return legal[int(rng.integers(len(legal)))]
    return greedy_choice(nh, seat)


def _states(n_games: int, salt: int = 0, every: int = 3, policy: str = "gang"):
    """(rules, native hand, game) at every ``every``-th decision and at each window and
    海底 decision of ``n_games`` seeded hands; the Python game (replayed to the same state)
    is built for the states ``keep`` accepts. Policies: ``"gang"`` (:func:`_eager_gang`)
    or one of :func:`helpers.native_lockstep.choose`'s (``"hoard"``: 抢杠 and 海底)."""
    rng = np.random.default_rng(salt)
    for g in range(n_games):
        rules = Rules.preset(PRESETS[g % 3])
        nh = NativeHand(rules, seed=salt * 100_000 + g, dealer=g % 4)
        k = 0
        while not nh.over:
            if k % every == 0 or nh.phase in ("claim", "rob", "haidi"):
                yield rules, nh.copy()
            s = nh.current_player
            nh.step(s, _eager_gang(nh, s, rng) if policy == "gang" else choose(rng, nh.legal(s), policy, nh, s))
            k += 1


def _game_of(nh: NativeHand) -> Game:
    """The Python engine in the native hand's state: its decision log replayed on its wall."""
    d = nh.state_dict()
    g = Game(nh.rules, wall=d["wall"], dealer=d["dealer"], prev_laizi=d["prev_laizi"])
    for seat, code in nh.log:
        g.step(seat, code)
    return g


def _python_of(d: NativeHand, rules: Rules, g: Game) -> Game:
    """The Python engine holding exactly the (determinized) state d; g's log for D18."""
    return restore_unchecked(Game, {**d.state_dict(), "rules": rules.to_dict(), "events": g.to_dict()["events"]})


def _undrawn(d: dict) -> list[int]:
    return d["wall"][d["front"]:d["back"] + 1]


def _check_counts(nh: NativeHand, d: NativeHand, seat: int) -> None:
    """T1, D6, G1: 4 of each kind among the hands, the face-up tiles and the undrawn wall;
    a wall of 136; the same ends and indicator; the seat's dealt tiles where they were."""
    a, b = nh.state_dict(), d.state_dict()
    check_wall(b["wall"])
    total = np.array(d.visible_counts()) + np.bincount(_undrawn(b), minlength=34)
    for s in range(4):
        total += np.array(b["hands"][s])
    assert total.tolist() == [4] * 34
    assert (b["front"], b["back"], b["wall"][53]) == (a["front"], a["back"], a["wall"][53])
    i = (seat - a["dealer"]) & 3
    assert b["wall"][13 * i:13 * i + 13] == a["wall"][13 * i:13 * i + 13]
    unseen = [4 - x - v for x, v in zip(a["hands"][seat], nh.visible_counts())]
    assert [4 - x - v for x, v in zip(b["hands"][seat], d.visible_counts())] == unseen
    assert d.log == []


@pytest.fixture(scope="module")
def states():
    """Turns and claim windows of a few hands, with the Python game in the same state."""
    out = [(rules, nh, _game_of(nh)) for rules, nh in _states(N_GAMES, every=9)]
    phases = Counter(nh.phase for _, nh, _ in out)
    assert phases["claim"] >= 10 and phases["turn"] >= 10, phases
    return out


@pytest.fixture(scope="module")
def rare_states():
    """A few 抢杠 windows and 海底 decisions (P4, G3), with the Python game."""
    out: dict[str, list] = {"rob": [], "haidi": []}
    for rules, nh in _states(600, salt=7, every=10 ** 9, policy="hoard"):
        if nh.phase in out and len(out[nh.phase]) < 3:
            out[nh.phase].append((rules, nh, _game_of(nh)))
        if all(len(v) >= 3 for v in out.values()):
            break
    assert out["rob"] and out["haidi"], {k: len(v) for k, v in out.items()}
    return out["rob"] + out["haidi"]


# ---------------------------------------------------------------- what the seat sees
def _determinize_or_rare(nh: NativeHand, seat: int, seed: int) -> NativeHand | None:
    """determinize(), or None when it gives up on a seat that is not to act (a window only a
    rare deal keeps open for it: the module docstring of wuhanmj.native.search)."""
    try:
        return determinize(nh, seat, seed)
    except SetupError:
        assert not nh.legal(seat) and nh.phase in ("claim", "rob", "haidi")
        return None


def _check_view_kept(rules, nh, g, seed):
    for seat in range(4):
        d = _determinize_or_rare(nh, seat, seed + seat)
        if d is None:
            continue
        _check_counts(nh, d, seat)
        assert _python_of(d, rules, g).observation(seat) == g.observation(seat), (nh.phase, seat)
        assert d.observation(seat) == nh.observation(seat)
        # a hand without a decision log (a determinization's): the draws' owners unknown
        dd = _determinize_or_rare(d, seat, seed + 4)
        if dd is None:
            continue
        _check_counts(nh, dd, seat)
        assert _python_of(dd, rules, g).observation(seat) == g.observation(seat), (nh.phase, seat)


def test_determinize_keeps_the_seats_observation(states):
    for i, (rules, nh, g) in enumerate(states[::3]):
        _check_view_kept(rules, nh, g, 10 * i)


def test_p4_g3_determinize_keeps_the_observation_in_rob_windows_and_the_haidi(rare_states):
    for i, (rules, nh, g) in enumerate(rare_states):
        _check_view_kept(rules, nh, g, 10 * i)


def test_determinize_leaves_the_hand_unchanged(states):
    _, nh, _ = states[5]
    before = nh.state_dict()
    determinize(nh, 0, 1)
    assert nh.state_dict() == before


def test_determinize_deals_the_hidden_tiles_again(states):
    """Not a copy: the other hands differ between seeds (a late state has few unseen tiles,
    but more than one deal)."""
    _, nh, _ = states[len(states) // 2]
    deals = {tuple(map(tuple, determinize(nh, 0, s).state_dict()["hands"][1:])) for s in range(6)}
    assert len(deals) > 1


# ---------------------------------------------------------------- reopened windows
def _python_window(d: NativeHand, rules: Rules, g: Game) -> dict:
    """The options the Python engine gives on d's dealt hands when the window's discard /
    蓄杠 is played again (P2, P4)."""
    x = d.state_dict()
    t, disc = x["tile"], x["turn"]
    if x["phase"] == "claim":
        x["hands"][disc][t] += 1
        x["rivers"][disc] = x["rivers"][disc][:-1]
        code = t
    else:
        code = XU_GANG + t
    x.update(phase="turn", tile=None, options={}, decisions={}, drawn=None, draw_kind=0, xiayu=[None] * 4)
    p = restore_unchecked(Game, {**x, "rules": rules.to_dict(), "events": g.to_dict()["events"]})
    p.step(disc, code)
    assert p.phase == d.phase
    return {s: list(o) for s, o in p.state.options.items()}


def test_p2_p4_reopened_windows_have_the_python_engines_options(states, rare_states):
    n = 0
    for i, (rules, nh, g) in enumerate(states + rare_states):
        if nh.phase not in ("claim", "rob"):
            continue
        for seat in range(4):
            d = _determinize_or_rare(nh, seat, 1000 + i)
            if d is None:
                continue
            x = d.state_dict()
            assert {int(s): o for s, o in x["options"].items()} == _python_window(d, rules, g)
            cur = nh.current_player
            # answers: the seat's own kept; the others before the first to act passed
            before = []
            for k in range(1, 4):
                s = (x["turn"] + k) & 3
                if s == cur:
                    break
                before.append(s)
            want = {str(s): PASS for s in before if s != seat and str(s) in x["options"]}
            if str(seat) in nh.state_dict()["decisions"]:
                want[str(seat)] = nh.state_dict()["decisions"][str(seat)]
            assert x["decisions"] == want
            n += 1
    assert n


# ---------------------------------------------------------------- uniform
def _chi2_critical(df: int, p: float = 1e-3) -> float:
    """The chi-square quantile 1 - p: scipy's when installed, else Wilson-Hilferty's
    approximation (z = 3.0902 for p = 0.001; within 1 % for df >= 3)."""
    try:
        from scipy.stats import chi2  # type: ignore[import-untyped]
    except ImportError:
        assert p == 1e-3
        z = 3.0902
        return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    return float(chi2.ppf(1 - p, df))


def _chi2(observed: Counter, expected: dict, n: int) -> tuple[float, int]:
    """The statistic over the cells, those expected fewer than 5 times pooled into one."""
    stat, df = 0.0, -1
    small_o, small_e = 0, 0.0
    for cell, p in expected.items():
        e = p * n
        if e < 5:
            small_o += observed.get(cell, 0)
            small_e += e
            continue
        stat += (observed.get(cell, 0) - e) ** 2 / e
        df += 1
    if small_e > 0:
        stat += (small_o - small_e) ** 2 / small_e
        df += 1
    assert not set(observed) - set(expected), "a cell of probability 0 was sampled"
    return stat, df


def _hypergeometric_places(copies: int, sizes: list[int]) -> dict:
    """P(c_0 .. c_m copies of one kind in places of these sizes) when ``copies`` of the
    N = sum(sizes) tiles are that kind, uniformly placed."""
    n_total = sum(sizes)
    out = {}

    def rec(i, left, acc, ways):
        if i == len(sizes) - 1:
            if left <= sizes[i]:
                out[acc + (left,)] = ways * math.comb(sizes[i], left) / math.comb(n_total, copies)
            return
        for c in range(min(left, sizes[i]) + 1):
            rec(i + 1, left - c, acc + (c,), ways * math.comb(sizes[i], c))

    rec(0, copies, (), 1)
    return out


def _late_turn_state():
    """A late turn of seat 1 after its draw, seen by seat 0: a few dozen unseen tiles."""
    nh = NativeHand("kaikou", seed=4242, dealer=1)
    rng = np.random.default_rng(5)
    while True:
        s = nh.current_player
        nh.step(s, _eager_gang(nh, s, rng))
        if nh.over:
            raise AssertionError("the scripted hand ended early")
        x = nh.state_dict()
        if x["phase"] == "turn" and x["turn"] == 1 and x["drawn"] is not None and nh.tiles_left < 40:
            return nh


def _claim_state_of_next_seat():
    """A claim window (P2) late in a hand (the first seat to act observes it)."""
    nh = NativeHand("koukou", seed=99, dealer=0)
    rng = np.random.default_rng(6)
    while True:
        s = nh.current_player
        nh.step(s, _eager_gang(nh, s, rng))
        if nh.over:
            raise AssertionError("the scripted hand ended early")
        if nh.phase == "claim" and nh.tiles_left < 60:
            return nh


@pytest.mark.parametrize("case", ["late_turn", "claim_window"])
def test_determinize_is_uniform_chi_square(case):
    """Seen by a seat that is not on turn (a late turn: the hidden drawn tile) or by the
    first seat to act in a claim window: the drawn tile and the next draw follow the
    unseen counts; the copies of the most common unseen kind spread over the three other
    hands and the wall as the multivariate hypergeometric law says (p = 0.001 each)."""
    nh = _late_turn_state() if case == "late_turn" else _claim_state_of_next_seat()
    seat = 0 if case == "late_turn" else nh.current_player
    others = [(seat + i) & 3 for i in (1, 2, 3)]
    x = nh.state_dict()
    unseen = [4 - a - v for a, v in zip(x["hands"][seat], nh.visible_counts())]
    n_unseen = sum(unseen)
    kind = max(range(34), key=lambda t: unseen[t])
    sizes = [sum(x["hands"][s]) for s in others] + [nh.tiles_left]
    m = 6000
    drawn, first, places = Counter(), Counter(), Counter()
    for i in range(m):
        y = determinize(nh, seat, i).state_dict()
        if y["drawn"] is not None:
            drawn[y["drawn"]] += 1
        first[y["wall"][y["front"]]] += 1
        places[tuple(y["hands"][s][kind] for s in others) + (_undrawn(y).count(kind),)] += 1
    assert (x["drawn"] is None) == (not drawn)
    by_kind = {t: unseen[t] / n_unseen for t in range(34) if unseen[t]}
    checks = [(first, by_kind), (places, _hypergeometric_places(unseen[kind], sizes))]
    if drawn:
        checks.append((drawn, by_kind))
    for observed, expected in checks:
        stat, df = _chi2(observed, expected, m)
        assert df >= 3
        assert stat < _chi2_critical(df), (stat, df)


# ---------------------------------------------------------------- rollouts
def _python_playout(g: Game, seat: int, codes, policy: str, seed: int) -> list:
    """Each candidate played on a clone, then the hand to its end by the Python bots."""
    _, agent_seeds = match_seeds(seed, 0)
    out = []
    for c in codes:
        x = g.clone()
        x.step(seat, c)
        agents = ([GreedyAgent() for _ in range(4)] if policy == "greedy"
                  else [RandomAgent(seed=agent_seeds[s]) for s in range(4)])
        play_game(x, agents)
        out.append(float(x.result.payments[seat]))
    return out


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_evaluate_actions_n1_undeterminized_equals_the_python_playout(states, rare_states, policy):
    picked = [s for s in states if s[1].phase in ("turn", "claim")][1::9][:8] + rare_states[::2]
    assert {nh.phase for _, nh, _ in picked} == {"turn", "claim", "rob", "haidi"}
    for i, (_, nh, g) in enumerate(picked):
        seat = nh.current_player
        codes = nh.legal(seat)
        got = evaluate_actions(nh, seat, codes, 1, seed=77 + i, policy=policy, determinize=False)
        assert got.shape == (1, len(codes)) and got.dtype == np.float64
        assert got[0].tolist() == _python_playout(g, seat, codes, policy, 77 + i)


def test_evaluate_actions_rows_are_determinizations_shared_by_the_candidates(states):
    _, nh, _ = next(s for s in states if s[1].phase == "turn" and len(s[1].legal()) > 3)
    seat = nh.current_player
    codes = nh.legal(seat)[:4]
    got = evaluate_actions(nh, seat, codes, 5, seed=9)
    for i in range(5):
        d = determinize(nh, seat, match_seeds(9, i)[0])
        assert got[i].tolist() == evaluate_actions(d, seat, codes, 1, seed=0, determinize=False)[0].tolist()
    for j, c in enumerate(codes):   # the same rows for a candidate alone (common random numbers)
        assert evaluate_actions(nh, seat, [c], 5, seed=9)[:, 0].tolist() == got[:, j].tolist()


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_evaluate_actions_does_not_depend_on_threads(states, policy):
    _, nh, _ = states[4]
    seat = nh.current_player
    codes = nh.legal(seat)
    one = evaluate_actions(nh, seat, codes, 9, seed=3, policy=policy)
    for k in (2, 3):
        assert np.array_equal(evaluate_actions(nh, seat, codes, 9, seed=3, policy=policy, threads=k), one)


def test_evaluate_actions_prepares_the_greedy_bot_itself():
    """In a fresh process, undeterminized rollouts first (no determinize call before them
    to build the bot's tables): the same rows as in this process."""
    import subprocess
    import sys

    code = ("from wuhanmj.native.handapi import NativeHand\n"
            "from wuhanmj.native.search import evaluate_actions\n"
            "h = NativeHand(seed=7)\n"
            "print(evaluate_actions(h, h.current_player, h.legal(), 1, determinize=False).tolist())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    h = NativeHand(seed=7)
    assert out.strip() == str(evaluate_actions(h, h.current_player, h.legal(), 1, determinize=False).tolist())


def test_a_registered_native_agent_plays_through_the_hook(states):
    _, nh, _ = states[4]
    seat = nh.current_player
    codes = nh.legal(seat)
    assert np.array_equal(evaluate_actions(nh, seat, codes, 3, seed=2, policy=policy_capsule("greedy")),
                          evaluate_actions(nh, seat, codes, 3, seed=2, policy="greedy"))


@pytest.fixture(scope="module")
def example_agent(tmp_path_factory):
    """The example native agent (examples/native_agent), compiled as a user would."""
    import sys
    from pathlib import Path

    from helpers.cython_build import build_module

    src = Path(__file__).resolve().parents[2] / "examples" / "native_agent" / "wmj_example_agent.pyx"
    folder = tmp_path_factory.mktemp("search_example_agent")
    module = build_module("wmj_example_agent", src.read_text(encoding="utf-8"), folder, optimize=True)
    sys.path.insert(0, str(folder))
    yield module
    sys.path.remove(str(folder))


@pytest.mark.slow
def test_a_registered_native_agent_as_the_rollout_policy_equals_the_python_playout(states, example_agent):
    """Every seat a copy of the agent with its own state, reset with match_seeds(seed, 0)'s
    agent seeds: the Python engine playing the same agent (NativeAgent.act) agrees."""
    _, agent_seeds = match_seeds(5, 0)
    for _, nh, g in [s for s in states if s[1].phase in ("turn", "claim")][::12][:5]:
        seat = nh.current_player
        codes = nh.legal(seat)
        got = evaluate_actions(nh, seat, codes, 1, seed=5, policy=example_agent.ExampleAgent(), determinize=False)
        want = []
        for c in codes:
            x = g.clone()
            x.step(seat, c)
            agents = [example_agent.ExampleAgent() for _ in range(4)]
            for s, a in enumerate(agents):
                a.reset(seed=agent_seeds[s])
            play_game(x, agents)
            want.append(float(x.result.payments[seat]))
        assert got[0].tolist() == want
        rows = evaluate_actions(nh, seat, codes, 6, seed=5, policy=example_agent.ExampleAgent())
        assert np.array_equal(rows, evaluate_actions(nh, seat, codes, 6, seed=5, policy=example_agent.ExampleAgent(),
                                                     threads=2))


# ---------------------------------------------------------------- bad input
def test_bad_input_raises_specific_errors_naming_it(states):
    _, nh, _ = next(s for s in states if s[1].phase == "turn")
    seat = nh.current_player
    other = (seat + 1) & 3
    codes = nh.legal(seat)
    illegal = next(c for c in range(163) if c not in codes)
    before = nh.state_dict()
    cases = [
        (dict(seat=other, codes=codes), IllegalActionError, "not to act"),
        (dict(codes=[codes[0], illegal]), IllegalActionError, f"code {illegal} is not legal"),
        (dict(codes=[]), IllegalActionError, "codes is empty"),
        (dict(codes=["x"]), IllegalActionError, "'x' is not legal"),
        (dict(n=0), SimulationError, "n"),
        (dict(threads=0), SimulationError, "threads"),
        (dict(policy="minimax"), AgentError, "'minimax'"),
        (dict(policy=object()), AgentError, "registered native agent"),
        (dict(policy=GreedyAgent().act), AgentError, "Python agent"),
        (dict(seed=-1), SimulationError, "seed"),
        (dict(seat=4), IllegalActionError, "seat"),
    ]
    for change, error, text in cases:
        kw = dict(seat=seat, codes=codes, n=2, seed=0) | change
        with pytest.raises(error, match=text):
            evaluate_actions(nh, **kw)
    with pytest.raises(AgentError, match="stateless"):
        policy_capsule("random")
    with pytest.raises(IllegalActionError, match="seat"):
        determinize(nh, -1, 0)
    with pytest.raises(SimulationError, match="seed"):
        determinize(nh, 0, 2 ** 64)
    assert nh.state_dict() == before
    over = nh.copy()
    while not over.over:
        over.step(over.current_player, greedy_choice(over, over.current_player))
    with pytest.raises(IllegalActionError, match="over"):
        evaluate_actions(over, 0, [0], 1)
    assert issubclass(AgentError, WuhanMJError)


# ---------------------------------------------------------------- the view
def test_search_view_offers_only_the_search_calls(states):
    _, nh, _ = states[3]
    seat = nh.current_player
    v = SearchView(nh, seat)
    assert [n for n in dir(v) if not n.startswith("_")] == ["close", "determinize", "evaluate_actions", "seat"]
    assert gc.get_referents(v) == []
    assert not hasattr(v, "__dict__")
    with pytest.raises(TypeError):
        v.__reduce__()
    codes = nh.legal(seat)
    assert np.array_equal(v.evaluate_actions(codes, 3, seed=1), evaluate_actions(nh, seat, codes, 3, seed=1))
    assert v.determinize(5).state_dict() == determinize(nh, seat, 5).state_dict()
    v.close()
    with pytest.raises(IllegalActionError, match="closed"):
        v.determinize(5)


def test_a_lazy_view_is_built_on_first_use_only():
    calls = []

    def source():
        calls.append(1)
        return NativeHand(seed=3)

    v = search_view(source, 0)
    assert calls == [] and gc.get_referents(v) == []
    v.determinize(1)
    v.evaluate_actions([0], 1) if 0 in NativeHand(seed=3).legal(0) else None
    assert calls == [1]
    with pytest.raises(AgentError):
        search_view(42, 0)


def test_wants_view_is_a_keyword_only_view_parameter():
    class Yes:
        def act(self, observation, legal, *, view):
            return legal[0]

    class No:
        def act(self, observation, legal, view=None):
            return legal[0]

    assert wants_view(Yes().act)
    assert not wants_view(No().act)
    assert not wants_view(GreedyAgent().act)
    assert wants_view(lambda o, legal, *, view: legal[0])
    assert not wants_view(len)


def test_play_game_gives_a_view_of_each_decision_to_agents_that_ask():
    """The view of each decision evaluates that decision's state (the Python game at that
    point, rebuilt natively here from its log); it is closed once the decision is played."""
    seen = []
    game = Game("koukou", seed=21, dealer=2)

    class Searcher:
        legal_codes = True

        def act(self, observation, legal, *, view):
            assert view.seat == observation.seat
            if len(legal) > 1 and len(seen) < 4:
                nh = NativeHand(game.rules, wall=game.state.wall, dealer=game.dealer)
                for e in game.events:
                    if "action" in e:
                        nh.step(e["seat"], e["action"])
                got = view.evaluate_actions(legal, 2, seed=len(seen))
                assert np.array_equal(got, evaluate_actions(nh, observation.seat, legal, 2, seed=len(seen)))
                seen.append(view)
            return legal[0]

    class Plain:
        legal_codes = True

        def act(self, observation, legal):
            return legal[0]

    play_game(game, [Searcher(), Plain(), GreedyAgent(), Searcher()])
    assert game.over and len(seen) == 4
    with pytest.raises(IllegalActionError, match="closed"):
        seen[0].determinize(0)


class _Searcher:
    """A search agent: the candidate with the best mean payment over 2 determinizations."""

    legal_codes = True
    name = "searcher"

    def reset(self, seed=None):
        pass

    def act(self, observation, legal, *, view):
        assert view.seat == observation.seat
        if len(legal) == 1:
            return legal[0]
        return legal[int(np.argmax(view.evaluate_actions(legal, 2, seed=len(legal)).mean(0)))]


def test_a_view_agent_plays_the_same_hands_on_both_engines():
    """The native loop hands a view agent the SearchView the Python loop gives it."""
    from wuhanmj import simulate

    agents = [_Searcher(), "greedy", "random", "greedy"]
    out = {e: simulate(hands=3, agents=agents, seed=3, engine=e, workers=1) for e in ("python", "native")}
    assert out["python"] == out["native"]


def test_determinizations_do_not_depend_on_the_decision_log(states):
    """The same deals with or without the log that tells who drew each wall position (a
    hand restored without its log): only the wall's drawn part may differ."""
    _, nh, _ = next(s for s in states if s[1].phase == "claim")
    bare = determinize(nh, 0, 1)        # no log, and the same state as far as seat 0 sees
    for seed in range(4):
        a, b = determinize(nh, 0, seed).state_dict(), determinize(bare, 0, seed).state_dict()
        assert a["hands"][1:] == b["hands"][1:]
        assert _undrawn(a) == _undrawn(b)


# ---------------------------------------------------------------- soak
@pytest.mark.soak
def test_soak_determinize_keeps_the_observation_and_reopens_windows():
    n = 0
    for policy in ("gang", "hoard"):
        for i, (rules, nh) in enumerate(_states(N_SOAK // 2, salt=3, every=7, policy=policy)):
            g = _game_of(nh)
            _check_view_kept(rules, nh, g, i)
            if nh.phase in ("claim", "rob"):
                d = determinize(nh, nh.current_player, i)
                assert {int(s): o for s, o in d.state_dict()["options"].items()} == _python_window(d, rules, g)
            n += 1
    assert n > N_SOAK


@pytest.mark.soak
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_soak_evaluate_actions_n1_equals_the_python_playout(policy):
    for i, (_, nh) in enumerate(_states(200, salt=4, every=11)):
        g = _game_of(nh)
        seat = nh.current_player
        codes = nh.legal(seat)
        got = evaluate_actions(nh, seat, codes, 1, seed=i, policy=policy, determinize=False)
        assert got[0].tolist() == _python_playout(g, seat, codes, policy, i)
