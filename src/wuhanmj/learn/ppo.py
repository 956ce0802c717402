"""The PPO phase of :func:`wuhanmj.learn.train.train`: the network plays the learner seat of
:class:`wuhanmj.envs.VectorEnv` games against a pool (greedy, expert, its own snapshots),
sampling from its masked softmax; clipped surrogate, GAE (gamma 1: one reward a hand, at
its end), value loss, entropy bonus and the expert's cross-entropy as a regulariser."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from .jaxnet import JaxNet, agreement, jax_modules
from .samples import Samples, concat, decisions, make_envs

if TYPE_CHECKING:
    from .train import TrainConfig

__all__ = ["ppo"]


def _pool(snapshot: Any) -> list[Any]:
    pool: list[Any] = ["greedy", ("expert", "greedy", "expert")]
    if snapshot is not None:
        pool.append((snapshot, "greedy", snapshot))
    return pool


def ppo(net: JaxNet, held: Samples, cfg: TrainConfig, iterations: int, rng: np.random.Generator,
        point: Callable[..., None], log: Callable[[str], None]) -> None:
    """``iterations`` PPO iterations on ``net`` (in place); ``point`` is called at the
    curve's points with the mean training reward and the agreement."""
    if iterations <= 0:
        return
    jax, jnp, optax = jax_modules()
    from ..native.expert import ExpertAgent
    from ..native.policy import PolicyAgent

    teacher = ExpertAgent()
    opt = optax.adam(cfg.ppo_lr)
    state = opt.init(net.params)
    B = cfg.batch

    def loss(p: Any, rows: Any, cols: Any, vals: Any, masks: Any, frow: Any, fcode: Any, feats: Any, acts: Any,
             old_logp: Any, adv: Any, ret: Any, labels: Any) -> Any:
        logits, values = net.apply(p, rows, cols, vals, masks, frow, fcode, feats, B)
        logp_all = jax.nn.log_softmax(logits)
        logp = jnp.take_along_axis(logp_all, acts[:, None], axis=1)[:, 0]
        ratio = jnp.exp(logp - old_logp)
        pg = -jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - cfg.clip, 1 + cfg.clip) * adv).mean()
        probs = jnp.exp(logp_all)
        ent = -(jnp.where(masks, probs * logp_all, 0.0)).sum(axis=1).mean()
        bc = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        vl = ((values - ret) ** 2).mean()
        return pg + cfg.value_coef * vl - cfg.entropy_coef * ent + cfg.bc_coef * bc

    @jax.jit
    def step(p: Any, st: Any, *b: Any) -> Any:
        g = jax.grad(loss)(p, *b)
        u, st = opt.update(g, st, p)
        return optax.apply_updates(p, u), st

    snapshot = None
    envs = make_envs(cfg.rules, cfg.games, _pool(snapshot), cfg.seed + 31_337)
    states = [env.reset() for env in envs]
    every = max(1, iterations // max(1, cfg.evals))
    rewards: list[float] = []
    for it in range(iterations):
        steps = []
        for _ in range(cfg.rollout):
            obs = np.concatenate([s[0] for s in states])
            masks = np.concatenate([s[1] for s in states])
            feats = np.concatenate([env.lookahead() for env in envs])
            labels = np.concatenate([env.advise(teacher) for env in envs]).astype(np.int32)
            s = decisions(obs, masks, feats, labels)
            logits, values = net.forward(s)
            z = logits - logits.max(axis=1, keepdims=True)
            pr = np.exp(z)
            pr /= pr.sum(axis=1, keepdims=True)
            acts = (pr.cumsum(axis=1) > rng.random((len(pr), 1))).argmax(axis=1)
            logp = np.log(pr[np.arange(len(pr)), acts] + 1e-12)
            rew, term = [], []
            k = 0
            for e, env in enumerate(envs):
                n = env.num_envs
                o, r, t, m = env.step(acts[k:k + n])
                states[e] = (o, m)
                rew.append(r)
                term.append(t)
                k += n
            r_all, t_all = np.concatenate(rew), np.concatenate(term)
            rewards.extend(r_all[t_all].tolist())
            steps.append((s, acts, logp, values, r_all, t_all))
        # GAE (gamma 1), cut at the ends of hands; the last values bootstrap the unfinished
        obs = np.concatenate([s[0] for s in states])
        masks = np.concatenate([s[1] for s in states])
        feats = np.concatenate([env.lookahead() for env in envs])
        _, last = net.forward(decisions(obs, masks, feats, np.zeros(len(obs), np.int32)))
        adv_next = np.zeros(len(obs), np.float32)
        v_next = last
        advs = []
        for s, acts, logp, values, r, t in reversed(steps):
            nonterm = 1.0 - t.astype(np.float32)
            delta = r + v_next * nonterm - values
            adv_next = delta + cfg.gae_lambda * nonterm * adv_next
            advs.append(adv_next)
            v_next = values
        advs.reverse()
        batch = _batch_of(steps, advs)
        a = batch["adv"]
        a = (a - a.mean()) / (a.std() + 1e-8)
        n = len(a)
        for _ in range(cfg.ppo_epochs):
            order = rng.permutation(n)
            for i in range(0, n - B + 1, B):
                ids = order[i:i + B]
                sb = batch["samples"].take(ids)
                net.params, state = step(net.params, state, *net.batch(sb), batch["acts"][ids], batch["logp"][ids],
                                         a[ids], batch["ret"][ids], sb.labels)
        if (it + 1) % every == 0 or it == iterations - 1:
            mean_r = float(np.mean(rewards)) if rewards else float("nan")
            log(f"ppo iteration {it + 1}/{iterations}: mean reward {mean_r:+.4f} over {len(rewards)} hands")
            point("final" if it == iterations - 1 else "ppo", reward=mean_r, hands=len(rewards), **agreement(net, held))
            rewards = []
            snapshot = PolicyAgent(net.weights())
            envs = make_envs(cfg.rules, cfg.games, _pool(snapshot), cfg.seed + 31_337 + it + 1)
            states = [env.reset() for env in envs]


def _batch_of(steps: list[Any], advs: list[np.ndarray]) -> dict[str, Any]:
    samples = concat([s[0] for s in steps])
    values = np.concatenate([s[3] for s in steps])
    adv = np.concatenate(advs).astype(np.float32)
    return {"samples": samples, "acts": np.concatenate([s[1] for s in steps]).astype(np.int32),
            "logp": np.concatenate([s[2] for s in steps]).astype(np.float32), "adv": adv,
            "ret": (adv + values).astype(np.float32)}
