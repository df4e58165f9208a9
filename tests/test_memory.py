"""The memory-saving paths of the RDF writers give the same bytes as the plain ones."""
from __future__ import annotations

import kg.export.rdf as rdf


def test_bounded_memos_do_not_change_the_output(example_build, monkeypatch):
    from kg.build import build_graph
    from conftest import EXAMPLE

    from kg.rdf.provenance import build_provenance

    graph, _ = build_graph([EXAMPLE])
    triples = rdf.rdf_triples(graph, provenance=build_provenance([EXAMPLE]))
    assert triples == sorted(set(triples))  # sorted and unique, as the writers need them
    turtle, jsonld = rdf.render_turtle(triples), rdf.render_jsonld(triples)
    monkeypatch.setattr(rdf, "MEMO_LIMIT", 3)  # the memos start over all the time
    assert rdf.render_turtle(triples) == turtle
    assert rdf.render_jsonld(triples) == jsonld
    assert turtle.encode() == (example_build / "graph.ttl").read_bytes()
