# cython: language_level=3
"""Matches of hands played natively, results as arrays (issue 11, point 4). STUB."""


def run_matches(*args, **kwargs):
    raise NotImplementedError("native batch: to be written")
