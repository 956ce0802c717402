"""Agents: the protocol a player implements, and the built-in bots.

An agent is anything with ``act(observation, legal_actions) -> action`` (and
optionally ``reset(seed=None)``), or simply a callable
``f(observation, legal_actions) -> action``. ``legal_actions`` is the list the
game engine returns for that seat (:meth:`wuhanmj.game.Game.legal_actions`);
the agent returns one of them. An agent class may set ``observes = False`` (it
gets ``None`` for the observation) or ``legal_codes = True`` (it gets the
legal action codes, a tuple of ints, and returns a code): the game loop
(:func:`wuhanmj.game.loop.play_game`, the one loop) then skips building what the agent does not
read. An agent whose ``act`` takes a keyword-only ``view`` — ``act(observation,
legal_actions, *, view)`` (:func:`wants_view`) — is also given a
:class:`wuhanmj.native.search.SearchView` of its seat at each decision: the calls a
search bot needs on the current state and nothing else (``view.determinize(seed)``,
``view.evaluate_actions(codes, n, seed, policy, threads)``); no agent needs, or can
reach, the hidden state. :func:`wuhanmj.sim.simulate.simulate` calls
``reset(seed=...)`` at the start of every match (hands are played in matches,
D5/M2) with a seed derived from the simulation seed, so a seeded agent plays the
same way whatever the number of workers.

Built-in bots:

- :class:`RandomAgent`: a uniformly random legal action (seeded numpy Generator).
- :class:`GreedyAgent`: always declares a legal hu; discards by
  :func:`wuhanmj.hand.analysis.discard_advice` (least shanten, then most unseen
  effective tiles); claims 碰/吃/杠 when that does not worsen its shanten; plays
  红中 and 痞子 at once (P3) and keeps a single 癞子 as a wildcard (W8).

>>> agent = RandomAgent(seed=1)
>>> agent.act(None, ["a", "b", "c"]) in ("a", "b", "c")
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np

from ..errors import AgentError
from ..game.loop import agent_act, wants_view

if TYPE_CHECKING:
    from .greedy import GreedyAgent

__all__ = [
    "Agent",
    "AgentFn",
    "RandomAgent",
    "GreedyAgent",
    "AGENTS",
    "make_agent",
    "agent_name",
    "agent_act",
    "wants_view",
    "reset_agent",
]


@runtime_checkable
class Agent(Protocol):
    """The agent protocol.

    ``act(observation, legal_actions)``: ``observation`` is the seat's view
    (:meth:`wuhanmj.game.Game.observation`), ``legal_actions`` a non-empty
    sequence of actions; return one of them.
    ``reset(seed=None)``: forget any state of the previous hand; ``seed`` (an
    int or None) seeds any randomness.

    Opt-in: ``act(observation, legal_actions, *, view)`` — a keyword-only ``view``
    parameter (detected by :func:`wants_view`) — receives a
    :class:`~wuhanmj.native.search.SearchView` of the agent's seat on the state of this
    decision: ``view.seat``, ``view.determinize(seed=0)`` (a
    :class:`~wuhanmj.native.handapi.NativeHand` in which what the seat has not seen is
    dealt again) and ``view.evaluate_actions(codes, n, seed=0, policy="greedy",
    threads=1)`` (an (n, len(codes)) float64 array of the seat's payments after each
    candidate, X5 units). The view holds no Python reference to the game or its hands; it
    is valid during this call only (the loop closes it: later uses raise
    IllegalActionError), and needs the native engine (AgentError otherwise).
    """

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any: ...

    def reset(self, seed: int | None = None) -> None: ...


AgentFn = Callable[[Any, Sequence[Any]], Any]
"""A plain function used as an agent: ``f(observation, legal_actions) -> action``."""


class RandomAgent:
    """Plays a uniformly random legal action, from a seeded ``numpy.random.Generator``.

    Uniforms are drawn from the generator in blocks of 256 (same stream, fewer calls).

    Args:
        seed: int or None; :meth:`reset` reseeds.
    """

    __slots__ = ("_rng", "_seed", "_buf", "_i")
    name = "random"
    observes = False  # act() ignores the observation; the game loop may pass None
    legal_codes = True  # act() returns an element of whatever list it gets: codes will do
    _BLOCK = 256

    def __init__(self, seed: int | None = None) -> None:
        self.reset(seed)

    def reset(self, seed: int | None = None) -> None:
        """Reseed the generator (fresh entropy when ``seed`` is None). The generator is
        made by the first draw (an agent the native engine plays never needs it)."""
        self._rng: np.random.Generator | None = None
        self._seed = seed
        self._buf: list[float] = []
        self._i = 0

    def _generator(self) -> np.random.Generator:
        if self._rng is None:
            self._rng = np.random.default_rng(self._seed)
            self._seed = None
        return self._rng

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        """A uniformly random element of ``legal_actions``.

        Raises:
            AgentError: ``legal_actions`` is empty.
        """
        n = len(legal_actions)
        if n == 0:
            raise AgentError("RandomAgent: no legal action to choose from")
        if n == 1:
            return legal_actions[0]
        i = self._i
        if i >= len(self._buf):
            self._buf = self._generator().random(self._BLOCK).tolist()
            i = 0
        self._i = i + 1
        return legal_actions[int(self._buf[i] * n)]

    def __repr__(self) -> str:
        return "RandomAgent()"

    def __getstate__(self) -> dict:
        return {"rng": self._generator().bit_generator.state, "buf": self._buf, "i": self._i}

    def __setstate__(self, state: dict) -> None:
        self._rng = np.random.default_rng()
        self._rng.bit_generator.state = state["rng"]
        self._seed = None
        self._buf = list(state["buf"])
        self._i = state["i"]


def _greedy() -> Any:
    """A new :class:`~wuhanmj.agents.greedy.GreedyAgent`; its module (and the tables it
    plays with) is imported by the first greedy agent made, not by this module."""
    from .greedy import GreedyAgent

    return GreedyAgent()


def _native(name: str, module: str, cls: str) -> Callable[[], Any]:
    """A maker of the native agent ``cls`` of ``wuhanmj.native.<module>`` (it needs the
    native engine of this build): the agent ``name`` of the registry.

    The maker raises AgentError when the native engine is not built.
    """
    def make() -> Any:
        try:
            mod = importlib.import_module(f"wuhanmj.native.{module}")
        except ImportError as err:
            raise AgentError(f"agent {name!r} is a native agent and this build has no native engine ({err})") from None
        return getattr(mod, cls)()

    make.__name__ = make.__qualname__ = f"_{name}"
    return make


_expert = _native("expert", "expert", "ExpertAgent")
"""A new :class:`~wuhanmj.native.expert.ExpertAgent`."""
_policy = _native("policy", "policy", "PolicyAgent")
"""A new :class:`~wuhanmj.native.policy.PolicyAgent` with the shipped weights."""


AGENTS: dict[str, Callable[[], Any]] = {"random": RandomAgent, "greedy": _greedy, "expert": _expert,
                                        "policy": _policy}
"""Built-in agents by name (used by the ``--agents`` option): each value makes a new one."""


def __getattr__(name: str) -> Any:
    """``GreedyAgent``, imported from :mod:`wuhanmj.agents.greedy` on first use (the old
    home of the name; a random-only run never imports the greedy bot).

    Raises:
        AttributeError: any other name.
    """
    if name == "GreedyAgent":
        from .greedy import GreedyAgent

        return GreedyAgent
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def make_agent(spec: str | Any) -> Any:
    """An agent from a name: ``"random"``, ``"greedy"``, ``"package.module:Name"``, or
    ``"cmd:COMMAND"``: a program playing over the line protocol (docs/PROTOCOL.md), a
    :class:`~wuhanmj.agents.process.ProcessAgent` of COMMAND (split as a shell splits
    words; default timeout and ``on_error="stop"``).

    An object that already is an agent (has ``act``) or a callable is returned as is.
    A ``module:Name`` attribute that is a class is instantiated without arguments.

    Raises:
        AgentError: unknown name, module or attribute, a class that cannot be made
            without arguments, or an object that is not an agent.
    """
    if not isinstance(spec, str):
        if hasattr(spec, "act") or callable(spec):
            return spec
        raise AgentError(f"agent: {spec!r} has no act() and is not callable")
    key = spec.strip()
    if key.lower() in AGENTS:
        return AGENTS[key.lower()]()
    if key[:4].lower() == "cmd:":
        from .process import ProcessAgent

        return ProcessAgent(key[4:].strip(), name=key)
    if ":" not in key:
        raise AgentError(
            f"agent: unknown agent {spec!r}; expected one of {', '.join(AGENTS)}, module:Name or cmd:COMMAND"
        )
    mod_name, _, attr = key.partition(":")
    try:
        obj = getattr(importlib.import_module(mod_name), attr)
    except ImportError as err:
        raise AgentError(f"agent: cannot import module {mod_name!r}: {err}") from None
    except AttributeError:
        raise AgentError(f"agent: module {mod_name!r} has no attribute {attr!r}") from None
    if isinstance(obj, type):
        try:
            obj = obj()
        except Exception as err:  # the class needs arguments, or its __init__ failed
            raise AgentError(f"agent: {spec!r} cannot be made without arguments: {type(err).__name__}: {err}") from None
    if not (hasattr(obj, "act") or callable(obj)):
        raise AgentError(f"agent: {spec!r} has no act() and is not callable")
    return obj


def agent_name(agent: Any) -> str:
    """The label of an agent for statistics: its ``name`` attribute, else its class or function name."""
    name = getattr(agent, "name", None)
    if isinstance(name, str) and name:
        return name
    if hasattr(agent, "act"):
        return type(agent).__name__
    return getattr(agent, "__name__", type(agent).__name__)


def reset_agent(agent: Any, seed: int | None) -> None:
    """Call ``agent.reset(seed=seed)`` when the agent has a ``reset``."""
    reset = getattr(agent, "reset", None)
    if reset is not None:
        reset(seed=seed)
