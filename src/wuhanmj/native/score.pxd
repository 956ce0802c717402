# Native scoring of one win (W1–W11, S1–S5, X1–X6, L1–L5, D4, D8–D16): the same verdict as
# wuhanmj.scoring.evaluate_win, which stays the readable reference.
#
# The inputs are trusted: the native engine builds them (tile totals, meld sources, 癞子 /
# 痞子 never in melds, how and discarder consistent). C callers call
# wuhanmj.core.tables.ensure_tables() once, with the GIL, first.
# Python reaches the kernels through wuhanmj.native.scoreapi (tests, benchmarks).

from libc.stdint cimport int8_t, int16_t, uint8_t, uint16_t

from wuhanmj.native.rulesc cimport RulesC


ctypedef struct MeldC:
    int8_t kind                 # MK_CHI … MK_AN_GANG (defs.pxd)
    int8_t tile                 # the lowest tile (a chi) or the kind (peng, gangs)
    int8_t source               # the seat claimed from; -1 for an 暗杠 (a 蓄杠 keeps its 碰's)


ctypedef struct SeatC:          # what a seat has shown (P3, S1): SeatPlays
    int8_t n_melds
    MeldC melds[4]              # in the order made; a 蓄杠 replaces its 碰 in place (L2)
    int8_t hz                   # 红中杠
    int8_t pz                   # 痞子杠
    int8_t lz                   # 癞子杠


ctypedef struct WinIn:          # the arguments of evaluate_win
    uint8_t hand[34]            # the winner's concealed tiles INCLUDING the win tile
    int8_t win_tile
    int8_t how                  # HOW_* (defs.pxd)
    int8_t winner
    int8_t dealer
    int8_t discarder            # -1 when self-drawn
    int8_t indicator            # the 癞子 and 痞子 follow (R2, R3; 痞子 only when rules.pizi)
    int8_t prev_laizi           # -1: none (X4, M2)
    int8_t discarder_ready      # L1 facts: -1 unknown, 0, 1 (needed for a 全求人 on a discard)
    int8_t discarder_holds_non_jiang
    uint8_t co_liable           # L5: bit mask of the co-liable seats
    SeatC seats[4]


ctypedef struct WinOut:         # WinResult, as numbers
    int8_t legal
    int8_t reason               # R_* (defs.pxd): why not legal
    int8_t reason_seat          # R_W11: the first seat below min_fan; -1 otherwise
    int8_t reason_tile          # R_W5: the 痞子 (first in tile order) or 红中 held; -1 otherwise
    int8_t hard                 # 硬胡 (W9)
    int8_t wilds                # 癞子 read as wildcards in the chosen reading
    uint16_t big                # BH_* bits (defs.pxd)
    int8_t n_big
    int8_t liable               # -1: none
    int8_t liable_rule          # LR_* (defs.pxd)
    uint8_t co_liable           # bit mask of the seats that paid as co-liable (L5)
    int16_t winner_fan          # F_winner (S1 + S2)
    int16_t big_fan             # S4
    int16_t loser_fan[4]        # U_i (S5), -1 for the winner (and for refusals other than W11)
    int8_t reached[4]           # each loser reached the 银顶 (X1, X2)
    int8_t jinding              # 金顶 applied (D9)
    double payments[4]          # points or money; a whole number is an int in Python


# Score one win. Returns 0; out.legal tells. Never raises, never needs the GIL.
cdef int evaluate_win_c(const RulesC* rules, const WinIn* w, WinOut* out) noexcept nogil

# S1: the personal fan of a seat's melds and plays (开口 once or per opening, 明杠 1, 暗杠 2,
# 红中杠 / 痞子杠 1, 癞子杠 2), as wuhanmj.scoring.fan.personal_fan.
cdef int personal_fan_c(const SeatC* sp, int per_opening) noexcept nogil

# 听牌 (D10) of a seat's concealed tiles (13 - 3 × melds), as wuhanmj.hand.waits.is_ready:
# some kind with a copy left completes a winning shape (W1–W3, W5, D8).
cdef bint is_ready_c(const uint8_t* hand13, const SeatC* seat, int indicator, int pizi_on) noexcept nogil

# L1 (seed 001): the hand holds a tile other than a 2/5/8 of a suit (honors count).
cdef bint holds_non_jiang_c(const uint8_t* hand) noexcept nogil

# The 癞子 of an indicator (R2, T3: the next kind in its cycle; 中 → 发).
cdef int laizi_c(int indicator) noexcept nogil
