"""`kg serve`: the real server on a free localhost port, queried over HTTP with urllib.

Covers the SPARQL 1.1 Protocol (GET, POST form, POST sparql-query), content
negotiation, refused updates, a query stopped by a tiny timeout (and the
server still answering afterwards), graph.html, and a clean exit on Ctrl-C.
"""
from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
import urllib.parse

import pytest
from rdflib import Graph, URIRef
from serving import ROOT, SLOW, TIMEOUT, Server, get, request

pytestmark = pytest.mark.slow  # every test starts `kg serve` (a server and its worker processes)
#: a cross product of the whole graph with itself, three times: far beyond TIMEOUT
LABELS = "SELECT ?label WHERE { ?m a kg:Method ; skos:prefLabel ?label } ORDER BY ?label LIMIT 3"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


def test_binds_localhost_by_default(server):
    assert server.url.startswith("http://127.0.0.1:")


def test_get_select_json(server):
    status, headers, body = get(server, LABELS)
    assert status == 200
    assert headers["Content-Type"].startswith("application/sparql-results+json")
    data = json.loads(body)
    assert data["head"]["vars"] == ["label"]
    assert len(data["results"]["bindings"]) == 3


def test_post_form_and_direct_query(server):
    form = urllib.parse.urlencode({"query": LABELS}).encode()
    status, _h, body = request(server.endpoint, form, {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 200 and len(json.loads(body)["results"]["bindings"]) == 3
    status, _h, body = request(server.endpoint, LABELS.encode(), {"Content-Type": "application/sparql-query"})
    assert status == 200 and len(json.loads(body)["results"]["bindings"]) == 3


@pytest.mark.parametrize("accept, ctype, check", [
    ("application/sparql-results+xml", "application/sparql-results+xml", lambda b: b"<sparql" in b),
    ("text/csv", "text/csv", lambda b: b.splitlines()[0] == b"label"),
    ("text/tab-separated-values", "text/tab-separated-values", lambda b: b.splitlines()[0] == b"?label"),
    ("text/html;q=0.9, application/sparql-results+json", "application/sparql-results+json",
     lambda b: "results" in json.loads(b)),
    ("*/*", "application/sparql-results+json", lambda b: "results" in json.loads(b)),
])
def test_content_negotiation_for_select(server, accept, ctype, check):
    status, headers, body = get(server, LABELS, accept)
    assert status == 200
    assert headers["Content-Type"].startswith(ctype)
    assert check(body)


def test_ask(server):
    status, _h, body = get(server, "ASK { ?p a kg:Paper }")
    assert status == 200 and json.loads(body)["boolean"] is True


def test_construct_turtle_and_ntriples(server):
    q = "CONSTRUCT { ?m a kg:Method } WHERE { ?m a kg:Method } LIMIT 3"
    status, headers, body = get(server, q)
    assert status == 200 and headers["Content-Type"].startswith("text/turtle")
    assert len(Graph().parse(data=body.decode(), format="turtle")) == 3
    status, headers, body = get(server, q, "application/n-triples")
    assert status == 200 and headers["Content-Type"].startswith("application/n-triples")
    assert len(body.decode().strip().splitlines()) == 3
    status, _h, body = get(server, q, format="jsonld")
    assert status == 200 and json.loads(body)


def test_not_acceptable(server):
    status, _h, body = get(server, LABELS, "image/png")
    assert status == 406 and b"available" in body


def test_format_sparqlwrapper_sends_falls_back_to_accept(server):
    """SPARQLWrapper sends format=n3 (and Accept) with every query: Accept decides, not a 406."""
    status, headers, body = get(server, LABELS, "application/sparql-results+json", format="n3")
    assert status == 200 and headers["Content-Type"].startswith("application/sparql-results+json")
    assert json.loads(body)["results"]["bindings"]
    status, headers, body = get(server, "CONSTRUCT { ?s a ?t } WHERE { ?s a ?t } LIMIT 2", format="n3")
    assert status == 200 and headers["Content-Type"].startswith("text/turtle")  # Turtle is N3
    assert len(Graph().parse(data=body.decode(), format="turtle")) == 2
    status, headers, _b = get(server, LABELS, None, format="csv")  # a format the result can have still wins
    assert status == 200 and headers["Content-Type"].startswith("text/csv")


def test_get_without_a_query_is_the_service_description(server):
    status, headers, body = request(server.endpoint)
    assert status == 200 and headers["Content-Type"].startswith("text/turtle")
    sd = Graph().parse(data=body.decode(), format="turtle")
    SD = "http://www.w3.org/ns/sparql-service-description#"
    (service,) = sd.subjects(URIRef(RDF_TYPE), URIRef(SD + "Service"))
    assert str(sd.value(service, URIRef(SD + "endpoint"))).endswith("/sparql")
    assert (service, URIRef(SD + "supportedLanguage"), URIRef(SD + "SPARQL11Query")) in sd


def test_updates_are_refused(server):
    update = "INSERT DATA { <urn:a> <urn:b> <urn:c> }"
    form = urllib.parse.urlencode({"update": update}).encode()
    assert request(server.endpoint, form, {"Content-Type": "application/x-www-form-urlencoded"})[0] == 403
    assert request(server.endpoint, update.encode(), {"Content-Type": "application/sparql-update"})[0] == 403
    status, _h, body = request(server.url + "/update", form, {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 403
    status, _h, body = get(server, update)  # an update sent as a query
    assert status == 403 and b"read-only" in body
    assert request(server.endpoint, b"", method="PUT")[0] == 405
    status, _h, body = get(server, "ASK { <urn:a> <urn:b> <urn:c> }")
    assert json.loads(body)["boolean"] is False


def test_syntax_error_is_a_400_with_position(server):
    status, _h, body = get(server, "SELECT * WHERE { ?s ?p }")
    assert status == 400
    text = body.decode()
    assert "line 1, column" in text and "Traceback" not in text
    assert len(text.strip().splitlines()) == 1


def test_bad_requests(server):
    assert request(server.endpoint + "?query=")[0] == 400  # an empty query
    assert request(server.endpoint, b"query=x", {"Content-Type": "text/plain"})[0] == 415
    assert request(server.url + "/nothing-here")[0] == 404


def test_slow_query_times_out_and_the_server_recovers(server):
    started = time.monotonic()
    status, _h, body = get(server, SLOW)
    elapsed = time.monotonic() - started
    assert status == 503
    assert b"timed out" in body
    assert elapsed < TIMEOUT + 10
    # the killed worker is replaced; queries keep working
    for _ in range(3):
        status, _h, body = get(server, "ASK { ?s ?p ?o }")
        assert status == 200 and json.loads(body)["boolean"] is True


def test_graph_html_and_downloads(server, example_build):
    status, headers, body = request(server.url + "/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert body == (example_build / "graph.html").read_bytes()
    status, headers, body = request(server.url + "/graph.ttl")
    assert status == 200 and headers["Content-Type"].startswith("text/turtle")


def test_concurrent_queries(server):
    results: list[int] = []

    def one():
        results.append(get(server, LABELS)[0])

    threads = [threading.Thread(target=one) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [200] * 8


def test_exits_cleanly_on_ctrl_c(example_build):
    s = Server(example_build)
    assert get(s, "ASK { ?s ?p ?o }")[0] == 200
    code, stderr = s.stop()
    assert code == 0, stderr
    assert "Traceback" not in stderr
    assert "stopped" in stderr


def test_missing_store_is_a_one_line_error(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "kg", "serve", str(tmp_path), "--port", "0"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert "no SPARQL store" in proc.stderr and "Traceback" not in proc.stderr
