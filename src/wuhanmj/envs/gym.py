"""The Gymnasium single-agent environment ``wuhanmj/WuhanMahjong-v0``.

The learner plays one seat of a hand; the three other seats are built-in bots
(:mod:`wuhanmj.agents`: ``"greedy"``, ``"random"``, ``"module:Name"`` or agent objects)
that play inside the environment between the learner's decisions. An episode is one hand.

- observation: the learner's encoding, ``int8`` of shape ``(OBS_SIZE,)``
  (:mod:`wuhanmj.envs.encoding`, version ``ENCODING_VERSION``; ``oracle=True``: the oracle
  encoding, ``(ORACLE_SIZE,)``);
- action: ``Discrete(163)``, the engine's action codes (:mod:`wuhanmj.game.actions`);
  the legal ones are in ``info["action_mask"]`` (``int8`` (163,)) and :meth:`action_masks`
  (bool, for sb3-contrib's ``MaskablePPO``); ``info["seat"]`` is the learner's seat and
  ``info["episode_index"]`` the hand's number under the root seed (the key ``episode`` is left
  to ``RecordEpisodeStatistics`` and Stable-Baselines3's ``Monitor``, which put a dict there);
- reward: 0 until the hand ends, then the learner's payment divided by the reward scale
  (by default the rules' 金顶: a loser paying the 金顶 gets -1); ``terminated`` at the end
  of the hand, never ``truncated``;
- ``reset(seed=…)``: episode 0 of the seed; a reset without a seed deals the next episode
  of the same seed (seeding: :mod:`wuhanmj.envs.episode`: the wall, the opponents' seeds and,
  with ``seat=None``, the learner's seat all come from the seed);
- an illegal action (a code 0-162 that is not legal now; anything that is not a code raises
  :class:`~wuhanmj.errors.EnvError`): with ``illegal_action="terminate"`` (the default, PettingZoo's classic
  convention) the episode ends at once with reward ``illegal_reward`` (-1) and
  ``info["illegal_action"] = True``; with ``"raise"`` it raises
  :class:`~wuhanmj.errors.IllegalActionError` and the hand is left as it was.

>>> import gymnasium, wuhanmj.envs
>>> e = gymnasium.make("wuhanmj/WuhanMahjong-v0", rules="koukou", opponents="greedy", seat=2)
>>> obs, info = e.reset(seed=5)
>>> obs.shape, info["seat"], bool(info["action_mask"].any())
((4209,), 2, True)
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..errors import EnvError, IllegalActionError
from ..game.actions import ACTION_SPACE_SIZE
from ..rules import Rules
from .aec import render_text
from .encoding import ENCODING_VERSION, observation_high
from .episode import Table, action_code, learner_seat, make_opponents, root_seed
from .episode import reward_scale as _reward_scale

__all__ = ["WuhanMahjongEnv", "ENV_ID"]

ENV_ID = "wuhanmj/WuhanMahjong-v0"
_ILLEGAL = ("terminate", "raise")


class WuhanMahjongEnv(gymnasium.Env):
    """One seat of a hand against built-in bots (see the module docstring).

    Args:
        rules: a :class:`~wuhanmj.rules.Rules` or a preset name (None: ``kaikou``).
        opponents: one agent spec for the three others or three specs (下家, opposite, 上家):
            ``"greedy"``, ``"random"``, ``"module:Name"`` or agent objects.
        seat: the learner's seat 0-3, or None to draw it per episode from the seed.
        oracle: observe the full state (the oracle encoding).
        reward_scale: payments are divided by this (None: the rules' 金顶).
        illegal_action: ``"terminate"`` or ``"raise"``.
        illegal_reward: the reward of an illegal action under ``"terminate"``.
        render_mode: None or ``"ansi"``.

    Raises:
        RulesError: bad ``rules``.
        EnvError: bad opponents, seat, reward scale, illegal-action policy or render mode.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4, "encoding_version": ENCODING_VERSION}

    def __init__(self, rules: Rules | str | None = None, opponents: Any = "greedy", seat: int | None = None,
                 oracle: bool = False, reward_scale: float | None = None, illegal_action: str = "terminate",
                 illegal_reward: float = -1.0, render_mode: str | None = None) -> None:
        self.rules = Rules.coerce(rules)
        if illegal_action not in _ILLEGAL:
            raise EnvError(f"illegal_action must be 'terminate' or 'raise', got {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.table = Table(self.rules, make_opponents(opponents), learner_seat(seat), bool(oracle),
                           _reward_scale(self.rules, reward_scale))
        size = self.table.size
        self.observation_space = spaces.Box(low=0, high=observation_high(bool(oracle)), shape=(size,), dtype=np.int8)
        self.action_space = spaces.Discrete(ACTION_SPACE_SIZE)
        self._root: int | None = None
        self._done = True
        self._mask = np.zeros(ACTION_SPACE_SIZE, dtype=np.int8)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        """Deal episode 0 of ``seed``, or the next episode of the last seed when None.

        Returns ``(observation, info)``; ``info``: ``action_mask`` (int8 (163,)), ``seat``
        (the learner's), ``episode_index`` (the hand's number under the root seed; not
        ``episode``, which Gymnasium's ``RecordEpisodeStatistics`` and Stable-Baselines3's
        ``Monitor`` fill with the finished episode's statistics dict).

        Raises:
            EnvError: a bad seed, or options (none are known).
        """
        if options:
            raise EnvError(f"reset options: none are known, got {sorted(options)}")
        root = None if seed is None else root_seed(seed)  # checked first: EnvError
        super().reset(seed=root)
        t = self.table
        if root is not None or self._root is None:
            self._root = root_seed(root)
            t.deal(self._root)
        else:
            t.deal()
        self._done = False
        obs = t.encode()
        self._mask = t.mask()
        return obs, self._info()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask, "seat": self.table.seat, "episode_index": self.table.episode}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        """Play the learner's ``action`` (a code 0-162), then the opponents until the
        learner's next decision or the end of the hand.

        Raises:
            EnvError: the episode is over (call reset) or was never started, or ``action``
                is not an action code 0-162 (None, a float, a str …: whatever
                ``illegal_action`` says, only a code that is not legal now is illegal).
            IllegalActionError: an illegal action under ``illegal_action="raise"`` (the hand
                is left as it was).
        """
        if self._done:
            raise EnvError("the episode is over: call reset()")
        code = action_code(action)  # a wrong type is an EnvError, never an illegal action
        t = self.table
        try:
            reward, terminated = t.act(code)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._done = True
            self._mask = np.zeros(ACTION_SPACE_SIZE, dtype=np.int8)
            info = self._info()
            info["illegal_action"] = True
            return t.encode(), self.illegal_reward, True, False, info
        self._done = terminated
        obs = t.encode()
        self._mask = t.mask()
        return obs, reward, terminated, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The learner's legal codes now as a bool array (163,) (sb3-contrib's MaskablePPO)."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``), else None."""
        if self.render_mode is None or self.table.game is None:
            return None
        return render_text(self.table.game)

    def close(self) -> None:
        """Nothing to release."""
