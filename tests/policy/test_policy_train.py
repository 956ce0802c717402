"""The training (wuhanmj.learn.train): the imitation samples (always: numpy and the native
engine), and a run of a few hundred gradient steps that changes the weights and writes the
weights, the curve and its log (when jax and optax, the ``train`` extra, are installed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import wuhanmj
from wuhanmj.envs.encoding import OBS_SIZE
from wuhanmj.errors import PolicyError
from wuhanmj.policy import load_weights, random_weights
from wuhanmj.learn.train import TrainConfig, collect_imitation

SRC = os.path.dirname(os.path.dirname(os.path.abspath(wuhanmj.__file__)))


def test_imitation_samples_are_the_expert_codes_on_legal_masks():
    s = collect_imitation(("koukou", "kaikou"), 600, seed=3, games=16)
    assert len(s) >= 600
    assert s.masks[np.arange(len(s)), s.labels].all()           # the label is legal
    assert (s.masks.sum(axis=1) > 1).all()                       # only decisions with a choice
    lens = np.diff(s.ptr)
    assert (lens > 0).all() and s.ptr[-1] == len(s.idx)
    # the rows hold the mask too: entries OBS_SIZE + code, value 1, one per legal code
    for i in range(0, len(s), 97):
        row = s.idx[s.ptr[i]:s.ptr[i + 1]].astype(int)
        codes = row[row >= OBS_SIZE] - OBS_SIZE
        assert sorted(codes) == np.flatnonzero(s.masks[i]).tolist()
    # a look-ahead row per legal code, the discards' tagged as discards (column 0)
    assert s.fptr[-1] == len(s.feats) == s.masks.sum()
    for i in range(0, len(s), 97):
        rows, codes = s.feats[s.fptr[i]:s.fptr[i + 1]], np.flatnonzero(s.masks[i])
        assert (rows[:, 0] == (codes < 34)).all()
    # a hand's reward is given to every decision of it: payments / 金顶, mostly small
    assert np.abs(s.returns).max() <= 3 and (s.returns != 0).any()


@pytest.mark.parametrize("bad", [{"seed": -1}, {"minutes": 0}, {"minutes": float("nan")}, {"rules": ("nope",)},
                                 {"rules": ()}])
def test_a_bad_configuration_is_a_policy_error(bad):
    with pytest.raises(PolicyError):
        TrainConfig(**bad)


@pytest.mark.parametrize("args, word", [(["--minutes", "-1"], "minutes"), (["--hidden", "8,4"], "three ints"),
                                        (["--ppo", "-2"], "--ppo")])
def test_the_command_refuses_bad_arguments_in_one_line(args, word):
    r = subprocess.run([sys.executable, "-m", "wuhanmj", "train", *args], capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.strip().startswith("wuhanmj train:") and word in r.stderr and len(r.stderr.splitlines()) == 1


@pytest.mark.parametrize("bad, words", [
    ({"hidden": (5000, 8, 8)}, "hidden must be three ints 1-4096"),
    ({"hidden": (8, 8)}, "hidden must be three ints"),
    ({"eval_walls": -1}, "eval_walls must be an int >= 0"),
    ({"rules": ("kaikou", "kaikou")}, "each once"),
    ({"minutes": 1e-6}, r"too small a budget: 0 samples and 0 gradient steps \(at least 0.00167\)"),
    ({"minutes": 0.0005}, "30 samples and 0 gradient steps"),
    ({"out": "no/such/folder/w.npz"}, "does not exist"),
    ({"out": "."}, "is a folder"),
    ({"out": "same.json", "log": "same.json"}, "are the same file"),
    ({"curve": "w.npz", "out": "w.npz"}, "are the same file"),
])
def test_a_configuration_is_refused_before_any_work(bad, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PolicyError, match=words):
        TrainConfig(**bad)


@pytest.mark.parametrize("args, word", [(["--out", "no/such/folder/w.npz"], "does not exist"),
                                        (["--out", "w.npz", "--log", "w.npz"], "same file"),
                                        (["--eval-walls", "-5"], "eval_walls"),
                                        (["--minutes", "0.000001"], "too small a budget"),
                                        (["--out", ""], "--out must name the weights file"),
                                        (["--hidden", "5000,8,8"], "--hidden must be three ints H1,H2,Z 1-4096")])
def test_the_command_refuses_bad_outputs_and_sizes_before_training(args, word, tmp_path):
    r = subprocess.run([sys.executable, "-m", "wuhanmj", "train", "--minutes", "0.05", *args], capture_output=True,
                       text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": SRC})
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip().startswith("wuhanmj train:") and word in r.stderr and len(r.stderr.splitlines()) == 1
    assert os.listdir(tmp_path) == []


def test_a_short_run_changes_the_weights_and_writes_its_files(tmp_path):
    pytest.importorskip("jax")
    pytest.importorskip("optax")
    from wuhanmj.learn.train import train

    cfg = TrainConfig(seed=2, minutes=1, rules=("koukou",), hidden=(16, 8, 8), samples_per_minute=3000,
                      bc_steps_per_minute=200, ppo_iterations_per_minute=2, games=16, batch=64, rollout=4,
                      evals=1, eval_walls=3, out=str(tmp_path / "w.npz"), curve=str(tmp_path / "c.png"),
                      log=str(tmp_path / "c.json"), command="wuhanmj train --seed 2 --minutes 1")
    lines: list[str] = []
    w = train(cfg, log=lines.append)
    start = random_weights((16, 8, 8), seed=2)
    assert not np.allclose(w.arrays["w2"], start.arrays["w2"])
    assert not np.allclose(w.arrays["wf"], start.arrays["wf"])      # the scorer learned too
    loaded = load_weights(tmp_path / "w.npz")
    assert loaded.meta["command"] == "wuhanmj train --seed 2 --minutes 1" and loaded.meta["seed"] == 2
    curve = json.loads((tmp_path / "c.json").read_text())
    phases = [p["phase"] for p in curve["points"]]
    # one point during imitation (evals=1: at step 100 of 200), its end, one PPO point at the end
    assert phases == ["imitation_step", "imitation", "final"] and curve["points"][0]["step"] == 100
    assert curve["kept"] in (1, 2)                       # not a point during imitation
    assert "koukou" in curve["points"][0]["arena"] and "reward" in curve["points"][-1]
    assert (tmp_path / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # imitation did better than chance on held-out decisions
    assert curve["points"][1]["agreement"] > 0.3
    assert any("imitation step 200/200" in x for x in lines)


def test_the_example_script_refuses_bad_arguments_in_one_line(tmp_path):
    # the repository's examples/ (beside tests/), whether wuhanmj is installed or on PYTHONPATH
    script = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "examples",
                          "train_policy.py")
    r = subprocess.run([sys.executable, script, "--minutes", "-1"], capture_output=True, text=True, cwd=tmp_path,
                       env={**os.environ, "PYTHONPATH": SRC})
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip() == "train_policy.py: minutes must be a number > 0 (at most 10000), got -1.0"


@pytest.mark.filterwarnings("ignore:No artists with labels")
def test_a_curve_that_cannot_be_written_is_a_policy_error(tmp_path):
    pytest.importorskip("matplotlib")
    from wuhanmj.learn.train import _write_curve

    (tmp_path / "gone").mkdir()
    cfg = TrainConfig(out=None, curve=str(tmp_path / "c.nope"), log=str(tmp_path / "gone" / "c.json"))
    (tmp_path / "gone").rmdir()                  # the folder removed during the run
    with pytest.raises(PolicyError, match="c.json: cannot write the curve's log"):
        _write_curve({"config": {}, "points": []}, cfg)
    with pytest.raises(PolicyError, match="c.nope: cannot write the curve's plot"):
        _write_curve({"config": {}, "points": []}, TrainConfig(out=None, log=None, curve=cfg.curve))


def test_the_command_reads_presets_in_any_case():
    import argparse

    from wuhanmj.cli import train as cli_train

    p = argparse.ArgumentParser()
    cli_train.add_arguments(p)
    cfg = cli_train.config(p.parse_args(["--rules", " KAIKOU,Koukou "]), [])
    assert cfg.rules == ("kaikou", "koukou")        # as simulate --rules reads them
