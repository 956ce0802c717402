"""Which record format (issue 13)? The same hands in the binary format, JSON lines, gzip
JSON lines and Parquet (pyarrow, zstd; the binary rows as columns and the decisions as a
binary column): bytes a hand, and the time and memory to get hand N of a large file.

Run: ``PYTHONPATH=src python bench/records_formats.py [HANDS]`` (default 1,000,000;
needs pyarrow for the Parquet rows). Figures in bench/README.md.
"""

import gzip
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from helpers.million import build  # noqa: E402
from wuhanmj import simulate  # noqa: E402
from wuhanmj.sim.records import ROW, RecordsReader  # noqa: E402


def child(code: str) -> tuple[float, float]:
    """Wall time [s] and peak RSS [MB] of ``python -c code`` (a fresh interpreter)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(r.stderr)
    return time.perf_counter() - t, float(r.stdout.strip()) / 1024


RSS = "import resource; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    d = Path(tempfile.mkdtemp())
    small = d / "small.wmj"
    simulate(hands=512, agents="greedy,random,greedy,random", seed=9, records=small)
    jl = d / "small.jsonl"
    simulate(hands=512, agents="greedy,random,greedy,random", seed=9, records=jl)
    n = hands // 2
    rows = []
    big = d / "big.wmj"
    t = time.perf_counter()
    build(small, big, hands)
    rows.append(("binary .wmj", big.stat().st_size / hands, time.perf_counter() - t,
                 *child(f"from wuhanmj.sim.records import RecordsReader\nwith RecordsReader({str(big)!r}) as r: "
                        f"r.record({n})\n{RSS}")))
    lines = jl.read_text(encoding="utf-8").splitlines()
    per_line = sum(len(x.encode()) + 1 for x in lines) / len(lines)
    gz = len(gzip.compress(("\n".join(lines) + "\n").encode(), 6)) / len(lines)
    rows.append(("JSON lines (from 512 hands)", per_line, float("nan"), float("nan"), float("nan")))
    rows.append(("gzip JSON lines (from 512 hands)", gz, float("nan"), float("nan"), float("nan")))
    try:
        import numpy as np
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        print("pyarrow not installed: no Parquet rows")
    else:
        with RecordsReader(big) as r:
            arr = r.rows()
            var = []
            for k in range(len(r._firsts)):  # noqa: SLF001
                rws, v, offs = r._block(k)  # noqa: SLF001
                var += [v[offs[i]:offs[i + 1]] for i in range(len(rws))]
        cols = {}
        for name in ROW.names:
            col = arr[name]
            cols[name] = pa.array(list(col)) if col.ndim > 1 else pa.array(col)
        cols["decisions"] = pa.array(var, type=pa.binary())
        table = pa.table(cols)
        pqf = d / "big.parquet"
        t = time.perf_counter()
        pq.write_table(table, pqf, compression="zstd", row_group_size=65536)
        wt = time.perf_counter() - t
        rows.append(("Parquet zstd, row groups of 65,536", pqf.stat().st_size / hands, wt,
                     *child(f"import pyarrow.parquet as pq\nf = pq.ParquetFile({str(pqf)!r})\n"
                            f"g = {n} // 65536\nt = f.read_row_group(g)\nrow = t.slice({n} - g * 65536, 1)"
                            f".to_pylist()\n{RSS}")))
        del np
    print(f"{hands:,} hands")
    print(f"{'format':<38} {'bytes/hand':>10} {'write s':>8} {'hand N s':>9} {'peak MB':>8}")
    for name, b, w, s, m in rows:
        print(f"{name:<38} {b:>10.1f} {w:>8.2f} {s:>9.2f} {m:>8.1f}")


if __name__ == "__main__":
    main()
