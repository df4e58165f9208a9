"""The Python API: ``kg.load_graph`` (networkx) and ``kg.load_rdf`` (rdflib)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest
import rdflib
from rdflib.namespace import RDF

import kg
from kg.api import decode_attrs, rdf_to_networkx
from kg.export.graphml import render_graphml, to_networkx
from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
from kg.errors import InputError, MissingBuildError
from kg.records import ENTITY_TYPES, Evidence, Paper
from kg.rdf.namespaces import KG

ROOT = Path(__file__).resolve().parent.parent


def tiny_graph() -> KnowledgeGraph:
    """Two papers sharing one method; lists with awkward characters."""
    g = KnowledgeGraph()
    for pid, text in (("p-a", "We propose FooNet, a transformer for [bracketed] tasks."),
                      ("p-b", "FooNet is used for image classification.")):
        g.papers[pid] = PaperNode(id=pid, paper=Paper(id=pid, abstract=text, title=f"[Title] {pid}",
                                                      venue="ICML", year=2026),
                                  title=f"[Title] {pid}", abstract=text, code_urls=["https://github.com/x/y"])
    g.entities["foonet"] = Entity(id="foonet", type="Method", label="FooNet", aliases=["Foo-Net", 'a "quoted"; alias'],
                                  papers=["p-a", "p-b"], vocabulary=["https://example.org/m/foonet"])
    g.entities["image-classification"] = Entity(id="image-classification", type="Task", label="[image] classification",
                                                aliases=[], papers=["p-b"])
    ev = Evidence(sentence="FooNet is used for image classification.", start=0, end=41, component="test", confidence=0.9)
    g.links = [
        Link("p-a", "mentions", "foonet", "p-a", Evidence("We propose FooNet.", 0, 18, "test", 0.8)),
        Link("p-b", "mentions", "foonet", "p-b", ev),
        Link("p-b", "mentions", "image-classification", "p-b", ev),
        Link("foonet", "addresses", "image-classification", "p-b", ev),
        Link("foonet", "addresses", "image-classification", "p-b", ev),  # parallel edge kept
    ]
    return g


def _write(tmp_path: Path, graph: KnowledgeGraph) -> Path:
    (tmp_path / "graph.graphml").write_text(render_graphml(graph), encoding="utf-8")
    return tmp_path


def test_import_kg_is_light() -> None:
    code = ("import sys, kg; kg.__version__; "
            "print(sorted(m for m in ('spacy', 'networkx', 'rdflib', 'matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_version_and_exports() -> None:
    assert isinstance(kg.__version__, str) and kg.__version__
    assert callable(kg.load_graph) and callable(kg.load_rdf)
    assert {"load_graph", "load_rdf", "__version__"} <= set(kg.__all__)
    with pytest.raises(AttributeError):
        kg.no_such_thing  # noqa: B018


def test_load_graph_round_trips_the_networkx_view(tmp_path: Path) -> None:
    graph = tiny_graph()
    g = kg.load_graph(_write(tmp_path, graph))
    want = to_networkx(graph)
    assert isinstance(g, nx.MultiDiGraph)
    assert list(g.nodes) == list(want.nodes)
    for n in want:
        assert g.nodes[n] == want.nodes[n], n
    assert sorted((u, v, sorted(d.items())) for u, v, d in g.edges(data=True)) == \
        sorted((u, v, sorted(d.items())) for u, v, d in want.edges(data=True))
    assert g.number_of_edges() == 5  # the parallel "addresses" edge survives
    foonet = g.nodes["foonet"]
    assert foonet["aliases"] == ["Foo-Net", 'a "quoted"; alias'] and foonet["papers"] == ["p-a", "p-b"]
    assert g.nodes["image-classification"]["label"] == "[image] classification"  # text never decoded
    assert g.nodes["p-a"]["title"] == "[Title] p-a" and g.nodes["p-a"]["code"] == ["https://github.com/x/y"]
    assert sorted(k for _, _, k in g.edges(keys=True) if k) == [1]  # plain int keys


def test_load_graph_accepts_file_paths(tmp_path: Path) -> None:
    d = _write(tmp_path, tiny_graph())
    a, b = kg.load_graph(d), kg.load_graph(d / "graph.graphml")
    assert nx.utils.graphs_equal(a, b)
    assert kg.load_graph(str(d)).number_of_nodes() == 4


def test_decode_attrs() -> None:
    out = decode_attrs({"aliases": '["a", "b"]', "papers": "", "label": "[x]", "other": "[not json", "n": 3})
    assert out == {"aliases": ["a", "b"], "papers": [], "label": "[x]", "other": "[not json", "n": 3}


def test_load_graph_on_the_example_build(example_build: Path) -> None:
    g = kg.load_graph(example_build)
    raw = nx.read_graphml(example_build / "graph.graphml", force_multigraph=True)
    assert g.number_of_nodes() == raw.number_of_nodes() > 100
    assert g.number_of_edges() == raw.number_of_edges() > 100
    types = {d["type"] for _, d in g.nodes(data=True)}
    assert "Paper" in types and types - {"Paper"} <= set(ENTITY_TYPES)
    for n, d in g.nodes(data=True):
        assert d["label"], n
        if d["type"] != "Paper":
            assert isinstance(d["aliases"], list) and isinstance(d["papers"], list) and d["papers"], n
            assert all(g.nodes[p]["type"] == "Paper" for p in d["papers"])
    for u, v, d in g.edges(data=True):
        assert d["predicate"] and d["paper"] in g and isinstance(d["sentence"], str)
        assert isinstance(d["start"], int) and isinstance(d["confidence"], float)
    papers = [n for n, d in g.nodes(data=True) if d["type"] == "Paper"]
    assert len(papers) == 19


def test_load_graph_from_rdf_matches_graphml(example_build: Path) -> None:
    a = kg.load_graph(example_build)
    b = kg.load_graph(example_build / "graph.ttl")
    assert set(a.nodes) == set(b.nodes)
    keys = ("kind", "type", "label", "title", "venue", "year", "url", "abstract", "code", "aliases", "papers",
            "paper_count")
    for n in a:
        da, db = a.nodes[n], b.nodes[n]
        assert {k: da[k] for k in keys if k in da} == {k: db[k] for k in keys if k in da}, n
        # vocabulary identifiers become IRIs in the RDF, so only their shape is comparable
        assert isinstance(db.get("vocabulary", []), list), n
    edge = lambda d: (d["predicate"], d["paper"], d["start"], d["component"])  # noqa: E731
    assert sorted((u, v, edge(d)) for u, v, d in b.edges(data=True)) == \
        sorted(set((u, v, edge(d)) for u, v, d in a.edges(data=True)))


def test_load_rdf(example_build: Path) -> None:
    rdf = kg.load_rdf(example_build)
    assert isinstance(rdf, rdflib.Graph)
    assert len(set(rdf.subjects(RDF.type, KG.Paper))) == 19
    nt = kg.load_rdf(example_build / "graph.nt")
    assert len(nt) == len(rdf)
    g = rdf_to_networkx(rdf)
    assert g.number_of_nodes() == kg.load_graph(example_build).number_of_nodes()


def _file(name: str, text: str):
    def make(p: Path) -> Path:
        (p / name).write_text(text, encoding="utf-8")
        return p / name
    return make


@pytest.mark.parametrize("setup, error, message", [
    (lambda p: p / "missing", MissingBuildError, "no such file or folder"),
    (lambda p: p, MissingBuildError, "no graph.graphml or graph.ttl here"),
    (_file("bad.graphml", "<graphml><node"), InputError, "not a readable GraphML file"),
    (_file("x.txt", "hello"), InputError, "not a graph file"),
    (_file("bad.ttl", "this is not turtle"), InputError, "not readable as turtle"),
])
def test_load_errors_are_one_line(tmp_path: Path, setup, error: type[Exception], message: str) -> None:
    path = setup(tmp_path)
    with pytest.raises(error) as err:
        kg.load_graph(path)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_load_rdf_errors(tmp_path: Path) -> None:
    with pytest.raises(MissingBuildError, match="no graph.ttl"):
        kg.load_rdf(tmp_path)
    with pytest.raises(MissingBuildError, match="no such file"):
        kg.load_rdf(tmp_path / "nope.ttl")


def test_nested_graphml_falls_back_to_networkx(tmp_path: Path) -> None:
    g = nx.MultiDiGraph()
    g.add_node("a", label="A", type="Method", papers=json.dumps(["p"]))
    g.add_node("p", label="P", type="Paper")
    g.add_edge("p", "a", predicate="mentions")
    path = tmp_path / "g.graphml"
    nx.write_graphml(g, path)
    text = path.read_text(encoding="utf-8").replace("</graph>", '<node id="n"><graph id="sub" edgedefault="directed"/></node></graph>')
    path.write_text(text, encoding="utf-8")
    loaded = kg.load_graph(path)  # the streaming reader hands nested graphs to networkx
    assert loaded.nodes["a"]["papers"] == ["p"] and "n" in loaded
