"""Extraction and build speed on a corpus (default: the shared 1,000-abstract sample).

    python bench/build_speed.py [CORPUS.jsonl] [--repeat 5] [--jobs 1 2] [--no-stages]

Extraction throughput is measured as ``pyperf`` measures: ``--repeat`` runs, each in a fresh process (so each
is a cold first pass over the corpus, as ``kg build`` makes it: a second pass in the same process would hit
the tokenizer's and the components' memos), timed around ``Extractor.pipe`` only (the pipeline load and the
corpus read are timed apart). It prints the min and the median of the CPU-time throughput (abstracts per CPU
second of the extracting process; the min is the least disturbed run), the same for wall time, each run's
figure, and the 1-minute load average before and after: on a shared machine other processes take cycles and
evict caches, and the same code swings by ±20% in wall time. For a figure the load cannot move, count
instructions with ``bench/icount.py`` (cachegrind).

Then the CPU seconds of each later stage of the build (resolve, the RDF triples, each export, the SPARQL
store load), and whole ``kg build`` runs (wall time) with each --jobs value. Results go in
docs/BENCHMARKS.md by hand, with the machine's load noted.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
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
    ap.add_argument("--repeat", type=int, default=5, help="extraction runs, each in a fresh process (default 5)")
    ap.add_argument("--jobs", type=int, nargs="*", default=[1, 2], help="kg build runs (none: no build)")
    ap.add_argument("--no-stages", action="store_true", help="skip the per-stage CPU times of the build")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)  # one extraction run, JSON out
    args = ap.parse_args()
    if not args.corpus.exists():
        sys.exit(f"error: {args.corpus}: no such file")
    if args.child:
        print(json.dumps(extraction_run(args.corpus)))
        return 0
    if args.repeat < 1:
        sys.exit("error: --repeat must be at least 1")

    runs = []
    load_before = os.getloadavg()
    for _ in range(args.repeat):
        done = subprocess.run([sys.executable, str(Path(__file__).resolve()), str(args.corpus), "--child"],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            sys.exit(f"error: extraction run failed: {done.stderr.strip()[-400:]}")
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    load_after = os.getloadavg()
    n = runs[0]["n"]
    cpu = [n / r["cpu"] for r in runs]
    wall = [n / r["wall"] for r in runs]
    print(f"corpus {args.corpus.name}: {n} abstracts; cpus {os.cpu_count()}; "
          f"load avg {load_before[0]:.2f} before, {load_after[0]:.2f} after ({args.repeat} runs)")
    print(f"pipeline load          min {min(r['load'] for r in runs):.2f} s, "
          f"median {statistics.median(r['load'] for r in runs):.2f} s")
    print(f"extraction, 1 process  CPU time: min {min(r['cpu'] for r in runs):.2f} s = best {max(cpu):.0f} abstracts/s, "
          f"median {statistics.median(r['cpu'] for r in runs):.2f} s = {statistics.median(cpu):.0f}/s")
    print(f"                       wall: best {max(wall):.0f}/s, median {statistics.median(wall):.0f}/s")
    print("  each run (CPU-time abstracts/s): " + ", ".join(f"{c:.0f}" for c in cpu))
    if args.no_stages and not args.jobs:
        return 0

    from kg.extract import Extractor
    from kg.ingest import IngestReport, read_papers

    extractions = list(Extractor().pipe(list(read_papers(args.corpus, IngestReport()))))
    if not args.no_stages:
        for stage, seconds in export_stages(extractions):
            print(f"  {stage:20s} {seconds:5.2f} s CPU")
    kg = Path(sys.executable).with_name("kg")
    for jobs in args.jobs:
        with tempfile.TemporaryDirectory() as out:
            t0 = time.perf_counter()
            subprocess.run([str(kg), "build", str(args.corpus), "--out", out, "-q", "--no-cache", "--jobs", str(jobs)], check=True)
            took = time.perf_counter() - t0
        print(f"kg build --jobs {jobs}      {took:.1f} s wall = {n / took:.0f} abstracts/s (all exports + store)")
    return 0


def extraction_run(corpus: Path) -> dict[str, float]:
    """One cold extraction of the corpus in this process: pipeline load, then ``Extractor.pipe`` timed alone."""
    from kg.extract import Extractor
    from kg.ingest import IngestReport, read_papers

    t0 = time.perf_counter()
    extractor = Extractor()
    load = time.perf_counter() - t0
    papers = list(read_papers(corpus, IngestReport()))
    wall0, cpu0 = time.perf_counter(), time.process_time()
    n = sum(1 for _record in extractor.pipe(papers))
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return {"n": n, "load": load, "cpu": cpu, "wall": wall}


def export_stages(extractions: list) -> list[tuple[str, float]]:
    """CPU seconds of each stage after extraction, run one after the other in this process.

    The cyclic garbage collector is paused, as ``kg build`` pauses it to resolve and export;
    the RDF exports are streamed into files and the store loads from them, as in the build.
    The store load runs in Oxigraph's own threads, so it counts the whole process's CPU time.
    """
    from kg.export.graphml import write_graphml
    from kg.export.html import render_html
    from kg.export.rdf import rdf_triples, write_jsonld, write_ntriples, write_turtle
    from kg.export.nquads import write_nquads
    from kg.resolve import resolve
    from kg.sparql.store import build_store
    from kg.rdf.concepts import load_vocabulary

    out: list[tuple[str, float]] = []

    def timed(stage: str, fn, *args):
        cpu0 = time.process_time()
        result = fn(*args)
        out.append((stage, time.process_time() - cpu0))
        return result

    def written(path: Path, write, *args) -> Path:
        with path.open("w", encoding="utf-8", newline="\n") as fh:
            write(*args, fh)
        return path

    gc.disable()
    try:
        graph = timed("resolve", resolve, extractions, [])
        timed("vocabulary index", load_vocabulary)
        rdf = timed("RDF triples", rdf_triples, graph)
        with tempfile.TemporaryDirectory() as tmp:
            files = Path(tmp)
            ntriples = timed("N-Triples", written, files / "graph.nt", write_ntriples, rdf)
            with (files / "named.nq").open("w", encoding="utf-8", newline="\n") as named:
                timed("N-Quads", written, files / "graph.nq", lambda data, fh: write_nquads(data, fh, named), rdf)
            timed("Turtle", written, files / "graph.ttl", write_turtle, rdf)
            timed("JSON-LD", written, files / "graph.jsonld", write_jsonld, rdf)
            timed("GraphML", written, files / "graph.graphml", write_graphml, graph)
            timed("HTML", render_html, graph)
            (files / "store").mkdir()
            timed("store load", build_store, files / "store", files / "named.nq", ntriples)
    finally:
        gc.enable()
    return out


if __name__ == "__main__":
    sys.exit(main())
