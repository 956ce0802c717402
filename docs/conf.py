"""Sphinx configuration of the API reference (``python -m sphinx -W -b html docs OUT``;
CONTRIBUTING.md, "The API reference"). Needs the ``docs`` extra and wuhanmj installed (or
built in place with ``PYTHONPATH=src``): autodoc imports the package."""

from __future__ import annotations

import os

import wuhanmj

# autodoc documents the compiled modules themselves (their docstrings, embedded
# signatures), not their .pyi stubs: loading a stub in place of a module that other
# extensions cimport breaks them
os.environ["SPHINX_AUTODOC_IGNORE_NATIVE_MODULE_TYPE_STUBS"] = "1"

project = "wuhanmj"
author = "the wuhanmj developers"
copyright = "2026, the wuhanmj developers"
release = wuhanmj.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "*.png"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_typehints = "description"
napoleon_google_docstring = True
napoleon_numpy_docstring = False
# the value types list their fields under "Fields:" (as napoleon's "Attributes:")
napoleon_custom_sections = [("Fields", "params_style"), ("Methods", "params_style")]

doctest_global_setup = "import wuhanmj\nfrom wuhanmj import *"

html_theme = "furo"
html_title = f"wuhanmj {release}"
