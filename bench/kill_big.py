"""Kill a big ``kg build`` at named moments, into a folder holding a previous build, and check the folder.

    nice -n 5 python bench/kill_big.py [--abstracts 10000] [--work /tmp/kg-killbig] [--moments M,...]

The previous build is the 1,000-abstract sample (``shared/corpora/sample_1000_ml_2024_2025.jsonl``);
the new one the first ``--abstracts`` records of ``shared/corpora/papercopilot_2023_2025.jsonl``
(then the other corpora files when that is not enough). At each moment (``KG_TEST_KILL_AT``, see
:func:`kg.atomic.checkpoint`; ``:INT`` sends SIGINT instead of SIGKILL) a build into a folder
holding the previous build is killed, then:

* killed before the commit's journal: every export is byte-identical to the previous build's and
  the store opens read-only with the previous number of papers (no file of the new build there);
* killed during the renames (the journal written): each file is the old or the new one, and
  ``kg query`` (which settles the folder first) answers with the new number of papers; every
  export is then byte-identical to a clean new build;
* a run that got past the lock has removed the temp files of the kill before it; the clean
  build after the last kill of each group exits 0, leaves no temp file (``.*.tmp``,
  ``.store.old.*``, journal) and its exports equal the clean new build's.

The kills before the commit run one after the other into the same folder (it holds the previous
build throughout); before each kill during the renames the previous build's files are copied back
(the dot files of the last kill left for the next run to remove).

The extraction cache (``KG_CACHE_DIR`` in the work folder) is warmed by the reference build, so
the runs reach the late moments in a fraction of a cold build's time; the moments while reading
and extracting (``read:N``, ``extracted:N``) run with ``--no-cache``, so they are killed inside
real extraction. Prints one line per moment and a summary; exit 1 if any check failed.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("KG_SHARED") or ROOT.parent / "shared")
OLD_CORPUS = SHARED / "corpora" / "sample_1000_ml_2024_2025.jsonl"
NEW_CORPORA = [SHARED / "corpora" / name for name in ("papercopilot_2023_2025.jsonl", "papercopilot_2017_2022_ml_nlp.jsonl",
                                                       "openreview_iclr2024_icml2024.jsonl")]
FILES = ("graph.ttl", "graph.nt", "graph.nq", "graph.jsonld", "graph.graphml", "graph.html", "manifest.jsonl.gz")
LOCK_NAME = ".kg-build.lock"
JOURNAL_NAME = ".kg-commit.json"

#: (moment, with the extraction cache?) in build order: reading (records are read 4,096 at a time,
#: ahead of their extraction), extracting, the lock, exports written (the store loads in the
#: background from graph.nq on: killed after graph.ttl, it is half loaded), the store loaded, the
#: journal, the renames (the store folder is the third: ``dir-aside`` is between its two renames)
MOMENTS = [
    ("read:5000", False), ("extracted:1000", False), ("extracted:2000:INT", False),
    ("lock", True), ("wrote:graph.nt", True), ("wrote:graph.ttl", True), ("wrote:graph.jsonld:INT", True),
    ("store-loaded", True), ("journal", True), ("dir-aside", True), ("moved:6", True),
]
#: moments at or after the journal: the folder settles to the new build
DURING = ("journal", "moved:", "dir-aside")

PAPERS_QUERY = "SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }"


def kg(*args: str, env: dict[str, str], timeout: float = 3600) -> tuple[subprocess.CompletedProcess, float]:
    start = time.monotonic()
    cp = subprocess.run([sys.executable, "-m", "kg", *args], capture_output=True, text=True, env=env,
                        timeout=timeout, stdin=subprocess.DEVNULL, cwd=ROOT)
    return cp, time.monotonic() - start


def digest(folder: Path) -> dict[str, str]:
    """sha256 of each export there (missing ones left out)."""
    out = {}
    for name in FILES:
        path = folder / name
        if path.exists():
            h = hashlib.sha256()
            with open(path, "rb") as fh:
                while block := fh.read(1 << 20):
                    h.update(block)
            out[name] = h.hexdigest()
    return out


def papers_in_store(folder: Path) -> int:
    """Papers in DIR/store opened read-only (raises if it does not open)."""
    import pyoxigraph

    store = pyoxigraph.Store.read_only(str(folder / "store"))
    (row,) = store.query("SELECT (COUNT(*) AS ?n) WHERE { ?p a <https://w3id.org/kg-ml/ontology#Paper> }")
    return int(row[0].value)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") and p.name != LOCK_NAME)


def write_corpus(path: Path, n: int) -> None:
    written = 0
    with open(path, "w", encoding="utf-8") as out:
        for src in NEW_CORPORA:
            with open(src, encoding="utf-8") as fh:
                for line in fh:
                    if written == n:
                        return
                    if line.strip():
                        out.write(line)
                        written += 1
    if written < n:
        raise SystemExit(f"only {written} records in {NEW_CORPORA}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--abstracts", type=int, default=10000)
    ap.add_argument("--work", type=Path, default=Path("/tmp/kg-killbig"))
    ap.add_argument("--moments", default="", help="comma-separated subset of the moments (default: all)")
    ap.add_argument("--jobs", default="1", help="kg build -j (default 1: the machine is shared)")
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args()
    # a SIGINT moment must interrupt the build: a shell's background job starts with SIGINT ignored,
    # which its children would inherit
    signal.signal(signal.SIGINT, signal.default_int_handler)
    moments = MOMENTS
    if args.moments:
        wanted = args.moments.split(",")
        moments = [(m, dict(MOMENTS).get(m, not m.startswith(("read:", "extracted:")))) for m in wanted]
    work = args.work
    work.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "KG_CACHE_DIR": str(work / "cache"), "PYTHONHASHSEED": "0"}
    env.pop("KG_TEST_KILL_AT", None)
    corpus = work / f"new{args.abstracts}.jsonl"
    if not corpus.exists():
        write_corpus(corpus, args.abstracts)

    refs = {}
    for name, src in (("old", OLD_CORPUS), ("new", corpus)):
        ref = work / f"ref-{name}"
        if not (ref / "graph.nt").exists() or not (ref / "store").exists():
            shutil.rmtree(ref, ignore_errors=True)
            cp, took = kg("build", str(src), "--out", str(ref), "-q", "-j", args.jobs, env=env)
            if cp.returncode != 0:
                print(f"reference build {name} failed: {cp.stderr.strip()[-500:]}")
                return 1
            print(f"reference build {name}: {took:.0f} s (cold or warm cache as found)", flush=True)
        refs[name] = {"digest": digest(ref), "papers": papers_in_store(ref), "dir": ref}
    print(f"previous build: {refs['old']['papers']} papers; new build: {refs['new']['papers']} papers "
          f"({args.abstracts} records)", flush=True)
    old_digest, new_digest = refs["old"]["digest"], refs["new"]["digest"]
    assert set(old_digest) == set(FILES) == set(new_digest)
    assert all(old_digest[f] != new_digest[f] for f in FILES)

    results: list[dict] = []
    folder = work / "run"

    def check_killed(moment: str, cached: bool, previous_temps: list[str]) -> list[str]:
        """Kill a build into ``folder`` at ``moment`` and check the folder; the temp files it left."""
        problems: list[str] = []
        build_args = ["build", str(corpus), "--out", str(folder), "-q", "-j", args.jobs]
        if not cached:
            build_args.append("--no-cache")
        cp, killed_after = kg(*build_args, env={**env, "KG_TEST_KILL_AT": moment})
        expected_rc = 130 if moment.endswith(":INT") else -signal.SIGKILL
        if cp.returncode != expected_rc:
            problems.append(f"rc {cp.returncode} (expected {expected_rc}): {cp.stderr.strip()[-300:]}")
        if "Traceback" in cp.stderr:
            problems.append("traceback on stderr")
        temps = leftovers(folder)
        passed_lock = not moment.startswith(("read:", "extracted:"))
        # (temp names are unique; the journal's is not: a kill during the renames leaves a new one)
        kept = set(previous_temps) & set(temps) - {JOURNAL_NAME}
        if passed_lock and kept:
            problems.append(f"temps of the previous kill not removed by this run: {sorted(kept)}")
        now = digest(folder)
        mixed = sorted(f for f in FILES if now.get(f) not in (old_digest[f], new_digest[f]))
        if mixed:
            problems.append(f"files neither old nor new: {mixed}")
        if not moment.startswith(DURING):
            if now != old_digest:
                problems.append(f"previous exports changed: {sorted(f for f in FILES if now.get(f) != old_digest[f])}")
            try:
                n = papers_in_store(folder)
                if n != refs["old"]["papers"]:
                    problems.append(f"store has {n} papers, the previous build {refs['old']['papers']}")
            except Exception as exc:  # noqa: BLE001 - a store that does not open is the failure measured
                problems.append(f"store does not open: {exc}")
            state = f"previous build intact ({refs['old']['papers']} papers in the store)"
        else:
            # a reader settles the folder: kg query finishes the journal's renames first
            q, _t = kg("query", PAPERS_QUERY, "--store", str(folder), "--format", "csv", env=env, timeout=600)
            answer = q.stdout.strip().splitlines()[-1:] if q.returncode == 0 else [q.stderr.strip()[-200:]]
            if answer != [str(refs["new"]["papers"])]:
                problems.append(f"kg query after the kill answered {answer}")
            if digest(folder) != new_digest:
                problems.append("settled folder differs from the clean new build")
            state = f"{sum(now.get(f) == new_digest[f] for f in FILES)} of {len(FILES)} files new before settling; " \
                    f"kg query settled it to the new build ({answer[0]} papers)"
        results.append({"moment": moment, "cache": cached, "rc": cp.returncode, "killed_after_s": round(killed_after, 1),
                        "temps_after_kill": temps, "state": state, "problems": problems})
        print(f"{moment:24s} {'warm' if cached else 'cold'} rc {cp.returncode:4d} after {killed_after:6.1f} s; "
              f"{len(temps)} temp(s) left by the kill; {state}; {'OK' if not problems else 'FAIL: ' + '; '.join(problems)}",
              flush=True)
        return temps

    def next_build(after: str) -> None:
        problems: list[str] = []
        cp, took = kg("build", str(corpus), "--out", str(folder), "-q", "-j", args.jobs, env=env)
        if cp.returncode != 0:
            problems.append(f"next build rc {cp.returncode}: {cp.stderr.strip()[-300:]}")
        stray = leftovers(folder)
        if stray:
            problems.append(f"left after the next build: {stray}")
        if digest(folder) != new_digest:
            problems.append("next build's exports differ from the clean new build")
            kept_copy = work / f"differs-after-{after.replace(':', '_')}"
            shutil.rmtree(kept_copy, ignore_errors=True)
            shutil.copytree(folder, kept_copy)  # for a look at the difference
        try:
            if papers_in_store(folder) != refs["new"]["papers"]:
                problems.append("next build's store has the wrong number of papers")
        except Exception as exc:  # noqa: BLE001
            problems.append(f"next build's store does not open: {exc}")
        results.append({"moment": f"next build after {after}", "rc": cp.returncode, "took_s": round(took, 1),
                        "left": stray, "problems": problems})
        print(f"next build after {after}: rc {cp.returncode} in {took:.0f} s; {len(stray)} temp file(s) left; "
              f"exports {'equal' if digest(folder) == new_digest else 'DIFFER from'} the clean new build; "
              f"{'OK' if not problems else 'FAIL: ' + '; '.join(problems)}", flush=True)

    def restore_old() -> None:
        """The previous build's files back in the folder; the dot files (temps of kills) left as they are."""
        for name in FILES:
            shutil.copy2(refs["old"]["dir"] / name, folder / name)
        shutil.rmtree(folder / "store", ignore_errors=True)
        shutil.copytree(refs["old"]["dir"] / "store", folder / "store")

    # the kills before the commit, one after the other into the same folder (each run, once past the
    # lock, must remove the previous kill's temps), then one clean build
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(refs["old"]["dir"], folder)
    temps: list[str] = []
    before = [(m, c) for m, c in moments if not m.startswith(DURING)]
    during = [(m, c) for m, c in moments if m.startswith(DURING)]
    for moment, cached in before:
        temps = check_killed(moment, cached, temps)
    if before:
        next_build(before[-1][0])
    # the kills during the renames: each into the previous build again (its files copied back over
    # the settled new ones, the last kill's temps left for this run to remove), then one clean build
    for moment, cached in during:
        restore_old()
        temps = check_killed(moment, cached, temps)
    if during:
        next_build(during[-1][0])
    failures = sum(bool(r["problems"]) for r in results)
    shutil.rmtree(work / "run", ignore_errors=True)
    print(f"SUMMARY {len(results) - failures}/{len(results)} checks passed ({len(moments)} moments) "
          f"(previous {refs['old']['papers']} papers, new {refs['new']['papers']} papers from {args.abstracts} records)")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
