# cython: language_level=3
"""The shape core of wuhanmj: is a hand one pair plus sets, with k wildcards? (W1, W2, D8)

Everything here is shape only: 红中 is an ordinary tile, a wildcard (癞子 read
as wild) may stand for any kind, even a fifth copy (D8), unless a ``forbid``
list says otherwise.

Key encoding
------------
A hand's counts (34,) split into four *groups*: 万, 筒, 条 (nine counts each)
and honors (seven counts). Each group is looked up in a precomputed table:

* **Suit key** — the *rank* of the nine counts ``c0..c8`` (each 0–4, total at
  most 14) in lexicographic order among all such patterns: ``SUIT_PATTERNS``
  = 405,350 entries, so the table is 1.6 MB. The rank is a sum of nine small
  precomputed offsets, ``rank = sum_i RANK[i][c0+…+c(i-1)][ci]`` where
  ``RANK[i][s][c]`` counts the patterns that agree on the first ``i`` counts and
  have fewer than ``c`` at position ``i``.
* **Honor key** — ``sum_i ci * 5**i`` over the seven honors: 78,125 entries.

Each entry is a ``uint32`` holding six 4-bit numbers, the least number of
wildcards that completes the group as:

====  ==========================================
bits  completion
====  ==========================================
0–3   sets only (chows and pongs)
4–7   sets plus one pair of any kind
8–11  sets plus one 2/5/8 pair
12–15 pongs only
16–19 pongs plus one pair of any kind
20–23 pongs plus one 2/5/8 pair
====  ==========================================

15 means impossible (an honor group cannot hold a 2/5/8 pair). A group with
no tiles costs 0 as sets and 2 as sets plus a pair (two wildcards).

Combination step
----------------
Exactly one group holds the pair, so for a hand

    min_wilds = sum_g sets[g] + min_g (pair[g] - sets[g])

(groups whose pair entry is impossible are skipped). ``tiles + w`` wildcards
complete the hand iff ``min_wilds <= w``: the tile total fixes ``w`` modulo 3,
and three spare wildcards always make one more pong (D8).

Tables are built on first use by a bottom-up recursion over the patterns in
key order (removing the group that holds the first tile always lowers the
key), take about 0.1 s, and are kept for the life of the process.

``forbid`` (kinds a wildcard may not stand for: 红中 and 痞子, D8; the other
suits for a 清一色 reading) is handled by a small left-to-right dynamic program
over the groups it touches; the tables are used for the rest.
"""

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint32_t
from libc.string cimport memcpy, memset

import numpy as np

cimport numpy as cnp

from .errors import ShapeError

cnp.import_array()

__all__ = [
    "SUIT_PATTERNS",
    "HONOR_PATTERNS",
    "min_wilds",
    "is_complete",
    "waits",
    "min_wilds_batch",
    "is_complete_batch",
    "waits_batch",
    "suit_table",
    "honor_table",
    "suit_patterns",
    "suit_key",
    # _shanten.pxi
    "shanten",
    "shanten_batch",
    "shanten_tables",
    "wuhan_routes",
    "wuhan_draws",
    "wuhan_discards",
    "wuhan_best_discard",
    "ROUTE_NAMES",
]

cdef enum:
    MAX_TILES = 14          # a hand never holds more (tiles + wildcards)
    INF = 15                # "impossible" in a 4-bit table entry
    N_SUIT = 405350         # suit patterns with counts 0-4 and total <= 14
    N_HONOR = 78125         # 5 ** 7
    # pair modes
    PAIR_NONE = 0
    PAIR_ANY = 1
    PAIR_258 = 2

SUIT_PATTERNS = N_SUIT
HONOR_PATTERNS = N_HONOR

cdef int32_t RANK[9][MAX_TILES + 1][5]
cdef uint32_t* SUIT_T = NULL
cdef uint32_t* HONOR_T = NULL
cdef object _suit_arr = None
cdef object _honor_arr = None
cdef object _pattern_arr = None
cdef bint _ready = False


# ---------------------------------------------------------------- keys

cdef void _init_rank():
    """RANK[i][s][c] = number of patterns of positions i..8 (sum <= 14 - s) with c_i < c."""
    cdef int64_t N[10][MAX_TILES + 1]   # N[k][m]: sequences of length k, entries 0-4, sum <= m
    cdef int k, m, v, i, s, c
    cdef int64_t acc
    for m in range(MAX_TILES + 1):
        N[0][m] = 1
    for k in range(1, 10):
        for m in range(MAX_TILES + 1):
            acc = 0
            for v in range(min(4, m) + 1):
                acc += N[k - 1][m - v]
            N[k][m] = acc
    for i in range(9):
        for s in range(MAX_TILES + 1):
            for c in range(5):
                acc = 0
                for v in range(c):
                    if s + v <= MAX_TILES:
                        acc += N[8 - i][MAX_TILES - s - v]
                RANK[i][s][c] = <int32_t>acc


cdef inline int32_t _suit_rank(const uint8_t* c) noexcept nogil:
    """Rank of nine counts (each 0-4, total <= 14) in lexicographic order."""
    cdef int32_t r = 0
    cdef int s = 0, i
    for i in range(9):
        r += RANK[i][s][c[i]]
        s += c[i]
    return r


cdef inline int32_t _honor_key(const uint8_t* c) noexcept nogil:
    """Base-5 key of seven honor counts, 1z lowest."""
    return (c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * c[6]))))))


# ---------------------------------------------------------------- table build

cdef inline int _nib(uint32_t e, int k) noexcept nogil:
    return (e >> (4 * k)) & 15


cdef int _entry_lookup(uint8_t* c, bint suit) noexcept nogil:
    # index of a (smaller) pattern already computed
    if suit:
        return _suit_rank(c)
    return _honor_key(c)


cdef uint32_t _solve_pattern(uint8_t* c, int n, bint suit, uint32_t* table) noexcept nogil:
    """Six least-wildcard values for one group pattern from smaller patterns.

    The first tile present (position i) belongs to some group: a pong of i, the
    pair at i, or a chow containing i (i..i+2, i-1..i+1, i-2..i); missing
    members are wildcards and real tiles are used when present (swapping a real
    tile for a wildcard never costs more).
    """
    cdef int i = 0, k, u, cost, sub, j, hi, lo, took1, took2
    cdef int best[6]
    cdef uint32_t e, out = 0
    while i < n and c[i] == 0:
        i += 1
    if i == n:
        # empty group: sets 0, pair 2 wildcards, 2/5/8 pair impossible in honors
        hi = 2 if suit else INF
        return (0 | (2 << 4) | (hi << 8) | (0 << 12) | (2 << 16) | (hi << 20))
    for k in range(6):
        best[k] = INF
    # pong of i
    u = c[i] if c[i] < 3 else 3
    cost = 3 - u
    c[i] -= u
    e = table[_entry_lookup(c, suit)]
    c[i] += u
    for k in range(6):
        sub = _nib(e, k)
        if sub < INF and cost + sub < best[k]:
            best[k] = cost + sub
    # pair at i
    u = c[i] if c[i] < 2 else 2
    cost = 2 - u
    c[i] -= u
    e = table[_entry_lookup(c, suit)]
    c[i] += u
    # the rest must then be sets only: nibble 0 (chows) or 3 (pongs)
    for k in range(1, 6, 3):          # k = 1, 4
        sub = _nib(e, k - 1)
        if sub < INF and cost + sub < best[k]:
            best[k] = cost + sub
    if suit and (i == 1 or i == 4 or i == 7):
        for k in range(2, 6, 3):      # k = 2, 5
            sub = _nib(e, k - 2)
            if sub < INF and cost + sub < best[k]:
                best[k] = cost + sub
    if suit:
        # chows containing i (only the chow variants, nibbles 0-2)
        for j in range(3):
            lo = i - j                      # the chow is lo, lo+1, lo+2
            if lo < 0 or lo + 2 > 8:
                continue
            cost = j                        # positions below i hold no tiles
            took1 = 0
            took2 = 0
            c[i] -= 1
            if i + 1 <= lo + 2:
                if c[i + 1] > 0:
                    c[i + 1] -= 1
                    took1 = 1
                else:
                    cost += 1
            if i + 2 <= lo + 2:
                if c[i + 2] > 0:
                    c[i + 2] -= 1
                    took2 = 1
                else:
                    cost += 1
            e = table[_entry_lookup(c, suit)]
            c[i] += 1
            if took1:
                c[i + 1] += 1
            if took2:
                c[i + 2] += 1
            for k in range(3):
                sub = _nib(e, k)
                if sub < INF and cost + sub < best[k]:
                    best[k] = cost + sub
    for k in range(6):
        if best[k] > INF:
            best[k] = INF
        out |= (<uint32_t>best[k]) << (4 * k)
    return out


cdef void _build_tables():
    global SUIT_T, HONOR_T, _suit_arr, _honor_arr, _pattern_arr, _ready
    cdef cnp.ndarray suit_arr = np.zeros(N_SUIT, dtype=np.uint32)
    cdef cnp.ndarray honor_arr = np.zeros(N_HONOR, dtype=np.uint32)
    cdef cnp.ndarray pat_arr = np.zeros((N_SUIT, 9), dtype=np.uint8)
    cdef uint32_t* st = <uint32_t*>cnp.PyArray_DATA(suit_arr)
    cdef uint32_t* ht = <uint32_t*>cnp.PyArray_DATA(honor_arr)
    cdef uint8_t* pats = <uint8_t*>cnp.PyArray_DATA(pat_arr)
    cdef uint8_t c[9]
    cdef int idx = 0, key, i, total, r
    _init_rank()
    with nogil:
        memset(c, 0, 9)
        # enumerate suit patterns in lexicographic order (= rank order)
        while True:
            memcpy(pats + 9 * idx, c, 9)
            st[idx] = _solve_pattern(c, 9, True, st)
            idx += 1
            # next pattern: odometer on position 8 .. 0 with total <= 14
            i = 8
            while i >= 0:
                c[i] += 1
                total = 0
                for r in range(9):
                    total += c[r]
                if c[i] <= 4 and total <= MAX_TILES:
                    break
                c[i] = 0
                i -= 1
            if i < 0:
                break
        for key in range(N_HONOR):
            r = key
            for i in range(7):
                c[i] = r % 5
                r = r // 5
            ht[key] = _solve_pattern(c, 7, False, ht)
    if idx != N_SUIT:
        raise RuntimeError(f"suit pattern enumeration produced {idx} patterns, expected {N_SUIT}")
    _suit_arr, _honor_arr, _pattern_arr = suit_arr, honor_arr, pat_arr
    suit_arr.flags.writeable = False
    honor_arr.flags.writeable = False
    pat_arr.flags.writeable = False
    SUIT_T, HONOR_T = st, ht
    _ready = True


cdef inline void _ensure() except *:
    if not _ready:
        _build_tables()


# ---------------------------------------------------------------- combination

cdef inline int _group_entries(const uint8_t* c, uint32_t* e) noexcept nogil:
    """Look up the four group entries of a validated hand (total <= 14)."""
    e[0] = SUIT_T[_suit_rank(c)]
    e[1] = SUIT_T[_suit_rank(c + 9)]
    e[2] = SUIT_T[_suit_rank(c + 18)]
    e[3] = HONOR_T[_honor_key(c + 27)]
    return 0


cdef inline int _combine(const uint32_t* e, int sets_shift, int pair_shift) noexcept nogil:
    """sum of sets + the cheapest group to hold the pair (skipping impossible ones)."""
    cdef int g, s, p, total = 0, delta, best = 1000
    for g in range(4):
        s = (e[g] >> sets_shift) & 15
        p = (e[g] >> pair_shift) & 15
        total += s
        if p != INF:
            delta = p - s
            if delta < best:
                best = delta
    return total + best


cdef inline int _shifts(int pair_mode, bint pungs_only, int* sets_shift, int* pair_shift) noexcept nogil:
    sets_shift[0] = 12 if pungs_only else 0
    pair_shift[0] = sets_shift[0] + (4 if pair_mode == PAIR_ANY else 8)
    return 0


# ---------------------------------------------------------------- forbid: a small DP

cdef int _group_dp(const uint8_t* c, int n, bint chows, bint jiang_only,
                   const uint8_t* forbid, int want_pair) noexcept nogil:
    """Least wildcards for one group when some positions may not take a wildcard.

    Left to right over the positions; the state is (chows started one position
    back, chows started two back, pair used). Every real tile must be used; a
    wildcard may fill a position only if it is not forbidden. ``want_pair`` is
    0 (sets only) or 1 (sets plus one pair, at a 2/5/8 position if jiang_only).
    Returns the exact least number (no 4-bit cap), 1000 or more when impossible.
    """
    cdef int cur[3][3][2]
    cdef int nxt[3][3][2]
    cdef int i, a, b, p, s, t, q, need, w, v, best
    for a in range(3):
        for b in range(3):
            for p in range(2):
                cur[a][b][p] = 1000
    cur[0][0][0] = 0
    for i in range(n):
        for a in range(3):
            for b in range(3):
                for p in range(2):
                    nxt[a][b][p] = 1000
        for a in range(3):           # chows started at i-1 (need i and i+1)
            for b in range(3):       # chows started at i-2 (need i)
                for p in range(2):
                    v = cur[a][b][p]
                    if v >= 1000:
                        continue
                    for s in range(3 if (chows and i <= n - 3) else 1):
                        for t in range(3):
                            for q in range(2):
                                if q and (p or not want_pair):
                                    continue
                                if q and jiang_only and not (i % 9 == 1 or i % 9 == 4 or i % 9 == 7):
                                    continue
                                need = a + b + s + 3 * t + 2 * q
                                if need < c[i]:
                                    continue
                                w = need - c[i]
                                if w and forbid[i]:
                                    continue
                                if v + w < nxt[s][a][p | q]:
                                    nxt[s][a][p | q] = v + w
        cur = nxt
    return cur[0][0][1 if want_pair else 0]


# ---------------------------------------------------------------- input checks

cdef str _S258 = "258"
cdef str _SANY = "any"


cdef int _pair_mode(object pair) except -1:
    if pair is _S258 or pair == _S258:
        return PAIR_258
    if pair is _SANY or pair == _SANY:
        return PAIR_ANY
    raise ShapeError(f"pair must be '258' or 'any', got {pair!r}")


cdef int _load_counts(object counts, uint8_t* out) except -1:
    """Copy 34 counts into out, checking shape, dtype and range 0-4. Returns the total."""
    cdef cnp.ndarray arr
    cdef int i, total = 0, v
    cdef object item
    if cnp.PyArray_Check(counts):
        arr = <cnp.ndarray>counts
        if cnp.PyArray_NDIM(arr) != 1 or cnp.PyArray_DIM(arr, 0) != 34:
            raise ShapeError(f"counts must have shape (34,), got {np.shape(arr)}")
        if cnp.PyArray_TYPE(arr) == cnp.NPY_UINT8 and cnp.PyArray_ISCARRAY_RO(arr):
            memcpy(out, cnp.PyArray_DATA(arr), 34)
            for i in range(34):
                if out[i] > 4:
                    raise ShapeError(f"counts[{i}] = {out[i]}: a kind has at most 4 tiles")
                total += out[i]
            return total
        if arr.dtype.kind not in "iu":
            raise ShapeError(f"counts must be an integer array, got dtype {arr.dtype}")
        counts = arr.tolist()
    elif isinstance(counts, (str, bytes)):
        raise ShapeError("counts must be 34 integers, not a string (use tile_counts() to parse tiles)")
    try:
        n = len(counts)
    except TypeError:
        raise ShapeError(f"counts must be a sequence of 34 integers, got {type(counts).__name__}") from None
    if n != 34:
        raise ShapeError(f"counts must have 34 entries, got {n}")
    for i in range(34):
        item = counts[i]
        if isinstance(item, bool) or not isinstance(item, (int, np.integer)):
            raise ShapeError(f"counts[{i}] = {item!r} is not an integer")
        if not 0 <= item <= 4:
            raise ShapeError(f"counts[{i}] = {item}: a kind has 0 to 4 tiles")
        v = item
        out[i] = <uint8_t>v
        total += v
    return total


cdef int _check_wilds(object wilds) except -1:
    if type(wilds) is int and 0 <= wilds <= MAX_TILES:
        return <int>wilds
    if isinstance(wilds, bool) or not isinstance(wilds, (int, np.integer)):
        raise ShapeError(f"wilds must be an integer, got {wilds!r}")
    if not 0 <= wilds <= MAX_TILES:
        raise ShapeError(f"wilds = {wilds}: must be 0 to {MAX_TILES}")
    return wilds


cdef int _check_total(int total, int wilds, int residue, str what) except -1:
    if total + wilds > MAX_TILES:
        raise ShapeError(f"{total} tiles + {wilds} wildcards: a hand holds at most {MAX_TILES}")
    if residue >= 0 and (total + wilds) % 3 != residue:
        raise ShapeError(
            f"{total} tiles + {wilds} wildcards = {total + wilds}: {what} needs 3k+{residue} tiles"
        )
    return 0


cdef int _flag(object value) except -1:
    """``pungs_only`` as 0/1: True/False (or numpy bools, or the ints 0 and 1) only."""
    if value is True or value is False:
        return value is True
    if isinstance(value, (np.bool_, int, np.integer)) and value in (0, 1):
        return 1 if value else 0
    raise ShapeError(f"pungs_only must be True or False, got {value!r}")


cdef int _load_forbid(object forbid, uint8_t* out) except -1:
    """Fill a (34,) 0/1 mask; returns the number of forbidden kinds."""
    cdef int n = 0, t
    memset(out, 0, 34)
    if forbid is None:
        return 0
    if isinstance(forbid, (str, bytes)) or not hasattr(forbid, "__iter__"):
        raise ShapeError(f"forbid must be an iterable of tile indices 0-33, got {forbid!r}")
    for item in forbid:
        if isinstance(item, bool) or not isinstance(item, (int, np.integer)) or not 0 <= item < 34:
            raise ShapeError(f"forbid must hold tile indices 0-33, got {item!r}")
        t = item
        if not out[t]:
            out[t] = 1
            n += 1
    return n


cdef inline int _load_hand(object counts, object wilds, object forbid, uint8_t* c, uint8_t* fb,
                           int residue, str what, int* nfb) except -1:
    """The common checks of the single calls; returns the wildcards, fills ``c``, ``fb``, ``nfb``.

    ``residue`` is the tile total modulo 3 the call needs (2 complete, 1 waiting), -1 for any.
    """
    cdef int total = _load_counts(counts, c)
    cdef int w = _check_wilds(wilds)
    nfb[0] = _load_forbid(forbid, fb)
    _check_total(total, w, residue, what)
    _ensure()
    return w


# ---------------------------------------------------------------- single calls

cdef int _min_wilds_c(const uint8_t* c, int pm, bint pungs, const uint8_t* fb, int nfb) noexcept nogil:
    """Exact least wildcards. Groups touched by ``forbid``, or whose 4-bit entry
    saturated (pongs-only values of a few 14-tile suit patterns exceed 14), are
    recomputed by the DP; the rest come from the tables."""
    cdef uint32_t e[4]
    cdef int sets[4]
    cdef int pairs[4]
    cdef int ss, ps, g, i, off, n, total, best = 1000
    cdef bint redo
    _group_entries(c, e)
    _shifts(pm, pungs, &ss, &ps)
    for g in range(4):
        sets[g] = (e[g] >> ss) & 15
        pairs[g] = (e[g] >> ps) & 15
        off = 9 * g
        n = 7 if g == 3 else 9
        redo = sets[g] == INF or (pairs[g] == INF and not (g == 3 and pm == PAIR_258))
        if nfb and not redo:
            for i in range(n):
                if fb[off + i]:
                    redo = True
                    break
        if redo:
            sets[g] = _group_dp(c + off, n, g < 3 and not pungs, False, fb + off, 0)
            if g == 3 and pm == PAIR_258:
                pairs[g] = 1000
            else:
                pairs[g] = _group_dp(c + off, n, g < 3 and not pungs, pm == PAIR_258, fb + off, 1)
        elif pairs[g] == INF:
            pairs[g] = 1000
    # exactly one group holds the pair; a group may be impossible as sets only
    # (a held forbidden kind that only a pair can use), so no difference trick here
    for g in range(4):
        if pairs[g] >= 1000:
            continue
        total = pairs[g]
        for i in range(4):
            if i != g:
                total += sets[i]
        if total < best:
            best = total
    return best if best < 1000 else 1000


def min_wilds(counts, pair="258", pungs_only=False, forbid=None):
    """Least number of wildcards that make ``counts`` one pair plus sets (W1, W2, D8).

    Args:
        counts: 34 tile counts (list, tuple or numpy integer array of shape (34,)),
            each 0–4, total at most 14.
        pair: ``"258"`` — the pair must be a 2, 5 or 8 of a suit (W2) — or ``"any"``.
        pungs_only: sets must be pongs (碰碰胡 shape, W6).
        forbid: kinds a wildcard may not stand for (D8: 红中 and the 痞子); default none.
            Held tiles of a forbidden kind are still ordinary tiles.

    Returns:
        int: the least ``w >= 0`` with ``is_complete(counts, w, ...)``.

    Raises:
        ShapeError: bad shape, dtype, a count outside 0–4, more than 14 tiles, a bad ``pair``
            or ``forbid``; or, with ``forbid``, when no number of wildcards completes the hand
            (e.g. a lone 1m when every kind is forbidden).
    """
    cdef uint8_t c[34]
    cdef uint8_t fb[34]
    cdef int nfb
    cdef int pm = _pair_mode(pair)
    _load_hand(counts, 0, forbid, c, fb, -1, "", &nfb)
    cdef int m = _min_wilds_c(c, pm, _flag(pungs_only), fb, nfb)
    if m >= 1000:
        raise ShapeError("no number of wildcards completes this hand: the kinds it needs are forbidden")
    return m


def is_complete(counts, wilds=0, pair="258", pungs_only=False, forbid=None):
    """Whether ``counts`` plus ``wilds`` wildcards form exactly one pair and sets (W1, W2, D8).

    Args:
        counts: 34 tile counts (shape (34,), integers 0–4); red 中 is an ordinary tile here.
        wilds: number of wildcards (癞子 read as wild), 0–14; tiles + wilds at most 14.
        pair: ``"258"`` (W2) or ``"any"``.
        pungs_only: every set must be a pong (碰碰胡).
        forbid: kinds a wildcard may not stand for (D8).

    Returns:
        bool.

    Raises:
        ShapeError: bad counts, or a tile total ``tiles + wilds`` that is not 3k+2.
    """
    cdef uint8_t c[34]
    cdef uint8_t fb[34]
    cdef int nfb
    cdef int pm = _pair_mode(pair)
    cdef int w = _load_hand(counts, wilds, forbid, c, fb, 2, "a complete hand", &nfb)
    return _is_complete_c(c, w, pm, _flag(pungs_only), fb, nfb)


cdef inline bint _is_complete_c(const uint8_t* c, int w, int pm, bint pungs,
                                const uint8_t* fb, int nfb) noexcept nogil:
    cdef uint32_t e[4]
    cdef int ss, ps
    _group_entries(c, e)
    _shifts(pm, pungs, &ss, &ps)
    if _combine(e, ss, ps) > w:
        return False
    if nfb == 0 or w == 0:
        return True
    if nfb == 34:
        return False
    return _min_wilds_c(c, pm, pungs, fb, nfb) <= w


def waits(counts, wilds=0, pair="258", pungs_only=False, forbid=None):
    """The kinds that complete the hand when added (W1, W2, D8).

    Args:
        counts: 34 tile counts with ``tiles + wilds`` = 3k+1.
        wilds, pair, pungs_only, forbid: as for :func:`is_complete`.

    Returns:
        list[int]: sorted kinds ``t`` with ``counts[t] < 4`` (a fifth copy cannot be
        drawn) such that ``counts + t`` is complete.

    Raises:
        ShapeError: bad counts, or a tile total that is not 3k+1.
    """
    cdef uint8_t c[34]
    cdef uint8_t fb[34]
    cdef uint8_t out[34]
    cdef int nfb
    cdef int pm = _pair_mode(pair)
    cdef int w = _load_hand(counts, wilds, forbid, c, fb, 1, "a hand that waits", &nfb)
    _waits_c(c, w, pm, _flag(pungs_only), fb, nfb, out)
    return [t for t in range(34) if out[t]]


cdef void _waits_c(uint8_t* c, int w, int pm, bint pungs, const uint8_t* fb, int nfb,
                   uint8_t* out) noexcept nogil:
    """out[t] = 1 when adding kind t completes the hand; c is restored on return."""
    cdef uint32_t e[4]
    cdef uint32_t saved
    cdef int ss, ps, t, g
    _group_entries(c, e)
    _shifts(pm, pungs, &ss, &ps)
    for t in range(34):
        out[t] = 0
        if c[t] >= 4:
            continue
        g = t // 9
        saved = e[g]
        c[t] += 1
        if g < 3:
            e[g] = SUIT_T[_suit_rank(c + 9 * g)]
        else:
            e[g] = HONOR_T[_honor_key(c + 27)]
        if _combine(e, ss, ps) <= w:
            if nfb == 0 or w == 0:
                out[t] = 1
            elif nfb < 34:
                out[t] = _min_wilds_c(c, pm, pungs, fb, nfb) <= w
        c[t] -= 1
        e[g] = saved


# ---------------------------------------------------------------- batch calls

cdef tuple _batch_inputs(object counts, object wilds):
    """Validate (N,34) counts and scalar-or-(N,) wilds; return contiguous uint8 arrays."""
    if not cnp.PyArray_Check(counts):
        raise ShapeError(f"counts must be a numpy array of shape (N, 34), got {type(counts).__name__}")
    arr = <cnp.ndarray>counts
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise ShapeError(f"counts must have shape (N, 34), got {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise ShapeError(f"counts must be an integer array (uint8 preferred), got dtype {arr.dtype}")
    if arr.dtype != np.uint8:
        if arr.size and (arr.min() < 0 or arr.max() > 4):
            raise ShapeError("counts must be 0 to 4 in every entry")
        arr = arr.astype(np.uint8)
    arr = np.ascontiguousarray(arr)
    n = arr.shape[0]
    if cnp.PyArray_Check(wilds):
        wa = <cnp.ndarray>wilds
        if wa.ndim != 1 or wa.shape[0] != n:
            raise ShapeError(f"wilds must be a scalar or have shape ({n},), got {np.shape(wa)}")
        if wa.dtype.kind not in "iu":
            raise ShapeError(f"wilds must be integers, got dtype {wa.dtype}")
        if wa.size and (wa.min() < 0 or wa.max() > MAX_TILES):
            raise ShapeError(f"wilds must be 0 to {MAX_TILES}")
        wa = np.ascontiguousarray(wa, dtype=np.uint8)
    else:
        wa = np.full(n, _check_wilds(wilds), dtype=np.uint8)
    return arr, wa


cdef int _row_total(const uint8_t* c) noexcept nogil:
    """Tile total of a row, or -1 if some count exceeds 4."""
    cdef int i, t = 0
    for i in range(34):
        if c[i] > 4:
            return -1
        t += c[i]
    return t


cdef _raise_row(int64_t row, const uint8_t[:, ::1] c, const uint8_t[::1] w, int residue, str what):
    cdef int total = _row_total(&c[row, 0])
    if total < 0:
        raise ShapeError(f"row {row}: counts must be 0 to 4")
    try:
        _check_total(total, w[row], residue, what)
    except ShapeError as err:
        raise ShapeError(f"row {row}: {err}") from None
    raise ShapeError(f"row {row}: invalid")


def min_wilds_batch(counts, pair="258", pungs_only=False):
    """:func:`min_wilds` over many hands, without the GIL.

    Args:
        counts: ``numpy.ndarray`` shape (N, 34), integer dtype (uint8 avoids a copy), 0–4.
        pair, pungs_only: as for :func:`min_wilds`.

    Returns:
        ``numpy.ndarray`` shape (N,), dtype int8.

    Raises:
        ShapeError: bad shape or dtype, or a row with a count above 4 or more than 14 tiles.
    """
    cdef int pm = _pair_mode(pair)
    cdef bint pungs = _flag(pungs_only)
    arr, _ = _batch_inputs(counts, 0)
    cdef const uint8_t[:, ::1] c = arr
    cdef int64_t n = c.shape[0], r, bad = -1
    res = np.empty(n, dtype=np.int8)
    cdef int8_t[::1] out = res
    cdef uint8_t zero[34]
    cdef int t, ss, ps
    cdef uint32_t e[4]
    memset(zero, 0, 34)
    _ensure()
    _shifts(pm, pungs, &ss, &ps)
    with nogil:
        for r in range(n):
            t = _row_total(&c[r, 0])
            if t < 0 or t > MAX_TILES:
                bad = r
                break
            out[r] = <int8_t>_min_wilds_c(&c[r, 0], pm, pungs, zero, 0)
    if bad >= 0:
        _raise_row(bad, c, np.zeros(n, np.uint8), -1, "")
    return res


def is_complete_batch(counts, wilds=0, pair="258", pungs_only=False):
    """:func:`is_complete` over many hands, without the GIL.

    Args:
        counts: ``numpy.ndarray`` shape (N, 34), integer dtype (uint8 avoids a copy), 0–4.
        wilds: an int, or an integer array of shape (N,).
        pair, pungs_only: as for :func:`is_complete`.

    Returns:
        ``numpy.ndarray`` shape (N,), dtype bool.

    Raises:
        ShapeError: bad shape or dtype; the first row whose total is not 3k+2 or above 14.
    """
    cdef int pm = _pair_mode(pair)
    cdef bint pungs = _flag(pungs_only)
    arr, warr = _batch_inputs(counts, wilds)
    cdef const uint8_t[:, ::1] c = arr
    cdef const uint8_t[::1] w = warr
    cdef int64_t n = c.shape[0], r, bad = -1
    res = np.empty(n, dtype=np.bool_)
    cdef cnp.npy_bool[::1] out = res
    cdef int t, ss, ps
    cdef uint32_t e[4]
    _ensure()
    _shifts(pm, pungs, &ss, &ps)
    with nogil:
        for r in range(n):
            t = _row_total(&c[r, 0])
            if t < 0 or t + w[r] > MAX_TILES or (t + w[r]) % 3 != 2:
                bad = r
                break
            _group_entries(&c[r, 0], e)
            out[r] = _combine(e, ss, ps) <= w[r]
    if bad >= 0:
        _raise_row(bad, c, w, 2, "a complete hand")
    return res


def waits_batch(counts, wilds=0, pair="258", pungs_only=False):
    """:func:`waits` over many hands, without the GIL.

    Args:
        counts: ``numpy.ndarray`` shape (N, 34), integer dtype, 0–4, each row 3k+1 with wilds.
        wilds: an int, or an integer array of shape (N,).
        pair, pungs_only: as for :func:`waits`.

    Returns:
        ``numpy.ndarray`` shape (N, 34), dtype bool: ``[r, t]`` is True when kind t
        completes row r.

    Raises:
        ShapeError: bad shape or dtype; the first row whose total is not 3k+1 or above 14.
    """
    cdef int pm = _pair_mode(pair)
    cdef bint pungs = _flag(pungs_only)
    arr, warr = _batch_inputs(counts, wilds)
    arr = np.array(arr, dtype=np.uint8, copy=True)  # rows are modified and restored in place
    cdef uint8_t[:, ::1] c = arr
    cdef const uint8_t[::1] w = warr
    cdef int64_t n = c.shape[0], r, bad = -1
    res = np.zeros((n, 34), dtype=np.bool_)
    cdef uint8_t[:, ::1] out = res.view(np.uint8)
    cdef int t
    cdef uint8_t nofb[34]
    memset(nofb, 0, 34)
    _ensure()
    with nogil:
        for r in range(n):
            t = _row_total(&c[r, 0])
            if t < 0 or t + w[r] > MAX_TILES or (t + w[r]) % 3 != 1:
                bad = r
                break
            _waits_c(&c[r, 0], w[r], pm, pungs, nofb, 0, &out[r, 0])
    if bad >= 0:
        _raise_row(bad, c, w, 1, "a hand that waits")
    return res


# ---------------------------------------------------------------- table access

def suit_table():
    """The suit table: ``numpy.ndarray`` shape (405350,), uint32, read-only, in key order."""
    _ensure()
    return _suit_arr


def honor_table():
    """The honor table: ``numpy.ndarray`` shape (78125,), uint32, read-only, key sum(c[i]*5**i)."""
    _ensure()
    return _honor_arr


def suit_patterns():
    """The suit patterns in key order: ``numpy.ndarray`` shape (405350, 9), uint8, read-only."""
    _ensure()
    return _pattern_arr


def suit_key(counts9):
    """The key (rank) of nine suit counts (0–4, total <= 14) in :func:`suit_table`."""
    cdef uint8_t c[9]
    cdef int i, total = 0
    if len(counts9) != 9:
        raise ShapeError("a suit pattern has 9 counts")
    for i in range(9):
        if not 0 <= counts9[i] <= 4:
            raise ShapeError(f"counts9[{i}] must be 0 to 4")
        c[i] = counts9[i]
        total += c[i]
    if total > MAX_TILES:
        raise ShapeError(f"a suit pattern holds at most {MAX_TILES} tiles")
    _ensure()
    return _suit_rank(c)


# ---------------------------------------------------------------- shanten (issue 5)
include "_shanten.pxi"
