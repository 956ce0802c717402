"""The layout of the shape core: ``wuhanmj._core`` (the compiled face: the Python-level
calls, one home each) re-exported by ``wuhanmj.core`` and the package with the rest of the
old core's API, stubs that name every public function, ``get_include``, and a 痞子 case
the old spec could not hold."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import wuhanmj
from reference.shanten_ref import ROUTES, wuhan_routes_ref
from wuhanmj import core
from wuhanmj.tiles import tile_counts

OLD_CORE_ALL = [
    "SUIT_PATTERNS", "HONOR_PATTERNS", "min_wilds", "is_complete", "waits", "min_wilds_batch",
    "is_complete_batch", "waits_batch", "suit_table", "honor_table", "suit_patterns", "suit_key",
    "shanten", "shanten_batch", "shanten_tables", "wuhan_routes", "wuhan_draws", "wuhan_discards",
    "wuhan_best_discard", "ROUTE_NAMES",
]
CORE = Path(core.__file__).resolve().parent
MODULES = ("tables", "shape", "shanten", "routes")


def test_core_reexports_every_name_of_the_old_core():
    for name in OLD_CORE_ALL:
        assert name in core.__all__ and hasattr(core, name), name
    assert wuhanmj.get_include() == core.get_include()


FACE = ("min_wilds", "is_complete", "waits", "min_wilds_batch", "is_complete_batch", "waits_batch",
        "shanten", "shanten_batch")


def test_the_shape_cores_calls_have_one_home_in_wuhanmj_core_extension():
    from wuhanmj import _core

    assert sorted(_core.__all__) == sorted(FACE)
    for name in FACE:
        fn = getattr(_core, name)
        assert fn.__module__ == "wuhanmj._core", name
        assert getattr(core, name) is fn and getattr(wuhanmj, name) is fn, name
        for module in ("shape", "shanten"):    # the kernels' modules hold no copy
            assert not hasattr(importlib.import_module(f"wuhanmj.core.{module}"), name), (module, name)
    assert set(FACE) <= _stub_names("../_core")


def test_importing_the_compiled_face_first_works():
    import subprocess
    import sys

    code = "import wuhanmj._core as c, wuhanmj; assert wuhanmj.shanten is c.shanten; print(c.waits([0] * 34, 1, pair=\"any\"))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == str(list(range(34))), run.stderr


def _stub_names(module: str) -> set[str]:
    tree = ast.parse((CORE / f"{module}.pyi").read_text(encoding="utf-8"))
    names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    names |= {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
    return names


@pytest.mark.parametrize("module", MODULES)
def test_each_stub_declares_every_public_name_of_its_module(module):
    mod = importlib.import_module(f"wuhanmj.core.{module}")   # core.shanten is the function
    assert set(mod.__all__) <= _stub_names(module), set(mod.__all__) - _stub_names(module)


def test_get_include_is_the_folder_of_the_package():
    root = Path(wuhanmj.get_include())
    assert (root / "wuhanmj" / "__init__.py").is_file()
    for name in ("defs", "checks", *MODULES):
        assert (root / "wuhanmj" / "core" / f"{name}.pxd").is_file(), name


@pytest.mark.parametrize("pizi", [(2, 5), (11, 14), (20, 23)])
def test_r3_two_pizi_apart_in_one_suit_split_it_in_three_runs(pizi):
    # 3 and 6 of a suit as 痞子 (the API takes any two kinds; R3 makes them neighbours)
    # leave runs 1-2, 4-5 and 7-9: the spec holds three segments per suit (it held two)
    for text in ("1245789m11p234s55s", "12m45m789m123p555s", "1457m2589p33s567z",
                 "12m45m78m12p45p78p5s", "1245789s1245789p"):
        c = tile_counts(text)
        ref = wuhan_routes_ref(c, 30, pizi)
        assert core.wuhan_routes(c, 30, pizi) == tuple(ref[name] for name in ROUTES), (text, pizi)
