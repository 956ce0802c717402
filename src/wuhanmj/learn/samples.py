"""The samples of the policy's training: learner decisions of native
:class:`wuhanmj.envs.VectorEnv` games in compressed rows (the non-zero inputs of the
observation and its mask), the look-ahead rows of their legal codes
(:mod:`wuhanmj.native.lookahead`), labelled with the expert bot's code."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["Samples", "to_rows", "concat", "make_envs", "collect", "collect_imitation", "decisions"]


@dataclass
class Samples:
    """Decisions: observations in compressed rows (the non-zero inputs of obs + mask), their
    masks, the look-ahead rows of their legal codes (in the order of the masks' ones),
    labels (the expert's codes) and returns (the hand's reward)."""

    idx: np.ndarray          # int16 (nnz,): input index 0-4371
    val: np.ndarray          # float32 (nnz,): its value
    ptr: np.ndarray          # int64 (n + 1,)
    masks: np.ndarray        # bool (n, 163)
    labels: np.ndarray       # int32 (n,)
    returns: np.ndarray      # float32 (n,)
    feats: np.ndarray        # int8 (L, 25): a row per legal code, sample after sample
    fptr: np.ndarray         # int64 (n + 1,): sample i's rows are feats[fptr[i]:fptr[i + 1]]

    def __len__(self) -> int:
        return len(self.labels)

    def take(self, ids: np.ndarray) -> Samples:
        return Samples(*_gather(self.idx, self.val, self.ptr, ids), self.masks[ids], self.labels[ids],
                       self.returns[ids], *_gather(self.feats, None, self.fptr, ids)[::2])


def _gather(a: np.ndarray, b: np.ndarray | None, ptr: np.ndarray, ids: np.ndarray) -> tuple[Any, Any, np.ndarray]:
    starts, ends = ptr[ids], ptr[ids + 1]
    lens = ends - starts
    sel = np.repeat(ends - lens.cumsum(), lens) + np.arange(lens.sum())
    return a[sel], (None if b is None else b[sel]), np.concatenate([[0], lens.cumsum()])


def to_rows(obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The CSR (idx, val, counts per row) of a batch of observations and masks."""
    x = np.concatenate([obs, masks], axis=1)
    r, c = np.nonzero(x)
    return c.astype(np.int16), x[r, c].astype(np.float32), np.bincount(r, minlength=len(obs))


def decisions(obs: np.ndarray, masks: np.ndarray, feats: np.ndarray, labels: np.ndarray) -> Samples:
    """Samples of a batch of decisions: ``obs`` (N, 4209), ``masks`` (N, 163), ``feats``
    (N, 163, 25) as ``VectorEnv.lookahead`` gives them, ``labels`` (N,); returns zero."""
    idx, val, cnt = to_rows(obs, masks)
    legal = masks != 0
    return Samples(idx, val, np.concatenate([[0], cnt.cumsum()]), legal, labels.astype(np.int32),
                   np.zeros(len(labels), np.float32), feats[legal], np.concatenate([[0], legal.sum(axis=1).cumsum()]))


def concat(parts: Sequence[Samples]) -> Samples:
    def ptr(ps: list[np.ndarray]) -> np.ndarray:
        return np.concatenate([[0], np.concatenate([np.diff(p) for p in ps]).cumsum()])

    return Samples(np.concatenate([p.idx for p in parts]), np.concatenate([p.val for p in parts]),
                   ptr([p.ptr for p in parts]), np.concatenate([p.masks for p in parts]),
                   np.concatenate([p.labels for p in parts]), np.concatenate([p.returns for p in parts]),
                   np.concatenate([p.feats for p in parts]), ptr([p.fptr for p in parts]))


def make_envs(rules: Sequence[str], games: int, opponents: Sequence[Any], seed: int) -> list[Any]:
    from ..envs.vector import VectorEnv

    envs = []
    for k, r in enumerate(rules):
        for j, opp in enumerate(opponents):
            env = VectorEnv(max(1, games // len(opponents)), rules=r, opponents=opp, backend="native")
            env.reset(seed=seed * 1_000_003 + 10_007 * (k * len(opponents) + j))
            envs.append(env)
    return envs


OPPONENTS: tuple[Any, ...] = ("greedy", ("expert", "greedy", "expert"))
"""The opponents of the training games: three greedy bots, or two experts and a greedy bot."""


def collect(rules: Sequence[str], n: int, seed: int, games: int = 128, player: Any = None,
            opponents: Sequence[Any] = OPPONENTS) -> Samples:
    """``n`` (or a few more) learner decisions, each labelled with the expert's code, against
    the opponents given, under each preset (equal shares). The learner seat plays the
    expert's code (``player`` None) or ``player``'s (a native agent: the policy being
    trained, DAgger's states)."""
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
            s = decisions(obs, masks, env.lookahead(), labels)
            obs, rew, term, masks = env.step(labels if player is None else env.advise(player))
            states[e] = (obs, masks)
            pending[e].append((s, np.arange(len(labels))))
            # returns: the reward of the hand each decision belongs to (filled when it ends)
            _fill_returns(pending[e], rew, term, parts)
            done += len(labels)
    for e in range(len(envs)):
        _fill_returns(pending[e], np.zeros(envs[e].num_envs, np.float32), np.ones(envs[e].num_envs, bool), parts)
    return concat(parts)


def collect_imitation(rules: Sequence[str], n: int, seed: int, games: int = 128,
                      opponents: Sequence[Any] = OPPONENTS) -> Samples:
    """:func:`collect` with the expert playing the learner seat."""
    return collect(rules, n, seed, games, None, opponents)


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
