"""Start-up: ``import wuhanmj`` loads tiles, errors and the shape core only (the rest of the
public API on first use; no table is built), the command loads only the subcommand it runs,
and the drawings still appear without importing :mod:`wuhanmj.render` by hand. Each check is one fresh interpreter
(``sys.modules`` of a clean start); speed itself is measured in ``bench/README.md``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# modules a bare ``import wuhanmj`` must not load: they cost start-up time and only some
# programs need them (drawings, worker pools, plots, the web table, the engines)
HEAVY = (
    "matplotlib", "multiprocessing", "concurrent.futures", "starlette", "uvicorn", "dask", "scipy",
    "pandas", "gymnasium", "pettingzoo", "numpy.ma", "wuhanmj.render", "wuhanmj.sim", "wuhanmj.game",
    "wuhanmj.native", "wuhanmj.agents", "wuhanmj.scoring", "wuhanmj.hand", "wuhanmj.web", "wuhanmj.play",
    "wuhanmj.envs", "wuhanmj.cli",
)


def _loaded(code: str) -> dict:
    """Run ``code`` in a fresh interpreter; it ends by printing a JSON value."""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def _heavy_in_modules() -> str:
    return (f"import json, sys; print(json.dumps(sorted(m for m in sys.modules"
            f" if m in {HEAVY!r} or m.startswith({tuple(h + '.' for h in HEAVY)!r}))))")


def test_import_wuhanmj_loads_no_heavy_module():
    assert _loaded("import wuhanmj\n" + _heavy_in_modules()) == []


def test_import_wuhanmj_builds_no_table():
    """The hu, shanten, segment and effective-draw tables are built on first use (core.tables),
    not on import."""
    got = _loaded("import json, wuhanmj, wuhanmj.core.tables as t; print(json.dumps(t.build_counts()))")
    assert got == {"hu": 0, "shanten": 0, "segments": 0, "effective": 0}


def test_the_public_names_load_on_first_use_and_are_the_owning_modules_objects():
    got = _loaded(
        "import importlib, json, sys, wuhanmj\n"
        "before = 'wuhanmj.game.engine' in sys.modules\n"
        "game = wuhanmj.Game\n"
        "from wuhanmj.game.engine import Game\n"
        "same = all(getattr(wuhanmj, n) is not None for n in wuhanmj.__all__)\n"
        "spec = wuhanmj._LAZY\n"
        "owners = all(getattr(importlib.import_module('wuhanmj.' + m), a) is getattr(wuhanmj, n)"
        " for n, (m, a) in spec.items())\n"
        "print(json.dumps([before, game is Game, same, owners, sorted(set(wuhanmj.__all__) - set(dir(wuhanmj))),"
        " wuhanmj.decode_action is importlib.import_module('wuhanmj.game.actions').decode,"
        " type(wuhanmj.render).__name__]))"
    )
    assert got == [False, True, True, True, [], True, "module"]


def test_an_unknown_name_is_an_attribute_error():
    import wuhanmj

    with pytest.raises(AttributeError, match="no_such_name"):
        wuhanmj.no_such_name  # noqa: B018
    assert not hasattr(wuhanmj, "_private_thing")


def test_the_drawings_load_on_the_first_one_asked_for():
    """R2, R3 drawn: ``_repr_svg_`` finds the renderer though nobody imported wuhanmj.render."""
    got = _loaded(
        "import json, sys, wuhanmj\n"
        "g = wuhanmj.Game('kaikou', seed=1)\n"
        "before = 'wuhanmj.render' in sys.modules\n"
        "svg = g._repr_svg_()\n"
        "print(json.dumps([before, svg.startswith('<svg'), 'wuhanmj.render' in sys.modules]))"
    )
    assert got == [False, True, True]


def test_the_command_loads_only_the_subcommand_it_runs():
    got = _loaded(
        "import json, sys\n"
        "from wuhanmj.cli import build_parser\n"
        "build_parser('simulate')\n"
        "bad = ('wuhanmj.play', 'wuhanmj.render', 'wuhanmj.scoring', 'wuhanmj.web', 'multiprocessing', 'wuhanmj.cli.replay')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m in bad or m.startswith(tuple(b + '.' for b in bad)))))"
    )
    assert got == []


@pytest.mark.parametrize(("argv", "named"), [
    (["simulate", "--hands", "3"], "simulate"),
    (["--traceback", "score", "-"], "score"),
    (["--version"], None),
    ([], None),
    (["no-such-command"], None),
])
def test_the_subcommand_named_on_the_command_line(argv, named):
    from wuhanmj.cli import _command_named

    assert _command_named(argv) == named


# what a random-only native run must not load: the greedy bot and its tables, the Python
# engine (a native run plays in C), the scoring, the worker pools, the drawings, numpy.ma
NOT_FOR_RANDOM = (
    "wuhanmj.agents.greedy", "wuhanmj.game.engine", "wuhanmj.game.moves", "wuhanmj.game.save",
    "wuhanmj.scoring.evaluate", "wuhanmj.hand.analysis", "wuhanmj.hand.waits", "wuhanmj.files.records",
    "wuhanmj.render", "wuhanmj.play", "wuhanmj.web", "multiprocessing", "concurrent.futures", "numpy.ma",
    "numpy.random", "tempfile", "csv", "matplotlib",
)


def test_a_random_only_native_run_loads_neither_the_greedy_bot_nor_the_python_engine():
    """``wuhanmj simulate --agents random`` (native engine): the hu tables are built (every
    hand checks wins, W1), the shanten tables are not (only the greedy bot reads them), and
    the modules a native run of random bots never calls stay unloaded."""
    got = _loaded(
        "import contextlib, io, json, sys\n"
        "from wuhanmj.cli import main\n"
        "from wuhanmj.running.native import native_available\n"
        "assert native_available()\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        "    code = main(['simulate', '--hands', '20', '--agents', 'random'])\n"
        "import wuhanmj.core.tables as t\n"
        f"bad = {NOT_FOR_RANDOM!r}\n"
        "loaded = sorted(m for m in sys.modules if m in bad or m.startswith(tuple(b + '.' for b in bad)))\n"
        "counts = t.build_counts()\n"
        "print(json.dumps([code, loaded, counts['hu'] > 0, counts['shanten']]))"
    )
    assert got == [0, [], True, 0]


def test_agents_base_does_not_import_the_greedy_bot_until_one_is_made():
    got = _loaded(
        "import json, sys\n"
        "from wuhanmj.agents.base import AGENTS, make_agent\n"
        "before = 'wuhanmj.agents.greedy' in sys.modules\n"
        "r = make_agent('random')\n"
        "after_random = 'wuhanmj.agents.greedy' in sys.modules\n"
        "g = make_agent('greedy')\n"
        "from wuhanmj.agents.greedy import GreedyAgent\n"
        "from wuhanmj.agents import GreedyAgent as G2\n"
        "print(json.dumps([before, after_random, type(g) is GreedyAgent, G2 is GreedyAgent]))"
    )
    assert got == [False, False, True, True]


_BLAS_VARS = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")


def _blas_setting(argv: str, env: dict[str, str] | None = None) -> str | None:
    """OPENBLAS_NUM_THREADS after ``import wuhanmj`` in a fresh interpreter whose
    ``sys.argv`` is set by ``argv`` (Python source), the BLAS variables unset but ``env``."""
    import os

    clean = {k: v for k, v in os.environ.items() if k not in _BLAS_VARS}
    code = f"import json, os, sys\n{argv}\nimport wuhanmj\nprint(json.dumps(os.environ.get('OPENBLAS_NUM_THREADS')))"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       env={**clean, **(env or {})})
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def _script(path: str) -> str:
    return f"sys.argv[0] = {path!r}"


@pytest.mark.parametrize("script", ["/venv/bin/wuhanmj", "C:/venv/Scripts/wuhanmj.exe"])
def test_the_command_asks_openblas_for_one_thread(script):
    """Run as the ``wuhanmj`` command, the package asks numpy's OpenBLAS for one thread
    before numpy is imported (its idle threads would spin away CPU at start-up)."""
    assert _blas_setting(_script(script)) == "1"


def test_python_m_wuhanmj_asks_openblas_for_one_thread():
    """``python -m wuhanmj`` imports the package while ``sys.argv[0]`` is still ``-m``;
    ``sys.orig_argv`` names the module."""
    assert _blas_setting("sys.argv = ['-m']; sys.orig_argv = [sys.executable, '-m', 'wuhanmj']") == "1"


def test_a_library_import_keeps_the_programs_blas_settings():
    assert _blas_setting(_script("my_training_script.py")) is None
    assert _blas_setting(_script("/venv/bin/wuhanmj"), {"OMP_NUM_THREADS": "4"}) is None
    assert _blas_setting(_script("/venv/bin/wuhanmj"), {"OPENBLAS_NUM_THREADS": "2"}) == "2"
