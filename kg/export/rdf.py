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
from decimal import Decimal

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SKOS, XSD

from kg.graph.model import KnowledgeGraph
from kg.resolve.keys import slug
from kg.vocab import DEFAULT_BASE_IRI, KG, PREFIXES, SCHEMA
from kg.vocabulary import vocabulary_links

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

    def result(self, *parts: object) -> URIRef:
        digest = hashlib.sha1("\x1f".join(map(str, parts)).encode("utf-8")).hexdigest()[:16]
        return URIRef(f"{self.base}result/{digest}")

    def node(self, graph: KnowledgeGraph, node_id: str) -> URIRef:
        return self.paper(node_id) if graph.is_paper(node_id) else self.entity(node_id)


def to_rdf(graph: KnowledgeGraph, base_iri: str = DEFAULT_BASE_IRI) -> Graph:
    """The export as an rdflib Graph, for scripts and tests (the build renders from :func:`rdf_triples`)."""
    g = Graph()
    for prefix, ns in PREFIXES.items():
        g.bind(prefix, ns)
    for triple in rdf_triples(graph, base_iri):
        g.add(triple)
    return g


class _Sink(list):
    """Collects triples with rdflib's ``Graph.add`` signature, without a store's per-triple cost."""

    def add(self, triple: tuple) -> None:
        self.append(triple)


def rdf_triples(graph: KnowledgeGraph, base_iri: str = DEFAULT_BASE_IRI) -> list[tuple]:
    """Every triple of the export, deduplicated, in N-Triples order."""
    iris = Iris(base_iri)
    g = _Sink()
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
        # the SKOS concept (ontology/vocab/*.ttl, ontology/hardware.ttl) of each vocabulary match
        for concept, exact in vocabulary_links(ent.type, ent.label, ent.vocabulary):
            v = _safe_iri(concept)
            if v is not None:
                g.add((e, SKOS.exactMatch if exact else SKOS.closeMatch, v))
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
        _add_evidence(g, st, ev)
    _add_results(g, graph, iris)
    return _sorted(g)


def _sorted(triples) -> list[tuple]:
    """Deduplicated triples in N-Triples order (each term rendered once)."""
    memo: dict = {}

    def key(term) -> str:
        out = memo.get(term)
        if out is None:
            out = memo[term] = _nt(term)
        return out

    return sorted(set(triples), key=lambda t: (key(t[0]), key(t[1]), key(t[2])))


def _add_evidence(g, node: URIRef, ev) -> None:
    """The evidence literals of a link's statement node or a Result: sentence, offsets, extractor, confidence."""
    g.add((node, KG.sentence, Literal(ev.sentence)))
    g.add((node, KG.section, Literal(ev.section)))
    g.add((node, KG.startOffset, Literal(ev.start, datatype=XSD.integer)))
    g.add((node, KG.endOffset, Literal(ev.end, datatype=XSD.integer)))
    g.add((node, KG.extractor, Literal(ev.component)))
    g.add((node, KG.confidence, _decimal(ev.confidence)))


def _number(x: float) -> Literal:
    """An exact xsd:decimal as written in the text (6.9 → "6.9", 6.0 → "6", 0.01 → "0.01")."""
    return Literal(format(Decimal(repr(float(x))).normalize(), "f"), datatype=XSD.decimal)


def _add_results(g: Graph, graph: KnowledgeGraph, iris: Iris) -> None:
    """One kg:Result per quantitative claim, with its own evidence (see ontology/kg.ttl, kg:Result)."""
    for pid in sorted(graph.papers):
        p = iris.paper(pid)
        for q in graph.papers[pid].quantities:
            ev = q.evidence
            r = iris.result(pid, ev.section, ev.start, q.text, q.value, q.unit, q.metric, q.direction, q.baseline)
            g.add((r, RDF.type, KG.Result))
            g.add((r, RDFS.label, Literal(q.text or f"{q.metric} {q.value}{q.unit}".strip())))
            g.add((p, KG.hasResult, r))
            g.add((r, KG.reportedIn, p))
            g.add((r, PROV.wasDerivedFrom, p))
            if q.subject in graph.entities:
                g.add((r, KG.resultOf, iris.entity(q.subject)))
            if q.metric_entity in graph.entities and graph.entities[q.metric_entity].type == "Metric":
                g.add((r, KG.metric, iris.entity(q.metric_entity)))
            if q.metric:
                g.add((r, KG.metricName, Literal(q.metric)))
            g.add((r, KG.value, _number(q.value)))
            if q.low is not None:
                g.add((r, KG.lowerValue, _number(q.low)))
            for term, text in ((KG.unit, q.unit), (KG.direction, q.direction), (KG.baseline, q.baseline)):
                if text:
                    g.add((r, term, Literal(text)))
            for qual in filter(None, q.qualifier.split(", ")):
                g.add((r, KG.qualifier, Literal(qual)))
            _add_evidence(g, r, ev)


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_NEEDS_ESCAPE = re.compile(r'[\\"\n\r\t\b\f\x00-\x1f\x7f]')


def _escape(text: str) -> str:
    return _NEEDS_ESCAPE.sub(lambda m: _ESCAPES.get(m.group(0)) or f"\\u{ord(m.group(0)):04X}", text)


def _nt(term, qname=None) -> str:
    """A term in N-Triples syntax (or Turtle, when ``qname`` compacts IRIs)."""
    if isinstance(term, URIRef):
        return (qname(term) if qname else None) or f"<{term}>"
    if isinstance(term, Literal):
        text = f'"{_escape(str(term))}"'
        if term.language:
            return f"{text}@{term.language}"
        if term.datatype and term.datatype != XSD.string:
            return f"{text}^^{_nt(URIRef(term.datatype), qname)}"
        return text
    return f"_:{term}"


def _triples(data) -> list[tuple]:
    return _sorted(data) if isinstance(data, Graph) else data


_PN_LOCAL = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")


def _qname_function(prefixes: dict):
    by_length = sorted(((str(ns), prefix) for prefix, ns in prefixes.items()), key=lambda x: -len(x[0]))

    def qname(iri: URIRef) -> str | None:
        text = str(iri)
        for ns, prefix in by_length:
            if text.startswith(ns) and _PN_LOCAL.match(text[len(ns):]):
                return f"{prefix}:{text[len(ns):]}"
        return None
    return qname


def render_turtle(data) -> str:
    """Turtle, subjects and predicates sorted, one statement block per subject: byte-stable."""
    triples = _triples(data)
    used = {prefix: ns for prefix, ns in PREFIXES.items()}
    qname = _qname_function(used)
    lines = [f"@prefix {prefix}: <{ns}> ." for prefix, ns in sorted(used.items())]
    lines.append("")
    subject = None
    by_pred: dict[str, list[str]] = {}

    def flush() -> None:
        if subject is None:
            return
        preds = sorted(by_pred, key=lambda p: (p != "a", p))
        parts = [f"    {p} " + " ,\n        ".join(by_pred[p]) for p in preds]
        lines.append(_nt(subject, qname) + "\n" + " ;\n".join(parts) + " .\n")

    for s, p, o in triples:
        if s != subject:
            flush()
            subject, by_pred = s, {}
        pred = "a" if p == RDF.type else _nt(p, qname)
        by_pred.setdefault(pred, []).append(_nt(o, qname))
    flush()
    return "\n".join(lines)


def render_ntriples(data) -> str:
    """N-Triples, one triple a line, sorted so the file is byte-stable."""
    lines = sorted(f"{_nt(s)} {_nt(p)} {_nt(o)} ." for s, p, o in _triples(data))
    return "\n".join(lines) + "\n"


def _jsonld_value(term, compact) -> object:
    if isinstance(term, URIRef):
        return {"@id": compact(term)}
    if isinstance(term, Literal):
        if term.language:
            return {"@value": str(term), "@language": term.language}
        if term.datatype and term.datatype != XSD.string:
            return {"@value": str(term), "@type": compact(URIRef(term.datatype))}
        return str(term)
    return {"@id": f"_:{term}"}


def render_jsonld(data) -> str:
    """JSON-LD with the kg prefixes as context, nodes sorted by @id."""
    qname = _qname_function(PREFIXES)

    def compact(iri: URIRef) -> str:
        return qname(iri) or str(iri)

    nodes: dict[str, dict] = {}
    for s, p, o in _triples(data):
        node = nodes.setdefault(str(s), {"@id": compact(s) if isinstance(s, URIRef) else f"_:{s}"})
        if p == RDF.type:
            node.setdefault("@type", []).append(compact(o))
        else:
            node.setdefault(compact(p), []).append(_jsonld_value(o, compact))
    context = {prefix: str(ns) for prefix, ns in PREFIXES.items()}
    out = {"@context": context, "@graph": [nodes[k] for k in sorted(nodes)]}
    return json.dumps(out, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
