"""Training the policy network: imitation of the expert bot, then PPO against a pool.

``wuhanmj train --seed S --minutes M`` (or ``examples/train_policy.py``) runs
:func:`train`; it needs the ``train`` extra (``pip install "wuhanmj[train]"``: jax and
optax, the gradients and the optimiser) and the native engine. Every budget is a count
(samples, gradient steps, PPO iterations) made from ``minutes`` (the time the run takes on
a 2-core machine), so that a seed and a budget give the same run anywhere:

1. **Imitation.** :class:`wuhanmj.envs.VectorEnv` games of every preset trained for (the
   encoding's rule scalars tell the network which is in force), the learner seat against
   a pool of greedy and expert opponents; at each learner decision the expert's code
   (``VectorEnv.advise``) is the label and is played. Behaviour cloning: cross-entropy of
   the masked softmax on the expert's code (Adam, cosine decay), the value head fitted to
   the hand's reward. Top-1 agreement on held-out decisions is reported.
2. **PPO.** The network plays the learner seat (sampling from its masked softmax) against
   a pool: greedy, expert, and the network's earlier snapshots (native
   :class:`~wuhanmj.native.policy.PolicyAgent` opponents); rewards as the env defines
   them (the payment over the 金顶); clipped surrogate, GAE, value loss, entropy bonus,
   and the imitation loss kept as a regulariser.
3. **The curve.** At points of the run (``evals`` during imitation, its end, ``evals``
   during PPO) the duplicate arena (1v3, the network against greedy), the held-out
   agreement and, during PPO, the mean training reward are written to a JSON log and a
   plot. The weights kept are those of the point with the best arena mean from the end
   of imitation on (``kept`` in the log): with no PPO, the end of imitation.

The weights are written with their metadata (:mod:`wuhanmj.policy.weights`): the command,
the seed, the git commit, the date and the figures of the run.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from ..errors import PolicyError
from ..policy.forward import random_weights
from .jaxnet import JaxNet, agreement, jax_modules
from .ppo import ppo
from .samples import Samples, collect_imitation
from ..policy.weights import MAX_HIDDEN, PolicyWeights, save_weights

__all__ = ["TrainConfig", "train", "collect_imitation", "imitation", "arena_point", "PRESETS"]

PRESETS = ("kaikou", "koukou", "koukou_fan")


@dataclass(frozen=True)
class TrainConfig:
    """What one training run does (every field a count or a name: the run is reproducible).

    Attributes:
        seed: the root seed (int >= 0): the games, the initial weights, the batches.
        minutes: the budget on a 2-core machine; the counts below scale with it.
        rules: the presets trained for.
        hidden: (H1, H2, Z), the hidden sizes (the context's two layers, the scorer's).
        samples_per_minute, bc_steps_per_minute, ppo_iterations_per_minute: the budgets.
        games: games per preset in the environments.
        batch: the minibatch of a gradient step.
        lr, ppo_lr: Adam's learning rates (imitation, PPO).
        rollout: learner steps per game of one PPO iteration.
        ppo_epochs, clip, gae_lambda, value_coef, entropy_coef, bc_coef: PPO's terms.
        evals: arena points on the curve (besides the start of PPO and the end).
        eval_walls: walls of each arena point (1v3 against greedy, under each preset; 0:
            no arena points, the weights kept are the last).
        out, curve, log: where the weights, the plot and the JSON log go (None: not written).
        command: the command line written into the weights' metadata.

    Raises:
        PolicyError: (when made, before any work) a seed < 0, minutes not in (0, 10000]
            or too few for one sample and one gradient step,
            rules not presets (or one twice), hidden not three ints 1-4096, eval_walls < 0, an output
            whose folder does not exist or that is a folder, two outputs that are one file.
    """

    seed: int = 0
    minutes: float = 60.0
    rules: tuple[str, ...] = PRESETS
    hidden: tuple[int, int, int] = (128, 64, 64)
    samples_per_minute: int = 60_000
    bc_steps_per_minute: int = 600
    ppo_iterations_per_minute: float = 0.0
    games: int = 128
    batch: int = 1024
    lr: float = 1e-3
    ppo_lr: float = 3e-5
    rollout: int = 16
    ppo_epochs: int = 2
    clip: float = 0.2
    gae_lambda: float = 0.95
    value_coef: float = 0.5
    entropy_coef: float = 0.003
    bc_coef: float = 0.5
    evals: int = 4
    eval_walls: int = 300
    out: str | None = "policy.npz"
    curve: str | None = "policy_curve.png"
    log: str | None = "policy_curve.json"
    command: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise PolicyError(f"seed must be an int >= 0, got {self.seed!r}")
        if not (isinstance(self.minutes, (int, float)) and not isinstance(self.minutes, bool)
                and 0 < self.minutes <= 10_000 and math.isfinite(self.minutes)):
            raise PolicyError(f"minutes must be a number > 0 (at most 10000), got {self.minutes!r}")
        if int(self.samples_per_minute * self.minutes) < 1 or int(self.bc_steps_per_minute * self.minutes) < 1:
            least = max(1 / max(self.samples_per_minute, 1), 1 / max(self.bc_steps_per_minute, 1))
            raise PolicyError(f"minutes {self.minutes!r} is too small a budget: "
                              f"{int(self.samples_per_minute * self.minutes)} samples and "
                              f"{int(self.bc_steps_per_minute * self.minutes)} gradient steps (at least {least:.3g})")
        bad = [r for r in self.rules if r not in PRESETS]
        if not self.rules or bad or len(set(self.rules)) != len(self.rules):
            raise PolicyError(f"rules must be presets among {', '.join(PRESETS)}, each once, got {list(self.rules)!r}")
        h = self.hidden
        if (not isinstance(h, tuple) or len(h) != 3
                or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= MAX_HIDDEN for x in h)):
            raise PolicyError(f"hidden must be three ints 1-{MAX_HIDDEN} (H1, H2, Z), got {h!r}")
        if isinstance(self.eval_walls, bool) or not isinstance(self.eval_walls, int) or self.eval_walls < 0:
            raise PolicyError(f"eval_walls must be an int >= 0 (0: no arena points), got {self.eval_walls!r}")
        _check_outputs({"out": self.out, "curve": self.curve, "log": self.log})


def _check_outputs(paths: dict[str, str | None]) -> None:
    """Before any work: each output's folder exists, no output is a folder, no two are one file."""
    seen: dict[str, str] = {}
    for name, p in paths.items():
        if not p:
            continue
        if os.path.isdir(p):
            raise PolicyError(f"{name} {p!r} is a folder, not a file")
        folder = os.path.dirname(os.path.abspath(p))
        if not os.path.isdir(folder):
            raise PolicyError(f"{name} {p!r}: the folder {folder!r} does not exist")
        real = os.path.realpath(p)
        if real in seen:
            raise PolicyError(f"{name} and {seen[real]} are the same file {p!r}: the one would overwrite the other")
        seen[real] = name


def imitation(net: JaxNet, data: Samples, held: Samples, steps: int, cfg: TrainConfig, rng: np.random.Generator,
              log: Callable[[str], None], point: Callable[..., None] | None = None) -> dict[str, float]:
    """Behaviour cloning on ``data`` for ``steps`` gradient steps (cross-entropy on the
    expert's code, the value head on the hand's reward); returns the held-out agreement.
    ``point`` (if given) is called at ``cfg.evals`` points on the way (the curve's
    ``imitation_step`` points, with the step and the held-out agreement)."""
    jax, jnp, optax = jax_modules()
    opt = optax.adam(optax.cosine_decay_schedule(cfg.lr, max(1, steps)))
    state = opt.init(net.params)
    B = cfg.batch

    def loss(p: Any, rows: Any, cols: Any, vals: Any, masks: Any, frow: Any, fcode: Any, feats: Any, labels: Any,
             returns: Any) -> Any:
        logits, values = net.apply(p, rows, cols, vals, masks, frow, fcode, feats, B)
        ce = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        return ce + cfg.value_coef * ((values - returns) ** 2).mean(), ce

    @jax.jit
    def step(p: Any, st: Any, *b: Any) -> Any:
        (_, ce), g = jax.value_and_grad(loss, has_aux=True)(p, *b)
        u, st = opt.update(g, st, p)
        return optax.apply_updates(p, u), st, ce

    t0 = time.process_time()
    for k in range(steps):
        b = data.take(rng.integers(0, len(data), B))
        net.params, state, ce = step(net.params, state, *net.batch(b), b.labels, b.returns)
        if k % 2000 == 0 or k == steps - 1:
            log(f"imitation step {k + 1}/{steps}: cross-entropy {float(ce):.3f} ({time.process_time() - t0:.0f} CPU s)")
        if point is not None and cfg.evals and k < steps - 1 and (k + 1) % max(1, steps // (cfg.evals + 1)) == 0:
            point("imitation_step", step=k + 1, **agreement(net, held))
    return agreement(net, held)


def arena_point(weights: PolicyWeights, rules: Sequence[str], walls: int, seed: int) -> dict[str, Any]:
    """policy − greedy in the duplicate arena (1v3, ``walls`` walls) under each preset:
    {preset: (mean, low, high)} and their mean."""
    from ..native.policy import PolicyAgent
    from ..sim.arena import arena

    out: dict[str, Any] = {}
    for r in rules:
        res = arena([PolicyAgent(weights), "greedy"], hands=walls, mode="1v3", rules=r, seed=seed, workers=1)
        d = res.differences()[0]
        out[r] = (float(d["mean"]), float(d["ci95"][0]), float(d["ci95"][1]))
    out["mean"] = float(np.mean([out[r][0] for r in rules]))
    return out


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10,
                              cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def train(cfg: TrainConfig, log: Callable[[str], None] = print) -> PolicyWeights:
    """One training run (see the module docstring); writes ``cfg.out``, ``cfg.curve`` and
    ``cfg.log`` when set and returns the weights.

    Raises:
        PolicyError: jax or optax missing, or a file that cannot be written.
    """
    jax_modules()
    t_start, c_start = time.time(), time.process_time()
    rng = np.random.default_rng(cfg.seed)
    n = int(cfg.samples_per_minute * cfg.minutes)
    bc_steps = int(cfg.bc_steps_per_minute * cfg.minutes)
    iterations = int(cfg.ppo_iterations_per_minute * cfg.minutes)
    log(f"imitation: {n:,} expert decisions under {', '.join(cfg.rules)}")
    data = collect_imitation(cfg.rules, n, cfg.seed, cfg.games)
    held = collect_imitation(cfg.rules, max(1000, n // 20), cfg.seed + 7_919_000, cfg.games)
    log(f"collected in {time.process_time() - c_start:.0f} CPU s")
    net = JaxNet(random_weights(cfg.hidden, seed=cfg.seed, rules=list(cfg.rules)))
    curve: dict[str, Any] = {"config": {k: v for k, v in asdict(cfg).items() if k != "extra"}, "points": []}

    best: dict[str, Any] = {}

    def point(phase: str, **more: Any) -> None:
        w = net.weights()
        a = arena_point(w, cfg.rules, cfg.eval_walls, 1_000 + len(curve["points"])) if cfg.eval_walls else {}
        p = {"phase": phase, "wall_s": time.time() - t_start, "cpu_s": time.process_time() - c_start,
             "arena": a, **more}
        curve["points"].append(p)
        # the weights kept: those of the point with the best arena mean (the last without
        # arena) from the end of imitation on; the points during imitation draw the curve
        if phase != "imitation_step" and (not best or not a or a["mean"] > best["score"]):
            best.update(weights=w, score=a.get("mean", 0.0), point=len(curve["points"]) - 1)
        log(f"[{phase}] {json.dumps({k: v for k, v in p.items() if k != 'phase'}, default=str)}")
        _write_curve(curve, cfg)

    stats = imitation(net, data, held, bc_steps, cfg, rng, log, point)
    del data
    point("imitation", step=bc_steps, **stats)
    ppo(net, held, cfg, iterations, rng, point, log)
    kept = curve["points"][best["point"]]
    curve["kept"] = best["point"]
    _write_curve(curve, cfg)
    notes = (f"{cfg.minutes:g}-minute budget; {time.time() - t_start:.0f} s wall, {time.process_time() - c_start:.0f} "
             f"CPU s of the training process; the weights of point {best['point']} ({kept['phase']}) of the curve, "
             f"the best arena mean: agreement with the expert {kept.get('agreement', float('nan')):.3f}, policy - greedy "
             f"{json.dumps(kept.get('arena', {}))}")
    log(f"kept: point {best['point']} ({kept['phase']})")
    w = best["weights"].replace_meta(command=cfg.command, seed=cfg.seed, commit=_commit(), notes=notes,
                                     rules=list(cfg.rules))
    if cfg.out:
        save_weights(w, cfg.out)
        log(f"weights: {cfg.out} ({os.path.getsize(cfg.out):,} bytes)")
    return w


def _write_curve(curve: dict[str, Any], cfg: TrainConfig) -> None:
    if cfg.log:
        try:
            with open(cfg.log, "w", encoding="utf-8") as f:
                json.dump(curve, f, indent=1, default=str)
        except OSError as err:
            raise PolicyError(f"{cfg.log}: cannot write the curve's log ({err.strerror or err})") from None
    if cfg.curve:
        from .curve import plot_curve

        try:
            plot_curve(curve, cfg.curve)
        except (OSError, ValueError) as err:  # ValueError: matplotlib knows no such image format
            raise PolicyError(f"{cfg.curve}: cannot write the curve's plot ({err})") from None
