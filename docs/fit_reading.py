"""Fit the weights of the reading (``wuhanmj.native.infer``: READING_WEIGHTS) on four expert
bots' hands, and print them.

At every turn of a seat that may discard, the features of each (other seat ``j``, kind
``x``) as the seat sees them (``reading_features``) are paired with what the seat could not
see: whether ``j`` may win on ``x`` if the seat discards it now (the hand is copied, the
discard played, ``j``'s legal actions read) and how many copies of ``x`` ``j`` holds. The
``hit`` weights are a logistic regression of the first over the pairs where ``j`` has opened
(W4) and ``x`` is a discard of the seat; the ``held`` weights a Poisson regression of the
second, the exposure the unseen copies times ``j``'s share of the unseen tiles. The
``points`` weights are fitted on ``kaikou`` and ``koukou`` hands, the ``fan`` weights on
``koukou_fan`` hands::

    PYTHONPATH=src python docs/fit_reading.py --hands 1200 --seed 100000 --every 6

Paste the printed tuples into ``src/wuhanmj/native/infer.pyx`` (``_HIT_POINTS`` …).
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from wuhanmj.game.actions import HU
from wuhanmj.native.expert import ExpertAgent
from wuhanmj.native.handapi import NativeHand
from wuhanmj.native.infer import FEATURES, reading_features
from wuhanmj.rules import Rules

GROUPS = {"points": ("kaikou", "koukou"), "fan": ("koukou_fan",)}
IN_RIVER = FEATURES.index("in_river")


def collect(preset: str, hands: int, seed: int, every: int) -> tuple[np.ndarray, ...]:
    """(hit features, hit labels, held features, held counts, held exposures) of ``hands``
    hands of four default experts; the held rows of every ``every``-th decision."""
    rules = Rules.preset(preset)
    bot = ExpertAgent()
    hx, hy, kx, ky, ke = [], [], [], [], []
    decision = 0
    for k in range(hands):
        h = NativeHand(rules, seed=seed + k, dealer=k % 4)
        bot.reset(seed=k)
        while not h.over:
            s = h.current_player
            codes = h.legal_action_codes(s)
            if h.phase == "turn" and HU not in codes and any(c < 34 for c in codes):
                f = reading_features(h, s)
                obs = h.observation(s)
                unseen = 4 - np.asarray(obs.visible_counts) - np.asarray(h.hand_counts(s))
                specials = {33, *h.pizi}
                for j in range(4):
                    if j == s:
                        continue
                    if obs.melds[j] and any(m.is_opening for m in obs.melds[j]):
                        for x in sorted({c for c in codes if c < 34}):
                            after = h.clone()
                            after.step(s, x)
                            hx.append(f[j, x])
                            hy.append(after.phase == "claim" and HU in after.legal_action_codes(j))
                    if decision % every == 0:
                        held = np.asarray(h.hand_counts(j))
                        share = h.hand_size(j) / max(1, unseen.sum())
                        for x in range(34):
                            if unseen[x] > 0 and x not in specials:
                                kx.append(f[j, x])
                                ky.append(held[x])
                                ke.append(unseen[x] * share)
                decision += 1
            h.step(s, bot.act(h.observation(s), h.legal_actions(s)).code)
        if k % 250 == 0:
            print(f"{preset}: hand {k}, {len(hy)} hit rows, {len(ky)} held rows", file=sys.stderr)
    return (np.asarray(hx, np.float64), np.asarray(hy, np.float64), np.asarray(kx, np.float64),
            np.asarray(ky, np.float64), np.asarray(ke, np.float64))


def logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Weights of a logistic regression (Newton steps, a small ridge)."""
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-(x @ w)))
        step = np.linalg.solve(x.T @ (x * (p * (1 - p))[:, None]) + ridge * np.eye(len(w)), x.T @ (y - p) - ridge * w)
        w += step
        if np.abs(step).max() < 1e-7:
            break
    return w


def poisson(x: np.ndarray, y: np.ndarray, exposure: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Weights of a Poisson regression with log(exposure) as offset (Newton steps)."""
    w = np.zeros(x.shape[1])
    off = np.log(exposure)
    for _ in range(30):
        mu = np.exp(x @ w + off)
        step = np.linalg.solve(x.T @ (x * mu[:, None]) + ridge * np.eye(len(w)), x.T @ (y - mu) - ridge * w)
        w += step
        if np.abs(step).max() < 1e-7:
            break
    return w


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1500, help="hands per preset (default 1500)")
    ap.add_argument("--seed", type=int, default=100000, help="the first wall's seed (default 100000)")
    ap.add_argument("--every", type=int, default=4, help="held rows of every n-th decision (default 4)")
    a = ap.parse_args(argv)
    for schedule, presets in GROUPS.items():
        parts = [collect(p, a.hands, a.seed, a.every) for p in presets]
        hx, hy, kx, ky, ke = (np.concatenate([p[i] for p in parts]) for i in range(5))
        hit = logistic(hx, hy)
        held = poisson(kx, ky, ke)
        p = 1 / (1 + np.exp(-(hx @ hit)))
        base = hy.mean()
        ll = -np.mean(hy * np.log(p) + (1 - hy) * np.log(1 - p))
        ll0 = -np.mean(hy * np.log(base) + (1 - hy) * np.log(1 - base))
        print(f"# {schedule}: {len(hy)} hit rows (rate {base:.4f}; log loss {ll:.4f}, {ll0:.4f} at the "
              f"base rate), {len(ky)} held rows")
        for name, w in (("HIT", hit), ("HELD", held)):
            print(f"_{name}_{schedule.upper()} = ({', '.join(f'{v:.3f}' for v in w)})")


if __name__ == "__main__":
    main()
