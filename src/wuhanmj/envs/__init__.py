"""Reinforcement-learning environments (the ``rl`` extra: ``pip install "wuhanmj[rl]"``,
PettingZoo >= 1.27 and Gymnasium >= 1.4).

- :mod:`wuhanmj.envs.wuhan_mahjong_v0`: the PettingZoo AEC environment, four agents
  (``wuhan_mahjong_v0.env()``, ``raw_env()``; :mod:`wuhanmj.envs.aec`);
- ``gymnasium.make("wuhanmj/WuhanMahjong-v0", opponents="greedy", rules="koukou", seat=None)``:
  one learner seat against built-in bots (:class:`WuhanMahjongEnv`, :mod:`wuhanmj.envs.gym`),
  registered when this package is imported;
- :class:`VectorEnv`: N hands stepped together (:mod:`wuhanmj.envs.vector`);
- :mod:`wuhanmj.envs.encoding`: the versioned observation encoding (``ENCODING_VERSION``),
  also in ``docs/ENCODING.md``; :mod:`wuhanmj.envs.episode`: seeds, rewards, opponents.

Nothing else in wuhanmj imports this package: ``import wuhanmj`` needs neither PettingZoo
nor Gymnasium.
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium
    import pettingzoo as _pettingzoo  # noqa: F401
except ImportError as _err:  # pragma: no cover - exercised in a venv without the extra
    raise ImportError(
        f'wuhanmj.envs needs the "rl" extra (pettingzoo>=1.27, gymnasium>=1.4): '
        f'pip install "wuhanmj[rl]" ({_err})'
    ) from _err

from . import aec as wuhan_mahjong_v0
from .encoding import ENCODING_VERSION, OBS_SIZE, ORACLE_SIZE
from .gym import ENV_ID, WuhanMahjongEnv
from .vector import VectorEnv

__all__ = ["wuhan_mahjong_v0", "WuhanMahjongEnv", "VectorEnv", "ENV_ID", "ENCODING_VERSION", "OBS_SIZE",
           "ORACLE_SIZE"]

if ENV_ID not in _gymnasium.registry:
    _gymnasium.register(id=ENV_ID, entry_point="wuhanmj.envs.gym:WuhanMahjongEnv")
