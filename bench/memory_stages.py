"""Where a build's memory and time go: RSS sampled every 0.1 s, reported per stage of ``kg.build.build``.

    python bench/memory_stages.py CORPUS.jsonl OUT_DIR [-j N] [--update] [--cache-dir DIR]

Runs one build in this process (a sampler thread reads ``/proc/self/statm``) with each stage's
function wrapped to mark when it starts. Prints, per stage, the wall seconds, this process's CPU
seconds and the peak RSS seen while it ran (the SPARQL store loads in a background thread beside
the later stages, so its memory shows in theirs), and the peak of the whole process tree's memory
(this process, its extraction workers and export writer processes: the sum of their RSS, which
counts pages a fork shares once per process, and the sum of their PSS, which splits them), sampled
every 0.5 s from ``/proc/PID/smaps_rollup``. The children's CPU (``RUSAGE_CHILDREN``) is printed at
the end.
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


def descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as fh:
                    kids = [int(x) for x in fh.read().split()]
                out += kids
                todo += kids
        except OSError:
            pass
    return out


def tree_mb() -> tuple[float, float, int]:
    """(sum of RSS, sum of PSS) in MB over this process and its descendants, and how many processes."""
    rss = pss = 0
    pids = [os.getpid(), *descendants(os.getpid())]
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as fh:
                for line in fh:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
        except OSError:
            pass
    return rss / 1024, pss / 1024, len(pids)


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

    tree: dict[int, tuple[float, float, int]] = {}  # stage -> peak (sum RSS, sum PSS, processes then)

    def sample() -> None:
        n = 0
        while not stop.is_set():
            i = len(marks) - 1
            peaks[i] = max(peaks.get(i, 0.0), rss_mb())
            if n % 6 == 0:
                now = tree_mb()
                old = tree.get(i, (0.0, 0.0, 0))
                tree[i] = (max(old[0], now[0]), max(old[1], now[1]), max(old[2], now[2]))
            n += 1
            time.sleep(0.08)

    def mark(name: str, fn):
        def wrapped(*a, **k):
            i = len(marks) - 1
            peaks[i] = max(peaks.get(i, 0.0), rss_mb())
            marks.append((name, time.perf_counter(), cpu_s()))
            return fn(*a, **k)
        return wrapped

    for name in ("extract_all", "resolve", "rdf_triples", "iter_rdf_triples", "write_nquads",
                 "write_nquads_from_ntriples", "write_turtle", "write_jsonld", "write_jsonld_from_ntriples",
                 "write_graphml", "stage_graphml", "render_html", "start_writers", "manifest_writer"):
        if hasattr(b, name):
            setattr(b, name, mark(name, getattr(b, name)))
    import kg.patch as patch_mod  # an update's patches (imported where they are called)

    for name in ("diff_ntriples", "patch_turtle", "patch_jsonld"):
        setattr(patch_mod, name, mark(name, getattr(patch_mod, name)))
    del rdf
    import kg.export_procs as procs

    writers: list = []
    wait = procs.WriterProcesses.wait

    def waited(self):
        writers.append(self)
        return wait(self)

    procs.WriterProcesses.wait = mark("wait for the writer processes", waited)  # type: ignore[method-assign]
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
    print(f"{'stage (starts when its function is called)':44s} {'wall s':>7s} {'cpu s':>7s} {'peak MB':>8s}"
          f" {'tree RSS':>9s} {'tree PSS':>9s} {'procs':>5s}")
    for i, (name, t0, c0) in enumerate(marks[:-1]):
        t1, c1 = marks[i + 1][1], marks[i + 1][2]
        r, p, n = tree.get(i, (0.0, 0.0, 0))
        print(f"{name:44s} {t1 - t0:7.1f} {c1 - c0:7.1f} {peaks.get(i, 0):8.0f} {r:9.0f} {p:9.0f} {n:5d}")
    if store_cpu:
        print(f"(the SPARQL store load or patch, in a background thread across the stages above: "
              f"{store_cpu[0]:.1f} s CPU)")
    total = marks[-1][1] - marks[0][1]
    print(f"{'total':44s} {total:7.1f} {marks[-1][2] - marks[0][2]:7.1f} "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:8.0f} (ru_maxrss)")
    for w in writers:
        for name, cpu, wall in w.times:
            print(f"writer process: {name} {wall:.1f} s wall, {cpu:.1f} s CPU (from its start of the file)")
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"children (extraction workers, export writers): {kids.ru_utime + kids.ru_stime:.1f} s CPU; "
          f"peak tree RSS {max(t[0] for t in tree.values()):.0f} MB, peak tree PSS {max(t[1] for t in tree.values()):.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
