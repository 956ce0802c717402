# cython: language_level=3
"""The expert's evaluation: the value of each legal option of a seat, from what it sees.

:func:`evaluate_options` plays the rest of the hand many times, the seat alone against the
tiles it has not seen (the model below), and gives for each option the probability that
the seat wins, the mean payment when it wins (the real settlement) and its expected
payment for the rest of the hand. :class:`~wuhanmj.native.expert.ExpertAgent` takes its hu
and claim decisions by this value (the C functions of ``evaluation.pxd``), and
``wuhanmj review`` shows it for each decision of a recorded hand.
"""

from libc.stdint cimport int16_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from wuhanmj.core.defs cimport PAIR_ANY, PAIR_258
from wuhanmj.core.shanten cimport shanten_c
from wuhanmj.core.tables cimport ensure_tables
from wuhanmj.native.agent cimport AgentView
from wuhanmj.native.agents cimport agent_view, agents_prepare, has_code
from wuhanmj.native.defs cimport (
    A_AN_GANG,
    A_CHI,
    A_CHONG_GANG,
    A_DISCARD,
    A_HONGZHONG_GANG,
    A_HU,
    A_LAIZI_GANG,
    A_PASS,
    A_PENG,
    A_PIZI_GANG,
    A_XU_GANG,
    HONGZHONG,
    HOW_FANGCHONG,
    HOW_GANGSHANGHUA,
    HOW_HAIDILAO,
    HOW_ZIMO,
    MK_AN_GANG,
    MK_CHONG_GANG,
    MK_CHI,
    MK_PENG,
    MK_XU_GANG,
    N_ACTIONS,
    PH_CLAIM,
    PH_OVER,
    PH_TURN,
    chi_low,
)
from wuhanmj.native.defence cimport loser_amount
from wuhanmj.native.hand cimport HandC, hand_apply, hand_current, hand_legal
from wuhanmj.native.handapi cimport NativeHand
from wuhanmj.native.infer cimport one_suit
from wuhanmj.native.rng cimport Pcg64, pcg64_bounded, pcg64_double, pcg64_seed_int
from wuhanmj.native.rulesc cimport RulesC
from wuhanmj.native.score cimport SeatC, WinIn, WinOut, evaluate_win_c, personal_fan_c

import numpy as np

from wuhanmj import _checks
from wuhanmj.errors import IllegalActionError, SimulationError

__all__ = ["CALIBRATED", "EVALUATION_PARAMETERS", "OPTION_FIELDS", "evaluate_options"]


# evaluate_options values each legal option of a seat by what the seat can see: its own
# tiles, every seat's melds and plays, the tiles face up, the wall's length. It plays the
# rest of the hand many times, the seat alone against the tiles it has not seen:
# - the others each draw a tile in turn and, in this model, discard it; on its turn each
#   other seat wins with probability ``hazard``, and the seat then pays what that seat's
#   small hu by 自摸 costs it, times ``loss_scale`` (its own fan counts, so an opening under
#   口口翻 or a 红中杠 costs here: the exposure);
# - the seat wins on a discard (放冲) or its own draw when the scoring accepts the hand (the
#   real settlement: S, X and L rules, caps, 闭, 风翻); it takes a 碰 or 吃 that lowers its
#   shanten (or keeps it on a first opening, W4), plays every 红中 / 痞子 and a second 癞子 at
#   once (P3, W8), and otherwise discards the tile that lowers its shanten most (else the
#   drawn one); the last four tiles go by the 海底 phase (G3).
# A discard's value is then lowered by its expected payment into another seat's win
# (_danger: the defence).

OPTION_FIELDS = ("win", "points", "value")
"""The columns of :func:`evaluate_options`: the probability of winning the hand after the
option, the expected payment to the seat when it wins [points or money], and the
estimated expected payment of the seat for the rest of the hand [points or money]."""

cdef double HAZARD_POINTS = 0.07, LOSS_POINTS = 1.8     # CALIBRATED (X1)
cdef double HAZARD_FAN = 0.045, LOSS_FAN = 2.5          # CALIBRATED (X2)
cdef double READY_PER_OPENING = 0.15, WAIT_SHARE = 0.06, SUIT_WAIT_SHARE = 0.25

EVALUATION_PARAMETERS = {"samples": 256, "hazard": None, "loss_scale": None,
                         "ready_per_opening": READY_PER_OPENING, "wait_share": WAIT_SHARE,
                         "suit_wait_share": SUIT_WAIT_SHARE}
"""The parameters of :func:`evaluate_options` and their defaults: ``samples``, the draw
sequences per option; ``hazard``, the probability that another seat wins on one of its
turns; ``loss_scale``, what the seat pays when another seat wins, as a multiple of that
seat's small hu by 自摸 (big hu and 放冲 make it more; None for both: the rule set's
schedule's value from :data:`CALIBRATED`); the defence weights of a discard:
``ready_per_opening``, the chance per opening that a seat is ready (at most 0.9),
``wait_share``, the chance that a given tile is among a ready seat's waits, and
``suit_wait_share``, the same for a tile of the suit of a seat whose melds are all of one
suit (a 清一色 threat; its other tiles count as safe)."""

CALIBRATED = {"points": {"hazard": HAZARD_POINTS, "loss_scale": LOSS_POINTS},
              "fan": {"hazard": HAZARD_FAN, "loss_scale": LOSS_FAN}}
"""The defaults of ``hazard`` and ``loss_scale`` for each settlement schedule (X1, X2),
fitted on four expert bots' hands (300 hands a preset, about 1,000 sampled decisions): the
mean predicted win probability and value of the option played match the win rate and the
mean payment that followed (``kaikou``/``koukou``: 0.25 against 0.25; ``koukou_fan``: 0.29
against 0.27)."""


ctypedef struct Position:       # the seat after an option
    uint8_t hand[34]            # its concealed counts, 3k+1: a tile to come
    SeatC seats[4]              # every seat's melds and plays, its own updated
    int openings                # its 开口 (W4)
    int before                  # the others' turns before its next draw (0-3)
    int back                    # its next draw is a replacement (杠上开花)
    int left                    # tiles left in the live wall (G2)


cdef inline bint _blocked(const Table* t, int x) noexcept nogil:
    """红中 or a 痞子 (W5): played out, never kept (P3)."""
    return x == HONGZHONG or (t.n_pizi > 0 and (x == t.pizi[0] or x == t.pizi[1]))


cdef inline int _shanten(const Table* t, const uint8_t* C) noexcept nogil:
    """The small-hu shanten (W2: a 2/5/8 pair) of C, its 癞子 as wildcards."""
    cdef uint8_t c[34]
    memcpy(c, C, 34)
    cdef int w = c[t.laizi]
    c[t.laizi] = 0
    return shanten_c(c, w, PAIR_258, False)


cdef inline int _policy_discard(const Table* t, uint8_t* C, int keep) noexcept nogil:
    """The model's discard from 3k+2 counts C: the kind that leaves the least shanten,
    ``keep`` (the drawn tile, or -1) only when it is no worse; a 癞子 or a blocked tile
    only when nothing else is held. Returns the kind (C unchanged)."""
    cdef int y, s, best = -1, bs = 99
    if keep >= 0 and keep != t.laizi and not _blocked(t, keep):
        C[keep] -= 1
        bs = _shanten(t, C)
        C[keep] += 1
        best = keep
    for y in range(34):
        if C[y] == 0 or y == keep or y == t.laizi or _blocked(t, y):
            continue
        C[y] -= 1
        s = _shanten(t, C)
        C[y] += 1
        if s < bs:
            bs = s
            best = y
    if best < 0:                # only 癞子 and blocked tiles: give up the first held
        for y in range(34):
            if C[y]:
                return y
    return best


cdef bint _win(const Table* t, const Position* p, const uint8_t* C, const SeatC* me, int x,
               int how, int d, double* pay) noexcept nogil:
    """True and the seat's payment in pay when the 14 counts C win on x (W1–W11, S, X, L);
    how HOW_*, d the discarder (-1 self-drawn)."""
    cdef WinIn w
    cdef WinOut o
    cdef uint8_t c[34]
    cdef int wl
    memcpy(c, C, 34)
    wl = c[t.laizi]
    c[t.laizi] = 0
    if shanten_c(c, wl, PAIR_ANY, False) != -1:
        return False            # not a complete shape (a 乱将 / 乱风 of any shape, W3, is not sought)
    memset(&w, 0, sizeof(WinIn))
    memcpy(w.hand, C, 34)
    w.win_tile = x
    w.how = how
    w.winner = t.seat
    w.dealer = t.dealer
    w.discarder = d
    w.indicator = t.indicator
    w.prev_laizi = t.prev_laizi
    w.discarder_ready = -1
    w.discarder_holds_non_jiang = -1
    memcpy(w.seats, p.seats, sizeof(w.seats))
    w.seats[t.seat] = me[0]
    evaluate_win_c(t.r, &w, &o)
    if not o.legal:
        return False
    pay[0] = o.payments[t.seat]
    return True


cdef inline int _next(const Table* t, uint8_t* deck, int* idx, Pcg64* g) noexcept nogil:
    """The next unseen tile of the sequence (a partial Fisher–Yates shuffle of deck)."""
    cdef int i = idx[0], j
    cdef uint8_t x
    j = i + <int>pcg64_bounded(g, t.n_pool - 1 - i)
    x = deck[j]
    deck[j] = deck[i]
    deck[i] = x
    idx[0] = i + 1
    return x


cdef inline void _add_meld(SeatC* s, int kind, int tile, int source) noexcept nogil:
    s.melds[s.n_melds].kind = kind
    s.melds[s.n_melds].tile = tile
    s.melds[s.n_melds].source = source
    s.n_melds += 1


cdef inline bint _chow_held(const Table* t, const uint8_t* C, int lo, int x) noexcept nogil:
    """The two tiles of the chow lo..lo+2 other than x are held (neither a 癞子 nor blocked:
    they never go into a meld)."""
    cdef int y
    for y in range(lo, lo + 3):
        if y == x:
            continue
        if C[y] == 0 or y == t.laizi or _blocked(t, y):
            return False
    return True


cdef bint _take_claim(const Table* t, uint8_t* C, SeatC* me, int* opened, int x, int src,
                     bint chi_ok) noexcept nogil:
    """The model's claim of x discarded by seat src (P2): the 碰, or with chi_ok a 吃, that
    lowers the shanten after its discard, or keeps it on a first opening (W4); then that
    discard. True when it claims (C, me, opened updated)."""
    cdef int s, d, low, lo, best_low = -2, best_d = -1
    cdef int limit = _shanten(t, C) + (0 if opened[0] else 1)
    if C[x] >= 2 and x != t.laizi:
        C[x] -= 2
        d = _policy_discard(t, C, -1)
        C[d] -= 1
        s = _shanten(t, C)
        C[d] += 1
        C[x] += 2
        if s < limit:
            limit = s
            best_low = -1
            best_d = d
    if chi_ok and x < 27:
        for lo in range(max(x - 2, (x // 9) * 9), min(x, (x // 9) * 9 + 6) + 1):
            if not _chow_held(t, C, lo, x):
                continue
            C[x] += 1
            C[lo] -= 1
            C[lo + 1] -= 1
            C[lo + 2] -= 1
            d = _policy_discard(t, C, -1)
            C[d] -= 1
            s = _shanten(t, C)
            C[d] += 1
            C[lo] += 1
            C[lo + 1] += 1
            C[lo + 2] += 1
            C[x] -= 1
            if s < limit:
                limit = s
                best_low = lo
                best_d = d
    if best_d < 0:
        return False
    if best_low == -1:
        C[x] -= 2
        _add_meld(me, MK_PENG, x, src)
    else:
        low = best_low
        C[x] += 1
        C[low] -= 1
        C[low + 1] -= 1
        C[low + 2] -= 1
        _add_meld(me, MK_CHI, low, src)
    opened[0] += 1
    C[best_d] -= 1
    return True


cdef int _haidi(const Table* t, const Position* p, Pcg64* g, uint8_t* deck, int* idx,
                const uint8_t* C0, const SeatC* me, int opened, int first, int live,
                double* pay) noexcept nogil:
    """G3: the last ``live`` tiles (at most 4), one to each seat in turn from ``first``;
    only a 海底捞 wins (W6), no discard, no play. 1, -1 or 0 as _sequence."""
    cdef uint8_t C[34]
    cdef int i, s, x
    memcpy(C, C0, 34)
    for i in range(live):
        s = (first + i) % 4
        if s != t.seat:
            if pcg64_double(g) < t.hazard:
                pay[0] = -t.loss_scale * _loss(t, p.seats, me, opened, C, s)
                return -1
            _next(t, deck, idx, g)
            continue
        x = _next(t, deck, idx, g)
        C[x] += 1
        if opened and not _holds_blocked(t, C) and _win(t, p, C, me, x, HOW_HAIDILAO, -1, pay):
            return 1
        C[x] -= 1
    return 0


cdef inline bint _holds_blocked(const Table* t, const uint8_t* C) noexcept nogil:
    """W5: a 红中 or a 痞子 in hand."""
    return C[HONGZHONG] > 0 or (t.n_pizi > 0 and (C[t.pizi[0]] > 0 or C[t.pizi[1]] > 0))


cdef int _sequence(const Table* t, const Position* p, Pcg64* g, double* pay) noexcept nogil:
    """One draw sequence: 1 when the seat wins, -1 when another seat does, 0 for a draw;
    the seat's payment in pay (negative when it loses). The wall's live part (G2) is
    drawn in turn; its last four tiles go by the 海底 phase (G3). Every draw takes a tile
    of the pool, and there are no more draws than it holds (live <= n_pool)."""
    cdef uint8_t C[34]
    cdef uint8_t deck[136]
    cdef SeatC me = p.seats[t.seat]
    cdef int idx = 0, live = min(p.left, t.n_pool), before = p.before, back = p.back
    cdef int opened = p.openings
    cdef int k, x, s, how, src
    memcpy(C, p.hand, 34)
    memcpy(deck, t.pool, t.n_pool)
    while True:
        k = 0
        while k < before:                   # the others' turns: a draw and, here, its discard
            src = (t.seat + 4 - before + k) % 4
            if live <= 4:
                return _haidi(t, p, g, deck, &idx, C, &me, opened, src, live, pay)
            if pcg64_double(g) < t.hazard:  # src wins on its turn
                pay[0] = -t.loss_scale * _loss(t, p.seats, &me, opened, C, src)
                return -1
            x = _next(t, deck, &idx, g)
            live -= 1
            if x != t.laizi and not _blocked(t, x):   # a 癞子 is played as a 癞子杠, never discarded
                if opened:
                    C[x] += 1
                    if _win(t, p, C, &me, x, HOW_FANGCHONG, src, pay):
                        return 1
                    C[x] -= 1
                if _take_claim(t, C, &me, &opened, x, src, k == before - 1):
                    before = 3              # the seat discarded: the next seat's turn
                    k = 0
                    continue
            k += 1
        before = 3
        if live <= 4 and not back:          # a replacement draw is never a 海底 one (G4)
            return _haidi(t, p, g, deck, &idx, C, &me, opened, t.seat, live, pay)
        x = _next(t, deck, &idx, g)
        live -= 1
        C[x] += 1
        how = HOW_GANGSHANGHUA if back else HOW_ZIMO
        back = 0
        while live > 4:                     # 红中杠, 痞子杠, a second 癞子 played (P3, W8; G4)
            s = -1
            if C[HONGZHONG]:
                s = HONGZHONG
                me.hz += 1
            elif t.n_pizi and C[t.pizi[0]]:
                s = t.pizi[0]
                me.pz += 1
            elif t.n_pizi and C[t.pizi[1]]:
                s = t.pizi[1]
                me.pz += 1
            elif C[t.laizi] >= 2:
                s = t.laizi
                me.lz += 1
            if s < 0:
                break
            C[s] -= 1
            x = _next(t, deck, &idx, g)
            live -= 1
            C[x] += 1
            how = HOW_GANGSHANGHUA
        if opened and not _holds_blocked(t, C) and _win(t, p, C, &me, x, how, -1, pay):
            return 1
        C[_policy_discard(t, C, x)] -= 1


cdef inline double _amount(const Table* t, int u, int big, const SeatC* me, int opened,
                          int held) noexcept nogil:
    """What the seat pays as a loser of fan u (S5, X1–X4: defence.loser_amount)."""
    return loser_amount(t.r, t.doubled, u, big, me, opened, held)


cdef inline int _held_plays(const Table* t, const uint8_t* C) noexcept nogil:
    """The 红中 and 痞子 held: played before any win of the seat (W5, P3), so counted."""
    return C[HONGZHONG] + (C[t.pizi[0]] + C[t.pizi[1]] if t.n_pizi else 0)


cdef double _loss(const Table* t, const SeatC* seats, const SeatC* me, int opened,
                  const uint8_t* C, int j) noexcept nogil:
    """What the seat pays when seat j wins a small hu by 自摸 with the fan j shows: U = j's
    fan + 1 (自摸, S2) + the seat's fan + the dealer's (S3, S5). seats: every seat's melds
    (j's read), me: the seat's now."""
    cdef const RulesC* r = t.r
    cdef int held = _held_plays(t, C)
    cdef int u = personal_fan_c(&seats[j], r.per_opening) + 1
    u += personal_fan_c(me, r.per_opening) + held
    u += 1 if (j == t.dealer or t.seat == t.dealer) else 0
    return _amount(t, u, 0, me, opened, held)


cdef double _danger(const Table* t, const Position* p, int d) noexcept nogil:
    """The expected payment of discarding d into another seat's win (放冲): for each other
    seat j, P(j is ready) = its openings × ready_per_opening (at most 0.9), times the share
    of j's waits d may be — suit_wait_share for a tile of the suit of j's one-suit melds
    (a 清一色 threat: nothing for the other tiles), wait_share otherwise — times what the
    seat then pays as the discarder: U = j's fan + the seat's + 1 (S3) + the dealer's (a
    small hu) or + big_hu_fan (the 清一色, S4, base 10 under X1)."""
    cdef const RulesC* r = t.r
    cdef const SeatC* me = &p.seats[t.seat]
    cdef int j, u, suit, held = _held_plays(t, p.hand)
    cdef int mine = personal_fan_c(me, r.per_opening) + held
    cdef double ready, share, tot = 0.0
    for j in range(4):
        if j == t.seat or t.openings[j] == 0:
            continue
        ready = min(0.9, t.openings[j] * t.ready_per_opening)
        suit = one_suit(&p.seats[j], 2)
        u = personal_fan_c(&p.seats[j], r.per_opening) + mine + 1
        if suit >= 0:
            if d >= 27 or d // 9 != suit:
                continue
            share = t.suit_wait_share
            u += r.big_hu_fan if r.fan_schedule else 0
        else:
            share = t.wait_share
            u += 1 if (j == t.dealer or t.seat == t.dealer) else 0
        tot += ready * share * _amount(t, u, suit >= 0, me, p.openings, held)
    return tot


cdef void _table(const AgentView* v, Table* t) noexcept nogil:
    """What every option of the view's decision shares (the weights are the caller's)."""
    cdef int k, c, n = 0
    t.r = &v.rules
    t.seat = v.seat
    t.dealer = v.dealer
    t.indicator = v.indicator
    t.laizi = v.laizi
    t.prev_laizi = v.prev_laizi
    t.n_pizi = v.n_pizi
    t.pizi[0] = v.pizi[0]
    t.pizi[1] = v.pizi[1]
    for k in range(4):
        t.openings[k] = v.openings[k]
    t.doubled = 1 if (v.rules.wind_laizi_double and (v.laizi >= 27 or v.laizi == v.prev_laizi)) else 0
    for k in range(34):
        c = 4 - v.visible[k] - v.hand[k]
        while c > 0:
            t.pool[n] = k
            n += 1
            c -= 1
    t.n_pool = n


cdef int _position(const AgentView* v, const Table* t, int code, Position* p) noexcept nogil:
    """The seat's position after code (not A_HU). 0, or -1 for a code it cannot follow."""
    cdef int seat = t.seat, tile = v.claim_tile, low, k
    cdef SeatC* me = &p.seats[seat]
    cdef uint8_t* C = p.hand
    memcpy(C, v.hand, 34)
    memcpy(p.seats, v.seats, sizeof(p.seats))
    p.openings = v.openings[seat]
    p.left = v.tiles_left - v.rules.dead_wall     # the live wall (G2)
    p.back = 0
    p.before = 3
    if code < A_CHI:                            # a discard
        C[code - A_DISCARD] -= 1
        return 0
    if code == A_PASS:                          # the next draw in turn order (P2)
        p.before = (seat - v.turn - 1 + 8) % 4
        return 0
    if code < A_PENG or code == A_PENG:         # 吃 or 碰, then a discard (D18)
        if code == A_PENG:
            C[tile] -= 2
            _add_meld(me, MK_PENG, tile, v.turn)
        else:
            low = chi_low(code)
            C[low] += 1 if tile == low else 0
            C[low + 1] += 1 if tile == low + 1 else 0
            C[low + 2] += 1 if tile == low + 2 else 0
            C[low] -= 1
            C[low + 1] -= 1
            C[low + 2] -= 1
            _add_meld(me, MK_CHI, low, v.turn)
        p.openings += 1
        C[_policy_discard(t, C, -1)] -= 1
        return 0
    p.back = 1                                  # a gang or a special play: a replacement draw
    p.before = 0
    if code == A_CHONG_GANG:
        C[tile] -= 3
        _add_meld(me, MK_CHONG_GANG, tile, v.turn)
        p.openings += 1
    elif code < A_AN_GANG:                      # 蓄杠: the 碰 becomes a 明杠 in place (L2)
        tile = code - A_XU_GANG
        C[tile] -= 1
        for k in range(me.n_melds):
            if me.melds[k].kind == MK_PENG and me.melds[k].tile == tile:
                me.melds[k].kind = MK_XU_GANG
    elif code < A_HONGZHONG_GANG:
        tile = code - A_AN_GANG
        C[tile] -= 4
        _add_meld(me, MK_AN_GANG, tile, -1)
    elif code == A_HONGZHONG_GANG:
        C[HONGZHONG] -= 1
        me.hz += 1
    elif code < A_LAIZI_GANG:
        C[code - A_PIZI_GANG] -= 1
        me.pz += 1
    elif code == A_LAIZI_GANG:
        C[t.laizi] -= 1
        me.lz += 1
    else:
        return -1
    return 0


cdef double _hu_now(const HandC* h, int seat) noexcept nogil:
    """The seat's payment when it declares the hu now (the others pass what is left of
    the window)."""
    cdef HandC x
    cdef int16_t codes[N_ACTIONS]
    cdef int s, n
    memcpy(&x, h, sizeof(HandC))
    if hand_apply(&x, seat, A_HU) != 0:
        return 0.0
    while x.phase != PH_OVER:
        s = hand_current(&x)
        n = hand_legal(&x, s, codes)
        if not has_code(codes, n, A_PASS) or hand_apply(&x, s, A_PASS) != 0:
            return 0.0
    return x.win.payments[seat] if x.winner == seat else 0.0


cdef double hu_seen(const AgentView* v, const Table* t, int* known) noexcept nogil:
    """The seat's payment for the hu it may declare now, as it sees it (the settlement with
    the others' hands unknown: discarder_ready and the like at -1). known = 0 when the
    view cannot value it (a 乱将 / 乱风 shape, W3, or a window the model does not price)."""
    cdef Position p
    cdef uint8_t C[34]
    cdef double pay = 0.0
    cdef int how, d = -1, x
    known[0] = 0
    memcpy(C, v.hand, 34)
    memcpy(p.seats, v.seats, sizeof(p.seats))
    if v.phase == PH_TURN and v.drawn >= 0:
        how = HOW_GANGSHANGHUA if v.replacement else HOW_ZIMO
        x = v.drawn
    elif v.phase == PH_CLAIM and v.claim_tile >= 0:
        how = HOW_FANGCHONG
        d = v.turn
        x = v.claim_tile
        C[x] += 1
    else:
        return 0.0
    if _win(t, &p, C, &p.seats[t.seat], x, how, d, &pay):
        known[0] = 1
    return pay


cdef void evaluate_one(const AgentView* v, const Table* t, int code, int samples, uint64_t seed,
                        double* out) noexcept nogil:
    """out[0..2] = win, points, value of code (not A_HU)."""
    cdef Position p
    cdef Pcg64 g
    cdef int i, r, wins = 0
    cdef double pay = 0.0, won = 0.0, total = 0.0
    _position(v, t, code, &p)
    pcg64_seed_int(&g, seed)            # the same sequences for every option of a decision
    for i in range(samples):
        r = _sequence(t, &p, &g, &pay)
        if r == 1:
            wins += 1
            won += pay
        if r != 0:
            total += pay
    out[0] = wins / <double>samples
    out[1] = won / wins if wins else 0.0
    out[2] = total / samples
    if code < A_CHI:
        out[2] -= _danger(t, &p, code - A_DISCARD)


def evaluate_options(NativeHand hand not None, seat, codes=None, *, samples=256, seed=0,
                     hazard=None, loss_scale=None, ready_per_opening=READY_PER_OPENING,
                     wait_share=WAIT_SHARE, suit_wait_share=SUIT_WAIT_SHARE):
    """The expert's value of each legal option of ``seat`` now, from what the seat sees.

    For each option, over ``samples`` draw sequences of the rest of the hand (the comment
    above this function: the seat plays alone against the tiles it has not seen; each
    other seat wins on its turn with probability ``hazard``): the probability that the
    seat wins, the mean payment it then receives (the real settlement: S/X/L rules, the
    schedule, caps, 闭, 风翻), and the mean of its payment over all sequences — its wins,
    and what it pays when another seat wins, which grows with its own fan (an opening
    under 口口翻, S1, or a 红中杠 doubles it) — less, for a discard, its expected payment
    into another seat's win (放冲, S3; the suit of a 清一色 threat, W6, costs most). A hu
    now is worth its payment (win 1). Deterministic for a seed: every option is valued on
    the same sequences.

    Args:
        hand: a NativeHand (not changed; only what ``seat`` sees is read).
        seat: 0-3, a seat with a decision now.
        codes: action codes legal for it (default: all of them, ascending).
        samples: draw sequences per option, 1 to 2**31 - 1 (default 256).
        seed: an int 0 <= seed < 2**64.
        hazard: the probability that another seat wins on one of its turns, 0-1 (None:
            :data:`CALIBRATED` for the hand's schedule).
        loss_scale: what the seat pays when another seat wins, over that seat's small hu
            by 自摸, >= 0 (None: :data:`CALIBRATED`).
        ready_per_opening, wait_share, suit_wait_share: the defence weights, 0-1
            (:data:`EVALUATION_PARAMETERS`): a discard's value is lowered by its expected
            payment into another seat's win (放冲, S3; a 清一色 threat's suit, W6).

    Returns:
        float64 array (len(codes), 3): the columns of :data:`OPTION_FIELDS` — win
        (probability), points (the seat's payment when it wins, points or money, as
        ``NativeHand.result.payments``), value (its expected payment, the same unit).

    Raises:
        IllegalActionError: ``seat`` is not a seat or has no decision now, ``codes`` is
            not a sequence of codes (a number, a string), or a code is not legal for it.
        SimulationError: ``samples`` not 1 to 2**31 - 1, ``hazard`` or a defence weight
            outside 0-1, ``loss_scale`` < 0, or a bad seed.
    """
    cdef HandC* h = &hand.h
    cdef int16_t legal[N_ACTIONS]
    cdef int s = _checks.seat(seat, "seat", IllegalActionError), n, i, k, m, ns
    cdef Table t
    cdef AgentView v
    cdef uint64_t sd
    cdef double[:, ::1] view
    ensure_tables()             # the shanten kernels' tables
    agents_prepare()            # the hand engine's (the hu now, the scoring)
    if h.phase == PH_OVER:
        raise IllegalActionError(f"evaluate_options: the hand is over (seat {s} has no decision)")
    n = hand_legal(h, s, legal)
    if n == 0:
        raise IllegalActionError(f"evaluate_options: seat {s} has no decision now")
    allowed = [legal[i] for i in range(n)]
    if codes is not None and (isinstance(codes, (str, bytes)) or not hasattr(codes, "__iter__")):
        raise IllegalActionError(f"evaluate_options: codes must be a sequence of action codes, got {codes!r}")
    cs = allowed if codes is None else list(codes)
    for c in cs:
        if _checks.index(c) is None or c not in allowed:
            raise IllegalActionError(f"evaluate_options: {c!r} is not a legal code for seat {s} "
                                     f"(legal: {allowed})")
    ns = _checks.count(samples, "evaluate_options: samples", SimulationError, 1, 2 ** 31 - 1)
    sd = _checks.count(seed, "evaluate_options: seed", SimulationError, 0, 2 ** 64 - 1)
    fit = CALIBRATED["fan" if h.rules.fan_schedule else "points"]
    hazard = fit["hazard"] if hazard is None else hazard
    loss_scale = fit["loss_scale"] if loss_scale is None else loss_scale
    weights = {"hazard": hazard, "loss_scale": loss_scale, "ready_per_opening": ready_per_opening,
               "wait_share": wait_share, "suit_wait_share": suit_wait_share}
    for name, x in weights.items():
        high = float("inf") if name == "loss_scale" else 1.0
        if isinstance(x, bool) or not isinstance(x, (int, float)) or not 0 <= x <= high or x == float("inf"):
            bound = ">= 0" if name == "loss_scale" else "from 0 to 1"
            raise SimulationError(f"evaluate_options: {name} must be a number {bound}, got {x!r}")
    arr = np.zeros((len(cs), len(OPTION_FIELDS)), dtype=np.float64)
    view = arr
    codes_c = [int(c) for c in cs]
    agent_view(&v, h, s, NULL)          # what the seat sees, as a native agent sees it
    _table(&v, &t)
    t.hazard = hazard
    t.loss_scale = loss_scale
    t.ready_per_opening = ready_per_opening
    t.wait_share = wait_share
    t.suit_wait_share = suit_wait_share
    for k in range(len(codes_c)):
        m = codes_c[k]
        with nogil:
            if m == A_HU:
                view[k, 0] = 1.0
                view[k, 1] = view[k, 2] = _hu_now(h, s)
            else:
                evaluate_one(&v, &t, m, ns, sd, &view[k, 0])
    return arr


cdef void bot_table(const AgentView* v, Table* t) noexcept nogil:
    """The table of the view's decision with the bot's weights: the defaults of
    EVALUATION_PARAMETERS, hazard and loss_scale as CALIBRATED for the rule set's schedule
    (X1, X2)."""
    _table(v, t)
    t.hazard = HAZARD_FAN if t.r.fan_schedule else HAZARD_POINTS
    t.loss_scale = LOSS_FAN if t.r.fan_schedule else LOSS_POINTS
    t.ready_per_opening = READY_PER_OPENING
    t.wait_share = WAIT_SHARE
    t.suit_wait_share = SUIT_WAIT_SHARE
