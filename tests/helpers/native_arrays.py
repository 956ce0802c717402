"""The arrays of ``wuhanmj.native.batch.run_matches`` built from the Python engine.

:func:`python_arrays` plays matches as ``wuhanmj.sim.batch.run_batch`` does (the same
seeds, dealer rotation D5, 连癞 M2, running scores M1, agent resets) and fills, hand by
hand, every column ``run_matches`` returns, and the decision log. It is the reference the
native arrays are compared with field for field (tests/native/test_native_parity.py), and
it lets the native path's tally and records (``wuhanmj.sim.native``) be tested on real
hands without the native engine (tests/native/test_native_batch.py).
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from wuhanmj.agents.base import reset_agent
from wuhanmj.game.match import Match
from wuhanmj.native.batch import HAND_FIELDS
from wuhanmj.sim.batch import BatchSpec, match_seeds
from wuhanmj.sim.loop import outcome_of
from wuhanmj.sim.outcome import BIG_HU, HOWS, LIABILITY

_LIVE = 82


def python_arrays(spec: BatchSpec, first_match: int, stop_match: int, record: bool = True) -> dict[str, np.ndarray]:
    """``run_matches(spec.rules, kinds, spec.seed, first_match, stop_match, spec.match_hands,
    spec.hands, record)`` computed by the Python engine with ``spec.agents``."""
    rows: dict[str, list[Any]] = {name: [] for name, _, _ in HAND_FIELDS}
    seats: list[int] = []
    codes: list[int] = []
    offsets = [0]
    agents = copy.deepcopy(spec.agents)
    observes = [getattr(a, "observes", True) is not False for a in agents]
    for m in range(first_match, stop_match):
        start = m * spec.match_hands
        n = min(spec.match_hands, spec.hands - start)
        match_seed, agent_seeds = match_seeds(spec.seed, m)
        match = Match(spec.rules, seed=match_seed, dealer=m % 4)
        seed_rng = np.random.default_rng(match_seed)  # the hand seeds Match.new_game draws
        for s in range(4):
            reset_agent(agents[s], agent_seeds[s])
        for h in range(n):
            hand_seed = int(seed_rng.integers(2**63))
            game = match.new_game()
            decisions = 0
            while (seat := game.current_player) is not None:
                legal = game.legal_action_codes(seat)
                obs = game.observation(seat) if observes[seat] else None
                code = agents[seat].act(obs, legal)
                game.step(seat, code)
                seats.append(seat)
                codes.append(int(code))
                decisions += 1
            offsets.append(len(seats))
            o = outcome_of(game, decisions)
            res = game.result
            assert res is not None
            win = res.win
            won = o.winner is not None
            st = win.settlement if won else None
            reached_mask = sum(1 << s for s in range(4) if won and s != o.winner and st is not None and st.reached[s])
            row = {
                "hand": start + h,
                "match": m,
                "hand_in_match": h,
                "seed": hand_seed,
                "dealer": game.dealer,
                "prev_laizi": -1 if game.prev_laizi is None else game.prev_laizi,
                "indicator": game.indicator,
                "laizi": game.laizi,
                "winner": -1 if o.winner is None else o.winner,
                "how": -1 if o.how is None else HOWS.index(o.how),
                "win_tile": -1 if res.win_tile is None else res.win_tile,
                "discarder": -1 if res.discarder is None else res.discarder,
                "big": sum(1 << BIG_HU.index(b) for b in o.big),
                "hard": int(o.hard) if won else 0,
                "wilds": win.wilds if won else 0,
                "payments": [float(x) for x in o.payments],
                "scores": [float(x) for x in game.scores],
                "liable": -1 if not won or win.liable is None else win.liable,
                "liable_rule": 0 if o.liability is None else 1 + list(LIABILITY).index(o.liability),
                "co_liable": sum(1 << s for s in win.co_liable) if won else 0,
                "reached": o.reached,
                "reached_mask": reached_mask,
                "jinding": int(o.jinding),
                "winner_fan": win.winner_fan if won else 0,
                "big_fan": win.big_fan if won else 0,
                "loser_fan": [-1 if f is None else f for f in win.loser_fan] if won else [-1] * 4,
                "length": _LIVE - game.tiles_left,
                "decisions": decisions,
            }
            for name, value in row.items():
                rows[name].append(value)
            match.finish_hand()
    out = {name: np.array(rows[name], dtype=dtype) for name, dtype, _ in HAND_FIELDS}
    if record:
        out["log_seat"] = np.array(seats, dtype=np.uint8)
        out["log_code"] = np.array(codes, dtype=np.uint8)
        out["log_offsets"] = np.array(offsets, dtype=np.int64)
    return out


def differences(native: dict[str, np.ndarray], ref: dict[str, np.ndarray], limit: int = 5) -> list[str]:
    """The first hands where two sets of arrays differ, field by field (empty: identical)."""
    out: list[str] = []
    for name in ref:
        a, b = native[name], ref[name]
        if a.shape != b.shape:
            out.append(f"{name}: shape {a.shape} != {b.shape}")
            continue
        if name.startswith("log_"):
            if not np.array_equal(a, b):
                out.append(f"{name}: differs from position {int(np.argmax(a != b))}")
            continue
        bad = np.nonzero((a != b).reshape(len(a), -1).any(axis=1))[0]
        for i in bad[:limit]:
            out.append(f"hand {int(ref['hand'][i])}: {name} {a[i].tolist()} (native) != {b[i].tolist()} (python)")
    return out
