# The version-1 observation encoding (wuhanmj.envs.encoding, docs/ENCODING.md) written from
# what a seat sees (an AgentView, agent.pxd), without the GIL: the one native copy of the
# encoder. VectorEnv's native backend encodes the learner's view with it (and appends the
# oracle planes itself); the native policy agent encodes its own view with it.
# The layout constants mirror wuhanmj.envs.encoding (kept equal by tests/envs/test_vector.py).

from libc.stdint cimport int8_t, int16_t

from wuhanmj.native.agent cimport AgentView

cdef enum:
    ENC_VERSION = 1
    # plane rows (each + the relative seat where there are four)
    HAND = 0
    DRAWN = 1
    CHI = 2
    PENG = 6
    MING_GANG = 10
    AN_GANG = 14
    SPECIAL = 18
    VISIBLE = 22
    INDICATOR = 23
    LAIZI = 24
    PIZI = 25
    CLAIM = 26
    RIVER = 27
    N_RIVER = 24
    N_PLANES = 123
    SC = 123 * 34               # offset of the scalars
    # scalars
    S_PHASE = 0
    S_TURN = 5
    S_DEALER = 9
    S_TILES_LEFT = 13
    S_HAND_SIZES = 14
    S_OPENINGS = 18
    S_GANG_ALLOWED = 22
    S_RULE_PIZI = 23
    S_RULE_FAN = 24
    S_RULE_PER_OPENING = 25
    S_PREV_LAIZI = 26
    N_SCALARS = 27
    OBS_SIZE = 123 * 34 + 27    # 4209


# The encoding of v's seat into out (OBS_SIZE int8 entries, every one written). v.phase may
# be PH_OVER (the phase scalar "over", no gang allowed).
cdef void encode_view(const AgentView* v, int8_t* out) noexcept nogil

# The non-zero entries of an encoding (out of encode_view): their indices, ascending, into
# idx and their values into val (room for OBS_SIZE each); returns how many.
cdef int encoding_nonzero(const int8_t* x, int16_t* idx, int8_t* val) noexcept nogil
