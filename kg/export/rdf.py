"""RDF export (Turtle, N-Triples, JSON-LD) under the kg ontology.

The shape follows ``docs/RDF.md`` and the contract SPARQL users rely on:
papers typed ``kg:Paper`` with ``dcterms:abstract``; entities typed directly
with one of the six classes and labelled (``rdfs:label``, ``skos:prefLabel``,
``skos:altLabel``); a direct ``kg:mentions`` triple from a paper to every
entity it mentions; the five relations as direct triples; evidence as
``kg:Evidence`` statement nodes (``rdf:subject/predicate/object`` +
``prov:wasDerivedFrom`` the paper).
"""
from __future__ import annotations

import hashlib
import json
import re

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SKOS, XSD

from kg.graph.model import KnowledgeGraph
from kg.resolve.keys import slug
from kg.vocab import DEFAULT_BASE_IRI, KG, PREFIXES, SCHEMA

_IRI_UNSAFE = re.compile(r'[\s<>"{}|\\^`]')


def _safe_iri(url: str) -> URIRef | None:
    """A URL from the text as an IRI, or None when it cannot be one."""
    if not re.match(r"^https?://[^/\s]+", url) or _IRI_UNSAFE.search(url):
        return None
    return URIRef(url)


def _decimal(x: float) -> Literal:
    return Literal(f"{x:.3f}".rstrip("0").rstrip(".") if "." in f"{x:.3f}" else f"{x}", datatype=XSD.decimal)


class Iris:
    """Instance IRIs under a base (``--base-iri``)."""

    def __init__(self, base: str = DEFAULT_BASE_IRI):
        if not base.endswith(("/", "#")):
            base += "/"
        self.base = base

    def paper(self, pid: str) -> URIRef:
        return URIRef(f"{self.base}paper/{pid}")

    def entity(self, eid: str) -> URIRef:
        return URIRef(f"{self.base}entity/{eid}")

    def venue(self, name: str) -> URIRef:
        return URIRef(f"{self.base}venue/{slug(name)}")

    def evidence(self, *parts: object) -> URIRef:
        digest = hashlib.sha1("\x1f".join(map(str, parts)).encode("utf-8")).hexdigest()[:16]
        return URIRef(f"{self.base}evidence/{digest}")

    def node(self, graph: KnowledgeGraph, node_id: str) -> URIRef:
        return self.paper(node_id) if graph.is_paper(node_id) else self.entity(node_id)


def to_rdf(graph: KnowledgeGraph, base_iri: str = DEFAULT_BASE_IRI) -> Graph:
    iris = Iris(base_iri)
    g = Graph()
    for prefix, ns in PREFIXES.items():
        g.bind(prefix, ns)
    for pid in sorted(graph.papers):
        node = graph.papers[pid]
        p = iris.paper(pid)
        g.add((p, RDF.type, KG.Paper))
        g.add((p, RDF.type, SCHEMA.ScholarlyArticle))
        g.add((p, KG.identifier, Literal(node.paper.id)))
        if node.title:
            g.add((p, DCTERMS.title, Literal(node.title)))
        g.add((p, RDFS.label, Literal(node.display_title)))
        g.add((p, DCTERMS.abstract, Literal(node.abstract)))
        if node.paper.year:
            g.add((p, DCTERMS.issued, Literal(str(node.paper.year), datatype=XSD.gYear)))
        if node.paper.venue:
            v = iris.venue(node.paper.venue)
            g.add((p, KG.venue, v))
            g.add((v, RDF.type, KG.Venue))
            g.add((v, RDFS.label, Literal(node.paper.venue)))
        url = _safe_iri(node.paper.url) if node.paper.url else None
        if url is not None:
            g.add((p, SCHEMA.url, url))
        for author in node.paper.authors:
            g.add((p, DCTERMS.creator, Literal(author)))
        for kw in node.paper.keywords:
            g.add((p, SCHEMA.keywords, Literal(kw)))
        for code in node.code_urls:
            c = _safe_iri(code)
            if c is not None:
                g.add((p, SCHEMA.codeRepository, c))
                g.add((c, RDF.type, SCHEMA.SoftwareSourceCode))
    for eid in sorted(graph.entities):
        ent = graph.entities[eid]
        e = iris.entity(eid)
        g.add((e, RDF.type, KG[ent.type]))
        g.add((e, RDFS.label, Literal(ent.label)))
        g.add((e, SKOS.prefLabel, Literal(ent.label)))
        for alias in ent.aliases:
            g.add((e, SKOS.altLabel, Literal(alias)))
        g.add((e, KG.paperCount, Literal(len(ent.papers), datatype=XSD.integer)))
        for vid in ent.vocabulary:
            v = _safe_iri(vid)
            if v is not None:
                g.add((e, SKOS.closeMatch, v))
    for link in graph.links:
        s, o = iris.node(graph, link.subject), iris.node(graph, link.object)
        pred = KG[link.predicate]
        g.add((s, pred, o))
        ev = link.evidence
        st = iris.evidence(link.subject, link.predicate, link.object, link.paper, ev.section, ev.start, ev.component)
        g.add((st, RDF.type, KG.Evidence))
        g.add((st, RDF.type, RDF.Statement))
        g.add((st, RDF.subject, s))
        g.add((st, RDF.predicate, pred))
        g.add((st, RDF.object, o))
        g.add((st, PROV.wasDerivedFrom, iris.paper(link.paper)))
        g.add((st, KG.sentence, Literal(ev.sentence)))
        g.add((st, KG.section, Literal(ev.section)))
        g.add((st, KG.startOffset, Literal(ev.start, datatype=XSD.integer)))
        g.add((st, KG.endOffset, Literal(ev.end, datatype=XSD.integer)))
        g.add((st, KG.extractor, Literal(ev.component)))
        g.add((st, KG.confidence, _decimal(ev.confidence)))
    return g


def render_turtle(g: Graph) -> str:
    """Canonical Turtle (rdflib ``longturtle``: sorted, stable across runs)."""
    return g.serialize(format="longturtle")


def render_ntriples(g: Graph) -> str:
    """N-Triples, one triple a line, sorted so the file is byte-stable."""
    lines = g.serialize(format="nt").splitlines()
    return "\n".join(sorted(line for line in lines if line.strip())) + "\n"


def render_jsonld(g: Graph) -> str:
    """JSON-LD with the kg prefixes as context, nodes sorted by @id."""
    context = {prefix: str(ns) for prefix, ns in PREFIXES.items()}
    data = json.loads(g.serialize(format="json-ld", context=context, auto_compact=True))
    nodes = data.get("@graph", [data] if "@id" in data else [])
    for node in nodes:
        for key, value in node.items():
            if isinstance(value, list):
                node[key] = sorted(value, key=lambda v: json.dumps(v, sort_keys=True, ensure_ascii=False))
    nodes.sort(key=lambda n: str(n.get("@id", "")))
    out = {"@context": data.get("@context", context), "@graph": nodes}
    return json.dumps(out, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
