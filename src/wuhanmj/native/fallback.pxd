# The Python scoring the native hand engine can call instead of its own (tests; see
# fallback.pyx), and what the Python face (handapi.pyx) needs of it.

from wuhanmj.native.rulesc cimport RulesC
from wuhanmj.native.score cimport MeldC

# A meld as the Python engine's value (kind, tiles, source); needs the GIL.
cdef object meld_tuple(const MeldC* m)

# Note that r (a hand's RulesC) was made from rules: the Python scoring scores with those.
cdef int remember_rules(const RulesC* r, object rules) except -1

# Raise RuntimeError from the exception the Python scoring caught since the last call, if any.
cdef int raise_fallback_error() except -1
