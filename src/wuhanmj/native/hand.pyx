# cython: language_level=3
"""The native hand engine: :mod:`wuhanmj.game.moves` on a C struct.

One hand of Wuhan Mahjong — the deal (G1, R2), turns (P1, P3: discards, 自摸 / 杠上开花 /
海底捞, 暗杠, 蓄杠 with its 抢杠 window P4, 红中/痞子/癞子杠 with replacement draws D1),
claim windows (P2: hu > 冲杠/碰 > 吃, one winner in ``hu_order``, D11; a window closes once
no pending answer can change it), the G4/D12 gang floor, the 海底 phase (G3: seats that
cannot win pass by themselves), the exhaustive draw (X6), the L5 下雨 threats and their
co-liable seats, the W8/D13 second 癞子 — on the :c:type:`HandC` of ``hand.pxd``: C arrays,
no Python object, no heap allocation, no GIL (except the Python scoring, when plugged in).

The Python engine is the reference and this module follows it step by step, its
documented decisions included (a 碰/吃 claimer may not 自摸, and under D18's ``after_draw``
may not 暗杠/蓄杠 in the rest of that turn, a special play's replacement draw included
(moves.concealed_gang_allowed); a seat holding only
红中/痞子/癞子 while G4 forbids special plays discards one of them, never claimable; a 海底
draw that is not a win stays in the hand), and its caches of the self-drawn win of the seat
on turn and the claim wins of an open window, dropped at the same points. Its third cache,
the waiting kinds of each seat (moves.win_kinds), only lets it skip work, so this engine
tests the one tile drawn or offered instead (moves.shape_may_win, a superset of the wins
too: the scoring decides either way), on each seat's hu-table entries, which it keeps up to
date (``HandC.ent``; ``hand_forget`` drops them with the other caches).

Wins are scored through the module's function pointers ``evaluate_fn`` and ``ready_fn``:
by default the native :func:`evaluate_win_c` and :func:`is_ready_c` (score.pxd).
:c:func:`hand_set_scoring` (hand.pxd) replaces them: that is how
:func:`wuhanmj.native.fallback.use_scoring` ("python") plugs in
:func:`wuhanmj.scoring.evaluate_win` and :func:`wuhanmj.hand.waits.is_ready` instead (they
take the GIL), for tests.

The module has no Python names: C code cimports the engine through ``hand.pxd``; its
Python face is :class:`wuhanmj.native.handapi.NativeHand`.
"""

from libc.stdint cimport int8_t, int16_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from wuhanmj.core.defs cimport PAIR_ANY, is_jiang_c
from wuhanmj.core.shape cimport combine_entries, is_complete_c
from wuhanmj.core.tables cimport HU, honor_key, suit_rank
from wuhanmj.core.tables cimport hu_tables
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
    DK_BACK,
    DK_FRONT,
    DK_NONE,
    HONGZHONG,
    HOW_FANGCHONG,
    HOW_GANGSHANGHUA,
    HOW_HAIDILAO,
    HOW_QIANGGANG,
    HOW_ZIMO,
    MAX_LOG,
    MK_AN_GANG,
    MK_CHI,
    MK_CHONG_GANG,
    MK_PENG,
    MK_XU_GANG,
    N_ACTIONS,
    PH_CLAIM,
    PH_HAIDI,
    PH_OVER,
    PH_ROB,
    PH_TURN,
    chi_code,
    chi_low,
)
from wuhanmj.native.countbits cimport four_mask, held_mask, lowest_bit
from wuhanmj.native.rulesc cimport RulesC
from wuhanmj.native.score cimport SeatC, WinIn, WinOut, evaluate_win_c, holds_non_jiang_c, is_ready_c

# claim priority (P2): hu 0 > chong_gang/peng 1 > chi 2; 9 = not a claim (moves.claim_rank)
cdef int8_t _RANK[N_ACTIONS]
cdef int _c
for _c in range(N_ACTIONS):
    _RANK[_c] = 9
_RANK[A_HU] = 0
_RANK[A_PENG] = 1
_RANK[A_CHONG_GANG] = 1
for _c in range(A_CHI, A_PENG):
    _RANK[_c] = 2

# the scoring the engine calls (see the module docstring)
cdef evaluate_fn_t evaluate_fn = evaluate_win_c
cdef ready_fn_t ready_fn = is_ready_c


cdef void hand_set_scoring(evaluate_fn_t evaluate, ready_fn_t ready) noexcept nogil:
    """Make the engine score wins with ``evaluate`` and test readiness (D10) with ``ready``."""
    global evaluate_fn, ready_fn
    evaluate_fn = evaluate
    ready_fn = ready


# ---------------------------------------------------------------- tiles (T3, R2, R3)
cdef inline int _next_in_cycle(int t) noexcept nogil:
    """T3: 9→1 in a suit; 东→南→西→北→发→白→东; 中 → 发 (tiles.next_in_cycle)."""
    if t < 27:
        return t - t % 9 + (t % 9 + 1) % 9
    if t == 33:
        return 32
    if t == 30:
        return 32
    if t == 32:
        return 31
    if t == 31:
        return 27
    return t + 1


cdef inline int _prev_in_cycle(int t) noexcept nogil:
    """T3 backwards; 中 → 北 (tiles.prev_in_cycle)."""
    if t < 27:
        return t - t % 9 + (t % 9 + 8) % 9
    if t == 33:
        return 30
    if t == 27:
        return 31
    if t == 31:
        return 32
    if t == 32:
        return 30
    return t - 1


# ---------------------------------------------------------------- deal and queries
cdef int hand_prepare() except -1:
    """The hu tables the shape kernels read (W1, W2, D8): built once, with the GIL (the
    shanten tables only the greedy bot reads are built by its own preparation)."""
    hu_tables()
    return 0


cdef void hand_deal(HandC* h, const RulesC* rules, const uint8_t* wall, int dealer,
                    int prev_laizi) noexcept nogil:
    """G1, R2, R3: 13 tiles to every seat from the front (the dealer first), a 14th to the
    dealer, the indicator face up (D6); the dealer on turn (HandState.deal)."""
    cdef int i, j, s, ind, a, b
    memset(h, 0, sizeof(HandC))
    memcpy(&h.rules, rules, sizeof(RulesC))
    memcpy(h.wall, wall, 136)
    h.dealer = dealer
    h.prev_laizi = prev_laizi
    for i in range(4):
        s = (dealer + i) & 3
        for j in range(13):
            h.hands[s][wall[13 * i + j]] += 1
        h.sizes[s] = 13
    h.hands[dealer][wall[52]] += 1
    h.sizes[dealer] = 14
    ind = wall[53]
    h.indicator = ind
    h.laizi = _next_in_cycle(ind)
    h.special[HONGZHONG] = 1
    h.blocked[HONGZHONG] = 1
    h.special[h.laizi] = 1
    if rules.pizi:
        if ind == HONGZHONG:
            a, b = 29, 30
        else:
            a, b = ind, _prev_in_cycle(ind)
            if b < a:
                a, b = b, a
        h.n_pizi = 2
        h.pizi[0] = a
        h.pizi[1] = b
        h.special[a] = h.special[b] = 1
        h.blocked[a] = h.blocked[b] = 1
    h.special_mask = (1ULL << HONGZHONG) | (1ULL << h.laizi)
    for i in range(h.n_pizi):
        h.special_mask |= 1ULL << h.pizi[i]
    h.front = 54
    h.back = 135
    h.seen[ind] = 1
    h.phase = PH_TURN
    h.turn = dealer
    h.drawn = -1
    h.draw_kind = DK_NONE
    h.tile = -1
    for s in range(4):
        h.decision[s] = -1
        h.xiayu_suit[s] = -1
        h.xiayu_liable[s] = -1
    h.winner = -1
    h.how = -1
    h.win_tile = -1
    h.discarder = -1
    h.turn_win = -1
    h.legal_seat = -1


cdef int hand_current(const HandC* h) noexcept nogil:
    """moves.current_player: the seat on turn, or the first pending seat of a window in turn
    order from the discarder; -1 once over."""
    cdef int i, s, ph = h.phase
    if ph == PH_TURN or ph == PH_HAIDI:
        return h.turn
    if ph == PH_OVER:
        return -1
    for i in range(1, 4):
        s = (h.turn + i) & 3
        if h.n_options[s] and h.decision[s] < 0:
            return s
    return -1


cdef int hand_legal(HandC* h, int seat, int16_t* codes) noexcept nogil:
    """moves.legal: ascending codes; cached until the next action (Derived.legal)."""
    cdef int n = _legal(h, seat)
    memcpy(codes, h.legal, n * sizeof(int16_t))
    return n


cdef int _legal(HandC* h, int seat) noexcept nogil:
    """The legal codes of seat in h.legal (made once until the next action); how many."""
    cdef int n = 0, i, ph = h.phase
    cdef int16_t* codes = h.legal
    if seat == h.legal_seat:
        return h.n_legal
    if ph == PH_TURN:
        if seat == h.turn:
            n = _turn_codes(h, seat, codes)
    elif ph == PH_CLAIM or ph == PH_ROB:
        if h.n_options[seat] and h.decision[seat] < 0:
            n = h.n_options[seat]
            for i in range(n):
                codes[i] = h.options[seat][i]
            codes[n] = A_PASS
            n += 1
    elif ph == PH_HAIDI:
        if seat == h.turn:
            codes[0] = A_HU
            codes[1] = A_PASS
            n = 2
    h.legal_seat = seat
    h.n_legal = n
    return n


cdef int _turn_codes(HandC* h, int seat, int16_t* codes) noexcept nogil:
    """moves._turn_codes (P1, P3, G4, W8/D13, the dead discard of the module doc) into codes
    (room for MAX_LEGAL)."""
    cdef const uint8_t* C = h.hands[seat]
    cdef const SeatC* sp = &h.seats[seat]
    cdef bint gang_ok = hand_gang_allowed(h)     # G4, D12
    cdef bint concealed
    cdef int n = 0, t, i, j, x0
    cdef int16_t v
    cdef uint64_t held = held_mask(C), m
    if gang_ok and h.drawn == h.laizi and _must_play_laizi(h, seat):
        # W8, D13: a ready player that drew its second 癞子 plays it out (unless it wins)
        codes[0] = A_LAIZI_GANG
        if _turn_win_ok(h, seat):
            codes[1] = A_HU
            return 2
        return 1
    m = held & ~h.special_mask      # the discards, ascending
    while m:
        codes[n] = lowest_bit(m)
        n += 1
        m &= m - 1
    if gang_ok:
        # P1, D18 (moves.concealed_gang_allowed): no 暗杠/蓄杠 in a turn that began with a 碰/吃
        concealed = not h.claim_turn or h.rules.claim_turn_gang_any
        x0 = n
        for i in range(sp.n_melds if concealed else 0):
            if sp.melds[i].kind == MK_PENG and C[sp.melds[i].tile]:
                codes[n] = A_XU_GANG + sp.melds[i].tile    # D17: with a tile held since the 碰 too
                n += 1
        for i in range(x0 + 1, n):                       # the 蓄杠 codes ascending
            v = codes[i]
            j = i - 1
            while j >= x0 and codes[j] > v:
                codes[j + 1] = codes[j]
                j -= 1
            codes[j + 1] = v
        m = four_mask(C) & ~h.special_mask if concealed else 0    # the 暗杠, ascending
        while m:
            codes[n] = A_AN_GANG + lowest_bit(m)
            n += 1
            m &= m - 1
        if C[HONGZHONG]:
            codes[n] = A_HONGZHONG_GANG
            n += 1
        for i in range(h.n_pizi):
            if C[h.pizi[i]]:
                codes[n] = A_PIZI_GANG + h.pizi[i]
                n += 1
        if C[h.laizi]:
            codes[n] = A_LAIZI_GANG
            n += 1
    elif n == 0:
        # only 红中/痞子/癞子 left and G4 forbids playing them: a dead discard (module doc)
        m = held
        while m:
            codes[n] = lowest_bit(m)
            n += 1
            m &= m - 1
    if h.draw_kind != DK_NONE and _turn_win_ok(h, seat):
        codes[n] = A_HU
        n += 1
    return n


cdef bint _must_play_laizi(HandC* h, int seat) noexcept nogil:
    """moves.must_play_laizi (W8, D13 ``play_out``): the seat just drew its second 癞子 and
    was ready (D10) on its tiles before the draw, holding one 癞子."""
    cdef uint8_t before[34]
    cdef int lz = h.laizi
    if not h.rules.second_laizi_play_out or h.draw_kind == DK_NONE or h.drawn != lz:
        return False
    if h.hands[seat][lz] != 2:
        return False
    memcpy(before, h.hands[seat], 34)
    before[lz] -= 1
    return ready_fn(before, &h.seats[seat], h.indicator, h.rules.pizi)


# ---------------------------------------------------------------- hu checks
cdef inline int _self_win_how(const HandC* h) noexcept nogil:
    """moves.self_win_how: 海底捞 (G3), 杠上开花 (a replacement draw) or 自摸."""
    if h.phase == PH_HAIDI:
        return HOW_HAIDILAO
    return HOW_GANGSHANGHUA if h.draw_kind == DK_BACK else HOW_ZIMO


cdef inline bint _turn_win_ok(HandC* h, int seat) noexcept nogil:
    if h.turn_win < 0:
        h.turn_win = _check_self_win(h, seat, &h.turn_win_out)
    return h.turn_win == 1


cdef inline bint _holds_blocked(const HandC* h, const uint8_t* C) noexcept nogil:
    """W5: a 红中 or a 痞子 in hand."""
    cdef int i
    if C[HONGZHONG]:
        return True
    for i in range(h.n_pizi):
        if C[h.pizi[i]]:
            return True
    return False


cdef int _check_self_win(HandC* h, int seat, WinOut* out) noexcept nogil:
    """moves._check_self_win: 1 and the verdict in out when the drawn tile wins, else 0."""
    cdef const uint8_t* C = h.hands[seat]
    if not h.openings[seat]:        # W4
        return 0
    if _holds_blocked(h, C):        # W5
        return 0
    if not _shape_may_win(h, seat, -1):
        return 0
    _evaluate(h, seat, C, h.drawn, _self_win_how(h), -1, out)
    return 1 if out.legal else 0


cdef bint _claim_win(HandC* h, int seat, int t, int d, int how) noexcept nogil:
    """moves._claim_win: can seat (opened: W4, the callers' test) win on t from seat d? The
    verdict cached in claim_win. Only t is tested (shape_may_win of the hand with t), not the
    hand's 34 waiting kinds: both are supersets of the wins, the scoring decides."""
    cdef uint8_t C2[34]
    if _holds_blocked(h, h.hands[seat]):   # W5
        return False
    if not _shape_may_win(h, seat, t):
        return False
    memcpy(C2, h.hands[seat], 34)
    C2[t] += 1
    _evaluate(h, seat, C2, t, how, d, &h.claim_win[seat])
    if h.claim_win[seat].legal:
        h.claim_win_known[seat] = 1
        return True
    return False


cdef bint _w3(const HandC* h, int seat, int t) noexcept nogil:
    """moves._w3: the seat's concealed counts (with one more t when t >= 0) without the
    癞子, and its melds, all honors (风一色) or all 2/5/8 (将一色), W3. The melds first: most
    hands fail there."""
    cdef const SeatC* sp = &h.seats[seat]
    cdef uint8_t B[34]
    cdef bint fy = True, jy = True
    cdef int x, i
    for i in range(sp.n_melds):
        x = sp.melds[i].tile
        fy = fy and x >= 27
        jy = jy and sp.melds[i].kind != MK_CHI and is_jiang_c(x)
    if not (fy or jy):
        return False
    memcpy(B, h.hands[seat], 34)
    if t >= 0:
        B[t] += 1
    B[h.laizi] = 0
    for x in range(27):
        if B[x]:
            fy = False
            if not is_jiang_c(x):
                jy = False
    if jy:
        for x in range(27, 34):
            if B[x]:
                jy = False
    return fy or jy


cdef inline uint32_t _group_entry(const uint8_t* C, int g, int lz, int t) noexcept nogil:
    """The hu-table entry of group g (0-2: a suit, 3: the honors) of the counts C with one
    more t (t >= 0, in g) and without the 癞子 lz (core/shape.pxd's group_entries)."""
    cdef uint8_t c[9]
    memcpy(c, C + 9 * g, 9 if g < 3 else 7)
    if t >= 0:
        c[t - 9 * g] += 1
    if lz // 9 == g:
        c[lz - 9 * g] = 0
    return HU.suit[suit_rank(c)] if g < 3 else HU.honor[honor_key(c)]


cdef inline const uint32_t* _entries(HandC* h, int s) noexcept nogil:
    """The hu-table entries of seat s's hand without its 癞子 (made once, then kept up to
    date by _draw and _discard, dropped by the other changes)."""
    cdef int g
    if not h.ent_known[s]:
        for g in range(4):
            h.ent[s][g] = _group_entry(h.hands[s], g, h.laizi, -1)
        h.ent_known[s] = 1
    return h.ent[s]


cdef inline void _entries_changed(HandC* h, int s, int t) noexcept nogil:
    """One tile of kind t came into or left seat s's hand (a draw, a discard)."""
    cdef int g
    if h.ent_known[s] and t != h.laizi:
        g = t // 9
        h.ent[s][g] = _group_entry(h.hands[s], g, h.laizi, -1)


cdef bint _shape_may_win(HandC* h, int seat, int t) noexcept nogil:
    """moves.shape_may_win: a fast superset of the winning shapes of the seat's 14 counts
    (W1, W3, D8): its hand, or its hand with one more t when t >= 0."""
    cdef uint8_t B[34]
    cdef uint32_t e[4]
    cdef const uint32_t* E = _entries(h, seat)
    cdef int k = h.hands[seat][h.laizi], g
    e[0] = E[0]
    e[1] = E[1]
    e[2] = E[2]
    e[3] = E[3]
    if t == h.laizi:
        k += 1
    elif t >= 0:
        g = t // 9
        e[g] = _group_entry(h.hands[seat], g, h.laizi, t)
    # is_complete_c's first step (PAIR_ANY, chows: shifts 0 and 4): most hands fail it;
    # without a wildcard it is the whole answer (blocked only limits what wildcards stand for)
    if combine_entries(e, 0, 4) <= k:
        if k == 0:
            return True
        memcpy(B, h.hands[seat], 34)
        if t >= 0:
            B[t] += 1
        B[h.laizi] = 0
        if is_complete_c(B, k, PAIR_ANY, False, h.blocked):
            return True
    return _w3(h, seat, t)


cdef void _evaluate(HandC* h, int seat, const uint8_t* C, int tile, int how, int d,
                    WinOut* out) noexcept nogil:
    """moves.evaluate: the verdict of seat winning with 14 counts C on tile (from seat d, or
    self-drawn: d = -1), with the L1 facts and the L5 co-liable seats."""
    cdef WinIn w
    cdef uint8_t hd[34]
    memset(&w, 0, sizeof(WinIn))
    memcpy(w.hand, C, 34)
    w.win_tile = tile
    w.how = how
    w.winner = seat
    w.dealer = h.dealer
    w.discarder = d
    w.indicator = h.indicator
    w.prev_laizi = h.prev_laizi
    w.discarder_ready = -1
    w.discarder_holds_non_jiang = -1
    if d >= 0 and h.seats[seat].n_melds == 4:
        # the discarder's facts matter only for 全求人 (four melds), liability L1
        memcpy(hd, h.hands[d], 34)
        if how == HOW_QIANGGANG and h.sizes[d] % 3 == 2:   # the 蓄杠 tile is still in its hand
            hd[tile] -= 1
        w.discarder_ready = 1 if ready_fn(hd, &h.seats[d], h.indicator, h.rules.pizi) else 0
        w.discarder_holds_non_jiang = 1 if holds_non_jiang_c(hd) else 0
    if h.xiayu_suit[seat] >= 0 and h.xiayu_co[seat]:
        w.co_liable = h.xiayu_co[seat]      # L5: used when the win is that 清一色 with L2
    memcpy(w.seats, h.seats, sizeof(w.seats))
    evaluate_fn(&h.rules, &w, out)


# ---------------------------------------------------------------- mutators (HandState)
cdef inline void _changed(HandC* h, int s) noexcept nogil:
    """HandState.changed: the seat's hand changed other than by one draw or discard."""
    h.ent_known[s] = 0


cdef inline void _draw(HandC* h, int s, int t, int phase, int kind) noexcept nogil:
    """HandState.draw: seat s draws t; the self-drawn win is not known yet."""
    h.hands[s][t] += 1
    _entries_changed(h, s, t)
    h.sizes[s] += 1
    h.phase = phase
    h.turn = s
    h.drawn = t
    h.draw_kind = kind
    h.turn_win = -1
    h.length += 1


cdef inline void _discard(HandC* h, int s, int t) noexcept nogil:
    h.hands[s][t] -= 1
    _entries_changed(h, s, t)
    h.sizes[s] -= 1
    h.river[s][h.n_river[s]] = t
    h.n_river[s] += 1
    h.seen[t] += 1
    h.drawn = -1
    h.draw_kind = DK_NONE
    h.claim_turn = 0


cdef void _claim(HandC* h, int s, int kind, int low, int d) noexcept nogil:
    """HandState.claim: seat s takes seat d's last discard for a meld (P2, P5)."""
    cdef int t = h.river[d][h.n_river[d] - 1]
    cdef int i, n = 4 if kind == MK_CHONG_GANG else 3
    cdef int x
    cdef SeatC* sp = &h.seats[s]
    h.n_river[d] -= 1
    for i in range(n):
        x = low + i if kind == MK_CHI else low
        h.seen[x] += 1
        if i == 0 and kind != MK_CHI:
            continue
        if kind == MK_CHI and x == t:
            continue
        h.hands[s][x] -= 1
        h.sizes[s] -= 1
    h.seen[t] -= 1      # off the river, into the meld with the others
    sp.melds[sp.n_melds].kind = kind
    sp.melds[sp.n_melds].tile = low
    sp.melds[sp.n_melds].source = d
    sp.n_melds += 1
    h.openings[s] += 1
    h.claim_turn = kind == MK_PENG or kind == MK_CHI
    _changed(h, s)


cdef void _an_gang(HandC* h, int s, int t) noexcept nogil:
    cdef SeatC* sp = &h.seats[s]
    h.hands[s][t] -= 4
    h.sizes[s] -= 4
    sp.melds[sp.n_melds].kind = MK_AN_GANG
    sp.melds[sp.n_melds].tile = t
    sp.melds[sp.n_melds].source = -1
    sp.n_melds += 1
    h.seen[t] += 4
    _changed(h, s)


cdef void _extend_peng(HandC* h, int s, int t) noexcept nogil:
    """HandState.extend_peng: the 碰 of t becomes a 蓄杠 in place (P1, L2)."""
    cdef SeatC* sp = &h.seats[s]
    cdef int i
    h.hands[s][t] -= 1
    h.sizes[s] -= 1
    for i in range(sp.n_melds):
        if sp.melds[i].kind == MK_PENG and sp.melds[i].tile == t:
            sp.melds[i].kind = MK_XU_GANG
            break
    h.seen[t] += 1
    _changed(h, s)


cdef void _special(HandC* h, int s, int kind, int t) noexcept nogil:
    """HandState.special: a 红中/痞子/癞子杠 (P3)."""
    h.hands[s][t] -= 1
    h.sizes[s] -= 1
    h.play_kind[s][h.n_plays[s]] = kind
    h.play_tile[s][h.n_plays[s]] = t
    h.n_plays[s] += 1
    if kind == 0:
        h.seats[s].hz += 1
    elif kind == 1:
        h.seats[s].pz += 1
    else:
        h.seats[s].lz += 1
    h.seen[t] += 1
    _changed(h, s)


cdef void _win_tile(HandC* h, int w, int t, int d, bint robbed) noexcept nogil:
    """HandState.win_tile: off seat d's river (放冲), or out of its hand (抢杠, L3)."""
    if robbed:
        h.hands[d][t] -= 1
        h.sizes[d] -= 1
    else:
        h.n_river[d] -= 1
        h.seen[t] -= 1
    h.hands[w][t] += 1
    h.sizes[w] += 1
    _changed(h, w)
    _changed(h, d)


# ---------------------------------------------------------------- transitions
cdef int hand_apply(HandC* h, int seat, int code) noexcept nogil:
    """moves.apply after the legality check of Game.step: -1 (nothing changed) when code is
    not among the seat's legal codes."""
    cdef int n, i, ph
    if seat < 0 or seat > 3 or code < 0 or code >= N_ACTIONS:
        return -1
    n = _legal(h, seat)
    for i in range(n):
        if h.legal[i] == code:
            break
    else:
        return -1
    if h.n_log < MAX_LOG:
        h.log_seat[h.n_log] = seat
        h.log_code[h.n_log] = code
        h.n_log += 1
    h.legal_seat = -1
    ph = h.phase
    if ph == PH_TURN:
        _turn_step(h, seat, code)
    elif ph == PH_CLAIM or ph == PH_ROB:
        h.decision[seat] = code
        _try_resolve(h)
    elif code == A_HU:      # PH_HAIDI
        _win_self(h, seat)
    else:
        _haidi(h, (seat + 1) & 3)
    return 0


cdef void _turn_step(HandC* h, int s, int code) noexcept nogil:
    cdef int t
    if code < 34:           # discard
        if h.rules.xiayu:
            _mark_co_liable(h, s, code)
        _discard(h, s, code)
        if h.special[code] or not _open_claims(h, s, code):
            _draw_next(h, (s + 1) & 3)
    elif code == A_HU:
        _win_self(h, s)
    elif code < A_AN_GANG:  # 蓄杠
        t = code - A_XU_GANG
        if not _open_rob(h, s, t):
            _extend_peng(h, s, t)
            _replace(h, s)
    elif code < A_HONGZHONG_GANG:   # 暗杠
        _an_gang(h, s, code - A_AN_GANG)
        _replace(h, s)
    else:                   # special plays (P3)
        if code == A_HONGZHONG_GANG:
            _special(h, s, 0, HONGZHONG)
        elif code == A_LAIZI_GANG:
            _special(h, s, 2, h.laizi)
        else:
            _special(h, s, 1, code - A_PIZI_GANG)
        _replace(h, s)


# ---------------------------------------------------------------- claim windows
cdef bint _open_claims(HandC* h, int d, int t) noexcept nogil:
    """moves._open_claims: ask every seat that may claim discard t of seat d (P2)."""
    cdef const uint8_t* C
    cdef const uint8_t* sp = h.special
    cdef bint gang_ok = hand_gang_allowed(h)     # G4
    cdef bint any = False
    cdef int i, s, c, r, n
    cdef int16_t* o
    for s in range(4):
        h.claim_win_known[s] = 0
    for i in range(1, 4):
        s = (d + i) & 3
        C = h.hands[s]
        c = C[t]
        o = h.options[s]
        n = 0
        h.n_options[s] = 0
        if i == 1 and t < 27:   # chi: only the next player (P2)
            r = t % 9
            if r >= 2 and C[t - 2] and C[t - 1] and not sp[t - 2] and not sp[t - 1]:
                o[n] = chi_code(t - 2)
                n += 1
            if 1 <= r <= 7 and C[t - 1] and C[t + 1] and not sp[t - 1] and not sp[t + 1]:
                o[n] = chi_code(t - 1)
                n += 1
            if r <= 6 and C[t + 1] and C[t + 2] and not sp[t + 1] and not sp[t + 2]:
                o[n] = chi_code(t)
                n += 1
        elif c < 2 and not h.openings[s]:
            continue            # no peng, and no hu before opening (W4)
        if c >= 2:
            o[n] = A_PENG
            n += 1
            if c == 3 and gang_ok:
                o[n] = A_CHONG_GANG
                n += 1
        if h.openings[s] and _claim_win(h, s, t, d, HOW_FANGCHONG):
            o[n] = A_HU
            n += 1
        h.n_options[s] = n
        if n:
            any = True
    if not any:
        return False
    h.phase = PH_CLAIM
    h.turn = d
    h.tile = t
    for s in range(4):
        h.decision[s] = -1
    return True


cdef bint _open_rob(HandC* h, int s, int t) noexcept nogil:
    """moves._open_rob (P4): after seat s declares 蓄杠 of t, ask the seats that win on t."""
    cdef bint any = False
    cdef int i, w
    for w in range(4):
        h.claim_win_known[w] = 0
    for i in range(1, 4):
        w = (s + i) & 3
        h.n_options[w] = 0
        if h.openings[w] and _claim_win(h, w, t, s, HOW_QIANGGANG):
            h.options[w][0] = A_HU
            h.n_options[w] = 1
            any = True
    if not any:
        return False
    h.phase = PH_ROB
    h.turn = s
    h.tile = t
    for w in range(4):
        h.decision[w] = -1
    return True


cdef void _clear_window(HandC* h) noexcept nogil:
    cdef int s
    for s in range(4):
        h.n_options[s] = 0
        h.decision[s] = -1
    h.tile = -1


cdef void _try_resolve(HandC* h) noexcept nogil:
    """moves._try_resolve (P2, D11): hu > 冲杠/碰 > 吃; among equals the first in turn order
    from the discarder (or the robbed seat) or from the dealer; the window stays open while
    a pending answer could change the outcome."""
    cdef int d = h.turn
    cdef int o0 = h.dealer if h.rules.hu_order_dealer else d
    cdef int best = -1, best_key = 45, s, c, key, i, m, t, code, low, kind
    for s in range(4):
        c = h.decision[s]
        if c >= 0 and c != A_PASS:
            key = 4 * _RANK[c] + ((s - o0) & 3)
            if key < best_key:
                best_key = key
                best = s
    for s in range(4):
        if h.n_options[s] and h.decision[s] < 0:
            m = 9
            for i in range(h.n_options[s]):
                if _RANK[h.options[s][i]] < m:
                    m = _RANK[h.options[s][i]]
            if 4 * m + ((s - o0) & 3) < best_key:
                return          # an answer still pending could change the outcome
    t = h.tile
    code = h.decision[best] if best >= 0 else -1
    _clear_window(h)
    if h.phase == PH_ROB:
        if best < 0:
            _extend_peng(h, d, t)
            _replace(h, d)
        else:
            _win_claim(h, best, t, HOW_QIANGGANG, d)
        return
    if best < 0:
        _draw_next(h, (d + 1) & 3)
        return
    if code == A_HU:
        _win_claim(h, best, t, HOW_FANGCHONG, d)
        return
    if code == A_PENG:
        _claim(h, best, MK_PENG, t, d)
    elif code == A_CHONG_GANG:
        _claim(h, best, MK_CHONG_GANG, t, d)
    else:
        _claim(h, best, MK_CHI, chi_low(code), d)
    if h.openings[best] == 3 and h.rules.xiayu:
        _check_xiayu(h, best, d)
    if code == A_CHONG_GANG:
        _replace(h, best)
    else:
        h.phase = PH_TURN
        h.turn = best
        h.drawn = -1
        h.draw_kind = DK_NONE
        h.turn_win = -1


# ---------------------------------------------------------------- L5 下雨/陪包
cdef void _check_xiayu(HandC* h, int s, int feeder) noexcept nogil:
    """moves._check_xiayu (L5, L2): a third opening with all melds of one suit makes the
    feeder liable and the others must discard that suit first."""
    cdef const SeatC* sp = &h.seats[s]
    cdef int i, suit = sp.melds[0].tile // 9
    for i in range(1, sp.n_melds):
        if sp.melds[i].tile // 9 != suit:
            return
    if suit < 3:
        h.xiayu_suit[s] = suit
        h.xiayu_liable[s] = feeder
        h.xiayu_co[s] = 0


cdef void _mark_co_liable(HandC* h, int s, int t) noexcept nogil:
    """moves._mark_co_liable (L5): seat s discards t of another kind while it holds a
    normal tile of a threat's suit: co-liable (陪包) for that threat."""
    cdef const uint8_t* C = h.hands[s]
    cdef int p, suit, k
    for p in range(4):
        suit = h.xiayu_suit[p]
        if suit < 0 or p == s:
            continue
        if s == h.xiayu_liable[p] or (h.xiayu_co[p] >> s) & 1 or t // 9 == suit:
            continue
        for k in range(9 * suit, 9 * suit + 9):
            if C[k] and not h.special[k]:
                h.xiayu_co[p] |= 1 << s
                break


# ---------------------------------------------------------------- endings
cdef void _finish(HandC* h, int winner, int how, int tile, int d, const WinOut* win) noexcept nogil:
    h.phase = PH_OVER
    h.winner = winner
    h.how = how
    h.win_tile = tile
    h.discarder = d
    if win != NULL:
        memcpy(&h.win, win, sizeof(WinOut))
    else:
        memset(&h.win, 0, sizeof(WinOut))
    _clear_window(h)


cdef void _win_self(HandC* h, int s) noexcept nogil:
    """moves._win_self: 自摸, 杠上开花 or 海底捞 on the drawn tile."""
    if h.turn_win != 1:
        h.turn_win = _check_self_win(h, s, &h.turn_win_out)
    _finish(h, s, _self_win_how(h), h.drawn, -1, &h.turn_win_out)


cdef void _win_claim(HandC* h, int w, int t, int how, int d) noexcept nogil:
    """moves._win_claim: 放冲 or 抢杠; the tile moves to the winner."""
    cdef uint8_t C2[34]
    cdef WinOut res
    cdef int s
    if h.claim_win_known[w]:
        memcpy(&res, &h.claim_win[w], sizeof(WinOut))
    else:
        memcpy(C2, h.hands[w], 34)
        C2[t] += 1
        _evaluate(h, w, C2, t, how, d, &res)
    _win_tile(h, w, t, d, how == HOW_QIANGGANG)
    for s in range(4):
        h.claim_win_known[s] = 0
    _finish(h, w, how, t, d, &res)


# ---------------------------------------------------------------- draws
cdef inline void _replace(HandC* h, int s) noexcept nogil:
    """A replacement draw from the back after a gang or special play (P1, P3, D1)."""
    cdef int t = h.wall[h.back]
    h.back -= 1
    _draw(h, s, t, PH_TURN, DK_BACK)


cdef void _draw_next(HandC* h, int s) noexcept nogil:
    """A normal draw is due for s: from the front, or the 海底 phase (G2, G3)."""
    cdef int t
    if hand_left(h) <= h.rules.dead_wall + 4:
        _haidi(h, s)
        return
    t = h.wall[h.front]
    h.front += 1
    _draw(h, s, t, PH_TURN, DK_FRONT)


cdef void _haidi(HandC* h, int s) noexcept nogil:
    """G3: each seat in turn draws one tile while more than dead_wall remain; only 海底捞
    may be declared; seats that cannot win pass by themselves. Else 荒庄 (X6)."""
    cdef int t
    while hand_left(h) > h.rules.dead_wall:
        t = h.wall[h.front]
        h.front += 1
        _draw(h, s, t, PH_HAIDI, DK_FRONT)
        if _turn_win_ok(h, s):
            return
        s = (s + 1) & 3
    h.drawn = -1
    h.draw_kind = DK_NONE
    _finish(h, -1, -1, -1, -1, NULL)
