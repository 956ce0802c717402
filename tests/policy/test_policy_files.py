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
from wuhanmj.policy.weights import N_INPUTS, PolicyWeights


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
    with pytest.raises(PolicyError, match="b.npz: .meta.: not JSON: Expecting property name"):
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


def _npy(a: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, a)
    return buf.getvalue()


def test_a_single_npy_array_is_not_a_weights_file(tmp_path):
    np.save(tmp_path / "one.npy", np.zeros(3, np.float32))
    with pytest.raises(PolicyError, match="one.npy: not a policy weights file"):
        load_weights(tmp_path / "one.npy")


def test_an_entry_that_is_not_an_npy_array(tmp_path, good):
    a, m = arrays_meta(good)
    p = tmp_path / "raw.npz"
    with zipfile.ZipFile(p, "w") as z:
        for k, v in a.items():
            z.writestr(k + ".npy", _npy(v))
        z.writestr("meta", json.dumps(m).encode())     # the metadata's bytes, not an .npy
    with pytest.raises(PolicyError, match="raw.npz: entry 'meta' is not a .npy array"):
        load_weights(p)


def test_an_array_header_claiming_terabytes(tmp_path, good):
    a, m = arrays_meta(good)
    p = write(tmp_path / "huge.npz", a, m)
    head = io.BytesIO()
    np.lib.format.write_array_header_1_0(head, {"descr": "<f4", "fortran_order": False, "shape": (10**6, 10**6)})
    with zipfile.ZipFile(p, "a") as z:
        z.writestr("w9.npy", head.getvalue())
    with pytest.raises(PolicyError, match="huge.npz"):
        load_weights(p)


def test_an_entry_larger_than_any_policy_array(tmp_path, good):
    a, m = arrays_meta(good)
    p = write(tmp_path / "bomb.npz", a, m)
    with zipfile.ZipFile(p, "a", zipfile.ZIP_DEFLATED) as z:     # 80 MB of zeros, a few kB compressed
        z.writestr("w9.npy", _npy(np.zeros(20_000_000, np.float32)))
    with pytest.raises(PolicyError, match="bomb.npz: entry 'w9.npy' holds 80,000,128 bytes"):
        load_weights(p)


@pytest.mark.parametrize("text, words", [("[" * 100_000 + "]" * 100_000, "nested deeper than 64"),
                                         ('{"seed": ' + "9" * 5000 + "}", "too many digits")])
def test_metadata_json_that_json_alone_cannot_read(tmp_path, good, text, words):
    a, _ = arrays_meta(good)
    np.savez(tmp_path / "m.npz", **a, meta=np.frombuffer(text.encode(), np.uint8))
    with pytest.raises(PolicyError, match=words):
        load_weights(tmp_path / "m.npz")


def test_save_refuses_what_it_could_not_load_back_and_writes_nothing(tmp_path, good):
    a, m = arrays_meta(good)
    a["b1"] = np.full(8, 1e5, np.float32)                  # beyond float16's 65504
    big = PolicyWeights(a, m)
    with pytest.raises(PolicyError, match="'b1' has values beyond the range of float16"):
        save_weights(big, tmp_path / "big.npz")
    save_weights(big, tmp_path / "big32.npz", dtype="float32")
    assert load_weights(tmp_path / "big32.npz").arrays["b1"][0] == 1e5
    with pytest.raises(PolicyError, match="metadata cannot be written as JSON"):
        save_weights(good.replace_meta(tags={"a", "b"}), tmp_path / "np.npz")
    with pytest.raises(PolicyError, match="must be a PolicyWeights, got dict"):
        save_weights(a, tmp_path / "d.npz")  # type: ignore[arg-type]
    assert sorted(os.listdir(tmp_path)) == ["big32.npz"]


@pytest.mark.parametrize("key, value", [("encoding_version", True), ("format_version", 2.0),
                                        ("features_version", "2"), ("rules", 5), ("rules", ["kaikou", 1]),
                                        ("seed", "1"), ("seed", True), ("notes", ["x"]), ("command", None)])
def test_metadata_of_another_type_is_refused(tmp_path, good, key, value):
    a, m = arrays_meta(good)
    m[key] = value
    with pytest.raises(PolicyError, match=f"bad.npz: metadata '{key}' must be"):
        load_weights(write(tmp_path / "bad.npz", a, m))


@pytest.mark.parametrize("path", [3, 2.5, ["w.npz"]])
def test_a_path_of_another_type(path):
    with pytest.raises(PolicyError, match="must be a path"):
        load_weights(path)
    with pytest.raises(PolicyError, match="must be a path"):
        PolicyAgent(path)


def test_weights_made_in_memory_from_what_is_not_a_mapping(good):
    with pytest.raises(PolicyError, match="arrays and meta must be mappings .* got int and dict"):
        PolicyWeights(5, dict(good.meta))  # type: ignore[arg-type]
    with pytest.raises(PolicyError, match="got dict and list"):
        PolicyWeights(dict(good.arrays), [("format", "wuhanmj-policy")])  # type: ignore[arg-type]


@pytest.mark.parametrize("hidden", [(-1, 4, 4), (0, 4, 4), (4, 4), (4, 4, 5000), "8,4,4", (4.0, 4, 4)])
def test_random_weights_of_bad_hidden_sizes(hidden):
    with pytest.raises(PolicyError, match="hidden must be three ints 1-4096"):
        random_weights(hidden)  # type: ignore[arg-type]


def test_weights_cannot_change_once_checked(good):
    """Swapping an array after the checks once made the native agent read past its end
    (a segmentation fault in play): the mappings are read-only, the arrays too."""
    import copy
    import pickle

    with pytest.raises(TypeError):
        good.arrays["w1"] = np.zeros((1, 1), np.float32)  # type: ignore[index]
    with pytest.raises(TypeError):
        good.meta["hidden"] = [4096, 4096, 4096]  # type: ignore[index]
    with pytest.raises(ValueError):
        good.arrays["b1"][0] = 1.0
    assert good.hidden == (8, 4, 4) and good.arrays["w1"].shape == (N_INPUTS, 8)
    assert pickle.loads(pickle.dumps(good)) == good and copy.deepcopy(good) == good


def test_an_agent_loaded_from_a_relative_path_unpickles_in_another_folder(tmp_path, good, monkeypatch):
    import pickle

    (tmp_path / "a").mkdir()
    save_weights(good, tmp_path / "a" / "w.npz")
    monkeypatch.chdir(tmp_path / "a")
    blob = pickle.dumps(PolicyAgent("w.npz"))
    monkeypatch.chdir(tmp_path)                  # another process's folder
    assert pickle.loads(blob).weights == load_weights(tmp_path / "a" / "w.npz")


def test_what_is_not_a_regular_file_is_refused_before_it_is_read(tmp_path):
    """/dev/zero was read until memory ran out (a MemoryError); a pipe waited for a writer."""
    with pytest.raises(PolicyError, match="/dev/zero: not a weights file .*not a regular file"):
        load_weights("/dev/zero")
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(PolicyError, match="pipe: not a weights file"):
        load_weights(tmp_path / "pipe")
    with pytest.raises(PolicyError, match="not a weights file .a folder"):
        PolicyAgent(tmp_path)
