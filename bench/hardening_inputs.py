"""Run ``kg build`` on every input file of a folder and classify what happened.

    python bench/hardening_inputs.py DIR [--timeout 30] [--jobs 2]

Each input must either build (exit 0, every export readable back: graph.nt and
graph.nq by pyoxigraph, graph.ttl and graph.jsonld by rdflib, graph.graphml by
``kg.load_graph``) or fail with one line ``error: ...`` and exit 1, within the
timeout. Prints one line per failure and a tally; exit 1 if anything failed.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

KG = [sys.executable, "-m", "kg"]


def check_exports(out: Path) -> str:
    """'' if every export parses back, else what failed."""
    import pyoxigraph
    import rdflib

    import kg

    try:
        for name, fmt in (("graph.nt", pyoxigraph.RdfFormat.N_TRIPLES), ("graph.nq", pyoxigraph.RdfFormat.N_QUADS)):
            with open(out / name, "rb") as fh:
                list(pyoxigraph.parse(fh, format=fmt))
        for name, fmt in (("graph.ttl", "turtle"), ("graph.jsonld", "json-ld")):
            rdflib.Dataset().parse(out / name, format=fmt)
        kg.load_graph(out)
    except Exception as exc:  # noqa: BLE001 - the point is to catch anything
        return f"{name if 'name' in dir() else 'export'}: {type(exc).__name__}: {str(exc)[:150]}"
    return ""


def run_one(path: Path, timeout: float) -> tuple[str, str, float]:
    out = Path(tempfile.mkdtemp(prefix="kg-harden-"))
    t0 = time.monotonic()
    try:
        cp = subprocess.run([*KG, "build", str(path), "--out", str(out / "o"), "-q"], capture_output=True,
                            text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        shutil.rmtree(out, ignore_errors=True)
        return "hang", f"> {timeout:.0f} s", timeout
    took = time.monotonic() - t0
    try:
        err = cp.stderr.strip()
        errors = [ln for ln in err.splitlines() if not ln.startswith("warning: ")]
        if "Traceback" in err or cp.returncode not in (0, 1):
            return "traceback", f"rc {cp.returncode}: {err.splitlines()[-1] if err else ''}"[:200], took
        if cp.returncode == 1:
            if len(errors) != 1 or not errors[0].startswith("error: "):
                return "bad_error", err[:200], took
            return "error", errors[0][:200], took
        bad = check_exports(out / "o")
        if bad:
            return "unparseable_export", bad, took
        return "built", "", took
    finally:
        shutil.rmtree(out, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    files = sorted(p for p in args.dir.iterdir() if p.is_file() and p.suffix in (".txt", ".jsonl", ".csv")
                   and p.name != "NOTES.txt")
    tally: dict[str, int] = {}
    slowest = 0.0
    with ThreadPoolExecutor(args.jobs) as pool:
        for path, (kind, what, took) in zip(files, pool.map(lambda p: run_one(p, args.timeout), files)):
            tally[kind] = tally.get(kind, 0) + 1
            slowest = max(slowest, took)
            print(f"{path.name}\t{kind}\t{took:.1f}s\t{what}", flush=True)
    print(f"{len(files)} inputs: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items()))
          + f"; slowest {slowest:.1f} s")
    return 0 if set(tally) <= {"built", "error"} else 1


if __name__ == "__main__":
    sys.exit(main())
