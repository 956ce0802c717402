# cython: language_level=3
"""The calls a search bot needs, in C without the GIL, with Python faces.

- :func:`determinize`: a copy of a native hand in which what ``seat`` has not seen — the
  other seats' concealed tiles and the undrawn wall, both ends, the dead wall included
  (G1, D1) — is dealt again uniformly among the deals consistent with what it has seen.
- :func:`evaluate_actions`: the seat's payments (X5 units, as ``NativeHand.result
  .payments``) after each candidate action, played out by a rollout policy over ``n``
  determinizations shared by all candidates (common random numbers), on ``threads``
  threads.
- :class:`SearchView`: these two calls on one state for one seat, and nothing else; the
  game loop gives one to an agent whose ``act`` takes a keyword-only ``view``
  (:func:`wuhanmj.game.loop.play_game`, :mod:`wuhanmj.agents.base`).

What a seat has seen (it never changes in a determinization): its own concealed tiles and
drawn tile; every seat's melds, river and special plays (P3); the indicator (R2, D6); the
hand sizes, tiles left, phase, the seat on turn, the first seat expected to act and the
tile of an open window; its own options and answer in that window. The unseen tiles are
``4 - own - face up`` of each kind (D6; in a 抢杠 window the robbed 蓄杠 tile is seen
too), dealt by a uniform shuffle into the other hands (their sizes kept) and the undrawn
wall ``wall[front..back]``. Then:

- the drawn tile of another seat on turn is one of its dealt tiles; the wall's drawn part
  stays consistent: each seat's dealt and drawn positions (found by replaying the hand's
  decision log; all unknown when the log does not rebuild the state) hold its new
  concealed tiles and its public ones, in a random order (no trace of the true draws),
  the drawn tile at its draw position; the indicator stays at ``wall[53]``;
- an open claim window (P2) or 抢杠 window (P4) is opened again from the dealt hands, by
  the engine itself (the discard or the 蓄杠 replayed): every seat's options on the
  window's tile are recomputed; the other seats ordered before the first seat expected
  to act that now have options are taken to have passed, the others have not answered;
- the 海底 seat on turn (G3) was asked because it can win on its draw: in a 海底 phase
  with another seat on turn its draw is replayed;
- a deal under which the seat would see something else (a window that would not stay
  open, another first seat to act, its own options changed, a 海底 seat that cannot win)
  is drawn again (rejection: uniform among the consistent deals), at most
  ``SEARCH_MAX_TRIES`` times. For a seat to act (what :func:`evaluate_actions` and a
  view need) the first deal is always kept in a turn, a window or the 海底; a seat that
  has answered, or waits, may see a window that only a rare deal keeps open (another
  seat that can hu on the tile): then the call may give up (SetupError);
- every cache of the engine is dropped (``hand_forget``: the self-drawn and claim wins,
  the legal codes) and the decision log is emptied (it holds the other seats' hidden answers).

Not conditioned on (the deal is uniform given the observation, not given the others'
behaviour): what the other seats' past choices suggest (a pass, an automatic 海底 pass),
and the L5 co-liable marks (陪包), which are kept as they are. A finished hand is copied.

C callers cimport ``search.pxd``. The rollout policy is a built-in bot (``"greedy"`` /
``"random"``), a registered native agent (a ``NativeAgent`` of agent.pxd's ABI, seated
through agents.pxd's ``agent_setup``: every seat a copy with its own state), or a
``PyCapsule`` named ``"wuhanmj.native.search.rollout_fn_t"`` holding a
:c:type:`rollout_fn_t` that sees the whole state (:func:`policy_capsule` makes one of a
built-in bot, for tests). A native game loop that calls a Python agent gives
it a view as :func:`wuhanmj.game.loop.play_game` does: when
``wuhanmj.game.loop.wants_view(act)``, ``v = search_view_c(&h, rules, scores, seat)``,
``act(observation, legal, view=v)``, then ``v.close()``.
"""

from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid, PyCapsule_New
from libc.stdint cimport int8_t, int16_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp, memcpy, memset

cimport cython

from wuhanmj.native.agents cimport (
    AGENT_GREEDY,
    AGENT_NATIVE,
    AGENT_PYTHON,
    AgentC,
    agent_choose,
    agent_reset,
    agent_setup,
    agents_prepare,
)
from wuhanmj.native.defs cimport (
    A_CHI,
    A_CHONG_GANG,
    A_HU,
    A_PASS,
    A_PENG,
    A_XU_GANG,
    DK_BACK,
    DK_FRONT,
    DK_NONE,
    MAX_LOG,
    N_ACTIONS,
    PH_CLAIM,
    PH_HAIDI,
    PH_OVER,
    PH_ROB,
    PH_TURN,
)
from wuhanmj.native.hand cimport HandC, hand_apply, hand_current, hand_deal, hand_forget, hand_legal
from wuhanmj.native.handapi cimport NativeHand
from wuhanmj.native.rng cimport Pcg64, match_seeds_c, pcg64_interval, pcg64_next64, pcg64_seed_int

import numpy as np

from wuhanmj import _checks
from wuhanmj.errors import AgentError, IllegalActionError, SetupError, SimulationError
from wuhanmj.game.phases import PHASES
from wuhanmj.native.rng import int_words

__all__ = ["determinize", "evaluate_actions", "SearchView", "search_view", "policy_capsule",
           "POLICIES", "MAX_TRIES"]

cdef enum:
    SEARCH_MAX_TRIES = 65536    # rejection draws before a determinization gives up
    OWNER_UNKNOWN = 4           # a wall position dealt or drawn by some seat, which unknown

POLICIES = ("greedy", "random")
MAX_TRIES = SEARCH_MAX_TRIES
CAPSULE_NAME = "wuhanmj.native.search.rollout_fn_t"
cdef const char* _CAPSULE = "wuhanmj.native.search.rollout_fn_t"


# ---------------------------------------------------------------- what the seat knows
cdef int _owners(const HandC* h, int8_t* owner) noexcept nogil:
    """owner[i]: the seat dealt or drawn wall[i], by replaying the decision log on the
    hand's own wall (G1: the deal; each decision's front draws go to consecutive seats
    ending with the seat on turn, a back draw to the seat on turn, D1). 1 when the replay
    rebuilds the state; else 0 and every drawn position is OWNER_UNKNOWN."""
    cdef HandC r
    cdef int i, j, k, m, f0, b0, ok = 1
    memset(owner, -1, 136)
    hand_deal(&r, &h.rules, h.wall, h.dealer, h.prev_laizi)
    for i in range(4):
        for j in range(13):
            owner[13 * i + j] = (h.dealer + i) & 3
    owner[52] = h.dealer
    for k in range(h.n_log):
        f0 = r.front
        b0 = r.back
        if hand_apply(&r, h.log_seat[k], h.log_code[k]) != 0 or r.front > h.front or r.back < h.back:
            ok = 0
            break
        m = r.front - f0
        for j in range(m):
            owner[f0 + j] = (r.turn - (m - 1 - j)) & 3
        if r.back < b0:
            owner[b0] = r.turn
    if ok and (r.front != h.front or r.back != h.back or r.phase != h.phase
               or memcmp(r.hands, h.hands, sizeof(r.hands)) != 0):
        ok = 0
    if not ok:                  # the deal is known by G1 whatever the log; the draws are not
        for i in range(54, 136):
            owner[i] = OWNER_UNKNOWN if i < h.front or i > h.back else -1
    return ok


cdef int search_known(const HandC* h, int seat, SearchKnown* k) noexcept nogil:
    """What seat knows of h, once per state: the unseen tiles and the wall's owners.
    0, or -1 when the state does not hold together (a tile count below 0, or the unseen
    tiles not filling the other hands and the wall)."""
    cdef int t, c, j, s, n = 0, need = 0
    k.seat = seat
    k.fixed_seat = -1
    k.fixed_tile = -1
    k.current = <int8_t>hand_current(h)
    if h.phase == PH_ROB and h.turn != seat:
        k.fixed_seat = h.turn           # its 蓄杠 tile is still in its hand, face up (P4)
        k.fixed_tile = h.tile
    for t in range(34):
        c = 4 - h.hands[seat][t] - h.seen[t] - (1 if t == k.fixed_tile else 0)
        if c < 0:
            return -1
        for j in range(c):
            k.pool[n] = t
            n += 1
    k.n_pool = n
    for s in range(4):
        if s != seat:
            need += h.sizes[s] - (1 if s == k.fixed_seat else 0)
    _owners(h, k.owner)
    if h.phase != PH_OVER and need + h.back - h.front + 1 != n:
        return -1
    return 0


# ---------------------------------------------------------------- one determinization
cdef inline void _shuffle(uint8_t* a, int n, Pcg64* rng) noexcept nogil:
    """Fisher-Yates, as numpy's Generator.shuffle draws it."""
    cdef int i, j
    cdef uint8_t x
    for i in range(n - 1, 0, -1):
        j = <int>pcg64_interval(rng, <uint64_t>i)
        x = a[i]
        a[i] = a[j]
        a[j] = x


cdef inline bint _mine(const SearchKnown* k, int i, int s) noexcept nogil:
    return k.owner[i] == s or k.owner[i] == OWNER_UNKNOWN


cdef void _rewrite_history(const HandC* h, const SearchKnown* k, int s, const uint8_t* new,
                           int n, int drawn, int dpos, uint8_t* used, Pcg64* rng, HandC* out) noexcept nogil:
    """Seat s's dealt and drawn positions hold its n new concealed tiles (and the robbed
    蓄杠 tile) instead of its old ones, its public tiles kept, all in a random order; the
    drawn tile at its draw position."""
    cdef uint8_t rem[34]
    cdef uint8_t vals[136]
    cdef int pos[136]
    cdef int i, t, q, n_pos = 0, n_vals = 0
    memcpy(rem, h.hands[s], 34)
    if dpos >= 0:               # reserved (used) by the caller
        if drawn >= 0 and _mine(k, dpos, s) and h.wall[dpos] == h.drawn and rem[h.drawn]:
            rem[h.drawn] -= 1
            out.wall[dpos] = drawn
        else:
            used[dpos] = 0
            dpos = -1
    for i in range(136):
        if used[i] or not _mine(k, i, s):
            continue
        t = h.wall[i]
        used[i] = 1
        pos[n_pos] = i
        n_pos += 1
        if rem[t]:
            rem[t] -= 1         # one of its old concealed tiles: gives way to a new one
        elif k.owner[i] == s:
            vals[n_vals] = t    # a public tile of its own
            n_vals += 1
        else:
            used[i] = 0         # unknown owner: another seat's, maybe
            n_pos -= 1
    for i in range(136):
        # a history that does not add up (no log): any other seat's position will do
        if used[i] or k.owner[i] < 0 or k.owner[i] == k.seat or not rem[h.wall[i]]:
            continue
        rem[h.wall[i]] -= 1
        used[i] = 1
        pos[n_pos] = i
        n_pos += 1
    # the new concealed tiles, the drawn one placed already
    q = 1 if dpos >= 0 else 0
    for i in range(n):
        if q and new[i] == drawn:
            q = 0
            continue
        vals[n_vals] = new[i]
        n_vals += 1
    if s == k.fixed_seat:
        vals[n_vals] = k.fixed_tile
        n_vals += 1
    if n_vals != n_pos:         # not a consistent history: leave the positions as they were
        for i in range(n_pos):
            used[pos[i]] = 0
        return
    _shuffle(vals, n_vals, rng)
    for i in range(n_pos):
        out.wall[pos[i]] = vals[i]


cdef void _deal_sample(const HandC* h, const SearchKnown* k, const uint8_t* perm, Pcg64* rng,
                       HandC* out) noexcept nogil:
    """The other hands and the undrawn wall from the shuffled unseen tiles perm."""
    cdef uint8_t used[136]
    cdef int i, j, s, n, p = 0, drawn, dpos = -1
    memset(used, 0, 136)
    if h.turn != k.seat and h.drawn >= 0:
        # the draw position of the other seat on turn holds its drawn tile (G1, D1)
        if h.draw_kind == DK_FRONT:
            dpos = h.front - 1
        elif h.draw_kind == DK_BACK:
            dpos = h.back + 1
        if dpos >= 0:
            used[dpos] = 1
    for i in range(1, 4):
        s = (k.seat + i) & 3
        n = h.sizes[s] - (1 if s == k.fixed_seat else 0)
        memset(out.hands[s], 0, 34)
        for j in range(n):
            out.hands[s][perm[p + j]] += 1
        if s == k.fixed_seat:
            out.hands[s][k.fixed_tile] += 1
        drawn = -1
        if s == h.turn and h.drawn >= 0:
            drawn = perm[p] if n > 0 else k.fixed_tile
            out.drawn = drawn
        _rewrite_history(h, k, s, perm + p, n, drawn, dpos if s == h.turn else -1, used, rng, out)
        p += n
    for i in range(h.front, h.back + 1):
        out.wall[i] = perm[p]
        p += 1


cdef inline int _rank(int c) noexcept nogil:
    """P2: hu 0 > 冲杠/碰 1 > 吃 2 (moves.claim_rank); 9 not a claim."""
    if c == A_HU:
        return 0
    if c == A_PENG or c == A_CHONG_GANG:
        return 1
    if A_CHI <= c < A_PENG:
        return 2
    return 9


cdef bint _stays_open(const HandC* h) noexcept nogil:
    """moves._try_resolve's test: a pending answer could still change the outcome (P2, D11)."""
    cdef int o0 = h.dealer if h.rules.hu_order_dealer else h.turn
    cdef int s, i, c, m, best = 45
    for s in range(4):
        c = h.decision[s]
        if c >= 0 and c != A_PASS and 4 * _rank(c) + ((s - o0) & 3) < best:
            best = 4 * _rank(c) + ((s - o0) & 3)
    for s in range(4):
        if h.n_options[s] and h.decision[s] < 0:
            m = 9
            for i in range(h.n_options[s]):
                if _rank(h.options[s][i]) < m:
                    m = _rank(h.options[s][i])
            if 4 * m + ((s - o0) & 3) < best:
                return True
    return False


cdef int _answers(const HandC* h, const SearchKnown* k, HandC* out) noexcept nogil:
    """The answers of the reopened window: the seat's own kept; the other seats before the
    first one expected to act passed; 0, or -1 when the seat would see another window."""
    cdef int seat = k.seat, d = h.turn, i, s
    if out.n_options[seat] != h.n_options[seat] or memcmp(
            out.options[seat], h.options[seat], h.n_options[seat] * sizeof(int16_t)) != 0:
        return -1
    for s in range(4):
        out.decision[s] = -1
    out.decision[seat] = h.decision[seat]
    for i in range(1, 4):
        s = (d + i) & 3
        if s == k.current:
            break
        if s != seat and out.n_options[s]:
            out.decision[s] = A_PASS
    if hand_current(out) != k.current or not _stays_open(out):
        return -1
    return 0


cdef void _close_window(HandC* x) noexcept nogil:
    cdef int s
    memset(x.n_options, 0, sizeof(x.n_options))
    memset(x.options, 0, sizeof(x.options))
    for s in range(4):
        x.decision[s] = -1
    x.tile = -1


cdef int _reopen(const HandC* h, const SearchKnown* k, HandC* out) noexcept nogil:
    """Open the window of h again on the dealt hands (the engine's own _open_claims /
    _open_rob, by replaying the discard or the 蓄杠; the 海底 draw of another seat): 0, or
    -1 when the deal does not give what the seat sees."""
    cdef int d = h.turn, t = h.tile, rc, xiayu, p, drawn, kind
    if h.phase == PH_CLAIM:
        out.n_river[d] -= 1                 # the discard back in the discarder's hand
        out.seen[t] -= 1
        out.hands[d][t] += 1
        out.sizes[d] += 1
        out.phase = PH_TURN
        out.drawn = -1
        out.draw_kind = DK_NONE
        _close_window(out)
        hand_forget(out)
        xiayu = out.rules.xiayu
        out.rules.xiayu = 0                 # its L5 marks are made already
        rc = hand_apply(out, d, t)
        out.rules.xiayu = xiayu
        out.n_log = h.n_log
        if rc != 0 or out.phase != PH_CLAIM:
            return -1
        return _answers(h, k, out)
    if h.phase == PH_ROB:
        drawn = out.drawn
        kind = out.draw_kind
        out.phase = PH_TURN
        out.draw_kind = DK_NONE             # no W8 play-out in the way: the 蓄杠 was legal
        _close_window(out)
        hand_forget(out)
        rc = hand_apply(out, d, A_XU_GANG + t)
        out.n_log = h.n_log
        if rc != 0 or out.phase != PH_ROB:
            return -1
        out.drawn = drawn
        out.draw_kind = kind
        return _answers(h, k, out)
    if h.phase == PH_HAIDI and h.turn != k.seat:
        # G3: the previous seat passes, and the 海底 loop draws for the seat on turn again
        drawn = out.drawn
        p = (d + 3) & 3
        out.hands[d][drawn] -= 1
        out.sizes[d] -= 1
        out.front -= 1
        if out.wall[out.front] != drawn:
            return -1           # its draw position is not known: no consistent replay
        out.length -= 1
        out.turn = p
        out.drawn = -1
        hand_forget(out)
        rc = hand_apply(out, p, A_PASS)
        out.n_log = h.n_log
        if rc != 0 or out.phase != PH_HAIDI or out.turn != d or out.front != h.front:
            return -1
    return 0


cdef int search_determinize(const HandC* h, const SearchKnown* k, Pcg64* rng, HandC* out) noexcept nogil:
    """One determinization of h for k.seat into out (see the module docstring): 0, or -1
    when SEARCH_MAX_TRIES deals gave none consistent with what the seat sees."""
    cdef uint8_t perm[136]
    cdef Pcg64 hist
    cdef int tries
    if h.phase == PH_OVER:
        memcpy(out, h, sizeof(HandC))
        hand_forget(out)
        return 0
    # the wall's drawn part is shuffled from its own stream: the deals drawn do not depend
    # on how much of the history is known (a hand with or without its decision log)
    pcg64_seed_int(&hist, pcg64_next64(rng))
    for tries in range(SEARCH_MAX_TRIES):
        memcpy(perm, k.pool, k.n_pool)
        _shuffle(perm, k.n_pool, rng)
        memcpy(out, h, sizeof(HandC))
        _deal_sample(h, k, perm, &hist, out)
        if _reopen(h, k, out) == 0:
            hand_forget(out)
            out.n_log = 0
            return 0
    return -1


# ---------------------------------------------------------------- rollouts
cdef int _rows(const HandC* h, const SearchKnown* k, const int16_t* codes, int n_codes,
               int i0, int i1, const uint32_t* root, int n_root, const RolloutPolicy* policy,
               bint det, char* states, size_t state_size, double* out) noexcept nogil:
    cdef HandC base
    cdef HandC x
    cdef AgentC ag[4]
    cdef Pcg64 rng
    cdef uint64_t dseed
    cdef uint64_t aseeds[4]
    cdef int16_t legal[N_ACTIONS]
    cdef int i, j, s, n, c, steps
    for i in range(i0, i1):
        match_seeds_c(root, n_root, <uint32_t>i, &dseed, aseeds)
        if det:
            pcg64_seed_int(&rng, dseed)
            if search_determinize(h, k, &rng, &base) != 0:
                return -1
        else:
            memcpy(&base, h, sizeof(HandC))
        for j in range(n_codes):
            memcpy(&x, &base, sizeof(HandC))
            if hand_apply(&x, k.seat, codes[j]) != 0:
                return -2
            if policy.choose == NULL:
                for s in range(4):
                    memcpy(&ag[s], &policy.agent, sizeof(AgentC))
                    if state_size:
                        ag[s].state = states + s * state_size
                        memset(ag[s].state, 0, state_size)
                    if agent_reset(&ag[s], aseeds[s]) != 0:
                        return -3
            steps = 0
            while True:
                s = hand_current(&x)
                if s < 0:
                    break
                n = hand_legal(&x, s, legal)
                if n <= 0 or steps > MAX_LOG:
                    return -3
                if policy.choose != NULL:
                    c = policy.choose(policy.data, &x, s, legal, n)
                else:
                    c = agent_choose(&ag[s], &x, s, legal, n)
                if hand_apply(&x, s, c) != 0:
                    return -3
                steps += 1
            out[i * n_codes + j] = x.win.payments[k.seat]
    return 0


cdef int search_evaluate(const HandC* h, const SearchKnown* k, const int16_t* codes, int n_codes,
                         int i0, int i1, const uint32_t* root, int n_root,
                         const RolloutPolicy* policy, bint det, double* out) noexcept nogil:
    """Rows i0..i1-1 of evaluate_actions into out (row-major, n_codes a row): row i is
    determinization i (seeded by match_seeds(root, i)'s match word) and each seat's agent
    (a copy of policy.agent, its own state) reset with its agent word s for every
    candidate. 0; -1 no consistent deal; -2 a candidate not legal; -3 the policy played
    an illegal code; -4 no memory for the agents' states."""
    cdef size_t state_size = 0
    cdef char* states = NULL
    cdef int rc
    if policy.choose == NULL and policy.agent.kind == AGENT_NATIVE and policy.agent.spec.state_size:
        state_size = policy.agent.spec.state_size
        states = <char*>malloc(4 * state_size)
        if states == NULL:
            return -4
    rc = _rows(h, k, codes, n_codes, i0, i1, root, n_root, policy, det, states, state_size, out)
    free(states)
    return rc


cdef int _builtin_fn(void* data, HandC* h, int seat, const int16_t* codes, int n) noexcept nogil:
    """A built-in bot behind the registered-agent hook (data: its AgentC)."""
    return agent_choose(<AgentC*>data, h, seat, codes, n)


cdef class _Capsule:
    """Keeps the AgentC a policy_capsule points to alive (the capsule's context)."""
    cdef AgentC a


def policy_capsule(name="greedy"):
    """A ``(PyCapsule, context)`` pair (the capsule named :data:`CAPSULE_NAME`) with the
    built-in greedy bot behind the :c:type:`rollout_fn_t` hook: ``evaluate_actions(...,
    policy=pair)`` plays it. For tests of the hook (a rollout_fn_t must be safe to call
    from several threads at once: the greedy bot keeps no state).

    Raises:
        AgentError: ``name`` is not ``"greedy"``.
    """
    cdef _Capsule holder = _Capsule()
    if name != "greedy":
        raise AgentError(f"policy_capsule: only the stateless 'greedy' bot, got {name!r}")
    memset(&holder.a, 0, sizeof(AgentC))
    holder.a.kind = AGENT_GREEDY
    cap = PyCapsule_New(<void*>_builtin_fn, _CAPSULE, NULL)
    return (cap, holder)


cdef object _policy(object policy, RolloutPolicy* p, object rules):
    """Fill p from policy: "greedy" / "random", a RandomAgent / GreedyAgent, a registered
    native agent (a NativeAgent, agent.pxd), or a rollout_fn_t capsule (or a (capsule,
    context) pair: policy_capsule). Returns what must stay alive while p is used.

    Raises:
        AgentError: anything else (a Python agent: rollouts run without the GIL).
    """
    memset(p, 0, sizeof(RolloutPolicy))
    cap, ctx = (policy if isinstance(policy, tuple) and len(policy) == 2 else (policy, None))
    if PyCapsule_IsValid(cap, _CAPSULE):
        p.choose = <rollout_fn_t>PyCapsule_GetPointer(cap, _CAPSULE)
        if isinstance(ctx, _Capsule):
            p.data = &(<_Capsule>ctx).a
        return policy
    what = ("a built-in bot ('greedy', 'random'), a registered native agent (NativeAgent) or "
            f"a {CAPSULE_NAME} capsule")
    if isinstance(policy, str) and policy.strip().lower() not in POLICIES:
        raise AgentError(f"policy: no rollout policy {policy!r}: {what}")
    try:
        owner = agent_setup(&p.agent, policy, 0, "rollout", rules)
    except AgentError as err:
        raise AgentError(f"policy: {policy!r} is not {what} ({err})") from None
    if p.agent.kind == AGENT_PYTHON:
        raise AgentError(f"policy: {policy!r} is a Python agent; rollouts run without the GIL: {what}")
    return owner


# ---------------------------------------------------------------- Python faces
cdef uint64_t _seed64(object seed, str what) except? 0:
    s = _checks.index(seed)
    if s is None or not 0 <= s < 2 ** 64:
        raise SimulationError(f"{what}: expected an int 0 <= seed < 2**64, got {seed!r}")
    return <uint64_t>s


cdef int _known(const HandC* h, int seat, SearchKnown* k) except -1:
    agents_prepare()
    if search_known(h, seat, k) != 0:
        raise SetupError("determinize: the hand's tile counts do not hold together (T1, D6)")
    return 0


cdef NativeHand _wrap(const HandC* h, object rules, object scores):
    cdef NativeHand c = NativeHand.__new__(NativeHand)
    memcpy(&c.h, h, sizeof(HandC))
    c.rules = rules
    c.scores = scores
    return c


cdef NativeHand _determinize(const HandC* h, int seat, uint64_t seed, object rules, object scores):
    cdef SearchKnown k
    cdef Pcg64 rng
    cdef HandC out
    cdef int rc
    _known(h, seat, &k)
    pcg64_seed_int(&rng, seed)
    with nogil:
        rc = search_determinize(h, &k, &rng, &out)
    if rc != 0:
        raise SetupError(f"determinize: no deal consistent with what seat {seat} sees in "
                         f"{SEARCH_MAX_TRIES} tries (phase {PHASES[h.phase]}, current player "
                         f"{k.current}): the other hands are held to rare deals (a window another "
                         f"seat keeps open, a 海底 seat that can win)")
    return _wrap(&out, rules, scores)


def determinize(NativeHand hand not None, seat, seed=0):
    """A copy of ``hand`` with what ``seat`` has not seen dealt again (module docstring).

    Args:
        hand: a NativeHand (not changed).
        seat: the seat 0-3 whose knowledge is kept.
        seed: an int 0 <= seed < 2**64 (``default_rng(seed)``'s stream drives the shuffle).

    Returns:
        A new NativeHand: the same observation for ``seat``, 4 tiles of each kind, the
        wall layout of G1 (indicator at 53, the same ``front`` and ``back``), no caches,
        an empty decision log. Its state does not follow from its deal, so it has no event
        log: read it with ``state_dict()`` / ``observation(seat)`` (``to_dict()`` raises
        ReplayError), or play it.

    Raises:
        IllegalActionError: ``seat`` is not a seat.
        SimulationError: a bad seed.
        SetupError: the hand's counts do not hold together, or no consistent deal was
            found in :data:`MAX_TRIES` draws.
    """
    s = _checks.seat(seat, "seat", IllegalActionError)
    return _determinize(&hand.h, s, _seed64(seed, "seed"), hand.rules, hand.scores)


cdef class _Job:
    """One evaluate_actions call's inputs (copied), run in chunks of rows without the GIL."""
    cdef HandC h
    cdef SearchKnown k
    cdef int16_t codes[N_ACTIONS]
    cdef int n_codes
    cdef uint32_t root[8]
    cdef int n_root
    cdef RolloutPolicy policy
    cdef bint det
    cdef double* out

    def run(self, int i0, int i1):
        cdef int rc
        with nogil:
            rc = search_evaluate(&self.h, &self.k, self.codes, self.n_codes, i0, i1, self.root,
                                 self.n_root, &self.policy, self.det, self.out)
        return rc


cdef object _evaluate(const HandC* h, int seat, object codes, object n, object seed, object policy,
                      object threads, bint det, object rules):
    cdef _Job job = _Job()
    cdef int16_t legal[N_ACTIONS]
    cdef int n_legal, i, n_rows, n_threads
    cdef double[:, ::1] view
    agents_prepare()            # the greedy bot's tables and the hand engine's, once
    if h.phase == PH_OVER:
        raise IllegalActionError(f"evaluate_actions: the hand is over; seat {seat} has nothing to play")
    memcpy(&job.h, h, sizeof(HandC))
    n_legal = hand_legal(&job.h, seat, legal)
    if n_legal == 0:
        cur = hand_current(h)
        raise IllegalActionError(f"evaluate_actions: seat {seat} is not to act now "
                                 f"(current player {cur}, phase {h.phase})")
    try:
        codes = list(codes)
        cs = [_checks.index(c) for c in codes]
    except TypeError:
        raise IllegalActionError(f"evaluate_actions: codes must be a sequence of action codes, got {codes!r}") from None
    if not cs:
        raise IllegalActionError("evaluate_actions: codes is empty (give one candidate or more)")
    if len(cs) > N_ACTIONS:
        raise IllegalActionError(f"evaluate_actions: {len(cs)} candidates, at most {N_ACTIONS}")
    allowed = {legal[i] for i in range(n_legal)}
    for c, raw in zip(cs, codes):
        if c is None or c not in allowed:
            raise IllegalActionError(f"evaluate_actions: code {raw!r} is not legal for seat {seat} now "
                                     f"(legal {sorted(allowed)})")
    n_rows = _checks.count(n, "evaluate_actions: n", SimulationError, 1, 2 ** 31 - 1)
    n_threads = _checks.count(threads, "evaluate_actions: threads", SimulationError, 1, 1024)
    root = int_words(_seed64(seed, "evaluate_actions: seed"))
    keep = _policy(policy, &job.policy, rules)
    for i in range(len(cs)):
        job.codes[i] = cs[i]
    job.n_codes = len(cs)
    job.n_root = root.shape[0]
    for i in range(job.n_root):
        job.root[i] = root[i]
    job.det = det
    if det:
        _known(&job.h, seat, &job.k)
    else:
        memset(&job.k, 0, sizeof(SearchKnown))
        job.k.seat = seat
    arr = np.zeros((n_rows, len(cs)), dtype=np.float64)
    view = arr
    job.out = &view[0, 0]
    if n_threads == 1 or n_rows == 1:
        rcs = [job.run(0, n_rows)]
    else:
        from concurrent.futures import ThreadPoolExecutor
        step = max(1, -(-n_rows // (4 * n_threads)))
        bounds = [(a, min(a + step, n_rows)) for a in range(0, n_rows, step)]
        with ThreadPoolExecutor(max_workers=n_threads) as pool:
            rcs = list(pool.map(lambda b: job.run(b[0], b[1]), bounds))
    del keep
    for rc in rcs:
        if rc == -1:
            raise SetupError(f"evaluate_actions: no deal consistent with what seat {seat} sees in "
                             f"{SEARCH_MAX_TRIES} tries")
        if rc == -2:
            raise IllegalActionError(f"evaluate_actions: a candidate is not legal for seat {seat}")
        if rc == -3:
            raise AgentError(f"evaluate_actions: the rollout policy {policy!r} played an illegal code")
        if rc == -4:
            raise MemoryError("evaluate_actions: no memory for the rollout agents' states")
    return arr


def evaluate_actions(NativeHand hand not None, seat, codes, n, seed=0, policy="greedy", threads=1,
                     determinize=True):
    """The payments of ``seat`` after each candidate, over ``n`` shared determinizations.

    Row ``i`` plays every candidate on determinization ``i`` — ``determinize(hand, seat,
    match_seeds(seed, i)[0])`` (:func:`wuhanmj.sim.batch.match_seeds`), or ``hand`` itself
    when ``determinize`` is False — with the built-in bot of each seat ``s`` seeded by
    ``match_seeds(seed, i)[1][s]`` (a RandomAgent's ``default_rng``, a native agent's
    reset), reset for every candidate: common random numbers, the same rows whatever
    ``threads``.

    Args:
        hand: a NativeHand (not changed); seat: the seat 0-3 to evaluate, which must have a
            decision now; codes: candidate action codes, each legal for it now.
        n: determinizations, >= 1; seed: an int 0 <= seed < 2**64.
        policy: what every seat plays: ``"greedy"`` or ``"random"`` (or a GreedyAgent /
            RandomAgent), a registered native agent (a
            :class:`~wuhanmj.native.agents.NativeAgent`, agent.pxd: each seat with its own
            zeroed state, reset with its seed), or a ``rollout_fn_t`` capsule
            (:func:`policy_capsule`). Not a Python agent: rollouts run without the GIL.
        threads: threads to spread the rows over (>= 1; the rollouts run without the GIL).
        determinize: False plays the candidates on the true state (tests, perfect-information
            baselines).

    Returns:
        float64 array (n, len(codes)): the seat's payment (X5 units, as
        ``NativeHand.result.payments``, 0 for a draw) after each candidate.

    Raises:
        IllegalActionError: ``seat`` is not a seat or has no decision now (the hand is
            over), a code is not legal for it, or ``codes`` is empty.
        SimulationError: ``n`` < 1, ``threads`` < 1, a bad seed.
        AgentError: an unknown policy, or a policy that played an illegal code.
        SetupError: no consistent determinization found (see :func:`determinize`).
    """
    s = _checks.seat(seat, "seat", IllegalActionError)
    return _evaluate(&hand.h, s, codes, n, seed, policy, threads, bool(determinize), hand.rules)


@cython.no_gc
cdef class SearchView:
    """The search calls on one state for one seat, and nothing else: no attribute gives
    the hand, its hidden tiles or its source (the state is held as C data, out of Python's
    reach; the class is not tracked by the garbage collector either).

    Made by the game loop for an agent that asks for it (``act(observation, legal, *,
    view)``); valid while that decision is open (the loop then calls :meth:`close`). ``SearchView(hand, seat)`` copies a
    NativeHand's state; :func:`search_view` builds it on first use from a callable.

    Raises (on use): IllegalActionError when the view is stale (its source refuses).
    """
    cdef HandC _h
    cdef bint _ready
    cdef int _seat
    cdef object _rules
    cdef object _scores
    cdef object _source
    cdef bint _closed

    def __init__(self, NativeHand hand not None, seat):
        self._seat = _checks.seat(seat, "seat", IllegalActionError)
        memcpy(&self._h, &hand.h, sizeof(HandC))
        self._rules = hand.rules
        self._scores = hand.scores
        self._ready = True
        self._source = None
        self._closed = False

    cdef int _load(self) except -1:
        cdef NativeHand hand
        if self._closed:
            raise IllegalActionError(f"seat {self._seat}: this search view is closed (its decision is over)")
        if not self._ready:
            hand = self._source()
            memcpy(&self._h, &hand.h, sizeof(HandC))
            self._rules = hand.rules
            self._scores = hand.scores
            self._source = None
            self._ready = True
        return 0

    @property
    def seat(self):
        """The seat whose view this is."""
        return self._seat

    def determinize(self, seed=0):
        """:func:`determinize` of the current state for this seat (a NativeHand)."""
        self._load()
        return _determinize(&self._h, self._seat, _seed64(seed, "seed"), self._rules, self._scores)

    def evaluate_actions(self, codes, n, seed=0, policy="greedy", threads=1):
        """:func:`evaluate_actions` for this seat on determinizations of the current state
        (always determinized: the true state is not this seat's to play on)."""
        self._load()
        return _evaluate(&self._h, self._seat, codes, n, seed, policy, threads, True, self._rules)

    def close(self):
        """End the view: later calls raise IllegalActionError (the game loop closes a
        view once its decision is played)."""
        self._closed = True
        self._source = None

    def __repr__(self):
        return f"<SearchView seat={self._seat}>"

    def __reduce__(self):
        raise TypeError("a SearchView cannot be pickled or copied")


cdef object search_view_c(const HandC* h, object rules, object scores, int seat):
    """A SearchView of seat on a copy of h (search.pxd: for native game loops)."""
    cdef SearchView v = SearchView.__new__(SearchView)
    memcpy(&v._h, h, sizeof(HandC))
    v._seat = seat
    v._rules = rules
    v._scores = scores
    v._ready = True
    v._closed = False
    v._source = None
    return v


def search_view(source, seat):
    """A :class:`SearchView` of ``seat`` built on first use from ``source()``, a callable
    returning a NativeHand of the current state (it may raise to refuse a stale view)."""
    cdef SearchView v = SearchView.__new__(SearchView)
    if not callable(source):
        raise AgentError(f"search_view: source must be callable, got {source!r}")
    v._seat = _checks.seat(seat, "seat", IllegalActionError)
    v._ready = False
    v._closed = False
    v._source = source
    return v
