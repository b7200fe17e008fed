"""Speed of the bulk engine and the log readers, as ratios measured in the same run
(``make bench``; issue 9).

1. ``settle_arrays`` on 10,000,000 four-player games (int32, in memory): games a
   second under tenhou, mleague (split ties), jpml (floating uma) and half-even
   rounding, by the fused Numba kernel on one thread and on every core, and by the
   NumPy columns, and the time over ``numpy.copy`` of the same points (one core, timed
   in turn with the kernel; goal ≤ 10×, issue 20), in wall time and, for one thread, in
   CPU time (which the machine's other work does not lengthen).
2. End to end: a Parquet file of final points (1 GB by default; ``BENCH_GB``) settled
   to Parquet by ``seisan bulk settle``: seconds and the peak memory of the process
   (bounded by the batch size, not the file).
3. Dask: the same settlement of a multi-file dataset on a LocalCluster of 2 workers
   over 1 worker.
4. Log import: hands a second, read and checked, for mjlog XML and tenhou.net/6 JSON,
   mjai (each win scored from its tiles) and Mahjong Soul's games.
"""

from __future__ import annotations

import os
import resource
import subprocess
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import dask.dataframe as dd
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
from bench import BIN, best  # the same timing as make bench's first part
from distributed import Client, LocalCluster

from seisan import bulk, find_preset
from seisan.bulk import settle_arrays
from seisan.bulk.dask import settle_dataframe
from seisan.logs import check, majsoul, mjai, tenhou
from seisan.rounding import Rounding

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "tenhou"


def points(count: int, start: int = 25000, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Four-player final points that add up (a third in thousands: many ties)."""
    rng = np.random.default_rng(seed)
    sticks = rng.integers(0, 3, count, dtype=np.int32)
    step = np.where(rng.random(count) < 0.3, 1000, 100).astype(np.int32)[:, None]
    head = (rng.integers(-40, 600, (count, 3), dtype=np.int32) * 100 // step) * step
    last = start * 4 - sticks * 1000 - head.sum(axis=1, dtype=np.int32)
    return np.concatenate([head, last[:, None]], axis=1).astype(np.int32), sticks


def bench_arrays(count: int = 10_000_000, rounds: int = 5) -> None:
    data, sticks = points(count)
    jpml_data, jpml_sticks = points(count, 30000, seed=2)
    print(f"bulk settle of {count:,} games; numpy.copy of the same points (one core) timed in "
          f"turn with the kernel, the best of {rounds} each (wall time; CPU time of the one "
          f"thread beside it, which other processes on the machine do not lengthen)")  # fmt: skip
    cases = [
        ("tenhou", find_preset("tenhou"), data, sticks),
        ("mleague (split ties)", find_preset("mleague"), data, sticks),
        ("jpml (floating uma)", find_preset("jpml"), jpml_data, jpml_sticks),
        ("half-even rounding", replace(find_preset("tenhou"), rounding=Rounding.HALF_EVEN),
         data, sticks),
    ]  # fmt: skip
    cores = bulk.cores()
    for name, rules, values, deposits in cases:
        # compiled first (the kernel's loop is made for each seat count, unit and way of
        # rounding); then the copy and the kernel in turn, so that a busy moment of the
        # machine falls on both
        settle_arrays(values[:10], rules, deposits[:10], engine="numba")
        runs = {
            "copy": lambda v=values: np.copy(v),
            "one": lambda r=rules, v=values, d=deposits: settle_arrays(
                v, r, d, engine="numba", threads=1),
            "all": lambda r=rules, v=values, d=deposits: settle_arrays(
                v, r, d, engine="numba", threads=cores),
        }  # fmt: skip
        wall: dict[str, list[float]] = {label: [] for label in runs}
        cpu: dict[str, list[float]] = {label: [] for label in runs}
        for _ in range(rounds):
            for label, run in runs.items():
                start, used = time.perf_counter(), time.thread_time()
                run()
                wall[label].append(time.perf_counter() - start)
                cpu[label].append(time.thread_time() - used)
        took = {label: min(times) for label, times in wall.items()}
        copy, cpu_one = took["copy"], min(cpu["one"]) / min(cpu["copy"])
        took["numpy"] = best(lambda r=rules, v=values, d=deposits: settle_arrays(
            v, r, d, engine="numpy"), 2)  # fmt: skip
        print(f"  {name:<22} fused kernel, one thread {count / took['one'] / 1e6:5.1f} M games/s, "
              f"{took['one'] / copy:4.1f}× the copy (CPU time {cpu_one:4.1f}×); on {cores} cores "
              f"{count / took['all'] / 1e6:5.1f} M games/s, {took['all'] / copy:4.1f}×; "
              f"NumPy columns {count / took['numpy'] / 1e6:5.1f} M games/s, "
              f"{took['numpy'] / copy:4.0f}× (the copy {copy * 1000:.0f} ms; goal ≤ 10×, "
              f"issue 20)")  # fmt: skip


# The command's own peak (VmHWM of its process): a child's ru_maxrss would count the
# pages of this big parent at the fork.
_PEAK = """
import atexit, sys
def peak(path=sys.argv[1]):
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            open(path, "w").write(line.split()[1])
atexit.register(peak)
sys.argv = ["seisan", *sys.argv[2:]]
from seisan.cli import main
main()
"""


def bench_file(gigabytes: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "games.parquet"
        wanted = int(gigabytes * 1e9 / 20)  # int32 × 4 points + int32 sticks, uncompressed
        writer = None
        rows = 0
        chunk = 4_000_000
        while rows < wanted:
            data, sticks = points(min(chunk, wanted - rows), seed=rows + 3)
            table = pa.table({f"p{i}": data[:, i] for i in range(4)} | {"deposits": sticks})
            if writer is None:
                writer = pq.ParquetWriter(source, table.schema, compression="none")
            writer.write_table(table)
            rows += len(data)
        assert writer is not None
        writer.close()
        size = source.stat().st_size
        target = Path(folder) / "settled.parquet"
        hwm = Path(folder) / "peak"
        start, used = time.perf_counter(), _children_cpu()
        subprocess.run([str(BIN / "python"), "-c", _PEAK, str(hwm), "bulk", "settle", str(source),
                        "-o", str(target), "-r", "mleague", "--batch-size", str(1 << 18)],
                       check=True, stderr=subprocess.DEVNULL)  # fmt: skip
        took, took_cpu = time.perf_counter() - start, _children_cpu() - used
        peak = int(hwm.read_text()) / 1024
        bare = Path(folder) / "bare.parquet"
        start, used = time.perf_counter(), _children_cpu()
        subprocess.run([str(BIN / "python"), "-c", _BARE, str(source), str(target), str(bare)],
                       check=True)  # fmt: skip
        io_only, io_cpu = time.perf_counter() - start, _children_cpu() - used
        print(f"end to end: {rows:,} games ({rows * 20 / 1e9:.1f} GB of int32 points and sticks; "
              f"{size / 1e9:.2f} GB as Parquet) settled to Parquet in "
              f"{took:.1f} s ({rows / took / 1e6:.1f} M games/s); peak memory {peak:.0f} MB "
              f"(batches of 262,144 rows); {took / io_only:.1f}× the same reads and writes "
              f"with nothing settled ({io_only:.1f} s; in CPU time {took_cpu / io_cpu:.1f}×, "
              f"{took_cpu:.1f} s against {io_cpu:.1f} s; goal ≤ 2×, issue 20)")  # fmt: skip


def _children_cpu() -> float:
    """The CPU time (user and system, every thread) of the finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# The bare I/O of a settlement: the same file read in the same batches, and a file of
# the settled file's columns written (the places and scores of the first batch
# settled, written again for every batch): no settling, no checks, no arrays made.
_BARE = """
import sys
import pyarrow as pa
import pyarrow.parquet as pq
from seisan.bulk.io import DEFAULT_BATCH, PARQUET_READ
source, settled, target = sys.argv[1:]
extra = pq.ParquetFile(settled).read_row_group(0)
extra = extra.select([n for n in extra.schema.names if n.startswith(("place", "score"))])
writer = None
for batch in pq.ParquetFile(source, **PARQUET_READ).iter_batches(batch_size=DEFAULT_BATCH):
    rows = batch.num_rows
    columns = [*batch.columns, *(c.slice(0, rows).combine_chunks() for c in extra.columns)]
    out = pa.RecordBatch.from_arrays(columns, names=[*batch.schema.names, *extra.schema.names])
    if writer is None:
        writer = pq.ParquetWriter(target, out.schema)
    writer.write_batch(out)
writer.close()
"""


def bench_dask(count: int = 4_000_000) -> None:
    rules = find_preset("mleague")
    with tempfile.TemporaryDirectory() as folder:
        for part in range(8):
            data, sticks = points(count // 8, seed=part)
            table = pa.table({f"p{i}": data[:, i] for i in range(4)} | {"deposits": sticks})
            pq.write_table(table, f"{folder}/part-{part}.parquet")
        timings = {}
        for workers in (1, 2):
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster):  # fmt: skip
                frame = dd.read_parquet(folder)
                start = time.perf_counter()
                settle_dataframe(frame, rules)[["score_0"]].sum().compute()
                timings[workers] = time.perf_counter() - start
    print(f"dask: {count:,} games in 8 files: 1 worker {timings[1]:.2f} s, 2 workers "
          f"{timings[2]:.2f} s ({timings[1] / timings[2]:.2f}× faster)")  # fmt: skip


def bench_logs() -> None:
    for suffix, name in ((".mjlog", "mjlog XML"), (".json", "tenhou.net/6 JSON")):
        files = sorted(p for p in DATA.glob("20*" + suffix) if "-10011-" not in p.name)
        texts = [(p, p.read_text(encoding="utf-8")) for p in files]
        hands = sum(len(tenhou.parse_any(t, game_id=p.name).record.hands) for p, t in texts)

        def run(texts=texts) -> None:  # type: ignore[no-untyped-def]
            for path, text in texts:
                tenhou.check(tenhou.parse_any(text, game_id=path.name))

        took = best(run, 3)
        print(f"log import, {name}: {hands / took:,.0f} hands/s read and checked "
              f"({len(files)} games, {hands} hands)")  # fmt: skip
    # mjai: every win scored from its tiles (the log gives points only)
    tests = DATA.parent
    for reader, folder, name in ((mjai, "mjai", "mjai JSON lines"),
                                 (majsoul, "majsoul", "Mahjong Soul (tenhou.net/6)")):  # fmt: skip
        # whole games only: the excerpts (a few hands cut from a game, whose end the reader
        # rightly refuses as a game) are read hand by hand by tests/test_mjai.py
        paths = sorted(p for p in (tests / folder).iterdir()
                       if p.suffix in (".json", ".jsonl") and "_excerpt" not in p.name)  # fmt: skip
        games = [reader.load(p) for p in paths]
        count = sum(len(g.record.hands) for g in games)
        loaded = [(p, p.read_text(encoding="utf-8")) for p in paths]

        def replay(loaded=loaded, reader=reader) -> None:  # type: ignore[no-untyped-def]
            for _path, text in loaded:
                check(reader.parse(text))

        took = best(replay, 3)
        print(f"log import, {name}: {count / took:,.0f} hands/s read and checked "
              f"({len(paths)} games, {count} hands)")  # fmt: skip


if __name__ == "__main__":
    bench_arrays(int(os.environ.get("BENCH_GAMES", "10000000")))
    bench_file(float(os.environ.get("BENCH_GB", "1")))
    bench_dask()
    bench_logs()
