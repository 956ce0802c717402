"""One episode of the learning environments: its seeds, its reward scale, the built-in
opponents and :class:`Table`, a hand with the learner at one seat (the Gymnasium env and the
Python-backed vectorised env both play through it).

Seeding (documented in ``docs/ENCODING.md``, the same in the three environments): a root
seed ``root`` (an int >= 0) and an episode number ``k`` (0 for ``reset(seed=root)``, then
1, 2, … for each later reset without a seed, or each auto-reset) give

- the wall: :func:`wuhanmj.shuffled_wall` of the first 64-bit word of
  ``numpy.random.SeedSequence(root, spawn_key=(k, 0))``;
- the four agent seeds (a built-in opponent at seat ``s`` is ``reset(seed=agents[s])``):
  the four 64-bit words of ``SeedSequence(root, spawn_key=(k, 1))``;

  (these two are :func:`wuhanmj.sim.simulate.match_seeds` ``(root, k)``, so the native
  engine derives them the same way);
- the learner's seat when it is drawn per episode: the first 32-bit word of
  ``SeedSequence(root, spawn_key=(k, 2))`` modulo 4.

The dealer is seat 0 in every episode (a hand on its own, no match: no 连癞, scores 0).

>>> s = episode_seeds(7, 0)
>>> s == episode_seeds(7, 0), s.seat in range(4), len(s.agents)
(True, True, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from .. import _checks
from ..agents.base import make_agent, reset_agent
from ..errors import AgentError, EnvError
from ..game import moves
from ..game.actions import ACTION_SPACE_SIZE, ACTIONS, Action
from ..game.engine import Game
from ..game.loop import agent_act
from ..game.observation import observe
from ..game.wall import shuffled_wall
from ..rules import Rules
from ..running.batch import match_seeds
from .encoding import OBS_SIZE, ORACLE_SIZE, encode_mask, encode_observation, encode_oracle

__all__ = [
    "EpisodeSeeds", "episode_seeds", "root_seed", "reward_scale", "opponent_specs", "make_opponents",
    "learner_seat", "action_code", "Table",
]

DEALER = 0
"""The dealer seat of every episode."""


class EpisodeSeeds(NamedTuple):
    """The seeds of one episode (see the module docstring).

    Fields:
        wall: the wall seed, an int 0 <= wall < 2**64 (``shuffled_wall(wall)``).
        seat: the learner's seat when it is drawn per episode, 0-3.
        agents: four ints < 2**64, the ``reset`` seed of the agent at each seat.
    """

    wall: int
    seat: int
    agents: tuple[int, int, int, int]


def episode_seeds(root: int, episode: int) -> EpisodeSeeds:
    """The :class:`EpisodeSeeds` of episode ``episode`` (an int >= 0) of root seed ``root``."""
    wall, agents = match_seeds(root, episode)
    seat = int(np.random.SeedSequence(root, spawn_key=(episode, 2)).generate_state(1, np.uint32)[0]) % 4
    return EpisodeSeeds(wall, seat, agents)


def root_seed(seed: object) -> int:
    """A root seed: an int >= 0 (numpy integers too) as given, or fresh entropy for None.

    Raises:
        EnvError: anything else (a negative int, a bool, float, str ...).
    """
    if seed is None:
        return int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]
    s = _checks.index(seed)
    if s is None or s < 0:
        raise EnvError(f"seed must be an int >= 0 or None, got {seed!r}")
    return s


def reward_scale(rules: Rules, scale: object = None) -> float:
    """The reward scale: a reward is a payment (points or money) divided by it.

    ``scale`` None gives the rules' 金顶: ``rules.gold_cap`` [points] under the points
    schedule (X1), ``rules.gold_money`` [money] under the fan schedule (X2): a loser that
    pays the 金顶 gets reward -1. A number > 0 is taken as is.

    Raises:
        EnvError: ``scale`` is not a finite number > 0.
    """
    if scale is None:
        return float(rules.gold_money if rules.schedule == "fan" else rules.gold_cap)
    if isinstance(scale, (bool, np.bool_)) or not isinstance(scale, (int, float, np.integer, np.floating)) \
            or not np.isfinite(scale) or scale <= 0:
        raise EnvError(f"reward_scale must be a finite number > 0 or None, got {scale!r}")
    return float(scale)


def learner_seat(seat: object) -> int | None:
    """A learner seat 0-3, or None (drawn per episode).

    Raises:
        EnvError: anything else.
    """
    if seat is None:
        return None
    return _checks.seat(seat, "seat", EnvError)


def action_code(action: object) -> Any:
    """The learner's ``action`` checked to be an action: an integer code 0-162 (numpy
    integers too, read as a plain int) or an :class:`~wuhanmj.game.actions.Action` (as is).
    Whether it is *legal now* is the engine's question, not this one's.

    Raises:
        EnvError: anything else (None, a float, a str, a bool, an array, a code outside
            0-162): a wrong type or range is a mistake in the caller, not an illegal action.
    """
    if isinstance(action, Action):
        return action
    code = _checks.index(action)
    if code is None or not 0 <= code < ACTION_SPACE_SIZE:
        raise EnvError(f"action must be an action code 0-{ACTION_SPACE_SIZE - 1} (an int), got {action!r:.80}")
    return code


def opponent_specs(opponents: object) -> tuple[Any, Any, Any]:
    """The three opponents, relative to the learner (下家 next, opposite, 上家 previous): a
    name or agent for all three, or a sequence of three.

    Raises:
        EnvError: not one spec nor a sequence of three.
    """
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        return (opponents, opponents, opponents)
    if len(opponents) != 3:
        raise EnvError(f"opponents: one agent (or name) or three, got {len(opponents)}")
    a, b, c = opponents
    return (a, b, c)


def make_opponents(opponents: object) -> list[Any]:
    """Three agent objects from :func:`opponent_specs` (names through
    :func:`wuhanmj.agents.make_agent`; one object given once is shared by the three seats).

    Raises:
        EnvError: a bad spec (the message names it).
    """
    specs = opponent_specs(opponents)
    try:
        return [make_agent(s) for s in specs]
    except AgentError as err:
        raise EnvError(f"opponents: {err}") from None


class Table:
    """One hand with the learner at one seat and three built-in opponents at the others.

    After :meth:`deal` and after each :meth:`act`, the opponents have played until the
    learner must decide (or the hand is over): :attr:`game` is then at a learner decision.
    A hand that ends before the learner's first decision (possible in principle: two
    opponents' claims and a win before its first turn) is not an episode: the next episode
    of the root seed is dealt instead and :attr:`skipped` counts it.

    Args:
        rules: a :class:`Rules`.
        opponents: three agents, relative to the learner (see :func:`opponent_specs`).
        seat: the learner's seat, or None (drawn per episode).
        oracle: encode the oracle observation (full state) instead of the seat's own.
        scale: the reward scale (:func:`reward_scale`).
    """

    __slots__ = ("rules", "opponents", "fixed_seat", "oracle", "scale", "root", "episode", "game", "seat",
                 "skipped", "_acts", "_observes", "_codes")

    def __init__(self, rules: Rules, opponents: Sequence[Any], seat: int | None, oracle: bool, scale: float) -> None:
        self.rules = rules
        self.opponents = list(opponents)
        self.fixed_seat = seat
        self.oracle = oracle
        self.scale = scale
        self.root = 0
        self.episode = -1
        self.game: Game | None = None
        self.seat = 0
        self.skipped = 0
        self._acts: list[Any] = [None] * 4
        self._observes = [True] * 4
        self._codes = [False] * 4

    @property
    def size(self) -> int:
        """The length of the encoded observation (``OBS_SIZE`` or ``ORACLE_SIZE``)."""
        return ORACLE_SIZE if self.oracle else OBS_SIZE

    def deal(self, root: int | None = None) -> None:
        """Deal the next episode: episode 0 of ``root`` when given, else the episode after the
        last one of the current root; the opponents then play to the learner's first decision."""
        if root is not None:
            self.root = root
            self.episode = -1
        while True:
            self.episode += 1
            seeds = episode_seeds(self.root, self.episode)
            seat = seeds.seat if self.fixed_seat is None else self.fixed_seat
            self.seat = seat
            self.game = Game(self.rules, wall=shuffled_wall(seeds.wall), dealer=DEALER)
            for r in range(3):
                s = (seat + 1 + r) & 3
                agent = self.opponents[r]
                reset_agent(agent, seeds.agents[s])
                self._acts[s] = agent_act(agent, s)
                self._observes[s] = getattr(agent, "observes", True) is not False
                self._codes[s] = getattr(agent, "legal_codes", False) is True
            self._acts[seat] = None
            self._play_opponents()
            if not self.game.over:
                return
            self.skipped += 1

    def _play_opponents(self) -> None:
        g = self.game
        assert g is not None
        st = g.state
        me = self.seat
        while True:
            s = moves.current_player(st)
            if s is None or s == me:
                return
            lc = moves.legal(st, s)
            a = self._acts[s](observe(st, s) if self._observes[s] else None,
                              lc if self._codes[s] else [ACTIONS[c] for c in lc])
            g.step(s, a)

    def legal(self) -> tuple[int, ...]:
        """The learner's legal codes now (empty once the hand is over)."""
        g = self.game
        assert g is not None
        return g.legal_action_codes(self.seat) if not g.over else ()

    def act(self, code: int) -> tuple[float, bool]:
        """Play the learner's ``code`` (checked: IllegalActionError, state unchanged), then the
        opponents; returns ``(reward, terminated)``: the learner's payment / scale once over."""
        g = self.game
        assert g is not None
        g.step(self.seat, code)
        self._play_opponents()
        if g.over:
            res = g.result
            assert res is not None
            return float(res.payments[self.seat]) / self.scale, True
        return 0.0, False

    def encode(self, out: np.ndarray | None = None) -> np.ndarray:
        """The learner's encoded observation now (``int8``, :attr:`size`)."""
        g = self.game
        assert g is not None
        if self.oracle:
            return encode_oracle(g.state, self.seat, out)
        return encode_observation(g.observation(self.seat), self.rules, out)

    def mask(self, out: np.ndarray | None = None) -> np.ndarray:
        """The learner's action mask now (``int8`` (163,), all 0 once over)."""
        return encode_mask(self.legal(), out)
