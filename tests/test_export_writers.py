"""The build's own writers give the bytes of the reference serializers they replace.

GraphML is written directly instead of through networkx, JSON-LD without
``json.dumps(indent=...)``, the RDF from pre-rendered N-Triples terms instead of
rdflib terms: each is checked here against the slow reference on a graph with
hostile text (quotes, markup, control characters, CR, non-ASCII, emoji), ids that
collide and links to nodes the graph does not list.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import networkx as nx
import pyoxigraph as ox
import pytest
import rdflib
from rdflib.namespace import RDF

from kg.atomic import write_atomically
from kg.export.graphml import render_graphml, scalar_copy, to_networkx
import kg.export.graphml
import kg.export.rdf
from kg.export.nquads import evidence_graphs, render_nquads, split_nquads, write_nquads
from kg.export.rdf import (_nt, nt_triples, rdf_triples, render_jsonld, render_ntriples, render_turtle, to_rdf,
                           write_jsonld, write_ntriples, write_turtle)
from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
from kg.records import Evidence, Paper, ResolvedQuantity
from kg.rdf.namespaces import PREFIXES

NASTY = 'He said "hi"\nthen <b>left</b> & wrote \\ \t end\r\x00\x0b\x1c\x7f\u2028 caf\u00e9 🚀 "'


def hostile_graph(odd_ids: bool = False) -> KnowledgeGraph:
    """``odd_ids``: also a link from a node id no IRI can hold (GraphML only)."""
    abstract = f"We propose {NASTY} for testing. It reaches 91.5% accuracy."
    paper = Paper(id="p1", abstract=abstract, title=f"T {NASTY}", venue="ICML & co", year=2026,
                  url="https://example.org/p?a=1&b=2", authors=("A. Ñame", 'B "Q"'), keywords=("k<1>",))
    other = Paper(id="method-x", abstract="Short.", year=None)
    ev = Evidence(sentence=abstract, start=0, end=len(abstract), component="test", confidence=0.75)
    ev2 = Evidence(sentence="", start=3, end=3, component="", confidence=float("nan"), section="title")
    q = ResolvedQuantity(metric="accuracy", value=91.5, unit="%", direction="increase", baseline="", subject="nasty",
                         evidence=ev, qualifier="up to, roughly", low=90.0, metric_entity="acc", text="91.5%")
    g = KnowledgeGraph(
        papers={"p1": PaperNode(id="p1", paper=paper, title=paper.title, abstract=abstract,
                                code_urls=["https://github.com/x/y", "not a url"], quantities=[q]),
                "method-x": PaperNode(id="method-x", paper=other, title="", abstract="Short.")},
        entities={"nasty": Entity(id="nasty", type="Method", label=NASTY, aliases=[NASTY.upper(), ""],
                                  papers=["p1"], vocabulary=["https://paperswithcode.com/method/x"]),
                  "acc": Entity(id="acc", type="Metric", label="accuracy", papers=["p1"]),
                  # an entity with a paper's id: networkx merges the two into one node
                  "method-x": Entity(id="method-x", type="Method", label="X", papers=["method-x"])},
        links=[Link("p1", "mentions", "nasty", "p1", ev), Link("p1", "proposes", "nasty", "p1", ev),
               Link("p1", "proposes", "nasty", "p1", ev2), Link("nasty", "evaluatedOn", "acc", "p1", ev),
               Link("nasty", "uses", "ghost", "p1", ev2), Link("ghost", "uses", "p1", "p1", ev)],
    )
    if odd_ids:
        g.links.append(Link('ghost\r\n<&>"\t', "uses", "p1", "p1", ev))
    return g


def reference_jsonld(g: rdflib.Graph) -> str:
    """The JSON-LD writer kg used before: nodes built from rdflib terms, then ``json.dumps``.

    Keys are the context's terms where it has one (IRI values of ``@id``-coerced terms as strings),
    and a key with one value holds it alone."""
    from kg.rdf.namespaces import JSONLD_TERMS, jsonld_context

    terms = {iri: (name, is_iri) for name, (iri, is_iri) in JSONLD_TERMS.items()}
    namespaces = sorted(((str(ns), p) for p, ns in PREFIXES.items()), key=lambda x: -len(x[0]))

    def compact(iri) -> str:
        text = str(iri)
        for ns, prefix in namespaces:
            if text.startswith(ns) and re.match(r"^[A-Za-z_][A-Za-z0-9_\-]*$", text[len(ns):]):
                return f"{prefix}:{text[len(ns):]}"
        return text

    def value(term) -> object:
        if isinstance(term, rdflib.URIRef):
            return {"@id": compact(term)}
        if isinstance(term, rdflib.Literal):
            if term.language:
                return {"@value": str(term), "@language": term.language}
            if term.datatype:
                return {"@value": str(term), "@type": compact(term.datatype)}
            return str(term)
        return {"@id": f"_:{term}"}

    nodes: dict[str, dict] = {}
    for s, p, o in sorted(g, key=lambda t: tuple(map(_nt, t))):
        node = nodes.setdefault(str(s), {"@id": compact(s) if isinstance(s, rdflib.URIRef) else f"_:{s}"})
        if p == RDF.type:
            node.setdefault("@type", []).append(compact(o))
        else:
            name, is_iri = terms.get(str(p), (compact(p), False))
            v = value(o)
            if is_iri:  # IRIs as plain strings; a plain literal as a value object, or it would read as an IRI
                v = v["@id"] if isinstance(v, dict) and "@id" in v else v if isinstance(v, dict) else {"@value": v}
            node.setdefault(name, []).append(v)
    for node in nodes.values():
        for k, v in node.items():
            if isinstance(v, list) and len(v) == 1:
                node[k] = v[0]
    out = {"@context": jsonld_context(), "@graph": [nodes[k] for k in sorted(nodes)]}
    return json.dumps(out, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def test_triples_match_their_rdflib_form():
    """The pre-rendered terms and rdflib's view of them agree (escapes, datatypes, order)."""
    g = hostile_graph()
    triples = rdf_triples(g, "https://example.org/t/")
    assert triples == sorted(set(triples))
    assert nt_triples(to_rdf(g, "https://example.org/t/")) == triples
    # as rdflib normalizes float("nan")
    assert '"NaN"^^<http://www.w3.org/2001/XMLSchema#decimal>' in render_ntriples(triples)


@pytest.mark.parametrize("render", [render_turtle, render_ntriples, render_jsonld, render_nquads])
def test_writers_take_triples_or_an_rdflib_graph(render):
    g = hostile_graph()
    assert render(rdf_triples(g)) == render(to_rdf(g))


def test_jsonld_is_what_json_dumps_wrote():
    g = hostile_graph()
    assert render_jsonld(rdf_triples(g)) == reference_jsonld(to_rdf(g))
    assert render_jsonld([]) == reference_jsonld(rdflib.Graph())


def test_nquads_parts():
    triples = rdf_triples(hostile_graph())
    default, named = split_nquads(triples)
    assert default + named == render_nquads(triples)
    lines = named.split("\n")[:-1]  # U+2028 in a literal is no line break in N-Quads
    assert lines and all(re.search(r" <[^ ]*/paper/p1> \.$", line) for line in lines)
    assert len(list(ox.parse(default + named, format=ox.RdfFormat.N_QUADS))) == len(triples)


def whole_ntriples(triples) -> str:
    """N-Triples as the build rendered them before they were streamed: every line, sorted."""
    return "".join(sorted(f"{s} {p} {o} .\n" for s, p, o in triples))


def whole_nquads(triples) -> str:
    """N-Quads as the build rendered them before they were streamed: default lines sorted, then (graph, line)."""
    graphs = evidence_graphs(triples)
    default = sorted(f"{s} {p} {o} .\n" for s, p, o in triples if s not in graphs)
    named = sorted((graphs[s], f"{s} {p} {o} {graphs[s]} .\n") for s, p, o in triples if s in graphs)
    return "".join(default) + "".join(line for _graph, line in named)


@pytest.fixture(params=["hostile", "example", "empty"])
def export_triples(request, example_rdf):
    if request.param == "hostile":
        return rdf_triples(hostile_graph())
    return nt_triples(example_rdf) if request.param == "example" else []


def test_streamed_lines_are_the_sorted_lines(export_triples):
    """The writers stream the triples' lines in the triples' order: that is the sorted order of the lines."""
    assert render_ntriples(export_triples) == whole_ntriples(export_triples)
    assert render_nquads(export_triples) == whole_nquads(export_triples)


@pytest.mark.parametrize("pieces_per_write", [1, 3])
def test_streamed_files_do_not_depend_on_the_write_size(tmp_path, monkeypatch, export_triples, pieces_per_write):
    """Written into files a few pieces at a time (as the build does), each export is its whole rendering."""
    whole = {"nt": render_ntriples(export_triples), "nq": render_nquads(export_triples),
             "ttl": render_turtle(export_triples), "jsonld": render_jsonld(export_triples)}
    monkeypatch.setattr(kg.export.rdf, "_PIECES_PER_WRITE", pieces_per_write)
    named = tmp_path / "named.nq"
    with named.open("w", encoding="utf-8", newline="\n") as named_out:
        files = {"nt": write_ntriples, "ttl": write_turtle, "jsonld": write_jsonld,
                 "nq": lambda data, out: write_nquads(data, out, named_out=named_out)}
        write_atomically(tmp_path, {f"graph.{ext}": lambda fh, w=write: w(export_triples, fh)
                                    for ext, write in files.items()})
    for ext, text in whole.items():
        assert (tmp_path / f"graph.{ext}").read_bytes() == text.encode("utf-8")
    assert named.read_bytes() == split_nquads(export_triples)[1].encode("utf-8")


@pytest.mark.parametrize("lines_per_write", [1, 2, 4096])
@pytest.mark.parametrize("graph", [hostile_graph(odd_ids=True), KnowledgeGraph()], ids=["hostile", "empty"])
def test_graphml_is_what_networkx_wrote(graph, lines_per_write, monkeypatch):
    """Also when written a line or two at a time: each piece's line breaks are those of the whole text."""
    monkeypatch.setattr(kg.export.graphml, "_LINES_PER_WRITE", lines_per_write)
    reference = "\n".join(nx.generate_graphml(_xml_safe(scalar_copy(to_networkx(graph))))) + "\n"
    assert render_graphml(graph) == reference


def _xml_safe(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """``g`` with what XML 1.0 forbids replaced by U+FFFD, as kg writes it (networkx writes it as is:
    a file no XML parser reads)."""
    fix = kg.export.graphml._XML_FORBIDDEN.sub

    def clean(v):
        return fix("\ufffd", v) if isinstance(v, str) else v

    out = nx.MultiDiGraph()
    for n, data in g.nodes(data=True):
        out.add_node(clean(n), **{k: clean(v) for k, v in data.items()})
    for u, v, k, data in g.edges(keys=True, data=True):
        out.add_edge(clean(u), clean(v), key=k, **{a: clean(b) for a, b in data.items()})
    return out


def test_files_from_a_generator_wait_for_ready(tmp_path: Path):
    """Nothing is renamed into place when ``ready`` fails, and no temp file is left."""
    (tmp_path / "a.txt").write_text("old", encoding="utf-8")
    rendered = []

    def texts():
        for name in ("a.txt", "b.txt"):
            rendered.append(name)
            yield name, f"new {name}"

    def not_ready():
        raise RuntimeError("store failed")

    with pytest.raises(RuntimeError):
        write_atomically(tmp_path, texts(), ready=not_ready)
    assert rendered == ["a.txt", "b.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]
    assert (tmp_path / "a.txt").read_text(encoding="utf-8") == "old"
    assert write_atomically(tmp_path, texts(), ready=lambda: None) == [tmp_path / "a.txt", tmp_path / "b.txt"]
    assert (tmp_path / "b.txt").read_text(encoding="utf-8") == "new b.txt"
