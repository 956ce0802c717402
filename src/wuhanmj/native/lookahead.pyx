# cython: language_level=3
"""The learned policy's look-ahead features: what each legal code does to the seat's hand.

For each legal code of a decision, a row of :data:`N_LOOKAHEAD` small integers
(:data:`LOOKAHEAD_FEATURES`, version :data:`LOOKAHEAD_VERSION`) worked out from the seat's
view alone (the native agent's view, ``wuhanmj/native/agent.pxd``: what an
:class:`~wuhanmj.game.observation.Observation` holds), with the greedy bot's route kernels
(:mod:`wuhanmj.core.routes`: the shanten over the Wuhan routes, W1-W3, W6-W8, with the 癞子
as a wildcard, D8, and the 痞子 and 红中 as tiles still to exchange, R3):

- the code's kind (one-hot): discard, 吃, 碰, 冲杠, 蓄杠, 暗杠, 红中杠, 痞子杠, 癞子杠, hu, pass;
- ``shanten_delta``: the shanten after the code less the shanten now. The shanten now is
  the least after an allowed discard on a turn (a 3k+2 hand), the hand's own in a claim
  window (3k+1). After a discard, the hand left's; after a 吃 or 碰, the least after the
  discard that follows; after a gang or a special play, the hand left's (before the
  replacement draw). Clipped to -2 .. 6; 0 for a hu or a pass;
- ``eff`` and ``eff_known``: the unseen copies (4 − the seat's hand − the visible tiles,
  D6) of the draws that lower that shanten (the effective draws of
  :func:`wuhanmj.hand.analysis.discard_advice` and
  :func:`~wuhanmj.hand.analysis.effective_tiles`), worked out for the discards within one
  of the least shanten, for a 吃 or 碰 (the best discard after it: least shanten, then most
  such draws), for the gangs and special plays, and for a pass in a claim window (the
  hand's own draws, to weigh against a claim's); clipped to 127;
- ``shanten``: the shanten now (-1 .. 8); ``openings``: the seat's openings (P5);
  ``routes``: how many routes to a win the seat's melds leave open after the code (W6);
- the code's tile (the discard, the claimed tile, the gang's kind, 红中, the 痞子 or the
  癞子 played): its copies in the hand, its unseen copies, whether it is a 2/5/8 kind (W2),
  an honor, and a suit tile's distance from the suit's end (1 and 9: 0, 5: 4);
- ``danger``: for a discard, 100 × the chance that another seat wins on it
  (:func:`wuhanmj.native.infer.reading`'s ``hit``, 放冲, P2), rounded;
- ``drawn``: the discard is the tile the seat just drew;
- ``greedy``: the code the greedy bot plays here (:mod:`wuhanmj.agents.greedy`: a legal hu,
  else its turn or its claim).

These are the quantities the greedy bot ranks its discards and claims by and its choice,
shown to the network beside the version-1 observation (the expert's choice is not: it is
what the network learns). A decision costs one best-discard search of its turn (about 10 µs) and one of
each 吃 or 碰 it may claim. :class:`wuhanmj.envs.VectorEnv` writes them for the learner's
decisions (``VectorEnv.lookahead``) and :class:`~wuhanmj.native.policy.PolicyAgent` for its
own, with the one function here.
"""

from libc.stdint cimport int8_t, int16_t, uint8_t
from libc.string cimport memcpy, memset

from wuhanmj.core.defs cimport N_ROUTES, is_jiang_c
from wuhanmj.core.routes cimport WSpec, wuhan_discard_draws_c, wuhan_draws_c, wuhan_routes_c
from wuhanmj.native.agent cimport AgentView
from wuhanmj.native.agents cimport (
    GreedySeat,
    agents_prepare,
    greedy_claim,
    greedy_seat_spec,
    greedy_turn,
    has_code,
    play_counts,
)
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
    HONGZHONG,
    N_ACTIONS,
    PH_CLAIM,
    PH_TURN,
)
from wuhanmj.native.infer cimport ReadingC, read_view
from wuhanmj.native.view cimport view_from_observation

import numpy as np

from wuhanmj.game.observation import Observation

from wuhanmj import _checks
from wuhanmj.errors import AgentError

__all__ = ["lookahead", "LOOKAHEAD_FEATURES", "LOOKAHEAD_VERSION", "N_LOOKAHEAD"]

LOOKAHEAD_VERSION = LOOK_VERSION
"""The version of the features written here (a weights file names the one it reads)."""
N_LOOKAHEAD = N_LOOK
"""Features of a code (the columns of a row)."""
LOOKAHEAD_FEATURES = ("discard", "chi", "peng", "chong_gang", "xu_gang", "an_gang", "hongzhong_gang",
                      "pizi_gang", "laizi_gang", "hu", "pass", "shanten_delta", "eff", "eff_known", "shanten",
                      "hand", "unseen", "jiang", "honor", "edge", "danger", "openings", "routes", "drawn",
                      "greedy")
"""The names of the columns, in order (see the module docstring)."""

cdef enum:
    SLACK = 1                   # the discards whose effective draws are counted: within 1 of the least


cdef inline int8_t _clip(int x, int lo, int hi) noexcept nogil:
    return <int8_t>(lo if x < lo else (hi if x > hi else x))


cdef inline int _popcount(int m) noexcept nogil:
    cdef int k = 0
    while m:
        k += m & 1
        m >>= 1
    return k


cdef int _after_draws(const uint8_t* counts, const WSpec* sp, const uint8_t* unseen, int* eff) noexcept nogil:
    """The shanten of a 3k+1 hand and, into eff, the unseen copies of the draws that lower it."""
    cdef int8_t dr[34]
    cdef int t, base = wuhan_draws_c(counts, sp, dr)
    eff[0] = 0
    for t in range(34):
        if dr[t] < base:
            eff[0] += unseen[t]
    return base


cdef int _after_claim(const uint8_t* counts, const WSpec* sp, const uint8_t* unseen, int* eff) noexcept nogil:
    """A 3k+2 hand's least shanten after a discard and, into eff, the effective draws of the
    best discard (least shanten, then most unseen effective draws)."""
    cdef uint8_t allowed[34]
    cdef int8_t after[34]
    cdef int16_t effs[34]
    cdef int out[3]
    cdef int res[N_ROUTES]
    cdef int t
    for t in range(34):
        allowed[t] = counts[t] > 0
    wuhan_discard_draws_c(counts, sp, allowed, unseen, 0, after, effs, out)
    eff[0] = 0
    if out[0] < 0:      # nothing but 红中, 痞子 and 癞子 left to discard
        t = wuhan_routes_c(counts, sp, res)
        return 0 if t < 0 else t
    for t in range(34):
        if after[t] == out[1] and effs[t] > eff[0]:
            eff[0] = effs[t]
    return out[1]


cdef inline void _tile(int8_t* row, const AgentView* v, const uint8_t* unseen, int t) noexcept nogil:
    cdef int r
    if t < 0:
        return
    row[F_HAND] = v.hand[t]
    row[F_UNSEEN] = unseen[t]
    row[F_JIANG] = is_jiang_c(t)
    row[F_HONOR] = t >= 27
    if t < 27:
        r = t % 9
        row[F_EDGE] = r if r < 8 - r else 8 - r


cdef int lookahead_c(const AgentView* v, const int16_t* codes, int n, int8_t* out) noexcept nogil:
    cdef GreedySeat g
    cdef WSpec sp, s2
    cdef ReadingC rd
    cdef uint8_t unseen[34]
    cdef uint8_t allowed[34]
    cdef uint8_t counts[34]
    cdef int8_t after[34]
    cdef int16_t effs[34]
    cdef int res[N_ROUTES]
    cdef int best[3]
    cdef int i, k, c, t, now, sh, eff, kind, routes, greedy, me = v.seat, has_discard = 0
    cdef int8_t* row
    cdef double miss
    memset(out, 0, n * N_LOOK)
    g.hand = v.hand
    g.seen = v.visible
    g.melds = &v.seats[me]
    g.tile = v.claim_tile
    g.n_pizi = v.n_pizi
    g.indicator = v.indicator
    g.laizi = v.laizi
    if greedy_seat_spec(&g, &sp) < 0:
        return -1
    routes = sp.routes
    memset(allowed, 0, 34)
    for t in range(34):
        k = 4 - v.hand[t] - v.visible[t]
        unseen[t] = k if k > 0 else 0
    for i in range(n):
        if codes[i] < 34:
            allowed[codes[i]] = 1
            has_discard = 1
    if has_discard:
        wuhan_discard_draws_c(v.hand, &sp, allowed, unseen, SLACK, after, effs, best)
        now = best[1]
        read_view(v, &rd)
    else:
        now = wuhan_routes_c(v.hand, &sp, res)
    if has_code(codes, n, A_HU):
        greedy = A_HU
    elif v.phase == PH_TURN:
        greedy = greedy_turn(&g, codes, n)
    elif v.phase == PH_CLAIM:
        greedy = greedy_claim(&g, codes, n, NULL, NULL)
    else:
        greedy = A_PASS if has_code(codes, n, A_PASS) else codes[0]
    for i in range(n):
        c = codes[i]
        row = out + i * N_LOOK
        row[F_SHANTEN] = _clip(now, -1, 8)
        row[F_OPENINGS] = v.openings[me]
        row[F_ROUTES] = _popcount(routes)
        sh = now
        eff = -1
        t = -1
        if c < 34:
            kind = T_DISCARD
            t = c
            sh = after[c]
            eff = effs[c]
            miss = 1.0
            for k in range(4):
                miss *= 1.0 - rd.hit[k][c]
            row[F_DANGER] = _clip(<int>(100.0 * (1.0 - miss) + 0.5), 0, 100)
            row[F_DRAWN] = c == v.drawn
        elif c < A_CHONG_GANG:              # 吃 or 碰: a discard follows
            kind = T_CHI if c < A_PENG else T_PENG
            t = v.claim_tile
            s2 = sp
            s2.routes = play_counts(&g, c, counts)
            row[F_ROUTES] = _popcount(s2.routes)
            sh = _after_claim(counts, &s2, unseen, &eff)
        elif c < A_HONGZHONG_GANG:          # 冲杠, 蓄杠, 暗杠: a replacement draw follows
            if c == A_CHONG_GANG:
                kind = T_CHONG_GANG
                t = v.claim_tile
            elif c < A_AN_GANG:
                kind = T_XU_GANG
                t = c - A_XU_GANG
            else:
                kind = T_AN_GANG
                t = c - A_AN_GANG
            s2 = sp
            s2.routes = play_counts(&g, c, counts)
            row[F_ROUTES] = _popcount(s2.routes)
            sh = _after_draws(counts, &s2, unseen, &eff)
        elif c <= A_LAIZI_GANG:             # a special play: the tile leaves, a draw follows (P3)
            if c == A_HONGZHONG_GANG:
                kind = T_HONGZHONG_GANG
                t = HONGZHONG
            elif c < A_LAIZI_GANG:
                kind = T_PIZI_GANG
                t = c - A_PIZI_GANG
            else:
                kind = T_LAIZI_GANG
                t = v.laizi
            memcpy(counts, v.hand, 34)
            counts[t] -= 1
            sh = _after_draws(counts, &sp, unseen, &eff)
        elif c == A_HU:
            kind = T_HU
        else:
            kind = T_PASS
            t = v.claim_tile
            if v.phase == PH_CLAIM:         # the hand kept as it is: its own draws
                _after_draws(v.hand, &sp, unseen, &eff)
        row[F_TYPE + kind] = 1
        row[F_GREEDY] = c == greedy
        row[F_SHANTEN_DELTA] = _clip(sh - now, -2, 6)
        if eff >= 0:
            row[F_EFF] = _clip(eff, 0, 127)
            row[F_EFF_KNOWN] = 1
        _tile(row, v, unseen, t)
    return 0


def lookahead(observation, legal_actions):
    """The look-ahead features of a decision (see the module docstring).

    Args:
        observation: the seat's :class:`~wuhanmj.game.observation.Observation`.
        legal_actions: its legal actions (action values or codes 0-162).

    Returns:
        ``int8`` array of shape ``(163, N_LOOKAHEAD)``: the row of each legal code, zeros
        for the others.

    Raises:
        AgentError: ``observation`` not an Observation, no legal action, or one that is
            neither an action nor a code 0-162.
    """
    cdef AgentView v
    cdef int16_t cs[N_ACTIONS]
    cdef int8_t rows[N_ACTIONS * N_LOOK]
    cdef int i, n
    if not isinstance(observation, Observation):
        raise AgentError(f"lookahead needs an observation (an Observation), got {type(observation).__name__}")
    codes = sorted({_code(a, i) for i, a in enumerate(legal_actions)})
    n = len(codes)
    if n == 0:
        raise AgentError("lookahead: no legal action")
    for i in range(n):
        cs[i] = codes[i]
    agents_prepare()
    view_from_observation(&v, observation)
    with nogil:
        lookahead_c(&v, cs, n, rows)
    out = np.zeros((N_ACTIONS, N_LOOK), dtype=np.int8)
    for i in range(n):
        out[codes[i]] = np.frombuffer((<char*>rows)[i * N_LOOK:(i + 1) * N_LOOK], dtype=np.int8)
    return out


def _code(a, int i):
    code = _checks.index(a)
    if code is None and not isinstance(a, (bool, np.bool_)):
        code = _checks.index(getattr(a, "code", None))
    if code is None or not 0 <= code < N_ACTIONS:
        raise AgentError(f"lookahead: legal_actions[{i}] must be an action or an action code 0-{N_ACTIONS - 1}, "
                         f"got {a!r}")
    return code
