"""A binary records file of many hands, built fast from a few real ones (for the seek
test and benchmark of the binary records: a 1,000,000-hand file without playing a million hands).

The real hands of a small file are written again and again in order, each copy with its
own index (``hand``, ``match`` and ``hand_in_match`` follow the run's layout) and its CRC
recomputed: the file has the size, block layout and index of a real run of that many
hands, and every hand in it decodes and replays (it is the real hand it copies).
"""

from __future__ import annotations

import struct
import zlib

from wuhanmj.sim.records import ROW, RecordsReader, RecordsWriter, _ROW  # noqa: PLC2701 (tests only)

__all__ = ["build"]


def build(src, dst, hands: int) -> dict:
    """Write ``dst`` with ``hands`` hands copied round-robin from the records file ``src``;
    returns its header."""
    with RecordsReader(src) as r:
        header = dict(r.header)
        raws = [r.raw(n) for n in range(r.hands)]
    mh = int(header["match_hands"])
    with RecordsWriter(dst, header) as w:
        for n in range(hands):
            fields, var = raws[n % len(raws)]
            row = _ROW.pack(n, n // mh, n % mh, *fields[3:-1], 0)[:-4]
            w.add(row + struct.pack("<I", zlib.crc32(var, zlib.crc32(row))) + var)
    assert ROW.itemsize == _ROW.size
    return header
