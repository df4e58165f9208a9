#!/usr/bin/env python3
"""Instructions spent extracting N abstracts, counted by cachegrind: a speed figure the machine's load cannot move.

    python bench/icount.py                    # 300 abstracts of the 1,000 sample, minus a run that extracts none
    python bench/icount.py --tree /tmp/other  # another checkout's code (e.g. a `git archive` of main)
    python bench/icount.py --repeat 2 --keep /tmp/cg   # two pairs; keep cachegrind's files for cg_annotate
    python bench/icount.py --run 300          # the workload alone (what valgrind runs)

Wall clock and even CPU time swing by ±20% on a shared machine (other processes evict the caches and
steal cycles), more than most changes; the number of instructions executed (``valgrind --tool=cachegrind
--cache-sim=no``) is close to deterministic once the runs pin what moves it most (one OpenBLAS thread,
PYTHONHASHSEED=0): without those, runs of the same code differ by 60-100 M in ~4,600 M. The figure is the run
that extracts N abstracts minus the run that extracts none (imports, pipeline load, reading the corpus), so only the extraction is counted.

The tree's ``kg`` is byte-compiled first (``compileall``): with ``PYTHONDONTWRITEBYTECODE`` set, a module
whose ``.pyc`` is stale would be compiled again in every run, and a lazy import would count the compiler.
Needs ``valgrind`` on the PATH; a run of 300 takes a few minutes.
"""
from __future__ import annotations

import argparse
import compileall
import itertools
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "corpora" / "sample_1000_ml_2024_2025.jsonl"
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def workload(n: int, corpus: Path) -> None:
    """Load the pipeline, read the corpus, extract its first ``n`` abstracts (``n`` = 0: none)."""
    from kg.extract import Extractor
    from kg.ingest import IngestReport, read_papers

    extractor = Extractor()
    papers = list(itertools.islice(read_papers(corpus, IngestReport()), n))
    for _record in extractor.pipe(papers):
        pass


def count(tree: Path, n: int, corpus: Path, out_file: Path) -> int:
    """Instructions of one cachegrind run of :func:`workload` with the code of ``tree``."""
    # one BLAS thread (spinning OpenBLAS threads run a varying number of instructions) and a fixed string hash
    # seed (set and dict layouts change the work): without these, runs of one tree differ by 60-100 M
    env = dict(os.environ, PYTHONPATH=str(tree), OPENBLAS_NUM_THREADS="1", PYTHONHASHSEED="0")
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out_file}",
           sys.executable, str(Path(__file__).resolve()), "--run", str(n), "--corpus", str(corpus)]
    done = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True)
    refs = _REFS.search(done.stderr)
    if done.returncode != 0 or refs is None:
        sys.exit(f"error: valgrind run of {n} abstracts failed (rc {done.returncode}): {done.stderr.strip()[-400:]}")
    return int(refs.group(1).replace(",", ""))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=300, help="abstracts to extract (default 300)")
    ap.add_argument("--corpus", type=Path, default=DEFAULT)
    ap.add_argument("--tree", type=Path, default=REPO, help="checkout whose kg package is measured")
    ap.add_argument("--repeat", type=int, default=1, help="pairs of runs (N and none)")
    ap.add_argument("--keep", type=Path, help="directory for cachegrind's output files (for cg_annotate)")
    ap.add_argument("--run", type=int, metavar="N", help=argparse.SUPPRESS)  # the workload, run under valgrind
    args = ap.parse_args()
    if not args.corpus.exists():
        sys.exit(f"error: {args.corpus}: no such file")
    if args.run is not None:
        workload(args.run, args.corpus)
        return 0
    if shutil.which("valgrind") is None:
        sys.exit("error: valgrind not found (apt-get install valgrind)")
    tree = args.tree.resolve()
    if not (tree / "kg").is_dir():
        sys.exit(f"error: {tree}: no kg package there")
    compileall.compile_dir(tree / "kg", quiet=1)
    keep = args.keep or Path(tempfile.mkdtemp(prefix="kg-icount-"))
    keep.mkdir(parents=True, exist_ok=True)
    deltas = []
    for i in range(args.repeat):
        full = count(tree, args.n, args.corpus, keep / f"cg.{i}.{args.n}.out")
        base = count(tree, 0, args.corpus, keep / f"cg.{i}.0.out")
        deltas.append(full - base)
        print(f"{args.n} abstracts {full:,} - none {base:,} = {full - base:,} instructions "
              f"({(full - base) / args.n / 1e6:.2f} M per abstract)", flush=True)
    if args.repeat > 1:
        print(f"min {min(deltas):,}  median {statistics.median(deltas):,.0f}  max {max(deltas):,}")
    print(f"tree {tree}; cachegrind files in {keep}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
