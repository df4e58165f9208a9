"""Where a build's memory and time go: RSS sampled every 0.1 s, reported per stage of ``kg.build.build``.

    python bench/memory_stages.py CORPUS.jsonl OUT_DIR [-j N] [--update] [--cache-dir DIR]

Runs one build in this process (a sampler thread reads ``/proc/self/statm``; worker processes are
not counted) with each stage's function wrapped to mark when it starts. Prints, per stage, the wall
seconds, this process's CPU seconds and the peak RSS seen while it ran (the SPARQL store loads in a
background thread beside the later stages, so its memory shows in theirs).
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import threading
import time
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * PAGE / 2**20


def cpu_s() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", type=Path, nargs="+")
    ap.add_argument("out", type=Path)
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--cache-dir", type=Path)
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()

    import kg.build as b
    import kg.export.rdf as rdf

    marks: list[tuple[str, float, float]] = [("start", time.perf_counter(), cpu_s())]
    peaks: dict[int, float] = {}
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            i = len(marks) - 1
            peaks[i] = max(peaks.get(i, 0.0), rss_mb())
            time.sleep(0.1)

    def mark(name: str, fn):
        def wrapped(*a, **k):
            i = len(marks) - 1
            peaks[i] = max(peaks.get(i, 0.0), rss_mb())
            marks.append((name, time.perf_counter(), cpu_s()))
            return fn(*a, **k)
        return wrapped

    for name in ("extract_all", "resolve", "rdf_triples", "iter_rdf_triples", "write_nquads",
                 "write_nquads_from_ntriples", "write_turtle", "write_jsonld", "write_jsonld_from_ntriples",
                 "write_graphml", "stage_graphml", "render_html"):
        if hasattr(b, name):
            setattr(b, name, mark(name, getattr(b, name)))
    import kg.patch as patch_mod  # an update's patches (imported where they are called)

    for name in ("diff_ntriples", "patch_turtle", "patch_jsonld"):
        setattr(patch_mod, name, mark(name, getattr(patch_mod, name)))
    del rdf
    import kg.sparql.store as store_mod

    store_cpu: list[float] = []

    def timed(make):
        def timed_store(*a, **k):  # runs in its own thread: its CPU is counted apart
            t0 = time.thread_time()
            try:
                return make(*a, **k)
            finally:
                store_cpu.append(time.thread_time() - t0)
        return timed_store
    store_mod.build_store = timed(store_mod.build_store)
    patch_mod.patch_store = timed(patch_mod.patch_store)  # an update's: the old store's copy patched
    t = threading.Thread(target=sample, daemon=True)
    t.start()
    workers = b.Workers(jobs=args.jobs, cache=not args.no_cache, cache_dir=args.cache_dir)
    b.build(args.corpus, args.out, workers=workers, update=args.update)
    stop.set()
    t.join()
    marks.append(("end", time.perf_counter(), cpu_s()))
    peaks[len(marks) - 1] = rss_mb()
    print(f"{'stage (starts when its function is called)':44s} {'wall s':>7s} {'cpu s':>7s} {'peak MB':>8s}")
    for i, (name, t0, c0) in enumerate(marks[:-1]):
        t1, c1 = marks[i + 1][1], marks[i + 1][2]
        print(f"{name:44s} {t1 - t0:7.1f} {c1 - c0:7.1f} {peaks.get(i, 0):8.0f}")
    if store_cpu:
        print(f"(the SPARQL store load or patch, in a background thread across the stages above: "
              f"{store_cpu[0]:.1f} s CPU)")
    total = marks[-1][1] - marks[0][1]
    print(f"{'total':44s} {total:7.1f} {marks[-1][2] - marks[0][2]:7.1f} "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:8.0f} (ru_maxrss)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
