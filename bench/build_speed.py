"""Extraction and build speed on a corpus (default: the shared 1,000-abstract sample).

    python bench/build_speed.py [CORPUS.jsonl] [--jobs 1 2]

Prints abstracts per second for extraction alone (one process, CPU time and wall
time) and for whole `kg build` runs (wall time) with each --jobs value. Results go
in docs/BENCHMARKS.md by hand, with the machine's load noted.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "corpora" / "sample_1000_ml_2024_2025.jsonl"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--jobs", type=int, nargs="*", default=[1, 2])
    args = ap.parse_args()
    if not args.corpus.exists():
        sys.exit(f"error: {args.corpus}: no such file")

    from kg.extract import Extractor
    from kg.ingest import IngestReport, read_papers

    t0 = time.perf_counter()
    extractor = Extractor()
    load = time.perf_counter() - t0
    papers = list(read_papers(args.corpus, IngestReport()))
    wall0, cpu0 = time.perf_counter(), time.process_time()
    n = sum(1 for _ in extractor.pipe(papers))
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    print(f"corpus {args.corpus.name}: {n} abstracts; cpus {os.cpu_count()}; load avg {os.getloadavg()[0]:.2f}")
    print(f"pipeline load          {load:.2f} s")
    print(f"extraction, 1 process  {n / cpu:.0f} abstracts/s (CPU time {cpu:.2f} s), {n / wall:.0f}/s wall")
    kg = Path(sys.executable).with_name("kg")
    for jobs in args.jobs:
        with tempfile.TemporaryDirectory() as out:
            t0 = time.perf_counter()
            subprocess.run([str(kg), "build", str(args.corpus), "--out", out, "-q", "--jobs", str(jobs)], check=True)
            took = time.perf_counter() - t0
        print(f"kg build --jobs {jobs}      {took:.1f} s wall = {n / took:.0f} abstracts/s (all exports + store)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
