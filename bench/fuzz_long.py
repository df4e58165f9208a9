"""The long fuzz run: ``kg build`` on N generated hostile inputs (tests/fuzz_inputs.py), every outcome checked.

    python bench/fuzz_long.py --inputs 10000 --procs 2 [--seed 1] [--hang 20]

Each input (text, JSON Lines or CSV) must build with every export parsing back to the same
triples (graph.nt, graph.nq, graph.ttl, graph.jsonld in pyoxigraph; graph.graphml through
``kg.load_graph``) or fail with one line ``error: ...`` and exit 1. Counts tracebacks, hangs
(over ``--hang`` seconds), unparseable exports, builds and one-line errors; failing inputs are
saved under ``--keep`` for the seed corpus. Builds run in-process (one extractor per process).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def _triples(path: Path, fmt) -> set[str]:
    import pyoxigraph as ox

    with open(path, "rb") as fh:
        return {str(ox.Triple(q.subject, q.predicate, q.object)) if isinstance(q, ox.Quad) else str(q)
                for q in ox.parse(fh, format=fmt)}


def check(out: Path) -> str:
    import pyoxigraph as ox

    import kg

    try:
        nt = _triples(out / "graph.nt", ox.RdfFormat.N_TRIPLES)
        for name, fmt in (("graph.nq", ox.RdfFormat.N_QUADS), ("graph.ttl", ox.RdfFormat.TURTLE),
                          ("graph.jsonld", ox.RdfFormat.JSON_LD)):
            if _triples(out / name, fmt) != nt:
                return f"{name} differs from graph.nt"
        ox.Store.read_only(str(out / "store"))
        kg.load_graph(out)
    except Exception as exc:  # noqa: BLE001 - counted, not raised
        return f"{type(exc).__name__}: {str(exc)[:200]}"
    return ""


def worker(args: tuple[int, int, float, str, str]) -> dict:
    seed, count, hang, keep, progress = args
    from click.testing import CliRunner
    from fuzz_inputs import input_file
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hseed

    import kg.build
    from kg.cli import main
    from kg.extract import Extractor

    extractor = Extractor()
    kg.build.Extractor = lambda extra_lexicons=(): extractor  # type: ignore[assignment]
    tally = {"inputs": 0, "built": 0, "error": 0, "traceback": 0, "hang": 0, "unparseable_export": 0,
             "bad_error": 0, "slowest_s": 0.0, "seconds": 0.0}
    tmp = Path(tempfile.mkdtemp(prefix="kg-fuzz-"))

    def save(kind: str, suffix: str, data: bytes, what: str) -> None:
        d = Path(keep) / kind
        d.mkdir(parents=True, exist_ok=True)
        name = f"{seed}-{tally['inputs']}{suffix}"
        (d / name).write_bytes(data)
        (d / (name + ".why.txt")).write_text(what[-3000:], encoding="utf-8")

    @hseed(seed)
    @settings(max_examples=count, deadline=None, database=None, suppress_health_check=list(HealthCheck),
              phases=["generate"])
    @given(input_file)
    def one(case) -> None:
        suffix, content = case
        tally["inputs"] += 1
        data = content.encode("utf-8", "surrogatepass")
        src = tmp / f"input{suffix}"
        src.write_bytes(data)
        out = tmp / "out"
        shutil.rmtree(out, ignore_errors=True)
        t0 = time.monotonic()
        result = CliRunner().invoke(main, ["build", str(src), "--out", str(out), "-q"])
        took = time.monotonic() - t0
        tally["seconds"] += took
        tally["slowest_s"] = max(tally["slowest_s"], took)
        if took > hang:
            tally["hang"] += 1
            save("hang", suffix, data, f"{took:.1f} s")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            tally["traceback"] += 1
            save("traceback", suffix, data, "".join(traceback.format_exception(result.exception)))
            return
        errors = [ln for ln in result.stderr.strip().splitlines() if not ln.startswith("warning: ")]
        if result.exit_code == 0:
            problem = check(out)
            if problem:
                tally["unparseable_export"] += 1
                save("unparseable_export", suffix, data, problem)
            else:
                tally["built"] += 1
        elif result.exit_code == 1 and len(errors) == 1 and errors[0].startswith("error: "):
            tally["error"] += 1
        else:
            tally["bad_error"] += 1
            save("bad_error", suffix, data, result.stderr)
        if progress and tally["inputs"] % 100 == 0:  # partial figures survive an interrupted run
            with open(progress, "a", encoding="utf-8") as fh:
                fh.write(json.dumps({"worker": seed, **tally}) + "\n")

    one()
    shutil.rmtree(tmp, ignore_errors=True)
    return tally


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=int, default=10_000)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hang", type=float, default=20.0, help="seconds over which a build counts as a hang")
    ap.add_argument("--keep", default="/tmp/kg-fuzz-failures", help="folder for failing inputs")
    ap.add_argument("--progress", default="", help="file to append each worker's tally to every 100 inputs")
    args = ap.parse_args()
    start = time.monotonic()
    per = [args.inputs // args.procs + (1 if i < args.inputs % args.procs else 0) for i in range(args.procs)]
    with multiprocessing.get_context("spawn").Pool(args.procs) as pool:
        parts = pool.map(worker, [(args.seed * 1000 + i, n, args.hang, args.keep, args.progress)
                                    for i, n in enumerate(per)])
    total = {k: (max if k == "slowest_s" else sum)(p[k] for p in parts) for k in parts[0]}
    total["wall_s"] = round(time.monotonic() - start, 1)
    total["mean_build_s"] = round(total["seconds"] / max(1, total["inputs"]), 3)
    print(json.dumps(total, indent=1))
    bad = total["traceback"] + total["hang"] + total["unparseable_export"] + total["bad_error"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
