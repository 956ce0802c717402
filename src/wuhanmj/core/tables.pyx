"""The lookup tables of the shape core: built once, under a lock, on first use (W1, W2, D8).

Three families, each behind one accessor (``tables.pxd``) that builds it on first use while
holding that family's lock, so threads racing on first use wait for one build:

* **hu** (:func:`hu_tables`): least wildcards that complete a suit or the honors;
* **shanten** (:func:`sh_tables`): least tiles to come in, per target;
* **segments** (:func:`segment_table`): the shanten tables of a run of suit positions
  between 痞子 (R3), one small table per (start, length), built when a hand's 痞子 need it;
* **effective** (:func:`effective_tables`): per pattern and position, which capped costs one
  more tile there lowers (the effective draws of the route search, built on its first use).

:func:`build_counts` tells how many times each family was built (once, or zero).

Key encoding
------------
A hand's counts (34,) split into four *groups*: 万, 筒, 条 (nine counts each) and honors
(seven). Each group is looked up in a precomputed table:

* **Suit key** — the *rank* of the nine counts ``c0..c8`` (each 0–4, total at most 14) in
  lexicographic order among all such patterns: ``SUIT_PATTERNS`` = 405,350 entries. The
  rank is a sum of nine small offsets, ``rank = sum_i RANK[i][c0+…+c(i-1)][ci]`` where
  ``RANK[i][s][c]`` counts the patterns that agree on the first ``i`` counts and have
  fewer than ``c`` at position ``i`` (``suit_rank`` in ``tables.pxd``).
* **Honor key** — ``sum_i ci * 5**i`` over the seven honors: 78,125 entries.

Hu tables
---------
Each entry is a ``uint32`` holding six 4-bit numbers, the least number of wildcards that
completes the group as:

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

15 means impossible (an honor group cannot hold a 2/5/8 pair). A group with no tiles costs
0 as sets and 2 as sets plus a pair (two wildcards). Built by a bottom-up recursion over
the patterns in key order (removing the group that holds the first tile always lowers the
key), in about 15 ms.

Shanten tables
--------------
For one group and each target tau = (k sets, pair: none / any / 2-5-8), k = 0..4, the
least number ``A`` of added tiles restricted to the group (see ``shanten.pyx`` for the
definition): ``capped`` over configurations that need no fifth copy, ``unbounded`` over
any. Per-group costs are monotone in k with steps 0..3, so an entry packs into a uint32 of
2-bit steps:

====== ===================================================
bits   content
====== ===================================================
0-7    no pair: cost(k) - cost(k-1) for k = 1..4 (cost(0) = 0)
8-9    any pair: cost(0); 10-17 its steps for k = 1..4
18-19  2/5/8 pair: cost(0), 3 = impossible; 20-27 its steps
28     (capped tables) the unbounded entry differs somewhere (SH_FLAG)
====== ===================================================

Suit tables are keyed by the suit rank, honor tables (pongs only) by the honor key; capped
and unbounded: 3.9 MB in all, built in about 0.09 s. The capped table is built on the
pattern lattice: a pattern *extends* to tau if adding tiles (counts <= 4) can make it
exactly tau; the cost of a hand is |tau| minus the largest sub-pattern that extends. The
unbounded table is the classic recursion on the lowest tile (discard it, or put it in a
pong, the pair or a chow, missing members added).

Segment tables are keyed in base 5 (position 0 lowest) and hold 4-bit costs per target
(15 = impossible) in a uint64, capped and unbounded; bit 60 of the capped entry flags an
unbounded cost below what the capped one can reach even with blocks added elsewhere.

Effective-draw tables
---------------------
For each suit pattern (rank key) and honor pattern (base-5 key), nine (seven) uint16, one per
position p: bit ``EF_258 + k`` set when one more tile at p lowers the capped cost of k sets
and a 2/5/8 pair, ``EF_NONE + k`` of k sets and no pair, ``EF_ANY + k`` of k sets and any
pair (k = 0..4; each cost falls by at most one); ``EF_FLAG`` when the grown pattern's capped
entry carries SH_FLAG. Zero where p already holds four copies or the pattern 14 tiles.
Read from the shanten tables: 8.4 MB, built in about 0.1 s.
"""

from cpython.pythread cimport (
    WAIT_LOCK,
    PyThread_acquire_lock,
    PyThread_allocate_lock,
    PyThread_release_lock,
    PyThread_type_lock,
)
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

import numpy as np

cimport numpy as cnp

from wuhanmj.core.checks cimport load_suit9
from wuhanmj.core.defs cimport (
    EF_258,
    EF_ANY,
    EF_FLAG,
    EF_NONE,
    INF,
    JIANG_SUIT,
    MAX_TILES,
    N_HONOR,
    N_SUIT,
    SH_FLAG,
    SH_INF,
    SH_NTAU,
    is_jiang_c,
)

cnp.import_array()

__all__ = [
    "SUIT_PATTERNS",
    "HONOR_PATTERNS",
    "suit_table",
    "honor_table",
    "suit_patterns",
    "suit_key",
    "shanten_tables",
    "effective_tables",
    "build_counts",
]

SUIT_PATTERNS = N_SUIT
HONOR_PATTERNS = N_HONOR

cdef enum:
    F_HU = 0
    F_SHANTEN = 1
    F_SEGMENTS = 2
    F_EFFECTIVE = 3
    N_FAMILIES = 4

ctypedef int (*builder_t)(int arg) except -1

cdef PyThread_type_lock _locks[N_FAMILIES]
cdef int _builds[N_FAMILIES]
cdef int _seg_ready[9][10]           # [start][length], a suit run of 1-9 positions
cdef SegmentTable _seg[9][10]
cdef list _keep = []                 # the numpy arrays that own the tables' memory
cdef object _suit_arr = None
cdef object _honor_arr = None
cdef object _pattern_arr = None
cdef tuple _sh_arrays = ()
cdef tuple _ef_arrays = ()


# ---------------------------------------------------------------- once, under a lock

cdef int _once(int family, int* ready, builder_t build, int arg) except -1:
    """Run ``build(arg)`` unless ``ready`` is set, holding the family's lock.

    The lock is waited for without the GIL: the thread building may release the GIL and
    need it back, and a waiter holding it would deadlock the two. A failed build leaves
    ``ready`` unset (the next call tries again); a successful one counts in _builds.
    """
    with nogil:
        PyThread_acquire_lock(_locks[family], WAIT_LOCK)
    try:
        if not load_acquire(ready):
            build(arg)
            _builds[family] += 1
            store_release(ready, 1)
    finally:
        PyThread_release_lock(_locks[family])
    return 0


cdef const HuTables* _hu_build() except NULL:
    """The slow path of hu_tables() (tables.pxd): build the hu tables unless built."""
    _once(F_HU, &hu_ready, _build_hu, 0)
    return &HU


cdef const ShantenTables* _sh_build() except NULL:
    """The slow path of sh_tables() (tables.pxd): build the shanten tables unless built."""
    _once(F_SHANTEN, &sh_ready, _build_shanten, 0)
    return &SH


cdef const EffectiveTables* _ef_build() except NULL:
    """The slow path of ef_tables() (tables.pxd): build the effective tables unless built."""
    _once(F_EFFECTIVE, &ef_ready, _build_effective, 0)
    return &EF


cdef int ensure_tables() except -1:
    """Build the hu and shanten tables if needed: call once, with the GIL, before calling
    the kernels of shape and shanten from C (routes builds what it needs in wuhan_spec)."""
    hu_tables()
    sh_tables()
    return 0


cdef int segment_table(int lo, int length, SegmentTable* out) except -1:
    """The segment tables of suit positions lo..lo+length-1 (1 <= length, lo+length <= 9),
    built on first use (needs the GIL)."""
    if not load_acquire(&_seg_ready[lo][length]):
        _once(F_SEGMENTS, &_seg_ready[lo][length], _build_segment, 10 * lo + length)
    out[0] = _seg[lo][length]
    return 0


cdef void _init_module() except *:
    cdef int f
    for f in range(N_FAMILIES):
        _builds[f] = 0
        _locks[f] = PyThread_allocate_lock()
        if _locks[f] == NULL:
            raise MemoryError("wuhanmj.core.tables: cannot allocate a lock")
    memset(_seg_ready, 0, sizeof(_seg_ready))
    memset(&HU, 0, sizeof(HU))
    memset(&SH, 0, sizeof(SH))
    memset(&EF, 0, sizeof(EF))
    _init_rank()


# ---------------------------------------------------------------- keys

cdef void _init_rank() noexcept:
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


_init_module()


# ---------------------------------------------------------------- hu table build

cdef inline int _nib(uint32_t e, int k) noexcept nogil:
    return (e >> (4 * k)) & 15


cdef inline int32_t _hu_key(uint8_t* c, bint suit) noexcept nogil:
    # index of a (smaller) pattern already computed
    if suit:
        return suit_rank(c)
    return honor_key(c)


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
    e = table[_hu_key(c, suit)]
    c[i] += u
    for k in range(6):
        sub = _nib(e, k)
        if sub < INF and cost + sub < best[k]:
            best[k] = cost + sub
    # pair at i
    u = c[i] if c[i] < 2 else 2
    cost = 2 - u
    c[i] -= u
    e = table[_hu_key(c, suit)]
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
            e = table[_hu_key(c, suit)]
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


cdef int _build_hu(int arg) except -1:
    """Fill HU (caller holds the hu lock). The recursion runs without the GIL."""
    global _suit_arr, _honor_arr, _pattern_arr
    cdef cnp.ndarray suit_arr = np.zeros(N_SUIT, dtype=np.uint32)
    cdef cnp.ndarray honor_arr = np.zeros(N_HONOR, dtype=np.uint32)
    cdef cnp.ndarray pat_arr = np.zeros((N_SUIT, 9), dtype=np.uint8)
    cdef uint32_t* st = <uint32_t*>cnp.PyArray_DATA(suit_arr)
    cdef uint32_t* ht = <uint32_t*>cnp.PyArray_DATA(honor_arr)
    cdef uint8_t* pats = <uint8_t*>cnp.PyArray_DATA(pat_arr)
    cdef uint8_t c[9]
    cdef int idx = 0, key, i, total, r
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
    for arr in (suit_arr, honor_arr, pat_arr):
        arr.flags.writeable = False
    _suit_arr, _honor_arr, _pattern_arr = suit_arr, honor_arr, pat_arr
    HU.suit = st
    HU.honor = ht
    HU.patterns = pats
    return 0


# ---------------------------------------------------------------- shanten table build

cdef inline int _tau_size(int t) noexcept nogil:
    # tau = 3 * k + mode
    return 3 * (t // 3) + (2 if t % 3 else 0)


cdef inline int32_t _gkey(const uint8_t* c, int n, bint rank) noexcept nogil:
    if rank:
        return suit_rank(c)
    return base5_key(c, n)


cdef int _sh_build_group(int n, bint rank, int64_t npat, const uint8_t* pats, bint chows,
                         int jiang, uint8_t* cap, uint8_t* unb, uint8_t* mflag,
                         uint16_t* ext) noexcept nogil:
    """Fill cap[idx*16 + tau] and unb[idx*16 + tau] (SH_INF = impossible) for every pattern.

    ``pats``: npat x n counts in key order (a pattern with total above 14 is skipped);
    ``mflag``, ``ext``: scratch of npat entries. Returns 0.
    """
    cdef int64_t idx
    cdef int i, p, t, tot, u, j, lo, q, added, k, mode
    cdef uint8_t buf[9]
    cdef int best[SH_NTAU]
    cdef int8_t up[SH_NTAU]
    cdef int32_t sub
    cdef uint8_t m
    cdef uint16_t e
    cdef const uint8_t* c
    cdef uint8_t* row
    cdef int8_t* urow
    cdef bint has_jiang = jiang != 0
    # pass A: exact decompositions. bit 0 sets only, 1 sets + a pair, 2 sets + a 2/5/8 pair
    for idx in range(npat):
        c = pats + idx * n
        tot = 0
        for p in range(n):
            buf[p] = c[p]
            tot += c[p]
        mflag[idx] = 0
        if tot > MAX_TILES:
            continue
        i = 0
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            mflag[idx] = 1
            continue
        m = 0
        if c[i] >= 3:
            buf[i] -= 3
            m |= mflag[_gkey(buf, n, rank)]
            buf[i] += 3
        if c[i] >= 2:
            buf[i] -= 2
            if mflag[_gkey(buf, n, rank)] & 1:
                m |= 2
                if (jiang >> i) & 1:
                    m |= 4
            buf[i] += 2
        if chows and i + 2 < n and c[i + 1] and c[i + 2]:
            buf[i] -= 1
            buf[i + 1] -= 1
            buf[i + 2] -= 1
            m |= mflag[_gkey(buf, n, rank)]
        mflag[idx] = m
    # pass B (keys downwards): ext[idx] bit tau = the pattern extends to tau
    idx = npat - 1
    while idx >= 0:
        c = pats + idx * n
        tot = 0
        for p in range(n):
            buf[p] = c[p]
            tot += c[p]
        ext[idx] = 0
        if tot <= MAX_TILES:
            m = mflag[idx]
            e = 0
            if (m & 1) and tot % 3 == 0:
                e |= 1 << (tot // 3 * 3)
            if tot % 3 == 2:
                if m & 2:
                    e |= 1 << ((tot - 2) // 3 * 3 + 1)
                if m & 4:
                    e |= 1 << ((tot - 2) // 3 * 3 + 2)
            if tot < MAX_TILES:
                for p in range(n):
                    if buf[p] < 4:
                        buf[p] += 1
                        e |= ext[_gkey(buf, n, rank)]
                        buf[p] -= 1
            ext[idx] = e
        idx -= 1
    # pass C (keys upwards): largest sub-pattern extending to tau, kept in cap as int8
    for idx in range(npat):
        c = pats + idx * n
        tot = 0
        for p in range(n):
            buf[p] = c[p]
            tot += c[p]
        urow = <int8_t*>(cap + idx * SH_NTAU)
        for t in range(SH_NTAU):
            up[t] = -1
        if tot <= MAX_TILES:
            for p in range(n):
                if buf[p] > 0:
                    buf[p] -= 1
                    sub = _gkey(buf, n, rank)
                    buf[p] += 1
                    for t in range(SH_NTAU):
                        if (<int8_t*>(cap + sub * SH_NTAU))[t] > up[t]:
                            up[t] = (<int8_t*>(cap + sub * SH_NTAU))[t]
            for t in range(15):
                if (ext[idx] >> t) & 1:
                    up[t] = tot
        for t in range(SH_NTAU):
            urow[t] = up[t]
    for idx in range(npat):
        row = cap + idx * SH_NTAU
        for t in range(SH_NTAU):
            u = (<int8_t*>row)[t]
            row[t] = SH_INF if (u < 0 or t == 15) else _tau_size(t) - u
    # unbounded: recursion on the lowest tile, keys upwards
    for idx in range(npat):
        c = pats + idx * n
        tot = 0
        for p in range(n):
            buf[p] = c[p]
            tot += c[p]
        row = unb + idx * SH_NTAU
        if tot > MAX_TILES:
            for t in range(SH_NTAU):
                row[t] = SH_INF
            continue
        i = 0
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            for t in range(15):
                k = t // 3
                mode = t % 3
                row[t] = 3 * k + (2 if mode else 0)
                if mode == 2 and not has_jiang:
                    row[t] = SH_INF
            row[15] = SH_INF
            continue
        # discard one copy of i
        buf[i] -= 1
        sub = _gkey(buf, n, rank)
        buf[i] += 1
        for t in range(SH_NTAU):
            best[t] = unb[sub * SH_NTAU + t]
        # pong of i
        u = c[i] if c[i] < 3 else 3
        buf[i] -= u
        sub = _gkey(buf, n, rank)
        buf[i] += u
        for t in range(3, 15):
            if 3 - u + unb[sub * SH_NTAU + t - 3] < best[t]:
                best[t] = 3 - u + unb[sub * SH_NTAU + t - 3]
        # the pair on i
        u = c[i] if c[i] < 2 else 2
        buf[i] -= u
        sub = _gkey(buf, n, rank)
        buf[i] += u
        for k in range(5):
            if 2 - u + unb[sub * SH_NTAU + 3 * k] < best[3 * k + 1]:
                best[3 * k + 1] = 2 - u + unb[sub * SH_NTAU + 3 * k]
            if (jiang >> i) & 1 and 2 - u + unb[sub * SH_NTAU + 3 * k] < best[3 * k + 2]:
                best[3 * k + 2] = 2 - u + unb[sub * SH_NTAU + 3 * k]
        # chows holding i (members below i are absent, hence added)
        if chows:
            for j in range(3):
                lo = i - j
                if lo < 0 or lo + 2 >= n:
                    continue
                added = j
                buf[i] -= 1
                for q in range(i + 1, lo + 3):
                    if buf[q] > 0:
                        buf[q] -= 1
                    else:
                        added += 1
                sub = _gkey(buf, n, rank)
                for p in range(n):
                    buf[p] = c[p]
                for t in range(3, 15):
                    if added + unb[sub * SH_NTAU + t - 3] < best[t]:
                        best[t] = added + unb[sub * SH_NTAU + t - 3]
        for t in range(SH_NTAU):
            row[t] = best[t] if best[t] < SH_INF else SH_INF
        row[15] = SH_INF
    return 0


cdef int _sh_pack(const uint8_t* v, uint32_t* out) noexcept nogil:
    """Pack 15 costs into the 2-bit step format; -1 if they do not fit (a bug)."""
    cdef uint32_t r = 0
    cdef int k, mode, step, base
    for mode in range(3):
        base = v[mode]
        if mode == 0 and base != 0:
            return -1
        if base >= SH_INF:
            if mode != 2:
                return -1
            r |= (<uint32_t>3) << 18
            continue
        if base > 2:
            return -1
        if mode == 1:
            r |= (<uint32_t>base) << 8
        elif mode == 2:
            r |= (<uint32_t>base) << 18
        for k in range(1, 5):
            step = v[3 * k + mode] - v[3 * (k - 1) + mode]
            if step < 0 or step > 3:
                return -1
            r |= (<uint32_t>step) << (10 * mode + 2 * (k - 1))
    out[0] = r
    return 0


cdef tuple _sh_group_arrays(int n, bint rank, bint chows, int jiang):
    """(cap, unb) uint8 arrays (npat, 16) for a group of n positions (suit rank keys, or
    base 5). The build runs without the GIL: the family's lock keeps it to one thread."""
    cdef cnp.ndarray pats
    cdef int64_t npat, key
    cdef int i, r
    cdef uint8_t* pp
    if rank:
        hu_tables()
        pats = _pattern_arr
        npat = N_SUIT
    else:
        npat = 1
        for i in range(n):
            npat *= 5
        pats = np.zeros((npat, n), dtype=np.uint8)
        pp = <uint8_t*>cnp.PyArray_DATA(pats)
        for key in range(npat):
            r = key
            for i in range(n):
                pp[key * n + i] = r % 5
                r = r // 5
    cap = np.empty((npat, SH_NTAU), dtype=np.uint8)
    unb = np.empty((npat, SH_NTAU), dtype=np.uint8)
    mflag = np.empty(npat, dtype=np.uint8)
    ext = np.empty(npat, dtype=np.uint16)
    cdef const uint8_t* pt = <const uint8_t*>cnp.PyArray_DATA(pats)
    cdef uint8_t* cp = <uint8_t*>cnp.PyArray_DATA(cap)
    cdef uint8_t* up = <uint8_t*>cnp.PyArray_DATA(unb)
    cdef uint8_t* mp = <uint8_t*>cnp.PyArray_DATA(mflag)
    cdef uint16_t* ep = <uint16_t*>cnp.PyArray_DATA(ext)
    with nogil:
        _sh_build_group(n, rank, npat, pt, chows, jiang, cp, up, mp, ep)
    return cap, unb


cdef tuple _sh_packed(object cap, object unb):
    """Two uint32 tables (capped with the differs flag, unbounded) from (npat, 16) costs."""
    cdef cnp.ndarray ca = cap, ua = unb
    cdef int64_t npat = ca.shape[0], idx
    cdef int t, bad = 0
    pc = np.zeros(npat, dtype=np.uint32)
    pu = np.zeros(npat, dtype=np.uint32)
    cdef uint32_t* a = <uint32_t*>cnp.PyArray_DATA(pc)
    cdef uint32_t* b = <uint32_t*>cnp.PyArray_DATA(pu)
    cdef const uint8_t* cv = <const uint8_t*>cnp.PyArray_DATA(ca)
    cdef const uint8_t* uv = <const uint8_t*>cnp.PyArray_DATA(ua)
    for idx in range(npat):
        if cv[idx * SH_NTAU] >= SH_INF:      # a pattern above 14 tiles: never looked up
            continue
        if _sh_pack(cv + idx * SH_NTAU, a + idx) or _sh_pack(uv + idx * SH_NTAU, b + idx):
            bad = 1
            break
        for t in range(15):
            if cv[idx * SH_NTAU + t] != uv[idx * SH_NTAU + t]:
                a[idx] |= SH_FLAG
                break
    if bad:
        raise RuntimeError("shanten table entry does not fit the packed format")
    pc.flags.writeable = False
    pu.flags.writeable = False
    return pc, pu


cdef int _build_shanten(int arg) except -1:
    """Fill SH (caller holds the shanten lock; takes the hu lock for the suit patterns)."""
    global _sh_arrays
    cap, unb = _sh_group_arrays(9, True, True, JIANG_SUIT)
    sc, su = _sh_packed(cap, unb)
    del cap, unb
    cap, unb = _sh_group_arrays(7, False, False, 0)
    hc, hu = _sh_packed(cap, unb)
    _sh_arrays = (sc, su, hc, hu)
    _keep.extend(_sh_arrays)
    SH.suit_capped = <const uint32_t*>cnp.PyArray_DATA(sc)
    SH.suit_unbounded = <const uint32_t*>cnp.PyArray_DATA(su)
    SH.honor_capped = <const uint32_t*>cnp.PyArray_DATA(hc)
    SH.honor_unbounded = <const uint32_t*>cnp.PyArray_DATA(hu)
    return 0


cdef int _build_segment(int arg) except -1:
    """Fill _seg[lo][length] for arg = 10 * lo + length (caller holds the segments lock)."""
    cdef int lo = arg // 10, length = arg % 10
    cdef int jiang = 0, p
    for p in range(length):
        if is_jiang_c(lo + p):      # a position of a suit: its 2, 5, 8
            jiang |= 1 << p
    cap, unb = _sh_group_arrays(length, False, True, jiang)
    cdef cnp.ndarray ca = cap, ua = unb
    cdef int64_t npat = ca.shape[0], idx
    cdef int t, k, k2, mode, eff, v
    cdef bint lower
    cdef uint64_t x, y
    pc = np.zeros(npat, dtype=np.uint64)
    pu = np.zeros(npat, dtype=np.uint64)
    cdef uint64_t* a = <uint64_t*>cnp.PyArray_DATA(pc)
    cdef uint64_t* b = <uint64_t*>cnp.PyArray_DATA(pu)
    cdef const uint8_t* cv = <const uint8_t*>cnp.PyArray_DATA(ca)
    cdef const uint8_t* uv = <const uint8_t*>cnp.PyArray_DATA(ua)
    with nogil:
        for idx in range(npat):
            x = 0
            y = 0
            for t in range(15):
                x |= (<uint64_t>(cv[idx * SH_NTAU + t] if cv[idx * SH_NTAU + t] < 15 else 15)) << (4 * t)
                y |= (<uint64_t>(uv[idx * SH_NTAU + t] if uv[idx * SH_NTAU + t] < 15 else 15)) << (4 * t)
            # flag: the unbounded cost beats the capped one even counting blocks that could
            # be added, without a tile of this segment, in another group (a short segment
            # cannot hold every target when capped, but a full suit always takes the rest)
            lower = False
            for t in range(15):
                k = t // 3
                mode = t % 3
                eff = SH_INF
                for k2 in range(k + 1):
                    v = cv[idx * SH_NTAU + 3 * k2 + mode] + 3 * (k - k2)
                    if v < eff:
                        eff = v
                    if mode:
                        v = cv[idx * SH_NTAU + 3 * k2] + 3 * (k - k2) + 2
                        if v < eff:
                            eff = v
                if uv[idx * SH_NTAU + t] < eff:
                    lower = True
            if lower:
                x |= (<uint64_t>1) << 60
            a[idx] = x
            b[idx] = y
    pc.flags.writeable = False
    pu.flags.writeable = False
    _keep.extend((pc, pu))
    _seg[lo][length].capped = a
    _seg[lo][length].unbounded = b
    return 0


# ---------------------------------------------------------------- effective-draw table build

cdef inline void _ef_costs(uint32_t e, int* N, int* P258, int* Pany) noexcept nogil:
    """The 15 capped costs of a packed shanten entry (as shanten.sh_decode reads them)."""
    cdef int k, base
    N[0] = 0
    for k in range(1, 5):
        N[k] = N[k - 1] + ((e >> (2 * k - 2)) & 3)
    Pany[0] = (e >> 8) & 3
    for k in range(1, 5):
        Pany[k] = Pany[k - 1] + ((e >> (10 + 2 * k - 2)) & 3)
    base = (e >> 18) & 3
    if base == 3:
        for k in range(5):
            P258[k] = SH_INF
        return
    P258[0] = base
    for k in range(1, 5):
        P258[k] = P258[k - 1] + ((e >> (20 + 2 * k - 2)) & 3)


cdef inline uint16_t _ef_bits(const int* c0, uint32_t e1) noexcept nogil:
    """EF_* bits of the costs of entry e1 (the grown pattern) below c0 (_ef_costs of the
    pattern: no pair, 2/5/8 pair, any pair, five each)."""
    cdef int c1[15]
    cdef int k
    cdef uint16_t bits = EF_FLAG if (e1 & SH_FLAG) else 0
    _ef_costs(e1, c1, c1 + 5, c1 + 10)
    for k in range(5):
        if c1[5 + k] < c0[5 + k]:
            bits |= 1 << (EF_258 + k)
        if c1[k] < c0[k]:
            bits |= 1 << (EF_NONE + k)
        if c1[10 + k] < c0[10 + k]:
            bits |= 1 << (EF_ANY + k)
    return bits


cdef int _build_effective(int arg) except -1:
    """Fill EF from the shanten tables (caller holds the effective lock)."""
    global _ef_arrays
    sh_tables()
    cdef cnp.ndarray sa = np.zeros((N_SUIT, 9), dtype=np.uint16)
    cdef cnp.ndarray ha = np.zeros((N_HONOR, 7), dtype=np.uint16)
    cdef uint16_t* st = <uint16_t*>cnp.PyArray_DATA(sa)
    cdef uint16_t* ht = <uint16_t*>cnp.PyArray_DATA(ha)
    cdef uint8_t c[9]
    cdef int64_t idx
    cdef int p, tot, key, pw
    cdef int c0[15]
    with nogil:
        for idx in range(N_SUIT):
            memcpy(c, HU.patterns + 9 * idx, 9)
            tot = 0
            for p in range(9):
                tot += c[p]
            if tot >= MAX_TILES:
                continue
            _ef_costs(SH.suit_capped[idx], c0, c0 + 5, c0 + 10)
            for p in range(9):
                if c[p] < 4:
                    c[p] += 1
                    st[9 * idx + p] = _ef_bits(c0, SH.suit_capped[suit_rank(c)])
                    c[p] -= 1
        for idx in range(N_HONOR):
            key = <int>idx
            tot = 0
            for p in range(7):
                c[p] = key % 5
                key = key // 5
                tot += c[p]
            if tot >= MAX_TILES:
                continue
            _ef_costs(SH.honor_capped[idx], c0, c0 + 5, c0 + 10)
            pw = 1
            for p in range(7):
                if c[p] < 4:
                    ht[7 * idx + p] = _ef_bits(c0, SH.honor_capped[idx + pw])
                pw *= 5
    sa.flags.writeable = False
    ha.flags.writeable = False
    _ef_arrays = (sa, ha)
    _keep.extend(_ef_arrays)
    EF.suit = st
    EF.honor = ht
    return 0


# ---------------------------------------------------------------- Python access

def suit_table():
    """The hu suit table: ``numpy.ndarray`` shape (405350,), uint32, read-only, in key order."""
    hu_tables()
    return _suit_arr


def honor_table():
    """The hu honor table: ``numpy.ndarray`` shape (78125,), uint32, read-only, key sum(c[i]*5**i)."""
    hu_tables()
    return _honor_arr


def suit_patterns():
    """The suit patterns in key order: ``numpy.ndarray`` shape (405350, 9), uint8, read-only."""
    hu_tables()
    return _pattern_arr


def suit_key(counts9):
    """The key (rank) of nine suit counts in :func:`suit_table`.

    Args:
        counts9: a sequence of nine ints 0–4, total at most 14.

    Returns:
        int: the row of :func:`suit_patterns` that holds them.

    Raises:
        ShapeError: not nine counts, a count outside 0–4, or more than 14 tiles.
    """
    cdef uint8_t c[9]
    load_suit9(counts9, c)
    return suit_rank(c)


def shanten_tables():
    """The shanten tables, built on first use: a dict of read-only uint32 arrays.

    ``suit_capped``, ``suit_unbounded`` (shape (405350,), suit rank key) and
    ``honor_capped``, ``honor_unbounded`` (shape (78125,), base-5 honor key), in the
    packed format described in this module's docstring.
    """
    sh_tables()
    return dict(zip(("suit_capped", "suit_unbounded", "honor_capped", "honor_unbounded"), _sh_arrays))


def effective_tables():
    """The effective-draw tables, built on first use: a dict of read-only uint16 arrays.

    ``suit`` (shape (405350, 9), suit rank key) and ``honor`` (shape (78125, 7), base-5
    honor key): entry [key, p] holds the EF_* bits described in this module's docstring.
    """
    ef_tables()
    return dict(zip(("suit", "honor"), _ef_arrays))


def build_counts():
    """How many times each table family was built in this process (for tests: 0 or 1).

    Returns:
        dict: ``{"hu": int, "shanten": int, "segments": int, "effective": int}``
        (segments: one per (start, length) of a suit run between 痞子).
    """
    return {"hu": _builds[F_HU], "shanten": _builds[F_SHANTEN], "segments": _builds[F_SEGMENTS],
            "effective": _builds[F_EFFECTIVE]}
