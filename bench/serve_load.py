"""Load test of ``kg serve``: many concurrent loopback clients sending the queries of queries/*.rq.

    python bench/serve_load.py BUILD_DIR [--clients 200] [--requests 10] [--workers 4] [--runaway 2]

Starts ``kg serve BUILD_DIR`` on a free port, opens ``--clients`` threads that each send
``--requests`` queries (round-robin over queries/*.rq, GET and POST alternately), and prints
requests, errors (non-200 or a connection failure), p50/p99/max latency. ``--runaway N`` keeps N
cross-join queries running meanwhile (they time out), to show that cheap queries still get a worker;
``--probe N`` then also times N cheap queries sent one after the other while the runaways run
(before the clients start: the wait a lone user sees beside two runaways).
"""
from __future__ import annotations

import argparse
import http.client
import json
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNAWAY = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"
CHEAP = "SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }"


def start(build: Path, workers: int, timeout: float) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "kg", "serve", str(build), "--port", "0", "-q", "--workers",
                             str(workers), "--timeout", str(timeout)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT)
    assert proc.stdout is not None
    for line in proc.stdout:
        m = re.search(r":(\d+)/sparql", line)
        if m:
            return proc, int(m.group(1))
    raise SystemExit(f"kg serve did not start: {proc.stderr.read() if proc.stderr else ''}")


def one(port: int, query: str, post: bool, timeout: float = 120) -> tuple[int, float]:
    t0 = time.monotonic()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        if post:
            conn.request("POST", "/sparql", body=query.encode(), headers={"Content-Type": "application/sparql-query"})
        else:
            conn.request("GET", "/sparql?" + urllib.parse.urlencode({"query": query}))
        resp = conn.getresponse()
        resp.read()
        conn.close()
        return resp.status, time.monotonic() - t0
    except OSError:
        return -1, time.monotonic() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build", type=Path)
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--requests", type=int, default=10, help="queries per client")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--runaway", type=int, default=0)
    ap.add_argument("--probe", type=int, default=0, help="cheap queries timed one by one beside the runaways")
    ap.add_argument("--queries", default="*.rq", help="glob of queries/ files (default: all)")
    args = ap.parse_args()
    files = sorted((ROOT / "queries").glob(args.queries))
    queries = [p.read_text(encoding="utf-8") for p in files]
    proc, port = start(args.build, args.workers, args.timeout)
    results: list[tuple[int, float]] = []
    lock = threading.Lock()
    barrier = threading.Barrier(args.clients)

    def client(i: int) -> None:
        barrier.wait()  # all connect at once
        for k in range(args.requests):
            r = one(port, queries[(i + k) % len(queries)], post=bool((i + k) % 2))
            with lock:
                results.append(r)

    runaways = [threading.Thread(target=one, args=(port, RUNAWAY, False), daemon=True) for _ in range(args.runaway)]
    for t in runaways:
        t.start()
    time.sleep(0.5 if args.runaway else 0)
    probes = [one(port, CHEAP, post=False) for _ in range(args.probe)]
    threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - t0
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
    lat = sorted(r[1] for r in results)
    errors = sum(1 for r in results if r[0] != 200) + sum(1 for p in probes if p[0] != 200)
    out = {"clients": args.clients, "requests": len(results), "errors": errors,
           "statuses": {str(s): sum(1 for r in results if r[0] == s) for s in sorted({r[0] for r in results})},
           "p50_s": round(statistics.median(lat), 3), "p99_s": round(lat[int(0.99 * (len(lat) - 1))], 3),
           "max_s": round(lat[-1], 3), "wall_s": round(wall, 1), "workers": args.workers, "runaway": args.runaway,
           "queries": [p.name for p in files], "timeout_s": args.timeout}
    if probes:
        out["probe_statuses"] = [p[0] for p in probes]
        out["probe_s"] = [round(p[1], 3) for p in probes]
    print(json.dumps(out))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
