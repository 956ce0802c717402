"""Slow, plain references the fast code is checked against, written from RULES.md only:
``shape_ref`` (hu shape, W1, W2, D8) and ``shanten_ref`` (shanten and the Wuhan routes)."""
