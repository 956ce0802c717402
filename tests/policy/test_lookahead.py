"""The policy's look-ahead features (wuhanmj.native.lookahead) against the Python analysis
of the hand (wuhanmj.hand.analysis.discard_advice, whose kernel is written apart from the
best-discard search the features come from): the shanten after each discard and its
unseen effective draws (W1-W3, W6-W8, D6), the code kinds, the Python greedy bot's choice, and the same rows from an
Observation as from VectorEnv."""

from __future__ import annotations

import numpy as np
import pytest

from wuhanmj import Game
from wuhanmj.agents import make_agent
from wuhanmj.envs.vector import VectorEnv
from wuhanmj.errors import AgentError
from wuhanmj.game.actions import ACTION_SPACE_SIZE, PASS
from wuhanmj.hand.analysis import discard_advice, effective_tiles
from wuhanmj.native.lookahead import LOOKAHEAD_FEATURES, N_LOOKAHEAD, lookahead

COL = {name: i for i, name in enumerate(LOOKAHEAD_FEATURES)}


def own_meld_counts(obs) -> np.ndarray:
    c = np.zeros(34, np.int64)
    for m in obs.melds[obs.seat]:
        for t in m.tiles:
            c[t] += 1
    return c


@pytest.mark.parametrize("rules, seed", [("koukou", 1), ("kaikou", 2), ("koukou_fan", 3)])
def test_discard_rows_are_the_python_discard_advice(rules, seed):
    checked = greedy_seen = passes = 0
    for k in range(4):
        g = Game(rules, seed=seed * 10 + k)
        bots = [make_agent("greedy") for _ in range(4)]
        while not g.over:
            s = g.current_player
            o = g.observation(s)
            legal = g.legal_actions(s)
            codes = [a.code for a in legal]
            ds = [c for c in codes if c < 34]
            played = bots[s].act(o, legal)
            if len(codes) > 1:
                rows = lookahead(o, legal)
                # the greedy column marks the Python greedy bot's choice, and only it
                assert rows[:, COL["greedy"]].sum() == 1 and rows[played.code, COL["greedy"]] == 1
                greedy_seen += 1
                if o.phase == "claim" and PASS in codes:
                    # a pass keeps the hand: its unseen effective draws, to weigh a claim by
                    visible = np.asarray(o.visible_counts) - own_meld_counts(o)
                    e = effective_tiles(list(o.hand), o.melds[s], o.laizi, g.rules, visible)
                    assert rows[PASS, COL["eff_known"]] == 1 and rows[PASS, COL["eff"]] == min(e.total, 127)
                    assert rows[PASS, COL["shanten"]] == e.shanten and rows[PASS, COL["shanten_delta"]] == 0
                    passes += 1
            if ds and len(codes) > 1:
                # every seen copy outside the hand and the seat's melds (D6)
                visible = np.asarray(o.visible_counts) - own_meld_counts(o)
                opts = {d.tile: d for d in discard_advice(list(o.hand), o.melds[s], o.laizi, g.rules, visible)}
                now = min(opts[d].shanten for d in ds if d in opts)
                for d in ds:
                    r = rows[d]
                    assert r[COL["discard"]] == 1 and r[COL["shanten"]] == now
                    assert r[COL["hand"]] == o.hand.count(d)
                    if d not in opts:
                        continue
                    assert now + r[COL["shanten_delta"]] == min(opts[d].shanten, now + 6)
                    if opts[d].shanten <= now + 1:      # counted for the discards within one of the least
                        assert r[COL["eff_known"]] == 1 and r[COL["eff"]] == min(opts[d].unseen, 127)
                        checked += 1
                    else:
                        assert r[COL["eff_known"]] == 0
                for c in codes:
                    if c >= 34:
                        assert rows[c][:11].sum() == 1 and rows[c][COL["discard"]] == 0
                assert not rows[[c for c in range(ACTION_SPACE_SIZE) if c not in codes]].any()
            g.step(s, played)
    assert checked > 200 and greedy_seen > 50 and passes > 10


def test_the_rows_from_an_observation_are_vector_env_rows():
    v = VectorEnv(4, rules="koukou", opponents="greedy", backend="python")
    n = VectorEnv(4, rules="koukou", opponents="greedy", backend="native")
    v.reset(seed=3)
    n.reset(seed=3)
    for _ in range(20):
        got = n.lookahead()
        a = n.advise("greedy")
        for i in range(4):
            g = v.game(i)
            s = g.current_player
            np.testing.assert_array_equal(got[i], lookahead(g.observation(s), g.legal_actions(s)))
        n.step(a)
        v.step(a)


def test_bad_arguments_are_agent_errors():
    g = Game("koukou", seed=1)
    o = g.observation(0)
    with pytest.raises(AgentError, match="no legal action"):
        lookahead(o, [])
    with pytest.raises(AgentError, match=r"legal_actions\[1\]"):
        lookahead(o, [0, 999])
    with pytest.raises(AgentError, match="observation"):
        lookahead(None, [0])
    with pytest.raises(AgentError, match=r"lookahead needs an observation \(an Observation\), got str"):
        lookahead("1m2m3m", [0])
    with pytest.raises(AgentError, match="got dict"):
        lookahead({"seat": 0}, [0])
    assert lookahead(o, [0]).shape == (ACTION_SPACE_SIZE, N_LOOKAHEAD)
