# The learned policy's look-ahead features (wuhanmj.native.lookahead): for each legal code
# of a decision, what playing it does to the seat's hand as the greedy bot's route kernels
# see it (the shanten over the Wuhan routes, the unseen effective draws), the tile's own
# counts and the reading's danger of it, all from the seat's view (agent.pxd).

from libc.stdint cimport int8_t, int16_t

from wuhanmj.native.agent cimport AgentView

cdef enum:
    LOOK_VERSION = 2
    # the columns of a code's row (LOOKAHEAD_FEATURES)
    F_TYPE = 0                  # 11 one-hot columns: the code's kind (T_* below)
    F_SHANTEN_DELTA = 11        # the shanten after the code less the shanten now
    F_EFF = 12                  # the unseen copies of the draws that lower it then
    F_EFF_KNOWN = 13            # 1: F_EFF is worked out for this code
    F_SHANTEN = 14              # the shanten now
    F_HAND = 15                 # the code's tile: copies in the concealed hand
    F_UNSEEN = 16               # its unseen copies (4 - hand - visible, D6)
    F_JIANG = 17                # a 2/5/8 kind (W2)
    F_HONOR = 18
    F_EDGE = 19                 # a suit tile's distance from the suit's end (0-4; honors 0)
    F_DANGER = 20               # 100 x the chance that another seat wins on it (the reading)
    F_OPENINGS = 21             # the seat's openings now (P5)
    F_ROUTES = 22               # the routes to a win its melds leave open after the code (W6)
    F_DRAWN = 23                # the discard of the tile just drawn
    F_GREEDY = 24               # the code the greedy bot plays here
    N_LOOK = 25
    # the kinds of code (column F_TYPE + kind)
    T_DISCARD = 0
    T_CHI = 1
    T_PENG = 2
    T_CHONG_GANG = 3
    T_XU_GANG = 4
    T_AN_GANG = 5
    T_HONGZHONG_GANG = 6
    T_PIZI_GANG = 7
    T_LAIZI_GANG = 8
    T_HU = 9
    T_PASS = 10

# The rows of codes[0 .. n-1] (ascending, the decision's legal codes) into out (n x N_LOOK
# int8, row k for codes[k], every entry written), from the seat's view. 0, or -1 when the
# seat's route spec cannot be made (the rows are then zero).
cdef int lookahead_c(const AgentView* v, const int16_t* codes, int n, int8_t* out) noexcept nogil
