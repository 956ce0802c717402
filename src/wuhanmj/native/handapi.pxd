# The Python face of the native hand engine (handapi.pyx): NativeHand(rules, wall,
# dealer=0, prev_laizi=None) holds one HandC (hand.pxd), which C code may play directly.

from wuhanmj.native.hand cimport HandC

cdef class NativeHand:
    cdef HandC h
    cdef readonly object rules
    cdef readonly tuple scores
    cdef object _twin           # (deal key, Game): python_twin's replay of this state
    cdef object _result         # (deal key, HandResult), once over and read
    cdef bint _surgery          # made by _adopt_state (a test hook): _twin is stepped with it
    cdef bytes _deal_key(self)


# The Observation of seat (0-3, not checked) in h, equal to wuhanmj.game.Game.observation
# of the same state; rules: the hand's Rules, scores: the match scores tuple. Needs the GIL;
# caches the seat's legal codes in h (hand_legal), hence not const.
cdef object hand_observation(HandC* h, int seat, object rules, object scores)


# An amount (points, money) as wuhanmj.scoring gives it: an int when whole, else the float.
cdef object amount_value(double x)

# The wuhanmj.game.Game of h's deal (its wall, dealer and previous 癞子; scores: the match
# scores tuple) with h's decision log replayed: the same state on the Python engine. Raises
# IllegalActionError when the log does not replay. Needs the GIL.
cdef object replayed_game(const HandC* h, object rules, object scores)
