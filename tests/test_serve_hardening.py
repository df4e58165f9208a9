"""`kg serve` and `kg query` under abuse: SERVICE (SSRF), deep nesting, junk parameters, malformed HTTP, a rebuild.

Reproducers from ``../shared/hardening/serve/`` (``ssrf_check.py``, ``deep_braces_5k.rq``,
``mixed_store.py``) as tests: a SERVICE clause never makes the server (or ``kg query``) contact a
host; 5,000 nested braces are a one-line error, not a segfault; client errors are 4xx; a
``Content-Length: -1`` or an HTTP/0.9 request gets a 400 at once; a rebuilt folder is served
whole, old or new.
"""
from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from serving import ROOT, SLOW, Server, get, request

from kg.build import build

EXAMPLE = ROOT / "examples" / "icml2026.txt"
DATA = Path(__file__).parent / "data" / "hardening"
COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }"

pytestmark = pytest.mark.slow


class Listener:
    """A loopback HTTP service that records every connection made to it (the SSRF target)."""

    def __init__(self) -> None:
        self.hits: list[bytes] = []
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/internal-admin?token=x"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        body = b'{"head":{"vars":["secret"]},"results":{"bindings":[{"secret":{"type":"literal","value":"INTERNAL"}}]}}'
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.hits.append(conn.recv(65536))
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/sparql-results+json\r\nContent-Length: "
                         + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.sock.close()


@pytest.fixture()
def listener():
    lst = Listener()
    yield lst
    lst.close()


def test_service_is_refused_and_no_host_contacted(server, listener) -> None:
    for query in (f"SELECT ?secret WHERE {{ SERVICE <{listener.url}> {{ ?s ?p ?secret }} }}",
                  f"SELECT * WHERE {{ SERVICE SILENT <{listener.url}> {{ ?s ?p ?o }} }}",
                  f"SELECT * WHERE {{ \\u0053ERVICE <{listener.url}> {{ ?s ?p ?o }} }}"):
        status, _h, body = get(server, query)
        assert status == 400, body
        assert b"SERVICE" in body and b"INTERNAL" not in body
    status, _h, body = get(server, COUNT)  # positive control: the server answers other queries
    assert status == 200
    time.sleep(0.3)
    assert listener.hits == []


def test_kg_query_refuses_service_unless_allowed(example_build, listener) -> None:
    query = f"SELECT ?secret WHERE {{ SERVICE <{listener.url}> {{ ?s ?p ?secret }} }}"
    cp = subprocess.run([sys.executable, "-m", "kg", "query", query, "--store", str(example_build)], capture_output=True,
                        text=True, cwd=ROOT, timeout=120)
    assert cp.returncode == 1 and "Traceback" not in cp.stderr
    assert len(cp.stderr.strip().splitlines()) == 1 and "SERVICE" in cp.stderr
    time.sleep(0.3)
    assert listener.hits == []
    # positive control: with the endpoint on the allow-list the same query reaches it
    cp = subprocess.run([sys.executable, "-m", "kg", "query", query, "--store", str(example_build), "--allow-service",
                         listener.url, "--format", "csv"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert cp.returncode == 0, cp.stderr
    assert "INTERNAL" in cp.stdout and len(listener.hits) == 1


@pytest.mark.parametrize("name", ["deep_braces_5k.rq", "deep_parens_20k.rq"])
def test_deep_nesting_is_a_one_line_error_not_a_crash(name: str, example_build, server) -> None:
    query = (DATA / name).read_text(encoding="utf-8")
    cp = subprocess.run([sys.executable, "-m", "kg", "query", str(DATA / name), "--store", str(example_build)],
                        capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert cp.returncode == 1, (cp.returncode, cp.stderr[-300:])  # it was 139, a segfault
    assert len(cp.stderr.strip().splitlines()) == 1 and "nested" in cp.stderr
    status, _h, body = request(server.endpoint, data=query.encode(), headers={"Content-Type": "application/sparql-query"})
    assert status == 400 and b"nested" in body


def test_client_errors_are_4xx(server) -> None:
    cases = [
        get(server, COUNT, **{"default-graph-uri": "not an iri <>"}),
        get(server, "SELECT (<http://example.org/no-such-function>(1) AS ?x) WHERE {}"),
        get(server, "SELECT * WHERE { ?s ?p ?o } LIMIT", ),
    ]
    for status, _h, body in cases:
        assert 400 <= status < 500, (status, body)
    status, _h, _b = get(server, COUNT)
    assert status == 200


def raw_exchange(server: Server, data: bytes, timeout: float = 5.0) -> tuple[bytes, float]:
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    start = time.monotonic()
    with socket.create_connection((host, int(port)), timeout=timeout) as sock:
        sock.sendall(data)
        reply = sock.recv(4096)
    return reply, time.monotonic() - start


def test_malformed_http_gets_a_400_at_once(server) -> None:
    for data in (b"POST /sparql HTTP/1.1\r\nHost: x\r\nContent-Type: application/sparql-query\r\n"
                 b"Content-Length: -1\r\n\r\nASK {}",
                 b"GET /\r\n"):
        reply, _took = raw_exchange(server, data)  # raises socket.timeout after 5 s if no answer
        assert reply.split(b"\r\n")[0].endswith(b"400 Bad Request"), reply[:200]
    reply, _took = raw_exchange(server, b"GET /sparql?query=ASK%7B%7D HTTP/1.1\r\nHost: x\r\n\r\n")
    assert b" 200 " in reply.split(b"\r\n")[0]  # positive control


def test_a_rebuilt_folder_is_served_whole(tmp_path: Path) -> None:
    folder = tmp_path / "mix"
    build([EXAMPLE], folder)
    server = Server(folder, "--quiet")
    try:
        status, _h, body = get(server, COUNT, format="csv")
        assert status == 200
        old = body.decode().split()[-1]
        build([DATA / "00287_le_cr.txt"], folder)  # 3 papers
        deadline = time.monotonic() + 120
        answers: list[str] = []
        while time.monotonic() < deadline:
            answers.append(get(server, COUNT, format="csv")[2].decode().split()[-1])
            if answers[-1] == "3":
                break
            time.sleep(0.2)
        assert answers[-1] == "3", answers
        assert set(answers) <= {old, "3"}
        later = [get(server, COUNT, format="csv")[2].decode().split()[-1] for _ in range(20)]
        assert later == ["3"] * 20  # once switched, never back to the old store
    finally:
        server.stop()


def test_runaway_queries_do_not_starve_a_cheap_one(example_build: Path) -> None:
    """Two cross joins hold every worker (one, here) until their timeout: a cheap query still gets an answer.

    A request that finds every worker running a query for longer than ``SLOW_AFTER`` gets a spare
    worker; before, it waited for the runaways' timeout (29 s with the defaults).
    """
    server = Server(example_build, "--quiet", "--workers", "1", "--timeout", "120")
    try:
        answers: list[int] = []

        def runaway() -> None:
            try:
                answers.append(get(server, SLOW)[0])
            except OSError:  # the server stops under it at the end
                pass

        runaways = [threading.Thread(target=runaway, daemon=True) for _ in range(2)]
        for t in runaways:
            t.start()
        time.sleep(3)  # both queued on the one worker, the first running for longer than SLOW_AFTER
        status, _h, body = get(server, COUNT, format="csv")
        assert status == 200 and body.decode().split()[-1] == "19"
        assert all(t.is_alive() for t in runaways) and answers == []  # the runaways still run (or wait)
    finally:
        server.stop()
