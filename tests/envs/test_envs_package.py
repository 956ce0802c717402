"""The rl extra: ``import wuhanmj`` never needs it, ``wuhanmj.envs`` says how to
get it, the Gymnasium id is registered on import, and pyproject declares it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


def test_import_wuhanmj_imports_neither_pettingzoo_nor_gymnasium():
    r = _run("import sys, wuhanmj, wuhanmj.game, wuhanmj.sim, wuhanmj.cli; "
             "print(any(m.startswith(('pettingzoo', 'gymnasium', 'wuhanmj.envs')) for m in sys.modules))")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "False"


def test_a_missing_extra_names_the_install_command():
    r = _run("import sys; sys.modules['pettingzoo'] = None\n"
             "try:\n    import wuhanmj.envs\nexcept ImportError as e:\n    print(e)\n")
    assert r.returncode == 0, r.stderr
    assert 'pip install "wuhanmj[rl]"' in r.stdout


def test_importing_wuhanmj_envs_registers_the_gymnasium_id():
    pytest.importorskip("pettingzoo")
    gymnasium = pytest.importorskip("gymnasium")
    import wuhanmj.envs

    assert "wuhanmj/WuhanMahjong-v0" in gymnasium.registry
    assert wuhanmj.envs.ENV_ID == "wuhanmj/WuhanMahjong-v0"
    assert callable(wuhanmj.envs.wuhan_mahjong_v0.env) and callable(wuhanmj.envs.wuhan_mahjong_v0.raw_env)


def test_pyproject_declares_the_rl_extra_and_the_tests_install_it():
    text = (ROOT / "pyproject.toml").read_text()
    rl = text.split("\nrl = [", 1)[1].split("]", 1)[0]
    assert '"pettingzoo>=1.27"' in rl and '"gymnasium>=1.4"' in rl
    test = text.split("\ntest = [", 1)[1].split("\n]", 1)[0]
    assert '"wuhanmj[rl]"' in test


def test_nothing_in_the_package_imports_the_envs():
    """The envs sit after sim/ in the data flow: no other module imports them but the
    policy's training (wuhanmj.learn), which sits after them."""
    import re

    src = ROOT / "src" / "wuhanmj"
    pattern = re.compile(r"^\s*(from|import)\s+(wuhanmj\.envs|\.+envs)\b", re.M)
    for f in src.rglob("*.py"):
        if "envs" in f.relative_to(src).parts or f.relative_to(src).parts[0] == "learn":
            continue
        assert not pattern.search(f.read_text(encoding="utf-8")), f
