"""The vectorised environment :class:`VectorEnv`: N hands stepped together, one learner seat
in each, the built-in opponents playing in between, auto-reset.

The same episodes as the Gymnasium environment: game ``i`` of ``reset(seed=s)`` plays the
episodes of root seed ``s + i`` (Gymnasium's vector convention), episode 0 first and the
next one at each auto-reset, exactly as ``WuhanMahjong-v0`` does after ``reset(seed=s + i)``
and then ``reset()`` at each episode's end (same walls, seats, opponents' seeds, hence the
same observations and rewards for the same actions).

``step(actions)`` plays each game's learner action, lets the opponents play until that
learner's next decision, and returns, for every game, the observation and mask of that
decision. When a game's hand ends, its reward and ``terminations[i] = True`` are those of
the finished hand and its observation and mask are already those of the next hand
(auto-reset; the finished hand's last observation is not returned).

Backends: ``"native"`` (:mod:`wuhanmj.envs._vector`) steps N native hands
(:mod:`wuhanmj.native.hand`) and their native opponents in one Cython loop, without the GIL
and without a Python object per game; it plays the built-in ``"greedy"`` and ``"random"``
opponents and registered native agents (:class:`wuhanmj.native.agents.NativeAgent`, the ABI
of ``wuhanmj/native/agent.pxd``, or ``"module:Name"`` of one). ``"python"`` plays N :class:`wuhanmj.Game` objects through
:class:`~wuhanmj.envs.episode.Table` (any agent as opponent; about as fast as the Gymnasium
environment). ``"auto"`` (the default) takes the native one when it can. Both give the same
observations, masks, rewards and terminations for the same seed and actions (tested).

>>> v = VectorEnv(4, rules="koukou", opponents="random")
>>> obs, masks = v.reset(seed=1)
>>> obs.shape, masks.shape, masks.dtype, bool(masks.any(axis=1).all())
((4, 4209), (4, 163), dtype('int8'), True)
>>> actions = [int(np.flatnonzero(m)[0]) for m in masks]
>>> obs, rewards, terminations, masks = v.step(actions)
>>> rewards.dtype, terminations.dtype
(dtype('float32'), dtype('bool'))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from .. import _checks
from ..agents import AGENTS, make_agent
from ..errors import EnvError, IllegalActionError
from ..game.actions import ACTION_SPACE_SIZE
from ..rules import Rules
from .encoding import observation_high
from .episode import Table, learner_seat, make_opponents, opponent_specs, root_seed
from .episode import reward_scale as _reward_scale

__all__ = ["VectorEnv", "BACKENDS", "MAX_ENVS"]

BACKENDS = ("auto", "python", "native")
MAX_ENVS = 2 ** 16
"""The most games one VectorEnv steps: 65536 (its observation buffers alone then take
65536 × 4209 bytes, about 276 MB, and the oracle's more; the native games as much again)."""
_ILLEGAL = ("terminate", "raise")


def native_available() -> bool:
    """True when the native vectorised stepping (``wuhanmj.envs._vector``) is built."""
    try:
        from . import _vector  # noqa: F401
    except ImportError:
        return False
    return True


class VectorEnv:
    """N hands of Wuhan Mahjong stepped together (see the module docstring).

    Args:
        num_envs: the number of games N, 1 to :data:`MAX_ENVS` (65536: N games need about
            N × 4.2 kB of observation buffers, N × 2 of them with ``copy=True``, plus the
            games themselves; use several VectorEnvs, or processes, beyond that).
        rules: a :class:`~wuhanmj.rules.Rules` or a preset name (None: ``kaikou``).
        opponents: one spec for the three others or three (下家, opposite, 上家): ``"greedy"``
            or ``"random"``, a registered native agent (a NativeAgent, or ``"module:Name"``
            of one: both backends), and, with the Python backend, any ``"module:Name"`` or
            agent object; each game has its own agents made from names, while an agent
            object given is shared by every game.
        seat: the learner's seat 0-3 in every game, or None to draw it per episode.
        oracle: observe the full state (the oracle encoding).
        reward_scale: payments are divided by this (None: the rules' 金顶).
        illegal_action: ``"terminate"`` (the game's hand ends, reward ``illegal_reward``,
            auto-reset) or ``"raise"`` (IllegalActionError naming the game; no game is
            stepped).
        illegal_reward: the reward of an illegal action under ``"terminate"``.
        backend: ``"auto"``, ``"python"`` or ``"native"``.
        copy: return new arrays (True) or the environment's own buffers, overwritten by
            the next ``reset``/``step`` (False, a little faster).

    Attributes:
        num_envs; single_observation_space (``Box`` int8), single_action_space
        (``Discrete(163)``); observation_size; backend (the one in use).

    Raises:
        RulesError: bad ``rules``.
        EnvError: any other bad argument, or ``backend="native"`` when it is not built.
    """

    def __init__(self, num_envs: int, rules: Rules | str | None = None, opponents: Any = "greedy",
                 seat: int | None = None, oracle: bool = False, reward_scale: float | None = None,
                 illegal_action: str = "terminate", illegal_reward: float = -1.0, backend: str = "auto",
                 copy: bool = True) -> None:
        n = _checks.count(num_envs, "num_envs", EnvError, low=1, high=MAX_ENVS)
        self.num_envs = n
        self.rules = Rules.coerce(rules)
        if illegal_action not in _ILLEGAL:
            raise EnvError(f"illegal_action must be 'terminate' or 'raise', got {illegal_action!r}")
        if backend not in BACKENDS:
            raise EnvError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.oracle = bool(oracle)
        self.copy = bool(copy)
        self.scale = _reward_scale(self.rules, reward_scale)
        self.fixed_seat = learner_seat(seat)
        specs = opponent_specs(opponents)
        native_ok = native_available() and all(_native_opponent(s) for s in specs)
        if backend == "native" and not native_available():
            raise EnvError("backend 'native': the native engine is not in this build (wuhanmj.envs._vector)")
        if backend == "native" and not native_ok:
            raise EnvError("backend 'native' plays the built-in 'greedy' and 'random' and registered native "
                           f"(wuhanmj.native.agents.NativeAgent) opponents only, got {specs!r}")
        if backend == "auto":
            backend = "native" if native_ok else "python"
        self.backend = backend
        self._core: Any = None
        self._tables: list[Table] = []
        if backend == "native":
            from ._vector import VectorCore

            self._core = VectorCore(n, self.rules, _native_opponents(specs, n), -1 if self.fixed_seat is None else self.fixed_seat,
                                    self.oracle, self.scale, self.illegal_reward)
            size = int(self._core.size)
        else:
            self._tables = [Table(self.rules, make_opponents(opponents), self.fixed_seat, self.oracle, self.scale)
                            for _ in range(n)]
            size = self._tables[0].size
        self.observation_size = size
        self.single_observation_space = spaces.Box(low=0, high=observation_high(self.oracle), shape=(size,),
                                                   dtype=np.int8)
        self.single_action_space = spaces.Discrete(ACTION_SPACE_SIZE)
        self._obs = np.zeros((n, size), dtype=np.int8)
        self._masks = np.zeros((n, ACTION_SPACE_SIZE), dtype=np.int8)
        self._rewards = np.zeros(n, dtype=np.float32)
        self._terms = np.zeros(n, dtype=np.bool_)
        self._started = False

    # ------------------------------------------------------------------ views
    @property
    def seats(self) -> np.ndarray:
        """The learner's seat in each game's current hand (int8 (N,))."""
        if self._core is not None:
            return np.array(self._core.seats(), dtype=np.int8)
        return np.array([t.seat for t in self._tables], dtype=np.int8)

    @property
    def episodes(self) -> np.ndarray:
        """Each game's current episode number under its root seed (int64 (N,))."""
        if self._core is not None:
            return np.array(self._core.episodes(), dtype=np.int64)
        return np.array([t.episode for t in self._tables], dtype=np.int64)

    @property
    def skipped(self) -> int:
        """Hands that ended before their learner's first decision (not episodes, see
        :class:`wuhanmj.envs.episode.Table`), over all games."""
        if self._core is not None:
            return int(self._core.skipped())
        return sum(t.skipped for t in self._tables)

    def game(self, i: int) -> Any:
        """Game ``i``'s current hand as a :class:`wuhanmj.Game` (Python backend; read it only).

        Raises:
            EnvError: a bad index, or the native backend (its games are C structs).
        """
        i = _checks.count(i, "game", EnvError, 0, self.num_envs - 1)
        if self._core is not None:
            raise EnvError("game(i): the native backend keeps no Game objects (use backend='python')")
        return self._tables[i].game

    # ------------------------------------------------------------------ reset / step
    def _fresh_obs(self) -> np.ndarray:
        """The buffer this call encodes into: under ``copy=True`` a new one, so that the
        observations, the largest of the arrays returned, are written once and never copied
        (every backend writes every row whole)."""
        if self.copy:
            self._obs = np.empty_like(self._obs)
        return self._obs

    def _out(self, obs: np.ndarray, *arrays: np.ndarray) -> tuple[np.ndarray, ...]:
        return (obs, *(a.copy() for a in arrays)) if self.copy else (obs, *arrays)

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Deal every game: game ``i`` plays episode 0 of root seed ``seed + i`` (None:
        fresh entropy), or, when ``seed`` is None after a first reset, its next episode.

        Returns ``(obs, masks)``: int8 ``(N, observation_size)`` and int8 ``(N, 163)``.

        Raises:
            EnvError: a bad seed.
        """
        base = root_seed(seed) if seed is not None or not self._started else None
        if self._core is not None and base is not None and base + self.num_envs > 2 ** 256:
            raise EnvError(f"seed: the native backend takes seeds below 2**256 - num_envs, got {seed!r}")
        if self._core is not None:
            self._core.reset(None if base is None else [base + i for i in range(self.num_envs)],
                             self._fresh_obs(), self._masks)
        else:
            obs = self._fresh_obs()
            for i, t in enumerate(self._tables):
                t.deal(None if base is None else base + i)
                t.encode(obs[i])
                t.mask(self._masks[i])
        self._started = True
        return self._out(self._obs, self._masks)  # type: ignore[return-value]

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Play one learner action in every game (see the module docstring).

        Args:
            actions: N action codes (a sequence or an integer array of shape (N,)).

        Returns:
            ``(obs, rewards, terminations, masks)``: int8 ``(N, observation_size)``, float32
            ``(N,)``, bool ``(N,)``, int8 ``(N, 163)``.

        Raises:
            EnvError: ``reset`` was not called, or ``actions`` is not N integer codes 0-162
                (a wrong dtype, shape or range is never an illegal action; no game is
                stepped).
            IllegalActionError: under ``illegal_action="raise"``, an action not legal in its
                game (the message names the game; no game was stepped).
        """
        if not self._started:
            raise EnvError("call reset() before step()")
        acts = _actions(actions, self.num_envs)
        masks = self._masks
        legal = (acts >= 0) & (acts < ACTION_SPACE_SIZE)
        legal[legal] = masks[np.flatnonzero(legal), acts[legal]] == 1
        if self.illegal_action == "raise" and not legal.all():
            i = int(np.flatnonzero(~legal)[0])
            raise IllegalActionError(f"game {i}: action {int(acts[i])} is not legal now (legal: "
                                     f"{np.flatnonzero(masks[i]).tolist()})")
        rewards, terms = self._rewards, self._terms
        if self._core is not None:
            self._core.step(np.ascontiguousarray(acts, dtype=np.int64), legal.view(np.uint8), self._fresh_obs(),
                            rewards, terms.view(np.uint8), masks)
            return self._out(self._obs, rewards, terms, masks)  # type: ignore[return-value]
        obs = self._fresh_obs()
        for i, t in enumerate(self._tables):
            if legal[i]:
                r, done = t.act(int(acts[i]))
            else:
                r, done = self.illegal_reward, True
            rewards[i] = r
            terms[i] = done
            if done:
                t.deal()
            t.encode(obs[i])
            t.mask(masks[i])
        return self._out(self._obs, rewards, terms, masks)  # type: ignore[return-value]

    def advise(self, agent: Any) -> np.ndarray:
        """What ``agent`` would play at each game's current learner decision, the games left
        as they are: a teacher's labels for imitation learning (native backend).

        Args:
            agent: ``"greedy"``, ``"expert"`` or another registered native agent (a
                NativeAgent, its name or ``"module:Name"``); it decides on the learner's
                view (what a seat sees, never the hidden state) and is not reset.

        Returns:
            int64 ``(N,)``: one legal code per game (its mask is 1 there).

        Raises:
            EnvError: ``reset`` was not called, the Python backend, or ``agent`` is not a
                native agent.
        """
        if not self._started:
            raise EnvError("call reset() before advise()")
        if self._core is None:
            raise EnvError("advise() needs the native backend")
        spec = agent.strip() if isinstance(agent, str) else agent
        if isinstance(spec, str) and ":" not in spec:       # a name; "module:Name" keeps its case
            spec = spec.lower()
        if not _native_opponent(spec) or spec == "random":
            raise EnvError(f"advise: 'greedy' or a registered native agent, got {agent!r:.80}")
        made = make_agent(spec) if isinstance(spec, str) and spec != "greedy" else spec
        out = np.empty(self.num_envs, dtype=np.int64)
        self._core.advise(made, out)
        return out

    def lookahead(self) -> np.ndarray:
        """The policy's look-ahead features (:mod:`wuhanmj.native.lookahead`) of each game's
        current learner decision, worked out natively from the learner's view; the games are
        left as they are (the learned policy's inputs beside the observation, for training).

        Returns:
            int8 ``(N, 163, N_LOOKAHEAD)``: the row of each legal code, zeros elsewhere.

        Raises:
            EnvError: ``reset`` was not called, or the Python backend.
        """
        if not self._started:
            raise EnvError("call reset() before lookahead()")
        if self._core is None:
            raise EnvError("lookahead() needs the native backend")
        from ..native.lookahead import N_LOOKAHEAD

        out = np.empty((self.num_envs, ACTION_SPACE_SIZE, N_LOOKAHEAD), dtype=np.int8)
        self._core.lookahead(out)
        return out

    def close(self) -> None:
        """Nothing to release."""


def _native_opponent(spec: Any) -> bool:
    """The native backend plays it: the random or greedy bot's name, a registered native
    agent, or the name (``"expert"``) or ``"module:Name"`` of a registered native agent's
    class (one that plays by its C functions, :func:`wuhanmj.native.agents.plays_in_c`)."""
    from ..native.agents import plays_in_c

    if plays_in_c(spec):
        return True
    if not isinstance(spec, str):
        return False
    if spec.strip().lower() in ("greedy", "random"):
        return True
    if ":" not in spec and spec.strip().lower() not in AGENTS:
        return False
    try:
        return bool(plays_in_c(make_opponents(spec)[0]))
    except EnvError:
        return False


def _native_opponents(specs: tuple[Any, Any, Any], n: int) -> list[list[Any]]:
    """Each game's three opponents for the native backend: a name of a built-in bot as it
    is, an agent object shared by every game (as on the Python backend), and a native agent
    made from ``"module:Name"`` for each game (as each Table makes its own)."""
    made = [isinstance(s, str) and s.strip().lower() not in ("greedy", "random") for s in specs]
    games = []
    for _ in range(n):
        agents = make_opponents(specs) if any(made) else None
        games.append([agents[r] if made[r] and agents is not None else
                      (s.strip().lower() if isinstance(s, str) else s) for r, s in enumerate(specs)])
    return games


def _actions(actions: Any, n: int) -> np.ndarray:
    try:
        a = np.asarray(actions)
    except Exception:
        a = np.empty(0)
    if a.shape != (n,) or not np.issubdtype(a.dtype, np.integer):
        raise EnvError(f"actions must be {n} integer action codes, got {actions!r:.80}")
    bad = np.flatnonzero((a < 0) | (a >= ACTION_SPACE_SIZE))
    if bad.size:  # not a code at all: a mistake in the caller, never an illegal action
        i = int(bad[0])
        raise EnvError(f"actions must be action codes 0-{ACTION_SPACE_SIZE - 1}, got {int(a[i])} for game {i}")
    return a.astype(np.int64, copy=False)
