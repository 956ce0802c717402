"""Compile a small Cython module against the installed (or in-place) wuhanmj and import it:
for the cimport test (``tests/core/test_core_cimport.py``) and the tuned-loop reference of
``bench/bench_core.py``. The include path is ``wuhanmj.get_include()``, as a user's would be."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def build_module(name: str, source: str, folder: Path, optimize: bool = False,
                 libraries: list[str] | None = None, library_dirs: list[str] | None = None) -> ModuleType:
    """Write ``source`` to ``folder/name.pyx``, cythonize and compile it in ``folder``
    (setuptools' build_ext), and import it as ``name``.

    ``optimize``: compile with ``-O3`` like the core's own extensions (setup.py).
    ``libraries``, ``library_dirs``: extra libraries to link (e.g. numpy's ``npyrandom``
    for the native rng's oracle, ``tests/native/test_native_rng.py``).
    """
    import numpy as np
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    import wuhanmj

    folder = Path(folder)
    pyx = folder / f"{name}.pyx"
    pyx.write_text(source, encoding="utf-8")
    ext = Extension(
        name,
        [str(pyx)],
        include_dirs=[wuhanmj.get_include(), np.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=["-O3"] if optimize else [],
        libraries=libraries or [],
        library_dirs=library_dirs or [],
    )
    modules = cythonize([ext], include_path=[wuhanmj.get_include()], quiet=True,
                        build_dir=str(folder / "c"))
    cmd = Distribution({"ext_modules": modules}).get_command_obj("build_ext")
    cmd.build_lib = str(folder)
    cmd.build_temp = str(folder / "build")
    cmd.ensure_finalized()
    cmd.run()
    built = next(p for p in folder.iterdir() if p.name.startswith(name + ".") and p.suffix in (".so", ".pyd"))
    spec = importlib.util.spec_from_file_location(name, built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
