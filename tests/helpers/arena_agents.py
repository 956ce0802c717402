"""Agents for the arena's tests (module-level, so they pickle to workers)."""

from wuhanmj.agents.greedy import GreedyAgent
from wuhanmj.game.actions import CHI, CHONG_GANG, HONGZHONG_GANG, PASS, XU_GANG

__all__ = ["NoChiGreedy", "NoGangGreedy", "NoisyGreedy"]


class NoChiGreedy(GreedyAgent):
    """The greedy bot, except that it never claims a chi (it passes instead): nearly as
    strong, and deterministic, so its games follow greedy's until a chi is offered."""

    name = "nochi"

    def act(self, observation, legal_actions):
        a = super().act(observation, legal_actions)
        code = a if isinstance(a, int) else a.code
        if CHI <= code < CHI + 21 and PASS in legal_actions:
            return PASS
        return a


class NoGangGreedy(GreedyAgent):
    """The greedy bot that never declares a kong (暗杠, 蓄杠, 冲杠): it chooses among the
    other legal actions as greedy would. Deterministic, and its games follow greedy's
    until a kong is on offer (rarely)."""

    name = "nogang"

    def act(self, observation, legal_actions):
        codes = [c for c in legal_actions if not (XU_GANG <= c < HONGZHONG_GANG or c == CHONG_GANG)]
        return super().act(observation, tuple(codes) if codes else legal_actions)


class NoisyGreedy(GreedyAgent):
    """The greedy bot that, with probability ``eps``, plays a uniformly random legal
    action instead, from a generator seeded by :meth:`reset` (so two copies reset with
    different seeds are two independent draws of one policy)."""

    name = "noisy"

    def __init__(self, eps: float = 0.2) -> None:
        self.eps = eps
        self.reset(None)

    def reset(self, seed=None):
        import numpy as np

        self._rng = np.random.default_rng(seed)

    def act(self, observation, legal_actions):
        if len(legal_actions) > 1 and self._rng.random() < self.eps:
            return legal_actions[int(self._rng.integers(len(legal_actions)))]
        return super().act(observation, legal_actions)
