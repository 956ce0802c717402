# cython: language_level=3
"""The defence of the expert bot: what a discard may cost, and the discard it plays.

A discard's *danger* is the seat's expected payment for it: for each other seat ``j``, the
probability that ``j`` wins on it (``hit``, from :mod:`wuhanmj.native.infer`) times what the
seat then pays as the discarder (S3, S5: ``j``'s fan as shown, the seat's own, the dealer's,
a 硬胡 with probability ``hard_share``, the caps and doublings of X1–X4), where

- a seat with four claimed melds (no 暗杠) wins a 全求人 (W6; with 碰碰胡 when all are pongs,
  清一色 when all are of the tile's suit), and the seat pays the three losers' sum when it
  is liable (L1: it is not ready after the discard under ``qqr_liability = "not_ready"``,
  it holds a tile other than a 2/5/8 under ``"holds_non_jiang"``);
- a seat with three or more melds of one suit wins a 清一色 on that suit with probability
  ``qys_share``;

and, for a tile of the suit of a seat with two openings both in that suit, ``feed`` times the
three losers' sum of its 清一色: the liability of the discard it claims for its third
opening (L2).

The turn (:c:func:`defend_discard`): the greedy bot's discard, unless its danger exceeds
``margin`` and a safer discard (by more than ``margin``) keeps the same shanten: then the
greedy bot's choice among those safer discards; and, from ``fold_shanten`` on, the safest
discard (the greedy order among the safest) when it saves more than ``fold_margin``: the
seat folds. With ``weigh_draws`` the unseen copies the others likely hold (``held``) count
less in the greedy bot's effective draws.
"""

from libc.stdint cimport int8_t, int16_t, uint8_t
from libc.string cimport memcpy, memset

from wuhanmj.core.routes cimport WSpec, wuhan_best_discard_c, wuhan_discards_c
from wuhanmj.core.tables cimport ensure_tables
from wuhanmj.native.agent cimport AgentView
from wuhanmj.native.agents cimport GreedySeat, greedy_seat_spec
from wuhanmj.native.defs cimport A_CHI, HONGZHONG, MAX_MONEY_FAN, MK_AN_GANG, MK_CHI
from wuhanmj.native.infer cimport ReadingC, one_suit, read_view, view_of
from wuhanmj.native.rulesc cimport RulesC
from wuhanmj.native.score cimport SeatC, holds_non_jiang_c, is_ready_c, personal_fan_c

import numpy as np

from wuhanmj.errors import SimulationError

__all__ = ["DEFENCE_WEIGHTS", "discard_danger", "win_costs"]

DEFENCE_WEIGHTS = {"hard_share": 0.4, "qys_share": 0.6, "feed": 0.0}
"""The weights of a discard's danger and their defaults: ``hard_share``, the probability
that a win is 硬胡 (W9: one more fan); ``qys_share``, the probability that a win on its suit
by a seat with three or more melds of one suit is a 清一色 (W6); ``feed``, the probability
that a seat with two openings of one suit claims a tile of that suit for its third and wins
the 清一色 (the discarder is liable, L2). ExpertAgent takes them as parameters."""


cdef double loser_amount(const RulesC* r, int doubled, int u, int big, const SeatC* me, int opened,
                         int held) noexcept nogil:
    cdef double a
    if r.fan_schedule:
        if r.min_fan >= 0 and u < r.min_fan:
            return 0.0
        u = min(u, r.cap_fan, MAX_MONEY_FAN)
        a = r.money[u] if r.has_money[u] else 0.0
    else:
        a = min((10.0 * (1 << min(big - 1, 8)) if big else 1.0) * (1 << min(u, 30)), r.cap)
    if r.bi and opened == 0 and me.hz + me.pz + me.lz + held == 0:
        a *= 2.0                # X3 闭
    if doubled:
        a *= 2.0                # X4
    return a


cdef int held_plays(const AgentView* v, const uint8_t* C) noexcept nogil:
    return C[HONGZHONG] + (C[v.pizi[0]] + C[v.pizi[1]] if v.n_pizi else 0)


cdef int payments_doubled(const AgentView* v) noexcept nogil:
    return 1 if (v.rules.wind_laizi_double and (v.laizi >= 27 or v.laizi == v.prev_laizi)) else 0


cdef inline int _group(int x) noexcept nogil:
    return 3 if x >= 27 else x // 9


cdef double _losers_sum(const DefenceC* w, const AgentView* v, const SeatC* seats, int j, int fj, int mine,
                        int held, int opened, int big, int extra_me, int extra) noexcept nogil:
    """What the three losers of seat j's big hu would pay together (the liable seat pays it,
    L1, L2): U = j's fan (+ 1 for a 硬胡 with probability hard_share, W9) + each loser's own +
    extra (extra_me for the seat) + the big hu's fan under X2."""
    cdef const RulesC* r = &v.rules
    cdef int i, k, u, bigfan = (r.big_hu_fan + big - 1) if r.fan_schedule else 0
    cdef int doubled = payments_doubled(v)
    cdef double tot = 0.0, part
    for k in range(2):
        part = 0.0
        for i in range(4):
            if i == j:
                continue
            if i == v.seat:
                u = fj + k + mine + extra_me + bigfan
                part += loser_amount(r, doubled, u, big, &seats[i], opened, held)
            else:
                u = fj + k + personal_fan_c(&seats[i], r.per_opening) + extra + bigfan
                part += loser_amount(r, doubled, u, big, &seats[i], v.openings[i], 0)
        tot += (w.hard_share if k else 1.0 - w.hard_share) * part
    return tot


cdef double _mix(const DefenceC* w, const AgentView* v, int u, int big, const SeatC* me, int opened,
                 int held) noexcept nogil:
    """The seat's payment at fan u, or u + 1 with probability hard_share (硬胡, W9)."""
    cdef int doubled = payments_doubled(v)
    return ((1.0 - w.hard_share) * loser_amount(&v.rules, doubled, u, big, me, opened, held)
            + w.hard_share * loser_amount(&v.rules, doubled, u + 1, big, me, opened, held))


cdef double _win_cost(const DefenceC* w, const AgentView* v, const SeatC* seats, const uint8_t* hand13,
                      int opened, int j, int x) noexcept nogil:
    """What the seat pays when seat j wins on its discard x now (the 红中 and 痞子 it holds are
    not played: no fan, W5, P3)."""
    cdef const RulesC* r = &v.rules
    cdef const SeatC* me = &seats[v.seat]
    cdef const SeatC* sj = &seats[j]
    cdef int held = 0, i, big = 0, claimed = 1, pongs = 1, suit
    cdef int mine = personal_fan_c(me, r.per_opening)
    cdef int fj = personal_fan_c(sj, r.per_opening)
    cdef int small_u = fj + mine + 1 + (1 if (j == v.dealer or v.seat == v.dealer) else 0)
    cdef bint liable
    cdef double big_cost
    if sj.n_melds == 4:
        for i in range(4):
            claimed &= sj.melds[i].kind != MK_AN_GANG
            pongs &= sj.melds[i].kind != MK_CHI
        if claimed:             # 全求人 (W6), with 碰碰胡 and 清一色 when they hold
            big = 1 + pongs + (1 if one_suit(sj, 4) == _group(x) else 0)
            if r.qqr_not_ready:
                liable = not is_ready_c(hand13, me, v.indicator, v.rules.pizi)
            else:
                liable = holds_non_jiang_c(hand13)
            if liable:          # L1: the three losers' sum
                return _losers_sum(w, v, seats, j, fj, mine, held, opened, big, 1, 0)
            return _mix(w, v, fj + mine + 1 + ((r.big_hu_fan + big - 1) if r.fan_schedule else 0), big, me,
                        opened, held)
    suit = one_suit(sj, 3)
    if suit >= 0 and suit == _group(x) and w.qys_share > 0:
        big_cost = _mix(w, v, fj + mine + 1 + (r.big_hu_fan if r.fan_schedule else 0), 1, me, opened, held)
        return w.qys_share * big_cost + (1.0 - w.qys_share) * _mix(w, v, small_u, 0, me, opened, held)
    return _mix(w, v, small_u, 0, me, opened, held)


cdef double danger_c(const DefenceC* w, const AgentView* v, const ReadingC* rd, const SeatC* seats,
                           const uint8_t* hand13, int opened, int x) noexcept nogil:
    cdef int j, fj, held
    cdef double tot = 0.0
    for j in range(4):
        if j == v.seat:
            continue
        if rd.hit[j][x] > 0.0:
            tot += rd.hit[j][x] * _win_cost(w, v, seats, hand13, opened, j, x)
        if w.feed > 0.0 and v.openings[j] == 2 and one_suit(&seats[j], 2) == _group(x):
            # L2: the claim of x would be j's third opening, all of one suit
            fj = personal_fan_c(&seats[j], v.rules.per_opening) + (1 if v.rules.per_opening else 0)
            held = held_plays(v, hand13)
            tot += w.feed * _losers_sum(w, v, seats, j, fj, personal_fan_c(&seats[v.seat], v.rules.per_opening)
                                        + held, held, opened, 1, 1, 1)
    return tot


cdef double rob_danger(const DefenceC* w, const AgentView* v, int x) noexcept nogil:
    cdef ReadingC rd
    cdef int j, fj, mine
    cdef double tot = 0.0
    read_view(v, &rd)
    if rd.opened == 0:
        return 0.0
    mine = personal_fan_c(&v.seats[v.seat], v.rules.per_opening)
    for j in range(4):
        if j != v.seat and rd.hit[j][x] > 0.0:
            fj = personal_fan_c(&v.seats[j], v.rules.per_opening)
            tot += rd.hit[j][x] * _losers_sum(w, v, v.seats, j, fj, mine, 0, v.openings[v.seat], 1, 1, 0)
    return tot


cdef int _effective(uint8_t* C, const WSpec* sp, const uint8_t* unseen, int a, int b, double* eff) noexcept nogil:
    """eff[0], eff[1]: the unseen effective draws (weighted as unseen) after discarding a, b."""
    cdef int8_t after[34]
    cdef int8_t draws[34 * 34]
    cdef int t, k, d
    wuhan_discards_c(C, sp, after, draws)
    for k in range(2):
        d = a if k == 0 else b
        eff[k] = 0.0
        for t in range(34):
            if draws[34 * d + t] < after[d]:
                eff[k] += unseen[t]
    return 0


cdef int _pick(uint8_t* C, const WSpec* sp, const uint8_t* allowed, const uint8_t* unseen, int* out) noexcept nogil:
    """The greedy order's first discard among allowed (-1: none), out as wuhan_best_discard_c."""
    cdef int x
    for x in range(34):
        if allowed[x]:
            wuhan_best_discard_c(C, sp, allowed, unseen, out)
            return out[0]
    out[0] = -1
    return -1


cdef int defence_options(const DefenceC* w, const AgentView* v, const GreedySeat* g, const int16_t* codes,
                         int n, int choice, int* cands, double* danger, double* hit, int* shanten) noexcept nogil:
    cdef ReadingC rd
    cdef WSpec sp
    cdef uint8_t C[34]
    cdef uint8_t allowed[34]
    cdef uint8_t mask[34]
    cdef uint8_t unseen[34]
    cdef double d[34]
    cdef double eff[2]
    cdef int out[3]
    cdef int i, x, u, j, m = 1
    cdef double least = 1e300
    cands[0] = choice
    if choice < 0 or choice >= A_CHI:
        return 1
    read_view(v, &rd)
    if (rd.opened == 0 and not w.weigh_draws) or greedy_seat_spec(g, &sp) < 0:
        return 1
    memcpy(C, v.hand, 34)
    memset(allowed, 0, 34)
    for i in range(n):
        if codes[i] < A_CHI:
            allowed[codes[i]] = 1
    for x in range(34):
        u = 4 - C[x] - v.visible[x]
        unseen[x] = <uint8_t>(<int>(8.0 * u * (1.0 - min(0.9, rd.held[x])) + 0.5) if w.weigh_draws else u)
    if w.weigh_draws and _pick(C, &sp, allowed, unseen, out) >= 0:
        cands[0] = choice = out[0]
    if (rd.opened == 0 and w.feed <= 0.0) or w.scale <= 0.0:
        return 1
    for x in range(34):
        d[x] = 0.0
        if allowed[x]:
            C[x] -= 1
            d[x] = w.scale * danger_c(w, v, &rd, v.seats, C, v.openings[v.seat], x)
            C[x] += 1
            least = min(least, d[x])
    if d[choice] <= w.margin:
        return 1
    memset(mask, 0, 34)
    for x in range(34):
        mask[x] = allowed[x] and d[x] + w.margin < d[choice]
    if _pick(C, &sp, mask, unseen, out) < 0:
        return 1
    shanten[0] = out[2]         # the least over every discard: the choice's
    cands[1] = out[0]
    shanten[1] = out[1]
    m = 2
    if w.keep_draws > 0.0 and shanten[1] == shanten[0] and _effective(C, &sp, unseen, choice, out[0], eff) == 0:
        if eff[1] < w.keep_draws * eff[0]:
            return 1            # the safer discard gives up too many effective draws
    if d[out[0]] > least + 1e-9:
        for x in range(34):
            mask[x] = allowed[x] and d[x] <= least + 1e-9
        if _pick(C, &sp, mask, unseen, out) >= 0:
            cands[2] = out[0]
            shanten[2] = out[1]
            m = 3
    for i in range(m):
        danger[i] = d[cands[i]]
        hit[i] = 0.0
        for j in range(4):
            hit[i] += rd.hit[j][cands[i]]
        hit[i] = min(1.0, hit[i])
    return m


cdef int defend_discard(const DefenceC* w, const AgentView* v, const GreedySeat* g, const int16_t* codes,
                        int n, int choice) noexcept nogil:
    cdef int cands[3]
    cdef int shanten[3]
    cdef double danger[3]
    cdef double hit[3]
    cdef int m = defence_options(w, v, g, codes, n, choice, cands, danger, hit, shanten)
    if m >= 2 and shanten[1] == shanten[0]:
        return cands[1]         # as fast, and safer
    if m >= 2 and shanten[0] >= w.fold_shanten and danger[0] - danger[m - 1] > w.fold_margin:
        return cands[m - 1]     # fold: the safest
    return cands[0]


cdef int _weights(DefenceC* w, hard_share, qys_share, feed) except -1:
    memset(w, 0, sizeof(DefenceC))
    for name, x in (("hard_share", hard_share), ("qys_share", qys_share), ("feed", feed)):
        if isinstance(x, bool) or not isinstance(x, (int, float)) or not 0 <= x <= 1:
            raise SimulationError(f"{name} must be a number from 0 to 1, got {x!r}")
    w.scale = 1.0
    w.hard_share = hard_share
    w.qys_share = qys_share
    w.feed = feed
    return 0


def win_costs(source, seat=None, *, hard_share=0.4, qys_share=0.6):
    """What the seat pays when each other seat wins on each kind it may discard now (see the
    module docstring: 放冲 S3, a 全求人's liability L1, a 清一色 threat W6).

    Args:
        source, seat: a NativeHand and the seat, or an Observation (as
            :func:`wuhanmj.native.infer.reading`).
        hard_share, qys_share: :data:`DEFENCE_WEIGHTS`.

    Returns:
        float64 array (4, 34) [points or money, the schedule's unit]: row j, column x, the
        seat's payment if seat j wins on its discard x; 0 on the seat's own row and for the
        kinds it does not hold.

    Raises:
        IllegalActionError: a bad seat or source; SimulationError: a weight outside 0-1.
    """
    cdef AgentView v
    cdef DefenceC w
    cdef uint8_t C[34]
    cdef int j, x
    view_of(&v, source, seat)
    _weights(&w, hard_share, qys_share, 0.0)
    ensure_tables()             # is_ready_c's (L1)
    out = np.zeros((4, 34), dtype=np.float64)
    memcpy(C, v.hand, 34)
    for x in range(34):
        if C[x] == 0:
            continue
        C[x] -= 1
        for j in range(4):
            if j != v.seat:
                out[j, x] = _win_cost(&w, &v, v.seats, C, v.openings[v.seat], j, x)
        C[x] += 1
    return out


def discard_danger(source, seat=None, *, hard_share=0.4, qys_share=0.6, feed=0.0):
    """The danger of each kind the seat may discard now: its expected payment for the
    discard (see the module docstring; the reading's ``hit`` times :func:`win_costs`, and
    the ``feed`` of a one-suit seat's third opening, L2).

    Args:
        source, seat: as :func:`win_costs`.
        hard_share, qys_share, feed: :data:`DEFENCE_WEIGHTS`.

    Returns:
        float64 array (34,) [points or money]: 0 for the kinds the seat does not hold.

    Raises:
        IllegalActionError: a bad seat or source; SimulationError: a weight outside 0-1.
    """
    cdef AgentView v
    cdef DefenceC w
    cdef ReadingC rd
    cdef uint8_t C[34]
    cdef int x
    view_of(&v, source, seat)
    _weights(&w, hard_share, qys_share, feed)
    ensure_tables()             # is_ready_c's (L1)
    read_view(&v, &rd)
    out = np.zeros(34, dtype=np.float64)
    memcpy(C, v.hand, 34)
    for x in range(34):
        if C[x]:
            C[x] -= 1
            out[x] = danger_c(&w, &v, &rd, v.seats, C, v.openings[v.seat], x)
            C[x] += 1
    return out
