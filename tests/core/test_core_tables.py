"""Facts about the precomputed tables of the shape core (size, determinism, layout)."""

import numpy as np

from wuhanmj import core as _core

MIB = 1 << 20


def test_hu_tables_fit_in_16_mib():
    total = _core.suit_table().nbytes + _core.honor_table().nbytes + _core.suit_patterns().nbytes
    assert total <= 16 * MIB


def test_all_tables_with_shanten_fit_in_16_mib():
    shanten = sum(a.nbytes for a in _core.shanten_tables().values())
    hu = _core.suit_table().nbytes + _core.honor_table().nbytes
    assert hu + shanten <= 16 * MIB


def test_tables_are_read_only():
    for table in (_core.suit_table(), _core.honor_table(), _core.suit_patterns()):
        assert not table.flags.writeable


def test_suit_key_is_the_row_of_suit_patterns():
    patterns = _core.suit_patterns()
    rng = np.random.default_rng(3)
    for row in rng.integers(0, len(patterns), 200):
        assert _core.suit_key(patterns[row].tolist()) == row


def test_suit_patterns_are_every_pattern_of_at_most_14_tiles_in_lexicographic_order():
    patterns = _core.suit_patterns().astype(np.int64)
    assert len(patterns) == _core.SUIT_PATTERNS == 405_350
    assert patterns.max() == 4 and patterns.sum(axis=1).max() == 14
    # strictly increasing as base-5 numbers, first digit most significant
    as_numbers = patterns @ (5 ** np.arange(8, -1, -1))
    assert np.all(np.diff(as_numbers) > 0)
