"""Weights files (wuhanmj.policy.weights): a round trip, and every kind of bad file a clear
PolicyError naming the file and the problem; loading never runs code from the file."""

from __future__ import annotations

import io
import json
import os
import zipfile

import numpy as np
import pytest

from wuhanmj.errors import PolicyError, WuhanMJError
from wuhanmj.native.policy import PolicyAgent
from wuhanmj.policy import load_weights, random_weights, save_weights
from wuhanmj.policy.weights import PolicyWeights


def arrays_meta(w: PolicyWeights) -> tuple[dict[str, np.ndarray], dict]:
    return {k: np.array(v) for k, v in w.arrays.items()}, dict(w.meta)


def write(path, arrays, meta) -> str:
    out = dict(arrays)
    if meta is not None:
        out["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    np.savez(path, **out)
    return str(path)


@pytest.fixture
def good():
    return random_weights((8, 4, 4), seed=1, rules=["koukou"], command="wuhanmj train --seed 1")


def test_round_trip_keeps_arrays_as_float16_and_metadata(tmp_path, good):
    p = tmp_path / "w.npz"
    save_weights(good, p)
    w = load_weights(p)
    assert w.meta["command"] == "wuhanmj train --seed 1" and w.meta["rules"] == ["koukou"] and "date" in w.meta
    for k, a in good.arrays.items():
        np.testing.assert_array_equal(w.arrays[k], a.astype(np.float16).astype(np.float32))
    save_weights(good, tmp_path / "w32.npz", dtype="float32")
    w32 = load_weights(tmp_path / "w32.npz")
    assert w32 == PolicyWeights(good.arrays, w32.meta) and w32 != good   # the date was added


@pytest.mark.parametrize("change, words", [
    (lambda a, m: m.update(encoding_version=2), "encoding version 2"),
    (lambda a, m: m.update(format_version=9), "format version 9"),
    (lambda a, m: m.update(format_version=1), "format version 1"),
    (lambda a, m: m.update(features_version=1), "features version 1"),
    (lambda a, m: m.pop("features_version"), "no 'features_version'"),
    (lambda a, m: m.update(format="other"), "format is 'other'"),
    (lambda a, m: m.pop("hidden"), "no 'hidden'"),
    (lambda a, m: m.update(hidden=[8]), "'hidden' must be"),
    (lambda a, m: m.update(hidden=[8, 4]), "'hidden' must be three ints"),
    (lambda a, m: a.update(wf=np.zeros((23, 4), np.float32)), "'wf' has shape (23, 4), expected (25, 4)"),
    (lambda a, m: a.update(w2=np.zeros((8, 5), np.float32)), "'w2' has shape (8, 5), expected (8, 4)"),
    (lambda a, m: a.update(w1=a["w1"][:4209]), "'w1' has shape (4209, 8)"),
    (lambda a, m: a.pop("bp"), "bp missing"),
    (lambda a, m: a.update(extra=np.zeros(3, np.float32)), "extra unexpected"),
    (lambda a, m: a.update(b1=np.zeros(8, np.int32)), "'b1' must be float16 or float32, got int32"),
    (lambda a, m: a.update(wv=np.full(4, np.nan, np.float32)), "'wv' has a value that is not finite"),
])
def test_a_bad_file_names_what_is_wrong(tmp_path, good, change, words):
    a, m = arrays_meta(good)
    change(a, m)
    p = write(tmp_path / "bad.npz", a, m)
    with pytest.raises(PolicyError) as e:
        load_weights(p)
    assert words in str(e.value) and "bad.npz" in str(e.value)
    with pytest.raises(PolicyError):
        PolicyAgent(p)
    assert isinstance(e.value, WuhanMJError) and isinstance(e.value, ValueError)


def test_metadata_missing_or_not_json(tmp_path, good):
    a, _ = arrays_meta(good)
    with pytest.raises(PolicyError, match="no 'meta' entry"):
        load_weights(write(tmp_path / "a.npz", a, None))
    np.savez(tmp_path / "b.npz", **a, meta=np.frombuffer(b"{not json", np.uint8))
    with pytest.raises(PolicyError, match="not UTF-8 JSON"):
        load_weights(tmp_path / "b.npz")
    np.savez(tmp_path / "c.npz", **a, meta=np.zeros((2, 2), np.float32))
    with pytest.raises(PolicyError, match="1-d uint8"):
        load_weights(tmp_path / "c.npz")


def test_a_truncated_or_corrupted_file(tmp_path, good):
    p = tmp_path / "w.npz"
    save_weights(good, p)
    raw = p.read_bytes()
    (tmp_path / "t.npz").write_bytes(raw[: len(raw) // 2])
    with pytest.raises(PolicyError, match="corrupted or truncated"):
        load_weights(tmp_path / "t.npz")
    (tmp_path / "r.npz").write_bytes(os.urandom(2000))
    with pytest.raises(PolicyError, match="r.npz: not a policy weights file"):
        load_weights(tmp_path / "r.npz")
    flipped = bytearray(raw)
    for i in range(200, len(flipped) - 200, 97):   # damage the compressed arrays, keep the zip's directory
        flipped[i] ^= 0xFF
    (tmp_path / "f.npz").write_bytes(bytes(flipped))
    with pytest.raises(PolicyError):
        load_weights(tmp_path / "f.npz")
    with pytest.raises(PolicyError, match="cannot read"):
        load_weights(tmp_path / "missing.npz")


class _Trap:
    def __reduce__(self):
        return (os.mkdir, (_Trap.target,))


def test_loading_never_runs_code_from_the_file(tmp_path, good):
    _Trap.target = str(tmp_path / "ran")
    a, m = arrays_meta(good)
    buf = io.BytesIO()
    np.save(buf, np.array([_Trap()], dtype=object), allow_pickle=True)
    p = tmp_path / "pickled.npz"
    write(p, a, m)
    with zipfile.ZipFile(p, "a") as z:
        z.writestr("wv2.npy", buf.getvalue())
    with pytest.raises(PolicyError):
        load_weights(p)
    assert not os.path.exists(_Trap.target)


def test_save_refuses_another_dtype_and_an_unwritable_path(tmp_path, good):
    with pytest.raises(PolicyError, match="dtype"):
        save_weights(good, tmp_path / "x.npz", dtype="int8")
    with pytest.raises(PolicyError, match="cannot write"):
        save_weights(good, tmp_path / "no" / "such" / "x.npz")
