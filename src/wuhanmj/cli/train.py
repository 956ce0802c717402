"""``wuhanmj train``: train the policy network (imitation of the expert, then optionally PPO; the
``train`` extra: jax, optax) and write its weights, the curve's plot and its JSON log."""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import Any

from ..errors import PolicyError

__all__ = ["add_parser", "run"]

DEFAULT_RULES = "kaikou,koukou,koukou_fan"


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("train", help="train the policy network (needs the 'train' extra: jax, optax)",
                       description="Train the policy network: imitation of the expert bot on native VectorEnv "
                                   "games, then (with --ppo) PPO against greedy, expert and its own snapshots. Budgets are "
                                   "counts made from --minutes (the time on a 2-core machine): the same seed "
                                   "and minutes give the same run.")
    add_arguments(p)
    p.set_defaults(run=run)
    return p


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=1, help="root seed (default 1)")
    p.add_argument("--minutes", type=float, default=40.0, help="budget on a 2-core machine (default 40)")
    p.add_argument("--rules", default=DEFAULT_RULES, help=f"presets trained for (default {DEFAULT_RULES})")
    p.add_argument("--hidden", default="128,64,64",
                   help="hidden sizes H1,H2,Z: the context's two layers, the per-code scorer (default 128,64,64)")
    p.add_argument("--ppo", type=float, default=0.0,
                   help="PPO iterations a minute of budget after imitation (default 0: imitation only)")
    p.add_argument("--out", default="policy.npz", help="the weights file (default policy.npz)")
    p.add_argument("--curve", default="policy_curve.png",
                   help="the training curve's plot, PNG or SVG (default policy_curve.png; '': none)")
    p.add_argument("--log", default="policy_curve.json", help="the curve as JSON (default policy_curve.json; '': none)")
    p.add_argument("--eval-walls", type=int, default=300, help="walls of each arena point of the curve (default 300; 0: no arena, the last weights kept)")


def config(args: argparse.Namespace, argv: list[str] | None = None) -> Any:
    from ..learn.train import TrainConfig
    from ..policy.weights import MAX_HIDDEN

    try:
        hidden = tuple(int(x) for x in args.hidden.split(","))
    except ValueError:
        raise PolicyError(f"--hidden must be three ints H1,H2,Z, got {args.hidden!r}") from None
    if len(hidden) != 3 or min(hidden) < 1 or max(hidden) > MAX_HIDDEN:
        raise PolicyError(f"--hidden must be three ints H1,H2,Z 1-{MAX_HIDDEN}, got {args.hidden!r}")
    if not args.out:
        raise PolicyError("--out must name the weights file (the run's result)")
    if not 0 <= args.ppo <= 100:
        raise PolicyError(f"--ppo must be 0-100 iterations a minute, got {args.ppo!r}")
    command = "wuhanmj train " + " ".join(shlex.quote(a) for a in (argv if argv is not None else sys.argv[2:]))
    return TrainConfig(seed=args.seed, minutes=args.minutes, rules=tuple(r.strip().lower() for r in args.rules.split(",")),
                       hidden=hidden, out=args.out, curve=args.curve or None, log=args.log or None,
                       eval_walls=args.eval_walls, ppo_iterations_per_minute=args.ppo, command=command)


def run(args: argparse.Namespace) -> int:
    from ..learn.train import train

    train(config(args))
    return 0
