# The native hand engine: one hand of Wuhan Mahjong on C arrays, the
# same rules as wuhanmj.game (state.py / moves.py), every Rules field included. The state
# is a plain struct: copy it with memcpy. Legal actions are ascending codes of the fixed
# action space (wuhanmj.game.actions), exactly as moves.legal() gives them.
#
# C callers: call hand_prepare() once, with the GIL, before the first hand_deal (it builds
# the core's tables that the shape kernels read without the GIL).
# From Python: wuhanmj.native.handapi.NativeHand (its Python face).

from libc.stdint cimport int8_t, int16_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from wuhanmj.native.defs cimport MAX_LOG, MAX_RIVER
from wuhanmj.native.rulesc cimport RulesC
from wuhanmj.native.score cimport SeatC, WinIn, WinOut

cdef enum:
    MAX_PLAYS = 16              # special plays of one seat (P3): at most 15 (红中, 痞子, 癞子 in play)
    MAX_LEGAL = 40              # legal codes of one seat at once (14 discards + gangs + plays + hu)


ctypedef struct HandC:
    RulesC rules                # a copy: read often, never changed
    uint8_t wall[136]           # G1 layout (wuhanmj.game.wall)
    int8_t dealer
    int8_t prev_laizi           # -1: none (X4, M2)
    int8_t indicator
    int8_t laizi
    int8_t n_pizi               # 0, or 2 when rules.pizi (R3)
    int8_t pizi[2]              # sorted
    uint8_t special[34]         # 红中, the 癞子, the 痞子 (R1, R3, R4)
    uint8_t blocked[34]         # 红中 and the 痞子: W5, and D8's wildcard forbid
    uint64_t special_mask       # bit t = special[t]
    int16_t front               # next normal draw (G1)
    int16_t back                # next replacement draw (D1)
    uint8_t hands[4][34]        # concealed counts
    int8_t sizes[4]
    int8_t openings[4]          # 开口 (P5)
    SeatC seats[4]              # melds in order and special-play counts: the scoring's input
    int8_t n_plays[4]           # special plays in order (P3): kind 0 红中杠 1 痞子杠 2 癞子杠
    int8_t play_kind[4][MAX_PLAYS]
    int8_t play_tile[4][MAX_PLAYS]
    int8_t n_river[4]           # discards still on the table
    uint8_t river[4][MAX_RIVER]
    uint8_t seen[34]            # face-up counts (D6): rivers, melds, special plays, indicator
    int8_t phase                # PH_* (defs.pxd)
    int8_t turn                 # the seat on turn; in a window, the discarder / robbed seat
    int8_t drawn                # the tile just drawn, -1 none
    int8_t draw_kind            # DK_*
    int8_t claim_turn           # the turn began with a 碰/吃 (D18, HandState.claim_turn)
    int8_t tile                 # the tile of an open claim / rob window, -1 none
    int8_t n_options[4]         # claim codes a seat may answer (without Pass), ascending
    int16_t options[4][6]
    int16_t decision[4]         # its answer, -1 none
    int8_t xiayu_suit[4]        # L5: the seat's 清一色 threat: suit, -1 none
    int8_t xiayu_liable[4]      # its feeder (L2)
    uint8_t xiayu_co[4]         # bit mask of the co-liable seats (陪包)
    int8_t winner               # -1: none (a draw, or not over)
    int8_t how                  # HOW_*, -1
    int8_t win_tile             # -1
    int8_t discarder            # -1
    WinOut win                  # the winning verdict (valid when winner >= 0)
    int16_t length              # tiles drawn after the deal, normal and replacement (G1, D1)
    int16_t n_log               # every decision in order, for records and replays
    uint8_t log_seat[MAX_LOG]
    uint8_t log_code[MAX_LOG]
    # the engine's caches (see moves.py: the self-drawn win, the claim wins, the legal codes;
    # and the hu-table entries of each seat's hand), dropped or brought up to date when what
    # they describe changes; hand_forget drops them all
    uint8_t ent_known[4]        # ent[s] describes hands[s]
    uint32_t ent[4][4]          # the hu-table entries (core/shape.pxd) of hands[s] without its 癞子
    int8_t turn_win             # -1 unknown, 0 none, 1 the win in turn_win_out
    WinOut turn_win_out
    uint8_t claim_win_known[4]  # moves.Derived.wins: the legal win of each seat on the window's tile
    WinOut claim_win[4]
    int8_t legal_seat           # moves.Derived.legal_seat / legal: the last seat asked, -1 none
    int8_t n_legal
    int16_t legal[MAX_LEGAL]


# The scoring and the readiness test the engine calls (score.pxd's signatures); the module
# defaults are evaluate_win_c and is_ready_c. Tests may plug in the Python scoring
# (wuhanmj.native.fallback.use_scoring("python")) until the native one is trusted.
ctypedef int (*evaluate_fn_t)(const RulesC* rules, const WinIn* w, WinOut* out) noexcept nogil
ctypedef bint (*ready_fn_t)(const uint8_t* hand13, const SeatC* seat, int indicator,
                            int pizi_on) noexcept nogil

# Replace the scoring and the readiness test every hand of the process calls from now on.
cdef void hand_set_scoring(evaluate_fn_t evaluate, ready_fn_t ready) noexcept nogil


# Build the core's tables the engine reads (needs the GIL; once per process, cheap after).
cdef int hand_prepare() except -1

# Deal a hand (G1, R2): copies rules and wall; the dealer on turn with 14 tiles.
cdef void hand_deal(HandC* h, const RulesC* rules, const uint8_t* wall, int dealer,
                    int prev_laizi) noexcept nogil

# The seat expected to act (moves.current_player), -1 once over.
cdef int hand_current(const HandC* h) noexcept nogil

# The legal codes of seat, ascending, into codes (room for N_ACTIONS); returns how many.
cdef int hand_legal(HandC* h, int seat, int16_t* codes) noexcept nogil

# Play code for seat; 0 done, -1 not legal (the state unchanged).
cdef int hand_apply(HandC* h, int seat, int code) noexcept nogil

# Tiles left in the wall, both ends together (G2, D1).
cdef inline int hand_left(const HandC* h) noexcept nogil:
    return h.back - h.front + 1


# G4, D12 (moves.gang_allowed): a gang or special play is legal only while more than
# rules.gang_floor tiles are left.
cdef inline bint hand_gang_allowed(const HandC* h) noexcept nogil:
    return hand_left(h) > h.rules.gang_floor


# Drop every cache of the engine (the hand entries, the self-drawn win, the claim wins, the
# legal codes), their
# stale contents too: call it after writing any hand, meld, wall or phase field of h from
# outside the engine.
cdef inline void hand_forget(HandC* h) noexcept nogil:
    memset(h.ent_known, 0, sizeof(h.ent_known))
    h.turn_win = -1
    memset(&h.turn_win_out, 0, sizeof(WinOut))
    memset(h.claim_win_known, 0, sizeof(h.claim_win_known))
    memset(h.claim_win, 0, sizeof(h.claim_win))
    h.legal_seat = -1
    h.n_legal = 0
    memset(h.legal, 0, sizeof(h.legal))
