# cython: language_level=3
"""The native stepping of :class:`wuhanmj.envs.VectorEnv`: N native hands (HandC) and their
native opponents (AgentC) in one C array, stepped in one loop without the GIL and without a
Python object per game.

It plays exactly what the Python backend plays (:class:`wuhanmj.envs.episode.Table`): the
same episode seeds (:func:`wuhanmj.envs.episode.episode_seeds`, through the native
``match_seeds_c``, ``seed_sequence_state`` and ``shuffled_wall_c``, which give numpy's
numbers), the same hands (the native engine follows :mod:`wuhanmj.game.moves` step by
step), the same bots (the native RandomAgent draws numpy's stream, the native GreedyAgent
makes GreedyAgent's choices) and the same encoding (:mod:`wuhanmj.envs.encoding`, version
1, written here from the HandC fields that the Python encoder reads from the Observation).
Registered native agents (:class:`wuhanmj.native.agents.NativeAgent`, the ABI of
``wuhanmj/native/agent.pxd``) play as opponents too, in the same loop, reset at each
episode with the seat's seed as the Python backend resets them.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int8_t, int16_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from wuhanmj.native.agent cimport AgentView
from wuhanmj.native.agents cimport (
    AGENT_PYTHON,
    AGENT_RANDOM,
    AgentC,
    agent_choose,
    agent_failure,
    agent_reset,
    agent_setup,
    agent_view,
    agents_prepare,
)
from wuhanmj.native.defs cimport (
    N_ACTIONS,
    PH_HAIDI,
    PH_OVER,
    PH_TURN,
)
from wuhanmj.native.encode cimport CLAIM, N_PLANES, N_RIVER, OBS_SIZE, RIVER, S_PREV_LAIZI, VISIBLE, encode_view
from wuhanmj.native.hand cimport HandC, hand_apply, hand_current, hand_deal, hand_legal
from wuhanmj.native.lookahead cimport N_LOOK, lookahead_c
from wuhanmj.native.rng cimport match_seeds_c, pcg64_seed_int, seed_sequence_state, shuffled_wall_c
from wuhanmj.native.rulesc cimport RulesC, rules_to_c

# the oracle part of wuhanmj.envs.encoding (version 1; the public part is the native
# encoder's, wuhanmj.native.encode): kept equal by tests/envs/test_vector.py, which
# compares every observation of the two backends
cdef enum:
    O_HANDS = 0
    O_DRAWN = 3
    O_WALL = 4
    FIRST_DRAW_POS = 54
    N_ORACLE_PLANES = 86
    ORACLE_SIZE = OBS_SIZE + 86 * 34
    MAX_ROOT = 8        # root seeds below 2**256
    DEALER = 0


ctypedef struct GameC:
    HandC h
    AgentC agents[4]
    int learner
    uint32_t root[MAX_ROOT]     # the root seed as little-endian 32-bit words (SeedSequence entropy)
    int n_root
    int64_t episode
    int64_t skipped
    AgentC proto[3]             # the opponents (下家, opposite, 上家) as dealt to each episode
    int failed_seat             # an opponent's code refused by hand_apply: its seat, else -1
    int failed_code


_ROOT_LIMIT = pow(2, 32 * MAX_ROOT)


def layout():
    """The layout constants compiled in (tests compare them with wuhanmj.envs.encoding)."""
    return {"N_PLANES": N_PLANES, "OBS_SIZE": OBS_SIZE, "ORACLE_SIZE": ORACLE_SIZE, "RIVER": RIVER,
            "N_RIVER": N_RIVER, "VISIBLE": VISIBLE, "CLAIM": CLAIM, "S_PREV_LAIZI": S_PREV_LAIZI,
            "O_WALL": O_WALL, "N_ORACLE_PLANES": N_ORACLE_PLANES}


cdef inline void play_opponents(GameC* g) noexcept nogil:
    """The opponents play until the learner must act or the hand is over."""
    cdef int16_t codes[N_ACTIONS]
    cdef int s, n, c
    cdef HandC* h = &g.h
    while True:
        s = hand_current(h)
        if s < 0 or s == g.learner:
            return
        n = hand_legal(h, s, codes)
        c = agent_choose(&g.agents[s], h, s, codes, n)
        if hand_apply(h, s, c) != 0:     # a registered agent's illegal code: stop, step() raises
            g.failed_seat = s
            g.failed_code = c
            return


cdef void deal(GameC* g, const RulesC* rules, int fixed_seat) noexcept nogil:
    """The next episode of the game's root seed, to the learner's first decision (a hand that
    ends before it is skipped, as Table.deal does)."""
    cdef uint64_t wall_seed
    cdef uint64_t agent_seeds[4]
    cdef uint32_t key[2]
    cdef uint32_t word
    cdef uint8_t wall[136]
    cdef int r, s, seat
    while True:
        g.episode += 1
        match_seeds_c(g.root, g.n_root, <uint32_t>g.episode, &wall_seed, agent_seeds)
        if fixed_seat >= 0:
            seat = fixed_seat
        else:
            key[0] = <uint32_t>g.episode
            key[1] = 2
            seed_sequence_state(g.root, g.n_root, key, 2, &word, 1)
            seat = word % 4
        g.learner = seat
        shuffled_wall_c(wall_seed, wall)
        hand_deal(&g.h, rules, wall, DEALER, -1)
        memset(g.agents, 0, sizeof(g.agents))
        for r in range(3):
            s = (seat + 1 + r) & 3
            g.agents[s] = g.proto[r]
            agent_reset(&g.agents[s], agent_seeds[s])   # no Python agents here: never fails
        play_opponents(g)
        if g.h.phase != PH_OVER or g.failed_seat >= 0:
            return
        g.skipped += 1


cdef void encode(const HandC* h, int me, int oracle, int8_t* v) noexcept nogil:
    """wuhanmj.envs.encoding (version 1) of seat me, into v (OBS_SIZE or ORACLE_SIZE): the
    native encoder of what the seat sees, then the oracle planes from the hand."""
    cdef AgentView view
    cdef int r, s, t, k, base, ph = h.phase
    agent_view(&view, h, me, NULL)
    encode_view(&view, v)
    if not oracle:
        return
    memset(v + OBS_SIZE, 0, ORACLE_SIZE - OBS_SIZE)
    for r in range(1, 4):
        s = (me + r) & 3
        base = OBS_SIZE + (O_HANDS + r - 1) * 34
        for t in range(34):
            v[base + t] = h.hands[s][t]
    if (ph == PH_TURN or ph == PH_HAIDI) and h.drawn >= 0:
        v[OBS_SIZE + O_DRAWN * 34 + h.drawn] = 1
    base = OBS_SIZE + (O_WALL - FIRST_DRAW_POS) * 34
    for k in range(h.front, h.back + 1):
        v[base + 34 * k + h.wall[k]] = 1


cdef inline void write_mask(HandC* h, int seat, int8_t* m) noexcept nogil:
    cdef int16_t codes[N_ACTIONS]
    cdef int n, k
    memset(m, 0, N_ACTIONS)
    if h.phase == PH_OVER:
        return
    n = hand_legal(h, seat, codes)
    for k in range(n):
        m[codes[k]] = 1


cdef class VectorCore:
    """N native games (see the module docstring); VectorEnv's ``"native"`` backend.

    Args:
        n: games; rules: a Rules; kinds: n triples, each game's three opponents (下家,
        opposite, 上家), each ``"random"``, ``"greedy"`` or a NativeAgent (one object in
        several games shares its state, as on the Python backend); fixed_seat: the learner's seat, or -1 (drawn per episode);
        oracle: the oracle encoding; scale: the reward scale; illegal_reward.
    """

    cdef GameC* games
    cdef readonly int n
    cdef RulesC rules
    cdef object keep
    cdef object py_rules
    cdef int fixed_seat
    cdef readonly int oracle
    cdef double scale
    cdef double illegal_reward
    cdef readonly int size

    def __cinit__(self, int n, rules, kinds, int fixed_seat, bint oracle, double scale, double illegal_reward):
        agents_prepare()  # the hand engine's tables too
        if n < 1:
            raise ValueError("n >= 1")
        rules_to_c(rules, &self.rules)
        self.py_rules = rules
        self.n = n
        self.fixed_seat = fixed_seat
        self.oracle = oracle
        self.size = ORACLE_SIZE if oracle else OBS_SIZE
        self.scale = scale
        self.illegal_reward = illegal_reward
        self.games = <GameC*>PyMem_Malloc(n * sizeof(GameC))
        if self.games == NULL:
            raise MemoryError()
        memset(self.games, 0, n * sizeof(GameC))
        if len(kinds) != n or any(len(t) != 3 for t in kinds):
            raise ValueError("kinds: one triple of opponents per game")
        self.keep = []
        for i in range(n):
            triple = kinds[i]
            for r in range(3):
                self.keep.append(agent_setup(&self.games[i].proto[r], triple[r], -1, None, rules))
            self.games[i].failed_seat = -1

    def __dealloc__(self):
        PyMem_Free(self.games)

    def reset(self, roots, int8_t[:, ::1] obs, int8_t[:, ::1] masks):
        """Deal episode 0 of ``roots[i]`` (ints >= 0, < 2**256) in game i, or, with roots
        None, every game's next episode; fill obs (N, size) and masks (N, 163)."""
        cdef int i, k
        cdef GameC* g
        if roots is not None:
            for i in range(self.n):
                g = &self.games[i]
                x = int(roots[i])
                if x < 0 or x >= _ROOT_LIMIT:
                    raise ValueError(f"root seeds must be ints 0 <= seed < 2**256, got {x}")
                k = 0
                while True:
                    g.root[k] = x & 0xFFFFFFFF
                    x >>= 32
                    k += 1
                    if x == 0:
                        break
                g.n_root = k
                g.episode = -1
        with nogil:
            for i in range(self.n):
                g = &self.games[i]
                deal(g, &self.rules, self.fixed_seat)
                encode(&g.h, g.learner, self.oracle, &obs[i, 0])
                write_mask(&g.h, g.learner, &masks[i, 0])
        self._raise_failed()

    cdef int _raise_failed(self) except -1:
        """IllegalActionError for the first game whose registered opponent played an illegal
        code (that game stopped there; the others were stepped)."""
        cdef int i, s
        cdef GameC* g
        for i in range(self.n):
            g = &self.games[i]
            if g.failed_seat >= 0:
                s = g.failed_seat
                g.failed_seat = -1
                err = agent_failure(&g.agents[s], &g.h, s, g.failed_code, None, self.py_rules)
                raise type(err)(f"game {i}: {err}")
        return 0

    def step(self, const int64_t[::1] actions, const uint8_t[::1] legal, int8_t[:, ::1] obs, float[::1] rewards,
             uint8_t[::1] terms, int8_t[:, ::1] masks):
        """One learner action per game (``legal[i]``: it is legal; otherwise the game ends
        with ``illegal_reward``); the opponents play; auto-reset; obs/masks of the next
        learner decision."""
        cdef int i, a
        cdef GameC* g
        cdef HandC* h
        with nogil:
            for i in range(self.n):
                g = &self.games[i]
                h = &g.h
                if legal[i]:
                    a = <int>actions[i]
                    hand_apply(h, g.learner, a)
                    play_opponents(g)
                    if h.phase == PH_OVER:
                        rewards[i] = <float>((h.win.payments[g.learner] if h.winner >= 0 else 0.0) / self.scale)
                        terms[i] = 1
                        deal(g, &self.rules, self.fixed_seat)
                    else:
                        rewards[i] = 0
                        terms[i] = 0
                else:
                    rewards[i] = <float>self.illegal_reward
                    terms[i] = 1
                    deal(g, &self.rules, self.fixed_seat)
                encode(h, g.learner, self.oracle, &obs[i, 0])
                write_mask(h, g.learner, &masks[i, 0])
        self._raise_failed()

    def advise(self, agent, int64_t[::1] out):
        """The code ``agent`` (``"greedy"`` or a native agent, one that plays by its C
        functions) plays at each game's current learner decision, into out (N); the games
        are not stepped. The agent is not reset: it decides on the learner's view as it is."""
        cdef AgentC a
        cdef int16_t codes[N_ACTIONS]
        cdef int i, n
        cdef GameC* g
        keep = agent_setup(&a, agent, 0, None, self.py_rules)
        if a.kind == AGENT_PYTHON or a.kind == AGENT_RANDOM:
            raise ValueError("advise: a native agent or 'greedy' only")
        with nogil:
            for i in range(self.n):
                g = &self.games[i]
                if g.h.phase == PH_OVER:
                    out[i] = -1
                    continue
                n = hand_legal(&g.h, g.learner, codes)
                out[i] = agent_choose(&a, &g.h, g.learner, codes, n)
        del keep

    def lookahead(self, int8_t[:, :, ::1] out):
        """The look-ahead features (wuhanmj.native.lookahead) of each game's current learner
        decision into out (N, 163, N_LOOK): the row of each legal code, zeros elsewhere (and
        for a game that is over)."""
        cdef AgentView view
        cdef int16_t codes[N_ACTIONS]
        cdef int8_t rows[N_ACTIONS * N_LOOK]
        cdef int i, k, j, n
        cdef GameC* g
        if out.shape[0] != self.n or out.shape[1] != N_ACTIONS or out.shape[2] != N_LOOK:
            raise ValueError(f"out must be ({self.n}, {N_ACTIONS}, {N_LOOK})")
        with nogil:
            for i in range(self.n):
                g = &self.games[i]
                memset(&out[i, 0, 0], 0, N_ACTIONS * N_LOOK)
                if g.h.phase == PH_OVER:
                    continue
                n = hand_legal(&g.h, g.learner, codes)
                agent_view(&view, &g.h, g.learner, NULL)
                lookahead_c(&view, codes, n, rows)
                for k in range(n):
                    for j in range(N_LOOK):
                        out[i, codes[k], j] = rows[k * N_LOOK + j]

    def seats(self):
        """The learner's seat in each game (list of ints)."""
        return [self.games[i].learner for i in range(self.n)]

    def episodes(self):
        """Each game's episode number (list of ints)."""
        return [self.games[i].episode for i in range(self.n)]

    def skipped(self):
        """Hands skipped (ended before the learner's first decision), over all games."""
        return sum([self.games[i].skipped for i in range(self.n)])

    def log(self, int i):
        """Game i's decisions so far as (seat, code) pairs (tests)."""
        cdef HandC* h = &self.games[i].h
        return [(h.log_seat[k], h.log_code[k]) for k in range(h.n_log)]
