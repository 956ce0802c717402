"""Independent test references that are larger than one module (see ``moves_ref``).

The folder is ``refs`` (not ``reference``) so that it never shadows the module
``tests/reference.py`` (``import reference``).
"""
