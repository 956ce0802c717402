"""The samples of the policy's training: learner decisions of native
:class:`wuhanmj.envs.VectorEnv` games in compressed rows (the non-zero inputs of the
observation and its mask), labelled with the expert bot's code."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["Samples", "to_rows", "concat", "make_envs", "collect_imitation"]


@dataclass
class Samples:
    """Observations in compressed rows (the non-zero inputs of obs + mask), their masks,
    labels (the expert's codes) and returns (the hand's reward)."""

    idx: np.ndarray          # int16 (nnz,): input index 0-4371
    val: np.ndarray          # float32 (nnz,): its value
    ptr: np.ndarray          # int64 (n + 1,)
    masks: np.ndarray        # bool (n, 163)
    labels: np.ndarray       # int32 (n,)
    returns: np.ndarray      # float32 (n,)

    def __len__(self) -> int:
        return len(self.labels)

    def take(self, ids: np.ndarray) -> Samples:
        starts, ends = self.ptr[ids], self.ptr[ids + 1]
        lens = ends - starts
        sel = np.repeat(ends - lens.cumsum(), lens) + np.arange(lens.sum())
        return Samples(self.idx[sel], self.val[sel], np.concatenate([[0], lens.cumsum()]), self.masks[ids],
                       self.labels[ids], self.returns[ids])


def to_rows(obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The CSR (idx, val, counts per row) of a batch of observations and masks."""
    x = np.concatenate([obs, masks], axis=1)
    r, c = np.nonzero(x)
    return c.astype(np.int16), x[r, c].astype(np.float32), np.bincount(r, minlength=len(obs))


def concat(parts: Sequence[Samples]) -> Samples:
    lens = [np.diff(p.ptr) for p in parts]
    allp = np.concatenate(lens)
    return Samples(np.concatenate([p.idx for p in parts]), np.concatenate([p.val for p in parts]),
                   np.concatenate([[0], allp.cumsum()]), np.concatenate([p.masks for p in parts]),
                   np.concatenate([p.labels for p in parts]), np.concatenate([p.returns for p in parts]))


def make_envs(rules: Sequence[str], games: int, opponents: Sequence[Any], seed: int) -> list[Any]:
    from ..envs.vector import VectorEnv

    envs = []
    for k, r in enumerate(rules):
        for j, opp in enumerate(opponents):
            env = VectorEnv(max(1, games // len(opponents)), rules=r, opponents=opp, backend="native")
            env.reset(seed=seed * 1_000_003 + 10_007 * (k * len(opponents) + j))
            envs.append(env)
    return envs


def collect_imitation(rules: Sequence[str], n: int, seed: int, games: int = 128,
                      opponents: Sequence[Any] = ("greedy", ("expert", "greedy", "expert"))) -> Samples:
    """``n`` (or a few more) learner decisions labelled with the expert's code, the expert
    playing them, against the opponents given, under each preset (equal shares)."""
    from ..native.expert import ExpertAgent

    teacher = ExpertAgent()
    envs = make_envs(rules, games, opponents, seed)
    parts: list[Samples] = []
    done = 0
    pending: list[list[tuple[Samples, np.ndarray]]] = [[] for _ in envs]
    states = [env.reset() for env in envs]  # the next episodes of each root
    while done < n:
        for e, env in enumerate(envs):
            obs, masks = states[e]
            labels = env.advise(teacher)
            idx, val, cnt = to_rows(obs, masks)
            s = Samples(idx, val, np.concatenate([[0], cnt.cumsum()]), masks != 0, labels.astype(np.int32),
                        np.zeros(len(labels), np.float32))
            obs, rew, term, masks = env.step(labels)
            states[e] = (obs, masks)
            pending[e].append((s, np.arange(len(labels))))
            # returns: the reward of the hand each decision belongs to (filled when it ends)
            _fill_returns(pending[e], rew, term, parts)
            done += len(labels)
    for e in range(len(envs)):
        _fill_returns(pending[e], np.zeros(envs[e].num_envs, np.float32), np.ones(envs[e].num_envs, bool), parts)
    return concat(parts)


def _fill_returns(pending: list[tuple[Samples, np.ndarray]], rew: np.ndarray, term: np.ndarray,
                  out: list[Samples]) -> None:
    if not term.any():
        return
    # every pending step of a game that ended gets its reward; a step is complete when all its
    # games have ended since it was taken
    keep = []
    for s, open_games in pending:
        ended = term[open_games]
        s.returns[open_games[ended]] = rew[open_games[ended]]
        still = open_games[~ended]
        if still.size:
            keep.append((s, still))
        else:
            out.append(s)
    pending[:] = keep


