"""The RDF exports: the three serializations agree, and odd text survives a round trip."""
from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
import rdflib
from rdflib.compare import isomorphic
from rdflib.namespace import DCTERMS, RDF, RDFS, SKOS

from kg.export.rdf import render_jsonld, render_ntriples, render_turtle, to_rdf
from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
from kg.records import Evidence, Paper
from kg.rdf.namespaces import KG


@pytest.fixture(scope="module")
def parsed(example_build, example_rdf) -> dict[str, rdflib.Graph]:
    return {
        "ttl": example_rdf,
        "nt": rdflib.Graph().parse(example_build / "graph.nt", format="nt"),
        "jsonld": rdflib.Graph().parse(example_build / "graph.jsonld", format="json-ld"),
    }


def by_value(graph: rdflib.Graph) -> rdflib.Graph:
    """A copy with typed literals rewritten from their value (so "60"^^xsd:decimal == "60.0"^^xsd:decimal)."""
    def canon(term):
        if isinstance(term, rdflib.Literal) and term.datatype is not None and term.value is not None \
                and not isinstance(term.value, str):
            value = term.value.normalize() if isinstance(term.value, Decimal) else term.value
            return rdflib.Literal(str(value), datatype=term.datatype)
        return term

    out = rdflib.Graph()
    for s, p, o in graph:
        out.add((s, p, canon(o)))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["nt", "jsonld"])
def test_serializations_agree(parsed, fmt):
    """Same triples (up to the lexical form of typed literals) in graph.ttl, graph.nt and graph.jsonld."""
    ttl, other = parsed["ttl"], parsed[fmt]
    assert len(ttl) > 1000
    assert len(other) == len(ttl)
    assert set(other.subjects()) == set(ttl.subjects())
    assert set(other.predicates()) == set(ttl.predicates())
    assert isomorphic(by_value(ttl), by_value(other))


@pytest.mark.parametrize("fmt", ["nt", "jsonld"])
def test_serializations_are_isomorphic(parsed, fmt):
    """Strictly the same RDF terms: a SPARQL str(?x) gives the same text whichever file was loaded."""
    ttl, other = parsed["ttl"], parsed[fmt]
    only_ttl = sorted(set(ttl) - set(other))[:3]
    only_other = sorted(set(other) - set(ttl))[:3]
    assert isomorphic(ttl, other), f"graph.ttl has {only_ttl}, graph.{fmt} has {only_other}"


def test_ntriples_is_sorted_one_triple_a_line(example_build):
    lines = (example_build / "graph.nt").read_text(encoding="utf-8").splitlines()
    assert lines == sorted(lines)
    assert len(lines) == len(set(lines))
    assert all(line.endswith(" .") for line in lines)


NASTY_LABEL = 'He said "hi"\nthen <b>left</b> & wrote \\ """triple""" \'\'\'x\'\'\' \t end\r\x00\x7f\u2028 🚀 "'
NASTY_ALIAS = "<https://evil/> ; . # not a comment \\"


def tiny_graph() -> KnowledgeGraph:
    abstract = f"We propose {NASTY_LABEL} for testing."
    paper = Paper(id="p1", abstract=abstract, title='A "title" <with> tags', venue="ICML", year=2026)
    ent = Entity(id="nasty", type="Method", label=NASTY_LABEL, aliases=[NASTY_ALIAS], papers=["p1"])
    other = Entity(id="cifar-10", type="Dataset", label="CIFAR-10", papers=["p1"])
    ev = Evidence(sentence=abstract, start=0, end=len(abstract), component="test", confidence=1.0)
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


def test_paper_id_equal_to_an_entity_slug_stays_apart():
    """A paper whose input id is "foonet" proposing FooNet: two nodes, the paper mentions the entity."""
    from kg.extract import Extractor
    from kg.resolve import resolve

    paper = Paper(id="foonet", abstract="We propose FooNet, a convolutional network for image classification. "
                                        "FooNet is evaluated on CIFAR-10 and outperforms ResNet-50.")
    rdf = to_rdf(resolve(list(Extractor().pipe([paper]))))
    p = next(rdf.subjects(KG.identifier, rdflib.Literal("foonet")))
    ents = [e for e in rdf.subjects(RDFS.label, rdflib.Literal("FooNet")) if (e, RDF.type, KG.Paper) not in rdf]
    assert len(ents) == 1, ents
    ent = ents[0]
    assert ent != p
    assert (p, KG.mentions, p) not in rdf, "the paper mentions itself instead of the entity"
    assert (p, KG.mentions, ent) in rdf
    relations = [t for name in ("proposes", "uses", "evaluatedOn", "outperforms", "addresses")
                 for t in rdf.triples((ent, KG[name], None))]
    assert relations, "FooNet's own relations were attached to the paper node"


@pytest.mark.slow
def test_odd_input_builds_parseable_rdf(tmp_path):
    """End to end: control characters, quotes and markup in JSONL fields give RDF every parser reads alike."""
    from click.testing import CliRunner

    from kg.cli import main

    records = [
        {"id": "odd/1 #x", "title": 'Quotes " and \\ backslash\u0000 NUL',
         "abstract": 'We propose "FooNet"\r\n with <b>tags</b> \u2028 for image classification on CIFAR-10. '
                     "Code: https://github.com/a/b.",
         "authors": ["O'Brien, J.", "Ünal \"Q\""], "keywords": ["a\tb", "<kw>"],
         "url": "javascript:alert(1)", "venue": "ICML <2026>", "year": "2026"},
        {"id": "2", "abstract": "Large language models (LLMs) are evaluated on GSM8K \U0001F680."},
    ]
    src = tmp_path / "odd.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(src), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    ttl = rdflib.Graph().parse(out / "graph.ttl", format="turtle")
    for name, fmt in (("graph.nt", "nt"), ("graph.jsonld", "json-ld")):
        assert isomorphic(ttl, rdflib.Graph().parse(out / name, format=fmt)), name
    abstracts = {str(a) for a in ttl.objects(None, DCTERMS.abstract)}
    assert any('"FooNet"' in a for a in abstracts)
    # a url that is not http(s) stays text: a literal, never an IRI (the explorer never links it)
    assert not any(isinstance(o, rdflib.URIRef) and str(o).startswith("javascript:") for o in ttl.objects())
    assert rdflib.Literal("javascript:alert(1)") in set(ttl.objects(None, rdflib.URIRef("https://schema.org/url")))
    assert len(set(ttl.subjects(RDF.type, KG.Paper))) == 2


# ------------------------------------------------------------ JSON-LD terms, build provenance (issue 17)

PROV_NS = rdflib.Namespace("http://www.w3.org/ns/prov#")


def test_jsonld_reads_as_plain_json(example_build):
    doc = json.loads((example_build / "graph.jsonld").read_text(encoding="utf-8"))
    nodes = {n["@id"]: n for n in doc["@graph"]}
    ent = nodes["https://w3id.org/kg-ml/id/entity/multimodal-crystal-flow"]
    assert ent["@type"] == "kg:Model" and ent["label"] == ent["prefLabel"] == "Multimodal Crystal Flow"
    assert "MCFlow" in ent["altLabel"]
    paper = next(n for n in doc["@graph"] if "kg:Paper" in n.get("@type", []))
    assert isinstance(paper["abstract"], str) and isinstance(paper["label"], str)
    assert all(isinstance(m, str) and m.startswith("https://") for m in paper["mentions"])
    assert doc["@context"]["label"] == "rdfs:label"
    assert doc["@context"]["mentions"] == {"@id": "kg:mentions", "@type": "@id"}
    # the control: the terms expand to the same IRIs as graph.nt has
    g = rdflib.Graph().parse(example_build / "graph.jsonld", format="json-ld")
    iri = rdflib.URIRef(ent["@id"])
    assert (iri, RDFS.label, rdflib.Literal("Multimodal Crystal Flow")) in g
    assert (rdflib.URIRef(paper["@id"]), KG.mentions, rdflib.URIRef(paper["mentions"][0])) in g


def test_build_is_a_prov_activity(example_build, example_rdf):
    import hashlib

    import kg
    from kg.rdf.provenance import pipeline_hash

    (build,) = example_rdf.subjects(RDF.type, PROV_NS.Activity)
    agent = example_rdf.value(build, PROV_NS.wasAssociatedWith)
    assert str(example_rdf.value(agent, rdflib.URIRef("https://schema.org/softwareVersion"))) == kg.__version__
    assert str(example_rdf.value(build, KG.pipelineHash)) == pipeline_hash(kg.__version__)
    example = Path(__file__).resolve().parents[1] / "examples" / "icml2026.txt"
    sha1 = hashlib.sha1(example.read_bytes()).hexdigest()
    (used,) = example_rdf.objects(build, PROV_NS.used)
    assert str(used) == f"urn:sha1:{sha1}" and str(example_rdf.value(used, RDFS.label)) == "icml2026.txt"
    assert example_rdf.value(build, PROV_NS.endedAtTime) is None  # no SOURCE_DATE_EPOCH: no clock time


def test_provenance_keeps_exports_byte_identical_and_takes_source_date_epoch(tmp_path):
    from kg.rdf.provenance import build_provenance, pipeline_hash, source_date

    a, b = tmp_path / "a" / "in.txt", tmp_path / "b" / "in.txt"
    for f in (a, b):
        f.parent.mkdir()
        f.write_text("ICML 2026 Papers\n\nWe propose FooNet for image classification on CIFAR-10.\n", encoding="utf-8")
    one, two = build_provenance([a], environ={}), build_provenance([b], environ={})
    assert one == two and one.ended is None  # the same bytes elsewhere: the same provenance
    b.write_text("ICML 2026 Papers\n\nWe propose BarNet.\n", encoding="utf-8")
    assert build_provenance([b], environ={}).id != one.id  # the control: other bytes, another build
    assert source_date({"SOURCE_DATE_EPOCH": "1767225600"}) == "2026-01-01T00:00:00Z"
    assert source_date({"SOURCE_DATE_EPOCH": "soon"}) is None
    lex = tmp_path / "lex.tsv"
    lex.write_text("foonet\tMethod\n", encoding="utf-8")
    assert pipeline_hash("0.1.0", [lex]) != pipeline_hash("0.1.0") != pipeline_hash("0.2.0")
