"""Build the Cython extensions of ``wuhanmj.core``: one per module of the package.

Compiler directives live here, in one place (STYLE: numpy.random / cytoolz); the ``.pxd``
files beside the ``.pyx`` are found through ``include_path`` (``src``), the same way a
user's module finds them through ``wuhanmj.get_include()``.
"""
import os

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

DIRECTIVES = {
    "language_level": 3,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
    "embedsignature": True,
}

# bottom to top: each module cimports only those before it
CORE_MODULES = ("checks", "tables", "shape", "shanten", "routes")
NATIVE_MODULES = ("rulesc", "rng", "deal", "score", "scoreapi", "hand", "fallback", "handapi", "view", "encode", "agents",
                  "batch", "records", "constants", "search", "infer", "defence", "evaluation", "expert", "lookahead", "policy")


def extension(module: str) -> Extension:
    """The extension ``wuhanmj.<module>`` built from ``src/wuhanmj/<module as a path>.pyx``."""
    return Extension(
        f"wuhanmj.{module}",
        [f"src/wuhanmj/{module.replace('.', '/')}.pyx"],
        include_dirs=[numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=["-O3"],
    )


extensions = (
    [extension(f"core.{name}") for name in CORE_MODULES]
    # the shape core's compiled face: the Python-level calls over the core's kernels
    + [extension("_core")]
    + [extension(f"native.{name}") for name in NATIVE_MODULES]
    # the native stepping of wuhanmj.envs.VectorEnv (cimports the native engine)
    + [extension("envs._vector")]
)

# Cython and the C compiler run on every core (pip's builds too): the extensions are
# independent once cythonized. WUHANMJ_BUILD_JOBS=1 builds one at a time.
jobs = int(os.environ.get("WUHANMJ_BUILD_JOBS", "0")) or os.cpu_count() or 1

setup(
    ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES, include_path=["src"], nthreads=jobs),
    options={"build_ext": {"parallel": jobs}},
)
