# The Python face of the native hand engine (handapi.pyx): NativeHand(rules, wall,
# dealer=0, prev_laizi=None) holds one HandC (hand.pxd), which C code may play directly.

from wuhanmj.native.hand cimport HandC

cdef class NativeHand:
    cdef HandC h
    cdef readonly object rules
    cdef readonly tuple scores
