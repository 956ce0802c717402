"""The input checks of the shape core, in one place (W1-W3, W6-W8, D6, D8, R3).

Every ``def`` of :mod:`wuhanmj.core` is a thin wrapper: it turns its Python arguments into C
values with the functions below, then calls a ``nogil`` kernel that checks nothing. Every
error is a :class:`wuhanmj.errors.ShapeError` whose message names the argument; a batch
error names the first bad row.

Nothing here is Python API (this module has no ``def``); Cython code may cimport it
(``from wuhanmj.core.checks cimport load_counts``) to check its own Python inputs the same way.
"""

from libc.stdint cimport int64_t, uint8_t
from libc.string cimport memcpy, memset

import numpy as np

cimport numpy as cnp

from wuhanmj.core.defs cimport MAX_TILES, N_ROUTES, PAIR_258, PAIR_ANY

from ..errors import ShapeError

cnp.import_array()

cdef str _S258 = "258"
cdef str _SANY = "any"
cdef dict _NEED = {0: "3k+1 or 3k+2", 1: "3k+1", 2: "3k+2"}


# ---------------------------------------------------------------- shape arguments

cdef int _pair_mode(object pair) except -1:
    """``pair``: "258" (PAIR_258, W2) or "any" (PAIR_ANY)."""
    if pair is _S258 or pair == _S258:
        return PAIR_258
    if pair is _SANY or pair == _SANY:
        return PAIR_ANY
    raise ShapeError(f"pair must be '258' or 'any', got {pair!r}")


cdef int _flag(object value) except -1:
    """``pungs_only`` as 0/1: True/False (or numpy bools, or the ints 0 and 1) only."""
    if value is True or value is False:
        return value is True
    if isinstance(value, (np.bool_, int, np.integer)) and value in (0, 1):
        return 1 if value else 0
    raise ShapeError(f"pungs_only must be True or False, got {value!r}")


cdef int _load_counts(object counts, uint8_t* out) except -1:
    """Copy 34 counts into ``out``, checking shape, dtype and range 0-4. Returns the total.

    ``counts``: a numpy integer array of shape (34,) (C-contiguous uint8 is copied with one
    memcpy), or a sequence of 34 ints (never a str, never bools or floats).
    """
    cdef cnp.ndarray arr
    cdef int i, total = 0, v
    cdef object item
    if cnp.PyArray_Check(counts):
        arr = <cnp.ndarray>counts
        if cnp.PyArray_NDIM(arr) != 1 or cnp.PyArray_DIM(arr, 0) != 34:
            raise ShapeError(f"counts must have shape (34,), got {np.shape(arr)}")
        if cnp.PyArray_TYPE(arr) == cnp.NPY_UINT8 and cnp.PyArray_ISCARRAY_RO(arr):
            memcpy(out, cnp.PyArray_DATA(arr), 34)
            for i in range(34):
                if out[i] > 4:
                    raise ShapeError(f"counts[{i}] = {out[i]}: a kind has at most 4 tiles")
                total += out[i]
            return total
        if arr.dtype.kind not in "iu":
            raise ShapeError(f"counts must be an integer array, got dtype {arr.dtype}")
        counts = arr.tolist()
    elif isinstance(counts, (str, bytes)):
        raise ShapeError("counts must be 34 integers, not a string (use tile_counts() to parse tiles)")
    try:
        n = len(counts)
    except TypeError:
        raise ShapeError(f"counts must be a sequence of 34 integers, got {type(counts).__name__}") from None
    if n != 34:
        raise ShapeError(f"counts must have 34 entries, got {n}")
    for i in range(34):
        item = counts[i]
        if isinstance(item, bool) or not isinstance(item, (int, np.integer)):
            raise ShapeError(f"counts[{i}] = {item!r} is not an integer")
        if not 0 <= item <= 4:
            raise ShapeError(f"counts[{i}] = {item}: a kind has 0 to 4 tiles")
        v = item
        out[i] = <uint8_t>v
        total += v
    return total


cdef int _check_wilds(object wilds) except -1:
    """``wilds``: an int 0-14 (numpy integers too, never a bool). Returns it."""
    if type(wilds) is int and 0 <= wilds <= MAX_TILES:
        return <int>wilds
    if isinstance(wilds, bool) or not isinstance(wilds, (int, np.integer)):
        raise ShapeError(f"wilds must be an integer, got {wilds!r}")
    if not 0 <= wilds <= MAX_TILES:
        raise ShapeError(f"wilds = {wilds}: must be 0 to {MAX_TILES}")
    return wilds


cdef int _check_total(int total, int wilds, int residue, str what) except -1:
    """At most 14 tiles + wildcards, and 3k+``residue`` of them (-1: any number)."""
    if total + wilds > MAX_TILES:
        raise ShapeError(f"{total} tiles + {wilds} wildcards: a hand holds at most {MAX_TILES}")
    if residue >= 0 and (total + wilds) % 3 != residue:
        raise ShapeError(
            f"{total} tiles + {wilds} wildcards = {total + wilds}: {what} needs 3k+{residue} tiles"
        )
    return 0


cdef int _load_forbid(object forbid, uint8_t* out) except -1:
    """Fill a (34,) 0/1 mask from ``forbid`` (None, or an iterable of kinds 0-33, D8);
    returns the number of forbidden kinds."""
    cdef int n = 0, t
    memset(out, 0, 34)
    if forbid is None:
        return 0
    if isinstance(forbid, (str, bytes)) or not hasattr(forbid, "__iter__"):
        raise ShapeError(f"forbid must be an iterable of tile indices 0-33, got {forbid!r}")
    for item in forbid:
        if isinstance(item, bool) or not isinstance(item, (int, np.integer)) or not 0 <= item < 34:
            raise ShapeError(f"forbid must hold tile indices 0-33, got {item!r}")
        t = item
        if not out[t]:
            out[t] = 1
            n += 1
    return n


cdef int load_suit9(object counts9, uint8_t* out) except -1:
    """Nine suit counts 0-4, total at most 14 (a key of the suit table). Returns the total."""
    cdef int i, total = 0
    if len(counts9) != 9:
        raise ShapeError("a suit pattern has 9 counts")
    for i in range(9):
        if not 0 <= counts9[i] <= 4:
            raise ShapeError(f"counts9[{i}] must be 0 to 4")
        out[i] = counts9[i]
        total += out[i]
    if total > MAX_TILES:
        raise ShapeError(f"a suit pattern holds at most {MAX_TILES} tiles")
    return total


cdef int _check_shanten_total(int total, int wilds) except -1:
    """At most 14 tiles + wildcards, and not 3k of them (shanten needs 3k+1 or 3k+2)."""
    if total + wilds > MAX_TILES:
        raise ShapeError(f"{total} tiles + {wilds} wildcards: a hand holds at most {MAX_TILES}")
    if (total + wilds) % 3 == 0:
        raise ShapeError(
            f"{total} tiles + {wilds} wildcards = {total + wilds}: shanten needs 3k+1 or 3k+2 tiles"
        )
    return 0


# ---------------------------------------------------------------- batch arguments

cdef tuple batch_inputs(object counts, object wilds):
    """Validate (N, 34) counts and scalar-or-(N,) wilds; return C-contiguous uint8 arrays.

    The rows themselves (counts 0-4 of a uint8 array, totals) are checked by the batch loop
    with :func:`row_total` and :func:`total_ok`; a bad row goes to :func:`raise_row`.
    """
    if not cnp.PyArray_Check(counts):
        raise ShapeError(f"counts must be a numpy array of shape (N, 34), got {type(counts).__name__}")
    arr = <cnp.ndarray>counts
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise ShapeError(f"counts must have shape (N, 34), got {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise ShapeError(f"counts must be an integer array (uint8 preferred), got dtype {arr.dtype}")
    if arr.dtype != np.uint8:
        if arr.size and (arr.min() < 0 or arr.max() > 4):
            raise ShapeError("counts must be 0 to 4 in every entry")
        arr = arr.astype(np.uint8)
    arr = np.ascontiguousarray(arr)
    n = arr.shape[0]
    if cnp.PyArray_Check(wilds):
        wa = <cnp.ndarray>wilds
        if wa.ndim != 1 or wa.shape[0] != n:
            raise ShapeError(f"wilds must be a scalar or have shape ({n},), got {np.shape(wa)}")
        if wa.dtype.kind not in "iu":
            raise ShapeError(f"wilds must be integers, got dtype {wa.dtype}")
        if wa.size and (wa.min() < 0 or wa.max() > MAX_TILES):
            raise ShapeError(f"wilds must be 0 to {MAX_TILES}")
        wa = np.ascontiguousarray(wa, dtype=np.uint8)
    else:
        wa = np.full(n, _check_wilds(wilds), dtype=np.uint8)
    return arr, wa


cdef int raise_row(int64_t row, const uint8_t* counts, int wilds, int residue, str what) except -1:
    """Raise the ShapeError of a batch row the loop found bad: ``residue`` as for
    :func:`_check_total`, or -2 for shanten (3k+1 or 3k+2)."""
    cdef int total = row_total(counts)
    if total < 0:
        raise ShapeError(f"row {row}: counts must be 0 to 4")
    try:
        if residue == -2:
            _check_shanten_total(total, wilds)
        else:
            _check_total(total, wilds, residue, what)
    except ShapeError as err:
        raise ShapeError(f"row {row}: {err}") from None
    raise ShapeError(f"row {row}: invalid")


# ---------------------------------------------------------------- Wuhan routes arguments

cdef int load_wuhan(object counts, uint8_t* c, int want) except -1:
    """Counts of a Wuhan hand; ``want`` 1 or 2 for 3k+1 / 3k+2, 0 for either. Returns the total."""
    cdef int total = load_counts(counts, c)
    if total > MAX_TILES:
        raise ShapeError(f"{total} tiles: a hand holds at most {MAX_TILES}")
    if total % 3 == 0 or (want and total % 3 != want):
        raise ShapeError(f"{total} tiles: this needs {_NEED[want]} tiles")
    return total


cdef int _w_arg(object value, int hi, str what) except -1:
    """An int argument 0..hi of the wuhan_* functions (numpy integers too; never a bool,
    float or str, which Cython would refuse with a TypeError or silently truncate)."""
    if type(value) is int:
        if 0 <= value <= hi:
            return <int>value
    elif (not isinstance(value, (bool, np.bool_)) and isinstance(value, (int, np.integer))
          and 0 <= value <= hi):
        return <int>int(value)
    raise ShapeError(f"{what}, got {value!r}")


cdef int load_laizi(object laizi) except -1:
    """``laizi``: the 癞子 kind, an int 0-32 (never 红中)."""
    return _w_arg(laizi, 32, "laizi must be a tile index 0-32 (never 红中)")


cdef int load_routes(object routes) except -1:
    """``routes``: an int bit mask 0-127 over ROUTE_NAMES."""
    return _w_arg(routes, (1 << N_ROUTES) - 1,
                  f"routes must be an int bit mask 0-{(1 << N_ROUTES) - 1} over ROUTE_NAMES")


cdef int load_pizi(object pizi, int laizi, int* out) except -1:
    """The 痞子 into ``out`` (room for two); returns how many. ``pizi`` is an iterable (never
    a str or bytes) of at most two kinds 0-33 other than the laizi (R3), plain or numpy ints
    (never a bool or float, which a C int would refuse with a TypeError or truncate)."""
    cdef object x, it
    cdef int n = 0, t
    if type(pizi) is tuple and len(<tuple>pizi) <= 2:
        it = pizi       # the usual case, from analysis and greedy
    elif isinstance(pizi, (str, bytes, bytearray)):
        raise ShapeError(f"pizi must be an iterable of at most two tile indices 0-33, got the str {pizi!r}")
    else:
        try:
            it = iter(pizi)
        except TypeError:
            raise ShapeError(
                f"pizi must be an iterable of at most two tile indices 0-33, got {pizi!r}") from None
    for x in it:
        if n >= 2:
            raise ShapeError(f"pizi holds at most two tile indices (R3), got {pizi!r}")
        if type(x) is int:
            if not 0 <= x < 34:
                raise ShapeError(f"pizi must be tile indices 0-33 other than the laizi, got {x!r}")
        elif (isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer))
              or not 0 <= x < 34):
            raise ShapeError(f"pizi must be tile indices 0-33 other than the laizi, got {x!r}")
        t = <int>int(x)
        if t == laizi:
            raise ShapeError(f"pizi must be tile indices 0-33 other than the laizi, got {x!r}")
        out[n] = t
        n += 1
    return n


cdef int load_allowed(object allowed, uint8_t* out) except -1:
    """``allowed``: None (any kind) or an iterable of kinds 0-33, into a (34,) 0/1 mask."""
    cdef object x
    if allowed is None:
        memset(out, 1, 34)
        return 0
    memset(out, 0, 34)
    for x in allowed:
        if type(x) is int and 0 <= x < 34:
            out[<int>x] = 1
            continue
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x < 34:
            raise ShapeError(f"allowed must hold tile kinds 0-33, got {x!r}")
        out[<int>x] = 1
    return 0


cdef bint _small_ints(tuple xs, uint8_t* out):
    """Fast path for a tuple of 34 plain ints 0-4 (False: let load_counts check it)."""
    cdef Py_ssize_t i
    cdef object x
    cdef long v
    for i in range(34):
        x = xs[i]
        if type(x) is not int:
            return False
        try:
            v = x
        except OverflowError:
            return False
        if not 0 <= v <= 4:
            return False
        out[i] = <uint8_t>v
    return True


cdef int load_unseen(object seen, const uint8_t* counts, uint8_t* out) except -1:
    """Unseen copies ``4 - counts - seen`` of each kind into ``out`` (D6). ``seen``: None
    (nothing seen) or 34 counts 0-4 (as for counts); at most 4 copies of a kind in all."""
    cdef int t
    if seen is None:
        memset(out, 0, 34)
    elif type(seen) is tuple and len(<tuple>seen) == 34 and _small_ints(<tuple>seen, out):
        pass
    else:
        load_counts(seen, out)
    for t in range(34):
        if counts[t] + out[t] > 4:
            raise ShapeError(f"{counts[t] + out[t]} copies of kind {t} in counts and seen: at most 4")
        out[t] = 4 - counts[t] - out[t]
    return 0
