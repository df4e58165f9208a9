"""Scale benchmark: `kg build` on 1,000 to 100,000 distinct abstracts, cold and warm, -j 1 and 2, --update.

    python bench/scale.py corpus N OUT.jsonl        # write a corpus of N distinct abstracts
    python bench/scale.py run [--sizes 1000 10000 33000 100000] [--work /tmp/kg-scale] [--jobs 1 2]
                              [--update 1000] [--json results.json]
    python bench/scale.py pairs N [--rounds 3] [--jobs 1 2]   # cold builds of N abstracts, -j values alternated

The corpora: the distinct abstracts of ``../shared/corpora/*.jsonl`` (by id and by text, in a
fixed shuffled order), and beyond them abstracts made by recombining sentences of different
papers (a fixed seed), each checked to be new, so no record repeats and the cache cannot help a
cold build. Every build runs as its own ``kg build`` process under ``/usr/bin/time`` (wall time,
peak RSS of the largest process, CPU time of it and its workers), niced, with an empty cache
unless said otherwise, and the load average is printed beside each figure: the machine is shared.

``run`` measures, per size: a cold build (empty cache) with each ``--jobs`` value (only the last
one for sizes above 10,000); at the largest size of at most 33,000, ``--update`` with ``--update``
new abstracts on top of that build (its share of the cold build's time), then a full build of
the union with the cache the two filled (the cache-warm rebuild), whose exports must equal the
update's byte for byte; then the projection to 1 million abstracts from the marginal cost of
the two largest sizes.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPORA = Path(os.environ.get("KG_CORPORA", REPO.parent / "shared" / "corpora"))  # the shared corpora
SEED = 20261201
EXPORTS = ("graph.ttl", "graph.nt", "graph.nq", "graph.jsonld", "graph.graphml", "graph.html")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def real_records() -> list[dict]:
    """The distinct records of the shared corpora (first of each id and of each abstract), shuffled."""
    seen_ids: set[str] = set()
    seen_text: set[str] = set()
    out: list[dict] = []
    for path in sorted(CORPORA.glob("*.jsonl")):
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                text = (rec.get("abstract") or "").strip()
                if not text or rec.get("id") in seen_ids or text in seen_text:
                    continue
                seen_ids.add(rec["id"])
                seen_text.add(text)
                out.append({k: rec.get(k) for k in ("id", "title", "abstract", "venue", "year", "url", "authors",
                                                      "keywords") if rec.get(k) is not None})
    random.Random(SEED).shuffle(out)
    return out


def corpus(n: int, skip: int = 0) -> list[dict]:
    """``n`` distinct records: real ones first, then recombined ones (``skip`` of them left out first)."""
    real = real_records()
    if not real:
        sys.exit(f"error: no records in {CORPORA}/*.jsonl (set KG_CORPORA to the corpora's folder)")
    out = real[skip:skip + n]
    if len(out) == n:
        return out
    rng = random.Random(SEED + skip)
    sentences = [_SENTENCE.split(r["abstract"]) for r in real]
    seen = {r["abstract"] for r in real}
    while len(out) < n:  # another ``skip``, another seed: an --update's new papers are not the corpus's
        template = real[rng.randrange(len(real))]
        k = max(2, len(sentences[rng.randrange(len(real))]))
        text = " ".join(rng.choice(sentences[rng.randrange(len(real))]) for _ in range(k))
        if text in seen:
            continue
        seen.add(text)
        out.append({"id": f"syn-{len(out) + skip:07d}", "title": template.get("title", ""), "abstract": text,
                    "venue": template.get("venue", ""), "year": template.get("year")})
    return out


def write_corpus(records: list[dict], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return path


def timed_build(args: list[str], cache: Path | None, label: str) -> dict:
    """One niced `kg build` under /usr/bin/time: wall s, peak RSS MB, CPU s (user + sys, workers included)."""
    kg = Path(sys.executable).with_name("kg")
    env = dict(os.environ)
    if cache is not None:
        env["KG_CACHE_DIR"] = str(cache)
    load = os.getloadavg()[0]
    t0 = time.perf_counter()
    proc = subprocess.run(["nice", "-n", "5", "/usr/bin/time", "-f", "%e %M %U %S", str(kg), "build", *args, "-q"],
                          env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        sys.exit(f"error: kg build {' '.join(args)} failed:\n{proc.stderr[-2000:]}")
    e, m, u, s = proc.stderr.strip().splitlines()[-1].split()
    row = {"label": label, "wall_s": round(wall, 1), "peak_rss_mb": round(int(m) / 1024), "cpu_s": round(float(u) + float(s), 1),
           "load_before": round(load, 1), "load_after": round(os.getloadavg()[0], 1)}
    print(json.dumps(row), flush=True)
    return row


def same_exports(a: Path, b: Path) -> bool:
    return all((a / n).read_bytes() == (b / n).read_bytes() for n in EXPORTS + ("manifest.jsonl.gz",))


def run(args: argparse.Namespace) -> int:
    work = args.work
    work.mkdir(parents=True, exist_ok=True)
    results: list[dict] = []
    for n in args.sizes:
        src = write_corpus(corpus(n), work / f"corpus-{n}.jsonl")
        jobs = args.jobs if n <= 10_000 else args.jobs[-1:]
        for j in jobs:
            cache = work / f"cache-{n}-j{j}"
            shutil.rmtree(cache, ignore_errors=True)
            out = work / f"out-{n}-j{j}"
            row = timed_build([str(src), "--out", str(out), "-j", str(j)], cache, f"{n} cold -j {j}")
            row.update(n=n, jobs=j, per_s=round(n / row["wall_s"], 1), ms_per_abstract=round(1000 * row["wall_s"] / n, 2))
            results.append(row)
        if n == max(s for s in args.sizes if s <= 33_000) and args.update:
            j = args.jobs[-1]
            cache, out = work / f"cache-{n}-j{j}", work / f"out-{n}-j{j}"
            new = write_corpus(corpus(args.update, skip=max(args.sizes) + 1), work / f"new-{args.update}.jsonl")
            inc = timed_build([str(new), "--out", str(out), "--update", "-j", str(j)], cache,
                              f"{n} + {args.update} --update")
            cold_n = next(r for r in results if r["label"] == f"{n} cold -j {j}")
            inc.update(n=n, kind="update", share_of_cold=round(inc["wall_s"] / cold_n["wall_s"], 3))
            # the union, built in full with the cache the cold build and the update filled: a warm rebuild
            union = work / f"union-{n}"
            warm = timed_build([str(src), str(new), "--out", str(union), "-j", str(j)], cache,
                               f"{n + args.update} warm rebuild (full build of the union, every record cached)")
            warm.update(n=n + args.update, kind="warm", per_s=round((n + args.update) / warm["wall_s"], 1))
            inc["identical_to_full_build_of_union"] = same_exports(out, union)
            print(json.dumps({"update_identical_to_union": inc["identical_to_full_build_of_union"],
                              "update / cold build": inc["share_of_cold"]}), flush=True)
            results += [inc, warm]
    cold = [r for r in results if "kind" not in r and r.get("jobs") == args.jobs[-1]]
    if len(cold) >= 2:
        a, b = cold[-2], cold[-1]
        slope = (b["wall_s"] - a["wall_s"]) / (b["n"] - a["n"])  # marginal seconds per abstract
        mem = (b["peak_rss_mb"] - a["peak_rss_mb"]) / (b["n"] - a["n"])
        proj = {"projection_1M_wall_h": round((b["wall_s"] + slope * (1_000_000 - b["n"])) / 3600, 2),
                "projection_1M_peak_rss_gb": round((b["peak_rss_mb"] + mem * (1_000_000 - b["n"])) / 1024, 1),
                "marginal_ms_per_abstract": round(1000 * slope, 2), "marginal_mb_per_1000": round(1000 * mem, 1)}
        print(json.dumps(proj))
        results.append(proj)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


def pairs(args: argparse.Namespace) -> int:
    """Cold builds of the same corpus with each ``--jobs`` value in turn, ``--rounds`` times: on a shared
    machine the load drifts, so alternating runs and comparing medians is the fair test."""
    import statistics

    work = args.work
    work.mkdir(parents=True, exist_ok=True)
    src = work / f"corpus-{args.n}.jsonl"
    if not src.is_file():
        write_corpus(corpus(args.n), src)
    rows: dict[int, list[dict]] = {j: [] for j in args.jobs}
    for r in range(args.rounds):
        for j in (args.jobs if r % 2 == 0 else args.jobs[::-1]):  # ABBA: neither value always goes first
            cache = work / f"cache-pairs-{args.n}-j{j}"
            shutil.rmtree(cache, ignore_errors=True)
            row = timed_build([str(src), "--out", str(work / f"out-pairs-{args.n}-j{j}"), "-j", str(j)], cache,
                              f"{args.n} cold -j {j} (round {r + 1})")
            rows[j].append(row)
    for j, rs in rows.items():
        print(json.dumps({"jobs": j, "median_wall_s": statistics.median(r["wall_s"] for r in rs),
                          "median_cpu_s": statistics.median(r["cpu_s"] for r in rs),
                          "walls": [r["wall_s"] for r in rs], "cpus": [r["cpu_s"] for r in rs],
                          "median_peak_rss_mb": statistics.median(r["peak_rss_mb"] for r in rs)}))
    a, b = (work / f"out-pairs-{args.n}-j{j}" for j in args.jobs[:2])
    print(json.dumps({"identical_exports": same_exports(a, b)}))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("corpus", help="write a corpus of N distinct abstracts")
    c.add_argument("n", type=int)
    c.add_argument("out", type=Path)
    c.add_argument("--skip", type=int, default=0, help="start after this many records (new ones for --update)")
    r = sub.add_parser("run", help="the timed builds")
    r.add_argument("--sizes", type=int, nargs="+", default=[1000, 10_000, 33_000, 100_000])
    r.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    r.add_argument("--update", type=int, default=1000, help="new abstracts for the --update run (0: none)")
    r.add_argument("--work", type=Path, default=Path("/tmp/kg-scale"))
    r.add_argument("--json", type=Path)
    pr = sub.add_parser("pairs", help="cold builds with each -j value, alternated")
    pr.add_argument("n", type=int)
    pr.add_argument("--rounds", type=int, default=3)
    pr.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    pr.add_argument("--work", type=Path, default=Path("/tmp/kg-scale"))
    args = ap.parse_args()
    if args.cmd == "pairs":
        return pairs(args)
    if args.cmd == "corpus":
        write_corpus(corpus(args.n, args.skip), args.out)
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
