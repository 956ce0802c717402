"""Type stub for ``wuhanmj.native.records``: hand records written from a native batch."""

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

__all__: list[str]

def crc32(data: bytes | bytearray | memoryview, crc: int = 0) -> int: ...
def encode_records(
    rules: Any,
    arrays: dict[str, npt.NDArray[Any]],
    binary: bool,
    names: tuple[Sequence[str], Sequence[str], Sequence[str], Sequence[str]],
    seed_json: bytes = b"0",
    agents_json: bytes = b"[]",
    rules_json: bytes = b"{}",
    index: npt.NDArray[np.int64] | None = None,
    wall_index: npt.NDArray[np.int64] | None = None,
    seating: int = 0,
    joined: bool = False,
    block_bytes: int = ...,
    types: npt.NDArray[np.uint8] | None = None,
    skip: npt.NDArray[np.uint8] | None = None,
) -> list[Any]: ...
