"""Build the example native agent in place: ``python setup.py build_ext --inplace`` (with
wuhanmj, Cython and setuptools installed); the .pxd files come from ``wuhanmj.get_include()``."""

from Cython.Build import cythonize
from setuptools import Extension, setup

import wuhanmj

setup(
    name="wmj-example-agent",
    ext_modules=cythonize(
        [Extension("wmj_example_agent", ["wmj_example_agent.pyx"], include_dirs=[wuhanmj.get_include()],
                   extra_compile_args=["-O3"])],
        include_path=[wuhanmj.get_include()],
        compiler_directives={"language_level": 3, "boundscheck": False, "wraparound": False},
    ),
)
