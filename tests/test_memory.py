"""The memory-saving paths of the RDF writers give the same bytes as the plain ones."""
from __future__ import annotations

from dataclasses import replace

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


def _prefix_graph():
    """Entities whose IRIs start with one another: their N-Triples order is not their JSON-LD order."""
    from test_export_writers import hostile_graph

    from kg.graph.model import Entity, Link

    g = hostile_graph()
    ev = g.links[0].evidence
    for eid in ("bert", "bert-large", "bert.v2", "bert/x", "bert0", "bertz", "bert-large-2"):
        g.entities[eid] = Entity(id=eid, type="Model", label=eid, papers=["p1"])
        g.links.append(Link("p1", "mentions", eid, "p1", ev))
    # the same statement at the same place, less sure: one evidence node with both confidences
    g.links.append(Link("p1", "mentions", "bert", "p1", replace(ev, confidence=0.5)))
    return g


def test_a_statement_made_twice_at_one_place_is_one_node_with_both_triples():
    triples = rdf.rdf_triples(_prefix_graph())
    assert triples == sorted(set(triples))
    nodes = {s for s, p, o in triples if p.endswith("#object>") and o.endswith("/entity/bert>")}
    assert len(nodes) == 1
    confidences = sorted(o for s, p, o in triples if s in nodes and p.endswith("confidence>"))
    assert [c.split('"')[1] for c in confidences] == ["0.5", "0.75"]


def test_file_readers_give_the_bytes_of_the_list_writers(tmp_path, example_rdf):
    """The build writes graph.nt from the triples as made and the other RDF exports from that file:
    the same bytes as each writer given the whole list, on hostile text, IRIs that start with others
    (``…/bert`` after ``…/bert-large`` in the file, before it in JSON-LD) and the example."""
    import io

    from kg.export.nquads import render_nquads, split_nquads, write_nquads_from_ntriples

    graph = _prefix_graph()
    cases = [rdf.rdf_triples(graph), rdf.nt_triples(example_rdf), []]
    assert list(rdf.iter_rdf_triples(graph)) == cases[0]
    jsonld = rdf.render_jsonld(cases[0])
    assert jsonld.index('"@id": "https://') and jsonld.index("/entity/bert\"") < jsonld.index("/entity/bert-large\"")
    for i, triples in enumerate(cases):
        nt = tmp_path / f"{i}.nt"
        nt.write_text(rdf.render_ntriples(triples), encoding="utf-8", newline="\n")
        assert list(rdf.read_ntriples(nt)) == triples
        if i == 0:
            text = nt.read_text(encoding="utf-8")
            assert text.index("/entity/bert-large> ") < text.index("/entity/bert> ")  # the case is exercised
        out, named = io.StringIO(), io.StringIO()
        write_nquads_from_ntriples(nt, out, named_out=named)
        assert out.getvalue() == render_nquads(triples)
        assert named.getvalue() == split_nquads(triples)[1]
        assert rdf.render_turtle(rdf.read_ntriples(nt)) == rdf.render_turtle(triples)
        out = io.StringIO()
        rdf.write_jsonld_from_ntriples(nt, out)
        assert out.getvalue() == rdf.render_jsonld(triples)
