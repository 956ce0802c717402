# The expert's evaluation (wuhanmj.native.evaluation): each option of a seat valued by what
# the seat sees, for a native bot (wuhanmj.native.expert) and the review.

from libc.stdint cimport uint8_t, uint64_t

from wuhanmj.native.agent cimport AgentView
from wuhanmj.native.rulesc cimport RulesC
from wuhanmj.native.score cimport SeatC


ctypedef struct Table:          # what every option of one decision shares
    const RulesC* r
    int seat
    int dealer
    int indicator
    int laizi
    int prev_laizi
    int n_pizi
    int pizi[2]
    int openings[4]             # 开口 of each seat (P5)
    int doubled                 # X4: every payment ×2
    double hazard               # the chance that a seat wins on one of its turns
    double loss_scale           # what the seat pays when another wins, over the small hu
    double ready_per_opening    # the defence (_danger) weights
    double wait_share
    double suit_wait_share
    uint8_t pool[136]           # the tiles the seat has not seen: the others' hands, the wall
    int n_pool


# The table of the view's decision with the default weights (EVALUATION_PARAMETERS, and
# CALIBRATED for the rule set's schedule, X1, X2).
cdef void bot_table(const AgentView* v, Table* t) noexcept nogil

# out[0..2] = win, points, value (OPTION_FIELDS) of code (not A_HU) over samples sequences
# drawn from seed (the same sequences for every option of one seed).
cdef void evaluate_one(const AgentView* v, const Table* t, int code, int samples, uint64_t seed,
                       double* out) noexcept nogil

# The seat's payment for the hu it may declare now, as it sees it; known = 0 when the view
# cannot value it.
cdef double hu_seen(const AgentView* v, const Table* t, int* known) noexcept nogil
