"""The RDF exports: the three serializations agree, and odd text survives a round trip."""
from __future__ import annotations

import pytest
import rdflib
from rdflib.compare import isomorphic
from rdflib.namespace import RDF, RDFS, SKOS

from kg.export.rdf import render_jsonld, render_ntriples, render_turtle, to_rdf
from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
from kg.records import Evidence, Paper
from kg.vocab import KG


@pytest.fixture(scope="module")
def parsed(example_build, example_rdf) -> dict[str, rdflib.Graph]:
    return {
        "ttl": example_rdf,
        "nt": rdflib.Graph().parse(example_build / "graph.nt", format="nt"),
        "jsonld": rdflib.Graph().parse(example_build / "graph.jsonld", format="json-ld"),
    }


@pytest.mark.parametrize("fmt", ["nt", "jsonld"])
def test_serializations_agree(parsed, fmt):
    ttl, other = parsed["ttl"], parsed[fmt]
    assert len(ttl) > 1000
    assert len(other) == len(ttl)
    assert set(other.subjects()) == set(ttl.subjects())
    assert isomorphic(ttl, other)


def test_ntriples_is_sorted_one_triple_a_line(example_build):
    lines = (example_build / "graph.nt").read_text(encoding="utf-8").splitlines()
    assert lines == sorted(lines)
    assert len(lines) == len(set(lines))
    assert all(line.endswith(" .") for line in lines)


NASTY_LABEL = 'He said "hi"\nthen <b>left</b> & wrote \\ """triple""" \'\'\'x\'\'\' \t end'
NASTY_ALIAS = "<https://evil/> ; . # not a comment"


def tiny_graph() -> KnowledgeGraph:
    abstract = f"We propose {NASTY_LABEL} for testing."
    paper = Paper(id="p1", abstract=abstract, title='A "title" <with> tags', venue="ICML", year=2026)
    ent = Entity(id="nasty", type="Method", label=NASTY_LABEL, aliases=[NASTY_ALIAS], papers=["p1"])
    other = Entity(id="cifar-10", type="Dataset", label="CIFAR-10", papers=["p1"])
    ev = Evidence(sentence=abstract, start=0, end=len(abstract), component="test", confidence=0.9)
    g = KnowledgeGraph(
        papers={"p1": PaperNode(id="p1", paper=paper, title=paper.title, abstract=abstract)},
        entities={"nasty": ent, "cifar-10": other},
        links=[Link("p1", "mentions", "nasty", "p1", ev), Link("p1", "proposes", "nasty", "p1", ev),
               Link("nasty", "evaluatedOn", "cifar-10", "p1", ev)],
    )
    return g


@pytest.mark.parametrize("fmt", ["turtle", "nt", "json-ld"])
def test_odd_text_survives_round_trip(fmt):
    rdf = to_rdf(tiny_graph(), "https://example.org/t/")
    text = {"turtle": render_turtle, "nt": render_ntriples, "json-ld": render_jsonld}[fmt](rdf)
    back = rdflib.Graph().parse(data=text, format=fmt)
    assert isomorphic(back, rdf)
    node = rdflib.URIRef("https://example.org/t/entity/nasty")
    assert (node, RDF.type, KG.Method) in back
    assert [str(x) for x in back.objects(node, RDFS.label)] == [NASTY_LABEL]
    assert [str(x) for x in back.objects(node, SKOS.altLabel)] == [NASTY_ALIAS]
    paper = rdflib.URIRef("https://example.org/t/paper/p1")
    assert (paper, KG.proposes, node) in back
    assert (node, KG.evaluatedOn, rdflib.URIRef("https://example.org/t/entity/cifar-10")) in back
