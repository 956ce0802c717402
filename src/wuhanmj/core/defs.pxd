# Constants shared by the core's modules and by Cython code that cimports them
# (``from wuhanmj.core.defs cimport PAIR_258``). Declarations and inline functions only: no
# module behind it.
# wuhanmj.native.constants reads every one back and tests/native/test_native_defs.py checks
# each against its Python source or the definition given here: keep them equal.

cdef enum:
    MAX_TILES = 14          # a hand never holds more (tiles + wildcards)
    N_KINDS = 34            # tile kinds: 0-8 万, 9-17 筒, 18-26 条, 27-33 honors (33 = 红中)
    N_SUIT = 405350         # suit patterns: nine counts 0-4, total <= 14
    N_HONOR = 78125         # honor patterns: 5 ** 7
    INF = 15                # "impossible" in a 4-bit hu table entry

    # pair modes of the kernels (W1, W2)
    PAIR_NONE = 0           # no pair (used inside the tables only)
    PAIR_ANY = 1            # a pair of any kind
    PAIR_258 = 2            # the pair must be a 2, 5 or 8 of a suit (W2)

    # shanten tables
    SH_INF = 99             # "impossible" in working arrays
    SH_NTAU = 16            # 15 targets (k = 0..4 sets) x (no pair, any pair, 2/5/8 pair), padded
    SH_FLAG = 1 << 28       # capped entry: the unbounded entry differs somewhere
    JIANG_SUIT = 146        # positions 1, 4, 7 of a suit (the 2, 5, 8): (1 << 1) | (1 << 4) | (1 << 7)

    # Wuhan routes (ROUTE_NAMES order): xiaohu, pengpenghu, qingyise m/p/s, jiangyise, fengyise
    N_ROUTES = 7
    # route bits of a mask over ROUTE_NAMES
    RT_XIAOHU = 1           # route 0, small hu
    RT_PENGPENG = 2         # route 1, pengpenghu
    RT_CHOWS = 0x1D         # the routes that read a group's chow-mode costs: 0, 2, 3, 4
    RT_JIANG = 32           # route 5, jiangyise
    RT_FENG = 64            # route 6, fengyise

    # effective-draw tables (tables.effective_tables): per pattern and position, the bits
    # of the capped costs that adding one tile there lowers
    EF_258 = 0              # bits 0-4: the 2/5/8-pair cost of k = 0..4 sets
    EF_NONE = 5             # bits 5-9: the no-pair cost of k sets
    EF_ANY = 10             # bits 10-14: the any-pair cost of k sets
    EF_FLAG = 1 << 15       # the grown pattern's capped entry carries SH_FLAG


# A 2, 5 or 8 of a suit (t: a tile 0-33, not checked): the pair W2 allows; wuhanmj.tiles.is_jiang.
# A position 0-8 of a suit's group is the tile of 万 at that rank, so it serves there too.
cdef inline bint is_jiang_c(int t) noexcept nogil:
    cdef int r = t % 9
    return t < 27 and (r == 1 or r == 4 or r == 7)
