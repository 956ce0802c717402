"""Tables are built once, under a lock, however many threads ask at once.

Each check runs in a fresh interpreter (the tables of this one are long built): eight
threads wait at a barrier, then all make their first core call together; every answer
must be right and each table family must have been built exactly once
(``wuhanmj.core.tables.build_counts``).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from wuhanmj.core import is_complete, is_complete_batch, shanten, shanten_batch, waits, wuhan_routes
from wuhanmj.tiles import tile_counts

HANDS14 = ["123m456p789s22m555s", "123m456p789s22m556s", "11122233344455m", "1112345678999m5m",
           "19m19p19s1234567z5m", "234m456p789p777s55s"]
HANDS13 = ["123m456p789s22m55s", "1112345678999m", "234m456p789p777s5s", "19m19p19s1234567z"]

CHILD = textwrap.dedent(
    """
    import json, sys, threading
    sys.setswitchinterval(1e-6)          # switch threads as often as possible
    import numpy as np
    from wuhanmj.core import (is_complete, is_complete_batch, shanten, shanten_batch, waits,
                              wuhan_routes)
    from wuhanmj.core.tables import build_counts
    from wuhanmj.tiles import tile_counts

    h14, h13 = json.loads(sys.argv[1]), json.loads(sys.argv[2])
    before = build_counts()
    barrier = threading.Barrier(8)
    results = [None] * 8

    def work(i):
        barrier.wait()
        kind = i % 4
        if kind == 0:
            out = [is_complete(tile_counts(h)) for h in h14] + [waits(tile_counts(h)) for h in h13]
        elif kind == 1:
            out = [shanten(tile_counts(h)) for h in h14 + h13]
        elif kind == 2:
            out = [list(wuhan_routes(tile_counts(h), 5, (3, 4))) for h in h14 + h13]
        else:
            arr = np.array([tile_counts(h) for h in h14], np.uint8)
            out = is_complete_batch(arr).tolist() + shanten_batch(arr).tolist()
        results[i] = out

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(json.dumps({"before": before, "after": build_counts(), "results": results}))
    """
)


def expected(kind: int) -> list:
    if kind == 0:
        return [is_complete(tile_counts(h)) for h in HANDS14] + [waits(tile_counts(h)) for h in HANDS13]
    if kind == 1:
        return [shanten(tile_counts(h)) for h in HANDS14 + HANDS13]
    if kind == 2:
        return [list(wuhan_routes(tile_counts(h), 5, (3, 4))) for h in HANDS14 + HANDS13]
    import numpy as np

    arr = np.array([tile_counts(h) for h in HANDS14], np.uint8)
    return is_complete_batch(arr).tolist() + shanten_batch(arr).tolist()


@pytest.mark.parametrize("run", range(3))
def test_tables_built_once_when_eight_threads_ask_at_once(run):
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(HANDS14), json.dumps(HANDS13)],
        capture_output=True, text=True, timeout=300, check=True,
    )
    got = json.loads(proc.stdout)
    assert got["before"] == {"hu": 0, "shanten": 0, "segments": 0, "effective": 0}
    # 痞子 3 and 4 (4m, 5m) split 万 into two runs: positions 0-2 and 5-8
    assert got["after"] == {"hu": 1, "shanten": 1, "segments": 2, "effective": 0}  # no discard search
    for i, out in enumerate(got["results"]):
        assert out == expected(i % 4), i
