"""Extraction and build speed on a corpus (default: the shared 1,000-abstract sample).

    python bench/build_speed.py [CORPUS.jsonl] [--jobs 1 2]

Prints abstracts per second for extraction alone (one process, CPU time and wall
time), the CPU seconds of each later stage of the build (resolve, the RDF triples,
each export, the SPARQL store load), and whole `kg build` runs (wall time) with each
--jobs value. Results go in docs/BENCHMARKS.md by hand, with the machine's load noted.
"""
from __future__ import annotations

import argparse
import gc
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
    extractions = list(extractor.pipe(papers))
    n = len(extractions)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    print(f"corpus {args.corpus.name}: {n} abstracts; cpus {os.cpu_count()}; load avg {os.getloadavg()[0]:.2f}")
    print(f"pipeline load          {load:.2f} s")
    print(f"extraction, 1 process  {n / cpu:.0f} abstracts/s (CPU time {cpu:.2f} s), {n / wall:.0f}/s wall")
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
