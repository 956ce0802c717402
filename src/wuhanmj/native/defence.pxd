# The defence of a native bot: what a discard may cost the seat (放冲 S3, and the liability of
# 全求人 and 清一色, L1, L2), priced with the reading of wuhanmj.native.infer, and the discard
# it then plays (wuhanmj.native.defence).

from libc.stdint cimport int16_t, uint8_t

from wuhanmj.native.agent cimport AgentView
from wuhanmj.native.agents cimport GreedySeat
from wuhanmj.native.infer cimport ReadingC
from wuhanmj.native.rulesc cimport RulesC
from wuhanmj.native.score cimport SeatC


ctypedef struct DefenceC:
    double scale                # the danger's weight (1: its expected payment)
    double margin               # a safer discard of the same shanten replaces the greedy one when
                                # it saves more than this [points or money]
    int fold_shanten            # fold (the safest discard) from this shanten on (99: never)
    double fold_margin          # ... when it saves more than this [points or money]
    double qys_share            # P(a win on its suit is a 清一色) of a seat with 3+ one-suit melds
    double hard_share           # P(a win is 硬胡, one more fan, W9)
    double feed                 # P(a seat with two one-suit openings claims a tile of its suit
                                # for its third and then wins the 清一色, L2)
    int weigh_draws             # count the unseen copies the others likely hold less (reading.held)
    double keep_draws           # a safer discard of the same shanten keeps at least this share of
                                # the greedy discard's unseen effective draws (0: any)


# What a loser of fan u pays (S5): X1 (base 1, or 10 × 2^(big − 1) for big hu types; the 银顶,
# 金顶 left out) or X2 (the money table; nothing below 起胡, W11), then X3 闭 (opened and
# plays: the loser's) and X4 (doubled).
cdef double loser_amount(const RulesC* r, int doubled, int u, int big, const SeatC* me, int opened,
                         int held) noexcept nogil

# 红中 and 痞子 in the counts C (played before any win of theirs, W5, P3).
cdef int held_plays(const AgentView* v, const uint8_t* C) noexcept nogil

# X4: every payment of the view's hand is doubled.
cdef int payments_doubled(const AgentView* v) noexcept nogil

# The expected payment of the view's seat for discarding x now, its tiles then hand13 and its
# melds and plays seats[v.seat] (the others' from seats), opened its openings: for each other
# seat the reading's hit times what the seat then pays (放冲, S3; a 全求人's liability, L1;
# a 清一色's, W6), and the feed of a one-suit seat's third opening (L2). Not scaled.
cdef double danger_c(const DefenceC* w, const AgentView* v, const ReadingC* rd, const SeatC* seats,
                           const uint8_t* hand13, int opened, int x) noexcept nogil

# The discards worth weighing against the greedy bot's discard choice (a code): cands[0] the
# choice (with weigh_draws, the greedy order's with the unseen copies weighted), when its
# danger exceeds margin cands[1] the greedy order's first among the discards safer by more
# than margin, and cands[2] the safest (the greedy order's first among them) when it is not
# cands[1]; for each its danger (scaled), the probability that some seat wins on it and its
# shanten after. Returns how many (1: nothing to weigh; gangs and special plays pass as is).
cdef int defence_options(const DefenceC* w, const AgentView* v, const GreedySeat* g, const int16_t* codes,
                         int n, int choice, int* cands, double* danger, double* hit, int* shanten) noexcept nogil

# The expected payment of a 蓄杠 of x now for the 抢杠 it may suffer (P4): each other seat's
# reading hit on x times the three losers' sum of its 抢杠 (a big hu, W6), which the robbed
# seat pays alone (L3).
cdef double rob_danger(const DefenceC* w, const AgentView* v, int x) noexcept nogil

# The bot's discard on its turn with the defence of w: choice (a discard code, the greedy
# bot's) unless a safer one keeps the shanten, or the seat folds (see defence.pyx).
cdef int defend_discard(const DefenceC* w, const AgentView* v, const GreedySeat* g, const int16_t* codes,
                        int n, int choice) noexcept nogil
