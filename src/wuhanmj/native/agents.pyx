# cython: language_level=3
"""The agents inside the native engine: the built-in bots, registered native agents and
Python agents.

- RandomAgent (:class:`wuhanmj.agents.RandomAgent`): ``codes[0]`` when there is one legal
  code (no draw), else ``codes[int(u * n)]`` with ``u`` the generator's next
  ``random()`` (``pcg64_double``, numpy's stream).
- GreedyAgent (:mod:`wuhanmj.agents.greedy`): the same policy on the same readings of the
  state, with the same core kernels and the same tie-breaks: hu whenever legal; on its
  turn 红中杠, then the lowest 痞子杠, then a 癞子杠 while holding two (W8), then
  ``wuhan_best_discard`` (least shanten, most unseen effective tiles, lowest kind; the
  visible counts D6 for the unseen copies) and a 蓄杠/暗杠 (ascending codes) whose shanten
  after is no worse than the best discard's; on a discard the claim (冲杠, 碰, 吃) with the
  least shanten after it if no worse than now (ties: 冲杠, 碰, 吃, then the lowest code),
  else pass; in a rob window or the 海底 without a hu, pass.

:func:`agents_prepare` makes the meld route masks, with the GIL; the choices then run
without it. The greedy bot's route spec of an indicator (with or without 痞子, R3) and the
tables it reads (shanten, effective draws, 痞子 segments) are built on its first decision
under that indicator (taking the GIL once, under a lock); :func:`greedy_prepare` builds
them all at once. A run with random bots only builds none of them.

- :class:`NativeAgent`: an agent written against the ABI of ``wuhanmj/native/agent.pxd``
  (a ``nogil`` decision function over an ``AgentView``, the seat's
  :class:`~wuhanmj.game.observation.Observation` as C values), registered from the
  capsule its module makes (``agent_capsule``); the native engine calls it without the
  GIL, the Python engine through :meth:`NativeAgent.act`, with the same view.
- Any other agent (a user's class, a subclass of a built-in bot, a plain callable) is
  called with the GIL at its own decisions only (:class:`PyAgent`), exactly as
  :func:`wuhanmj.game.loop.play_game` calls it: the same observation (or None when
  ``observes`` is False), the legal codes or actions (``legal_codes``), the same errors.
"""

from cpython.mem cimport PyMem_Calloc, PyMem_Free
from cpython.pythread cimport (
    WAIT_LOCK,
    PyThread_acquire_lock,
    PyThread_allocate_lock,
    PyThread_release_lock,
    PyThread_type_lock,
)
from cpython.pycapsule cimport PyCapsule_GetName, PyCapsule_GetPointer, PyCapsule_IsValid
from libc.stdint cimport int8_t, int16_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset, strcmp

from wuhanmj.core.tables cimport ef_tables, load_acquire, store_release
from wuhanmj.core.routes cimport WSpec, wuhan_best_discard_c, wuhan_routes_c, wuhan_spec
from wuhanmj.core.defs cimport N_ROUTES
from wuhanmj.native.defs cimport (
    A_AN_GANG,
    A_CHI,
    A_CHONG_GANG,
    A_HONGZHONG_GANG,
    A_HU,
    A_LAIZI_GANG,
    A_PASS,
    A_PENG,
    A_PIZI_GANG,
    A_XU_GANG,
    MK_CHI,
    N_ACTIONS,
    PH_CLAIM,
    PH_HAIDI,
    PH_OVER,
    PH_ROB,
    PH_TURN,
    chi_low,
)
from wuhanmj.native.agent cimport (
    AGENT_ABI_VERSION,
    AGENT_MAX_PLAYS,
    AGENT_MAX_STATE,
    AgentSpec,
    AgentView,
    agent_capsule_name,
    agent_signature,
)
from wuhanmj.native.hand cimport MAX_PLAYS, HandC, hand_apply, hand_current, hand_legal, hand_prepare
from wuhanmj.native.handapi cimport NativeHand, amount_value, hand_observation, replayed_game
from wuhanmj.native.rng cimport pcg64_double, pcg64_seed_int
from wuhanmj.native.score cimport SeatC
from wuhanmj.native.view cimport view_from_observation

import sys

import numpy as np

from wuhanmj import _checks
from wuhanmj.agents.base import RandomAgent, agent_act, reset_agent
from wuhanmj.errors import AgentError, IllegalActionError
from wuhanmj.game.loop import wants_view

__all__ = ["greedy_choice", "random_choice", "play", "NativeAgent", "PyAgent", "plays_in_c", "AGENT_ABI",
           "AGENT_VIEW_SIZE", "AGENT_SIGNATURE", "AGENT_CAPSULE"]

assert AGENT_MAX_PLAYS == MAX_PLAYS, "agent.pxd's AGENT_MAX_PLAYS must equal hand.pxd's MAX_PLAYS"

AGENT_ABI = AGENT_ABI_VERSION
"""The version of the native agent ABI (``wuhanmj/native/agent.pxd``) this build speaks."""
AGENT_VIEW_SIZE = sizeof(AgentView)
"""``sizeof(AgentView)`` in this build (an agent's capsule must carry the same)."""
AGENT_SIGNATURE = (<bytes>agent_signature()).decode()
"""The decide signature text an agent's capsule must carry (``agent_capsule`` writes it)."""
AGENT_CAPSULE = (<bytes>agent_capsule_name()).decode()
"""The name of an agent's capsule."""

_U64 = 2**64

# route specs: [pizi on][indicator] (routes set per decision), each made on first use
# (_spec_ready, read with load_acquire; made under _spec_lock); meld route masks
cdef WSpec _SPECS[2][34]
cdef int _spec_ready[2][34]
cdef PyThread_type_lock _spec_lock = PyThread_allocate_lock()
cdef int _SAME_MASK[34]
cdef int _CHI_MASK[34]
cdef int _prepared = 0
memset(_spec_ready, 0, sizeof(_spec_ready))
if _spec_lock == NULL:
    raise MemoryError("wuhanmj.native.agents: cannot allocate a lock")


cdef inline int _next_in_cycle(int t) noexcept nogil:
    if t < 27:
        return t - t % 9 + (t % 9 + 1) % 9
    if t == 33 or t == 30:
        return 32
    if t == 32:
        return 31
    if t == 31:
        return 27
    return t + 1


cdef inline int _prev_in_cycle(int t) noexcept nogil:
    if t < 27:
        return t - t % 9 + (t % 9 + 8) % 9
    if t == 33 or t == 32:
        return 30
    if t == 27:
        return 31
    if t == 31:
        return 32
    return t - 1


cdef int agents_prepare() except -1:
    """The meld masks (hand.bighu.MELD_ROUTES) and the hand engine's tables; the greedy
    bot's specs are made on first use (_greedy_spec) or by greedy_prepare."""
    global _prepared
    cdef int ind
    if _prepared:
        return 0
    hand_prepare()
    from wuhanmj.hand.bighu import MELD_ROUTES
    same, chi = MELD_ROUTES
    for ind in range(34):
        _SAME_MASK[ind] = same[ind]
        _CHI_MASK[ind] = chi[ind]
    _prepared = 1
    return 0


cdef int _make_spec(int on, int ind) except -1:
    """Fill _SPECS[on][ind] unless made (R2, R3: the 癞子 after the indicator, the 痞子 the
    indicator and the kind before it; 红中 shown: 7z and 发), holding _spec_lock; the lock is
    waited for without the GIL, since a table build releases it."""
    cdef int lz, a, b
    cdef int pz[2]
    with nogil:
        PyThread_acquire_lock(_spec_lock, WAIT_LOCK)
    try:
        if not load_acquire(&_spec_ready[on][ind]):
            lz = _next_in_cycle(ind)
            if ind == 33:
                a, b = 29, 30
            else:
                a, b = ind, _prev_in_cycle(ind)
                if b < a:
                    a, b = b, a
            pz[0] = a
            pz[1] = b
            ef_tables()         # the effective draws of wuhan_best_discard_c
            wuhan_spec(&_SPECS[on][ind], lz, pz, 2 if on else 0, 0x7F)
            store_release(&_spec_ready[on][ind], 1)
    finally:
        PyThread_release_lock(_spec_lock)
    return 0


cdef int greedy_prepare() except -1:
    """Every indicator's greedy spec and the tables they read, now (with the GIL)."""
    cdef int ind, on
    agents_prepare()
    for ind in range(34):
        for on in range(2):
            _make_spec(on, ind)
    return 0


cdef int _spec_with_gil(int on, int ind) noexcept with gil:
    """_make_spec with the GIL taken: 1, or 0 when it raised (the error is reported as
    unraisable, as for any exception in a ``noexcept`` function)."""
    _make_spec(on, ind)
    return 1


cdef inline const WSpec* _greedy_spec(int on, int ind) noexcept nogil:
    """The spec of the indicator (on: 痞子 in play), made on first use; NULL when making
    it failed (the bot then plays the illegal code -1, which the loops report)."""
    if not load_acquire(&_spec_ready[on][ind]) and not _spec_with_gil(on, ind):
        return NULL
    return &_SPECS[on][ind]


# ---------------------------------------------------------------- RandomAgent
cdef int random_choose(AgentC* a, const int16_t* codes, int n) noexcept nogil:
    cdef double u
    if n <= 0:
        return -1
    if n == 1:
        return codes[0]
    if a.uniforms != NULL and a.i_uniform < a.n_uniforms:
        u = a.uniforms[a.i_uniform]
        a.i_uniform += 1
    else:
        u = pcg64_double(&a.rng)
    return codes[<int>(u * n)]


# ---------------------------------------------------------------- GreedyAgent
cdef inline int _route_mask(const SeatC* sp) noexcept nogil:
    """greedy._route_mask: the routes the seat's melds leave open (W6)."""
    cdef int i, mask = 0x7F
    for i in range(sp.n_melds):
        if sp.melds[i].kind == MK_CHI:
            mask &= _CHI_MASK[sp.melds[i].tile]
        else:
            mask &= _SAME_MASK[sp.melds[i].tile]
    return mask


cdef int greedy_choose(const HandC* h, int seat, const int16_t* codes, int n) noexcept nogil:
    """greedy._choose."""
    cdef GreedySeat g
    if n <= 0:
        return -1
    if has_code(codes, n, A_HU):
        return A_HU
    g.hand = h.hands[seat]
    g.seen = h.seen
    g.melds = &h.seats[seat]
    g.tile = h.tile
    g.n_pizi = h.n_pizi
    g.indicator = h.indicator
    g.laizi = h.laizi
    if h.phase == PH_TURN:
        return greedy_turn(&g, codes, n)
    if h.phase == PH_CLAIM:
        return greedy_claim(&g, codes, n, NULL, NULL)
    return A_PASS if has_code(codes, n, A_PASS) else codes[0]    # rob / haidi without a hu


cdef int greedy_seat_spec(const GreedySeat* g, WSpec* sp) noexcept nogil:
    """The greedy bot's route spec of the seat: its indicator's, with the routes its melds
    leave open (W6). 0, or -1 when the spec cannot be made."""
    cdef const WSpec* spec = _greedy_spec(1 if g.n_pizi else 0, g.indicator)
    if spec == NULL:
        return -1
    memcpy(sp, spec, sizeof(WSpec))
    sp.routes = _route_mask(g.melds)
    return 0


cdef int greedy_turn(const GreedySeat* g, const int16_t* codes, int n) noexcept nogil:
    """greedy._turn (P1, P3, W8)."""
    cdef int top = codes[n - 1], i, c, t, best, after
    cdef uint8_t counts[34]
    cdef uint8_t allowed[34]
    cdef uint8_t unseen[34]
    cdef int out[3]
    cdef int res[N_ROUTES]
    cdef WSpec sp
    if top >= A_XU_GANG:    # a gang or a special play is offered
        if has_code(codes, n, A_HONGZHONG_GANG):
            return A_HONGZHONG_GANG
        for i in range(n):
            if A_PIZI_GANG <= codes[i] < A_LAIZI_GANG:
                return codes[i]
        if has_code(codes, n, A_LAIZI_GANG) and g.hand[g.laizi] >= 2:
            return A_LAIZI_GANG
    if greedy_seat_spec(g, &sp) < 0:
        return -1
    memcpy(counts, g.hand, 34)
    memset(allowed, 0, 34)
    for i in range(n):
        if codes[i] < 34:
            allowed[codes[i]] = 1
    for t in range(34):
        unseen[t] = 4 - counts[t] - g.seen[t]
    wuhan_best_discard_c(counts, &sp, allowed, unseen, out)
    if out[0] < 0:
        for i in range(n):
            if codes[i] < 34:
                return codes[i]
        return codes[0]     # only special plays or gangs are left
    if top >= A_XU_GANG:
        best = 99 if out[2] >= 127 else out[2]
        for i in range(n):
            c = codes[i]
            if A_XU_GANG <= c < A_AN_GANG + 34:
                sp.routes = play_counts(g, c, counts)
                after = wuhan_routes_c(counts, &sp, res)
                if after <= best:
                    return c
    return out[0]


cdef int play_counts(const GreedySeat* g, int code, uint8_t* counts) noexcept nogil:
    """The seat's concealed counts after it plays code into counts (34, from g.hand): a
    claim of the window's tile g.tile (吃, 碰, 冲杠, P2) or a 蓄杠 / 暗杠 on its turn (P1);
    returns the routes its melds then leave open (W6), or -1 for another code."""
    cdef int t, x, low, mask = _route_mask(g.melds)
    memcpy(counts, g.hand, 34)
    if code == A_CHONG_GANG:
        counts[g.tile] -= 3
        return mask & _SAME_MASK[g.tile]
    if code == A_PENG:
        counts[g.tile] -= 2
        return mask & _SAME_MASK[g.tile]
    if A_CHI <= code < A_PENG:
        low = chi_low(code)
        for x in range(low, low + 3):
            if x != g.tile:
                counts[x] -= 1
        return mask & _CHI_MASK[low]
    if A_XU_GANG <= code < A_AN_GANG:     # 蓄杠: one tile leaves the hand
        counts[code - A_XU_GANG] -= 1
        return mask
    if A_AN_GANG <= code < A_AN_GANG + 34:    # 暗杠: four leave it for a concealed kong
        t = code - A_AN_GANG
        counts[t] -= 4
        return mask & _SAME_MASK[t]
    return -1


cdef int greedy_claim(const GreedySeat* g, const int16_t* codes, int n, int* now_out,
                      int* after_out) noexcept nogil:
    """greedy._claim (P2): the claim with the least shanten after it, if no worse than now."""
    cdef int i, c, pref, after, now
    cdef int best_code = A_PASS, best_after = 0, best_pref = 0
    cdef bint have = False
    cdef uint8_t counts[34]
    cdef int res[N_ROUTES]
    cdef WSpec sp
    if greedy_seat_spec(g, &sp) < 0:
        return -1
    now = wuhan_routes_c(g.hand, &sp, res)
    for i in range(n):
        c = codes[i]
        if c == A_CHONG_GANG:
            pref = 0
        elif c == A_PENG:
            pref = 1
        elif A_CHI <= c < A_PENG:
            pref = 2
        else:
            continue
        sp.routes = play_counts(g, c, counts)
        after = wuhan_routes_c(counts, &sp, res)
        if c != A_CHONG_GANG and after < 0:
            after = 0       # 碰/吃 leave a hand that must discard: complete (-1) is ready (0)
        if after <= now:
            if not have or after < best_after or (after == best_after and pref < best_pref):
                have = True
                best_code = c
                best_after = after
                best_pref = pref
    if now_out != NULL:
        now_out[0] = now
    if after_out != NULL:
        after_out[0] = best_after if have else 127
    if not have and not has_code(codes, n, A_PASS):
        return codes[0]
    return best_code


cdef int agent_choose(AgentC* a, HandC* h, int seat, const int16_t* codes, int n) noexcept nogil:
    cdef AgentView v
    if a.kind == AGENT_GREEDY:
        return greedy_choose(h, seat, codes, n)
    if a.kind == AGENT_NATIVE:
        if n <= 0:
            return -1
        agent_view(&v, h, seat, a.scores)
        return a.spec.decide(a.state, &v, codes, n)
    if a.kind == AGENT_PYTHON:
        return _py_choose(a, h, seat, codes, n)
    return random_choose(a, codes, n)


cdef int agent_reset(AgentC* a, uint64_t seed) noexcept nogil:
    if a.kind == AGENT_RANDOM:
        pcg64_seed_int(&a.rng, seed)
    elif a.kind == AGENT_NATIVE:
        if a.spec.reset != NULL:
            a.spec.reset(a.state, seed)
    elif a.kind == AGENT_PYTHON:
        return _py_reset(a, seed)
    return 0


# ---------------------------------------------------------------- registered native agents
cdef class NativeAgent:
    """An agent written in C or Cython against ``wuhanmj/native/agent.pxd`` (its ABI),
    registered from the capsule its module builds with ``agent_capsule(&spec)``.

    The native engine calls its decision function without the GIL (simulate, the arena,
    VectorEnv opponents); :meth:`act` calls the same function from the Python engine with
    the same view (an :class:`~wuhanmj.game.observation.Observation` as C values), so both
    engines play it alike. The agent's state (``state_size`` bytes, zeroed) belongs to
    this object: the same object at two seats shares it, as a Python agent would.

    An agent module usually subclasses it with a constructor without arguments (so that
    ``make_agent("module:Name")`` makes it, and copies and workers can rebuild it)::

        class MyAgent(NativeAgent):
            def __init__(self):
                NativeAgent.__init__(self, agent_capsule(&SPEC))

    Args:
        capsule: the ``PyCapsule`` named ``"wuhanmj.native.agent.AgentSpec"`` of an
            ``AgentSpec`` (agent.pxd).

    Raises:
        AgentError: not such a capsule, or its spec was compiled for another ABI version,
            another ``AgentView`` layout or another decide signature, has no name, no
            decide function, or asks for more than ``AGENT_MAX_STATE`` bytes of state (the
            message names the agent and the mismatch).
    """

    observes = True
    legal_codes = True

    def __init__(self, capsule):
        cdef const AgentSpec* sp
        if self.spec != NULL:
            raise AgentError(f"NativeAgent {self.name!r} is already registered")
        if not PyCapsule_IsValid(capsule, agent_capsule_name()):
            what = type(capsule).__name__
            if type(capsule).__name__ == "PyCapsule":
                nm = PyCapsule_GetName(capsule)
                what = f"a capsule named {(nm or b'').decode('utf-8', 'replace')!r}"
            raise AgentError(f"NativeAgent: expected the capsule of an AgentSpec (agent.pxd's agent_capsule), "
                             f"got {what}")
        sp = <const AgentSpec*>PyCapsule_GetPointer(capsule, agent_capsule_name())
        if sp.name == NULL or sp.name[0] == 0:
            raise AgentError("NativeAgent: the AgentSpec has no name")
        name = (<bytes>sp.name).decode("utf-8", "replace")
        if sp.abi_version != AGENT_ABI_VERSION:
            raise AgentError(f"NativeAgent {name!r}: compiled for agent ABI version {sp.abi_version}, "
                             f"this wuhanmj speaks version {AGENT_ABI_VERSION} (recompile it against "
                             "wuhanmj.get_include())")
        if sp.view_size != sizeof(AgentView):
            raise AgentError(f"NativeAgent {name!r}: compiled for an AgentView of {sp.view_size} bytes, "
                             f"this wuhanmj's has {sizeof(AgentView)} (recompile it against wuhanmj.get_include())")
        if sp.signature == NULL or strcmp(sp.signature, agent_signature()) != 0:
            got = "none" if sp.signature == NULL else repr((<bytes>sp.signature).decode("utf-8", "replace"))
            raise AgentError(f"NativeAgent {name!r}: the decide function's signature is {got}, expected "
                             f"{(<bytes>agent_signature()).decode()!r}")
        if sp.decide == NULL:
            raise AgentError(f"NativeAgent {name!r}: the AgentSpec has no decide function")
        if sp.state_size > AGENT_MAX_STATE:
            raise AgentError(f"NativeAgent {name!r}: asks for {sp.state_size} bytes of state, at most "
                             f"{AGENT_MAX_STATE}")
        self.state = PyMem_Calloc(sp.state_size if sp.state_size else 1, 1)
        if self.state == NULL:
            raise MemoryError()
        self.spec = sp
        self.name = name
        self.capsule = capsule

    def __dealloc__(self):
        PyMem_Free(self.state)

    cdef int _check(self) except -1:
        if self.spec == NULL:
            raise AgentError("NativeAgent: not registered (NativeAgent.__init__ was not called with a capsule)")
        return 0

    def reset(self, seed=None):
        """Call the agent's reset with ``seed`` (an int 0 <= seed < 2**64; None: fresh entropy).

        Raises:
            AgentError: a seed that is not such an int.
        """
        cdef uint64_t s
        self._check()
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < _U64:
            raise AgentError(f"NativeAgent {self.name!r}: reset seed must be an int 0 <= seed < 2**64, got {seed!r}")
        s = <uint64_t>int(seed)
        if self.spec.reset != NULL:
            with nogil:
                self.spec.reset(self.state, s)

    def act(self, observation, legal_actions):
        """The agent's choice for ``observation`` (an Observation) among ``legal_actions``
        (codes or action values; it returns the same kind it was given).

        Raises:
            AgentError: no observation, no legal action, or a legal action that is neither
                an action nor a code 0-162 (a bool, a float, a string, out of range).
        """
        cdef AgentView v
        cdef int16_t cs[N_ACTIONS]
        cdef int i, n = len(legal_actions), c
        self._check()
        if observation is None:
            raise AgentError(f"NativeAgent {self.name!r} needs an observation")
        if n == 0 or n > N_ACTIONS:
            raise AgentError(f"NativeAgent {self.name!r}: no legal action to choose from")
        if _ACTIONS is None:
            _load_actions()
        for i in range(n):
            a = legal_actions[i]
            code = a.code if isinstance(a, _Action) else _checks.index(a)
            if code is None or not 0 <= code < N_ACTIONS:
                raise AgentError(f"NativeAgent {self.name!r}: legal_actions[{i}] must be an action or an "
                                 f"action code 0-{N_ACTIONS - 1}, got {a!r}")
            cs[i] = code
        view_from_observation(&v, observation)
        with nogil:
            c = self.spec.decide(self.state, &v, cs, n)
        if not isinstance(legal_actions[0], _Action):
            return c
        return _ACTIONS[c] if 0 <= c < N_ACTIONS else c

    def _state_bytes(self):
        return (<char*>self.state)[:self.spec.state_size] if self.spec != NULL and self.spec.state_size else b""

    def _copy_from(self, NativeAgent other):
        self.spec = other.spec
        self.name = other.name
        self.capsule = other.capsule
        PyMem_Free(self.state)
        self.state = PyMem_Calloc(other.spec.state_size if other.spec.state_size else 1, 1)
        if self.state == NULL:
            raise MemoryError()
        if other.spec.state_size:
            memcpy(self.state, other.state, other.spec.state_size)

    def __copy__(self):
        self._check()
        cdef NativeAgent c = type(self).__new__(type(self))
        c._copy_from(self)
        d = getattr(self, "__dict__", None)
        if d:
            c.__dict__.update(d)
        return c

    def __deepcopy__(self, memo):
        import copy
        c = self.__copy__()
        d = getattr(self, "__dict__", None)
        if d:
            c.__dict__.update(copy.deepcopy(d, memo))
        return c

    def __reduce__(self):
        """A subclass made without arguments pickles (workers rebuild it and its state);
        a bare NativeAgent(capsule) cannot be sent to another process."""
        self._check()
        if type(self) is NativeAgent:
            raise AgentError(f"NativeAgent {self.name!r} cannot be sent to a worker: register it through a "
                             "subclass whose __init__ takes no arguments (see agent.pxd)")
        return (_rebuild, (type(self), self._state_bytes(), getattr(self, "__dict__", None)))

    def __repr__(self):
        return f"NativeAgent({self.name!r})" if type(self) is NativeAgent else f"{type(self).__name__}()"


def _rebuild(cls, state, d):
    cdef NativeAgent a = cls()
    if state:
        if len(state) != a.spec.state_size:
            raise AgentError(f"NativeAgent {a.name!r}: a saved state of {len(state)} bytes, "
                             f"expected {a.spec.state_size}")
        memcpy(a.state, <const char*>state, len(state))
    if d:
        a.__dict__.update(d)
    return a


# ---------------------------------------------------------------- Python agents in the native loop
cdef tuple _scores(const double* scores):
    """The match scores as the Python engine holds them (ints when whole, X5)."""
    cdef int i
    return tuple([amount_value(scores[i]) if scores != NULL else 0 for i in range(4)])


cdef class PyAgent:
    """A Python agent seated in a native loop (see the module docstring): made by
    :func:`agent_setup`; its :attr:`error` is the exception that stopped the loop."""

    def __init__(self, agent, int seat, label, rules):
        self.agent = agent
        self.act = agent_act(agent, seat)
        self.seat = seat
        self.label = None if label is None else str(label)
        self.rules = rules
        self.observes = getattr(agent, "observes", True) is not False
        self.codes = getattr(agent, "legal_codes", False) is True
        self.view = wants_view(self.act)
        self.error = None

    cdef str who(self, int seat):
        return f"seat {seat}" if self.label is None else f"seat {seat} (agent {self.label!r})"


cdef object _observation(PyAgent p, HandC* h, int seat, const double* scores):
    """The Observation of seat now, equal to the Python engine's (observe), built from the
    native state (handapi.hand_observation)."""
    return hand_observation(h, seat, p.rules, _scores(scores))


cdef object _illegal(object rules, const HandC* h, const double* scores, int seat, object action, str who):
    """play_game's IllegalActionError for action at seat, which the native engine refused
    (the Python engine's reason, from the hand replayed there)."""
    g = replayed_game(h, rules, _scores(scores))
    try:
        g.step(seat, action)
    except IllegalActionError as err:
        return IllegalActionError(f"{who} played {action!r}: {err}")
    return IllegalActionError(f"{who} played {action!r}: refused by the native engine")


cdef object _search_view(PyAgent p, const HandC* h, int seat, const double* scores):
    """The SearchView of seat on a copy of h, as the Python game loop gives it
    (:func:`wuhanmj.game.loop.search_view_of`); the search module cimports this one, hence
    the import at run time."""
    from wuhanmj.native.search import SearchView
    cdef NativeHand nh = NativeHand.__new__(NativeHand)
    memcpy(&nh.h, h, sizeof(HandC))
    nh.rules = p.rules
    nh.scores = _scores(scores)
    return SearchView(nh, seat)


cdef int _py_choose(AgentC* a, HandC* h, int seat, const int16_t* codes, int n) noexcept with gil:
    cdef PyAgent p = <PyAgent>a.py
    cdef int i, code
    if _ACTIONS is None:
        _load_actions()
    try:
        lc = tuple([codes[i] for i in range(n)])
        try:
            obs = _observation(p, h, seat, a.scores) if p.observes else None
            legal = lc if p.codes else [_ACTIONS[i] for i in lc]
            if p.view:
                view = _search_view(p, h, seat, a.scores)
                try:
                    action = p.act(obs, legal, view=view)
                finally:
                    view.close()
            else:
                action = p.act(obs, legal)
        except Exception as err:
            e = AgentError(f"{p.who(seat)}: act() raised {type(err).__name__}: {err}")
            e.__cause__ = err
            p.error = e
            return -1
        try:
            code = action if type(action) is int else _encode(action)    # as Game.step reads it
        except Exception:
            code = -1
        if code in lc:
            return code
        p.error = _illegal(p.rules, h, a.scores, seat, action, f"seat {seat}")    # play_game's words
        return -1
    except BaseException as err:    # KeyboardInterrupt and the like: raised as they are
        p.error = err
        return -1


cdef int _py_reset(AgentC* a, uint64_t seed) noexcept with gil:
    cdef PyAgent p = <PyAgent>a.py
    try:
        try:
            reset_agent(p.agent, seed)
        except Exception as err:
            e = AgentError(f"seat {p.seat} (agent {p.label!r}): reset() raised {type(err).__name__}: {err}")
            e.__cause__ = err
            p.error = e
            return -1
        return 0
    except BaseException as err:
        p.error = err
        return -1


# The action values (wuhanmj.game.actions) are loaded by the first Python agent or
# NativeAgent.act that needs them: the native batches import this module, and a run of
# built-in bots never calls back into Python.
cdef object _ACTIONS = None
cdef object _Action = None
cdef object _encode = None


cdef _load_actions():
    global _ACTIONS, _Action, _encode
    from wuhanmj.game.actions import ACTIONS, Action, encode
    _ACTIONS, _Action, _encode = ACTIONS, Action, encode


cdef bint _is_greedy_agent(object agent):
    """Whether ``type(agent) is wuhanmj.agents.greedy.GreedyAgent``, without importing the
    greedy bot (an object can only be one once its module is loaded)."""
    mod = sys.modules.get("wuhanmj.agents.greedy")
    return mod is not None and type(agent) is mod.GreedyAgent


def plays_in_c(agent):
    """True when the native engine plays ``agent`` by its C functions: a
    :class:`NativeAgent` whose class keeps NativeAgent's ``act`` and ``reset`` and asks for
    observations. A Python subclass that overrides either (or sets ``observes = False``)
    is played as the Python agent it is (its ``act`` called at its decisions, as the
    Python engine calls it)."""
    cls = type(agent)
    return (isinstance(agent, NativeAgent) and cls.act is NativeAgent.act and cls.reset is NativeAgent.reset
            and getattr(agent, "observes", True) is not False)


cdef object agent_setup(AgentC* a, object agent, int seat, object label, object rules):
    memset(a, 0, sizeof(AgentC))
    if isinstance(agent, str):
        key = agent.strip().lower()
        if key == "random":
            a.kind = AGENT_RANDOM
        elif key == "greedy":
            a.kind = AGENT_GREEDY
        else:
            raise AgentError(f"native engine: no built-in agent {agent!r} (random, greedy)")
        return None
    if isinstance(agent, int) and not isinstance(agent, bool):
        if agent not in (AGENT_RANDOM, AGENT_GREEDY):
            raise AgentError(f"native engine: no agent kind {agent!r}")
        a.kind = agent
        return None
    if type(agent) is RandomAgent:
        a.kind = AGENT_RANDOM
        return None
    if _is_greedy_agent(agent):
        a.kind = AGENT_GREEDY
        return None
    if plays_in_c(agent):
        na = <NativeAgent>agent
        na._check()
        a.kind = AGENT_NATIVE
        a.spec = na.spec
        a.state = na.state
        return agent
    p = PyAgent(agent, seat, label, rules)
    a.kind = AGENT_PYTHON
    a.py = <void*>p
    return p


cdef object agent_failure(AgentC* a, const HandC* h, int seat, int code, object label, object rules):
    cdef PyAgent p
    if a.kind == AGENT_PYTHON:
        p = <PyAgent>a.py
        if p.error is not None:
            return p.error
    return _illegal(rules, h, a.scores, seat, code, f"seat {seat}")    # play_game's words


# ---------------------------------------------------------------- Python entry points
def greedy_choice(NativeHand hand not None, int seat):
    """The native GreedyAgent's code for seat now (its legal codes must not be empty)."""
    cdef int16_t codes[N_ACTIONS]
    cdef int n
    agents_prepare()
    if not 0 <= seat <= 3:
        raise AgentError(f"seat must be 0-3, got {seat}")
    n = hand_legal(&hand.h, seat, codes)
    if n == 0:
        raise AgentError("GreedyAgent: no legal action to choose from")
    return greedy_choose(&hand.h, seat, codes, n)


def random_choice(codes, double u):
    """The native RandomAgent's pick among codes given the uniform u (n == 1: no draw)."""
    cdef int16_t cs[N_ACTIONS]
    cdef AgentC a
    cdef int i, n = len(codes)
    if n == 0 or n > N_ACTIONS:
        raise AgentError("RandomAgent: no legal action to choose from")
    for i in range(n):
        cs[i] = codes[i]
    memset(&a, 0, sizeof(AgentC))
    a.uniforms = &u
    a.n_uniforms = 1
    return random_choose(&a, cs, n)


def play(NativeHand hand not None, agents=("random", "random", "random", "random"), seeds=None,
         uniforms=None, labels=None):
    """Play ``hand`` to its end with native agents, without Python between the steps (but
    a Python agent's own decisions).

    Args:
        agents: four agents by seat: ``"random"``, ``"greedy"``, a RandomAgent or
            GreedyAgent (played by the native bots), a :class:`NativeAgent`, or any other
            agent (called with the GIL, as :func:`wuhanmj.game.loop.play_game` calls it).
        seeds: four ints: each agent is reset with its seed first (None: 0 for the native
            RandomAgents, no reset of the others).
        uniforms: four 1-d float64 arrays, or None: the uniforms each RandomAgent uses
            first, in order (tests and benchmarks), before its generator's.
        labels: four names for the messages, or None.

    Returns:
        The number of decisions played.

    Raises:
        AgentError, IllegalActionError: as :func:`~wuhanmj.game.loop.play_game` (an agent
            that is not one, raised, or played an illegal action; the message names the
            seat); the hand is left where it stopped.
    """
    cdef AgentC ag[4]
    cdef int16_t codes[N_ACTIONS]
    cdef double scores[4]
    cdef int s = -1, n, c = -1, count = 0, failed = 0
    cdef const double[::1] u0
    agents_prepare()
    if len(agents) != 4:
        raise AgentError(f"four agents expected, got {len(agents)}")
    keep = []
    for s in range(4):
        scores[s] = float(hand.scores[s]) if len(hand.scores) == 4 else 0.0
    for s in range(4):
        keep.append(agent_setup(&ag[s], agents[s], s, None if labels is None else labels[s], hand.rules))
        ag[s].scores = scores
        if seeds is not None:
            if agent_reset(&ag[s], <uint64_t>int(seeds[s])) != 0:
                raise agent_failure(&ag[s], &hand.h, s, -1, None, hand.rules)
        else:
            pcg64_seed_int(&ag[s].rng, 0)
        if uniforms is not None:
            arr = np.ascontiguousarray(uniforms[s], dtype=np.float64)
            keep.append(arr)
            if arr.shape[0]:
                u0 = arr
                ag[s].uniforms = &u0[0]
                ag[s].n_uniforms = arr.shape[0]
    with nogil:
        while True:
            s = hand_current(&hand.h)
            if s < 0:
                break
            n = hand_legal(&hand.h, s, codes)
            c = agent_choose(&ag[s], &hand.h, s, codes, n)
            if hand_apply(&hand.h, s, c) < 0:
                failed = 1
                break
            count += 1
    if failed:
        if ag[s].kind == AGENT_NATIVE or ag[s].kind == AGENT_PYTHON:
            raise agent_failure(&ag[s], &hand.h, s, c, None if labels is None else labels[s], hand.rules)
        raise AgentError(f"seat {s}: the native agent played an illegal code {c}")
    return count
