"""Build the Cython extension ``wuhanmj._core``.

Compiler directives live here, in one place (STYLE: numpy.random / cytoolz).
"""
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

extensions = [
    Extension(
        "wuhanmj._core",
        ["src/wuhanmj/_core.pyx"],
        include_dirs=[numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=["-O3"],
    )
]

setup(ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES))
