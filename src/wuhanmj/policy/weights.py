"""The weights file of a learned policy: arrays in a numpy ``.npz`` and a JSON metadata entry.

The network (:mod:`wuhanmj.policy.forward`) reads one observation of the version-1
encoding (docs/ENCODING.md, 4209 ``int8`` entries) followed by its action mask (163), 4372
inputs in all, through two hidden layers of rectified linear units to 163 action logits (the
policy) and one number (the value: the expected reward of the hand, training only).

A file holds exactly these arrays, all ``float16`` or all ``float32`` (loaded as
``float32``), ``H1``/``H2`` the hidden sizes:

======  ==============  ================================================
name    shape           what
======  ==============  ================================================
w1      (4372, H1)      first layer, one row per input (raw int values)
b1      (H1,)
w2      (H1, H2)
b2      (H2,)
wp      (H2, 163)       the policy head: one logit per action code
bp      (163,)
wv      (H2,)           the value head
bv      (1,)
meta    (n,) uint8      UTF-8 JSON, see :data:`META_KEYS`
======  ==============  ================================================

Loading never runs code from the file (``numpy.load(allow_pickle=False)``) and checks
everything: the zip, every array's name, shape and dtype, that every value is finite, the
metadata's format and encoding version; a file that fails is a :class:`PolicyError` naming
the file and what is wrong.
"""

from __future__ import annotations

import datetime
import io
import json
import os
import zipfile
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import PolicyError
from ..game.actions import ACTION_SPACE_SIZE

__all__ = ["PolicyWeights", "load_weights", "save_weights", "FORMAT", "FORMAT_VERSION", "ENCODING_VERSION",
           "N_INPUTS", "META_KEYS", "ARRAYS", "default_weights_path"]

FORMAT = "wuhanmj-policy"
FORMAT_VERSION = 1
ENCODING_VERSION = 1
"""The observation encoding the network reads (wuhanmj.envs.encoding.ENCODING_VERSION 1)."""
OBS_SIZE = 123 * 34 + 27
N_INPUTS = OBS_SIZE + ACTION_SPACE_SIZE
"""Inputs of the network: the observation (4209) and the action mask (163)."""
ARRAYS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")
META_KEYS = ("format", "format_version", "encoding_version", "hidden", "rules", "command", "seed", "commit",
             "date", "notes")
"""The metadata's keys: ``format`` ("wuhanmj-policy"), ``format_version`` (1),
``encoding_version`` (1), ``hidden`` ([H1, H2]), ``rules`` (the presets it was trained
under), ``command`` (the training command), ``seed``, ``commit`` (the git commit of the
code that trained it, or ""), ``date`` (ISO 8601), ``notes`` (free text: the training's
figures)."""
_REQUIRED = ("format", "format_version", "encoding_version", "hidden")
_DTYPES = (np.dtype(np.float16), np.dtype(np.float32))
MAX_HIDDEN = 4096


def default_weights_path() -> str:
    """The path of the shipped weights (``wuhanmj/policy/policy_v1.npz``)."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy_v1.npz")


def _shapes(h1: int, h2: int) -> dict[str, tuple[int, ...]]:
    return {"w1": (N_INPUTS, h1), "b1": (h1,), "w2": (h1, h2), "b2": (h2,), "wp": (h2, ACTION_SPACE_SIZE),
            "bp": (ACTION_SPACE_SIZE,), "wv": (h2,), "bv": (1,)}


@dataclass(frozen=True, eq=False)
class PolicyWeights:
    """A policy network's weights (read-only ``float32`` arrays) and metadata.

    Attributes:
        arrays: name -> array, the names and shapes of the module docstring.
        meta: the metadata (:data:`META_KEYS`).
        source: the file it was loaded from, or "" (made in memory).

    Raises:
        PolicyError: (when made) a missing or extra array, a wrong shape or dtype, a value
            that is not finite, or metadata without its required keys.
    """

    arrays: Mapping[str, np.ndarray]
    meta: Mapping[str, Any]
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        what = self.source or "policy weights"
        meta = dict(self.meta)
        _check_meta(meta, what)
        h1, h2 = meta["hidden"]
        want = _shapes(h1, h2)
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
                                  f"(hidden {h1}, {h2})")
            b = np.array(a, dtype=np.float32, order="C")
            if not np.isfinite(b).all():
                raise PolicyError(f"{what}: array {name!r} has a value that is not finite")
            b.flags.writeable = False
            fixed[name] = b
        object.__setattr__(self, "arrays", fixed)
        object.__setattr__(self, "meta", meta)

    @property
    def hidden(self) -> tuple[int, int]:
        """The hidden sizes (H1, H2)."""
        return int(self.meta["hidden"][0]), int(self.meta["hidden"][1])

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
    if meta["format"] != FORMAT:
        raise PolicyError(f"{what}: metadata format is {meta['format']!r}, expected {FORMAT!r}")
    if meta["format_version"] != FORMAT_VERSION:
        raise PolicyError(f"{what}: format version {meta['format_version']!r}, this wuhanmj reads version "
                          f"{FORMAT_VERSION}")
    if meta["encoding_version"] != ENCODING_VERSION:
        raise PolicyError(f"{what}: trained on observation encoding version {meta['encoding_version']!r}, this "
                          f"wuhanmj encodes version {ENCODING_VERSION} (docs/ENCODING.md)")
    h = meta["hidden"]
    if (not isinstance(h, list) or len(h) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= MAX_HIDDEN for x in h)):
        raise PolicyError(f"{what}: metadata 'hidden' must be two ints 1-{MAX_HIDDEN}, got {h!r}")


def load_weights(path: str | os.PathLike[str] | None = None) -> PolicyWeights:
    """Read a weights file (None: the shipped one, :func:`default_weights_path`).

    Args:
        path: a ``.npz`` written by :func:`save_weights`.

    Returns:
        The :class:`PolicyWeights` (``float32`` arrays).

    Raises:
        PolicyError: the file cannot be read, is not a zip of ``.npy`` arrays (truncated or
            corrupted), holds an object array (never unpickled), lacks or has extra arrays,
            a wrong shape or dtype, a value that is not finite, metadata that is not JSON,
            another format, format version or encoding version (the message names the file).
    """
    p = os.fspath(default_weights_path() if path is None else path)
    try:
        with open(p, "rb") as f:
            raw = f.read()
    except OSError as err:
        raise PolicyError(f"{p}: cannot read the weights file ({err.strerror or err})") from None
    arrays: dict[str, np.ndarray] = {}
    try:
        with np.load(io.BytesIO(raw), allow_pickle=False) as z:
            for name in z.files:
                arrays[name] = z[name]
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, KeyError, NotImplementedError) as err:
        raise PolicyError(f"{p}: not a policy weights file (a corrupted or truncated .npz: "
                          f"{type(err).__name__}: {err})") from None
    meta_raw = arrays.pop("meta", None)
    if meta_raw is None:
        raise PolicyError(f"{p}: no 'meta' entry (not a policy weights file)")
    if meta_raw.dtype != np.uint8 or meta_raw.ndim != 1:
        raise PolicyError(f"{p}: 'meta' must be a 1-d uint8 array of UTF-8 JSON, got {meta_raw.dtype} {meta_raw.shape}")
    try:
        meta = json.loads(meta_raw.tobytes().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise PolicyError(f"{p}: 'meta' is not UTF-8 JSON ({err})") from None
    if not isinstance(meta, dict):
        raise PolicyError(f"{p}: 'meta' must be a JSON object, got {type(meta).__name__}")
    return PolicyWeights(arrays, meta, source=p)


def save_weights(weights: PolicyWeights, path: str | os.PathLike[str], dtype: str = "float16") -> None:
    """Write ``weights`` to ``path`` (a ``.npz``, compressed) with its metadata.

    Args:
        dtype: ``"float16"`` (half the size; inference reads them as float32) or ``"float32"``.

    Raises:
        PolicyError: another dtype, or the file cannot be written.
    """
    if dtype not in ("float16", "float32"):
        raise PolicyError(f"dtype must be 'float16' or 'float32', got {dtype!r}")
    meta = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"), **weights.meta}
    out = {k: np.asarray(v, dtype=dtype) for k, v in weights.arrays.items()}
    out["meta"] = np.frombuffer(json.dumps(meta, sort_keys=True).encode("utf-8"), dtype=np.uint8)
    try:
        with open(os.fspath(path), "wb") as f:
            np.savez_compressed(f, **out)  # type: ignore[arg-type]
    except OSError as err:
        raise PolicyError(f"{os.fspath(path)}: cannot write the weights file ({err.strerror or err})") from None
