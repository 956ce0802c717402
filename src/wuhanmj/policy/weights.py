"""The weights file of a learned policy: arrays in a numpy ``.npz`` and a JSON metadata entry.

The network (:mod:`wuhanmj.policy.forward`) reads one observation of the version-1
encoding (docs/ENCODING.md, 4209 ``int8`` entries) followed by its action mask (163), 4372
inputs in all, through two hidden layers of rectified linear units (the context); each
legal code's look-ahead features (:mod:`wuhanmj.native.lookahead`, 25 small integers: what
playing it does to the hand) go with the context through one more layer, the scorer,
shared by every code, to that code's logit, added to a logit of the context alone. The
value (the expected reward of the hand, training only) is one number from the context.

A file holds exactly these arrays, each ``float16`` or ``float32`` (loaded as
``float32``; :func:`save_weights` writes them all in one dtype), ``H1``/``H2`` the hidden sizes, ``Z`` the scorer's:

======  ==============  ================================================
name    shape           what
======  ==============  ================================================
w1      (4372, H1)      first layer, one row per input (raw int values)
b1      (H1,)
w2      (H1, H2)        second layer: the context
b2      (H2,)
wp      (H2, 163)       the context's logit of each action code
bp      (163,)
wf      (25, Z)         the scorer: one row per look-ahead feature (raw values)
wc      (H2, Z)         the scorer: the context
bs      (Z,)
ws      (Z,)            the scorer's units to the code's logit
wv      (H2,)           the value head
bv      (1,)
meta    (n,) uint8      UTF-8 JSON, see :data:`META_KEYS`
======  ==============  ================================================

Loading never runs code from the file (``numpy.load(allow_pickle=False)``) and checks
everything: the zip, every array's name, shape and dtype, that every value is finite, the
metadata's format, encoding version and features version; a file that fails is a
:class:`PolicyError` naming the file and what is wrong.
"""

from __future__ import annotations

import datetime
import io
import json
import os
import stat
import zipfile
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np

from .._json import load_json
from ..errors import PolicyError
from ..game.actions import ACTION_SPACE_SIZE

__all__ = ["PolicyWeights", "load_weights", "save_weights", "FORMAT", "FORMAT_VERSION", "ENCODING_VERSION",
           "FEATURES_VERSION", "N_FEATURES", "N_INPUTS", "META_KEYS", "ARRAYS", "default_weights_path"]

FORMAT = "wuhanmj-policy"
FORMAT_VERSION = 2
ENCODING_VERSION = 1
"""The observation encoding the network reads (wuhanmj.envs.encoding.ENCODING_VERSION 1)."""
FEATURES_VERSION = 2
"""The look-ahead features the network reads (wuhanmj.native.lookahead.LOOKAHEAD_VERSION 2)."""
N_FEATURES = 25
"""Look-ahead features of a code (wuhanmj.native.lookahead.N_LOOKAHEAD)."""
OBS_SIZE = 123 * 34 + 27
N_INPUTS = OBS_SIZE + ACTION_SPACE_SIZE
"""Inputs of the context: the observation (4209) and the action mask (163)."""
ARRAYS = ("w1", "b1", "w2", "b2", "wp", "bp", "wf", "wc", "bs", "ws", "wv", "bv")
META_KEYS = ("format", "format_version", "encoding_version", "features_version", "hidden", "rules", "command",
             "seed", "commit", "date", "notes")
"""The metadata's keys: ``format`` ("wuhanmj-policy"), ``format_version`` (2),
``encoding_version`` (1), ``features_version`` (2), ``hidden`` ([H1, H2, Z]), ``rules``
(the presets it was trained under), ``command`` (the training command), ``seed``,
``commit`` (the git commit of the code that trained it, or ""), ``date`` (ISO 8601),
``notes`` (free text: the training's figures)."""
_REQUIRED = ("format", "format_version", "encoding_version", "features_version", "hidden")
_OPTIONAL = (("rules", list, "a list of preset names"), ("command", str, "a string"), ("seed", int, "an int"),
             ("commit", str, "a string"), ("date", str, "a string"), ("notes", str, "a string"))
_DTYPES = (np.dtype(np.float16), np.dtype(np.float32))
MAX_HIDDEN = 4096
MAX_ENTRY_BYTES = N_INPUTS * MAX_HIDDEN * 4 + 4096
"""The largest entry of a weights file: ``w1`` in float32 at the largest hidden size, and its header."""
MAX_FILE_BYTES = len(ARRAYS) * MAX_ENTRY_BYTES
"""The largest weights file read (a bound, far above any file of hidden sizes <= 4096)."""


def default_weights_path() -> str:
    """The path of the shipped weights (``wuhanmj/policy/policy_v1.npz``)."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy_v1.npz")


def _shapes(h1: int, h2: int, z: int) -> dict[str, tuple[int, ...]]:
    return {"w1": (N_INPUTS, h1), "b1": (h1,), "w2": (h1, h2), "b2": (h2,), "wp": (h2, ACTION_SPACE_SIZE),
            "bp": (ACTION_SPACE_SIZE,), "wf": (N_FEATURES, z), "wc": (h2, z), "bs": (z,), "ws": (z,),
            "wv": (h2,), "bv": (1,)}


@dataclass(frozen=True, eq=False)
class PolicyWeights:
    """A policy network's weights (read-only ``float32`` arrays) and metadata.

    Attributes:
        arrays: name -> array, the names and shapes of the module docstring (a read-only
            mapping of read-only arrays: the weights cannot change once checked).
        meta: the metadata (:data:`META_KEYS`, a read-only mapping).
        source: the file it was loaded from (its absolute path), or "" (made in memory).

    Raises:
        PolicyError: (when made) ``arrays`` or ``meta`` not a mapping, a missing or extra
            array, a wrong shape or dtype, a value that is not finite, metadata without its
            required keys, or a metadata key of another type (the versions and ``seed`` ints, ``rules`` a list of strings, the
            other :data:`META_KEYS` strings).
    """

    arrays: Mapping[str, np.ndarray]
    meta: Mapping[str, Any]
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        what = self.source or "policy weights"
        if not isinstance(self.arrays, Mapping) or not isinstance(self.meta, Mapping):
            raise PolicyError(f"{what}: arrays and meta must be mappings (name -> array, key -> value), got "
                              f"{type(self.arrays).__name__} and {type(self.meta).__name__}")
        meta = dict(self.meta)
        _check_meta(meta, what)
        h1, h2, z = meta["hidden"]
        want = _shapes(h1, h2, z)
        names = set(self.arrays)
        if names != set(want):
            missing, extra = sorted(set(want) - names), sorted(names - set(want))
            raise PolicyError(f"{what}: arrays {', '.join(missing) or 'none'} missing, "
                              f"{', '.join(extra) or 'none'} unexpected (expected {', '.join(ARRAYS)})")
        fixed = {}
        for name in ARRAYS:
            a = self.arrays[name]
            if not isinstance(a, np.ndarray) or a.dtype not in _DTYPES:
                raise PolicyError(f"{what}: array {name!r} must be float16 or float32, got "
                                  f"{getattr(a, 'dtype', type(a).__name__)}")
            if a.shape != want[name]:
                raise PolicyError(f"{what}: array {name!r} has shape {a.shape}, expected {want[name]} "
                                  f"(hidden {h1}, {h2}, {z})")
            b = np.array(a, dtype=np.float32, order="C")
            if not np.isfinite(b).all():
                raise PolicyError(f"{what}: array {name!r} has a value that is not finite")
            b.flags.writeable = False
            fixed[name] = b
        object.__setattr__(self, "arrays", MappingProxyType(fixed))     # read-only: checked once, kept so
        object.__setattr__(self, "meta", MappingProxyType(meta))

    @property
    def hidden(self) -> tuple[int, int, int]:
        """The hidden sizes (H1, H2, Z), read from the arrays' shapes."""
        a = self.arrays
        return int(a["w1"].shape[1]), int(a["w2"].shape[1]), int(a["wf"].shape[1])

    def __reduce__(self) -> tuple[Any, ...]:
        return (PolicyWeights, (dict(self.arrays), dict(self.meta), self.source))

    def __eq__(self, other: object) -> bool:
        """The same arrays (value for value) and the same metadata."""
        if not isinstance(other, PolicyWeights):
            return NotImplemented
        return (dict(self.meta) == dict(other.meta) and set(self.arrays) == set(other.arrays)
                and all(np.array_equal(a, other.arrays[k]) for k, a in self.arrays.items()))

    __hash__ = None  # type: ignore[assignment]

    def replace_meta(self, **changes: Any) -> PolicyWeights:
        """A copy with metadata keys changed (the arrays shared)."""
        return PolicyWeights(self.arrays, {**self.meta, **changes}, self.source)

    def __repr__(self) -> str:
        return (f"PolicyWeights(hidden={self.hidden}, rules={self.meta.get('rules')!r}, "
                f"source={self.source or None!r})")


def _check_meta(meta: dict[str, Any], what: str) -> None:
    for key in _REQUIRED:
        if key not in meta:
            raise PolicyError(f"{what}: metadata has no {key!r}")
    for key in ("format_version", "encoding_version", "features_version"):
        if not isinstance(meta[key], int) or isinstance(meta[key], bool):
            raise PolicyError(f"{what}: metadata {key!r} must be an int, got {meta[key]!r:.80}")
    for key, kind, name in _OPTIONAL:
        if key in meta and not (isinstance(meta[key], kind) and not isinstance(meta[key], bool)):
            raise PolicyError(f"{what}: metadata {key!r} must be {name}, got {meta[key]!r:.80}")
    if "rules" in meta and not all(isinstance(r, str) for r in meta["rules"]):
        raise PolicyError(f"{what}: metadata 'rules' must be a list of preset names, got {meta['rules']!r:.80}")
    if meta["format"] != FORMAT:
        raise PolicyError(f"{what}: metadata format is {meta['format']!r}, expected {FORMAT!r}")
    if meta["format_version"] != FORMAT_VERSION:
        raise PolicyError(f"{what}: format version {meta['format_version']!r}, this wuhanmj reads version "
                          f"{FORMAT_VERSION}")
    if meta["encoding_version"] != ENCODING_VERSION:
        raise PolicyError(f"{what}: trained on observation encoding version {meta['encoding_version']!r}, this "
                          f"wuhanmj encodes version {ENCODING_VERSION} (docs/ENCODING.md)")
    if meta["features_version"] != FEATURES_VERSION:
        raise PolicyError(f"{what}: trained on look-ahead features version {meta['features_version']!r}, this "
                          f"wuhanmj writes version {FEATURES_VERSION} (wuhanmj.native.lookahead)")
    h = meta["hidden"]
    if (not isinstance(h, list) or len(h) != 3
            or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= MAX_HIDDEN for x in h)):
        raise PolicyError(f"{what}: metadata 'hidden' must be three ints 1-{MAX_HIDDEN} (H1, H2, Z), got {h!r}")


def load_weights(path: str | os.PathLike[str] | None = None) -> PolicyWeights:
    """Read a weights file (None: the shipped one, :func:`default_weights_path`).

    Args:
        path: a ``.npz`` written by :func:`save_weights`.

    Returns:
        The :class:`PolicyWeights` (``float32`` arrays).

    Raises:
        PolicyError: ``path`` not a path; the file cannot be read, is not a regular file
            (a folder, ``/dev/zero``, a pipe) or is larger than any weights file, is not a zip of ``.npy``
            arrays (a single ``.npy``, truncated or corrupted), holds an object array (never
            unpickled) or an entry that is not a ``.npy`` array or is larger than any array
            of a policy; lacks or has extra arrays, a wrong shape or dtype, a value that is
            not finite; metadata that is not UTF-8 JSON (or nested deeper than 64 levels),
            has a key of another type (see :class:`PolicyWeights`), another format, format
            version, encoding version or features version (the message names the file).
    """
    if path is not None and not isinstance(path, (str, bytes, os.PathLike)):
        raise PolicyError(f"the weights file must be a path (str or os.PathLike) or None, got {type(path).__name__}")
    p = os.fsdecode(default_weights_path() if path is None else path)
    try:
        st = os.stat(p)             # before opening: opening a pipe waits for a writer
        if not stat.S_ISREG(st.st_mode):
            raise PolicyError(f"{p}: not a weights file (a folder, a device or a pipe, not a regular file)")
        if st.st_size > MAX_FILE_BYTES:
            raise PolicyError(f"{p}: {st.st_size:,} bytes, more than any policy's weights ({MAX_FILE_BYTES:,})")
        with open(p, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise PolicyError(f"{p}: cannot read the weights file ({err.strerror or err})") from None
    if not zipfile.is_zipfile(io.BytesIO(raw)):
        raise PolicyError(f"{p}: not a policy weights file (not a .npz, a zip of .npy arrays: another kind of "
                          "file, or one corrupted or truncated)")
    arrays: dict[str, np.ndarray] = {}
    try:
        with np.load(io.BytesIO(raw), allow_pickle=False) as z:
            for info in z.zip.infolist():
                if info.file_size > MAX_ENTRY_BYTES:
                    raise PolicyError(f"{p}: entry {info.filename!r} holds {info.file_size:,} bytes, more than "
                                      f"the largest array of a policy ({MAX_ENTRY_BYTES:,})")
            for name in z.files:
                a = z[name]
                if not isinstance(a, np.ndarray):
                    raise PolicyError(f"{p}: entry {name!r} is not a .npy array")
                arrays[name] = a
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, KeyError, NotImplementedError,
            MemoryError) as err:
        if isinstance(err, PolicyError):
            raise
        raise PolicyError(f"{p}: not a policy weights file (a corrupted or truncated .npz: "
                          f"{type(err).__name__}: {err})") from None
    meta_raw = arrays.pop("meta", None)
    if meta_raw is None:
        raise PolicyError(f"{p}: no 'meta' entry (not a policy weights file)")
    if meta_raw.dtype != np.uint8 or meta_raw.ndim != 1:
        raise PolicyError(f"{p}: 'meta' must be a 1-d uint8 array of UTF-8 JSON, got {meta_raw.dtype} {meta_raw.shape}")
    try:
        text = meta_raw.tobytes().decode("utf-8")
    except UnicodeDecodeError as err:
        raise PolicyError(f"{p}: 'meta' is not UTF-8 JSON ({err})") from None
    meta = load_json(text, PolicyError, f"{p}: 'meta'")
    if not isinstance(meta, dict):
        raise PolicyError(f"{p}: 'meta' must be a JSON object, got {type(meta).__name__}")
    return PolicyWeights(arrays, meta, source=os.path.abspath(p))  # a pickled agent reloads it anywhere


def save_weights(weights: PolicyWeights, path: str | os.PathLike[str], dtype: str = "float16") -> None:
    """Write ``weights`` to ``path`` (a ``.npz``, compressed) with its metadata.

    Args:
        dtype: ``"float16"`` (half the size; inference reads them as float32) or ``"float32"``.

    Raises:
        PolicyError: ``weights`` not a PolicyWeights, another dtype, a value beyond the
            dtype's range (above 65504 in float16: the file would hold inf), metadata that is
            not JSON (a numpy scalar, a set ...), or the file cannot be written; nothing is
            written then.
    """
    if not isinstance(weights, PolicyWeights):
        raise PolicyError(f"weights must be a PolicyWeights, got {type(weights).__name__}")
    if dtype not in ("float16", "float32"):
        raise PolicyError(f"dtype must be 'float16' or 'float32', got {dtype!r}")
    meta = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"), **weights.meta}
    with np.errstate(over="ignore"):     # a value beyond float16's range: refused just below
        out = {k: np.asarray(v, dtype=dtype) for k, v in weights.arrays.items()}
    for k, v in out.items():
        if not np.isfinite(v).all():
            raise PolicyError(f"array {k!r} has values beyond the range of {dtype} (the file could not be loaded): "
                              f"save as float32")
    try:
        text = json.dumps(meta, sort_keys=True)
    except (TypeError, ValueError) as err:
        raise PolicyError(f"the metadata cannot be written as JSON ({err})") from None
    out["meta"] = np.frombuffer(text.encode("utf-8"), dtype=np.uint8)
    try:
        with open(os.fspath(path), "wb") as f:
            np.savez_compressed(f, **out)  # type: ignore[arg-type]
    except OSError as err:
        raise PolicyError(f"{os.fspath(path)}: cannot write the weights file ({err.strerror or err})") from None
