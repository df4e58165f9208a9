"""``kg serve``: a small, read-only SPARQL 1.1 Protocol endpoint over the build's store.

* ``GET /sparql?query=...`` and ``POST /sparql`` (``application/x-www-form-urlencoded``
  with ``query=...``, or ``application/sparql-query``); ``default-graph-uri`` and
  ``named-graph-uri`` are honoured. Without them the default graph is the union
  of all graphs.
* Results by content negotiation (``Accept``), or ``format=`` to override:
  SPARQL results JSON (default), XML, CSV, TSV for SELECT/ASK; Turtle (default),
  N-Triples, JSON-LD, RDF/XML for CONSTRUCT/DESCRIBE. A ``format=`` this kind of
  result cannot have (SPARQLWrapper sends ``format=n3`` with every query) falls
  back to ``Accept``; ``n3`` itself means Turtle, which is valid N3.
* ``GET /sparql`` without a query returns the SPARQL 1.1 Service Description
  (Turtle) of the endpoint.
* Updates (``update=``, ``application/sparql-update``, ``/update``) get 403.
* ``GET /`` serves ``graph.html``; ``/graph.ttl``, ``/graph.nt``, ``/graph.nq``,
  ``/graph.jsonld``, ``/graph.graphml`` download the exports.

Queries run in a few worker processes that open the store read-only; a query
that runs longer than ``timeout`` seconds gets a 503 and its worker is killed
and replaced, so a runaway query cannot keep burning CPU (pyoxigraph has no
query cancellation of its own). Why a hand-written server: docs/SPARQL.md.
"""
from __future__ import annotations

import io
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from kg.errors import ServerError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 7878
DEFAULT_TIMEOUT = 30.0
MAX_BODY = 1 << 20  # 1 MiB of query text is plenty
#: Seconds a request may wait for a free query worker (then 503). Long: waiting is what an overloaded
#: server should ask of a client (200 clients at once on a busy 2-core machine waited up to 32 s);
#: runaway queries are not a reason to wait (see SLOW_AFTER).
QUEUE_WAIT = 120.0
#: Seconds after which a running query counts as long. While requests wait and every worker runs a
#: long query, the main loop starts a spare worker (at most :data:`MAX_SPARES` or as many spares as
#: workers), so a few runaway queries, until their timeout, cannot starve cheap ones whatever
#: ``--workers`` is. A spare stops after a query once another worker is free and no request waits.
SLOW_AFTER = 2.0
MAX_SPARES = 2

#: media type -> format name understood by :func:`kg.sparql.store.format_result`
SOLUTION_TYPES = {
    "application/sparql-results+json": "json",
    "application/json": "json",
    "application/sparql-results+xml": "xml",
    "application/xml": "xml",
    "text/xml": "xml",
    "text/csv": "csv",
    "text/tab-separated-values": "tsv",
}
GRAPH_TYPES = {
    "text/turtle": "turtle",
    "application/x-turtle": "turtle",
    "application/n-triples": "ntriples",
    "text/plain": "ntriples",
    "application/ld+json": "json",
    "application/json": "json",
    "application/rdf+xml": "xml",
    "application/xml": "xml",
}
#: what a format name is sent as
SOLUTION_MEDIA = {"json": "application/sparql-results+json", "xml": "application/sparql-results+xml",
                  "csv": "text/csv; charset=utf-8", "tsv": "text/tab-separated-values; charset=utf-8"}
GRAPH_MEDIA = {"turtle": "text/turtle; charset=utf-8", "ntriples": "application/n-triples",
               "json": "application/ld+json", "xml": "application/rdf+xml"}
#: ``format=`` override values
FORMAT_ALIASES = {"json": "json", "xml": "xml", "csv": "csv", "tsv": "tsv", "turtle": "turtle", "ttl": "turtle",
                  "ntriples": "ntriples", "nt": "ntriples", "jsonld": "json", "json-ld": "json", "rdfxml": "xml",
                  "n3": "turtle"}
STATIC = {
    "graph.html": "text/html; charset=utf-8",
    "graph.ttl": "text/turtle; charset=utf-8",
    "graph.nt": "application/n-triples",
    "graph.nq": "application/n-quads",
    "graph.jsonld": "application/ld+json",
    "graph.graphml": "application/graphml+xml",
}


class NotAcceptable(Exception):
    pass


def parse_accept(header: str | None) -> list[str]:
    """Media ranges of an Accept header, best first (q=0 dropped)."""
    if not header:
        return ["*/*"]
    ranges = []
    for i, part in enumerate(header.split(",")):
        fields = [f.strip() for f in part.split(";")]
        media = fields[0].lower()
        if not media:
            continue
        q = 1.0
        for f in fields[1:]:
            if f.lower().startswith("q="):
                try:
                    q = float(f[2:])
                except ValueError:
                    q = 0.0
        if q > 0:
            ranges.append((-q, i, media))
    return [m for _q, _i, m in sorted(ranges)] or ["*/*"]


def negotiate(kind: str, accept: str | None, override: str | None = None) -> tuple[str, str]:
    """(format name, Content-Type) for a result ``kind`` (solutions/boolean/graph)."""
    table = GRAPH_TYPES if kind == "graph" else SOLUTION_TYPES
    media = GRAPH_MEDIA if kind == "graph" else SOLUTION_MEDIA
    default = "turtle" if kind == "graph" else "json"
    if override:
        fmt = FORMAT_ALIASES.get(override.lower())
        if fmt in media and not (fmt == "turtle" and kind != "graph"):
            return fmt, media[fmt]
        # a format this result cannot have (format=n3 on a SELECT, as SPARQLWrapper sends): Accept decides
    for rng in parse_accept(accept):
        if rng in ("*/*", "*"):
            return default, media[default]
        if rng in table:
            return table[rng], media[table[rng]]
        if rng.endswith("/*"):
            top = rng[:-1]
            if media[default].startswith(top):
                return default, media[default]
            for mt, fmt in table.items():
                if mt.startswith(top):
                    return fmt, media[fmt]
    offered = ", ".join(dict.fromkeys(m.split(";")[0] for m in media.values()))
    raise NotAcceptable(f"cannot produce any of the accepted types ({accept}); available: {offered}")


# ---------------------------------------------------------------------------
# worker processes
# ---------------------------------------------------------------------------

@dataclass
class Job:
    query: str
    accept: str | None = None
    override: str | None = None
    default_graph: list[str] | None = None
    named_graphs: list[str] | None = None
    allow_service: tuple[str, ...] = ()


#: Largest answer (bytes of SELECT/ASK results; triples of CONSTRUCT/DESCRIBE): more gets a 413 saying
#: "add a LIMIT", so no result takes unbounded memory.
MAX_RESULT_BYTES = 64 << 20
MAX_TRIPLES = 500_000
#: Heap a query worker may take (RLIMIT_DATA); a query needing more fails, its worker replaced.
WORKER_MEMORY = 2 << 30


def _limit_memory(limit: int) -> None:
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        cap = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (cap, hard))
    except (ImportError, ValueError, OSError):  # not on this platform: the row cap still holds
        pass


class _CappedBuffer(io.RawIOBase):
    """Bytes written to it, :class:`ResultTooLarge` once they pass ``cap``: the serializer stops there."""

    def __init__(self, cap: int) -> None:
        self.cap, self.size = cap, 0
        self.parts: list[bytes] = []

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        self.size += len(data)
        if self.size > self.cap:
            raise ResultTooLarge(f"the result is over {self.cap >> 20} MB; add a LIMIT (and OFFSET to page)")
        self.parts.append(bytes(data))
        return len(data)


def _serialize(result, kind: str, fmt: str) -> bytes:
    """The result in ``fmt``, at most :data:`MAX_RESULT_BYTES` of it (:class:`ResultTooLarge` past that)."""
    from itertools import islice

    from kg.sparql.store import RESULT_FORMATS, format_result

    if kind == "graph":
        triples = list(islice(result, MAX_TRIPLES + 1))
        if len(triples) > MAX_TRIPLES:
            raise ResultTooLarge(f"the result has more than {MAX_TRIPLES:,} triples; add a LIMIT")
        return format_result(triples, fmt)
    if kind == "solutions" and fmt in RESULT_FORMATS:
        buf = _CappedBuffer(MAX_RESULT_BYTES)
        result.serialize(buf, RESULT_FORMATS[fmt])
        return b"".join(buf.parts)
    return format_result(result, fmt)


class ResultTooLarge(Exception):
    pass


def _worker_main(store_dir: str, conn) -> None:  # runs in a child process
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us
    _limit_memory(WORKER_MEMORY)
    from kg.sparql.store import QueryError, open_store, result_kind, run_query

    try:
        store = open_store(Path(store_dir))
    except Exception as exc:  # noqa: BLE001 - reported to the parent as one line
        conn.send(("fail", str(exc)))
        return
    conn.send(("ready", ""))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            result = run_query(store, job.query, default_graph=job.default_graph, named_graphs=job.named_graphs,
                               allow_service=job.allow_service)
            kind = result_kind(result)
            fmt, media = negotiate(kind, job.accept, job.override)
            body = _serialize(result, kind, fmt)
            conn.send(("ok", media, body))
        except QueryError as exc:
            conn.send(("bad", str(exc)))
        except NotAcceptable as exc:
            conn.send(("unacceptable", str(exc)))
        except ResultTooLarge as exc:
            conn.send(("too_large", str(exc)))
        except MemoryError:
            conn.send(("too_large", "the query needs more memory than a query worker may take; narrow it"))
        except Exception as exc:  # noqa: BLE001 - an evaluation error is the query's: a 400 with one line
            conn.send(("bad", "query failed: " + (" ".join(str(exc).split()) or type(exc).__name__)))


class Worker:
    def __init__(self, ctx, store_dir: Path, generation: object = None):
        self.generation = generation  # which build of the folder this worker has open
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker_main, args=(str(store_dir), child), daemon=True)
        self.process.start()
        child.close()

    def wait_ready(self, timeout: float = 120.0) -> None:
        if not self.conn.poll(timeout):
            self.kill()
            raise ServerError("a query worker did not start in time")
        try:
            status, message = self.conn.recv()
        except EOFError:
            raise ServerError("a query worker exited while starting") from None
        if status != "ready":
            self.kill()
            raise ServerError(message)

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)
        self.conn.close()

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except (OSError, ValueError):
            pass
        self.process.join(timeout=2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(timeout=5)
        self.conn.close()


class Busy(Exception):
    pass


class QueryTimedOut(Exception):
    pass


class WorkerCrashed(Exception):
    pass


class QueryPool:
    """Worker processes with the store open; a timed-out worker is killed and respawned.

    Respawning happens in the thread that calls :meth:`maintain` (the main
    thread of ``kg serve``), so Ctrl-C handling stays in one place.

    A rebuilt folder (``kg build`` into it while it is served: its ``store`` folder replaced) is
    picked up whole: :meth:`maintain` starts a full set of workers on the new store, then swaps
    them in at once; the old workers finish the queries they run and stop. So every answer comes
    from one store, the old or the new, never from a mix of workers on both.
    """

    def __init__(self, store_dir: Path, workers: int = 2, timeout: float = DEFAULT_TIMEOUT):
        self.store_dir = Path(store_dir)
        self.size = max(1, workers)
        self.timeout = timeout
        self._ctx = multiprocessing.get_context("spawn")
        self._idle: queue.Queue[Worker] = queue.Queue()
        self._respawn: queue.Queue[int] = queue.Queue()
        self._all: set[Worker] = set()
        self._busy: dict[Worker, float] = {}  # worker -> when its query started
        self._waiting = 0  # requests waiting for a worker
        self._lock = threading.Lock()
        self.closed = False
        self.generation = self._generation()

    def _generation(self) -> object:
        """Identity of the store folder now: a rebuild renames a new folder into place."""
        try:
            st = os.stat(self.store_dir)
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns)

    def _spawn(self, n: int) -> None:
        for w in self._started(n):
            with self._lock:
                self._all.add(w)
            self._idle.put(w)

    def _started(self, n: int) -> list[Worker]:
        # children start with SIGINT ignored (inherited through exec), so a
        # Ctrl-C in the terminal reaches only the parent
        main = threading.current_thread() is threading.main_thread()
        old = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
        try:
            new = [Worker(self._ctx, self.store_dir, self.generation) for _ in range(n)]
        finally:
            if main:
                signal.signal(signal.SIGINT, old)
        for w in new:
            w.wait_ready()
        return new

    def _switch_if_rebuilt(self) -> None:
        """Swap in a full set of workers on the store a rebuild installed (see the class docstring)."""
        from kg.atomic import JOURNAL_NAME

        now = self._generation()
        if now is None or now == self.generation or (self.store_dir.parent / JOURNAL_NAME).exists():
            return  # unchanged, or a commit still under way: keep the old set whole
        previous, self.generation = self.generation, now
        try:
            fresh = self._started(self.size)
        except ServerError:
            self.generation = previous  # the new store does not open: keep serving the old one
            return
        old: list[Worker] = []
        with self._lock:
            while True:
                try:
                    old.append(self._idle.get_nowait())
                except queue.Empty:
                    break
            for w in fresh:
                self._all.add(w)
                self._idle.put(w)
            for w in old:
                self._all.discard(w)
        for w in old:
            w.stop()

    def start(self) -> None:
        self._spawn(self.size)

    def maintain(self, wait: float = 0.2) -> None:
        """Replace killed workers, pick up a rebuilt store (call repeatedly from the main thread)."""
        if not self.closed:
            self._switch_if_rebuilt()
            self._add_spare()
        try:
            n = self._respawn.get(timeout=wait)
        except queue.Empty:
            return
        if not self.closed:
            self._spawn(n)

    def _add_spare(self) -> None:
        """Start a spare worker if requests wait and every worker runs a query begun over SLOW_AFTER ago."""
        now = time.monotonic()
        with self._lock:
            if (self.closed or self._waiting == 0 or not self._idle.empty()
                    or len(self._all) >= self.size + max(MAX_SPARES, self.size)
                    or len(self._busy) < len(self._all)
                    or any(now - started < SLOW_AFTER for started in self._busy.values())):
                return
        try:
            self._spawn(1)
        except ServerError:  # the store does not open now (a rebuild renaming it): the next loop tries again
            pass

    def _current(self) -> int:
        """Workers on the store now served (old ones finishing a query after a rebuild not counted)."""
        return sum(1 for w in self._all if w.generation == self.generation)

    def _give_back(self, worker: Worker) -> None:
        """After a query: the worker waits for the next one, or stops (a spare no longer needed, an old store)."""
        with self._lock:
            self._busy.pop(worker, None)
            # a spare stays while requests wait or every other worker is busy (runaways still running);
            # it stops once another worker is free
            others_busy = sum(1 for w in self._busy if w.generation == self.generation)
            keep = worker.generation == self.generation and worker in self._all and (
                self._current() <= self.size or self._waiting > 0 or others_busy >= self._current() - 1)
            if not keep:
                self._all.discard(worker)
        if keep:
            self._idle.put(worker)
        else:  # in the background: the answer is not held up by the worker's exit
            threading.Thread(target=worker.stop, daemon=True).start()

    def _discard(self, worker: Worker) -> None:
        worker.kill()
        with self._lock:
            self._all.discard(worker)
            self._busy.pop(worker, None)
            short = self._current() < self.size  # spares running: no replacement needed
        if short:
            self._respawn.put(1)

    def run(self, job: Job) -> tuple[str, str, bytes | str]:
        """(status, content type or message, body). Raises Busy, QueryTimedOut or WorkerCrashed."""
        # waiting for a free worker is not running: it gets its own, longer limit
        wait = max(QUEUE_WAIT, self.timeout)
        with self._lock:
            self._waiting += 1
        try:  # one wait: the queue hands free workers to the waiting requests in turn
            worker = self._idle.get(timeout=wait)
        except queue.Empty:
            raise Busy(f"all {self.size} query workers stayed busy for {wait:g} s; try again later") from None
        finally:
            with self._lock:
                self._waiting -= 1
        with self._lock:
            self._busy[worker] = time.monotonic()
        deadline = time.monotonic() + self.timeout
        try:
            worker.conn.send(job)
            if not worker.conn.poll(max(0.0, deadline - time.monotonic())):
                self._discard(worker)
                raise QueryTimedOut(f"query timed out after {self.timeout:g} s (kg serve --timeout)")
            reply = worker.conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            self._discard(worker)
            raise WorkerCrashed("the query worker crashed; try a simpler query") from None
        self._give_back(worker)  # (a rebuild swapped in while it ran: its store is the old one, it stops)
        if reply[0] == "ok":
            return reply
        return reply[0], reply[1], b""

    def close(self) -> None:
        self.closed = True
        with self._lock:
            workers = list(self._all)
            self._all.clear()
        for w in workers:
            w.stop()


# ---------------------------------------------------------------------------
# HTTP
# ---------------------------------------------------------------------------

class SparqlHandler(BaseHTTPRequestHandler):
    server: SparqlServer
    server_version = "kg-sparql/0.1"
    protocol_version = "HTTP/1.1"
    timeout = 10  # seconds a client may take to send its request (then its connection is closed)

    def parse_request(self) -> bool:
        """The base class, minus HTTP/0.9: a bare ``GET /`` gets a 400 at once, not a wait for headers."""
        raw: bytes = getattr(self, "raw_requestline", b"")  # set by handle_one_request before this call
        self.requestline = raw.decode("iso-8859-1", "replace").rstrip("\r\n")
        self.command = ""
        words = self.requestline.split()
        if len(words) == 2 or (len(words) == 3 and not words[2].startswith("HTTP/1.")):
            self.request_version = "HTTP/1.0"  # so the error is sent with a status line and headers
            self.close_connection = True
            self.send_error(HTTPStatus.BAD_REQUEST, explain="HTTP/1.0 or HTTP/1.1 requests only")
            return False
        return super().parse_request()

    # -- plumbing ----------------------------------------------------------
    def log_message(self, format: str, *args) -> None:  # noqa: A002 - signature of the base class
        if not self.server.quiet:
            sys.stderr.write(f"{self.address_string()} - {format % args}\n")

    def _send(self, status: int, body: bytes | str, content_type: str = "text/plain; charset=utf-8",
              headers: dict[str, str] | None = None) -> None:
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Vary", "Accept")
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _error(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        self._send(status, f"error: {message}\n", headers=headers)

    # -- routes ------------------------------------------------------------
    def do_OPTIONS(self) -> None:  # noqa: N802
        self.send_response(HTTPStatus.NO_CONTENT)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
        self.send_header("Access-Control-Allow-Headers", "Content-Type, Accept")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self) -> None:  # noqa: N802
        url = urlsplit(self.path)
        path = url.path.rstrip("/") or "/"
        params = parse_qs(url.query, keep_blank_values=True)
        if path in ("/", "/index.html"):
            return self._static("graph.html")
        if path.lstrip("/") in STATIC:
            return self._static(path.lstrip("/"))
        if path == "/update":
            return self._error(HTTPStatus.FORBIDDEN, "SPARQL updates are not allowed: this endpoint is read-only")
        if path not in ("/sparql", "/query"):
            return self._error(HTTPStatus.NOT_FOUND, f"no such page: {url.path} (the endpoint is /sparql)")
        if "update" in params:
            return self._error(HTTPStatus.FORBIDDEN, "SPARQL updates are not allowed: this endpoint is read-only")
        if "query" not in params:
            return self._service_description(url.path)
        queries = params.get("query", [])
        if len(queries) != 1 or not queries[0].strip():
            return self._error(HTTPStatus.BAD_REQUEST, "give exactly one non-empty 'query' parameter, "
                                                       "e.g. /sparql?query=ASK%7B%3Fs%20%3Fp%20%3Fo%7D")
        self._query(queries[0], params)

    do_HEAD = do_GET

    def do_POST(self) -> None:  # noqa: N802
        url = urlsplit(self.path)
        path = url.path.rstrip("/") or "/"
        params = parse_qs(url.query, keep_blank_values=True)
        ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        length = self.headers.get("Content-Length")
        try:
            n = int(length) if length is not None else 0
        except ValueError:
            n = -1
        if n < 0 or (length is not None and not length.strip().isdigit()):
            self.close_connection = True
            return self._error(HTTPStatus.BAD_REQUEST, "bad Content-Length (a number of bytes, 0 or more)")
        if n > MAX_BODY:
            self.close_connection = True
            return self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"request body over {MAX_BODY} bytes")
        raw = self.rfile.read(n) if n else b""
        if path == "/update" or ctype == "application/sparql-update":
            return self._error(HTTPStatus.FORBIDDEN, "SPARQL updates are not allowed: this endpoint is read-only")
        if path not in ("/sparql", "/query"):
            return self._error(HTTPStatus.NOT_FOUND, f"no such endpoint: {url.path} (use /sparql)")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return self._error(HTTPStatus.BAD_REQUEST, "the request body is not UTF-8")
        if ctype == "application/x-www-form-urlencoded":
            form = parse_qs(text, keep_blank_values=True)
            if "update" in form:
                return self._error(HTTPStatus.FORBIDDEN,
                                   "SPARQL updates are not allowed: this endpoint is read-only")
            for k, v in form.items():
                params.setdefault(k, []).extend(v)
            queries = params.get("query", [])
            if len(queries) != 1 or not queries[0].strip():
                return self._error(HTTPStatus.BAD_REQUEST, "give exactly one non-empty 'query' form field")
            return self._query(queries[0], params)
        if ctype == "application/sparql-query":
            if not text.strip():
                return self._error(HTTPStatus.BAD_REQUEST, "empty query")
            return self._query(text, params)
        return self._error(HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                           "POST application/sparql-query or application/x-www-form-urlencoded (query=...)")

    def _method_not_allowed(self) -> None:
        self._error(HTTPStatus.METHOD_NOT_ALLOWED, f"{self.command} is not supported: the endpoint is read-only",
                    headers={"Allow": "GET, POST, HEAD, OPTIONS"})

    do_PUT = do_DELETE = do_PATCH = _method_not_allowed

    # -- work --------------------------------------------------------------
    def _static(self, name: str) -> None:
        path = self.server.directory / name
        if not path.is_file():
            return self._error(HTTPStatus.NOT_FOUND, f"{name} is not in {self.server.directory}")
        self._send(HTTPStatus.OK, path.read_bytes(), STATIC[name])

    def _service_description(self, path: str) -> None:
        """The SPARQL 1.1 Service Description of this endpoint, in Turtle."""
        host = self.headers.get("Host") or "{}:{}".format(*self.server.server_address[:2])
        formats = " , ".join(f"<http://www.w3.org/ns/formats/{f}>" for f in (
            "SPARQL_Results_JSON", "SPARQL_Results_XML", "SPARQL_Results_CSV", "SPARQL_Results_TSV",
            "Turtle", "N-Triples", "JSON-LD", "RDF_XML"))
        text = ("@prefix sd: <http://www.w3.org/ns/sparql-service-description#> .\n\n"
                f"<http://{host}{path}>\n    a sd:Service ;\n    sd:endpoint <http://{host}{path}> ;\n"
                "    sd:supportedLanguage sd:SPARQL11Query ;\n"
                "    sd:feature sd:UnionDefaultGraph ;\n"
                f"    sd:resultFormat {formats} ;\n"
                "    sd:defaultDataset [ a sd:Dataset ; sd:defaultGraph [ a sd:Graph ] ] .\n")
        self._send(HTTPStatus.OK, text, "text/turtle; charset=utf-8")

    def _query(self, query: str, params: dict[str, list[str]]) -> None:
        from kg.sparql.store import is_update

        if is_update(query):
            return self._error(HTTPStatus.FORBIDDEN, "SPARQL updates are not allowed: this endpoint is read-only")
        formats = params.get("format")
        override = formats[0] if formats else None
        job = Job(query=query, accept=self.headers.get("Accept"), override=override,
                  default_graph=params.get("default-graph-uri") or None,
                  named_graphs=params.get("named-graph-uri") or None,
                  allow_service=self.server.allow_service)
        try:
            status, first, body = self.server.pool.run(job)
        except (Busy, QueryTimedOut) as exc:
            return self._error(HTTPStatus.SERVICE_UNAVAILABLE, str(exc))
        except WorkerCrashed as exc:
            return self._error(HTTPStatus.INTERNAL_SERVER_ERROR, str(exc))
        if status == "ok":
            return self._send(HTTPStatus.OK, body, first)
        code = {"bad": HTTPStatus.BAD_REQUEST, "unacceptable": HTTPStatus.NOT_ACCEPTABLE,
                "too_large": HTTPStatus.REQUEST_ENTITY_TOO_LARGE}.get(status, HTTPStatus.INTERNAL_SERVER_ERROR)
        self._error(code, first)


class SparqlServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128  # listen backlog: 200 clients connecting at once are queued, not reset

    def __init__(self, address, directory: Path, pool: QueryPool, quiet: bool = False,
                 allow_service: tuple[str, ...] = ()):
        super().__init__(address, SparqlHandler)
        self.directory = Path(directory)
        self.pool = pool
        self.quiet = quiet
        self.allow_service = tuple(allow_service)

    def handle_error(self, request, client_address) -> None:
        """One line on stderr instead of a traceback (clients that hang up are not worth one)."""
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError)):
            return
        sys.stderr.write(f"error: request from {client_address[0]} failed: {type(exc).__name__}: {exc}\n")


def serve(directory: Path, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, timeout: float = DEFAULT_TIMEOUT,
          workers: int = 4, quiet: bool = False, ready=None, allow_service: tuple[str, ...] = ()) -> None:
    """Run the endpoint until Ctrl-C (or SIGTERM). ``ready(url)`` is called once it listens."""
    from kg.sparql.store import store_path

    store_dir = store_path(Path(directory))
    directory = store_dir.parent if store_dir.name == "store" else Path(directory)
    pool = QueryPool(store_dir, workers=workers, timeout=timeout)
    server = None
    stop = threading.Event()
    previous_term = signal.getsignal(signal.SIGTERM)

    def on_term(signum, frame):
        raise KeyboardInterrupt

    previous_int = signal.getsignal(signal.SIGINT)
    try:
        signal.signal(signal.SIGTERM, on_term)
        # Ctrl-C stops the server even when started from a script that ignores SIGINT
        signal.signal(signal.SIGINT, signal.default_int_handler)
        pool.start()
        server = SparqlServer((host, port), directory, pool, quiet=quiet, allow_service=allow_service)
        thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2},
                                  name="kg-serve", daemon=True)
        thread.start()
        h, p = str(server.server_address[0]), server.server_address[1]
        shown = f"[{h}]" if ":" in h else h
        if ready:
            ready(f"http://{shown}:{p}")
        while not stop.is_set():
            pool.maintain()
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous_term)
        signal.signal(signal.SIGINT, previous_int)
        if server is not None:
            server.shutdown()
            server.server_close()
        pool.close()
