"""RDF export (Turtle, N-Triples, JSON-LD) under the kg ontology.

The shape follows ``docs/RDF.md`` and the contract SPARQL users rely on:
papers typed ``kg:Paper`` with ``dcterms:abstract``; entities typed directly
with one of the six classes and labelled (``rdfs:label``, ``skos:prefLabel``,
``skos:altLabel``); a direct ``kg:mentions`` triple from a paper to every
entity it mentions; the five relations as direct triples; evidence as
``kg:Evidence`` statement nodes (``rdf:subject/predicate/object`` +
``prov:wasDerivedFrom`` the paper).

The exporter's triples are tuples of terms already written in N-Triples
syntax (``<iri>``, ``"text"``, ``"5"^^<datatype>``): the writers only join
and compact strings, several times faster than making rdflib terms on a big
graph. :func:`to_rdf` turns them into an rdflib Graph for scripts and tests,
and every writer also accepts an rdflib Graph.

Each format has a ``write_*`` function that streams the text into an open file
(``kg build`` uses those: a whole export as one string would take several times
the memory of the triples) and a ``render_*`` function that returns it as a
string, the same text.
"""
from __future__ import annotations

import hashlib
import heapq
import io
import json
import os
import re
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from functools import cache
from itertools import islice
from json.encoder import encode_basestring
from operator import itemgetter
from typing import Any, TextIO

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SKOS, XSD

from kg.graph.model import KnowledgeGraph
from kg.names import slug
from kg.rdf.namespaces import DEFAULT_BASE_IRI, FABIO, JSONLD_TERMS, KG, PREFIXES, SCHEMA, jsonld_context
from kg.rdf.concepts import vocabulary_links
from kg.rdf.provenance import BuildProvenance
from kg.errors import InputError
from kg.rdf.iri import base_iri_problem, web_iri

#: A triple of N-Triples terms.
Triple = tuple[str, str, str]

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_NEEDS_ESCAPE = re.compile(r'[\\"\n\r\t\b\f\x00-\x1f\x7f]')
_UNESCAPES = {v: k for k, v in _ESCAPES.items()}
_ESCAPED = re.compile(r"\\(?:u[0-9A-Fa-f]{4}|.)")


def _escape(text: str) -> str:
    return _NEEDS_ESCAPE.sub(lambda m: _ESCAPES.get(m.group(0)) or f"\\u{ord(m.group(0)):04X}", text)


def _unescape(text: str) -> str:
    """The inverse of :func:`_escape`."""
    if "\\" not in text:
        return text
    return _ESCAPED.sub(lambda m: _UNESCAPES.get(m.group(0)) or chr(int(m.group(0)[2:], 16)), text)


def _literal(text: str) -> str:
    return f'"{_escape(text)}"'


def _typed(lexical: str, datatype: str) -> str:
    """A typed literal; ``datatype`` is an N-Triples IRI term."""
    return f'"{_escape(lexical)}"^^{datatype}'


class _Terms:
    """``_Terms(ns).name`` (or ``[name]``) is the IRI ``ns + name`` as an N-Triples term, made once."""

    def __init__(self, ns: object) -> None:  # a str, a Namespace or a DefinedNamespace
        self._ns = str(ns)

    def __getattr__(self, name: str) -> str:
        term = f"<{self._ns}{name}>"
        setattr(self, name, term)  # later look-ups hit the instance dict
        return term

    def __getitem__(self, name: str) -> str:
        return getattr(self, name)


_KG, _RDF, _RDFS, _SKOS, _DCTERMS, _PROV, _SCHEMA, _XSD, _FABIO = (
    _Terms(ns) for ns in (KG, RDF, RDFS, SKOS, DCTERMS, PROV, SCHEMA, XSD, FABIO))
_A = _RDF.type


def _safe_iri(url: str) -> str | None:
    """A URL from the text as an IRI term (see :func:`kg.rdf.iri.web_iri`), or None when it cannot be one."""
    iri = web_iri(url)
    return None if iri is None else f"<{iri}>"


def _decimal(x: float) -> str:
    """A confidence to three decimals (0.750 → "0.75"), as rdflib normalizes it ("nan" → "NaN")."""
    return _decimal_term(f"{x:.3f}")


@cache
def _decimal_term(text: str) -> str:
    """The literal of :func:`_decimal` for the confidence written with three decimals (a few hundred in all)."""
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return _typed(format(Decimal(text), "f"), _XSD.decimal)


def _number(x: float) -> str:
    """An exact xsd:decimal as written in the text (6.9 → "6.9", 6.0 → "6", 0.01 → "0.01")."""
    return _typed(format(Decimal(repr(float(x))).normalize(), "f"), _XSD.decimal)


def _integer(n: int) -> str:
    return f'"{n}"^^{_XSD.integer}'


class Iris:
    """Instance IRIs under a base (``--base-iri``), as N-Triples terms."""

    def __init__(self, base: str = DEFAULT_BASE_IRI):
        problem = base_iri_problem(base)
        if problem:
            raise InputError(f"--base-iri {base!r}: {problem}")
        if not base.endswith(("/", "#")):
            base += "/"
        self.base = base

    def paper(self, pid: str) -> str:
        return f"<{self.base}paper/{pid}>"

    def entity(self, eid: str) -> str:
        return f"<{self.base}entity/{eid}>"

    def venue(self, name: str) -> str:
        return f"<{self.base}venue/{slug(name)}>"

    def evidence(self, *parts: object) -> str:
        digest = hashlib.sha1("\x1f".join(map(str, parts)).encode("utf-8")).hexdigest()[:16]
        return f"<{self.base}evidence/{digest}>"

    def result(self, *parts: object) -> str:
        digest = hashlib.sha1("\x1f".join(map(str, parts)).encode("utf-8")).hexdigest()[:16]
        return f"<{self.base}result/{digest}>"

    def build(self, build_id: str) -> str:
        return f"<{self.base}build/{build_id}>"

    def software(self, version: str) -> str:
        return f"<{self.base}software/kg/{slug(version)}>"

    def node(self, graph: KnowledgeGraph, node_id: str) -> str:
        return self.paper(node_id) if graph.is_paper(node_id) else self.entity(node_id)


def to_rdf(graph: KnowledgeGraph, base_iri: str = DEFAULT_BASE_IRI) -> Graph:
    """The export as an rdflib Graph, for scripts and tests (the build renders from :func:`rdf_triples`)."""
    g = Graph()
    for prefix, ns in PREFIXES.items():
        g.bind(prefix, ns)
    terms: dict[str, object] = {}

    def term(text: str):
        out = terms.get(text)
        if out is None:
            out = terms[text] = _rdflib_term(text)
        return out

    for s, p, o in rdf_triples(graph, base_iri):
        g.add((term(s), term(p), term(o)))
    return g


def _rdflib_term(text: str):
    """An N-Triples term as an rdflib term."""
    if text.startswith("<"):
        return URIRef(text[1:-1])
    if text.startswith("_:"):
        return BNode(text[2:])
    end = text.rfind('"')  # inner quotes are escaped, so the last one closes the lexical form
    lexical, rest = _unescape(text[1:end]), text[end + 1:]
    if rest.startswith("^^"):
        return Literal(lexical, datatype=URIRef(rest[3:-1]))
    return Literal(lexical, lang=rest[1:] if rest.startswith("@") else None)


def rdf_triples(graph: KnowledgeGraph, base_iri: str = DEFAULT_BASE_IRI,
                provenance: BuildProvenance | None = None) -> list[Triple]:
    """Every triple of the export, deduplicated, in N-Triples order.

    ``provenance``: the build as a prov:Activity (:mod:`kg.rdf.provenance`); ``kg build`` passes it.
    """
    return list(iter_rdf_triples(graph, base_iri, provenance))


def iter_rdf_triples(graph: KnowledgeGraph, base_iri: str = DEFAULT_BASE_IRI,
                     provenance: BuildProvenance | None = None) -> Iterator[Triple]:
    """The triples of :func:`rdf_triples`, made as it makes them but yielded one by one.

    ``kg build`` writes them straight into ``graph.nt`` and the other RDF exports read that file
    back (:func:`read_ntriples`), so no list of every triple is ever held: as each subject's triples
    are yielded they are freed.
    """
    iris = Iris(base_iri)
    collected = _BySubject()
    add = collected.add
    if provenance is not None:
        _add_provenance(add, provenance, iris)
    for pid in sorted(graph.papers):
        node = graph.papers[pid]
        p = iris.paper(pid)
        add((p, _A, _KG.Paper))
        add((p, _A, _SCHEMA.ScholarlyArticle))
        add((p, _A, _FABIO.Expression))
        add((p, _KG.identifier, _literal(node.paper.id)))
        if node.title:
            add((p, _DCTERMS.title, _literal(node.title)))
        add((p, _RDFS.label, _literal(node.display_title)))
        add((p, _DCTERMS.abstract, _literal(node.abstract)))
        if node.paper.year:
            add((p, _DCTERMS.issued, _typed(str(node.paper.year), _XSD.gYear)))
        if node.paper.venue:
            v = iris.venue(node.paper.venue)
            add((p, _KG.venue, v))
            add((v, _A, _KG.Venue))
            add((v, _RDFS.label, _literal(node.paper.venue)))
        if node.paper.url:  # a landing page that cannot be an IRI (javascript:, a path) stays text, never a link
            add((p, _SCHEMA.url, _safe_iri(node.paper.url) or _literal(node.paper.url)))
        for author in node.paper.authors:
            add((p, _DCTERMS.creator, _literal(author)))
        for kw in node.paper.keywords:
            add((p, _SCHEMA.keywords, _literal(kw)))
        for code in node.code_urls:
            c = _safe_iri(code)
            if c is not None:
                add((p, _SCHEMA.codeRepository, c))
                add((c, _A, _SCHEMA.SoftwareSourceCode))
    for eid in sorted(graph.entities):
        ent = graph.entities[eid]
        e = iris.entity(eid)
        label = _literal(ent.label)
        add((e, _A, _KG[ent.type]))
        add((e, _RDFS.label, label))
        add((e, _SKOS.prefLabel, label))
        for alias in ent.aliases:
            add((e, _SKOS.altLabel, _literal(alias)))
        add((e, _KG.paperCount, _integer(len(ent.papers))))
        # the SKOS concept (ontology/vocab/*.ttl, ontology/hardware.ttl) of each vocabulary match
        for concept, exact in vocabulary_links(ent.type, ent.label, ent.vocabulary):
            concept_iri = _safe_iri(concept)
            if concept_iri is not None:
                add((e, _SKOS.exactMatch if exact else _SKOS.closeMatch, concept_iri))
    # a link's statement node has a dozen triples, most of the export: only the node's IRI and the
    # link are kept until the nodes are written in IRI order, their triples made then
    statements: list[tuple[str, int]] = []
    for i, link in enumerate(graph.links):
        s, o = iris.node(graph, link.subject), iris.node(graph, link.object)
        add((s, _KG[link.predicate], o))
        ev = link.evidence
        statements.append((iris.evidence(link.subject, link.predicate, link.object, link.paper, ev.section, ev.start,
                                         ev.component), i))
    _add_results(add, graph, iris)
    statements.sort()
    groups = heapq.merge(collected.sorted_groups(), _statement_groups(graph, iris, statements), key=itemgetter(0))
    for s, pairs in groups:  # no subject is in both: a statement node is made only here
        for p, o in pairs:
            yield s, p, o


def _statement_groups(graph: KnowledgeGraph, iris: Iris,
                      statements: list[tuple[str, int]]) -> Iterator[tuple[str, list[tuple[str, str]]]]:
    """Each statement node's (predicate, object) pairs, sorted and deduplicated, in the order of ``statements``.

    Links that give the same node (a relation stated twice at one place) give it the union of their triples.
    """
    i, n = 0, len(statements)
    while i < n:
        st = statements[i][0]
        pairs: set[tuple[str, str]] = set()

        def add(triple: Triple) -> None:
            pairs.add((triple[1], triple[2]))
        while i < n and statements[i][0] == st:
            link = graph.links[statements[i][1]]
            s, o = iris.node(graph, link.subject), iris.node(graph, link.object)
            add((st, _A, _KG.Evidence))
            add((st, _A, _RDF.Statement))
            add((st, _RDF.subject, s))
            add((st, _RDF.predicate, _KG[link.predicate]))
            add((st, _RDF.object, o))
            add((st, _PROV.wasDerivedFrom, iris.paper(link.paper)))
            _add_evidence(add, st, link.evidence)
            i += 1
        yield st, sorted(pairs)


class _BySubject:
    """Triples deduplicated and grouped by subject as they are made; :meth:`sorted_groups` gives them sorted.

    ``sorted(set(triples))``, grouped by subject first: about twice as fast. Most subjects have several
    triples, and sorting whole tuples whose first items tie goes through slow generic tuple comparisons;
    sorting the distinct subjects (strings), then each subject's few (predicate, object) pairs, gives the
    same order with far fewer of them. Grouping as they come (no flat list of every triple made first) and
    keeping one string per distinct term (the same entity IRI, sentence or offset is made for many links)
    took the triples' memory from ~21 to ~15 MB per 1,000 abstracts, the largest part of a big build's peak.
    """

    def __init__(self) -> None:
        self.by_subject: dict[str, set[tuple[str, str]]] = defaultdict(set)
        self.terms: dict[str, str] = {}

    def add(self, triple: Triple) -> None:
        s, p, o = triple
        terms = self.terms
        self.by_subject[terms.setdefault(s, s)].add((p, terms.setdefault(o, o)))

    def sorted_groups(self) -> Iterator[tuple[str, list[tuple[str, str]]]]:
        """Each subject with its (predicate, object) pairs, sorted; each group is freed as it is given."""
        by_subject, self.by_subject, self.terms = self.by_subject, defaultdict(set), {}
        for s in sorted(by_subject):
            yield s, sorted(by_subject.pop(s))


def _add_provenance(add: Callable[[Triple], None], prov: BuildProvenance, iris: Iris) -> None:
    """The build as a prov:Activity: the kg that ran, the pipeline hash, the inputs and (optionally) the time."""
    b, agent = iris.build(prov.id), iris.software(prov.version)
    add((b, _A, _PROV.Activity))
    add((b, _RDFS.label, _literal("kg build")))
    add((b, _PROV.wasAssociatedWith, agent))
    add((b, _KG.pipelineHash, _literal(prov.pipeline_hash)))
    if prov.ended:
        add((b, _PROV.endedAtTime, _typed(prov.ended, _XSD.dateTime)))
    add((agent, _A, _PROV.SoftwareAgent))
    add((agent, _A, _SCHEMA.SoftwareApplication))
    add((agent, _RDFS.label, _literal("kg")))
    add((agent, _SCHEMA.softwareVersion, _literal(prov.version)))
    for name, sha1 in prov.inputs:
        f = f"<urn:sha1:{sha1}>"
        add((b, _PROV.used, f))
        add((f, _A, _PROV.Entity))
        add((f, _RDFS.label, _literal(name)))


def _add_evidence(add: Callable[[Triple], None], node: str, ev) -> None:
    """The evidence literals of a link's statement node or a Result: sentence, offsets, extractor, confidence."""
    add((node, _KG.sentence, _literal(ev.sentence)))
    add((node, _KG.section, _literal(ev.section)))
    add((node, _KG.startOffset, _integer(ev.start)))
    add((node, _KG.endOffset, _integer(ev.end)))
    add((node, _KG.extractor, _literal(ev.component)))
    add((node, _KG.confidence, _decimal(ev.confidence)))


def _add_results(add: Callable[[Triple], None], graph: KnowledgeGraph, iris: Iris) -> None:
    """One kg:Result per quantitative claim, with its own evidence (see ontology/kg.ttl, kg:Result)."""
    for pid in sorted(graph.papers):
        p = iris.paper(pid)
        for q in graph.papers[pid].quantities:
            ev = q.evidence
            r = iris.result(pid, ev.section, ev.start, q.text, q.value, q.unit, q.metric, q.direction, q.baseline)
            add((r, _A, _KG.Result))
            add((r, _RDFS.label, _literal(q.text or f"{q.metric} {q.value}{q.unit}".strip())))
            add((p, _KG.hasResult, r))
            add((r, _KG.reportedIn, p))
            add((r, _PROV.wasDerivedFrom, p))
            if q.subject in graph.entities:
                add((r, _KG.resultOf, iris.entity(q.subject)))
            if q.metric_entity in graph.entities and graph.entities[q.metric_entity].type == "Metric":
                add((r, _KG.metric, iris.entity(q.metric_entity)))
            if q.metric:
                add((r, _KG.metricName, _literal(q.metric)))
            add((r, _KG.value, _number(q.value)))
            if q.low is not None:
                add((r, _KG.lowerValue, _number(q.low)))
            for term, text in ((_KG.unit, q.unit), (_KG.direction, q.direction), (_KG.baseline, q.baseline)):
                if text:
                    add((r, term, _literal(text)))
            for qual in filter(None, q.qualifier.split(", ")):
                add((r, _KG.qualifier, _literal(qual)))
            _add_evidence(add, r, ev)


def _nt(term) -> str:
    """An rdflib term in N-Triples syntax."""
    if isinstance(term, URIRef):
        return f"<{term}>"
    if isinstance(term, Literal):
        text = f'"{_escape(str(term))}"'
        if term.language:
            return f"{text}@{term.language}"
        if term.datatype and term.datatype != XSD.string:
            return f"{text}^^<{term.datatype}>"
        return text
    return f"_:{term}"


def nt_triples(data: Graph | list[Triple]) -> list[Triple]:
    """The triples of :func:`rdf_triples` as they are, or those of an rdflib Graph in the same form and order."""
    if isinstance(data, Graph):
        return sorted({(_nt(s), _nt(p), _nt(o)) for s, p, o in data})
    return data


def _in_order(data: Graph | Iterable[Triple]) -> Iterable[Triple]:
    """:func:`nt_triples`, or the triples of an iterator (:func:`iter_rdf_triples`, :func:`read_ntriples`) as they come."""
    return nt_triples(data) if isinstance(data, (Graph, list)) else data


#: Entries a writer's memo of converted terms keeps before it starts again: the IRIs of evidence and
#: result nodes are unique, so an unbounded memo grew with the corpus (~28 MB per 1,000 abstracts in
#: the Turtle writer) for entries never looked up again. The output does not depend on it.
MEMO_LIMIT = 100_000
_PN_LOCAL = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")


def _compacter(prefixes: dict) -> Callable[[str], str]:
    """IRI text → ``prefix:local`` when a prefix fits, else the IRI text itself (memoized)."""
    by_length = sorted(((str(ns), prefix) for prefix, ns in prefixes.items()), key=lambda x: -len(x[0]))
    memo: dict[str, str] = {}

    def compact(iri: str) -> str:
        out = memo.get(iri)
        if out is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            out = iri
            for ns, prefix in by_length:
                if iri.startswith(ns) and _PN_LOCAL.match(iri[len(ns):]):
                    out = f"{prefix}:{iri[len(ns):]}"
                    break
            memo[iri] = out
        return out
    return compact


def _turtle_terms(prefixes: dict) -> Callable[[str], str]:
    """N-Triples term → Turtle term: IRIs (and datatypes) as prefixed names where possible."""
    compact = _compacter(prefixes)
    iris: dict[str, str] = {}  # memo of IRI terms only: literals are many and mostly unique

    def iri_term(term: str) -> str:
        out = iris.get(term)
        if out is None:
            if len(iris) >= MEMO_LIMIT:
                iris.clear()
            short = compact(term[1:-1])
            out = iris[term] = term if short == term[1:-1] else short
        return out

    def turtle(term: str) -> str:
        if term.startswith("<"):
            return iri_term(term)
        if term.startswith('"') and term.endswith(">"):  # a typed literal: "lexical"^^<datatype>
            end = term.rfind('"')
            return term[:end + 3] + iri_term(term[end + 3:])
        return term
    return turtle


def render_turtle(data: Graph | Iterable[Triple]) -> str:
    """Turtle, subjects and predicates sorted, one statement block per subject: byte-stable."""
    return _rendered(write_turtle, data)


def write_turtle(data: Graph | Iterable[Triple], out: TextIO) -> None:
    """Write the text of :func:`render_turtle` to ``out``, a subject's block at a time."""
    triples = _in_order(data)
    turtle = _turtle_terms(PREFIXES)
    out.write("".join(f"@prefix {prefix}: <{ns}> .\n" for prefix, ns in sorted(PREFIXES.items())))
    write_pieces(_turtle_blocks(triples, turtle), out)


def _turtle_blocks(triples: Iterable[Triple], turtle: Callable[[str], str]) -> Iterator[str]:
    """One statement block per subject, each after an empty line."""
    subject: str | None = None
    by_pred: dict[str, list[str]] = {}
    predicates: dict[str, str] = {_A: "a"}  # predicate term -> Turtle: a few dozen, each made once

    def block(subject: str) -> str:
        preds = sorted(by_pred, key=lambda p: (p != "a", p))
        parts = [f"    {p} " + " ,\n        ".join(by_pred[p]) for p in preds]
        return "\n" + turtle(subject) + "\n" + " ;\n".join(parts) + " .\n"

    for s, p, o in triples:
        if s != subject:
            if subject is not None:
                yield block(subject)
            subject, by_pred = s, {}
        pred = predicates.get(p)
        if pred is None:
            pred = predicates[p] = turtle(p)
        objects = by_pred.get(pred)
        if objects is None:
            objects = by_pred[pred] = []
        objects.append(turtle(o))
    if subject is not None:
        yield block(subject)


def render_ntriples(data: Graph | list[Triple]) -> str:
    """N-Triples, one triple a line, sorted so the file is byte-stable."""
    return _rendered(write_ntriples, data)


def write_ntriples(data: Graph | Iterable[Triple], out: TextIO) -> None:
    """Write the text of :func:`render_ntriples` to ``out``.

    The triples come sorted, and sorting their lines gives the same order (a term
    that is the start of another is followed by a space in its line, and the
    longer term's next character sorts after a space), so the lines are written
    as they come.
    """
    write_pieces((f"{s} {p} {o} .\n" for s, p, o in _in_order(data)), out)


_PIECES_PER_WRITE = 4096


def write_pieces(pieces: Iterable[str], *outs: TextIO) -> None:
    """Write the (non-empty) strings to each of ``outs``, joined a few thousand at a time: far fewer calls."""
    pieces = iter(pieces)
    while chunk := "".join(islice(pieces, _PIECES_PER_WRITE)):
        for out in outs:
            out.write(chunk)


def _rendered(write: Callable[[Any, TextIO], None], data: Graph | Iterable[Triple]) -> str:
    """What ``write`` writes for ``data``, as one string."""
    buf = io.StringIO(newline="\n")
    write(data, buf)
    return buf.getvalue()


def _text(term: str) -> str:
    """The text of a term: an IRI without brackets, a blank node's id, a literal's lexical form."""
    if term.startswith("<"):
        return term[1:-1]
    if term.startswith("_:"):
        return term[2:]
    return _unescape(term[1:term.rfind('"')])


def _jsonld_value(term: str, compact: Callable[[str], str], iri_term: bool = False, depth: int = 4) -> str:
    """An object term as the JSON text of its JSON-LD value, ``depth`` spaces in (4 in a list, 3 alone).

    ``iri_term``: the key is a context term coerced to IRIs ("@type": "@id"), so an IRI is a plain string.
    """
    inner, close = " " * (depth + 1), " " * depth
    if term.startswith("<") or term.startswith("_:"):
        ref = encode_basestring(compact(term[1:-1]) if term.startswith("<") else term)
        return ref if iri_term else '{\n' + inner + '"@id": ' + ref + "\n" + close + "}"
    end = term.rfind('"')
    value = encode_basestring(_unescape(term[1:end]))
    rest = term[end + 1:]
    if rest.startswith("@"):
        return ('{\n' + inner + '"@language": ' + encode_basestring(rest[1:]) + ',\n' + inner + '"@value": '
                + value + "\n" + close + "}")
    if rest.startswith("^^"):
        datatype = encode_basestring(compact(rest[3:-1]))
        return '{\n' + inner + '"@type": ' + datatype + ',\n' + inner + '"@value": ' + value + "\n" + close + "}"
    if iri_term:  # a plain string under an IRI-coerced term would be read as a (relative) IRI
        return '{\n' + inner + '"@value": ' + value + "\n" + close + "}"
    return value


def read_ntriples(path: str | os.PathLike) -> Iterator[Triple]:
    """The triples of an N-Triples file :func:`write_ntriples` wrote, in its order (one per line).

    Its terms are written without spaces but for a literal, which is the object, last on the line.
    """
    with open(path, encoding="utf-8", newline="\n") as fh:
        for line in fh:
            s, p, o = line[:-3].split(" ", 2)
            yield s, p, o


def ntriples_runs(path: str | os.PathLike) -> Iterator[tuple[bytes, int, int]]:
    """``(subject, start, end)``: each subject's run of lines in an N-Triples file of sorted triples, as bytes offsets."""
    start = pos = 0
    subject = None
    with open(path, "rb") as fh:
        for line in fh:
            s = line[:line.index(b" ")]
            if s != subject:
                if subject is not None:
                    yield subject, start, pos
                subject, start = s, pos
            pos += len(line)
    if subject is not None:
        yield subject, start, pos


def _run_triples(chunk: bytes) -> list[Triple]:
    out: list[Triple] = []
    for line in chunk.decode("utf-8").split("\n")[:-1]:
        s, p, o = line[:-2].split(" ", 2)
        out.append((s, p, o))
    return out


def write_jsonld_from_ntriples(path: str | os.PathLike, out: TextIO) -> None:
    """Write the JSON-LD of the sorted N-Triples file ``path`` (as :func:`write_jsonld` of its triples).

    The nodes go in the order of their subjects' text, which differs from the file's where one IRI
    is the start of another (``<…/bert-large>`` sorts before ``<…/bert>``): the runs' offsets are
    listed first (a subject's text in UTF-8 bytes sorts as the text does), then each run is read
    back in text order. Only the subjects and their offsets are held, never the triples.
    """
    texts: list[bytes] = []
    bounds = array("q")
    for subject, start, end in ntriples_runs(path):
        texts.append(subject[1:-1] if subject.startswith(b"<") else subject[2:] if subject.startswith(b"_:")
                     else subject)
        bounds.append(start)
        bounds.append(end)
    context = json.dumps(jsonld_context(), indent=1, sort_keys=True, ensure_ascii=False).replace("\n", "\n ")
    out.write('{\n "@context": ' + context + ',\n "@graph": [')
    if not texts:
        out.write("]\n}\n")
        return
    order = sorted(range(len(texts)), key=texts.__getitem__)  # stable: equal texts in file order
    # as in write_jsonld, a text that two runs share (a blank node and an IRI) is the last run's node
    order = [i for k, i in enumerate(order) if k + 1 == len(order) or texts[order[k + 1]] != texts[i]]
    nodes = _JsonLdNodes()

    def pieces(fh) -> Iterator[str]:
        for n, i in enumerate(order):
            start, end = bounds[2 * i], bounds[2 * i + 1]
            fh.seek(start)
            text = texts[i].decode("utf-8")
            yield ("\n" if n == 0 else ",\n") + nodes.node(text, _run_triples(fh.read(end - start)))

    with open(path, "rb") as fh:
        write_pieces(pieces(fh), out)
    out.write("\n ]\n}\n")


def render_jsonld(data: Graph | list[Triple]) -> str:
    """JSON-LD with the kg prefixes and terms as context, nodes sorted by @id.

    The context defines a term per property (``label``, ``prefLabel``, ``mentions``,
    ``sentence``, …; :data:`kg.rdf.namespaces.JSONLD_TERMS`), IRI-valued ones coerced
    to ``@id``, so the file reads as plain JSON: ``"label": "flow matching"``,
    ``"mentions": ["https://…/entity/flow-matching", …]``. Properties without a term
    keep their compact IRI (``kg:…``). A key with one value holds it alone, with
    several a list, as JSON-LD compaction writes them.

    Written directly instead of through ``json.dumps(indent=1, sort_keys=True,
    ensure_ascii=False)`` (whose indenting encoder is pure Python and slow),
    byte for byte the same text: one node object per subject, its keys sorted.
    """
    return _rendered(write_jsonld, data)


def write_jsonld(data: Graph | list[Triple], out: TextIO) -> None:
    """Write the text of :func:`render_jsonld` to ``out``, a node at a time."""
    triples = nt_triples(data)
    context = json.dumps(jsonld_context(), indent=1, sort_keys=True, ensure_ascii=False).replace("\n", "\n ")
    out.write('{\n "@context": ' + context + ',\n "@graph": [')
    # the nodes go in the order of their subjects' text (without the brackets of an IRI),
    # which is not always the triples' order: each subject's run of triples is found first
    runs: dict[str, tuple[int, int]] = {}  # subject text -> (start, end) of its triples
    start = 0
    for end in range(1, len(triples) + 1):
        if end == len(triples) or triples[end][0] != triples[start][0]:
            runs[_text(triples[start][0])] = (start, end)  # as the text of a node: the last one wins
            start = end
    if not runs:
        out.write("]\n}\n")
        return
    nodes = _JsonLdNodes()
    write_pieces((("\n" if i == 0 else ",\n") + nodes.node(text, triples[slice(*runs[text])])
                  for i, text in enumerate(sorted(runs))), out)
    out.write("\n ]\n}\n")


class _JsonLdNodes:
    """The JSON text of node objects, with the look-ups shared by all nodes memoized."""

    def __init__(self) -> None:
        self.compact = _compacter(PREFIXES)
        self.keys: dict[str, str] = {_A: "@type"}  # predicate term -> JSON key
        self.terms = {f"<{iri}>": (name, is_iri) for name, (iri, is_iri) in JSONLD_TERMS.items()}
        self.iri_keys: set[str] = set()  # keys whose values are IRIs written as plain strings
        self.types: dict[str, str] = {}  # class term -> JSON text of its name
        self.values: dict[tuple[str, bool, int], str] = {}  # (IRI or typed literal, IRI term, depth) -> JSON text

    def node(self, text: str, triples: list[Triple]) -> str:
        """The node object of one subject (``text``: its :func:`_text`) with its triples."""
        compact, keys = self.compact, self.keys
        objects: dict[str, list[str]] = {}  # JSON key -> object terms
        for _s, p, o in triples:
            key = keys.get(p)
            if key is None:
                name, is_iri = self.terms.get(p, (compact(p[1:-1]), False))
                key = keys[p] = name
                if is_iri:
                    self.iri_keys.add(name)
            items = objects.get(key)
            if items is None:
                items = objects[key] = []
            items.append(o)
        fields = []
        for key in sorted(objects):
            terms = objects[key]
            depth = 3 if len(terms) == 1 else 4
            if key == "@type":
                rendered = [self._type(o) for o in terms]
            else:
                iri_term = key in self.iri_keys
                rendered = [self._value(o, iri_term, depth) for o in terms]
            if len(rendered) == 1:
                fields.append(f"   {encode_basestring(key)}: {rendered[0]}")
            else:
                fields.append(f"   {encode_basestring(key)}: [\n    " + ",\n    ".join(rendered) + "\n   ]")
        subject = triples[0][0]
        node_id = encode_basestring(compact(text) if subject.startswith("<") else subject)
        fields.insert(0, f'   "@id": {node_id}')  # "@id" sorts before "@type" and every prefixed name
        return "  {\n" + ",\n".join(fields) + "\n  }"

    def _type(self, o: str) -> str:
        value = self.types.get(o)
        if value is None:
            value = self.types[o] = encode_basestring(self.compact(_text(o)))
        return value

    def _value(self, o: str, iri_term: bool, depth: int) -> str:
        if o.endswith('"'):  # a plain literal: many and mostly unique, not worth keeping
            return _jsonld_value(o, self.compact, iri_term, depth)
        value = self.values.get((o, iri_term, depth))
        if value is None:
            if len(self.values) >= MEMO_LIMIT:  # result IRIs and offsets are many: bounded (see MEMO_LIMIT)
                self.values.clear()
            value = self.values[(o, iri_term, depth)] = _jsonld_value(o, self.compact, iri_term, depth)
        return value
