"""The PettingZoo AEC environment ``wuhan_mahjong_v0``: one hand, four agents.

PettingZoo classic conventions (as in ``chess_v6``, ``go_v5``):

- agents ``player_0`` … ``player_3`` are seats 0-3 (seat 0 is the dealer, 庄);
- ``agent_selection`` is the seat the engine expects (:attr:`wuhanmj.Game.current_player`):
  on a discard it jumps to each seat that may claim it, in turn order from the discarder
  (P2), and on a 蓄杠 to each seat that may rob it (P4); seats whose only choice would be
  ``Pass`` are never asked;
- ``observe(agent)`` is ``{"observation": int8 (OBS_SIZE,), "action_mask": int8 (163,)}``:
  the seat's encoding (:mod:`wuhanmj.envs.encoding`, version ``ENCODING_VERSION``) and its
  legal codes when it is ``agent_selection`` (all 0 for the other agents); with
  ``oracle=True`` the observation is the oracle encoding (ORACLE_SIZE, every hand and the
  wall: for distillation, never for play);
- rewards come once, when the hand ends: each seat's payment (X, points or money) divided by
  the reward scale (:func:`wuhanmj.envs.episode.reward_scale`: by default the rules' 金顶, so a
  loser paying the 金顶 gets -1); they sum to 0 (X5). Every agent is then terminated (an
  exhaustive draw, X6, gives 0 to all); there is no truncation (a hand always ends);
- ``reset(seed=…)``: the wall of episode 0 of the seed (see :mod:`wuhanmj.envs.episode`);
  a ``reset()`` without a seed deals the next episode of the same seed.
  ``options={"wall": [136 tiles], "dealer": 0-3, "prev_laizi": tile or None, "scores": 4
  numbers}`` plays a given deal instead, and ``options={"deal": event}`` the deal of a
  recorded hand (its first event, :attr:`wuhanmj.Game.events`, tiles in notation);
- an illegal action: :func:`raw_env` raises :class:`~wuhanmj.errors.IllegalActionError`
  and leaves the hand as it was; :func:`env` wraps it as PettingZoo's classic ``env()``
  does (``TerminateIllegalWrapper``: the hand ends, the offender gets -1, the others 0;
  then :class:`CheckActionWrapper`, PettingZoo's ``AssertOutOfBoundsWrapper`` raising
  :class:`~wuhanmj.errors.EnvError`, and ``OrderEnforcingWrapper``); an action that is not a
  code 0-162 (a float, a str, None for a live agent) raises EnvError in both, never counts
  as an illegal move;
- ``render_mode="ansi"``: :meth:`render` returns the table as text (every hand shown).

>>> e = env(rules="koukou")
>>> e.reset(seed=3)
>>> e.agent_selection
'player_0'
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0, reward, terminated
((4209,), True, 0.0, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..errors import EnvError, IllegalActionError
from ..game.actions import ACTION_SPACE_SIZE, action_name
from ..game.engine import Game
from ..game.events import parse_event
from ..game.wall import shuffled_wall
from ..rules import Rules
from ..tiles import format_tile, format_tiles
from .encoding import (
    ENCODING_VERSION,
    OBS_SIZE,
    ORACLE_SIZE,
    encode_mask,
    encode_observation,
    encode_oracle,
    observation_high,
)
from .episode import DEALER, action_code, episode_seeds, root_seed
from .episode import reward_scale as _reward_scale

__all__ = ["env", "raw_env", "AGENTS", "CheckActionWrapper"]

AGENTS = ("player_0", "player_1", "player_2", "player_3")
_SEAT = {a: i for i, a in enumerate(AGENTS)}
_OPTIONS = ("wall", "dealer", "prev_laizi", "scores")
_KNOWN = (*_OPTIONS, "deal")


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's classic wrappers: an illegal action ends the hand
    with reward -1 for the offender (TerminateIllegalWrapper), actions out of the space are
    refused with EnvError (CheckActionWrapper), and the API is used in order (OrderEnforcingWrapper).
    Arguments: those of :class:`raw_env`."""
    e: Any = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = CheckActionWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def check_action(agent: str, action: Any, dead: bool) -> Any:
    """``action`` for ``agent`` checked (:func:`~wuhanmj.envs.episode.action_code`): None
    for a terminated agent (PettingZoo's dead step), an action code 0-162 otherwise.

    Raises:
        EnvError: None for a live agent, anything but None for a terminated one, or a
            value that is not an action code.
    """
    if dead:
        if action is not None:
            raise EnvError(f"{agent} is terminated: its only action is None (PettingZoo's dead step), got {action!r:.80}")
        return None
    if action is None:
        raise EnvError(f"{agent} must act: None is the action of a terminated agent only")
    return action_code(action)


class CheckActionWrapper(wrappers.AssertOutOfBoundsWrapper):
    """PettingZoo's ``AssertOutOfBoundsWrapper`` with an :class:`~wuhanmj.errors.EnvError`
    instead of a bare AssertionError: an action that is not a code 0-162 (None only for a
    terminated agent) is refused before ``TerminateIllegalWrapper`` could count it as an
    illegal move; nothing changes."""

    def step(self, action: Any) -> None:
        """Check ``action``, then step the wrapped environment."""
        agent = self.agent_selection
        dead = self.terminations.get(agent, False) or self.truncations.get(agent, False)
        wrappers.BaseWrapper.step(self, check_action(agent, action, dead))


class raw_env(AECEnv, EzPickle):
    """One hand of Wuhan Mahjong as a PettingZoo AEC environment (see the module docstring).

    Args:
        rules: a :class:`~wuhanmj.rules.Rules` or a preset name (``"kaikou"``, ``"koukou"``,
            ``"koukou_fan"``; None: ``kaikou``).
        oracle: observations are the oracle encoding (every hand and the wall).
        reward_scale: a reward is a payment divided by this (None: the rules' 金顶).
        render_mode: None or ``"ansi"``.

    Raises:
        RulesError: ``rules`` is not a rule set or preset name.
        EnvError: a bad reward scale or render mode.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "wuhan_mahjong_v0", "is_parallelizable": False,
                                "encoding_version": ENCODING_VERSION}

    def __init__(self, rules: Rules | str | None = None, oracle: bool = False, reward_scale: float | None = None,
                 render_mode: str | None = None) -> None:
        EzPickle.__init__(self, rules, oracle, reward_scale, render_mode)
        super().__init__()
        self.rules = Rules.coerce(rules)
        self.oracle = bool(oracle)
        self.scale = _reward_scale(self.rules, reward_scale)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        size = ORACLE_SIZE if self.oracle else OBS_SIZE
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=0, high=observation_high(self.oracle), shape=(size,), dtype=np.int8),
            "action_mask": spaces.Box(low=0, high=1, shape=(ACTION_SPACE_SIZE,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(ACTION_SPACE_SIZE) for a in AGENTS}
        self.game: Game | None = None
        self.root: int | None = None
        self.episode = -1
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[0]

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ reset
    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Deal a hand: episode 0 of ``seed``, the next episode of the last seed when None,
        or the deal in ``options`` (see the module docstring).

        Raises:
            EnvError: a bad seed or an unknown option.
            SetupError, TileError, TileCountError: a bad wall, dealer, prev_laizi or scores.
        """
        opts = dict(options or {})
        deal = {k: opts.pop(k) for k in _OPTIONS if k in opts}
        opts.pop("options", None)  # pettingzoo's api_test passes {"options": 1}
        if "deal" in opts:
            deal = _deal_options(opts.pop("deal"), deal)
        if opts:
            raise EnvError(f"reset options: unknown {', '.join(sorted(map(str, opts)))} (known: {', '.join(_KNOWN)})")
        if seed is not None or self.root is None:
            self.root = root_seed(seed)
            self.episode = -1
        self.episode += 1
        if "wall" in deal:
            self.game = Game(self.rules, wall=deal["wall"], dealer=deal.get("dealer", DEALER),
                             prev_laizi=deal.get("prev_laizi"), scores=deal.get("scores", (0, 0, 0, 0)))
        else:
            if deal:
                raise EnvError("reset options: dealer, prev_laizi and scores go with a wall")
            self.game = Game(self.rules, wall=shuffled_wall(episode_seeds(self.root, self.episode).wall),
                             dealer=DEALER)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {a: {} for a in AGENTS}
        self._skip_agent_selection = None
        cur = self.game.current_player
        assert cur is not None  # a fresh hand: the dealer acts
        self.agent_selection = AGENTS[cur]

    # ------------------------------------------------------------------ observe / step
    def _game(self) -> Game:
        if self.game is None:
            raise EnvError("call reset() before observe() or step()")
        return self.game

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``{"observation": int8, "action_mask": int8 (163,)}`` of ``agent`` (see the module
        docstring: the mask is all 0 unless ``agent`` is ``agent_selection``)."""
        g = self._game()
        seat = _seat(agent)
        if self.oracle:
            o = encode_oracle(g.state, seat)
        else:
            o = encode_observation(g.observation(seat), self.rules)
        live = agent == self.agent_selection and not g.over
        return {"observation": o, "action_mask": encode_mask(g.legal_action_codes(seat) if live else ())}

    def action_mask(self, agent: str) -> np.ndarray:
        """The action mask of ``agent`` alone (as in :meth:`observe`, without the encoding)."""
        g = self._game()
        live = agent == self.agent_selection and not g.over
        return encode_mask(g.legal_action_codes(_seat(agent)) if live else ())

    def state(self) -> np.ndarray:
        """The global state: the oracle encoding of seat 0 (``int8`` (ORACLE_SIZE,))."""
        return encode_oracle(self._game().state, 0)

    def step(self, action: Any) -> None:
        """Play ``action`` (an action code 0-162, numpy integers too) for ``agent_selection``;
        a terminated agent steps with None (PettingZoo's dead step).

        Raises:
            EnvError: ``action`` is not an action code 0-162 (a float, a str, a bool …), or
                None for an agent that is not terminated; nothing changes.
            IllegalActionError: the action is not legal now (the message names the rule); the
                hand is left as it was.
        """
        agent = self.agent_selection
        dead = self.terminations[agent] or self.truncations[agent]
        action = check_action(agent, action, dead)
        if dead:
            self._was_dead_step(action)
            return
        g = self._game()
        g.step(_seat(agent), action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if g.over:
            res = g.result
            assert res is not None
            for a in AGENTS:
                self.rewards[a] = float(res.payments[_SEAT[a]]) / self.scale
                self.terminations[a] = True
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            cur = g.current_player
            assert cur is not None
            self.agent_selection = AGENTS[cur]

    # ------------------------------------------------------------------ render / close
    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``), else None (with a warning)."""
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() called without render_mode='ansi'")
            return None
        return render_text(self._game())

    def close(self) -> None:
        """Nothing to release."""


def _deal_options(event: Any, given: dict[str, Any]) -> dict[str, Any]:
    """The wall, dealer, prev_laizi and scores of a recorded ``deal`` event."""
    if given:
        raise EnvError("reset options: give a deal event or wall/dealer/prev_laizi/scores, not both")
    if not isinstance(event, Mapping) or event.get("type") != "deal":
        raise EnvError(f"reset options: deal must be a recorded deal event (a dict with type 'deal'), got {event!r:.80}")
    d = parse_event(event)
    try:
        return {"wall": d["wall"], "dealer": d["dealer"], "prev_laizi": d.get("prev_laizi"),
                "scores": tuple(d.get("scores", (0, 0, 0, 0)))}
    except KeyError as err:
        raise EnvError(f"reset options: the deal event has no {err}") from None


def _seat(agent: str) -> int:
    try:
        return _SEAT[agent]
    except (KeyError, TypeError):
        raise EnvError(f"unknown agent {agent!r}: expected one of {', '.join(AGENTS)}") from None


def render_text(g: Game) -> str:
    """A text picture of the table: every seat's hand, melds, special plays and river, the
    indicator and 癞子, the phase, and the result once over."""
    lines = [f"{g.rules.name}  phase {g.phase}  turn {g.turn}  tiles left {g.tiles_left}  "
             f"indicator {format_tile(g.indicator)}  癞子 {format_tile(g.laizi)}"
             + (f"  痞子 {format_tiles(g.pizi)}" if g.pizi else "")]
    if g.claim_tile is not None:
        lines.append(f"on the table: {format_tile(g.claim_tile)} from seat {g.turn}; pending {list(g.pending)}")
    for s in range(4):
        melds = " ".join(str(m) for m in g.melds(s)) or "-"
        plays = " ".join(format_tile(t) for _, t in g.special_plays(s)) or "-"
        river = " ".join(format_tile(t) for t in g.discards(s)) or "-"
        mark = "*" if s == g.current_player else " "
        dealer = " 庄" if s == g.dealer else ""
        lines.append(f"{mark}player_{s}{dealer}: {format_tiles(g.hand(s)) or '-'}  melds {melds}  plays {plays}")
        lines.append(f"            river {river}")
    cur = g.current_player
    if cur is not None:
        lines.append("legal: " + ", ".join(action_name(c) for c in g.legal_action_codes(cur)))
    res = g.result
    if res is not None:
        if res.winner is None:
            lines.append("荒庄 draw: nobody pays")
        else:
            lines.append(f"胡 seat {res.winner} {res.how} on {format_tile(res.win_tile) if res.win_tile is not None else '-'};"
                         f" payments {list(res.payments)}")
    return "\n".join(lines) + "\n"
