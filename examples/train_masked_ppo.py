"""Train a MaskablePPO agent (sb3-contrib) at one seat of Wuhan Mahjong against built-in bots.

Not run in CI (it needs PyTorch). Install and run::

    pip install "wuhanmj[rl]" sb3-contrib
    python examples/train_masked_ppo.py --steps 200000                 # the Gymnasium env
    python examples/train_masked_ppo.py --vector 64 --steps 2000000    # VectorEnv, 64 games

The learner's observation is the int8 encoding of docs/ENCODING.md (cast to float by the
policy), its actions the 163 codes, masked by ``action_masks()``; the reward is its payment
divided by the rules' 金顶, at the end of each hand. After training, the policy plays
``--eval`` hands at a random seat against the same opponents and the mean reward is
printed beside that of a uniformly random legal policy.
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker  # noqa: F401  (for custom masks)
from stable_baselines3.common.vec_env import VecEnv, VecMonitor

import wuhanmj.envs  # noqa: F401  (registers wuhanmj/WuhanMahjong-v0)
from wuhanmj.envs import VectorEnv


class SB3VectorEnv(VecEnv):
    """wuhanmj's VectorEnv as a Stable-Baselines3 VecEnv (auto-reset, masks for MaskablePPO).

    A finished hand's last observation is not returned (VectorEnv auto-resets at once); SB3
    needs it only for truncated episodes, and hands always terminate."""

    def __init__(self, num_envs: int, **kwargs: Any) -> None:
        self.venv = VectorEnv(num_envs, **kwargs)
        super().__init__(num_envs, self.venv.single_observation_space, self.venv.single_action_space)
        self._masks = np.zeros((num_envs, 163), dtype=np.int8)
        self._actions: np.ndarray | None = None

    def reset(self) -> np.ndarray:
        seed = self._seeds[0] if getattr(self, "_seeds", None) and self._seeds[0] is not None else None
        obs, self._masks = self.venv.reset(seed=seed)
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, dtype=np.int64)

    def step_wait(self):
        obs, rewards, terms, self._masks = self.venv.step(self._actions)
        return obs, rewards, terms.copy(), [{} for _ in range(self.num_envs)]

    def action_masks(self) -> np.ndarray:
        return self._masks.astype(bool)

    # the rest of the VecEnv interface: masks through env_method("action_masks")
    def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list:
        if method_name != "action_masks":
            raise AttributeError(method_name)
        return list(self.action_masks()[self._get_indices(indices)])

    def has_attr(self, attr_name: str) -> bool:
        return attr_name == "action_masks"

    def get_attr(self, attr_name: str, indices: Any = None) -> list:
        raise AttributeError(attr_name)

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(attr_name)

    def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
        return [False] * len(self._get_indices(indices))

    def close(self) -> None:
        self.venv.close()


def evaluate(policy: Any, rules: str, opponents: str, hands: int, seed: int) -> float:
    """Mean reward of ``policy(obs, mask) -> code`` over ``hands`` hands of the Gymnasium env."""
    env = gymnasium.make("wuhanmj/WuhanMahjong-v0", rules=rules, opponents=opponents)
    total = 0.0
    obs, info = env.reset(seed=seed)
    for _ in range(hands):
        terminated = False
        while not terminated:
            obs, reward, terminated, _, info = env.step(policy(obs, info["action_mask"]))
            total += reward
        obs, info = env.reset()
    return total / hands


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", default="koukou")
    p.add_argument("--opponents", default="greedy", help="greedy or random")
    p.add_argument("--steps", type=int, default=200_000, help="learner steps to train")
    p.add_argument("--vector", type=int, default=0, help="train on VectorEnv with this many games")
    p.add_argument("--eval", type=int, default=200, help="hands to evaluate")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--save", default="wuhanmj_maskable_ppo")
    a = p.parse_args()

    if a.vector:
        env: Any = VecMonitor(SB3VectorEnv(a.vector, rules=a.rules, opponents=a.opponents))
        env.seed(a.seed)
    else:
        env = gymnasium.make("wuhanmj/WuhanMahjong-v0", rules=a.rules, opponents=a.opponents)
    model = MaskablePPO("MlpPolicy", env, n_steps=2048 if not a.vector else max(16, 4096 // a.vector),
                        batch_size=512, gamma=1.0, ent_coef=0.01, seed=a.seed, verbose=1)
    model.learn(total_timesteps=a.steps)
    model.save(a.save)

    def trained(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    rng = np.random.default_rng(a.seed)

    def uniform(obs: np.ndarray, mask: np.ndarray) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[int(rng.random() * legal.size)])

    for name, policy in (("trained", trained), ("random legal", uniform)):
        r = evaluate(policy, a.rules, a.opponents, a.eval, seed=10_000 + a.seed)
        print(f"{name:>12}: mean reward {r:+.4f} per hand over {a.eval} hands (1 = the 金顶)")


if __name__ == "__main__":
    main()
