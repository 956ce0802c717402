# cython: language_level=3
"""Native scoring of one win: :c:func:`evaluate_win_c` gives exactly
what :func:`wuhanmj.scoring.evaluate_win` gives for the same facts (W1–W11, S1–S5,
X1–X5, L1–L5, D4, D8–D16), without Python, the GIL or the heap.

The Python scoring stays the readable reference; this file follows it step by step, and
each step names the Python function it mirrors:

* readings (W9, W10): ``hand.readings.best_spec`` over the profiles of
  ``hand.bighu.shape_specs`` (:c:func:`_best_spec`), the hard and the all-wild reading,
  the situational big hu (杠上开花, 海底捞, 抢杠 from ``how``; 全求人 with D16), W8;
* one reading's fan, 起胡 and settlement (``scoring.fan.score_reading``,
  ``scoring.liability``, ``scoring.settlement.settle_checked``): :c:func:`_score`;
* the tie rule among soft readings (``scoring.evaluate._plainest_soft``): :c:func:`_plainest`.

Amounts are doubles. Python keeps ints where they are whole and floats otherwise; every
amount is a small multiple of a power of two except where a custom rule set brings a
non-dyadic float (a money table of 10.1 …), so the doubles are the same numbers provided
the sums are done in Python's order and Python's way: :c:func:`_pysum` replays
``sum()`` — left to right, and Neumaier-compensated over floats on Python 3.12 and later.

The module has no Python names: C code cimports its kernels through ``score.pxd``, and
Python reaches them through :mod:`wuhanmj.native.scoreapi` (the tests' and benchmarks'
entries, with ``evaluate_win``'s argument checks).
"""

import sys

from libc.math cimport fabs, floor, isfinite, ldexp
from libc.stdint cimport int8_t, uint8_t, uint16_t
from libc.string cimport memcpy, memset

from wuhanmj.core.defs cimport PAIR_258, PAIR_ANY, is_jiang_c
from wuhanmj.core.shape cimport is_complete_c, waits_c
from wuhanmj.native.defs cimport (
    BH_FENGYISE,
    BH_GANGSHANGHUA,
    BH_HAIDILAO,
    BH_JIANGYISE,
    BH_PENGPENGHU,
    BH_QIANGGANG,
    BH_QINGYISE,
    BH_QUANQIUREN,
    HONGZHONG,
    HOW_FANGCHONG,
    HOW_GANGSHANGHUA,
    HOW_HAIDILAO,
    HOW_QIANGGANG,
    HOW_ZIMO,
    LR_L1,
    LR_L2,
    LR_L3,
    LR_NONE,
    MK_AN_GANG,
    MK_CHI,
    MK_PENG,
    R_LEGAL,
    R_W1,
    R_W4,
    R_W5,
    R_W8,
    R_W11,
)

cdef enum:
    SPEC_W3 = 0         # a profile's pair: a W3 hand (将一色 / 风一色) that wins whatever its shape
    MAX_SPECS = 9       # shape_specs gives at most nine profiles
    # the forbid lists of one indicator (tiles.Specials, D8), by position in _FB
    FB_BASE = 0         # 红中 and the 痞子
    FB_SUIT = 1         # + every kind outside suit s (1 + s)
    FB_JIANG = 4        # + every non-2/5/8 kind
    FB_JIANG_SUIT = 5   # + every kind but suit s's 2/5/8 (5 + s)
    FB_HONOR = 8        # + every suited kind
    N_FB = 9

# ---------------------------------------------------------------- tables (built at import)

cdef uint8_t _JIANG[34]         # a 2, 5 or 8 of a suit (W2)
cdef int8_t _LAIZI[34]          # indicator -> 癞子 (R2, T3)
cdef int8_t _PIZI[34][2]        # indicator -> its two 痞子, sorted (R3)
cdef uint8_t _FB[2][34][N_FB][34]   # [rules.pizi][indicator][list][kind]: 1 = a wildcard may not stand for it
cdef uint8_t _CORE[34][34]      # [indicator][kind]: the suited 痞子, the list chows are asked with (Spec)
cdef uint8_t _CORE_N[34]        # how many (0: ask with NULL)
cdef uint8_t _NEAR[34][34]      # [indicator][kind]: a kind that shares a chow with a suited 痞子
cdef int _NEUMAIER = 0          # sum() compensates over floats (Python >= 3.12)
cdef int _POP[256]              # popcount of the big hu bits


cdef int _next_kind(int t) noexcept:
    """T3: 1→…→9→1 in a suit; 东南西北发白 (27 28 29 30 32 31); 中 → 发."""
    if t < 27:
        return t - t % 9 + (t % 9 + 1) % 9
    if t == HONGZHONG:
        return 32
    return (28, 29, 30, 32, 27, 31, 0)[t - 27]


cdef int _prev_kind(int t) noexcept:
    """T3 backwards; 中 sits between 北 and 发 (→ 北)."""
    if t < 27:
        return t - t % 9 + (t % 9 + 8) % 9
    if t == HONGZHONG:
        return 30
    return (31, 27, 28, 29, 32, 30, 0)[t - 27]


cdef void _init_tables() noexcept:
    cdef int t, ind, p, s, a, b, k
    cdef uint8_t blocked[34]
    for t in range(34):
        _JIANG[t] = is_jiang_c(t)
    for ind in range(34):
        _LAIZI[ind] = _next_kind(ind)
        if ind == HONGZHONG:
            a, b = 29, 30
        else:
            a, b = ind, _prev_kind(ind)
        _PIZI[ind][0] = min(a, b)
        _PIZI[ind][1] = max(a, b)
        memset(_CORE[ind], 0, 34)
        memset(_NEAR[ind], 0, 34)
        _CORE_N[ind] = 0
        for k in range(2):
            a = _PIZI[ind][k]
            if a < 27:
                _CORE[ind][a] = 1
                _CORE_N[ind] += 1
                for t in range(a - 2, a + 3):
                    if 0 <= t < 27 and t // 9 == a // 9:
                        _NEAR[ind][t] = 1
        for p in range(2):
            memset(blocked, 0, 34)
            blocked[HONGZHONG] = 1
            if p:
                blocked[_PIZI[ind][0]] = 1
                blocked[_PIZI[ind][1]] = 1
            for t in range(34):
                _FB[p][ind][FB_BASE][t] = blocked[t]
                for s in range(3):
                    _FB[p][ind][FB_SUIT + s][t] = blocked[t] or t // 9 != s
                    _FB[p][ind][FB_JIANG_SUIT + s][t] = blocked[t] or not (t // 9 == s and _JIANG[t])
                _FB[p][ind][FB_JIANG][t] = blocked[t] or not _JIANG[t]
                _FB[p][ind][FB_HONOR][t] = blocked[t] or t < 27
    for k in range(256):
        _POP[k] = (k & 1) + ((k >> 1) & 1) + ((k >> 2) & 1) + ((k >> 3) & 1) + \
            ((k >> 4) & 1) + ((k >> 5) & 1) + ((k >> 6) & 1) + ((k >> 7) & 1)


_init_tables()
# Python 3.12 made sum() compensated (Neumaier) over floats; _pysum follows the running one.
_NEUMAIER = sys.version_info >= (3, 12)


# ---------------------------------------------------------------- facts of melds and hands

ctypedef struct Facts:          # hand.meld.PlayFacts / readings.MeldFacts of one seat
    int n                       # melds
    int openings                # 开口 (P5): every meld but an 暗杠
    int ming                    # 明杠 (S1)
    int an                      # 暗杠
    int has_chi                 # rules out 碰碰胡
    int suits                   # groups the melds touch (1 万, 2 筒, 4 条, 8 honors), by their first tile
    int all_jiang               # every meld tile a 2/5/8 (true with no melds)
    int special                 # 红中杠 + 痞子杠 + 癞子杠 (P3)


cdef inline void _seat_facts(const SeatC* sp, Facts* f) noexcept nogil:
    cdef int i, k, t
    f.n = sp.n_melds
    f.openings = f.ming = f.an = f.has_chi = f.suits = 0
    f.all_jiang = 1
    for i in range(sp.n_melds):
        k = sp.melds[i].kind
        t = sp.melds[i].tile
        if k == MK_AN_GANG:
            f.an += 1
        else:
            f.openings += 1
            if k == MK_CHI:
                f.has_chi = 1
            elif k != MK_PENG:
                f.ming += 1
        if k == MK_CHI or not _JIANG[t]:
            f.all_jiang = 0
        f.suits |= 1 << (t // 9)
    f.special = sp.hz + sp.pz + sp.lz


cdef inline void _hand_shape(const uint8_t* c, const Facts* f, int* mask, int* jiang) noexcept nogil:
    """readings._facts: the groups the tiles and melds touch, and all of them 2/5/8."""
    cdef int t, m = f.suits, tot = 0, jt = 0
    for t in range(34):
        if c[t]:
            m |= 1 << (t // 9)
            tot += c[t]
            if _JIANG[t]:
                jt += c[t]
    mask[0] = m
    jiang[0] = f.all_jiang and (m & 8) == 0 and tot == jt


# ---------------------------------------------------------------- shape profiles (W1–W3, W6)

ctypedef struct Spec:           # hand.bighu.Spec
    uint16_t bits               # BH_* of the shape big hu it makes
    int ntypes
    int pair                    # SPEC_W3, PAIR_ANY or PAIR_258
    int pungs
    const uint8_t* forbid       # 34 kinds (D8): the profile's list (红中, 痞子, what leaves it)
    const uint8_t* core         # what the core is asked with: NULL or the suited 痞子 (see below)
    const uint8_t* near         # with core: the kinds that share a chow with them


# Why the core is asked with a shorter forbid list than the profile's (which the Python
# reference passes), and the same answers come. The core's forbid only says what a
# *wildcard* may not stand for (D8); held tiles of a forbidden kind are ordinary, and the
# readings only run on hands that hold no 红中 and no 痞子 (W5 is checked first). A profile
# is only made for a hand whose tiles all lie in its kinds (one suit, 2/5/8, honors:
# _hand_shape). Then, in any decomposition, a wildcard in a pong or pair with a held tile
# stands for that tile's kind (allowed, never 红中 / a 痞子); in a chow with a held tile, for
# a kind of that tile's suit (suit profiles and the small hu are the only ones with chows);
# and a pong or pair of wildcards alone can move to any kind the profile allows (each keeps
# at least two; D8 allows fifth copies; a 2/5/8 pair to another 2/5/8 kind). So only a
# chow can need the list, and only its suited 痞子 (honors never chow): pongs-only profiles
# ask with no list, the others with the suited 痞子 (none without 痞子). is_complete and
# waits (filtered to the profile's kinds afterwards, as lowest_assignment and shape_waits
# filter them) answer the same, and the core skips its forbid DP (one per group the list
# touches, the costly part of a call with wildcards). Further, is_complete needs the list
# only when a held tile could share a chow with a 痞子 (``near``): else every chow holding
# a 痞子 is all wildcards, and moves like a pong of them (_spec_holds).


cdef inline void _spec(Spec* s, uint16_t bits, int ntypes, int pair, int pungs, const uint8_t* forbid,
                       const uint8_t* core, const uint8_t* near) noexcept nogil:
    s.bits = bits
    s.ntypes = ntypes
    s.pair = pair
    s.pungs = pungs
    s.forbid = forbid
    s.core = core
    s.near = near


cdef int _make_specs(int mask, int jiang, int pungs_ok, const uint8_t* fb, const uint8_t* chows,
                     const uint8_t* near, Spec* out) noexcept nogil:
    """bighu.shape_specs, most big hu types first; ``fb``: the indicator's N_FB lists;
    ``chows``, ``near``: the core's list for profiles with chows (NULL or the suited 痞子)
    and the kinds that share a chow with them (Spec)."""
    cdef int n = 0
    cdef int suit = 0 if mask == 1 else 1 if mask == 2 else 2 if mask == 4 else -1
    cdef int honors = mask == 8
    if jiang and suit >= 0 and pungs_ok:  # 将一色 of one suit is all pongs (2, 5, 8 never chow)
        _spec(&out[n], BH_JIANGYISE | BH_PENGPENGHU | BH_QINGYISE, 3, PAIR_ANY, 1,
              fb + 34 * (FB_JIANG_SUIT + suit), NULL, NULL)
        n += 1
    if suit >= 0 and pungs_ok:
        _spec(&out[n], BH_PENGPENGHU | BH_QINGYISE, 2, PAIR_ANY, 1, fb + 34 * (FB_SUIT + suit), NULL, NULL)
        n += 1
    if jiang and pungs_ok:
        _spec(&out[n], BH_JIANGYISE | BH_PENGPENGHU, 2, PAIR_ANY, 1, fb + 34 * FB_JIANG, NULL, NULL)
        n += 1
    if honors and pungs_ok:
        _spec(&out[n], BH_FENGYISE | BH_PENGPENGHU, 2, PAIR_ANY, 1, fb + 34 * FB_HONOR, NULL, NULL)
        n += 1
    if jiang:  # W3: wins whatever its shape
        _spec(&out[n], BH_JIANGYISE, 1, SPEC_W3, 0, fb + 34 * FB_JIANG, NULL, NULL)
        n += 1
    if honors:
        _spec(&out[n], BH_FENGYISE, 1, SPEC_W3, 0, fb + 34 * FB_HONOR, NULL, NULL)
        n += 1
    if suit >= 0:
        _spec(&out[n], BH_QINGYISE, 1, PAIR_ANY, 0, fb + 34 * (FB_SUIT + suit), chows, near)
        n += 1
    if pungs_ok:
        _spec(&out[n], BH_PENGPENGHU, 1, PAIR_ANY, 1, fb + 34 * FB_BASE, NULL, NULL)
        n += 1
    _spec(&out[n], 0, 0, PAIR_258, 0, fb + 34 * FB_BASE, chows, near)  # the small hu: a 2/5/8 pair and sets (W1, W2)
    return n + 1


cdef inline bint _spec_holds(const uint8_t* c, int wilds, const Spec* s) noexcept nogil:
    """readings.spec_holds: a W3 profile always holds (its 2/5/8 or honor kinds remain)."""
    if s.pair == SPEC_W3:
        return True
    cdef const uint8_t* core = s.core
    cdef int t
    if core != NULL and wilds:
        for t in range(27):
            if c[t] and s.near[t]:
                break
        else:
            core = NULL  # no held tile shares a chow with a 痞子 (see Spec)
    return is_complete_c(c, wilds, s.pair, s.pungs, core)


cdef int _best_spec(const uint8_t* c, int wilds, const Facts* f, const uint8_t* fb,
                    const uint8_t* chows, const uint8_t* near, Spec* specs, int* nspecs) noexcept nogil:
    """readings.best_spec: the hand's profiles in ``specs`` and the index of the first that
    holds (the most big hu types), or -1 when no shape wins."""
    cdef int mask, jiang, i, n
    _hand_shape(c, f, &mask, &jiang)
    n = _make_specs(mask, jiang, not f.has_chi, fb, chows, near, specs)
    nspecs[0] = n
    for i in range(n):
        if _spec_holds(c, wilds, &specs[i]):
            return i
    return -1


cdef bint _lowest_assignment(const uint8_t* arr, int wilds, const Spec* s, uint8_t* out) noexcept nogil:
    """readings.lowest_assignment: the lowest kinds ``wilds`` wildcards stand for so that
    ``arr`` takes the profile, one wildcard at a time from the core's waits."""
    cdef uint8_t c[34]
    cdef uint8_t ws[34]
    cdef int i, t, k
    if s.pair == SPEC_W3:  # every wildcard the lowest kind allowed
        k = 0
        while s.forbid[k]:
            k += 1
        for i in range(wilds):
            out[i] = k
        return True
    memcpy(c, arr, 34)
    for i in range(wilds):
        waits_c(c, wilds - 1 - i, s.pair, s.pungs, s.core, ws)
        k = -1
        for t in range(34):
            if ws[t] and not s.forbid[t]:
                k = t
                break
        if k < 0:
            return False
        out[i] = k
        c[k] += 1
    return True


# ---------------------------------------------------------------- one reading (S1–S5, W11, L, X)

ctypedef struct Ctx:            # what every reading of one win shares (evaluate_win's ctx)
    const RulesC* r
    const WinIn* w
    int winner
    int dealer
    int how
    int discarder
    int personal[4]             # S1 fan of each seat (fan.personal_fan)
    uint8_t bi[4]               # X3, already filtered by rules.bi
    int doubled                 # X4
    uint8_t co                  # L5 seats (mask), the winner left out


cdef inline int _personal(const SeatC* sp, const Facts* f, int per_opening) noexcept nogil:
    """S1: 开口 once or per opening, 明杠 1, 暗杠 2, 红中杠 / 痞子杠 1, 癞子杠 2."""
    cdef int fan = 0
    if f.openings:
        fan += f.openings if per_opening else 1
    return fan + f.ming + 2 * f.an + sp.hz + sp.pz + 2 * sp.lz


cdef double _pysum(const double* v, const uint8_t* isf) noexcept nogil:
    """Python's ``sum()`` of four amounts (``isf``: the amount is a float in Python, i.e. not
    whole or a sum with a float in it). Ints add exactly while no float came; the first
    float is a plain add; from then on Python >= 3.12 compensates over floats (Neumaier;
    ints are plain adds) and adds the compensation at the end, older Pythons add left to right."""
    cdef double f = 0.0, c = 0.0, t, x
    cdef int i, floating = 0
    for i in range(4):
        x = v[i]
        if not floating or not isf[i] or not _NEUMAIER:
            f += x
            if isf[i]:
                floating = 1
            continue
        t = f + x
        if fabs(f) >= fabs(x):
            c += (f - t) + x
        else:
            c += (x - t) + f
        f = t
    if _NEUMAIER and c != 0.0 and isfinite(c):
        f += c
    return f


cdef inline bint _whole(double x) noexcept nogil:
    return floor(x) == x


cdef int _score(const Ctx* x, int bits, int nbig, int hard, int wilds, WinOut* o) noexcept nogil:
    """fan.score_reading of one reading: ``bits`` the big hu it names (the liability reads
    them), ``nbig`` how many types it counts (``_plainest_soft``'s placeholder readings count
    more than they name). Fills ``o`` (legal, or refused by W11); returns ``o.legal``."""
    cdef const RulesC* r = x.r
    cdef const WinIn* w = x.w
    cdef int winner = x.winner, how = x.how, s, i, k, u, fw, bfan, zimo_big = 0
    cdef int points = not r.fan_schedule
    cdef int lf[4]
    cdef int fan[4]
    cdef double owed[4]
    cdef double pay[4]
    cdef double a, base, tot
    cdef uint8_t isf[4]
    cdef uint8_t pf[4]
    cdef int liable = -1, rule = LR_NONE, jinding, anyf
    cdef uint8_t co = 0
    cdef const SeatC* ws

    memset(o, 0, sizeof(WinOut))
    o.reason_seat = -1
    o.reason_tile = -1
    o.liable = -1
    bfan = r.big_hu_fan + nbig - 1 if nbig > 0 else 0  # S4
    fw = x.personal[winner] + hard  # S2: 硬胡
    if how == HOW_ZIMO or (r.gangkai_haidi_zimo and (how == HOW_GANGSHANGHUA or how == HOW_HAIDILAO)):
        if nbig and points:
            zimo_big = 1  # X1: ×1.5 instead of the 自摸 fan (D4)
        else:
            fw += 1
    for s in range(4):
        if s == winner:
            lf[s] = 0
            continue
        # S3: 放冲 (or the robbed seat); a small hu's dealer fan
        lf[s] = x.personal[s] + (s == x.discarder) + (nbig == 0 and (winner == x.dealer or s == x.dealer))
    o.hard = hard
    o.wilds = wilds
    o.big = bits
    o.n_big = nbig
    o.big_fan = bfan
    o.winner_fan = fw
    for s in range(4):
        o.loser_fan[s] = -1 if s == winner else fw + lf[s] + bfan
    if r.min_fan >= 0:  # W11 起胡: every loser's U at least min_fan
        for s in range(4):
            if s != winner and fw + lf[s] + bfan < r.min_fan:
                o.legal = 0
                o.reason = R_W11
                o.reason_seat = s
                return 0

    # liability (liability.liable_seat): L4 order L3, L1, L2
    if how == HOW_QIANGGANG:
        liable, rule = x.discarder, LR_L3
    elif bits & BH_QUANQIUREN and how == HOW_FANGCHONG:
        # L1; an unknown fact (-1) makes nobody liable (Python raises: the native engine
        # always knows it)
        if r.qqr_not_ready:
            if w.discarder_ready == 0:
                liable, rule = x.discarder, LR_L1
        elif w.discarder_holds_non_jiang == 1:
            liable, rule = x.discarder, LR_L1
    if rule == LR_NONE and bits & BH_QINGYISE:
        ws = &w.seats[winner]
        k = 0
        for i in range(ws.n_melds):
            if ws.melds[i].kind != MK_AN_GANG:
                k += 1
                if k == 3:  # L2: the seat fed the third opening
                    liable, rule = ws.melds[i].source, LR_L2
                    break
    if rule == LR_L2:  # L5 陪包, never the liable seat twice
        co = x.co & ~(1 << liable)

    # settlement (settlement.settle_checked)
    jinding = 1
    base = 1.0 if nbig <= 0 else ldexp(10.0, nbig - 1)  # X1 base 1, 10, 20, 40 …
    for s in range(4):
        if s == winner:
            owed[s] = 0.0
            continue
        if points:
            u = fw + lf[s]
            fan[s] = u + bfan
            a = ldexp(base, u)
            if zimo_big:
                a = a * 1.5
            o.reached[s] = a >= r.cap
        else:
            fan[s] = fw + lf[s] + bfan
            o.reached[s] = fan[s] >= r.cap_fan
            a = r.money[fan[s] if fan[s] < r.cap_fan else r.cap_fan]
        owed[s] = a
        jinding = jinding and o.reached[s]
    o.jinding = jinding
    for s in range(4):
        if s == winner:
            isf[s] = 0
            continue
        a = owed[s]
        if jinding:  # 金顶 (D9)
            if points:
                a = r.gold_cap if r.jinding_fixed else (a if not (r.gold_cap < a) else r.gold_cap)
            elif r.jinding_fixed:
                a = r.gold_money
            else:  # "ceiling": the money goes on doubling above cap_fan, up to the gold money
                a = ldexp(r.money[r.cap_fan], fan[s] - r.cap_fan)
                if r.gold_money < a:
                    a = r.gold_money
        elif o.reached[s] and points:  # 银顶
            a = r.cap
        if x.bi[s]:  # X3 闭, after the cap
            a = a * 2
        if x.doubled:  # X4, after the cap
            a = a * 2
        owed[s] = a
        isf[s] = not _whole(a)
    anyf = isf[0] | isf[1] | isf[2] | isf[3]
    for s in range(4):
        pf[s] = 0
        pay[s] = 0.0
    if liable < 0:
        for s in range(4):
            if s != winner:
                pay[s] = -owed[s]
                pf[s] = isf[s]
    else:  # the liable seat pays what the three would (L), each co-liable seat as much (L5)
        tot = _pysum(owed, isf)
        pay[liable] = -tot
        pf[liable] = anyf
        for s in range(4):
            if co >> s & 1:
                pay[s] = pay[liable]
                pf[s] = anyf
    tot = _pysum(pay, pf)
    pay[winner] = -tot  # X5: the sum is zero
    for s in range(4):
        o.payments[s] = pay[s] + 0.0  # + 0.0: no negative zero
    o.legal = 1
    o.reason = R_LEGAL
    o.liable = liable
    o.liable_rule = rule
    o.co_liable = co
    return 1


cdef inline int _pop(int bits) noexcept nogil:
    return _POP[bits & 255]


cdef void _plainest(const Ctx* x, WinOut* r, const Spec* specs, int nspecs, int top,
                    const uint8_t* arr, int n, const Facts* f, const uint8_t* fb, const uint8_t* chows,
                    const uint8_t* near, int extra) noexcept nogil:
    """evaluate._plainest_soft: among the soft readings that pay as much as ``r`` (W10), the
    one whose wildcards stand for the lowest kinds; its hand counts every big hu its tiles
    make. ``specs``/``top``/``arr``: the all-wild reading's profiles, the first that holds,
    its counts (the 癞子 taken out)."""
    cdef int winner = x.winner, k_min, low, need, nextra = _pop(extra), j, nf = 0, i, t, have = 0
    cdef int feasible[MAX_SPECS]
    cdef uint8_t a[4]
    cdef uint8_t lowest[4]
    cdef uint8_t concrete[34]
    cdef Spec cspecs[MAX_SPECS]
    cdef int cn, pi, big, better
    cdef double target = r.payments[winner]
    cdef WinOut tmp

    k_min = r.n_big
    # fewer big hu types pay as much only when every loser is at 金顶: below it a loser's
    # amount grows with every type
    if r.jinding:
        low = nextra
        if n >= 2 and low < 1:
            low = 1  # W8: two 癞子 need a big hu
        while k_min > low:
            _score(x, extra, k_min - 1, 0, n, &tmp)  # placeholder types: the total ignores names
            if not tmp.legal or tmp.payments[winner] != target:
                break
            k_min -= 1
    need = k_min - nextra
    feasible[nf] = top
    nf += 1
    for j in range(top + 1, nspecs):
        if specs[j].ntypes < need:
            break
        if specs[j].ntypes + nextra == 0 and n >= 2:
            continue  # W8
        if _spec_holds(arr, n, &specs[j]):
            feasible[nf] = j
            nf += 1
    if nf <= 1:
        return  # one profile pays the most: nothing to choose
    for j in range(nf):
        if not _lowest_assignment(arr, n, &specs[feasible[j]], a):
            continue
        better = not have
        if have:
            for i in range(n):
                if a[i] != lowest[i]:
                    better = a[i] < lowest[i]
                    break
        if better:
            memcpy(lowest, a, 4)
            have = 1
    if not have:
        return
    memcpy(concrete, arr, 34)
    for i in range(n):
        concrete[lowest[i]] += 1
    for t in range(34):
        if concrete[t] > 4:
            return
    pi = _best_spec(concrete, 0, f, fb, chows, near, cspecs, &cn)
    if pi < 0:
        return
    big = cspecs[pi].bits | extra
    if big == r.big:
        return
    _score(x, big, _pop(big), 0, n, &tmp)
    if not tmp.legal or tmp.payments[winner] != target:
        return
    memcpy(r, &tmp, sizeof(WinOut))


cdef inline void _refuse(WinOut* o, int reason) noexcept nogil:
    """result.refused: nobody pays, no fan (W1–W8)."""
    cdef int s
    memset(o, 0, sizeof(WinOut))
    o.legal = 0
    o.reason = reason
    o.reason_seat = -1
    o.reason_tile = -1
    o.liable = -1
    for s in range(4):
        o.loser_fan[s] = -1


cdef int evaluate_win_c(const RulesC* rules, const WinIn* w, WinOut* out) noexcept nogil:
    """evaluate.evaluate_win on trusted facts (score.pxd)."""
    cdef int winner = w.winner, ind = w.indicator, laizi, p, n, s, i, how = w.how
    cdef const uint8_t* hand = <const uint8_t*>&w.hand[0]
    cdef const uint8_t* fb
    cdef const uint8_t* chows
    cdef const uint8_t* near
    cdef Facts wf
    cdef Facts sf
    cdef Spec hspecs[MAX_SPECS]
    cdef Spec sspecs[MAX_SPECS]
    cdef int hn = 0, sn = 0, hard_i, soft_i = -1, extra = 0, nc = 0, w8 = 0, big
    cdef int cbits[2]
    cdef int chard[2]
    cdef int cwilds[2]
    cdef uint8_t c0[34]
    cdef WinOut outs[2]
    cdef Ctx x
    cdef int best = -1, refused_i = -1
    cdef double pay, best_pay = 0.0

    p = rules.pizi != 0
    laizi = _LAIZI[ind]
    fb = &_FB[p][ind][0][0]
    chows = _CORE[ind] if p and _CORE_N[ind] else NULL
    near = _NEAR[ind]
    # W5 (blocked kinds in order: the 痞子, then 红中), W4: before any shape
    if p:
        for i in range(2):
            if hand[_PIZI[ind][i]]:
                _refuse(out, R_W5)
                out.reason_tile = _PIZI[ind][i]
                return 0
    if hand[HONGZHONG]:
        _refuse(out, R_W5)
        out.reason_tile = HONGZHONG
        return 0
    _seat_facts(&w.seats[winner], &wf)
    if not wf.openings:
        _refuse(out, R_W4)
        return 0

    # readings (W9, W10): every 癞子 itself (hard), every 癞子 wild (soft)
    n = hand[laizi]
    hard_i = _best_spec(hand, 0, &wf, fb, chows, near, hspecs, &hn)
    if n:
        memcpy(c0, hand, 34)
        c0[laizi] = 0
        soft_i = _best_spec(c0, n, &wf, fb, chows, near, sspecs, &sn)
    if how == HOW_GANGSHANGHUA:
        extra = BH_GANGSHANGHUA
    elif how == HOW_HAIDILAO:
        extra = BH_HAIDILAO
    elif how == HOW_QIANGGANG:
        extra = BH_QIANGGANG
    if (wf.n == 4 and wf.an == 0 and (how == HOW_FANGCHONG or how == HOW_QIANGGANG)
            and (not rules.qqr_pair_258 or _JIANG[w.win_tile])):
        extra |= BH_QUANQIUREN  # W6, D16
    if hard_i >= 0:
        big = hspecs[hard_i].bits | extra
        if big == 0 and n >= 2:
            w8 = 1  # W8: two 癞子 forbid a small hu
        else:
            cbits[nc] = big
            chard[nc] = 1
            cwilds[nc] = 0
            nc += 1
    if soft_i >= 0:
        big = sspecs[soft_i].bits | extra
        if big == 0 and n >= 2:
            w8 = 1
        else:
            cbits[nc] = big
            chard[nc] = 0
            cwilds[nc] = n
            nc += 1
    if nc == 0:
        _refuse(out, R_W8 if w8 else R_W1)
        return 0
    if nc == 2 and _pop(cbits[1]) <= _pop(cbits[0]):
        nc = 1  # the soft reading adds nothing: hard wins the tie (W10)

    x.r = rules
    x.w = w
    x.winner = winner
    x.dealer = w.dealer
    x.how = how
    x.discarder = w.discarder
    x.doubled = rules.wind_laizi_double and (laizi >= 27 or laizi == w.prev_laizi)
    x.co = w.co_liable & ~(1 << winner)
    for s in range(4):
        _seat_facts(&w.seats[s], &sf)
        x.personal[s] = _personal(&w.seats[s], &sf, rules.per_opening)
        # X3 闭: neither opened nor made a special play (an 暗杠 alone does not count)
        x.bi[s] = rules.bi and s != winner and not sf.openings and not sf.special
    for i in range(nc):
        if not _score(&x, cbits[i], _pop(cbits[i]), chard[i], cwilds[i], &outs[i]):
            if refused_i < 0:
                refused_i = i
            continue
        pay = outs[i].payments[winner]
        if best < 0 or pay > best_pay or (pay == best_pay and chard[i] > chard[best]):
            best = i
            best_pay = pay
    if best < 0:  # every reading refused by W11: the first one's verdict
        memcpy(out, &outs[refused_i], sizeof(WinOut))
        return 0
    memcpy(out, &outs[best], sizeof(WinOut))
    if not out.hard:
        _plainest(&x, out, sspecs, sn, soft_i, c0, n, &wf, fb, chows, near, extra)
    return 0


# ---------------------------------------------------------------- 听牌 and L1's fact

cdef int personal_fan_c(const SeatC* sp, int per_opening) noexcept nogil:
    """S1: the personal fan of a seat's melds and plays (score.pxd)."""
    cdef Facts f
    _seat_facts(sp, &f)
    return _personal(sp, &f, per_opening)


cdef bint is_ready_c(const uint8_t* hand13, const SeatC* seat, int indicator, int pizi_on) noexcept nogil:
    """waits.winning_tiles is not empty: the all-wild reading's shape waits (readings.shape_waits),
    a drawn 癞子 read wild, never 红中 / a 痞子, a kind with a copy left (D6, D10)."""
    cdef int laizi = _LAIZI[indicator], p = pizi_on != 0, n, t, s, i, k, mask, jiang
    cdef const uint8_t* fb = &_FB[p][indicator][0][0]
    cdef const uint8_t* chows = _CORE[indicator] if p and _CORE_N[indicator] else NULL
    cdef const uint8_t* near = _NEAR[indicator]
    cdef uint8_t seen[34]
    cdef uint8_t c0[34]
    cdef uint8_t ws[34]
    cdef uint8_t ok[34]         # a kind that may be won on: not blocked, a copy left
    cdef Facts f
    cdef Spec specs[MAX_SPECS]
    cdef int nspecs

    for t in range(34):
        if hand13[t] and fb[t]:
            return False  # W5: 红中 / 痞子 held
    memcpy(seen, hand13, 34)
    for i in range(seat.n_melds):
        k = seat.melds[i].kind
        t = seat.melds[i].tile
        if k == MK_CHI:
            seen[t] += 1
            seen[t + 1] += 1
            seen[t + 2] += 1
        else:
            seen[t] += 3 if k == MK_PENG else 4
    for t in range(34):
        ok[t] = not fb[t] and seen[t] < (3 if t == indicator else 4)
    _seat_facts(seat, &f)
    n = hand13[laizi]
    memcpy(c0, hand13, 34)
    c0[laizi] = 0
    # a drawn 癞子, read wild (the all-wild reading dominates, readings.py)
    if ok[laizi] and _best_spec(c0, n + 1, &f, fb, chows, near, specs, &nspecs) >= 0:
        return True
    ok[laizi] = 0  # the 癞子's kind as a real tile is the case above
    _hand_shape(c0, &f, &mask, &jiang)
    if jiang:  # W3: any 2/5/8 wins
        for t in range(27):
            if _JIANG[t] and c0[t] < 4 and ok[t]:
                return True
    if mask == 8:  # W3: any honor wins
        for t in range(27, 34):
            if c0[t] < 4 and ok[t]:
                return True
    for s in range(3):
        if mask & ~(1 << s) == 0:  # every tile so far of suit s: 清一色 (any pair)
            waits_c(c0, n, PAIR_ANY, 0, chows, ws)  # the suit's list is the filter below (see Spec)
            for t in range(9 * s, 9 * s + 9):
                if ws[t] and ok[t]:
                    return True
    if not f.has_chi:
        waits_c(c0, n, PAIR_ANY, 1, NULL, ws)  # pongs only: no list (see Spec)
        for t in range(34):
            if ws[t] and ok[t]:
                return True
    waits_c(c0, n, PAIR_258, 0, chows, ws)
    for t in range(34):
        if ws[t] and ok[t]:
            return True
    return False


cdef bint holds_non_jiang_c(const uint8_t* hand) noexcept nogil:
    """waits.holds_non_jiang: a tile other than a 2/5/8 of a suit (honors count), L1 seed 001."""
    cdef int t
    for t in range(34):
        if hand[t] and not _JIANG[t]:
            return True
    return False


cdef int laizi_c(int indicator) noexcept nogil:
    """The 癞子 of an indicator (R2, T3)."""
    return _LAIZI[indicator]
