# What a seat reads of the others' concealed hands from its view (agent.pxd's AgentView):
# wuhanmj.native.infer. Nothing here sees more than the view holds.

from wuhanmj.native.agent cimport AgentView
from wuhanmj.native.score cimport SeatC

cdef enum:
    N_FEATURES = 24             # infer.FEATURES


ctypedef struct ReadingC:
    double hit[4][34]           # P(seat j may win on kind x if the viewing seat discards it now)
                                # (P2, W4): 0 for the viewing seat, a seat not opened, 红中,
                                # 痞子 and the 癞子 (never discarded, R1, R3, R4)
    double held[34]             # the expected share of x's unseen copies in the others' hands
    int opened                  # how many other seats have opened (0: every hit is 0)


# The reading of the view's seat with the weights of its rule set's schedule (X1, X2).
cdef void read_view(const AgentView* v, ReadingC* r) noexcept nogil

# The features of seat j and kind x (FEATURES order) into f (N_FEATURES doubles).
cdef void features_c(const AgentView* v, int j, int x, double* f) noexcept nogil

# The suit (0-2) of a seat's melds when it has least or more of them, all of one suit (a
# 清一色 route, W6, L2); -1 otherwise.
cdef int one_suit(const SeatC* s, int least) noexcept nogil

# The view of a NativeHand's seat or an Observation's (the reading's Python faces); raises
# IllegalActionError for a bad seat or source.
cdef int view_of(AgentView* v, object source, object seat) except -1
