"""Which record format? The same hands in the binary format, JSON lines, gzip
JSON lines and Parquet (pyarrow, zstd; the binary rows as columns and the decisions as a
binary column): bytes a hand, and the time and memory to get hand N of a large file.

Sizes are measured on 3,000 distinct real hands (greedy, random, greedy, random; kaikou);
the time and peak memory of reading hand N in a fresh interpreter on a file of HANDS
hands built from 512 real ones (tests/helpers/million.py; Parquet: the same rows).

Run: ``PYTHONPATH=src python bench/records_formats.py [HANDS]`` (default 1,000,000;
needs pyarrow for the Parquet rows). Figures in bench/README.md.
"""

import gzip
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from helpers.million import build  # noqa: E402
from wuhanmj import simulate  # noqa: E402
from wuhanmj.files.records import ROW, RecordsReader  # noqa: E402


def child(code: str) -> tuple[float, float]:
    """Wall time [s] and peak RSS [MB] of ``python -c code`` (a fresh interpreter)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(r.stderr)
    return time.perf_counter() - t, float(r.stdout.strip()) / 1024


RSS = "import resource; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"


def _table(path: Path):
    """The rows of a binary file as a pyarrow table (the decisions a binary column)."""
    import pyarrow as pa

    with RecordsReader(path) as r:
        arr = r.rows()
        var = []
        for k in range(len(r._firsts)):  # noqa: SLF001
            rws, v, offs = r._block(k)  # noqa: SLF001
            var += [v[offs[i]:offs[i + 1]] for i in range(len(rws))]
    cols = {name: (pa.array(arr[name].tolist()) if arr[name].ndim > 1 else pa.array(arr[name])) for name in ROW.names}
    cols["decisions"] = pa.array(var, type=pa.binary())
    return pa.table(cols)


def main() -> None:
    import zlib

    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    d = Path(tempfile.mkdtemp())
    agents = "greedy,random,greedy,random"
    real, jl = d / "real.wmj", d / "real.jsonl"
    simulate(hands=3000, agents=agents, seed=9, records=real)
    simulate(hands=3000, agents=agents, seed=9, records=jl)
    text = jl.read_bytes()
    sizes = [("binary .wmj", real.stat().st_size / 3000),
             ("binary .wmj, zlib -6 of the whole file (reference)", len(zlib.compress(real.read_bytes(), 6)) / 3000),
             ("JSON lines", len(text) / 3000), ("gzip JSON lines (-6)", len(gzip.compress(text, 6)) / 3000)]
    small, big = d / "small.wmj", d / "big.wmj"
    simulate(hands=512, agents=agents, seed=9, records=small)
    t = time.perf_counter()
    build(small, big, hands)
    seeks = [("binary .wmj", time.perf_counter() - t, big.stat().st_size / hands,
              *child(f"from wuhanmj.files.records import RecordsReader\nwith RecordsReader({str(big)!r}) as r: "
                     f"r.record({hands // 2})\n{RSS}"))]
    seeks.append(("python + import wuhanmj (floor)", float("nan"), float("nan"), *child(f"import wuhanmj\n{RSS}")))
    try:
        import pyarrow.parquet as pq
    except ImportError:
        print("pyarrow not installed: no Parquet rows")
    else:
        pr = d / "real.parquet"
        pq.write_table(_table(real), pr, compression="zstd")
        sizes.append(("Parquet, zstd", pr.stat().st_size / 3000))
        pqf = d / "big.parquet"
        table = _table(big)
        t = time.perf_counter()
        pq.write_table(table, pqf, compression="zstd", row_group_size=65536)
        n = hands // 2
        seeks.append(("Parquet zstd, row groups of 65,536", time.perf_counter() - t, float("nan"),
                      *child(f"import pyarrow.parquet as pq\nf = pq.ParquetFile({str(pqf)!r})\n"
                             f"g = {n} // 65536\nrow = f.read_row_group(g).slice({n} - g * 65536, 1).to_pylist()\n{RSS}")))
    print("3,000 real hands")
    print(f"{'format':<52} {'bytes/hand':>10}")
    for name, b in sizes:
        print(f"{name:<52} {b:>10.1f}")
    print(f"\nhand N of a {hands:,}-hand file, a fresh interpreter")
    print(f"{'format':<40} {'write s':>8} {'bytes/hand':>10} {'read s':>7} {'peak MB':>8}")
    for name, w, b, s_, m in seeks:
        print(f"{name:<40} {w:>8.2f} {b:>10.1f} {s_:>7.2f} {m:>8.1f}")


if __name__ == "__main__":
    main()
