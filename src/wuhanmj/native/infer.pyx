# cython: language_level=3
"""What a seat can read of the others' concealed hands from what it sees.

From a native agent's view (``wuhanmj/native/agent.pxd``; the same fields as an
:class:`~wuhanmj.game.observation.Observation`), two estimates:

- ``hit[j, x]``: the probability that seat ``j`` may win on kind ``x`` if the viewing seat
  discards it now (放冲, P2). Zero for a seat that has not opened (W4), for 红中, the 痞子
  and the 癞子 (never discarded: R1, R3, R4) and for the viewing seat itself;
- ``held[x]``: the expected share of ``x``'s unseen copies (4 − face up − the seat's own,
  D6) that lie in the others' hands rather than in the wall: copies the seat is less likely
  to draw.

Both are log-linear models of :data:`FEATURES`, features of the pair (seat ``j``, kind
``x``) that the seat can see: ``j``'s openings (a win needs one, W4; three or four leave a
short hand), the 2/5/8 kinds (the small hu's pair, W2), honors and terminals (fewer
shapes wait on them), whether ``j`` discarded ``x`` itself, how recently anyone discarded
``x`` without ``j`` winning on it (the tile was passed), ``x``'s unseen copies and the
sequence shapes its unseen neighbours leave, the live wall (late in the hand more seats are
ready), ``j``'s melds (all pongs, or all in one suit: a 清一色 route, W6) and the share of its
discards in ``x``'s suit. What a real player cannot see is not used: the others' passes of a
claim are not shown to a seat (:func:`wuhanmj.game.events.public_event`), so only the
discards left on the table, never claimed, speak for them.

The weights (:data:`READING_WEIGHTS`, one set per settlement schedule) are fitted on four
expert bots' hands (``docs/fit_reading.py``): ``hit`` by logistic regression on whether
``j`` could win on each tile the seat could discard, ``held`` by Poisson regression on the
copies ``j`` held. A seat's reading costs about a microsecond; :mod:`wuhanmj.native.expert`
uses it for its defence.
"""

from libc.math cimport exp
from libc.string cimport memset

from wuhanmj.native.agent cimport AgentView
from wuhanmj.native.defs cimport HONGZHONG, MK_CHI
from wuhanmj.native.view cimport agent_view, view_from_observation
from wuhanmj.native.handapi cimport NativeHand
from wuhanmj.native.score cimport SeatC

from collections import namedtuple

import numpy as np

from wuhanmj import _checks
from wuhanmj.errors import IllegalActionError

__all__ = ["FEATURES", "READING_WEIGHTS", "Reading", "reading", "reading_features"]

FEATURES = ("bias", "openings_1", "openings_2", "openings_3", "openings_4", "jiang", "honor",
            "terminal", "in_river", "age_0", "age_1", "age_2", "age_3_5", "unseen_0", "unseen_1",
            "unseen_2", "live", "all_pong", "suit_share", "one_suit_in", "one_suit_out",
            "one_suit_in_3", "one_suit_kept", "sequence_shapes")
"""The features of a pair (seat ``j``, kind ``x``), in order: ``bias`` (1);
``openings_k`` (``j`` has k openings, P5; 4 for four or more); ``jiang`` (``x`` is a 2, 5 or
8 of a suit, W2), ``honor``, ``terminal`` (a 1 or 9); ``in_river`` (``x`` is among ``j``'s
discards on the table); ``age_k`` (the most recent discard of ``x`` by any seat was its
discarder's k-th last, ``age_3_5`` for the 4th to 6th: every seat passed it since); ``unseen_k``
(``x`` has k unseen copies, 0 for none); ``live`` (the live wall's tiles / 80, G2);
``all_pong`` (``j``'s melds are all pongs or gangs); ``suit_share`` (the share of ``j``'s
discards in ``x``'s suit, honors a suit here); ``one_suit_in`` / ``one_suit_out`` (``j`` has
two or more melds, all in one suit, and ``x`` is / is not of that suit; ``one_suit_in_3``:
three or more; ``one_suit_kept``: and none of ``j``'s three or more discards is of that
suit: it keeps the suit, a 清一色 route); ``sequence_shapes`` (for a suited ``x``, the share of the three two-tile
shapes that wait on it — x+1 x+2, x−1 x+1, x−2 x−1 — whose tiles both have unseen copies)."""

# fitted by `docs/fit_reading.py --hands 1200 --seed 100000 --every 6` (see READING_WEIGHTS)
_HIT_POINTS = (-0.617, -0.454, -0.045, 0.199, -0.316, 0.712, -0.649, -0.221, -1.692, -1.250, -0.756,
               -0.534, -0.297, -1.013, -0.514, -0.273, -5.703, -0.131, -0.077, -0.610, 0.059, 0.662,
               1.031, 0.748)
_HELD_POINTS = (0.321, 0.018, 0.035, 0.053, 0.079, 0.093, -0.038, 0.010, -0.807, -0.144, -0.205,
                -0.244, -0.274, 0.000, -0.418, -0.123, -0.473, 0.004, -0.289, -0.485, 0.101, -0.010,
                0.309, 0.197)
_HIT_FAN = (-0.469, -1.114, -0.193, 0.408, 0.428, 0.752, -0.376, -0.018, -1.147, -1.040, -0.516,
            -0.380, -0.308, -0.945, -0.528, -0.186, -6.375, -0.093, 0.111, -0.510, 0.066, -0.718,
            -0.286, 0.741)
_HELD_FAN = (0.388, 0.027, 0.044, 0.075, 0.076, 0.075, -0.021, 0.003, -0.847, -0.157, -0.230,
             -0.276, -0.298, 0.000, -0.434, -0.125, -0.512, 0.003, -0.245, -0.332, 0.090, -0.318,
             0.114, 0.160)

cdef double WEIGHTS[2][2][N_FEATURES]     # [schedule: 0 points, 1 fan][0 hit, 1 held]
for _k in range(N_FEATURES):
    WEIGHTS[0][0][_k] = _HIT_POINTS[_k]
    WEIGHTS[0][1][_k] = _HELD_POINTS[_k]
    WEIGHTS[1][0][_k] = _HIT_FAN[_k]
    WEIGHTS[1][1][_k] = _HELD_FAN[_k]

READING_WEIGHTS = {
    "points": {"hit": _HIT_POINTS, "held": _HELD_POINTS},
    "fan": {"hit": _HIT_FAN, "held": _HELD_FAN},
}
"""The weights of the two models over :data:`FEATURES`, for each settlement schedule (X1
``points``, X2 ``fan``: 起胡, W11, keeps early hands from winning): ``hit`` the log-odds of
a win on the tile, ``held`` the log of a copy's relative chance to be in ``j``'s hand (the
shares are then scaled so that each seat holds its hand size of unseen copies)."""


ctypedef struct Prep:           # what every (seat, kind) pair of one reading shares
    int age[34]                 # the most recent discard of the kind, counted from its river's end
    int unseen[34]
    double shapes[34]
    double live


cdef inline int _group(int x) noexcept nogil:
    return 3 if x >= 27 else x // 9


cdef void _prepare(const AgentView* v, Prep* p) noexcept nogil:
    cdef int d, i, x, k, lo, n
    cdef int pairs[3][2]
    for x in range(34):
        p.age[x] = 99
        p.unseen[x] = 4 - v.visible[x] - v.hand[x]
    for d in range(4):
        n = v.n_river[d]
        for i in range(n):
            x = v.river[d][i]
            if n - 1 - i < p.age[x]:
                p.age[x] = n - 1 - i
    for x in range(34):
        p.shapes[x] = 0.0
        if x >= 27:
            continue
        lo = x - x % 9
        pairs[0][0] = x + 1
        pairs[0][1] = x + 2
        pairs[1][0] = x - 1
        pairs[1][1] = x + 1
        pairs[2][0] = x - 2
        pairs[2][1] = x - 1
        for k in range(3):
            if (lo <= pairs[k][0] and pairs[k][1] < lo + 9 and p.unseen[pairs[k][0]] > 0
                    and p.unseen[pairs[k][1]] > 0):
                p.shapes[x] += 1.0 / 3.0
    p.live = (v.tiles_left - v.rules.dead_wall) / 80.0


cdef int one_suit(const SeatC* s, int least) noexcept nogil:
    cdef int i, g, suit = -1
    if s.n_melds < least:
        return -1
    for i in range(s.n_melds):
        g = _group(s.melds[i].tile)
        if g == 3 or (suit >= 0 and g != suit):
            return -1
        suit = g
    return suit


cdef void _features(const AgentView* v, const Prep* p, int j, int x, double* f) noexcept nogil:
    cdef int i, op = v.openings[j], g = _group(x), a = p.age[x], u = p.unseen[x], su, n = v.n_river[j]
    cdef int in_river = 0, same = 0, pongs = v.seats[j].n_melds > 0
    for i in range(n):
        if v.river[j][i] == x:
            in_river = 1
        if _group(v.river[j][i]) == g:
            same += 1
    for i in range(v.seats[j].n_melds):
        if v.seats[j].melds[i].kind == MK_CHI:
            pongs = 0
    su = one_suit(&v.seats[j], 2)
    f[0] = 1.0
    f[1] = op == 1
    f[2] = op == 2
    f[3] = op == 3
    f[4] = op >= 4
    f[5] = x < 27 and x % 9 in (1, 4, 7)
    f[6] = x >= 27
    f[7] = x < 27 and x % 9 in (0, 8)
    f[8] = in_river
    f[9] = a == 0
    f[10] = a == 1
    f[11] = a == 2
    f[12] = 3 <= a <= 5
    f[13] = u <= 0
    f[14] = u == 1
    f[15] = u == 2
    f[16] = p.live
    f[17] = pongs
    f[18] = same / <double>n if n else 0.0
    f[19] = su >= 0 and g == su
    f[20] = su >= 0 and g != su
    f[21] = su >= 0 and g == su and v.seats[j].n_melds >= 3
    f[22] = su >= 0 and g == su and n >= 3 and same == 0
    f[23] = p.shapes[x]


cdef void features_c(const AgentView* v, int j, int x, double* f) noexcept nogil:
    cdef Prep p
    _prepare(v, &p)
    _features(v, &p, j, x, f)


cdef inline bint _never_discarded(const AgentView* v, int x) noexcept nogil:
    """红中, a 痞子 or the 癞子: played as a special play, never a discard (R1, R3, R4)."""
    return x == HONGZHONG or x == v.laizi or (v.n_pizi > 0 and (x == v.pizi[0] or x == v.pizi[1]))


cdef void read_view(const AgentView* v, ReadingC* r) noexcept nogil:
    cdef Prep p
    cdef double f[N_FEATURES]
    cdef double w[34]
    cdef double z, scale, total
    cdef const double* hit_w = WEIGHTS[1 if v.rules.fan_schedule else 0][0]
    cdef const double* held_w = WEIGHTS[1 if v.rules.fan_schedule else 0][1]
    cdef int j, x, k
    memset(r, 0, sizeof(ReadingC))
    _prepare(v, &p)
    for j in range(4):
        if j == v.seat:
            continue
        total = 0.0
        for x in range(34):
            w[x] = 0.0
            if p.unseen[x] <= 0 and v.openings[j] == 0:
                continue
            _features(v, &p, j, x, f)
            if v.openings[j] and not _never_discarded(v, x):
                z = 0.0
                for k in range(N_FEATURES):
                    z += hit_w[k] * f[k]
                r.hit[j][x] = 1.0 / (1.0 + exp(-z))
            if p.unseen[x] > 0 and x != HONGZHONG and not (v.n_pizi > 0 and (x == v.pizi[0] or x == v.pizi[1])):
                z = 0.0
                for k in range(N_FEATURES):
                    z += held_w[k] * f[k]
                w[x] = exp(z)
                total += w[x] * p.unseen[x]
        if v.openings[j]:
            r.opened += 1
        if total > 0.0:
            scale = v.hand_sizes[j] / total
            for x in range(34):
                r.held[x] += min(1.0, w[x] * scale)
    for x in range(34):
        r.held[x] = min(1.0, r.held[x])


Reading = namedtuple("Reading", ["hit", "held"])
Reading.__doc__ = """What a seat reads of the others' hands (:func:`reading`), read-only float64 arrays:
``hit`` (4, 34), the probability that each seat may win on each kind if the reading seat
discards it now (its own row 0); ``held`` (34,), the expected share of each kind's unseen
copies in the others' hands."""


cdef int view_of(AgentView* v, object source, object seat) except -1:
    cdef NativeHand h
    if isinstance(source, NativeHand):
        h = source
        agent_view(v, &h.h, _checks.seat(seat, "seat", IllegalActionError), NULL)
    elif hasattr(source, "discards") and hasattr(source, "melds"):
        if seat is not None and seat != source.seat:
            raise IllegalActionError(f"reading: seat {seat!r} is not the observation's seat {source.seat}")
        view_from_observation(v, source)
    else:
        raise IllegalActionError(f"reading: expected a NativeHand or an Observation, got {type(source).__name__}")
    return 0


def reading(source, seat=None):
    """What ``seat`` reads of the others' hands now (see the module docstring).

    Args:
        source: a :class:`~wuhanmj.native.handapi.NativeHand` (only what ``seat`` sees is
            read) or an :class:`~wuhanmj.game.observation.Observation` (its seat's).
        seat: 0-3, the reading seat of a NativeHand (None or the observation's own seat for
            an Observation).

    Returns:
        :data:`Reading`: ``hit`` float64 (4, 34), ``held`` float64 (34,), read-only.

    Raises:
        IllegalActionError: ``seat`` is not 0-3 (or not the observation's seat), or
            ``source`` is neither a NativeHand nor an Observation.
    """
    cdef AgentView v
    cdef ReadingC r
    view_of(&v, source, seat)
    read_view(&v, &r)
    hit = np.array([[r.hit[j][x] for x in range(34)] for j in range(4)], dtype=np.float64)
    held = np.array([r.held[x] for x in range(34)], dtype=np.float64)
    hit.setflags(write=False)
    held.setflags(write=False)
    return Reading(hit, held)


def reading_features(source, seat=None):
    """The features (:data:`FEATURES`) of every pair (seat ``j``, kind ``x``) as ``seat``
    sees them now: float64 array (4, 34, len(FEATURES)); the arguments and errors of
    :func:`reading`. The fitting script reads them (``docs/fit_reading.py``)."""
    cdef AgentView v
    cdef Prep p
    cdef double f[N_FEATURES]
    cdef int j, x, k
    view_of(&v, source, seat)
    _prepare(&v, &p)
    out = np.zeros((4, 34, N_FEATURES), dtype=np.float64)
    cdef double[:, :, ::1] o = out
    for j in range(4):
        for x in range(34):
            _features(&v, &p, j, x, f)
            for k in range(N_FEATURES):
                o[j, x, k] = f[k]
    return out
