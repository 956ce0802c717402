# cython: language_level=3
"""Hand records written from a native batch, without a replay through the Python engine.

:func:`encode_records` turns the arrays of :func:`wuhanmj.native.batch.run_matches`
(``record=True``: the decision log and, after each decision, the wall ends, the phase and
the seat on turn) into the records the Python engine writes for the same hands, byte for
byte:

- JSON lines: the line of :func:`wuhanmj.running.batch.record_line` (or the arena's line):
  its head, the events of :attr:`wuhanmj.game.Game.events` — the deal (G1), the indicator
  (R2, R3), every draw from the front or the back (G2, D1), discards, passes, claims (P2),
  melds, gangs (P1), special plays (P3), the hu and the settlement (X5, X6) — and the
  result of :func:`wuhanmj.files.handrecord.result_dict`;
- binary rows: :func:`wuhanmj.files.records.encode_hand`'s bytes (row, decisions, CRC-32).

The events are read off the log: a decision's own event comes from its code and the phase
before it; the draws it caused are the wall tiles between the ends before and after it
(the front's in turn order from the next seat, G3's 海底 draws included; the back's to the
seat on turn); the end of a claim or rob window is a change of phase, its claimant the
seat then on turn. The amounts are written as integers: the caller uses this module only
for rule sets whose every amount is a whole number (:func:`wuhanmj.files.native_records.exact_amounts`).
"""

from cpython.bytearray cimport (
    PyByteArray_AS_STRING, PyByteArray_FromStringAndSize, PyByteArray_GET_SIZE, PyByteArray_Resize,
)
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.unicode cimport PyUnicode_DecodeUTF8
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset, strlen

import numpy as np

from wuhanmj.native.defs cimport (
    A_AN_GANG, A_CHI, A_CHONG_GANG, A_HONGZHONG_GANG, A_HU, A_LAIZI_GANG, A_PASS, A_PENG, A_PIZI_GANG,
    A_XU_GANG, HONGZHONG, PH_CLAIM, PH_HAIDI, PH_OVER, PH_ROB, PH_TURN, chi_low,
)
from wuhanmj.native.hand cimport HandC, hand_deal, hand_prepare
from wuhanmj.native.rng cimport shuffled_wall_c
from wuhanmj.native.rulesc cimport RulesC, rules_to_c

from wuhanmj.errors import SimulationError

__all__ = ["encode_records", "crc32"]

cdef enum:
    N_CODES = 163
    ROW_SIZE = 157
    FLOAT_EXT = 65      # a mask byte and 8 doubles (records.FLOAT_EXT)

cdef const char* SUITS = b"mpsz"
cdef uint32_t CRC_TABLE[256]


cdef void _crc_table() noexcept nogil:
    cdef uint32_t c
    cdef int i, k
    for i in range(256):
        c = <uint32_t>i
        for k in range(8):
            c = ((c >> 1) ^ <uint32_t>3988292384) if c & 1 else (c >> 1)
        CRC_TABLE[i] = c


_crc_table()


cdef uint32_t _crc32(const uint8_t* p, Py_ssize_t n, uint32_t crc) noexcept nogil:
    """zlib.crc32(p[:n], crc)."""
    cdef Py_ssize_t i
    crc = ~crc
    for i in range(n):
        crc = CRC_TABLE[(crc ^ p[i]) & 0xFF] ^ (crc >> 8)
    return ~crc


def crc32(data, crc=0):
    """``zlib.crc32(data, crc)`` (the CRC-32 of the records format; tests compare the two)."""
    cdef const uint8_t[::1] v = bytes(data)
    return _crc32(&v[0] if v.shape[0] else NULL, v.shape[0], <uint32_t>crc)


# ---------------------------------------------------------------- a growing text buffer
ctypedef struct Buf:
    char* p
    Py_ssize_t n
    Py_ssize_t cap


cdef int _reserve(Buf* b, Py_ssize_t need) except -1:
    """Room for ``need`` more bytes: the writers below do not check (each hand reserves
    more than its line can take first)."""
    cdef Py_ssize_t cap = b.cap if b.cap else 65536
    cdef char* p
    if b.n + need <= b.cap:
        return 0
    while cap < b.n + need:
        cap *= 2
    p = <char*>realloc(b.p, cap)
    if p == NULL:
        raise MemoryError("records: out of memory")
    b.p = p
    b.cap = cap
    return 0


cdef inline int _put(Buf* b, const char* s, Py_ssize_t n) noexcept nogil:
    memcpy(b.p + b.n, s, n)
    b.n += n
    return 0


cdef inline int _s(Buf* b, const char* s) noexcept nogil:
    return _put(b, s, strlen(s))


cdef inline int _c(Buf* b, char ch) noexcept nogil:
    b.p[b.n] = ch
    b.n += 1
    return 0


cdef inline int _int(Buf* b, int64_t v) noexcept nogil:
    if 0 <= v < 10:     # a seat, most tiles' counts: one digit
        b.p[b.n] = <char>(48 + v)
        b.n += 1
        return 0
    return _int_long(b, v)


cdef int _int_long(Buf* b, int64_t v) noexcept nogil:
    cdef char tmp[24]
    cdef int k = 24
    cdef uint64_t u
    cdef bint neg = v < 0
    u = <uint64_t>(-(v + 1)) + 1 if neg else <uint64_t>v
    while True:
        k -= 1
        tmp[k] = <char>(48 + u % 10)
        u //= 10
        if u == 0:
            break
    if neg:
        k -= 1
        tmp[k] = b'-'
    return _put(b, &tmp[k], 24 - k)


cdef extern from "Python.h":
    char* PyOS_double_to_string(double val, char format_code, int precision, int flags, int* ptype) except NULL
    int Py_DTSF_ADD_DOT_0
    void PyMem_Free(void* p)


cdef int _amount(Buf* b, double x, bint is_float) except -1:
    """An amount as JSON writes the Python number the engine keeps: an int (a whole
    number, settlement._num) or, when ``is_float``, a float (``repr``)."""
    cdef char* text
    if is_float:
        text = PyOS_double_to_string(x, b'r', 0, Py_DTSF_ADD_DOT_0, NULL)
        try:
            _put(b, text, strlen(text))
        finally:
            PyMem_Free(text)
        return 0
    if x != x or x != <double><int64_t>x or x >= 9007199254740992.0 or x <= -9007199254740992.0:
        raise SimulationError(f"native records: amount {x!r} is not a whole number (a bug: the caller "
                              "gives the amounts' types)")
    return _int(b, <int64_t>x)


cdef char TILE_TEXT[34][4]      # format_tile(t) in quotes (T2): '"5m"'


cdef char DIGITS[9][4]         # '1111' … '9999': the digits of format_tiles


cdef void _tile_texts() noexcept nogil:
    cdef int t
    for t in range(9):
        memset(DIGITS[t], 49 + t, 4)
    for t in range(34):
        TILE_TEXT[t][0] = b'"'
        TILE_TEXT[t][1] = <char>(49 + t % 9)
        TILE_TEXT[t][2] = SUITS[t // 9]
        TILE_TEXT[t][3] = b'"'


_tile_texts()


cdef inline int _tile(Buf* b, int t) noexcept nogil:
    """format_tile(t) in quotes (T2)."""
    memcpy(b.p + b.n, TILE_TEXT[t], 4)
    b.n += 4
    return 0


cdef int _tile_or_null(Buf* b, int t) except -1:
    if t < 0:
        return _s(b, b"null")
    return _tile(b, t)


cdef int _seat_or_null(Buf* b, int s) except -1:
    if s < 0:
        return _s(b, b"null")
    return _int(b, s)


cdef int _counts(Buf* b, const uint8_t* C) noexcept nogil:
    """format_tiles of a 34-count, in quotes (T2: one suit letter per group)."""
    cdef int s, r, t
    cdef char* q = b.p + b.n
    cdef char* group
    q[0] = b'"'
    q += 1
    for s in range(4):
        group = q
        for r in range(9 if s < 3 else 7):
            t = C[9 * s + r]
            memcpy(q, DIGITS[r], 4)     # t copies of the digit (at most 4: T1), no branch
            q += t
        if q != group:
            q[0] = SUITS[s]
            q += 1
    q[0] = b'"'
    b.n = q + 1 - b.p
    return 0


# ---------------------------------------------------------------- names from Python
ctypedef struct Names:
    const char* kind[N_CODES]       # KIND_OF_CODE
    Py_ssize_t kind_n[N_CODES]
    const char* how[8]              # HOWS, quoted
    Py_ssize_t how_n[8]
    const char* big[16]             # BIG_HU, quoted
    Py_ssize_t big_n[16]
    int big_order[16]               # the bits in the order of their names (the engine sorts them)
    int n_big
    const char* liab[4]             # LIABILITY, quoted (index = liable_rule - 1)
    Py_ssize_t liab_n[4]


cdef int _names(Names* nm, object names, list keep) except -1:
    kinds, hows, bigs, liabs = names
    cdef bytes x
    cdef int i
    if len(kinds) != N_CODES or len(hows) > 8 or len(bigs) > 16 or len(liabs) > 4:
        raise SimulationError("native records: bad name tables")
    for i, k in enumerate(kinds):
        x = str(k).encode()
        keep.append(x)
        nm.kind[i] = x
        nm.kind_n[i] = len(x)
    for i, k in enumerate(hows):
        x = ('"' + str(k) + '"').encode()
        keep.append(x)
        nm.how[i] = x
        nm.how_n[i] = len(x)
    nm.n_big = len(bigs)
    for i, k in enumerate(sorted(range(len(bigs)), key=lambda j: str(bigs[j]))):
        nm.big_order[i] = k
    for i, k in enumerate(bigs):
        x = ('"' + str(k) + '"').encode()
        keep.append(x)
        nm.big[i] = x
        nm.big_n[i] = len(x)
    for i, k in enumerate(liabs):
        x = ('"' + str(k) + '"').encode()
        keep.append(x)
        nm.liab[i] = x
        nm.liab_n[i] = len(x)
    return 0


cdef int _how(Buf* b, const Names* nm, int how) except -1:
    if how < 0:
        return _s(b, b"null")
    return _put(b, nm.how[how], nm.how_n[how])


cdef int _bigs(Buf* b, const Names* nm, int bits) except -1:
    cdef int i
    cdef bint first = True
    _c(b, b'[')
    cdef int k
    for i in range(nm.n_big):
        k = nm.big_order[i]
        if bits >> k & 1:
            if not first:
                _c(b, b',')
            first = False
            _put(b, nm.big[k], nm.big_n[k])
    return _c(b, b']')


# ---------------------------------------------------------------- one hand
ctypedef struct HandIn:         # row i of the arrays, as C values
    int64_t hand
    int64_t match
    int64_t hand_in_match
    int64_t wall_index          # the arena's wall, -1: a simulation's line
    int seating
    int dealer
    int prev_laizi
    int laizi
    int winner
    int how
    int win_tile
    int discarder
    int big
    int hard
    int liable
    int liable_rule
    int reached
    int jinding
    int winner_fan
    int length
    const double* payments
    const double* scores
    const uint8_t* seat         # the hand's decisions
    const uint8_t* code
    const uint8_t* after        # 4 a decision: front, back, phase, turn
    int n
    int types                   # bit i: amount i is a float (scores 0-3, payments 4-7)


cdef int _settlement(Buf* b, const Names* nm, const HandIn* x) except -1:
    cdef int s
    _s(b, b',{"type":"settlement","winner":')
    _seat_or_null(b, x.winner)
    _s(b, b',"how":')
    _how(b, nm, x.how)
    _s(b, b',"tile":')
    _tile_or_null(b, x.win_tile)
    _s(b, b',"from":')
    _seat_or_null(b, x.discarder)
    _s(b, b',"payments":[')
    for s in range(4):
        if s:
            _c(b, b',')
        _amount(b, x.payments[s], x.types >> (4 + s) & 1)
    if x.winner < 0:
        return _s(b, b'],"draw":true}')
    _s(b, b'],"draw":false,"big":')
    _bigs(b, nm, x.big)
    _s(b, b',"hard":true' if x.hard else b',"hard":false')
    _s(b, b',"liable":')
    _seat_or_null(b, x.liable)
    return _c(b, b'}')


cdef int _hu(Buf* b, const Names* nm, const HandIn* x, bint self_drawn) except -1:
    _s(b, b',{"type":"hu","seat":')
    _int(b, x.winner)
    _s(b, b',"how":')
    _how(b, nm, x.how)
    _s(b, b',"tile":')
    _tile(b, x.win_tile)
    if self_drawn:
        return _s(b, b',"from":null,"action":161}')
    _s(b, b',"from":')
    _int(b, x.discarder)
    return _c(b, b'}')


cdef inline int _draw(Buf* b, int seat, int tile, bint front) noexcept nogil:
    _s(b, b',{"type":"draw","seat":')
    _int(b, seat)
    _s(b, b',"tile":')
    _tile(b, tile)
    if front:
        return _s(b, b',"end":"front"}')
    return _s(b, b',"end":"back"}')


cdef int _kind_event(Buf* b, const Names* nm, const char* head, int seat, int code,
                     int tile) except -1:
    """A gang or special play: {"type":…,"seat":s,"kind":…,"tile":…,"action":code}."""
    _s(b, head)
    _int(b, seat)
    _s(b, b',"kind":"')
    _put(b, nm.kind[code], nm.kind_n[code])
    _s(b, b'","tile":')
    _tile(b, tile)
    _s(b, b',"action":')
    _int(b, code)
    return _c(b, b'}')


cdef int _events(Buf* out, const Names* nm, const HandIn* x, const HandC* h0, const uint8_t* wall) except -1:
    """Every event after the deal and the indicator (see the module docstring).

    The frequent events are written through a local copy of the buffer, whose address
    never leaves this function (the compiler keeps its cursor in registers); the rare
    ones through ``out``, the copy written back before and read again after."""
    cdef Buf lb = out[0]
    cdef Buf* b = &lb
    cdef int j, seat, code, ph = PH_TURN, turn = x.dealer, front = h0.front, back = h0.back
    cdef int nf, nb, nph, nturn, wtile = -1, wfrom = -1, t, s, k, c, low
    cdef int dec[4]
    cdef uint8_t melded[34]
    for j in range(x.n):
        seat = x.seat[j]
        code = x.code[j]
        nf = x.after[4 * j]
        nb = x.after[4 * j + 1]
        nph = x.after[4 * j + 2]
        nturn = x.after[4 * j + 3]
        if ph == PH_TURN:
            if code < A_CHI:
                _s(b, b',{"type":"discard","seat":')
                _int(b, seat)
                _s(b, b',"tile":')
                _tile(b, code)
                _s(b, b',"action":')
                _int(b, code)
                _c(b, b'}')
                wtile = code
            elif code == A_HU:
                out[0] = lb
                _hu(out, nm, x, True)
                lb = out[0]
            elif code < A_AN_GANG:
                t = code - A_XU_GANG
                out[0] = lb
                _kind_event(out, nm, b',{"type":"gang","seat":', seat, code, t)
                lb = out[0]
                wtile = t
            elif code < A_HONGZHONG_GANG:
                out[0] = lb
                _kind_event(out, nm, b',{"type":"gang","seat":', seat, code, code - A_AN_GANG)
                lb = out[0]
            else:
                t = HONGZHONG if code == A_HONGZHONG_GANG else (x.laizi if code == A_LAIZI_GANG else code - A_PIZI_GANG)
                out[0] = lb
                _kind_event(out, nm, b',{"type":"special","seat":', seat, code, t)
                lb = out[0]
            if nph == PH_CLAIM or nph == PH_ROB:
                wfrom = seat
                dec[0] = dec[1] = dec[2] = dec[3] = -1
        elif ph == PH_CLAIM or ph == PH_ROB:
            if code == A_PASS:
                _s(b, b',{"type":"pass","seat":')
                _int(b, seat)
                _s(b, b',"action":162}')
            else:
                _s(b, b',{"type":"claim","seat":')
                _int(b, seat)
                _s(b, b',"kind":"')
                _put(b, nm.kind[code], nm.kind_n[code])
                _s(b, b'","tile":')
                _tile(b, wtile)
                _s(b, b',"from":')
                _int(b, wfrom)
                _s(b, b',"action":')
                _int(b, code)
                _c(b, b'}')
            dec[seat] = code
            if nph != ph:       # the window is over (P2, P4)
                if nph == PH_OVER and x.winner >= 0:
                    out[0] = lb
                    _hu(out, nm, x, False)
                    lb = out[0]
                elif ph == PH_CLAIM and nf == front and nph == PH_TURN:
                    c = dec[nturn]       # the claimant is on turn (or draws from the back)
                    if c == A_PENG or c == A_CHONG_GANG:
                        _s(b, b',{"type":"meld","seat":')
                        _int(b, nturn)
                        _s(b, b',"kind":"peng","tiles":' if c == A_PENG else b',"kind":"chong_gang","tiles":')
                        memset(melded, 0, 34)
                        melded[wtile] = 3 if c == A_PENG else 4
                    else:
                        if c < A_CHI or c >= A_PENG:
                            raise SimulationError(f"native records: hand {x.hand}: decision {j} ends a claim "
                                                  f"window without a claim of the seat on turn ({c})")
                        _s(b, b',{"type":"meld","seat":')
                        _int(b, nturn)
                        _s(b, b',"kind":"chi","tiles":')
                        low = chi_low(c)
                        memset(melded, 0, 34)
                        melded[low] = melded[low + 1] = melded[low + 2] = 1
                    out[0] = lb
                    _counts(out, melded)
                    lb = out[0]
                    _s(b, b',"from":')
                    _int(b, wfrom)
                    _c(b, b'}')
        elif code == A_HU:      # the 海底 phase (G3)
            out[0] = lb
            _hu(out, nm, x, True)
            lb = out[0]
        else:
            _s(b, b',{"type":"pass","seat":')
            _int(b, seat)
            _s(b, b',"action":162}')
        # the draws the decision caused: the back's to the seat on turn, the front's in turn
        # order from the seat after the one on turn before it (D1, G2, G3)
        if nb < back:
            _draw(b, nturn, wall[back], False)
        s = (turn + 1) & 3
        for k in range(front, nf):
            _draw(b, s, wall[k], True)
            s = (s + 1) & 3
        if nph == PH_OVER:
            out[0] = lb
            _settlement(out, nm, x)
            lb = out[0]
        ph, turn, front, back = nph, nturn, nf, nb
    out[0] = lb
    return 0


cdef int _json_hand(Buf* b, const Names* nm, const HandIn* x, const HandC* h0, const uint8_t* wall,
                    const char* seed, Py_ssize_t seed_n, const char* agents, Py_ssize_t agents_n,
                    const char* rules, Py_ssize_t rules_n) except -1:
    cdef int s, k, i
    cdef char* q
    _s(b, b'{"hand":')
    _int(b, x.hand)
    _s(b, b',"match":')
    _int(b, x.match)
    _s(b, b',"hand_in_match":')
    _int(b, x.hand_in_match)
    if x.wall_index >= 0:
        _s(b, b',"wall":')
        _int(b, x.wall_index)
        _s(b, b',"seating":')
        _int(b, x.seating)
    _s(b, b',"seed":')
    _put(b, seed, seed_n)
    _s(b, b',"dealer":')
    _int(b, x.dealer)
    _s(b, b',"prev_laizi":')
    _tile_or_null(b, x.prev_laizi)
    _s(b, b',"agents":')
    _put(b, agents, agents_n)
    _s(b, b',"events":[{"type":"deal","dealer":')
    _int(b, x.dealer)
    _s(b, b',"prev_laizi":')
    _tile_or_null(b, x.prev_laizi)
    _s(b, b',"scores":[')
    for s in range(4):
        if s:
            _c(b, b',')
        _amount(b, x.scores[s], x.types >> s & 1)
    _s(b, b'],"rules":')
    _put(b, rules, rules_n)
    _s(b, b',"wall":[')
    q = b.p + b.n
    for k in range(136):
        memcpy(q, TILE_TEXT[wall[k]], 4)
        q[4] = b','
        q += 5
    b.n = q - 1 - b.p      # no comma after the last
    _s(b, b'],"hands":[')
    for s in range(4):
        if s:
            _c(b, b',')
        _counts(b, h0.hands[s])
    _s(b, b']},{"type":"indicator","tile":')
    _tile(b, h0.indicator)
    _s(b, b',"laizi":')
    _tile(b, h0.laizi)
    _s(b, b',"pizi":[')
    for i in range(h0.n_pizi):
        if i:
            _c(b, b',')
        _tile(b, h0.pizi[i])
    _s(b, b']}')
    _events(b, nm, x, h0, wall)
    _s(b, b'],"result":{"winner":')
    _seat_or_null(b, x.winner)
    _s(b, b',"how":')
    _how(b, nm, x.how)
    _s(b, b',"win_tile":')
    _tile_or_null(b, x.win_tile)
    _s(b, b',"from":')
    _seat_or_null(b, x.discarder)
    _s(b, b',"big":')
    _bigs(b, nm, x.big)
    if x.winner < 0:
        _s(b, b',"hard":null')
    else:
        _s(b, b',"hard":true' if x.hard else b',"hard":false')
    _s(b, b',"payments":[')
    for s in range(4):
        if s:
            _c(b, b',')
        _amount(b, x.payments[s], x.types >> (4 + s) & 1)
    _s(b, b'],"liability":')
    if x.liable_rule > 0:
        _put(b, nm.liab[x.liable_rule - 1], nm.liab_n[x.liable_rule - 1])
    else:
        _s(b, b"null")
    _s(b, b',"reached":')
    _int(b, x.reached)
    _s(b, b',"jinding":true' if x.jinding else b',"jinding":false')
    _s(b, b',"length":')
    _int(b, x.length)
    _s(b, b',"decisions":')
    _int(b, x.n)
    _s(b, b',"laizi":')
    _tile(b, x.laizi)
    return _s(b, b'}}')


# ---------------------------------------------------------------- binary rows
cdef inline void _le(uint8_t* p, uint64_t v, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        p[i] = <uint8_t>(v >> (8 * i))


cdef inline bint _i32(double v) noexcept nogil:
    return -2147483648.0 <= v <= 2147483647.0


cdef int _wmj_hand(Buf* b, const HandIn* x, const uint8_t* wall) except -1:
    """records.encode_hand: the row (157 bytes) then the decisions (codes, seats 2 bits each,
    the float extension when an amount does not fit an int32)."""
    cdef int n = x.n, i, k, flags = 0
    cdef Py_ssize_t start = b.n, var_n
    cdef uint8_t* r
    cdef uint8_t* v
    cdef bint wide = False
    cdef double amounts[8]
    cdef uint64_t bits
    if n > 65535 or x.hand < 0 or x.match < 0 or x.match >= 4294967296 or x.hand_in_match < 0 \
            or x.hand_in_match >= 4294967296 or not 0 <= x.seating < 256:
        raise SimulationError(f"hand {x.hand}: cannot be stored in the binary records format (an index out of range)")
    for i in range(4):
        amounts[i] = x.scores[i]
        amounts[4 + i] = x.payments[i]
    for i in range(8):
        if x.types >> i & 1:
            wide = True
        elif amounts[i] != <double><int64_t>amounts[i]:
            raise SimulationError(f"native records: amount {amounts[i]!r} is not a whole number")
        elif not _i32(amounts[i]):
            wide = True
    if wide:
        flags |= 4
    if x.hard and x.winner >= 0:
        flags |= 1
    if x.jinding:
        flags |= 2
    flags |= x.liable_rule << 3
    var_n = n + (n + 3) // 4 + (FLOAT_EXT if wide else 0)
    _reserve(b, ROW_SIZE + var_n)
    r = <uint8_t*>(b.p + start)
    memset(r, 0, ROW_SIZE + var_n)
    _le(r, <uint64_t>x.hand, 8)
    _le(r + 8, <uint64_t>x.match, 4)
    _le(r + 12, <uint64_t>x.hand_in_match, 4)
    r[16] = <uint8_t>x.seating
    r[17] = <uint8_t>x.dealer
    r[18] = 255 if x.prev_laizi < 0 else <uint8_t>x.prev_laizi
    r[19] = <uint8_t>flags
    _le(r + 20, <uint64_t>n, 2)
    for i in range(4):
        _le(r + 22 + 4 * i, 0 if wide else <uint64_t><uint32_t><int32_t>x.scores[i], 4)
    for i in range(45):
        _le(r + 38 + 2 * i, wall[3 * i] * 1156 + wall[3 * i + 1] * 34 + wall[3 * i + 2], 2)
    r[128] = <uint8_t><int8_t>x.winner
    r[129] = 255 if x.how < 0 else <uint8_t>x.how
    _le(r + 130, <uint64_t>x.big, 2)
    r[132] = <uint8_t>(x.winner_fan if x.winner_fan < 255 else 255)
    r[133] = <uint8_t>x.reached
    for i in range(4):
        _le(r + 134 + 4 * i, 0 if wide else <uint64_t><uint32_t><int32_t>x.payments[i], 4)
    r[150] = <uint8_t>(x.length if x.length < 255 else 255)
    r[151] = <uint8_t><int8_t>x.discarder
    r[152] = <uint8_t><int8_t>x.liable
    v = r + ROW_SIZE
    for i in range(n):
        v[i] = x.code[i]
        v[n + (i >> 2)] |= <uint8_t>(x.seat[i] << (2 * (i & 3)))
    if wide:
        k = n + (n + 3) // 4
        v[k] = <uint8_t>x.types     # which amounts are floats (records.FLOAT_EXT's mask)
        for i in range(8):
            memcpy(&bits, &amounts[i], 8)
            _le(v + k + 1 + 8 * i, bits, 8)
    _le(r + 153, _crc32(v, var_n, _crc32(r, 153, 0)), 4)
    b.n = start + ROW_SIZE + var_n
    return 0


# ---------------------------------------------------------------- the batch
def encode_records(rules, dict arrays, bint binary, names, seed_json=b"0", agents_json=b"[]",
                   rules_json=b"{}", index=None, wall_index=None, int seating=0, bint joined=False,
                   Py_ssize_t block_bytes=1 << 21, types=None, skip=None):
    """The records of the hands of a native batch, one item a hand in row order.

    Args:
        rules: the batch's :class:`~wuhanmj.rules.Rules` (for the deal: the 痞子, R3).
        arrays: :func:`~wuhanmj.native.batch.run_matches`'s arrays with ``record=True``
            (the rows' ``seed``, ``dealer``, ``prev_laizi``, outcome fields, ``scores``,
            ``payments`` and the ``log_*`` arrays; without ``log_wall`` each wall is
            shuffled again from its ``seed``, G1).
        binary: True for :func:`wuhanmj.files.records.encode_hand`'s bytes, False for JSON
            lines (str, without a newline).
        names: ``(KIND_OF_CODE, HOWS, BIG_HU, LIABILITY)``: the names the records use.
        seed_json, agents_json, rules_json: the JSON text (UTF-8 bytes) of the line's
            ``seed``, ``agents`` and the deal's ``rules``, the same in every line.
        index: int64 array, the ``hand`` of each row's record (default ``arrays["hand"]``).
        wall_index: int64 array or None: an arena's line (``wall`` and ``seating`` after
            ``hand_in_match``).
        seating: the seating of every row (the binary row's ``seating``, the arena line's).
        joined: JSON lines only: blocks of whole lines instead, each a ``bytearray`` of
            about ``block_bytes`` holding its lines in UTF-8, each ended by a newline
            (what a file of them holds).
        types: uint8 ``(n,)`` or None (every amount an int): bit ``i`` set when amount
            ``i`` of the row (``scores`` 0-3, ``payments`` 4-7) is a float in the Python
            engine (written as its ``repr``; a binary row's float extension).
        skip: uint8 ``(n,)`` or None: rows written elsewhere (None in their place; not
            with ``joined``).

    Returns:
        a list of str (JSON lines), bytes (binary hands) or, when ``joined``, bytearray
        (the blocks).

    Raises:
        SimulationError: an amount that is not a whole number, or a log that does not
            read as a hand of the rules (a bug of the caller or of the engine).
    """
    cdef RulesC rc
    cdef HandC h0
    cdef Names nm
    cdef HandIn x
    cdef Buf b
    cdef uint8_t wall[136]
    cdef list keep = []
    cdef list out = []
    cdef Py_ssize_t i, n, lo, start, fixed, need
    cdef object block = None        # joined: the bytearray being written
    rules_to_c(rules, &rc)
    hand_prepare()
    _names(&nm, names, keep)
    cdef bytes sj = bytes(seed_json), aj = bytes(agents_json), rj = bytes(rules_json)
    cdef const int64_t[::1] hand = np.ascontiguousarray(arrays["hand"] if index is None else index, np.int64)
    cdef const int64_t[::1] match = np.ascontiguousarray(arrays["match"], np.int64)
    cdef const int64_t[::1] him = np.ascontiguousarray(arrays["hand_in_match"], np.int64)
    cdef const uint64_t[::1] seed = np.ascontiguousarray(arrays["seed"], np.uint64)
    cdef const int64_t[:, ::1] small = np.ascontiguousarray(np.stack([
        np.asarray(arrays[k], np.int64) for k in (
            "dealer", "prev_laizi", "laizi", "winner", "how", "win_tile", "discarder", "big", "hard",
            "liable", "liable_rule", "reached", "jinding", "winner_fan", "length")], axis=1))
    cdef const double[:, ::1] pay = np.ascontiguousarray(arrays["payments"], np.float64)
    cdef const double[:, ::1] sc = np.ascontiguousarray(arrays["scores"], np.float64)
    cdef const uint8_t[::1] lseat = np.ascontiguousarray(arrays["log_seat"], np.uint8)
    cdef const uint8_t[::1] lcode = np.ascontiguousarray(arrays["log_code"], np.uint8)
    cdef const uint8_t[:, ::1] lafter = np.ascontiguousarray(arrays["log_after"], np.uint8)
    cdef const int64_t[::1] off = np.ascontiguousarray(arrays["log_offsets"], np.int64)
    cdef const int64_t[::1] wix
    cdef const uint8_t[::1] tv = np.ascontiguousarray(np.zeros(1, np.uint8) if types is None else types, np.uint8)
    cdef const uint8_t[::1] sk = np.ascontiguousarray(np.zeros(1, np.uint8) if skip is None else skip, np.uint8)
    cdef bint typed = types is not None, skipping = skip is not None
    cdef bint has_walls = "log_wall" in arrays
    cdef const uint8_t[:, ::1] walls = np.ascontiguousarray(arrays["log_wall"] if has_walls
                                                            else np.zeros((1, 136), np.uint8), np.uint8)
    n = hand.shape[0]
    if wall_index is not None:
        wix = np.ascontiguousarray(wall_index, np.int64)
    if (typed and tv.shape[0] != n) or (skipping and (sk.shape[0] != n or joined)):
        raise SimulationError("native records: types or skip do not match the hands")
    if off.shape[0] != n + 1 or lseat.shape[0] != lafter.shape[0] or lseat.shape[0] != lcode.shape[0]:
        raise SimulationError("native records: the decision log does not match the hands")
    # the most a line can take: its fixed texts, every tile of the wall twice (the deal, a
    # draw) and a few events a decision (its own, a meld or hu, the settlement)
    fixed = 4096 + len(sj) + len(aj) + len(rj) + 136 * 64
    memset(&b, 0, sizeof(Buf))
    x.seating = seating
    try:
        for i in range(n):
            if skipping and sk[i]:
                out.append(None)
                continue
            x.types = tv[i] if typed else 0
            x.hand = hand[i]
            x.match = match[i]
            x.hand_in_match = him[i]
            x.wall_index = wix[i] if wall_index is not None else -1
            x.dealer, x.prev_laizi, x.laizi, x.winner, x.how = small[i, 0], small[i, 1], small[i, 2], small[i, 3], small[i, 4]
            x.win_tile, x.discarder, x.big, x.hard, x.liable = small[i, 5], small[i, 6], small[i, 7], small[i, 8], small[i, 9]
            x.liable_rule, x.reached, x.jinding, x.winner_fan = small[i, 10], small[i, 11], small[i, 12], small[i, 13]
            x.length = small[i, 14]
            x.payments = &pay[i, 0]
            x.scores = &sc[i, 0]
            lo = off[i]
            x.n = <int>(off[i + 1] - lo)
            if x.n:
                x.seat = &lseat[lo]
                x.code = &lcode[lo]
                x.after = &lafter[lo, 0]
            if has_walls:
                memcpy(wall, &walls[i, 0], 136)
            else:
                shuffled_wall_c(seed[i], wall)
            start = b.n
            if binary:
                _wmj_hand(&b, &x, wall)
                out.append(PyBytes_FromStringAndSize(b.p + start, b.n - start))
                b.n = 0
            else:
                need = fixed + 512 * <Py_ssize_t>x.n
                if not joined:
                    _reserve(&b, need)
                elif block is None or b.n + need > b.cap:
                    # a new block, written in place (the bytearray is the buffer: no copy)
                    if block is not None:
                        PyByteArray_Resize(block, b.n)
                        out.append(block)
                    block = PyByteArray_FromStringAndSize(NULL, max(block_bytes, need))
                    b.p = PyByteArray_AS_STRING(block)
                    b.cap = PyByteArray_GET_SIZE(block)
                    b.n = 0
                hand_deal(&h0, &rc, wall, x.dealer, x.prev_laizi)
                _json_hand(&b, &nm, &x, &h0, wall, sj, len(sj), aj, len(aj), rj, len(rj))
                if joined:
                    _c(&b, b'\n')
                else:
                    out.append(PyUnicode_DecodeUTF8(b.p + start, b.n - start, NULL))
                    b.n = 0
        if block is not None:
            PyByteArray_Resize(block, b.n)
            out.append(block)
    finally:
        if block is None:
            free(b.p)
    return out
