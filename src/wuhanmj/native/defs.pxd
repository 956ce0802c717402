# Constants of the native engine, shared by its modules and by Cython code that
# cimports them. Each mirrors a Python name: keep them equal (tests/native/test_native_defs.py).
# The inline functions at the end are the action space's formulas (wuhanmj.game.actions).

cdef enum:
    # how a hand is won: wuhanmj.terms.HOWS order
    HOW_ZIMO = 0
    HOW_FANGCHONG = 1
    HOW_QIANGGANG = 2
    HOW_GANGSHANGHUA = 3
    HOW_HAIDILAO = 4

    # meld kinds: wuhanmj.hand.meld.MELD_KINDS order
    MK_CHI = 0
    MK_PENG = 1
    MK_CHONG_GANG = 2
    MK_XU_GANG = 3
    MK_AN_GANG = 4

    # big hu bits: wuhanmj.hand.bighu.CATALOGUE order (bit i = CATALOGUE[i])
    BH_PENGPENGHU = 1
    BH_QINGYISE = 2
    BH_JIANGYISE = 4
    BH_FENGYISE = 8
    BH_QUANQIUREN = 16
    BH_GANGSHANGHUA = 32
    BH_HAIDILAO = 64
    BH_QIANGGANG = 128

    # why a win is refused (WinOut.reason): the rule of a Refusal, its position in
    # wuhanmj.scoring.result.REFUSAL_RULES + 1 (the Refusal is made of the WinOut fields)
    R_LEGAL = 0
    R_W1 = 1            # "W1/W2": no winning shape
    R_W4 = 2            # never opened
    R_W5 = 3            # holds 红中 or a 痞子 (WinOut.reason_tile)
    R_W8 = 4            # two or more 癞子 forbid a small hu (the count: WinIn.hand)
    R_W11 = 5           # a loser below min_fan (WinOut.reason_seat; its fan: WinOut.loser_fan)

    # liability rules (WinOut.liable_rule)
    LR_NONE = 0
    LR_L1 = 1
    LR_L2 = 2
    LR_L3 = 3

    # phases and draw kinds: wuhanmj.game.phases
    PH_TURN = 0
    PH_CLAIM = 1
    PH_ROB = 2
    PH_HAIDI = 3
    PH_OVER = 4
    DK_NONE = 0
    DK_FRONT = 1
    DK_BACK = 2

    # the action space: wuhanmj.game.actions
    A_DISCARD = 0
    A_CHI = 34
    A_PENG = 55
    A_CHONG_GANG = 56
    A_XU_GANG = 57
    A_AN_GANG = 91
    A_HONGZHONG_GANG = 125
    A_PIZI_GANG = 126
    A_LAIZI_GANG = 160
    A_HU = 161
    A_PASS = 162
    N_ACTIONS = 163

    HONGZHONG = 33
    MAX_MONEY_FAN = 64      # Rules: cap_fan <= 64
    MAX_RIVER = 40          # discards a seat can have on the table (82 live tiles / 4 + claims)
    MAX_LOG = 600           # decisions of one hand, with room (every draw, window answers, passes)


# The code of the chi whose lowest tile is low (0-26, rank 1-7; not checked), P2:
# wuhanmj.game.actions.chi_code.
cdef inline int chi_code(int low) noexcept nogil:
    return A_CHI + 7 * (low // 9) + low % 9


# The lowest tile of the chi of code (A_CHI to A_PENG - 1; not checked), P2:
# wuhanmj.game.actions.chi_low.
cdef inline int chi_low(int code) noexcept nogil:
    cdef int k = code - A_CHI
    return 9 * (k // 7) + k % 7
