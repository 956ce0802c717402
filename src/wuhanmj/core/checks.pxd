# The input checks of the core, in one place: every ``def`` of tables, shape, shanten and
# routes turns its Python arguments into C values through these, and every error is a
# ``wuhanmj.errors.ShapeError`` whose message names the argument. Kernels (``... nogil``
# functions of the other ``.pxd``) check nothing: they trust what these produced.

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

cimport numpy as cnp

from wuhanmj.core.defs cimport MAX_TILES, PAIR_258, PAIR_ANY

cdef enum:
    # tile totals (tiles + wildcards) a call accepts, as bit masks over 0..14 (see total_ok)
    TOTALS_ANY = 0x7FFF         # 0-14
    TOTALS_COMPLETE = 0x4924    # 3k+2: 2, 5, 8, 11, 14
    TOTALS_WAITING = 0x2492     # 3k+1: 1, 4, 7, 10, 13
    TOTALS_SHANTEN = 0x6DB6     # 3k+1 or 3k+2

# ---- shape arguments (W1, W2, D8): the full checks (they raise); the inline functions
# below take the common case in the caller and call these for the rest
cdef int _pair_mode(object pair) except -1
cdef int _flag(object value) except -1
cdef int _load_counts(object counts, uint8_t* out) except -1
cdef int _check_wilds(object wilds) except -1
cdef int _check_total(int total, int wilds, int residue, str what) except -1
cdef int _load_forbid(object forbid, uint8_t* out) except -1
cdef int load_suit9(object counts9, uint8_t* out) except -1
cdef int _check_shanten_total(int total, int wilds) except -1

# ---- batch arguments
cdef tuple batch_inputs(object counts, object wilds)
cdef int raise_row(int64_t row, const uint8_t* counts, int wilds, int residue, str what) except -1

# ---- Wuhan routes arguments (W1-W3, W6-W8, R3, D6)
cdef int load_wuhan(object counts, uint8_t* c, int want) except -1
cdef int load_laizi(object laizi) except -1
cdef int load_routes(object routes) except -1
cdef int load_pizi(object pizi, int laizi, int* out) except -1
cdef int load_allowed(object allowed, uint8_t* out) except -1
cdef int load_unseen(object seen, const uint8_t* counts, uint8_t* out) except -1


cdef inline int row_total(const uint8_t* c) noexcept nogil:
    """Tile total of 34 counts, or -1 when a count is above 4. Branch-free: four 8-byte
    words and a 2-byte tail (the per-row check of the batch calls, ~3 ns).

    A byte 0-4 plus 0x7B (123) stays below 128; a byte 5-127 plus 0x7B reaches 128 and a
    byte of 128 or more has its top bit already, so ``(x | x + K) & H`` flags any byte
    above 4 (a carry leaves a byte only from a flagged one, and can only flag more).
    Valid bytes sum to at most 16 per lane over the four words and their running sums to
    at most 128, so the per-lane sum and the multiply that adds the lanes carry nothing.
    """
    cdef uint64_t a, b, d, e, s, bad
    cdef uint16_t f
    memcpy(&a, c, 8)
    memcpy(&b, c + 8, 8)
    memcpy(&d, c + 16, 8)
    memcpy(&e, c + 24, 8)
    memcpy(&f, c + 32, 2)
    bad = ((a | (a + 0x7B7B7B7B7B7B7B7BULL) | b | (b + 0x7B7B7B7B7B7B7B7BULL)
            | d | (d + 0x7B7B7B7B7B7B7B7BULL) | e | (e + 0x7B7B7B7B7B7B7B7BULL))
           & 0x8080808080808080ULL)
    bad |= (f | (f + 0x7B7B)) & 0x8080
    s = ((a + b + d + e) * 0x0101010101010101ULL) >> 56
    return <int>(s + (f & 0xFF) + (f >> 8)) | -(<int>(bad != 0))


cdef inline bint total_ok(int total, int wilds, uint32_t totals) noexcept nogil:
    """``total`` (from row_total, -1 for a bad row) plus ``wilds`` is one of ``totals``
    (a TOTALS_* mask). Branch-free: a negative total wraps to a huge unsigned sum."""
    cdef uint32_t s = <uint32_t>(total + wilds)
    return (s <= MAX_TILES) & ((totals >> (s & 15)) & 1) & (total >= 0)


# ---- the common cases, inline: a call from another module is an indirect call the C
# compiler cannot inline, and the single calls (~100 ns) make five or six of them

cdef inline int load_counts(object counts, uint8_t* out) except -1:
    """Copy 34 counts into ``out``, checking shape, dtype and range 0-4. Returns the total.
    A C-contiguous uint8 array of shape (34,) is copied here (memcpy, branch-free check);
    anything else goes to the full check ``_load_counts``. A module using this calls
    ``cnp.import_array()``."""
    cdef int total
    if (cnp.PyArray_Check(counts) and cnp.PyArray_NDIM(<cnp.ndarray>counts) == 1
            and cnp.PyArray_DIM(<cnp.ndarray>counts, 0) == 34
            and cnp.PyArray_TYPE(<cnp.ndarray>counts) == cnp.NPY_UINT8
            and cnp.PyArray_ISCARRAY_RO(<cnp.ndarray>counts)):
        memcpy(out, cnp.PyArray_DATA(<cnp.ndarray>counts), 34)
        total = row_total(out)
        if total >= 0:
            return total
    return _load_counts(counts, out)


cdef inline int pair_mode(object pair) except -1:
    """``pair``: "258" (PAIR_258, W2) or "any" (PAIR_ANY); a ShapeError otherwise. The
    literal is the calling module's own constant, so a default argument matches by identity."""
    if pair == "258":
        return PAIR_258
    if pair == "any":
        return PAIR_ANY
    return _pair_mode(pair)


cdef inline int flag(object value) except -1:
    """``pungs_only`` as 0/1: True/False (or numpy bools, or the ints 0 and 1) only."""
    if value is False:
        return 0
    if value is True:
        return 1
    return _flag(value)


cdef inline int check_wilds(object wilds) except -1:
    """``wilds``: an int 0-14 (numpy integers too, never a bool). Returns it."""
    if type(wilds) is int and 0 <= wilds <= MAX_TILES:
        return <int>wilds
    return _check_wilds(wilds)


cdef inline int check_total(int total, int wilds, int residue, str what) except -1:
    """At most 14 tiles + wildcards, and 3k+``residue`` of them (-1: any number)."""
    if total + wilds <= MAX_TILES and (residue < 0 or (total + wilds) % 3 == residue):
        return 0
    return _check_total(total, wilds, residue, what)


cdef inline int check_shanten_total(int total, int wilds) except -1:
    """At most 14 tiles + wildcards, and not 3k of them (shanten needs 3k+1 or 3k+2)."""
    if total + wilds <= MAX_TILES and (total + wilds) % 3 != 0:
        return 0
    return _check_shanten_total(total, wilds)


cdef inline int load_forbid(object forbid, uint8_t* out) except -1:
    """Fill a (34,) 0/1 mask from ``forbid`` (None, or an iterable of kinds 0-33, D8);
    returns the number of forbidden kinds."""
    if forbid is None:
        memset(out, 0, 34)
        return 0
    return _load_forbid(forbid, out)


cdef inline int load_hand(object counts, object wilds, object forbid, uint8_t* c, uint8_t* fb,
                          int residue, str what, int* nfb) except -1:
    """The common checks of the single shape calls; returns the wildcards, fills ``c``,
    ``fb`` and ``nfb``. ``residue``: the tile total modulo 3 the call needs (2 complete,
    1 waiting), -1 for any."""
    cdef int total = load_counts(counts, c)
    cdef int w = check_wilds(wilds)
    nfb[0] = load_forbid(forbid, fb)
    check_total(total, w, residue, what)
    return w
