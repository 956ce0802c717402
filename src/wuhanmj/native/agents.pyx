# cython: language_level=3
"""The built-in bots inside the native engine (issue 11, point 3).

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

:func:`agents_prepare` builds the route specs of every indicator (with and without 痞子,
R3) once, with the GIL; the choices then run without it.
"""

from libc.stdint cimport int16_t, uint8_t
from libc.string cimport memcpy, memset

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
    PH_OVER,
    PH_TURN,
)
from wuhanmj.native.hand cimport HandC, hand_apply, hand_current, hand_legal, hand_prepare
from wuhanmj.native.handapi cimport NativeHand
from wuhanmj.native.rng cimport pcg64_double, pcg64_seed_int
from wuhanmj.native.score cimport SeatC

import numpy as np

from wuhanmj.errors import AgentError

__all__ = ["greedy_choice", "random_choice", "play"]

# route specs: [pizi on][indicator] (routes set per decision); meld route masks
cdef WSpec _SPECS[2][34]
cdef int _SAME_MASK[34]
cdef int _CHI_MASK[34]
cdef int _prepared = 0


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
    """Specs for every indicator (R2, R3) and the meld masks (hand.bighu.MELD_ROUTES)."""
    global _prepared
    cdef int ind, lz, on, a, b
    cdef int pz[2]
    if _prepared:
        return 0
    hand_prepare()
    from wuhanmj.hand.bighu import MELD_ROUTES
    same, chi = MELD_ROUTES
    for ind in range(34):
        _SAME_MASK[ind] = same[ind]
        _CHI_MASK[ind] = chi[ind]
    for ind in range(34):
        lz = _next_in_cycle(ind)
        if ind == 33:
            a, b = 29, 30
        else:
            a, b = ind, _prev_in_cycle(ind)
            if b < a:
                a, b = b, a
        pz[0] = a
        pz[1] = b
        for on in range(2):
            wuhan_spec(&_SPECS[on][ind], lz, pz, 2 if on else 0, 0x7F)
    _prepared = 1
    return 0


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


cdef inline bint _has(const int16_t* codes, int n, int code) noexcept nogil:
    cdef int i
    for i in range(n):
        if codes[i] == code:
            return True
    return False


cdef int greedy_choose(const HandC* h, int seat, const int16_t* codes, int n) noexcept nogil:
    """greedy._choose."""
    if n <= 0:
        return -1
    if _has(codes, n, A_HU):
        return A_HU
    if h.phase == PH_TURN:
        return _g_turn(h, seat, codes, n)
    if h.phase == PH_CLAIM:
        return _g_claim(h, seat, codes, n)
    return A_PASS if _has(codes, n, A_PASS) else codes[0]    # rob / haidi without a hu


cdef int _g_turn(const HandC* h, int seat, const int16_t* codes, int n) noexcept nogil:
    """greedy._turn (P1, P3, W8)."""
    cdef int top = codes[n - 1], i, c, t, k, best, after
    cdef uint8_t counts[34]
    cdef uint8_t allowed[34]
    cdef uint8_t unseen[34]
    cdef int out[3]
    cdef int res[N_ROUTES]
    cdef int mask = _route_mask(&h.seats[seat])
    cdef WSpec sp
    if top >= A_XU_GANG:    # a gang or a special play is offered
        if _has(codes, n, A_HONGZHONG_GANG):
            return A_HONGZHONG_GANG
        for i in range(n):
            if A_PIZI_GANG <= codes[i] < A_LAIZI_GANG:
                return codes[i]
        if _has(codes, n, A_LAIZI_GANG) and h.hands[seat][h.laizi] >= 2:
            return A_LAIZI_GANG
    memcpy(counts, h.hands[seat], 34)
    memcpy(&sp, &_SPECS[1 if h.n_pizi else 0][h.indicator], sizeof(WSpec))
    sp.routes = mask
    memset(allowed, 0, 34)
    for i in range(n):
        if codes[i] < 34:
            allowed[codes[i]] = 1
    for t in range(34):
        unseen[t] = 4 - counts[t] - h.seen[t]
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
                if c < A_AN_GANG:   # 蓄杠: one tile leaves the hand
                    t = c - A_XU_GANG
                    k = 1
                    sp.routes = mask
                else:               # 暗杠: four tiles leave the hand for a concealed kong
                    t = c - A_AN_GANG
                    k = 4
                    sp.routes = mask & _SAME_MASK[t]
                counts[t] -= k
                after = wuhan_routes_c(counts, &sp, res)
                counts[t] += k
                if after <= best:
                    return c
    return out[0]


cdef int _g_claim(const HandC* h, int seat, const int16_t* codes, int n) noexcept nogil:
    """greedy._claim (P2): the claim with the least shanten after it, if no worse than now."""
    cdef int t = h.tile, i, c, x, low, pref, m, after, now
    cdef int best_code = A_PASS, best_after = 0, best_pref = 0
    cdef bint have = False
    cdef uint8_t counts[34]
    cdef int res[N_ROUTES]
    cdef int mask = _route_mask(&h.seats[seat])
    cdef WSpec sp
    memcpy(counts, h.hands[seat], 34)
    memcpy(&sp, &_SPECS[1 if h.n_pizi else 0][h.indicator], sizeof(WSpec))
    sp.routes = mask
    now = wuhan_routes_c(counts, &sp, res)
    for i in range(n):
        c = codes[i]
        if c == A_CHONG_GANG:
            counts[t] -= 3
            pref = 0
            m = mask & _SAME_MASK[t]
        elif c == A_PENG:
            counts[t] -= 2
            pref = 1
            m = mask & _SAME_MASK[t]
        elif A_CHI <= c < A_PENG:
            low = c - A_CHI
            low = 9 * (low // 7) + low % 7
            for x in range(low, low + 3):
                if x != t:
                    counts[x] -= 1
            pref = 2
            m = mask & _CHI_MASK[low]
        else:
            continue
        sp.routes = m
        after = wuhan_routes_c(counts, &sp, res)
        memcpy(counts, h.hands[seat], 34)
        if c != A_CHONG_GANG and after < 0:
            after = 0       # 碰/吃 leave a hand that must discard: complete (-1) is ready (0)
        if after <= now:
            if not have or after < best_after or (after == best_after and pref < best_pref):
                have = True
                best_code = c
                best_after = after
                best_pref = pref
    if not have and not _has(codes, n, A_PASS):
        return codes[0]
    return best_code


cdef int agent_choose(AgentC* a, HandC* h, int seat, const int16_t* codes, int n) noexcept nogil:
    if a.kind == AGENT_GREEDY:
        return greedy_choose(h, seat, codes, n)
    return random_choose(a, codes, n)


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
         uniforms=None):
    """Play ``hand`` to its end with native bots, without Python between the steps.

    Args:
        agents: four names, ``"random"`` or ``"greedy"``, by seat.
        seeds: four ints (each RandomAgent's ``default_rng(seed)``), or None (0).
        uniforms: four 1-d float64 arrays, or None: the uniforms each RandomAgent uses
            first, in order (tests and benchmarks), before its generator's.

    Returns:
        The number of decisions played.
    """
    cdef AgentC ag[4]
    cdef int16_t codes[N_ACTIONS]
    cdef int s = -1, n, c = -1, count = 0
    cdef const double[::1] u0
    agents_prepare()
    if len(agents) != 4:
        raise AgentError(f"four agents expected, got {len(agents)}")
    memset(ag, 0, sizeof(ag))
    keep = []
    for s in range(4):
        if agents[s] == "greedy":
            ag[s].kind = AGENT_GREEDY
        elif agents[s] == "random":
            ag[s].kind = AGENT_RANDOM
        else:
            raise AgentError(f"native agents are 'random' or 'greedy', got {agents[s]!r}")
        pcg64_seed_int(&ag[s].rng, 0 if seeds is None else seeds[s])
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
                break
            count += 1
    if hand.h.phase != PH_OVER:
        raise AgentError(f"seat {s}: the native agent played an illegal code {c}")
    return count
