"""docs/ladder.py, the script that regenerates docs/BOTS.md: at a tiny size its page holds
a step per preset, mode and pair of neighbours with the arena's own figures, and the
command that regenerates it; bad input is one line and exit code 2."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from wuhanmj import arena

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "ladder.py"


@pytest.fixture(scope="module")
def ladder():
    spec = importlib.util.spec_from_file_location("ladder", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_shows_the_arena_figures_and_its_command(ladder, tmp_path):
    out = tmp_path / "BOTS.md"
    assert ladder.main(["--agents", "random,greedy,expert", "--hands", "24", "--seed", "3",
                        "--presets", "koukou", "--modes", "1v3,2v2", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    d = arena(["expert", "greedy"], hands=24, mode="2v2", rules="koukou", seed=3).differences()[0]
    assert f"### koukou, 2v2: expert − greedy = **{d['mean']:+.2f}**" in text
    assert text.count("### koukou, ") == 4 and "| random | baseline |" in text
    assert "python docs/ladder.py --agents random,greedy,expert --hands 24 --seed 3" in text
    # the sections measured apart are kept as written, the learned policy's among them
    assert text.index("## The learned policy") < text.index("## The expert's evaluation")


@pytest.mark.parametrize("args, words", [(["--agents", "random,nosuch"], "unknown agent 'nosuch'"),
                                         (["--hands", "0"], "hands"), (["--agents", "greedy"], "two agents")])
def test_bad_input_is_one_line_and_exit_code_2(ladder, tmp_path, capsys, args, words):
    assert ladder.main([*args, "--presets", "kaikou", "--modes", "1v3", "--out", str(tmp_path / "x.md")]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and not (tmp_path / "x.md").exists()
